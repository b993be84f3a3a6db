"""The JSON Lines file of a batch: one :class:`BattleRecord` per line.

Records are appended as battles finish, whole lines at a time, each batch of lines
flushed to disk at once, so an interrupted run keeps every finished battle; a write
that fails (a full disk) is undone, so the file never keeps half a line. A finished
run leaves its lines in battle order (rewritten atomically), so a file is the same
whatever the workers, backend or interruptions that made it. One run at a time may
write a file (:class:`navalwar.files.FileLock`); resuming recovers every valid
record of a damaged file (:func:`recover_records`).
"""

from __future__ import annotations

import contextlib
import json
import os
from collections.abc import Iterable
from pathlib import Path

import attrs

from navalwar.batch.records import BattleRecord
from navalwar.errors import DataError
from navalwar.files import atomic_write, os_error


def _read(path: Path) -> str:
    try:
        return path.read_text(encoding="utf-8")
    except OSError as exc:
        raise os_error(exc, path, "read") from None
    except UnicodeDecodeError:
        raise DataError("not a batch records file (not UTF-8 text)", file=str(path)) from None


_START = '{"index": '  # how every record's line begins (BattleRecord.to_line)


def _record(line: str) -> BattleRecord:
    return BattleRecord.from_json(json.loads(line))


def read_records(path: str | Path) -> list[BattleRecord]:
    """The records of a batch file, in file order.

    A last line cut short (the run was killed while writing it) is left out. Any other
    bad line is a DataError (:func:`recover_records` keeps what is valid instead).
    """
    path = Path(path)
    lines = _read(path).splitlines(keepends=True)
    records = []
    for number, line in enumerate(lines, 1):
        try:
            records.append(_record(line))
        except (json.JSONDecodeError, DataError) as exc:
            if number == len(lines) and not line.endswith("\n"):
                break
            raise DataError(f"{exc}", file=str(path), path=f"line {number}") from None
    return records


@attrs.frozen
class Recovered:
    """What :func:`recover_records` kept of a batch file, and what it dropped."""

    records: list[BattleRecord]
    broken: list[int]  # line numbers that are not whole records
    duplicates: list[int]  # line numbers repeating a battle already read
    clean: bool  # the file holds exactly ``records``, one whole line each

    def dropped(self, path: Path) -> str:
        """What was dropped, as a sentence ("" if nothing)."""
        parts = []
        if self.broken:
            parts.append(f"{len(self.broken)} broken line(s) ({_numbers(self.broken)})")
        if self.duplicates:
            parts.append(
                f"{len(self.duplicates)} duplicate record(s) ({_numbers(self.duplicates)})"
            )
        if not parts:
            return ""
        kept = len(self.records)
        return f"{path}: dropped {' and '.join(parts)}; kept {kept} valid record(s)"


def _numbers(lines: list[int]) -> str:
    shown = ", ".join(str(n) for n in lines[:8])
    return "line " + shown + (" ..." if len(lines) > 8 else "")


def recover_records(path: str | Path) -> Recovered:
    """Every valid record of a batch file, the first of each battle, in file order:
    broken lines (cut short, or interleaved by two writers) and repeated battles are
    dropped and listed; a whole record at the end of a broken line is kept. A file with
    lines but no valid record at all is a DataError (it is not a batch file)."""
    path = Path(path)
    text = _read(path)
    records: list[BattleRecord] = []
    broken: list[int] = []
    duplicates: list[int] = []
    seen: set[int] = set()
    lines = text.splitlines(keepends=True)
    for number, line in enumerate(lines, 1):
        try:
            record = _record(line)
        except (json.JSONDecodeError, DataError):
            broken.append(number)
            # another writer's half line may run into a whole record: keep that
            start = line.rfind(_START, 1)
            try:
                record = _record(line[start:])
            except (json.JSONDecodeError, DataError):
                continue
        if record.index in seen:
            duplicates.append(number)
            continue
        seen.add(record.index)
        records.append(record)
    if lines and not records:
        raise DataError(
            "not a batch records file (no line is a battle record); give another --out",
            file=str(path),
        )
    clean = not broken and not duplicates and (not text or text.endswith("\n"))
    return Recovered(records, broken, duplicates, clean)


class RecordWriter:
    """Appends records to a batch file, whole lines flushed to disk at each write;
    a failed write is cut back off, and a DataError names the file."""

    def __init__(self, path: str | Path, fresh: bool) -> None:
        self.path = Path(path)
        flags = os.O_WRONLY | os.O_CREAT | (os.O_TRUNC if fresh else os.O_APPEND)
        try:
            self._fd = os.open(self.path, flags, 0o666)
            self._size = os.lseek(self._fd, 0, os.SEEK_END)
        except OSError as exc:
            raise os_error(exc, self.path) from None

    def write(self, records: Iterable[BattleRecord]) -> None:
        data = "".join(record.to_line() for record in records).encode("utf-8")
        try:
            view = memoryview(data)
            while view:
                view = view[os.write(self._fd, view) :]
            os.fsync(self._fd)
        except OSError as exc:
            with contextlib.suppress(OSError):  # (else resuming drops the broken line)
                os.ftruncate(self._fd, self._size)  # no half line left behind
            raise os_error(exc, self.path) from None
        self._size += len(data)

    def close(self) -> None:
        os.close(self._fd)


def write_sorted(path: str | Path, records: Iterable[BattleRecord]) -> None:
    """Rewrite the file with ``records`` in battle order (atomically)."""
    lines = [record.to_line() for record in sorted(records, key=lambda r: r.index)]
    atomic_write(path, "".join(lines))
