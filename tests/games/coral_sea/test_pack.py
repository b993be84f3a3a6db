"""The Coral Sea unit data and tables: every file loads, every value has provenance, the
rosters and capacities agree with the text (notes 6.5), an owner's file overrides the
bundled one, ``--strict`` takes only rulebook-grade data, and a malformed file is a
DataError naming the file and the field (issue 17, "Data")."""

from __future__ import annotations

import csv
import io
import re
import shutil
import subprocess
import sys
from collections import Counter
from pathlib import Path

import pytest

from navalwar.errors import DataError
from navalwar.games.coral_sea import pack
from navalwar.games.coral_sea.units import ALLIES, JAPAN
from navalwar.reader import PROVENANCE

REPO = Path(__file__).resolve().parents[3]
BUNDLED = pack.bundled_dir()

#: The rosters of 31.1-31.3 as printed (Kikuzuki*: not in Scenario 4).
ROSTERS = {
    "31.1 Allied": {
        "CV": ["Lexington"],
        "CA": ["Minneapolis", "San Francisco", "Indianapolis", "Pensacola"],
        "DD": [
            "Patterson",
            "Dewey",
            "Hull",
            "Dale",
            "Drayton",
            "Phelps",
            "Clark",
            "MacDonough",
            "Aylwin",
            "Bagley",
        ],
    },
    "31.2.1 Japanese": {
        "CA": ["Aoba", "Kinugasa", "Kako", "Furutaka"],
        "AV": ["Kiyokawa Maru"],
        "CL": ["Yubari", "Tatsuta", "Tenryu"],
        "AO": ["Toho Maru"],
        "ML": ["Koei Maru", "Okinoshima"],
        "DD": ["Asanagi", "Mutsuki", "Motiduki", "Oite", "Yunagi", "Yayoi"],
    },
    "31.2.2 Allied": {
        "CV": ["Lexington", "Yorktown"],
        "CA": [
            "Indianapolis",
            "Pensacola",
            "Astoria",
            "Chicago",
            "Minneapolis",
            "San Francisco",
            "Louisville",
            "Australia",
        ],
        "DD": [
            "Perkins",
            "Lamson",
            "Hammann",
            "Anderson",
            "Phelps",
            "Patterson",
            "Bagley",
            "MacDonough",
            "Dale",
            "Russell",
            "Sims",
            "Hughes",
            "Clark",
            "Aylwin",
            "Dewey",
            "Hull",
            "Drayton",
            "Walke",
        ],
    },
    "31.3.1 Japanese": {
        "CV": ["Zuikaku", "Shokaku"],
        "CVL": ["Shoho"],
        "AV": ["Kamikawa Maru"],
        "ML": ["Tsugaru", "Koei Maru", "Okinoshima"],
        "CL": ["Yubari", "Kashima", "Tatsuta", "Tenryu"],
        "AO": ["Toho Maru", "Goyo Maru", "Hoyo Maru"],
        "CA": ["Haguro", "Myoko", "Kako", "Aoba", "Kinugasa", "Furutaka"],
        "DD": [
            "Ushio",
            "Asanagi",
            "Akebono",
            "Uzuki",
            "Ariake",
            "Mutsuki",
            "Shiratsuyu",
            "Motiduki",
            "Yogure",
            "Sigure",
            "Yayoi",
            "Sazanami",
            "Oite",
            "Yuzuki",
            "Kikuzuki",
        ],
    },
    "31.3.2 Allied": {
        "CV": ["Yorktown", "Lexington"],
        "AO": ["Tippecanoe", "Neosho"],
        "CA": [
            "Minneapolis",
            "Astoria",
            "Portland",
            "Australia",
            "New Orleans",
            "Chester",
            "Chicago",
        ],
        "CL": ["Hobart"],
        "DD": [
            "Phelps",
            "Farragut",
            "Monaghan",
            "Walke",
            "Anderson",
            "Russell",
            "Worden",
            "Dewey",
            "Aylwin",
            "Perkins",
            "Morris",
            "Hammann",
            "Sims",
        ],
    },
}
#: Ships by type in the scenarios' set-up (28.1.4, 28.2.3-4, 28.3.3-4, 28.4.3-4).
SCENARIO_SHIPS = {
    ("S1", ALLIES): {"CV": 1, "CA": 4, "DD": 10},
    ("S2", JAPAN): {"AO": 1, "AP": 2, "AV": 1, "CA": 4, "CL": 3, "DD": 6, "ML": 2},
    ("S2", ALLIES): {"CV": 2, "CA": 8, "DD": 18},
    ("S3", JAPAN): {
        "CV": 2,
        "CVL": 1,
        "AV": 1,
        "CA": 6,
        "CL": 4,
        "AO": 4,
        "AP": 3,
        "DD": 15,
        "ML": 3,
    },
    ("S3", ALLIES): {"CV": 2, "CA": 7, "CL": 1, "AO": 2, "DD": 13},
    ("S4", JAPAN): {
        "CV": 2,
        "CVL": 1,
        "AV": 1,
        "CA": 6,
        "CL": 4,
        "DD": 14,
        "AO": 3,
        "ML": 3,
        "AP": 2,
    },
    ("S4", ALLIES): {"CV": 2, "CA": 7, "CL": 1, "DD": 13, "AO": 2},
}
#: The unnamed ships the scenarios need (notes 5.3, A67): the APs and S3's fourth AO.
UNNAMED = {"S2": ["AP 1", "AP 2"], "S3": ["AP 1", "AP 2", "AP 3", "AO 1"], "S4": ["AP 1", "AP 2"]}


