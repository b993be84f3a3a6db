"""GWaS tactical map overlays: Port Arthur and Chemulpo (20.0-20.5, 7.4; notes M-6, E-31, A-28)."""

from __future__ import annotations

import math
import random
import shutil
import tomllib
from pathlib import Path

import pytest

from navalwar.datapack import bundled_data_dir
from navalwar.errors import DataError, UnknownNameError
from navalwar.games.gwas_1904 import tactical_map as tm
from navalwar.games.gwas_1904.overlay import (
    LABEL_DY,
    LABEL_HALF_WIDTH,
    Overlay,
    adjacent_to_port,
    can_enter,
    derive_hexes,
    entry_refusal,
    fire_allowed,
    grounding_check_needed,
    hex_centre,
    hex_corners,
    hexside,
    home_coast,
    in_port,
    label_anchor,
    label_segment,
    land_fraction,
    line_of_sight,
    load_overlay,
    on_land,
    overlay_names,
    parse_overlay,
    segment_crosses_land,
)
from navalwar.hexgrid import Hex, distance, neighbours, to_pixel

H = tm.hex_of


@pytest.fixture(scope="module")
def pa() -> Overlay:
    return load_overlay("port-arthur")


@pytest.fixture(scope="module")
def ch() -> Overlay:
    return load_overlay("chemulpo")


def labels(hexes: object) -> list[str]:
    return sorted(tm.label(h) for h in hexes)  # type: ignore[attr-defined]


# --------------------------------------------------------------------------- loading


def test_both_overlays_load(pa: Overlay, ch: Overlay) -> None:
    assert overlay_names() == ["chemulpo", "port-arthur"]
    assert (pa.name, pa.port_name, pa.provenance, pa.coast) == (
        "port-arthur",
        "Port Arthur",
        "reconstructed",
        "R",
    )
    assert (ch.name, ch.port_name, ch.provenance, ch.coast) == (
        "chemulpo",
        "Chemulpo",
        "reconstructed",
        "K",
    )
    assert pa.file.endswith("overlays/port-arthur.toml")
    assert len(pa.polygons) == len(pa.polygon_names) == 2
    assert len(ch.polygons) == len(ch.polygon_names) == 14


def test_port_arthur_hexes(pa: Overlay) -> None:
    assert tm.label(pa.port) == "K7"
    assert pa.roadstead == H("K8") == pa.access
    # the Roadstead is a sea hex that contains a little land (the Tiger's Tail shore)
    assert pa.is_sea(H("K8")) and H("K8") in pa.land and H("K8") not in pa.full_land
    assert 0.0 < land_fraction(pa, H("K8")) < 0.1
    assert 0.8 < land_fraction(pa, H("K7")) < 0.95  # the harbor: land around the basins
    assert sorted((tm.label(a), tm.label(b)) for a, b in pa.blocked) == [
        ("J6", "K7"),
        ("P3", "P4"),
        ("P3", "Q4"),
        ("P5", "P6"),
    ]
    assert (len(pa.land), len(pa.full_land)) == (38, 13)
    # sea hexes next to the harbor: K8, L7 and J6 (J7, K6 and L6 are land hexes)
    assert labels(n for n in neighbours(pa.port) if pa.is_sea(n)) == ["J6", "K8", "L7"]
    assert labels(n for n in neighbours(pa.port) if n in pa.full_land) == ["J7", "K6", "L6"]


def test_bs3_column_k_is_sea_at_the_printed_distances(pa: Overlay) -> None:
    """BS3: K11, K13, K14, K15, K17 are 3, 5, 6, 7, 9 hexes from the Roadstead (E-31)."""
    k8 = H("K8")
    got = {lab: distance(k8, H(lab)) for lab in ("K11", "K13", "K14", "K15", "K17")}
    assert got == {"K11": 3, "K13": 5, "K14": 6, "K15": 7, "K17": 9}
    for row in range(9, 18):
        h = H(f"K{row}")
        assert h.q == k8.q  # due south down the column
        assert pa.is_sea(h) and h not in pa.land, f"K{row}"


def test_bs2_and_bs4_sea_room(pa: Overlay) -> None:
    # BS2: the Japanese enter from the south-west edge: all sea, no land
    assert not any(h in pa.land for h in tm.edge_row("SW"))
    # BS2: Novik goes next to the Roadstead, not in the harbor: four sea hexes
    assert labels(n for n in neighbours(H("K8")) if pa.is_sea(n) and n != pa.port) == [
        "J8",
        "K9",
        "L7",
        "L8",
    ]
    # BS4: sea hexes within 3 of the Roadstead, outside the harbor
    near = [h for h in tm.hexes() if distance(h, H("K8")) <= 3 and pa.is_sea(h) and h != pa.port]
    assert len(near) == 30


