"""The command line and the files a user gives it (issue 15): ``validate`` for every
game (item 2), ``--option`` numbers too long for int() (item 3), ``--data`` that holds
no data file (item 5), and saves replayed with the override directories given (item 1)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from navalwar.cli import main
from navalwar.datapack import bundled_data_dir
from navalwar.engine import Match
from navalwar.errors import DataError

TE_PACK = bundled_data_dir() / "tokyo_express"
GW_PACK = bundled_data_dir() / "gwas_1904"


def cli(*args: str) -> Result:
    return CliRunner().invoke(main, list(args))


def error_lines(result: Result) -> list[str]:
    """The user-mistake contract: exit 2, every line ``navalwar: error: ...``, no traceback."""
    assert result.exit_code == 2, result.output
    assert result.exception is None or isinstance(result.exception, SystemExit)
    assert "Traceback" not in result.output + result.stderr
    lines = result.stderr.strip().splitlines()
    assert lines and all(line.startswith("navalwar: error: ") for line in lines), lines
    return lines


# -- item 2: validate ---------------------------------------------------------------------------
@pytest.mark.parametrize("name", ["scenarios/amur.toml", "ships.csv", "overlays/chemulpo.toml"])
def test_validate_a_gwas_file(tmp_path: Path, name: str) -> None:
    """Issue 15 item 2: ``validate FILE --game gwas_1904`` raised ModuleNotFoundError."""
    path = tmp_path / name
    path.parent.mkdir(parents=True, exist_ok=True)
    shutil.copy(GW_PACK / name, path)
    result = cli("validate", str(path), "--game", "gwas_1904")
    assert result.exit_code == 0, result.output + result.stderr
    assert result.output.strip() == f"{path}: OK"


def test_validate_a_bad_gwas_ship_file_names_it(tmp_path: Path) -> None:
    text = (GW_PACK / "ships.csv").read_text(encoding="utf-8")
    (tmp_path / "ships.csv").write_text(text.replace(",B,", ",ZZ,", 1), encoding="utf-8")
    assert (tmp_path / "ships.csv").read_text(encoding="utf-8") != text
    lines = error_lines(cli("validate", str(tmp_path / "ships.csv"), "--game", "gwas_1904"))
    assert all(str(tmp_path / "ships.csv") in line for line in lines)


@pytest.mark.parametrize(
    ("game", "pack", "scenario"),
    [
        ("gwas_1904", GW_PACK, "amur.toml"),
        ("tokyo_express", TE_PACK, "basic.toml"),
    ],
)
@pytest.mark.parametrize("layout", ["flat", "under-game"])
def test_validate_a_data_directory_checks_its_scenarios(
    tmp_path: Path, game: str, pack: Path, scenario: str, layout: str
) -> None:
    """Issue 15 item 2: a data directory's ``scenarios/`` were not checked."""
    root = tmp_path / "pack"
    base = root if layout == "flat" else root / game
    (base / "scenarios").mkdir(parents=True)
    shutil.copy(pack / "ships.csv", base)
    shutil.copy(pack / "scenarios" / scenario, base / "scenarios")
    result = cli("validate", str(root), "--game", game)
    assert result.exit_code == 0, result.output + result.stderr
    text = (pack / "scenarios" / scenario).read_text(encoding="utf-8")
    (base / "scenarios" / "broken.toml").write_text(text.replace("[scenario]", "[scenari]"))
    lines = error_lines(cli("validate", str(root), "--game", game))
    assert any(str(base / "scenarios" / "broken.toml") in line for line in lines), lines


def test_validate_the_bundled_gwas_pack() -> None:
    result = cli("validate", str(GW_PACK), "--game", "gwas_1904")
    assert result.exit_code == 0, result.output + result.stderr


def test_validate_a_gwas_directory_checks_its_overlays(tmp_path: Path) -> None:
    (tmp_path / "overlays").mkdir()
    text = (GW_PACK / "overlays" / "chemulpo.toml").read_text(encoding="utf-8")
    (tmp_path / "overlays" / "chemulpo.toml").write_text(text + "\nunknown_key = 1\n")
    lines = error_lines(cli("validate", str(tmp_path), "--game", "gwas_1904"))
    assert any("chemulpo.toml" in line for line in lines), lines


@pytest.mark.parametrize("pack", [TE_PACK, GW_PACK], ids=["tokyo_express", "gwas_1904"])
def test_validate_works_out_the_game_of_a_scenario_file(pack: Path, tmp_path: Path) -> None:
    """Issue 16 item 1: ``validate`` had ``--game tokyo_express`` as its default, so a
    GWaS scenario file was read as a Tokyo Express one."""
    scenario = sorted((pack / "scenarios").glob("*.toml"))[0]
    copy = tmp_path / scenario.name
    shutil.copy(scenario, copy)
    result = cli("validate", str(copy))
    assert result.exit_code == 0, result.output
    assert result.output.strip() == f"{copy}: OK"


