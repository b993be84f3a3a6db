"""Tactical movement (GWaS 7.3, 7.32-7.35, 7.4, 9.4-9.5, 19.5, 20.3, 20.41-20.42;
the volume's "Damaged Ships (7.3)" and scenario formation rules).

Groups: all of a side's ships of one type (capital, light, transports) in a
hex form a group that moves one hex at the speed of its slowest ship (7.3).
Before a scenario's break-out the whole side moves as one formation, keeping
its relative positions (notes A-37). Ships that moved this step cannot move
again in it.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Any, cast

from navalwar.engine import Context, Decision
from navalwar.games.gwas_1904 import grounding, mines
from navalwar.games.gwas_1904.actions import Move, Tow
from navalwar.games.gwas_1904.battle import (
    Battle,
    BattleShip,
    Rules,
    afloat,
    has_room,
    in_sight,
    other,
    reveal,
)
from navalwar.games.gwas_1904.combat import ShipDamage
from navalwar.games.gwas_1904.fire import er_now
from navalwar.games.gwas_1904.initiative import seamanship_check
from navalwar.games.gwas_1904.overlay import can_enter, grounding_check_needed, home_coast
from navalwar.games.gwas_1904.ship import SPEEDS
from navalwar.games.gwas_1904.sides import NATION_OF
from navalwar.games.gwas_1904.tactical_map import (
    EDGES,
    HEADINGS,
    STACK,
    edge_row,
    edges_of,
    hex_of,
    label,
    on_map,
)
from navalwar.games.gwas_1904.weather import weather_speed
from navalwar.hexgrid import DIRECTIONS, Hex, distance, neighbour, neighbours

FORMATION = "formation"


def kind(rules: Rules, ship: BattleShip) -> str:
    """A ship's group type (7.3): capital, light or transport; fortresses never move."""
    spec = rules.of(ship)
    if spec.type == "FORT":
        return "fort"
    if spec.type in ("TR", "COL"):
        return "transport"
    return "capital" if spec.capital else "light"


def speed(battle: Battle, rules: Rules, ship: BattleShip) -> str | None:
    """A ship's speed now: damage (8.51), aground (7.42), weather caps (11.73)."""
    if ship.aground or ship.beached:
        return None
    spec = rules.of(ship)
    return weather_speed(battle.weather, spec, ship.damage.speed(spec))


def slowest(speeds: Sequence[str | None]) -> str | None:
    """The slowest of some speeds; None if any cannot move."""
    if not speeds or any(s is None for s in speeds):
        return None
    return max((s for s in speeds if s is not None), key=SPEEDS.index)


def counter_speed(battle: Battle, rules: Rules, ships: Sequence[BattleShip]) -> str | None:
    """A counter moves at its slowest member's speed; an unable member stops it (9.5)."""
    return slowest([speed(battle, rules, s) for s in ships])


def in_formation(battle: Battle, side: str) -> bool:
    """Whether the side must still move as one formation (notes A-37)."""
    scen = battle.scenario
    return bool(scen and scen.breakout) and side not in battle.broken


def scripted(battle: Battle, rules: Rules, ship: BattleShip) -> bool:
    """Transports the scenario sails by itself (BS1), never moved by a player."""
    scen = battle.scenario
    return bool(scen and scen.scripted_transports) and kind(rules, ship) == "transport"


def groups(
    battle: Battle, rules: Rules, side: str, *, include_scripted: bool = False
) -> dict[str, list[BattleShip]]:
    """The side's groups that may still move this step, by ``"K11/capital"`` id;
    each counter in port is a group of its own (20.41). Scripted transports are
    left out unless asked for."""
    key = ("groups", side, include_scripted)
    found = battle.memo.get(key)
    if found is None:
        found = _groups(battle, rules, side, include_scripted)
        battle.memo[key] = found
    return found  # type: ignore[return-value]


def _groups(
    battle: Battle, rules: Rules, side: str, include_scripted: bool
) -> dict[str, list[BattleShip]]:
    out: dict[str, list[BattleShip]] = {}
    ships = [
        s
        for s in afloat(battle, side)
        if s.counter not in battle.moved
        and kind(rules, s) != "fort"
        and (include_scripted or not scripted(battle, rules, s))
    ]
    if in_formation(battle, side) and not include_scripted:
        return {FORMATION: ships} if ships else {}
    for s in ships:
        assert s.hex is not None
        if s.in_tow:
            gid = f"tow:{s.towed_by or s.key}"  # 11.23: a towed pair moves together
        elif s.in_port:
            gid = s.counter
        else:
            gid = f"{label(s.hex)}/{kind(rules, s)}"
        out.setdefault(gid, []).append(s)
    return dict(sorted(out.items()))


