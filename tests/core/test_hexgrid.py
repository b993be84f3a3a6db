"""Properties of the hex geometry core (navalwar.hexgrid)."""

from __future__ import annotations

import math
from itertools import pairwise

import pytest
from hypothesis import given
from hypothesis import strategies as st

from navalwar.errors import DataError, UnknownNameError
from navalwar.games.tokyo_express.geometry import TE_MAP
from navalwar.hexgrid import (
    DIRECTIONS,
    FLAT_TOP_EVEN_LOW,
    ORIGIN,
    POINTY_TOP_EVEN_EAST,
    Arc,
    Hex,
    LineStep,
    MapSpec,
    arc_of,
    bearing,
    distance,
    distances,
    fire_steps,
    from_letters,
    from_pixel,
    from_symmetric,
    heading_to,
    hexes_within,
    letters,
    line,
    line_blocked,
    line_of_fire,
    nearest_distance,
    neighbour,
    neighbours,
    opposite,
    reflect,
    relative_bearing,
    ring,
    rotate,
    symmetric_offset,
    to_pixel,
    turn,
)

coords = st.integers(min_value=-40, max_value=40)
hexes = st.builds(Hex, coords, coords)
headings = st.integers(min_value=0, max_value=5)
small = st.integers(min_value=0, max_value=12)
offsets = st.builds(Hex, st.integers(-12, 12), st.integers(-12, 12))


def _distinct_pair() -> st.SearchStrategy[tuple[Hex, Hex]]:
    return st.tuples(hexes, hexes).filter(lambda p: p[0] != p[1])


# --------------------------------------------------------------------------- Hex value


def test_hex_arithmetic_and_cube() -> None:
    a = Hex(2, -5)
    assert a.s == 3
    assert a.cube == (2, -5, 3)
    assert a + Hex(1, 1) == Hex(3, -4)
    assert a - Hex(1, 1) == Hex(1, -6)
    assert -a == Hex(-2, 5)
    assert a * 3 == Hex(6, -15) == 3 * a == a.scale(3)
    assert Hex.from_cube(1, 2, -3) == Hex(1, 2)
    with pytest.raises(ValueError):
        Hex.from_cube(1, 1, 1)
    assert {Hex(1, 2), Hex(1, 2)} == {Hex(1, 2)}


def test_directions_are_six_distinct_units_in_clockwise_order() -> None:
    assert len(set(DIRECTIONS)) == 6
    assert all(d.length() == 1 for d in DIRECTIONS)
    angles = [bearing(Hex(0, 0), d) for d in DIRECTIONS]
    assert angles == [0.0, 60.0, 120.0, 180.0, 240.0, 300.0]


# --------------------------------------------------------------------------- distance


@given(hexes, hexes)
def test_distance_symmetric(a: Hex, b: Hex) -> None:
    assert distance(a, b) == distance(b, a)


@given(hexes, hexes)
def test_distance_zero_iff_equal(a: Hex, b: Hex) -> None:
    assert (distance(a, b) == 0) == (a == b)


@given(hexes, hexes, hexes)
def test_distance_triangle_inequality(a: Hex, b: Hex, c: Hex) -> None:
    assert distance(a, c) <= distance(a, b) + distance(b, c)


@given(hexes, headings)
def test_neighbour_is_at_distance_one(h: Hex, heading: int) -> None:
    assert distance(h, neighbour(h, heading)) == 1
    assert neighbours(h)[heading] == neighbour(h, heading)
    assert neighbour(neighbour(h, heading), opposite(heading)) == h


# --------------------------------------------------------------------------- headings


@given(headings, st.integers(min_value=-20, max_value=20))
def test_turning_six_times_returns(heading: int, steps: int) -> None:
    h = heading
    for _ in range(6):
        h = turn(h, 1)
    assert h == heading
    assert turn(turn(heading, steps), -steps) == heading
    assert opposite(opposite(heading)) == heading
    assert turn(heading, 3) == opposite(heading)


def test_turn_rejects_bad_heading() -> None:
    with pytest.raises(ValueError):
        turn(6, 1)
    with pytest.raises(ValueError):
        neighbour(Hex(0, 0), -1)


# --------------------------------------------------------------------------- ring, range


