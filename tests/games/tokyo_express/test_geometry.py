"""Tokyo Express map geometry against every geometric fact the rulebook reveals.

Sources: TE notes Appendix A ("checked against the text") and §4.3 ("What the
text reveals about the map"); each test is named after its rule section.
"""

from __future__ import annotations

from itertools import pairwise

import pytest

from navalwar.errors import DataError
from navalwar.games.tokyo_express.combat import HEAD_ROW, MOUNT_BITS, torpedo_geometry
from navalwar.games.tokyo_express.geometry import (
    TE_MAP,
    arc,
    battery_bears,
    in_heading_row,
    te_hex,
    te_label,
    torpedo_mount_bears,
)
from navalwar.hexgrid import (
    Arc,
    Hex,
    distance,
    hexes_within,
    line_blocked,
    line_of_fire,
    neighbour,
    opposite,
    reflect,
    relative_bearing,
    turn,
)

N, NE, SE, S, SW, NW = (TE_MAP.heading(n) for n in ("N", "NE", "SE", "S", "SW", "NW"))


def step(label: str, heading: str) -> str:
    """The label of the neighbour of ``label`` across the ``heading`` hexside."""
    return te_label(neighbour(te_hex(label), TE_MAP.heading(heading)))


def steps_labels(line: tuple[tuple[Hex, ...], ...]) -> list[set[str]]:
    return [{te_label(h) for h in hexes} for hexes in line]


def lof(a: str, b: str) -> list[set[str]]:
    return steps_labels(tuple(s.hexes for s in line_of_fire(te_hex(a), te_hex(b))))


# --------------------------------------------------------------------------- Appendix A / §4.3


@pytest.mark.parametrize(
    ("origin", "expected"),
    [
        # odd column 21: N (CC-1,RR), NE (CC-1,RR-1), SE (CC,RR-1),
        # S (CC+1,RR-1), SW (CC+1,RR), NW (CC,RR+1)
        (
            "2120",
            {"N": "2020", "NE": "2019", "SE": "2119", "S": "2219", "SW": "2220", "NW": "2121"},
        ),
        # even column 22: N (CC-1,RR+1), NE (CC-1,RR), SE (CC,RR-1),
        # S (CC+1,RR), SW (CC+1,RR+1), NW (CC,RR+1)
        (
            "2220",
            {"N": "2121", "NE": "2120", "SE": "2219", "S": "2320", "SW": "2321", "NW": "2221"},
        ),
    ],
)
def test_appendix_a_neighbour_table(origin: str, expected: dict[str, str]) -> None:
    assert {name: step(origin, name) for name in expected} == expected


def test_appendix_a_compass_is_clockwise_n_ne_se_s_sw_nw() -> None:
    assert TE_MAP.heading_names == ("N", "NE", "SE", "S", "SW", "NW")
    assert [TE_MAP.heading_name(turn(N, k)) for k in range(6)] == list(TE_MAP.heading_names)
    assert TE_MAP.heading_name(opposite(SE)) == "NW"
    h = te_hex("1620")
    # each starboard turn points 60° further clockwise
    for k in range(6):
        assert relative_bearing(h, k, neighbour(h, turn(k, 1))) == 60.0


def test_appendix_a_distance_formula() -> None:
    def cube(label: str) -> tuple[int, int, int]:
        cc, rr = int(label[:2]), int(label[2:])
        x = cc
        z = rr - (cc + (cc & 1)) // 2
        return x, -x - z, z

    labels = ["0101", "0136", "1416", "1420", "1518", "0818", "2125", "1725", "3140", "2639"]
    for a in labels:
        for b in labels:
            ca, cb = cube(a), cube(b)
            expected = max(abs(p - q) for p, q in zip(ca, cb, strict=True))
            assert distance(te_hex(a), te_hex(b)) == expected


def test_4_3_se_is_row_minus_one_and_nw_row_plus_one() -> None:
    for label in ("0925", "1416", "2540", "3127", "0839"):
        cc, rr = label[:2], int(label[2:])
        assert step(label, "SE") == f"{cc}{rr - 1:02d}"
        if TE_MAP.in_bounds(neighbour(te_hex(label), NW)):
            assert step(label, "NW") == f"{cc}{rr + 1:02d}"


