"""Battle set-up: the deployment of fleets (GWaS 7.1 B-C, 7.2-7.28; 20.4; scenarios).

Counters are placed one at a time. The side without the initiative places
first (7.21), then the initiative side (7.22); a scenario may fix hexes (BS3),
put ships in port (20.4) or near a hex (BS4). Each placement asks the owner
for a hex among the legal ones, or ``auto`` for the default reading below.

Readings (docs/rules/gwas_1904.md):
  * 7.21 "as near as possible to the edge": the default (``auto``) placement
    fills the central hexes nearest the entry edge first; a player may choose
    any legal hex.
  * 7.21/7.22 overflow: a counter may go in a hex adjacent to one already
    holding the side's ships, so a fleet stays contiguous (7.24); overflow
    hexes may not be within visible distance of the entry edge (7.21) or of
    enemy ships (7.22).
  * 7.24's "at least 4 ships in each hex" (counters, as for stacking) is kept by
    ``auto``: it splits a fleet's placement as evenly as hexes of at most 8 allow
    (9 counters: 5 + 4) and keeps it contiguous; a player's own choices are free
    within the contiguity rule.
  * 7.29: a side of several fleets (BS8's two Russian squadrons) keeps each fleet
    in hexes of its own, each fleet contiguous.
"""

from __future__ import annotations

import attrs

from navalwar.engine import Context, Decision
from navalwar.games.gwas_1904.actions import Flagship, Place
from navalwar.games.gwas_1904.battle import Battle, afloat, has_room, other, reveal, visual_range
from navalwar.games.gwas_1904.scenario import Placement
from navalwar.games.gwas_1904.sides import SIDE_OF
from navalwar.games.gwas_1904.tactical_map import (
    STACK,
    centre_hexes,
    edge_row,
    hex_of,
    hexes,
    label,
)
from navalwar.hexgrid import Hex, distance, neighbour, neighbours


def placement_of(battle: Battle, counter: str) -> Placement:
    """The scenario placement that governs a counter."""
    assert battle.scenario is not None
    side = battle.ship(_first(battle, counter)).side
    code = counter.split(":", 1)[1]
    rest: Placement | None = None
    for p in battle.scenario.placements:
        if p.side != side:
            continue
        if code in p.ships:
            return p
        if not p.ships and rest is None:
            rest = p
    if rest is None:
        raise KeyError(f"no placement for {counter}")
    return rest


def _first(battle: Battle, counter: str) -> str:
    for s in battle.ships:
        if s.counter == counter:
            return s.key
    raise KeyError(counter)


def sea(battle: Battle, h: Hex) -> bool:
    """A hex ships may be placed in (not land, 7.41; not the harbor unless named)."""
    ov = battle.overlay
    if ov is None:
        return True
    return h not in ov.full_land and h != ov.port


def placed(battle: Battle, side: str) -> list[Hex]:
    """Hexes already holding the side's counters."""
    return sorted({s.hex for s in afloat(battle, side) if s.hex is not None})


def legal_hexes(battle: Battle, counter: str) -> list[Hex]:
    """Where a counter may be placed now. If earlier choices have boxed a fleet in
    (every hex the area and contiguity allow is full), any hex with room that keeps
    the area's distance rules is allowed (our reading: set-up never dead-ends)."""
    found = _legal_hexes(battle, counter)
    if found:
        return found
    p = placement_of(battle, counter)
    side = p.side
    reach = visual_range(battle)
    enemy = [s.hex for s in afloat(battle, other(side)) if s.hex is not None]
    return [
        h
        for h in hexes()
        if sea(battle, h)
        and _fits(battle, h, side, counter)
        and all(distance(h, e) > reach for e in enemy)
    ]


