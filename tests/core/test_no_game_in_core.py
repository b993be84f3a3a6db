"""Issue 16 item 1: no core module (``src/navalwar/`` outside ``games/``) names a game id
or imports a game package; a game declares itself once (its entry point) and the core
asks its declaration."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

import navalwar
from navalwar import registry
from navalwar.engine import Game
from navalwar.errors import DataError, UnknownGameError

CORE = Path(navalwar.__file__).resolve().parent
GAMES = CORE / "games"


def core_modules() -> list[Path]:
    return sorted(p for p in CORE.rglob("*.py") if GAMES not in p.parents)


def game_imports(source: str) -> list[str]:
    """The game packages a module imports, at any level (``import navalwar.games.x``,
    ``from navalwar.games import x``, ``importlib.import_module("navalwar.games.x")``)."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            found += [a.name for a in node.names if a.name.startswith("navalwar.games")]
        elif isinstance(node, ast.ImportFrom) and (node.module or "").startswith("navalwar.games"):
            found.append(str(node.module))
        elif (
            isinstance(node, ast.Constant)
            and isinstance(node.value, str)
            and node.value.startswith("navalwar.games.")
        ):
            found.append(node.value)
    return found


def test_the_core_modules_are_found() -> None:
    names = {p.relative_to(CORE).as_posix() for p in core_modules()}
    assert {"engine.py", "registry.py", "terminal.py", "render/svg.py", "odds.py"} <= names
    assert not any(n.startswith("games/") for n in names)


@pytest.mark.parametrize("path", core_modules(), ids=lambda p: p.relative_to(CORE).as_posix())
def test_no_core_module_names_a_game_or_imports_one(path: Path) -> None:
    source = path.read_text(encoding="utf-8")
    assert game_imports(source) == []
    for game_id in registry.games():
        # the id as a word (not inside a longer name), in code or in prose
        hits = [
            f"line {n}: {line.strip()}"
            for n, line in enumerate(source.splitlines(), 1)
            if re.search(rf"(?<![\w.]){re.escape(game_id)}(?!\w)", line)
        ]
        assert hits == [], f"{path.name} names the game {game_id!r}"


def test_the_checks_catch_a_game_in_core() -> None:
    """What the checks above look for (what the core held before issue 16)."""
    assert game_imports("from navalwar.games.x.battle import Battle\n") == [
        "navalwar.games.x.battle"
    ]
    assert game_imports('M = {"x": "navalwar.games.x.odds"}\n') == ["navalwar.games.x.odds"]
    assert game_imports('import navalwar.games.x\nGROUP = "navalwar.games"\n') == [
        "navalwar.games.x"
    ]


def test_every_bundled_game_is_an_entry_point() -> None:
    points = registry._entry_points()
    assert sorted(points) == registry.games()
    for game_id, point in points.items():
        assert point.group == registry.GROUP
        game = registry.load(game_id)
        assert isinstance(game, Game) and game.spec.id == game_id


class _Declared(Game[object, object]):
    """A declaration that only names itself (the rules are never run here)."""

    def __init__(self, game_id: str) -> None:
        self.spec = registry.GameSpec(game_id, "A test game", ("A", "B"), "none")
        self.action_types = ()

    def load_data(self, overrides: object = (), strict: bool = False) -> object:
        return None

    def scenarios(self) -> list[str]:
        return []

    def load_scenario(self, name: str, data: object) -> object:
        raise NotImplementedError

    def scenario_from_document(self, doc: object, file: str, data: object) -> object:
        raise NotImplementedError

    def describe_scenario(self, scenario: object) -> str:
        return ""

    def initial_state(self, scenario: object, data: object, options: object, ctx: object) -> object:
        return None

    def advance(self, state: object, data: object, ctx: object) -> object:
        return state

    def decision(self, state: object, data: object) -> None:
        return None

    def apply(self, state: object, action: object, data: object, ctx: object) -> object:
        return state

    def observe(self, state: object, side: str, data: object) -> dict[str, object]:
        return {}

    def outcome(self, state: object, data: object) -> None:
        return None


