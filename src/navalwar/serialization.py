"""Saving, loading and replaying matches.

A save is a JSON document: the game, scenario, seed, options, data overrides,
a digest of every data file the game may read, the actions taken, and a digest
of the event log. Loading replays the actions from the start, so a save can
never hold a state the rules could not reach, and checks that the replay
reproduces the recorded log (naming the data files changed since, if it does not). Saves are written
atomically (a temporary file, flushed, then renamed over the target).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import TYPE_CHECKING, Any

from navalwar.datapack import changed_files, digests
from navalwar.errors import DataError, NavalwarError, ReplayError
from navalwar.events import log_digest
from navalwar.files import atomic_write

if TYPE_CHECKING:
    from navalwar.engine import Match

FORMAT = "navalwar-save"
VERSION = 1


def match_to_json(match: Match, data_files: bool = True) -> dict[str, Any]:
    """The save document of ``match`` (``data_files``: with the data files' digests)."""
    codec = match.game.codec
    doc = {
        "format": FORMAT,
        "version": VERSION,
        "game": match.game.id,
        "scenario": match.scenario_name,
        "seed": match.seed,
        "options": dict(match.options),
        "data": list(match.data_dirs),
        "strict": match.strict,
        "actions": [codec.to_json(a) for a in match.actions],
        "events": len(match.events),
        "digest": log_digest(match.events),
    }
    if data_files:
        doc["data_files"] = _digests(match)
    return doc


def _digests(match: Match) -> dict[str, str]:
    """The digests of the data files ``match`` may have read (see
    :func:`navalwar.datapack.digests`)."""
    dirs = [Path(d) for d in match.data_dirs]
    return digests(match.game.id, dirs, match.scenario_name)


def save_match(match: Match, path: Path) -> None:
    """Write ``match`` to ``path`` as JSON, atomically (DataError naming it if it cannot be)."""
    atomic_write(path, json.dumps(match_to_json(match), indent=1) + "\n")


def _field(doc: dict[str, Any], name: str, kind: type | tuple[type, ...], file: str) -> Any:
    if name not in doc:
        raise DataError(f"missing field {name!r}", file=file, path=name)
    value = doc[name]
    if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
        want = kind.__name__ if isinstance(kind, type) else " or ".join(k.__name__ for k in kind)
        raise DataError(f"must be {want}, not {type(value).__name__}", file=file, path=name)
    return value


def read_save(path: Path) -> dict[str, Any]:
    """Read and check the structure of a save file (DataError if it is not one)."""
    file = str(path)
    try:
        text = Path(path).read_text(encoding="utf-8")
    except OSError as exc:
        raise DataError(f"cannot read: {exc.strerror or exc}", file=file) from None
    except UnicodeDecodeError:
        raise DataError("not a navalwar save (not UTF-8 text)", file=file) from None
    try:
        doc = json.loads(text)
    except RecursionError:
        raise DataError("not a navalwar save (nested too deeply)", file=file) from None
    except json.JSONDecodeError as exc:
        raise DataError(
            f"not a navalwar save (corrupt or truncated JSON: {exc})",
            file=file,
        ) from None
    if not isinstance(doc, dict) or doc.get("format") != FORMAT:
        raise DataError(f'not a navalwar save (no "format": "{FORMAT}")', file=file)
    version = _field(doc, "version", int, file)
    if version > VERSION:
        raise DataError(
            f"save format version {version} is newer than this navalwar reads ({VERSION}); "
            "upgrade navalwar",
            file=file,
            path="version",
        )
    if version < 1:
        raise DataError(f"unknown save format version {version}", file=file, path="version")
    _field(doc, "game", str, file)
    _field(doc, "scenario", str, file)
    seed = _field(doc, "seed", int, file)
    if seed < 0:
        raise DataError("the seed must be a non-negative whole number", file=file, path="seed")
    _field(doc, "options", dict, file)
    data = _field(doc, "data", list, file)
    if not all(isinstance(d, str) for d in data):
        raise DataError("must be a list of directory names", file=file, path="data")
    _field(doc, "strict", bool, file)
    files = doc.get("data_files", {})  # optional: saves made before it was recorded
    if not isinstance(files, dict) or not all(
        isinstance(k, str) and isinstance(v, str) for k, v in files.items()
    ):
        raise DataError("must be an object of file name -> digest", file=file, path="data_files")
    actions = _field(doc, "actions", list, file)
    for i, a in enumerate(actions):
        if not isinstance(a, dict):
            raise DataError("each action must be a JSON object", file=file, path=f"actions[{i}]")
    _field(doc, "events", int, file)
    _field(doc, "digest", str, file)
    return doc


def match_from_json(doc: dict[str, Any], file: str = "<save>") -> Match:
    """Rebuild a match from a save document by replaying its actions."""
    from navalwar.engine import Match
    from navalwar.errors import IllegalActionError, InvalidActionError

    try:
        match = Match.start(
            doc["game"],
            doc["scenario"],
            seed=doc["seed"],
            options=doc["options"],
            data=doc["data"],
            strict=doc["strict"],
            use_env=False,
        )
    except DataError:
        raise
    except NavalwarError as exc:
        raise DataError(str(exc), file=file) from None
    codec = match.game.codec
    for i, raw in enumerate(doc["actions"]):
        try:
            match.apply(codec.from_json(raw))
        except (IllegalActionError, InvalidActionError) as exc:
            raise DataError(
                f"action cannot be replayed: {exc}", file=file, path=f"actions[{i}]"
            ) from None
    return match


def load_match(path: Path) -> Match:
    """Load a save file and verify that its replay reproduces the recorded log."""
    doc = read_save(path)
    match = match_from_json(doc, str(path))
    if len(match.events) != doc["events"] or log_digest(match.events) != doc["digest"]:
        changed = changed_files(doc.get("data_files", {}), _digests(match))
        if changed and "data_files" in doc:
            why = "the data files differ from the save's: " + "; ".join(changed[:8])
            why += " ..." if len(changed) > 8 else ""
        elif "data_files" in doc:
            why = (
                "the data files are the same, so the rules differ (another navalwar "
                "version?) or the save was edited"
            )
        else:
            why = "the save was made with other rules or data"
        raise ReplayError(
            f"{path}: replaying the saved actions gives a different event log "
            f"({len(match.events)} events vs {doc['events']} recorded); {why}"
        )
    return match


def replay_match(match: Match) -> Match:
    """Replay ``match`` from its seed and actions; ReplayError unless the log is identical."""
    again = match_from_json(match_to_json(match, data_files=False))
    if [e.to_json() for e in again.events] != [e.to_json() for e in match.events]:
        for i, (a, b) in enumerate(zip(again.events, match.events, strict=False)):
            if a.to_json() != b.to_json():
                raise ReplayError(f"replay differs at event {i}: {a.text!r} vs {b.text!r}")
        raise ReplayError(
            f"replay has {len(again.events)} events, the match has {len(match.events)}"
        )
    return again
