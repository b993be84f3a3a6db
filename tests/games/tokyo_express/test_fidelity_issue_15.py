"""Fidelity points of issue 15 (an audit of 1,500 Tokyo Express games), each with its rule."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from navalwar.datapack import parse_toml
from navalwar.dice import ScriptedDice
from navalwar.engine import Context
from navalwar.errors import DataError
from navalwar.frozen import evolve
from navalwar.games.tokyo_express import GAME, combat_segment, movement_phase, terminal_stage
from navalwar.games.tokyo_express.allocation import (
    japanese_torpedo_plan,
    us_torpedo_can_fire,
    us_torpedo_choices,
)
from navalwar.games.tokyo_express.battle_movement import battle_movement, sector, sectors
from navalwar.games.tokyo_express.combat import apply_damage, end_of_combat_segment
from navalwar.games.tokyo_express.data import TEData
from navalwar.games.tokyo_express.geometry import TE_MAP, in_heading_row, te_hex, te_label
from navalwar.games.tokyo_express.model import (
    COUNTERMARCH,
    STARBOARD,
    TURN_60,
    Combat,
    Order,
    State,
)
from navalwar.games.tokyo_express.scenario import load_scenario, parse_scenario, scenario_dir
from navalwar.games.tokyo_express.setups import position
from navalwar.hexgrid import Arc, Hex, arc_of, distance, neighbour, reflect
from navalwar.render import heading_angle


def ctx(*rolls: int) -> Context:
    return Context(ScriptedDice(rolls), record=True)


# -- item 5: the Battle Movement Display is mirror-symmetric (TE 3.3) ---------------------------
def _mirror_sector(s: int) -> int:
    """The sector on the other side of the US ship's keel line (1 is its own mirror)."""
    return 1 if s == 1 else 13 - s


@pytest.mark.parametrize("heading", range(6))
def test_issue15_5_bmd_sectors_mirror_across_the_keel_line(heading: int) -> None:
    """TE 3.3: the display's port sectors mirror its starboard ones, so a Japanese ship's
    mirror image across the US ship's heading line is in the mirror sector(s); dead ahead
    and dead astern, on the line itself, both sectors meeting there are possible."""
    us = te_hex("1620")
    for dq in range(-9, 10):
        for dr in range(-9, 10):
            jp = Hex(us.q + dq, us.r + dr)
            if jp == us:
                continue
            mirror = reflect(jp, us, heading)
            assert sorted(_mirror_sector(s) for s in sectors(us, heading, jp)) == sorted(
                sectors(us, heading, mirror)
            ), (dq, dr)


def test_issue15_5_dead_ahead_and_astern_are_between_two_sectors() -> None:
    """TE 3.3, 2.3: dead ahead lies between sectors 2 and 11, dead astern between 6 and 7."""
    us = te_hex("2020")
    ahead = neighbour(neighbour(us, 0), 0)
    astern = neighbour(neighbour(us, 3), 3)
    assert sectors(us, 0, ahead) == (2, 11)
    assert sectors(us, 0, astern) == (6, 7)
    assert sectors(us, 0, te_hex("1621")) == (2,)
    with pytest.raises(ValueError, match="between sectors 2 and 11"):
        sector(us, 0, ahead)


@pytest.mark.parametrize(("choice", "expected"), [(1, 2), (2, 11)])
def test_issue15_5_dead_ahead_sector_is_chosen_at_random(
    te_data: TEData, choice: int, expected: int
) -> None:
    """TE 3.3 with TE 2.3 "choose randomly": a Japanese reference ship dead ahead of the US
    reference ship reads sector 2 or 11 with equal chances, not always sector 2."""
    state = position(
        te_data,
        us=[("Chicago", "2020", "N")],
        japan=[("Kako", "1821", "S")],
        step="jp_orders",
        phase=0,
    )
    assert distance(te_hex("2020"), te_hex("1821")) == 2
    c = ctx(choice, 6)
    battle_movement(state, te_data, state.formation(2), c)
    orders = [e for e in c.events if e.kind == "japanese_order"]
    assert [e.data["sector"] for e in orders] == [expected]


