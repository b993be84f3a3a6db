"""The Coral Sea map: 40-mile hexes over the real theatre, its terrain, bases and edges.

The printed map is missing (notes M25); ``data/coral_sea/map.toml`` reconstructs it from
real geography (``scripts/coral_sea_map.py``; method in ``docs/data/coral_sea_map.md``)
and ``data/coral_sea/bases.toml`` lists its airfields, seaplane bases, towns and places.
What the text fixes and this module keeps:

* hexes are 40 miles across (2.1), labelled ``XXYY``, column then row: Port Moresby is
  1414 with two fields (23.A, 28.2.4), hex 4715 exists (28.4.3);
* terrain is all sea, partial sea or all land: ships never enter all-land hexes (6.B,
  15.G); an airfield in a partial hex takes every landing mode (8.E);
* the map has north, south, east and west edges (5.1.D, 28.x); its border cuts the
  outermost hexes of each side in half, and "partial edge hexes" are not counted
  (28.4.4, notes A70).

Readings (recorded in the docs): the 5.1.D squall roll (:meth:`Geography.squall_entry_hexes`,
notes A8) and the south-east drift (:meth:`Geography.southeast`, notes A7).
"""

from __future__ import annotations

import enum
import functools
import math
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any, Literal

import attrs

from navalwar.datapack import bundled_data_dir, parse_toml
from navalwar.errors import DataError, UnknownNameError
from navalwar.geomap import (
    EARTH_RADIUS_KM,
    STATUTE_MILE_KM,
    AzimuthalEquidistant,
    HexFrame,
    Side,
    cut_hexes,
    side_hexes,
)
from navalwar.hexgrid import (
    DIRECTIONS,
    FLAT_TOP_EVEN_LOW,
    Hex,
    MapSpec,
    hexes_within,
    nearest_distance,
)
from navalwar.reader import Reader, provenance_kind

__all__ = [
    "BASE_KINDS",
    "EDGES",
    "GRID",
    "LANDING_MODES",
    "SUPPORT_LEVELS",
    "Base",
    "Edge",
    "Geography",
    "Place",
    "Terrain",
    "load_geography",
    "parse_geography",
    "rating",
]

GAME_DIR = "coral_sea"
MAP_FILE = "map.toml"
BASES_FILE = "bases.toml"

Edge = Literal["north", "south", "east", "west"]
EDGES: tuple[Edge, ...] = ("north", "south", "east", "west")
_SIDE: dict[Edge, Side] = {"north": "top", "south": "bottom", "east": "right", "west": "left"}

#: 2.2.7: the landing modes; 8.E: airfields take C and L, seaplane bases R and W.
LANDING_MODES = ("C", "L", "R", "W")
BASE_KINDS = ("airfield", "seaplane base")
_ACCEPTS = {"airfield": frozenset("CL"), "seaplane base": frozenset("RW")}

#: How a base was run in 1942, best first, and the efficiency letter each gives (8.B).
SUPPORT_LEVELS = {"main": "A", "operational": "B", "forward": "C", "advanced": "D"}
AIRCRAFT_PER_COUNTER = 6  # 30.C: a counter "initially represents six aircraft"
MAX_CAPACITY = 20


class Terrain(enum.StrEnum):
    """A hex's terrain (2.1, 6.B, 15.G-H): all sea, partial sea, or all land; each is its
    word (``Terrain.LAND == "land"``), as the rules' ``Geography`` protocol has it."""

    SEA = "sea"
    PARTIAL = "partial"
    LAND = "land"


_TERRAIN_CHARS = {".": Terrain.SEA, "+": Terrain.PARTIAL, "#": Terrain.LAND}


# --------------------------------------------------------------------------- the grid


@attrs.frozen
class Grid:
    """Where the map's hexes lie on the Earth (``[grid]`` of ``map.toml``)."""

    hex_miles: float
    cols: tuple[int, int]
    rows: tuple[int, int]
    centre: tuple[float, float]  # of the projection, (lat, lon)
    anchor: str  # the hex whose centre is at anchor_position
    anchor_position: tuple[float, float]  # (lat, lon)
    earth_radius_miles: float

    def spec(self) -> MapSpec:
        """The printed map: flat-topped hexes in columns, the even columns half a hex
        lower (the usual XXYY wargame grid), labels ``XXYY``."""
        return MapSpec(
            "Coral Sea",
            neighbours=FLAT_TOP_EVEN_LOW,
            cols=self.cols,
            rows=self.rows,
            label="{col:02}{row:02}",
        )

    def projection(self) -> AzimuthalEquidistant:
        """The map projection, in statute miles."""
        return AzimuthalEquidistant(self.centre[0], self.centre[1], self.earth_radius_miles)

    def frame(self, spec: MapSpec | None = None) -> HexFrame:
        """The grid on the projection's plane."""
        spec = spec or self.spec()
        xy = self.projection().forward(*self.anchor_position)
        return HexFrame(spec, self.hex_miles, spec.hex(self.anchor), xy)


