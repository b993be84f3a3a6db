"""Known cells: what a rulebook's text and worked examples reveal about the printed
components it does not print (counters, charts, cards), in one language for every game.

A :class:`KnownCell` names a pack file, a key path into it, the value expected there,
the rule that reveals it and a note. Each game reads the value at a key path from its
parsed pack (a ``read`` function); :func:`check` compares, and :func:`refuse` turns the
contradictions into one :class:`~navalwar.errors.DataError`. A pack, the bundled
reconstruction or an owner's transcription, must agree with every cell.

What ``read`` returns for a key path: the cell's text as the file would hold it (``""``
for a blank cell), or, for a key path that selects several rows, a list of
``(label, text)`` (each must agree; an empty list is a problem: the rows are missing).
It raises ``KeyError``, ``LookupError``, ``ValueError`` or a NavalwarError for a
cell that is not there.

Expected values:

* ``TEXT``: the cell's text is ``TEXT`` (blanks around either ignored; ``""`` blank);
* ``>=N``, ``<=N``, ``>N``, ``<N``: the cell is a whole number within that bound;
* ``contains:a,b``: the comma list holds at least these items (with repeats);
* ``same:PATH``: the cell equals the cell at ``PATH`` (a key path joined by ``/``);
* ``only:LETTERS``: every letter of the cell is one of ``LETTERS`` (true of a blank);
* ``has:LETTERS``: at least one letter of the cell is one of ``LETTERS``.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING

import attrs

from navalwar.errors import DataError, NavalwarError

if TYPE_CHECKING:
    from navalwar.datapack import PackFile

Read = Callable[[tuple[str, ...]], "str | list[tuple[str, str]]"]
_MISSING = (KeyError, LookupError, ValueError, AttributeError, NavalwarError)
_BOUNDS = (">=", "<=", ">", "<")


@attrs.frozen
class KnownCell:
    """One value the rulebook reveals about a (missing) printed component."""

    file: str
    key: tuple[str, ...]
    expected: str
    rule: str
    note: str


@attrs.frozen
class Contradiction:
    """A known cell the pack does not agree with: its file and what is wrong."""

    file: str
    message: str

    def __str__(self) -> str:
        return f"{self.file}: {self.message}"


def holds(expected: str, actual: str, read: Read) -> bool:
    """Whether cell text ``actual`` agrees with ``expected`` (``read`` for ``same:``)."""
    kind, _, arg = expected.partition(":")
    if kind == "contains":
        have = actual.split(",")
        for item in arg.split(","):
            if item not in have:
                return False
            have.remove(item)
        return True
    if kind == "same":
        other = read(tuple(arg.split("/")))
        return isinstance(other, str) and actual == other
    if kind == "only":
        return all(ch in arg for ch in actual)
    if kind == "has":
        return any(ch in arg for ch in actual)
    for op in _BOUNDS:
        if expected.startswith(op):
            try:
                a = int(actual)
            except ValueError:
                return False
            e = int(expected[len(op) :])
            return {">=": a >= e, "<=": a <= e, ">": a > e, "<": a < e}[op]
    return actual.strip() == expected.strip()


def check(cells: Sequence[KnownCell], read: Read) -> list[Contradiction]:
    """Every cell of ``cells`` the pack (as ``read`` gives it) contradicts."""
    problems = []
    for cell in cells:
        path = "/".join(cell.key)
        why = f"{cell.rule} shows {cell.expected!r}" + (f" ({cell.note})" if cell.note else "")
        try:
            found = read(cell.key)
            rows = [("", found)] if isinstance(found, str) else found
            if not rows:
                problems.append(Contradiction(cell.file, f"cell {path} selects no rows; {why}"))
            for label, actual in rows:
                if not holds(cell.expected, actual, read):
                    of = f" of {label}" if label else ""
                    problems.append(
                        Contradiction(cell.file, f"cell {path}{of} is {actual!r} but {why}")
                    )
        except _MISSING as exc:
            problems.append(Contradiction(cell.file, f"cell {path} is missing ({exc!s}); {why}"))
    return problems


def refuse(problems: Sequence[Contradiction], files: Mapping[str, PackFile]) -> None:
    """A DataError for the contradictions found, if any: the first in full, naming its
    file (as read, from ``files``), and the next three."""
    if not problems:
        return
    first = problems[0]
    more = problems[1:]
    tail = f" (and {len(more)} more: {'; '.join(map(str, more[:3]))})" if more else ""
    pack_file = files.get(first.file)
    raise DataError(
        "contradicts a cell the rulebook reveals: " + first.message + tail,
        file=str(pack_file.path) if pack_file is not None else first.file,
    )
