"""Laying a printed hex map over real geography, and the hexes along a printed map's sides.

* :class:`AzimuthalEquidistant`: a local map projection on a sphere, true in distance
  and direction from its centre (Snyder, *Map Projections: A Working Manual*, USGS
  Professional Paper 1395, 1987, pp. 191-196, the spherical formulas).
* :class:`HexFrame`: a :class:`~navalwar.hexgrid.MapSpec` placed on the projection's
  plane: a hex's centre in map units, and the hex of a point.
* :func:`side_hexes`, :func:`cut_hexes`: the hexes along each side of a rectangular
  printed map, and those its border cuts in half (a printed border runs through the
  centres of the outermost hexes of each side).

The sides are the printed map's ``"top"``, ``"bottom"``, ``"left"`` and ``"right"``; a
game names them (north, south ...).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Literal

from navalwar.hexgrid import Hex, MapSpec, from_pixel, to_pixel

__all__ = [
    "EARTH_RADIUS_KM",
    "SIDES",
    "STATUTE_MILE_KM",
    "AzimuthalEquidistant",
    "HexFrame",
    "Side",
    "cut_hexes",
    "side_hexes",
]

#: The mean radius of the Earth (IUGG, the radius of the sphere of the same mean, R1).
EARTH_RADIUS_KM = 6371.0088
#: The international statute mile (1959).
STATUTE_MILE_KM = 1.609344

Side = Literal["top", "bottom", "left", "right"]
SIDES: tuple[Side, ...] = ("top", "bottom", "left", "right")

_TOLERANCE = 1e-6  # of a hex's size: centres this close lie on one line


@dataclass(frozen=True, slots=True)
class AzimuthalEquidistant:
    """The azimuthal equidistant projection of a sphere of ``radius`` (map units)
    centred on ``lat0``, ``lon0`` (degrees, south and west negative): ``x`` east,
    ``y`` north, distances from the centre true."""

    lat0: float
    lon0: float
    radius: float

    def forward(self, lat: float, lon: float) -> tuple[float, float]:
        """The ``(x, y)`` of a point (Snyder eqs. 25-2, 22-4, 22-5)."""
        p, dl = math.radians(lat), math.radians(lon - self.lon0)
        p0 = math.radians(self.lat0)
        cos_c = math.sin(p0) * math.sin(p) + math.cos(p0) * math.cos(p) * math.cos(dl)
        c = math.acos(max(-1.0, min(1.0, cos_c)))
        k = 1.0 if c == 0.0 else c / math.sin(c)
        x = self.radius * k * math.cos(p) * math.sin(dl)
        north = math.cos(p0) * math.sin(p) - math.sin(p0) * math.cos(p) * math.cos(dl)
        y = self.radius * k * north
        return x, y

    def inverse(self, x: float, y: float) -> tuple[float, float]:
        """The ``(lat, lon)`` of a point of the plane (Snyder eqs. 20-14, 20-15, 25-15)."""
        rho = math.hypot(x, y)
        if rho == 0.0:
            return self.lat0, self.lon0
        c = rho / self.radius
        p0 = math.radians(self.lat0)
        lat = math.asin(math.cos(c) * math.sin(p0) + y * math.sin(c) * math.cos(p0) / rho)
        dl = math.atan2(
            x * math.sin(c), rho * math.cos(p0) * math.cos(c) - y * math.sin(p0) * math.sin(c)
        )
        return math.degrees(lat), self.lon0 + math.degrees(dl)


@dataclass(frozen=True, slots=True)
class HexFrame:
    """A printed map's grid on a projection's plane: hexes ``across`` map units from
    side to side (the distance between neighbouring centres), hex ``anchor``'s centre at
    ``anchor_xy``, the core frame's "up" (heading 0) toward ``+y``. The map must have no
    rotation (:attr:`MapSpec.rotation` 0)."""

    spec: MapSpec
    across: float
    anchor: Hex
    anchor_xy: tuple[float, float]

    def __post_init__(self) -> None:
        if self.spec.rotation != 0.0:
            raise ValueError(f"{self.spec.name}: a HexFrame needs an unrotated map")
        if not self.across > 0.0:
            raise ValueError(f"hexes must be more than 0 across, not {self.across}")

    @property
    def size(self) -> float:
        """Centre-to-corner radius of a hex, in map units."""
        return self.across / math.sqrt(3.0)

    def centre(self, h: Hex) -> tuple[float, float]:
        """The ``(x, y)`` of ``h``'s centre."""
        hx, hy = to_pixel(h, self.size)
        ax, ay = to_pixel(self.anchor, self.size)
        return self.anchor_xy[0] + hx - ax, self.anchor_xy[1] - (hy - ay)

    def hex_at(self, x: float, y: float) -> Hex:
        """The hex containing the point ``(x, y)`` (on the map or not)."""
        ax, ay = to_pixel(self.anchor, self.size)
        return from_pixel(x - self.anchor_xy[0] + ax, ay - (y - self.anchor_xy[1]), self.size)


def side_hexes(spec: MapSpec, side: Side) -> tuple[Hex, ...]:
    """The hexes along ``side`` of a printed map, in printed order (left to right,
    top to bottom): on a map of columns, ``"left"``/``"right"`` are the first/last
    column and ``"top"``/``"bottom"`` the first/last hex of every column (on a map of
    rows, the other way about)."""
    by_line: dict[int, list[tuple[int, Hex]]] = {}
    rows = spec.lines == "rows"
    for h in spec.hexes():
        col, row = spec.to_offset(h)
        line, pos = (row, col) if rows else (col, row)
        by_line.setdefault(line, []).append((pos, h))
    lines = sorted(by_line)
    across_lines: Side = "top" if rows else "left"  # the side made of a whole line
    if side in (across_lines, "bottom" if rows else "right"):
        line = lines[0] if side == across_lines else lines[-1]
        return tuple(h for _pos, h in sorted(by_line[line]))
    first = side in ("top", "left")
    return tuple((min if first else max)(by_line[line])[1] for line in lines)


def cut_hexes(spec: MapSpec, side: Side) -> frozenset[Hex]:
    """The hexes of :func:`side_hexes` that a straight printed border along ``side``
    cuts in half: it runs through the centres of the side's outermost hexes, so those
    are half hexes and the side's others (half a hex further in) are whole. Sides are
    those of the map as printed (:meth:`MapSpec.pixel`, with its ``rotation``)."""
    hexes = side_hexes(spec, side)
    axis = 1 if side in ("top", "bottom") else 0
    coords = {h: spec.pixel(h)[axis] for h in hexes}
    extreme = (min if side in ("top", "left") else max)(coords.values())
    return frozenset(h for h, v in coords.items() if abs(v - extreme) < _TOLERANCE)
