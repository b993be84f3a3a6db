"""Seeded and scripted dice (DESIGN "Dice"; TE 2.1, 2.3, 19.0)."""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from navalwar.context import Context
from navalwar.dice import Dice, Roll, ScriptedDice
from navalwar.errors import DiceError


@given(st.integers(min_value=0, max_value=2**63), st.integers(min_value=0, max_value=500))
def test_same_seed_and_position_give_the_same_rolls(seed: int, skip: int) -> None:
    a, b = Dice(seed), Dice(seed)
    for _ in range(skip):
        a.d10()
    b.index = skip
    assert [a.d10() for _ in range(20)] == [b.d10() for _ in range(20)]


def test_d10_reads_zero_as_ten_and_other_dice_stay_in_range() -> None:
    d = Dice(1)
    assert set(d.d10() for _ in range(2000)) == set(range(1, 11))
    assert set(d.d10_zero() for _ in range(2000)) == set(range(10))
    assert set(d.d6() for _ in range(2000)) == set(range(1, 7))
    assert {d.percentile() for _ in range(20000)} == set(range(1, 101))


def test_dice_are_roughly_uniform() -> None:
    d = Dice(7)
    counts = Counter(d.d10() for _ in range(50_000))
    assert all(4500 < c < 5500 for c in counts.values())


SEEDS = (0, 1, 2, 511, 512, 513, 1024, 2**32, 2**32 + 1, 2**63, 2**64, 2**64 + 1, 2**100)


def test_different_seeds_differ() -> None:
    """Each seed reads its own stream, from the first draw on and further along: seeds
    next to each other, apart by the stream cache's size, or differing only above 32
    or 64 bits (a truncated seed) never give the same rolls."""
    heads: set[tuple[int, ...]] = set()
    tails: set[tuple[int, ...]] = set()
    for seed in SEEDS:
        d = Dice(seed)
        rolls = [d.roll(1000) for _ in range(1200)]  # past the first block of words
        heads.add(tuple(rolls[:10]))
        tails.add(tuple(rolls[-10:]))
    assert len(heads) == len(tails) == len(SEEDS)


def test_rolls_are_reported_with_purpose_and_rule() -> None:
    seen: list[Roll] = []
    d = Dice(3, sink=seen.append)
    v = d.d10("torpedo attack", "TE 3.6")
    assert seen == [Roll("d10", v, "torpedo attack", "TE 3.6")]


def test_choose_and_shuffle() -> None:
    d = Dice(5)
    options = ["a", "b", "c"]
    assert Counter(d.choose(options) for _ in range(3000)).keys() == set(options)
    deck = list(range(30))
    assert sorted(d.shuffled(deck)) == deck
    with pytest.raises(DiceError):
        d.choose([])


def test_scripted_dice_give_their_values_then_fail_clearly() -> None:
    d = ScriptedDice([6, 2, 10])
    assert [d.d10(), d.d10(), d.d10()] == [6, 2, 10]
    with pytest.raises(DiceError, match="ran out after 3 rolls"):
        d.d10("the next roll", "TE 3.6")


def test_scripted_dice_refuse_impossible_rolls() -> None:
    with pytest.raises(DiceError, match=r"gives 1\.\.6"):
        ScriptedDice([7]).d6()
    with pytest.raises(DiceError, match=r"gives 1\.\.3"):
        ScriptedDice([4]).choose(["a", "b", "c"])
    assert ScriptedDice([2]).choose(["a", "b", "c"]) == "b"  # TE 2.3: "roll 6 -> second"


def test_scripted_dice_fall_back_to_a_seed() -> None:
    d = ScriptedDice([3], fallback_seed=9)
    assert d.d10() == 3
    assert 1 <= d.d10() <= 10


def test_bad_seed_is_refused() -> None:
    with pytest.raises(DiceError):
        Dice(-1)


def test_shuffle_and_unlogged_draws_read_the_stream_as_logged_ones_do() -> None:
    """The quick paths (a shuffle's words in one go, a draw with no sink naming no die)
    give the same values and advance the same way as the draws one by one."""
    quick, slow = Dice(11), Dice(11)
    logged: list[Roll] = []
    slow.sink = logged.append
    for n in (0, 1, 2, 7, 52):
        assert quick.shuffled(range(n)) == slow.shuffled(range(n))
        assert quick.index == slow.index
    for _ in range(50):
        assert quick.roll(6) == slow.roll(6)
        assert quick.choose("abcdefg") == slow.choose("abcdefg")
    assert quick.index == slow.index
    assert [r.die for r in logged[-2:]] == ["d6", "choice7"]


class _Counting(Dice):
    """Dice of an interpreted module whose every draw is the next of 0, 1, 2, ..."""

    def __init__(self) -> None:
        super().__init__(0)
        self.drawn = 0

    def _uniform(self, n: int) -> int:
        self.drawn += 1
        return (self.drawn - 1) % n


class _Scripted(ScriptedDice):
    def d6(self, purpose: str = "", rule: str = "") -> int:
        return 7 - super().d6(purpose, rule)


def test_interpreted_classes_may_subclass_the_dice() -> None:
    """On the compiled build Dice is a native class: an interpreted subclass (as
    navalwar.odds.EnumeratingDice) can be made, and the compiled draws and the compiled
    Context use its overrides, as on the sources (``make test-compiled`` runs this)."""
    d = _Counting()
    assert (d.d6(), d.roll(6), d.d10(), d.choose("abc"), d.nd(2, 6)) == (1, 2, 3, "a", (5, 6))
    assert d.shuffled("abcd") == ("d", "a", "b", "c")  # j = 2, 1, 0: by _uniform, not the stream
    ctx = Context(d, record=False)
    assert ctx.dice is d and ctx.dice.d6() == 4
    s = _Scripted([2, 5])
    assert (s.d6(), s.d6(), s.remaining) == (5, 2, ())
    with pytest.raises(DiceError, match="a d6 for the test"):  # a die, not a bare draw
        ScriptedDice([9]).roll(6, "the test")
