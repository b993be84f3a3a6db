"""How ``navalwar play`` shows Coral Sea: the hex map with the side's own ships, enemy
ships outside TFs, and markers for enemy TF counters (11.E), squalls (5.1) and this turn's
reveals (12.x, 20.0); no facing arrows (ships have none)."""

from __future__ import annotations

from typing import Any

from navalwar.views import TerminalView


def title(side: str, obs: dict[str, Any]) -> str:
    """``Coral Sea, turn 5 (Noon 6 May 1942): Japan; initiative Allies``."""
    return (
        f"Coral Sea, turn {obs.get('turn')} ({obs.get('time')} {obs.get('date')}): {side}; "
        f"initiative {obs.get('initiative') or '-'}"
    )


TERMINAL_VIEW = TerminalView(map="hex", arrows=False, markers="markers", title=title)
