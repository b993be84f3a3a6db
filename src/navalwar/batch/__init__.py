"""Batch simulation: fight a scenario many times and summarize the outcomes.

::

    from navalwar.batch import simulate, summarize
    records = simulate(game_id, scenario_id, n=1000, seed=1, out="results.jsonl")
    print(summarize(records).sides[0].win)

Seeds: battle ``i`` of a batch with seed ``S`` gets the dice seed read from the
i-th child of ``numpy.random.SeedSequence(S).spawn(n)`` (53 bits, safe in any JSON
reader); it does not depend on ``n``, the workers, the backend or on resuming.
Each record keeps its seed, and ``navalwar run GAME SCENARIO --seed SEED`` (with
the record's options and agents: :meth:`BattleRecord.command`) fights that
battle again, move for move: each side's agent is seeded ``SEED + i + 1`` for the
game's i-th side, as ``navalwar run`` seeds it.

Workers are started with ``spawn``: a script that calls :func:`simulate` with more
than one worker must do so under ``if __name__ == "__main__":``.
"""

from __future__ import annotations

import contextlib
import math
import os
import warnings
from collections.abc import Callable, Mapping
from pathlib import Path

import numpy as np

from navalwar.batch.backends import BACKENDS, Chunk, import_ray, run_chunks
from navalwar.batch.jsonl import RecordWriter, read_records, recover_records, write_sorted
from navalwar.batch.records import BatchSpec, BattleRecord, play_battle
from navalwar.batch.stats import Share, SideSummary, Spread, Summary, summarize, wilson
from navalwar.errors import NavalwarError
from navalwar.files import FileLock
from navalwar.registry import OptionValue

Progress = Callable[[int, int], None]
"""Called with (battles done, battles in the batch) as records arrive."""


class BatchInterrupted(KeyboardInterrupt):
    """A batch stopped by Ctrl-C: ``done`` of ``n`` battles are in ``path`` (if any)."""

    def __init__(self, done: int, n: int, path: Path | None) -> None:
        super().__init__(f"{done} of {n} battles done")
        self.done = done
        self.n = n
        self.path = path


def battle_seeds(seed: int, n: int) -> list[int]:
    """The dice seeds of battles ``0 .. n-1`` of a batch with seed ``seed``."""
    if isinstance(seed, bool) or not isinstance(seed, int) or seed < 0:
        raise NavalwarError(f"the seed must be a non-negative whole number, not {seed!r}")
    children = np.random.SeedSequence(seed).spawn(n)
    return [int(c.generate_state(1, np.uint64)[0]) >> 11 for c in children]


