"""The Coral Sea map: every map fact of the text (notes M25, §6.5) and the data files."""

from __future__ import annotations

import copy
import importlib.util
import math
import runpy
import sys
from pathlib import Path
from typing import Any

import pytest
from tests.games.coral_sea.air_fixtures import world

from navalwar.datapack import bundled_data_dir, meta_provenance, parse_toml
from navalwar.errors import DataError, UnknownNameError
from navalwar.games.coral_sea.air_bases import Base, counter_problem
from navalwar.games.coral_sea.data import Geography as DataGeography
from navalwar.games.coral_sea.game import compose
from navalwar.games.coral_sea.geography import (
    EDGES,
    Geography,
    Terrain,
    load_geography,
    parse_geography,
    rating,
)
from navalwar.games.coral_sea.units import ALLIES
from navalwar.hexgrid import distance, hexes_within

PACK = bundled_data_dir() / "coral_sea"
SCRIPT = Path(__file__).resolve().parents[3] / "scripts" / "coral_sea_map.py"


@pytest.fixture(scope="module")
def geo() -> Geography:
    return load_geography()


def docs() -> tuple[dict[str, Any], dict[str, Any]]:
    return parse_toml(PACK / "map.toml"), parse_toml(PACK / "bases.toml")


# --------------------------------------------------------------------------- the text's facts

#: Real positions, given here independently of bases.toml (degrees; south, west negative).
REAL = {
    "Port Moresby": (-9.44, 147.18),  # 23.A "Port Moresby (1414)"
    "Rabaul": (-4.20, 152.17),
    "Gasmata": (-6.27, 150.33),
    "Kavieng": (-2.58, 150.81),
    "Lae": (-6.73, 147.00),
    "Salamaua": (-7.05, 147.05),
    "Shortlands": (-7.07, 155.87),
    "Tulagi": (-9.10, 160.15),
    "Deboyne": (-10.72, 152.37),
    "Cloncurry": (-20.67, 140.50),
    "New Caledonia": (-22.27, 166.45),
    "Cooktown": (-15.46, 145.19),
    "Cairns": (-16.89, 145.76),
    "Townsville": (-19.25, 146.77),
}


def test_port_moresby_is_1414_with_two_fields(geo: Geography) -> None:
    pm = geo.hex("1414")
    assert geo.place("Port Moresby") == pm
    assert sorted(b.name for b in geo.bases_in(pm)) == ["Port Moresby One", "Port Moresby Two"]
    assert all(b.kind == "airfield" for b in geo.bases_in(pm))
    assert geo.hex_of(*REAL["Port Moresby"]) == pm


def test_4715_exists_and_is_sea(geo: Geography) -> None:
    h = geo.hex("4715")
    assert geo.terrain(h) is Terrain.SEA
    # the Carrier Striking Force came south past the east end of the Solomons (28.4.3):
    # east of San Cristobal, within 4 hexes of 4715
    assert distance(h, geo.place("San Cristobal")) <= 4
    assert geo.hex_of(-10.5, 162.5) in hexes_within(h, 4)


@pytest.mark.parametrize("name", sorted(REAL))
def test_each_named_place_is_in_the_hex_of_its_real_position(geo: Geography, name: str) -> None:
    h = geo.place(name)
    assert geo.hex_of(*REAL[name]) == h
    lat, lon = geo.position(h)  # and the hex's centre is within a hex of it
    x0, y0 = geo.grid.projection().forward(lat, lon)
    x1, y1 = geo.grid.projection().forward(*REAL[name])
    assert math.hypot(x1 - x0, y1 - y0) <= 40 / math.sqrt(3)


def test_every_base_and_place_is_on_the_map_at_its_real_position(geo: Geography) -> None:
    for b in geo.bases:
        assert geo.on_map(b.hex) and geo.hex_of(b.lat, b.lon) == b.hex, b.name
    for p in geo.places:
        assert geo.on_map(p.hex) and geo.hex_of(p.lat, p.lon) == p.hex, p.name


@pytest.mark.parametrize(
    "name",
    ["Port Moresby", "Rabaul", "Gasmata", "Kavieng", "Lae", "Salamaua", "Shortlands", "Tulagi",
     "Deboyne", "New Caledonia", "Buna", "Misima", "Guadalcanal"],
)  # fmt: skip
def test_coastal_and_island_places_are_partial_hexes(geo: Geography, name: str) -> None:
    assert geo.terrain(geo.place(name)) is Terrain.PARTIAL


