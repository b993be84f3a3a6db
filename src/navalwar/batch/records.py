"""One battle of a batch: how it is set up, fought and recorded.

A :class:`BatchSpec` says what is fought (game, scenario, options, an agent per
side); :func:`play_battle` fights battle ``index`` with dice seed ``seed`` exactly
as ``navalwar run GAME SCENARIO --seed SEED`` does (the same agents, each seeded
``SEED + i + 1`` for the i-th side of the game), so :meth:`BattleRecord.command`
replays any battle of a batch on its own.
"""

from __future__ import annotations

import functools
import json
import shlex
from collections.abc import Mapping
from typing import Any

import attrs

from navalwar.agents import agent_names, default_agent, make_agent, play_out
from navalwar.engine import Match, Score, exact_scores, score_from_json, score_to_json
from navalwar.errors import DataError, NavalwarError, UnknownNameError
from navalwar.registry import OptionValue, load


@attrs.frozen
class BatchSpec:
    """What every battle of a batch fights: a game's scenario, its options, and the
    agent (by name) of each side, in the game's side order."""

    game: str
    scenario: str
    options: tuple[tuple[str, OptionValue], ...] = ()
    agents: tuple[tuple[str, str], ...] = ()

    @classmethod
    def make(
        cls,
        game: str,
        scenario: str,
        options: Mapping[str, OptionValue] | None = None,
        agents: Mapping[str, str] | None = None,
    ) -> BatchSpec:
        """Check the names and fill in defaults: ``agents`` maps sides (any letter case)
        to agent names; an unnamed side gets the game's default agent."""
        g = load(game)
        g.spec.resolve_options(dict(options or {}))  # raises on a bad option
        sides = g.spec.sides
        chosen: dict[str, str] = {}
        for side, name in (agents or {}).items():
            named = g.spec.agent_side(side)
            if name not in agent_names(game):
                raise UnknownNameError(f"agent for {game}", name, agent_names(game))
            chosen[named] = name
        default = default_agent(game)
        return cls(
            game,
            scenario,
            tuple(sorted((options or {}).items())),
            tuple((side, chosen.get(side, default)) for side in sides),
        )

    def start(self, seed: int) -> Match:
        """A new match of this batch with dice seed ``seed``."""
        template = _template(self.game, self.scenario, self.options)
        return Match(
            template.game,
            template.scenario_name,
            template.scenario,
            template.data,
            seed,
            dict(template.options),
            None,
            template.data_dirs,
            template.strict,
            log_events=False,  # a record needs the final state only; run --seed logs it
        )


@functools.lru_cache(maxsize=8)
def _template(game: str, scenario: str, options: tuple[tuple[str, OptionValue], ...]) -> Match:
    """A match started once per process, whose loaded data, scenario and resolved
    options every battle shares (they are never changed)."""
    return Match.start(game, scenario, seed=0, options=dict(options))


@attrs.frozen
class BattleRecord:
    """One finished battle: a line of a batch's JSON Lines file.

    Attributes:
        index: the battle's number in the batch (0-based).
        seed: its dice seed (see :func:`navalwar.batch.battle_seeds`).
        game, scenario, options, agents: what was fought (agents by side).
        winner: the winning side, None for a draw.
        level: the level of victory as the game names it.
        scores: Victory Points by side, exact; in JSON a whole number as an int, a
            half (any fraction a float holds exactly) as a float, any other as
            ``"n/d"`` (:func:`navalwar.engine.score_to_json`).
        summary: the game's one-line result.
        decisions: the decisions made in the battle.
        turns: Game Turns / impulses / rounds played (``extras["turn_unit"]``).
        sunk, damaged: side -> ship type -> ships sunk / damaged but afloat.
        extras: any further facts the game records.
    """

    index: int
    seed: int
    game: str
    scenario: str
    options: dict[str, OptionValue]
    agents: dict[str, str]
    winner: str | None
    level: str
    scores: dict[str, Score] = attrs.field(converter=exact_scores)
    summary: str
    decisions: int
    turns: int | None = None
    sunk: dict[str, dict[str, int]] = attrs.field(factory=dict)
    damaged: dict[str, dict[str, int]] = attrs.field(factory=dict)
    extras: dict[str, Any] = attrs.field(factory=dict)

    def to_json(self) -> dict[str, Any]:
        """The record as a JSON-able dict (fields in declaration order)."""
        raw = attrs.asdict(self)
        raw["scores"] = {side: score_to_json(vp) for side, vp in self.scores.items()}
        return raw

    def to_line(self) -> str:
        """The record as one JSON line (with its newline)."""
        return json.dumps(self.to_json(), ensure_ascii=False) + "\n"

    @classmethod
    def from_json(cls, raw: Any) -> BattleRecord:
        """A record from its JSON form; DataError when it is not one."""
        names = {f.name for f in attrs.fields(cls)}
        if not isinstance(raw, dict) or not names >= raw.keys() or "seed" not in raw:
            raise DataError("not a battle record (expected the keys " + ", ".join(names) + ")")
        scores = raw.get("scores")
        try:
            if not isinstance(scores, dict):
                raise TypeError(f"scores must be an object of side -> VP, not {scores!r}")
            return cls(**{**raw, "scores": {k: score_from_json(v) for k, v in scores.items()}})
        except (TypeError, ValueError) as exc:
            raise DataError(f"not a battle record: {exc}") from None

    def command(self) -> str:
        """The ``navalwar run`` command line that fights this battle again."""
        words = ["navalwar", "run", self.game, self.scenario, "--seed", str(self.seed)]
        for name, value in self.options.items():
            text = str(value).lower() if isinstance(value, bool) else str(value)
            words += ["--option", f"{name}={text}"]
        playable = load(self.game).spec.playable_sides  # the others take no agent
        for side, agent in self.agents.items():
            if side in playable:
                words += ["--agent", f"{side}={agent}"]
        return shlex.join(words)


def play_battle(spec: BatchSpec, index: int, seed: int) -> BattleRecord:
    """Fight battle ``index`` of a batch with dice seed ``seed`` to the end."""
    match = spec.start(seed)
    agents = {
        side: make_agent(spec.game, name, seed + i + 1)
        for i, (side, name) in enumerate(spec.agents)
    }
    play_out(match, agents)
    outcome = match.outcome
    if outcome is None:  # pragma: no cover - play_out returns finished matches
        raise NavalwarError(f"battle {index} (seed {seed}) did not finish")
    extras = match.game.record_extras(match)
    turns = extras.pop("turns", None)
    return BattleRecord(
        index=index,
        seed=seed,
        game=spec.game,
        scenario=spec.scenario,
        options=dict(spec.options),
        agents=dict(spec.agents),
        winner=outcome.winner,
        level=outcome.level,
        scores=outcome.scores,
        summary=outcome.summary,
        decisions=len(match.actions),
        turns=None if turns is None else int(turns),
        sunk=extras.pop("sunk", {}),
        damaged=extras.pop("damaged", {}),
        extras=extras,
    )
