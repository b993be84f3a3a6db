"""Whole Coral Sea games, and the cost of a turn as the air and naval forces grow (issue 17).

A benchmark, not a test. Run with ``.venv/bin/python benchmarks/coral_sea.py``. It plays
whole games of Scenario 4, The Battle of the Coral Sea (34 turns), with the same agent on
both sides (``heuristic`` when the game offers one, else ``random``; ``--agent`` to
choose), no event log, on the build in use (the sources unless ``make compiled`` ran),
and reports:

* the time per game (mean and best) and per turn, and the decisions per game;
* per turn of the game (mean over the games): milliseconds, decisions, air counters in
  play (on a base, ship or airborne: 2.2.1), airborne counters, task forces on the
  map, and a least-squares line of a turn's cost against its airborne counters;
* with ``--scaling``: one set of games per scenario, from the small Raid on Rabaul to
  Scenario 4, the mean cost of a turn against the mean forces in play.

Issue 17 asks for a whole Scenario 4 game with heuristic agents and no event log in
under 1 s on one core on the sources; the first line says which build ran. If the game
cannot be played (not registered, or a step not bound yet), the script says so and exits 2.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections.abc import Sequence
from typing import Any

from navalwar.agents import Agent, agent_names, make_agent
from navalwar.engine import Match
from navalwar.errors import NavalwarError

GAME = "coral_sea"
IN_PLAY = ("ready", "down", "cap", "airborne")
MAX_DECISIONS = 200_000


def build() -> str:
    """Which build of navalwar runs: the sources or the mypyc-compiled modules."""
    import navalwar

    which = "compiled (mypyc)" if navalwar.compiled() else "source"
    return f"{which} build: {navalwar.__file__}"


def forces(state: Any) -> tuple[int, int, int]:
    """Air counters in play, airborne counters and task forces on the map."""
    air = state.air.aircraft
    in_play = sum(a.status in IN_PLAY for a in air)
    airborne = sum(a.status == "airborne" for a in air)
    tfs = sum(tf.hex is not None and bool(state.ships_of(tf)) for tf in state.task_forces)
    return in_play, airborne, tfs


class Turn:
    """What one turn of one game cost."""

    __slots__ = ("air", "airborne", "decisions", "seconds", "tfs")

    def __init__(self) -> None:
        self.seconds = 0.0
        self.decisions = 0
        self.air = self.airborne = self.tfs = 0


def play(scenario: str, seed: int, agent: str) -> tuple[float, int, dict[int, Turn], int]:
    """One whole game: its seconds, decisions, cost by turn and last turn."""
    m = Match.start(GAME, scenario, seed=seed, log_events=False)
    agents: dict[str, Agent] = {
        s: make_agent(GAME, agent, seed * 10 + i) for i, s in enumerate(m.game.spec.sides)
    }
    turns: dict[int, Turn] = {}
    decisions = 0
    t_start = time.perf_counter()
    while True:
        turn = int(m.state.turn)
        cost = turns.setdefault(turn, Turn())
        air, airborne, tfs = forces(m.state)
        cost.air, cost.airborne, cost.tfs = max(cost.air, air), max(cost.airborne, airborne), tfs
        t0 = time.perf_counter()
        decision = m.decision
        if decision is None:
            cost.seconds += time.perf_counter() - t0
            break
        m.apply(agents[decision.side].choose(m, decision))
        cost.seconds += time.perf_counter() - t0
        cost.decisions += 1
        decisions += 1
        if decisions > MAX_DECISIONS:
            raise RuntimeError(f"{scenario} seed {seed}: no end after {MAX_DECISIONS} decisions")
    return time.perf_counter() - t_start, decisions, turns, int(m.state.turn)


def fit(xs: Sequence[float], ys: Sequence[float]) -> tuple[float, float] | None:
    """The least-squares line ``y = a + b x`` (None when x does not vary)."""
    if len(xs) < 2 or len(set(xs)) < 2:
        return None
    mx, my = statistics.fmean(xs), statistics.fmean(ys)
    b = sum((x - mx) * (y - my) for x, y in zip(xs, ys, strict=True)) / sum(
        (x - mx) ** 2 for x in xs
    )
    return my - b * mx, b


def whole_games(scenario: str, games: int, agent: str, by_turn: bool) -> float:
    """Play ``games`` games and print their cost; the mean seconds per turn."""
    runs = [play(scenario, seed, agent) for seed in range(games)]
    seconds = [r[0] for r in runs]
    turns = sum(r[3] for r in runs)
    per_turn = sum(seconds) / max(1, turns)
    print(
        f"{scenario}: {games} games, {agent} agents: {statistics.fmean(seconds):.3f} s a game "
        f"(best {min(seconds):.3f} s), {statistics.fmean(r[1] for r in runs):.0f} decisions "
        f"and {turns / games:.1f} turns a game, {per_turn * 1000:.1f} ms a turn"
    )
    if not by_turn:
        return per_turn
    print(" turn      ms  decisions  air in play  airborne  TFs")
    last = max(r[3] for r in runs)
    xs: list[float] = []
    ys: list[float] = []
    for turn in range(1, last + 1):
        costs = [r[2][turn] for r in runs if turn in r[2]]
        if not costs:
            continue
        ms = statistics.fmean(c.seconds for c in costs) * 1000
        air = statistics.fmean(c.air for c in costs)
        xs += [float(c.airborne) for c in costs]
        ys += [c.seconds * 1000 for c in costs]
        print(
            f" {turn:4}  {ms:6.1f}  {statistics.fmean(c.decisions for c in costs):9.1f}"
            f"  {air:11.1f}  {statistics.fmean(c.airborne for c in costs):8.1f}"
            f"  {statistics.fmean(c.tfs for c in costs):3.1f}"
        )
    line = fit(xs, ys)
    if line is not None:
        print(f" a turn costs about {line[0]:.1f} ms + {line[1]:.1f} ms per airborne counter")
    return per_turn


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("-n", "--games", type=int, default=5, help="games (seeds 0..n-1)")
    parser.add_argument("--scenario", default="coral_sea")
    parser.add_argument("--agent", default=None, help="default: heuristic if offered, else random")
    parser.add_argument(
        "--scaling", action="store_true", help="also every scenario, small to large"
    )
    args = parser.parse_args(argv)
    try:
        names = agent_names(GAME)
        agent = args.agent or ("heuristic" if "heuristic" in names else "random")
        print(build())
        whole_games(args.scenario, args.games, agent, by_turn=True)
        if args.scaling:
            print("\nscenario           ms a turn   air in play   TFs")
            for scenario in ("raid_on_rabaul", "huon_gulf", "tulagi", "coral_sea"):
                runs = [play(scenario, seed, agent) for seed in range(args.games)]
                cost = [c for r in runs for c in r[2].values()]
                ms = sum(c.seconds for c in cost) / len(cost) * 1000
                print(
                    f"{scenario:18} {ms:10.1f}   {statistics.fmean(c.air for c in cost):11.1f}"
                    f"   {statistics.fmean(c.tfs for c in cost):3.1f}"
                )
    except (NavalwarError, RuntimeError, AttributeError) as exc:
        print(f"Coral Sea does not play whole games yet on this build: {exc}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
