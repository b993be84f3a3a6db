#!/usr/bin/env python3
"""Generate the reconstructed GWaS 1904 ship data pack (``data/gwas_1904/ships.csv``).

The rulebook has no Ship Data Charts. This script rebuilds one line per ship named in
battle scenarios BS1-BS8 (both navies, the squadron classes, generic transports and the
two Port Arthur fortresses), plus the two ships whose values a worked example reveals
(Vladimir, 19.2; Tri Sviatitelia, 8.2), deterministically from

* ``data/gwas_1904/sources/classes.csv`` (historical particulars per class, with sources),
* the roster below (codes and names as printed in the scenarios, with line numbers of
  ``shared/rules/gwas_1904.txt``), and
* the formulas below, documented in ``docs/data/gwas_1904.md``.

Before writing, the rows are parsed by the pack loader and checked against every value
the text reveals (``navalwar.games.gwas_1904.ships.KNOWN_SHIP_CELLS``) and a few design
invariants; if any fails, nothing is written.

Usage::

    .venv/bin/python scripts/reconstruct_gwas_1904.py             # rewrite ships.csv
    .venv/bin/python scripts/reconstruct_gwas_1904.py --check     # exit 1 if it differs
    .venv/bin/python scripts/reconstruct_gwas_1904.py --calibrate # print duel statistics
"""

from __future__ import annotations

import argparse
import csv
import io
import math
import random
import re
import statistics
import sys
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from navalwar.datapack import write_generated
from navalwar.errors import DataError
from navalwar.games.gwas_1904.ship import CAPITAL_TYPES, LIGHT_TYPES, ShipSpec
from navalwar.games.gwas_1904.ships import SHIP_COLUMNS, check_known, load_ships

REPO = Path(__file__).resolve().parents[1]
PACK = REPO / "data" / "gwas_1904"
CLASSES_CSV = PACK / "sources" / "classes.csv"
SHIPS_CSV = PACK / "ships.csv"
RULES = "gwas_1904.txt"

# --------------------------------------------------------------------------------------
# Roster: every ship named in BS1-BS8, with its first appearance (scenario, line)
# --------------------------------------------------------------------------------------

