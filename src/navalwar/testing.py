"""The conformance suite every registered game must pass (DESIGN "Tests").

Each check takes a game (its id, or a game object), a scenario id, a seed and
optionally ``options`` (rules options), plays the game with
:class:`~navalwar.agents.RandomAgent` s, and returns the problems it found (an
empty list means conformant). The checks:

* :func:`check_random_play`: random legal play terminates with an outcome.
* :func:`check_legal_actions`: every enumerated (or sampled) legal action is
  accepted, on a clone, at a sample of decisions along a game.
* :func:`check_illegal_actions`: mutated actions, actions of another tag, a
  foreign action, malformed JSON and actions after the end are refused with
  ``IllegalActionError``/``InvalidActionError``, the match untouched.
* :func:`check_json_field_types`: a JSON action whose field has the wrong JSON
  type (a string for a number, a number for a string) is refused, not coerced.
* :func:`check_fresh_process`: the same seed gives the same event log in fresh
  processes with different hash seeds.
* :func:`check_save_load`: a match saved mid-game loads and continues identically.
* :func:`check_replay`: ``replay()`` reproduces the log; tampered saves are refused.
* :func:`check_observations`: observations are JSON and do not show the order of
  decks or cups; for every hidden variant of the state (``Game.hidden_variants``:
  unseen units moved or exchanged, decks reordered, secret commitments changed) a
  side's observation, decision, and the events its own choice shows it are the same.
* :func:`check_undo`: undo restores a dice-free action exactly and refuses to
  cross a chance event.

:func:`run_conformance` runs them all, over the game's option sets
(:func:`option_sets`: each option changed alone, or the sets a game declares).

For a game played by other agents (a game's heuristic, :func:`named_agents`), the
same checks work on a match: :func:`play_checked` plays it to the end with a game's
own invariants after every action, :func:`reload_problems` saves and loads it,
:func:`replay_problems` replays it, and :func:`check_observations` takes ``agents``.
From pytest::

    @pytest.mark.parametrize("check", sorted(CHECKS))
    def test_conformance(check):
        assert CHECKS[check](GAME_ID, SCENARIO_ID, 0) == []
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
import traceback
from collections.abc import Callable, Iterator, Mapping, Sequence
from pathlib import Path
from typing import Any, ClassVar

import attrs

from navalwar.actions import Action
from navalwar.agents import Agent, RandomAgent
from navalwar.dice import Dice
from navalwar.engine import Context, Decision, Game, Match
from navalwar.errors import (
    DataError,
    IllegalActionError,
    InvalidActionError,
    NavalwarError,
    ReplayError,
)
from navalwar.events import log_digest
from navalwar.frozen import Value
from navalwar.registry import OptionValue
from navalwar.sequence import CardDeck, ChitCup

#: Most decisions a random game may take before it counts as not terminating.
DECISION_BUDGET = 10_000
REFUSALS = (IllegalActionError, InvalidActionError)

Check = Callable[..., list[str]]
"""``check(game, scenario, seed, options=None)``: the problems found (empty: conformant)."""
GameRef = str | Game[Any, Any]  # a game id, or a game object (one not registered, in tests)
Options = Mapping[str, OptionValue] | None


Agents = Callable[[Match, int], dict[str, Agent]]
"""``agents(match, seed)``: an agent per side for a match played from ``seed``
(:func:`random_agents` is one, :func:`named_agents` builds others)."""


# -- helpers --------------------------------------------------------------------------------
def _agent_seed(seed: int, index: int) -> int:
    return seed * 1009 + index + 1


def random_agents(match: Match, seed: int) -> dict[str, Agent]:
    """A :class:`RandomAgent` per side, seeded from ``seed``."""
    return {side: RandomAgent(_agent_seed(seed, i)) for i, side in enumerate(match.game.spec.sides)}


def named_agents(*names: str) -> Agents:
    """Agents by name (:func:`navalwar.agents.make_agent`), one per side in the order of
    the game's sides (``named_agents("heuristic", "random")``: the first side heuristic),
    seeded from the match's seed as :func:`random_agents` are; one name serves every side."""
    if not names:
        raise ValueError("named_agents needs at least one agent name")

    def build(match: Match, seed: int) -> dict[str, Agent]:
        from navalwar.agents import make_agent

        sides = match.game.spec.sides
        if len(names) not in (1, len(sides)):
            raise ValueError(f"{len(names)} agent names for the {len(sides)} sides {sides}")
        chosen = names * len(sides) if len(names) == 1 else names
        return {
            side: make_agent(match.game.id, name, _agent_seed(seed, i))
            for i, (side, name) in enumerate(zip(sides, chosen, strict=True))
        }

    return build


def play(match: Match, agents: dict[str, Agent], decisions: int = DECISION_BUDGET) -> int:
    """Let ``agents`` make up to ``decisions`` decisions; return how many they made."""
    for n in range(decisions):
        decision = match.decision
        if decision is None:
            return n
        match.apply(agents[decision.side].choose(match, decision))
    return decisions