def test_4_3_printed_orientation() -> None:
    """Column 01 is the top edge; CC increases downward and RR leftward; 0136 upper left."""
    x01, y01 = TE_MAP.pixel(te_hex("0120"))
    x31, y31 = TE_MAP.pixel(te_hex("3120"))
    assert y01 < y31
    assert abs(x01 - x31) < 1e-9
    xa, ya = TE_MAP.pixel(te_hex("1501"))
    xb, yb = TE_MAP.pixel(te_hex("1540"))
    assert xb < xa
    assert abs(ya - yb) < 1e-9
    xs = [TE_MAP.pixel(h)[0] for h in TE_MAP.hexes()]
    ys = [TE_MAP.pixel(h)[1] for h in TE_MAP.hexes()]
    x, y = TE_MAP.pixel(te_hex("0136"))
    assert y == pytest.approx(min(ys))
    assert x < (min(xs) + max(xs)) / 2  # left half of the top edge
    # Tulagi exit 0106-0902: the "upper righthand corner" (18.0)
    for label in ("0106", "0902"):
        x, y = TE_MAP.pixel(te_hex(label))
        assert x > (min(xs) + max(xs)) / 2
        assert y < (min(ys) + max(ys)) / 2
    # compass N points up and slightly left
    nx, ny = TE_MAP.pixel(neighbour(Hex(0, 0), N))
    assert ny < 0
    assert nx < 0
    assert abs(nx) < abs(ny)


def test_4_3_map_bounds_and_edges() -> None:
    assert len(TE_MAP.hexes()) == 16 * 40 + 15 * 39
    # SE edge 1001-2601 (5.3, 9.6, 11.3, 13.2, 18.0): row 01, nothing beyond to the SE.
    for cc in range(10, 27):
        h = te_hex(f"{cc:02d}01")
        assert not TE_MAP.in_bounds(neighbour(h, SE))
    # SW edge 3127-3140 (11.3, 17.7, 18.0): column 31, nothing beyond to the S or SW.
    for rr in range(27, 41):
        h = te_hex(f"31{rr:02d}")
        assert not TE_MAP.in_bounds(neighbour(h, S))
        assert not TE_MAP.in_bounds(neighbour(h, SW))
    # North edge 0119/0120-0136/0140 (11.2, 17.5): column 01, nothing beyond to the N.
    for rr in range(19, 41):
        assert not TE_MAP.in_bounds(neighbour(te_hex(f"01{rr:02d}"), N))
    # Left ("northwest") edge: 0839, 0940, 2540, 3039 (17.6, 17.7) have no NW neighbour.
    for label in ("0839", "0940", "2540", "3039", "3140", "0140"):
        assert not TE_MAP.in_bounds(neighbour(te_hex(label), NW))


#: Every hex label printed in the rulebook (years, 1500 yards and column 32 removed).
_RULEBOOK_HEX_TEXT = (
    "0106 0119 0120 0124 0125 0131 0132 0135 0136 0140 0236 0535 0536 0616 0716 0815 0818 "
    "0820 0839 0902 0925 0940 1001 1002 1024 1025 1026 1039 1101 1124 1125 1126 1201 1202 "
    "1203 1216 1224 1225 1226 1301 1316 1328 1401 1402 1415 1416 1419 1420 1422 1430 1432 "
    "1434 1439 1501 1518 1527 1601 1602 1621 1622 1623 1701 1725 1727 1802 1926 1927 1933 "
    "2009 2032 2034 2109 2125 2126 2127 2133 2134 2135 2208 2226 2229 2233 2234 2301 2309 "
    "2326 2331 2333 2335 2401 2422 2424 2431 2439 2501 2502 2503 2504 2505 2506 2507 2508 "
    "2509 2532 2540 2601 2603 2605 2607 2609 2629 2631 2632 2633 2635 2639 2730 2732 2733 "
    "2834 3039 3127 3129 3140"
)
RULEBOOK_HEXES = tuple(_RULEBOOK_HEX_TEXT.split())


