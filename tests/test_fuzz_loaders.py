"""Malformed files a user may hand us: only NavalwarError subclasses may escape a loader.

Every loader (scenario TOML, save JSON, data-pack override files) is fed random
text and bytes, and structured mutations of the real bundled files: keys deleted,
values of the wrong type, wrong hexes, headings and ship names, extra keys.
"""

from __future__ import annotations

import contextlib
import copy
import csv
import functools
import io
import json
import math
import shutil
import tomllib
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

from navalwar.datapack import bundled_data_dir
from navalwar.engine import Match
from navalwar.errors import DataError, NavalwarError, ReplayError
from navalwar.games.tokyo_express import GAME
from navalwar.games.tokyo_express.data import FILES, TEData
from navalwar.games.tokyo_express.game import level_of_victory
from navalwar.testing import random_match

PACK = bundled_data_dir() / "tokyo_express"
BASIC = tomllib.loads((PACK / "scenarios" / "basic.toml").read_text(encoding="utf-8"))
# Derandomized: a run finds the same examples every time, so a bug found is found for good;
# no shrinking, so that a failing run stays as fast as a passing one.
FUZZ = settings(
    max_examples=80,
    deadline=None,
    derandomize=True,
    database=None,
    phases=[Phase.explicit, Phase.generate],
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
DATA = GAME.load_data()


# -- a small TOML writer (inline tables and arrays only) ------------------------------------------
def _toml_str(s: str) -> str:
    out = []
    for ch in s:
        if ch in '"\\':
            out.append("\\" + ch)
        elif ord(ch) < 0x20 or ord(ch) == 0x7F:
            out.append(f"\\u{ord(ch):04x}")
        else:
            out.append(ch)
    return '"' + "".join(out) + '"'


def _toml_value(v: Any) -> str:
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, int):
        return str(v)
    if isinstance(v, float):
        if math.isnan(v):
            return "nan"
        if math.isinf(v):
            return "inf" if v > 0 else "-inf"
        return repr(v)
    if isinstance(v, str):
        return _toml_str(v)
    if isinstance(v, list):
        return "[" + ", ".join(_toml_value(x) for x in v) + "]"
    if isinstance(v, dict):
        return "{" + ", ".join(f"{_toml_str(k)} = {_toml_value(x)}" for k, x in v.items()) + "}"
    raise TypeError(v)


def to_toml(doc: dict[str, Any]) -> str:
    """``doc`` as TOML that tomllib reads back equal."""
    return "".join(f"{_toml_str(k)} = {_toml_value(v)}\n" for k, v in doc.items())


def test_the_toml_writer_round_trips() -> None:
    for name in [f for f in FILES if f.endswith(".toml")]:
        doc = tomllib.loads((PACK / name).read_text(encoding="utf-8"))
        assert tomllib.loads(to_toml(doc)) == doc, name
    assert tomllib.loads(to_toml(BASIC)) == BASIC


# -- structured mutations -----------------------------------------------------------------------
Draw = Callable[[st.SearchStrategy[Any]], Any]
OTHER_VALUES = st.one_of(
    st.integers(-(10**20), 10**20),
    st.text(max_size=8),
    st.floats(allow_nan=True, allow_infinity=True),
    st.booleans(),
    st.lists(st.integers(-3, 30), max_size=3),
    st.dictionaries(st.text(max_size=4), st.integers(), max_size=2),
    st.sampled_from(["", "N", "2109", "CA", "Chicago", "12-15", "0 or less", "rulebook", "-"]),
)
BAD_HEXES = st.one_of(
    st.sampled_from(["", "0000", "9999", "2109 ", "21O9", "abcd", "210", "21090", "0101", "4040"]),
    st.text(max_size=5),
)
BAD_HEADINGS = st.one_of(
    st.sampled_from(["", "n", "E", "W", "NNE", "north", "S ", "SE-"]), st.text(max_size=3)
)
SHIP_NAMES = st.sampled_from(
    ["Yamato", "Chicago", "No Such Ship", "", "Southard", "Boise", "Jintsu", "chicago"]
)


