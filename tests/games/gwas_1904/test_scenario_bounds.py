"""Counts a GWaS scenario file gives are bounded (issue 15 item 4): a squadron of a
billion destroyers is a DataError naming the field, not minutes and gigabytes."""

from __future__ import annotations

import copy
import time
from typing import Any

import pytest

from navalwar.datapack import bundled_data_dir, parse_toml
from navalwar.errors import DataError
from navalwar.games.gwas_1904 import GAME
from navalwar.games.gwas_1904.scenario import MAX_COUNT, MAX_SIDE_SQUADRON_SHIPS

AMUR = parse_toml(bundled_data_dir() / "gwas_1904" / "scenarios" / "amur.toml")
DATA = GAME.load_data()


def _error(doc: dict[str, Any]) -> DataError:
    started = time.perf_counter()
    with pytest.raises(DataError) as info:
        GAME.scenario_from_document(doc, "big.toml", DATA)
    assert time.perf_counter() - started < 5  # refused at once, not after building the ships
    return info.value


def test_the_bundled_amur_document_parses() -> None:
    assert GAME.scenario_from_document(copy.deepcopy(AMUR), "amur.toml", DATA).id == "amur"


@pytest.mark.parametrize("ships", [100, 10**9])
def test_a_squadron_of_too_many_ships_is_refused(ships: int) -> None:
    doc = copy.deepcopy(AMUR)
    doc["forces"]["Russia"]["squadrons"][0]["ships"] = ships
    exc = _error(doc)
    assert exc.path == "forces.Russia.squadrons[0].ships"
    assert "from 1 to 99" in str(exc)


def test_many_squadrons_of_a_side_are_refused() -> None:
    doc = copy.deepcopy(AMUR)
    doc["forces"]["Russia"]["squadrons"] = [{"code": "DD-Puilki", "ships": 99}] * 10_000
    exc = _error(doc)
    n = MAX_SIDE_SQUADRON_SHIPS // 99  # the first entry over the bound
    assert exc.path == f"forces.Russia.squadrons[{n}].ships"
    assert f"more than {MAX_SIDE_SQUADRON_SHIPS} squadron ships" in str(exc)


@pytest.mark.parametrize(
    ("table", "key"), [("scenario", "impulses"), ("scenario", "night_from"), ("victory", "margin")]
)
def test_a_count_without_a_printed_range_is_bounded(table: str, key: str) -> None:
    doc = copy.deepcopy(AMUR)
    doc.setdefault(table, {})[key] = MAX_COUNT + 1
    exc = _error(doc)
    assert exc.path == f"{table}.{key}" and f"from 0 to {MAX_COUNT}" in str(exc)


@pytest.mark.parametrize("value", [10**5000, "9" * 5000], ids=["int", "str"])
def test_a_huge_value_is_quoted_by_an_excerpt(value: object) -> None:
    doc = copy.deepcopy(AMUR)
    doc["scenario"]["weather"] = value  # str(10**5000) raises ValueError (4,300 digits)
    exc = _error(doc)
    assert exc.path == "scenario.weather" and len(str(exc)) < 300
