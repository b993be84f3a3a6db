"""Movement (TE 3.4): the Movement Chart, paths, the all-sea map edge, stacking.

Also the order-execution rules shared by both sides' orders (TE 3.3): which
phases a formation may turn in, and whether an order keeps a formation on the
map.
"""

from __future__ import annotations

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
from navalwar.hexgrid import DIRECTIONS, Hex, hexes_within, neighbour, opposite, turn

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
    if order.maneuver == TURN_120:
        return 2 * order.direction
    if order.maneuver == S_TURN and order.turns_done == 1:
        return -order.direction
    return order.direction


def moving_phases(data: TEData, speed: int, first: int, last: int = 6) -> list[int]:
    """The Movement Phases from ``first`` to ``last`` in which ``speed`` moves."""
    return [p for p in range(first, last + 1) if data.moves(speed, p) > 0]


def turn_choices(order: Order, speed: int, phase: int, data: TEData) -> list[str]:
    """The legal turn timings this phase for a US formation: before, after, none (TE 3.3, 3.4).

    A turn is only possible in a phase the formation moves in; before or after
    moving, not both; never two turns in one hex (so not "before" right after
    a turn made after the previous move); at most one turn per phase; and the
    formation must still be able to finish its maneuver in the phases left.
    """
    left = turns_needed(order.maneuver, speed) - order.turns_done
    if left <= 0 or data.moves(speed, phase) == 0 or order.last_turn_phase == phase:
        return []
    choices = []
    if len(moving_phases(data, speed, phase + 1)) >= left:
        choices.append("none")
    if not order.turned_since_move:
        choices.append("before")
    choices.append("after")
    return choices


def path(start: Hex, heading: int, steps: int) -> list[Hex]:
    """The hexes entered moving ``steps`` hexes straight ahead."""
    out = []
    h = start
    for _ in range(steps):
        h = neighbour(h, heading)
        out.append(h)
    return out


def on_map(hexes: Iterable[Hex]) -> bool:
    """Whether every hex is on the Tokyo Express map."""
    return all(TE_MAP.in_bounds(h) for h in hexes)


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
    everything = [*positions, *(h for p in paths for h in p)]
    back = DIRECTIONS[opposite(away_from)]
    for k in range(1, 41):
        shift = Hex(back.q * k, back.r * k)
        if on_map(h + shift for h in everything):
            return shift
    for shift in sorted(hexes_within(Hex(0, 0), 40), key=lambda h: (h.length(), h)):
        if on_map(h + shift for h in everything):
            return shift
    return None


def us_order_can_stay_on_map(
    ships: Sequence[tuple[Hex, int]], order: Order, speed: int, phase: int, data: TEData
) -> bool:
    """Whether some way of carrying out a US order keeps every ship on the map (TE 3.3).

    Used for the Freedom of Action rule "If the placement of the new Order
    marker would cause the formation to leave the map, ignore that order".
    """
    phases = moving_phases(data, speed, phase)
    need = turns_needed(order.maneuver, speed) - order.turns_done
    if need > len(phases):
        need = len(phases)
    for turn_phases in itertools.combinations(phases, need):
        for timing in itertools.product(("before", "after"), repeat=need):
            o = order
            plan = dict(zip(turn_phases, timing, strict=True))
            pos = list(ships)
            ok = True
            for p in phases:
                when = plan.get(p)
                steps = next_turn_steps(o) if when else 0
                if when == "before":
                    pos = [(h, turn(hd, steps)) for h, hd in pos]
                n = data.moves(speed, p)
                new = []
                for h, hd in pos:
                    trail = path(h, hd, n)
                    if not on_map(trail):
                        ok = False
                        break
                    new.append((trail[-1] if trail else h, hd))
                if not ok:
                    break
                pos = new
                if when == "after":
                    pos = [(h, turn(hd, steps)) for h, hd in pos]
                if when:
                    o = Order(o.maneuver, o.direction, o.turns_done + 1)
            if ok:
                return True
    return False


def japanese_order_stays_on_map(
    ships: Sequence[tuple[Hex, int]],
    maneuver: str,
    direction: int,
    speed: int,
    phases: Sequence[int],
    data: TEData,
) -> bool:
    """Whether a Japanese order keeps every ship on the map in all its outcomes (TE 3.3).

    A 60° Turn may come at the end of any of the three phases, so every
    timing is tried; About turns after each move.
    """
    timings: list[int | None] = [None]
    if maneuver == TURN_60:
        timings = list(phases)
    for turn_at in timings:
        pos = list(ships)
        for p in phases:
            n = data.moves(speed, p)
            new = []
            for h, hd in pos:
                trail = path(h, hd, n)
                if not on_map(trail):
                    return False
                new.append((trail[-1] if trail else h, hd))
            pos = new
            if (maneuver == ABOUT and n > 0) or (maneuver == TURN_60 and turn_at == p):
                pos = [(h, turn(hd, direction)) for h, hd in pos]
    return True