def _paths(node: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    out = []
    items = node.items() if isinstance(node, dict) else enumerate(node)
    for k, v in items:
        out.append((*prefix, k))
        if isinstance(v, (dict, list)):
            out += _paths(v, (*prefix, k))
    return out


def _parent(doc: Any, path: tuple[Any, ...]) -> Any:
    for k in path[:-1]:
        doc = doc[k]
    return doc


def mutate(doc: dict[str, Any], draw: Draw) -> None:
    """Change ``doc`` in place at one random place, in one random way."""
    paths = _paths(doc)
    if not paths:
        doc[draw(st.text(max_size=6))] = draw(OTHER_VALUES)
        return
    # Pick the depth first, so that whole tables and entries are hit as often as leaves.
    depth = draw(st.integers(1, max(len(p) for p in paths)))
    path = draw(st.sampled_from([p for p in paths if len(p) == depth] or paths))
    parent, key = _parent(doc, path), path[-1]
    op = draw(
        st.sampled_from(
            ["delete", "retype", "hex", "heading", "ship", "extra", "duplicate", "empty"]
        )
    )
    if op == "delete":
        del parent[key]
    elif op == "retype":
        parent[key] = draw(OTHER_VALUES)
    elif op == "hex":
        parent[key] = draw(BAD_HEXES)
    elif op == "heading":
        parent[key] = draw(BAD_HEADINGS)
    elif op == "ship":
        target = parent[key] if isinstance(parent[key], dict) else parent
        if isinstance(target, dict):
            target["ship"] = draw(SHIP_NAMES)
        else:
            parent[key] = draw(SHIP_NAMES)
    elif op == "extra":
        target = parent[key] if isinstance(parent[key], dict) else parent
        if isinstance(target, dict):
            target[draw(st.sampled_from(["extra", "hexes", "Type", "US", "ship", "min"]))] = draw(
                OTHER_VALUES
            )
        else:
            target.append(draw(OTHER_VALUES))
    elif op == "duplicate":
        if isinstance(parent, list):
            parent.append(copy.deepcopy(parent[key]))
        else:
            parent[key] = [copy.deepcopy(parent[key])] * 2
    elif op == "empty":
        value = parent[key]
        parent[key] = type(value)() if isinstance(value, (dict, list, str)) else 0


# -- scenarios -----------------------------------------------------------------------------------
@pytest.fixture(scope="module")
def work(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("fuzz")


def load_scenario_file(path: Path) -> None:
    """Load a scenario; only NavalwarError may escape."""
    with contextlib.suppress(NavalwarError):
        GAME.load_scenario(str(path), DATA)


TOMLISH = st.lists(
    st.one_of(
        st.sampled_from(
            [
                "[scenario]",
                "[forces]",
                "[victory.US]",
                "[[forces.US]]",
                "[admiral]",
                'id = "x"',
                'title = "t"',
                "game_turns = 5",
                'US = [ { type = "DD", hex = "2009", heading = "N" } ]',
                'Japan = [ { type = "CA", hex = "0815", heading = "S" } ]',
                'hex = "2109"',
                "CA = [8, 6, 4, 2]",
                "levels = [ { min = 1, result = 'x' } ]",
                "= 1",
                "[",
                '"unterminated',
                "a.b.c = 1",
            ]
        ),
        st.text(alphabet="[]{}=\"'.,#=-+ \tabcdefUSNJ0123456789_", max_size=40),
    ),
    max_size=25,
).map("\n".join)


@FUZZ
@given(text=TOMLISH)
def test_scenario_toml_ish_text(work: Path, text: str) -> None:
    path = work / "tomlish.toml"
    path.write_text(text, encoding="utf-8")
    load_scenario_file(path)


@FUZZ
@given(raw=st.binary(max_size=300))
def test_scenario_random_bytes(work: Path, raw: bytes) -> None:
    path = work / "bytes.toml"
    path.write_bytes(raw)
    load_scenario_file(path)


@settings(FUZZ, max_examples=120)
@given(data=st.data())
def test_scenario_structured_mutations(work: Path, data: st.DataObject) -> None:
    doc = copy.deepcopy(BASIC)
    for _ in range(data.draw(st.integers(1, 4))):
        mutate(doc, data.draw)
    path = work / "mutated.toml"
    path.write_text(to_toml(doc), encoding="utf-8")
    load_scenario_file(path)


@pytest.mark.parametrize(
    ("edit", "field"),
    [
        (lambda d: d["forces"]["US"][0].update(hex="9999"), "forces.US[0].hex"),
        (lambda d: d["forces"]["Japan"][2].update(heading="E"), "forces.Japan[2].heading"),
        (lambda d: d["forces"]["US"][1].update(ship="Jintsu"), "forces.US[1].ship"),
        (lambda d: d["forces"]["US"][1].update(ship="Chicgo"), "forces.US[1].ship"),
        (lambda d: d["forces"]["US"][3].update(type="BC"), "forces.US[3].type"),
        (lambda d: d["scenario"].update(game_turns="5"), "scenario.game_turns"),
        (lambda d: d["scenario"].pop("id"), "scenario.id"),
        (lambda d: d["admiral"].update(hex="2009"), "admiral.hex"),
        (lambda d: d["victory"]["US"].update(CA=[8, 6, 4]), "victory.US.CA"),
        (lambda d: d.update(weather="clear"), "weather"),
    ],
)
def test_scenario_errors_name_the_field(
    work: Path, edit: Callable[[dict[str, Any]], Any], field: str
) -> None:
    doc = copy.deepcopy(BASIC)
    edit(doc)
    path = work / "edited.toml"
    path.write_text(to_toml(doc), encoding="utf-8")
    with pytest.raises(DataError) as info:
        GAME.load_scenario(str(path), DATA)
    assert info.value.path == field
    assert info.value.file == str(path)


@pytest.mark.parametrize(
    "levels",
    [
        [{"min": "ten", "result": "US wins"}, {"result": "Japan wins"}],
        [{"result": "US wins"}, {"min": 0, "result": "Japan wins"}],
        [{"min": 1, "result": "a"}, {"min": 5, "result": "b"}, {"result": "c"}],
        [5, {"result": "c"}],
        [],
    ],
    ids=["string-min", "no-min-first", "rising", "not-a-table", "empty"],
)
def test_scenario_victory_levels_are_checked(work: Path, levels: list[Any]) -> None:
    doc = copy.deepcopy(BASIC)
    doc["victory"]["levels"] = levels
    path = work / "levels.toml"
    path.write_text(to_toml(doc), encoding="utf-8")
    with pytest.raises(DataError) as info:
        GAME.load_scenario(str(path), DATA)
    assert info.value.path is not None and info.value.path.startswith("victory.levels")


def test_scenario_victory_levels_are_used(work: Path) -> None:
    doc = copy.deepcopy(BASIC)
    doc["victory"]["levels"] = [{"min": 5, "result": "US wins"}, {"result": "Japan wins"}]
    path = work / "levels.toml"
    path.write_text(to_toml(doc), encoding="utf-8")
    scenario = GAME.load_scenario(str(path), DATA)
    assert [level_of_victory(scenario, m) for m in (6, 5, 4, -30)] == [
        "US wins",
        "US wins",
        "Japan wins",
        "Japan wins",
    ]
    assert "US wins: +5 or more" in GAME.describe_scenario(scenario)


# -- saves ---------------------------------------------------------------------------------------
@pytest.fixture(scope="module")
def save_text(work: Path) -> str:
    match = random_match("tokyo_express", "basic", 5, decisions=25)
    path = work / "real.json"
    match.save(path)
    return path.read_text(encoding="utf-8")


def load_save(path: Path) -> None:
    """Load a save; only NavalwarError may escape."""
    with contextlib.suppress(NavalwarError):
        Match.load(path)


@FUZZ
@given(raw=st.binary(max_size=300))
def test_save_random_bytes(work: Path, raw: bytes) -> None:
    path = work / "bytes.json"
    path.write_bytes(raw)
    load_save(path)


@FUZZ
@given(cut=st.integers(0, 10**6))
def test_save_truncated(work: Path, save_text: str, cut: int) -> None:
    path = work / "truncated.json"
    path.write_text(save_text[: cut % len(save_text)], encoding="utf-8")
    with pytest.raises(DataError):
        Match.load(path)


@settings(FUZZ, max_examples=60)
@given(data=st.data())
def test_save_type_mutations(work: Path, save_text: str, data: st.DataObject) -> None:
    doc = json.loads(save_text)
    for _ in range(data.draw(st.integers(1, 3))):
        mutate(doc, data.draw)
    path = work / "mutated.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    load_save(path)


@pytest.mark.parametrize("version", [3, 99])
def test_save_from_a_future_version(work: Path, save_text: str, version: int) -> None:
    path = work / "future.json"
    path.write_text(json.dumps({**json.loads(save_text), "version": version}), encoding="utf-8")
    with pytest.raises(DataError, match=f"version {version}") as info:
        Match.load(path)
    assert info.value.path == "version"


def test_save_with_an_edited_digest(work: Path, save_text: str) -> None:
    doc = json.loads(save_text)
    doc["digest"] = "f" * 64
    path = work / "digest.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    with pytest.raises(ReplayError, match="the data files are the same, so the rules differ"):
        Match.load(path)


def test_a_replay_that_differs_names_the_data_files_changed(work: Path, save_text: str) -> None:
    doc = json.loads(save_text)
    files = doc["data_files"]
    assert "bundled/ships.csv" in files and "bundled/scenarios/basic.toml" in files
    doc["digest"] = "f" * 64  # as if the ships had played differently
    files["bundled/ships.csv"] = "0" * 16
    files["bundled/retired.toml"] = "0" * 16
    del files["bundled/torpedo_table.toml"]
    path = work / "changed.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    with pytest.raises(ReplayError) as info:
        Match.load(path)
    assert "the data files differ from the save's: gone: bundled/retired.toml; " in str(info.value)
    assert "changed: bundled/ships.csv; new: bundled/torpedo_table.toml" in str(info.value)


def test_save_digests_cover_override_dirs_and_a_scenario_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    pack = bundled_data_dir() / "tokyo_express"
    (tmp_path / "tokyo_express" / "scenarios").mkdir(parents=True)
    shutil.copy(pack / "torpedo_table.toml", tmp_path / "tokyo_express")
    shutil.copy(pack / "scenarios" / "basic.toml", tmp_path / "tokyo_express" / "scenarios")
    shutil.copy(pack / "ships.csv", tmp_path)
    (tmp_path / "notes.txt").write_text("not data", encoding="utf-8")
    scenario = tmp_path / "mine.toml"
    shutil.copy(pack / "scenarios" / "basic.toml", scenario)
    match = Match.start("tokyo_express", str(scenario), data=[tmp_path], use_env=False)
    match.save(tmp_path / "save.json")
    files = json.loads((tmp_path / "save.json").read_text(encoding="utf-8"))["data_files"]
    d = str(tmp_path.resolve())
    assert {
        f"{d}/tokyo_express/torpedo_table.toml",
        f"{d}/tokyo_express/scenarios/basic.toml",
        f"{d}/ships.csv",
        f"scenario:{scenario}",
        "bundled/ships.csv",
    } <= set(files)
    assert not any("notes.txt" in k or "sources/" in k for k in files)
    assert files[f"{d}/ships.csv"] == files["bundled/ships.csv"]  # the same bytes

    def unreadable(self: Path) -> bytes:
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(Path, "read_bytes", unreadable)
    match.save(tmp_path / "again.json")  # a file that cannot be read does not stop a save
    files = json.loads((tmp_path / "again.json").read_text(encoding="utf-8"))["data_files"]
    scenario_digest = files.pop(f"scenario:{scenario}")  # of the save's copy of the file
    assert set(files.values()) == {"unreadable"} and scenario_digest != "unreadable"


def test_a_save_without_data_digests_still_loads(work: Path, save_text: str) -> None:
    doc = json.loads(save_text)
    del doc["data_files"]  # saves written before they were recorded
    path = work / "old.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    assert Match.load(path).actions
    doc["data_files"] = {"bundled/ships.csv": 5}
    path.write_text(json.dumps(doc), encoding="utf-8")
    with pytest.raises(DataError, match="file name -> digest") as info:
        Match.load(path)
    assert info.value.path == "data_files"


@pytest.mark.parametrize("kind", ["save", "scenario", "data file"])
def test_deeply_nested_input_is_a_data_error(work: Path, kind: str) -> None:
    depth = 100_000
    if kind == "save":
        path = work / "deep.json"
        path.write_text("[" * depth + "]" * depth, encoding="utf-8")
        with pytest.raises(DataError):
            Match.load(path)
    elif kind == "scenario":
        path = work / "deep.toml"
        path.write_text("a = " + "[" * depth + "]" * depth, encoding="utf-8")
        with pytest.raises(DataError):
            GAME.load_scenario(str(path), DATA)
    else:
        pack = work / "deep_pack"
        pack.mkdir(exist_ok=True)
        text = "rows = " + "[" * depth + "]" * depth
        (pack / "movement_chart.toml").write_text(text, encoding="utf-8")
        with pytest.raises(DataError):
            GAME.load_data([pack])


# -- data packs ----------------------------------------------------------------------------------
@functools.cache
def _bundled_csv(name: str) -> tuple[tuple[str, ...], ...]:
    text = (PACK / name).read_text(encoding="utf-8")
    return tuple(tuple(row) for row in csv.reader(io.StringIO(text)))


def read_csv(name: str) -> list[list[str]]:
    """A bundled CSV file as a fresh list of rows (header first)."""
    return [list(row) for row in _bundled_csv(name)]


def write_csv(rows: list[list[str]]) -> str:
    out = io.StringIO()
    csv.writer(out, lineterminator="\n").writerows(rows)
    return out.getvalue()


CSV_CELLS = st.one_of(
    st.sampled_from(["", "x", "-1", "0", "99", "yes", "maybe", "4P 3S", "4Q", "CA", "JPN", "7"]),
    st.text(st.characters(codec="utf-8", exclude_characters="\r\n"), max_size=6),
)


def mutate_csv(rows: list[list[str]], draw: Draw) -> list[list[str]]:
    """One random change to a CSV table (header included)."""
    op = draw(st.sampled_from(["cell", "drop_column", "drop_row", "dup_row", "add_column", "cut"]))
    r = draw(st.integers(0, len(rows) - 1)) if rows else 0
    c = draw(st.integers(0, max(0, len(rows[r]) - 1))) if rows and rows[r] else 0
    if op == "cell" and rows and rows[r]:
        rows[r][c] = draw(CSV_CELLS)
    elif op == "drop_column":
        rows = [row[:c] + row[c + 1 :] for row in rows]
    elif op == "drop_row" and rows:
        del rows[r]
    elif op == "dup_row" and rows:
        rows.insert(r, list(rows[r]))
    elif op == "add_column":
        rows = [[*row, draw(CSV_CELLS)] for row in rows]
    elif op == "cut" and rows:
        rows = rows[: r + 1]
        rows[-1] = rows[-1][:c]
    return rows


def override_dir(work: Path, name: str) -> Path:
    """A fresh override directory (with the CSV provenance sidecar, for CSV files)."""
    d = work / "pack"
    if d.exists():
        shutil.rmtree(d)
    d.mkdir()
    if name.endswith(".csv") and (PACK / name.replace(".csv", ".meta.toml")).is_file():
        shutil.copy(PACK / name.replace(".csv", ".meta.toml"), d)
    return d


def load_pack(d: Path, strict: bool = False) -> TEData | None:
    """Load a pack with overrides; only NavalwarError may escape."""
    try:
        return GAME.load_data([d], strict)
    except NavalwarError:
        return None


@pytest.mark.parametrize("name", FILES)
@settings(FUZZ, max_examples=40)
@given(data=st.data())
def test_data_file_structured_mutations(work: Path, name: str, data: st.DataObject) -> None:
    d = override_dir(work, name)
    if name.endswith(".toml"):
        doc = tomllib.loads((PACK / name).read_text(encoding="utf-8"))
        for _ in range(data.draw(st.integers(1, 3))):
            mutate(doc, data.draw)
        (d / name).write_text(to_toml(doc), encoding="utf-8")
    else:
        rows = read_csv(name)
        for _ in range(data.draw(st.integers(1, 3))):
            rows = mutate_csv(rows, data.draw)
        (d / name).write_text(write_csv(rows), encoding="utf-8")
    load_pack(d)


@pytest.mark.parametrize("where", ["sector", "standard_1"])
def test_battle_movement_display_entries_must_be_tables(work: Path, where: str) -> None:
    doc = tomllib.loads((PACK / "battle_movement_display.toml").read_text(encoding="utf-8"))
    if where == "sector":
        doc["sectors"][3] = "sector four"
    else:
        doc["sectors"][3]["standard_1"] = "light"
    d = override_dir(work, "battle_movement_display.toml")
    (d / "battle_movement_display.toml").write_text(to_toml(doc), encoding="utf-8")
    with pytest.raises(DataError) as info:
        GAME.load_data([d])
    assert info.value.path is not None and info.value.path.startswith("sectors[3]")


@pytest.mark.parametrize(("change", "cells"), [(-2, 21), (2, 25)])
def test_a_ragged_csv_row_reports_its_cell_count(work: Path, change: int, cells: int) -> None:
    rows = read_csv("ships.csv")
    assert len(rows[5]) == 23
    rows[5] = rows[5][:change] if change < 0 else rows[5] + ["x"] * change
    d = override_dir(work, "ships.csv")
    (d / "ships.csv").write_text(write_csv(rows), encoding="utf-8")
    with pytest.raises(DataError, match=f"row has {cells} cells but the header has 23") as info:
        GAME.load_data([d])
    assert info.value.path == "line 6"


@FUZZ
@given(name=st.sampled_from(FILES), raw=st.binary(max_size=200))
def test_data_file_random_bytes(work: Path, name: str, raw: bytes) -> None:
    d = override_dir(work, name)
    (d / name).write_bytes(raw)
    assert load_pack(d) is None


def test_a_pack_contradicting_a_known_ship_cell_is_refused(work: Path) -> None:
    d = override_dir(work, "ships.csv")
    rows = read_csv("ships.csv")
    header = rows[0]
    boise = next(r for r in rows if r[0] == "Boise")
    boise[header.index("stern_primary")] = "4"
    (d / "ships.csv").write_text(write_csv(rows), encoding="utf-8")
    with pytest.raises(DataError, match=r"cell ships/Boise/stern_primary is '4'"):
        GAME.load_data([d])


def _torpedo_doc() -> dict[str, Any]:
    return tomllib.loads((PACK / "torpedo_table.toml").read_text(encoding="utf-8"))


def test_a_pack_contradicting_the_torpedo_example_is_refused(work: Path) -> None:
    doc = _torpedo_doc()
    col = [c["japan"] for c in doc["columns"]].index("12-15")
    doc["rows"]["6"][col] = 5
    d = override_dir(work, "torpedo_table.toml")
    (d / "torpedo_table.toml").write_text(to_toml(doc), encoding="utf-8")
    with pytest.raises(DataError, match=r"cell torpedo_table/japan/12-15/6 is '5'"):
        GAME.load_data([d])


def test_a_valid_override_replaces_the_bundled_file(work: Path) -> None:
    doc = _torpedo_doc()
    last = len(doc["columns"]) - 1
    bundled = DATA.torpedo.result("Japan", 30, 13)
    doc["rows"]["13+"][last] = 20
    doc["meta"]["provenance"] = "rulebook"
    d = override_dir(work, "torpedo_table.toml")
    (d / "torpedo_table.toml").write_text(to_toml(doc), encoding="utf-8")
    data = GAME.load_data([d])
    assert bundled == 14
    assert data.torpedo.result("Japan", 30, 13) == 20
    assert data.torpedo.result("Japan", 13, 6) == 4
    assert data.files["torpedo_table.toml"].origin == "override"
    assert data.provenance["torpedo_table.toml"] == "rulebook"
    assert DATA.provenance["torpedo_table.toml"] == "reconstructed"
    with pytest.raises(DataError, match="strict mode") as info:
        GAME.load_data([d], strict=True)
    message = str(info.value)
    assert "ships.csv (" in message
    assert "movement_chart.toml (reconstructed)" in message
    assert "torpedo_table.toml" not in message


def test_an_unknown_provenance_is_refused(work: Path) -> None:
    doc = _torpedo_doc()
    doc["meta"]["provenance"] = "folklore"
    d = override_dir(work, "torpedo_table.toml")
    (d / "torpedo_table.toml").write_text(to_toml(doc), encoding="utf-8")
    with pytest.raises(DataError, match="folklore") as info:
        GAME.load_data([d])
    assert info.value.path == "meta.provenance"
