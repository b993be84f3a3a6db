"""Actions: the choices a side makes, one small attrs class per kind.

Every action class has a ``tag`` and round-trips through JSON with
:class:`ActionCodec`. Games list their action classes in their
:class:`~navalwar.registry.GameSpec`.
"""

from __future__ import annotations

import copy
import enum
import types
import typing
from collections.abc import Iterable, Mapping
from typing import Any, ClassVar, Literal

import attrs
import cattrs

from navalwar.errors import InvalidActionError, UnknownNameError, excerpt


@attrs.frozen(slots=True)
class Action:
    """Base class of every action. Subclasses set ``tag``."""

    tag: ClassVar[str] = "action"

    def describe(self) -> str:
        """A short human-readable form of the action."""
        fields = attrs.asdict(self, recurse=False)
        inner = ", ".join(f"{k}={excerpt(v)}" for k, v in fields.items())
        return f"{self.tag}({inner})"


def _strict_converter() -> cattrs.Converter:
    """A cattrs converter that refuses to coerce: a JSON value must already have the
    field's type (no "4" -> 4, 4.5 -> 4, true -> 1, null -> "None", "ab" -> ("a", "b"))."""
    conv = cattrs.Converter(forbid_extra_keys=True)

    def exact(kind: type) -> Any:
        def hook(value: Any, _: Any) -> Any:
            if type(value) is not kind:
                got = f"{type(value).__name__} {excerpt(value)}"
                raise TypeError(f"expected {kind.__name__}, got {got}")
            if isinstance(value, int) and not -(2**63) <= value < 2**63:
                raise ValueError(f"expected an int of at most 64 bits, got {excerpt(value)}")
            return value

        return hook

    for kind in (int, str, bool, float):
        conv.register_structure_hook(kind, exact(kind))

    def is_tuple(t: Any) -> bool:
        return typing.get_origin(t) is tuple

    def tuple_hook(value: Any, t: Any) -> tuple[Any, ...]:
        if not isinstance(value, list | tuple):
            raise TypeError(f"expected a list, got {type(value).__name__} {excerpt(value)}")
        args = typing.get_args(t)
        if len(args) == 2 and args[1] is Ellipsis:
            return tuple(conv.structure(v, args[0]) for v in value)
        if len(args) != len(value):
            raise TypeError(f"expected a list of {len(args)} items, got {len(value)}")
        return tuple(conv.structure(v, a) for v, a in zip(value, args, strict=True))

    conv.register_structure_hook_func(is_tuple, tuple_hook)

    # every tuple, fixed ones too, as a JSON list (a pair inside a list stayed a tuple)
    def as_list(value: tuple[Any, ...]) -> list[Any]:
        return [as_list(v) if isinstance(v, tuple) else conv.unstructure(v) for v in value]

    conv.register_unstructure_hook_func(lambda t: t is tuple or is_tuple(t), as_list)
    return conv


_converter = _strict_converter()


SCHEMA_DIALECT = "https://json-schema.org/draft/2020-12/schema"

_SCALARS: dict[Any, dict[str, Any]] = {
    int: {"type": "integer"},
    str: {"type": "string"},
    bool: {"type": "boolean"},
    float: {"type": "number"},
    type(None): {"type": "null"},
}


def type_schema(t: Any) -> dict[str, Any]:
    """The JSON Schema (draft 2020-12) of the JSON form of a field type: ints, strs,
    bools, floats, tuples (``tuple[X, ...]`` or fixed), ``Literal``, enums, unions
    and nested attrs classes, as :class:`ActionCodec` reads them."""
    if t in _SCALARS:
        return dict(_SCALARS[t])
    origin, args = typing.get_origin(t), typing.get_args(t)
    if origin is tuple:
        if len(args) == 2 and args[1] is Ellipsis:
            return {"type": "array", "items": type_schema(args[0])}
        n = len(args)
        items = [type_schema(a) for a in args]
        return {"type": "array", "prefixItems": items, "items": False, "minItems": n}
    if origin is Literal:
        return {"enum": list(args)}
    if origin is typing.Union or origin is types.UnionType:
        return {"anyOf": [type_schema(a) for a in args]}
    if isinstance(t, type) and issubclass(t, enum.Enum):
        return {"enum": [m.value for m in t]}
    if isinstance(t, type) and attrs.has(t):
        return _object_schema(t)
    raise TypeError(f"no JSON Schema for the field type {t!r}")