def test_4_3_every_hex_the_rulebook_names_is_on_the_map() -> None:
    for label in RULEBOOK_HEXES:
        assert TE_MAP.in_bounds(te_hex(label)), label
    # special hexes: arrival 1 = 2540 (16.2), re-entry 2 = 1201 and 4 = 1501 (13.3)
    for label in ("2540", "1201", "1501"):
        assert te_label(te_hex(label)) == label


def test_4_3_bad_labels() -> None:
    with pytest.raises(DataError, match="2 for the column"):
        te_hex("26-35")
    with pytest.raises(DataError, match="off the map"):
        te_hex("0000")
    with pytest.raises(DataError, match="off the map"):
        te_hex("0141")


# --------------------------------------------------------------------------- 3.3 movement


SPEED_7 = (2, 1, 1, 1, 1, 1)  # Movement Chart, Speed 7 (3.4 example)


def _move(start: str, heading: int, schedule: tuple[int, ...], turn_at: tuple[str, int]) -> str:
    """Replay a 60° starboard turn at the start or end of a phase, moving hex by hex.

    Returns the hex at the end of the phase of the turn, where the illustrated
    paths A-F end (3.3 example; two hexes in phase 1 at Speed 7, 3.4).
    """
    h = te_hex(start)
    when, phase = turn_at
    for p, hexes in enumerate(schedule[:phase], start=1):
        if (when, p) == ("start", phase):
            heading = turn(heading, +1)
        for _ in range(hexes):
            h = neighbour(h, heading)
        if (when, p) == ("end", phase):
            heading = turn(heading, +1)
    return te_label(h)


@pytest.mark.parametrize(
    ("turn_at", "end"),
    [
        (("start", 1), "2834"),  # path A
        (("end", 1), "2633"),  # path B
        (("start", 3), "2732"),  # path C
        (("end", 3), "2631"),  # path D
        (("start", 5), "2730"),  # path E
        (("end", 5), "2629"),  # path F
    ],
)
def test_3_3_example_of_60_degree_turn_ralph_talbot_paths(
    turn_at: tuple[str, int], end: str
) -> None:
    assert _move("2635", SE, SPEED_7, turn_at) == end


def test_3_3_ralph_talbot_would_not_reach_path_a_with_another_start_heading() -> None:
    others = {_move("2635", h, SPEED_7, ("start", 1)) for h in range(6) if h != SE}
    assert "2834" not in others


# --------------------------------------------------------------------------- 3.5 / 3.6


def test_3_5_visual_fire_direction_range_distance() -> None:
    assert distance(te_hex("1518"), te_hex("0818")) == 7


def test_3_6_example_of_line_of_fire() -> None:
    atago, nagara = te_hex("2326"), te_hex("2226")
    occupied = {nagara}

    # Honolulu 2127: the straightedge passes through the centre of 2226 -> blocked
    assert lof("2326", "2127") == [{"2226"}]
    assert line_blocked(atago, te_hex("2127"), occupied.__contains__)

    # Jarvis 2126: along the 2225/2226 hexside, only one side occupied -> clear
    steps = line_of_fire(atago, te_hex("2126"))
    assert len(steps) == 1
    assert steps[0].is_hexside
    assert set(steps[0].hexes) == {te_hex("2225"), nagara}
    assert not line_blocked(atago, te_hex("2126"), occupied.__contains__)
    assert line_blocked(atago, te_hex("2126"), {nagara, te_hex("2225")}.__contains__)

    # Patterson 2125: passes only 2225 -> clear
    assert lof("2326", "2125") == [{"2225"}]
    assert not line_blocked(atago, te_hex("2125"), occupied.__contains__)


def _cushing() -> tuple[Hex, int]:
    return te_hex("1620"), NE


