"""Run many seeded Basic battles and print the outcome shares (a taste of batch study).

Run: .venv/bin/python examples/batch_odds.py [n]
"""

from __future__ import annotations

import sys
from collections import Counter

import navalwar
from navalwar.agents import make_agent, play_out


def main(n: int) -> None:
    levels: Counter[str] = Counter()
    for seed in range(n):
        match = navalwar.Match.start("tokyo_express", "basic", seed=seed)
        play_out(
            match,
            {
                "US": make_agent(
                    "tokyo_express", sys.argv[2] if len(sys.argv) > 2 else "heuristic", seed
                )
            },
        )
        assert match.outcome is not None
        levels[match.outcome.level] += 1
    for level, count in levels.most_common():
        print(f"{level:<30} {count / n:6.1%}")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 100)
