"""The Tokyo Express data pack, parsed (``data/tokyo_express/``; loaded by :mod:`loading`).

Files (formats in ``docs/data/tokyo_express.md``): ``ships.csv`` (the Ship
Log Roster and counters), ``movement_chart.toml`` (Card #1), ``torpedo_table.toml``
(Card #1), ``gunnery_cards.csv`` (the four decks), ``freedom_of_action.toml``
(Card #1) and ``battle_movement_display.toml``. Every file carries provenance;
every cell the rulebook reveals is checked on load (:mod:`known`), whether the file
is the bundled reconstruction or an owner's override.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping, Sequence
from typing import Any

import attrs

from navalwar.damage import BoxTrack
from navalwar.datapack import PackFile, RowProblems
from navalwar.errors import DataError
from navalwar.games.tokyo_express.model import JAPAN, US
from navalwar.reader import Reader, field_provenance, provenance_kind, whole, yes_no
from navalwar.tables import RangeKey, Table2D

FILES = (
    "ships.csv",
    "movement_chart.toml",
    "torpedo_table.toml",
    "gunnery_cards.csv",
    "freedom_of_action.toml",
    "battle_movement_display.toml",
)
SHIP_TYPES = ("BB", "CA", "CL", "DD", "DMS")
CALIBERS = ("Light", "CL", "CA", "BB")
TARGET_TYPES = ("BB", "CA", "CL", "DD")
RANGES = ("S", "M", "L")
CARD_COLUMNS = tuple(f"{t}_{r}" for t in TARGET_TYPES for r in RANGES)
BMD_ORDERS = ("Ah", "60P", "60S", "AbP", "AbS")
SHIP_COLUMNS = (
    "name",
    "counter",
    "nation",
    "type",
    "roster_class",
    "late_war",
    "historical",
    "max_speed",
    "bow_primary",
    "stern_primary",
    "primary_caliber",
    "secondary",
    "secondary_caliber",
    "damage_boxes",
    "level1_box",
    "level2_box",
    "level3_box",
    "last_box_speed",
    "torpedoes",
    "radar",
    "provenance",
    "field_provenance",
    "notes",
)


@attrs.frozen(slots=True)
class SalvoSpec:
    """One torpedo salvo on a Ship Log: value, mount (P/S/C), reload (TE 2.3, 3.6)."""

    value: int
    mount: str
    reload: bool = False


@attrs.frozen(slots=True)
class ShipSpec:
    """A ship's counter and log values."""

    name: str
    counter: str
    nation: str
    type: str
    roster_class: str
    late_war: bool
    historical: bool
    max_speed: int
    bow: int
    stern: int
    caliber: str
    secondary: int
    secondary_caliber: str
    boxes: int
    levels: tuple[tuple[int, int], ...]  # (damage level, box number reaching it)
    last_box_speed: int
    salvos: tuple[SalvoSpec, ...]
    radar: bool
    provenance: str
    field_provenance: tuple[tuple[str, str], ...]

    @functools.cached_property
    def side(self) -> str:
        """``"US"`` for US and Australian ships, else ``"Japan"`` (TE 2.4)."""
        return US if self.nation in ("US", "AUS") else JAPAN

    @functools.cached_property
    def rule_type(self) -> str:
        """The type the rules use: DMS counts as DD."""
        return "DD" if self.type == "DMS" else self.type

    @functools.cached_property
    def heavy(self) -> bool:
        """BB and CA are heavy ships; CL and DD light (TE 2.4)."""
        return self.rule_type in ("BB", "CA")

    @functools.cached_property
    def track(self) -> BoxTrack:
        """The Ship Log's Damage Boxes with their level marks (TE 2.3, 3.8)."""
        return _track(self.boxes, self.levels)

    def level_for(self, hits: int) -> int:
        """The Damage Level reached once ``hits`` boxes are crossed off (TE 3.8)."""
        return self.track.level_after(hits)


@functools.lru_cache(maxsize=512)
def _track(boxes: int, levels: tuple[tuple[int, int], ...]) -> BoxTrack:
    return BoxTrack(boxes, levels)


@attrs.frozen(slots=True)
class CardRow:
    """One row of a Gunnery Card: the gunnery value and the 12 damage cells."""

    value: int
    cells: tuple[int | None, ...]

    def damage(self, target_type: str, distance_band: str) -> int | None:
        """The Damage Points for a target type and S/M/L band (None = blank)."""
        return self.cells[TARGET_TYPES.index(target_type) * 3 + RANGES.index(distance_band)]


