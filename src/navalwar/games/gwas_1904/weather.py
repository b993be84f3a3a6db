"""Weather: levels, the weather roll, and what each level forbids (GWaS 11.7x; volume).

Levels run 1-6: Clear, Mist, Fog, Squall, Storm, Gale (11.73). A scenario's
"Weather at start" prints a number and a word; the number is authoritative, so
"2 (fog)" is Mist (notes A-7). The effects are those of 11.73 (notes T-11) and
the volume's "Low Freeboard" rule; aircraft and airship clauses are left out
(no aircraft in 1904; the balloon ship is handled elsewhere).
"""

from __future__ import annotations

import re
from typing import Literal

from navalwar.dice import Dice
from navalwar.errors import DataError
from navalwar.games.gwas_1904.combat import GUN_PARTS
from navalwar.games.gwas_1904.ship import ShipSpec

CLEAR, MIST, FOG, SQUALL, STORM, GALE = range(1, 7)
NAMES = {CLEAR: "Clear", MIST: "Mist", FOG: "Fog", SQUALL: "Squall", STORM: "Storm", GALE: "Gale"}
SMALL_CRAFT = ("DD", "TB")  # "destroyers and torpedo boats" (11.73)
WeatherTable = Literal["pacific", "mediterranean", "series"]
ContactReading = Literal["5.43", "11.73"]
_LEADING_NUMBER = re.compile(r"^\s*(\d+)")


def check_level(level: int) -> int:
    """Return ``level`` if it is 1-6.

    Raises:
        DataError: any other value.
    """
    if not isinstance(level, int) or not CLEAR <= level <= GALE:
        raise DataError(f"a weather level must be 1 (Clear) to 6 (Gale), not {level!r}")
    return level


def parse_level(text: str | int) -> int:
    """A weather level from a number or a scenario's "2 (fog)" (11.73; notes A-7).

    A leading number wins over the word that follows it; a bare word is read by
    name ("fair" is Clear, as the scenarios print it).

    Raises:
        DataError: neither a level number nor a weather name.
    """
    if isinstance(text, int):
        return check_level(text)
    m = _LEADING_NUMBER.match(text)
    if m:
        return check_level(int(m.group(1)))
    word = text.strip().lower()
    by_name = {v.lower(): k for k, v in NAMES.items()} | {"fair": CLEAR}
    if word not in by_name:
        raise DataError(
            f"cannot read weather {text!r}: give a level 1-6 or one of {', '.join(NAMES.values())}"
        )
    return by_name[word]


def name(level: int) -> str:
    """The name of a level (11.73)."""
    return NAMES[check_level(level)]


def next_level(
    dice: Dice, level: int, table: WeatherTable = "pacific", winter: bool = False
) -> int:
    """The weather phase roll (4.1, 11.71, 11.74; volume Weather Table), clamped to 1-6.

    ``pacific`` (default) is the volume's Weather Table completed from 11.74
    (notes T-3, A-4): 1-2 falls by 1, 3-5 no change, 6 rolls again: 3-5 rises
    by 1, 6 rises by 2. ``mediterranean`` (11.74, for Op1): 1-3 falls by 1, 6
    then 4-6 rises by 1. ``series`` (11.71): 1 falls, 6 rises (5-6 when
    ``winter``, November-March); 11.74 cancels the winter rule for the two maps.
    """
    check_level(level)
    roll = dice.d6("weather", "GWaS 11.71")
    change = 0
    if table == "series":
        change = -1 if roll == 1 else 1 if roll >= (5 if winter else 6) else 0
    elif table == "mediterranean":
        if roll <= 3:
            change = -1
        elif roll == 6:
            change = 1 if dice.d6("weather, second roll", "GWaS 11.74") >= 4 else 0
    else:
        if roll <= 2:
            change = -1
        elif roll == 6:
            again = dice.d6("weather, second roll", "GWaS 11.74")
            change = 2 if again == 6 else 1 if again >= 3 else 0
    return min(GALE, max(CLEAR, level + change))


