"""Play a match in the terminal (``navalwar play``), drawn with ``rich``.

Human sides choose at a prompt; agent sides play by themselves. Everything a
player is shown about the battle (map, ship table) is built from
``match.observe(side)``, so a game with hidden information shows each player
only what that side may know. Several human sides share the terminal in turn
(hot-seat): before each change of side the screen is cleared and the next
player presses Enter; each player is shown only the events and the view of
their own side (``match.events_for`` and ``match.observe``).

Games on a printed hex map with numeric labels (``MapSpec``) get the full text
map; games whose hexes are a column letter and a row number (GWaS's tactical
map, "K11") get a simpler grid of those columns and rows. The ship table shows
the columns the observation has: Tokyo Express's damage boxes, levels and
salvos, or GWaS's speed, boxes lost by part and status.
"""

from __future__ import annotations

import json
import math
import re
from collections.abc import Callable, Sequence
from functools import lru_cache
from typing import Any

from rich import box
from rich.columns import Columns
from rich.console import Console, JustifyMethod, RenderableType
from rich.padding import Padding
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from navalwar.agents import Agent
from navalwar.dice import Dice
from navalwar.engine import Decision, Match
from navalwar.errors import NavalwarError
from navalwar.events import Event
from navalwar.hexgrid import DIRECTIONS, Hex, MapSpec
from navalwar.render import heading_arrow, map_of

__all__ = ["play_terminal"]

SIDE_STYLES = ("bold bright_blue", "bold bright_red", "bold green", "bold yellow")
LEVEL_STYLES = ("green", "yellow", "dark_orange", "bold red")
SALVO_GLYPHS = {"ready": "●", "fired": "○", "lost": "×"}
_CANVAS_STYLES = {"label": "grey62", "dot": "grey35"}
GRAVE = ("damage", "sink", "sunk", "hit", "killed", "lost", "game_over")

HELP = """\
At the prompt:
  1, 2, ...   pick that choice           Enter     show the choices again
  r           a random legal choice      {...}     a JSON action, e.g. {"tag": "set_speed", ...}
  a           let the computer choose this time (the game's heuristic agent)
  auto        let the computer play your side to the end of the game
  u           undo your last choice (only back to the last dice roll or reveal)
  m           redraw the map and the ship table
  l           the full event log         v         show/hide dice rolls
  s FILE      save the game to FILE      q         quit (asks first)
  h or ?      this help                  Ctrl-C    leave at once, without saving
Map: each ship is a letter (see the Key column of the table) with an arrow for its
heading as printed on the map; its hex label is written just above it (or, where
there is no room, at the end of its line). On a lettered grid (GWaS) each hex shows
the keys of the ships in it (+ when there are more), ? for a counter not yet seen."""


def play_terminal(
    match: Match,
    humans: set[str],
    agents: dict[str, Agent],
    *,
    input_fn: Callable[[str], str] = input,
    console: Console | None = None,
) -> None:
    """Play ``match`` to the end in the terminal.

    Args:
        match: the match to play (it is played in place).
        humans: the sides chosen at the prompt; several means hot-seat.
        agents: who decides for every other side, by side.
        input_fn: reads one line after printing its prompt (``input`` by default).
        console: where to draw (a new ``rich`` console by default).
    """
    out = console if console is not None else Console(highlight=False)
    _Session(match, humans, agents, input_fn, out).run()


class _Quit(Exception):
    """The player asked to leave."""


class _Keys:
    """One-character map keys for ships, stable for the whole game.

    A ship gets the first unused letter of its name: upper case for the first
    side (and every other one after it), lower case for the second.
    """

    def __init__(self, sides: Sequence[str]) -> None:
        self.sides = tuple(sides)
        self.keys: dict[str, str] = {}

    def __call__(self, name: str, side: str) -> str:
        key = self.keys.get(name)
        if key is not None:
            return key
        lower = side in self.sides and self.sides.index(side) % 2 == 1
        used = set(self.keys.values())
        self.keys[name] = "?"
        for ch in name + "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789":
            key = ch.lower() if lower else ch.upper()
            if ch.isalnum() and key not in used:
                self.keys[name] = key
                break
        return self.keys[name]


def _side_style(sides: Sequence[str], side: str) -> str:
    return SIDE_STYLES[sides.index(side) % len(SIDE_STYLES)] if side in sides else "bold"


def _ships(obs: dict[str, Any]) -> list[dict[str, Any]]:
    ships = obs.get("ships")
    return [s for s in ships if isinstance(s, dict)] if isinstance(ships, list) else []