def test_3_6_example_of_firing_arcs_cushing_port_mount() -> None:
    ship, heading = _cushing()
    port_broadside = neighbour(ship, turn(heading, -2))  # 120° to port
    ahead_2 = neighbour(neighbour(ship, heading), heading)
    port_bow_half = neighbour(ahead_2, turn(heading, -1))  # -19°
    port_vertex = neighbour(neighbour(ship, heading), turn(heading, -1))  # -30°, bow arc
    heading_row = ahead_2
    starboard_broadside = neighbour(ship, turn(heading, 2))
    starboard_bow_half = reflect(port_bow_half, ship, heading)
    astern = neighbour(neighbour(ship, opposite(heading)), opposite(heading))

    assert arc(ship, heading, port_broadside) is Arc.PORT
    assert arc(ship, heading, port_bow_half) is Arc.BOW
    assert relative_bearing(ship, heading, port_bow_half) < 0
    assert relative_bearing(ship, heading, port_bow_half) == pytest.approx(-19.1, abs=0.05)
    assert relative_bearing(ship, heading, port_vertex) == -30.0
    assert arc(ship, heading, port_vertex) is Arc.BOW
    assert relative_bearing(ship, heading, heading_row) == 0.0

    # first attack, target A in the port broadside: port and centre mounts fire
    assert torpedo_mount_bears("P", ship, heading, port_broadside)
    assert torpedo_mount_bears("C", ship, heading, port_broadside)
    assert not torpedo_mount_bears("S", ship, heading, port_broadside)
    # the port mount's other hexes: the port half of the bow arc and the heading row
    assert torpedo_mount_bears("P", ship, heading, port_bow_half)
    assert torpedo_mount_bears("P", ship, heading, port_vertex)
    assert not torpedo_mount_bears("S", ship, heading, port_bow_half)
    assert not torpedo_mount_bears("S", ship, heading, port_vertex)
    assert torpedo_mount_bears("C", ship, heading, port_bow_half)
    assert torpedo_mount_bears("P", ship, heading, heading_row)
    assert not torpedo_mount_bears("P", ship, heading, starboard_bow_half)
    assert not torpedo_mount_bears("P", ship, heading, starboard_broadside)
    # never the stern arc, never the own hex
    for mount in ("P", "S", "C"):
        assert not torpedo_mount_bears(mount, ship, heading, astern)
        assert not torpedo_mount_bears(mount, ship, heading, ship)


def test_3_6_example_of_firing_arcs_cushing_starboard_mount_second_attack() -> None:
    ship, heading = _cushing()
    b = neighbour(neighbour(neighbour(ship, heading), heading), heading)  # heading row
    c = neighbour(neighbour(ship, turn(heading, 1)), turn(heading, 2))  # starboard broadside
    d = neighbour(neighbour(neighbour(ship, heading), heading), turn(heading, 1))  # stbd bow

    # B is in the heading row: geometrically the starboard mount bears, but only one
    # side mount may fire into this row per combat, and the port mount used it.
    assert in_heading_row(ship, heading, b)
    assert torpedo_mount_bears("S", ship, heading, b)
    # C and D are fair targets for the starboard mount and not in the heading row
    assert arc(ship, heading, c) is Arc.STARBOARD
    assert arc(ship, heading, d) is Arc.BOW
    assert relative_bearing(ship, heading, d) > 0
    for target in (c, d):
        assert torpedo_mount_bears("S", ship, heading, target)
        assert not in_heading_row(ship, heading, target)
        assert not torpedo_mount_bears("P", ship, heading, target)
        assert torpedo_mount_bears("C", ship, heading, target)


def test_3_6_heading_row_excludes_own_hex_and_astern() -> None:
    ship, heading = _cushing()
    assert not in_heading_row(ship, heading, ship)
    assert not in_heading_row(ship, heading, neighbour(ship, opposite(heading)))
    assert not in_heading_row(ship, heading, neighbour(ship, turn(heading, 1)))


def test_3_6_bad_mount_rejected() -> None:
    ship, heading = _cushing()
    with pytest.raises(DataError, match="'P', 'S' or 'C'"):
        torpedo_mount_bears("X", ship, heading, neighbour(ship, heading))  # type: ignore[arg-type]


