"""Reconnaissance (12.1-12.3), invasion (23.0, A42-A44) and victory (24.0, 28.x.5)."""

from __future__ import annotations

import sys
from pathlib import Path

import attrs

sys.path.insert(0, str(Path(__file__).parent))
from fixtures import (
    DATA,
    FIXTURE_GAME,
    SPEC_MAP,
    at_step,
    clean,
    ctx,
    new_state,
    set_up,
    with_tf,
)

from navalwar.games.coral_sea import invasion, reconnaissance, terminal_phase, victory
from navalwar.games.coral_sea.actions import EndReconnaissance, PlaceTFCounter, ReconCheck
from navalwar.games.coral_sea.units import ALLIES, JAPAN

H = SPEC_MAP.hex


def _state(name: str = "coral_sea"):  # type: ignore[no-untyped-def]
    state = clean(set_up(new_state(name), 0))
    state = with_tf(state, JAPAN, "TF1", "3020", ["Zuikaku", "Ushio"])
    state = with_tf(state, JAPAN, "TF2", "2520", ["AP 1", "Uzuki"])
    state = with_tf(state, ALLIES, "TF1", "3420", ["Lexington", "Phelps"])
    state = with_tf(state, ALLIES, "TF2", "3520", ["Phelps"])
    return at_step(state, "reconnaissance.first", initiative=JAPAN)


def _refusal(state, side: str, action):  # type: ignore[no-untyped-def]
    return reconnaissance._refusal(state, DATA, side, action)


def test_a_check_reveals_presence_not_contents() -> None:
    """12.1.1.B, 12.2.C: the TF counter goes to the true hex, revealed; nothing else."""
    state = _state()
    c = ctx()
    after = reconnaissance.check(state, DATA, ALLIES, H("3020"), c)
    tf = after.task_force("TF1", JAPAN)
    assert tf.counter == H("3020") and tf.revealed
    obs = FIXTURE_GAME.observe(after, ALLIES, DATA)
    assert obs["enemy_tf_counters"] == [{"label": "A", "hex": "3020", "revealed": True}]
    assert not any(s["name"] == "Zuikaku" for s in obs["ships"])
    miss = reconnaissance.check(state, DATA, ALLIES, H("3021"), ctx())
    assert miss.task_forces == state.task_forces


def test_sea_based_checks_need_a_counter_within_two_and_a_cv_cvl_or_ca() -> None:
    """12.1.2: counter within 2 of the truth; three checks within 8 of it."""
    state = _state()
    assert "within 2" in (_refusal(state, JAPAN, PlaceTFCounter("TF1", "3023")) or "")
    c = ctx()
    state = reconnaissance._applier(0)(FIXTURE_GAME, state, PlaceTFCounter("TF1", "3022"), DATA, c)
    assert _refusal(state, JAPAN, ReconCheck("TF1", "3030")) is None  # 8 from the counter
    assert "beyond" in (_refusal(state, JAPAN, ReconCheck("TF1", "3031")) or "")
    for target in ("3025", "3026", "3027"):
        state = reconnaissance._applier(0)(FIXTURE_GAME, state, ReconCheck("TF1", target), DATA, c)
    assert "check's 0 hexes" in (
        _refusal(state, JAPAN, ReconCheck("TF1", "3028")) or ""
    )  # 12.2.D's only
    # 12.2.D: the counter's own hex, in addition to the three
    assert _refusal(state, JAPAN, ReconCheck("TF1", "3022")) is None
    # TF2 has no CV, CVL or CA: only its counter's hex (A21)
    state = reconnaissance._applier(0)(FIXTURE_GAME, state, PlaceTFCounter("TF2", "2520"), DATA, c)
    assert _refusal(state, JAPAN, ReconCheck("TF2", "2521")) is not None
    assert _refusal(state, JAPAN, ReconCheck("TF2", "2520")) is None


