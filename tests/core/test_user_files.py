"""Files a user hands us (issue 15): saves open no file they name (item 1), huge
integers are typed errors (item 3), sizes are bounded and errors quote excerpts
(item 4), and an override directory must hold a data file (item 5)."""

from __future__ import annotations

import json
import os
import shutil
import tomllib
from pathlib import Path
from typing import Any

import pytest

from navalwar.datapack import (
    MAX_FILE_BYTES,
    MAX_TEXT_CHARS,
    bundled_data_dir,
    override_dirs,
    parse_csv,
    parse_toml,
)
from navalwar.engine import Match
from navalwar.errors import (
    DataError,
    IllegalActionError,
    InvalidActionError,
    NavalwarError,
    UnknownNameError,
)
from navalwar.games.tokyo_express import GAME as TE
from navalwar.serialization import MAX_SAVE_BYTES, VERSION
from navalwar.testing import random_agents, random_match

PACK = bundled_data_dir() / "tokyo_express"
BASIC = PACK / "scenarios" / "basic.toml"
HUGE = "9" * 5000  # more digits than Python's int() reads (4,300)


def _save(match: Match, path: Path) -> dict[str, Any]:
    match.save(path)
    doc: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return doc


def _write(path: Path, doc: dict[str, Any]) -> Path:
    path.write_text(json.dumps(doc), encoding="utf-8")
    return path


def _played(match: Match, decisions: int = 6) -> Match:
    agents = random_agents(match, 3)
    for _ in range(decisions):
        if match.decision is None:
            break
        match.apply(agents[match.decision.side].choose(match, match.decision))
    return match


def _events(match: Match) -> list[dict[str, Any]]:
    return [e.to_json() for e in match.events]


# -- item 1: a save names no file that is opened ---------------------------------------------------
def test_a_save_of_a_scenario_file_holds_it_and_replays_without_it(tmp_path: Path) -> None:
    """Issue 15 item 1: a save carries a custom scenario's content, so it replays anywhere."""
    mine = tmp_path / "mine.toml"
    shutil.copy(BASIC, mine)
    match = _played(Match.start("tokyo_express", str(mine), seed=4))
    doc = _save(match, tmp_path / "save.json")
    assert doc["version"] == VERSION == 2
    assert doc["scenario_text"] == BASIC.read_text(encoding="utf-8")
    mine.unlink()
    loaded = Match.load(tmp_path / "save.json")
    assert _events(loaded) == _events(match) and loaded.actions == match.actions
    assert loaded.scenario_text == doc["scenario_text"]
    assert _events(loaded.replay()) == _events(match)
    loaded.save(tmp_path / "again.json")  # saved again, it still holds the scenario
    assert (
        json.loads((tmp_path / "again.json").read_text())["scenario_text"] == doc["scenario_text"]
    )


def test_a_past_turn_of_a_loaded_scenario_file_match_is_drawn_without_the_file(
    tmp_path: Path,
) -> None:
    """Drawing a past Game Turn starts the match again: from the save's copy of the file."""
    from navalwar.render.svg import render_match

    mine = tmp_path / "mine.toml"
    shutil.copy(BASIC, mine)
    match = random_match("tokyo_express", "basic", 3, decisions=40)
    scen = Match.start("tokyo_express", str(mine), seed=3)
    for action in match.actions:
        scen.apply(action)
    scen.save(tmp_path / "save.json")
    mine.unlink()
    loaded = Match.load(tmp_path / "save.json")
    assert "<svg" in render_match(loaded, 2)


def test_a_save_builds_its_scenario_from_its_copy_not_the_file_it_names(tmp_path: Path) -> None:
    mine = tmp_path / "mine.toml"
    shutil.copy(BASIC, mine)
    match = _played(Match.start("tokyo_express", str(mine), seed=4))
    _save(match, tmp_path / "save.json")
    mine.write_text("this is not TOML", encoding="utf-8")  # the named file now differs
    assert Match.load(tmp_path / "save.json").actions == match.actions