@attrs.frozen(slots=True)
class GunneryCard:
    """A Gunnery Card (TE 3.7): rows high to low, or the Reshuffle Cards card."""

    deck: str
    number: int
    reshuffle: bool
    rows: tuple[CardRow, ...]
    message: str = ""


@attrs.frozen(slots=True)
class TorpedoTable:
    """The Torpedo Combat Table (TE 3.6, Card #1): one body, two header rows.

    ``japan`` and ``us`` are the same cells under the "Japan" and "US" column
    headings (modified Torpedo-value totals); rows are the modified die roll.
    """

    japan: Table2D[int | str]
    us: Table2D[int | str]

    def table(self, side: str) -> Table2D[int | str]:
        """The table read with ``side``'s header row."""
        return self.japan if side == JAPAN else self.us

    def column(self, side: str, total: int) -> int | None:
        """The column index for a modified Torpedo value total, or None below the table."""
        t = self.table(side)
        first = t.columns[0]
        assert isinstance(first, RangeKey)
        if first.lo is not None and total < first.lo:
            return None
        return t.column_for(total)

    def result(self, side: str, total: int, roll: int) -> int | str | None:
        """The result (Damage Points or ``"N"``), or None if the total is off the table."""
        col = self.column(side, total)
        if col is None:
            return None
        t = self.table(side)
        return t.cell(t.row_for(roll), col)


@attrs.frozen(slots=True)
class FreedomTable:
    """The US Freedom of Action Table (TE 3.3, Basic, Card #1): ships x modified roll."""

    table: Table2D[str]

    def result(self, ships: int, roll: int) -> str:
        """``"-"``, ``"A"`` or ``"C"`` for a formation of ``ships`` ships."""
        return self.table.lookup(roll, ships)


@attrs.frozen(slots=True)
class BMDEntry:
    """A Battle Movement Display result: die range, arrow and order (TE 3.3)."""

    rolls: RangeKey
    heading: int  # hexsides clockwise from the US reference ship's heading
    order: str


@attrs.frozen(slots=True)
class BMDSector:
    """One sector of the Battle Movement Display: red (light) and blue (heavy) bands."""

    id: int
    name: str
    light: tuple[BMDEntry, ...]
    heavy: tuple[BMDEntry, ...]
    standard_1: tuple[tuple[str, BMDEntry], ...] = ()

    def entry(self, heavy: bool, roll: int) -> BMDEntry:
        """The entry for a die roll in the formation's band."""
        for e in self.heavy if heavy else self.light:
            if e.rolls.contains(roll):
                return e
        raise DataError(f"Battle Movement Display sector {self.id} has no entry for roll {roll}")


@attrs.frozen
class TEData:
    """The parsed, checked Tokyo Express data pack."""

    ships: Mapping[str, ShipSpec]
    movement: Mapping[int, tuple[int, ...]]
    torpedo: TorpedoTable
    decks: Mapping[str, Mapping[int, GunneryCard]]
    freedom: FreedomTable
    bmd: Mapping[int, BMDSector]
    files: Mapping[str, PackFile]
    provenance: Mapping[str, str]  # file -> its (worst) provenance

    def ship(self, name: str) -> ShipSpec:
        """The ship called ``name`` (UnknownNameError with a suggestion otherwise)."""
        spec = self.ships.get(name)
        if spec is None:
            from navalwar.errors import UnknownNameError

            raise UnknownNameError("ship", name, self.ships)
        return spec

    def roster(self, side: str, rule_type: str) -> tuple[ShipSpec, ...]:
        """The ships of ``side`` of a rule type (DMS counts as DD), in roster order."""
        return self._roster.get((side, rule_type), ())

    @functools.cached_property
    def _roster(self) -> dict[tuple[str, str], tuple[ShipSpec, ...]]:
        kinds: dict[tuple[str, str], list[ShipSpec]] = {}
        for spec in self.ships.values():
            kinds.setdefault((spec.side, spec.rule_type), []).append(spec)
        return {kind: tuple(specs) for kind, specs in kinds.items()}

    def moves(self, speed: int, phase: int) -> int:
        """Hexes moved at ``speed`` in Movement Phase ``phase`` (TE 3.4 Movement Chart)."""
        if speed <= 0:
            return 0
        return self.movement[min(speed, 7)][phase - 1]


# -- parsing helpers (the cells' own rules are navalwar.reader's) ---------------------------
def _key(value: Any, file: str, path: str) -> RangeKey:
    try:
        return RangeKey.parse(value)
    except DataError as exc:
        raise DataError(exc.reason, file=file, path=path) from None


