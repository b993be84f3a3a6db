"""Surface-to-air (AA) combat (25.2): airfield flak and ship AA in screen and main body.

An airfield fires once per wave attacking it (or the aircraft on it) by its flak
letter, its efficiency letter (25.2.1; notes A50: not at waves attacking ships in
its hex). A task force's ships are put by their owner into a screen and a main
body (25.2.2.A; each TF its own formation, open ships alone, A50). A wave attacking
a screen ship takes fire from that ship only; one attacking the main body first
takes fire from one screen ship that has not fired yet (the owner picks it), then
from its target (25.2.2.B-C). A targeted screen ship always fires in self-defence.
The wave's owner picks its losses (25.2.2.D); AA losses are permanently destroyed
(notes A35: limbo holds only air-combat and airfield losses, 17.A).
"""

from __future__ import annotations

from collections.abc import Sequence

from navalwar.engine import Context
from navalwar.errors import IllegalActionError
from navalwar.games.coral_sea.data import CoralSeaData
from navalwar.games.coral_sea.model import Ship
from navalwar.games.coral_sea.ship_damage import aa_factor

SCREEN, MAIN = "screen", "main"


def airfield_fire(letter: str, data: CoralSeaData, ctx: Context, wave_size: int) -> int:
    """Counters an airfield of flak ``letter`` shoots down from a wave (25.2.1)."""
    roll = ctx.dice.d6(f"airfield AA, flak {letter}", "25.2.1")
    return min(wave_size, int(data.tables.airfield_aa.lookup(roll, letter)))


def ship_fire(ship: Ship, data: CoralSeaData, ctx: Context, wave_size: int) -> int:
    """Counters ``ship``'s AA shoots down from a wave (25.2.2; its current AA factor,
    25.4.5.C-D); a ship with no AA left does not roll."""
    factor = aa_factor(ship, data.ships[ship.name])
    if factor <= 0 or wave_size <= 0:
        return 0
    roll = ctx.dice.d6(f"AA of {ship.name}", "25.2.2")
    return min(wave_size, int(data.tables.ship_aa.lookup(roll, factor)))


def check_formation(tf: str, ships: Sequence[str], screen: Sequence[str]) -> None:
    """Raise unless ``screen`` names distinct ships of ``tf`` (``ships``) (25.2.2.A).

    Raises:
        IllegalActionError: a ship not in the TF, or named twice.
    """
    what = f"screen {', '.join(screen) or 'no ship'} of {tf}"
    for name in screen:
        if name not in ships:
            raise IllegalActionError(what, f"{name!r} is not afloat in {tf} here", "25.2.2.A")
    if len(set(screen)) != len(screen):
        raise IllegalActionError(what, "a ship is named twice", "25.2.2.A")
