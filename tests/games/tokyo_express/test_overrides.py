"""An owner's transcription replaces any file of the bundled pack (DESIGN "Data packs")."""

from __future__ import annotations

import csv
import io
import shutil
from pathlib import Path

import pytest

from navalwar.datapack import bundled_data_dir
from navalwar.errors import DataError
from navalwar.games.tokyo_express import GAME
from navalwar.games.tokyo_express.data import FILES, TEData

PACK = bundled_data_dir() / "tokyo_express"


def _rulebook(text: str) -> str:
    return text.replace('provenance = "reconstructed"', 'provenance = "rulebook"')


def _ships(text: str) -> str:
    rows = list(csv.DictReader(io.StringIO(text)))
    for r in rows:
        r["provenance"], r["field_provenance"] = "rulebook", ""
        if r["name"] == "Gwin":
            r["bow_primary"] = str(int(r["bow_primary"]) + 1)
    out = io.StringIO()
    writer = csv.DictWriter(out, fieldnames=list(rows[0]), lineterminator="\n")
    writer.writeheader()
    writer.writerows(rows)
    return out.getvalue()


def _cards(text: str) -> str:
    lines = text.splitlines()
    for i, line in enumerate(lines):
        if line.startswith("BB,1,no,"):  # the first row of BB card 1: one more hit vs DD/S
            cells = line.split(",")
            cells[13] = str(int(cells[13] or 0) + 1)
            lines[i] = ",".join(cells)
            break
    return "\n".join(lines) + "\n"


EDITS = {
    "ships.csv": _ships,
    "movement_chart.toml": lambda t: _rulebook(t).replace(
        '"3" = [1, 0, 1, 0, 1, 0]', '"3" = [0, 1, 0, 1, 0, 1]'
    ),
    "torpedo_table.toml": lambda t: _rulebook(t).replace(
        '"13+" = [2, 5, 7, 10, 14, 14, 14, 14]', '"13+" = [3, 5, 7, 10, 14, 14, 14, 14]'
    ),
    "gunnery_cards.csv": _cards,
    "freedom_of_action.toml": lambda t: _rulebook(t).replace(
        '"10" = ["-", "-", "-", "-"]', '"10" = ["-", "-", "-", "A"]'
    ),
    "battle_movement_display.toml": lambda t: _rulebook(t).replace(
        '{ rolls = "2-3", heading = 3, order = "Ah" },  # US at 162° stbd (stern)',
        '{ rolls = "2-3", heading = 3, order = "AbS" },',
        1,
    ),
}


def _probe(data: TEData, name: str) -> object:
    return {
        "ships.csv": lambda: data.ship("Gwin").bow,
        "movement_chart.toml": lambda: data.movement[3],
        "torpedo_table.toml": lambda: data.torpedo.result("Japan", 1, 13),
        "gunnery_cards.csv": lambda: data.decks["BB"][1].rows[0].damage("DD", "S"),
        "freedom_of_action.toml": lambda: data.freedom.result(5, 10),
        "battle_movement_display.toml": lambda: data.bmd[6].entry(False, 2).order,
    }[name]()


@pytest.mark.parametrize("name", FILES)
def test_an_override_file_replaces_the_bundled_one(tmp_path: Path, name: str) -> None:
    original = (PACK / name).read_text(encoding="utf-8")
    edited = EDITS[name](original)
    assert edited != original, "the edit must change the file"
    (tmp_path / name).write_text(edited, encoding="utf-8")
    if name == "gunnery_cards.csv":
        meta = (PACK / "gunnery_cards.meta.toml").read_text(encoding="utf-8")
        (tmp_path / "gunnery_cards.meta.toml").write_text(_rulebook(meta), encoding="utf-8")
    bundled = GAME.load_data()
    owned = GAME.load_data([tmp_path])
    assert _probe(owned, name) != _probe(bundled, name)
    assert owned.files[name].origin == "override"
    assert owned.provenance[name] == "rulebook"
    others = [n for n in FILES if n != name]
    assert all(owned.files[n].origin == "bundled" for n in others)


def test_strict_mode_plays_only_with_a_complete_transcription(tmp_path: Path) -> None:
    with pytest.raises(DataError, match="strict mode"):
        GAME.load_data(strict=True)
    for name in FILES:
        (tmp_path / name).write_text(EDITS[name]((PACK / name).read_text("utf-8")), "utf-8")
    shutil.copy(PACK / "gunnery_cards.meta.toml", tmp_path / "gunnery_cards.meta.toml")
    with pytest.raises(DataError, match=r"gunnery_cards\.csv \(reconstructed\)"):
        GAME.load_data([tmp_path], strict=True)
    meta = tmp_path / "gunnery_cards.meta.toml"
    meta.write_text(_rulebook(meta.read_text("utf-8")), "utf-8")
    data = GAME.load_data([tmp_path], strict=True)
    assert set(data.provenance.values()) == {"rulebook"}


def test_an_override_contradicting_a_known_cell_names_it(tmp_path: Path) -> None:
    text = (PACK / "freedom_of_action.toml").read_text(encoding="utf-8")
    bad = text.replace('"5" = ["-", "-", "-", "-"]', '"5" = ["-", "C", "-", "-"]')
    assert bad != text
    (tmp_path / "freedom_of_action.toml").write_text(bad, encoding="utf-8")
    with pytest.raises(DataError, match=r"freedom_of_action/2/5 is 'C'.*TE 3\.3"):
        GAME.load_data([tmp_path])


def test_a_misspelt_table_is_refused(tmp_path: Path) -> None:
    text = (PACK / "movement_chart.toml").read_text(encoding="utf-8")
    (tmp_path / "movement_chart.toml").write_text(text.replace("[rows]", "[row]"), "utf-8")
    with pytest.raises(DataError, match="top-level key 'row'"):
        GAME.load_data([tmp_path])
