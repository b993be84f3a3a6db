"""Load on ``navalwar serve`` (a benchmark, not a test): many concurrent matches
driven over their seats' WebSockets.

Run with ``make bench-web`` (or ``.venv/bin/python benchmarks/web_load.py
[--seconds 60] [--matches 50]``). It starts ``navalwar serve`` in a subprocess on a free
localhost port, then plays ``--matches`` matches at once for ``--seconds``: Tokyo
Express ``basic`` (the US a person, Japan run by the rules) and GWaS battles (both
sides people), each driven by an asyncio client over its seats' WebSockets, choosing
random legal actions (a choice of the decision, or the server's ``sample`` when the
decision lists none), and a match that ends is deleted and a new one started. The
latency of an action is from sending it to the first update that shows the next
decision (to whichever seat) or the end. It prints a table (count, errors, median,
p99, max per game) and appends one JSON line to ``benchmarks/results/web_load.jsonl``;
it exits 1 on any error (an error message, a refused action, a dropped socket, an
update that never came). The figures are the machine's: the server and the clients
share its cores.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import platform
import random
import socket
import statistics
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
import websockets

from navalwar.files import atomic_write

ROOT = Path(__file__).resolve().parents[1]
RESULTS = ROOT / "benchmarks" / "results" / "web_load.jsonl"
GWAS_BATTLES = ("port-arthur", "chemulpo", "amur", "makarov")
UPDATE_TIMEOUT = 60.0  # seconds an action may wait for its update before it is an error


@dataclass
class Stats:
    """What the clients measured."""

    latencies: dict[str, list[float]] = field(default_factory=dict)  # game -> seconds
    errors: list[str] = field(default_factory=list)
    finished: dict[str, int] = field(default_factory=dict)
    started: dict[str, int] = field(default_factory=dict)

    def error(self, what: str) -> None:
        self.errors.append(what)
        if len(self.errors) <= 10:
            print(f"error: {what}", file=sys.stderr)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def start_server(port: int, max_matches: int) -> subprocess.Popen[bytes]:
    """``navalwar serve`` in a subprocess; returns once it answers."""
    cmd = [
        sys.executable,
        "-c",
        "from navalwar.cli import main; main()",
        "serve",
        "--host",
        "127.0.0.1",
        "--port",
        str(port),
        "--max-matches",
        str(max_matches),
    ]
    proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL)
    deadline = time.monotonic() + 60
    while True:
        try:
            urllib.request.urlopen(f"http://127.0.0.1:{port}/api/matches/none", timeout=2)
            break
        except urllib.error.HTTPError:  # a 4xx: it is up
            break
        except OSError:
            pass
        if proc.poll() is not None or time.monotonic() > deadline:
            proc.kill()
            raise SystemExit("the server did not start")
        time.sleep(0.1)
    return proc


class Seat:
    """One human seat's WebSocket: its latest update and the messages as they come."""

    def __init__(self, side: str, ws: Any) -> None:
        self.side = side
        self.ws = ws
        self.latest: dict[str, Any] | None = None
        self.updates: asyncio.Queue[dict[str, Any]] = asyncio.Queue()
        self.samples: asyncio.Queue[dict[str, Any]] = asyncio.Queue()
        self.errors: list[dict[str, Any]] = []

    async def read(self) -> None:
        async for raw in self.ws:
            msg = json.loads(raw)
            if msg["type"] == "update":
                self.latest = msg
                self.updates.put_nowait(msg)
            elif msg["type"] == "sample":
                self.samples.put_nowait(msg)
            else:
                self.errors.append(msg)
                self.updates.put_nowait(msg)  # wake a waiting action: it is an error
                self.samples.put_nowait(msg)


async def next_update(seats: Sequence[Seat], timeout: float) -> dict[str, Any]:
    """The first message to come on any seat (another that came with it is put back)."""
    getters = {asyncio.create_task(s.updates.get()): s for s in seats}
    try:
        done, _ = await asyncio.wait(getters, timeout=timeout, return_when=asyncio.FIRST_COMPLETED)
    finally:
        for g in getters:
            if not g.done():
                g.cancel()
    if not done:
        raise TimeoutError
    first, *rest = done
    for g in rest:
        getters[g].updates.put_nowait(g.result())
    return first.result()