def test_a_game_registered_at_run_time_is_listed_and_loaded() -> None:
    game = _Declared("zz_test_game")
    registry.register(game)
    try:
        assert "zz_test_game" in registry.games()
        assert navalwar.load("zz_test_game") is game
        # what it does not declare, it does not offer
        assert game.agents() == {} and game.odds() is None and game.data_files() == ()
        assert game.terminal_view() is None and game.turn_start is None
    finally:
        registry.unregister("zz_test_game")
    with pytest.raises(UnknownGameError, match="zz_test_game"):
        navalwar.load("zz_test_game")


def test_only_a_game_is_registered() -> None:
    with pytest.raises(DataError, match=r"navalwar\.engine\.Game"):
        registry.register("tokyo_express")  # type: ignore[arg-type]


def test_an_entry_point_must_give_the_game_of_its_name(monkeypatch: pytest.MonkeyPatch) -> None:
    from importlib.metadata import EntryPoint

    wrong = EntryPoint("zz_wrong", "navalwar.games.tokyo_express:GAME", registry.GROUP)
    junk = EntryPoint("zz_junk", "navalwar.registry:GROUP", registry.GROUP)
    installed = registry._entry_points()
    monkeypatch.setattr(registry, "_entry_points", lambda: {**installed, "zz_wrong": wrong})
    with pytest.raises(DataError, match=r"must be the game's spec\.id"):
        registry.load("zz_wrong")
    monkeypatch.setattr(registry, "_entry_points", lambda: {"zz_junk": junk})
    with pytest.raises(DataError, match=r"not a navalwar\.engine\.Game"):
        registry.load("zz_junk")


class _WithPack(_Declared):
    def __init__(self, game_id: str, root: Path) -> None:
        super().__init__(game_id)
        self.root = root

    def data_dir(self) -> Path | None:
        return self.root


def test_a_game_ships_its_data_where_it_declares(tmp_path: Path) -> None:
    """Issue 16 item 1: the data pack of a game from another distribution is the folder
    its declaration names, not ``navalwar/data/<game>``."""
    from navalwar import datapack

    pack = tmp_path / "pack"
    (pack / "scenarios").mkdir(parents=True)
    (pack / "units.csv").write_text("name\nA1\n", encoding="utf-8")
    (pack / "scenarios" / "first.toml").write_text("[scenario]\n", encoding="utf-8")
    (pack / "notes.txt").write_text("not a data file", encoding="utf-8")
    override = tmp_path / "override"
    override.mkdir()
    (override / "units.csv").write_text("name\nB2\n", encoding="utf-8")
    game = _WithPack("zz_pack_game", pack)
    registry.register(game)
    try:
        assert game.data_files() == ("scenarios/first.toml", "units.csv")
        assert datapack.data_file_names("zz_pack_game") == ["units.csv"]
        assert datapack.locate(game, "units.csv", ()) == (pack / "units.csv", "bundled")
        assert datapack.locate("zz_pack_game", "units.csv", [override])[1] == "override"
        files = datapack.load_files(game, ["units.csv"])["units.csv"]
        assert files.content == [{"name": "A1"}]
        assert str(pack / "units.csv") in {e[0] for e in datapack.fingerprint(game)}
        assert set(datapack.digests(game)) == {"bundled/scenarios/first.toml", "bundled/units.csv"}
        assert datapack.override_dirs([override], use_env=False, game=game) == (override,)
    finally:
        registry.unregister("zz_pack_game")


def test_a_game_without_a_data_pack_has_no_files(tmp_path: Path) -> None:
    from navalwar import datapack

    game = _Declared("zz_no_pack")
    assert datapack.fingerprint(game) == ()
    assert datapack.digests(game) == {}
    with pytest.raises(DataError, match="has no data pack of its own"):
        datapack.locate(game, "units.csv", ())


def test_rescan_reads_the_entry_points_again(monkeypatch: pytest.MonkeyPatch) -> None:
    from importlib import metadata

    before = registry.games()
    extra = metadata.EntryPoint("zz_new", "navalwar.games.tokyo_express:GAME", registry.GROUP)
    real = metadata.entry_points
    monkeypatch.setattr(
        metadata, "entry_points", lambda **kw: [*real(**kw), extra] if kw else real()
    )
    assert registry.games() == before  # read once per process ...
    registry.rescan()
    try:
        assert "zz_new" in registry.games()  # ... and again when asked
    finally:
        monkeypatch.undo()
        registry.rescan()
    assert registry.games() == before
