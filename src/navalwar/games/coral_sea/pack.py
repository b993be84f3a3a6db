"""Loading Coral Sea's unit data and tables (``data/coral_sea/``; issue 17, "Data").

Files (formats and the reconstruction in ``docs/data/coral_sea.md``):

* ``aircraft.csv``: one line per model of 2.2.5/2.2.6 (``units.AircraftModel``);
* ``ships.csv``: one line per ship of 31.1-31.3, and the unnamed APs/AO (``units.ShipSpec``);
* ``tables/<field>.toml``: one file per field of ``table_types.Tables`` (notes M1-M20).

An override directory (``--data DIR``) holding a file of the same name, directly or under
``coral_sea/``, replaces the bundled one (the rule of :func:`navalwar.datapack.locate`); it
is read as strictly: an unknown key, a value of the wrong type, a missing field or an
absurd size is a :class:`~navalwar.errors.DataError` naming the file and the field. Every
value carries provenance (a CSV row's ``provenance`` and ``field_provenance``, a table's
``[meta] provenance``); :func:`load` with ``strict`` refuses a pack below ``historical``.
What the rulebook prints about the units (capacities 16.1-16.3, landing modes 30.B, types
17.C and 30.B, the long-range list 26.2.D, the AP speed 16.4) is checked in every file, the
bundled and an owner's alike (:func:`rulebook_problems`).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any, TypeVar

import attrs

from navalwar.datapack import (
    PackFile,
    RowProblems,
    bundled_data_dir,
    check_strict,
    pack_provenance,
    parse_csv,
    parse_toml,
)
from navalwar.errors import DataError, excerpt
from navalwar.games.coral_sea.table_types import (
    ALL,
    BREAK_OFF,
    CLOSE,
    RANGES,
    STAND,
    AirfieldResult,
    Grant,
    Gunnery,
    Hits,
    Tables,
)
from navalwar.games.coral_sea.units import (
    ALLIES,
    CARRIER,
    IJN,
    LAND,
    RAAF,
    SEAPLANE_RAMP,
    SHIP_TYPES,
    SIDES,
    USAAF,
    USN,
    WATER,
    AircraftModel,
    ShipSpec,
)
from navalwar.reader import Reader, field_provenance, one_of, provenance_kind, whole, yes_no
from navalwar.tables import RangeKey, Table1D, Table2D

T = TypeVar("T")

GAME = "coral_sea"
AIRCRAFT_FILE = "aircraft.csv"
SHIPS_FILE = "ships.csv"
#: The fields of ``Tables``, one file each under ``tables/``.
TABLE_FIELDS = tuple(f.name for f in attrs.fields(Tables) if f.name != "provenance")
TABLE_FILES = tuple(f"tables/{name}.toml" for name in TABLE_FIELDS)
UNIT_FILES = (AIRCRAFT_FILE, SHIPS_FILE)
FILES = (*UNIT_FILES, *TABLE_FILES)

AIRCRAFT_COLUMNS = (
    "model",
    "name",
    "side",
    "service",
    "type",
    "landing",
    "attack",
    "defense",
    "bomb",
    "range",
    "long_range",
    "torpedo",
    "provenance",
    "field_provenance",
    "notes",
)
SHIP_COLUMNS = (
    "name",
    "side",
    "type",
    "navy",
    "class",
    "flotation",
    "gunnery",
    "intermediate",
    "secondary",
    "aa",
    "torpedo",
    "capacity",
    "provenance",
    "field_provenance",
    "notes",
)
AIRCRAFT_TYPES = ("F", "B", "D", "V", "S", "SV", "SD")  # 2.2.3 with its footnote
LANDINGS = (CARRIER, LAND, SEAPLANE_RAMP, WATER)
SERVICES = (IJN, USN, USAAF, RAAF)
NAVIES = ("IJN", "USN", "RAN")
#: Aircraft capacity by ship type (8.C, 16.1-16.3); every other type carries none.
CAPACITY = {"CV": 12, "CVL": 4, "AV": 6}
#: The long-range models (26.2.D; "B-17C, B-17D" are the B-17 of the orders of battle, A2).
LONG_RANGE = frozenset({"B-17", "PBY-5", "G3M2", "G4M1", "H6K4"})
MAX_BOXES = 12  # flotation or gunnery boxes of one ship (the reconstruction: at most 6)
MAX_FACTOR = 40  # any gun, AA, torpedo, air or bomb factor
MAX_RANGE = 99  # aircraft range in MP (the map is about 50 hexes across)


# -- files ------------------------------------------------------------------------------
def bundled_dir() -> Path:
    """The bundled pack's folder (what the game's ``data_dir()`` returns)."""
    return bundled_data_dir() / GAME


def locate(name: str, dirs: Sequence[Path] = ()) -> tuple[Path, str]:
    """File ``name``: the first override directory holding it (directly or under
    ``coral_sea/``), else the bundled one (the rule of :func:`navalwar.datapack.locate`,
    which needs the game registered; this does not)."""
    for d in dirs:
        for candidate in (Path(d) / GAME / name, Path(d) / name):
            if candidate.is_file():
                return candidate, "override"
    bundled = bundled_dir() / name
    if not bundled.is_file():
        raise DataError(f"the bundled {GAME} data pack has no file {name!r}", file=str(bundled))
    return bundled, "bundled"


def read_files(names: Sequence[str], dirs: Sequence[Path] = ()) -> dict[str, PackFile]:
    """Parse the named files (TOML as dicts, CSV as row lists), overrides first."""
    out: dict[str, PackFile] = {}
    for name in names:
        path, origin = locate(name, dirs)
        content: Any = parse_toml(path) if name.endswith(".toml") else parse_csv(path)
        out[name] = PackFile(name, path, origin, content)
    return out


# -- CSV rows ---------------------------------------------------------------------------
def _columns(rows: Sequence[Mapping[str, str]], columns: Sequence[str], file: str) -> None:
    if not rows:
        raise DataError("has no rows", file=file)
    header = tuple(rows[0])
    missing = [c for c in columns if c not in header]
    if missing:
        raise DataError(f"missing column(s) {', '.join(missing)}", file=file)
    extra = [c for c in header if c not in columns]
    if extra:
        raise DataError(
            f"unknown column(s) {', '.join(extra)}; the columns are {', '.join(columns)}",
            file=file,
        )


def _row_provenance(
    row: Mapping[str, str], columns: Sequence[str], fields: Sequence[str], file: str, p: str
) -> dict[str, str]:
    """Each of ``fields``' provenance: its ``field_provenance`` entry, else the row's."""
    kind = provenance_kind(row["provenance"], file, f"{p}.provenance")
    given = dict(field_provenance(row["field_provenance"], columns, file, f"{p}.field_provenance"))
    return {f: given.get(f, kind) for f in fields}


def _boxes(cell: str, file: str, path: str, hi: int) -> tuple[int, ...]:
    parts = cell.split()
    if not 1 <= len(parts) <= MAX_BOXES:
        raise DataError(
            f"must list 1 to {MAX_BOXES} box values separated by spaces, not {cell!r}",
            file=file,
            path=path,
        )
    return tuple(whole(v, file, path, 0, hi) for v in parts)


def parse_aircraft(rows: Sequence[Mapping[str, str]], file: str) -> dict[str, AircraftModel]:
    """Parse ``aircraft.csv`` (every bad cell reported, by line and column)."""
    _columns(rows, AIRCRAFT_COLUMNS, file)
    out: dict[str, AircraftModel] = {}
    problems = RowProblems()
    fields = [c for c in AIRCRAFT_COLUMNS if c not in ("provenance", "field_provenance", "notes")]
    for i, row in enumerate(rows, start=2):
        with problems.row():
            model = row["model"]
            p = f"line {i} ({model})"
            if not model:
                raise DataError("empty model code", file=file, path=f"line {i}.model")
            if model in out:
                raise DataError(f"model {model!r} listed twice", file=file, path=p)
            out[model] = AircraftModel(
                model=model,
                name=row["name"] or model,
                side=one_of(row["side"], SIDES, file, f"{p}.side"),
                service=one_of(row["service"], SERVICES, file, f"{p}.service"),
                type=one_of(row["type"], AIRCRAFT_TYPES, file, f"{p}.type"),
                landing=one_of(row["landing"], LANDINGS, file, f"{p}.landing"),
                attack=whole(row["attack"], file, f"{p}.attack", 0, MAX_FACTOR),
                defense=whole(row["defense"], file, f"{p}.defense", 1, MAX_FACTOR),
                bomb=whole(row["bomb"], file, f"{p}.bomb", 0, MAX_FACTOR),
                range=whole(row["range"], file, f"{p}.range", 1, MAX_RANGE),
                long_range=yes_no(row["long_range"], file, f"{p}.long_range"),
                torpedo=yes_no(row["torpedo"], file, f"{p}.torpedo"),
                provenance=_row_provenance(row, AIRCRAFT_COLUMNS, fields, file, p),
            )
    problems.check()
    return out


def parse_ships(rows: Sequence[Mapping[str, str]], file: str) -> dict[str, ShipSpec]:
    """Parse ``ships.csv`` (every bad cell reported, by line and column)."""
    _columns(rows, SHIP_COLUMNS, file)
    out: dict[str, ShipSpec] = {}
    problems = RowProblems()
    fields = [
        c for c in SHIP_COLUMNS if c not in ("provenance", "field_provenance", "notes", "class")
    ]
    for i, row in enumerate(rows, start=2):
        with problems.row():
            name = row["name"]
            p = f"line {i} ({name})"
            if not name:
                raise DataError("empty ship name", file=file, path=f"line {i}.name")
            if name in out:
                raise DataError(f"ship {name!r} listed twice", file=file, path=p)
            out[name] = ShipSpec(
                name=name,
                side=one_of(row["side"], SIDES, file, f"{p}.side"),
                type=one_of(row["type"], SHIP_TYPES, file, f"{p}.type"),
                navy=one_of(row["navy"], NAVIES, file, f"{p}.navy"),
                flotation=_boxes(row["flotation"], file, f"{p}.flotation", 2),
                gunnery=_boxes(row["gunnery"], file, f"{p}.gunnery", MAX_FACTOR),
                intermediate=whole(row["intermediate"], file, f"{p}.intermediate", 0, MAX_FACTOR),
                secondary=whole(row["secondary"], file, f"{p}.secondary", 0, MAX_FACTOR),
                aa=whole(row["aa"], file, f"{p}.aa", 0, MAX_FACTOR),
                torpedo=whole(row["torpedo"], file, f"{p}.torpedo", 0, MAX_FACTOR),
                capacity=whole(row["capacity"], file, f"{p}.capacity", 0, 99),
                provenance=_row_provenance(row, SHIP_COLUMNS, fields, file, p),
            )
    problems.check()
    return out


def rulebook_problems(
    aircraft: Mapping[str, AircraftModel], ships: Mapping[str, ShipSpec]
) -> list[tuple[str, str, str]]:
    """What the unit data contradicts in the printed rules: ``(file, path, reason)``.

    Checked: CV 12, CVL 4, AV 6 counters and no other type any (8.C, 16.1-16.3); the A6M2
    lands C and the A6M3 L (30.B); the F4F-3 and P-39D are type F (17.C example); the
    SBD-2 and SBD-3 are one D and one SD (30.B); exactly the 26.2.D models are long range;
    an AP moves at most one hex (16.4); the 17 models of 2.2.5/2.2.6 are all there.
    """
    out: list[tuple[str, str, str]] = []
    for name, s in ships.items():
        want = CAPACITY.get(s.type, 0)
        if s.capacity != want:
            out.append((SHIPS_FILE, f"{name}.capacity", f"a {s.type} carries {want} (16.1-16.3)"))
        if s.type == "AP" and max(s.flotation) > 1:
            out.append((SHIPS_FILE, f"{name}.flotation", "an AP moves one hex a turn (16.4)"))
        if s.speed < 1:
            out.append((SHIPS_FILE, f"{name}.flotation", "the undamaged speed must be 1 or 2"))
    missing = sorted(set(MODELS) - set(aircraft))
    if missing:
        out.append((AIRCRAFT_FILE, "", f"missing model(s) {', '.join(missing)} (2.2.5-2.2.6)"))
    stated = {("A6M2", "landing"): CARRIER, ("A6M3", "landing"): LAND}
    stated |= {("F4F-3", "type"): "F", ("P-39D", "type"): "F"}
    for (model, field), value in stated.items():
        m = aircraft.get(model)
        if m is not None and getattr(m, field) != value:
            out.append((AIRCRAFT_FILE, f"{model}.{field}", f"must be {value} (30.B, 17.C)"))
    sbd = {aircraft[m].type for m in ("SBD-2", "SBD-3") if m in aircraft}
    if len(sbd) == 2 and sbd != {"D", "SD"}:
        out.append((AIRCRAFT_FILE, "SBD-2.type", "the SBD-2 and SBD-3 are type D and SD (30.B)"))
    for model, m in aircraft.items():
        if m.long_range != (model in LONG_RANGE):
            out.append((AIRCRAFT_FILE, f"{model}.long_range", "the 26.2.D list decides it"))
    return out


#: The models of 2.2.5-2.2.6, canonical codes (A2: F-40D is the P-40D).
MODELS = (
    "A6M2",
    "A6M3",
    "B5N2",
    "D3A1",
    "E13A1",
    "F1M2",
    "G3M2",
    "G4M1",
    "H6K4",
    "B-17",
    "F4F-3",
    "P-39D",
    "P-40D",
    "PBY-5",
    "SBD-2",
    "SBD-3",
    "TBD-1",
)


def _refuse(problems: Sequence[tuple[str, str, str]], files: Mapping[str, PackFile]) -> None:
    errors = [
        DataError(reason, file=str(files[f].path), path=p or None) for f, p, reason in problems
    ]
    if errors:
        box = RowProblems()
        box.found.extend(errors)
        box.check()


# -- tables -----------------------------------------------------------------------------
#: Dice each table is read with (table_types: one d6 unless it says two; the scramble
#: table is read with the counter difference, no die).
DICE = {name: "1d6" for name in TABLE_FIELDS} | {
    "level_ships": "2d6",
    "scramble": "none",
    "maintenance": "none",
    "ship_maintenance": "none",
    "range_effect": "none",
    "ship_vp": "none",
    "aircraft_vp": "none",
}
META_KEYS = ("table", "rule", "provenance", "dice", "design", "sources", "transcribed_by")
_ODDS = re.compile(r"(\d{1,3}):(\d{1,3})")
_LETTER = re.compile(r"[A-Z]")
MAX_RESULT = 12  # hits, counters lost or destroyed by one result
_HITS = re.compile(r"[FG]{1,12}|-")
_FIELD = re.compile(r"(?:(\d{1,2})|-)(?:\s*\+?\s*(out))?|out")


class _TableReader:
    """Reads one table file: ``[meta]`` and ``[table]``, each key checked."""

    def __init__(self, file: PackFile, field: str) -> None:
        self.file = str(file.path)
        self.field = field
        self.r = Reader(self.file)
        doc = file.content
        self.r.keys(doc, "", ("meta", "table"), "top-level key")
        meta = self.r.table(
            doc.get("meta"), "meta", ("table", "rule", "provenance", "dice"), META_KEYS[4:]
        )
        self.provenance = provenance_kind(meta["provenance"], self.file, "meta.provenance")
        for key in ("table", "rule", *META_KEYS[4:]):
            if key in meta:
                self.r.text(meta, key, "meta")
        self.name = self.r.text(meta, "table", "meta")
        self.rule = self.r.text(meta, "rule", "meta")
        dice = self.r.text(meta, "dice", "meta")
        if dice != DICE[field]:
            self.r.fail("meta.dice", f"the {field} table is read with {DICE[field]}, not {dice!r}")
        self.body = doc.get("table")

    def free(self, value: Any, path: str) -> dict[str, Any]:
        """``value`` as a table of any keys (rows or values, checked one by one)."""
        if not isinstance(value, dict):
            self.r.fail(path, "missing (required)" if value is None else "must be a table")
        return value

    def key(self, text: Any, path: str) -> RangeKey:
        try:
            return RangeKey.parse(text)
        except DataError as exc:
            self.r.fail(path, exc.reason)

    def built(self, make: Callable[[], T]) -> T:
        try:
            return make()
        except DataError as exc:
            raise DataError(exc.reason, file=self.file, path="table") from None

    def count(self, v: Any, path: str, low: int = 0, high: int = MAX_RESULT) -> int:
        if not isinstance(v, int) or isinstance(v, bool):
            self.r.fail(path, f"must be an integer, not {excerpt(v)}")
        if not low <= v <= high:
            self.r.fail(path, f"must be from {low} to {high}, not {v}")
        return v

    def one_d(
        self, cell: Callable[[Any, str], T], t: dict[str, Any] | None = None, path: str = "table"
    ) -> Table1D[T]:
        t = self.r.table(t if t is not None else self.body, path, ("rows",))
        rows = self.free(t["rows"], f"{path}.rows")
        pairs = [
            (self.key(k, f"{path}.rows.{k}"), cell(v, f"{path}.rows.{k}")) for k, v in rows.items()
        ]
        if not pairs:
            self.r.fail(f"{path}.rows", "has no rows")
        return self.built(lambda: Table1D.of(pairs, name=self.name, rule=self.rule))

    def two_d(
        self,
        cell: Callable[[Any, str], T],
        labels: Callable[[str, str], None] | None = None,
        t: dict[str, Any] | None = None,
        path: str = "table",
    ) -> Table2D[T]:
        t = self.r.table(t if t is not None else self.body, path, ("columns", "rows"))
        cols = self.r.texts(t, "columns", path)
        if not cols:
            self.r.fail(f"{path}.columns", "has no columns")
        if labels is None:
            columns: list[Any] = [self.key(c, p) for p, c in cols]
        else:
            for p, c in cols:
                labels(c, p)
            columns = [c for _, c in cols]
        rows = self.free(t["rows"], f"{path}.rows")
        keys, cells = [], []
        for k, row in rows.items():
            rp = f"{path}.rows.{k}"
            keys.append(self.key(k, rp))
            if not isinstance(row, list) or len(row) != len(columns):
                self.r.fail(rp, f"must be an array of {len(columns)} results, one per column")
            cells.append([cell(v, f"{rp}[{j}]") for j, v in enumerate(row)])
        if not keys:
            self.r.fail(f"{path}.rows", "has no rows")
        return self.built(
            lambda: Table2D.of(
                keys,
                columns,
                cells,
                label_columns=labels is not None,
                name=self.name,
                rule=self.rule,
            )
        )

    def mapping(self, keys: Sequence[str] | None, cell: Callable[[Any, str], T]) -> dict[str, T]:
        t = self.r.table(self.body, "table", ("values",))
        values = self.free(t["values"], "table.values")
        if keys is not None:
            self.r.table(values, "table.values", tuple(keys))
        out = {}
        for k, v in values.items():
            if keys is None and not _LETTER.fullmatch(k):
                self.r.fail(f"table.values.{k}", "must be an airfield letter A-Z (8.A)")
            out[k] = cell(v, f"table.values.{k}")
        if not out:
            self.r.fail("table.values", "has no values")
        return out

    # cells
    def hits(self, v: Any, path: str) -> Hits:
        if not isinstance(v, str) or not _HITS.fullmatch(v):
            self.r.fail(
                path,
                f"must be '-' or letters F (flotation hit) and G (gunnery hit), not {excerpt(v)}",
            )
        return Hits(v.count("F"), v.count("G"))

    def airfield(self, v: Any, path: str) -> AirfieldResult:
        m = _FIELD.fullmatch(v.strip()) if isinstance(v, str) else None
        if m is None:
            self.r.fail(
                path, f"must be '-', a count of aircraft ('2'), '2 out' or 'out', not {excerpt(v)}"
            )
        n = int(m.group(1)) if m.group(1) else 0
        if n > MAX_RESULT:
            self.r.fail(path, f"at most {MAX_RESULT} counters, not {n}")
        return AirfieldResult(n, v.strip().endswith("out"))

    def flag(self, v: Any, path: str) -> bool:
        if not isinstance(v, bool):
            self.r.fail(path, f"must be true or false, not {excerpt(v)}")
        return v

    def odds(self, c: str, path: str) -> None:
        m = _ODDS.fullmatch(c)
        if m is None or int(m[1]) == 0 or int(m[2]) == 0:
            self.r.fail(path, f"an odds column looks like '1:2' or '3:1', not {c!r}")


def _odds_value(label: str) -> float:
    a, b = label.split(":")
    return int(a) / int(b)


def _parse_table(
    field: str, f: PackFile, models: Mapping[str, AircraftModel] | None
) -> tuple[Any, str]:
    t = _TableReader(f, field)
    count = t.count
    if field == "wind_speed":
        value: Any = t.one_d(lambda v, p: count(v, p, 0, 20))
    elif field == "squall_appearance":
        value = t.one_d(t.flag)
    elif field == "maintenance":
        value = t.mapping(None, lambda v, p: count(v, p, 0, 99))
    elif field == "ship_maintenance":
        value = t.mapping(tuple(CAPACITY), lambda v, p: count(v, p, 0, 99))
    elif field == "scramble":

        def scramble(v: Any, p: str) -> int:
            return ALL if v == "all" else count(v, p, 0, 99)

        value = t.one_d(scramble)
    elif field == "level_ships":
        value = t.two_d(t.hits)
    elif field in ("level_airfields", "dive_airfields"):
        value = t.two_d(t.airfield)
    elif field == "dive_to_hit":
        value = t.two_d(lambda v, p: count(v, p, 0, 1))
    elif field == "dive_damage":
        value = t.one_d(t.hits)
    elif field == "air_to_air":
        value = t.two_d(count, t.odds)
        ratios = [_odds_value(c) for c in value.columns]
        if ratios != sorted(ratios) or len(set(ratios)) != len(ratios):
            t.r.fail("table.columns", "the odds columns must rise from left to right")
    elif field == "airfield_aa":

        def letter(c: str, p: str) -> None:
            if not _LETTER.fullmatch(c):
                t.r.fail(p, f"a flak letter A-Z (25.2.1), not {c!r}")

        value = t.two_d(count, letter)
    elif field in ("ship_aa", "torpedo"):
        value = t.two_d(count)
    elif field == "bombardment":
        value = t.two_d(t.flag)
    elif field == "range_effect":
        body = t.r.table(t.body, "table", RANGES)
        value = {}
        for rng in RANGES:
            row = t.r.table(body[rng], f"table.{rng}", (CLOSE, STAND, BREAK_OFF))
            for choice in (CLOSE, STAND, BREAK_OFF):
                new = t.r.text(row, choice, f"table.{rng}", choices=(*RANGES, "end"))
                value[(rng, choice)] = None if new == "end" else new
    elif field in ("intermediate", "secondary"):
        body = t.r.table(t.body, "table", ("to_hit", "hit_type"))
        to_hit = t.two_d(count, t=body["to_hit"], path="table.to_hit")

        def kind(v: Any, p: str) -> str:
            if v not in ("flotation", "gunnery"):
                t.r.fail(p, f"must be 'flotation' or 'gunnery', not {excerpt(v)}")
            return str(v)

        value = Gunnery(to_hit, t.one_d(kind, body["hit_type"], "table.hit_type"))
    elif field == "usaaf":

        def grants(v: Any, p: str) -> tuple[Grant, ...]:
            if not isinstance(v, list):
                t.r.fail(p, "must be an array of {model, count, temporary} (21.C-D)")
            out = []
            for j, g in enumerate(v):
                gp = f"{p}[{j}]"
                g = t.r.table(g, gp, ("model", "count", "temporary"))
                model = t.r.text(g, "model", gp)
                m = None if models is None else models.get(model)
                if models is not None and (m is None or m.side != ALLIES):
                    t.r.fail(f"{gp}.model", f"{model!r} is not an Allied model of {AIRCRAFT_FILE}")
                out.append(
                    Grant(
                        model,
                        t.r.integer(g, "count", gp, low=1, high=12),
                        t.r.flag(g, "temporary", gp),
                    )
                )
            return tuple(out)

        value = t.one_d(grants)
    elif field == "ship_vp":
        value = t.mapping(SHIP_TYPES, lambda v, p: count(v, p, 0, 99))
    elif field == "aircraft_vp":
        value = t.mapping(AIRCRAFT_TYPES, lambda v, p: count(v, p, 0, 99))
    else:  # pragma: no cover - TABLE_FIELDS are the fields above
        raise AssertionError(field)
    if isinstance(value, Table1D | Table2D) and DICE[field] != "none":
        _check_die_rows(
            t, value, 12 if DICE[field] == "2d6" else 6, 2 if DICE[field] == "2d6" else 1
        )
    return value, t.provenance


def _check_die_rows(
    t: _TableReader, table: Table1D[Any] | Table2D[Any], high: int, low: int
) -> None:
    keys = table.keys if isinstance(table, Table1D) else table.rows
    first, last = keys[0], keys[-1]
    if (first.lo is not None and first.lo > low) or (last.hi is not None and last.hi < high):
        t.r.fail(
            "table.rows", f"the rows must cover every roll {low}-{high}, not {first} to {last}"
        )


def parse_tables(
    files: Mapping[str, PackFile], aircraft: Mapping[str, AircraftModel] | None
) -> Tables:
    """Build :class:`Tables` from the parsed ``tables/*.toml`` files (the USAAF grants'
    models checked against ``aircraft``, unless None: ``aircraft.csv`` did not load)."""
    values: dict[str, Any] = {}
    provenance: dict[str, str] = {}
    problems = RowProblems()
    for field in TABLE_FIELDS:
        with problems.row():
            values[field], provenance[field] = _parse_table(
                field, files[f"tables/{field}.toml"], aircraft
            )
    problems.check()
    return Tables(**values, provenance=provenance)


# -- the whole -------------------------------------------------------------------------
@attrs.frozen
class UnitPack:
    """The parsed unit data and tables, with each file's provenance (for ``data.load_data``).

    Attributes:
        aircraft: model code -> its counter values.
        ships: ship name -> its Ship Status Sheet line.
        tables: every table.
        files: file name -> the parsed file (path, bundled or override).
        provenance: file name -> its provenance (the worst value in it).
    """

    aircraft: Mapping[str, AircraftModel]
    ships: Mapping[str, ShipSpec]
    tables: Tables
    files: Mapping[str, PackFile]
    provenance: Mapping[str, str]


def load(dirs: Sequence[Path] = (), strict: bool = False) -> UnitPack:
    """Load, parse and check the unit files and tables (overrides replacing bundled files);
    with ``strict``, a DataError naming every file below ``historical`` provenance."""
    files = read_files(FILES, dirs)
    problems = RowProblems()  # every file's problems at once (navalwar validate lists them)
    aircraft: dict[str, AircraftModel] | None = None
    ships: dict[str, ShipSpec] | None = None
    with problems.row():
        aircraft = parse_aircraft(files[AIRCRAFT_FILE].content, str(files[AIRCRAFT_FILE].path))
    with problems.row():
        ships = parse_ships(files[SHIPS_FILE].content, str(files[SHIPS_FILE].path))
    if aircraft is not None and ships is not None:
        with problems.row():
            _refuse(rulebook_problems(aircraft, ships), files)
    tables: Tables | None = None
    with problems.row():
        tables = parse_tables(files, aircraft)
    problems.check()
    assert aircraft is not None and ships is not None and tables is not None
    provenance = pack_provenance(files)
    if strict:
        check_strict(provenance)
    return UnitPack(aircraft, ships, tables, files, provenance)


def load_units(
    dirs: Sequence[Path] = (),
) -> tuple[Mapping[str, AircraftModel], Mapping[str, ShipSpec]]:
    """The aircraft models and ships (``aircraft.csv``, ``ships.csv``)."""
    files = read_files(UNIT_FILES, dirs)
    aircraft = parse_aircraft(files[AIRCRAFT_FILE].content, str(files[AIRCRAFT_FILE].path))
    ships = parse_ships(files[SHIPS_FILE].content, str(files[SHIPS_FILE].path))
    _refuse(rulebook_problems(aircraft, ships), files)
    return aircraft, ships


def load_tables(dirs: Sequence[Path] = ()) -> Tables:
    """Every table (``tables/*.toml``; the USAAF grants are checked against ``aircraft.csv``)."""
    return load(dirs).tables


__all__ = [
    "FILES",
    "MODELS",
    "TABLE_FILES",
    "UnitPack",
    "load",
    "load_tables",
    "load_units",
    "locate",
    "parse_aircraft",
    "parse_ships",
    "parse_tables",
    "rulebook_problems",
]