def pending_seat(seats: Sequence[Seat]) -> Seat | None:
    for s in seats:
        if s.latest is not None and s.latest["deciding"] == "you" and s.latest["decision"]:
            return s
    return None


async def play_match(
    base: str,
    body: dict[str, Any],
    http: httpx.AsyncClient,
    rng: random.Random,
    stats: Stats,
    stop: float,
) -> None:
    """One match from creation to its end (or ``stop``), then deleted."""
    game = body["game"]
    label = game
    resp = await http.post(f"{base}/api/matches", json=body)
    if resp.status_code != 201:
        stats.error(f"POST /api/matches {body} -> {resp.status_code} {resp.text[:200]}")
        await asyncio.sleep(1)
        return
    made = resp.json()
    stats.started[label] = stats.started.get(label, 0) + 1
    mid = made["match"]
    ws_base = base.replace("http://", "ws://")
    seats: list[Seat] = []
    readers: list[asyncio.Task[None]] = []
    try:
        for side, token in made["seats"].items():
            url = f"{ws_base}/api/matches/{mid}/seats/{side}/ws?token={token}"
            ws = await websockets.connect(url, max_size=2**24, open_timeout=30)
            seat = Seat(side, ws)
            seats.append(seat)
            readers.append(asyncio.create_task(seat.read()))
        for seat in seats:  # the first update, on connect
            while seat.latest is None:
                await asyncio.wait_for(seat.updates.get(), UPDATE_TIMEOUT)
        while time.monotonic() < stop:
            if all(s.latest is not None and s.latest["over"] for s in seats):
                stats.finished[label] = stats.finished.get(label, 0) + 1
                return
            seat = pending_seat(seats)
            if seat is None:  # an update still on its way
                await next_update(seats, UPDATE_TIMEOUT)
                continue
            decision = seat.latest["decision"]  # type: ignore[index]
            if decision.get("choices"):
                action = rng.choice(decision["choices"])
            else:
                await seat.ws.send(json.dumps({"type": "sample"}))
                got = await asyncio.wait_for(seat.samples.get(), UPDATE_TIMEOUT)
                if got["type"] != "sample":
                    stats.error(f"{label} sample refused: {got}")
                    return
                action = got["action"]
            for s in seats:  # what came before the action is stale
                while not s.updates.empty():
                    s.updates.get_nowait()
            t0 = time.perf_counter()
            await seat.ws.send(json.dumps({"type": "action", "action": action}))
            while True:
                msg = await next_update(seats, UPDATE_TIMEOUT)
                if msg["type"] == "error":
                    stats.error(f"{label} {mid} action {action} refused: {msg}")
                    return
                if msg["over"] or (msg["deciding"] == "you" and msg["decision"]):
                    break
            stats.latencies.setdefault(label, []).append(time.perf_counter() - t0)
    except TimeoutError:
        stats.error(f"{label} {mid}: no update within {UPDATE_TIMEOUT} s")
    except (OSError, websockets.exceptions.WebSocketException) as exc:
        if time.monotonic() < stop:
            stats.error(f"{label} {mid}: {type(exc).__name__}: {exc}")
    finally:
        for r in readers:
            r.cancel()
        for s in seats:
            with contextlib.suppress(Exception):
                await s.ws.close()
        token = next(iter(made["seats"].values()))
        with contextlib.suppress(httpx.HTTPError):
            gone = await http.delete(
                f"{base}/api/matches/{mid}", headers={"Authorization": f"Bearer {token}"}
            )
            if gone.status_code != 204:
                stats.error(f"DELETE {mid} -> {gone.status_code}")


