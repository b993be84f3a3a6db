"""The messages of the front-end protocol as JSON Schemas (draft 2020-12).

What the Python API gives a front end (:meth:`Match.observe`, :meth:`Decision.to_json`,
:meth:`Event.to_json`, :meth:`Outcome.to_json`, the save document) and what the web
server (``navalwar serve``, docs/protocol.md) sends and takes, each as a schema by
name (:func:`schema_names`):

* generic messages, the same for every game: ``action``, ``observation``,
  ``decision``, ``event``, ``outcome``, ``save``, and the server's envelopes
  (:data:`SERVER`);
* per game, ``<kind>:<game id>`` for each kind of :data:`PER_GAME`: ``action:<game>``
  (a ``oneOf`` over the game's action schemas, ``ActionCodec.schemas``),
  ``observation:<game>`` (the core envelope with the game's own keys, from
  :meth:`Game.observation_schema`), ``decision:<game>`` (its choices the game's
  actions), ``event:<game>`` (each ``kind`` of the game's event vocabulary with
  exactly its data keys), ``outcome:<game>`` and ``save:<game>``.

Every schema is self-contained (no ``$ref``), so that
``jsonschema.Draft202012Validator(schema(name)).validate(message)`` works on it alone
(:func:`validator` gives that validator). Each has an ``$id``
(``urn:navalwar:schema:<name>``). The schemas describe the shape of a message, not
whether the rules allow it: an action that fits ``action:<game>`` may still be
refused.
"""

from __future__ import annotations

import copy
import importlib
from collections.abc import Callable, Iterable
from typing import Any

from navalwar import schemas as js
from navalwar.engine import ENVELOPE_KEYS, Game
from navalwar.errors import NavalwarError, UnknownNameError
from navalwar.events import EventKind, vocabulary
from navalwar.registry import OptionSpec, games, load
from navalwar.schemas import Schema
from navalwar.serialization import FORMAT, VERSION

ID_PREFIX = "urn:navalwar:schema:"

#: The kinds of schema each game has, named ``<kind>:<game id>``.
PER_GAME = ("action", "observation", "decision", "event", "outcome", "save")

#: The web server's messages (docs/protocol.md): responses, request bodies, WebSocket frames.
SERVER = (
    "error",
    "games",
    "schema_index",
    "create_match_request",
    "match_created",
    "match_summary",
    "decision_response",
    "sample_response",
    "events_response",
    "action_response",
    "undo_response",
    "outcome_response",
    "odds_response",
    "load_save_request",
    "create_replay_request",
    "replay_created",
    "replay_step",
    "ws_update",
    "ws_sample",
    "ws_error",
    "ws_server_message",
    "ws_client_message",
)

#: The game-independent message schemas.
GENERIC = ("action", "observation", "decision", "event", "outcome", "save", *SERVER)

DECIDING = ("you", "other", None)


# -- the core messages, generic (game None) or of one game -------------------------------------


def _action(game: Game[Any, Any] | None) -> Schema:
    """An action: ``{"tag": ..., **fields}``; of a game, one of its action schemas."""
    if game is None:
        return {"type": "object", "properties": {"tag": js.string()}, "required": ["tag"]}
    made = game.codec.schemas()
    made.pop("$schema", None)
    return made


def _side(game: Game[Any, Any] | None) -> Schema:
    return js.string() if game is None else js.enum(game.spec.sides)


