"""Combat (TE 3.5-3.8): fire direction, torpedoes, gunnery, damage.

The functions here resolve attacks and apply damage; who attacks whom is
decided by the Japanese procedures below (TE 3.6, 3.7) or by the US player.
"""

from __future__ import annotations

import functools
from collections.abc import Iterable, Iterator, Sequence
from collections.abc import Set as AbstractSet

from navalwar.engine import Context
from navalwar.games.tokyo_express.data import ShipSpec, TEData, TorpedoTable
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
    ORIGIN,
    Arc,
    Hex,
    arc_of,
    distance,
    fire_steps,
    from_symmetric,
    line_blocked_by,
    rotate,
    symmetric_offset,
)
from navalwar.sequence import CardDeck

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
    return gunnery_line_clear_by(attacker.hex, target.hex, friendly_hexes(state, attacker.side))


def gunnery_line_clear_by(a: Hex, b: Hex, own: AbstractSet[Hex]) -> bool:
    """:func:`gunnery_line_clear` from ``a`` to ``b`` with friendly ships in ``own``."""
    aq, ar = a
    steps = _gunnery_steps(b[0] - aq, b[1] - ar)
    if not steps:
        return True
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
    the only ones friendly ships can block for gunnery (TE 3.7), in no order. Worked
    out for the smallest symmetric image of the line (see
    :func:`~navalwar.hexgrid.symmetric_offset`) and mapped back."""
    best, turn, mirrored = symmetric_offset(dq, dr)
    steps = _symmetric_gunnery_steps(best.q, best.r)
    if turn == 0 and not mirrored:
        return steps
    return tuple(tuple(from_symmetric(h, turn, mirrored) for h in hexes) for hexes in steps)


@functools.lru_cache(maxsize=8192)
def _symmetric_gunnery_steps(dq: int, dr: int) -> tuple[tuple[Hex, ...], ...]:
    """:func:`_gunnery_steps`, worked out."""
    end = Hex(dq, dr)
    singles, sides = fire_steps(dq, dr)
    return tuple(
        hexes
        for hexes in [*((h,) for h in singles), *sides]
        if all(h in _ADJACENT or h - end in _ADJACENT for h in hexes)
    )


# -- torpedoes -----------------------------------------------------------------------------
MOUNT_BITS = {"P": 1, "S": 2, "C": 4}  # a set of torpedo mounts as a bit mask
HEAD_ROW = 8  # the bit of :func:`torpedo_geometry` for the hex row dead ahead
_GEOMETRY: dict[tuple[int, int, int], int] = {}  # (dq, dr, heading) -> bits, remembered
_LOCAL_GEOMETRY: dict[Hex, int] = {}  # the same for heading 0, by offset
_GEOMETRY_KEPT = 100_000


def torpedo_geometry(dq: int, dr: int, heading: int) -> int:
    """For a target at offset ``(dq, dr)`` from a ship on ``heading``: the bits of
    :data:`MOUNT_BITS` of the mounts that bear on it, with :data:`HEAD_ROW` if it is in
    the hex row dead ahead (TE 3.6). A pure function of its arguments, remembered; it
    depends on the offset turned to heading 0 only."""
    key = (dq, dr, heading)
    bits = _GEOMETRY.get(key)
    if bits is None:
        local = rotate(Hex(dq, dr), -heading)
        bits = _LOCAL_GEOMETRY.get(local)
        if bits is None:
            bits = HEAD_ROW if in_heading_row(ORIGIN, 0, local) else 0
            for mount, bit in MOUNT_BITS.items():
                if torpedo_mount_bears(mount, ORIGIN, 0, local):  # type: ignore[arg-type]
                    bits |= bit
            if len(_LOCAL_GEOMETRY) >= _GEOMETRY_KEPT:
                _LOCAL_GEOMETRY.clear()
            _LOCAL_GEOMETRY[local] = bits
        if len(_GEOMETRY) >= _GEOMETRY_KEPT:
            _GEOMETRY.clear()
        _GEOMETRY[key] = bits
    return bits


def ready_mounts(data: TEData, ship: Ship) -> int:
    """The bits of :data:`MOUNT_BITS` of the mounts holding an unfired salvo."""
    bits = 0
    for sv, st in zip(data.ship(ship.name).salvos, ship.salvos, strict=True):
        if st == READY:
            bits |= MOUNT_BITS.get(sv.mount, 0)
    return bits


def bearing_salvos(data: TEData, ship: Ship, target: Ship) -> list[int]:
    """Indices of the ship's unfired salvos whose mounts bear on ``target`` (TE 3.6)."""
    spec = data.ship(ship.name)
    h, t = ship.hex, target.hex
    bears = torpedo_geometry(t.q - h.q, t.r - h.r, ship.heading)
    return [
        i
        for i, (sv, st) in enumerate(zip(spec.salvos, ship.salvos, strict=True))
        if st == READY and MOUNT_BITS.get(sv.mount, 0) & bears
    ]