def test_chemulpo_hexes(ch: Overlay) -> None:
    assert (tm.label(ch.port), tm.label(ch.access), ch.roadstead) == ("M9", "L9", None)
    assert ch.closed_to == frozenset() and ch.port_fire is True
    assert distance(ch.port, tm.CENTRE) == 3
    # BS1: the Japanese set up in the centre mesh (7.21): no centre hex is land
    assert not any(h in ch.full_land for h in tm.centre_hexes())
    assert H("K11") not in ch.land
    assert H("L10") in ch.land  # Palmido (Yodolmi)
    # BS1's escape edges are open sea; the north-east is Korea
    for edge in ("W", "SW", "SE"):
        assert not any(h in ch.land for h in tm.edge_row(edge)), edge
    assert all(h in ch.full_land for h in tm.edge_row("NE"))
    assert sorted((tm.label(a), tm.label(b)) for a, b in ch.blocked) == [
        ("I5", "I6"),
        ("I5", "J5"),
        ("J9", "K10"),
        ("L8", "M8"),
        ("O10", "O11"),
    ]


def test_hex_lists_are_what_the_polygons_imply(pa: Overlay, ch: Overlay) -> None:
    for ov in (pa, ch):
        assert derive_hexes(ov.polygons) == (ov.land, ov.full_land, ov.blocked)
        for h in ov.full_land:
            assert land_fraction(ov, h) >= 0.95
        for h in ov.land - ov.full_land:
            assert 0.0 < land_fraction(ov, h) < 0.95


# --------------------------------------------------------------------------- movement


def test_harbor_connects_only_to_the_roadstead(pa: Overlay) -> None:
    for n in neighbours(pa.port):
        assert can_enter(pa, n, pa.port, "R") is (n == H("K8")), tm.label(n)
        assert can_enter(pa, pa.port, n, "R") is (n == H("K8")), tm.label(n)
    assert "only from K8 (20.41)" in entry_refusal(pa, H("L7"), pa.port, "R")
    assert "only to K8 (20.41)" in entry_refusal(pa, pa.port, H("J6"), "R")


def test_japanese_never_enter_the_harbor(pa: Overlay, ch: Overlay) -> None:
    assert not can_enter(pa, H("K8"), pa.port, "J")
    assert entry_refusal(pa, H("K8"), pa.port, "J") == "J ships may never enter Port Arthur (20.41)"
    # but they may enter the sea hexes next to it (20.41)
    assert can_enter(pa, H("K9"), H("K8"), "J") and can_enter(pa, H("L8"), H("L7"), "J")
    # Chemulpo is neutral: anybody enters, by its one connecting hex (20.5, BS1)
    assert can_enter(ch, H("L9"), ch.port, "J") and can_enter(ch, H("L9"), ch.port, "R")
    assert not can_enter(ch, H("M10"), ch.port, "J")
    assert not can_enter(ch, ch.port, H("M10"), "R")


def test_land_hexes_and_blocked_hexsides(pa: Overlay, ch: Overlay) -> None:
    # a land hex only to beach (7.41, 7.44)
    assert not can_enter(pa, H("K8"), H("J7"), "R")
    assert "only to beach" in entry_refusal(pa, H("K8"), H("J7"), "R")
    assert can_enter(pa, H("K8"), H("J7"), "R", beach=True)
    # 20.3: Muuido fills the J9/K10 hexside; the neighbouring hexside is open
    assert "blocked by land (20.3)" in entry_refusal(ch, H("J9"), H("K10"), "J")
    assert not can_enter(ch, H("K10"), H("J9"), "R")
    assert can_enter(ch, H("J10"), H("K10"), "R")
    assert "not adjacent" in entry_refusal(pa, H("K9"), H("K11"), "R")


# --------------------------------------------------------------------------- grounding


