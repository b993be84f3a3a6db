"""How Great War at Sea 1904-1905 is shown: what "turn N" means and the terminal's view.

A turn is an impulse (7.31), from its first decision once set-up (7.2) is over; the
terminal draws the lettered tactical map (7.2) as a grid of columns and rows, and a
table of counters (7.23, 9.0): enemy counters not yet seen (7.27) are blank.
"""

from __future__ import annotations

from typing import Any

from navalwar.engine import TurnStart
from navalwar.games.gwas_1904.tactical_map import TACTICAL_MAP
from navalwar.views import Column, TerminalView, counter_status, speed


def _turn_starts(state: Any) -> bool:
    return bool(state.phase == "impulse")


TURN_START = TurnStart("impulse", "impulse", _turn_starts)


def title(side: str, obs: dict[str, Any]) -> str:
    """The board's heading: set-up, the impulse and step (with the initiative and
    night), or the Basic Combat round and its range."""
    if obs.get("phase") == "setup":
        return f"{side}: set-up"
    if "impulse" in obs:
        heading = f"{side}: impulse {obs['impulse']}, step {obs.get('step', '?')}"
        if obs.get("initiative"):
            heading += f", initiative {obs['initiative']}"
        return heading + (", night" if obs.get("night") else "")
    if "round" in obs:
        return f"{side}: Basic Combat round {obs['round']} at {obs.get('range', '?')} range"
    return side


def lost(ship: dict[str, Any], obs: dict[str, Any]) -> str:
    """The boxes lost by part (9.0): primary, secondary, tertiary, hull."""
    parts = ship.get("lost")
    if not isinstance(parts, dict):
        return ""
    return "/".join(str(parts.get(p, 0)) for p in ("primary", "secondary", "tertiary", "hull"))


COLUMNS = (
    Column("Ship", "name"),
    Column("Type", "type"),
    Column("Counter", "counter"),
    Column("Hex", "hex"),
    Column("Speed", speed),
    Column("Lost P/S/T/H", lost),
    Column("Status", counter_status),
)
"""The counter table: name, type, counter (7.23), hex, speed, boxes lost by part (9.0),
status."""

TERMINAL_VIEW = TerminalView(
    map="grid",
    table="counters",
    title=title,
    columns=COLUMNS,
    spec=TACTICAL_MAP,
    redraw_title=False,  # the step changes at almost every decision
)
