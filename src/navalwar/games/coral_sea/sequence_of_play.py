"""Coral Sea's sequence of play (3.0-3.7) and the one driver that plays it.

The seven phases with their steps, each bound to the ``Play`` its owning module exports
(cs-contract): the Initial Phase (3.1: initiative, weather, scenario events,
maintenance, CAP, USAAF), Reconnaissance (3.2), Air Movement (3.3), Combat (3.4), Air
Return (3.5), Ship Movement (3.6) and the Terminal Phase (3.7). Set-up (28.x) comes
before the first turn and is not a step of it (``setup.py``).

A module not yet delivered has its step bound to a stand-in that does nothing and logs
nothing: :data:`STAND_INS` names them, and ``docs/rules/coral_sea.md`` lists them as
unfinished.
"""

from __future__ import annotations

import importlib
from typing import Any

import attrs

from navalwar.driver import Driver, Play
from navalwar.games.coral_sea import (
    initiative,
    reconnaissance,
    scenario,
    ship_movement,
    terminal_phase,
    weather,
)
from navalwar.games.coral_sea.model import State
from navalwar.sequence import SequenceOfPlay, Step


def _phase(id: str, name: str, rule: str, *steps: tuple[str, str, str]) -> Step:
    return Step(id, name, rule, "phase", tuple(Step(i, n, r, "step") for i, n, r in steps))


SEQUENCE = SequenceOfPlay(
    (
        _phase(
            "initial",
            "Initial Phase",
            "3.1",
            ("initiative", "Initiative", "4.0"),
            ("weather", "Weather", "5.1"),
            ("scenario", "Scenario events", "28.x"),
            ("maintenance", "Aviation Maintenance", "9.0"),
            ("cap", "Combat Air Patrol", "10.A-C"),
            ("usaaf", "USAAF Commitment", "21.B-F"),
        ),
        _phase(
            "reconnaissance",
            "Reconnaissance Phase",
            "3.2",
            ("first", "Initiative player's reconnaissance", "12.1"),
            ("second", "Second player's reconnaissance", "12.1"),
        ),
        _phase(
            "air_movement",
            "Air Movement Phase",
            "3.3",
            ("first", "Initiative player's air movement", "13.0"),
            ("scramble", "Scramble", "13.F-G"),
            ("second", "Second player's air movement", "13.0"),
        ),
        _phase("combat", "Combat Phase", "3.4", ("resolve", "Combat", "25.0")),
        _phase(
            "air_return",
            "Air Return Phase",
            "3.5",
            ("first", "Initiative player's air return", "13.D"),
            ("second", "Second player's air return", "13.D"),
        ),
        _phase(
            "ship_movement",
            "Ship Movement Phase",
            "3.6",
            ("plot", "Secret plots", "15.C"),
            ("move", "Movement", "15.D-E"),
        ),
        _phase(
            "terminal",
            "Terminal Phase",
            "3.7",
            ("counters", "TF counters removed", "3.7.A"),
            ("replacements", "Replacements", "17.0"),
            ("cap", "CAP revealed and landed", "3.7.B, 10.E"),
            ("end", "End of turn", "24.0, 28.x"),
        ),
    ),
    "Coral Sea turn",
)

#: The other helpers' Plays: leaf key -> (module, name).
DELIVERED_BY_OTHERS = {
    "initial.maintenance": ("maintenance", "MAINTENANCE"),
    "initial.cap": ("cap", "COMMIT_CAP"),
    "initial.usaaf": ("usaaf", "USAAF"),
    "air_movement.first": ("air_movement", "FIRST"),
    "air_movement.scramble": ("scramble", "SCRAMBLE"),
    "air_movement.second": ("air_movement", "SECOND"),
    "combat.resolve": ("combat_phase", "COMBAT"),
    "air_return.first": ("air_return", "FIRST"),
    "air_return.second": ("air_return", "SECOND"),
    "terminal.replacements": ("replacements", "REPLACEMENTS"),
    "terminal.cap": ("cap", "LAND_CAP"),
}

#: A stand-in for a Play not delivered yet: it does nothing and logs nothing (unfinished).
STAND_IN: Play[Any, State, Any] = Play()


def _delivered(module: str, name: str) -> Play[Any, State, Any] | None:
    """``navalwar.games.coral_sea.<module>.<name>``, or None while the module is missing."""
    full = f"navalwar.games.coral_sea.{module}"
    try:
        found = importlib.import_module(full)
    except ModuleNotFoundError as exc:
        if exc.name != full:
            raise
        return None
    play = getattr(found, name, None)
    return play if isinstance(play, Play) else None


def _plays() -> tuple[dict[str, Play[Any, State, Any]], tuple[str, ...]]:
    plays: dict[str, Play[Any, State, Any]] = {
        "initial.initiative": initiative.INITIATIVE,
        "initial.weather": weather.WEATHER,
        "initial.scenario": scenario.SCENARIO_EVENTS,
        "reconnaissance.first": reconnaissance.FIRST,
        "reconnaissance.second": reconnaissance.SECOND,
        "ship_movement.plot": ship_movement.PLOT,
        "ship_movement.move": ship_movement.MOVE,
        "terminal.counters": terminal_phase.COUNTERS,
        "terminal.end": terminal_phase.END_TURN,
    }
    missing = []
    for key, (module, name) in DELIVERED_BY_OTHERS.items():
        play = _delivered(module, name)
        if play is None:
            missing.append(key)
            play = STAND_IN
        plays[key] = play
    return plays, tuple(missing)


PLAYS, STAND_INS = _plays()

#: Positions inside a leaf (a roll made, a choice awaited) -> the leaf.
PLACES = {**{k: k for k in SEQUENCE.flatten()}, initiative.CHOOSE: initiative.STEP}


def _move(state: State, key: str) -> State:
    return attrs.evolve(state, step=key)


DRIVER: Driver[Any, State, Any] = Driver(
    SEQUENCE,
    PLAYS,
    position=lambda s: s.step,
    move=_move,
    over=lambda s: s.over,
    new_turn=terminal_phase.next_turn,
    forced_private=True,  # a secret decision with one choice stays its side's (11.E, 10.B)
    places=PLACES,
)
