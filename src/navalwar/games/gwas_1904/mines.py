"""Mine strikes and mine damage (GWaS 13.2, 13.21, 13.23; Minefield Table and Minefield
Damage Table, notes T-4, T-5).

A fleet crossing a mined boundary rolls 2d6 per ship on the Minefield Table; a
strike rolls 1d6 on the Minefield Damage Table (``[minefield_damage]`` in
``damage_tables.toml``, loaded by :func:`~navalwar.games.gwas_1904.tables.load_tables`).
The caller decides who checks: never the layer's own fleets (13.22), ships
leaving the tactical map across a mined boundary too (13.23), and the mover may
halt after a quarter of the ships (13.24, notes A-51). BS3 and BS4 call for
checks "as if ... 4" and "6 mine fields" (notes E-32).
"""

from __future__ import annotations

from fractions import Fraction
from itertools import product

from navalwar.dice import Dice
from navalwar.games.gwas_1904.combat import Log, ShipDamage, effects, half_hull_speed_loss
from navalwar.games.gwas_1904.grounding import Check
from navalwar.games.gwas_1904.ship import ShipSpec
from navalwar.games.gwas_1904.tables import Damage, DamageTables

STRIKE = 11  # a modified 2d6 of 11 or more is a mine strike
FIELD_CAP = 5  # +1 per field after the first, at most +5
SPEED_BONUS = 2  # the moving fleet's speed is 2 or more
FAST = ("2", "2+")


def minefield_modifier(fields: int, group_speed: str | None, speed_bonus: bool = True) -> int:
    """The Minefield Table modifier (notes T-5, A-50, A-36).

    +1 for each minefield on the boundary after the first, at most +5; +2 if the
    moving fleet's (or tactical group's) speed, that of its slowest ship, is 2,
    whether or not it moved two areas (A-50). ``speed_bonus=False`` drops the +2,
    the A-36 option for checks on the tactical map (BS3 Roadstead).

    Raises:
        ValueError: fewer than one minefield.
    """
    if fields < 1:
        raise ValueError(f"a minefield check needs at least 1 minefield, not {fields}")
    mod = min(fields - 1, FIELD_CAP)
    if speed_bonus and group_speed in FAST:
        mod += SPEED_BONUS
    return mod


def strike_chance(modifier: int) -> Fraction:
    """The exact chance that 2d6 + ``modifier`` reaches 11 (E-32: +3 gives 15/36)."""
    hits = sum(1 for a, b in product(range(1, 7), repeat=2) if a + b + modifier >= STRIKE)
    return Fraction(hits, 36)


def minefield_check(
    dice: Dice, spec: ShipSpec, fields: int, group_speed: str | None, speed_bonus: bool = True
) -> Check:
    """Roll 2d6 for one ship crossing ``fields`` minefields (13.2): ``met`` is a strike."""
    mod = minefield_modifier(fields, group_speed, speed_bonus)
    roll = sum(dice.nd(2, 6, f"Minefield Table for {spec.name}", "GWaS 13.2"))
    return Check(roll, mod, STRIKE)


def mine_damage(dice: Dice, tables: DamageTables, spec: ShipSpec) -> tuple[int, Damage]:
    """Roll 1d6 on the Minefield Damage Table for one strike (13.21): (roll, result).

    1-2 one hull box; 3 two; 4 three and speed -1; 5 five and unable to sail; 6 sunk.
    """
    roll = dice.d6(f"Minefield Damage Table for {spec.name}", "GWaS 13.21")
    return roll, tables.minefield.lookup(roll)


def apply_mine_damage(
    spec: ShipSpec, dmg: ShipDamage, result: Damage, log: Log, roll: int
) -> ShipDamage:
    """Apply a Minefield Damage Table result (13.21): mines ignore armour, a hit
    part already destroyed overflows to the hull (8.0), then speed, unable to sail
    and the half-hull speed loss (volume "Speed 1+", 8.51; notes A-9).

    The same as ``combat.apply_result`` with a torpedo ``HitContext``, which also
    penetrates everything, but with no dice: the table has no critical results.
    """
    log(
        "damage_roll",
        f"{spec.name} strikes a mine: {result.text} (13.21)",
        table="minefield",
        roll=roll,
        **effects(result),
    )
    if result.sunk:
        return dmg.replace(track=dmg.track.hit("hull", dmg.track.remaining("hull")))
    track = dmg.track
    for part, n in result.boxes:
        track = track.hit(part, n, overflow=None if part == "hull" else "hull")
    dmg = dmg.replace(
        track=track,
        speed_lost=dmg.speed_lost + result.speed,
        unable=dmg.unable or result.unable,
    )
    return half_hull_speed_loss(spec, dmg, log)