def _legal_hexes(battle: Battle, counter: str) -> list[Hex]:
    p = placement_of(battle, counter)
    side = p.side
    ov = battle.overlay
    if p.area in ("harbor", "port"):
        assert ov is not None and ov.port is not None
        return [ov.port]
    if p.area == "hex" and not p.adjacent:
        return [hex_of(p.hex)]
    fleet = fleet_of(battle, counter)
    own = {
        s.hex
        for s in afloat(battle, side)
        if s.hex is not None and fleet_of(battle, s.counter) == fleet
    }
    if p.area == "hex":  # adjacent to a named hex (BS2 Novik)
        return [
            n
            for n in neighbours(hex_of(p.hex))
            if n in _board() and sea(battle, n) and _fits(battle, n, side, counter)
        ]
    if p.area == "near":  # every counter together in one hex (BS4)
        mates = [h for h in own if _same_placement(battle, h, p)]
        if mates:
            return mates if has_room(battle, mates[0], side) else []
        centre = hex_of(p.hex)
        return [
            h
            for h in hexes()
            if 0 < distance(h, centre) <= p.within
            and sea(battle, h)
            and _fits(battle, h, side, counter)
        ]
    if p.area == "roadstead":  # 20.4: 4-8 counters in the Roadstead, the rest adjacent
        assert ov is not None and ov.roadstead is not None
        road = ov.roadstead
        if has_room(battle, road, side):
            return [road]
        return [
            n
            for n in neighbours(road)
            if n in _board() and sea(battle, n) and _fits(battle, n, side, counter)
        ]
    if p.area == "centre":
        entry = edge_row(battle.scenario.entry_edge) if battle.scenario else []
        reach = visual_range(battle)
        first = [h for h in centre_hexes() if sea(battle, h) and _fits(battle, h, side, counter)]
        total, done = _progress(battle, p)
        if not own or total <= STACK or done < STACK:
            return first  # 7.21: only ships beyond 8 may overflow
        overflow = {
            n
            for h in own
            for n in neighbours(h)
            if n in _board()
            and sea(battle, n)
            and _fits(battle, n, side, counter)
            and all(distance(n, e) > reach for e in entry)
        }
        return sorted(set(first) | overflow)
    if p.area == "edge":
        row = [h for h in entry_hexes(battle, p.edge) if sea(battle, h)]
        reach = visual_range(battle)
        enemy = [s.hex for s in afloat(battle, other(side)) if s.hex is not None]
        if not own:
            return [h for h in row if _fits(battle, h, side, counter)]
        return sorted(
            {
                n
                for h in own
                for n in (h, *neighbours(h))
                if n in _board()
                and sea(battle, n)
                and _fits(battle, n, side, counter)
                and (n in row or all(distance(n, e) > reach for e in enemy))
            }
        )
    raise ValueError(f"unknown placement area {p.area!r}")


def _progress(battle: Battle, p: Placement) -> tuple[int, int]:
    """How many counters a placement has, and how many are placed."""
    counters = {s.counter for s in battle.ships if s.side == p.side and not s.damage.sunk}
    mine = [c for c in counters if placement_of(battle, c) == p]
    placed_now = {s.counter for s in afloat(battle, p.side) if s.counter in mine}
    return len(mine), len(placed_now)


def entry_hexes(battle: Battle, edge: str) -> list[Hex]:
    """The border row of an edge (7.22); with option ``unexpected_encounter`` = 1 or 2
    (7.28: a search roll of an unmodified 6, by day or by night) also the hexes up to
    that many hexes nearer the centre, but never a hex holding enemy ships."""
    from navalwar.games.gwas_1904.movement import inward

    nearer = int(battle.option("unexpected_encounter"))
    row = edge_row(edge)
    out = list(row)
    d = inward(edge)
    for _ in range(nearer):
        row = [neighbour(h, d) for h in row]
        out.extend(h for h in row if h in _board())
    side = battle.initiative
    enemy = set(battle.side_hexes[other(side)])
    return [h for h in dict.fromkeys(out) if h not in enemy]


def _same_placement(battle: Battle, h: Hex, p: Placement) -> bool:
    return any(s.hex == h and placement_of(battle, s.counter) == p for s in afloat(battle, p.side))


_BOARD: frozenset[Hex] | None = None


def _board() -> frozenset[Hex]:
    global _BOARD
    if _BOARD is None:
        _BOARD = frozenset(hexes())
    return _BOARD


def fleet_of(battle: Battle, counter: str) -> str:
    """The fleet a counter belongs to ("" when its side is one fleet)."""
    scen = battle.scenario
    side, code = counter.split(":", 1)
    force = scen.forces.get(SIDE_OF[side]) if scen is not None else None
    for name, members in force.fleets if force is not None else ():
        if code in members:
            return name
    return ""


def _fits(battle: Battle, h: Hex, side: str, counter: str = "") -> bool:
    """Room for one more counter, and no ship of another of the side's fleets (7.29)."""
    if not has_room(battle, h, side):
        return False
    if not counter:
        return True
    fleet = fleet_of(battle, counter)
    return all(fleet_of(battle, s.counter) == fleet for s in afloat(battle, side) if s.hex == h)


