"""Air movement (13.0, 14.0, 12.2, 26.1) and the scramble (13.F-G) on a synthetic world."""

from __future__ import annotations

import attrs
import pytest
from tests.games.coral_sea.air_fixtures import CARRIERS, DATA, JP_TF, US_TF, counter, hx, world
from tests.games.coral_sea.helpers import ctx, public, seen_by, status

from navalwar.dice import Dice
from navalwar.errors import IllegalActionError
from navalwar.games.coral_sea import air_movement, scramble
from navalwar.games.coral_sea import air_state as air
from navalwar.games.coral_sea.air_actions import EndAirMoves, Fly
from navalwar.games.coral_sea.air_range import EXTENDED_RANGE
from navalwar.games.coral_sea.units import ALLIES, JAPAN
from navalwar.hexgrid import neighbours
from navalwar.paths import cheapest_path

L = DATA.geography.spec.label


def line(start: str, n: int, heading: int = 3) -> tuple[str, ...]:
    """``n`` hexes from ``start`` along ``heading`` (3 = south on the test map)."""
    out = []
    h = hx(start)
    for _ in range(n):
        h = neighbours(h)[heading]
        out.append(L(h))
    return tuple(out)


def fly(state, action, side=JAPAN, c=None):  # type: ignore[no-untyped-def]
    return air_movement.fly(state, DATA, side, action, c or ctx())


def test_a_counter_flies_its_range_and_no_further() -> None:
    s = world([counter("J-A6M2-1", base="Rabaul")])
    s2 = fly(s, Fly("J-A6M2-1", "interception", line("0505", 8)))
    a = status(s2, "J-A6M2-1")
    assert (a.status, a.hex, a.mission, a.base) == (air.AIRBORNE, hx("0513"), "interception", None)
    assert "J-A6M2-1" in s2.air.moved
    with pytest.raises(IllegalActionError, match=r"beyond the 8 MP.*\(13\.A\)"):
        fly(s, Fly("J-A6M2-1", "interception", line("0505", 9)))


def test_mission_must_suit_the_type() -> None:
    s = world([counter("J-A6M2-1", base="Rabaul"), counter("J-G4M1-1", base="Rabaul")])
    with pytest.raises(IllegalActionError, match=r"dive.*\(14\.0\)"):
        fly(s, Fly("J-A6M2-1", "dive", line("0505", 2)))
    with pytest.raises(IllegalActionError, match=r"\(14\.0\)"):
        fly(s, Fly("J-G4M1-1", "escort", line("0505", 2)))
    fly(s, Fly("J-G4M1-1", "torpedo", line("0505", 2)))  # Japanese B may torpedo (14.1.3.B)


def test_a_move_once_made_may_not_be_remade() -> None:
    s = fly(world([counter("J-A6M2-1", base="Rabaul")]), Fly("J-A6M2-1", "escort", line("0505", 1)))
    with pytest.raises(IllegalActionError, match=r"already moved.*\(13\.C\)"):
        fly(s, Fly("J-A6M2-1", "escort", line("0505", 2)))


def test_down_cap_and_enemy_counters_may_not_fly() -> None:
    s = world([counter("J-A6M2-1", air.DOWN, "Rabaul"), counter("J-A6M2-2", air.CAP, "Rabaul"),
               counter("A-P-39D-1", base="Moresby")])  # fmt: skip
    with pytest.raises(IllegalActionError, match=r"down.*9\.A"):
        fly(s, Fly("J-A6M2-1", "escort", line("0505", 1)))
    with pytest.raises(IllegalActionError, match=r"CAP.*10\.D"):
        fly(s, Fly("J-A6M2-2", "escort", line("0505", 1)))
    with pytest.raises(IllegalActionError, match="no air counter"):
        fly(s, Fly("A-P-39D-1", "escort", line("1015", 1)))


def test_squalls_forbid_and_their_influence_costs_two() -> None:
    # a squall at 0508: 0507 (next to it) costs 2, 0508 may not be entered (5.2.D)
    s = world([counter("J-A6M2-1", base="Rabaul")], squalls=[hx("0508")])
    with pytest.raises(IllegalActionError, match=r"may not be entered"):
        fly(s, Fly("J-A6M2-1", "escort", line("0505", 3)))
    s2 = fly(s, Fly("J-A6M2-1", "escort", line("0505", 2)))  # 0506 (1 MP), 0507 (2 MP)
    assert status(s2, "J-A6M2-1").hex == hx("0507")
    cost = air_movement.entry_cost(s, DATA)
    assert cost(hx("0506")) == 1 and cost(hx("0507")) == 2 and cost(hx("0508")) is None