#: The grid of the committed map (the generator's parameters, checked against map.toml).
GRID = Grid(
    hex_miles=40.0,
    cols=(1, 54),
    rows=(1, 38),
    centre=(-12.0, 154.0),
    anchor="1414",
    anchor_position=(-9.44, 147.18),
    earth_radius_miles=round(EARTH_RADIUS_KM / STATUTE_MILE_KM, 4),
)


def rating(support: str, peak_aircraft: int) -> tuple[str, int]:
    """The 8.A letter and number of a base, reconstructed: the letter from how the base
    was run in 1942 (:data:`SUPPORT_LEVELS`), the capacity the most aircraft based there
    in February-May 1942 in counters of six (30.C), rounded up, 1 to 20."""
    letter = SUPPORT_LEVELS[support]
    return letter, max(1, min(MAX_CAPACITY, math.ceil(peak_aircraft / AIRCRAFT_PER_COUNTER)))


# --------------------------------------------------------------------------- bases, places


@attrs.frozen
class Place:
    """A named point of the map: a town (a 25.4.7 bombardment target) or a place."""

    name: str
    kind: str  # "town" or "place"
    hex: Hex
    label: str
    lat: float
    lon: float
    source: str


@attrs.frozen
class Base:
    """An airfield or seaplane base (8.0) with its reconstructed letter/number rating.

    Attributes:
        name: the scenarios' name ("Port Moresby One", "Rabaul", "New Caledonia").
        kind: ``"airfield"`` or ``"seaplane base"`` (8.E).
        hex: where it is; ``label`` its XXYY.
        partial: its hex is partial sea, so an airfield there takes every landing
            mode (8.E).
        australian: on Australian soil (18.0); ``mainland``: on the mainland (21.C).
        letter: efficiency and flak letter (8.B, 9.B, 25.2.1); ``capacity``: counters (8.C).
    """

    name: str
    kind: str
    hex: Hex
    label: str
    partial: bool
    australian: bool
    mainland: bool
    letter: str
    capacity: int
    lat: float
    lon: float
    site: str
    support: str
    peak_aircraft: int
    source: str
    notes: str

    @property
    def rating(self) -> str:
        """The printed form, letter/number (8.A)."""
        return f"{self.letter}/{self.capacity}"

    @property
    def efficiency(self) -> str:
        """The efficiency letter (8.B), as the rules (``data.BaseInfo``) name it."""
        return self.letter

    def accepts(self, mode: str) -> bool:
        """Whether aircraft of landing ``mode`` (C, L, R, W) may use this base (8.E)."""
        if mode not in LANDING_MODES:
            raise UnknownNameError("landing mode", mode, LANDING_MODES)
        if self.kind == "airfield" and self.partial:
            return True
        return mode in _ACCEPTS[self.kind]


# --------------------------------------------------------------------------- geography


