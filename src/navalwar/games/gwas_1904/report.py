"""A readable battle report of a GWaS 1904 match (``navalwar run``, the end of ``play``).

Plain text: the scenario and how long the battle lasted; the course of the
battle (initiative, break-outs, ships sunk, beached, run aground, detached or
leaving the map, the end); then for each side its ships sunk, beached, aground
and gone off the map (by which edge), its damaged ships with the boxes lost by
part, the torpedoes it used and the VP it scored; last the result with its
reason (:func:`~navalwar.games.gwas_1904.victory.outcome`). A running battle is
reported as it stands.
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from typing import TYPE_CHECKING

from navalwar.games.gwas_1904 import basic_combat as bc
from navalwar.games.gwas_1904 import victory
from navalwar.games.gwas_1904.battle import Battle, BattleShip, Rules
from navalwar.games.gwas_1904.combat import ShipDamage
from navalwar.games.gwas_1904.ship import PARTS, ShipSpec
from navalwar.games.gwas_1904.sides import NATION_OF, SIDES

if TYPE_CHECKING:
    from navalwar.engine import Match

__all__ = ["battle_report", "side_summary"]

NARRATED = {
    "initiative",
    "break_out",
    "ship_sunk",
    "beached",
    "left_map",
    "battle_shifted",
    "detached",
    "basic_round",
    "basic_range",
    "battle_end",
}


def battle_report(match: Match) -> str:
    """The whole report (see the module docstring)."""
    rules: Rules = match.data.rules
    state = match.state
    scen = match.scenario
    lines = [f"{match.game.spec.title}: {getattr(scen, 'title', match.scenario_name)}"]
    lines.append(f"Seed {match.seed}" + _options(match))
    battle = _as_battle(state, match)
    lines.append(_length(state, match))
    lines += ["", "The course of the battle:", *_course(match)]
    started = _started_aground(match)
    vp = victory.victory_points(battle, rules, started)
    outcome = match.outcome
    if isinstance(state, bc.BasicBattle) and outcome is not None:
        # the Game scores a finished Basic Combat its own way (a side that disengaged
        # has left the map): its scores are the ones that decided
        vp = {side: Fraction(outcome.scores.get(side, 0)) for side in SIDES}
    for side in SIDES:
        lines += ["", *side_summary(battle, rules, side, vp[side])]
        if isinstance(state, bc.BasicBattle) and side in state.disengaged:
            lines.append("  Disengaged (6.2): its ships afloat have left the battle")
    lines.append("")
    if outcome is not None:
        lines.append(f"Result: {outcome.level}. {outcome.summary}")
    else:
        standing = victory.outcome(battle, rules, started)
        lines.append(
            f"The battle goes on. As it stands: {standing.level}. {standing.summary}"
            if standing.winner
            else f"The battle goes on. As it stands: {standing.summary}"
        )
    return "\n".join(lines)


def side_summary(battle: Battle, rules: Rules, side: str, vp: Fraction) -> list[str]:
    """One side's losses, damage, torpedoes and the VP it scored, as report lines.

    Squadron members (9.0) of one class are listed together (``No. 21 class x3``)."""
    ships = [s for s in battle.ships if s.side == side]
    specs = {s.key: rules.of(s) for s in ships}
    lines = [f"{side} ({len(ships)} ships): scored {_fmt(vp)} VP"]

    def names(group: list[BattleShip], extra: Callable[[BattleShip], str] = lambda s: "") -> str:
        return _names([(specs[s.key].name + extra(s), "#" in s.key) for s in group])

    sunk = [s for s in ships if s.damage.sunk and not s.left]
    beached = [s for s in ships if s.beached and not s.damage.sunk]
    aground = [s for s in ships if s.aground and not s.damage.sunk and not s.beached]
    left = [s for s in ships if s.left]
    lines.append(
        "  Sunk: " + (names(sunk, lambda s: f" ({specs[s.key].vp} VP)") if sunk else "none")
    )
    if beached:
        lines.append("  Beached: " + names(beached))
    if aground:
        lines.append("  Aground: " + names(aground))
    if left:
        lines.append("  Left the map: " + names(left, lambda s: f" ({s.left} edge)"))
    damaged = [
        s
        for s in ships
        if not s.damage.sunk and (_lost(specs[s.key], s.damage) or _effects(specs[s.key], s))
    ]
    lines.append("  Damaged:" + ("" if damaged else " none"))
    for s in damaged:
        spec = specs[s.key]
        parts = ", ".join(_lost(spec, s.damage)) or "no boxes lost"
        effects = _effects(spec, s)
        lines.append(f"    {_name(spec, s)}: {parts}" + (f"; {effects}" if effects else ""))
    fired = [s for s in ships if s.damage.torpedo_used]
    lines.append(f"  Torpedoes used: {len(fired)}" + (f" ({names(fired)})" if fired else ""))
    return lines


def _names(entries: list[tuple[str, bool]]) -> str:
    """Names in order, squadron members of one name counted together (``x3``)."""
    counts: dict[str, int] = {}
    for name, _member in entries:
        counts[name] = counts.get(name, 0) + 1
    out = []
    for name, member in entries:
        n = counts.pop(name, 0)
        if n:
            out.append(f"{name} x{n}" if member and n > 1 else name)
    return ", ".join(out)


def _name(spec: ShipSpec, ship: BattleShip) -> str:
    """A ship's name; a squadron member also gets its number (``#1.2``)."""
    return spec.name + (f" ({ship.key.split('#')[-1]})" if "#" in ship.key else "")


