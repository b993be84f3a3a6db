"""Data packs: every number a game needs, with its provenance.

A pack is the folder a game declares (:meth:`navalwar.engine.Game.data_dir`;
the bundled games' is ``data/<game>/``, shipped inside the wheel). Its files
are TOML or CSV, parsed (never executed). An owner of the printed game can put
a transcription of any file, under the same name and format, in an override
directory (``--data DIR`` or the ``NAVALWAR_DATA`` environment variable); it
replaces the bundled file and is validated like it, including against every
cell the rulebook reveals (the game's known cells).

Provenance, from best to worst: ``rulebook`` (printed in the rules),
``example`` (a cell revealed by a worked example), ``historical`` (a fact with
its source), ``reconstructed`` (derived by a documented formula),
``placeholder``. Strict mode refuses anything below ``historical``.
"""

from __future__ import annotations

import contextlib
import csv
import functools
import hashlib
import io
import os
import stat
import tomllib
from collections.abc import Iterable, Iterator, Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

import attrs

from navalwar.errors import DataError, DataErrors, clip, excerpt
from navalwar.files import atomic_write
from navalwar.reader import PROVENANCE, field_provenance, provenance_kind

if TYPE_CHECKING:
    from navalwar.engine import Game


__all__ = ["PROVENANCE"]  # re-exported from navalwar.reader, where the grammar lives
STRICT_MINIMUM = "historical"
ENV_VAR = "NAVALWAR_DATA"


class RowProblems:
    """The problems of a file's rows, gathered so that one bad row does not hide the
    others: each row is parsed ``with problems.row():`` and :meth:`check` raises what
    was found (one :class:`DataError`, or :class:`DataErrors` for several)."""

    def __init__(self) -> None:
        self.found: list[DataError] = []

    @contextlib.contextmanager
    def row(self) -> Iterator[None]:
        """Parse one row: a DataError is kept and the row skipped."""
        try:
            yield
        except DataErrors as exc:
            self.found.extend(exc.problems)
        except DataError as exc:
            self.found.append(exc)

    def check(self) -> None:
        """Raise the problems found, if any."""
        if len(self.found) == 1:
            raise self.found[0]
        if self.found:
            raise DataErrors(self.found)


def provenance_rank(kind: str) -> int:
    """0 for ``rulebook`` ... 4 for ``placeholder``; unknown kinds raise DataError."""
    try:
        return PROVENANCE.index(kind)
    except ValueError:
        raise DataError(
            f"unknown provenance {kind!r}; use one of {', '.join(PROVENANCE)}"
        ) from None


def meets_strict(kind: str) -> bool:
    """Whether provenance ``kind`` is good enough for strict mode."""
    return provenance_rank(kind) <= provenance_rank(STRICT_MINIMUM)


def worst(kinds: Iterable[str]) -> str:
    """The worst of provenance ``kinds`` (``placeholder`` for none)."""
    return max(kinds, key=PROVENANCE.index, default="placeholder")


@functools.cache
def bundled_data_dir() -> Path:
    """The directory holding the packs bundled with navalwar (``navalwar/data`` or the
    repo's ``data``), where a bundled game's :meth:`~navalwar.engine.Game.data_dir`
    points; where the package lies does not change while it runs, so it is found once."""
    here = Path(__file__).resolve().parent
    installed = here / "data"
    if installed.is_dir():
        return installed
    return here.parents[1] / "data"


@attrs.frozen
class PackFile:
    """One parsed file of a pack."""

    name: str
    path: Path
    origin: str  # "bundled" or "override"
    content: Any  # dict (TOML) or list of row dicts (CSV)


MAX_FILE_BYTES = 2 * 2**20  # the largest scenario or data file read (the bundled: < 100 KB)
MAX_TEXT_CHARS = 4000  # the longest string, key or CSV cell in one (the bundled: < 1,000)
_INT64 = 2**63  # TOML integers are 64-bit (TOML 1.0, "Integer")