def test_cloncurry_is_inland_and_takes_only_land_and_carrier_aircraft(geo: Geography) -> None:
    field = geo.base("Cloncurry")
    assert geo.terrain(field.hex) is Terrain.LAND
    assert not geo.is_sea_passable(field.hex)  # 6.B, 15.G
    assert [m for m in "CLRW" if field.accepts(m)] == ["C", "L"]  # 8.E


def test_an_airfield_in_a_partial_hex_takes_every_landing_mode(geo: Geography) -> None:
    assert all(geo.base("Rabaul").accepts(m) for m in "CLRW")  # 8.E
    assert [m for m in "CLRW" if geo.base("Tulagi").accepts(m)] == ["R", "W"]
    with pytest.raises(UnknownNameError):
        geo.base("Rabaul").accepts("X")


def test_new_caledonia_takes_the_pbys(geo: Geography) -> None:
    nc = geo.base("New Caledonia")  # 28.3.4, 28.4.4: "2 x USN PBY-5 in New Caledonia"
    assert nc.accepts("R") and nc.accepts("W") and nc.capacity >= 2


def test_the_scenarios_named_bases_exist(geo: Geography) -> None:
    for name in ("Port Moresby One", "Port Moresby Two", "Cloncurry", "New Caledonia", "Rabaul",
                 "Shortlands", "Tulagi", "Gasmata", "Kavieng", "Lae"):  # fmt: skip
        assert geo.base(name).name == name
    assert geo.base("Tulagi").kind == "seaplane base"  # 28.3.1 "the seaplane base at Tulagi"
    assert geo.place("Rabaul harbor") == geo.place("Rabaul")  # 28.2.3
    with pytest.raises(UnknownNameError):
        geo.base("Port Moresby Three")
    with pytest.raises(UnknownNameError):
        geo.place("Truk")


def test_towns_and_bases_are_bombardment_targets(geo: Geography) -> None:
    assert geo.targets_in(geo.hex("1414")) == (
        "Port Moresby", "Port Moresby One", "Port Moresby Two"
    )  # fmt: skip
    assert geo.targets_in(geo.place("Rabaul")) == ("Rabaul",)  # the town and the field
    assert geo.targets_in(geo.place("Buna")) == ("Buna",)  # a town without a field
    assert geo.targets_in(geo.hex("4715")) == ()
    assert geo.place("Buna") in geo.towns
    # the towns that are no base (25.4.7.A; notes A58): a town named as its field is it
    assert geo.towns_in(geo.hex("1414")) == ("Port Moresby",)
    assert geo.towns_in(geo.place("Rabaul")) == ()
    assert geo.towns_in(geo.place("Buna")) == ("Buna",)
    assert geo.towns_in(geo.place("Samarai")) == ("Samarai",)


def test_australian_fields(geo: Geography) -> None:
    mainland = {b.name for b in geo.bases if b.mainland}  # 21.C: USAAF arrivals
    assert mainland == {"Cooktown", "Cairns", "Townsville", "Cloncurry"}
    assert {b.name for b in geo.bases if b.australian} == mainland | {"Horn Island"}
    assert not geo.base("Port Moresby One").australian  # 18.0 is Australia itself


# --------------------------------------------------------------------------- capacities (6.5)


def capacity(geo: Geography, names: list[str], mode: str | None = None) -> int:
    return sum(geo.base(n).capacity for n in names if mode is None or geo.base(n).accepts(mode))


def test_the_japanese_air_forces_fit_their_fields(geo: Geography) -> None:
    s1 = ["Rabaul", "Gasmata", "Kavieng"]  # 28.1.3, 28.2.3: 21 counters each
    assert capacity(geo, s1) >= 21
    assert capacity(geo, s1, "R") >= 5 and capacity(geo, s1, "L") >= 16
    s4 = ["Gasmata", "Lae", "Shortlands", "Kavieng", "Rabaul", "Tulagi"]
    assert capacity(geo, s4, "L") >= 13 + 14  # 28.4.3 and the Noon 6 May reinforcements


