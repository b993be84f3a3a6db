"""Gunnery, torpedoes and damage (GWaS 6.x, 7.5-7.8, 8.0-8.7; volume changes).

A ship's damage is a :class:`~navalwar.damage.PartTrack` (primary, secondary,
tertiary, hull; each box with its armour) plus the torpedo, speed and
special-effect state in :class:`ShipDamage`. Hits are rolled one die per
firepower point; each hit rolls 2d6 on a damage table; armour decides whether
the boxes are blacked out.
"""

from __future__ import annotations

import contextlib
import functools
from collections.abc import Callable
from contextlib import AbstractContextManager
from typing import Any, Protocol

import attrs

from navalwar.damage import Armour, ArmouredPart, PartTrack
from navalwar.dice import Dice
from navalwar.frozen import evolve
from navalwar.games.gwas_1904.ship import SPEEDS, ShipSpec
from navalwar.games.gwas_1904.tables import Damage, DamageTables

GUN_PARTS = ("primary", "secondary", "tertiary")
GUN_RANGE = {"primary": 2, "secondary": 1, "tertiary": 0}  # volume "Gun Range (7.6)"
_ARMOUR = {"H": Armour.HEAVY, "L": Armour.LIGHT, "N": Armour.NONE}


class Log(Protocol):
    """Where damage is told: ``log(kind, text, **data)``, one event of a kind of
    :mod:`~navalwar.games.gwas_1904.events` (the caller adds the ship hit and the rule)."""

    def __call__(self, kind: str, text: str, /, **data: Any) -> None: ...


Secret = Callable[[], AbstractContextManager[Any]]
"""A block in which every event and die is told to the hit ship's owner only
(``lambda: ctx.private((side,))``): what its hidden data sheet decides (3.1)."""


def effects(result: Damage) -> dict[str, Any]:
    """A damage-table result as event data: boxes by part, speed levels, unable to sail,
    critical, sunk."""
    return {
        "result": result.text,
        "boxes": dict(result.boxes),
        "speed": result.speed,
        "unable": result.unable,
        "critical": result.critical,
        "sunk": result.sunk,
    }


@attrs.frozen(slots=True)
class ShipDamage:
    """The damage record of one ship (the blacked-out boxes of its data sheet).

    Attributes:
        track: the gun and hull boxes with their armour.
        torpedo_destroyed: all torpedo firepower destroyed (8.62).
        torpedo_used: the ship has torpedoed (7.84).
        speed_lost: speed levels lost (2 -> 1+ -> 1 -> 1s -> unable to sail).
        unable: unable to sail by a table result (8.5).
        half_hull: the speed level for losing half or more of the hull was taken.
        commander_killed: a critical result killed the commander aboard.
        fixed: a Port Arthur fortress (20.44): never moves, and is destroyed
            when its main-gun boxes are all blacked out (notes A-19).
    """

    track: PartTrack
    torpedo_destroyed: bool = False
    torpedo_used: bool = False
    speed_lost: int = 0
    unable: bool = False
    half_hull: bool = False
    commander_killed: bool = False
    fixed: bool = False

    @classmethod
    def new(cls, spec: ShipSpec) -> ShipDamage:
        """An undamaged record."""
        parts = [
            ArmouredPart(p, tuple(_ARMOUR[c] for c in spec.boxes(p))) for p in (*GUN_PARTS, "hull")
        ]
        return cls(PartTrack.of(parts), fixed=spec.type == "FORT")

    @functools.cached_property
    def sunk(self) -> bool:
        """All hull boxes blacked out (8.0); a fortress when its main guns are all
        destroyed (20.44, notes A-19)."""
        if self.fixed:
            return self.track.remaining("primary") == 0
        return self.track.sunk

    def replace(self, **changes: Any) -> ShipDamage:
        """``attrs.evolve(self, **changes)`` for the hot paths (a plain field copy)."""
        return evolve(self, **changes)

    @functools.cached_property
    def _left(self) -> dict[str, int]:
        """Boxes left by part (firepower is read very often)."""
        track = self.track
        return {p.name: track.remaining(p.name) for p in track.parts}

    def firepower(self, part: str) -> int:
        """Remaining firepower of a gun part."""
        left = self._left.get(part)
        return self.track.remaining(part) if left is None else left

    def speed(self, spec: ShipSpec) -> str | None:
        """The current speed, or None when unable to sail (volume "Speed 1+", 8.51)
        or a fortress (20.44)."""
        if self.fixed:
            return None
        rank = _SPEED_RANK.get(spec.speed)
        i = (SPEEDS.index(spec.speed) if rank is None else rank) + self.speed_lost
        if self.unable or i >= len(SPEEDS):
            return None
        return SPEEDS[i]

    def torpedoes(self, spec: ShipSpec) -> int:
        """Torpedo factors that can still fire (7.84, 7.85)."""
        if self.torpedo_destroyed or self.torpedo_used:
            return 0
        return spec.torpedo


