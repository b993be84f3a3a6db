"""Game-agnostic hex geometry: coordinates, headings, arcs, lines of fire, map labels.

Hexes are axial coordinates ``(q, r)`` with the cube coordinate ``s = -q - r``.
The core frame is fixed: hexes are flat-topped and heading 0 points straight
up; headings 1..5 follow CLOCKWISE (starboard). A :class:`MapSpec` translates a
printed map's labels (``CCRR``, or lettered like ``K11`` and ``F33``) and compass
names to and from this frame, so game code never sees offset coordinates.

Conventions used throughout (TE 2.4, 3.6, 3.7; TE notes Appendix A, §9.1):

* ``DIRECTIONS[h]`` is the unit offset of the hexside that heading ``h`` points to.
* Bearings are degrees clockwise; relative bearings lie in ``(-180, 180]`` with
  0 dead ahead and positive to starboard.
* Arcs are classified by the target hex's centre with exact integer arithmetic.
"""

from __future__ import annotations

import enum
import math
import re
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence, Set
from dataclasses import dataclass
from functools import lru_cache
from typing import Literal, NamedTuple

from navalwar.errors import DataError, UnknownNameError

__all__ = [
    "DIRECTIONS",
    "FLAT_TOP_EVEN_LOW",
    "ORIGIN",
    "POINTY_TOP_EVEN_EAST",
    "Arc",
    "Hex",
    "LineStep",
    "MapSpec",
    "OffsetStep",
    "arc_of",
    "bearing",
    "distance",
    "distances",
    "fire_steps",
    "from_letters",
    "from_pixel",
    "from_symmetric",
    "heading_to",
    "hexes_within",
    "letters",
    "line",
    "line_blocked",
    "line_blocked_by",
    "line_of_fire",
    "nearest_distance",
    "neighbour",
    "neighbours",
    "opposite",
    "reflect",
    "relative_bearing",
    "ring",
    "rotate",
    "round_hex",
    "symmetric_offset",
    "to_pixel",
    "turn",
]

_SQRT3 = math.sqrt(3.0)


class Hex(NamedTuple):
    """One hex in axial coordinates; immutable, hashable and cheap.

    ``a + b`` and ``a - b`` add and subtract offsets, ``h * k`` scales an offset
    (this replaces tuple concatenation and repetition).
    """

    q: int
    r: int

    @property
    def s(self) -> int:
        """The third cube coordinate, ``-q - r``."""
        return -self.q - self.r

    @property
    def cube(self) -> tuple[int, int, int]:
        """The cube coordinates ``(q, r, s)``."""
        return (self.q, self.r, -self.q - self.r)

    @classmethod
    def from_cube(cls, q: int, r: int, s: int) -> Hex:
        """Build a hex from cube coordinates, which must sum to zero."""
        if q + r + s != 0:
            raise ValueError(f"cube coordinates must sum to 0, got ({q}, {r}, {s})")
        return cls(q, r)

    def __add__(self, other: tuple[int, ...]) -> Hex:  # type: ignore[override]
        return Hex(self.q + other[0], self.r + other[1])

    def __sub__(self, other: tuple[int, ...]) -> Hex:
        return Hex(self.q - other[0], self.r - other[1])

    def __neg__(self) -> Hex:
        return Hex(-self.q, -self.r)

    def __mul__(self, k: int) -> Hex:  # type: ignore[override]
        return Hex(self.q * k, self.r * k)

    def __rmul__(self, k: int) -> Hex:  # type: ignore[override]
        return Hex(self.q * k, self.r * k)

    def scale(self, k: int) -> Hex:
        """This offset multiplied by ``k``."""
        return Hex(self.q * k, self.r * k)

    def length(self) -> int:
        """Distance of this offset from the origin, in hexes."""
        return max(abs(self.q), abs(self.r), abs(self.q + self.r))


ORIGIN = Hex(0, 0)

#: Unit offsets of the six hexsides, clockwise from heading 0 (straight up).
DIRECTIONS: tuple[Hex, ...] = (
    Hex(0, -1),
    Hex(1, -1),
    Hex(1, 0),
    Hex(0, 1),
    Hex(-1, 1),
    Hex(-1, 0),
)


def _check_heading(heading: int) -> None:
    if not 0 <= heading < 6:
        raise ValueError(f"heading must be an int 0..5 (clockwise), got {heading!r}")


def turn(heading: int, steps: int) -> int:
    """The heading after turning ``steps`` hexsides; positive = starboard (TE 2.4)."""
    _check_heading(heading)
    return (heading + steps) % 6


def opposite(heading: int) -> int:
    """The reverse heading, a 180° turn (TE 2.4)."""
    _check_heading(heading)
    return (heading + 3) % 6


def neighbour(h: Hex, heading: int) -> Hex:
    """The hex across the hexside that ``heading`` points to."""
    _check_heading(heading)
    d = DIRECTIONS[heading]
    return Hex(h.q + d.q, h.r + d.r)


def neighbours(h: Hex) -> tuple[Hex, ...]:
    """The six adjacent hexes, indexed by heading."""
    return tuple(Hex(h.q + d.q, h.r + d.r) for d in DIRECTIONS)


