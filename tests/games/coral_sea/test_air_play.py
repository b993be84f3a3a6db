"""The air rules played on the real pack, in every scenario, by random agents.

Every decision the air steps ask is answered by its own sampler and must pass its own
validator; after every step the air counters keep the rules' invariants: each counter
on a base within capacity (6.C, 8.C, 16.1-16.3), no CAP left after the Terminal Phase
(10.E), nothing airborne after the Air Return Phase but long-range counters staying up
(26.2), nothing flying at night (19.0).
"""

from __future__ import annotations

from collections import Counter

import pytest

from navalwar.dice import Dice
from navalwar.engine import Context
from navalwar.errors import NavalwarError
from navalwar.events import problem, vocabulary
from navalwar.games.coral_sea import GAME, air_movement
from navalwar.games.coral_sea import air_state as air
from navalwar.games.coral_sea.air_actions import Fly
from navalwar.games.coral_sea.air_bases import bases
from navalwar.games.coral_sea.data import CoralSeaData
from navalwar.games.coral_sea.model import State
from navalwar.games.coral_sea.units import SIDES
from navalwar.paths import reach

AIR_KINDS = {"ready_aircraft", "commit_cap", "air_move", "air_return", "replace_aircraft",
             "usaaf_roll", "place_usaaf", "return_usaaf"}  # fmt: skip


@pytest.fixture(scope="module")
def data() -> CoralSeaData:
    return GAME.load_data()


def invariants(state: State, data: CoralSeaData, step: str) -> None:
    if step == "setup":
        return
    for side in SIDES:
        for b in bases(state, data, side):
            here = [a for a in state.air.aircraft if a.base == b.name and a.status in
                    (air.READY, air.DOWN, air.CAP)]  # fmt: skip
            assert len(here) <= b.capacity, (b.name, len(here), b.capacity)
    for a in state.air.aircraft:
        if a.status in (air.READY, air.DOWN, air.CAP):
            assert a.base is not None, a
        if a.status == air.AIRBORNE:
            assert a.hex is not None, a
            if state.night:
                raise AssertionError(f"{a.id} airborne at night")
            if step.startswith(("ship_movement", "terminal")):
                assert a.airborne_since == state.turn, a  # stayed up by 26.2 only
        if step == "terminal.end":
            assert a.status != air.CAP, a


@pytest.mark.parametrize("scenario", GAME.scenarios())
@pytest.mark.parametrize("optional", [False, True])
def test_random_play_keeps_the_air_rules(data: CoralSeaData, scenario: str, optional: bool) -> None:
    dice = Dice(17)
    ctx = Context(dice)
    options = {o.name: o.default for o in GAME.spec.options}
    if optional:
        options.update(extended_range=True, long_range=True)
    state = GAME.initial_state(GAME.load_scenario(scenario, data), data, options, ctx)
    asked: Counter[str] = Counter()
    while state.turn <= 6 and not state.over:
        state = GAME.advance(state, data, ctx)
        invariants(state, data, state.step)
        decision = GAME.decision(state, data)
        if decision is None:
            break
        action = decision.random_choice(dice)
        assert decision.check(action) is None, (decision.kind, action)
        if decision.kind in AIR_KINDS:
            asked[decision.kind] += 1
        state = GAME.apply(state, action, data, ctx)
    assert asked["commit_cap"] >= 2 and asked["air_move"] >= 2, asked
    kinds = vocabulary(GAME.event_kinds)
    for event in ctx.events:
        assert problem(kinds, event) is None, event


def test_bad_air_moves_on_the_real_game_name_the_rule(data: CoralSeaData) -> None:
    """A counter flown beyond its range, on a mission its type cannot fly, or twice: a
    NavalwarError naming the rule, and the game goes on from the same state."""
    dice = Dice(5)
    ctx = Context(dice)
    options = {o.name: o.default for o in GAME.spec.options}
    state = GAME.initial_state(GAME.load_scenario("coral_sea", data), data, options, ctx)
    while True:
        state = GAME.advance(state, data, ctx)
        decision = GAME.decision(state, data)
        assert decision is not None and state.turn == 1
        if decision.kind == "air_move":
            break
        state = GAME.apply(state, decision.random_choice(dice), data, ctx)
    side = decision.side
    launch = next(iter(air_movement.launches(state, data, side).values()))
    a = launch.aircraft
    spec = data.aircraft[a.model]
    start = launch.start
    assert start is not None
    far = reach(start, 60, air_movement.entry_cost(state, data))
    target = next(h for h, c in far.costs.items() if c == spec.range + 1)
    path = tuple(data.geography.spec.label(h) for h in far.path_to(target) or ())
    too_far = Fly(a.id, next(m for m in air.MISSIONS if spec.can_fly(m)), path)
    assert "(13.A)" in str(decision.check(too_far))
    before = GAME.observation(state, side, data)
    with pytest.raises(NavalwarError, match=r"13\.A"):
        GAME.apply(state, too_far, data, ctx)
    wrong = next(m for m in air.MISSIONS if not spec.can_fly(m))
    with pytest.raises(NavalwarError, match=r"14\.0"):
        GAME.apply(state, Fly(a.id, wrong, path[:1]), data, ctx)
    assert GAME.observation(state, side, data) == before
    ok = Fly(a.id, too_far.mission, path[:1])
    after = GAME.apply(state, ok, data, ctx)
    with pytest.raises(NavalwarError, match=r"13\.C"):
        GAME.apply(after, ok, data, ctx)