def test_grounding_checks(pa: Overlay, ch: Overlay) -> None:
    # 20.42: Russian local charts next to Port Arthur; 20.41: the Japanese always check there
    for lab in ("K8", "L7", "J6"):
        assert adjacent_to_port(pa, H(lab))
        assert grounding_check_needed(pa, H(lab), "R") is False, lab
        assert grounding_check_needed(pa, H(lab), "J") is True, lab
    # 20.1: elsewhere only in hexes containing land, for both
    assert H("M7") in pa.land and not adjacent_to_port(pa, H("M7"))
    assert grounding_check_needed(pa, H("M7"), "R") and grounding_check_needed(pa, H("M7"), "J")
    assert H("J8") in pa.land and grounding_check_needed(pa, H("J8"), "R")
    for lab in ("K9", "K11", "L8"):
        assert H(lab) not in pa.land
        assert not grounding_check_needed(pa, H(lab), "J") and not grounding_check_needed(
            pa, H(lab), "R"
        )
    # no roll for entering port or beaching
    assert not grounding_check_needed(pa, pa.port, "R")
    assert not grounding_check_needed(pa, H("J7"), "R")
    # Chemulpo: nobody has local charts; Palmido makes L10 a check hex, Muuido K10
    assert grounding_check_needed(ch, H("L10"), "J") and grounding_check_needed(ch, H("L10"), "R")
    assert grounding_check_needed(ch, H("K10"), "R")
    assert not grounding_check_needed(ch, H("L9"), "J")  # the channel: no land in the hex
    assert not grounding_check_needed(ch, H("K11"), "J")
    assert not grounding_check_needed(ch, H("M10"), "J")  # tidal flats are drawn as sea


def test_home_coast(pa: Overlay, ch: Overlay) -> None:
    assert home_coast(pa, "R") and not home_coast(pa, "J")
    assert not home_coast(ch, "R") and not home_coast(ch, "J")


# --------------------------------------------------------------------------- line of sight


def test_line_of_sight_across_the_peninsula_is_blocked(pa: Overlay) -> None:
    # Gulf of Pechili side to the Yellow Sea side of Port Arthur
    assert not line_of_sight(pa, H("J6"), H("L7"))
    assert not line_of_sight(pa, H("J6"), H("K9"))
    # round Cape Laotieshan
    assert not line_of_sight(pa, H("H7"), H("L8"))
    assert not line_of_sight(pa, H("I7"), H("K8"))
    # from the Gulf of Pechili over the Kwantung to the south coast east of Port Arthur
    assert not line_of_sight(pa, H("K5"), H("M8"))


def test_line_of_sight_over_open_water(pa: Overlay, ch: Overlay) -> None:
    assert line_of_sight(pa, H("K8"), H("K17"))
    assert line_of_sight(pa, H("K8"), H("L7"))
    assert line_of_sight(pa, H("J9"), H("N9"))
    assert line_of_sight(pa, H("H10"), H("O10"))
    # J8's name is printed on the Laotieshan shore: the nearest shore point is used (20.2 ¶2)
    assert line_of_sight(pa, H("J8"), H("L8"))
    # Chemulpo: the port sees down the channel to the fairway
    assert line_of_sight(ch, ch.port, H("L9"))
    assert line_of_sight(ch, ch.port, H("L10"))
    assert line_of_sight(ch, ch.port, H("K11"))
    # ... but not behind Yeongjongdo, and Yeongheungdo hides K13 from K11
    assert not line_of_sight(ch, ch.port, H("J8"))
    assert not line_of_sight(ch, H("K11"), H("K13"))


def test_line_of_sight_is_symmetric(pa: Overlay, ch: Overlay) -> None:
    rng = random.Random(4)
    for ov in (pa, ch):
        sea = [h for h in tm.hexes() if ov.is_sea(h)]
        for _ in range(60):
            a, b = rng.sample(sea, 2)
            assert line_of_sight(ov, a, b) == line_of_sight(ov, b, a)
        assert line_of_sight(ov, H("K11"), H("K11"))


def test_line_of_sight_agrees_with_a_brute_force_search(pa: Overlay, ch: Overlay) -> None:
    """Whenever some segment on a grid of label points is clear, the exact search says so."""
    rng = random.Random(9)
    n = 12
    checked = 0
    for ov in (pa, ch):
        coastal = [h for h in ov.land if ov.is_sea(h)]
        sea = [h for h in tm.hexes() if ov.is_sea(h)]
        for _ in range(40):
            a, b = rng.choice(coastal), rng.choice(sea)
            if a == b or distance(a, b) > 6 or line_of_sight(ov, a, b):
                continue
            (p0, p1), (q0, q1) = label_anchor(ov, a), label_anchor(ov, b)
            for i in range(n + 1):
                p = (p0[0] + (p1[0] - p0[0]) * i / n, p0[1] + (p1[1] - p0[1]) * i / n)
                for j in range(n + 1):
                    q = (q0[0] + (q1[0] - q0[0]) * j / n, q0[1] + (q1[1] - q0[1]) * j / n)
                    assert segment_crosses_land(ov, p, q), (tm.label(a), tm.label(b))
            checked += 1
    assert checked >= 10


