"""Ship movement (15.0, 16.4, 5.2.E, 20.0, 23.0) and the secret plots (15.C)."""

from __future__ import annotations

import sys
from pathlib import Path

import attrs
import pytest

sys.path.insert(0, str(Path(__file__).parent))
from fixtures import (
    DATA,
    FIXTURE_GAME,
    SPEC_MAP,
    at_step,
    clean,
    ctx,
    new_state,
    registered,
    set_up,
    with_tf,
)

from navalwar.dice import Dice
from navalwar.engine import Match
from navalwar.errors import IllegalActionError
from navalwar.games.coral_sea import combat_phase, ship_movement
from navalwar.games.coral_sea.actions import PlotMoves
from navalwar.games.coral_sea.units import ALLIES, JAPAN

H = SPEC_MAP.hex


def _state():  # type: ignore[no-untyped-def]
    state = clean(set_up(new_state("coral_sea"), 0))
    state = with_tf(state, JAPAN, "TF1", "3020", ["Zuikaku", "Shokaku", "Ushio"])
    state = with_tf(state, JAPAN, "TF2", "3120", ["AP 1", "Myoko"])
    state = with_tf(state, ALLIES, "TF1", "4020", ["Lexington", "Phelps"])
    return at_step(state, "ship_movement.plot", initiative=JAPAN)


def _ok(state, side: str, *moves, regroup=()):  # type: ignore[no-untyped-def]
    return ship_movement.validate(state, DATA, side, PlotMoves(tuple(moves), tuple(regroup)))


def test_a_tf_moves_two_hexes_an_ap_one() -> None:
    """15.A, 16.4."""
    state = _state()
    assert _ok(state, JAPAN, ("TF1", ("3021", "3022"))) is None
    assert "at most 2" in (_ok(state, JAPAN, ("TF1", ("3021", "3022", "3023"))) or "")
    assert "at most 1" in (_ok(state, JAPAN, ("TF2", ("3121", "3122"))) or "")


def test_a_plot_into_an_all_land_hex_is_refused_naming_6b() -> None:
    state = with_tf(_state(), JAPAN, "TF1", "1410", ["Zuikaku"])
    why = _ok(state, JAPAN, ("TF1", ("1411",)))
    assert why is not None and "6.B" in why


def test_an_unknown_tf_and_a_jump_are_refused() -> None:
    state = _state()
    assert "no TF or ship 'TF9'" in (_ok(state, JAPAN, ("TF9", ("3021",))) or "")
    assert "not next to" in (_ok(state, JAPAN, ("TF1", ("3022",))) or "")


def test_squalls_stop_and_slow_ships() -> None:
    """5.2.E, 15.B: entering an influenced hex stops; starting in one, one hex; an AP
    in one does not move."""
    state = attrs.evolve(_state(), squalls=(H("3022"),))
    assert "must stop" in (_ok(state, JAPAN, ("TF1", ("3021", "3022"))) or "")
    state = attrs.evolve(_state(), squalls=(H("3023"),))
    assert _ok(state, JAPAN, ("TF1", ("3021", "3022"))) is None
    inside = attrs.evolve(_state(), squalls=(H("3021"),))
    assert "at most 1" in (_ok(inside, JAPAN, ("TF1", ("3019", "3018"))) or "")
    ap = attrs.evolve(_state(), squalls=(H("3121"),))
    assert "at most 0" in (_ok(ap, JAPAN, ("TF2", ("3119",))) or "")


def test_regrouping_in_one_hex_and_the_tf_limit() -> None:
    """11.C: ships change TF when TFs share a hex; 11.G: the scenario's limit."""
    state = _state()
    assert "not in one hex" in (_ok(state, JAPAN, regroup=[("Ushio", "TF2")]) or "")
    assert _ok(state, JAPAN, ("TF3", ("3021",)), regroup=[("Ushio", "TF3")]) is None
    full = state
    for i, name in enumerate(["Haguro", "Kako", "Aoba"], start=3):
        full = with_tf(full, JAPAN, f"TF{i}", "2020", [name])
    assert len({tf.id for tf in full.task_forces if tf.side == JAPAN and full.ships_of(tf)}) == 5
    assert "11.G" in (_ok(full, JAPAN, regroup=[("Ushio", "TF6")]) or "")
    # 28.4.3: after the Noon, 6 May turn (T5), six
    assert _ok(attrs.evolve(full, turn=6), JAPAN, regroup=[("Ushio", "TF6")]) is None


