"""Tokyo Express's ship table in ``navalwar play``: formations, orders (TE 3.2), damage
boxes and levels (TE 2.5, 3.8) and salvos, ship by ship; its
:attr:`~navalwar.views.TerminalView.table`."""

from __future__ import annotations

from typing import Any

from rich import box
from rich.console import JustifyMethod, RenderableType
from rich.table import Table
from rich.text import Text

from navalwar.views import NARROW, Board

__all__ = ["ship_table"]

LEVEL_STYLES = ("green", "yellow", "dark_orange", "bold red")
SALVO_GLYPHS = {"ready": "●", "fired": "○", "lost": "×"}


def _damage(ship: dict[str, Any], bar: bool = True) -> Text:
    hits, boxes = int(ship.get("hits", 0)), int(ship.get("boxes", 0))
    level = min(int(ship.get("damage_level", 0)), 3)
    boxes_drawn = "■" * hits + "□" * max(0, boxes - hits) if bar and boxes <= 12 else ""
    return Text(f"{hits:>2}/{boxes:<2} {boxes_drawn}".rstrip(), LEVEL_STYLES[level])


def ship_table(obs: dict[str, Any], board: Board) -> Table | None:
    """Formations and ships: hex, heading, Speed, order (TE 3.2), damage boxes and
    level (TE 2.5, 3.8), salvos, status (narrower under :data:`~navalwar.views.NARROW`
    columns)."""
    keys, sides, width = board.key, board.sides, board.width
    ships = board.ships(obs)
    if not ships:
        return None
    formations = {f.get("id"): f for f in obs.get("formations") or () if isinstance(f, dict)}
    flagship = obs.get("flagship")
    narrow = width < NARROW
    table = Table(
        box=box.SIMPLE_HEAD,
        padding=(0, 1, 0, 0) if narrow else (0, 1),
        pad_edge=False,
        show_edge=False,
        header_style="bold",
    )
    columns: tuple[tuple[str, JustifyMethod], ...] = (
        ("Key", "center"),
        ("Ship", "left"),
        ("Type", "left"),
        ("Hex", "left"),
        ("Hdg", "left"),
        ("Fmn", "right"),
        ("Spd/max", "left"),
        ("Order", "left"),
        ("Damage boxes", "left"),
        ("Lvl", "left"),
        ("Torp", "left"),
        ("Status", "left"),
    )
    wraps = ("Order", "Status") if narrow else ("Order",)
    short = {"Spd/max": "Spd", "Damage boxes": "Dmg"} if narrow else {}
    for name, just in columns:  # a wrapped cell folds a word too long for its column
        table.add_column(
            short.get(name, name),
            justify=just,
            no_wrap=name not in wraps,
            overflow="fold" if name in wraps else "ellipsis",
        )

    def sort_key(s: dict[str, Any]) -> tuple[int, int, int]:
        side = str(s.get("side"))
        return (
            sides.index(side) if side in sides else len(sides),
            bool(s.get("removed")),
            int(s.get("formation") or 0) or 10_000,
        )

    last_side, seen_formations = None, set()
    for s in sorted(ships, key=sort_key):
        side, name = str(s.get("side")), str(s.get("name"))
        style = board.style(side)
        if last_side is not None and side != last_side:
            table.add_section()
        last_side = side
        removed = bool(s.get("removed"))
        fid = s.get("formation") or 0
        f = formations.get(fid) if fid else None
        speed = (
            f"{f.get('speed') or '-'}/{s.get('max_speed', '?')}"
            if f
            else f"-/{s.get('max_speed', '?')}"
        )
        order = ""
        if f is not None and fid not in seen_formations:
            seen_formations.add(fid)
            order = str(f.get("order", ""))
        heading = str(s.get("heading", ""))
        if board.spec is not None and heading:
            heading = board.arrow(heading) + heading
        level = int(s.get("damage_level", 0))
        step = int(s.get("current_step_level", 0) or 0)
        salvos = (
            "".join(
                SALVO_GLYPHS.get(str(v.get("status")), "?")
                for v in s.get("salvos") or ()
                if isinstance(v, dict)
            )
            or "-"
        )
        status = []
        if name == flagship:
            status.append(Text("flagship", "bold"))
        if removed:
            status.append(Text("sunk", "grey50"))
        elif s.get("sinking"):
            status.append(Text("SINKING", "bold red"))
        elif s.get("fired"):
            status.append(Text("fired", "grey62"))
        cells: list[RenderableType] = [
            Text(keys(name, side) if not removed else "", style),
            Text(name, style),
            str(s.get("type", "")),
            "" if removed else str(s.get("hex", "")),
            "" if removed else heading,
            str(fid or ""),
            "" if removed else speed,
            order,
            _damage(s, bar=not narrow),
            f"{level}→{step}" if step > level else str(level or "-"),
            salvos,
            Text(", ").join(status),
        ]
        table.add_row(*cells, style="grey50" if removed else None)
    return table
