"""The Air Return Phase (3.5, 13.D-E, 7.6 of the notes): airborne counters fly home.

The initiative player first (13.E; notes A74), each airborne counter not on CAP flies
to a friendly base that takes its landing mode (2.2.7, 8.E, 16.1-16.3), is in service
and has room (6.C, 8.C), within its range for this leg (13.D; notes A23), paying the
same costs as outbound (13.A, 5.2.D), with extended range if declared (26.1). A ship's
aircraft land at its air point: its TF's true hex if revealed this turn, else its TF
counter, placed now within two hexes of the true hex if there is none (notes A25).
Scouts check the hexes they enter on the way (12.2.B). A long-range counter may stay
airborne instead (26.2, option; not into a night turn, and not a second turn: notes
A39, A60). Landed counters are down (9.A). A counter that cannot reach a base is
permanently destroyed (notes A26) when its side's returns end.
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
from navalwar.games.coral_sea import air_state as air
from navalwar.games.coral_sea.air_actions import EndAirMoves, Land, StayAloft
from navalwar.games.coral_sea.air_bases import (
    Base,
    accepts,
    air_point,
    bases,
    counter_problem,
    place_counter,
    room,
)
from navalwar.games.coral_sea.air_common import (
    hexes,
    initiative_order,
    label,
    lose,
    reason,
    update,
    with_air,
)
from navalwar.games.coral_sea.air_movement import daylight
from navalwar.games.coral_sea.air_range import (
    EXTENDED_RANGE,
    LONG_RANGE,
    budget,
    entry_cost,
    option,
    reach_from,
)
from navalwar.games.coral_sea.air_state import Aircraft
from navalwar.games.coral_sea.data import CoralSeaData
from navalwar.games.coral_sea.model import State, is_night
from navalwar.games.coral_sea.scouting import scout_path
from navalwar.hexgrid import Hex, hexes_within
from navalwar.paths import PathError, Reach, path_cost

RULE = "13.D"
_TAGS = (Land.tag, StayAloft.tag, EndAirMoves.tag)


def returning(state: State, side: str) -> list[Aircraft]:
    """``side``'s airborne counters still to return this phase (13.D)."""
    moved = state.air.moved
    return [
        a
        for a in state.air.aircraft
        if a.side == side and a.status == air.AIRBORNE and a.id not in moved and a.hex is not None
    ]


def may_stay(state: State, data: CoralSeaData, a: Aircraft) -> bool:
    """Whether ``a`` may stay airborne into the next turn (26.2.A; notes A39, A60)."""
    return (
        option(state, LONG_RANGE)
        and data.aircraft[a.model].long_range
        and a.airborne_since == 0
        and not is_night(state.turn + 1)
    )


def _goals(state: State, data: CoralSeaData, b: Base) -> tuple[Hex | None, list[Hex]]:
    """Where a counter may land at ``b``: its air point, or (none yet) the hexes where
    the TF counter may be placed."""
    point = air_point(state, b)
    if point is not None:
        return point, [point]
    return None, [h for h in hexes_within(b.hex, 2) if counter_problem(state, data, b, h) is None]


def landings(state: State, data: CoralSeaData, a: Aircraft) -> list[tuple[Base, Hex, bool]]:
    """Every base ``a`` may land at now, with a hex to land in and whether it needs
    extended range to get there (13.D, 26.1)."""
    assert a.hex is not None
    extended = option(state, EXTENDED_RANGE)
    plain = budget(state, data, a.model, False, a.mp_used)
    far = budget(state, data, a.model, extended, a.mp_used)
    r = reach_from(state, data, a.hex, far)
    landing = data.aircraft[a.model].landing
    out = []
    for b in bases(state, data, a.side):
        if not accepts(b, landing) or room(state, b) <= 0:
            continue
        _, goals = _goals(state, data, b)
        best = [(r.costs[h], h) for h in goals if h in r.costs]
        if best:
            spent, h = min(best, key=lambda x: (x[0], x[1].q, x[1].r))
            out.append((b, h, spent > plain))
    return out


def _reach(state: State, data: CoralSeaData, a: Aircraft, extended: bool) -> Reach:
    assert a.hex is not None
    return reach_from(state, data, a.hex, budget(state, data, a.model, extended, a.mp_used))


