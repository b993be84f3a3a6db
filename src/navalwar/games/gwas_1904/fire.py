"""Gunnery and torpedo steps (GWaS 7.5-7.8, 8.x, 9.4, 19.2-19.3, 20.2, 20.43-20.44;
the volume's gun ranges and torpedo modifiers).

The initiative side declares every target, then resolves; then the other side.
Each side fires with the firepower its ships had at the start of the step, so
damage is simultaneous (7.5). A hit on a squadron counter waits for its owner
to give it to one of the counter's ships (9.4).
"""

from __future__ import annotations

from typing import Any, cast

from navalwar.engine import Context, Decision
from navalwar.games.gwas_1904.actions import Assign, Fire, Torpedo
from navalwar.games.gwas_1904.battle import (
    Battle,
    BattleShip,
    PendingHit,
    Rules,
    other,
    visual_range,
)
from navalwar.games.gwas_1904.combat import (
    GUN_PARTS,
    GUN_RANGE,
    HitContext,
    Log,
    ShipDamage,
    apply_result,
    attack_data,
    count_hits,
    effects,
    gunnery_modifier,
    torpedo_modifier,
)
from navalwar.games.gwas_1904.initiative import current_er, hull_two_thirds_lost
from navalwar.games.gwas_1904.overlay import fire_allowed
from navalwar.games.gwas_1904.weather import guns_allowed, torpedoes_allowed
from navalwar.hexgrid import Hex, distance

GUNNERY_RULE = "GWaS 7.5"
TORPEDO_RULE = "GWaS 7.8"


def snapshot(battle: Battle, ship: BattleShip) -> ShipDamage:
    """The ship's damage at the start of the step (what it fires with, 7.5)."""
    return battle.snapshot[battle.index(ship.key)] if battle.snapshot else ship.damage


def er_now(battle: Battle, rules: Rules, ship: BattleShip) -> int:
    """The ship's Effectiveness Rating with its 19.3 penalties (notes A-48)."""
    dmg = snapshot(battle, ship)  # this step's hits count from the next step (7.5)
    two_thirds = hull_two_thirds_lost(rules.of(ship), dmg)
    return current_er(ship.er, ship.aground, two_thirds, dmg.commander_killed)


def usable(battle: Battle, rules: Rules, ship: BattleShip, part: str) -> int:
    """Firepower a gun type may use (19.2; fortresses are exempt, 20.44)."""
    fp = snapshot(battle, ship).firepower(part)
    if battle.option("effectiveness") and rules.of(ship).type != "FORT" and fp > 0:
        fp = rules.tables.usable_firepower(er_now(battle, rules, ship), fp)
    return fp


def usable_guns(battle: Battle, rules: Rules, ship: BattleShip) -> list[tuple[str, int]]:
    """The gun types a ship may fire this step (:func:`gun_parts`), each with the
    firepower it may use (:func:`usable`)."""
    parts = gun_parts(battle, rules, ship)
    if not parts:
        return []
    snap = snapshot(battle, ship)
    if not battle.option("effectiveness") or rules.of(ship).type == "FORT":
        return [(part, snap.firepower(part)) for part in parts]
    er = er_now(battle, rules, ship)  # every part in ``parts`` has firepower left
    return [(part, rules.tables.usable_firepower(er, snap.firepower(part))) for part in parts]


def gun_parts(battle: Battle, rules: Rules, ship: BattleShip) -> list[str]:
    """The gun types a ship may fire this step (weather, low freeboard: 11.73, volume)."""
    allowed = guns_allowed(battle.weather, rules.of(ship))
    snap = snapshot(battle, ship)
    return [p for p in GUN_PARTS if p in allowed and snap.firepower(p) > 0]


def can_torpedo(battle: Battle, rules: Rules, ship: BattleShip) -> bool:
    """7.83-7.85 and weather: tubes left, not used, and the ship can move."""
    spec = rules.of(ship)
    snap = snapshot(battle, ship)
    return (
        torpedoes_allowed(battle.weather)
        and snap.torpedoes(spec) > 0
        and snap.speed(spec) is not None
        and not ship.aground
    )


def can_shoot(battle: Battle, ship: BattleShip) -> bool:
    """On the map and afloat at the start of the step: a ship sunk by the enemy's
    fire in this step still fires (7.5, simultaneous damage). The harbor's firing
    limits (20.43) are the overlay's ``fire_allowed``."""
    return (
        ship.hex is not None
        and not ship.left
        and not ship.beached
        and not snapshot(battle, ship).sunk
    )


