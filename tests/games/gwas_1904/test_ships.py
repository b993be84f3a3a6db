"""The GWaS 1904 ship data pack: every BS1-BS8 ship, the values the text reveals, the
loader's errors, and the reconstruction script (GWaS 2.3, 2.4, 8.2, 10.1, 19.2, 20.44;
notes §5, §6.1)."""

from __future__ import annotations

import csv
import re
import subprocess
import sys
from pathlib import Path

import attrs
import pytest

from navalwar.datapack import PROVENANCE, bundled_data_dir, parse_csv
from navalwar.errors import DataError, UnknownNameError
from navalwar.games.gwas_1904.ship import LIGHT_TYPES, SPEEDS, ShipSpec
from navalwar.games.gwas_1904.ships import (
    KNOWN_SHIP_CELLS,
    SHIP_COLUMNS,
    check_known,
    load_ships,
)

REPO = Path(__file__).resolve().parents[3]
SHIPS = bundled_data_dir() / "gwas_1904" / "ships.csv"

#: The force lists of BS1-BS8 as printed (shared/rules/gwas_1904.txt, line, side).
FORCES: tuple[tuple[str, int, str, str], ...] = (
    (
        "BS1",
        300,
        "J",
        "AC01 Asama; C01 Naniwa; C02 Takachiho; C07 Akashi; C12 Niitaka; C15 Chiyoda No. "
        "21-class torpedo boats (as printed): 4 Troop transports: 4 (use fast merchant ships)",
    ),
    ("BS1", 304, "R", "C10 Variag; GB14 Koreetz"),
    (
        "BS2",
        334,
        "J",
        "Commander: Togo B01 Yashima; B02 Fuji; B03 Shikishima; B04 Hatsuse; B05 Asahi; B06 "
        "Mikasa (flagship) AC02 Tokiwa; AC03 Yakumo; AC04 Azuma; AC05 Izumo; AC06 Iwate C04 "
        "Yoshino; C06 Suma; C08 Takasago; C09 Chitose; C10 Kasagi",
    ),
    (
        "BS2",
        338,
        "R",
        "B06 Peresvet; B11 Tsesarevich; B22 Petropavlovsk; B23 Poltava; B24 Sevastopol; B26 "
        "Pobieda; B27 Retvisan AC03 Bayan C03 Askold; C04 Novik; C09 Diana",
    ),
    (
        "BS3",
        366,
        "J",
        "Commander: Togo B01 Yashima; B02 Fuji; B03 Shikishima; B04 Hatsuse; B05 Asahi; B06 "
        "Mikasa (flagship) AC01 Asama; AC02 Tokiwa; AC07 Kasuga; AC08 Nisshin C04 Yoshino; C08 "
        "Takasago; C09 Chitose; C10 Kasagi Ikazuchi-class destroyers: 4",
    ),
    (
        "BS3",
        370,
        "R",
        "Commander: Makarov B06 Peresvet; B22 Petropavlovsk (flagship); B23 Poltava; B24 "
        "Sevastopol; B26 Pobieda AC03 Bayan C03 Askold; C04 Novik; C09 Diana Puliki-class "
        "destroyers: 1",
    ),
    (
        "BS3",
        372,
        "R",
        "In Port Arthur harbor: B11 Tsesarevich; B27 Retvisan; C02 Pallada; GB07 Gremyashchi; "
        "GB08 Otvajni; GB13 Bobr Puilki-class destroyers: 12",
    ),
    ("BS4", 396, "J", "B01 Yashima; B03 Shikishima; B04 Hatsuse"),
    (
        "BS4",
        400,
        "R",
        "In Port Arthur harbor: B06 Peresvet; B11 Tsesarevich; B23 Poltava; B24 Sevastopol (1 "
        "hull box damage); B26 Pobieda; B27 Retvisan AC03 Bayan C02 Pallada; C03 Askold; C04 "
        "Novik; C09 Diana GB07 Gremyashchi; GB08 Otvajni; GB13 Bobr Puilki-class destroyers: 15",
    ),
    (
        "BS5",
        426,
        "J",
        "Commander: Togo B02 Fuji; B03 Shikishima; B05 Asahi; B06 Mikasa (flagship) CD01 Chin "
        "Yen [Chinese-built coast defense ship] AC01 Asama; AC03 Yakumo; AC07 Kasuga; AC08 "
        "Nisshin C08 Takasago; C09 Chitose; C10 Kasagi; C16 Itsukushima; C17 Hashidate; C18 "
        "Matsushima",
    ),
    (
        "BS5",
        430,
        "R",
        "B06 Peresvet; B11 Tsesarevich; B23 Poltava; B24 Sevastopol; B26 Pobieda; B27 Retvisan "
        "C02 Pallada; C03 Askold; C04 Novik; C09 Diana",
    ),
    (
        "BS6",
        452,
        "J",
        "Japanese forces Commander: Kamimura AC02 Tokiwa; AC04 Azuma; AC05 Izumo; AC06 Iwate",
    ),
    (
        "BS6",
        456,
        "R",
        "Commander: Essen AC01 Rurik; AC05 Rossiya; AC06 Gromoboi C06 Bogatyr [Translator's "
        "note: this ship was under repair at the time and did not take part in this battle.]",
    ),
    (
        "BS7",
        476,
        "J",
        "Commander: Togo B02 Fuji; B03 Shikishima; B05 Asahi; B06 Mikasa (flagship) CD01 Chin "
        "Yen AC01 Asama; AC02 Tokiwa; AC03 Yakumo; AC04 Azuma; AC05 Izumo; AC06 Iwate; AC07 "
        "Kasuga; AC08 Nisshin C01 Naniwa; C09 Chitose; C10 Kasagi; C11 Tsushima; C12 Niitaka; "
        "C13 Otowa; C16 Itsukushima; C17 Hashidate; C18 Matsushima GB07 Izumi No. 21-class "
        "torpedo boats: 31 Ikazuchi-class destroyers: 20 Hayabusa-class destroyers: 13",
    ),
    (
        "BS7",
        480,
        "R",
        "B12 Borodino; B13 Imperator Alexander III; B14 Orel; B15 Kniaz Suvarov; B19 Imperator "
        "Nikolai I; B20 Navarin; B21 Sissoi Veliki; B25 Oslabia CD01 Admiral Ushakov; CD02 "
        "Admiral Seniavin; CD03 General Admiral Apraxin AC02 Vladimir Monomakh; AC04 Dimitri "
        "Donskoi; AC07 Admiral Nakhimov C01 Svietlana; C07 Oleg; C08 Aurora; C11 Izumrud; C12 "
        "Jemtchug GB16 Almaz BS01 Rus Boiki-class destroyers: 8",
    ),
    (
        "BS8",
        502,
        "J",
        "Commander: Togo B02 Fuji; B03 Shikishima; B05 Asahi; B07 Kashima; B09 Yamato [as "
        "printed]; B10 Musashi [as printed] CD01 Chin Yen AC01 Asama; AC02 Tokiwa; AC03 Yakumo; "
        "AC04 Azuma; AC05 Izumo; AC06 Iwate; AC07 Kasuga; AC08 Nisshin C01 Naniwa; C09 Chitose; "
        "C10 Kasagi; C11 Tsushima; C12 Niitaka; C13 Otowa GB07 Izumi No. 21-class torpedo boats: "
        "15 Ikazuchi-class destroyers: 12 Hayabusa-class destroyers: 6",
    ),
    (
        "BS8",
        506,
        "R",
        "First Pacific Squadron: Commander: Makarov B06 Peresvet; B11 Tsesarevich; B22 "
        "Petropavlovsk (flagship); B23 Poltava; B24 Sevastopol; B26 Pobieda; B27 Retvisan AC01 "
        "Rurik; AC03 Bayan; AC05 Rossiya; AC06 Gromoboi C02 Pallada; C03 Askold; C04 Novik; C06 "
        "Bogatyr; C08 Aurora; C09 Diana Puilki-class destroyers: 9 No. 214-class torpedo boats: "
        "6 Sungari-class torpedo boats: 3",
    ),
    (
        "BS8",
        508,
        "R",
        "Second Pacific Squadron: B12 Borodino; B13 Imperator Alexander III; B14 Orel; B15 "
        "Kniaz Suvarov; B19 Imperator Nikolai I; B20 Navarin; B21 Sissoi Veliki; B25 Oslabia "
        "CD01 Admiral Ushakov; CD02 Admiral Seniavin; CD03 General Admiral Apraxsin AC02 "
        "Vladimir Monomakh; AC04 Dimitri Donskoi; AC07 Admiral Nakhimov C01 Svietlana; C07 Oleg; "
        "C11 Izumrud; C12 Jemtchug GB16 Almaz BS01 Rus Boiki-class destroyers: 9 Sungari-class "
        "torpedo boats: 6",
    ),
)
#: Printed spelling variants of one ship (notes §9.3): printed -> the pack's name.
VARIANTS = {"General Admiral Apraxsin": "General Admiral Apraxin"}
#: Squadron classes (no printed code) -> the pack's key; "Puliki" is BS3's misprint.
SQUADRONS = {
    ("J", "No. 21"): ("J", "TB-No21"),
    ("J", "Ikazuchi"): ("J", "DD-Ikazuchi"),
    ("J", "Hayabusa"): ("J", "DD-Hayabusa"),
    ("R", "Boiki"): ("R", "DD-Boiki"),
    ("R", "Puilki"): ("R", "DD-Puilki"),
    ("R", "Puliki"): ("R", "DD-Puilki"),
    ("R", "No. 214"): ("R", "TB-No214"),
    ("R", "Sungari"): ("R", "TB-Sungari"),
}
_CODE = re.compile(r"\b(BS|CD|AC|GB|B|C)(\d{2})\b ")
_CUT = re.compile(r" (?:\(|\[|No\. \d|[A-Z][a-z]+-class|Troop)")
_SQUADRON = re.compile(r"((?:No\. )?[A-Z0-9][a-z0-9]*)-class (?:destroyers|torpedo boats)")


