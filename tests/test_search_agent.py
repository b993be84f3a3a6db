"""The search agent (navalwar.agents.search): legal, reproducible, side-effect free, on
every game, and better than random play."""

from __future__ import annotations

from typing import Any

import pytest

from navalwar.actions import Action
from navalwar.agents import CORE_AGENTS, RandomAgent, make_agent, play_out
from navalwar.agents.search import SearchAgent
from navalwar.engine import Match
from navalwar.registry import load

GAMES = [("tokyo_express", "basic"), ("gwas_1904", "ulsan")]
TINY: dict[str, Any] = {"rollouts": 1, "depth": 2, "max_choices": 4}


def _run(match: Match, agent: SearchAgent, side: str | None, decisions: int) -> list[Action]:
    """Let ``agent`` play ``side`` (the heuristic the others) for ``decisions`` decisions."""
    others = {s: make_agent(match.game.id, "heuristic", 1) for s in match.game.spec.sides}
    chosen: list[Action] = []
    for _ in range(decisions):
        d = match.decision
        if d is None:
            break
        if side is None or d.side == side:
            action = agent.choose(match, d)
            assert d.check(action) is None, f"illegal {action.describe()} for {d.kind}"
            chosen.append(action)
        else:
            action = others[d.side].choose(match, d)
        match.apply(action)
    return chosen


def test_registered_as_a_core_agent() -> None:
    assert "search" in CORE_AGENTS
    for game, scenario in GAMES:
        agent = make_agent(game, "search", 3)
        assert isinstance(agent, SearchAgent)
        # the game declares an estimate of a truncated rollout ...
        match = Match.start(game, scenario, seed=1)
        assert load(game).estimate(match.state, match.data) is not None
        # ... and make_agent builds the game's tuned search agent
        tuned = load(game).search_settings
        assert agent.kinds == frozenset(tuned["kinds"])
        assert agent.rollouts == tuned["rollouts"]
    assert SearchAgent.for_game("tokyo_express", 3, rollouts=2).rollouts == 2


@pytest.mark.parametrize(("game", "scenario"), GAMES)
def test_never_overruling_plays_the_policys_own_game(game: str, scenario: str) -> None:
    """The rollouts use a policy instance of their own: a search agent that never
    overrules its policy (an unreachable threshold) plays move for move the game the
    policy alone would, so a comparison of the two on the same seeds is paired."""
    logs = []
    for name in ("search", "heuristic"):
        match = Match.start(game, scenario, seed=4)
        agents: dict[str, Any] = {
            s: make_agent(game, "heuristic", 4) for s in match.game.spec.sides
        }
        side = match.game.spec.sides[0]
        if name == "search":
            agents[side] = SearchAgent(4, rollouts=2, depth=3, max_choices=3, threshold=2.0)
        play_out(match, agents)
        logs.append([e.to_json() for e in match.events])
    assert logs[0] == logs[1]


@pytest.mark.parametrize(("game", "scenario"), GAMES)
def test_legal_actions_on_every_game(game: str, scenario: str) -> None:
    match = Match.start(game, scenario, seed=5)
    chosen = _run(match, SearchAgent(5, **TINY), None, 25)
    assert chosen


@pytest.mark.parametrize(("game", "scenario"), GAMES)
def test_deterministic_for_a_seed(game: str, scenario: str) -> None:
    runs = []
    for _ in range(2):
        match = Match.start(game, scenario, seed=11)
        runs.append(_run(match, SearchAgent(7, **TINY), None, 15))
    assert runs[0] == runs[1]


@pytest.mark.parametrize(("game", "scenario"), GAMES)
def test_never_mutates_the_match(game: str, scenario: str) -> None:
    match = Match.start(game, scenario, seed=2)
    _run(match, SearchAgent(1, **TINY), None, 6)  # somewhere past the start
    decision = match.decision
    assert decision is not None and decision.choices
    before = match.clone()
    state, events, actions = match.state, list(match.events), list(match.actions)
    action = SearchAgent(4, rollouts=2, depth=3).choose(match, decision)
    assert match.state is state
    assert match.events == events and match.actions == actions
    # the match's dice did not move: the same action gives the same events as before
    match.apply(action)
    before.apply(action)
    assert match.events == before.events
    assert match.state == before.state


def test_time_budget_and_sampling_still_give_legal_choices() -> None:
    match = Match.start("gwas_1904", "ulsan", seed=3)
    agent = SearchAgent(2, rollouts=50, depth=None, time_budget=0.0, max_choices=3)
    chosen = _run(match, agent, None, 10)
    assert chosen and agent.simulations < 10 * 50


def test_paired_choice_keeps_the_policy_unless_clearly_beaten() -> None:
    agent = SearchAgent(0, threshold=0.02, confidence=1.5)
    assert agent._best([[0.5] * 4, [0.5] * 4]) == 0  # a tie keeps the policy's choice
    assert agent._best([[0.0, 0.0, 0.0, 0.0], [1.0, 1.0, 1.0, 1.0]]) == 1
    assert agent._best([[0.0, 1.0, 0.0, 1.0], [1.0, 0.0, 1.0, 0.2]]) == 0  # noise
    assert agent._best([[0.0] * 4, [0.6] * 4, [0.9] * 4, [1.0] * 2]) == 2  # dropped: [1.0]*2


@pytest.mark.parametrize(
    ("game", "scenario", "side"),
    [("tokyo_express", "basic", "US"), ("gwas_1904", "ulsan", "Japan")],
)
def test_beats_random_on_a_tiny_budget(game: str, scenario: str, side: str) -> None:
    """Three seeded games each way: the search agent wins more than random play does."""
    wins = {"search": 0, "random": 0}
    for seed in range(3):
        for name in wins:
            match = Match.start(game, scenario, seed=seed)
            agents: dict[str, Any] = {s: RandomAgent(seed) for s in match.game.spec.sides}
            if name == "search":
                agents[side] = SearchAgent(seed, rollouts=1, depth=0, max_choices=3)
            play_out(match, agents)
            outcome = match.outcome
            assert outcome is not None
            wins[name] += outcome.winner == side
    assert wins["search"] > wins["random"]
    assert wins["search"] >= 2
