"""Shelling of shore targets (25.4.7): ships bombard a base or town in their hex.

After all surface combat, ships in the hex of an enemy airfield or seaplane base, or of
a town, may shell it (25.4.7.A; :func:`targets`); damaged ships (any box darkened,
notes A58) and ships that broke off may not (25.4.7.B). One roll on the Naval
Bombardment Table, by the bombarding ships' summed gun factors (each ship's secondary
factor, or its intermediate if it has no secondary), says whether the target is
damaged (25.4.7.C). A damaged field is out of service until the next Morning turn
(8.D; A11) and the aircraft on it go to limbo (25.4.7.D); the base is marked
``damaged`` ("Rabaul is damaged", 28.1.5.A). A damaged town is marked in
``State.damaged_towns``, public (notes A58); nothing else follows (no rule gives a
town another effect).

Towns (notes A58; option ``town_bombardment``): the map's towns that are not bases
(``Geography.towns_in``; a town sharing a base's name in its hex is that base). The
rules give towns no owner: a side may shell a town in a hex where it holds no base (a
town beside its own field is its own).
"""

from __future__ import annotations

from collections.abc import Sequence

import attrs

from navalwar.engine import Context
from navalwar.games.coral_sea import air_state as air
from navalwar.games.coral_sea.air_to_air import remove
from navalwar.games.coral_sea.data import CoralSeaData
from navalwar.games.coral_sea.model import MORNING, Ship, State, time_of
from navalwar.games.coral_sea.ship_damage import damaged, gun_factor
from navalwar.games.coral_sea.units import SIDES
from navalwar.hexgrid import Hex
from navalwar.registry import OptionSpec

OPTIONS = (
    OptionSpec(
        "town_bombardment",
        True,
        "ships may shell a town that is no base in their hex, where their side holds no "
        "base (25.4.7.A; notes A58: a public 'damaged' mark, no other effect); off: "
        "airfields and seaplane bases only",
        "25.4.7.A; notes A58",
    ),
)


def next_morning(turn: int) -> int:
    """The first Morning (dawn) turn after ``turn`` (8.D; A11, A38)."""
    t = turn + 1
    while time_of(t) != MORNING:
        t += 1
    return t


def targets(state: State, data: CoralSeaData, side: str, h: Hex) -> tuple[str, ...]:
    """What ``side``'s ships in ``h`` may shell (25.4.7.A): the bases the other side
    holds there (22.A), in map order, then, with option ``town_bombardment``, the towns
    there that are no base, unless ``side`` holds a base there."""
    enemy = next(s for s in SIDES if s != side)
    held = {b.name: b.controller for b in state.bases}
    here = [b.name for b in data.geography.bases if b.hex == h]
    out = [n for n in here if held.get(n) == enemy]
    if state.option("town_bombardment", True) and not any(held.get(n) == side for n in here):
        out += data.geography.towns_in(h)
    return tuple(out)


def damage_town(state: State, town: str, ctx: Context) -> State:
    """``state`` with ``town`` marked damaged (25.4.7.C; notes A58), publicly."""
    ctx.log("town_damaged", f"{town} is damaged (25.4.7.C)", "25.4.7.C", town=town)
    if town in state.damaged_towns:
        return state
    return attrs.evolve(state, damaged_towns=(*state.damaged_towns, town))


def may_bombard(ship: Ship) -> bool:
    """Afloat and undamaged (25.4.7.B; A58); breaking off is checked by the phase."""
    return not ship.sunk and not damaged(ship)


def strength(ships: Sequence[Ship], data: CoralSeaData) -> int:
    """The bombarding ships' summed gun factors (M18): secondary, or intermediate."""
    total = 0
    for s in ships:
        spec = data.ships[s.name]
        battery = "secondary" if spec.secondary > 0 else "intermediate"
        total += gun_factor(s, spec, battery)
    return total


def roll_bombardment(total: int, data: CoralSeaData, ctx: Context) -> bool:
    """Whether a bombardment of ``total`` strength damages its target (25.4.7.C)."""
    if total <= 0:
        return False
    roll = ctx.dice.d6("naval bombardment", "25.4.7.C")
    return bool(data.tables.bombardment.lookup(roll, total))


def damage_base(
    state: State, base: str, ctx: Context, rule: str = "25.4.7.D", *, shelled: bool = True
) -> State:
    """``state`` with ``base`` out of service until the next Morning, the aircraft on it
    to limbo (25.4.7.D, 8.D); marked ``damaged`` when ``shelled`` (25.4.7.C; a bombing
    that puts a field out, notes A51, does not mark it)."""
    until = next_morning(state.turn)
    bases = tuple(
        attrs.evolve(b, out_until=max(b.out_until, until), damaged=b.damaged or shelled)
        if b.name == base
        else b
        for b in state.bases
    )
    on_it = [
        a.id
        for a in state.air.aircraft
        if a.base == base and a.status in (air.READY, air.DOWN, air.CAP)
    ]
    ctx.log(
        "base_damaged",
        f"{base} is damaged: out of service until turn {until}"
        + (f"; {len(on_it)} counter(s) on it to limbo" if on_it else ""),
        rule,
        base=base,
        out_until=until,
        aircraft=on_it,
    )
    return remove(attrs.evolve(state, bases=bases), on_it, air.LIMBO)
