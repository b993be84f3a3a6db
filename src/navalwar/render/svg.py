"""SVG maps of matches, drawn with ``drawsvg`` (``navalwar render``).

:func:`render_match` asks the game's declaration to draw
(:meth:`navalwar.engine.Game.draw`), at the start of a past turn if asked (the
game's ``turn_start``). The helpers here draw on a printed hex map
(:class:`~navalwar.hexgrid.MapSpec`) in its orientation: hex outlines, ship hulls
pointing along their heading, texts with a halo, in the drawings' font and sides'
colours.
"""

from __future__ import annotations

import math
from typing import Any

import drawsvg as draw  # type: ignore[import-untyped]

from navalwar.engine import Match
from navalwar.errors import NavalwarError, UnknownNameError
from navalwar.hexgrid import MapSpec
from navalwar.render import heading_angle

__all__ = [
    "FONT",
    "SIDE_COLOURS",
    "SIDE_TINTS",
    "SIZE",
    "halo",
    "hex_corners",
    "hex_label",
    "hex_outline",
    "hull",
    "match_at_turn",
    "render_match",
    "ship_angle",
    "text",
]

SIZE = 40.0  # hex radius, px
SIDE_COLOURS = ("#1f5fbf", "#c62828", "#2e7d32", "#b8860b")
SIDE_TINTS = ("#dbe7fb", "#fbdede", "#dff1e0", "#f6ecd0")
FONT = "DejaVu Sans, Arial, Helvetica, sans-serif"


def render_match(
    match: Match, turn: int | None = None, *, whole_map: bool = False, side: str | None = None
) -> str:
    """An SVG document of ``match``'s map.

    Args:
        match: the match to draw (as it stands, unless ``turn`` is given).
        turn: draw the state at the start of this turn instead (what a turn is: the
            game's ``turn_start``), rebuilt by replaying the match's actions on a
            fresh match.
        whole_map: draw every hex of the map, not only those around the ships.
        side: draw what this side observes (default: the game drawer's choice, a
            side or the umpire's full view).

    Raises:
        NavalwarError: if ``turn`` is beyond the game, ``side`` is unknown, or
            the game has no drawer.
    """
    sides = match.game.spec.sides
    if side is not None and side not in sides:
        raise UnknownNameError(f"side of {match.game.id}", side, sides)
    caption = None
    if turn is not None:
        match = match_at_turn(match, turn)
        start = match.game.turn_start
        caption = f"Start of {start.unit if start is not None else 'turn'} {turn}"
    drawn = match.game.draw(match, whole_map, caption, side)
    if drawn is None:
        raise NavalwarError(f"there is no SVG drawing of the game {match.game.id!r}")
    return drawn


def match_at_turn(match: Match, turn: int) -> Match:
    """A fresh match replayed from ``match``'s actions to the start of turn ``turn``
    (what a turn is: the game's :attr:`~navalwar.engine.Game.turn_start`).

    Raises:
        NavalwarError: if the game (or the saved part of it) never reaches that turn.
    """
    start = match.game.turn_start
    unit = start.unit if start is not None else "turn"
    if isinstance(turn, bool) or not isinstance(turn, int) or turn < 1:
        raise NavalwarError(f"the {unit} must be a whole number from 1, not {turn!r}")
    if start is None:
        raise NavalwarError(f"drawing a past turn is not supported for {match.game.id!r}")
    unit = unit[0].upper() + unit[1:]
    fresh = Match.start(
        match.game,
        match.scenario_name,
        seed=match.seed,
        options=match.options,
        data=match.data_dirs,
        strict=match.strict,
        use_env=False,  # the match's data_dirs have them already
        scenario_text=match.scenario_text,
    )

    def turn_of(m: Match) -> int:
        return int(getattr(m.state, start.counter, 0))

    def reached(m: Match) -> bool:
        return turn_of(m) > turn or (turn_of(m) == turn and start.starts(m.state))

    actions = list(match.actions)
    while not reached(fresh) and not fresh.is_over and actions:
        fresh.apply(actions.pop(0))
    if reached(fresh) or (turn_of(fresh) == turn and not fresh.is_over):
        return fresh
    if fresh.is_over:
        raise NavalwarError(
            f"{unit} {turn} is beyond this game: it ended in {unit} "
            f"{turn_of(fresh)}; choose one from 1 to {turn_of(fresh)}"
        )
    raise NavalwarError(
        f"{unit} {turn} is beyond the saved game, which stops in {unit} "
        f"{turn_of(fresh)}; choose one from 1 to {turn_of(fresh)}"
    )


# -- drawing helpers for hex maps --------------------------------------------------------------
def hex_corners(spec: MapSpec, x: float, y: float, r: float) -> list[float]:
    """The corners of a hex of radius ``r`` centred on (x, y) in ``spec``'s orientation,
    flattened for ``draw.Lines``."""
    out: list[float] = []
    for i in range(6):
        a = math.radians(60 * i + spec.rotation)
        out += [x + r * math.cos(a), y + r * math.sin(a)]
    return out


def hex_outline(spec: MapSpec, x: float, y: float, r: float, **kw: Any) -> Any:
    """A closed hex of radius ``r`` centred on (x, y) in ``spec``'s orientation; ``kw``
    styles it (``fill``, ``stroke``, ``class_`` ...)."""
    return draw.Lines(*hex_corners(spec, x, y, r), close=True, **kw)


def hex_label(label: str, x: float, y: float, size: float, fill: str) -> Any:
    """A hex's printed number, centred on ``x`` with its baseline at ``y``, ``size`` px
    high, in the ``hex-label`` class."""
    return text(label, size, x, y, text_anchor="middle", fill=fill, class_="hex-label")


def hull(x: float, y: float, angle: float, length: float, beam: float) -> list[float]:
    """A ship outline centred on (x, y), bow pointing ``angle`` degrees clockwise from up."""
    hl, hb = length / 2, beam / 2
    local = ((0.0, -hl), (hb, -hl / 3), (hb, hl), (-hb, hl), (-hb, -hl / 3))
    a = math.radians(angle)
    cos, sin = math.cos(a), math.sin(a)
    out: list[float] = []
    for px, py in local:
        out += [x + px * cos - py * sin, y + px * sin + py * cos]
    return out


def text(label: str, size: float, x: float, y: float, **kw: Any) -> Any:
    """A text in the drawings' font (no outline unless ``stroke`` is given)."""
    kw.setdefault("stroke", "none")
    return draw.Text(label, size, x, y, font_family=FONT, **kw)


def halo(label: str, size: float, x: float, y: float, **kw: Any) -> Any:
    """Text over a white outline of itself, readable over the hex grid."""
    group = draw.Group()
    under = {k: v for k, v in kw.items() if k != "class_"}
    under["fill"] = "white"
    group.append(
        text(
            label,
            size,
            x,
            y,
            stroke="white",
            stroke_width=size / 3.5,
            stroke_linejoin="round",
            **under,
        )
    )
    group.append(text(label, size, x, y, **kw))
    return group


def ship_angle(spec: MapSpec, ship: dict[str, Any]) -> float:
    """The screen angle of an observed ship's ``heading`` (0 when it has none)."""
    try:
        return heading_angle(spec, spec.heading(str(ship.get("heading", ""))))
    except NavalwarError:
        return 0.0