class Geography:
    """The loaded map: terrain, bases, places and edges, precomputed for lookups.

    Immutable: build it with :func:`load_geography` or :func:`parse_geography`.
    """

    def __init__(
        self,
        grid: Grid,
        terrain: Mapping[Hex, Terrain],
        bases: Sequence[Base],
        places: Sequence[Place],
    ) -> None:
        self.grid = grid
        self.spec = grid.spec()
        self.frame = grid.frame(self.spec)
        self._terrain = dict(terrain)
        #: hexes ships may enter (6.B, 15.G): all but the all-land ones
        self.sea_passable: frozenset[Hex] = frozenset(
            h for h, t in self._terrain.items() if t is not Terrain.LAND
        )
        self.bases: tuple[Base, ...] = tuple(bases)
        self._base = {b.name: b for b in self.bases}
        self._bases_in: dict[Hex, tuple[Base, ...]] = {}
        for b in self.bases:
            self._bases_in[b.hex] = (*self._bases_in.get(b.hex, ()), b)
        self.places: tuple[Place, ...] = tuple(places)
        self._place: dict[str, Hex] = {p.name: p.hex for p in self.places}
        self._place.update((b.name, b.hex) for b in self.bases)
        self.towns: frozenset[Hex] = frozenset(p.hex for p in self.places if p.kind == "town")
        self._edges: dict[tuple[str, bool], tuple[Hex, ...]] = {}
        cut: set[Hex] = set()
        for edge in EDGES:
            self._edges[edge, False] = side_hexes(self.spec, _SIDE[edge])
            cut |= cut_hexes(self.spec, _SIDE[edge])
        #: the half hexes the map's border cuts (28.4.4 "partial edge hexes")
        self.half_hexes: frozenset[Hex] = frozenset(cut)
        inner = {"east": grid.cols[1] - 1, "west": grid.cols[0] + 1}
        for edge in EDGES:
            if edge in inner:  # the border cuts the whole outer column: the next one
                hexes = tuple(
                    h for h in self.spec.hexes() if self.spec.to_offset(h)[0] == inner[edge]
                )
            else:
                hexes = self._edges[edge, False]
            self._edges[edge, True] = tuple(h for h in hexes if h not in cut)
        self._se = DIRECTIONS[self.spec.heading("SE")]
        self._distances: dict[tuple[str, bool], dict[Hex, int]] = {}

    # -- hexes ----------------------------------------------------------------------------

    def hex(self, label: str) -> Hex:
        """The hex labelled ``XXYY``.

        Raises:
            DataError: a malformed label, or a hex off the map.
        """
        return self.spec.hex(label)

    def label(self, h: Hex) -> str:
        """The ``XXYY`` label of ``h``."""
        return self.spec.label(h)

    def on_map(self, h: Hex) -> bool:
        """Whether ``h`` is on the map (half hexes included)."""
        return h in self._terrain

    def terrain(self, h: Hex) -> Terrain:
        """The terrain of ``h`` (2.1).

        Raises:
            DataError: ``h`` is off the map.
        """
        found = self._terrain.get(h)
        if found is None:
            try:
                where = self.spec.label(h)
            except ValueError:
                where = str(h)
            raise DataError(f"hex {where} is off the Coral Sea map")
        return found

    def is_sea_passable(self, h: Hex) -> bool:
        """Whether ships may be in ``h``: on the map and not all land (6.B, 15.G)."""
        return h in self.sea_passable

    def is_partial(self, h: Hex) -> bool:
        """Whether ``h`` is partial sea (coast watchers 15.H, 20.A; airfields 8.E)."""
        return self._terrain.get(h) is Terrain.PARTIAL

    def sea_hexes_within(self, centre: Hex, n: int) -> frozenset[Hex]:
        """The hexes ships may be in within ``n`` of ``centre`` (set-up regions, 28.x)."""
        return frozenset(h for h in hexes_within(centre, n) if h in self.sea_passable)

    # -- bases and places -----------------------------------------------------------------

    def base(self, name: str) -> Base:
        """The base named ``name`` ("Port Moresby One").

        Raises:
            UnknownNameError: no such base.
        """
        found = self._base.get(name)
        if found is None:
            raise UnknownNameError("Coral Sea base", name, self._base)
        return found

    def bases_in(self, h: Hex) -> tuple[Base, ...]:
        """The bases in hex ``h`` (Port Moresby's 1414 has two)."""
        return self._bases_in.get(h, ())

    def place(self, name: str) -> Hex:
        """The hex of a base, town or place ("Rabaul", "Rabaul harbor", "Buna").

        Raises:
            UnknownNameError: no such name.
        """
        found = self._place.get(name)
        if found is None:
            raise UnknownNameError("Coral Sea place", name, self._place)
        return found

    def towns_in(self, h: Hex) -> tuple[str, ...]:
        """The towns in ``h`` that are not bases (a town sharing a base's name there is
        that base): the targets of 25.4.7.A besides airfields and seaplane bases."""
        bases = {b.name for b in self._bases_in.get(h, ())}
        return tuple(
            p.name for p in self.places if p.kind == "town" and p.hex == h and p.name not in bases
        )

    def has_towns(self) -> bool:
        """Whether any town on the map is not a base (so may be shelled, 25.4.7.A)."""
        return any(self.towns_in(h) for h in self.towns)

    def targets_in(self, h: Hex) -> tuple[str, ...]:
        """The names of the towns, airfields and seaplane bases in ``h``: what ships there
        may bombard (25.4.7.A)."""
        names = [p.name for p in self.places if p.kind == "town" and p.hex == h]
        names += [b.name for b in self._bases_in.get(h, ()) if b.name not in names]
        return tuple(names)

    # -- edges ----------------------------------------------------------------------------

    def edge_hexes(self, edge: str, full_only: bool = False) -> tuple[Hex, ...]:
        """The hexes along ``edge`` in printed order; with ``full_only`` the whole hexes
        only: the east and west edges' whole hexes are the column next to the cut one
        (28.4.4 "Do not count partial edge hexes", notes A70)."""
        if edge not in _SIDE:
            raise UnknownNameError("map edge", edge, EDGES)
        return self._edges[edge, full_only]

    def distance_to_edge(self, h: Hex, edge: str, full_only: bool = True) -> int:
        """Hexes from ``h`` to the nearest hex of ``edge`` (0 on it); by default to its
        whole hexes, not counting the half hexes (28.4.4, notes A70)."""
        key = (edge, full_only)
        table = self._distances.get(key)
        if table is None:
            targets = self.edge_hexes(edge, full_only)
            table = {}
            for cell in self._terrain:
                d = nearest_distance((cell,), targets)
                table[cell] = 0 if d is None else d
            self._distances[key] = table
        found = table.get(h)
        if found is None:
            found = nearest_distance((h,), self.edge_hexes(edge, full_only)) or 0
        return found

    def squall_entry_hexes(self, roll: int) -> tuple[Hex, Hex]:
        """The two hexes a new squall may appear in for a two-dice ``roll`` (5.1.D, notes
        A8): ``(north, west)``, the top hex of column ``roll`` on the north edge and the
        hex of row ``roll`` on the west edge (column 01). The roll is 2 to 12."""
        if not 2 <= roll <= 12:
            raise ValueError(f"a two-dice roll is 2 to 12, got {roll}")
        north = self.spec.from_offset(roll, self.grid.rows[0])
        west = self.spec.from_offset(self.grid.cols[0], roll)
        return north, west

    def southeast(self, h: Hex, n: int) -> Hex | None:
        """``h`` moved ``n`` hexes south-east (5.1.B: squalls move "southeast"); on this
        flat-topped grid SE is a hexside direction. None when it leaves the map (notes
        A7: such a squall is removed)."""
        if n < 0:
            raise ValueError(f"a squall moves 0 or more hexes, got {n}")
        d = self._se
        out = Hex(h.q + d.q * n, h.r + d.r * n)
        return out if out in self._terrain else None

    def hex_of(self, lat: float, lon: float) -> Hex:
        """The hex containing a point of the Earth (on the map or not)."""
        return self.frame.hex_at(*self.grid.projection().forward(lat, lon))

    def position(self, h: Hex) -> tuple[float, float]:
        """The ``(lat, lon)`` of ``h``'s centre."""
        return self.grid.projection().inverse(*self.frame.centre(h))


