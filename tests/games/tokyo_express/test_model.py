"""The Tokyo Express state: a frozen value whose lookups stay only while valid."""

from __future__ import annotations

import pickle
import subprocess
import sys
from pathlib import Path

import pytest
from attrs.exceptions import FrozenInstanceError

from navalwar.engine import Match
from navalwar.frozen import evolve
from navalwar.games.tokyo_express.data import TEData
from navalwar.games.tokyo_express.geometry import te_hex
from navalwar.games.tokyo_express.model import JAPAN, US, Combat, State
from navalwar.games.tokyo_express.setups import position


def _state(te_data: TEData) -> State:
    return position(
        te_data,
        us=[("Helena", "2026", "N"), ("Boise", "2027", "N")],
        japan=[("Aoba", "2031", "S"), ("Kinugasa", "2032", "S")],
        japan_groups=[["Aoba", "Kinugasa"]],
    )


def _look_everything_up(state: State) -> None:
    state.updated((state.ship("Helena"),))  # works out each ship's place
    state.ships_of(US)
    state.hexes_of(JAPAN)
    state.live_formations(JAPAN)
    state.formation(state.formations[0].id)
    state.option(next(iter(dict(state.options))))


def test_a_change_of_other_fields_keeps_the_lookups(te_data: TEData) -> None:
    state = _state(te_data)
    _look_everything_up(state)
    later = state.replace(step="jp_move", phase=2, plan=((1, "after"),))
    assert (later.step, later.phase, later.plan) == ("jp_move", 2, ((1, "after"),))
    for memo in State.MEMOS:
        assert getattr(state, memo) is not None, memo  # worked out above
        assert getattr(later, memo) is getattr(state, memo), memo


def test_a_change_of_ships_or_formations_drops_what_depends_on_them(te_data: TEData) -> None:
    state = _state(te_data)
    _look_everything_up(state)
    aoba = state.ship("Aoba")
    sunk = aoba.replace(removed=True, hex=te_hex("2030"))
    ships = tuple(sunk if s.name == "Aoba" else s for s in state.ships)
    later = state.replace(ships=ships)
    assert later.ship("Aoba") is sunk
    assert [s.name for s in later.ships_of(JAPAN)] == ["Kinugasa"]
    assert later.hexes_of(JAPAN) == {state.ship("Kinugasa").hex}
    assert later.members(("Aoba", "Kinugasa")) == (state.ship("Kinugasa"),)
    assert later._by_id is state._by_id  # formations unchanged
    gone = tuple(s.replace(removed=True) if s.side == JAPAN else s for s in state.ships)
    assert state.replace(ships=gone).live_formations(JAPAN) == ()  # _live dropped too
    alone = later.replace(formations=later.formations[:0])
    assert alone.live_formations(JAPAN) == () and later.live_formations(JAPAN) != ()
    with pytest.raises(KeyError):
        alone.formation(state.formations[0].id)


def test_updated_replaces_ships_by_name_and_knows_the_new_lookups(te_data: TEData) -> None:
    state = _state(te_data)
    state.ship("Helena")
    moved = state.ship("Boise").replace(hex=te_hex("2127"))
    later = state.updated((moved,), (), step="jp_move")
    assert later.ship("Boise") is moved and later.step == "jp_move"
    assert later._place is state._place and later._by_name is not None  # known already
    assert [s.name for s in later.ships] == [s.name for s in state.ships]
    assert state.ship("Boise").hex == te_hex("2027")  # the old state is untouched
    assert state.updated() is state


def test_combat_may_be_replaced_by_none(te_data: TEData) -> None:
    state = _state(te_data).replace(combat=Combat(to_ask=("Helena",)))
    assert state.replace(step="x").combat == Combat(to_ask=("Helena",))
    assert state.replace(combat=None).combat is None
    assert evolve(state, combat=None).combat is None
    assert evolve(state, flagship="Helena").flagship == "Helena"
    assert evolve(state, scenario=None).scenario is None  # evolve: None is a value


def test_a_state_is_frozen_compared_without_its_scenario_and_pickles() -> None:
    match = Match.start("tokyo_express", "basic", seed=3, log_events=False)
    state = match.state
    with pytest.raises(FrozenInstanceError):
        state.turn = 2  # type: ignore[misc]
    assert state == state.replace(scenario=object()) and "scenario" not in repr(state)
    assert state != state.replace(turn=state.turn + 1)
    copy = pickle.loads(pickle.dumps(state))
    assert copy == state and copy.ship(state.ships[0].name) == state.ships[0]
    with pytest.raises(TypeError):
        state.replace(no_such_field=1)  # type: ignore[call-arg]
    with pytest.raises(TypeError):
        evolve(state, no_such_field=1)


def test_the_generated_parts_of_the_model_are_up_to_date() -> None:
    """model.py's value classes are written from scripts/generate_model.py's
    declarations; editing one without the other fails here (and in CI)."""
    script = Path(__file__).parents[3] / "scripts" / "generate_model.py"
    done = subprocess.run(
        [sys.executable, str(script), "--check"], capture_output=True, text=True, check=False
    )
    assert done.returncode == 0, done.stderr
