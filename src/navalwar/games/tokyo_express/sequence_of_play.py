"""The Basic Game's Sequence of Play (TE 3.1, 3.5), declared as data.

The engine's steps (``State.step``) map onto this tree, so every event and
observation can say where in the turn it happened, in the rulebook's words:
"Turn 2, Activity Stage, Fourth Movement Phase, Combat Segment, US gunnery".
"""

from __future__ import annotations

import functools

from navalwar.games.tokyo_express.model import State
from navalwar.sequence import SequenceOfPlay, Step

COMBAT_SEGMENT = Step(
    "combat",
    "Combat Segment",
    "TE 3.5",
    "segment",
    (
        Step("jp_torpedo", "Japanese torpedo attacks", "TE 3.5, 3.6", "step"),
        Step("jp_gunnery", "Japanese gunnery", "TE 3.5, 3.7", "step"),
        Step("us_torpedo_1", "US first torpedo attacks", "TE 3.5, 3.6", "step"),
        Step("us_torpedo_2", "US second torpedo attacks", "TE 3.5, 3.6", "step"),
        Step("us_gunnery", "US gunnery", "TE 3.5, 3.7", "step"),
        Step("markers", "Damage and Sinking markers", "TE 3.5, 3.8", "step"),
    ),
)
MOVEMENT_PHASE = Step(
    "move",
    "Movement Phase",
    "TE 3.1 G",
    "phase",
    (
        Step("us_movement", "US Movement Segment", "TE 3.1 G, 3.4", "segment"),
        Step("jp_movement", "Japanese Movement Segment", "TE 3.1 G, 3.3", "segment"),
        Step("chit_draw", "Action Chit Draw Segment", "TE 3.1 G", "segment"),
        COMBAT_SEGMENT,
    ),
)
ORDINALS = ("First", "Second", "Third", "Fourth", "Fifth", "Sixth")
LETTERS = "GHIKLM"


def _move(n: int) -> Step:
    return MOVEMENT_PHASE.renamed(
        f"move{n}", f"{ORDINALS[n - 1]} Movement Phase", f"TE 3.1 {LETTERS[n - 1]}"
    )


BASIC_TURN = SequenceOfPlay(
    (
        Step(
            "preparation",
            "Preparation Stage",
            "TE 3.1",
            "stage",
            (
                Step("action_chits", "Action Chit Phase", "TE 3.1 A", "phase"),
                Step("us_formation", "US Formation Phase", "TE 3.1 B, 3.2", "phase"),
                Step("us_orders", "US Movement Orders Phase", "TE 3.1 C, 3.3", "phase"),
                Step("us_foa", "US Freedom of Action Phase", "TE 3.1 D, 3.3", "phase"),
                Step("jp_formation", "Japanese Formation Phase", "TE 3.1 E, 3.2", "phase"),
                Step(
                    "jp_orders_1", "First Japanese Movement Orders Phase", "TE 3.1 F, 3.3", "phase"
                ),
            ),
        ),
        Step(
            "activity",
            "Activity Stage",
            "TE 3.1",
            "stage",
            (
                _move(1),
                _move(2),
                _move(3),
                Step(
                    "jp_orders_2", "Second Japanese Movement Orders Phase", "TE 3.1 J, 3.3", "phase"
                ),
                _move(4),
                _move(5),
                _move(6),
            ),
        ),
        Step(
            "terminal",
            "Terminal Stage",
            "TE 3.1",
            "stage",
            (
                Step("damage_effects", "Damage Effects Phase", "TE 3.1 N, 3.8", "phase"),
                Step("counter_adjustment", "Counter Adjustment Phase", "TE 3.1 O", "phase"),
                Step("end_of_turn", "End of Turn Phase", "TE 3.1 P", "phase"),
            ),
        ),
    ),
    name="Tokyo Express Basic Game Turn",
)

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
@functools.lru_cache(maxsize=256)
def sequence_key(step: str, phase: int) -> str | None:
    """The key in :data:`BASIC_TURN` of an engine step (None for the set-up)."""
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
    """Where the game stands, in the rulebook's words."""
    return _where(state.step, state.phase, state.turn, state.over)


@functools.lru_cache(maxsize=1024)
def _where(step: str, phase: int, turn: int, over: bool) -> str:
    key = sequence_key(step, phase)
    if key is None:
        return "Set-up (TE 3.9)" if not over else "Game over"
    return BASIC_TURN.describe(key, turn)


@functools.lru_cache(maxsize=256)
def step_rule(key: str) -> str:
    """The rule section of the step with ``key`` in :data:`BASIC_TURN`."""
    return BASIC_TURN.step(key).rule
