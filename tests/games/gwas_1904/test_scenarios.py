"""The GWaS 1904 battle scenario files (BS1-BS8, rulebook L284-518) and their parser:
every bundled file parses, the forces are the printed lists, the readings the files take
(notes §6.1), and a DataError naming the field for each kind of malformed input."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from navalwar.datapack import bundled_data_dir, parse_csv, parse_toml
from navalwar.dice import ScriptedDice
from navalwar.errors import DataError
from navalwar.games.gwas_1904.scenario import (
    AREA_OVERLAY,
    AREAS,
    BattleScenario,
    Force,
    Squadron,
    is_squadron_class,
    parse_scenario,
    split_squadron,
)
from navalwar.games.gwas_1904.ships import load_ships
from navalwar.games.gwas_1904.sides import SIDE_OF, SIDES

SCENARIOS = bundled_data_dir() / "gwas_1904" / "scenarios"
SHIPS = bundled_data_dir() / "gwas_1904" / "ships.csv"
FILES = {
    "BS1": "chemulpo",
    "BS2": "port-arthur",
    "BS3": "makarov",
    "BS4": "amur",
    "BS5": "yellow-sea",
    "BS6": "ulsan",
    "BS7": "tsushima",
    "BS8": "first-of-october",
}


def _codes() -> dict[str, set[str]]:
    ships = load_ships(parse_csv(SHIPS), str(SHIPS))
    out: dict[str, set[str]] = {side: set() for side in SIDES}
    for nation, code in ships:
        out[SIDE_OF[nation]].add(code)
    return out


CODES = _codes()


def load(name: str) -> BattleScenario:
    path = SCENARIOS / f"{name}.toml"
    return parse_scenario(parse_toml(path), str(path), CODES)


# The force lists as printed (shared/rules/gwas_1904.txt; line, side, text).
PRINTED: dict[str, list[tuple[int, str, str]]] = {
    "BS1": [
        (
            300,
            "Japan",
            "AC01 Asama; C01 Naniwa; C02 Takachiho; C07 Akashi; C12 Niitaka; C15 Chiyoda No. "
            "21-class torpedo boats (as printed): 4 Troop transports: 4 (use fast merchant ships)",
        ),
        (304, "Russia", "C10 Variag; GB14 Koreetz"),
    ],
    "BS2": [
        (
            334,
            "Japan",
            "Commander: Togo B01 Yashima; B02 Fuji; B03 Shikishima; B04 Hatsuse; B05 Asahi; "
            "B06 Mikasa (flagship) AC02 Tokiwa; AC03 Yakumo; AC04 Azuma; AC05 Izumo; AC06 Iwate "
            "C04 Yoshino; C06 Suma; C08 Takasago; C09 Chitose; C10 Kasagi",
        ),
        (
            338,
            "Russia",
            "B06 Peresvet; B11 Tsesarevich; B22 Petropavlovsk; B23 Poltava; B24 Sevastopol; "
            "B26 Pobieda; B27 Retvisan AC03 Bayan C03 Askold; C04 Novik; C09 Diana",
        ),
    ],
    "BS3": [
        (
            366,
            "Japan",
            "Commander: Togo B01 Yashima; B02 Fuji; B03 Shikishima; B04 Hatsuse; B05 Asahi; "
            "B06 Mikasa (flagship) AC01 Asama; AC02 Tokiwa; AC07 Kasuga; AC08 Nisshin C04 "
            "Yoshino; C08 Takasago; C09 Chitose; C10 Kasagi Ikazuchi-class destroyers: 4",
        ),
        (
            370,
            "Russia",
            "Commander: Makarov B06 Peresvet; B22 Petropavlovsk (flagship); B23 Poltava; B24 "
            "Sevastopol; B26 Pobieda AC03 Bayan C03 Askold; C04 Novik; C09 Diana Puliki-class "
            "destroyers: 1",
        ),
        (
            372,
            "Russia",
            "In Port Arthur harbor: B11 Tsesarevich; B27 Retvisan; C02 Pallada; GB07 "
            "Gremyashchi; GB08 Otvajni; GB13 Bobr Puilki-class destroyers: 12",
        ),
    ],
    "BS4": [
        (396, "Japan", "B01 Yashima; B03 Shikishima; B04 Hatsuse"),
        (
            400,
            "Russia",
            "In Port Arthur harbor: B06 Peresvet; B11 Tsesarevich; B23 Poltava; B24 Sevastopol "
            "(1 hull box damage); B26 Pobieda; B27 Retvisan AC03 Bayan C02 Pallada; C03 Askold; "
            "C04 Novik; C09 Diana GB07 Gremyashchi; GB08 Otvajni; GB13 Bobr Puilki-class "
            "destroyers: 15",
        ),
    ],
    "BS5": [
        (
            426,
            "Japan",
            "Commander: Togo B02 Fuji; B03 Shikishima; B05 Asahi; B06 Mikasa (flagship) CD01 "
            "Chin Yen AC01 Asama; AC03 Yakumo; AC07 Kasuga; AC08 Nisshin C08 Takasago; C09 "
            "Chitose; C10 Kasagi; C16 Itsukushima; C17 Hashidate; C18 Matsushima",
        ),
        (
            430,
            "Russia",
            "B06 Peresvet; B11 Tsesarevich; B23 Poltava; B24 Sevastopol; B26 Pobieda; B27 "
            "Retvisan C02 Pallada; C03 Askold; C04 Novik; C09 Diana",
        ),
    ],
    "BS6": [
        (452, "Japan", "Commander: Kamimura AC02 Tokiwa; AC04 Azuma; AC05 Izumo; AC06 Iwate"),
        (456, "Russia", "Commander: Essen AC01 Rurik; AC05 Rossiya; AC06 Gromoboi C06 Bogatyr"),
    ],
    "BS7": [
        (
            476,
            "Japan",
            "Commander: Togo B02 Fuji; B03 Shikishima; B05 Asahi; B06 Mikasa (flagship) CD01 "
            "Chin Yen AC01 Asama; AC02 Tokiwa; AC03 Yakumo; AC04 Azuma; AC05 Izumo; AC06 "
            "Iwate; AC07 Kasuga; AC08 Nisshin C01 Naniwa; C09 Chitose; C10 Kasagi; C11 "
            "Tsushima; C12 Niitaka; C13 Otowa; C16 Itsukushima; C17 Hashidate; C18 Matsushima "
            "GB07 Izumi No. 21-class torpedo boats: 31 Ikazuchi-class destroyers: 20 "
            "Hayabusa-class destroyers: 13",
        ),
        (
            480,
            "Russia",
            "B12 Borodino; B13 Imperator Alexander III; B14 Orel; B15 Kniaz Suvarov; B19 "
            "Imperator Nikolai I; B20 Navarin; B21 Sissoi Veliki; B25 Oslabia CD01 Admiral "
            "Ushakov; CD02 Admiral Seniavin; CD03 General Admiral Apraxin AC02 Vladimir "
            "Monomakh; AC04 Dimitri Donskoi; AC07 Admiral Nakhimov C01 Svietlana; C07 Oleg; "
            "C08 Aurora; C11 Izumrud; C12 Jemtchug GB16 Almaz BS01 Rus Boiki-class "
            "destroyers: 8",
        ),
    ],
    "BS8": [
        (
            502,
            "Japan",
            "Commander: Togo B02 Fuji; B03 Shikishima; B05 Asahi; B07 Kashima; B09 Yamato; B10 "
            "Musashi CD01 Chin Yen AC01 Asama; AC02 Tokiwa; AC03 Yakumo; AC04 Azuma; AC05 "
            "Izumo; AC06 Iwate; AC07 Kasuga; AC08 Nisshin C01 Naniwa; C09 Chitose; C10 Kasagi; "
            "C11 Tsushima; C12 Niitaka; C13 Otowa GB07 Izumi No. 21-class torpedo boats: 15 "
            "Ikazuchi-class destroyers: 12 Hayabusa-class destroyers: 6",
        ),
        (
            506,
            "Russia",
            "First Pacific Squadron: Commander: Makarov B06 Peresvet; B11 Tsesarevich; B22 "
            "Petropavlovsk (flagship); B23 Poltava; B24 Sevastopol; B26 Pobieda; B27 Retvisan "
            "AC01 Rurik; AC03 Bayan; AC05 Rossiya; AC06 Gromoboi C02 Pallada; C03 Askold; C04 "
            "Novik; C06 Bogatyr; C08 Aurora; C09 Diana Puilki-class destroyers: 9 No. "
            "214-class torpedo boats: 6 Sungari-class torpedo boats: 3",
        ),
        (
            508,
            "Russia",
            "Second Pacific Squadron: B12 Borodino; B13 Imperator Alexander III; B14 Orel; B15 "
            "Kniaz Suvarov; B19 Imperator Nikolai I; B20 Navarin; B21 Sissoi Veliki; B25 "
            "Oslabia CD01 Admiral Ushakov; CD02 Admiral Seniavin; CD03 General Admiral "
            "Apraxsin AC02 Vladimir Monomakh; AC04 Dimitri Donskoi; AC07 Admiral Nakhimov C01 "
            "Svietlana; C07 Oleg; C11 Izumrud; C12 Jemtchug GB16 Almaz BS01 Rus Boiki-class "
            "destroyers: 9 Sungari-class torpedo boats: 6",
        ),
    ],
}

# The printed class names and the squadron codes of ships.csv.
CLASSES = {
    "No. 21": "TB-No21",
    "Ikazuchi": "DD-Ikazuchi",
    "Hayabusa": "DD-Hayabusa",
    "Puilki": "DD-Puilki",
    "Puliki": "DD-Puilki",  # BS3 L370 as printed
    "Boiki": "DD-Boiki",
    "No. 214": "TB-No214",
    "Sungari": "TB-Sungari",
}
_SHIP = re.compile(r"\b((?:B|CD|AC|C|GB|BS)\d{2})\b")
_CLASS = re.compile(r"(No\. \d+|[A-Z][a-z]+)-class [a-z ]+?(?: \(as printed\))?: (\d+)")
_TRANSPORTS = re.compile(r"Troop transports: (\d+)")


def printed(bs: str, side: str) -> tuple[list[str], dict[str, int]]:
    """The single-ship codes and squadron totals a scenario prints for a side."""
    ships: list[str] = []
    squads: dict[str, int] = {}
    for _line, s, text in PRINTED[bs]:
        if s != side:
            continue
        ships += _SHIP.findall(text)
        for name, n in _CLASS.findall(text):
            squads[CLASSES[name]] = squads.get(CLASSES[name], 0) + int(n)
        for n in _TRANSPORTS.findall(text):
            squads["TR-F"] = squads.get("TR-F", 0) + int(n)
    return ships, squads


def squad_totals(force: Force) -> dict[str, int]:
    out: dict[str, int] = {}
    for sq in force.squadrons:
        out[sq.code] = out.get(sq.code, 0) + sq.ships
    return out


# Every bundled file ------------------------------------------------------------------


def test_the_eight_battle_scenarios_are_bundled() -> None:
    assert sorted(p.stem for p in SCENARIOS.glob("*.toml")) == sorted(FILES.values())


@pytest.mark.parametrize("bs", sorted(FILES))
def test_every_bundled_file_parses(bs: str) -> None:
    s = load(FILES[bs])
    assert s.id == FILES[bs]
    assert s.rule == f"GWaS {bs}"
    assert s.title.startswith(f"Battle Scenario {bs[2]}:")
    assert s.description and s.date and s.notes
    assert set(s.forces) == {"Japan", "Russia"}
    assert s.impulses_provenance == ("reconstructed" if bs in ("BS1", "BS2", "BS3") else "rulebook")


@pytest.mark.parametrize("bs", sorted(FILES))
def test_forces_are_the_printed_lists(bs: str) -> None:
    s = load(FILES[bs])
    for side in ("Japan", "Russia"):
        ships, squads = printed(bs, side)
        force = s.forces[side]
        listed = [c for c in force.ships if not c.startswith("FORT-")]
        assert sorted(listed) == sorted(ships), side
        assert len(listed) == len(set(listed))
        assert squad_totals(force) == squads, side
        for code in force.ships:
            assert code in CODES[side] and not is_squadron_class(code)


@pytest.mark.parametrize(
    ("bs", "japan", "russia"),
    [
        ("BS1", 6 + 4 + 4, 2),
        ("BS2", 16, 11),
        ("BS3", 14 + 4, 9 + 1 + 6 + 12),
        ("BS4", 3, 14 + 15),
        ("BS5", 15, 10),
        ("BS6", 4, 4),
        ("BS7", 23 + 31 + 20 + 13, 21 + 8),
        ("BS8", 22 + 15 + 12 + 6, 17 + 9 + 6 + 3 + 20 + 9 + 6),
    ],
)
def test_ship_counts(bs: str, japan: int, russia: int) -> None:
    s = load(FILES[bs])

    def count(force: Force) -> int:
        return sum(1 for c in force.ships if not c.startswith("FORT-")) + sum(
            q.ships for q in force.squadrons
        )

    assert (count(s.forces["Japan"]), count(s.forces["Russia"])) == (japan, russia)


def test_port_arthur_scenarios_have_the_two_fortresses_in_the_roadstead() -> None:
    for name in ("port-arthur", "makarov", "amur"):
        s = load(name)
        assert s.overlay == "port-arthur"
        assert {"FORT-1", "FORT-2"} <= set(s.forces["Russia"].ships)
        forts = [p for p in s.placements if "FORT-1" in p.ships]
        assert forts[0].area == "hex" and forts[0].hex == "K8" and not forts[0].adjacent
    for name in ("chemulpo", "yellow-sea", "ulsan", "tsushima", "first-of-october"):
        assert not any(c.startswith("FORT") for c in load(name).forces["Russia"].ships)


@pytest.mark.parametrize(
    ("name", "weather", "impulses", "initiative", "edge", "entry_side"),
    [
        ("chemulpo", 1, 6, "", "E", "Russia"),
        ("port-arthur", 1, 8, "Japan", "SW", "Japan"),
        ("makarov", 1, 8, "Russia", "SW", "Japan"),
        ("amur", 1, 4, "Russia", "SW", "Japan"),
        ("yellow-sea", 1, 8, "Japan", "SE", "Japan"),
        ("ulsan", 1, 5, "Russia", "W", "Russia"),
        ("tsushima", 3, 8, "Russia", "SW", "Russia"),
        ("first-of-october", 1, 12, "Russia", "NE", "Russia"),
    ],
)
def test_head(
    name: str, weather: int, impulses: int, initiative: str, edge: str, entry_side: str
) -> None:
    s = load(name)
    assert (s.weather, s.impulses, s.initiative, s.entry_edge, s.entry_side) == (
        weather,
        impulses,
        initiative,
        edge,
        entry_side,
    )


# The readings of each scenario --------------------------------------------------------


def test_bs1_chemulpo() -> None:
    s = load("chemulpo")
    assert s.night_from == 3 and s.overlay == "chemulpo"
    assert [(p.side, p.area) for p in s.placements] == [("Russia", "port"), ("Japan", "centre")]
    russia = s.forces["Russia"]
    assert (russia.er_of("C10"), russia.er_of("GB14"), russia.er_of("R:GB14")) == (6, 4, 4)
    assert s.forces["Japan"].squadron_counters() == (
        (("TB-No21#1", 3), ("TB-No21#2", 1)),
        (("TR-F#1", 4),),
    )
    assert (s.breakout, s.breakout_ships, s.breakout_follow) == ("Russia", 0, True)
    v = s.victory
    assert (v.exit_vp_side, v.exit_vp_fraction, v.exit_vp_edges) == (
        "Russia",
        1.0,
        ("W", "SW", "SE"),
    )
    assert (v.transport_vp, v.transport_hex) == (3, s.scripted_transports)


def test_bs2_port_arthur() -> None:
    s = load("port-arthur")
    novik, roadstead, japan = s.placements
    assert (novik.ships, novik.hex, novik.adjacent) == (("C04",), "K8", True)
    assert roadstead.hex == "K8" and not roadstead.adjacent and len(roadstead.ships) == 12
    assert (japan.side, japan.area, japan.edge) == ("Japan", "edge", "SW")
    (adj,) = s.adjustments
    assert (adj.side, set(adj.ships), adj.part, adj.boxes, adj.aground) == (
        "Russia",
        {"B11", "B27"},
        "hull",
        2,
        True,
    )
    assert s.forces["Japan"].flagship == "B06" and s.forces["Russia"].er == 4


def test_bs3_makarov() -> None:
    s = load("makarov")
    fixed = {(p.side, p.hex): set(p.ships) for p in s.placements if p.area == "hex"}
    assert fixed[("Russia", "K11")] == {"B06", "B22", "B23", "B24", "B26"}
    assert fixed[("Russia", "K13")] == {"AC03", "C03", "C04", "C09"}
    assert fixed[("Russia", "K14")] == {"DD-Puilki#1"}
    assert fixed[("Japan", "K14")] == {"DD-Ikazuchi#1", "DD-Ikazuchi#2", "AC01", "AC02"}
    assert fixed[("Japan", "K15")] == {"AC07", "AC08", "C04", "C08", "C09", "C10"}
    assert fixed[("Japan", "K17")] == {"B01", "B02", "B03", "B04", "B05", "B06"}
    harbor = [p for p in s.placements if p.area == "harbor"]
    assert len(harbor) == 1 and harbor[0].ships == ()
    assert s.forces["Russia"].squadron_counters() == (
        (("DD-Puilki#1", 1),),
        tuple((f"DD-Puilki#{i}", 3) for i in range(2, 6)),
    )
    (mines,) = s.mines
    assert (mines.kind, mines.side, mines.fields, mines.ships) == ("roadstead", "Russia", 4, ())
    assert (s.victory.margin_side, s.victory.margin) == ("Japan", 30)
    assert (s.forces["Russia"].commander, s.forces["Russia"].flagship) == ("Makarov", "B22")
    assert s.forces["Japan"].er == s.forces["Russia"].er == 5


def test_bs4_amur() -> None:
    s = load("amur")
    near = next(p for p in s.placements if p.side == "Japan")
    assert (near.area, near.hex, near.within, set(near.ships)) == (
        "near",
        "K8",
        3,
        {"B01", "B03", "B04"},
    )
    assert [p.area for p in s.placements if p.side == "Russia"] == ["hex", "harbor"]
    (mines,) = s.mines
    assert (mines.kind, mines.side, mines.fields, set(mines.ships), mines.vp) == (
        "pre_battle",
        "Japan",
        6,
        {"B01", "B03", "B04"},
        False,
    )
    (adj,) = s.adjustments
    assert (adj.ships, adj.part, adj.boxes, adj.aground) == (("B24",), "hull", 1, False)
    assert (s.forces["Japan"].er, s.forces["Russia"].er) == (6, 4)


def test_bs5_yellow_sea() -> None:
    s = load("yellow-sea")
    (adj,) = s.adjustments
    assert (adj.side, adj.type, adj.part, adj.boxes) == ("Russia", "B", "secondary", 1)
    assert (s.breakout, s.breakout_ships) == ("Russia", 6)
    assert (s.victory.exit_side, s.victory.exit_ships, s.victory.exit_edges) == ("Russia", 7, ())
    assert s.victory.ties == "Japan"
    assert s.forces["Japan"].er == s.forces["Russia"].er == 4


def test_bs6_ulsan() -> None:
    s = load("ulsan")
    assert s.optional_ships == (("Russia", "C06", "bogatyr", True),)
    v = s.victory
    assert (v.exit_vp_side, v.exit_vp_fraction, v.exit_vp_edges) == ("Russia", 0.5, ("E",))
    assert (v.lost_edges_side, v.lost_edges) == ("Russia", ("E",))
    assert s.forces["Japan"].er == s.forces["Russia"].er == 6  # 19.1 default
    assert (s.forces["Japan"].commander, s.forces["Russia"].commander) == ("Kamimura", "Essen")


def test_bs7_tsushima() -> None:
    s = load("tsushima")
    assert s.title == "Battle Scenario 7: Battle of the Sea of Japan (1905.5.27)"
    japan = s.forces["Japan"]
    assert squad_totals(japan) == {"TB-No21": 31, "DD-Ikazuchi": 20, "DD-Hayabusa": 13}
    assert sum(1 for k in japan.counters() if k.startswith("TB-No21#")) == 11
    assert (japan.er, s.forces["Russia"].er) == (7, 4)
    assert (s.breakout, s.breakout_ships) == ("Russia", 15)
    v = s.victory
    assert (v.exit_side, v.exit_ships, v.exit_edges, v.ties) == (
        "Russia",
        7,
        ("NW", "NE", "W"),
        "Japan",
    )


def test_bs8_first_of_october_fleets() -> None:
    s = load("first-of-october")
    russia = s.forces["Russia"]
    (first, first_keys), (second, second_keys) = russia.fleets
    assert (first, second) == ("First Pacific Squadron", "Second Pacific Squadron")
    assert "TB-Sungari#1" in first_keys and {"TB-Sungari#2", "TB-Sungari#3"} <= set(second_keys)
    assert not set(first_keys) & set(second_keys)
    assert set(first_keys) | set(second_keys) == set(russia.counters())
    assert russia.er_of("B22") == 6 and russia.er_of("B12") == 5
    assert russia.er_of("TB-Sungari#1.2") == 6 and russia.er_of("TB-Sungari#3.1") == 5
    assert russia.er_of("DD-Boiki#1") == 5 and russia.er_of("DD-Puilki#3") == 6
    assert (russia.commander, russia.flagship) == ("Makarov", "B22")
    assert s.forces["Japan"].flagship == "" and s.forces["Japan"].er == 7


def test_every_file_documents_its_sources() -> None:
    for name in FILES.values():
        text = (SCENARIOS / f"{name}.toml").read_text(encoding="utf-8")
        assert text.startswith("# Great War at Sea 1904-1905, Battle Scenario")
        assert "shared/rules/gwas_1904.txt L" in text


# Helpers of the contract -----------------------------------------------------------------


def test_split_squadron() -> None:
    assert split_squadron("DD-Ikazuchi", 4) == (3, 1)
    assert split_squadron("TB-No21", 31) == (3,) * 10 + (1,)
    assert split_squadron("TR-F", 4) == (4,)
    assert split_squadron("TR-F", 5) == (4, 1)


def test_counter_numbering_runs_on_across_entries() -> None:
    force = Force((), (Squadron("DD-Puilki", 2), Squadron("TB-No214", 1), Squadron("DD-Puilki", 4)))
    assert force.counters() == ("DD-Puilki#1", "TB-No214#1", "DD-Puilki#2", "DD-Puilki#3")
    assert force.resolve("DD-Puilki") == ("DD-Puilki#1", "DD-Puilki#2", "DD-Puilki#3")
    assert force.resolve("DD-Puilki#9") == ()


def test_is_squadron_class() -> None:
    assert is_squadron_class("TB-No21") and is_squadron_class("TR-F")
    assert not is_squadron_class("FORT-1") and not is_squadron_class("B06")


# Malformed input ----------------------------------------------------------------------------


def minimal() -> dict[str, Any]:
    return {
        "scenario": {
            "id": "test",
            "title": "Test",
            "rule": "GWaS test",
            "weather": 1,
            "initiative": "Japan",
            "entry_edge": "SE",
        },
        "forces": {
            "Japan": {"ships": ["B06", "C04"], "squadrons": [{"code": "DD-Ikazuchi", "ships": 4}]},
            "Russia": {"ships": ["B06", "C04"]},
        },
        "placement": [{"side": "Russia", "area": "centre"}, {"side": "Japan", "area": "edge"}],
    }


def error(doc: dict[str, Any]) -> DataError:
    with pytest.raises(DataError) as info:
        parse_scenario(doc, "test.toml", CODES)
    assert info.value.file == "test.toml"
    return info.value


def test_the_minimal_document_parses() -> None:
    s = parse_scenario(minimal(), "test.toml", CODES)
    assert s.entry_side == "Japan" and s.placements[1].edge == "SE"
    assert s.forces["Japan"].counters() == ("B06", "C04", "DD-Ikazuchi#1", "DD-Ikazuchi#2")


def edit(path: str, value: Any) -> dict[str, Any]:
    """The minimal document with ``value`` at a dotted path (``[i]`` for list items);
    ``DELETE`` removes the key."""
    doc = minimal()
    *parents, last = re.findall(r"[^.\[\]]+", path)
    node: Any = doc
    for key in parents:
        node = node[int(key)] if key.isdigit() else node[key]
    key: Any = int(last) if last.isdigit() else last
    if value is DELETE:
        del node[key]
    else:
        node[key] = value
    return doc


DELETE = object()


@pytest.mark.parametrize(
    ("path", "value", "where", "words"),
    [
        # unknown keys, with did-you-mean
        ("colour", "red", "colour", "unknown key 'colour'"),
        ("scenario.wether", 1, "scenario.wether", "did you mean 'weather'"),
        ("forces.Japan.ship", ["B01"], "forces.Japan.ship", "did you mean 'ships'"),
        ("placement[0].hexes", "K8", "placement[0].hexes", "unknown key"),
        ("forces.Japan.squadrons[0].count", 2, "forces.Japan.squadrons[0].count", "unknown key"),
        # missing keys
        ("scenario.id", DELETE, "scenario.id", "missing"),
        ("forces.Russia", DELETE, "forces.Russia", "missing"),
        ("placement", DELETE, "placement", "missing"),
        # wrong types
        ("scenario.weather", "1", "scenario.weather", "must be an integer, not a string ('1')"),
        ("scenario.weather", True, "scenario.weather", "must be an integer"),
        ("scenario.impulses", 8.0, "scenario.impulses", "must be an integer"),
        ("forces.Japan.ships", "B06", "forces.Japan.ships", "must be an array"),
        ("forces.Japan.ships", ["B06", 7], "forces.Japan.ships[1]", "must be a string"),
        ("forces.Japan.er", "6", "forces.Japan.er", "must be an integer"),
        ("forces.Japan", ["B06"], "forces.Japan", "must be a table"),
        ("placement", {"side": "Japan"}, "placement", "must be an array"),
        ("placement[0]", "centre", "placement[0]", "must be a table"),
        ("scenario.breakout_follow", "yes", "scenario.breakout_follow", "must be a boolean"),
        ("scenario.notes", "one", "scenario.notes", "must be an array"),
        # unknown ship codes, with did-you-mean
        ("forces.Japan.ships[1]", "C4", "forces.Japan.ships[1]", "did you mean 'C04'"),
        (
            "forces.Russia.ships[0]",
            "B99",
            "forces.Russia.ships[0]",
            "unknown Russia ship code 'B99'",
        ),
        ("forces.Russia.ships[1]", "C01X", "forces.Russia.ships[1]", "unknown Russia ship code"),
        (
            "forces.Japan.squadrons[0].code",
            "DD-Ikazuci",
            "forces.Japan.squadrons[0].code",
            "did you mean 'DD-Ikazuchi'",
        ),
        ("forces.Japan.squadrons[0].code", "DD-Boiki", "forces.Japan.squadrons[0].code", "unknown"),
        ("forces.Japan.squadrons[0].code", "B06", "forces.Japan.squadrons[0].code", "single ship"),
        ("forces.Japan.ships[1]", "TB-No21", "forces.Japan.ships[1]", "squadron class"),
        ("forces.Japan.ships[1]", "B06", "forces.Japan.ships[1]", "already listed"),
        # counts
        ("forces.Japan.squadrons[0].ships", 0, "forces.Japan.squadrons[0].ships", "from 1 to 99"),
        ("forces.Japan.er", 8, "forces.Japan.er", "from 1 to 7"),
        ("forces.Japan.er", 0, "forces.Japan.er", "from 1 to 7"),
        ("forces.Russia.ships", [], "forces.Russia", "at least one ship"),
        # bad sides
        ("placement[0].side", "Rusia", "placement[0].side", "did you mean 'Russia'"),
        ("scenario.initiative", "japan", "scenario.initiative", "unknown side 'japan'"),
        ("forces.Japn", {"ships": ["B06"]}, "forces.Japn", "did you mean 'Japan'"),
        # bad edges
        ("scenario.entry_edge", "S", "scenario.entry_edge", "one of NE, E, SE, SW, W, NW"),
        ("placement[1].edge", "north", "placement[1].edge", "map edge"),
        # weather and other ranges
        ("scenario.weather", 0, "scenario.weather", "from 1 to 6"),
        ("scenario.weather", 7, "scenario.weather", "from 1 to 6"),
        ("scenario.impulses", -1, "scenario.impulses", "from 0 to 999"),
        ("scenario.id", "Test Scenario", "scenario.id", "lower-case"),
        ("scenario.date", "10 August 1904", "scenario.date", "ISO date"),
        ("scenario.overlay", "vladivostok", "scenario.overlay", "port-arthur, chemulpo"),
        ("scenario.impulses_provenance", "guess", "scenario.impulses_provenance", "one of"),
        ("scenario.initiative", DELETE, "scenario.entry_side", "initiative is rolled"),
        ("scenario.breakout_ships", 3, "scenario.breakout", "needed"),
        ("scenario.scripted_transports", "K11", "scenario.scripted_transports", "transports"),
        # areas and placements
        ("placement[0].area", "middle", "placement[0].area", "one of centre, edge"),
        ("placement[0].area", "harbor", "placement[0].area", "overlay = 'port-arthur'"),
        ("placement[0].within", 2, "placement[0].within", "only to area near"),
        ("placement[1].side", "Russia", "placement[1].edge", "name its edge"),
        ("placement[1]", DELETE, "placement", "no placement for a side"),
        ("placement[0].side", "Japan", "placement[0].side", "centre (7.21) is for the other side"),
        ("placement[0].ships", ["B07"], "placement[0].ships[0]", "unknown ship or squadron"),
        ("placement[0].ships", ["B06"], "placement", "without a placement: C04"),
    ],
)
def test_malformed_input_names_the_field(path: str, value: Any, where: str, words: str) -> None:
    exc = error(edit(path, value))
    assert exc.path == where, str(exc)
    assert words in str(exc), str(exc)
    assert str(exc).startswith(f"test.toml: {where}: ")


def test_bad_hexes() -> None:
    for bad, words in (("Z99", "column letter A-U"), ("K40", "off the map"), ("", "column letter")):
        doc = minimal()
        doc["placement"][0] = {"side": "Russia", "area": "hex", "hex": bad, "ships": ["B06", "C04"]}
        exc = error(doc)
        assert exc.path == "placement[0].hex" and words in str(exc)
    doc = minimal()
    doc["placement"][0] = {"side": "Russia", "area": "hex", "hex": "k08"}
    assert parse_scenario(doc, "t", CODES).placements[0].hex == "K8"
    doc = minimal()
    doc["victory"] = {"transport_vp": 3, "transport_hex": "A1"}
    assert error(doc).path == "victory.transport_hex"


def test_placement_rules() -> None:
    doc = minimal()
    doc["placement"] = [
        {"side": "Russia", "area": "centre"},
        {"side": "Russia", "area": "centre", "ships": ["B06"]},
        {"side": "Japan", "area": "edge"},
    ]
    assert error(doc).path == "placement[0].ships"  # a catch-all must come last
    doc["placement"][0] = {"side": "Russia", "area": "centre", "ships": ["B06"]}
    assert "already placed" in str(error(doc))
    doc["placement"][0] = {"side": "Russia", "area": "centre", "ships": ["C04"]}
    doc["placement"].insert(2, {"side": "Russia", "area": "centre"})
    assert "names none" in str(error(doc))
    doc = minimal()
    doc["placement"][1] = {"side": "Japan", "area": "edge", "ships": ["DD-Ikazuchi#3"]}
    assert "did you mean 'DD-Ikazuchi#" in str(error(doc))
    doc["placement"][1] = {"side": "Japan", "area": "near", "hex": "K8"}
    assert error(doc).path == "placement[1].within"
    doc["placement"][1] = {"side": "Japan", "area": "hex"}
    assert error(doc).path == "placement[1].hex"
    doc["placement"][1] = {"side": "Japan", "area": "hex", "hex": "K8", "ships": ["B06", "B06"]}
    assert "already named" in str(error(doc))


def test_at_most_eight_counters_a_side_in_a_fixed_hex() -> None:
    doc = minimal()
    doc["forces"]["Russia"] = {
        "ships": ["B06", "B11", "B22", "B23", "B24", "B26", "B27", "AC03", "C03"]
    }
    doc["placement"][0] = {"side": "Russia", "area": "hex", "hex": "K8"}
    assert "9 Russia counters" in str(error(doc))
    doc["scenario"]["overlay"] = "port-arthur"
    doc["adjustment"] = [{"side": "Russia", "ships": ["B11"], "aground": True}]
    parse_scenario(doc, "t", CODES)  # a ship aground is outside the limit (BS2)
    doc["forces"]["Russia"]["ships"].append("FORT-1")
    parse_scenario(doc, "t", CODES)  # and so is a fortress (20.44)


def test_adjustments_mines_options_victory() -> None:
    cases: list[tuple[str, Any, str, str]] = [
        ("adjustment", [{"side": "Russia"}], "adjustment[0]", "either ships"),
        (
            "adjustment",
            [{"side": "Russia", "type": "B", "ships": ["B06"]}],
            "adjustment[0]",
            "not both",
        ),
        (
            "adjustment",
            [{"side": "Russia", "type": "DD", "boxes": 1}],
            "adjustment[0].type",
            "no single ship",
        ),
        (
            "adjustment",
            [{"side": "Russia", "type": "X", "boxes": 1}],
            "adjustment[0].type",
            "one of",
        ),
        ("adjustment", [{"side": "Russia", "type": "B"}], "adjustment[0]", "changes nothing"),
        (
            "adjustment",
            [{"side": "Russia", "ships": ["B01"], "boxes": 1}],
            "adjustment[0].ships[0]",
            "unknown",
        ),
        (
            "adjustment",
            [{"side": "Russia", "type": "B", "part": "deck", "boxes": 1}],
            "adjustment[0].part",
            "one of",
        ),
        (
            "mines",
            [{"kind": "pre_battle", "side": "Japan", "fields": 6}],
            "mines[0].ships",
            "needs the ships",
        ),
        (
            "mines",
            [{"kind": "roadstead", "side": "Russia", "fields": 4}],
            "mines[0].kind",
            "port-arthur",
        ),
        ("mines", [{"kind": "field", "side": "Russia", "fields": 4}], "mines[0].kind", "one of"),
        (
            "mines",
            [{"kind": "pre_battle", "side": "Japan", "fields": 0, "ships": ["B06"]}],
            "mines[0].fields",
            "from 1 to 999",
        ),
        (
            "optional_ship",
            [{"side": "Russia", "code": "C06", "option": "bogatyr"}],
            "optional_ship[0].code",
            "unknown",
        ),
        (
            "optional_ship",
            [{"side": "Russia", "code": "C04", "option": "No Novik"}],
            "optional_ship[0].option",
            "lower-case",
        ),
        ("victory", {"exit_side": "Russia"}, "victory.exit_ships", "needed with victory.exit_side"),
        ("victory", {"exit_ships": 7}, "victory.exit_ships", "needs victory.exit_side"),
        (
            "victory",
            {"exit_vp_side": "Russia", "exit_vp_fraction": 1.5},
            "victory.exit_vp_fraction",
            "from 0 to 1",
        ),
        (
            "victory",
            {"exit_vp_side": "Russia", "exit_vp_fraction": "half"},
            "victory.exit_vp_fraction",
            "must be a number",
        ),
        (
            "victory",
            {"lost_edges_side": "Russia", "lost_edges": ["E", "E"]},
            "victory.lost_edges[1]",
            "twice",
        ),
        ("victory", {"margin": 30}, "victory.margin", "needs victory.margin_side"),
        ("victory", {"ties": "Both"}, "victory.ties", "unknown side"),
        ("victory", {"exit_edge": ["W"]}, "victory.exit_edge", "did you mean 'exit_edges'"),
    ]
    for key, value, where, words in cases:
        doc = minimal()
        doc[key] = value
        exc = error(doc)
        assert exc.path == where and words in str(exc), (key, value, str(exc))


def test_force_rules() -> None:
    cases: list[tuple[dict[str, Any], str, str]] = [
        ({"ships": ["B06"], "flagship": "B11"}, "forces.Russia.flagship", "unknown"),
        ({"ships": ["B06"], "er_by_ship": {"B11": 4}}, "forces.Russia.er_by_ship.B11", "unknown"),
        (
            {"ships": ["B06"], "er_by_ship": {"B06": 9}},
            "forces.Russia.er_by_ship.B06",
            "from 1 to 7",
        ),
        (
            {"ships": ["B06"], "fleets": [{"name": "A", "ships": ["C04"]}]},
            "forces.Russia.ships",
            "fleets",
        ),
        ({"fleets": []}, "forces.Russia.fleets", "at least one fleet"),
        ({"fleets": [{"name": "A"}]}, "forces.Russia.fleets[0]", "no ships"),
        (
            {"fleets": [{"name": "A", "ships": ["B06"]}, {"name": "A", "ships": ["C04"]}]},
            "forces.Russia.fleets[1].name",
            "no other fleet",
        ),
        (
            {"fleets": [{"name": "A", "ships": ["B06"]}, {"name": "B", "ships": ["B06"]}]},
            "forces.Russia.fleets[1].ships[0]",
            "already listed at forces.Russia.fleets[0].ships[0]",
        ),
        (
            {"fleets": [{"name": "A", "ships": ["B06"], "er": 8}]},
            "forces.Russia.fleets[0].er",
            "1 to 7",
        ),
    ]
    for force, where, words in cases:
        doc = minimal()
        doc["forces"]["Russia"] = force
        exc = error(doc)
        assert exc.path == where and words in str(exc), (force, str(exc))


def test_fleets_er_and_counters() -> None:
    doc = minimal()
    doc["forces"]["Russia"] = {
        "er": 6,
        "fleets": [
            {"name": "A", "ships": ["B06"], "squadrons": [{"code": "TB-Sungari", "ships": 2}]},
            {
                "name": "B",
                "er": 5,
                "ships": ["C04"],
                "squadrons": [{"code": "TB-Sungari", "ships": 4}],
            },
        ],
        "er_by_ship": {"TB-Sungari#1": 3},
    }
    russia = parse_scenario(doc, "t", CODES).forces["Russia"]
    assert russia.fleets == (
        ("A", ("B06", "TB-Sungari#1")),
        ("B", ("C04", "TB-Sungari#2", "TB-Sungari#3")),
    )
    assert [russia.er_of(k) for k in ("B06", "C04", "TB-Sungari#1.1", "TB-Sungari#3.1")] == [
        6,
        5,
        3,
        5,
    ]


def test_dates_may_be_toml_dates() -> None:
    import datetime

    doc = edit("scenario.date", datetime.date(1904, 8, 10))
    assert parse_scenario(doc, "t", CODES).date == "1904-08-10"


DOCS = Path(__file__).parents[3] / "docs" / "scenarios.md"


def _documented_areas() -> set[str]:
    """The values docs/scenarios.md gives for ``placement[].area``."""
    for line in DOCS.read_text(encoding="utf-8").splitlines():
        if line.startswith("| `placement[].area` |"):
            return set(re.findall(r"`([^`]+)`", line.split("|")[3]))
    raise AssertionError("docs/scenarios.md has no placement[].area row")


def _placed_by(area: str) -> dict[str, Any]:
    """The minimal document with the Russians placed by ``area`` (and what it needs)."""
    doc = minimal()
    placement: dict[str, Any] = {"side": "Russia", "area": area}
    if area in AREA_OVERLAY:
        doc["scenario"]["overlay"] = AREA_OVERLAY[area]
    if area in ("hex", "near"):
        placement["hex"] = "K11"
    if area == "near":
        placement["within"] = 2
    if area == "edge":
        placement["edge"] = "NW"
    doc["placement"][0] = placement
    return doc


def test_areas_are_the_contract() -> None:
    """The placement areas the reader accepts (AREAS) are the ones docs/scenarios.md
    documents, and the set-up places a counter by each of them: a non-empty choice of
    hexes on the tactical map, sea or the overlay's port (7.21, 7.22, 20.4, 20.5)."""
    from navalwar.engine import Context
    from navalwar.games.gwas_1904 import GAME
    from navalwar.games.gwas_1904.setup import legal_hexes
    from navalwar.games.gwas_1904.tactical_map import on_map

    assert _documented_areas() == set(AREAS)
    assert set(AREA_OVERLAY) <= set(AREAS)
    data = GAME.load_data()
    options = GAME.spec.resolve_options(None)
    for area in AREAS:
        scenario = GAME.scenario_from_document(_placed_by(area), "t.toml", data)
        assert [p.area for p in scenario.placements] == [area, "edge"]
        state = GAME.initial_state(scenario, data, options, Context(ScriptedDice([])))
        where = legal_hexes(state, "R:B06")
        assert where and all(on_map(h) for h in where), area
        ov = state.overlay
        assert ov is None or all(h not in ov.full_land for h in where), area
        assert (ov is not None and where == [ov.port]) is (area in ("harbor", "port")), area


