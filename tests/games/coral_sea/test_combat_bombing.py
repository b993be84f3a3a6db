"""AA (25.2) and bombing (25.3, 14.1) through the Combat Phase play, on synthetic tables.

Synthetic tables: ship AA loses 1 when roll + column index >= 6 (columns 0, 1-2, 3-4,
5+; no loss at 0); airfield AA (A, B, C) 1 when roll + (2 - index) >= 6; dive to-hit
(1, 2, 3+) when roll + index >= 5, hit damage 1-2 flotation, 3-5 gunnery, 6 two
flotation; torpedo = the intermediate to-hit (1-2, 3-4, 5+) when roll + index >= 6;
level of ships (2d6; 1-4, 5-8, 9+): gunnery at roll + index == 11, flotation >= 12;
airfields (1-4, 5-8, 9+): one counter at roll + index >= 6, field out at >= 8."""

from __future__ import annotations

import attrs
import pytest
from tests.games.coral_sea.combat_fixtures import counter, data, hx, ship, state
from tests.games.coral_sea.combat_harness import apply, play
from tests.games.coral_sea.fake_geography import FakeBase
from tests.games.coral_sea.helpers import ctx, status

from navalwar.errors import IllegalActionError
from navalwar.games.coral_sea import air_state as air
from navalwar.games.coral_sea import combat_phase as cp
from navalwar.games.coral_sea.combat_actions import (
    Abort,
    ChooseLosses,
    DesignateTarget,
    FormScreen,
    FormWaves,
    LoseAboard,
    ScreenShooter,
)
from navalwar.games.coral_sea.model import BaseState
from navalwar.games.coral_sea.units import ALLIES, JAPAN

STRIKE = ("A-SBD-1", "A-SBD-2", "A-TBD-1", "A-F4F-1")


def carrier_strike(aboard: int = 4):  # type: ignore[no-untyped-def]
    planes = [
        counter("A-SBD-1", "SBD-3", mission=air.DIVE),
        counter("A-SBD-2", "SBD-3", mission=air.DIVE),
        counter("A-TBD-1", "TBD-1", mission=air.TORPEDO),
        counter("A-F4F-1", "F4F-3", mission=air.ESCORT),
    ]
    planes += [
        counter(f"J-D3A1-{i}", "D3A1", status=air.DOWN, hex=None, base="Shokaku")
        for i in range(aboard)
    ]
    ships = [ship("Shokaku", tf="TF1"), ship("Aoba", tf="TF1"), ship("Lexington", "2020", tf="TF9")]
    return state(planes, ships)


def test_screen_then_target_aa_then_dive_and_torpedo_per_counter() -> None:
    s, d = carrier_strike(), data()
    # Aoba AA 5 (1 lost), Shokaku AA 1; SBD-1 hits (3) for a gunnery hit (3); SBD-2
    # misses (1); the TBD's torpedo hits (6)
    c = ctx(5, 1, 3, 3, 1, 6)
    s, asked = play(
        s,
        d,
        c,
        [
            FormWaves((STRIKE,)),
            Abort(()),
            FormScreen("TF1", ("Aoba",)),
            DesignateTarget(0, "Shokaku"),
            ScreenShooter("Aoba"),
            ChooseLosses(("A-F4F-1",)),  # the escort absorbs the loss (25.1.3)
            LoseAboard("Shokaku", ("J-D3A1-0", "J-D3A1-3")),  # the owner's choice (A56)
        ],
    )
    assert [(x.kind, x.side) for x in asked] == [
        ("form_waves", ALLIES),
        ("abort", ALLIES),
        ("form_screen", JAPAN),
        ("designate_target", ALLIES),
        ("screen_shooter", JAPAN),
        ("choose_losses", ALLIES),
        ("lose_aboard", JAPAN),
    ]
    assert status(s, "A-F4F-1").status == air.DESTROYED  # AA losses are permanent (A35)
    sho = next(x for x in s.ships if x.name == "Shokaku")
    assert (sho.flotation_hits, sho.gunnery_hits, sho.capacity_hits) == (1, 1, 1)
    # the first gunnery hit on a CV destroys half the aircraft aboard (25.4.5.D)
    assert [status(s, f"J-D3A1-{i}").status for i in range(4)] == [
        air.DESTROYED,
        air.DOWN,
        air.DOWN,
        air.DESTROYED,
    ]
    kinds = [e.kind for e in c.events]
    assert kinds.index("components_revealed") < kinds.index("target_designated")  # 11.D
    torpedo = [e for e in c.events if e.kind == "bombing" and e.data["mission"] == "torpedo"]
    assert torpedo[0].data["result"] == {"flotation": 1, "gunnery": 0}  # A30


