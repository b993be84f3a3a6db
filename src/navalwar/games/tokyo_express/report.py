"""A readable battle report of a Tokyo Express match."""

from __future__ import annotations

from typing import TYPE_CHECKING

from navalwar.games.tokyo_express.geometry import te_label
from navalwar.games.tokyo_express.model import JAPAN, US, State

if TYPE_CHECKING:
    from navalwar.engine import Match

NARRATED = {
    "turn_began",
    "ship_placed",
    "flagship",
    "japanese_order",
    "freedom_of_action",
    "us_order",
    "chit_drawn",
    "torpedo_attack",
    "gunnery_attack",
    "damage_level",
    "sinking",
    "salvo_lost",
    "ship_sunk",
    "speed_reduced",
    "admiral_killed",
    "map_slide",
    "ship_blocked",
    "game_over",
}


def ship_table(match: Match) -> list[str]:
    """One line per ship: type, damage boxes, Damage Level, state."""
    state: State = match.state
    data = match.data
    lines = []
    for side in (US, JAPAN):
        lines.append(f"{side}:")
        for s in state.ships:
            if s.side != side:
                continue
            spec = data.ship(s.name)
            status = (
                "sunk"
                if s.removed or s.sinking
                else (
                    f"Damage Level {s.level}" if s.level else ("damaged" if s.hits else "undamaged")
                )
            )
            ready = sum(1 for x in s.salvos if x == 0)
            where = "" if s.removed else f"  at {te_label(s.hex)}"
            lines.append(
                f"  {spec.type:<3} {s.name:<16} {s.hits:>2}/{spec.boxes:<2} boxes  "
                f"{status:<16} salvos {ready}/{len(s.salvos)}{where}"
            )
    return lines


def battle_report(match: Match) -> str:
    """The narrated log of the important events, then the ships and the result."""
    scen = match.scenario
    lines = [f"{match.game.spec.title}: {scen.title} (seed {match.seed})", ""]
    for e in match.events:
        if e.kind in NARRATED:
            indent = "" if e.kind in ("turn_began", "game_over") else "  "
            if e.kind == "turn_began":
                lines.append("")
            lines.append(f"{indent}{e.text}")
    lines += ["", "Ships at the end:" if match.is_over else "Ships now:", *ship_table(match)]
    outcome = match.outcome
    if outcome is not None:
        lines += ["", f"Result: {outcome.summary}"]
    return "\n".join(lines)