def test_carrier_launch_needs_a_tf_counter_within_two_hexes() -> None:
    s = world([counter("J-A6M2-1", base="Shokaku")], ships=CARRIERS, task_forces=(JP_TF, US_TF))
    with pytest.raises(IllegalActionError, match=r"13\.B"):
        fly(s, Fly("J-A6M2-1", "escort", ("1209",)))
    with pytest.raises(IllegalActionError, match=r"within two hexes"):
        fly(s, Fly("J-A6M2-1", "escort", ("1212",), counter="1211"))
    c = ctx()
    s2 = fly(s, Fly("J-A6M2-1", "escort", ("1211",), counter="1210"), c=c)
    tf = next(t for t in s2.task_forces if t.side == JAPAN)
    assert tf.counter == hx("1210") and tf.hex == hx("1208")
    flew = [e for e in public(c) if e.kind == "aircraft_flew"]
    assert flew[0].data["from"] == "1210"  # the counter, never the true hex 1208
    assert "1208" not in repr([e.to_json() for e in public(c)])
    # the next counter launches from the counter already placed (13.B), and may not place another
    s3 = attrs.evolve(s2, air=attrs.evolve(s2.air, aircraft=(*s2.air.aircraft,
                      counter("J-D3A1-1", base="Shokaku"))))  # fmt: skip
    with pytest.raises(IllegalActionError, match=r"none on the board"):
        fly(s3, Fly("J-D3A1-1", "dive", ("1211",), counter="1209"))
    assert status(fly(s3, Fly("J-D3A1-1", "dive", ("1211",))), "J-D3A1-1").origin == hx("1210")


def test_revealed_tf_launches_from_its_true_hex() -> None:
    tf = attrs.evolve(JP_TF, revealed=True, counter=hx("1208"))
    s = world([counter("J-A6M2-1", base="Shokaku")], ships=CARRIERS, task_forces=(tf, US_TF))
    assert status(fly(s, Fly("J-A6M2-1", "escort", ())), "J-A6M2-1").hex == hx("1208")


def test_a_scout_reveals_a_tf_in_a_hex_it_enters() -> None:
    # an H6K4 from Tulagi (1505) scouts over the Allied TF's true hex 1212
    s = world([counter("J-H6K4-1", base="Tulagi"), counter("J-H6K4-2", base="Tulagi")],
              ships=CARRIERS, task_forces=(JP_TF, US_TF))  # fmt: skip
    found_path = cheapest_path(hx("1505"), hx("1212"), 14, air_movement.entry_cost(s, DATA))
    assert found_path is not None
    path = tuple(L(h) for h in found_path)
    c = ctx()
    s2 = fly(s, Fly("J-H6K4-1", "scouting", path), c=c)
    checks = [e for e in public(c) if e.kind == "recon_check"]
    assert [e.data["hex"] for e in checks] == list(path)  # every hex entered (notes A22)
    assert [e.data["hex"] for e in checks if e.data["found"]] == ["1212"]
    us = next(t for t in s2.task_forces if t.side == ALLIES)
    assert us.revealed and us.counter == hx("1212")
    # on a torpedo mission it checks nothing (12.2.A: scouting missions only)
    c2 = ctx()
    fly(s, Fly("J-H6K4-2", "torpedo", path), c=c2)
    assert not [e for e in public(c2) if e.kind == "recon_check"]


def test_no_scouting_into_squall_influenced_hexes() -> None:
    s = world([counter("J-H6K4-1", base="Tulagi")], ships=CARRIERS,
              task_forces=(JP_TF, US_TF), squalls=[hx("1313")])  # fmt: skip
    cost = air_movement.entry_cost(s, DATA)
    path = cheapest_path(hx("1505"), hx("1212"), 14, cost)
    assert path is not None
    c = ctx()
    fly(s, Fly("J-H6K4-1", "scouting", tuple(L(h) for h in path)), c=c)
    checked = [e.data["hex"] for e in c.events if e.kind == "recon_check"]
    assert "1212" not in checked and "1313" not in checked  # next to the squall: no checks


def test_extended_range_is_an_option_and_records_the_extra_hexes() -> None:
    s = world([counter("J-A6M2-1", base="Rabaul")])
    with pytest.raises(IllegalActionError, match=r"26\.1"):
        fly(s, Fly("J-A6M2-1", "escort", line("0505", 10), extended=True))
    s = attrs.evolve(s, options=((EXTENDED_RANGE, True),))
    a = status(fly(s, Fly("J-A6M2-1", "escort", line("0505", 10), extended=True)), "J-A6M2-1")
    assert (a.extended, a.extended_declared) == (2, True)
    with pytest.raises(IllegalActionError, match=r"beyond the 11 MP"):
        fly(s, Fly("J-A6M2-1", "escort", line("0505", 12), extended=True))


