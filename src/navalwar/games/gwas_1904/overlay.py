"""Tactical map overlays: Port Arthur and Chemulpo (GWaS 20.0-20.5, 7.4; notes M-6, A-28).

The printed overlays are missing (notes M-6). Each is reconstructed from real
geography in ``data/gwas_1904/overlays/<name>.toml`` (provenance
``reconstructed``; the file's header gives the geography, the georeference and
the sources) and holds:

* the port hex, the roadstead hex (Port Arthur K8, notes E-31) and the port's
  only connecting hex (20.41: the harbor is entered and left only by the
  Roadstead; Chemulpo: BS1's "the 1 hex adjacent to Chemulpo harbor");
* the hexes that contain land (grounding checks only there, 20.1), the hexes
  that are entirely land (no entry except beaching, 7.41, 7.44; read as at
  least :data:`FULL_LAND_MIN` land) and the hexsides completely blocked by
  land (20.3). The loader checks these lists against the polygons
  (:func:`derive_hexes`);
* the nation of the coast (7.42's home-coast -1), and the port rules: who may
  never enter (20.41), whether ships may fire into or out of the port (20.43,
  20.5), who has local charts (20.42) and who must check next to the port (20.41);
* land polygons for line of sight (20.2) and drawing.

Coordinate frame (``hex units``): the hex-centre frame of
:func:`navalwar.hexgrid.to_pixel` with ``size = 1``, i.e. the SVG renderer's
frame divided by its hex radius. The origin is the centre of K11, x grows
east, y grows SOUTH (screen coordinates, north up); a hex has radius 1 (centre
to corner), neighbouring centres are sqrt(3) apart and K(n) -> K(n+1) is
``(0, +sqrt(3))``. One unit is 8,000 yd / sqrt(3) = 4.2234 km (7.2).

Line of sight (20.2, read per notes A-28): a hex name is the horizontal segment
:data:`LABEL_HALF_WIDTH` either side of the point :data:`LABEL_DY` above the
hex centre (where the renderer prints it, mid-height of the text). Line of sight
exists if ANY straight segment from a point of the firing hex's name to a
point of the target hex's name crosses no land ("If the line cannot be drawn
... the line of sight is considered obstructed"). A segment is blocked only if
a part of it of positive length lies strictly inside a land polygon, so
touching a coast (tangency, a vertex, running along a shore) does not block.
A name whose water part is under :data:`LABEL_ON_LAND` of its length counts as
printed on land and is replaced by the shore point nearest its middle.
The search is exact and deterministic: a clear segment exists if and only if
one of a finite set of extreme segments (label ends, label/coast crossings and
segments through land vertices) is clear; see :func:`line_of_sight`.
"""

from __future__ import annotations

import itertools
import math
import re
from collections.abc import Iterable, Iterator, Sequence
from functools import lru_cache
from pathlib import Path
from typing import Any

import attrs

from navalwar.datapack import bundled_data_dir, load_files
from navalwar.errors import DataError, UnknownNameError
from navalwar.games.gwas_1904 import tactical_map
from navalwar.games.gwas_1904.sides import JAPANESE, NATIONS, RUSSIAN
from navalwar.hexgrid import Hex, distance, neighbours, to_pixel
from navalwar.reader import Reader, provenance_kind

__all__ = [
    "COASTS",
    "FULL_LAND_MIN",
    "LABEL_DY",
    "LABEL_HALF_WIDTH",
    "LABEL_ON_LAND",
    "Overlay",
    "adjacent_to_port",
    "can_enter",
    "derive_hexes",
    "entry_refusal",
    "fire_allowed",
    "grounding_check_needed",
    "hex_centre",
    "hex_corners",
    "hexside",
    "home_coast",
    "in_port",
    "label_anchor",
    "label_segment",
    "land_fraction",
    "line_of_sight",
    "load_overlay",
    "on_land",
    "overlay_names",
    "parse_overlay",
    "segment_crosses_land",
]

GAME_ID = "gwas_1904"
#: Coast owners: Japan, Russia (the Kwantung lease), Korea (neutral), China (neutral).
COASTS = (JAPANESE, RUSSIAN, "K", "C")
LABEL_DY = -0.70  # the hex name's midline, above the centre (renderer: baseline -0.62, 0.24 high)
LABEL_HALF_WIDTH = 0.20  # "K11" at 0.24 high is about 0.4 wide
LABEL_ON_LAND = 0.10  # a name with less water than this fraction is "on land" (20.2 ¶2)
#: A hex with less water than this fraction of its area is a land hex (printed as land).
FULL_LAND_MIN = 0.95

_EPS = 1e-9  # distance below which a point counts as on a coast
_SQRT3 = math.sqrt(3.0)
_NAME = re.compile(r"^[a-z0-9][a-z0-9-]*$")
_SUBDIR = "overlays"

Point = tuple[float, float]
Polygon = tuple[Point, ...]
Segment = tuple[Point, Point]


# --------------------------------------------------------------------------- hex geometry


def hex_centre(h: Hex) -> Point:
    """Centre of ``h`` in hex units (``to_pixel(h, 1.0)``; the SVG frame divided by its size)."""
    return to_pixel(h, 1.0)


