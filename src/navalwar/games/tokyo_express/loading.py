"""Loading the Tokyo Express data pack: parse each file, then check it (TE 2.0-2.3).

:mod:`data` parses the files and :mod:`known` checks a parsed pack against the cells
the rulebook reveals; this module puts the two together (so neither imports the other).
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

from navalwar.datapack import check_strict, load_files, pack_provenance
from navalwar.games.tokyo_express.data import (
    FILES,
    TEData,
    parse_bmd,
    parse_cards,
    parse_freedom,
    parse_movement,
    parse_ships,
    parse_torpedo,
)
from navalwar.games.tokyo_express.known import check_known_cells
from navalwar.known import refuse


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
    provenance = pack_provenance(files)
    data = TEData(ships, movement, torpedo, decks, freedom, bmd, files, provenance)
    refuse(check_known_cells(data), files)
    if strict:
        check_strict(provenance)
    return data


__all__ = ["load"]