# --------------------------------------------------------------------------- reading


_META_KEYS = (
    "title",
    "rule",
    "provenance",
    "field_provenance",
    "method",
    "dataset",
    "dataset_package",
    "dataset_version",
    "dataset_licence",
    "resolution",
    "script",
    "parameters",
    "generated",
)
_GRID_KEYS = (
    "hex_miles",
    "miles",
    "orientation",
    "label",
    "cols",
    "rows",
    "projection",
    "centre",
    "earth_radius_miles",
    "anchor",
    "anchor_position",
    "min_cells",
    "half_hexes",
)


def _pair(r: Reader, t: dict[str, Any], key: str, path: str, kind: type) -> tuple[Any, Any]:
    value = r.typed(t, key, path, list)
    if len(value) != 2 or not all(
        isinstance(v, kind) or (kind is float and isinstance(v, int)) for v in value
    ):
        r.fail(f"{path}.{key}", f"must be a pair of {kind.__name__}s, not {value!r}")
    return (kind(value[0]), kind(value[1]))


def _read_grid(r: Reader, doc: dict[str, Any]) -> Grid:
    g = r.table(doc.get("grid"), "grid", required=_GRID_KEYS)
    r.text(g, "miles", "grid", choices=("statute",))
    r.text(g, "orientation", "grid", choices=("flat-top columns, even columns low",))
    r.text(g, "label", "grid", choices=("XXYY",))
    r.text(g, "projection", "grid", choices=("azimuthal equidistant",))
    grid = Grid(
        hex_miles=r.typed(g, "hex_miles", "grid", float),
        cols=_pair(r, g, "cols", "grid", int),
        rows=_pair(r, g, "rows", "grid", int),
        centre=_pair(r, g, "centre", "grid", float),
        anchor=r.text(g, "anchor", "grid"),
        anchor_position=_pair(r, g, "anchor_position", "grid", float),
        earth_radius_miles=r.typed(g, "earth_radius_miles", "grid", float),
    )
    if grid.hex_miles != 40.0:
        r.fail("grid.hex_miles", "must be 40 (2.1: each hex is 40 miles across)")
    for key, (lo, hi) in (("cols", grid.cols), ("rows", grid.rows)):
        if not 1 <= lo < hi <= 99:
            r.fail(f"grid.{key}", f"must be two numbers 1 to 99, the first the lower, not {lo, hi}")
    try:
        grid.spec().hex(grid.anchor)
    except DataError as exc:
        r.fail("grid.anchor", exc.reason)
    return grid


