"""Ship damage (25.4.5): flotation and gunnery boxes darkened right to left.

A ship's Ship Status Sheet line (``ShipSpec.flotation``/``gunnery``) prints a number
in every box; the rightmost undarkened box gives the current speed (flotation) or the
factor of the highest class of guns (gunnery; for a CV/CVL its AA factor, 25.4.5.D).
The state keeps only the count of boxes darkened (``Ship.flotation_hits``,
``gunnery_hits``). Hits are public as they are inflicted (their type); the boxes left
are the owner's (notes 8.1).
"""

from __future__ import annotations

import attrs

from navalwar.engine import Context
from navalwar.errors import UnknownNameError
from navalwar.games.coral_sea import air_state as air
from navalwar.games.coral_sea.data import CoralSeaData
from navalwar.games.coral_sea.model import Ship, State
from navalwar.games.coral_sea.table_types import Hits
from navalwar.games.coral_sea.units import ShipSpec

CARRIERS = ("CV", "CVL")


def ship_named(state: State, name: str) -> Ship:
    """The ship ``name`` of ``state``.

    Raises:
        UnknownNameError: no such ship.
    """
    for s in state.ships:
        if s.name == name:
            return s
    raise UnknownNameError("ship", name, [s.name for s in state.ships])


def _box(track: tuple[int, ...], hits: int) -> int:
    """The value of the rightmost undarkened box after ``hits`` (0 when all are dark)."""
    left = len(track) - hits
    return track[left - 1] if left > 0 else 0


def speed(ship: Ship, spec: ShipSpec) -> int:
    """Current speed: the rightmost undarkened flotation box (25.4.5.B); 0 if sunk."""
    return 0 if ship.sunk else _box(spec.flotation, ship.flotation_hits)


def dead_in_water(ship: Ship, spec: ShipSpec) -> bool:
    """Afloat at speed 0: "dead in the water, and may not move" (25.4.5.B)."""
    return not ship.sunk and speed(ship, spec) == 0


def guns_out(ship: Ship, spec: ShipSpec) -> bool:
    """Every gunnery box dark: all gun factors, AA included, inoperable (25.4.5.C)."""
    return ship.sunk or ship.gunnery_hits >= len(spec.gunnery)


def _main_battery(spec: ShipSpec) -> str:
    """The highest class of guns aboard (25.4.5.C): intermediate if it has any."""
    return "intermediate" if spec.intermediate > 0 else "secondary"


def gun_factor(ship: Ship, spec: ShipSpec, battery: str) -> int:
    """The current factor of ``battery`` (``"intermediate"`` or ``"secondary"``).

    The highest class drops to the gunnery box value (25.4.5.C; notes A56: only that
    battery), never above its printed factor; all boxes dark silences every battery.
    A CV/CVL's gunnery boxes are its AA (25.4.5.D): its guns fall silent only with
    the last box.
    """
    printed = spec.intermediate if battery == "intermediate" else spec.secondary
    if guns_out(ship, spec):
        return 0
    if spec.type in CARRIERS or ship.gunnery_hits == 0 or battery != _main_battery(spec):
        return printed
    return min(printed, _box(spec.gunnery, ship.gunnery_hits))


def aa_factor(ship: Ship, spec: ShipSpec) -> int:
    """The current AA factor (25.2.2; 25.4.5.C-D): a CV/CVL's gunnery box value, any
    other ship's printed AA until its last gunnery box is dark."""
    if guns_out(ship, spec):
        return 0
    if spec.type in CARRIERS:
        return _box(spec.gunnery, ship.gunnery_hits)
    return spec.aa


def capacity(ship: Ship, spec: ShipSpec) -> int:
    """Aircraft capacity left (25.4.5.D; notes A56): halved (rounded down) by a CV/CVL's
    first gunnery hit, zero after the second."""
    if ship.sunk or ship.capacity_hits >= 2:
        return 0
    return spec.capacity // 2 if ship.capacity_hits == 1 else spec.capacity


def damaged(ship: Ship) -> bool:
    """A box darkened (notes A58: "damaged ships may not conduct naval bombardment")."""
    return ship.flotation_hits > 0 or ship.gunnery_hits > 0


def aboard(state: State, ship_name: str) -> tuple[air.Aircraft, ...]:
    """The counters on ``ship_name`` (a CV, CVL or AV): ready or down, not flying (CAP
    counters are over it, not aboard)."""
    return tuple(
        a for a in state.air.aircraft if a.base == ship_name and a.status in (air.READY, air.DOWN)
    )