def _synthetic(*polys: tuple[tuple[float, float], ...]) -> Overlay:
    land, full, blocked = derive_hexes(polys)
    return Overlay(
        name="test",
        title="test",
        port_name="Testport",
        port=H("K1"),
        roadstead=None,
        access=H("K2"),
        coast="K",
        closed_to=frozenset(),
        port_fire=True,
        local_charts=frozenset(),
        approach_checks=frozenset(),
        land=land,
        full_land=full,
        blocked=blocked,
        polygons=polys,
    )


def _box(x0: float, x1: float, y0: float, y1: float) -> tuple[tuple[float, float], ...]:
    return ((x0, y0), (x1, y0), (x1, y1), (x0, y1))


def test_any_line_between_the_names_will_do() -> None:
    """K11 and K14 share a column; their names span x = -0.2..0.2 (A-28 reading)."""
    k11, k14 = H("K11"), H("K14")
    assert label_segment(k11) == ((-LABEL_HALF_WIDTH, LABEL_DY), (LABEL_HALF_WIDTH, LABEL_DY))
    # an islet on the centre line, narrower than the names: a line past it exists
    assert line_of_sight(_synthetic(_box(-0.1, 0.1, 1.5, 1.7)), k11, k14)
    # lopsided: only the right-hand ends of the names see past it
    assert line_of_sight(_synthetic(_box(-0.3, 0.15, 1.5, 1.7)), k11, k14)
    # wider than the names: blocked
    assert not line_of_sight(_synthetic(_box(-0.3, 0.3, 1.5, 1.7)), k11, k14)
    # two staggered islets: no line parallel to the column passes (one needs x <= -0.09 a
    # quarter of the way, the other x >= 0.09 three quarters of the way), but the line from
    # the left end of K11's name to the right end of K14's (x = -0.1, then +0.1) does
    a_third = 0.25 * (4.496 + 0.7) - 0.7  # y a quarter of the way from K11's name to K14's
    b_third = 0.75 * (4.496 + 0.7) - 0.7
    ov = _synthetic(
        _box(-0.09, 0.5, a_third - 0.001, a_third + 0.001),
        _box(-0.5, 0.09, b_third - 0.001, b_third + 0.001),
    )
    assert line_of_sight(ov, k11, k14)
    assert segment_crosses_land(ov, (0.0, -0.7), (0.0, 4.496))  # centre to centre is blocked
    assert segment_crosses_land(ov, (-0.2, -0.7), (-0.2, 4.496))
    # a little wider and no line is clear
    ov = _synthetic(
        _box(-0.11, 0.5, a_third - 0.001, a_third + 0.001),
        _box(-0.5, 0.09, b_third - 0.001, b_third + 0.001),
    )
    assert not line_of_sight(ov, k11, k14)


def test_tangency_does_not_block() -> None:
    tri = ((0.0, 1.0), (1.0, 2.0), (-1.0, 2.0))
    ov = _synthetic(tri)
    # through the apex only
    assert not segment_crosses_land(ov, (-1.0, 1.0), (1.0, 1.0))
    # along an edge
    assert not segment_crosses_land(ov, (-1.0, 2.0), (1.0, 2.0))
    # through the inside
    assert segment_crosses_land(ov, (-1.0, 1.5), (1.0, 1.5))
    assert on_land(ov, (0.0, 1.5)) and not on_land(ov, (0.0, 1.0))


def test_label_on_land_uses_the_nearest_shore_point(pa: Overlay) -> None:
    p, q = label_anchor(pa, H("J8"))
    assert p == q  # a point: the name is printed on land
    (x0, y), (x1, _) = label_segment(H("J8"))
    mid = ((x0 + x1) / 2, y)
    assert on_land(pa, mid) and not on_land(pa, p)
    # the point is on the coast, and no coast point is nearer to the name's middle
    gaps = [_to_segment(p, a, b) for poly in pa.polygons for a, b in _sides(poly)]
    assert min(gaps) < 1e-9
    nearest = min(_to_segment(mid, a, b) for poly in pa.polygons for a, b in _sides(poly))
    assert math.dist(mid, p) == pytest.approx(nearest)
    assert 0.0 < math.dist(mid, p) < 0.5
    # a name over water stays a segment
    assert label_anchor(pa, H("K11")) == label_segment(H("K11"))


