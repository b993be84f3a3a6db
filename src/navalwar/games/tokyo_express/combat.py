"""Combat (TE 3.5-3.8): fire direction, torpedoes, gunnery, damage.

The functions here resolve attacks and apply damage; who attacks whom is
decided by the Japanese procedures below (TE 3.6, 3.7) or by the US player.
"""

from __future__ import annotations

import functools
from collections.abc import Iterable, Sequence
from collections.abc import Set as AbstractSet

from navalwar.engine import Context
from navalwar.frozen import evolve
from navalwar.games.tokyo_express.data import TEData
from navalwar.games.tokyo_express.geometry import in_heading_row, te_label, torpedo_mount_bears
from navalwar.games.tokyo_express.model import (
    FIRED,
    JAPAN,
    LOST,
    READY,
    US,
    Attack,
    Ship,
    State,
)
from navalwar.hexgrid import (
    DIRECTIONS,
    Arc,
    Hex,
    arc_of,
    distance,
    fire_steps,
    line_blocked_by,
)

MAX_GUN_RANGE = {"Light": 12, "CL": 15, "CA": 18, "BB": 24}  # TE 3.7
TORPEDO_BANDS = ((1, 3, "Short"), (4, 7, "Medium"), (8, 11, "Long"), (12, 14, "Extreme"))  # TE 3.6
TORPEDO_VALUE_MOD = {  # TE 3.6 "Torpedo Value Modifiers"
    (JAPAN, "Short"): 2,
    (JAPAN, "Medium"): 0,
    (JAPAN, "Long"): -1,
    (US, "Short"): 0,
    (US, "Medium"): -1,
}
TORPEDO_DRM = {1: 3, 2: 2}  # TE 3.6 "Torpedo Combat Die Roll Modifiers" (target Speed)


def enemy(side: str) -> str:
    """The other side."""
    return JAPAN if side == US else US


def vfdr(state: State, side: str) -> int:
    """The side's Visual Fire Direction Range (TE 3.5)."""
    return state.us_vfdr if side == US else state.jp_vfdr


def torpedo_band(d: int) -> str:
    """Short, Medium, Long or Extreme (TE 3.6 "Torpedo Ranges")."""
    for lo, hi, name in TORPEDO_BANDS:
        if lo <= d <= hi:
            return name
    return "beyond"


def gun_band(d: int) -> str:
    """S (0-3), M (4-7) or L (8+) (TE 3.7 "Ranges")."""
    return "S" if d <= 3 else "M" if d <= 7 else "L"


def formation_speed(state: State, ship: Ship) -> int:
    """The Speed marker of the ship's formation (its current Speed, TE 3.2)."""
    for f in state.formations:
        if f.id == ship.formation:
            return f.speed
    return ship.max_speed


def mount_bears(mount: str, ship_hex: Hex, heading: int, target_hex: Hex) -> bool:
    """Whether a P, S or C torpedo mount bears on ``target_hex`` (TE 3.6)."""
    if mount not in ("P", "S", "C"):
        return False
    return torpedo_mount_bears(mount, ship_hex, heading, target_hex)  # type: ignore[arg-type]


def friendly_hexes(state: State, side: str, exclude: Iterable[str] = ()) -> AbstractSet[Hex]:
    """Hexes holding ships of ``side`` (any, sinking included)."""
    ex = set(exclude)
    if not ex:
        return state.hexes_of(side)
    return {s.hex for s in state.side_ships(side) if s.name not in ex}


def torpedo_line_clear(state: State, attacker: Ship, target: Ship) -> bool:
    """TE 3.6 "Line of Fire": no friendly ship in any hex between (a grazed hexside
    blocks only if both hexes hold friendly ships); enemy ships never block."""
    # the line's own hexes are never among those between, so they need not be removed
    return not line_blocked_by(attacker.hex, target.hex, friendly_hexes(state, attacker.side))


