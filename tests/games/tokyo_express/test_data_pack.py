"""The bundled Tokyo Express data pack: structure, provenance and every known cell.

These tests read the files directly (csv / tomllib), independently of the engine's loader.
"""

from __future__ import annotations

import csv
import importlib.util
import re
import subprocess
import sys
import tomllib
from collections import Counter
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

REPO = Path(__file__).resolve().parents[3]
PACK = REPO / "data" / "tokyo_express"
KINDS = ("rulebook", "example", "historical", "reconstructed", "placeholder")

#: The Ship Roster (TE, after 22.8), transcribed independently of the generator script,
#: plus Vincennes (TE 2.5 and the 9.2 example).
ROSTER = {
    ("AUS", "CA"): "Canberra",
    ("US", "BB"): "California* Iowa* Missouri* South_Dakota Washington",
    ("US", "CA"): "Astoria Baltimore* Chicago Minneapolis New_Orleans Northampton Pensacola "
    "Pittsburgh* Portland Quincy Salt_Lake_City San_Francisco Vincennes",
    ("US", "CL"): "Atlanta Boise Helena Honolulu Juneau",
    ("US", "DD"): "Aaron_Ward Allen_M._Sumner* Bagley Barton Benham Blue Buchanan Craven Cushing "
    "Drayton Duncan Dunlap Farenholt Fletcher Gearing* Gwin Gyatt* Helm Jarvis "
    "Laffey Lamson Lang Lardner Maury McCalla Meredith* Monssen O'Bannon Patterson "
    "Perkins Preston Ralph_Talbot Selfridge Sterett Taylor Walke Wilson Woodworth",
    ("US", "DMS"): "Southard*",
    ("JPN", "BB"): "Hiei Kirishima Musashi* Yamato*",
    ("JPN", "CA"): "Aoba Atago Chokai Furutaka Haguro Kako Kinugasa Myoko Takao",
    ("JPN", "CL"): "Jintsu Kitakami* Nagara Sendai Tenryu Yubari",
    ("JPN", "DD"): "Akigumo Amagiri Amatsukaze Arashi Asagumo Ayanami Fubuki Hagikaze Hamakaze "
    "Harusame Hatsukaze Hatsuyuki Ikazuchi Inazuma Isokaze Kagero Kawakaze "
    "Kazegumo Kuroshio Makinami Matsukaze Mikazuki Minazuki Murasame Naganami "
    "Oyashio Samidare Shikinami Shimakaze* Shimotsuki* Shirayuki Suzukaze "
    "Teruzuki Uranami Yudachi Yukikaze Yunagi",
}


def roster() -> dict[str, tuple[str, str, bool]]:
    out = {}
    for (nation, typ), text in ROSTER.items():
        for tok in text.split():
            late = tok.endswith("*")
            out[tok.rstrip("*").replace("_", " ")] = (nation, typ, late)
    return out


def read_csv(name: str) -> list[dict[str, str]]:
    with (PACK / name).open(newline="", encoding="utf-8") as f:
        return list(csv.DictReader(f))


def read_toml(name: str) -> dict[str, Any]:
    with (PACK / name).open("rb") as f:
        return tomllib.load(f)


@pytest.fixture(scope="module")
def ships() -> dict[str, dict[str, str]]:
    return {r["name"]: r for r in read_csv("ships.csv")}


@pytest.fixture(scope="module")
def cards() -> list[dict[str, str]]:
    return read_csv("gunnery_cards.csv")


def known_cells_module() -> ModuleType:
    """Load known_cells.py by path (it needs only attrs, not the rest of the engine)."""
    path = REPO / "src" / "navalwar" / "games" / "tokyo_express" / "known_cells.py"
    spec = importlib.util.spec_from_file_location("_te_known_cells", path)
    assert spec is not None and spec.loader is not None
    mod = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = mod
    spec.loader.exec_module(mod)
    return mod


def range_contains(key: str, value: int) -> bool:
    key = key.strip()
    if key.endswith(" or less"):
        return value <= int(key.split()[0])
    if key.endswith("+"):
        return value >= int(key[:-1])
    lo, _, hi = key.partition("-")
    return int(lo) <= value <= int(hi or lo)


