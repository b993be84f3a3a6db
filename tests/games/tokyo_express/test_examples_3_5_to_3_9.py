"""Worked examples and rules of TE 3.5-3.9: combat, damage, the Basic Scenario, victory."""

from __future__ import annotations

import pytest

from navalwar.dice import ScriptedDice
from navalwar.engine import Context
from navalwar.frozen import evolve
from navalwar.games.tokyo_express import GAME, combat_segment, terminal_stage, victory
from navalwar.games.tokyo_express.actions import GunneryAttack, TorpedoAttack
from navalwar.games.tokyo_express.allocation import (
    japanese_gunnery_plan,
    japanese_torpedo_plan,
    us_gunnery_choices,
    us_torpedo_choices,
)
from navalwar.games.tokyo_express.combat import (
    end_of_combat_segment,
    gunnery_target_ok,
    torpedo_line_clear,
)
from navalwar.games.tokyo_express.data import TEData
from navalwar.games.tokyo_express.geometry import in_heading_row, te_hex
from navalwar.games.tokyo_express.model import FIRED, LOST, READY, Combat, State
from navalwar.games.tokyo_express.scenario import load_scenario
from navalwar.games.tokyo_express.setups import position, with_deck_order
from navalwar.hexgrid import Arc, arc_of, distance


def ctx(*rolls: int) -> Context:
    return Context(ScriptedDice(rolls))


def test_3_5_example_visual_fire_direction_range(te_data: TEData) -> None:
    """Two US CAs at 1518 are 7 hexes from the Japanese CL at 0818 and may attack only it;
    the Japanese (range 10) may attack all the US ships."""
    assert distance(te_hex("1518"), te_hex("0818")) == 7
    state = position(
        te_data,
        us=[("Portland", "1518", "N"), ("San Francisco", "1518", "N")],
        japan=[("Sendai", "0818", "S"), ("Kako", "0717", "S"), ("Aoba", "0719", "S")],
    )
    assert distance(te_hex("1518"), state.ship("Kako").hex) > 7
    portland, sendai, kako = (state.ship(n) for n in ("Portland", "Sendai", "Kako"))
    assert gunnery_target_ok(state, te_data, portland, sendai)
    assert not gunnery_target_ok(state, te_data, portland, kako)
    targets = {t for a in us_gunnery_choices(state, te_data, portland) for _, t in a.fire}
    assert targets == {"Sendai"}
    assert gunnery_target_ok(state, te_data, kako, portland)
    assert gunnery_target_ok(state, te_data, kako, state.ship("San Francisco"))


def test_3_6_example_of_line_of_fire(te_data: TEData) -> None:
    """Atago 2326, Nagara 2226: clear to Patterson 2125 and Jarvis 2126 (along a hexside
    with one side occupied), blocked to Honolulu 2127 (the line enters 2226)."""
    state = position(
        te_data,
        japan=[("Atago", "2326", "N"), ("Nagara", "2226", "N")],
        us=[("Patterson", "2125", "S"), ("Jarvis", "2126", "S"), ("Honolulu", "2127", "S")],
    )
    atago = state.ship("Atago")
    assert torpedo_line_clear(state, atago, state.ship("Patterson"))
    assert torpedo_line_clear(state, atago, state.ship("Jarvis"))
    assert not torpedo_line_clear(state, atago, state.ship("Honolulu"))
    # Enemy ships never block: a US ship in 2226 would not block Atago's line.
    moved = state.with_ship(state.ship("Nagara").replace(hex=te_hex("2330")))
    moved = moved.with_ship(moved.ship("Jarvis").replace(hex=te_hex("2226")))
    assert torpedo_line_clear(moved, moved.ship("Atago"), moved.ship("Honolulu"))


