"""The Terminal Phase (3.7) and the end of the turn (24.0, 28.x).

``COUNTERS`` (3.7.A): every TF counter on the board is removed and this turn's reveals
lapse. ``END_TURN``: the game ends after the scenario's last turn (28.x "Length"; an
invasion of Port Moresby ends Scenario 4 at once, 28.4.1, ``invasion.check``); else
:func:`next_turn` begins the next one.
"""

from __future__ import annotations

from typing import Any

import attrs

from navalwar.driver import Play
from navalwar.engine import Context
from navalwar.games.coral_sea.data import CoralSeaData
from navalwar.games.coral_sea.model import State


def _counters(game: Any, state: State, data: CoralSeaData, ctx: Context) -> State:
    tfs = tuple(attrs.evolve(tf, counter=None, revealed=False) for tf in state.task_forces)
    return attrs.evolve(state, task_forces=tfs, reveals=())


def _end(game: Any, state: State, data: CoralSeaData, ctx: Context) -> State:
    if state.turn >= state.scenario.turns:
        return attrs.evolve(state, over=True)
    return state


def next_turn(state: State, data: CoralSeaData) -> State:
    """The state at the start of the next turn: this turn's bookkeeping cleared."""
    return attrs.evolve(
        state,
        turn=state.turn + 1,
        initiative_rolls=(),
        initiative_winner=None,
        recon_used=(),
        recon_done=(),
        plots=None,
        reveals=(),
    )


#: ``terminal.counters`` (3.7.A).
COUNTERS: Play[Any, State, CoralSeaData] = Play(run=_counters)
#: ``terminal.end`` (28.x length, 24.0).
END_TURN: Play[Any, State, CoralSeaData] = Play(run=_end)
