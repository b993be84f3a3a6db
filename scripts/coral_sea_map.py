#!/usr/bin/env python3
"""Generate the Coral Sea map's terrain (``data/coral_sea/map.toml``) from real coastlines.

The printed map is missing (Coral Sea notes M25). This script lays the grid of
:data:`navalwar.games.coral_sea.geography.GRID` (40-mile hexes, 2.1; Port Moresby's centre
in hex 1414, 23.A) over the GLOBE 30-arc-second land mask packaged by ``global-land-mask``
(a development-time requirement only: ``pip install -e '.[mapgen]'``) and classifies every
hex from the mask cells whose centres fall inside its part of the map:

* all sea: fewer than ``MIN_CELLS`` land cells; all land: fewer than ``MIN_CELLS`` sea
  cells; otherwise partial sea;
* a partial hex whose water does not join the open sea through sea or partial hexes is
  an inland lake or river: all land.

It also draws ``docs/data/coral_sea_map.svg`` (terrain, bases, places). Deterministic: the
same package version gives the same files.

Usage::

    .venv/bin/python scripts/coral_sea_map.py          # rewrite map.toml and the SVG
    .venv/bin/python scripts/coral_sea_map.py --check  # exit 1 if either differs
"""

from __future__ import annotations

import argparse
import math
import sys
from collections import Counter
from importlib import metadata
from pathlib import Path
from typing import Any

import numpy as np

from navalwar.datapack import parse_toml, parse_toml_text, write_generated
from navalwar.games.coral_sea.geography import GRID, Geography, Terrain, parse_geography
from navalwar.geomap import cut_hexes
from navalwar.hexgrid import Hex, MapSpec, neighbours, to_pixel

REPO = Path(__file__).resolve().parents[1]
MAP_TOML = REPO / "data" / "coral_sea" / "map.toml"
BASES_TOML = REPO / "data" / "coral_sea" / "bases.toml"
SVG = REPO / "docs" / "data" / "coral_sea_map.svg"

PACKAGE = "global-land-mask"
MIN_CELLS = 5  # land (sea) cells, about 4.3 km², that make a hex not all sea (not all land)
GENERATED = "2026-12-02"  # the date of this map's generation; change it when regenerating
CELL = 1.0 / 120.0  # the GLOBE grid: 30 arc-seconds
CHARS = {Terrain.SEA: ".", Terrain.PARTIAL: "+", Terrain.LAND: "#"}


def _mask() -> tuple[Any, Any, Any]:
    try:
        from global_land_mask import globe  # type: ignore[import-not-found,import-untyped,unused-ignore]
    except ImportError:
        sys.exit(f"this script needs {PACKAGE}: pip install -e '.[mapgen]'")
    return globe._mask, globe._lat, globe._lon


def _bounds(spec: MapSpec) -> tuple[float, float, float, float]:
    """The map's border in projected miles: west, east, south, north (2.1; the border
    runs through the centres of the outermost hexes of each side)."""
    frame = GRID.frame(spec)
    west = frame.centre(next(iter(cut_hexes(spec, "left"))))[0]
    east = frame.centre(next(iter(cut_hexes(spec, "right"))))[0]
    north = frame.centre(next(iter(cut_hexes(spec, "top"))))[1]
    south = frame.centre(next(iter(cut_hexes(spec, "bottom"))))[1]
    return west, east, south, north


