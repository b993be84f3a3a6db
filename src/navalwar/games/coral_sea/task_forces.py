"""Task forces (11.0) and ship speeds (15.A-B, 16.4, 25.4.5.B, 27.B).

TFs are formed, split and merged by ships in one hex (11.C; notes A16: in the Ship
Movement Phase, before moving), up to the scenario's number of TFs for the turn (11.G).
A ship may also leave its TF to sail alone, visible (11.F). A TF moves at its slowest
ship's speed (15.A): the speed of the rightmost undarkened flotation box (25.4.5.B; 0 is
dead in the water), an AP one hex (16.4), an AO one hex under the oilers rule (27.B, G).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

import attrs

from navalwar.errors import NavalwarError
from navalwar.games.coral_sea import weather
from navalwar.games.coral_sea.data import CoralSeaData
from navalwar.games.coral_sea.model import Ship, State, TaskForce
from navalwar.games.coral_sea.scenario import spec_of
from navalwar.games.coral_sea.units import SIDES


def ship_speed(state: State, data: CoralSeaData, ship: Ship) -> int:
    """A ship's speed this Ship Movement Phase, before weather (15.A, 16.4, 25.4.5.B, 27.B)."""
    spec = data.ships[ship.name]
    boxes = spec.flotation
    left = len(boxes) - ship.flotation_hits
    speed = boxes[left - 1] if left > 0 else 0
    oilers = state.option("oilers", False)
    if spec.type == "AP" or (spec.type == "AO" and oilers):
        speed = min(speed, 1)
    if oilers and ship.high_speed_moves >= HIGH_SPEED_TURNS:
        speed = min(speed, 1)  # 27.C: refuel first (27.D-E)
    return speed


#: 27.C: "a maximum of sixteen turns" of high-speed cruising between refuellings.
HIGH_SPEED_TURNS = 16


def fuel(
    state: State, data: CoralSeaData, groups: Mapping[str, Sequence[Ship]], paths: Mapping[str, Any]
) -> State:
    """The oilers rule's bookkeeping for one side's moves (27.C-F; notes A61): a ship
    moving two hexes counts a high-speed turn; a group moving one hex or none, with an
    AO in it, refuels every ship (a DD also from a CV or CA in it)."""
    count: dict[str, int] = {}
    for key, ships in groups.items():
        steps = len(paths.get(key, ()))
        kinds = {data.ships[s.name].type for s in ships}
        for s in ships:
            if steps >= 2:
                count[s.name] = s.high_speed_moves + 1
            elif "AO" in kinds or (data.ships[s.name].type == "DD" and kinds & {"CV", "CA"}):
                count[s.name] = 0
    if not count:
        return state
    return attrs.evolve(
        state,
        ships=tuple(
            attrs.evolve(s, high_speed_moves=count[s.name]) if s.name in count else s
            for s in state.ships
        ),
    )


def group_speed(state: State, data: CoralSeaData, ships: Sequence[Ship], at: object) -> int:
    """How far a group of ships may move this phase (15.A-B, 16.4): its slowest ship, one
    hex from a squall or squall-influenced hex, an AP not at all there."""
    if not ships:
        return 0
    speeds = [ship_speed(state, data, s) for s in ships]
    speed = min(speeds)
    hex_ = ships[0].hex
    if speed == 0 and _towed(state, data, ships, speeds):
        speed = 1  # 25.4.5.B, A34: a CA tows the ship dead in the water one hex
    if hex_ is not None and weather.affected(state, hex_):
        speed = min(speed, 1)
        if any(data.ships[s.name].type == "AP" for s in ships):
            speed = 0
    return speed


def _towed(state: State, data: CoralSeaData, ships: Sequence[Ship], speeds: Sequence[int]) -> bool:
    """Whether the group's ships dead in the water may be towed (25.4.5.B; notes A34):
    one of them at most, a CA able to move with it, no enemy ship in the hex."""
    dead = [s for s, v in zip(ships, speeds, strict=True) if v == 0]
    movers = [
        v for s, v in zip(ships, speeds, strict=True) if v > 0 and data.ships[s.name].type == "CA"
    ]
    if len(dead) != 1 or not movers:
        return False
    side, where = ships[0].side, ships[0].hex
    return not any(s.side != side and s.hex == where and not s.sunk for s in state.ships)


def limit(state: State, side: str) -> int:
    """The number of TFs ``side`` may have this turn (11.G, 28.x)."""
    return spec_of(state.scenario).forces[side].limit(state.turn)


def tf_ids(state: State, side: str, n: int) -> tuple[str, ...]:
    """The TF ids ``side`` may use: the scenario's, then ``TF<n>`` up to ``n`` (11.B, E)."""
    force = spec_of(state.scenario).forces[side]
    named = [s.id for s in force.tf]
    out = list(dict.fromkeys([*named, *(f"TF{i}" for i in range(1, max(n, len(named)) + 1))]))
    return tuple(out)


def regroup(state: State, data: CoralSeaData, side: str, moves: Iterable[tuple[str, str]]) -> State:
    """``side``'s ships reassigned (11.C, 11.F): each (ship, TF id or ``""``) moves a ship
    into a TF in its hex, a new TF formed in its hex, or out of any TF (sailing alone).

    Raises:
        NavalwarError: an unknown ship, a TF in another hex, a TF not yet on the map, a
            held or immobile TF's ship, or more TFs than the scenario allows.
    """
    ships = {s.name: s for s in state.ships}
    tfs = {tf.id: tf for tf in state.task_forces if tf.side == side}
    for name, target in moves:
        ship = ships.get(name)
        if ship is None or ship.side != side or ship.sunk or ship.hex is None or ship.out_of_play:
            raise NavalwarError(f"no ship {name!r} of yours on the map to regroup (11.C)")
        if ship.tf is not None and (tfs[ship.tf].held or tfs[ship.tf].moves_from > state.turn):
            raise NavalwarError(f"{name}'s TF may not move yet (28.2.3, 28.3.3)")
        if target:
            tf = tfs.get(target)
            if tf is None:
                if target not in tf_ids(state, side, limit(state, side)):
                    raise NavalwarError(f"{target!r} is not a TF id of yours (11.B, 11.G)")
                tf = TaskForce(target, side, ship.hex)
                tfs[target] = tf
            elif tf.hex is None:
                raise NavalwarError(f"{target} is not on the map yet (28.x)")
            elif tf.hex != ship.hex:
                raise NavalwarError(
                    f"{name} and {target} are not in one hex: TFs rendezvous to exchange "
                    "ships (11.C)"
                )
            elif tf.held or tf.moves_from > state.turn:
                raise NavalwarError(f"{target} may not move yet (28.2.3, 28.3.3)")
        ships[name] = attrs.evolve(ship, tf=target or None)
    used = {s.tf for s in ships.values() if s.side == side and s.tf is not None and not s.sunk}
    kept = [tf for tf_id, tf in tfs.items() if tf_id in used or tfs[tf_id].hex is None]
    if len(kept) > limit(state, side):
        raise NavalwarError(
            f"{side} may have at most {limit(state, side)} TFs this turn (11.C, 11.G)"
        )
    others = [tf for tf in state.task_forces if tf.side != side]
    order = {(tf.side, tf.id): i for i, tf in enumerate(state.task_forces)}
    every = sorted(
        [*others, *kept],
        key=lambda tf: (SIDES.index(tf.side), order.get((tf.side, tf.id), len(order)), tf.id),
    )
    return attrs.evolve(
        state, ships=tuple(ships[s.name] for s in state.ships), task_forces=tuple(every)
    )
