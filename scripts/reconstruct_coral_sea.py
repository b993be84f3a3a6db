#!/usr/bin/env python3
"""Generate Coral Sea's reconstructed unit data (``data/coral_sea/aircraft.csv``, ``ships.csv``).

The rulebook prints no counter values and no Ship Status Sheet (notes M22, M24). This
script derives every number, deterministically, from

* ``data/coral_sea/sources/aircraft_facts.csv`` (speed, guns, armour, tanks, load, range),
* ``data/coral_sea/sources/ship_classes.csv`` (tonnage, speed, guns, AA, torpedo tubes),
* ``data/coral_sea/sources/ships_roster.csv`` (every ship of 31.1-31.3 and its class),

by the formulas below, documented in ``docs/data/coral_sea.md``. The rows are parsed
by the pack loader (``navalwar.games.coral_sea.pack``) and checked against what the
rulebook prints before anything is written.

Usage::

    .venv/bin/python scripts/reconstruct_coral_sea.py          # rewrite the two files
    .venv/bin/python scripts/reconstruct_coral_sea.py --check  # exit 1 if they differ
"""

from __future__ import annotations

import argparse
import csv
import io
import math
from decimal import ROUND_HALF_UP, Decimal
from pathlib import Path

from navalwar.datapack import write_generated
from navalwar.games.coral_sea.pack import (
    AIRCRAFT_COLUMNS,
    CAPACITY,
    SHIP_COLUMNS,
    parse_aircraft,
    parse_ships,
    rulebook_problems,
)

REPO = Path(__file__).resolve().parents[1]
PACK = REPO / "data" / "coral_sea"
SOURCES = PACK / "sources"

HEX_MILES = 40  # "Each hex is 40 miles across" (2.1): statute miles, as the map lays them
KM_PER_MILE = 1.609344
MILES_PER_NM = 1.150779
TACTICAL = 0.7  # 26.1.A: the movement allowance is "about 70% of its listed book range"
BOMB_UNIT_KG = 227  # one bomb point = a 500 lb bomb
GUN_POINTS = {"7.7": 1, "7.62": 1, "12.7": 2, "20": 3, "37": 3}


def half_up(x: float) -> int:
    """``x`` rounded to the nearest whole number, halves up (2.5 -> 3)."""
    return int(Decimal(str(x)).quantize(Decimal(1), rounding=ROUND_HALF_UP))


def _read(name: str) -> list[dict[str, str]]:
    with (SOURCES / name).open(encoding="utf-8", newline="") as fh:
        return list(csv.DictReader(fh))


# -- aircraft ---------------------------------------------------------------------------
def firepower(guns: str) -> int:
    """Gun points: each rifle-calibre MG 1, each 12.7/13 mm 2, each 20 or 37 mm cannon 3."""
    total = 0
    for item in guns.split(";"):
        n, cal = item.split("x")
        total += int(n) * GUN_POINTS[cal]
    return total


def agility(wing_loading: str) -> int:
    """Fighters only: 2 under 120 kg/m2 of wing, 1 under 160, else 0."""
    if not wing_loading:
        return 0
    w = float(wing_loading)
    return 2 if w < 120 else 1 if w < 160 else 0


def aircraft_values(f: dict[str, str]) -> dict[str, int]:
    """The four factors of one model from its facts (docs/data/coral_sea.md, "Aircraft")."""
    fighter = f["type"] == "F"
    agile = agility(f["wing_loading_kg_m2"]) if fighter else 0
    mph = float(f["max_speed_mph"])
    speed = max(0, math.floor((mph - 200) / 75))
    protection = (f["armour"] == "yes") + (f["self_sealing"] == "yes")
    four_engined = f["model"] in ("B-17", "H6K4")
    attack = half_up(firepower(f["guns"]) / 4) + agile
    defense = max(1, agile + protection + speed + four_engined)
    bomb = 0 if fighter else half_up(float(f["load_kg"]) / BOMB_UNIT_KG)
    if f["radius_nm"]:
        radius = float(f["radius_nm"]) * MILES_PER_NM
    else:
        radius = TACTICAL * float(f["book_range_km"]) / KM_PER_MILE / 2
    return {
        "attack": attack,
        "defense": defense,
        "bomb": bomb,
        "range": math.floor(radius / HEX_MILES),
    }


RULEBOOK_AIRCRAFT = {
    # field -> models whose value the rulebook prints (the rest: reconstructed)
    "landing": {"A6M2": "30.B", "A6M3": "30.B"},
    "type": {"F4F-3": "17.C", "P-39D": "17.C"},
    "service": {"PBY-5": "28.3.4", "P-39D": "21.H", "B-17": "21.H"},
    "torpedo": {"PBY-5": "14.1.3.B", "H6K4": "14.1.3.B", "G3M2": "14.1.3.B", "G4M1": "14.1.3.B"},
}


def aircraft_rows() -> list[dict[str, str]]:
    rows = []
    for f in _read("aircraft_facts.csv"):
        v = aircraft_values(f)
        model = f["model"]
        fp = [
            f"model=rulebook:{'2.2.5' if f['side'] == 'Japan' else '2.2.6'}",
            f"name=rulebook:{'2.2.5' if f['side'] == 'Japan' else '2.2.6'}",
            "side=rulebook:2.2.5-2.2.6",
            "long_range=rulebook:26.2.D",
        ]
        for field, stated in RULEBOOK_AIRCRAFT.items():
            if model in stated:
                fp.append(f"{field}=rulebook:{stated[model]}")
        if f["radius_nm"]:
            cited = f["sources"].replace(";", " ")
            fp.append(f"range=historical:strike radius {f['radius_nm']} nm ({cited})")
        notes = f"facts {f['sources']}: {f['notes']}"
        rows.append(
            {
                "model": model,
                "name": f["name"],
                "side": f["side"],
                "service": f["service"],
                "type": f["type"],
                "landing": f["landing"],
                **{k: str(n) for k, n in v.items()},
                "long_range": f["long_range"],
                "torpedo": f["torpedo"],
                "provenance": "reconstructed",
                "field_provenance": "; ".join(fp),
                "notes": notes,
            }
        )
    return rows