TOW_SIZE = {"B": 3, "DD": 1, "TB": 1, "GB": 1, "ML": 1}  # 11.21; the rest are cruiser size


def can_tow(rules: Rules, tower: BattleShip, towed: BattleShip) -> bool:
    """11.21 (volume: AMC and BS as cruisers): battleships and cruisers tow any ship,
    destroyer-size ships only destroyer-size ones (notes A-14's size order)."""
    big = TOW_SIZE.get(rules.of(tower).type, 2)
    return big >= 2 or TOW_SIZE.get(rules.of(towed).type, 2) <= big


def tow_choices(battle: Battle, rules: Rules, members: Sequence[BattleShip]) -> list[Tow]:
    """Tows a group may take up this step: a single-ship counter able to move takes
    a disabled ship of its side in the same hex (11.21, 11.23)."""
    out: list[Tow] = []
    here = members[0].hex
    side = members[0].side
    if here is None:
        return out
    disabled = [
        s
        for s in battle.at.get((here, side), ())  # afloat(battle, side) in this hex
        if s.counter == s.key  # a single-ship counter (squadron tows, 11.24, are not modelled)
        and not s.in_tow
        and not s.aground
        and not s.damage.fixed
        and s.damage.speed(rules.of(s)) is None
    ]
    if not disabled:
        return out
    for tower in members:
        if tower.in_tow or tower.counter != tower.key or speed(battle, rules, tower) is None:
            continue
        out.extend(
            Tow(tower.key, d.key)
            for d in disabled
            if d.key != tower.key and can_tow(rules, tower, d)
        )
    return out


def by_counter(ships: Sequence[BattleShip]) -> dict[str, list[BattleShip]]:
    """Ships grouped by counter."""
    out: dict[str, list[BattleShip]] = {}
    for s in ships:
        out.setdefault(s.counter, []).append(s)
    return out


def detachable(battle: Battle, rules: Rules, ships: Sequence[BattleShip]) -> bool:
    """Volume "Damaged Ships (7.3)": lost half or more of its main battery or hull,
    or one speed reduction or more; also any counter that cannot sail (7.35)."""
    return _damaged(rules, ships) or any(speed(battle, rules, s) is None for s in ships)


def _damaged(rules: Rules, ships: Sequence[BattleShip]) -> bool:
    """Volume "Damaged Ships (7.3)": a ship lost half or more of its main battery or
    hull, or one speed reduction or more."""
    for s in ships:
        spec = rules.of(s)
        d = s.damage
        main = len(spec.primary)
        hull = len(spec.hull)
        if (
            (main and 2 * d.track.lost_boxes("primary") >= main)
            or (hull and 2 * d.track.lost_boxes("hull") >= hull)
            or d.speed_lost > 0
        ):
            return True
    return False


def may_move(battle: Battle, rules: Rules, gid: str, allowed: Sequence[str]) -> bool:
    """Whether a group has anything to do in a step that moves ``allowed`` speeds."""
    found = cast("tuple[Move | Tow, ...] | None", battle.memo.get(_choices_key(gid, allowed)))
    options = found if found is not None else _iter_choices(battle, rules, gid, allowed)
    return any(not (isinstance(m, Move) and m.to == "stay") for m in options)


def choices(battle: Battle, rules: Rules, gid: str, allowed: Sequence[str]) -> list[Move | Tow]:
    """Every legal move of a group this step, and the tows it may take up or cast off."""
    key = _choices_key(gid, allowed)
    found = cast("tuple[Move | Tow, ...] | None", battle.memo.get(key))
    if found is None:
        found = battle.memo[key] = tuple(_iter_choices(battle, rules, gid, allowed))
    return list(found)


def _choices_key(gid: str, allowed: Sequence[str]) -> tuple[str, str, tuple[str, ...]]:
    return ("choices", gid, tuple(allowed))


def _iter_choices(
    battle: Battle, rules: Rules, gid: str, allowed: Sequence[str]
) -> Iterator[Move | Tow]:
    """The choices of :func:`choices`, in order, worked out as they are asked for."""
    side = battle.acting
    members = groups(battle, rules, side).get(gid, [])
    if not members:
        yield Move(gid, "stay")
        return
    if gid.startswith("tow:"):
        yield from _tow_group_choices(battle, rules, gid, members, allowed)
        return
    yield from _group_moves(battle, rules, gid, members, allowed)
    if gid != FORMATION:
        yield from tow_choices(battle, rules, members)


