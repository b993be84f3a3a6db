"""Movement (TE 3.4): the Movement Chart, paths, the all-sea map edge, stacking.

Also the order-execution rules shared by both sides' orders (TE 3.3): which
phases a formation may turn in, and whether an order keeps a formation on the
map.
"""

from __future__ import annotations

import functools
import itertools
from collections.abc import Iterable, Sequence

from navalwar.games.tokyo_express.data import TEData
from navalwar.games.tokyo_express.geometry import TE_MAP
from navalwar.games.tokyo_express.model import (
    ABOUT,
    AHEAD,
    COUNTERMARCH,
    S_TURN,
    TURN_60,
    TURN_120,
    Order,
)
from navalwar.hexgrid import DIRECTIONS, ORIGIN, Hex, distance, neighbour, opposite

TURNS_NEEDED = {AHEAD: 0, TURN_60: 1, TURN_120: 1, COUNTERMARCH: 3, S_TURN: 2, ABOUT: 0}


def turns_needed(maneuver: str, speed: int) -> int:
    """Turns a US maneuver requires (TE 3.3); a Speed-2 Countermarch makes only two."""
    if maneuver == COUNTERMARCH and speed == 2:
        return 2
    return TURNS_NEEDED[maneuver]


def maneuver_problem(maneuver: str, speed: int) -> str | None:
    """Why a US formation at ``speed`` may not take ``maneuver``, or None (TE 3.3)."""
    if maneuver in (COUNTERMARCH, S_TURN) and speed <= 1:
        return f"a formation with a Speed of 1 cannot perform a {maneuver} (TE 3.3)"
    return None


def next_turn_steps(order: Order) -> int:
    """Hexsides (signed, + = starboard) of the order's next turn (TE 3.3)."""
    return _turn_steps(order.maneuver, order.direction, order.turns_done)


def _turn_steps(maneuver: str, direction: int, turns_done: int) -> int:
    if maneuver == TURN_120:
        return 2 * direction
    if maneuver == S_TURN and turns_done == 1:
        return -direction
    return direction


def moving_phases(data: TEData, speed: int, first: int, last: int = 6) -> list[int]:
    """The Movement Phases from ``first`` to ``last`` in which ``speed`` moves."""
    row = chart_row(data, speed)
    return [p for p in range(first, last + 1) if row[p - 1] > 0]


_STILL = (0, 0, 0, 0, 0, 0)


def chart_row(data: TEData, speed: int) -> tuple[int, ...]:
    """The hexes ``speed`` moves in Movement Phases 1-6 (TE 3.4 Movement Chart): the
    row :meth:`TEData.moves` reads (no move at Speed 0, the Speed 7 row above it)."""
    if speed <= 0:
        return _STILL
    return data.movement[min(speed, 7)]


def turn_choices(order: Order, speed: int, phase: int, data: TEData) -> list[str]:
    """The legal turn timings this phase for a US formation: before, after, none (TE 3.3, 3.4).

    A turn is only possible in a phase the formation moves in; before or after
    moving, not both; never two turns in one hex (so not "before" right after
    a turn made after the previous move); at most one turn per phase; and the
    formation must still be able to finish its maneuver in the phases left.
    """
    left = turns_needed(order.maneuver, speed) - order.turns_done
    if left <= 0 or order.last_turn_phase == phase:
        return []
    row = chart_row(data, speed)
    if row[phase - 1] == 0:
        return []
    choices = []
    later = row[phase:]
    if len(later) - later.count(0) >= left:  # the phases after this one it moves in
        choices.append("none")
    if not order.turned_since_move:
        choices.append("before")
    choices.append("after")
    return choices


def path(start: Hex, heading: int, steps: int) -> list[Hex]:
    """The hexes entered moving ``steps`` hexes straight ahead."""
    if steps <= 0:
        return []
    return list(_path(start, heading, steps))


@functools.lru_cache(maxsize=65536)
def _path(start: Hex, heading: int, steps: int) -> tuple[Hex, ...]:
    dq, dr = neighbour(ORIGIN, heading)  # checks the heading
    q, r = start
    return tuple(Hex(q + dq * i, r + dr * i) for i in range(1, steps + 1))


def on_map(hexes: Iterable[Hex]) -> bool:
    """Whether every hex is on the Tokyo Express map."""
    return all(map(TE_MAP.hex_set.__contains__, hexes))


_REACH: dict[tuple[tuple[int, int], int], int] = {}
_REACH_KEPT = 200_000


