"""Properties of sea-area graphs (navalwar.areas)."""

from __future__ import annotations

from itertools import pairwise
from string import ascii_uppercase

import pytest
from hypothesis import given
from hypothesis import strategies as st

from navalwar.areas import COASTAL, LAND, PORT, SeaArea, SeaAreaMap
from navalwar.errors import DataError, UnknownNameError
from navalwar.hexgrid import POINTY_TOP_EVEN_EAST, MapSpec, distance

ROWS, COLS = 8, 10  # rows A..H, columns 1..10


def _area_id(row: int, col: int) -> str:
    return f"{ascii_uppercase[row - 1]}{col}"


def _staggered_adjacencies() -> list[tuple[str, str]]:
    """GWaS staggered grid, "even rows shifted east" (GWaS notes M-1)."""
    pairs = []
    for row in range(1, ROWS + 1):
        for col in range(1, COLS + 1):
            if col < COLS:
                pairs.append((_area_id(row, col), _area_id(row, col + 1)))
            if row < ROWS:
                below = (col, col + 1) if row % 2 == 0 else (col - 1, col)
                for c in below:
                    if 1 <= c <= COLS:
                        pairs.append((_area_id(row, col), _area_id(row + 1, c)))
    return pairs


def _open_sea() -> SeaAreaMap:
    areas = [SeaArea(_area_id(r, c)) for r in range(1, ROWS + 1) for c in range(1, COLS + 1)]
    return SeaAreaMap(areas, _staggered_adjacencies())


OPEN_SEA = _open_sea()
ALL_IDS = sorted(OPEN_SEA)
area_ids = st.sampled_from(ALL_IDS)

# The same staggered grid as a hex map: rows are the offset lines, even rows
# shifted toward higher column numbers; used as an independent distance oracle.
ORACLE = MapSpec(
    "staggered",
    neighbours={
        "N": ((-1, 0), (-1, 1)),
        "NE": ((-1, -1), (-1, 0)),
        "SE": ((0, -1), (0, -1)),
        "S": ((1, -1), (1, 0)),
        "SW": ((1, 0), (1, 1)),
        "NW": ((0, 1), (0, 1)),
    },
    cols=(1, ROWS),
    rows=(1, COLS),
)


def _oracle(area_id: str) -> tuple[int, int]:
    return ascii_uppercase.index(area_id[0]) + 1, int(area_id[1:])


@given(area_ids, area_ids)
def test_distance_symmetric_and_matches_hex_distance(a: str, b: str) -> None:
    d = OPEN_SEA.distance(a, b)
    assert d == OPEN_SEA.distance(b, a)
    assert d == distance(ORACLE.from_offset(*_oracle(a)), ORACLE.from_offset(*_oracle(b)))
    assert (d == 0) == (a == b)


@given(area_ids, area_ids, area_ids)
def test_distance_triangle_inequality(a: str, b: str, c: str) -> None:
    ab, bc, ac = OPEN_SEA.distance(a, b), OPEN_SEA.distance(b, c), OPEN_SEA.distance(a, c)
    assert ab is not None and bc is not None and ac is not None
    assert ac <= ab + bc


@given(area_ids, area_ids)
def test_path_is_a_shortest_chain_of_adjacent_areas(a: str, b: str) -> None:
    route = OPEN_SEA.path(a, b)
    assert route is not None
    assert route[0] == a
    assert route[-1] == b
    assert len(route) - 1 == OPEN_SEA.distance(a, b)
    assert all(OPEN_SEA.is_adjacent(x, y) for x, y in pairwise(route))


@given(area_ids, st.integers(min_value=0, max_value=6))
def test_areas_within_matches_distance(a: str, n: int) -> None:
    found = OPEN_SEA.areas_within(a, n)
    expected = {b for b in ALL_IDS if (d := OPEN_SEA.distance(a, b)) is not None and d <= n}
    assert set(found) == expected
    assert all(found[b] == OPEN_SEA.distance(a, b) for b in found)
    assert found[a] == 0


def test_gwas_staggered_neighbours_from_the_examples() -> None:
    # same-row neighbours are west and east (7.22: F32 -> F33); here F4 -> F5.
    assert OPEN_SEA.is_adjacent("F4", "F5")
    # even row (B = 2): neighbours in rows A and C are columns c and c+1
    assert OPEN_SEA.adjacent("B4") == {"B3", "B5", "A4", "A5", "C4", "C5"}
    # odd row (C = 3): columns c-1 and c
    assert OPEN_SEA.adjacent("C4") == {"C3", "C5", "B3", "B4", "D3", "D4"}
    assert not OPEN_SEA.is_adjacent("C4", "A4")


def _island_map() -> SeaAreaMap:
    """A 1-row strait blocked by an island, with a detour through a second row."""
    areas = [
        SeaArea("A1", "West", frozenset({COASTAL}), ports=("Westport",)),
        SeaArea("A2", "Island", frozenset({LAND})),
        SeaArea("A3", "East", frozenset({COASTAL}), ports=("Eastport", "Eastbay")),
        SeaArea("B1", "South-west"),
        SeaArea("B2", "South"),
        SeaArea("B3", "South-east", frozenset({"ice"})),
    ]
    adjacencies = [("A1", "A2"), ("A2", "A3"), ("A1", "B1"), ("B1", "B2"), ("B2", "B3")]
    adjacencies += [("B3", "A3"), ("A2", "B2")]
    return SeaAreaMap(areas, adjacencies)


