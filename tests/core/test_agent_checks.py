"""The conformance checks on a match played by given agents (navalwar.testing):
``named_agents``, ``play_checked``, ``reload_problems``, ``replay_problems`` and
``check_observations(agents=...)``, each shown to pass on a sound game and to catch
what it is for."""

from __future__ import annotations

from typing import Any

import pytest

from navalwar import testing
from navalwar.actions import Action
from navalwar.agents import Agent, RandomAgent
from navalwar.engine import Decision, Match
from navalwar.errors import NavalwarError
from navalwar.games.gwas_1904 import GAME as GWAS


def _match(game: str = "tokyo_express", scenario: str = "basic", seed: int = 0) -> Match:
    return Match.start(game, scenario, seed=seed)


def test_named_agents_gives_each_side_its_agent() -> None:
    match = _match()
    first, second = match.game.spec.sides
    agents = testing.named_agents("heuristic", "random")(match, 3)
    assert isinstance(agents[second], RandomAgent)
    assert not isinstance(agents[first], RandomAgent)
    assert type(testing.named_agents("heuristic")(match, 3)[second]) is type(agents[first])
    # seeded from the match's seed as the random agents are
    again = testing.named_agents("random")(match, 3)[second]
    assert isinstance(again, RandomAgent)
    assert again.dice.index == 0
    assert testing.random_agents(match, 3)[second].dice.d6("x") == again.dice.d6("x")


def test_named_agents_refuses_a_wrong_count_or_name() -> None:
    match = _match()
    with pytest.raises(ValueError, match="3 agent names for the 2 sides"):
        testing.named_agents("random", "random", "random")(match, 0)
    with pytest.raises(NavalwarError, match="no_such_agent"):
        testing.named_agents("no_such_agent")(match, 0)
    with pytest.raises(ValueError):
        testing.named_agents()


@pytest.mark.parametrize("names", [("heuristic",), ("heuristic", "random"), ("random",)])
def test_play_checked_finds_nothing_in_a_sound_game(names: tuple[str, ...]) -> None:
    match = _match(seed=1)
    assert testing.play_checked(match, testing.named_agents(*names)(match, 1)) == []
    assert match.is_over and match.outcome is not None


def test_play_checked_reports_the_first_broken_invariant_and_stops() -> None:
    match = _match()
    seen: list[int] = []

    def invariant(m: Match) -> list[str]:
        seen.append(len(m.actions))
        return ["five actions"] if len(m.actions) == 5 else []

    problems = testing.play_checked(match, testing.random_agents(match, 0), invariant)
    assert len(problems) == 1
    assert problems[0].startswith("decision #4 (") and problems[0].endswith(": five actions")
    assert len(match.actions) == 5 and seen == [1, 2, 3, 4, 5]


class _Stubborn:
    """Plays the first decision's first choice at every decision."""

    def __init__(self) -> None:
        self.first: Action | None = None

    def choose(self, match: Match, decision: Decision) -> Action:
        if self.first is None:
            self.first = decision.random_choice(RandomAgent(0).dice)
        return self.first


def test_play_checked_reports_a_refused_choice_an_endless_game_and_a_missing_agent() -> None:
    match = _match()
    side = match.decision.side if match.decision else ""
    stubborn: dict[str, Agent] = {s: _Stubborn() for s in match.game.spec.sides}
    problems = testing.play_checked(match, stubborn)
    assert len(problems) == 1 and "was refused" in problems[0]
    match = _match()
    assert testing.play_checked(match, testing.random_agents(match, 0), budget=3) == [
        "the game did not end within 3 decisions"
    ]
    match = _match()
    others = {s: a for s, a in testing.random_agents(match, 0).items() if s != side}
    assert "which no agent plays" in testing.play_checked(match, others)[0]


@pytest.mark.parametrize("decisions", [0, 10, 10_000])
def test_a_sound_match_reloads_and_replays_the_same(decisions: int) -> None:
    match = _match("gwas_1904", "chemulpo", 2)
    testing.play(match, testing.named_agents("heuristic", "random")(match, 2), decisions)
    assert testing.reload_problems(match) == []
    assert testing.replay_problems(match) == []


def test_a_match_whose_state_is_not_its_actions_is_caught() -> None:
    match = _match("gwas_1904", "chemulpo", 2)
    agents = testing.named_agents("heuristic")(match, 2)
    testing.play(match, agents, 5)
    early = match.state
    testing.play(match, agents, 5)
    match.state = early  # as if the last five actions had not changed the state
    for problems in (testing.reload_problems(match), testing.replay_problems(match)):
        assert any("state differs" in p for p in problems)
        assert any("observation differs" in p for p in problems)


def test_an_observation_that_is_not_a_function_of_the_state_is_caught(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    match = _match("gwas_1904", "chemulpo", 2)
    testing.play(match, testing.random_agents(match, 2), 20)
    real = GWAS.observe
    calls = iter(range(10**6))

    def drifting(state: Any, side: str, data: Any) -> dict[str, Any]:
        return {**real(state, side, data), "call": next(calls)}

    monkeypatch.setattr(GWAS, "observe", drifting)
    sides = GWAS.spec.sides
    for what, problems in (
        ("loaded", testing.reload_problems(match)),
        ("replayed", testing.replay_problems(match)),
    ):
        assert problems == [f"the {what} match's {side} observation differs" for side in sides]


def test_a_replay_with_another_log_is_caught() -> None:
    match = _match("gwas_1904", "chemulpo", 2)
    testing.play(match, testing.random_agents(match, 2), 20)
    match.events[3] = match.events[4]
    problems = testing.replay_problems(match)
    assert len(problems) == 1 and "ReplayError" in problems[0] and "at event 3" in problems[0]
    assert "does not load" in testing.reload_problems(match)[0]


def test_check_observations_plays_by_the_given_agents() -> None:
    chosen: list[str] = []

    def counting(match: Match, seed: int) -> dict[str, Agent]:
        inner = testing.named_agents("heuristic")(match, seed)

        class Counted:
            def __init__(self, agent: Agent) -> None:
                self.agent = agent

            def choose(self, m: Match, d: Decision) -> Action:
                chosen.append(d.side)
                return self.agent.choose(m, d)

        return {side: Counted(agent) for side, agent in inner.items()}

    assert testing.check_observations("gwas_1904", "chemulpo", 0, every=5, agents=counting) == []
    whole = _match("gwas_1904", "chemulpo", 0)
    testing.play(whole, testing.named_agents("heuristic")(whole, 0))
    assert chosen == whole.deciders
