"""Play a match in the terminal (``navalwar play``), drawn with ``rich``.

Human sides choose at a prompt; agent sides play by themselves. Everything a
player is shown about the battle (map, ship table) is built from
``match.observe(side)``, so a game with hidden information shows each player
only what that side may know. Several human sides share the terminal in turn
(hot-seat): before each change of side the screen is cleared and the next
player presses Enter; each player is shown only the events and the view of
their own side (``match.events_for`` and ``match.observe``).

A game says how it is shown (its declared :class:`~navalwar.views.TerminalView`),
and everything drawn is read from the observation: a printed hex map (``MapSpec``)
gets the full text map, hexes named by a column letter and a row number ("K11") a
simpler grid of those columns and rows; on either, the ships (with or without heading
arrows, face-down counters as ``?``), the markers and the terrain the view names. The
table is the core's counter table with the view's columns, or the game's own; the
heading says where the game is (a turn, an impulse, a round).
"""

from __future__ import annotations

import json
import math
import re
import sys
from collections.abc import Callable, Collection, Iterable, Mapping, Sequence
from functools import lru_cache
from pathlib import Path
from typing import Any

from rich import box
from rich.console import Console, RenderableType
from rich.padding import Padding
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from navalwar.actions import Action
from navalwar.agents import Agent
from navalwar.dice import Dice
from navalwar.engine import Decision, Match
from navalwar.errors import NavalwarError
from navalwar.events import Event
from navalwar.hexgrid import DIRECTIONS, FLAT_TOP_EVEN_LOW, Hex, MapSpec, distance, letters
from navalwar.render import heading_arrow, map_of
from navalwar.views import COUNTERS, NARROW, Board, Column, TerminalView, gone

__all__ = ["play_terminal"]

SIDE_STYLES = ("bold bright_blue", "bold bright_red", "bold green", "bold yellow")
LEVEL_STYLES = ("green", "yellow", "dark_orange", "bold red")
SALVO_GLYPHS = {"ready": "●", "fired": "○", "lost": "×"}
_CANVAS_STYLES = {"label": "grey62", "dot": "grey35"}
GRAVE = ("damage", "sink", "sunk", "hit", "killed", "lost", "game_over")

HELP = """\
At the prompt:
  1, 2, ...  pick that choice          Enter  show the choices again
  + or more  more choices (next page)  b      build your answer step by step
  r          a random legal choice     {...}  a JSON action, {"tag": ..., ...}
  a          let the computer choose this time (the game's heuristic agent)
  auto       let the computer play your side to the end of the game
  u          undo your last choice (only back to the last dice roll or reveal)
  m          redraw the whole map and the ship table
  l          the full event log        v      show/hide dice rolls
  s [FILE]   save the game (by default to the file it was loaded from or last
             saved to, else GAME-SCENARIO-seedN.json); navalwar play FILE
             continues it
  q          quit (asks first)         h, ?   this help
  Ctrl-C, Ctrl-D  leave the game, offered to save it (Ctrl-C again: not saved;
             saved without asking when the input is not a terminal); the exit
             status is 130 after Ctrl-C, 1 otherwise
Map: each ship is a letter (the Key column of the table) with an arrow for its
heading as printed on the map; its hex label is written just above it (or,
where there is no room, at the end of its line). On a lettered grid (GWaS) each
hex shows the keys of the ships in it (+ when there are more), ? for a counter
not yet seen, and the number of each choice in the hex it offers."""


EXIT_FINISHED, EXIT_LEFT, EXIT_INTERRUPTED = 0, 1, 130
"""``play_terminal``'s result (the exit status of ``navalwar play``): the game was played
to its end; the player left it (``q``, or Ctrl-D / the end of the input); Ctrl-C."""


def play_terminal(
    match: Match,
    humans: set[str],
    agents: dict[str, Agent],
    *,
    input_fn: Callable[[str], str] = input,
    console: Console | None = None,
    save_as: str | Path | None = None,
    interactive: bool | None = None,
) -> int:
    """Play ``match`` in the terminal, to its end or until the player leaves.

    A player who leaves an unfinished game (``q``, Ctrl-C, Ctrl-D) is offered to save it;
    when the input is not a terminal (``interactive`` false) it is saved without asking.

    Args:
        match: the match to play (it is played in place); a loaded save continues.
        humans: the sides chosen at the prompt; several means hot-seat.
        agents: who decides for every other side, by side.
        input_fn: reads one line after printing its prompt (``input`` by default).
        console: where to draw (a new ``rich`` console by default).
        save_as: the file a save goes to when the player names none (the file a game
            was loaded from, to continue it); by default ``GAME-SCENARIO-seedN.json``.
        interactive: whether someone at a terminal answers the prompts (by default:
            ``input_fn`` is ``input`` and the standard input is a terminal).

    Returns:
        :data:`EXIT_FINISHED`, :data:`EXIT_LEFT` or :data:`EXIT_INTERRUPTED`.
    """
    out = console if console is not None else Console(highlight=False)
    if interactive is None:
        interactive = input_fn is input and sys.stdin.isatty()
    target = Path(save_as) if save_as is not None else None
    return _Session(match, humans, agents, input_fn, out, target, interactive).run()


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