def hex_corners(h: Hex) -> tuple[Point, ...]:
    """The six corners of flat-topped ``h``, clockwise on screen from the east corner."""
    cx, cy = hex_centre(h)
    return tuple(
        (cx + math.cos(math.radians(60 * i)), cy + math.sin(math.radians(60 * i))) for i in range(6)
    )


def hexside(a: Hex, b: Hex) -> Segment:
    """The hexside shared by adjacent hexes ``a`` and ``b``, as its two end points.

    Raises:
        ValueError: the hexes are not adjacent.
    """
    if distance(a, b) != 1:
        raise ValueError(f"{tactical_map.label(a)} and {tactical_map.label(b)} are not adjacent")
    ax, ay = hex_centre(a)
    bx, by = hex_centre(b)
    mx, my = (ax + bx) / 2, (ay + by) / 2
    # the side is perpendicular to the centre line, of length 1 (= the radius)
    dx, dy = (bx - ax) / _SQRT3, (by - ay) / _SQRT3  # unit vector a -> b
    return ((mx - dy / 2, my + dx / 2), (mx + dy / 2, my - dx / 2))


def label_segment(h: Hex) -> Segment:
    """Where the hex name is printed: a horizontal segment above the centre (20.2)."""
    cx, cy = hex_centre(h)
    y = cy + LABEL_DY
    return ((cx - LABEL_HALF_WIDTH, y), (cx + LABEL_HALF_WIDTH, y))


# --------------------------------------------------------------------------- plane geometry


def _cross(ox: float, oy: float, ax: float, ay: float, bx: float, by: float) -> float:
    return (ax - ox) * (by - oy) - (ay - oy) * (bx - ox)


def _area(poly: Sequence[Point]) -> float:
    """Signed shoelace area."""
    s = 0.0
    n = len(poly)
    for i in range(n):
        x0, y0 = poly[i]
        x1, y1 = poly[(i + 1) % n]
        s += x0 * y1 - x1 * y0
    return s / 2


def _edges(poly: Sequence[Point]) -> Iterator[Segment]:
    n = len(poly)
    for i in range(n):
        yield poly[i], poly[(i + 1) % n]


def _dist_to_segment(p: Point, a: Point, b: Point) -> float:
    return math.dist(p, _closest_on_segment(p, a, b))


def _closest_on_segment(p: Point, a: Point, b: Point) -> Point:
    dx, dy = b[0] - a[0], b[1] - a[1]
    n2 = dx * dx + dy * dy
    t = 0.0 if n2 == 0 else max(0.0, min(1.0, ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / n2))
    return (a[0] + t * dx, a[1] + t * dy)


def _inside(poly: Sequence[Point], p: Point) -> bool:
    """Even-odd point in polygon (boundary points may go either way)."""
    x, y = p
    inside = False
    n = len(poly)
    for i in range(n):
        x0, y0 = poly[i]
        x1, y1 = poly[(i + 1) % n]
        if (y0 > y) != (y1 > y) and x < x0 + (y - y0) * (x1 - x0) / (y1 - y0):
            inside = not inside
    return inside


def _strictly_inside(poly: Sequence[Point], p: Point) -> bool:
    """Inside and farther than the tolerance from the boundary."""
    if not _inside(poly, p):
        return False
    return all(_dist_to_segment(p, a, b) > _EPS for a, b in _edges(poly))


def _segment_params(p: Point, q: Point, poly: Sequence[Point]) -> list[float]:
    """Parameters in [0, 1] along p->q where it meets the boundary of ``poly``."""
    out: list[float] = []
    dx, dy = q[0] - p[0], q[1] - p[1]
    for a, b in _edges(poly):
        ex, ey = b[0] - a[0], b[1] - a[1]
        den = dx * ey - dy * ex
        wx, wy = a[0] - p[0], a[1] - p[1]
        if abs(den) < 1e-15:
            # parallel: if collinear, the overlap's ends (a and b projected)
            if abs(wx * dy - wy * dx) < 1e-12:
                n2 = dx * dx + dy * dy
                if n2 > 0:
                    for c in (a, b):
                        t = ((c[0] - p[0]) * dx + (c[1] - p[1]) * dy) / n2
                        if 0.0 <= t <= 1.0:
                            out.append(t)
            continue
        t = (wx * ey - wy * ex) / den
        u = (wx * dy - wy * dx) / den
        if -1e-12 <= t <= 1 + 1e-12 and -1e-12 <= u <= 1 + 1e-12:
            out.append(min(1.0, max(0.0, t)))
    return out


def _inside_intervals(p: Point, q: Point, poly: Sequence[Point]) -> list[tuple[float, float]]:
    """The sub-intervals of p->q (parameters) lying strictly inside ``poly``."""
    ts = sorted({0.0, 1.0, *_segment_params(p, q, poly)})
    out: list[tuple[float, float]] = []
    for t0, t1 in itertools.pairwise(ts):
        if t1 - t0 <= 1e-12:
            continue
        tm = (t0 + t1) / 2
        m = (p[0] + (q[0] - p[0]) * tm, p[1] + (q[1] - p[1]) * tm)
        if _strictly_inside(poly, m):
            out.append((t0, t1))
    return out


