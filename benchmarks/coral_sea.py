"""Coral Sea: the time of a whole Scenario 4 game (34 turns) and its cost per turn.

Usage: ``.venv/bin/python benchmarks/coral_sea.py [--games N] [--agent heuristic|random]``.
Issue 17 asks for a whole Scenario 4 game with heuristic agents and no event log in
under 1 s on one core; this prints where it stands, and the mean time per turn.
"""

from __future__ import annotations

import argparse
import time

from navalwar.agents import RandomAgent
from navalwar.engine import Match
from navalwar.games.coral_sea.agents import HeuristicAgent


def game(seed: int, agent: str) -> tuple[float, int]:
    """One whole Scenario 4 game without the event log: (seconds, turns)."""
    m = Match.start("coral_sea", "coral_sea", seed=seed, log_events=False)
    make = HeuristicAgent if agent == "heuristic" else RandomAgent
    players = {side: make(seed * 2 + i) for i, side in enumerate(("Japan", "Allies"))}
    t0 = time.perf_counter()
    while m.decision is not None:
        d = m.decision
        m.apply(players[d.side].choose(m, d))
    return time.perf_counter() - t0, m.state.turn


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=3)
    parser.add_argument("--agent", default="heuristic", choices=("heuristic", "random"))
    args = parser.parse_args()
    total = turns = 0.0
    for seed in range(args.games):
        dt, n = game(seed, args.agent)
        total += dt
        turns += n
        print(f"seed {seed}: {dt:6.2f} s, {n} turns, {dt / n * 1e3:7.1f} ms per turn")
    print(f"mean {total / args.games:6.2f} s per game, {total / turns * 1e3:7.1f} ms per turn")


if __name__ == "__main__":
    main()
