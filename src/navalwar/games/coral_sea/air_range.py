"""What an air counter's flight costs and how far it may fly (13.A, 5.2.D, 26.1, 26.2).

Each hex entered costs 1 MP, 2 when squall-influenced; a hex containing a squall may
not be entered (5.2.D; notes A24: land costs the same as sea). A counter's budget for
one leg is its printed range (13.A, per leg: notes A23), plus up to three hexes when
extended range (26.1, option ``extended_range``) is declared.
"""

from __future__ import annotations

import functools

from navalwar.games.coral_sea.data import CoralSeaData
from navalwar.games.coral_sea.model import State
from navalwar.games.coral_sea.units import AircraftModel
from navalwar.hexgrid import Hex, MapSpec, hexes_within
from navalwar.paths import Cost, Reach, reach
from navalwar.registry import OptionSpec

#: 26.1 B: "up to three additional hexes".
EXTENDED_HEXES = 3

EXTENDED_RANGE = "extended_range"
LONG_RANGE = "long_range"
LEGS = "air_range_legs"
PER_LEG, ROUND_TRIP = "per_leg", "round_trip"
SCOUT_TORPEDO = "scout_torpedo"

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
    OptionSpec(
        LEGS,
        PER_LEG,
        "13.A range (notes A23): 'per_leg', the printed range for the Air Movement Phase "
        "and again for the Air Return Phase; 'round_trip', the return gets what the "
        "outbound flight left (26.2 long-range counters still fly their full range each)",
        "13.A",
        choices=(PER_LEG, ROUND_TRIP),
    ),
    OptionSpec(
        SCOUT_TORPEDO,
        False,
        "14.1.3.A lists plain S among the torpedo bombers (notes A3): true lets every S "
        "counter fly torpedo missions; false (default) only V, SV and the counters the data "
        "marks (PBY-5, Japanese B, H6K4, 14.1.3.B)",
        "14.1.3",
    ),
)


def option(state: State, name: str) -> bool:
    """Whether the rules option ``name`` is on in ``state``."""
    return bool(state.option(name, False))


def reach_from(state: State, data: CoralSeaData, start: Hex, mp: int) -> Reach:
    """Every hex a counter at ``start`` may reach spending ``mp`` (``paths.reach`` with
    :func:`entry_cost`), remembered for the same map, squalls and start: a strike's
    counters all return from one hex, and the decisions ask again after every move."""
    radius = int(state.option("squall_influence", 1))  # type: ignore[call-overload]
    return _reach(data.geography.spec, tuple(state.squalls), radius, start, mp)


@functools.lru_cache(maxsize=4096)
def _reach(spec: MapSpec, squalls: tuple[Hex, ...], radius: int, start: Hex, mp: int) -> Reach:
    return reach(start, mp, _cost(spec, frozenset(squalls), radius))


@functools.lru_cache(maxsize=256)
def _cost(spec: MapSpec, squalls: frozenset[Hex], radius: int) -> Cost:
    near = frozenset(n for s in squalls for n in hexes_within(s, radius)) - squalls
    in_bounds = spec.in_bounds

    def cost(h: Hex) -> int | None:
        if h in squalls or not in_bounds(h):
            return None
        return 2 if h in near else 1

    return cost


def entry_cost(state: State, data: CoralSeaData) -> Cost:
    """The MP cost of entering each hex (13.A, 5.2.D): 1, 2 when squall-influenced
    (``weather.influenced``, worked out once for the whole map), ``None`` (forbidden) for
    a squall hex or a hex off the map."""
    radius = int(state.option("squall_influence", 1))  # type: ignore[call-overload]
    return _cost(data.geography.spec, frozenset(state.squalls), radius)


def budget(state: State, data: CoralSeaData, model: str, extended: bool, used: int = 0) -> int:
    """The MP a counter of ``model`` may spend on this leg (13.A; 26.1.B), ``used`` MP
    having been spent outbound (subtracted under the round-trip reading, notes A23, but
    not for a 26.2 long-range counter: "its complete range each ... Phase")."""
    spec = data.aircraft[model]
    extra = EXTENDED_HEXES if extended and option(state, EXTENDED_RANGE) else 0
    long_range = spec.long_range and option(state, LONG_RANGE)
    if state.option(LEGS, PER_LEG) == ROUND_TRIP and not long_range:
        return max(0, spec.range - used) + extra
    return spec.range + extra


def may_fly(state: State, spec: AircraftModel, mission: str) -> bool:
    """Whether a counter of ``spec`` may fly ``mission`` (14.0; the A3 option)."""
    if spec.can_fly(mission):
        return True
    return mission == "torpedo" and spec.type == "S" and option(state, SCOUT_TORPEDO)
