"""The core conformance suite on every Coral Sea scenario, and random play with the
spine's invariants (``make soak``: NAVALWAR_CORAL_SEA_SEEDS=300 seeds of each).

Random play checks after every action: an afloat ship on the map is never in an
all-land hex (6.B, 15.G); no side has more TFs than the scenario allows (11.G); a
sunk ship stays sunk; every event has exactly its declared keys; the game ends within
its turns with an outcome.
"""

from __future__ import annotations

import os

import pytest

from navalwar import testing
from navalwar.dice import Dice
from navalwar.engine import Context
from navalwar.events import vocabulary
from navalwar.games.coral_sea import GAME, task_forces
from navalwar.games.coral_sea.units import SIDES

SCENARIOS = GAME.scenarios()
DATA = GAME.load_data()


def seeds() -> int:
    forced = os.environ.get("NAVALWAR_CORAL_SEA_SEEDS")
    return int(forced) if forced else 2


SOAK = bool(os.environ.get("NAVALWAR_CORAL_SEA_SEEDS"))


@pytest.mark.parametrize("name", SCENARIOS)
def test_the_conformance_suite_passes(name: str) -> None:
    """Every check of the suite, under ``make soak`` (minutes per scenario)."""
    if not SOAK:
        pytest.skip("the whole suite runs in make soak")
    assert testing.run_conformance("coral_sea", [name], seeds=(0,), options=[{}]) == []


@pytest.mark.parametrize(
    "check",
    ["illegal_actions", "json_field_types", "save_load", "replay", "undo"],
)
def test_the_quick_checks_on_tulagi(check: str) -> None:
    """The suite's quicker checks in the normal run (Tulagi, seed 0)."""
    assert testing.CHECKS[check]("coral_sea", "tulagi", 0) == []


@pytest.mark.parametrize("name", SCENARIOS)
def test_observations_leak_nothing(name: str) -> None:
    """The leak check (hidden variants: unseen TFs moved, ships exchanged, plots) on
    every scenario, every tenth decision."""
    assert testing.check_observations("coral_sea", name, 1, every=10) == []


def _play(name: str, seed: int) -> list[str]:
    problems: list[str] = []
    kinds = vocabulary(GAME.event_kinds)
    scenario = GAME.load_scenario(name, DATA)
    ctx = Context(Dice(seed))
    options = {o.name: o.default for o in GAME.spec.options}
    state = GAME.advance(GAME.initial_state(scenario, DATA, options, ctx), DATA, ctx)
    dice = {side: Dice(seed * 7 + i) for i, side in enumerate(SIDES)}
    sunk: set[str] = set()
    for _ in range(50_000):
        decision = GAME.decision(state, DATA)
        if decision is None:
            break
        action = decision.random_choice(dice[decision.side])
        state = GAME.advance(GAME.apply(state, action, DATA, ctx), DATA, ctx)
        for s in state.ships:
            if s.name in sunk and not s.sunk:
                problems.append(f"{s.name} was sunk and floats again")
            if s.sunk:
                sunk.add(s.name)
            elif (
                s.hex is not None
                and not s.out_of_play
                and not DATA.geography.is_sea_passable(s.hex)
            ):
                problems.append(f"turn {state.turn}: {s.name} on an all-land hex")
        if state.step != "setup":
            for side in SIDES:
                n = sum(1 for tf in state.task_forces if tf.side == side and state.ships_of(tf))
                if n > task_forces.limit(state, side):
                    problems.append(f"turn {state.turn}: {side} has {n} TFs")
        if problems:
            break
    else:
        problems.append("no end after 50,000 decisions")
    if not state.over or GAME.outcome(state, DATA) is None or state.turn > scenario.turns:
        problems.append(f"ended at turn {state.turn} of {scenario.turns} without an outcome")
    for e in ctx.events:
        kind = kinds.get(e.kind)
        why = f"undeclared kind {e.kind}" if kind is None else kind.problem(e.data)
        if why:
            problems.append(why)
            break
    return [f"{name} seed {seed}: {p}" for p in problems]


@pytest.mark.parametrize("name", SCENARIOS)
def test_random_play_keeps_the_invariants(name: str) -> None:
    problems: list[str] = []
    for seed in range(seeds()):
        problems += _play(name, seed)
    assert problems == []


def test_a_batch_record_has_the_games_facts() -> None:
    """``navalwar simulate`` records: turns played, ships sunk and damaged, aircraft lost."""
    match = testing.random_match("coral_sea", "raid_on_rabaul", 5)
    extras = GAME.record_extras(match)
    assert extras["turns"] == 34 and set(extras["sunk"]) == set(SIDES)
    lost = sum(1 for a in match.state.air.aircraft if a.status in ("limbo", "destroyed"))
    assert sum(extras["aircraft_lost"].values()) == lost
