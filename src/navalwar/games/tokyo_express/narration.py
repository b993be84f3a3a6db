"""Where the game stands, in the rulebook's words (TE 3.1, 3.5, 3.9).

Events and observations say where the game stands at the level of a phase, segment
or combat step of the Sequence of Play (TE 3.1): "Turn 2, Activity Stage, Fourth
Movement Phase, Combat Segment, US gunnery" (:func:`where`), and name it by its key in
:data:`~navalwar.games.tokyo_express.basic_turn.BASIC_TURN` (:func:`sequence_key`).
"""

from __future__ import annotations

import functools

from navalwar.engine import Context
from navalwar.games.tokyo_express.basic_turn import BASIC_TURN, step_rule
from navalwar.games.tokyo_express.geometry import HEADINGS
from navalwar.games.tokyo_express.model import State

_PREPARATION = {
    "action_chits": "action_chits",
    "us_formation": "us_formation",
    "us_speed": "us_formation",
    "us_orders": "us_orders",
    "us_foa": "us_foa",
    "us_foa_direction": "us_foa",
    "jp_formation": "jp_formation",
}
_SEGMENT = {"us_move": "us_movement", "jp_move": "jp_movement", "chit_draw": "chit_draw"}
_COMBAT = {"jp_torpedo", "jp_gunnery", "us_torpedo_1", "us_torpedo_2", "us_gunnery"}
_TERMINAL = {"damage_effects", "counter_adjustment", "end_of_turn"}


@functools.lru_cache(maxsize=256)
def sequence_key(step: str, phase: int) -> str | None:
    """The key in :data:`BASIC_TURN` of the phase, segment or combat step an engine step
    is part of, as events and observations name it (None for the set-up); the leaf it
    stands at is :data:`~navalwar.games.tokyo_express.sequence_of_play.PLACES`'s (TE 3.1)."""
    if step in _PREPARATION:
        return f"preparation.{_PREPARATION[step]}"
    if step == "jp_orders":
        return "activity.jp_orders_2" if phase == 3 else "preparation.jp_orders_1"
    if step in _SEGMENT:
        return f"activity.move{phase}.{_SEGMENT[step]}"
    if step in _COMBAT:
        return f"activity.move{phase}.combat.{step}"
    if step in _TERMINAL:
        return f"terminal.{step}"
    return None


def where(state: State) -> str:
    """Where the game stands, in the rulebook's words (TE 3.1)."""
    return _where(state.step, state.phase, state.turn, state.over)


@functools.lru_cache(maxsize=1024)
def _where(step: str, phase: int, turn: int, over: bool) -> str:
    """Where a state at ``step`` and ``phase`` of Game Turn ``turn`` stands (TE 3.1)."""
    key = sequence_key(step, phase)
    if key is None:
        return "Set-up (TE 3.9)" if not over else "Game over"
    return BASIC_TURN.describe(key, turn)


def begin(ctx: Context, state: State, note: str = "") -> None:
    """Log the start of a phase or segment in the rulebook's words (TE 3.1)."""
    step, rule = _began(state.step, state.phase)
    ctx.log("phase_began", lambda: where(state) + note, rule, turn=state.turn, step=step)


@functools.lru_cache(maxsize=256)
def _began(step: str, phase: int) -> tuple[str, str]:
    """The key (or engine step) and rule a ``phase_began`` event of a step names."""
    key = sequence_key(step, phase)
    return (key, step_rule(key)) if key else (step, "TE 3.9")


def heading_name(h: int) -> str:
    """A heading's name (TE 2.4 "Headings and Arcs")."""
    return HEADINGS[h]
