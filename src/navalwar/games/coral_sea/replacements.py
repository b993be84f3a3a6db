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

Hidden information (11.D): the room aboard a carrier or tender in a TF is its owner's
secret, so whether a side is asked depends on public facts only: a type with two or
more in limbo and a base of its landing mode that may have room (a field or a ship
outside a TF with room, or any such ship afloat the enemy cannot see). Where none of
them has room after all, the owner answers "none" (``Replace("", "", "")``) and the
pile waits; the prompt and the choices' form are the same either way.
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
from navalwar.engine import Context, Decision, answering, typed
from navalwar.games.coral_sea import air_state as air
from navalwar.games.coral_sea.air_actions import Replace
from navalwar.games.coral_sea.air_bases import AIR_SHIPS, Base, accepts, air_point, bases, room
from navalwar.games.coral_sea.air_common import initiative_order, label, update, with_air
from navalwar.games.coral_sea.air_state import Aircraft
from navalwar.games.coral_sea.data import CoralSeaData
from navalwar.games.coral_sea.model import Ship, State
from navalwar.hexgrid import ORIGIN

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


#: The answer "no base of this pile's types has room": the pile waits (17.C, A37).
NONE = Replace("", "", "")


def _unseen_ships(state: State, data: CoralSeaData, side: str) -> list[Ship]:
    """``side``'s ships afloat carrying aircraft that the enemy cannot see (in a TF, not
    yet entered, or out of play): any of them may be a base with room, for all it knows."""
    return [
        s
        for s in state.ships
        if s.side == side
        and not s.sunk
        and data.ships[s.name].type in AIR_SHIPS
        and (s.tf is not None or s.hex is None or s.out_of_play)
    ]


def _may_have_home(state: State, data: CoralSeaData, a: Aircraft, unseen: list[Ship]) -> bool:
    """Whether the enemy cannot rule out a base with room for ``a`` (17.D; 11.D)."""
    landing = data.aircraft[a.model].landing
    if any(not b.ship or b.tf is None for b in homes(state, data, a)):
        return True  # a field or a ship in sight with room: public
    return any(
        accepts(Base(s.name, s.side, True, data.ships[s.name].type, ORIGIN, 0), landing)
        for s in unseen
    )


def asked(state: State, data: CoralSeaData, side: str) -> dict[str, list[Aircraft]]:
    """The types ``side`` is asked about, on public facts only: two or more in limbo and
    a base that may have room (17.C; 11.D). :func:`pending` is the part truly due."""
    unseen = _unseen_ships(state, data, side)
    return {
        t: group
        for t, group in limbo_by_type(state, data, side).items()
        if len(group) >= 2 and any(_may_have_home(state, data, a, unseen) for a in group)
    }


def pending(state: State, data: CoralSeaData, side: str) -> dict[str, list[Aircraft]]:
    """The types of ``side`` that must be culled now: two or more in limbo, one of which
    has a base to appear at (17.C, A37)."""
    return {
        t: group
        for t, group in limbo_by_type(state, data, side).items()
        if len(group) >= 2 and any(homes(state, data, a) for a in group)
    }


def problem(state: State, data: CoralSeaData, side: str, action: Replace) -> str | None:
    """Why ``action`` is not a legal pair of ``side``'s cull (or a legal "none"), or None."""
    groups = pending(state, data, side)
    if action == NONE:
        if groups:
            due = ", ".join(sorted(groups))
            return f"a base has room for type {due}: the cull must be taken (17.C)"
        return None
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
        if not groups:
            return NONE
        group = groups[dice.choose(sorted(groups), "type to cull")]
        placeable = [a for a in group if homes(state, data, a)]
        back = dice.choose(placeable, "counter returned")
        gone = dice.choose([a for a in group if a.id != back.id], "counter destroyed")
        base = dice.choose(homes(state, data, back), "base it appears at")
        return Replace(back.id, gone.id, base.name)

    return sample


def ask(game: Any, state: State, data: CoralSeaData) -> Decision | None:
    """The next pair of the cull, initiative holder first (17.B-D); asked on public
    facts only (:func:`asked`), a side that answered "none" is done this turn."""
    for side in initiative_order(state):
        if side in state.air.done:
            continue
        groups = asked(state, data, side)
        if not groups:
            continue

        return Decision(
            side,
            "replace_aircraft",
            "17.C",
            "Replacements: choose a counter to return, one of its type to destroy, and where "
            "it appears (or none, if no base of the type has room)",
            None,
            typed(Replace, partial(problem, state, data, side)),
            _sampler(state, data, side),
            context={"limbo": {t: [a.id for a in g] for t, g in groups.items()}},
            tags=(Replace.tag,),
        )
    return None


def apply(game: Any, state: State, action: Replace, data: CoralSeaData, ctx: Context) -> State:
    """Return one counter, down at its base, and destroy its pair for good (17.B, D)."""
    side = answering(ask(game, state, data), action, "no replacement is due", "17.C").side
    if action == NONE:
        return with_air(state, attrs.evolve(state.air, done=(*state.air.done, side)))
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


def run(game: Any, state: State, data: CoralSeaData, ctx: Context) -> State:
    """The cull is over: the sides' "none" answers forgotten."""
    return with_air(state, attrs.evolve(state.air, done=())) if state.air.done else state


REPLACEMENTS: Play[Any, State, CoralSeaData] = Play(run=run, ask=ask, apply={Replace: apply})
"""``terminal.replacements`` (3.7.A, 17.0), every turn."""