def gunnery_line_clear(state: State, attacker: Ship, target: Ship) -> bool:
    """TE 3.7 "Line of Fire": a friendly ship blocks only if it is in a hex the line
    passes through and adjacent to (not stacked with) the attacker or the target."""
    aq, ar = attacker.hex
    tq, tr = target.hex
    steps = _gunnery_steps(tq - aq, tr - ar)
    if not steps:
        return True
    own = friendly_hexes(state, attacker.side)
    for hexes in steps:
        for q, r in hexes:
            if (aq + q, ar + r) not in own:  # a (q, r) tuple equals its Hex
                break
        else:
            return False
    return True


_ADJACENT = frozenset(DIRECTIONS)  # the offsets at distance 1


@functools.lru_cache(maxsize=8192)
def _gunnery_steps(dq: int, dr: int) -> tuple[tuple[Hex, ...], ...]:
    """The steps of the line of fire from the origin to ``(dq, dr)`` (a hex, or the two
    hexes of a grazed hexside) whose hexes are all adjacent to one end or the other:
    the only ones friendly ships can block for gunnery (TE 3.7), in no order."""
    end = Hex(dq, dr)
    singles, sides = fire_steps(dq, dr)
    return tuple(
        hexes
        for hexes in [*((h,) for h in singles), *sides]
        if all(h in _ADJACENT or h - end in _ADJACENT for h in hexes)
    )


# -- torpedoes -----------------------------------------------------------------------------
def bearing_salvos(data: TEData, ship: Ship, target: Ship) -> list[int]:
    """Indices of the ship's unfired salvos whose mounts bear on ``target`` (TE 3.6)."""
    spec = data.ship(ship.name)
    out = []
    bears: dict[str, bool] = {}  # by mount
    for i, (sv, st) in enumerate(zip(spec.salvos, ship.salvos, strict=True)):
        if st == READY:
            ok = bears.get(sv.mount)
            if ok is None:
                ok = bears[sv.mount] = mount_bears(sv.mount, ship.hex, ship.heading, target.hex)
            if ok:
                out.append(i)
    return out


def torpedo_target_ok(
    state: State, data: TEData, attacker: Ship, target: Ship, max_range: int
) -> bool:
    """The four eligibility requirements of TE 3.6 "Targets of Torpedo Attacks"."""
    side = attacker.side
    if target.side == side or target.removed or attacker.hex == target.hex:  # off the map
        return False
    dq = attacker.hex.q - target.hex.q
    dr = attacker.hex.r - target.hex.r
    d = max(abs(dq), abs(dr), abs(dq + dr))  # distance(), inlined: a hot path
    if d > max_range or d > (state.us_vfdr if side == US else state.jp_vfdr):  # vfdr()
        return False
    if not bearing_salvos(data, attacker, target):
        return False
    return torpedo_line_clear(state, attacker, target)


def choose_japanese_salvos(
    data: TEData, ship: Ship, target: Ship, count: int, banned_side: str = ""
) -> tuple[int, ...]:
    """Which salvos a Japanese ship fires (TE 3.6 "Which Salvos to Fire").

    Side mounts as much as possible, never port and starboard together; the
    side with more bearing salvos is taken (port on a tie), then centre mounts.
    """
    spec = data.ship(ship.name)
    bearing = bearing_salvos(data, ship, target)
    by_mount: dict[str, list[int]] = {"P": [], "S": [], "C": []}
    for i in bearing:
        by_mount[spec.salvos[i].mount].append(i)
    sides = [m for m in ("P", "S") if m != banned_side and by_mount[m]]
    side = max(sides, key=lambda m: len(by_mount[m])) if sides else ""
    pool = (by_mount[side] if side else []) + by_mount["C"]
    return tuple(pool[:count])


def side_of(data: TEData, ship: Ship, salvos: Sequence[int]) -> str:
    """The side mount (``"P"``/``"S"``) used by these salvos, or ``""``."""
    mounts = {data.ship(ship.name).salvos[i].mount for i in salvos} - {"C"}
    return mounts.pop() if mounts else ""