# -- ships.csv ------------------------------------------------------------------------------

SHIP_COLUMNS = [
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
]


def test_ships_header_and_roster(ships: dict[str, dict[str, str]]) -> None:
    with (PACK / "ships.csv").open(newline="", encoding="utf-8") as f:
        assert next(csv.reader(f)) == SHIP_COLUMNS
    expected = roster()
    assert len(expected) == 119
    assert set(ships) == set(expected)
    for name, (nation, typ, late) in expected.items():
        row = ships[name]
        assert (row["nation"], row["type"], row["late_war"]) == (
            nation,
            typ,
            "yes" if late else "no",
        ), name


def test_ship_value_ranges(ships: dict[str, dict[str, str]]) -> None:
    for name, r in ships.items():
        assert 4 <= int(r["max_speed"]) <= 7, name
        assert int(r["bow_primary"]) >= 1 and int(r["stern_primary"]) >= 1, name
        assert r["primary_caliber"] in ("BB", "CA", "CL", "Light"), name
        if r["type"] in ("BB", "CA"):
            assert r["primary_caliber"] == r["type"], name
        if r["type"] in ("DD", "DMS"):
            assert r["primary_caliber"] == "Light", name
        if r["type"] in ("CL", "DD", "DMS"):
            assert (r["secondary"], r["secondary_caliber"]) == ("0", ""), name
        else:
            assert int(r["secondary"]) > 0 and r["secondary_caliber"] in ("Light", "CL"), name
        assert r["late_war"] in ("yes", "no") and r["historical"] in ("yes", "no"), name
        assert r["radar"] == ("no" if r["nation"] == "JPN" else "yes"), name
        assert r["counter"], name


def test_damage_tracks(ships: dict[str, dict[str, str]]) -> None:
    for name, r in ships.items():
        boxes = int(r["damage_boxes"])
        levels = [int(r["level1_box"]), int(r["level3_box"])]
        if r["level2_box"]:
            levels.insert(1, int(r["level2_box"]))
        else:
            assert r["type"] in ("DD", "DMS", "CL"), f"{name}: only small DD/CL skip level 2"
        assert levels == sorted(set(levels)) and levels[0] >= 1, name
        assert levels[-1] < boxes, name
        assert r["last_box_speed"] == ("1" if name == "California" else "2"), name
        # one good torpedo result (up to 14, +1 into the stern) sinks a DD but not a BB
        if r["type"] in ("DD", "DMS"):
            assert boxes <= 14, name
        if r["type"] == "BB":
            assert boxes > 15, name
    assert any(not r["level2_box"] for r in ships.values() if r["type"] == "DD")


SALVO = re.compile(r"(\d+)([PSC])(\+r)?")


def salvos(text: str) -> list[tuple[int, str, bool]]:
    out = []
    for tok in text.split():
        m = SALVO.fullmatch(tok)
        assert m is not None, tok
        out.append((int(m.group(1)), m.group(2), bool(m.group(3))))
    return out


def test_torpedo_salvos(ships: dict[str, dict[str, str]]) -> None:
    for name, r in ships.items():
        for value, _, reload in salvos(r["torpedoes"]):
            assert 1 <= value <= 5, name
            assert not reload or r["nation"] == "JPN", f"{name}: reloads are Japanese only"
    for name in ("California", "Washington", "Chicago", "Boise", "Southard", "Hiei"):
        assert ships[name]["torpedoes"] == "", name


