"""Die-indexed tables: range keys, shifts and exact distributions.

Printed wargame tables index their rows (and often their columns) by ranges of
a modified die roll or of a value total: ``"0 or less"``, ``"1-3"``,
``"12–15"``, ``"16+"``. A :class:`RangeKey` is one such range; a
:class:`Table1D` maps a die roll to a result and a :class:`Table2D` crosses a
roll with a column (a value total or a plain label such as ``"S"``).

Rows and range-keyed columns are always held in ascending key order, whatever
order they were given in, so a positive :func:`shift` moves towards higher
keys. A rule that prints its rows high to low (TE 3.7 Gunnery Cards: "from the
12 row to the 8 row would be 'down'") therefore shifts "up" by ``+n`` and
"down" by ``-n``.

:func:`roll_distribution`, :func:`nd_distribution` and
:func:`lookup_distribution` give exact :class:`~fractions.Fraction`
probabilities that sum to exactly 1.
"""

from __future__ import annotations

import functools
import re
from bisect import bisect_right
from collections.abc import Iterable, Mapping, Sequence
from fractions import Fraction
from itertools import pairwise
from typing import Generic, TypeVar

import attrs

from navalwar.errors import DataError, NavalwarError, UnknownNameError

T = TypeVar("T")

__all__ = [
    "KeyLike",
    "OutOfTableError",
    "RangeKey",
    "Table1D",
    "Table2D",
    "lookup_distribution",
    "nd_distribution",
    "roll_distribution",
    "shift",
]


class OutOfTableError(NavalwarError):
    """A value beyond the ends of a table that does not clamp."""


# -- range keys ---------------------------------------------------------------

_NUM = r"[-−]?\d+"
_SINGLE = re.compile(rf"\s*({_NUM})\s*")
_RANGE = re.compile(rf"\s*({_NUM})\s*[-–—]\s*({_NUM})\s*")
_OR_LESS = re.compile(rf"\s*({_NUM})\s*or\s+(?:less|lower|fewer)\s*", re.IGNORECASE)
_OR_MORE = re.compile(rf"\s*({_NUM})\s*(?:\+|or\s+(?:more|higher|greater))\s*", re.IGNORECASE)
_FORMS = (
    "a number ('7'), a range ('12-15', '12–15' or '12 - 15'), "
    "an open bottom ('0 or less') or an open top ('16+' or '16 or more')"
)


def _int(text: str) -> int:
    return int(text.replace("−", "-"))


@attrs.frozen(slots=True)
class RangeKey:
    """An inclusive range of integers; ``None`` marks an open end.

    Attributes:
        lo: the lowest value in the range, or ``None`` for "or less".
        hi: the highest value in the range, or ``None`` for "or more".
    """

    lo: int | None
    hi: int | None

    def __attrs_post_init__(self) -> None:
        if self.lo is None and self.hi is None:
            raise DataError("a table key needs at least one end; use " + _FORMS)
        if self.lo is not None and self.hi is not None and self.lo > self.hi:
            raise DataError(
                f"table key {self.lo}-{self.hi} runs backwards; write {self.hi}-{self.lo}"
            )

    @classmethod
    def parse(cls, text: KeyLike) -> RangeKey:
        """Read a printed key: ``"7"``, ``"12-15"``, ``"0 or less"``, ``"16+"``...

        Raises:
            DataError: the text is none of the accepted forms.
        """
        if isinstance(text, RangeKey):
            return text
        if isinstance(text, int) and not isinstance(text, bool):
            return cls(text, text)
        if not isinstance(text, str):
            raise DataError(f"cannot read table key {text!r}: use {_FORMS}")
        return _parse_key(text)

    @classmethod
    def single(cls, value: int) -> RangeKey:
        """The key holding only ``value``."""
        return cls(value, value)

    def contains(self, value: int) -> bool:
        """Whether ``value`` lies in the range."""
        return (self.lo is None or value >= self.lo) and (self.hi is None or value <= self.hi)

    def __contains__(self, value: object) -> bool:
        return isinstance(value, int) and self.contains(value)

    def __str__(self) -> str:
        if self.lo is None:
            return f"{self.hi} or less"
        if self.hi is None:
            return f"{self.lo}+"
        if self.lo == self.hi:
            return str(self.lo)
        return f"{self.lo}-{self.hi}"


