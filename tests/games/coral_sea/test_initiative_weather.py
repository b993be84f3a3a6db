"""Initiative (4.0) and weather (5.1-5.2) with scripted dice."""

from __future__ import annotations

import sys
from pathlib import Path

import attrs

sys.path.insert(0, str(Path(__file__).parent))
from fixtures import DATA, FIXTURE_GAME, SPEC_MAP, ctx, new_state, set_up

from navalwar.games.coral_sea import initiative, weather
from navalwar.games.coral_sea.actions import ChooseInitiative
from navalwar.games.coral_sea.units import ALLIES, JAPAN

H = SPEC_MAP.hex


def _rolled(*dice: int, holder: str | None = None):  # type: ignore[no-untyped-def]
    state = attrs.evolve(set_up(new_state("coral_sea")), initiative=holder)
    return initiative._roll(FIXTURE_GAME, state, DATA, ctx(*dice))


def test_the_high_roll_has_the_option() -> None:
    state = _rolled(2, 5)
    assert state.initiative_winner == ALLIES and state.initiative_rolls == ((JAPAN, 2), (ALLIES, 5))
    decision = FIXTURE_GAME.decision(state, DATA)
    assert decision is not None and decision.side == ALLIES and decision.kind == "initiative"


def test_a_tie_goes_to_last_turns_holder() -> None:
    assert _rolled(4, 4, holder=ALLIES).initiative_winner == ALLIES
    assert _rolled(4, 4, holder=JAPAN).initiative_winner == JAPAN


def test_a_turn_1_tie_is_rolled_again() -> None:
    """Notes A5: no previous holder, so the dice are rolled until they differ."""
    state = _rolled(3, 3, 6, 6, 1, 2)
    assert state.initiative_rolls == ((JAPAN, 1), (ALLIES, 2)) and state.initiative_winner == ALLIES


def test_declining_gives_the_initiative_to_the_other_side() -> None:
    state = _rolled(6, 1)
    after = FIXTURE_GAME.apply(state, ChooseInitiative(False), DATA, ctx())
    assert after.initiative == ALLIES and after.step == "initial.weather"
    after = FIXTURE_GAME.apply(state, ChooseInitiative(True), DATA, ctx())
    assert after.initiative == JAPAN
    assert initiative.order(after) == (JAPAN, ALLIES)


def test_squalls_drift_south_east_by_the_wind_and_leave_the_map() -> None:
    """5.1.B (fixture wind table: 5-6 -> 2 hexes); A7: off the map, removed."""
    state = attrs.evolve(new_state("coral_sea"), squalls=(H("1010"), H("5337")))
    after = weather.procedure(state, DATA, ctx(6, 1))  # wind 2, no new squall
    assert after.wind == 2
    assert after.squalls == (DATA.geography.southeast(H("1010"), 2),)


def test_a_new_squall_on_the_north_or_west_edge() -> None:
    """5.1.C-D, notes A8: 2d6 the hex number, a die 1-3 north, 4-6 west."""
    state = new_state("coral_sea")
    north = weather.procedure(state, DATA, ctx(1, 6, 3, 4, 2))
    assert north.squalls == (H("0701"),)
    west = weather.procedure(state, DATA, ctx(1, 6, 3, 4, 5))
    assert west.squalls == (H("0107"),)
    none = weather.procedure(state, DATA, ctx(1, 4))
    assert none.squalls == ()


def test_influence_is_the_ring_around_a_squall() -> None:
    """Notes A6: adjacent hexes are influenced; the squall hex is 'in a squall'."""
    state = attrs.evolve(new_state("coral_sea"), squalls=(H("2020"),))
    assert weather.in_squall(state, H("2020")) and not weather.influenced(state, H("2020"))
    assert weather.influenced(state, H("2021")) and weather.affected(state, H("2021"))
    assert not weather.affected(state, H("2022"))
    wide = attrs.evolve(state, options=(("squall_influence", 2),))
    assert weather.influenced(wide, H("2022"))


def test_scenario_4_pre_rolls_twenty_turns() -> None:
    """28.4.2: the weather procedure 20 times before play (two dice each when no squall)."""
    state = new_state("coral_sea")
    c = ctx(*([1, 1] * 20))
    weather.pre_roll(state, DATA, c, 20)
    assert c.dice.used == 40  # type: ignore[attr-defined]
