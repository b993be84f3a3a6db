"""Tests for navalwar.sequence: sequences of play, chit cups and card decks."""

from __future__ import annotations

from collections import Counter
from itertools import pairwise

import pytest
from hypothesis import given
from hypothesis import strategies as st

from navalwar.dice import Dice, ScriptedDice
from navalwar.errors import DataError, NavalwarError, UnknownNameError
from navalwar.sequence import CardDeck, ChitCup, EmptyDrawError, SequenceOfPlay, Step

# -- the Tokyo Express basic turn (TE 3.1), declared as data -----------------------------------

MOVEMENT = Step(
    "move1",
    "First Movement Phase",
    "TE 3.1 G",
    "phase",
    (
        Step("us_move", "US Movement Segment", "TE 3.1 G", "segment"),
        Step("jp_move", "Japanese Movement Segment", "TE 3.1 G", "segment"),
        Step("chit_draw", "Action Chit Draw Segment", "TE 3.1 G", "segment"),
    ),
)
ORDINALS = ["First", "Second", "Third", "Fourth", "Fifth", "Sixth"]
LETTERS = "GHIKLM"


def movement(n: int) -> Step:
    return MOVEMENT.renamed(
        f"move{n}", f"{ORDINALS[n - 1]} Movement Phase", f"TE 3.1 {LETTERS[n - 1]}"
    )


def te_basic_turn() -> SequenceOfPlay:
    def phase(id_: str, name: str, letter: str) -> Step:
        return Step(id_, name, f"TE 3.1 {letter}", "phase")

    return SequenceOfPlay(
        (
            Step(
                "preparation",
                "Preparation Stage",
                "TE 3.1",
                "stage",
                (
                    phase("action_chits", "Action Chit Phase", "A"),
                    phase("us_formation", "US Formation Phase", "B"),
                    phase("us_orders", "US Movement Orders Phase", "C"),
                    phase("us_foa", "US Freedom of Action Phase", "D"),
                    phase("jp_formation", "Japanese Formation Phase", "E"),
                    phase("jp_orders1", "First Japanese Movement Orders Phase", "F"),
                ),
            ),
            Step(
                "activity",
                "Activity Stage",
                "TE 3.1",
                "stage",
                (
                    movement(1),
                    movement(2),
                    movement(3),
                    phase("jp_orders2", "Second Japanese Movement Orders Phase", "J"),
                    movement(4),
                    movement(5),
                    movement(6),
                ),
            ),
            Step(
                "terminal",
                "Terminal Stage",
                "TE 3.1",
                "stage",
                (
                    phase("damage_effects", "Damage Effects Phase", "N"),
                    phase("counter_adjustment", "Counter Adjustment Phase", "O"),
                    phase("end_of_turn", "End of Turn Phase", "P"),
                ),
            ),
        ),
        name="Tokyo Express basic turn",
    )


def test_te_3_1_sequence_flattens_in_order() -> None:
    seq = te_basic_turn()
    leaves = seq.flatten()
    assert len(leaves) == 6 + 6 * 3 + 1 + 3
    assert leaves[:2] == ("preparation.action_chits", "preparation.us_formation")
    assert leaves[6:9] == (
        "activity.move1.us_move",
        "activity.move1.jp_move",
        "activity.move1.chit_draw",
    )
    assert leaves[15] == "activity.jp_orders2"
    assert leaves[-1] == "terminal.end_of_turn"
    assert sum(leaf.endswith(".chit_draw") for leaf in leaves) == 6


def test_te_3_1_path_names_the_position() -> None:
    seq = te_basic_turn()
    key = "activity.move4.chit_draw"
    assert [s.kind for s in seq.path(key)] == ["stage", "phase", "segment"]
    assert seq.describe(key, turn=2) == (
        "Turn 2, Activity Stage, Fourth Movement Phase, Action Chit Draw Segment"
    )
    assert seq.step("activity.move4").rule == "TE 3.1 K"
    assert seq.describe("damage_effects") == "Terminal Stage, Damage Effects Phase"