def test_3_6_example_of_firing_arcs_cushing(te_data: TEData) -> None:
    """Cushing (P, S and C mounts) fires port and centre at A in its first attack; in the
    second its starboard mount may take C or D but not B, in the hex row dead ahead."""
    assert {s.mount for s in te_data.ship("Cushing").salvos} == {"P", "S", "C"}
    state = position(
        te_data,
        us=[("Cushing", "2020", "N")],
        japan=[
            ("Yunagi", "2123", "S"),
            ("Kagero", "1821", "S"),
            ("Fubuki", "1818", "S"),
            ("Amagiri", "2118", "S"),
        ],
    )
    cushing = state.ship("Cushing")
    arcs = {
        n: arc_of(cushing.hex, cushing.heading, state.ship(n).hex)
        for n in ("Yunagi", "Kagero", "Fubuki", "Amagiri")
    }
    assert arcs["Yunagi"] is Arc.PORT and arcs["Kagero"] is Arc.BOW
    assert in_heading_row(cushing.hex, cushing.heading, state.ship("Kagero").hex)
    assert arcs["Fubuki"] is Arc.STARBOARD and arcs["Amagiri"] is Arc.STARBOARD
    spec = te_data.ship("Cushing")
    port_c = tuple(i for i, s in enumerate(spec.salvos) if s.mount in "PC")[:2]
    first = TorpedoAttack("Cushing", "Yunagi", port_c)
    assert first in us_torpedo_choices(state, te_data, cushing, second=False)
    fired = tuple(FIRED if i in port_c else st for i, st in enumerate(cushing.salvos))
    state = state.with_ship(cushing.replace(salvos=fired))
    state = evolve(
        state, combat=Combat(first_targets=("Yunagi",), first_mounts=(("Cushing", "P"),))
    )
    second = us_torpedo_choices(state, te_data, state.ship("Cushing"), second=True)
    targets = {a.target for a in second if a.target}
    assert targets == {"Fubuki", "Amagiri"}
    for a in second:
        assert all(spec.salvos[i].mount == "S" for i in a.salvos)


def test_3_6_example_of_target_allocation(te_data: TEData) -> None:
    """Atago, closest to any US ship, fires at Pensacola; Samidare, as close to Lardner as to
    Pensacola, takes Lardner, which nobody attacks yet."""
    state = position(
        te_data,
        us=[("Pensacola", "2020", "N"), ("Lardner", "2024", "N")],
        japan=[("Atago", "2220", "SE"), ("Samidare", "1822", "SE")],
    )
    atago, samidare = state.ship("Atago"), state.ship("Samidare")
    pens, lard = state.ship("Pensacola"), state.ship("Lardner")
    assert distance(atago.hex, pens.hex) == 2
    assert distance(samidare.hex, pens.hex) == distance(samidare.hex, lard.hex) == 3
    assert torpedo_line_clear(state, samidare, pens) and torpedo_line_clear(state, samidare, lard)
    attacks = japanese_torpedo_plan(state, te_data, ctx(), second=False)
    assert [(a.attacker, a.target) for a in attacks] == [
        ("Atago", "Pensacola"),
        ("Samidare", "Lardner"),
    ]


def _chicago(te_data: TEData) -> State:
    state = position(
        te_data,
        us=[("Chicago", "2020", "N")],
        japan=[("Jintsu", "2220", "SE"), ("Asagumo", "2218", "SE")],
        speeds={"Chicago": 6},
    )
    for n in ("Jintsu", "Asagumo"):
        s = state.ship(n)
        assert arc_of(te_hex("2020"), 0, s.hex) is Arc.STERN  # in Chicago's stern arc
        assert arc_of(s.hex, s.heading, te_hex("2020")) is Arc.PORT  # firing to port
        assert distance(s.hex, te_hex("2020")) <= 3  # Short range
        assert torpedo_line_clear(state, s, state.ship("Chicago"))
    return evolve(state, step="jp_torpedo", combat=Combat())


def test_3_6_example_of_torpedo_attack(te_data: TEData) -> None:
    """Jintsu (1 salvo) and Asagumo (2 salvos), value 4 each, into Chicago's stern at Short
    range: each 4 - 1 + 2 = 5, total 15; roll 6 on "12-15" -> 4, +1 stern = 5 boxes, and
    Chicago's maximum Speed drops by 1 to 5."""
    state = _chicago(te_data)
    c = ctx(6)
    state = combat_segment.run_jp_torpedo(GAME, state, te_data, c)
    attack = next(e for e in c.events if e.kind == "torpedo_attack")
    assert attack.data["total"] == 15 and attack.data["roll"] == 6
    assert attack.data["result"] == 4 and attack.data["damage"] == 5
    chicago = state.ship("Chicago")
    assert chicago.hits == 5 and chicago.stern_hits == 1
    assert state.ship("Jintsu").salvos.count(FIRED) == 1
    assert state.ship("Asagumo").salvos.count(FIRED) == 2
    state = terminal_stage.run_damage_effects(
        GAME, end_of_combat_segment(state, te_data, ctx()), te_data, ctx()
    )
    assert state.ship("Chicago").max_speed == 5