def test_a_reinforcement_enters_by_the_north_edge() -> None:
    g = counter("J-G4M1-9", air.OFF_MAP, enters=1, entry_edge="north")
    s = world([g])
    with pytest.raises(IllegalActionError, match=r"28\.4\.3"):
        fly(s, Fly("J-G4M1-9", "level", line("0505", 3)))
    path = ("0801", *line("0801", 11))  # the edge hex costs its MP: 12 in all
    a = status(fly(s, Fly("J-G4M1-9", "level", path)), "J-G4M1-9")
    assert a.status == air.AIRBORNE and a.hex == hx("0812") and a.enters == 0
    with pytest.raises(IllegalActionError, match="beyond"):
        fly(s, Fly("J-G4M1-9", "level", ("0801", *line("0801", 12))))
    assert air_movement.launches(world([attrs.evolve(g, enters=2)]), DATA, JAPAN) == {}


def test_a_long_range_counter_aloft_from_last_turn_flies_on() -> None:
    b = counter("J-G4M1-1", air.AIRBORNE, hex=hx("1008"), mission="level", airborne_since=1)
    s = world([b], turn=2)
    a = status(fly(s, Fly("J-G4M1-1", "level", line("1008", 12))), "J-G4M1-1")
    assert (a.hex, a.airborne_since) == (hx("1020"), 1)  # still the turn it stayed up
    assert air_movement.launches(world([b], turn=1), DATA, JAPAN) == {}  # not the same turn


def test_decision_validates_samples_and_ends() -> None:
    s = world([counter("J-A6M2-1", base="Rabaul"), counter("J-D3A1-1", base="Shokaku"),
               counter("J-G4M1-9", air.OFF_MAP, enters=1), counter("A-P-39D-1", base="Moresby")],
              ships=CARRIERS, task_forces=(JP_TF, US_TF))  # fmt: skip
    d = air_movement.ask(None, s, DATA, side=JAPAN)
    assert d is not None and d.side == JAPAN and d.choices is None
    assert d.check(EndAirMoves()) is None
    assert "beyond" in str(d.check(Fly("J-A6M2-1", "escort", line("0505", 9))))
    kinds = set()
    for seed in range(60):
        action = d.random_choice(Dice(seed))
        assert d.check(action) is None, action
        kinds.add(type(action))
        if isinstance(action, Fly):
            fly(s, action)  # applies cleanly
    assert kinds == {Fly, EndAirMoves}
    s2 = air_movement.apply_end(None, s, EndAirMoves(), DATA, ctx(), side=JAPAN)
    assert air_movement.ask(None, s2, DATA, side=JAPAN) is None
    s3 = air_movement.end(None, s2, DATA, ctx(), side=JAPAN)
    assert s3.air.done == () and s3.air.moved == frozenset()


def test_plays_bind_the_initiative_player_first_and_not_at_night() -> None:
    s = world([counter("J-A6M2-1", base="Rabaul"), counter("A-P-39D-1", base="Moresby")],
              initiative=ALLIES)  # fmt: skip
    first = air_movement.FIRST.ask(None, s, DATA)  # type: ignore[misc]
    second = air_movement.SECOND.ask(None, s, DATA)  # type: ignore[misc]
    assert first is not None and first.side == ALLIES
    assert second is not None and second.side == JAPAN
    night = world([], turn=3)
    assert air_movement.FIRST.when is not None and not air_movement.FIRST.when(night, DATA)


# -- scramble ------------------------------------------------------------------------------


def _raid(attackers: int, cap: int) -> object:
    moresby = hx("1015")
    raid = [counter(f"J-D3A1-{i}", air.AIRBORNE, hex=moresby, mission="dive")
            for i in range(1, attackers + 1)]  # fmt: skip
    scout = counter("J-E13A1-1", air.AIRBORNE, hex=moresby, mission="scouting")
    defenders = [counter(f"A-P-39D-{i}", air.CAP if i <= cap else air.READY, "Moresby")
                 for i in range(1, 6)]  # fmt: skip
    return world([*raid, scout, *defenders])


def test_scramble_limits_ready_counters_of_a_base_under_attack() -> None:
    s = _raid(attackers=3, cap=1)  # N = 3 - 1 = 2: two may fly (the scout does not count)
    c = ctx()
    s2 = scramble.run(None, s, DATA, c)  # type: ignore[arg-type]
    assert s2.air.scramble_allowance == (("Moresby", 2),)
    assert not public(c)  # the count uses the secret CAP: the defender's only
    assert [e.data["may_fly"] for e in seen_by(c, ALLIES)] == [2]
    s3 = fly(s2, Fly("A-P-39D-2", "interception", ()), ALLIES)
    s4 = fly(s3, Fly("A-P-39D-3", "escort", ("1014",)), ALLIES)
    assert s4.air.scramble_allowance == (("Moresby", 0),)
    with pytest.raises(IllegalActionError, match=r"13\.G"):
        fly(s4, Fly("A-P-39D-4", "escort", ("1014",)), ALLIES)
    # after the second player's moves the limits lapse
    assert air_movement.end(None, s4, DATA, ctx(), side=ALLIES).air.scramble_allowance == ()