def roster(scenario: str, side: str) -> list[str]:
    key = {
        ("S1", ALLIES): "31.1 Allied",
        ("S2", JAPAN): "31.2.1 Japanese",
        ("S2", ALLIES): "31.2.2 Allied",
        ("S3", JAPAN): "31.3.1 Japanese",
        ("S3", ALLIES): "31.3.2 Allied",
        ("S4", JAPAN): "31.3.1 Japanese",
        ("S4", ALLIES): "31.3.2 Allied",
    }[(scenario, side)]
    names = [n for group in ROSTERS[key].values() for n in group]
    if (scenario, side) == ("S4", JAPAN):
        names.remove("Kikuzuki")
    if side == JAPAN:
        names += UNNAMED[scenario]
    return names


@pytest.fixture(scope="module")
def bundled() -> pack.UnitPack:
    return pack.load()


# -- loading and provenance -------------------------------------------------------------
def test_every_file_loads(bundled: pack.UnitPack) -> None:
    assert set(bundled.files) == set(pack.FILES)
    assert sorted(bundled.aircraft) == sorted(pack.MODELS)
    assert all(f.origin == "bundled" for f in bundled.files.values())
    units = pack.load_units()
    assert units == (bundled.aircraft, bundled.ships)
    assert pack.load_tables() == bundled.tables


def test_the_generated_files_follow_their_formulas() -> None:
    """``aircraft.csv`` and ``ships.csv`` are what the reconstruction script derives from
    ``sources/`` (docs/data/coral_sea.md): an edit by hand is caught."""
    script = REPO / "scripts" / "reconstruct_coral_sea.py"
    done = subprocess.run([sys.executable, str(script), "--check"], capture_output=True)
    assert done.returncode == 0, done.stderr.decode()


def test_every_value_has_provenance(bundled: pack.UnitPack) -> None:
    numeric_air = ("attack", "defense", "bomb", "range", "type", "landing", "long_range")
    for m in bundled.aircraft.values():
        for field in numeric_air:
            assert m.provenance[field] in PROVENANCE, (m.model, field)
    for s in bundled.ships.values():
        for field in ("flotation", "gunnery", "intermediate", "secondary", "aa", "torpedo"):
            assert s.provenance[field] in PROVENANCE, (s.name, field)
        assert s.provenance["capacity"] == (
            "rulebook" if s.type in pack.CAPACITY else "reconstructed"
        )
    assert set(bundled.tables.provenance) == set(pack.TABLE_FIELDS)
    assert set(bundled.tables.provenance.values()) <= {"reconstructed", "placeholder"}
    assert set(bundled.provenance.values()) <= {"reconstructed", "placeholder"}


