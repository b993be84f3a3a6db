"""Worked examples and rules of TE 3.2 (formations), 3.3 (orders) and 3.4 (movement)."""

from __future__ import annotations

import pytest

from navalwar.dice import ScriptedDice
from navalwar.engine import Context
from navalwar.frozen import evolve
from navalwar.games.tokyo_express import GAME, movement_phase, preparation
from navalwar.games.tokyo_express.battle_movement import battle_movement, sector
from navalwar.games.tokyo_express.data import TEData
from navalwar.games.tokyo_express.formations import japanese_groupings, us_grouping_problem
from navalwar.games.tokyo_express.geometry import TE_MAP, te_hex, te_label
from navalwar.games.tokyo_express.model import (
    ABOUT,
    AHEAD,
    COUNTERMARCH,
    PORT,
    S_TURN,
    STARBOARD,
    TURN_60,
    TURN_120,
    Order,
    State,
)
from navalwar.games.tokyo_express.movement import next_turn_steps, turn_choices
from navalwar.games.tokyo_express.setups import position
from navalwar.hexgrid import distance, neighbour


def ctx(*rolls: int) -> Context:
    return Context(ScriptedDice(rolls))


def move_us(state: State, data: TEData, when: str | None, rolls: tuple[int, ...] = ()) -> State:
    """Run one US Movement Segment with formation 1's turn timing ``when``."""
    plan = ((1, when),) if when else ()
    state = evolve(state, plan=plan, step="us_move")
    return movement_phase.run_us_move(GAME, state, data, ctx(*rolls))


def set_order(state: State, fid: int, order: Order) -> State:
    return state.with_formation(state.formation(fid).replace(order=order))


# -- TE 3.2 -----------------------------------------------------------------------------------
def test_3_2_example_of_japanese_formations(te_data: TEData) -> None:
    """Hiei, Kako, Aoba, Sendai form one formation; Yunagi and Kagero a second; Fubuki,
    within 2 hexes of Aoba but more than 2 from Kagero, a third (a DD never joins BB/CA)."""
    state = position(
        te_data,
        japan=[
            ("Hiei", "1010", "S"),
            ("Kako", "1011", "S"),
            ("Aoba", "1012", "S"),
            ("Sendai", "1014", "S"),
            ("Yunagi", "1020", "S"),
            ("Kagero", "1021", "S"),
            ("Fubuki", "1211", "S"),
        ],
    )
    fub, aoba, sendai, kagero = (state.ship(n).hex for n in ("Fubuki", "Aoba", "Sendai", "Kagero"))
    assert distance(fub, aoba) <= 2 < distance(fub, sendai) and distance(fub, kagero) > 2
    groups = {frozenset(x) for x in japanese_groupings(list(state.ships), te_data)}
    assert groups == {
        frozenset({"Hiei", "Kako", "Aoba", "Sendai"}),
        frozenset({"Yunagi", "Kagero"}),
        frozenset({"Fubuki"}),
    }


def test_3_2_cls_group_with_dds_whenever_possible(te_data: TEData) -> None:
    """A CL within 2 hexes of both a CA and a DD joins the DD (TE 3.2)."""
    state = position(
        te_data, japan=[("Aoba", "1010", "S"), ("Sendai", "1011", "S"), ("Yunagi", "1012", "S")]
    )
    groups = {frozenset(x) for x in japanese_groupings(list(state.ships), te_data)}
    assert groups == {frozenset({"Aoba"}), frozenset({"Sendai", "Yunagi"})}


def test_3_2_example_of_formation_speed(te_data: TEData) -> None:
    """Gwin, Duncan, Laffey (7), Juneau (6), Washington (5): Speed 5 or less."""
    for name, speed in (
        ("Gwin", 7),
        ("Duncan", 7),
        ("Laffey", 7),
        ("Juneau", 6),
        ("Washington", 5),
    ):
        assert te_data.ship(name).max_speed == speed
    state = position(
        te_data,
        us=[
            ("Gwin", "2010", "N"),
            ("Duncan", "2011", "N"),
            ("Laffey", "2012", "N"),
            ("Juneau", "2013", "N"),
            ("Washington", "2014", "N"),
        ],
        us_groups=[["Gwin", "Duncan", "Laffey", "Juneau", "Washington"]],
    )
    state = evolve(
        state,
        step="us_speed",
        formations=tuple(f.replace(speed_set=False) for f in state.formations),
    )
    decision = preparation.ask_us_speed(GAME, state, te_data)
    assert decision is not None and decision.choices is not None
    assert sorted(a.speed for a in decision.choices) == [1, 2, 3, 4, 5]  # type: ignore[attr-defined]