def test_3_6_more_than_short_range_fires_one_salvo_each(te_data: TEData) -> None:
    """ "if the distance had been greater than Short, each would fire only one salvo"."""
    state = position(
        te_data,
        us=[("Chicago", "2020", "N")],
        japan=[("Jintsu", "2518", "SE"), ("Asagumo", "2416", "SE")],
    )
    attacks = japanese_torpedo_plan(state, te_data, ctx(), second=False)
    assert len(attacks) == 2 and all(len(a.salvos) == 1 for a in attacks)


def test_3_6_n_result_cancels_the_attack(te_data: TEData) -> None:
    """A Japanese "N" cancels the attack: the salvos are not spent (TE 3.6)."""
    from navalwar.games.tokyo_express.combat import resolve_torpedo_attack
    from navalwar.games.tokyo_express.model import Attack

    state = position(te_data, us=[("Chicago", "2020", "N")], japan=[("Asagumo", "2416", "SE")])
    asagumo = state.ship("Asagumo")
    assert distance(asagumo.hex, te_hex("2020")) == 6  # Medium: +0
    where = arc_of(te_hex("2020"), 0, asagumo.hex)
    total = 4 - (1 if where in (Arc.BOW, Arc.STERN) else 0)
    assert te_data.torpedo.result("Japan", total, 1) == "N"
    c = ctx(1)
    state = resolve_torpedo_attack(
        state, te_data, "Chicago", [Attack("Asagumo", "Chicago", salvos=(0,))], c
    )
    assert state.ship("Asagumo").salvos == (READY, READY)
    assert state.ship("Chicago").hits == 0
    assert c.events[-1].data["result"] == "N"


def test_3_6_us_total_below_2_is_an_automatic_zero(te_data: TEData) -> None:
    """A US attack whose modified total is below 2 has an automatic "0", salvos spent."""
    from navalwar.games.tokyo_express.combat import resolve_torpedo_attack
    from navalwar.games.tokyo_express.model import Attack

    state = position(te_data, us=[("Cushing", "1622", "NE")], japan=[("Kako", "2020", "N")])
    spec = te_data.ship("Cushing")
    cushing = state.ship("Cushing")
    assert arc_of(te_hex("2020"), 0, cushing.hex) is Arc.BOW
    assert distance(cushing.hex, te_hex("2020")) == 4  # Medium: -1
    c_salvo = next(i for i, sv in enumerate(spec.salvos) if sv.mount == "C")
    assert spec.salvos[c_salvo].value - 1 - 1 < 2
    c = ctx()
    state = resolve_torpedo_attack(
        state, te_data, "Kako", [Attack("Cushing", "Kako", salvos=(c_salvo,))], c
    )
    assert state.ship("Cushing").salvos[c_salvo] == FIRED
    assert state.ship("Kako").hits == 0
    assert c.events[-1].data["result"] == 0


def test_3_7_example_of_gunnery_combat(te_data: TEData) -> None:
    """Boise splits its stern battery (5) between two DDs 2 hexes away in its stern arc:
    2 each, row shift down 1. CL card #6: lowest row 2, no lower -> DD/S = 1 hit. Card #20,
    row 2, DD/S blank -> miss."""
    assert te_data.ship("Boise").stern == 5
    state = position(
        te_data,
        us=[("Boise", "2020", "N")],
        japan=[("Yunagi", "2220", "S"), ("Kagero", "2219", "S")],
        step="us_gunnery",
    )
    for n in ("Yunagi", "Kagero"):
        assert arc_of(te_hex("2020"), 0, state.ship(n).hex) is Arc.STERN
        assert distance(te_hex("2020"), state.ship(n).hex) == 2
    state = with_deck_order(state, "CL", [6, 20])
    action = GunneryAttack("Boise", (("stern", "Yunagi"), ("stern", "Kagero")))
    assert action in us_gunnery_choices(state, te_data, state.ship("Boise"))
    state = evolve(state, combat=Combat(to_ask=("Boise",)))
    c = ctx()
    state = combat_segment.apply_gunnery(GAME, state, action, te_data, c)
    state = combat_segment.run_us_gunnery(GAME, state, te_data, c)
    shots = [e for e in c.events if e.kind == "gunnery_attack"]
    assert [e.data["card"] for e in shots] == [6, 20]
    assert [e.data["row"] for e in shots] == [2, 2]
    assert [e.data["damage"] for e in shots] == [1, 0]
    assert state.ship("Yunagi").hits == 1 and state.ship("Kagero").hits == 0


