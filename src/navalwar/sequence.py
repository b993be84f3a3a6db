"""Sequences of play declared as data, chit cups and card decks.

A game declares its turn as a tree of :class:`Step` values (stage -> phase ->
segment -> step/impulse) so that the code reads like the rulebook's sequence of
play. Step ids need only be unique among siblings: a step is named by the
dot-joined ids from the root (``"activity.move4.chit_draw"``), so one Movement
Phase template can appear six times. A bare id that occurs once in the whole
tree also names its step. :class:`navalwar.driver.Driver` binds to the steps what
they run, ask and apply, and plays them in this order.

:class:`ChitCup` and :class:`CardDeck` are immutable random draws without
replacement; every draw goes through a :class:`~navalwar.dice.Dice`.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Literal

import attrs

from navalwar.dice import Dice
from navalwar.errors import DataError, NavalwarError, UnknownNameError

__all__ = ["CardDeck", "ChitCup", "EmptyDrawError", "SequenceOfPlay", "Step", "StepKind"]

StepKind = Literal["stage", "phase", "segment", "step", "impulse"]
_KINDS: frozenset[str] = frozenset(("stage", "phase", "segment", "step", "impulse"))


class EmptyDrawError(NavalwarError):
    """A draw from an empty cup or deck."""


# -- sequence of play ---------------------------------------------------------------


@attrs.frozen(slots=True)
class Step:
    """One stage, phase, segment, step or impulse of a sequence of play.

    Attributes:
        id: a short id, unique among its siblings, without dots ("chit_draw").
        name: the rulebook's name ("Action Chit Draw Segment").
        rule: the rule section ("TE 3.1 G").
        kind: what level of the sequence it is.
        children: its sub-steps in order; a step without children is a leaf.
    """

    id: str
    name: str
    rule: str
    kind: StepKind
    children: tuple[Step, ...] = ()

    def __attrs_post_init__(self) -> None:
        if not self.id or "." in self.id:
            raise DataError(f"step id {self.id!r} must be non-empty and contain no '.'")
        if self.kind not in _KINDS:
            raise DataError(f"step {self.id!r} has kind {self.kind!r}; use one of {sorted(_KINDS)}")
        ids = [c.id for c in self.children]
        if len(set(ids)) != len(ids):
            raise DataError(f"step {self.id!r} repeats a child id: {ids}")

    def renamed(self, id: str, name: str, rule: str | None = None) -> Step:
        """The same step (and children) under another id and name ("Second Movement Phase")."""
        return Step(id, name, self.rule if rule is None else rule, self.kind, self.children)


@attrs.frozen(slots=True)
class SequenceOfPlay:
    """A game turn's sequence of play: root steps with their sub-steps.

    Steps are named by their dotted path from the root (``"activity.move1"``),
    or by a bare id that occurs only once in the tree.

    Attributes:
        steps: the root steps, in order.
        name: what the sequence is, for messages ("Tokyo Express basic turn").
    """

    steps: tuple[Step, ...]
    name: str = "sequence of play"
    _paths: dict[str, tuple[Step, ...]] = attrs.field(init=False, repr=False, eq=False)
    _bare: dict[str, str | None] = attrs.field(init=False, repr=False, eq=False)
    _leaves: tuple[str, ...] = attrs.field(init=False, repr=False, eq=False)
    _span: dict[str, tuple[int, int]] = attrs.field(init=False, repr=False, eq=False)

    def __attrs_post_init__(self) -> None:
        if not self.steps:
            raise DataError(f"{self.name} has no steps")
        ids = [s.id for s in self.steps]
        if len(set(ids)) != len(ids):
            raise DataError(f"{self.name} repeats a root step id: {ids}")
        paths: dict[str, tuple[Step, ...]] = {}
        bare: dict[str, str | None] = {}
        leaves: list[str] = []
        span: dict[str, tuple[int, int]] = {}

        def walk(step: Step, prefix: str, ancestors: tuple[Step, ...]) -> None:
            key = f"{prefix}{step.id}"
            chain = (*ancestors, step)
            paths[key] = chain
            start = len(leaves)
            bare[step.id] = key if step.id not in bare else None
            if not step.children:
                leaves.append(key)
            for child in step.children:
                walk(child, f"{key}.", chain)
            span[key] = (start, len(leaves))

        for root in self.steps:
            walk(root, "", ())
        object.__setattr__(self, "_paths", paths)
        object.__setattr__(self, "_bare", bare)
        object.__setattr__(self, "_leaves", tuple(leaves))
        object.__setattr__(self, "_span", span)

    def key(self, step_id: str) -> str:
        """The dotted key of a step named by key or by unique bare id.

        Raises:
            UnknownNameError: no such step.
            NavalwarError: a bare id that occurs more than once.
        """
        if step_id in self._paths:
            return step_id
        found = self._bare.get(step_id, "")
        if found:
            return found
        if found is None:
            places = sorted(k for k in self._paths if k.rsplit(".", 1)[-1] == step_id)
            raise NavalwarError(
                f"step id {step_id!r} occurs {len(places)} times in {self.name}; "
                f"name one of {places}"
            )
        raise UnknownNameError("step", step_id, self._paths)

    def step(self, step_id: str) -> Step:
        """The step named ``step_id``."""
        return self._paths[self.key(step_id)][-1]

    def __contains__(self, step_id: object) -> bool:
        return isinstance(step_id, str) and (
            step_id in self._paths or bool(self._bare.get(step_id))
        )

    def flatten(self) -> tuple[str, ...]:
        """The dotted keys of the leaf steps, in order of play."""
        return self._leaves

    def path(self, step_id: str) -> tuple[Step, ...]:
        """The step's ancestors from the root, ending with the step itself."""
        return self._paths[self.key(step_id)]

    def describe(self, step_id: str, turn: int | None = None) -> str:
        """A readable position: "Turn 2, Activity Stage, Fourth Movement Phase, ..."."""
        names = [s.name for s in self.path(step_id)]
        if turn is not None:
            names.insert(0, f"Turn {turn}")
        return ", ".join(names)

    def keys(self) -> tuple[str, ...]:
        """The dotted key of every step, each before its sub-steps."""
        return tuple(self._paths)

    def last_leaf(self, step_id: str) -> str:
        """The last leaf inside ``step_id`` (the step itself for a leaf)."""
        return self._leaves[self._span[self.key(step_id)][1] - 1]

    def is_leaf(self, step_id: str) -> bool:
        """Whether the step has no sub-steps."""
        return not self.step(step_id).children

    def first_leaf(self, step_id: str | None = None) -> str:
        """The first leaf of the turn, or the first leaf inside ``step_id`` (entering it).

        Raises:
            UnknownNameError: no such step.
        """
        if step_id is None:
            return self._leaves[0]
        return self._leaves[self._span[self.key(step_id)][0]]

    def next_leaf(self, step_id: str) -> str | None:
        """The leaf played after ``step_id``, or ``None`` at the end of the turn.

        For a composite step this is the first leaf after its whole subtree, so
        a skipped stage or phase is stepped over (TE 4.1 A).
        """
        i = self._span[self.key(step_id)][1]
        return self._leaves[i] if i < len(self._leaves) else None