def _object_schema(cls: type, tag: str | None = None) -> dict[str, Any]:
    """An attrs class as a closed JSON object (``tag`` first when given)."""
    hints = typing.get_type_hints(cls)
    props: dict[str, Any] = {"tag": {"const": tag}} if tag is not None else {}
    required = ["tag"] if tag is not None else []
    for f in attrs.fields(cls):
        props[f.name] = type_schema(hints[f.name])
        if f.default is attrs.NOTHING:
            required.append(f.name)
    return {
        "type": "object",
        "properties": props,
        "required": required,
        "additionalProperties": False,
    }


class ActionCodec:
    """Turns a game's actions into JSON-able dicts and back, checking them."""

    def __init__(self, types: Iterable[type[Action]]) -> None:
        self.types: dict[str, type[Action]] = {}
        self._schemas: dict[str, dict[str, Any]] = {}
        for t in types:
            if t.tag in self.types:
                raise ValueError(f"two action classes share the tag {t.tag!r}")
            self.types[t.tag] = t

    def to_json(self, action: Action) -> dict[str, Any]:
        """The action as ``{"tag": ..., **fields}``."""
        data = _converter.unstructure(action)
        assert isinstance(data, dict)
        return {"tag": action.tag, **data}

    def schema(self, tag: str) -> dict[str, Any]:
        """The JSON Schema of the action with ``tag``: its shape (field names and
        types), not which values are legal now."""
        cls = self.types.get(tag)
        if cls is None:
            raise UnknownNameError("action tag", tag, self.types)
        made = self._schemas.get(tag)
        if made is None:
            doc = " ".join((cls.__doc__ or "").strip().split("\n\n")[0].split())
            made = self._schemas[tag] = {
                "title": cls.__name__,
                "description": doc,
                **_object_schema(cls, tag),
            }
        return copy.deepcopy(made)

    def schemas(self, tags: Iterable[str] = ()) -> dict[str, Any]:
        """A JSON Schema accepting any action with one of ``tags`` (every tag if
        none): ``{"oneOf": [...]}``, one sub-schema per tag."""
        chosen = list(tags) or list(self.types)
        return {"$schema": SCHEMA_DIALECT, "oneOf": [self.schema(t) for t in chosen]}

    def from_json(self, data: Any) -> Action:
        """Parse an action; a malformed one raises :class:`InvalidActionError`."""
        if not isinstance(data, Mapping):
            raise InvalidActionError(f"an action must be a JSON object, not {type(data).__name__}")
        fields = dict(data)
        tag = fields.pop("tag", None)
        if not isinstance(tag, str):
            raise InvalidActionError("an action needs a string 'tag' field")
        cls = self.types.get(tag)
        if cls is None:
            raise InvalidActionError(str(UnknownNameError("action tag", tag, self.types)))
        try:
            return _converter.structure(fields, cls)
        except (cattrs.BaseValidationError, TypeError, ValueError, KeyError) as exc:
            msgs = (
                cattrs.transform_error(exc)
                if isinstance(exc, cattrs.BaseValidationError)
                else [str(exc)]
            )
            text = "; ".join(m if len(m) <= 200 else m[:200] + " ..." for m in msgs[:5])
            text += f"; and {len(msgs) - 5} more" if len(msgs) > 5 else ""
            raise InvalidActionError(f"malformed {tag!r} action: {text}") from None
