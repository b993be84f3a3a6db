"""United States Army Air Forces (21.0; notes A41): the Noon commitment roll and loans.

On a Noon turn when the Allies hold the initiative (21.B, 4.B), and no temporary loan is
out (21.D), the Allied player may consult the USAAF Commitment Table: one die (21.C)
gives counters by model, each coded temporary or permanent, placed ready at Australian
mainland airfields of his choice with room (21.C, 8.C). At most four P-39D and three
B-17 counters from the table may be on the map at once (21.H; notes A41: scenario
counters do not count). Temporary counters are on loan: no new roll until their return
is declared, which needs every survivor at an Australian field, and at least one
survivor (21.E: if all are destroyed the loan can never be returned); they leave the
board (``OFF_MAP``). The return may be declared in any Initial Phase (21.F, A41).
New counters are numbered ``A-<model>-U<n>`` in the order they appear.
"""

from __future__ import annotations

from typing import Any

import attrs

from navalwar.driver import Play
from navalwar.engine import Context, Decision
from navalwar.errors import IllegalActionError
from navalwar.games.coral_sea import air_state as air
from navalwar.games.coral_sea.air_actions import PlaceUsaaf, ReturnUsaaf, UsaafRoll
from navalwar.games.coral_sea.air_bases import Base, accepts, bases, room
from navalwar.games.coral_sea.air_common import update, with_air
from navalwar.games.coral_sea.air_state import Aircraft
from navalwar.games.coral_sea.data import CoralSeaData
from navalwar.games.coral_sea.model import NOON, State
from navalwar.games.coral_sea.units import ALLIES

RULE = "21.C"

#: 21.H: "A maximum of four P-39D counters and three B-17 counters may appear."
CAPS = {"P-39D": 4, "B-17": 3}

_FLYING = (air.READY, air.DOWN, air.CAP, air.AIRBORNE)


def table_counters(state: State, model: str) -> list[Aircraft]:
    """The USAAF-table counters of ``model`` on the map (21.H; notes A41)."""
    prefix = f"A-{model}-U"
    return [a for a in state.air.aircraft if a.id.startswith(prefix) and a.status in _FLYING]


def survivors(state: State) -> list[Aircraft]:
    """The temporary USAAF counters still in play (21.E)."""
    return [a for a in state.air.aircraft if a.usaaf_temporary and a.status in _FLYING]


def fields(state: State, data: CoralSeaData, model: str) -> list[Base]:
    """The Australian mainland airfields with room for a ``model`` counter (21.C)."""
    landing = data.aircraft[model].landing
    return [
        b
        for b in bases(state, data, ALLIES)
        if not b.ship and b.australian and accepts(b, landing) and room(state, b) > 0
    ]


def returnable(state: State, data: CoralSeaData) -> bool:
    """Whether the temporary loan may be declared returned now (21.E)."""
    if not state.air.usaaf_out:
        return False
    alive = survivors(state)
    home = {b.name for b in bases(state, data, ALLIES) if not b.ship and b.australian}
    return bool(alive) and all(a.status in (air.READY, air.DOWN) and a.base in home for a in alive)


def may_roll(state: State) -> bool:
    """Whether the Allies may consult the table this turn (21.B, 21.D)."""
    return state.time == NOON and state.initiative == ALLIES and not state.air.usaaf_out


def _when(state: State, data: CoralSeaData) -> bool:
    return may_roll(state) or returnable(state, data) or bool(state.air.usaaf_pending)


def ask(game: Any, state: State, data: CoralSeaData) -> Decision | None:
    """Place a counter granted; declare a return; or roll (21.B-E)."""
    pending = state.air.usaaf_pending
    if pending:
        model, temporary = pending[0]
        here = fields(state, data, model)
        if not here:
            return None
        return Decision(
            ALLIES,
            "place_usaaf",
            RULE,
            f"USAAF: place a {'temporary' if temporary else 'permanent'} {model} counter at "
            "an Australian mainland airfield",
            tuple(PlaceUsaaf(b.name) for b in here),
        )
    if ALLIES not in state.air.done and returnable(state, data):
        return Decision(
            ALLIES,
            "return_usaaf",
            "21.E",
            "USAAF: declare the return of the temporary counters?",
            (ReturnUsaaf(True), ReturnUsaaf(False)),
        )
    if may_roll(state) and state.air.usaaf_asked != state.turn:
        return Decision(
            ALLIES,
            "usaaf_roll",
            "21.B",
            "USAAF: consult the USAAF Commitment Table?",
            (UsaafRoll(True), UsaafRoll(False)),
        )
    return None