def printed_ships() -> dict[tuple[str, str], tuple[str, str]]:
    """(nation, code) -> (name as first printed, where) for every coded ship in BS1-BS8."""
    out: dict[tuple[str, str], tuple[str, str]] = {}
    for scenario, line, nation, text in FORCES:
        matches = list(_CODE.finditer(text))
        for i, m in enumerate(matches):
            end = matches[i + 1].start() if i + 1 < len(matches) else len(text)
            name = _CUT.split(text[m.end() : end].split(";")[0])[0].strip()
            out.setdefault((nation, m.group(1) + m.group(2)), (name, f"{scenario} L{line}"))
    return out


def printed_squadrons() -> set[tuple[str, str]]:
    return {(nation, m.group(1)) for _, _, nation, text in FORCES for m in _SQUADRON.finditer(text)}


@pytest.fixture(scope="module")
def ships() -> dict[tuple[str, str], ShipSpec]:
    return load_ships(parse_csv(SHIPS), str(SHIPS))


# --------------------------------------------------------------------------------------
# Every scenario ship
# --------------------------------------------------------------------------------------


def test_the_force_lists_parse_as_expected() -> None:
    found = printed_ships()
    assert len(found) == 76
    assert sum(n == "J" for n, _ in found) == 34  # and 42 Russian
    assert found["J", "B06"] == ("Mikasa", "BS2 L334")
    assert found["J", "CD01"] == ("Chin Yen", "BS5 L426")
    assert found["R", "B24"] == ("Sevastopol", "BS2 L338")
    assert found["R", "GB13"] == ("Bobr", "BS3 L372")
    assert found["R", "BS01"] == ("Rus", "BS7 L480")
    assert found["J", "GB07"] == ("Izumi", "BS7 L476")
    assert found["R", "GB07"] == ("Gremyashchi", "BS3 L372")
    assert printed_squadrons() == set(SQUADRONS)


