"""The terminal game (``navalwar play``), driven with scripted input."""

from __future__ import annotations

import io
import re
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

import attrs
import pytest
from rich.cells import cell_len
from rich.console import Console

from navalwar.agents import make_agent
from navalwar.engine import Decision, Match
from navalwar.terminal import play_terminal, suggest_groupings


@pytest.fixture(autouse=True)
def _in_tmp(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Saves made by a test (by default in the working directory) go to its own folder."""
    monkeypatch.chdir(tmp_path)


def start(seed: int = 3) -> Match:
    return Match.start("tokyo_express", "basic", seed=seed)


def play(
    match: Match,
    script: Iterable[str] | Callable[[str], str],
    humans: set[str] | None = None,
) -> str:
    """Play ``match`` with the given lines typed; EOF when the script runs out."""
    out = io.StringIO()
    prompts: list[str] = []
    if callable(script):
        read = script
    else:
        lines = iter(script)

        def read(prompt: str) -> str:
            prompts.append(prompt)
            try:
                return next(lines)
            except StopIteration:
                raise EOFError from None

    play_terminal(
        match,
        humans if humans is not None else {"US"},
        {"Japan": make_agent("tokyo_express", "random", 1)},
        input_fn=read,
        console=Console(file=out, width=120, color_system=None),
    )
    return out.getvalue() + "\n".join(prompts)


def test_full_basic_game_typing_1() -> None:
    match = start()
    text = play(match, lambda prompt: "1")
    assert match.is_over
    assert "Battle report" in text and "Result" in text
    assert match.outcome is not None and match.outcome.summary in text


def test_first_view_shows_map_table_and_choices() -> None:
    match = start()
    text = play(match, [])
    for expected in (
        "Northampton",
        "2109",
        "0815",
        "Key",
        "Damage boxes",
        "TE 3.9",
        "1. Callaghan's flagship: Northampton",
        "↖",
        "Interrupted",
    ):
        assert expected in text


def test_bad_input_reprompts_with_a_message() -> None:
    match = start()
    text = play(match, ["x", "99", "{bad", "[1]", '{"tag": "nope"}', "", "s"])
    assert "Unknown command 'x'" in text
    assert "There is no choice 99: pick a number from 1 to 2" in text
    assert "not valid JSON" in text
    assert "unknown action tag 'nope'" in text
    assert "Saved to tokyo_express-basic-seed3.json" in text  # s: the default file
    assert "Traceback" not in text
    assert not match.actions


def test_help() -> None:
    text = play(start(), ["h", "?"])
    assert text.count("At the prompt:") == 2


def test_undo_refused_then_allowed() -> None:
    match = start()
    text = play(match, ["u", "1", "1", "1", "u"])
    assert "Nothing to undo: US has made no choice yet" in text
    assert "Took back: formation 1: Speed " in text
    assert len(match.actions) == 2


def test_undo_refused_after_dice() -> None:
    match = start()
    asked: list[str] = []

    def read(prompt: str) -> str:
        if any(e.kind == "japanese_order" for e in match.events) and "u" not in asked:
            asked.append("u")
            return "u"
        if asked:
            raise EOFError
        return "1"

    text = play(match, read)
    assert "Undo is not allowed now: dice were rolled" in text


def test_quit_asks_first() -> None:
    match = start()
    text = play(match, ["q", "n", "q", "y"])
    assert "Carrying on." in text and "You left the game." in text
    assert not match.is_over


def test_ctrl_c_exits_cleanly() -> None:
    def read(prompt: str) -> str:
        raise KeyboardInterrupt

    text = play(start(), read)
    assert "Interrupted" in text and "Traceback" not in text


def test_json_random_save_log_and_verbose(tmp_path: Path) -> None:
    match = start()
    save = tmp_path / "g.json"
    text = play(
        match, ['{"tag": "choose_flagship", "ship": "Quincy"}', "r", f"s {save}", "v", "l", "m"]
    )
    assert match.actions[0].describe() == "Callaghan's flagship: Quincy"
    assert "Random choice: formations:" in text
    assert "Saved to" in text and Match.load(save).actions == match.actions
    assert "dice: " in text and "The full log" in text


class _Unlisted(Match):
    """A match whose formation decision lists no choices (validator and sampler only)."""

    @property
    def decision(self) -> Decision | None:
        d = super().decision
        if d is None or d.kind != "us_formations" or not d.choices:
            return d
        legal = d.choices

        def validate(action: Any) -> str | None:
            return None if action in legal else "not a legal grouping"

        return attrs.evolve(
            d, choices=None, validate=validate, sample=lambda dice: dice.choose(legal)
        )


def test_unlisted_decision_offers_numbers_and_still_takes_json_or_random() -> None:
    """Issue 15: a decision without a list of choices is never a demand for JSON: it
    offers numbered legal groupings (a typed JSON action and r still work)."""
    match = start()
    match.__class__ = _Unlisted
    groups = '{"tag": "form_formations", "groups": [["Ralph Talbot"], ["Northampton"]]}'
    text = play(match, ["1", "99", groups, "r"])
    assert "JSON" not in text.split("US> ")[1]  # the decision's screen asks for none
    assert "1. largest formations" in text and "b build your answer step by step" in text
    assert "There is no choice 99" in text
    assert "Not accepted" in text
    assert match.actions[-1].tag == "form_formations"


def test_hot_seat_asks_to_pass_the_terminal() -> None:
    match = start()
    text = play(match, ["", "1"], humans={"US", "Japan"})
    assert "pass the terminal to the US player" in text
    assert "US: press Enter when ready" in text


@pytest.mark.parametrize("width", [80, 100, 120])
def test_narrow_terminal_keeps_the_map_in_bounds(width: int) -> None:
    out = io.StringIO()
    play_terminal(
        start(),
        {"US"},
        {},
        input_fn=lambda p: (_ for _ in ()).throw(EOFError),
        console=Console(file=out, width=width, color_system=None),
    )
    assert max(len(line) for line in out.getvalue().splitlines()) <= width


def test_an_80_column_ship_table_keeps_every_column_readable() -> None:
    out = io.StringIO()
    play_terminal(
        start(),
        {"US"},
        {},
        input_fn=lambda p: (_ for _ in ()).throw(EOFError),
        console=Console(file=out, width=80, color_system=None),
    )
    lines = out.getvalue().splitlines()
    header = next(line for line in lines if line.startswith("Key"))
    assert header.split() == [
        "Key", "Ship", "Type", "Hex", "Hdg", "Fmn", "Spd", "Order", "Dmg", "Lvl", "Torp", "Status"
    ]  # fmt: skip
    top = lines.index(header)
    rows = lines[top + 2 : top + 2 + len(start().state.ships) + 1]  # + the sides' gap
    assert all("…" not in row for row in rows), "\n".join(rows)
    assert sum("/" in row for row in rows) == len(start().state.ships)  # Spd and Dmg shown


def test_an_80_column_ship_table_wraps_long_status_and_order_cells() -> None:
    """Issue 15: at 80 columns a long Status (or Order) cell was cut short with "…"; it
    wraps, folding a word too long for its column, so every letter is shown."""
    from navalwar.games.tokyo_express.ship_table import ship_table  # TE's own table
    from navalwar.terminal import _Keys, _side_style
    from navalwar.views import Board

    match = start()
    obs = match.observe("US")
    for ship in obs["ships"]:
        ship.update(sinking=True, formation=1, hits=3, damage_level=2, current_step_level=3)
    order = "Turn to starboard 60 degrees after moving"
    obs["formations"] = [{"id": 1, "speed": 4, "order": order}]
    obs["flagship"] = "Northampton"
    sides = match.game.spec.sides
    board = Board(_Keys(sides), lambda s: _side_style(sides, s), sides, match.game.map, 80)
    table = ship_table(obs, board)
    out = io.StringIO()
    Console(file=out, width=80, color_system=None).print(table)
    lines = out.getvalue().splitlines()
    assert "…" not in out.getvalue(), out.getvalue()
    header = lines[0]
    status = "".join(line[header.index("Status") :] for line in lines[2:]).replace(" ", "")
    assert "flagship,SINKING" in status and status.count("SINKING") == len(obs["ships"])
    column = "".join(line[header.index("Order") : header.index("Dmg")] for line in lines[2:])
    assert column.replace(" ", "") == order.replace(" ", "")


# -- issue 15: saving, leaving, continuing ---------------------------------------------------------
def session(
    match: Match,
    script: Iterable[str | BaseException],
    *,
    interactive: bool = False,
    width: int = 120,
    height: int = 25,
    save_as: Path | None = None,
    side: str = "",
) -> tuple[int, str]:
    """Play ``match`` with the lines typed (an exception in the script is raised as if
    typed, e.g. KeyboardInterrupt for Ctrl-C); the exit status and the screen."""
    out = io.StringIO()
    lines = iter(script)

    def read(prompt: str) -> str:
        out.write(prompt + "\n")
        line = next(lines, EOFError())
        if isinstance(line, BaseException):
            raise line
        return line

    code = play_terminal(
        match,
        {side or ("US" if match.game.id == "tokyo_express" else match.game.spec.sides[0])},
        {s: make_agent(match.game.id, "random", 1) for s in match.game.spec.sides},
        input_fn=read,
        console=Console(file=out, width=width, height=height, color_system=None),
        save_as=save_as,
        interactive=interactive,
    )
    return code, out.getvalue()


def test_save_command_to_the_default_file_then_to_a_named_one(tmp_path: Path) -> None:
    """Issue 15 item 1: `s` saves to the default file, `save FILE` to FILE; the next
    plain `s` goes to the file last saved to."""
    match = start()
    code, text = session(match, ["1", "s", "save other.json", "1", "s"])
    assert Match.load(tmp_path / "tokyo_express-basic-seed3.json").actions == match.actions[:1]
    assert Match.load(tmp_path / "other.json").actions == match.actions
    assert text.count("Saved to other.json.") == 3  # save, s, and the autosave at the end
    assert code == 1


def test_ctrl_c_offers_to_save_then_exits_130(tmp_path: Path) -> None:
    """Issue 15 item 1: Ctrl-C at a prompt asks whether to save, with a default file."""
    match = start()
    code, text = session(match, ["1", "1", KeyboardInterrupt(), ""], interactive=True)
    assert code == 130
    assert "Save the game before leaving? File [tokyo_express-basic-seed3.json]" in text
    saved = Match.load(tmp_path / "tokyo_express-basic-seed3.json")
    assert saved.actions == match.actions and len(saved.actions) == 2
    assert "Continue it with: navalwar play tokyo_express-basic-seed3.json" in text


def test_ctrl_d_offers_to_save_and_no_means_nothing_saved(tmp_path: Path) -> None:
    """Issue 15 item 1: Ctrl-D (end of input) at a prompt asks too; n saves nothing, and
    the exit status is 1 (not finished); a named file is saved there."""
    code, text = session(start(), ["1", EOFError(), "n"], interactive=True)
    assert (code, "Not saved." in text, list(tmp_path.iterdir())) == (1, True, [])
    code, text = session(start(), ["1", EOFError(), "mine.json"], interactive=True)
    assert code == 1 and len(Match.load(tmp_path / "mine.json").actions) == 1


def test_without_a_terminal_leaving_saves_without_asking_and_replaces_no_other_save(
    tmp_path: Path,
) -> None:
    """Issue 15 item 1: when nobody can answer (input not a terminal) the game is saved;
    the default name never replaces the save of another game."""
    (tmp_path / "tokyo_express-basic-seed3.json").write_text("another game's", "utf-8")
    match = start()
    code, text = session(match, ["1", "1"])
    assert code == 1 and "Save the game before leaving?" not in text
    assert (tmp_path / "tokyo_express-basic-seed3.json").read_text("utf-8") == "another game's"
    assert Match.load(tmp_path / "tokyo_express-basic-seed3-2.json").actions == match.actions


def test_a_loaded_save_continues_at_the_saved_decision_and_saves_back(tmp_path: Path) -> None:
    """Issue 15 item 1: a loaded save plays on from its decision; leaving saves it back to
    the file it came from; undo still works on the loaded choices."""
    first = start()
    session(first, ["1", "1", "1", "s game.json"])
    match = Match.load(tmp_path / "game.json")
    assert match.decision is not None
    code, text = session(match, ["u", "1", "1"], save_as=tmp_path / "game.json")
    assert "Continuing a saved game after 3 choices" in text
    assert "Took back: formation 1: Speed" in text  # the loaded Speed choice
    assert code == 1 and Match.load(tmp_path / "game.json").actions == match.actions


def test_the_first_screen_of_a_loaded_save_is_its_decision(tmp_path: Path) -> None:
    first = start()
    session(first, ["1", "1", "1", "s game.json"])
    match = Match.load(tmp_path / "game.json")
    prompt = match.decision.prompt if match.decision else ""
    _code, text = session(match, [], width=200)
    assert f"US to decide: {prompt}" in text
    assert "set up in 2109" not in text  # the events before the save are not told again


def test_cli_play_continues_a_save_and_finishes(tmp_path: Path) -> None:
    """Issue 15 item 1: `navalwar play SAVE.json` continues the save (its game, scenario,
    seed and options) and exits 0 once the game is over; an unfinished game exits 1."""
    from click.testing import CliRunner

    from navalwar.cli import main

    left = CliRunner().invoke(main, ["play", "tokyo_express", "basic", "--seed", "3"], "1\n1\n")
    assert left.exit_code == 1, left.output
    assert "Saved to tokyo_express-basic-seed3.json" in left.output
    saved = Match.load(tmp_path / "tokyo_express-basic-seed3.json")
    assert len(saved.actions) == 2
    done = CliRunner().invoke(main, ["play", "tokyo_express-basic-seed3.json"], "auto\n")
    assert done.exit_code == 0, done.output
    assert "Continuing a saved game after 2 choices" in done.output
    assert saved.decision is not None and saved.decision.prompt[:40] in done.output
    assert "Result" in done.output


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (
            ["game.json", "--seed", "2"],
            "--seed, --option and --strict are for GAME SCENARIO",
        ),
        (["nothing.json"], "nothing.json: no such save file; to start a new game give a game"),
        (["tokyo_express"], "tokyo_express: no such save file"),
    ],
)
def test_cli_play_of_a_save_refuses_new_game_options(args: list[str], message: str) -> None:
    from click.testing import CliRunner

    from navalwar.cli import main

    start().save("game.json")
    result = CliRunner().invoke(main, ["play", *args])
    assert result.exit_code == 2 and message in result.stderr, result.output


# -- issue 15 item 2: an 80x24 terminal ----------------------------------------------------------
BIG = """\
[scenario]
id = "big"
title = "Nine US ships"
rule = "TE 3.9"
description = "The Basic Scenario with nine US ships (a test of the terminal)."
game_turns = 5

[fire_direction]
US = 7
Japan = 10

[forces]
US = [
  { type = "DD", hex = "2009", heading = "N" }, { type = "CA", hex = "2109", heading = "N" },
  { type = "CA", hex = "2109", heading = "N" }, { type = "CA", hex = "2208", heading = "N" },
  { type = "DD", hex = "2309", heading = "N" }, { type = "DD", hex = "2310", heading = "N" },
  { type = "CL", hex = "2210", heading = "N" }, { type = "CL", hex = "2110", heading = "N" },
  { type = "DD", hex = "2010", heading = "N" },
]
Japan = [
  { type = "CA", hex = "0815", heading = "S" }, { type = "CA", hex = "0815", heading = "S" },
  { type = "CL", hex = "0716", heading = "S" }, { type = "DD", hex = "0616", heading = "S" },
]

[admiral]
name = "Callaghan"
hex = "2109"
type = "CA"
killed_vp = 2

[victory.US]
CA = [8, 6, 4, 2]
CL = [4, 3, 2, 1]
DD = [3, 2, 1, 0]

[victory.Japan]
CA = [6, 4, 3, 1]
CL = [4, 3, 2, 1]
DD = [3, 2, 1, 0]
"""


def big(tmp_path: Path) -> Match:
    """Tokyo Express with nine US ships: too many groupings to list (TE 3.2)."""
    (tmp_path / "big.toml").write_text(BIG, "utf-8")
    match = Match.start("tokyo_express", str(tmp_path / "big.toml"), seed=1)
    match.apply(match.decision.choices[0])  # type: ignore[union-attr]
    return match


def screens(
    match: Match, answer: Callable[[Match, int], str], prompts: int, until: str = ""
) -> list[list[str]]:
    """At each of the first ``prompts`` decisions of an 80x24 game (until one that shows
    ``until``), what the terminal shows: the 24 lines ending with the prompt.
    ``answer(match, i)`` is typed."""
    out = io.StringIO()
    shown: list[list[str]] = []

    def read(prompt: str) -> str:
        if not prompt.endswith("> ") or len(shown) >= prompts:
            raise EOFError
        shown.append([*out.getvalue().splitlines(), prompt.rstrip()][-24:])
        if until and until in "\n".join(shown[-1]):
            raise EOFError
        return answer(match, len(shown))

    play_terminal(
        match,
        {match.game.spec.sides[0]} if match.game.id != "tokyo_express" else {"US"},
        {s: make_agent(match.game.id, "random", 1) for s in match.game.spec.sides},
        input_fn=read,
        console=Console(file=out, width=80, height=24, color_system=None),
    )
    assert max(cell_len(line) for line in out.getvalue().splitlines()) <= 80
    return shown


def assert_fits(screen: list[str], with_map: bool = True) -> None:
    """The title, a map excerpt, the decision and its choices on one 24-line screen."""
    text = "\n".join(screen)
    titles = [i for i, line in enumerate(screen) if line.startswith("────")]
    decides = [i for i, line in enumerate(screen) if " to decide: " in line]
    assert titles and decides and titles[-1] < decides[-1], text
    title, decide = titles[-1], decides[-1]
    assert not with_map or sum("·" in line for line in screen[title:decide]) >= 3, text
    assert any(re.match(r"\s+\d+\. ", line) for line in screen[decide:]), text  # choices


def test_80x24_tokyo_express_decisions_fit_one_screen() -> None:
    """Issue 15 item 2: every decision of a Basic game (the flagship, 47 groupings,
    Speeds, orders, turns, torpedoes, up to ~100 gunnery choices) fits 80x24."""
    match = start()
    shown = screens(match, lambda m, i: "1", 500)
    assert match.is_over and len(shown) > 20
    kinds = set()
    for screen in shown:
        assert_fits(screen)
        kinds |= {k for k in ("formations", "Speed", "order", "gunnery") if k in "\n".join(screen)}
    assert kinds == {"formations", "Speed", "order", "gunnery"}


def test_80x24_gwas_set_up_movement_and_fire_fit_one_screen() -> None:
    """Issue 15 item 2: GWaS set-up (the hexes offered), moves and fire fit 80x24."""
    match = Match.start("gwas_1904", "first-of-october", seed=2)
    shown = screens(match, lambda m, i: "2" if i < 6 else "1", 400, until="Gunnery step")
    assert "Gunnery step" in "\n".join(shown[-1])
    for screen in shown:  # no map yet while the flagship is chosen, before any set-up
        assert_fits(screen, with_map="choose the flagship" not in "\n".join(screen))
    seen = "\n".join("\n".join(s) for s in shown)
    assert "Set-up" in seen and "move group" in seen and "target" in seen


def test_80x24_long_choice_lists_are_paged(tmp_path: Path) -> None:
    """Issue 15 item 2: a long list (GWaS Basic Combat targets at Tsushima) shows a page
    at a time; + shows the next; every number can be typed at any page."""
    match = Match.start("gwas_1904", "tsushima", seed=2, options={"combat": "basic"})
    d = match.decision
    assert d is not None and d.choices is not None and len(d.choices) == 30
    _code, text = session(match, ["+", str(len(d.choices))], width=80, height=24)
    first, second = text.split("Japan> ")[:2]
    assert "page 1 of" in first and "  1. holds fire" in first and "30. " not in first
    assert "page 2 of" in second and "  1. holds fire" not in second
    assert max(len(first.split("Round 1 at long range")[-1].splitlines()), 0) <= 24
    assert match.actions[0] == d.choices[-1]


def _cell(screen: list[str], label: str) -> str:
    """What a GWaS grid excerpt shows in hex ``label`` (``K21``)."""
    head = next(i for i, line in enumerate(screen) if re.match(r"\s+[A-Z]   [A-Z]", line))
    column, row = label[0], int(label[1:])
    x = screen[head].index(f" {column} ") + 1
    odd = (ord(column) - ord("A")) % 2
    y = next(i for i in range(head + 1, len(screen)) if screen[i].startswith(f"{row:>2} "))
    return screen[y + odd][x : x + 3].strip()


@pytest.mark.parametrize("width", [80, 120])
def test_gwas_set_up_shows_the_hexes_offered_on_the_map(width: int) -> None:
    """Issue 15 item 2: each hex a set-up decision offers carries its choice number on
    the map (at 80 columns on the screen's excerpt, at 120 on the full map)."""
    match = Match.start("gwas_1904", "yellow-sea", seed=1)
    d = match.decision
    assert d is not None and d.kind == "place" and d.choices is not None
    _code, text = session(match, [], width=width, height=24 if width == 80 else 60, side=d.side)
    screen = text.split(f"{d.side}: set-up")[-1].splitlines()
    offered = [(i, a.hex) for i, a in enumerate(d.choices, 1) if a.hex != "auto"]  # type: ignore[attr-defined]
    assert len(offered) >= 5
    for number, label in offered:
        assert _cell(screen, label) == str(number), (label, "\n".join(screen))
        assert f"in {label}" in text  # and in the list


def test_formation_short_list_first_the_rest_on_request() -> None:
    """Issue 15 item 2 (TE 3.2): the 47 groupings of the Basic Scenario's five US ships
    are offered as a short list of sensible ones (each number is that grouping's in the
    full list), + shows them all, and a short-list number picks its grouping."""
    match = start()
    d0 = match.decision
    assert d0 is not None
    match.apply(d0.choices[0])  # type: ignore[index]
    d = match.decision
    assert d is not None and d.choices is not None and len(d.choices) == 47
    _code, text = session(match, ["+", "47"], width=120)
    short = text.split("US Formation Phase")[1].split("+ all 47 choices")[0]
    picks = re.findall(r"(\d+)\. ([a-z ,]+): (.*)", short)
    assert 3 <= len(picks) <= 8
    for number, _labels, groups in picks:
        assert d.choices[int(number) - 1].describe() == "formations: " + groups
    named = {label.strip() for _n, labels, _g in picks for label in labels.split(",")}
    assert {"largest formations", "each ship alone", "by type"} <= named
    full = text.split("+ all 47 choices")[1]
    assert "+ more choices (page 2 of " in full
    assert "  1. formations: Ralph Talbot, Northampton, Quincy, New Orleans, Buchanan" in full
    assert match.actions[-1] == d.choices[46]  # each ship alone
    assert len(match.actions[-1].groups) == 5  # type: ignore[attr-defined]


def test_suggest_groupings_are_legal_and_labelled() -> None:
    ships = {
        "A": {"type": "CA", "class": "x", "formation": 1},
        "B": {"type": "CA", "class": "y", "formation": 1},
        "C": {"type": "DD", "class": "z", "formation": 2},
    }

    def legal(groups: list[list[str]]) -> bool:  # A and C may not sail together
        return not any({"A", "C"} <= set(g) for g in groups)

    found = dict(suggest_groupings(["A", "B", "C"], ships, legal))
    assert found == {
        "largest formations, as now, by type": [["A", "B"], ["C"]],
        "each ship alone, by class": [["A"], ["B"], ["C"]],
    }


def test_nine_us_ships_never_ask_for_json(tmp_path: Path) -> None:
    """Issue 15 item 2: with 8+ US ships the TE 3.2 grouping has no list; the terminal
    offers numbered legal groupings and builds any other step by step, checking each
    formation against the rules at once (no JSON)."""
    match = big(tmp_path)
    d = match.decision
    assert d is not None and d.kind == "us_formations" and d.choices is None
    _code, text = session(match, ["b", "1 6", "1 9", "c", "b", "1 9", "1 2 3", ""], width=80)
    assert "JSON" not in text
    assert "Not possible: in formation Preston, Walke some ship is not within 2 hexes" in text
    assert "Cancelled." in text
    action = match.actions[-1]
    assert action.tag == "form_formations"
    groups = action.groups  # type: ignore[attr-defined]
    assert groups[:2] == (
        ("Preston", "Farenholt"),
        ("Pensacola", "Salt Lake City", "San Francisco"),
    )
    assert sorted(len(g) for g in groups[2:]) == [1, 1, 1, 1]


def test_nine_us_ships_a_suggested_grouping_by_number(tmp_path: Path) -> None:
    match = big(tmp_path)
    _code, text = session(match, ["3"], width=80)
    line = next(x for x in text.splitlines() if x.startswith("  3. "))
    assert line.startswith("  3. by type: ")
    types = {
        s.name: s.type for s in (match.data.ship(n) for n in (x.name for x in match.state.ships))
    }
    for group in match.actions[-1].groups:  # type: ignore[attr-defined]
        assert len({types[n] for n in group}) == 1


def test_the_terminal_shows_a_game_as_it_declares() -> None:
    """Issue 16 item 1: the table and the heading are the game's declared view
    (``Game.terminal_view``), not a guess from the keys of its observation."""
    from navalwar.games.tokyo_express.game import TokyoExpress
    from navalwar.views import TerminalView

    class Declared(TokyoExpress):
        def terminal_view(self) -> TerminalView:
            return TerminalView("hex", "counters", lambda side, obs: f"{side} at sea")

    text = play(Match.start(Declared(), "basic", seed=3), [])
    assert "US at sea" in text and "Game Turn 1" not in text
    assert "Damage boxes" not in text  # the counters table, its default columns
    assert "Speed" in text and "Lost P/S/T/H" not in text  # GWaS's damage parts are its own
    plain = play(start(), [])
    assert "US: Game Turn 1 of 5" in plain and "Damage boxes" in plain
