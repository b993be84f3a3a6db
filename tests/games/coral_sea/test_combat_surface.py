"""Surface action (25.4.1-25.4.6) and shore bombardment (25.4.7), on synthetic tables.

Synthetic: range effect close one band in, stand stays, break off one band out (ends
at primary); gunnery to-hit (1-2, 3-4, 5+) one box when roll + DRM + index >= 6, hit
type 1-3 flotation, 4-6 gunnery; torpedoes (1, 2, 3+) one flotation hit when roll +
index >= 6; bombardment (1-4, 5-8, 9+) damaged when roll + index >= 6."""

from __future__ import annotations

import pytest
from attrs import evolve
from tests.games.coral_sea.combat_fixtures import counter, data, hx, ship, state
from tests.games.coral_sea.combat_harness import apply, play
from tests.games.coral_sea.fake_geography import FakeBase
from tests.games.coral_sea.helpers import ctx

from navalwar.dice import Dice
from navalwar.engine import Context
from navalwar.errors import IllegalActionError
from navalwar.games.coral_sea import air_state as air
from navalwar.games.coral_sea import combat_choices
from navalwar.games.coral_sea import combat_phase as cp
from navalwar.games.coral_sea import surface_action as surface
from navalwar.games.coral_sea.combat_actions import Bombard, FireGuns, FireTorpedoes, SurfaceMove
from navalwar.games.coral_sea.model import BaseState, TaskForce
from navalwar.games.coral_sea.units import ALLIES, JAPAN

CLOSE, STAND, BREAK = SurfaceMove("close"), SurfaceMove("stand"), SurfaceMove("break_off")


def destroyers():  # type: ignore[no-untyped-def]
    return state(ships=[ship("Kikuzuki"), ship("Phelps")])


def test_hidden_forces_pass_in_the_night() -> None:
    s = state(
        ships=[ship("Aoba", tf="TF1"), ship("Minneapolis", tf="TF9")],
        task_forces=[TaskForce("TF1", JAPAN, hx("1010")), TaskForce("TF9", ALLIES, hx("1010"))],
    )
    d = data()
    assert cp.contact_hexes(s, d) == ()  # notes A33
    s2 = evolve(s, task_forces=(evolve(s.task_forces[0], revealed=True), s.task_forces[1]))
    assert cp.contact_hexes(s2, d) == (hx("1010"),)
    s3 = evolve(s, options=(("surface_contact", "always"),))
    assert cp.contact_hexes(s3, d) == (hx("1010"),)


def test_destroyers_close_range_fire_and_torpedo() -> None:
    s, d = destroyers(), data()
    # secondary range, round 2: Kikuzuki's guns (2 + ranging 1) roll 5: a hit, type 2
    # (flotation); Phelps rolls 1: a miss. Torpedoes: Kikuzuki rolls 5 (a hit),
    # Phelps 1. Phelps sinks; the action is over.
    c = ctx(5, 2, 1, 5, 1)
    s, asked = play(
        s,
        d,
        c,
        [
            CLOSE,
            CLOSE,
            CLOSE,
            CLOSE,
            FireGuns((("Kikuzuki", "secondary", "Phelps"),)),
            FireGuns((("Phelps", "secondary", "Kikuzuki"),)),
            FireTorpedoes((("Kikuzuki", "Phelps"),)),
            FireTorpedoes((("Phelps", "Kikuzuki"),)),
        ],
    )
    assert [(x.kind, x.side) for x in asked] == [
        ("surface_move", JAPAN),
        ("surface_move", ALLIES),
        ("surface_move", JAPAN),
        ("surface_move", ALLIES),
        ("fire_guns", JAPAN),
        ("fire_guns", ALLIES),
        ("fire_torpedoes", JAPAN),
        ("fire_torpedoes", ALLIES),
    ]
    fire = [e.data for e in c.events if e.kind == "gunfire"]
    assert [f["ranging"] for f in fire] == [True, True]  # first round at a target (25.4.4)
    phelps = next(x for x in s.ships if x.name == "Phelps")
    assert phelps.sunk
    moves = [e.data["range"] for e in c.events if e.kind == "surface_movement"]
    assert moves == ["intermediate", "secondary"]


def test_the_movement_choices_are_secret_until_both_are_written() -> None:
    s, d = destroyers(), data()
    c = ctx()
    s = apply(s, d, BREAK, c)
    japan = [e for e in c.events if e.kind == "commitment_recorded"]
    assert japan and japan[0].sides == (JAPAN,)
    assert all("break_off" not in e.text for e in c.events if not e.sides)