def check_land(
    state: State, data: CoralSeaData, side: str, action: Land
) -> tuple[Aircraft, Base, tuple[Hex, ...], Hex | None]:
    """``action`` checked: the counter, its base, the hexes entered, a TF counter to place.

    Raises:
        IllegalActionError: naming the rule it breaks; nothing is changed.
    """
    what = action.describe()
    a = _airborne(state, side, action.aircraft, what)
    b = next((x for x in bases(state, data, side) if x.name == action.base), None)
    if b is None:
        raise IllegalActionError(what, f"{action.base!r} is no friendly base in use", "2.2.7")
    spec = data.aircraft[a.model]
    if not accepts(b, spec.landing):
        raise IllegalActionError(
            what, f"{b.name} ({b.kind}) does not take landing mode {spec.landing}", "2.2.7"
        )
    if room(state, b) <= 0:
        raise IllegalActionError(what, f"{b.name} is full ({b.capacity} counters)", "8.C")
    if action.extended and not option(state, EXTENDED_RANGE):
        raise IllegalActionError(what, "the optional extended range rule is not in play", "26.1")
    point = air_point(state, b)
    counter = None
    if action.counter:
        if point is not None:
            raise IllegalActionError(what, "its TF counter is on the board already (13.B)", "13.B")
        (counter,) = hexes(data, (action.counter,), what, "13.B")
        why = counter_problem(state, data, b, counter)
        if why:
            raise IllegalActionError(what, why, "13.B")
        goal = counter
    elif point is None:
        raise IllegalActionError(
            what, f"{b.name}'s TF has no counter on the board: place one (counter=)", "13.B"
        )
    else:
        goal = point
    path = hexes(data, action.path, what, RULE)
    assert a.hex is not None
    end = path[-1] if path else a.hex
    if end != goal:
        raise IllegalActionError(what, f"the path must end at {label(data, goal)}", RULE)
    _flown(state, data, a, path, action.extended, what)
    return a, b, path, counter


def _airborne(state: State, side: str, aircraft_id: str, what: str) -> Aircraft:
    a = state.air.by_id(aircraft_id)
    if a is None or a.side != side:
        raise IllegalActionError(what, f"{side} has no air counter {aircraft_id!r}", RULE)
    if a.id in state.air.moved:
        raise IllegalActionError(what, f"{a.id} has already returned this phase", RULE)
    if a.status != air.AIRBORNE or a.hex is None:
        raise IllegalActionError(what, f"{a.id} is not airborne", RULE)
    return a


def _flown(
    state: State, data: CoralSeaData, a: Aircraft, path: tuple[Hex, ...], extended: bool, what: str
) -> None:
    assert a.hex is not None
    try:
        spent = path_cost(a.hex, path, entry_cost(state, data))
    except PathError as error:
        raise IllegalActionError(what, f"{error} (13.A, 5.2.D)", "13.A") from None
    allowed = budget(state, data, a.model, extended, a.mp_used)
    if spent > allowed:
        raise IllegalActionError(
            what, f"the path costs {spent} MP, beyond the {allowed} MP of its range", "13.A"
        )


def apply_land(
    game: Any, state: State, action: Land, data: CoralSeaData, ctx: Context, *, side: str
) -> State:
    """Land one counter, down (13.D, 9.A), scouting on the way (12.2.B)."""
    a, b, path, counter = check_land(state, data, side, action)
    if counter is not None:
        state = place_counter(state, b, counter)
        ctx.log(
            "tf_counter_placed",
            f"{side} places a TF counter in {label(data, counter)}",
            "13.B",
            side=side,
            hex=label(data, counter),
        )
    state = scout_path(state, data, a, path, ctx)
    assert a.hex is not None
    where = label(data, path[-1] if path else a.hex)
    landed = attrs.evolve(
        a,
        status=air.DOWN,
        base=b.name,
        hex=None,
        mission=None,
        origin=None,
        extended=0,
        extended_declared=False,
        airborne_since=0,
        attacked=False,
        mp_used=0,
    )
    state = update(state, landed)
    state = with_air(state, attrs.evolve(state.air, moved=state.air.moved | {a.id}))
    hidden = b.ship and b.tf is not None
    shown: dict[str, Any] = {"side": side, "aircraft": a.id, "path": [label(data, h) for h in path]}
    shown["hex"] = where
    if not hidden:
        shown["base"] = b.name
    ctx.log("aircraft_landed", f"{a.id} lands at {where if hidden else b.name}", RULE, **shown)
    if hidden:
        ctx.log_private(
            (side,),
            "aircraft_landed_aboard",
            f"{a.id} lands aboard {b.name}",
            RULE,
            side=side,
            aircraft=a.id,
            ship=b.name,
        )
    return state