def test_rulebook_facts_are_marked_rulebook(bundled: pack.UnitPack) -> None:
    a = bundled.aircraft
    assert (a["A6M2"].landing, a["A6M2"].provenance["landing"]) == ("C", "rulebook")
    assert (a["A6M3"].landing, a["A6M3"].provenance["landing"]) == ("L", "rulebook")
    assert {a["SBD-2"].type, a["SBD-3"].type} == {"D", "SD"}
    assert {m for m, x in a.items() if x.long_range} == pack.LONG_RANGE
    assert a["F4F-3"].provenance["type"] == "rulebook"
    assert all(x.attack >= 0 and x.defense >= 1 for x in a.values())
    assert all(x.bomb == 0 for x in a.values() if x.type == "F")  # 25.1.3


# -- the set-up checks of notes 6.5 that concern unit data ------------------------------
def test_every_roster_ship_is_in_ships_csv_with_its_type(bundled: pack.UnitPack) -> None:
    for key, groups in ROSTERS.items():
        side = JAPAN if "Japanese" in key else ALLIES
        for kind, names in groups.items():
            for name in names:
                s = bundled.ships[name]
                assert (s.type, s.side) == (kind, side), (key, name)
    for name in {n for names in UNNAMED.values() for n in names}:
        assert bundled.ships[name].side == JAPAN


@pytest.mark.parametrize(("scenario", "side"), sorted(SCENARIO_SHIPS))
def test_roster_counts_by_type_match_the_scenarios(
    bundled: pack.UnitPack, scenario: str, side: str
) -> None:
    """6.5: the ship counts by type of 28.x equal the 31.x rosters (S3's fourth AO and
    every AP are the labelled unnamed entries; Kikuzuki is not in S4)."""
    counts = Counter(bundled.ships[n].type for n in roster(scenario, side))
    assert counts == Counter(SCENARIO_SHIPS[(scenario, side)])


def test_carrier_capacities_match_the_air_groups(bundled: pack.UnitPack) -> None:
    """6.5: S1 12 naval counters = Lexington's 12; S3/S4 Japanese C-mode 10 A6M2 + 10 B5N2 +
    8 D3A1 = 28 = 2 CV + 1 CVL; R-mode 2 E13A1 + 3 F1M2 = 5 <= the AV's 6; Allied 24 = 24;
    S2's 26 Allied counters exceed 24 (A65)."""
    s, a = bundled.ships, bundled.aircraft
    assert s["Lexington"].capacity == 4 + 3 + 3 + 2
    c_mode = s["Zuikaku"].capacity + s["Shokaku"].capacity + s["Shoho"].capacity
    assert c_mode == 10 + 10 + 8 and {a[m].landing for m in ("A6M2", "B5N2", "D3A1")} == {"C"}
    assert s["Kamikawa Maru"].capacity >= 2 + 3
    assert {a["E13A1"].landing, a["F1M2"].landing} == {"R"}
    assert s["Yorktown"].capacity + s["Lexington"].capacity == 8 + 6 + 6 + 4
    assert s["Yorktown"].capacity + s["Lexington"].capacity < 8 + 6 + 6 + 6
    assert s["Kiyokawa Maru"].capacity >= 3  # S2: 3 x F1M2 on the AV