@pytest.mark.parametrize("version", [1, 2])
def test_a_save_naming_a_scenario_file_opens_nothing(tmp_path: Path, version: int) -> None:
    """Issue 15 item 1: ``"scenario": "/etc/shadow"`` was opened (a file-existence oracle);
    a scenario neither bundled nor held by the save is a DataError naming the field."""
    shutil.copy(BASIC, tmp_path / "real.toml")  # a good scenario file: the old loader read it
    doc = _save(random_match("tokyo_express", "basic", 2, decisions=3), tmp_path / "s.json")
    doc.update(version=version, scenario=str(tmp_path / "real.toml"), actions=[])
    doc.pop("scenario_text") if version == 1 else doc.update(scenario_text=None)
    with pytest.raises(DataError) as info:
        Match.load(_write(tmp_path / "bad.json", doc))
    assert info.value.path == "scenario" and info.value.file == str(tmp_path / "bad.json")
    assert "version 1" in str(info.value) if version == 1 else "no scenario_text" in str(info.value)


def test_a_version_1_save_of_a_bundled_scenario_still_loads(tmp_path: Path) -> None:
    match = random_match("tokyo_express", "basic", 2, decisions=8)
    doc = _save(match, tmp_path / "s.json")
    del doc["scenario_text"]
    doc["version"] = 1
    assert _events(Match.load(_write(tmp_path / "v1.json", doc))) == _events(match)


def test_a_save_never_opens_the_data_directories_it_names(tmp_path: Path) -> None:
    """Issue 15 item 1: the loader opens no directory a save names; the caller passes them."""
    broken = tmp_path / "broken"
    broken.mkdir()
    (broken / "ships.csv").write_text("not,a\nship,file\n", encoding="utf-8")
    match = random_match("tokyo_express", "basic", 2, decisions=8)
    doc = _save(match, tmp_path / "s.json")
    doc["data"] = [str(broken)]  # as if made with it: the old loader read its ships.csv
    assert _events(Match.load(_write(tmp_path / "named.json", doc))) == _events(match)


@pytest.fixture
def override(tmp_path: Path) -> Path:
    """An override directory with a valid torpedo table of its own (one cell changed)."""
    d = tmp_path / "pack"
    d.mkdir()
    text = (PACK / "torpedo_table.toml").read_text(encoding="utf-8")
    doc = tomllib.loads(text)
    last = len(doc["columns"]) - 1
    old = doc["rows"]["13+"][last]
    row = text.index('"13+" = [')
    line_end = text.index("]", row)
    line = text[row:line_end]
    cells = line.split(", ")
    assert cells[last].strip().endswith(str(old))
    cells[last] = cells[last].replace(str(old), str(old + 1))
    (d / "torpedo_table.toml").write_text(
        text[:row] + ", ".join(cells) + text[line_end:], encoding="utf-8"
    )
    assert TE.load_data([d]).torpedo.result("Japan", 30, 13) == old + 1
    return d


def test_a_save_made_with_override_data_needs_them_given(tmp_path: Path, override: Path) -> None:
    """Issue 15 item 1: override directories are passed by the caller; without them, or
    with other files, the error names what the save was made with."""
    match = _played(Match.start("tokyo_express", "basic", seed=4, data=[override], use_env=False))
    path = tmp_path / "save.json"
    match.save(path)
    assert _events(Match.load(path, data=[override])) == _events(match)
    moved = tmp_path / "moved"
    shutil.copytree(override, moved)  # the same files under another folder name
    assert _events(Match.load(path, data=[moved])) == _events(match)
    with pytest.raises(DataError) as info:
        Match.load(path)
    message = str(info.value)
    assert info.value.path == "data" and "torpedo_table.toml" in message
    assert str(override.resolve()) in message and "--data" in message
    (moved / "torpedo_table.toml").write_text(
        (PACK / "torpedo_table.toml").read_text(encoding="utf-8"), encoding="utf-8"
    )
    with pytest.raises(DataError, match=r"torpedo_table\.toml"):
        Match.load(path, data=[moved])  # other content than the save's


def test_a_save_made_without_overrides_refuses_other_data(tmp_path: Path, override: Path) -> None:
    path = tmp_path / "save.json"
    _played(Match.start("tokyo_express", "basic", seed=4, use_env=False)).save(path)
    with pytest.raises(DataError, match=r"torpedo_table.toml \(the save's: bundled/"):
        Match.load(path, data=[override])


