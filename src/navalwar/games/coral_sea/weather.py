"""Weather (5.0): wind, squalls drifting south-east, new squalls on the north or west edge.

Each Initial Phase (5.1): the Wind Speed Table gives how many hexes every squall moves
south-east (one that leaves the map is removed, notes A7); then the Squall Appearance
Table says whether a new squall appears; if so two dice give its hex on the north or
west edge, a further die choosing the edge (1-3 north, 4-6 west; notes A8). Scenarios
2 and 4 run the procedure 10 and 20 times before play (28.2.2, 28.4.2).

"Squall-influenced" is defined nowhere (notes A6): a hex within ``squall_influence``
hexes (default 1) of a squall, not itself a squall hex. :func:`in_squall`,
:func:`influenced` and :func:`affected` are what the other rules ask.
"""

from __future__ import annotations

from typing import Any

import attrs

from navalwar.driver import Play
from navalwar.engine import Context
from navalwar.games.coral_sea.data import CoralSeaData
from navalwar.games.coral_sea.model import State
from navalwar.hexgrid import Hex, distance
from navalwar.registry import OptionSpec

OPTIONS = (
    OptionSpec(
        "squall_influence",
        1,
        "Hexes around a squall that are 'squall-influenced' (5.2, notes A6)",
        "5.2",
        minimum=0,
        maximum=3,
    ),
)


def in_squall(state: State, h: Hex) -> bool:
    """Whether ``h`` contains a squall (5.2.D)."""
    return h in state.squalls


def influenced(state: State, h: Hex) -> bool:
    """Whether ``h`` is squall-influenced: within the influence radius of a squall and
    not a squall hex itself (notes A6)."""
    found = state.option("squall_influence", 1)
    radius = found if isinstance(found, int) else 1
    if h in state.squalls:
        return False
    return any(distance(h, s) <= radius for s in state.squalls)


def affected(state: State, h: Hex) -> bool:
    """A squall or squall-influenced hex (5.2.A-C, E; 12.3; 15.B; 20.B)."""
    return in_squall(state, h) or influenced(state, h)


def procedure(state: State, data: CoralSeaData, ctx: Context, rule: str = "5.1") -> State:
    """One run of 5.1.B-D: wind, drift, appearance, placement (all rolls public)."""
    tables = data.tables
    geog = data.geography
    roll = ctx.dice.d6("wind speed", "5.1.B")
    wind = tables.wind_speed.lookup(roll)
    moved: list[Hex] = []
    for h in state.squalls:
        to = geog.southeast(h, wind)
        if to is not None and to not in moved:
            moved.append(to)
    spec = geog.spec
    appear_roll = ctx.dice.d6("squall appearance", "5.1.C")
    new: Hex | None = None
    if tables.squall_appearance.lookup(appear_roll):
        two = sum(ctx.dice.nd(2, 6, "squall hex", "5.1.D"))
        edge_roll = ctx.dice.d6("squall edge", "5.1.D")
        north, west = geog.squall_entry_hexes(two)
        new = north if edge_roll <= 3 else west
        if new not in moved:
            moved.append(new)
    ctx.log(
        "weather",
        f"Wind {wind} (roll {roll}); squalls at {', '.join(spec.label(h) for h in moved) or 'none'}"
        + (f"; a new squall at {spec.label(new)}" if new is not None else ""),
        rule,
        wind=wind,
        squalls=[spec.label(h) for h in moved],
        new=None if new is None else spec.label(new),
    )
    return attrs.evolve(state, wind=wind, squalls=tuple(moved))


def pre_roll(state: State, data: CoralSeaData, ctx: Context, turns: int) -> State:
    """The weather procedure ``turns`` times before play (28.2.2, 28.4.2)."""
    for _ in range(turns):
        state = procedure(state, data, ctx, "28.x weather")
    return state


def _run(game: Any, state: State, data: CoralSeaData, ctx: Context) -> State:
    return procedure(state, data, ctx)


#: ``initial.weather`` (5.1).
WEATHER: Play[Any, State, CoralSeaData] = Play(run=_run)
