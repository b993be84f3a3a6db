"""Replacements (17.0), with the rulebook's one worked example (17.C), and USAAF (21.0)."""

from __future__ import annotations

import attrs
import pytest
from tests.games.coral_sea.air_fixtures import CARRIERS, DATA, JP_TF, US_TF, counter, world
from tests.games.coral_sea.helpers import ctx, public, status

from navalwar.dice import Dice
from navalwar.errors import IllegalActionError
from navalwar.games.coral_sea import air_state as air
from navalwar.games.coral_sea import replacements, usaaf
from navalwar.games.coral_sea.air_actions import PlaceUsaaf, Replace, ReturnUsaaf, UsaafRoll
from navalwar.games.coral_sea.units import ALLIES, JAPAN

LIMBO = air.LIMBO


def _example() -> object:
    """17.C: "the limbo pile contains two F4F-3s and one P-39 (all type F aircraft)"."""
    return world([counter("A-F4F-3-1", LIMBO), counter("A-F4F-3-2", LIMBO),
                  counter("A-P-39D-1", LIMBO)], ships=CARRIERS,
                 task_forces=(JP_TF, US_TF), initiative=ALLIES)  # fmt: skip


def test_the_17c_example() -> None:
    s = _example()
    d = replacements.ask(None, s, DATA)  # type: ignore[arg-type]
    # (a) compulsory: the Allies are asked, and cannot decline
    assert d is not None and d.side == ALLIES and d.tags == ("replace_aircraft",)
    # (b) the returning counter may be an F4F-3 or the P-39 (one type, F)
    assert d.check(Replace("A-P-39D-1", "A-F4F-3-1", "Moresby")) is None
    assert d.check(Replace("A-F4F-3-1", "A-F4F-3-2", "Moresby")) is None
    # (d) placed down at a base legal for its landing mode (17.D): an F4F-3 (C) on a
    # carrier or a field, a P-39D (L) only at a field
    assert d.check(Replace("A-F4F-3-1", "A-P-39D-1", "Lexington")) is None
    assert d.check(Replace("A-P-39D-1", "A-F4F-3-1", "Lexington")) is not None
    c = ctx()
    s2 = replacements.apply(None, s, Replace("A-P-39D-1", "A-F4F-3-1", "Moresby"), DATA, c)  # type: ignore[arg-type]
    # (c) one returns, one is permanently destroyed, one stays in limbo
    assert status(s2, "A-P-39D-1").status == air.DOWN
    assert status(s2, "A-P-39D-1").base == "Moresby"
    assert status(s2, "A-F4F-3-1").status == air.DESTROYED
    assert status(s2, "A-F4F-3-2").status == LIMBO
    assert replacements.ask(None, s2, DATA) is None
    assert [e.kind for e in public(c)] == ["aircraft_replaced"]


def test_one_of_a_type_waits_and_types_are_not_mixed() -> None:
    s = world([counter("A-F4F-3-1", LIMBO), counter("A-SBD-3-1", LIMBO)])
    assert replacements.ask(None, s, DATA) is None  # n = 1 of each type: nothing
    s = world([counter("A-F4F-3-1", LIMBO), counter("A-F4F-3-2", LIMBO),
               counter("A-SBD-3-1", LIMBO), counter("A-SBD-3-2", LIMBO)])  # fmt: skip
    d = replacements.ask(None, s, DATA)
    assert d is not None
    assert "same type" in str(d.check(Replace("A-SBD-3-1", "A-F4F-3-1", "Moresby")))
    s1 = world([counter("A-F4F-3-1", LIMBO), counter("A-SBD-3-1", LIMBO),
                counter("A-SBD-3-2", LIMBO)])  # fmt: skip
    d1 = replacements.ask(None, s1, DATA)
    assert d1 is not None and d1.context["limbo"] == {"SD": ["A-SBD-3-1", "A-SBD-3-2"]}


def test_four_of_a_type_give_two_pairs() -> None:
    s = world([counter(f"J-A6M2-{i}", LIMBO) for i in range(1, 5)])
    done = 0
    while (d := replacements.ask(None, s, DATA)) is not None:
        action = d.random_choice(Dice(done))
        s = replacements.apply(None, s, action, DATA, ctx())  # type: ignore[arg-type]
        done += 1
    assert done == 2
    statuses = sorted(a.status for a in s.air.aircraft)
    assert statuses == [air.DESTROYED, air.DESTROYED, air.DOWN, air.DOWN]


def test_temporary_usaaf_counters_never_enter_the_cull() -> None:
    s = world([counter("A-B-17-U1", LIMBO, usaaf_temporary=True),
               counter("A-B-17-U2", LIMBO, usaaf_temporary=True)])  # fmt: skip
    assert replacements.ask(None, s, DATA) is None