def test_ship_values_the_rulebook_gives(ships: dict[str, dict[str, str]]) -> None:
    # TE 3.2 Example of Formation Speed
    for name, speed in (
        ("Gwin", 7),
        ("Duncan", 7),
        ("Laffey", 7),
        ("Juneau", 6),
        ("Washington", 5),
    ):
        assert int(ships[name]["max_speed"]) == speed, name
    assert int(ships["Ralph Talbot"]["max_speed"]) >= 7  # TE 3.3 60° Turn example
    assert int(ships["Chicago"]["max_speed"]) >= 6  # TE 3.6 Torpedo Attack example
    assert int(ships["Chicago"]["damage_boxes"]) > 5  # survives 5 boxes
    assert ships["Boise"]["stern_primary"] == "5"  # TE 3.7
    assert ships["Atlanta"]["primary_caliber"] == "Light"  # TE 3.7
    assert ships["Juneau"]["primary_caliber"] == "Light"  # by class
    assert ships["California"]["last_box_speed"] == "1"  # TE 3.8
    for name in ("Hiei", "Kirishima", "Musashi", "Yamato"):
        assert ships[name]["secondary_caliber"] == "CL", name  # TE 2.4
    jcl = [r for r in ships.values() if r["nation"] == "JPN" and r["type"] == "CL"]
    assert any(r["primary_caliber"] == "Light" for r in jcl)  # TE 2.4 "some ... have L"
    assert any(r["primary_caliber"] == "CL" for r in jcl)
    # TE 3.6 Example of Torpedo Attack: Jintsu fires ONE salvo of 4 to port at Short range
    # (where a ship fires two if it can); Asagumo fires two salvos of 4 to port.
    port = [v for v, m, _ in salvos(ships["Jintsu"]["torpedoes"]) if m in "PC"]
    assert port == [4]
    port = [v for v, m, _ in salvos(ships["Asagumo"]["torpedoes"]) if m in "PC"]
    assert port.count(4) >= 2
    # TE 3.6 Example of Firing Arcs: Cushing has port, starboard and centre mounts
    assert {m for _, m, _ in salvos(ships["Cushing"]["torpedoes"])} == {"P", "S", "C"}


def test_counters_and_historical_flags(ships: dict[str, dict[str, str]]) -> None:
    assert ships["Ralph Talbot"]["counter"] == "RTalbt"
    assert ships["Kazegumo"]["counter"] == "Kazgumo"
    assert ships["Vincennes"]["counter"] == "Vincens"
    assert ships["Washington"]["counter"] == "Washton"
    assert ships["Farenholt"]["counter"] == "Farnhlt"
    assert ships["Aaron Ward"]["counter"] == "An Ward"
    assert ships["Buchanan"]["counter"] == "Buchnan"
    assert ships["Atlanta"]["counter"] == "Atlanta"
    assert ships["Selfridge"]["historical"] == "no"  # TE 2.5, though she was at Savo
    assert ships["Woodworth"]["historical"] == "no"
    assert ships["Vincennes"]["historical"] == "yes"
    assert ships["Southard"]["type"] == "DMS"


def test_ship_provenance(ships: dict[str, dict[str, str]]) -> None:
    data_fields = set(SHIP_COLUMNS) - {"provenance", "field_provenance", "notes"}
    for name, r in ships.items():
        assert r["provenance"] in KINDS, name
        seen = set()
        for part in r["field_provenance"].split(";"):
            field, eq, rest = part.partition("=")
            kind, colon, source = rest.partition(":")
            assert eq and colon and source.strip(), f"{name}: {part!r}"
            assert field in data_fields, f"{name}: {field}"
            assert kind in KINDS, f"{name}: {kind}"
            assert field not in seen, f"{name}: {field} twice"
            seen.add(field)
        # identity fields always come from the rulebook
        assert {"name", "counter", "nation", "type", "late_war", "historical"} <= seen, name
    prov = {
        n: dict(p.split("=", 1) for p in r["field_provenance"].split(";")) for n, r in ships.items()
    }
    assert prov["Boise"]["stern_primary"].startswith("example:")
    assert prov["Gwin"]["max_speed"].startswith("example:")
    assert prov["California"]["last_box_speed"].startswith("rulebook:")
    assert prov["Atlanta"]["primary_caliber"].startswith("rulebook:")
    # what the rules do not give stays reconstructed (never shown as printed)
    assert "torpedoes" not in prov["Jintsu"]
    assert "damage_boxes" not in prov["Chicago"]
    assert "primary_caliber" not in prov["Juneau"]