def apply_stay(
    game: Any, state: State, action: StayAloft, data: CoralSeaData, ctx: Context, *, side: str
) -> State:
    """A long-range counter stays airborne into the next turn (26.2.A)."""
    what = action.describe()
    a = _airborne(state, side, action.aircraft, what)
    if not may_stay(state, data, a):
        raise IllegalActionError(
            what,
            f"{a.id} may not stay airborne (optional rule 26.2: long-range models only, for "
            "one turn end, not into a night turn)",
            "26.2",
        )
    path = hexes(data, action.path, what, RULE)
    _flown(state, data, a, path, False, what)
    state = scout_path(state, data, a, path, ctx)
    assert a.hex is not None
    end = path[-1] if path else a.hex
    state = update(state, attrs.evolve(a, hex=end, airborne_since=state.turn, attacked=False))
    state = with_air(state, attrs.evolve(state.air, moved=state.air.moved | {a.id}))
    ctx.log(
        "aircraft_stayed_aloft",
        f"{a.id} stays airborne over {label(data, end)}",
        "26.2",
        side=side,
        aircraft=a.id,
        path=[label(data, h) for h in path],
        hex=label(data, end),
    )
    return state


def _random_return(state: State, data: CoralSeaData, side: str, dice: Dice) -> Action:
    """A legal return drawn at random (a landing, or staying airborne)."""
    options = [(a, landings(state, data, a)) for a in returning(state, side)]
    options = [(a, ways) for a, ways in options if ways or may_stay(state, data, a)]
    a, ways = dice.choose(options, "counter to return")
    if not ways or (may_stay(state, data, a) and dice.roll(4, "stay airborne") == 1):
        return StayAloft(a.id)
    b, goal, extended = dice.choose(ways, "base to land at")
    path = _reach(state, data, a, extended).path_to(goal) or ()
    point = air_point(state, b)
    counter = label(data, goal) if point is None else ""
    return Land(a.id, b.name, tuple(label(data, h) for h in path), extended, counter)


def ask(game: Any, state: State, data: CoralSeaData, *, side: str) -> Decision | None:
    """``side``'s next return, while it has airborne counters and has not ended: a
    landing or staying up, or, once no counter has a base in reach, the end (the rest
    are lost). Asked whenever the side has counters in the air (public), so that what
    its hidden carriers have room for is not given away."""
    if side in state.air.done or not returning(state, side):
        return None
    able = [
        a for a in returning(state, side) if may_stay(state, data, a) or landings(state, data, a)
    ]

    def validate(action: Action) -> str | None:
        if isinstance(action, EndAirMoves):
            if able:
                return f"{able[0].id} can still reach a friendly base: it must return (13.D)"
            return None
        try:
            if isinstance(action, Land):
                check_land(state, data, side, action)
            elif isinstance(action, StayAloft):
                what = action.describe()
                a = _airborne(state, side, action.aircraft, what)
                if not may_stay(state, data, a):
                    return f"{a.id} may not stay airborne (26.2)"
                _flown(state, data, a, hexes(data, action.path, what, RULE), False, what)
            else:
                return "a land or stay_aloft action is needed"
        except IllegalActionError as error:
            return reason(error)
        return None

    def sample(dice: Dice) -> Action:
        return _random_return(state, data, side, dice) if able else EndAirMoves()

    return Decision(
        side,
        "air_return",
        RULE,
        f"Air Return: {side} flies a counter home to a friendly base within range",
        None,
        validate,
        sample,
        context={
            "returning": [a.id for a in able],
            "lost": [a.id for a in returning(state, side) if a not in able],
        },
        tags=_TAGS,
    )


def apply_end(
    game: Any, state: State, action: EndAirMoves, data: CoralSeaData, ctx: Context, *, side: str
) -> State:
    """``side`` ends its returns: none of its counters left can reach a base (13.D)."""
    if any(may_stay(state, data, a) or landings(state, data, a) for a in returning(state, side)):
        raise IllegalActionError(
            action.describe(), "a counter can still reach a friendly base: it must return", RULE
        )
    return with_air(state, attrs.evolve(state.air, done=(*state.air.done, side)))


def end(game: Any, state: State, data: CoralSeaData, ctx: Context, *, side: str) -> State:
    """``side``'s returns are over: counters with no base in reach are lost (notes A26)."""
    for a in returning(state, side):
        state = lose(state, a, air.DESTROYED, "no friendly base within range", RULE, ctx)
    return with_air(state, attrs.evolve(state.air, moved=frozenset(), done=()))


def _play(index: int) -> Play[Any, State, CoralSeaData]:
    land: Callable[..., Any] = for_side(initiative_order, index, apply_land)
    return Play(
        run=for_side(initiative_order, index, end),
        ask=for_side(initiative_order, index, ask),
        apply={
            Land: land,
            StayAloft: for_side(initiative_order, index, apply_stay),
            EndAirMoves: for_side(initiative_order, index, apply_end),
        },
        when=daylight,
    )


FIRST = _play(0)
"""``air_return.first``: the initiative player's returns (3.5, 13.E)."""
SECOND = _play(1)
"""``air_return.second``: the other player's returns (3.5)."""