# -- items 2 and 3: the second round of torpedo attacks (TE 3.6) ------------------------------
def _ahead(h: Hex, heading: int, n: int) -> Hex:
    for _ in range(n):
        h = neighbour(h, heading)
    return h


def test_issue15_2_us_ship_that_held_fire_may_fire_into_its_heading_row(te_data: TEData) -> None:
    """TE 3.6: "the targets of two torpedo attacks cannot be in the hex row along which the
    ship is heading". Cushing, which held its fire in the first round, has only one attack:
    it may take Kagero, dead ahead; after a first attack it may not (Cushing example)."""
    state = position(te_data, us=[("Cushing", "2020", "N")], japan=[("Kagero", "1821", "S")])
    cushing = state.ship("Cushing")
    assert in_heading_row(cushing.hex, cushing.heading, state.ship("Kagero").hex)
    held = evolve(state, combat=Combat(first_targets=("Yunagi",)))
    targets = {a.target for a in us_torpedo_choices(held, te_data, cushing, second=True)}
    assert "Kagero" in targets
    assert us_torpedo_can_fire(held, te_data, cushing, second=True)
    fired = evolve(
        state, combat=Combat(first_targets=("Yunagi",), first_mounts=(("Cushing", "P"),))
    )
    targets = {a.target for a in us_torpedo_choices(fired, te_data, cushing, second=True)}
    assert "Kagero" not in targets


def test_issue15_2_japanese_ship_without_a_first_attack_fires_into_its_heading_row(
    te_data: TEData,
) -> None:
    """TE 3.6: a Japanese ship that made no first attack may take a second-round target in
    the hex row dead ahead; one that made a first attack (even with centre mounts only)
    may not."""
    state = position(te_data, us=[("Chicago", "1821", "S")], japan=[("Kagero", "2020", "N")])
    kagero = state.ship("Kagero")
    assert in_heading_row(kagero.hex, kagero.heading, state.ship("Chicago").hex)
    none_first = evolve(state, combat=Combat())
    plan = japanese_torpedo_plan(none_first, te_data, ctx(), second=True)
    assert [(a.attacker, a.target) for a in plan] == [("Kagero", "Chicago")]
    fired = evolve(state, combat=Combat(first_mounts=(("Kagero", ""),)))
    assert japanese_torpedo_plan(fired, te_data, ctx(), second=True) == []


def _n_then_second_round(te_data: TEData, option: str) -> list[object]:
    """Fubuki alone, at Long range in Chicago's bow arc: two salvos of 3 - 1 - 1 = 2, the
    Japan "1-3" column; roll 1 gives "N", then roll 10 if a second attack comes."""
    chicago = te_hex("2020")
    fubuki = _ahead(chicago, 0, 8)
    state = position(
        te_data,
        us=[("Chicago", "2020", "N")],
        japan=[("Fubuki", te_label(fubuki), "S")],
        step="jp_torpedo",
        options={"cancelled_torpedo_attack": option},
    )
    assert arc_of(chicago, 0, fubuki) is Arc.BOW and distance(chicago, fubuki) == 8
    assert [s.value for s in te_data.ship("Fubuki").salvos][:2] == [3, 3]
    assert te_data.torpedo.result("Japan", 2, 1) == "N"
    c = ctx(1, 10)
    combat_segment.run_jp_torpedo(GAME, state, te_data, c)
    return [e.data["result"] for e in c.events if e.kind == "torpedo_attack"]


def test_issue15_3_an_n_result_is_no_first_attack(te_data: TEData) -> None:
    """TE 3.6: an "N" means the attack "has been cancelled" (its salvos are not spent), so
    Chicago was not the target of a first attack and Fubuki made none: the second round
    may attack her again. The option ``cancelled_torpedo_attack = counts`` keeps the other
    reading (the N still counts as a first attack)."""
    assert _n_then_second_round(te_data, "void") == ["N", 1]
    assert _n_then_second_round(te_data, "counts") == ["N"]


