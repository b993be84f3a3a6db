"""The scenario files (28.1-28.4, 28.3.6) against the text: the derived set-up checks of
notes 6.5, the calendar (19.0, A38), and bad files refused with the field named."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from navalwar.datapack import parse_toml
from navalwar.errors import DataError
from navalwar.games.coral_sea import GAME
from navalwar.games.coral_sea.model import is_night, time_of
from navalwar.games.coral_sea.scenario import date_of, parse_scenario, spec_of
from navalwar.games.coral_sea.units import ALLIES, JAPAN

DATA = GAME.load_data()
FOLDER = Path(GAME.data_dir() or "") / "scenarios"


def scen(name: str):  # type: ignore[no-untyped-def]
    return GAME.load_scenario(name, DATA)


def types(side: str, name: str) -> Counter[str]:
    return Counter(DATA.ships[s].type for s in spec_of(scen(name)).forces[side].ships)


def test_the_four_scenarios_and_the_campaign_are_listed() -> None:
    assert GAME.scenarios() == [
        "coral_sea",
        "huon_gulf",
        "raid_on_rabaul",
        "tulagi",
        "tulagi_campaign",
    ]


@pytest.mark.parametrize(
    ("name", "side", "printed"),
    [
        ("raid_on_rabaul", ALLIES, {"CV": 1, "CA": 4, "DD": 10}),  # 28.1.4
        (
            "huon_gulf",
            JAPAN,
            {"AO": 1, "AP": 2, "AV": 1, "CA": 4, "CL": 3, "DD": 6, "ML": 2},
        ),  # 28.2.3
        ("huon_gulf", ALLIES, {"CV": 2, "CA": 8, "DD": 18}),  # 28.2.4
        (
            "tulagi",
            JAPAN,
            {"CV": 2, "CVL": 1, "AV": 1, "CA": 6, "CL": 4, "AO": 4, "AP": 3, "DD": 15, "ML": 3},
        ),
        ("tulagi", ALLIES, {"CV": 2, "CA": 7, "CL": 1, "AO": 2, "DD": 13}),  # 28.3.4
        (
            "coral_sea",
            JAPAN,
            {"CV": 2, "CVL": 1, "AV": 1, "CA": 6, "CL": 4, "DD": 14, "AO": 3, "ML": 3, "AP": 2},
        ),
        ("coral_sea", ALLIES, {"CV": 2, "CA": 7, "CL": 1, "DD": 13, "AO": 2}),  # 28.4.4
    ],
)
def test_ship_counts_by_type_are_the_printed_ones(
    name: str, side: str, printed: dict[str, int]
) -> None:
    """Notes 6.5 row 1: the 31.x rosters give 28.x's counts (S3's fourth AO is the
    unnamed one, A67; S4 leaves out Kikuzuki, sunk before it)."""
    assert types(side, name) == Counter(printed)


def test_scenario_4_leaves_out_kikuzuki_and_scenario_3_has_it() -> None:
    assert "Kikuzuki" not in spec_of(scen("coral_sea")).forces[JAPAN].ships
    assert "Kikuzuki" in spec_of(scen("tulagi")).forces[JAPAN].ships


def _naval(name: str, side: str, mode: str) -> int:
    force = spec_of(scen(name)).forces[side]
    return sum(
        g.count
        for g in force.aircraft
        if g.at == "ships" and DATA.aircraft[g.model].landing == mode
    )


def _capacity(name: str, side: str, kinds: tuple[str, ...]) -> int:
    force = spec_of(scen(name)).forces[side]
    return sum(DATA.ships[s].capacity for s in force.ships if DATA.ships[s].type in kinds)


@pytest.mark.parametrize(
    ("name", "naval", "capacity"),
    [("raid_on_rabaul", 12, 12), ("huon_gulf", 26, 24), ("tulagi", 24, 24), ("coral_sea", 24, 24)],
)
def test_allied_naval_air_against_carrier_capacity(name: str, naval: int, capacity: int) -> None:
    """Notes 6.5 row 2; Huon Gulf's 26 over 24 is A65 (the option ``huon_air``)."""
    assert _naval(name, ALLIES, "C") == naval
    assert _capacity(name, ALLIES, ("CV", "CVL")) == capacity


@pytest.mark.parametrize("name", ["tulagi", "coral_sea"])
def test_japanese_naval_air_fills_the_carriers_and_the_av(name: str) -> None:
    """Notes 6.5 rows 3-4: 28 C-mode counters = 2 CV + CVL; 5 R-mode <= the AV's 6."""
    assert _naval(name, JAPAN, "C") == 28 == _capacity(name, JAPAN, ("CV", "CVL"))
    assert _naval(name, JAPAN, "R") == 5 <= _capacity(name, JAPAN, ("AV",))