def reach(h: tuple[int, int], heading: int) -> int:
    """How many hexes a ship in hex ``h`` (a Hex or its ``(q, r)``) can move straight
    ahead on ``heading`` without leaving the map: ``path(h, heading, n)`` is on the
    map exactly when ``n`` is at most this (worked out once per hex and heading)."""
    key = (h, heading)
    found = _REACH.get(key)
    if found is None:
        dq, dr = neighbour(ORIGIN, heading)  # checks the heading
        hexes = TE_MAP.hex_set
        q, r = h
        found = 0
        while (q + dq * (found + 1), r + dr * (found + 1)) in hexes:
            found += 1
        if len(_REACH) >= _REACH_KEPT:
            _REACH.clear()
        _REACH[key] = found
        for k in range(1, found + 1):  # each hex on the way reaches k hexes less far
            _REACH[(q + dq * k, r + dr * k), heading] = found - k
        if (q, r) in hexes:  # and each on the map behind it k hexes further
            k = 1
            while (q - dq * k, r - dr * k) in hexes:
                _REACH[(q - dq * k, r - dr * k), heading] = found + k
                k += 1
    return found


@functools.lru_cache(maxsize=65536)
def ahead(start: Hex, heading: int, steps: int) -> Hex | None:
    """The hex ``steps`` (at least 1) hexes straight ahead of ``start``: the end of
    ``path(start, heading, steps)``, or None if that path leaves the map."""
    if steps > reach(start, heading):
        return None
    d = DIRECTIONS[heading]
    return Hex(start.q + d.q * steps, start.r + d.r * steps)


def _fits(points: list[Hex], dq: int, dr: int) -> bool:
    """Whether every point shifted by ``(dq, dr)`` is on the map.

    A point found off the map is moved to the front of ``points``: the next shift
    tried is usually stopped by the same point, so most shifts cost one test.
    """
    hexes = TE_MAP.hex_set
    for i, (q, r) in enumerate(points):
        if (q + dq, r + dr) not in hexes:  # a plain (q, r) tuple equals its Hex
            if i:
                points.insert(0, points.pop(i))
            return False
    return True


def slide_vector(
    positions: Sequence[Hex], paths: Sequence[Sequence[Hex]], away_from: int
) -> Hex | None:
    """The shortest shift keeping every ship and path on the map (TE 3.4, 3.9).

    In the Basic Scenario, when a ship would move off the map, all ships slide
    the same number of hexes away from the map edge, keeping their distances.
    The reading taken (notes §9.1 item 8): the fewest hexes along the reverse
    of the offending ship's heading; if no such slide fits, the nearest shift
    in any direction.
    """
    points = list(dict.fromkeys([*positions, *(h for p in paths for h in p)]))
    back = DIRECTIONS[opposite(away_from)]
    for k in range(1, 41):
        if _fits(points, back.q * k, back.r * k):
            return Hex(back.q * k, back.r * k)
    return _nearest_fitting_shift(points)


def _column_spans(hexes: Iterable[tuple[int, int]]) -> dict[int, tuple[int, int]]:
    """Each map column ``q`` as its lowest and highest ``r``; the columns of the
    Tokyo Express map have no gaps, which :func:`_nearest_fitting_shift` relies on."""
    rows: dict[int, list[int]] = {}
    for q, r in hexes:
        rows.setdefault(q, []).append(r)
    spans = {q: (min(rs), max(rs)) for q, rs in rows.items()}
    if any(hi - lo + 1 != len(rows[q]) for q, (lo, hi) in spans.items()):
        raise ValueError("a map column has a gap")
    return spans


_SPANS = _column_spans(TE_MAP.hex_set)


def _nearest_fitting_shift(points: Sequence[tuple[int, int]]) -> Hex | None:
    """The shortest shift of up to 40 hexes keeping every point on the map, ties in
    coordinate order, or None (TE 3.9 slide, read as in :func:`slide_vector`).

    For each column shift ``dq`` the row shifts keeping every point in its column
    form one range (the columns have no gaps), set by the lowest and highest point
    of each column; within it the shift is shortest nearest the ``dr`` between
    ``-dq`` and 0, the smallest such ``dr`` first.
    """
    columns: dict[int, tuple[int, int]] = {}  # q -> the lowest and highest r of the points
    for q, r in points:
        found = columns.get(q)
        columns[q] = (r, r) if found is None else (min(found[0], r), max(found[1], r))
    spans = _SPANS
    best: tuple[int, int, int] | None = None
    for dq in range(-40, 41):
        lo, hi = -1000, 1000  # the row shifts keeping every point so far on the map
        for q, (low, high) in columns.items():
            span = spans.get(q + dq)
            if span is None:
                break
            lo = max(lo, span[0] - low)
            hi = min(hi, span[1] - high)
            if lo > hi:
                break
        else:
            flat_lo = min(0, -dq)  # the length is |dq| from here to max(0, -dq)
            dr = hi if hi < flat_lo else max(lo, flat_lo)
            length = distance(ORIGIN, Hex(dq, dr))
            if length <= 40 and (best is None or (length, dq, dr) < best):
                best = (length, dq, dr)
    return None if best is None else Hex(best[1], best[2])


