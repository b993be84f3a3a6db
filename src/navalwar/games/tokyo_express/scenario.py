"""Tokyo Express scenario files (TOML), parsed and checked field by field.

A scenario names its forces by type (drawn at random from the roster, TE 3.9)
or by ship, their hexes and headings, the fire direction ranges, the length,
the admiral, and the victory schedule. Users write their own the same way;
every problem is reported with its field path.

Ranges (a value outside is a DataError naming the field and the range):
``scenario.game_turns`` 1-40; ``fire_direction.US``/``Japan`` 1-40 hexes (the
map is 40 hexes long; the rules use 7-13); each side's forces 1 ship up to its
whole roster, and no more of a type than the roster has; ``admiral.killed_vp``
and every Victory Point 0-100; ``victory.levels`` 1-10 levels, each ``min``
-1000 to 1000. A side's ``victory`` table is its whole schedule (TE 3.9 lists
only the types in play); without one the side scores by TE 14.2. A scenario
file is at most 1 MB.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import attrs

from navalwar import scenario_files
from navalwar.datapack import bundled_data_dir
from navalwar.errors import DataError, NavalwarError, UnknownNameError
from navalwar.games.tokyo_express.data import TEData
from navalwar.games.tokyo_express.geometry import TE_MAP
from navalwar.games.tokyo_express.model import JAPAN, SIDES, US
from navalwar.hexgrid import Hex
from navalwar.reader import Reader

# TE 14.2 Victory Points: (Sunk, Damage Level 3, 2, 1) by the enemy ship's type.
DEFAULT_VP = {
    US: {"BB": (12, 9, 6, 4), "CA": (8, 6, 4, 2), "CL": (4, 3, 2, 1), "DD": (3, 2, 1, 0)},
    JAPAN: {"BB": (11, 7, 5, 3), "CA": (6, 4, 3, 1), "CL": (5, 4, 2, 1), "DD": (3, 2, 1, 0)},
}
TYPES = ("BB", "CA", "CL", "DD")
MAX_TURNS = 40
MAX_RANGE = 40  # hexes: the map's length (the rules' ranges are 7-13)
MAX_VP = 100  # Victory Points of one entry (the rules' largest is 12)
MAX_LEVELS = 10
MAX_MARGIN = 1000  # a level's lowest US VP margin, either way
# TE 3.9 / 14.3 Levels of Victory on US VP minus Japanese VP.
DEFAULT_LEVELS: tuple[tuple[int | None, str], ...] = (
    (11, "US Substantial Victory"),
    (1, "US Marginal Victory"),
    (0, "Draw"),
    (-10, "Japanese Marginal Victory"),
    (None, "Japanese Substantial Victory"),
)


# Every table of a scenario file and the keys it accepts (an unknown key is an error);
# docs/scenarios.md documents each. ``<side>`` is US or Japan, ``[]`` an array's items.
FIELDS: dict[str, tuple[str, ...]] = {
    "": ("scenario", "fire_direction", "forces", "admiral", "victory"),
    "scenario": ("id", "title", "rule", "description", "game_turns"),
    "fire_direction": (US, JAPAN),
    "forces": SIDES,
    "forces.<side>[]": ("type", "hex", "heading", "ship"),
    "admiral": ("name", "hex", "type", "killed_vp"),
    "victory": (US, JAPAN, "levels"),
    "victory.<side>": ("BB", "CA", "CL", "DD"),
    "victory.levels[]": ("min", "result"),
}


@attrs.frozen
class Placement:
    """One ship of a force: a type drawn at random, or a named ship."""

    side: str
    type: str
    hex: Hex
    heading: int
    ship: str = ""


@attrs.frozen
class Admiral:
    """The US admiral of the Basic Scenario (TE 3.9)."""

    name: str
    hex: Hex
    type: str
    killed_vp: int


@attrs.frozen
class Scenario:
    """A parsed Tokyo Express scenario."""

    id: str
    title: str
    rule: str
    description: str
    game_turns: int
    us_vfdr: int
    jp_vfdr: int
    placements: tuple[Placement, ...]
    admiral: Admiral | None
    vp: dict[str, dict[str, tuple[int, int, int, int]]]
    levels: tuple[tuple[int | None, str], ...]
    file: str = ""


# Typed access through the core reader; ``path`` is the table's path with a trailing dot
# ("forces.US[0].") or "" at the top.
def _get(
    doc: dict[str, Any],
    key: str,
    kind: type,
    file: str,
    path: str,
    default: Any = ...,
) -> Any:
    return Reader(file).typed(doc, key, path.removesuffix("."), kind, default)


def _int(
    doc: dict[str, Any], key: str, file: str, path: str, lo: int, hi: int, default: Any = ...
) -> int:
    """A whole number from ``lo`` to ``hi``."""
    return Reader(file).integer(doc, key, path.removesuffix("."), default, lo, hi)


def _check_keys(doc: dict[str, Any], allowed: set[str], file: str, path: str) -> None:
    Reader(file).keys(doc, path.removesuffix("."), allowed)


def _hex(label: str, file: str, path: str) -> Hex:
    try:
        return TE_MAP.hex(label)
    except NavalwarError as exc:
        raise DataError(str(exc), file=file, path=path) from None


def _heading(name: str, file: str, path: str) -> int:
    try:
        return TE_MAP.heading(name)
    except NavalwarError:
        raise DataError(
            f"heading must be one of N, NE, SE, S, SW, NW, not {name!r}", file=file, path=path
        ) from None


def parse_scenario(doc: dict[str, Any], file: str, data: TEData) -> Scenario:
    """Check and parse a scenario document."""
    _check_keys(doc, set(FIELDS[""]), file, "")
    head = _get(doc, "scenario", dict, file, "")
    if "historical_only" in head:
        raise DataError(
            "is not a scenario field: the ships drawn at random come from the pool of the "
            "rules option ship_pool (historical or all; TE 2.4, 3.9, 16.1)",
            file=file,
            path="scenario.historical_only",
        )
    _check_keys(head, set(FIELDS["scenario"]), file, "scenario.")
    turns = _int(head, "game_turns", file, "scenario.", 1, MAX_TURNS)
    fd = _get(doc, "fire_direction", dict, file, "", {US: 7, JAPAN: 10})
    _check_keys(fd, set(FIELDS["fire_direction"]), file, "fire_direction.")
    us_vfdr = _int(fd, US, file, "fire_direction.", 1, MAX_RANGE, 7)
    jp_vfdr = _int(fd, JAPAN, file, "fire_direction.", 1, MAX_RANGE, 10)
    forces = _get(doc, "forces", dict, file, "")
    _check_keys(forces, set(FIELDS["forces"]), file, "forces.")
    placements: list[Placement] = []
    named: set[str] = set()
    for side in SIDES:
        entries = _get(forces, side, list, file, "forces.")
        roster = sum(1 for spec in data.ships.values() if spec.side == side)
        if not 1 <= len(entries) <= roster:
            raise DataError(
                f"must hold from 1 to {roster} ships (the {side} roster), not {len(entries)}",
                file=file,
                path=f"forces.{side}",
            )
        for i, e in enumerate(entries):
            p = f"forces.{side}[{i}]."
            if not isinstance(e, dict):
                raise DataError("must be a table {type, hex, heading}", file=file, path=p[:-1])
            _check_keys(e, set(FIELDS["forces.<side>[]"]), file, p)
            ship = _get(e, "ship", str, file, p, "")
            if ship:
                spec = data.ships.get(ship)
                if spec is None:
                    raise DataError(
                        str(UnknownNameError("ship", ship, data.ships)), file=file, path=f"{p}ship"
                    )
                if spec.side != side:
                    raise DataError(f"{ship} is not a {side} ship", file=file, path=f"{p}ship")
                if ship in named:
                    raise DataError(f"{ship} is placed twice", file=file, path=f"{p}ship")
                named.add(ship)
                stype = spec.rule_type
            else:
                stype = _get(e, "type", str, file, p)
                if stype not in TYPES:
                    raise DataError(
                        f"type must be BB, CA, CL or DD, not {stype!r}", file=file, path=f"{p}type"
                    )
            placed = sum(1 for q in placements if q.side == side and q.type == stype) + 1
            available = len(data.roster(side, stype))
            if placed > available:
                raise DataError(
                    f"{placed} {side} {stype}s placed: the roster has {available}",
                    file=file,
                    path=p + ("ship" if ship else "type"),
                )
            placements.append(
                Placement(
                    side,
                    stype,
                    _hex(_get(e, "hex", str, file, p), file, f"{p}hex"),
                    _heading(_get(e, "heading", str, file, p), file, f"{p}heading"),
                    ship,
                )
            )
    admiral = None
    if "admiral" in doc:
        a = _get(doc, "admiral", dict, file, "")
        _check_keys(a, set(FIELDS["admiral"]), file, "admiral.")
        admiral = Admiral(
            _get(a, "name", str, file, "admiral."),
            _hex(_get(a, "hex", str, file, "admiral."), file, "admiral.hex"),
            _get(a, "type", str, file, "admiral.", "CA"),
            _int(a, "killed_vp", file, "admiral.", 0, MAX_VP, 2),
        )
        if admiral.type not in TYPES:
            raise DataError(
                f"type must be BB, CA, CL or DD, not {admiral.type!r}",
                file=file,
                path="admiral.type",
            )
        if not any(
            p.side == US and p.hex == admiral.hex and p.type == admiral.type for p in placements
        ):
            raise DataError(
                f"no US {admiral.type} is placed in that hex to be the flagship",
                file=file,
                path="admiral.hex",
            )
    vp = {side: dict(table) for side, table in DEFAULT_VP.items()}
    levels = DEFAULT_LEVELS
    if "victory" in doc:
        v = _get(doc, "victory", dict, file, "")
        _check_keys(v, set(FIELDS["victory"]), file, "victory.")
        for side in SIDES:
            if side not in v:
                continue  # TE 14.2
            schedule: dict[str, tuple[int, int, int, int]] = {}  # the whole schedule (TE 3.9)
            for t, row in _get(v, side, dict, file, "victory.").items():
                path = f"victory.{side}.{t}"
                if t not in TYPES:
                    raise DataError("ship type must be BB, CA, CL or DD", file=file, path=path)
                if (
                    not isinstance(row, list)
                    or len(row) != 4
                    or not all(
                        isinstance(x, int) and not isinstance(x, bool) and 0 <= x <= MAX_VP
                        for x in row
                    )
                ):
                    raise DataError(
                        f"must be 4 whole numbers from 0 to {MAX_VP}: Sunk, Damage Level 3, 2, 1"
                        f", not {row!r}",
                        file=file,
                        path=path,
                    )
                schedule[t] = (row[0], row[1], row[2], row[3])
            enemy = JAPAN if side == US else US
            missing = sorted({p.type for p in placements if p.side == enemy} - set(schedule))
            if missing:
                raise DataError(
                    f"no Victory Points for the {enemy} {', '.join(missing)} placed: list every "
                    "type in play, or leave the table out for the TE 14.2 schedule",
                    file=file,
                    path=f"victory.{side}",
                )
            vp[side] = schedule
        if "levels" in v:
            levels = _parse_levels(_get(v, "levels", list, file, "victory."), file)
    return Scenario(
        id=_get(head, "id", str, file, "scenario."),
        title=_get(head, "title", str, file, "scenario."),
        rule=_get(head, "rule", str, file, "scenario.", ""),
        description=_get(head, "description", str, file, "scenario.", ""),
        game_turns=turns,
        us_vfdr=us_vfdr,
        jp_vfdr=jp_vfdr,
        placements=tuple(placements),
        admiral=admiral,
        vp=vp,
        levels=levels,
        file=file,
    )


def _parse_levels(raw: list[Any], file: str) -> tuple[tuple[int | None, str], ...]:
    """Levels of victory, best first: each ``{min = N, result = "..."}``, the last without
    ``min`` (it takes every lower margin)."""
    if not 1 <= len(raw) <= MAX_LEVELS:
        raise DataError(
            f"must hold from 1 to {MAX_LEVELS} levels, not {len(raw)}",
            file=file,
            path="victory.levels",
        )
    parsed: list[tuple[int | None, str]] = []
    for i, lv in enumerate(raw):
        path = f"victory.levels[{i}]"
        if not isinstance(lv, dict):
            raise DataError("must be a table {min, result}", file=file, path=path)
        _check_keys(lv, set(FIELDS["victory.levels[]"]), file, f"{path}.")
        result = _get(lv, "result", str, file, f"{path}.")
        last = i == len(raw) - 1
        low = _int(lv, "min", file, f"{path}.", -MAX_MARGIN, MAX_MARGIN) if "min" in lv else None
        if low is None and not last:
            raise DataError(
                "every level but the last needs a whole-number 'min'", file=file, path=f"{path}.min"
            )
        if low is not None and parsed and parsed[-1][0] is not None and low >= parsed[-1][0]:
            raise DataError(
                "levels must be listed from the highest 'min' down", file=file, path=f"{path}.min"
            )
        parsed.append((low, result))
    if parsed[-1][0] is not None:
        parsed.append((None, parsed[-1][1]))
    return tuple(parsed)


def scenario_dir() -> Path:
    """The bundled scenarios."""
    return bundled_data_dir() / "tokyo_express" / "scenarios"


def bundled_scenarios() -> list[str]:
    """Ids of the bundled scenarios (listed again whenever the folder changes)."""
    return scenario_files.bundled_scenarios("tokyo_express")


def load_scenario(name: str, data: TEData) -> Scenario:
    """A bundled scenario id, or a path to a scenario TOML file."""
    return scenario_files.load_scenario(
        "tokyo_express", name, data, parse_scenario, "Tokyo Express scenario"
    )