@pytest.mark.parametrize(("key", "printed"), sorted(printed_ships().items()))
def test_every_coded_scenario_ship_is_in_the_pack(
    ships: dict[tuple[str, str], ShipSpec], key: tuple[str, str], printed: tuple[str, str]
) -> None:
    name, where = printed
    assert key in ships, f"{key} {name} ({where}) missing"
    assert ships[key].name == VARIANTS.get(name, name), where
    prefix = re.match(r"[A-Z]+", key[1])
    assert prefix is not None and ships[key].type == prefix.group()  # 5.21 code prefixes


def test_later_spellings_of_a_ship_are_the_same_key() -> None:
    """BS8 prints 'Apraxsin' where BS7 prints 'Apraxin' (notes §9.3): one ship R CD03."""
    for _, _, nation, text in FORCES:
        if "Apraxsin" in text:
            assert nation == "R" and "CD03 General Admiral Apraxsin" in text


def test_every_squadron_class_is_in_the_pack(ships: dict[tuple[str, str], ShipSpec]) -> None:
    for (_, cls), key in SQUADRONS.items():
        spec = ships[key]
        assert spec.name == ("Puilki" if cls == "Puliki" else cls) + " class"
        assert spec.type == ("DD" if key[1].startswith("DD") else "TB")


def test_transports_and_fortresses_are_in_the_pack(
    ships: dict[tuple[str, str], ShipSpec],
) -> None:
    # BS1 L300: "Troop transports: 4 (use fast merchant ships)"
    assert ships["J", "TR-F"].type == "TR" and ships["J", "TR-F"].speed == "1"
    # BS2-BS4 use the Port Arthur overlay: 2 fortresses in the Roadstead (20.44)
    forts = [s for s in ships.values() if s.type == "FORT"]
    assert sorted(s.code for s in forts) == ["FORT-1", "FORT-2"]
    assert all(s.nation == "R" for s in forts)


