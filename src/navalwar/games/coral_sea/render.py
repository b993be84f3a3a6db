"""SVG map of a Coral Sea game as one side sees it (``navalwar render``; issue 17).

:func:`draw_coral_sea` draws the reconstructed map (2.1; ``docs/data/coral_sea_map.md``):
every hex filled by its terrain (all sea, partial sea, all land), the printed border
through the outer hexes' centres (the half hexes cut), hex numbers thinned to every
fifth column and row plus every hex where something stands, the airfields and seaplane
bases (8.0) with their letter/number rating in the flag colour of their controller
(22.A), the towns and places, the squalls and the hexes they influence (5.1-5.2).

Then the units, as ``side`` knows them: everything drawn is read from the side's
observation (``Game.observe``, JSON), so a picture never shows what the side may not
know. Its own task forces stand at their true hex with their id and ships (11.E), its
TF counters where they are on the board; the enemy's TF counters where the rules put
them (12.1.2, 12.2.C, 13.B), anonymous (11.C); ships outside task forces (11.F); air
counters stacked by base or airborne hex with their count by model (2.2.1), its own
CAP (10.0; the enemy's shows as ready until revealed, 10.B). The umpire's picture
(``side=None``) joins what each side knows of its own units: everything.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any

import attrs
import drawsvg as draw  # type: ignore[import-untyped]

from navalwar.engine import Match
from navalwar.errors import NavalwarError
from navalwar.games.coral_sea.geography import Geography, Terrain
from navalwar.games.coral_sea.units import ALLIES, JAPAN, SIDES
from navalwar.hexgrid import Hex, MapSpec, hexes_within
from navalwar.render.svg import halo, hex_label, hex_outline, hull, text

__all__ = [
    "COLOURS",
    "TERRAIN_FILL",
    "Picture",
    "Stack",
    "caption_of",
    "draw_coral_sea",
    "draw_picture",
    "picture_of",
]

SIZE = 18.0  # hex radius, px
HEAD = 58.0  # the title's height, px
PANEL = 360.0  # the legend panel's width, px
MARGIN = 3  # hexes around the area of play when cropped
LABEL_EVERY = 5  # hex numbers on every fifth column and row (and where units stand)

COLOURS = {JAPAN: "#c62828", ALLIES: "#1f5fbf"}
TINTS = {JAPAN: "#fbdede", ALLIES: "#dbe7fb"}
NEUTRAL = "#616161"
TERRAIN_FILL = {Terrain.SEA: "#dcebf7", Terrain.PARTIAL: "#c9e4bd", Terrain.LAND: "#8fbf7a"}
GRID = "#a9bccb"
SQUALL = "#455a64"
STATUS_ORDER = ("airborne", "ready", "down", "cap")


# -- what a picture shows ----------------------------------------------------------------------
@attrs.frozen
class Stack:
    """Air counters of one side in one place: a base or ship (``base``) or an airborne hex.

    ``models`` is model -> counters, ``statuses`` status -> counters (``cap`` only for the
    viewer's own counters: the enemy's CAP is secret, 10.B)."""

    side: str
    hex: str
    base: str | None
    models: tuple[tuple[str, int], ...]
    statuses: tuple[tuple[str, int], ...]

    @property
    def count(self) -> int:
        """Counters in the stack."""
        return sum(n for _m, n in self.models)

    def describe(self) -> str:
        """``"A6M2 x3, D3A1 x2"``."""
        return ", ".join(f"{m} x{n}" for m, n in self.models)


@attrs.frozen
class Picture:
    """What one side (or the umpire, ``viewer=None``) knows, read from observations.

    Attributes:
        viewer: the side, or None for the umpire.
        turn, last_turn, date, time, night, initiative, vp: the position (public).
        squalls: squall hex labels (5.1).
        controllers: base name -> its controller (22.A), None when neither side's.
        out_of_service: base names out of service or damaged (8.D, 25.4.7.C).
        task_forces: TFs whose true hex the picture knows: ``side``, ``id``, ``hex``,
            ``ships`` (names), ``counter`` (where its counter stands, or None).
        counters: enemy TF counters on the board: ``side``, ``hex``, ``label``,
            ``revealed`` (no id, no contents, 11.C-D).
        ships: ships outside task forces afloat on the map: ``side``, ``name``,
            ``type``, ``hex``.
        stacks: air counter stacks on the map.
        pending: TFs not yet on the map: (side, id, turn it enters).
        reveals: this turn's public reveals, (hex, how).
    """

    viewer: str | None
    turn: int
    last_turn: int
    date: str
    time: str
    night: bool
    initiative: str | None
    vp: tuple[tuple[str, int], ...]
    squalls: tuple[str, ...]
    controllers: Mapping[str, str | None]
    out_of_service: frozenset[str]
    task_forces: tuple[Mapping[str, Any], ...]
    counters: tuple[Mapping[str, Any], ...]
    ships: tuple[Mapping[str, Any], ...]
    stacks: tuple[Stack, ...]
    pending: tuple[tuple[str, str, int], ...]
    reveals: tuple[tuple[str, str], ...]

    def hexes(self) -> set[str]:
        """Every hex label where a unit of the picture stands."""
        out = {str(t["hex"]) for t in self.task_forces}
        out |= {str(t["counter"]) for t in self.task_forces if t.get("counter")}
        out |= {str(c["hex"]) for c in self.counters}
        out |= {str(s["hex"]) for s in self.ships}
        out |= {s.hex for s in self.stacks}
        return out


def _base_hexes(geography: Geography | None, obs: Mapping[str, Any]) -> dict[str, str]:
    """Base name -> hex label: the observation's when it gives one, else the map's."""
    out: dict[str, str] = {}
    if geography is not None:
        out = {b.name: b.label for b in geography.bases}
    for b in obs.get("bases") or ():
        if isinstance(b, dict) and b.get("hex"):
            out[str(b["name"])] = str(b["hex"])
    return out


def picture_of(
    observations: Mapping[str, Mapping[str, Any]],
    viewer: str | None,
    geography: Geography | None = None,
) -> Picture:
    """The picture of ``viewer`` from its observation (``observations[viewer]``), or the
    umpire's (``viewer=None``) from every side's observation: each side's own units.

    Only the observations are read (the map, for where the bases are): nothing a side's
    observation lacks can reach its picture.
    """
    sides = [viewer] if viewer is not None else [s for s in SIDES if s in observations]
    first = observations[sides[0]]
    base_hex = _base_hexes(geography, first)
    task_forces: list[Mapping[str, Any]] = []
    counters: list[Mapping[str, Any]] = []
    ships: list[Mapping[str, Any]] = []
    pending: list[tuple[str, str, int]] = []
    aircraft: list[Mapping[str, Any]] = []
    ship_hex: dict[str, str] = {}
    for side in sides:
        obs = observations[side]
        for tf in obs.get("task_forces") or ():
            if tf.get("hex"):
                task_forces.append({**tf, "side": side})
            else:
                pending.append((side, str(tf.get("id")), int(tf.get("enters") or 0)))
        for s in obs.get("ships") or ():
            if s.get("hex") and not s.get("sunk") and not s.get("out_of_play"):
                ship_hex[str(s["name"])] = str(s["hex"])
                own = s.get("side") == side
                if (own or viewer is not None) and s.get("tf") is None:
                    ships.append(s)
        if viewer is not None:
            counters += [
                {**c, "side": next(o for o in SIDES if o != side)}
                for c in obs.get("enemy_tf_counters") or ()
                if c.get("hex")
            ]
            aircraft += list(obs.get("aircraft") or ())
        else:
            aircraft += [a for a in obs.get("aircraft") or () if a.get("side") == side]
    stacks: dict[tuple[str, str, str | None], list[Mapping[str, Any]]] = {}
    for a in aircraft:
        status = str(a.get("status"))
        if status not in STATUS_ORDER:
            continue  # limbo, destroyed, off the map (17.0, 28.4.3)
        base = a.get("base")
        where = a.get("hex") or (
            base_hex.get(str(base)) or ship_hex.get(str(base)) if base else None
        )
        if not where:
            continue
        stacks.setdefault(
            (str(a.get("side")), str(where), None if a.get("hex") else base), []
        ).append(a)
    stack_list = []
    for (side, where, base), members in sorted(
        stacks.items(), key=lambda kv: (kv[0][0], kv[0][1], str(kv[0][2]))
    ):
        models = Counter(str(a.get("model")) for a in members)
        statuses = Counter(str(a.get("status")) for a in members)
        stack_list.append(
            Stack(
                side,
                where,
                None if base is None else str(base),
                tuple(sorted(models.items())),
                tuple((s, statuses[s]) for s in STATUS_ORDER if statuses[s]),
            )
        )
    vp = first.get("vp") or {}
    return Picture(
        viewer=viewer,
        turn=int(first.get("turn") or 0),
        last_turn=int(first.get("last_turn") or 0),
        date=str(first.get("date") or ""),
        time=str(first.get("time") or ""),
        night=bool(first.get("night")),
        initiative=first.get("initiative"),
        vp=tuple((str(k), int(v)) for k, v in vp.items()) if isinstance(vp, dict) else (),
        squalls=tuple(str(h) for h in first.get("squalls") or ()),
        controllers={str(b["name"]): b.get("controller") for b in first.get("bases") or ()},
        out_of_service=frozenset(
            str(b["name"])
            for b in first.get("bases") or ()
            if b.get("out_until") or b.get("damaged")
        ),
        task_forces=tuple(task_forces),
        counters=tuple(sorted(counters, key=lambda c: (str(c["side"]), str(c["hex"])))),
        ships=tuple(ships),
        stacks=tuple(stack_list),
        pending=tuple(pending),
        reveals=tuple((str(r[0]), str(r[1])) for r in first.get("reveals") or ()),
    )


def caption_of(p: Picture) -> str:
    """Turn, date and time of day, initiative and VP: ``Turn 6 of 34, 6 May 1942,
    Evening; initiative Allies; VP Japan 0, Allies 0``."""
    out = f"Turn {p.turn}" + (f" of {p.last_turn}" if p.last_turn else "")
    out += f", {p.date}" if p.date else ""
    out += f", {p.time}" if p.time else ""
    out += f"; initiative {p.initiative or 'not yet rolled'}"
    if p.vp:
        out += "; VP " + ", ".join(f"{s} {n}" for s, n in p.vp)
    return out


# -- drawing ------------------------------------------------------------------------------------
def draw_coral_sea(
    match: Match, whole_map: bool = False, caption: str | None = None, side: str | None = None
) -> str:
    """The ``draw`` hook: an SVG of ``match`` as ``side`` sees it (None: the umpire).

    Args:
        match: the match as it stands.
        whole_map: every hex; otherwise the area of play (the units and the bases
            holding aircraft, plus a margin of :data:`MARGIN` hexes).
        caption: what the picture shows (``navalwar render --turn``: "Start of turn 5").
        side: whose picture; None: the umpire's.

    Raises:
        NavalwarError: the match's data has no Coral Sea map.
    """
    geography = getattr(match.data, "geography", None)
    if not isinstance(geography, Geography):
        raise NavalwarError("this match's data has no Coral Sea map to draw")
    sides = [side] if side is not None else list(match.game.spec.sides)
    observations = {s: match.observe(s) for s in sides}
    p = picture_of(observations, side, geography)
    radius = int(match.options.get("squall_influence", 1))
    title = f"{match.game.spec.title}: {getattr(match.scenario, 'title', match.scenario_name)}"
    return draw_picture(p, geography, whole_map, caption, title, seed=match.seed, influence=radius)


def _hex(spec: MapSpec, label: str) -> Hex | None:
    try:
        return spec.hex(label, check_bounds=False)
    except NavalwarError:
        return None


def draw_picture(
    p: Picture,
    geography: Geography,
    whole_map: bool = False,
    caption: str | None = None,
    title: str = "Coral Sea",
    *,
    seed: int | None = None,
    influence: int = 1,
) -> str:
    """An SVG document of picture ``p`` on ``geography`` (see :func:`draw_coral_sea`);
    ``influence`` is the squall-influence radius (5.2, option ``squall_influence``)."""
    spec = geography.spec
    at_units = {h for label in p.hexes() if (h := _hex(spec, label)) is not None}
    with_air = {b.hex for b in geography.bases if any(s.base == b.name for s in p.stacks)}
    if whole_map or not at_units:
        hexes = list(spec.hexes())
    else:
        # the bounding box of the units and the bases holding aircraft, plus a margin
        box = [spec.pixel(h, SIZE) for h in at_units | with_air]
        dx, dy = (MARGIN + 0.1) * SIZE * 1.5, (MARGIN + 0.1) * SIZE * math.sqrt(3)
        bx = (min(x for x, _ in box) - dx, max(x for x, _ in box) + dx)
        by = (min(y for _, y in box) - dy, max(y for _, y in box) + dy)
        hexes = [
            h
            for h in spec.hexes()
            if bx[0] <= spec.pixel(h, SIZE)[0] <= bx[1] and by[0] <= spec.pixel(h, SIZE)[1] <= by[1]
        ]
    shown = set(hexes)
    centres = [spec.pixel(h, SIZE) for h in hexes]
    x0 = min(x for x, _ in centres) - SIZE * 1.6
    y0 = min(y for _, y in centres) - SIZE * 1.6
    map_w = max(x for x, _ in centres) + SIZE * 1.6 - x0
    map_h = max(y for _, y in centres) + SIZE * 1.6 - y0
    width, height = map_w + PANEL, max(map_h, 520.0) + HEAD

    def at(h: Hex) -> tuple[float, float]:
        x, y = spec.pixel(h, SIZE)
        return x - x0, y - y0 + HEAD

    def colour(side: object) -> str:
        return COLOURS.get(str(side), NEUTRAL)

    d = draw.Drawing(width, height, origin=(0, 0))
    d.append(draw.Rectangle(0, 0, width, height, fill="white"))
    who = "umpire's view" if p.viewer is None else f"as {p.viewer} sees it"
    sub = caption_of(p)
    if caption:
        sub = f"{caption}: {sub}"
    d.append(draw.Title(f"{title} - {sub} ({who})"))
    d.append(text(title, 18, 10, 24, font_weight="bold", fill="#222222", class_="title"))
    line = f"{sub}  ({who}" + (f", seed {seed})" if seed is not None else ")")
    d.append(text(line, 12, 10, 44, fill="#444444", class_="caption"))
    # the printed border: through the centres of the outer hexes (half hexes cut)
    cols, rows = geography.grid.cols, geography.grid.rows
    edge = [at(spec.from_offset(c, r)) for c in cols for r in rows]
    tops = [at(spec.from_offset(c, rows[0]))[1] for c in range(cols[0], cols[1] + 1)]
    bottoms = [at(spec.from_offset(c, rows[1]))[1] for c in range(cols[0], cols[1] + 1)]
    bx0, bx1 = min(x for x, _ in edge), max(x for x, _ in edge)
    by0, by1 = min(tops), max(bottoms)
    clip = draw.ClipPath(id="border")
    clip.append(draw.Rectangle(bx0, by0, bx1 - bx0, by1 - by0))
    view = draw.ClipPath(id="area")
    view.append(draw.Rectangle(0, HEAD, map_w, map_h))
    d.append(clip)
    d.append(view)
    # terrain
    terrain = draw.Group(id="terrain", clip_path="url(#border)")
    for h in hexes:
        t = geography.terrain(h)
        terrain.append(
            hex_outline(
                spec,
                *at(h),
                SIZE,
                fill=TERRAIN_FILL[t],
                stroke=GRID,
                stroke_width=0.5,
                class_=f"hex {t.value}",
                data_hex=spec.label(h),
            )
        )
    outer = draw.Group(id="map", clip_path="url(#area)")
    outer.append(terrain)
    outer.append(
        draw.Rectangle(
            bx0, by0, bx1 - bx0, by1 - by0, fill="none", stroke="#37474f", stroke_width=1.5
        )
    )
    # squalls and their influence (5.1-5.2)
    weather = draw.Group(id="squalls")
    squalls = {h for label in p.squalls if (h := _hex(spec, label)) is not None}
    ring = {n for s in squalls for n in hexes_within(s, influence)} - squalls
    for h in sorted(ring & shown, key=lambda h: (h.q, h.r)):
        weather.append(
            hex_outline(
                spec,
                *at(h),
                SIZE * 0.92,
                fill=SQUALL,
                fill_opacity=0.13,
                stroke=SQUALL,
                stroke_opacity=0.35,
                stroke_dasharray="2,2",
                class_="squall-influenced",
                data_hex=spec.label(h),
            )
        )
    for h in sorted(squalls & shown, key=lambda h: (h.q, h.r)):
        x, y = at(h)
        g = draw.Group(class_="squall", data_hex=spec.label(h))
        g.append(hex_outline(spec, x, y, SIZE * 0.92, fill=SQUALL, fill_opacity=0.45))
        for k in range(3):
            g.append(
                draw.Arc(
                    x,
                    y,
                    SIZE * (0.25 + 0.15 * k),
                    20 + 90 * k,
                    250 + 90 * k,
                    fill="none",
                    stroke="white",
                    stroke_width=1.2,
                )
            )
        weather.append(g)
    outer.append(weather)
    # hex numbers: every fifth column and row, and every hex where something stands
    labels = draw.Group(id="hex-labels")
    busy = at_units | {b.hex for b in geography.bases}
    for h in hexes:
        col, row = spec.to_offset(h)
        if (col % LABEL_EVERY == 0 and row % LABEL_EVERY == 0) or h in busy:
            x, y = at(h)
            labels.append(hex_label(spec.label(h), x, y - SIZE * 0.58, SIZE * 0.3, "#5f7282"))
    outer.append(labels)
    # places and bases (8.0, 22.A)
    sites = draw.Group(id="bases")
    for place in geography.places:
        if place.hex not in shown or place.name in {b.name for b in geography.bases}:
            continue
        x, y = at(place.hex)
        sites.append(
            draw.Circle(
                x,
                y + SIZE * 0.35,
                1.8,
                fill="#333333",
                class_=f"place {place.kind}",
                data_name=place.name,
            )
        )
        sites.append(
            halo(
                place.name,
                SIZE * 0.34,
                x,
                y + SIZE * 0.85,
                text_anchor="middle",
                fill="#333333",
                font_style="italic",
                class_="place-name",
            )
        )
    in_hex: dict[Hex, int] = {}
    for b in geography.bases:
        if b.hex not in shown:
            continue
        k = in_hex.get(b.hex, 0)
        in_hex[b.hex] = k + 1
        x, y = at(b.hex)
        x += (k - 0.5) * SIZE * 0.5 if len(geography.bases_in(b.hex)) > 1 else 0
        owner = p.controllers.get(b.name)
        fill = colour(owner) if owner else "#9e9e9e"
        g = draw.Group(class_="base", data_name=b.name, data_hex=b.label)
        if b.kind == "airfield":
            g.append(
                draw.Rectangle(x - 4, y - 4, 8, 8, fill=fill, stroke="#111111", stroke_width=0.8)
            )
        else:
            g.append(draw.Circle(x, y, 4.2, fill=fill, stroke="#111111", stroke_width=0.8))
        if b.name in p.out_of_service:
            g.append(draw.Line(x - 5, y - 5, x + 5, y + 5, stroke="#111111", stroke_width=1.5))
        kind = "airfield" if b.kind == "airfield" else "seaplane"
        g.append(
            halo(
                f"{b.name} {b.rating}",
                SIZE * 0.36,
                x + 6,
                y + 4 + k * SIZE * 0.42,
                fill=fill,
                font_weight="bold",
                class_=f"base-name {kind}",
            )
        )
        sites.append(g)
    outer.append(sites)
    # units
    units = draw.Group(id="units")
    for tf in p.task_forces:
        h = _hex(spec, str(tf["hex"]))
        if h is None or h not in shown:
            continue
        x, y = at(h)
        side = tf["side"]
        g = draw.Group(
            class_="unit task-force", data_hex=tf["hex"], data_side=side, data_id=tf["id"]
        )
        g.append(
            draw.Rectangle(
                x - SIZE * 0.62,
                y - SIZE * 0.42,
                SIZE * 1.24,
                SIZE * 0.7,
                rx=2,
                fill=TINTS.get(side, "white"),
                stroke=colour(side),
                stroke_width=1.6,
            )
        )
        g.append(
            text(
                str(tf["id"]),
                SIZE * 0.38,
                x,
                y + SIZE * 0.02,
                text_anchor="middle",
                fill=colour(side),
                font_weight="bold",
            )
        )
        g.append(
            text(
                f"{len(tf.get('ships') or ())} ships",
                SIZE * 0.22,
                x,
                y + SIZE * 0.22,
                text_anchor="middle",
                fill="#333333",
            )
        )
        units.append(g)
        counter = tf.get("counter")
        ch = _hex(spec, str(counter)) if counter else None
        if ch is not None and ch in shown:
            cx, cy = at(ch)
            units.append(
                draw.Rectangle(
                    cx - SIZE * 0.7,
                    cy - SIZE * 0.5,
                    SIZE * 1.4,
                    SIZE * 0.86,
                    rx=3,
                    fill="none",
                    stroke=colour(side),
                    stroke_width=1.2,
                    stroke_dasharray="3,2",
                    class_="unit tf-counter own",
                    data_hex=counter,
                )
            )
    for c in p.counters:
        h = _hex(spec, str(c["hex"]))
        if h is None or h not in shown:
            continue
        x, y = at(h)
        side = c["side"]
        g = draw.Group(class_="unit tf-counter enemy", data_hex=c["hex"], data_side=side)
        g.append(
            draw.Rectangle(
                x - SIZE * 0.55,
                y - SIZE * 0.38,
                SIZE * 1.1,
                SIZE * 0.66,
                rx=2,
                fill=colour(side),
                stroke="#111111",
                stroke_width=0.8,
            )
        )
        mark = "TF" + ("!" if c.get("revealed") else "?")
        g.append(
            text(
                mark,
                SIZE * 0.34,
                x,
                y + SIZE * 0.08,
                text_anchor="middle",
                fill="white",
                font_weight="bold",
            )
        )
        g.append(
            halo(
                str(c.get("label", "")),
                SIZE * 0.3,
                x + SIZE * 0.7,
                y - SIZE * 0.3,
                fill=colour(side),
                font_weight="bold",
            )
        )
        units.append(g)
    by_hex: dict[str, list[Mapping[str, Any]]] = {}
    for s in p.ships:
        by_hex.setdefault(str(s["hex"]), []).append(s)
    for label, group in by_hex.items():
        h = _hex(spec, label)
        if h is None or h not in shown:
            continue
        x, y = at(h)
        for i, s in enumerate(group):
            sy = y + SIZE * (0.45 + 0.3 * i)
            g = draw.Group(class_="unit ship", data_hex=label, data_side=s.get("side"))
            g.append(
                draw.Lines(
                    *hull(x - SIZE * 0.5, sy, 90, SIZE * 0.55, SIZE * 0.2),
                    close=True,
                    fill=colour(s.get("side")),
                    stroke="#222222",
                    stroke_width=0.6,
                )
            )
            g.append(
                halo(
                    f"{s.get('type', '')} {s.get('name', '')}",
                    SIZE * 0.28,
                    x - SIZE * 0.15,
                    sy + SIZE * 0.1,
                    fill=colour(s.get("side")),
                    font_weight="bold",
                )
            )
            units.append(g)
    air = draw.Group(id="air")
    stacks_in: dict[str, list[Stack]] = {}
    for st in p.stacks:
        stacks_in.setdefault(st.hex, []).append(st)
    for label, here in stacks_in.items():
        h = _hex(spec, label)
        if h is None or h not in shown:
            continue
        x, y = at(h)
        for i, st in enumerate(here):
            ay = y - SIZE * (0.75 + 0.32 * i)
            airborne = st.base is None
            g = draw.Group(
                class_="unit air-stack" + (" airborne" if airborne else ""),
                data_hex=label,
                data_side=st.side,
            )
            g.append(_plane(x - SIZE * 0.55, ay, SIZE * 0.28, colour(st.side)))
            status = " ".join(f"{s[0].upper()}{n}" for s, n in st.statuses)
            g.append(
                halo(
                    f"{st.count}: {st.describe()} [{status}]",
                    SIZE * 0.26,
                    x - SIZE * 0.3,
                    ay + SIZE * 0.09,
                    fill=colour(st.side),
                    class_="air-label",
                )
            )
            air.append(g)
    outer.append(units)
    outer.append(air)
    d.append(outer)
    _legend(d, p, map_w, colour)
    return str(d.as_svg())


def _plane(x: float, y: float, r: float, fill: str) -> Any:
    """A small aircraft silhouette (fuselage and wings) centred on (x, y)."""
    return draw.Lines(
        x, y - r, x + r * 0.18, y - r * 0.2, x + r, y + r * 0.1, x + r * 0.18, y + r * 0.2,
        x + r * 0.12, y + r * 0.7, x + r * 0.45, y + r, x - r * 0.45, y + r,
        x - r * 0.12, y + r * 0.7,
        x - r * 0.18, y + r * 0.2, x - r, y + r * 0.1, x - r * 0.18, y - r * 0.2,
        close=True, fill=fill, stroke="#111111", stroke_width=0.5,
    )  # fmt: skip


def _legend(d: Any, p: Picture, x0: float, colour: Any) -> None:
    """The panel: symbols, the viewer's task forces, enemy contacts, air stacks."""
    g = draw.Group(id="legend")
    x, y = x0 + 14, HEAD + 18
    step = 14.0

    def line(words: str, size: float = 11, **kw: Any) -> None:
        nonlocal y
        g.append(text(words, size, x, y, **kw))
        y += step

    line("Legend", 14, font_weight="bold")
    for t, name in (
        (Terrain.SEA, "all sea"),
        (Terrain.PARTIAL, "partial sea"),
        (Terrain.LAND, "all land"),
    ):
        g.append(draw.Rectangle(x, y - 9, 12, 10, fill=TERRAIN_FILL[t], stroke=GRID))
        g.append(text(name, 11, x + 18, y))
        y += step
    for words in (
        "square: airfield, circle: seaplane base, in its controller's colour;"
        " letter/number rating (8.A)",
        "grey hex, white swirls: squall; dashed grey: squall-influenced (5.2)",
        "TF1: own task force at its true hex; dashed box: its counter on the board",
        "TF? / TF!: enemy TF counter (TF!: revealed this turn); no id, no contents (11.C-D)",
        "plane: air counters (count: models [A airborne, R ready, D down, C CAP])",
    ):
        for part in _wrap(words, 58):
            line(part, 10, fill="#444444")
    y += 6
    for side in SIDES:
        g.append(draw.Rectangle(x, y - 9, 12, 10, fill=colour(side)))
        g.append(text(side, 11, x + 18, y, fill=colour(side), font_weight="bold"))
        x += 90
    x = x0 + 14
    y += step + 6
    if p.task_forces or p.pending:
        line("Task forces", 12, font_weight="bold")
    for tf in p.task_forces:
        line(
            f"{tf['side']} {tf['id']} at {tf['hex']}: {len(tf.get('ships') or ())} ships",
            11,
            fill=colour(tf["side"]),
            font_weight="bold",
        )
        for part in _wrap(", ".join(tf.get("ships") or ()), 60):
            line("  " + part, 10, fill="#333333")
    for side, tf_id, turn in p.pending:
        line(f"{side} {tf_id}: enters on turn {turn}", 10, fill=colour(side))
    if p.counters:
        y += 4
        line("Enemy TF counters", 12, font_weight="bold")
        for c in p.counters:
            seen = " (revealed)" if c.get("revealed") else ""
            line(f"{c.get('label', '')} at {c['hex']}{seen}", 10, fill=colour(c["side"]))
    if p.stacks:
        y += 4
        line("Air counters", 12, font_weight="bold")
        for st in p.stacks:
            where = st.base or "airborne"
            line(f"{st.side[0]} {where} ({st.hex}): {st.describe()}", 10, fill=colour(st.side))
    if p.reveals:
        y += 4
        line("Revealed this turn", 12, font_weight="bold")
        for h, how in p.reveals:
            line(f"{h}: {how}", 10)
    d.append(g)


def _wrap(words: str, width: int) -> Sequence[str]:
    out: list[str] = []
    current = ""
    for w in words.split(" "):
        if current and len(current) + 1 + len(w) > width:
            out.append(current)
            current = w
        else:
            current = f"{current} {w}" if current else w
    return [*out, current] if current else out
