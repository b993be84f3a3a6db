"""The Air Movement Phase (3.3, 13.0, 14.0, 12.2): counters flown one at a time.

The initiative player moves first, every counter he wants, one at a time; a move once
made may not be changed (13.C, 13.E). Then the scramble (``scramble.py``), then the
other player (3.3.C-D). A move is a counter, its mission (14.0, checked against its
type), extended range (26.1, option) and the hexes it enters, its target hex last:
1 MP a hex, 2 into a squall-influenced hex, never into a squall (13.A, 5.2.D), at most
its range (per leg, notes A23). A counter takes off from its field, or from its
ship's launch point (13.B): the TF's true hex if revealed this turn, else its TF
counter, else a counter the owner places now within two hexes of the true hex. A
long-range counter airborne from last turn (26.2) flies on from where it is; an
``OFF_MAP`` reinforcement enters by its edge hex, which costs its normal MP (28.4.3;
notes 7.3). Scouts check each hex they enter (12.2). No flying at night (19.0).

The choices are too many to list: the decision has a validator and a sampler that
draws a legal move (or the end of the side's moves) quickly.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import attrs

from navalwar.actions import Action
from navalwar.dice import Dice
from navalwar.driver import Play, for_side
from navalwar.engine import Context, Decision
from navalwar.errors import IllegalActionError
from navalwar.games.coral_sea import air_range, setup
from navalwar.games.coral_sea import air_state as air
from navalwar.games.coral_sea.air_actions import EndAirMoves, Fly
from navalwar.games.coral_sea.air_bases import (
    Base,
    air_point,
    bases,
    counter_problem,
    place_counter,
)
from navalwar.games.coral_sea.air_common import (
    hexes,
    initiative_order,
    label,
    reason,
    update,
    with_air,
)
from navalwar.games.coral_sea.air_range import (
    EXTENDED_RANGE,
    budget,
    entry_cost,
    may_fly,
    option,
    reach_from,
)
from navalwar.games.coral_sea.air_state import Aircraft
from navalwar.games.coral_sea.data import CoralSeaData
from navalwar.games.coral_sea.model import State
from navalwar.games.coral_sea.scouting import scout_path
from navalwar.hexgrid import Hex, hexes_within
from navalwar.paths import PathError, path_cost

RULE = "13.C"
_TAGS = (Fly.tag, EndAirMoves.tag)

#: The air options (26.1 extended range, 26.2 long range), for the GameSpec.
OPTIONS = air_range.OPTIONS


@attrs.frozen
class Launch:
    """Where an eligible counter takes off from.

    Attributes:
        aircraft: the counter.
        start: the hex it takes off from; ``None`` when it enters by a map edge, or
            when its ship's TF has no counter yet (``base`` then says where to place one).
        base: its base when it is on one.
        edge: the map edge it enters by (an ``OFF_MAP`` reinforcement).
    """

    aircraft: Aircraft
    start: Hex | None
    base: Base | None = None
    edge: str | None = None


def holdover(state: State, a: Aircraft) -> bool:
    """Whether ``a`` is a long-range counter airborne since an earlier turn (26.2.A)."""
    return a.status == air.AIRBORNE and 0 < a.airborne_since < state.turn


def launches(state: State, data: CoralSeaData, side: str) -> dict[str, Launch]:
    """``side``'s counters that may still fly this phase, by id, with where from (13.B-C):
    ready counters at its bases in use, within any scramble limit (13.G); long-range
    counters airborne from last turn (26.2.B); reinforcements due (28.4.3)."""
    in_use = {b.name: b for b in bases(state, data, side)}
    allowance = dict(state.air.scramble_allowance)
    moved = state.air.moved
    due = arrivals(state)
    out: dict[str, Launch] = {}
    for a in state.air.aircraft:
        if a.side != side or a.id in moved:
            continue
        if a.status == air.READY:
            b = in_use.get(str(a.base))
            if b is None or allowance.get(b.name, 1) <= 0:
                continue
            out[a.id] = Launch(a, air_point(state, b), b)
        elif holdover(state, a) and a.hex is not None:
            out[a.id] = Launch(a, a.hex)
        elif a.status == air.OFF_MAP and a.id in due and 0 < due[a.id][0] <= state.turn:
            out[a.id] = Launch(a, None, edge=due[a.id][1])
    return out


def arrivals(state: State) -> dict[str, tuple[int, str]]:
    """The reinforcements due by a map edge (28.4.3): counter id -> (turn, edge), from the
    counters' ``enters`` and ``entry_edge``, else from the scenario (``setup.arrivals``)."""
    out = {a.id: (a.enters, a.entry_edge or "north") for a in state.air.aircraft if a.enters}
    if "spec" in state.scenario.extra:  # a scenario read by scenario.py
        for aid, turn, edge in setup.arrivals(state):
            out.setdefault(aid, (turn, edge))
    return out