_SPEED_RANK = {speed: i for i, speed in enumerate(SPEEDS)}


def count_hits(
    dice: Dice, firepower: int, modifier: int, purpose: str, rule: str, need: int = 6
) -> tuple[int, tuple[int, ...]]:
    """Roll one die per firepower point; a modified roll of ``need`` or more hits (7.5, 7.81)."""
    rolls = dice.nd(firepower, 6, purpose, rule) if firepower > 0 else ()
    return sum(1 for r in rolls if r + modifier >= need), rolls


def attack_data(
    ship: str,
    target: str,
    weapon: str,
    factors: int,
    modifier: int,
    rolls: tuple[int, ...],
    hits: int,
    need: int = 6,
) -> dict[str, Any]:
    """An ``attack`` event's data: one die per factor, a modified ``need`` hits."""
    return {
        "ship": ship,
        "target": target,
        "weapon": weapon,
        "factors": factors,
        "modifier": modifier,
        "need": need,
        "rolls": list(rolls),
        "hits": hits,
    }


def penetrates(
    gun: str, armour: Armour, *, pierce: bool = False, optional_roll: bool = False
) -> bool:
    """Whether a hit by ``gun`` damages a box of ``armour`` (GWaS 8.2).

    Main guns (and torpedoes) penetrate everything; secondary guns light armour
    but not heavy; auxiliary guns only unarmoured boxes. ``pierce`` is critical
    result 8's secondary hit on heavy hull armour; ``optional_roll`` is a
    successful 8.21 penetration roll.
    """
    if gun in ("primary", "torpedo"):
        return True
    if gun == "secondary":
        return armour is not Armour.HEAVY or pierce or optional_roll
    return armour is Armour.NONE or (armour is Armour.LIGHT and optional_roll)


def _target_part(spec: ShipSpec, dmg: ShipDamage, part: str) -> str | None:
    """Where a hit on ``part`` lands after substitution (8.0, 8.6, 8.61, 8.62).

    Returns ``"torpedo"``, a box part, or None when the hit is ignored.
    """
    no_guns = not (spec.primary or spec.secondary or spec.tertiary)
    if part == "torpedo":
        return (
            "torpedo"
            if spec.torpedo and not dmg.torpedo_destroyed and not dmg.torpedo_used
            else None
        )
    if part in ("primary", "secondary") and no_guns:
        return None  # 8.61: gun hits other than auxiliary are ignored
    if part == "primary" and not spec.primary:
        part = "secondary" if spec.secondary else "tertiary"  # 8.6: main -> secondary -> aux
    elif part == "secondary" and not spec.secondary:
        part = "tertiary"  # 8.6: a missing secondary battery shifts to the auxiliaries
    if part == "tertiary":
        if no_guns:
            return "hull"  # 8.61
        if not spec.tertiary or dmg.track.is_destroyed("tertiary"):
            return None  # 8.6, 8.61: ignored
        return "tertiary"
    if part in ("primary", "secondary") and dmg.track.is_destroyed(part):
        return "hull"  # 8.0, 8.6
    return part