def _decision(game: Game[Any, Any] | None) -> Schema:
    """:meth:`navalwar.engine.Decision.to_json`: the choices listed, or a schema of them."""
    tag = js.string() if game is None else js.enum(game.codec.types)
    out = js.closed(
        {
            "side": _side(game),
            "kind": js.string(),
            "rule": js.string(),
            "prompt": js.string(),
            "context": js.any_object(),
            "tags": js.array(tag, minItems=1),
            "enumerated": js.boolean(),
            "choices": js.nullable(js.array(_action(game), minItems=1)),
            "choice_count": js.nullable(js.integer(minimum=1)),
            "schema": js.nullable(js.any_object()),
        }
    )
    out["if"] = {"properties": {"enumerated": js.const(True)}}
    listed = {"choices": {"type": "array"}, "choice_count": js.integer(), "schema": js.null()}
    out["then"] = {"properties": listed}
    shape = {**js.any_object(), "required": ["oneOf"]}
    out["else"] = {"properties": {"choices": js.null(), "choice_count": js.null(), "schema": shape}}
    return out


def _event(game: Game[Any, Any] | None) -> Schema:
    """:meth:`navalwar.events.Event.to_json`; of a game, each kind with exactly the data
    keys of its vocabulary (:func:`navalwar.events.vocabulary`)."""
    kinds = None if game is None else vocabulary(game.event_kinds)
    out = js.closed(
        {"kind": js.string(minLength=1) if kinds is None else js.enum(kinds), "text": js.string()},
        {
            "rule": js.string(minLength=1),
            "data": {"type": "object", "minProperties": 1},
            "sides": js.array(_side(game), minItems=1),
        },
    )
    if kinds is not None:
        out["allOf"] = [
            {"if": {"properties": {"kind": js.const(name)}}, "then": _event_data(kind)}
            for name, kind in kinds.items()
        ]
    return out


def _event_data(kind: EventKind) -> Schema:
    """What an event of ``kind`` carries in ``data`` (absent when it is empty)."""
    if not kind.keys and not kind.optional:
        return {"properties": {"data": False}}
    data = js.closed(
        {k: js.anything() for k in kind.keys}, {k: js.anything() for k in kind.optional}
    )
    return {"properties": {"data": data}, "required": ["data"] if kind.keys else []}


def _outcome(game: Game[Any, Any] | None) -> Schema:
    """:meth:`navalwar.engine.Outcome.to_json` (a score: a whole number, a float held
    exactly, or ``"n/d"``)."""
    score = {"anyOf": [js.integer(), js.number(), js.string(pattern=r"^-?[0-9]+/[0-9]+$")]}
    return js.closed(
        {
            "winner": js.nullable(_side(game)),
            "level": js.string(),
            "scores": js.mapping(score, None if game is None else _side(game)),
            "summary": js.string(),
        }
    )


def _option_value() -> Schema:
    return {"anyOf": [js.boolean(), js.integer(), js.string()]}


def _option(spec: OptionSpec) -> Schema:
    """The JSON of one value of the option ``spec``."""
    if spec.choices:
        return js.enum(spec.choices)
    if isinstance(spec.default, bool):
        return js.boolean()
    if isinstance(spec.default, int):
        bounds = {"minimum": spec.minimum, "maximum": spec.maximum}
        return js.integer(**{k: v for k, v in bounds.items() if v is not None})
    return js.string()


def _options(game: Game[Any, Any] | None) -> Schema:
    """A match's options; of a game, its options by name."""
    if game is None:
        return js.mapping(_option_value())
    return js.closed({}, {o.name: _option(o) for o in game.spec.options})


def _save(game: Game[Any, Any] | None) -> Schema:
    """The save document (:func:`navalwar.serialization.match_to_json`)."""
    return js.closed(
        {
            "format": js.const(FORMAT),
            "version": js.integer(minimum=1, maximum=VERSION),
            "game": js.string() if game is None else js.const(game.id),
            "scenario": js.string(),
            "scenario_text": js.nullable(js.string()),
            "seed": js.integer(minimum=0),
            "options": _options(game),
            "data": js.array(js.string()),
            "strict": js.boolean(),
            "actions": js.array(_action(game)),
            "events": js.integer(minimum=0),
            "digest": js.string(pattern="^[0-9a-f]{64}$"),
        },
        {"data_files": js.mapping(js.string())},
    )


