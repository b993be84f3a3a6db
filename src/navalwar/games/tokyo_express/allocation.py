"""Fire allocation: the Japanese procedures (TE 3.6, 3.7) and the US player's legal choices."""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence

from navalwar.engine import Context
from navalwar.games.tokyo_express.actions import GunneryAttack, TorpedoAttack
from navalwar.games.tokyo_express.combat import (
    HEAD_ROW,
    MAX_GUN_RANGE,
    MOUNT_BITS,
    arc_bears,
    gunnery_targets,
    japanese_salvos,
    ready_mounts,
    torpedo_band,
    torpedo_targets,
)
from navalwar.games.tokyo_express.data import TEData
from navalwar.games.tokyo_express.model import JAPAN, READY, US, Attack, Combat, Ship, State
from navalwar.hexgrid import Arc, Hex, arc_of, nearest_distance

JP_TORPEDO_RANGE = 11  # the Basic Game never fires at Extreme range (TE 3.6)
US_TORPEDO_RANGE = 7  # Short or Medium only (TE 3.6)
HEAVY = ("BB", "CA")
NO_COMBAT = Combat()  # no Combat Segment bookkeeping yet (a frozen value, shared)
_BROADSIDE = (Arc.PORT, Arc.STARBOARD, Arc.SAME_HEX)


def _nearest(ship: Ship, others: Iterable[Hex]) -> int:
    """The distance from ``ship`` to the nearest of the hexes ``others`` (10**6 if none)."""
    found = nearest_distance((ship.hex,), others)
    return 10**6 if found is None else found


def japanese_torpedo_plan(state: State, data: TEData, ctx: Context, second: bool) -> list[Attack]:
    """Assign the Japanese first or second torpedo attacks (TE 3.6 "Target Selection Procedure").

    Repeatedly the unassigned attacker closest to any US ship picks the closest
    US ship it can legally fire at (ties: fewer attackers, then random): never
    at Extreme range, never at a DD at Long range, at most two attackers per
    target. Second attacks only go to US ships that were not first-attack
    targets; a ship that made a first attack fires its second with the other side
    mount, and not into the hex row dead ahead ("the targets of two torpedo attacks
    cannot be in the hex row"; a ship that made no first attack has only one).
    """
    combat = state.combat or NO_COMBAT
    remaining = [s for s in state.ships_of(JAPAN, include_sinking=False) if READY in s.salvos]
    if not remaining:
        return []
    us_hexes = state.hexes_of(US)  # sinking ships included
    # each remaining ship's distance to the nearest US ship (no ship moves meanwhile)
    near = [_nearest(s, us_hexes) for s in remaining]
    reach = min(JP_TORPEDO_RANGE, state.jp_vfdr)  # torpedo_target_ok(): range and vfdr()
    excluded = set(combat.first_targets) if second else set()
    banned = dict(combat.first_mounts) if second else {}
    # the targets (none if every one is out of range)
    targets = []
    if min(near) <= reach:
        targets = [t for t in state.ships_of(US) if not t.sinking and t.name not in excluded]
    counts: dict[str, int] = {}
    assigned: list[tuple[Ship, Ship, int, int]] = []
    while remaining:
        best = min(near)
        # by position in remaining (a tie's random choice depends on the number tied only)
        ties = [i for i, d in enumerate(near) if d == best]
        i = (
            ties[0]
            if len(ties) == 1
            else ctx.dice.choose(ties, "next Japanese torpedo attacker (tie)", "TE 3.6")
        )
        attacker = remaining.pop(i)
        del near[i]
        if best > reach:
            continue  # every US ship is out of range
        mounts = ready_mounts(data, attacker)
        # the hex row dead ahead is closed to the second of two attacks (TE 3.6)
        row_closed = second and attacker.name in banned
        if row_closed:  # choose_japanese_salvos() finds no salvo but of the banned side
            mounts &= ~MOUNT_BITS.get(banned[attacker.name], 0)
        full = [name for name, n in counts.items() if n >= 2]  # at most two attackers each
        open_targets = [t for t in targets if t.name not in full] if full else targets
        closed = HEAD_ROW if row_closed else 0
        legal = [
            (t, d, bits)
            for t, d, bits in torpedo_targets(
                state, data, attacker, open_targets, JP_TORPEDO_RANGE, mounts, closed
            )
            # never at a DD at Long range
            if not (data.ship(t.name).rule_type == "DD" and torpedo_band(d) == "Long")
        ]
        if not legal:
            continue
        dmin = min(d for _, d, _ in legal)
        close = [t for t, d, _ in legal if d == dmin]
        fewest = min(counts.get(t.name, 0) for t in close)
        pool = [t for t in close if counts.get(t.name, 0) == fewest]
        target = (
            pool[0]
            if len(pool) == 1
            else ctx.dice.choose(pool, f"{attacker.name}'s torpedo target (tie)", "TE 3.6")
        )
        counts[target.name] = counts.get(target.name, 0) + 1
        bits = next(b for t, _, b in legal if t is target)
        assigned.append((attacker, target, dmin, bits))
    attacks = []
    for attacker, target, d, bits in assigned:
        if counts[target.name] == 1 or (
            torpedo_band(d) == "Short" and data.ship(target.name).rule_type != "DD"
        ):
            n = 2  # a lone attacker, or one at Short range of a ship bigger than a DD
        else:
            n = 1
        salvos = japanese_salvos(data, attacker, bits, n, banned.get(attacker.name, ""))
        attacks.append(Attack(attacker.name, target.name, salvos=salvos))
    return attacks