#: (nation, code, name, class_id, source). Codes and names as printed (the first
#: scenario's spelling); codes starting ``DD-``/``TB-`` are ours, for the unnumbered
#: squadron classes. R B01 and R B17 are not in BS1-BS8: they carry the 8.2 and 19.2
#: examples' values (Op10 reinforcements 1 and 3).
ROSTER: tuple[tuple[str, str, str, str, str], ...] = (
    ("J", "B01", "Yashima", "fuji", "BS2 L334"),
    ("J", "B02", "Fuji", "fuji", "BS2 L334"),
    ("J", "B03", "Shikishima", "shikishima", "BS2 L334"),
    ("J", "B04", "Hatsuse", "shikishima", "BS2 L334"),
    ("J", "B05", "Asahi", "asahi", "BS2 L334"),
    ("J", "B06", "Mikasa", "mikasa", "BS2 L334"),
    ("J", "B07", "Kashima", "katori", "BS8 L502"),
    ("J", "B09", "Yamato", "swiftsure_j", "BS8 L502"),
    ("J", "B10", "Musashi", "swiftsure_j", "BS8 L502"),
    ("J", "CD01", "Chin Yen", "chin_yen", "BS5 L426"),
    ("J", "AC01", "Asama", "asama", "BS1 L300"),
    ("J", "AC02", "Tokiwa", "asama", "BS2 L334"),
    ("J", "AC03", "Yakumo", "yakumo", "BS2 L334"),
    ("J", "AC04", "Azuma", "azuma", "BS2 L334"),
    ("J", "AC05", "Izumo", "izumo", "BS2 L334"),
    ("J", "AC06", "Iwate", "izumo", "BS2 L334"),
    ("J", "AC07", "Kasuga", "kasuga", "BS3 L366"),
    ("J", "AC08", "Nisshin", "nisshin", "BS3 L366"),
    ("J", "C01", "Naniwa", "naniwa", "BS1 L300"),
    ("J", "C02", "Takachiho", "naniwa", "BS1 L300"),
    ("J", "C04", "Yoshino", "yoshino", "BS2 L334"),
    ("J", "C06", "Suma", "suma", "BS2 L334"),
    ("J", "C07", "Akashi", "suma", "BS1 L300"),
    ("J", "C08", "Takasago", "takasago", "BS2 L334"),
    ("J", "C09", "Chitose", "chitose", "BS2 L334"),
    ("J", "C10", "Kasagi", "chitose", "BS2 L334"),
    ("J", "C11", "Tsushima", "tsushima", "BS7 L476"),
    ("J", "C12", "Niitaka", "tsushima", "BS1 L300"),
    ("J", "C13", "Otowa", "otowa", "BS7 L476"),
    ("J", "C15", "Chiyoda", "chiyoda", "BS1 L300"),
    ("J", "C16", "Itsukushima", "matsushima", "BS5 L426"),
    ("J", "C17", "Hashidate", "matsushima", "BS5 L426"),
    ("J", "C18", "Matsushima", "matsushima", "BS5 L426"),
    ("J", "GB07", "Izumi", "izumi", "BS7 L476"),
    ("J", "DD-Ikazuchi", "Ikazuchi class", "ikazuchi", "BS3 L366"),
    ("J", "DD-Hayabusa", "Hayabusa class", "hayabusa", "BS7 L476"),
    ("J", "TB-No21", "No. 21 class", "no21", "BS1 L300"),
    ("R", "B01", "Tri Sviatitelia", "tri_sviatitelia", "Op10 L883"),
    ("R", "B06", "Peresvet", "peresvet", "BS2 L338"),
    ("R", "B11", "Tsesarevich", "tsesarevich", "BS2 L338"),
    ("R", "B12", "Borodino", "borodino", "BS7 L480"),
    ("R", "B13", "Imperator Alexander III", "borodino", "BS7 L480"),
    ("R", "B14", "Orel", "borodino", "BS7 L480"),
    ("R", "B15", "Kniaz Suvarov", "borodino", "BS7 L480"),
    ("R", "B17", "Vladimir", "swiftsure_r", "Op10 L887"),
    ("R", "B19", "Imperator Nikolai I", "nikolai", "BS7 L480"),
    ("R", "B20", "Navarin", "navarin", "BS7 L480"),
    ("R", "B21", "Sissoi Veliki", "sissoi", "BS7 L480"),
    ("R", "B22", "Petropavlovsk", "poltava", "BS2 L338"),
    ("R", "B23", "Poltava", "poltava", "BS2 L338"),
    ("R", "B24", "Sevastopol", "poltava", "BS2 L338"),
    ("R", "B25", "Oslabia", "peresvet", "BS7 L480"),
    ("R", "B26", "Pobieda", "peresvet", "BS2 L338"),
    ("R", "B27", "Retvisan", "retvisan", "BS2 L338"),
    ("R", "CD01", "Admiral Ushakov", "ushakov", "BS7 L480"),
    ("R", "CD02", "Admiral Seniavin", "ushakov", "BS7 L480"),
    ("R", "CD03", "General Admiral Apraxin", "apraxin", "BS7 L480"),
    ("R", "AC01", "Rurik", "rurik", "BS6 L456"),
    ("R", "AC02", "Vladimir Monomakh", "monomakh", "BS7 L480"),
    ("R", "AC03", "Bayan", "bayan", "BS2 L338"),
    ("R", "AC04", "Dimitri Donskoi", "donskoi", "BS7 L480"),
    ("R", "AC05", "Rossiya", "rossia", "BS6 L456"),
    ("R", "AC06", "Gromoboi", "gromoboi", "BS6 L456"),
    ("R", "AC07", "Admiral Nakhimov", "nakhimov", "BS7 L480"),
    ("R", "C01", "Svietlana", "svetlana", "BS7 L480"),
    ("R", "C02", "Pallada", "pallada", "BS3 L372"),
    ("R", "C03", "Askold", "askold", "BS2 L338"),
    ("R", "C04", "Novik", "novik", "BS2 L338"),
    ("R", "C06", "Bogatyr", "bogatyr", "BS6 L456"),
    ("R", "C07", "Oleg", "bogatyr", "BS7 L480"),
    ("R", "C08", "Aurora", "pallada", "BS7 L480"),
    ("R", "C09", "Diana", "pallada", "BS2 L338"),
    ("R", "C10", "Variag", "variag", "BS1 L304"),
    ("R", "C11", "Izumrud", "izumrud", "BS7 L480"),
    ("R", "C12", "Jemtchug", "izumrud", "BS7 L480"),
    ("R", "GB07", "Gremyashchi", "grozyashchi", "BS3 L372"),
    ("R", "GB08", "Otvajni", "grozyashchi", "BS3 L372"),
    ("R", "GB13", "Bobr", "sivuch", "BS3 L372"),
    ("R", "GB14", "Koreetz", "koreets", "BS1 L304"),
    ("R", "GB16", "Almaz", "almaz", "BS7 L480"),
    ("R", "BS01", "Rus", "rus", "BS7 L480"),
    ("R", "DD-Boiki", "Boiki class", "boiki", "BS7 L480"),
    ("R", "DD-Puilki", "Puilki class", "puilki", "BS3 L370"),
    ("R", "TB-No214", "No. 214 class", "no214", "BS8 L506"),
    ("R", "TB-Sungari", "Sungari class", "sungari", "BS8 L506"),
)

