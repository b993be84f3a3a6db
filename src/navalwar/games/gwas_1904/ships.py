"""The GWaS 1904 ship data pack: ``ships.csv`` and the cells the rulebook reveals.

The printed Ship Data Charts (GWaS 2.4) are not in the rulebook. navalwar ships a
reconstruction (``data/gwas_1904/ships.csv``, written by
``scripts/reconstruct_gwas_1904.py``; see ``docs/data/gwas_1904.md``) and accepts an
owner's transcription in the same format (``--data DIR``). Both are parsed by
:func:`load_ships` and checked by :func:`check_known` against every value the text
reveals (:data:`KNOWN_SHIP_CELLS`).

``ships.csv`` columns (one row per ship, key = nation + code):

* ``nation`` ``J`` or ``R``; ``code`` the hull code as printed (``B06``), or ours for
  unnumbered squadron classes, transports and fortresses; ``name``; ``type`` (5.21).
* ``italic``, ``tertiary_white``, ``low_freeboard``, ``shallow_draft``: ``yes``/``no``
  (:func:`navalwar.reader.yes_no`, the one yes/no rule of every game's files).
* ``primary``, ``secondary``, ``tertiary``, ``hull``: one armour letter per box, left to
  right (``H`` heavy, ``L`` light, ``N`` none; GWaS 8.0-8.1); blank = no boxes.
* ``torpedo`` factors and ``torpedo_mount`` (``fixed``/``rotating``, blank if none).
* ``speed`` ``2``, ``1+``, ``1`` or ``1s``; blank for the fixed fortresses (20.44).
* ``fuel`` boxes, ``vp`` when sunk.
* ``provenance`` (the row's kind), ``field_provenance`` (``field=kind:source; ...``,
  :func:`navalwar.reader.field_provenance`), ``notes``.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence

from navalwar.datapack import RowProblems
from navalwar.errors import DataError
from navalwar.games.gwas_1904.ship import (
    CAPITAL_TYPES,
    LIGHT_TYPES,
    PARTS,
    SPEEDS,
    TYPES,
    ShipSpec,
)
from navalwar.games.gwas_1904.sides import NATIONS
from navalwar.known import Contradiction, KnownCell, Read, check
from navalwar.reader import PROVENANCE, field_provenance, one_of, whole, yes_no

SHIP_COLUMNS = (
    "nation",
    "code",
    "name",
    "type",
    "italic",
    "primary",
    "secondary",
    "tertiary",
    "tertiary_white",
    "hull",
    "torpedo",
    "torpedo_mount",
    "speed",
    "fuel",
    "vp",
    "low_freeboard",
    "shallow_draft",
    "provenance",
    "field_provenance",
    "notes",
)
MOUNTS = ("fixed", "rotating")
FIXED_TYPES = ("FORT",)  # no hull and no speed: the Port Arthur fortresses (20.44, 8.8)
_ARMOUR_LETTERS = re.compile(r"[HLN]*")
_BOOL_FIELDS = ("italic", "tertiary_white", "low_freeboard", "shallow_draft")
_INT_FIELDS = ("torpedo", "fuel", "vp")


# --------------------------------------------------------------------------------------
# Loading
# --------------------------------------------------------------------------------------


def _armour(value: str, file: str, path: str) -> str:
    if not _ARMOUR_LETTERS.fullmatch(value):
        raise DataError(
            f"must be armour letters H (heavy), L (light) or N (none), one per box, not {value!r}",
            file=file,
            path=path,
        )
    if len(value) > 30:
        raise DataError(f"{len(value)} boxes is more than 30", file=file, path=path)
    return value


def _one_of(value: str, allowed: Sequence[str], file: str, line: str, field: str) -> None:
    """A DataError at ``line.field`` unless ``value`` is one of ``allowed``."""
    one_of(value, allowed, file, f"{line}.{field}", field)


def ship_class(notes: str) -> str:
    """The class a ``ships.csv`` row's notes name: ``"class fuji (Fuji class); ..."`` gives
    ``"Fuji class"`` (brackets inside kept); "" if they name none."""
    if not notes.startswith("class ") or " (" not in notes:
        return ""
    start = notes.index(" (") + 2
    depth = 1
    for i in range(start, len(notes)):
        depth += {"(": 1, ")": -1}.get(notes[i], 0)
        if depth == 0:
            return notes[start:i]
    return ""


def load_ships(rows: Sequence[Mapping[str, str]], file: str) -> dict[tuple[str, str], ShipSpec]:
    """Parse the rows of ``ships.csv`` (as :func:`navalwar.datapack.parse_csv` gives them).

    Every bad value raises :class:`DataError` with ``path="line N (name).field"`` (the
    header is line 1). Checks the format only; :func:`check_known` compares the values
    with the rulebook.
    """
    if not rows:
        raise DataError("no ships: the file has a header but no rows", file=file)
    missing = [c for c in SHIP_COLUMNS if c not in rows[0]]
    if missing:
        raise DataError(
            f"missing column(s) {', '.join(missing)}; the header must be {','.join(SHIP_COLUMNS)}",
            file=file,
        )
    out: dict[tuple[str, str], ShipSpec] = {}
    problems = RowProblems()
    for line, row in enumerate(rows, start=2):
        with problems.row():
            name = row["name"].strip()
            p = f"line {line} ({name})"
            if not name:
                raise DataError("empty ship name", file=file, path=f"line {line}.name")
            nation = row["nation"].strip()
            if nation not in NATIONS:
                raise DataError(
                    f"nation must be J or R, not {nation!r}", file=file, path=f"{p}.nation"
                )
            code = row["code"].strip()
            if not code or any(c.isspace() for c in code):
                raise DataError(
                    f"code must be a non-empty word such as B06, not {code!r}",
                    file=file,
                    path=f"{p}.code",
                )
            if (nation, code) in out:
                raise DataError(
                    f"{nation} {code} is listed twice (the key is nation + code; "
                    f"first as {out[nation, code].name!r})",
                    file=file,
                    path=f"{p}.code",
                )
            typ = row["type"].strip()
            _one_of(typ, TYPES, file, p, "type")
            boxes = {part: _armour(row[part].strip(), file, f"{p}.{part}") for part in PARTS}
            flags = {f: yes_no(row[f], file, f"{p}.{f}") for f in _BOOL_FIELDS}
            ints = {f: whole(row[f], file, f"{p}.{f}", 0, 999) for f in _INT_FIELDS}
            mount = row["torpedo_mount"].strip()
            if ints["torpedo"] == 0 and mount:
                raise DataError(
                    f"must be blank when torpedo is 0, not {mount!r}",
                    file=file,
                    path=f"{p}.torpedo_mount",
                )
            if ints["torpedo"] > 0 and mount not in MOUNTS:
                raise DataError(
                    f"must be fixed or rotating for a ship with torpedo factors, not {mount!r}",
                    file=file,
                    path=f"{p}.torpedo_mount",
                )
            speed = row["speed"].strip()
            if typ in FIXED_TYPES:
                if speed:
                    raise DataError(
                        f"a fortress is fixed (20.44): speed must be blank, not {speed!r}",
                        file=file,
                        path=f"{p}.speed",
                    )
                if boxes["hull"]:
                    raise DataError(
                        "a fortress has no hull boxes (20.44): hull must be blank",
                        file=file,
                        path=f"{p}.hull",
                    )
            else:
                _one_of(speed, SPEEDS, file, p, "speed")
                if not boxes["hull"]:
                    raise DataError(
                        "every ship but a fortress needs at least one hull box",
                        file=file,
                        path=f"{p}.hull",
                    )
            provenance = row["provenance"].strip()
            _one_of(provenance, PROVENANCE, file, p, "provenance")
            out[nation, code] = ShipSpec(
                nation=nation,
                code=code,
                name=name,
                type=typ,
                italic=flags["italic"],
                primary=boxes["primary"],
                secondary=boxes["secondary"],
                tertiary=boxes["tertiary"],
                tertiary_white=flags["tertiary_white"],
                hull=boxes["hull"],
                torpedo=ints["torpedo"],
                torpedo_mount=mount,
                speed=speed,
                fuel=ints["fuel"],
                vp=ints["vp"],
                low_freeboard=flags["low_freeboard"],
                shallow_draft=flags["shallow_draft"],
                provenance=provenance,
                field_provenance=field_provenance(
                    row["field_provenance"], SHIP_COLUMNS, file, f"{p}.field_provenance"
                ),
            )
    problems.check()
    return out


# --------------------------------------------------------------------------------------
# Known cells
# --------------------------------------------------------------------------------------


_VLADIMIR = "GWaS 19.2 example (L183)"
_TRI_SV = "GWaS 8.2 example (L1408)"
_MIXED = "Campaign Game, ship repair (L935)"
_FORT = "GWaS 20.44 (L257)"
_TRANSPORT = "GWaS 10.1 (L1466)"
_LIGHT = "GWaS 2.3 (L1022)"


def _cells() -> tuple[KnownCell, ...]:
    def c(ship: str, field: str, expected: str, rule: str, note: str) -> KnownCell:
        return KnownCell("ships.csv", ("ships", ship, *field.split()), expected, rule, note)

    cells = [
        c("R B17", "type", "B", _VLADIMIR, "'The Russian battleship Vladimir'"),
        c("R B17", "primary boxes", "2", _VLADIMIR, "'2 undamaged main-gun firepower'"),
        c("R B17", "secondary boxes", "5", _VLADIMIR, "'5 secondary-gun firepower'"),
        c("R B17", "tertiary boxes", "1", _VLADIMIR, "'1 auxiliary-gun firepower'"),
        c(
            "R B01",
            "hull",
            "only:H",
            _TRI_SV,
            "'The hull of Tri Sviatitelia is protected by "
            "heavy armor' (a secondary hit on it does no damage)",
        ),
        c("R B01", "hull boxes", ">=1", _TRI_SV, "she has a hull to protect"),
        c("R B23", "hull", "has:H", _MIXED, "Poltava has heavy-armour boxes ..."),
        c("R B23", "hull", "has:LN", _MIXED, "... and light-armour or unarmoured boxes"),
        c("J B09", "hull", "has:H", _MIXED, "Yamato has heavy-armour boxes ..."),
        c("J B09", "hull", "has:LN", _MIXED, "... and light-armour or unarmoured boxes"),
        c("type:FORT", "rows", "2", _FORT, "'2 coastal defense fortresses'"),
        c("type:FORT", "nation", "R", _FORT, "the Russian fortresses of Port Arthur"),
        c("type:FORT", "primary", "HHH", _FORT, "'3 main-gun firepower of heavy armor'"),
        c("type:FORT", "secondary", "", _FORT, "only the 3 main-gun firepower (notes A-19)"),
        c("type:FORT", "tertiary", "", _FORT, "only the 3 main-gun firepower (notes A-19)"),
        c(
            "type:FORT",
            "hull",
            "",
            "GWaS 20.44, 8.8 (L257, L1440)",
            "a fixed battery: 'ships with no hull on the ship data sheet' (notes A-19)",
        ),
        c("type:FORT", "speed", "", _FORT, "'a fixed battleship'"),
        c("type:TR", "rows", ">=1", "BS1 (L300)", "'Troop transports: 4'"),
        c("type:TR", "hull boxes", ">=1", _TRANSPORT, "'Each transport has 1 or 2 hull boxes'"),
        c("type:TR", "hull boxes", "<=2", _TRANSPORT, "'Each transport has 1 or 2 hull boxes'"),
        c("type:TR", "hull", "only:N", _TRANSPORT, "'never has armor protection'"),
        c("type:TR", "primary", "", _TRANSPORT, "'or armament'"),
        c("type:TR", "secondary", "", _TRANSPORT, "'or armament'"),
        c("type:TR", "tertiary", "", _TRANSPORT, "'or armament'"),
        c("type:TR", "torpedo", "0", _TRANSPORT, "'or armament'"),
        c(
            "light",
            "primary",
            "",
            _LIGHT,
            "'light ship counters have only auxiliary gun firepower'",
        ),
        c(
            "light",
            "secondary",
            "",
            _LIGHT,
            "'light ship counters have only auxiliary gun firepower'",
        ),
        c(
            "R B11",
            "hull boxes",
            ">=3",
            "BS2 (L348)",
            "Tsesarevich starts aground with 2 hull boxes of damage and afloat",
        ),
        c(
            "R B27",
            "hull boxes",
            ">=3",
            "BS2 (L348)",
            "Retvisan starts aground with 2 hull boxes of damage and afloat",
        ),
        c(
            "R B24",
            "hull boxes",
            ">=2",
            "BS4 (L400)",
            "Sevastopol starts with 1 hull box of damage and afloat",
        ),
        c(
            "J C01",
            "fuel",
            ">=7",
            "Op8 (L795)",
            "Naniwa has used 6 fuel boxes and can still sail",
        ),
        c(
            "J C02",
            "fuel",
            ">=7",
            "Op8 (L795)",
            "Takachiho has used 6 fuel boxes and can still sail",
        ),
    ]
    for code, name in (
        ("B06", "Peresvet"),
        ("B11", "Tsesarevich"),
        ("B23", "Poltava"),
        ("B24", "Sevastopol"),
        ("B26", "Pobieda"),
        ("B27", "Retvisan"),
    ):
        cells.append(
            c(
                f"R {code}",
                "secondary boxes",
                ">=1",
                "BS5 (L436)",
                f"landing parties: {name}'s secondary firepower is reduced by 1",
            )
        )
    for code in ("B01", "B02", "B03", "B04", "B05", "B06", "C04", "C08", "C09", "C10"):
        cells.append(
            c(
                f"J {code}",
                "fuel",
                ">=3",
                "Op2 (L566)",
                "the First Fleet has used 2 fuel boxes and can still sail",
            )
        )
    return tuple(cells)


KNOWN_SHIP_CELLS: tuple[KnownCell, ...] = _cells()
"""The cells, in the core's known-cell language (:mod:`navalwar.known`). Key paths:
``("ships", SHIP, FIELD)`` a ``ships.csv`` cell as the file holds it; ``("ships", SHIP,
PART, "boxes")`` the number of boxes of an armour part; ``("ships", SHIP, "rows")`` how
many rows SHIP selects. SHIP is ``"R B17"`` (nation and code), ``"type:FORT"`` (every
row of a type; each must agree) or ``"light"`` / ``"capital"`` (every light or capital
ship, 5.21); ``rule`` is the rule or scenario (and line of ``gwas_1904.txt``)."""


def _select(ships: Mapping[tuple[str, str], ShipSpec], sel: str) -> list[ShipSpec] | None:
    """The rows a selector names (None: a single ship that is missing)."""
    if sel.startswith("type:"):
        typ = sel[5:]
        return [s for s in ships.values() if s.type == typ]
    if sel == "light":
        return [s for s in ships.values() if s.type in LIGHT_TYPES]
    if sel == "capital":
        return [s for s in ships.values() if s.type in CAPITAL_TYPES]
    nation, _, code = sel.partition(" ")
    ship = ships.get((nation, code))
    return None if ship is None else [ship]


def cell_text(ship: ShipSpec, field: str) -> str:
    """A ship's value of a ``ships.csv`` column, as the file would hold it."""
    value = getattr(ship, field)
    if isinstance(value, bool):
        return "yes" if value else "no"
    return str(value)


