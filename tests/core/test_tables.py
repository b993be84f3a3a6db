"""Tests for navalwar.tables: range keys, 1-D/2-D tables, shifts and exact distributions."""

from __future__ import annotations

from collections import Counter
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from navalwar.dice import Dice
from navalwar.errors import DataError, NavalwarError, UnknownNameError
from navalwar.tables import (
    OutOfTableError,
    RangeKey,
    Table1D,
    Table2D,
    lookup_distribution,
    nd_distribution,
    roll_distribution,
    shift,
)

# -- strategies --------------------------------------------------------------------------------

ints = st.integers(min_value=-50, max_value=150)


@st.composite
def range_keys(draw: st.DrawFn) -> RangeKey:
    kind = draw(st.sampled_from(["single", "range", "less", "more"]))
    a = draw(ints)
    if kind == "single":
        return RangeKey(a, a)
    if kind == "less":
        return RangeKey(None, a)
    if kind == "more":
        return RangeKey(a, None)
    b = draw(st.integers(min_value=a, max_value=a + 40))
    return RangeKey(a, b)


@st.composite
def monotone_tables(draw: st.DrawFn) -> Table1D[int]:
    """A gap-free table over ascending keys whose results never fall."""
    start = draw(st.integers(min_value=-5, max_value=5))
    widths = draw(st.lists(st.integers(min_value=1, max_value=4), min_size=2, max_size=8))
    keys: list[RangeKey] = []
    lo = start
    for w in widths:
        keys.append(RangeKey(lo, lo + w - 1))
        lo += w
    if draw(st.booleans()):
        keys[0] = RangeKey(None, keys[0].hi)
    if draw(st.booleans()):
        keys[-1] = RangeKey(keys[-1].lo, None)
    steps = draw(st.lists(st.integers(0, 3), min_size=len(keys), max_size=len(keys)))
    results, total = [], 0
    for s in steps:
        total += s
        results.append(total)
    shuffled = draw(st.permutations(list(zip(keys, results, strict=True))))
    return Table1D.of(shuffled, name="monotone")


# -- range keys --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "lo", "hi", "canonical"),
    [
        ("7", 7, 7, "7"),
        ("12-15", 12, 15, "12-15"),
        ("12–15", 12, 15, "12-15"),
        ("12 - 15", 12, 15, "12-15"),
        ("0 or less", None, 0, "0 or less"),
        ("-1 or less", None, -1, "-1 or less"),
        ("16+", 16, None, "16+"),
        ("16 or more", 16, None, "16+"),
        ("24+", 24, None, "24+"),
        ("-3--1", -3, -1, "-3--1"),
        (" 5 ", 5, 5, "5"),
    ],
)
def test_range_key_parse(text: str, lo: int | None, hi: int | None, canonical: str) -> None:
    key = RangeKey.parse(text)
    assert (key.lo, key.hi) == (lo, hi)
    assert str(key) == canonical


@pytest.mark.parametrize("text", ["", "x", "12-", "15-12", "1-2-3", "or less", "+3", "7 or so"])
def test_range_key_bad_text(text: str) -> None:
    with pytest.raises(DataError) as info:
        RangeKey.parse(text)
    assert repr(text) in str(info.value) or "backwards" in str(info.value)


def test_range_key_error_names_accepted_forms() -> None:
    with pytest.raises(DataError, match=r"'12-15'.*'0 or less'.*'16\+'"):
        RangeKey.parse("twelve")


def test_range_key_needs_an_end() -> None:
    with pytest.raises(DataError):
        RangeKey(None, None)


def test_range_key_from_int() -> None:
    assert RangeKey.parse(4) == RangeKey(4, 4)


@given(range_keys())
def test_range_key_str_round_trip(key: RangeKey) -> None:
    assert RangeKey.parse(str(key)) == key


@given(range_keys(), ints)
def test_range_key_contains(key: RangeKey, value: int) -> None:
    expected = (key.lo is None or key.lo <= value) and (key.hi is None or value <= key.hi)
    assert key.contains(value) is expected
    assert (value in key) is expected


# -- one-dimensional tables --------------------------------------------------------------------


def test_table1d_lookup_and_open_ends() -> None:
    t: Table1D[str] = Table1D.of(
        {"13+": "sink", "0 or less": "none", "1-6": "light", "7–12": "heavy"}
    )
    assert [str(k) for k in t.keys] == ["0 or less", "1-6", "7-12", "13+"]
    assert t.lookup(-100) == "none"
    assert t.lookup(0) == "none"
    assert t.lookup(6) == "light"
    assert t.lookup(7) == "heavy"
    assert t.lookup(1000) == "sink"
    assert str(t.key_for(9)) == "7-12"
    assert len(t) == 4