def read_user_file(path: Path, limit: int = MAX_FILE_BYTES) -> bytes:
    """The bytes of a file a user gave us: a DataError, before anything is read, for a
    file that is not a regular file (a folder, a device, a pipe) or is larger than
    ``limit`` bytes, so that no input is parsed into gigabytes."""
    file = str(path)
    try:
        # non-blocking, so that opening a named pipe does not wait for a writer
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    except OSError as exc:
        raise DataError(f"cannot read: {exc.strerror or exc}", file=clip(file)) from None
    except ValueError:  # a NUL character in the name
        raise DataError("cannot read: not a valid file name", file=clip(file)) from None
    with os.fdopen(fd, "rb") as fh:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise DataError("cannot read: not a regular file", file=file)
        if info.st_size > limit:
            raise DataError(f"too large: {info.st_size} bytes (at most {limit})", file=file)
        try:
            data = fh.read(limit + 1)
        except OSError as exc:
            raise DataError(f"cannot read: {exc.strerror or exc}", file=file) from None
    if len(data) > limit:  # it grew while we looked
        raise DataError(f"too large: more than {limit} bytes", file=file)
    return data


def parse_toml(path: Path) -> dict[str, Any]:
    """Parse a TOML file; any problem becomes a DataError naming the file."""
    try:
        text = read_user_file(path).decode("utf-8")
    except UnicodeDecodeError:
        raise DataError("not UTF-8 text", file=str(path)) from None
    return parse_toml_text(text, str(path))


def parse_toml_text(text: str, file: str) -> dict[str, Any]:
    """Parse TOML ``text`` (of ``file``) and check its sizes (:func:`check_sizes`);
    any problem becomes a DataError naming the file."""
    try:
        doc = tomllib.loads(text)
    except RecursionError:
        raise DataError("not valid TOML: nested too deeply", file=file) from None
    except tomllib.TOMLDecodeError as exc:
        raise DataError(f"not valid TOML: {exc}", file=file) from None
    except ValueError:  # an integer of more digits than Python converts (4,300)
        raise DataError(
            "not valid TOML: an integer too long (TOML integers are 64-bit)", file=file
        ) from None
    check_sizes(doc, file)
    return doc


def check_sizes(doc: Any, file: str) -> None:
    """A DataError at the first integer outside 64 bits (TOML 1.0 "Integer") or string
    or key longer than :data:`MAX_TEXT_CHARS` in a parsed document: no count or name
    a user file gives is that large, and a longer number string would be more digits
    than Python converts."""
    try:
        where = _oversized(doc, "")
    except RecursionError:
        raise DataError("nested too deeply", file=file) from None
    if where is not None:
        path, what = where
        raise DataError(what, file=file, path=path or None)


def _oversized(node: Any, path: str) -> tuple[str, str] | None:
    if isinstance(node, str):
        if len(node) > MAX_TEXT_CHARS:
            return path, f"a text of {len(node)} characters (at most {MAX_TEXT_CHARS})"
    elif isinstance(node, int) and not isinstance(node, bool):
        if not -_INT64 <= node < _INT64:
            return path, "an integer outside 64 bits (TOML integers are 64-bit)"
    elif isinstance(node, dict):
        for key, value in node.items():
            sub = f"{path}.{key}" if path else str(key)
            if len(key) > MAX_TEXT_CHARS:
                return path, f"a key of {len(key)} characters (at most {MAX_TEXT_CHARS})"
            found = _oversized(value, sub)
            if found is not None:
                return found
    elif isinstance(node, list):
        for i, value in enumerate(node):
            found = _oversized(value, f"{path}[{i}]")
            if found is not None:
                return found
    return None


def parse_csv(path: Path, required: Sequence[str] = ()) -> list[dict[str, str]]:
    """Parse a CSV file with a header row; checks the ``required`` columns."""
    try:
        text = read_user_file(path).decode("utf-8-sig")
    except UnicodeDecodeError:
        raise DataError("not UTF-8 text", file=str(path)) from None
    try:
        reader = csv.DictReader(io.StringIO(text))
        header = reader.fieldnames or []
        if any(len(h) > MAX_TEXT_CHARS for h in header):
            raise DataError(
                f"a column name longer than {MAX_TEXT_CHARS} characters", file=str(path)
            )
        missing = [c for c in required if c not in header]
        if missing:
            raise DataError(
                f"missing column(s) {', '.join(missing)}; the header must include "
                f"{', '.join(required)}",
                file=str(path),
            )
        rows: list[dict[str, str]] = []
        for row in reader:
            line = reader.line_num
            if None in row:  # more cells than the header: the extras are under None
                extra = row[None]
                cells = len(header) + (len(extra) if isinstance(extra, list) else 1)
                raise DataError(
                    f"row has {cells} cells but the header has {len(header)}",
                    file=str(path),
                    path=f"line {line}",
                )
            if any(v is None for v in row.values()):  # fewer cells: the missing are None
                cells = sum(1 for v in row.values() if v is not None)
                raise DataError(
                    f"row has {cells} cells but the header has {len(header)}",
                    file=str(path),
                    path=f"line {line}",
                )
            if any(len(v) > MAX_TEXT_CHARS for v in row.values()):
                raise DataError(
                    f"a cell longer than {MAX_TEXT_CHARS} characters",
                    file=str(path),
                    path=f"line {line}",
                )
            rows.append({k: v.strip() for k, v in row.items()})
        return rows
    except csv.Error as exc:
        raise DataError(f"not valid CSV: {exc}", file=str(path)) from None