def _bbox(points: Iterable[Point]) -> tuple[float, float, float, float]:
    xs, ys = zip(*points, strict=True)
    return (min(xs), min(ys), max(xs), max(ys))


def _bbox_overlap(
    a: tuple[float, float, float, float], b: tuple[float, float, float, float]
) -> bool:
    return (
        a[0] <= b[2] + _EPS and b[0] <= a[2] + _EPS and a[1] <= b[3] + _EPS and b[1] <= a[3] + _EPS
    )


def _clip(subject: Sequence[Point], clip: Sequence[Point]) -> list[Point]:
    """Sutherland-Hodgman: ``subject`` clipped by the convex, clockwise-on-screen ``clip``.

    For a concave subject the result may contain zero-width bridges, but its
    area is exact, which is all it is used for.
    """
    out = list(subject)
    sign = 1.0 if _area(clip) > 0 else -1.0
    for a, b in _edges(clip):
        if not out:
            break
        inp, out = out, []

        def keep(p: Point, a: Point = a, b: Point = b) -> bool:
            return sign * _cross(a[0], a[1], b[0], b[1], p[0], p[1]) >= 0

        def cut(p: Point, q: Point, a: Point = a, b: Point = b) -> Point:
            d1 = _cross(a[0], a[1], b[0], b[1], p[0], p[1])
            d2 = _cross(a[0], a[1], b[0], b[1], q[0], q[1])
            t = d1 / (d1 - d2)
            return (p[0] + (q[0] - p[0]) * t, p[1] + (q[1] - p[1]) * t)

        for i, cur in enumerate(inp):
            prev = inp[i - 1]
            if keep(cur):
                if not keep(prev):
                    out.append(cut(prev, cur))
                out.append(cur)
            elif keep(prev):
                out.append(cut(prev, cur))
    return out


def _segments_cross(a: Point, b: Point, c: Point, d: Point) -> bool:
    """Whether closed segments ab and cd share a point."""
    d1 = _cross(c[0], c[1], d[0], d[1], a[0], a[1])
    d2 = _cross(c[0], c[1], d[0], d[1], b[0], b[1])
    d3 = _cross(a[0], a[1], b[0], b[1], c[0], c[1])
    d4 = _cross(a[0], a[1], b[0], b[1], d[0], d[1])
    if ((d1 > 0 > d2) or (d1 < 0 < d2)) and ((d3 > 0 > d4) or (d3 < 0 < d4)):
        return True
    for p, (s0, s1), dv in ((a, (c, d), d1), (b, (c, d), d2), (c, (a, b), d3), (d, (a, b), d4)):
        if dv == 0 and _dist_to_segment(p, s0, s1) == 0:
            return True
    return False


# --------------------------------------------------------------------------- the overlay


def _side_key(a: Hex, b: Hex) -> tuple[Hex, Hex]:
    return (a, b) if a < b else (b, a)


@attrs.frozen(cache_hash=True)
class Overlay:
    """One tactical map overlay (20.0), as loaded and checked by :func:`load_overlay`.

    Attributes:
        name: the overlay id (``"port-arthur"``).
        title: a display title.
        port_name: the port's name ("Port Arthur").
        port: the harbor / port hex.
        roadstead: the Roadstead hex (20.4, 20.44), or None (Chemulpo).
        access: the only hex the port may be entered from or left to (20.41).
        coast: the nation owning the coast: ``J``, ``R``, ``K`` (Korea) or ``C`` (7.42).
        closed_to: nations whose ships may never enter the port (20.41: Japan).
        port_fire: whether ships may fire into or out of the port (20.43: no; 20.5: yes).
        local_charts: nations making no grounding check next to the port (20.42).
        approach_checks: nations that must check entering sea hexes next to the port (20.41).
        land: hexes containing land (20.1).
        full_land: hexes entirely land (7.41; only beaching enters them, 7.44).
        blocked: hexsides completely blocked by land (20.3), as sorted hex pairs.
        polygons: land outlines in hex units (see the module docstring).
        polygon_names: a name for each polygon.
        provenance: the data provenance (``reconstructed``).
        file: the file it was read from.
    """

    name: str
    title: str
    port_name: str
    port: Hex
    roadstead: Hex | None
    access: Hex
    coast: str
    closed_to: frozenset[str]
    port_fire: bool
    local_charts: frozenset[str]
    approach_checks: frozenset[str]
    land: frozenset[Hex]
    full_land: frozenset[Hex]
    blocked: frozenset[tuple[Hex, Hex]]
    polygons: tuple[Polygon, ...]
    polygon_names: tuple[str, ...] = ()
    provenance: str = "reconstructed"
    file: str = attrs.field(default="", eq=False)
    bboxes: tuple[tuple[float, float, float, float], ...] = attrs.field(
        init=False, eq=False, repr=False
    )

    def __attrs_post_init__(self) -> None:
        object.__setattr__(self, "bboxes", tuple(_bbox(p) for p in self.polygons))

    def is_blocked(self, a: Hex, b: Hex) -> bool:
        """Whether the hexside between ``a`` and ``b`` is completely land (20.3)."""
        return _side_key(a, b) in self.blocked

    def is_sea(self, h: Hex) -> bool:
        """An on-map hex that is not entirely land (the port hex counts as sea)."""
        return tactical_map.on_map(h) and h not in self.full_land