def test_3_7_atlanta_uses_the_light_deck(te_data: TEData) -> None:
    """Atlanta's primaries are "L": her fire draws from the Light deck, not the CL deck
    of her type (TE 3.7)."""
    assert te_data.ship("Atlanta").type == "CL"
    state = position(
        te_data, us=[("Atlanta", "2020", "N")], japan=[("Yunagi", "2220", "S")], step="us_gunnery"
    )
    state = with_deck_order(state, "Light", [3])
    state = with_deck_order(state, "CL", [4])
    cl_deck = state.deck("CL")
    action = GunneryAttack("Atlanta", (("stern", "Yunagi"),))
    assert action in us_gunnery_choices(state, te_data, state.ship("Atlanta"))
    state = evolve(state, combat=Combat(to_ask=("Atlanta",)))
    c = ctx()
    state = combat_segment.apply_gunnery(GAME, state, action, te_data, c)
    state = combat_segment.run_us_gunnery(GAME, state, te_data, c)
    (shot,) = [e for e in c.events if e.kind == "gunnery_attack"]
    assert shot.data["card"] == 3 and "Light card #3" in shot.text
    assert state.deck("CL") == cl_deck


def test_3_7_japanese_gunnery_prefers_its_weight_class(te_data: TEData) -> None:
    """A CA fires at the closest heavy ship if it can, even past a closer DD (TE 3.7)."""
    state = position(
        te_data,
        us=[("Laffey", "2018", "N"), ("Portland", "2016", "N")],
        japan=[("Kako", "2020", "NE")],
    )
    plan = japanese_gunnery_plan(state, te_data, ctx())
    assert plan and plan[0].target == "Portland"


def test_3_8_damage_levels_and_salvo_loss(te_data: TEData) -> None:
    """Boxes fill in order; a new level waits ("Current Step") until the end of the Combat
    Segment, when levels 2 and 3 each destroy one unfired salvo."""
    state = position(te_data, japan=[("Atago", "1010", "S")], us=[("Chicago", "2020", "N")])
    spec = te_data.ship("Atago")
    lv2 = dict(spec.levels)[2]
    from navalwar.games.tokyo_express.combat import apply_damage

    c = ctx(1)
    state = apply_damage(state, te_data, "Atago", lv2, c, "test")
    atago = state.ship("Atago")
    assert atago.pending_level == 2 and atago.level == 0
    state = end_of_combat_segment(state, te_data, c)
    atago = state.ship("Atago")
    assert atago.level == 2 and atago.salvos.count(LOST) == 1


def test_3_8_sinking_ship_is_removed_at_damage_effects(te_data: TEData) -> None:
    """The last box sinks the ship; it is removed in the Damage Effects Phase (TE 3.8)."""
    from navalwar.games.tokyo_express.combat import apply_damage

    state = position(te_data, japan=[("Yunagi", "1010", "S")], us=[("Chicago", "2020", "N")])
    state = apply_damage(state, te_data, "Yunagi", 99, ctx(), "test")
    assert state.ship("Yunagi").sinking and not state.ship("Yunagi").removed
    state = terminal_stage.run_damage_effects(GAME, state, te_data, ctx())
    assert state.ship("Yunagi").removed


