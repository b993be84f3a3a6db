"""The command line with GWaS 1904: ``run`` with the heuristic agents, the battle report,
and terminal play against the heuristic or hot-seat."""

from __future__ import annotations

import io
import re
from pathlib import Path

import pytest
from click.testing import CliRunner, Result
from rich.console import Console

from navalwar.agents import make_agent, play_out
from navalwar.cli import main
from navalwar.engine import Match
from navalwar.games.gwas_1904.report import battle_report
from navalwar.terminal import _Keys, annotate, grid_map_view, play_terminal


def cli(*args: str, input: str | None = None) -> Result:
    return CliRunner().invoke(main, list(args), input=input)


# -- run ----------------------------------------------------------------------------------------


def test_run_tsushima_with_the_heuristic_for_both_sides() -> None:
    result = cli("run", "gwas_1904", "tsushima", "--seed", "3")
    assert result.exit_code == 0, result.output
    assert "VP" in result.output
    assert "Traceback" not in result.output


def test_run_quiet_with_agents_named_in_any_case() -> None:
    result = cli("run", "gwas_1904", "amur", "--seed", "1", "--agent", "russia=random", "--quiet")
    assert result.exit_code == 0, result.output
    assert re.fullmatch(  # the winner first (issue 15), then the VP
        r"(Japan victory|Russia victory|Draw): Japan [\d.]+ VP, Russia [\d.]+ VP.*\n",
        result.output,
    )


def test_run_refuses_an_unknown_agent() -> None:
    result = cli("run", "gwas_1904", "amur", "--agent", "Japan=genius")
    assert result.exit_code == 2
    assert "unknown agent for gwas_1904 'genius'" in result.output


# -- the report ---------------------------------------------------------------------------------


def test_report_of_a_finished_battle() -> None:
    match = Match.start("gwas_1904", "amur", seed=2)
    play_out(match, {s: make_agent("gwas_1904", "heuristic", 1) for s in ("Japan", "Russia")})
    text = battle_report(match)
    outcome = match.outcome
    assert outcome is not None
    assert text.startswith("Great War at Sea: 1904-1905 (battle scenarios): Battle Scenario 4")
    assert "impulse(s) fought of at most 4" in text
    assert "The course of the battle:" in text and "Impulse 1:" in text
    for side in ("Japan", "Russia"):
        assert re.search(rf"^{side} \(\d+ ships\): scored [\d.]+ VP$", text, re.M)
    assert "  Sunk: " in text and "  Damaged:" in text and "  Torpedoes used: " in text
    assert text.rstrip().endswith(f"Result: {outcome.level}. {outcome.summary}")
    assert re.search(r"(primary|secondary|tertiary|hull) \d+/\d+", text)


def test_report_of_a_running_battle_and_of_basic_combat() -> None:
    match = Match.start("gwas_1904", "yellow-sea", seed=1)
    text = battle_report(match)
    assert "set-up under way" in text
    assert "The battle goes on. As it stands: Japan victory" in text
    assert "(nothing yet)" in text
    basic = Match.start("gwas_1904", "ulsan", seed=1, options={"combat": "basic"})
    play_out(basic, {s: make_agent("gwas_1904", "heuristic", 1) for s in ("Japan", "Russia")})
    text = battle_report(basic)
    assert "Basic Combat (6.0):" in text and "round(s) fought" in text
    assert "options combat=basic" in text
    assert "Result: " in text


# -- terminal play ------------------------------------------------------------------------------


def test_play_against_the_heuristic_typing_1_to_the_end() -> None:
    result = cli("play", "gwas_1904", "yellow-sea", "--side", "japan", input="1\n" * 2000)
    assert result.exit_code == 0, result.output
    out = result.output
    assert "You command: Japan" in out
    assert "place J:" in out and "and the rest automatically" in out
    assert "Lost P/S/T/H" in out  # the GWaS ship table
    assert "Battle report" in out and "Result" in out
    assert "Interrupted" not in out and "Traceback" not in out


def test_play_hands_a_side_to_the_computer_with_auto() -> None:
    result = cli("play", "gwas_1904", "amur", "--side", "Russia", input="a\nauto\n")
    assert result.exit_code == 0, result.output
    assert "Computer's choice:" in result.output
    assert "The computer plays Russia from now on." in result.output
    assert "Battle report" in result.output and "Interrupted" not in result.output


def test_hotseat_hands_the_terminal_over_and_hides_the_other_side(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)  # the unfinished game is saved here
    result = cli("play", "gwas_1904", "yellow-sea", "--hotseat", input="\n1\n" * 3)
    assert result.exit_code == 1, result.output  # left unfinished (issue 15)
    out = result.output
    # Russia (without the initiative) places first, then Japan
    assert "pass the terminal to the Russia player" in out
    assert "Russia: press Enter when ready" in out
    assert "pass the terminal to the Japan player" in out
    japan_turn = out[out.index("pass the terminal to the Japan player") :]
    assert "R:B06 placed in" not in japan_turn  # Russia's set-up stays Russia's
    assert "(face down" in japan_turn  # Japan sees only counters where they are


def test_the_terminal_shows_the_gwas_grid_and_readable_choices(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)  # the unfinished game is saved here
    match = Match.start("gwas_1904", "yellow-sea", seed=1)
    out = io.StringIO()
    lines = iter(["1"])

    def read(prompt: str) -> str:
        try:
            return next(lines)
        except StopIteration:
            raise EOFError from None

    play_terminal(
        match,
        {"Japan"},
        {"Russia": make_agent("gwas_1904", "heuristic", 1)},
        input_fn=read,
        console=Console(file=out, width=120, color_system=None),
    )
    text = out.getvalue()
    assert "Japan: set-up" in text
    assert "Japan: impulse 1, step" in text
    assert "Hexes: column letter + row number" in text
    assert "place J:AC01 (Asama) in" in text or "place J:B06 (Mikasa) in" in text
    view = grid_map_view(match.observe("Japan"), _Keys(("Japan", "Russia")), ("Japan", "Russia"))
    assert view is not None and "?" in view.plain
    assert annotate("R:B06 fires at J:B02", {"R:B06": "Peresvet", "J:B02": "Fuji"}) == (
        "R:B06 (Peresvet) fires at J:B02 (Fuji)"
    )