# -- item 1: a turn "after moving" at the map edge (TE 3.3, 3.4, 3.9) ---------------------------
def _at_the_edge(te_data: TEData, laffey: str, order: Order) -> tuple[State, Context]:
    """Barton (and Laffey) heading N, Barton in column 01 (the north edge), Kako in column
    31: no 3.9 slide keeps every ship on the map, so Barton stops at the edge. Formation 1
    turns "after moving" in the Sixth Movement Phase, the last one."""
    state = position(
        te_data,
        us=[("Barton", "0120", "N"), ("Laffey", laffey, "N")],
        japan=[("Kako", "3120", "S")],
        us_groups=[["Barton", "Laffey"]],
        speeds={"Barton": 6},
        phase=6,
    )
    state = state.with_formation(state.formation(1).replace(order=order))
    state = evolve(state, plan=((1, "after"),), step="us_move")
    c = ctx()
    return movement_phase.run_us_move(GAME, state, te_data, c), c


def _heading(state: State, name: str) -> str:
    return TE_MAP.heading_name(state.ship(name).heading)


def test_issue15_1_ships_stopped_at_the_edge_still_turn_after_moving(te_data: TEData) -> None:
    """TE 3.3: a formation "must make the appropriate turns sometime during the Game Turn".
    Both ships stop at the edge in the last phase; the 60° Turn is made there, not dropped."""
    state, c = _at_the_edge(te_data, "0121", Order(TURN_60, STARBOARD))
    assert [e.data["ship"] for e in c.events if e.kind == "map_edge_stop"] == ["Barton", "Laffey"]
    assert te_label(state.ship("Barton").hex) == "0120"
    assert (_heading(state, "Barton"), _heading(state, "Laffey")) == ("NE", "NE")
    assert state.formation(1).order.turns_done == 1


def test_issue15_1_a_ship_stopped_at_the_edge_turns_with_its_formation(te_data: TEData) -> None:
    """TE 3.3 "all ships in the formation must make the turn at the same time": Laffey
    moves, Barton stops at the edge; both turn, and keep one heading."""
    state, _ = _at_the_edge(te_data, "0220", Order(TURN_60, STARBOARD))
    assert te_label(state.ship("Laffey").hex) == "0121"
    assert (_heading(state, "Barton"), _heading(state, "Laffey")) == ("NE", "NE")
    assert state.ship("Barton").formation == state.ship("Laffey").formation == 1


def test_issue15_1_no_second_turn_in_the_hex_of_the_last_turn(te_data: TEData) -> None:
    """TE 3.4 "a ship can never make two turns in the same hex": Barton turned after its
    last move and stops at the edge, so it cannot turn again there. When Laffey moves,
    Barton goes on as a one-ship formation with the turn still due (as a ship kept out of
    a hex does); when neither moves the turn stays due, and the log says so."""
    order = Order(COUNTERMARCH, STARBOARD, turns_done=1, last_turn_phase=5, turned_since_move=True)
    state, _ = _at_the_edge(te_data, "0220", order)
    assert (_heading(state, "Barton"), _heading(state, "Laffey")) == ("N", "NE")
    alone = state.formation(state.ship("Barton").formation)
    assert alone.ships == ("Barton",) and alone.order.turns_done == 1
    assert state.formation(1).ships == ("Laffey",) and state.formation(1).order.turns_done == 2
    state, c = _at_the_edge(te_data, "0121", order)
    assert (_heading(state, "Barton"), _heading(state, "Laffey")) == ("N", "N")
    assert state.formation(1).order == order
    assert [e.data["ships"] for e in c.events if e.kind == "turn_postponed"] == [
        ["Barton", "Laffey"]
    ]


# -- items 6-8: the scenario file (TE 3.9) -----------------------------------------------------
def _basic_doc() -> dict[str, Any]:
    return parse_toml(scenario_dir() / "basic.toml")