def test_classes_source() -> None:
    rows = read_csv("sources/classes.csv")
    numeric = (
        "standard_displacement_tons",
        "design_speed_knots",
        "main_gun_count",
        "main_gun_calibre_in",
        "guns_fore",
        "guns_aft",
        "secondary_count",
        "secondary_calibre_in",
        "torpedo_reloads",
    )
    names: Counter[str] = Counter()
    for r in rows:
        for col in numeric:
            float(r[col])  # numeric columns hold numbers only; '?' lives in uncertain/notes
            assert "?" not in r[col]
        assert r["sources"].strip(), r["class_id"]
        for tok in r["torpedo_mounts"].split():
            assert re.fullmatch(r"[PSC]\d", tok), tok
        assert int(r["guns_fore"]) + int(r["guns_aft"]) == int(r["main_gun_count"]), r["class_id"]
        names.update(s.strip() for s in r["ships"].split(";"))
    assert set(names) == set(roster()) and max(names.values()) == 1


# -- movement_chart.toml --------------------------------------------------------------------


def test_movement_chart() -> None:
    doc = read_toml("movement_chart.toml")
    rows = {int(k): v for k, v in doc["rows"].items()}
    assert set(rows) == set(range(1, 8))
    for speed, row in rows.items():
        assert len(row) == 6 and sum(row) == speed and all(0 <= x <= 2 for x in row)
    assert rows[7] == [2, 1, 1, 1, 1, 1]
    assert rows[6] == [1, 1, 1, 1, 1, 1]
    assert rows[4] == [1, 1, 0, 1, 1, 0]
    assert rows[5][2] >= 1
    assert sum(1 for x in rows[2] if x) == 2
    assert doc["meta"]["provenance"] in KINDS
    prov = doc["provenance_rows"]
    assert {k: prov[k] for k in ("4", "6", "7")} == dict.fromkeys(("4", "6", "7"), "example")
    assert all(prov[str(s)] in KINDS for s in range(1, 8))


# -- torpedo_table.toml ---------------------------------------------------------------------


def torpedo() -> tuple[list[dict[str, str]], list[tuple[str, list[int | str]]]]:
    doc = read_toml("torpedo_table.toml")
    return doc["columns"], list(doc["rows"].items())


def rank(v: int | str) -> int:
    return -1 if v == "N" else int(v)


def test_torpedo_table_shape_and_known_cell() -> None:
    cols, rows = torpedo()
    assert cols[0]["japan"].startswith("1-") and cols[0]["us"].startswith("2-")
    assert cols[-1]["japan"].endswith("+") and cols[-1]["us"].endswith("+")
    for side in ("japan", "us"):  # headers tile the totals with no gap or overlap
        keys = [c[side] for c in cols]
        start = 1 if side == "japan" else 2
        for total in range(start, 60):
            assert sum(range_contains(k, total) for k in keys) == 1, (side, total)
    labels = [k for k, _ in rows]
    assert labels[0] == "0 or less" and labels[-1].endswith("+")
    for roll in range(-5, 20):
        assert sum(range_contains(k, roll) for k in labels) == 1, roll
    col = next(i for i, c in enumerate(cols) if c["japan"] == "12-15")
    six = next(v for k, v in rows if range_contains(k, 6))
    assert six[col] == 4  # TE 3.6 Example of Torpedo Attack
    for _, vals in rows:
        assert len(vals) == len(cols)
        for v in vals:
            assert v == "N" or (isinstance(v, int) and 0 <= v <= 14)


def test_torpedo_table_monotone() -> None:
    _, rows = torpedo()
    grid = [[rank(v) for v in vals] for _, vals in rows]
    for r, ranks in enumerate(grid):
        assert ranks == sorted(ranks), f"row {rows[r][0]} decreases across columns"
    for c in range(len(grid[0])):
        col = [row[c] for row in grid]
        assert col == sorted(col), f"column {c} decreases with the roll"
    # N only at low rolls in low columns
    for label, results in rows:
        for c, v in enumerate(results):
            if v == "N":
                low_roll = label == "0 or less" or int(label) <= 2
                assert c <= 2 and low_roll, (label, c)
    assert max(rank(v) for _, vals in rows for v in vals) == 14


# -- gunnery_cards.csv ----------------------------------------------------------------------

