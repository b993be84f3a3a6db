"""Combat air patrol (10.0, 3.7.B): committed in secret, revealed and landed at the end.

In the Initial Phase each side in turn (the initiative holder first) secretly commits
ready fighters at each field or ship to CAP over that base (10.A, 10.C: the airfield's
hex or the TF's true hex). Every side is asked every daylight turn, even with nothing
to commit, so that whether it has ready fighters is not given away; the commitment is
logged to its owner only (10.B) and the opponent is told only that it was made. CAP
counters may do nothing else that turn (10.D). In the Terminal Phase (3.7.B, 10.E) the
quantities are revealed and the counters land at their base, down for the next turn;
a counter whose base is gone lands at another friendly base in the same hex, or is
permanently destroyed (notes A15). So does a counter above its carrier's capacity,
halved or zeroed by gunnery hits while it was up (25.4.5.D; notes A56: "aircraft above
the new capacity must land elsewhere"): its CAP lands home in id order while there is
room.
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
from navalwar.games.coral_sea.air_actions import CommitCap
from navalwar.games.coral_sea.air_bases import accepts, bases, room
from navalwar.games.coral_sea.air_common import initiative_order, lose, update, with_air
from navalwar.games.coral_sea.air_state import Aircraft
from navalwar.games.coral_sea.data import CoralSeaData
from navalwar.games.coral_sea.model import State
from navalwar.hexgrid import Hex

RULE = "10.A"


def eligible(state: State, data: CoralSeaData, side: str) -> list[Aircraft]:
    """``side``'s ready fighters at its bases in use (10.A: "ready fighter-type aircraft")."""
    here = {b.name for b in bases(state, data, side)}
    models = data.aircraft
    return [
        a
        for a in state.air.aircraft
        if a.side == side
        and a.status == air.READY
        and a.base in here
        and models[a.model].can_fly("cap")
    ]


def problem(state: State, data: CoralSeaData, side: str, action: CommitCap) -> str | None:
    """Why ``action`` is not a legal CAP commitment of ``side``, or None."""
    ok = {a.id for a in eligible(state, data, side)}
    if len(set(action.aircraft)) != len(action.aircraft):
        return "a counter is named twice"
    for aid in action.aircraft:
        if aid not in ok:
            return f"{aid!r} is not a ready fighter of {side} at one of its bases (10.A)"
    return None


def _sampler(state: State, data: CoralSeaData, side: str) -> Callable[[Dice], Action]:
    fighters = eligible(state, data, side)

    def sample(dice: Dice) -> Action:
        return CommitCap(tuple(a.id for a in fighters if dice.roll(2, "CAP choice") == 1))

    return sample


def ask_commit(game: Any, state: State, data: CoralSeaData) -> Decision | None:
    """Each side in turn, initiative first, secretly commits its CAP (10.A-C)."""
    for side in initiative_order(state):
        if side in state.air.done:
            continue

        fighters = eligible(state, data, side)
        return Decision(
            side,
            "commit_cap",
            "10.A",
            "Combat air patrol: secretly commit ready fighters to CAP over their own bases",
            None,
            typed(CommitCap, partial(problem, state, data, side)),
            _sampler(state, data, side),
            context={"fighters": {a.id: a.base for a in fighters}},
            tags=(CommitCap.tag,),
        )
    return None


def apply_commit(
    game: Any, state: State, action: CommitCap, data: CoralSeaData, ctx: Context
) -> State:
    """Put the counters committed on CAP over their bases, in secret (10.A-D)."""
    none = "no CAP commitment is pending"
    side = answering(ask_commit(game, state, data), action, none, RULE).side
    chosen = [a for a in state.air.aircraft if a.id in set(action.aircraft)]
    state = update(state, *(attrs.evolve(a, status=air.CAP) for a in chosen))
    over = dict(Counter(str(a.base) for a in chosen))
    ctx.log_private(
        (side,),
        "cap_committed",
        f"{side} commits {len(chosen)} counter(s) to CAP (secret until the Terminal Phase)",
        "10.B",
        side=side,
        aircraft=[a.id for a in chosen],
        bases=over,
    )
    ctx.log("cap_declared", f"{side} has recorded its CAP", "10.B", side=side)
    return with_air(state, attrs.evolve(state.air, done=(*state.air.done, side)))


def end_commit(game: Any, state: State, data: CoralSeaData, ctx: Context) -> State:
    """Both sides have committed: the step ends."""
    return with_air(state, attrs.evolve(state.air, done=()))


def land(game: Any, state: State, data: CoralSeaData, ctx: Context) -> State:
    """Reveal each side's CAP and land it, down (3.7.B, 10.E; notes A15, A56)."""
    for side in initiative_order(state):
        patrol = [a for a in state.air.aircraft if a.side == side and a.status == air.CAP]
        in_use = {b.name: b for b in bases(state, data, side)}
        fields: Counter[str] = Counter()
        at_sea = 0
        for a in patrol:
            b = in_use.get(str(a.base))
            if b is not None and b.ship:
                at_sea += 1
            elif b is not None:
                fields[b.name] += 1
        ctx.log(
            "cap_revealed",
            f"{side}'s CAP revealed: {len(patrol)} counter(s)",
            "10.E",
            side=side,
            count=len(patrol),
            fields=dict(fields),
            at_sea=at_sea,
        )
        for a in patrol:
            home = in_use.get(str(a.base))
            if home is not None and landed(state, home.name) < home.capacity:
                state = update(state, attrs.evolve(a, status=air.DOWN))
                continue
            landing = data.aircraft[a.model].landing
            origin = _origin_hex(state, data, a)
            spare = [
                b
                for b in bases(state, data, side)
                if b.hex == origin
                and b.name != a.base
                and accepts(b, landing)
                and room(state, b) > 0
            ]
            if spare:
                state = update(state, attrs.evolve(a, status=air.DOWN, base=spare[0].name))
            else:
                gone = home is None
                why = "its CAP base is gone" if gone else "no room left on its carrier"
                rule = "10.E" if gone else "10.E; 25.4.5.D"
                state = lose(state, a, air.DESTROYED, why, rule, ctx)
    return state


def landed(state: State, name: str) -> int:
    """The counters ready or down at base ``name`` (its CAP not counted)."""
    on = (air.READY, air.DOWN)
    return sum(1 for a in state.air.aircraft if a.base == name and a.status in on)


def _origin_hex(state: State, data: CoralSeaData, a: Aircraft) -> Hex | None:
    """The hex of the base a CAP counter flew from, even when that base is no longer in
    use (a ship's hex, a field's hex)."""
    for ship in state.ships:
        if ship.name == a.base:
            return ship.hex
    for info in data.geography.bases:
        if info.name == a.base:
            return info.hex
    return None


def _daylight(state: State, data: CoralSeaData) -> bool:
    return not state.night


COMMIT_CAP: Play[Any, State, CoralSeaData] = Play(
    run=end_commit, ask=ask_commit, apply={CommitCap: apply_commit}, when=_daylight
)
"""``initial.cap`` (3.1, 10.A-C): daylight turns only (19.0)."""

LAND_CAP: Play[Any, State, CoralSeaData] = Play(run=land)
"""``terminal.cap`` (3.7.B, 10.E)."""
