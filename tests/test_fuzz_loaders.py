"""Malformed files a user may hand us: only NavalwarError subclasses may escape a loader.

Every loader (scenario TOML, save JSON, data-pack override files) is fed random
text and bytes, and structured mutations of the real bundled files: keys deleted,
values of the wrong type, wrong hexes, headings and ship names, extra keys, long
texts. Tokyo Express's files first, then every registered game's scenarios, data
files, saves and action dicts, and random command lines (issue 15 item 6). All are
derandomized with bounded examples, so the suite stays fast and finds the same cases.
"""

from __future__ import annotations

import contextlib
import copy
import csv
import functools
import io
import json
import math
import os
import shutil
import signal
import tempfile
import tomllib
from collections.abc import Callable
from pathlib import Path
from typing import Any
from unittest import mock

import click
import pytest
from click.testing import CliRunner
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

import navalwar
from navalwar.cli import main
from navalwar.datapack import bundled_data_dir, data_file_names, pack_dir
from navalwar.dice import Dice
from navalwar.engine import Match
from navalwar.errors import DataError, DataErrors, NavalwarError, ReplayError
from navalwar.games.tokyo_express import GAME
from navalwar.games.tokyo_express.data import FILES, TEData
from navalwar.games.tokyo_express.game import level_of_victory
from navalwar.testing import random_match

PACK = bundled_data_dir() / "tokyo_express"
BASIC_PATH = PACK / "scenarios" / "basic.toml"
BASIC = tomllib.loads(BASIC_PATH.read_text(encoding="utf-8"))
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


# == every registered game (issue 15 item 6) =======================================================
# The fuzzers above know Tokyo Express's files; these take every game the registry lists:
# its bundled scenarios, its data files, a save of it and its action dicts, mutated, must
# give a NavalwarError whose message quotes no more than an excerpt, or be accepted.
GAMES = navalwar.games()
LONG_TEXT = "Q" * 3000  # under the 4,000-character bound of a text: its message must quote less
LONG_VALUES = st.sampled_from([LONG_TEXT, "9" * 3000, 2**63 - 1, -(2**63), 10**18])
MESSAGE_LIMIT = 1500  # characters of one problem's message (a file name and field path, a reason)


def _short_problems(exc: NavalwarError) -> None:
    problems = exc.problems if isinstance(exc, DataErrors) else [exc]
    for p in problems:
        assert len(str(p)) < MESSAGE_LIMIT, str(p)[:400]


def only_navalwar_errors(fn: Callable[[], Any]) -> Any:
    """Call ``fn``; a NavalwarError (with short messages) is fine, anything else escapes."""
    try:
        return fn()
    except NavalwarError as exc:
        _short_problems(exc)
        return None


def mutate_long(doc: dict[str, Any], draw: Draw) -> None:
    """:func:`mutate`, or a long text or a 64-bit extreme put in at one random place."""
    if draw(st.integers(0, 3)) or not _paths(doc):
        mutate(doc, draw)
        return
    path = draw(st.sampled_from(_paths(doc)))
    _parent(doc, path)[path[-1]] = draw(LONG_VALUES)


@functools.cache
def _pack(game: str) -> Path:
    """The folder of ``game``'s own data pack (a bundled game's, or an installed one's)."""
    root = pack_dir(game)
    assert root is not None, game
    return root


def _game_scenarios(game: str) -> tuple[tuple[str, dict[str, Any]], ...]:
    folder = _pack(game) / "scenarios"
    return tuple(
        (p.stem, tomllib.loads(p.read_text(encoding="utf-8")))
        for p in sorted(folder.glob("*.toml"))
    )


def test_the_toml_writer_round_trips_every_games_files() -> None:
    for game in GAMES:
        for path in sorted(_pack(game).rglob("*.toml")):
            doc = tomllib.loads(path.read_text(encoding="utf-8"))
            assert tomllib.loads(to_toml(doc)) == doc, path