def visibility(level: int, night: bool) -> int:
    """Visual distance in hexes (7.27, 11.73; notes T-14).

    4 by day and 2 at night, limited by weather: Mist 3 and Fog 2 in daylight,
    Squall 2, Storm 2 in daylight, Gale 1. (The daylight-only limits never bite
    at night, where the distance is already 2.)
    """
    limit = _VISIBILITY[check_level(level)]
    return min(2 if night else 4, limit)


_VISIBILITY = {CLEAR: 4, MIST: 3, FOG: 2, SQUALL: 2, STORM: 2, GALE: 1}


def small_craft(spec: ShipSpec) -> bool:
    """Destroyers and torpedo boats, the ships 11.73 singles out."""
    return spec.type in SMALL_CRAFT


def guns_allowed(level: int, spec: ShipSpec) -> frozenset[str]:
    """The gun parts a ship may fire this turn (11.73; volume "Low Freeboard").

    Squall and Storm: no secondary or auxiliary (``tertiary``) guns. Gale: the
    same, and destroyers and torpedo boats fire no guns at all. A low-freeboard
    ship fires no guns in a Squall, Storm or Gale.
    """
    if check_level(level) < SQUALL:
        return _ALL_GUNS
    if spec.low_freeboard or (level == GALE and small_craft(spec)):
        return _NO_GUNS
    return _MAIN_GUNS


_ALL_GUNS = frozenset(GUN_PARTS)
_NO_GUNS: frozenset[str] = frozenset()
_MAIN_GUNS = frozenset({"primary"})


def torpedoes_allowed(level: int) -> bool:
    """No torpedo attacks of any kind in a Squall, Storm or Gale (11.73)."""
    return check_level(level) < SQUALL


def small_craft_speed(level: int) -> str | None:
    """The speed destroyers and torpedo boats are reduced to, or None (no limit).

    Squall and Storm: speed 1; Gale: survivors of the sinking roll drop to speed
    1 (11.73; the printed "firepower ... reduced to speed 1" read as speed, A-15).
    """
    return "1" if check_level(level) >= SQUALL else None


def weather_speed(level: int, spec: ShipSpec, speed: str | None) -> str | None:
    """A ship's ``speed`` after the weather limit: destroyers and torpedo boats go
    no faster than speed 1 at level 4+ (11.73); slower ships keep their speed."""
    cap = small_craft_speed(level)
    if speed is None or cap is None or not small_craft(spec) or speed in ("1", "1s"):
        return speed
    return cap


def gale_sinks(dice: Dice, level: int, spec: ShipSpec) -> bool:
    """The Gale roll: each destroyer and torpedo boat sinks on a 6 (11.73).

    Rolls only for a destroyer or torpedo boat in a Gale; the caller rolls once
    per weather phase at level 6, for ships at sea (notes A-15).
    """
    if check_level(level) != GALE or not small_craft(spec):
        return False
    return dice.d6(f"Gale: does {spec.name} founder?", "GWaS 11.73") == 6


def flooding_modifier(level: int) -> int:
    """Squall +1, Storm +2, Gale +3 to the flooding roll (8.52, 11.73; counted once, A-17)."""
    return {SQUALL: 1, STORM: 2, GALE: 3}.get(check_level(level), 0)


def contact_modifier(level: int, night: bool, reading: ContactReading = "5.43") -> int:
    """The weather modifier to a contact roll (5.43, 11.73; notes A-6, T-12).

    High rolls mean contact. ``5.43`` (default, A-6): Clear +1; Squall -1, Storm
    -1 and Gale -2, those three in daylight turns only (11.73's limit, 5.43's
    signs). ``11.73`` (literal): Squall +1, Storm +1, Gale +2 in daylight turns;
    Clear +1 (5.43, which 11.73 does not contradict).
    """
    check_level(level)
    if level == CLEAR:
        return 1
    if night or level < SQUALL:
        return 0
    size = {SQUALL: 1, STORM: 1, GALE: 2}[level]
    return size if reading == "11.73" else -size
