"""Files navalwar writes (issue 15 items 1-3): atomic on a full disk, one writer at a
time for a batch file, damaged batch files recovered on resume, and output paths and
formats checked before any battle is fought."""

from __future__ import annotations

import errno
import os
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner, Result

from navalwar import batch, files
from navalwar.batch import read_records, simulate
from navalwar.cli import main
from navalwar.errors import DataError

TE = ("tokyo_express", "basic")
OLD = "<svg>the old, good map</svg>\n"


def cli(*args: str) -> Result:
    return CliRunner().invoke(main, list(args))


def full_disk() -> OSError:
    return OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))


class _HalfWriter:
    """A file whose first write stores half the bytes, then the disk is full."""

    def __init__(self, path: Path, mode: str) -> None:
        self.fh = Path(path).open(mode)  # noqa: SIM115 - closed by __exit__

    def __enter__(self) -> _HalfWriter:
        return self

    def __exit__(self, *exc: object) -> None:
        self.fh.close()

    def write(self, data: bytes) -> int:
        self.fh.write(data[: len(data) // 2])
        self.fh.flush()
        raise full_disk()


def _only_the_old_file(folder: Path, name: str) -> None:
    assert sorted(p.name for p in folder.iterdir()) == [name]  # no temporary left over


# -- item 1: atomic writes -------------------------------------------------------------------


def test_atomic_write_on_a_full_disk_keeps_the_old_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    target = tmp_path / "map.svg"
    target.write_text(OLD)
    monkeypatch.setattr(files, "open", _HalfWriter, raising=False)
    with pytest.raises(DataError, match="No space left on device") as caught:
        files.atomic_write(target, "<svg>" + "new " * 1000 + "</svg>")
    assert caught.value.file == str(target)
    assert target.read_text() == OLD
    _only_the_old_file(tmp_path, "map.svg")


def test_atomic_write_keeps_the_permissions_and_writes_bytes(tmp_path: Path) -> None:
    target = tmp_path / "out.bin"
    target.write_bytes(b"old")
    target.chmod(0o640)
    files.atomic_write(target, b"\x00new")
    assert target.read_bytes() == b"\x00new" and target.stat().st_mode & 0o777 == 0o640


def test_render_on_a_full_disk_keeps_the_good_svg(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 15: `render -o map.svg` on a full disk replaced a good SVG with a truncated one."""
    target = tmp_path / "map.svg"
    target.write_text(OLD)
    monkeypatch.setattr(files, "open", _HalfWriter, raising=False)
    result = cli("render", *TE, "-o", str(target))
    assert result.exit_code == 2, result.output
    assert str(target) in result.stderr and "No space left on device" in result.stderr
    assert "Traceback" not in result.output
    assert target.read_text() == OLD
    _only_the_old_file(tmp_path, "map.svg")


def test_render_writes_the_map_atomically(tmp_path: Path) -> None:
    target = tmp_path / "map.svg"
    target.write_text(OLD)
    result = cli("render", *TE, "-o", str(target))
    assert result.exit_code == 0, result.output
    assert "<svg" in target.read_text() and target.read_text() != OLD
    _only_the_old_file(tmp_path, "map.svg")


def test_plot_on_a_full_disk_keeps_the_old_plot(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    pytest.importorskip("matplotlib", reason="matplotlib is not installed (navalwar[plot])")
    from matplotlib.figure import Figure

    def savefig(self: Figure, fname: Any, **kwargs: Any) -> None:
        Path(fname).write_text("<svg>half")
        raise full_disk()

    target = tmp_path / "p.svg"
    target.write_text(OLD)
    monkeypatch.setattr(Figure, "savefig", savefig)
    result = cli("simulate", *TE, "-n", "2", "--workers", "1", "--plot", str(target))
    assert result.exit_code == 2, result.output
    assert str(target) in result.stderr and "No space left on device" in result.stderr
    assert target.read_text() == OLD
    _only_the_old_file(tmp_path, "p.svg")


def test_batch_records_on_a_full_disk_keep_whole_lines_and_resume(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A record append that fails midway is cut back off: the file keeps only whole
    records, and --resume completes it as an uninterrupted run."""
    whole = tmp_path / "whole.jsonl"
    simulate(*TE, 4, seed=3, workers=1, out=whole)
    out = tmp_path / "r.jsonl"
    real_write = os.write
    calls = []

    def write(fd: int, data: Any) -> int:
        if out.exists() and os.path.samestat(os.fstat(fd), os.stat(out)):
            calls.append(fd)
            if len(calls) == 3:
                real_write(fd, bytes(data[: len(data) // 2]))
                raise full_disk()
        return real_write(fd, data)

    monkeypatch.setattr(os, "write", write)
    with pytest.raises(DataError, match="No space left on device") as caught:
        simulate(*TE, 4, seed=3, workers=1, chunk_size=1, out=out)
    monkeypatch.undo()
    assert caught.value.file == str(out)
    text = out.read_text()
    assert text.endswith("\n") and text == "".join(whole.read_text().splitlines(True)[:2])
    assert not (tmp_path / f".{out.name}.lock").exists()  # the lock is released
    simulate(*TE, 4, seed=3, workers=1, out=out, resume=True)
    assert out.read_bytes() == whole.read_bytes()


# -- item 2: one writer, and resume recovers ---------------------------------------------------


def test_a_second_run_on_the_same_out_file_is_refused(tmp_path: Path) -> None:
    """Issue 15: two `simulate` runs on one --out file corrupted it: the second is refused."""
    out = tmp_path / "r.jsonl"
    with files.FileLock(out):
        with pytest.raises(DataError, match="another run is writing") as caught:
            simulate(*TE, 2, workers=1, out=out)
        assert caught.value.file == str(out) and f"process {os.getpid()}" in str(caught.value)
        result = cli("simulate", *TE, "-n", "2", "--workers", "1", "--out", str(out))
        assert result.exit_code == 2 and "another run is writing" in result.stderr
        assert str(out) in result.stderr
    assert not out.exists()  # the refused runs wrote nothing
    assert len(simulate(*TE, 2, workers=1, out=out)) == 2  # free again once released
    assert sorted(p.name for p in tmp_path.iterdir()) == ["r.jsonl"]


def test_resume_keeps_every_valid_record_of_a_file_two_writers_broke(tmp_path: Path) -> None:
    """Issue 15: after two writers, --resume keeps every valid record, drops the broken
    lines and the duplicates, and says what it dropped."""
    whole = tmp_path / "whole.jsonl"
    simulate(*TE, 5, seed=4, workers=1, out=whole)
    rows = whole.read_text().splitlines(keepends=True)
    out = tmp_path / "r.jsonl"
    out.write_text(rows[0] + rows[3][:30] + rows[3] + rows[0] + rows[2] + rows[1][:25])
    told: list[str] = []
    records = simulate(*TE, 5, seed=4, workers=1, out=out, resume=True, notify=told.append)
    assert out.read_bytes() == whole.read_bytes()
    assert records == read_records(whole)
    assert len(told) == 1
    assert "2 broken line(s) (line 2, 5)" in told[0] and "1 duplicate record(s) (line 3)" in told[0]
    assert "kept 3 valid record(s)" in told[0]


def test_cli_resume_says_what_it_dropped(tmp_path: Path) -> None:
    out = tmp_path / "r.jsonl"
    simulate(*TE, 3, seed=1, workers=1, out=out)
    rows = out.read_text().splitlines(keepends=True)
    out.write_text(rows[0] + rows[0] + rows[1][:20])
    result = cli(
        "simulate", *TE, "-n", "3", "--seed", "1", "--workers", "1", "--out", str(out), "--resume"
    )
    assert result.exit_code == 0, result.output
    assert "note:" in result.stderr and "dropped 1 broken line(s)" in result.stderr
    assert [r.index for r in read_records(out)] == [0, 1, 2]


def test_resume_refuses_a_file_that_holds_no_record(tmp_path: Path) -> None:
    out = tmp_path / "notes.txt"
    out.write_text("my notes\nnot battles\n")
    with pytest.raises(DataError, match="not a batch records file"):
        simulate(*TE, 2, workers=1, out=out, resume=True)
    assert out.read_text() == "my notes\nnot battles\n"


# -- item 3: outputs checked before the battles --------------------------------------------


@pytest.fixture
def no_battles(monkeypatch: pytest.MonkeyPatch) -> None:
    def fail(*args: Any, **kwargs: Any) -> None:
        raise AssertionError("battles were fought before the outputs were checked")

    monkeypatch.setattr(batch, "simulate", fail)


@pytest.mark.usefixtures("no_battles")
def test_simulate_refuses_a_plot_format_before_any_battle(tmp_path: Path) -> None:
    """Issue 15: `simulate --plot p.txt` failed with a raw ValueError after the batch."""
    pytest.importorskip("matplotlib", reason="matplotlib is not installed (navalwar[plot])")
    result = cli("simulate", *TE, "-n", "2", "--plot", str(tmp_path / "p.txt"))
    assert result.exit_code == 2, result.output
    assert "'.txt'" in result.stderr and ".svg" in result.stderr and ".png" in result.stderr
    result = cli("simulate", *TE, "-n", "2", "--plot", str(tmp_path / "plot"))
    assert result.exit_code == 2 and "no extension" in result.stderr


@pytest.mark.usefixtures("no_battles")
def test_simulate_refuses_unwritable_outputs_before_any_battle(tmp_path: Path) -> None:
    pytest.importorskip("matplotlib", reason="matplotlib is not installed (navalwar[plot])")
    missing = tmp_path / "no" / "p.svg"
    result = cli("simulate", *TE, "-n", "2", "--plot", str(missing))
    assert result.exit_code == 2 and "folder does not exist" in result.stderr
    result = cli("simulate", *TE, "-n", "2", "--out", str(tmp_path / "no" / "r.jsonl"))
    assert result.exit_code == 2 and "folder does not exist" in result.stderr


@pytest.mark.skipif(os.name != "posix" or os.geteuid() == 0, reason="root may write anywhere")
@pytest.mark.usefixtures("no_battles")
def test_simulate_refuses_a_read_only_folder_before_any_battle(tmp_path: Path) -> None:
    folder = tmp_path / "ro"
    folder.mkdir()
    folder.chmod(0o500)
    try:
        result = cli("simulate", *TE, "-n", "2", "--out", str(folder / "r.jsonl"))
    finally:
        folder.chmod(0o700)
    assert result.exit_code == 2 and "permission denied" in result.stderr
