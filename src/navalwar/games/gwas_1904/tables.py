"""The series damage tables and the volume's Effectiveness Table, parsed from data.

``data/gwas_1904/damage_tables.toml`` transcribes the Gunnery, Torpedo,
Critical and Minefield Damage Tables (printed in full); ``effectiveness.toml``
the printed part of the Effectiveness Table (19.2) and the rule that extends it.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

import attrs

from navalwar.datapack import PackFile, load_files, pack_provenance
from navalwar.errors import DataError
from navalwar.reader import Reader
from navalwar.tables import Table1D

RESULT_PARTS = ("primary", "secondary", "tertiary", "hull", "torpedo")
_BOXES = re.compile(r"^(\d+) (primary|secondary|tertiary|hull|torpedo)$")
_FLAGS = {
    "speed -1": "speed",
    "unable to sail": "unable",
    "critical": "critical",
    "commander killed": "commander",
    "plunging": "plunging",
    "secondary pierces heavy hull": "pierce",
    "sunk": "sunk",
    "none": "",
}


@attrs.frozen(slots=True)
class Damage:
    """One table result: boxes by part and the special effects."""

    text: str
    boxes: tuple[tuple[str, int], ...] = ()
    speed: int = 0  # speed levels lost ("speed reduced by 1")
    unable: bool = False  # "unable to sail"
    critical: bool = False  # roll on the Critical Damage Table
    commander: bool = False  # "Leader (commander) killed"
    plunging: bool = False  # the dagger of 8.8 (no effect in 1904: volume 7.6)
    pierce: bool = False  # critical 8: a secondary hit destroys 1 heavy hull box
    sunk: bool = False


def parse_damage(text: str, file: str = "", path: str = "") -> Damage:
    """Read a result such as ``"2 hull, speed -1"``."""
    boxes: list[tuple[str, int]] = []
    flags: dict[str, bool] = {}
    speed = 0
    for item in (t.strip() for t in text.split(",")):
        m = _BOXES.match(item)
        if m:
            boxes.append((m.group(2), int(m.group(1))))
        elif item in _FLAGS:
            key = _FLAGS[item]
            if key == "speed":
                speed += 1
            elif key:
                flags[key] = True
        else:
            raise DataError(
                f"cannot read damage {item!r}: write 'N part' "
                f"(part one of {', '.join(RESULT_PARTS)}) "
                f"or one of {', '.join(repr(f) for f in _FLAGS)}",
                file=file,
                path=path,
            )
    return Damage(text, tuple(boxes), speed, **flags)


@attrs.frozen
class DamageTables:
    """The four damage tables (2d6, except the Minefield Damage Table's 1d6)."""

    gunnery: Table1D[Damage]
    torpedo: Table1D[Damage]
    critical: Table1D[Damage]
    minefield: Table1D[Damage]
    effectiveness: dict[int, tuple[int, ...]]
    provenance: dict[str, str]

    def usable_firepower(self, er: int, firepower: int) -> int:
        """The firepower of one gun type a ship may fire (19.2 Effectiveness Table).

        ER 3 and below give 1 for any firepower; firepower above 5 is split into
        fives and a remainder, each read from the table (reconstructed readings).
        """
        if firepower <= 0:
            return 0
        row = self.effectiveness.get(min(er, 7))
        if row is None or len(row) < 5:
            return 1
        total = 0
        while firepower > 5:
            total += row[4]
            firepower -= 5
        return total + row[firepower - 1]

    def effectiveness_provenance(self, er: int, firepower: int) -> str:
        """``rulebook`` for a printed cell, ``reconstructed`` for the extension."""
        if firepower <= 5 and (4 <= er <= 7 or (er == 3 and firepower == 1)):
            return "rulebook"
        return "reconstructed"


def _table(doc: dict[str, Any], name: str, file: str) -> Table1D[Damage]:
    raw = doc.get(name)
    if not isinstance(raw, dict) or not raw:
        raise DataError("missing table", file=file, path=name)
    rows = []
    for key, value in raw.items():
        if not isinstance(value, str):
            raise DataError("must be a damage text", file=file, path=f"{name}.{key}")
        rows.append((key, parse_damage(value, file, f"{name}.{key}")))
    try:
        return Table1D.of(rows, name=name.replace("_", " "), clamp=False)
    except DataError as exc:
        raise DataError(exc.reason, file=file, path=name) from None


def _effectiveness(doc: dict[str, Any], file: str) -> dict[int, tuple[int, ...]]:
    printed = doc.get("printed")
    if not isinstance(printed, dict):
        raise DataError("missing table", file=file, path="printed")
    out: dict[int, tuple[int, ...]] = {}
    for key, row in printed.items():
        if not key.isdigit() or not 1 <= int(key) <= 7:
            raise DataError("an ER must be 1-7", file=file, path=f"printed.{key}")
        if not isinstance(row, list) or not all(isinstance(x, int) and x >= 0 for x in row):
            raise DataError("must be a list of whole numbers", file=file, path=f"printed.{key}")
        out[int(key)] = tuple(row)
    return out


TABLES = ("gunnery_damage", "torpedo_damage", "critical_damage", "minefield_damage")
FILES = ("damage_tables.toml", "effectiveness.toml")


def load_tables(
    overrides: Sequence[Path] = (), files: Mapping[str, PackFile] | None = None
) -> DamageTables:
    """Load the damage and Effectiveness tables (bundled, with override files; or from
    ``files``, the pack's files already read)."""
    if files is None:
        files = load_files("gwas_1904", FILES, overrides)
    dmg = files["damage_tables.toml"]
    doc, file = dmg.content, str(dmg.path)
    eff = files["effectiveness.toml"]
    Reader(file).keys(doc, "", ("meta", *TABLES), "top-level key")
    Reader(str(eff.path)).keys(eff.content, "", ("meta", "printed"), "top-level key")
    prov = pack_provenance({n: files[n] for n in FILES})
    return DamageTables(
        _table(doc, "gunnery_damage", file),
        _table(doc, "torpedo_damage", file),
        _table(doc, "critical_damage", file),
        _table(doc, "minefield_damage", file),
        _effectiveness(eff.content, str(eff.path)),
        prov,
    )