# -- chit cups -------------------------------------------------------------------------


@attrs.frozen(slots=True)
class ChitCup:
    """An opaque cup of chits drawn without replacement (TE 3.1, 4.2).

    Attributes:
        contents: the chits in the cup; repeats are allowed (15 blank chits).
        drawn: the chits drawn and set aside, in draw order.
    """

    contents: tuple[str, ...] = ()
    drawn: tuple[str, ...] = ()

    def __len__(self) -> int:
        return len(self.contents)

    def refill(self, chits: Iterable[str] | None = None) -> ChitCup:
        """A cup holding exactly ``chits``, nothing set aside (the Action Chit Phase).

        With no ``chits``, the set-aside chits go back into the cup.
        """
        if chits is None:
            return ChitCup(self.contents + self.drawn)
        return ChitCup(tuple(chits))

    def add(self, chits: Iterable[str]) -> ChitCup:
        """The cup with more chits put in (TE 18.0 Change to Mission chits)."""
        return ChitCup(self.contents + tuple(chits), self.drawn)

    def draw(self, dice: Dice, purpose: str = "", rule: str = "") -> tuple[str, ChitCup]:
        """Draw one chit at random and set it aside.

        The last chit in the cup is taken without rolling.

        Raises:
            EmptyDrawError: the cup is empty.
        """
        n = len(self.contents)
        if n == 0:
            raise EmptyDrawError(
                f"the cup is empty: cannot draw {purpose or 'a chit'}"
                + (f" ({rule})" if rule else "")
                + f"; {len(self.drawn)} chits are set aside until the cup is refilled"
            )
        i = dice.choose(range(n), purpose, rule)
        chit = self.contents[i]
        return chit, ChitCup(self.contents[:i] + self.contents[i + 1 :], (*self.drawn, chit))

    def draw_many(
        self, dice: Dice, n: int, purpose: str = "", rule: str = ""
    ) -> tuple[tuple[str, ...], ChitCup]:
        """Draw ``n`` chits one after another (TE 4.2: three per Movement Phase)."""
        cup = self
        chits: list[str] = []
        for _ in range(n):
            chit, cup = cup.draw(dice, purpose, rule)
            chits.append(chit)
        return tuple(chits), cup