# -- ships ------------------------------------------------------------------------------
def gun_sum(guns: str) -> float:
    """Sum of (calibre in inches)^2 over the guns (``"9x8"``: nine 8-inch guns)."""
    if not guns:
        return 0.0
    n, cal = guns.split("x")
    return int(n) * float(cal) ** 2


def flotation(c: dict[str, str]) -> tuple[int, ...]:
    """Boxes: sqrt(standard tons / 1000), at least 1 (an AP: 4, one per ship, 16.4); speeds
    left to right: 0 for the leftmost of 4 or more, 1 up to half, 2 beyond (a ship under
    20 kn: only the rightmost box 2; an AP: all 1)."""
    kind = c["type"]
    n = 4 if kind == "AP" else max(1, half_up(math.sqrt(float(c["std_tons"]) / 1000)))
    out = []
    for i in range(1, n + 1):
        if kind == "AP":
            s = 1
        elif i == 1 and n >= 4:
            s = 0
        elif i == n:
            s = 2
        elif float(c["max_speed_kn"]) < 20 or i <= n // 2:
            s = 1
        else:
            s = 2
        out.append(s)
    return tuple(out)


def ship_values(c: dict[str, str]) -> dict[str, object]:
    kind = c["type"]
    intermediate = half_up(gun_sum(c["intermediate_guns"]) / 100)
    secondary = half_up(gun_sum(c["secondary_guns"]) / 50)
    aa = half_up(int(c["heavy_aa"]) / 4 + int(c["light_aa"]) / 24)
    fires_torpedoes = kind == "DD" or (kind == "CL" and c["navy"] == "IJN")  # 25.4.6.A
    torpedo = (
        half_up(int(c["broadside_tubes"]) * float(c["torpedo_weight"]) / 4)
        if fires_torpedoes
        else 0
    )
    boxes = flotation(c)
    if kind in ("CV", "CVL"):  # 25.4.5.D: two gunnery hits matter; the boxes are AA
        gunnery: tuple[int, ...] = (half_up(aa / 2), aa)
    else:
        main = intermediate or secondary
        n = len(boxes) if kind != "AP" else 1
        gunnery = tuple(half_up(main * k / n) for k in range(1, n + 1))
    return {
        "flotation": boxes,
        "gunnery": gunnery,
        "intermediate": intermediate,
        "secondary": secondary,
        "aa": aa,
        "torpedo": torpedo,
        "capacity": CAPACITY.get(kind, 0),
    }


def ship_rows() -> list[dict[str, str]]:
    classes = {c["class"]: c for c in _read("ship_classes.csv")}
    rows = []
    for r in _read("ships_roster.csv"):
        c = classes[r["class"]]
        v = ship_values(c)
        unnamed = r["name"].startswith(("AP ", "AO "))
        fp = [
            f"side=rulebook:{r['rosters']}",
            f"type=rulebook:{r['rosters']}",
            "name=reconstructed:unnamed in the rules (notes 5.3 and A67)"
            if unnamed
            else f"name=rulebook:{r['rosters']}",
            "navy=rulebook:31.0 (RAN marked)" if c["navy"] == "RAN" else "navy=historical",
        ]
        if c["type"] in CAPACITY:
            fp.append("capacity=rulebook:16.1-16.3")
        rows.append(
            {
                "name": r["name"],
                "side": r["side"],
                "type": c["type"],
                "navy": c["navy"],
                "class": r["class"],
                "flotation": " ".join(map(str, v["flotation"])),  # type: ignore[call-overload]
                "gunnery": " ".join(map(str, v["gunnery"])),  # type: ignore[call-overload]
                "intermediate": str(v["intermediate"]),
                "secondary": str(v["secondary"]),
                "aa": str(v["aa"]),
                "torpedo": str(v["torpedo"]),
                "capacity": str(v["capacity"]),
                "provenance": "reconstructed",
                "field_provenance": "; ".join(fp),
                "notes": f"class {r['class']} ({c['sources']}): {c['notes']}",
            }
        )
    return rows


def _csv(rows: list[dict[str, str]], columns: tuple[str, ...]) -> str:
    out = io.StringIO()
    w = csv.DictWriter(out, fieldnames=columns, lineterminator="\n")
    w.writeheader()
    w.writerows(rows)
    return out.getvalue()


def generate() -> dict[Path, str]:
    """The generated files' texts, checked by the loader first."""
    aircraft, ships = aircraft_rows(), ship_rows()
    problems = rulebook_problems(
        parse_aircraft(aircraft, "aircraft.csv"), parse_ships(ships, "ships.csv")
    )
    if problems:
        raise SystemExit(f"the reconstruction contradicts the rulebook: {problems}")
    return {
        PACK / "aircraft.csv": _csv(aircraft, AIRCRAFT_COLUMNS),
        PACK / "ships.csv": _csv(ships, SHIP_COLUMNS),
    }


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--check", action="store_true", help="exit 1 if a file differs")
    args = ap.parse_args()
    return write_generated(generate(), args.check, REPO)


if __name__ == "__main__":
    raise SystemExit(main())