def preferred(battle: Battle, counter: str, choices: list[Hex]) -> Hex:
    """The default (``auto``) hex. A fleet's counters of one placement fill one hex at a
    time, each hex to :func:`hex_share` of the counters left when it was begun (7.24:
    a fleet of 4 or more has at least 4 in each hex, one of fewer is in one hex); a new
    hex touches one the fleet holds (7.24) and is the nearest the entry edge (7.21) or
    the middle of the edge (7.22)."""
    p = placement_of(battle, counter)
    side = p.side
    assert battle.scenario is not None
    fleet = fleet_of(battle, counter)
    group = {
        s.counter
        for s in battle.ships
        if s.side == side
        and not s.damage.sunk
        and placement_of(battle, s.counter) == p
        and fleet_of(battle, s.counter) == fleet
    }
    held: dict[Hex, set[str]] = {}
    for s in afloat(battle, side):
        if s.hex is not None and s.counter in group:
            held.setdefault(s.hex, set()).add(s.counter)
    left = len(group) - sum(len(c) for c in held.values())  # this counter included
    begun = [h for h in choices if h in held]
    if begun:  # the hex begun last holds the fewest (the shares never grow)
        h = min(begun, key=lambda h: (len(held[h]), _edge_key(battle, p, h)))
        if len(held[h]) < hex_share(len(held[h]) + left):
            return h
    touching = [h for h in choices if h not in held and any(distance(h, o) == 1 for o in held)]
    return min(touching or choices, key=lambda h: _edge_key(battle, p, h))


