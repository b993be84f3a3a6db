"""Set-up (28.x): random set-ups are legal; the printed conditions are enforced."""

from __future__ import annotations

import sys
from pathlib import Path

import attrs
import pytest

sys.path.insert(0, str(Path(__file__).parent))
from fixtures import DATA, FIXTURE_GAME, new_state, registered

from navalwar.dice import Dice
from navalwar.engine import Match
from navalwar.errors import IllegalActionError
from navalwar.games.coral_sea import setup
from navalwar.games.coral_sea.actions import SetUp
from navalwar.games.coral_sea.units import ALLIES, JAPAN

SCENARIOS = ["raid_on_rabaul", "huon_gulf", "tulagi", "tulagi_campaign", "coral_sea"]


@pytest.mark.parametrize("name", SCENARIOS)
def test_random_set_ups_are_legal(name: str) -> None:
    state = new_state(name)
    for seed in range(8):
        action = setup.sample(state, DATA, JAPAN, Dice(seed))
        assert setup.validate(state, DATA, JAPAN, action) is None


def _japan(name: str, seed: int = 0) -> tuple[object, SetUp]:
    state = new_state(name)
    return state, setup.sample(state, DATA, JAPAN, Dice(seed))


def test_japan_sets_up_first_then_the_allies() -> None:
    state = new_state("coral_sea")
    assert setup.setting_up(state) == JAPAN
    ctx_ = __import__("fixtures").ctx()
    state = setup.apply(state, DATA, setup.sample(state, DATA, JAPAN, Dice(0)), ctx_)
    assert setup.setting_up(state) == ALLIES
    action = setup.sample(state, DATA, ALLIES, Dice(0))
    assert setup.validate(state, DATA, ALLIES, action) is None


def test_a_tf_outside_its_region_is_refused() -> None:
    """28.4.3: within five of Rabaul (one may be within four of 4715)."""
    state, action = _japan("coral_sea")
    t = action.task_forces[0][0]
    bad = attrs.evolve(action, task_forces=((t, "0101", 0), *action.task_forces[1:]))
    assert "regions" in (setup.validate(state, DATA, JAPAN, bad) or "")  # type: ignore[arg-type]


def test_two_tfs_near_4715_are_refused() -> None:
    """28.4.3: "One TF may be placed initially within four hexes of hex 4715"."""
    state, action = _japan("coral_sea")
    tfs = [(t, "4715", 0) for t, _h, _n in action.task_forces]
    if len(tfs) < 2:
        pytest.skip("one TF drawn")
    bad = attrs.evolve(action, task_forces=tuple(tfs))
    assert "regions" in (setup.validate(state, DATA, JAPAN, bad) or "")  # type: ignore[arg-type]


def test_allied_tfs_within_five_of_the_east_edge_not_on_the_cut_column() -> None:
    """28.4.4 and notes A70: distance from the full column; the cut column unused."""
    state = new_state("coral_sea")
    state = setup.apply(
        state, DATA, setup.sample(state, DATA, JAPAN, Dice(0)), __import__("fixtures").ctx()
    )
    action = setup.sample(state, DATA, ALLIES, Dice(3))
    t, _h, _n = action.task_forces[0]
    ok = attrs.evolve(action, task_forces=((t, "4810", 0), *action.task_forces[1:]))
    far = attrs.evolve(action, task_forces=((t, "4710", 0), *action.task_forces[1:]))
    cut = attrs.evolve(action, task_forces=((t, "5410", 0), *action.task_forces[1:]))
    assert setup.validate(state, DATA, ALLIES, ok) is None  # type: ignore[arg-type]
    assert setup.validate(state, DATA, ALLIES, far) is not None  # type: ignore[arg-type]
    assert setup.validate(state, DATA, ALLIES, cut) is not None  # type: ignore[arg-type]


