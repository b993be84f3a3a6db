"""Odds-ratio columns: attack against defense read on a printed "1:2 ... 6:1" scale.

Many combat results tables are indexed by the ratio of the attacker's factors to
the defender's, printed as columns ``"1:3"``, ``"1:2"``, ``"1:1"``, ``"2:1"`` ... A
ratio that falls between two columns is rounded "in favor of the defending stack":
down to the column at or below the true ratio. A ratio beyond either end reads the
end column. :class:`RatioColumns` parses a printed scale once and finds the column
for any pair of factors, exactly (no floating point).
"""

from __future__ import annotations

from collections.abc import Iterable
from fractions import Fraction

import attrs

from navalwar.errors import DataError, NavalwarError

__all__ = ["RatioColumns", "parse_ratio", "ratio_column"]


def parse_ratio(label: str) -> Fraction:
    """The ratio a printed column states: ``"3:2"`` -> 3/2.

    Raises:
        DataError: not two positive whole numbers joined by ``:``.
    """
    parts = label.split(":") if isinstance(label, str) else []
    if len(parts) != 2 or not all(p.strip().isdigit() for p in parts):
        raise DataError(f"an odds column is written 'a:b' (two whole numbers), not {label!r}")
    a, b = (int(p) for p in parts)
    if a <= 0 or b <= 0:
        raise DataError(f"an odds column states two positive numbers, not {label!r}")
    return Fraction(a, b)


@attrs.frozen
class RatioColumns:
    """A printed scale of odds columns, lowest odds first.

    Attributes:
        labels: the columns as printed (``("1:3", "1:2", "1:1", "2:1")``).
        ratios: the ratio each states, strictly ascending.
        name: the table's name, for messages.
    """

    labels: tuple[str, ...]
    ratios: tuple[Fraction, ...] = attrs.field(init=False, repr=False)
    name: str = ""

    def __attrs_post_init__(self) -> None:
        what = f"the odds columns of {self.name}" if self.name else "the odds columns"
        if not self.labels:
            raise DataError(f"{what} are empty: at least one column is needed")
        ratios = tuple(parse_ratio(label) for label in self.labels)
        for lo, hi, label in zip(ratios, ratios[1:], self.labels[1:], strict=False):
            if hi <= lo:
                raise DataError(
                    f"{what} must rise strictly from left to right: {label!r} comes after "
                    f"a column of equal or higher odds in {list(self.labels)}"
                )
        object.__setattr__(self, "ratios", ratios)

    @classmethod
    def of(cls, labels: Iterable[str], name: str = "") -> RatioColumns:
        """The scale of the printed ``labels``, in their printed (ascending) order."""
        return cls(tuple(labels), name=name)

    def index(self, attack: int, defense: int) -> int | None:
        """The index of the column for ``attack`` against ``defense``, rounded in favour
        of the defender (down to the column at or below the true ratio); a ratio
        below the first column reads the first, one above the last (or a defense of
        0) reads the last. ``None`` when ``attack`` is 0: nothing attacks.

        Raises:
            NavalwarError: a negative factor.
        """
        if attack < 0 or defense < 0:
            raise NavalwarError(
                f"odds need factors of 0 or more, not attack {attack} against defense {defense}"
            )
        if attack == 0:
            return None
        if defense == 0:
            return len(self.ratios) - 1
        true = Fraction(attack, defense)
        found = 0
        for i, ratio in enumerate(self.ratios):
            if ratio <= true:
                found = i
            else:
                break
        return found

    def column(self, attack: int, defense: int) -> str | None:
        """The label of the column for ``attack`` against ``defense`` (see :meth:`index`)."""
        i = self.index(attack, defense)
        return None if i is None else self.labels[i]


def ratio_column(attack: int, defense: int, labels: Iterable[str]) -> str | None:
    """The column of ``labels`` for ``attack`` against ``defense``, rounded in favour of
    the defender, the ends for ratios outside (``RatioColumns.column``)."""
    return RatioColumns.of(labels).column(attack, defense)
