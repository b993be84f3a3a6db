"""What an air counter's flight costs and how far it may fly (13.A, 5.2.D, 26.1, 26.2).

Each hex entered costs 1 MP, 2 when squall-influenced; a hex containing a squall may
not be entered (5.2.D; notes A24: land costs the same as sea). A counter's budget for
one leg is its printed range (13.A, per leg: notes A23), plus up to three hexes when
extended range (26.1, option ``extended_range``) is declared.
"""

from __future__ import annotations

from navalwar.games.coral_sea.data import CoralSeaData
from navalwar.games.coral_sea.model import State
from navalwar.hexgrid import Hex, distance, neighbours
from navalwar.paths import Cost
from navalwar.registry import OptionSpec

#: 26.1 B: "up to three additional hexes".
EXTENDED_HEXES = 3

EXTENDED_RANGE = "extended_range"
LONG_RANGE = "long_range"

OPTIONS = (
    OptionSpec(
        EXTENDED_RANGE,
        False,
        "Optional rule 26.1: a counter may declare extended range before it flies, for up "
        "to 3 more MP on each leg (notes A59), losing its bomb factor and 1 attack and 1 "
        "defense a hex flown beyond range",
        "26.1",
    ),
    OptionSpec(
        LONG_RANGE,
        False,
        "Optional rule 26.2: B-17, PBY-5, G3M2, G4M1 and H6K4 counters may stay airborne "
        "at the end of the Air Return Phase and land in the next turn's (notes A39, A60: "
        "not into a night turn, across one turn end at most)",
        "26.2",
    ),
)


def option(state: State, name: str) -> bool:
    """Whether the rules option ``name`` is on in ``state``."""
    for key, value in state.options:
        if key == name:
            return bool(value)
    return False


# TODO(csgame): use weather.in_squall / weather.influenced once csgame's weather.py is
# merged; these stand-ins read state.squalls with an influence radius of 1 (notes A6).
def in_squall(state: State, h: Hex) -> bool:
    """Whether ``h`` contains a squall (5.2.D)."""
    return h in state.squalls


def influenced(state: State, h: Hex) -> bool:
    """Whether ``h`` is squall-influenced: next to a squall hex (notes A6)."""
    return any(distance(h, s) == 1 for s in state.squalls)


def entry_cost(state: State, data: CoralSeaData) -> Cost:
    """The MP cost of entering each hex (13.A, 5.2.D): 1, 2 when squall-influenced,
    ``None`` (forbidden) for a squall hex or a hex off the map."""
    squalls = frozenset(state.squalls)
    near = frozenset(n for s in squalls for n in neighbours(s)) - squalls
    in_bounds = data.geography.spec.in_bounds

    def cost(h: Hex) -> int | None:
        if h in squalls or not in_bounds(h):
            return None
        return 2 if h in near else 1

    return cost


def budget(state: State, data: CoralSeaData, model: str, extended: bool) -> int:
    """The MP a counter of ``model`` may spend on one leg (13.A; 26.1.B)."""
    spec = data.aircraft[model]
    return spec.range + (EXTENDED_HEXES if extended and option(state, EXTENDED_RANGE) else 0)
