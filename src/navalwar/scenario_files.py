"""Scenario files: listing a game's bundled scenarios and reading one, the same way for
every game.

A scenario is named by the id of a bundled one (``data/<game>/scenarios/<id>.toml``)
or by the path of a TOML file of the user's (:func:`navalwar.datapack.is_scenario_file`
tells them apart). The game gives the parser (``parse(doc, file, data)``); a bundled
scenario is parsed once per process while its file and the data pack are unchanged.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

from navalwar.datapack import is_file, is_scenario_file, pack_dir, parse_toml
from navalwar.errors import DataError, UnknownNameError, clip

if TYPE_CHECKING:
    from navalwar.engine import Game

S = TypeVar("S")
Parse = Callable[[dict[str, Any], str, Any], S]

# the scenarios folder -> (its mtime, its scenario ids): listed again whenever the folder changes
_LISTED: dict[str, tuple[int, tuple[str, ...]]] = {}
# (bundled scenario file, id of the data pack) -> (mtime, size, data pack, parsed scenario);
# the pack is held, so its id is not reused while the entry lives
_PARSED: dict[tuple[str, int], tuple[int, int, object, object]] = {}
_PARSED_MAX = 256  # entries kept (a process reads a few packs; each new one adds 8 or so)


def scenario_dir(game: str | Game[Any, Any]) -> Path | None:
    """The folder of ``game``'s bundled scenarios (in the data pack its declaration
    names), or None for a game without a pack."""
    root = pack_dir(game)
    return None if root is None else root / "scenarios"


def bundled_scenarios(game: str | Game[Any, Any]) -> list[str]:
    """The ids of ``game``'s bundled scenarios, sorted (listed again when the folder
    changes; none if it has no folder)."""
    folder = scenario_dir(game)
    if folder is None:
        return []
    try:
        mtime = os.stat(folder).st_mtime_ns
    except OSError:
        return []
    key = str(folder)
    listed = _LISTED.get(key)
    if listed is None or listed[0] != mtime:
        listed = _LISTED[key] = (mtime, tuple(sorted(p.stem for p in folder.glob("*.toml"))))
    return list(listed[1])


def load_scenario(
    game: str | Game[Any, Any], name: str, data: Any, parse: Parse[S], title: str
) -> S:
    """Scenario ``name`` of ``game`` (a bundled id, or a path to a TOML file), parsed with
    ``parse`` against the data pack ``data``; ``title`` names the game in an unknown-id
    error (``"Tokyo Express scenario"``)."""
    known = bundled_scenarios(game)
    if is_scenario_file(name, known):
        path = Path(name)
        if not is_file(path):
            raise DataError("no such scenario file", file=clip(name))
        return parse(parse_toml(path), str(path), data)
    if name not in known:
        raise UnknownNameError(title, name, known)
    folder = scenario_dir(game)
    assert folder is not None  # a game with bundled scenarios has a pack
    file = folder / f"{name}.toml"
    st = os.stat(file)
    key = (str(file), id(data))
    cached = _PARSED.get(key)
    if cached is not None and cached[2] is data and cached[:2] == (st.st_mtime_ns, st.st_size):
        scenario: S = cached[3]  # type: ignore[assignment]
        return scenario
    scenario = parse(parse_toml(file), str(file), data)
    if len(_PARSED) >= _PARSED_MAX:
        _PARSED.clear()
    _PARSED[key] = (st.st_mtime_ns, st.st_size, data, scenario)
    return scenario