def test_3_2_example_of_us_formations(te_data: TEData) -> None:
    """Blue, Lardner, South Dakota, Walke may form one formation; Portland and Cushing
    (same heading, 3 hexes apart) may not; Chicago (another heading) may not join Walke."""
    state = position(
        te_data,
        us=[
            ("Blue", "2010", "N"),
            ("Lardner", "2011", "N"),
            ("South Dakota", "2012", "N"),
            ("Walke", "2013", "N"),
            ("Portland", "2020", "NE"),
            ("Cushing", "2023", "NE"),
            ("Chicago", "2016", "SE"),
        ],
    )
    ships = list(state.ships)
    assert distance(state.ship("Chicago").hex, state.ship("Walke").hex) == 3
    ok = [["Blue", "Lardner", "South Dakota", "Walke"], ["Portland"], ["Cushing"], ["Chicago"]]
    assert us_grouping_problem(ships, ok) is None
    apart = [["Blue", "Lardner", "South Dakota", "Walke"], ["Portland", "Cushing"], ["Chicago"]]
    assert "within 2 hexes" in str(us_grouping_problem(ships, apart))
    mixed = [["Blue", "Lardner", "South Dakota", "Walke", "Chicago"], ["Portland"], ["Cushing"]]
    assert "heading" in str(us_grouping_problem(ships, mixed))
    split = [["Blue", "Lardner"], ["South Dakota", "Walke"], ["Portland"], ["Cushing"], ["Chicago"]]
    assert us_grouping_problem(ships, split) is None  # not mandatory to group (TE 3.2)


# -- TE 3.3 US orders ---------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("phase", "when", "end"),
    [
        (1, "before", "2834"),
        (1, "after", "2633"),
        (3, "before", "2732"),
        (3, "after", "2631"),
        (5, "before", "2730"),
        (5, "after", "2629"),
    ],
)
def test_3_3_example_of_60_degree_turn(te_data: TEData, phase: int, when: str, end: str) -> None:
    """Ralph Talbot, alone at 2635 at Speed 7 with 60° Turn Starboard: the hex at the end of
    the phase in which it turns (paths A-F)."""
    state = position(te_data, us=[("Ralph Talbot", "2635", "SE")], speeds={"Ralph Talbot": 7})
    state = set_order(state, 1, Order(TURN_60, STARBOARD))
    for p in range(1, phase + 1):
        state = evolve(state, phase=p)
        state = move_us(state, te_data, when if p == phase else None)
    ship = state.ship("Ralph Talbot")
    assert te_label(ship.hex) == end
    assert TE_MAP.heading_name(ship.heading) == "S"
    assert state.formation(1).order.turns_done == 1


def test_3_3_example_of_120_degree_turn(te_data: TEData) -> None:
    """A 120° Turn is made whole in one phase, never 60° + 60° (path A, not B)."""
    order = Order(TURN_120, PORT)
    assert next_turn_steps(order) == -2
    state = position(te_data, us=[("Minneapolis", "2010", "N")])
    state = set_order(state, 1, order)
    state = move_us(state, te_data, "before")
    assert TE_MAP.heading_name(state.ship("Minneapolis").heading) == "SW"
    assert turn_choices(state.formation(1).order, 6, 2, te_data) == []


def test_3_3_example_of_countermarch(te_data: TEData) -> None:
    """Barton may turn at the end of phases 1, 2, 3 - or of phases 3, 5, 6."""
    for turn_phases in ((1, 2, 3), (3, 5, 6)):
        state = position(te_data, us=[("Barton", "2020", "N")], speeds={"Barton": 6})
        state = set_order(state, 1, Order(COUNTERMARCH, STARBOARD))
        for p in range(1, 7):
            state = evolve(state, phase=p)
            choices = turn_choices(state.formation(1).order, 6, p, te_data)
            when = "after" if p in turn_phases else None
            if when is None and state.formation(1).order.turns_done < 3:
                assert "none" in choices
            state = move_us(state, te_data, when)
        assert state.formation(1).order.turns_done == 3
        assert TE_MAP.heading_name(state.ship("Barton").heading) == "S"


