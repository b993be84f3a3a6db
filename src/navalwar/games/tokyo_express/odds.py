"""Exact odds of a Tokyo Express gunnery or torpedo attack (TE 3.6, 3.7, 3.8).

* Gunnery (TE 3.7): the attacker draws the top card of its Gunnery Card deck
  and reads the cell for its gunnery value, the target type and the range, with
  the row shifts. The order of a deck is hidden from both sides (the game's
  ``observe``), so every order of the draw pile is equally likely: the card
  drawn is uniform over the pile, and the Reshuffle Cards card, when it comes
  up, makes it uniform over every card but itself (:func:`draw_distribution`).
  For each card, :func:`~.combat.resolve_gunnery` itself resolves the attack
  with that card on top.
* Torpedoes (TE 3.6): every salvo fired at one target is added into one
  attack and one d10 is rolled on the Torpedo Combat Table;
  :func:`~.combat.resolve_torpedo_attack` itself is run on
  :class:`~navalwar.odds.EnumeratingDice` over every face.

The result on the target is a :class:`TEResult`: the boxes crossed off (TE 3.8),
the Damage Level reached, whether it is sinking, and the stern-arc loss of
Speed.

Readings:

* Gunnery: the attack alone, on the target as it stands: other attacks planned
  this step that land first are not included; the cards they draw first from
  the same deck are (a split-fire choice's attacks draw in turn).
* A US torpedo choice joins the salvos already planned at the same target this
  step: the rules add them into one attack (TE 3.6), so its odds are those of
  the combined attack.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from fractions import Fraction
from typing import Any

import attrs

from navalwar.actions import Action
from navalwar.dice import Dice
from navalwar.engine import Context
from navalwar.errors import NavalwarError
from navalwar.games.tokyo_express.actions import GunneryAttack, TorpedoAttack
from navalwar.games.tokyo_express.allocation import gunnery_attacks
from navalwar.games.tokyo_express.combat import resolve_gunnery, resolve_torpedo_attack
from navalwar.games.tokyo_express.data import TEData
from navalwar.games.tokyo_express.model import READY, Attack, Combat, State
from navalwar.odds import ZERO, Odds, enumerate_dice
from navalwar.sequence import CardDeck, EmptyDrawError

__all__ = [
    "DeckView",
    "TEResult",
    "attacks",
    "draw_distribution",
    "gunnery_odds",
    "torpedo_odds",
]

ATTACK_ALONE = (
    "the attack alone, on the target as it stands: attacks planned earlier this step are "
    "not included, only the cards they draw first from the same deck"
)
COMBINED = "TE 3.6: the salvos already planned at this target this step join the attack"


@attrs.frozen(slots=True)
class TEResult:
    """The target after the attack (TE 3.6-3.8).

    Attributes:
        target: the target ship.
        damage: boxes crossed off by this attack (Damage Points taken, TE 3.8).
        hits: boxes crossed off in all afterwards.
        level: the Damage Level reached (in effect from the end of the Combat Segment).
        sinking: the last box is crossed off: the ship is sinking (TE 3.8).
        speed_loss: a torpedo hit from the stern arc: -1 maximum Speed (TE 3.6).
        cancelled: a Japanese torpedo attack read ``N``: cancelled, salvos not spent.
    """

    target: str
    damage: int = 0
    hits: int = 0
    level: int = 0
    sinking: bool = False
    speed_loss: bool = False
    cancelled: bool = False

    @property
    def sunk(self) -> bool:
        """Sinking (it is removed in the Damage Effects Phase, TE 3.8)."""
        return self.sinking


# -- the deck as the players know it --------------------------------------------------------


@attrs.frozen(slots=True)
class DeckView:
    """What anyone knows of a Gunnery Card deck: which cards are in the draw pile
    (in an unknown order) and which are discarded (TE 3.7)."""

    pile: frozenset[int]
    discards: frozenset[int]
    reshuffle: int | None

    @classmethod
    def of(cls, deck: CardDeck) -> DeckView:
        """The view of a deck."""
        return cls(frozenset(deck.order), frozenset(deck.discards), deck.reshuffle_card)

    def draws(self) -> list[tuple[int, Fraction, DeckView]]:
        """Each card the next draw can turn up, its chance and the deck afterwards.

        As :meth:`~navalwar.sequence.CardDeck.draw`: an empty pile is made of the
        discards, shuffled; the top card is uniform over the pile; the Reshuffle
        Cards card reshuffles the whole deck until another card comes up, so that
        card is uniform over every card but the reshuffle card (TE 3.7).

        Raises:
            EmptyDrawError: the deck holds no card to draw.
        """
        pile, discards, r = self.pile, self.discards, self.reshuffle
        if not pile:
            if not discards:
                raise EmptyDrawError("the deck is empty: cannot draw a Gunnery Card")
            pile, discards = discards, frozenset()
        n = len(pile)
        out = [
            (c, Fraction(1, n), DeckView(pile - {c}, discards | {c}, r))
            for c in sorted(pile)
            if c != r
        ]
        if r is not None and r in pile:
            if n == 1 and not discards:
                raise EmptyDrawError("the deck holds only its reshuffle card")
            everything = pile | discards
            others = sorted(everything - {r})
            p = Fraction(1, n * len(others))
            out += [(c, p, DeckView(everything - {c}, frozenset({c}), r)) for c in others]
        return out


def _after(views: dict[DeckView, Fraction]) -> dict[DeckView, Fraction]:
    out: dict[DeckView, Fraction] = {}
    for view, p in views.items():
        for _, q, nxt in view.draws():
            out[nxt] = out.get(nxt, ZERO) + p * q
    return out


def draw_distribution(deck: CardDeck, before: int = 0) -> dict[int, Fraction]:
    """The exact chance of each card being the one turned up after ``before`` other
    draws from the deck (TE 3.7), for a player who cannot see its order."""
    views = {DeckView.of(deck): Fraction(1)}
    for _ in range(before):
        views = _after(views)
    out: dict[int, Fraction] = {}
    for view, p in views.items():
        for card, q, _ in view.draws():
            out[card] = out.get(card, ZERO) + p * q
    return out


# -- odds -----------------------------------------------------------------------------------------


def _result(before: State, after: State, target: str, attacks: Iterable[Attack]) -> TEResult:
    was, now = before.ship(target), after.ship(target)
    cancelled = all(
        after.ship(a.attacker).salvos[i] == READY for a in attacks for i in a.salvos
    ) and any(a.salvos for a in attacks)
    return TEResult(
        target,
        now.hits - was.hits,
        now.hits,
        now.pending_level,
        now.sinking,
        now.stern_hits > was.stern_hits,
        cancelled,
    )


def _odds(
    kind: str,
    attacker: str,
    target: str,
    outcomes: dict[TEResult, Fraction],
    rule: str,
    readings: tuple[str, ...],
) -> Odds[TEResult]:
    hits: dict[int, Fraction] = {}
    for o, p in outcomes.items():
        hits[o.damage] = hits.get(o.damage, ZERO) + p
    sunk = sum((p for o, p in outcomes.items() if o.sinking), ZERO)
    return Odds(
        "tokyo_express",
        kind,
        attacker,
        target,
        hits,
        outcomes,
        sunk,
        "Damage Point",
        rule,
        readings,
    )


def gunnery_odds(
    state: State, data: TEData, attack: Attack, before: Sequence[Attack] = ()
) -> Odds[TEResult]:
    """The exact odds of one gunnery attack (TE 3.7 "Resolving Gunnery Combat").

    Args:
        state: the game state.
        data: the data pack.
        attack: the attack (attacker, target, battery, value, split fire).
        before: attacks resolved before it this step; those drawing from the same
            deck draw first.
    """
    deck_name = data.ship(attack.attacker).caliber
    deck = state.deck(deck_name)
    earlier = sum(1 for a in before if data.ship(a.attacker).caliber == deck_name)
    below = str(state.option("below_lowest_row"))
    outcomes: dict[TEResult, Fraction] = {}
    for card, p in draw_distribution(deck, earlier).items():
        top = state.with_deck(deck_name, CardDeck((card,), (), deck.reshuffle_card))

        def run(dice: Dice, top: State = top) -> TEResult:
            after = resolve_gunnery(top, data, attack, Context(dice, record=False), below)
            return _result(state, after, attack.target, ())

        for result, q in enumerate_dice(run).items():
            outcomes[result] = outcomes.get(result, ZERO) + p * q
    return _odds(
        "gunnery", attack.attacker, attack.target, outcomes, "TE 3.7, 3.8", (ATTACK_ALONE,)
    )


def torpedo_odds(
    state: State, data: TEData, target: str, attacks: Sequence[Attack]
) -> Odds[TEResult]:
    """The exact odds of one torpedo attack on ``target`` by every salvo of ``attacks``
    (TE 3.6 "Torpedo Combat Procedure"): one d10 on the Torpedo Combat Table."""
    stern = str(state.option("stern_rule"))

    def run(dice: Dice) -> TEResult:
        after = resolve_torpedo_attack(
            state, data, target, attacks, Context(dice, record=False), stern
        )
        return _result(state, after, target, attacks)

    readings = (COMBINED,) if len(attacks) > 1 else ()
    return _odds(
        "torpedo",
        "+".join(a.attacker for a in attacks),
        target,
        enumerate_dice(run),
        "TE 3.6, 3.8",
        readings,
    )


def attacks(
    state: object, data: TEData, action: Action, **options: Any
) -> tuple[Odds[TEResult], ...]:
    """The odds module entry point (:func:`navalwar.odds.attacks`): one per target of a
    US gunnery choice (in the order they are resolved), one for a torpedo choice,
    none when it holds fire. The rules options of the game are read from the state;
    there are no other ``options``."""
    if options:
        raise NavalwarError(f"Tokyo Express odds take no options, not {sorted(options)}")
    if not isinstance(state, State):
        raise NavalwarError("attack odds need a Tokyo Express game state")
    combat = state.combat or Combat()
    if isinstance(action, GunneryAttack):
        if not action.fire:
            return ()
        before = list(combat.planned)
        out = []
        for a in gunnery_attacks(data, state.ship(action.ship), action):
            out.append(gunnery_odds(state, data, a, before))
            before.append(a)
        return tuple(out)
    if isinstance(action, TorpedoAttack):
        if not action.target:
            return ()
        mine = Attack(action.ship, action.target, salvos=action.salvos)
        group = [a for a in combat.planned if a.target == action.target and a.salvos]
        return (torpedo_odds(state, data, action.target, [*group, mine]),)
    raise NavalwarError(f"{action.describe()} is not an attack: choose a gunnery or torpedo attack")