def test_land_checks_one_per_base_within_the_option_range() -> None:
    """12.1.1.A (A18: 8 hexes by default), one a turn from each friendly base."""
    state = _state()
    assert _refusal(state, JAPAN, ReconCheck("Rabaul", "3016")) is None
    assert "beyond" in (_refusal(state, JAPAN, ReconCheck("Rabaul", "3017")) or "")
    none = attrs.evolve(state, options=(("land_recon_range", 0),))
    assert _refusal(none, JAPAN, ReconCheck("Rabaul", "3009")) is not None
    used = reconnaissance._applier(0)(
        FIXTURE_GAME, state, ReconCheck("Rabaul", "3010"), DATA, ctx()
    )
    assert _refusal(used, JAPAN, ReconCheck("Rabaul", "3011")) is not None
    assert _refusal(state, JAPAN, ReconCheck("Port Moresby One", "1420")) is not None  # not Japan's


def test_no_reconnaissance_into_or_from_squalls() -> None:
    """5.2.A-B, 12.3.A."""
    state = attrs.evolve(_state(), squalls=(H("3012"),))
    assert "squall" in (_refusal(state, JAPAN, ReconCheck("Rabaul", "3012")) or "")
    assert "squall" in (_refusal(state, JAPAN, ReconCheck("Rabaul", "3011")) or "")
    from_squall = attrs.evolve(_state(), squalls=(H("3009"),))
    assert "squall" in (_refusal(from_squall, JAPAN, ReconCheck("Rabaul", "3014")) or "")


def test_the_initiative_player_checks_first_and_none_at_night() -> None:
    """3.2, 12.3.B, 19.0."""
    state = _state()
    d = FIXTURE_GAME.decision(state, DATA)
    assert d is not None and d.side == JAPAN and d.kind == "reconnaissance"
    done = FIXTURE_GAME.apply(state, EndReconnaissance(), DATA, ctx())
    nxt = FIXTURE_GAME.advance(done, DATA, ctx())
    assert nxt.step == "reconnaissance.second"
    assert FIXTURE_GAME.decision(nxt, DATA).side == ALLIES  # type: ignore[union-attr]
    assert not reconnaissance.FIRST.when(attrs.evolve(state, turn=3), DATA)  # type: ignore[misc]


def test_the_terminal_phase_removes_counters_and_reveals() -> None:
    """3.7.A."""
    state = reconnaissance.check(_state(), DATA, ALLIES, H("3020"), ctx())
    after = terminal_phase._counters(FIXTURE_GAME, state, DATA, ctx())
    assert (
        all(tf.counter is None and not tf.revealed for tf in after.task_forces)
        and after.reveals == ()
    )


def _landed(state, label: str):  # type: ignore[no-untyped-def]
    return with_tf(state, JAPAN, "TF2", label, ["AP 1", "Uzuki"])


def test_an_invasion_needs_daylight_and_the_initiative() -> None:
    """23.A, A43: checked at the end of Ship Movement while the AP is there."""
    state = _landed(_state(), "1414")
    for turn, holder in ((3, JAPAN), (1, ALLIES)):
        held = invasion.check(attrs.evolve(state, turn=turn, initiative=holder), DATA, ctx())
        assert not held.over and not held.invaded
    c = ctx()
    won = invasion.check(attrs.evolve(state, turn=5), DATA, c)
    assert won.over and won.winner == JAPAN  # 28.4.1: the scenario ends
    assert {b.name for b in won.bases if b.controller == JAPAN} >= {
        "Port Moresby One",
        "Port Moresby Two",
    }
    assert [e.kind for e in c.events] == ["invasion"]
    out = victory.outcome(won, DATA)
    assert (out.winner, out.level) == (JAPAN, "Automatic")


def test_allied_aircraft_at_a_captured_field_go_to_limbo() -> None:
    """Notes A44 (as 8.D)."""
    state = _landed(_state(), "1414")
    based = [a.id for a in state.air.aircraft if a.base and a.base.startswith("Port Moresby")]
    won = invasion.check(state, DATA, ctx())
    assert based and all(a.status == "limbo" for a in won.air.aircraft if a.id in based)


def test_a_sunk_ap_loses_its_flag_and_australia_cannot_be_invaded() -> None:
    """23.B (A42), 18.A (A72)."""
    state = _landed(_state(), "1414")
    sunk = attrs.evolve(
        state,
        ships=tuple(attrs.evolve(s, sunk=True) if s.name == "AP 1" else s for s in state.ships),
    )
    assert not invasion.check(sunk, DATA, ctx()).invaded
    australia = _landed(_state(), "0926")
    assert not invasion.check(australia, DATA, ctx()).invaded