def test_validate_asks_for_the_game_of_a_file_two_games_have(tmp_path: Path) -> None:
    shutil.copy(GW_PACK / "ships.csv", tmp_path / "ships.csv")
    (error,) = error_lines(cli("validate", str(tmp_path / "ships.csv")))
    assert (
        "more than one game: coral_sea, gwas_1904, tokyo_express; name its game with --game"
        in error
    )
    assert cli("validate", str(tmp_path / "ships.csv"), "--game", "gwas_1904").exit_code == 0


def test_validate_a_directory_with_nothing_to_check(tmp_path: Path) -> None:
    (error,) = error_lines(cli("validate", str(tmp_path)))
    assert "no registered game; name its game with --game" in error


# -- item 3: numbers too long -------------------------------------------------------------------
@pytest.mark.parametrize("value", ["9" * 5000, "--5", "²"])
def test_an_option_value_int_cannot_read_is_an_error_line(value: str) -> None:
    """Issue 15 item 3: ``--option`` gave a raw ValueError for these."""
    (error,) = error_lines(cli("observe", "gwas_1904", "amur", "--option", f"impulses={value}"))
    assert "impulses" in error and len(error) < 300


# -- item 5: --data with no data file -----------------------------------------------------------
def test_data_pointing_at_a_directory_without_data_is_an_error(tmp_path: Path) -> None:
    """Issue 15 item 5."""
    (error,) = error_lines(cli("run", "tokyo_express", "basic", "--data", str(tmp_path)))
    assert "no tokyo_express data file in override data directory" in error
    assert "expected one of: " in error


# -- item 1: saves and --data -------------------------------------------------------------------
def test_replay_and_render_a_save_with_the_data_it_was_made_with(tmp_path: Path) -> None:
    pack = tmp_path / "pack"
    pack.mkdir()
    text = (TE_PACK / "movement_chart.toml").read_text(encoding="utf-8")
    (pack / "movement_chart.toml").write_text(text + "\n# an owner's copy\n", encoding="utf-8")
    save = tmp_path / "game.json"
    args = ("run", "tokyo_express", "basic", "--seed", "3", "--quiet", "--save", str(save))
    result = cli(*args, "--data", str(pack))
    assert result.exit_code == 0, result.output + result.stderr
    (error,) = error_lines(cli("replay", str(save)))
    assert "movement_chart.toml" in error and "--data" in error
    result = cli("replay", str(save), "--data", str(pack))
    assert result.exit_code == 0 and "Replay verified" in result.output, result.output
    out = tmp_path / "map.svg"
    result = cli("render", str(save), "--data", str(pack), "--turn", "2", "-o", str(out))
    assert result.exit_code == 0 and "<svg" in out.read_text(encoding="utf-8"), (
        result.output + result.stderr
    )


def test_play_continues_a_save_with_the_data_it_was_made_with(tmp_path: Path) -> None:
    """Issue 15: ``play SAVE.json --data DIR`` was refused; it loads the save with DIR."""
    pack = tmp_path / "pack"
    pack.mkdir()
    text = (TE_PACK / "movement_chart.toml").read_text(encoding="utf-8")
    (pack / "movement_chart.toml").write_text(text + "\n# an owner's copy\n", encoding="utf-8")
    save = tmp_path / "game.json"
    match = Match.start("tokyo_express", "basic", seed=3, data=[pack], use_env=False)
    match.apply(match.decision.choices[0])  # type: ignore[union-attr, index]
    match.save(save)
    (error,) = error_lines(cli("play", str(save)))
    assert "movement_chart.toml" in error and "--data" in error
    result = CliRunner().invoke(main, ["play", str(save), "--data", str(pack)], "auto\n")
    assert result.exit_code == 0, result.output + result.stderr
    assert "Continuing a saved game after" in result.output and "Result" in result.output


@pytest.mark.parametrize(
    "argv",
    [
        ["observe", "tokyo_express", "basic", "--data", "\x00"],
        ["ships", "gwas_1904", "--data", "d\x00"],
        ["validate", "\x00"],
        ["replay", "x\x00.json"],
        ["render", "\x00"],
        ["play", "\x00"],
        ["run", "tokyo_express", "a\x00.toml"],
        ["run", "tokyo_express", "basic", "--save", "\x00"],
        ["simulate", "tokyo_express", "basic", "--out", "\x00"],
    ],
)
def test_a_file_name_with_a_nul_character_is_refused_cleanly(argv: list[str]) -> None:
    """No file can have such a name: a clear error, exit 2 (the OS's calls raise a raw
    ValueError, found by the CLI fuzzer)."""
    result = CliRunner().invoke(main, argv)
    assert result.exit_code == 2, result.output
    assert not isinstance(result.exception, ValueError)
    assert "NUL" in result.output or "navalwar: error:" in result.output


def test_saving_to_a_name_with_a_nul_character_is_a_data_error() -> None:
    match = Match.start("tokyo_express", "basic", seed=1)
    with pytest.raises(DataError, match="NUL character"):
        match.save("game\x00.json")
