#!/usr/bin/env python3
"""Fingerprint what a game does over many seeded matches, to prove a refactor neutral.

A speed-up or a tidy-up must not change one event. ``record`` plays every bundled
scenario of a game over a range of seeds, with random and heuristic agents on every
side and a few option sets, and keeps a hash per match of its event log (JSON), its
actions, the side that chose each, its outcome, and the observations of each side at
the end; ``check`` plays them again and lists the matches whose hash differs.

Besides the whole, each part has its own hash (:data:`PARTS`): ``check --ignore
events,observations`` compares the rest only, so a deliberate change of event data or
observations can still be shown not to change play (the same actions, deciders and
outcome). A file recorded before the parts were kept compares the whole only.

Usage::

    .venv/bin/python scripts/fingerprint.py record tokyo_express       # before the change
    .venv/bin/python scripts/fingerprint.py check tokyo_express        # after: exit 1 if any differ
    .venv/bin/python scripts/fingerprint.py check gwas_1904 --seeds 20 --jobs 2
    .venv/bin/python scripts/fingerprint.py check gwas_1904 --ignore events,observations

The fingerprints go to ``.fingerprint/<game>.json`` (not tracked by git). A check on
other seeds or option sets than recorded reports what it could not compare.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

from navalwar.agents import RandomAgent, make_agent, play_out
from navalwar.engine import Match
from navalwar.errors import NavalwarError
from navalwar.files import atomic_write
from navalwar.registry import load

ROOT = Path(__file__).resolve().parents[1]
AGENTS = ("random", "heuristic")
OPTION_SETS: dict[str, dict[str, dict[str, Any]]] = {
    # besides the defaults: the options that change the most code paths
    "tokyo_express": {
        "alt": {
            "ship_pool": "all",
            "stern_rule": "any",
            "below_lowest_row": "lowest",
            "jp_60_roll_without_move": False,
            "cancelled_torpedo_attack": "counts",
        },
    },
    "gwas_1904": {
        "basic": {"combat": "basic"},
        "literal": {
            "secondary_penetration": True,
            "grounded_vp": "flat",
            "commander_sign": "literal",
        },
        "plain": {"effectiveness": False, "overlays": False, "impulses": -1},
        "variants": {
            "unexpected_encounter": 2,
            "historical": True,
            "shallow_draft_literal": True,
            "mine_speed_modifier": False,
        },
    },
    "coral_sea": {
        "alt": {
            "huon_air": "typo",
            "ao_count": 3,
            "squall_influence": 2,
            "extended_range": True,
            "long_range": True,
            "air_range_legs": "round_trip",
            "scout_torpedo": True,
            "surface_contact": "always",
            "oilers": True,
            "airfield_aa_at_ships": True,
        },
    },
}


def _hash(obj: Any) -> str:
    text = json.dumps(obj, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()[:20]


PARTS = ("events", "actions", "outcome", "observations")
"""The parts hashed apart: ``actions`` is the actions with the side that chose each."""

Print = dict[str, str]
"""A match's fingerprint: ``{"all": hash, part: hash ...}``, or ``{"refused": reason}``."""


def _prints(obj: dict[str, Any]) -> Print:
    """The hash of the whole (as recorded before the parts were kept) and of each part."""
    parts = {
        "events": obj["events"],
        "actions": {"actions": obj["actions"], "deciders": obj["deciders"]},
        "outcome": obj["outcome"],
        "observations": obj["observe"],
    }
    return {"all": _hash(obj)} | {name: _hash(part) for name, part in parts.items()}


def _as_print(raw: Print | str) -> Print:
    """A fingerprint as :data:`Print` (an old recording holds the whole's hash only, or
    ``"refused: reason"``)."""
    if isinstance(raw, dict):
        return raw
    if raw.startswith("refused: "):
        return {"refused": raw.removeprefix("refused: ")}
    return {"all": raw}


def _differs(found: Print, recorded: Print | str, ignore: set[str]) -> bool | None:
    """Whether two fingerprints differ in what is compared (None: cannot tell, an old
    recording holds the whole only and some part is ignored)."""
    old = _as_print(recorded)
    if "refused" in found or "refused" in old:
        return found != old
    if not ignore:
        return found["all"] != old["all"]
    if not set(PARTS) <= set(old):
        return None
    return any(found[p] != old[p] for p in PARTS if p not in ignore)