def _sides(poly: tuple[tuple[float, float], ...]) -> list[tuple[tuple[float, float], ...]]:
    return [(poly[i], poly[(i + 1) % len(poly)]) for i in range(len(poly))]


def _to_segment(p: tuple[float, float], a: tuple[float, float], b: tuple[float, float]) -> float:
    dx, dy = b[0] - a[0], b[1] - a[1]
    t = max(0.0, min(1.0, ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / (dx * dx + dy * dy)))
    return math.dist(p, (a[0] + t * dx, a[1] + t * dy))


def test_fire_limits(pa: Overlay, ch: Overlay) -> None:
    # 20.43: no fire into or out of Port Arthur harbor, though it is in sight of the Roadstead
    assert in_port(pa, H("K7")) and not in_port(pa, H("K8"))
    assert line_of_sight(pa, H("K7"), H("K8"))
    assert not fire_allowed(pa, H("K8"), H("K7"))
    assert not fire_allowed(pa, H("K7"), H("K8"))
    assert fire_allowed(pa, H("K8"), H("L7"))
    assert not fire_allowed(pa, H("J6"), H("L7"))  # 20.2
    # 20.5: Chemulpo is not a no-battle zone
    assert fire_allowed(ch, ch.port, H("L9")) and fire_allowed(ch, H("L10"), ch.port)
    assert not fire_allowed(ch, ch.port, H("J8"))


# --------------------------------------------------------------------------- geometry


def test_frame_matches_the_renderer() -> None:
    for lab in ("K11", "K8", "A6", "U16", "M9"):
        h = H(lab)
        x, y = to_pixel(h, 40.0)
        cx, cy = hex_centre(h)
        assert (round(cx * 40.0, 9), round(cy * 40.0, 9)) == (round(x, 9), round(y, 9))
    assert hex_centre(H("K8")) == pytest.approx((0.0, -3 * math.sqrt(3)))
    # the hexside K8/K9 is the bottom edge of K8 and the top of K9
    (a, b) = hexside(H("K8"), H("K9"))
    corners = hex_corners(H("K8"))
    assert sorted((round(x, 9), round(y, 9)) for x, y in (a, b)) == sorted(
        (round(x, 9), round(y, 9)) for x, y in corners[1:3]
    )
    with pytest.raises(ValueError):
        hexside(H("K8"), H("K10"))


# --------------------------------------------------------------------------- malformed files


def _override(tmp_path: Path, name: str, edit: str, new: str) -> Path:
    src = bundled_data_dir() / "gwas_1904" / "overlays" / f"{name}.toml"
    text = src.read_text(encoding="utf-8")
    assert edit in text, edit
    target = tmp_path / "gwas_1904" / "overlays"
    target.mkdir(parents=True, exist_ok=True)
    (target / f"{name}.toml").write_text(text.replace(edit, new, 1), encoding="utf-8")
    return tmp_path


@pytest.mark.parametrize(
    ("edit", "new", "path", "words"),
    [
        ('hex = "K7" ', 'hex = "Z99" ', "port.hex", "column letter"),
        ('hex = "K7" ', 'hex = "K30" ', "port.hex", "off the map"),
        ('access = "K8"', 'access = "K9"', "port.access", "adjacent"),
        ('access = "K8"', 'access = "L7"', "port.access", "only from the Roadstead"),
        ('coast = "R"', 'coast = "X"', "port.coast", "unknown coast"),
        ('closed_to = ["J"]', 'closed_to = ["Japan"]', "port.closed_to[0]", "unknown nation"),
        ("fire = false", 'fire = "no"', "port.fire", "true or false"),
        ("fire = false", "fire = false\ncolour = 1", "port.colour", "unknown key"),
        ('"I7", "I8", ', '"I8", ', "hexes.land", "I7"),
        ('"I7", "I8", ', '"I7", "I7", "I8", ', "hexes.land[1]", "twice"),
        ('  ["J6", "K7"],\n', "", "hexes.blocked_hexsides", "missing: J6-K7"),
        ('  ["J6", "K7"],\n', '  ["J6", "K9"],\n', "hexes.blocked_hexsides[0]", "not adjacent"),
        ('provenance = "reconstructed"', 'provenance = "guess"', "meta.provenance", "must be"),
        ('frame = "hex"', 'frame = "lonlat"', "meta.frame", "hex"),
    ],
)
def test_malformed_overlay_files(
    tmp_path: Path, edit: str, new: str, path: str, words: str
) -> None:
    d = _override(tmp_path, "port-arthur", edit, new)
    with pytest.raises(DataError) as err:
        load_overlay("port-arthur", (d,))
    assert err.value.path == path
    assert err.value.file is not None and err.value.file.endswith("port-arthur.toml")
    assert str(d) in err.value.file  # the override, not the bundled file
    assert words in err.value.reason


