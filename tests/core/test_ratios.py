"""Odds-ratio columns rounded in favour of the defender (``navalwar.ratios``)."""

from __future__ import annotations

from fractions import Fraction

import pytest

from navalwar.errors import DataError, NavalwarError
from navalwar.ratios import RatioColumns, parse_ratio, ratio_column

SCALE = ("1:3", "1:2", "1:1", "3:2", "2:1", "3:1", "4:1", "5:1", "6:1")


def test_parse() -> None:
    assert parse_ratio("3:2") == Fraction(3, 2)
    assert parse_ratio("1:3") == Fraction(1, 3)


@pytest.mark.parametrize("bad", ["2-1", "1:0", "a:b", "1:2:3", "", "-1:2"])
def test_parse_refuses(bad: str) -> None:
    with pytest.raises(DataError):
        parse_ratio(bad)


@pytest.mark.parametrize(
    ("attack", "defense", "column"),
    [
        (6, 6, "1:1"),
        (7, 6, "1:1"),  # 1.17 rounds down, toward the defender
        (9, 6, "3:2"),  # exactly on a column
        (11, 6, "3:2"),  # 1.83
        (12, 6, "2:1"),
        (17, 6, "2:1"),  # 2.83, not 3:1
        (5, 9, "1:2"),  # 0.56
        (4, 9, "1:3"),  # 0.44: between 1:3 and 1:2, down
        (1, 9, "1:3"),  # below the scale: the first column
        (40, 6, "6:1"),  # above the scale: the last column
        (3, 0, "6:1"),  # no defense: the last column
    ],
)
def test_rounds_toward_the_defender(attack: int, defense: int, column: str) -> None:
    assert ratio_column(attack, defense, SCALE) == column


def test_no_attack_is_no_column() -> None:
    cols = RatioColumns.of(SCALE)
    assert cols.column(0, 5) is None
    assert cols.index(0, 0) is None


def test_swapping_sides_is_rounded_for_the_other_defender() -> None:
    cols = RatioColumns.of(SCALE)
    assert cols.column(7, 5) == "1:1"
    assert cols.column(5, 7) == "1:2"


def test_negative_factor() -> None:
    with pytest.raises(NavalwarError, match="0 or more"):
        RatioColumns.of(SCALE).index(-1, 3)


@pytest.mark.parametrize("labels", [(), ("1:1", "1:1"), ("2:1", "1:1")])
def test_bad_scale(labels: tuple[str, ...]) -> None:
    with pytest.raises(DataError):
        RatioColumns.of(labels, name="Air-to-Air CRT")
