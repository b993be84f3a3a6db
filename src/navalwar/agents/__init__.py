"""Agents: who makes a side's decisions.

An agent is any object with ``choose(match, decision) -> Action``. ``RandomAgent``
picks uniformly among the legal choices (or from the decision's sampler);
``FirstChoiceAgent`` takes the first. A game offers its own agents (a heuristic
commander ...) in its declaration, :meth:`navalwar.engine.Game.agents`, name ->
factory(seed): see :func:`game_agents`; :func:`make_agent` builds any of them by
name.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

from navalwar.actions import Action
from navalwar.agents.search import SearchAgent
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


AgentFactory = Callable[[int], Agent]
"""Builds an agent from a seed (an agent class taking ``seed`` is one)."""

CORE_AGENTS: dict[str, AgentFactory] = {
    "random": RandomAgent,
    "first": FirstChoiceAgent,
    "search": SearchAgent,
}


def game_agents(game: str) -> dict[str, AgentFactory]:
    """The agents a game offers itself, by name (its :meth:`~navalwar.engine.Game.agents`,
    e.g. ``{"heuristic": HeuristicAgent}``)."""
    from navalwar.registry import load

    return {str(k): v for k, v in load(game).agents().items()}


def agent_names(game: str) -> list[str]:
    """The agents available for ``game``: ``random``, ``first`` and the game's own."""
    return [*CORE_AGENTS, *(n for n in sorted(game_agents(game)) if n not in CORE_AGENTS)]


def default_agent(game: str) -> str:
    """The agent used when none is named: ``heuristic`` where the game has one, else
    the first of the game's own agents, else ``random``."""
    own = game_agents(game)
    if "heuristic" in own:
        return "heuristic"
    return next(iter(sorted(own)), "random")


def make_agent(game: str, name: str, seed: int = 0) -> Agent:
    """Build the agent called ``name`` for ``game`` (UnknownNameError otherwise)."""
    factory = CORE_AGENTS.get(name) or game_agents(game).get(name)
    if factory is None:
        raise UnknownNameError(f"agent for {game}", name, agent_names(game))
    for_game = getattr(factory, "for_game", None)  # an agent with per-game settings
    if callable(for_game):
        agent: Agent = for_game(game, seed)
        return agent
    return factory(seed)


def play_out(match: Match, agents: dict[str, Agent], max_decisions: int = 100_000) -> Match:
    """Let ``agents`` (by side) decide until the game is over."""
    for _ in range(max_decisions):
        decision = match.decision
        if decision is None:
            return match
        match.apply(agents[decision.side].choose(match, decision))
    raise RuntimeError(f"the game did not end within {max_decisions} decisions")


__all__ = [
    "CORE_AGENTS",
    "Agent",
    "AgentFactory",
    "FirstChoiceAgent",
    "RandomAgent",
    "agent_names",
    "default_agent",
    "game_agents",
    "make_agent",
    "play_out",
]