def test_a_malformed_file_on_disk(tmp_path: Path) -> None:
    text = (SCENARIOS / "yellow-sea.toml").read_text(encoding="utf-8")
    bad = tmp_path / "yellow-sea.toml"
    bad.write_text(text.replace('"C18",', '"C19",'), encoding="utf-8")
    with pytest.raises(DataError) as info:
        parse_scenario(parse_toml(bad), str(bad), CODES)
    assert info.value.path == "forces.Japan.ships[14]"
    assert str(bad) in str(info.value) and "unknown Japan ship code 'C19'" in str(info.value)


# -- ship names in scenario files, and `show` (issue 15) --------------------------------------


def _names() -> dict[str, dict[str, str]]:
    ships = load_ships(parse_csv(SHIPS), str(SHIPS))
    out: dict[str, dict[str, str]] = {"Japan": {}, "Russia": {}}
    for (nation, code), spec in ships.items():
        out[{"J": "Japan", "R": "Russia"}[nation]][code] = spec.name
    return out


NAMES = _names()


def test_issue_15_a_scenario_may_name_its_ships_instead_of_giving_codes() -> None:
    """Names (any letter case) are read as the codes they name, wherever a code may go:
    ships, squadron classes, er_by_ship, flagship, placements, adjustments, mines."""
    doc = minimal()
    doc["forces"]["Russia"] = {
        "ships": ["Variag", "koreetz", "B06"],
        "squadrons": [{"code": "Puilki class", "ships": 3}],
        "er_by_ship": {"Koreetz": 4},
        "commander": "Makarov",
        "flagship": "Peresvet",
    }
    doc["placement"][0]["ships"] = ["Variag", "Koreetz", "Peresvet", "Puilki class"]
    doc["adjustment"] = [{"side": "Russia", "ships": ["Variag"], "boxes": 1}]
    doc["mines"] = [{"kind": "pre_battle", "side": "Russia", "ships": ["Peresvet"], "fields": 6}]
    russia = parse_scenario(doc, "t", CODES, NAMES).forces["Russia"]
    assert russia.ships == ("C10", "GB14", "B06")
    assert russia.squadrons == (Squadron("DD-Puilki", 3),)
    assert russia.er_of("GB14") == 4 and russia.er_of("C10") == 6
    assert russia.flagship == "B06"
    assert russia.name_of("GB14") == "Koreetz" and russia.name_of("DD-Puilki") == "Puilki class"
    s = parse_scenario(doc, "t", CODES, NAMES)
    assert s.placements[0].ships == ("C10", "GB14", "B06", "DD-Puilki#1")
    assert s.adjustments[0].ships == ("C10",) and s.mines[0].ships == ("B06",)


