"""Authoring commands and argument checks of the command line (issue 15 items 5-7):
``navalwar ships`` and ``navalwar options``, agents only for the sides that decide,
option values within their documented range, the root help and ``run --quiet``."""

from __future__ import annotations

import csv
import re

import pytest
from click.testing import CliRunner, Result

import navalwar
from navalwar.batch import BatchSpec, play_battle
from navalwar.cli import main
from navalwar.datapack import bundled_data_dir
from navalwar.engine import Match
from navalwar.errors import DataError

GAMES = [("tokyo_express", "basic"), ("gwas_1904", "ulsan")]


def cli(*args: str) -> Result:
    return CliRunner().invoke(main, list(args))


def row_of(output: str, *cells: str) -> str:
    """The table line holding every one of ``cells`` (as whole cells)."""
    for line in output.splitlines():
        parts = [p.strip() for p in re.split(r"[│┃]", line)]
        if all(c in parts for c in cells):
            return line
    raise AssertionError(f"no row with {cells} in:\n{output}")


# -- item 5: ships and options ---------------------------------------------------------------


def _class_cell(game: str, row: dict[str, str]) -> str | None:
    """The class the ships.csv row gives (TE roster_class; GWaS the notes' "class id
    (Name)" when Name has no brackets of its own), None when it gives none."""
    if game == "tokyo_express":
        return row["roster_class"]
    found = re.match(r"class \S+ \(([^()]*)\)(;|$)", row["notes"])
    return found.group(1) if found else None


@pytest.mark.parametrize(
    ("game", "code_column"), [("tokyo_express", "counter"), ("gwas_1904", "code")]
)
def test_ships_lists_every_ship_with_code_name_type_and_class(game: str, code_column: str) -> None:
    """Issue 15: `navalwar ships GAME` lists ships (code, name, class, type)."""
    result = cli("ships", game)
    assert result.exit_code == 0, result.output
    with (bundled_data_dir() / game / "ships.csv").open(encoding="utf-8") as fh:
        rows = list(csv.DictReader(fh))
    assert f": {len(rows)} ships" in result.output.splitlines()[0]
    for row in rows:
        ship_class = _class_cell(game, row)
        cells = [row[code_column], row["name"], row["type"]]
        row_of(result.output, *cells, *([ship_class] if ship_class else []))
    if game == "gwas_1904":  # a class name with brackets inside
        assert "Katori class (Kashima as in" in row_of(result.output, "B07", "Kashima")


def test_ships_of_an_unknown_game_is_one_clear_error() -> None:
    result = cli("ships", "tokyo_expres")
    assert result.exit_code == 2 and "did you mean 'tokyo_express'" in result.stderr


@pytest.mark.parametrize("game", [g for g, _ in GAMES])
def test_options_lists_every_option_with_default_allowed_values_rule_and_meaning(
    game: str,
) -> None:
    """Issue 15: `navalwar options GAME` lists options with values, defaults and meaning."""
    result = cli("options", game)
    assert result.exit_code == 0, result.output
    for o in navalwar.load(game).spec.options:
        default = str(o.default).lower() if isinstance(o.default, bool) else str(o.default)
        line = row_of(result.output, o.name, default, o.allowed, o.rule)
        assert " ".join(o.help.split()[:4]) in line


# -- item 6: agents for deciding sides only, options within range -----------------------------


def test_an_agent_for_a_side_the_rules_play_is_an_error() -> None:
    """Issue 15: `--agent Japan=random` in TE solitaire, where the rules run the Japanese
    (TE 1.0), is an error that names the side that takes an agent."""
    for args in (
        ("run", "tokyo_express", "basic"),
        ("simulate", "tokyo_express", "basic", "-n", "1"),
    ):
        result = cli(*args, "--agent", "japan=random")
        assert result.exit_code == 2, result.output
        assert "the rules play Japan" in result.stderr and "agent for US" in result.stderr
    with pytest.raises(DataError, match="the rules play Japan"):
        BatchSpec.make("tokyo_express", "basic", agents={"Japan": "random"})
    assert cli("run", "tokyo_express", "basic", "--agent", "us=random", "--quiet").exit_code == 0


def test_an_option_value_outside_its_range_is_an_error() -> None:
    """Issue 15: an option value outside its documented range is an error (GWaS 7.36
    `impulses`: -1 no limit, 0 the scenario's, N impulses), listing the values allowed."""
    result = cli("run", "gwas_1904", "ulsan", "--option", "impulses=-5", "--quiet")
    assert result.exit_code == 2 and "'impulses' takes -1 or more, not -5" in result.stderr
    result = cli("run", "gwas_1904", "ulsan", "--option", "unexpected_encounter=3")
    assert result.exit_code == 2 and "takes one of 0, 1, 2, not 3" in result.stderr
    with pytest.raises(DataError, match="takes -1 or more"):
        Match.start("gwas_1904", "ulsan", options={"impulses": -2})
    assert Match.start("gwas_1904", "ulsan", options={"impulses": -1}).options["impulses"] == -1


@pytest.mark.parametrize("game", navalwar.games())
def test_every_option_documents_the_values_it_takes(game: str) -> None:
    """Every option that is not true/false lists its choices or a range, so that a value
    outside it is refused."""
    for o in navalwar.load(game).spec.options:
        if not isinstance(o.default, bool):
            assert o.choices or o.minimum is not None or o.maximum is not None, o.name
            o.check(o.default)


# -- item 7: the root help, run --quiet --------------------------------------------------------


def test_root_help_names_every_registered_game() -> None:
    """Issue 15: the root help said 'Tokyo Express (more to come)'."""
    result = cli("--help")
    assert result.exit_code == 0
    text = " ".join(result.output.split())
    for game in navalwar.games():
        assert navalwar.load(game).spec.title in text
    assert "more to come" not in text


@pytest.mark.parametrize(("game", "scenario"), GAMES)
def test_run_quiet_says_who_won(game: str, scenario: str) -> None:
    """Issue 15: GWaS `run --quiet` did not say who won: the line has the level of victory
    (which names the winner, or a draw) and the game's summary."""
    result = cli("run", game, scenario, "--seed", "3", "--quiet")
    assert result.exit_code == 0, result.output
    record = play_battle(BatchSpec.make(game, scenario), 0, 3)  # as `run --seed 3` plays it
    line = result.output.strip()
    assert record.level in line and record.summary in line
    if record.winner is not None:
        assert record.winner in line