def heading_to(frm: Hex, to: Hex) -> int | None:
    """The heading from ``frm`` to the adjacent hex ``to``, or None if they are not adjacent."""
    step = (to.q - frm.q, to.r - frm.r)
    for heading, d in enumerate(DIRECTIONS):
        if (d.q, d.r) == step:
            return heading
    return None


def distance(a: Hex, b: Hex) -> int:
    """Distance in hexes, counting the target hex but not the start (TE 3.5)."""
    aq, ar = a  # (the cheapest form: the rules ask for hundreds of distances a turn)
    bq, br = b
    dq = aq - bq
    dr = ar - br
    return (abs(dq) + abs(dr) + abs(dq + dr)) >> 1  # the largest cube coordinate difference


# The functions below give the distances of many pairs in one call (the rules ask for
# hundreds in a turn). Each is :func:`distance` pair by pair: twice a distance is the
# sum of the cube coordinates' differences, halved at the end.


def distances(froms: Iterable[Hex], tos: Sequence[Hex]) -> list[int]:
    """:func:`distance` of each pair, row by row: the first of ``froms`` to each of
    ``tos``, then the second..."""
    twice = [abs(q - tq) + abs(r - tr) + abs(q - tq + r - tr) for q, r in froms for tq, tr in tos]
    return [d >> 1 for d in twice]


def nearest_distance(froms: Iterable[Hex], tos: Iterable[Hex]) -> int | None:
    """The least :func:`distance` between one of ``froms`` and one of ``tos`` (None if
    either is empty)."""
    points = list(tos)
    twice = [
        abs(q - tq) + abs(r - tr) + abs(q - tq + r - tr) for q, r in froms for tq, tr in points
    ]
    return min(twice) >> 1 if twice else None


def rotate(h: Hex, steps: int, center: Hex = ORIGIN) -> Hex:
    """Rotate ``h`` about ``center`` by ``steps`` × 60°; positive = clockwise."""
    q = h.q - center.q
    r = h.r - center.r
    s = -q - r
    k = steps % 6
    if k == 1:
        q, r = -r, -s
    elif k == 2:
        q, r = s, q
    elif k == 3:
        q, r = -q, -r
    elif k == 4:
        q, r = r, s
    elif k == 5:
        q, r = -s, -q
    return Hex(q + center.q, r + center.r)


def reflect(h: Hex, center: Hex, heading: int) -> Hex:
    """Mirror ``h`` across the line through ``center`` along ``heading``.

    Port and starboard swap; bearings change sign.
    """
    _check_heading(heading)
    local = rotate(h, -heading, center) - center
    mirrored = Hex(-local.q, local.q + local.r)  # (q, r, s) -> (-q, -s, -r)
    return rotate(mirrored + center, heading, center)


def ring(center: Hex, radius: int) -> list[Hex]:
    """The hexes at exactly ``radius`` from ``center``, clockwise from heading 0.

    Radius 0 gives ``[center]``; otherwise there are ``6 * radius`` hexes.
    """
    if radius < 0:
        raise ValueError(f"ring radius must be >= 0, got {radius}")
    if radius == 0:
        return [center]
    out: list[Hex] = []
    h = center + DIRECTIONS[0] * radius
    for side in range(6):
        d = DIRECTIONS[(side + 2) % 6]
        for _ in range(radius):
            out.append(h)
            h = Hex(h.q + d.q, h.r + d.r)
    return out


def hexes_within(center: Hex, n: int) -> list[Hex]:
    """Every hex at distance ``0..n`` from ``center`` (``3n(n+1)+1`` hexes)."""
    if n < 0:
        raise ValueError(f"range must be >= 0, got {n}")
    out: list[Hex] = []
    for dq in range(-n, n + 1):
        for dr in range(max(-n, -dq - n), min(n, -dq + n) + 1):
            out.append(Hex(center.q + dq, center.r + dr))
    return out


def round_hex(q: float, r: float) -> Hex:
    """The hex containing the fractional axial point ``(q, r)`` (cube rounding)."""
    s = -q - r
    rq, rr, rs = round(q), round(r), round(s)
    dq, dr, ds = abs(rq - q), abs(rr - r), abs(rs - s)
    if dq > dr and dq > ds:
        rq = -rr - rs
    elif dr > ds:
        rr = -rq - rs
    return Hex(int(rq), int(rr))


_EPS = 1e-6


def line(a: Hex, b: Hex) -> list[Hex]:
    """A chain of ``distance(a, b) + 1`` adjacent hexes from ``a`` to ``b``.

    This is the usual nudged cube interpolation, good for drawing and for
    movement paths. It is NOT the set of hexes a straightedge crosses: use
    :func:`line_of_fire` for the rules' line of fire (TE 3.6, 6.2, 9.1).
    """
    n = distance(a, b)
    if n == 0:
        return [a]
    out = []
    for i in range(n + 1):
        t = i / n
        out.append(round_hex(a.q + (b.q - a.q) * t + _EPS, a.r + (b.r - a.r) * t + _EPS))
    return out


# --------------------------------------------------------------------------- pixels, bearings


def to_pixel(h: Hex, size: float = 1.0) -> tuple[float, float]:
    """Centre of ``h`` in screen coordinates (y down), flat-top, heading 0 up.

    ``size`` is the centre-to-vertex radius; neighbours are ``size * √3`` apart.
    """
    return (size * 1.5 * h.q, size * _SQRT3 * (h.r + h.q / 2.0))


