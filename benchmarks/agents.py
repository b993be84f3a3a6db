"""How strong the agents are: win rates over seeded games, with Wilson 95% intervals.

Run with ``.venv/bin/python benchmarks/agents.py`` (``-h`` for the options). It plays,
over the seeds ``0 .. N-1`` (the same seeds for every pairing, the match and the
agents seeded alike):

* **Tokyo Express** (``--te-scenario``, default ``basic``): the US side played by
  the search agent and by the heuristic agent; the Japanese are the rules' own
  procedures, so the two US win rates compare the agents directly.
* **GWaS 1904** (``--gwas-scenario``, default ``amur``): the search agent against
  the heuristic with the sides swapped (search Japan v heuristic Russia, heuristic
  Japan v search Russia), and the heuristic against itself as the yardstick: the
  search agent beats the heuristic on a side when it wins more often there than the
  heuristic does against the same opponent.
* **Heuristic v random** for every human side (TE: US; GWaS: both), the issue's
  "beat RandomAgent clearly" benchmark (``--no-random`` skips it).

Each line gives wins, draws, the win rate with its Wilson 95% interval, the mean VP
margin of the side and CPU seconds per game; each comparison gives the difference of
the two win rates with Newcombe's 95% interval for paired data (the two lines play
the same seeds; method 10 of Newcombe 1998), the unpaired interval beside it, and
the seeds won by one agent only. A comparison is "better" when the paired interval
is above zero.
``--jobs`` plays games in parallel processes.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
import time
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor
from typing import Any

import attrs

from navalwar.agents import Agent, make_agent, play_out
from navalwar.agents.search import SearchAgent
from navalwar.batch.stats import wilson
from navalwar.engine import Match


def newcombe(k1: int, n1: int, k2: int, n2: int) -> tuple[float, float, float]:
    """The difference p1 - p2 of two independent proportions with Newcombe's hybrid
    score interval (method 10), built from the two Wilson intervals."""
    p1, p2 = k1 / n1, k2 / n2
    l1, u1 = wilson(k1, n1)
    l2, u2 = wilson(k2, n2)
    d = p1 - p2
    return (
        d,
        d - math.sqrt((p1 - l1) ** 2 + (u2 - p2) ** 2),
        d + math.sqrt((u1 - p1) ** 2 + (p2 - l2) ** 2),
    )


def newcombe_paired(pairs: Sequence[tuple[bool, bool]]) -> tuple[float, float, float]:
    """The difference p1 - p2 of two proportions measured on the same units (here the
    same seeds), with Newcombe's paired-data interval (1998, method 10): the two Wilson
    intervals combined with the phi correlation of the pairs. With common seeds the
    games of two agents are correlated (identical until their first different choice),
    and this interval is much narrower than the unpaired one, and still valid."""
    n = len(pairs)
    if n == 0:
        return (0.0, -1.0, 1.0)
    a = sum(1 for x, y in pairs if x and y)
    b = sum(1 for x, y in pairs if x and not y)
    c = sum(1 for x, y in pairs if y and not x)
    d = n - a - b - c
    p1, p2 = (a + b) / n, (a + c) / n
    l1, u1 = wilson(a + b, n)
    l2, u2 = wilson(a + c, n)
    denominator = (a + b) * (c + d) * (a + c) * (b + d)
    phi = 0.0
    if denominator:
        numerator = float(a * d - b * c)
        if numerator > 0:  # Newcombe's continuity correction
            numerator = max(numerator - n / 2, 0.0)
        phi = numerator / math.sqrt(denominator)
    lower = (p1 - l1) ** 2 - 2 * phi * (p1 - l1) * (u2 - p2) + (u2 - p2) ** 2
    upper = (u1 - p1) ** 2 - 2 * phi * (u1 - p1) * (p2 - l2) + (p2 - l2) ** 2
    diff = p1 - p2
    return (diff, diff - math.sqrt(max(0.0, lower)), diff + math.sqrt(max(0.0, upper)))


# -- one game ---------------------------------------------------------------------------
@attrs.frozen
class Pairing:
    """Who plays which side of a scenario; ``focus`` is the side whose result counts."""

    label: str
    game: str
    scenario: str
    agents: tuple[tuple[str, str], ...]  # (side, agent name); sides not named: the rules
    focus: str


@attrs.frozen
class Result:
    """The result of one seeded game, for the focus side."""

    seed: int
    winner: str | None
    margin: float
    seconds: float  # CPU seconds of the game's process
    searched: int = 0
    overruled: int = 0


SearchOptions = dict[str, Any]


def settings(game: str, search: dict[str, SearchOptions]) -> dict[str, Any]:
    """The search agent's settings in ``game`` (its tuned ones and the command's)."""
    agent = SearchAgent.for_game(game, 0, **search.get(game, {}))
    keys = ("rollouts", "depth", "max_choices", "policy", "threshold", "confidence")
    out = {k: getattr(agent, k) for k in keys}
    out["kinds"] = sorted(agent.kinds) if agent.kinds is not None else "all"
    return out


def parse_options(items: Sequence[str]) -> SearchOptions:
    """``["rollouts=8", "depth=none", "kinds=move+place"]`` as SearchAgent keywords."""
    out: SearchOptions = {}
    for item in items:
        key, sep, text = item.partition("=")
        if not sep:
            raise SystemExit(f"--search wants KEY=VALUE, not {item!r}")
        value: Any
        if text.lower() == "none":
            value = None
        elif key == "kinds":
            value = tuple(k for k in text.split("+") if k)
        elif key == "policy":
            value = text
        elif key == "early_stop":
            value = text.lower() in ("1", "true", "yes")
        else:
            try:
                value = int(text)
            except ValueError:
                value = float(text)
        out[key] = value
    return out


def build(game: str, name: str, seed: int, search: dict[str, SearchOptions]) -> Agent:
    """The agent ``name`` for ``game`` (the search agent with the game's options)."""
    if name == "search":
        return SearchAgent.for_game(game, seed, **search.get(game, {}))
    return make_agent(game, name, seed)


def play(pairing: Pairing, seed: int, search: dict[str, SearchOptions]) -> Result:
    """Play ``pairing`` with ``seed`` to the end."""
    t0 = time.process_time()
    match = Match.start(pairing.game, pairing.scenario, seed=seed)
    agents = {side: build(pairing.game, name, seed, search) for side, name in pairing.agents}
    play_out(match, agents)
    outcome = match.outcome
    assert outcome is not None
    ours = outcome.scores.get(pairing.focus, 0)
    theirs = sum(v for k, v in outcome.scores.items() if k != pairing.focus)
    searcher = next((a for a in agents.values() if isinstance(a, SearchAgent)), None)
    return Result(
        seed,
        outcome.winner,
        float(ours - theirs),
        time.process_time() - t0,
        searcher.searched if searcher else 0,
        searcher.overruled if searcher else 0,
    )


def _play_task(task: tuple[Pairing, int, dict[str, SearchOptions]]) -> tuple[str, Result]:
    pairing, seed, search = task
    return pairing.label, play(pairing, seed, search)


# -- the benchmark ----------------------------------------------------------------------
@attrs.frozen
class Line:
    """The results of a pairing over all seeds."""

    pairing: Pairing
    games: tuple[Result, ...]

    @property
    def n(self) -> int:
        return len(self.games)

    @property
    def wins(self) -> int:
        return sum(1 for g in self.games if g.winner == self.pairing.focus)

    @property
    def draws(self) -> int:
        return sum(1 for g in self.games if g.winner is None)

    def to_json(self) -> dict[str, Any]:
        low, high = wilson(self.wins, self.n)
        return {
            "label": self.pairing.label,
            "game": self.pairing.game,
            "scenario": self.pairing.scenario,
            "agents": dict(self.pairing.agents),
            "side": self.pairing.focus,
            "n": self.n,
            "wins": self.wins,
            "draws": self.draws,
            "win_rate": self.wins / self.n if self.n else 0.0,
            "wilson95": [low, high],
            "mean_margin": sum(g.margin for g in self.games) / self.n if self.n else 0.0,
            "cpu_seconds_per_game": sum(g.seconds for g in self.games) / self.n if self.n else 0.0,
            "searched": sum(g.searched for g in self.games),
            "overruled": sum(g.overruled for g in self.games),
            "games": [attrs.asdict(g) for g in self.games],
        }


def pairings(
    te_scenario: str,
    gwas_scenario: str,
    games: Sequence[str],
    with_random: bool,
    with_search: bool = True,
) -> tuple[list[Pairing], list[tuple[str, str, str]]]:
    """The pairings to play, and the comparisons (title, better, worse) to report."""
    out: list[Pairing] = []
    compare: list[tuple[str, str, str]] = []
    if "tokyo_express" in games:
        te = ("tokyo_express", te_scenario)
        if with_search:
            out.append(Pairing("TE search US", *te, (("US", "search"),), "US"))
            compare.append(("TE US: search v heuristic", "TE search US", "TE heuristic US"))
        out.append(Pairing("TE heuristic US", *te, (("US", "heuristic"),), "US"))
        if with_random:
            out.append(Pairing("TE random US", *te, (("US", "random"),), "US"))
            compare.append(("TE US: heuristic v random", "TE heuristic US", "TE random US"))
    if "gwas_1904" in games:

        def duel(japan: str, russia: str, focus: str) -> Pairing:
            label = f"GWaS {japan} J v {russia} R"
            if japan == russia:
                label += " (J)"
            agents = (("Japan", japan), ("Russia", russia))
            return Pairing(label, "gwas_1904", gwas_scenario, agents, focus)

        base = "GWaS heuristic J v heuristic R"
        if with_search:
            out += [duel("search", "heuristic", "Japan"), duel("heuristic", "search", "Russia")]
            compare += [
                ("GWaS Japan: search v heuristic", "GWaS search J v heuristic R", f"{base} (J)"),
                ("GWaS Russia: search v heuristic", "GWaS heuristic J v search R", f"{base} (R)"),
            ]
        out.append(duel("heuristic", "heuristic", "Japan"))
        if with_random:
            base = "GWaS random J v random R"
            out += [
                duel("heuristic", "random", "Japan"),
                duel("random", "heuristic", "Russia"),
                duel("random", "random", "Japan"),
            ]
            compare += [
                ("GWaS Japan: heuristic v random", "GWaS heuristic J v random R", f"{base} (J)"),
                ("GWaS Russia: heuristic v random", "GWaS random J v heuristic R", f"{base} (R)"),
            ]
    return out, compare


def mirrored(line: Line, side: str) -> Line:
    """The same games counted for the other side (a self-play yardstick)."""
    label = line.pairing.label.replace("(J)", "(R)")
    games = tuple(attrs.evolve(g, margin=-g.margin) for g in line.games)
    return Line(attrs.evolve(line.pairing, label=label, focus=side), games)


def run(
    plan: Sequence[Pairing],
    seeds: Sequence[int],
    search: dict[str, SearchOptions],
    jobs: int,
    progress: Callable[[str], None],
) -> dict[str, Line]:
    """Play every pairing over ``seeds``."""
    results: dict[str, list[Result]] = {p.label: [] for p in plan}
    tasks = [(p, s, search) for p in plan for s in seeds]
    t0 = time.perf_counter()
    if jobs > 1:
        with ProcessPoolExecutor(jobs) as pool:
            for k, (label, game) in enumerate(pool.map(_play_task, tasks, chunksize=1), 1):
                results[label].append(game)
                progress(f"{k}/{len(tasks)} games, {time.perf_counter() - t0:.0f} s")
    else:
        for k, task in enumerate(tasks, 1):
            label, game = _play_task(task)
            results[label].append(game)
            progress(f"{k}/{len(tasks)} games, {time.perf_counter() - t0:.0f} s ({label})")
    lines = {p.label: Line(p, tuple(results[p.label])) for p in plan}
    for label, line in list(lines.items()):
        if label.endswith("(J)"):
            m = mirrored(line, "Russia")
            lines[m.pairing.label] = m
    return lines


def merge(paths: Sequence[str]) -> dict[str, Line]:
    """The lines of earlier ``--json`` files (runs over different seeds), combined."""
    games: dict[str, list[Result]] = {}
    found: dict[str, Pairing] = {}
    for path in paths:
        with open(path, encoding="utf-8") as f:
            doc = json.load(f)
        try:
            for line in doc["lines"]:
                agents = tuple((side, name) for side, name in line["agents"].items())
                pairing = Pairing(
                    line["label"], line["game"], line["scenario"], agents, line["side"]
                )
                found.setdefault(pairing.label, pairing)
                games.setdefault(pairing.label, []).extend(Result(**g) for g in line["games"])
        except (KeyError, TypeError) as exc:
            raise SystemExit(
                f"{path}: not a --json file of this script with per-game results "
                f"(missing {exc}); run it again with --json"
            ) from None
    return {
        label: Line(pairing, tuple(sorted(games[label], key=lambda g: g.seed)))
        for label, pairing in found.items()
    }


def paired(first: Line, second: Line) -> list[tuple[bool, bool]]:
    """(first won, second won) for every seed both lines played."""
    theirs = {g.seed: g.winner == second.pairing.focus for g in second.games}
    return [
        (g.winner == first.pairing.focus, theirs[g.seed]) for g in first.games if g.seed in theirs
    ]


def discordant(first: Line, second: Line) -> tuple[int, int]:
    """Seeds won by ``first`` only, and by ``second`` only."""
    pairs = paired(first, second)
    return (sum(1 for x, y in pairs if x and not y), sum(1 for x, y in pairs if y and not x))


def table(lines: dict[str, Line], compare: Sequence[tuple[str, str, str]]) -> str:
    """The results as a plain-text table."""
    rows = [
        f"{'pairing':<36} {'side':<7} {'n':>4} {'wins':>5} {'draws':>5} "
        f"{'win rate':>8}  {'95% CI':<15} {'VP margin':>9} {'CPU s/gm':>8}"
    ]
    for line in lines.values():
        j = line.to_json()
        low, high = j["wilson95"]
        rows.append(
            f"{line.pairing.label:<36} {line.pairing.focus:<7} {j['n']:>4} {j['wins']:>5} "
            f"{j['draws']:>5} {j['win_rate']:>8.1%}  [{low:5.1%}, {high:5.1%}] "
            f"{j['mean_margin']:>+9.2f} {j['cpu_seconds_per_game']:>8.2f}"
        )
    rows.append("")
    rows.append(
        f"{'comparison (win rates)':<34} {'difference':>10}  {'95% CI paired':<18} "
        f"{'unpaired':<18} {'+/-':>7}"
    )
    for title, a, b in compare:
        la, lb = lines.get(a), lines.get(b)
        if la is None or lb is None or not la.n or not lb.n:
            continue
        d, low, high = newcombe_paired(paired(la, lb))
        _, ulow, uhigh = newcombe(la.wins, la.n, lb.wins, lb.n)
        verdict = "better" if low > 0 else "worse" if high < 0 else "no clear difference"
        b_only, c_only = discordant(la, lb)
        rows.append(
            f"{title:<34} {d:>+10.1%}  [{low:+6.1%}, {high:+6.1%}]  [{ulow:+6.1%}, {uhigh:+6.1%}]"
            f" {b_only:>3}/{c_only:<3} {verdict}"
        )
    rows.append("(+/-: seeds won by the first only / by the second only)")
    return "\n".join(rows)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("-n", "--games", type=int, default=200, help="seeds per pairing")
    parser.add_argument("--first-seed", type=int, default=0)
    parser.add_argument("--te-scenario", default="basic")
    parser.add_argument("--gwas-scenario", default="amur")
    parser.add_argument(
        "--only", choices=("tokyo_express", "gwas_1904"), action="append", help="one game only"
    )
    parser.add_argument("--no-random", action="store_true", help="skip heuristic v random")
    parser.add_argument("--no-search", action="store_true", help="skip search v heuristic")
    parser.add_argument(
        "--search",
        action="append",
        default=[],
        metavar="KEY=VALUE",
        help="a SearchAgent option for both games (rollouts=8, depth=none, max_choices=12, "
        "kinds=move+place, time_budget=2, threshold, confidence, policy, early_stop)",
    )
    parser.add_argument("--jobs", type=int, default=1, help="parallel processes")
    parser.add_argument("--json", help="also write the results to this JSON file")
    parser.add_argument("-q", "--quiet", action="store_true", help="no progress lines")
    parser.add_argument(
        "--merge", nargs="+", metavar="JSON", help="report the combined --json files of runs"
    )
    args = parser.parse_args(argv)
    if args.merge:
        lines = merge(args.merge)
        everything = ["tokyo_express", "gwas_1904"]
        _, compare = pairings(args.te_scenario, args.gwas_scenario, everything, True)
        print(table(lines, compare))
        return 0

    extra = parse_options(args.search)
    search = {game: dict(extra) for game in ("tokyo_express", "gwas_1904")}
    games = args.only or ["tokyo_express", "gwas_1904"]
    plan, compare = pairings(
        args.te_scenario, args.gwas_scenario, games, not args.no_random, not args.no_search
    )
    seeds = range(args.first_seed, args.first_seed + args.games)

    def progress(text: str) -> None:
        if not args.quiet:
            print(f"  {text}", file=sys.stderr, flush=True)

    t0 = time.perf_counter()
    lines = run(plan, seeds, search, args.jobs, progress)
    elapsed = time.perf_counter() - t0
    print(
        f"{args.games} seeds from {args.first_seed}; TE {args.te_scenario}, "
        f"GWaS {args.gwas_scenario}; {elapsed:.0f} s with {args.jobs} process(es)"
    )
    for game in games:
        print(f"search agent in {game}: {settings(game, search)}")
    print(table(lines, compare))
    if args.json:
        with open(args.json, "w", encoding="utf-8") as f:
            json.dump(
                {
                    "games": args.games,
                    "first_seed": args.first_seed,
                    "search": {g: settings(g, search) for g in games},
                    "seconds": elapsed,
                    "lines": [line.to_json() for line in lines.values()],
                },
                f,
                indent=2,
            )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
