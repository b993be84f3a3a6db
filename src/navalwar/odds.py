"""Exact odds of an attack, before the player commits to it.

``navalwar.odds.attack(match, action)`` gives the exact probability
distribution, as :class:`~fractions.Fraction` values summing to exactly 1, of
the result of the attack a candidate action at the pending decision leads to:
how many hits (or Damage Points) it scores and what the target is left with,
so a front end can show "22% to sink, 61% at least one hit".

The figures are not a second implementation of the rules. Each game's odds
module runs the game's own functions on :class:`EnumeratingDice`, dice that
explore every branch of every roll (:func:`enumerate_dice`), and combines the
pieces with exact binomials (:func:`binomial`) and memoised Markov steps, so
the odds follow the rules code they describe; ``tests/test_odds.py`` checks
them against plain enumerations and against sampling the real game. A game declares
its odds (:meth:`navalwar.engine.Game.odds`, a :class:`GameOdds`), whose module states
the game's readings of its rules.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Hashable, Iterable, Mapping, Sequence
from fractions import Fraction
from math import comb, lcm
from typing import TYPE_CHECKING, Any, Generic, Protocol, TypeVar

import attrs

from navalwar.actions import Action
from navalwar.dice import Dice, Roll, RollSink
from navalwar.errors import DiceError, NavalwarError

if TYPE_CHECKING:
    from navalwar.engine import Game, Match

__all__ = [
    "EnumeratingDice",
    "LazyRoll",
    "Odds",
    "TooManyBranchesError",
    "attack",
    "attacks",
    "binomial",
    "convolve",
    "enumerate_dice",
    "enumerate_weights",
    "mix",
    "percent",
    "sum_of",
]

H = TypeVar("H", bound=Hashable)
T = TypeVar("T")
O = TypeVar("O", bound=Hashable)  # noqa: E741

ZERO = Fraction(0)
ONE = Fraction(1)


class TooManyBranchesError(NavalwarError):
    """An enumeration would explore more dice branches than its limit."""


# -- the enumerating dice ---------------------------------------------------------------------


class EnumeratingDice(Dice):
    """Dice that replay one path of an enumeration tree (see :func:`enumerate_dice`).

    Every random draw is a choice among ``n`` branches (a die's faces, the
    options of a random choice, one step of a Fisher-Yates shuffle, so a
    shuffle enumerates every order); the dice read the branch from ``path``
    and, past its end, take the first branch and extend ``path``. ``arities``
    records ``n`` for every branching, so the caller can step to the next path
    like an odometer, and ``numerator``/``denominator`` the path's probability.

    Two options make the tree smaller without changing any probability:

    * ``lazy``: a die roll is a :class:`LazyRoll`, decided only as far as the
      rules look at it. ``roll >= 4`` branches two ways (1-3 and 4-6, each
      weighted by its faces) instead of six; any other use (arithmetic, a table
      lookup by value, printing) settles the value, branching over the faces
      still possible. Exact for any code that does not test the roll's type.
    * ``group_sums``: :meth:`nd` branches once per *total* of its dice (2d6:
      11 branches weighted 1..6..1 of 36, not 36 equal ones) and returns a
      representative roll with that total. Exact for callers that only use the
      total of an ``nd`` roll, as every damage table roll does
      (``sum(dice.nd(2, 6))``: GWaS 7.5, 7.82, 8.7); wrong for callers that
      look at each die (``count_hits``), so it is off by default.
    """

    def __init__(
        self,
        path: list[int],
        sink: RollSink | None = None,
        *,
        group_sums: bool = False,
        lazy: bool = False,
    ) -> None:
        self.path = path
        self.arities: list[int] = []
        self.numerator = 1
        self.denominator = 1
        self.group_sums = group_sums
        self.lazy = lazy
        self.seed = 0
        self.index = 0
        self.sink = sink

    def snapshot(self) -> tuple[int, ...]:
        return (self.index,)

    def restore(self, snap: tuple[int, ...]) -> None:
        raise DiceError("enumerating dice cannot go back: an enumeration explores every path")

    def clone(self) -> Dice:
        raise DiceError("enumerating dice cannot be cloned: an enumeration explores every path")

    def _branch(self, n: int) -> int:
        if n < 1:
            raise DiceError(f"cannot draw one of {n} values")
        i = len(self.arities)
        if i == len(self.path):
            self.path.append(0)
        self.arities.append(n)
        return self.path[i]

    def weighted(self, weights: Sequence[int]) -> int:
        """Branch with chances proportional to ``weights``; the branch taken."""
        i = self._branch(len(weights))
        self.numerator *= weights[i]
        self.denominator *= sum(weights)
        return i

    def _uniform(self, n: int) -> int:
        self.index += 1
        self.denominator *= n
        return self._branch(n)

    def _draw(self, die: str, low: int, n: int, purpose: str, rule: str) -> int:
        if self.lazy and self.sink is None and n > 1:
            self.index += 1
            return LazyRoll(self, low, low + n - 1)  # type: ignore[return-value]
        value = low + self._uniform(n)
        if self.sink is not None:
            self.sink(Roll(die, value, purpose, rule))
        return value

    # The draws, written out rather than inherited: on the compiled build Dice's own
    # methods are compiled, read the seeded stream and take every die as an int, which
    # a LazyRoll is not. (So lazy rolls are for interpreted callers only: a compiled
    # caller of these dice refuses a LazyRoll with a TypeError.)

    def roll(self, sides: int, purpose: str = "", rule: str = "") -> int:
        return self._draw(f"d{sides}", 1, sides, purpose, rule)

    def d10(self, purpose: str = "", rule: str = "") -> int:
        return self._draw("d10", 1, 10, purpose, rule)

    def d10_zero(self, purpose: str = "", rule: str = "") -> int:
        return self._draw("d10z", 0, 10, purpose, rule)

    def d6(self, purpose: str = "", rule: str = "") -> int:
        return self._draw("d6", 1, 6, purpose, rule)

    def percentile(self, purpose: str = "", rule: str = "") -> int:
        return self._draw("d100", 1, 100, purpose, rule)

    def choose(self, options: Sequence[T], purpose: str = "", rule: str = "") -> T:
        if not options:
            raise DiceError(f"nothing to choose from for {purpose or 'a random choice'}")
        n = len(options)
        if n == 1:
            return options[0]
        return options[self._draw(f"choice{n}", 1, n, purpose, rule) - 1]

    def shuffled(self, items: Sequence[T], purpose: str = "", rule: str = "") -> tuple[T, ...]:
        """Every order, one Fisher-Yates step a branch."""
        out = list(items)
        for i in range(len(out) - 1, 0, -1):
            j = self._uniform(i + 1)
            out[i], out[j] = out[j], out[i]
        if self.sink is not None and len(out) > 1:
            self.sink(Roll("shuffle", len(out), purpose, rule))
        return tuple(out)

    def nd(self, n: int, sides: int, purpose: str = "", rule: str = "") -> tuple[int, ...]:
        if not self.group_sums or n < 2:
            return tuple(self.roll(sides, purpose, rule) for _ in range(n))
        totals = _totals(n, sides)
        self.index += n
        total = totals[self.weighted([c for _, c in totals])][0]
        roll = _representative(n, sides, total)
        if self.sink is not None:
            for value in roll:
                self.sink(Roll(f"d{sides}", value, purpose, rule))
        return roll


class LazyRoll:
    """A die roll of :class:`EnumeratingDice` decided only as far as it is looked at.

    It stands for a value uniform in ``lo..hi``. An order comparison with a
    whole number splits that range (a branch weighted by the faces on each
    side); anything else settles the value (a branch per face left) and acts
    as that ``int``.
    """

    __slots__ = ("dice", "hi", "lo")

    def __init__(self, dice: EnumeratingDice, lo: int, hi: int) -> None:
        self.dice = dice
        self.lo = lo
        self.hi = hi

    def value(self) -> int:
        """Settle the roll."""
        if self.lo != self.hi:
            self.lo = self.hi = self.lo + self.dice.weighted([1] * (self.hi - self.lo + 1))
        return self.lo

    def _at_least(self, t: int) -> bool:
        if self.lo >= t:
            return True
        if self.hi < t:
            return False
        if self.dice.weighted([t - self.lo, self.hi - t + 1]) == 0:
            self.hi = t - 1
            return False
        self.lo = t
        return True

    @staticmethod
    def _whole(other: object) -> int | None:
        if isinstance(other, LazyRoll):
            return other.value()
        if isinstance(other, int) and not isinstance(other, bool):
            return other
        return None

    def __ge__(self, other: object) -> bool:
        t = self._whole(other)
        return self._at_least(t) if t is not None else self.value() >= other  # type: ignore[operator]

    def __gt__(self, other: object) -> bool:
        t = self._whole(other)
        return self._at_least(t + 1) if t is not None else self.value() > other  # type: ignore[operator]

    def __lt__(self, other: object) -> bool:
        t = self._whole(other)
        return not self._at_least(t) if t is not None else self.value() < other  # type: ignore[operator]

    def __le__(self, other: object) -> bool:
        t = self._whole(other)
        return not self._at_least(t + 1) if t is not None else self.value() <= other  # type: ignore[operator]

    def __eq__(self, other: object) -> bool:
        t = self._whole(other)
        if t is None:
            return self.value() == other
        if not self.lo <= t <= self.hi:
            return False
        return self._at_least(t) and not self._at_least(t + 1)

    def __ne__(self, other: object) -> bool:
        return not self == other

    def __hash__(self) -> int:
        return hash(self.value())

    def __int__(self) -> int:
        return self.value()

    def __index__(self) -> int:
        return self.value()

    def __bool__(self) -> bool:
        return self.value() != 0

    def __add__(self, other: int) -> int:
        return self.value() + other

    def __radd__(self, other: int) -> int:
        return other + self.value()

    def __sub__(self, other: int) -> int:
        return self.value() - other

    def __rsub__(self, other: int) -> int:
        return other - self.value()

    def __mul__(self, other: int) -> int:
        return self.value() * other

    def __rmul__(self, other: int) -> int:
        return other * self.value()

    def __neg__(self) -> int:
        return -self.value()

    def __format__(self, spec: str) -> str:
        return format(self.value(), spec)

    def __str__(self) -> str:
        return str(self.value())

    def __repr__(self) -> str:
        return repr(self.value())


@functools.lru_cache(maxsize=64)
def _totals(n: int, sides: int) -> tuple[tuple[int, int], ...]:
    """``(total, ways)`` of ``n`` dice of ``sides`` faces."""
    counts: dict[int, int] = {0: 1}
    for _ in range(n):
        nxt: dict[int, int] = {}
        for t, c in counts.items():
            for face in range(1, sides + 1):
                nxt[t + face] = nxt.get(t + face, 0) + c
        counts = nxt
    return tuple(sorted(counts.items()))


def _representative(n: int, sides: int, total: int) -> tuple[int, ...]:
    """A roll of ``n`` dice with the given total (highest dice first)."""
    out = []
    left = total
    for i in range(n, 0, -1):
        face = min(sides, left - (i - 1))
        out.append(face)
        left -= face
    return tuple(out)


def enumerate_weights(
    run: Callable[[Dice], H],
    *,
    group_sums: bool = False,
    lazy: bool = False,
    limit: int = 1_000_000,
) -> tuple[dict[H, int], int]:
    """:func:`enumerate_dice` in whole numbers: ``(result -> numerator, denominator)``.

    The denominator is common to every result (the least common multiple of
    the paths' denominators), so callers can combine distributions with integer
    arithmetic and make :class:`~fractions.Fraction` values once at the end.
    """
    found: list[tuple[H, int, int]] = []
    path: list[int] = []
    while True:
        if len(found) >= limit:
            raise TooManyBranchesError(
                f"the dice branch more than {limit} ways: too many outcomes to enumerate"
            )
        dice = EnumeratingDice(path, group_sums=group_sums, lazy=lazy)
        result = run(dice)
        arities = dice.arities
        del path[len(arities) :]
        found.append((result, dice.numerator, dice.denominator))
        k = len(path) - 1
        while k >= 0 and path[k] == arities[k] - 1:
            k -= 1
        if k < 0:
            break
        path[k] += 1
        del path[k + 1 :]
    den = 1
    for _, _, d in found:
        den = lcm(den, d)
    out: dict[H, int] = {}
    for result, num, d in found:
        out[result] = out.get(result, 0) + num * (den // d)
    return out, den


def enumerate_dice(
    run: Callable[[Dice], H],
    *,
    group_sums: bool = False,
    lazy: bool = False,
    limit: int = 1_000_000,
) -> dict[H, Fraction]:
    """The exact distribution of ``run(dice)`` over every outcome of its dice.

    ``run`` must be deterministic given its draws (every navalwar transition
    is: states are frozen values). It is called once per path of the tree of
    draws, each call replaying a prefix and branching on the last draw, depth
    first; a path of draws with ``n1, n2, ...`` possible values has probability
    ``1 / (n1 * n2 * ...)``. The results are grouped by equality.

    Args:
        run: the random process; its result must be hashable.
        group_sums: branch on the totals of ``nd`` rolls (see :class:`EnumeratingDice`).
        lazy: decide die rolls only as far as they are looked at (see :class:`EnumeratingDice`).
        limit: the most paths to explore before raising.

    Raises:
        TooManyBranchesError: the tree has more than ``limit`` paths.
    """
    weights, den = enumerate_weights(run, group_sums=group_sums, lazy=lazy, limit=limit)
    return {r: Fraction(w, den) for r, w in weights.items()}


# -- distributions ------------------------------------------------------------------------------


def binomial(n: int, p: Fraction) -> dict[int, Fraction]:
    """The exact distribution of the number of successes of ``n`` independent trials of ``p``
    (hits of ``n`` dice each hitting with ``p``, GWaS 7.5)."""
    if n < 0 or not ZERO <= p <= ONE:
        raise NavalwarError(f"no binomial distribution for n={n}, p={p}")
    q = ONE - p
    return {k: comb(n, k) * p**k * q ** (n - k) for k in range(n + 1)}


def convolve(a: Mapping[int, Fraction], b: Mapping[int, Fraction]) -> dict[int, Fraction]:
    """The distribution of the sum of two independent integer variables."""
    out: dict[int, Fraction] = {}
    for x, p in a.items():
        for y, q in b.items():
            out[x + y] = out.get(x + y, ZERO) + p * q
    return out


def mix(parts: Iterable[tuple[Fraction, Mapping[H, Fraction]]]) -> dict[H, Fraction]:
    """``sum(weight * distribution)``: the law of total probability."""
    out: dict[H, Fraction] = {}
    for w, dist in parts:
        if not w:
            continue
        for x, p in dist.items():
            out[x] = out.get(x, ZERO) + w * p
    return out


def percent(p: Fraction) -> str:
    """A probability for people: ``"22%"``; ``"<1%"`` and ``">99%"`` near the ends, so only
    a certainty reads ``"0%"`` or ``"100%"``."""
    if p <= 0:
        return "0%"
    if p >= 1:
        return "100%"
    if p < Fraction(1, 200):
        return "<1%"
    if p > Fraction(199, 200):
        return ">99%"
    return f"{round(float(p) * 100)}%"


# -- the result -----------------------------------------------------------------------------------


@attrs.frozen
class Odds(Generic[O]):
    """The exact distribution of one attack's result on its target.

    Attributes:
        game: the game id.
        kind: ``"gunnery"`` or ``"torpedo"``.
        attacker: the attacking ship (several for a combined TE torpedo attack: "A+B").
        target: the target ship or counter.
        hits: the distribution of the number of hits scored (GWaS 7.5, 7.81) or of
            the Damage Points taken (TE 3.6-3.8); see ``unit``.
        outcomes: the distribution of the target's damage summary after the
            attack (the game module's summary type).
        sunk: the chance the target is sunk (TE: sinking; a GWaS squadron: at
            least one of its ships sunk).
        unit: what ``hits`` counts, singular (``"hit"``, ``"Damage Point"``).
        rule: the rule sections resolving the attack.
        readings: interpretations taken where the rules leave a choice.
    """

    game: str
    kind: str
    attacker: str
    target: str
    hits: Mapping[int, Fraction]
    outcomes: Mapping[O, Fraction]
    sunk: Fraction
    unit: str = "hit"
    rule: str = ""
    readings: tuple[str, ...] = ()

    def __attrs_post_init__(self) -> None:
        for name, dist in (("hits", self.hits), ("outcomes", self.outcomes)):
            total = sum(dist.values(), ZERO)
            if total != 1 or any(p < 0 for p in dist.values()):
                raise NavalwarError(f"the {name} of an attack sum to {total}, not exactly 1")

    def at_least(self, n: int) -> Fraction:
        """The chance of ``n`` or more hits (Damage Points)."""
        return sum((p for k, p in self.hits.items() if k >= n), ZERO)

    @property
    def expected_hits(self) -> Fraction:
        """The mean number of hits (Damage Points)."""
        return sum((k * p for k, p in self.hits.items()), ZERO)

    def chance(self, event: Callable[[O], bool]) -> Fraction:
        """The chance of an event on the target's damage summary."""
        return sum((p for o, p in self.outcomes.items() if event(o)), ZERO)

    def describe(self) -> str:
        """A one-line summary: ``"22% to sink, 61% at least one hit"``."""
        return f"{percent(self.sunk)} to sink, {percent(self.at_least(1))} at least one {self.unit}"

    def most_likely(self, n: int = 3) -> list[tuple[O, Fraction]]:
        """The ``n`` likeliest outcomes, likeliest first."""
        return sorted(self.outcomes.items(), key=lambda kv: -kv[1])[:n]


# -- the entry point ---------------------------------------------------------------------------


class GameOdds(Protocol):
    """What a game's odds module provides."""

    def attacks(
        self, state: Any, data: Any, action: Action, **options: Any
    ) -> tuple[Odds[Any], ...]:
        """The odds of every attack ``action`` makes, in the order they are resolved."""
        ...


def _odds_of(game: Game[Any, Any]) -> GameOdds:
    found = game.odds()
    if found is None:
        from navalwar.registry import games, load

        with_odds = [g for g in games() if load(g).odds() is not None]
        raise NavalwarError(f"no attack odds for game {game.id!r}; games with odds: {with_odds}")
    return found


def attacks(
    match: Match, action: Action | Mapping[str, Any], **options: Any
) -> tuple[Odds[Any], ...]:
    """The odds of every attack a candidate action would make, in resolution order.

    One for a single target; a TE gunnery choice dividing its primaries has one
    per target; holding fire has none.

    Args:
        match: the match, at the decision the action answers.
        action: an action (or its JSON form) legal at the pending decision.
        options: the game's readings, e.g. ``policy="concentrate"`` for a GWaS
            squadron owner (9.4).

    Raises:
        IllegalActionError: the action is not legal now.
        NavalwarError: the game has no odds, or an unknown option.
    """
    if isinstance(action, Mapping):
        action = match.game.codec.from_json(action)
    from navalwar.engine import answering

    answering(match.decision, action)
    return _odds_of(match.game).attacks(match.state, match.data, action, **options)


def attack(
    match: Match, action: Action | Mapping[str, Any], target: str = "", **options: Any
) -> Odds[Any]:
    """The odds of the attack a candidate action would make (see :func:`attacks`).

    Args:
        match: the match, at the decision the action answers.
        action: an action (or its JSON form) legal at the pending decision.
        target: which target, when the action attacks several (TE split fire).
        options: the game's readings (see :func:`attacks`).

    Raises:
        IllegalActionError: the action is not legal now.
        NavalwarError: the action attacks nothing, or several targets and
            ``target`` does not pick one of them.
    """
    found = attacks(match, action, **options)
    if target:
        found = tuple(o for o in found if o.target == target)
    if len(found) == 1:
        return found[0]
    what = action.describe() if isinstance(action, Action) else str(action)
    if not found:
        raise NavalwarError(f"{what} makes no attack" + (f" on {target}" if target else ""))
    raise NavalwarError(
        f"{what} attacks {', '.join(o.target for o in found)}: name one with target=, "
        "or use odds.attacks"
    )


def sum_of(dists: Sequence[Mapping[int, Fraction]]) -> dict[int, Fraction]:
    """The distribution of the sum of independent integer variables."""
    out: dict[int, Fraction] = {0: ONE}
    for d in dists:
        out = convolve(out, d)
    return out
