"""Air-to-surface combat, bombing (25.3, 14.1): level, dive and torpedo attacks.

Level bombers attack with the wave's total bomb strength (14.1.1.B) on the Level
Bombing of Ships Table (2d6, the "1 in 36" of 14.1.1) or of Airfields; dive bombers
and torpedo bombers attack counter by counter (notes A29): dive bombing of ships
is the To Hit Table, then the Hit Damage Table for a hit (14.1.2.C); torpedo
bombing uses the counter's bomb factor on the Intermediate Gunnery Table's to-hit
portion, every hit a flotation hit, no ranging (14.1.3.A; A30). Against a base a
wave attacks "the airfield" (the field: the result's ``field_out``) or "the
aircraft on the ground" (the result's ``aircraft``) (25.3.B; A51).
"""

from __future__ import annotations

from navalwar.engine import Context
from navalwar.games.coral_sea.data import CoralSeaData
from navalwar.games.coral_sea.table_types import AirfieldResult, Hits


def level_ships(total: int, data: CoralSeaData, ctx: Context) -> Hits:
    """A wave's level bombing of a ship with ``total`` bomb strength (14.1.1.B; 2d6)."""
    if total <= 0:
        return Hits()
    roll = sum(ctx.dice.nd(2, 6, "level bombing of a ship", "14.1.1"))
    return data.tables.level_ships.lookup(roll, total)


def level_airfield(total: int, data: CoralSeaData, ctx: Context) -> AirfieldResult:
    """A wave's level bombing of an airfield with ``total`` bomb strength (14.1.1.A)."""
    if total <= 0:
        return AirfieldResult()
    roll = ctx.dice.d6("level bombing of an airfield", "14.1.1.A")
    return data.tables.level_airfields.lookup(roll, total)


def dive_airfield(bomb: int, data: CoralSeaData, ctx: Context) -> AirfieldResult:
    """One dive-bomber counter's attack on an airfield (14.1.2.B)."""
    if bomb <= 0:
        return AirfieldResult()
    roll = ctx.dice.d6("dive bombing of an airfield", "14.1.2.B")
    return data.tables.dive_airfields.lookup(roll, bomb)


def dive_ship(bomb: int, data: CoralSeaData, ctx: Context) -> Hits:
    """One dive-bomber counter's attack on a ship: To Hit, then Hit Damage (14.1.2.C)."""
    if bomb <= 0:
        return Hits()
    roll = ctx.dice.d6("dive bombing: to hit", "14.1.2.C")
    if not data.tables.dive_to_hit.lookup(roll, bomb):
        return Hits()
    return data.tables.dive_damage.lookup(ctx.dice.d6("dive bombing: hit damage", "14.1.2.C"))


def torpedo_ship(bomb: int, data: CoralSeaData, ctx: Context) -> Hits:
    """One torpedo-bomber counter's attack: its bomb factor on the Intermediate Gunnery
    Table's to-hit portion, no ranging; every hit a flotation hit (14.1.3.A; A30)."""
    if bomb <= 0:
        return Hits()
    roll = ctx.dice.d6("torpedo bombing: to hit", "14.1.3.A")
    return Hits(flotation=int(data.tables.intermediate.to_hit.lookup(roll, bomb)))
