"""Random and heuristic US play of the Basic Scenario (TE 3.9) never breaks the rules' invariants.

The Japanese are run by the rules' procedures; the US is a RandomAgent. Every
step the rules take (each rule function of the sequence of play, ``DRIVER``) and every applied
action is watched on some seeds; every seed's end state is checked against an
oracle written from the TE 3.9 Victory Conditions text.
"""

from __future__ import annotations

import functools
from collections import Counter
from collections.abc import Callable
from typing import Any

import pytest

from navalwar.agents import RandomAgent, make_agent, play_out
from navalwar.engine import Match
from navalwar.games.tokyo_express import GAME, movement_phase
from navalwar.games.tokyo_express import game as te_game
from navalwar.games.tokyo_express.data import TEData
from navalwar.games.tokyo_express.game import level_of_victory, victory_points
from navalwar.games.tokyo_express.geometry import TE_MAP
from navalwar.games.tokyo_express.model import JAPAN, US, State
from navalwar.games.tokyo_express.scenario import Scenario

SEEDS = range(500)
CHUNK = 50
WATCH_EVERY = 5  # seeds whose every step is watched; the others are checked at the end

# TE 3.9 Victory Conditions, transcribed from the rule text (not from basic.toml):
# (Sunk, Damage Level 3, 2, 1) by the type of the enemy ship.
VP_TO_US = {"CA": (8, 6, 4, 2), "CL": (4, 3, 2, 1), "DD": (3, 2, 1, 0)}
VP_TO_JAPAN = {"CA": (6, 4, 3, 1), "DD": (3, 2, 1, 0)}
ADMIRAL_VP = 2


def level_for(margin: int) -> str:
    """The TE 3.9 victory schedule."""
    if margin >= 11:
        return "US Substantial Victory"
    if margin >= 1:
        return "US Marginal Victory"
    if margin == 0:
        return "Draw"
    if margin >= -10:
        return "Japanese Marginal Victory"
    return "Japanese Substantial Victory"


def oracle_vp(state: State, data: TEData) -> dict[str, int]:
    vp = {US: 0, JAPAN: 0}
    for s in state.ships:
        table, scorer = (VP_TO_JAPAN, JAPAN) if s.side == US else (VP_TO_US, US)
        row = table[data.ship(s.name).rule_type]
        if s.removed or s.sinking:
            vp[scorer] += row[0]
        elif s.level:
            vp[scorer] += row[4 - s.level]
    if state.admiral_killed_turn:
        vp[JAPAN] += ADMIRAL_VP
    return vp


class Watcher:
    """Checks every state it is shown against the one before."""

    def __init__(self, data: TEData) -> None:
        self.data = data
        self.last: State | None = None
        self.problems: list[str] = []
        self.stacking_checks = 0

    def see(self, state: State, where: str) -> None:
        if len(self.problems) > 5:
            return
        before = {s.name: s for s in self.last.ships} if self.last else {}
        for s in state.ships:
            spec = self.data.ship(s.name)
            if not s.removed and not TE_MAP.in_bounds(s.hex):
                self.problems.append(f"{where}: {s.name} is off the map at {s.hex}")
            if not 0 <= s.hits <= spec.boxes:
                self.problems.append(f"{where}: {s.name} has {s.hits} hits of {spec.boxes} boxes")
            if not 0 <= s.level <= 3:
                self.problems.append(f"{where}: {s.name} is at Damage Level {s.level}")
            old = before.get(s.name)
            if old is not None:
                if s.hits < old.hits:
                    self.problems.append(f"{where}: {s.name}'s hits fell {old.hits}->{s.hits}")
                if s.level < old.level:
                    self.problems.append(f"{where}: {s.name}'s level fell {old.level}->{s.level}")
                if old.removed and not s.removed:
                    self.problems.append(f"{where}: {s.name} came back after removal")
        if set(before) and set(before) != {s.name for s in state.ships}:
            self.problems.append(f"{where}: the set of ships changed")
        if not 1 <= state.turn <= 5:
            self.problems.append(f"{where}: Game Turn {state.turn}")
        if state.step in ("jp_move", "chit_draw"):
            self.stacking_checks += 1
            crowd = Counter(s.hex for s in state.side_ships(US))
            for h, n in crowd.items():
                if n > 2:
                    self.problems.append(f"{where}: {n} US ships in {TE_MAP.label(h)}")
        self.last = state


@pytest.fixture
def watch(monkeypatch: pytest.MonkeyPatch) -> Callable[[Watcher | None], None]:
    """Route every rules step through the current watcher (none: steps run unwatched)."""
    current: list[Watcher | None] = [None]

    def wrap(step: str, run: Any) -> Any:
        def wrapped(game: Any, state: State, data: TEData, ctx: Any) -> State:
            new: State = run(game, state, data, ctx)
            if current[0] is not None:
                current[0].see(new, f"after step {step} (turn {new.turn}, phase {new.phase})")
            return new

        return wrapped

    monkeypatch.setattr(te_game, "DRIVER", te_game.DRIVER.wrapped(wrap))

    def use(watcher: Watcher | None) -> None:
        current[0] = watcher

    return use


