"""Reading Sub Hunt's data pack and scenarios, strictly: every problem is a ``DataError``
naming its file and field.

The bundled files live in this distribution (``navalwar_subhunt/data``), found with
:mod:`importlib.resources`, not in navalwar's own data folder. An override directory
may replace ``tables.toml``, directly or under ``sub_hunt/``.
"""

from __future__ import annotations

from collections.abc import Sequence
from importlib import resources
from pathlib import Path
from typing import Any

from navalwar.datapack import meets_strict, parse_toml, parse_toml_text, provenance_rank
from navalwar.errors import DataError, NavalwarError
from navalwar.hexgrid import Hex
from navalwar_subhunt.model import MAP, Scenario, Tables

GAME_ID = "sub_hunt"


def data_dir() -> Path:
    """The bundled data folder of this distribution."""
    return Path(str(resources.files("navalwar_subhunt") / "data"))


def file_names() -> tuple[str, ...]:
    """Every file of the bundled pack, relative to :func:`data_dir` (``tables.toml``,
    ``scenarios/narrows.toml`` ...)."""
    root = data_dir()
    return tuple(sorted(p.relative_to(root).as_posix() for p in root.rglob("*.toml")))


def scenario_ids() -> list[str]:
    """The bundled scenarios' ids (their file names)."""
    return sorted(p.stem for p in (data_dir() / "scenarios").glob("*.toml"))


def _locate(name: str, overrides: Sequence[Path]) -> Path:
    for d in overrides:
        for candidate in (Path(d) / GAME_ID / name, Path(d) / name):
            if candidate.is_file():
                return candidate
    return data_dir() / name


class _Reader:
    """Takes the fields of one TOML table, checking types; ``done`` refuses leftovers."""

    def __init__(self, doc: dict[str, Any], file: str, path: str = "") -> None:
        self.doc, self.file, self.path, self.taken = doc, file, path, set[str]()

    def _where(self, key: str) -> str:
        return f"{self.path}.{key}" if self.path else key

    def get(self, key: str, kind: type, default: Any = ...) -> Any:
        self.taken.add(key)
        if key not in self.doc:
            if default is not ...:
                return default
            raise DataError("missing field", file=self.file, path=self._where(key))
        value = self.doc[key]
        if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
            raise DataError(
                f"must be {kind.__name__}, not {type(value).__name__}",
                file=self.file,
                path=self._where(key),
            )
        return value

    def whole(self, key: str, low: int, high: int) -> int:
        value: int = self.get(key, int)
        if not low <= value <= high:
            raise DataError(
                f"must be {low} to {high}, not {value}", file=self.file, path=self._where(key)
            )
        return value

    def table(self, key: str) -> _Reader:
        return _Reader(self.get(key, dict), self.file, self._where(key))

    def done(self) -> None:
        extra = sorted(set(self.doc) - self.taken)
        if extra:
            raise DataError(
                f"unknown field(s) {', '.join(extra)}", file=self.file, path=self.path or None
            )


def _provenance(r: _Reader, strict: bool) -> str:
    kind: str = r.get("provenance", str)
    try:
        provenance_rank(kind)
    except DataError as exc:
        raise DataError(str(exc), file=r.file, path=r._where("provenance")) from None
    if strict and not meets_strict(kind):
        raise DataError(
            f"provenance {kind!r} is below 'historical' (--strict)",
            file=r.file,
            path=r._where("provenance"),
        )
    return kind


def load_tables(overrides: Sequence[Path] = (), strict: bool = False) -> Tables:
    """The data pack (SH tables), bundled or from an override directory."""
    path = _locate("tables.toml", overrides)
    doc = parse_toml(path)
    r = _Reader(doc, str(path))
    provenance = _provenance(r, strict)
    r.get("source", str, "")
    torpedo, sonar, charge, destroyer = (
        r.table(k) for k in ("torpedo", "sonar", "depth_charge", "destroyer")
    )
    to_hit = torpedo.get("to_hit", list)
    reach = torpedo.whole("range", 0, 6)
    if len(to_hit) != reach + 1 or not all(
        isinstance(v, int) and not isinstance(v, bool) and 1 <= v <= 7 for v in to_hit
    ):
        raise DataError(
            f"must be {reach + 1} rolls from 1 to 7 (one per distance 0..range; 7: never)",
            file=str(path),
            path="torpedo.to_hit",
        )
    tables = Tables(
        torpedo_range=reach,
        torpedo_to_hit=tuple(to_hit),
        sonar_base=sonar.whole("base", 1, 7),
        destroy=charge.whole("destroy", 1, 7),
        damage=charge.whole("damage", 1, 7),
        near_damage=charge.whole("near_damage", 1, 7),
        speed=destroyer.whole("speed", 0, 6),
        provenance=provenance,
        strict=strict,
    )
    for sub in (torpedo, sonar, charge, destroyer, r):
        sub.done()
    return tables


def _hex(r: _Reader, value: Any, key: str) -> Hex:
    if not isinstance(value, str):
        raise DataError(f"a hex label is a string, not {value!r}", file=r.file, path=key)
    try:
        return MAP.hex(value)
    except NavalwarError as exc:
        raise DataError(str(exc), file=r.file, path=key) from None


def scenario_from_document(doc: dict[str, Any], file: str, strict: bool = False) -> Scenario:
    """A scenario from its parsed TOML (SH 3.0)."""
    r = _Reader(doc, file)
    land_raw = r.get("land", list)
    land = frozenset(_hex(r, v, f"land[{i}]") for i, v in enumerate(land_raw))
    starts = r.get("sub_start", list)
    scenario = Scenario(
        id=r.get("id", str),
        title=r.get("title", str),
        description=r.get("description", str, ""),
        land=land,
        destroyer=_hex(r, r.get("destroyer", str), "destroyer"),
        sub_start=tuple(_hex(r, v, f"sub_start[{i}]") for i, v in enumerate(starts)),
        turns=r.whole("turns", 1, 99),
        hull=r.whole("hull", 1, 9),
        depth_charges=r.whole("depth_charges", 0, 99),
        torpedoes=r.whole("torpedoes", 0, 99),
        provenance=_provenance(r, strict),
    )
    r.done()
    if not scenario.sea(scenario.destroyer):
        raise DataError("the destroyer starts on land", file=file, path="destroyer")
    if not scenario.sub_start:
        raise DataError("no start hex for the submarine", file=file, path="sub_start")
    for i, h in enumerate(scenario.sub_start):
        if not scenario.sea(h):
            raise DataError("a start hex on land", file=file, path=f"sub_start[{i}]")
    if len(set(scenario.sub_start)) != len(scenario.sub_start):
        raise DataError("a start hex named twice", file=file, path="sub_start")
    return scenario


def load_scenario(name: str, strict: bool = False) -> Scenario:
    """A bundled scenario by id (``UnknownNameError`` for a misspelt one)."""
    from navalwar.errors import UnknownNameError

    if name not in scenario_ids():
        raise UnknownNameError(f"scenario of {GAME_ID}", name, scenario_ids())
    path = data_dir() / "scenarios" / f"{name}.toml"
    text = path.read_text(encoding="utf-8")
    return scenario_from_document(parse_toml_text(text, str(path)), str(path), strict)