def test_issue15_6_historical_only_is_refused_with_the_option_to_use(te_data: TEData) -> None:
    """``historical_only`` was never read: the pool of randomly drawn ships is the rules
    option ``ship_pool`` (TE 3.9 leaves it unstated), so the field is refused, saying so."""
    doc = _basic_doc()
    assert "historical_only" not in doc["scenario"]
    doc["scenario"]["historical_only"] = True
    with pytest.raises(DataError, match="ship_pool") as info:
        parse_scenario(doc, "mine.toml", te_data)
    assert (info.value.file, info.value.path) == ("mine.toml", "scenario.historical_only")
    assert not hasattr(load_scenario("basic", te_data), "historical_only")


def test_issue15_7_basic_schedule_has_only_the_3_9_rows(te_data: TEData) -> None:
    """TE 3.9 schedules VP for Japanese CA, CL, DD and US CA, DD only: no BB rows, no US CL
    row (``show tokyo_express basic`` listed TE 14.2's as well)."""
    scen = load_scenario("basic", te_data)
    assert {side: sorted(rows) for side, rows in scen.vp.items()} == {
        "US": ["CA", "CL", "DD"],
        "Japan": ["CA", "DD"],
    }
    text = GAME.describe_scenario(scen)
    assert "BB" not in text and "to Japan for US CL" not in text
    assert "to US for Japan CA: 8 / 6 / 4 / 2" in text


def test_issue15_7_a_schedule_must_cover_the_types_in_play(te_data: TEData) -> None:
    """A side's table is its whole schedule, so every enemy type placed needs a row."""
    doc = _basic_doc()
    del doc["victory"]["US"]["CL"]
    with pytest.raises(DataError, match="Japan CL") as info:
        parse_scenario(doc, "mine.toml", te_data)
    assert info.value.path == "victory.US"
    doc = _basic_doc()
    del doc["victory"]["Japan"]  # no table: the side scores by TE 14.2
    assert parse_scenario(doc, "mine.toml", te_data).vp["Japan"]["BB"] == (11, 7, 5, 3)


@pytest.mark.parametrize(
    ("edit", "field", "allowed"),
    [
        (lambda d: d["fire_direction"].update(US=-3), "fire_direction.US", "from 1 to 40"),
        (lambda d: d["fire_direction"].update(Japan=500), "fire_direction.Japan", "from 1 to 40"),
        (lambda d: d["scenario"].update(game_turns=0), "scenario.game_turns", "from 1 to 40"),
        (lambda d: d["victory"]["US"].update(CA=[-1000, 6, 4, 2]), "victory.US.CA", "0 to 100"),
        (lambda d: d["victory"]["Japan"].update(DD=[3, 2, 1, 101]), "victory.Japan.DD", "0 to 100"),
        (lambda d: d["admiral"].update(killed_vp=-2), "admiral.killed_vp", "from 0 to 100"),
        (lambda d: d["admiral"].update(type="XX"), "admiral.type", "BB, CA, CL or DD"),
        (
            lambda d: d["victory"].update(levels=[{"min": 5000, "result": "a"}, {"result": "b"}]),
            "victory.levels[0].min",
            "from -1000 to 1000",
        ),
        (
            lambda d: d["victory"].update(
                levels=[{"min": 20 - i, "result": "a"} for i in range(11)]
            ),
            "victory.levels",
            "from 1 to 10 levels",
        ),
        (
            lambda d: d["forces"].update(US=[{"type": "CA", "hex": "2109", "heading": "N"}] * 40),
            "forces.US[",
            "the roster has",
        ),
    ],
)
def test_issue15_8_scenario_values_are_range_checked(
    te_data: TEData, edit: Callable[[dict[str, Any]], Any], field: str, allowed: str
) -> None:
    """Every number of a TE scenario has a range, and a value outside it is refused naming
    the file, the field and the range (as GWaS scenarios are)."""
    doc = _basic_doc()
    edit(doc)
    with pytest.raises(DataError, match=allowed) as info:
        parse_scenario(doc, "mine.toml", te_data)
    assert info.value.file == "mine.toml"
    assert info.value.path is not None and info.value.path.startswith(field)


