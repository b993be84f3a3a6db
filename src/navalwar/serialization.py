"""Saving, loading and replaying matches.

A save is a JSON document: the game, scenario, seed, options, data overrides,
a digest of every data file the game may read, the actions taken, and a digest
of the event log. Loading replays the actions from the start, so a save can
never hold a state the rules could not reach, and checks that the replay
reproduces the recorded log (naming the data files changed since, if it does not). Saves are written
atomically (a temporary file, flushed, then renamed over the target).

A save opens no file it names, so that a save from anywhere is safe to load: its
``scenario`` is a bundled id, or, for a match started from a scenario file, only the
name it went by, the file's content being in ``scenario_text`` (format version 2;
a version 1 save of a scenario file is refused); its ``data`` directories are
recorded, not opened: the caller passes the override directories to load with
(``Match.load(path, data=[...])``, ``--data``), and a save whose override files
differ from those is refused, naming them. A save is at most :data:`MAX_SAVE_BYTES`.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import TYPE_CHECKING, Any

from navalwar.datapack import (
    changed_files,
    digests,
    override_dirs,
    read_user_file,
    used_files,
)
from navalwar.errors import DataError, NavalwarError, ReplayError, clip, excerpt
from navalwar.events import log_digest
from navalwar.files import atomic_write

if TYPE_CHECKING:
    from collections.abc import Sequence

    from navalwar.engine import Match

FORMAT = "navalwar-save"
VERSION = 2  # 2: a scenario file's content in "scenario_text"; no path in a save is opened
MAX_SAVE_BYTES = 16 * 2**20  # the largest save read or written


def match_to_json(match: Match, data_files: bool = True) -> dict[str, Any]:
    """The save document of ``match`` (``data_files``: with the data files' digests)."""
    codec = match.game.codec
    doc = {
        "format": FORMAT,
        "version": VERSION,
        "game": match.game.id,
        "scenario": match.scenario_name,
        "scenario_text": match.scenario_text,
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
    :func:`navalwar.datapack.digests`), and of its scenario file's content
    (``"scenario:<name>"``)."""
    out = digests(match.game, [Path(d) for d in match.data_dirs])
    if match.scenario_text is not None:
        text = match.scenario_text.encode("utf-8")
        out[f"scenario:{match.scenario_name}"] = hashlib.sha256(text).hexdigest()[:16]
    return out


def save_match(match: Match, path: Path) -> None:
    """Write ``match`` to ``path`` as JSON, atomically (DataError naming it if it cannot be)."""
    text = json.dumps(match_to_json(match), indent=1) + "\n"
    if len(text.encode("utf-8")) > MAX_SAVE_BYTES:
        raise DataError(f"the save would be larger than {MAX_SAVE_BYTES} bytes", file=str(path))
    atomic_write(path, text)


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
        text = read_user_file(Path(path), MAX_SAVE_BYTES).decode("utf-8")
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
    except ValueError:  # an integer of more digits than Python converts (4,300)
        raise DataError("not a navalwar save (an integer too long)", file=file) from None
    return check_save(doc, file)


def check_save(doc: Any, file: str = "<save>") -> dict[str, Any]:
    """Check the structure of a parsed save document (DataError naming ``file`` and the
    field if it is not one) and return it."""
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
    if version >= 2:
        _field(doc, "scenario_text", (str, type(None)), file)
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


def match_from_json(
    doc: dict[str, Any], file: str = "<save>", data: Sequence[str | Path] = ()
) -> Match:
    """Rebuild a match from a save document by replaying its actions, with the override
    data directories ``data`` (the save's own ``data`` are not opened)."""
    from navalwar.engine import Match
    from navalwar.errors import IllegalActionError, InvalidActionError
    from navalwar.registry import load

    try:
        game = load(doc["game"])
        text = doc.get("scenario_text")
        if text is None and doc["scenario"] not in game.scenarios():
            why = (
                "this version 1 save names a scenario file, and navalwar no longer opens a "
                "file a save names: start the match again from the file and save it anew"
                if doc["version"] < 2
                else f"not a bundled {game.id} scenario ({', '.join(game.scenarios())}) "
                "and the save holds no scenario_text"
            )
            raise DataError(f"{excerpt(doc['scenario'])}: {why}", file=file, path="scenario")
        match = Match.start(
            game,
            doc["scenario"],
            seed=doc["seed"],
            options=doc["options"],
            data=data,
            strict=doc["strict"],
            use_env=False,
            scenario_text=text,
        )
    except DataError as exc:
        if exc.file is None:
            raise DataError(exc.reason, file=file, path=exc.path) from None
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


def check_data(doc: dict[str, Any], data: Sequence[str | Path], file: str) -> None:
    """Refuse to load a save made with other override data files than those of the
    directories ``data``, naming what the save was made with (a file read from the
    bundled pack on both sides is left to the replay check)."""
    from navalwar.registry import load

    try:
        game = load(doc["game"]).id
        dirs = [str(d.resolve()) for d in override_dirs(data, False, game)]
    except NavalwarError as exc:
        raise DataError(str(exc), file=file) from None
    how = "pass them: Match.load(path, data=[...]) or --data DIR"
    if "data_files" not in doc:  # saves made before the digests were recorded
        if doc["data"] and not dirs:
            made = ", ".join(clip(d) for d in doc["data"][:6])
            raise DataError(
                f"the save was made with override data directories ({made}); {how}",
                file=file,
                path="data",
            )
        return
    then = used_files(game, doc["data_files"], doc["data"])
    now = used_files(game, digests(game, [Path(d) for d in dirs]), dirs)
    differ = []
    for name in sorted(set(then) | set(now)):
        was, is_ = then.get(name, ("(none)", "")), now.get(name, ("(none)", ""))
        overridden = any(
            lab != "(none)" and not lab.startswith("bundled/") for lab in (was[0], is_[0])
        )
        if overridden and was[1] != is_[1]:
            differ.append(f"{name} (the save's: {clip(was[0])}, here: {clip(is_[0])})")
    if differ:
        listing = "; ".join(differ[:6]) + (" ..." if len(differ) > 6 else "")
        raise DataError(
            f"the save was made with other data files than these: {listing}; "
            f"give the override directories it was made with ({how})",
            file=file,
            path="data",
        )


def load_match(path: Path, data: Sequence[str | Path] = ()) -> Match:
    """Load a save file, with the override data directories ``data``, and verify that
    its replay reproduces the recorded log."""
    return load_document(read_save(path), data, str(path))


def load_document(
    doc: dict[str, Any], data: Sequence[str | Path] = (), file: str = "<save>"
) -> Match:
    """Rebuild the match of a checked save document (:func:`check_save`), with the
    override data directories ``data``, and verify that its replay reproduces the
    recorded log (ReplayError naming ``file`` if not)."""
    check_data(doc, data, file)
    match = match_from_json(doc, file, data)
    if len(match.events) != doc["events"] or log_digest(match.events) != doc["digest"]:
        # the override files were found the same (check_data), under other folder names perhaps
        kept = ("bundled/", "scenario:")
        then = {k: v for k, v in doc.get("data_files", {}).items() if k.startswith(kept)}
        now = {k: v for k, v in _digests(match).items() if k.startswith(kept)}
        changed = changed_files(then, now)
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
            f"{file}: replaying the saved actions gives a different event log "
            f"({len(match.events)} events vs {doc['events']} recorded); {why}"
        )
    return match


def replay_match(match: Match) -> Match:
    """Replay ``match`` from its seed and actions; ReplayError unless the log is identical."""
    again = match_from_json(match_to_json(match, data_files=False), data=match.data_dirs)
    if [e.to_json() for e in again.events] != [e.to_json() for e in match.events]:
        for i, (a, b) in enumerate(zip(again.events, match.events, strict=False)):
            if a.to_json() != b.to_json():
                raise ReplayError(f"replay differs at event {i}: {a.text!r} vs {b.text!r}")
        raise ReplayError(
            f"replay has {len(again.events)} events, the match has {len(match.events)}"
        )
    return again
