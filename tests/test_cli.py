"""The ``navalwar`` command line: what a user types, what they see, and the exit status.

Commands run in-process through click's CliRunner; one test runs the installed
console script in a real subprocess.
"""

from __future__ import annotations

import csv
import io
import json
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from navalwar.cli import main
from navalwar.datapack import bundled_data_dir
from navalwar.registry import games

PACK = bundled_data_dir() / "tokyo_express"
BASIC = PACK / "scenarios" / "basic.toml"


def cli(*args: str) -> Result:
    return CliRunner().invoke(main, list(args))


def one_error_line(result: Result) -> str:
    """The user-mistake contract: exit 2, one line on stderr, no traceback."""
    assert result.exit_code == 2, result.output
    assert result.exception is None or isinstance(result.exception, SystemExit)
    assert "Traceback" not in result.output + result.stderr
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, lines
    return lines[0]


@pytest.fixture(scope="module")
def saved(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("cli") / "battle.json"
    result = cli("run", "tokyo_express", "basic", "--seed", "7", "--save", str(path))
    assert result.exit_code == 0, result.output
    return path


# -- listing and showing ------------------------------------------------------------------------
def test_games() -> None:
    result = cli("games")
    assert result.exit_code == 0, result.output
    lines = {line.split()[0]: line for line in result.output.splitlines()}
    # every registered game, in order: the bundled two and any installed (the example)
    assert list(lines) == games()
    assert {"gwas_1904", "tokyo_express"} <= set(lines)
    assert "sides: US, Japan" in lines["tokyo_express"]
    assert "sides: Japan, Russia" in lines["gwas_1904"]


def test_scenarios() -> None:
    result = cli("scenarios", "tokyo_express")
    assert result.exit_code == 0, result.output
    assert result.output.split() == ["basic", "Basic", "Scenario"]


def test_show() -> None:
    result = cli("show", "tokyo_express", "basic")
    assert result.exit_code == 0, result.output
    assert result.output.startswith("Basic Scenario (TE 3.9)")
    assert "Length: 5 Game Turns" in result.output
    assert "Admiral Callaghan on a CA in hex 2109" in result.output
    assert "US Substantial Victory: +11 or more" in result.output


# -- running, saving, replaying -------------------------------------------------------------------
def test_schema_lists_the_names_and_prints_one() -> None:
    """`navalwar schema` lists the protocol's schemas; `navalwar schema NAME` prints one,
    a draft 2020-12 schema a real observation fits; an unknown name is one error line."""
    import jsonschema

    from navalwar import protocol
    from navalwar.engine import Match

    result = cli("schema")
    assert result.exit_code == 0, result.output
    assert result.output.split() == protocol.schema_names()
    assert {"observation:tokyo_express", "decision", "ws_update"} <= set(result.output.split())
    result = cli("schema", "observation:tokyo_express")
    assert result.exit_code == 0, result.output
    printed = json.loads(result.output)
    assert printed == protocol.schema("observation:tokyo_express")
    seen = Match.start("tokyo_express", "basic", seed=7, use_env=False).observe("US")
    jsonschema.Draft202012Validator(printed).validate(seen)
    assert not jsonschema.Draft202012Validator(printed).is_valid({**seen, "secret": 1})
    line = one_error_line(cli("schema", "observation:tokyo_expres"))
    assert "unknown schema" in line and "did you mean 'observation:tokyo_express'" in line


def test_run_prints_a_report_ending_with_the_result() -> None:
    result = cli("run", "tokyo_express", "basic", "--seed", "7")
    assert result.exit_code == 0, result.output
    lines = result.output.strip().splitlines()
    assert len(lines) > 20
    assert lines[-1].startswith("Result: US ")
    assert lines[-1].endswith("Victory") or lines[-1].endswith("Draw")
    again = cli("run", "tokyo_express", "basic", "--seed", "7")
    assert again.output == result.output
    other = cli("run", "tokyo_express", "basic", "--seed", "8")
    assert other.output != result.output


def test_run_quiet_with_agents_and_options() -> None:
    result = cli(
        "run",
        "tokyo_express",
        "basic",
        "--seed",
        "3",
        "--quiet",
        "--agent",
        "US=random",
        "--option",
        "stern_rule=any",
        "--option",
        "jp_60_roll_without_move=false",
    )
    assert result.exit_code == 0, result.output
    (line,) = result.output.strip().splitlines()
    assert line.startswith("US ") and " VP, Japanese " in line


def test_run_save_then_replay(saved: Path) -> None:
    doc = json.loads(saved.read_text(encoding="utf-8"))
    assert doc["format"] == "navalwar-save"
    assert doc["seed"] == 7
    assert doc["actions"]
    result = cli("replay", str(saved))
    assert result.exit_code == 0, result.output
    lines = result.output.strip().splitlines()
    assert lines[-1] == f"Replay verified: {doc['events']} events identical."
    assert any(line.startswith("Result: ") for line in lines)


# -- validate ------------------------------------------------------------------------------------
def test_validate_a_good_scenario() -> None:
    result = cli("validate", str(BASIC))
    assert result.exit_code == 0, result.output
    assert result.output.strip() == f"{BASIC}: OK"


def test_validate_a_bad_scenario_names_the_field(tmp_path: Path) -> None:
    bad = tmp_path / "bad.toml"
    bad.write_text(
        BASIC.read_text(encoding="utf-8").replace('hex = "2009"', 'hex = "9999"', 1),
        encoding="utf-8",
    )
    result = cli("validate", str(bad))
    assert result.exit_code == 2
    assert "forces.US[0].hex" in result.stderr
    assert result.stderr.startswith(f"navalwar: error: {bad}: forces.US[0].hex")
    assert str(bad) in result.stderr
    assert "Traceback" not in result.output + result.stderr


def test_validate_a_save(saved: Path) -> None:
    result = cli("validate", str(saved))
    assert result.exit_code == 0, result.output
    assert result.output.strip() == f"{saved}: OK"


def test_validate_a_tampered_save(saved: Path, tmp_path: Path) -> None:
    doc = json.loads(saved.read_text(encoding="utf-8"))
    doc["digest"] = "0" * 64
    bad = tmp_path / "tampered.json"
    bad.write_text(json.dumps(doc), encoding="utf-8")
    result = cli("validate", str(bad))
    assert result.exit_code == 2
    assert "different event log" in result.stderr


def test_validate_a_data_directory(tmp_path: Path) -> None:
    shutil.copy(PACK / "torpedo_table.toml", tmp_path)
    result = cli("validate", str(tmp_path))
    assert result.exit_code == 0, result.output
    doc = (PACK / "torpedo_table.toml").read_text(encoding="utf-8")
    (tmp_path / "torpedo_table.toml").write_text(
        doc.replace('"6" = [1, 1, 2, 3, 4,', '"6" = [1, 1, 2, 3, 5,'), encoding="utf-8"
    )
    assert tomllib.loads((tmp_path / "torpedo_table.toml").read_text())["rows"]["6"][4] == 5
    result = cli("validate", str(tmp_path))
    assert result.exit_code == 2
    assert "torpedo_table/japan/12-15/6" in result.stderr


@pytest.mark.parametrize("game", ["tokyo_express", "gwas_1904"])
def test_validate_lists_every_bad_row_of_a_ship_file(game: str, tmp_path: Path) -> None:
    text = (bundled_data_dir() / game / "ships.csv").read_text(encoding="utf-8")
    rows = list(csv.DictReader(io.StringIO(text)))
    for k in (0, 2):  # two rows (lines 2 and 4) with a ship type no rule knows
        rows[k]["type"] = "ZZ"
    with (tmp_path / "ships.csv").open("w", encoding="utf-8", newline="") as f:
        writer = csv.DictWriter(f, fieldnames=list(rows[0]))
        writer.writeheader()
        writer.writerows(rows)
    result = cli("validate", "--game", game, str(tmp_path))
    assert result.exit_code == 2
    assert "line 2 (" in result.stderr and "line 4 (" in result.stderr, result.stderr
    assert result.stderr.count("type must be one of") == 2


def test_validate_a_missing_file(tmp_path: Path) -> None:
    result = cli("validate", str(tmp_path / "nothing.toml"))
    assert result.exit_code == 2
    assert "no such file" in result.stderr


# -- user mistakes ---------------------------------------------------------------------------------
@pytest.mark.parametrize(
    "args",
    [
        ("run", "tokyo_expres", "basic"),
        ("scenarios", "tokyo_expres"),
        ("show", "tokyo_expres", "basic"),
    ],
)
def test_unknown_game(args: tuple[str, ...]) -> None:
    line = one_error_line(cli(*args))
    assert "unknown game 'tokyo_expres'" in line
    assert "did you mean 'tokyo_express'" in line


def test_unknown_scenario() -> None:
    line = one_error_line(cli("run", "tokyo_express", "basik"))
    assert "did you mean 'basic'" in line


@pytest.mark.parametrize(
    ("option", "expected"),
    [
        ("stern_rule=most", "takes one of 'all', 'any', not 'most'"),
        ("nosuch=1", "unknown option of tokyo_express 'nosuch'"),
        ("stern_rule", "must look like NAME=VALUE"),
        ("jp_60_roll_without_move=7", "takes true or false"),
    ],
)
def test_bad_option(option: str, expected: str) -> None:
    assert expected in one_error_line(cli("run", "tokyo_express", "basic", "--option", option))


@pytest.mark.parametrize(
    ("agent", "expected"),
    [
        ("US=genius", "unknown agent for tokyo_express 'genius'"),
        ("Mars=random", "unknown side of tokyo_express 'Mars'"),
        ("random", "--agent must look like NAME=VALUE"),
    ],
)
def test_bad_agent(agent: str, expected: str) -> None:
    assert expected in one_error_line(cli("run", "tokyo_express", "basic", "--agent", agent))


def test_bad_seed() -> None:
    assert "non-negative" in one_error_line(cli("run", "tokyo_express", "basic", "--seed", "-3"))


def test_missing_save_file(tmp_path: Path) -> None:
    line = one_error_line(cli("replay", str(tmp_path / "nothing.json")))
    assert "nothing.json" in line
    assert "No such file" in line


@pytest.mark.parametrize(
    "content",
    [
        '{"format": "navalwar-save", "vers',
        "not json at all",
        '{"format": "something-else"}',
        "[1, 2, 3]",
    ],
)
def test_corrupt_save_file(tmp_path: Path, content: str) -> None:
    path = tmp_path / "corrupt.json"
    path.write_text(content, encoding="utf-8")
    line = one_error_line(cli("replay", str(path)))
    assert str(path) in line
    assert "not a navalwar save" in line


def test_missing_data_directory(tmp_path: Path) -> None:
    line = one_error_line(cli("run", "tokyo_express", "basic", "--data", str(tmp_path / "none")))
    assert "does not exist" in line


# -- the installed console script ----------------------------------------------------------------
def _script() -> str:
    found = Path(sys.executable).with_name("navalwar")
    return str(found) if found.is_file() else (shutil.which("navalwar") or "navalwar")


def test_console_script_in_a_subprocess() -> None:
    done = subprocess.run(
        [_script(), "run", "tokyo_express", "basic", "--seed", "7"],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip().splitlines()[-1].startswith("Result: ")
    assert done.stdout == cli("run", "tokyo_express", "basic", "--seed", "7").output
    bad = subprocess.run(
        [_script(), "run", "tokyo_expres", "basic"],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert bad.returncode == 2
    assert bad.stdout == ""
    assert bad.stderr.strip().splitlines() == [
        "navalwar: error: unknown game 'tokyo_expres'; did you mean 'tokyo_express'? "
        f"(known: {', '.join(games())})"
    ]


def test_run_with_a_contradicting_data_pack(tmp_path: Path) -> None:
    doc = (PACK / "torpedo_table.toml").read_text(encoding="utf-8")
    (tmp_path / "torpedo_table.toml").write_text(
        doc.replace('"6" = [1, 1, 2, 3, 4,', '"6" = [1, 1, 2, 3, 5,'), encoding="utf-8"
    )
    result = cli("run", "tokyo_express", "basic", "--data", str(tmp_path))
    assert result.exit_code == 2
    assert "Traceback" not in result.output + result.stderr
    assert "contradicts a cell the rulebook reveals" in result.stderr
    assert "cell torpedo_table/japan/12-15/6 is '5'" in result.stderr


def test_run_strict_with_the_reconstructed_pack() -> None:
    line = one_error_line(cli("run", "tokyo_express", "basic", "--strict"))
    assert "strict mode" in line
    assert "ships.csv (reconstructed)" in line
