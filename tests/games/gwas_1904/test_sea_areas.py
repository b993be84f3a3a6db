"""GWaS operational sea areas: ids, adjacency, and the tactical map edges (2.1, 5.42,
7.22, 7.26, 7.33, 7.38; notes M-1, §4.3, E-4, E-6, E-7, E-8, E-9, A-24, A-31)."""

from __future__ import annotations

from itertools import pairwise

import pytest

from navalwar.errors import DataError
from navalwar.games.gwas_1904.sea_areas import (
    GRIDS,
    adjacent,
    area_beyond,
    area_id,
    direction,
    distance,
    entry_edge,
    nationality_stacks,
    neighbour,
    neighbours,
    open_sea,
    parse_area,
)
from navalwar.games.gwas_1904.tactical_map import EDGES

OPPOSITE = {"NE": "SW", "E": "W", "SE": "NW", "SW": "NE", "W": "E", "NW": "SE"}


def test_area_ids_rows_of_letters_and_column_numbers() -> None:
    """F13 Port Arthur, J34 Vladivostok, AF1 (Op6), "i15" printed in lower case (A-31)."""
    assert parse_area("F33") == (6, 33)
    assert parse_area("AF1") == (32, 1) and parse_area("AA23") == (27, 23)
    assert parse_area("i15") == (9, 15)
    for area in ("F13", "J34", "Z17", "AA23", "AB29", "AC16", "AF1", "S3"):
        assert area_id(*parse_area(area)) == area
    for bad in ("33F", "F", "F0", "ABC1", ""):
        with pytest.raises(DataError):
            parse_area(bad)


def test_e4_5_42_l69_borders_k69_k70_m69_m70() -> None:
    """Fleets M69 -> L69 -> K70 and M70 -> L69 -> K69 both pass through L69."""
    assert neighbours("L69") == {
        "NE": "K70",
        "E": "L70",
        "SE": "M70",
        "SW": "M69",
        "W": "L68",
        "NW": "K69",
    }
    for route in (["M69", "L69", "K70"], ["M70", "L69", "K69"]):
        assert all(adjacent(a, b) for a, b in pairwise(route))


def test_e6_7_22_entering_f33_from_f32_sets_up_on_the_west_edge() -> None:
    assert entry_edge("F32", "F33") == "W"
    assert entry_edge("F34", "F33") == "E"
    assert entry_edge("E33", "F33") == "NW" and entry_edge("E34", "F33") == "NE"  # F odd


def test_e8_7_33_leaving_n37_by_the_nw_edge_goes_to_m37() -> None:
    assert area_beyond("N37", "NW") == "M37"
    assert area_beyond("N37", "NE") == "M38"
    assert direction("N37", "M37") == "NW"


def test_e9_7_38_the_long_battle_route_is_a_chain_of_neighbours() -> None:
    route = ["U37", "V36", "W36", "X35", "Y35"]
    assert all(adjacent(a, b) for a, b in pairwise(route))
    assert distance("U37", "X35") == 3


def test_a24_the_5_1_example_r32_to_o32_is_not_a_move() -> None:
    """E-3's plots "Q31/R32" then "O32/N32" are garbled (A-24): R32 -> O32 skips rows under
    any stagger, and Q31 -> R32 fits only the mirror stagger that E-4, E-8 and E-9 rule out."""
    assert not adjacent("R32", "O32") and distance("R32", "O32") == 3
    assert not adjacent("Q31", "R32") and adjacent("Q31", "R32", "odd_east")
    assert adjacent("O56", "O57")  # E-18: the 13.1 minefield boundary "O56/O57"
    with pytest.raises(DataError):
        entry_edge("R32", "O32")


def test_edges_and_areas_are_the_same_six_directions_both_ways() -> None:
    """Leaving area A by edge d reaches B; a fleet moving from A into B then sets up on
    B's edge facing A, the opposite edge; and B's neighbour that way is A."""
    for area in ("F33", "N37", "L69", "U37", "B2", "AF30"):
        for d in EDGES:
            b = area_beyond(area, d)
            assert entry_edge(area, b) == OPPOSITE[d]
            assert area_beyond(b, OPPOSITE[d]) == area
            assert distance(area, b) == 1


def test_the_edge_of_the_grid() -> None:
    assert neighbour("A1", "NW") is None and neighbour("A1", "W") is None
    assert neighbours("A1") == {"E": "A2", "SE": "B1"}  # row A is odd: B0 does not exist
    with pytest.raises(DataError):
        area_beyond("A5", "NE")
    with pytest.raises(DataError):
        neighbour("F33", "N")


def test_the_odd_rows_east_option_breaks_e4_and_e8() -> None:
    """The mirror stagger, kept as an option: it contradicts E-4, E-8 and E-9."""
    assert neighbour("L69", "NW", "odd_east") == "K68"
    assert area_beyond("N37", "NW", "odd_east") == "M36"
    assert not adjacent("U37", "V36", "odd_east")
    assert entry_edge("F32", "F33", "odd_east") == "W"  # same-row neighbours are the same


def test_e7_7_26_seven_italians_one_briton_one_frenchman_take_three_hexes() -> None:
    nations = ["Italian"] * 7 + ["British", "French"]
    assert nationality_stacks(nations) == [list(range(7)), [7], [8]]


def test_7_26_small_fleets_mix_and_the_special_nations() -> None:
    assert nationality_stacks(["French", "British", "Italian", "Russian"]) == [[0, 1, 2, 3]]
    assert nationality_stacks([]) == []
    # Canadians and Australians are British; Germans join the largest nationality.
    mixed = ["British", "Canadian", "Australian", "French", "German", "French"]
    assert nationality_stacks(mixed) == [[0, 1, 2, 4], [3, 5]]
    assert nationality_stacks(["German"] * 5) == [[0, 1, 2, 3, 4]]
    # 7.2: more than 8 of one nation split evenly, 4 or more per hex (7.24).
    assert [len(s) for s in nationality_stacks(["J"] * 10)] == [5, 5]
    assert [len(s) for s in nationality_stacks(["J"] * 17)] == [5, 6, 6]


def test_the_grid_is_a_core_sea_area_map() -> None:
    """The open-sea map (until M-1 is read) is a core SeaAreaMap over the MapSpec grid:
    its graph holds the same adjacencies and distances as the grid helpers."""
    for stagger in ("even_east", "odd_east"):
        m = open_sea(stagger)  # type: ignore[arg-type]
        assert m.grid is GRIDS[stagger]
        for area in ("F33", "L69", "A1", "AZ99", "AZ1", "B2"):
            around = neighbours(area, stagger)  # type: ignore[arg-type]
            assert m.adjacent(area) == set(around.values())
            assert all(m.direction(area, b) == d for d, b in around.items())
        assert m.distance("U37", "X35") == distance("U37", "X35", stagger)  # type: ignore[arg-type]
    assert len(open_sea()) == 52 * 99


def test_the_grid_spans_rows_a_to_az_and_columns_1_to_99() -> None:
    assert parse_area("AZ99") == (52, 99) and area_id(52, 99) == "AZ99"
    assert neighbour("AZ5", "SE") is None and neighbour("F99", "E") is None
    for bad in ("BA1", "F100"):
        with pytest.raises(DataError):
            parse_area(bad)
    with pytest.raises(DataError):
        area_id(53, 1)
