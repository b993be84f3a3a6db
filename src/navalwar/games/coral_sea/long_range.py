"""Long-range aircraft caught by a squall (26.2.C; notes A7), for the weather step.

"If a squall moves onto a long range aircraft during the Initial Phase of a turn, the
aircraft is permanently destroyed": a counter airborne from last turn (26.2.A) whose hex
is a squall hex once the squalls have moved and appeared (A7: the squall's final hex).
csgame's weather step calls :func:`squall_losses` after placing the squalls.
"""

from __future__ import annotations

from navalwar.engine import Context
from navalwar.games.coral_sea import air_state as air
from navalwar.games.coral_sea.air_common import lose
from navalwar.games.coral_sea.data import CoralSeaData
from navalwar.games.coral_sea.model import State


def squall_losses(state: State, data: CoralSeaData, ctx: Context) -> State:
    """``state`` with every airborne long-range counter in a squall hex destroyed (26.2.C)."""
    squalls = frozenset(state.squalls)
    for a in state.air.aircraft:
        if a.status == air.AIRBORNE and a.airborne_since and a.hex in squalls:
            state = lose(state, a, air.DESTROYED, "a squall moved onto it", "26.2.C", ctx)
    return state
