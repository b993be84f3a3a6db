"""SVG map of a Great War at Sea 1904-1905 battle (``navalwar render``).

:func:`draw_gwas` draws the whole tactical map (GWaS 7.2): the radius-10
hexagon of flat-topped hexes around K11, each hex with its label where the
rules read it (above the centre, :data:`~navalwar.games.gwas_1904.overlay.LABEL_DY`),
the 7 central mesh hexes (7.21) hatched and the six numbered border rows
(7.22) tinted and named. A scenario's overlay (20.0) adds its land, filled,
with the port, the Roadstead and its fortresses (20.44) and the port's only
entrance (20.41). Counters are squares in their hex, in the sides' colours:
a squadron counter (9.0) shows how many ships it holds, a ship aground
(7.42) or beached (7.44) is outlined, sunk ships and ships that have left
the map are not drawn. A title gives the scenario, impulse, step,
initiative, day or night and weather; a legend lists each side's ships.

Two views:

* the umpire's (``side=None``): everything, from the full battle state,
  with every ship's damage;
* a side's (``side="Japan"``): what :meth:`~navalwar.engine.Match.observe`
  tells that side. Enemy counters not yet seen (7.27) are blank squares
  without a name, and only the side's own damage is shown. The observation
  lists one entry per face-down enemy *counter*, so a face-down squadron
  shows as one blank counter.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

import drawsvg as draw  # type: ignore[import-untyped]

from navalwar.engine import Match
from navalwar.errors import NavalwarError, UnknownNameError
from navalwar.games.gwas_1904 import tactical_map as tmap
from navalwar.games.gwas_1904 import weather
from navalwar.games.gwas_1904.battle import Battle
from navalwar.games.gwas_1904.overlay import LABEL_DY, Overlay
from navalwar.games.gwas_1904.sequence_of_play import GUNNERY_STEPS, MOVE_STEPS, TORPEDO_STEPS
from navalwar.games.gwas_1904.sides import JAPAN, RUSSIA, SIDES
from navalwar.hexgrid import Hex, to_pixel
from navalwar.render.svg import hex_label
from navalwar.render.svg import text as _text

__all__ = ["counters_of", "draw_gwas", "view_of"]

SIZE = 36.0  # hex radius, px
HEAD = 86.0  # height of the title, px
PANEL = 430.0  # width of the legend panel, px
BORDER = 2.2  # room around the map for the edge names, in hex radii
LINE = 15.0  # legend line height, px

COLOURS = {JAPAN: "#b71c1c", RUSSIA: "#1a4f9c"}
TINTS = {JAPAN: "#f6d3d0", RUSSIA: "#d3e0f4"}
SEA = "#eef5fb"
BORDER_ROW = "#d6e4f2"
LAND = "#e5d8ae"
COAST = "#8a7646"
GRID = "#9fb2c4"
AGROUND = "#ff8f00"
BEACHED = "#6d4c41"
PARTS = (("hull", "hull"), ("primary", "pri"), ("secondary", "sec"), ("tertiary", "aux"))


# -- what is drawn: a view of the battle -------------------------------------------------------
@dataclass(frozen=True)
class Piece:
    """One ship as a view shows it; ``name`` and ``counter`` are empty while face down."""

    side: str
    hex: str | None
    counter: str = ""
    key: str = ""
    name: str = ""
    type: str = ""
    sunk: bool = False
    left: str = ""
    aground: bool = False
    beached: bool = False
    lost: dict[str, int] | None = None  # damage boxes lost by part; None = unknown
    speed: str = ""

    @property
    def on_map(self) -> bool:
        """Drawn as (part of) a counter: placed, afloat or grounded, still on the map."""
        return self.hex is not None and not self.sunk and not self.left


@dataclass(frozen=True)
class View:
    """What a picture shows: the umpire's full view (``viewer=None``) or one side's."""

    viewer: str | None
    phase: str
    impulse: int
    step: int
    initiative: str
    night: bool
    weather: int
    pieces: tuple[Piece, ...]


@dataclass(frozen=True)
class Counter:
    """A counter on the map: a ship, a squadron (9.0) or a face-down enemy counter."""

    side: str
    hex: str
    id: str  # "" when face down
    ships: tuple[Piece, ...]

    @property
    def squadron(self) -> bool:
        """A squadron counter ("J:TB-No21#1"), even when one ship of it is left."""
        return "#" in self.id


def _battle(match: Match) -> Battle:
    state = match.state
    if not isinstance(state, Battle):
        raise NavalwarError(
            "this match is fought with Basic Combat (6.0), which has no tactical map to draw"
        )
    return state


def view_of(match: Match, side: str | None = None) -> View:
    """The umpire's view of ``match`` (``side=None``), or what ``side`` observes.

    Raises:
        NavalwarError: the match has no tactical map (Basic Combat).
        UnknownNameError: ``side`` is not a side of the game.
    """
    battle = _battle(match)
    if side is None:
        rules = match.data.rules
        pieces = []
        for s in battle.ships:
            spec = rules.of(s)
            pieces.append(
                Piece(
                    side=s.side,
                    hex=tmap.label(s.hex) if s.hex is not None else None,
                    counter=s.counter,
                    key=s.key,
                    name=spec.name,
                    type=spec.type,
                    sunk=s.damage.sunk,
                    left=s.left,
                    aground=s.aground,
                    beached=s.beached,
                    lost={part: s.damage.track.lost_boxes(part) for part, _ in PARTS},
                    speed=s.damage.speed(spec) or "",
                )
            )
        return View(
            None,
            battle.phase,
            battle.impulse,
            battle.step,
            battle.initiative,
            battle.night,
            battle.weather,
            tuple(pieces),
        )
    if side not in SIDES:
        raise UnknownNameError("side of gwas_1904", side, SIDES)
    obs = match.observe(side)
    # The observation has no "beached"; a side knows its own ships, so that flag
    # (and only for its own ships) is read from the state.
    beached = {s.key for s in battle.ships if s.side == side and s.beached}
    pieces = []
    for e in obs.get("ships") or ():
        lost = e.get("lost")
        pieces.append(
            Piece(
                side=str(e["side"]),
                hex=e.get("hex"),
                counter=str(e.get("counter") or ""),
                key=str(e.get("key") or ""),
                name=str(e.get("name") or ""),
                type=str(e.get("type") or ""),
                sunk=bool(e.get("sunk")),
                left=str(e.get("left") or ""),
                aground=bool(e.get("aground")),
                beached=e.get("key") in beached,
                lost={str(k): int(v) for k, v in lost.items()} if isinstance(lost, dict) else None,
                speed=str(e.get("speed") or ""),
            )
        )
    return View(
        side,
        str(obs["phase"]),
        int(obs["impulse"]),
        int(obs["step"]),
        str(obs["initiative"]),
        bool(obs["night"]),
        int(obs["weather"]),
        tuple(pieces),
    )


def counters_of(pieces: Iterable[Piece]) -> list[Counter]:
    """The counters to draw: ships on the map grouped by side, counter and hex.

    A face-down piece (no counter id) is a counter of its own.
    """
    groups: dict[tuple[str, str, str], list[Piece]] = {}
    for i, p in enumerate(pieces):
        if p.on_map and p.hex is not None:
            groups.setdefault((p.side, p.counter or f"?{i}", p.hex), []).append(p)
    return [
        Counter(side, hx, ships[0].counter, tuple(ships)) for (side, _, hx), ships in groups.items()
    ]


# -- text helpers ------------------------------------------------------------------------------
def step_name(step: int) -> str:
    """What happens in a step of the 20-step impulse (volume 7.31)."""
    if step == 1:
        return "initiative"
    if step in MOVE_STEPS:
        return f"movement, speed {' '.join(MOVE_STEPS[step])}"
    if step in GUNNERY_STEPS:
        return "gunnery"
    if step in TORPEDO_STEPS:
        return "torpedoes"
    return "?"


def damage_text(p: Piece) -> str:
    """``"hull 2, pri 1; speed 1"``, ``"no damage"``, or ``"damage unknown"``."""
    if p.lost is None:
        return "damage unknown"
    parts = [f"{short} {p.lost[part]}" for part, short in PARTS if p.lost.get(part)]
    text = ("lost " + ", ".join(parts)) if parts else "no damage"
    return text + (f"; speed {p.speed}" if p.speed and not p.sunk else "")


def status_text(p: Piece) -> str:
    """Where a ship is and what state it is in."""
    if p.sunk:
        return "sunk"
    if p.left:
        return f"left by the {p.left} edge"
    if p.hex is None:
        return "not placed yet"
    return p.hex + (" aground" if p.aground else "") + (" beached" if p.beached else "")


def _halo(text: str, size: float, x: float, y: float, **kw: Any) -> Any:
    """Text over a white outline of itself, readable over land and grid."""
    group = draw.Group()
    group.append(
        _text(text, size, x, y, fill="white", stroke="white", stroke_width=size / 3.5, **kw)
    )
    group.append(_text(text, size, x, y, fill="#222222", **kw))
    return group


# -- the picture -------------------------------------------------------------------------------
class _Frame:
    """Pixel positions: hex-unit points (the overlay's frame) scaled by SIZE and shifted."""

    def __init__(self) -> None:
        centres = [to_pixel(h, SIZE) for h in tmap.hexes()]
        self.left = min(x for x, _ in centres) - SIZE * (1 + BORDER)
        self.top = min(y for _, y in centres) - SIZE * (0.87 + BORDER) - HEAD
        self.width = max(x for x, _ in centres) + SIZE * (1 + BORDER) - self.left
        self.height = max(y for _, y in centres) + SIZE * (0.87 + BORDER) - self.top

    def point(self, x: float, y: float) -> tuple[float, float]:
        """A point given in hex units."""
        return x * SIZE - self.left, y * SIZE - self.top

    def centre(self, h: Hex) -> tuple[float, float]:
        return self.point(*to_pixel(h, 1.0))

    def corners(self, h: Hex, r: float = 1.0) -> list[float]:
        """The corners of flat-topped ``h`` (shrunk by ``r``), flattened for draw.Lines."""
        cx, cy = to_pixel(h, 1.0)
        out: list[float] = []
        for i in range(6):
            a = math.radians(60 * i)
            out += self.point(cx + r * math.cos(a), cy + r * math.sin(a))
        return out


def draw_gwas(
    match: Match, whole_map: bool = False, caption: str | None = None, side: str | None = None
) -> str:
    """Draw a GWaS battle: the umpire's view, or ``side``'s view.

    Args:
        match: the match as it stands.
        whole_map: ignored: the tactical map is always drawn whole.
        caption: what the picture shows (e.g. "Start of impulse 3"), above the state line.
        side: draw what this side sees; None for the umpire's full view.
    """
    del whole_map
    view = view_of(match, side)
    battle = _battle(match)
    frame = _Frame()
    legend, bottom = _legend(view, frame.width, battle.overlay)
    height = max(frame.height, bottom + LINE)
    d = draw.Drawing(frame.width + PANEL, height, origin=(0, 0))
    d.append(draw.Rectangle(0, 0, frame.width + PANEL, height, fill="white"))
    title, lines = _title(match, battle, view, caption)
    d.append(draw.Title(" - ".join((title, *lines))))
    d.append(_text(title, 19, 14, 28, font_weight="bold", fill="#222222"))
    for i, line in enumerate(lines):
        d.append(_text(line, 13, 14, 50 + 17 * i, fill="#444444"))
    d.append(_map(frame))
    if battle.overlay is not None:
        d.append(_overlay(frame, battle.overlay, _has_fortresses(battle)))
    d.append(_labels(frame))
    d.append(_edge_names(frame))
    d.append(_counters(frame, counters_of(view.pieces), view.viewer))
    d.append(legend)
    return str(d.as_svg())


def _title(match: Match, battle: Battle, view: View, caption: str | None) -> tuple[str, list[str]]:
    scenario = battle.scenario
    title = f"{match.game.spec.title}: {scenario.title if scenario else match.scenario_name}"
    limit = int(match.options.get("impulses", 0) or (scenario.impulses if scenario else 0))
    if view.phase == "setup":
        when = "Set-up (7.2)"
    else:
        when = f"Impulse {view.impulse}" + (f" of {limit}" if limit else "")
        if view.phase == "impulse":
            when += f", step {view.step} ({step_name(view.step)})"
    state = (
        f"{when} - initiative {view.initiative} - {'night' if view.night else 'day'} - "
        f"weather {view.weather} ({weather.name(view.weather)})"
    )
    who = "Umpire's view (everything)" if view.viewer is None else f"{view.viewer}'s view"
    lines = [state, f"{who}  (seed {match.seed})"]
    if caption:
        lines.insert(0, caption)
    outcome = match.outcome
    if outcome is not None:
        lines.append(f"End of the battle: {outcome.summary}")
    return title, lines


def _has_fortresses(battle: Battle) -> bool:
    """Whether the scenario puts Port Arthur's coastal fortresses in play (20.44)."""
    scenario = battle.scenario
    if scenario is None:
        return False
    return any(code.startswith("FORT") for f in scenario.forces.values() for code in f.ships)


def _map(frame: _Frame) -> Any:
    """The sea hexes, the border rows (7.22) and the mesh (7.21)."""
    g = draw.Group(id="map")
    border = {h for e in tmap.EDGES for h in tmap.edge_row(e)}
    for h in tmap.hexes():
        g.append(draw.Lines(*frame.corners(h), close=True, fill=BORDER_ROW if h in border else SEA))
    hatch = draw.Pattern(8, 8, patternUnits="userSpaceOnUse")
    hatch.append(draw.Rectangle(0, 0, 8, 8, fill=SEA))
    hatch.append(draw.Line(0, 8, 8, 0, stroke="#7f9bb5", stroke_width=1.2))
    mesh = draw.Group(id="mesh", class_="mesh")
    for h in tmap.centre_hexes():
        mesh.append(draw.Lines(*frame.corners(h), close=True, fill=hatch))
    g.append(mesh)
    return g


def _edge_names(frame: _Frame) -> Any:
    """Each edge's name outside the middle of its border row (7.22)."""
    g = draw.Group(id="edges")
    for e in tmap.EDGES:
        row = tmap.edge_row(e)
        mx, my = to_pixel(row[len(row) // 2], 1.0)
        k = (math.hypot(mx, my) + 1.8) / math.hypot(mx, my)
        x, y = frame.point(mx * k, my * k)
        g.append(
            _text(
                f"{e} edge",
                13,
                x,
                y + 4,
                text_anchor="middle",
                fill="#4a6a88",
                font_weight="bold",
                class_="edge-name",
            )
        )
    return g


def _overlay(frame: _Frame, ov: Overlay, fortresses: bool) -> Any:
    """Land (clipped to the map), the port, the Roadstead and the port's entrance (20.0-20.5)."""
    g = draw.Group(id="overlay")
    clip = draw.ClipPath()
    for h in tmap.hexes():
        clip.append(draw.Lines(*frame.corners(h), close=True))
    land = draw.Group(id="land", clip_path=clip)
    for i, poly in enumerate(ov.polygons):
        shape = draw.Lines(
            *[c for x, y in poly for c in frame.point(x, y)],
            close=True,
            fill=LAND,
            stroke=COAST,
            stroke_width=1.2,
            class_="land",
        )
        if i < len(ov.polygon_names):
            shape.append_title(ov.polygon_names[i])
        land.append(shape)
    g.append(land)
    # the port and the way in (20.41)
    px, py = frame.centre(ov.port)
    g.append(
        draw.Lines(
            *frame.corners(ov.port, 0.93), close=True, fill="none", stroke="#4e342e", stroke_width=3
        )
    )
    g.append(
        _halo(ov.port_name, 14, px, py - SIZE * 1.05, text_anchor="middle", font_weight="bold")
    )
    ax, ay = frame.centre(ov.access)
    g.append(
        draw.Line(
            ax,
            ay,
            px + (ax - px) * 0.45,
            py + (ay - py) * 0.45,
            stroke="#4e342e",
            stroke_width=1.5,
            stroke_dasharray="4,3",
        )
    )
    if ov.access != ov.roadstead:
        g.append(_halo("entrance", SIZE * 0.17, ax, ay + SIZE * 0.82, text_anchor="middle"))
    if ov.roadstead is not None:
        rx, ry = frame.centre(ov.roadstead)
        g.append(
            draw.Lines(
                *frame.corners(ov.roadstead, 0.93),
                close=True,
                fill="none",
                stroke="#4e342e",
                stroke_width=2,
                stroke_dasharray="6,3",
            )
        )
        g.append(_halo("Roadstead", SIZE * 0.17, rx, ry + SIZE * 0.82, text_anchor="middle"))
        if fortresses:  # two coastal fortresses (20.44), as bastions at its side corners
            for sign in (-1, 1):
                fx, fy, r = rx + sign * SIZE * 0.8, ry, SIZE * 0.11
                fort = draw.Lines(
                    fx,
                    fy - r,
                    fx + r,
                    fy,
                    fx,
                    fy + r,
                    fx - r,
                    fy,
                    close=True,
                    fill="#3e2723",
                    class_="fortress",
                )
                fort.append_title("coastal fortress (20.44)")
                g.append(fort)
    return g


def _labels(frame: _Frame) -> Any:
    """The hex outlines and labels, over the land as on a printed overlay."""
    g = draw.Group(id="hexes")
    for h in tmap.hexes():
        g.append(
            draw.Lines(*frame.corners(h), close=True, fill="none", stroke=GRID, stroke_width=0.8)
        )
    for h in tmap.hexes():
        x, y = frame.centre(h)
        # LABEL_DY is the name's mid-height (line of sight, 20.2): the baseline is lower
        g.append(hex_label(tmap.label(h), x, y + SIZE * (LABEL_DY + 0.08), SIZE * 0.24, "#5f7387"))
    return g


_TYPE_MARK = {"FORT": "Ft"}


def _counters(frame: _Frame, counters: Sequence[Counter], viewer: str | None) -> Any:
    """Each hex's counters as squares in a grid under the hex label."""
    g = draw.Group(id="counters")
    by_hex: dict[str, list[Counter]] = {}
    for c in counters:
        by_hex.setdefault(c.hex, []).append(c)
    for hx, here in by_hex.items():
        here.sort(key=lambda c: (SIDES.index(c.side) if c.side in SIDES else 9, not c.id, c.id))
        n = len(here)
        cols = max(1, min(5, math.ceil(math.sqrt(n * 1.3))))
        rows = math.ceil(n / cols)
        cell = min(0.5, 1.24 / cols, 1.18 / rows) * SIZE
        cx, cy = frame.centre(tmap.hex_of(hx))
        y0 = cy + 0.09 * SIZE - cell * rows / 2
        for i, c in enumerate(here):
            row, col = divmod(i, cols)
            left = cx - cell * min(cols, n - row * cols) / 2  # a short last row is centred
            g.append(_counter(c, left + col * cell, y0 + row * cell, cell * 0.9, viewer))
    return g


def _counter(c: Counter, x: float, y: float, s: float, viewer: str | None) -> Any:
    """One counter: a square ``s`` wide at (x, y), marked by its type, size and grounding."""
    colour = COLOURS.get(c.side, "#555555")
    g = draw.Group(class_="counter")
    face_down = not c.id
    aground = any(p.aground for p in c.ships)
    beached = any(p.beached for p in c.ships)
    if aground or beached:
        stroke, width = (BEACHED, s * 0.16) if beached else (AGROUND, s * 0.16)
    else:
        stroke, width = "#222222", 0.6
    g.append(
        draw.Rectangle(
            x,
            y,
            s,
            s,
            fill=TINTS.get(c.side, "#dddddd") if face_down else colour,
            stroke=colour if face_down else stroke,
            stroke_width=1.2 if face_down else width,
            stroke_dasharray="3,2" if beached else None,
            rx=s * 0.08,
        )
    )
    if face_down:
        g.append_title(f"a face-down {c.side} counter")
        return g
    kind = c.ships[0].type
    g.append(
        _text(
            _TYPE_MARK.get(kind, kind),
            s * (0.42 if len(kind) < 3 else 0.34),
            x + s / 2,
            y + s * 0.64,
            text_anchor="middle",
            fill="white",
            font_weight="bold",
        )
    )
    if c.squadron:  # the number of ships in the squadron counter (9.0)
        r = s * 0.24
        g.append(draw.Circle(x + s, y, r, fill="white", stroke=colour, stroke_width=0.8))
        g.append(
            _text(
                str(len(c.ships)),
                r * 1.5,
                x + s,
                y + r * 0.5,
                text_anchor="middle",
                fill=colour,
                font_weight="bold",
                class_="squadron-size",
            )
        )
    names = ", ".join(p.name for p in c.ships)
    tip = f"{c.id.split(':', 1)[-1]}: {names}"
    if viewer is None or c.side == viewer:
        tip += "; " + "; ".join(f"{p.name} {damage_text(p)}" for p in c.ships)
    g.append_title(tip + (" (aground)" if aground else "") + (" (beached)" if beached else ""))
    return g


def _roster_name(p: Piece) -> str:
    """``"Mikasa (B)"``; a squadron member also gives its counter: ``"No. 21 class (TB #1)"``."""
    number = p.counter.partition("#")[2]
    return f"{p.name} ({p.type}{' #' + number if number else ''})"


def _legend(view: View, x0: float, overlay: Overlay | None) -> tuple[Any, float]:
    """The symbols and each side's ships (damage: all for the umpire, own for a side),
    and the legend's bottom."""
    g = draw.Group(id="legend")
    x, y = x0 + 8, HEAD + 24
    g.append(_text("Legend", 15, x, y, font_weight="bold"))
    y += 22
    for side in SIDES:
        g.append(draw.Rectangle(x, y - 11, 13, 13, fill=COLOURS[side], rx=1))
        g.append(_text(side, 12, x + 19, y, fill=COLOURS[side], font_weight="bold"))
        x += 90
    g.append(draw.Rectangle(x, y - 11, 13, 13, fill="#eeeeee", stroke="#777777"))
    g.append(_text("face down", 12, x + 19, y, fill="#333333"))
    x = x0 + 8
    y += 20
    symbols = [
        ("B, AC", "ship type; a circled number: ships in a squadron"),
        ("orange", "aground (7.42); brown dashes: beached (7.44)"),
        ("hatched", "the 7 central mesh hexes (7.21)"),
        ("rim", "the border row of each edge, tinted (7.22)"),
    ]
    if overlay is not None:
        symbols.append(("land", f"the {overlay.title} overlay (20.0, reconstructed)"))
        port = f"{overlay.port_name}: solid outline"
        if overlay.roadstead is not None:
            port += "; the Roadstead: dashed"
        symbols.append(("port", port))
    for name, text in symbols:
        g.append(_text(name, 11, x, y, font_weight="bold", fill="#333333"))
        g.append(_text(text, 11, x + 62, y, fill="#333333"))
        y += LINE
    # the status column starts after the longest name (about 6.5 px a letter)
    column = max([120.0] + [6.5 * len(_roster_name(p)) + 30 for p in view.pieces if p.name])
    for side in SIDES:
        y += 10
        mine = [p for p in view.pieces if p.side == side]
        known = [p for p in mine if p.name]
        hidden = sum(1 for p in mine if not p.name and p.on_map)
        damage = view.viewer is None or view.viewer == side
        head = f"{side}: {sum(1 for p in mine if p.on_map)} ships on the map"
        if not damage:
            head += " (damage unknown)"
        g.append(_text(head, 13, x, y, font_weight="bold", fill=COLOURS[side]))
        y += LINE + 2
        # one line per ship; alike members of a squadron share one, "x3"
        lines: dict[tuple[str, str], int] = {}
        for p in known:
            status = status_text(p) + (f"; {damage_text(p)}" if damage else "")
            lines[_roster_name(p), status] = lines.get((_roster_name(p), status), 0) + 1
        for (name, status), n in lines.items():
            name += f" x{n}" if n > 1 else ""
            g.append(_text(name, 11, x, y, fill=COLOURS[side], class_="ship"))
            g.append(_text(status, 11, x + column, y, fill="#333333"))
            y += LINE
        if hidden:
            word = "ship" if hidden == 1 else "ships"
            g.append(_text(f"{hidden} {word} face down, not identified", 11, x, y, fill="#555555"))
            y += LINE
    return g, y