def us_order_can_stay_on_map(
    ships: Sequence[tuple[Hex, int]], order: Order, speed: int, phase: int, data: TEData
) -> bool:
    """Whether some way of carrying out a US order keeps every ship on the map (TE 3.3).

    Used for the Freedom of Action rule "If the placement of the new Order
    marker would cause the formation to leave the map, ignore that order".
    Each way (the phases it turns in, before or after moving) is tried as its
    straight stretches between turns, one :func:`reach` test per ship and stretch
    (moving on along one heading stays on the map exactly when the whole way does);
    ways making the same stretches are tried once.
    """
    phases = moving_phases(data, speed, phase)
    row = chart_row(data, speed)
    need = turns_needed(order.maneuver, speed) - order.turns_done
    if need > len(phases):
        need = len(phases)
    tried: set[tuple[tuple[int, int], ...]] = set()
    for turn_phases in itertools.combinations(phases, need):
        for timing in itertools.product(("before", "after"), repeat=need):
            legs = _legs(order, phases, row, dict(zip(turn_phases, timing, strict=True)))
            if legs in tried:
                continue
            tried.add(legs)
            if all(_stays_on_map(h, hd, legs) for h, hd in ships):
                return True
    return False


def _legs(
    order: Order, phases: Sequence[int], row: Sequence[int], plan: dict[int, str]
) -> tuple[tuple[int, int], ...]:
    """The straight stretches of a US order carried out as ``plan`` (phase -> turn
    before or after moving) in the moving ``phases``: each as the hexsides turned
    since the start and the hexes moved (TE 3.3, 3.4)."""
    legs: list[tuple[int, int]] = []
    done = order.turns_done
    turned = run = 0  # hexsides turned so far; hexes moved since the last turn
    for p in phases:
        when = plan.get(p)
        if when == "before":
            if run:
                legs.append((turned, run))
                run = 0
            turned += _turn_steps(order.maneuver, order.direction, done)
            done += 1
        run += row[p - 1]
        if when == "after":
            legs.append((turned, run))
            run = 0
            turned += _turn_steps(order.maneuver, order.direction, done)
            done += 1
    if run:
        legs.append((turned, run))
    return tuple(legs)


def _stays_on_map(h: Hex, heading: int, legs: Sequence[tuple[int, int]]) -> bool:
    """Whether a ship in ``h`` on ``heading`` stays on the map moving ``legs``."""
    q, r = h
    for turned, n in legs:
        hd = (heading + turned) % 6
        if n > reach((q, r), hd):
            return False
        d = DIRECTIONS[hd]
        q += d.q * n
        r += d.r * n
    return True


def japanese_order_stays_on_map(
    hexes: Sequence[Hex], heading: int, maneuver: str, direction: int, moves: Sequence[int]
) -> bool:
    """Whether a Japanese order keeps every ship on the map in all its outcomes (TE 3.3):
    ships in ``hexes``, all on ``heading`` (a formation takes one heading from the
    display), moving ``moves`` hexes in the order's three Movement Phases. A 60° Turn
    may come at the end of any of the three phases, so every timing counts; About
    turns after each move.

    Moving on along one heading stays on the map exactly when the whole way does
    (:func:`~navalwar.games.tokyo_express.movement.reach`), so each stretch between
    turns is one test: Ahead one, a 60° Turn one more per phase it may turn after
    (before the last), About one per moving phase.
    """
    if maneuver == ABOUT:  # a turn after each move
        for q, r in hexes:
            hd = heading
            for n in moves:
                if n > 0:
                    if n > reach((q, r), hd):
                        return False
                    d = DIRECTIONS[hd]
                    q += d.q * n
                    r += d.r * n
                    hd = (hd + direction) % 6
        return True
    total = moves[0] + moves[1] + moves[2]
    for h in hexes:
        if total > reach(h, heading):
            return False
    if maneuver == TURN_60:  # a turn at the end of the first or the second phase
        d = DIRECTIONS[heading]
        turned = (heading + direction) % 6
        done = 0
        for n in moves[:-1]:
            done += n
            rest = total - done
            if rest > 0:
                for q, r in hexes:
                    if rest > reach((q + d.q * done, r + d.r * done), turned):
                        return False
    return True