def _observation(game: Game[Any, Any] | None) -> Schema:
    """:meth:`navalwar.engine.Match.observe`: the core envelope (``game``, ``side``,
    ``over``, ``deciding``, ``decision``) and, at the same level, the game's position
    words and own keys (:meth:`Game.observation_schema`; generic: any)."""
    envelope = {
        "game": js.string() if game is None else js.const(game.id),
        "side": _side(game),
        "over": js.boolean(),
        "deciding": js.enum(DECIDING),
        "decision": js.nullable(_decision(game)),
    }
    assert tuple(envelope) == ENVELOPE_KEYS
    part = js.any_object() if game is None else copy.deepcopy(game.observation_schema())
    forms = part.pop("oneOf", None)
    merged = [_enveloped(envelope, form, game) for form in (forms or [part])]
    consistent: list[Schema] = [
        {
            "if": {"properties": {"over": js.const(True)}},
            "then": {"properties": {"deciding": js.null()}},
            "else": {"properties": {"deciding": js.enum(("you", "other"))}},
        },
        {
            "if": {"properties": {"deciding": js.const("you")}},
            "then": {"properties": {"decision": js.any_object()}},
            "else": {"properties": {"decision": js.null()}},
        },
    ]
    if game is not None:  # the decision shown is the observing side's own
        consistent += [
            {
                "if": {"properties": {"side": js.const(side)}},
                "then": {"properties": {"decision": js.nullable(_of_side(side))}},
            }
            for side in game.spec.sides
        ]
    if forms is None:
        return {**merged[0], "allOf": consistent}
    return {**part, "oneOf": merged, "allOf": consistent}


def _of_side(side: str) -> Schema:
    return {"properties": {"side": js.const(side)}}


def _enveloped(envelope: Schema, form: Schema, game: Game[Any, Any] | None) -> Schema:
    """One form of a game's observation schema with the envelope's keys added."""
    own = form.get("properties", {})
    clash = sorted(set(own) & set(envelope))
    if clash:
        who = game.id if game is not None else "the game"
        raise NavalwarError(f"{who}'s observation schema uses the envelope's keys {clash}")
    out = {**form, "type": "object", "properties": {**envelope, **own}}
    out["required"] = [*envelope, *form.get("required", [])]
    return out


# -- the web server's messages -----------------------------------------------------------------


def _error_body() -> Schema:
    return js.closed({"type": js.string(), "message": js.string()})


def _deciding_decision(props: Schema) -> Schema:
    """``props`` with ``deciding`` and ``decision``: the decision only when ``"you"``."""
    out = js.closed(props)
    out["if"] = {"properties": {"deciding": js.const("you")}}
    out["then"] = {"properties": {"decision": js.any_object()}}
    out["else"] = {"properties": {"decision": js.null()}}
    return out


def _games() -> Schema:
    option = js.closed(
        {
            "name": js.string(),
            "default": _option_value(),
            "help": js.string(),
            "rule": js.string(),
            "choices": js.array(_option_value()),
            "minimum": js.nullable(js.integer()),
            "maximum": js.nullable(js.integer()),
            "allowed": js.string(),
        }
    )
    entry = js.closed(
        {
            "id": js.string(),
            "title": js.string(),
            "sides": js.array(js.string(), minItems=1),
            "players": js.array(js.string(), minItems=1),
            "map_kind": js.string(),
            "rulebook": js.string(),
            "options": js.array(option),
            "scenarios": js.array(js.closed({"id": js.string(), "show": js.string()})),
            "agents": js.array(js.string(), minItems=1),
            "default_agent": js.string(),
            "odds": js.boolean(),
        }
    )
    return js.closed({"games": js.array(entry)})


