"""The protocol's JSON Schemas (navalwar.protocol, issue 18) against real messages.

Random games of every scenario of every registered game: every observation of every
side, every decision, action, event, outcome and save validates against its game's
schema and the generic one; the schemas are valid draft 2020-12 schemas; and wrong
messages (a key leaking into an observation, an undeclared event key, ...) fail.
"""

from __future__ import annotations

import copy
import functools
import json
from collections.abc import Iterator
from typing import Any

import jsonschema
import pytest

from navalwar import protocol
from navalwar.agents import RandomAgent, make_agent
from navalwar.dice import Dice
from navalwar.engine import Match
from navalwar.errors import UnknownNameError
from navalwar.games.tokyo_express.data import TEData
from navalwar.games.tokyo_express.setups import position
from navalwar.registry import games, load
from navalwar.serialization import match_to_json

CAP = 200  # decisions played at most per game (jsonschema is slow: the file's time)
CAPS = {"coral_sea": 150}  # random Coral Sea games meet no combat: the heuristic ones do
EVERY = 50  # every observation is validated each EVERY decisions, and whenever its shape is new
SEEDS: dict[str, tuple[int, ...]] = {"coral_sea": (0,), "gwas_1904": (0,)}
OPTIONS: dict[str, tuple[dict[str, Any] | None, ...]] = {
    "gwas_1904": ({"combat": "advanced"}, {"combat": "basic"}),
}
SIDES_CS = ("Japan", "Allies")
SHIPPED = [g for g in games() if type(load(g)).__module__.startswith("navalwar.games.")]


@functools.cache
def check(name: str) -> Any:
    """The validator of ``name``, made once."""
    return protocol.validator(name)


def valid(name: str, message: Any) -> None:
    """``message`` fits the schema ``name`` (the first error, with where, if not)."""
    error = jsonschema.exceptions.best_match(check(name).iter_errors(message))
    if error is not None:
        where = "/".join(map(str, error.absolute_path))
        pytest.fail(f"{name} at /{where}: {error.message[:400]}")


def _cases(every_option_set: bool = True) -> list[Any]:
    return [
        pytest.param(g, scenario, options, id=f"{g}-{scenario}-{i}")
        for g in games()
        for scenario in load(g).scenarios()
        for i, options in enumerate(OPTIONS.get(g, (None,)))
        if every_option_set or i == 0
    ]


def played(
    game: str,
    scenario: str,
    options: dict[str, Any] | None,
    seed: int,
    agent: str = "random",
    until_surface: bool = False,
) -> Iterator[Match]:
    """A match (every playable side a RandomAgent, or the game's ``agent``), yielded
    before each decision and once at the end (over, or after the cap); with
    ``until_surface``, played to a Coral Sea surface action and yielded there only."""
    match = Match.start(game, scenario, seed=seed, options=options, use_env=False)
    sides = match.game.spec.playable_sides
    agents = {
        side: RandomAgent(seed + i) if agent == "random" else make_agent(game, agent, seed + i)
        for i, side in enumerate(sides)
    }
    for _ in range(3000 if until_surface else CAPS.get(game, CAP) if agent == "random" else CAP):
        decision = match.decision
        if decision is None:
            break
        if until_surface:
            current = match.state.combat.current if match.state.combat else None
            if current is not None and current.surface is not None:
                break
        else:
            yield match
        match.apply(agents[decision.side].choose(match, decision))
    yield match


def shape(value: Any, path: str = "") -> Iterator[tuple[str, str]]:
    """The structure of a JSON value: each (path, JSON type), list items all at ``[]``."""
    kind = type(value).__name__
    yield path, kind
    if kind == "dict":
        for k, v in value.items():
            yield from shape(v, f"{path}.{k}")
    elif kind == "list":
        for v in value:
            yield from shape(v, path + "[]")