def _pick(
    firer: str,
    cands: Sequence[tuple[Ship, int]],
    heavy: dict[str, bool],
    targeted: set[str],
    ctx: Context,
) -> Ship:
    """TE 3.7 Japanese target choice among ``cands`` (each with its distance): same
    weight class as the ship ``firer`` if possible, closest, not yet targeted, then
    random."""
    own = heavy[firer]
    pool = [c for c in cands if heavy[c[0].name] == own] or cands
    dmin = min(d for _, d in pool)
    close = [t for t, d in pool if d == dmin]
    fresh = [t for t in close if t.name not in targeted] or close
    if len(fresh) == 1:
        return fresh[0]
    return ctx.dice.choose(fresh, f"{firer}'s gunnery target (tie)", "TE 3.7")


def japanese_gunnery_plan(state: State, data: TEData, ctx: Context) -> list[Attack]:
    """Assign Japanese gunnery (TE 3.7 "Japanese Gunnery Allocation").

    Ships are taken closest to a US ship first (the notes' reading of "select
    any"). Both primaries fire at a broadside target; otherwise the bearing
    battery fires and the other battery tries another target, both then with
    the split-fire row shift. The Japanese never halve a battery.
    """
    us = [t for t in state.ships_of(US) if not t.sinking]
    # ships_of() keeps the order of state.ships, which the stable sort keeps among ties
    firers = [s for s in state.ships_of(JAPAN, include_sinking=False) if not s.fired]
    us_hexes = {t.hex for t in us}
    nearest = {s.name: _nearest(s, us_hexes) for s in firers}
    firers.sort(key=lambda s: nearest[s.name])
    heavy = {s.name: data.ship(s.name).rule_type in HEAVY for s in (*us, *firers)}
    targeted: set[str] = set()
    attacks: list[Attack] = []
    for ship in firers:
        spec = data.ship(ship.name)
        bow, stern = spec.bow, spec.stern
        if bow <= 0 and stern <= 0:
            continue  # no battery bears on anything
        # gunnery_target_ok(): the fire direction range and the gun range first
        reach = min(state.jp_vfdr, MAX_GUN_RANGE[spec.caliber])
        if nearest[ship.name] > reach:
            continue  # every US ship is out of range
        heading = ship.heading
        cands: list[tuple[Ship, int]] = []
        arcs: dict[str, Arc] = {}
        for t, d in gunnery_targets(state, data, ship, us):
            where = arc_of(ship.hex, heading, t.hex)
            # the bow primary bears but into the stern arc, the stern one but the bow arc
            if (bow > 0 and where is not Arc.STERN) or (stern > 0 and where is not Arc.BOW):
                cands.append((t, d))
                arcs[t.name] = where
        if not cands:
            continue
        target = _pick(ship.name, cands, heavy, targeted, ctx)
        targeted.add(target.name)
        where = arcs[target.name]
        if where in _BROADSIDE:
            if bow and stern:
                attacks.append(Attack(ship.name, target.name, "both", bow + stern))
            else:
                battery, value = ("bow", bow) if bow else ("stern", stern)
                attacks.append(Attack(ship.name, target.name, battery, value))
            continue
        battery, value = ("bow", bow) if where is Arc.BOW else ("stern", stern)
        other, other_value = ("stern", stern) if battery == "bow" else ("bow", bow)
        others = [
            c
            for c in cands
            if c[0].name != target.name and other_value > 0 and arc_bears(other, arcs[c[0].name])
        ]
        if others:
            second = _pick(ship.name, others, heavy, targeted, ctx)
            targeted.add(second.name)
            attacks.append(Attack(ship.name, target.name, battery, value, split=True))
            attacks.append(Attack(ship.name, second.name, other, other_value, split=True))
        else:
            attacks.append(Attack(ship.name, target.name, battery, value))
    return attacks


