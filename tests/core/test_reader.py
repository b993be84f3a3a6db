"""The core data layer's rules (navalwar.reader, navalwar.known, navalwar.scenario_files),
one for every game (issue 16 item 4)."""

from __future__ import annotations

import csv
import io
from pathlib import Path

import pytest

from navalwar.datapack import bundled_data_dir, parse_csv
from navalwar.engine import load_pack
from navalwar.errors import DataError, UnknownNameError
from navalwar.known import KnownCell, check, holds
from navalwar.reader import Reader, field_provenance, yes_no
from navalwar.registry import load
from navalwar.scenario_files import bundled_scenarios, load_scenario

GAMES = ("tokyo_express", "gwas_1904")


# -- yes/no and field_provenance: one rule each --------------------------------------------
@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("yes", True),
        ("Y", True),
        ("true", True),
        ("1", True),
        (" yes ", True),
        ("no", False),
        ("N", False),
        ("false", False),
        ("0", False),
        ("", False),
    ],
)
def test_the_yes_no_rule(text: str, value: bool) -> None:
    assert yes_no(text, "f.csv", "line 2.x") is value


def test_a_yes_no_cell_that_is_neither_names_the_field() -> None:
    with pytest.raises(DataError, match="must be yes or no, not 'maybe'") as info:
        yes_no("maybe", "f.csv", "line 2.x")
    assert (info.value.file, info.value.path) == ("f.csv", "line 2.x")


def _ships_with(game: str, column: str, value: str) -> list[dict[str, str]]:
    rows = parse_csv(bundled_data_dir() / game / "ships.csv")
    rows[0] = {**rows[0], column: value}
    return rows


def _load_rows(game: str, rows: list[dict[str, str]], tmp: Path) -> object:
    out = io.StringIO()
    writer = csv.DictWriter(out, fieldnames=list(rows[0]), lineterminator="\n")
    writer.writeheader()
    writer.writerows(rows)
    (tmp / "ships.csv").write_text(out.getvalue(), encoding="utf-8")
    return load(game).load_data([tmp])


@pytest.mark.parametrize(("game", "flag"), [("tokyo_express", "radar"), ("gwas_1904", "italic")])
def test_both_games_read_yes_no_cells_alike(game: str, flag: str, tmp_path: Path) -> None:
    rows = parse_csv(bundled_data_dir() / game / "ships.csv")
    rows[0] = {**rows[0], flag: "Y" if rows[0][flag] == "yes" else "n"}
    _load_rows(game, rows, tmp_path)  # GWaS once took only "yes" and "no"


@pytest.mark.parametrize("game", GAMES)
def test_both_games_refuse_a_malformed_field_provenance_item(game: str, tmp_path: Path) -> None:
    cell = "name=rulebook:the roster; just words"
    with pytest.raises(DataError, match=r"must look like 'field=kind:source; \.\.\.'") as info:
        _load_rows(game, _ships_with(game, "field_provenance", cell), tmp_path)
    assert info.value.path is not None and info.value.path.endswith(".field_provenance")


def test_field_provenance_grammar() -> None:
    fields = ("name", "level1_box", "notes")
    got = field_provenance("name=rulebook:TE 2.5; level1_box=example", fields, "f", "p")
    assert got == (("name", "rulebook"), ("level1_box", "example"))
    for bad, why in [
        ("notes=rulebook:x", "unknown field 'notes'"),
        ("colour=rulebook", "unknown field 'colour'"),
        ("name=guess:x", "unknown provenance 'guess'"),
        ("name=rulebook; name=example", "given twice"),
    ]:
        with pytest.raises(DataError, match=why):
            field_provenance(bad, fields, "f", "p")


# -- the strict TOML reader ----------------------------------------------------------------
def test_the_reader_refuses_unknown_keys_and_wrong_types() -> None:
    r = Reader("s.toml")
    with pytest.raises(DataError, match="unknown key 'titel'; did you mean 'title'") as info:
        r.table({"id": "x", "titel": "y"}, "scenario", ("id",), ("title",))
    assert info.value.path == "scenario.titel"
    with pytest.raises(DataError, match=r"missing \(required\)") as info:
        r.table({}, "scenario", ("id",))
    assert info.value.path == "scenario.id"
    with pytest.raises(DataError, match=r"must be an integer, not a boolean \(True\)"):
        r.integer({"turns": True}, "turns", "scenario")
    with pytest.raises(DataError, match="must be from 1 to 40, not 41"):
        r.integer({"turns": 41}, "turns", "scenario", 0, 1, 40)
    assert r.typed({"f": 2}, "f", "", float) == 2.0


# -- known cells ---------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("expected", "actual", "ok"),
    [
        ("7", "7", True),
        ("", "", True),
        ("", "N", False),
        (">=3", "3", True),
        ("<=2", "3", False),
        (">=3", "HH", False),
        ("contains:4,4", "4,3,4", True),
        ("contains:4,4", "4,3", False),
        ("only:N", "NN", True),
        ("only:N", "NL", False),
        ("has:LN", "HHL", True),
        ("has:LN", "HHH", False),
    ],
)
def test_the_known_cell_language(expected: str, actual: str, ok: bool) -> None:
    assert holds(expected, actual, lambda key: "") is ok


def test_a_known_cell_over_several_rows_checks_each() -> None:
    cells = [KnownCell("ships.csv", ("ships", "light", "primary"), "", "2.3", "none")]
    rows = [("J C01 (Naniwa)", ""), ("J C02 (Takachiho)", "H")]
    found = check(cells, lambda key: rows)
    assert [str(p) for p in found] == [
        "ships.csv: cell ships/light/primary of J C02 (Takachiho) is 'H' but 2.3 shows '' (none)"
    ]
    missing = check(cells, lambda key: {}["x"])
    assert "cell ships/light/primary is missing" in str(missing[0])


# -- scenario listing and caching ----------------------------------------------------------
@pytest.mark.parametrize("game", GAMES)
def test_scenarios_are_listed_and_cached_in_the_core(game: str) -> None:
    g = load(game)
    ids = sorted(p.stem for p in (bundled_data_dir() / game / "scenarios").glob("*.toml"))
    assert g.scenarios() == bundled_scenarios(game) == ids
    data = load_pack(g)
    first = g.load_scenario(ids[0], data)
    assert g.load_scenario(ids[0], data) is first  # read once while file and pack hold
    with pytest.raises(UnknownNameError, match="scenario 'nowhere'"):
        g.load_scenario("nowhere", data)
    with pytest.raises(DataError, match="no such scenario file"):
        g.load_scenario("nowhere.toml", data)


def test_the_core_cache_keeps_packs_apart(tmp_path: Path) -> None:
    calls: list[object] = []

    def parse(doc: dict[str, object], file: str, data: object) -> object:
        calls.append(data)
        return (file, data)

    one, two = object(), object()
    name = bundled_scenarios("gwas_1904")[0]
    a = load_scenario("gwas_1904", name, one, parse, "test scenario")
    b = load_scenario("gwas_1904", name, two, parse, "test scenario")
    assert a != b and load_scenario("gwas_1904", name, one, parse, "test scenario") is a
    assert calls == [one, two]