def test_an_old_save_without_digests_names_its_directories(tmp_path: Path, override: Path) -> None:
    match = _played(Match.start("tokyo_express", "basic", seed=4, data=[override], use_env=False))
    doc = _save(match, tmp_path / "save.json")
    del doc["data_files"]
    path = _write(tmp_path / "old.json", doc)
    with pytest.raises(DataError, match="made with override data directories") as info:
        Match.load(path)
    assert info.value.path == "data"
    assert _events(Match.load(path, data=[override])) == _events(match)


# -- item 3: integers too long for int() --------------------------------------------------------
def test_a_save_with_a_huge_integer_is_a_data_error(tmp_path: Path) -> None:
    """Issue 15 item 3: json.loads raises ValueError for over 4,300 digits."""
    path = tmp_path / "huge.json"
    path.write_text('{"format": "navalwar-save", "version": 2, "seed": ' + HUGE + "}")
    with pytest.raises(DataError, match="integer too long"):
        Match.load(path)


@pytest.mark.parametrize("value", [HUGE, "0x" + "f" * 5000, "-" + HUGE])
def test_a_toml_file_with_a_huge_integer_is_a_data_error(tmp_path: Path, value: str) -> None:
    """Issue 15 item 3: tomllib raises ValueError for a decimal of over 4,300 digits;
    TOML integers are 64-bit, so a longer hexadecimal one is refused as well."""
    path = tmp_path / "huge.toml"
    path.write_text(
        BASIC.read_text(encoding="utf-8").replace("game_turns = 5", f"game_turns = {value}")
    )
    assert path.read_text() != BASIC.read_text()
    for load in (lambda: TE.load_scenario(str(path), TE.load_data()), lambda: parse_toml(path)):
        with pytest.raises(DataError) as info:
            load()
        assert info.value.file == str(path) and len(str(info.value)) < 300


def test_a_csv_cell_too_long_is_a_data_error(tmp_path: Path) -> None:
    text = (PACK / "ships.csv").read_text(encoding="utf-8")
    header, first, rest = text.split("\n", 2)
    cells = first.split(",")
    cells[header.split(",").index("max_speed")] = HUGE
    (tmp_path / "ships.csv").write_text("\n".join([header, ",".join(cells), rest]))
    with pytest.raises(DataError) as info:
        parse_csv(tmp_path / "ships.csv")
    assert info.value.path == "line 2" and str(MAX_TEXT_CHARS) in str(info.value)
    with pytest.raises(DataError):
        TE.load_data([tmp_path])


@pytest.mark.parametrize(
    ("action", "error"),
    [
        ({"tag": "set_speed", "formation": 10**5000, "speed": 5}, InvalidActionError),
        ({"tag": "set_speed", "formation": 1, "speed": -(2**63) - 1}, InvalidActionError),
        ({"tag": "choose_flagship", "ship": "x" * 100_000}, IllegalActionError),
        ({"tag": "x" * 100_000}, InvalidActionError),
        (10**5000, InvalidActionError),  # found by the action-dict fuzzer: printed with !r
    ],
    ids=["huge-int", "over-64-bits", "huge-string", "huge-tag", "a-huge-int-as-action"],
)
def test_an_action_dict_with_a_huge_value_is_refused_in_short(
    action: Any, error: type[NavalwarError]
) -> None:
    """Issue 15 item 3: a huge integer in an action dict (ActionCodec.from_json) is an
    InvalidActionError (it was a ValueError from printing it); a huge string is quoted
    by an excerpt; the match is unchanged."""
    match = Match.start("tokyo_express", "basic", seed=1)
    before = _events(match)
    with pytest.raises(error) as info:
        match.apply(action)
    assert len(str(info.value)) < 500 and _events(match) == before


# -- item 4: sizes ------------------------------------------------------------------------------
def _sparse(path: Path, size: int) -> Path:
    with path.open("wb") as fh:
        fh.truncate(size)  # no disk used: the loader must refuse it before reading
    return path


