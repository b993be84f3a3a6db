"""What the air rules share: side order, hex labels, checks and losses (4.B, 13.C, 17.A)."""

from __future__ import annotations

from collections.abc import Sequence

import attrs

from navalwar.engine import Context
from navalwar.errors import IllegalActionError, NavalwarError
from navalwar.games.coral_sea import air_state as air
from navalwar.games.coral_sea.air_state import Aircraft, AirState
from navalwar.games.coral_sea.data import CoralSeaData
from navalwar.games.coral_sea.model import State
from navalwar.games.coral_sea.units import ALLIES, JAPAN
from navalwar.hexgrid import Hex


def other(side: str) -> str:
    """The other side."""
    return ALLIES if side == JAPAN else JAPAN


def initiative_order(state: State) -> tuple[str, str]:
    """The side holding the initiative, then the other (4.B: "s/he performs all activity
    in that phase before the opponent"); Japan first before any roll."""
    first = state.initiative or JAPAN
    return first, other(first)


def with_air(state: State, air_state: AirState) -> State:
    """``state`` with its air part replaced."""
    return attrs.evolve(state, air=air_state)


def update(state: State, *changed: Aircraft) -> State:
    """``state`` with the counters ``changed`` replaced (by id)."""
    return attrs.evolve(state, air=state.air.replace(*changed))


def label(data: CoralSeaData, h: Hex) -> str:
    """The map label of ``h``."""
    return data.geography.spec.label(h)


def hexes(data: CoralSeaData, labels: Sequence[str], what: str, rule: str) -> tuple[Hex, ...]:
    """The hexes of ``labels`` (on the map).

    Raises:
        IllegalActionError: a label is malformed or off the map.
    """
    spec = data.geography.spec
    out = []
    for text in labels:
        try:
            out.append(spec.hex(text))
        except NavalwarError as error:
            raise IllegalActionError(what, str(error), rule) from None
    return tuple(out)


def counter(state: State, aircraft_id: str, side: str, what: str, rule: str) -> Aircraft:
    """``side``'s counter ``aircraft_id``.

    Raises:
        IllegalActionError: there is no such counter of ``side``.
    """
    a = state.air.by_id(aircraft_id)
    if a is None or a.side != side:
        raise IllegalActionError(what, f"{side} has no air counter {aircraft_id!r}", rule)
    return a


def lose(
    state: State,
    a: Aircraft,
    pile: str,
    why: str,
    rule: str,
    ctx: Context,
    private: bool = False,
) -> State:
    """``a`` lost to ``pile`` (``air.LIMBO`` or ``air.DESTROYED``, 17.A-E), logged (only to
    its owner when ``private``: a counter aboard a ship in a TF, 11.D)."""
    lost = attrs.evolve(
        a,
        status=pile,
        base=None,
        hex=None,
        mission=None,
        origin=None,
        extended=0,
        extended_declared=False,
        airborne_since=0,
        mp_used=0,
    )
    data = {"side": a.side, "aircraft": a.id, "pile": pile, "why": why}
    text = (
        f"{a.id} is {'permanently destroyed' if pile == air.DESTROYED else 'put in limbo'}: {why}"
    )
    if private:
        ctx.log_private((a.side,), "aircraft_eliminated", text, rule, **data)
    else:
        ctx.log("aircraft_eliminated", text, rule, **data)
    return update(state, lost)


def reason(error: IllegalActionError) -> str:
    """Why an action is refused, naming the rule (for a decision's validator)."""
    if not error.rule or f"({error.rule})" in error.why:
        return error.why
    return f"{error.why} ({error.rule})"