def _tow_group_choices(
    battle: Battle, rules: Rules, gid: str, members: list[BattleShip], allowed: Sequence[str]
) -> list[Move | Tow]:
    """A towed pair moves one hex in the "move all" steps only (11.23, notes A-14: like
    speed 1s), the tower with its tow; the tower may cast off (11.26)."""
    tower = next(s for s in members if s.towing)
    out: list[Move | Tow] = [Move(gid, "stay")]
    pace = speed(battle, rules, tower)
    if pace is not None and pace in allowed:
        out.append(Tow(tower.key))  # 11.26: in a step in which the tower could move
    here = tower.hex
    if "1s" not in allowed or here is None or pace is None:
        return out
    port = battle.overlay.port if battle.overlay is not None else None
    for n in neighbours(here):
        if not on_map(n) or not _can_go(battle, tower.side, here, n, len(by_counter(members))):
            continue
        if n == port and not transit_allowed(battle, rules, members):
            continue  # 20.41
        out.append(Move(gid, label(n)))
    return out


def _group_moves(
    battle: Battle, rules: Rules, gid: str, members: list[BattleShip], allowed: Sequence[str]
) -> Iterator[Move]:
    """A group's moves, "stay" first, as they are asked for."""
    side = battle.acting
    if gid == FORMATION:
        yield from _formation_choices(battle, rules, members, allowed)
        return
    if members[0].in_port:
        yield from _port_choices(battle, rules, gid, members)
        return
    counters = by_counter(members)
    paces = {c: counter_speed(battle, rules, ships) for c, ships in counters.items()}
    stuck = tuple(c for c in counters if paces[c] is None)
    # the counters that can sail are detachable when damaged (see :func:`detachable`)
    optional = [c for c, ships in counters.items() if c not in stuck and _damaged(rules, ships)]
    leave_sets: list[tuple[str, ...]] = [stuck]
    if optional:
        leave_sets.append(tuple(sorted({*stuck, *optional})))
        leave_sets.extend(tuple(sorted({*stuck, c})) for c in optional)
    yield Move(gid, "stay")
    seen: set[tuple[str, ...]] = set()
    for leave in leave_sets:
        if leave in seen:
            continue
        seen.add(leave)
        movers = {c: ships for c, ships in counters.items() if c not in leave}
        if not movers:
            continue
        pace = slowest([paces[c] for c in movers])
        here = members[0].hex
        assert here is not None
        ov = battle.overlay
        # the ships whose port transits count (20.41): only an overlay has a port
        moving = [s for ships in movers.values() for s in ships] if ov is not None else []
        if pace is not None and pace not in allowed:
            # 20.41: port transits "whether or not the ship would normally be able to
            # move in that tactical movement step"
            if (
                ov is not None
                and ov.roadstead is not None
                and here == ov.access
                and _can_go(battle, side, here, ov.port, len(movers))
                and transit_allowed(battle, rules, moving)
            ):
                yield Move(gid, label(ov.port), leave)
            continue
        if pace is None:
            continue
        for n in neighbours(here):
            if not on_map(n):
                continue
            into_port = battle.overlay is not None and n == battle.overlay.port
            if _can_go(battle, side, here, n, len(movers)) and (
                not into_port or transit_allowed(battle, rules, moving)
            ):
                yield Move(gid, label(n), leave)
            elif _beachable(battle, here, n):
                yield Move(gid, f"beach:{label(n)}", leave)
        edges = edges_of(here)
        if edges and _may_exit(battle, list(movers.values())):
            yield from (Move(gid, f"exit:{edge}", leave) for edge in edges)


def _can_go(battle: Battle, side: str, frm: Hex, to: Hex, n: int) -> bool:
    ov = battle.overlay
    nation = NATION_OF[side]
    if ov is not None and not can_enter(ov, frm, to, nation):
        return False
    if ov is not None and to == ov.port:
        return True  # no stacking limit in port (20.4); transits are checked apart
    return has_room(battle, to, side, n)


def _beachable(battle: Battle, frm: Hex, to: Hex) -> bool:
    """7.44: ships may be moved into a land hex to beach them (overlay land)."""
    ov = battle.overlay
    return ov is not None and to in ov.full_land and to != ov.port


