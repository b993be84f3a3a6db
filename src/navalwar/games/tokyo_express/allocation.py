"""Fire allocation: the Japanese procedures (TE 3.6, 3.7) and the US player's legal choices."""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from navalwar.engine import Context
from navalwar.games.tokyo_express.actions import GunneryAttack, TorpedoAttack
from navalwar.games.tokyo_express.combat import (
    battery_bears_on,
    bearing_salvos,
    choose_japanese_salvos,
    gunnery_target_ok,
    torpedo_band,
    torpedo_target_ok,
)
from navalwar.games.tokyo_express.data import TEData
from navalwar.games.tokyo_express.geometry import in_heading_row
from navalwar.games.tokyo_express.model import JAPAN, READY, US, Attack, Combat, Ship, State
from navalwar.hexgrid import Arc, arc_of, distance

JP_TORPEDO_RANGE = 11  # the Basic Game never fires at Extreme range (TE 3.6)
US_TORPEDO_RANGE = 7  # Short or Medium only (TE 3.6)
HEAVY = ("BB", "CA")


def _nearest(ship: Ship, others: Sequence[tuple[int, int]]) -> int:
    """The distance from ``ship`` to the nearest of the hexes ``others`` (10**6 if none)."""
    q, r = ship.hex
    best = -1
    for oq, orr in others:
        dq = q - oq
        dr = r - orr
        d = max(abs(dq), abs(dr), abs(dq + dr))  # distance(), inlined: a hot loop
        if d < best or best < 0:
            best = d
    return 10**6 if best < 0 else best


def japanese_torpedo_plan(state: State, data: TEData, ctx: Context, second: bool) -> list[Attack]:
    """Assign the Japanese first or second torpedo attacks (TE 3.6 "Target Selection Procedure").

    Repeatedly the unassigned attacker closest to any US ship picks the closest
    US ship it can legally fire at (ties: fewer attackers, then random): never
    at Extreme range, never at a DD at Long range, at most two attackers per
    target. Second attacks only go to US ships that were not first-attack
    targets, with the other side mount.
    """
    combat = state.combat or Combat()
    us_ships = state.ships_of(US)
    targets = [t for t in us_ships if not t.sinking]
    excluded = set(combat.first_targets) if second else set()
    banned = dict(combat.first_mounts) if second else {}
    remaining = [s for s in state.ships_of(JAPAN, include_sinking=False) if READY in s.salvos]
    us_hexes = [s.hex for s in us_ships]
    nearest = {s.name: _nearest(s, us_hexes) for s in remaining}  # no ship moves meanwhile
    counts: dict[str, int] = {}
    assigned: list[tuple[Ship, Ship]] = []
    while remaining:
        best = min(nearest[s.name] for s in remaining)
        attacker = ctx.dice.choose(
            [s for s in remaining if nearest[s.name] == best],
            "next Japanese torpedo attacker (tie)",
            "TE 3.6",
        )
        remaining.remove(attacker)
        legal = []
        for t in targets:
            if t.name in excluded or counts.get(t.name, 0) >= 2:
                continue
            if not torpedo_target_ok(state, data, attacker, t, JP_TORPEDO_RANGE):
                continue
            d = distance(attacker.hex, t.hex)
            if data.ship(t.name).rule_type == "DD" and torpedo_band(d) == "Long":
                continue
            if second and not choose_japanese_salvos(
                data, attacker, t, 1, banned.get(attacker.name, "")
            ):
                continue
            if second and in_heading_row(attacker.hex, attacker.heading, t.hex):
                continue
            legal.append(t)
        if not legal:
            continue
        dmin = min(distance(attacker.hex, t.hex) for t in legal)
        close = [t for t in legal if distance(attacker.hex, t.hex) == dmin]
        fewest = min(counts.get(t.name, 0) for t in close)
        target = ctx.dice.choose(
            [t for t in close if counts.get(t.name, 0) == fewest],
            f"{attacker.name}'s torpedo target (tie)",
            "TE 3.6",
        )
        counts[target.name] = counts.get(target.name, 0) + 1
        assigned.append((attacker, target))
    attacks = []
    for attacker, target in assigned:
        d = distance(attacker.hex, target.hex)
        if counts[target.name] == 1 or (
            torpedo_band(d) == "Short" and data.ship(target.name).rule_type != "DD"
        ):
            n = 2
        else:
            n = 1
        salvos = choose_japanese_salvos(data, attacker, target, n, banned.get(attacker.name, ""))
        attacks.append(Attack(attacker.name, target.name, salvos=salvos))
    return attacks


def _weight_class(data: TEData, ship: Ship) -> str:
    return "heavy" if data.ship(ship.name).rule_type in HEAVY else "light"


def _pick(
    data: TEData, firer: Ship, cands: Sequence[Ship], targeted: set[str], ctx: Context
) -> Ship:
    """TE 3.7 Japanese target choice: same weight class if possible, closest, not yet
    targeted, then random."""
    own = _weight_class(data, firer)
    same = [t for t in cands if _weight_class(data, t) == own]
    pool = same or list(cands)
    dmin = min(distance(firer.hex, t.hex) for t in pool)
    close = [t for t in pool if distance(firer.hex, t.hex) == dmin]
    fresh = [t for t in close if t.name not in targeted] or close
    return ctx.dice.choose(fresh, f"{firer.name}'s gunnery target (tie)", "TE 3.7")