def resolve_torpedo_attack(
    state: State,
    data: TEData,
    target_name: str,
    attacks: Sequence[Attack],
    ctx: Context,
    stern_rule: str = "all",
) -> State:
    """Resolve one torpedo attack against one target (TE 3.6 "Torpedo Combat Procedure").

    The salvos of every attacker are added after the per-salvo value modifiers;
    the total picks the column (Japan or US header row); the die roll, modified
    by the target's Speed, picks the row. A stern-arc result of 1 or more gets
    +1 and costs the target 1 maximum Speed; ``stern_rule`` says whether every
    attacker (``"all"``, the notes' reading) or any (``"any"``) must be in the
    target's stern arc when ships attack together.
    """
    target = state.ship(target_name)
    side = state.ship(attacks[0].attacker).side
    total = 0
    sterns = []
    parts = []
    for a in attacks:
        ship = state.ship(a.attacker)
        spec = data.ship(ship.name)
        d = distance(ship.hex, target.hex)
        where = arc_of(target.hex, target.heading, ship.hex)
        mod = TORPEDO_VALUE_MOD[(side, torpedo_band(d))]
        mod -= 1 if where is Arc.BOW else 0
        mod -= 1 if where is Arc.STERN else 0
        sterns.append(where is Arc.STERN)
        value = sum(spec.salvos[i].value + mod for i in a.salvos)
        total += value
        values = "+".join(str(spec.salvos[i].value) for i in a.salvos)
        parts.append(
            f"{ship.name} fires {len(a.salvos)} salvo(s) ({values}) from {target.name}'s "
            f"{where.value.replace('_', ' ')} arc at {torpedo_band(d)} range ({d} hexes), "
            f"{mod:+d} each = {value}"
        )
        salvos = tuple(FIRED if i in a.salvos else s for i, s in enumerate(ship.salvos))
        state = state.with_ship(evolve(ship, salvos=salvos))
    rule = "TE 3.6"
    head = f"Torpedo attack on {target.name}: " + "; ".join(parts) + f"; total {total}"
    if side == JAPAN and total < 1:
        ctx.log(
            "torpedo_attack",
            head + " -> N: attack cancelled, salvos not spent",
            rule,
            target=target.name,
            total=total,
            result="N",
        )
        return _unfire(state, attacks)
    if side == US and total < 2:
        ctx.log(
            "torpedo_attack",
            head + " -> automatic 0 (salvos spent)",
            rule,
            target=target.name,
            total=total,
            result=0,
        )
        return state
    speed = formation_speed(state, target)
    drm = TORPEDO_DRM.get(speed, 0)
    roll = ctx.dice.d10(f"torpedo attack on {target.name}", rule)
    result = data.torpedo.result(side, total, roll + drm)
    col = data.torpedo.column(side, total)
    col_name = str(data.torpedo.table(side).columns[col]) if col is not None else "?"
    mod_text = f" +{drm} (target Speed {speed})" if drm else ""
    if result == "N":
        if side == JAPAN:
            ctx.log(
                "torpedo_attack",
                f"{head}; column {col_name}, roll {roll}{mod_text} -> N: "
                "attack cancelled, salvos not spent",
                rule,
                target=target.name,
                total=total,
                roll=roll,
                result="N",
            )
            return _unfire(state, attacks)
        result = 0
    if result is None:  # a total below the first column of an owner's table
        result = "N" if side == JAPAN else 0
        if side == JAPAN:
            ctx.log(
                "torpedo_attack",
                f"{head}: below the table's first column -> N: attack cancelled, salvos not spent",
                rule,
                target=target.name,
                total=total,
                result="N",
            )
            return _unfire(state, attacks)
    if not isinstance(result, int):
        result = 0
    stern = all(sterns) if stern_rule == "all" else any(sterns)
    damage = result + 1 if stern and result >= 1 else result
    extra = ""
    if stern and result >= 1:
        extra = f"; into the stern arc: +1 = {damage}, {target.name} loses 1 maximum Speed"
        state = state.with_ship(
            evolve(state.ship(target.name), stern_hits=state.ship(target.name).stern_hits + 1)
        )
    ctx.log(
        "torpedo_attack",
        f"{head}; column {col_name}, roll {roll}{mod_text} -> {result}{extra}",
        rule,
        target=target.name,
        total=total,
        roll=roll,
        result=result,
        damage=damage,
        stern=stern,
    )
    return apply_damage(state, data, target.name, damage, ctx, "TE 3.6")