def random_match(
    game_id: GameRef,
    scenario: str,
    seed: int,
    decisions: int = DECISION_BUDGET,
    options: Options = None,
) -> Match:
    """A match of ``scenario`` played by random agents for up to ``decisions`` decisions."""
    match = _start(game_id, scenario, seed, options)
    play(match, random_agents(match, seed), decisions)
    return match


def _start(game: GameRef, scenario: str, seed: int, options: Options) -> Match:
    return Match.start(game, scenario, seed=seed, options=dict(options) if options else None)


def random_match_digest(game_id: GameRef, scenario: str, seed: int, options: Options = None) -> str:
    """The event-log digest of a whole random game (what the fresh-process check compares)."""
    match = random_match(game_id, scenario, seed, options=options)
    return f"{len(match.events)} {log_digest(match.events)}"


def _walk(
    match: Match,
    seed: int,
    problems: list[str],
    decisions: int = DECISION_BUDGET,
    agents: Agents = random_agents,
) -> Iterator[Decision]:
    """Yield each pending decision, then apply the agents' choice for it (random
    agents unless given).

    A refused choice is added to ``problems`` and ends the walk.
    """
    players = agents(match, seed)
    for n in range(decisions):
        decision = match.decision
        if decision is None:
            return
        yield decision
        action = players[decision.side].choose(match, decision)
        try:
            match.apply(action)
        except NavalwarError as exc:
            problems.append(
                f"{_where(decision, n)}: the agent's {action.describe()} was refused: {exc}"
            )
            return


def _dice_index(match: Match) -> int:
    return match._dice.index


def _snapshot(match: Match) -> tuple[Any, int, int, int, Any]:
    return (match.state, len(match.events), len(match.actions), _dice_index(match), match.decision)


def _unchanged(match: Match, before: tuple[Any, int, int, int, Any]) -> str | None:
    state, n_events, n_actions, dice, decision = before
    if match.state is not state and match.state != state:
        return "the state changed"
    if len(match.events) != n_events:
        return f"the event log went from {n_events} to {len(match.events)} events"
    if len(match.actions) != n_actions:
        return f"the action list went from {n_actions} to {len(match.actions)} actions"
    if _dice_index(match) != dice:
        return f"the dice moved from position {dice} to {_dice_index(match)}"
    if match.decision != decision:
        return "the pending decision changed"
    return None


def _sample_actions(decision: Decision, dice: Dice, limit: int) -> list[Action]:
    """Up to ``limit`` legal actions of ``decision``: a spread of its list, or samples."""
    if decision.choices is not None:
        choices = list(decision.choices)
        if len(choices) <= limit:
            return choices
        step = len(choices) / limit
        return [choices[int(i * step)] for i in range(limit)]
    if decision.sample is None:
        return []
    return [decision.sample(dice) for _ in range(limit)]


def _canonical(obj: Any) -> str:
    return json.dumps(obj, sort_keys=True, separators=(",", ":"), allow_nan=False)


def _where(decision: Decision, index: int) -> str:
    return f"decision #{index} ({decision.kind}, {decision.rule})"


# -- random play ----------------------------------------------------------------------------
def check_random_play(
    game_id: GameRef,
    scenario: str,
    seed: int,
    budget: int = DECISION_BUDGET,
    options: Options = None,
) -> list[str]:
    """Random legal play terminates within ``budget`` decisions and yields an outcome."""
    problems: list[str] = []
    match = _start(game_id, scenario, seed, options)
    sides = match.game.spec.sides
    n = 0
    for n, decision in enumerate(_walk(match, seed, problems, budget), start=1):
        if decision.side not in sides:
            problems.append(f"{_where(decision, n)} is for unknown side {decision.side!r}")
            return problems
        if decision.choices is not None and not decision.choices:
            problems.append(f"{_where(decision, n)} offers no legal choice")
            return problems
        if not decision.rule:
            problems.append(f"{_where(decision, n)} names no rule section")
    if not match.is_over:
        return [*problems, f"the game did not end within {budget} decisions"]
    outcome = match.outcome
    if outcome is None:
        return [*problems, f"the game ended after {n} decisions without an outcome"]
    if outcome.winner is not None and outcome.winner not in sides:
        problems.append(f"the outcome names an unknown winner {outcome.winner!r}")
    try:
        _canonical(outcome.to_json())
    except (TypeError, ValueError) as exc:
        problems.append(f"the outcome is not JSON-serialisable: {exc}")
    if not match.report():
        problems.append("the battle report of a finished game is empty")
    return problems