def torpedo_target_ok(
    state: State, data: TEData, attacker: Ship, target: Ship, max_range: int
) -> bool:
    """The four eligibility requirements of TE 3.6 "Targets of Torpedo Attacks"."""
    return next(torpedo_targets(state, data, attacker, (target,), max_range), None) is not None


def torpedo_targets(
    state: State,
    data: TEData,
    attacker: Ship,
    candidates: Iterable[Ship],
    max_range: int,
    mounts: int | None = None,
    closed: int = 0,
) -> Iterator[tuple[Ship, int, int]]:
    """The ships of ``candidates`` that meet the four eligibility requirements of TE 3.6
    "Targets of Torpedo Attacks" for ``attacker`` within ``max_range`` hexes, each with
    its distance and the bits of :func:`torpedo_geometry`: an enemy on the map, not in
    the own hex, within the range and the fire direction range, an unfired salvo of
    the mounts ``mounts`` (default: every mount with one) bearing, the line of fire
    clear. ``closed``: bits on which a target is refused (the hex row dead ahead for
    the second of two attacks)."""
    side = attacker.side
    reach = min(max_range, state.us_vfdr if side == US else state.jp_vfdr)  # vfdr()
    bearing = ready_mounts(data, attacker) if mounts is None else mounts  # bearing_salvos()
    a = attacker.hex
    heading = attacker.heading
    blockers = state.hexes_of(side)  # torpedo_line_clear(): friendly ships block
    for target in candidates:
        if target.side == side or target.removed:  # removed: off the map
            continue
        t = target.hex
        d = distance(a, t)
        if d == 0 or d > reach:
            continue  # the own hex, beyond range or the fire direction range
        bits = torpedo_geometry(t.q - a.q, t.r - a.r, heading)
        if not bits & bearing or bits & closed:
            continue
        if not line_blocked_by(a, t, blockers):
            yield target, d, bits


def choose_japanese_salvos(
    data: TEData, ship: Ship, target: Ship, count: int, banned_side: str = ""
) -> tuple[int, ...]:
    """Which salvos a Japanese ship fires (TE 3.6 "Which Salvos to Fire").

    Side mounts as much as possible, never port and starboard together; the
    side with more bearing salvos is taken (port on a tie), then centre mounts.
    """
    h, t = ship.hex, target.hex
    bears = torpedo_geometry(t.q - h.q, t.r - h.r, ship.heading)
    return japanese_salvos(data, ship, bears, count, banned_side)


