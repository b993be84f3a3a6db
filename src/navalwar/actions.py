"""Actions: the choices a side makes, one small attrs class per kind.

Every action class has a ``tag`` and round-trips through JSON with
:class:`ActionCodec`. Games list their action classes in their
:class:`~navalwar.registry.GameSpec`.
"""

from __future__ import annotations

import typing
from collections.abc import Iterable, Mapping
from typing import Any, ClassVar

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
    return conv


_converter = _strict_converter()


class ActionCodec:
    """Turns a game's actions into JSON-able dicts and back, checking them."""

    def __init__(self, types: Iterable[type[Action]]) -> None:
        self.types: dict[str, type[Action]] = {}
        for t in types:
            if t.tag in self.types:
                raise ValueError(f"two action classes share the tag {t.tag!r}")
            self.types[t.tag] = t

    def to_json(self, action: Action) -> dict[str, Any]:
        """The action as ``{"tag": ..., **fields}``."""
        data = _converter.unstructure(action)
        assert isinstance(data, dict)
        return {"tag": action.tag, **data}

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