def _unfire(state: State, attacks: Sequence[Attack]) -> State:
    for a in attacks:
        ship = state.ship(a.attacker)
        salvos = tuple(READY if i in a.salvos else s for i, s in enumerate(ship.salvos))
        state = state.with_ship(evolve(ship, salvos=salvos))
    return state


# -- gunnery -------------------------------------------------------------------------------
def battery_value(data: TEData, ship: Ship, battery: str) -> int:
    """The printed value of a primary battery (``bow``, ``stern`` or ``both``)."""
    spec = data.ship(ship.name)
    return {"bow": spec.bow, "stern": spec.stern, "both": spec.bow + spec.stern}[battery]


def battery_bears_on(ship: Ship, battery: str, target: Ship) -> bool:
    """TE 3.7 "Armament and Firing Arcs": bow primary into bow and broadsides, stern
    primary into stern and broadsides; both together only at a broadside target."""
    where = arc_of(ship.hex, ship.heading, target.hex)
    if battery == "both":
        return where in (Arc.PORT, Arc.STARBOARD, Arc.SAME_HEX)
    if battery == "bow":
        return where is not Arc.STERN
    return where is not Arc.BOW


def gunnery_target_ok(state: State, data: TEData, attacker: Ship, target: Ship) -> bool:
    """TE 3.7 "Requirements to Be a Target": gun range, fire direction range, line of fire."""
    side = attacker.side
    if target.side == side or target.removed:  # removed: off the map
        return False
    dq = attacker.hex.q - target.hex.q
    dr = attacker.hex.r - target.hex.r
    d = max(abs(dq), abs(dr), abs(dq + dr))  # distance(), inlined: a hot path
    if d > (state.us_vfdr if side == US else state.jp_vfdr):  # vfdr(), inlined
        return False
    if d > MAX_GUN_RANGE[data.ship(attacker.name).caliber]:
        return False
    return gunnery_line_clear(state, attacker, target)


def resolve_gunnery(
    state: State, data: TEData, attack: Attack, ctx: Context, below_lowest: str = "miss"
) -> State:
    """Resolve one gunnery attack with the Gunnery Cards (TE 3.7 "Resolving Gunnery Combat").

    The card row is the next lower listed value; row shifts (split fire,
    the attacker's Damage marker, same hex, target Speed 1-3) are cumulative
    and stop at the top and bottom rows. A value below every row of the card
    reads ``below_lowest``: ``"miss"`` (the notes' reading) or ``"lowest"``.
    """
    rule = "TE 3.7"
    attacker = state.ship(attack.attacker)
    target = state.ship(attack.target)
    spec = data.ship(attacker.name)
    deck_name = spec.caliber
    number, deck = state.deck(deck_name).draw(ctx.dice, f"{deck_name} Gunnery Card", rule)
    state = state.with_deck(deck_name, deck)
    card = data.decks[deck_name][number]
    d = distance(attacker.hex, target.hex)
    band = gun_band(d)
    ttype = data.ship(target.name).rule_type
    head = (
        f"{attacker.name} fires {attack.battery} primaries (value {attack.value}) at "
        f"{target.name} ({te_label(target.hex)}, {d} hexes, {band}): {deck_name} card #{number}"
    )
    index = next((i for i, r in enumerate(card.rows) if r.value <= attack.value), None)
    if index is None:
        if below_lowest == "miss":
            ctx.log(
                "gunnery_attack",
                head + f", value below its lowest row {card.rows[-1].value}: no effect",
                rule,
                attacker=attacker.name,
                target=target.name,
                card=number,
                damage=0,
            )
            return state
        index = len(card.rows) - 1
    slow = formation_speed(state, target) <= 3
    down = (1 if attack.split else 0) + attacker.level
    up = (1 if d == 0 else 0) + (1 if slow else 0)
    shifted = min(len(card.rows) - 1, max(0, index + down - up))
    row = card.rows[shifted]
    damage = row.damage(ttype, band)
    shifts = []
    if attack.split:
        shifts.append("down 1 split fire")
    if attacker.level:
        shifts.append(f"down {attacker.level} Damage {attacker.level}")
    if d == 0:
        shifts.append("up 1 same hex")
    if slow:
        shifts.append("up 1 target Speed 1-3")
    shift_text = f" ({', '.join(shifts)})" if shifts else ""
    result = "no hit" if not damage else f"{damage} Damage Point(s)"
    ctx.log(
        "gunnery_attack",
        f"{head}, row {card.rows[index].value}{shift_text} -> row "
        f"{row.value}, {ttype}/{band}: {result}",
        rule,
        attacker=attacker.name,
        target=target.name,
        card=number,
        row=row.value,
        damage=damage or 0,
    )
    if damage:
        state = apply_damage(state, data, target.name, damage, ctx, rule)
    return state


