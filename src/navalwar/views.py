"""How a game asks to be shown: the :class:`TerminalView` a game declares
(:meth:`navalwar.engine.Game.terminal_view`) for ``navalwar play``.

Everything is read from the side's observation: the pieces (``ships``), and, where the
view names them, the keys holding other map markers and terrain; the table's columns
are data too, so a game the core does not know is drawn without core changes.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

import attrs
from rich.console import RenderableType
from rich.text import Text

from navalwar.errors import NavalwarError
from navalwar.hexgrid import MapSpec

__all__ = [
    "COUNTERS",
    "MAPS",
    "NARROW",
    "TABLES",
    "Board",
    "Column",
    "TableFn",
    "TerminalView",
    "Terrain",
    "counter_status",
    "default_title",
    "gone",
    "speed",
]

MAPS = ("hex", "grid", "none")
"""``hex``: the game's printed :class:`~navalwar.hexgrid.MapSpec` as a text map (its
``map`` attribute); ``grid``: the columns and rows of lettered hex labels ("K11");
``none``: no map above the table (a map too large for a terminal, whose game's own
table draws what it needs, e.g. an overview)."""

TABLES = ("counters",)
"""The core's table: ``counters``, one row per counter with the view's
:attr:`TerminalView.columns`, the face-down counters of a side in one hex one row. A
game with a table of its own gives a :data:`TableFn` instead."""

NARROW = 100
"""Below this many columns the terminal is laid out compactly, and a game's table may be
drawn narrower (an 80-column terminal)."""

Title = Callable[[str, dict[str, Any]], str]
"""``(side, observation) -> str``: the board's heading."""

Cell = Callable[[dict[str, Any], dict[str, Any]], Any]
"""``(ship, observation) -> text``: one cell of the table (a ``str`` or ``rich`` text)."""


@attrs.frozen
class Board:
    """What a game's own table function is given to draw with: the terminal's map keys,
    side styles and arrows, so its rows match the map.

    Attributes:
        key: ``(ship name, side) -> one character``, the ship's key on the map.
        style: ``side -> rich style``, the side's colour.
        sides: the game's sides, in order.
        spec: the hex map drawn (None: a grid, or no map).
        width: the terminal's width in columns.
    """

    key: Callable[[str, str], str]
    style: Callable[[str], str]
    sides: tuple[str, ...]
    spec: MapSpec | None
    width: int

    def arrow(self, heading: str) -> str:
        """The map's arrow for a heading name (``?`` if the map has no such heading)."""
        from navalwar.render import heading_arrow

        if self.spec is None:
            return "?"
        try:
            return heading_arrow(self.spec, self.spec.heading(heading))
        except NavalwarError:
            return "?"

    @staticmethod
    def ships(obs: Mapping[str, Any]) -> list[dict[str, Any]]:
        """The observation's ``ships`` entries (the dictionaries only)."""
        ships = obs.get("ships")
        return [s for s in ships if isinstance(s, dict)] if isinstance(ships, list) else []


TableFn = Callable[[dict[str, Any], Board], RenderableType | None]
"""``(observation, board) -> rich table, or None for none``: a game's own table."""


def _table(value: str | TableFn) -> str | TableFn:
    if not callable(value) and value not in TABLES:
        raise ValueError(f"a terminal table is one of {TABLES} or a function: {value!r}")
    return value


def default_title(side: str, obs: dict[str, Any]) -> str:
    """The side, and the turn when the observation has one."""
    return f"{side}: turn {obs['turn']}" if "turn" in obs else side


@attrs.frozen
class Column:
    """One column of the ``counters`` table.

    Attributes:
        heading: the column's heading.
        value: the ship entry's key to show (blank when absent), or a :data:`Cell`
            function of the ship entry and the observation.
    """

    heading: str
    value: str | Cell

    def cell(self, ship: dict[str, Any], obs: dict[str, Any]) -> Any:
        """The text of this column for ``ship``."""
        if callable(self.value):
            return self.value(ship, obs)
        found = ship.get(self.value)
        return "" if found is None else str(found)


@attrs.frozen
class Terrain:
    """Hexes drawn as terrain: the observation's ``key`` holds a list of hex labels, each
    drawn as ``glyph`` (in ``style``) where no piece or marker is.

    Attributes:
        key: the observation key (a list of labels, e.g. Sub Hunt's ``"land"``).
        glyph: one character.
        style: a ``rich`` style.
        name: what the legend calls it.
    """

    key: str
    glyph: str = attrs.field(default="▒", validator=attrs.validators.max_len(1))
    style: str = "dark_goldenrod"
    name: str = "land"


