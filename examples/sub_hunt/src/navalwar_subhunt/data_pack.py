"""Reading Sub Hunt's data pack and scenarios, strictly, with navalwar's one reader
(:class:`navalwar.reader.Reader`): every problem is a ``DataError`` naming its file and
field.

The bundled files live in this distribution (``navalwar_subhunt/data``, found with
:mod:`importlib.resources`), not in navalwar's own data folder. An override directory
may replace ``tables.toml``, directly or under ``sub_hunt/`` (:func:`navalwar.datapack.locate`).
"""

from __future__ import annotations

from collections.abc import Sequence
from importlib import resources
from pathlib import Path
from typing import Any

from navalwar.datapack import check_strict, locate, meets_strict, meta_provenance, parse_toml
from navalwar.errors import NavalwarError
from navalwar.hexgrid import Hex
from navalwar.reader import Reader, provenance_kind
from navalwar_subhunt.model import MAP, Scenario, Tables

GAME_ID = "sub_hunt"
TABLES = ("torpedo", "sonar", "depth_charge", "destroyer")


def data_dir() -> Path:
    """The bundled data folder of this distribution."""
    return Path(str(resources.files("navalwar_subhunt") / "data"))


def _provenance(r: Reader, doc: dict[str, Any], strict: bool) -> str:
    kind = provenance_kind(r.text(doc, "provenance", "", default=...), r.file, "provenance")
    if strict and not meets_strict(kind):
        r.fail("provenance", f"provenance {kind!r} is below 'historical' (--strict)")
    return kind


def load_tables(overrides: Sequence[Path] = (), strict: bool = False) -> Tables:
    """The data pack (SH tables), bundled or from an override directory."""
    path, _where = locate(GAME_ID, "tables.toml", overrides)
    r = Reader(str(path))
    doc = r.table(parse_toml(path), "", ("meta", *TABLES))
    r.table(doc["meta"], "meta", ("provenance",), ("source",))
    provenance = meta_provenance(doc, str(path))  # the core's rule, as for every game
    if strict:
        check_strict({"tables.toml": provenance})
    torpedo = r.table(doc["torpedo"], "torpedo", ("range", "to_hit"))
    sonar = r.table(doc["sonar"], "sonar", ("base",))
    charge = r.table(doc["depth_charge"], "depth_charge", ("destroy", "damage", "near_damage"))
    destroyer = r.table(doc["destroyer"], "destroyer", ("speed",))
    reach = r.integer(torpedo, "range", "torpedo", high=6)
    to_hit = [v for _p, v in r.items(torpedo, "to_hit", "torpedo")]
    if len(to_hit) != reach + 1 or not all(type(v) is int and 1 <= v <= 7 for v in to_hit):
        r.fail(
            "torpedo.to_hit",
            f"must be {reach + 1} rolls from 1 to 7 (one per distance 0..range; 7: never)",
        )

    def roll(t: dict[str, Any], key: str, path: str) -> int:
        return r.integer(t, key, path, low=1, high=7)

    return Tables(
        torpedo_range=reach,
        torpedo_to_hit=tuple(to_hit),
        sonar_base=roll(sonar, "base", "sonar"),
        destroy=roll(charge, "destroy", "depth_charge"),
        damage=roll(charge, "damage", "depth_charge"),
        near_damage=roll(charge, "near_damage", "depth_charge"),
        speed=r.integer(destroyer, "speed", "destroyer", high=6),
        provenance=provenance,
        strict=strict,
    )


def _hex(r: Reader, path: str, value: Any) -> Hex:
    if not isinstance(value, str):
        r.fail(path, f"a hex label is a string, not {value!r}")
    try:
        return MAP.hex(value)
    except NavalwarError as exc:
        r.fail(path, str(exc))


SCENARIO_KEYS = ("id", "title", "provenance", "land", "destroyer", "sub_start")
SCENARIO_NUMBERS = {
    "turns": (1, 99),
    "hull": (1, 9),
    "depth_charges": (0, 99),
    "torpedoes": (0, 99),
}


def scenario_from_document(doc: dict[str, Any], file: str, strict: bool = False) -> Scenario:
    """A scenario from its parsed TOML (SH 3.0)."""
    r = Reader(file)
    r.table(doc, "", (*SCENARIO_KEYS, *SCENARIO_NUMBERS), ("description",))
    numbers = {
        k: r.integer(doc, k, "", low=lo, high=hi) for k, (lo, hi) in SCENARIO_NUMBERS.items()
    }
    scenario = Scenario(
        id=r.text(doc, "id", "", default=...),
        title=r.text(doc, "title", "", default=...),
        description=r.text(doc, "description", ""),
        land=frozenset(_hex(r, p, v) for p, v in r.items(doc, "land", "")),
        destroyer=_hex(r, "destroyer", r.text(doc, "destroyer", "", default=...)),
        sub_start=tuple(_hex(r, p, v) for p, v in r.items(doc, "sub_start", "")),
        turns=numbers["turns"],
        hull=numbers["hull"],
        depth_charges=numbers["depth_charges"],
        torpedoes=numbers["torpedoes"],
        provenance=_provenance(r, doc, strict),
    )
    if not scenario.sea(scenario.destroyer):
        r.fail("destroyer", "the destroyer starts on land")
    if not scenario.sub_start:
        r.fail("sub_start", "no start hex for the submarine")
    for i, h in enumerate(scenario.sub_start):
        if not scenario.sea(h):
            r.fail(f"sub_start[{i}]", "a start hex on land")
    if len(set(scenario.sub_start)) != len(scenario.sub_start):
        r.fail("sub_start", "a start hex named twice")
    return scenario