def test_3_3_countermarch_and_s_turn_need_speed_2(te_data: TEData) -> None:
    """Speed 1 cannot Countermarch or S-Turn; Speed 2 Countermarches in two turns."""
    state = position(te_data, us=[("Barton", "2020", "N")], speeds={"Barton": 1}, step="us_orders")
    state = evolve(state, formations=tuple(f.replace(order_set=False) for f in state.formations))
    decision = preparation.ask_us_orders(GAME, state, te_data)
    assert decision is not None and decision.choices is not None
    kinds = {a.maneuver for a in decision.choices}  # type: ignore[attr-defined]
    assert kinds == {AHEAD, TURN_60, TURN_120}
    from navalwar.games.tokyo_express.movement import turns_needed

    assert turns_needed(COUNTERMARCH, 2) == 2 and turns_needed(COUNTERMARCH, 3) == 3


def test_3_3_example_of_s_turn(te_data: TEData) -> None:
    """Northampton and Sterett, Speed 6, S-Turn Starboard: phase 1 move then turn starboard,
    phases 2-3 ahead, phase 4 turn port then move, phases 5-6 ahead."""
    state = position(
        te_data,
        us=[("Northampton", "2020", "N"), ("Sterett", "2021", "N")],
        us_groups=[["Northampton", "Sterett"]],
        speeds={"Northampton": 6},
    )
    state = set_order(state, 1, Order(S_TURN, STARBOARD))
    headings = []
    for p, when in ((1, "after"), (2, "none"), (3, "none"), (4, "before"), (5, None), (6, None)):
        state = evolve(state, phase=p)
        if when is not None:
            assert when in turn_choices(state.formation(1).order, 6, p, te_data)
        state = move_us(state, te_data, when if when != "none" else None)
        headings.append(TE_MAP.heading_name(state.ship("Sterett").heading))
    assert headings == ["NE", "NE", "NE", "N", "N", "N"]
    assert state.formation(1).order.turns_done == 2


def test_3_4_example_of_movement_countermarch_speed_4(te_data: TEData) -> None:
    """Speed 4, Countermarch Port: turn then move (1); move (2); no move, no turn (3);
    move then turn (4); move then turn (5) - a turn before moving in phase 5 would be a
    second turn in the hex of phase 4's turn; nothing in phase 6."""
    state = position(te_data, us=[("Barton", "2020", "N")], speeds={"Barton": 4})
    state = set_order(state, 1, Order(COUNTERMARCH, PORT))
    expect = {
        1: ["none", "before", "after"],
        2: ["before", "after"],
        3: [],
        4: ["before", "after"],
        5: ["after"],
        6: [],
    }
    plan = {1: "before", 2: None, 4: "after", 5: "after"}
    for p in range(1, 7):
        state = evolve(state, phase=p)
        choices = turn_choices(state.formation(1).order, 4, p, te_data)
        if p == 2:
            assert set(choices) >= {"none", "before", "after"}
        else:
            assert choices == expect[p]
        state = move_us(state, te_data, plan.get(p))
    assert state.formation(1).order.turns_done == 3
    assert TE_MAP.heading_name(state.ship("Barton").heading) == "S"


# -- TE 3.3 Freedom of Action ---------------------------------------------------------------
def _foa_state(te_data: TEData, maneuver: str) -> State:
    state = position(
        te_data,
        us=[("San Francisco", "2010", "N"), ("Barton", "2020", "N"), ("Laffey", "2021", "N")],
        us_groups=[["San Francisco"], ["Barton", "Laffey"]],
        step="us_foa",
    )
    assert distance(state.ship("Barton").hex, state.ship("San Francisco").hex) == 10
    assert distance(state.ship("Laffey").hex, state.ship("San Francisco").hex) == 11
    from navalwar.games.tokyo_express.scenario import Admiral

    scen = evolve(state.scenario, admiral=Admiral("Callaghan", te_hex("2010"), "CA", 2))
    state = evolve(state, scenario=scen, flagship="San Francisco")
    return set_order(state, 2, Order(maneuver, PORT if maneuver != AHEAD else 0))


