"""Coral Sea win rates: the heuristic against random play in each seat, every scenario.

Run with ``.venv/bin/python benchmarks/coral_sea_agents.py -n 200`` (``-h`` for the
options). For each scenario it plays the seeds ``first .. first+n-1`` three ways:
random Japan v random Allies (the yardstick), heuristic Japan v random Allies, random
Japan v heuristic Allies (the match seeded with the seed, Japan's agent with it, the
Allies' with it + 100000). Each line prints a side's wins with the Wilson 95% interval
and CPU seconds a game; ``--out`` keeps one JSON line per game, ``--merge`` reads such
files back and prints the table again.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
import time
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

from navalwar.agents import make_agent, play_out
from navalwar.batch.stats import wilson
from navalwar.engine import Match

SCENARIOS = ("raid_on_rabaul", "huon_gulf", "tulagi", "tulagi_campaign", "coral_sea")
PAIRINGS = (("random", "random"), ("heuristic", "random"), ("random", "heuristic"))


def play(job: tuple[str, str, str, int]) -> dict[str, Any]:
    """One game, without an event log: the winner, level, scores and CPU seconds."""
    scenario, japan, allies, seed = job
    t = time.process_time()
    m = Match.start("coral_sea", scenario, seed=seed, log_events=False)
    agents = {
        "Japan": make_agent("coral_sea", japan, seed),
        "Allies": make_agent("coral_sea", allies, seed + 100_000),
    }
    play_out(m, agents)
    out = m.outcome
    assert out is not None
    return {
        "scenario": scenario, "japan": japan, "allies": allies, "seed": seed,
        "winner": out.winner, "level": out.level, "scores": out.to_json()["scores"],
        "cpu": time.process_time() - t,
    }  # fmt: skip


def table(rows: Sequence[dict[str, Any]]) -> str:
    """A markdown table: per scenario and pairing, each side's wins with Wilson 95%."""
    lines = [
        "| scenario | Japan | Allies | games | Japan wins (Wilson 95%) "
        "| Allied wins (Wilson 95%) | draws | mean VP margin J-A | CPU s/game |",
        "|---|---|---|---|---|---|---|---|---|",
    ]
    keys = dict.fromkeys((r["scenario"], r["japan"], r["allies"]) for r in rows)
    for key in keys:
        games = [r for r in rows if (r["scenario"], r["japan"], r["allies"]) == key]
        n = len(games)
        cells = []
        for side in ("Japan", "Allies"):
            k = sum(r["winner"] == side for r in games)
            lo, hi = wilson(k, n)
            cells.append(f"{k} = {100 * k / n:.1f}% [{100 * lo:.1f}, {100 * hi:.1f}]")
        draws = sum(r["winner"] is None for r in games)
        cpu = sum(r["cpu"] for r in games) / n
        margin = sum(float(r["scores"]["Japan"]) - float(r["scores"]["Allies"]) for r in games) / n
        lines.append(
            f"| {key[0]} | {key[1]} | {key[2]} | {n} | {cells[0]} | {cells[1]} | {draws} "
            f"| {margin:+.1f} | {cpu:.2f} |"
        )
    return "\n".join(lines)


def comparisons(rows: Sequence[dict[str, Any]]) -> str:
    """Per scenario, seat and opponent (random or heuristic), the heuristic against
    random play in the seat: the difference of the seat's win rates with Newcombe's
    paired 95% interval (the same seeds), and of its mean VP margin with a paired 95%
    interval."""
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    from agents import newcombe_paired

    lines = [
        "| scenario | seat | opponent | games | win rate: heuristic - random (paired 95%) "
        "| seeds won by one only | VP margin: heuristic - random (paired 95%) |",
        "|---|---|---|---|---|---|---|",
    ]
    for scenario in dict.fromkeys(r["scenario"] for r in rows):
        games = {(r["japan"], r["allies"], r["seed"]): r for r in rows if r["scenario"] == scenario}
        seeds = sorted({k[2] for k in games})
        for side in ("Japan", "Allies"):
            sign = 1 if side == "Japan" else -1
            for opp in ("random", "heuristic"):

                def key(
                    me: str, seed: int, opp: str = opp, side: str = side
                ) -> tuple[str, str, int]:
                    return (me, opp, seed) if side == "Japan" else (opp, me, seed)

                both = [
                    (games[key("heuristic", x)], games[key("random", x)])
                    for x in seeds
                    if key("heuristic", x) in games and key("random", x) in games
                ]
                if not both:
                    continue
                pairs = [(h["winner"] == side, r["winner"] == side) for h, r in both]
                diffs = [sign * (_margin(h) - _margin(r)) for h, r in both]
                d, lo, hi = newcombe_paired(pairs)
                n = len(diffs)
                mean = sum(diffs) / n
                sd = math.sqrt(sum((x - mean) ** 2 for x in diffs) / (n - 1)) if n > 1 else 0.0
                half = 1.96 * sd / math.sqrt(n)
                only = (
                    f"{sum(x and not y for x, y in pairs)} / {sum(y and not x for x, y in pairs)}"
                )
                lines.append(
                    f"| {scenario} | {side} | {opp} | {n} | {100 * d:+.1f}% "
                    f"[{100 * lo:+.1f}, {100 * hi:+.1f}] | {only} "
                    f"| {mean:+.1f} [{mean - half:+.1f}, {mean + half:+.1f}] |"
                )
    return "\n".join(lines)


def _margin(r: dict[str, Any]) -> float:
    return float(r["scores"]["Japan"]) - float(r["scores"]["Allies"])


def main(argv: Sequence[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("-n", type=int, default=200, help="games per scenario and pairing")
    p.add_argument("--first-seed", type=int, default=0)
    p.add_argument("--scenario", action="append", help="only these scenarios (repeatable)")
    p.add_argument("--jobs", type=int, default=1)
    p.add_argument("--out", help="append one JSON line per game here")
    p.add_argument("--merge", nargs="*", help="print the table of these --out files and stop")
    args = p.parse_args(argv)
    if args.merge:
        rows = []
        for name in args.merge:
            with open(name) as f:
                rows += [json.loads(line) for line in f if line.strip()]
        print(table(rows))
        print()
        print(comparisons(rows))
        return 0
    jobs = [  # seed by seed, so that a run cut short leaves every cell as full
        (s, j, a, seed)
        for seed in range(args.first_seed, args.first_seed + args.n)
        for s in (args.scenario or SCENARIOS)
        for j, a in PAIRINGS
    ]
    rows: list[dict[str, Any]] = []
    with ProcessPoolExecutor(args.jobs) as pool, open(args.out or "/dev/null", "a") as out:
        for row in pool.map(play, jobs, chunksize=1):
            rows.append(row)
            out.write(json.dumps(row) + "\n")
            out.flush()
    print(table(rows))
    print()
    print(comparisons(rows))
    return 0


if __name__ == "__main__":
    sys.exit(main())
