"""Opaque ids for units a side has not identified (DESIGN "hidden information").

A face-down counter must be trackable from one observation to the next without
telling who it is. :func:`opaque_ids` numbers a side's units in a random order
drawn from a child stream of the match's dice seed (``numpy.random.SeedSequence``
with its own spawn key): the ids are fixed for the match and replay identically,
the game's dice sequence is untouched (no draw is taken from it), and nothing in
the public scenario data (its force order, names, codes) says which unit has which
number. Whoever knows the seed can replay the whole match anyway, so the seed is
the only key.

Secret commitments (plots, CAP, range statements, hidden set-ups) are
:mod:`navalwar.commitments`; what a side observes is built by
:meth:`navalwar.engine.Game.observation`.
"""

from __future__ import annotations

import zlib
from collections.abc import Sequence

import numpy as np

SPAWN_KEY = 0x6869_6464  # "hidd": the child stream of the seed that ids are drawn from


def opaque_ids(seed: int, units: Sequence[str], prefix: str) -> dict[str, str]:
    """Each of ``units`` -> ``prefix`` and its place in a random order (``"R?07"``).

    The order is a Fisher-Yates shuffle of ``sorted(units)`` over the raw words of
    PCG64 seeded by ``SeedSequence(seed, spawn_key=(SPAWN_KEY, crc32(prefix)))``, so
    two prefixes (sides) draw independent orders and the result does not depend on
    the order ``units`` come in.
    """
    order = sorted(set(units))
    if not order:
        return {}
    child = np.random.SeedSequence(seed, spawn_key=(SPAWN_KEY, zlib.crc32(prefix.encode())))
    words = np.random.PCG64(child).random_raw(len(order)).tolist()
    for i in range(len(order) - 1, 0, -1):
        j = words[i] % (i + 1)
        order[i], order[j] = order[j], order[i]
    width = len(str(len(order)))
    return {unit: f"{prefix}{n:0{width}d}" for n, unit in enumerate(order, 1)}


__all__ = ["SPAWN_KEY", "opaque_ids"]
