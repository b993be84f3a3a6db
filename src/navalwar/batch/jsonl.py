"""The JSON Lines file of a batch: one :class:`BattleRecord` per line.

Records are appended as battles finish, each line flushed at once, so an
interrupted run keeps every finished battle. A finished run leaves its lines in
battle order, so a file is the same whatever the workers, backend or
interruptions that made it.
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterable
from pathlib import Path
from typing import IO

from navalwar.batch.records import BattleRecord
from navalwar.errors import DataError


def read_records(path: str | Path, repair: bool = False) -> list[BattleRecord]:
    """The records of a batch file, in file order.

    A last line cut short (the run was killed while writing it) is left out; with
    ``repair`` it is also removed from the file. Any other bad line is a DataError.
    """
    path = Path(path)
    text = path.read_text(encoding="utf-8")
    lines = text.splitlines(keepends=True)
    records = []
    for number, line in enumerate(lines, 1):
        try:
            records.append(BattleRecord.from_json(json.loads(line)))
        except (json.JSONDecodeError, DataError) as exc:
            if number == len(lines) and not line.endswith("\n"):
                if repair:
                    with path.open("r+b") as f:
                        f.truncate(len(text[: len(text) - len(line)].encode("utf-8")))
                break
            raise DataError(f"{exc}", file=str(path), path=f"line {number}") from None
    else:
        if repair and text and not text.endswith("\n"):  # whole, but its newline lost
            with path.open("a", encoding="utf-8") as f:
                f.write("\n")
    return records


class RecordWriter:
    """Appends records to a batch file, one flushed line each."""

    def __init__(self, path: str | Path, fresh: bool) -> None:
        self.path = Path(path)
        self._file: IO[str] = self.path.open("w" if fresh else "a", encoding="utf-8")

    def write(self, records: Iterable[BattleRecord]) -> None:
        for record in records:
            self._file.write(record.to_line())
        self._file.flush()

    def close(self) -> None:
        self._file.close()


def write_sorted(path: str | Path, records: Iterable[BattleRecord]) -> None:
    """Rewrite the file with ``records`` in battle order (atomically)."""
    path = Path(path)
    tmp = path.with_name(path.name + ".tmp")
    with tmp.open("w", encoding="utf-8") as f:
        for record in sorted(records, key=lambda r: r.index):
            f.write(record.to_line())
    os.replace(tmp, path)