def test_the_pack_holds_only_the_roster(ships: dict[tuple[str, str], ShipSpec]) -> None:
    """BS1-BS8 ships, the squadron classes, 4 transports, 2 fortresses, and the two
    example ships outside the battle scenarios (R B01 for 8.2, R B17 for 19.2)."""
    expected = (
        set(printed_ships())
        | set(SQUADRONS.values())
        | {("J", "TR-F"), ("J", "TR-S"), ("R", "TR-F"), ("R", "TR-S")}
        | {("R", "FORT-1"), ("R", "FORT-2"), ("R", "B01"), ("R", "B17")}
    )
    assert set(ships) == expected


# --------------------------------------------------------------------------------------
# The values the text reveals
# --------------------------------------------------------------------------------------


def test_the_bundled_pack_honours_every_known_cell(
    ships: dict[tuple[str, str], ShipSpec],
) -> None:
    assert check_known(ships) == []


def test_19_2_vladimir_is_2_5_1(ships: dict[tuple[str, str], ShipSpec]) -> None:
    v = ships["R", "B17"]
    assert (v.name, v.type) == ("Vladimir", "B")
    assert (v.firepower("primary"), v.firepower("secondary"), v.firepower("tertiary")) == (2, 5, 1)


def test_8_2_tri_sviatitelia_hull_is_heavy(ships: dict[tuple[str, str], ShipSpec]) -> None:
    hull = ships["R", "B01"].hull
    assert hull and set(hull) == {"H"}


def test_campaign_poltava_and_yamato_have_mixed_hulls(
    ships: dict[tuple[str, str], ShipSpec],
) -> None:
    for key in (("R", "B23"), ("J", "B09")):
        hull = ships[key].hull
        assert "H" in hull and set(hull) & {"L", "N"}, key


def test_20_44_fortresses(ships: dict[tuple[str, str], ShipSpec]) -> None:
    for code in ("FORT-1", "FORT-2"):
        f = ships["R", code]
        assert (f.primary, f.secondary, f.tertiary, f.hull, f.speed) == ("HHH", "", "", "", "")


