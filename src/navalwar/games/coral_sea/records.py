"""Coral Sea facts for a batch-simulation record (:mod:`navalwar.batch`): turns played,
each side's ships sunk and damaged by type (25.4.5), aircraft counters lost (17.A-C),
and whether Japan landed (23.0)."""

from __future__ import annotations

from typing import Any

from navalwar.engine import Match
from navalwar.games.coral_sea.air_state import DESTROYED, LIMBO
from navalwar.games.coral_sea.units import JAPAN, SIDES


def record_extras(match: Match) -> dict[str, Any]:
    """``turns``, ``sunk`` and ``damaged`` (side -> ship type -> count), ``aircraft_lost``
    (side -> counters destroyed or in limbo) and ``invaded`` (bases Japan took)."""
    state, data = match.state, match.data
    sunk: dict[str, dict[str, int]] = {side: {} for side in SIDES}
    damaged: dict[str, dict[str, int]] = {side: {} for side in SIDES}
    for s in state.ships:
        kind = data.ships[s.name].type
        if s.sunk:
            sunk[s.side][kind] = sunk[s.side].get(kind, 0) + 1
        elif s.flotation_hits or s.gunnery_hits:
            damaged[s.side][kind] = damaged[s.side].get(kind, 0) + 1
    lost = {side: 0 for side in SIDES}
    for a in state.air.aircraft:
        if a.status in (DESTROYED, LIMBO):
            lost[a.side] += 1
    return {
        "turns": state.turn,
        "sunk": sunk,
        "damaged": damaged,
        "aircraft_lost": lost,
        "invaded": sorted(b for b, side in state.invaded if side == JAPAN),
    }
