"""The three die rolls of Sub Hunt: torpedo (SH 6.3), sonar (SH 8.1), depth charges (SH 9.2).

Each takes the dice it rolls, so the game and its odds (:mod:`navalwar_subhunt.odds`,
on enumerating dice) run the same code.
"""

from __future__ import annotations

from navalwar.dice import Dice
from navalwar.hexgrid import Hex, distance
from navalwar_subhunt.model import Tables

NO_EFFECT, DAMAGED, DESTROYED = "no effect", "damaged", "destroyed"


def can_fire(sub: Hex, destroyer: Hex, torpedoes: int, damaged: bool, tables: Tables) -> bool:
    """Whether the submarine may fire a torpedo now (SH 6.1, 9.4)."""
    return torpedoes > 0 and not damaged and distance(sub, destroyer) <= tables.torpedo_range


def torpedo_hits(sub: Hex, destroyer: Hex, tables: Tables, dice: Dice) -> bool:
    """Roll for one torpedo: a hit on the to-hit number for the distance or more (SH 6.3)."""
    roll = dice.d6("torpedo", "SH 6.3")
    return roll >= tables.torpedo_to_hit[distance(sub, destroyer)]


def sonar_detects(sub: Hex, destroyer: Hex, sonar_range: int, tables: Tables, dice: Dice) -> bool:
    """The umpire's sonar roll, made whatever the distance (SH 8.1): detected within
    ``sonar_range`` on ``base + distance`` or more."""
    roll = dice.d6("sonar search", "SH 8.1")
    dist = distance(sub, destroyer)
    return dist <= sonar_range and roll >= tables.sonar_base + dist


def depth_charge(target: Hex, sub: Hex, damaged: bool, tables: Tables, dice: Dice) -> str:
    """The umpire's roll for a pattern on ``target``, made whatever the submarine's hex
    (SH 9.2): ``"destroyed"``, ``"damaged"`` or ``"no effect"``."""
    roll = dice.d6("depth charges", "SH 9.2")
    dist = distance(target, sub)
    if dist == 0 and roll >= tables.destroy:
        return DESTROYED
    hurt = (dist == 0 and roll >= tables.damage) or (dist == 1 and roll >= tables.near_damage)
    if not hurt:
        return NO_EFFECT
    return DESTROYED if damaged else DAMAGED