# --------------------------------------------------------------------------- land queries


def on_land(ov: Overlay, p: Point) -> bool:
    """Whether point ``p`` (hex units) is strictly inside a land polygon."""
    x, y = p
    for poly, bb in zip(ov.polygons, ov.bboxes, strict=True):
        if bb[0] <= x <= bb[2] and bb[1] <= y <= bb[3] and _strictly_inside(poly, p):
            return True
    return False


def _land_intervals(
    polygons: Sequence[Polygon],
    bboxes: Sequence[tuple[float, float, float, float]],
    p: Point,
    q: Point,
) -> list[tuple[float, float]]:
    seg_bb = _bbox((p, q))
    out: list[tuple[float, float]] = []
    for poly, bb in zip(polygons, bboxes, strict=True):
        if _bbox_overlap(seg_bb, bb):
            out.extend(_inside_intervals(p, q, poly))
    return sorted(out)


def segment_crosses_land(ov: Overlay, p: Point, q: Point) -> bool:
    """Whether segment p->q has a part of positive length strictly inside land (20.2).

    Touching a coast, passing through a land vertex or running along a shore
    does not count (notes A-28: tangency does not block).
    """
    seg_bb = _bbox((p, q))
    for poly, bb in zip(ov.polygons, ov.bboxes, strict=True):
        if _bbox_overlap(seg_bb, bb) and _inside_intervals(p, q, poly):
            return True
    return False


def _covered(intervals: list[tuple[float, float]]) -> float:
    """Total length of a sorted list of (non-overlapping) parameter intervals."""
    return sum(t1 - t0 for t0, t1 in intervals)


def _hex_land_area(
    polygons: Sequence[Polygon], bboxes: Sequence[tuple[float, float, float, float]], h: Hex
) -> float:
    corners = hex_corners(h)
    hb = _bbox(corners)
    total = 0.0
    for poly, bb in zip(polygons, bboxes, strict=True):
        if _bbox_overlap(hb, bb):
            clipped = _clip(poly, corners)
            if len(clipped) >= 3:
                total += abs(_area(clipped))
    return total


_HEX_AREA = 3 * _SQRT3 / 2


def land_fraction(ov: Overlay, h: Hex) -> float:
    """The fraction of hex ``h``'s area that is land (0..1)."""
    return min(1.0, _hex_land_area(ov.polygons, ov.bboxes, h) / _HEX_AREA)


def derive_hexes(
    polygons: Sequence[Polygon],
) -> tuple[frozenset[Hex], frozenset[Hex], frozenset[tuple[Hex, Hex]]]:
    """What the polygons imply on the tactical map: (hexes containing land, hexes entirely
    land, completely blocked hexsides between two hexes that are not entirely land).

    A hex contains land if land covers a positive area of it (a coast along a
    hexside does not count); it is a land hex ("entirely land") if land covers
    at least :data:`FULL_LAND_MIN` of it (a cartographic reading: a hex with a
    sliver of water would be printed as land); a hexside is blocked if land
    covers its whole length.
    """
    bbs = [_bbox(p) for p in polygons]
    land: set[Hex] = set()
    full: set[Hex] = set()
    for h in tactical_map.hexes():
        area = _hex_land_area(polygons, bbs, h)
        if area > 1e-9:
            land.add(h)
            if area >= FULL_LAND_MIN * _HEX_AREA - 1e-9:
                full.add(h)
    blocked: set[tuple[Hex, Hex]] = set()
    for h in sorted(land):
        for n in neighbours(h):
            if n not in land or n in full or h in full or not tactical_map.on_map(n):
                continue
            p, q = hexside(h, n)
            if _covered(_land_intervals(polygons, bbs, p, q)) >= 1 - 1e-9:
                blocked.add(_side_key(h, n))
    return frozenset(land), frozenset(full), frozenset(blocked)


# --------------------------------------------------------------------------- rules


def in_port(ov: Overlay, h: Hex) -> bool:
    """Whether ``h`` is the port (harbor) hex (20.4, 20.43)."""
    return h == ov.port


def adjacent_to_port(ov: Overlay, h: Hex) -> bool:
    """Whether ``h`` is next to the port hex (20.41, 20.42)."""
    return distance(h, ov.port) == 1


def home_coast(ov: Overlay, nation: str) -> bool:
    """Whether the overlay's land is ``nation``'s home coast (7.42: grounding roll -1)."""
    return ov.coast == nation