def test_3_7_primary_battery_arcs() -> None:
    ship, heading = _cushing()
    ahead = neighbour(neighbour(ship, heading), heading)
    astern = neighbour(neighbour(ship, opposite(heading)), opposite(heading))
    beam = neighbour(ship, turn(heading, 2))
    assert battery_bears("bow", ship, heading, ahead)
    assert not battery_bears("bow", ship, heading, astern)
    assert battery_bears("stern", ship, heading, astern)
    assert not battery_bears("stern", ship, heading, ahead)
    for battery in ("bow", "stern"):
        assert battery_bears(battery, ship, heading, beam)
        assert battery_bears(battery, ship, heading, ship)
    with pytest.raises(DataError):
        battery_bears("side", ship, heading, beam)  # type: ignore[arg-type]


# --------------------------------------------------------------------------- 5.4, 6.2, 7.3


def test_5_4_example_of_emergency_turn_hexes() -> None:
    assert step("1126", "S") == "1225"  # shoal
    assert step("1126", "SW") == "1226"  # shoal
    assert step("1126", "SE") == "1125"
    assert step("1125", "S") == "1224"  # land: the lead keeps heading SE
    assert step("1125", "SE") == "1124"
    # the second ship of the column, at 1026 heading S, enters 1126
    assert step("1026", "S") == "1126"


def test_6_2_example_of_line_of_sight() -> None:
    assert lof("1727", "1328") == [{"1627"}, {"1527"}, {"1528"}, {"1427"}]
    assert all(not s.is_hexside for s in line_of_fire(te_hex("1727"), te_hex("1328")))
    land = {te_hex("1527")}
    assert line_blocked(te_hex("1727"), te_hex("1328"), land.__contains__)
    assert line_blocked(te_hex("1328"), te_hex("1727"), land.__contains__)


def test_7_3_hidden_force_deployment_shift() -> None:
    assert step("1622", "SE") == "1621"  # forward
    assert step("1622", TE_MAP.heading_name(opposite(SE))) == "1623"  # astern: land


# --------------------------------------------------------------------------- 9.1, 9.6


def test_9_1_example_of_line_of_fire_bearings() -> None:
    washington = te_hex("2135")
    rel = {
        t: relative_bearing(washington, SE, te_hex(t))
        for t in ("2134", "2133", "2032", "2233", "2034", "2234")
    }
    assert rel["2134"] == 0.0
    assert rel["2133"] == 0.0
    assert rel["2032"] == pytest.approx(-19.1, abs=0.05)
    assert rel["2233"] == 30.0
    assert rel["2034"] == -60.0
    assert rel["2234"] == 60.0
    assert arc(washington, SE, te_hex("2233")) is Arc.BOW  # on the vertex line
    assert arc(washington, SE, te_hex("2034")) is Arc.PORT
    assert arc(washington, SE, te_hex("2234")) is Arc.STARBOARD


def test_9_1_example_of_line_of_fire_south_dakota_heading_se() -> None:
    washington, south_dakota = te_hex("2135"), te_hex("2134")
    blocked = {south_dakota}.__contains__
    # the hex row directly ahead is blocked
    assert in_heading_row(washington, SE, te_hex("2133"))
    assert line_blocked(washington, te_hex("2133"), blocked)
    # 2233 lies on the vertex line: the straightedge runs along SD's hexside -> clear
    steps = line_of_fire(washington, te_hex("2233"))
    assert [s.is_hexside for s in steps] == [True]
    assert south_dakota in steps[0]
    assert not line_blocked(washington, te_hex("2233"), blocked)
    # 2032 at 19° to port: the straightedge leaves through the bow hexside into SD's
    # hex, so the clear line the example states comes from the same-column rule (9.1):
    # a column-mate with the same heading blocks only the hex row directly ahead.
    assert lof("2135", "2032") == [{"2134"}, {"2033"}]
    assert not in_heading_row(washington, SE, te_hex("2032"))