@given(hexes, small)
def test_ring_size_and_radius(center: Hex, radius: int) -> None:
    cells = ring(center, radius)
    assert len(cells) == (1 if radius == 0 else 6 * radius)
    assert len(set(cells)) == len(cells)
    assert all(distance(center, h) == radius for h in cells)


@given(hexes, small)
def test_hexes_within_size(center: Hex, n: int) -> None:
    cells = hexes_within(center, n)
    assert len(cells) == 3 * n * (n + 1) + 1
    assert len(set(cells)) == len(cells)
    assert all(distance(center, h) <= n for h in cells)
    assert set(cells) == {h for r in range(n + 1) for h in ring(center, r)}


def test_ring_negative_radius_rejected() -> None:
    with pytest.raises(ValueError):
        ring(Hex(0, 0), -1)
    with pytest.raises(ValueError):
        hexes_within(Hex(0, 0), -1)


# --------------------------------------------------------------------------- line


@given(hexes, hexes)
def test_line_length_and_adjacency(a: Hex, b: Hex) -> None:
    cells = line(a, b)
    assert len(cells) == distance(a, b) + 1
    assert cells[0] == a
    assert cells[-1] == b
    assert all(distance(x, y) == 1 for x, y in pairwise(cells))


# --------------------------------------------------------------------------- rotation, mirror


@given(hexes, hexes, st.integers(min_value=-12, max_value=12))
def test_rotation_preserves_distance_and_composes(h: Hex, c: Hex, k: int) -> None:
    rotated = rotate(h, k, c)
    assert distance(c, rotated) == distance(c, h)
    assert rotate(rotated, -k, c) == h
    assert rotate(h, 6, c) == h


@given(hexes, hexes, headings)
def test_reflect_is_an_involution(h: Hex, c: Hex, heading: int) -> None:
    m = reflect(h, c, heading)
    assert reflect(m, c, heading) == h
    assert distance(c, m) == distance(c, h)


# --------------------------------------------------------------------------- pixels, bearings


@given(hexes, st.floats(min_value=0.5, max_value=40))
def test_pixel_round_trip(h: Hex, size: float) -> None:
    x, y = to_pixel(h, size)
    assert from_pixel(x, y, size) == h


@given(hexes, headings, small.filter(lambda k: k > 0))
def test_bearing_exact_along_rows_and_vertex_lines(h: Hex, heading: int, k: int) -> None:
    ahead = h + DIRECTIONS[heading] * k
    assert relative_bearing(h, heading, ahead) == 0.0
    assert relative_bearing(h, heading, h - DIRECTIONS[heading] * k) == 180.0
    vertex_line = h + (DIRECTIONS[heading] + DIRECTIONS[turn(heading, 1)]) * k
    assert relative_bearing(h, heading, vertex_line) == 30.0
    port_vertex = h + (DIRECTIONS[heading] + DIRECTIONS[turn(heading, -1)]) * k
    assert relative_bearing(h, heading, port_vertex) == -30.0
    assert relative_bearing(h, heading, h + DIRECTIONS[turn(heading, 2)] * k) == 120.0


@given(_distinct_pair(), headings)
def test_bearing_ranges_and_consistency(pair: tuple[Hex, Hex], heading: int) -> None:
    a, b = pair
    absolute = bearing(a, b)
    rel = relative_bearing(a, heading, b)
    assert 0.0 <= absolute < 360.0
    assert -180.0 < rel <= 180.0
    diff = (absolute - 60 * heading - rel) % 360.0
    assert min(diff, 360.0 - diff) < 1e-9


def test_bearing_to_same_hex_rejected() -> None:
    with pytest.raises(ValueError):
        relative_bearing(Hex(1, 1), 0, Hex(1, 1))
    with pytest.raises(ValueError):
        bearing(Hex(1, 1), Hex(1, 1))


# --------------------------------------------------------------------------- arcs


@given(hexes, hexes, headings)
def test_mirrored_target_swaps_port_and_starboard(ship: Hex, target: Hex, heading: int) -> None:
    swap = {
        Arc.PORT: Arc.STARBOARD,
        Arc.STARBOARD: Arc.PORT,
        Arc.BOW: Arc.BOW,
        Arc.STERN: Arc.STERN,
        Arc.SAME_HEX: Arc.SAME_HEX,
    }
    mirrored = reflect(target, ship, heading)
    assert arc_of(ship, heading, mirrored) is swap[arc_of(ship, heading, target)]
    if target != ship:
        rel = relative_bearing(ship, heading, target)
        mirrored_rel = relative_bearing(ship, heading, mirrored)
        if rel == 180.0:
            assert mirrored_rel == 180.0
        else:
            assert math.isclose(mirrored_rel, -rel, abs_tol=1e-9)


