"""The core conformance suite on every Coral Sea scenario, and whole games by random and
heuristic agents with the spine's invariants (``make soak``: NAVALWAR_CORAL_SEA_SEEDS=300).

Whole games (``test_play_keeps_the_invariants``, one test per scenario and pairing of
agents, :data:`PAIRINGS`: random against random, heuristic against heuristic, and each
side's heuristic against random). The seeds of a scenario are shared among the pairings:
seed ``s`` of the scenario at index ``i`` is played by pairing ``(s + i) % 4``: CI's 2
seeds play two pairings a scenario, every pairing in two or three scenarios; 4 seeds
play every pairing in every scenario; ``make soak``'s 300 play 75 games a pairing, 300 a
scenario (every pairing on every seed would take 72 minutes of play on one core, over
the soak's budget of 45 minutes for this file). Every game is checked after every action: an
afloat ship on the map is never in an all-land hex (6.B, 15.G); no side has more TFs
than the scenario allows (11.G); a sunk ship stays sunk; and at the end: every event
has exactly its declared keys; the game ends within its turns at a victory level.

Sampled, for the cost (each check replays a game): every :data:`SAVE_EVERY`-th seed (so
seed 0 of every scenario in CI), the game saved at a decision between 100 and 500 and
at its end reloads to the same actions, log, state, decision, outcome and observations,
and replays from its seed and actions to the same (``navalwar.testing``); every
:data:`LEAK_EVERY`-th seed, ``test_observations_leak_nothing`` plays the game again
with the leak check (``testing.check_observations``) at every tenth decision.
"""

from __future__ import annotations

import os
from typing import Any

import pytest

from navalwar import testing
from navalwar.engine import Match
from navalwar.events import vocabulary
from navalwar.games.coral_sea import GAME, task_forces
from navalwar.games.coral_sea.units import SIDES

SCENARIOS = GAME.scenarios()
DATA = GAME.load_data()
KINDS = vocabulary(GAME.event_kinds)

#: The agents of each side (Japan, Allies), by pairing.
PAIRINGS: dict[str, tuple[str, str]] = {
    "random": ("random", "random"),
    "heuristic": ("heuristic", "heuristic"),
    "heuristic_japan": ("heuristic", "random"),
    "heuristic_allies": ("random", "heuristic"),
}
SAVE_EVERY = 5  # seeds between the save/reload and replay checks
LEAK_EVERY = 10  # seeds between the leak checks


def seeds() -> int:
    """Seeds per scenario, shared among the pairings (NAVALWAR_CORAL_SEA_SEEDS, else 2)."""
    forced = os.environ.get("NAVALWAR_CORAL_SEA_SEEDS")
    return int(forced) if forced else 2


SOAK = bool(os.environ.get("NAVALWAR_CORAL_SEA_SEEDS"))


def seeds_of(name: str, pairing: str) -> list[int]:
    """The seeds of scenario ``name`` that ``pairing`` plays."""
    i, p = SCENARIOS.index(name), list(PAIRINGS).index(pairing)
    return [s for s in range(seeds()) if (s + i) % len(PAIRINGS) == p]


#: The (scenario, pairing) of at least one seed, and of a seed the leak check samples.
CASES = [(n, p) for n in SCENARIOS for p in PAIRINGS if seeds_of(n, p)]
LEAK_CASES = [(n, p) for n, p in CASES if any(s % LEAK_EVERY == 0 for s in seeds_of(n, p))]


def agents(pairing: str) -> testing.Agents:
    """The pairing's agents, Japan first (``GAME.spec.sides`` is Japan, Allies)."""
    assert GAME.spec.sides == SIDES
    return testing.named_agents(*PAIRINGS[pairing])


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


class _Invariants:
    """The spine's invariants after each action (a sunk ship stays sunk: it remembers);
    with ``save_at``, the save/reload check after that many actions."""

    def __init__(self, save_at: int | None) -> None:
        self.sunk: set[str] = set()
        self.save_at = save_at

    def __call__(self, match: Match) -> list[str]:
        state: Any = match.state
        problems: list[str] = []
        for s in state.ships:
            if s.name in self.sunk and not s.sunk:
                problems.append(f"{s.name} was sunk and floats again")
            if s.sunk:
                self.sunk.add(s.name)
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
        if len(match.actions) == self.save_at:
            problems += [f"saved mid-game: {p}" for p in testing.reload_problems(match)]
        return problems


def _play(name: str, pairing: str, seed: int) -> list[str]:
    match = Match.start(GAME, name, seed=seed, use_env=False)
    checked = seed % SAVE_EVERY == 0
    invariants = _Invariants(100 + seed * 97 % 400 if checked else None)
    problems = testing.play_checked(match, agents(pairing)(match, seed), invariants)
    state = match.state
    outcome = match.outcome
    if not problems and (not state.over or not outcome or state.turn > match.scenario.turns):
        problems.append(f"ended at turn {state.turn} of {match.scenario.turns} without an outcome")
    if outcome is not None and not outcome.level:
        problems.append(f"the outcome {outcome} names no victory level")
    for e in match.events:
        kind = KINDS.get(e.kind)
        why = f"undeclared kind {e.kind}" if kind is None else kind.problem(e.data)
        if why:
            problems.append(why)
            break
    if checked and not problems:
        problems += [f"saved at the end: {p}" for p in testing.reload_problems(match)]
        problems += testing.replay_problems(match)
    return [f"{name} {pairing} seed {seed}: {p}" for p in problems]


@pytest.mark.parametrize(("name", "pairing"), CASES)
def test_play_keeps_the_invariants(name: str, pairing: str) -> None:
    problems: list[str] = []
    for seed in seeds_of(name, pairing):
        problems += _play(name, pairing, seed)
    assert problems == []


@pytest.mark.parametrize(("name", "pairing"), LEAK_CASES)
def test_observations_leak_nothing(name: str, pairing: str) -> None:
    """The leak check (hidden variants: unseen TFs moved, ships exchanged, plots) at
    every tenth decision of the pairing's games of every :data:`LEAK_EVERY`-th seed."""
    problems: list[str] = []
    for seed in (s for s in seeds_of(name, pairing) if s % LEAK_EVERY == 0):
        problems += testing.check_observations(
            "coral_sea", name, seed, every=10, agents=agents(pairing)
        )
    assert problems == []


def test_the_seeds_are_shared_among_the_pairings() -> None:
    """The seed schedule: a scenario's seeds split among the pairings; with 2 seeds or
    more every pairing plays (and is saved, replayed, leak-checked) in some scenario and
    every scenario has a heuristic side; with 4, every pairing plays every scenario."""
    for name in SCENARIOS:
        split = [seeds_of(name, p) for p in PAIRINGS]
        assert sorted(s for part in split for s in part) == list(range(seeds()))
    if seeds() >= 2:
        assert {p for _, p in LEAK_CASES} == set(PAIRINGS)
        for name in SCENARIOS:
            assert any("heuristic" in PAIRINGS[p] for n, p in CASES if n == name)
    if seeds() >= len(PAIRINGS):
        assert len(CASES) == len(SCENARIOS) * len(PAIRINGS)


def test_a_batch_record_has_the_games_facts() -> None:
    """``navalwar simulate`` records: turns played, ships sunk and damaged, aircraft lost."""
    match = testing.random_match("coral_sea", "raid_on_rabaul", 5)
    extras = GAME.record_extras(match)
    assert extras["turns"] == 34 and set(extras["sunk"]) == set(SIDES)
    lost = sum(1 for a in match.state.air.aircraft if a.status in ("limbo", "destroyed"))
    assert sum(extras["aircraft_lost"].values()) == lost