def entry_refusal(ov: Overlay, frm: Hex, to: Hex, nation: str, *, beach: bool = False) -> str:
    """Why a ship of ``nation`` may not move from ``frm`` into adjacent ``to``; "" if it may.

    * the port hex is entered only from, and left only to, its access hex
      (20.41: the Roadstead), and never by a nation it is closed to (20.41);
    * a hex entirely land is entered only to beach (7.41, 7.44; ``beach``), and
      beaching ignores 20.3 (a land hex's sides are land);
    * no hexside completely blocked by land is crossed (20.3).

    Leaving the map by an edge is the battle's business: the overlay refuses no
    off-map ``to`` (no land is drawn there that 20.3 could apply to).
    """
    if distance(frm, to) != 1:
        return f"{tactical_map.label(to)} is not adjacent to {tactical_map.label(frm)}"
    name = ov.port_name
    if to == ov.port:
        if nation in ov.closed_to:
            return f"{nation} ships may never enter {name} (20.41)"
        if frm != ov.access:
            where = tactical_map.label(ov.access)
            return f"{name} may be entered only from {where} (20.41)"
        return ""
    if frm == ov.port:
        if to != ov.access:
            return f"ships leaving {name} may go only to {tactical_map.label(ov.access)} (20.41)"
        return ""
    if to in ov.full_land:
        if beach:
            return ""
        return f"{tactical_map.label(to)} is land; ships enter it only to beach (7.41, 7.44)"
    if ov.is_blocked(frm, to):
        a, b = tactical_map.label(frm), tactical_map.label(to)
        return f"the hexside {a}-{b} is completely blocked by land (20.3)"
    return ""


def can_enter(ov: Overlay, frm: Hex, to: Hex, nation: str, *, beach: bool = False) -> bool:
    """Whether a ship of ``nation`` may move from ``frm`` into adjacent ``to`` (see
    :func:`entry_refusal`)."""
    return _can_enter(ov, frm, to, nation, beach)


@lru_cache(maxsize=16384)  # asked for every move of every group
def _can_enter(ov: Overlay, frm: Hex, to: Hex, nation: str, beach: bool) -> bool:
    return not entry_refusal(ov, frm, to, nation, beach=beach)


def grounding_check_needed(ov: Overlay, h: Hex, nation: str) -> bool:
    """Whether a ship of ``nation`` entering ``h`` rolls for grounding (7.42 with 20.1-20.42).

    * 20.1: only in hexes containing land;
    * 20.42: not for ``local_charts`` nations (Russia) in hexes adjacent to Port Arthur;
    * 20.41: always for ``approach_checks`` nations (Japan) entering sea hexes
      adjacent to the harbor;
    * the port hex itself and land hexes: no roll (entering port is governed by
      20.41's transit limits; beaching needs no roll, 7.44). A reading: the
      rules do not say.
    """
    return _grounding_check_needed(ov, h, nation)


@lru_cache(maxsize=16384)  # asked for every move the agent weighs
def _grounding_check_needed(ov: Overlay, h: Hex, nation: str) -> bool:
    if h == ov.port or h in ov.full_land or not tactical_map.on_map(h):
        return False
    if adjacent_to_port(ov, h):
        if nation in ov.local_charts:
            return False
        if nation in ov.approach_checks:
            return True
    return h in ov.land


def _nearest_shore(ov: Overlay, p: Point) -> Point:
    best: Point = p
    best_d = math.inf
    for poly in ov.polygons:
        for a, b in _edges(poly):
            c = _closest_on_segment(p, a, b)
            d = math.dist(p, c)
            if d < best_d:
                best, best_d = c, d
    return best


def label_anchor(ov: Overlay, h: Hex) -> Segment:
    """Where lines of sight from ``h`` start: its name (:func:`label_segment`), or, when
    the name is printed (almost) entirely on land, the shore point nearest to the name's
    middle as a zero-length segment (20.2 ¶2)."""
    p, q = label_segment(h)
    on = _covered(_land_intervals(ov.polygons, ov.bboxes, p, q))
    if 1.0 - on >= LABEL_ON_LAND:
        return (p, q)
    mid = ((p[0] + q[0]) / 2, (p[1] + q[1]) / 2)
    s = _nearest_shore(ov, mid)
    return (s, s)


def _hull(points: Sequence[Point]) -> list[Point]:
    pts = sorted(set(points))
    if len(pts) <= 2:
        return pts
    lower: list[Point] = []
    for p in pts:
        while len(lower) >= 2 and _cross(*lower[-2], *lower[-1], *p) <= 0:
            lower.pop()
        lower.append(p)
    upper: list[Point] = []
    for p in reversed(pts):
        while len(upper) >= 2 and _cross(*upper[-2], *upper[-1], *p) <= 0:
            upper.pop()
        upper.append(p)
    return lower[:-1] + upper[:-1]


def _in_convex(hull: Sequence[Point], p: Point) -> bool:
    """Inside or within the tolerance of a counter-clockwise (in maths axes) convex hull."""
    n = len(hull)
    for i in range(n):
        a, b = hull[i], hull[(i + 1) % n]
        length = math.dist(a, b)
        if length > 0 and _cross(*a, *b, *p) / length < -_EPS:
            return False
    return True


def _line_hit(p: Point, d: Point, seg: Segment) -> Point | None:
    """Where the line p + k d meets segment ``seg`` (None if parallel or outside it)."""
    (ax, ay), (bx, by) = seg
    ex, ey = bx - ax, by - ay
    den = d[0] * ey - d[1] * ex
    if abs(den) < 1e-15:
        return None
    wx, wy = ax - p[0], ay - p[1]
    t = (wx * d[1] - wy * d[0]) / den
    if not -1e-12 <= t <= 1 + 1e-12:
        return None
    t = min(1.0, max(0.0, t))
    return (ax + ex * t, ay + ey * t)