def japanese_gunnery_plan(state: State, data: TEData, ctx: Context) -> list[Attack]:
    """Assign Japanese gunnery (TE 3.7 "Japanese Gunnery Allocation").

    Ships are taken closest to a US ship first (the notes' reading of "select
    any"). Both primaries fire at a broadside target; otherwise the bearing
    battery fires and the other battery tries another target, both then with
    the split-fire row shift. The Japanese never halve a battery.
    """
    us = [t for t in state.ships_of(US) if not t.sinking]
    firers = [s for s in state.ships_of(JAPAN, include_sinking=False) if not s.fired]
    place = {s.name: i for i, s in enumerate(state.ships)}  # names are unique
    us_hexes = [t.hex for t in us]
    firers.sort(key=lambda s: (_nearest(s, us_hexes), place[s.name]))
    targeted: set[str] = set()
    attacks: list[Attack] = []
    for ship in firers:
        spec = data.ship(ship.name)
        values = {"bow": spec.bow, "stern": spec.stern}

        def bears(
            battery: str, t: Ship, ship: Ship = ship, values: dict[str, int] = values
        ) -> bool:
            return values[battery] > 0 and battery_bears_on(ship, battery, t)

        cands = [
            t
            for t in us
            if gunnery_target_ok(state, data, ship, t) and (bears("bow", t) or bears("stern", t))
        ]
        if not cands:
            continue
        target = _pick(data, ship, cands, targeted, ctx)
        targeted.add(target.name)
        where = arc_of(ship.hex, ship.heading, target.hex)
        if where in (Arc.PORT, Arc.STARBOARD, Arc.SAME_HEX):
            if values["bow"] and values["stern"]:
                attacks.append(Attack(ship.name, target.name, "both", spec.bow + spec.stern))
            else:
                battery = "bow" if values["bow"] else "stern"
                attacks.append(Attack(ship.name, target.name, battery, values[battery]))
            continue
        battery = "bow" if where is Arc.BOW else "stern"
        other = "stern" if battery == "bow" else "bow"
        others = [t for t in cands if t.name != target.name and bears(other, t)]
        if others:
            second = _pick(data, ship, others, targeted, ctx)
            targeted.add(second.name)
            attacks.append(Attack(ship.name, target.name, battery, values[battery], split=True))
            attacks.append(Attack(ship.name, second.name, other, values[other], split=True))
        else:
            attacks.append(Attack(ship.name, target.name, battery, values[battery]))
    return attacks


def us_torpedo_choices(state: State, data: TEData, ship: Ship, second: bool) -> list[TorpedoAttack]:
    """Every legal torpedo attack for a US ship (TE 3.6 "US Torpedo Allocation").

    Any or all bearing salvos at one target within 7 hexes, never port and
    starboard mounts together; a second attack only at a Japanese ship not
    attacked in the first, with the other side mount, and not into the hex row
    dead ahead (TE 3.6 Cushing example). Among salvos of one
    mount the highest values are fired first.
    """
    return [TorpedoAttack(ship.name), *_us_torpedo_attacks(state, data, ship, second)]


def us_torpedo_can_fire(state: State, data: TEData, ship: Ship, second: bool) -> bool:
    """Whether a US ship has any torpedo choice besides holding its fire (TE 3.6)."""
    return next(_us_torpedo_attacks(state, data, ship, second), None) is not None


def _us_torpedo_attacks(
    state: State, data: TEData, ship: Ship, second: bool
) -> Iterator[TorpedoAttack]:
    """The attacks of :func:`us_torpedo_choices`, holding fire aside."""
    combat = state.combat or Combat()
    spec = data.ship(ship.name)
    banned = dict(combat.first_mounts).get(ship.name, "") if second else ""
    excluded = set(combat.first_targets) if second else set()
    for t in state.ships_of(JAPAN):
        if t.name in excluded or not torpedo_target_ok(state, data, ship, t, US_TORPEDO_RANGE):
            continue
        if second and in_heading_row(ship.hex, ship.heading, t.hex):
            continue
        bearing = bearing_salvos(data, ship, t)
        by_mount: dict[str, list[int]] = {"P": [], "S": [], "C": []}
        for i in sorted(bearing, key=lambda i: -spec.salvos[i].value):
            by_mount[spec.salvos[i].mount].append(i)
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
    targets = [t for t in state.ships_of(JAPAN) if gunnery_target_ok(state, data, ship, t)]

    def bear(battery: str) -> list[str]:
        value = {"bow": spec.bow, "stern": spec.stern, "both": min(spec.bow, spec.stern)}[battery]
        if value <= 0:
            return []
        return [t.name for t in targets if battery_bears_on(ship, battery, t)]

    return bear("both"), bear("bow"), bear("stern")


def us_gunnery_can_fire(state: State, data: TEData, ship: Ship) -> bool:
    """Whether a US ship has any gunnery choice besides holding its fire (TE 3.7).

    That is, some pool of :func:`_gunnery_pools` is not empty: where both primaries
    bear (a broadside target) the bow primary bears too, so it is enough to find one
    target that the bow or the stern primary may fire at.
    """
    spec = data.ship(ship.name)
    batteries = [b for b, value in (("bow", spec.bow), ("stern", spec.stern)) if value > 0]
    if not batteries:
        return False
    for t in state.ships_of(JAPAN):
        if gunnery_target_ok(state, data, ship, t):
            for b in batteries:
                if battery_bears_on(ship, b, t):
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
    """Remember the first-attack targets and side mounts (TE 3.6)."""
    targets = list(combat.first_targets)
    mounts = list(combat.first_mounts)
    for a in attacks:
        targets.append(a.target)
        sides = {data.ship(a.attacker).salvos[i].mount for i in a.salvos} - {"C"}
        if sides:
            mounts.append((a.attacker, sides.pop()))
    return Combat(combat.to_ask, combat.planned, tuple(targets), tuple(mounts))
