"""GWaS gunnery, torpedoes and damage: the worked examples E-1, E-10-E-13, E-29, E-30, E-5
and the printed damage tables (GWaS 6.x, 7.5-7.8, 8.x, 19.2; notes §8)."""

from __future__ import annotations

import attrs

from navalwar.damage import Armour
from navalwar.dice import ScriptedDice
from navalwar.games.gwas_1904.builders import logger
from navalwar.games.gwas_1904.combat import (
    HitContext,
    ShipDamage,
    apply_result,
    basic_gunnery_need,
    count_hits,
    faster,
    gunnery_hit,
    gunnery_modifier,
    penetrates,
    torpedo_modifier,
)
from navalwar.games.gwas_1904.ship import ShipSpec
from navalwar.games.gwas_1904.tables import DamageTables, parse_damage

ship = ShipSpec.custom  # a test ship: only the fields a test states matter


def test_e1_19_2_effectiveness_vladimir(tables: DamageTables) -> None:
    """Vladimir (main 2, secondary 5, auxiliary 1) at ER 4 fires 1, 3 and 1."""
    assert [tables.usable_firepower(4, f) for f in (2, 5, 1)] == [1, 3, 1]
    assert tables.effectiveness_provenance(4, 5) == "rulebook"


def test_19_2_effectiveness_table_as_printed_and_its_extension(tables: DamageTables) -> None:
    printed = {7: [1, 2, 3, 5, 6], 6: [1, 2, 3, 4, 5], 5: [1, 2, 3, 3, 4], 4: [1, 1, 2, 3, 3]}
    for er, row in printed.items():
        assert [tables.usable_firepower(er, f) for f in range(1, 6)] == row
    assert tables.usable_firepower(3, 1) == 1
    assert tables.usable_firepower(2, 5) == 1 and tables.effectiveness_provenance(2, 5) == (
        "reconstructed"
    )
    assert tables.usable_firepower(6, 8) == 5 + 3  # fives and a remainder (reconstructed)
    assert tables.usable_firepower(6, 0) == 0


def test_e10_7_5_one_die_per_firepower_sixes_hit() -> None:
    """Viribus Unitus rolls 8 main dice: two 1s, a 2, a 3, two 4s, two 6s: 2 hits."""
    hits, rolls = count_hits(ScriptedDice([1, 1, 2, 3, 4, 4, 6, 6]), 8, 0, "main guns", "7.5")
    assert hits == 2 and len(rolls) == 8


def test_7_5_gunnery_modifiers() -> None:
    """Italic +1, same or adjacent hex +1, target unable to sail +1 (7.5)."""
    firer, target = ship("A", italic=True), ship("B")
    fresh = ShipDamage.new(target)
    assert gunnery_modifier(firer, target, fresh, 2) == 1
    assert gunnery_modifier(firer, target, fresh, 1) == 2
    stopped = attrs.evolve(fresh, unable=True)
    assert gunnery_modifier(ship("C"), target, stopped, 0) == 2


def test_e11_7_5_damage_is_simultaneous(tables: DamageTables) -> None:
    """Courbet loses a main-gun box this round but still fires all 8; 7 next round: the
    firepower is read before the step's damage is applied."""
    courbet = ship("Courbet", primary="H" * 8)
    before = ShipDamage.new(courbet)
    fires_now = before.firepower("primary")
    _, log = logger()
    after = apply_result(
        courbet,
        before,
        parse_damage("1 primary"),
        HitContext("primary"),
        tables,
        ScriptedDice([1]),
        log,
    )
    assert fires_now == 8 and after.firepower("primary") == 7


def test_e12_7_82_torpedo_attack_series_and_1904(tables: DamageTables) -> None:
    """Bespokoiny (3 torpedo) vs Goeben at 1 hex: dice 6, 4, 1, +1 capital target: 1 hit;
    damage 2d6 = 6 -> 1 hull box. In 1904 an adjacent target also gives -1: still 1 hit."""
    bespokoiny = ship(
        "Bespokoiny",
        "DD",
        primary="",
        secondary="",
        tertiary="N",
        hull="NN",
        torpedo=3,
        torpedo_mount="rotating",
    )
    goeben = ship("Goeben", "B")
    fresh = ShipDamage.new(goeben)
    series = torpedo_modifier(bespokoiny, goeben, fresh, 1, volume=False)
    volume = torpedo_modifier(bespokoiny, goeben, fresh, 1, volume=True)
    assert (series, volume) == (1, 0)
    for mod in (series, volume):
        hits, _ = count_hits(ScriptedDice([6, 4, 1]), 3, mod, "torpedo", "7.81")
        assert hits == 1
    result = tables.torpedo.lookup(6)
    assert result.boxes == (("hull", 1),)
    _, log = logger()
    dmg = apply_result(goeben, fresh, result, HitContext("torpedo"), tables, ScriptedDice([]), log)
    assert dmg.track.lost_boxes("hull") == 1  # torpedoes penetrate all armour (7.82)


