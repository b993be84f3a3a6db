"""Air-to-air combat (25.1) through the Combat Phase play, on synthetic tables.

The synthetic Air-to-Air CRT loses 1 counter when roll + column index >= 6 and 2 when
>= 9 (columns 1:3, 1:2, 1:1, 3:2, 2:1, 3:1)."""

from __future__ import annotations

import attrs
import pytest
from tests.games.coral_sea.combat_fixtures import counter, data, hx, ship, state
from tests.games.coral_sea.combat_harness import apply, play
from tests.games.coral_sea.helpers import ctx, status

from navalwar.dice import Dice
from navalwar.errors import IllegalActionError
from navalwar.games.coral_sea import air_state as air
from navalwar.games.coral_sea import combat_phase as cp
from navalwar.games.coral_sea.combat_actions import ChooseLosses, FormWaves
from navalwar.games.coral_sea.units import ALLIES, JAPAN

J2 = ("J-A6M2-1", "J-A6M2-2")
A3 = ("A-F4F-1", "A-F4F-2", "A-F4F-3")


def dogfight(extended: int = 0, cap: bool = False):  # type: ignore[no-untyped-def]
    planes = [counter(c, "A6M2", mission=air.INTERCEPTION, extended=extended) for c in J2]
    planes += [counter(c, "F4F-3", mission=air.INTERCEPTION) for c in A3]
    if cap:
        planes.append(counter("A-F4F-9", "F4F-3", status=air.CAP, mission=None))
    return state(planes)


def test_contact_hex_and_attacker() -> None:
    s, d = dogfight(), data()
    assert cp.contact_hexes(s, d) == (hx("1010"),)
    assert cp.attacker_of(s, d, hx("1010")) == JAPAN  # no surface target: initiative (A46)


def test_gauntlet_both_rolls_at_once_losses_to_limbo() -> None:
    s, d = dogfight(), data()
    c = ctx(5, 6)  # Japan's attack rolls 5, the Allied counterattack 6
    s, asked = play(
        s,
        d,
        c,
        [FormWaves((J2,)), FormWaves((A3,)), ChooseLosses(J2), ChooseLosses(("A-F4F-3",))],
    )
    (ev,) = [e for e in c.events if e.kind == "air_engagement"]
    # Japan 8 attack : Allied 9 defense = 0.89 -> 1:2 (toward the defender); the
    # counterattack 9 : 6 = 3:2 exactly
    assert ev.data["odds"] == ["1:2", "3:2"]
    assert ev.data["losses"] == [2, 1]  # 6 + 3 >= 9: two; 5 + 1 >= 6: one
    assert [x.kind for x in asked] == ["form_waves"] * 2 + ["choose_losses"] * 2
    assert [x.side for x in asked[2:]] == [JAPAN, ALLIES]  # each owner chooses (25.1.2.C)
    assert [status(s, c).status for c in J2] == [air.LIMBO, air.LIMBO]
    assert status(s, "A-F4F-3").status == air.LIMBO
    assert status(s, "A-F4F-1").status == air.AIRBORNE
    assert s.combat is None
    assert all(a.attacked for a in s.air.aircraft if a.status == air.AIRBORNE)


def test_each_attacking_wave_runs_the_whole_gauntlet() -> None:
    s, d = dogfight(), data()
    c = ctx(1, 1, 1, 1, 1, 1, 1, 1)  # nobody loses anything
    s, _ = play(
        s,
        d,
        c,
        [FormWaves(((J2[0],), (J2[1],))), FormWaves(((A3[0],), (A3[1], A3[2])))],
    )
    pairs = [
        (e.data["attacking"], e.data["defending"]) for e in c.events if e.kind == "air_engagement"
    ]
    assert pairs == [
        ([J2[0]], [A3[0]]),
        ([J2[0]], [A3[1], A3[2]]),
        ([J2[1]], [A3[0]]),
        ([J2[1]], [A3[1], A3[2]]),
    ]


def test_extended_range_costs_attack_and_defense() -> None:
    s, d = dogfight(extended=2), data()  # A6M2 4/3 -> 2/1 each (26.1.B)
    c = ctx(1, 1)
    play(s, d, c, [FormWaves((J2,)), FormWaves((A3,)), ChooseLosses((J2[0],))])
    (ev,) = [e for e in c.events if e.kind == "air_engagement"]
    assert ev.data["odds"] == ["1:3", "3:1"]  # 4 : 9 below 1:2; 9 : 2 above 3:1


def test_the_waves_are_secret_until_both_are_written() -> None:
    s, d = dogfight(), data()
    c = ctx(1, 1)
    play(s, d, c, [FormWaves((J2,)), FormWaves((A3,))])
    private = [e for e in c.events if e.kind == "commitment_recorded"]
    assert [e.sides for e in private] == [(JAPAN,), (ALLIES,)]
    public = [e.kind for e in c.events if not e.sides]
    assert public.index("commitments_revealed") < public.index("air_engagement")