def count_cells(spec: MapSpec) -> dict[Hex, tuple[int, int]]:
    """Land and sea mask cells in each hex's part of the map: ``{hex: (land, sea)}``."""
    mask, lats, lons = _mask()
    frame = GRID.frame(spec)
    proj = GRID.projection()
    west, east, south, north = _bounds(spec)
    corners = [proj.inverse(x, y) for x in (west, east) for y in (south, north)]
    lat_lo = min(c[0] for c in corners) - 1.0
    lat_hi = max(c[0] for c in corners) + 1.0
    lon_lo = min(c[1] for c in corners) - 1.0
    lon_hi = max(c[1] for c in corners) + 1.0
    # cell i covers latitudes (lats[i] - CELL, lats[i]], cell j longitudes [lons[j], lons[j] + CELL)
    i0, i1 = int((90.0 - lat_hi) / CELL), int((90.0 - lat_lo) / CELL) + 1
    j0, j1 = int((lon_lo + 180.0) / CELL), int((lon_hi + 180.0) / CELL) + 1
    size = frame.size
    ax, ay = frame.centre(frame.anchor)
    a_px = to_pixel(frame.anchor, size)
    r_earth = proj.radius
    p0, l0 = math.radians(proj.lat0), math.radians(proj.lon0)
    lon_c = np.radians(lons[j0:j1].astype(np.float64) + CELL / 2.0)
    land: Counter[tuple[int, int]] = Counter()
    total: Counter[tuple[int, int]] = Counter()
    step = 200
    for start in range(i0, i1, step):
        stop = min(start + step, i1)
        lat_c = np.radians(lats[start:stop].astype(np.float64) - CELL / 2.0)
        p, lam = np.meshgrid(lat_c, lon_c, indexing="ij")
        dl = lam - l0
        cos_c = np.clip(np.sin(p0) * np.sin(p) + np.cos(p0) * np.cos(p) * np.cos(dl), -1.0, 1.0)
        c = np.arccos(cos_c)
        k = np.where(c == 0.0, 1.0, c / np.where(c == 0.0, 1.0, np.sin(c)))
        x = r_earth * k * np.cos(p) * np.sin(dl)
        y = r_earth * k * (np.cos(p0) * np.sin(p) - np.sin(p0) * np.cos(p) * np.cos(dl))
        inside = (x >= west) & (x <= east) & (y >= south) & (y <= north)
        # the core frame's pixel (x right, y down) of each point, then cube rounding
        px = x - ax + a_px[0]
        py = a_px[1] - (y - ay)
        q = px / (1.5 * size)
        r = py / (math.sqrt(3.0) * size) - q / 2.0
        s = -q - r
        rq, rr, rs = np.round(q), np.round(r), np.round(s)
        dq, dr, ds = np.abs(rq - q), np.abs(rr - r), np.abs(rs - s)
        fix_q = (dq > dr) & (dq > ds)
        fix_r = ~fix_q & (dr > ds)
        rq = np.where(fix_q, -rr - rs, rq)
        rr = np.where(fix_r, -rq - rs, rr)
        is_land = ~mask[start:stop, j0:j1].astype(bool)  # the mask is True at sea
        keys = (rq[inside].astype(np.int64) + 10_000) * 100_000 + (
            rr[inside].astype(np.int64) + 10_000
        )
        for values, counter in ((keys, total), (keys[is_land[inside]], land)):
            found, counts = np.unique(values, return_counts=True)
            for key, n in zip(found.tolist(), counts.tolist(), strict=True):
                counter[(key // 100_000 - 10_000, key % 100_000 - 10_000)] += n
    out: dict[Hex, tuple[int, int]] = {}
    for h in spec.hexes():
        n_land, n_all = land[(h.q, h.r)], total[(h.q, h.r)]
        out[h] = (n_land, n_all - n_land)
    return out


def classify(spec: MapSpec, cells: dict[Hex, tuple[int, int]]) -> dict[Hex, Terrain]:
    """Terrain from the cell counts (thresholds in the module docstring), lakes as land."""
    terrain: dict[Hex, Terrain] = {}
    for h, (n_land, n_sea) in cells.items():
        if n_land < MIN_CELLS:
            terrain[h] = Terrain.SEA
        elif n_sea < MIN_CELLS:
            terrain[h] = Terrain.LAND
        else:
            terrain[h] = Terrain.PARTIAL
    ocean = {h for h, t in terrain.items() if t is Terrain.SEA}
    frontier = list(ocean)
    while frontier:  # every sea or partial hex joined to the open sea
        h = frontier.pop()
        for n in neighbours(h):
            if n not in ocean and terrain.get(n) is Terrain.PARTIAL:
                ocean.add(n)
                frontier.append(n)
    for h, t in terrain.items():
        if t is Terrain.PARTIAL and h not in ocean:
            terrain[h] = Terrain.LAND
    return terrain


def render_toml(spec: MapSpec, terrain: dict[Hex, Terrain]) -> str:
    """The text of ``map.toml``."""
    version = metadata.version(PACKAGE)
    g = GRID
    lines = [
        "# The Coral Sea map (CS 2.1; notes M25), RECONSTRUCTED from real geography.",
        "# GENERATED by scripts/coral_sea_map.py: do not edit. Method: docs/data/coral_sea_map.md.",
        "#",
        "# [terrain]: one line per row, one character per column 01-54: '.' all sea,",
        "# '+' partial sea, '#' all land. Hex XXYY is column XX of line YY. The border runs",
        "# through the centres of column 01, column 54, the odd columns' row 01 and the even",
        "# columns' row 38: those are half hexes (28.4.4 'partial edge hexes').",
        "",
        "[meta]",
        'title = "Coral Sea map"',
        'rule = "CS 2.1, 6.B, 8.E, 15.G-H, 20.A, 28.4.4; notes M25, A70"',
        'provenance = "reconstructed"',
        'field_provenance = "grid=reconstructed:placed to fit 1414 (Port Moresby) and 4715 '
        '(28.4.3); terrain=historical:GLOBE land mask"',
        'method = "Each hex counts the mask cells whose centres fall in its part of the map: '
        f"fewer than {MIN_CELLS} land cells is all sea, fewer than {MIN_CELLS} sea cells all "
        'land, else partial; partial hexes whose water does not join the open sea are land."',
        'dataset = "GLOBE 30-arc-second land mask (NOAA NGDC GLOBE project), as packaged by '
        'global-land-mask"',
        f'dataset_package = "{PACKAGE}"',
        f'dataset_version = "{version}"',
        'dataset_licence = "MIT (the package); GLOBE: NOAA, public domain"',
        'resolution = "30 arc-seconds (1/120 degree, about 0.93 km)"',
        'script = "scripts/coral_sea_map.py"',
        f'parameters = "min_cells = {MIN_CELLS}; lakes: partial hexes not joined to the sea '
        'are land"',
        f'generated = "{GENERATED}"',
        "",
        "[grid]",
        f"hex_miles = {g.hex_miles}",
        'miles = "statute"',
        'orientation = "flat-top columns, even columns low"',
        'label = "XXYY"',
        f"cols = [{g.cols[0]}, {g.cols[1]}]",
        f"rows = [{g.rows[0]}, {g.rows[1]}]",
        'projection = "azimuthal equidistant"',
        f"centre = [{g.centre[0]}, {g.centre[1]}]",
        f"earth_radius_miles = {g.earth_radius_miles}",
        f'anchor = "{g.anchor}"',
        f"anchor_position = [{g.anchor_position[0]}, {g.anchor_position[1]}]",
        f"min_cells = {MIN_CELLS}",
        'half_hexes = "column 01, column 54, odd columns row 01, even columns row 38"',
        "",
        "[terrain]",
    ]
    for row in range(g.rows[0], g.rows[1] + 1):
        text = "".join(
            CHARS[terrain[spec.from_offset(col, row)]] for col in range(g.cols[0], g.cols[1] + 1)
        )
        lines.append(f'"{row:02}" = "{text}"')
    return "\n".join(lines) + "\n"


# --------------------------------------------------------------------------- the SVG

_FILL = {Terrain.SEA: "#cfe6f5", Terrain.PARTIAL: "#b9d9a0", Terrain.LAND: "#8fb36b"}


def render_svg(geo: Geography) -> str:
    """An overview of the map: terrain, half hexes, bases and places, labels."""
    size = 10.0
    spec = geo.spec
    pts = {h: spec.pixel(h, size) for h in spec.hexes()}
    x0 = min(x for x, _ in pts.values()) - size
    y0 = min(y for _, y in pts.values()) - size
    width = max(x for x, _ in pts.values()) - x0 + size
    height = max(y for _, y in pts.values()) - y0 + size
    corner = [
        (size * math.cos(math.radians(60 * i)), size * math.sin(math.radians(60 * i)))
        for i in range(6)
    ]
    # the border through the centres of the outermost hexes (the half hexes' cut)
    bx0 = min(pts[h][0] for h in cut_hexes(spec, "left")) - x0
    bx1 = max(pts[h][0] for h in cut_hexes(spec, "right")) - x0
    by0 = min(pts[h][1] for h in cut_hexes(spec, "top")) - y0
    by1 = max(pts[h][1] for h in cut_hexes(spec, "bottom")) - y0
    border = f'x="{bx0:.1f}" y="{by0:.1f}" width="{bx1 - bx0:.1f}" height="{by1 - by0:.1f}"'
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width:.0f} {height:.0f}" '
        f'width="{width * 1.4:.0f}" height="{height * 1.4:.0f}" font-family="sans-serif">',
        "<title>Coral Sea map (reconstructed from GLOBE land mask)</title>",
        f'<defs><clipPath id="border"><rect {border}/></clipPath></defs>',
        '<g clip-path="url(#border)">',
    ]
    for h, (x, y) in pts.items():
        poly = " ".join(f"{x - x0 + cx:.1f},{y - y0 + cy:.1f}" for cx, cy in corner)
        t = geo.terrain(h)
        out.append(
            f'<polygon points="{poly}" fill="{_FILL[t]}" stroke="#6a8797" '
            f'stroke-width="0.3"><title>{spec.label(h)} {t.value}</title></polygon>'
        )
    out.append(f'</g><rect {border} fill="none" stroke="#234" stroke-width="0.8"/>')
    for h, (x, y) in pts.items():
        col, row = spec.to_offset(h)
        if col % 5 == 0 and row % 5 == 0:
            out.append(
                f'<text x="{x - x0:.1f}" y="{y - y0 - 5:.1f}" font-size="3" '
                f'text-anchor="middle" fill="#345">{spec.label(h)}</text>'
            )
    for b in geo.bases:
        x, y = pts[b.hex]
        mark = "#b22" if b.kind == "airfield" else "#22b"
        out.append(
            f'<circle cx="{x - x0:.1f}" cy="{y - y0:.1f}" r="1.8" fill="{mark}">'
            f"<title>{b.name} ({b.kind}, {b.rating}) {b.label}</title></circle>"
        )
    labelled: set[Hex] = set()
    for name, h in [(b.name, b.hex) for b in geo.bases] + [(p.name, p.hex) for p in geo.places]:
        if h in labelled:
            continue
        labelled.add(h)
        x, y = pts[h]
        out.append(
            f'<text x="{x - x0 + 2.5:.1f}" y="{y - y0 + 1.2:.1f}" font-size="3.2" '
            f'fill="#111">{name}</text>'
        )
    out.append("</svg>")
    return "\n".join(out) + "\n"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--check", action="store_true", help="exit 1 if a file differs")
    args = parser.parse_args(argv)
    spec = GRID.spec()
    terrain = classify(spec, count_cells(spec))
    text = render_toml(spec, terrain)
    geo = parse_geography(
        parse_toml_text(text, str(MAP_TOML)), parse_toml(BASES_TOML), str(MAP_TOML), str(BASES_TOML)
    )
    return write_generated({MAP_TOML: text, SVG: render_svg(geo)}, args.check, REPO)


if __name__ == "__main__":
    raise SystemExit(main())
