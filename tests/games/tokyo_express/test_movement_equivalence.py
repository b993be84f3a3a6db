"""Faster movement helpers give exactly what the plain ones they replaced gave.

The TE 3.9 slide's fallback (the nearest shift in any direction, when no slide along
the reverse heading fits) is rare in play, so it is checked here against the
search it replaced, on many spreads of points near and across the map edges; the
Freedom of Action map check (TE 3.3) against the phase-by-phase walk it replaced;
and the Movement Chart row read whole against the cells it holds.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence

from hypothesis import given, settings
from hypothesis import strategies as st

from navalwar.games.tokyo_express import GAME
from navalwar.games.tokyo_express.data import TEData
from navalwar.games.tokyo_express.geometry import TE_MAP
from navalwar.games.tokyo_express.model import (
    AHEAD,
    PORT,
    STARBOARD,
    US_MANEUVERS,
    Order,
)
from navalwar.games.tokyo_express.movement import (
    _nearest_fitting_shift,
    _turn_steps,
    chart_row,
    moving_phases,
    reach,
    turns_needed,
    us_order_can_stay_on_map,
)
from navalwar.hexgrid import DIRECTIONS, Hex, turn

_EXTENTS = ((1, 0), (0, 1), (1, 1), (2, 1), (1, 2), (1, -1))


def _shifts_keeping(points: Sequence[Hex]) -> list[Hex]:
    """The old candidate search: every shift keeping the outermost points on the map."""
    hexes = TE_MAP.hex_set
    extremes: dict[Hex, None] = {}
    for a, b in _EXTENTS:
        extremes[min(points, key=lambda h: a * h[0] + b * h[1])] = None
        extremes[max(points, key=lambda h: a * h[0] + b * h[1])] = None
    found: set[tuple[int, int]] | None = None
    for q, r in extremes:
        if found is None:
            found = {(hq - q, hr - r) for hq, hr in hexes}
        else:
            found = {(dq, dr) for dq, dr in found if (q + dq, r + dr) in hexes}
        if not found:
            return []
    return [Hex(dq, dr) for dq, dr in found or () if max(abs(dq), abs(dr), abs(dq + dr)) <= 40]


def _old_nearest(points: list[Hex]) -> Hex | None:
    """The old fallback of ``slide_vector``: the shortest fitting candidate, ties in
    coordinate order."""
    hexes = TE_MAP.hex_set
    for shift in sorted(_shifts_keeping(points), key=lambda h: (h.length(), h)):
        if all((q + shift.q, r + shift.r) in hexes for q, r in points):
            return shift
    return None


_MAP = sorted(TE_MAP.hex_set)
_STEPS = ((0, -1), (1, -1), (1, 0), (0, 1), (-1, 1), (-1, 0))


@st.composite
def spreads(draw: st.DrawFn) -> list[Hex]:
    """A hex on (or near) the map and up to 30 more within ``radius`` of it."""
    q, r = draw(st.sampled_from(_MAP))
    radius = draw(st.integers(0, 40))
    near = st.tuples(st.integers(-radius, radius), st.integers(-radius, radius))
    offsets = draw(st.lists(near, min_size=0, max_size=30))
    return list(dict.fromkeys([Hex(q, r), *(Hex(q + a, r + b) for a, b in offsets)]))


@settings(max_examples=400, deadline=None)
@given(spreads())
def test_nearest_fitting_shift_is_the_old_search(points: list[Hex]) -> None:
    assert _nearest_fitting_shift(points) == _old_nearest(points)


def test_nearest_fitting_shift_on_the_map_edges() -> None:
    """A map edge hex (every eighth) with each hex up to 3 rows and columns away."""
    hexes = TE_MAP.hex_set
    edge = [h for h in _MAP if any((h.q + a, h.r + b) not in hexes for a, b in _STEPS)]
    assert len(edge) > 100
    for h in edge[::8]:
        for a in range(-3, 4):
            for b in range(-3, 4):
                points = [h, Hex(h.q + a, h.r + b)]
                assert _nearest_fitting_shift(points) == _old_nearest(points)


def _old_us_order_can_stay_on_map(
    ships: Sequence[tuple[Hex, int]], order: Order, speed: int, phase: int, data: TEData
) -> bool:
    """The old check: every way walked phase by phase, one reach test per ship and move."""
    phases = moving_phases(data, speed, phase)
    moves = [(p, data.moves(speed, p)) for p in phases]
    need = min(turns_needed(order.maneuver, speed) - order.turns_done, len(phases))
    start = [(h.q, h.r, hd) for h, hd in ships]
    for turn_phases in itertools.combinations(phases, need):
        for timing in itertools.product(("before", "after"), repeat=need):
            done = order.turns_done
            plan = dict(zip(turn_phases, timing, strict=True))
            pos = start
            ok = True
            for p, n in moves:
                when = plan.get(p)
                steps = _turn_steps(order.maneuver, order.direction, done) if when else 0
                if when == "before":
                    pos = [(q, r, turn(hd, steps)) for q, r, hd in pos]
                new = []
                for q, r, hd in pos:
                    if n > 0:
                        if n > reach((q, r), hd):
                            ok = False
                            break
                        d = DIRECTIONS[hd]
                        q, r = q + d.q * n, r + d.r * n
                    new.append((q, r, hd))
                if not ok:
                    break
                pos = new
                if when == "after":
                    pos = [(q, r, turn(hd, steps)) for q, r, hd in pos]
                if when:
                    done += 1
            if ok:
                return True
    return False


_DATA: TEData = GAME.load_data()


@st.composite
def us_orders(draw: st.DrawFn) -> tuple[list[tuple[Hex, int]], Order, int, int]:
    """Up to four ships near one map hex, a US order part done, a Speed and a phase."""
    q, r = draw(st.sampled_from(_MAP))
    near = st.tuples(st.integers(-2, 2), st.integers(-2, 2), st.integers(0, 5))
    ships = [(Hex(q + a, r + b), hd) for a, b, hd in draw(st.lists(near, min_size=1, max_size=4))]
    maneuver = draw(st.sampled_from(US_MANEUVERS))
    speed = draw(st.integers(1, 7))
    done = draw(st.integers(0, turns_needed(maneuver, speed)))
    direction = draw(st.sampled_from((PORT, STARBOARD)))
    order = Order(maneuver, direction if maneuver != AHEAD else 0, done)
    return ships, order, speed, draw(st.integers(1, 6))


@settings(max_examples=1500, deadline=None)
@given(us_orders())
def test_us_order_can_stay_on_map_is_the_old_walk(
    case: tuple[list[tuple[Hex, int]], Order, int, int],
) -> None:
    ships, order, speed, phase = case
    data = _DATA
    assert us_order_can_stay_on_map(ships, order, speed, phase, data) == (
        _old_us_order_can_stay_on_map(ships, order, speed, phase, data)
    )


def test_chart_row_is_what_moves_reads() -> None:
    """The Movement Chart row read whole is the one ``TEData.moves`` reads a cell of."""
    for speed in range(-1, 10):
        row = chart_row(_DATA, speed)
        assert len(row) == 6
        assert [_DATA.moves(speed, p) for p in range(1, 7)] == list(row)