def _table(doc: Any, name: str, file: str) -> Any:
    if not isinstance(doc, dict) or name not in doc:
        raise DataError(f"missing table [{name}]", file=file, path=name)
    return doc[name]


def _check_top(doc: dict[str, Any], allowed: set[str], file: str, path: str = "") -> None:
    """Refuse unknown keys (a misspelt table would otherwise be ignored)."""
    Reader(file).keys(doc, path, allowed, "key" if path else "top-level key")


def _salvos(text: str, file: str, path: str) -> tuple[SalvoSpec, ...]:
    out = []
    for token in text.split():
        reload = token.endswith("+r")
        core = token[:-2] if reload else token
        if len(core) < 2 or core[-1] not in "PSC" or not core[:-1].isdigit():
            raise DataError(
                f"salvo {token!r} must look like 4P, 3S, 5C or 4P+r", file=file, path=path
            )
        out.append(SalvoSpec(int(core[:-1]), core[-1], reload))
    return tuple(out)


def parse_ships(rows: Sequence[dict[str, str]], file: str) -> dict[str, ShipSpec]:
    """Parse ``ships.csv``."""
    out: dict[str, ShipSpec] = {}
    if rows and (missing := [c for c in SHIP_COLUMNS if c not in rows[0]]):
        raise DataError(f"missing column(s) {', '.join(missing)}", file=file)
    problems = RowProblems()
    for i, row in enumerate(rows, start=2):
        with problems.row():
            name = row["name"]
            p = f"line {i} ({name})"
            if not name:
                raise DataError("empty ship name", file=file, path=p)
            if name in out:
                raise DataError(f"ship {name!r} listed twice", file=file, path=p)
            if row["nation"] not in ("US", "AUS", "JPN"):
                raise DataError(
                    f"nation must be US, AUS or JPN, not {row['nation']!r}",
                    file=file,
                    path=f"{p}.nation",
                )
            if row["type"] not in SHIP_TYPES:
                raise DataError(
                    f"type must be one of {', '.join(SHIP_TYPES)}, not {row['type']!r}",
                    file=file,
                    path=f"{p}.type",
                )
            if row["primary_caliber"] not in CALIBERS:
                raise DataError(
                    f"primary_caliber must be one of {', '.join(CALIBERS)}",
                    file=file,
                    path=f"{p}.primary_caliber",
                )
            boxes = whole(row["damage_boxes"], file, f"{p}.damage_boxes", 1, 60)
            levels: list[tuple[int, int]] = []
            for lv in (1, 2, 3):
                cell = row[f"level{lv}_box"]
                if cell == "" and lv == 2:
                    continue
                box = whole(cell, file, f"{p}.level{lv}_box", 1, boxes - 1)
                if levels and box <= levels[-1][1]:
                    raise DataError(
                        "level boxes must increase", file=file, path=f"{p}.level{lv}_box"
                    )
                levels.append((lv, box))
            fprov = field_provenance(
                row["field_provenance"], SHIP_COLUMNS, file, f"{p}.field_provenance"
            )
            out[name] = ShipSpec(
                name=name,
                counter=row["counter"] or name,
                nation=row["nation"],
                type=row["type"],
                roster_class=row["roster_class"],
                late_war=yes_no(row["late_war"], file, f"{p}.late_war"),
                historical=yes_no(row["historical"], file, f"{p}.historical"),
                max_speed=whole(row["max_speed"], file, f"{p}.max_speed", 1, 7),
                bow=whole(row["bow_primary"], file, f"{p}.bow_primary", 0, 99),
                stern=whole(row["stern_primary"], file, f"{p}.stern_primary", 0, 99),
                caliber=row["primary_caliber"],
                secondary=whole(row["secondary"] or 0, file, f"{p}.secondary", 0, 99),
                secondary_caliber=row["secondary_caliber"],
                boxes=boxes,
                levels=tuple(levels),
                last_box_speed=whole(row["last_box_speed"], file, f"{p}.last_box_speed", 0, 7),
                salvos=_salvos(row["torpedoes"], file, f"{p}.torpedoes"),
                radar=yes_no(row["radar"], file, f"{p}.radar"),
                provenance=provenance_kind(row["provenance"], file, f"{p}.provenance"),
                field_provenance=fprov,
            )
    problems.check()
    return out