def _game(game: str | Game[Any, Any]) -> Game[Any, Any]:
    if isinstance(game, str):
        from navalwar.registry import load

        return load(game)
    return game


def _id(game: str | Game[Any, Any]) -> str:
    return game if isinstance(game, str) else game.id


def pack_dir(game: str | Game[Any, Any]) -> Path | None:
    """The folder of ``game``'s own data pack (its declared ``data_dir()``), or None."""
    root = _game(game).data_dir()
    return None if root is None else Path(root)


@functools.cache
def pack_file_names(root: Path) -> tuple[str, ...]:
    """The TOML and CSV files under ``root``, less the ``sources/`` they were
    reconstructed from, as relative names (a pack's folder does not change while the
    program runs, so it is listed once)."""
    return tuple(
        sorted(
            path.relative_to(root).as_posix()
            for path in root.rglob("*")
            if path.suffix in (".toml", ".csv") and path.relative_to(root).parts[0] != "sources"
        )
    )


def override_dirs(
    explicit: Iterable[str | Path] = (), use_env: bool = True, game: str | Game[Any, Any] = ""
) -> tuple[Path, ...]:
    """Override directories: the explicit ones, then ``$NAVALWAR_DATA`` (``os.pathsep`` list).

    With ``game``, an explicit directory must hold at least one of its data files
    (directly or under ``<game>/``): one that holds none is a mistake (a typo, the wrong
    folder), not an override. A ``$NAVALWAR_DATA`` directory may hold another game's only.
    """
    given = [Path(p) for p in explicit]
    dirs = list(given)
    if use_env:
        env = os.environ.get(ENV_VAR, "")
        dirs.extend(Path(p) for p in env.split(os.pathsep) if p)
    for d in dirs:
        if not is_dir(d):
            raise DataError(
                f"override data directory {excerpt(str(d))} does not exist or is not a folder"
            )
    if game:
        names = data_file_names(game)
        game = _id(game)
        for d in given:
            if not any((d / game / n).is_file() or (d / n).is_file() for n in names):
                listing = ", ".join(names[:8]) + (" ..." if len(names) > 8 else "")
                raise DataError(
                    f"no {game} data file in override data directory {excerpt(str(d))}; "
                    f"expected one of: {listing} (directly or under {game}/)"
                )
    return tuple(dirs)


def _bundled_names(game: str | Game[Any, Any]) -> tuple[str, ...]:
    return tuple(_game(game).data_files())


def data_file_names(game: str | Game[Any, Any]) -> list[str]:
    """The files of ``game``'s pack an override directory may replace (``ships.csv``,
    ``overlays/port-arthur.toml`` ...): the bundled TOML and CSV files, less the
    ``sources/`` they were reconstructed from and the ``scenarios/``."""
    return [n for n in _bundled_names(game) if not n.startswith("scenarios/")]


def is_scenario_file(name: str, bundled: Iterable[str]) -> bool:
    """Whether scenario ``name`` is a file path rather than a bundled id: it ends in
    ``.toml``, or a file of that name exists and no bundled scenario has it as id."""
    return name.endswith(".toml") or (name not in bundled and is_file(Path(name)))


def is_file(path: Path) -> bool:
    """``path.is_file()``, False for a name no file can have (too long, a NUL in it)."""
    try:
        return path.is_file()
    except (OSError, ValueError):
        return False