@pytest.mark.parametrize("game", GAMES)
@settings(FUZZ, max_examples=80)
@given(data=st.data())
def test_every_games_scenario_mutations(work: Path, game: str, data: st.DataObject) -> None:
    """A mutated bundled scenario of each game, started as a match (set-up included)."""
    _, original = data.draw(st.sampled_from(_game_scenarios(game)))
    doc = copy.deepcopy(original)
    for _ in range(data.draw(st.integers(1, 3))):
        mutate_long(doc, data.draw)
    path = work / f"{game}-mutated.toml"
    path.write_text(to_toml(doc), encoding="utf-8")
    only_navalwar_errors(lambda: Match.start(game, str(path), use_env=False))


@pytest.mark.parametrize("game", GAMES)
@settings(FUZZ, max_examples=25)
@given(text=TOMLISH)
def test_every_games_scenario_toml_ish_text(work: Path, game: str, text: str) -> None:
    path = work / f"{game}-tomlish.toml"
    path.write_text(text, encoding="utf-8")
    only_navalwar_errors(lambda: Match.start(game, str(path), use_env=False))


def _data_files(game: str) -> list[tuple[str, str]]:
    return [(game, name) for name in data_file_names(game)]


@pytest.mark.parametrize(("game", "name"), [f for g in GAMES for f in _data_files(g)])
@settings(FUZZ, max_examples=12)
@given(data=st.data())
def test_every_games_data_file_mutations(
    work: Path, game: str, name: str, data: st.DataObject
) -> None:
    """A mutated data file of each game in an override directory, loaded as the pack."""
    d = work / "game-pack"
    if d.exists():
        shutil.rmtree(d)
    target = d / game / name
    target.parent.mkdir(parents=True)
    source = _pack(game) / name
    if name.endswith(".toml"):
        doc = tomllib.loads(source.read_text(encoding="utf-8"))
        for _ in range(data.draw(st.integers(1, 3))):
            mutate_long(doc, data.draw)
        target.write_text(to_toml(doc), encoding="utf-8")
    else:
        rows = [list(r) for r in csv.reader(io.StringIO(source.read_text(encoding="utf-8")))]
        for _ in range(data.draw(st.integers(1, 3))):
            rows = mutate_csv(rows, data.draw)
        target.write_text(write_csv(rows), encoding="utf-8")
    only_navalwar_errors(lambda: navalwar.load(game).load_data([d]))


@pytest.fixture(scope="module")
def game_saves(work: Path) -> dict[str, str]:
    """A save of each game after a few random decisions, as text."""
    out = {}
    for game in GAMES:
        scenario = _game_scenarios(game)[0][0]
        path = work / f"{game}-real.json"
        random_match(game, scenario, 4, decisions=20).save(path)
        out[game] = path.read_text(encoding="utf-8")
    return out


@pytest.mark.parametrize("game", GAMES)
@settings(FUZZ, max_examples=40)
@given(data=st.data())
def test_every_games_save_mutations(
    work: Path, game_saves: dict[str, str], game: str, data: st.DataObject
) -> None:
    doc = json.loads(game_saves[game])
    for _ in range(data.draw(st.integers(1, 3))):
        mutate_long(doc, data.draw)
    path = work / f"{game}-mutated.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    only_navalwar_errors(lambda: Match.load(path))


@functools.cache
def _positions(game: str) -> tuple[Match, ...]:
    """Matches of ``game`` at a few points of random play (each still undecided)."""
    out = []
    for i, (scenario, _) in enumerate(_game_scenarios(game)[:3]):
        for decisions in (0, 15):
            m = random_match(game, scenario, i, decisions=decisions)
            if m.decision is not None:
                out.append(m)
    return tuple(out)


ACTION_VALUES = st.one_of(
    OTHER_VALUES,
    LONG_VALUES,
    st.sampled_from([10**5000, -(10**5000), 2**63, None, [], {}, [[1, 2]], "J:B01", "US"]),
)