def check_match(game: str, matches: Iterator[Match]) -> None:
    """Every message of one match against its schemas (jsonschema is slow, so a message
    whose structure was checked already is checked again only now and then):

    * the observations of every side, each EVERY decisions, at the end, and whenever
      one's structure (:func:`shape`) or the decision's kind is new; the deciding
      side's carries exactly the decision (its choices are checked there as the
      game's actions);
    * a sampled action of each decision without a list;
    * every action played (each distinct one), every event (each distinct structure:
      the schema checks its kind, keys and types), the outcome and the save.

    The generic schemas, which accept the same messages less strictly, likewise (the
    observation and decision once per side and decision kind)."""
    checked: set[Any] = set()
    match = None
    for n, match in enumerate(matches):
        decision = match.decision
        out = None if decision is None else decision.to_json(match.game)
        kind = None if out is None else out["kind"]
        for side in match.game.spec.sides:
            seen = match.observe(side)
            if out is not None and side == out["side"]:
                assert seen["decision"] == out
            rest = frozenset(shape({k: v for k, v in seen.items() if k != "decision"}))
            keys = {(side, rest), (kind, frozenset(shape(seen["decision"])))}
            if keys <= checked and n % EVERY and out is not None:
                continue
            checked |= keys
            valid(f"observation:{game}", seen)
            if (side, kind) not in checked:
                checked.add((side, kind))
                valid("observation", seen)
                if out is not None and side == out["side"]:
                    valid(f"decision:{game}", out)
                    valid("decision", out)
        if decision is not None and decision.choices is None:
            sampled = decision.random_choice(match._dice.clone())
            valid(f"action:{game}", match.game.codec.to_json(sampled))
    assert match is not None
    actions = {json.dumps(match.game.codec.to_json(a), sort_keys=True) for a in match.actions}
    for text in actions:
        valid(f"action:{game}", json.loads(text))
        valid("action", json.loads(text))
    for event in match.events:
        message = event.to_json()
        key = ("event", frozenset(shape(message)), message["kind"])
        if key not in checked:
            checked.add(key)
            valid(f"event:{game}", message)
            valid("event", message)
    if match.outcome is not None:
        valid(f"outcome:{game}", match.outcome.to_json())
        valid("outcome", match.outcome.to_json())
    save = json.loads(json.dumps(match_to_json(match)))
    valid(f"save:{game}", save)
    valid("save", save)


@pytest.mark.parametrize(("game", "scenario", "options"), _cases())
def test_every_message_of_random_games_fits_its_schemas(
    game: str, scenario: str, options: dict[str, Any] | None
) -> None:
    for seed in SEEDS.get(game, (0, 1, 2)):
        check_match(game, played(game, scenario, options, seed))


@pytest.mark.parametrize(("game", "scenario", "options"), _cases(every_option_set=False))
def test_every_message_of_a_heuristic_game_fits_its_schemas(
    game: str, scenario: str, options: dict[str, Any] | None
) -> None:
    """The heuristic agents fight (Coral Sea's combats, its surface actions, ...)."""
    check_match(game, played(game, scenario, options, 0, "heuristic"))


def test_a_coral_sea_surface_action_fits_the_observation_schema() -> None:
    """The heuristic agents' first surface action (25.4), some 900 decisions in: every
    observation of both sides through it (the combat view's ``surface`` and the secret
    movement choices, ``moves``)."""
    *_, match = played("coral_sea", "huon_gulf", None, 0, "heuristic", until_surface=True)
    agents = {side: make_agent("coral_sea", "heuristic", i) for i, side in enumerate(SIDES_CS)}
    shown: set[str] = set()
    for _ in range(60):
        for side in SIDES_CS:
            seen = match.observe(side)
            valid("observation:coral_sea", seen)
            surface = (seen["combat"] or {}).get("surface")
            if surface is not None:
                shown |= set(surface)
                leaked = copy.deepcopy(seen)
                leaked["combat"]["surface"]["leaked_secret"] = 1
                assert not check("observation:coral_sea").is_valid(leaked)
        decision = match.decision
        if decision is None:
            break
        match.apply(agents[decision.side].choose(match, decision))
    assert shown == {"range", "round", "moves"}


def test_a_decision_too_large_to_list_fits(te_data: TEData) -> None:
    """TE 3.2 with nine US ships in one cluster: ``enumerated`` false, the actions'
    schema instead of the list; a listed form of it, or a list without a count, fails."""
    names = ["Blue", "Lardner", "South Dakota", "Walke", "Portland", "Cushing", "Chicago"]
    us = [(n, f"20{10 + i}", "N") for i, n in enumerate([*names, "Laffey", "Gwin"])]
    state = position(te_data, us=us, step="us_formation", phase=0)
    game = load("tokyo_express")
    seen = game.observation(state, "US", te_data)
    out = seen["decision"]
    assert out["enumerated"] is False
    valid("observation:tokyo_express", seen)
    valid("decision:tokyo_express", out)
    valid("decision", out)
    assert not check("decision").is_valid({**out, "schema": None})
    assert not check("decision").is_valid({**out, "enumerated": True})
    sampled = game.decision(state, te_data).random_choice(Dice(3))  # type: ignore[union-attr]
    valid("action:tokyo_express", game.codec.to_json(sampled))
    valid("sample_response", {"action": game.codec.to_json(sampled)})


