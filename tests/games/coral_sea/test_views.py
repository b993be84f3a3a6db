"""The Coral Sea terminal board (``views.TERMINAL_VIEW``) and what "turn N" means
(``views.TURN_START``): the compact board fits 80 columns and holds only what the side's
observation holds."""

from __future__ import annotations

import io
from pathlib import Path
from typing import Any

import pytest
from rich.console import Console
from tests.games.coral_sea.view_fixtures import HIDDEN, hidden, played

from navalwar.agents import RandomAgent
from navalwar.engine import Match
from navalwar.games.coral_sea import GAME
from navalwar.games.coral_sea.units import ALLIES, JAPAN
from navalwar.games.coral_sea.views import TERMINAL_VIEW, TURN_START
from navalwar.render.svg import match_at_turn
from navalwar.terminal import play_terminal
from navalwar.views import Board

WIDTH = 80
__all__ = ["hidden"]  # the fixture


@pytest.fixture(autouse=True)
def _in_tmp(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The save offered on leaving a game goes to the test's own folder."""
    monkeypatch.chdir(tmp_path)


def shown(match: Match, side: str, width: int = WIDTH) -> str:
    """The heading and board of ``side`` as the terminal prints them."""
    obs: dict[str, Any] = match.observe(side)
    out = io.StringIO()
    console = Console(file=out, width=width, color_system=None)
    board = Board(lambda n, s: n[:1], lambda s: "bold", GAME.spec.sides, None, width)
    console.rule(TERMINAL_VIEW.title(side, obs))
    table = TERMINAL_VIEW.table
    assert callable(table)
    console.print(table(obs, board))
    return out.getvalue()


def test_the_game_declares_the_compact_view_and_the_turn_start() -> None:
    assert GAME.terminal_view() is TERMINAL_VIEW
    assert TERMINAL_VIEW.map == "none"  # no 54 x 38 hex map in a terminal
    assert GAME.turn_start is TURN_START


def test_turn_n_is_its_initial_phase() -> None:
    m = played(turns=4, seed=2)
    for turn in (1, 2, 3):
        at = match_at_turn(m, turn)
        assert at.state.turn == turn
        assert at.state.step.startswith("initial.")


def test_the_board_fits_80_columns_and_shows_the_sides_own_forces(hidden: Match) -> None:
    spec = hidden.data.geography.spec
    for side in (JAPAN, ALLIES):
        text = shown(hidden, side)
        assert max(len(line) for line in text.splitlines()) <= WIDTH
        assert f"{side}: turn 2/34" in text and "initiative" in text
        assert "Own task forces" in text and "Bases with aircraft" in text
        assert "VP Japan" in text
        for tf in hidden.state.task_forces:
            if tf.side == side and tf.hex is not None:
                assert any(
                    tf.id in line and spec.label(tf.hex) in line for line in text.splitlines()
                )


def test_the_board_hides_an_unfound_enemy_tf(hidden: Match) -> None:
    state = hidden.state
    first = next(
        tf
        for tf in state.task_forces
        if tf.side == ALLIES and tf.counter is None and state.ships_of(tf)
    )
    major = [s.name for s in state.ships_of(first) if GAME_TYPES(hidden, s.name) in ("CV", "CA")]
    japan, allies = shown(hidden, JAPAN), shown(hidden, ALLIES)
    assert HIDDEN not in japan
    assert not [n for n in major if n in japan]
    assert HIDDEN in allies and all(n in allies for n in major[:2])
    assert "TF counter A" in japan  # the other Allied TF's counter, anonymous


def GAME_TYPES(match: Match, name: str) -> str:
    return str(match.data.ships[name].type)


def test_hot_seat_play_in_80_columns_shows_the_board() -> None:
    out = io.StringIO()
    answers = iter(["r"] * 4)

    def read(prompt: str) -> str:
        try:
            return next(answers)
        except StopIteration:
            raise EOFError from None

    play_terminal(
        Match.start("coral_sea", "coral_sea", seed=3),
        {JAPAN},
        {ALLIES: RandomAgent(1)},
        input_fn=read,
        console=Console(file=out, width=WIDTH, color_system=None),
    )
    text = out.getvalue()
    assert max(len(line) for line in text.splitlines()) <= WIDTH
    assert "Own task forces" in text and "Overview" in text
    assert "Headings:" not in text  # no core hex map


def test_a_sides_board_is_the_same_whatever_it_cannot_know(hidden: Match) -> None:
    from navalwar.dice import Dice

    for side in (JAPAN, ALLIES):
        variants = hidden.game.hidden_variants(hidden.state, side, hidden.data, Dice(5))
        assert variants
        board = shown(hidden, side)
        for variant in variants:
            other = hidden.clone()
            other.state = variant
            assert shown(other, side) == board