def test_e30_7_81_battleship_fixed_tubes_are_minus_2() -> None:
    """A capital ship firing fixed tubes: -1 and -1 (7.81); at a same-hex capital target +1."""
    battleship = ship("B", "B", torpedo=2, torpedo_mount="fixed")
    target = ship("T", "B")
    assert torpedo_modifier(battleship, target, ShipDamage.new(target), 0) == -2 + 1


def test_e13_8_2_secondary_hit_bounces_off_heavy_hull(tables: DamageTables) -> None:
    """Hamidieh's secondary hit (damage roll 5: 1 hull box) on Tri Sviatitelia's heavy hull
    does nothing; with optional 8.21 at range 1 it penetrates on 5-6, at range 0 on 3-6."""
    tri = ship("Tri Sviatitelia", hull="HHHHHH")
    result = tables.gunnery.lookup(5)
    assert result.boxes == (("hull", 1),)
    lines, log = logger()
    dmg = apply_result(
        tri, ShipDamage.new(tri), result, HitContext("secondary", 1), tables, ScriptedDice([]), log
    )
    assert dmg.track.lost_boxes("hull") == 0 and "stopped by heavy armour" in lines[-1]
    for distance, roll, lost in ((1, 4, 0), (1, 5, 1), (0, 3, 1), (0, 2, 0)):
        hit = HitContext("secondary", distance, secondary_penetration=True)
        dmg = apply_result(tri, ShipDamage.new(tri), result, hit, tables, ScriptedDice([roll]), log)
        assert dmg.track.lost_boxes("hull") == lost


def test_8_2_penetration_by_gun() -> None:
    assert penetrates("primary", Armour.HEAVY) and penetrates("torpedo", Armour.HEAVY)
    assert penetrates("secondary", Armour.LIGHT) and not penetrates("secondary", Armour.HEAVY)
    assert penetrates("tertiary", Armour.NONE) and not penetrates("tertiary", Armour.LIGHT)


def test_8_3_main_gun_additional_damage(tables: DamageTables) -> None:
    """A main-gun hit on a light or unarmoured part: 4-6 on a die adds a box (8.3)."""
    s = ship("S", hull="NNNNNN")
    _, log = logger()
    hit = HitContext("primary", 2)
    one = apply_result(
        s, ShipDamage.new(s), parse_damage("1 hull"), hit, tables, ScriptedDice([3]), log
    )
    two = apply_result(
        s, ShipDamage.new(s), parse_damage("1 hull"), hit, tables, ScriptedDice([4]), log
    )
    assert one.track.lost_boxes("hull") == 1 and two.track.lost_boxes("hull") == 2
    heavy = ship("H", hull="HHHH")
    h = apply_result(
        heavy, ShipDamage.new(heavy), parse_damage("1 hull"), hit, tables, ScriptedDice([]), log
    )
    assert h.track.lost_boxes("hull") == 1  # no roll on heavy armour


def test_8_3_one_additional_damage_roll_a_hit_even_for_two_parts(tables: DamageTables) -> None:
    """8.3 rolls once "after the damage determination of such a hit": a result naming two
    parts (critical 2 and 12 do) gets one roll, its box on the part hit first (issue 15,
    item 4)."""
    s = ship("S", primary="NNN", hull="NNNNNN")
    _, log = logger()
    dice = ScriptedDice([4, 4])
    d = apply_result(
        s,
        ShipDamage.new(s),
        parse_damage("2 hull, 1 primary"),
        HitContext("primary", 2),
        tables,
        dice,
        log,
    )
    assert (d.track.lost_boxes("hull"), d.track.lost_boxes("primary")) == (3, 1)
    assert dice.remaining == (4,)