def test_table1d_closed_ends_clamp_or_raise() -> None:
    rows = [("1-7", "transport attack"), ("8-10", "bombardment")]  # TE 13.1
    t = Table1D.of(rows, name="mission", rule="TE 13.1")
    assert t.lookup(-3) == "transport attack"
    assert t.lookup(14) == "bombardment"
    strict = Table1D.of(rows, name="mission", clamp=False)
    assert strict.lookup(10) == "bombardment"
    with pytest.raises(OutOfTableError, match="mission") as info:
        strict.lookup(11)
    assert isinstance(info.value, NavalwarError)
    assert not isinstance(info.value, DataError | ValueError)
    with pytest.raises(OutOfTableError):
        strict.lookup(0)


def test_table1d_rejects_gaps_and_overlaps() -> None:
    with pytest.raises(DataError, match=r"gap between keys 1-3 and 5-6 \(4 is not covered\)"):
        Table1D.of({"1-3": "a", "5-6": "b"})
    with pytest.raises(DataError, match="keys 1-3 and 3-6 overlap"):
        Table1D.of({"1-3": "a", "3-6": "b"})
    with pytest.raises(DataError, match="overlap"):
        Table1D.of({"5+": "a", "7+": "b"})
    with pytest.raises(DataError, match="overlap"):
        Table1D.of({"0 or less": "a", "-2 or less": "b"})
    with pytest.raises(DataError, match="out of order"):
        Table1D((RangeKey(4, 6), RangeKey(1, 3)), ("a", "b"))
    with pytest.raises(DataError, match="no keys"):
        Table1D.of({})
    with pytest.raises(DataError, match="2 keys but 1 results"):
        Table1D((RangeKey(1, 3), RangeKey(4, 6)), ("a",))


def test_table1d_shift_clamps() -> None:
    t: Table1D[int] = Table1D.of({"1-2": 0, "3-4": 1, "5-6": 2})
    assert t.lookup(3, 1) == 2
    assert t.lookup(3, 5) == 2
    assert t.lookup(3, -5) == 0


@given(monotone_tables(), ints, ints)
def test_monotone_tables_give_monotone_lookups(t: Table1D[int], a: int, b: int) -> None:
    lo, hi = min(a, b), max(a, b)
    assert t.lookup(lo) <= t.lookup(hi)


@given(monotone_tables(), ints)
def test_lookup_agrees_with_key_containment(t: Table1D[int], value: int) -> None:
    key = t.key_for(value)
    first, last = t.keys[0], t.keys[-1]
    if key.contains(value):
        assert sum(k.contains(value) for k in t.keys) == 1
    elif first.lo is not None and value < first.lo:
        assert key == first
    else:
        assert last.hi is not None and value > last.hi
        assert key == last


# -- shifts ------------------------------------------------------------------------------------


@given(st.integers(1, 20).flatmap(lambda n: st.tuples(st.just(n), st.integers(0, n - 1))), ints)
def test_shift_clamps_to_table(n_index: tuple[int, int], by: int) -> None:
    n, index = n_index
    moved = shift(index, by, n)
    assert 0 <= moved < n
    assert moved == min(max(index + by, 0), n - 1)
    if 0 <= index + by < n:
        assert moved == index + by


def test_shift_rejects_index_outside_table() -> None:
    with pytest.raises(NavalwarError):
        shift(3, 0, 3)
    with pytest.raises(NavalwarError):
        shift(0, 1, 0)


# -- two-dimensional tables --------------------------------------------------------------------

# A made-up CL Gunnery Card laid out as printed (rows high to low, TE 3.7); only the
# row-2 DD/S cell (card #6: 1 Damage Point) is from the rulebook example.
CARD_ROWS = ["12", "8", "5", "2"]
CARD_COLUMNS = ["DD-S", "DD-M", "DD-L"]
CARD_CELLS: list[list[int | None]] = [[6, 4, 2], [4, 2, 1], [2, 1, None], [1, None, None]]


def gunnery_card() -> Table2D[int | None]:
    # "use the next lower listed number": 12 is 12+, 8 is 8-11 and so on
    keys = [RangeKey.parse(k) for k in ("12+", "8-11", "5-7", "2-4")]
    return Table2D.of(
        keys,
        CARD_COLUMNS,
        CARD_CELLS,
        label_columns=True,
        name="CL card #6",
        rule="TE 3.7",
    )


