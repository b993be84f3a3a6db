"""Fight one Tokyo Express Basic battle with the heuristic US commander and print it.

Run: .venv/bin/python examples/basic_battle.py [seed]
"""

from __future__ import annotations

import sys

import navalwar
from navalwar.agents import make_agent


def main(seed: int) -> None:
    match = navalwar.Match.start("tokyo_express", "basic", seed=seed)
    us = make_agent("tokyo_express", "heuristic", seed)
    while (decision := match.decision) is not None:
        match.apply(us.choose(match, decision))
    print(match.report())


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 7)