def test_lae_must_be_held_in_huon_gulf() -> None:
    """28.2.5: Japan loses without Lae; with it, VP; a tie is a draw (A69)."""
    state = attrs.evolve(_state("huon_gulf"), over=True)
    assert victory.outcome(state, DATA).winner == ALLIES
    lae = attrs.evolve(
        state,
        bases=tuple(
            attrs.evolve(b, controller=JAPAN) if b.name == "Lae" else b for b in state.bases
        ),
    )
    out = victory.outcome(lae, DATA)
    assert (out.winner, out.level) == (None, "Draw")


def _sink(state, *names: str):  # type: ignore[no-untyped-def]
    return attrs.evolve(
        state,
        ships=tuple(attrs.evolve(s, sunk=True) if s.name in names else s for s in state.ships),
    )


def test_coral_sea_levels_20_strategic_21_tactical() -> None:
    """28.4.5.B with the +10 for Port Moresby (fixture VP: CV 20, CA 6, DD 2, AO 3)."""
    state = _state()
    assert victory.outcome(state, DATA).level == "Strategic"  # 0 v 10
    ten = _sink(state, "Lexington", "Phelps")  # Japan 22 v Allies 10: 12
    out = victory.outcome(ten, DATA)
    assert (out.winner, out.level, out.scores[JAPAN]) == (JAPAN, "Strategic", 22)
    more = _sink(state, "Lexington", "Yorktown", "Phelps")  # 42 v 10: 32
    assert victory.outcome(more, DATA).level == "Tactical"
    even = _sink(state, "Zuikaku")  # 0 v 30: 30
    assert victory.outcome(even, DATA).level == "Tactical"
    twenty = _sink(state, "Tippecanoe", "Neosho", "Worden")  # 8 v 10 + 0
    twenty = _sink(twenty, "Myoko", "Kako", "Aoba")  # 8 v 28: 20
    out = victory.outcome(twenty, DATA)
    assert (out.scores[ALLIES] - out.scores[JAPAN], out.level) == (20, "Strategic")


def test_raid_on_rabaul_readings() -> None:
    """28.1.5 with A63: damaged Rabaul, Allied losses < 10: Allied decisive; the CV
    sunk: Japanese decisive; both: VP, a tie going to Japan."""
    state = _state("raid_on_rabaul")
    damaged = attrs.evolve(
        state, bases=tuple(attrs.evolve(b, damaged=b.name == "Rabaul") for b in state.bases)
    )
    assert (victory.outcome(damaged, DATA).winner, victory.outcome(damaged, DATA).level) == (
        ALLIES,
        "Decisive",
    )
    cv = _sink(state, "Lexington")
    assert (victory.outcome(cv, DATA).winner, victory.outcome(cv, DATA).level) == (
        JAPAN,
        "Decisive",
    )
    both = _sink(damaged, "Lexington")  # losses of 20 VP: A fails, B holds
    assert victory.outcome(both, DATA).level == "Decisive"
    cheap = attrs.evolve(
        DATA, tables=attrs.evolve(DATA.tables, ship_vp={**DATA.tables.ship_vp, "CV": 5})
    )
    out = victory.outcome(both, cheap)  # A and B both: neither decisive (A63), 5 VP to 0
    assert (out.winner, out.level) == (JAPAN, "Victory")
    tie = victory.outcome(state, DATA)
    assert (tie.winner, tie.level) == (JAPAN, "Victory (tie)")


def test_a_damaged_town_is_in_both_sides_observation() -> None:
    """25.4.7.C (notes A58): a town's damage is public."""
    state = attrs.evolve(_state(), damaged_towns=("Buna",))
    for side in (JAPAN, ALLIES):
        assert FIXTURE_GAME.observe(state, side, DATA)["damaged_towns"] == ["Buna"]
    assert FIXTURE_GAME.observe(_state(), JAPAN, DATA)["damaged_towns"] == []
