"""How Tokyo Express is shown: what "turn N" means and the terminal's view.

A Game Turn (TE 3.1) starts at the US formation step; the terminal draws the
printed hex map and a ship table of damage boxes (TE 2.5, 3.8).
"""

from __future__ import annotations

from typing import Any

from navalwar.engine import TurnStart
from navalwar.games.tokyo_express.ship_table import ship_table
from navalwar.views import TerminalView


def _turn_starts(state: Any) -> bool:
    return bool(state.step == "us_formation")


TURN_START = TurnStart("Game Turn", "turn", _turn_starts)


def title(side: str, obs: dict[str, Any]) -> str:
    """The board's heading: the side and the Game Turn (of the scenario's last)."""
    if "turn" not in obs:
        return side
    heading = f"{side}: Game Turn {obs['turn']}"
    if "last_turn" in obs:
        heading += f" of {obs['last_turn']}"
    return heading


TERMINAL_VIEW = TerminalView(map="hex", table=ship_table, title=title, redraw_title=False)
"""The board is redrawn when the ships change, not for a new Game Turn alone."""