def test_8_3_additional_damage_to_a_destroyed_part_goes_to_the_hull(tables: DamageTables) -> None:
    """The hit destroys the last main-gun box: 8.0 sends later damage to that part to the
    hull, so the 8.3 box is a hull box (issue 15, item 4)."""
    s = ship("S", primary="N", hull="NNNN")
    _, log = logger()
    d = apply_result(
        s,
        ShipDamage.new(s),
        parse_damage("1 primary"),
        HitContext("primary", 2),
        tables,
        ScriptedDice([5]),
        log,
    )
    assert (d.track.lost_boxes("primary"), d.track.lost_boxes("hull")) == (1, 1)


def test_8_6_substitution_and_destroyed_parts(tables: DamageTables) -> None:
    """No main guns: a main hit goes to the secondaries; a destroyed main battery sends
    hits to the hull; destroyed auxiliaries ignore further hits (8.0, 8.6, 8.61)."""
    _, log = logger()
    hit = HitContext("primary", 2)
    cruiser = ship("C", "C", primary="", secondary="NN", tertiary="N", hull="NNNN")
    d = apply_result(
        cruiser,
        ShipDamage.new(cruiser),
        parse_damage("1 primary"),
        hit,
        tables,
        ScriptedDice([1]),
        log,
    )
    assert d.track.lost_boxes("secondary") == 1
    b = ship("B", primary="N", hull="NNNNNN")
    d = apply_result(
        b, ShipDamage.new(b), parse_damage("2 primary"), hit, tables, ScriptedDice([1]), log
    )
    assert d.track.lost_boxes("primary") == 1 and d.track.lost_boxes("hull") == 1
    d = apply_result(b, d, parse_damage("1 tertiary"), hit, tables, ScriptedDice([1, 1]), log)
    d = apply_result(b, d, parse_damage("1 tertiary"), hit, tables, ScriptedDice([1]), log)
    assert d.track.lost_boxes("tertiary") == 2
    d2 = apply_result(b, d, parse_damage("1 tertiary"), hit, tables, ScriptedDice([]), log)
    assert d2 == d


def test_8_62_torpedo_mount_hits(tables: DamageTables) -> None:
    """A torpedo-mount hit destroys all torpedo firepower; with none it is ignored."""
    _, log = logger()
    dd = ship(
        "D",
        "DD",
        primary="",
        secondary="",
        tertiary="N",
        hull="NN",
        torpedo=2,
        torpedo_mount="rotating",
    )
    d = apply_result(
        dd,
        ShipDamage.new(dd),
        tables.gunnery.lookup(3),
        HitContext("tertiary", 0),
        tables,
        ScriptedDice([]),
        log,
    )
    assert d.torpedo_destroyed and d.torpedoes(dd) == 0
    b = ship("B")
    assert apply_result(
        b,
        ShipDamage.new(b),
        tables.gunnery.lookup(3),
        HitContext("primary"),
        tables,
        ScriptedDice([]),
        log,
    ) == ShipDamage.new(b)


def test_8_51_speed_ladder_half_hull_and_unable_to_sail(tables: DamageTables) -> None:
    """Half or more of the hull lost: one level (volume); 2 -> 1+ -> 1 -> 1s -> unable."""
    s = ship("S", speed="2", hull="NNNN")
    _, log = logger()
    d = apply_result(
        s,
        ShipDamage.new(s),
        parse_damage("2 hull"),
        HitContext("secondary"),
        tables,
        ScriptedDice([]),
        log,
    )
    assert d.speed(s) == "1+"
    d = apply_result(
        s,
        d,
        parse_damage("1 hull, speed -1"),
        HitContext("secondary"),
        tables,
        ScriptedDice([]),
        log,
    )
    assert d.speed(s) == "1"
    assert attrs.evolve(d, speed_lost=4).speed(s) is None
    assert attrs.evolve(d, unable=True).speed(s) is None


