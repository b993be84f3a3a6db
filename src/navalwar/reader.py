"""Reading data and scenario files strictly: the one set of rules every game's reader uses.

A file is parsed as TOML or CSV by :mod:`navalwar.datapack`; what it holds is then read
here, field by field, and every problem becomes a :class:`~navalwar.errors.DataError`
naming the file, the field path (``forces.Japan.squadrons[0].code``, ``line 12
(Mikasa).hull``), what is wrong and what would be right.

* :class:`Reader`: typed access to a parsed TOML document. A table accepts only the keys
  it names (an unknown key is an error, with a "did you mean"); a value must already
  have its type (no string is taken for a number, no number for a boolean).
* :func:`yes_no`: the one yes/no rule of CSV cells (``yes``/``no``, ``y``/``n``,
  ``true``/``false``, ``1``/``0``, any letter case; blank is no).
* :func:`whole`: a whole-number CSV cell within bounds.
* :func:`provenance_kind` and :func:`field_provenance`: the one grammar of the
  ``provenance`` and ``field_provenance`` columns (``field=kind:source; ...``).
"""

from __future__ import annotations

import datetime
import re
from collections.abc import Collection, Sequence
from typing import Any, NoReturn

from navalwar.errors import DataError, UnknownNameError, excerpt

PROVENANCE = ("rulebook", "example", "historical", "reconstructed", "placeholder")

KIND_NAMES: dict[type, str] = {
    bool: "a boolean (true or false)",
    int: "an integer",
    float: "a number",
    str: "a string",
    list: "an array",
    dict: "a table",
    datetime.date: "a date",
}
MAX_COUNT = 999  # the default upper bound of :meth:`Reader.integer`


def describe(value: object) -> str:
    """A value's TOML kind, with a short excerpt of it (``an integer (3)``, ``a table``)."""
    for kind, expected in KIND_NAMES.items():
        if type(value) is kind:
            name = expected.split(" (")[0]
            return f"{name} ({excerpt(value)})" if kind not in (list, dict) else name
    return type(value).__name__


def join(path: str, key: str | int) -> str:
    """The field path of ``key`` inside ``path`` (``a.b``, ``a[2]``; ``key`` at the top)."""
    if isinstance(key, int):
        return f"{path}[{key}]"
    return f"{path}.{key}" if path else key


class Reader:
    """Typed, strict access to a parsed TOML document of ``file``: each method fails
    with a :class:`DataError` naming the file and the field path."""

    def __init__(self, file: str) -> None:
        self.file = file

    def error(self, path: str, message: str) -> DataError:
        """The DataError for ``message`` at ``path``."""
        return DataError(message, file=self.file, path=path or None)

    def fail(self, path: str, message: str) -> NoReturn:
        """Raise the DataError for ``message`` at ``path``."""
        raise self.error(path, message)

    def keys(
        self, value: dict[str, Any], path: str, known: Collection[str], what: str = "key"
    ) -> None:
        """Refuse a key of table ``value`` (at ``path``) that is not ``known``: a misspelt
        field would otherwise be ignored."""
        for key in value:
            if key not in known:
                self.fail(join(path, key), str(UnknownNameError(what, key, known)))

    def table(
        self,
        value: object,
        path: str,
        required: Sequence[str] = (),
        optional: Sequence[str] = (),
        what: str = "key",
    ) -> dict[str, Any]:
        """``value`` as a table holding every ``required`` key and no key but those and the
        ``optional`` ones (``None``, as ``doc.get(key)`` gives for an absent key: missing)."""
        if value is None:
            self.fail(path, "missing (required)")
        if not isinstance(value, dict):
            self.fail(path, f"must be a table, not {describe(value)}")
        self.keys(value, path, (*required, *optional), what)
        for key in required:
            if key not in value:
                self.fail(join(path, key), "missing (required)")
        return value

    def typed(self, t: dict[str, Any], key: str, path: str, kind: type, default: Any = ...) -> Any:
        """``t[key]``, which must be of ``kind`` (an integer is taken for a float, a
        boolean for nothing else); ``default`` when absent (without one, required)."""
        if key not in t:
            if default is ...:
                self.fail(join(path, key), "missing (required)")
            return default
        value = t[key]
        if kind is float and isinstance(value, int) and not isinstance(value, bool):
            return float(value)
        if not isinstance(value, kind) or (kind is not bool and isinstance(value, bool)):
            self.fail(join(path, key), f"must be {KIND_NAMES[kind]}, not {describe(value)}")
        return value

    def text(
        self,
        t: dict[str, Any],
        key: str,
        path: str,
        default: Any = "",
        choices: Sequence[str] = (),
    ) -> str:
        """A string; with ``choices``, one of them (the default is not checked)."""
        value: str = self.typed(t, key, path, str, default)
        if choices and key in t and value not in choices:
            self.fail(join(path, key), f"must be one of {', '.join(choices)}, not {value!r}")
        return value

    def integer(
        self,
        t: dict[str, Any],
        key: str,
        path: str,
        default: Any = 0,
        low: int = 0,
        high: int = MAX_COUNT,
    ) -> int:
        """A whole number from ``low`` to ``high``."""
        value: int = self.typed(t, key, path, int, default)
        if not low <= value <= high:
            self.fail(join(path, key), f"must be from {low} to {high}, not {excerpt(value)}")
        return value

    def flag(self, t: dict[str, Any], key: str, path: str, default: Any = ...) -> bool:
        """A TOML boolean (``true``/``false``)."""
        value: bool = self.typed(t, key, path, bool, default)
        return value

    def items(self, t: dict[str, Any], key: str, path: str) -> list[tuple[str, Any]]:
        """An array's items with their paths (empty if the key is absent)."""
        values: list[Any] = self.typed(t, key, path, list, [])
        return [(join(join(path, key), i), v) for i, v in enumerate(values)]

    def texts(self, t: dict[str, Any], key: str, path: str) -> list[tuple[str, str]]:
        """An array of strings, each with its path (empty if the key is absent)."""
        out = []
        for p, v in self.items(t, key, path):
            if not isinstance(v, str):
                self.fail(p, f"must be a string, not {describe(v)}")
            out.append((p, v))
        return out


