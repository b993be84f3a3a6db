"""Every navalwar command on Sub Hunt, a game navalwar knows nothing of: it finds it
through its ``navalwar.games`` entry point. The commands run in this process (click's
runner)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner, Result
from navalwar_subhunt import GAME
from navalwar_subhunt.data_pack import data_dir

from navalwar import agents
from navalwar.cli import main
from navalwar.engine import Match


def cli(*args: str, input: str | None = None) -> Result:
    return CliRunner().invoke(main, list(args), input=input)


@pytest.fixture(scope="module")
def save(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("sub_hunt") / "game.json"
    done = cli(
        "run",
        "sub_hunt",
        "narrows",
        "--seed",
        "3",
        "--option",
        "sonar_range=3",
        "--save",
        str(path),
    )
    assert done.exit_code == 0, done.output
    assert "The game is over: " in done.output
    return path


def test_listing_commands() -> None:
    assert "sub_hunt" in cli("games").output
    listed = [line.split()[0] for line in cli("scenarios", "sub_hunt").output.splitlines()]
    assert listed == ["convoy-lane", "narrows"]
    assert "starts secretly in one of 0105, 0205, 0106" in cli("show", "sub_hunt", "narrows").output
    assert "sonar_range" in cli("options", "sub_hunt").output
    assert "Submarine" in cli("ships", "sub_hunt").output


def test_run_and_replay(save: Path) -> None:
    doc = json.loads(save.read_text())
    assert (doc["game"], doc["options"]) == ("sub_hunt", {"sonar_range": 3})
    done = cli("replay", str(save))
    assert done.exit_code == 0 and "Replay verified" in done.output


def test_validate_a_save_and_a_scenario(save: Path, tmp_path: Path) -> None:
    assert cli("validate", str(save)).exit_code == 0
    scenario = data_dir() / "scenarios" / "narrows.toml"
    assert cli("validate", str(scenario), "--game", "sub_hunt").exit_code == 0
    bad = tmp_path / "bad.toml"
    bad.write_text(scenario.read_text().replace('destroyer = "0404"', 'destroyer = "0101"'))
    done = cli("validate", str(bad), "--game", "sub_hunt")
    assert done.exit_code == 2 and "the destroyer starts on land" in done.output


def test_validate_a_data_file(tmp_path: Path) -> None:
    copy = tmp_path / "tables.toml"
    copy.write_text((data_dir() / "tables.toml").read_text().replace("speed = 2", "speed = 9"))
    done = cli("validate", str(copy), "--game", "sub_hunt")
    assert done.exit_code == 2 and "destroyer.speed: must be from 0 to 6, not 9" in done.output


def test_simulate(tmp_path: Path) -> None:
    out = tmp_path / "records.jsonl"
    done = cli(
        "simulate", "sub_hunt", "convoy-lane", "-n", "6", "--workers", "1", "--out", str(out)
    )
    assert done.exit_code == 0, done.output
    records = [json.loads(line) for line in out.read_text().splitlines()]
    assert len(records) == 6
    assert all("patterns_dropped" in json.dumps(r) for r in records)  # record_extras


def test_play_in_the_terminal() -> None:
    done = cli(
        "play", "sub_hunt", "convoy-lane", "--side", "Hunter", "--seed", "2", input="1\n" * 40
    )
    assert done.exit_code == 0, done.output
    assert "Hunter to decide" in done.output
    # the Submarine's secret events (SH 3.1, 5.1) are not shown while the game is played
    # (the report printed at the end is the umpire's: every event)
    assert "Sonar: no contact.  (SH 8.2)" in done.output
    assert "(SH 3.1)" not in done.output and "(SH 5.1)" not in done.output


def test_the_terminal_map_shows_the_heading_and_the_contact() -> None:
    done = cli("play", "sub_hunt", "narrows", "--side", "Hunter", "--seed", "3", input="3\n" * 60)
    assert done.exit_code == 0, done.output
    before, after = done.output.split("moves: Destroyer → 0305", 1)
    assert "D↑" in before and "D↙" in after  # 0404 -> 0305 is south-west
    # the torpedo track of turn 1 (SH 6.2), in the board's heading
    assert "Hunter: turn 1 of 10, contact 0204 (turn 1)" in before


def test_the_terminal_marks_the_contact_draws_the_land_and_the_games_table() -> None:
    """Sub Hunt's TerminalView: the contact (SH 8.2) is a ``?`` marker on the map, the
    land (SH 1.2) is drawn, and the table has hull boxes and weapons, not GWaS's parts."""
    done = cli("play", "sub_hunt", "narrows", "--side", "Hunter", "--seed", "3", input="3\n" * 60)
    assert done.exit_code == 0, done.output
    before = done.output.split("moves: Destroyer → 0305", 1)[0]
    board = before[before.index("contact 0204 (turn 1)") :]
    drawn = board.splitlines()[1:12]
    assert any("?" in line and "contact" not in line for line in drawn)  # the marked hex
    assert "? last contact" in board and "▒ land" in board and board.count("▒") > 2
    assert "Hull" in done.output and "2/3 ■■□" in done.output and "6 depth charges" in done.output
    assert "Lost P/S/T/H" not in done.output and "Counter" not in done.output


def test_the_games_own_agent_is_the_default() -> None:
    assert agents.default_agent("sub_hunt") == "heuristic"
    assert set(GAME.agents()) <= set(agents.agent_names("sub_hunt"))


def test_the_core_agents_and_the_search_on_the_games_estimate() -> None:
    done = cli(
        "run", "sub_hunt", "convoy-lane", "--seed", "1",
        "--agent", "Hunter=search", "--agent", "Submarine=random",
    )  # fmt: skip
    assert done.exit_code == 0, done.output
    assert "The game is over: " in done.output


def test_observe() -> None:
    done = cli("observe", "sub_hunt", "narrows")
    assert done.exit_code == 0, done.output
    obs = json.loads(done.output)
    assert (obs["side"], obs["submarine"]["hex"]) == ("Hunter", None)
    assert obs["ships"] == [
        {
            "name": "Destroyer",
            "side": "Hunter",
            "type": "DD",
            "hex": "0404",
            "heading": "N",
            "speed": 2,
            "lost": {"hull": 0},
            "sunk": False,
        }
    ]


def test_render(save: Path, tmp_path: Path) -> None:
    out = tmp_path / "map.svg"
    done = cli("render", str(save), "--turn", "2", "--side", "Hunter", "-o", str(out))
    assert done.exit_code == 0, done.output
    picture = out.read_text()
    assert "Start of turn 2" in picture and "Hunter's view" in picture
    assert ">SS<" not in picture  # the Hunter's map never shows the submarine (SH 1.3)


def test_an_override_data_directory(tmp_path: Path) -> None:
    (tmp_path / "sub_hunt").mkdir()
    tables = (data_dir() / "tables.toml").read_text().replace("base = 3 ", "base = 4 ")
    (tmp_path / "sub_hunt" / "tables.toml").write_text(tables)
    match = Match.start("sub_hunt", "narrows", data=[tmp_path], use_env=False)
    assert match.data.sonar_base == 4  # SH 8.1, as the owner's transcription has it
    path = tmp_path / "game.json"
    match.save(path)
    assert Match.load(path, [tmp_path]).data.sonar_base == 4
