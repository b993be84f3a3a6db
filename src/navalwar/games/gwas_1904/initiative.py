"""Tactical initiative, Effectiveness penalties and Russian seamanship (GWaS 7.1 A, 11.6,
16.2, 19.3-19.5; notes A-2, A-48, A-49, A-56).

Japan is the series' "Allied" player and Russia the "Central Powers" (notes A-1).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal

import attrs

from navalwar.dice import Dice
from navalwar.errors import DataError
from navalwar.games.gwas_1904.combat import ShipDamage
from navalwar.games.gwas_1904.grounding import Check
from navalwar.games.gwas_1904.ship import ShipSpec
from navalwar.games.gwas_1904.sides import JAPAN, RUSSIA, RUSSIAN

JAPAN_WINS = 4  # 7.1 A: 3 or less gives Russia the initiative, 4 or more Japan
CommanderSign = Literal["helps", "literal"]
ER_MIN, ER_MAX = 1, 7
PENALTY = 2  # grounding, two-thirds of the hull, commander killed (19.3)
SEA_TURNS = 90  # -1 per 90 turns at sea (19.3)
SEAMANSHIP_SHIPS = 5
SEAMANSHIP_ER = 4


@attrs.frozen(slots=True)
class Initiative:
    """The initiative roll: the die, the net modifier and the side that won."""

    roll: int
    modifier: int

    @property
    def total(self) -> int:
        """The modified roll."""
        return self.roll + self.modifier

    @property
    def side(self) -> str:
        """Japan on a modified 4 or more, else Russia (7.1 A)."""
        return JAPAN if self.total >= JAPAN_WINS else RUSSIA


def initiative_modifier(
    japan_commander: bool,
    russia_commander: bool,
    commander_sign: CommanderSign = "helps",
    japan_nations: int = 1,
    russia_nations: int = 1,
) -> int:
    """The modifier to Japan's initiative die (7.1 A, 11.6, 16.2).

    Commanders (16.2): ``helps`` (default, notes A-2) gives a Japanese commander
    +1 and a Russian one -1, so each helps his own side and two cancel;
    ``literal`` applies 16.2 as printed (Allied -1, Central Powers +1), which
    makes a commander hurt his own side. Multinational fleets (11.6): -1 per
    Allied nationality beyond the first, +1 per Central Powers one. Each 1904
    side is one nation, so 11.6 never applies there; the arguments serve the
    shared series rules (notes E-15).
    """
    sign = 1 if commander_sign == "helps" else -1
    mod = sign * ((1 if japan_commander else 0) - (1 if russia_commander else 0))
    return mod - (japan_nations - 1) + (russia_nations - 1)


def roll_initiative(dice: Dice, modifier: int = 0) -> Initiative:
    """Japan rolls one die for the tactical initiative (7.1 A; notes A-1)."""
    return Initiative(dice.d6("initiative", "GWaS 7.1"), modifier)


def seamanship_applies(nation: str, ers: Sequence[int]) -> bool:
    """Whether a group must pass the Russian seamanship roll to move (19.5; notes A-49).

    A Russian group of 5 or more ships with at least one of ER 4 or less.
    ``ers`` holds one current ER per ship: a squadron counter contributes one per
    member ship.
    """
    return nation == RUSSIAN and len(ers) >= SEAMANSHIP_SHIPS and min(ers) <= SEAMANSHIP_ER


def seamanship_check(dice: Dice, nation: str, ers: Sequence[int]) -> Check | None:
    """The 19.5 roll for one group: ``met`` (a 6) means it cannot move this movement
    step. None (no roll) when the rule does not apply."""
    if not seamanship_applies(nation, ers):
        return None
    return Check(dice.d6("Russian seamanship", "GWaS 19.5"), 0, 6)


def hull_two_thirds_lost(spec: ShipSpec, dmg: ShipDamage) -> bool:
    """At least 2/3 of the hull boxes lost, the 2/3 rounded down (19.3).

    Reading: at least one box must be lost, so a ship of one hull box (2/3 rounds
    down to 0) is not penalised while undamaged.
    """
    need = max(1, 2 * len(spec.hull) // 3)
    return bool(spec.hull) and dmg.track.lost_boxes("hull") >= need


def sea_time_penalty(turns_at_sea: int) -> int:
    """-1 ER per full 90 turns at sea (19.3; notes A-48, E-2): pass the turns at sea
    less the turns in port before the penalty came (19.4)."""
    return max(0, turns_at_sea) // SEA_TURNS


def current_er(
    start: int,
    grounded: bool = False,
    hull_two_thirds_lost: bool = False,
    commander_killed: bool = False,
    sea_penalty: int = 0,
) -> int:
    """The current Effectiveness Rating (19.1, 19.3; notes A-48, A-56).

    The scenario's ER, -2 while aground, -2 while 2/3 of the hull is lost, -2
    after a "commander killed" critical result (whether or not a commander is
    aboard), -``sea_penalty`` for time at sea; never below 1.

    Raises:
        DataError: a starting ER outside 1-7.
    """
    if not ER_MIN <= start <= ER_MAX:
        raise DataError(f"an Effectiveness Rating must be 1-7, not {start}")
    penalties = PENALTY * (int(grounded) + int(hull_two_thirds_lost) + int(commander_killed))
    return max(ER_MIN, start - penalties - sea_penalty)