def _may_exit(battle: Battle, movers: list[list[BattleShip]]) -> bool:
    """Leaving the map (7.33): out of sight the ships leave; in sight the whole
    battle shifts, which an overlay's fixed coast does not allow (our reading)."""
    seen = any(in_sight(battle, s) for ships in movers for s in ships)
    return not seen or battle.overlay is None


def _port_choices(battle: Battle, rules: Rules, gid: str, members: list[BattleShip]) -> list[Move]:
    """A counter in port may leave only to the port's access hex (20.41: Port
    Arthur's Roadstead), in any of its side's movement steps."""
    ov = battle.overlay
    out = [Move(gid, "stay")]
    if ov is None or counter_speed(battle, rules, members) is None:
        return out
    side = members[0].side
    if transit_allowed(battle, rules, members) and has_room(battle, ov.access, side):
        out.append(Move(gid, label(ov.access)))
    return out


def transit_allowed(battle: Battle, rules: Rules, ships: Sequence[BattleShip]) -> bool:
    """20.41 (Port Arthur): before 20 March 1904 three non-battleships a movement step
    and one battleship in the battle (a game turn, notes A-30); from that date three
    a step including at most one battleship. Other ports have no limit."""
    ov = battle.overlay
    if ov is None or ov.roadstead is None:
        return True
    scen = battle.scenario
    early = bool(scen and scen.date and scen.date < "1904-03-20")
    side = ships[0].side
    done = dict(battle.transits)
    counters = by_counter(ships)
    battleships = sum(1 for c in counters.values() if any(rules.of(s).type == "B" for s in c))
    others = len(counters) - battleships
    if early:
        if battleships and battle.battleship_transits + battleships > 1:
            return False
        return done.get(side, 0) - done.get(f"{side}/B", 0) + others <= 3
    if battleships and done.get(f"{side}/B", 0) + battleships > 1:
        return False
    return done.get(side, 0) + len(counters) <= 3


def formation_movers(battle: Battle, rules: Rules, members: list[BattleShip]) -> list[BattleShip]:
    """The formation's ships that move: not in port, and able to sail; the others are
    left behind (7.35)."""
    return [
        s
        for ships in by_counter(members).values()
        if counter_speed(battle, rules, ships) is not None and not ships[0].in_port
        for s in ships
    ]


def _formation_choices(
    battle: Battle, rules: Rules, members: list[BattleShip], allowed: Sequence[str]
) -> list[Move]:
    """The whole side shifts one hex in a direction, keeping its shape (notes A-37)."""
    out = [Move(FORMATION, "stay")]
    moving = formation_movers(battle, rules, members)
    if not moving:
        return out
    pace = slowest([counter_speed(battle, rules, ships) for ships in by_counter(moving).values()])
    if pace is None or pace not in allowed:
        return out
    for d, name in enumerate(HEADINGS):
        if _formation_fits(battle, moving, d):
            out.append(Move(FORMATION, name))
    return out


HEADING = {name: d for d, name in enumerate(HEADINGS)}


def _formation_fits(battle: Battle, moving: list[BattleShip], d: int) -> bool:
    """Every moving ship may enter its hex, and no hex ends with more than 8 of the
    side's counters (ships left behind included) or 16 in all (7.32)."""
    side = moving[0].side
    nation = NATION_OF[side]
    ov = battle.overlay
    for s in moving:
        assert s.hex is not None
        n = neighbour(s.hex, d)
        if not on_map(n):
            if not _may_exit(battle, [[s]]):
                return False
            continue
        if ov is not None and not can_enter(ov, s.hex, n, nation):
            return False
    keys = {s.key for s in moving}
    own: dict[Hex, set[str]] = {}
    for s in afloat(battle, side):
        if s.hex is None or s.exempt or s.in_port:
            continue
        h = neighbour(s.hex, d) if s.key in keys else s.hex
        if on_map(h):
            own.setdefault(h, set()).add(s.counter)
    enemy = battle.occupancy
    return all(
        len(c) <= STACK and len(c) + len(enemy.get((h, other(side)), ())) <= 2 * STACK
        for h, c in own.items()
    )


def clear_tows(battle: Battle) -> Battle:
    """A tow ends when either ship sinks, leaves the map, runs aground or ashore, or
    the two are parted (a formation moved on without the disabled ship)."""
    broken = {}
    for s in battle.ships:
        partner = s.towing or s.towed_by
        if not partner:
            continue
        other_ship = battle.ship(partner)
        apart = s.hex != other_ship.hex
        if not (s.afloat and other_ship.afloat) or s.aground or other_ship.aground or apart:
            broken[s.key] = s.replace(towing="", towed_by="")
    return battle.with_ships(broken) if broken else battle


