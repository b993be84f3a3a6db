"""What an air counter's flight costs and how far it may fly (13.A, 5.2.D, 26.1, 26.2).

Each hex entered costs 1 MP, 2 when squall-influenced; a hex containing a squall may
not be entered (5.2.D; notes A24: land costs the same as sea). A counter's budget for
one leg is its printed range (13.A, per leg: notes A23), plus up to three hexes when
extended range (26.1, option ``extended_range``) is declared.
"""

from __future__ import annotations

from navalwar.games.coral_sea.data import CoralSeaData
from navalwar.games.coral_sea.model import State
from navalwar.hexgrid import Hex, hexes_within
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
    return bool(state.option(name, False))


def entry_cost(state: State, data: CoralSeaData) -> Cost:
    """The MP cost of entering each hex (13.A, 5.2.D): 1, 2 when squall-influenced
    (``weather.influenced``, worked out once for the whole map), ``None`` (forbidden) for
    a squall hex or a hex off the map."""
    squalls = frozenset(state.squalls)
    radius = int(state.option("squall_influence", 1))  # type: ignore[call-overload]
    near = frozenset(n for s in squalls for n in hexes_within(s, radius)) - squalls
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