@pytest.mark.parametrize("game", GAMES)
@settings(FUZZ, max_examples=150)
@given(data=st.data())
def test_every_games_action_dict_mutations(game: str, data: st.DataObject) -> None:
    """A legal action's JSON of each game, mutated, through Match.apply: accepted, or a
    NavalwarError with the match unchanged."""
    match = data.draw(st.sampled_from(_positions(game))).clone()
    decision = match.decision
    assert decision is not None
    action = (
        data.draw(st.sampled_from(decision.choices))
        if decision.choices
        else decision.random_choice(Dice(data.draw(st.integers(0, 99))))
    )
    raw: dict[str, Any] = match.game.codec.to_json(action)
    op = data.draw(st.sampled_from(["field", "drop", "extra", "tag", "whole"]))
    fields = [k for k in raw if k != "tag"]
    if op == "field" and fields:
        raw[data.draw(st.sampled_from(fields))] = data.draw(ACTION_VALUES)
    elif op == "drop" and fields:
        del raw[data.draw(st.sampled_from(fields))]
    elif op == "extra":
        raw[data.draw(st.sampled_from(["extra", "tag2", LONG_TEXT]))] = data.draw(ACTION_VALUES)
    elif op == "tag":
        raw["tag"] = data.draw(st.sampled_from([*match.game.codec.types, "", LONG_TEXT, 5]))
    else:
        raw = data.draw(
            st.one_of(ACTION_VALUES, st.dictionaries(st.text(max_size=5), ACTION_VALUES))
        )
    before = (match.state, len(match.events), len(match.actions))
    try:
        match.apply(raw)
    except NavalwarError as exc:
        _short_problems(exc)
        assert (match.state, len(match.events), len(match.actions)) == before


# -- the command line ------------------------------------------------------------------------------
class _TooSlow(Exception):
    """A command that ran past the fuzzer's time bound."""


CLI_SECONDS = 60  # a generous bound: every command the fuzzer builds takes under a few seconds
SAFE = {  # options always given, so that a command stays short (simulate: 1000 battles, all cores)
    "simulate": {"-n": ["1", "2", "1", "0"], "--workers": ["1", "1", "0"]},
}


@pytest.fixture(scope="module")
def cli_files(work: Path, game_saves: dict[str, str]) -> list[str]:
    """Paths a command may be given: saves, a scenario, data dirs, junk, a pipe, none."""
    root = work / "cli"
    root.mkdir()
    for game, text in game_saves.items():
        (root / f"{game}.json").write_text(text, encoding="utf-8")
    (root / "broken.json").write_text('{"format": "navalwar-save", "version": 2', encoding="utf-8")
    (root / "broken.toml").write_text("[scenario\n", encoding="utf-8")
    shutil.copy(BASIC_PATH, root / "basic.toml")
    (root / "pack" / "gwas_1904").mkdir(parents=True)
    shutil.copy(PACK / "ships.csv", root / "pack")
    shutil.copy(bundled_data_dir() / "gwas_1904" / "ships.csv", root / "pack" / "gwas_1904")
    (root / "empty").mkdir()
    paths = [str(p) for p in sorted(root.iterdir())]
    with contextlib.suppress(AttributeError, OSError):
        os.mkfifo(root / "pipe")
        paths.append(str(root / "pipe"))
    return [*paths, str(root / "nothing.json"), "/dev/null", "", "-"]