def test_targets_are_ships_in_the_hex_only() -> None:
    s, d = carrier_strike(), data()
    c = ctx()
    for a in (
        FormWaves((STRIKE,)),
        Abort(()),
        FormScreen("TF1", ()),
    ):
        s = apply(s, d, a, c)
    decision = cp.ask(None, s, d)
    assert decision is not None and decision.kind == "designate_target"
    assert {x.target for x in decision.choices or ()} == {"Shokaku", "Aoba"}  # type: ignore[attr-defined]
    with pytest.raises(IllegalActionError, match=r"25\.2\.2\.B"):
        apply(s, d, DesignateTarget(0, "Lexington"), c)  # an Allied ship elsewhere
    with pytest.raises(IllegalActionError):
        apply(s, d, DesignateTarget(0, "Yubari"), c)  # not in the hex


def test_abort_only_counters_without_bombs() -> None:
    s, d = carrier_strike(), data()
    s = apply(s, d, FormWaves((STRIKE,)), ctx())
    decision = cp.ask(None, s, d)
    assert decision is not None and decision.kind == "abort"
    assert "may not abort" in str(decision.check(Abort(("A-SBD-1",))))
    assert decision.check(Abort(("A-F4F-1",))) is None


def test_a_screen_ship_fires_once_then_the_main_body_has_no_screen_fire() -> None:
    s, d = carrier_strike(aboard=0), data()
    waves = (("A-SBD-1",), ("A-SBD-2",), ("A-TBD-1", "A-F4F-1"))
    c = ctx(1, 1, 1, 1, 1, 1, 1)  # every AA and bomb roll misses
    s, _ = play(
        s,
        d,
        c,
        [
            FormWaves(waves),
            Abort(()),
            FormScreen("TF1", ("Aoba",)),
            DesignateTarget(0, "Shokaku"),
            DesignateTarget(1, "Shokaku"),
            DesignateTarget(2, "Aoba"),
            ScreenShooter("Aoba"),
        ],
    )
    shooters = [e.data["by"] for e in c.events if e.kind == "aa_fire"]
    # wave 1: Aoba (screen) then Shokaku; wave 2: Shokaku only (Aoba has fired);
    # wave 3 attacks Aoba, which fires in self-defence (25.2.2.C)
    assert shooters == ["Aoba", "Shokaku", "Shokaku", "Aoba"]


def test_level_bombing_of_the_ground_and_airfield_aa() -> None:
    d = data([FakeBase("Rabaul", hx("1010"), efficiency="A")])
    planes = [counter(f"A-B17-{i}", "B-17", mission=air.LEVEL) for i in range(3)]
    planes += [
        counter(f"J-G4M1-{i}", "G4M1", status=air.READY, hex=None, base="Rabaul") for i in range(2)
    ]
    s = state(planes, bases=[BaseState("Rabaul", JAPAN)])
    assert cp.attacker_of(s, d, hx("1010")) == ALLIES
    c = ctx(3, 5)  # flak A: 3 + 2 >= 6? no; level 12 strength (9+, index 2): 5 + 2 >= 6
    s, _ = play(
        s,
        d,
        c,
        [
            FormWaves((tuple(f"A-B17-{i}" for i in range(3)),)),
            DesignateTarget(0, "ground:Rabaul"),
            LoseAboard("Rabaul", ("J-G4M1-1",)),  # the owner picks the counter lost
        ],
    )
    (bomb,) = [e for e in c.events if e.kind == "bombing"]
    assert bomb.data["result"] == {"aircraft": 1, "field_out": False}
    assert [status(s, f"J-G4M1-{i}").status for i in range(2)] == [air.READY, air.LIMBO]  # 17.A