def test_malformed_polygons(tmp_path: Path) -> None:
    src = bundled_data_dir() / "gwas_1904" / "overlays" / "port-arthur.toml"
    doc = tomllib.loads(src.read_text(encoding="utf-8"))
    bad = dict(doc)
    bad["polygon"] = [dict(doc["polygon"][0]), dict(doc["polygon"][1])]
    bad["polygon"][1]["points"] = [[0, 0], [1, "x"], [1, 1]]
    with pytest.raises(DataError) as err:
        parse_overlay("port-arthur", bad, "f.toml")
    assert (err.value.file, err.value.path) == ("f.toml", "polygon[1].points[1]")
    bad["polygon"][1]["points"] = [[0, 0], [3, 2], [3, 0], [0, 1]]  # a bow tie
    with pytest.raises(DataError) as err:
        parse_overlay("port-arthur", bad, "f.toml")
    assert err.value.path == "polygon[1].points" and "crosses itself" in err.value.reason
    # a third outline off the map is harmless
    ok = dict(doc)
    ok["polygon"] = [
        *doc["polygon"],
        {"name": "islet", "points": [[-20, -30], [-19, -30], [-19, -29]]},
    ]
    assert parse_overlay("port-arthur", ok, "f.toml").polygon_names[2] == "islet"
    # two outlines that overlap must be merged
    bad["polygon"][1] = dict(doc["polygon"][0])
    with pytest.raises(DataError) as err:
        parse_overlay("port-arthur", bad, "f.toml")
    assert err.value.path == "polygon[1]" and "overlap" in err.value.reason
    # moving the coast changes what the hexes must say
    shifted = dict(doc)
    shifted["polygon"] = [dict(doc["polygon"][0]), doc["polygon"][1]]
    shifted["polygon"][0]["points"] = [[x, y + 0.5] for x, y in doc["polygon"][0]["points"]]
    with pytest.raises(DataError) as err:
        parse_overlay("port-arthur", shifted, "f.toml")
    assert err.value.path == "hexes.land"
    assert "does not match the land polygons" in err.value.reason


def test_not_toml(tmp_path: Path) -> None:
    target = tmp_path / "overlays"
    target.mkdir()
    (target / "chemulpo.toml").write_text("[port\n", encoding="utf-8")
    with pytest.raises(DataError) as err:
        load_overlay("chemulpo", (tmp_path,))
    assert "not valid TOML" in str(err.value)
    assert err.value.file == str(target / "chemulpo.toml")


def test_an_override_replaces_the_bundled_overlay(tmp_path: Path) -> None:
    d = _override(tmp_path, "chemulpo", 'title = "Chemulpo"', 'title = "Jinsen"')
    ov = load_overlay("chemulpo", (d,))
    assert ov.title == "Jinsen" and ov.file.startswith(str(tmp_path))
    # a new overlay name in an override directory is listed and loads
    shutil.copy(
        bundled_data_dir() / "gwas_1904" / "overlays" / "chemulpo.toml",
        d / "gwas_1904" / "overlays" / "inchon.toml",
    )
    assert overlay_names((d,)) == ["chemulpo", "inchon", "port-arthur"]
    assert load_overlay("inchon", (d,)).name == "inchon"


def test_unknown_overlay_name_suggests() -> None:
    with pytest.raises(UnknownNameError) as err:
        load_overlay("port-artur")
    assert "did you mean 'port-arthur'?" in str(err.value)
    assert err.value.known == ["chemulpo", "port-arthur"]
    with pytest.raises(UnknownNameError):
        load_overlay("../ships")


def test_overlay_is_hashable_and_frozen(pa: Overlay) -> None:
    assert hash(pa) == hash(load_overlay("port-arthur"))
    with pytest.raises(AttributeError):
        pa.port = Hex(0, 0)  # type: ignore[misc]