def apply_tow(battle: Battle, rules: Rules, action: Tow, ctx: Context) -> Battle:
    """Take up a tow (the pair's move this step) or cast it off (11.21-11.26); the
    enemy learns of it only when the ship is face up."""
    tower = battle.ship(action.tower)
    if tower.seen:
        return _apply_tow(battle, rules, action, ctx)
    with ctx.private((tower.side,)):
        return _apply_tow(battle, rules, action, ctx)


def _apply_tow(battle: Battle, rules: Rules, action: Tow, ctx: Context) -> Battle:
    battle = battle.replace(todo=battle.todo[1:])
    tower = battle.ship(action.tower)
    if not action.towed:
        towed = battle.ship(tower.towing)
        battle = battle.with_ships(
            {
                tower.key: tower.replace(towing=""),
                towed.key: towed.replace(towed_by=""),
            }
        )
        ctx.log(
            "tow",
            f"{rules.of(tower).name} casts off {rules.of(towed).name}",
            "GWaS 11.26",
            ship=tower.key,
            towed=towed.key,
            cast_off=True,
        )
        return battle
    towed = battle.ship(action.towed)
    battle = battle.with_ships(
        {
            tower.key: tower.replace(towing=towed.key),
            towed.key: towed.replace(towed_by=tower.key),
        }
    )
    moved = tuple(sorted({*battle.moved, tower.counter, towed.counter}))
    ctx.log(
        "tow",
        f"{rules.of(tower).name} takes {rules.of(towed).name} in tow",
        "GWaS 11.21",
        ship=tower.key,
        towed=towed.key,
        cast_off=False,
    )
    return battle.replace(moved=moved)


def apply(battle: Battle, rules: Rules, action: Move, ctx: Context) -> Battle:
    """Carry out a group's move, exit, beaching or stay. What happens to face-down
    ships is told to their owner only; the enemy sees counters move (7.23)."""
    side = battle.acting
    members = groups(battle, rules, side).get(action.group, [])
    battle = battle.replace(todo=battle.todo[1:])
    if action.to == "stay" or not members:
        return battle
    hidden = [s for s in members if not s.seen]
    if not hidden:
        return _apply(battle, rules, action, members, ctx)
    with ctx.private((side,)):
        after = _apply(battle, rules, action, members, ctx)
    ids = sorted({battle.opaque_id(s.counter) for s in hidden})
    count = len(ids)
    ctx.log(
        "counters_moved",
        f"{count} face-down {side} counter{'s' if count > 1 else ''} ({', '.join(ids)}): "
        + _public(action, members[0].hex),
        "GWaS 7.23",
        side=side,
        counters=ids,
        **{"from": label(members[0].hex) if members[0].hex is not None else None},
        to=action.to,
    )
    return after


def _public(action: Move, start: Hex | None) -> str:
    """What the enemy sees of a move of face-down counters from ``start``: never the
    group's id, which may name a counter (in port, in tow) or its kind."""
    if action.group == FORMATION:
        return f"the formation moves {action.to}"
    here = label(start) if start is not None else "?"
    if action.to.startswith("exit:"):
        return f"from {here} towards the {action.to[5:]} edge"
    if action.to.startswith("beach:"):
        return f"from {here} into {action.to[6:]}"
    return f"from {here} to {action.to}"


def _apply(
    battle: Battle, rules: Rules, action: Move, members: list[BattleShip], ctx: Context
) -> Battle:
    if _seamanship_fails(battle, rules, members, ctx):
        return battle
    if action.group == FORMATION:
        return reveal(
            clear_tows(_move_formation(battle, rules, members, HEADING[action.to], ctx)), ctx
        )
    movers = [s for s in members if s.counter not in action.leave]
    if action.leave:
        ctx.log(
            "detached",
            f"{', '.join(action.leave)} detached and left behind",
            "GWaS 7.3 (volume), 7.35",
            counters=list(action.leave),
        )
    moved = tuple(sorted({*battle.moved, *(s.counter for s in movers)}))
    battle = battle.replace(moved=moved)
    if action.to.startswith("exit:"):
        return reveal(clear_tows(leave_map(battle, rules, movers, action.to[5:], ctx)), ctx)
    if action.to.startswith("beach:"):
        dest = hex_of(action.to[6:])
        ships = {s.key: s.replace(hex=dest, beached=True) for s in movers}
        ctx.log(
            "beached",
            f"{_names(rules, movers)} beached in {action.to[6:]}",
            "GWaS 7.44",
            ships=sorted(ships),
            hex=action.to[6:],
        )
        return reveal(clear_tows(battle.with_ships(ships)), ctx)
    dest = hex_of(action.to)
    return reveal(clear_tows(enter(battle, rules, movers, dest, ctx)), ctx)