def check_end(match: Match, data: TEData) -> list[str]:
    state: State = match.state
    outcome = match.outcome
    if outcome is None or not state.over:
        return ["the game did not end"]
    problems = []
    vp = oracle_vp(state, data)
    if dict(outcome.scores) != vp or victory_points(state, data) != vp:
        problems.append(f"VP {outcome.scores} / {victory_points(state, data)}, TE 3.9 gives {vp}")
    margin = outcome.scores[US] - outcome.scores[JAPAN]
    if outcome.level != level_for(margin):
        problems.append(f"level {outcome.level!r} for a margin of {margin:+d}")
    if outcome.level != level_of_victory(state.scenario, margin):
        problems.append("outcome level differs from level_of_victory")
    winner = US if margin > 0 else JAPAN if margin < 0 else None
    if outcome.winner != winner:
        problems.append(f"winner {outcome.winner} for a margin of {margin:+d}")
    if state.turn > 5:
        problems.append(f"the game ended in Game Turn {state.turn}")
    if state.turn < 5 and all(any(True for _ in state.side_ships(s)) for s in (US, JAPAN)):
        problems.append(f"the game ended early in Game Turn {state.turn} with both sides afloat")
    for s in state.ships:
        if s.sinking and not s.removed:
            problems.append(f"{s.name} is still sinking at the end")
    return problems


@functools.cache
def basic_scenario() -> Scenario:
    return GAME.load_scenario("basic", GAME.load_data())


def play_basic(seed: int, data: TEData, watcher: Watcher | None) -> Match:
    options = GAME.spec.resolve_options(None)
    match = Match(GAME, "basic", basic_scenario(), data, seed, options)
    agent = RandomAgent(seed + 100_000)
    if watcher is None:
        play_out(match, {US: agent}, max_decisions=1_000)
        return match
    watcher.see(match.state, "at the start")
    for n in range(1_000):
        decision = match.decision
        if decision is None:
            break
        assert decision.side == US
        match.apply(agent.choose(match, decision))
        watcher.see(match.state, f"after action {n} ({decision.kind})")
    return match