def test_9_1_example_of_line_of_fire_south_dakota_heading_ne() -> None:
    washington, south_dakota = te_hex("2135"), te_hex("2134")
    for target in ("2034", "1933", "2234", "2333"):
        assert south_dakota not in {h for s in line_of_fire(washington, te_hex(target)) for h in s}
        assert not line_blocked(washington, te_hex(target), {south_dakota}.__contains__)


def _column_32(label: str) -> Hex:
    """Build a column-32 hex from 3110 with core steps (column 32 is off the map)."""
    start = neighbour(te_hex("3110"), SW)  # 3210
    row = int(label[2:])
    h = start
    for _ in range(row - 10):
        h = neighbour(h, NW)
    return h


def test_9_6_example_of_ship_explosion_distances() -> None:
    formation = {lbl: _column_32(lbl) for lbl in ("3210", "3211", "3213", "3215", "3216")}
    for label, h in formation.items():
        assert te_label(h) == label
        assert h == te_hex(label, check_bounds=False)
        assert not TE_MAP.in_bounds(h)
    chain = ["3210", "3211", "3213", "3215", "3216"]
    assert [distance(formation[a], formation[b]) for a, b in pairwise(chain)] == [
        1,
        2,
        2,
        1,
    ]
    assert distance(formation["3211"], formation["3215"]) == 4


# --------------------------------------------------------------------------- 11.2, 13.3, 16.2, 17.7


def test_11_2_example_of_retirement_movement() -> None:
    yunagi = te_hex("1416")
    assert distance(yunagi, te_hex("1420")) == 4
    assert distance(yunagi, te_hex("1419")) == 3  # within 3: Battle Movement instead
    assert step("1416", "NW") == "1417"
    assert distance(te_hex("1417"), te_hex("1420")) == 3  # NW closes on Maury
    assert step("1416", "N") == "1317"
    assert distance(te_hex("1317"), te_hex("1420")) == 4  # N keeps the distance


def test_13_3_example_reentry_placement() -> None:
    assert step("1201", "NW") == "1202"
    assert step("1202", "NW") == "1203"


def test_16_2_arrival_stacking() -> None:
    arrival, second = te_hex("2540"), te_hex("2439")
    assert distance(arrival, second) == 1
    assert step("2540", "NE") == "2439"  # the text says "to the north"


def test_17_7_example_japanese_convoy() -> None:
    assert step("0925", "S") == "1024"  # forbidden row -> Emergency Turn SW
    assert step("0925", "SW") == "1025"
    off = neighbour(te_hex("2540"), SW)
    assert te_label(off) == "2640"
    assert not TE_MAP.in_bounds(off)
    with pytest.raises(DataError, match="off the map"):
        te_hex("2640")
    assert step("2540", "S") == "2639"
    assert TE_MAP.in_bounds(te_hex("2639"))


# --------------------------------------------------------------------------- 21.1


def test_21_1_example_land_and_radar() -> None:
    us, japanese, savo = te_hex("2424"), te_hex("2125"), te_hex("1725")
    assert arc(us, SE, japanese) is Arc.PORT
    assert relative_bearing(us, SE, japanese) == pytest.approx(-101.0, abs=0.5)
    assert distance(japanese, savo) == 4
    assert arc(us, SE, savo) is Arc.PORT  # the land lies in the same arc
    # positions reversed: the US ship at 2125 heading SE sees 2424 to starboard
    assert arc(japanese, SE, us) is Arc.STARBOARD


def test_torpedo_geometry_is_the_mount_and_row_rules_remembered() -> None:
    """torpedo_geometry (worked out for heading 0 and remembered) gives, from any hex and
    heading, the mounts torpedo_mount_bears allows and the dead-ahead row (TE 3.6)."""
    for start in (Hex(0, 0), Hex(7, -3)):
        for target in hexes_within(start, 8):
            for heading in range(6):
                bits = torpedo_geometry(target.q - start.q, target.r - start.r, heading)
                for mount, bit in MOUNT_BITS.items():
                    bears = torpedo_mount_bears(mount, start, heading, target)  # type: ignore[arg-type]
                    assert bool(bits & bit) == bears
                assert bool(bits & HEAD_ROW) == in_heading_row(start, heading, target)
