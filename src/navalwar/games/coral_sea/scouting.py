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

import attrs

from navalwar.engine import Context
from navalwar.games.coral_sea.air_common import label
from navalwar.games.coral_sea.air_range import in_squall, influenced
from navalwar.games.coral_sea.air_state import SCOUTING, Aircraft
from navalwar.games.coral_sea.data import CoralSeaData
from navalwar.games.coral_sea.model import State
from navalwar.hexgrid import Hex


def scouts(data: CoralSeaData, a: Aircraft) -> bool:
    """Whether ``a`` scouts as it flies (12.2.A, 14.5; notes A22)."""
    return a.mission == SCOUTING and data.aircraft[a.model].scout


# TODO(csgame): call reconnaissance.check once csgame's reconnaissance.py is merged; this
# stand-in reveals every enemy TF whose true hex is the hex checked.
def check(state: State, data: CoralSeaData, side: str, h: Hex, by: str, ctx: Context) -> State:
    """A scouting check of hex ``h`` by ``side``'s counter ``by`` (12.2.A, C)."""
    if state.night or in_squall(state, h) or influenced(state, h):
        return state
    found = [tf for tf in state.task_forces if tf.side != side and tf.hex == h]
    if not found:
        return state
    tfs = tuple(
        attrs.evolve(tf, revealed=True, counter=h) if tf in found else tf
        for tf in state.task_forces
    )
    where = label(data, h)
    ctx.log(
        "scout_found",
        f"{by} finds an enemy task force in {where}",
        "12.2.C",
        side=side,
        aircraft=by,
        hex=where,
    )
    reveals = (
        state.reveals if (h, "scouting") in state.reveals else (*state.reveals, (h, "scouting"))
    )
    return attrs.evolve(state, task_forces=tfs, reveals=reveals)


def scout_path(
    state: State, data: CoralSeaData, a: Aircraft, path: Iterable[Hex], ctx: Context
) -> State:
    """Every hex of ``path`` checked by ``a``, if it scouts (12.2.A-B)."""
    if not scouts(data, a):
        return state
    for h in path:
        state = check(state, data, a.side, h, a.id, ctx)
    return state