def test_a_first_carrier_gunnery_hit_leaves_none_aboard_above_capacity(
    bundled: pack.UnitPack,
) -> None:
    """25.4.5.D (notes A56): the half destroyed (floor) leaves at most the halved
    capacity aboard for every CV/CVL (even capacities), so only counters in the air
    (air return's room, CAP at 10.E) ever have to land elsewhere."""
    carriers = [s for s in bundled.ships.values() if s.type in ("CV", "CVL")]
    assert carriers
    for spec in carriers:
        c = spec.capacity
        assert all(n - n // 2 <= c // 2 for n in range(c + 1)), spec.name


def test_ship_tracks(bundled: pack.UnitPack) -> None:
    """Every ship moves 2 undamaged but an AP (1, 16.4) and sinks when its last flotation
    box is dark; CV/CVL gunnery boxes are AA factors, two of them (25.4.5.D)."""
    for s in bundled.ships.values():
        assert s.speed == (1 if s.type == "AP" else 2), s.name
        assert list(s.flotation) == sorted(s.flotation)
        if s.type in ("CV", "CVL"):
            assert len(s.gunnery) == 2 and s.gunnery[-1] == s.aa
        if s.torpedo:
            assert s.type == "DD" or (s.type == "CL" and s.side == JAPAN)  # 25.4.6.A


def test_ranges_reach_what_the_scenarios_need(bundled: pack.UnitPack) -> None:
    """Ranges (MP per leg, A23) against the real distances on the map (geography.py):
    Rabaul's bombers and A6M2s reach Port Moresby, the shorter-legged A6M3 only from Lae;
    the B-17 reaches Port Moresby from Townsville and Rabaul from Port Moresby (the 19th
    Bomb Group's staging of 1942), and from Townsville across one turn as a long-range
    aircraft (26.2.B); the Port Moresby fighters reach Lae; the carrier aircraft strike at
    5-10 hexes (200-400 miles), bracketing the 7-8 May strikes (about 175-240 nm)."""
    from navalwar.games.coral_sea.geography import load_geography
    from navalwar.hexgrid import distance

    g = load_geography()

    def hexes(a: str, b: str) -> int:
        return distance(g.place(a), g.place(b))

    air = bundled.aircraft
    moresby = "Port Moresby One"
    for m in ("G4M1", "G3M2", "A6M2"):
        assert air[m].range >= hexes("Rabaul", moresby), m
    assert hexes("Lae", moresby) <= air["A6M3"].range < air["A6M2"].range
    b17 = air["B-17"].range
    assert b17 >= hexes("Townsville", moresby) and b17 >= hexes(moresby, "Rabaul")
    assert b17 >= hexes("Cloncurry", "Townsville")
    assert 2 * b17 >= hexes("Townsville", "Rabaul")
    for m in ("P-39D", "P-40D"):
        assert air[m].range >= hexes(moresby, "Lae"), m
    for m in ("SBD-2", "SBD-3", "F4F-3", "B5N2", "D3A1", "TBD-1"):
        assert 5 <= air[m].range <= 10, m


# -- overrides and strict mode -----------------------------------------------------------
def copy_pack(to: Path, names: tuple[str, ...] = pack.FILES) -> Path:
    for name in names:
        target = to / name
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy(BUNDLED / name, target)
    return to


def edit(path: Path, old: str, new: str, count: int = 1) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text, old
    path.write_text(text.replace(old, new, count), encoding="utf-8")


def test_an_override_file_replaces_the_bundled_one(tmp_path: Path) -> None:
    copy_pack(tmp_path, ("ships.csv",))
    edit(
        tmp_path / "ships.csv",
        "Lexington,Allies,CV,USN,lexington,0 1 1 2 2 2,3 5,0,",
        "Lexington,Allies,CV,USN,lexington,0 1 1 2 2 2,3 5,5,",
    )
    loaded = pack.load([tmp_path])
    assert loaded.ships["Lexington"].intermediate == 5
    assert loaded.files["ships.csv"].origin == "override"
    assert loaded.files["aircraft.csv"].origin == "bundled"
    nested = copy_pack(tmp_path / "nested" / "coral_sea", ("tables/wind_speed.toml",))
    edit(nested / "tables/wind_speed.toml", '"6" = 3', '"6" = 4')
    assert pack.load([tmp_path / "nested"]).tables.wind_speed.lookup(6) == 4


def rulebook_grade(root: Path) -> None:
    """Mark every file of a copied pack as a transcription of the printed components."""
    for name in pack.FILES:
        path = root / name
        text = path.read_text(encoding="utf-8")
        if name.endswith(".toml"):
            text = re.sub(r'provenance = "\w+"', 'provenance = "rulebook"', text)
        else:
            rows = list(csv.DictReader(io.StringIO(text)))
            out = io.StringIO()
            w = csv.DictWriter(out, fieldnames=list(rows[0]), lineterminator="\n")
            w.writeheader()
            for row in rows:
                w.writerow(row | {"provenance": "rulebook", "field_provenance": ""})
            text = out.getvalue()
        path.write_text(text, encoding="utf-8")


def test_strict_takes_a_rulebook_transcription_and_refuses_the_reconstruction(
    tmp_path: Path,
) -> None:
    with pytest.raises(DataError, match=r"strict mode.*aircraft\.csv \(reconstructed\)"):
        pack.load(strict=True)
    copy_pack(tmp_path)
    rulebook_grade(tmp_path)
    loaded = pack.load([tmp_path], strict=True)
    assert set(loaded.provenance.values()) == {"rulebook"}
    # one reconstructed file left among them is named
    shutil.copy(BUNDLED / "tables/scramble.toml", tmp_path / "tables/scramble.toml")
    with pytest.raises(DataError, match=r"tables/scramble\.toml \(reconstructed\)") as info:
        pack.load([tmp_path], strict=True)
    assert "aircraft.csv" not in str(info.value)


# -- malformed files ---------------------------------------------------------------------
BAD_TABLES = [
    (
        "tables/wind_speed.toml",
        '"6" = 3',
        '"6" = 3\nspeed = 1',
        r"wind_speed\.toml: table\.rows\.speed",
    ),
    (
        "tables/wind_speed.toml",
        '"6" = 3',
        '"6" = "three"',
        r"wind_speed\.toml: table\.rows\.6: must be an integer",
    ),
    (
        "tables/wind_speed.toml",
        '"6" = 3',
        "",
        r"wind_speed\.toml: table\.rows: the rows must cover every roll 1-6",
    ),
    (
        "tables/wind_speed.toml",
        '"6" = 3',
        '"6" = 4000',
        r"wind_speed\.toml: table\.rows\.6: must be from 0 to 20",
    ),
    ("tables/wind_speed.toml", 'dice = "1d6"', 'dice = "2d6"', r"wind_speed\.toml: meta\.dice"),
    (
        "tables/wind_speed.toml",
        'provenance = "reconstructed"',
        'provenance = "guess"',
        r"wind_speed\.toml: meta\.provenance",
    ),
    (
        "tables/wind_speed.toml",
        "[meta]",
        "colour = 1\n[meta]",
        r"wind_speed\.toml: colour: unknown top-level key",
    ),
    (
        "tables/level_ships.toml",
        '"12" = ["F", "F", "F", "FG", "FG"]',
        '"12" = ["F", "F", "F", "FG"]',
        r"level_ships\.toml: table\.rows\.12: must be an array of 5",
    ),
    (
        "tables/level_ships.toml",
        '"12" = ["F", "F", "F", "FG", "FG"]',
        '"12" = ["F", "F", "F", "FG", "X"]',
        r"level_ships\.toml: table\.rows\.12\[4\]",
    ),
    (
        "tables/level_ships.toml",
        'columns = ["1-8", "9-16"',
        'columns = ["1-8", "10-16"',
        r"level_ships\.toml: table: .*gap",
    ),
    (
        "tables/air_to_air.toml",
        '"1:3", "1:2"',
        '"1:2", "1:3"',
        r"air_to_air\.toml: table\.columns: the odds columns must rise",
    ),
    (
        "tables/air_to_air.toml",
        '"1:3", "1:2"',
        '"1-3", "1:2"',
        r"air_to_air\.toml: table\.columns\[0\]",
    ),
    ("tables/ship_vp.toml", "ML = 2\n", "", r"ship_vp\.toml: table\.values\.ML: missing"),
    (
        "tables/range_effect.toml",
        'break_off = "end"',
        'break_off = "far"',
        r"range_effect\.toml: table\.primary\.break_off",
    ),
    (
        "tables/usaaf.toml",
        'model = "B-17", count = 1, temporary = true',
        'model = "G4M1", count = 1, temporary = true',
        r"usaaf\.toml: table\.rows\.3\[0\]\.model",
    ),
    (
        "tables/usaaf.toml",
        'model = "B-17", count = 1, temporary = true',
        'model = "B-17", count = 100, temporary = true',
        r"usaaf\.toml: table\.rows\.3\[0\]\.count",
    ),
    (
        "tables/intermediate.toml",
        '[table.hit_type.rows]\n"1-3" = "flotation"',
        '[table.hit_type.rows]\n"1-3" = "sunk"',
        r"intermediate\.toml: table\.hit_type\.rows\.1-3",
    ),
    (
        "tables/dive_airfields.toml",
        '"2 out"',
        '"2 gone"',
        r"dive_airfields\.toml: table\.rows\.6\[2\]",
    ),
]


@pytest.mark.parametrize(("name", "old", "new", "message"), BAD_TABLES)
def test_a_malformed_table_names_file_and_field(
    tmp_path: Path, name: str, old: str, new: str, message: str
) -> None:
    copy_pack(tmp_path, (name,))
    edit(tmp_path / name, old, new)
    with pytest.raises(DataError, match=message):
        pack.load([tmp_path])


BAD_CSV = [
    (
        "aircraft.csv",
        "A6M2,Zero Fighter,Japan,IJN,F,C,4,",
        "A6M2,Zero Fighter,Japan,IJN,F,C,four,",
        r"aircraft\.csv: line 2 \(A6M2\)\.attack: must be a whole number",
    ),
    (
        "aircraft.csv",
        "A6M2,Zero Fighter,Japan,IJN,F,C,4,",
        "A6M2,Zero Fighter,Japan,IJN,F,C,400,",
        r"aircraft\.csv: line 2 \(A6M2\)\.attack: 400 is out of range",
    ),
    (
        "aircraft.csv",
        "A6M2,Zero Fighter,Japan,IJN,F,C,",
        "A6M2,Zero Fighter,Japan,IJN,F,L,",
        r"aircraft\.csv: A6M2\.landing: must be C",
    ),
    (
        "aircraft.csv",
        "A6M2,Zero Fighter,Japan,IJN,F,",
        "A6M2,Zero Fighter,Japan,IJN,X,",
        r"aircraft\.csv: line 2 \(A6M2\)\.type",
    ),
    ("aircraft.csv", "model,name,", "model,label,", r"aircraft\.csv: missing column\(s\) name"),
    ("aircraft.csv", "notes\n", "notes,colour\n", r"aircraft\.csv: .*(unknown column|cells)"),
    (
        "ships.csv",
        "Lexington,Allies,CV,USN,lexington,0 1 1 2 2 2,3 5,0,0,5,0,12,",
        "Lexington,Allies,CV,USN,lexington,0 1 1 2 2 2,3 5,0,0,5,0,10,",
        r"ships\.csv: Lexington\.capacity: a CV carries 12",
    ),
    (
        "ships.csv",
        "Lexington,Allies,CV,USN,lexington,0 1 1 2 2 2,",
        "Lexington,Allies,CV,USN,lexington," + " ".join(["2"] * 50) + ",",
        r"ships\.csv: line 2 \(Lexington\)\.flotation: must list 1 to 12",
    ),
    (
        "ships.csv",
        "Lexington,Allies,CV,USN,lexington,0 1 1 2 2 2,",
        "Lexington,Allies,CV,USN,lexington,0 1 1 2 2 3,",
        r"ships\.csv: line 2 \(Lexington\)\.flotation: 3 is out of range",
    ),
    (
        "ships.csv",
        "Lexington,Allies,CV,USN,",
        "Lexington,Allies,BB,USN,",
        r"ships\.csv: line 2 \(Lexington\)\.type",
    ),
    (
        "ships.csv",
        "Lexington,Allies,CV,USN,lexington,0 1 1 2 2 2,3 5,0,0,5,0,12,reconstructed,",
        "Lexington,Allies,CV,USN,lexington,0 1 1 2 2 2,3 5,0,0,5,0,12,guess,",
        r"ships\.csv: line 2 \(Lexington\)\.provenance",
    ),
    (
        "ships.csv",
        "AP 1,Japan,AP,IJN,ijn_transport,1 1 1 1,",
        "AP 1,Japan,AP,IJN,ijn_transport,1 1 1 2,",
        r"ships\.csv: AP 1\.flotation: an AP moves one hex",
    ),
]


@pytest.mark.parametrize(("name", "old", "new", "message"), BAD_CSV)
def test_a_malformed_unit_file_names_file_and_field(
    tmp_path: Path, name: str, old: str, new: str, message: str
) -> None:
    copy_pack(tmp_path, (name,))
    edit(tmp_path / name, old, new)
    with pytest.raises(DataError, match=message):
        pack.load_units([tmp_path])


def test_an_oversized_file_is_refused_before_parsing(tmp_path: Path) -> None:
    (tmp_path / "ships.csv").write_text("name\n" + "x" * (3 * 2**20), encoding="utf-8")
    with pytest.raises(DataError, match=r"ships\.csv: too large"):
        pack.load_units([tmp_path])


def test_ship_vp_follows_its_formula(bundled: pack.UnitPack) -> None:
    """ship_vp = round(mean standard tons of the type's ships in ships.csv / 2500), at
    least 1 (docs/data/coral_sea.md, "Tables"), from the sources' tonnages."""
    sources = BUNDLED / "sources"
    with (sources / "ship_classes.csv").open(encoding="utf-8") as fh:
        tons = {r["class"]: float(r["std_tons"]) for r in csv.DictReader(fh)}
    with (sources / "ships_roster.csv").open(encoding="utf-8") as fh:
        klass = {r["name"]: r["class"] for r in csv.DictReader(fh)}
    by_type: dict[str, list[float]] = {}
    for s in bundled.ships.values():
        by_type.setdefault(s.type, []).append(tons[klass[s.name]])
    for kind, values in by_type.items():
        want = max(1, int(sum(values) / len(values) / 2500 + 0.5))
        assert bundled.tables.ship_vp[kind] == want, kind


def test_printed_model_names_resolve(bundled: pack.UnitPack) -> None:
    """Notes A2: the names the scenarios and 2.2.6/26.2.D print are the 17 models."""
    from navalwar.games.coral_sea.units import MODEL_ALIASES, canonical_model

    assert set(MODEL_ALIASES.values()) <= set(bundled.aircraft)
    for printed in ("F-40D", "P40", "P40D", "P39D", "F4F-1", "B-17C", "B-17D", "A6M2"):
        assert canonical_model(printed) in bundled.aircraft


def test_every_bad_file_is_reported_at_once(tmp_path: Path) -> None:
    """A unit file's problem does not hide a table's (navalwar validate lists them all)."""
    copy_pack(tmp_path, ("ships.csv", "tables/air_to_air.toml"))
    edit(tmp_path / "ships.csv", "0 1 1 2 2 2,3 5,0,0,5,0,12,", "0 1 1 2 2 2,3 5,0,0,5,0,10,")
    edit(tmp_path / "tables/air_to_air.toml", '"1:3", "1:2"', '"1:2", "1:3"')
    with pytest.raises(DataError) as info:
        pack.load([tmp_path])
    assert "Lexington.capacity" in str(info.value) and "air_to_air.toml" in str(info.value)