@attrs.frozen(slots=True)
class HitContext:
    """What a hit needs to know: the gun (or ``torpedo``), the range, optional rules."""

    gun: str
    distance: int = 1
    secondary_penetration: bool = False  # optional rule 8.21
    white_tertiary: bool = False  # volume "Special Damage (8.7)"


def apply_result(
    spec: ShipSpec,
    dmg: ShipDamage,
    result: Damage,
    hit: HitContext,
    tables: DamageTables,
    dice: Dice,
    log: Log,
    rule: str = "GWaS 7.5",
    secret: Secret | None = None,
    tell: bool = False,
) -> ShipDamage:
    """Apply one damage-table result to a ship (GWaS 8.0-8.7).

    The 8.7 Critical Damage Table roll is the firer's (open, as the damage roll);
    the rest runs within ``secret`` (none: in the open). ``tell`` then logs the
    public ``hit_result``, effect or no effect (notes §7.3), and a ship the hit
    leaves unable to sail is told to both (``unable_to_sail``, 7.5, 7.81)."""
    after = _result(spec, dmg, result, hit, tables, dice, log, secret)
    if secret is None and not tell:
        return after  # the odds' enumeration, and other silent callers
    if tell:
        effect = after != dmg
        log(
            "hit_result",
            f"{spec.name}: the hit has {'an' if effect else 'no'} effect",
            effect=effect,
        )
    stopped = not after.sunk and after.speed(spec) is None and dmg.speed(spec) is not None
    if secret is not None and stopped:  # seen by both (7.5, 7.81: +1 to hit it)
        log("unable_to_sail", f"{spec.name}: unable to sail")
    return after


def _result(
    spec: ShipSpec,
    dmg: ShipDamage,
    result: Damage,
    hit: HitContext,
    tables: DamageTables,
    dice: Dice,
    log: Log,
    secret: Secret | None,
) -> ShipDamage:
    """:func:`apply_result` but its public tail: the open critical roll, the rest in
    ``secret``."""
    if result.critical:
        if hit.gun == "tertiary" and not hit.white_tertiary:
            with _within(secret):
                log(
                    "hit_ignored",
                    f"{spec.name}: critical damage from auxiliary guns is ignored (8.7)",
                    gun=hit.gun,
                    part="critical",
                )
            return dmg
        roll = sum(dice.nd(2, 6, f"Critical Damage Table for {spec.name}", "GWaS 8.7"))
        crit = tables.critical.lookup(roll)
        log(
            "damage_roll",
            f"{spec.name}: critical damage, roll {roll}: {crit.text}",
            table="critical",
            roll=roll,
            **effects(crit),
        )
        with _within(secret):
            return _apply(spec, dmg, crit, hit, dice, log, True, secret is None)
    with _within(secret):
        return _apply(spec, dmg, result, hit, dice, log, False, secret is None)


def _within(secret: Secret | None) -> AbstractContextManager[Any]:
    return contextlib.nullcontext() if secret is None else secret()


