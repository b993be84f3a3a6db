"""The Basic Game's Sequence of Play (TE 3.1, 3.5, 3.9), declared as data.

The tree names every step the rules take, in the rulebook's words, from the set-up's
flagship (TE 3.9) through the Preparation, Activity and Terminal Stages (TE 3.1 A-P)
and each Movement Phase's segments and Combat Segment steps (TE 3.1 G, 3.5).
``sequence_of_play.py`` binds to its steps what they run, ask and apply.
"""

from __future__ import annotations

import functools

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
            "setup",
            "Set-up",
            "TE 3.9",
            "stage",
            (Step("flagship", "The admiral's flagship", "TE 3.9 Admirals", "step"),),
        ),
        Step(
            "preparation",
            "Preparation Stage",
            "TE 3.1",
            "stage",
            (
                Step("action_chits", "Action Chit Phase", "TE 3.1 A", "phase"),
                Step(
                    "us_formation",
                    "US Formation Phase",
                    "TE 3.1 B, 3.2",
                    "phase",
                    (
                        Step("grouping", "Formations", "TE 3.2", "step"),
                        Step("speed", "Speeds, one formation at a time", "TE 3.2", "step"),
                    ),
                ),
                Step("us_orders", "US Movement Orders Phase", "TE 3.1 C, 3.3", "phase"),
                Step(
                    "us_foa",
                    "US Freedom of Action Phase",
                    "TE 3.1 D, 3.3",
                    "phase",
                    (
                        Step("roll", "Freedom of Action rolls", "TE 3.3", "step"),
                        Step("direction", "Countermarch directions", "TE 3.3", "step"),
                    ),
                ),
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
    name="Tokyo Express Basic Game",
)


@functools.lru_cache(maxsize=256)
def step_rule(key: str) -> str:
    """The rule section of the step with ``key`` in :data:`BASIC_TURN`."""
    return BASIC_TURN.step(key).rule