def us_torpedo_choices(state: State, data: TEData, ship: Ship, second: bool) -> list[TorpedoAttack]:
    """Every legal torpedo attack for a US ship (TE 3.6 "US Torpedo Allocation").

    Any or all bearing salvos at one target within 7 hexes, never port and
    starboard mounts together; a second attack only at a Japanese ship not
    attacked in the first and, if the ship made a first attack, with the other side
    mount and not into the hex row dead ahead (TE 3.6 Cushing example). Among salvos
    of one mount the highest values are fired first.
    """
    return [TorpedoAttack(ship.name), *_us_torpedo_attacks(state, data, ship, second)]


def us_torpedo_can_fire(state: State, data: TEData, ship: Ship, second: bool) -> bool:
    """Whether a US ship has any torpedo choice besides holding its fire (TE 3.6).

    That is, some target of :func:`_us_torpedo_targets` has a bearing salvo of
    another mount than the side mount of the first attack: every other one is
    fired alone by some choice of :func:`_us_torpedo_attacks`.
    """
    allowed = 7 & ~MOUNT_BITS.get(_banned_side(state, ship, second), 0)
    for _ in _us_torpedo_targets(state, data, ship, second, allowed):
        return True
    return False


def _banned_side(state: State, ship: Ship, second: bool) -> str:
    """The side mount a second attack may not use: the first attack's (TE 3.6)."""
    if not second or state.combat is None:
        return ""
    return dict(state.combat.first_mounts).get(ship.name, "")


def _us_torpedo_targets(
    state: State, data: TEData, ship: Ship, second: bool, allowed: int = 7
) -> Iterator[tuple[Ship, int]]:
    """The ships ``ship`` may fire torpedoes at (:func:`torpedo_target_ok`, within 7
    hexes; for a second attack not at a first-attack target, nor into the hex row dead
    ahead if ``ship`` made a first attack), each with the bits of
    :func:`torpedo_geometry` less the mounts without an unfired salvo; only those where
    a mount of the bits ``allowed`` bears."""
    combat = state.combat or NO_COMBAT
    excluded = set(combat.first_targets) if second else set()
    row_closed = second and ship.name in dict(combat.first_mounts)  # TE 3.6
    mounts = ready_mounts(data, ship)
    candidates = state.ships_of(JAPAN)
    if excluded:
        candidates = tuple([t for t in candidates if t.name not in excluded])
    closed = HEAD_ROW if row_closed else 0
    for t, _, bits in torpedo_targets(
        state, data, ship, candidates, US_TORPEDO_RANGE, mounts & allowed, closed
    ):
        yield t, bits & mounts


def _us_torpedo_attacks(
    state: State, data: TEData, ship: Ship, second: bool
) -> Iterator[TorpedoAttack]:
    """The attacks of :func:`us_torpedo_choices`, holding fire aside."""
    spec = data.ship(ship.name)
    banned = _banned_side(state, ship, second)
    ready = [i for i, st in enumerate(ship.salvos) if st == READY]
    # the unfired salvos, highest values first (in the order of the log among equals)
    ready.sort(key=lambda i: -spec.salvos[i].value)
    for t, bits in _us_torpedo_targets(state, data, ship, second):
        by_mount: dict[str, list[int]] = {"P": [], "S": [], "C": []}
        for i in ready:
            mount = spec.salvos[i].mount
            if MOUNT_BITS.get(mount, 0) & bits:
                by_mount[mount].append(i)
        seen: set[tuple[int, ...]] = set()
        for side in ("", "P", "S"):
            if side and (side == banned or not by_mount[side]):
                continue
            side_list = by_mount[side] if side else []
            for n_side in range(0 if not side else 1, len(side_list) + 1):
                for n_c in range(len(by_mount["C"]) + 1):
                    salvos = tuple(sorted(side_list[:n_side] + by_mount["C"][:n_c]))
                    if salvos and salvos not in seen:
                        seen.add(salvos)
                        yield TorpedoAttack(ship.name, t.name, salvos)