CARD_COLUMNS = [f"{t}_{r}" for t in ("BB", "CA", "CL", "DD") for r in "SML"]


def card_map(cards: list[dict[str, str]]) -> dict[tuple[str, int], list[dict[str, str]]]:
    out: dict[tuple[str, int], list[dict[str, str]]] = {}
    for r in cards:
        out.setdefault((r["deck"], int(r["card"])), []).append(r)
    return out


def test_gunnery_deck_structure(cards: list[dict[str, str]]) -> None:
    with (PACK / "gunnery_cards.csv").open(newline="", encoding="utf-8") as f:
        assert next(csv.reader(f)) == ["deck", "card", "reshuffle", "row", *CARD_COLUMNS, "message"]
    by = card_map(cards)
    for deck in ("Light", "CL", "CA", "BB"):
        numbers = sorted(n for d, n in by if d == deck)
        assert numbers == list(range(1, 31)), deck
        reshuffle = [n for n in numbers if by[(deck, n)][0]["reshuffle"] == "yes"]
        assert len(reshuffle) == 1, deck
        lines = by[(deck, reshuffle[0])]
        assert len(lines) == 1 and lines[0]["row"] == ""
        assert all(lines[0][c] == "" for c in CARD_COLUMNS)
        messages = [by[(deck, n)][0]["message"] for n in numbers if n not in reshuffle]
        assert 0 < sum(1 for m in messages if m) < 15, deck  # a minority of cards


def test_gunnery_cards_are_well_formed(cards: list[dict[str, str]]) -> None:
    for (deck, number), lines in card_map(cards).items():
        if lines[0]["reshuffle"] == "yes":
            continue
        assert all(ln["reshuffle"] == "no" for ln in lines)
        values = [int(ln["row"]) for ln in lines]
        assert values == sorted(values, reverse=True) and len(set(values)) == len(values)
        assert all(not ln["message"] for ln in lines[1:]), (deck, number)
        grid = [[int(ln[c]) if ln[c] else 0 for c in CARD_COLUMNS] for ln in lines]
        for ln in lines:
            assert all(ln[c] == "" or int(ln[c]) >= 1 for c in CARD_COLUMNS)
        for t in range(4):
            for r in range(len(grid)):
                s, m, l_ = grid[r][3 * t : 3 * t + 3]
                assert s >= m >= l_, (deck, number, values[r])  # falls with range
                if r + 1 < len(grid):  # higher rows never do less
                    assert all(grid[r][3 * t + k] >= grid[r + 1][3 * t + k] for k in range(3))


def test_gunnery_known_cells(cards: list[dict[str, str]]) -> None:
    by = card_map(cards)
    card6 = {int(ln["row"]): ln for ln in by[("CL", 6)]}
    card20 = {int(ln["row"]): ln for ln in by[("CL", 20)]}
    assert min(card6) == 2 and card6[2]["DD_S"] == "1"  # TE 3.7 example
    assert min(card20) == 2 and card20[2]["DD_S"] == ""
    rows = Counter(int(r["row"]) for r in cards if r["row"])
    for v in (2, 4, 6, 8, 12):
        assert rows[v] > 0


def test_gunnery_long_range_is_sparse(cards: list[dict[str, str]]) -> None:
    def share(deck: str) -> float:
        """Fraction of Long-range cells that are not blank."""
        lines = [r for r in cards if r["deck"] == deck and r["row"]]
        filled = sum(1 for r in lines for t in ("BB", "CA", "CL", "DD") if r[f"{t}_L"])
        return filled / (4 * len(lines))

    assert share("Light") <= 0.15
    assert share("Light") < share("CL") < share("CA") < share("BB")


# -- freedom_of_action.toml -----------------------------------------------------------------


def test_freedom_of_action() -> None:
    doc = read_toml("freedom_of_action.toml")
    cols = doc["columns"]
    assert cols == ["1", "2", "3-4", "5+"]
    rows = doc["rows"]
    assert list(rows) == ["0 or less", *map(str, range(1, 11))]
    for vals in rows.values():
        assert len(vals) == 4 and set(vals) <= {"-", "A", "C"}
    c2 = cols.index("2")
    assert rows["5"][c2] == "-"  # TE 3.3 example
    assert rows["2"][c2] == "A"
    assert rows["10"] == ["-"] * 4
    assert doc["meta"]["provenance"] in KINDS
    assert set(doc["provenance_cells"].values()) <= set(KINDS)


