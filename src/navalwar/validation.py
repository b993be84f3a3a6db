"""``navalwar validate``: check a scenario, save, data file or data directory.

Each file is checked on its own, so one bad file does not hide the problems of
another, and the rows of a ship or card file each on their own; every problem
names its file and field path. A scenario is checked by starting a match of it (so
its set-up is checked too); a data directory by loading the pack with it and
starting every scenario file it holds (``scenarios/``, directly or under
``<game>/``) with that pack; a folder of scenario files only (a pack's
``scenarios/``) by starting each. With ``strict``, the pack must also pass strict
mode (every file of at least ``historical`` provenance, ``--strict``).

Without a game named, the file's game is worked out from what it holds
(:func:`infer_game`); a save names its own.
"""

from __future__ import annotations

import functools
import shutil
import tempfile
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import Any

from navalwar.errors import DataError, DataErrors, NavalwarError


def _check(fn: Callable[[], object]) -> list[str]:
    try:
        fn()
    except DataErrors as exc:
        return [str(p) for p in exc.problems]
    except NavalwarError as exc:
        return [str(exc)]
    return []


def _keys(node: Any) -> Iterator[str]:
    """Every table key of a parsed document, at any depth."""
    if isinstance(node, dict):
        for key, value in node.items():
            yield str(key)
            yield from _keys(value)
    elif isinstance(node, list):
        for value in node:
            yield from _keys(value)


def _claims(path: Path, game_id: str) -> bool:
    """Whether ``path`` looks like a file or folder of ``game_id``: inside its data pack,
    a copy of one of its data files, a folder holding its data files or scenarios, or a
    scenario naming each of its sides."""
    from navalwar.datapack import pack_dir, parse_toml
    from navalwar.registry import load

    game = load(game_id)
    own = pack_dir(game)
    if own is not None and path.resolve().is_relative_to(own.resolve()):
        return True
    if path.is_dir():
        names = game.data_files()
        return any((path / game_id / n).is_file() or (path / n).is_file() for n in names) or any(
            (path / game_id / "scenarios").glob("*.toml")
        )
    if _data_file(path, game_id) is not None:
        return True
    if path.suffix != ".toml":
        return False
    try:
        keys = set(_keys(parse_toml(path)))
    except DataError:
        return False
    return all(side in keys for side in game.spec.sides)


def infer_game(path: Path) -> str:
    """The one registered game ``path`` belongs to (see :func:`_claims`); a folder of
    scenario files only goes by its first scenario. DataError if no game, or more than
    one, claims it: then the game must be named (``--game``)."""
    from navalwar.registry import games

    found = [g for g in games() if _claims(path, g)]
    if not found and path.is_dir():
        first = next(iter(sorted((path / "scenarios").glob("*.toml"))), None)
        if first is not None:
            found = [g for g in games() if _claims(first, g)]
    if len(found) == 1:
        return found[0]
    if not found and path.suffix == ".toml" and path.is_file():
        from navalwar.datapack import parse_toml

        parse_toml(path)  # a file no game reads as TOML: that is its problem
    which = "more than one game: " + ", ".join(found) if found else "no registered game"
    raise DataError(
        f"{path}: it could be a file of {which}; name its game with --game "
        f"(one of {', '.join(found or games())})"
    )


def validate_path(
    path: Path,
    game_id: str | None = None,
    data: Sequence[str | Path] = (),
    strict: bool = False,
) -> list[str]:
    """Every problem found in ``path`` (empty if it is good); ``game_id``: the game it
    belongs to (None: a save's own, else :func:`infer_game`); ``data``: the override
    data directories a save or scenario is checked with; ``strict``: check the pack
    against strict mode too."""
    from navalwar.engine import Match
    from navalwar.registry import load
    from navalwar.serialization import load_match

    if not path.exists():
        return [f"{path}: no such file or directory"]
    if path.suffix == ".json":
        return _check(lambda: load_match(path, data))
    if game_id is None:
        try:
            game_id = infer_game(path)
        except DataError as exc:
            return [str(exc)]
    load(game_id)
    if path.is_dir():
        return _validate_pack_dir(path, game_id, strict)
    rel = _data_file(path, game_id)
    if rel is not None:
        return _validate_data_file(path, rel, game_id, strict)
    if path.suffix == ".toml":
        return _check(lambda: Match.start(game_id, str(path), data=data, strict=strict))
    return [f"{path}: not a scenario (.toml), save (.json), data file or data directory"]


def _data_file(path: Path, game_id: str) -> str | None:
    """The pack file ``path`` is a copy of (``ships.csv``, ``overlays/chemulpo.toml``), if any."""
    from navalwar.datapack import data_file_names

    found = [
        n
        for n in data_file_names(game_id)
        if path.parts[-len(n.split("/")) :] == tuple(n.split("/"))
    ]
    return max(found, key=len) if found else None


def _validate_data_file(path: Path, rel: str, game_id: str, strict: bool) -> list[str]:
    """Check one data file as the only override of the pack (a CSV file with its
    ``.meta.toml`` provenance sidecar, if it has one beside it; a sidecar with its CSV)."""
    from navalwar.datapack import locate

    with tempfile.TemporaryDirectory() as tmp:
        target = Path(tmp) / rel
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy(path, target)
        if rel.endswith(".csv"):
            meta = path.with_name(path.stem + ".meta.toml")
            if meta.is_file():
                shutil.copy(meta, target.with_name(meta.name))
        elif rel.endswith(".meta.toml"):
            csv_name = path.name.removesuffix(".meta.toml") + ".csv"
            beside = path.with_name(csv_name)
            source = beside if beside.is_file() else None
            if source is None:
                rel_csv = rel.removesuffix(".meta.toml") + ".csv"
                try:
                    source = locate(game_id, rel_csv, ())[0]
                except NavalwarError:
                    source = None
            if source is not None:
                shutil.copy(source, target.with_name(csv_name))
        problems = _validate_pack_dir(Path(tmp), game_id, strict)
        return [p.replace(str(target), str(path)).replace(tmp, str(path.parent)) for p in problems]


def _validate_pack_dir(directory: Path, game_id: str, strict: bool = False) -> list[str]:
    """Load the pack with ``directory`` as override, then start each of its scenario files
    (those of a folder holding scenario files only: each of them)."""
    from navalwar.datapack import data_file_names
    from navalwar.engine import Match
    from navalwar.registry import load

    game = load(game_id)
    names = data_file_names(game_id)
    has_data = any((directory / game_id / n).is_file() or (directory / n).is_file() for n in names)
    scenarios = sorted(
        p
        for folder in (directory / game_id / "scenarios", directory / "scenarios")
        for p in folder.glob("*.toml")
    )
    if not has_data and not scenarios:
        scenarios = sorted(directory.glob("*.toml"))
    if not has_data and not scenarios:
        listing = ", ".join(names[:8]) + (" ..." if len(names) > 8 else "")
        return [
            f"{directory}: no {game_id} data file or scenario; expected one of: {listing}, "
            f"scenarios/*.toml (directly or under {game_id}/)"
        ]
    overrides = [directory] if has_data else []
    problems = _check(lambda: game.load_data(overrides, strict)) if has_data or strict else []
    if problems:
        if scenarios:
            problems.append(
                f"{directory}: its {len(scenarios)} scenario file(s) are checked once its "
                "data files load"
            )
        return problems
    for scenario in scenarios:
        problems += _check(
            functools.partial(
                Match.start, game_id, str(scenario), data=overrides, use_env=False, strict=strict
            )
        )
    return problems
