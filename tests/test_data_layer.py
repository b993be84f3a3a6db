"""One data layer for every game (issue 16 item 4): ``navalwar validate`` on every bundled
file and scenario, and strict mode passing with a complete ``rulebook`` transcription."""

from __future__ import annotations

import csv
import io
import re
from pathlib import Path

import pytest
from click.testing import CliRunner

import navalwar
from navalwar.cli import main
from navalwar.datapack import data_file_names, pack_dir
from navalwar.engine import Match
from navalwar.errors import DataError
from navalwar.registry import load

GAMES = navalwar.games()


def _root(game: str) -> Path:
    """The folder of ``game``'s own data pack."""
    root = pack_dir(game)
    assert root is not None, game
    return root


def _bundled_files() -> list[tuple[str, Path]]:
    out = []
    for game in GAMES:
        root = _root(game)
        out += [(game, root / name) for name in data_file_names(game)]
        out += [(game, p) for p in sorted((root / "scenarios").glob("*.toml"))]
    return out


def validate(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(main, ["validate", *args])
    return result.exit_code, result.output


@pytest.mark.parametrize(
    ("game", "path"), _bundled_files(), ids=lambda v: v.name if isinstance(v, Path) else v
)
def test_validate_accepts_every_bundled_file_and_scenario(game: str, path: Path) -> None:
    code, output = validate("--game", game, str(path))
    assert (code, output.strip()) == (0, f"{path}: OK")


@pytest.mark.parametrize("game", GAMES)
def test_validate_accepts_a_copy_of_each_data_file(game: str, tmp_path: Path) -> None:
    """An owner's file is checked where it lies, under its pack name."""
    for name in data_file_names(game):
        copy = tmp_path / name
        copy.parent.mkdir(parents=True, exist_ok=True)
        copy.write_bytes((_root(game) / name).read_bytes())
        assert validate("--game", game, str(copy)) == (0, f"{copy}: OK\n"), name


@pytest.mark.parametrize("game", GAMES)
def test_validate_accepts_a_folder_of_scenarios(game: str) -> None:
    folder = _root(game) / "scenarios"
    code, output = validate("--game", game, str(folder))
    assert (code, output.strip()) == (0, f"{folder}: OK")


def _rulebook_copy(game: str, target: Path) -> Path:
    """Every data file of ``game``'s pack copied to ``target``, its provenance set to
    ``rulebook`` as an owner's transcription of the printed components would give it."""
    root = _root(game)
    for name in data_file_names(game):
        dest = target / name
        dest.parent.mkdir(parents=True, exist_ok=True)
        text = (root / name).read_text(encoding="utf-8")
        if name.endswith(".toml"):
            text = re.sub(r'(?m)^provenance = "[a-z]+"', 'provenance = "rulebook"', text)
        else:
            rows = list(csv.DictReader(io.StringIO(text)))
            if "provenance" in rows[0]:
                for row in rows:
                    row["provenance"], row["field_provenance"] = "rulebook", ""
                out = io.StringIO()
                writer = csv.DictWriter(out, fieldnames=list(rows[0]), lineterminator="\n")
                writer.writeheader()
                writer.writerows(rows)
                text = out.getvalue()
        dest.write_text(text, encoding="utf-8")
    return target


@pytest.mark.parametrize("game", GAMES)
def test_a_rulebook_override_passes_strict(game: str, tmp_path: Path) -> None:
    g = load(game)
    try:
        g.load_data(strict=True)  # a pack printed whole (the example game's) passes as it is
        reconstructed = False
    except DataError as exc:
        assert "strict mode" in str(exc)  # the bundled reconstruction is below 'historical'
        reconstructed = True
    assert reconstructed or game not in ("tokyo_express", "gwas_1904")
    owned = _rulebook_copy(game, tmp_path / "owned")
    data = g.load_data([owned], strict=True)
    provenance = data.provenance  # by file (the bundled games), or the whole pack's
    assert set(provenance.values() if isinstance(provenance, dict) else [provenance]) == {
        "rulebook"
    }
    scenario = g.scenarios()[0]
    match = Match.start(game, scenario, seed=1, data=[owned], use_env=False, strict=True)
    assert match.strict
    assert validate("--game", game, "--strict", str(owned)) == (0, f"{owned}: OK\n")
    code, output = validate("--game", game, "--strict", str(_root(game)))
    assert (code == 2 and "strict mode" in output) == reconstructed, output


@pytest.mark.parametrize("game", GAMES)
def test_strict_names_each_file_below_historical(game: str, tmp_path: Path) -> None:
    if not (_root(game) / "ships.csv").is_file():
        pytest.skip(f"{game} has no reconstructed ships.csv")
    owned = _rulebook_copy(game, tmp_path / "owned")
    (owned / "ships.csv").unlink()  # the bundled, reconstructed ships.csv is read instead
    with pytest.raises(DataError, match=r"ships\.csv \((reconstructed|placeholder)\)") as info:
        load(game).load_data([owned], strict=True)
    weak = re.search(r"below it: (.*?)\. ", str(info.value))
    assert weak is not None and weak.group(1) in {
        "ships.csv (reconstructed)",
        "ships.csv (placeholder)",
    }


def test_a_missing_provenance_counts_as_placeholder(tmp_path: Path) -> None:
    owned = _rulebook_copy("gwas_1904", tmp_path / "owned")
    table = owned / "damage_tables.toml"
    table.write_text(table.read_text("utf-8").replace('provenance = "rulebook"\n', ""), "utf-8")
    data = load("gwas_1904").load_data([owned])
    assert data.provenance["damage_tables.toml"] == "placeholder"
    with pytest.raises(DataError, match=r"damage_tables\.toml \(placeholder\)"):
        load("gwas_1904").load_data([owned], strict=True)
