"""Loading the Tokyo Express data pack: parse each file, then check it (TE 2.0-2.3).

:mod:`data` parses the files and :mod:`known` checks a parsed pack against the cells
the rulebook reveals; this module puts the two together (so neither imports the other).
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

from navalwar.datapack import PROVENANCE, load_files, meets_strict, parse_toml
from navalwar.errors import DataError
from navalwar.games.tokyo_express.data import (
    FILES,
    TEData,
    meta_provenance,
    parse_bmd,
    parse_cards,
    parse_freedom,
    parse_movement,
    parse_ships,
    parse_torpedo,
)
from navalwar.games.tokyo_express.known import check_known_cells


def _sidecar_provenance(csv_path: Path) -> str:
    """The provenance of a CSV file without a provenance column, from ``<stem>.meta.toml``."""
    meta = csv_path.with_name(csv_path.stem + ".meta.toml")
    if not meta.is_file():
        raise DataError(
            f'no provenance: add {meta.name} beside it with [meta] provenance = "rulebook" '
            "(or example, historical, reconstructed, placeholder)",
            file=str(csv_path),
        )
    return meta_provenance(parse_toml(meta), str(meta))


def _worst(kinds: Sequence[str]) -> str:
    return max(kinds, key=PROVENANCE.index)


def load(overrides: Sequence[Path] = (), strict: bool = False) -> TEData:
    """Load, parse and check the pack (bundled files replaced by any override files)."""
    files = load_files("tokyo_express", FILES, overrides)

    def f(name: str) -> tuple[Any, str]:
        return files[name].content, str(files[name].path)

    ships = parse_ships(*f("ships.csv"))
    movement = parse_movement(*f("movement_chart.toml"))
    torpedo = parse_torpedo(*f("torpedo_table.toml"))
    decks = parse_cards(*f("gunnery_cards.csv"))
    freedom = parse_freedom(*f("freedom_of_action.toml"))
    bmd = parse_bmd(*f("battle_movement_display.toml"))
    provenance: dict[str, str] = {}
    for name in FILES:
        content, path = f(name)
        if name.endswith(".toml"):
            provenance[name] = meta_provenance(content, path)
        elif name == "ships.csv":
            kinds = [s.provenance for s in ships.values()]
            kinds += [k for s in ships.values() for _, k in s.field_provenance]
            provenance[name] = _worst(kinds or ["placeholder"])
        else:
            provenance[name] = _sidecar_provenance(files[name].path)
    data = TEData(ships, movement, torpedo, decks, freedom, bmd, files, provenance)
    problems = check_known_cells(data)
    if problems:
        more = (
            f" (and {len(problems) - 1} more: {'; '.join(problems[1:4])})" if problems[1:] else ""
        )
        first_file = problems[0].split(":", 1)[0]
        raise DataError(
            "contradicts a cell the rulebook reveals: " + problems[0].split(": ", 1)[1] + more,
            file=str(files[first_file].path) if first_file in files else None,
        )
    if strict:
        weak = [f"{n} ({k})" for n, k in provenance.items() if not meets_strict(k)]
        if weak:
            raise DataError(
                "strict mode needs data of at least 'historical' provenance, but these files are "
                "below it: " + ", ".join(weak) + ". Put a transcription of the printed components "
                "in an override directory (--data DIR) to play strictly."
            )
    return data


__all__ = ["load"]