# -- card decks --------------------------------------------------------------------------


@attrs.frozen(slots=True)
class CardDeck:
    """A deck of numbered cards with an optional reshuffle card (TE 3.7 Gunnery Cards).

    A drawn card goes straight onto the discard pile: the caller reads it and
    the deck has already moved on.

    Attributes:
        order: the draw pile, top card first.
        discards: cards drawn since the last reshuffle, in draw order.
        reshuffle_card: the number of the "Reshuffle Cards" card, if any.
    """

    order: tuple[int, ...]
    discards: tuple[int, ...] = ()
    reshuffle_card: int | None = None

    def __attrs_post_init__(self) -> None:
        if self.reshuffle_card is not None and self.reshuffle_card in self.discards:
            raise DataError(f"reshuffle card {self.reshuffle_card} cannot be in the discards")

    @classmethod
    def shuffled(
        cls,
        cards: Iterable[int],
        dice: Dice,
        reshuffle_card: int | None = None,
        purpose: str = "",
        rule: str = "",
    ) -> CardDeck:
        """A freshly shuffled deck of ``cards`` (which include the reshuffle card, if any).

        Raises:
            DataError: repeated card numbers, a reshuffle card not in the deck, or
                no card other than the reshuffle card.
        """
        deck = tuple(cards)
        if len(set(deck)) != len(deck):
            raise DataError(f"a card deck repeats a card number: {sorted(deck)}")
        if reshuffle_card is not None and reshuffle_card not in deck:
            raise DataError(f"reshuffle card {reshuffle_card} is not in the deck {sorted(deck)}")
        if len(deck) - (reshuffle_card is not None) < 1:
            raise DataError("a card deck needs at least one card besides the reshuffle card")
        return cls(dice.shuffled(deck, purpose, rule), (), reshuffle_card)

    @property
    def cards(self) -> tuple[int, ...]:
        """Every card of the deck: the pile, then the discards."""
        return self.order + self.discards

    def __len__(self) -> int:
        return len(self.order)

    def draw(self, dice: Dice, purpose: str = "", rule: str = "") -> tuple[int, CardDeck]:
        """Turn over the top card; it goes onto the discard pile.

        If it is the reshuffle card, the entire deck (pile, discards and the
        reshuffle card) is reshuffled at once and the top card turned up again,
        until a card other than the reshuffle card comes up (TE 3.7). If the pile
        is empty (a deck without a reshuffle card, or one whose pile ran out), the
        discards are shuffled to form a new pile first.

        Raises:
            EmptyDrawError: the deck has no cards other than the reshuffle card.
        """
        order, discards = self.order, self.discards
        reshuffle = self.reshuffle_card
        while True:
            if not order:
                if not discards:
                    raise EmptyDrawError(
                        f"the deck is empty: cannot draw {purpose or 'a card'}"
                        + (f" ({rule})" if rule else "")
                    )
                order, discards = dice.shuffled(discards, purpose, rule), ()
            top = order[0]
            if top == reshuffle:
                if len(order) == 1 and not discards:
                    raise EmptyDrawError("the deck holds only its reshuffle card")
                order, discards = dice.shuffled((*order[1:], *discards, top), purpose, rule), ()
                continue
            return top, CardDeck(order[1:], (*discards, top), reshuffle)