def _columns(value: Sequence[Column | tuple[str, str | Cell]]) -> tuple[Column, ...]:
    return tuple(c if isinstance(c, Column) else Column(*c) for c in value)


def _terrain(value: Sequence[Terrain | str]) -> tuple[Terrain, ...]:
    return tuple(t if isinstance(t, Terrain) else Terrain(t) for t in value)


def gone(ship: Mapping[str, Any]) -> bool:
    """Whether a counter is off the board: ``sunk``, or ``left`` (by an edge)."""
    return bool(ship.get("sunk") or ship.get("left"))


def counter_status(ship: dict[str, Any], obs: dict[str, Any]) -> Text:
    """A counter's status: sunk, left by an edge, aground, damaged (``lost`` boxes),
    cannot sail (a ``speed`` of None)."""
    status = []
    if ship.get("sunk"):
        status.append(Text("sunk", "grey50"))
    if ship.get("left"):
        status.append(Text(f"left by {ship['left']}", "grey50"))
    if ship.get("aground"):
        status.append(Text("AGROUND", "bold red"))
    lost = ship.get("lost")
    if isinstance(lost, dict) and any(lost.values()) and not gone(ship):
        status.append(Text("damaged", "yellow"))
    if "speed" in ship and ship.get("speed") is None and not gone(ship):
        status.append(Text("cannot sail", "bold red"))
    return Text(", ").join(status)


def speed(ship: dict[str, Any], obs: dict[str, Any]) -> str:
    """A counter's ``speed`` (blank when none or 0)."""
    return str(ship.get("speed") or "")


COUNTERS = (
    Column("Ship", "name"),
    Column("Type", "type"),
    Column("Hex", "hex"),
    Column("Speed", speed),
    Column("Status", counter_status),
)
"""The default columns of the ``counters`` table (after the map key): name, type, hex,
speed and status (sunk, left, aground, damaged, cannot sail). A ``name`` column shows a
face-down counter as "(face down)", a ``hex`` column is blank for a counter gone."""


@attrs.frozen
class TerminalView:
    """How the terminal shows a game: which map, which table, what heading, what else
    the map marks.

    Attributes:
        map: one of :data:`MAPS`.
        table: one of :data:`TABLES`, or the game's own :data:`TableFn` (Tokyo
            Express's formations and salvos).
        title: the board's heading for a side and its observation.
        columns: the ``counters`` table's columns after the map key, as
            :class:`Column` (or ``(heading, key or function)`` pairs); the ``Ship``
            column of a face-down counter reads "(face down)".
        arrows: whether a ship on the hex map carries the arrow of its ``heading``
            (False for a game without facing; True draws ``?`` for a missing one).
        markers: the observation key of a list of map markers that are not ships:
            ``{"hex": label, "glyph": one character, "style": rich style (optional),
            "note": text (optional)}`` (a contact, a last-known position, a torpedo).
        terrain: the observation keys of hexes drawn as terrain (:class:`Terrain`, or
            just the key for land).
        spec: the map the hex labels are read with; by default the game's ``map``
            (a ``grid`` map without one reads lettered labels, "K11").
        whole_map: draw the whole map, not only the hexes around the pieces and markers
            (a small map, whose terrain matters).
        redraw_title: whether a new title alone redraws the board (map and table) at
            a human's decision; False: only a change of what the map and table show.
    """

    map: str = attrs.field(default="hex", validator=attrs.validators.in_(MAPS))
    table: str | TableFn = attrs.field(default="counters", converter=_table)
    title: Title = default_title
    columns: tuple[Column, ...] = attrs.field(default=COUNTERS, converter=_columns)
    arrows: bool = True
    markers: str | None = None
    terrain: tuple[Terrain, ...] = attrs.field(default=(), converter=_terrain)
    spec: MapSpec | None = None
    whole_map: bool = False
    redraw_title: bool = True

    def marker_list(self, obs: Mapping[str, Any]) -> list[dict[str, Any]]:
        """The observation's map markers that have a hex (none without :attr:`markers`)."""
        found = obs.get(self.markers) if self.markers else None
        if not isinstance(found, list):
            return []
        return [m for m in found if isinstance(m, dict) and m.get("hex")]

    def terrain_hexes(self, obs: Mapping[str, Any]) -> list[tuple[str, Terrain]]:
        """Each terrain hex label of the observation with its :class:`Terrain`."""
        out = []
        for t in self.terrain:
            labels = obs.get(t.key)
            if isinstance(labels, list):
                out += [(str(label), t) for label in labels if label]
        return out
