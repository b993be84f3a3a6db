"""Operational sea areas and their link to the tactical map (GWaS 2.1, 7.22, 7.26, 7.33;
notes M-1, §4.3, E-4, E-6, E-7, E-8).

The operational map is missing; the text fixes its scheme. An area id is a row
of letters (A-Z, then AA, AB ... counted A = 1 ... Z = 26, AA = 27, AF = 32)
and a column number: "F33". Rows run north to south, columns west to east,
and the grid is staggered (2.1) with six neighbours per area (13.31): west and
east in the same row, north-west and north-east in the row above, south-west
and south-east in the row below. Every consistent example fits "even rows
shifted east" (notes M-1): an even row's neighbours above and below are
columns c and c+1, an odd row's c-1 and c (E-4: L69 borders K69, K70, M69,
M70; E-8: M37 is north-west of N37). ``stagger="odd_east"`` is the mirror
layout, kept as an option until the physical map is read.

The grid is a core :class:`~navalwar.hexgrid.MapSpec` whose offset lines are the
rows (:data:`GRIDS`), and the map the core :class:`~navalwar.areas.SeaAreaMap`
built from it (:func:`open_sea`): until the map is read every area is open sea;
its land, coasts and ports will be the records of that map's areas (M-1).

The six neighbour directions are the six edges of the tactical map
(:data:`~navalwar.games.gwas_1904.tactical_map.EDGES`): a fleet that entered
from the west neighbour sets up on the W edge (7.22, E-6), and ships leaving by
the NW edge go to the north-west neighbour (7.33, E-8).
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from typing import Literal

from navalwar.areas import SeaAreaMap
from navalwar.errors import DataError, UnknownNameError
from navalwar.games.gwas_1904.tactical_map import EDGES, STACK
from navalwar.hexgrid import POINTY_TOP_EVEN_EAST, Hex, MapSpec
from navalwar.hexgrid import distance as hex_distance

Stagger = Literal["even_east", "odd_east"]
#: The extent of the grid until the operational map is read (M-1): rows A-AZ and
#: columns 1-99 hold every area the 1904 text names (rows to AF) and the other
#: volumes' examples (columns to 70).
ROWS = (1, 52)
GRID_COLUMNS = (1, 99)
MIXED_FLEET = 4  # a fleet of 4 or fewer may mix nationalities in a hex (7.26)
ANY_NATION = "german"  # "German navy ships may be treated as ships of any nation" (7.26)
SAME_AS = {"canadian": "british", "australian": "british"}  # 7.26


def _grid(stagger: Stagger) -> MapSpec:
    """The staggered grid as a hex map whose offset lines are its rows, NE first.

    Steps are (column change, row change) from an odd row and from an even row:
    with even rows shifted east, an even row's neighbours above and below are
    columns c and c+1, an odd row's c-1 and c.
    """
    even_east = POINTY_TOP_EVEN_EAST
    if stagger == "even_east":
        table, parity = even_east, "even"
    else:  # the mirror layout: odd and even rows swap their steps
        table, parity = {d: (even, odd) for d, (odd, even) in even_east.items()}, "odd"
    return MapSpec(
        f"GWaS sea-area grid ({stagger})",
        neighbours=table,
        cols=GRID_COLUMNS,
        rows=ROWS,
        label="{row:A}{col}",
        lines="rows",
        offset_parity=parity,  # type: ignore[arg-type]
        offset_toward="higher",
        rotation=30.0,  # pointy-topped as printed: NE at 30° clockwise from north
    )


GRIDS: dict[str, MapSpec] = {"even_east": _grid("even_east"), "odd_east": _grid("odd_east")}
assert all(g.heading_names == EDGES for g in GRIDS.values())


@functools.cache
def open_sea(stagger: Stagger = "even_east") -> SeaAreaMap:
    """The operational map as known until it is read (M-1): every area of the grid is
    open sea, adjacent to the six around it."""
    return SeaAreaMap.from_grid(_spec(stagger))


def _spec(stagger: Stagger) -> MapSpec:
    try:
        return GRIDS[stagger]
    except KeyError:
        raise UnknownNameError("stagger", str(stagger), GRIDS) from None


def _hex(area: str, stagger: Stagger) -> Hex:
    if not isinstance(area, str):
        raise DataError(f"sea area {area!r} must be a text such as 'F33'")
    return _spec(stagger).hex(area.strip())


def _id(area: str, stagger: Stagger) -> str:
    """The area's id as printed (upper case)."""
    return _spec(stagger).label(_hex(area, stagger))


def parse_area(area: str) -> tuple[int, int]:
    """(row, column) of an area id, rows counted A = 1 ... AF = 32; case-insensitive
    ("i15" is I15, notes A-31).

    Raises:
        DataError: not a row of one or two letters and a column number on the grid.
    """
    spec = GRIDS["even_east"]
    col, row = spec.to_offset(_hex(area, "even_east"))
    return row, col


