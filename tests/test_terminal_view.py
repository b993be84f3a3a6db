"""The terminal draws any game from its declared :class:`~navalwar.views.TerminalView`:
markers and terrain from the observation, arrows or none, pieces without names, the
table's columns as data, the labels read with the game's map, a redraw for a new title
(issue 16 item 1)."""

from __future__ import annotations

import io
from pathlib import Path
from typing import Any

import pytest
from rich.console import Console
from rich.text import Text

from navalwar.agents import make_agent
from navalwar.engine import Match
from navalwar.games.tokyo_express.game import TokyoExpress
from navalwar.hexgrid import FLAT_TOP_EVEN_LOW, MapSpec
from navalwar.terminal import (
    _Keys,
    counter_table,
    grid_map_view,
    map_view,
    play_terminal,
)
from navalwar.views import TerminalView

FLAT = FLAT_TOP_EVEN_LOW
SPEC = MapSpec(
    "test map",
    neighbours=FLAT,
    cols=(1, 8),
    rows=(1, 7),
)
SIDES = ("Blue", "Red")


@pytest.fixture(autouse=True)
def _in_tmp(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The save offered on leaving a game goes to the test's own folder."""
    monkeypatch.chdir(tmp_path)


def ship(**fields: Any) -> dict[str, Any]:
    return {"name": "Destroyer", "side": "Blue", "hex": "0404", "heading": "N", **fields}


def draw(obs: dict[str, Any], view: TerminalView) -> str:
    text = map_view(obs, SPEC, _Keys(SIDES), SIDES, view=view)
    assert text is not None
    return text.plain


def test_markers_that_are_not_ships_are_drawn_with_their_glyph_and_legend() -> None:
    from navalwar.terminal import marker_legend

    view = TerminalView(markers="marks")
    obs = {"ships": [ship()], "marks": [{"hex": "0206", "glyph": "?", "note": "contact"}]}
    drawn = draw(obs, view)
    assert "?" in drawn and "0206" in drawn  # the marked hex and its label
    legend = marker_legend(view, obs)
    assert legend is not None and legend.plain == "? contact"
    assert "?" not in draw({"ships": [ship()]}, view)
    alone = map_view({"ships": [], "marks": obs["marks"]}, SPEC, _Keys(SIDES), SIDES, view=view)
    assert alone is not None and "?" in alone.plain  # a marker alone is a map


def test_a_game_without_facing_asks_for_no_arrow() -> None:
    obs = {"ships": [ship(heading="")]}
    assert "D?" in draw(obs, TerminalView())  # the default: "?" for an unknown heading
    drawn = draw(obs, TerminalView(arrows=False))
    assert "D" in drawn and "?" not in drawn and "↑" not in drawn


def test_a_face_down_counter_without_a_name_goes_on_the_hex_map() -> None:
    drawn = draw(
        {"ships": [ship(), {"side": "Red", "hex": "0606", "heading": "S"}]}, TerminalView()
    )
    assert "?↓" in drawn and "0606" in drawn


def test_terrain_is_drawn_where_no_piece_is() -> None:
    from navalwar.terminal import marker_legend
    from navalwar.views import Terrain

    view = TerminalView(terrain=("land", Terrain("reefs", "≈", "cyan", "reef")))
    obs = {"ships": [ship()], "land": ["0403", "0404"], "reefs": ["0505"]}
    drawn = draw(obs, view)
    assert drawn.count("▒") == 1 and "≈" in drawn and "D↑" in drawn  # the ship is on top
    legend = marker_legend(view, obs)
    assert legend is not None and legend.plain == "▒ land  ≈ reef"
    assert "▒" not in draw(obs, TerminalView())  # terrain the view does not name


def test_the_whole_map_is_drawn_when_the_view_asks() -> None:
    obs = {"ships": [ship()], "land": ["0101", "0807"]}
    view = TerminalView(terrain=("land",), whole_map=True)
    assert draw(obs, view).count("▒") == 2
    assert "▒" not in draw(obs, TerminalView(terrain=("land",)))  # only around the ship


def test_the_counter_table_columns_are_the_views() -> None:
    from navalwar.views import Column

    def hull(s: dict[str, Any], obs: dict[str, Any]) -> Text:
        return Text(f"{s['hull']}/{obs['boxes']}")

    view = TerminalView(table="counters", columns=(("Ship", "name"), ("Hull", hull)))
    table = counter_table({"ships": [ship(hull=2)], "boxes": 3}, _Keys(SIDES), SIDES, view.columns)
    assert table is not None
    out = io.StringIO()
    Console(file=out, width=80, color_system=None).print(table)
    assert "Hull" in out.getvalue() and "2/3" in out.getvalue()
    assert "Lost P/S/T/H" not in out.getvalue() and "Counter" not in out.getvalue()
    assert view.columns == (Column("Ship", "name"), Column("Hull", hull))


def test_a_game_draws_its_own_table_with_the_boards_keys() -> None:
    from navalwar.views import Board

    seen: list[str] = []

    def table(obs: dict[str, Any], board: Board) -> Text:
        seen.append(board.key("Fletcher", "US") + board.arrow("N") + board.style("US"))
        return Text("my own table")

    assert "my own table" in screens(TerminalView(table=table))
    assert seen[0] == "F↖bold bright_blue"  # TE's printed map has its N up-left
    with pytest.raises(ValueError, match="counters"):
        TerminalView(table="ships")  # the core's one named table is "counters"


def test_the_grid_reads_labels_with_the_views_map() -> None:
    spec = MapSpec(
        "rows first",
        neighbours=FLAT,
        cols=(1, 26),
        rows=(1, 20),
        label="{row:02}{col:A}",
    )
    obs = {"ships": [ship(hex="11K")]}
    text = grid_map_view(obs, _Keys(SIDES), SIDES, spec=spec)
    assert text is not None and "D" in text.plain and " K " in text.plain


def screens(view: TerminalView) -> str:
    class Declared(TokyoExpress):
        def terminal_view(self) -> TerminalView:
            return view

    out = io.StringIO()
    lines = iter(["1"] * 6)

    def read(prompt: str) -> str:
        try:
            return next(lines)
        except StopIteration:
            raise EOFError from None

    play_terminal(
        Match.start(Declared(), "basic", seed=3),
        {"US"},
        {"Japan": make_agent("tokyo_express", "random", 1)},
        input_fn=read,
        console=Console(file=out, width=120, color_system=None),
    )
    return out.getvalue()


def test_a_new_title_alone_redraws_the_board() -> None:
    def title(side: str, obs: dict[str, Any]) -> str:
        return f"{side} at step {obs['step']}"

    redrawn = screens(TerminalView(title=title)).count(" US at step ")
    kept = screens(TerminalView(title=title, redraw_title=False)).count(" US at step ")
    assert redrawn > kept >= 1


def test_a_view_without_a_map_draws_the_games_table_alone() -> None:
    from navalwar.views import MAPS

    assert "none" in MAPS
    with_map = screens(TerminalView())
    without = screens(TerminalView(map="none", table=lambda obs, board: Text("my overview")))
    assert "Headings:" in with_map  # the hex map's legend
    assert "Headings:" not in without and "my overview" in without