def test_the_allied_air_forces_fit_their_fields(geo: Geography) -> None:
    pm1 = geo.base("Port Moresby One")  # 28.1.4, 28.2.4: 6 x P40 and 2 x PBY-5 there
    assert pm1.capacity >= 8 and pm1.accepts("L") and pm1.accepts("R") and pm1.accepts("W")
    assert geo.base("Cloncurry").capacity >= 2  # 28.2.4: 2 x B-17
    allied = [b.name for b in geo.bases if b.name not in {"Gasmata", "Lae", "Shortlands",
              "Kavieng", "Rabaul", "Tulagi"}]  # fmt: skip
    assert capacity(geo, allied) >= 15 + 2  # 28.4.4


def test_ratings_follow_the_formula(geo: Geography) -> None:
    assert rating("main", 120) == ("A", 20)
    assert rating("operational", 48) == ("B", 8)
    assert rating("forward", 13) == ("C", 3)
    assert rating("advanced", 0) == ("D", 1)
    assert rating("main", 1000) == ("A", 20)
    for b in geo.bases:
        assert (b.letter, b.capacity) == rating(b.support, b.peak_aircraft)
        assert b.rating == f"{b.letter}/{b.capacity}"


# --------------------------------------------------------------------------- edges


def test_the_east_edge_is_cut_and_its_whole_hexes_are_the_next_column(geo: Geography) -> None:
    east = geo.edge_hexes("east")
    assert {geo.label(h)[:2] for h in east} == {"54"} and set(east) <= geo.half_hexes
    whole = geo.edge_hexes("east", full_only=True)
    assert {geo.label(h)[:2] for h in whole} == {"53"}
    assert not set(whole) & geo.half_hexes
    assert all(geo.is_sea_passable(h) for h in whole)  # Allied TFs enter there (A66)
    assert sum(geo.terrain(h) is Terrain.SEA for h in whole) >= 25
    assert geo.distance_to_edge(whole[5], "east") == 0
    assert geo.distance_to_edge(geo.hex("4815"), "east") == 5
    assert geo.distance_to_edge(geo.hex("5415"), "east") == 1  # a half hex is not counted
    assert geo.distance_to_edge(geo.hex("5415"), "east", full_only=False) == 0


def test_the_map_answers_as_the_rules_protocol_says(geo: Geography) -> None:
    """The rules read the map through ``data.Geography`` (no cast in ``compose``): terrain
    words, each base's efficiency letter, any edge name, checked."""
    rules: DataGeography = geo  # the type checker holds the map to the protocol
    assert {rules.terrain(h) for h in geo.spec.hexes()} == {"sea", "partial", "land"}
    assert rules.terrain(geo.hex("1414")) == "partial"  # Port Moresby (8.E)
    for b in rules.bases:
        assert b.efficiency == geo.base(b.name).letter and b.efficiency in "ABCD"
    with pytest.raises(UnknownNameError, match="map edge"):
        rules.edge_hexes("northeast")


def test_allied_set_up_within_five_of_the_east_edge_is_open_sea(geo: Geography) -> None:
    region = [
        h
        for h in geo.sea_passable - geo.half_hexes  # A70: half hexes are not used
        if geo.distance_to_edge(h, "east") <= 5
    ]
    assert len(region) > 100  # 28.4.4
    assert all(
        geo.distance_to_edge(h, "east") == abs(53 - geo.spec.to_offset(h)[0]) for h in region
    )
    assert geo.distance_to_edge(geo.hex("5301"), "east") == 1  # a half hex: 5302 is the nearest


def test_japanese_set_up_regions_are_sea(geo: Geography) -> None:
    near_rabaul = geo.sea_hexes_within(geo.place("Rabaul"), 5)  # 28.4.3
    near_4715 = geo.sea_hexes_within(geo.hex("4715"), 4)
    assert len(near_rabaul) > 30 and len(near_4715) > 40
    assert geo.place("Rabaul") in near_rabaul  # Rabaul harbor, 28.2.3
    assert all(geo.is_sea_passable(h) for h in near_rabaul | near_4715)