_ships = Board.ships


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
    *,
    focus: Collection[str] = (),
    max_lines: int | None = None,
    view: TerminalView | None = None,
) -> Text | None:
    """A text map of the hexes around the observed ships and markers, in the printed
    orientation.

    One text line per line of hexes; each ship is its key letter (``?`` for one without
    a name, face down) plus a heading arrow (unless the ``view`` has none), in its
    side's colour; each of the view's markers is its glyph; each occupied hex's label is
    written just above it, or at the end of its line when there is no room. Terrain
    hexes show the terrain's glyph. Long runs of empty lines are folded into one. No
    line is longer than ``width``; beyond ``max_lines`` lines, only the excerpt that
    holds most of the ``focus`` hexes (labels) is kept. ``None`` if no ship or marker
    is on the map.
    """
    view = view or _PLAIN
    placed: dict[Hex, list[dict[str, Any]]] = {}
    for s in _ships(obs):
        if s.get("removed") or not s.get("hex"):
            continue
        h = _hex_of(spec, s["hex"])
        if h is not None:
            placed.setdefault(h, []).append(s)
    marked: dict[Hex, list[dict[str, Any]]] = {}
    for m in view.marker_list(obs):
        h = _hex_of(spec, m["hex"])
        if h is not None:
            marked.setdefault(h, []).append(m)
    if not placed and not marked:
        return None
    ground = {
        h: t for label, t in view.terrain_hexes(obs) if (h := _hex_of(spec, label)) is not None
    }
    pointy, cells = _layout(spec)
    where = {h: (line, col) for h, _label, line, col in cells}
    spots = [where[h] for h in [*placed, *marked] if h in where]
    if not spots:
        return None
    if view.whole_map:
        spots, margin = list(where.values()), 0
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
    for h, label, line, col in cells:
        if top <= line <= bottom and left <= col <= right:
            t = ground.get(h)
            put(*centre(line, col), *((t.glyph, _BACK + t.style) if t else ("·", "dot")))
            prefixes.setdefault(line - top + 1, set()).add(label[: spec.col_digits])
    occupied = sorted((where[h], h) for h in {*placed, *marked} if h in where)
    markers: list[tuple[int, int, int, Hex]] = []  # (y, first x, last x, hex)
    for (line, col), h in occupied:
        groups: dict[tuple[str, str], list[dict[str, Any]]] = {}
        for s in placed.get(h, ()):
            groups.setdefault((str(s.get("side", "")), str(s.get("heading", ""))), []).append(s)
        parts: list[tuple[str, str]] = []
        for (side, heading), ships in groups.items():
            base = _side_style(sides, side)
            parts += [
                (
                    keys(str(s["name"]), side) if s.get("name") else "?",
                    base + (" strike" if s.get("sinking") else ""),
                )
                for s in ships
            ]
            if view.arrows:
                parts.append((_arrow(spec, heading), base))
        parts += [(_glyph(m), str(m.get("style") or _MARKER_STYLE)) for m in marked.get(h, ())]
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
                (
                    chars[y - 1][i] == " "
                    or styles[y - 1][i] in ("dot", "")
                    or styles[y - 1][i].startswith(_BACK)
                )
                and styles[y - 1][i] != "label"
                for i in range(lx - 1, lx + n + 1)
            )
        ):
            put(y - 1, lx, label, "label")
        else:
            notes.setdefault(y, []).append(label + " " + "".join(chars[y][first : last + 1]))
    busy = {y for y in range(rows) if y in notes or any(not _background(st) for st in styles[y])}
    kept = busy | {y for y in range(rows) if any(st.startswith(_BACK) for st in styles[y])}
    lines: list[Text] = []
    spans: list[range] = []  # the canvas lines of each text line
    y = 0
    while y < rows:
        end = y
        while end < rows and not kept & {end - 1, end, end + 1}:
            end += 1
        if end - y >= 3:  # a long run of empty lines is shown as one
            lines.append(
                Text(f"{'':>{spec.col_digits}}  ⋮  ({end - y} lines without ships)", "grey50")
            )
            spans.append(range(y, end))
            y = end
            continue
        pre = prefixes.get(y, set())
        if y not in kept and not pre:  # the spare lines above and below the map
            y += 1
            continue
        row = Text(f"{next(iter(pre)) if len(pre) == 1 else '':>{spec.col_digits}} ", "grey50")
        run, run_style = "", ""
        for ch, style in zip(chars[y], styles[y], strict=True):
            if style != run_style and run:
                row.append(run, _canvas_style(run_style))
                run = ""
            run, run_style = run + ch, style
        row.append(run.rstrip(), _canvas_style(run_style))
        if y in notes:
            row.append("   " + "  ".join(notes[y]), "grey62")
        row.truncate(width)  # the labels at the end of a long line are cut short
        lines.append(row)
        spans.append(range(y, y + 1))
        y += 1
    if max_lines is not None and len(lines) > max_lines:
        hot = {y for y, _first, _last, h in markers if spec.label(h) in focus}
        hot |= {y - 1 for y in hot}  # the hex labels above
        scores = [(sum(y in hot for y in ys), sum(y in busy for y in ys)) for ys in spans]
        lines = _excerpt(lines, scores, max_lines)
    text = Text("\n").join(lines)
    text.no_wrap, text.overflow = True, "crop"
    return text


_BACK = "back:"
"""The canvas style prefix of terrain: drawn like the hex dots (a line of it alone is
not busy; a hex label may be written over it)."""
_MARKER_STYLE = "bold magenta"
_PLAIN = TerminalView()


def _background(style: str) -> bool:
    return style in ("", "dot") or style.startswith(_BACK)


def _canvas_style(style: str) -> str | None:
    return _CANVAS_STYLES.get(style, style.removeprefix(_BACK)) or None


def _glyph(marker: Mapping[str, Any]) -> str:
    """A map marker's one character (``*`` when it gives none)."""
    glyph = str(marker.get("glyph") or "*")
    return glyph[0]


def _hex_of(spec: MapSpec, label: Any) -> Hex | None:
    """The hex of a printed label (off the map too), or None if it is not one."""
    try:
        return spec.hex(str(label), check_bounds=False)
    except NavalwarError:
        return None


def _excerpt(lines: list[Text], scores: Sequence[tuple[int, int]], size: int) -> list[Text]:
    """The ``size`` consecutive ``lines`` with the most focus, then the most ships, in
    them (``scores``: per line); of equals, the one best centred on the focus."""
    if len(lines) <= size:
        return lines
    hot = [i for i, (focus, _busy) in enumerate(scores) if focus] or [
        i for i, (_focus, busy) in enumerate(scores) if busy
    ]
    middle = (min(hot) + max(hot)) / 2 if hot else len(lines) / 2

    def value(start: int) -> tuple[int, int, float]:
        window = scores[start : start + size]
        return (
            sum(f for f, _b in window),
            sum(b for _f, b in window),
            -abs(start + (size - 1) / 2 - middle),
        )

    start = max(range(len(lines) - size + 1), key=value)
    return lines[start : start + size]


def map_legend(
    spec: MapSpec,
    sides: Sequence[str],
    compact: bool = False,
    view: TerminalView | None = None,
) -> Text:
    """Heading arrows (unless the ``view`` has none) and side colours of :func:`map_view`
    (one short line if ``compact``)."""
    view = view or _PLAIN
    text = Text("" if compact or not view.arrows else "Headings: ", "grey50")
    if view.arrows:
        for i, name in enumerate(spec.heading_names):
            text.append(f"{heading_arrow(spec, i)}{'' if compact else ' '}{name} ")
        text.append(" " if compact else "   Sides: ", "grey50")
    else:
        text.append("" if compact else "Sides: ", "grey50")
    for side in sides:
        text.append(f"{side} ", _side_style(sides, side))
    text.append(" struck: sinking; m: all" if compact else "  (struck-through: sinking)", "grey50")
    return text