# -- damage --------------------------------------------------------------------------------
def apply_damage(
    state: State, data: TEData, name: str, points: int, ctx: Context, rule: str
) -> State:
    """Cross off Damage Boxes (TE 3.8); a new Damage Level waits on its "Current Step"
    side until the end of the Combat Segment; the last box sinks the ship."""
    ship = state.ship(name)
    spec = data.ship(name)
    if points <= 0 or ship.sinking:
        return state
    track = spec.track
    hits = min(track.boxes, ship.hits + points)
    level = track.level_after(hits)
    sinking = track.sunk(hits)
    ctx.log(
        "damage",
        f"{name} takes {hits - ship.hits} hit(s): {hits}/{spec.boxes} boxes",
        "TE 3.8",
        ship=name,
        hits=hits,
        boxes=spec.boxes,
    )
    if level > ship.pending_level:
        ctx.log(
            "damage_level",
            f"{name} reaches Damage Level {level} (Current Step)",
            "TE 3.8",
            ship=name,
            level=level,
        )
    if sinking:
        ctx.log("sinking", f"{name} is sinking", "TE 3.8", ship=name)
    return state.with_ship(
        evolve(ship, hits=hits, pending_level=max(level, ship.pending_level), sinking=sinking)
    )


def end_of_combat_segment(state: State, data: TEData, ctx: Context) -> State:
    """Flip Damage markers to their effective side and destroy torpedo salvos (TE 3.8).

    Reaching Damage Level 2 and Damage Level 3 each destroys one random unfired
    salvo; a ship without a level-2 box loses only one, at Damage Level 3.
    """
    changed = []
    for ship in state.ships:
        if ship.removed or ship.pending_level <= ship.level:
            continue
        spec = data.ship(ship.name)
        has = {lv for lv, _ in spec.levels}
        salvos = list(ship.salvos)
        for lv in range(ship.level + 1, ship.pending_level + 1):
            if lv in (2, 3) and lv in has:
                ready = [i for i, st in enumerate(salvos) if st == READY]
                if ready:
                    i = ctx.dice.choose(ready, f"salvo lost by {ship.name}", "TE 3.8")
                    salvos[i] = LOST
                    ctx.log(
                        "salvo_lost",
                        f"{ship.name} loses an unfired torpedo salvo (Damage Level {lv})",
                        "TE 3.8",
                        ship=ship.name,
                        level=lv,
                    )
        ctx.log(
            "damage_marker",
            f"{ship.name}: Damage {ship.pending_level} marker now in effect",
            "TE 3.8",
            ship=ship.name,
            level=ship.pending_level,
        )
        changed.append(evolve(ship, level=ship.pending_level, salvos=tuple(salvos)))
    return state.with_ships(changed)


__all__ = ["in_heading_row"]