@pytest.mark.parametrize("name", protocol.schema_names())
def test_every_schema_is_a_draft_2020_12_schema(name: str) -> None:
    made = protocol.schema(name)
    jsonschema.Draft202012Validator.check_schema(made)
    assert made["$schema"] == "https://json-schema.org/draft/2020-12/schema"
    assert made["$id"] == protocol.ID_PREFIX + name
    assert json.loads(json.dumps(made)) == made
    assert "$ref" not in json.dumps(made)  # self-contained: validates alone


def test_the_names() -> None:
    names = protocol.schema_names()
    assert len(names) == len(set(names))
    for name in ("decision", "event", "outcome", "save", "games", "ws_update", "error"):
        assert name in names
    for g in games():
        assert {f"{kind}:{g}" for kind in protocol.PER_GAME} <= set(names)
    for bad in ("nope", "action:nope", "nope:tokyo_express", "observation:", ":x"):
        with pytest.raises(UnknownNameError):
            protocol.schema(bad)
    one = protocol.schema("decision")
    one["properties"].clear()  # a copy: the next caller's is whole
    assert protocol.schema("decision")["properties"]


# -- wrong messages fail -----------------------------------------------------------------------


def _late(game: str) -> Match:
    """A match of the game's first scenario some way in."""
    *_, match = played(game, load(game).scenarios()[0], None, 3)
    return match


def _dict_paths(value: Any, path: tuple[Any, ...] = ()) -> Iterator[tuple[Any, ...]]:
    """The path of every JSON object in ``value`` (not inside the decision's free parts)."""
    if isinstance(value, dict):
        yield path
        for k, v in value.items():
            if path[:1] != ("decision",):
                yield from _dict_paths(v, (*path, k))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            yield from _dict_paths(v, (*path, i))


def _at(value: Any, path: tuple[Any, ...]) -> Any:
    for step in path:
        value = value[step]
    return value


@pytest.mark.parametrize("game", SHIPPED)
def test_a_key_leaking_into_any_object_of_an_observation_fails(game: str) -> None:
    """Every object of a shipped game's observation is closed: one more key anywhere
    (the top level, a ship, a formation, a counter ...) fails the schema."""
    match = _late(game)
    tried = 0
    for side in match.game.spec.sides:
        seen = match.observe(side)
        valid(f"observation:{game}", seen)
        for path in _dict_paths(seen):
            leaked = copy.deepcopy(seen)
            _at(leaked, path)["leaked_secret"] = 1
            assert not check(f"observation:{game}").is_valid(leaked), path
            tried += 1
    assert tried >= 6


@pytest.mark.parametrize("game", games())
def test_wrong_messages_fail(game: str) -> None:
    match = _late(game)
    side = match.game.spec.sides[0]
    seen = match.observe(side)
    for bad in (
        {k: v for k, v in seen.items() if k != "deciding"},
        {**seen, "game": 4},
        {**seen, "side": "Martians"},
        {**seen, "over": not seen["over"]},
        {**seen, "deciding": "maybe"},
    ):
        assert not check(f"observation:{game}").is_valid(bad)
    if type(match.game).__module__.startswith("navalwar.games."):
        assert not check(f"observation:{game}").is_valid({**seen, "leaked_secret": 1})
    else:  # a game without an observation schema: the envelope is checked, its keys are not
        assert check(f"observation:{game}").is_valid({**seen, "leaked_secret": 1})
    kinds: dict[str, dict[str, Any]] = {}
    for event in match.events:
        out = event.to_json()
        kinds.setdefault(out["kind"], out)
    for out in kinds.values():
        assert not check(f"event:{game}").is_valid({**out, "data": {**out.get("data", {}), "x": 1}})
        assert not check(f"event:{game}").is_valid({**out, "kind": "no_such_kind"})
        assert not check("event").is_valid({**out, "extra": 1})
    outcome = match.outcome or match.game.estimate(match.state, match.data)
    if outcome is not None:
        wrong = {**outcome.to_json(), "winner": "Martians"}
        assert not check(f"outcome:{game}").is_valid(wrong)
        assert not check("outcome").is_valid({**outcome.to_json(), "scores": {"x": "lots"}})
    save = match_to_json(match)
    assert not check(f"save:{game}").is_valid({**save, "actions": [{"tag": "no_such_action"}]})
    assert not check("save").is_valid({**save, "seed": -1})
    assert not check("save").is_valid({k: v for k, v in save.items() if k != "digest"})
    decision = match.decision
    if decision is not None:
        out = decision.to_json(match.game)
        assert not check(f"decision:{game}").is_valid({**out, "enumerated": not out["enumerated"]})
        assert not check("decision").is_valid({**out, "choices": []})
        assert not check("decision").is_valid({k: v for k, v in out.items() if k != "rule"})