def test_issue15_8_a_huge_force_is_refused_before_its_ships_are_read(te_data: TEData) -> None:
    """A force larger than its side's whole roster is refused at once, on its length (a
    million entries here, every one the same table: none is examined)."""
    doc = _basic_doc()
    doc["forces"]["US"] = [{"type": "DD", "hex": "2009", "heading": "N"}] * 1_000_000
    roster = sum(1 for s in te_data.ships.values() if s.side == "US")
    with pytest.raises(DataError, match=f"from 1 to {roster} ships") as info:
        parse_scenario(doc, "mine.toml", te_data)
    assert info.value.path == "forces.US"


def test_issue15_8_a_huge_scenario_file_is_refused_unread(te_data: TEData, tmp_path: Path) -> None:
    """A scenario file over the core's size limit is refused on its size, before it is
    parsed (navalwar.datapack.MAX_FILE_BYTES)."""
    from navalwar.datapack import MAX_FILE_BYTES

    path = tmp_path / "huge.toml"
    path.write_bytes(b"# " + b"x" * MAX_FILE_BYTES)
    with pytest.raises(DataError, match=f"at most {MAX_FILE_BYTES}") as info:
        load_scenario(str(path), te_data)
    assert info.value.file == str(path)


# -- item 4: the "(2)" in the last box (TE 2.3 against 3.8) ---------------------------------------
def _speed_after(te_data: TEData, name: str, hits: int) -> tuple[int, int]:
    """(Damage Level, maximum Speed) of ``name`` after ``hits`` boxes, at the Damage
    Effects Phase."""
    state = position(te_data, japan=[(name, "1010", "S")], us=[("Chicago", "2020", "N")])
    state = apply_damage(state, te_data, name, hits, ctx(), "TE 3.8")
    state = end_of_combat_segment(state, te_data, ctx())
    state = terminal_stage.run_damage_effects(GAME, state, te_data, ctx())
    return state.ship(name).level, state.ship(name).max_speed


def test_issue15_4_last_box_speed_applies_with_one_box_left_not_at_level_3(
    te_data: TEData,
) -> None:
    """TE 3.8 against 2.3: 2.3 calls the "(2)" the maximum Speed "at Damage Level 3", 3.8
    "when only this box remains". The reading is 3.8's: Kirishima (Speed 6, 18 boxes,
    Damage Level 3 at box 16) at Damage Level 3 with 2 boxes left keeps 6 - 3 = 3; with
    one box left she has the "(2)"."""
    spec = te_data.ship("Kirishima")
    assert (spec.max_speed, spec.boxes, dict(spec.levels)[3], spec.last_box_speed) == (6, 18, 16, 2)
    assert _speed_after(te_data, "Kirishima", 16) == (3, 3)
    assert _speed_after(te_data, "Kirishima", 17) == (3, 2)


# -- item 9: the printed map's orientation (TE 2.3, 11.2, 16.2, 17.6) -----------------------------
def test_issue15_9_map_drawn_as_printed() -> None:
    """As the rules describe the printed map: hex 0136 "in the upper lefthand corner" on
    the north edge (16.2), the north edge column 01 at the top (11.2), the re-entry hexes
    of row 01 on the right side (2.3, 13.3), west to the left (17.6). The hexes are pointy
    at the top, so no hexside points straight up: heading N is drawn 30° left of up, NE 30°
    right of it, SE to the right and NW to the left."""
    px = {label: TE_MAP.pixel(te_hex(label)) for label in ("0101", "0136", "3101", "3139")}
    assert px["0136"][1] == min(y for _, y in px.values())  # top
    assert px["0136"][0] < px["0101"][0] and px["3139"][0] < px["3101"][0]  # row 01 right
    assert px["0101"][1] < px["3101"][1]  # column 01 above column 31
    angles = [round(heading_angle(TE_MAP, h)) % 360 for h in range(6)]
    assert dict(zip(TE_MAP.heading_names, angles, strict=True)) == {
        "N": 330,
        "NE": 30,
        "SE": 90,
        "S": 150,
        "SW": 210,
        "NW": 270,
    }