def test_next_leaf_and_first_leaf() -> None:
    seq = te_basic_turn()
    leaves = seq.flatten()
    for a, b in pairwise(leaves):
        assert seq.next_leaf(a) == b
    assert seq.next_leaf(leaves[-1]) is None
    # A composite step is stepped over as a whole (a skipped stage or phase, TE 4.1 A).
    assert seq.next_leaf("activity.move3") == "activity.jp_orders2"
    assert seq.next_leaf("preparation") == "activity.move1.us_move"
    assert seq.next_leaf("terminal") is None
    assert seq.first_leaf() == "preparation.action_chits"
    assert seq.first_leaf("activity") == "activity.move1.us_move"
    assert seq.first_leaf("activity.move5") == "activity.move5.us_move"
    assert seq.first_leaf("end_of_turn") == "terminal.end_of_turn"
    assert seq.is_leaf("end_of_turn")
    assert not seq.is_leaf("activity")


def test_step_ids_unknown_and_ambiguous() -> None:
    seq = te_basic_turn()
    with pytest.raises(UnknownNameError, match="did you mean"):
        seq.path("activity.move4.chit_drow")
    with pytest.raises(UnknownNameError):
        seq.next_leaf("nonsense")
    with pytest.raises(NavalwarError, match="occurs 6 times"):
        seq.path("chit_draw")
    assert "activity.move2" in seq
    assert "us_foa" in seq
    assert "chit_draw" not in seq
    assert "nonsense" not in seq
    assert seq.key("move2") == "activity.move2"


def test_sequence_validation() -> None:
    with pytest.raises(DataError, match=r"no '\.'"):
        Step("a.b", "A", "", "phase")
    with pytest.raises(DataError, match="kind"):
        Step("a", "A", "", "turn")  # type: ignore[arg-type]
    leaf = Step("x", "X", "", "segment")
    with pytest.raises(DataError, match="repeats a child id"):
        Step("a", "A", "", "phase", (leaf, leaf))
    with pytest.raises(DataError, match="repeats a root step id"):
        SequenceOfPlay((leaf, leaf))
    with pytest.raises(DataError):
        SequenceOfPlay(())


# -- chit cups (TE 3.1, 4.2) -------------------------------------------------------------------

BASIC_CHITS = ("Combat", "blank", "blank", "blank", "blank", "blank")


@pytest.mark.parametrize("seed", range(20))
def test_te_3_1_six_chits_one_per_movement_phase(seed: int) -> None:
    """TE 3.1: Combat + 5 blanks; one drawn per Movement Phase; all drawn by the sixth."""
    seq = te_basic_turn()
    dice = Dice(seed)
    cup = ChitCup().refill(BASIC_CHITS)
    combat_phases = []
    for leaf in seq.flatten():
        if leaf.endswith(".chit_draw"):
            chit, cup = cup.draw(dice, "Action Chit", "TE 3.1")
            if chit == "Combat":
                combat_phases.append(leaf)
    assert len(combat_phases) == 1
    assert len(cup) == 0
    assert Counter(cup.drawn) == Counter(BASIC_CHITS)
    with pytest.raises(EmptyDrawError, match="6 chits are set aside"):
        cup.draw(dice, "Action Chit", "TE 3.1")
    # Not returned until the Action Chit Phase of the next turn.
    assert Counter(cup.refill().contents) == Counter(BASIC_CHITS)
    assert cup.refill().drawn == ()


def test_chit_draw_with_scripted_dice() -> None:
    cup = ChitCup(("US Detection", "Japanese Detection", "Combat"))
    chit, cup = cup.draw(ScriptedDice([3]), "Action Chit", "TE 4.2")
    assert chit == "Combat"
    assert cup.contents == ("US Detection", "Japanese Detection")
    assert cup.drawn == ("Combat",)
    # The last chit is taken without a roll.
    chits, cup = cup.draw_many(ScriptedDice([1]), 2)
    assert chits == ("US Detection", "Japanese Detection")
    assert len(cup) == 0


def test_te_4_2_eighteen_chits_three_per_phase() -> None:
    chits = ["US Detection", "Japanese Detection", "Combat", *["blank"] * 15]
    cup = ChitCup().refill(chits)
    dice = Dice(7)
    for _ in range(6):
        _, cup = cup.draw_many(dice, 3)
    assert len(cup) == 0
    assert Counter(cup.drawn) == Counter(chits)
    cup = cup.add(["Change to Mission"])
    assert cup.contents == ("Change to Mission",)