def test_huon_gulf_puts_three_f1m2_on_the_av() -> None:
    assert _naval("huon_gulf", JAPAN, "R") == 3 <= _capacity("huon_gulf", JAPAN, ("AV",))


@pytest.mark.parametrize(
    ("name", "last"),
    [
        ("raid_on_rabaul", "Evening 22 February 1942"),
        ("huon_gulf", "Evening 11 March 1942"),
        ("tulagi", "Morning 5 May 1942"),
        ("tulagi_campaign", "Evening 13 May 1942"),
        ("coral_sea", "Evening 13 May 1942"),
    ],
)
def test_the_last_turn_of_each_scenario(name: str, last: str) -> None:
    """Notes 6.5 last row: Noon -> Evening -> Night -> Morning, the date changing at Morning."""
    s = scen(name)
    assert f"{time_of(s.turns)} {date_of(s, s.turns)}" == last


def test_the_dates_the_text_names_fall_on_their_turns() -> None:
    s3, s4 = scen("tulagi"), scen("coral_sea")
    named = {
        10: "Evening 29 April",
        24: "Morning 3 May",
        26: "Evening 3 May",
        28: "Morning 4 May",
        29: "Noon 4 May",
    }
    for turn, text in named.items():
        assert f"{time_of(turn)} {date_of(s3, turn)}".startswith(text)
    assert (time_of(5), date_of(s4, 5)) == ("Noon", "6 May 1942")
    assert [t for t in range(1, 36) if is_night(t)] == [3, 7, 11, 15, 19, 23, 27, 31, 35]


def test_the_table_dates_are_the_file_turns() -> None:
    """28.3.3's table and 28.3.4's entries, 28.4.3's reinforcements, 28.x TF limits."""
    s3 = spec_of(scen("tulagi"))
    j = s3.forces[JAPAN]
    assert [(r.name, r.turn) for r in j.region if r.turn] == [("north_t10", 10), ("north_t29", 29)]
    assert j.slot("TF1") is not None and j.slot("TF1").moves_from == 28  # type: ignore[union-attr]
    assert s3.forces[ALLIES].limit(25) == 3 and s3.forces[ALLIES].limit(26) == 4
    s4 = spec_of(scen("coral_sea"))
    assert s4.forces[JAPAN].limit(5) == 5 and s4.forces[JAPAN].limit(6) == 6
    assert {(g.model, g.count, g.turn) for g in s4.forces[JAPAN].reinforcements} == {
        ("A6M3", 7, 5),
        ("G4M1", 7, 5),
    }
    assert spec_of(scen("tulagi_campaign")).forces[JAPAN].limit(38) == 6


def test_weather_pre_rolls_are_the_printed_ones() -> None:
    assert {n: spec_of(scen(n)).weather_prerolls for n in GAME.scenarios()} == {
        "coral_sea": 20,
        "huon_gulf": 10,
        "raid_on_rabaul": 0,
        "tulagi": 0,
        "tulagi_campaign": 0,
    }


def _doc(name: str) -> dict:  # type: ignore[type-arg]
    return parse_toml(FOLDER / f"{name}.toml")


def test_an_unknown_ship_is_refused_naming_the_field() -> None:
    doc = _doc("coral_sea")
    doc["Allies"]["ships"] = [*doc["Allies"]["ships"], "Enterprise"]
    with pytest.raises(DataError, match=r"Allies\.ships\[25\].*Enterprise"):
        parse_scenario(doc, "mine.toml", DATA)


def test_a_misspelt_key_is_refused() -> None:
    doc = _doc("coral_sea")
    doc["Japan"]["tf_limits"] = [[1, 5]]
    with pytest.raises(DataError, match="tf_limits"):
        parse_scenario(doc, "mine.toml", DATA)


def test_a_region_that_is_not_declared_is_refused() -> None:
    doc = _doc("coral_sea")
    doc["Japan"]["regions"] = ["near_truk"]
    with pytest.raises(DataError, match="near_truk"):
        parse_scenario(doc, "mine.toml", DATA)


def test_a_bad_date_and_a_wrong_type_are_refused() -> None:
    doc = _doc("huon_gulf")
    doc["first_date"] = "3/3/1942"
    with pytest.raises(DataError, match="first_date"):
        parse_scenario(doc, "mine.toml", DATA)
    doc = _doc("huon_gulf")
    doc["turns"] = "34"
    with pytest.raises(DataError, match="turns"):
        parse_scenario(doc, "mine.toml", DATA)


def test_a_users_file_loads_by_path(tmp_path: Path) -> None:
    text = (FOLDER / "raid_on_rabaul.toml").read_text().replace("turns = 34", "turns = 8")
    mine = tmp_path / "short_raid.toml"
    mine.write_text(text)
    assert GAME.load_scenario(str(mine), DATA).turns == 8
