"""The scramble (13.F-G; notes A27-A28): how many ready counters of a base under attack may fly.

After the initiative player's air moves and before the other player's, for each of the
second player's bases (field, seaplane base, or ship: notes A28) whose true hex holds
the first player's counters on bombing, escort or interception missions: N = those
counters (escorts included) minus the second player's CAP over that hex, and the
Scramble Table gives how many of the base's ready counters may fly this phase (``ALL``
for all; N <= 0 reads the table's lowest row). The rest, and all down counters, stay on
the ground. The count uses the defender's secret CAP, so it is logged to the defender
only; the attacker sees only what takes off.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

import attrs

from navalwar.driver import Play
from navalwar.engine import Context
from navalwar.games.coral_sea import air_state as air
from navalwar.games.coral_sea.air_bases import bases, cap_over
from navalwar.games.coral_sea.air_common import initiative_order, with_air
from navalwar.games.coral_sea.air_movement import daylight
from navalwar.games.coral_sea.data import CoralSeaData
from navalwar.games.coral_sea.model import State
from navalwar.games.coral_sea.table_types import ALL

#: The missions of attackers counted by the scramble (13.G "including escorts"; A28).
ATTACKS = (*air.BOMBING, air.ESCORT, air.INTERCEPTION)


def allowances(state: State, data: CoralSeaData) -> tuple[tuple[str, int, int, int], ...]:
    """Each second-player base under attack: (base, attackers, CAP, counters that may fly)."""
    first, second = initiative_order(state)
    attackers = Counter(
        a.hex
        for a in state.air.aircraft
        if a.side == first and a.status == air.AIRBORNE and a.mission in ATTACKS
    )
    out = []
    for b in bases(state, data, second):
        n = attackers.get(b.hex, 0)
        if not n:
            continue
        cap = len(cap_over(state, data, second, b.hex))
        out.append((b.name, n, cap, int(data.tables.scramble.lookup(n - cap))))
    return tuple(out)


def run(game: Any, state: State, data: CoralSeaData, ctx: Context) -> State:
    """Work out the second player's scramble limits (13.G), in secret from the first."""
    second = initiative_order(state)[1]
    limits = []
    for name, n, cap, k in allowances(state, data):
        ctx.log_private(
            (second,),
            "scramble_limited",
            f"{name}: {n} attacking counter(s), {cap} on CAP: "
            + ("all ready counters may fly" if k == ALL else f"{k} ready counter(s) may fly"),
            "13.G",
            side=second,
            base=name,
            attackers=n,
            cap=cap,
            may_fly=k,
        )
        if k != ALL:
            limits.append((name, k))
    return with_air(state, attrs.evolve(state.air, scramble_allowance=tuple(limits)))


SCRAMBLE: Play[Any, State, CoralSeaData] = Play(run=run, when=daylight)
"""``air_movement.scramble`` (13.F-G): daylight turns only (19.0)."""
