"""Replacements (17.0): the Terminal Phase cull of the limbo pile.

Each side's limbo counters are separated by type (the printed type code, services
pooled: notes A36, as the 17.C example pairs an F4F-3 with a P-39). Within a type,
for each counter returned to play one is permanently destroyed (17.B); the cull is
compulsory as soon as a type has two (17.C), a pair at a time, the owner choosing both
counters (notes A36). The returned counter appears down at a friendly base that takes
its landing mode and has room (17.D; notes A37: a carrier for C, a tender for R); a
type none of whose counters has such a base waits in limbo. Temporary USAAF counters
never enter the cull (21.F); counters lost aboard ships never reach limbo (17.E).
The initiative holder culls first.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable
from functools import partial
from typing import Any

import attrs

from navalwar.actions import Action
from navalwar.dice import Dice
from navalwar.driver import Play
from navalwar.engine import Context, Decision, typed
from navalwar.errors import IllegalActionError
from navalwar.games.coral_sea import air_state as air
from navalwar.games.coral_sea.air_actions import Replace
from navalwar.games.coral_sea.air_bases import Base, accepts, air_point, bases, room
from navalwar.games.coral_sea.air_common import initiative_order, label, update
from navalwar.games.coral_sea.air_state import Aircraft
from navalwar.games.coral_sea.data import CoralSeaData
from navalwar.games.coral_sea.model import State

RULE = "17.B"


def limbo_by_type(state: State, data: CoralSeaData, side: str) -> dict[str, list[Aircraft]]:
    """``side``'s limbo pile by type code, temporary USAAF counters left out (17.B, 21.F)."""
    out: dict[str, list[Aircraft]] = defaultdict(list)
    for a in state.air.aircraft:
        if a.side == side and a.status == air.LIMBO and not a.usaaf_temporary:
            out[data.aircraft[a.model].type].append(a)
    return dict(out)


def homes(state: State, data: CoralSeaData, a: Aircraft) -> list[Base]:
    """The friendly bases a returned counter may appear at (17.D; notes A37)."""
    landing = data.aircraft[a.model].landing
    return [b for b in bases(state, data, a.side) if accepts(b, landing) and room(state, b) > 0]


def pending(state: State, data: CoralSeaData, side: str) -> dict[str, list[Aircraft]]:
    """The types of ``side`` that must be culled now: two or more in limbo, one of which
    has a base to appear at (17.C, A37)."""
    return {
        t: group
        for t, group in limbo_by_type(state, data, side).items()
        if len(group) >= 2 and any(homes(state, data, a) for a in group)
    }


def problem(state: State, data: CoralSeaData, side: str, action: Replace) -> str | None:
    """Why ``action`` is not a legal pair of ``side``'s cull, or None."""
    groups = pending(state, data, side)
    kind = {a.id: t for t, group in groups.items() for a in group}
    if action.returned not in kind:
        return f"{action.returned!r} is not a limbo counter of a type due for replacement (17.C)"
    if action.destroyed not in kind or action.destroyed == action.returned:
        return f"{action.destroyed!r} is not another limbo counter of a type due (17.B)"
    if kind[action.returned] != kind[action.destroyed]:
        return "the two counters of a pair must be of the same type (17.B)"
    a = state.air.by_id(action.returned)
    assert a is not None
    if action.base not in {b.name for b in homes(state, data, a)}:
        return f"{action.base!r} is not a friendly base with room for a {a.model} (17.D)"
    return None


def _sampler(state: State, data: CoralSeaData, side: str) -> Callable[[Dice], Action]:
    groups = pending(state, data, side)

    def sample(dice: Dice) -> Action:
        group = groups[dice.choose(sorted(groups), "type to cull")]
        placeable = [a for a in group if homes(state, data, a)]
        back = dice.choose(placeable, "counter returned")
        gone = dice.choose([a for a in group if a.id != back.id], "counter destroyed")
        base = dice.choose(homes(state, data, back), "base it appears at")
        return Replace(back.id, gone.id, base.name)

    return sample


def ask(game: Any, state: State, data: CoralSeaData) -> Decision | None:
    """The next pair of the cull, initiative holder first (17.B-D)."""
    for side in initiative_order(state):
        groups = pending(state, data, side)
        if not groups:
            continue

        return Decision(
            side,
            "replace_aircraft",
            "17.C",
            "Replacements: choose a counter to return, one of its type to destroy, and where "
            "it appears",
            None,
            typed(Replace, partial(problem, state, data, side)),
            _sampler(state, data, side),
            context={"limbo": {t: [a.id for a in g] for t, g in groups.items()}},
            tags=(Replace.tag,),
        )
    return None


def apply(game: Any, state: State, action: Replace, data: CoralSeaData, ctx: Context) -> State:
    """Return one counter, down at its base, and destroy its pair for good (17.B, D)."""
    decision = ask(game, state, data)
    if decision is None:
        raise IllegalActionError(action.describe(), "no replacement is due", "17.C")
    side = decision.side
    why = problem(state, data, side, action)
    if why:
        raise IllegalActionError(action.describe(), why, "17.C")
    back = state.air.by_id(action.returned)
    gone = state.air.by_id(action.destroyed)
    assert back is not None and gone is not None
    b = next(x for x in homes(state, data, back) if x.name == action.base)
    state = update(
        state,
        attrs.evolve(back, status=air.DOWN, base=b.name),
        attrs.evolve(gone, status=air.DESTROYED),
    )
    hidden = b.ship and b.tf is not None
    shown: dict[str, Any] = {
        "side": side,
        "returned": back.id,
        "destroyed": gone.id,
        "type": data.aircraft[back.model].type,
    }
    point = air_point(state, b)
    if not hidden:
        shown["base"] = b.name
    elif point is not None:
        shown["hex"] = label(data, point)
    ctx.log(
        "aircraft_replaced",
        f"{back.id} returns to play, {gone.id} is permanently destroyed",
        RULE,
        **shown,
    )
    if hidden:
        ctx.log_private(
            (side,),
            "aircraft_landed_aboard",
            f"{back.id} appears aboard {b.name}",
            "17.D",
            side=side,
            aircraft=back.id,
            ship=b.name,
        )
    return state


REPLACEMENTS: Play[Any, State, CoralSeaData] = Play(ask=ask, apply={Replace: apply})
"""``terminal.replacements`` (3.7.A, 17.0), every turn."""