def test_no_base_for_the_type_keeps_it_in_limbo() -> None:
    # two E13A1 (mode R) with no friendly seaplane base or AV: they wait (notes A37)
    held = tuple(b for b in world([]).bases if b.name not in ("Tulagi", "Deboyne"))
    s = world([counter("J-E13A1-1", LIMBO), counter("J-E13A1-2", LIMBO)], bases=held)
    assert replacements.ask(None, s, DATA) is None


def test_bad_pair_refused() -> None:
    with pytest.raises(IllegalActionError, match=r"17\.C"):
        replacements.apply(None, _example(), Replace("A-F4F-3-1", "A-F4F-3-1", "Moresby"), DATA,
                           ctx())  # type: ignore[arg-type]  # fmt: skip


# -- USAAF ---------------------------------------------------------------------------------


def test_usaaf_only_at_noon_with_the_allied_initiative() -> None:
    when = usaaf.USAAF.when
    assert when is not None
    assert when(world([], initiative=ALLIES, turn=1), DATA)
    assert not when(world([], initiative=JAPAN, turn=1), DATA)
    assert not when(world([], initiative=ALLIES, turn=2), DATA)  # Evening
    assert when(world([], initiative=ALLIES, turn=5), DATA)  # the next Noon


def test_usaaf_roll_grants_and_temporary_loan_return() -> None:
    s = world([], initiative=ALLIES)
    d = usaaf.ask(None, s, DATA)
    assert d is not None and d.choices == (UsaafRoll(True), UsaafRoll(False))
    c = ctx(3)  # 3: two temporary B-17s
    s = usaaf.apply_roll(None, s, UsaafRoll(True), DATA, c)
    assert s.air.usaaf_pending == (("B-17", True), ("B-17", True))
    d = usaaf.ask(None, s, DATA)
    assert d is not None and {a.base for a in d.choices or ()} == {"Townsville", "Cooktown"}  # type: ignore[attr-defined]
    with pytest.raises(IllegalActionError, match=r"21\.C"):
        usaaf.apply_place(None, s, PlaceUsaaf("Moresby"), DATA, ctx())  # not Australian
    s = usaaf.apply_place(None, s, PlaceUsaaf("Townsville"), DATA, ctx())
    s = usaaf.apply_place(None, s, PlaceUsaaf("Cooktown"), DATA, ctx())
    b1 = status(s, "A-B-17-U1")
    assert (b1.status, b1.base, b1.usaaf_temporary) == (air.READY, "Townsville", True)
    assert s.air.usaaf_out and usaaf.ask(None, s, DATA) is None
    s = usaaf.run(None, s, DATA, ctx())
    # the next Noon: no roll while the loan is out (21.D); the return may be declared
    s5 = attrs.evolve(s, turn=5)
    assert not usaaf.may_roll(s5)
    d = usaaf.ask(None, s5, DATA)
    assert d is not None and d.kind == "return_usaaf"
    s6 = usaaf.apply_return(None, s5, ReturnUsaaf(True), DATA, ctx())
    assert status(s6, "A-B-17-U1").status == air.OFF_MAP and not s6.air.usaaf_out
    d = usaaf.ask(None, s6, DATA)
    assert d is not None and d.kind == "usaaf_roll"  # may roll again once returned


def test_usaaf_loan_away_from_australia_cannot_be_returned() -> None:
    s = world([counter("A-B-17-U1", base="Moresby", usaaf_temporary=True)], initiative=ALLIES)
    s = attrs.evolve(s, air=attrs.evolve(s.air, usaaf_out=True))
    assert not usaaf.returnable(s, DATA) and usaaf.ask(None, s, DATA) is None
    dead = world([counter("A-B-17-U1", air.DESTROYED, usaaf_temporary=True)], initiative=ALLIES)
    dead = attrs.evolve(dead, air=attrs.evolve(dead.air, usaaf_out=True))
    assert not usaaf.returnable(dead, DATA) and not usaaf.may_roll(dead)  # 21.E: never again


def test_usaaf_caps_four_p39_three_b17() -> None:
    there = [counter(f"A-P-39D-U{i}", base="Townsville") for i in range(1, 3)]
    s = world(there, initiative=ALLIES)
    s = usaaf.apply_roll(None, s, UsaafRoll(True), DATA, ctx(6))  # 4 P-39D + 2 B-17
    assert s.air.usaaf_pending == (("P-39D", False),) * 2 + (("B-17", False),) * 2


def test_usaaf_grant_with_no_room_is_lost() -> None:
    full = [counter(f"A-P-39D-{i}", base="Townsville") for i in range(1, 7)]
    full += [counter(f"A-F4F-3-{i}", base="Cooktown") for i in range(1, 3)]
    s = usaaf.apply_roll(None, world(full, initiative=ALLIES), UsaafRoll(True), DATA, ctx(3))
    assert usaaf.ask(None, s, DATA) is None  # both Australian fields are full
    c = ctx()
    s = usaaf.run(None, s, DATA, c)
    assert s.air.usaaf_pending == () and not s.air.usaaf_out
    assert [e.data for e in public(c)] == [{"grants": [["B-17", True], ["B-17", True]]}]
