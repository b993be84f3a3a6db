"""Great War at Sea 1904 facts for a batch-simulation record (:mod:`navalwar.batch`).

Impulses (tactical battle) or rounds (Basic Combat, 6.0) fought, and each side's
ships sunk (8.0; a fortress with its main guns destroyed, 20.44) and damaged
(afloat with boxes lost, speed lost, tubes destroyed or commander killed) by type
(B, AC, C, DD, TB ...; each member of a squadron counter counts).
"""

from __future__ import annotations

from typing import Any

from navalwar.engine import Match
from navalwar.games.gwas_1904 import basic_combat as bc
from navalwar.games.gwas_1904.battle import Rules
from navalwar.games.gwas_1904.combat import ShipDamage
from navalwar.games.gwas_1904.sides import SIDES


def record_extras(match: Match) -> dict[str, Any]:
    """``turns``, ``turn_unit`` (``"impulse"`` or ``"round"``), ``sunk`` and
    ``damaged``: side -> ship type -> count (every side present)."""
    state = match.state
    rules: Rules = match.data.rules
    sunk: dict[str, dict[str, int]] = {side: {} for side in SIDES}
    damaged: dict[str, dict[str, int]] = {side: {} for side in SIDES}
    for ship in state.ships:
        dmg: ShipDamage = ship.damage
        if dmg.sunk:
            tally = sunk[ship.side]
        elif _hurt(dmg):
            tally = damaged[ship.side]
        else:
            continue
        kind = rules.specs[ship.spec].type
        tally[kind] = tally.get(kind, 0) + 1
    basic = isinstance(state, bc.BasicBattle)
    return {
        "turns": state.round if basic else state.impulse,
        "turn_unit": "round" if basic else "impulse",
        "sunk": sunk,
        "damaged": damaged,
    }


def _hurt(dmg: ShipDamage) -> bool:
    return (
        any(dmg.track.lost)
        or bool(dmg.speed_lost)
        or dmg.unable
        or dmg.torpedo_destroyed
        or dmg.commander_killed
    )