# -- legal actions ---------------------------------------------------------------------------
def check_legal_actions(
    game_id: GameRef,
    scenario: str,
    seed: int,
    every: int = 3,
    per_decision: int = 12,
    options: Options = None,
) -> list[str]:
    """Every listed legal action is accepted (on a clone), at every ``every``-th decision."""
    problems: list[str] = []
    match = _start(game_id, scenario, seed, options)
    codec = match.game.codec
    dice = Dice(seed + 17)
    for n, decision in enumerate(_walk(match, seed, problems)):
        if n % every:
            continue
        if match.decision != decision:
            problems.append(f"{_where(decision, n)}: decision() gives different answers")
        actions = _sample_actions(decision, dice, per_decision)
        if not actions:
            problems.append(f"{_where(decision, n)} has neither choices nor a sampler")
        listed = match.legal_actions()
        if decision.choices is not None and listed != list(decision.choices):
            problems.append(f"{_where(decision, n)}: legal_actions() differs from the choices")
        for action in actions:
            what = f"{_where(decision, n)}: {action.describe()}"
            reason = decision.check(action)
            if reason is not None:
                problems.append(f"{what} fails its own decision's check: {reason}")
            try:
                back = codec.from_json(json.loads(json.dumps(codec.to_json(action))))
            except (NavalwarError, TypeError, ValueError) as exc:
                problems.append(f"{what} does not round-trip through JSON: {exc}")
            else:
                if back != action:
                    problems.append(f"{what} comes back from JSON as {back!r}")
            before = _snapshot(match)
            clone = match.clone()
            try:
                clone.apply(action)
            except Exception as exc:  # any refusal of a legal action is the finding
                problems.append(f"{what} was refused: {type(exc).__name__}: {exc}")
                continue
            if len(clone.actions) != len(match.actions) + 1:
                problems.append(f"{what} was not recorded in the clone's actions")
            change = _unchanged(match, before)
            if change:
                problems.append(f"{what} applied to a clone changed the original: {change}")
        if len(problems) > 20:
            break
    return problems


# -- illegal actions -------------------------------------------------------------------------
@attrs.frozen
class _ForeignAction(Action):
    """An action no game knows."""

    tag: ClassVar[str] = "conformance_foreign_action"
    value: int = 0


def _bad_values(value: Any) -> list[Any]:
    if isinstance(value, bool):
        return [not value]
    if isinstance(value, int):
        return [value + 1, value - 1, -1, 10**6]
    if isinstance(value, str):
        return ["", value + "X", "no such thing"]
    if isinstance(value, tuple):
        out: list[Any] = [(), (*value, *value[:1])]
        if len(value) > 1:
            out.append(value[::-1])
        return out
    return []


def mutations(action: Action) -> Iterator[Action]:
    """``action`` with one field changed at a time (each may or may not be legal)."""
    for field in attrs.fields(type(action)):
        for bad in _bad_values(getattr(action, field.name)):
            try:
                yield attrs.evolve(action, **{field.name: bad})
            except (TypeError, ValueError):
                continue


def _malformed_json(action: Action, codec_json: dict[str, Any]) -> list[Any]:
    fields = {k: v for k, v in codec_json.items() if k != "tag"}
    out: list[Any] = [
        {},
        {"tag": 7},
        {"tag": None, **fields},
        {"tag": "no_such_action_tag", **fields},
        {**codec_json, "no_such_field": 1},
    ]
    if fields:
        out.append({"tag": action.tag})
    for key, value in fields.items():
        wrong: Any = [[1]] if isinstance(value, (list, tuple)) else [value]
        out.append({**codec_json, key: wrong})
        out.append({**codec_json, key: {"x": 1}})
    return out


def _expect_refused(match: Match, candidate: Any, what: str) -> str | None:
    """Apply ``candidate`` to a clone of ``match``; the reason it is a problem, if any."""
    clone = match.clone()
    before = _snapshot(clone)
    try:
        clone.apply(candidate)
    except REFUSALS:
        change = _unchanged(clone, before)
        return f"{what}: refused, but {change}" if change else None
    except Exception as exc:  # the wrong kind of refusal is the finding
        return f"{what}: raised {type(exc).__name__} ({exc}) instead of an action error"
    return f"{what}: accepted"


def _expect_handled(match: Match, action: Action, what: str) -> str | None:
    """An action the decision's check passes must be applied or refused, never crash the rules."""
    clone = match.clone()
    before = _snapshot(clone)
    try:
        clone.apply(action)
    except REFUSALS:
        change = _unchanged(clone, before)
        return f"{what}: refused, but {change}" if change else None
    except Exception as exc:  # a crash on an action the decision accepted is the finding
        return f"{what}: passed the decision's check, then crashed: {type(exc).__name__}: {exc}"
    return None