def from_pixel(x: float, y: float, size: float = 1.0) -> Hex:
    """The hex containing the screen point ``(x, y)`` (inverse of :func:`to_pixel`)."""
    q = x / (1.5 * size)
    r = y / (_SQRT3 * size) - q / 2.0
    return round_hex(q, r)


def _snap(deg: float) -> float:
    k = round(deg / 30.0)
    if abs(deg - 30.0 * k) < 1e-9:
        return 30.0 * k
    return deg


def _local(frm: Hex, heading: int, to: Hex) -> tuple[int, int]:
    """Target offset rotated so that ``heading`` is heading 0: returns (q, s - r)."""
    local = rotate(to - frm, -heading)
    return local.q, local.s - local.r


def bearing(frm: Hex, to: Hex) -> float:
    """Absolute bearing in degrees ``[0, 360)``, clockwise from heading 0.

    Raises:
        ValueError: if the two hexes are the same.
    """
    if frm == to:
        raise ValueError(f"no bearing from a hex to itself ({frm})")
    q, fwd = _local(frm, 0, to)
    deg = _snap(math.degrees(math.atan2(1.5 * q, _SQRT3 * fwd / 2.0)))
    return deg + 360.0 if deg < 0 else deg


def relative_bearing(frm: Hex, heading: int, to: Hex) -> float:
    """Bearing of ``to`` relative to a ship at ``frm`` on ``heading`` (TE 9.1 example).

    Returns degrees in ``(-180, 180]``: 0 dead ahead, positive to starboard.
    Multiples of 30° (hex rows and vertex lines) are returned exactly.

    Raises:
        ValueError: if the two hexes are the same.
    """
    _check_heading(heading)
    if frm == to:
        raise ValueError(f"no bearing from a hex to itself ({frm})")
    q, fwd = _local(frm, heading, to)
    deg = _snap(math.degrees(math.atan2(1.5 * q, _SQRT3 * fwd / 2.0)))
    return 180.0 if deg <= -180.0 else deg


# --------------------------------------------------------------------------- arcs


class Arc(enum.Enum):
    """Firing arcs of a ship (TE 2.4, 3.6, 3.7; notes §9.1 item 2)."""

    BOW = "bow"
    STERN = "stern"
    PORT = "port"
    STARBOARD = "starboard"
    SAME_HEX = "same_hex"


_ARCS: dict[tuple[int, int, int], Arc] = {}  # (dq, dr, heading) -> arc, see arc_of
_ARCS_KEPT = 100_000


def arc_of(frm: Hex, heading: int, to: Hex) -> Arc:
    """The arc of ``to`` as seen from a ship at ``frm`` on ``heading`` (TE 2.4, 3.6).

    The bow arc is the 60° wedge bounded by the lines from the hex centre
    through the two vertices of the bow hexside (relative bearings -30..+30,
    boundaries included); the stern arc likewise (150..210). The rest are the
    broadsides. The ship's own hex is :attr:`Arc.SAME_HEX`, which the rules put
    in both broadsides (TE 2.4). Exact integer arithmetic,
    remembered by offset and heading.
    """
    key = (to.q - frm.q, to.r - frm.r, heading)
    found = _ARCS.get(key)
    if found is not None:
        return found
    _check_heading(heading)
    if frm == to:
        found = Arc.SAME_HEX
    else:
        q, fwd = _local(frm, heading, to)
        # lateral = 1.5 q, ahead = (√3/2) fwd: |bearing| <= 30° iff fwd >= 3|q|.
        if fwd >= 3 * abs(q):
            found = Arc.BOW
        elif -fwd >= 3 * abs(q):
            found = Arc.STERN
        else:
            found = Arc.STARBOARD if q > 0 else Arc.PORT
    if len(_ARCS) >= _ARCS_KEPT:
        _ARCS.clear()
    _ARCS[key] = found
    return found


# --------------------------------------------------------------------------- line of fire


@dataclass(frozen=True, slots=True)
class LineStep:
    """One step of a line of fire: a hex, or the two hexes of a grazed hexside.

    Attributes:
        hexes: one hex the straightedge passes through, or two hexes when it
            runs exactly along the hexside between them (TE 3.6, 3.7).
    """

    hexes: tuple[Hex, ...]

    @property
    def is_hexside(self) -> bool:
        """True when the line runs along the hexside between two hexes."""
        return len(self.hexes) == 2

    def __iter__(self) -> Iterator[Hex]:
        return iter(self.hexes)

    def __contains__(self, h: object) -> bool:
        return h in self.hexes

    def blocked(self, blocking: Callable[[Hex], bool]) -> bool:
        """A hex blocks if ``blocking``; a hexside only if both of its hexes do (TE 3.6)."""
        return all(blocking(h) for h in self.hexes)


_PAIRS = ((0, 1), (1, 2), (2, 0))
_AROUND = ((0, 0), *((d.q, d.r) for d in DIRECTIONS))  # a hex and its six neighbours