@given(_distinct_pair(), headings)
def test_arc_matches_relative_bearing(pair: tuple[Hex, Hex], heading: int) -> None:
    ship, target = pair
    rel = relative_bearing(ship, heading, target)
    expected = (
        Arc.BOW
        if abs(rel) <= 30.0
        else Arc.STERN
        if abs(rel) >= 150.0
        else Arc.STARBOARD
        if rel > 0
        else Arc.PORT
    )
    assert arc_of(ship, heading, target) is expected


@given(hexes, hexes, headings, st.integers(min_value=0, max_value=5))
def test_arc_invariant_under_rotation(ship: Hex, target: Hex, heading: int, k: int) -> None:
    turned = rotate(target, k, ship)
    assert arc_of(ship, turn(heading, k), turned) is arc_of(ship, heading, target)


def test_arc_boundaries_belong_to_bow_and_stern() -> None:
    c = Hex(0, 0)
    # heading 0: the vertex lines of the bow hexside are at ±30°, of the stern at ±150°.
    assert arc_of(c, 0, DIRECTIONS[0] + DIRECTIONS[1]) is Arc.BOW
    assert arc_of(c, 0, DIRECTIONS[0] + DIRECTIONS[5]) is Arc.BOW
    assert arc_of(c, 0, DIRECTIONS[3] + DIRECTIONS[2]) is Arc.STERN
    assert arc_of(c, 0, DIRECTIONS[3] + DIRECTIONS[4]) is Arc.STERN
    assert arc_of(c, 0, DIRECTIONS[1]) is Arc.STARBOARD
    assert arc_of(c, 0, DIRECTIONS[5]) is Arc.PORT
    assert arc_of(c, 0, c) is Arc.SAME_HEX


# --------------------------------------------------------------------------- line of fire


def _segment_hexes_by_sampling(a: Hex, b: Hex) -> set[Hex]:
    """Hexes whose interior contains sample points of the segment (unambiguous ones)."""
    ax, ay = to_pixel(a)
    bx, by = to_pixel(b)
    found: set[Hex] = set()
    m = 64 * distance(a, b)
    for i in range(m):
        t = (i + 0.37) / m
        x, y = ax + (bx - ax) * t, ay + (by - ay) * t
        h = from_pixel(x, y)
        dists = sorted(
            (math.hypot(x - cx, y - cy), c) for c in (h, *neighbours(h)) for cx, cy in [to_pixel(c)]
        )
        if dists[1][0] - dists[0][0] > 1e-6:
            found.add(dists[0][1])
    return found


@given(st.tuples(hexes, offsets))
def test_line_of_fire_matches_dense_sampling(pair: tuple[Hex, Hex]) -> None:
    a, offset = pair
    b = a + offset
    steps = line_of_fire(a, b)
    covered = {h for step in steps for h in step}
    assert a not in covered
    assert b not in covered
    sampled = _segment_hexes_by_sampling(a, b) - {a, b} if a != b else set()
    singles = {step.hexes[0] for step in steps if not step.is_hexside}
    assert singles == sampled


@given(hexes, hexes)
def test_line_of_fire_structure(a: Hex, b: Hex) -> None:
    steps = line_of_fire(a, b)
    n = distance(a, b)
    assert len(steps) >= max(0, n - 1)
    for step in steps:
        if step.is_hexside:
            x, y = step.hexes
            assert distance(x, y) == 1
        else:
            assert len(step.hexes) == 1
    # reversed line visits the same steps in reverse order
    back = line_of_fire(b, a)
    assert [frozenset(s.hexes) for s in back] == [frozenset(s.hexes) for s in reversed(steps)]