def check_illegal_actions(
    game_id: GameRef, scenario: str, seed: int, every: int = 4, options: Options = None
) -> list[str]:
    """Illegal and malformed actions are refused and leave the match unchanged.

    A mutated action the decision's own check accepts (a validator may be
    broader than the listed choices) must then be applied or refused, not crash.
    """
    problems: list[str] = []
    match = _start(game_id, scenario, seed, options)
    codec = match.game.codec
    dice = Dice(seed + 29)
    seen: dict[str, Action] = {}
    for n, decision in enumerate(_walk(match, seed, problems)):
        legal = _sample_actions(decision, dice, 3)
        if n % every == 0 and legal:
            where = _where(decision, n)
            tags = {a.tag for a in legal}
            candidates: list[tuple[Any, str]] = []
            for m in mutations(legal[0]):
                if decision.check(m) is not None:
                    candidates.append((m, f"{where}: mutated {m.describe()}"))
                else:
                    problem = _expect_handled(match, m, f"{where}: mutated {m.describe()}")
                    if problem:
                        problems.append(problem)
            for tag, other in seen.items():
                if tag not in tags and decision.check(other) is not None:
                    candidates.append((other, f"{where}: {tag} action {other.describe()}"))
            candidates.append((_ForeignAction(), f"{where}: an action of no game"))
            for raw in _malformed_json(legal[0], codec.to_json(legal[0])):
                candidates.append((raw, f"{where}: malformed JSON {raw!r}"))
            for bad in ("text", 42, None, [codec.to_json(legal[0])]):
                candidates.append((bad, f"{where}: not an action: {bad!r}"))
            for candidate, what in candidates:
                problem = _expect_refused(match, candidate, what)
                if problem:
                    problems.append(problem)
        for a in legal:
            seen.setdefault(a.tag, a)
        if len(problems) > 20:
            return problems
    if not match.is_over:
        return [*problems, "the game did not end, so actions after the end were not tried"]
    for tag, action in seen.items():
        for candidate in (action, codec.to_json(action)):
            problem = _expect_refused(match, candidate, f"after the end: {tag} {candidate!r}")
            if problem:
                problems.append(problem)
    return problems


def _coerced_json(codec_json: dict[str, Any]) -> list[dict[str, Any]]:
    out = []
    for key, value in codec_json.items():
        if key == "tag":
            continue
        if isinstance(value, bool):
            wrong: list[Any] = [int(value), str(value).lower()]
        elif isinstance(value, int):
            wrong = [str(value), value + 0.5, True]
        elif isinstance(value, str):
            wrong = [None, 5, [value]]
        elif isinstance(value, list):
            wrong = ["".join(str(x) for x in value) or "ab"]
        else:
            continue
        out += [{**codec_json, key: w} for w in wrong]
    return out


def check_json_field_types(
    game_id: GameRef, scenario: str, seed: int, every: int = 4, options: Options = None
) -> list[str]:
    """A JSON action with a field of the wrong JSON type is refused, not coerced.

    ``{"speed": "4"}``, ``{"speed": 4.5}``, ``{"ship": null}`` or a string where
    a list belongs are not the legal action with that field; a front end that
    sends them has a bug the engine should report.
    """
    problems: list[str] = []
    match = _start(game_id, scenario, seed, options)
    codec = match.game.codec
    dice = Dice(seed + 31)
    for n, decision in enumerate(_walk(match, seed, problems)):
        if n % every:
            continue
        for action in _sample_actions(decision, dice, 2):
            for raw in _coerced_json(codec.to_json(action)):
                problem = _expect_refused(match, raw, f"{_where(decision, n)}: {raw!r}")
                if problem:
                    problems.append(problem)
        if len(problems) > 20:
            break
    return problems


# -- determinism ------------------------------------------------------------------------------
_SCRIPT = (
    "import sys\n"
    "from navalwar.testing import random_match_digest\n"
    "import json\n"
    "print(random_match_digest(sys.argv[1], sys.argv[2], int(sys.argv[3]), "
    "json.loads(sys.argv[4])))\n"
)


def check_fresh_process(
    game_id: GameRef,
    scenario: str,
    seed: int,
    hash_seeds: Sequence[str] = ("1", "4242"),
    options: Options = None,
) -> list[str]:
    """The same seed and choices give the same event log in fresh processes.

    Each run uses another ``PYTHONHASHSEED``, so set or dict ordering that
    leaks into the rules shows up as a different log.
    """
    name = game_id if isinstance(game_id, str) else game_id.id  # the fresh process loads it
    here = random_match_digest(game_id, scenario, seed, options)
    problems = []
    for hash_seed in hash_seeds:
        env = {**os.environ, "PYTHONHASHSEED": hash_seed}
        done = subprocess.run(
            [sys.executable, "-c", _SCRIPT, name, scenario, str(seed), json.dumps(options)],
            capture_output=True,
            text=True,
            env=env,
            timeout=300,
            check=False,
        )
        if done.returncode != 0:
            tail = done.stderr.strip().splitlines()[-3:]
            problems.append(f"PYTHONHASHSEED={hash_seed}: the run failed: {' | '.join(tail)}")
            continue
        there = done.stdout.strip()
        if there != here:
            problems.append(
                f"PYTHONHASHSEED={hash_seed}: events and digest {there!r} differ from this "
                f"process's {here!r}"
            )
    return problems