def test_enemy_cap_and_carrier_decks_do_not_reach_the_observation(data: CoralSeaData) -> None:
    """The conformance idea on the air secrets: the other side's observation is the same
    whatever the enemy's CAP and the state of its counters aboard TFs (10.B, 11.D)."""
    from navalwar.games.coral_sea.air_view import cap_variants

    dice = Dice(11)
    ctx = Context(dice)
    options = {o.name: o.default for o in GAME.spec.options}
    state = GAME.initial_state(GAME.load_scenario("coral_sea", data), data, options, ctx)
    checked = 0
    while state.turn <= 5:
        state = GAME.advance(state, data, ctx)
        decision = GAME.decision(state, data)
        assert decision is not None
        for side in SIDES:
            for variant in cap_variants(state, side):
                assert GAME.observe(variant, side, data) == GAME.observe(state, side, data)
                checked += 1
        action = decision.random_choice(dice)
        if decision.kind == "commit_cap":  # commit some CAP, so that there is some to hide
            from navalwar.games.coral_sea.air_actions import CommitCap
            from navalwar.games.coral_sea.cap import eligible

            action = CommitCap(tuple(a.id for a in eligible(state, data, decision.side)[:2]))
        state = GAME.apply(state, action, data, ctx)
    assert checked > 10


def test_a_match_refuses_a_counter_flown_beyond_its_range_and_is_unchanged() -> None:
    """Through ``Match`` (JSON actions, as a front end sends them): the error names the
    rule, and the match's state and event log are as they were (issue 17)."""
    from navalwar.engine import Match

    match = Match.start("coral_sea", "coral_sea", seed=3)
    dice = Dice(3)
    while match.decision is not None and match.decision.kind != "air_move":
        match.apply(match.decision.random_choice(dice))
    decision = match.decision
    assert decision is not None
    state = match.state
    launch = next(iter(air_movement.launches(state, match.data, decision.side).values()))
    spec = match.data.aircraft[launch.aircraft.model]
    assert launch.start is not None
    far = reach(launch.start, 60, air_movement.entry_cost(state, match.data))
    target = next(h for h, c in far.costs.items() if c == spec.range + 1)
    path = [match.data.geography.spec.label(h) for h in far.path_to(target) or ()]
    mission = next(m for m in air.MISSIONS if spec.can_fly(m))
    events = len(match.events)
    with pytest.raises(NavalwarError, match=r"13\.A"):
        match.apply({"tag": "fly", "aircraft": launch.aircraft.id, "mission": mission,
                     "path": path})  # fmt: skip
    assert match.state is state and len(match.events) == events
    match.apply({"tag": "fly", "aircraft": launch.aircraft.id, "mission": mission,
                 "path": path[:1]})  # fmt: skip
    assert match.state.air.by_id(launch.aircraft.id).status == air.AIRBORNE  # type: ignore[union-attr]


@pytest.mark.parametrize("scenario", ["coral_sea", "raid_on_rabaul"])
def test_planned_air_choices_are_always_legal(data: CoralSeaData, scenario: str) -> None:
    """The heuristic plans (``air_plans``) answer CAP, move and return decisions with
    legal actions throughout a game (random choices elsewhere), and they fly strikes."""
    from navalwar.games.coral_sea import air_plans

    plans = {"commit_cap": air_plans.plan_cap, "air_move": air_plans.plan_move,
             "air_return": air_plans.plan_return}  # fmt: skip
    dice = Dice(23)
    ctx = Context(dice)
    options = {o.name: o.default for o in GAME.spec.options}
    state = GAME.initial_state(GAME.load_scenario(scenario, data), data, options, ctx)
    missions: Counter[str] = Counter()
    while state.turn <= 12 and not state.over:
        state = GAME.advance(state, data, ctx)
        decision = GAME.decision(state, data)
        if decision is None:
            break
        plan = plans.get(decision.kind)
        if plan is None:
            action = decision.random_choice(dice)
        else:
            action = plan(state, data, decision.side)
            assert decision.check(action) is None, (decision.kind, action, decision.check(action))
            if isinstance(action, Fly):
                missions[action.mission] += 1
        state = GAME.apply(state, action, data, ctx)
    assert sum(missions[m] for m in air.BOMBING) > 0, missions
    if scenario != "raid_on_rabaul":  # in the raid Japan scouts nothing (a tie wins, 28.1.5.C)
        assert missions["scouting"] > 0, missions