def test_japanese_torpedoes_not_in_consecutive_rounds_us_once_a_turn() -> None:
    s, d = destroyers(), data()
    c = ctx(1, 1, 1, 1)  # every roll misses
    s = _to_secondary(s, d, c)
    for a in (
        FireGuns(()),
        FireGuns(()),
        FireTorpedoes((("Kikuzuki", "Phelps"),)),
        FireTorpedoes((("Phelps", "Kikuzuki"),)),
        STAND,
        STAND,
        FireGuns(()),
        FireGuns(()),
    ):
        s = apply(s, d, a, c)
    decision = cp.ask(None, s, d)
    assert decision is not None and decision.kind == "surface_move"  # no torpedo decision
    assert {x.name: x.torpedo_salvos for x in s.ships} == {"Kikuzuki": 1, "Phelps": 1}


def _to_secondary(s, d, c):  # type: ignore[no-untyped-def]
    for a in (CLOSE, CLOSE, CLOSE, CLOSE):
        s = apply(s, d, a, c)
    return s


def test_a_battery_may_not_divide_or_fire_beyond_its_range() -> None:
    s = state(ships=[ship("Aoba"), ship("Kikuzuki"), ship("Minneapolis")])
    d, c = data(), ctx()
    s = apply(apply(s, d, CLOSE, c), d, CLOSE, c)  # intermediate range
    decision = cp.ask(None, s, d)
    assert decision is not None and decision.kind == "fire_guns" and decision.side == JAPAN
    assert "cannot fire" in str(
        decision.check(FireGuns((("Kikuzuki", "secondary", "Minneapolis"),)))
    )
    both = FireGuns(
        (("Aoba", "intermediate", "Minneapolis"), ("Aoba", "intermediate", "Minneapolis"))
    )
    assert "divided" in str(decision.check(both))
    with pytest.raises(IllegalActionError, match=r"25\.4\.3"):
        apply(s, d, FireGuns((("Aoba", "intermediate", "Yubari"),)), c)


def test_whose_choice_counts() -> None:
    d = data()
    slow = ship("Minneapolis", flotation_hits=2)  # speed 1
    forces = {JAPAN: [ship("Aoba")], ALLIES: [slow]}
    choices = {JAPAN: "close", ALLIES: "break_off"}
    assert surface.chooser(forces, choices, ALLIES, d, ctx()) == JAPAN  # movement advantage
    forces = {JAPAN: [ship("Kikuzuki")], ALLIES: [ship("Minneapolis")]}
    assert surface.chooser(forces, choices, ALLIES, d, ctx()) == JAPAN  # destroyers only
    forces = {JAPAN: [ship("Aoba")], ALLIES: [ship("Minneapolis")]}
    assert surface.chooser(forces, choices, ALLIES, d, ctx(4)) == ALLIES  # initiative on <= 4
    assert surface.chooser(forces, choices, ALLIES, d, ctx(5)) == JAPAN


def test_breaking_off_ends_the_action_and_forbids_bombardment() -> None:
    d = data([FakeBase("Tulagi", hx("1010"), kind="seaplane")])
    s = state(ships=[ship("Aoba"), ship("Phelps")], bases=[BaseState("Tulagi", ALLIES)])
    c = ctx()
    s, asked = play(s, d, c, [BREAK, BREAK, Bombard("")])  # both break off at primary: over
    # no bombard asked in the hex; the phase's shore question offers it no target
    assert [x.kind for x in asked] == ["surface_move", "surface_move", "bombard"]
    assert asked[-1].choices is None and asked[-1].context["targets"] == []
    assert asked[-1].check(Bombard("Tulagi")) is not None
    assert s.bases[0].out_until == 0


def test_bombardment_damages_a_base_and_sends_its_aircraft_to_limbo() -> None:
    d = data([FakeBase("Port Moresby One", hx("1010"))])
    planes = [counter("A-P39-1", "F4F-3", status=air.READY, hex=None, base="Port Moresby One")]
    s = state(planes, ships=[ship("Aoba")], bases=[BaseState("Port Moresby One", ALLIES)], turn=5)
    c = ctx(6)  # Aoba's secondary 3 (1-4): 6 + 0 >= 6
    s, asked = play(s, d, c, [Bombard("Port Moresby One"), Bombard("")])
    assert [x.kind for x in asked] == ["bombard", "bombard"]  # the base, then nothing left
    assert [x.context["targets"] for x in asked] == [["Port Moresby One"], []]
    pm = s.bases[0]
    assert pm.damaged and pm.out_until == 8  # turn 8: the next Morning (8.D, A11)
    assert s.air.aircraft[0].status == air.LIMBO  # 25.4.7.D


def test_a_declined_bombardment_tells_the_other_side_nothing() -> None:
    d = data([FakeBase("Port Moresby One", hx("1010"))])
    s = state(ships=[ship("Aoba")], bases=[BaseState("Port Moresby One", ALLIES)])
    c = ctx()
    play(s, d, c, [Bombard("")])
    assert [e.kind for e in c.events if not e.sides or ALLIES in e.sides] == []


def _at_buna(*bases: BaseState):  # type: ignore[no-untyped-def]
    d = data([FakeBase("Buna Field", hx("1010"))], towns=[("Buna", "1010")])
    return state(ships=[ship("Aoba")], bases=list(bases), turn=5), d


