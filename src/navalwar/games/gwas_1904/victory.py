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
aground during the battle, not a scenario's starting state (BS2). The damage a
scenario starts a ship with (BS2, BS4) was not "inflicted" and scores nothing.
A fortress scores 7 a main-gun box lost, destroyed or not (notes A-19; option
``fortress_vp = "destroyed"``: 21 only when destroyed, else 3 a box lost, as the
damaged main guns of an unsunk "fixed battleship").
"""

from __future__ import annotations

import functools
from fractions import Fraction

from navalwar.damage import PartTrack
from navalwar.engine import Outcome
from navalwar.games.gwas_1904.battle import Battle, BattleShip, Rules, other
from navalwar.games.gwas_1904.combat import ShipDamage
from navalwar.games.gwas_1904.grounding import Control, GroundedVP, beached_vp, grounded_vp
from navalwar.games.gwas_1904.ship import ShipSpec
from navalwar.games.gwas_1904.sides import JAPAN, RUSSIA, SIDE_OF, SIDES

Score = dict[str, Fraction]


def control(battle: Battle) -> str:
    """Who controls the battle's sea area: the overlay coast's owner (notes A-18);
    open sea and neutral Korea are uncontrolled."""
    ov = battle.overlay
    if ov is None:
        return ""
    return SIDE_OF.get(ov.coast, "")


def ship_value(rules: Rules, ship: BattleShip, battle: Battle) -> Fraction:
    """What sinking the ship is worth to the enemy."""
    return Fraction(_value(rules.of(ship), _cargo(battle)))


def _cargo(battle: Battle) -> bool:
    """Whether the battle's troop transports carry cargo (BS1)."""
    return battle.scenario is not None and bool(battle.scenario.victory.transport_vp)


def _value(spec: ShipSpec, cargo: bool) -> int:
    if spec.type == "TR" and cargo:
        return 4  # troop transports carry cargo (BS1)
    return spec.vp


def damage_points(rules: Rules, ship: BattleShip, free: ShipDamage | None = None) -> Fraction:
    """Damage to an unsunk ship: 3 a main-gun box, 2 a heavy hull box, 1 another;
    the boxes already lost in ``free`` (BS4's mine damage) score nothing."""
    return Fraction(_damage_points(rules.of(ship), ship, free))


def _damage_points(
    spec: ShipSpec, ship: BattleShip, free: ShipDamage | None = None, fort: int = 7
) -> int:
    base = _track_points(spec, free.track, fort) if free is not None else 0
    return _track_points(spec, ship.damage.track, fort) - base


def _track_points(spec: ShipSpec, track: PartTrack, fort: int = 7) -> int:
    """The damage points of a record: ``fort`` (7, notes A-19) a main-gun box of a
    fortress; else 3 a main-gun box, 2 a heavy hull box and 1 another."""
    if spec.type == "FORT":
        return fort * track.lost_boxes("primary")
    return 3 * track.lost_boxes("primary") + _hull_points(spec.hull, track.lost_boxes("hull"))


@functools.lru_cache(maxsize=4096)
def _hull_points(hull: str, lost: int) -> int:
    """2 a heavy hull box and 1 another, of the first ``lost`` boxes of ``hull``."""
    return sum(2 if c == "H" else 1 for c in hull[:lost])


def _fortress_box(battle: Battle, spec: ShipSpec) -> int:
    """What a main-gun box lost by a fortress not destroyed scores: 7 (notes A-19), or 3
    under option ``fortress_vp = "destroyed"`` (the damaged main guns of an unsunk
    "fixed battleship"; the 7 a box is for a destroyed fortress only)."""
    if spec.type != "FORT":
        return 7
    return 3 if dict(battle.options).get("fortress_vp") == "destroyed" else 7


def victory_points(
    battle: Battle, rules: Rules, started_aground: frozenset[str] = frozenset()
) -> Score:
    """Both sides' VP at the end of the battle."""
    scen = battle.scenario
    vic = scen.victory if scen is not None else None
    # whole points are added up as integers, the few fractional ones (exits, ships
    # ashore) as exact fractions
    whole = {JAPAN: 0, RUSSIA: 0}
    parts: Score = {}
    owner = control(battle)
    specs = rules.specs
    cargo = _cargo(battle)
    for s in battle.ships:
        scorer = other(s.side)
        spec = specs[s.spec]
        value = _value(spec, cargo)
        free = s.free_damage  # BS4's mine damage, a scenario's starting damage: no VP
        if s.left:
            if vic and vic.lost_edges_side == s.side and s.left not in vic.lost_edges:
                whole[scorer] += value  # BS6 "edge of the world": counts as sunk
                continue
            if (
                vic
                and vic.exit_vp_side == s.side
                and (not vic.exit_vp_edges or s.left in vic.exit_vp_edges)
            ):
                share = value * Fraction(vic.exit_vp_fraction).limit_denominator(100)
                parts[s.side] = parts.get(s.side, Fraction(0)) + share
            whole[scorer] += _damage_points(spec, s, free)
            continue
        if s.damage.sunk:
            if spec.type == "FORT":
                whole[scorer] += _damage_points(spec, s)
            elif free is None or not free.sunk:
                whole[scorer] += value
            continue
        where: Control = "none" if not owner else ("own" if owner == s.side else "enemy")
        if s.beached:
            ashore = Fraction(str(beached_vp(value, where)))
            parts[scorer] = parts.get(scorer, Fraction(0)) + ashore
            continue
        whole[scorer] += _damage_points(spec, s, free, _fortress_box(battle, spec))
        if s.aground and s.key not in started_aground:
            reading: GroundedVP = "flat" if battle.option("grounded_vp") == "flat" else "multiplier"
            aground = Fraction(str(grounded_vp(value, where, reading)))
            parts[scorer] = parts.get(scorer, Fraction(0)) + aground
    if vic and vic.transport_vp and vic.transport_hex:
        from navalwar.games.gwas_1904.tactical_map import hex_of

        goal = hex_of(vic.transport_hex)
        for s in battle.ships:
            if rules.of(s).type == "TR" and s.afloat and s.hex == goal:
                whole[s.side] += vic.transport_vp
    return {side: Fraction(whole[side]) + parts.get(side, 0) for side in (JAPAN, RUSSIA)}


def outcome(battle: Battle, rules: Rules, started_aground: frozenset[str] = frozenset()) -> Outcome:
    """The winner by the scenario's conditions."""
    vp = victory_points(battle, rules, started_aground)
    scores = {side: vp[side] for side in SIDES}  # exact: half VP count
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