def test_an_event_lacking_a_key_of_its_kind_fails() -> None:
    """The per-game event schema ties each kind to its keys: a required key dropped,
    an optional one kept or dropped."""
    game = load("tokyo_express")
    vocab = {k.name: k for k in game.event_kinds}
    match = _late("tokyo_express")
    checked = 0
    for event in match.events:
        kind = vocab.get(event.kind)
        if kind is None or not kind.keys:
            continue
        out = event.to_json()
        for key in kind.keys:
            less = {**out, "data": {k: v for k, v in out["data"].items() if k != key}}
            if not less["data"]:
                del less["data"]
            assert not check("event:tokyo_express").is_valid(less), (event.kind, key)
            checked += 1
        for key in kind.optional:
            if key in out["data"]:
                less = {**out, "data": {k: v for k, v in out["data"].items() if k != key}}
                assert check("event:tokyo_express").is_valid(less), (event.kind, key)
    assert checked > 20


def test_server_messages() -> None:
    """A few hand-made server messages: right ones pass, wrong ones fail."""
    match = Match.start("tokyo_express", "basic", seed=7, use_env=False)
    decision = match.decision
    assert decision is not None
    out = decision.to_json(match.game)
    valid("decision_response", {"deciding": "you", "decision": out})
    valid("decision_response", {"deciding": "other", "decision": None})
    assert not check("decision_response").is_valid({"deciding": "other", "decision": out})
    assert not check("decision_response").is_valid({"deciding": "you", "decision": None})
    valid("error", {"error": {"type": "IllegalActionError", "message": "not your turn"}})
    assert not check("error").is_valid({"error": "not your turn"})
    events = [e.to_json() for e in match.events_for("US")]
    valid("events_response", {"since": 0, "next": len(events), "events": events})
    action = match.game.codec.to_json(match.legal_actions()[0])
    valid("action_response", {"applied": action, "next": 9, "deciding": "you", "over": False})
    valid("ws_client_message", {"type": "action", "action": action})
    valid("ws_client_message", {"type": "undo"})
    assert not check("ws_client_message").is_valid({"type": "undo", "action": action})
    assert not check("ws_client_message").is_valid({"type": "resign"})
    update = {
        "type": "update",
        "reset": True,
        "events": events,
        "next": len(events),
        "deciding": "you",
        "decision": out,
        "over": False,
        "outcome": None,
    }
    valid("ws_update", update)
    valid("ws_server_message", update)
    valid("ws_server_message", {"type": "sample", "action": action})
    err = {"type": "error", "status": 409, "error": {"type": "IllegalActionError", "message": ""}}
    valid("ws_server_message", err)
    assert not check("ws_server_message").is_valid({**err, "status": 500})
    valid("outcome_response", {"over": False, "outcome": None, "report": None})
    assert not check("outcome_response").is_valid({"over": True, "outcome": None, "report": ""})
    valid("create_match_request", {"game": "tokyo_express", "scenario": "basic", "seed": 7})
    assert not check("create_match_request").is_valid({"game": "tokyo_express"})
    save = match_to_json(match)
    valid("create_replay_request", {"save": save})
    valid("load_save_request", {"save": save, "agents": {"US": "random"}, "hot_seat": False})
    valid(
        "odds_response",
        {
            "attacks": [
                {
                    "kind": "gunnery",
                    "attacker": "Helena",
                    "target": "Yudachi",
                    "unit": "Damage Point",
                    "rule": "TE 3.7",
                    "readings": [],
                    "sunk": 0.25,
                    "at_least_one": 0.5,
                    "expected_hits": 1.5,
                    "hits": {"0": 0.5, "3": 0.5},
                    "describe": "25% to sink, 50% at least one Damage Point",
                }
            ]
        },
    )
    valid(
        "replay_step",
        {
            "index": 0,
            "side": "US",
            "observation": match.observe("US"),
            "events": events,
            "over": False,
            "outcome": None,
        },
    )


def test_the_examples_of_docs_protocol_md_fit_a_schema() -> None:
    """Each example of docs/protocol.md that is whole JSON (not cut with ``...``) fits
    one of the schemas: the doc keeps up with them."""
    from pathlib import Path

    text = (Path(__file__).resolve().parents[1] / "docs" / "protocol.md").read_text("utf-8")
    blocks = text.split("```json\n")[1:]
    names = [*protocol.GENERIC, *(f"{kind}:tokyo_express" for kind in protocol.PER_GAME)]
    whole = 0
    for block in blocks:
        body = block.split("```", 1)[0]
        for doc in [body] if not body.startswith('{"type"') else body.splitlines():
            try:
                message = json.loads(doc)
            except json.JSONDecodeError:
                continue
            whole += 1
            assert any(check(n).is_valid(message) for n in names), doc[:300]
    assert whole >= 10
