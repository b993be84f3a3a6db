"""The tactical map (GWaS 7.2, 7.21, 7.22, 7.27, 7.33; notes M-5).

The printed map is missing. What the text fixes: hex ids are a column letter
and a row number ("K11"); column K runs due south from the Port Arthur
roadstead at K8 (BS3: K11, K13, K14, K15, K17 are 3, 5, 6, 7, 9 hexes from it);
there are 7 central "mesh" hexes; each of the six edges (W, E, NW, NE, SW, SE)
has a numbered border row. The reconstruction (provenance ``reconstructed``):
a hexagon of flat-topped hexes of radius 10 around K11, columns A-U, rows
numbered down each column; the centre cluster is K11 and its neighbours; an
edge's border row is the outermost ring's hexes on that side.

The grid and its labels are the core :class:`~navalwar.hexgrid.MapSpec`
:data:`TACTICAL_MAP`; this module adds what is particular to this map: the
centre cluster and the six edges' border rows.
"""

from __future__ import annotations

import functools
from collections.abc import Iterator

from navalwar.errors import DataError
from navalwar.hexgrid import (
    DIRECTIONS,
    FLAT_TOP_EVEN_LOW,
    Hex,
    MapSpec,
    distance,
    hexes_within,
    letters,
    neighbour,
    ring,
)

RADIUS = 10
STACK = 8  # counters per side per hex (7.2, 7.32; a squadron counter counts 1, 7.23); 16 for both
CENTRE_COLUMN = 10  # K, counted from A = 0
CENTRE_ROW = 11
COLUMNS = "ABCDEFGHIJKLMNOPQRSTU"
EDGES = ("NE", "E", "SE", "SW", "W", "NW")  # clockwise from the top right
# Flat-topped hexes: heading 0 points up (N), then clockwise NE, SE, S, SW, NW.
HEADINGS = ("N", "NE", "SE", "S", "SW", "NW")
CENTRE = Hex(0, 0)

#: The map: columns A-U, rows numbered down each column, the even columns (B, D,
#: ...) half a hex lower, K11 the core origin, a hexagon of radius 10 around it.
TACTICAL_MAP = MapSpec(
    "GWaS tactical map",
    neighbours=FLAT_TOP_EVEN_LOW,
    cols=(1, len(COLUMNS)),
    rows=(1, 2 * RADIUS + 1),
    label="{col:A}{row}",
    origin=f"{COLUMNS[CENTRE_COLUMN]}{CENTRE_ROW}",
    radius=RADIUS,
)
assert TACTICAL_MAP.heading_names == HEADINGS


def on_map(h: Hex) -> bool:
    """Whether a hex lies on the tactical map."""
    return h in TACTICAL_MAP.hex_set


def hex_of(label: str) -> Hex:
    """The hex called ``label`` ("K11", read in either case, spaces around ignored).

    Raises:
        DataError: a malformed or off-map label.
    """
    return _hex_of(label)


@functools.lru_cache(maxsize=1024)
def _hex_of(label: str) -> Hex:
    if not isinstance(label, str):
        raise DataError(f"tactical hex {label!r} must be a string such as 'K11'")
    return TACTICAL_MAP.hex(label.strip())


def label(h: Hex) -> str:
    """The label of a hex ("K11"); a hex beyond columns A-U is ``?q,r``."""
    return _label(h)


@functools.lru_cache(maxsize=1024)
def _label(h: Hex) -> str:
    if on_map(h):
        return TACTICAL_MAP.label(h)
    # off the map (a ship's last move, a drawing's margin): the column letter and row,
    # whatever the row, as far as the letters go
    col, row = TACTICAL_MAP.to_offset(h)
    if 1 <= col <= len(COLUMNS):
        return f"{letters(col)}{row}"
    return f"?{h.q},{h.r}"


def hexes() -> list[Hex]:
    """Every hex of the map, by column then row."""
    return list(TACTICAL_MAP.hexes())


def centre_hexes() -> list[Hex]:
    """The 7 central mesh hexes (7.21)."""
    return hexes_within(CENTRE, 1)


# The direction (axial unit vector) each edge faces, as the sum of the two corner
# directions that bound it: NE edge between the N and NE corners, and so on.
_EDGE_CORNERS = {"NE": (0, 1), "E": (1, 2), "SE": (2, 3), "SW": (3, 4), "W": (4, 5), "NW": (5, 0)}


def edge_row(edge: str) -> list[Hex]:
    """The numbered border row of an edge (7.22), from one corner to the other."""
    return list(_edge_row(edge))


@functools.lru_cache(maxsize=len(EDGES))
def _edge_row(edge: str) -> tuple[Hex, ...]:
    if edge not in _EDGE_CORNERS:
        raise DataError(f"unknown map edge {edge!r}; use one of {', '.join(EDGES)}")
    a, b = _EDGE_CORNERS[edge]
    start = Hex(DIRECTIONS[a].q * RADIUS, DIRECTIONS[a].r * RADIUS)
    step = b  # walking from corner a towards corner b along the ring
    out = [start]
    h = start
    for _ in range(RADIUS):
        h = neighbour(h, (step + 1) % 6)
        out.append(h)
    assert all(on_map(x) for x in out)
    return tuple(out)


def edges_of(h: Hex) -> list[str]:
    """The edges whose border row holds ``h`` (a corner hex is on two)."""
    if distance(h, CENTRE) != RADIUS:
        return []
    return [e for e in EDGES if h in _edge_row(e)]


def border_hexes() -> Iterator[Hex]:
    """The outermost ring."""
    return iter(ring(CENTRE, RADIUS))