@given(
    st.lists(st.sampled_from(["Combat", "blank", "US Det", "J Det", "CtM"]), max_size=20),
    st.integers(0, 2**32),
)
def test_cup_draws_every_chit_exactly_once_before_refill(chits: list[str], seed: int) -> None:
    dice = Dice(seed)
    cup = ChitCup(tuple(chits))
    drawn = []
    while len(cup):
        chit, nxt = cup.draw(dice)
        assert len(nxt) == len(cup) - 1
        drawn.append(chit)
        cup = nxt
    assert Counter(drawn) == Counter(chits)
    assert cup.drawn == tuple(drawn)


# -- card decks (TE 3.7) -----------------------------------------------------------------------


def test_te_3_7_reshuffle_card_reshuffles_entire_deck() -> None:
    # ScriptedDice keeps a shuffle's input order: the pile, then the discards, then the
    # reshuffle card.
    deck = CardDeck((3, 30, 1, 2), reshuffle_card=30)
    card, deck = deck.draw(ScriptedDice([]))
    assert card == 3
    assert deck.order == (30, 1, 2) and deck.discards == (3,)
    card, deck = deck.draw(ScriptedDice([]))
    assert card == 1
    assert deck.order == (2, 3, 30)
    assert deck.discards == (1,)
    assert sorted(deck.cards) == [1, 2, 3, 30]


def test_card_deck_without_reshuffle_card_reshuffles_discards_when_empty() -> None:
    deck = CardDeck((1, 2))
    a, deck = deck.draw(Dice(1))
    b, deck = deck.draw(Dice(1))
    assert (a, b) == (1, 2)
    assert deck.order == ()
    c, deck = deck.draw(Dice(3))
    assert c in (1, 2)
    assert len(deck.order) == 1 and deck.discards == (c,)


def test_card_deck_errors() -> None:
    with pytest.raises(EmptyDrawError):
        CardDeck(()).draw(Dice(0))
    with pytest.raises(EmptyDrawError):
        CardDeck((30,), reshuffle_card=30).draw(Dice(0))
    with pytest.raises(DataError, match="repeats"):
        CardDeck.shuffled([1, 1, 2], Dice(0))
    with pytest.raises(DataError, match="not in the deck"):
        CardDeck.shuffled([1, 2], Dice(0), reshuffle_card=30)
    with pytest.raises(DataError, match="besides the reshuffle card"):
        CardDeck.shuffled([30], Dice(0), reshuffle_card=30)
    with pytest.raises(DataError):
        CardDeck((1,), (30,), reshuffle_card=30)


@given(st.integers(1, 30), st.integers(0, 2**32))
def test_deck_draws_are_a_permutation(n: int, seed: int) -> None:
    dice = Dice(seed)
    deck = CardDeck.shuffled(range(1, n + 1), dice, purpose="CL deck", rule="TE 3.7")
    drawn = []
    for _ in range(n):
        card, deck = deck.draw(dice)
        drawn.append(card)
    assert sorted(drawn) == list(range(1, n + 1))


@given(st.integers(2, 30), st.integers(1, 80), st.integers(0, 2**32))
def test_reshuffle_card_is_never_returned(n: int, draws: int, seed: int) -> None:
    dice = Dice(seed)
    reshuffle = n
    deck = CardDeck.shuffled(range(1, n + 1), dice, reshuffle_card=reshuffle)
    since_reshuffle: list[int] = []
    for _ in range(draws):
        card, nxt = deck.draw(dice, "gunnery", "TE 3.7")
        assert card != reshuffle
        if nxt.discards == (card,):  # a reshuffle happened (or the first draw)
            since_reshuffle = []
        since_reshuffle.append(card)
        assert len(set(since_reshuffle)) == len(since_reshuffle)
        assert nxt.discards == tuple(since_reshuffle)
        assert sorted(nxt.cards) == list(range(1, n + 1))
        assert reshuffle in nxt.order
        deck = nxt