def test_10_1_transports(ships: dict[tuple[str, str], ShipSpec]) -> None:
    transports = [s for s in ships.values() if s.type == "TR"]
    assert len(transports) == 4
    for t in transports:
        assert 1 <= len(t.hull) <= 2 and set(t.hull) == {"N"}
        assert (t.primary, t.secondary, t.tertiary, t.torpedo) == ("", "", "", 0)


def test_2_3_light_ships_have_only_auxiliary_firepower(
    ships: dict[tuple[str, str], ShipSpec],
) -> None:
    light = [s for s in ships.values() if s.type in LIGHT_TYPES]
    assert len(light) > 30
    assert all(s.primary == s.secondary == "" for s in light)


def test_scenario_pre_damage_is_possible(ships: dict[tuple[str, str], ShipSpec]) -> None:
    """BS2 L348: Tsesarevich and Retvisan start with 2 hull boxes of damage; BS4 L400:
    Sevastopol with 1; BS5 L436: every Russian battleship loses 1 secondary."""
    assert len(ships["R", "B11"].hull) > 2 and len(ships["R", "B27"].hull) > 2
    assert len(ships["R", "B24"].hull) > 1
    for code in ("B06", "B11", "B23", "B24", "B26", "B27"):
        assert ships["R", code].firepower("secondary") >= 1


def test_volume_speeds(ships: dict[tuple[str, str], ShipSpec]) -> None:
    """No 2+ ships; 1+ ships exist (volume "Speed 1+")."""
    speeds = {s.speed for s in ships.values() if s.type != "FORT"}
    assert speeds <= set(SPEEDS) and "1+" in speeds


def test_italic_names_are_togos_battle_line(ships: dict[tuple[str, str], ShipSpec]) -> None:
    italic = {k for k, s in ships.items() if s.italic}
    battle_line = {("J", c) for c in ("B01", "B02", "B03", "B04", "B05", "B06", "AC07", "AC08")}
    assert italic == battle_line


def test_every_known_cell_selects_rows(ships: dict[tuple[str, str], ShipSpec]) -> None:
    assert len(KNOWN_SHIP_CELLS) >= 40
    for cell in KNOWN_SHIP_CELLS:
        assert cell.rule and cell.note
        if " " in cell.key[1]:
            nation, code = cell.key[1].split(" ")
            assert (nation, code) in ships, cell


@pytest.mark.parametrize(
    ("key", "change", "fragment"),
    [
        (
            ("R", "B17"),
            {"primary": "HHH"},
            "cell ships/R B17/primary/boxes is '3' but GWaS 19.2 example (L183) shows '2'",
        ),
        (
            ("R", "B17"),
            {"secondary": "HHHH"},
            "ships/R B17/secondary/boxes is '4' but GWaS 19.2 example (L183) shows '5'",
        ),
        (
            ("R", "B01"),
            {"hull": "LHHHH"},
            "cell ships/R B01/hull is 'LHHHH' but GWaS 8.2 example (L1408) shows 'only:H'",
        ),
        (
            ("R", "B23"),
            {"hull": "HHHHHHHH"},
            "ships/R B23/hull is 'HHHHHHHH' but Campaign Game, ship repair (L935) shows 'has:LN'",
        ),
        (
            ("R", "FORT-1"),
            {"primary": "HH"},
            "ships/type:FORT/primary of R FORT-1 (Port Arthur fortress 1) is 'HH'",
        ),
        (
            ("J", "TR-F"),
            {"hull": "NNN"},
            "hull/boxes of J TR-F (Fast transport) is '3' but GWaS 10.1 (L1466) shows '<=2'",
        ),
        (("J", "TR-F"), {"hull": "L"}, "is 'L' but GWaS 10.1 (L1466) shows 'only:N'"),
        (
            ("J", "C01"),
            {"secondary": "N"},
            "ships/light/secondary of J C01 (Naniwa) is 'N' but GWaS 2.3 (L1022) shows ''",
        ),
        (
            ("R", "B11"),
            {"hull": "HH"},
            "cell ships/R B11/hull/boxes is '2' but BS2 (L348) shows '>=3'",
        ),
        (("J", "C02"), {"fuel": 6}, "cell ships/J C02/fuel is '6' but Op8 (L795) shows '>=7'"),
    ],
)
def test_check_known_names_each_contradicted_cell(
    ships: dict[tuple[str, str], ShipSpec],
    key: tuple[str, str],
    change: dict[str, object],
    fragment: str,
) -> None:
    bad = dict(ships)
    bad[key] = attrs.evolve(ships[key], **change)  # type: ignore[arg-type]
    problems = check_known(bad)
    assert len(problems) >= 1
    assert any(fragment in p for p in problems), problems