@pytest.mark.parametrize("start", range(SEEDS.start, SEEDS.stop, CHUNK))
def test_random_us_play_keeps_the_invariants(
    start: int, te_data: TEData, watch: Callable[[Watcher | None], None]
) -> None:
    failures: dict[int, list[str]] = {}
    stacking_checks = 0
    for seed in range(start, start + CHUNK):
        watcher = Watcher(te_data) if seed % WATCH_EVERY == 0 else None
        watch(watcher)
        match = play_basic(seed, te_data, watcher)
        problems = check_end(match, te_data)
        if watcher is not None:
            problems += watcher.problems
            stacking_checks += watcher.stacking_checks
        if problems:
            failures[seed] = problems[:3]
    assert failures == {}
    # Each watched game is checked at the end of every Movement Phase it plays.
    assert stacking_checks >= 2 * 6 * (CHUNK // WATCH_EVERY)


@pytest.mark.source_only
def test_the_watcher_sees_a_broken_stacking_rule(
    te_data: TEData, watch: Callable[[Watcher | None], None], monkeypatch: pytest.MonkeyPatch
) -> None:
    """The invariant checks can fail: with TE 3.4 stacking switched off, three ships share a hex."""
    monkeypatch.setattr(movement_phase, "_stacking", lambda state, paths, ctx: set())
    for seed in range(40):
        watcher = Watcher(te_data)
        watch(watcher)
        play_basic(seed, te_data, watcher)
        if any("US ships in" in p for p in watcher.problems):
            return
    pytest.fail("no game crowded three US ships into a hex")


@pytest.mark.source_only
def test_the_end_check_sees_a_wrong_level(te_data: TEData, monkeypatch: pytest.MonkeyPatch) -> None:
    match = next(
        m
        for m in (play_basic(seed, te_data, None) for seed in range(50))
        if m.outcome is not None and m.outcome.scores[US] != m.outcome.scores[JAPAN]
    )
    assert check_end(match, te_data) == []
    monkeypatch.setattr(te_game, "level_of_victory", lambda scenario, margin: "Draw")
    assert any(p.startswith("level 'Draw' for a margin") for p in check_end(match, te_data))


def test_heuristic_us_agent_games_terminate(te_data: TEData) -> None:
    options = GAME.spec.resolve_options(None)
    failures = {}
    for seed in range(200):
        match = Match(GAME, "basic", basic_scenario(), te_data, seed, dict(options))
        play_out(match, {US: make_agent("tokyo_express", "heuristic", seed)}, max_decisions=1_000)
        problems = check_end(match, te_data)
        if problems:
            failures[seed] = problems
    assert failures == {}


def _play_checking(
    monkeypatch: pytest.MonkeyPatch, step: str, check: Callable[[State, TEData], None]
) -> None:
    """Play 15 random Basic games, calling ``check(state, data)`` before each ``step``
    (a bare step id of the sequence of play: in every Movement Phase)."""

    def wrap(key: str, run: Any) -> Any:
        if key.rsplit(".", 1)[-1] != step:
            return run

        def probed(game: Any, state: State, data: TEData, ctx: Any) -> State:
            check(state, data)
            new: State = run(game, state, data, ctx)
            return new

        return probed

    monkeypatch.setattr(te_game, "DRIVER", te_game.DRIVER.wrapped(wrap))
    for seed in range(15):
        play_out(Match.start(GAME, "basic", seed=seed, log_events=False), {US: RandomAgent(seed)})


def test_japanese_plans_pick_only_targets_the_rules_allow(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every attack the Japanese torpedo and gunnery plans make passes the rule
    functions (TE 3.6 "Targets of Torpedo Attacks", never a DD at Long range; TE 3.7
    gunnery targets and bearing batteries)."""
    from navalwar.dice import Dice
    from navalwar.engine import Context
    from navalwar.games.tokyo_express.allocation import (
        JP_TORPEDO_RANGE,
        japanese_gunnery_plan,
        japanese_torpedo_plan,
    )
    from navalwar.games.tokyo_express.combat import (
        battery_bears_on,
        gunnery_target_ok,
        torpedo_band,
        torpedo_target_ok,
    )
    from navalwar.hexgrid import distance

    seen = {"torpedo": 0, "gunnery": 0}

    def check(state: State, data: TEData) -> None:
        probe = Context(Dice(len(state.ships) + state.turn), record=False)
        for a in japanese_torpedo_plan(state, data, probe, second=False):
            attacker, target = state.ship(a.attacker), state.ship(a.target)
            assert torpedo_target_ok(state, data, attacker, target, JP_TORPEDO_RANGE)
            long = torpedo_band(distance(attacker.hex, target.hex)) == "Long"
            assert not (long and data.ship(target.name).rule_type == "DD")
            seen["torpedo"] += 1
        for a in japanese_gunnery_plan(state, data, probe):
            attacker, target = state.ship(a.attacker), state.ship(a.target)
            assert gunnery_target_ok(state, data, attacker, target)
            batteries = ("bow", "stern") if a.battery == "both" else (a.battery,)
            assert all(battery_bears_on(attacker, b, target) for b in batteries)
            seen["gunnery"] += 1

    _play_checking(monkeypatch, "jp_torpedo", check)
    assert seen["torpedo"] > 10 and seen["gunnery"] > 10


def test_us_target_lists_match_the_rule_functions(monkeypatch: pytest.MonkeyPatch) -> None:
    """The US gunnery and torpedo target lists (the rule functions' targets, less first
    targets and the closed hex row for second attacks) list exactly the ships the rule
    functions allow one by one (TE 3.6 "Targets of Torpedo Attacks", TE 3.7
    "Requirements to Be a Target"), and a ship can fire torpedoes exactly when some
    target has a bearing salvo it may fire."""
    from navalwar.games.tokyo_express.allocation import (
        US_TORPEDO_RANGE,
        _banned_side,
        _gunnery_targets,
        _us_torpedo_targets,
        us_torpedo_can_fire,
    )
    from navalwar.games.tokyo_express.combat import (
        HEAD_ROW,
        MOUNT_BITS,
        gunnery_target_ok,
        ready_mounts,
        torpedo_geometry,
        torpedo_target_ok,
    )
    from navalwar.hexgrid import arc_of

    seen = {"gunnery": 0, "torpedo": 0}

    def check(state: State, data: TEData) -> None:
        jp = state.ships_of(JAPAN)
        for ship in state.ships_of(US):
            expected_gunnery = [
                (t, arc_of(ship.hex, ship.heading, t.hex))
                for t in jp
                if gunnery_target_ok(state, data, ship, t)
            ]
            assert list(_gunnery_targets(state, data, ship)) == expected_gunnery
            seen["gunnery"] += len(expected_gunnery)
            for second in (False, True):
                firsts = state.combat.first_targets if second and state.combat else ()
                # the heading row is closed to the second of two attacks (TE 3.6)
                attacked = second and state.combat is not None
                attacked = attacked and ship.name in dict(state.combat.first_mounts)
                expected = []
                for t in jp:
                    if t.name in firsts:
                        continue
                    if not torpedo_target_ok(state, data, ship, t, US_TORPEDO_RANGE):
                        continue
                    bits = torpedo_geometry(
                        t.hex.q - ship.hex.q, t.hex.r - ship.hex.r, ship.heading
                    )
                    if attacked and bits & HEAD_ROW:
                        continue
                    expected.append((t, bits & ready_mounts(data, ship)))
                assert list(_us_torpedo_targets(state, data, ship, second)) == expected
                allowed = 7 & ~MOUNT_BITS.get(_banned_side(state, ship, second), 0)
                can = any(bits & allowed for _, bits in expected)
                assert us_torpedo_can_fire(state, data, ship, second) == can
                seen["torpedo"] += len(expected)

    _play_checking(monkeypatch, "jp_gunnery", check)
    assert seen["gunnery"] > 10 and seen["torpedo"] > 10
