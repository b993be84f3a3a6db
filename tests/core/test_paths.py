"""Weighted hex paths (navalwar.paths): ranges with entry costs and forbidden hexes."""

from __future__ import annotations

import pytest

from navalwar.hexgrid import Hex, distance, hexes_within, neighbours
from navalwar.paths import PathError, cheapest_path, path_cost, reach, reachable

START = Hex(0, 0)


def flat(h: Hex) -> int | None:
    return 1


def test_flat_costs_are_distances() -> None:
    costs = reachable(START, 3, flat)
    assert set(costs) == set(hexes_within(START, 3))
    assert all(c == distance(START, h) for h, c in costs.items())


def test_budget_zero_and_negative() -> None:
    assert dict(reachable(START, 0, flat)) == {START: 0}
    assert dict(reachable(START, -1, flat)) == {}


def test_dear_hexes_cost_more_and_forbidden_are_avoided() -> None:
    wall = set(neighbours(START)) - {neighbours(START)[0]}
    dear = {neighbours(START)[0]}

    def cost(h: Hex) -> int | None:
        if h in wall:
            return None
        return 2 if h in dear else 1

    costs = reachable(START, 4, cost)
    assert costs[neighbours(START)[0]] == 2
    assert not wall & set(costs)
    # the only way out is through the dear hex
    beyond = neighbours(neighbours(START)[0])[0]
    assert costs[beyond] == 3
    path = cheapest_path(START, beyond, 4, cost)
    assert path == (neighbours(START)[0], beyond)
    assert path_cost(START, path, cost) == 3
    assert cheapest_path(START, beyond, 2, cost) is None


def test_path_to_start_is_empty_and_paths_are_cheapest() -> None:
    r = reach(START, 5, flat)
    assert r.path_to(START) == ()
    for h, c in r.costs.items():
        p = r.path_to(h)
        assert p is not None and len(p) == c and path_cost(START, p, flat) == c


def test_path_cost_refuses_a_jump_and_a_forbidden_hex() -> None:
    with pytest.raises(PathError, match="not adjacent"):
        path_cost(START, (Hex(2, 0),), flat)
    with pytest.raises(PathError, match="may not be entered"):
        path_cost(START, (neighbours(START)[1],), lambda h: None)


def test_same_question_same_path() -> None:
    goal = Hex(3, -1)
    assert cheapest_path(START, goal, 9, flat) == cheapest_path(START, goal, 9, flat)