def test_3_3_example_of_us_freedom_of_action(te_data: TEData) -> None:
    """Two DDs, 10 and 11 hexes from the flagship: -1. Roll 6 -> 5: '-' (no change).
    Roll 3 -> 2: 'A': the Countermarch becomes Ahead; from Ahead it would become a
    Countermarch whose direction the player chooses."""
    state = preparation.run_us_foa(GAME, _foa_state(te_data, COUNTERMARCH), te_data, ctx(6))
    assert state.formation(2).order.maneuver == COUNTERMARCH and not state.pending
    state = preparation.run_us_foa(GAME, _foa_state(te_data, COUNTERMARCH), te_data, ctx(3))
    assert state.formation(2).order.maneuver == AHEAD
    state = preparation.run_us_foa(GAME, _foa_state(te_data, AHEAD), te_data, ctx(3))
    assert state.pending == (2,)
    decision = preparation.ask_foa_direction(GAME, state, te_data)
    assert decision is not None and decision.choices is not None
    assert {a.direction for a in decision.choices} == {"port", "starboard"}  # type: ignore[attr-defined]


def test_3_3_flagship_formation_is_exempt_and_death_means_minus_2(te_data: TEData) -> None:
    """Only formations without the admiral roll; once he is dead all roll at -2 (TE 3.9)."""
    c = ctx(6)
    preparation.run_us_foa(GAME, _foa_state(te_data, COUNTERMARCH), te_data, c)
    rolls = [e for e in c.events if e.kind == "freedom_of_action"]
    assert len(rolls) == 1 and rolls[0].data["modifier"] == -1
    dead = evolve(_foa_state(te_data, COUNTERMARCH), admiral_killed_turn=1)
    c = ctx(6, 6)
    preparation.run_us_foa(GAME, dead, te_data, c)
    rolls = [e for e in c.events if e.kind == "freedom_of_action"]
    assert [e.data["modifier"] for e in rolls] == [-2, -2]


# -- TE 3.3 Japanese orders -------------------------------------------------------------------
def test_3_3_example_of_the_battle_movement_display(te_data: TEData) -> None:
    """Reference ship in sector 2: heavy formation, roll 6, blue band -> 60S; light
    formation, roll 6, red band -> the same turn and AbS."""
    us = [("Chicago", "2020", "N")]
    assert sector(te_hex("2020"), 0, te_hex("1621")) == 2
    assert distance(te_hex("2020"), te_hex("1621")) < distance(te_hex("2020"), te_hex("1521"))
    heavy = position(
        te_data,
        us=us,
        japan=[("Kako", "1621", "S"), ("Aoba", "1521", "S"), ("Sendai", "1421", "S")],
        japan_groups=[["Kako", "Aoba", "Sendai"]],
        step="jp_orders",
        phase=0,
    )
    light = position(
        te_data,
        us=us,
        japan=[("Yunagi", "1621", "S"), ("Kagero", "1521", "S"), ("Sendai", "1421", "S")],
        japan_groups=[["Yunagi", "Kagero", "Sendai"]],
        step="jp_orders",
        phase=0,
    )
    results = []
    for state in (heavy, light):
        f = state.formation(2)
        out = battle_movement(state, te_data, f, ctx(6))
        results.append((out.ship(f.ships[0]).heading, out.formation(2).order))
    (h1, o1), (h2, o2) = results
    assert (o1.maneuver, o1.direction) == (TURN_60, STARBOARD)
    assert (o2.maneuver, o2.direction) == (ABOUT, STARBOARD)
    assert h1 == h2


def test_3_3_basic_battle_movement_rerolls_ones(te_data: TEData) -> None:
    """In the Basic Game a roll of 1 on the display is rolled again (TE 3.3)."""
    state = position(
        te_data,
        us=[("Chicago", "2020", "N")],
        japan=[("Kako", "1718", "S")],
        step="jp_orders",
        phase=0,
    )
    c = ctx(1, 1, 6)
    battle_movement(state, te_data, state.formation(2), c)
    assert [e.data["value"] for e in c.events if e.kind == "dice_rolled"] == [1, 1, 6]


