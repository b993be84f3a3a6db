"""Scouting in flight (12.2): a scout on a scouting mission checks each hex it enters.

A counter with scout status (S, SV, SD; 14.5) flying a scouting mission checks every
hex it enters on the way out and on the way home, its target hex included but not its
launch hex (12.2.A-B; notes A22). It sees nothing in or from a squall or a squall-
influenced hex (5.2.A, 12.3.A, C), nor at night (12.3.B). A check that finds an enemy
TF's true hex reveals it to both sides for the rest of the turn: its counter moves to
that hex (12.2.C, 13.B). A miss tells nothing to anyone beyond the flight itself.
"""

from __future__ import annotations

from collections.abc import Iterable

from navalwar.engine import Context
from navalwar.games.coral_sea import reconnaissance, weather
from navalwar.games.coral_sea.air_range import entry_cost
from navalwar.games.coral_sea.air_state import SCOUTING, Aircraft
from navalwar.games.coral_sea.data import CoralSeaData
from navalwar.games.coral_sea.model import State
from navalwar.hexgrid import Hex


def scouts(data: CoralSeaData, a: Aircraft) -> bool:
    """Whether ``a`` scouts as it flies (12.2.A, 14.5; notes A22)."""
    return a.mission == SCOUTING and data.aircraft[a.model].scout


def check(state: State, data: CoralSeaData, side: str, h: Hex, ctx: Context) -> State:
    """A scouting check of hex ``h`` by ``side`` (12.2.A, C), answered by the
    reconnaissance rules (``reconnaissance.check``); none in or next to a squall, nor at
    night (5.2.A, 12.3)."""
    if state.night or weather.affected(state, h):
        return state
    return reconnaissance.check(state, data, side, h, ctx, "scouting")


def scout_path(
    state: State, data: CoralSeaData, a: Aircraft, path: Iterable[Hex], ctx: Context
) -> State:
    """Every hex of ``path`` checked by ``a``, if it scouts (12.2.A-B)."""
    if not scouts(data, a) or state.night:
        return state
    cost = entry_cost(state, data)  # 1 MP: neither a squall nor next to one (weather.affected)
    for h in path:
        if cost(h) == 1:
            state = reconnaissance.check(state, data, a.side, h, ctx, "scouting")
    return state