def test_plots_are_secret_and_simultaneous() -> None:
    """15.C: Japan (initiative) plots first; the Allies learn only that it has."""
    state = _state()
    c = ctx()
    after = FIXTURE_GAME.apply(state, PlotMoves((("TF1", ("3021",)),)), DATA, c)
    allied = FIXTURE_GAME.observe(after, ALLIES, DATA)
    assert allied["plots"]["committed"] == [JAPAN] and allied["plots"]["mine"] is None
    assert "3021" not in str([e.to_json() for e in c.events if not e.sides or ALLIES in e.sides])
    d = FIXTURE_GAME.decision(after, DATA)
    assert d is not None and d.side == ALLIES
    moved = FIXTURE_GAME.apply(after, PlotMoves((("TF1", ("4021",)),)), DATA, c)
    moved = ship_movement._move(FIXTURE_GAME, moved, DATA, c)
    assert moved.task_force("TF1", JAPAN).hex == H("3021")
    assert moved.task_force("TF1", ALLIES).hex == H("4021")
    assert moved.plots is None


def test_coast_watchers_report_a_japanese_tf_in_a_partial_hex() -> None:
    """20.A (A40): the hex is told to the Allies; not at night, not in a squall."""
    state = with_tf(_state(), JAPAN, "TF1", "2911", ["Zuikaku"])
    state = attrs.evolve(state, plots=None)
    c = ctx()
    state = FIXTURE_GAME.apply(state, PlotMoves((("TF1", ("3010", "3009")),)), DATA, c)
    state = FIXTURE_GAME.apply(state, PlotMoves(()), DATA, c)
    partial = [h for h in ("3010", "3009") if DATA.geography.terrain(H(h)) == "partial"]
    after = ship_movement._move(FIXTURE_GAME, state, DATA, c)
    told = [e.data["hex"] for e in c.events if e.kind == "coast_watchers"]
    assert told == partial
    night = attrs.evolve(state, turn=3)
    c2 = ctx()
    ship_movement._move(FIXTURE_GAME, night, DATA, c2)
    assert not [e for e in c2.events if e.kind == "coast_watchers"]
    assert after.task_force("TF1", JAPAN).hex == H("3009")


def test_surface_contact_needs_a_reveal_unless_always() -> None:
    """Notes A33: TFs pass in the night unless revealed, or ships are outside TFs."""
    state = with_tf(_state(), ALLIES, "TF1", "3020", ["Lexington"])
    assert ship_movement.contacts(state, DATA) == ()
    always = attrs.evolve(state, options=(("surface_contact", "always"),))
    assert ship_movement.contacts(always, DATA) == (H("3020"),)
    seen = attrs.evolve(state, reveals=((H("3020"), "reconnaissance"),))
    assert ship_movement.contacts(seen, DATA) == (H("3020"),)


def test_the_combat_phase_asks_the_same_surface_contact_test() -> None:
    """Notes A33: one test; a revealed TF, a reveal record or an open ship makes contact."""
    state = with_tf(_state(), ALLIES, "TF1", "3020", ["Lexington"])
    state = attrs.evolve(state, ships=tuple(s for s in state.ships if s.name != "Myoko"))
    tf = state.task_force("TF1", ALLIES)
    forces = tuple(attrs.evolve(t, revealed=True) if t is tf else t for t in state.task_forces)
    told = attrs.evolve(state, task_forces=forces)
    opened = attrs.evolve(
        state,
        ships=tuple(attrs.evolve(s, tf=None) if s.name == "Lexington" else s for s in state.ships),
    )
    seen = attrs.evolve(state, reveals=((H("3020"), "coast watchers"),))
    for case, fights in ((state, False), (told, True), (opened, True), (seen, True)):
        assert ship_movement.surface_contact(case, H("3020")) is fights
        assert (H("3020") in combat_phase.contact_hexes(case, DATA)) is fights
        assert ship_movement.contacts(case, DATA) == ((H("3020"),) if fights else ())


def test_a_bad_plot_leaves_the_match_unchanged() -> None:
    with registered():
        match = Match.start("coral_sea_fixture", "coral_sea", seed=2)
        for _ in range(400):
            d = match.decision
            assert d is not None
            if d.kind == "plot":
                break
            match.apply(d.random_choice(Dice(1)))
        before = (match.state, len(match.events))
        with pytest.raises(IllegalActionError, match="no TF or ship"):
            match.apply(PlotMoves((("TF9", ()),)))
        assert (match.state, len(match.events)) == before