def parse_movement(doc: dict[str, Any], file: str) -> dict[int, tuple[int, ...]]:
    """Parse ``movement_chart.toml``."""
    _check_top(doc, {"meta", "rows", "provenance_rows", "provenance_notes"}, file)
    rows = _table(doc, "rows", file)
    out: dict[int, tuple[int, ...]] = {}
    for speed in range(1, 8):
        cells = rows.get(str(speed)) if isinstance(rows, dict) else None
        if not isinstance(cells, list) or len(cells) != 6:
            raise DataError(
                "must be a list of 6 whole numbers (hexes in phases 1-6)",
                file=file,
                path=f"rows.{speed}",
            )
        vals = tuple(whole(c, file, f"rows.{speed}", 0, 2) for c in cells)
        if sum(vals) != speed:
            raise DataError(
                f"Speed {speed} must move {speed} hexes in all, not {sum(vals)}",
                file=file,
                path=f"rows.{speed}",
            )
        out[speed] = vals
    return out


def _result(cell: Any, file: str, path: str) -> int | str:
    if cell == "N":
        return "N"
    return whole(cell, file, path, 0, 30)


def parse_torpedo(doc: dict[str, Any], file: str) -> TorpedoTable:
    """Parse ``torpedo_table.toml``."""
    _check_top(doc, {"meta", "columns", "rows", "provenance_cells", "provenance_notes"}, file)
    cols = _table(doc, "columns", file)
    if not isinstance(cols, list) or not cols:
        raise DataError("must be a list of {japan=..., us=...} headings", file=file, path="columns")
    japan, us = [], []
    for i, c in enumerate(cols):
        if not isinstance(c, dict) or set(c) != {"japan", "us"}:
            raise DataError(
                "each column needs exactly the keys japan and us", file=file, path=f"columns[{i}]"
            )
        japan.append(_key(c["japan"], file, f"columns[{i}].japan"))
        us.append(_key(c["us"], file, f"columns[{i}].us"))
    rows_doc = _table(doc, "rows", file)
    if not isinstance(rows_doc, dict):
        raise DataError("must be a table of die rolls", file=file, path="rows")
    keys, cells = [], []
    for k, row in rows_doc.items():
        if not isinstance(row, list) or len(row) != len(cols):
            raise DataError(f"must have {len(cols)} results", file=file, path=f"rows.{k}")
        keys.append(_key(k, file, f"rows.{k}"))
        cells.append(tuple(_result(c, file, f"rows.{k}[{j}]") for j, c in enumerate(row)))
    try:
        return TorpedoTable(
            Table2D.of(keys, japan, cells, name="Torpedo Combat Table (Japan)", rule="TE 3.6"),
            Table2D.of(keys, us, cells, name="Torpedo Combat Table (US)", rule="TE 3.6"),
        )
    except DataError as exc:
        raise DataError(exc.reason, file=file) from None


def parse_cards(rows: Sequence[dict[str, str]], file: str) -> dict[str, dict[int, GunneryCard]]:
    """Parse ``gunnery_cards.csv`` (one line per card row)."""
    building: dict[tuple[str, int], dict[str, Any]] = {}
    problems = RowProblems()
    for i, row in enumerate(rows, start=2):
        with problems.row():
            p = f"line {i}"
            deck = row.get("deck", "")
            if deck not in CALIBERS:
                raise DataError(
                    f"deck must be one of {', '.join(CALIBERS)}, not {deck!r}",
                    file=file,
                    path=f"{p}.deck",
                )
            number = whole(row.get("card", ""), file, f"{p}.card", 1, 999)
            card = building.setdefault(
                (deck, number), {"reshuffle": False, "rows": [], "message": ""}
            )
            if yes_no(row.get("reshuffle", ""), file, f"{p}.reshuffle"):
                card["reshuffle"] = True
                continue
            if row.get("message"):
                card["message"] = row["message"]
            cells: list[int | None] = []
            for col in CARD_COLUMNS:
                v = row.get(col, "")
                cells.append(None if v == "" else whole(v, file, f"{p}.{col}", 0, 30))
            card["rows"].append(
                CardRow(whole(row.get("row", ""), file, f"{p}.row", 0, 99), tuple(cells))
            )
    problems.check()
    decks: dict[str, dict[int, GunneryCard]] = {d: {} for d in CALIBERS}
    for (deck, number), c in building.items():
        rows_sorted = tuple(sorted(c["rows"], key=lambda r: -r.value))
        if not c["reshuffle"] and not rows_sorted:
            raise DataError(f"{deck} card {number} has no rows", file=file)
        decks[deck][number] = GunneryCard(deck, number, c["reshuffle"], rows_sorted, c["message"])
    for deck, cards in decks.items():
        shuffles = [n for n, c in cards.items() if c.reshuffle]
        if len(cards) < 2 or len(shuffles) != 1:
            raise DataError(
                f"the {deck} deck needs result cards and exactly one Reshuffle Cards "
                f"card (found {len(cards)} cards, {len(shuffles)} reshuffle)",
                file=file,
            )
    return decks