def play(job: tuple[str, str, str, str, int]) -> tuple[str, Print]:
    """One match's key and fingerprint (or the error that refused its options)."""
    game, scenario, option_set, agent, seed = job
    key = f"{scenario}/{option_set}/{agent}/{seed}"
    options = OPTION_SETS.get(game, {}).get(option_set)
    try:  # the bundled data only, whatever $NAVALWAR_DATA says
        match = Match.start(game, scenario, seed=seed, options=options, use_env=False)
    except NavalwarError as exc:  # an option set a scenario refuses
        return key, {"refused": str(exc)}
    sides = match.game.spec.playable_sides
    agents = {
        side: RandomAgent(seed + i) if agent == "random" else make_agent(game, agent, seed + i)
        for i, side in enumerate(sides)
    }
    try:
        play_out(match, agents)
    except Exception as exc:
        raise RuntimeError(f"{game} {key}: {type(exc).__name__}: {exc}") from exc
    codec = match.game.codec
    return key, _prints(
        {
            "events": [e.to_json() for e in match.events],
            "actions": [codec.to_json(a) for a in match.actions],
            "deciders": match.deciders,
            "outcome": match.outcome.to_json() if match.outcome else None,
            "observe": [match.observe(side) for side in match.game.spec.sides],
        }
    )


def jobs(game: str, seeds: int) -> list[tuple[str, str, str, str, int]]:
    """Every (game, scenario, option set, agent, seed) to play."""
    scenarios = load(game).scenarios()
    sets = ["default", *OPTION_SETS.get(game, {})]
    out = []
    for option_set in sets:
        n = seeds if option_set == "default" else max(1, seeds // 4)
        for scenario in scenarios:
            for agent in AGENTS:
                out += [(game, scenario, option_set, agent, seed) for seed in range(n)]
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("mode", choices=("record", "check"))
    parser.add_argument("game")
    parser.add_argument("--seeds", type=int, default=60, help="seeds per scenario and agent")
    parser.add_argument("--jobs", type=int, default=2, help="parallel processes")
    parser.add_argument("--file", type=Path, help="default: .fingerprint/GAME.json")
    parser.add_argument(
        "--ignore",
        default="",
        help=f"check: parts not compared, comma-separated, of {','.join(PARTS)}",
    )
    args = parser.parse_args(argv)
    ignore = {p for p in args.ignore.split(",") if p}
    if ignore - set(PARTS):
        parser.error(f"--ignore takes parts of {', '.join(PARTS)}, not {args.ignore!r}")
    path = args.file or ROOT / ".fingerprint" / f"{args.game}.json"
    todo = jobs(args.game, args.seeds)
    if args.mode == "check" and not path.is_file():
        print(f"no fingerprints at {path}: run 'record' first (on the code before the change)")
        return 2
    t0 = time.perf_counter()
    with ProcessPoolExecutor(args.jobs) as pool:
        found = dict(pool.map(play, todo, chunksize=4))
    took = f"{len(found)} matches in {time.perf_counter() - t0:.0f} s"
    if args.mode == "record":
        path.parent.mkdir(parents=True, exist_ok=True)
        atomic_write(path, json.dumps(found, indent=0, sort_keys=True) + "\n")
        print(f"recorded {took} to {path}")
        return 0
    recorded: dict[str, Print | str] = json.loads(path.read_text(encoding="utf-8"))
    verdicts = {k: _differs(found[k], recorded[k], ignore) for k in found if k in recorded}
    differ = sorted(k for k, v in verdicts.items() if v)
    blind = sorted(k for k, v in verdicts.items() if v is None)
    unknown = sorted(set(found) - set(recorded))
    unplayed = sorted(set(recorded) - set(found))
    if blind:
        print(f"recorded without parts, so not compared with --ignore: {len(blind)}")
    for key in differ[:20]:
        old = _as_print(recorded[key])
        parts = [p for p in PARTS if p in old and found[key].get(p) != old[p]]
        print(f"DIFFERS {key}" + (f" (in {', '.join(parts)})" if parts else ""))
    if unknown:
        print(f"not recorded, so not compared: {len(unknown)} (e.g. {unknown[0]})")
    if unplayed:
        print(f"recorded but not played (other --seeds?): {len(unplayed)} (e.g. {unplayed[0]})")
    compared = len(found) - len(unknown) - len(blind)
    but = f" (ignoring {', '.join(sorted(ignore))})" if ignore else ""
    print(f"checked {took}: {len(differ)} of {compared} compared differ{but}")
    return 1 if differ else 0


if __name__ == "__main__":
    sys.exit(main())