def test_check_known_reports_a_missing_ship(ships: dict[tuple[str, str], ShipSpec]) -> None:
    bad = {k: v for k, v in ships.items() if k != ("R", "B17") and v.type != "FORT"}
    problems = check_known(bad)
    assert any(p.startswith("ships.csv: cell ships/R B17/type is missing") for p in problems)
    assert any("cell ships/type:FORT/rows is '0' but GWaS 20.44" in p for p in problems)


# --------------------------------------------------------------------------------------
# Provenance
# --------------------------------------------------------------------------------------


def test_every_row_has_provenance(ships: dict[tuple[str, str], ShipSpec]) -> None:
    for key, s in ships.items():
        assert s.provenance in PROVENANCE, key
        fields = dict(s.field_provenance)
        assert fields, key
        assert set(fields) <= set(SHIP_COLUMNS)
        assert all(kind in PROVENANCE for kind in fields.values())
        if s.type not in ("TR", "FORT"):
            assert fields["name"] == "rulebook", key
    # only the unidentified Sungari class is a placeholder row
    assert [k for k, s in ships.items() if s.provenance == "placeholder"] == [("R", "TB-Sungari")]


def test_field_provenance_cites_a_source_for_every_item() -> None:
    with SHIPS.open(encoding="utf-8", newline="") as f:
        for row in csv.DictReader(f):
            for item in row["field_provenance"].split(";"):
                field, _, rest = item.strip().partition("=")
                kind, _, source = rest.partition(":")
                assert field and kind in PROVENANCE and source.strip(), (row["name"], item)


# --------------------------------------------------------------------------------------
# The loader
# --------------------------------------------------------------------------------------


def _row(**change: str) -> dict[str, str]:
    row = dict.fromkeys(SHIP_COLUMNS, "")
    row.update(
        nation="R",
        code="X01",
        name="Test",
        type="B",
        italic="no",
        primary="HH",
        secondary="LLL",
        tertiary="N",
        tertiary_white="no",
        hull="HHHLL",
        torpedo="1",
        torpedo_mount="fixed",
        speed="1+",
        fuel="10",
        vp="20",
        low_freeboard="no",
        shallow_draft="no",
        provenance="reconstructed",
        field_provenance="name=rulebook:a test",
    )
    row.update(change)
    return row


def test_a_good_row_loads() -> None:
    ships = load_ships([_row()], "ships.csv")
    s = ships["R", "X01"]
    assert (s.primary, s.hull, s.speed, s.torpedo_mount) == ("HH", "HHHLL", "1+", "fixed")
    assert s.field_provenance == (("name", "rulebook"),)


