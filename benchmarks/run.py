"""Throughput and latency of the hot paths (a benchmark, not a test).

Run with ``make bench`` (or ``.venv/bin/python benchmarks/run.py``). It reports:

* cloning a mid-game Tokyo Express state (``Match.clone`` and the bare state),
* applying one action and running the rules to the next decision
  (``Game.step``, the search/simulation path, no event recording),
* whole Basic games per second on one core with random US play,
* the same for GWaS 1904 Battle Scenario 5 (yellow-sea) with random play on both
  sides, from a mid-battle state (clone and apply) and as whole battles.

``--games`` times the whole Tokyo Express games only; ``make bench`` runs it again on
the mypyc-compiled build (``make compiled``), which it names in the first line.
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Callable

from navalwar.agents import RandomAgent, play_out
from navalwar.dice import Dice
from navalwar.engine import Match
from navalwar.frozen import evolve


def timeit(fn: Callable[[], object], number: int, repeat: int = 5) -> float:
    """Best mean seconds per call over ``repeat`` runs of ``number`` calls."""
    best = float("inf")
    for _ in range(repeat):
        t0 = time.perf_counter()
        for _ in range(number):
            fn()
        best = min(best, (time.perf_counter() - t0) / number)
    return best


def step_times(m: Match, runs: int = 200) -> tuple[float, float] | None:
    """Median and worst seconds of ``Game.step`` with the first legal action of the
    match's decision, over ``runs`` different dice seeds (None without a listed choice)."""
    decision = m.game.decision(m.state, m.data)
    if decision is None or not decision.choices:
        return None
    action = decision.choices[0]
    steps = []
    for k in range(runs):
        dice = Dice(1000 + k)
        t0 = time.perf_counter()
        m.game.step(m.state, action, m.data, dice)
        steps.append(time.perf_counter() - t0)
    return statistics.median(steps), max(steps)


def mid_game(seed: int = 7) -> Match:
    """A Basic game played to the middle of Game Turn 3."""
    m = Match.start("tokyo_express", "basic", seed=seed)
    agent = RandomAgent(seed)
    while m.decision is not None and m.state.turn < 3:
        m.apply(agent.choose(m, m.decision))
    return m


def build() -> str:
    """Which build of navalwar runs: the sources or the mypyc-compiled modules."""
    import navalwar

    which = "compiled (mypyc)" if navalwar.compiled() else "source"
    return f"{which} build: {navalwar.__file__}"


def games(n: int, log_events: bool) -> float:
    """Seconds per Basic game, random US, over seeds 0..n-1."""
    t0 = time.perf_counter()
    for seed in range(n):
        g = Match.start("tokyo_express", "basic", seed=seed, log_events=log_events)
        play_out(g, {"US": RandomAgent(seed)})
    return (time.perf_counter() - t0) / n


def te_games() -> None:
    """Whole Basic games per second on one core, with and without the event log."""
    games(20, True)  # warm the caches (lines of fire, copy recipes) first
    for log_events, how in ((True, "with the event log"), (False, "no event log, as in a batch")):
        dt = min(games(100, log_events) for _ in range(3))
        print(
            f"whole Basic games, random US, 1 core:             {1 / dt:8.1f} games/s "
            f"({dt * 1e3:.1f} ms per game, {how}; best of 3 x 100)"
        )


def main() -> None:
    m = mid_game()
    state = m.state
    print(f"mid-game: turn {state.turn}, step {state.step}, {len(m.events)} events so far")
    clone_state = timeit(lambda: evolve(state), 20_000)
    clone_match = timeit(m.clone, 20_000)
    print(f"clone state (frozen.evolve, values shared):      {clone_state * 1e6:8.2f} us")
    print(f"clone Match (state + logs + dice):                {clone_match * 1e6:8.2f} us")

    times = step_times(m)
    if times is not None:
        print(
            f"apply one action + rules to the next decision:   {times[0] * 1e6:8.1f} "
            f"us median, {times[1] * 1e3:.2f} ms max (Game.step, no event log)"
        )

    te_games()


def gwas_mid_battle(seed: int = 3) -> Match:
    """Battle Scenario 5 played by the heuristic agents into its second impulse."""
    from navalwar.agents import make_agent

    m = Match.start("gwas_1904", "yellow-sea", seed=seed)
    agents = {side: make_agent("gwas_1904", "heuristic", seed) for side in ("Japan", "Russia")}
    while m.decision is not None and (m.state.phase != "impulse" or m.state.impulse < 2):
        m.apply(agents[m.decision.side].choose(m, m.decision))
    return m


def gwas() -> None:
    m = gwas_mid_battle()
    state = m.state
    print(f"GWaS BS5 mid-battle: impulse {state.impulse}, step {state.step}")
    clone_state = timeit(lambda: evolve(state), 20_000)
    clone_match = timeit(m.clone, 20_000)
    print(f"clone state:                                      {clone_state * 1e6:8.2f} us")
    print(f"clone Match:                                      {clone_match * 1e6:8.2f} us")
    times = step_times(m)
    if times is not None:
        print(
            f"apply one action + rules to the next decision:   "
            f"{times[0] * 1e6:8.1f} us median (Game.step, no event log)"
        )
    n = 40
    t0 = time.perf_counter()
    for seed in range(n):
        g = Match.start("gwas_1904", "yellow-sea", seed=seed)
        play_out(g, {"Japan": RandomAgent(seed), "Russia": RandomAgent(seed + 1)})
    dt = time.perf_counter() - t0
    print(
        f"whole BS5 battles, random both sides, 1 core:     {n / dt:8.1f} battles/s "
        f"({dt / n * 1e3:.1f} ms per battle, with the event log)"
    )


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", action="store_true", help="whole TE games only")
    args = parser.parse_args()
    print(build())
    if args.games:
        te_games()
    else:
        main()
        gwas()
