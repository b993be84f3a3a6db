"""Instructions per Tokyo Express Basic game, counted by callgrind (needs valgrind).

Wall-clock times on a shared or virtual machine swing by a quarter or more; the
number of instructions a game executes does not. This plays 5 games (seeds 1000-1004,
to warm the caches), then 10 more (seeds 0-9) with random US play, under
``valgrind --tool=callgrind`` twice, with and without the 10, and reports the
difference per game: start-up and warm-up cancel out.

Usage::

    .venv/bin/python benchmarks/instructions.py            # without the event log
    .venv/bin/python benchmarks/instructions.py --log      # with it
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys

WARM, GAMES = 5, 10


def play(n: int, log: bool) -> None:
    """Play the warm-up games, then ``n`` measured ones."""
    from navalwar.agents import RandomAgent, play_out
    from navalwar.engine import Match

    for seed in [*range(1000, 1000 + WARM), *range(n)]:
        m = Match.start("tokyo_express", "basic", seed=seed, log_events=log)
        play_out(m, {"US": RandomAgent(seed)})


def count(n: int, log: bool) -> int:
    """Instructions callgrind counts for a run playing ``n`` measured games."""
    cmd = [
        "valgrind",
        "--tool=callgrind",
        "--callgrind-out-file=/dev/null",
        sys.executable,
        __file__,
        "--play",
        str(n),
        *(["--log"] if log else []),
    ]
    env = {**os.environ, "PYTHONHASHSEED": "0"}
    out = subprocess.run(cmd, capture_output=True, text=True, env=env, check=True).stderr
    found = re.search(r"Collected : (\d+)", out)
    if found is None:
        raise SystemExit(f"no callgrind total in its output:\n{out[-2000:]}")
    return int(found.group(1))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--log", action="store_true", help="keep the event log")
    parser.add_argument("--play", type=int, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.play is not None:
        play(args.play, args.log)
        return
    if shutil.which("valgrind") is None:
        raise SystemExit("valgrind is needed (Debian/Ubuntu: apt install valgrind)")
    per_game = (count(GAMES, args.log) - count(0, args.log)) / GAMES
    what = "with" if args.log else "without"
    print(
        f"Tokyo Express Basic, random US, {what} the event log: "
        f"{per_game / 1e6:.1f} M instructions per game"
    )


if __name__ == "__main__":
    main()