# -- save, load, replay ----------------------------------------------------------------------
def _same_log(a: Match, b: Match) -> str | None:
    ja = [e.to_json() for e in a.events]
    jb = [e.to_json() for e in b.events]
    if ja == jb:
        return None
    for i, (x, y) in enumerate(zip(ja, jb, strict=False)):
        if x != y:
            return f"the logs differ at event {i}: {x.get('text')!r} vs {y.get('text')!r}"
    return f"the logs have {len(ja)} and {len(jb)} events"


def _differences(match: Match, other: Match, what: str) -> list[str]:
    """How ``other`` (a reload or replay of ``match``) differs from it: actions, event log,
    state, pending decision, outcome, each side's observation (empty: it does not)."""
    problems = []
    diff = _same_log(match, other)
    if diff:
        problems.append(f"{what}'s log differs: {diff}")
    if other.actions != match.actions:
        problems.append(f"{what} has other actions")
    if other.state != match.state:
        problems.append(f"{what}'s state differs")
    if other.decision != match.decision:
        problems.append(f"{what}'s pending decision differs")
    if other.outcome != match.outcome:
        problems.append(f"{what}'s outcome differs: {other.outcome} vs {match.outcome}")
    for side in match.game.spec.sides:
        if _canonical(other.observe(side)) != _canonical(match.observe(side)):
            problems.append(f"{what}'s {side} observation differs")
    return problems


def reload_problems(match: Match, directory: Path | None = None) -> list[str]:
    """``match`` (at any point, played by any agents) saved to a file and loaded again:
    what differs (its actions, event log, state, pending decision, outcome, each side's
    observation), or that the save does not load; empty if nothing."""
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(directory or tmp) / f"reload-{match.game.id}-{match.seed}.json"
        match.save(path)
        try:
            loaded = Match.load(path, data=match.data_dirs)
        except NavalwarError as exc:
            return [f"a save made after {len(match.actions)} actions does not load: {exc}"]
    return _differences(match, loaded, "the loaded match")


def replay_problems(match: Match) -> list[str]:
    """``match.replay()`` (the same seed and actions from the start): what differs from
    ``match`` (event log, state, decision, outcome, observations), or why it failed."""
    try:
        again = match.replay()
    except NavalwarError as exc:
        return [f"replay() after {len(match.actions)} actions failed: {type(exc).__name__}: {exc}"]
    return _differences(match, again, "the replayed match")


def play_checked(
    match: Match,
    agents: Mapping[str, Agent],
    invariants: Callable[[Match], Sequence[str]] | None = None,
    budget: int = DECISION_BUDGET,
) -> list[str]:
    """Play ``match`` to its end with ``agents`` (by side), checking as it goes: every
    choice is accepted, ``invariants(match)`` finds nothing after each action (a game's
    own rules invariants; its first problems end the play), the game ends within
    ``budget`` decisions with an outcome whose winner is one of the sides (or none)."""
    sides = match.game.spec.sides
    for n in range(budget):
        decision = match.decision
        if decision is None:
            break
        if decision.side not in agents:
            return [f"{_where(decision, n)} is for {decision.side!r}, which no agent plays"]
        action = agents[decision.side].choose(match, decision)
        try:
            match.apply(action)
        except NavalwarError as exc:
            return [f"{_where(decision, n)}: the agent's {action.describe()} was refused: {exc}"]
        found = list(invariants(match)) if invariants is not None else []
        if found:
            return [f"{_where(decision, n)}, after {action.describe()}: {p}" for p in found]
    else:
        if not match.is_over:
            return [f"the game did not end within {budget} decisions"]
    outcome = match.outcome
    if outcome is None:
        return [f"the game ended after {len(match.actions)} actions without an outcome"]
    if outcome.winner is not None and outcome.winner not in sides:
        return [f"the outcome names an unknown winner {outcome.winner!r}"]
    return []


def check_save_load(
    game_id: GameRef,
    scenario: str,
    seed: int,
    at: int = 12,
    directory: Path | None = None,
    options: Options = None,
) -> list[str]:
    """A match saved after ``at`` decisions loads to the same position and plays on identically."""
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(directory or tmp) / f"conformance-{game_id}-{seed}.json"
        match = random_match(game_id, scenario, seed, at, options)
        match.save(path)
        try:
            loaded = Match.load(path)
        except NavalwarError as exc:
            return [f"a save made after {len(match.actions)} actions does not load: {exc}"]
        problems = _differences(match, loaded, "the loaded match")
        for m in (match, loaded):
            play(m, random_agents(m, seed + 1))
        diff = _same_log(match, loaded)
        if diff:
            problems.append(f"after loading, continued play differs: {diff}")
        if match.outcome != loaded.outcome:
            problems.append(f"outcomes differ: {match.outcome} vs {loaded.outcome}")
        if match.is_over:
            end = path.with_name("end.json")
            match.save(end)
            try:
                diff = _same_log(match, Match.load(end))
            except NavalwarError as exc:
                diff = f"{type(exc).__name__}: {exc}"
            if diff:
                problems.append(f"a finished match does not load to the same log: {diff}")
        return problems