#: Type of each printed code prefix (volume "Additional Ship Types (5.21)" and 5.21).
PREFIX_TYPES = {"B": "B", "CD": "CD", "AC": "AC", "C": "C", "GB": "GB", "BS": "BS"}

# --------------------------------------------------------------------------------------
# Formula constants (docs/data/gwas_1904.md, "ships.csv")
# --------------------------------------------------------------------------------------

#: Calibre classes (inches): main guns 8in and over; secondary 5.9in (15cm) to under 8in;
#: tertiary (auxiliary) 1.85in (47mm) to under 5.9in. Smaller guns are not counted.
MAIN_MIN, SECONDARY_MIN, TERTIARY_MIN = 8.0, 5.9, 1.85
#: A gun's weight is calibre^2 / 144 (a 12in gun 1, a 6in gun 1/4, a 3in gun 1/16):
#: shell weight grows as calibre^3 and the rate of fire falls about as 1/calibre.
GUN_UNIT = 144.0
#: Main-battery scale, fixed by Vladimir (19.2: 4x10in -> 2) and the series' 8-gun
#: ratings (Tegetthoff and Courbet, 12x12in -> 8): 2/3.
MAIN_SCALE = 2.0 / 3.0
#: Effective armour = thickness x quality (face-hardened Harvey/Krupp 1.0, homogeneous
#: steel 0.75, compound or wrought iron 0.6); heavy >= 100 mm, light >= 50 mm.
QUALITY = {"FH": 1.0, "ST": 0.75, "CI": 0.6, "none": 0.0}
HEAVY_MM, LIGHT_MM = 100.0, 50.0
#: Hull boxes = round(sqrt(displacement) / 13): a 15,000 t battleship 9, a 20,000 t
#: dreadnought 11 (Szent Istvan sank with 11 hull boxes in the series 18.4 example).
HULL_DIVISOR = 13.0
#: Mixed hulls: a third of the boxes (rounded) carry the ends' armour, placed first.
END_FRACTION = 1.0 / 3.0
#: Speed ladder by design speed (knots): 2 from 20, 1+ from 18, 1 from 14, else 1s.
SPEED_LADDER = ((20.0, "2"), (18.0, "1+"), (14.0, "1"), (0.0, "1s"))
#: Torpedo factors = round(bearing tubes / 3), at least 1 (series: Beagle 2 tubes -> 1,
#: Bespokoiny 10 -> 3); fixed hull tubes are paired port/starboard, so half bear.
TUBES_PER_FACTOR = 3.0
#: VP when sunk = round(displacement / 500), but at least 1 more than the VP schedule
#: would give for crippling the ship (3 per main firepower, 2 per heavy hull box, 1 per
#: other hull box), so that sinking always pays more than crippling.
TONS_PER_VP = 500.0
#: Shallow draught: at most 4.0 m (light ships) or 6.0 m (capital ships).
SHALLOW_LIGHT_M, SHALLOW_CAPITAL_M = 4.0, 6.0
#: Low freeboard also for every craft under 200 t (torpedo boats).
SMALL_CRAFT_T = 200.0
#: Fuel boxes by type: a placeholder (operational scenarios only; one box is 12 sea
#: areas of about 32 miles, so roughly economical endurance / 330 nm).
FUEL = {
    "B": 18,
    "CD": 10,
    "AC": 24,
    "C": 16,
    "GB": 9,
    "ML": 12,
    "BS": 18,
    "AMC": 18,
    "DD": 5,
    "TB": 3,
    "TR": 18,
    "COL": 18,
    "FORT": 0,
}

# --------------------------------------------------------------------------------------
# Small helpers
# --------------------------------------------------------------------------------------


class ReconstructionError(Exception):
    """A source value is malformed, or a generated value contradicts the rulebook."""


def rhu(x: float) -> int:
    """Round half up, robust to binary fractions (2.4999999 -> 2, 2.5 -> 3)."""
    return math.floor(x + 0.5 + 1e-9)


Guns = tuple[tuple[int, float], ...]


