"""Weighted paths on a hex map: ranges with per-hex entry costs (game-agnostic).

A unit with a movement budget (an aircraft's range in movement points, say) pays an
entry cost for each hex it enters; some hexes cost more, some may not be entered at
all. ``cost(h)`` gives the cost of entering ``h``, or ``None`` where ``h`` is
forbidden (off the map, a storm). :func:`reach` runs Dijkstra's algorithm over
:func:`navalwar.hexgrid.neighbours` out to the budget; :func:`reachable` gives the
cheapest cost of every hex within it, :func:`cheapest_path` one cheapest path, and
:func:`path_cost` checks a path given hex by hex (adjacent steps, no forbidden hex).

Ties are broken in a fixed order (the order of the neighbour table), so the same
question always gets the same path.
"""

from __future__ import annotations

import heapq
from collections.abc import Callable, Mapping, Sequence

import attrs

from navalwar.errors import NavalwarError
from navalwar.hexgrid import DIRECTIONS, Hex

__all__ = ["Cost", "PathError", "Reach", "cheapest_path", "path_cost", "reach", "reachable"]

Cost = Callable[[Hex], "int | None"]
"""The cost of entering a hex (a positive whole number), ``None`` where it is forbidden."""

_STEPS = tuple((d.q, d.r) for d in DIRECTIONS)


_adjacent: dict[Hex, tuple[Hex, ...]] = {}
"""Each hex's neighbours in the order of :data:`_STEPS`, made once (the hot loop of
:func:`reach`); cleared when it grows past :data:`_ADJACENT_KEPT` hexes."""
_ADJACENT_KEPT = 1 << 17


def _neighbours(h: Hex) -> tuple[Hex, ...]:
    if len(_adjacent) >= _ADJACENT_KEPT:
        _adjacent.clear()
    q, r = h
    found = _adjacent[h] = tuple(Hex(q + dq, r + dr) for dq, dr in _STEPS)
    return found


class PathError(NavalwarError):
    """A path that cannot be flown: a step between hexes that are not adjacent, or into
    a forbidden hex."""


@attrs.frozen
class Reach:
    """What :func:`reach` found: the cheapest cost of every hex reachable within the
    budget, and for each the hex it is entered from on one cheapest path.

    Attributes:
        start: where the paths begin (cost 0).
        costs: hex -> cheapest cost, the start included.
        parents: hex -> the hex before it on the cheapest path found (the start has none).
    """

    start: Hex
    costs: Mapping[Hex, int]
    parents: Mapping[Hex, Hex]

    def path_to(self, goal: Hex) -> tuple[Hex, ...] | None:
        """The hexes entered on a cheapest path from the start to ``goal`` (the start
        excluded, ``goal`` last; ``()`` for the start itself), or ``None`` when ``goal``
        is out of reach."""
        if goal not in self.costs:
            return None
        out: list[Hex] = []
        h = goal
        parents = self.parents
        while h != self.start:
            out.append(h)
            h = parents[h]
        out.reverse()
        return tuple(out)


def reach(start: Hex, budget: int, cost: Cost) -> Reach:
    """Every hex that can be reached from ``start`` spending at most ``budget``, with
    its cheapest cost and a cheapest path (Dijkstra's algorithm; ``start`` costs 0
    whatever ``cost`` says of it)."""
    costs: dict[Hex, int] = {start: 0}
    parents: dict[Hex, Hex] = {}
    if budget < 0:
        return Reach(start, {}, {})
    known: dict[Hex, int | None] = {}
    order = 0
    queue: list[tuple[int, int, Hex]] = [(0, 0, start)]
    done: set[Hex] = set()
    push, pop = heapq.heappush, heapq.heappop
    adjacent = _adjacent
    while queue:
        spent, _, h = pop(queue)
        if h in done:
            continue
        done.add(h)
        for n in adjacent.get(h) or _neighbours(h):
            if n in done:
                continue
            step = known[n] if n in known else known.setdefault(n, cost(n))
            if step is None:
                continue
            total = spent + step
            if total > budget:
                continue
            old = costs.get(n)
            if old is None or total < old:
                costs[n] = total
                parents[n] = h
                order += 1
                push(queue, (total, order, n))
    return Reach(start, costs, parents)


def reachable(start: Hex, budget: int, cost: Cost) -> Mapping[Hex, int]:
    """Hex -> the cheapest cost of reaching it from ``start`` within ``budget`` (the
    start at 0)."""
    return reach(start, budget, cost).costs


def cheapest_path(start: Hex, goal: Hex, budget: int, cost: Cost) -> tuple[Hex, ...] | None:
    """The hexes entered on a cheapest path from ``start`` to ``goal`` costing at most
    ``budget`` (the start excluded), or ``None`` when there is none."""
    return reach(start, budget, cost).path_to(goal)


def path_cost(start: Hex, path: Sequence[Hex], cost: Cost) -> int:
    """What flying ``path`` (the hexes entered, in order) from ``start`` costs.

    Raises:
        PathError: a hex is not adjacent to the one before it, or is forbidden.
    """
    total = 0
    here = start
    for i, h in enumerate(path):
        dq, dr = h[0] - here[0], h[1] - here[1]
        if (dq, dr) not in _STEPS:
            raise PathError(f"step {i + 1} of the path goes to a hex not adjacent to the last")
        step = cost(h)
        if step is None:
            raise PathError(f"step {i + 1} of the path enters a hex that may not be entered")
        total += step
        here = h
    return total
