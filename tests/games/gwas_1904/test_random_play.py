"""Random play of every GWaS 1904 battle scenario keeps the battle rules' invariants.

Both sides choose uniformly among the legal actions (set-up hexes and ``auto``,
moves, exits, targets, squadron hit assignments ...) with their own seeded dice,
through the Game-level functions (``advance`` / ``decision`` / ``apply``, no
:class:`Match`, no event log). Every state the game passes through is compared with
the one before it:

* a sunk ship stays sunk and never moves again (the whole-battle shift of 7.33
  moves the ships afloat only; the check still tolerates a common shift vector);
* a ship that left the map (7.33) never comes back;
* damage never decreases (boxes lost per part, torpedo tubes used or destroyed;
  speed levels lost and unable to sail within an impulse: 11.27's emergency repair
  at the end of an impulse may give a ship that could not sail speed 1s again);
* no side has more than 8 counters in a hex, fortresses (20.44), ships aground from
  the start (BS2) and ships in port (20.4) apart (7.2, 7.32, 9.4);
* every afloat ship is on the map, and never in an all-land hex unless beached (7.41);
* a ship torpedoes at most once (7.84);
* the battle ends within the scenario's impulses with an outcome.
"""

from __future__ import annotations

import os
import time
from collections import Counter
from typing import Any

import attrs
import pytest

from navalwar.dice import Dice
from navalwar.engine import Context
from navalwar.games.gwas_1904 import GAME
from navalwar.games.gwas_1904.actions import Torpedo
from navalwar.games.gwas_1904.battle import Battle
from navalwar.games.gwas_1904.builders import bundled_data
from navalwar.games.gwas_1904.tactical_map import hex_of, label, on_map

SEEDS = 300  # the issue asks for 300 seeds of every battle scenario
# TEMPORARY, until the engine is optimised: 300 seeds of all eight scenarios take about
# 40 minutes here (a watched game of first-of-october ~5 s, makarov and tsushima ~0.9 s,
# amur ~0.45 s, chemulpo ~0.35 s, port-arthur ~0.15 s, yellow-sea ~0.12 s, ulsan ~0.04 s),
# far over the ~60 s budget. Each scenario runs the seeds below (7-10 s apiece, about 60 s
# in all); NAVALWAR_GWAS_SEEDS=300 (or any number) runs that many of every scenario.
SEEDS_NOW = {
    "amur": 16,
    "chemulpo": 20,
    "first-of-october": 2,
    "makarov": 8,
    "port-arthur": 50,
    "tsushima": 8,
    "ulsan": 190,
    "yellow-sea": 60,
}
DECISIONS = 20_000  # a game taking more decisions than this does not terminate


def seeds(name: str) -> int:
    forced = os.environ.get("NAVALWAR_GWAS_SEEDS")
    return int(forced) if forced else min(SEEDS, SEEDS_NOW[name])


class Watcher:
    """Compares each state with the one before it."""

    def __init__(self, name: str, seed: int) -> None:
        self.where = f"{name} seed {seed}"
        self.last: Battle | None = None
        self.torpedoes: Counter[str] = Counter()
        self.problems: list[str] = []
        self.states = 0

    def fail(self, text: str) -> None:
        if len(self.problems) < 5:
            self.problems.append(f"{self.where}: {text}")

    def action(self, action: Any) -> None:
        if isinstance(action, Torpedo) and action.target:
            self.torpedoes[action.ship] += 1
            if self.torpedoes[action.ship] > 1:
                self.fail(f"{action.ship} torpedoes a second time (7.84)")

    def see(self, state: Battle) -> None:
        self.states += 1
        rules = bundled_data().rules
        ov = state.overlay
        stacks: dict[tuple[str, Any], set[str]] = {}
        for s in state.ships:  # 7.2, 7.32, 9.4: counters, not ships; 20.4, 20.44, BS2 apart
            if s.afloat and not s.exempt and not s.in_port:
                stacks.setdefault((s.side, s.hex), set()).add(s.counter)
        for (side, h), counters in stacks.items():
            if len(counters) > 8:
                self.fail(f"{len(counters)} {side} counters in {label(h)}")
        for s in state.ships:
            if s.afloat:
                assert s.hex is not None
                if not on_map(s.hex):
                    self.fail(f"{s.key} is off the map at {s.hex}")
                if ov is not None and s.hex in ov.full_land and not s.beached:
                    self.fail(f"{s.key} is on land in {label(s.hex)}")
            if s.damage.torpedo_used and rules.of(s).torpedo == 0:
                self.fail(f"{s.key} used torpedoes it does not have")
        if self.last is not None and self.last.ships:
            self._compare(self.last, state)
        self.last = state

    def _compare(self, before: Battle, after: Battle) -> None:
        old = {s.key: s for s in before.ships}
        if set(old) != {s.key for s in after.ships}:
            self.fail("the set of ships changed")
            return
        same_impulse = before.impulse == after.impulse and not after.over
        shifts = _shift_vectors(before, after)
        for s in after.ships:
            o = old[s.key]
            if o.damage.sunk and not s.damage.sunk:
                self.fail(f"{s.key} came back from the bottom")
            placing = before.phase == "setup"  # BS4: a ship sunk by mines before play is placed
            if o.damage.sunk and o.hex != s.hex and not (o.hex is None and placing):
                moved = _vector(o.hex, s.hex)
                if moved is None or moved not in shifts:
                    self.fail(f"{s.key} moved after sinking ({o.hex} -> {s.hex})")
            if o.left and (s.hex is not None or s.left != o.left):
                self.fail(f"{s.key} came back after leaving by the {o.left} edge")
            if o.beached and not s.beached:
                self.fail(f"{s.key} got off the beach")
            for part in ("primary", "secondary", "tertiary", "hull"):
                if s.damage.track.lost_boxes(part) < o.damage.track.lost_boxes(part):
                    self.fail(f"{s.key} {part} damage fell")
            if o.damage.torpedo_used and not s.damage.torpedo_used:
                self.fail(f"{s.key}'s used torpedoes came back")
            if o.damage.torpedo_destroyed and not s.damage.torpedo_destroyed:
                self.fail(f"{s.key}'s destroyed tubes came back")
            if same_impulse:
                if s.damage.speed_lost < o.damage.speed_lost:
                    self.fail(f"{s.key} regained speed")
                if o.damage.unable and not s.damage.unable:
                    self.fail(f"{s.key} can sail again within an impulse")


