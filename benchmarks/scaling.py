"""Batch simulation's speed-up from 1 worker to 2 (a benchmark, not a test).

Run with ``make bench`` (or ``.venv/bin/python benchmarks/scaling.py [-n N]``). It
fights the same ``N`` (default 2,000) Tokyo Express Basic battles with
:func:`navalwar.batch.simulate` on the local process backend, first with one worker
(in this process), then with two (two spawned processes, their start-up included),
and reports the wall-clock times, battles per second and the speed-up. The records of
the two runs must be identical (the batch is deterministic whatever the workers), and
the benchmark checks it. The figure is only meaningful on an otherwise idle machine
with at least two cores.
"""

from __future__ import annotations

import argparse
import os
import time
from collections.abc import Sequence

from navalwar.batch import simulate


def timed(game: str, scenario: str, n: int, workers: int) -> tuple[float, list[dict[str, object]]]:
    """Wall-clock seconds for ``n`` battles with ``workers``, and their records."""
    t0 = time.perf_counter()
    records = simulate(game, scenario, n, seed=2026, workers=workers)
    return time.perf_counter() - t0, [r.to_json() for r in records]


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("-n", "--battles", type=int, default=2000)
    parser.add_argument("--game", default="tokyo_express")
    parser.add_argument("--scenario", default="basic")
    args = parser.parse_args(argv)
    print(f"{args.battles} {args.game} {args.scenario} battles, {os.cpu_count()} cores")
    one, first = timed(args.game, args.scenario, args.battles, 1)
    print(f"1 worker:  {one:7.1f} s  {args.battles / one:7.1f} battles/s")
    two, second = timed(args.game, args.scenario, args.battles, 2)
    print(f"2 workers: {two:7.1f} s  {args.battles / two:7.1f} battles/s")
    if first != second:
        print("the records differ between 1 and 2 workers: the batch is not deterministic")
        return 1
    print(f"speed-up of 2 workers over 1: {one / two:.2f}x (records identical)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