def test_land_is_never_entered_by_default() -> None:
    m = _island_map()
    assert m.distance("A1", "A3", avoid=()) == 2
    assert m.path("A1", "A3") == ["A1", "B1", "B2", "B3", "A3"]
    assert m.distance("A1", "A3") == 4
    assert m.path("A1", "A2") is None
    assert m.distance("A1", "A2") is None
    assert "A2" not in m.areas_within("A1", 5)
    assert m.areas_within("A1", 5, avoid=())["A2"] == 1
    # other flags can be avoided too; the start area is always allowed
    assert m.path("A1", "A3", avoid=(LAND, "ice")) is None
    assert m.path("A2", "A1") == ["A2", "A1"]


def test_flags_and_ports() -> None:
    m = _island_map()
    assert m.with_flag(COASTAL) == {"A1", "A3"}
    assert m.with_flag(PORT) == {"A1", "A3"}
    assert m.with_flag(LAND) == {"A2"}
    assert m.has_flag("B3", "ice")
    assert not m.has_flag("B2", "ice")
    assert m.port_area("Eastbay") == "A3"
    assert m.area("A1").name == "West"
    assert len(m) == 6
    assert "A1" in m
    assert "Z9" not in m
    with pytest.raises(UnknownNameError, match="did you mean 'Eastport'"):
        m.port_area("Eastprot")


def test_unknown_area_ids_raise() -> None:
    m = _island_map()
    for call in (
        lambda: m.adjacent("A9"),
        lambda: m.path("A1", "Q1"),
        lambda: m.distance("Q1", "A1"),
        lambda: m.areas_within("A7", 1),
        lambda: m.area("a1"),
    ):
        with pytest.raises(UnknownNameError, match="unknown sea area"):
            call()
    with pytest.raises(UnknownNameError, match="unknown sea area 'A4'"):
        SeaAreaMap([SeaArea("A1"), SeaArea("A3")], [("A1", "A4")])


def test_bad_map_data_rejected() -> None:
    with pytest.raises(DataError, match="listed twice"):
        SeaAreaMap([SeaArea("A1"), SeaArea("A1")], [])
    with pytest.raises(DataError, match="adjacent to itself"):
        SeaAreaMap([SeaArea("A1")], [("A1", "A1")])
    with pytest.raises(DataError, match="port 'X'"):
        SeaAreaMap([SeaArea("A1", ports=("X",)), SeaArea("A2", ports=("X",))], [])


# -- maps that are the cells of a grid ---------------------------------------------------------

# The same staggered grid as a printed map whose rows are the offset lines: even rows
# shifted east, ids "F4" (row letters, then the column number), the compass NE first.
GRID = MapSpec(
    "areas",
    neighbours=POINTY_TOP_EVEN_EAST,
    cols=(1, COLS),
    rows=(1, ROWS),
    label="{row:A}{col}",
    lines="rows",
)
GRID_SEA = SeaAreaMap.from_grid(GRID)


def _edges(m: SeaAreaMap) -> set[frozenset[str]]:
    return {frozenset(e) for e in m.graph.edges}


def test_a_grid_map_has_every_cell_and_the_adjacencies_of_the_written_out_grid() -> None:
    assert sorted(GRID_SEA) == ALL_IDS
    assert _edges(GRID_SEA) == _edges(OPEN_SEA)
    assert GRID_SEA.grid is GRID and OPEN_SEA.grid is None


@given(area_ids, st.sampled_from(GRID.heading_names))
def test_grid_directions_name_the_neighbours_both_ways(a: str, d: str) -> None:
    b = GRID_SEA.neighbour(a, d)
    opposite = GRID.heading_names[(GRID.heading(d) + 3) % 6]
    if b is None:  # off the grid's edge
        assert len(GRID_SEA.adjacent(a)) < 6
        return
    assert GRID_SEA.is_adjacent(a, b)
    assert GRID_SEA.direction(a, b) == d
    assert GRID_SEA.direction(b, a) == opposite
    assert GRID_SEA.neighbour(b, opposite) == a


def test_grid_compass_from_the_examples() -> None:
    # even row B: the areas above are columns c and c+1 (north-west, north-east)
    assert GRID_SEA.neighbour("B4", "NW") == "A4" and GRID_SEA.neighbour("B4", "NE") == "A5"
    # odd row C: columns c-1 and c
    assert GRID_SEA.neighbour("C4", "SW") == "D3" and GRID_SEA.neighbour("C4", "SE") == "D4"
    assert GRID_SEA.direction("F4", "F5") == "E"
    assert GRID_SEA.direction("C4", "A4") is None
    assert GRID_SEA.neighbour("A1", "NW") is None
    with pytest.raises(UnknownNameError, match="heading"):
        GRID_SEA.neighbour("A1", "N")
    with pytest.raises(ValueError, match="not a grid"):
        OPEN_SEA.direction("A1", "A2")


def test_grid_map_records_give_the_cells_their_attributes() -> None:
    island = SeaArea("c5", "Island", frozenset({LAND}), values={"coast": "J"})
    m = SeaAreaMap.from_grid(GRID, [island, SeaArea("C4", ports=("Port",))])
    assert m.area("C5").name == "Island" and m.area("C5").values == {"coast": "J"}
    assert m.with_flag(LAND) == {"C5"} and m.port_area("Port") == "C4"
    assert m.graph.nodes["C5"]["flags"] == {LAND} and m.graph.nodes["A1"]["flags"] == set()
    # the island is sailed round: through row B or row D, one area more
    assert m.distance("C4", "C6", avoid=()) == 2 and m.distance("C4", "C6") == 3
    assert m.path("C4", "C6") in (["C4", "B4", "B5", "C6"], ["C4", "D4", "D5", "C6"])
    assert m.path("C4", "C5") is None
    with pytest.raises(DataError, match="listed twice"):
        SeaAreaMap.from_grid(GRID, [SeaArea("C5"), SeaArea("c5")])
    with pytest.raises(DataError, match="off the map"):
        SeaAreaMap.from_grid(GRID, [SeaArea("Z1")])