def test_scramble_all_fly_when_cap_matches_the_raid() -> None:
    s = scramble.run(None, _raid(attackers=2, cap=2), DATA, ctx())  # type: ignore[arg-type]
    assert s.air.scramble_allowance == ()  # ALL: unrestricted
    s5 = scramble.run(None, _raid(attackers=6, cap=0), DATA, ctx())  # type: ignore[arg-type]
    assert s5.air.scramble_allowance == (("Moresby", 0),)


def test_the_enemy_sees_cap_as_ready_and_nothing_aboard_tfs() -> None:
    from navalwar.games.coral_sea.air_view import observe_air

    s = world([counter("J-A6M2-1", air.CAP, "Rabaul"), counter("J-A6M2-2", base="Shokaku"),
               counter("J-A6M2-3", air.AIRBORNE, hex=hx("1010"), mission="escort"),
               counter("A-P-39D-1", air.CAP, "Moresby")], ships=CARRIERS,
              task_forces=(JP_TF, US_TF))  # fmt: skip
    s = attrs.evolve(s, air=attrs.evolve(s.air, scramble_allowance=(("Moresby", 1),)))
    seen = {a["id"]: a for a in observe_air(s, DATA, ALLIES)["aircraft"]}
    assert seen["J-A6M2-1"]["status"] == air.READY  # its CAP is secret (10.B)
    assert "J-A6M2-2" not in seen  # aboard a ship in a TF (11.D)
    assert seen["J-A6M2-3"]["hex"] == "1010"
    assert seen["A-P-39D-1"]["status"] == air.CAP  # its own
    assert observe_air(s, DATA, ALLIES)["scramble_allowance"] == {"Moresby": 1}
    assert "scramble_allowance" not in observe_air(s, DATA, JAPAN)
    mine = {a["id"]: a for a in observe_air(s, DATA, JAPAN)["aircraft"]}
    assert mine["J-A6M2-1"]["status"] == air.CAP and mine["A-P-39D-1"]["status"] == air.READY


def test_the_a3_option_lets_plain_scouts_torpedo() -> None:
    from navalwar.games.coral_sea.air_range import SCOUT_TORPEDO

    s = world([counter("J-E13A1-1", base="Tulagi")])
    with pytest.raises(IllegalActionError, match=r"14\.0"):
        fly(s, Fly("J-E13A1-1", "torpedo", line("1505", 2)))
    on = attrs.evolve(s, options=((SCOUT_TORPEDO, True),))
    a = status(fly(on, Fly("J-E13A1-1", "torpedo", line("1505", 2))), "J-E13A1-1")
    assert (a.mission, a.mp_used) == ("torpedo", 2)


def test_planned_strike_goes_for_a_revealed_tf_with_escort_then_scouts() -> None:
    from navalwar.games.coral_sea import air_plans

    found = attrs.evolve(US_TF, revealed=True, counter=hx("1212"))
    s = world([counter("J-D3A1-1", base="Deboyne"), counter("J-A6M2-1", base="Deboyne"),
               counter("J-E13A1-1", base="Tulagi"), counter("J-B5N2-1", base="Shokaku")],
              ships=CARRIERS, task_forces=(JP_TF, found))  # fmt: skip
    first = air_plans.plan_move(s, DATA, JAPAN)
    assert isinstance(first, Fly) and first.mission in ("torpedo", "dive")
    assert first.path[-1] == "1212"
    s = fly(s, first)
    second = air_plans.plan_move(s, DATA, JAPAN)
    assert isinstance(second, Fly) and second.path[-1] == "1212"
    s = fly(s, second)
    while isinstance(move := air_plans.plan_move(s, DATA, JAPAN), Fly):
        s = fly(s, move)
    flown = {a.id: a.mission for a in s.air.aircraft if a.status == air.AIRBORNE}
    assert flown == {"J-D3A1-1": "dive", "J-B5N2-1": "torpedo", "J-A6M2-1": "escort",
                     "J-E13A1-1": "scouting"}  # fmt: skip
    assert status(s, "J-E13A1-1").hex != hx("1505")  # out to the edge of its range
    # and home: each lands where it can
    from navalwar.games.coral_sea import air_return

    s = air_movement.end(None, s, DATA, ctx(), side=ALLIES)  # the phase is over: moved cleared
    back = air_plans.plan_return(s, DATA, JAPAN)
    assert air_return.ask(None, s, DATA, side=JAPAN).check(back) is None  # type: ignore[union-attr]
