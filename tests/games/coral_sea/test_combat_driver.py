"""``combat_phase.COMBAT`` under the core driver: asked first, run at the end, forced
single choices applied, the state moved on to the next phase when combat is over."""

from __future__ import annotations

import attrs
from tests.games.coral_sea.combat_fixtures import counter, data, ship, state

from navalwar.dice import Dice, ScriptedDice
from navalwar.driver import Driver, Play
from navalwar.engine import Context
from navalwar.games.coral_sea import air_state as air
from navalwar.games.coral_sea import combat_phase as cp
from navalwar.games.coral_sea.model import State
from navalwar.sequence import SequenceOfPlay, Step

SEQ = SequenceOfPlay(
    (
        Step(
            "combat", "Combat Phase", "3.4", "phase", (Step("resolve", "Combat", "25.0", "step"),)
        ),
        Step(
            "air_return", "Air Return", "3.5", "phase", (Step("first", "Return", "13.D", "step"),)
        ),
    ),
    "combat test",
)


def _driver() -> Driver[None, State, object]:
    done = Play(ask=lambda g, s, d: None)
    return Driver(
        SEQ,
        {"combat.resolve": cp.COMBAT, "air_return.first": done},
        position=lambda s: s.step,
        move=lambda s, k: attrs.evolve(s, step=k),
        over=lambda s: s.step == "air_return.first",
    )


def test_the_driver_plays_the_phase_through_and_moves_on() -> None:
    drv, d = _driver(), data()
    planes = [counter("J-G4M1-1", "G4M1", mission=air.LEVEL)]  # one counter: forced waves
    s = state(planes, ships=[ship("Minneapolis")])
    ctx = Context(ScriptedDice((1, 1, 1)))  # the AA misses; the 2d6 level bombing rolls 2
    s, decision = drv.advance(None, s, d, ctx)
    # the single-counter wave is forced; the target choice (one ship) too; then no more
    assert decision is None and s.step == "air_return.first" and s.combat is None
    assert [e.kind for e in ctx.events].count("forced_choice") == 2  # waves, target
    assert any(e.kind == "bombing" for e in ctx.events)


def test_the_driver_stops_at_a_real_choice() -> None:
    drv, d = _driver(), data()
    planes = [counter(f"J-A6M2-{i}", "A6M2", mission=air.ESCORT) for i in range(2)]
    planes.append(counter("A-F4F-1", "F4F-3", mission=air.INTERCEPTION))
    s, decision = drv.advance(None, state(planes), d, Context(Dice(3)))
    assert decision is not None and decision.kind == "form_waves" and s.step == "combat.resolve"
    s2 = drv.apply(None, s, decision.random_choice(Dice(1)), d, Context(Dice(4)))
    assert s2.combat is not None  # the phase has started for real