def test_3_8_one_box_left_means_speed_2(te_data: TEData) -> None:
    """With only the last box left, a ship's maximum Speed is its "(2)" (California "(1)")."""
    from navalwar.games.tokyo_express.combat import apply_damage

    state = position(
        te_data,
        us=[("California", "2020", "N"), ("Washington", "2022", "N")],
        japan=[("Kako", "1010", "S")],
    )
    for n in ("California", "Washington"):
        state = apply_damage(state, te_data, n, te_data.ship(n).boxes - 1, ctx(), "test")
    state = end_of_combat_segment(state, te_data, ctx())
    state = terminal_stage.run_damage_effects(GAME, state, te_data, ctx())
    assert state.ship("California").max_speed == 1
    assert state.ship("Washington").max_speed <= 2


def test_3_9_basic_scenario_setup(te_data: TEData) -> None:
    """Random ships of the given types in the given hexes; US heading north, Japanese
    south; fire direction ranges 7 and 10; 5 Game Turns; Callaghan on a CA in 2109."""
    scen = load_scenario("basic", te_data)
    assert scen.game_turns == 5 and (scen.us_vfdr, scen.jp_vfdr) == (7, 10)
    c = ctx(*([1] * 12))
    state = GAME.initial_state(scen, te_data, GAME.spec.resolve_options({}), c)
    us = [(te_data.ship(s.name).rule_type, s.hex) for s in state.ships if s.side == "US"]
    assert sorted(t for t, _ in us) == ["CA", "CA", "CA", "DD", "DD"]
    assert {s.heading for s in state.ships if s.side == "US"} == {0}
    assert {s.heading for s in state.ships if s.side == "Japan"} == {3}
    assert scen.admiral is not None and scen.admiral.name == "Callaghan"


def test_3_9_example_victory_points(te_data: TEData) -> None:
    """US: CA sunk 8 + CA DL1 2 + CL DL3 3 + DD sunk 3 = 16; Japanese: CA DL2 3 + two CA DL1
    2 + DD sunk 3 + DD DL1 0 = 8; +8: US Marginal Victory."""
    scen = load_scenario("basic", te_data)
    state = position(
        te_data,
        us=[
            ("Portland", "2010", "N"),
            ("Chicago", "2011", "N"),
            ("Astoria", "2012", "N"),
            ("Laffey", "2013", "N"),
            ("Barton", "2014", "N"),
        ],
        japan=[
            ("Kako", "1010", "S"),
            ("Aoba", "1011", "S"),
            ("Sendai", "1012", "S"),
            ("Yunagi", "1013", "S"),
            ("Jintsu", "1014", "S"),
        ],
    )
    levels = {"Portland": 2, "Chicago": 1, "Astoria": 1, "Barton": 1, "Aoba": 1, "Sendai": 3}
    ships = [
        s.replace(level=levels.get(s.name, 0), removed=s.name in ("Kako", "Yunagi", "Laffey"))
        for s in state.ships
    ]
    state = evolve(state, ships=tuple(ships), scenario=scen)
    vp = victory.victory_points(state, te_data)
    assert vp == {"US": 16, "Japan": 8}
    assert victory.level_of_victory(scen, vp["US"] - vp["Japan"]) == "US Marginal Victory"


@pytest.mark.parametrize(
    ("margin", "level"),
    [
        (11, "US Substantial Victory"),
        (10, "US Marginal Victory"),
        (1, "US Marginal Victory"),
        (0, "Draw"),
        (-1, "Japanese Marginal Victory"),
        (-10, "Japanese Marginal Victory"),
        (-11, "Japanese Substantial Victory"),
    ],
)
def test_3_9_levels_of_victory(te_data: TEData, margin: int, level: str) -> None:
    """The five levels of victory (TE 3.9)."""
    assert victory.level_of_victory(load_scenario("basic", te_data), margin) == level


def test_3_9_callaghan_killed_is_2_vp(te_data: TEData) -> None:
    """If Callaghan's flagship sinks he is killed: 2 VP to the Japanese (TE 3.9)."""
    scen = load_scenario("basic", te_data)
    state = position(te_data, us=[("Portland", "2010", "N")], japan=[("Kako", "1010", "S")])
    state = evolve(state, scenario=scen, flagship="Portland")
    state = state.with_ship(state.ship("Portland").replace(sinking=True))
    state = terminal_stage.run_damage_effects(GAME, state, te_data, ctx())
    assert state.admiral_killed_turn == 1
    assert victory.victory_points(state, te_data)["Japan"] == 6 + 2