def _gunnery_pools(
    state: State, data: TEData, ship: Ship
) -> tuple[list[str], list[str], list[str]]:
    """The targets ``both`` primaries, the bow and the stern primary may fire at (TE 3.7)."""
    spec = data.ship(ship.name)
    both: list[str] = []
    bow: list[str] = []
    stern: list[str] = []
    for t, where in _gunnery_targets(state, data, ship):
        if spec.bow > 0 and spec.stern > 0 and where in _BROADSIDE:
            both.append(t.name)
        if spec.bow > 0 and where is not Arc.STERN:
            bow.append(t.name)
        if spec.stern > 0 and where is not Arc.BOW:
            stern.append(t.name)
    return both, bow, stern


def _gunnery_targets(state: State, data: TEData, ship: Ship) -> Iterator[tuple[Ship, Arc]]:
    """The Japanese ships that are targets for ``ship``'s gunnery (:func:`gunnery_targets`),
    each with its arc from ``ship``."""
    a = ship.hex
    heading = ship.heading
    for t, _ in gunnery_targets(state, data, ship, state.ships_of(JAPAN)):
        yield t, arc_of(a, heading, t.hex)


def us_gunnery_can_fire(state: State, data: TEData, ship: Ship) -> bool:
    """Whether a US ship has any gunnery choice besides holding its fire (TE 3.7).

    That is, some pool of :func:`_gunnery_pools` is not empty: where both primaries
    bear (a broadside target) the bow primary bears too, so it is enough to find one
    target that the bow or the stern primary may fire at.
    """
    spec = data.ship(ship.name)
    bow, stern = spec.bow > 0, spec.stern > 0
    if not (bow or stern):
        return False
    for _, where in _gunnery_targets(state, data, ship):
        if (bow and where is not Arc.STERN) or (stern and where is not Arc.BOW):
            return True
    return False


def us_gunnery_choices(state: State, data: TEData, ship: Ship) -> list[GunneryAttack]:
    """Every legal division of a US ship's primaries (TE 3.7 "Division of Primary Gun Fire")."""
    both, bow, stern = _gunnery_pools(state, data, ship)
    out = [GunneryAttack(ship.name)]
    out += [GunneryAttack(ship.name, (("both", t),)) for t in both]
    out += [GunneryAttack(ship.name, (("bow", t),)) for t in bow]
    out += [GunneryAttack(ship.name, (("stern", t),)) for t in stern]
    out += [
        GunneryAttack(ship.name, (("bow", a), ("stern", b))) for a in bow for b in stern if a != b
    ]
    for split, other, pool_split, pool_other in (
        ("bow", "stern", bow, stern),
        ("stern", "bow", stern, bow),
    ):
        for i, a in enumerate(pool_split):
            for b in pool_split[i + 1 :]:
                out.append(GunneryAttack(ship.name, ((split, a), (split, b))))
                out += [
                    GunneryAttack(ship.name, ((split, a), (split, b), (other, c)))
                    for c in pool_other
                    if c not in (a, b)
                ]
    return out


def gunnery_attacks(data: TEData, ship: Ship, action: GunneryAttack) -> list[Attack]:
    """The attacks a US gunnery choice makes, with values and row shifts (TE 3.7)."""
    spec = data.ship(ship.name)
    values = {"bow": spec.bow, "stern": spec.stern, "both": spec.bow + spec.stern}
    uses = [b for b, _ in action.fire]
    split = len(action.fire) > 1
    out = []
    for battery, target in action.fire:
        value = values[battery] // 2 if uses.count(battery) > 1 else values[battery]
        out.append(Attack(ship.name, target, battery, value, split=split))
    return out


def record_first(combat: Combat, data: TEData, state: State, attacks: Sequence[Attack]) -> Combat:
    """Remember the first attacks' targets, and their ships with the side mount each used
    ("" for centre mounts only), from ``state`` after the attacks (TE 3.6).

    A Japanese attack cancelled by an "N" (its salvos unfired again) is no attack: its
    target may be attacked and its ship may fire again in the second round, unless the
    ``cancelled_torpedo_attack`` option counts it (TE 3.6 reading, issue 15 item 3).
    """
    targets = list(combat.first_targets)
    mounts = list(combat.first_mounts)
    void = state.option("cancelled_torpedo_attack") == "void"
    for a in attacks:
        if void and a.salvos:
            salvos = state.ship(a.attacker).salvos
            if all([salvos[i] == READY for i in a.salvos]):
                continue  # cancelled ("N"): the salvos were not spent
        targets.append(a.target)
        sides = {data.ship(a.attacker).salvos[i].mount for i in a.salvos} - {"C"}
        mounts.append((a.attacker, sides.pop() if sides else ""))
    return Combat(combat.to_ask, combat.planned, tuple(targets), tuple(mounts))