def _names(rules: Rules, ships: Sequence[BattleShip]) -> str:
    return ", ".join(
        rules.of(s).name + (f" ({s.key.split('#')[-1]})" if "#" in s.key else "") for s in ships
    )


def _seamanship_fails(
    battle: Battle, rules: Rules, members: list[BattleShip], ctx: Context
) -> bool:
    """19.5: a Russian group of 5 or more ships with one of ER 4 or less fails to
    move on a 6 (counting squadron members, notes A-49)."""
    if not battle.option("effectiveness"):
        return False
    nation = NATION_OF[members[0].side]
    check = seamanship_check(ctx.dice, nation, [er_now(battle, rules, s) for s in members])
    if check is None:
        return False
    ctx.log(
        "seamanship",
        f"Russian seamanship: {check.describe()}"
        + (": the group cannot move this step" if check.met else ""),
        "GWaS 19.5",
        ships=[s.key for s in members],
        **check.data(),
        met=check.met,
    )
    return check.met


def enter(
    battle: Battle, rules: Rules, movers: Sequence[BattleShip], dest: Hex, ctx: Context
) -> Battle:
    """Move ships one hex, then the checks of entering a hex: port transits (20.41),
    mines (BS3) and grounding (7.42, 20.1, 20.42)."""
    ov = battle.overlay
    frm = movers[0].hex
    assert frm is not None
    into_port = ov is not None and dest == ov.port
    from_port = ov is not None and frm == ov.port
    ships = {s.key: s.replace(hex=dest, in_port=into_port) for s in movers}
    battle = battle.with_ships(ships)
    ctx.log(
        "group_moved",
        f"{_names(rules, movers)} move from {label(frm)} to {label(dest)}",
        "GWaS 7.32",
        ships=sorted(ships),
        **{"from": label(frm)},
        to=label(dest),
    )
    if into_port or from_port:
        side = movers[0].side
        done = dict(battle.transits)
        counters = by_counter(movers)
        big = sum(1 for c in counters.values() if any(rules.of(s).type == "B" for s in c))
        done[side] = done.get(side, 0) + len(counters)
        done[f"{side}/B"] = done.get(f"{side}/B", 0) + big
        battle = battle.replace(
            transits=tuple(sorted(done.items())),
            battleship_transits=battle.battleship_transits + big,
        )
    battle = _mines(battle, rules, [battle.ship(k) for k in ships], frm, dest, ctx)
    return _grounding(
        battle, rules, [battle.ship(k) for k in ships if battle.ship(k).afloat], dest, ctx
    )


def _mines(
    battle: Battle, rules: Rules, ships: list[BattleShip], frm: Hex, dest: Hex, ctx: Context
) -> Battle:
    """BS3: a Russian ship entering or leaving the Roadstead from or to a sea hex
    rolls as if through 4 minefields (notes A-36)."""
    scen, ov = battle.scenario, battle.overlay
    if scen is None or ov is None or ov.roadstead is None:
        return battle
    for rule in scen.mines:
        if rule.kind != "roadstead":
            continue
        crossing = (dest == ov.roadstead and frm != ov.port) or (
            frm == ov.roadstead and dest != ov.port
        )
        if not crossing:
            continue
        for s in ships:
            if s.side != rule.side:
                continue
            dmg = minefield(
                rules,
                s,
                rule.fields,
                counter_speed(battle, rules, ships),
                bool(battle.option("mine_speed_modifier")),
                ctx,
            )
            if dmg != s.damage:
                free = s.mine_damage if rule.vp else dmg  # (no scenario scores none in battle)
                battle = battle.with_ship(s.replace(damage=dmg, mine_damage=free))
    return battle


