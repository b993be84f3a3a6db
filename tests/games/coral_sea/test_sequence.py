"""The sequence of play (3.0-3.7) has exactly the contract's steps, each bound to its Play."""

from __future__ import annotations

import attrs

from navalwar.games.coral_sea import sequence_of_play as sop

CONTRACT = [
    "initial.initiative",
    "initial.weather",
    "initial.scenario",
    "initial.maintenance",
    "initial.cap",
    "initial.usaaf",
    "reconnaissance.first",
    "reconnaissance.second",
    "air_movement.first",
    "air_movement.scramble",
    "air_movement.second",
    "combat.resolve",
    "air_return.first",
    "air_return.second",
    "ship_movement.plot",
    "ship_movement.move",
    "terminal.counters",
    "terminal.replacements",
    "terminal.cap",
    "terminal.end",
]


def test_the_leaf_keys_are_the_contracts() -> None:
    assert list(sop.SEQUENCE.flatten()) == CONTRACT


def test_every_step_is_bound_to_a_delivered_play() -> None:
    """No stand-in is left: every other helper's Play is bound."""
    assert sop.STAND_INS == ()
    assert all(sop.PLAYS[k] is not sop.STAND_IN for k in CONTRACT)


def test_a_night_turn_skips_reconnaissance_and_the_air_steps() -> None:
    """19.0: "Aircraft may not fly and reconnaissance may not be made" (each step's ``when``)."""
    from navalwar.games.coral_sea import GAME

    data = GAME.load_data()
    state = GAME.initial_state(GAME.load_scenario("coral_sea", data), data, {}, _ctx())
    for turn, asked in ((3, False), (4, True)):
        at = attrs.evolve(state, turn=turn, step="initial.usaaf")
        after = sop.DRIVER.onward("initial.usaaf", at, data)
        assert (after.step == "reconnaissance.first") is asked


def _ctx():  # type: ignore[no-untyped-def]
    from navalwar.dice import Dice
    from navalwar.engine import Context

    return Context(Dice(0))