LETTERED = MapSpec(
    "lettered grid",
    neighbours=FLAT_TOP_EVEN_LOW,
    cols=(1, 26),
    rows=(1, 99),
    label="{col:A}{row}",
)
"""How a ``grid`` map reads hex labels when neither the view nor the game gives a map:
a column letter A-Z and a row number ("K11")."""

GRID_WIDTH = 26
"""The grid is drawn across at most the columns A-Z (or the map's, if it has more)."""


def _grid_cell(spec: MapSpec, label: Any) -> tuple[int, int] | None:
    """(column index from 0, row) of a hex label of a lettered map (``K11``), or None."""
    try:
        col, row = spec.offset(str(label))
    except NavalwarError:
        return None
    return col - 1, row


def grid_map_view(
    obs: dict[str, Any],
    keys: _Keys,
    sides: Sequence[str],
    margin: int = 2,
    *,
    marks: Mapping[str, str] | None = None,
    focus: Collection[str] = (),
    max_lines: int | None = None,
    width: int | None = None,
    spec: MapSpec = LETTERED,
    view: TerminalView | None = None,
) -> Text | None:
    """A text map for hexes labelled by column letter and row number (``K11``).

    Flat-topped hexes as printed on GWaS's tactical map: a column of hexes runs
    down each letter, and the odd columns (B, D, ...) sit half a hex lower. Each
    hex shows the keys of up to two ships in it (``+`` when there are more), in
    their side's colour; ``?`` is an enemy counter not yet seen. ``marks`` (hex
    label -> up to 3 characters, e.g. the number of the choice that names the hex)
    are written in their hexes (underlining the ships of an occupied one); the view's
    markers show their glyph after the ships, its terrain its glyph in an empty hex.
    Labels are read with ``spec``. Only the area around the ships, markers and marks
    is drawn, at most ``width`` columns and ``max_lines`` lines of it (the excerpt with
    most of the ``focus`` labels and the marks). ``None`` if nothing has such a hex.
    """
    view = view or _PLAIN
    placed: dict[tuple[int, int], list[dict[str, Any]]] = {}
    for ship in _ships(obs):
        if ship.get("sunk") or ship.get("left") or not ship.get("hex"):
            continue
        cell = _grid_cell(spec, ship["hex"])
        if cell is not None:
            placed.setdefault(cell, []).append(ship)
    pins: dict[tuple[int, int], list[dict[str, Any]]] = {}
    for m in view.marker_list(obs):
        if (at := _grid_cell(spec, m["hex"])) is not None:
            pins.setdefault(at, []).append(m)
    ground = {
        at: t for label, t in view.terrain_hexes(obs) if (at := _grid_cell(spec, label)) is not None
    }
    marked = {
        at: m for label, m in (marks or {}).items() if (at := _grid_cell(spec, label)) is not None
    }
    if not placed and not marked and not pins:
        return None
    hot = set(marked) | {at for label in focus if (at := _grid_cell(spec, label)) is not None}
    cols = [c for c, _r in [*placed, *marked, *pins]]
    rows = [r for _c, r in [*placed, *marked, *pins]]
    cell_width = 4
    if view.whole_map:
        cols, rows, margin = [*cols, spec.cols[0] - 1, spec.cols[1] - 1], [*rows, *spec.rows], 0
    last = max(GRID_WIDTH, spec.cols[1]) - 1
    c0, c1 = max(0, min(cols) - margin), min(last, max(cols) + margin)
    fit = max(1, ((width or 10_000) - 3) // cell_width)
    if c1 - c0 + 1 > fit:  # too wide: the columns around the focus
        around = [c for c, _r in hot] or cols
        mid = (min(around) + max(around) + 1) // 2
        c0 = max(c0, min(mid - fit // 2, c1 - fit + 1))
        c1 = c0 + fit - 1
    r0, r1 = max(1, min(rows) - margin), max(rows) + margin
    head = Text("   ", "grey50")
    for c in range(c0, c1 + 1):
        head.append(f" {letters(c + 1):<3}", "grey50")
    lines = []
    scores = []
    for y in range(2 * r0, 2 * r1 + 2):
        row, odd = divmod(y, 2)
        line = Text(f"{row:>2} " if not odd else "   ", "grey50")
        focus_count = busy = 0
        for c in range(c0, c1 + 1):
            if c % 2 != odd:
                line.append(" " * cell_width)
                continue
            ships = placed.get((c, row), [])
            mark = marked.get((c, row))
            here = pins.get((c, row), [])
            focus_count += (c, row) in hot
            busy += bool(ships or mark or here)
            if not ships and not here:
                t = ground.get((c, row))
                if mark or t is None:
                    line.append(
                        f" {mark:<3}" if mark else " ·  ", "bold cyan" if mark else "grey35"
                    )
                else:
                    line.append(f" {t.glyph}  ", t.style)
                continue
            glyphs = Text(" ")
            for ship in ships[:2]:
                side = str(ship.get("side", ""))
                name = ship.get("name")
                style = _side_style(sides, side) + (" underline" if mark else "")
                glyphs.append(keys(str(name), side) if name else "?", style)
            if len(ships) > 2:
                glyphs.append("+", "bold")
            for m in here[: max(0, 3 - len(glyphs.plain) + 1)]:
                glyphs.append(_glyph(m), str(m.get("style") or _MARKER_STYLE))
            glyphs.pad_right(cell_width - len(glyphs.plain))
            line.append(glyphs)
        if width is not None:
            line.truncate(width)
        lines.append(line)
        scores.append((focus_count, busy))
    if max_lines is not None:
        lines = _excerpt(lines, scores, max(1, max_lines - 1))
    text = Text("\n").join([head, *lines])
    text.no_wrap, text.overflow = True, "crop"
    return text


def marker_legend(view: TerminalView, obs: Mapping[str, Any]) -> Text | None:
    """The glyph and note of each of the view's markers in ``obs``, and of each terrain it
    has: a legend line under the map (None: nothing to explain)."""
    text = Text()
    seen: set[str] = set()
    for m in view.marker_list(obs):
        entry = f"{_glyph(m)} {m.get('note') or 'marker'}"
        if entry not in seen:
            seen.add(entry)
            text.append("  " if text else "")
            text.append(_glyph(m), str(m.get("style") or _MARKER_STYLE))
            text.append(entry[1:], "grey50")
    for t in view.terrain:
        if obs.get(t.key):
            text.append("  " if text else "")
            text.append(t.glyph, t.style)
            text.append(f" {t.name}", "grey50")
    return text or None


def grid_legend(
    sides: Sequence[str],
    compact: bool = False,
    marked: bool = False,
) -> Text:
    """How to read :func:`grid_map_view` (one short line if ``compact``)."""
    text = Text(
        "Hexes col+row, odd cols lower."
        if compact
        else "Hexes: column letter + row number (odd columns sit half a row lower).",
        "grey50",
    )
    text.append(" " if compact else "  Sides: ", "grey50")
    for side in sides:
        text.append(f"{side} ", _side_style(sides, side))
    text.append("?: unseen" if compact else "  ? = not yet seen", "grey50")
    if marked:
        text.append(" numbers: choices" if compact else "  numbers: the hexes offered", "cyan")
    return text


# -- the table ------------------------------------------------------------------------------
def counter_table(
    obs: dict[str, Any],
    keys: _Keys,
    sides: Sequence[str],
    columns: Sequence[Column] = COUNTERS,
) -> Table | None:
    """Ships observed counter by counter: the map key, then the declared ``columns``.
    The face-down counters of a side in one hex are one row (``name`` column: "(face
    down x2)"); a ``hex`` column is blank for a counter gone (sunk or left)."""
    ships = _ships(obs)
    if not ships:
        return None
    table = Table(
        box=box.SIMPLE_HEAD, padding=(0, 1), pad_edge=False, show_edge=False, header_style="bold"
    )
    table.add_column("Key", justify="center", no_wrap=True)
    for column in columns:
        table.add_column(column.heading, justify="left", no_wrap=True)

    def sort_key(s: dict[str, Any]) -> tuple[int, bool, str]:
        side = str(s.get("side"))
        return (
            sides.index(side) if side in sides else len(sides),
            gone(s),
            str(s.get("hex") or ""),
        )

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
        off = gone(s)
        cells: list[RenderableType] = [
            Text(keys(str(ship_name), side) if ship_name and not off else "", style)
        ]
        for column in columns:
            if column.value == "name":
                face_down = f"(face down{f' x{many}' if many > 1 else ''})"
                cells.append(Text(str(ship_name) if ship_name else face_down, style))
            elif column.value == "hex":
                cells.append("" if off else str(s.get("hex") or ""))
            else:
                cells.append(column.cell(s, obs))
        table.add_row(*cells, style="grey50" if off else None)
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


def view_of(match: Match) -> TerminalView:
    """How the terminal shows ``match``'s game: its declared view, else the hex map
    where it has a printed one (the grid otherwise) and the ship table."""
    view = match.game.terminal_view()
    if view is not None:
        return view
    return TerminalView(map="hex" if map_of(match.game) is not None else "grid")


# -- choices -------------------------------------------------------------------------------------
SHORT_LIST = 8
"""A grouping decision with more choices than this shows at most this many sensible
groupings first, and the rest on request."""

MIN_MAP = 6
"""In the compact layout, the choices leave at least this many lines for the map."""


def _item(number: int, text: str) -> Text:
    return Text(f"{number:>3}. ", "bold cyan") + Text(text)


def _pages(items: Sequence[Text], rows: int, width: int) -> list[list[Text]]:
    """``items`` in as many columns as fit ``width`` (each column filled first), cut into
    pages of at most ``rows`` lines; an item too wide is cut short with an ellipsis."""
    if not items:
        return []
    cell = max(t.cell_len for t in items) + 2
    ncols = max(1, min(len(items), (width + 2) // cell))
    pages = []
    per_page = ncols * max(1, rows)
    for start in range(0, len(items), per_page):
        chunk = items[start : start + per_page]
        nrows = math.ceil(len(chunk) / ncols)
        lines = []
        for r in range(nrows):
            line = Text()
            for c in range(ncols):
                if c * nrows + r < len(chunk):
                    cell_text = chunk[c * nrows + r].copy()
                    if (c + 1) * nrows + r < len(chunk):
                        cell_text.pad_right(cell - cell_text.cell_len)
                    line.append_text(cell_text)
            line.truncate(width, overflow="ellipsis")
            lines.append(line)
        pages.append(lines)
    return pages


def _common_prefix(texts: Sequence[str]) -> str:
    """The words every one of ``texts`` begins with (ending at a space or ``: ``)."""
    first = texts[0]
    n = 0
    while n < len(first) and all(len(t) > n and t[n] == first[n] for t in texts):
        n += 1
    cut = first[:n].rfind(" ") + 1
    return first[:cut] if cut >= 8 and all(len(t) > cut for t in texts) else ""


def _is_groups(value: Any) -> bool:
    """Whether a JSON value is a list of lists of names (a grouping)."""
    return (
        isinstance(value, list)
        and bool(value)
        and all(isinstance(g, list) and all(isinstance(x, str) for x in g) for g in value)
    )


def _scalar(value: Any) -> bool:
    return isinstance(value, str | int | float | bool)


def _distinct(values: Iterable[Any]) -> list[Any]:
    out: list[Any] = []
    for v in values:
        if v not in out:
            out.append(v)
    return out


def group_field(forms: Sequence[dict[str, Any]]) -> str | None:
    """The field of these JSON actions that is a grouping (a list of lists of names),
    when the actions share their tag and differ in that field only; else None."""
    if not forms or not all(f.get("tag") == forms[0].get("tag") for f in forms):
        return None
    found = [k for k, v in forms[0].items() if _is_groups(v)]
    if len(found) != 1:
        return None
    field = found[0]
    others = {k: v for k, v in forms[0].items() if k != field}
    if not all({k: v for k, v in f.items() if k != field} == others for f in forms):
        return None
    return field


def _grouping_key(groups: Iterable[Iterable[str]]) -> frozenset[frozenset[str]]:
    return frozenset(frozenset(g) for g in groups)


def suggest_groupings(
    names: Sequence[str],
    ships: Mapping[str, Mapping[str, Any]],
    legal: Callable[[list[list[str]]], bool],
    near: Callable[[str, str], bool] | None = None,
    limit: int = SHORT_LIST,
) -> list[tuple[str, list[list[str]]]]:
    """Sensible legal groupings of the ships ``names`` to offer first, each with a label:
    the largest groups the rules allow, each ship alone, the groups as they are now,
    the largest groups of one type, of one class, and of ships in or next to each
    other's hex (``near``). Only those ``legal`` accepts, each once, at most ``limit``.

    Args:
        names: the ships to group, in the order to list them.
        ships: the observed ship by name (``type``, ``class``, ``formation``).
        legal: whether a grouping is allowed by the rules.
        near: whether two ships are close (in or next to each other's hex).
        limit: how many groupings at most.
    """
    order = {n: i for i, n in enumerate(names)}

    def tidy(groups: Iterable[Iterable[str]]) -> list[list[str]]:
        out = [sorted(g, key=order.__getitem__) for g in groups if g]
        return sorted(out, key=lambda g: order[g[0]])

    def merged(may: Callable[[str, str], bool], every: bool) -> list[list[str]] | None:
        """Greedily join groups (``every`` pair of ships, or any one pair, ``may`` join)
        while the rules allow it."""
        groups = [[n] for n in names]
        if not legal(groups):
            return None
        joined = True
        while joined:
            joined = False
            for i, a in enumerate(groups):
                for j in range(i + 1, len(groups)):
                    b = groups[j]
                    pairs = [may(x, y) for x in a for y in b]
                    if not (all(pairs) if every else any(pairs)):
                        continue
                    trial = tidy([*groups[:i], a + b, *groups[i + 1 : j], *groups[j + 1 :]])
                    if legal(trial):
                        groups, joined = trial, True
                        break
                if joined:
                    break
        return groups

    def same(field: str) -> Callable[[str, str], bool]:
        return lambda x, y: ships.get(x, {}).get(field) == ships.get(y, {}).get(field)

    now: dict[Any, list[str]] = {}
    for n in names:
        now.setdefault(ships.get(n, {}).get("formation") or f"alone {n}", []).append(n)
    candidates: list[tuple[str, list[list[str]] | None]] = [
        ("largest formations", merged(lambda x, y: True, True)),
        ("each ship alone", [[n] for n in names]),
        ("as now", tidy(now.values()) if len(now) < len(names) else None),
        ("by type", merged(same("type"), True)),
        ("by class", merged(same("class"), True)),
    ]
    if near is not None:
        candidates.append(("ships close together", merged(near, False)))
    found: dict[frozenset[frozenset[str]], tuple[str, list[list[str]]]] = {}
    for label, groups in candidates:
        if groups is None:
            continue
        key = _grouping_key(groups)
        if key in found:
            found[key] = (f"{found[key][0]}, {label}", found[key][1])
        elif len(found) < limit and legal(groups):
            found[key] = (label, groups)
    return list(found.values())


def _focus(obs: dict[str, Any], d: Decision) -> set[str]:
    """The hexes of the ships ``d`` is about (named in its context, or of its
    formation), else of the deciding side's ships."""
    refs: set[str] = set()
    for value in d.context.values():
        if isinstance(value, str):
            refs.add(value)
        elif isinstance(value, list):
            refs |= {x for x in value if isinstance(x, str)}
    formation = d.context.get("formation")
    about: set[str] = set()
    mine: set[str] = set()
    for s in _ships(obs):
        where = s.get("hex")
        if not where or s.get("removed") or s.get("sunk"):
            continue
        own = s.get("side") == d.side
        if {s.get("name"), s.get("key"), s.get("counter")} & refs or (
            own and formation is not None and s.get("formation") == formation
        ):
            about.add(str(where))
        if own:
            mine.add(str(where))
    return about or mine


def _on_map(obs: dict[str, Any], marks: Mapping[str, str], view: TerminalView) -> bool:
    """Whether a map view of ``obs`` has anything to draw (a ship, a marker or an offered
    hex)."""
    if view.map == "none":
        return False
    return (
        bool(marks)
        or bool(view.marker_list(obs))
        or any(
            s.get("hex") and not (s.get("removed") or s.get("sunk") or s.get("left"))
            for s in _ships(obs)
        )
    )


def _hex_marks(forms: Sequence[dict[str, Any]], spec: MapSpec | None) -> dict[str, str]:
    """Each hex label of a lettered grid ``spec`` (``K11``) the JSON choices name -> the
    number of the first choice naming it, to show the hexes offered on the map (none
    without a grid)."""
    marks: dict[str, str] = {}
    if spec is None:
        return marks
    for number, form in enumerate(forms, 1):
        for value in form.values():
            if isinstance(value, str) and _grid_cell(spec, value) is not None:
                marks.setdefault(value, str(number))
    return marks


class _Menu:
    """The choices of one decision as the terminal shows them."""

    def __init__(self) -> None:
        self.picks: dict[int, Action | dict[str, Any]] = {}  # what each number picks
        self.short: list[Text] = []  # sensible choices shown first
        self.full: list[Text] = []  # every listed choice
        self.prefix = ""  # the words every choice begins with (compact layout)
        self.marks: dict[str, str] = {}  # hex label -> the number of a choice naming it
        self.samples: list[dict[str, Any]] = []  # legal examples of an unlisted decision


class _Cancel(Exception):
    """The player cancelled a step-by-step answer."""


def _board_key(
    obs: dict[str, Any],
    marks: Mapping[str, str] | None = None,
    view: TerminalView | None = None,
    title: str = "",
) -> str:
    """What the board shows (the title, the ships, the view's markers and terrain, the
    offered hexes), to redraw it only when that changed."""
    view = view or _PLAIN
    drawn = [obs.get("ships"), marks or {}, view.marker_list(obs), view.terrain_hexes(obs)]
    return json.dumps([title, *drawn], sort_keys=True, default=str)


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
        save_as: Path | None,
        interactive: bool,
    ) -> None:
        self.match = match
        self.humans = set(humans)
        self.agents = dict(agents)
        self.read = input_fn
        self.out = console
        self.save_as = save_as
        self.interactive = interactive
        self.compact = console.width < NARROW
        self.sides = tuple(match.game.spec.sides)
        self.viewer = next((s for s in self.sides if s in self.humans), self.sides[0])
        self.view = view_of(match)
        self.spec = (self.view.spec or map_of(match.game)) if self.view.map == "hex" else None
        self.grid = (
            (self.view.spec or map_of(match.game) or LETTERED) if self.view.map == "grid" else None
        )
        self.keys = _Keys(self.sides)
        self.verbose = False
        self.seen: dict[str, int] = {}
        self.shown: dict[str, str] = {}
        self.last_side: str | None = None
        self.deciders: list[str | None] = list(match.deciders)
        self.rng = Dice(match.seed + 104_729)
        self._helper: Agent | None = None
        self._menu: tuple[Any, _Menu] | None = None  # the menu of the state it was made for
        self.page = 0

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

    def map_lines(
        self,
        obs: dict[str, Any],
        d: Decision | None = None,
        max_lines: int | None = None,
    ) -> list[RenderableType]:
        """The map (an excerpt of at most ``max_lines`` lines around what ``d`` is
        about, with its offered hexes numbered) and its legend."""
        if self.view.map == "none":
            return []
        marks = self.menu_for(d).marks if d is not None else {}
        focus = _focus(obs, d) | set(marks) if d is not None else set()
        extra = marker_legend(self.view, obs)
        room = None if max_lines is None else max_lines - 1 - bool(extra)
        if self.spec is not None:
            view = map_view(
                obs, self.spec, self.keys, self.sides, self.out.width - 1,
                focus=focus, max_lines=room, view=self.view,
            )  # fmt: skip
            legend = map_legend(self.spec, self.sides, self.compact, self.view)
        else:
            view = grid_map_view(
                obs, self.keys, self.sides,
                marks=marks, focus=focus, max_lines=room, width=self.out.width,
                spec=self.grid or LETTERED, view=self.view,
            )  # fmt: skip
            legend = grid_legend(self.sides, self.compact, bool(marks))
        return [] if view is None else [view, legend, *([extra] if extra else [])]

    def board_key(self, side: str, obs: dict[str, Any], d: Decision | None) -> str:
        """What :meth:`show_board` draws for ``side`` (see :func:`_board_key`)."""
        marks = self.menu_for(d).marks if d is not None else None
        title = self.view.title(side, obs) if self.view.redraw_title else ""
        return _board_key(obs, marks, self.view, title)

    def show_board(
        self, side: str, obs: dict[str, Any], d: Decision | None = None, with_map: bool = True
    ) -> None:
        """The title, the map (``with_map``) and the ship table of ``side``."""
        self.shown[side] = self.board_key(side, obs, d)
        if with_map:
            self.out.rule(Text(self.view.title(side, obs), _side_style(self.sides, side)))
            for line in self.map_lines(obs, d):
                self.out.print(line)
        if callable(self.view.table):
            board = Board(
                self.keys, lambda s: _side_style(self.sides, s), self.sides, self.spec,
                self.out.width,
            )  # fmt: skip
            table = self.view.table(obs, board)
        else:
            table = counter_table(obs, self.keys, self.sides, self.view.columns)
        if table is not None:
            self.out.print(table)

    # -- the choices ------------------------------------------------------------------------
    def menu_for(self, d: Decision) -> _Menu:
        """How the choices of ``d`` (the pending decision) are shown and numbered."""
        if self._menu is not None and self._menu[0] is self.match.state:
            return self._menu[1]
        self.page = 0
        menu = _Menu()
        obs = self.match.observe(d.side)
        codec = self.match.game.codec
        if d.choices:
            menu.picks = dict(enumerate(d.choices, 1))
            if self.spec is None or len(d.choices) > SHORT_LIST:
                forms = [codec.to_json(a) for a in d.choices]
                if self.spec is None:
                    menu.marks = _hex_marks(forms, self.grid)
                if len(d.choices) > SHORT_LIST:
                    self.suggest(d, obs, menu, forms)
            texts = [annotate(a.describe(), _labels(obs)) for a in d.choices]
            if self.compact and len(texts) >= 3 and not menu.short:
                menu.prefix = _common_prefix(texts)
                texts = [t[len(menu.prefix) :] for t in texts]
            menu.full = [_item(i, t) for i, t in enumerate(texts, 1)]
        else:
            dice = Dice(self.match.seed)  # examples for the menus; the match's dice untouched
            try:
                menu.samples = [codec.to_json(d.random_choice(dice)) for _ in range(48)]
            except NavalwarError:
                menu.samples = []
            self.suggest(d, obs, menu, menu.samples)
        self._menu = (self.match.state, menu)
        return menu

    def suggest(
        self, d: Decision, obs: dict[str, Any], menu: _Menu, forms: list[dict[str, Any]]
    ) -> None:
        """The short list of a grouping decision (TE 3.2): sensible groupings first."""
        field = group_field(forms)
        if field is None:
            return
        ships = {str(s["name"]): s for s in _ships(obs) if s.get("name")}
        names = self.universe(forms, field)
        if d.choices:
            index = {_grouping_key(f[field]): i for i, f in enumerate(forms, 1)}

            def legal(groups: list[list[str]]) -> bool:
                return _grouping_key(groups) in index

        else:

            def legal(groups: list[list[str]]) -> bool:
                return self.check(d, {**forms[0], field: groups}) is None

        for n, (label, groups) in enumerate(
            suggest_groupings(names, ships, legal, self.near(ships)), 1
        ):
            number = index[_grouping_key(groups)] if d.choices else n
            if not d.choices:
                menu.picks[number] = {**forms[0], field: groups}
            menu.short.append(_item(number, f"{label}: {self.grouping(groups, ships)}"))

    def universe(self, forms: list[dict[str, Any]], field: str) -> list[str]:
        """Every name in the ``field`` of ``forms``, in the order of the observation."""
        found = _distinct(x for f in forms for g in f[field] for x in g)
        order = {str(s.get("name")): i for i, s in enumerate(_ships(self.deciders_view()))}
        return sorted(found, key=lambda n: order.get(n, len(order)))

    def near(self, ships: Mapping[str, Mapping[str, Any]]) -> Callable[[str, str], bool] | None:
        """Whether two ships are in or next to each other's hex (None without a hex map)."""
        spec = self.spec
        if spec is None:
            return None

        def near(a: str, b: str) -> bool:
            try:
                ha = spec.hex(str(ships[a]["hex"]), check_bounds=False)
                hb = spec.hex(str(ships[b]["hex"]), check_bounds=False)
            except (KeyError, NavalwarError):
                return False
            return distance(ha, hb) <= 1

        return near

    def grouping(self, groups: list[list[str]], ships: Mapping[str, Mapping[str, Any]]) -> str:
        """A grouping in words: ship names, or their map keys in the compact layout."""
        if not self.compact:
            return " | ".join(", ".join(g) for g in groups)
        return " | ".join(
            "".join(self.keys(n, str(ships.get(n, {}).get("side", ""))) for n in g) for g in groups
        )

    def check(self, d: Decision, form: dict[str, Any]) -> str | None:
        """Why the JSON action ``form`` is not a legal answer to ``d``, or None."""
        try:
            return d.check(self.match.game.codec.from_json(form))
        except NavalwarError as exc:
            return str(exc)

    def show_decision(self, d: Decision, with_map: bool | None = None) -> None:
        """The decision and a page of its choices; in the compact layout, above them the
        title and as much of the map as fits the screen (unless ``with_map`` is False)."""
        menu = self.menu_for(d)
        head = Text(f"{d.side} to decide: ", _side_style(self.sides, d.side))
        head.append(d.prompt, "bold")
        head.append(f"  ({d.rule})" if d.rule else "", "grey50")
        if menu.short and self.compact:
            head.append("\n  (ships by their map keys)", "grey50")
        if menu.prefix:
            head.append(f"\n  {menu.prefix.rstrip()} …", "bold")
        width, height = self.out.width, self.out.height
        screen = self.compact if with_map is None else with_map
        used = len(head.wrap(self.out, width)) + 2  # + the hint and the prompt
        mapped = screen and _on_map(self.match.observe(d.side), menu.marks, self.view)
        rows = max(3, height - used - 2 - MIN_MAP) if mapped else max(5, height - used - 1)
        pages = _pages(menu.short, rows, width) + _pages(menu.full, rows, width)
        page = pages[self.page % len(pages)] if pages else []
        hint = self.hint(d, menu, len(pages))
        if screen:
            obs = self.match.observe(d.side)
            room = height - used - len(page)
            lines = self.map_lines(obs, d, room - 1) if room >= 4 else []
            self.out.rule(Text(self.view.title(d.side, obs), _side_style(self.sides, d.side)))
            for line in lines:
                self.out.print(line)
        self.out.print(head)
        for line in page:
            self.out.print(line)
        if hint:
            self.out.print(hint)

    def hint(self, d: Decision, menu: _Menu, pages: int) -> Text | None:
        """What more can be typed for this decision: the next page, step by step."""
        parts = []
        if menu.short and self.page % max(pages, 1) == 0:
            parts.append(f"+ all {len(menu.full)} choices" if menu.full else "")
        elif pages > 1:
            parts.append(f"+ more choices (page {self.page % pages + 1} of {pages})")
        if not d.choices:
            parts.append("b build your answer step by step   r a random legal one")
        parts = [p for p in parts if p]
        return Text("  " + "   ".join(parts) + "   h help", "cyan") if parts else None

    # -- the loop ---------------------------------------------------------------------------
    def run(self) -> int:
        m = self.match
        title = getattr(m.scenario, "title", m.scenario_name)
        who = ", ".join(s for s in self.sides if s in self.humans) or "nobody (agents only)"
        text = Text.assemble(
            (f"{m.game.spec.title}: {title}", "bold"),
            f"  (seed {m.seed})\n",
            "You command: ",
            (who, "bold"),
            ".  Type h at the prompt for help.",
        )
        if m.actions:  # a saved game: what happened before is in the log (l)
            text.append(f"\nContinuing a saved game after {len(m.actions)} choices.")
            self.seen = {side: len(m.events) for side in self.sides}
        self.out.print(Panel(text, box=box.ROUNDED, expand=False))
        try:
            self.loop()
        except _Quit:
            return self.leave(1, "You left the game.")
        except KeyboardInterrupt:
            return self.leave(130, "\nInterrupted (Ctrl-C).")
        except EOFError:
            return self.leave(1, "\nInterrupted (end of input).")
        self.finish()
        return 0

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
        if self.shown.get(side) != self.board_key(side, obs, d):
            self.show_board(side, obs, d, with_map=not self.compact)
        self.show_decision(d)
        while not self.command(self.read(f"{side}> ").strip(), d, side):
            pass

    def apply(self, action: Action | dict[str, Any], side: str) -> bool:
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
        menu = self.menu_for(d)
        if raw.isdigit():
            if int(raw) in menu.picks:
                return self.apply(menu.picks[int(raw)], side)
            if menu.picks:
                self.say(f"There is no choice {raw}: pick a number from 1 to {max(menu.picks)}.")
            else:
                self.say("This decision has no numbered choices: type b to answer step by step.")
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
        elif word in ("+", "more"):
            self.page += 1
            self.show_decision(d)
        elif word in ("b", "build"):
            if d.choices:
                self.say("Every choice of this decision is listed: pick its number.")
                return False
            return self.build(d, side)
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
            self.show_board(side, self.match.observe(side), d)
            self.show_decision(d, with_map=False)
        elif word == "l":
            self.out.rule("The full log")
            self.tell(self.match.events_for(side), self.match.observe(side))
            self.out.rule()
        elif word == "v":
            self.verbose = not self.verbose
            self.say(f"Dice rolls are now {'shown' if self.verbose else 'hidden'}.", "cyan")
        elif word in ("s", "save"):
            self.save(rest.strip() or None)
        elif word == "q":
            answer = self.read("Quit this game? [y/N] ")
            if answer.strip().lower() in ("y", "yes"):
                raise _Quit
            self.say("Carrying on.", "cyan")
        else:
            what = f"a number from 1 to {max(menu.picks)}" if menu.picks else "b"
            self.say(f"Unknown command {raw!r}: type {what}, or h for help.")
        return False

    # -- answering step by step -------------------------------------------------------------
    def ask(self, prompt: str) -> str:
        """A line typed for a step-by-step answer (``s [FILE]`` saves, ``c`` cancels)."""
        while True:
            reply = self.read(prompt).strip()
            word, _, rest = reply.partition(" ")
            if word.lower() in ("c", "cancel"):
                raise _Cancel
            if word.lower() in ("s", "save"):
                self.save(rest.strip() or None)
                continue
            return reply

    def numbers(self, reply: str, top: int) -> list[int] | None:
        """The numbers 1..``top`` typed (``1 3``, ``1,3``), as indices; None if malformed."""
        words = reply.replace(",", " ").split()
        if not words or not all(w.isdigit() and 1 <= int(w) <= top for w in words):
            self.say(f"Type numbers from 1 to {top}, e.g. 1 3 (or c to cancel).")
            return None
        return _distinct(int(w) - 1 for w in words)

    def deciders_view(self) -> dict[str, Any]:
        """The observation of the side deciding now (what a step-by-step answer may show)."""
        d = self.match.decision
        return self.match.observe(d.side if d is not None else self.viewer)

    def item(self, value: Any) -> str:
        """A value to pick from: a ship by its map key, name, type and hex."""
        for s in _ships(self.deciders_view()):
            if s.get("name") == value:
                key = self.keys(str(value), str(s.get("side", "")))
                return f"{key} {value} ({s.get('type', '')} {s.get('hex', '')})"
        return str(value)

    def build(self, d: Decision, side: str) -> bool:
        """Answer a decision whose choices are too many to list question by question,
        from legal examples its sampler draws (each field that varies between them is
        asked: one value, several, or groups of names), then apply the answer."""
        samples = self.menu_for(d).samples
        if not samples:
            self.say("This decision gives no example to build an answer from: type r.")
            return False
        base = samples[0]
        alike = [f for f in samples if f.get("tag") == base.get("tag")]
        answer: dict[str, Any] = {"tag": base["tag"]}
        self.say("Your answer, step by step (c cancels, s saves the game):", "cyan")
        try:
            for name, value in base.items():
                if name == "tag":
                    continue
                values = [f.get(name) for f in alike]
                if all(v == value for v in values):
                    answer[name] = value
                elif all(_is_groups(v) for v in values):
                    answer[name] = self.ask_groups(d, {**base, **answer}, alike, name)
                elif all(isinstance(v, list) and all(map(_scalar, v)) for v in values):
                    answer[name] = self.ask_values(
                        name, _distinct(x for v in values for x in v or ())
                    )
                elif all(_scalar(v) for v in values):
                    answer[name] = self.ask_values(name, _distinct(values), one=True)
                else:
                    self.say(f"The {name} of this action cannot be asked step by step: type r.")
                    return False
        except _Cancel:
            self.say("Cancelled.", "cyan")
            self.show_decision(d)
            return False
        return self.apply(answer, side)

    def ask_values(self, name: str, values: list[Any], one: bool = False) -> Any:
        """One of ``values``, or several (a list), picked by number."""
        words = name.replace("_", " ")
        while True:
            self.out.print(Text(f"  Choose the {words}:", "bold"))
            items = [_item(i, self.item(v)) for i, v in enumerate(values, 1)]
            for line in _pages(items, len(items), self.out.width)[0]:
                self.out.print(line)
            picked = self.numbers(self.ask("number> " if one else "numbers> "), len(values))
            if picked is not None and (not one or len(picked) == 1):
                return values[picked[0]] if one else [values[i] for i in picked]
            if picked is not None:
                self.say("Just one number.")

    def ask_groups(
        self, d: Decision, form: dict[str, Any], samples: list[dict[str, Any]], name: str
    ) -> list[list[str]]:
        """Groups of names, one group at a time; each group is checked at once against
        the rules (the rest taken one by one, when every name must be in a group)."""
        rest = self.universe(samples, name)
        every = all(sorted(x for g in f[name] for x in g) == sorted(rest) for f in samples)
        groups: list[list[str]] = []
        words = name.replace("_", " ").rstrip("s")
        while rest:
            self.out.print(
                Text(f"  {words.capitalize()} {len(groups) + 1}: which of these?", "bold")
            )
            items = [_item(i, self.item(v)) for i, v in enumerate(rest, 1)]
            for line in _pages(items, len(items), self.out.width)[0]:
                self.out.print(line)
            done = "each of the rest alone" if every else "no more"
            reply = self.ask(f"numbers (e.g. 1 3), Enter: {done}> ")
            if not reply:
                if not every:
                    break
                group = None
            else:
                picked = self.numbers(reply, len(rest))
                if picked is None:
                    continue
                group = [rest[i] for i in picked]
            left = [x for x in rest if group is None or x not in group]
            trial = [*groups, *([group] if group else []), *([[x] for x in left] if every else [])]
            reason = self.check(d, {**form, name: trial})
            if reason is not None:
                self.say(f"Not possible: {reason}")
                continue
            if group is None:
                return trial
            groups.append(group)
            rest = left
        return groups

    # -- the computer's help, undo, saving ------------------------------------------------
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

    def default_file(self) -> Path:
        """Where a save goes when no file is named: the file this game was loaded from
        or last saved to, else ``GAME-SCENARIO-seedN.json`` (``-2``, ``-3``... so as not
        to replace another game's save)."""
        if self.save_as is not None:
            return self.save_as
        m = self.match
        stem = f"{m.game.id}-{Path(m.scenario_name).stem}-seed{m.seed}"
        path, n = Path(f"{stem}.json"), 2
        while path.exists():
            path, n = Path(f"{stem}-{n}.json"), n + 1
        return path

    def save(self, path: str | None) -> bool:
        """Save the game (atomically) to ``path``, or to :meth:`default_file`."""
        target = Path(path) if path else self.default_file()
        try:
            self.match.save(target)
        except (NavalwarError, OSError) as exc:
            self.say(f"Could not save: {exc}")
            return False
        self.save_as = target
        self.say(f"Saved to {target}.", "cyan")
        return True

    def leave(self, code: int, why: str) -> int:
        """Leave an unfinished game: offer to save it (save it, when nobody can answer at
        a terminal), and give the exit status ``code``."""
        self.say(why, "bold")
        if not self.match.actions:
            self.say("Nothing to save: no choice was made yet.")
            return code
        while True:
            reply = ""
            if self.interactive:
                prompt = f"Save the game before leaving? File [{self.default_file()}], n: no "
                try:
                    reply = self.read(prompt).strip()
                except (KeyboardInterrupt, EOFError):
                    reply = "n"
                    self.out.print()
            if reply.lower() in ("n", "no"):
                self.say("Not saved.")
                return code
            if self.save(None if reply.lower() in ("", "y", "yes") else reply):
                self.say(f"Continue it with: navalwar play {self.save_as}", "cyan")
                return code
            if not self.interactive:
                return code

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