@attrs.frozen
class Flight:
    """A checked move: the counter, where from, the hexes entered, what it costs, and
    the TF counter to place first (13.B), if any."""

    launch: Launch
    start: Hex
    path: tuple[Hex, ...]
    cost: int
    counter: Hex | None = None


def flight(state: State, data: CoralSeaData, side: str, action: Fly) -> Flight:
    """``action`` checked against the rules.

    Raises:
        IllegalActionError: naming the rule it breaks; nothing is changed.
    """
    what = action.describe()
    a = state.air.by_id(action.aircraft)
    if a is None or a.side != side:
        raise IllegalActionError(what, f"{side} has no air counter {action.aircraft!r}", RULE)
    if a.id in state.air.moved:
        raise IllegalActionError(what, f"{a.id} has already moved; moves may not be remade", RULE)
    launch = launches(state, data, side).get(a.id)
    if launch is None:
        why = {
            air.CAP: "it is on CAP and may fly no other mission this turn (10.D)",
            air.DOWN: "it is down; only ready counters may fly (9.A-B)",
        }.get(a.status, f"it is {a.status}, not a counter that may fly now")
        if a.status == air.READY:
            why = "its base is not in use, or the Scramble Table lets no more of its counters fly"
            raise IllegalActionError(what, why, "13.G")
        raise IllegalActionError(what, why, RULE)
    spec = data.aircraft[a.model]
    if action.mission not in air.MISSIONS or not may_fly(state, spec, action.mission):
        raise IllegalActionError(
            what,
            f"a {spec.model} (type {spec.type}) may not fly a {action.mission!r} mission",
            "14.0",
        )
    if action.extended and not option(state, EXTENDED_RANGE):
        raise IllegalActionError(what, "the optional extended range rule is not in play", "26.1")
    path = hexes(data, action.path, what, RULE)
    cost = entry_cost(state, data)
    counter = None
    start = launch.start
    if action.counter:
        if launch.base is None or not launch.base.ship or start is not None:
            raise IllegalActionError(
                what, "a TF counter is placed only for a TF with none on the board (13.B)", "13.B"
            )
        (counter,) = hexes(data, (action.counter,), what, "13.B")
        placed = counter_problem(state, data, launch.base, counter)
        if placed:
            raise IllegalActionError(what, placed, "13.B")
        start = counter
    spent = 0
    if launch.edge is not None:
        if not path:
            raise IllegalActionError(
                what, "a counter entering the map enters at least one hex", RULE
            )
        edge = data.geography.edge_hexes(launch.edge)
        if path[0] not in edge:
            raise IllegalActionError(
                what, f"it enters by the {launch.edge} edge: its first hex must be on it", "28.4.3"
            )
        first = cost(path[0])
        if first is None:
            raise IllegalActionError(what, "its first hex may not be entered (5.2.D)", "5.2.D")
        start, spent, path_rest = path[0], first, path[1:]
    else:
        path_rest = path
    if start is None:
        raise IllegalActionError(
            what, "its TF has no counter on the board: place one (counter=) within 2 hexes", "13.B"
        )
    try:
        spent += path_cost(start, path_rest, cost)
    except PathError as error:
        raise IllegalActionError(what, f"{error} (13.A, 5.2.D)", "13.A") from None
    allowed = budget(state, data, a.model, action.extended)
    if spent > allowed:
        raise IllegalActionError(
            what, f"the path costs {spent} MP, beyond the {allowed} MP of its range", "13.A"
        )
    return Flight(launch, start, path, spent, counter)


def fly(state: State, data: CoralSeaData, side: str, action: Fly, ctx: Context) -> State:
    """Carry out a checked move (13.B-C, 12.2)."""
    f = flight(state, data, side, action)
    a = f.launch.aircraft
    if f.counter is not None and f.launch.base is not None:
        state = place_counter(state, f.launch.base, f.counter)
        where = label(data, f.counter)
        ctx.log(
            "tf_counter_placed",
            f"{side} places a TF counter in {where}",
            "13.B",
            side=side,
            hex=where,
        )
    allowance = state.air.scramble_allowance
    if f.launch.base is not None and any(n == f.launch.base.name for n, _ in allowance):
        allowance = tuple((n, k - 1 if n == f.launch.base.name else k) for n, k in allowance)
    target = f.path[-1] if f.path else f.start
    spec = data.aircraft[a.model]
    flown = attrs.evolve(
        a,
        status=air.AIRBORNE,
        base=None,
        hex=target,
        mission=action.mission,
        origin=f.start,
        extended=max(0, f.cost - spec.range) if action.extended else 0,
        extended_declared=action.extended,
        enters=0,
        mp_used=f.cost,
    )
    state = update(state, flown)
    state = with_air(
        state,
        attrs.evolve(state.air, moved=state.air.moved | {a.id}, scramble_allowance=allowance),
    )
    labels = [label(data, h) for h in f.path]
    ctx.log(
        "aircraft_flew",
        lambda: (
            f"{a.id} flies {action.mission} from {label(data, f.start)} to {label(data, target)}"
        ),
        RULE,
        side=side,
        aircraft=a.id,
        model=a.model,
        mission=action.mission,
        **{"from": label(data, f.start) if f.launch.edge is None else f"{f.launch.edge} edge"},
        path=labels,
        extended=action.extended,
    )
    return scout_path(state, data, flown, f.path, ctx)