@pytest.mark.parametrize(
    ("change", "path", "message"),
    [
        ({"type": "BB"}, "line 2 (Test).type", "type must be one of"),
        ({"nation": "US"}, "line 2 (Test).nation", "nation must be J or R"),
        ({"primary": "HX"}, "line 2 (Test).primary", "armour letters"),
        ({"hull": "hhh"}, "line 2 (Test).hull", "armour letters"),
        ({"hull": ""}, "line 2 (Test).hull", "at least one hull box"),
        ({"speed": "2+"}, "line 2 (Test).speed", "speed must be one of"),
        ({"speed": ""}, "line 2 (Test).speed", "speed must be one of"),
        ({"vp": "ten"}, "line 2 (Test).vp", "whole number"),
        ({"fuel": "-1"}, "line 2 (Test).fuel", "out of range"),
        ({"torpedo": "1.5"}, "line 2 (Test).torpedo", "whole number"),
        ({"torpedo_mount": "deck"}, "line 2 (Test).torpedo_mount", "fixed or rotating"),
        ({"torpedo": "0"}, "line 2 (Test).torpedo_mount", "must be blank"),
        ({"italic": "maybe"}, "line 2 (Test).italic", "yes or no"),
        ({"provenance": "guess"}, "line 2 (Test).provenance", "provenance must be one of"),
        ({"field_provenance": "hull=guess:me"}, "line 2 (Test).field_provenance", "guess"),
        ({"field_provenance": "colour=rulebook:x"}, "line 2 (Test).field_provenance", "colour"),
        ({"field_provenance": "just words"}, "line 2 (Test).field_provenance", "field=kind"),
        ({"code": ""}, "line 2 (Test).code", "non-empty"),
        ({"name": ""}, "line 2.name", "empty ship name"),
        ({"type": "FORT", "speed": "1"}, "line 2 (Test).speed", "fixed"),
        ({"type": "FORT", "speed": ""}, "line 2 (Test).hull", "no hull"),
    ],
)
def test_bad_values_name_the_field(change: dict[str, str], path: str, message: str) -> None:
    with pytest.raises(DataError, match=re.escape(message)) as info:
        load_ships([_row(**change)], "ships.csv")
    assert info.value.path == path
    assert info.value.file == "ships.csv"


def test_a_duplicate_key_is_refused() -> None:
    rows = [_row(), _row(name="Other"), _row(nation="J")]
    with pytest.raises(DataError, match="R X01 is listed twice") as info:
        load_ships(rows, "ships.csv")
    assert info.value.path == "line 3 (Other).code"
    # the same code in the other navy is a different ship (notes §5.1)
    assert len(load_ships([_row(), _row(nation="J")], "ships.csv")) == 2


def test_missing_columns_and_empty_files_are_refused() -> None:
    row = _row()
    del row["vp"]
    with pytest.raises(DataError, match="missing column"):
        load_ships([row], "ships.csv")
    with pytest.raises(DataError, match="no ships"):
        load_ships([], "ships.csv")


def test_an_override_file_reports_its_line(tmp_path: Path) -> None:
    """Through parse_csv, as an owner's ``--data DIR`` file is read."""
    rows = list(csv.DictReader(SHIPS.open(encoding="utf-8", newline="")))
    rows[4]["hull"] = "HHZ"
    path = tmp_path / "ships.csv"
    with path.open("w", encoding="utf-8", newline="") as f:
        w = csv.DictWriter(f, fieldnames=SHIP_COLUMNS, lineterminator="\n")
        w.writeheader()
        w.writerows(rows)
    with pytest.raises(DataError) as info:
        load_ships(parse_csv(path), str(path))
    assert info.value.path == f"line 6 ({rows[4]['name']}).hull"


# --------------------------------------------------------------------------------------
# The reconstruction script
# --------------------------------------------------------------------------------------


def test_the_committed_pack_is_what_the_script_writes() -> None:
    result = subprocess.run(
        [sys.executable, str(REPO / "scripts" / "reconstruct_gwas_1904.py"), "--check"],
        cwd=REPO,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode == 0, result.stderr


def test_a_custom_ship_takes_the_fields_given_and_refuses_unknown_ones() -> None:
    spec = ShipSpec.custom("Test", "C", primary="LL", speed="2")
    assert (spec.name, spec.type, spec.primary, spec.speed) == ("Test", "C", "LL", "2")
    assert spec.firepower("primary") == 2 and spec.provenance == "placeholder"
    with pytest.raises(UnknownNameError, match="'hul'; did you mean 'hull'"):
        ShipSpec.custom("Test", hul="HH")