def parse_guns(text: str, lo: float, hi: float, where: str) -> Guns:
    """Parse ``"4x12 2x8"`` (count x calibre in inches); every calibre in [lo, hi)."""
    out: list[tuple[int, float]] = []
    for tok in text.split():
        m = re.fullmatch(r"(\d+)x(\d+(?:\.\d+)?)", tok)
        if m is None:
            raise ReconstructionError(f"{where}: bad gun token {tok!r} (use e.g. 4x12)")
        n, cal = int(m.group(1)), float(m.group(2))
        if not lo <= cal < hi:
            raise ReconstructionError(f"{where}: {cal}in is not in this column's {lo}-{hi}in")
        out.append((n, cal))
    return tuple(out)


@dataclass(frozen=True)
class ShipClass:
    """One row of sources/classes.csv (the columns the formulas use)."""

    class_id: str
    nation: str
    type: str
    name: str
    ships: tuple[str, ...]
    tons: float
    knots: float
    main: Guns
    secondary: Guns
    tertiary: Guns
    belt: float
    belt_ends: float
    kind: str
    main_mount: float
    secondary_mount: float
    tertiary_mount: float
    tubes: int
    trainable: bool
    draught: float
    low_freeboard: bool
    first_division: bool
    placeholder: bool


def read_classes(path: Path = CLASSES_CSV) -> dict[str, ShipClass]:
    """Parse sources/classes.csv."""
    out: dict[str, ShipClass] = {}
    with path.open(newline="", encoding="utf-8") as f:
        for row in csv.DictReader(f):
            cid = row["class_id"]
            try:
                mount = row["torpedo_mount"]
                tubes = int(row["torpedo_tubes"])
                if mount not in ("fixed", "trainable", "none") or (tubes > 0) == (mount == "none"):
                    raise ReconstructionError(f"{cid}: torpedo_mount {mount!r} for {tubes} tubes")
                if row["armour_kind"] not in QUALITY:
                    raise ReconstructionError(f"{cid}: armour_kind {row['armour_kind']!r}")
                flags = ("low_freeboard", "first_division", "placeholder")
                yn = {k: row[k] == "yes" for k in flags}
                out[cid] = ShipClass(
                    class_id=cid,
                    nation=row["nation"],
                    type=row["type"],
                    name=row["class"],
                    ships=tuple(s.strip() for s in row["ships"].split(";") if s.strip()),
                    tons=float(row["displacement_t"]),
                    knots=float(row["speed_kn"]),
                    main=parse_guns(row["main_guns"], MAIN_MIN, 99.0, f"{cid}.main_guns"),
                    secondary=parse_guns(
                        row["secondary_guns"], SECONDARY_MIN, MAIN_MIN, f"{cid}.secondary_guns"
                    ),
                    tertiary=parse_guns(
                        row["tertiary_guns"], TERTIARY_MIN, SECONDARY_MIN, f"{cid}.tertiary_guns"
                    ),
                    belt=float(row["belt_mm"]),
                    belt_ends=float(row["belt_ends_mm"]),
                    kind=row["armour_kind"],
                    main_mount=float(row["main_mount_mm"]),
                    secondary_mount=float(row["secondary_mount_mm"]),
                    tertiary_mount=float(row["tertiary_mount_mm"]),
                    tubes=tubes,
                    trainable=mount == "trainable",
                    draught=float(row["draught_m"]),
                    low_freeboard=yn["low_freeboard"],
                    first_division=yn["first_division"],
                    placeholder=yn["placeholder"],
                )
            except ValueError as exc:
                raise ReconstructionError(f"{cid}: {exc}") from None
    return out


# --------------------------------------------------------------------------------------
# Formulas
# --------------------------------------------------------------------------------------


def firepower(guns: Guns, scale: float = 1.0) -> int:
    """round(scale x sum(calibre^2) / 144), at least 1 if there are any guns."""
    if not guns:
        return 0
    return max(1, rhu(scale * sum(n * cal * cal for n, cal in guns) / GUN_UNIT))


def letter(mm: float, kind: str) -> str:
    """Armour letter of a thickness: H (>= 100 mm effective), L (>= 50), else N."""
    eff = mm * QUALITY[kind]
    return "H" if eff >= HEAVY_MM else "L" if eff >= LIGHT_MM else "N"


def hull_boxes(c: ShipClass) -> str:
    """Hull letters: sqrt-of-displacement boxes; lighter ends first on a mixed hull."""
    n = max(1, rhu(math.sqrt(c.tons) / HULL_DIVISOR))
    mid, end = letter(c.belt, c.kind), letter(c.belt_ends, c.kind)
    if mid == end or n == 1:
        return mid * n
    k = min(n - 1, max(1, rhu(n * END_FRACTION)))
    return end * k + mid * (n - k)


