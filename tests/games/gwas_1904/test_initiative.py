"""GWaS initiative (7.1 A, 16.2, 11.6; notes A-2, E-15), Effectiveness penalties (19.3,
19.4; notes A-48, A-56, E-2) and Russian seamanship (19.5; notes A-49)."""

from __future__ import annotations

import attrs
import pytest

from navalwar.dice import ScriptedDice
from navalwar.errors import DataError
from navalwar.games.gwas_1904.combat import ShipDamage
from navalwar.games.gwas_1904.initiative import (
    current_er,
    hull_two_thirds_lost,
    initiative_modifier,
    roll_initiative,
    sea_time_penalty,
    seamanship_applies,
    seamanship_check,
)
from navalwar.games.gwas_1904.ship import ShipSpec
from navalwar.games.gwas_1904.sides import JAPAN, JAPANESE, RUSSIA, RUSSIAN


def ship(name: str, hull: str) -> ShipSpec:
    return ShipSpec.custom(name, primary="HH", secondary="LL", tertiary="N", hull=hull)


def side(roll: int, modifier: int = 0) -> str:
    return roll_initiative(ScriptedDice([roll]), modifier).side


def test_7_1_a_japan_rolls_3_or_less_is_russia() -> None:
    assert [side(r) for r in range(1, 7)] == [RUSSIA] * 3 + [JAPAN] * 3
    result = roll_initiative(ScriptedDice([3]), 1)
    assert (result.roll, result.modifier, result.total, result.side) == (3, 1, 4, JAPAN)


def test_16_2_a2_a_commander_helps_his_own_side() -> None:
    """A-2: a Japanese commander +1, a Russian one -1, both cancel (BS3, BS8, Op5 ...)."""
    assert initiative_modifier(japan_commander=True, russia_commander=False) == 1
    assert initiative_modifier(japan_commander=False, russia_commander=True) == -1
    assert initiative_modifier(japan_commander=True, russia_commander=True) == 0
    assert side(3, initiative_modifier(True, False)) == JAPAN
    assert side(4, initiative_modifier(False, True)) == RUSSIA


def test_16_2_literal_reading_as_printed() -> None:
    """16.2 as printed: subtract 1 for an Allied (Japanese) commander, add 1 for a Central
    Powers (Russian) one."""
    assert initiative_modifier(True, False, commander_sign="literal") == -1
    assert initiative_modifier(False, True, commander_sign="literal") == 1
    assert side(4, initiative_modifier(True, False, commander_sign="literal")) == RUSSIA


def test_e15_11_6_multinational_allied_fleet_loses_the_initiative() -> None:
    """French, British, Italian and Russian ships on the Allied side: a 6 less 3 is 3, so
    the Central Powers take the initiative. Never triggered in 1904 (one nation a side)."""
    mod = initiative_modifier(False, False, japan_nations=4)
    assert mod == -3 and side(6, mod) == RUSSIA
    assert initiative_modifier(False, False, russia_nations=3) == 2


def test_19_5_a49_russian_seamanship_applies_to_big_groups_with_a_poor_ship() -> None:
    assert seamanship_applies(RUSSIAN, [6, 6, 6, 6, 4])
    assert not seamanship_applies(RUSSIAN, [6, 6, 6, 6, 5])
    assert not seamanship_applies(RUSSIAN, [4, 4, 4, 4])
    assert not seamanship_applies(JAPANESE, [3, 3, 3, 3, 3])
    # a squadron counter of 4 destroyers and a cruiser are 5 ships.
    assert seamanship_applies(RUSSIAN, [4] * 4 + [6])


def test_19_5_a_six_stops_the_group() -> None:
    ers = [6, 6, 5, 5, 3]
    stopped = seamanship_check(ScriptedDice([6]), RUSSIAN, ers)
    moves = seamanship_check(ScriptedDice([5]), RUSSIAN, ers)
    assert stopped is not None and stopped.met
    assert moves is not None and not moves.met
    assert seamanship_check(ScriptedDice([]), RUSSIAN, [6] * 5) is None  # no roll


def test_19_3_a48_penalties_and_the_floor_of_1() -> None:
    """BS2: ER 4 aground is ER 2 (notes T-2); all three -2 penalties on ER 6 give 0,
    clamped to 1 (A-48). A-56: a killed commander costs 2 whether or not one was aboard."""
    assert current_er(4, grounded=True) == 2
    assert current_er(6, hull_two_thirds_lost=True) == 4
    assert current_er(6, commander_killed=True, sea_penalty=1) == 3
    assert current_er(6, True, True, True) == 1
    assert current_er(7) == 7
    for bad in (0, 8):
        with pytest.raises(DataError):
            current_er(bad)


def test_19_3_two_thirds_of_the_hull_rounded_down() -> None:
    nine, eight, one = ship("Nine", "H" * 9), ship("Eight", "H" * 8), ship("One", "N")

    def lost(spec: ShipSpec, n: int) -> ShipDamage:
        fresh = ShipDamage.new(spec)
        return attrs.evolve(fresh, track=fresh.track.hit("hull", n))

    assert not hull_two_thirds_lost(nine, lost(nine, 5))
    assert hull_two_thirds_lost(nine, lost(nine, 6))
    assert not hull_two_thirds_lost(eight, lost(eight, 4))
    assert hull_two_thirds_lost(eight, lost(eight, 5))  # 16/3 = 5.33 rounds down to 5
    assert not hull_two_thirds_lost(one, lost(one, 0))  # 2/3 rounds to 0: one box needed


def test_e2_19_4_time_at_sea() -> None:
    """85 turns at sea, 5 in port, 10 more at sea: 90, so -1."""
    assert sea_time_penalty(85 - 5 + 10) == 1
    assert sea_time_penalty(89) == 0 and sea_time_penalty(180) == 2 and sea_time_penalty(-3) == 0
