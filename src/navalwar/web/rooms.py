"""Rooms: the live matches a server holds, their seats, agents and lifecycle.

A room is one :class:`~navalwar.engine.Match` with a seat per human side, each seat
holding a secret token, and an agent for every other side that gets decisions. Nothing
here knows HTTP: the server (:mod:`navalwar.web.app`) turns requests into these calls,
under the room's lock, and their errors into statuses.

What a seat may do (issue 18, "no leak and no impersonation"): see its own side's
observation, decision and events, answer its own side's decisions, take back its own
last action (with the agents' replies to it) while the rules allow an undo
(:meth:`Match.undo`: no dice rolled, nothing revealed since), and save the match when
the save can tell nobody anything (the game is over, one person holds every human
seat, or the match is hot-seat): a save holds the seed, so every secret.
"""

from __future__ import annotations

import asyncio
import hmac
import secrets
import time
from collections.abc import Mapping
from typing import Any

from navalwar.actions import Action
from navalwar.agents import Agent, make_agent
from navalwar.dice import Dice
from navalwar.engine import Match
from navalwar.errors import DataError, IllegalActionError, NavalwarError
from navalwar.events import Event
from navalwar.registry import load

__all__ = ["Room", "RoomFullError", "Rooms", "SeatError"]

MAX_AGENT_DECISIONS = 20_000  # agent decisions played in a row before the server gives up
MAX_SEED = 2**63


class SeatError(NavalwarError):
    """A request without a valid seat token (401), or for another seat (403)."""

    def __init__(self, message: str, status: int) -> None:
        super().__init__(message)
        self.status = status


class RoomFullError(NavalwarError):
    """The server holds as many live matches as it may (503)."""


def new_id() -> str:
    """A fresh unguessable id or token (it tells nothing of the match)."""
    return secrets.token_urlsafe(18)


class Room:
    """A live match with its seats (side -> token) and agents (side -> agent)."""

    def __init__(
        self,
        match: Match,
        agent_names: Mapping[str, str],
        hot_seat: bool = False,
    ) -> None:
        spec = match.game.spec
        self.id = new_id()
        self.match = match
        self.hot_seat = hot_seat
        self.agent_names = dict(agent_names)
        self.agents: dict[str, Agent] = {
            side: make_agent(match.game.id, name, match.seed + i + 1)
            for i, side in enumerate(spec.sides)
            if (name := self.agent_names.get(side)) is not None
        }
        self.humans = tuple(s for s in spec.playable_sides if s not in self.agents)
        self.seats = {side: new_id() for side in self.humans}
        self.lock = asyncio.Lock()
        self.changed = asyncio.Condition()
        self.version = 0  # counts changes, for the seats' live pushes
        self.reset_version = 0  # the version of the last undo (a seat's log restarts)
        self.used = time.monotonic()

    # -- seats --------------------------------------------------------------------------
    def seat_of(self, token: str | None) -> str:
        """The side whose token this is (SeatError 401 when it is none of this room's)."""
        if token:
            for side, mine in self.seats.items():
                if hmac.compare_digest(mine.encode(), token.encode()):
                    return side
        raise SeatError("a valid seat token of this match is needed (Authorization: Bearer)", 401)

    def check_seat(self, side: str, token: str | None) -> str:
        """``side`` if ``token`` is its seat's (401 for no valid token, 403 for another
        seat's token, or for a side that has no seat)."""
        holder = self.seat_of(token)
        if holder != side:
            raise SeatError(f"this token is {holder}'s seat, not {side!r}'s", 403)
        return side

    def touch(self) -> None:
        """Note that the room is in use (idle rooms are dropped first)."""
        self.used = time.monotonic()

    # -- what a seat sees ---------------------------------------------------------------
    def events(self, side: str) -> list[Event]:
        """The events ``side`` may see, in order (its cursor counts these only)."""
        return self.match.events_for(side)

    def deciding(self, side: str) -> str | None:
        """``"you"``, ``"other"`` or ``None`` (over), as the observation envelope says."""
        decision = self.match.decision
        if decision is None:
            return None
        return "you" if decision.side == side else "other"

    def decision_json(self, side: str) -> dict[str, Any] | None:
        """The pending decision's JSON when it is ``side``'s, else None."""
        decision = self.match.decision
        if decision is None or decision.side != side:
            return None
        return decision.to_json(self.match.game)

    def summary(self) -> dict[str, Any]:
        """The match's public facts (any seat may read them)."""
        m = self.match
        sides = {s: "rules" for s in m.game.spec.sides}  # a side the rules play themselves
        sides.update({s: f"agent:{n}" for s, n in self.agent_names.items()})
        sides.update({s: "human" for s in self.humans})
        return {
            "match": self.id,
            "game": m.game.id,
            "scenario": m.scenario_name,
            "seed": m.seed,
            "options": dict(m.options),
            "sides": sides,
            "hot_seat": self.hot_seat,
            "over": m.is_over,
            "actions": len(m.actions),
        }

    def outcome_json(self) -> dict[str, Any] | None:
        outcome = self.match.outcome if self.match.is_over else None
        return None if outcome is None else outcome.to_json()

    # -- what a seat does ---------------------------------------------------------------
    def _own_decision(self, side: str, what: str) -> None:
        decision = self.match.decision
        if decision is None:
            raise IllegalActionError(what, "the game is over")
        if decision.side != side:
            raise IllegalActionError(what, f"it is not {side}'s decision now")

    def play_agents(self) -> None:
        """Let the agents answer every decision that is theirs, until a human's or the end."""
        match = self.match
        for _ in range(MAX_AGENT_DECISIONS):
            decision = match.decision
            if decision is None or decision.side not in self.agents:
                return
            match.apply(self.agents[decision.side].choose(match, decision))
        raise NavalwarError(f"the agents took more than {MAX_AGENT_DECISIONS} decisions in a row")

    def apply(self, side: str, action: Mapping[str, Any]) -> Action:
        """Answer ``side``'s pending decision with ``action`` (its JSON), then let the
        agents play; the match is unchanged if the action is refused."""
        self._own_decision(side, "action")
        codec = self.match.game.codec
        if not isinstance(action, Mapping):
            raise DataError("an action is a JSON object with a 'tag'")
        parsed = codec.from_json(action)
        self.match.apply(parsed)
        self.changed_now()
        self.play_agents()
        return parsed

    def sample(self, side: str) -> Action:
        """A legal action for ``side``'s pending decision, drawn with dice seeded by the
        match's seed and its number of actions (so the same match offers the same)."""
        self._own_decision(side, "sample")
        decision = self.match.decision
        assert decision is not None
        seed = (self.match.seed * 1_000_003 + len(self.match.actions)) % MAX_SEED
        return decision.random_choice(Dice(seed))

    def undo(self, side: str) -> int:
        """Take back ``side``'s last action and the agents' replies to it; the number
        of actions taken back (IllegalActionError, nothing changed, if it may not)."""
        trial = self.match.clone()
        undone = 0
        while trial.deciders and trial.deciders[-1] in self.agents and trial.can_undo():
            trial.undo()
            undone += 1
        if not trial.deciders or trial.deciders[-1] != side:
            raise IllegalActionError("undo", f"the last action to take back is not {side}'s")
        if not trial.can_undo():
            raise IllegalActionError(
                "undo", "dice were rolled or facts revealed since, so it cannot be taken back"
            )
        trial.undo()
        self.match = trial
        self.reset_version = self.version + 1
        self.changed_now()
        return undone + 1

    def may_save(self) -> bool:
        """A save shows every secret (it holds the seed): only once the game is over,
        or when one person holds every human seat."""
        return self.match.is_over or self.hot_seat or len(self.humans) <= 1

    def changed_now(self) -> None:
        self.version += 1


