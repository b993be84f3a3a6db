"""Shelling of shore targets (25.4.7): ships bombard a base in their hex.

After all surface combat, ships in the hex of an enemy airfield or seaplane base may
shell it (25.4.7.A); damaged ships (any box darkened, notes A58) and ships that broke
off may not (25.4.7.B). One roll on the Naval Bombardment Table, by the bombarding
ships' summed gun factors (each ship's secondary factor, or its intermediate if it
has no secondary), says whether the target is damaged (25.4.7.C). A damaged field is
out of service until the next Morning turn (8.D; A11) and the aircraft on it go to
limbo (25.4.7.D); the base is marked ``damaged`` ("Rabaul is damaged", 28.1.5.A).
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


def next_morning(turn: int) -> int:
    """The first Morning (dawn) turn after ``turn`` (8.D; A11, A38)."""
    t = turn + 1
    while time_of(t) != MORNING:
        t += 1
    return t


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