def _ends(ov: Overlay, seg: Segment) -> list[Point]:
    """A label's candidate end points: its ends and where it meets a coast."""
    p, q = seg
    out = [p, q]
    if p == q:
        return [p]
    for poly in ov.polygons:
        for t in _segment_params(p, q, poly):
            out.append((p[0] + (q[0] - p[0]) * t, p[1] + (q[1] - p[1]) * t))
    return out


def _candidates(ov: Overlay, a: Segment, b: Segment) -> Iterator[Segment]:
    """Segments from ``a`` to ``b`` among which a clear one exists if any does.

    The clear segments form a closed set in the (s, t) square of end-point
    parameters, bounded by s, t = label ends or label/coast crossings and by
    the curves "the segment passes through land vertex v" (monotone in s and
    t). Its lexicographically smallest point is therefore an end pair, an end
    with a segment through a vertex, or a line through two vertices.
    """
    ea, eb = _ends(ov, a), _ends(ov, b)
    for p in ea:
        for q in eb:
            yield (p, q)
    hull = _hull([a[0], a[1], b[0], b[1]])
    if len(hull) < 3 or abs(_area(hull)) < 1e-12:
        return
    hb = _bbox(hull)
    verts = [
        v
        for poly, bb in zip(ov.polygons, ov.bboxes, strict=True)
        if _bbox_overlap(hb, bb)
        for v in poly
        if hb[0] - _EPS <= v[0] <= hb[2] + _EPS
        and hb[1] - _EPS <= v[1] <= hb[3] + _EPS
        and _in_convex(hull, v)
    ]
    a_line = a[0] != a[1]
    b_line = b[0] != b[1]
    for v in verts:
        if b_line:
            for p in ea:
                if p != v:
                    hit = _line_hit(p, (v[0] - p[0], v[1] - p[1]), b)
                    if hit is not None:
                        yield (p, hit)
        if a_line:
            for q in eb:
                if q != v:
                    p2 = _line_hit(q, (v[0] - q[0], v[1] - q[1]), a)
                    if p2 is not None:
                        yield (p2, q)
    if a_line and b_line:
        for i, v in enumerate(verts):
            for w in verts[i + 1 :]:
                d = (w[0] - v[0], w[1] - v[1])
                if d == (0.0, 0.0):
                    continue
                p3 = _line_hit(v, d, a)
                q3 = _line_hit(v, d, b)
                if p3 is not None and q3 is not None:
                    yield (p3, q3)


@lru_cache(maxsize=16384)
def _los(ov: Overlay, a: Hex, b: Hex) -> bool:
    sa, sb = label_anchor(ov, a), label_anchor(ov, b)
    return any(not segment_crosses_land(ov, p, q) for p, q in _candidates(ov, sa, sb))


def line_of_sight(ov: Overlay, a: Hex, b: Hex) -> bool:
    """Whether a ship in ``a`` can see (and fire at) a ship in ``b`` past the land (20.2).

    True if some straight segment from a point of ``a``'s hex name to a point of
    ``b``'s hex name crosses no land (see the module docstring; notes A-28).
    Symmetric; a hex always sees itself. Exact up to a 1e-9 tolerance.
    """
    if a == b or not ov.polygons:
        return True
    return _los(ov, *sorted((a, b)))


def fire_allowed(ov: Overlay, shooter: Hex, target: Hex) -> bool:
    """Whether a ship in ``shooter`` may fire at a ship in ``target``: 20.43 (no fire into
    or out of Port Arthur harbor, where ``port_fire`` is false) and line of sight (20.2)."""
    if not ov.port_fire and (shooter == ov.port or target == ov.port):
        return False
    return line_of_sight(ov, shooter, target)


# --------------------------------------------------------------------------- loading


def _overlay_dirs(overrides: Sequence[Path]) -> list[Path]:
    dirs = [bundled_data_dir() / GAME_ID / _SUBDIR]
    for d in overrides:
        dirs += [Path(d) / GAME_ID / _SUBDIR, Path(d) / _SUBDIR]
    return dirs


def overlay_names(overrides: Sequence[Path] = ()) -> list[str]:
    """The ids of the bundled overlays and any in the override directories."""
    names: set[str] = set()
    for d in _overlay_dirs(overrides):
        if d.is_dir():
            names.update(p.stem for p in d.glob("*.toml") if _NAME.match(p.stem))
    return sorted(names)