def _apply(
    spec: ShipSpec,
    dmg: ShipDamage,
    result: Damage,
    hit: HitContext,
    dice: Dice,
    log: Log,
    critical: bool,
    open_unable: bool,
) -> ShipDamage:
    """The part of a hit the target's data sheet decides (8.0-8.7); ``open_unable``:
    log ``unable_to_sail`` here (no ``secret``: :func:`apply_result` tells it)."""
    if result.commander:
        dmg = dmg.replace(commander_killed=True)
        log("commander_killed", f"{spec.name}: the commander aboard is killed (8.7)")
    if result.sunk:
        track = dmg.track.hit("hull", dmg.track.remaining("hull"))
        return dmg.replace(track=track)
    pierced = 0  # critical 8: a secondary hit destroys 1 heavy-armour hull box
    extra_done = False  # 8.3: one roll a hit, even for a result naming two parts
    for part, n in result.boxes:
        for _ in range(n):
            where = _target_part(spec, dmg, part)
            if where is None:
                log(
                    "hit_ignored",
                    f"{spec.name}: hit on {part} ignored (8.6, 8.61, 8.62)",
                    gun=hit.gun,
                    part=part,
                )
                continue
            if where == "torpedo":
                armour = (
                    _ARMOUR[spec.hull[0]]
                    if spec.torpedo_mount == "fixed" and spec.hull
                    else Armour.NONE
                )  # 8.4: fixed tubes share the hull's armour
                if not penetrates(hit.gun, armour):
                    log(
                        "hit_stopped",
                        f"{spec.name}: torpedo-mount hit stopped by armour (8.2, 8.4)",
                        gun=hit.gun,
                        part="torpedo",
                        armour="heavy" if armour is Armour.HEAVY else "light",
                    )
                    continue
                dmg = dmg.replace(torpedo_destroyed=True)
                log("torpedoes_destroyed", f"{spec.name}: torpedo tubes destroyed (8.62)")
                continue
            box_armour = dmg.track.next_armour(where)
            if box_armour is None:
                continue
            armour = box_armour
            optional = False
            if hit.secondary_penetration and not penetrates(hit.gun, armour) and hit.distance <= 1:
                need = {("secondary", 0): 3, ("secondary", 1): 5, ("tertiary", 0): 5}.get(
                    (hit.gun, hit.distance)
                )
                if need is not None and (hit.gun != "tertiary" or armour is Armour.LIGHT):
                    roll = dice.d6(f"secondary gun penetration of {spec.name} (8.21)", "GWaS 8.21")
                    optional = roll >= need
            pierce = (
                critical
                and result.pierce
                and hit.gun == "secondary"
                and where == "hull"
                and armour is Armour.HEAVY
                and not pierced
            )
            pierced += 1 if pierce else 0
            if not penetrates(hit.gun, armour, pierce=pierce, optional_roll=optional):
                stopped = "heavy" if armour is Armour.HEAVY else "light"
                log(
                    "hit_stopped",
                    f"{spec.name}: {hit.gun} hit on {where} stopped by {stopped} armour (8.2)",
                    gun=hit.gun,
                    part=where,
                    armour=stopped,
                )
                continue
            dmg = dmg.replace(track=dmg.track.hit(where, 1))
            log(
                "ship_damaged",
                f"{spec.name}: 1 {where} box blacked out",
                part=where,
                boxes=1,
                cause="hit",
            )
            if hit.gun == "primary" and armour is not Armour.HEAVY and not extra_done:
                extra_done = True  # 8.3 additional damage, once per hit
                roll = dice.d6(f"additional damage to {spec.name} (8.3)", "GWaS 8.3")
                extra = _target_part(spec, dmg, where) if roll >= 4 else None
                if extra is not None and extra != "torpedo" and dmg.track.remaining(extra):
                    # the same part; a part now destroyed passes it to the hull (8.0)
                    dmg = dmg.replace(track=dmg.track.hit(extra, 1))
                    log(
                        "ship_damaged",
                        f"{spec.name}: additional damage, 1 more {extra} box (8.3)",
                        part=extra,
                        boxes=1,
                        cause="additional",
                    )
    if result.speed:
        dmg = dmg.replace(speed_lost=dmg.speed_lost + result.speed)
        log(
            "speed_lost",
            f"{spec.name}: speed reduced by {result.speed}",
            levels=result.speed,
            cause="hit",
        )
    if result.unable:
        dmg = dmg.replace(unable=True)
        if open_unable:
            log("unable_to_sail", f"{spec.name}: unable to sail")
    return half_hull_speed_loss(spec, dmg, log)


def half_hull_speed_loss(spec: ShipSpec, dmg: ShipDamage, log: Log) -> ShipDamage:
    """Half or more of the hull lost: one speed level, once (volume "Speed 1+", 8.51)."""
    boxes = len(spec.hull)
    if boxes and not dmg.half_hull and 2 * dmg.track.lost_boxes("hull") >= boxes:
        log(
            "speed_lost",
            f"{spec.name} has lost half its hull boxes: speed reduced by 1 (8.51)",
            levels=1,
            cause="half_hull",
        )
        return dmg.replace(half_hull=True, speed_lost=dmg.speed_lost + 1)
    return dmg