def _random_move(state: State, data: CoralSeaData, side: str, dice: Dice) -> Action:
    """A legal move drawn at random, or the end of the side's moves."""
    movers = list(launches(state, data, side).values())
    if not movers or dice.roll(4, "air move or end") == 1:
        return EndAirMoves()
    launch = dice.choose(movers, "counter to fly")
    a = launch.aircraft
    spec = data.aircraft[a.model]
    missions = [m for m in air.MISSIONS if may_fly(state, spec, m)]
    if not missions:
        return EndAirMoves()
    mission = dice.choose(missions, "mission")
    cost = entry_cost(state, data)
    allowed = spec.range
    counter = ""
    start = launch.start
    if launch.edge is not None:
        edge = sorted(
            (h for h in data.geography.edge_hexes(launch.edge) if cost(h) is not None),
            key=lambda h: (h.q, h.r),
        )
        if not edge:
            return EndAirMoves()
        first = dice.choose(edge, "entry hex")
        r = reach_from(state, data, first, allowed - int(cost(first) or 0))
        target = dice.choose(list(r.costs), "target hex")
        path = (first, *(r.path_to(target) or ()))
        return Fly(a.id, mission, tuple(label(data, h) for h in path))
    if start is None and launch.base is not None:
        spots = [
            h
            for h in hexes_within(launch.base.hex, 2)
            if counter_problem(state, data, launch.base, h) is None
        ]
        if not spots:
            return EndAirMoves()
        start = dice.choose(spots, "TF counter hex")
        counter = label(data, start)
    if start is None:
        return EndAirMoves()
    r = reach_from(state, data, start, allowed)
    target = dice.choose(list(r.costs), "target hex")
    path = r.path_to(target) or ()
    return Fly(a.id, mission, tuple(label(data, h) for h in path), counter=counter)


def ask(game: Any, state: State, data: CoralSeaData, *, side: str) -> Decision | None:
    """``side``'s next move, until it ends its moves (13.C). A side is asked even with
    no counter that may fly (it can only end), so that whether it has ready counters
    aboard its hidden carriers is not given away (11.D)."""
    if side in state.air.done:
        return None
    movers = launches(state, data, side)

    def validate(action: Action) -> str | None:
        if isinstance(action, EndAirMoves):
            return None
        if not isinstance(action, Fly):
            return "a fly or end_air_moves action is needed"
        try:
            flight(state, data, side, action)
        except IllegalActionError as error:
            return reason(error)
        return None

    def sample(dice: Dice) -> Action:
        return _random_move(state, data, side, dice)

    return Decision(
        side,
        "air_move",
        RULE,
        f"Air Movement: {side} flies a counter to its target hex, or ends its moves",
        None,
        validate,
        sample,
        context={
            "may_fly": {
                i: {
                    "model": m.aircraft.model,
                    "from": None if m.start is None else label(data, m.start),
                    "range": data.aircraft[m.aircraft.model].range,
                }
                for i, m in movers.items()
            }
        },
        tags=_TAGS,
    )


def apply_fly(
    game: Any, state: State, action: Fly, data: CoralSeaData, ctx: Context, *, side: str
) -> State:
    """Fly one counter (13.C)."""
    return fly(state, data, side, action, ctx)


def apply_end(
    game: Any, state: State, action: EndAirMoves, data: CoralSeaData, ctx: Context, *, side: str
) -> State:
    """``side`` ends its moves this phase (13.E)."""
    ctx.log("air_moves_ended", f"{side} ends its air moves", "13.E", side=side)
    return with_air(state, attrs.evolve(state.air, done=(*state.air.done, side)))


def end(game: Any, state: State, data: CoralSeaData, ctx: Context, *, side: str) -> State:
    """The side's moves are over; after the second player, the scramble limits lapse (13.G)."""
    keep = state.air.scramble_allowance if side == initiative_order(state)[0] else ()
    return with_air(
        state, attrs.evolve(state.air, moved=frozenset(), done=(), scramble_allowance=keep)
    )


def daylight(state: State, data: CoralSeaData) -> bool:
    """Aircraft may not fly at night (19.0)."""
    return not state.night


def _play(index: int) -> Play[Any, State, CoralSeaData]:
    bound: Callable[..., Any] = for_side(initiative_order, index, apply_fly)
    return Play(
        run=for_side(initiative_order, index, end),
        ask=for_side(initiative_order, index, ask),
        apply={Fly: bound, EndAirMoves: for_side(initiative_order, index, apply_end)},
        when=daylight,
    )


FIRST = _play(0)
"""``air_movement.first``: the initiative player's moves (3.3.C, 13.E)."""
SECOND = _play(1)
"""``air_movement.second``: the other player's moves, within the scramble limits (3.3.D)."""