@lru_cache(maxsize=8192)
def _fire_offsets(dq: int, dr: int) -> tuple[tuple[Hex, ...], ...]:
    """Intermediate steps of a line from the origin to ``(dq, dr)``, exact.

    A hex's cell is ``|x_i - x_j - (h_i - h_j)| <= 1`` for the three pairs of cube
    coordinates; on the line ``x = t d`` each pair bounds ``t`` to ``[(b-1)/a, (b+1)/a]``
    (``a = d_i - d_j``, ``b = h_i - h_j``). Every bound is a whole multiple of ``1/L``,
    ``L`` the least common multiple of the ``a``, so the ``t`` intervals are kept as
    exact integer numerators over ``L``. A hex whose interval is open is crossed; one
    where the line only runs along a side (a pair with ``a = 0``, ``|b| = 1``) is half
    of a grazed hexside.
    """
    d = (dq, dr, -dq - dr)
    n = max(abs(c) for c in d)
    if n <= 1:
        return ()
    diffs = [d[i] - d[j] for i, j in _PAIRS]
    common = math.lcm(*(abs(a) for a in diffs if a))
    candidates: set[tuple[int, int]] = set()  # plain (q, r) tuples: this runs often
    for i in range(n + 1):
        # every hex the segment crosses is within 1 of a sampled hex
        cq, cr = round_hex(dq * i / n + _EPS, dr * i / n + _EPS)
        for oq, orr in _AROUND:
            candidates.add((cq + oq, cr + orr))
    end = (dq, dr)
    singles: list[tuple[int, tuple[Hex, ...]]] = []
    sides: dict[tuple[int, int], list[Hex]] = {}
    for cq, cr in candidates:
        if (cq, cr) == end or (cq == 0 and cr == 0):
            continue
        c = Hex(cq, cr)
        h = (cq, cr, -cq - cr)  # c.cube
        lo, hi = 0, common
        tight = False
        for (i, j), a in zip(_PAIRS, diffs, strict=True):
            b = h[i] - h[j]
            if a == 0:
                if abs(b) > 1:
                    break
                if abs(b) == 1:
                    tight = True
                continue
            scale = common // a  # exact, with the sign of a
            lo_i, hi_i = (b - 1) * scale, (b + 1) * scale
            if a < 0:
                lo_i, hi_i = hi_i, lo_i
            lo = max(lo, lo_i)
            hi = min(hi, hi_i)
            if lo >= hi:
                break
        else:
            if tight:
                sides.setdefault((lo, hi), []).append(c)
            else:
                singles.append((lo, (c,)))
    for (lo, _hi), pair in sides.items():
        singles.append((lo, tuple(sorted(pair))))
    singles.sort()
    return tuple(hexes for _lo, hexes in singles)


def line_of_fire(a: Hex, b: Hex) -> tuple[LineStep, ...]:
    """The hexes a straightedge from centre ``a`` to centre ``b`` passes (TE 3.6, 3.7, 9.1).

    Only the intermediate hexes (not ``a`` or ``b``), in order from ``a``. A
    hex is included when the straightedge crosses its interior (merely touching
    a vertex does not count). Where the straightedge runs exactly along a
    hexside, the two hexes sharing it form one step with ``is_hexside`` True;
    a line that merely crosses a hexside (even exactly at its midpoint, as
    1727 -> 1328 does in the TE 6.2 example) passes through both hexes, as two
    separate steps. Computed exactly with rational arithmetic and cached.
    """
    out = []
    for hexes in _fire_offsets(b.q - a.q, b.r - a.r):
        out.append(LineStep(tuple(Hex(a.q + h.q, a.r + h.r) for h in hexes)))
    return tuple(out)


def line_blocked(a: Hex, b: Hex, blocking: Callable[[Hex], bool]) -> bool:
    """True if the line of fire from ``a`` to ``b`` is blocked (TE 3.6, 3.7, 9.1).

    A single hex blocks if ``blocking(hex)``; a grazed hexside blocks only if
    both of its hexes do. ``a`` and ``b`` themselves are never tested.
    """
    aq, ar = a
    for hexes in _fire_offsets(b[0] - aq, b[1] - ar):
        for h in hexes:
            if not blocking(Hex(aq + h[0], ar + h[1])):
                break
        else:
            return True
    return False


def symmetric_offset(dq: int, dr: int) -> tuple[Hex, int, bool]:
    """The smallest image of the offset ``(dq, dr)`` under the grid's twelve symmetries
    about the origin (six rotations, each with or without the mirror
    ``(q, r, s) -> (-q, -s, -r)``), with the turn and the mirror that take it there:
    what is worked out for the image holds for ``(dq, dr)`` once mapped back by
    :func:`from_symmetric`. Lines of fire, for instance, map onto lines of fire."""
    best = (dq, dr)
    turn, mirrored = 0, False
    for mirror in (False, True):
        q, r = (-dq, dq + dr) if mirror else (dq, dr)
        for k in range(6):
            if (q, r) < best:
                best, turn, mirrored = (q, r), k, mirror
            q, r = -r, q + r  # a 60° turn clockwise, as rotate(h, 1)
    return Hex(*best), turn, mirrored


def from_symmetric(h: Hex, turn: int, mirrored: bool) -> Hex:
    """``h`` mapped back by the inverse of the symmetry of :func:`symmetric_offset`."""
    g = rotate(h, -turn)
    return Hex(-g.q, g.q + g.r) if mirrored else g