def area_id(row: int, column: int) -> str:
    """The id of the area at (row, column): ``area_id(32, 1) == "AF1"``.

    Raises:
        DataError: no such area on the grid.
    """
    spec = GRIDS["even_east"]
    h = spec.from_offset(column, row)
    if not spec.in_bounds(h):
        raise DataError(
            f"no sea area at row {row}, column {column}: the grid has rows "
            f"{ROWS[0]}-{ROWS[1]} and columns {GRID_COLUMNS[0]}-{GRID_COLUMNS[1]}"
        )
    return spec.label(h)


def _direction(direction: str) -> str:
    if direction not in EDGES:
        raise DataError(f"unknown direction {direction!r}; use one of {', '.join(EDGES)}")
    return direction


def neighbour(area: str, direction: str, stagger: Stagger = "even_east") -> str | None:
    """The area next to ``area`` in ``direction`` (one of NE, E, SE, SW, W, NW), or
    None beyond the grid's edge. The far edges of the map are not known (M-1)."""
    return open_sea(stagger).neighbour(_id(area, stagger), _direction(direction))


def neighbours(area: str, stagger: Stagger = "even_east") -> dict[str, str]:
    """The areas around ``area`` by direction (fewer than six at the grid's edge)."""
    out = {d: neighbour(area, d, stagger) for d in EDGES}
    return {d: a for d, a in out.items() if a is not None}


def direction(from_area: str, to_area: str, stagger: Stagger = "even_east") -> str | None:
    """The direction of ``to_area`` seen from ``from_area``, or None if not adjacent."""
    return open_sea(stagger).direction(_id(from_area, stagger), _id(to_area, stagger))


def adjacent(a: str, b: str, stagger: Stagger = "even_east") -> bool:
    """Whether two areas share a boundary (a legal one-area move, 5.1)."""
    return open_sea(stagger).is_adjacent(_id(a, stagger), _id(b, stagger))


def distance(a: str, b: str, stagger: Stagger = "even_east") -> int:
    """Areas between ``a`` and ``b`` on the open grid, ignoring land ("within N sea
    areas" placement until the map is entered; notes M-1)."""
    return hex_distance(_hex(a, stagger), _hex(b, stagger))


def entry_edge(from_area: str, contact_area: str, stagger: Stagger = "even_east") -> str:
    """The tactical map edge a fleet sets up on (7.22; E-6: from F32 into F33 is W).

    It is the direction of the area the fleet entered from, seen from the area of
    the contact. A fleet that did not move chooses any edge (7.22) and needs no
    call; a speed-2 fleet passes ``from_area`` as the area before the contact area.

    Raises:
        DataError: the two areas are not adjacent.
    """
    edge = direction(contact_area, from_area, stagger)
    if edge is None:
        raise DataError(
            f"a fleet cannot enter {contact_area} from {from_area}: they are not adjacent"
        )
    return edge


def area_beyond(area: str, edge: str, stagger: Stagger = "even_east") -> str:
    """The area a fleet goes to when its ships leave the tactical map of ``area`` by
    ``edge`` out of enemy sight (7.33; E-8: N37 by the NW edge is M37).

    Raises:
        DataError: an unknown edge, or an edge beyond the grid.
    """
    out = neighbour(area, edge, stagger)
    if out is None:
        raise DataError(f"there is no sea area {edge} of {area}")
    return out


def nationality_stacks(nations: Sequence[str]) -> list[list[int]]:
    """Split a fleet into set-up hexes by nationality (7.26, 7.2; E-7): lists of indices
    into ``nations``, one list per hex.

    A fleet of 4 or fewer ships may mix, and goes in one hex (7.24). A larger
    fleet puts each nationality in its own hex(es), in order of first
    appearance; Canadian and Australian ships count as British; German ships,
    which may count as any nation, join the largest other nationality. A group
    above 8 ships is split as evenly as possible (7.2), which keeps 4 or more in
    each hex (7.24). Never triggered in 1904, where each side is one nation.
    """
    if len(nations) <= MIXED_FLEET:
        return [list(range(len(nations)))] if nations else []
    keys = [SAME_AS.get(n.strip().lower(), n.strip().lower()) for n in nations]
    groups: dict[str, list[int]] = {}
    for i, k in enumerate(keys):
        if k != ANY_NATION:
            groups.setdefault(k, []).append(i)
    germans = [i for i, k in enumerate(keys) if k == ANY_NATION]
    if groups:
        largest = max(groups.values(), key=len)  # the first of the largest on a tie
        largest.extend(germans)
        largest.sort()
    else:
        groups[ANY_NATION] = germans
    stacks: list[list[int]] = []
    for members in groups.values():
        hexes = -(-len(members) // STACK)
        for h in range(hexes):
            stacks.append(members[h * len(members) // hexes : (h + 1) * len(members) // hexes])
    return stacks
