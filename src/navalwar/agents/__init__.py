"""Agents: who makes a side's decisions.

An agent is any object with ``choose(match, decision) -> Action``. ``RandomAgent``
picks uniformly among the legal choices (or from the decision's sampler); each
game may register stronger agents by name (see :func:`make_agent`).
"""

from __future__ import annotations

from typing import Protocol

from navalwar.actions import Action
from navalwar.dice import Dice
from navalwar.engine import Decision, Match
from navalwar.errors import UnknownNameError


class Agent(Protocol):
    """Anything that can make a decision for a side."""

    def choose(self, match: Match, decision: Decision) -> Action:
        """Return a legal action for ``decision``."""
        ...


class RandomAgent:
    """A uniform legal choice at every decision, from its own seeded dice."""

    name = "random"

    def __init__(self, seed: int = 0) -> None:
        self.dice = Dice(seed)

    def choose(self, match: Match, decision: Decision) -> Action:
        return decision.random_choice(self.dice)


class FirstChoiceAgent:
    """Always the first listed choice (a deterministic baseline for tests)."""

    name = "first"

    def __init__(self, seed: int = 0) -> None:
        self.dice = Dice(seed)

    def choose(self, match: Match, decision: Decision) -> Action:
        if decision.choices:
            return decision.choices[0]
        return decision.random_choice(self.dice)


def agent_names(game: str) -> list[str]:
    """The agents available for ``game``."""
    names = ["random", "first"]
    if game == "tokyo_express":
        names.append("heuristic")
    return names


def make_agent(game: str, name: str, seed: int = 0) -> Agent:
    """Build the agent called ``name`` for ``game`` (UnknownNameError otherwise)."""
    if name == "random":
        return RandomAgent(seed)
    if name == "first":
        return FirstChoiceAgent(seed)
    if name == "heuristic" and game == "tokyo_express":
        from navalwar.games.tokyo_express.agents import HeuristicUSAgent

        return HeuristicUSAgent(seed)
    raise UnknownNameError(f"agent for {game}", name, agent_names(game))


def play_out(match: Match, agents: dict[str, Agent], max_decisions: int = 100_000) -> Match:
    """Let ``agents`` (by side) decide until the game is over."""
    for _ in range(max_decisions):
        decision = match.decision
        if decision is None:
            return match
        match.apply(agents[decision.side].choose(match, decision))
    raise RuntimeError(f"the game did not end within {max_decisions} decisions")


__all__ = ["Agent", "FirstChoiceAgent", "RandomAgent", "agent_names", "make_agent", "play_out"]