@given(hexes, headings, st.integers(min_value=1, max_value=10))
def test_line_along_vertex_direction_grazes_hexsides(a: Hex, heading: int, k: int) -> None:
    left, right = DIRECTIONS[heading], DIRECTIONS[turn(heading, 1)]
    b = a + (left + right) * k
    steps = line_of_fire(a, b)
    assert len(steps) == 2 * k - 1
    for i, step in enumerate(steps):
        base = a + (left + right) * (i // 2)
        if i % 2 == 0:
            assert step.is_hexside
            assert set(step.hexes) == {base + left, base + right}
        else:
            assert step.hexes == (base + left + right,)


def test_line_blocked_rules() -> None:
    a = Hex(0, 0)
    b = (DIRECTIONS[0] + DIRECTIONS[1]) * 2
    side = next(s for s in line_of_fire(a, b) if s.is_hexside)
    one, other = side.hexes
    assert not line_blocked(a, b, lambda h: h == one)
    assert not line_blocked(a, b, lambda h: h == other)
    assert line_blocked(a, b, lambda h: h in side)
    assert line_blocked(a, b, lambda h: h == a + DIRECTIONS[0] + DIRECTIONS[1])
    # endpoints never block, nor does anything between adjacent hexes
    assert not line_blocked(a, b, lambda h: h in (a, b))
    assert not line_blocked(a, DIRECTIONS[2], lambda h: True)
    assert LineStep((one,)).blocked(lambda h: h == one)


# --------------------------------------------------------------------------- map specs


def test_te_label_round_trip_over_whole_map() -> None:
    cells = TE_MAP.hexes()
    assert len(cells) == 16 * 40 + 15 * 39
    assert len(set(cells)) == len(cells)
    for h in cells:
        label = TE_MAP.label(h)
        assert TE_MAP.hex(label) == h
        assert TE_MAP.in_bounds(h)


@given(st.integers(min_value=1, max_value=31), st.integers(min_value=1, max_value=40))
def test_te_label_round_trip_from_labels(col: int, row: int) -> None:
    label = f"{col:02d}{row:02d}"
    h = TE_MAP.hex(label, check_bounds=False)
    assert TE_MAP.label(h) == label
    assert TE_MAP.in_bounds(h) == (col % 2 == 1 or row <= 39)


@pytest.mark.parametrize("bad", ["263", "26355", "26a5", "", " 2635", "-635"])
def test_bad_labels_say_what_a_label_looks_like(bad: str) -> None:
    with pytest.raises(DataError, match=r"4 digits.*'0101'"):
        TE_MAP.hex(bad)


def test_off_map_label_is_refused_unless_asked() -> None:
    with pytest.raises(DataError, match="off the map"):
        TE_MAP.hex("3210")
    assert TE_MAP.label(TE_MAP.hex("3210", check_bounds=False)) == "3210"


def test_heading_names() -> None:
    assert TE_MAP.heading_names == ("N", "NE", "SE", "S", "SW", "NW")
    assert [TE_MAP.heading(n) for n in TE_MAP.heading_names] == list(range(6))
    assert TE_MAP.heading("se") == 2
    assert TE_MAP.heading_name(4) == "SW"
    with pytest.raises(UnknownNameError, match="did you mean 'SE'"):
        TE_MAP.heading("SEE")


def _table(
    offset_parity: str, offset_toward: str
) -> dict[str, tuple[tuple[int, int], tuple[int, int]]]:
    """A valid neighbour table for a column-offset map, derived independently."""
    # For "even, higher" (Tokyo Express), in the clockwise order N, NE, SE, S, SW, NW.
    base = {
        "N": ((-1, 0), (-1, 1)),
        "NE": ((-1, -1), (-1, 0)),
        "SE": ((0, -1), (0, -1)),
        "S": ((1, -1), (1, 0)),
        "SW": ((1, 0), (1, 1)),
        "NW": ((0, 1), (0, 1)),
    }
    out = base
    if offset_parity == "odd":  # swap the roles of odd and even columns
        out = {k: (even, odd) for k, (odd, even) in out.items()}
    if offset_toward == "lower":  # mirror the rows: reverse the clockwise order
        mirrored = {k: ((o[0], -o[1]), (e[0], -e[1])) for k, (o, e) in out.items()}
        out = {k: mirrored[k] for k in ("N", "NW", "SW", "S", "SE", "NE")}
    return out


@pytest.mark.parametrize("parity", ["even", "odd"])
@pytest.mark.parametrize("toward", ["higher", "lower"])
def test_generic_map_spec_round_trip_and_neighbours(parity: str, toward: str) -> None:
    table = _table(parity, toward)
    spec = MapSpec(
        "test",
        neighbours=table,
        cols=(1, 9),
        rows=(1, 8),
        offset_parity=parity,  # type: ignore[arg-type]
        offset_toward=toward,  # type: ignore[arg-type]
        trim_offset_columns=True,
    )
    cells = spec.hexes()
    assert len(cells) == (5 * 8 + 4 * 7 if parity == "even" else 4 * 8 + 5 * 7)
    for h in cells:
        col, row = spec.to_offset(h)
        assert spec.hex(spec.label(h)) == h
        for heading, name in enumerate(spec.heading_names):
            odd_step, even_step = table[name]
            dc, dr = odd_step if col % 2 else even_step
            assert spec.to_offset(neighbour(h, heading)) == (col + dc, row + dr)


def test_inconsistent_neighbour_table_rejected() -> None:
    table = dict(_table("even", "higher"))
    table["S"], table["SW"] = table["SW"], table["S"]
    with pytest.raises(DataError, match="inconsistent"):
        MapSpec("bad", neighbours=table, cols=(1, 5), rows=(1, 5))
    with pytest.raises(DataError, match="adjacent"):
        MapSpec(
            "bad",
            neighbours={**_table("even", "higher"), "N": ((-2, 0), (-2, 0))},
            cols=(1, 5),
            rows=(1, 5),
        )


# --------------------------------------------------------------------------- lettered labels


def test_letters_count_as_printed_maps_do() -> None:
    """A = 1 ... Z = 26, then AA = 27 (GWaS's rows AA-AF, notes M-1)."""
    assert [letters(n) for n in (1, 11, 21, 26, 27, 32, 52, 53, 702, 703)] == [
        "A", "K", "U", "Z", "AA", "AF", "AZ", "BA", "ZZ", "AAA",
    ]  # fmt: skip
    assert from_letters("af") == 32 and from_letters("Zz") == 702
    for bad in ("", "A1", "É", "-"):
        with pytest.raises(ValueError):
            from_letters(bad)
    with pytest.raises(ValueError):
        letters(0)


@given(st.integers(min_value=1, max_value=20_000))
def test_letters_round_trip(n: int) -> None:
    assert from_letters(letters(n)) == n
    assert from_letters(letters(n).lower()) == n


def _row_table(offset_parity: str) -> dict[str, tuple[tuple[int, int], tuple[int, int]]]:
    """The neighbour table of a map whose rows are the offset lines, derived
    independently: with even rows shifted toward higher columns, an even row's
    neighbours above and below are columns c and c+1, an odd row's c-1 and c."""
    table = {
        "NE": ((0, -1), (1, -1)),
        "E": ((1, 0), (1, 0)),
        "SE": ((0, 1), (1, 1)),
        "SW": ((-1, 1), (0, 1)),
        "W": ((-1, 0), (-1, 0)),
        "NW": ((-1, -1), (0, -1)),
    }
    if offset_parity == "odd":
        table = {k: (even, odd) for k, (odd, even) in table.items()}
    return table


@pytest.mark.parametrize("parity", ["even", "odd"])
def test_a_map_whose_rows_are_the_offset_lines_with_lettered_rows(parity: str) -> None:
    """Labels like GWaS's sea areas ("F33": row letters, then the column number)."""
    table = _row_table(parity)
    spec = MapSpec(
        "areas",
        neighbours=table,
        cols=(1, 12),
        rows=(1, 30),
        label="{row:A}{col}",
        lines="rows",
        offset_parity=parity,  # type: ignore[arg-type]
    )
    assert len(spec.hexes()) == 12 * 30
    assert spec.offset("AD12") == (12, 30) and spec.offset("ad12") == (12, 30)
    for h in spec.hexes():
        col, row = spec.to_offset(h)
        assert spec.label(h) == f"{letters(row)}{col}"
        assert spec.hex(spec.label(h)) == h
        assert spec.hex(spec.label(h).lower()) == h
        for heading, name in enumerate(spec.heading_names):
            odd_step, even_step = table[name]
            dc, dr = odd_step if row % 2 else even_step
            n = neighbour(h, heading)
            assert spec.to_offset(n) == (col + dc, row + dr)
            assert heading_to(h, n) == heading
    for bad in ("F", "33F", "F123", "ABC1", "F 3", ""):
        with pytest.raises(DataError, match="row letter A-AD then a column number 1-12"):
            spec.hex(bad)
    with pytest.raises(DataError, match="off the map"):
        spec.hex("AE1")
    with pytest.raises(DataError, match="off the map"):
        spec.hex("F0")


def test_a_hexagonal_map_around_an_origin_label() -> None:
    """GWaS's tactical map: column letters, unpadded row numbers, K11 the origin."""
    table = FLAT_TOP_EVEN_LOW
    spec = MapSpec(
        "hexagon", neighbours=table, cols=(1, 21), rows=(1, 21), label="{col:A}{row}",
        origin="K11", radius=10,
    )  # fmt: skip
    assert spec.hex("K11") == ORIGIN and spec.label(ORIGIN) == "K11"
    assert set(spec.hexes()) == set(hexes_within(ORIGIN, 10))
    assert spec.hex("K1") == spec.hex("K01") == Hex(0, -10)
    assert spec.label(neighbour(ORIGIN, 1)) == "L10"  # K is odd: its NE neighbour is a row up
    assert spec.label(neighbour(ORIGIN, 2)) == "L11"
    for bad in ("K011", "11K", "KK1", " K11"):
        with pytest.raises(DataError, match="a column letter A-U then a row number 1-21"):
            spec.hex(bad)
    with pytest.raises(DataError, match="within 10 of K11"):
        spec.hex("A1")  # in the columns and rows, outside the hexagon
    assert spec.label(spec.hex("A1", check_bounds=False)) == "A1"
    with pytest.raises(ValueError, match="no hexagon label"):
        spec.label(spec.from_offset(0, 5))  # no letter for column 0


def test_label_formats_that_cannot_be_read_are_refused() -> None:
    table = _table("even", "higher")
    for bad in ("{col}{row}", "{col:02}{col:02}", "CCRR", "{col:2}{row}", "{col:A} {row}"):
        with pytest.raises(DataError, match="label format"):
            MapSpec("bad", neighbours=table, cols=(1, 5), rows=(1, 5), label=bad)
    with pytest.raises(DataError, match="no hex"):
        MapSpec("bad", neighbours=table, cols=(1, 5), rows=(1, 5), origin="0909", radius=1)
    # a fixed-width number may come first; a number may follow letters
    spec = MapSpec("ok", neighbours=table, cols=(1, 5), rows=(1, 30), label="{row:02}{col}")
    assert spec.offset("305") == (5, 30) and spec.label(spec.from_offset(5, 3)) == "035"


@given(offsets)
def test_symmetric_offset_maps_back_and_is_the_same_for_every_image(h: Hex) -> None:
    """The image of an offset maps back onto it, and all twelve images of an offset
    (six turns, with and without the mirror) share one smallest image."""
    best, k, mirrored = symmetric_offset(h.q, h.r)
    assert from_symmetric(best, k, mirrored) == h
    assert distance(ORIGIN, best) == distance(ORIGIN, h)
    for t in range(6):
        for image in (rotate(h, t), reflect(rotate(h, t), ORIGIN, 0)):
            assert symmetric_offset(image.q, image.r)[0] == best


@given(offsets)
def test_fire_steps_worked_out_by_symmetry_match_line_of_fire(h: Hex) -> None:
    """fire_steps (one line per symmetric set, mapped back) holds the single hexes and
    the grazed hexsides of line_of_fire from the origin."""
    singles, sides = fire_steps(h.q, h.r)
    steps = line_of_fire(ORIGIN, h)
    assert singles == frozenset(s.hexes[0] for s in steps if not s.is_hexside)
    assert {frozenset(x) for x in sides} == {frozenset(s.hexes) for s in steps if s.is_hexside}


_hexes = st.lists(st.builds(Hex, st.integers(-30, 30), st.integers(-30, 30)), max_size=6)


@given(_hexes, _hexes)
def test_many_distances_are_distance_pair_by_pair(froms: list[Hex], tos: list[Hex]) -> None:
    assert distances(froms, tos) == [distance(a, b) for a in froms for b in tos]
    pairs = [distance(a, b) for a in froms for b in tos]
    assert nearest_distance(froms, iter(tos)) == (min(pairs) if pairs else None)


def test_the_cores_staggered_row_table_matches_its_derivation() -> None:
    """The table GWaS's sea-area grid takes from the core is the one derived here."""
    assert dict(POINTY_TOP_EVEN_EAST) == _row_table("even")