class _Reader(Reader):
    """The core :class:`~navalwar.reader.Reader` with an overlay's own values (hexes,
    nations, land outlines); :meth:`bad` gives the error to raise."""

    def bad(self, message: str, path: str) -> DataError:
        return self.error(path, message)

    def section(self, doc: dict[str, Any], key: str, allowed: Sequence[str]) -> dict[str, Any]:
        """The table ``doc[key]`` (required), with no key but ``allowed``."""
        return self.table(doc.get(key), key, optional=allowed)

    def string(self, doc: dict[str, Any], key: str, path: str, *, empty: bool = False) -> str:
        value = doc.get(key)
        if not isinstance(value, str) or (not empty and not value.strip()):
            raise self.bad("must be a non-empty text" if not empty else "must be a text", path)
        return value.strip()

    def hex(self, value: object, path: str) -> Hex:
        if not isinstance(value, str):
            raise self.bad("must be a tactical hex label such as 'K11'", path)
        try:
            return tactical_map.hex_of(value)
        except DataError as exc:
            raise self.bad(exc.reason, path) from None

    def hexes(self, doc: dict[str, Any], key: str, path: str) -> list[Hex]:
        value = doc.get(key)
        if not isinstance(value, list):
            raise self.bad("must be a list of hex labels", path)
        out = [self.hex(v, f"{path}[{i}]") for i, v in enumerate(value)]
        seen: set[Hex] = set()
        for i, h in enumerate(out):
            if h in seen:
                raise self.bad(f"{tactical_map.label(h)} is listed twice", f"{path}[{i}]")
            seen.add(h)
        return out

    def nations(self, doc: dict[str, Any], key: str, path: str) -> frozenset[str]:
        value = doc.get(key, [])
        if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
            raise self.bad("must be a list of nations (J, R)", path)
        for i, v in enumerate(value):
            if v not in NATIONS:
                raise self.bad(f"unknown nation {v!r}; use J or R", f"{path}[{i}]")
        return frozenset(value)

    def polygon(self, raw: object, path: str) -> tuple[str, Polygon]:
        if not isinstance(raw, dict):
            raise self.bad("must be a table with name and points", path)
        self.keys(raw, path, ("name", "points"))
        name = self.string(raw, "name", f"{path}.name")
        pts = raw.get("points")
        if not isinstance(pts, list) or len(pts) < 3:
            raise self.bad("must be a list of at least 3 [x, y] points", f"{path}.points")
        out: list[Point] = []
        for i, pt in enumerate(pts):
            ok = (
                isinstance(pt, list)
                and len(pt) == 2
                and all(isinstance(c, int | float) and not isinstance(c, bool) for c in pt)
                and all(math.isfinite(float(c)) for c in pt)
            )
            if not ok:
                raise self.bad("must be an [x, y] pair of numbers", f"{path}.points[{i}]")
            out.append((float(pt[0]), float(pt[1])))
        if abs(_area(out)) < 1e-9:
            raise self.bad("the polygon has no area", f"{path}.points")
        _check_simple(self, out, f"{path}.points")
        return name, tuple(out)


def _check_simple(r: _Reader, poly: Sequence[Point], path: str) -> None:
    """No repeated points and no two non-adjacent edges meeting."""
    n = len(poly)
    if len(set(poly)) != n:
        raise r.bad("a point is repeated", path)
    edges = list(_edges(poly))
    for i in range(n):
        for j in range(i + 1, n):
            if j == i + 1 or (i == 0 and j == n - 1):
                continue
            if _segments_cross(*edges[i], *edges[j]):
                raise r.bad(f"the outline crosses itself (edges from points {i} and {j})", path)


def _check_disjoint(r: _Reader, polys: Sequence[Polygon], names: Sequence[str]) -> None:
    bbs = [_bbox(p) for p in polys]
    for i in range(len(polys)):
        for j in range(i + 1, len(polys)):
            if not _bbox_overlap(bbs[i], bbs[j]):
                continue
            a, b = polys[i], polys[j]
            touch = (
                any(_segments_cross(*e, *f) for e in _edges(a) for f in _edges(b))
                or _inside(a, b[0])
                or _inside(b, a[0])
            )
            if touch:
                raise r.bad(
                    f"land {names[i]!r} and {names[j]!r} overlap or touch; merge them",
                    f"polygon[{j}]",
                )


_META = ("title", "rule", "provenance", "sources", "frame", "georeference")
_PORT = (
    "name",
    "hex",
    "roadstead",
    "access",
    "coast",
    "closed_to",
    "fire",
    "local_charts",
    "approach_checks",
)
_HEXES = ("land", "full_land", "blocked_hexsides")