def test_issue_15_an_unknown_ship_name_is_a_data_error_with_a_did_you_mean() -> None:
    doc = minimal()
    doc["forces"]["Russia"]["ships"] = ["Varyag"]
    with pytest.raises(DataError) as info:
        parse_scenario(doc, "t.toml", CODES, NAMES)
    assert info.value.path == "forces.Russia.ships[0]"
    assert "did you mean 'Variag'?" in str(info.value)


def test_issue_15_show_prints_ship_names_and_every_er_the_scenario_sets() -> None:
    """`show chemulpo` printed "Russia (ER 6): C10, GB14": no names, and not Koreetz's
    ER 4 (L320), because only the force's ER was printed; BS8's Second Pacific Squadron
    (ER 5, L514) was missing too."""
    from navalwar.games.gwas_1904 import GAME

    data = GAME.load_data()
    text = GAME.describe_scenario(GAME.load_scenario("chemulpo", data))
    assert "Russia (ER 6): C10 Variag, GB14 Koreetz (ER 4)" in text
    assert "AC01 Asama" in text and "4 x TB-No21 No. 21 class" in text
    bs8 = GAME.describe_scenario(GAME.load_scenario("first-of-october", data))
    assert "fleet First Pacific Squadron (ER 6): B06 Peresvet" in bs8
    assert "fleet Second Pacific Squadron (ER 5): B12 Borodino" in bs8


def test_issue_15_a_users_file_on_disk_may_name_ships(tmp_path: Path) -> None:
    """The game passes the data pack's names to the parser: a copy of chemulpo.toml
    naming Variag and Koreetz loads as the bundled file does."""
    from navalwar.games.gwas_1904 import GAME

    text = (SCENARIOS / "chemulpo.toml").read_text()
    text = text.replace('ships = ["C10", "GB14"]', 'ships = ["Variag", "Koreetz"]')
    text = text.replace("er_by_ship = { GB14 = 4 }", "er_by_ship = { Koreetz = 4 }")
    path = tmp_path / "chemulpo-by-name.toml"
    path.write_text(text)
    data = GAME.load_data()
    mine, bundled = GAME.load_scenario(str(path), data), GAME.load_scenario("chemulpo", data)
    assert mine.forces == bundled.forces