def _tampered(doc: dict[str, Any]) -> Iterator[tuple[str, dict[str, Any]]]:
    digest = doc["digest"]
    yield "digest edited", {**doc, "digest": ("0" if digest[0] != "0" else "1") + digest[1:]}
    yield "event count edited", {**doc, "events": doc["events"] + 1}
    yield "seed edited", {**doc, "seed": doc["seed"] + 1}
    actions = doc["actions"]
    if actions:
        yield "last action dropped", {**doc, "actions": actions[:-1]}
        for index in (0, len(actions) - 1):
            raw = actions[index]
            for key, value in raw.items():
                if key == "tag":
                    continue
                if isinstance(value, int) and not isinstance(value, bool):
                    bad: Any = value + 1000
                elif isinstance(value, str):
                    bad = value + "X"
                else:
                    continue
                edited = [*actions[:index], {**raw, key: bad}, *actions[index + 1 :]]
                yield f"action {index} field {key} edited", {**doc, "actions": edited}
                break


def check_replay(game_id: GameRef, scenario: str, seed: int, options: Options = None) -> list[str]:
    """``replay()`` reproduces the log; a save with an edited digest, seed or action is refused."""
    from navalwar.serialization import match_to_json

    match = random_match(game_id, scenario, seed, options=options)
    problems = [f"a finished game: {p}" for p in replay_problems(match)]
    with tempfile.TemporaryDirectory() as tmp:
        rolled = any(e.kind == "dice_rolled" for e in match.events)
        for what, doc in _tampered(match_to_json(match)):
            if what == "seed edited" and not rolled:
                continue  # a match that rolled no dice replays the same with any seed
            path = Path(tmp) / "tampered.json"
            path.write_text(json.dumps(doc), encoding="utf-8")
            try:
                Match.load(path)
            except (ReplayError, DataError):
                continue
            except Exception as exc:  # the wrong error type is the finding
                problems.append(f"a save with the {what} raised {type(exc).__name__}: {exc}")
                continue
            problems.append(f"a save with the {what} was loaded without complaint")
    return problems


# -- observations ----------------------------------------------------------------------------
def hidden_orders(value: Any, depth: int = 0) -> Iterator[tuple[Any, ...]]:
    """The secret orders in a state: every deck's draw pile and every cup's contents."""
    if depth > 12:
        return
    if isinstance(value, CardDeck):
        yield value.order
    elif isinstance(value, ChitCup):
        yield value.contents
    elif isinstance(value, Value):
        for item in value.values():
            yield from hidden_orders(item, depth + 1)
    elif attrs.has(type(value)):
        for field in attrs.fields(type(value)):
            yield from hidden_orders(getattr(value, field.name), depth + 1)
    elif isinstance(value, (tuple, list)):
        for item in value:
            yield from hidden_orders(item, depth + 1)
    elif isinstance(value, dict):
        for item in value.values():
            yield from hidden_orders(item, depth + 1)


def _lists(obj: Any) -> Iterator[list[Any]]:
    if isinstance(obj, list):
        yield obj
        for item in obj:
            yield from _lists(item)
    elif isinstance(obj, dict):
        for item in obj.values():
            yield from _lists(item)


def _shows(observation: dict[str, Any], text: str, order: tuple[Any, ...]) -> bool:
    items = list(order)
    n = len(items)
    for seq in _lists(observation):
        for i in range(len(seq) - n + 1):
            if seq[i : i + n] == items:
                return True
    return ",".join(map(str, items)) in text or json.dumps(items) in text


def _own_json(game: Game[Any, Any], decision: Decision | None, side: str) -> str | None:
    if decision is None or decision.side != side:
        return None
    return _canonical(decision.to_json(game.codec))


def _seen_step(match: Match, state: Any, action: Action, side: str) -> tuple[str, str, bool] | None:
    """``action`` applied to ``state`` with the match's dice (a copy): the observation
    of ``side`` after it, the events of the step ``side`` sees (canonical JSON), and
    whether the step rolled dice or revealed a fact (``Context.reveal``). None if the
    rules refuse ``action``."""
    game, data = match.game, match.data
    dice = match._dice.clone()
    ctx = Context(dice)
    try:
        after = game.advance(game.apply(state, action, data, ctx), data, ctx)
    except NavalwarError:
        return None
    seen = [e.to_json() for e in ctx.events if not e.sides or side in e.sides]
    moved = dice.index != match._dice.index or ctx.reveal
    return _canonical(game.observation(after, side, data)), _canonical(seen), moved


