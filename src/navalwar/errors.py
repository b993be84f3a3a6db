"""The navalwar error hierarchy.

Every error a user can cause (an illegal action, a malformed file, an unknown
name) is a :class:`NavalwarError`. Messages say what was wrong, the value, and
what would be right.
"""

from __future__ import annotations

import difflib
import reprlib
from collections.abc import Iterable
from typing import Any

EXCERPT_CHARS = 60  # the most of a user's value an error message quotes


class _Excerpt(reprlib.Repr):
    """``repr`` cut short: strings and containers to about :data:`EXCERPT_CHARS`, and an
    integer too long to print (Python refuses over 4,300 digits) by its size."""

    def __init__(self) -> None:
        super().__init__()
        self.maxstring = self.maxother = EXCERPT_CHARS
        self.maxlevel = 3

    def repr_int(self, x: int, level: int) -> str:
        if x.bit_length() > 200:  # more than 60 digits
            return f"<an integer of about {int(x.bit_length() * 0.30103) + 1} digits>"
        return super().repr_int(x, level)


_EXCERPT = _Excerpt()


def excerpt(value: object) -> str:
    """``repr(value)`` short enough to quote in an error message, whatever the input's size."""
    return _EXCERPT.repr(value)


def clip(text: str, limit: int = 200) -> str:
    """``text`` (a file name, say) as it is if short, else its start and end around ``...``."""
    if len(text) <= limit:
        return text
    return f"{text[: limit // 2]}...{text[-(limit // 2) :]}"


class NavalwarError(Exception):
    """Root of every error navalwar raises on purpose."""

    def __reduce__(self) -> tuple[Any, ...]:
        # pickled as its message and attributes, whatever its constructor takes, so
        # that it crosses from a worker process (batch simulation) intact
        return (_rebuild, (type(self), self.args, dict(self.__dict__)))


def _rebuild(cls: type[NavalwarError], args: tuple[Any, ...], state: dict[str, Any]) -> Any:
    error = cls.__new__(cls)
    error.args = args
    error.__dict__.update(state)
    return error


class IllegalActionError(NavalwarError):
    """A well-formed action that the rules forbid now.

    Attributes:
        what: the action, as a short phrase.
        why: the reason it is refused.
        rule: the rule section that forbids it (e.g. ``"TE 3.3"``).
    """

    def __init__(self, what: str, why: str, rule: str = "") -> None:
        self.what = what
        self.why = why
        self.rule = rule
        where = f" ({rule})" if rule else ""
        super().__init__(f"illegal action {clip(what)}: {clip(why, 400)}{where}")


class InvalidActionError(NavalwarError):
    """An action that is malformed or of the wrong kind for the pending decision."""


class DataError(NavalwarError):
    """A data, scenario or save file that cannot be used.

    Attributes:
        file: the file concerned, if any.
        path: the field path inside the file (``"forces.us[2].hex"``), if any.
    """

    MESSAGE_CHARS = 600  # the longest reason kept: longer ones quoted too much of the input

    def __init__(self, message: str, *, file: str | None = None, path: str | None = None) -> None:
        self.file = file
        self.path = path
        self.reason = message = clip(message, self.MESSAGE_CHARS)
        parts = []
        if file:
            parts.append(clip(str(file)))
        if path:
            parts.append(clip(path))
        prefix = ": ".join(parts)
        super().__init__(f"{prefix}: {message}" if prefix else message)


class DataErrors(DataError):
    """Several problems found in one file, each a :class:`DataError` (``problems``),
    so that one bad row does not hide the next (``navalwar validate`` lists them all)."""

    SHOWN = 20  # problems listed in the message (all are in ``problems``)

    def __init__(self, problems: Iterable[DataError]) -> None:
        self.problems = list(problems)
        listing = "\n".join(f"  {p}" for p in self.problems[: self.SHOWN])
        more = len(self.problems) - self.SHOWN
        if more > 0:
            listing += f"\n  ... and {more} more (navalwar validate lists them all)"
        NavalwarError.__init__(self, f"{len(self.problems)} problems:\n{listing}")
        self.reason = str(self)
        self.path = None
        self.file = self.problems[0].file if self.problems else None


class UnknownNameError(NavalwarError):
    """A name (game, scenario, ship, option, agent) that does not exist."""

    def __init__(self, kind: str, name: str, known: Iterable[str]) -> None:
        known_list = sorted(known)
        self.kind = kind
        self.name = name
        self.known = known_list
        short = len(name) <= EXCERPT_CHARS  # no suggestion for a long text (and no slow search)
        close = difflib.get_close_matches(name, known_list, n=1, cutoff=0.5) if short else []
        hint = f"; did you mean {close[0]!r}?" if close else ""
        listing = ", ".join(known_list[:12]) + (" ..." if len(known_list) > 12 else "")
        super().__init__(f"unknown {kind} {excerpt(name)}{hint} (known: {listing})")


class UnknownGameError(UnknownNameError):
    """A game id that is not registered."""

    def __init__(self, name: str, known: Iterable[str]) -> None:
        super().__init__("game", name, known)


class ReplayError(NavalwarError):
    """A replay that does not reproduce the recorded event log."""


class DiceError(NavalwarError):
    """Scripted dice that ran out, or were asked for a roll they cannot give."""