@lru_cache(maxsize=8192)
def fire_steps(dq: int, dr: int) -> tuple[frozenset[Hex], tuple[tuple[Hex, ...], ...]]:
    """The line of fire from the origin to ``(dq, dr)`` as in :func:`line_of_fire`, in
    two parts and in no order: the set of the single hexes it passes through, and the
    grazed hexsides (each the tuple of its two hexes). Cached.

    Only one line of each set of symmetric images is worked out (by
    :func:`_fire_offsets`, see :func:`symmetric_offset`); its hexes are mapped back.
    """
    best, turn, mirrored = symmetric_offset(dq, dr)
    steps = _fire_offsets(best.q, best.r)
    if turn == 0 and not mirrored:
        singles = frozenset(hexes[0] for hexes in steps if len(hexes) == 1)
        return singles, tuple(hexes for hexes in steps if len(hexes) > 1)
    return (
        frozenset([from_symmetric(hexes[0], turn, mirrored) for hexes in steps if len(hexes) == 1]),
        tuple(
            tuple(from_symmetric(h, turn, mirrored) for h in hexes)
            for hexes in steps
            if len(hexes) > 1
        ),
    )


def line_blocked_by(a: Hex, b: Hex, blocking: Set[Hex]) -> bool:
    """:func:`line_blocked` where the blocking hexes are the set ``blocking``.

    The few blocking hexes are looked up among the line's single hexes (rather than
    each hex of the line in ``blocking``); a grazed hexside blocks if all its hexes
    are in ``blocking``, as in :func:`line_blocked`.
    """
    if not blocking:
        return False
    aq, ar = a
    singles, sides = fire_steps(b[0] - aq, b[1] - ar)
    if singles:
        for q, r in blocking:
            if (q - aq, r - ar) in singles:  # a (q, r) tuple equals its Hex
                return True
    for hexes in sides:
        for h in hexes:
            if (aq + h[0], ar + h[1]) not in blocking:
                break
        else:
            return True
    return False


# --------------------------------------------------------------------------- printed maps


#: A (column change, row change) step in printed labels.
OffsetStep = tuple[int, int]

#: The neighbours of flat-topped hexes in columns, the even columns half a hex lower
#: (headings N, NE, SE, S, SW, NW clockwise from the top): heading -> ((dcol, drow) from
#: an odd column, (dcol, drow) from an even column). The GWaS tactical map's, and the
#: usual printed wargame map's.
FLAT_TOP_EVEN_LOW: Mapping[str, tuple[OffsetStep, OffsetStep]] = {
    "N": ((0, -1), (0, -1)),
    "NE": ((1, -1), (1, 0)),
    "SE": ((1, 0), (1, 1)),
    "S": ((0, 1), (0, 1)),
    "SW": ((-1, 0), (-1, 1)),
    "NW": ((-1, -1), (-1, 0)),
}

#: The neighbours of pointy-topped hexes in rows, the even rows half a hex east
#: (``lines="rows"``; headings NE, E, SE, SW, W, NW clockwise): heading -> ((dcol, drow)
#: from an odd row, (dcol, drow) from an even row). An odd row's neighbours above and
#: below are columns c-1 and c, an even row's c and c+1. GWaS's staggered sea-area grid.
POINTY_TOP_EVEN_EAST: Mapping[str, tuple[OffsetStep, OffsetStep]] = {
    "NE": ((0, -1), (1, -1)),
    "E": ((1, 0), (1, 0)),
    "SE": ((0, 1), (1, 1)),
    "SW": ((-1, 1), (0, 1)),
    "W": ((-1, 0), (-1, 0)),
    "NW": ((-1, -1), (0, -1)),
}

_LABEL_FORMAT = re.compile(r"\{(col|row)(?::(0[1-9]|A))?\}\{(col|row)(?::(0[1-9]|A))?\}")


def letters(n: int) -> str:
    """``n`` spelt in letters as printed maps count: A = 1 ... Z = 26, AA = 27, AF = 32.

    Raises:
        ValueError: if ``n`` is below 1.
    """
    if n < 1:
        raise ValueError(f"only numbers from 1 are spelt in letters, got {n}")
    out = ""
    while n:
        n, rem = divmod(n - 1, 26)
        out = chr(65 + rem) + out
    return out


def from_letters(text: str) -> int:
    """The number spelt by ``text`` (any letter case), the inverse of :func:`letters`.

    Raises:
        ValueError: if ``text`` is not one or more ASCII letters.
    """
    if not text or not text.isascii() or not text.isalpha():
        raise ValueError(f"{text!r} is not a row of letters")
    n = 0
    for ch in text.upper():
        n = n * 26 + ord(ch) - 64
    return n


class _Part(NamedTuple):
    """One part of a printed label: the column (axis 0) or the row (axis 1)."""

    axis: int
    kind: str  # "fixed": zero-padded digits; "number": unpadded digits; "letters"
    width: int  # "fixed": the digits; otherwise the most characters the map needs