KeyLike = str | int | RangeKey
"""Anything :meth:`RangeKey.parse` reads: printed text, an int, or a key."""
K = TypeVar("K", bound=KeyLike)


@functools.lru_cache(maxsize=1024)
def _parse_key(text: str) -> RangeKey:
    if m := _SINGLE.fullmatch(text):
        return RangeKey(_int(m[1]), _int(m[1]))
    if m := _RANGE.fullmatch(text):
        lo, hi = _int(m[1]), _int(m[2])
        if lo > hi:
            raise DataError(f"table key {text!r} runs backwards; write '{hi}-{lo}'")
        return RangeKey(lo, hi)
    if m := _OR_LESS.fullmatch(text):
        return RangeKey(None, _int(m[1]))
    if m := _OR_MORE.fullmatch(text):
        return RangeKey(_int(m[1]), None)
    raise DataError(f"cannot read table key {text!r}: use {_FORMS}")


def _key_order(key: RangeKey) -> tuple[int, int]:
    if key.lo is None:
        return (0, 0)
    return (1, key.lo)


def _check_scale(keys: Sequence[RangeKey], what: str) -> tuple[int, ...]:
    """Check ascending, non-overlapping, gap-free keys; return the row starts after the first."""
    if not keys:
        raise DataError(f"{what} has no keys")
    starts: list[int] = []
    for a, b in pairwise(keys):
        if a.hi is None or b.lo is None or b.lo <= a.hi:
            if a.lo is not None and b.lo is not None and b.lo < a.lo:
                raise DataError(f"{what}: keys {a} and {b} are out of order (ascending needed)")
            raise DataError(f"{what}: keys {a} and {b} overlap")
        if b.lo > a.hi + 1:
            gap = str(RangeKey(a.hi + 1, b.lo - 1))
            raise DataError(f"{what}: gap between keys {a} and {b} ({gap} is not covered)")
        starts.append(b.lo)
    return tuple(starts)


def _describe(name: str, kind: str) -> str:
    return f"{kind} {name!r}" if name else kind


def _index(
    starts: tuple[int, ...],
    keys: tuple[RangeKey, ...],
    value: int,
    clamp: bool,
    name: str,
    kind: str = "row",
) -> int:
    if not clamp:
        first, last = keys[0].lo, keys[-1].hi
        if (first is not None and value < first) or (last is not None and value > last):
            raise OutOfTableError(
                f"{_describe(name, 'table')} has no {kind} for {value}: "
                f"its keys run {keys[0]} to {keys[-1]} and it does not clamp"
            )
    return bisect_right(starts, value)


def shift(index: int, by: int, n: int) -> int:
    """Shift a row or column index by ``by``, clamped to ``0 .. n-1``.

    Shifts are cumulative: sum them first and shift once, so that net shifts
    beyond the top or bottom row "have no effect" (TE 3.7).

    Raises:
        NavalwarError: ``n`` is not positive or ``index`` is outside the table.
    """
    if not 0 <= index < n:
        raise NavalwarError(f"index {index} is outside a table of {n} rows/columns")
    moved = index + by
    if moved < 0:
        return 0
    if moved >= n:
        return n - 1
    return moved


def _parse_keys(keys: Iterable[KeyLike]) -> list[RangeKey]:
    return [RangeKey.parse(k) for k in keys]


# -- tables -------------------------------------------------------------------