def targets(battle: Battle, rules: Rules, ship: BattleShip, torpedo: bool) -> list[str]:
    """Enemy counters the ship may attack now (7.5, 7.6 volume ranges, 7.8, 11.31, 20.2,
    20.43, 20.44)."""
    if not battle.holds(ship):
        return _targets(battle, rules, ship, torpedo)
    key = ("targets", ship.key, torpedo)
    found = cast("tuple[str, ...] | None", battle.memo.get(key))
    if found is None:
        found = battle.memo[key] = tuple(_targets(battle, rules, ship, torpedo))
    return list(found)


def shooters(battle: Battle, rules: Rules, side: str, torpedo: bool) -> tuple[str, ...]:
    """The side's ships that have a target now (:func:`targets`), in ``ships`` order."""
    reach = min(_REACH[torpedo], visual_range(battle))
    enemy = other(side)
    near: dict[Hex, bool] = {}  # an enemy within the longest reach of any ship there
    out = []
    for s in battle.ships:
        if s.side != side or s.hex is None:
            continue
        here = s.hex
        found = near.get(here)
        if found is None:
            found = near[here] = bool(_counters_within(battle, rules, here, enemy, reach, torpedo))
        if found and targets(battle, rules, s, torpedo):
            out.append(s.key)
    return tuple(out)


def _targets(battle: Battle, rules: Rules, ship: BattleShip, torpedo: bool) -> list[str]:
    if ship.hex is None:
        return []  # not on the map: it cannot shoot
    here, enemy, seen = ship.hex, other(ship.side), visual_range(battle)
    if not _counters_within(battle, rules, here, enemy, min(_REACH[torpedo], seen), torpedo):
        return []  # no enemy within the longest reach of any ship here
    if not can_shoot(battle, ship):
        return []
    if torpedo:
        if not can_torpedo(battle, rules, ship):
            return []
        far = 1
    else:
        parts = gun_parts(battle, rules, ship)
        if not parts:
            return []
        far = max(GUN_RANGE[p] for p in parts)
    return list(_counters_within(battle, rules, here, enemy, min(far, seen), torpedo))


_REACH = {False: max(GUN_RANGE.values()), True: 1}  # the longest gun and torpedo range


def _counters_within(
    battle: Battle, rules: Rules, here: Hex, enemy: str, far: int, torpedo: bool
) -> tuple[str, ...]:
    """The enemy counters ``far`` hexes or less from ``here`` that a ship there may
    attack (the same for every ship in the hex with that reach), once a state."""
    key = ("counters_within", here, enemy, far, torpedo)
    found = cast("tuple[str, ...] | None", battle.memo.get(key))
    if found is None:
        found = battle.memo[key] = _find_counters(battle, rules, here, enemy, far, torpedo)
    return found


def _find_counters(
    battle: Battle, rules: Rules, here: Hex, enemy: str, far: int, torpedo: bool
) -> tuple[str, ...]:
    out: dict[str, None] = {}
    ov = battle.overlay
    for h in battle.side_hexes[enemy]:
        if distance(here, h) > far:
            continue
        if ov is not None and not fire_allowed(ov, here, h):
            continue
        for t in battle.at[(h, enemy)]:
            if torpedo and (t.in_port or rules.of(t).type == "FORT"):
                continue  # 11.31: no torpedoes at ships in port; 20.44: nor at fortresses
            out[t.counter] = None
    return tuple(sorted(out))


def ask(battle: Battle, rules: Rules, key: str, torpedo: bool) -> Decision:
    """The target decision of one ship."""
    ship = battle.ship(key)
    name = rules.of(ship).name
    opts = targets(battle, rules, ship, torpedo)
    if torpedo:
        return Decision(
            battle.acting,
            "torpedo",
            TORPEDO_RULE,
            f"Torpedo step {battle.step}: {name}'s target",
            (Torpedo(key), *(Torpedo(key, t) for t in opts)),
            context={"ship": key},
            tags=(Torpedo.tag,),
        )
    return Decision(
        battle.acting,
        "gunnery",
        GUNNERY_RULE,
        f"Gunnery step {battle.step}: {name}'s target",
        (Fire(key), *(Fire(key, t) for t in opts)),
        context={"ship": key},
        tags=(Fire.tag,),
    )


