"""Where the battles of a batch are fought: this process, a process pool, or Ray.

The work is cut into :class:`Chunk` values (plain, picklable data) and fought by
the module-level :func:`run_chunk`, so a ``spawn``-started worker only imports
this module (no closures, no state from the parent). A battle's record depends on
its seed alone, so every backend and worker count gives the same records; they
may arrive in any order, each chunk as soon as it is done.

Ray is optional (``pip install navalwar[ray]``). ``address=None`` starts a local
Ray instance (unless ``RAY_ADDRESS`` names a cluster, or Ray is already
initialised); ``address="HOST:PORT"`` or ``"auto"`` joins a running cluster, each
of whose machines must have the same navalwar installed.
"""

from __future__ import annotations

import contextlib
import importlib
import multiprocessing
import os
import signal
from collections.abc import Generator, Sequence
from typing import Any

import attrs

from navalwar.batch.records import BatchSpec, play_battle
from navalwar.errors import NavalwarError

BACKENDS = ("process", "ray")

Records = Generator[list[dict[str, Any]], None, None]
"""The records of each chunk as it is done (close it to stop the workers)."""


@attrs.frozen
class Chunk:
    """Battles to fight together: ``(index, seed)`` pairs of one batch."""

    spec: BatchSpec
    battles: tuple[tuple[int, int], ...]


def run_chunk(chunk: Chunk) -> list[dict[str, Any]]:
    """Fight a chunk's battles; their records as JSON-able dicts."""
    return [play_battle(chunk.spec, i, seed).to_json() for i, seed in chunk.battles]


def _ignore_sigint() -> None:
    """Pool workers leave Ctrl-C to the parent, which stops the pool."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def run_local(chunks: Sequence[Chunk]) -> Records:
    """Fight the chunks one after the other in this process."""
    for chunk in chunks:
        yield run_chunk(chunk)


def run_processes(chunks: Sequence[Chunk], workers: int) -> Records:
    """Fight the chunks in a pool of ``workers`` spawned processes. The pool is
    ``multiprocessing``'s, not ``concurrent.futures``', because Ctrl-C must stop its
    workers at once (``terminate``), not after the battles they are fighting."""
    pool = multiprocessing.get_context("spawn").Pool(workers, initializer=_ignore_sigint)
    try:
        yield from pool.imap_unordered(run_chunk, chunks)
    finally:  # finished, failed, interrupted or abandoned: fight no more
        pool.terminate()
        pool.join()


def import_ray() -> Any:
    """The ``ray`` module, or a NavalwarError saying how to install it."""
    try:
        return importlib.import_module("ray")
    except ImportError:
        raise NavalwarError(
            "the Ray backend needs Ray: pip install 'navalwar[ray]' (or pip install 'ray>=2.9')"
        ) from None


def run_ray(chunks: Sequence[Chunk], workers: int | None, address: str | None) -> Records:
    """Fight the chunks as Ray tasks (one CPU each) on a local instance or a cluster."""
    ray = import_ray()
    started = not ray.is_initialized()
    pending: list[Any] = []
    try:
        if started and address is None and "RAY_ADDRESS" not in os.environ:
            ray.init(num_cpus=workers, include_dashboard=False, log_to_driver=False)
        elif started:
            ray.init(address=address, log_to_driver=False)
        remote = ray.remote(num_cpus=1)(
            run_chunk
        )  # a battle may be retried: same seed, same record
        pending = [remote.remote(chunk) for chunk in chunks]
        while pending:
            done, pending = ray.wait(pending, num_returns=1)
            yield ray.get(done[0])
    finally:  # finished, failed, interrupted or abandoned: fight no more
        with contextlib.suppress(Exception):  # the cluster may be gone with Ctrl-C
            for ref in pending:
                ray.cancel(ref, force=True)
        if started:
            ray.shutdown()


def run_chunks(
    chunks: Sequence[Chunk], workers: int | None, backend: str, address: str | None = None
) -> Records:
    """Fight ``chunks`` with ``backend``: records chunk by chunk, in no set order.
    ``workers``: processes (default: all cores; 1 fights in this process) or, for
    Ray, the CPUs of the local instance it starts (default: all cores)."""
    if not chunks:  # nothing left to fight (a finished file resumed)
        return run_local(chunks)
    if backend == "ray":
        return run_ray(chunks, workers, address)
    if backend != "process":
        raise NavalwarError(f"unknown backend {backend!r}: use one of {', '.join(BACKENDS)}")
    workers = workers or os.cpu_count() or 1
    if workers <= 1 or len(chunks) <= 1:
        return run_local(chunks)
    return run_processes(chunks, min(workers, len(chunks)))