def apply_roll(
    game: Any, state: State, action: UsaafRoll, data: CoralSeaData, ctx: Context
) -> State:
    """Roll on the USAAF Commitment Table, or not (21.B-C, 21.H)."""
    if not may_roll(state) or state.air.usaaf_asked == state.turn:
        raise IllegalActionError(
            action.describe(), "the Allies may not roll for the USAAF now", "21.B"
        )
    done = state.air.done if ALLIES in state.air.done else (*state.air.done, ALLIES)
    state = with_air(state, attrs.evolve(state.air, usaaf_asked=state.turn, done=done))
    if not action.roll:
        return state
    roll = ctx.dice.d6("USAAF Commitment Table", "21.C")
    grants = data.tables.usaaf.lookup(roll)
    due: list[tuple[str, bool]] = []
    room_left = {m: cap - len(table_counters(state, m)) for m, cap in CAPS.items()}
    for g in grants:
        for _ in range(g.count):
            if g.model in room_left:
                if room_left[g.model] <= 0:
                    continue
                room_left[g.model] -= 1
            due.append((g.model, g.temporary))
    ctx.log(
        "usaaf_committed",
        f"USAAF Commitment Table, roll {roll}: "
        + (", ".join(f"{m}{' (temporary)' if t else ''}" for m, t in due) or "nothing"),
        RULE,
        roll=roll,
        grants=[[g.model, g.count, g.temporary] for g in grants],
    )
    return with_air(state, attrs.evolve(state.air, usaaf_pending=tuple(due)))


def apply_place(
    game: Any, state: State, action: PlaceUsaaf, data: CoralSeaData, ctx: Context
) -> State:
    """The next counter granted appears ready at the field chosen (21.C)."""
    if not state.air.usaaf_pending:
        raise IllegalActionError(action.describe(), "no USAAF counter is due", RULE)
    model, temporary = state.air.usaaf_pending[0]
    if action.base not in {b.name for b in fields(state, data, model)}:
        raise IllegalActionError(
            action.describe(), f"{action.base!r} is no Australian mainland airfield with room", RULE
        )
    n = 1 + sum(1 for a in state.air.aircraft if a.id.startswith(f"A-{model}-U"))
    new = Aircraft(
        f"A-{model}-U{n}", model, ALLIES, air.READY, base=action.base, usaaf_temporary=temporary
    )
    rolled = dict(state.air.usaaf_rolled)
    rolled[model] = rolled.get(model, 0) + 1
    ctx.log(
        "usaaf_placed",
        f"{new.id} appears at {action.base}{' (on loan)' if temporary else ''}",
        RULE,
        aircraft=new.id,
        model=model,
        base=action.base,
        temporary=temporary,
    )
    return with_air(
        state,
        attrs.evolve(
            state.air,
            aircraft=(*state.air.aircraft, new),
            usaaf_pending=state.air.usaaf_pending[1:],
            usaaf_out=state.air.usaaf_out or temporary,
            usaaf_rolled=tuple(sorted(rolled.items())),
        ),
    )


def apply_return(
    game: Any, state: State, action: ReturnUsaaf, data: CoralSeaData, ctx: Context
) -> State:
    """Declare the temporary counters returned, or not (21.E)."""
    if not returnable(state, data):
        raise IllegalActionError(action.describe(), "the USAAF loan cannot be returned now", "21.E")
    state = with_air(state, attrs.evolve(state.air, done=(*state.air.done, ALLIES)))
    if not action.declare:
        return state
    back = survivors(state)
    state = update(state, *(attrs.evolve(a, status=air.OFF_MAP, base=None) for a in back))
    ctx.log(
        "usaaf_returned",
        f"The USAAF loan is returned: {', '.join(a.id for a in back)}",
        "21.E",
        aircraft=[a.id for a in back],
    )
    return with_air(state, attrs.evolve(state.air, usaaf_out=False))


def run(game: Any, state: State, data: CoralSeaData, ctx: Context) -> State:
    """The step ends; a grant no Australian field has room for is lost (8.C)."""
    if state.air.usaaf_pending:
        ctx.log(
            "usaaf_grant_lost",
            "No Australian mainland airfield has room for the rest of the USAAF grant",
            "8.C",
            grants=[[m, t] for m, t in state.air.usaaf_pending],
        )
    return with_air(state, attrs.evolve(state.air, usaaf_pending=(), done=()))


USAAF: Play[Any, State, CoralSeaData] = Play(
    run=run,
    ask=ask,
    apply={UsaafRoll: apply_roll, PlaceUsaaf: apply_place, ReturnUsaaf: apply_return},
    when=_when,
)
"""``initial.usaaf`` (3.1, 21.B-F): a Noon turn with the Allied initiative, or a loan to return."""