def minefield(
    rules: Rules,
    ship: BattleShip,
    fields: int,
    group_speed: str | None,
    speed_bonus: bool,
    ctx: Context,
) -> ShipDamage:
    """One ship through ``fields`` minefields (T-5), and the T-4 damage of a strike.

    The rolls and the damage are told to the ship's side only: a ship's damage is
    its owner's secret (3.1, notes §7.1). A sinking is seen (notes §7.3), so it is
    told to both sides, unless the caller keeps the whole move private (a face-down
    counter, 7.23)."""
    spec = rules.of(ship)

    def log(kind: str, text: str, /, **data: Any) -> None:
        ctx.log(kind, text, "GWaS 13.2", ship=ship.key, **data)

    with ctx.private((ship.side,)):
        check = mines.minefield_check(ctx.dice, spec, fields, group_speed, speed_bonus)
        log(
            "minefield",
            f"{spec.name} through {fields} minefield(s): {check.describe()}"
            + (": a mine strike" if check.met else ""),
            fields=fields,
            **check.data(),
            strike=check.met,
        )
        if not check.met:
            return ship.damage
        roll, result = mines.mine_damage(ctx.dice, rules.tables, spec)
        dmg = mines.apply_mine_damage(spec, ship.damage, result, log, roll)
    if dmg.sunk:
        ctx.log("ship_sunk", f"{spec.name} strikes a mine and sinks", "GWaS 13.21", ship=ship.key)
    return dmg


def _grounding(
    battle: Battle, rules: Rules, ships: list[BattleShip], dest: Hex, ctx: Context
) -> Battle:
    """7.42 with 20.1/20.42 and the volume's shallow draft: a check per ship."""
    ov = battle.overlay
    if ov is None:
        return battle
    for s in ships:
        nation = NATION_OF[s.side]
        if not grounding_check_needed(ov, dest, nation):
            continue
        spec = rules.of(s)
        check = grounding.grounding_check(
            ctx.dice, spec, home_coast(ov, nation), bool(battle.option("shallow_draft_literal"))
        )
        if check is None:
            continue
        aground = check.met
        ctx.log(
            "grounding",
            f"{spec.name} grounding check in {label(dest)}: {check.describe()}: "
            + ("aground" if aground else "clear"),
            "GWaS 7.42",
            ship=s.key,
            hex=label(dest),
            **check.data(),
            aground=aground,
        )
        if aground:
            battle = battle.with_ship(s.replace(aground=True))
    return battle


def leave_map(
    battle: Battle, rules: Rules, movers: Sequence[BattleShip], edge: str, ctx: Context
) -> Battle:
    """7.33: out of sight the ships leave for good; in sight every ship in the
    battle is moved one hex away from that edge, keeping relative positions."""
    if not any(in_sight(battle, s) for s in movers):
        ships = {s.key: s.replace(hex=None, left=edge) for s in movers}
        ctx.log(
            "left_map",
            f"{_names(rules, movers)} leave the map by the {edge} edge out of sight",
            "GWaS 7.33",
            ships=sorted(ships),
            edge=edge,
        )
        return battle.with_ships(ships)
    return shift_battle(battle, edge, {s.key for s in movers}, ctx)


def shift_battle(battle: Battle, edge: str, leavers: set[str], ctx: Context) -> Battle:
    """7.33 in sight: the ships that tried to leave keep their hexes (they have gained
    the hex on everyone) and every other ship afloat moves one hex away from
    ``edge``, keeping the relative positions. If that would push a ship off the far
    side of the map, nothing moves (our reading: the map cannot be shifted)."""
    d = inward(edge)
    shifted = {}
    for s in battle.ships:
        if s.hex is None or not s.afloat or s.key in leavers:
            continue  # wrecks stay where they sank
        n = neighbour(s.hex, d)
        if not on_map(n):
            ctx.log(
                "battle_shifted",
                f"Ships in sight of the enemy cannot leave by the {edge} edge, and the battle "
                "fills the map: nothing moves",
                "GWaS 7.33",
                edge=edge,
                shifted=False,
            )
            return battle
        shifted[s.key] = s.replace(hex=n)
    ctx.log(
        "battle_shifted",
        f"Ships leaving by the {edge} edge in sight of the enemy: every other ship moves one "
        "hex away from that edge",
        "GWaS 7.33",
        edge=edge,
        shifted=True,
    )
    return battle.with_ships(shifted)


def inward(edge: str) -> int:
    """The direction that moves an edge's border row one hex inwards (all of it but
    one corner hex, which slides along the next edge)."""
    row = edge_row(edge)
    centre = Hex(0, 0)
    return max(
        range(6),
        key=lambda d: (sum(1 for h in row if distance(neighbour(h, d), centre) < len(row) - 1), -d),
    )