def speed(knots: float) -> str:
    """The speed ladder."""
    return next(s for threshold, s in SPEED_LADDER if knots >= threshold)


def torpedo(c: ShipClass) -> tuple[int, str]:
    """Torpedo factors and mount."""
    if c.tubes == 0:
        return 0, ""
    bearing = c.tubes if c.trainable else math.ceil(c.tubes / 2)
    return max(1, rhu(bearing / TUBES_PER_FACTOR)), "rotating" if c.trainable else "fixed"


def schedule_vp(primary: str, hull: str) -> int:
    """VP for crippling without sinking (VP schedule, L275-277)."""
    return 3 * len(primary) + sum(2 if ch == "H" else 1 for ch in hull)


def vp(tons: float, primary: str, hull: str) -> int:
    """VP when sunk."""
    return max(1, rhu(tons / TONS_PER_VP), schedule_vp(primary, hull) + 1)


def yn(b: bool) -> str:
    return "yes" if b else "no"


def class_row(nation: str, code: str, name: str, c: ShipClass, source: str) -> dict[str, str]:
    """One ships.csv row from a class (the formulas)."""
    squadron = code.startswith(("DD-", "TB-"))
    capital = c.type in CAPITAL_TYPES
    if capital:
        primary = letter(c.main_mount, c.kind) * firepower(c.main, MAIN_SCALE)
        secondary = letter(c.secondary_mount, c.kind) * firepower(c.secondary)
        tertiary = letter(c.tertiary_mount, c.kind) * firepower(c.tertiary)
        white = False
    else:  # 2.3: light ships have only auxiliary firepower; every gun counts there
        primary = secondary = ""
        guns = c.main + c.secondary + c.tertiary
        tertiary = letter(c.tertiary_mount, c.kind) * firepower(guns)
        white = any(cal >= SECONDARY_MIN for _, cal in guns)
    hull = hull_boxes(c)
    torps, mount = torpedo(c)
    shallow = c.draught <= (SHALLOW_CAPITAL_M if capital else SHALLOW_LIGHT_M)
    code_prov = "reconstructed:navalwar code (none printed)" if squadron else f"rulebook:{source}"
    prov = [
        f"nation=rulebook:{source}",
        f"code={code_prov}",
        f"name=rulebook:{source}",
        f"type=rulebook:{source}" + ("" if squadron else " code prefix (5.21)"),
    ]
    if not capital:
        prov += ["primary=rulebook:GWaS 2.3 (L1022)", "secondary=rulebook:GWaS 2.3 (L1022)"]
    if c.tubes == 0:
        prov += [
            "torpedo=historical:no torpedo tubes (sources/classes.csv)",
            "torpedo_mount=historical:no torpedo tubes (sources/classes.csv)",
        ]
    if not c.placeholder:
        prov.append("fuel=placeholder:type table (docs/data/gwas_1904.md)")
    notes = [f"class {c.class_id} ({c.name})"]
    if squadron:
        notes.append("one member of a squadron counter (9.2)")
    if len(set(hull)) > 1:
        notes.append("mixed hull: lighter ends first")
    if code == "B17" and nation == "R":
        notes.append("box counts fixed by 19.2 (L183); armour letters reconstructed")
    if code == "B01" and nation == "R":
        notes.append("heavy hull fixed by 8.2 (L1408); box count reconstructed")
    if c.placeholder:
        notes.append("placeholder: class unidentified")
    return {
        "nation": nation,
        "code": code,
        "name": name,
        "type": c.type,
        "italic": yn(c.first_division),
        "primary": primary,
        "secondary": secondary,
        "tertiary": tertiary,
        "tertiary_white": yn(white),
        "hull": hull,
        "torpedo": str(torps),
        "torpedo_mount": mount,
        "speed": speed(c.knots),
        "fuel": str(FUEL[c.type]),
        "vp": str(vp(c.tons, primary, hull)),
        "low_freeboard": yn(c.low_freeboard or c.tons < SMALL_CRAFT_T),
        "shallow_draft": yn(shallow),
        "provenance": "placeholder" if c.placeholder else "reconstructed",
        "field_provenance": "; ".join(prov),
        "notes": "; ".join(notes),
    }