class MapSpec:
    """How a printed hex map's labels (``CCRR``, ``K11``, ``F33``) map to core hexes.

    The map's hexes lie in straight offset lines (its columns, or its rows for a
    map printed with pointy-topped hexes); every other line is shifted half a hex
    toward higher (or lower) numbers along the lines. The compass is given as the
    printed neighbour table, heading name -> (step from an odd line, step from an
    even line), in clockwise order starting with the heading that becomes
    heading 0. The table is checked for consistency.

    Args:
        name: the map's name, used in error messages.
        neighbours: heading name -> ((dcol, drow) from an odd line,
            (dcol, drow) from an even line), six entries in clockwise order.
        cols: first and last column number on the map.
        rows: first and last row number on the map.
        label: how a label spells the column and the row, in printed order:
            ``{col:02}`` is the column in exactly two digits (zero-padded),
            ``{col}`` an unpadded number, ``{col:A}`` letters (A = 1 ... Z = 26,
            AA = 27, read in either case), likewise ``{row...}``. Tokyo Express is
            ``"{col:02}{row:02}"``, GWaS's tactical map ``"{col:A}{row}"``. An
            unpadded number may not be followed by another number.
        lines: whether the offset lines are the printed ``"columns"`` or ``"rows"``.
        offset_parity: which lines are shifted, ``"even"`` or ``"odd"``.
        offset_toward: the shifted lines move half a hex toward ``"higher"``
            or ``"lower"`` numbers.
        trim_offset_columns: the shifted lines lack their last hex on the side
            they are shifted toward (a rectangular printed map).
        origin: the label of the hex that is core ``Hex(0, 0)``; by default the
            one at column 0, row 0.
        radius: if given, the map is a hexagon: only the hexes within ``radius``
            of the origin (and within ``cols`` and ``rows``) are on it.
        rotation: degrees, clockwise on screen, from the core frame (heading 0
            up) to the printed map's orientation; used by :meth:`pixel`.

    Raises:
        DataError: on an inconsistent table, a bad label format, or empty bounds.
    """

    def __init__(
        self,
        name: str,
        *,
        neighbours: Mapping[str, tuple[OffsetStep, OffsetStep]],
        cols: tuple[int, int],
        rows: tuple[int, int],
        label: str = "{col:02}{row:02}",
        lines: Literal["columns", "rows"] = "columns",
        offset_parity: Literal["even", "odd"] = "even",
        offset_toward: Literal["higher", "lower"] = "higher",
        trim_offset_columns: bool = False,
        origin: str | None = None,
        radius: int | None = None,
        rotation: float = 0.0,
    ) -> None:
        if offset_parity not in ("even", "odd"):
            raise DataError(f"{name}: offset_parity must be 'even' or 'odd', got {offset_parity!r}")
        if offset_toward not in ("higher", "lower"):
            raise DataError(
                f"{name}: offset_toward must be 'higher' or 'lower', got {offset_toward!r}"
            )
        if lines not in ("columns", "rows"):
            raise DataError(f"{name}: lines must be 'columns' or 'rows', got {lines!r}")
        if len(neighbours) != 6:
            raise DataError(f"{name}: the neighbour table needs 6 headings, got {len(neighbours)}")
        if cols[0] > cols[1] or rows[0] > rows[1]:
            raise DataError(f"{name}: empty column or row range {cols}, {rows}")
        if radius is not None and radius < 0:
            raise DataError(f"{name}: radius must be >= 0, got {radius}")
        self.name = name
        self.cols = cols
        self.rows = rows
        self.label_format = label
        self.lines = lines
        self.offset_parity = offset_parity
        self.offset_toward = offset_toward
        self.trim_offset_columns = trim_offset_columns
        self.radius = radius
        self.rotation = rotation
        self._parts = self._parse_format(label)
        widths = [0, 0]
        for part in self._parts:
            widths[part.axis] = part.width if part.kind == "fixed" else 0
        #: digits of the column (row) part when it has a fixed width, else 0
        self.col_digits, self.row_digits = widths
        self._fixed = all(p.kind == "fixed" for p in self._parts) and self._parts[0].axis == 0
        self._pattern = re.compile(
            "".join(
                f"([0-9]{{{p.width}}})"
                if p.kind == "fixed"
                else f"([0-9]{{1,{p.width}}})"
                if p.kind == "number"
                else f"([A-Za-z]{{1,{p.width}}})"
                for p in self._parts
            )
        )
        self._by_rows = lines == "rows"
        self._shifted = 0 if offset_parity == "even" else 1
        self._row_sign = 1 if offset_toward == "higher" else -1
        self.heading_names: tuple[str, ...] = tuple(neighbours)
        self._heading_index = {n.upper(): i for i, n in enumerate(self.heading_names)}
        if len(self._heading_index) != 6:
            raise DataError(f"{name}: heading names must be distinct: {self.heading_names}")
        self._origin = ORIGIN
        self._hexes: tuple[Hex, ...] | None = None
        self._hex_set: frozenset[Hex] | None = None
        self._labels: dict[Hex, str] = {}
        self._m, self._inv = self._solve(list(neighbours.values()))
        if origin is not None:
            self._origin = self.from_offset(*self.offset(origin))
            self._hexes = None
            self._labels = {}
        if not self.hexes():
            raise DataError(f"{name}: no hex is on the map")

    def _parse_format(self, label: str) -> tuple[_Part, _Part]:
        found = _LABEL_FORMAT.fullmatch(label)
        if found is None or found.group(1) == found.group(3):
            raise DataError(
                f"{self.name}: label format {label!r} must be a column and a row field, "
                "e.g. '{col:02}{row:02}' or '{col:A}{row}'"
            )
        parts = []
        for axis_name, spec in ((found.group(1), found.group(2)), (found.group(3), found.group(4))):
            axis = 0 if axis_name == "col" else 1
            hi = max(abs(v) for v in (self.cols if axis == 0 else self.rows))
            if spec == "A":
                parts.append(_Part(axis, "letters", len(letters(max(hi, 1)))))
            elif spec:
                parts.append(_Part(axis, "fixed", int(spec)))
            else:
                parts.append(_Part(axis, "number", len(str(hi))))
        first, second = parts
        if first.kind == "number" and second.kind != "letters":
            raise DataError(
                f"{self.name}: label format {label!r} is ambiguous: an unpadded number "
                "must be followed by letters"
            )
        return first, second

    # -- native offset <-> axial ------------------------------------------------------------

    def _native(self, col: int, row: int) -> tuple[int, int]:
        line, pos = (row, col) if self._by_rows else (col, row)
        lift = (line + (line & 1)) // 2 if self._shifted == 0 else (line - (line & 1)) // 2
        return line, self._row_sign * pos - lift

    def _solve(
        self, steps: Sequence[tuple[OffsetStep, OffsetStep]]
    ) -> tuple[tuple[int, int, int, int], tuple[int, int, int, int]]:
        """Integer matrix from native axial steps to core axial, checked on all 12 steps."""

        def native_step(step: OffsetStep, line: int) -> tuple[int, int]:
            col, row = (10, line) if self._by_rows else (line, 10)
            q0, r0 = self._native(col, row)
            q1, r1 = self._native(col + step[0], row + step[1])
            return q1 - q0, r1 - r0

        n0 = native_step(steps[0][0], 1)
        n1 = native_step(steps[1][0], 1)
        units = [(d.q, d.r) for d in DIRECTIONS]
        if n0 not in units or n1 not in units:
            raise DataError(
                f"{self.name}: heading {self.heading_names[0]!r} or {self.heading_names[1]!r} "
                "does not step to an adjacent hex"
            )
        i0, i1 = units.index(n0), units.index(n1)
        if (i1 - i0) % 6 not in (1, 5):
            raise DataError(
                f"{self.name}: headings {self.heading_names[0]!r} and "
                f"{self.heading_names[1]!r} must be 60° apart"
            )
        det = n0[0] * n1[1] - n1[0] * n0[1]  # ±1 for adjacent unit steps
        d0, d1 = DIRECTIONS[0], DIRECTIONS[1]
        # M = [d0 d1] · [n0 n1]^-1
        a = (d0.q * n1[1] - d1.q * n0[1]) * det
        b = (-d0.q * n1[0] + d1.q * n0[0]) * det
        c = (d0.r * n1[1] - d1.r * n0[1]) * det
        e = (-d0.r * n1[0] + d1.r * n0[0]) * det
        mdet = a * e - b * c
        inv = (e * mdet, -b * mdet, -c * mdet, a * mdet)
        m = (a, b, c, e)
        line_kind = "row" if self._by_rows else "column"
        for h, (odd, even) in enumerate(steps):
            for step, line in ((odd, 1), (even, 2)):
                nq, nr = native_step(step, line)
                got = Hex(a * nq + b * nr, c * nq + e * nr)
                if got != DIRECTIONS[h]:
                    parity = "odd" if line == 1 else "even"
                    raise DataError(
                        f"{self.name}: neighbour table is inconsistent at heading "
                        f"{self.heading_names[h]!r} from an {parity} {line_kind} (step {step}); "
                        f"check the clockwise order and the {line_kind} offset"
                    )
        return m, inv

    def from_offset(self, col: int, row: int) -> Hex:
        """The hex at printed column ``col`` and row ``row`` (no bounds check)."""
        nq, nr = self._native(col, row)
        a, b, c, e = self._m
        o = self._origin
        return Hex(a * nq + b * nr - o.q, c * nq + e * nr - o.r)

    def to_offset(self, h: Hex) -> tuple[int, int]:
        """The printed ``(column, row)`` of ``h``."""
        a, b, c, e = self._inv
        q, r = h.q + self._origin.q, h.r + self._origin.r
        line = a * q + b * r
        nr = c * q + e * r
        lift = (line + (line & 1)) // 2 if self._shifted == 0 else (line - (line & 1)) // 2
        pos = self._row_sign * (nr + lift)
        return (pos, line) if self._by_rows else (line, pos)

    # -- labels -------------------------------------------------------------------------------

    def _label_help(self) -> str:
        words = []
        for p in self._parts:
            what = "column" if p.axis == 0 else "row"
            lo, hi = self.cols if p.axis == 0 else self.rows
            if p.kind == "letters":
                words.append(f"a {what} letter {letters(max(lo, 1))}-{letters(max(hi, 1))}")
            elif p.kind == "number":
                words.append(f"a {what} number {lo}-{hi}")
            else:
                w = p.width
                words.append(f"{w} for the {what} ({lo:0{w}d}-{hi:0{w}d})")
        cells = self.hexes()
        example = self.label(cells[0]) if cells else self.label_at(self.cols[0], self.rows[0])
        if self._fixed:
            width = self._parts[0].width + self._parts[1].width
            return (
                f"a {self.name} hex label is {width} digits, {words[0]} then {words[1]}, "
                f"e.g. {example!r}"
            )
        return f"a {self.name} hex label is {words[0]} then {words[1]}, e.g. {example!r}"

    def offset(self, label: str) -> tuple[int, int]:
        """The printed ``(column, row)`` a label spells (no bounds check).

        Raises:
            DataError: if the label is malformed.
        """
        if self._fixed:  # the common all-digits case, kept fast
            cd = self.col_digits
            if (
                isinstance(label, str)
                and len(label) == cd + self.row_digits
                and label.isascii()
                and label.isdigit()
            ):
                return int(label[:cd]), int(label[cd:])
            raise DataError(f"bad hex label {label!r}: {self._label_help()}")
        found = self._pattern.fullmatch(label) if isinstance(label, str) else None
        if found is None:
            raise DataError(f"bad hex label {label!r}: {self._label_help()}")
        values = [0, 0]
        for part, text in zip(self._parts, found.groups(), strict=True):
            values[part.axis] = from_letters(text) if part.kind == "letters" else int(text)
        return values[0], values[1]

    def hex(self, label: str, *, check_bounds: bool = True) -> Hex:
        """The hex with printed ``label``.

        Raises:
            DataError: if the label is malformed, or (with ``check_bounds``) off the map.
        """
        h = self.from_offset(*self.offset(label))
        if check_bounds and not self.in_bounds(h):
            raise DataError(f"hex {label} is off the map: {self._label_help()}{self._trim_note()}")
        return h

    def _trim_note(self) -> str:
        notes = []
        if self.trim_offset_columns:
            parity = "even" if self._shifted == 0 else "odd"
            end = "last" if self._row_sign > 0 else "first"
            lines = "rows" if self._by_rows else "columns"
            notes.append(
                f"; {parity} {lines} lack the {end} {'column' if self._by_rows else 'row'}"
            )
        if self.radius is not None:
            notes.append(f"; the map is the hexes within {self.radius} of {self.label(ORIGIN)}")
        return "".join(notes)

    def label_at(self, col: int, row: int) -> str:
        """The label spelling printed column ``col`` and row ``row`` (no bounds check).

        Raises:
            ValueError: if the column or row does not fit its part of the label.
        """
        out = ""
        for p in self._parts:
            v = col if p.axis == 0 else row
            if p.kind == "letters":
                text = letters(v) if v >= 1 else ""
            else:
                text = f"{v:0{p.width}d}" if p.kind == "fixed" else str(v)
            if not text or len(text) > p.width or v < 0:
                raise ValueError(f"column {col}, row {row} has no {self.name} label")
            out += text
        return out

    def label(self, h: Hex) -> str:
        """The printed label of ``h`` (also for off-map hexes that fit the label).

        Raises:
            ValueError: if the column or row does not fit its part of the label.
        """
        found = self._labels.get(h)
        if found is not None:
            return found
        col, row = self.to_offset(h)
        try:
            found = self.label_at(col, row)
        except ValueError:
            raise ValueError(f"{h} (column {col}, row {row}) has no {self.name} label") from None
        self._labels[h] = found
        return found

    def in_bounds(self, h: Hex) -> bool:
        """True if ``h`` is on the printed map."""
        return h in self.hex_set

    @property
    def hex_set(self) -> frozenset[Hex]:
        """Every on-map hex, as a set (for fast membership tests)."""
        if self._hex_set is None:
            self._hex_set = frozenset(self.hexes())
        return self._hex_set

    def _in_bounds(self, h: Hex) -> bool:
        if self.radius is not None and h.length() > self.radius:
            return False
        col, row = self.to_offset(h)
        if self._by_rows:
            (first, last), (lo, hi), line, pos = self.rows, self.cols, row, col
        else:
            (first, last), (lo, hi), line, pos = self.cols, self.rows, col, row
        if not first <= line <= last:
            return False
        if self.trim_offset_columns and (line & 1) == self._shifted:
            if self._row_sign > 0:
                hi -= 1
            else:
                lo += 1
        return lo <= pos <= hi

    def hexes(self) -> tuple[Hex, ...]:
        """Every on-map hex, by column then row."""
        if self._hexes is None:
            self._hexes = tuple(
                h
                for col in range(self.cols[0], self.cols[1] + 1)
                for row in range(self.rows[0], self.rows[1] + 1)
                if self._in_bounds(h := self.from_offset(col, row))
            )
        return self._hexes

    # -- compass ------------------------------------------------------------------------------

    def heading(self, name: str) -> int:
        """The heading int for a compass name (case-insensitive).

        Raises:
            UnknownNameError: if the name is not one of :attr:`heading_names`.
        """
        try:
            return self._heading_index[name.upper()]
        except (KeyError, AttributeError):
            raise UnknownNameError("heading", str(name), self.heading_names) from None

    def heading_name(self, heading: int) -> str:
        """The compass name of a heading int."""
        _check_heading(heading)
        return self.heading_names[heading]

    def pixel(self, h: Hex, size: float = 1.0) -> tuple[float, float]:
        """Centre of ``h`` in screen coordinates (y down) in the printed orientation."""
        x, y = to_pixel(h, size)
        rad = math.radians(self.rotation)
        cos, sin = math.cos(rad), math.sin(rad)
        return (x * cos - y * sin, x * sin + y * cos)

    def __repr__(self) -> str:
        return f"MapSpec({self.name!r}, cols={self.cols}, rows={self.rows})"
