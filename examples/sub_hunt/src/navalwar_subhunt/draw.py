"""The SVG map of a Sub Hunt match (``navalwar render``), drawn with ``drawsvg``.

A side's picture (``side="Hunter"``) comes from its observation only: the Hunter's
shows the contact, never the submarine itself. Without a side it is the umpire's,
with the submarine where it is. A ship's tick points along its shown heading (the
course of its last move, ``model.course``).
"""

from __future__ import annotations

import math

import drawsvg as draw  # type: ignore[import-untyped]

from navalwar.engine import Match
from navalwar.errors import UnknownNameError
from navalwar.render import heading_angle
from navalwar_subhunt.model import MAP, SUBMARINE

SIZE = 36.0
HEAD = 56.0
FONT = "DejaVu Sans, Arial, Helvetica, sans-serif"


def _corners(x: float, y: float) -> list[float]:
    points: list[float] = []
    for k in range(6):  # flat-topped hexes: columns run left to right (SH 1.2)
        a = math.radians(60 * k)
        points += [x + SIZE * math.cos(a), y + SIZE * math.sin(a)]
    return points


def draw_match(match: Match, whole_map: bool, caption: str | None, side: str | None) -> str:
    """An SVG document of ``match`` as ``side`` sees it (None: the umpire's view). The
    map is small, so it is always drawn whole (``whole_map`` changes nothing)."""
    sides = match.game.spec.sides
    if side is not None and side not in sides:
        raise UnknownNameError(f"side of {match.game.id}", side, sides)
    obs = match.observe(side or SUBMARINE)
    state = match.state
    sub = (
        obs["submarine"]["hex"]
        if side is not None
        else (None if state.sub is None else MAP.label(state.sub))
    )
    pixels = {MAP.label(h): MAP.pixel(h, SIZE) for h in MAP.hexes()}
    x0 = min(x for x, _ in pixels.values()) - SIZE * 1.2
    y0 = min(y for _, y in pixels.values()) - SIZE * 1.2
    width = max(x for x, _ in pixels.values()) - x0 + SIZE * 1.2
    height = max(y for _, y in pixels.values()) - y0 + SIZE * 1.2 + HEAD
    d = draw.Drawing(width, height, origin=(0, 0))
    d.append(draw.Rectangle(0, 0, width, height, fill="white"))
    outcome = match.outcome
    who = f"{side}'s view" if side else "umpire's view"
    sub_title = caption or (
        outcome.result if outcome else f"Turn {obs['turn']} of {obs['last_turn']}, {obs['step']}"
    )
    title = f"Sub Hunt: {match.scenario.title} - {sub_title} ({who})"
    d.append(draw.Title(title))
    d.append(draw.Text(title, 15, 10, 22, font_family=FONT, font_weight="bold"))
    d.append(draw.Text(f"seed {match.seed}", 11, 10, 42, font_family=FONT, fill="#555555"))
    land = set(obs["land"])
    for name, (x, y) in pixels.items():
        cx, cy = x - x0, y - y0 + HEAD
        fill = "#d9c9a3" if name in land else "#e3eef7"
        d.append(draw.Lines(*_corners(cx, cy), close=True, fill=fill, stroke="#9fb3c8"))
        d.append(draw.Text(name, 9, cx, cy - SIZE * 0.55, text_anchor="middle", fill="#6b7b8c"))

    headings = {s["name"]: str(s["heading"]) for s in obs["ships"]}

    def mark(hex_label: str, text: str, colour: str, dy: float, heading: str) -> None:
        x, y = pixels[hex_label]
        cx, cy = x - x0, y - y0 + HEAD + dy
        a = math.radians(heading_angle(MAP, MAP.heading(heading)))
        r0, r1 = SIZE * 0.32, SIZE * 0.5
        ex, ey = math.sin(a), -math.cos(a)
        d.append(draw.Line(cx + r0 * ex, cy + r0 * ey, cx + r1 * ex, cy + r1 * ey, stroke=colour))
        d.append(draw.Circle(cx, cy, r0, fill=colour, stroke="#222222"))
        d.append(draw.Text(text, 11, cx, cy + 4, text_anchor="middle", fill="white"))

    dd = obs["destroyer"]
    colour = "#757575" if dd["hull"] == 0 else "#1f5fbf"
    mark(dd["hex"], "DD", colour, -4.0, headings["Destroyer"])
    if obs["contact"]:
        x, y = pixels[obs["contact"]]
        d.append(
            draw.Text(
                f"? T{obs['contact_turn']}",
                11,
                x - x0,
                y - y0 + HEAD + SIZE * 0.7,
                text_anchor="middle",
                fill="#c62828",
                font_family=FONT,
            )
        )
    if sub is not None:
        destroyed = obs["submarine"]["destroyed"]
        mark(sub, "SS", "#757575" if destroyed else "#c62828", 10.0, headings["Submarine"])
    return str(d.as_svg())
