"""Checking a data pack against every cell the rulebook reveals.

The cells themselves are listed in :mod:`known_cells`; this module reads the
value at each key path from a parsed pack, and :mod:`navalwar.known` compares. A pack (the bundled
reconstruction or an owner's transcription) that contradicts a known cell is
refused, with a message naming the cell and the rule.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from navalwar.games.tokyo_express.known_cells import KNOWN_CELLS
from navalwar.known import Contradiction, KnownCell, check

if TYPE_CHECKING:
    from navalwar.games.tokyo_express.data import TEData

_SHIP_FIELDS = {
    "max_speed": "max_speed",
    "bow_primary": "bow",
    "stern_primary": "stern",
    "primary_caliber": "caliber",
    "last_box_speed": "last_box_speed",
    "damage_boxes": "boxes",
    "secondary": "secondary",
    "secondary_caliber": "secondary_caliber",
    "type": "type",
}


def _salvos(data: TEData, name: str) -> str:
    return " ".join(
        f"{s.value}{s.mount}" + ("+r" if s.reload else "") for s in data.ship(name).salvos
    )


def cell_value(data: TEData, key: tuple[str, ...]) -> str:
    """The value at a known-cell key path, as text (blank cells are ``""``)."""
    head, *rest = key
    if head == "torpedo_table":
        side, column, roll = rest
        table = data.torpedo.table("Japan" if side.lower() == "japan" else "US")
        col = next(i for i, k in enumerate(table.columns) if str(k) == column.replace("–", "-"))
        return str(table.cell(table.row_for(int(roll)), col))
    if head == "gunnery_cards":
        deck, number, *cell = rest
        card = data.decks[deck][int(number)]
        if cell == ["lowest_row"]:
            return str(card.rows[-1].value)
        if cell == ["reshuffle"]:
            return "yes" if card.reshuffle else "no"
        row_value, column = cell
        row = next(r for r in card.rows if r.value == int(row_value))
        t, band = column.split("_")
        dmg = row.damage(t, band)
        return "" if dmg is None else str(dmg)
    if head == "ships":
        name, field, *sub = rest
        if name == "JPN CL":
            names = [n for n, sp in data.ships.items() if sp.nation == "JPN" and sp.type == "CL"]
            return ",".join(cell_value(data, ("ships", n, field, *sub)) for n in names)
        spec = data.ship(name)
        if field == "torpedoes":
            if sub == ["port"]:
                values = sorted((s.value for s in spec.salvos if s.mount in "PC"), reverse=True)
                return ",".join(str(v) for v in values)
            if sub == ["mounts"]:
                return ",".join(sorted({s.mount for s in spec.salvos}))
            return _salvos(data, name)
        if field in ("level1_box", "level2_box", "level3_box"):
            return str(dict(spec.levels).get(int(field[5]), ""))
        if field in ("late_war", "historical", "radar"):
            return "yes" if getattr(spec, field) else "no"
        return str(getattr(spec, _SHIP_FIELDS.get(field, field)))
    if head == "freedom_of_action":
        column, roll = rest
        foa = data.freedom.table
        col = next(i for i, k in enumerate(foa.columns) if str(k) == column)
        return foa.cell(foa.row_for(int(roll)), col)
    if head == "battle_movement_display":
        sector, band, roll, what = rest
        entry = data.bmd[int(sector)].entry(band == "heavy", int(roll))
        return str(getattr(entry, what))
    if head == "movement_chart":
        speed, *sub = rest
        moves = data.movement[int(speed)]
        if not sub:
            return ",".join(str(x) for x in moves)
        if sub == ["moving_phases"]:
            return str(sum(1 for x in moves if x))
        return str(moves[int(sub[0]) - 1])
    raise KeyError(key)


def check_known_cells(
    data: TEData, cells: tuple[KnownCell, ...] = KNOWN_CELLS
) -> list[Contradiction]:
    """Every contradiction between ``data`` and the cells the rulebook reveals."""
    return check(cells, lambda key: cell_value(data, key))