def test_scenario_3_tfs_must_hold_what_the_table_says() -> None:
    """28.3.3 A-E: TF1 2 x AP, TF2 a CV, TF3 the AV, TF4 the CVL, TF5 1 x AP."""
    state, action = _japan("tulagi")
    moved = tuple((s, "TF2" if s == "Shoho" else w) for s, w in action.ships)
    bad = attrs.evolve(action, ships=moved)
    assert "TF4 must contain 1 x CVL" in (setup.validate(state, DATA, JAPAN, bad) or "")  # type: ignore[arg-type]


def test_huon_gulf_aps_are_held_in_rabaul_harbor() -> None:
    """28.2.3: the APs' TF in Rabaul harbor, held until released."""
    state, action = _japan("huon_gulf")
    after = setup.apply(state, DATA, action, __import__("fixtures").ctx())  # type: ignore[arg-type]
    ap_tfs = {s.tf for s in after.ships if s.name.startswith("AP ")}
    for tf in after.task_forces:
        if tf.id in ap_tfs:
            assert tf.held and tf.hex == DATA.geography.place("Rabaul")
    away = tuple((t, "3010" if t in ap_tfs else h, n) for t, h, n in action.task_forces)
    assert setup.validate(state, DATA, JAPAN, attrs.evolve(action, task_forces=away)) is not None  # type: ignore[arg-type]


def test_aircraft_over_a_carriers_capacity_are_refused() -> None:
    """16.1-16.2, 6.C: a CV takes 12 counters."""
    state, action = _japan("coral_sea")
    crowded = tuple(
        (a, "Zuikaku" if a.startswith("J-A6M2") or a.startswith("J-B5N2") else w)
        for a, w in action.aircraft
    )
    why = setup.validate(state, DATA, JAPAN, attrs.evolve(action, aircraft=crowded))  # type: ignore[arg-type]
    assert why is not None and "at most 12" in why


def test_a_land_plane_on_a_carrier_is_refused() -> None:
    """2.2.7: an L counter (A6M3) bases only at airfields."""
    state, action = _japan("coral_sea")
    moved = tuple((a, "Shoho" if a == "J-A6M3-1" else w) for a, w in action.aircraft)
    assert setup.validate(state, DATA, JAPAN, attrs.evolve(action, aircraft=moved)) is not None  # type: ignore[arg-type]


def test_huon_gulf_spills_two_carrier_counters_to_airfields_or_reads_a_typo() -> None:
    """Notes A65: 26 counters for 24 carrier places."""
    base = new_state("huon_gulf")
    typo = new_state("huon_gulf", huon_air="typo")
    count = lambda s: sum(1 for a in s.air.aircraft if a.model == "TBD-1")  # noqa: E731
    assert (count(base), count(typo)) == (6, 4)


def test_a_bad_set_up_leaves_the_match_unchanged() -> None:
    with registered():
        match = Match.start("coral_sea_fixture", "coral_sea", seed=0)
        before = (match.state, len(match.events))
        decision = match.decision
        assert decision is not None and decision.kind == "set_up"
        good = decision.random_choice(Dice(0))
        assert isinstance(good, SetUp)
        bad = attrs.evolve(good, task_forces=(("TF9", "3008", 0),))
        with pytest.raises(IllegalActionError):
            match.apply(bad)
        assert (match.state, len(match.events)) == before
        assert FIXTURE_GAME.id == "coral_sea_fixture"


def test_the_allies_see_no_japanese_tf_after_japan_sets_up() -> None:
    """11.D: the opponent learns the open ships and the aircraft at bases, no TF."""
    state, action = _japan("coral_sea")
    after = setup.apply(state, DATA, action, __import__("fixtures").ctx())  # type: ignore[arg-type]
    obs = FIXTURE_GAME.observe(after, ALLIES, DATA)
    assert obs["enemy_tf_counters"] == []
    seen = {s["name"] for s in obs["ships"] if s["side"] == JAPAN}
    assert seen == {s for s, w in action.ships if not w.startswith("TF")}  # type: ignore[attr-defined]
    aboard = {a for a, w in action.aircraft if w in DATA.ships}  # type: ignore[attr-defined]
    assert not aboard & {a["id"] for a in obs["aircraft"]}