def fortress_row(n: int) -> dict[str, str]:
    """A Port Arthur fortress (20.44; notes A-19)."""
    rule = "GWaS 20.44 (L257)"
    return {
        "nation": "R",
        "code": f"FORT-{n}",
        "name": f"Port Arthur fortress {n}",
        "type": "FORT",
        "italic": "no",
        "primary": "HHH",
        "secondary": "",
        "tertiary": "",
        "tertiary_white": "no",
        "hull": "",
        "torpedo": "0",
        "torpedo_mount": "",
        "speed": "",
        "fuel": "0",
        "vp": "0",
        "low_freeboard": "no",
        "shallow_draft": "no",
        "provenance": "reconstructed",
        "field_provenance": "; ".join(
            [
                f"nation={'rulebook:' + rule}",
                f"type={'rulebook:' + rule}",
                f"primary=rulebook:{rule} 3 main-gun firepower of heavy armor",
                f"secondary=rulebook:{rule} (notes A-19)",
                f"tertiary=rulebook:{rule} (notes A-19)",
                f"hull=rulebook:{rule} and 8.8 (notes A-19)",
                f"speed=rulebook:{rule} fixed",
                f"italic=rulebook:{rule} (its +1 is a fortress rule)",
            ]
        ),
        "notes": "fixed battery in the Roadstead hex (BS2-BS4); the VP schedule gives 7 VP per "
        "destroyed main-gun firepower (L278); no Effectiveness limit; cannot be torpedoed",
    }


def transport_row(nation: str, fast: bool) -> dict[str, str]:
    """A generic transport (10.1; notes A-60: fast = speed 1 and 2 boxes, slow = 1s and 1)."""
    rule = "GWaS 10.1 (L1466)"
    in_bs1 = nation == "J" and fast
    nation_prov = "rulebook:BS1 L300" if in_bs1 else "reconstructed:generic (operational scenarios)"
    return {
        "nation": nation,
        "code": "TR-F" if fast else "TR-S",
        "name": "Fast transport" if fast else "Slow transport",
        "type": "TR",
        "italic": "no",
        "primary": "",
        "secondary": "",
        "tertiary": "",
        "tertiary_white": "no",
        "hull": "NN" if fast else "N",
        "torpedo": "0",
        "torpedo_mount": "",
        "speed": "1" if fast else "1s",
        "fuel": str(FUEL["TR"]),
        "vp": "1",
        "low_freeboard": "no",
        "shallow_draft": "no",
        "provenance": "reconstructed",
        "field_provenance": "; ".join(
            [
                f"nation={nation_prov}",
                f"type=rulebook:{rule}",
                f"primary=rulebook:{rule} no armament",
                f"secondary=rulebook:{rule} no armament",
                f"tertiary=rulebook:{rule} no armament",
                f"torpedo=rulebook:{rule} no armament",
                "vp=rulebook:VP schedule L279-280 (sunk without cargo 1, with cargo 4)",
                "fuel=placeholder:type table (docs/data/gwas_1904.md)",
            ]
        ),
        "notes": (
            "fast merchant ship / troop transport (a name starting with F: +1 to torpedo it, 7.81)"
            if fast
            else "slow merchant ship"
        )
        + "; 1-2 unarmoured hull boxes (10.1), count and speed per notes A-60; "
        "VP 4 when sunk with cargo",
    }


def build_rows(classes: dict[str, ShipClass]) -> list[dict[str, str]]:
    """Every ships.csv row, in file order."""
    used: set[str] = set()
    by_nation: dict[str, list[dict[str, str]]] = {"J": [], "R": []}
    for nation, code, name, cid, source in ROSTER:
        if cid not in classes:
            raise ReconstructionError(f"{nation} {code} {name}: unknown class {cid!r}")
        c = classes[cid]
        used.add(cid)
        if c.nation != nation:
            raise ReconstructionError(f"{nation} {code}: class {cid} is {c.nation}")
        squadron = code.startswith(("DD-", "TB-"))
        if name not in c.ships:
            raise ReconstructionError(f"{nation} {code}: {name!r} not in {cid}'s ships {c.ships}")
        prefix = re.match(r"[A-Z]+", code)
        if not squadron and (prefix is None or PREFIX_TYPES.get(prefix.group()) != c.type):
            raise ReconstructionError(f"{nation} {code}: code prefix does not match type {c.type}")
        by_nation[nation].append(class_row(nation, code, name, c, source))
    unused = sorted(set(classes) - used)
    if unused:
        raise ReconstructionError(f"classes not used by any roster ship: {', '.join(unused)}")
    by_nation["J"] += [transport_row("J", True), transport_row("J", False)]
    by_nation["R"] += [transport_row("R", True), transport_row("R", False)]
    by_nation["R"] += [fortress_row(1), fortress_row(2)]
    return by_nation["J"] + by_nation["R"]


