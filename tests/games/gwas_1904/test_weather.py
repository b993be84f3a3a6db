"""GWaS weather: level names (A-7), the weather roll (T-3, A-4), and the 11.73 effects
(T-11, T-14, A-6, A-15, A-17; volume "Low Freeboard")."""

from __future__ import annotations

import pytest

from navalwar.dice import ScriptedDice
from navalwar.errors import DataError, DiceError
from navalwar.games.gwas_1904.ship import ShipSpec
from navalwar.games.gwas_1904.weather import (
    CLEAR,
    FOG,
    GALE,
    MIST,
    SQUALL,
    STORM,
    contact_modifier,
    flooding_modifier,
    gale_sinks,
    guns_allowed,
    name,
    next_level,
    parse_level,
    small_craft_speed,
    torpedoes_allowed,
    visibility,
    weather_speed,
)

LEVELS = range(1, 7)
ALL_GUNS = frozenset({"primary", "secondary", "tertiary"})


ship = ShipSpec.custom  # a test ship: only the fields a test states matter

DESTROYER = ship("Boiki", "DD", primary="", secondary="", tertiary="N", hull="NN", speed="2")


def test_a7_the_scenario_number_wins_over_the_word() -> None:
    """Op5/Op7/Op10 print "2 (fog)": level 2 is Mist; BS7's "3 (fog)" is Fog."""
    assert parse_level("2 (fog)") == MIST and name(parse_level("2 (fog)")) == "Mist"
    assert parse_level("3 (fog)") == FOG
    assert parse_level("1 (fair)") == CLEAR and parse_level("4 (squall)") == SQUALL
    assert parse_level("fair") == CLEAR and parse_level("Gale") == GALE and parse_level(5) == 5
    assert [name(n) for n in LEVELS] == ["Clear", "Mist", "Fog", "Squall", "Storm", "Gale"]
    for bad in ("7 (hurricane)", "0", "drizzle", 7):
        with pytest.raises(DataError):
            parse_level(bad)


def test_t14_visibility_by_day_and_night() -> None:
    """4 by day, 2 at night; Mist 3 and Fog 2 by day, Squall 2, Storm 2 by day, Gale 1."""
    assert [visibility(n, night=False) for n in LEVELS] == [4, 3, 2, 2, 2, 1]
    assert [visibility(n, night=True) for n in LEVELS] == [2, 2, 2, 2, 2, 1]


def test_11_73_guns_by_weather_and_ship() -> None:
    """Squall and Storm: main guns only; Gale: main guns only and no guns for DD/TB;
    a low-freeboard ship fires nothing at level 4 or more."""
    battleship = ship("Peresvet")
    assert [guns_allowed(n, battleship) for n in LEVELS] == [ALL_GUNS] * 3 + [
        frozenset({"primary"})
    ] * 3
    assert guns_allowed(STORM, DESTROYER) == frozenset({"primary"})  # it has none to fire
    assert guns_allowed(GALE, DESTROYER) == frozenset()
    assert guns_allowed(GALE, ship("No. 214", "TB")) == frozenset()
    navarin = ship("Navarin", low_freeboard=True)
    assert guns_allowed(FOG, navarin) == ALL_GUNS
    assert [guns_allowed(n, navarin) for n in (SQUALL, STORM, GALE)] == [frozenset()] * 3


def test_11_73_no_torpedoes_from_squall_up() -> None:
    assert [torpedoes_allowed(n) for n in LEVELS] == [True, True, True, False, False, False]


def test_11_73_a15_small_craft_slow_to_speed_1() -> None:
    assert [small_craft_speed(n) for n in LEVELS] == [None, None, None, "1", "1", "1"]
    assert weather_speed(FOG, DESTROYER, "2") == "2"
    assert weather_speed(SQUALL, DESTROYER, "2") == "1"
    assert weather_speed(GALE, DESTROYER, "1+") == "1"
    assert weather_speed(GALE, DESTROYER, "1s") == "1s"  # never faster
    assert weather_speed(GALE, DESTROYER, None) is None
    assert weather_speed(GALE, ship("Novik", "C", speed="2"), "2") == "2"


def test_11_73_a15_gale_sinks_destroyers_on_a_six() -> None:
    assert gale_sinks(ScriptedDice([6]), GALE, DESTROYER)
    assert not gale_sinks(ScriptedDice([5]), GALE, DESTROYER)
    # No roll at all for other ships or other weather (the script is empty).
    assert not gale_sinks(ScriptedDice([]), GALE, ship("Peresvet"))
    assert not gale_sinks(ScriptedDice([]), STORM, DESTROYER)


def test_a17_weather_flooding_modifier() -> None:
    assert [flooding_modifier(n) for n in LEVELS] == [0, 0, 0, 1, 2, 3]


@pytest.mark.parametrize(
    ("level", "rolls", "after"),
    [
        (3, [1], 2),
        (3, [2], 2),
        (3, [3], 3),
        (3, [5], 3),
        (3, [6, 2], 3),
        (3, [6, 3], 4),
        (3, [6, 5], 4),
        (3, [6, 6], 5),
        (1, [1], 1),  # clamped
        (5, [6, 6], 6),  # clamped
    ],
)
def test_t3_a4_pacific_weather_roll(level: int, rolls: list[int], after: int) -> None:
    dice = ScriptedDice(rolls)
    assert next_level(dice, level) == after
    assert dice.remaining == ()


def test_11_71_and_11_74_other_weather_tables() -> None:
    assert next_level(ScriptedDice([3]), 3, "mediterranean") == 2
    assert next_level(ScriptedDice([6, 3]), 3, "mediterranean") == 3
    assert next_level(ScriptedDice([6, 4]), 3, "mediterranean") == 4
    assert next_level(ScriptedDice([5]), 3, "series") == 3
    assert next_level(ScriptedDice([5]), 3, "series", winter=True) == 4
    assert next_level(ScriptedDice([1]), 3, "series") == 2
    with pytest.raises(DiceError):  # the series table never rolls twice
        next_level(ScriptedDice([6]), 3, "pacific")


def test_a6_contact_modifiers_both_readings() -> None:
    day = [contact_modifier(n, night=False) for n in LEVELS]
    assert day == [1, 0, 0, -1, -1, -2]
    assert [contact_modifier(n, night=True) for n in LEVELS] == [1, 0, 0, 0, 0, 0]
    literal = [contact_modifier(n, night=False, reading="11.73") for n in LEVELS]
    assert literal == [1, 0, 0, 1, 1, 2]