@attrs.frozen(slots=True)
class Table1D(Generic[T]):
    """A one-column table: range keys over a value (usually a modified roll) -> results.

    Keys must be in ascending order, without overlaps or gaps; :meth:`of` parses
    and sorts printed keys. A value beyond a closed end reads the end row when
    ``clamp`` is true and raises :class:`OutOfTableError` otherwise (an open end,
    "0 or less" or "13+", covers everything on its side anyway).

    Attributes:
        keys: the row keys, ascending.
        results: one result per key.
        name: the table's name, for messages and the event log.
        rule: the rule section that prints it.
        clamp: read values beyond the ends from the end rows.
    """

    keys: tuple[RangeKey, ...]
    results: tuple[T, ...]
    name: str = ""
    rule: str = ""
    clamp: bool = True
    _starts: tuple[int, ...] = attrs.field(init=False, repr=False, eq=False)

    def __attrs_post_init__(self) -> None:
        what = _describe(self.name, "table")
        if len(self.keys) != len(self.results):
            raise DataError(f"{what} has {len(self.keys)} keys but {len(self.results)} results")
        object.__setattr__(self, "_starts", _check_scale(self.keys, what))

    @classmethod
    def of(
        cls,
        rows: Mapping[K, T] | Iterable[tuple[KeyLike, T]],
        *,
        name: str = "",
        rule: str = "",
        clamp: bool = True,
    ) -> Table1D[T]:
        """Build a table from printed ``key -> result`` rows, in any order.

        Raises:
            DataError: a key cannot be read, or keys overlap or leave a gap.
        """
        pairs = list(rows.items() if isinstance(rows, Mapping) else rows)
        parsed = sorted(
            ((RangeKey.parse(k), v) for k, v in pairs), key=lambda kv: _key_order(kv[0])
        )
        return cls(
            tuple(k for k, _ in parsed),
            tuple(v for _, v in parsed),
            name=name,
            rule=rule,
            clamp=clamp,
        )

    def __len__(self) -> int:
        return len(self.keys)

    def row_index(self, value: int) -> int:
        """The index of the row for ``value``."""
        return _index(self._starts, self.keys, value, self.clamp, self.name)

    def key_for(self, value: int) -> RangeKey:
        """The key of the row for ``value``."""
        return self.keys[self.row_index(value)]

    def lookup(self, value: int, shift_by: int = 0) -> T:
        """The result for ``value``, optionally shifted ``shift_by`` rows (towards higher keys).

        Raises:
            OutOfTableError: ``value`` is beyond a closed end and the table does not clamp.
        """
        i = _index(self._starts, self.keys, value, self.clamp, self.name)
        if shift_by:
            i = shift(i, shift_by, len(self.keys))
        return self.results[i]

    def items(self) -> tuple[tuple[RangeKey, T], ...]:
        """The ``(key, result)`` rows, ascending."""
        return tuple(zip(self.keys, self.results, strict=True))


