"""Replays: a saved match stepped through action by action, for the replay viewer.

A save holds the seed and every action, so it holds every secret: a replay opens
every side's view. Loading replays the actions once (and checks the event log against
the save's digest, :func:`navalwar.serialization.load_document`), keeping after each
action the state and the length of the log; a step is the match as it stood after its
first ``k`` actions.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from navalwar.engine import Match
from navalwar.errors import DataError, UnknownNameError
from navalwar.serialization import check_save, load_document

__all__ = ["MAX_REPLAY_ACTIONS", "Replay"]

MAX_REPLAY_ACTIONS = 50_000  # the longest save a replay steps through


class Replay:
    """A saved match, replayed, with its state after every action."""

    def __init__(self, doc: Any, data: Sequence[str | Path] = ()) -> None:
        from navalwar.web.rooms import new_id

        doc = check_save(doc, "<uploaded save>")
        if len(doc["actions"]) > MAX_REPLAY_ACTIONS:
            raise DataError(
                f"a replay steps through at most {MAX_REPLAY_ACTIONS} actions, "
                f"this save has {len(doc['actions'])}",
                file="<uploaded save>",
                path="actions",
            )
        final = load_document(doc, data, "<uploaded save>")  # checks the log's digest
        start = Match.start(
            final.game,
            final.scenario_name,
            seed=final.seed,
            options=dict(final.options),
            data=data,
            strict=final.strict,
            use_env=False,
            scenario_text=final.scenario_text,
        )
        self.id = new_id()
        self.final = final
        self.states: list[Any] = [start.state]
        self.lengths: list[int] = [len(start.events)]
        self.positions: list[dict[str, Any]] = [final.game.position(start.state)]
        for action in final.actions:
            start.apply(action)
            self.states.append(start.state)
            self.lengths.append(len(start.events))
            self.positions.append(final.game.position(start.state))
        self.used = time.monotonic()

    def touch(self) -> None:
        self.used = time.monotonic()

    @property
    def steps(self) -> int:
        """The number of actions (steps run 0 .. steps)."""
        return len(self.final.actions)

    def index(self) -> list[dict[str, Any]]:
        """Every action with who took it and where play stood before it."""
        codec = self.final.game.codec
        return [
            {
                "index": k,
                "side": self.final.deciders[k],
                "action": codec.to_json(action),
                "position": self.positions[k],
            }
            for k, action in enumerate(self.final.actions)
        ]

    def side(self, name: str | None) -> str:
        sides = self.final.game.spec.sides
        if name is None:
            return sides[0]
        if name not in sides:
            raise UnknownNameError(f"side of {self.final.game.id}", name, sides)
        return name

    def at(self, k: int) -> Match:
        """The match as it stood after its first ``k`` actions (a copy)."""
        if not 0 <= k <= self.steps:
            raise DataError(f"a step of this replay is 0 to {self.steps}, not {k}")
        match = self.final.clone()
        match.state = self.states[k]
        match.events = match.events[: self.lengths[k]]
        match.actions = match.actions[:k]
        match.deciders = match.deciders[:k]
        return match

    def created(self) -> dict[str, Any]:
        m = self.final
        return {
            "replay": self.id,
            "game": m.game.id,
            "scenario": m.scenario_name,
            "seed": m.seed,
            "sides": list(m.game.spec.sides),
            "steps": self.index(),
        }

    def step(self, k: int, side: str) -> dict[str, Any]:
        match = self.at(k)
        outcome = match.outcome if match.is_over else None
        return {
            "index": k,
            "side": side,
            "observation": match.observe(side),
            "events": [e.to_json() for e in match.events_for(side)],
            "over": match.is_over,
            "outcome": None if outcome is None else outcome.to_json(),
        }