def is_dir(path: Path) -> bool:
    """``path.is_dir()``, False for a name no folder can have (too long, a NUL in it)."""
    try:
        return path.is_dir()
    except (OSError, ValueError):
        return False


def locate(game: str | Game[Any, Any], name: str, overrides: Sequence[Path]) -> tuple[Path, str]:
    """Find file ``name`` of ``game``: the first override that has it, else the bundle.

    An override directory may hold the files directly or under ``<game>/``.
    """
    gid = _id(game)
    for d in overrides:
        for candidate in (d / gid / name, d / name):
            if candidate.is_file():
                return candidate, "override"
    root = pack_dir(game)
    if root is None:
        raise DataError(f"{gid} has no data pack of its own, and no override has {name!r}")
    bundled = root / name
    if not bundled.is_file():
        raise DataError(f"the bundled {gid} data pack has no file {name!r}", file=str(bundled))
    return bundled, "bundled"


def fingerprint(
    game: str | Game[Any, Any], overrides: Sequence[Path] = ()
) -> tuple[tuple[str, int, int], ...]:
    """Every file of ``game``'s bundled pack and of the override directories, with its
    size and modification time: any edit, addition or removal changes it (the key of
    the parsed-pack cache)."""
    entries: list[tuple[str, int, int]] = []
    own = pack_dir(game)
    for root in (*(() if own is None else (own,)), *overrides):
        _stat_files(os.fspath(root), entries)
    return tuple(sorted(entries))


def _stat_files(folder: str, entries: list[tuple[str, int, int]]) -> None:
    """Add ``(path, mtime_ns, size)`` of every file under ``folder`` to ``entries``
    (a missing folder adds nothing; a file that vanishes while walking is left out,
    and the next call sees it gone)."""
    try:
        found = list(os.scandir(folder))
    except OSError:
        return
    for entry in found:
        try:
            if entry.is_dir():
                if not entry.is_symlink():  # as os.walk: linked folders are not entered
                    _stat_files(entry.path, entries)
            else:
                st = entry.stat()
                entries.append((entry.path, st.st_mtime_ns, st.st_size))
        except OSError:
            continue


def digests(game: str | Game[Any, Any], overrides: Sequence[Path] = ()) -> dict[str, str]:
    """A short SHA-256 of each data file ``game`` may read: every TOML and CSV file of
    its bundled pack (``"bundled/<name>"``, less the ``sources/`` it was reconstructed
    from), and the same names in each override directory, directly or under ``<game>/``,
    as :func:`locate` looks for them (``"<dir>/<name>"``); a file that cannot be read is
    ``"unreadable"``. A save records them, so that a replay that goes differently can
    name the data files that changed since."""
    root = pack_dir(game)
    names = _bundled_names(game)
    found = [] if root is None else [(f"bundled/{name}", root / name) for name in names]
    game = _id(game)
    for d in overrides:
        for base, label in ((d / game, f"{d}/{game}"), (d, str(d))):
            found += [(f"{label}/{name}", base / name) for name in names]
    out: dict[str, str] = {}
    for label, path in found:
        try:
            if path.is_file():
                out[label] = hashlib.sha256(path.read_bytes()).hexdigest()[:16]
        except OSError:
            out[label] = "unreadable"
    return out


def used_files(
    game: str | Game[Any, Any], files: dict[str, str], overrides: Sequence[str]
) -> dict[str, tuple[str, str]]:
    """From the :func:`digests` ``files`` of a match with override directories
    ``overrides`` (as named there), the file each data file was read from, as
    :func:`locate` picks it, and its digest: ``{"ships.csv": ("<dir>/ships.csv", "1a2b...")}``."""
    out = {}
    names = data_file_names(game)
    game = _id(game)
    for name in names:
        labels = [lab for d in overrides for lab in (f"{d}/{game}/{name}", f"{d}/{name}")]
        label = next((lab for lab in labels if lab in files), f"bundled/{name}")
        if label in files:
            out[name] = (label, files[label])
    return out


def changed_files(recorded: dict[str, str], now: dict[str, str]) -> list[str]:
    """What differs between two :func:`digests`: ``"changed: …"``, ``"new: …"``,
    ``"gone: …"`` (sorted by file)."""
    out = []
    for name in sorted(set(recorded) | set(now)):
        if name not in now:
            out.append(f"gone: {name}")
        elif name not in recorded:
            out.append(f"new: {name}")
        elif recorded[name] != now[name]:
            out.append(f"changed: {name}")
    return out