def _jp_state(te_data: TEData, order: Order) -> State:
    state = position(
        te_data,
        us=[("Chicago", "2035", "N")],
        japan=[("Kako", "1015", "S")],
        speeds={"Kako": 4},
        step="jp_move",
    )
    return set_order(state, 2, order)


def _jp_phase(state: State, te_data: TEData, p: int, *rolls: int) -> State:
    return movement_phase.run_jp_move(
        GAME, evolve(state, phase=p, step="jp_move"), te_data, ctx(*rolls)
    )


def test_3_3_example_japanese_60_degree_turn(te_data: TEData) -> None:
    """Speed 4, 60° Turn Port: phase 1 move and roll 2 -> turn, marker removed; then ahead.
    With rolls 5 and 7 no turn until the third phase, where it turns without moving."""
    state = _jp_state(te_data, Order(TURN_60, PORT, phases_left=3))
    state = _jp_phase(state, te_data, 1, 2)
    assert TE_MAP.heading_name(state.ship("Kako").heading) == "SE"
    assert state.formation(2).order.maneuver == AHEAD
    state = _jp_state(te_data, Order(TURN_60, PORT, phases_left=3))
    state = _jp_phase(state, te_data, 1, 5)
    state = _jp_phase(state, te_data, 2, 7)
    assert TE_MAP.heading_name(state.ship("Kako").heading) == "S"
    before = state.ship("Kako").hex
    state = _jp_phase(state, te_data, 3)
    assert state.ship("Kako").hex == before  # Speed 4 does not move in phase 3
    assert TE_MAP.heading_name(state.ship("Kako").heading) == "SE"


def test_3_3_example_about(te_data: TEData) -> None:
    """Speed 4, About Port: phases 1-2 move one hex then turn 60° port; phase 3 neither."""
    state = _jp_state(te_data, Order(ABOUT, PORT, phases_left=3))
    names = []
    for p in (1, 2, 3):
        state = _jp_phase(state, te_data, p)
        names.append(
            (te_label(state.ship("Kako").hex), TE_MAP.heading_name(state.ship("Kako").heading))
        )
    assert [h for _, h in names] == ["SE", "NE", "NE"]
    assert names[1][0] == names[2][0]


def test_3_3_japanese_180_turn_costs_one_speed(te_data: TEData) -> None:
    """A 180° turn from the display reduces the formation's Speed by 1 (TE 3.3)."""
    state = position(
        te_data,
        us=[("Chicago", "2020", "N")],
        japan=[("Kako", "1718", "S")],
        step="jp_orders",
        phase=0,
    )
    for roll in range(2, 11):
        out = battle_movement(state, te_data, state.formation(2), ctx(roll))
        turned = (out.ship("Kako").heading - state.ship("Kako").heading) % 6 == 3
        assert out.formation(2).speed == state.formation(2).speed - (1 if turned else 0)


# -- TE 3.4 -----------------------------------------------------------------------------------
def test_3_4_example_movement_chart(te_data: TEData) -> None:
    """Speed 7 moves 2,1,1,1,1,1; Speed 4 moves 1,1,0,1,1,0."""
    assert [te_data.moves(7, p) for p in range(1, 7)] == [2, 1, 1, 1, 1, 1]
    assert [te_data.moves(4, p) for p in range(1, 7)] == [1, 1, 0, 1, 1, 0]
    assert all(sum(te_data.moves(s, p) for p in range(1, 7)) == s for s in range(1, 8))