def agents_for(match: Match, given: Any) -> dict[str, str]:
    """The agents named for ``match`` (side -> agent name), checked: each a side that
    gets decisions, each a known agent of the game (DataError, UnknownNameError)."""
    if given is None:
        return {}
    if not isinstance(given, Mapping):
        raise DataError('"agents" must be an object of side -> agent name')
    spec = match.game.spec
    out: dict[str, str] = {}
    for side, name in given.items():
        if not isinstance(side, str) or not isinstance(name, str):
            raise DataError('"agents" must be an object of side -> agent name')
        make_agent(match.game.id, name)  # UnknownNameError for an unknown agent
        out[spec.agent_side(side)] = name
    return out


class Rooms:
    """The live rooms and replays of a server, at most ``limit`` of them; when full, the
    one idle longest is dropped if it has been idle ``idle_seconds``, else RoomFullError."""

    def __init__(self, limit: int, idle_seconds: float) -> None:
        self.limit = limit
        self.idle_seconds = idle_seconds
        self.live: dict[str, Any] = {}  # id -> Room or Replay

    def add(self, room: Any) -> None:
        if len(self.live) >= self.limit:
            oldest = min(self.live.values(), key=lambda r: r.used)
            if time.monotonic() - oldest.used < self.idle_seconds:
                raise RoomFullError(
                    f"the server holds its limit of {self.limit} live matches and replays; "
                    "try again later, or finish or delete a match"
                )
            del self.live[oldest.id]
        self.live[room.id] = room

    def get(self, rid: str, kind: type[Any]) -> Any:
        found = self.live.get(rid)
        if not isinstance(found, kind):
            return None
        found.touch()
        return found

    def remove(self, rid: str) -> None:
        self.live.pop(rid, None)


def check_game(game_id: Any) -> str:
    """A registered game's id (DataError for a non-string, UnknownGameError otherwise)."""
    if not isinstance(game_id, str):
        raise DataError('"game" must be a game id (GET /api/games lists them)')
    return load(game_id).id