def test_te_3_7_row_shift_example() -> None:
    """TE 3.7: "from the 12 row to the 8 row would be 'down'"; up is the reverse."""
    card = gunnery_card()
    assert [str(k) for k in card.rows] == ["2-4", "5-7", "8-11", "12+"]
    row_12 = card.row_for(12)
    row_8 = card.row_for(8)
    down, up = -1, +1
    assert card.shift_row(row_12, down) == row_8
    assert card.shift_row(row_8, up) == row_12
    assert card.lookup(12, "DD-S", row_shift=down) == card.lookup(8, "DD-S")
    # A value not listed uses the next lower listed number ("9" reads the 8 row).
    assert card.row_for(9) == row_8


def test_te_3_7_boise_example_cannot_shift_below_lowest_row() -> None:
    """TE 3.7: Boise splits 5 -> 2 per target, shift down 1, but row "2" is the lowest."""
    card = gunnery_card()
    value = 5 // 2
    assert value == 2
    assert card.lookup(value, "DD-S", row_shift=-1) == 1
    assert card.lookup(value, "DD-S") == 1


def test_te_3_7_net_shifts_beyond_the_ends_have_no_effect() -> None:
    """TE 3.7: shifts are cumulative; net shifts beyond the top or bottom have no effect."""
    card = gunnery_card()
    top = card.row_for(14)
    net = +1 - 1  # same hex (up 1) and split primaries (down 1)
    assert card.shift_row(top, net) == top
    assert card.lookup(14, "DD-M", row_shift=+3) == 4
    assert card.lookup(14, "DD-M", row_shift=-10) is None


def test_table2d_range_columns_te_3_6_torpedo_column() -> None:
    """TE 3.6 example: total torpedo value 15 reads column "12–15"; roll 6 gives 4."""
    columns = ["1-3", "4–7", "8-11", "12–15", "16+"]
    rows = [str(r) for r in range(1, 11)]
    cells = [[0] * 5 for _ in rows]
    cells[5][3] = 4  # roll 6, column 12-15 (the only cell the example reveals)
    table = Table2D.of(rows, columns, cells, name="Torpedo Combat Table", rule="TE 3.6")
    assert str(table.columns[table.column_for(15)]) == "12-15"
    assert table.column_for(12) == table.column_for(15)
    assert table.lookup(6, 15) == 4
    assert table.cell(5, 3) == 4
    assert table.shape == (10, 5)
    assert table.column_for(40) == 4  # clamps into "16+"
    assert table.column_for(-2) == 0  # clamps into "1-3"
    assert table.shift_column(3, -1) == 2


def test_table2d_sorts_keys_and_permutes_cells() -> None:
    t = Table2D.of(["4-6", "1-3"], ["5+", "1-4"], [["a", "b"], ["c", "d"]])
    assert [str(k) for k in t.rows] == ["1-3", "4-6"]
    assert [str(k) for k in t.columns] == ["1-4", "5+"]
    assert t.lookup(2, 1) == "d"
    assert t.lookup(2, 9) == "c"
    assert t.lookup(5, 1) == "b"
    assert t.lookup(5, 9) == "a"


def test_table2d_errors() -> None:
    with pytest.raises(DataError, match=r"row 4-6 has 1 cells; 2 columns expected"):
        Table2D.of(["1-3", "4-6"], ["S", "M"], [["a", "b"], ["c"]], label_columns=True)
    with pytest.raises(DataError, match="2 row keys but 1 rows"):
        Table2D.of(["1-3", "4-6"], ["S"], [["a"]], label_columns=True)
    with pytest.raises(DataError, match="gap"):
        Table2D.of(["1-3", "5-6"], ["S"], [["a"], ["b"]], label_columns=True)
    with pytest.raises(DataError):
        Table2D.of(["1-3"], ["S"], [["a"]])  # "S" is not a range key
    with pytest.raises(DataError, match="repeats a column label"):
        Table2D.of(["1"], ["S", "S"], [["a", "b"]], label_columns=True)
    t = Table2D.of(["1-3"], ["Short", "Long"], [["a", "b"]], label_columns=True, name="gun")
    with pytest.raises(UnknownNameError, match="did you mean 'Short'"):
        t.column_for("Shrt")
    with pytest.raises(OutOfTableError):
        t.cell(1, 0)
    with pytest.raises(OutOfTableError):
        t.cell(0, -1)
    strict = Table2D.of(["1-3"], ["1-4"], [["a"]], clamp=False)
    with pytest.raises(OutOfTableError, match="column"):
        strict.lookup(2, 5)
    with pytest.raises(OutOfTableError, match="row"):
        strict.lookup(4, 2)
    with pytest.raises(NavalwarError):
        strict.column_for("S")


