"""SVG maps of matches (``navalwar render``)."""

from __future__ import annotations

import math
import re
import xml.etree.ElementTree as ET

import drawsvg as draw  # type: ignore[import-untyped]
import pytest

from navalwar.agents import make_agent, play_out
from navalwar.engine import Match
from navalwar.errors import NavalwarError
from navalwar.games.tokyo_express.geometry import TE_MAP
from navalwar.render import heading_arrow
from navalwar.render.svg import hex_corners, hex_label, hex_outline, match_at_turn, render_match

SVG = "{http://www.w3.org/2000/svg}"


@pytest.fixture(scope="module")
def finished() -> Match:
    match = Match.start("tokyo_express", "basic", seed=7)
    play_out(match, {"US": make_agent("tokyo_express", "heuristic", 8)})
    return match


def texts(svg: str) -> list[str]:
    root = ET.fromstring(svg)
    assert root.tag == f"{SVG}svg"
    return [t.text or "" for t in root.iter(f"{SVG}text")]


def test_finished_game(finished: Match) -> None:
    words = texts(render_match(finished))
    joined = "\n".join(words)
    assert words[0] == "Tokyo Express (Basic Game): Basic Scenario"
    assert "End of the game, Game Turn 5 of 5" in joined
    for ship in finished.state.ships:
        assert any(w.startswith(ship.name) for w in words), ship.name
        assert TE_MAP.label(ship.hex) in words
    assert "Legend" in words


def test_turn_two(finished: Match) -> None:
    svg = render_match(finished, turn=2)
    words = texts(svg)
    assert "Start of Game Turn 2 of 5" in "\n".join(words)
    replayed = match_at_turn(finished, 2)
    assert (replayed.state.turn, replayed.state.step) == (2, "us_formation")
    for ship in replayed.state.ships:
        assert TE_MAP.label(ship.hex) in words
        assert any(w.startswith(ship.name) for w in words)


def test_whole_map_has_every_hex(finished: Match) -> None:
    words = set(texts(render_match(finished, whole_map=True)))
    assert {"0101", "3140", "3101", "0140"} <= words


@pytest.mark.parametrize("turn", [6, 99, 0])
def test_turn_out_of_range(finished: Match, turn: int) -> None:
    with pytest.raises(NavalwarError, match="Game Turn"):
        render_match(finished, turn=turn)


def test_unfinished_save_stops_at_its_turn() -> None:
    match = Match.start("tokyo_express", "basic", seed=7)
    with pytest.raises(NavalwarError, match="beyond the saved game"):
        render_match(match, turn=2)
    assert "Start of Game Turn 1" in "\n".join(texts(render_match(match, turn=1)))


def test_heading_arrows_follow_the_printed_map() -> None:
    arrows = [heading_arrow(TE_MAP, h) for h in range(6)]
    assert arrows == ["↖", "↗", "→", "↘", "↙", "←"]


def _numbers(d: str) -> list[float]:
    return [float(v) for v in re.findall(r"-?[0-9.]+(?:e-?[0-9]+)?", d)]


def test_hex_outline_is_the_closed_hex_of_its_corners() -> None:
    corners = hex_corners(TE_MAP, 100.0, 50.0, 10.0)
    svg = draw.Drawing(200, 100)
    svg.append(hex_outline(TE_MAP, 100.0, 50.0, 10.0, fill="none", class_="hex"))
    (path,) = ET.fromstring(svg.as_svg()).iter(f"{SVG}path")
    d = path.get("d", "")
    assert _numbers(d) == pytest.approx(corners) and d.endswith("Z")
    assert (path.get("fill"), path.get("class")) == ("none", "hex")
    # a corner every 60 degrees, at the radius
    assert math.dist(corners[:2], (100.0, 50.0)) == pytest.approx(10.0)
    assert math.dist(corners[:2], corners[2:4]) == pytest.approx(10.0)


def test_hex_label_centres_the_number_at_its_baseline() -> None:
    svg = draw.Drawing(200, 100)
    svg.append(hex_label("0712", 30.0, 40.0, 9.0, "#123456"))
    (t,) = ET.fromstring(svg.as_svg()).iter(f"{SVG}text")
    assert t.text == "0712"
    assert _numbers(f"{t.get('x')} {t.get('y')} {t.get('font-size')}") == [30.0, 40.0, 9.0]
    style = (t.get("text-anchor"), t.get("fill"), t.get("class"))
    assert style == ("middle", "#123456", "hex-label")
