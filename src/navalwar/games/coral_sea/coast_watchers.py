"""Coast watchers (15.H, 20.0): a Japanese TF moving into or through a partial sea hex
must be stated to the Allies, except in a squall or squall-influenced hex or at night
(20.B). Notes A40: the Allies are told the hex and the time, nothing of the TF's
destination or contents; no counter is placed. It counts as its presence revealed this
turn (notes A33, ``ship_movement.contacts``)."""

from __future__ import annotations

from collections.abc import Sequence

import attrs

from navalwar.engine import Context
from navalwar.games.coral_sea import geo, weather
from navalwar.games.coral_sea.data import CoralSeaData
from navalwar.games.coral_sea.model import State
from navalwar.games.coral_sea.units import JAPAN
from navalwar.hexgrid import Hex

HOW = "coast watchers"


def report(state: State, data: CoralSeaData, side: str, path: Sequence[Hex], ctx: Context) -> State:
    """The coast-watcher reports of one Japanese TF's path (``side`` Japan only)."""
    if side != JAPAN or state.night:
        return state
    reveals = list(state.reveals)
    for h in path:
        if geo.is_partial(data, h) and not weather.affected(state, h) and (h, HOW) not in reveals:
            ctx.log(
                "coast_watchers",
                f"Coast watchers: a Japanese TF in {geo.label(data, h)} ({state.time}) (20.A)",
                "15.H, 20.A",
                hex=geo.label(data, h),
            )
            ctx.reveal = True
            reveals.append((h, HOW))
    return attrs.evolve(state, reveals=tuple(reveals))
