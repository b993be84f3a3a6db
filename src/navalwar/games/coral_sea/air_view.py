"""What a side may see of the air counters (notes 8.1), for the game's observation.

A side sees all its own counters. Of the enemy's it sees the counters on the board:
at fields, with their ready or down face (9.A: down counters are inverted) but a CAP
counter shown as ready (10.B: CAP is secret until revealed), airborne counters where
they are (13.C), counters aboard ships outside TFs, and the limbo, destroyed and
off-map piles (17.0). Counters aboard a ship in a TF are not shown (11.D), nor the
scramble limits of the other side (13.G, worked out from its secret CAP).
"""

from __future__ import annotations

from typing import Any

import attrs

from navalwar.games.coral_sea import air_state as air
from navalwar.games.coral_sea.air_common import initiative_order
from navalwar.games.coral_sea.air_state import Aircraft
from navalwar.games.coral_sea.data import CoralSeaData
from navalwar.games.coral_sea.model import State


def _hidden_ships(state: State) -> frozenset[str]:
    """Ships in a TF (their contents are secret, 11.D)."""
    return frozenset(s.name for s in state.ships if s.tf is not None)


def visible(state: State, side: str) -> list[Aircraft]:
    """The counters ``side`` may see, as it may see them (CAP of the enemy shown ready)."""
    hidden = _hidden_ships(state)
    out = []
    for a in state.air.aircraft:
        if a.side == side:
            out.append(a)
        elif a.base is not None and a.base in hidden and a.status in (air.READY, air.DOWN, air.CAP):
            continue
        elif a.status == air.CAP:
            out.append(Aircraft(a.id, a.model, a.side, air.READY, base=a.base))
        else:
            out.append(a)
    return out


def observe_air(state: State, data: CoralSeaData, side: str) -> dict[str, Any]:
    """The air part of ``side``'s observation, JSON-able."""
    label = data.geography.spec.label
    counters = []
    for a in visible(state, side):
        entry: dict[str, Any] = {"id": a.id, "model": a.model, "side": a.side, "status": a.status}
        if a.base is not None:
            entry["base"] = a.base
        if a.hex is not None:
            entry["hex"] = label(a.hex)
        if a.mission is not None:
            entry["mission"] = a.mission
        if a.extended_declared:
            entry["extended"] = a.extended
        if a.usaaf_temporary:
            entry["usaaf_temporary"] = True
        counters.append(entry)
    view: dict[str, Any] = {"aircraft": counters, "usaaf_out": state.air.usaaf_out}
    if state.air.scramble_allowance and side == initiative_order(state)[1]:
        view["scramble_allowance"] = dict(state.air.scramble_allowance)
    return view


#: The steps before the Combat Phase, when a side's CAP is still all secret (10.B, 13.G).
_CAP_SECRET = ("initial.cap", "initial.usaaf", "reconnaissance.", "air_movement.first")


def cap_variants(state: State, side: str) -> list[State]:
    """States ``side`` cannot tell from ``state`` by what it sees of the air: one enemy
    fighter's CAP commitment undone or made (10.B; before the scramble and combat show
    any of it), and one enemy counter aboard a ship in a TF ready instead of down (11.D).
    For the game's ``hidden_variants``."""
    out: list[State] = []
    hidden = _hidden_ships(state)
    enemy = [a for a in state.air.aircraft if a.side != side]
    if state.step.startswith(_CAP_SECRET):
        cap = next((a for a in enemy if a.status == air.CAP), None)
        if cap is not None:
            out.append(_with(state, attrs.evolve(cap, status=air.READY)))
    aboard = next((a for a in enemy if a.base in hidden and a.status == air.DOWN), None)
    if aboard is not None:
        out.append(_with(state, attrs.evolve(aboard, status=air.READY)))
    return out


def _with(state: State, a: Aircraft) -> State:
    return attrs.evolve(state, air=state.air.replace(a))