def parse_overlay(name: str, doc: dict[str, Any], file: str = "") -> Overlay:
    """Check and build an overlay from a parsed TOML document.

    Raises:
        DataError: with the file and the field path of the first problem.
    """
    r = _Reader(file)
    r.keys(doc, "", ("meta", "port", "hexes", "polygon"))
    meta = r.section(doc, "meta", _META)
    title = r.string(meta, "title", "meta.title")
    provenance = provenance_kind(
        r.string(meta, "provenance", "meta.provenance"), file, "meta.provenance"
    )
    if "frame" in meta and meta["frame"] != "hex":
        raise r.bad("the only coordinate frame is 'hex' (hex-centre units)", "meta.frame")
    port_t = r.section(doc, "port", _PORT)
    port_name = r.string(port_t, "name", "port.name")
    port = r.hex(port_t.get("hex"), "port.hex")
    road_raw = port_t.get("roadstead", "")
    roadstead = None if road_raw == "" else r.hex(road_raw, "port.roadstead")
    access = r.hex(port_t.get("access"), "port.access")
    if distance(access, port) != 1:
        raise r.bad(f"must be adjacent to the port hex {tactical_map.label(port)}", "port.access")
    if roadstead is not None and roadstead != access:
        raise r.bad("the harbor is entered only from the Roadstead (20.41)", "port.access")
    coast = r.string(port_t, "coast", "port.coast")
    if coast not in COASTS:
        raise r.bad(f"unknown coast {coast!r}; use one of {', '.join(COASTS)}", "port.coast")
    closed = r.nations(port_t, "closed_to", "port.closed_to")
    fire = r.flag(port_t, "fire", "port")
    charts = r.nations(port_t, "local_charts", "port.local_charts")
    checks = r.nations(port_t, "approach_checks", "port.approach_checks")

    hexes_t = r.section(doc, "hexes", _HEXES)
    land = r.hexes(hexes_t, "land", "hexes.land")
    full = r.hexes(hexes_t, "full_land", "hexes.full_land")
    land_set, full_set = frozenset(land), frozenset(full)
    for i, h in enumerate(full):
        if h not in land_set:
            raise r.bad(
                f"{tactical_map.label(h)} is entirely land but not in hexes.land",
                f"hexes.full_land[{i}]",
            )
    for field, h in (("port.hex", port), ("port.access", access)):
        if h in full_set:
            raise r.bad(f"{tactical_map.label(h)} is listed as entirely land", field)
    sides_raw = hexes_t.get("blocked_hexsides", [])
    if not isinstance(sides_raw, list):
        raise r.bad("must be a list of [hex, hex] pairs", "hexes.blocked_hexsides")
    blocked: set[tuple[Hex, Hex]] = set()
    for i, pair in enumerate(sides_raw):
        path = f"hexes.blocked_hexsides[{i}]"
        if not isinstance(pair, list) or len(pair) != 2:
            raise r.bad("must be a pair of adjacent hex labels", path)
        a, b = r.hex(pair[0], f"{path}[0]"), r.hex(pair[1], f"{path}[1]")
        if distance(a, b) != 1:
            raise r.bad("the two hexes are not adjacent", path)
        key = _side_key(a, b)
        if key in blocked:
            raise r.bad("listed twice", path)
        blocked.add(key)

    raw_polys = doc.get("polygon", [])
    if not isinstance(raw_polys, list):
        raise r.bad("must be an array of tables [[polygon]]", "polygon")
    named = [r.polygon(p, f"polygon[{i}]") for i, p in enumerate(raw_polys)]
    names = tuple(n for n, _ in named)
    polys = tuple(p for _, p in named)
    _check_disjoint(r, polys, names)

    # the hex lists must be what the polygons imply (derive_hexes)
    d_land, d_full, d_blocked = derive_hexes(polys)
    _match(r, "hexes.land", land_set, d_land, "contain land")
    _match(r, "hexes.full_land", full_set, d_full, "are entirely land")
    side_labels = {
        tactical_map.label(a) + "-" + tactical_map.label(b): (a, b) for a, b in blocked | d_blocked
    }
    extra = sorted(k for k, v in side_labels.items() if v in blocked and v not in d_blocked)
    missing = sorted(k for k, v in side_labels.items() if v in d_blocked and v not in blocked)
    if extra or missing:
        raise r.bad(
            "does not match the land polygons: "
            + (f"not blocked by land: {', '.join(extra)}" if extra else "")
            + ("; " if extra and missing else "")
            + (f"missing: {', '.join(missing)}" if missing else ""),
            "hexes.blocked_hexsides",
        )
    if port not in land_set:
        raise r.bad("the port hex must contain land", "port.hex")
    return Overlay(
        name=name,
        title=title,
        port_name=port_name,
        port=port,
        roadstead=roadstead,
        access=access,
        coast=coast,
        closed_to=closed,
        port_fire=fire,
        local_charts=charts,
        approach_checks=checks,
        land=land_set,
        full_land=full_set,
        blocked=frozenset(blocked),
        polygons=polys,
        polygon_names=names,
        provenance=provenance,
        file=file,
    )


def _match(
    r: _Reader, path: str, listed: frozenset[Hex], derived: frozenset[Hex], what: str
) -> None:
    extra = sorted(tactical_map.label(h) for h in listed - derived)
    missing = sorted(tactical_map.label(h) for h in derived - listed)
    if extra or missing:
        parts = []
        if extra:
            parts.append(f"listed but the polygons do not make them {what}: {', '.join(extra)}")
        if missing:
            parts.append(f"the polygons make these {what} too: {', '.join(missing)}")
        raise r.bad("does not match the land polygons: " + "; ".join(parts), path)


def load_overlay(name: str, overrides: Sequence[Path] = ()) -> Overlay:
    """Load overlay ``name`` (``port-arthur``, ``chemulpo``), bundled or from an override.

    Raises:
        UnknownNameError: no such overlay (with a suggestion).
        DataError: a malformed file, with the file and field path.
    """
    known = overlay_names(overrides)
    if name not in known:
        raise UnknownNameError("overlay", name, known)
    rel = f"{_SUBDIR}/{name}.toml"
    pack = load_files(GAME_ID, (rel,), overrides)[rel]
    return parse_overlay(name, pack.content, str(pack.path))
