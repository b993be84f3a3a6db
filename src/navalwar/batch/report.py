"""The batch summary for people: a rich table, and a matplotlib plot (optional).

The plot needs matplotlib (``pip install 'navalwar[plot]'``): the histogram of the
VP margin (first side minus second) and the outcome shares with their Wilson
95% intervals. The format follows the file's extension (``.svg``, ``.png``, ``.pdf``).
"""

from __future__ import annotations

import importlib
import math
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from rich.table import Table

from navalwar.batch.records import BattleRecord
from navalwar.batch.stats import Share, Summary
from navalwar.errors import DataError, NavalwarError
from navalwar.files import atomic_output, check_writable


def _share(s: Share) -> str:
    return f"{100 * s.p:.1f}% ({100 * s.low:.1f}–{100 * s.high:.1f})"


def _num(x: float) -> str:
    return "–" if math.isnan(x) else f"{x:.1f}".removesuffix(".0")


def summary_table(summary: Summary, title: str = "") -> Table:
    """Each side's wins, draws and losses: % of the battles with the Wilson 95% interval."""
    table = Table(title=title or f"{summary.n} battles", title_justify="left")
    table.add_column("Side")
    for name in ("Win", "Draw", "Loss"):
        table.add_column(f"{name} % (95% CI)", justify="right", no_wrap=True)
    for side in summary.sides:
        table.add_row(side.side, _share(side.win), _share(side.draw), _share(side.loss))
    return table


def vp_table(summary: Summary) -> Table:
    """Victory Points of each side and the margin: mean, median and quartiles."""
    table = Table(title="Victory Points", title_justify="left")
    table.add_column("")
    for name in ("Mean", "Q1", "Median", "Q3"):
        table.add_column(name, justify="right", no_wrap=True)
    rows = [(side.side, side.vp) for side in summary.sides]
    if len(summary.sides) >= 2:
        rows.append((f"margin {summary.margin_label}", summary.margin))
    for label, s in rows:
        table.add_row(label, _num(s.mean), _num(s.q1), _num(s.median), _num(s.q3))
    return table


def levels_table(summary: Summary) -> Table:
    """How many battles ended at each level of victory."""
    table = Table(title="Levels of victory", title_justify="left")
    table.add_column("Level")
    table.add_column("Battles", justify="right")
    table.add_column("%", justify="right")
    for level, k in summary.levels.items():
        table.add_row(level, str(k), f"{100 * k / summary.n:.1f}")
    return table


def figure(**kwargs: Any) -> Any:
    """A new matplotlib ``Figure`` (no pyplot, no global backend), or a NavalwarError
    saying how to install matplotlib."""
    try:
        module = importlib.import_module("matplotlib.figure")
    except ImportError:
        raise NavalwarError(
            "the plot needs matplotlib: pip install 'navalwar[plot]' "
            "(or pip install 'matplotlib>=3.8')"
        ) from None
    return module.Figure(**kwargs)


def plot_format(path: str | Path) -> str:
    """The plot format ``path``'s extension names, checked before any battle is fought:
    matplotlib must be installed, draw that format, and the file be writable
    (NavalwarError saying what would do otherwise)."""
    supported = figure().canvas.get_supported_filetypes()
    path = Path(path)
    kind = path.suffix.lower().removeprefix(".")
    if kind not in supported:
        allowed = ", ".join(f".{k}" for k in sorted(supported))
        given = f"extension {path.suffix!r}" if path.suffix else "no extension"
        raise DataError(
            f"cannot draw a plot with {given}: end the file name with one of {allowed}",
            file=str(path),
        )
    check_writable(path, "the plot")
    return kind


def write_plot(records: Sequence[BattleRecord], summary: Summary, path: str | Path) -> None:
    """Draw the VP-margin histogram and the outcome shares to ``path`` (atomically, in
    the format its extension names)."""
    kind = plot_format(path)
    fig = figure(figsize=(11, 4.2), layout="tight")
    hist, bars = fig.subplots(1, 2, width_ratios=(3, 2))
    sides = [s.side for s in summary.sides]
    if len(sides) >= 2:
        margins = [float(r.scores.get(sides[0], 0) - r.scores.get(sides[1], 0)) for r in records]
        low, high = (math.floor(min(margins)), math.ceil(max(margins))) if margins else (0, 0)
        unit = 1.0 if all(m.is_integer() for m in margins) else 0.5  # half VP margins
        cells = round((high - low) / unit)
        step = max(1, math.ceil((cells + 1) / 60))
        edges = [low - unit / 2 + unit * step * k for k in range(cells // step + 2)]
        hist.hist(margins, bins=edges, color="#4c72b0", edgecolor="white")
        hist.axvline(0, color="black", linewidth=0.8)
        hist.set_xlabel(f"VP margin ({summary.margin_label})")
    hist.set_ylabel("battles")
    hist.set_title(f"VP margin, {summary.n} battles")
    shares = [(f"{s.side} wins", s.win) for s in summary.sides]
    if summary.sides:
        shares.insert(1, ("draw", summary.sides[0].draw))
    labels = [label for label, _ in shares]
    values = [100 * s.p for _, s in shares]
    errors = [
        [100 * (s.p - s.low) for _, s in shares],
        [100 * (s.high - s.p) for _, s in shares],
    ]
    colors = ["#4c72b0", "#999999", "#c44e52", "#55a868"][: len(shares)]
    bars.bar(labels, values, yerr=errors, capsize=6, color=colors)
    for x, (v, (_, share)) in enumerate(zip(values, shares, strict=True)):
        bars.annotate(f"{v:.1f}%", (x, 100 * share.high), ha="center", va="bottom",
                      xytext=(0, 3), textcoords="offset points")  # fmt: skip
    bars.set_ylim(0, 108)
    bars.set_ylabel("% of battles (Wilson 95% CI)")
    bars.set_title("Outcomes")
    with atomic_output(path) as tmp:
        fig.savefig(tmp, format=kind)