def test_the_south_and_north_edges_have_whole_and_half_hexes(geo: Geography) -> None:
    for edge in ("north", "south"):
        all_ = geo.edge_hexes(edge)
        whole = geo.edge_hexes(edge, full_only=True)
        assert len(all_) == 54 and len(whole) == 26  # half of them, less the corner
    north_whole = {geo.label(h) for h in geo.edge_hexes("north", full_only=True)}
    assert "0201" in north_whole and "0101" not in north_whole  # odd columns stand higher
    assert "5401" not in north_whole  # cut by the east border
    south_whole = {geo.label(h) for h in geo.edge_hexes("south", full_only=True)}
    assert "0338" in south_whole and "0238" not in south_whole and "0138" not in south_whole
    assert any(geo.terrain(h) is Terrain.SEA for h in geo.edge_hexes("south", full_only=True))
    with pytest.raises(UnknownNameError):
        geo.edge_hexes("up")  # type: ignore[arg-type]


def test_the_map_spans_the_theatre(geo: Geography) -> None:
    for name in ("Kavieng", "Cloncurry", "New Caledonia", "Horn Island", "Tontouta"):
        assert geo.on_map(geo.place(name))
    assert geo.spec.cols == (1, 54) and geo.spec.rows == (1, 38)
    assert len(geo.spec.hexes()) == 54 * 38
    assert {e: len(geo.edge_hexes(e)) for e in EDGES} == {
        "north": 54, "south": 54, "east": 38, "west": 38
    }  # fmt: skip


# --------------------------------------------------------------------------- weather


def test_squall_entry_hexes_read_the_roll_as_a_column_or_a_row(geo: Geography) -> None:
    north_edge, west_edge = set(geo.edge_hexes("north")), set(geo.edge_hexes("west"))
    for roll in range(2, 13):
        north, west = geo.squall_entry_hexes(roll)  # 5.1.D, notes A8
        assert geo.label(north) == f"{roll:02}01" and north in north_edge
        assert geo.label(west) == f"01{roll:02}" and west in west_edge
    for bad in (1, 13):
        with pytest.raises(ValueError):
            geo.squall_entry_hexes(bad)


def test_squalls_drift_southeast_and_leave_the_map(geo: Geography) -> None:
    start = geo.hex("0701")
    assert geo.southeast(start, 0) == start
    assert geo.label(geo.southeast(start, 1)) == "0801"  # type: ignore[arg-type]
    assert geo.label(geo.southeast(start, 2)) == "0902"  # type: ignore[arg-type]
    lat0, lon0 = geo.position(start)
    lat1, lon1 = geo.position(geo.southeast(start, 6))  # type: ignore[arg-type]
    assert lat1 < lat0 and lon1 > lon0  # south and east
    assert geo.southeast(geo.hex("5320"), 2) is None  # off the east edge: removed (A7)
    with pytest.raises(ValueError):
        geo.southeast(start, -1)


def test_ships_never_enter_all_land(geo: Geography) -> None:
    land = [h for h in geo.spec.hexes() if geo.terrain(h) is Terrain.LAND]
    assert land and not any(geo.is_sea_passable(h) for h in land)
    assert geo.is_sea_passable(geo.place("Port Moresby"))
    with pytest.raises(DataError):
        geo.terrain(geo.spec.from_offset(60, 60))


# --------------------------------------------------------------------------- data files


def test_the_docs_list_every_base_with_its_hex_and_rating(geo: Geography) -> None:
    doc = (Path(__file__).resolve().parents[3] / "docs" / "data" / "coral_sea_map.md").read_text(
        encoding="utf-8"
    )
    for b in geo.bases:
        assert f"| {b.name} | {b.kind} | {b.label} |" in doc and f"| {b.rating} |" in doc
    for p in geo.places:
        assert f"| {p.name} | {p.kind} | {p.label} |" in doc


def test_the_data_files_state_their_provenance() -> None:
    map_doc, bases_doc = docs()
    assert meta_provenance(map_doc, "map.toml") == "reconstructed"
    assert meta_provenance(bases_doc, "bases.toml") == "reconstructed"
    assert "terrain=historical" in map_doc["meta"]["field_provenance"]
    assert map_doc["meta"]["dataset_package"] == "global-land-mask"


def bad(map_doc: dict[str, Any] | None = None, bases_doc: dict[str, Any] | None = None) -> str:
    m, b = docs()
    with pytest.raises(DataError) as info:
        parse_geography(map_doc or m, bases_doc or b, "map.toml", "bases.toml")
    return str(info.value)


