"""The terminal game (``navalwar play``), driven with scripted input."""

from __future__ import annotations

import io
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

import attrs
import pytest
from rich.console import Console

from navalwar.agents import make_agent
from navalwar.engine import Decision, Match
from navalwar.terminal import play_terminal


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
    assert "Say where to save" in text
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
    assert "Carrying on." in text and "Game abandoned." in text
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


def test_unlisted_decision_takes_json_or_random() -> None:
    match = start()
    match.__class__ = _Unlisted
    groups = '{"tag": "form_formations", "groups": [["Ralph Talbot"], ["Northampton"]]}'
    text = play(match, ["1", "1", groups, "r"])
    assert "Too many choices to list" in text and '"tag": "form_formations"' in text
    assert "This decision has no numbered choices" in text
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
