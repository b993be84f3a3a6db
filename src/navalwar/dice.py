"""Seeded and scripted dice.

All randomness in navalwar flows through a :class:`Dice`. A ``Dice`` reads a
deterministic stream of 64-bit words made from one integer seed through
``numpy.random.SeedSequence`` and ``PCG64``; its whole state is ``(seed,
index)``, so a game state that stores those two integers clones for free and
replays identically in any process.

:class:`ScriptedDice` feeds chosen rolls, so that a rulebook example can be
replayed exactly; it raises :class:`~navalwar.errors.DiceError` when it runs
out or is asked for a roll it cannot give.

Die conventions (DESIGN "Dice"): ``d10`` reads 0 as 10 (TE 2.1); ``d10_zero``
reads 0-9; ``percentile`` reads two d10 digits as 01-100 with 00 = 100
(TE 19.0).
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable, Sequence
from typing import TypeVar

import attrs
import numpy as np
from mypy_extensions import mypyc_attr

from navalwar.errors import DiceError

T = TypeVar("T")

_BLOCK = 512
_CACHE_SEEDS = 512


@attrs.frozen
class Roll:
    """One random draw, as recorded in the event log."""

    die: str
    value: int
    purpose: str
    rule: str


class _Stream:
    """The lazily extended word stream of one seed (shared by all its clones)."""

    __slots__ = ("_bitgen", "words")

    def __init__(self, seed: int) -> None:
        self._bitgen = np.random.PCG64(np.random.SeedSequence(seed))
        self.words: list[int] = []

    def word(self, index: int) -> int:
        while index >= len(self.words):
            self.words.extend(self._bitgen.random_raw(_BLOCK).tolist())
        return self.words[index]

    def upto(self, end: int) -> list[int]:
        """The words, at least ``end`` of them."""
        while end > len(self.words):
            self.words.extend(self._bitgen.random_raw(_BLOCK).tolist())
        return self.words


_streams: OrderedDict[int, _Stream] = OrderedDict()


def _stream(seed: int) -> _Stream:
    stream = _streams.get(seed)
    if stream is None:
        stream = _Stream(seed)
        _streams[seed] = stream
        if len(_streams) > _CACHE_SEEDS:
            _streams.popitem(last=False)
    else:
        _streams.move_to_end(seed)
    return stream


RollSink = Callable[[Roll], None]


@mypyc_attr(allow_interpreted_subclasses=True)
class Dice:
    """Seeded dice reading a deterministic stream from position ``index``.

    On the compiled build ``Dice`` is a native class that interpreted classes may
    subclass (``navalwar.odds.EnumeratingDice``, a game's own dice): compiled code then
    calls a subclass's methods through Python, and its other dice through C.

    Args:
        seed: any non-negative integer.
        index: how many draws have already been made from the stream.
        sink: called with every :class:`Roll`, e.g. to log it as an event.
    """

    # Draws of these very dice read the seeded stream directly, so an unlogged one needs
    # no die name and a shuffle takes its words in one go. A subclass (scripted or
    # enumerating dice) draws its own way and goes through _draw/_uniform, unless it sets
    # _seeded itself. An attribute of the instance, not of the class: compiled code reads
    # the instance's (a class attribute of an interpreted subclass would go unseen).
    _seeded = False

    def __init__(self, seed: int, index: int = 0, sink: RollSink | None = None) -> None:
        if not isinstance(seed, int) or seed < 0:
            raise DiceError(f"a dice seed must be a non-negative integer, not {seed!r}")
        self.seed = seed
        self.index = index
        self.sink = sink
        self._stream = _stream(seed)
        self._seeded = type(self) is Dice

    # -- position -----------------------------------------------------------
    def snapshot(self) -> tuple[int, ...]:
        """The dice's position, to :meth:`restore` after a transition that failed."""
        return (self.index,)

    def restore(self, snap: tuple[int, ...]) -> None:
        """Go back to a :meth:`snapshot`."""
        (self.index,) = snap

    def clone(self) -> Dice:
        """Independent dice at the same position of the same stream (no sink)."""
        return Dice(self.seed, self.index)

    # -- the one primitive ------------------------------------------------
    def _uniform(self, n: int) -> int:
        """A uniform integer in ``0 .. n-1`` (modulo bias below 1e-17)."""
        word = self._stream.word(self.index)
        self.index += 1
        return word % n

    def _draw(self, die: str, low: int, n: int, purpose: str, rule: str) -> int:
        value = low + self._uniform(n)
        if self.sink is not None:
            self.sink(Roll(die, value, purpose, rule))
        return value

    # -- dice ---------------------------------------------------------------
    def roll(self, sides: int, purpose: str = "", rule: str = "") -> int:
        """Roll one die of ``sides`` faces numbered 1..sides."""
        if self.sink is None and self._seeded:  # the same draw, naming no die for a log
            return 1 + self._uniform(sides)
        return self._draw(f"d{sides}", 1, sides, purpose, rule)

    def d10(self, purpose: str = "", rule: str = "") -> int:
        """A d10 read 1-10: a 0 counts as 10 (TE 2.1)."""
        return self._draw("d10", 1, 10, purpose, rule)

    def d10_zero(self, purpose: str = "", rule: str = "") -> int:
        """A d10 read 0-9."""
        return self._draw("d10z", 0, 10, purpose, rule)

    def d6(self, purpose: str = "", rule: str = "") -> int:
        """A six-sided die."""
        return self._draw("d6", 1, 6, purpose, rule)

    def nd(self, n: int, sides: int, purpose: str = "", rule: str = "") -> tuple[int, ...]:
        """Roll ``n`` dice of ``sides`` faces."""
        return tuple(self.roll(sides, purpose, rule) for _ in range(n))

    def percentile(self, purpose: str = "", rule: str = "") -> int:
        """Two d10 digits read 01-100, double zero being 100 (TE 19.0)."""
        return self._draw("d100", 1, 100, purpose, rule)

    def choose(self, options: Sequence[T], purpose: str = "", rule: str = "") -> T:
        """Choose one option with equal chances ("choose randomly", TE 2.3)."""
        if not options:
            raise DiceError(f"nothing to choose from for {purpose or 'a random choice'}")
        n = len(options)
        if n == 1:
            return options[0]
        if self.sink is None and self._seeded:  # the same draw, naming no die for a log
            return options[self._uniform(n)]
        return options[self._draw(f"choice{n}", 1, n, purpose, rule) - 1]

    def shuffled(self, items: Sequence[T], purpose: str = "", rule: str = "") -> tuple[T, ...]:
        """Return ``items`` in a uniformly random order (Fisher-Yates)."""
        out = list(items)
        if self._seeded:
            start = self.index
            words = self._stream.upto(start + len(out))
            for k, i in enumerate(range(len(out) - 1, 0, -1)):
                j = words[start + k] % (i + 1)  # _uniform(i + 1), in one go
                out[i], out[j] = out[j], out[i]
            self.index = start + max(0, len(out) - 1)
        else:
            for i in range(len(out) - 1, 0, -1):
                j = self._uniform(i + 1)
                out[i], out[j] = out[j], out[i]
        if self.sink is not None and len(out) > 1:
            self.sink(Roll("shuffle", len(out), purpose, rule))
        return tuple(out)


@mypyc_attr(allow_interpreted_subclasses=True)
class ScriptedDice(Dice):
    """Dice that return the given values in order, for replaying examples.

    Each call consumes one scripted value: ``d10`` takes 1-10, ``d10_zero``
    0-9, ``percentile`` 1-100, ``choose`` a 1-based option number, ``roll(n)``
    1..n. ``shuffled`` keeps the order it is given and consumes nothing, so a
    test sets a deck's order directly. When the script runs out, a
    ``fallback_seed`` continues with seeded dice; without one, the next roll
    raises :class:`DiceError`.
    """

    def __init__(
        self,
        values: Sequence[int],
        *,
        fallback_seed: int | None = None,
        sink: RollSink | None = None,
    ) -> None:
        self.values = tuple(values)
        self.used = 0
        self._fallback = Dice(fallback_seed) if fallback_seed is not None else None
        self.seed = fallback_seed if fallback_seed is not None else 0
        self.index = 0
        self.sink = sink

    def snapshot(self) -> tuple[int, ...]:
        fallback = self._fallback.index if self._fallback is not None else -1
        return (self.index, self.used, fallback)

    def restore(self, snap: tuple[int, ...]) -> None:
        self.index, self.used, fallback = snap
        if self._fallback is not None:
            self._fallback.index = fallback

    def clone(self) -> ScriptedDice:
        other = ScriptedDice(self.values)
        other.used, other.index, other.seed = self.used, self.index, self.seed
        other._fallback = self._fallback.clone() if self._fallback is not None else None
        return other

    @property
    def remaining(self) -> tuple[int, ...]:
        """The scripted values not yet used."""
        return self.values[self.used :]

    def _draw(self, die: str, low: int, n: int, purpose: str, rule: str) -> int:
        if self.used >= len(self.values):
            if self._fallback is None:
                raise DiceError(
                    f"scripted dice ran out after {len(self.values)} rolls; "
                    f"next roll wanted: {die} for {purpose or 'an unnamed purpose'} ({rule})"
                )
            value = low + self._fallback._uniform(n)
        else:
            value = self.values[self.used]
            if not low <= value < low + n:
                raise DiceError(
                    f"scripted roll #{self.used + 1} is {value}, but a {die} for "
                    f"{purpose or 'an unnamed purpose'} ({rule}) gives {low}..{low + n - 1}"
                )
            self.used += 1
        self.index += 1
        if self.sink is not None:
            self.sink(Roll(die, value, purpose, rule))
        return value

    def _uniform(self, n: int) -> int:
        return self._draw(f"uniform{n}", 1, n, "", "") - 1

    def shuffled(self, items: Sequence[T], purpose: str = "", rule: str = "") -> tuple[T, ...]:
        return tuple(items)