def test_a_town_that_is_no_base_may_be_shelled_and_is_marked_damaged() -> None:
    """25.4.7.A, C (notes A58): a town in the hex is a target; a hit marks it damaged,
    publicly; the option off leaves bases only."""
    s, d = _at_buna()
    c = ctx(6)  # Aoba's secondary 3 (1-4): 6 + 0 >= 6
    s2, asked = play(s, d, c, [Bombard("Buna"), Bombard("")])
    assert asked[0].context["targets"] == ["Buna"]  # the shore question, "" to hold fire
    assert s2.damaged_towns == ("Buna",)
    (ev,) = [e for e in c.events if e.kind == "town_damaged"]
    assert ev.data == {"town": "Buna"} and not ev.sides
    assert not [e for e in c.events if e.kind == "base_damaged"]
    missed, _ = play(s, d, ctx(1), [Bombard("Buna"), Bombard("")])
    assert missed.damaged_towns == ()
    off = evolve(s, options=(("town_bombardment", False),))
    assert cp.contact_hexes(off, d) == ()


def test_a_town_beside_a_sides_own_base_is_not_its_target() -> None:
    """25.4.7.A (notes A58): the town by Japan's own field is Japan's; by an enemy
    field both the field and the town are targets."""
    s, d = _at_buna(BaseState("Buna Field", JAPAN))
    assert cp.contact_hexes(s, d) == ()
    s, d = _at_buna(BaseState("Buna Field", ALLIES))
    _, asked = play(s, d, ctx(1), [Bombard("")])
    assert asked[0].context["targets"] == ["Buna Field", "Buna"]


def test_the_heuristic_shells_a_field_but_not_a_town() -> None:
    """A town gains nothing and a bombardment shows the ships' hex (notes A58)."""
    s, d = _at_buna(BaseState("Buna Field", ALLIES))
    asked = cp.ask(None, s, d)
    assert asked is not None and combat_choices.choose(asked, s, d) == Bombard("Buna Field")
    s, d = _at_buna()
    asked = cp.ask(None, s, d)
    assert asked is not None and combat_choices.choose(asked, s, d) == Bombard("")


def test_damaged_ships_may_not_bombard() -> None:
    d = data([FakeBase("Port Moresby One", hx("1010"))])
    s = state(ships=[ship("Aoba", gunnery_hits=1)], bases=[BaseState("Port Moresby One", ALLIES)])
    assert cp.contact_hexes(s, d) == ()  # 25.4.7.B; A58


def test_random_agents_finish_every_surface_action() -> None:
    d = data([FakeBase("Tulagi", hx("1010"))])
    for seed in range(30):
        s = state(
            ships=[
                ship("Aoba"),
                ship("Yubari"),
                ship("Kikuzuki"),
                ship("Minneapolis"),
                ship("Phelps"),
            ],
            bases=[BaseState("Tulagi", ALLIES)],
        )
        s, _ = play(s, d, Context(Dice(seed)), agent_dice=Dice(500 + seed))
        assert s.combat is None


def test_breaking_off_may_leave_slowed_ships_behind() -> None:
    s = state(ships=[ship("Aoba"), ship("Minneapolis", flotation_hits=2), ship("Phelps")])
    d, c = data(), ctx()
    decision = cp.ask(None, s, d)
    s = apply(s, d, CLOSE, c)
    decision = cp.ask(None, s, d)
    assert decision is not None and decision.side == ALLIES
    assert SurfaceMove("break_off", ("Minneapolis",)) in (decision.choices or ())
    assert SurfaceMove("close", ("Minneapolis",)) not in (decision.choices or ())  # 25.4.2.C
    # without Minneapolis the Allies have only a destroyer: their choice counts (25.4.2.B)
    s = apply(s, d, SurfaceMove("break_off", ("Minneapolis",)), c)
    hc = s.combat.current  # type: ignore[union-attr]
    assert hc.surface.withdrawn == ("Phelps",) and hc.surface.left_behind == ("Minneapolis",)
    assert hc.surface.range == "primary" and not hc.surface_done
    # Minneapolis alone (speed 1) against Aoba (2): Japan's choice counts, no roll
    s = apply(apply(s, d, CLOSE, c), d, STAND, c)
    assert s.combat.current.surface.range == "intermediate"  # type: ignore[union-attr]
    decision = cp.ask(None, s, d)
    assert decision is not None and decision.kind == "fire_guns"
    assert "Phelps" not in decision.context["targets"]


def test_aircraft_with_nothing_to_fight_stay_out_of_a_surface_action() -> None:
    s = state(
        [counter("A-F4F-1", "F4F-3", mission=air.ESCORT)],
        ships=[ship("Aoba"), ship("Phelps")],
    )
    s, asked = play(s, data(), ctx(), [BREAK, BREAK])
    assert [x.kind for x in asked] == ["surface_move", "surface_move"]  # no waves asked
    assert not s.air.aircraft[0].attacked  # it did not fight (25.C)