def _server(name: str) -> Schema:
    """The web server's message ``name`` (docs/protocol.md)."""
    action, event, outcome = _action(None), _event(None), _outcome(None)
    count = js.integer(minimum=0)
    after = {"next": count, "deciding": js.enum(DECIDING), "over": js.boolean()}
    names = js.mapping(js.string())
    chance = js.number(minimum=0, maximum=1)
    ws_update = _deciding_decision(
        {
            "type": js.const("update"),
            "reset": js.boolean(),
            "events": js.array(event),
            "next": count,
            "deciding": js.enum(DECIDING),
            "decision": js.nullable(_decision(None)),
            "over": js.boolean(),
            "outcome": js.nullable(outcome),
        }
    )
    ws_sample = js.closed({"type": js.const("sample"), "action": action})
    ws_error = js.closed(
        {
            "type": js.const("error"),
            "status": js.integer(minimum=400, maximum=499),
            "error": _error_body(),
        }
    )
    builders: dict[str, Callable[[], Schema]] = {
        "error": lambda: js.closed({"error": _error_body()}),
        "games": _games,
        "schema_index": lambda: js.closed({"schemas": names}),
        "create_match_request": lambda: {
            **js.closed(
                {"game": js.string()},
                {
                    "scenario": js.string(),
                    "scenario_toml": js.string(),
                    "scenario_name": js.string(),
                    "seed": count,
                    "options": _options(None),
                    "agents": names,
                    "hot_seat": js.boolean(),
                },
            ),
            "oneOf": [{"required": ["scenario"]}, {"required": ["scenario_toml"]}],
        },
        "match_created": lambda: js.closed(
            {
                "match": js.string(),
                "game": js.string(),
                "scenario": js.string(),
                "seed": count,
                "seats": names,
                "agents": names,
                "hot_seat": js.boolean(),
                "links": names,
            }
        ),
        "match_summary": lambda: js.closed(
            {
                "match": js.string(),
                "game": js.string(),
                "scenario": js.string(),
                "seed": count,
                "options": _options(None),
                "sides": js.mapping(
                    {
                        "anyOf": [
                            js.const("human"),
                            js.const("rules"),
                            js.string(pattern="^agent:.+"),
                        ]
                    }
                ),
                "hot_seat": js.boolean(),
                "over": js.boolean(),
                "actions": count,
            }
        ),
        "decision_response": lambda: _deciding_decision(
            {"deciding": js.enum(DECIDING), "decision": js.nullable(_decision(None))}
        ),
        "sample_response": lambda: js.closed({"action": action}),
        "events_response": lambda: js.closed(
            {"since": count, "next": count, "events": js.array(event)}
        ),
        "action_response": lambda: js.closed({"applied": action, **after}),
        "undo_response": lambda: js.closed({"undone": js.integer(minimum=1), **after}),
        "outcome_response": lambda: {
            **js.closed(
                {
                    "over": js.boolean(),
                    "outcome": js.nullable(outcome),
                    "report": js.nullable(js.string()),
                }
            ),
            "if": {"properties": {"over": js.const(True)}},
            "then": {"properties": {"outcome": js.any_object()}},
            "else": {"properties": {"outcome": js.null()}},
        },
        "odds_response": lambda: js.closed(
            {
                "attacks": js.array(
                    js.closed(
                        {
                            "kind": js.string(),
                            "attacker": js.string(),
                            "target": js.string(),
                            "unit": js.string(),
                            "rule": js.string(),
                            "readings": js.array(js.string()),
                            "sunk": chance,
                            "at_least_one": chance,
                            "expected_hits": js.number(minimum=0),
                            "hits": js.mapping(chance, js.string(pattern="^(0|[1-9][0-9]*)$")),
                            "describe": js.string(),
                        }
                    )
                )
            }
        ),
        "load_save_request": lambda: js.closed(
            {"save": _save(None)}, {"agents": names, "hot_seat": js.boolean()}
        ),
        "create_replay_request": lambda: js.closed({"save": _save(None)}),
        "replay_created": lambda: js.closed(
            {
                "replay": js.string(),
                "game": js.string(),
                "scenario": js.string(),
                "seed": count,
                "sides": js.array(js.string(), minItems=1),
                "steps": js.array(
                    js.closed(
                        {
                            "index": count,
                            "side": js.string(),
                            "action": action,
                            "position": js.any_object(),
                        }
                    )
                ),
            }
        ),
        "replay_step": lambda: js.closed(
            {
                "index": count,
                "side": js.string(),
                "observation": _observation(None),
                "events": js.array(event),
                "over": js.boolean(),
                "outcome": js.nullable(outcome),
            }
        ),
        "ws_update": lambda: ws_update,
        "ws_sample": lambda: ws_sample,
        "ws_error": lambda: ws_error,
        "ws_server_message": lambda: js.one_of(ws_update, ws_sample, ws_error),
        "ws_client_message": lambda: js.one_of(
            js.closed({"type": js.const("action"), "action": js.any_object()}),
            js.closed({"type": js.const("undo")}),
            js.closed({"type": js.const("sample")}),
        ),
    }
    return builders[name]()