def test_3_4_example_of_us_movement_restriction(te_data: TEData) -> None:
    """Walke+McCalla (one hex) and Aaron Ward (another) head into TG 64.2's hex. At Speed 4
    TG 64.2 does not move in phase 3 and nobody enters; at Speed 5 it leaves, and only
    two of the three destroyers may enter: chosen at random (Walke and Aaron Ward)."""

    def layout(speed: int) -> State:
        return position(
            te_data,
            us=[
                ("San Francisco", "2020", "N"),
                ("Quincy", "2020", "N"),
                ("Walke", "2120", "N"),
                ("McCalla", "2120", "N"),
                ("Aaron Ward", "2121", "NE"),
            ],
            us_groups=[["San Francisco", "Quincy"], ["Walke", "McCalla"], ["Aaron Ward"]],
            speeds={"San Francisco": speed, "Walke": 6, "Aaron Ward": 6},
            phase=3,
        )

    for f in (te_hex("2120"), te_hex("2121")):
        assert distance(f, te_hex("2020")) == 1
    state = move_us(layout(4), te_data, None)
    assert te_label(state.ship("Walke").hex) == "2120"
    assert te_label(state.ship("Aaron Ward").hex) == "2121"
    # Speed 5: random choice among Walke, McCalla, Aaron Ward (in that order): 1 then 2.
    state = move_us(layout(5), te_data, None, rolls=(1, 2))
    assert te_label(state.ship("Walke").hex) == "2020"
    assert te_label(state.ship("Aaron Ward").hex) == "2020"
    assert te_label(state.ship("McCalla").hex) == "2120"
    mccalla = state.ship("McCalla")
    assert state.formation(mccalla.formation).ships == ("McCalla",)


def test_3_4_basic_map_edge_slides_every_ship(te_data: TEData) -> None:
    """A ship about to move off the map makes every ship slide back, distances kept."""
    state = position(
        te_data,
        us=[("Barton", "0120", "N"), ("Laffey", "0520", "N")],
        japan=[("Kako", "0320", "S")],
        speeds={"Barton": 6, "Laffey": 6},
    )
    before = {s.name: s.hex for s in state.ships}
    state = move_us(state, te_data, None)
    after = {s.name: s.hex for s in state.ships}
    assert all(TE_MAP.in_bounds(h) for h in after.values())
    # Barton (heading off the edge) and Laffey move the same way, Kako stays: the slide
    # moved every ship alike, so Barton-Laffey is unchanged and both closed on Kako by one.
    assert distance(after["Barton"], after["Laffey"]) == distance(
        before["Barton"], before["Laffey"]
    )
    assert after["Barton"] - after["Kako"] == neighbour(before["Barton"], 0) - before["Kako"]


def test_3_2_example_of_headings(te_data: TEData) -> None:
    """Ships pointing to the same hexside have the same heading and may share a US
    formation; Portland and Cushing share one heading, Chicago another (TE 3.2)."""
    state = position(
        te_data,
        us=[
            ("Blue", "2010", "N"),
            ("Lardner", "2011", "N"),
            ("Portland", "2012", "SE"),
            ("Cushing", "2013", "SE"),
        ],
    )
    ships = list(state.ships)
    assert us_grouping_problem(ships, [["Blue", "Lardner"], ["Portland", "Cushing"]]) is None
    problem = us_grouping_problem(ships, [["Blue", "Portland"], ["Lardner"], ["Cushing"]])
    assert problem is not None and "heading" in problem


def _orders_at_the_west_edge(te_data: TEData, phase: int) -> tuple[int, int]:
    """(rolls whose order stands, rolls rerolled) for a Speed-1 Japanese ship in the map's
    westernmost column, given its orders in the orders phase after Movement Phase ``phase``."""
    state = position(
        te_data,
        us=[("Chicago", "0520", "N")],
        japan=[("Kako", "0120", "S")],
        speeds={"Kako": 1},
        step="jp_orders",
        phase=phase,
    )
    stood = rerolled = 0
    for roll in range(2, 11):
        c = Context(ScriptedDice([roll], fallback_seed=roll), record=True)
        battle_movement(state, te_data, state.formation(2), c)
        if any(e.kind == "order_rerolled" for e in c.events):
            rerolled += 1
        else:
            stood += 1
    return stood, rerolled


def test_3_3_second_orders_check_the_map_edge_in_phases_4_to_6(te_data: TEData) -> None:
    """Orders given after the third Movement Phase last phases 4-6 (TE 3.1 J, 3.3), so the
    map edge is checked with the moves of those phases: Speed 1 moves only in phase 1
    (TE 3.4 chart), so no order can take it off the map then and every roll stands;
    before phase 1 the same ship at the edge has rolls taken again."""
    assert [te_data.moves(1, p) for p in range(1, 7)] == [1, 0, 0, 0, 0, 0]
    stood, rerolled = _orders_at_the_west_edge(te_data, phase=0)
    assert rerolled > 0 and stood > 0
    assert _orders_at_the_west_edge(te_data, phase=3) == (9, 0)