def test_dive_bombing_puts_a_field_out_until_the_next_morning() -> None:
    d = data([FakeBase("Lae", hx("1010"), efficiency="C")])
    planes = [counter("A-SBD-1", "SBD-3", mission=air.DIVE)]
    planes += [counter("J-A6M2-7", "A6M2", status=air.DOWN, hex=None, base="Lae")]
    s = state(planes, bases=[BaseState("Lae", JAPAN)], turn=1)
    c = ctx(1, 6)  # flak C: 1 + 0 < 6; dive 3+: 6 + 2 >= 8 field out
    s, _ = play(s, d, c, [FormWaves((("A-SBD-1",),)), DesignateTarget(0, "airfield:Lae")])
    lae = s.bases[0]
    assert lae.out_until == 4 and not lae.damaged  # turn 4 is the first Morning (8.D)
    assert status(s, "J-A6M2-7").status == air.LIMBO  # 8.D: aircraft on it to limbo


def test_torpedo_bombers_attack_only_ships() -> None:
    d = data([FakeBase("Lae", hx("1010"))])
    s = state([counter("A-TBD-1", "TBD-1", mission=air.TORPEDO)], bases=[BaseState("Lae", JAPAN)])
    assert cp.contact_hexes(s, d) == (hx("1010"),)
    s, asked = play(s, d, ctx(), [FormWaves((("A-TBD-1",),))])
    assert [x.kind for x in asked] == ["form_waves"]  # no target it may attack (14.1.3.A)


def test_the_deck_loss_choice_is_checked() -> None:
    s, d = carrier_strike(), data()
    c = ctx(5, 1, 3, 3, 1, 6)
    for a in (
        FormWaves((STRIKE,)),
        Abort(()),
        FormScreen("TF1", ("Aoba",)),
        DesignateTarget(0, "Shokaku"),
        ScreenShooter("Aoba"),
        ChooseLosses(("A-F4F-1",)),
    ):
        s = apply(s, d, a, c)
    decision = cp.ask(None, s, d)
    assert decision is not None and decision.kind == "lose_aboard" and decision.side == JAPAN
    assert "not aboard" in str(decision.check(LoseAboard("Shokaku", ("A-SBD-1", "J-D3A1-0"))))
    assert "name 2" in str(decision.check(LoseAboard("Shokaku", ("J-D3A1-0",))))
    with pytest.raises(IllegalActionError, match=r"25\.4\.5\.D"):
        apply(s, d, LoseAboard("Shokaku", ("J-D3A1-0", "J-D3A1-0")), c)


@pytest.mark.parametrize(("option", "shooters"), [(False, ["Aoba"]), (True, ["Aoba", "Rabaul"])])
def test_airfield_aa_at_waves_attacking_ships_is_an_option(
    option: bool, shooters: list[str]
) -> None:
    d = data([FakeBase("Rabaul", hx("1010"), efficiency="A")])
    s = state(
        [counter("A-SBD-1", "SBD-3", mission=air.DIVE)],
        [ship("Aoba")],
        bases=[BaseState("Rabaul", JAPAN)],
    )
    s = attrs.evolve(s, options=(("airfield_aa_at_ships", option),))
    c = ctx(1, 1, 1)  # every roll misses
    play(s, d, c, [FormWaves((("A-SBD-1",),)), DesignateTarget(0, "Aoba")])
    assert [e.data["by"] for e in c.events if e.kind == "aa_fire"] == shooters
