"""Air return (13.D-E, 26.2; notes A25, A26, A39, A60) on a synthetic world."""

from __future__ import annotations

import attrs
import pytest
from tests.games.coral_sea.air_fixtures import CARRIERS, DATA, JP_TF, US_TF, counter, hx, world
from tests.games.coral_sea.helpers import ctx, public, seen_by, status

from navalwar.dice import Dice
from navalwar.errors import IllegalActionError
from navalwar.games.coral_sea import air_return
from navalwar.games.coral_sea import air_state as air
from navalwar.games.coral_sea.air_actions import EndAirMoves, Land, StayAloft
from navalwar.games.coral_sea.air_range import LONG_RANGE
from navalwar.games.coral_sea.units import ALLIES, JAPAN
from navalwar.paths import cheapest_path

L = DATA.geography.spec.label


def path(frm: str, to: str, budget: int = 30) -> tuple[str, ...]:
    found = cheapest_path(hx(frm), hx(to), budget, lambda h: 1)
    assert found is not None
    return tuple(L(h) for h in found)


def up(aid: str, where: str, mission: str = "escort", **kw: object) -> air.Aircraft:
    return counter(aid, air.AIRBORNE, hex=hx(where), mission=mission, **kw)  # type: ignore[arg-type]


def land(state, action, side=JAPAN, c=None):  # type: ignore[no-untyped-def]
    return air_return.apply_land(None, state, action, DATA, c or ctx(), side=side)


def test_a_counter_lands_down_at_a_friendly_field_in_range() -> None:
    s = world([up("J-A6M2-1", "0510")])
    c = ctx()
    s2 = land(s, Land("J-A6M2-1", "Rabaul", path("0510", "0505")), c=c)
    a = status(s2, "J-A6M2-1")
    assert (a.status, a.base, a.hex, a.mission) == (air.DOWN, "Rabaul", None, None)  # 9.A
    assert [e.data.get("base") for e in public(c)] == ["Rabaul"]


def test_landing_checks_range_mode_capacity_and_friendliness() -> None:
    s = world([up("J-A6M2-1", "0515"), up("J-E13A1-1", "1507"), up("J-G4M1-1", "0510")])
    with pytest.raises(IllegalActionError, match=r"beyond the 8 MP"):
        land(s, Land("J-A6M2-1", "Rabaul", path("0515", "0505")))  # 10 hexes
    with pytest.raises(IllegalActionError, match=r"landing mode R.*2\.2\.7"):
        land(s, Land("J-E13A1-1", "Rabaul", path("1507", "0505")))
    with pytest.raises(IllegalActionError, match=r"no friendly base"):
        land(s, Land("J-A6M2-1", "Moresby", path("0515", "1015")))
    # Deboyne is a field in a partial-sea hex: it takes seaplanes too (8.E)
    land(s, Land("J-E13A1-1", "Deboyne", path("1507", "1510")))
    full = world([up("J-G4M1-1", "0510"), counter("J-A6M2-1", base="Lae"),
                  counter("J-A6M2-2", air.DOWN, "Lae")])  # fmt: skip
    with pytest.raises(IllegalActionError, match=r"full.*8\.C"):
        land(full, Land("J-G4M1-1", "Lae", path("0510", "0508")))
    with pytest.raises(IllegalActionError, match="must end at"):
        land(s, Land("J-G4M1-1", "Rabaul", path("0510", "0506")))


def test_landing_on_a_hidden_carrier_shows_only_its_tf_counter() -> None:
    s = world([up("J-A6M2-1", "1211")], ships=CARRIERS, task_forces=(JP_TF, US_TF))
    with pytest.raises(IllegalActionError, match=r"13\.B"):
        land(s, Land("J-A6M2-1", "Shokaku", path("1211", "1208")))
    c = ctx()
    s2 = land(s, Land("J-A6M2-1", "Shokaku", ("1210",), counter="1210"), c=c)
    assert status(s2, "J-A6M2-1").base == "Shokaku"
    shown = [e.to_json() for e in public(c)]
    assert "Shokaku" not in repr(shown) and "1208" not in repr(shown)
    assert [e.kind for e in seen_by(c, JAPAN)][-1] == "aircraft_landed_aboard"


def test_a_counter_with_no_base_in_reach_is_destroyed_when_returns_end() -> None:
    s = world([up("J-A6M2-1", "0520"), up("J-A6M2-2", "0506")])
    d = air_return.ask(None, s, DATA, side=JAPAN)
    assert d is not None and d.context["returning"] == ["J-A6M2-2"]
    assert "must return" in str(d.check(EndAirMoves()))  # J-A6M2-2 can still land
    s = land(s, Land("J-A6M2-2", "Rabaul", ("0505",)))
    d = air_return.ask(None, s, DATA, side=JAPAN)  # still asked: only the end is legal
    assert d is not None and d.context["lost"] == ["J-A6M2-1"]
    assert d.check(EndAirMoves()) is None and d.random_choice(Dice(1)) == EndAirMoves()
    assert d.check(Land("J-A6M2-1", "Moresby", ("0519",))) is not None
    s = air_return.apply_end(None, s, EndAirMoves(), DATA, ctx(), side=JAPAN)
    assert air_return.ask(None, s, DATA, side=JAPAN) is None
    c = ctx()
    s2 = air_return.end(None, s, DATA, c, side=JAPAN)
    assert status(s2, "J-A6M2-1").status == air.DESTROYED  # notes A26
    assert [e.kind for e in public(c)] == ["aircraft_eliminated"]
    assert s2.air.moved == frozenset() and s2.air.done == ()