async def driver(
    index: int, base: str, http: httpx.AsyncClient, stats: Stats, stop: float, seed: int
) -> None:
    """Match after match in one slot until ``stop``: even slots TE, odd slots GWaS."""
    rng = random.Random(seed * 1000 + index)
    round_ = 0
    while time.monotonic() < stop:
        match_seed = rng.randrange(2**31)
        if index % 2 == 0:
            body: dict[str, Any] = {
                "game": "tokyo_express",
                "scenario": "basic",
                "seed": match_seed,
            }
        else:
            scenario = GWAS_BATTLES[(index // 2 + round_) % len(GWAS_BATTLES)]
            body = {"game": "gwas_1904", "scenario": scenario, "seed": match_seed}
        await play_match(base, body, http, rng, stats, stop)
        round_ += 1


def percentile(values: Sequence[float], q: float) -> float:
    ordered = sorted(values)
    if not ordered:
        return float("nan")
    k = min(len(ordered) - 1, max(0, round(q * (len(ordered) - 1))))
    return ordered[k]


async def run(base: str, matches: int, seconds: float, seed: int) -> tuple[Stats, float]:
    stats = Stats()
    t0 = time.monotonic()
    stop = t0 + seconds
    limits = httpx.Limits(max_connections=matches + 10)
    async with httpx.AsyncClient(timeout=120, limits=limits) as http:
        await asyncio.gather(*(driver(i, base, http, stats, stop, seed) for i in range(matches)))
    return stats, time.monotonic() - t0


def git_commit() -> str:
    try:
        out = subprocess.run(
            ["git", "-C", str(ROOT), "rev-parse", "--short", "HEAD"],
            capture_output=True,
            text=True,
            check=True,
        )
        return out.stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return "unknown"


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=60.0, help="how long to play")
    parser.add_argument("--matches", type=int, default=50, help="concurrent matches")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--out", type=Path, default=RESULTS, help="the JSONL file appended")
    parser.add_argument("--no-record", action="store_true", help="do not append the result")
    args = parser.parse_args(argv)
    port = free_port()
    proc = start_server(port, max(100, 2 * args.matches))
    try:
        stats, wall = asyncio.run(
            run(f"http://127.0.0.1:{port}", args.matches, args.seconds, args.seed)
        )
    finally:
        proc.terminate()
        try:
            proc.wait(10)
        except subprocess.TimeoutExpired:
            proc.kill()
    rows = []
    every = [x for xs in stats.latencies.values() for x in xs]
    for label, xs in [*sorted(stats.latencies.items()), ("all", every)]:
        rows.append(
            {
                "game": label,
                "actions": len(xs),
                "median_ms": round(1000 * statistics.median(xs), 2) if xs else None,
                "p99_ms": round(1000 * percentile(xs, 0.99), 2) if xs else None,
                "max_ms": round(1000 * max(xs), 2) if xs else None,
                "finished": sum(stats.finished.values())
                if label == "all"
                else stats.finished.get(label, 0),
            }
        )
    print(
        f"{args.matches} concurrent matches for {args.seconds:g} s "
        f"({os.cpu_count()} cores, server and clients together)"
    )
    print(f"{'game':<14} {'actions':>8} {'median ms':>10} {'p99 ms':>9} {'max ms':>9} {'ended':>6}")
    for r in rows:
        print(
            f"{r['game']:<14} {r['actions']:>8} {r['median_ms']!s:>10} {r['p99_ms']!s:>9} "
            f"{r['max_ms']!s:>9} {r['finished']:>6}"
        )
    print(f"errors: {len(stats.errors)}; {len(every) / wall:.1f} actions/s")
    record = {
        "benchmark": "web_load",
        "date": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()),
        "commit": git_commit(),
        "matches": args.matches,
        "seconds": args.seconds,
        "seed": args.seed,
        "cpus": os.cpu_count(),
        "python": platform.python_version(),
        "actions": len(every),
        "errors": len(stats.errors),
        "actions_per_s": round(len(every) / wall, 1),
        "median_ms": rows[-1]["median_ms"],
        "p99_ms": rows[-1]["p99_ms"],
        "max_ms": rows[-1]["max_ms"],
        "by_game": {r["game"]: r for r in rows[:-1]},
        "matches_started": stats.started,
        "matches_finished": stats.finished,
    }
    if not args.no_record:
        old = args.out.read_text() if args.out.exists() else ""
        atomic_write(args.out, old + json.dumps(record) + "\n")
        print(f"appended to {args.out}")
    return 1 if stats.errors or not every else 0


if __name__ == "__main__":
    sys.exit(main())