def series_checks() -> list[str]:
    """The formula constants against the series examples' ratings."""
    checks = (
        ("Tegetthoff main, 12x12in (18.4)", firepower(((12, 12.0),), MAIN_SCALE), 8),
        ("Tegetthoff secondary, 12x15cm (18.4)", firepower(((12, 5.9),)), 3),
        ("Tegetthoff auxiliary, 18x66mm (18.4)", firepower(((18, 2.6),)), 1),
        ("Courbet main, 12x305mm (7.5)", firepower(((12, 12.0),), MAIN_SCALE), 8),
        ("Beagle auxiliary, 1x4in + 3x12pdr (9.4)", firepower(((1, 4.0), (3, 3.0))), 1),
        ("Beagle torpedo, 2 trainable tubes (9.4)", max(1, rhu(2 / TUBES_PER_FACTOR)), 1),
        ("Bespokoiny torpedo, 10 trainable tubes (7.82)", rhu(10 / TUBES_PER_FACTOR), 3),
    )
    out = [
        f"{what}: formula gives {got}, the series says {want}"
        for what, got, want in checks
        if got != want
    ]
    if rhu(math.sqrt(20000) / HULL_DIVISOR) > 11:
        out.append("Szent Istvan (20,000 t) must have at most 11 hull boxes (18.4)")
    return out


def check_rows(rows: Sequence[dict[str, str]]) -> dict[tuple[str, str], ShipSpec]:
    """Parse with the pack loader, then check the known cells and the design invariants."""
    try:
        ships = load_ships(rows, str(SHIPS_CSV))
    except DataError as exc:
        raise ReconstructionError(f"the loader refuses a generated row: {exc}") from None
    problems = check_known(ships) + series_checks()
    for s in ships.values():
        if s.type in CAPITAL_TYPES + LIGHT_TYPES and s.vp <= schedule_vp(s.primary, s.hull):
            problems.append(f"{s.nation} {s.code}: sinking must pay more than crippling")
    speeds = {s.speed for s in ships.values()}
    if not {"2", "1+", "1", "1s"} <= speeds:
        problems.append(f"the speed ladder should be used in full, got {sorted(speeds)}")
    if problems:
        raise ReconstructionError("; ".join(problems))
    return ships


def ships_csv(rows: Sequence[dict[str, str]]) -> str:
    """CSV text with LF line ends and minimal quoting."""
    buf = io.StringIO()
    w = csv.DictWriter(buf, fieldnames=SHIP_COLUMNS, lineterminator="\n")
    w.writeheader()
    for row in rows:
        w.writerow(row)
    return buf.getvalue()


def outputs() -> dict[Path, str]:
    """Every generated file and its text (nothing is written here)."""
    rows = build_rows(read_classes())
    check_rows(rows)
    return {SHIPS_CSV: ships_csv(rows)}


# --------------------------------------------------------------------------------------
# Calibration (--calibrate): a simplified duel, for docs/data/gwas_1904.md
# --------------------------------------------------------------------------------------

GUNNERY = {
    2: "crit",
    3: "torpedo",
    4: "secondary",
    5: "hull",
    6: "secondary",
    7: "primary",
    8: "tertiary",
    9: "primary",
    10: "hull",
    11: "hull2",
    12: "crit",
}
CRITICAL = {
    2: (("hull", 6), ("primary", 3)),
    3: (("primary", 3),),
    4: (),
    5: (("primary", 2),),
    6: (("hull", 2),),
    7: (("secondary", 2),),
    8: (("hull", 2),),
    9: (("primary", 1),),
    10: (("hull", 1),),
    11: (("hull", 3),),
    12: (("hull", 5), ("primary", 5)),
}
EFFECTIVENESS = {7: (1, 2, 3, 5, 6), 6: (1, 2, 3, 4, 5), 5: (1, 2, 3, 3, 4), 4: (1, 1, 2, 3, 3)}
GUN_OF = {"primary": "main", "secondary": "secondary", "tertiary": "auxiliary"}


