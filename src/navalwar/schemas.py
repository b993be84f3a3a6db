"""Small builders of JSON Schema (draft 2020-12) pieces, for the protocol's schemas
(:mod:`navalwar.protocol`) and the observation schemas games declare
(:meth:`navalwar.engine.Game.observation_schema`).

Each builder returns a new dict; a schema built from them may share sub-dicts, so a
caller that changes one copies it first (:func:`navalwar.protocol.schema` gives copies).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from navalwar.actions import SCHEMA_DIALECT as DIALECT

Schema = dict[str, Any]


def string(**more: Any) -> Schema:
    """A JSON string (``more``: ``minLength``, ``pattern`` ...)."""
    return {"type": "string", **more}


def integer(**more: Any) -> Schema:
    """A JSON whole number (``more``: ``minimum`` ...)."""
    return {"type": "integer", **more}


def number(**more: Any) -> Schema:
    """Any JSON number."""
    return {"type": "number", **more}


def boolean() -> Schema:
    """``true`` or ``false``."""
    return {"type": "boolean"}


def null() -> Schema:
    """``null``."""
    return {"type": "null"}


def anything() -> Schema:
    """Any JSON value."""
    return {}


def const(value: Any) -> Schema:
    """Exactly ``value``."""
    return {"const": value}


def enum(values: Iterable[Any]) -> Schema:
    """One of ``values``."""
    return {"enum": list(values)}


def nullable(schema: Schema) -> Schema:
    """``schema`` or ``null``."""
    return {"anyOf": [schema, null()]}


def array(items: Schema, **more: Any) -> Schema:
    """A JSON array of ``items`` (``more``: ``minItems`` ...)."""
    return {"type": "array", "items": items, **more}


def pair(first: Schema, second: Schema) -> Schema:
    """A JSON array of exactly two items."""
    return {
        "type": "array",
        "prefixItems": [first, second],
        "items": False,
        "minItems": 2,
    }


def closed(required: Mapping[str, Schema], optional: Mapping[str, Schema] | None = None) -> Schema:
    """A JSON object with exactly the keys ``required`` (each always there) and some of
    ``optional``; any other key fails."""
    optional = optional or {}
    return {
        "type": "object",
        "properties": {**required, **optional},
        "required": list(required),
        "additionalProperties": False,
    }


def mapping(values: Schema, keys: Schema | None = None) -> Schema:
    """A JSON object used as a map: any keys (or those ``keys`` allows), each value
    ``values``."""
    out: Schema = {"type": "object", "additionalProperties": values}
    if keys is not None:
        out["propertyNames"] = keys
    return out


def any_object() -> Schema:
    """Any JSON object."""
    return {"type": "object"}


def one_of(*schemas: Schema) -> Schema:
    """Exactly one of ``schemas``."""
    return {"oneOf": list(schemas)}


__all__ = [
    "DIALECT",
    "Schema",
    "any_object",
    "anything",
    "array",
    "boolean",
    "closed",
    "const",
    "enum",
    "integer",
    "mapping",
    "null",
    "nullable",
    "number",
    "one_of",
    "pair",
    "string",
]
