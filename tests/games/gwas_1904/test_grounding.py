"""GWaS grounding, refloating, beaching and flooding: E-24 and the 7.42-7.44, 8.52
procedures (volume "Shallow-Draft Ships" and "Low Freeboard"; notes A-16, A-17, A-18)."""

from __future__ import annotations

import attrs
import pytest

from navalwar.dice import ScriptedDice
from navalwar.games.gwas_1904.builders import logger
from navalwar.games.gwas_1904.combat import ShipDamage
from navalwar.games.gwas_1904.grounding import (
    Check,
    beached_vp,
    can_run_aground,
    flooding_check,
    flooding_modifier,
    grounded_vp,
    grounding_check,
    grounding_modifier,
    in_flooding_danger,
    lose_hull,
    refloat_attempt,
    unarmoured,
)
from navalwar.games.gwas_1904.ship import ShipSpec
from navalwar.games.gwas_1904.weather import CLEAR, GALE, SQUALL, STORM

ship = ShipSpec.custom  # a test ship: only the fields a test states matter


MIKASA = ship("Mikasa", nation="J")
NOVIK = ship("Novik", "C", primary="", secondary="LL", hull="LLNN")
USHAKOV = ship("Admiral Ushakov", "CD", shallow_draft=True, low_freeboard=True)
BOIKI = ship("Boiki", "DD", primary="", secondary="", tertiary="N", hull="NN", shallow_draft=True)
DESTROYER = ship("Akatsuki", "DD", nation="J", primary="", secondary="", tertiary="N", hull="NN")


def aground(spec: ShipSpec, home: bool, roll: int) -> bool:
    check = grounding_check(ScriptedDice([roll]), spec, home)
    assert check is not None
    return check.met


def test_e24_7_42_home_coast_minus_1_capital_plus_1() -> None:
    """7.42: "a German ship on the German coast" -1; a capital ship +1. In 1904: a Japanese
    battleship on the Japanese coast nets 0 and grounds only on a 6; on the Russian
    (enemy) coast +1 grounds on a 5; a cruiser on its home coast (-1) never grounds."""
    assert grounding_modifier(MIKASA, home_coast=True) == 0
    assert not aground(MIKASA, True, 5) and aground(MIKASA, True, 6)
    assert grounding_modifier(MIKASA, home_coast=False) == 1
    assert not aground(MIKASA, False, 4) and aground(MIKASA, False, 5)
    assert grounding_modifier(NOVIK, home_coast=True) == -1
    assert not aground(NOVIK, True, 6)
    assert grounding_modifier(NOVIK, home_coast=False) == 0
    assert not aground(NOVIK, False, 5) and aground(NOVIK, False, 6)


def test_a16_shallow_draft_capital_ships_lose_the_capital_modifier() -> None:
    """The volume rule read as A-16: a shallow-draft capital ship is not +1 (option: literal,
    +1 like every capital ship)."""
    assert grounding_modifier(USHAKOV, home_coast=False) == 0
    assert grounding_modifier(USHAKOV, home_coast=False, shallow_draft_literal=True) == 1
    check = grounding_check(ScriptedDice([5]), USHAKOV, False)
    assert check == Check(5, 0, 6) and not check.met
    literal = grounding_check(ScriptedDice([5]), USHAKOV, False, shallow_draft_literal=True)
    assert literal is not None and literal.met


def test_volume_shallow_draft_light_ships_never_ground() -> None:
    assert not can_run_aground(BOIKI) and can_run_aground(DESTROYER) and can_run_aground(USHAKOV)
    assert grounding_check(ScriptedDice([]), BOIKI, False) is None  # no die rolled
    assert aground(DESTROYER, False, 6)