def test_a_wave_of_six_is_refused() -> None:
    planes = [counter(f"J-A6M2-{i}", "A6M2", mission=air.ESCORT) for i in range(6)]
    planes.append(counter("A-F4F-1", "F4F-3", mission=air.INTERCEPTION))
    s, d = state(planes), data()
    six = FormWaves((tuple(f"J-A6M2-{i}" for i in range(6)),))
    with pytest.raises(IllegalActionError, match=r"five counters or fewer.*25\.1\.1\.A"):
        apply(s, d, six, ctx())
    assert cp.ask(None, s, d) is not None and s.combat is None  # nothing changed


def test_every_counter_in_exactly_one_wave() -> None:
    s, d = dogfight(), data()
    decision = cp.ask(None, s, d)
    assert decision is not None and decision.kind == "form_waves"
    assert "in no wave" in str(decision.check(FormWaves(((J2[0],),))))
    assert "two waves" in str(decision.check(FormWaves(((J2[0],), J2))))
    assert "not a Japan counter" in str(decision.check(FormWaves(((*J2, "A-F4F-1"),))))


def test_cap_forms_the_first_waves() -> None:
    s, d = dogfight(cap=True), data()
    c = ctx()
    s = apply(s, d, FormWaves((J2,)), c)
    decision = cp.ask(None, s, d)
    assert decision is not None and decision.side == ALLIES
    late = FormWaves((A3, ("A-F4F-9",)))
    assert "CAP counters form the first wave" in str(decision.check(late))
    assert decision.check(FormWaves((("A-F4F-9",), A3))) is None


def test_a_loss_choice_outside_the_wave_is_refused() -> None:
    s, d = dogfight(), data()
    c = ctx(5, 1)  # the Allies lose one; Japan nothing
    s = apply(s, d, FormWaves((J2,)), c)
    s = apply(s, d, FormWaves((A3,)), c)
    decision = cp.ask(None, s, d)
    assert decision is not None and decision.kind == "choose_losses" and decision.side == ALLIES
    with pytest.raises(IllegalActionError):
        apply(s, d, ChooseLosses(("J-A6M2-1",)), c)
    with pytest.raises(IllegalActionError):
        apply(s, d, ChooseLosses(("A-F4F-1", "A-F4F-2")), c)


def test_random_agents_finish_every_fight() -> None:
    from navalwar.dice import Dice
    from navalwar.engine import Context

    d = data()
    for seed in range(20):
        planes = [counter(f"J-A6M2-{i}", "A6M2", mission=air.ESCORT) for i in range(7)]
        planes += [counter(f"A-F4F-{i}", "F4F-3", mission=air.INTERCEPTION) for i in range(6)]
        s, _ = play(state(planes), d, Context(Dice(seed)), agent_dice=Dice(1000 + seed))
        assert s.combat is None


def test_variants_change_only_the_other_sides_secret() -> None:
    s, d = dogfight(), data()
    s = apply(s, d, FormWaves((J2,)), ctx())
    variants = cp.combat_variants(s, ALLIES)
    assert variants and all(
        v.combat.current.plans.value(JAPAN) != s.combat.current.plans.value(JAPAN)  # type: ignore[union-attr]
        for v in variants
    )
    assert all(cp.combat_view(v, ALLIES) == cp.combat_view(s, ALLIES) for v in variants)
    assert cp.combat_variants(s, JAPAN) == []  # Japan's own waves are not hidden from it


def _takeoff(option: bool):  # type: ignore[no-untyped-def]
    """Japanese interceptors over 1010; an Allied dive bomber took off from 1010 for Aoba
    in 1212."""
    planes = [counter(c, "A6M2", mission=air.INTERCEPTION) for c in J2]
    sbd = attrs.evolve(counter("A-SBD-1", "SBD-3", hex="1212", mission=air.DIVE), origin=hx("1010"))
    s = state([*planes, sbd], ships=[ship("Aoba", "1212", tf="TF1")])
    return attrs.evolve(s, options=(("interception_at_takeoff", option),))


def test_counters_taking_off_under_interceptors_fight_there_by_option() -> None:
    """14.3.A (notes A31): by default interceptors fight only counters whose target hex
    is theirs; with ``interception_at_takeoff`` a counter taking off from their hex is
    caught there (its one combat, 25.C) and bombs nothing."""
    d = data()
    assert cp.contact_hexes(_takeoff(False), d) == (hx("1212"),)
    s = _takeoff(True)
    assert cp.contact_hexes(s, d) == (hx("1010"),)
    c = ctx(*[1] * 20)
    s, _ = play(s, d, c, [FormWaves((J2,)), FormWaves((("A-SBD-1",),))], agent_dice=Dice(3))
    (ev,) = [e for e in c.events if e.kind == "air_engagement"]
    assert "A-SBD-1" in ev.data["defending"] + ev.data["attacking"]
    assert not [e for e in c.events if e.data.get("hex") == "1212"]
    assert not [e for e in c.events if "bomb" in e.kind]


def test_an_interceptor_taking_off_elsewhere_is_not_caught() -> None:
    """Notes A31 option: interceptors themselves fight over their own target hex."""
    s = _takeoff(True)
    ally = attrs.evolve(
        counter("A-F4F-1", "F4F-3", hex="1414", mission=air.INTERCEPTION), origin=hx("1010")
    )
    s = attrs.evolve(s, air=attrs.evolve(s.air, aircraft=(*s.air.aircraft, ally)))
    assert cp.caught_at_takeoff(s) == frozenset({"A-SBD-1"})