def _vector(a: Any, b: Any) -> tuple[int, int] | None:
    if a is None or b is None:
        return None
    return (b.q - a.q, b.r - a.r)


def _shift_vectors(before: Battle, after: Battle) -> set[tuple[int, int]]:
    """Displacements shared by ships of both sides in one transition: a whole-battle
    shift (7.33). An ordinary move or formation move moves one side only."""
    by_side: dict[str, set[tuple[int, int]]] = {"Japan": set(), "Russia": set()}
    old = {s.key: s for s in before.ships}
    for s in after.ships:
        v = _vector(old[s.key].hex, s.hex)
        if v is not None and v != (0, 0):
            by_side[s.side].add(v)
    return by_side["Japan"] & by_side["Russia"]


def play(name: str, seed: int) -> Watcher:
    """One random game; the watcher holds any broken invariant."""
    scen = GAME.load_scenario(name, bundled_data())
    options = GAME.spec.resolve_options(None)
    ctx = Context(Dice(seed), record=False)
    agents = Dice(seed + 1_000_003)
    watcher = Watcher(name, seed)
    state = GAME.initial_state(scen, bundled_data(), options, ctx)
    state = GAME.advance(state, bundled_data(), ctx)
    watcher.see(state)
    for _ in range(DECISIONS):
        decision = GAME.decision(state, bundled_data())
        if decision is None:
            break
        action = decision.random_choice(agents)
        watcher.action(action)
        state = GAME.advance(GAME.apply(state, action, bundled_data(), ctx), bundled_data(), ctx)
        watcher.see(state)
    else:
        watcher.fail(f"no end after {DECISIONS} decisions")
        return watcher
    if not state.over or GAME.outcome(state, bundled_data()) is None:
        watcher.fail("the game stopped without an outcome")
    limit = scen.impulses
    if limit and state.impulse > limit:
        watcher.fail(f"the battle ran to impulse {state.impulse} of {limit}")
    return watcher


@pytest.mark.parametrize(
    "name",
    list(SEEDS_NOW),
)
def test_random_play_keeps_the_battle_invariants(name: str) -> None:
    started = time.perf_counter()
    failures: list[str] = []
    states = 0
    for seed in range(seeds(name)):
        watcher = play(name, seed)
        failures.extend(watcher.problems)
        states += watcher.states
    assert failures == []
    assert states > seeds(name)  # every game went through several states
    print(f"{name}: {seeds(name)} seeds in {time.perf_counter() - started:.1f} s")


def _set_up(name: str) -> Battle:
    ctx = Context(Dice(0), record=False)
    scen = GAME.load_scenario(name, bundled_data())
    state = GAME.advance(
        GAME.initial_state(scen, bundled_data(), GAME.spec.resolve_options(None), ctx),
        bundled_data(),
        ctx,
    )
    while state.phase == "setup":
        d = GAME.decision(state, bundled_data())
        assert d is not None and d.choices
        state = GAME.advance(
            GAME.apply(state, d.choices[0], bundled_data(), ctx), bundled_data(), ctx
        )
    return state


def test_the_watcher_sees_a_wreck_move_and_a_crowded_hex() -> None:
    """The invariant checks can fail."""
    state = _set_up("tsushima")
    first = state.ships[0]
    assert first.hex is not None
    track = first.damage.track
    wreck = attrs.evolve(
        first,
        damage=attrs.evolve(first.damage, track=track.hit("hull", track.remaining("hull"))),
    )
    watcher = Watcher("tsushima", 0)
    watcher.see(state.with_ship(wreck))
    watcher.see(state.with_ship(attrs.evolve(wreck, hex=type(first.hex)(0, 0))))
    assert any("moved after sinking" in p for p in watcher.problems)
    japanese = [s for s in state.ships if s.side == "Japan"]
    counters = sorted({s.counter for s in japanese})
    for n, crowded in ((8, False), (9, True)):
        chosen = {c for c in counters[:n]}
        empty = hex_of("K1")
        assert all(s.hex != empty for s in state.ships)
        ships = {s.key: attrs.evolve(s, hex=empty) for s in japanese if s.counter in chosen}
        watcher = Watcher("tsushima", 0)
        watcher.see(state.with_ships(ships))
        assert any("9 Japan counters" in p for p in watcher.problems) == crowded
