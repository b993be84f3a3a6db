"""Aviation maintenance (9.0): down counters made ready, at each base's rate.

Each field makes ready up to ``tables.maintenance[letter]`` of its down counters a
turn (9.B), each CV, CVL and AV ``tables.ship_maintenance[type]`` (notes A13: the
rulebook gives no ship rate). The owner chooses which (9.C): a side is asked only
where a base has more down counters than its rate; elsewhere every down counter is
made ready. Maintenance runs on night turns too (notes 7.0). What happens aboard a
ship in a TF is logged to its owner only (11.D).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from functools import partial
from typing import Any

import attrs

from navalwar.actions import Action
from navalwar.dice import Dice
from navalwar.driver import Play
from navalwar.engine import Context, Decision, answering, typed
from navalwar.games.coral_sea import air_state as air
from navalwar.games.coral_sea.air_actions import ReadyAircraft
from navalwar.games.coral_sea.air_bases import Base, bases
from navalwar.games.coral_sea.air_common import initiative_order, update, with_air
from navalwar.games.coral_sea.air_state import Aircraft
from navalwar.games.coral_sea.data import CoralSeaData
from navalwar.games.coral_sea.model import State

RULE = "9.B"


def rate(data: CoralSeaData, base: Base) -> int:
    """How many down counters ``base`` makes ready a turn (9.B; notes A13)."""
    tables = data.tables
    if base.ship:
        return int(tables.ship_maintenance.get(base.kind, 0))
    return int(tables.maintenance.get(base.efficiency, 0))


def _down(state: State, data: CoralSeaData, side: str) -> list[tuple[Base, int, list[Aircraft]]]:
    """Each of ``side``'s bases with down counters: the base, its rate, its down counters."""
    out = []
    for b in bases(state, data, side):
        downs = [a for a in state.air.aircraft if a.base == b.name and a.status == air.DOWN]
        if downs:
            out.append((b, rate(data, b), downs))
    return out


def choices(state: State, data: CoralSeaData, side: str) -> list[tuple[Base, int, list[Aircraft]]]:
    """``side``'s bases where the owner chooses (more down counters than the rate, 9.C)."""
    return [(b, n, downs) for b, n, downs in _down(state, data, side) if 0 < n < len(downs)]


def _ready(state: State, base: Base, ids: list[str], ctx: Context) -> State:
    chosen = [a for a in state.air.aircraft if a.id in ids]
    if not chosen:
        return state
    state = update(state, *(attrs.evolve(a, status=air.READY) for a in chosen))
    fields: dict[str, Any] = {"side": base.side, "base": base.name, "aircraft": ids}
    text = f"{base.side}: {len(ids)} counter(s) made ready at {base.name}"
    if base.ship and base.tf is not None:
        ctx.log_private((base.side,), "aircraft_readied", text, RULE, **fields)
    else:
        ctx.log("aircraft_readied", text, RULE, **fields)
    return state


def _unchosen(state: State, data: CoralSeaData, side: str) -> list[tuple[Base, list[str]]]:
    """``side``'s bases where there is no choice, with every down counter there (9.B)."""
    return [
        (b, [a.id for a in downs]) for b, n, downs in _down(state, data, side) if n >= len(downs)
    ]


def _ready_all(state: State, found: list[tuple[Base, list[str]]], ctx: Context) -> State:
    for b, ids in found:
        state = _ready(state, b, ids, ctx)
    return state


def problem(state: State, data: CoralSeaData, side: str, action: ReadyAircraft) -> str | None:
    """Why ``action`` is not a legal choice of ``side``'s counters to make ready, or None."""
    at = {a.id: b.name for b, _, downs in choices(state, data, side) for a in downs}
    wanted = {b.name: n for b, n, _ in choices(state, data, side)}
    if len(set(action.aircraft)) != len(action.aircraft):
        return "a counter is named twice"
    for aid in action.aircraft:
        if aid not in at:
            return f"{aid!r} is not a down counter at a base where {side} chooses (9.C)"
    got = Counter(at[aid] for aid in action.aircraft)
    for name, n in wanted.items():
        if got[name] != n:
            return f"{name} makes exactly {n} counter(s) ready this turn, not {got[name]} (9.B)"
    return None


def _sampler(state: State, data: CoralSeaData, side: str) -> Callable[[Dice], Action]:
    options = choices(state, data, side)

    def sample(dice: Dice) -> Action:
        ids: list[str] = []
        for _, n, downs in options:
            ids += [a.id for a in dice.shuffled(downs, "maintenance choice")[:n]]
        return ReadyAircraft(tuple(ids))

    return sample


def ask(game: Any, state: State, data: CoralSeaData) -> Decision | None:
    """Which down counters to make ready, for each side with a choice, initiative first
    (9.C). A side with a carrier or tender afloat is asked every turn, choice or not, so
    that what its hidden decks hold is not given away (11.D); with no choice it answers
    with no counter."""
    for side in initiative_order(state):
        if side in state.air.done:
            continue
        options = choices(state, data, side)
        if not options and not any(b.ship for b in bases(state, data, side)):
            continue

        return Decision(
            side,
            "ready_aircraft",
            "9.C",
            "Aviation maintenance: choose the counters made ready where there are more "
            "down counters than the base's rate"
            + (f": {', '.join(f'{b.name} ({n})' for b, n, _ in options)}" if options else ""),
            None,
            typed(ReadyAircraft, partial(problem, state, data, side)),
            _sampler(state, data, side),
            context={
                "bases": {b.name: {"rate": n, "down": [a.id for a in d]} for b, n, d in options}
            },
            tags=(ReadyAircraft.tag,),
        )
    return None


def apply(
    game: Any, state: State, action: ReadyAircraft, data: CoralSeaData, ctx: Context
) -> State:
    """Make ready the counters chosen, and every down counter where there is no choice (9.B-C)."""
    side = answering(ask(game, state, data), action, "no maintenance choice is pending", "9.C").side
    chosen = set(action.aircraft)
    unchosen = _unchosen(state, data, side)
    for b, _, downs in choices(state, data, side):
        state = _ready(state, b, [a.id for a in downs if a.id in chosen], ctx)
    state = _ready_all(state, unchosen, ctx)
    return with_air(state, attrs.evolve(state.air, done=(*state.air.done, side)))


def run(game: Any, state: State, data: CoralSeaData, ctx: Context) -> State:
    """Make ready every down counter at the bases where no side had a choice (9.B)."""
    for side in initiative_order(state):
        if side not in state.air.done:
            state = _ready_all(state, _unchosen(state, data, side), ctx)
    return with_air(state, attrs.evolve(state.air, done=()))


MAINTENANCE: Play[Any, State, CoralSeaData] = Play(run=run, ask=ask, apply={ReadyAircraft: apply})
"""``initial.maintenance`` (3.1, 9.0), every turn."""
