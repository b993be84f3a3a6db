"""GWaS mines: the Minefield Table (T-5; notes E-32, A-36, A-50) and the Minefield Damage
Table (T-4; 13.21)."""

from __future__ import annotations

from fractions import Fraction

import pytest

from navalwar.dice import ScriptedDice
from navalwar.games.gwas_1904.builders import logger
from navalwar.games.gwas_1904.combat import ShipDamage
from navalwar.games.gwas_1904.mines import (
    apply_mine_damage,
    mine_damage,
    minefield_check,
    minefield_modifier,
    strike_chance,
)
from navalwar.games.gwas_1904.ship import ShipSpec
from navalwar.games.gwas_1904.tables import DamageTables

ship = ShipSpec.custom  # a test ship: only the fields a test states matter


PETROPAVLOVSK = ship("Petropavlovsk", speed="1+")
HATSUSE = ship("Hatsuse", nation="J", hull="NNNHHHHHH", speed="1+")


def test_e32_bs3_four_minefields_give_plus_3_and_strike_on_8() -> None:
    """BS3: "as if the ship had passed through 4 mine fields": +3, so a raw 2d6 of 8 or
    more strikes: 15 of 36 (5+4+3+2+1 ways to roll 8-12)."""
    assert minefield_modifier(4, "1+") == 3
    assert strike_chance(3) == Fraction(15, 36)
    strike = minefield_check(ScriptedDice([3, 5]), PETROPAVLOVSK, 4, "1+")
    miss = minefield_check(ScriptedDice([3, 4]), PETROPAVLOVSK, 4, "1+")
    assert (strike.roll, strike.total, strike.met) == (8, 11, True)
    assert (miss.roll, miss.total, miss.met) == (7, 10, False)


def test_e32_bs4_six_minefields_reach_the_plus_5_cap_strike_on_6() -> None:
    """BS4: "just passed through 6 mine fields": +5 (the cap), so a raw 6 or more strikes:
    26 of 36 (36 less the 10 ways to roll 2-5)."""
    assert minefield_modifier(6, "1+") == 5
    assert strike_chance(5) == Fraction(26, 36)
    assert minefield_modifier(7, "1+") == minefield_modifier(12, "1") == 5  # capped
    assert minefield_check(ScriptedDice([1, 5]), HATSUSE, 6, "1+").met
    assert not minefield_check(ScriptedDice([1, 4]), HATSUSE, 6, "1+").met


def test_t5_one_field_needs_11_and_a_speed_2_fleet_adds_2() -> None:
    """A-50: +2 when the fleet's slowest ship is speed 2; A-36 option: never on the
    tactical map (``speed_bonus=False``)."""
    assert minefield_modifier(1, "1") == 0 and strike_chance(0) == Fraction(3, 36)
    assert minefield_modifier(1, "2") == 2 and strike_chance(2) == Fraction(10, 36)
    assert minefield_modifier(6, "2") == 7 and strike_chance(7) == Fraction(33, 36)
    assert minefield_modifier(4, "2", speed_bonus=False) == 3
    assert minefield_modifier(1, None) == 0
    with pytest.raises(ValueError):
        minefield_modifier(0, "1")


def test_t4_minefield_damage_table(tables: DamageTables) -> None:
    expected = {
        1: "1 hull",
        2: "1 hull",
        3: "2 hull",
        4: "3 hull, speed -1",
        5: "5 hull, unable to sail",
        6: "sunk",
    }
    for roll, text in expected.items():
        got, result = mine_damage(ScriptedDice([roll]), tables, HATSUSE)
        assert got == roll and result.text == text


def test_13_21_mine_damage_ignores_armour(tables: DamageTables) -> None:
    """Roll 4: 3 hull boxes, heavy armour or not, and one speed level."""
    lines, log = logger()
    _, result = mine_damage(ScriptedDice([4]), tables, PETROPAVLOVSK)
    dmg = apply_mine_damage(PETROPAVLOVSK, ShipDamage.new(PETROPAVLOVSK), result, log, 0)
    assert dmg.track.lost_boxes("hull") == 3 and dmg.speed_lost == 1 and not dmg.half_hull
    assert dmg.speed(PETROPAVLOVSK) == "1"
    assert lines == ["Petropavlovsk strikes a mine: 3 hull, speed -1 (13.21)"]


def test_13_21_five_hull_unable_to_sail_and_half_hull(tables: DamageTables) -> None:
    _, log = logger()
    _, result = mine_damage(ScriptedDice([5]), tables, PETROPAVLOVSK)
    dmg = apply_mine_damage(PETROPAVLOVSK, ShipDamage.new(PETROPAVLOVSK), result, log, 0)
    assert dmg.track.lost_boxes("hull") == 5 and dmg.unable and dmg.half_hull
    assert dmg.speed(PETROPAVLOVSK) is None and not dmg.sunk


def test_13_21_bs4_hatsuse_sunk_on_a_six(tables: DamageTables) -> None:
    _, log = logger()
    _, result = mine_damage(ScriptedDice([6]), tables, HATSUSE)
    assert apply_mine_damage(HATSUSE, ShipDamage.new(HATSUSE), result, log, 0).sunk


def test_13_21_hull_loss_is_capped_at_the_hull(tables: DamageTables) -> None:
    _, log = logger()
    boat = ship("No. 214", "TB", primary="", secondary="", tertiary="N", hull="NN")
    _, result = mine_damage(ScriptedDice([3]), tables, boat)
    assert apply_mine_damage(boat, ShipDamage.new(boat), result, log, 0).sunk