# -- the catalogue -----------------------------------------------------------------------------

_CORE: dict[str, Callable[[Game[Any, Any] | None], Schema]] = {
    "action": _action,
    "observation": _observation,
    "decision": _decision,
    "event": _event,
    "outcome": _outcome,
    "save": _save,
}
_TITLES = {
    "action": "An action (Match.apply takes its JSON)",
    "observation": "An observation (Match.observe)",
    "decision": "A pending decision (Decision.to_json)",
    "event": "An event of the log (Event.to_json)",
    "outcome": "A match's result (Outcome.to_json)",
    "save": "A save document (navalwar.serialization.match_to_json)",
}
_MADE: dict[tuple[str, Game[Any, Any] | None], Schema] = {}


def schema_names() -> list[str]:
    """Every schema's name: the generic ones, then ``<kind>:<game id>`` for every
    registered game and each kind of :data:`PER_GAME`."""
    return [*GENERIC, *(f"{kind}:{g}" for g in games() for kind in PER_GAME)]


def schema(name: str) -> dict[str, Any]:
    """The JSON Schema (draft 2020-12) named ``name`` (a copy; UnknownNameError for a
    name :func:`schema_names` does not list)."""
    kind, sep, game_id = name.partition(":")
    game: Game[Any, Any] | None = None
    if sep:
        if kind not in PER_GAME or game_id not in games():
            raise UnknownNameError("schema", name, schema_names())
        game = load(game_id)
    elif name not in GENERIC:
        raise UnknownNameError("schema", name, schema_names())
    made = _MADE.get((kind, game))
    if made is None:
        body = _CORE[kind](game) if kind in _CORE else _server(kind)
        title = _TITLES.get(kind, f"The web server's {kind} message (docs/protocol.md)")
        made = {
            "$schema": js.DIALECT,
            "$id": ID_PREFIX + name,
            "title": title + (f", {game.id}" if game is not None else ""),
            **body,
        }
        _MADE[(kind, game)] = made
    return copy.deepcopy(made)


def schemas(names: Iterable[str] | None = None) -> dict[str, dict[str, Any]]:
    """Every schema by name (or those named in ``names``)."""
    return {n: schema(n) for n in (names if names is not None else schema_names())}


def validator(name: str) -> Any:
    """A ready ``jsonschema.Draft202012Validator`` of the schema ``name`` (needs the
    ``jsonschema`` package: NavalwarError if it is not installed)."""
    try:
        jsonschema = importlib.import_module("jsonschema")
    except ImportError:
        raise NavalwarError(
            "validating messages needs the jsonschema package (pip install jsonschema)"
        ) from None
    return jsonschema.Draft202012Validator(schema(name))


__all__ = [
    "GENERIC",
    "ID_PREFIX",
    "PER_GAME",
    "SERVER",
    "schema",
    "schema_names",
    "schemas",
    "validator",
]