def declare(battle: Battle, action: Fire | Torpedo) -> Battle:
    """Record a declared attack (7.5: all targets are declared before any fire)."""
    planned = (*battle.planned, (action.ship, action.target)) if action.target else battle.planned
    return battle.replace(planned=planned, todo=battle.todo[1:])


def _members(battle: Battle, counter: str) -> list[BattleShip]:
    return list(battle.afloat_members(counter))


def resolve(battle: Battle, rules: Rules, torpedo: bool, ctx: Context) -> Battle:
    """Resolve one side's declared attacks (7.5, 7.8)."""
    for shooter_key, counter in battle.planned:
        shooter = battle.ship(shooter_key)
        members = _members(battle, counter)
        if not members or shooter.hex is None or members[0].hex is None:
            if torpedo:  # 7.84: the salvo was fired at a ship already gone
                spent = shooter.damage.replace(torpedo_used=True)
                battle = battle.with_ship(shooter.replace(damage=spent))
                ctx.log(
                    "attack_lost",
                    f"{rules.of(shooter).name}'s torpedoes run at {counter}, already sunk",
                    "GWaS 7.84",
                    ship=shooter.key,
                    target=counter,
                    weapon="torpedo",
                )
            continue
        d = distance(shooter.hex, members[0].hex)
        if torpedo:
            battle = _torpedo(battle, rules, shooter, counter, d, ctx)
        else:
            battle = _gunnery(battle, rules, shooter, counter, d, ctx)
    return battle.replace(planned=())


def attack_modifier(
    battle: Battle, rules: Rules, shooter: BattleShip, target: BattleShip, d: int, torpedo: bool
) -> int:
    """The hit-roll modifier of a gunnery (7.5) or torpedo (7.81) attack at ``d`` hexes.

    The target is read as it stood at the start of the step: the step's fire is
    simultaneous (7.5), so a ship stopped by an earlier salvo of this step is not yet
    "unable to sail" for later shooters. A ship aground or in port is stationary
    (notes A-54): +1 to hit by gunnery, and a grounded ship +1 to torpedo.
    """
    sspec, tspec = rules.of(shooter), rules.of(target)
    dmg = snapshot(battle, target)
    if torpedo:
        mod = torpedo_modifier(sspec, tspec, dmg, d, target.in_tow)
        if target.aground and dmg.speed(tspec) is not None:
            mod += 1  # a grounded ship cannot move: the unable-to-sail +1 (notes A-54)
        return mod
    stationary = target.aground or target.in_port
    return gunnery_modifier(sspec, tspec, dmg, d, target.in_tow, stationary)


def _say(ctx: Context, rule: str, ship: str) -> Log:
    """Tell what happens to ``ship`` (:class:`~.combat.Log`)."""

    def log(kind: str, text: str, /, **data: Any) -> None:
        ctx.log(kind, text, rule, ship=ship, **data)

    return log


def _gunnery(
    battle: Battle, rules: Rules, shooter: BattleShip, counter: str, d: int, ctx: Context
) -> Battle:
    sspec = rules.of(shooter)
    target = _members(battle, counter)[0]
    mod = attack_modifier(battle, rules, shooter, target, d, torpedo=False)
    for part, fp in usable_guns(battle, rules, shooter):  # fired with its start-of-step damage
        if GUN_RANGE[part] < d or fp <= 0:
            continue
        hits, rolls = count_hits(ctx.dice, fp, mod, f"{part} guns of {sspec.name}", GUNNERY_RULE)
        ctx.log(
            "attack",
            f"{sspec.name} fires {fp} {part} at {counter} ({d} hexes, {mod:+d}): rolls "
            f"{list(rolls)} -> {hits} hit(s)",
            GUNNERY_RULE,
            **attack_data(shooter.key, counter, part, fp, mod, rolls, hits),
            distance=d,
        )
        for _ in range(hits):
            roll = sum(ctx.dice.nd(2, 6, f"Gunnery Damage Table for {counter}", GUNNERY_RULE))
            hit = PendingHit(counter, part, d, roll, sspec.tertiary_white, shooter.key)
            battle = _land(battle, rules, hit, ctx)
    return battle