def _cli_value(param: click.Parameter, game: str, files: list[str], draw: Draw) -> str:
    """A random word for ``param`` of a command of ``game``: mostly a good one (so that
    commands run, not only fail), now and then another game's or junk."""
    spec = navalwar.load(game).spec
    name = param.name or ""
    kind = param.type
    good: st.SearchStrategy[str]
    if name == "game":
        good = st.just(game)
    elif name == "scenario":
        good = st.sampled_from([s for s, _ in _game_scenarios(game)] + [str(BASIC_PATH)])
    elif name in ("save", "file"):
        good = st.sampled_from([f for f in files if f.endswith(f"{game}.json")] or files)
    elif name == "options":
        value = st.sampled_from(["true", "false", "0", "1", "2", "-1", "x", "", "9" * 30])
        good = st.one_of(
            st.sampled_from([f"{o.name}={o.default}" for o in spec.options]),
            st.tuples(st.sampled_from([o.name for o in spec.options]), value).map("=".join),
        )
    elif name == "agent_specs":
        agents = st.sampled_from(["random", "first", "heuristic"])  # not search: it is slow
        good = st.tuples(st.sampled_from(spec.sides), agents).map("=".join)
    elif name == "side":
        good = st.sampled_from([*spec.sides, spec.sides[0].lower()])
    elif name == "backend":
        good = st.just("process")  # never Ray: it starts a cluster
    elif name == "data":
        good = st.sampled_from([f for f in files if f.endswith("pack")])
    elif name in ("save_path", "output", "out", "plot"):
        good = st.sampled_from(["out.json", "map.svg", "out.jsonl"])
    elif isinstance(kind, click.types.IntParamType | click.types.IntRange):
        good = st.sampled_from(["0", "1", "2", "3"])
    elif isinstance(kind, click.Path | click.File):
        good = st.sampled_from(files)
    else:
        good = st.text(max_size=8)
    bad = st.one_of(
        st.sampled_from(
            [*files, *GAMES, "basc", "-1", "9" * 5000, "--help", "\x00", "", "x=y", "missing/x"]
        ),
        st.text(max_size=6),
    )
    value: str = draw(bad if draw(st.integers(0, 7)) == 0 else good)
    return value


def _cli_argv(name: str, command: click.Command, files: list[str], draw: Draw) -> list[str]:
    game = draw(st.sampled_from(GAMES))
    args: list[str] = [name]
    for param in command.params:
        if isinstance(param, click.Argument):
            if param.required or draw(st.booleans()):
                args.append(_cli_value(param, game, files, draw))
        elif isinstance(param, click.Option) and draw(st.integers(0, 3)) == 0:
            opt = draw(st.sampled_from(param.opts))
            args += [opt] if param.is_flag else [opt, _cli_value(param, game, files, draw)]
    for opt, values in SAFE.get(name, {}).items():
        args += [opt, draw(st.sampled_from(values))]
    if draw(st.integers(0, 15)) == 0:
        args.insert(
            draw(st.integers(0, len(args))), draw(st.sampled_from(["--help", "--nope", "x"]))
        )
    return args


@settings(FUZZ, max_examples=300)
@given(data=st.data())
def test_cli_arguments(work: Path, cli_files: list[str], data: st.DataObject) -> None:
    """Random argv from every command's real arguments and options, random values: exit
    0, 1 (a problem ``validate`` found) or 2, never a traceback, in bounded time."""
    name = data.draw(st.sampled_from(sorted(main.commands)))
    argv = _cli_argv(name, main.commands[name], cli_files, data.draw)

    def stop(*_: object) -> None:
        raise _TooSlow(f"navalwar {' '.join(a[:40] for a in argv)} ran over {CLI_SECONDS} s")

    runner = CliRunner()
    served = contextlib.ExitStack()
    if name == "serve":  # its arguments are checked and the app made, but nothing listens
        served.enter_context(mock.patch("uvicorn.run", lambda app, **kw: None))
    before = signal.signal(signal.SIGALRM, stop)
    signal.setitimer(signal.ITIMER_REAL, CLI_SECONDS)
    try:
        with served, tempfile.TemporaryDirectory(dir=work) as cwd, contextlib.chdir(cwd):
            result = runner.invoke(main, argv, input="")
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, before)
    shown = f"navalwar {argv!r}"[:600]
    assert result.exception is None or isinstance(result.exception, SystemExit), (
        f"{shown}: {type(result.exception).__name__}: {result.exception}"[:1500]
    )
    assert result.exit_code in (0, 1, 2), shown
    assert "Traceback" not in result.output + result.stderr, shown