def cell_reader(ships: Mapping[tuple[str, str], ShipSpec]) -> Read:
    """The value at a :data:`KNOWN_SHIP_CELLS` key path of ``ships``, for
    :func:`navalwar.known.check`."""

    def read(key: tuple[str, ...]) -> str | list[tuple[str, str]]:
        head, sel, field, *sub = key
        selected = _select(ships, sel) if head == "ships" else None
        if selected is None:
            raise KeyError(f"no ship {sel} in the pack")
        if field == "rows":
            return str(len(selected))
        if sub not in ([], ["boxes"]) or field not in SHIP_COLUMNS:
            raise KeyError(f"no key path {'/'.join(key)}")
        values = [
            (
                f"{s.nation} {s.code} ({s.name})",
                str(len(cell_text(s, field))) if sub else cell_text(s, field),
            )
            for s in selected
        ]
        return values[0][1] if " " in sel else values

    return read


def contradictions(ships: Mapping[tuple[str, str], ShipSpec]) -> list[Contradiction]:
    """Every :data:`KNOWN_SHIP_CELLS` entry the pack contradicts."""
    return check(KNOWN_SHIP_CELLS, cell_reader(ships))


def check_known(ships: Mapping[tuple[str, str], ShipSpec]) -> list[str]:
    """Every :data:`KNOWN_SHIP_CELLS` entry the pack contradicts, as messages (empty = fine)."""
    return [str(p) for p in contradictions(ships)]
