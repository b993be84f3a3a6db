"""``navalwar validate``: check a scenario, save, data file or data directory.

Each file is checked on its own, so one bad file does not hide the problems of
another, and the rows of a ship or card file each on their own; every problem
names its file and field path.
"""

from __future__ import annotations

import shutil
import tempfile
from pathlib import Path

from navalwar.errors import DataErrors, NavalwarError, ReplayError


def _check(fn: object) -> list[str]:
    try:
        fn()  # type: ignore[operator]
    except DataErrors as exc:
        return [str(p) for p in exc.problems]
    except NavalwarError as exc:
        return [str(exc)]
    return []


def validate_path(path: Path, game_id: str) -> list[str]:
    """Every problem found in ``path`` (empty if it is good)."""
    from navalwar.registry import load

    if not path.exists():
        return [f"{path}: no such file or directory"]
    if path.suffix == ".json":
        from navalwar.serialization import load_match

        try:
            load_match(path)
        except ReplayError as exc:
            return [str(exc)]
        except NavalwarError as exc:
            return [str(exc)]
        return []
    game = load(game_id)
    if path.is_dir():
        return _validate_pack_dir(path, game_id)
    data_files = getattr(_data_module(game_id), "FILES", ())
    if path.name in data_files or path.name.endswith(".meta.toml"):
        with tempfile.TemporaryDirectory() as tmp:
            shutil.copy(path, Path(tmp) / path.name)
            meta = path.with_name(path.stem + ".meta.toml")
            if path.suffix == ".csv" and meta.is_file():
                shutil.copy(meta, Path(tmp) / meta.name)
            return _validate_pack_dir(Path(tmp), game_id, label=str(path))
    if path.suffix == ".toml":
        try:
            data = game.load_data()
        except NavalwarError as exc:
            return [f"the bundled data pack does not load: {exc}"]
        return _check(lambda: game.load_scenario(str(path), data))
    return [f"{path}: not a scenario (.toml), save (.json), data file or data directory"]


def _data_module(game_id: str) -> object:
    """The game's ``data`` module (its ``FILES``), None for a game without one (GWaS)."""
    import importlib

    name = f"navalwar.games.{game_id}.data"
    try:
        return importlib.import_module(name)
    except ModuleNotFoundError as exc:
        if exc.name != name:
            raise
        return None


def _validate_pack_dir(directory: Path, game_id: str, label: str = "") -> list[str]:
    from navalwar.registry import load

    game = load(game_id)
    problems = _check(lambda: game.load_data([directory]))
    if label:
        problems = [p.replace(str(directory), label) for p in problems]
    return problems
