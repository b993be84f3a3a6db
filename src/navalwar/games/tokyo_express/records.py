"""Tokyo Express facts for a batch-simulation record (:mod:`navalwar.batch`).

Game Turns played, and each side's ships sunk and damaged by printed type. A ship
counts as sunk once it is sinking or removed (TE 3.8, the VP rule 3.9), as damaged
when afloat with any damage boxes marked.
"""

from __future__ import annotations

from typing import Any

from navalwar.engine import Match
from navalwar.games.tokyo_express.data import TEData
from navalwar.games.tokyo_express.model import SIDES, State


def record_extras(match: Match) -> dict[str, Any]:
    """``turns`` (Game Turns played), ``turn_unit``, ``sunk`` and ``damaged``:
    side -> ship type -> count (every side present, types only where counted)."""
    state: State = match.state
    data: TEData = match.data
    sunk: dict[str, dict[str, int]] = {side: {} for side in SIDES}
    damaged: dict[str, dict[str, int]] = {side: {} for side in SIDES}
    for ship in state.ships:
        kind = data.ship(ship.name).type
        if ship.removed or ship.sinking:
            tally = sunk[ship.side]
        elif ship.hits or ship.level:
            tally = damaged[ship.side]
        else:
            continue
        tally[kind] = tally.get(kind, 0) + 1
    return {"turns": state.turn, "turn_unit": "game turn", "sunk": sunk, "damaged": damaged}