def _torpedo(
    battle: Battle, rules: Rules, shooter: BattleShip, counter: str, d: int, ctx: Context
) -> Battle:
    sspec = rules.of(shooter)
    target = _members(battle, counter)[0]
    n = snapshot(battle, shooter).torpedoes(sspec)
    mod = attack_modifier(battle, rules, shooter, target, d, torpedo=True)
    hits, rolls = count_hits(ctx.dice, n, mod, f"torpedoes of {sspec.name}", "GWaS 7.81")
    ctx.log(
        "attack",
        f"{sspec.name} torpedoes {counter} ({n} factors, {mod:+d}): rolls {list(rolls)} "
        f"-> {hits} hit(s)",
        "GWaS 7.81",
        **attack_data(shooter.key, counter, "torpedo", n, mod, rolls, hits),
        distance=d,
    )
    used = shooter.damage.replace(torpedo_used=True)  # 7.84
    battle = battle.with_ship(battle.ship(shooter.key).replace(damage=used))
    for _ in range(hits):
        roll = sum(ctx.dice.nd(2, 6, f"Torpedo Damage Table for {counter}", "GWaS 7.82"))
        battle = _land(battle, rules, PendingHit(counter, "torpedo", d, roll), ctx)
    return battle


def _land(battle: Battle, rules: Rules, hit: PendingHit, ctx: Context) -> Battle:
    """A hit on a counter: a single ship takes it now; a squadron's owner chooses (9.4)."""
    members = _members(battle, hit.counter)
    if not members:
        return battle
    if len(members) == 1:
        return take(battle, rules, members[0].key, hit, ctx)
    return battle.replace(pending=(*battle.pending, hit))


def take(battle: Battle, rules: Rules, key: str, hit: PendingHit, ctx: Context) -> Battle:
    """Apply a rolled hit to one ship (8.0-8.7): the damage roll is public, its effects
    the owner's, the firer told effect or no effect (option ``hit_effects``; notes §7.3)."""
    ship = battle.ship(key)
    spec = rules.of(ship)
    table = rules.tables.torpedo if hit.gun == "torpedo" else rules.tables.gunnery
    result = table.lookup(hit.roll)
    rule = "GWaS 7.82" if hit.gun == "torpedo" else GUNNERY_RULE
    log = _say(ctx, rule, key)
    what = "torpedo" if hit.gun == "torpedo" else "gunnery"
    log(
        "damage_roll",
        f"{spec.name}: {what} damage roll {hit.roll}: {result.text}",
        table=what,
        roll=hit.roll,
        **effects(result),
    )
    context = HitContext(
        hit.gun, hit.distance, bool(battle.option("secondary_penetration")), hit.white
    )
    dmg = apply_result(
        spec,
        ship.damage,
        result,
        context,
        rules.tables,
        ctx.dice,
        log,
        rule,
        secret=lambda: ctx.private((ship.side,)),  # the data sheet is its owner's (3.1)
        tell=dict(battle.options).get("hit_effects") != "hidden",
    )
    return battle.with_ship(ship.replace(damage=dmg))


def ask_assign(battle: Battle, rules: Rules) -> Decision | None:
    """The owner of a hit squadron gives the next hit to one of its ships (9.4)."""
    if not battle.pending:
        return None
    hit = battle.pending[0]
    members = _members(battle, hit.counter)
    owner = members[0].side
    return Decision(
        owner,
        "assign",
        "GWaS 9.4",
        f"A {hit.gun} hit (damage roll {hit.roll}) on squadron {hit.counter}: which ship takes it?",
        tuple(Assign(m.key) for m in members),
        context={"counter": hit.counter, "roll": hit.roll, "gun": hit.gun},
        tags=(Assign.tag,),
    )


def assign(battle: Battle, rules: Rules, action: Assign, ctx: Context) -> Battle:
    """Carry out a squadron damage assignment; hits left on a sunk squadron are lost."""
    hit = battle.pending[0]
    battle = take(battle, rules, action.ship, hit, ctx)
    rest = tuple(h for h in battle.pending[1:] if _members(battle, h.counter))
    return battle.replace(pending=rest)


def drop_orphans(battle: Battle) -> Battle:
    """Hits pending on a squadron whose ships are all gone are lost."""
    rest = tuple(h for h in battle.pending if _members(battle, h.counter))
    return battle.replace(pending=rest) if rest != battle.pending else battle


__all__ = ["ask", "ask_assign", "assign", "declare", "resolve", "shooters", "targets"]