def test_cap_does_not_return_in_this_phase() -> None:
    s = world([counter("J-A6M2-1", air.CAP, "Rabaul")])
    assert air_return.ask(None, s, DATA, side=JAPAN) is None
    assert status(air_return.end(None, s, DATA, ctx(), side=JAPAN), "J-A6M2-1").status == air.CAP


def test_long_range_counters_may_stay_up_for_one_turn_end_not_into_night() -> None:
    b = up("J-G4M1-1", "1010", "level")
    s = world([b], options=((LONG_RANGE, True),))  # turn 1, Noon: the next is Evening
    s2 = air_return.apply_stay(None, s, StayAloft("J-G4M1-1", ("1011",)), DATA, ctx(), side=JAPAN)
    a = status(s2, "J-G4M1-1")
    assert (a.status, a.hex, a.airborne_since) == (air.AIRBORNE, hx("1011"), 1)
    with pytest.raises(IllegalActionError, match=r"26\.2"):  # Evening: next turn is Night
        air_return.apply_stay(None, attrs.evolve(s, turn=2), StayAloft("J-G4M1-1"), DATA, ctx(),
                              side=JAPAN)  # fmt: skip
    with pytest.raises(IllegalActionError, match=r"26\.2"):  # already stayed up once (A60)
        next_turn = attrs.evolve(s2, turn=2, air=attrs.evolve(s2.air, moved=frozenset()))
        air_return.apply_stay(None, next_turn, StayAloft("J-G4M1-1"), DATA, ctx(), side=JAPAN)
    with pytest.raises(IllegalActionError, match=r"26\.2"):  # the option is off
        air_return.apply_stay(None, world([b]), StayAloft("J-G4M1-1"), DATA, ctx(), side=JAPAN)
    with pytest.raises(IllegalActionError, match=r"26\.2"):  # not a long-range model
        air_return.apply_stay(None, world([up("J-A6M2-1", "0506")], options=((LONG_RANGE, True),)),
                              StayAloft("J-A6M2-1"), DATA, ctx(), side=JAPAN)  # fmt: skip


def test_return_sampler_draws_legal_returns() -> None:
    s = world([up("J-A6M2-1", "1211"), up("J-A6M2-2", "0506"), up("J-G4M1-1", "1010", "level"),
               up("J-E13A1-1", "1507", "scouting")], ships=CARRIERS,
              task_forces=(JP_TF, US_TF), options=((LONG_RANGE, True),))  # fmt: skip
    d = air_return.ask(None, s, DATA, side=JAPAN)
    assert d is not None
    kinds = set()
    for seed in range(40):
        action = d.random_choice(Dice(seed))
        assert d.check(action) is None, action
        kinds.add(type(action))
    assert kinds == {Land, StayAloft}


def test_returns_initiative_player_first() -> None:
    s = world([up("J-A6M2-1", "0506"), up("A-P-39D-1", "1014")], initiative=ALLIES)
    d1 = air_return.FIRST.ask(None, s, DATA)  # type: ignore[misc]
    d2 = air_return.SECOND.ask(None, s, DATA)  # type: ignore[misc]
    assert d1 is not None and d1.side == ALLIES and d2 is not None and d2.side == JAPAN


def test_a_squall_onto_a_long_range_counter_destroys_it() -> None:
    from navalwar.games.coral_sea.long_range import squall_losses

    aloft = up("J-G4M1-1", "1010", "level", airborne_since=1)
    other = up("J-G4M1-2", "1012", "level", airborne_since=1)
    s = world([aloft, other], turn=2, squalls=[hx("1010")])
    s2 = squall_losses(s, DATA, ctx())
    assert status(s2, "J-G4M1-1").status == air.DESTROYED
    assert status(s2, "J-G4M1-2").status == air.AIRBORNE  # next to it only


def test_round_trip_reading_leaves_the_return_what_the_outbound_flight_left() -> None:
    from navalwar.games.coral_sea.air_range import LEGS, ROUND_TRIP

    s = world([up("J-A6M2-1", "0510", mp_used=5)])  # 5 of its 8 MP spent going out
    path5 = path("0510", "0505")
    land(s, Land("J-A6M2-1", "Rabaul", path5))  # per leg (A23 default): 8 MP home
    rt = attrs.evolve(s, options=((LEGS, ROUND_TRIP),))
    with pytest.raises(IllegalActionError, match=r"beyond the 3 MP"):
        land(rt, Land("J-A6M2-1", "Rabaul", path5))
    a = status(rt, "J-A6M2-1")
    assert [b.name for b, _, _ in air_return.landings(rt, DATA, a)] == ["Lae"]  # 2 hexes off
    # a 26.2 long-range counter flies its complete range each phase
    g = up("J-G4M1-1", "0510", "level", mp_used=12)
    both = attrs.evolve(world([g]), options=((LEGS, ROUND_TRIP), (LONG_RANGE, True)))
    land(both, Land("J-G4M1-1", "Rabaul", path5))
