"""The Basic Game's Sequence of Play (TE 3.1, 3.5, 3.9), declared as data.

The tree names every step the rules take, in the rulebook's words; ``game.py``
binds to its steps what they run, ask and apply, and the core driver
(:class:`navalwar.driver.Driver`) plays them in this order. A state stands at a leaf
by its ``step`` and ``phase`` fields (as saved): :data:`PLACES` and :func:`move`
translate. Events and observations say where the game stands at the level of a
phase, segment or combat step (:func:`where`): "Turn 2, Activity Stage, Fourth
Movement Phase, Combat Segment, US gunnery".
"""

from __future__ import annotations

import functools
import operator

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
    """The key in :data:`BASIC_TURN` of the phase, segment or combat step an engine step
    is part of, as events and observations name it (None for the set-up); the leaf it
    stands at is :data:`PLACES`'s."""
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


# the leaves of BASIC_TURN that are not the phase or segment sequence_key names
_LEAVES = {
    "flagship": "setup.flagship",
    "us_formation": "preparation.us_formation.grouping",
    "us_speed": "preparation.us_formation.speed",
    "us_foa": "preparation.us_foa.roll",
    "us_foa_direction": "preparation.us_foa.direction",
    "markers": "activity.move{}.combat.markers",  # (made by US gunnery, TE 3.5 step 5)
}


def _positions() -> dict[tuple[str, int], str]:
    steps = {*_PREPARATION, *_SEGMENT, *_COMBAT, *_TERMINAL, *_LEAVES, "jp_orders"}
    found: dict[tuple[str, int], str] = {}
    for step in sorted(steps):
        for phase in range(7):
            key = _LEAVES[step].format(phase) if step in _LEAVES else sequence_key(step, phase)
            if key is not None and key in BASIC_TURN and BASIC_TURN.is_leaf(key):
                found.setdefault((step, phase), key)
    return found


PLACES: dict[tuple[str, int], str] = _positions()
"""The leaf of :data:`BASIC_TURN` where a state stands, by its ``(step, phase)``."""
place = operator.attrgetter("step", "phase")
# each leaf's step and phase: the phase a state has there (0 outside the Activity Stage)
_AT: dict[str, tuple[str, int]] = {}
for (_step, _phase), _key in sorted(PLACES.items(), key=lambda e: e[0][1]):
    _AT.setdefault(_key, (_step, _phase))


def move(state: State, key: str) -> State:
    """The state standing at the leaf ``key`` of :data:`BASIC_TURN`."""
    step, phase = _AT[key]
    return state.replace(step=step, phase=phase)


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