def _read_terrain(r: Reader, doc: dict[str, Any], spec: MapSpec, grid: Grid) -> dict[Hex, Terrain]:
    rows = [f"{row:02}" for row in range(grid.rows[0], grid.rows[1] + 1)]
    t = r.table(doc.get("terrain"), "terrain", required=rows)
    width = grid.cols[1] - grid.cols[0] + 1
    out: dict[Hex, Terrain] = {}
    for row_label in rows:
        line = r.text(t, row_label, "terrain")
        path = f"terrain.{row_label}"
        if len(line) != width:
            r.fail(path, f"must be {width} characters (one a column), not {len(line)}")
        for i, ch in enumerate(line):
            kind = _TERRAIN_CHARS.get(ch)
            if kind is None:
                r.fail(
                    path,
                    f"column {grid.cols[0] + i:02}: {ch!r} is not a terrain; "
                    "use '.' all sea, '+' partial, '#' all land",
                )
            out[spec.from_offset(grid.cols[0] + i, int(row_label))] = kind
    return out


def _read_map(doc: dict[str, Any], file: str) -> tuple[Grid, dict[Hex, Terrain]]:
    r = Reader(file)
    r.table(doc, "", required=("meta", "grid", "terrain"), what="section")
    meta = r.table(doc.get("meta"), "meta", required=("provenance",), optional=_META_KEYS)
    provenance_kind(meta["provenance"], file, "meta.provenance")
    grid = _read_grid(r, doc)
    return grid, _read_terrain(r, doc, grid.spec(), grid)


_BASE_KEYS = ("kind", "hex", "lat", "lon", "site", "australian", "mainland", "rating")
_FACT_KEYS = ("support", "peak_aircraft", "source", "notes", "provenance")
_PLACE_KEYS = ("kind", "hex", "lat", "lon", "source")


def _position(r: Reader, t: dict[str, Any], path: str) -> tuple[float, float]:
    lat = r.typed(t, "lat", path, float)
    lon = r.typed(t, "lon", path, float)
    if not (-90.0 <= lat <= 90.0 and -180.0 <= lon <= 180.0):
        r.fail(f"{path}.lat", f"({lat}, {lon}) is not a latitude and longitude")
    return lat, lon


def _located(
    r: Reader, t: dict[str, Any], path: str, geo: _Located
) -> tuple[Hex, str, float, float]:
    label = r.text(t, "hex", path)
    try:
        h = geo.spec.hex(label)
    except DataError as exc:
        r.fail(f"{path}.hex", exc.reason)
    lat, lon = _position(r, t, path)
    real = geo.frame.hex_at(*geo.projection.forward(lat, lon))
    if real != h:
        r.fail(
            f"{path}.hex",
            f"{label} does not hold ({lat}, {lon}), which is in hex {geo.spec.label(real)}",
        )
    return h, label, lat, lon


@attrs.frozen
class _Located:
    spec: MapSpec
    frame: HexFrame
    projection: AzimuthalEquidistant
    terrain: Mapping[Hex, Terrain]