class Duel:
    """Two ships' damage, gunnery only (7.5, 7.6 volume ranges, 8.0-8.7, 19.2)."""

    def __init__(self, spec: ShipSpec) -> None:
        self.spec = spec
        self.lost = {p: 0 for p in ("primary", "secondary", "tertiary", "hull")}

    def left(self, part: str) -> int:
        return len(self.spec.boxes(part)) - self.lost[part]

    @property
    def sunk(self) -> bool:
        return self.lost["hull"] >= len(self.spec.hull)

    def damage(self, rng: random.Random, part: str, n: int, gun: str) -> None:
        s = self.spec
        for _ in range(n):
            p = part
            if p == "primary" and not s.primary:
                p = "secondary"
            if p == "secondary" and not s.secondary:
                p = "tertiary"
            if p == "tertiary" and not s.tertiary:
                if s.primary or s.secondary:
                    return  # 8.61
                p = "hull"
            if p in ("primary", "secondary") and self.left(p) == 0:
                p = "hull"  # 8.0, 8.6
            if p == "tertiary" and self.left(p) == 0:
                return  # 8.6
            if self.sunk:
                return
            box = s.boxes(p)[self.lost[p]]
            if (gun == "secondary" and box == "H") or (gun == "auxiliary" and box != "N"):
                return  # 8.2
            self.lost[p] += 1
            if gun == "main" and box != "H" and rng.randint(1, 6) >= 4 and self.left(p) > 0:
                self.lost[p] += 1  # 8.3

    def hit(self, rng: random.Random, gun: str, white: bool) -> None:
        res = GUNNERY[rng.randint(1, 6) + rng.randint(1, 6)]
        if res == "crit":
            if gun == "auxiliary" and not white:
                return  # 8.7
            roll = rng.randint(1, 6) + rng.randint(1, 6)
            for part, n in CRITICAL[roll]:
                self.damage(rng, part, n, gun)  # armour applies to criticals too (8.7)
            if roll == 8 and gun == "secondary" and not self.sunk:
                self.lost["hull"] += 1  # critical 8: a secondary hit destroys a heavy hull box
        elif res == "hull2":
            self.damage(rng, "hull", 2, gun)
        elif res != "torpedo":
            self.damage(rng, res, 1, gun)


def fire(rng: random.Random, a: Duel, rng_hexes: int, er: int) -> list[str]:
    mods = (1 if a.spec.italic else 0) + (1 if rng_hexes <= 1 else 0)
    parts = (
        ["primary"]
        + (["secondary"] if rng_hexes <= 1 else [])
        + (["tertiary"] if rng_hexes == 0 else [])
    )
    hits = []
    for part in parts:
        n = a.left(part)
        usable = EFFECTIVENESS[er][n - 1] if 0 < n <= 5 else n
        hits += [GUN_OF[part] for _ in range(usable) if rng.randint(1, 6) + mods >= 6]
    return hits


def duel(
    rng: random.Random, x: ShipSpec, y: ShipSpec, hexes: int, er: int, cap: int
) -> tuple[int, bool]:
    """Gunnery steps until one ship sinks (cap + 1 if neither does); whether y sank."""
    a, b = Duel(x), Duel(y)
    for step in range(1, cap + 1):
        ha, hb = fire(rng, a, hexes, er), fire(rng, b, hexes, er)
        for g in ha:
            b.hit(rng, g, x.tertiary_white)
        for g in hb:
            a.hit(rng, g, y.tertiary_white)
        if a.sunk or b.sunk:
            return step, b.sunk
    return cap + 1, False


def calibrate() -> str:
    """Median impulses (5 gunnery steps each) to the first sinking in some duels."""
    ships = check_rows(build_rows(read_classes()))
    pairs = (
        (("J", "B06"), ("R", "B15"), 1),
        (("J", "B06"), ("R", "B15"), 2),
        (("J", "B02"), ("R", "B23"), 1),
        (("J", "AC02"), ("R", "AC01"), 1),
        (("J", "C09"), ("R", "C03"), 0),
    )
    rng = random.Random(19041905)
    cap = 60
    lines = [
        "pair | range (hexes) | ER | median impulses to the first sinking "
        "| a ship sunk within 12 impulses | the second ship sunk (first sinking)"
    ]
    for ka, kb, hexes in pairs:
        for er in (6, 4):
            runs = [duel(rng, ships[ka], ships[kb], hexes, er, cap) for _ in range(2000)]
            steps = [s for s, _ in runs]
            sunk = sum(s <= cap for s in steps)
            second = sum(b for _, b in runs) / max(1, sunk)
            med = statistics.median(steps) / 5
            lines.append(
                f"{ships[ka].name} v {ships[kb].name} | {hexes} | {er} | "
                f"{'>12' if med > 12 else f'{med:.1f}'} | {sunk / len(steps):.0%} | {second:.0%}"
            )
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point; returns the process exit code."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--check", action="store_true", help="exit 1 if the committed file differs")
    parser.add_argument("--calibrate", action="store_true", help="print duel statistics and exit")
    args = parser.parse_args(argv)
    try:
        if args.calibrate:
            print(calibrate())
            return 0
        files = outputs()
    except ReconstructionError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 1
    return write_generated(files, args.check, REPO)


if __name__ == "__main__":
    sys.exit(main())
