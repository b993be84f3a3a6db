"""The summary of a batch: outcome shares with Wilson intervals, VP statistics.

A share of ``k`` battles out of ``n`` comes with its Wilson score interval at 95%
(z = 1.959964): with p = k/n,

    centre = (p + z²/2n) / (1 + z²/n)
    half   = z / (1 + z²/n) * sqrt(p(1-p)/n + z²/4n²)

which, unlike p ± z·sqrt(p(1-p)/n), stays inside 0..1 and is honest for shares
near 0 or 1 and for small n. Quartiles are numpy's (linear interpolation).
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Sequence
from typing import Any

import attrs
import numpy as np

from navalwar.batch.records import BattleRecord

Z95 = 1.959963984540054  # the 97.5% point of the standard normal distribution


def wilson(k: int, n: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of ``k`` successes in ``n`` trials (``(0, 1)`` if n=0)."""
    if n <= 0:
        return (0.0, 1.0)
    if not 0 <= k <= n:
        raise ValueError(f"{k} successes out of {n} trials")
    p = k / n
    z2 = z * z
    scale = 1 + z2 / n
    centre = (p + z2 / (2 * n)) / scale
    half = z / scale * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n))
    low = 0.0 if k == 0 else max(0.0, centre - half)  # exact bounds at the ends
    high = 1.0 if k == n else min(1.0, centre + half)
    return (low, high)


@attrs.frozen
class Share:
    """``k`` of ``n`` battles, as a proportion with its Wilson 95% interval."""

    k: int
    n: int
    p: float
    low: float
    high: float

    @classmethod
    def of(cls, k: int, n: int) -> Share:
        low, high = wilson(k, n)
        return cls(k, n, k / n if n else 0.0, low, high)


@attrs.frozen
class Spread:
    """Mean, median and quartiles of a list of numbers."""

    mean: float
    median: float
    q1: float
    q3: float

    @classmethod
    def of(cls, values: Sequence[float]) -> Spread:
        if not values:
            return cls(math.nan, math.nan, math.nan, math.nan)
        q1, median, q3 = np.percentile(np.asarray(values, dtype=float), [25, 50, 75])
        return cls(float(np.mean(values)), float(median), float(q1), float(q3))


@attrs.frozen
class SideSummary:
    """One side's wins, draws, losses and Victory Points."""

    side: str
    win: Share
    draw: Share
    loss: Share
    vp: Spread


@attrs.frozen
class Summary:
    """The batch summary. ``margin`` is the first side's VP minus the second's."""

    n: int
    sides: tuple[SideSummary, ...]
    margin: Spread
    levels: dict[str, int]

    @property
    def margin_label(self) -> str:
        """What ``margin`` measures, e.g. ``"US - Japan"``."""
        return " - ".join(s.side for s in self.sides[:2])

    def to_json(self) -> dict[str, Any]:
        """The summary as a JSON-able dict."""
        return attrs.asdict(self)


def summarize(records: Sequence[BattleRecord], sides: Sequence[str] = ()) -> Summary:
    """Summarize ``records`` for ``sides`` (default: those of the first record's agents)."""
    sides = tuple(sides) or (tuple(records[0].agents) if records else ())
    n = len(records)
    draws = sum(1 for r in records if r.winner is None)
    out = []
    for side in sides:
        wins = sum(1 for r in records if r.winner == side)
        losses = n - wins - draws
        vps = [float(r.scores.get(side, 0)) for r in records]
        out.append(
            SideSummary(
                side, Share.of(wins, n), Share.of(draws, n), Share.of(losses, n), Spread.of(vps)
            )
        )
    margins: list[float] = []
    if len(sides) >= 2:
        a, b = sides[0], sides[1]
        margins = [float(r.scores.get(a, 0) - r.scores.get(b, 0)) for r in records]
    levels = Counter(r.level for r in records)
    return Summary(n, tuple(out), Spread.of(margins), dict(levels.most_common()))