def test_8_7_criticals(tables: DamageTables) -> None:
    """A critical rolls on the Critical Damage Table; auxiliary guns cause none unless
    printed in white (volume 8.7); critical 8 lets a secondary hit through heavy hull."""
    s = ship("S", hull="HHHHHH", tertiary_white=False)
    lines, log = logger()
    crit = tables.gunnery.lookup(12)
    d = apply_result(
        s, ShipDamage.new(s), crit, HitContext("tertiary", 0), tables, ScriptedDice([]), log
    )
    assert d == ShipDamage.new(s) and "ignored" in lines[-1]
    d = apply_result(
        s, ShipDamage.new(s), crit, HitContext("secondary", 1), tables, ScriptedDice([4, 4]), log
    )
    assert d.track.lost_boxes("hull") == 1  # critical 8: 1 heavy-armour hull box
    d = apply_result(
        s, ShipDamage.new(s), crit, HitContext("primary", 2), tables, ScriptedDice([2, 2]), log
    )
    assert d.commander_killed


def test_tables_transcribed(tables: DamageTables) -> None:
    """The printed series charts (L1836-1884)."""
    g = [tables.gunnery.lookup(r).text for r in range(2, 13)]
    assert g == [
        "critical",
        "1 torpedo",
        "1 secondary",
        "1 hull",
        "1 secondary",
        "1 primary",
        "1 tertiary",
        "1 primary",
        "1 hull, plunging",
        "2 hull, speed -1",
        "critical",
    ]
    t = [tables.torpedo.lookup(r).text for r in range(2, 13)]
    assert t == [
        "critical",
        "2 hull",
        "none",
        "1 hull",
        "1 hull",
        "2 hull",
        "1 hull",
        "1 primary",
        "2 hull, speed -1",
        "3 hull, unable to sail",
        "critical",
    ]
    assert tables.critical.lookup(12).boxes == (("hull", 5), ("primary", 5))
    assert tables.critical.lookup(12).unable and tables.critical.lookup(2).speed == 1
    assert tables.minefield.lookup(6).sunk
    assert set(tables.provenance.values()) == {"rulebook"}


def test_e29_6_4_night_gunnery_is_net_zero() -> None:
    """Night combat is close range: +1 - 1 = 0 (6.3, 6.4); italic ships hit on 5-6 (6.1)."""
    assert basic_gunnery_need(ship("A"), close=True, night=True) == (6, 0)
    assert basic_gunnery_need(ship("A", italic=True), close=True, night=False) == (5, 1)


def test_e5_6_2_faster_side_needs_every_ship_faster() -> None:
    """France (1) and Glasgow (2) against Goeben and Schwarzenberg (2, the volume's top
    speed for 2+): the Allies are not faster, so the range stays long."""
    france, glasgow = ship("France", speed="1"), ship("Glasgow", "C", speed="2")
    goeben, schwarz = ship("Goeben", speed="2"), ship("Schwarzenberg", speed="2")
    ours = [france, glasgow]
    theirs = [goeben, schwarz]
    dmg = [ShipDamage.new(s) for s in ours]
    tdmg = [ShipDamage.new(s) for s in theirs]
    assert not faster(ours, dmg, theirs, tdmg)
    assert faster(theirs, tdmg, [france], [ShipDamage.new(france)])


def test_gunnery_hit_rolls_the_table(tables: DamageTables) -> None:
    s = ship("S", hull="NNNN")
    _, log = logger()
    d = gunnery_hit(
        s, ShipDamage.new(s), HitContext("secondary", 1), tables, ScriptedDice([2, 3]), log
    )  # 5: 1 hull
    assert d.track.lost_boxes("hull") == 1


def test_8_6_secondary_hit_on_a_ship_without_secondaries_goes_to_the_auxiliaries(
    tables: DamageTables,
) -> None:
    """8.6: a hit on a missing gun type shifts main -> secondary -> auxiliary, so a
    secondary hit on a cruiser with main and auxiliary guns only takes an auxiliary box,
    and with no auxiliaries either it is ignored (8.61), never the hull."""
    _, log = logger()
    hit = HitContext("primary", 2)
    cruiser = ship("C", "C", primary="NN", secondary="", tertiary="NN", hull="NNNN")
    d = apply_result(
        cruiser,
        ShipDamage.new(cruiser),
        parse_damage("1 secondary"),
        hit,
        tables,
        ScriptedDice([1]),
        log,
    )
    assert d.track.lost_boxes("tertiary") == 1 and d.track.lost_boxes("hull") == 0
    bare = ship("C", "C", primary="NN", secondary="", tertiary="", hull="NNNN")
    d = apply_result(
        bare, ShipDamage.new(bare), parse_damage("1 secondary"), hit, tables, ScriptedDice([]), log
    )
    assert d == ShipDamage.new(bare)