def _read_bases(doc: dict[str, Any], file: str, geo: _Located) -> tuple[list[Base], list[Place]]:
    r = Reader(file)
    r.table(doc, "", required=("meta", "bases"), optional=("places",), what="section")
    meta = r.table(doc.get("meta"), "meta", required=("provenance",), optional=_META_KEYS)
    provenance_kind(meta["provenance"], file, "meta.provenance")
    bases: list[Base] = []
    for name, value in r.typed(doc, "bases", "", dict).items():
        path = f"bases.{name}"
        t = r.table(value, path, required=(*_BASE_KEYS, *_FACT_KEYS))
        kind = r.text(t, "kind", path, choices=BASE_KINDS)
        h, label, lat, lon = _located(r, t, path, geo)
        terrain = geo.terrain[h]
        if terrain is Terrain.SEA:
            r.fail(f"{path}.hex", f"{label} is all sea: a base needs land")
        if kind == "seaplane base" and terrain is not Terrain.PARTIAL:
            r.fail(f"{path}.hex", f"{label} is all land: a seaplane base needs water")
        support = r.text(t, "support", path, choices=tuple(SUPPORT_LEVELS))
        peak = r.integer(t, "peak_aircraft", path, low=0, high=2000)
        provenance_kind(t["provenance"], file, f"{path}.provenance")
        letter, capacity = rating(support, peak)
        printed = r.text(t, "rating", path)
        if printed != f"{letter}/{capacity}":
            r.fail(
                f"{path}.rating",
                f"must be {letter}/{capacity}, the rating of support {support!r} and "
                f"{peak} aircraft (geography.rating), not {printed!r}",
            )
        australian = r.flag(t, "australian", path)
        mainland = r.flag(t, "mainland", path)
        if mainland and not australian:
            r.fail(f"{path}.mainland", "only an Australian base is on the mainland (21.C)")
        bases.append(
            Base(
                name=name,
                kind=kind,
                hex=h,
                label=label,
                partial=terrain is Terrain.PARTIAL,
                australian=australian,
                mainland=mainland,
                letter=letter,
                capacity=capacity,
                lat=lat,
                lon=lon,
                site=r.text(t, "site", path),
                support=support,
                peak_aircraft=peak,
                source=r.text(t, "source", path),
                notes=r.text(t, "notes", path),
            )
        )
    places: list[Place] = []
    seen = {b.name: b.hex for b in bases}
    for name, value in r.typed(doc, "places", "", dict, {}).items():
        path = f"places.{name}"
        t = r.table(value, path, required=_PLACE_KEYS)
        kind = r.text(t, "kind", path, choices=("town", "place"))
        h, label, lat, lon = _located(r, t, path, geo)
        if name in seen and seen[name] != h:
            r.fail(path, f"the base {name!r} is in another hex; a name is one hex")
        if kind == "town" and geo.terrain[h] is Terrain.SEA:
            r.fail(f"{path}.hex", f"{label} is all sea: a town needs land")
        places.append(Place(name, kind, h, label, lat, lon, r.text(t, "source", path)))
    return bases, places


def parse_geography(
    map_doc: dict[str, Any],
    bases_doc: dict[str, Any],
    map_file: str = MAP_FILE,
    bases_file: str = BASES_FILE,
) -> Geography:
    """Build the geography from the parsed ``map.toml`` and ``bases.toml``.

    Raises:
        DataError: naming the file and the field of the first problem.
    """
    grid, terrain = _read_map(map_doc, map_file)
    spec = grid.spec()
    geo = _Located(spec, grid.frame(spec), grid.projection(), terrain)
    bases, places = _read_bases(bases_doc, bases_file, geo)
    return Geography(grid, terrain, bases, places)


def _find(name: str, overrides: Iterable[Path]) -> Path:
    for d in overrides:
        for candidate in (d / GAME_DIR / name, d / name):
            if candidate.is_file():
                return candidate
    return bundled_data_dir() / GAME_DIR / name


@functools.cache
def _load(overrides: tuple[Path, ...]) -> Geography:
    map_path, bases_path = _find(MAP_FILE, overrides), _find(BASES_FILE, overrides)
    return parse_geography(
        parse_toml(map_path), parse_toml(bases_path), str(map_path), str(bases_path)
    )


def load_geography(overrides: Sequence[Path] = ()) -> Geography:
    """The Coral Sea map (bundled, or an override directory's ``map.toml`` and
    ``bases.toml``, directly or under ``coral_sea/``); loaded once per set of overrides.

    Raises:
        DataError: naming the file and the field of the first problem.
    """
    return _load(tuple(Path(p) for p in overrides))