@attrs.frozen(slots=True)
class Table2D(Generic[T]):
    """A table crossing row keys (over a roll) with columns (a value total or labels).

    Rows, and columns keyed by ranges, are ascending and gap-free; label columns
    keep their given order. :meth:`of` parses printed keys and sorts them.

    Attributes:
        rows: the row keys, ascending.
        columns: range keys (ascending) or plain string labels.
        cells: ``cells[row][column]``.
        name: the table's name, for messages and the event log.
        rule: the rule section that prints it.
        clamp: read rolls or column values beyond the ends from the end rows/columns.
    """

    rows: tuple[RangeKey, ...]
    columns: tuple[RangeKey, ...] | tuple[str, ...]
    cells: tuple[tuple[T, ...], ...]
    name: str = ""
    rule: str = ""
    clamp: bool = True
    _row_starts: tuple[int, ...] = attrs.field(init=False, repr=False, eq=False)
    _col_starts: tuple[int, ...] | None = attrs.field(init=False, repr=False, eq=False)
    _labels: dict[str, int] | None = attrs.field(init=False, repr=False, eq=False)

    def __attrs_post_init__(self) -> None:
        what = _describe(self.name, "table")
        object.__setattr__(self, "_row_starts", _check_scale(self.rows, f"{what} rows"))
        if not self.columns:
            raise DataError(f"{what} has no columns")
        if all(isinstance(c, RangeKey) for c in self.columns):
            cols: tuple[RangeKey, ...] = self.columns  # type: ignore[assignment]
            object.__setattr__(self, "_col_starts", _check_scale(cols, f"{what} columns"))
            object.__setattr__(self, "_labels", None)
        elif all(isinstance(c, str) for c in self.columns):
            labels = {str(c): i for i, c in enumerate(self.columns)}
            if len(labels) != len(self.columns):
                raise DataError(f"{what} repeats a column label: {list(self.columns)}")
            object.__setattr__(self, "_col_starts", None)
            object.__setattr__(self, "_labels", labels)
        else:
            raise DataError(f"{what} mixes range-key and label columns: {list(self.columns)}")
        if len(self.cells) != len(self.rows):
            raise DataError(f"{what} has {len(self.rows)} row keys but {len(self.cells)} rows")
        for key, row in zip(self.rows, self.cells, strict=True):
            if len(row) != len(self.columns):
                raise DataError(
                    f"{what} row {key} has {len(row)} cells; {len(self.columns)} columns expected"
                )

    @classmethod
    def of(
        cls,
        rows: Iterable[KeyLike],
        columns: Iterable[KeyLike],
        cells: Iterable[Iterable[T]],
        *,
        label_columns: bool = False,
        name: str = "",
        rule: str = "",
        clamp: bool = True,
    ) -> Table2D[T]:
        """Build a table from printed keys and ``cells[row][column]``, in any key order.

        Args:
            rows: row keys.
            columns: column keys, or labels if ``label_columns``.
            cells: one sequence of cells per row, in the order of ``rows``/``columns``.
            label_columns: columns are plain labels ("S", "M", "L"), not range keys.
            name: the table's name.
            rule: the rule section.
            clamp: clamp values beyond the ends.

        Raises:
            DataError: a key cannot be read, keys overlap or leave a gap, or the
                cells do not match the keys.
        """
        row_keys = _parse_keys(rows)
        grid = [tuple(r) for r in cells]
        what = _describe(name, "table")
        if len(grid) != len(row_keys):
            raise DataError(f"{what} has {len(row_keys)} row keys but {len(grid)} rows")
        row_order = sorted(range(len(row_keys)), key=lambda i: _key_order(row_keys[i]))
        col_keys: tuple[RangeKey, ...] | tuple[str, ...]
        if label_columns:
            col_keys = tuple(str(c) for c in columns)
            col_order = list(range(len(col_keys)))
        else:
            parsed = _parse_keys(columns)
            col_order = sorted(range(len(parsed)), key=lambda i: _key_order(parsed[i]))
            col_keys = tuple(parsed[i] for i in col_order)
        for key, row in zip(row_keys, grid, strict=True):
            if len(row) != len(col_keys):
                raise DataError(
                    f"{what} row {key} has {len(row)} cells; {len(col_keys)} columns expected"
                )
        return cls(
            tuple(row_keys[i] for i in row_order),
            col_keys,
            tuple(tuple(grid[i][j] for j in col_order) for i in row_order),
            name=name,
            rule=rule,
            clamp=clamp,
        )

    @property
    def shape(self) -> tuple[int, int]:
        """``(number of rows, number of columns)``."""
        return len(self.rows), len(self.columns)

    def row_for(self, roll: int) -> int:
        """The index of the row for a (modified) roll.

        Raises:
            OutOfTableError: beyond a closed end and the table does not clamp.
        """
        return _index(self._row_starts, self.rows, roll, self.clamp, self.name)

    def column_for(self, value: int | str) -> int:
        """The index of the column for a value total, or for a label.

        Raises:
            UnknownNameError: an unknown label.
            OutOfTableError: beyond a closed end and the table does not clamp.
        """
        if self._labels is not None:
            i = self._labels.get(value) if isinstance(value, str) else None
            if i is None:
                raise UnknownNameError(
                    f"column of {_describe(self.name, 'table')}", str(value), self._labels
                )
            return i
        if not isinstance(value, int) or self._col_starts is None:
            raise NavalwarError(
                f"{_describe(self.name, 'table')} columns are range keys; "
                f"look them up with an integer, not {value!r}"
            )
        cols: tuple[RangeKey, ...] = self.columns  # type: ignore[assignment]
        return _index(self._col_starts, cols, value, self.clamp, self.name, "column")

    def cell(self, row_index: int, col_index: int) -> T:
        """The cell at ``(row_index, col_index)``.

        Raises:
            OutOfTableError: an index outside the table.
        """
        if not (0 <= row_index < len(self.rows) and 0 <= col_index < len(self.columns)):
            raise OutOfTableError(
                f"{_describe(self.name, 'table')} has no cell ({row_index}, {col_index}); "
                f"its shape is {self.shape}"
            )
        return self.cells[row_index][col_index]

    def shift_row(self, index: int, by: int) -> int:
        """A row index shifted ``by`` rows towards higher keys, clamped to the table."""
        return shift(index, by, len(self.rows))

    def shift_column(self, index: int, by: int) -> int:
        """A column index shifted ``by`` columns (right for ranges), clamped to the table."""
        return shift(index, by, len(self.columns))

    def lookup(
        self, roll: int, column_value: int | str, *, row_shift: int = 0, column_shift: int = 0
    ) -> T:
        """The cell for a roll and a column value, after net row/column shifts."""
        r = self.row_for(roll)
        c = self.column_for(column_value)
        if row_shift:
            r = shift(r, row_shift, len(self.rows))
        if column_shift:
            c = shift(c, column_shift, len(self.columns))
        return self.cells[r][c]


