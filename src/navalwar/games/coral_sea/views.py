"""How Coral Sea is shown: what "turn N" means and the terminal's compact view (issue 17).

A turn (3.0) starts at its Initial Phase, the initiative roll (4.A). The map has 54 x 38
hexes of 40 miles, too large for an 80-column terminal as a hex map, so the terminal
draws no core map (``TerminalView(map="none")``) but the game's own board: the side's
task forces (id, hex, ships, speed, plot; 11.E, 15.A, 15.C), its ships outside TFs, the
enemy contacts (TF counters on the board, enemy ships outside TFs, this turn's reveals;
11.C, 11.F, 12.x), the bases holding aircraft with their counters ready, down and on CAP
(8.0, 9.A, 10.0), the airborne stacks (13.C), the squalls (5.1), and an overview map of
the area of play, one character a hex. Everything is read from the side's observation,
as :mod:`~navalwar.games.coral_sea.render` does.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from navalwar.engine import TurnStart
from navalwar.errors import NavalwarError
from navalwar.games.coral_sea.geography import Geography, Terrain
from navalwar.games.coral_sea.render import Picture, Stack, picture_of
from navalwar.games.coral_sea.units import SIDES, ShipSpec
from navalwar.views import Board, TerminalView

__all__ = ["TERMINAL_VIEW", "TURN_START", "board", "overview", "title"]


def _turn_starts(state: Any) -> bool:
    return bool(str(state.step).startswith("initial."))


TURN_START = TurnStart("turn", "turn", _turn_starts)
"""Turn N (``navalwar render --turn N``) is drawn at its Initial Phase (3.1): its first
decision there, the 4.A initiative choice (the step reads ``initial.initiative/choose``)."""

MAP_MARGIN = 1  # hexes around the area of play on the overview map
GLYPHS = {
    Terrain.SEA: ("·", "grey35"),
    Terrain.PARTIAL: (":", "green"),
    Terrain.LAND: ("#", "dark_green"),
}


def title(side: str, obs: dict[str, Any]) -> str:
    """``Japan: turn 6/34, 6 May 1942, Evening; initiative Allies`` (night marked); the
    VP are on the board, to keep the heading within 80 columns."""
    if "turn" not in obs:
        return side
    out = f"{side}: turn {obs['turn']}"
    out += f"/{obs['last_turn']}" if obs.get("last_turn") else ""
    out += f", {obs['date']}" if obs.get("date") else ""
    out += f", {obs['time']}" if obs.get("time") else ""
    out += " (night)" if obs.get("night") else ""
    return out + f"; initiative {obs.get('initiative') or 'not yet rolled'}"


def _pack() -> Any:
    """The bundled pack (map and ship data): the terminal's table has the observation
    alone, and neither base hexes nor ship speeds are secret."""
    from navalwar.engine import load_pack
    from navalwar.games.coral_sea import GAME

    try:
        return load_pack(GAME)
    except NavalwarError:
        return None


def _speed(ships: Sequence[Mapping[str, Any]], specs: Mapping[str, ShipSpec] | None) -> str:
    """The slowest ship's speed before weather (15.A, 16.4, 25.4.5.B), from the bundled
    ship data while the observation gives none (a TF's ``speed``): ``?`` unknown."""
    if specs is None:
        return "?"
    speeds = []
    for s in ships:
        spec = specs.get(str(s.get("name")))
        if spec is None:
            return "?"
        left = len(spec.flotation) - int(s.get("flotation_hits") or 0)
        speed = spec.flotation[left - 1] if left > 0 else 0
        speeds.append(min(speed, 1) if spec.type == "AP" else speed)
    return str(min(speeds)) if speeds else ""


def _plots(obs: Mapping[str, Any]) -> dict[str, str]:
    """TF id (or ship) -> its plotted path this turn, from the side's own plot (15.C)."""
    plots = obs.get("plots")
    mine = plots.get("mine") if isinstance(plots, dict) else None
    out: dict[str, str] = {}
    if isinstance(mine, list) and mine and isinstance(mine[0], list):
        for move in mine[0]:
            if isinstance(move, list) and len(move) == 2 and isinstance(move[1], list):
                out[str(move[0])] = "-".join(str(h) for h in move[1]) or "stays"
    return out


def _ships_cell(names: Sequence[str], types: Mapping[str, str]) -> str:
    """``15: CV Shokaku, CA Haguro, ...`` (carriers and cruisers named, the rest counted)."""
    major = [
        f"{types.get(n, '')} {n}".strip() for n in names if types.get(n) in ("CV", "CVL", "AV")
    ]
    major += [f"{types.get(n, '')} {n}".strip() for n in names if types.get(n) in ("CA", "CL")]
    rest = len(names) - len(major)
    words = ", ".join(major[:4]) + (f" +{len(major) - 4}" if len(major) > 4 else "")
    if rest:
        words += f"{', ' if words else ''}{rest} other{'s' if rest > 1 else ''}"
    return f"{len(names)}: {words}"


def _task_forces(
    obs: Mapping[str, Any], side: str, specs: Mapping[str, ShipSpec] | None, style: str
) -> Table | None:
    own = [s for s in obs.get("ships") or () if s.get("side") == side and not s.get("sunk")]
    types = {str(s["name"]): str(s.get("type", "")) for s in own}
    by_name = {str(s["name"]): s for s in own}
    plots = _plots(obs)
    table = Table(title="Own task forces", title_style=style, expand=False, pad_edge=False)
    for heading in ("TF", "Hex", "Ships", "Spd", "Plot", "Counter"):
        table.add_column(heading, overflow="fold")
    for tf in obs.get("task_forces") or ():
        names = [str(n) for n in tf.get("ships") or ()]
        where = str(tf.get("hex") or f"enters t{tf.get('enters')}")
        counter = str(tf.get("counter") or "")
        counter += " revealed" if tf.get("revealed") else ""
        table.add_row(
            str(tf["id"]),
            where,
            _ships_cell(names, types),
            str(tf["speed"])
            if "speed" in tf
            else _speed([by_name[n] for n in names if n in by_name], specs),
            plots.get(str(tf["id"]), ""),
            counter,
        )
    for s in own:
        if s.get("tf") is None and s.get("hex") and not s.get("out_of_play"):
            table.add_row(
                "-",
                str(s["hex"]),
                f"{s.get('type', '')} {s['name']}",
                _speed([s], specs),
                plots.get(str(s["name"]), ""),
                "in view",
            )
    return table if table.row_count else None


def _contacts(p: Picture, obs: Mapping[str, Any], side: str) -> Table | None:
    table = Table(title="Enemy contacts", expand=False, pad_edge=False)
    for heading in ("Contact", "Hex", "What"):
        table.add_column(heading, overflow="fold")
    for c in p.counters:
        table.add_row(
            f"TF counter {c.get('label', '')}",
            str(c["hex"]),
            "revealed this turn" if c.get("revealed") else "on the board",
        )
    for s in obs.get("ships") or ():
        if s.get("side") != side and s.get("hex") and not s.get("sunk"):
            table.add_row(f"{s.get('type', '')} {s.get('name', '')}", str(s["hex"]), "outside a TF")
    for h, how in p.reveals:
        table.add_row("reveal", h, how)
    return table if table.row_count else None


def _status(st: Stack, status: str) -> str:
    return str(dict(st.statuses).get(status, "") or "")


def _bases(p: Picture, side: str, geography: Geography | None) -> Table | None:
    rating = {b.name: b.rating for b in geography.bases} if geography is not None else {}
    table = Table(title="Bases with aircraft", expand=False, pad_edge=False)
    for heading in ("Base", "Hex", "Held by", "Side", "Rdy", "Down", "CAP", "Models"):
        table.add_column(heading, overflow="fold")
    for st in p.stacks:
        if st.base is None:
            continue
        name = st.base + (f" {rating[st.base]}" if st.base in rating else "")
        held = p.controllers.get(st.base, "ship") or "-"
        table.add_row(
            name,
            st.hex,
            str(held),
            st.side,
            _status(st, "ready"),
            _status(st, "down"),
            _status(st, "cap") if st.side == side else "",
            st.describe(),
        )
    return table if table.row_count else None


def _airborne(p: Picture, obs: Mapping[str, Any]) -> Table | None:
    missions: dict[str, set[str]] = {}
    for a in obs.get("aircraft") or ():
        if a.get("status") == "airborne" and a.get("hex") and a.get("mission"):
            missions.setdefault(f"{a.get('side')}{a['hex']}", set()).add(str(a["mission"]))
    table = Table(title="Airborne", expand=False, pad_edge=False)
    for heading in ("Hex", "Side", "Counters", "Missions"):
        table.add_column(heading, overflow="fold")
    for st in p.stacks:
        if st.base is None:
            table.add_row(
                st.hex,
                st.side,
                st.describe(),
                ", ".join(sorted(missions.get(f"{st.side}{st.hex}", ()))),
            )
    return table if table.row_count else None


def overview(
    p: Picture, geography: Geography, width: int, style: Mapping[str, str] | None = None
) -> Text | None:
    """The area of play one character a hex, by column (across) and row (down): terrain
    ``·`` sea, ``:`` partial, ``#`` land; ``B`` a base (its controller's colour), ``~`` a
    squall; own TFs by the last digit of their id, enemy TF counters by their letter,
    ``s`` a ship outside a TF, ``a`` an airborne stack. None if nothing stands on the
    map or it is wider than ``width``."""
    spec = geography.spec
    marks: dict[tuple[int, int], tuple[str, str]] = {}
    style = style or {}

    def cell(label: str) -> tuple[int, int] | None:
        try:
            return spec.offset(label)
        except NavalwarError:
            return None

    for label in p.squalls:
        if (at := cell(label)) is not None:
            marks[at] = ("~", "bold white")
    for b in geography.bases:
        owner = p.controllers.get(b.name)
        marks[spec.offset(b.label)] = ("B", style.get(str(owner), "bold"))
    for st in p.stacks:
        if st.base is None and (at := cell(st.hex)) is not None:
            marks[at] = ("a", style.get(st.side, "bold"))
    for s in p.ships:
        if (at := cell(str(s["hex"]))) is not None:
            marks[at] = ("s", style.get(str(s.get("side")), "bold"))
    for c_ in p.counters:
        if (at := cell(str(c_["hex"]))) is not None:
            marks[at] = (
                str(c_.get("label", "?"))[:1],
                "reverse " + style.get(str(c_["side"]), "bold"),
            )
    for tf in p.task_forces:
        if (at := cell(str(tf["hex"]))) is not None:
            marks[at] = (str(tf["id"])[-1:], "bold reverse " + style.get(str(tf["side"]), ""))
    spots = [at for h in p.hexes() if (at := cell(h)) is not None]
    if not spots:
        return None
    (c0, c1), (r0, r1) = geography.grid.cols, geography.grid.rows
    c0, c1 = (
        max(c0, min(c for c, _ in spots) - MAP_MARGIN),
        min(c1, max(c for c, _ in spots) + MAP_MARGIN),
    )
    r0, r1 = (
        max(r0, min(r for _, r in spots) - MAP_MARGIN),
        min(r1, max(r for _, r in spots) + MAP_MARGIN),
    )
    if c1 - c0 + 1 + 4 > width:
        return None
    tens = Text("   ", "grey50")
    ones = Text("   ", "grey50")
    for c in range(c0, c1 + 1):
        tens.append(str(c // 10) if c % 10 == 0 or c == c0 else " ")
        ones.append(str(c % 10))
    lines = [tens, ones]
    for r in range(r0, r1 + 1):
        line = Text(f"{r:02} ", "grey50")
        for c in range(c0, c1 + 1):
            if (c, r) in marks:
                line.append(*marks[(c, r)])
            else:
                line.append(*GLYPHS[geography.terrain(spec.from_offset(c, r))])
        lines.append(line)
    text = Text("\n").join(lines)
    text.no_wrap, text.overflow = True, "crop"
    return text


LEGEND = (
    "Overview, column across, row down, one character a hex: · sea, : partial, # land, "
    "B base, ~ squall; own TF: the last digit of its id; enemy TF counter: its letter; "
    "s: ship outside a TF; a: airborne aircraft."
)


def board(obs: dict[str, Any], b: Board) -> RenderableType | None:
    """The Coral Sea board of a side (the view's table): see the module's docstring."""
    side = str(obs.get("side") or b.sides[0])
    pack = _pack()
    geography = getattr(pack, "geography", None)
    geography = geography if isinstance(geography, Geography) else None
    specs = getattr(pack, "ships", None)
    p = picture_of({side: obs}, side, geography)
    parts: list[RenderableType] = []
    if p.vp:
        parts.append(Text("VP " + ", ".join(f"{s} {n}" for s, n in p.vp), "bold"))
    tables = (
        _task_forces(obs, side, specs, b.style(side)),
        _contacts(p, obs, side),
        _bases(p, side, geography),
        _airborne(p, obs),
    )
    parts += [t for t in tables if t is not None]
    if p.squalls:
        parts.append(Text("Squalls: " + " ".join(p.squalls), "grey62"))
    if geography is not None:
        styles = {s: b.style(s) for s in SIDES}
        drawn = overview(p, geography, b.width, styles)
        if drawn is not None:
            parts += [drawn, Text(LEGEND, "grey50")]
    return Group(*parts) if parts else None


TERMINAL_VIEW = TerminalView(map="none", table=board, title=title)
"""No core map (too large for a terminal): the game's board, redrawn for a new title
(each time of day) or when the ships change."""