def _arrow(spec: MapSpec, heading: str) -> str:
    try:
        return heading_arrow(spec, spec.heading(heading))
    except NavalwarError:
        return "?"


# -- the map -------------------------------------------------------------------------------------
@lru_cache(maxsize=8)
def _layout(spec: MapSpec) -> tuple[bool, tuple[tuple[Hex, str, int, int], ...]]:
    """Every map hex with its label and text-grid position (line, column unit)."""
    pointy = any(abs(spec.pixel(d)[1]) < 1e-6 for d in DIRECTIONS)
    ux, uy = (math.sqrt(3) / 2, 1.5) if pointy else (1.5, math.sqrt(3) / 2)
    cells = []
    for h in spec.hexes():
        x, y = spec.pixel(h)
        cells.append((h, spec.label(h), round(y / uy), round(x / ux)))
    return pointy, tuple(cells)


def map_view(
    obs: dict[str, Any],
    spec: MapSpec,
    keys: _Keys,
    sides: Sequence[str],
    width: int = 120,
    margin: int = 1,
) -> Text | None:
    """A text map of the hexes around the observed ships, in the printed orientation.

    One text line per line of hexes; each ship is its key letter plus a heading
    arrow, in its side's colour; each occupied hex's label is written just above
    it, or at the end of its line when there is no room. Long runs of empty lines
    are folded into one. ``None`` if no ship is on the map.
    """
    placed: dict[Hex, list[dict[str, Any]]] = {}
    for s in _ships(obs):
        if s.get("removed") or not s.get("hex"):
            continue
        try:
            placed.setdefault(spec.hex(str(s["hex"]), check_bounds=False), []).append(s)
        except NavalwarError:
            continue
    if not placed:
        return None
    pointy, cells = _layout(spec)
    where = {h: (line, col) for h, _label, line, col in cells}
    spots = [where[h] for h in placed if h in where]
    if not spots:
        return None
    my, mx = (margin, 2 * margin) if pointy else (2 * margin, margin)
    top, bottom = min(p[0] for p in spots) - my, max(p[0] for p in spots) + my
    left, right = min(p[1] for p in spots) - mx, max(p[1] for p in spots) + mx
    cell = 6
    if (right - left) * (cell // 2 if pointy else cell) + cell + 4 > width:
        cell = 4
    step = cell // 2 if pointy else cell
    rows, cols = bottom - top + 3, (right - left) * step + cell
    chars = [[" "] * cols for _ in range(rows)]
    styles = [[""] * cols for _ in range(rows)]

    def put(y: int, x: int, text: str, style: str) -> None:
        for i, ch in enumerate(text):
            if 0 <= y < rows and 0 <= x + i < cols:
                chars[y][x + i] = ch
                styles[y][x + i] = style

    def centre(line: int, col: int) -> tuple[int, int]:
        return line - top + 1, (col - left) * step + cell // 2

    prefixes: dict[int, set[str]] = {}
    for _h, label, line, col in cells:
        if top <= line <= bottom and left <= col <= right:
            put(*centre(line, col), "·", "dot")
            prefixes.setdefault(line - top + 1, set()).add(label[: spec.col_digits])
    occupied = sorted((where[h], h) for h in placed if h in where)
    markers: list[tuple[int, int, int, Hex]] = []  # (y, first x, last x, hex)
    for (line, col), h in occupied:
        groups: dict[tuple[str, str], list[dict[str, Any]]] = {}
        for s in placed[h]:
            groups.setdefault((str(s.get("side", "")), str(s.get("heading", ""))), []).append(s)
        parts: list[tuple[str, str]] = []
        for (side, heading), ships in groups.items():
            base = _side_style(sides, side)
            parts += [
                (keys(str(s["name"]), side), base + (" strike" if s.get("sinking") else ""))
                for s in ships
            ]
            parts.append((_arrow(spec, heading), base))
        if len(parts) > cell - 1:
            parts = [*parts[: cell - 2], ("+", "bold")]
        y, x = centre(line, col)
        x0 = x - (len(parts) - 1) // 2
        for i, (ch, style) in enumerate(parts):
            put(y, x0 + i, ch, style)
        markers.append((y, x0, x0 + len(parts) - 1, h))
    notes: dict[int, list[str]] = {}
    for y, first, last, h in markers:  # each hex label just above it, else at the line's end
        label = spec.label(h)
        n = len(label)
        lx = (first + last + 1 - n) // 2
        if (
            y >= 1
            and lx >= 1
            and lx + n < cols
            and all(
                chars[y - 1][i] in " ·" and styles[y - 1][i] != "label"
                for i in range(lx - 1, lx + n + 1)
            )
        ):
            put(y - 1, lx, label, "label")
        else:
            notes.setdefault(y, []).append(label + " " + "".join(chars[y][first : last + 1]))
    busy = {y for y in range(rows) if y in notes or any(st not in ("", "dot") for st in styles[y])}
    lines: list[Text] = []
    y = 0
    while y < rows:
        end = y
        while end < rows and not busy & {end - 1, end, end + 1}:
            end += 1
        if end - y >= 3:  # a long run of empty lines is shown as one
            lines.append(
                Text(f"{'':>{spec.col_digits}}  ⋮  ({end - y} lines without ships)", "grey50")
            )
            y = end
            continue
        pre = prefixes.get(y, set())
        if y not in busy and not pre:  # the spare lines above and below the map
            y += 1
            continue
        row = Text(f"{next(iter(pre)) if len(pre) == 1 else '':>{spec.col_digits}} ", "grey50")
        run, run_style = "", ""
        for ch, style in zip(chars[y], styles[y], strict=True):
            if style != run_style and run:
                row.append(run, _CANVAS_STYLES.get(run_style, run_style) or None)
                run = ""
            run, run_style = run + ch, style
        row.append(run.rstrip(), _CANVAS_STYLES.get(run_style, run_style) or None)
        if y in notes:
            row.append("   " + "  ".join(notes[y]), "grey62")
        lines.append(row)
        y += 1
    text = Text("\n").join(lines)
    text.no_wrap, text.overflow = True, "crop"
    return text


def map_legend(spec: MapSpec, sides: Sequence[str]) -> Text:
    """Heading arrows and side colours of :func:`map_view`."""
    text = Text("Headings: ", "grey50")
    for i, name in enumerate(spec.heading_names):
        text.append(f"{heading_arrow(spec, i)} {name}  ")
    text.append("  Sides: ", "grey50")
    for side in sides:
        text.append(f"{side} ", _side_style(sides, side))
    text.append("  (struck-through: sinking)", "grey50")
    return text


_GRID_LABEL = re.compile(r"^([A-Z])(\d{1,2})$")
GRID_COLUMNS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"


def _grid_cell(label: str) -> tuple[int, int] | None:
    """(column index, row) of a ``K11``-style hex label, or None."""
    m = _GRID_LABEL.match(label.strip().upper())
    return (GRID_COLUMNS.index(m.group(1)), int(m.group(2))) if m else None


def grid_map_view(
    obs: dict[str, Any], keys: _Keys, sides: Sequence[str], margin: int = 2
) -> Text | None:
    """A text map for hexes labelled by column letter and row number (``K11``).

    Flat-topped hexes as printed on GWaS's tactical map: a column of hexes runs
    down each letter, and the odd columns (B, D, ...) sit half a hex lower. Each
    hex shows the keys of up to two ships in it (``+`` when there are more), in
    their side's colour; ``?`` is an enemy counter not yet seen. Only the area
    around the ships is drawn. ``None`` if no ship has such a hex.
    """
    placed: dict[tuple[int, int], list[dict[str, Any]]] = {}
    for ship in _ships(obs):
        if ship.get("sunk") or ship.get("left") or not ship.get("hex"):
            continue
        cell = _grid_cell(str(ship["hex"]))
        if cell is not None:
            placed.setdefault(cell, []).append(ship)
    if not placed:
        return None
    cols = [c for c, _r in placed]
    rows = [r for _c, r in placed]
    c0, c1 = max(0, min(cols) - margin), min(len(GRID_COLUMNS) - 1, max(cols) + margin)
    r0, r1 = max(1, min(rows) - margin), max(rows) + margin
    width = 4
    head = Text("   ", "grey50")
    for c in range(c0, c1 + 1):
        head.append(f" {GRID_COLUMNS[c]}  ", "grey50")
    lines = [head]
    for y in range(2 * r0, 2 * r1 + 2):
        row, odd = divmod(y, 2)
        line = Text(f"{row:>2} " if not odd else "   ", "grey50")
        for c in range(c0, c1 + 1):
            if c % 2 != odd:
                line.append(" " * width)
                continue
            ships = placed.get((c, row), [])
            if not ships:
                line.append(" ·  ", "grey35")
                continue
            marks: list[tuple[str, str]] = []
            for ship in ships[:2]:
                side = str(ship.get("side", ""))
                name = ship.get("name")
                mark = keys(str(name), side) if name else "?"
                marks.append((mark, _side_style(sides, side)))
            if len(ships) > 2:
                marks.append(("+", "bold"))
            glyphs = Text(" ")
            for mark, style in marks:
                glyphs.append(mark, style)
            glyphs.pad_right(width - len(glyphs.plain))
            line.append(glyphs)
        lines.append(line)
    text = Text("\n").join(lines)
    text.no_wrap, text.overflow = True, "crop"
    return text


def grid_legend(sides: Sequence[str]) -> Text:
    """How to read :func:`grid_map_view`."""
    text = Text("Hexes: column letter + row number (odd columns sit half a row lower).", "grey50")
    text.append("  Sides: ", "grey50")
    for side in sides:
        text.append(f"{side} ", _side_style(sides, side))
    text.append("  ? = not yet seen", "grey50")
    return text


# -- the ship table ------------------------------------------------------------------------------
def _damage(ship: dict[str, Any], bar: bool = True) -> Text:
    hits, boxes = int(ship.get("hits", 0)), int(ship.get("boxes", 0))
    level = min(int(ship.get("damage_level", 0)), 3)
    boxes_drawn = "■" * hits + "□" * max(0, boxes - hits) if bar and boxes <= 12 else ""
    return Text(f"{hits:>2}/{boxes:<2} {boxes_drawn}".rstrip(), LEVEL_STYLES[level])


NARROW = 100
"""Below this many columns the ship table leaves out the drawn damage boxes and wraps
the order and status columns (an 80-column terminal)."""


def ship_table(
    obs: dict[str, Any],
    keys: _Keys,
    sides: Sequence[str],
    spec: MapSpec | None,
    width: int = 120,
) -> Table | None:
    """Formations and ships: hex, heading, Speed, order, damage, torpedoes, status
    (narrower under :data:`NARROW` columns)."""
    ships = _ships(obs)
    if not ships:
        return None
    formations = {f.get("id"): f for f in obs.get("formations") or () if isinstance(f, dict)}
    flagship = obs.get("flagship")
    narrow = width < NARROW
    table = Table(
        box=box.SIMPLE_HEAD,
        padding=(0, 1, 0, 0) if narrow else (0, 1),
        pad_edge=False,
        show_edge=False,
        header_style="bold",
    )
    columns: tuple[tuple[str, JustifyMethod], ...] = (
        ("Key", "center"),
        ("Ship", "left"),
        ("Type", "left"),
        ("Hex", "left"),
        ("Hdg", "left"),
        ("Fmn", "right"),
        ("Spd/max", "left"),
        ("Order", "left"),
        ("Damage boxes", "left"),
        ("Lvl", "left"),
        ("Torp", "left"),
        ("Status", "left"),
    )
    wraps = ("Order", "Status") if narrow else ("Order",)
    short = {"Spd/max": "Spd", "Damage boxes": "Dmg"} if narrow else {}
    for name, just in columns:
        table.add_column(short.get(name, name), justify=just, no_wrap=name not in wraps)

    def sort_key(s: dict[str, Any]) -> tuple[int, int, int]:
        side = str(s.get("side"))
        return (
            sides.index(side) if side in sides else len(sides),
            bool(s.get("removed")),
            int(s.get("formation") or 0) or 10_000,
        )

    last_side, seen_formations = None, set()
    for s in sorted(ships, key=sort_key):
        side, name = str(s.get("side")), str(s.get("name"))
        style = _side_style(sides, side)
        if last_side is not None and side != last_side:
            table.add_section()
        last_side = side
        removed = bool(s.get("removed"))
        fid = s.get("formation") or 0
        f = formations.get(fid) if fid else None
        speed = (
            f"{f.get('speed') or '-'}/{s.get('max_speed', '?')}"
            if f
            else f"-/{s.get('max_speed', '?')}"
        )
        order = ""
        if f is not None and fid not in seen_formations:
            seen_formations.add(fid)
            order = str(f.get("order", ""))
        heading = str(s.get("heading", ""))
        if spec is not None and heading:
            heading = _arrow(spec, heading) + heading
        level = int(s.get("damage_level", 0))
        step = int(s.get("current_step_level", 0) or 0)
        salvos = (
            "".join(
                SALVO_GLYPHS.get(str(v.get("status")), "?")
                for v in s.get("salvos") or ()
                if isinstance(v, dict)
            )
            or "-"
        )
        status = []
        if name == flagship:
            status.append(Text("flagship", "bold"))
        if removed:
            status.append(Text("sunk", "grey50"))
        elif s.get("sinking"):
            status.append(Text("SINKING", "bold red"))
        elif s.get("fired"):
            status.append(Text("fired", "grey62"))
        cells: list[RenderableType] = [
            Text(keys(name, side) if not removed else "", style),
            Text(name, style),
            str(s.get("type", "")),
            "" if removed else str(s.get("hex", "")),
            "" if removed else heading,
            str(fid or ""),
            "" if removed else speed,
            order,
            _damage(s, bar=not narrow),
            f"{level}→{step}" if step > level else str(level or "-"),
            salvos,
            Text(", ").join(status),
        ]
        table.add_row(*cells, style="grey50" if removed else None)
    return table


def counter_table(obs: dict[str, Any], keys: _Keys, sides: Sequence[str]) -> Table | None:
    """Ships of a game observed counter by counter (GWaS): key, name, type, counter,
    hex, speed, boxes lost by part, status. Enemy counters not yet seen show only
    where they are."""
    ships = _ships(obs)
    if not ships:
        return None
    table = Table(
        box=box.SIMPLE_HEAD, padding=(0, 1), pad_edge=False, show_edge=False, header_style="bold"
    )
    for name in ("Key", "Ship", "Type", "Counter", "Hex", "Speed", "Lost P/S/T/H", "Status"):
        table.add_column(name, justify="center" if name == "Key" else "left", no_wrap=True)

    def sort_key(s: dict[str, Any]) -> tuple[int, bool, str]:
        side = str(s.get("side"))
        gone = bool(s.get("sunk") or s.get("left"))
        return (sides.index(side) if side in sides else len(sides), gone, str(s.get("hex") or ""))

    hidden: dict[tuple[str, str], int] = {}  # face-down ships by (side, hex), one row each
    rows: list[dict[str, Any]] = []
    for s in sorted(ships, key=sort_key):
        if s.get("name"):
            rows.append(s)
            continue
        where = (str(s.get("side")), str(s.get("hex") or ""))
        if where not in hidden:
            rows.append(s)
        hidden[where] = hidden.get(where, 0) + 1
    last_side = None
    for s in rows:
        side = str(s.get("side"))
        style = _side_style(sides, side)
        if last_side is not None and side != last_side:
            table.add_section()
        last_side = side
        ship_name = s.get("name")
        many = hidden.get((side, str(s.get("hex") or "")), 1) if not ship_name else 1
        gone = bool(s.get("sunk") or s.get("left"))
        lost = s.get("lost")
        lost_text = (
            "/".join(str(lost.get(p, 0)) for p in ("primary", "secondary", "tertiary", "hull"))
            if isinstance(lost, dict)
            else ""
        )
        status = []
        if s.get("sunk"):
            status.append(Text("sunk", "grey50"))
        if s.get("left"):
            status.append(Text(f"left by {s['left']}", "grey50"))
        if s.get("aground"):
            status.append(Text("AGROUND", "bold red"))
        if isinstance(lost, dict) and any(lost.values()) and not gone:
            status.append(Text("damaged", "yellow"))
        if "speed" in s and s.get("speed") is None and not gone:
            status.append(Text("cannot sail", "bold red"))
        table.add_row(
            Text(keys(str(ship_name), side) if ship_name and not gone else "", style),
            Text(
                str(ship_name) if ship_name else f"(face down{f' x{many}' if many > 1 else ''})",
                style,
            ),
            str(s.get("type", "")),
            str(s.get("counter") or ""),
            "" if gone else str(s.get("hex") or ""),
            str(s.get("speed") or "") if "speed" in s else "",
            lost_text,
            Text(", ").join(status),
            style="grey50" if gone else None,
        )
    return table


def _labels(obs: dict[str, Any]) -> dict[str, str]:
    """Ship and counter keys the observation names (``R:B06``) -> ship names, to make
    choices readable; a counter of several ships gets its first name."""
    out: dict[str, str] = {}
    for s in _ships(obs):
        name = s.get("name")
        if not name:
            continue
        for ref in (s.get("key"), s.get("counter")):
            if isinstance(ref, str) and ref and ref not in out and ref != name:
                out[ref] = str(name)
    return out


def annotate(text: str, labels: dict[str, str]) -> str:
    """``text`` with each key in ``labels`` followed by its name: ``R:B06 (Peresvet)``."""
    if not labels:
        return text
    pattern = re.compile(
        "|".join(re.escape(k) for k in sorted(labels, key=len, reverse=True)) + r"(?![\w#.])"
    )
    return pattern.sub(lambda m: f"{m.group(0)} ({labels[m.group(0)]})", text)


# -- events --------------------------------------------------------------------------------------
def narrate(
    events: Sequence[Event], names: dict[str, str], verbose: bool = False
) -> list[RenderableType]:
    """Readable lines for ``events``: moves grouped, dice rolls only when ``verbose``.

    Args:
        events: the events to tell.
        names: ship name -> style, to colour the names in the text.
        verbose: include the dice rolls.
    """
    lines: list[RenderableType] = []
    words = sorted(names, key=len, reverse=True)

    def add(text: Text, indent: int = 2) -> None:
        for word in words:
            text.highlight_words([word], names[word])
        lines.append(Padding(text, (0, 0, 0, indent)))

    def moved(e: Event) -> bool:
        return e.kind == "ship_moved" and "ship" in e.data and "to" in e.data

    i = 0
    while i < len(events):
        e = events[i]
        i += 1
        if e.kind == "dice_rolled":
            if verbose:
                add(Text(f"dice: {e.text}", "grey50"), 4)
        elif moved(e):
            moves = [e]
            while i < len(events) and (
                moved(events[i]) or (events[i].kind == "dice_rolled" and not verbose)
            ):
                moves += [events[i]] if moved(events[i]) else []
                i += 1
            add(Text("moves: " + ", ".join(f"{m.data['ship']} → {m.data['to']}" for m in moves)))
        elif e.kind == "turn_began":
            lines.append(Text(f"══ {e.text} ══", "bold reverse"))
        elif e.kind == "phase_began":
            add(Text(f"· {e.text}", "italic grey62"), 0)
        else:
            text = Text(e.text, "bold" if any(word in e.kind for word in GRAVE) else "")
            text.append(f"  ({e.rule})" if e.rule else "", "grey50")
            add(text)
    return lines


def _title(side: str, obs: dict[str, Any]) -> str:
    """The board's heading: the side and where the game is (turn, impulse or round)."""
    if "turn" in obs:
        title = f"{side}: Game Turn {obs['turn']}"
        if "last_turn" in obs:
            title += f" of {obs['last_turn']}"
        return title
    if obs.get("phase") == "setup":
        return f"{side}: set-up"
    if "impulse" in obs:
        title = f"{side}: impulse {obs['impulse']}, step {obs.get('step', '?')}"
        if obs.get("initiative"):
            title += f", initiative {obs['initiative']}"
        return title + (", night" if obs.get("night") else "")
    if "round" in obs:
        return f"{side}: Basic Combat round {obs['round']} at {obs.get('range', '?')} range"
    return side


def _board_key(obs: dict[str, Any]) -> str:
    """What the map and ship table show, to redraw them only when the ships changed."""
    return json.dumps(obs.get("ships"), sort_keys=True, default=str)


# -- the session ---------------------------------------------------------------------------------
class _Session:
    """One terminal game: the loop, the views and the prompt commands."""

    def __init__(
        self,
        match: Match,
        humans: set[str],
        agents: dict[str, Agent],
        input_fn: Callable[[str], str],
        console: Console,
    ) -> None:
        self.match = match
        self.humans = set(humans)
        self.agents = dict(agents)
        self.read = input_fn
        self.out = console
        self.sides = tuple(match.game.spec.sides)
        self.viewer = next((s for s in self.sides if s in self.humans), self.sides[0])
        self.spec = map_of(match.game) if match.game.spec.map_kind == "hex" else None
        self.keys = _Keys(self.sides)
        self.verbose = False
        self.seen: dict[str, int] = {}
        self.shown: dict[str, str] = {}
        self.last_side: str | None = None
        self.deciders: list[str | None] = [None] * len(match.actions)
        self.rng = Dice(match.seed + 104_729)
        self._helper: Agent | None = None

    # -- output helpers ---------------------------------------------------------------------
    def say(self, message: str, style: str = "yellow") -> None:
        self.out.print(Text(message, style))

    def names(self, obs: dict[str, Any]) -> dict[str, str]:
        return {
            str(s["name"]): _side_style(self.sides, str(s.get("side")))
            for s in _ships(obs)
            if "name" in s
        }

    def tell(self, events: Sequence[Event], obs: dict[str, Any]) -> None:
        for line in narrate(events, self.names(obs), self.verbose):
            self.out.print(line)

    def tell_new(self, side: str) -> None:
        """The events since ``side`` last looked that ``side`` may see."""
        start = min(self.seen.get(side, 0), len(self.match.events))
        events = [e for e in self.match.events[start:] if not e.sides or side in e.sides]
        self.seen[side] = len(self.match.events)
        if events:
            self.tell(events, self.match.observe(side))

    def show_board(self, side: str, obs: dict[str, Any]) -> None:
        self.shown[side] = _board_key(obs)
        self.out.rule(Text(_title(side, obs), _side_style(self.sides, side)))
        if self.spec is not None:
            view = map_view(obs, self.spec, self.keys, self.sides, self.out.width - 1)
            if view is not None:
                self.out.print(view)
                self.out.print(map_legend(self.spec, self.sides))
        else:
            grid = grid_map_view(obs, self.keys, self.sides)
            if grid is not None:
                self.out.print(grid)
                self.out.print(grid_legend(self.sides))
        ships = _ships(obs)
        if ships and all("boxes" not in s for s in ships):
            table = counter_table(obs, self.keys, self.sides)
        else:
            table = ship_table(obs, self.keys, self.sides, self.spec, self.out.width)
        if table is not None:
            self.out.print(table)

    def show_decision(self, d: Decision) -> None:
        head = Text(f"{d.side} to decide: ", _side_style(self.sides, d.side))
        head.append(d.prompt, "bold")
        head.append(f"  ({d.rule})" if d.rule else "", "grey50")
        self.out.print(head)
        if d.choices:
            labels = _labels(self.match.observe(d.side))
            items = [
                Text(f"{i:>3}. ", "bold cyan") + Text(annotate(a.describe(), labels))
                for i, a in enumerate(d.choices, 1)
            ]
            if len(items) <= 6:
                for item in items:
                    self.out.print(item)
            else:
                self.out.print(Columns(items, column_first=True, padding=(0, 2)))
            return
        try:
            example = json.dumps(self.match.game.codec.to_json(d.random_choice(Dice(0))))
        except NavalwarError:
            example = '{"tag": ...}'
        self.out.print(
            Text(
                "  Too many choices to list. Type a JSON action, e.g.\n    "
                f"{example}\n  or r for a random legal one.",
                "cyan",
            )
        )

    # -- the loop ---------------------------------------------------------------------------
    def run(self) -> None:
        m = self.match
        title = getattr(m.scenario, "title", m.scenario_name)
        who = ", ".join(s for s in self.sides if s in self.humans) or "nobody (agents only)"
        self.out.print(
            Panel(
                Text.assemble(
                    (f"{m.game.spec.title}: {title}", "bold"),
                    f"  (seed {m.seed})\n",
                    "You command: ",
                    (who, "bold"),
                    ".  Type h at the prompt for help.",
                ),
                box=box.ROUNDED,
                expand=False,
            )
        )
        try:
            self.loop()
        except _Quit:
            self.say("Game abandoned.", "bold")
            return
        except (KeyboardInterrupt, EOFError):
            self.say("\nInterrupted: game abandoned, nothing saved.", "bold")
            return
        self.finish()

    def loop(self) -> None:
        while True:
            d = self.match.decision
            if d is None:
                return
            if d.side in self.humans:
                self.human(d)
                continue
            agent = self.agents.get(d.side)
            if agent is None:
                raise NavalwarError(f"nobody plays side {d.side!r}: give it an agent or a player")
            self.match.apply(agent.choose(self.match, d))
            self.deciders.append(d.side)
            if len(self.humans) <= 1:
                self.tell_new(self.viewer)

    def human(self, d: Decision) -> None:
        side = d.side
        if len(self.humans) > 1 and side != self.last_side:
            self.out.clear()
            self.out.print(
                Panel(
                    Text(
                        f"{side} to play: pass the terminal to the {side} player.",
                        _side_style(self.sides, side),
                    ),
                    expand=False,
                )
            )
            self.read(f"{side}: press Enter when ready ")
            self.shown.pop(side, None)
        self.last_side = side
        self.tell_new(side)
        obs = self.match.observe(side)
        if self.shown.get(side) != _board_key(obs):
            self.show_board(side, obs)
        self.show_decision(d)
        while not self.command(self.read(f"{side}> ").strip(), d, side):
            pass

    def apply(self, action: Any, side: str) -> bool:
        try:
            self.match.apply(action)
        except NavalwarError as exc:
            self.say(f"Not accepted: {exc}")
            return False
        self.deciders.append(side)
        return True

    def command(self, raw: str, d: Decision, side: str) -> bool:
        """Carry out one line typed at the prompt; True once the decision is made."""
        word, _, rest = raw.partition(" ")
        word = word.lower()
        choices = d.choices or ()
        if raw.isdigit():
            if not choices:
                self.say("This decision has no numbered choices: type a JSON action, or r.")
            elif 1 <= int(raw) <= len(choices):
                return self.apply(choices[int(raw) - 1], side)
            else:
                self.say(f"There is no choice {raw}: pick a number from 1 to {len(choices)}.")
        elif raw.startswith("{"):
            try:
                action = json.loads(raw)
            except json.JSONDecodeError as exc:
                self.say(f"That is not valid JSON ({exc.msg} at column {exc.colno}).")
                return False
            if not isinstance(action, dict):
                self.say('A JSON action is an object like {"tag": ..., ...}.')
                return False
            return self.apply(action, side)
        elif raw == "":
            self.show_decision(d)
        elif word in ("h", "?", "help"):
            self.out.print(Text(HELP))
        elif word == "r":
            try:
                action = d.random_choice(self.rng)
            except NavalwarError as exc:
                self.say(f"No random choice is possible here: {exc}")
                return False
            self.say(f"Random choice: {action.describe()}", "cyan")
            return self.apply(action, side)
        elif word == "a":
            return self.auto(d, side)
        elif word == "auto":
            self.say(f"The computer plays {side} from now on.", "cyan")
            self.humans.discard(side)
            self.agents[side] = self.helper()
            return self.auto(d, side)
        elif word == "u":
            return self.undo(side)
        elif word == "m":
            self.show_board(side, self.match.observe(side))
            self.show_decision(d)
        elif word == "l":
            self.out.rule("The full log")
            self.tell(self.match.events_for(side), self.match.observe(side))
            self.out.rule()
        elif word == "v":
            self.verbose = not self.verbose
            self.say(f"Dice rolls are now {'shown' if self.verbose else 'hidden'}.", "cyan")
        elif word == "s":
            self.save(rest.strip())
        elif word == "q":
            answer = self.read("Quit this game? Unsaved progress is lost. [y/N] ")
            if answer.strip().lower() in ("y", "yes"):
                raise _Quit
            self.say("Carrying on.", "cyan")
        else:
            what = f"a number from 1 to {len(choices)}" if choices else "a JSON action, r"
            self.say(f"Unknown command {raw!r}: type {what}, or h for help.")
        return False

    def helper(self) -> Agent:
        """The agent that chooses for a player who asks (the game's default agent)."""
        if self._helper is None:
            from navalwar.agents import default_agent, make_agent

            game = self.match.game.id
            self._helper = make_agent(game, default_agent(game), self.match.seed + 7919)
        return self._helper

    def auto(self, d: Decision, side: str) -> bool:
        """Let the computer make this decision."""
        action = self.helper().choose(self.match, d)
        self.say(f"Computer's choice: {action.describe()}", "cyan")
        return self.apply(action, side)

    def save(self, path: str) -> None:
        if not path:
            self.say("Say where to save: s FILE (e.g. s battle.json).")
            return
        try:
            self.match.save(path)
        except (NavalwarError, OSError) as exc:
            self.say(f"Could not save: {exc}")
            return
        self.say(f"Saved to {path}.", "cyan")

    def undo(self, side: str) -> bool:
        """Take back ``side``'s last choice (and any agent choices after it)."""
        count = 0
        for who in reversed(self.deciders):
            count += 1
            if who == side:
                break
            if who is None or who in self.humans:
                self.say(f"Undo is not allowed: the last choice was not {side}'s.")
                return False
        else:
            self.say(f"Nothing to undo: {side} has made no choice yet.")
            return False
        refuse = (
            f"Undo is not allowed now: dice were rolled or facts revealed since {side}'s "
            "last choice (a choice is only taken back up to the last chance event)."
        )
        if not self.match.can_undo():
            self.say(refuse)
            return False
        probe = self.match.clone()
        try:
            for _ in range(count):
                probe.undo()
        except NavalwarError:
            self.say(refuse)
            return False
        taken = self.match.actions[-count:]
        for _ in range(count):
            self.match.undo()
        del self.deciders[-count:]
        for s in self.seen:
            self.seen[s] = min(self.seen[s], len(self.match.events))
        self.say("Took back: " + "; ".join(a.describe() for a in taken), "cyan")
        return True

    def finish(self) -> None:
        obs = self.match.observe(self.viewer)
        self.show_board(self.viewer, obs)
        self.out.rule(Text("Battle report", "bold"))
        self.out.print(Text(self.match.report()))
        outcome = self.match.outcome
        if outcome is not None:
            style = _side_style(self.sides, outcome.winner) if outcome.winner else "bold"
            self.out.print(
                Panel(Text(outcome.summary or outcome.level, style), title="Result", expand=False)
            )