def test_7_43_refloat_on_a_1_then_half_a_die_of_hull_rounded_up() -> None:
    failed = refloat_attempt(ScriptedDice([2]), MIKASA)
    assert not failed.refloated and failed.hull_boxes == 0
    assert not unarmoured(MIKASA) and unarmoured(DESTROYER)
    cases = [(MIKASA, 1, 1), (MIKASA, 5, 3), (MIKASA, 6, 3), (DESTROYER, 1, 1), (DESTROYER, 5, 3)]
    for spec, die, boxes in cases:
        result = refloat_attempt(ScriptedDice([1, die]), spec)
        assert result.refloated and result.hull_boxes == boxes, (spec.name, die)
    worst = refloat_attempt(ScriptedDice([1, 6]), DESTROYER)
    assert (worst.damage_roll, worst.hull_boxes) == (7, 4)  # unarmoured +1: ceil(7/2)


def test_lose_hull_ignores_armour_and_takes_the_half_hull_speed_loss() -> None:
    lines, log = logger()
    dmg = lose_hull(MIKASA, ShipDamage.new(MIKASA), 3, log, "GWaS 7.43")
    assert dmg.track.lost_boxes("hull") == 3 and dmg.speed_lost == 0
    dmg = lose_hull(MIKASA, dmg, 1, log, "GWaS 8.52")
    assert dmg.track.lost_boxes("hull") == 4 and dmg.half_hull and dmg.speed_lost == 1
    assert lose_hull(MIKASA, dmg, 0, log, "GWaS 8.52") is dmg
    assert lines[0] == "Mikasa: 3 hull boxes blacked out (GWaS 7.43)"


def test_7_44_a18_beaching_and_grounding_victory_points() -> None:
    assert [beached_vp(10, c) for c in ("enemy", "own", "none")] == [20.0, 7.5, 10.0]
    assert [grounded_vp(25, c) for c in ("enemy", "own", "none")] == [50.0, 18.75, 25.0]
    flat = [grounded_vp(25, c, reading="flat") for c in ("enemy", "own", "none")]
    assert flat == [2.0, 0.75, 0.0]


def damaged(spec: ShipSpec, hull_lost: int) -> ShipDamage:
    fresh = ShipDamage.new(spec)
    return attrs.evolve(fresh, track=fresh.track.hit("hull", hull_lost))


def test_8_52_flooding_danger_from_three_quarters_of_the_hull() -> None:
    """8 hull boxes: 5 lost (62.5%) is safe, 6 lost (75%) is in danger; a sunk ship is not."""
    assert not in_flooding_danger(MIKASA, damaged(MIKASA, 5))
    assert in_flooding_danger(MIKASA, damaged(MIKASA, 6))
    assert not in_flooding_danger(MIKASA, damaged(MIKASA, 8))
    assert flooding_check(ScriptedDice([]), MIKASA, damaged(MIKASA, 5), GALE, True) is None


def test_8_52_a17_flooding_modifiers_are_counted_once() -> None:
    """Weather once (Squall +1, Storm +2, Gale +3), two-area move +1, low freeboard +1."""
    assert flooding_modifier(MIKASA, STORM, moved_two_areas=False) == 2
    assert flooding_modifier(MIKASA, CLEAR, moved_two_areas=True) == 1
    assert flooding_modifier(USHAKOV, GALE, moved_two_areas=True) == 5
    hulk = damaged(MIKASA, 6)
    calm = flooding_check(ScriptedDice([5]), MIKASA, hulk, CLEAR, False)
    squall = flooding_check(ScriptedDice([5]), MIKASA, hulk, SQUALL, False)
    assert calm is not None and not calm.met
    assert squall is not None and squall.met and squall.describe() == "roll 5 +1 = 6 (6 needed)"
    worst = flooding_check(ScriptedDice([1]), USHAKOV, damaged(USHAKOV, 6), GALE, True)
    assert worst is not None and worst.met


@pytest.mark.parametrize("roll", [1, 2, 3, 4, 5])
def test_8_52_unmodified_flooding_needs_a_six(roll: int) -> None:
    check = flooding_check(ScriptedDice([roll]), MIKASA, damaged(MIKASA, 7), CLEAR, False)
    assert check is not None and not check.met
