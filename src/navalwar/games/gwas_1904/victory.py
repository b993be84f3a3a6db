"""Victory points and the winner of a battle scenario (rulebook "Victory Points"
L267-282, 7.44, 20.44, and each scenario's victory conditions).

The schedule: a sunk ship scores its VP value; an unsunk ship 3 per main-gun
box lost, 2 per heavy-armour hull box and 1 per other hull box lost; 7 per
main-gun box of a fortress; a sunk transport 4 with cargo, 1 without. A ship
beached at the end counts as sunk, doubled in an enemy-controlled sea area and
three quarters in its own (7.44). Scores are exact fractions.

Readings (docs/rules/gwas_1904.md): the "grounded" lines of the schedule are
multipliers of the ship's VP value like 7.44's, x1 in an uncontrolled area
(notes A-18; option ``grounded_vp = "flat"`` for 2 and 3/4 VP each), and they count ships that ran
aground during the battle, not a scenario's starting state (BS2).
"""

from __future__ import annotations

from fractions import Fraction

from navalwar.damage import PartTrack
from navalwar.engine import Outcome
from navalwar.games.gwas_1904.battle import JAPAN, RUSSIA, SIDES, Battle, BattleShip, Rules, other
from navalwar.games.gwas_1904.combat import ShipDamage
from navalwar.games.gwas_1904.grounding import Control, GroundedVP, beached_vp, grounded_vp

Score = dict[str, Fraction]


def control(battle: Battle) -> str:
    """Who controls the battle's sea area: the overlay coast's owner (notes A-18);
    open sea and neutral Korea are uncontrolled."""
    ov = battle.overlay
    if ov is None:
        return ""
    return {"R": RUSSIA, "J": JAPAN}.get(ov.coast, "")


def ship_value(rules: Rules, ship: BattleShip, battle: Battle) -> Fraction:
    """What sinking the ship is worth to the enemy."""
    spec = rules.of(ship)
    if spec.type == "TR" and battle.scenario is not None and battle.scenario.victory.transport_vp:
        return Fraction(4)  # troop transports carry cargo (BS1)
    return Fraction(spec.vp)


def damage_points(rules: Rules, ship: BattleShip, free: ShipDamage | None = None) -> Fraction:
    """Damage to an unsunk ship: 3 a main-gun box, 2 a heavy hull box, 1 another;
    the boxes already lost in ``free`` (BS4's mine damage) score nothing."""
    spec = rules.of(ship)

    def points(track: PartTrack) -> int:
        if spec.type == "FORT":
            return 7 * track.lost_boxes("primary")
        lost = track.lost_boxes("hull")
        hull = sum(2 if c == "H" else 1 for c in spec.hull[:lost])
        return 3 * track.lost_boxes("primary") + hull

    base = points(free.track) if free is not None else 0
    return Fraction(points(ship.damage.track) - base)


def victory_points(
    battle: Battle, rules: Rules, started_aground: frozenset[str] = frozenset()
) -> Score:
    """Both sides' VP at the end of the battle."""
    scen = battle.scenario
    vic = scen.victory if scen is not None else None
    vp: Score = {JAPAN: Fraction(0), RUSSIA: Fraction(0)}
    owner = control(battle)
    for s in battle.ships:
        scorer = other(s.side)
        spec = rules.of(s)
        value = ship_value(rules, s, battle)
        free = s.mine_damage  # BS4: the mine damage itself scores nothing
        if s.left:
            if vic and vic.lost_edges_side == s.side and s.left not in vic.lost_edges:
                vp[scorer] += value  # BS6 "edge of the world": counts as sunk
                continue
            if (
                vic
                and vic.exit_vp_side == s.side
                and (not vic.exit_vp_edges or s.left in vic.exit_vp_edges)
            ):
                vp[s.side] += value * Fraction(vic.exit_vp_fraction).limit_denominator(100)
            vp[scorer] += damage_points(rules, s, free)
            continue
        if s.damage.sunk:
            if spec.type == "FORT":
                vp[scorer] += damage_points(rules, s)
            elif free is None or not free.sunk:
                vp[scorer] += value
            continue
        where: Control = "none" if not owner else ("own" if owner == s.side else "enemy")
        if s.beached:
            vp[scorer] += Fraction(str(beached_vp(int(value), where)))
            continue
        vp[scorer] += damage_points(rules, s, free)
        if s.aground and s.key not in started_aground:
            reading: GroundedVP = "flat" if battle.option("grounded_vp") == "flat" else "multiplier"
            vp[scorer] += Fraction(str(grounded_vp(int(value), where, reading)))
    if vic and vic.transport_vp and vic.transport_hex:
        from navalwar.games.gwas_1904.tactical_map import hex_of

        goal = hex_of(vic.transport_hex)
        for s in battle.ships:
            if rules.of(s).type == "TR" and s.afloat and s.hex == goal:
                vp[s.side] += vic.transport_vp
    return vp


def outcome(battle: Battle, rules: Rules, started_aground: frozenset[str] = frozenset()) -> Outcome:
    """The winner by the scenario's conditions."""
    vp = victory_points(battle, rules, started_aground)
    scores = {side: int(vp[side]) for side in SIDES}
    summary = f"Japan {_fmt(vp[JAPAN])} VP, Russia {_fmt(vp[RUSSIA])} VP"
    scen = battle.scenario
    vic = scen.victory if scen is not None else None
    if vic and vic.exit_side:
        off = sum(
            1
            for s in battle.ships
            if s.side == vic.exit_side
            and s.left
            and (not vic.exit_edges or s.left in vic.exit_edges)
        )
        if off >= vic.exit_ships:
            return Outcome(
                vic.exit_side,
                f"{vic.exit_side} victory",
                scores,
                f"{off} {vic.exit_side} ships got off the map; {summary}",
            )
    if vic and vic.margin_side:
        side = vic.margin_side
        if vp[side] - vp[other(side)] >= vic.margin:
            return Outcome(side, f"{side} victory", scores, f"{summary} (a lead of {vic.margin}+)")
        return Outcome(
            other(side),
            f"{other(side)} victory",
            scores,
            f"{summary} ({side} needed a lead of {vic.margin})",
        )
    if vp[JAPAN] == vp[RUSSIA]:
        if vic and vic.ties:
            return Outcome(
                vic.ties, f"{vic.ties} victory", scores, f"{summary} (ties go to {vic.ties})"
            )
        return Outcome(None, "Draw", scores, summary)
    winner = max(SIDES, key=lambda side: vp[side])
    return Outcome(winner, f"{winner} victory", scores, summary)


def _fmt(x: Fraction) -> str:
    return str(x.numerator) if x.denominator == 1 else f"{float(x):.2f}"


__all__ = ["outcome", "victory_points"]
