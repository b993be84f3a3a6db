"""Instructions per Tokyo Express Basic game, counted by callgrind (needs valgrind).

Wall-clock times on a shared or virtual machine swing by a quarter or more; the
number of instructions a game executes does not. This plays some games to warm the
caches (seeds 1000 on, 5 unless ``--warm`` says otherwise), then 10 more (seeds 0-9)
with random US play, under ``valgrind --tool=callgrind`` twice, with and without the
10, and reports the difference per game: start-up and warm-up cancel out.

The counts repeat to within a few thousand instructions because the runs are made
alike: the sources are compiled once beforehand (so neither run compiles), numpy's
BLAS keeps to one thread and, where ``setarch`` is found, address randomisation is
off (memory addresses change how often CPython's caches miss). A full collection of
the cycle collector comes once, some 77,000 allocated and kept objects after start-up,
and costs some 16 M instructions on this heap: so that it does not fall in the counted
games in one build and after them in another, each run collects once after the warm-up.
(Collections in a long batch are steady: a full one only after a quarter of the heap is
new, and a game keeps few new objects.)

Usage::

    .venv/bin/python benchmarks/instructions.py            # without the event log
    .venv/bin/python benchmarks/instructions.py --log      # with it
    .venv/bin/python benchmarks/instructions.py --warm 40  # a long batch's steady cost
"""

from __future__ import annotations

import argparse
import gc
import os
import re
import shutil
import subprocess
import sys

WARM, GAMES = 5, 10


def play(n: int, log: bool, warm: int) -> None:
    """Play ``warm`` warm-up games, then ``n`` measured ones."""
    from navalwar.agents import RandomAgent, play_out
    from navalwar.engine import Match

    for seed in range(1000, 1000 + warm):
        m = Match.start("tokyo_express", "basic", seed=seed, log_events=log)
        play_out(m, {"US": RandomAgent(seed)})
    gc.collect()  # the first full collection, due once after start-up, not in the count
    for seed in range(n):
        m = Match.start("tokyo_express", "basic", seed=seed, log_events=log)
        play_out(m, {"US": RandomAgent(seed)})


def _env() -> dict[str, str]:
    env = {**os.environ, "PYTHONHASHSEED": "0", "OPENBLAS_NUM_THREADS": "1"}
    env.pop("PYTHONDONTWRITEBYTECODE", None)  # compiled once, not in each counted run
    return env


def count(n: int, log: bool, warm: int) -> int:
    """Instructions callgrind counts for a run playing ``n`` measured games."""
    fixed = ["setarch", os.uname().machine, "-R"] if shutil.which("setarch") else []
    cmd = [
        *fixed,
        "valgrind",
        "--tool=callgrind",
        "--callgrind-out-file=/dev/null",
        sys.executable,
        __file__,
        "--play",
        str(n),
        "--warm",
        str(warm),
        *(["--log"] if log else []),
    ]
    out = subprocess.run(cmd, capture_output=True, text=True, env=_env(), check=True).stderr
    found = re.search(r"Collected : (\d+)", out)
    if found is None:
        raise SystemExit(f"no callgrind total in its output:\n{out[-2000:]}")
    return int(found.group(1))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--log", action="store_true", help="keep the event log")
    parser.add_argument("--warm", type=int, default=WARM, help=f"warm-up games (default {WARM})")
    parser.add_argument("--play", type=int, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.play is not None:
        play(args.play, args.log, args.warm)
        return
    if shutil.which("valgrind") is None:
        raise SystemExit("valgrind is needed (Debian/Ubuntu: apt install valgrind)")
    # one plain game first, so that the sources are compiled before either counted run
    subprocess.run([sys.executable, __file__, "--play", "0", "--warm", "1"], env=_env(), check=True)
    per_game = (count(GAMES, args.log, args.warm) - count(0, args.log, args.warm)) / GAMES
    what = "with" if args.log else "without"
    print(
        f"Tokyo Express Basic, random US, {what} the event log, {args.warm} warm-up "
        f"games: {per_game / 1e6:.2f} M instructions per game"
    )


if __name__ == "__main__":
    main()