# -- exact distributions -----------------------------------------------------------------------


def test_roll_distributions() -> None:
    d6 = roll_distribution(6)
    assert d6 == {i: Fraction(1, 6) for i in range(1, 7)}
    assert roll_distribution(10, 2) == {i + 2: Fraction(1, 10) for i in range(1, 11)}
    assert sorted(roll_distribution(10, zero_is_ten=False)) == list(range(10))
    assert sorted(roll_distribution(6, zero_is_ten=False)) == list(range(1, 7))
    two = nd_distribution(2, 6)
    assert two[7] == Fraction(1, 6)
    assert two[2] == two[12] == Fraction(1, 36)
    assert nd_distribution(2, 6, -2)[0] == Fraction(1, 36)
    with pytest.raises(NavalwarError):
        roll_distribution(0)
    with pytest.raises(NavalwarError):
        nd_distribution(0, 6)


@given(st.integers(1, 4), st.sampled_from([2, 6, 10, 20]), st.integers(-10, 10))
def test_distributions_sum_to_exactly_one(n: int, sides: int, modifiers: int) -> None:
    dist = nd_distribution(n, sides, modifiers)
    assert sum(dist.values()) == 1
    assert min(dist) == n + modifiers
    assert max(dist) == n * sides + modifiers
    single = roll_distribution(sides, modifiers)
    assert sum(single.values()) == 1
    assert single == nd_distribution(1, sides, modifiers)


@given(monotone_tables(), st.sampled_from([6, 10]), st.integers(-6, 6), st.integers(-2, 2))
def test_lookup_distribution_sums_to_one(
    t: Table1D[int], sides: int, modifier: int, row_shift: int
) -> None:
    dist = lookup_distribution(t, sides, modifier, row_shift=row_shift)
    assert sum(dist.values()) == 1
    assert all(p > 0 for p in dist.values())
    assert set(dist) <= set(t.results)


def test_lookup_distribution_2d_and_2d6() -> None:
    table = Table2D.of(
        ["1-5", "6-10"], ["S", "L"], [["miss", "miss"], ["hit", "miss"]], label_columns=True
    )
    assert lookup_distribution(table, 10, 0, "S") == {
        "miss": Fraction(1, 2),
        "hit": Fraction(1, 2),
    }
    assert lookup_distribution(table, 10, 0, "L") == {"miss": Fraction(1)}
    assert lookup_distribution(table, 10, 0, "L", column_shift=-1)["hit"] == Fraction(1, 2)
    assert lookup_distribution(table, 10, 3, "S")["hit"] == Fraction(8, 10)
    # GWaS 2d6: "If the total is 11 or more, the ship suffers a mine strike".
    mines: Table1D[bool] = Table1D.of({"10 or less": False, "11+": True})
    assert lookup_distribution(mines, 6, dice=2)[True] == Fraction(3, 36)
    with pytest.raises(NavalwarError, match="give a column"):
        lookup_distribution(table, 10)
    with pytest.raises(NavalwarError, match="1-D"):
        lookup_distribution(mines, 6, column="S")


@settings(max_examples=8, deadline=None)
@given(
    monotone_tables(),
    st.sampled_from([6, 10]),
    st.integers(-3, 3),
    st.integers(0, 2**32),
)
def test_lookup_distribution_agrees_with_seeded_sampling(
    t: Table1D[int], sides: int, modifier: int, seed: int
) -> None:
    exact = lookup_distribution(t, sides, modifier)
    dice = Dice(seed)
    draws = 20_000
    seen = Counter(t.lookup(dice.roll(sides) + modifier) for _ in range(draws))
    assert set(seen) <= set(exact)
    for result, p in exact.items():
        # The standard error is at most 0.0036; 0.02 is more than five of them.
        assert abs(seen[result] / draws - float(p)) < 0.02


def test_2d6_distribution_agrees_with_seeded_sampling() -> None:
    exact = nd_distribution(2, 6)
    dice = Dice(2024)
    draws = 20_000
    seen = Counter(sum(dice.nd(2, 6)) for _ in range(draws))
    for total, p in exact.items():
        assert abs(seen[total] / draws - float(p)) < 0.015