def simulate(
    game: str,
    scenario: str,
    n: int,
    seed: int = 0,
    agents: Mapping[str, str] | None = None,
    workers: int | None = None,
    backend: str = "process",
    *,
    options: Mapping[str, OptionValue] | None = None,
    address: str | None = None,
    out: str | Path | None = None,
    resume: bool = False,
    overwrite: bool = False,
    chunk_size: int | None = None,
    progress: Progress | None = None,
    notify: Callable[[str], None] | None = None,
) -> list[BattleRecord]:
    """Fight ``n`` battles of ``scenario`` and return their records in battle order.

    Args:
        game, scenario: what to fight (a bundled scenario id or a scenario file).
        n: the number of battles.
        seed: the batch seed (see the module docstring).
        agents: agent name by side (any letter case); other sides get the game's default.
        workers: processes (``process``: default all cores, 1 = this process) or, for
            ``ray``, the CPUs of a local instance it starts.
        backend: ``"process"`` or ``"ray"``.
        options: rules options, as for :meth:`navalwar.engine.Match.start`.
        address: the Ray cluster to join (``"auto"``, ``"HOST:PORT"``).
        out: a JSON Lines file the records are appended to as they finish.
        resume: continue ``out``: keep its records, fight only the battles missing.
        overwrite: replace an existing ``out`` (without it and ``resume``, an
            existing file is an error).
        chunk_size: battles sent to a worker at a time (default: a few per worker).
        progress: see :data:`Progress`.
        notify: told what resuming dropped from a damaged ``out`` file (broken lines,
            duplicates); default: a warning.

    Raises:
        BatchInterrupted: on Ctrl-C, once every finished record is written.
        NavalwarError: bad names or arguments, or an ``out`` file of another batch.
        DataError: ``out`` cannot be written (naming it), or another run is writing it.
    """
    if isinstance(n, bool) or not isinstance(n, int) or n < 0:
        raise NavalwarError(f"the number of battles must be a whole number >= 0, not {n!r}")
    if backend not in BACKENDS:
        raise NavalwarError(f"unknown backend {backend!r}: use one of {', '.join(BACKENDS)}")
    if address is not None and backend != "ray":
        raise NavalwarError("an address is for the Ray backend (--backend ray)")
    if backend == "ray":
        import_ray()  # a missing Ray fails here, before the output file is touched
    spec = BatchSpec.make(game, scenario, options, agents)
    spec.start(0)  # a bad scenario or option fails here, before any worker starts
    seeds = battle_seeds(seed, n)
    path = Path(out) if out is not None else None
    if path is None and resume:
        raise NavalwarError("resuming needs the output file of the run to continue")
    # one run at a time writes a file (held from reading it to its last rewrite)
    lock = FileLock(path, "these battle records") if path is not None else None
    with lock or contextlib.nullcontext():
        done = _previous(path, spec, seeds, resume, overwrite, notify)
        todo = [(i, seeds[i]) for i in range(n) if i not in done]
        cores = workers if workers is not None else os.cpu_count() or 1
        size = chunk_size or max(1, min(10, math.ceil(len(todo) / (4 * max(1, cores)))))
        chunks = [Chunk(spec, tuple(todo[k : k + size])) for k in range(0, len(todo), size)]
        writer = RecordWriter(path, fresh=not done) if path is not None else None
        try:
            if progress is not None:
                progress(len(done), n)
            stream = run_chunks(chunks, workers, backend, address)
            with contextlib.closing(stream):
                for raw in stream:
                    records = [BattleRecord.from_json(r) for r in raw]
                    if writer is not None:
                        writer.write(records)
                    done.update((r.index, r) for r in records)
                    if progress is not None:
                        progress(len(done), n)
        except KeyboardInterrupt:
            raise BatchInterrupted(len(done), n, path) from None
        finally:
            if writer is not None:
                writer.close()
        result = [done[i] for i in range(n)]
        if path is not None and [r.index for r in read_records(path)] != list(range(n)):
            write_sorted(path, result)
        return result


def _previous(
    path: Path | None,
    spec: BatchSpec,
    seeds: list[int],
    resume: bool,
    overwrite: bool,
    notify: Callable[[str], None] | None,
) -> dict[int, BattleRecord]:
    """The records of an earlier, interrupted run of this batch (``--resume``): every
    valid one; broken lines and duplicates are dropped (``notify`` is told) and the
    file rewritten with the records kept."""
    if path is None or not path.exists():
        return {}
    if not resume:
        if overwrite:
            return {}
        raise NavalwarError(
            f"{path} already exists: continue it with --resume, or replace it with --force"
        )
    recovered = recover_records(path)
    done: dict[int, BattleRecord] = {}
    for r in recovered.records:
        what = (r.game, r.scenario, r.options, r.agents)
        if what != (spec.game, spec.scenario, dict(spec.options), dict(spec.agents)):
            raise NavalwarError(
                f"{path} holds battles of {r.game} {r.scenario} with options {r.options} and "
                f"agents {r.agents}: not this batch; give the same game, scenario, "
                "--option and --agent values to resume it"
            )
        if r.index >= len(seeds):
            raise NavalwarError(f"{path} holds battle {r.index}: more than -n {len(seeds)}")
        if r.seed != seeds[r.index]:
            raise NavalwarError(
                f"{path} was made with another --seed (battle {r.index} has dice seed "
                f"{r.seed}): give the same --seed to resume it"
            )
        done[r.index] = r
    if not recovered.clean:
        write_sorted(path, done.values())
        message = recovered.dropped(path)
        if message:
            if notify is None:
                warnings.warn(message, stacklevel=3)
            else:
                notify(message)
    return done


__all__ = [
    "BACKENDS",
    "BatchInterrupted",
    "BatchSpec",
    "BattleRecord",
    "Progress",
    "Share",
    "SideSummary",
    "Spread",
    "Summary",
    "battle_seeds",
    "play_battle",
    "read_records",
    "recover_records",
    "simulate",
    "summarize",
    "wilson",
]