def hex_share(counters: int) -> int:
    """How many of ``counters`` still to place go in the hex begun now: as even a split
    into hexes of at most 8 as the count allows (9 -> 5 + 4, 17 -> 6 + 6 + 5), so no
    hex of a fleet of 4 or more holds fewer than 4 (7.24)."""
    hexes_needed = -(-counters // STACK)
    return -(-counters // max(1, hexes_needed))


def _edge_key(battle: Battle, p: Placement, h: Hex) -> tuple[int, Hex]:
    """Nearness to the entry edge (7.21) or the middle of the edge row (7.22)."""
    assert battle.scenario is not None
    target_edge = edge_row(p.edge or battle.scenario.entry_edge)
    if p.area == "centre":
        return min(distance(h, e) for e in target_edge), h
    return distance(h, target_edge[len(target_edge) // 2]), h


def put(battle: Battle, counter: str, h: Hex, ctx: Context) -> Battle:
    """Place a counter's ships in a hex."""
    ov = battle.overlay
    port = ov is not None and h == ov.port
    ships = {
        s.key: attrs.evolve(s, hex=h, in_port=port) for s in battle.ships if s.counter == counter
    }
    battle = battle.with_ships(ships)
    where = label(h)
    ctx.log_private(
        (battle.ship(next(iter(ships))).side,),
        "placed",
        f"{counter} placed in {where}",
        "GWaS 7.2",
        counter=counter,
        hex=where,
    )
    return battle


FLAGSHIP = "flagship:"


def flagship_choices(battle: Battle, side: str) -> list[str]:
    """Ships a commander may take as flagship: the side's single-ship warships (16.1)."""
    return [
        s.key
        for s in battle.ships
        if s.side == side and s.counter == s.key and not s.damage.fixed and "-" not in s.key
    ]


def ask(battle: Battle) -> Decision | None:
    """The next set-up decision: a flagship the scenario does not name (16.1, notes
    A-39: the owner picks it secretly), then each counter's hex."""
    if battle.phase != "setup" or not battle.todo:
        return None
    counter = battle.todo[0]
    if counter.startswith(FLAGSHIP):
        side = counter[len(FLAGSHIP) :]
        return Decision(
            side,
            "flagship",
            "GWaS 16.1",
            f"Set-up: choose the flagship of {side}'s commander",
            tuple(Flagship(key) for key in flagship_choices(battle, side)),
            context={"side": side},
            tags=(Flagship.tag,),
        )
    choices = legal_hexes(battle, counter)
    side = battle.ship(_first(battle, counter)).side
    p = placement_of(battle, counter)
    return Decision(
        side,
        "place",
        "GWaS 7.2",
        f"Set-up ({p.area}): place {counter}",
        (Place(counter, "auto"), *(Place(counter, label(h)) for h in choices)),
        context={"counter": counter, "area": p.area},
        tags=(Place.tag,),
    )


def needs_choice(battle: Battle, counter: str) -> bool:
    """Whether a counter's placement is a choice (not fixed by the scenario)."""
    if counter.startswith(FLAGSHIP):
        return True
    p = placement_of(battle, counter)
    return not (p.area in ("harbor", "port") or (p.area == "hex" and not p.adjacent))


def choose_flagship(battle: Battle, action: Flagship, ctx: Context) -> Battle:
    """Record a commander's flagship (16.1), privately."""
    side = battle.ship(action.ship).side
    commanders = (*battle.commanders, (side, action.ship))
    ctx.log_private(
        (side,),
        "flagship",
        f"{side}'s commander hoists his flag in {action.ship}",
        "GWaS 16.1",
        ship=action.ship,
        side=side,
    )
    return _next(attrs.evolve(battle, commanders=commanders, todo=battle.todo[1:]), ctx)


def apply(battle: Battle, action: Place, ctx: Context) -> Battle:
    """Carry out a placement; ``auto`` places the rest of the side's counters."""
    side = battle.ship(_first(battle, action.counter)).side
    if action.hex != "auto":
        battle = put(battle, action.counter, hex_of(action.hex), ctx)
        return _next(attrs.evolve(battle, todo=battle.todo[1:]), ctx)
    todo = list(battle.todo)
    while (
        todo
        and not todo[0].startswith(FLAGSHIP)
        and battle.ship(_first(battle, todo[0])).side == side
    ):
        counter = todo.pop(0)
        choices = legal_hexes(battle, counter)
        if not choices:
            raise_no_room(counter)
        battle = put(battle, counter, preferred(battle, counter, choices), ctx)
        battle = attrs.evolve(battle, todo=tuple(todo))
    return _next(battle, ctx)


def raise_no_room(counter: str) -> None:
    """A scenario whose placement cannot be completed is a data error."""
    from navalwar.errors import DataError

    raise DataError(f"no legal hex left to place {counter} (7.2): check the scenario set-up")


def _next(battle: Battle, ctx: Context) -> Battle:
    """Place fixed counters automatically; when all are placed, start the battle."""
    todo = list(battle.todo)
    while todo and not needs_choice(battle, todo[0]):
        counter = todo.pop(0)
        choices = legal_hexes(battle, counter)
        if not choices:
            raise_no_room(counter)
        battle = put(attrs.evolve(battle, todo=tuple(todo)), counter, choices[0], ctx)
    battle = attrs.evolve(battle, todo=tuple(todo))
    first = battle.todo[0] if battle.todo else ""
    if first and not first.startswith(FLAGSHIP) and not legal_hexes(battle, first):
        raise_no_room(first)
    if battle.todo:
        return battle
    battle = reveal(attrs.evolve(battle, phase="impulse", step=1, acting="", started=False), ctx)
    ctx.log("set_up_done", "All counters are placed face down (7.23)", "GWaS 7.2")
    return battle


def begin(battle: Battle, order: list[str], ctx: Context) -> Battle:
    """Start set-up with the counters in placing order."""
    return _next(attrs.evolve(battle, todo=tuple(order), phase="setup"), ctx)


__all__ = ["apply", "ask", "begin", "legal_hexes"]


def revealing(before: Battle, after: Battle, ctx: Context) -> Battle:
    """``after``, a step of the set-up; it is a reveal (``Context.reveal``: no undo past
    it) if it first shows a side's counters to the enemy (7.2). Counters turned face up
    (7.27) mark the reveal where they turn (:func:`navalwar.games.gwas_1904.battle.reveal`)."""
    if before.phase == "setup" and any(
        enemy_placing(before, side) and not enemy_placing(after, side)
        for side in {s.side for s in before.ships}
    ):
        ctx.reveal = True
    return after


def enemy_placing(battle: Battle, side: str) -> bool:
    """Whether the enemy of ``side`` is still setting up its counters (7.2): until it is
    done, ``side`` sees none of them, not even where they are."""
    if battle.phase != "setup":
        return False
    enemy = {s.counter for s in battle.ships if s.side != side}
    return any(c in enemy for c in battle.todo)