@pytest.mark.parametrize("kind", ["scenario", "data file", "save"])
def test_a_file_over_the_size_limit_is_refused_before_reading(tmp_path: Path, kind: str) -> None:
    """Issue 15 item 4: hundreds of MB are refused early, not parsed into gigabytes."""
    if kind == "scenario":
        path = _sparse(tmp_path / "big.toml", 300 * 2**20)
        load: Any = lambda: Match.start("tokyo_express", str(path))  # noqa: E731
    elif kind == "data file":
        path = _sparse(tmp_path / "movement_chart.toml", MAX_FILE_BYTES + 1)
        load = lambda: TE.load_data([tmp_path])  # noqa: E731
    else:
        path = _sparse(tmp_path / "big.json", MAX_SAVE_BYTES + 1)
        load = lambda: Match.load(path)  # noqa: E731
    with pytest.raises(DataError, match="too large") as info:
        load()
    assert info.value.file == str(path)


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="named pipes")
def test_a_named_pipe_or_device_is_refused_not_read(tmp_path: Path) -> None:
    """Reading a pipe would wait for a writer, a device such as /dev/zero for ever."""
    pipe = tmp_path / "pipe"
    os.mkfifo(pipe)
    for path in (pipe, Path("/dev/zero")):
        for load in (Match.load, parse_toml):
            with pytest.raises(DataError, match="not a regular file") as info:
                load(path)
            assert info.value.file == str(path)
    os.rename(pipe, tmp_path / "pipe.toml")
    with pytest.raises(DataError, match="no such scenario file"):
        Match.start("tokyo_express", str(tmp_path / "pipe.toml"))


def test_error_messages_quote_an_excerpt_of_the_input() -> None:
    """Issue 15 item 4: an error message quotes at most a short excerpt of the input."""
    long = "Z" * 1_000_000
    for fn in (
        lambda: Match.start("tokyo_express", long),
        lambda: Match.start("tokyo_express", "basic", options={"stern_rule": long}),
        lambda: Match.start("tokyo_express", "basic", options={long: 1}),
        lambda: Match.start(long, "basic"),
    ):
        with pytest.raises(NavalwarError) as info:
            fn()
        assert len(str(info.value)) < 400
    assert "..." in str(UnknownNameError("ship", long, ["Chicago"]))


# -- item 5: an override directory must hold a data file ---------------------------------------
def test_an_override_directory_without_a_data_file_is_an_error(tmp_path: Path) -> None:
    """Issue 15 item 5: ``--data`` pointing at a directory that holds no data file."""
    (tmp_path / "notes.txt").write_text("not data", encoding="utf-8")
    with pytest.raises(DataError, match="no tokyo_express data file in override data") as info:
        Match.start("tokyo_express", "basic", data=[tmp_path], use_env=False)
    assert "expected one of: " in str(info.value) and "ships.csv" in str(info.value)
    (tmp_path / "gwas_1904").mkdir()
    shutil.copy(bundled_data_dir() / "gwas_1904" / "ships.csv", tmp_path / "gwas_1904")
    with pytest.raises(DataError, match="no tokyo_express data file"):
        override_dirs([tmp_path], False, "tokyo_express")  # another game's only
    assert override_dirs([tmp_path], False, "gwas_1904") == (tmp_path,)
    shutil.copy(PACK / "ships.csv", tmp_path)
    assert Match.start("tokyo_express", "basic", data=[tmp_path], use_env=False).data_dirs


def test_an_environment_directory_may_hold_another_games_data(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "gwas_1904").mkdir()
    monkeypatch.setenv("NAVALWAR_DATA", str(tmp_path))
    assert Match.start("tokyo_express", "basic").data_dirs == (str(tmp_path.resolve()),)


# -- found by the fuzzers (issue 15 item 6) --------------------------------------------------------
@pytest.mark.parametrize("name", ["damage_tables.toml", "effectiveness.toml"])
def test_a_gwas_table_whose_meta_is_not_a_table_is_a_data_error(tmp_path: Path, name: str) -> None:
    """The data-file fuzzer: ``meta = "..."`` gave AttributeError ('str' has no 'get')."""
    from navalwar.games.gwas_1904 import GAME as GWAS

    doc = tomllib.loads((bundled_data_dir() / "gwas_1904" / name).read_text(encoding="utf-8"))
    text = (bundled_data_dir() / "gwas_1904" / name).read_text(encoding="utf-8")
    assert "[meta]" in text and isinstance(doc["meta"], dict)
    (tmp_path / name).write_text('meta = "reconstructed"\n' + text.replace("[meta]", "[old_meta]"))
    with pytest.raises(DataError) as info:
        GWAS.load_data([tmp_path])
    assert info.value.path == "meta" and info.value.file == str(tmp_path / name)
