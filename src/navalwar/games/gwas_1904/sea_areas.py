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

The six neighbour directions are the six edges of the tactical map
(:data:`~navalwar.games.gwas_1904.tactical_map.EDGES`): a fleet that entered
from the west neighbour sets up on the W edge (7.22, E-6), and ships leaving by
the NW edge go to the north-west neighbour (7.33, E-8).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Literal

from navalwar.errors import DataError
from navalwar.games.gwas_1904.tactical_map import EDGES, STACK

Stagger = Literal["even_east", "odd_east"]
# Axial steps (dq, dr) of a pointy-topped grid, rows r, by compass direction.
STEPS = {"NE": (1, -1), "E": (1, 0), "SE": (0, 1), "SW": (-1, 1), "W": (-1, 0), "NW": (0, -1)}
assert tuple(STEPS) == EDGES
_AREA = re.compile(r"^([A-Za-z]{1,2})(\d{1,3})$")
MIXED_FLEET = 4  # a fleet of 4 or fewer may mix nationalities in a hex (7.26)
ANY_NATION = "german"  # "German navy ships may be treated as ships of any nation" (7.26)
SAME_AS = {"canadian": "british", "australian": "british"}  # 7.26


def parse_area(area: str) -> tuple[int, int]:
    """(row, column) of an area id, rows counted A = 1 ... AF = 32; case-insensitive
    ("i15" is I15, notes A-31).

    Raises:
        DataError: not a row of one or two letters and a column number.
    """
    m = _AREA.match(area.strip())
    if not m or int(m.group(2)) < 1:
        raise DataError(
            f"sea area {area!r} must be a row of letters and a column number, e.g. 'F33'"
        )
    row = 0
    for ch in m.group(1).upper():
        row = row * 26 + ord(ch) - ord("A") + 1
    return row, int(m.group(2))


def area_id(row: int, column: int) -> str:
    """The id of the area at (row, column): ``area_id(32, 1) == "AF1"``."""
    if row < 1 or column < 1:
        raise DataError(f"no sea area at row {row}, column {column}: both start at 1")
    letters = ""
    while row:
        row, rem = divmod(row - 1, 26)
        letters = chr(ord("A") + rem) + letters
    return f"{letters}{column}"


def _shift(row: int, stagger: Stagger) -> int:
    shifted = 0 if stagger == "even_east" else 1
    return (row + ((row & 1) ^ shifted)) // 2


def _axial(area: str, stagger: Stagger) -> tuple[int, int]:
    row, col = parse_area(area)
    return col - _shift(row, stagger), row


def _area(q: int, r: int, stagger: Stagger) -> str | None:
    col = q + _shift(r, stagger)
    return area_id(r, col) if r >= 1 and col >= 1 else None


def neighbour(area: str, direction: str, stagger: Stagger = "even_east") -> str | None:
    """The area next to ``area`` in ``direction`` (one of NE, E, SE, SW, W, NW), or
    None beyond row A or column 1. The far edges of the map are not known (M-1)."""
    if direction not in STEPS:
        raise DataError(f"unknown direction {direction!r}; use one of {', '.join(EDGES)}")
    q, r = _axial(area, stagger)
    dq, dr = STEPS[direction]
    return _area(q + dq, r + dr, stagger)


def neighbours(area: str, stagger: Stagger = "even_east") -> dict[str, str]:
    """The areas around ``area`` by direction (fewer than six at row A or column 1)."""
    out = {d: neighbour(area, d, stagger) for d in EDGES}
    return {d: a for d, a in out.items() if a is not None}


def direction(from_area: str, to_area: str, stagger: Stagger = "even_east") -> str | None:
    """The direction of ``to_area`` seen from ``from_area``, or None if not adjacent."""
    (q1, r1), (q2, r2) = _axial(from_area, stagger), _axial(to_area, stagger)
    for d, step in STEPS.items():
        if step == (q2 - q1, r2 - r1):
            return d
    return None


def adjacent(a: str, b: str, stagger: Stagger = "even_east") -> bool:
    """Whether two areas share a boundary (a legal one-area move, 5.1)."""
    return direction(a, b, stagger) is not None


def distance(a: str, b: str, stagger: Stagger = "even_east") -> int:
    """Areas between ``a`` and ``b`` on the open grid, ignoring land ("within N sea
    areas" placement until the map is entered; notes M-1)."""
    (q1, r1), (q2, r2) = _axial(a, stagger), _axial(b, stagger)
    dq, dr = q2 - q1, r2 - r1
    return (abs(dq) + abs(dr) + abs(dq + dr)) // 2


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
        DataError: an unknown edge, or an edge off row A or column 1.
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