# -- CSV cells ----------------------------------------------------------------------------
YES = ("yes", "y", "true", "1")
NO = ("no", "n", "false", "0", "")


def yes_no(value: str, file: str, path: str) -> bool:
    """The one yes/no rule of a CSV cell: ``yes``, ``y``, ``true``, ``1`` or ``no``, ``n``,
    ``false``, ``0``, in any letter case; a blank cell is no."""
    v = value.strip().lower()
    if v in YES:
        return True
    if v in NO:
        return False
    raise DataError(f"must be yes or no, not {excerpt(value)}", file=file, path=path)


def whole(value: Any, file: str, path: str, lo: int | None = None, hi: int | None = None) -> int:
    """A whole-number cell (surrounding blanks allowed) from ``lo`` to ``hi``."""
    try:
        n = int(str(value).strip())
    except ValueError:
        raise DataError(
            f"must be a whole number, not {excerpt(value)}", file=file, path=path
        ) from None
    if (lo is not None and n < lo) or (hi is not None and n > hi):
        raise DataError(f"{n} is out of range {lo}..{hi}", file=file, path=path)
    return n


def one_of(value: str, allowed: Sequence[str], file: str, path: str, what: str = "") -> str:
    """``value`` if it is one of ``allowed``, else a DataError at ``path``."""
    if value not in allowed:
        lead = f"{what} must" if what else "must"
        raise DataError(
            f"{lead} be one of {', '.join(allowed)}, not {excerpt(value)}", file=file, path=path
        )
    return value


# -- provenance ---------------------------------------------------------------------------
def provenance_kind(value: Any, file: str, path: str) -> str:
    """A provenance kind (``rulebook`` ... ``placeholder``), else a DataError at ``path``."""
    if value not in PROVENANCE:
        raise DataError(
            f"provenance must be one of {', '.join(PROVENANCE)}, not {excerpt(value)}",
            file=file,
            path=path,
        )
    return str(value)


_FIELD_PROV = re.compile(r"([a-z_0-9]+)=([a-z]+)(?::(.*))?", re.DOTALL)
NOT_FIELDS = ("provenance", "field_provenance", "notes")  # a row's own provenance columns


def field_provenance(
    value: str, fields: Collection[str], file: str, path: str
) -> tuple[tuple[str, str], ...]:
    """The ``field_provenance`` cell: ``field=kind:source`` items separated by ``;``
    (the source is optional and holds no ``;``), each ``field`` one of ``fields`` (less
    the provenance columns themselves) at most once, each ``kind`` a provenance kind.
    Returns ``(field, kind)`` pairs in order."""
    out: list[tuple[str, str]] = []
    for item in value.split(";"):
        item = item.strip()
        if not item:
            continue
        m = _FIELD_PROV.fullmatch(item)
        if m is None:
            raise DataError(
                f"must look like 'field=kind:source; ...', not {excerpt(item)}",
                file=file,
                path=path,
            )
        field, kind = m.group(1), m.group(2)
        if field not in fields or field in NOT_FIELDS:
            raise DataError(f"names unknown field {field!r}", file=file, path=path)
        if kind not in PROVENANCE:
            raise DataError(
                f"unknown provenance {kind!r} for {field}; use one of {', '.join(PROVENANCE)}",
                file=file,
                path=path,
            )
        if any(f == field for f, _ in out):
            raise DataError(f"field {field!r} given twice", file=file, path=path)
        out.append((field, kind))
    return tuple(out)
