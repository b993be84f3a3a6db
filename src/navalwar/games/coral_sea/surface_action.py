"""Surface naval action (25.4.1-25.4.6): range bands, movement choices, gunnery, torpedoes.

Ships meet at primary range (25.4.2.A), where nothing fires in Coral Sea (25.4.2.D;
notes A52). Each round both players secretly write close, stand or break off
(25.4.2.B); whose choice counts: a movement advantage first, then the destroyer
rule, then the initiative player on a 4 or less (A52). The Movement and Range Effect
Table gives the new range or the end of the action (25.4.2.E). Then gunnery: the
initiative player designates and fires first, each battery at one target
(25.4.3.C), +1 to the to-hit roll on the first round a ship fires at a target at
secondary range (25.4.4; A54); the damage of both sides is marked together (A53).
Then torpedoes at secondary range, by DDs and Japanese CLs: a US DD once a turn, a
Japanese ship twice a Combat Phase but not in consecutive rounds (25.4.6; A57); all
torpedo hits are flotation hits.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from navalwar.engine import Context
from navalwar.games.coral_sea.data import CoralSeaData
from navalwar.games.coral_sea.model import Ship
from navalwar.games.coral_sea.ship_damage import gun_factor, speed
from navalwar.games.coral_sea.table_types import (
    INTERMEDIATE,
    SECONDARY,
    Gunnery,
    Hits,
)
from navalwar.games.coral_sea.units import JAPAN

BATTERIES = ("intermediate", "secondary")


def batteries_at(band: str) -> tuple[str, ...]:
    """The batteries that may fire at a range band (25.4.2.D)."""
    if band == SECONDARY:
        return BATTERIES
    if band == INTERMEDIATE:
        return ("intermediate",)
    return ()


def slowest(ships: Sequence[Ship], data: CoralSeaData) -> int:
    """The current speed of the slowest ship (25.4.5.B)."""
    return min(speed(s, data.ships[s.name]) for s in ships)


def only_destroyers(ships: Sequence[Ship], data: CoralSeaData) -> bool:
    """Whether every ship is a DD (25.4.2.B)."""
    return all(data.ships[s.name].type == "DD" for s in ships)


def chooser(
    forces: Mapping[str, Sequence[Ship]],
    choices: Mapping[str, str],
    initiative: str,
    data: CoralSeaData,
    ctx: Context,
) -> str:
    """The side whose movement choice is carried out this round (25.4.2.B; A52).

    Movement advantage (its slowest ship at least one hex faster than the enemy's
    slowest), then the destroyer rule, then the initiative player on 1d6 <= 4. Equal
    choices need no roll (either is the same): the initiative side is returned.
    """
    a, b = sorted(forces)
    if choices[a] == choices[b]:
        return initiative
    sa, sb = slowest(forces[a], data), slowest(forces[b], data)
    if sa >= sb + 1:
        return a
    if sb >= sa + 1:
        return b
    da, db = only_destroyers(forces[a], data), only_destroyers(forces[b], data)
    if da and not db:
        return a
    if db and not da:
        return b
    other = b if initiative == a else a
    roll = ctx.dice.d6("surface action: initiative player's choice on 1-4", "25.4.2.B")
    return initiative if roll <= 4 else other


def new_range(band: str, choice: str, data: CoralSeaData) -> str | None:
    """The range after ``choice`` at ``band``, ``None`` when the action ends (25.4.2.E)."""
    return data.tables.range_effect[(band, choice)]


def gunnery(table: Gunnery, factor: int, drm: int, ctx: Context, what: str) -> Hits:
    """One battery of ``factor`` fired on a Gunnery Table (25.4.3): the to-hit portion
    with ``drm`` (ranging, 25.4.4), then a hit type rolled for each box hit."""
    if factor <= 0:
        return Hits()
    roll = ctx.dice.d6(f"gunnery: {what}", "25.4.3")
    boxes = int(table.to_hit.lookup(roll + drm, factor))
    flot = gun = 0
    for _ in range(boxes):
        if table.hit_type.lookup(ctx.dice.d6("gunnery: hit type", "25.4.5.A")) == "gunnery":
            gun += 1
        else:
            flot += 1
    return Hits(flotation=flot, gunnery=gun)


def battery_factor(ship: Ship, battery: str, data: CoralSeaData) -> int:
    """A battery's current factor (25.4.3, 25.4.5.C)."""
    return gun_factor(ship, data.ships[ship.name], battery)


def may_fire_torpedoes(
    ship: Ship, data: CoralSeaData, last_round: int | None, this_round: int
) -> bool:
    """Whether ``ship`` may fire torpedoes this round (25.4.6.A-B; A57): a DD or
    Japanese CL with tubes, afloat, with a salvo left (US: one a turn; Japanese: two a
    Combat Phase), and for a Japanese ship not the round after its last salvo."""
    spec = data.ships[ship.name]
    if ship.sunk or spec.torpedo <= 0:
        return False
    if spec.type != "DD" and not (spec.type == "CL" and spec.side == JAPAN):
        return False
    if spec.side == JAPAN:
        return ship.torpedo_salvos < 2 and last_round != this_round - 1
    return ship.torpedo_salvos < 1


def torpedo_attack(factor: int, data: CoralSeaData, ctx: Context, what: str) -> Hits:
    """A ship's torpedo salvo (25.4.6; M17): flotation hits only (25.4.6.C)."""
    if factor <= 0:
        return Hits()
    roll = ctx.dice.d6(f"torpedoes: {what}", "25.4.6")
    return Hits(flotation=int(data.tables.torpedo.lookup(roll, factor)))