def test_oilers_sixteen_high_speed_turns_then_refuel() -> None:
    """27.C (Q5 of the notes): the 17th high-speed move is refused until refuelled with an
    AO (27.D); 27.F: Allied ships begin with none left (A61)."""
    state = attrs.evolve(_state(), options=(("oilers", True),))
    tired = attrs.evolve(
        state,
        ships=tuple(
            attrs.evolve(s, high_speed_moves=16) if s.name in ("Zuikaku", "Shokaku", "Ushio") else s
            for s in state.ships
        ),
    )
    assert _ok(state, JAPAN, ("TF1", ("3021", "3022"))) is None
    assert "at most 1" in (_ok(tired, JAPAN, ("TF1", ("3021", "3022"))) or "")
    with_ao = with_tf(tired, JAPAN, "TF1", "3020", ["Zuikaku", "Shokaku", "Ushio", "Toho Maru"])
    c = ctx()
    after = FIXTURE_GAME.apply(with_ao, PlotMoves((("TF1", ()),)), DATA, c)
    after = FIXTURE_GAME.apply(after, PlotMoves(()), DATA, c)
    after = ship_movement._move(FIXTURE_GAME, after, DATA, c)
    assert {s.high_speed_moves for s in after.ships if s.tf == "TF1" and s.side == JAPAN} == {0}
    fresh = new_state("coral_sea", oilers=True)
    assert {s.high_speed_moves for s in fresh.ships if s.side == ALLIES} == {16}
    assert {s.high_speed_moves for s in fresh.ships if s.side == JAPAN} == {0}


def test_a_ship_dead_in_the_water_holds_its_tf_unless_a_ca_tows_it() -> None:
    """15.A, 25.4.5.B and notes A34: flotation speed 0 stops the TF; with a CA, one hex,
    unless enemy ships are in the hex."""
    state = _state()
    dead = attrs.evolve(
        state,
        ships=tuple(
            attrs.evolve(s, flotation_hits=len(DATA.ships[s.name].flotation) - 1)
            if s.name == "Ushio"
            else s
            for s in state.ships
        ),
    )
    assert "at most 0" in (_ok(dead, JAPAN, ("TF1", ("3021",))) or "")
    towed = with_tf(dead, JAPAN, "TF1", "3020", ["Zuikaku", "Shokaku", "Ushio", "Myoko"])
    assert _ok(towed, JAPAN, ("TF1", ("3021",))) is None
    assert "at most 1" in (_ok(towed, JAPAN, ("TF1", ("3021", "3022"))) or "")
    enemy = with_tf(towed, ALLIES, "TF1", "3020", ["Lexington"])
    assert "at most 0" in (_ok(enemy, JAPAN, ("TF1", ("3021",))) or "")


def test_a_lone_ship_dead_in_the_water_moves_one_hex_on_5_or_6() -> None:
    """25.4.5.B (notes A34, A55): a ship outside a TF at speed 0, left behind, moves its
    one plotted hex only on a roll of 5-6; the roll is told (``diw_roll``) when it stays."""
    state = _state()
    alone = attrs.evolve(
        state,
        plots=None,
        ships=tuple(
            attrs.evolve(s, tf=None, flotation_hits=len(DATA.ships[s.name].flotation) - 1)
            if s.name == "Ushio"
            else s
            for s in state.ships
        ),
    )
    assert _ok(alone, JAPAN, ("Ushio", ("3021",))) is None
    c = ctx()
    plotted = FIXTURE_GAME.apply(alone, PlotMoves((("Ushio", ("3021",)),)), DATA, c)
    plotted = FIXTURE_GAME.apply(plotted, PlotMoves(()), DATA, c)
    for roll, moved in ((4, False), (5, True), (6, True)):
        c = ctx(roll)
        after = ship_movement._move(FIXTURE_GAME, plotted, DATA, c)
        ushio = next(s for s in after.ships if s.name == "Ushio")
        assert ushio.hex == H("3021" if moved else "3020")
        told = [e.data["roll"] for e in c.events if e.kind == "diw_roll"]
        assert told == ([] if moved else [roll])