# -- battle_movement_display.toml -----------------------------------------------------------

MIRROR = {"Ah": "Ah", "60P": "60S", "60S": "60P", "AbP": "AbS", "AbS": "AbP"}


def bmd_entry(band: list[dict[str, Any]], roll: int) -> dict[str, Any]:
    hits = [e for e in band if range_contains(e["rolls"], roll)]
    assert len(hits) == 1, roll
    return hits[0]


def test_bmd_structure() -> None:
    doc = read_toml("battle_movement_display.toml")
    assert doc["meta"]["provenance"] in KINDS
    sectors = {s["id"]: s for s in doc["sectors"]}
    assert sorted(sectors) == list(range(1, 12))
    for sid, s in sectors.items():
        for band in ("light", "heavy"):
            covered = [r for e in s[band] for r in range(1, 12) if range_contains(e["rolls"], r)]
            assert sorted(covered) == list(range(2, 11)), (sid, band)  # no gap, no overlap
            for e in s[band]:
                assert e["heading"] in range(6) and e["order"] in MIRROR
        if sid in (1, 2, 3, 10, 11):
            std = s["standard_1"]
            for band in ("light", "heavy"):
                assert std[band]["heading"] in range(6) and std[band]["order"] in MIRROR
        else:
            assert "standard_1" not in s


def test_bmd_known_cells() -> None:
    s2 = next(s for s in read_toml("battle_movement_display.toml")["sectors"] if s["id"] == 2)
    heavy, light = bmd_entry(s2["heavy"], 6), bmd_entry(s2["light"], 6)
    assert heavy["order"] == "60S" and light["order"] == "AbS"  # TE 3.3 example
    assert heavy["heading"] == light["heading"]


def test_bmd_mirror_symmetry() -> None:
    sectors = {s["id"]: s for s in read_toml("battle_movement_display.toml")["sectors"]}
    for sid in range(2, 7):
        a, b = sectors[sid], sectors[13 - sid]
        for band in ("light", "heavy"):
            for roll in range(2, 11):
                ea, eb = bmd_entry(a[band], roll), bmd_entry(b[band], roll)
                assert eb["heading"] == (6 - ea["heading"]) % 6, (sid, band, roll)
                assert eb["order"] == MIRROR[ea["order"]], (sid, band, roll)
    # sector 1 is symmetric as a whole: each outcome's mirror image is as likely
    for band in ("light", "heavy"):
        count: Counter[tuple[int, str]] = Counter()
        for roll in range(2, 11):
            e = bmd_entry(sectors[1][band], roll)
            count[(e["heading"], e["order"])] += 1
        for (h, o), n in count.items():
            assert count[((6 - h) % 6, MIRROR[o])] == n, (band, h, o)


def test_bmd_heavy_never_charges_bow_on_from_ahead() -> None:
    centre = {2: 18, 3: 54, 10: 306, 11: 342}
    sectors = {s["id"]: s for s in read_toml("battle_movement_display.toml")["sectors"]}
    for sid, theta in centre.items():
        for e in sectors[sid]["heavy"]:
            if e["order"] == "Ah":
                rho = (theta + 180 - 60 * e["heading"]) % 360
                assert min(rho, 360 - rho) >= 30, (sid, e)


# -- known cells and the generator ----------------------------------------------------------


