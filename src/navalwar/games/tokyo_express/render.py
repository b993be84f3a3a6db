"""SVG map of a Tokyo Express battle (``navalwar render``).

:func:`draw_hex_battle` draws the hexes around the ships in the printed map's
orientation (TE 2.3), each hex with its label; ships as hull-shaped markers
pointing along their heading with their names and damage (boxes and Damage
Level, TE 3.8); formations (TE 3.2) tinted and joined; the admiral's flagship;
a title with the Game Turn and step and a legend with the ship roster.
Everything drawn comes from the side's observation (JSON), as a front end
would see it.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from typing import Any

import drawsvg as draw  # type: ignore[import-untyped]

from navalwar.engine import Match
from navalwar.errors import NavalwarError
from navalwar.hexgrid import Hex, MapSpec
from navalwar.render import heading_angle, map_of
from navalwar.render.svg import SIDE_COLOURS, SIDE_TINTS, SIZE, hex_label, hex_outline
from navalwar.render.svg import halo as _halo
from navalwar.render.svg import hull as _hull
from navalwar.render.svg import ship_angle as _angle
from navalwar.render.svg import text as _text

__all__ = ["draw_hex_battle"]

MARGIN = 3  # hexes around the ships
PANEL = 330.0  # width of the legend panel, px


def _damage(ship: dict[str, Any]) -> str:
    hits, boxes = int(ship.get("hits", 0)), int(ship.get("boxes", 0))
    text = f"{hits}/{boxes}"
    if int(ship.get("damage_level", 0)):
        text += f" DL{ship['damage_level']}"
    if ship.get("removed"):
        text += " sunk"
    elif ship.get("sinking"):
        text += " SINKING"
    return text


def draw_hex_battle(
    match: Match, whole_map: bool = False, caption: str | None = None, side: str | None = None
) -> str:
    """Draw a hex-map battle from a side's observation (ships, formations).

    Args:
        match: the match as it stands.
        whole_map: every hex of the map, not only those around the ships.
        caption: what the picture shows (default: the turn and step, or the result).
        side: whose observation (default: the first side).
    """
    spec = map_of(match.game)
    if spec is None:
        raise NavalwarError(f"{match.game.id!r} has no printed hex map to draw")
    sides = tuple(match.game.spec.sides)
    obs = match.observe(side or sides[0])
    ships = [s for s in obs.get("ships") or () if isinstance(s, dict) and s.get("hex")]
    where: dict[str, Hex] = {}
    for s in ships:
        try:
            where[str(s["name"])] = spec.hex(str(s["hex"]), check_bounds=False)
        except NavalwarError:
            continue

    def colour(side: object, palette: Sequence[str] = SIDE_COLOURS) -> str:
        return palette[sides.index(str(side)) % len(palette)] if side in sides else "#555555"

    def px(h: Hex) -> tuple[float, float]:
        return spec.pixel(h, SIZE)

    if whole_map or not where:
        hexes = list(spec.hexes())
    else:
        xs = [px(h)[0] for h in where.values()]
        ys = [px(h)[1] for h in where.values()]
        # a whole number of hexes either way, plus a little for rounding
        dx, dy = (MARGIN + 0.1) * SIZE * math.sqrt(3), (MARGIN + 0.1) * SIZE * 1.5
        x0, x1, y0, y1 = min(xs) - dx, max(xs) + dx, min(ys) - dy, max(ys) + dy
        hexes = [h for h in spec.hexes() if x0 <= px(h)[0] <= x1 and y0 <= px(h)[1] <= y1]
    centres = [px(h) for h in hexes]
    left = min(x for x, _ in centres) - SIZE * 1.2
    top = min(y for _, y in centres) - SIZE * 1.2
    map_w = max(x for x, _ in centres) + SIZE * 1.2 - left
    map_h = max(y for _, y in centres) + SIZE * 1.2 - top
    head = 64.0
    width = map_w + PANEL
    height = max(map_h, 300.0 + 17.0 * len(ships)) + head

    def at(h: Hex) -> tuple[float, float]:
        x, y = px(h)
        return x - left, y - top + head

    d = draw.Drawing(width, height, origin=(0, 0))
    d.append(draw.Rectangle(0, 0, width, height, fill="white"))
    d.append(draw.Rectangle(0, head, map_w, map_h, fill="#f3f7fa"))
    # title
    title = f"{match.game.spec.title}: {getattr(match.scenario, 'title', match.scenario_name)}"
    turn = obs.get("turn")
    when = f"Game Turn {turn}" + (f" of {obs['last_turn']}" if "last_turn" in obs else "")
    outcome = match.outcome
    if caption is not None:
        sub = caption + (f" of {obs['last_turn']}" if "last_turn" in obs else "")
    elif outcome is not None:
        sub = f"End of the game, {when}: {outcome.summary}"
    else:
        sub = f"{when}, step {obs.get('step', '?')}"
    d.append(draw.Title(f"{title} - {sub}"))
    d.append(_text(title, 20, 12, 28, font_weight="bold", fill="#222222"))
    d.append(_text(f"{sub}  (seed {match.seed})", 13, 12, 50, fill="#444444"))
    # hexes
    grid = draw.Group(id="hexes")
    labels = draw.Group(id="hex-labels")  # drawn over the formation tints
    for h in hexes:
        x, y = at(h)
        grid.append(
            hex_outline(
                spec,
                x,
                y,
                SIZE,
                fill="none",
                stroke="#b8c4cf",
                stroke_width=1,
            )
        )
        labels.append(hex_label(spec.label(h), x, y - SIZE * 0.62, SIZE * 0.24, "#8795a3"))
    d.append(grid)
    # formations: tint their hexes and join their ships in order
    forms = draw.Group(id="formations")
    for f in obs.get("formations") or ():
        members = [
            where[n]
            for n in f.get("ships") or ()
            if n in where and not any(s.get("removed") for s in ships if s["name"] == n)
        ]
        if not members:
            continue
        for h in dict.fromkeys(members):
            forms.append(
                hex_outline(
                    spec,
                    *at(h),
                    SIZE * 0.94,
                    fill=colour(f.get("side"), SIDE_TINTS),
                    fill_opacity=0.8,
                    stroke=colour(f.get("side")),
                    stroke_width=1.2,
                    stroke_dasharray="4,3",
                )
            )
        points = [c for h in dict.fromkeys(members) for c in at(h)]
        if len(points) >= 4:
            forms.append(
                draw.Lines(
                    *points,
                    fill="none",
                    stroke=colour(f.get("side")),
                    stroke_width=1.5,
                    stroke_opacity=0.5,
                )
            )
        x, y = at(members[0])
        forms.append(
            _halo(
                f"F{f.get('id')}",
                SIZE * 0.3,
                x - SIZE * 0.78,
                y + SIZE * 0.1,
                fill=colour(f.get("side")),
                font_weight="bold",
            )
        )
    d.append(forms)
    d.append(labels)
    # ships
    fleet = draw.Group(id="ships")
    by_hex: dict[Hex, list[dict[str, Any]]] = {}
    for s in ships:
        if str(s["name"]) in where:
            by_hex.setdefault(where[str(s["name"])], []).append(s)
    for h, group in by_hex.items():
        x, y = at(h)
        k = len(group)
        spacing = min(SIZE * 0.3, SIZE * 0.9 / k)
        across = math.radians(_angle(spec, group[0]) + 90)
        for i, s in enumerate(group):
            off = (i - (k - 1) / 2) * spacing
            sx, sy = x + off * math.sin(across), y - SIZE * 0.18 - off * math.cos(across)
            sunk = bool(s.get("removed"))
            sinking = bool(s.get("sinking")) and not sunk
            fleet.append(
                draw.Lines(
                    *_hull(sx, sy, _angle(spec, s), SIZE * 0.7, SIZE * 0.2),
                    close=True,
                    fill="#9e9e9e" if sunk else colour(s.get("side")),
                    fill_opacity=0.45 if sunk else 1,
                    stroke="#ff6d00" if sinking else "#222222",
                    stroke_width=2.5 if sinking else 0.8,
                )
            )
            if sunk:  # a cross over the wreck
                r = SIZE * 0.2
                for sign in (1, -1):
                    fleet.append(
                        draw.Line(
                            sx - r,
                            sy - sign * r,
                            sx + r,
                            sy + sign * r,
                            stroke="#212121",
                            stroke_width=2.2,
                        )
                    )
            elif sinking:
                fleet.append(
                    _halo(
                        "!",
                        SIZE * 0.45,
                        sx + SIZE * 0.2,
                        sy + SIZE * 0.05,
                        fill="#e65100",
                        font_weight="bold",
                    )
                )
        for i, s in enumerate(group):
            flag = " (flag)" if s["name"] == obs.get("flagship") else ""
            fleet.append(
                _halo(
                    f"{s['name']}{flag} {_damage(s)}",
                    SIZE * 0.22,
                    x,
                    y + SIZE * (0.4 + 0.25 * i),
                    text_anchor="middle",
                    fill="#757575" if s.get("removed") else colour(s.get("side")),
                    font_weight="bold",
                    class_="ship-name",
                )
            )
    d.append(fleet)
    _legend(d, spec, obs, sides, ships, map_w, head, colour)
    return str(d.as_svg())


def _legend(
    d: Any,
    spec: MapSpec,
    obs: dict[str, Any],
    sides: Sequence[str],
    ships: list[dict[str, Any]],
    x0: float,
    y0: float,
    colour: Callable[..., str],
) -> None:
    """The legend panel: sides, compass, symbols and the ship roster."""
    g = draw.Group(id="legend")
    x, y = x0 + 16, y0 + 22
    g.append(_text("Legend", 15, x, y, font_weight="bold"))
    y += 22
    for side in sides:
        g.append(draw.Lines(*_hull(x + 8, y - 4, 90, 18, 7), close=True, fill=colour(side)))
        g.append(_text(side, 12, x + 24, y, fill=colour(side), font_weight="bold"))
        x += 90
    x = x0 + 16
    y += 22
    for name, text in (
        ("F1", "formation: tinted hexes, joined in order"),
        ("3/10", "damage boxes hit / boxes; DL = Damage Level"),
        ("(flag)", "the admiral's flagship"),
        ("!", "sinking (orange outline)"),
        ("X", "sunk (grey, crossed out)"),
    ):
        g.append(_text(name, 11, x, y, font_weight="bold", fill="#333333"))
        g.append(_text(text, 11, x + 42, y, fill="#333333"))
        y += 17
    # compass: where each heading points on the printed map
    cx, cy = x + 40, y + 42
    g.append(draw.Circle(cx, cy, 30, fill="none", stroke="#cccccc"))
    for i, name in enumerate(spec.heading_names):
        a = math.radians(heading_angle(spec, i))
        ex, ey = cx + 24 * math.sin(a), cy - 24 * math.cos(a)
        g.append(
            draw.Line(
                cx,
                cy,
                ex,
                ey,
                stroke="#333333" if i == 0 else "#999999",
                stroke_width=2 if i == 0 else 1,
            )
        )
        g.append(
            _text(
                name,
                10,
                cx + 38 * math.sin(a),
                cy - 38 * math.cos(a) + 4,
                text_anchor="middle",
                fill="#333333",
            )
        )
    g.append(_text("headings", 11, cx + 70, cy + 4, fill="#666666"))
    y = cy + 64
    g.append(_text("Ships", 13, x, y, font_weight="bold"))
    y += 18
    for s in ships:
        where = "" if s.get("removed") else f"{s.get('hex', '')} {s.get('heading', '')}"
        g.append(
            _text(
                f"{s.get('type', '')} {s.get('name', '')}",
                11,
                x,
                y,
                fill=colour(s.get("side")),
                font_weight="bold",
            )
        )
        g.append(_text(f"{where}  {_damage(s)}", 11, x + 150, y, fill="#333333"))
        y += 17
    d.append(g)