def japanese_salvos(
    data: TEData, ship: Ship, bears: int, count: int, banned_side: str = ""
) -> tuple[int, ...]:
    """:func:`choose_japanese_salvos` at a target where the mounts of the bits ``bears``
    (of :func:`torpedo_geometry`) bear."""
    spec = data.ship(ship.name)
    by_mount: dict[str, list[int]] = {"P": [], "S": [], "C": []}
    for i, (sv, st) in enumerate(zip(spec.salvos, ship.salvos, strict=True)):
        if st == READY and MOUNT_BITS.get(sv.mount, 0) & bears:  # bearing_salvos()
            by_mount[sv.mount].append(i)
    sides = [m for m in ("P", "S") if m != banned_side and by_mount[m]]
    side = max(sides, key=lambda m: len(by_mount[m])) if sides else ""
    pool = (by_mount[side] if side else []) + by_mount["C"]
    return tuple(pool[:count])


def side_of(data: TEData, ship: Ship, salvos: Sequence[int]) -> str:
    """The side mount (``"P"``/``"S"``) used by these salvos, or ``""``."""
    mounts = {data.ship(ship.name).salvos[i].mount for i in salvos} - {"C"}
    return mounts.pop() if mounts else ""


_Part = tuple[str, ShipSpec, tuple[int, ...], Arc, str, int, int, int]  # one attacker, logged


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

    The ships changed (salvos fired, the target's damage) go into one new state.
    """
    target = state.ship(target_name)
    side = state.ship(attacks[0].attacker).side
    total = 0
    sterns = []
    parts: list[_Part] = []  # the log's
    changed: dict[str, Ship] = {}  # the ships changed so far, by name
    th = target.hex
    for a in attacks:
        ship = changed.get(a.attacker) or state.ship(a.attacker)
        spec = data.ship(ship.name)
        sh = ship.hex
        d = distance(th, sh)
        where = arc_of(th, target.heading, sh)
        band = torpedo_band(d)
        mod = TORPEDO_VALUE_MOD[(side, band)]
        mod -= 1 if where is Arc.BOW else 0
        mod -= 1 if where is Arc.STERN else 0
        sterns.append(where is Arc.STERN)
        fired = a.salvos
        value = sum(spec.salvos[i].value + mod for i in fired)
        total += value
        parts.append((ship.name, spec, fired, where, band, d, mod, value))
        salvos = tuple([FIRED if i in fired else s for i, s in enumerate(ship.salvos)])
        changed[ship.name] = ship.replace(salvos=salvos)
    rule = "TE 3.6"
    name = target.name
    if side == JAPAN and total < 1:
        ctx.log(
            "torpedo_attack",
            lambda: _torpedo_head(name, parts, total) + " -> N: attack cancelled, salvos not spent",
            rule,
            target=name,
            total=total,
            result="N",
        )
        return _unfire(state, attacks)
    if side == US and total < 2:
        ctx.log(
            "torpedo_attack",
            lambda: _torpedo_head(name, parts, total) + " -> automatic 0 (salvos spent)",
            rule,
            target=name,
            total=total,
            result=0,
        )
        return state.updated(changed.values())
    speed = formation_speed(state, target)
    drm = TORPEDO_DRM.get(speed, 0)
    roll = ctx.dice.d10(f"torpedo attack on {name}", rule)
    torpedo = data.torpedo
    result = torpedo.result(side, total, roll + drm)

    if result == "N":
        if side == JAPAN:
            ctx.log(
                "torpedo_attack",
                lambda: (
                    _torpedo_rolled(name, parts, total, torpedo, side, roll, drm, speed)
                    + " -> N: attack cancelled, salvos not spent"
                ),
                rule,
                target=name,
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
                lambda: (
                    _torpedo_head(name, parts, total)
                    + ": below the table's first column -> N: attack cancelled, "
                    "salvos not spent"
                ),
                rule,
                target=name,
                total=total,
                result="N",
            )
            return _unfire(state, attacks)
    if not isinstance(result, int):
        result = 0
    stern = all(sterns) if stern_rule == "all" else any(sterns)
    damage = result + 1 if stern and result >= 1 else result
    hit = changed.get(name) or target
    into_stern = stern and result >= 1
    if into_stern:
        hit = changed[name] = hit.replace(stern_hits=hit.stern_hits + 1)
    final = result

    def resolved() -> str:
        extra = f"; into the stern arc: +1 = {damage}, {name} loses 1 maximum Speed"
        rolled = _torpedo_rolled(name, parts, total, torpedo, side, roll, drm, speed)
        return f"{rolled} -> {final}" + (extra if into_stern else "")

    ctx.log(
        "torpedo_attack",
        resolved,
        rule,
        target=name,
        total=total,
        roll=roll,
        result=result,
        damage=damage,
        stern=stern,
    )
    hit = _damaged(hit, data.ship(target.name), damage, ctx)
    if hit is not target:
        changed[target.name] = hit
    return state.updated(changed.values())


def _torpedo_head(name: str, parts: list[_Part], total: int) -> str:
    """The log's start for a torpedo attack on ``name``: the salvos and their total.

    The log's texts are module functions, not functions nested in the rule that call
    one another: on the compiled build that makes a reference cycle, garbage only the
    cycle collector frees (docs/performance.md, "Ninth round")."""
    return f"Torpedo attack on {name}: " + _salvos_text(name, parts) + f"; total {total}"


def _torpedo_rolled(
    name: str,
    parts: list[_Part],
    total: int,
    torpedo: TorpedoTable,
    side: str,
    roll: int,
    drm: int,
    speed: int,
) -> str:
    """:func:`_torpedo_head` with the column and the roll (``drm`` for the target's
    ``speed``)."""
    col = torpedo.column(side, total)
    col_name = str(torpedo.table(side).columns[col]) if col is not None else "?"
    mod_text = f" +{drm} (target Speed {speed})" if drm else ""
    return f"{_torpedo_head(name, parts, total)}; column {col_name}, roll {roll}{mod_text}"


def _salvos_text(target: str, parts: list[_Part]) -> str:
    """What each attacker of a torpedo attack fires, for the log."""
    return "; ".join(
        f"{attacker} fires {len(fired)} salvo(s) "
        f"({'+'.join(str(spec.salvos[i].value) for i in fired)}) from {target}'s "
        f"{where.value.replace('_', ' ')} arc at {band} range ({d} hexes), "
        f"{mod:+d} each = {value}"
        for attacker, spec, fired, where, band, d, mod, value in parts
    )


def _unfire(state: State, attacks: Sequence[Attack]) -> State:
    """``state`` (from before the attack) with the salvos of a cancelled attack unfired
    (TE 3.6 "N"): as they were, each salvo named ready."""
    ships: dict[str, Ship] = {}
    for a in attacks:
        ship = ships.get(a.attacker) or state.ship(a.attacker)
        fired = a.salvos
        salvos = tuple([READY if i in fired else s for i, s in enumerate(ship.salvos)])
        if salvos != ship.salvos:
            ships[ship.name] = ship.replace(salvos=salvos)
    return state.updated(ships.values()) if ships else state


# -- gunnery -------------------------------------------------------------------------------
def battery_value(data: TEData, ship: Ship, battery: str) -> int:
    """The printed value of a primary battery (``bow``, ``stern`` or ``both``)."""
    spec = data.ship(ship.name)
    return {"bow": spec.bow, "stern": spec.stern, "both": spec.bow + spec.stern}[battery]


def battery_bears_on(ship: Ship, battery: str, target: Ship) -> bool:
    """TE 3.7 "Armament and Firing Arcs": bow primary into bow and broadsides, stern
    primary into stern and broadsides; both together only at a broadside target."""
    return arc_bears(battery, arc_of(ship.hex, ship.heading, target.hex))


def arc_bears(battery: str, where: Arc) -> bool:
    """:func:`battery_bears_on` for a target in the arc ``where`` (TE 3.7)."""
    if battery == "both":
        return where is Arc.PORT or where is Arc.STARBOARD or where is Arc.SAME_HEX
    if battery == "bow":
        return where is not Arc.STERN
    return where is not Arc.BOW


def gunnery_target_ok(state: State, data: TEData, attacker: Ship, target: Ship) -> bool:
    """TE 3.7 "Requirements to Be a Target": gun range, fire direction range, line of fire."""
    return next(gunnery_targets(state, data, attacker, (target,)), None) is not None


def gunnery_targets(
    state: State, data: TEData, attacker: Ship, candidates: Iterable[Ship]
) -> Iterator[tuple[Ship, int]]:
    """The ships of ``candidates`` that meet TE 3.7 "Requirements to Be a Target" for
    ``attacker``, each with its distance: an enemy on the map within the fire direction
    range and the gun range, the line of fire clear."""
    side = attacker.side
    vfdr = state.us_vfdr if side == US else state.jp_vfdr
    reach = min(vfdr, MAX_GUN_RANGE[data.ship(attacker.name).caliber])
    own = state.hexes_of(side)  # gunnery_line_clear(): friendly ships block
    a = attacker.hex
    for target in candidates:
        if target.side == side or target.removed:  # removed: off the map
            continue
        d = distance(a, target.hex)
        if d <= reach and gunnery_line_clear_by(a, target.hex, own):
            yield target, d


def resolve_gunnery(
    state: State, data: TEData, attack: Attack, ctx: Context, below_lowest: str = "miss"
) -> State:
    """Resolve one gunnery attack with the Gunnery Cards (TE 3.7 "Resolving Gunnery Combat").

    The card row is the next lower listed value; row shifts (split fire,
    the attacker's Damage marker, same hex, target Speed 1-3) are cumulative
    and stop at the top and bottom rows. A value below every row of the card
    reads ``below_lowest``: ``"miss"`` (the notes' reading) or ``"lowest"``.
    """
    return resolve_gunnery_attacks(state, data, (attack,), ctx, below_lowest)


def resolve_gunnery_attacks(
    state: State,
    data: TEData,
    attacks: Iterable[Attack],
    ctx: Context,
    below_lowest: str = "miss",
    mark_fired: bool = False,
) -> State:
    """Resolve ``attacks`` one after the other as :func:`resolve_gunnery` does (TE 3.7),
    then, with ``mark_fired``, mark their attackers as having fired; the ships and the
    decks changed go into one new state."""
    ships: dict[str, Ship] = {}  # the ships changed so far, by name
    decks: dict[str, CardDeck] = {}  # the decks drawn from so far, by name
    attackers = []
    for attack in attacks:
        _gunnery(state, data, attack, ctx, below_lowest, ships, decks)
        attackers.append(attack.attacker)
    if mark_fired:
        for name in attackers:
            ship = ships.get(name) or state.ship(name)
            if not ship.fired:
                ships[name] = ship.replace(fired=True)
    if not decks:
        return state.updated(ships.values())
    return state.updated(
        ships.values(), decks=tuple([(n, decks.get(n, d)) for n, d in state.decks])
    )


_CARD_PURPOSE: dict[str, str] = {}  # deck name -> what a draw is for (the dice's text)


def _gunnery(
    state: State,
    data: TEData,
    attack: Attack,
    ctx: Context,
    below_lowest: str,
    ships: dict[str, Ship],
    decks: dict[str, CardDeck],
) -> None:
    """:func:`resolve_gunnery` on ``state`` with the ships and decks changed so far by
    name, which it updates."""
    rule = "TE 3.7"
    attacker = ships.get(attack.attacker) or state.ship(attack.attacker)
    target = ships.get(attack.target) or state.ship(attack.target)
    spec = data.ship(attacker.name)
    deck_name = spec.caliber
    deck = decks.get(deck_name)
    if deck is None:
        deck = state.deck(deck_name)
    purpose = _CARD_PURPOSE.get(deck_name)
    if purpose is None:
        purpose = _CARD_PURPOSE[deck_name] = f"{deck_name} Gunnery Card"
    number, decks[deck_name] = deck.draw(ctx.dice, purpose, rule)
    ctx.reveal = True  # a card turned over (TE 3.7): no undo past it
    card = data.decks[deck_name][number]
    d = distance(attacker.hex, target.hex)
    band = gun_band(d)
    target_spec = data.ship(target.name)
    ttype = target_spec.rule_type
    rows = card.rows
    value = attack.value
    index = None  # the first row at or below the value
    for i, r in enumerate(rows):
        if r.value <= value:
            index = i
            break
    if index is None:
        if below_lowest == "miss":
            ctx.log(
                "gunnery_attack",
                lambda: (
                    _gunnery_head(attack, attacker, target, d, band, deck_name, number)
                    + f", value below its lowest row {rows[-1].value}: no effect"
                ),
                rule,
                attacker=attacker.name,
                target=target.name,
                card=number,
                damage=0,
            )
            return
        index = len(rows) - 1
    slow = formation_speed(state, target) <= 3
    down = (1 if attack.split else 0) + attacker.level
    up = (1 if d == 0 else 0) + (1 if slow else 0)
    shifted = min(len(rows) - 1, max(0, index + down - up))
    row = rows[shifted]
    damage = row.damage(ttype, band)
    first = rows[index]

    def text() -> str:
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
        head = _gunnery_head(attack, attacker, target, d, band, deck_name, number)
        return f"{head}, row {first.value}{shift_text} -> row {row.value}, {ttype}/{band}: {result}"

    ctx.log(
        "gunnery_attack",
        text,
        rule,
        attacker=attacker.name,
        target=target.name,
        card=number,
        row=row.value,
        damage=damage or 0,
    )
    if damage:
        hit = _damaged(target, target_spec, damage, ctx)
        if hit is not target:
            ships[target.name] = hit


def _gunnery_head(
    attack: Attack, attacker: Ship, target: Ship, d: int, band: str, deck_name: str, number: int
) -> str:
    """The log's start for a gunnery attack: who fires at whom, from how far, and the card
    drawn (a module function for the reason :func:`_torpedo_head` gives)."""
    return (
        f"{attacker.name} fires {attack.battery} primaries (value {attack.value}) at "
        f"{target.name} ({te_label(target.hex)}, {d} hexes, {band}): "
        f"{deck_name} card #{number}"
    )


# -- damage --------------------------------------------------------------------------------
def apply_damage(
    state: State, data: TEData, name: str, points: int, ctx: Context, rule: str
) -> State:
    """Cross off Damage Boxes (TE 3.8); a new Damage Level waits on its "Current Step"
    side until the end of the Combat Segment; the last box sinks the ship."""
    ship = state.ship(name)
    hit = _damaged(ship, data.ship(name), points, ctx)
    return state if hit is ship else state.with_ship(hit)


def _damaged(ship: Ship, spec: ShipSpec, points: int, ctx: Context) -> Ship:
    """The ship after :func:`apply_damage` (itself if nothing changes)."""
    if points <= 0 or ship.sinking:
        return ship
    name = ship.name
    track = spec.track
    hits = min(track.boxes, ship.hits + points)
    level = track.level_after(hits)
    sinking = track.sunk(hits)
    ctx.log(
        "ship_damaged",
        lambda: f"{name} takes {hits - ship.hits} hit(s): {hits}/{spec.boxes} boxes",
        "TE 3.8",
        ship=name,
        hits=hits,
        boxes=spec.boxes,
    )
    if level > ship.pending_level:
        ctx.log(
            "damage_level",
            lambda: f"{name} reaches Damage Level {level} (Current Step)",
            "TE 3.8",
            ship=name,
            level=level,
        )
    if sinking:
        ctx.log("sinking", lambda: f"{name} is sinking", "TE 3.8", ship=name)
    return ship.replace(hits=hits, pending_level=max(level, ship.pending_level), sinking=sinking)


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
        changed.append(ship.replace(level=ship.pending_level, salvos=tuple(salvos)))
    return state.with_ships(changed)


__all__ = ["in_heading_row"]