def test_a_malformed_map_names_file_and_field() -> None:
    m, _ = docs()
    broken = copy.deepcopy(m)
    broken["terrain"]["05"] = broken["terrain"]["05"][:-1] + "x"
    assert bad(broken).startswith("map.toml: terrain.05: column 54: 'x' is not a terrain")
    short = copy.deepcopy(m)
    short["terrain"]["07"] = "..."
    assert bad(short).startswith("map.toml: terrain.07: must be 54 characters")
    missing = copy.deepcopy(m)
    del missing["terrain"]["38"]
    assert bad(missing).startswith("map.toml: terrain.38: missing")
    wrong = copy.deepcopy(m)
    wrong["grid"]["hex_miles"] = 50.0
    assert bad(wrong).startswith("map.toml: grid.hex_miles: must be 40")
    extra = copy.deepcopy(m)
    extra["grid"]["colour"] = "blue"
    assert bad(extra).startswith("map.toml: grid.colour: unknown key")
    anchor = copy.deepcopy(m)
    anchor["grid"]["anchor"] = "9999"
    assert bad(anchor).startswith("map.toml: grid.anchor:")


def test_a_malformed_bases_file_names_file_and_field() -> None:
    _, b = docs()
    moved = copy.deepcopy(b)
    moved["bases"]["Rabaul"]["hex"] = "2406"
    assert bad(bases_doc=moved).startswith(
        "bases.toml: bases.Rabaul.hex: 2406 does not hold (-4.21, 152.18), which is in hex 2405"
    )
    rated = copy.deepcopy(b)
    rated["bases"]["Lae"]["rating"] = "A/9"
    assert bad(bases_doc=rated).startswith("bases.toml: bases.Lae.rating: must be C/6")
    kind = copy.deepcopy(b)
    kind["bases"]["Cloncurry"]["kind"] = "seaplane base"
    assert bad(bases_doc=kind).startswith("bases.toml: bases.Cloncurry.hex: 0234 is all land")
    typo = copy.deepcopy(b)
    typo["bases"]["Cairns"]["capacty"] = 3
    assert bad(bases_doc=typo).startswith("bases.toml: bases.Cairns.capacty: unknown key")
    label = copy.deepcopy(b)
    label["places"]["Buna"]["hex"] = "16x3"
    assert bad(bases_doc=label).startswith("bases.toml: places.Buna.hex: bad hex label")
    prov = copy.deepcopy(b)
    prov["bases"]["Gasmata"]["provenance"] = "guess"
    assert bad(bases_doc=prov).startswith("bases.toml: bases.Gasmata.provenance: provenance must")


def test_an_override_directory_replaces_the_map(tmp_path: Path) -> None:
    (tmp_path / "coral_sea").mkdir()
    text = (PACK / "bases.toml").read_text(encoding="utf-8")
    (tmp_path / "coral_sea" / "bases.toml").write_text(
        text.replace('rating = "C/6"', 'rating = "B/6"'), encoding="utf-8"
    )
    with pytest.raises(DataError, match=r"bases\.Lae\.rating"):
        load_geography([tmp_path])
    assert load_geography().base("Lae").rating == "C/6"


@pytest.mark.skipif(
    importlib.util.find_spec("global_land_mask") is None,
    reason="the map generator's data set (pip install -e '.[mapgen]') is not installed",
)
def test_the_committed_map_is_what_the_generator_makes(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sys, "argv", [str(SCRIPT), "--check"])
    with pytest.raises(SystemExit) as done:
        runpy.run_path(str(SCRIPT), run_name="__main__")
    assert done.value.code == 0


def test_the_rules_see_the_maps_land_a_tf_counter_never_goes_there() -> None:
    """6.B, 13.B: a TF counter is placed within two hexes of the true hex, never on an
    all-land hex; the rules compare the map's terrain with the protocol's word (with the
    enum they never saw land)."""
    data = compose()
    geog = data.geography
    sea_hexes = {h for h in geog.spec.hexes() if geog.terrain(h) == Terrain.SEA}
    land = next(
        h
        for h in geog.spec.hexes()
        if geog.terrain(h) == Terrain.LAND and sea_hexes.intersection(hexes_within(h, 2))
    )
    sea = min(sea_hexes.intersection(hexes_within(land, 2)), key=lambda h: (h.q, h.r))
    carrier = Base("Lexington", ALLIES, True, "CV", sea, 12, tf="TF1")
    state = world(())
    assert counter_problem(state, data, carrier, sea) is None
    why = counter_problem(state, data, carrier, land)
    assert why is not None and "all-land hex (6.B)" in why