def gunnery_hit(
    spec: ShipSpec,
    dmg: ShipDamage,
    hit: HitContext,
    tables: DamageTables,
    dice: Dice,
    log: Log,
    secret: Secret | None = None,
    tell: bool = False,
) -> ShipDamage:
    """Roll 2d6 on the Gunnery Damage Table for one hit (the firer's open roll) and
    apply it (7.5, 8.x; ``secret`` and ``tell`` as :func:`apply_result`).

    The dagger (plunging fire, 8.8) never applies in 1904: the volume's main-gun
    range is 2 hexes and "parabolic/plunging fire does not apply".
    """
    roll = sum(dice.nd(2, 6, f"Gunnery Damage Table for {spec.name}", "GWaS 7.5"))
    result = tables.gunnery.lookup(roll)
    log(
        "damage_roll",
        f"{spec.name}: gunnery damage roll {roll}: {result.text}",
        table="gunnery",
        roll=roll,
        **effects(result),
    )
    return apply_result(spec, dmg, result, hit, tables, dice, log, "GWaS 7.5", secret, tell)


def torpedo_modifier(
    attacker: ShipSpec,
    target: ShipSpec,
    target_dmg: ShipDamage,
    distance: int,
    towing: bool = False,
    volume: bool = True,
) -> int:
    """The die modifier of a torpedo attack (7.81; volume "Torpedo Combat (7.81)").

    +1 capital target (or a transport named F...), +1 target unable to sail, +1
    towing or towed, -1 capital attacker, -1 fixed tubes; the range: the volume
    gives same hex +0 and adjacent -1 (the series: same hex +1, adjacent 0).
    """
    mod = 0
    if target.capital or (target.type == "TR" and target.name.startswith("F")):
        mod += 1
    if target_dmg.speed(target) is None:
        mod += 1
    if towing:
        mod += 1
    if volume:
        mod += 0 if distance == 0 else -1
    else:
        mod += 1 if distance == 0 else 0
    if attacker.capital:
        mod -= 1
    if attacker.torpedo_mount == "fixed":
        mod -= 1
    return mod


def gunnery_modifier(
    attacker: ShipSpec,
    target_spec: ShipSpec,
    target_dmg: ShipDamage,
    distance: int,
    towing: bool = False,
    stationary: bool = False,
) -> int:
    """The hit-roll modifier of advanced gunnery (7.5): italic +1, same or adjacent
    hex +1, target unable to sail +1 (also a ship aground or in port: ``stationary``,
    notes A-54), target towing or towed +1. A fortress always fires at +1 and is
    never a stationary target (20.44)."""
    mod = 1 if attacker.italic or attacker.type == "FORT" else 0
    mod += 1 if distance <= 1 else 0
    if not target_dmg.fixed and (stationary or target_dmg.speed(target_spec) is None):
        mod += 1
    mod += 1 if towing else 0
    return mod


def basic_gunnery_need(attacker: ShipSpec, close: bool, night: bool) -> tuple[int, int]:
    """Basic Combat hit roll (6.1, 6.3, 6.4): (need, modifier). A 6 hits, 5-6 for
    italic ships; close range +1 and night -1, a modified roll above 6 counting as 6."""
    need = 5 if attacker.italic else 6
    return need, (1 if close else 0) - (1 if night else 0)


def faster(
    ours: list[ShipSpec],
    ours_dmg: list[ShipDamage],
    theirs: list[ShipSpec],
    theirs_dmg: list[ShipDamage],
) -> bool:
    """Basic Combat 6.2: a side is faster if every one of its ships is faster than every
    enemy ship (speed ladder 2 > 1+ > 1 > 1s)."""

    def rank(spec: ShipSpec, dmg: ShipDamage) -> int:
        s = dmg.speed(spec)
        return len(SPEEDS) if s is None else SPEEDS.index(s)

    slowest_ours = max(rank(s, d) for s, d in zip(ours, ours_dmg, strict=True))
    fastest_theirs = min(rank(s, d) for s, d in zip(theirs, theirs_dmg, strict=True))
    return slowest_ours < fastest_theirs
