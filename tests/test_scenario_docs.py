"""docs/scenarios.md (issue 15 item 8): every field each game's scenario loader accepts
is documented, nothing else is, and every example in it passes `navalwar validate`."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from click.testing import CliRunner

from navalwar.cli import main
from navalwar.engine import Match
from navalwar.games.gwas_1904 import scenario as gwas_scenario
from navalwar.games.tokyo_express import scenario as te_scenario

DOC = Path(__file__).resolve().parents[1] / "docs" / "scenarios.md"
LOADERS = {"tokyo_express": te_scenario.FIELDS, "gwas_1904": gwas_scenario.FIELDS}


def _section(game: str) -> str:
    """The doc's section of ``game`` (from its heading to the next one)."""
    text = DOC.read_text(encoding="utf-8")
    parts = re.split(r"^## ", text, flags=re.MULTILINE)
    found = [p for p in parts if p.splitlines()[0].endswith(f"(`{game}`)")]
    assert len(found) == 1, f"no section for {game} in {DOC}"
    return found[0]


def _documented(game: str) -> set[str]:
    """The paths in the first column of the section's field table; a cell may name
    several (`forces.US`, `forces.Japan`) or siblings (`victory.<side>.BB`, `.CA`)."""
    out: set[str] = set()
    for line in _section(game).splitlines():
        cell = re.match(r"^\| (`[^|]+`) \|", line)
        if not cell:
            continue
        names = re.findall(r"`([^`]+)`", cell.group(1))
        for name in names:
            if name.startswith("."):  # a sibling of the first: `.CA`
                name = names[0].rsplit(".", 1)[0] + name
            out.add(name)
    return out


def _accepted(game: str) -> set[str]:
    """Every path the loader accepts (``FIELDS``: table -> keys), spelt as the doc does."""
    return {f"{t}.{key}" if t else key for t, keys in LOADERS[game].items() for key in keys}


@pytest.mark.parametrize("game", sorted(LOADERS))
def test_every_field_the_loader_accepts_is_documented(game: str) -> None:
    """Issue 15: docs/scenarios.md documents every field of both games' scenario files
    (and no field the loader would refuse)."""
    documented, accepted = _documented(game), _accepted(game)
    assert not accepted - documented, f"not documented: {sorted(accepted - documented)}"
    assert not documented - accepted, f"not accepted: {sorted(documented - accepted)}"


def _examples(game: str) -> list[str]:
    text = DOC.read_text(encoding="utf-8")
    pattern = rf"<!-- example: {game} -->\n```toml\n(.*?)```"
    return re.findall(pattern, text, flags=re.DOTALL)


@pytest.mark.parametrize("game", sorted(LOADERS))
def test_the_examples_validate_and_start(game: str, tmp_path: Path) -> None:
    """Issue 15: a complete minimal example scenario per game that `navalwar validate`
    accepts (and a fuller one), each of which starts a match."""
    examples = _examples(game)
    assert len(examples) >= 2
    for i, text in enumerate(examples):
        path = tmp_path / f"example{i}.toml"
        path.write_text(text, encoding="utf-8")
        result = CliRunner().invoke(main, ["validate", str(path), "--game", game])
        assert result.exit_code == 0, f"example {i} of {game}:\n{text}\n{result.output}"
        assert Match.start(game, str(path), seed=1).decision is not None


def test_the_readme_links_the_scenario_docs() -> None:
    readme = (DOC.parents[1] / "README.md").read_text(encoding="utf-8")
    assert "(docs/scenarios.md)" in readme