def parse_freedom(doc: dict[str, Any], file: str) -> FreedomTable:
    """Parse ``freedom_of_action.toml``."""
    _check_top(doc, {"meta", "columns", "rows", "provenance_cells", "provenance_notes"}, file)
    cols = _table(doc, "columns", file)
    if not isinstance(cols, list) or not cols:
        raise DataError("must be a list of ship-count headings", file=file, path="columns")
    columns = [_key(c, file, f"columns[{i}]") for i, c in enumerate(cols)]
    rows_doc = _table(doc, "rows", file)
    if not isinstance(rows_doc, dict):
        raise DataError("must be a table of die rolls", file=file, path="rows")
    keys, cells = [], []
    for k, row in rows_doc.items():
        if not isinstance(row, list) or len(row) != len(columns):
            raise DataError(f"must have {len(columns)} results", file=file, path=f"rows.{k}")
        for j, c in enumerate(row):
            if c not in ("-", "A", "C"):
                raise DataError(
                    f"result must be '-', 'A' or 'C', not {c!r}", file=file, path=f"rows.{k}[{j}]"
                )
        keys.append(_key(k, file, f"rows.{k}"))
        cells.append(tuple(str(c) for c in row))
    try:
        return FreedomTable(
            Table2D.of(keys, columns, cells, name="US Freedom of Action Table", rule="TE 3.3")
        )
    except DataError as exc:
        raise DataError(exc.reason, file=file) from None


def _entry(e: Any, file: str, path: str, with_rolls: bool = True) -> BMDEntry:
    if not isinstance(e, dict):
        raise DataError("must be a table {rolls, heading, order}", file=file, path=path)
    Reader(file).keys(e, path, ("rolls", "heading", "order"))
    order = e.get("order")
    if order not in BMD_ORDERS:
        raise DataError(
            f"order must be one of {', '.join(BMD_ORDERS)}, not {order!r}",
            file=file,
            path=f"{path}.order",
        )
    rolls = _key(e.get("rolls", "1"), file, f"{path}.rolls") if with_rolls else RangeKey(1, 1)
    return BMDEntry(rolls, whole(e.get("heading"), file, f"{path}.heading", 0, 5), order)


def parse_bmd(doc: dict[str, Any], file: str) -> dict[int, BMDSector]:
    """Parse ``battle_movement_display.toml``."""
    _check_top(doc, {"meta", "sectors", "provenance_cells", "provenance_notes"}, file)
    sectors = _table(doc, "sectors", file)
    if not isinstance(sectors, list):
        raise DataError("must be an array of [[sectors]]", file=file, path="sectors")
    out: dict[int, BMDSector] = {}
    for i, s in enumerate(sectors):
        p = f"sectors[{i}]"
        if not isinstance(s, dict):
            raise DataError("each [[sectors]] entry must be a table", file=file, path=p)
        _check_top(s, {"id", "name", "light", "heavy", "standard_1"}, file, p)
        sid = whole(s.get("id"), file, f"{p}.id", 1, 11)
        bands = {}
        for band in ("light", "heavy"):
            entries = s.get(band)
            if not isinstance(entries, list):
                raise DataError("must be a list of entries", file=file, path=f"{p}.{band}")
            parsed = tuple(_entry(e, file, f"{p}.{band}[{j}]") for j, e in enumerate(entries))
            covered = [r for r in range(2, 11) if sum(e.rolls.contains(r) for e in parsed) != 1]
            if covered:
                raise DataError(
                    f"rolls 2-10 must each appear exactly once; check {covered}",
                    file=file,
                    path=f"{p}.{band}",
                )
            bands[band] = parsed
        std = s.get("standard_1", {})
        if not isinstance(std, dict):
            raise DataError(
                "must be a table {light = {...}, heavy = {...}}", file=file, path=f"{p}.standard_1"
            )
        std1 = tuple(
            (band, _entry(std[band], file, f"{p}.standard_1.{band}", False))
            for band in ("light", "heavy")
            if band in std
        )
        out[sid] = BMDSector(sid, str(s.get("name", "")), bands["light"], bands["heavy"], std1)
    missing = [n for n in range(1, 12) if n not in out]
    if missing:
        raise DataError(f"sectors {missing} are missing (the display has sectors 1-11)", file=file)
    return out