def _destroy(state: State, ids: frozenset[str]) -> State:
    """``state`` with the counters ``ids`` permanently destroyed (17.E)."""
    if not ids:
        return state
    planes = tuple(
        attrs.evolve(a, status=air.DESTROYED, base=None, hex=None, mission=None)
        if a.id in ids
        else a
        for a in state.air.aircraft
    )
    return attrs.evolve(state, air=attrs.evolve(state.air, aircraft=planes))


def _replace(state: State, new: Ship) -> State:
    return attrs.evolve(state, ships=tuple(new if s.name == new.name else s for s in state.ships))


def apply_hits(
    state: State,
    data: CoralSeaData,
    name: str,
    hits: Hits,
    ctx: Context,
    rule: str,
    *,
    deferred: list[tuple[str, str, int]] | None = None,
) -> State:
    """``state`` with ``hits`` darkened on ship ``name`` (25.4.5), logged publicly.

    Every hit on an AP is a flotation hit (25.4.5.E). A gunnery hit once every gunnery
    box is dark does nothing (25.4.5.C). A CV/CVL's first gunnery hit destroys half
    (rounded down) of the aircraft aboard, its second all of them (25.4.5.D; the last
    ones in id order: the owner's choice is not asked, notes A56); all darkened
    flotation boxes sink it (25.4.5.B), with the aircraft aboard (17.E) and the flag
    of an AP (23.B). Aircraft destroyed aboard are permanently destroyed (17.E). With
    ``deferred``, the half lost to a first gunnery hit is not taken but appended as
    (owner, ship, count), for the owner to choose (notes A56), for a carrier in a TF
    even when the count is 0 (its deck is secret: being asked must show nothing, 11.D).

    Raises:
        UnknownNameError: no such ship.
    """
    ship = ship_named(state, name)
    spec = data.ships[name]
    if ship.sunk or not hits.any:
        return state
    flot, gun = hits.flotation, hits.gunnery
    if spec.type == "AP":
        flot, gun = flot + gun, 0
    gun_room = max(0, len(spec.gunnery) - ship.gunnery_hits)
    gun_taken = min(gun, gun_room)
    new = attrs.evolve(
        ship,
        flotation_hits=min(len(spec.flotation), ship.flotation_hits + flot),
        gunnery_hits=ship.gunnery_hits + gun_taken,
    )
    lost: list[str] = []
    if spec.type in CARRIERS and gun_taken and ship.capacity_hits < 2:
        planes = [a.id for a in aboard(state, name)]
        level = min(2, ship.capacity_hits + gun_taken)
        lost = planes[len(planes) - len(planes) // 2 :] if level == 1 else planes
        if level == 1 and deferred is not None:
            if lost or ship.tf is not None:  # (a deck in a TF is asked, empty or not: 11.D)
                deferred.append((ship.side, name, len(lost)))
            lost = []
        new = attrs.evolve(new, capacity_hits=level)
    sunk = new.flotation_hits >= len(spec.flotation)
    ctx.log(
        "ship_damaged",
        f"{name} takes {flot} flotation and {gun_taken} gunnery hit(s)"
        + (f" (of {gun})" if gun_taken != gun else ""),
        rule,
        ship=name,
        flotation=flot,
        gunnery=gun_taken,
    )
    if lost:
        ctx.log(
            "aircraft_destroyed",
            f"{len(lost)} counter(s) aboard {name} destroyed by a gunnery hit",
            "25.4.5.D",
            aircraft=list(lost),
            where=name,
            fate=air.DESTROYED,
        )
    state = _destroy(state, frozenset(lost))
    if sunk:
        flag = new.flag
        new = attrs.evolve(new, sunk=True, flag=False, towed_by=None)
        state = _replace(state, new)
        going = [a.id for a in aboard(state, name)]
        ctx.log("ship_sunk", f"{name} is sunk", "25.4.5.B", ship=name)
        if going:
            ctx.log(
                "aircraft_destroyed",
                f"{len(going)} counter(s) aboard {name} go down with her",
                "17.E",
                aircraft=going,
                where=name,
                fate=air.DESTROYED,
            )
        if flag:
            ctx.log("flag_lost", f"the flag aboard {name} is lost at sea", "23.B", ship=name)
        return _destroy(state, frozenset(going))
    return _replace(state, new)


def dead_in_water_roll(ctx: Context, name: str) -> tuple[bool, int]:
    """The 5-6 roll that lets a ship dead in the water and left behind move one hex this
    turn (25.4.5.B; notes A34, A55 "one hex per turn"), for the ship movement rules:
    whether it moves, and the roll."""
    roll = ctx.dice.d6(f"{name} dead in the water", "25.4.5.B")
    return roll >= 5, roll