def _variant_problems(
    match: Match, side: str, variant: Any, text: str, what: str, index: int
) -> list[str]:
    """How ``side`` could tell ``variant`` from the match's state (empty: it cannot).

    Its observation and its decision must be the same; and when it decides, its
    choice must be legal in both and give the same visible events, unless the step
    reveals a hidden fact (a reveal, or observations after it that differ: what it
    learns is the fact itself) or rolls dice (which rolls the rules make may depend on
    a hidden fact, as at the table, where the other player sees every die rolled).
    """
    game, data = match.game, match.data
    if _canonical(game.observation(variant, side, data)) != text:
        return [f"{what}: the {side} observation changes with hidden facts"]
    decision = match.decision
    mine = _own_json(game, decision, side)
    if mine != _own_json(game, game.decision(variant, data), side):
        return [f"{what}: the {side} decision changes with hidden facts"]
    if decision is None or mine is None:
        return []
    action = decision.random_choice(Dice(index + 7))
    real = _seen_step(match, match.state, action, side)
    if real is None:
        return []  # a sampled choice the rules refuse: the legal-actions check reports it
    other = _seen_step(match, variant, action, side)
    if other is None:
        return [f"{what}: {side}'s {action.describe()} is refused with hidden facts changed"]
    if real[0] == other[0] and real[1] != other[1] and not (real[2] or other[2]):
        return [
            f"{what}: the events {side} sees after {action.describe()} change with hidden facts"
        ]
    return []


def check_observations(
    game_id: GameRef,
    scenario: str,
    seed: int,
    every: int = 3,
    options: Options = None,
    agents: Agents = random_agents,
) -> list[str]:
    """Observations are JSON and do not show deck or cup order; a side cannot tell its
    position from any of the game's hidden variants of it (``Game.hidden_variants``:
    other deck orders, which unseen unit is where, secret commitments ...): not by its
    observation, its decision, nor the events its own choice makes visible to it.

    Checked at every ``every``-th decision of a game played by ``agents`` (random unless
    given: :func:`named_agents` for a game's own)."""
    problems: list[str] = []
    match = _start(game_id, scenario, seed, options)
    game, data = match.game, match.data
    try:
        match.observe("no such side")
        problems.append("observe() accepted an unknown side")
    except NavalwarError:
        pass

    def look(label: str, index: int) -> None:
        for side in game.spec.sides:
            obs = match.observe(side)
            try:
                text = _canonical(obs)
            except (TypeError, ValueError) as exc:
                problems.append(f"{label}: the {side} observation is not JSON: {exc}")
                continue
            for v, variant in enumerate(game.hidden_variants(match.state, side, data, Dice(index))):
                what = f"{label} (variant {v})"
                try:
                    problems.extend(_variant_problems(match, side, variant, text, what, index))
                except Exception as exc:  # a variant the rules crash on is the finding
                    problems.append(f"{what}: crashed: {type(exc).__name__}: {exc}")
            for order in hidden_orders(match.state):
                if len(set(order)) > 1 and _shows(obs, text, order):
                    problems.append(f"{label}: the {side} observation shows a hidden order")

    for n, decision in enumerate(_walk(match, seed, problems, agents=agents)):
        if n % every == 0:
            look(_where(decision, n), n)
        if len(problems) > 20:
            return problems
    look("after the end", 10_000)
    return problems


# -- undo ------------------------------------------------------------------------------------
def check_undo(game_id: GameRef, scenario: str, seed: int, options: Options = None) -> list[str]:
    """Undo restores a dice-free action exactly and refuses to cross a chance event."""
    problems: list[str] = []
    match = _start(game_id, scenario, seed, options)
    before = _snapshot(match)
    try:
        match.undo()
        problems.append("undo() at the start did not raise IllegalActionError")
    except IllegalActionError:
        change = _unchanged(match, before)
        if change:
            problems.append(f"a refused undo at the start: {change}")
    undone = chancy = 0
    agents = random_agents(match, seed)
    for n in range(DECISION_BUDGET):
        decision = match.decision
        if decision is None:
            break
        action = agents[decision.side].choose(match, decision)
        where = f"{_where(decision, n)}: {action.describe()}"
        events = list(match.events)
        actions = list(match.actions)
        state, dice = match.state, _dice_index(match)
        match.apply(action)
        after_events, after_state = list(match.events), match.state
        if _dice_index(match) == dice:
            if not match.can_undo():
                continue
            undone += 1
            match.undo()
            wrong = [
                what
                for what, ok in (
                    ("state", match.state is state or match.state == state),
                    ("event log", match.events == events),
                    ("actions", match.actions == actions),
                    ("dice", _dice_index(match) == dice),
                )
                if not ok
            ]
            if wrong:
                return [*problems, f"{where}: undo did not restore the {', '.join(wrong)}"]
            match.apply(action)
            if match.events != after_events or match.state != after_state:
                problems.append(f"{where}: applying the action again after undo differs")
        else:
            chancy += 1
            if match.can_undo():
                problems.append(f"{where}: can_undo() after a chance event")
            snap = _snapshot(match)
            try:
                match.undo()
                problems.append(f"{where}: undo() crossed a chance event")
            except IllegalActionError:
                change = _unchanged(match, snap)
                if change:
                    problems.append(f"{where}: a refused undo {change}")
        if len(problems) > 20:
            break
    if not undone:
        problems.append("no action could be undone in a whole game")
    if not chancy and any(e.kind == "dice_rolled" for e in match.events):
        problems.append("no action led to a chance event, so undo across one was not tried")
    return problems