# -- exact distributions --------------------------------------------------------


_ZERO = Fraction(0)


def _check_dice(n: int, sides: int) -> None:
    if sides < 1 or n < 1:
        raise NavalwarError(f"cannot roll {n}d{sides}: need at least one die of at least one side")


@functools.lru_cache(maxsize=256)
def _nd(n: int, sides: int, low: int) -> tuple[tuple[int, Fraction], ...]:
    counts: dict[int, int] = {0: 1}
    for _ in range(n):
        nxt: dict[int, int] = {}
        for total, c in counts.items():
            for face in range(low, low + sides):
                nxt[total + face] = nxt.get(total + face, 0) + c
        counts = nxt
    whole = sides**n
    return tuple((t, Fraction(c, whole)) for t, c in sorted(counts.items()))


def roll_distribution(
    sides: int, modifiers: int = 0, zero_is_ten: bool = True
) -> dict[int, Fraction]:
    """Exact probabilities of one modified die roll.

    Args:
        sides: faces on the die (6 reads 1..6, 10 reads 1..10, 100 reads 1..100).
        modifiers: the net modifier added to the roll.
        zero_is_ten: for a d10, read 0 as 10 (TE 2.1); ``False`` reads 0..9.
    """
    _check_dice(1, sides)
    low = 0 if sides == 10 and not zero_is_ten else 1
    return {t + modifiers: p for t, p in _nd(1, sides, low)}


def nd_distribution(n: int, sides: int, modifiers: int = 0) -> dict[int, Fraction]:
    """Exact probabilities of the modified sum of ``n`` dice numbered 1..sides (e.g. 2d6)."""
    _check_dice(n, sides)
    return {t + modifiers: p for t, p in _nd(n, sides, 1)}


def lookup_distribution(
    table: Table1D[T] | Table2D[T],
    sides: int,
    modifier: int = 0,
    column: int | str | None = None,
    *,
    dice: int = 1,
    zero_is_ten: bool = True,
    row_shift: int = 0,
    column_shift: int = 0,
) -> dict[T, Fraction]:
    """Exact probability of each result of a table read with a modified roll.

    Args:
        table: the table; a :class:`Table2D` also needs ``column``.
        sides: faces per die.
        modifier: the net modifier added to the roll.
        column: the column value or label (2-D tables only).
        dice: how many dice are summed (2 for 2d6).
        zero_is_ten: for a single d10, read 0 as 10.
        row_shift: net row shift applied after finding the row.
        column_shift: net column shift applied after finding the column.

    Returns:
        ``result -> probability``, in order of first appearance as the roll rises;
        the probabilities sum to exactly 1.

    Raises:
        NavalwarError: ``column`` is missing for a 2-D table or given for a 1-D one.
        OutOfTableError: a roll falls beyond a table that does not clamp.
    """
    rolls = (
        roll_distribution(sides, modifier, zero_is_ten)
        if dice == 1
        else nd_distribution(dice, sides, modifier)
    )
    out: dict[T, Fraction] = {}
    if isinstance(table, Table2D):
        if column is None:
            raise NavalwarError(f"{_describe(table.name, 'table')} is 2-D: give a column")
        c = table.column_for(column)
        if column_shift:
            c = table.shift_column(c, column_shift)
        for roll, p in rolls.items():
            r = table.row_for(roll)
            if row_shift:
                r = table.shift_row(r, row_shift)
            result = table.cells[r][c]
            out[result] = out.get(result, _ZERO) + p
        return out
    if column is not None or column_shift:
        raise NavalwarError(f"{_describe(table.name, 'table')} is 1-D: it has no columns")
    for roll, p in rolls.items():
        result = table.lookup(roll, row_shift)
        out[result] = out.get(result, _ZERO) + p
    return out