def load_files(
    game: str | Game[Any, Any], names: Sequence[str], overrides: Sequence[Path] = ()
) -> dict[str, PackFile]:
    """Load and parse the named files of a pack (TOML as dicts, CSV as row lists)."""
    out: dict[str, PackFile] = {}
    for name in names:
        path, origin = locate(game, name, overrides)
        content: Any = parse_toml(path) if name.endswith(".toml") else parse_csv(path)
        out[name] = PackFile(name, path, origin, content)
    return out


def meta_provenance(doc: Any, file: str) -> str:
    """A TOML file's provenance: its ``[meta] provenance``; ``placeholder`` (the worst)
    when it gives none."""
    meta = doc.get("meta", {}) if isinstance(doc, dict) else {}
    if not isinstance(meta, dict):
        raise DataError("must be a table", file=file, path="meta")
    if "provenance" not in meta:
        return "placeholder"
    return provenance_kind(meta["provenance"], file, "meta.provenance")


def rows_provenance(rows: Sequence[Mapping[str, str]], file: str) -> str:
    """A CSV file's provenance from its ``provenance`` and ``field_provenance`` columns:
    the worst kind any row or field of it has (every bad cell reported, by line)."""
    kinds: list[str] = []
    fields = tuple(rows[0]) if rows else ()
    problems = RowProblems()
    for line, row in enumerate(rows, start=2):
        with problems.row():
            where = f"line {line}"
            kinds.append(provenance_kind(row["provenance"], file, f"{where}.provenance"))
            cell = row.get("field_provenance", "")
            found = field_provenance(cell, fields, file, f"{where}.field_provenance")
            kinds.extend(kind for _, kind in found)
    problems.check()
    return worst(kinds)


def sidecar_path(csv_path: Path) -> Path:
    """The provenance sidecar of a CSV file without a provenance column: ``<stem>.meta.toml``."""
    return csv_path.with_name(csv_path.stem + ".meta.toml")


def file_provenance(file: PackFile) -> str:
    """The provenance of one file of a pack, the same rule for every game: a TOML file's
    ``[meta] provenance``; a CSV file's worst row or field provenance if it has a
    ``provenance`` column, else its sidecar ``<stem>.meta.toml``'s; ``placeholder`` when
    the file gives none."""
    path = str(file.path)
    if file.name.endswith(".toml"):
        return meta_provenance(file.content, path)
    rows = file.content
    if rows and "provenance" in rows[0]:
        return rows_provenance(rows, path)
    meta = sidecar_path(file.path)
    return meta_provenance(parse_toml(meta), str(meta)) if meta.is_file() else "placeholder"


def pack_provenance(files: Mapping[str, PackFile]) -> dict[str, str]:
    """Each file's provenance (:func:`file_provenance`), by name."""
    return {name: file_provenance(f) for name, f in files.items()}


def check_strict(provenance: Mapping[str, str]) -> None:
    """Strict mode (``--strict``): a DataError naming every file below ``historical``."""
    weak = [f"{n} ({k})" for n, k in provenance.items() if not meets_strict(k)]
    if weak:
        raise DataError(
            f"strict mode needs data of at least {STRICT_MINIMUM!r} provenance, but these files "
            "are below it: " + ", ".join(weak) + ". Put a transcription of the printed "
            "components in an override directory (--data DIR) to play strictly, its "
            "provenance given in each TOML file's [meta] table and in each CSV file's "
            "provenance column or <name>.meta.toml beside it."
        )


def write_generated(files: dict[Path, str], check: bool, root: Path) -> int:
    """Write the files a reconstruction script generates, or with ``check`` report (exit 1)
    those whose committed text differs. Returns the process exit status."""
    import sys

    if check:
        stale = [
            p
            for p, text in files.items()
            if not p.is_file() or p.read_text(encoding="utf-8") != text
        ]
        for p in stale:
            print(f"out of date: {p.relative_to(root)}", file=sys.stderr)
        return 1 if stale else 0
    for p, text in files.items():
        atomic_write(p, text)
        print(f"wrote {p.relative_to(root)}")
    return 0