def _move_formation(
    battle: Battle, rules: Rules, members: list[BattleShip], d: int, ctx: Context
) -> Battle:
    movable = formation_movers(battle, rules, members)  # the others stay behind (7.35)
    off = [s for s in movable if s.hex is not None and not on_map(neighbour(s.hex, d))]
    stay = [s for s in movable if s not in off]
    battle = battle.replace(moved=tuple(sorted({*battle.moved, *(s.counter for s in movable)})))
    if off and any(in_sight(battle, s) for s in off):
        # 7.33 in sight: the formation keeps its hexes and the rest of the battle shifts
        edge = _by_edge(off).popitem()[0]
        ctx.log(
            "formation_moved",
            f"The {members[0].side} formation moves one hex {HEADINGS[d]}",
            "GWaS scenario formation (notes A-37)",
            side=members[0].side,
            direction=d,
            heading=HEADINGS[d],
        )
        return shift_battle(battle, edge, {s.key for s in movable}, ctx)
    for edge, ships in _by_edge(off).items():
        battle = leave_map(battle, rules, ships, edge, ctx)
    by_hex: dict[Hex, list[BattleShip]] = {}
    for s in stay:
        assert s.hex is not None
        by_hex.setdefault(s.hex, []).append(s)
    shifted = {s.key: s.replace(hex=neighbour(s.hex, d)) for s in stay if s.hex is not None}
    battle = battle.with_ships(shifted)
    ctx.log(
        "formation_moved",
        f"The {members[0].side} formation moves one hex {HEADINGS[d]}",
        "GWaS scenario formation (notes A-37)",
        side=members[0].side,
        direction=d,
        heading=HEADINGS[d],
    )
    for h, group in sorted(by_hex.items()):
        battle = _grounding(
            battle, rules, [battle.ship(s.key) for s in group], neighbour(h, d), ctx
        )
    return battle


def _by_edge(ships: list[BattleShip]) -> dict[str, list[BattleShip]]:
    out: dict[str, list[BattleShip]] = {}
    for s in ships:
        assert s.hex is not None
        edges = edges_of(s.hex) or list(EDGES[:1])
        out.setdefault(edges[0], []).append(s)
    return out


def scripted_step(battle: Battle, rules: Rules, ships: list[BattleShip], goal: Hex) -> Hex | None:
    """BS1's transports: the neighbouring hex that brings them nearest their goal."""
    here = ships[0].hex
    assert here is not None
    if here == goal:
        return None
    best = min(
        (
            n
            for n in neighbours(here)
            if on_map(n) and _can_go(battle, ships[0].side, here, n, len(by_counter(ships)))
        ),
        key=lambda n: (distance(n, goal), n),
        default=None,
    )
    if best is None or distance(best, goal) >= distance(here, goal):
        return None
    return best


def check_breakout(battle: Battle, rules: Rules, ctx: Context) -> Battle:
    """A scenario's break-out (notes A-37): once enough of the side's ships are within
    main-gun range of an enemy ship with main guns, it may leave formation; the
    other side may then do so too."""
    scen = battle.scenario
    if scen is None or not scen.breakout or scen.breakout in battle.broken:
        return battle
    side = scen.breakout
    gunned = [
        e.hex
        for e in afloat(battle, other(side))
        if e.hex is not None and e.damage.firepower("primary") > 0
    ]
    near = sum(
        1
        for s in afloat(battle, side)
        if s.hex is not None and any(distance(s.hex, h) <= 2 for h in gunned)
    )
    if near < scen.breakout_ships:
        return battle
    broken = (side, other(side)) if scen.breakout_follow else (side,)
    ctx.log(
        "break_out",
        f"{near} {side} ships are within range of the enemy's main guns: {side} may break "
        "formation" + (f", and then {other(side)} too" if scen.breakout_follow else ""),
        f"{scen.rule} break out",
        side=side,
        near=near,
        follow=bool(scen.breakout_follow),
    )
    return battle.replace(broken=tuple(sorted(set(battle.broken) | set(broken))))


_MOVE_TAGS = (Move.tag, Tow.tag)  # a group moves, or a ship in it takes or casts off a tow


def ask(battle: Battle, rules: Rules, gid: str, allowed: Sequence[str]) -> Decision:
    """The decision for one group."""
    members = groups(battle, rules, battle.acting).get(gid, [])
    names = _names(rules, members)
    return Decision(
        battle.acting,
        "move",
        "GWaS 7.32",
        f"Impulse {battle.impulse}, step {battle.step}: move group {gid} ({names})",
        tuple(choices(battle, rules, gid, allowed)),
        context={"group": gid},
        tags=_MOVE_TAGS,
    )


__all__ = ["DIRECTIONS", "FORMATION", "apply", "ask", "choices", "groups", "may_move"]