# -- the suite -------------------------------------------------------------------------------
CHECKS: dict[str, Check] = {
    "random_play": check_random_play,
    "legal_actions": check_legal_actions,
    "illegal_actions": check_illegal_actions,
    "json_field_types": check_json_field_types,
    "fresh_process": check_fresh_process,
    "save_load": check_save_load,
    "replay": check_replay,
    "observations": check_observations,
    "undo": check_undo,
}
#: Checks that play one game per seed cheaply enough to repeat; the others run on the first seed.
PER_SEED = ("random_play", "legal_actions", "illegal_actions", "observations", "undo")


#: Most option sets :func:`option_sets` derives from a game's options (the defaults first).
MAX_OPTION_SETS = 16


def _game(game: GameRef) -> Game[Any, Any]:
    from navalwar.registry import load

    return load(game) if isinstance(game, str) else game


def option_sets(game: GameRef) -> list[dict[str, OptionValue]]:
    """The option sets the suite runs a game with: ``{}`` (the defaults), then each
    option changed alone: an option with ``choices`` at each other value, a boolean
    flipped (a whole number without choices stays at its default), at most
    :data:`MAX_OPTION_SETS` in all. A game may declare its own list instead, as a
    ``conformance_options`` attribute (sequences of option dicts; ``{}`` first)."""
    g = _game(game)
    declared = getattr(g, "conformance_options", None)
    if declared is not None:
        return [dict(o) for o in declared][:MAX_OPTION_SETS]
    out: list[dict[str, OptionValue]] = [{}]
    for spec in g.spec.options:
        if spec.choices:
            out += [{spec.name: c} for c in spec.choices if c != spec.default]
        elif isinstance(spec.default, bool):
            out.append({spec.name: not spec.default})
    return out[:MAX_OPTION_SETS]


def accepts(game: GameRef, scenario: str, options: Options) -> bool:
    """Whether ``scenario`` can be played with ``options`` (some refuse an option set:
    an overlay a scenario cannot do without, for instance)."""
    try:
        _start(game, scenario, 0, options)
    except NavalwarError:
        return False
    return True


def describe_options(options: Options) -> str:
    """``"combat=basic"``, for labels ("" for the defaults)."""
    return ",".join(f"{k}={json.dumps(v)}" for k, v in sorted((options or {}).items()))


def run_conformance(
    game_id: GameRef,
    scenarios: Sequence[str] | None = None,
    seeds: Sequence[int] = (0, 1),
    options: Sequence[Mapping[str, OptionValue]] | None = None,
) -> list[str]:
    """Run every check on ``scenarios`` (default: all the game's bundled ones), with
    each of ``options`` (default: :func:`option_sets`). An option set other than the
    defaults runs on the first seed only, and skips the scenarios that refuse it.

    Returns:
        Every problem, each prefixed with ``[check scenario seed]`` (and the option
        set, when not the defaults); empty if the game conforms. A check that crashes
        is reported as a problem too.
    """
    game = _game(game_id)
    problems: list[str] = []
    sets = [dict(o) for o in options] if options is not None else option_sets(game)
    for opts in sets:
        named = describe_options(opts)
        for scenario in scenarios if scenarios is not None else game.scenarios():
            if opts and not accepts(game_id, scenario, opts):
                continue
            for name, check in CHECKS.items():
                runs = seeds if name in PER_SEED else seeds[:1]
                for seed in runs if not opts else seeds[:1]:
                    label = f"[{name} {scenario} {seed}{' ' + named if named else ''}]"
                    try:
                        if opts:
                            found = check(game_id, scenario, seed, options=opts)
                        else:
                            found = check(game_id, scenario, seed)
                    except Exception as exc:  # a crashing check is a conformance failure
                        found = [
                            f"crashed: {''.join(traceback.format_exception_only(exc)).strip()}"
                        ]
                    problems += [f"{label} {p}" for p in found]
    return problems


__all__ = [
    "CHECKS",
    "DECISION_BUDGET",
    "MAX_OPTION_SETS",
    "Agents",
    "accepts",
    "check_fresh_process",
    "check_illegal_actions",
    "check_json_field_types",
    "check_legal_actions",
    "check_observations",
    "check_random_play",
    "check_replay",
    "check_save_load",
    "check_undo",
    "describe_options",
    "hidden_orders",
    "mutations",
    "named_agents",
    "option_sets",
    "play",
    "play_checked",
    "random_agents",
    "random_match",
    "random_match_digest",
    "reload_problems",
    "replay_problems",
    "run_conformance",
]