def _lost(spec: ShipSpec, dmg: ShipDamage) -> list[str]:
    """``"primary 1/3"``-style entries for each part with boxes lost."""
    out = []
    for part in PARTS:
        total = len(spec.boxes(part))
        lost = dmg.track.lost_boxes(part)
        if total and lost:
            out.append(f"{part} {lost}/{total}")
    return out


def _effects(spec: ShipSpec, ship: BattleShip) -> str:
    """Speed, torpedo and commander effects of damage."""
    dmg = ship.damage
    out = []
    speed = dmg.speed(spec)
    if speed is None and not dmg.fixed:
        out.append("unable to sail")
    elif dmg.speed_lost:
        out.append(f"speed {spec.speed} -> {speed}")
    if dmg.torpedo_destroyed:
        out.append("torpedo tubes destroyed")
    if dmg.commander_killed:
        out.append("commander killed")
    return ", ".join(out)


def _fmt(x: Fraction) -> str:
    return str(x.numerator) if x.denominator == 1 else f"{float(x):.2f}"


def _options(match: Match) -> str:
    """The rules options that differ from their defaults."""
    changed = [
        f"{o.name}={match.options[o.name]}"
        for o in match.game.spec.options
        if o.name in match.options and match.options[o.name] != o.default
    ]
    return f"; options {', '.join(changed)}" if changed else ""


def _length(state: Battle | bc.BasicBattle, match: Match) -> str:
    """How long the battle has lasted."""
    scen = match.scenario
    if isinstance(state, bc.BasicBattle):
        rounds = f" of at most {state.max_rounds}" if state.max_rounds else ""
        fought = f"{state.round} round(s) fought{rounds}"
        return f"Basic Combat (6.0): {fought}, the last at {state.range} range"
    limit = int(match.options.get("impulses", 0) or getattr(scen, "impulses", 0) or 0)
    most = f" of at most {limit}" if limit else ""
    if state.phase == "setup":
        return "Tactical battle: set-up under way"
    if state.over:
        return f"Tactical battle: {state.impulse} impulse(s) fought{most}"
    return f"Tactical battle: impulse {state.impulse}{most}, step {state.step}"


def _course(match: Match) -> list[str]:
    """The events worth telling, public ones only (each side's set-up is its own)."""
    out = []
    for e in match.events:
        if e.sides or e.kind not in NARRATED:
            continue
        if e.kind in ("initiative", "basic_round"):
            out.append(f"  {e.text}")
        else:
            out.append(f"    {e.text}")
    return out or ["  (nothing yet)"]


def _as_battle(state: Battle | bc.BasicBattle, match: Match) -> Battle:
    """A Basic Combat state as a (mapless) Battle, for the VP schedule."""
    if isinstance(state, Battle):
        return state
    from navalwar.games.gwas_1904.scenario import BattleScenario

    scen = state.scenario if isinstance(state.scenario, BattleScenario) else None
    ships = tuple(
        BattleShip(s.key, s.spec, s.key, s.side, None, s.damage, s.er, start_damage=s.free)
        for s in state.ships
    )
    return Battle(ships, phase="over" if state.over else "impulse", scenario=scen)


def _started_aground(match: Match) -> frozenset[str]:
    """Ships a scenario puts aground at the start (BS2): no VP for that (victory)."""
    scen = match.scenario
    return frozenset(
        f"{NATION_OF[a.side]}:{code}"
        for a in getattr(scen, "adjustments", ())
        if a.aground
        for code in a.ships
    )