def cell_text(
    key: tuple[str, ...], ships: dict[str, dict[str, str]], cards: list[dict[str, str]]
) -> str:
    """The pack's value at a KNOWN_CELLS key path (semantics in known_cells.py)."""
    head, *rest = key
    if head == "ships":
        name, field, *sel = rest
        if name == "JPN CL":
            return ",".join(
                r[field] for r in ships.values() if r["nation"] == "JPN" and r["type"] == "CL"
            )
        value = ships[name][field]
        if sel == ["port"]:
            return ",".join(str(v) for v, m, _ in sorted(salvos(value), reverse=True) if m in "PC")
        if sel == ["mounts"]:
            return ",".join(sorted({m for _, m, _ in salvos(value)}))
        assert not sel
        return value
    if head == "movement_chart":
        row = read_toml("movement_chart.toml")["rows"][rest[0]]
        if len(rest) == 1:
            return ",".join(map(str, row))
        if rest[1] == "moving_phases":
            return str(sum(1 for x in row if x))
        return str(row[int(rest[1]) - 1])
    if head == "torpedo_table":
        side, column, roll = rest
        cols, rows = torpedo()
        c = next(i for i, col in enumerate(cols) if col[side] == column)
        return str(next(v for k, v in rows if range_contains(k, int(roll)))[c])
    if head == "gunnery_cards":
        deck, number, *cell = rest
        lines = {int(ln["row"]): ln for ln in card_map(cards)[(deck, int(number))]}
        if cell == ["lowest_row"]:
            return str(min(lines))
        return lines[int(cell[0])][cell[1]]
    if head == "freedom_of_action":
        doc = read_toml("freedom_of_action.toml")
        c = doc["columns"].index(rest[0])
        return str(next(v for k, v in doc["rows"].items() if range_contains(k, int(rest[1])))[c])
    if head == "battle_movement_display":
        sector, band, roll, what = rest
        s = next(
            s
            for s in read_toml("battle_movement_display.toml")["sectors"]
            if s["id"] == int(sector)
        )
        return str(bmd_entry(s[band], int(roll))[what])
    raise KeyError(key)


def test_every_known_cell_holds(
    ships: dict[str, dict[str, str]], cards: list[dict[str, str]]
) -> None:
    cells = known_cells_module().KNOWN_CELLS
    assert len(cells) > 100
    files = {p.name for p in PACK.iterdir()}
    for cell in cells:
        assert cell.file in files, cell
        assert cell.rule.startswith("TE"), cell
        actual = cell_text(cell.key, ships, cards)
        exp = cell.expected
        if exp.startswith(">="):
            assert int(actual) >= int(exp[2:]), cell
        elif exp.startswith("<="):
            assert int(actual) <= int(exp[2:]), cell
        elif exp.startswith("contains:"):
            have, want = Counter(actual.split(",")), Counter(exp[9:].split(","))
            assert not want - have, cell
        elif exp.startswith("same:"):
            other = tuple(exp[5:].split("/"))
            assert actual == cell_text(other, ships, cards), cell
        else:
            assert actual == exp, cell


def test_known_cells_cover_the_roster() -> None:
    mod = known_cells_module()
    assert set(mod.ROSTER_NAMES) == set(roster())
    keys = {c.key for c in mod.KNOWN_CELLS}
    for key in (
        ("torpedo_table", "japan", "12-15", "6"),
        ("gunnery_cards", "CL", "6", "2", "DD_S"),
        ("gunnery_cards", "CL", "6", "lowest_row"),
        ("ships", "Boise", "stern_primary"),
        ("freedom_of_action", "2", "5"),
        ("movement_chart", "7"),
        ("battle_movement_display", "2", "heavy", "6", "order"),
    ):
        assert key in keys, key


def test_example_cells_are_marked_example(ships: dict[str, dict[str, str]]) -> None:
    """Ship cells that a worked example pins exactly carry example provenance."""
    for cell in known_cells_module().KNOWN_CELLS:
        if cell.key[0] != "ships" or len(cell.key) != 3 or "Example" not in cell.rule:
            continue
        if cell.expected[:1] in "<>" or cell.key[1] == "Atlanta":
            continue
        _, name, field = cell.key
        prov = dict(p.split("=", 1) for p in ships[name]["field_provenance"].split(";"))
        assert prov.get(field, "").startswith("example:"), (name, field)


def test_generator_check_passes() -> None:
    script = REPO / "scripts" / "reconstruct_tokyo_express.py"
    done = subprocess.run(
        [sys.executable, str(script), "--check"],
        cwd=REPO,
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert done.returncode == 0, done.stderr
