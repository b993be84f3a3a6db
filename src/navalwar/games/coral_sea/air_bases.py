"""Where aircraft are based: airfields, seaplane bases and ships (2.2.7, 8.0, 13.B, 16.1-16.3).

A base is a friendly airfield or seaplane base in service (8.D), or a friendly ship
afloat that carries aircraft (CV 12, CVL 4, AV 6 counters; 25.4.5.D halves then zeroes
a carrier's capacity). :func:`bases` lists a side's bases; :func:`accepts` says which
landing modes a base takes; :func:`air_point` is where a ship's aircraft take off and
land (13.B; notes A25), which for a ship in a hidden task force is its TF counter,
never the true hex.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import attrs

from navalwar.games.coral_sea import air_state as air
from navalwar.games.coral_sea.air_state import Aircraft
from navalwar.games.coral_sea.data import CoralSeaData
from navalwar.games.coral_sea.model import Ship, State, TaskForce
from navalwar.games.coral_sea.units import CARRIER, LAND, SEAPLANE_RAMP, WATER
from navalwar.hexgrid import Hex, distance

#: Ship types that carry aircraft (16.1-16.3).
CARRIER_TYPES = ("CV", "CVL")
TENDER = "AV"
AIR_SHIPS = (*CARRIER_TYPES, TENDER)

#: Statuses of counters occupying a base (capacity, 6.C).
ON_BASE = (air.READY, air.DOWN, air.CAP)


@attrs.frozen
class Base:
    """A base a side's aircraft may use now.

    Attributes:
        name: the base's map name, or the ship's name.
        side: its side.
        ship: a ship (CV, CVL, AV), not a field.
        kind: ``"airfield"``, ``"seaplane"`` or the ship type.
        hex: its true hex (a ship's true hex is secret in a TF, 11.D).
        capacity: counters it may hold (8.C, 16.1-16.3, 25.4.5.D).
        partial: an airfield in a partial-sea hex, accepting every landing mode (8.E).
        australian: on the Australian mainland (18.0, 21.C).
        efficiency: the field's letter (8.B), ``""`` for a ship.
        tf: a ship's task force id, ``None`` outside one.
    """

    name: str
    side: str
    ship: bool
    kind: str
    hex: Hex
    capacity: int
    partial: bool = False
    australian: bool = False
    efficiency: str = ""
    tf: str | None = None


def accepts(base: Base, landing: str) -> bool:
    """Whether ``base`` takes counters of landing mode ``landing`` (2.2.7, 8.E, 16.1-16.3)."""
    if base.partial:
        return True
    if base.kind == "airfield":
        return landing in (CARRIER, LAND)
    if base.kind == "seaplane":
        return landing in (SEAPLANE_RAMP, WATER)
    if base.kind in CARRIER_TYPES:
        return landing == CARRIER
    if base.kind == TENDER:
        return landing == SEAPLANE_RAMP
    return False


def ship_capacity(ship: Ship, data: CoralSeaData) -> int:
    """A ship's aircraft capacity now: halved by the first gunnery hit on a CV or CVL
    and zero after the second (25.4.5.D; notes A56), 0 once sunk."""
    spec = data.ships.get(ship.name)
    if spec is None or ship.sunk or spec.type not in AIR_SHIPS:
        return 0
    if spec.type in CARRIER_TYPES and ship.capacity_hits:
        return 0 if ship.capacity_hits >= 2 else spec.capacity // 2
    return spec.capacity


def in_service(state: State, out_until: int) -> bool:
    """Whether a field out until turn ``out_until`` (0: never out) is in service (8.D)."""
    return out_until == 0 or state.turn >= out_until


def field_base(info: Any, side: str, partial: bool) -> Base:
    """A map base (``data.BaseInfo``) as a :class:`Base` of ``side``.

    Read leniently: the map's base records may spell ``"seaplane"`` as ``"seaplane base"``,
    and tell the Australian mainland (21.C) by ``mainland``.
    """
    kind = "seaplane" if str(info.kind).startswith("seaplane") else str(info.kind)
    mainland = getattr(info, "mainland", None)
    return Base(
        info.name,
        side,
        False,
        kind,
        info.hex,
        int(info.capacity),
        partial=kind == "airfield" and bool(getattr(info, "partial", partial)),
        australian=bool(info.australian if mainland is None else mainland),
        efficiency=str(info.efficiency),
    )


def bases(state: State, data: CoralSeaData, side: str) -> list[Base]:
    """``side``'s bases in use now: its fields in service, in map order, then its ships
    that carry aircraft, afloat and on the map, in scenario order (2.2.7 "friendly")."""
    out: list[Base] = []
    held = {b.name: b for b in state.bases}
    geo = data.geography
    for info in geo.bases:
        held_by = held.get(info.name)
        if held_by is None or held_by.controller != side:
            continue
        if not in_service(state, held_by.out_until):
            continue
        out.append(field_base(info, side, geo.terrain(info.hex) == "partial"))
    for ship in state.ships:
        if ship.side != side or ship.sunk or ship.hex is None or ship.out_of_play:
            continue
        spec = data.ships.get(ship.name)
        if spec is None or spec.type not in AIR_SHIPS:
            continue
        out.append(
            Base(ship.name, side, True, spec.type, ship.hex, ship_capacity(ship, data), tf=ship.tf)
        )
    return out


def base_named(state: State, data: CoralSeaData, side: str, name: str) -> Base | None:
    """``side``'s base called ``name`` in use now, or ``None``."""
    for b in bases(state, data, side):
        if b.name == name:
            return b
    return None


def occupancy(state: State, name: str, extra: Iterable[Aircraft] = ()) -> int:
    """The counters at base ``name`` (ready, down or on CAP from it, 6.C)."""
    n = sum(1 for a in state.air.aircraft if a.base == name and a.status in ON_BASE)
    return n + sum(1 for a in extra if a.base == name)


def room(state: State, base: Base) -> int:
    """How many more counters ``base`` may take (8.C, 16.1-16.3)."""
    return base.capacity - occupancy(state, base.name)


def task_force(state: State, tf_id: str | None, side: str) -> TaskForce | None:
    """``side``'s task force ``tf_id``, or ``None``."""
    if tf_id is None:
        return None
    for tf in state.task_forces:
        if tf.id == tf_id and tf.side == side:
            return tf
    return None


def air_point(state: State, base: Base) -> Hex | None:
    """Where aircraft take off from and land at ``base`` (13.B; notes A20, A25): a field's
    hex; a ship outside a TF, its visible hex; a ship in a TF, its true hex if revealed
    this turn, else its TF counter on the board; ``None`` when the TF has no counter yet
    (the owner places one within 2 hexes of the true hex)."""
    if not base.ship or base.tf is None:
        return base.hex
    tf = task_force(state, base.tf, base.side)
    if tf is None:
        return base.hex
    if tf.revealed and tf.hex is not None:
        return tf.hex
    return tf.counter


def counter_problem(state: State, data: CoralSeaData, base: Base, h: Hex) -> str | None:
    """Why a TF counter may not be placed at ``h`` for ``base``'s TF (13.B: within two
    hexes of the true hex; 6.B: not an all-land hex), or ``None``."""
    geo = data.geography
    if not geo.spec.in_bounds(h):
        return "the TF counter must be placed on the map"
    if distance(h, base.hex) > 2:
        return "the TF counter must be placed within two hexes of the TF's true hex (13.B)"
    if geo.terrain(h) == "land":
        return "a TF counter may not be placed on an all-land hex (6.B)"
    return None


def place_counter(state: State, base: Base, h: Hex) -> State:
    """``state`` with ``base``'s TF counter placed at ``h`` (13.B; one a turn, notes A20)."""
    tfs = tuple(
        attrs.evolve(tf, counter=h) if tf.id == base.tf and tf.side == base.side else tf
        for tf in state.task_forces
    )
    return attrs.evolve(state, task_forces=tfs)


def cap_over(state: State, data: CoralSeaData, side: str, h: Hex) -> list[Aircraft]:
    """``side``'s CAP counters patrolling over hex ``h``: those on CAP from a base whose
    true hex is ``h`` (10.C; notes A14: CAP defends every friendly target in its hex)."""
    here = {b.name for b in bases(state, data, side) if b.hex == h}
    return [
        a for a in state.air.aircraft if a.side == side and a.status == air.CAP and a.base in here
    ]


def base_of(state: State, data: CoralSeaData, a: Aircraft) -> Base | None:
    """The base counter ``a`` is at, if it is in use."""
    return None if a.base is None else base_named(state, data, a.side, a.base)
