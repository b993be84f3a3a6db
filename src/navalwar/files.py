"""The files navalwar writes: atomically, checked before use, with errors naming them.

Every file navalwar writes (saves, SVG maps, plots, batch records) goes through
:func:`atomic_output`: the content is written to a temporary file beside the
target, flushed to disk, then renamed over it, so a crash or a full disk leaves
the old file or the new one, never half of either. An ``OSError`` becomes a
:class:`~navalwar.errors.DataError` naming the file.

:class:`FileLock` keeps a second process from writing a file another is writing
(a batch's JSON Lines records).
"""

from __future__ import annotations

import contextlib
import itertools
import os
import socket
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from types import TracebackType

from navalwar.errors import DataError, excerpt

_serial = itertools.count()


def os_error(exc: OSError, path: str | Path, what: str = "write") -> DataError:
    """A DataError naming ``path`` for an OSError met while trying to ``what`` it."""
    return DataError(f"cannot {what}: {exc.strerror or exc}", file=str(path))


def _fsync_directory(directory: Path) -> None:
    """Make a rename in ``directory`` durable (best effort: not every system can)."""
    with contextlib.suppress(OSError, AttributeError):
        fd = os.open(directory, os.O_RDONLY)
        try:
            os.fsync(fd)
        finally:
            os.close(fd)


@contextlib.contextmanager
def atomic_output(path: str | Path) -> Iterator[Path]:
    """Yield a temporary path beside ``path`` to write the content to; on leaving the
    block it is flushed to disk and renamed over ``path``. On any error the temporary
    file is removed and ``path`` left as it was (an OSError becomes a DataError naming
    ``path``). The new file gets the old one's permissions, or the usual ones."""
    path = Path(path)
    if "\x00" in str(path):
        raise DataError(
            "cannot write: not a file name (it holds a NUL character)", file=excerpt(str(path))
        )
    directory = path.parent
    for _ in range(1000):
        tmp = directory / f".{path.name}.{os.getpid()}.{next(_serial)}.tmp"
        try:
            os.close(os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o666))
            break
        except FileExistsError:
            continue
        except OSError as exc:
            raise os_error(exc, path) from None
    else:  # pragma: no cover - a thousand stale temporary files
        raise DataError("cannot write: no free temporary name beside it", file=str(path))
    try:
        yield tmp
        fd = os.open(tmp, os.O_RDONLY)
        try:
            os.fsync(fd)
        finally:
            os.close(fd)
        with contextlib.suppress(FileNotFoundError):
            os.chmod(tmp, path.stat().st_mode & 0o7777)
        os.replace(tmp, path)
    except BaseException as exc:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        if isinstance(exc, OSError):
            raise os_error(exc, path) from None
        raise
    _fsync_directory(directory)


def atomic_write(path: str | Path, data: str | bytes) -> None:
    """Write ``data`` (text as UTF-8) to ``path`` atomically (see :func:`atomic_output`)."""
    raw = data.encode("utf-8") if isinstance(data, str) else data
    with atomic_output(path) as tmp, open(tmp, "wb") as fh:
        fh.write(raw)


def check_writable(path: str | Path, what: str) -> Path:
    """Check, before any work, that ``path`` can be written: its folder exists and is
    writable, and it is not a folder itself. ``what`` names it in the error
    (``"--out"``)."""
    path = Path(path)
    folder = path.resolve().parent
    if not folder.is_dir():
        raise DataError(
            f"cannot write {what}: the folder does not exist ({folder})", file=str(path)
        )
    if path.is_dir():
        raise DataError(f"cannot write {what}: it is a folder, give a file name", file=str(path))
    if not os.access(folder, os.W_OK) or (path.exists() and not os.access(path, os.W_OK)):
        raise DataError(f"cannot write {what}: permission denied", file=str(path))
    return path


class FileLock:
    """An exclusive lock on ``path`` held by this process, in the sidecar file
    ``.NAME.lock`` beside it (which also names the holder), so that a second run is
    refused rather than writing the same file. Released (and the sidecar removed) on
    :meth:`release` or on leaving a ``with`` block; the system frees it if the
    process dies."""

    def __init__(self, path: str | Path, what: str = "this file") -> None:
        self.path = Path(path)
        self.lock_path = self.path.with_name(f".{self.path.name}.lock")
        self._fd: int | None = None
        self._acquire(what)

    def _acquire(self, what: str) -> None:
        while True:
            try:
                fd = os.open(self.lock_path, os.O_RDWR | os.O_CREAT, 0o666)
            except OSError as exc:
                raise os_error(exc, self.path, "lock") from None
            if not _try_lock(fd):
                holder = _read_holder(fd)
                os.close(fd)
                raise DataError(
                    f"another run is writing {what} ({holder}); wait for it to finish, "
                    "or give another file",
                    file=str(self.path),
                )
            try:  # the sidecar we locked may have been removed by its last holder
                same = os.fstat(fd).st_ino == os.stat(self.lock_path).st_ino
            except FileNotFoundError:
                same = False
            if same:
                break
            os.close(fd)
        holder = f"process {os.getpid()} on {socket.gethostname()}, since {time.ctime()}"
        os.ftruncate(fd, 0)
        os.write(fd, holder.encode("utf-8"))
        self._fd = fd

    def release(self) -> None:
        """Give the lock up and remove the sidecar file."""
        if self._fd is None:
            return
        with contextlib.suppress(OSError):
            os.unlink(self.lock_path)
        os.close(self._fd)
        self._fd = None

    def __enter__(self) -> FileLock:
        return self

    def __exit__(
        self, kind: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None
    ) -> None:
        self.release()


def _try_lock(fd: int) -> bool:
    """Take the exclusive lock on ``fd`` without waiting (False: another has it)."""
    if sys.platform == "win32":  # pragma: no cover
        import msvcrt

        try:
            msvcrt.locking(fd, msvcrt.LK_NBLCK, 1)
        except OSError:
            return False
        return True
    import fcntl

    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        return False
    return True


def _read_holder(fd: int) -> str:
    """Who holds the lock, as its sidecar file says."""
    with contextlib.suppress(OSError):
        os.lseek(fd, 0, os.SEEK_SET)
        text = os.read(fd, 200).decode("utf-8", "replace").strip()
        if text:
            return text
    return "its lock file names no process"
