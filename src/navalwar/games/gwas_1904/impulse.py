"""The impulse sequence (GWaS 7.1 A, 7.31 as replaced by the volume, 7.36-7.39).

The rule functions of the steps :mod:`~navalwar.games.gwas_1904.sequence_of_play`
declares (set-up, then twenty steps an impulse, notes §2.3), and :data:`DRIVER`, which
binds them to those steps for the core driver (a rule function it runs takes the
driver's ``game``, ``battle``, ``rules`` and ``ctx``): a step's ``begin`` lists who must decide
(``start_move``, ``start_fire``), its second leaf asks them one at a time and then
resolves (``finish_move``, ``fire_first``, ``fire_second``), and ``end_step`` ends the
battle (7.36) or, after step 20, the impulse.
"""

from __future__ import annotations

import operator
from typing import Any

from navalwar.actions import Action
from navalwar.driver import Driver, Play, for_side
from navalwar.engine import Context, Decision
from navalwar.games.gwas_1904 import fire, movement, sequence_of_play, setup
from navalwar.games.gwas_1904.actions import Assign, Fire, Flagship, Move, Place, Torpedo, Tow
from navalwar.games.gwas_1904.battle import Battle, BattleShip, Rules, afloat, other, visual_range
from navalwar.games.gwas_1904.initiative import CommanderSign, initiative_modifier, roll_initiative
from navalwar.games.gwas_1904.scenario import BattleScenario
from navalwar.games.gwas_1904.sequence_of_play import (
    BATTLE,
    INITIATIVE_MOVES,
    MOVE_STEPS,
    PLACES,
    TORPEDO_STEPS,
    move,
    place,
)
from navalwar.games.gwas_1904.ship import SPEEDS, ShipSpec
from navalwar.games.gwas_1904.sides import JAPAN, RUSSIA, SIDES
from navalwar.games.gwas_1904.tactical_map import hex_of, label
from navalwar.hexgrid import distance


def commanders_present(battle: Battle) -> dict[str, bool]:
    """A side has a commander while his flagship is afloat and he lives (16.1, 8.7)."""
    out = {side: False for side in SIDES}
    for side, key in battle.commanders:
        ship = battle.ship(key)
        out[side] = ship.afloat and not ship.damage.commander_killed
    return out


def determine_initiative(battle: Battle, ctx: Context) -> Battle:
    """Step 1: Japan rolls 1d6, 3 or less gives Russia the initiative (7.1 A), with the
    commanders' modifiers (16.2, notes A-2). A scenario may fix the first impulse's."""
    if battle.impulse == 1:  # fixed by the scenario or rolled before set-up (7.1 A)
        side = battle.initiative
        ctx.log(
            "initiative",
            f"Impulse 1: {side} holds the initiative",
            "GWaS 7.1",
            impulse=1,
            side=side,
        )
    else:
        present = commanders_present(battle)
        sign: CommanderSign = "literal" if battle.option("commander_sign") == "literal" else "helps"
        mod = initiative_modifier(present[JAPAN], present[RUSSIA], sign)
        init = roll_initiative(ctx.dice, mod)
        side = init.side
        ctx.log(
            "initiative",
            f"Impulse {battle.impulse}: initiative roll {init.roll} ({mod:+d}): {side}",
            "GWaS 7.1, 16.2",
            impulse=battle.impulse,
            roll=init.roll,
            modifier=mod,
            side=side,
        )
    return battle.replace(initiative=side, acting="", started=False, todo=())


_ORDER = {side: (side, other(side)) for side in SIDES}


def initiative_order(battle: Battle) -> tuple[str, str]:
    """The side with the initiative, then the other (7.31: who moves and fires first)."""
    return _ORDER[battle.initiative]


def start_move(game: Any, battle: Battle, rules: Rules, ctx: Context, *, side: str) -> Battle:
    """A movement step begins: ships breaking out of formation (notes A-37), the
    scripted transports' move, then the groups of ``side`` that may move (7.31, 7.32)."""
    battle = movement.check_breakout(battle, rules, ctx)
    battle = battle.replace(acting=side, started=True, moved=(), transits=())
    battle = _scripted(battle, rules, side, ctx)
    allowed = MOVE_STEPS[battle.step]
    todo = tuple(
        gid
        for gid in movement.groups(battle, rules, side)
        if movement.may_move(battle, rules, gid, allowed)  # battle.acting is side
    )
    return battle.replace(todo=todo)


def finish_move(game: Any, battle: Battle, rules: Rules, ctx: Context) -> Battle:
    """Every group has moved: check the formations again (notes A-37); the step ends."""
    return end_step(movement.check_breakout(battle, rules, ctx), rules, ctx)


def start_fire(game: Any, battle: Battle, rules: Rules, ctx: Context, *, side: str) -> Battle:
    """``side``'s part of a combat step begins: the damage as it stands at the start of
    the step (fire is simultaneous, 7.5), and the ships of ``side`` that may fire."""
    if battle.snapshot:
        battle = battle.replace(acting=side, started=True)
    else:
        snapshot = tuple(s.damage for s in battle.ships)
        battle = battle.replace(acting=side, started=True, snapshot=snapshot)
    torpedo = battle.step in TORPEDO_STEPS
    return battle.replace(todo=fire.shooters(battle, rules, side, torpedo))


def fire_first(game: Any, battle: Battle, rules: Rules, ctx: Context) -> Battle:
    """The first side has declared: resolve its attacks (7.5, 7.8); the squadron hits
    they leave are assigned before the other side fires (9.4)."""
    if battle.planned:
        battle = fire.resolve(battle, rules, battle.step in TORPEDO_STEPS, ctx)
    return battle


def fire_second(game: Any, battle: Battle, rules: Rules, ctx: Context) -> Battle:
    """The second side has declared: resolve its attacks; once its squadron hits are
    assigned (9.4), the damage takes effect (8.0) and the step ends."""
    if battle.planned:
        battle = fire.resolve(battle, rules, battle.step in TORPEDO_STEPS, ctx)
        if battle.pending:
            return battle
    return end_step(end_combat_step(battle, rules, ctx), rules, ctx)


def pending(battle: Battle, rules: Rules) -> bool:
    """Squadron hits remain to be assigned (9.4): the fire step is played again."""
    return bool(battle.pending)


def _scripted(battle: Battle, rules: Rules, side: str, ctx: Context) -> Battle:
    """BS1: the transports sail at full speed to their hex and stay there."""
    scen = battle.scenario
    if scen is None or not scen.scripted_transports:
        return battle
    goal = hex_of(scen.scripted_transports)
    allowed = MOVE_STEPS[battle.step]
    for gid, members in movement.groups(battle, rules, side, include_scripted=True).items():
        if not gid.endswith("/transport"):
            continue
        pace = movement.slowest(
            [
                movement.counter_speed(battle, rules, ships)
                for ships in movement.by_counter(members).values()
            ]
        )
        if pace is None or pace not in allowed:
            continue
        step = movement.scripted_step(battle, rules, members, goal)
        if step is None:
            continue
        with ctx.private(() if all(m.seen for m in members) else (side,)):
            battle = movement.enter(battle, rules, members, step, ctx)
        battle = battle.replace(moved=tuple(sorted({*battle.moved, *(m.counter for m in members)})))
        ctx.log(
            "scripted",
            f"The transports sail on towards {label(goal)}",
            f"{scen.rule}",
            goal=label(goal),
        )
    return battle


def end_combat_step(battle: Battle, rules: Rules, ctx: Context) -> Battle:
    """At the end of a combat step the damage takes effect: sunk ships go (8.0)."""
    for i, s in enumerate(battle.ships):
        was = battle.snapshot[i] if battle.snapshot else None
        if s.hex is not None and not s.left and s.damage.sunk and (was is None or not was.sunk):
            name = rules.of(s).name
            what = "is destroyed" if s.damage.fixed else "sinks"
            ctx.log("ship_sunk", f"{name} {what}", "GWaS 8.0", ship=s.key)
    return movement.clear_tows(battle.replace(snapshot=()))


def end_step(battle: Battle, rules: Rules, ctx: Context) -> Battle:
    """A step is over: the battle ends if one side has no ship left on the map (7.36);
    after step 20 the impulse ends. Otherwise the driver goes on to the next step, which
    begins with nothing listed (:func:`~.sequence_of_play.move`)."""
    both = all(fighting(battle, side) for side in SIDES)
    if both and battle.step < 20:
        return battle
    battle = battle.replace(acting="", started=False, **sequence_of_play.FRESH)
    if not both:
        return end(battle, "One side has no ship left on the map", ctx, "no_ships")
    return end_impulse(battle, ctx, rules)


def fighting(battle: Battle, side: str) -> bool:
    """Whether a side still has ships on the map (fortresses do not count, 7.36)."""
    return any(s.damage.fixed is False for s in afloat(battle, side))


def emergency_repairs(battle: Battle, rules: Rules, ctx: Context) -> Battle:
    """11.27: at the end of each impulse sequence roll for each ship made unable to
    sail by battle damage: 1 restores speed 1s; 5-6 ends its repair attempts. The
    owner rolls for his own ships, told to him only (3.1; notes §7.2, as flooding):
    the enemy sees a repaired ship move, and its +1 to hit go (7.5)."""
    for s in battle.ships:
        spec = rules.of(s)
        if not s.afloat or s.no_repair or s.aground or s.damage.fixed:
            continue
        if s.damage.speed(spec) is not None:
            continue
        with ctx.private((s.side,)):  # his own ship's data sheet (3.1; notes §7.2)
            battle = _repair(battle, s, spec, ctx)
    return battle


def _repair(battle: Battle, s: BattleShip, spec: ShipSpec, ctx: Context) -> Battle:
    """One ship's 11.27 roll."""
    roll = ctx.dice.d6(f"emergency repair of {spec.name}", "GWaS 11.27")
    if roll == 1:
        lost = SPEEDS.index("1s") - SPEEDS.index(spec.speed)
        dmg = s.damage.replace(unable=False, speed_lost=lost)
        battle = battle.with_ship(s.replace(damage=dmg))
        text, result = "repaired: it can move at speed 1s", "repaired"
    elif roll >= 5:
        battle = battle.with_ship(s.replace(no_repair=True))
        text, result = "too badly damaged: no more attempts", "no_more"
    else:
        text, result = "not repaired", "not_repaired"
    ctx.log(
        "repair",
        f"{spec.name} emergency repair roll {roll}: {text}",
        "GWaS 11.27",
        ship=s.key,
        roll=roll,
        result=result,
    )
    return battle


def impulse_limit(option: bool | int | str, printed: int) -> int:
    """The battle's length: the option ``impulses`` if set (-1 = no limit, the battle
    runs until 7.36 ends it), else the scenario's (0 = no limit)."""
    chosen = int(option)
    if chosen < 0:
        return 0
    return chosen or printed


def end_impulse(battle: Battle, ctx: Context, rules: Rules) -> Battle:
    """After step 20 (and the 11.27 repairs) the battle goes on while both sides are on
    the map within sight of each other (7.36), up to the scenario's length."""
    battle = emergency_repairs(battle, rules, ctx)
    scen = battle.scenario
    if not all(fighting(battle, side) for side in SIDES):
        return end(battle, "One side has no ship left on the map", ctx, "no_ships")
    limit = impulse_limit(battle.option("impulses"), scen.impulses if scen is not None else 0)
    if limit and battle.impulse >= limit:
        return end(battle, f"The scenario ends after {battle.impulse} impulses", ctx, "time")
    if not in_contact(battle):
        return end(battle, "No ships are in sight of the enemy", ctx, "out_of_sight")
    if battle.impulse == 1:
        ctx.log(
            "long_battle",
            "The battle goes into a second impulse: every fleet in it will move one sea area "
            "less next turn (7.38)",
            "GWaS 7.38",
        )
    return battle.replace(impulse=battle.impulse + 1, step=1, fought=True)


def in_contact(battle: Battle) -> bool:
    """7.36: ships of both sides on the map within visible distance of each other;
    the Port Arthur fortresses are not ships that keep a battle going (notes A-19)."""
    reach = visual_range(battle)
    japan = [s.hex for s in afloat(battle, JAPAN) if s.hex is not None and not s.damage.fixed]
    russia = {s.hex for s in afloat(battle, RUSSIA) if s.hex is not None and not s.damage.fixed}
    return any(distance(j, r) <= reach for j in set(japan) for r in russia)


def end(battle: Battle, why: str, ctx: Context, reason: str) -> Battle:
    """End the tactical phase (7.36), and roll each fleet's fuel for the battle (7.39);
    ``reason`` is the ``battle_end`` event's (``no_ships``, ``time``, ``out_of_sight``)."""
    ctx.log(
        "battle_end",
        f"{why}: the tactical phase ends",
        "GWaS 7.36",
        reason=reason,
        impulse=battle.impulse,
    )
    roll_battle_fuel(battle.scenario, ctx)
    return battle.replace(phase="over", todo=(), acting="")


def roll_battle_fuel(scen: BattleScenario | None, ctx: Context) -> None:
    """7.39: when a battle ends, each player rolls one die for each of his fleets in it
    (BS8: each Russian squadron): that many twelfths of a fuel box, logged to that
    player only (there is no fuel track in a battle scenario). Basic Combat rolls it too."""
    for side in SIDES:
        force = scen.forces.get(side) if scen is not None else None
        fleets = (
            [name for name, _ in force.fleets] if force is not None and force.fleets else [side]
        )
        for fleet in fleets:
            with ctx.private((side,)):  # his fleet's fuel is on his own sheet (notes §7.1)
                roll = ctx.dice.d6(f"fuel used in the battle by {fleet}", "GWaS 7.39")
                ctx.log(
                    "fuel",
                    f"{fleet}: the battle used {roll}/12 of a fuel box (7.39)",
                    "GWaS 7.39",
                    side=side,
                    fleet=fleet,
                    twelfths=roll,
                )


# -- the driver: what the steps of the sequence of play (sequence_of_play.BATTLE) do ------


def ask_placement(game: Any, battle: Battle, rules: Rules) -> Decision | None:
    """The next set-up decision (7.2, 16.1)."""
    return setup.ask(battle)


def ask_move(game: Any, battle: Battle, rules: Rules) -> Decision | None:
    """The next group's move (7.32), one group at a time."""
    if not battle.todo:
        return None
    return movement.ask(battle, rules, battle.todo[0], MOVE_STEPS[battle.step])


def ask_fire(game: Any, battle: Battle, rules: Rules) -> Decision | None:
    """A squadron hit to assign (9.4), else the next ship's target (7.5, 7.8)."""
    if battle.pending:
        return fire.ask_assign(battle, rules)
    if not battle.todo:
        return None
    return fire.ask(battle, rules, battle.todo[0], battle.step in TORPEDO_STEPS)


def run_initiative(game: Any, battle: Battle, rules: Rules, ctx: Context) -> Battle:
    """Step 1 (7.1 A, 16.2)."""
    return determine_initiative(battle, ctx)


def _apply(fn: Any) -> Any:
    """An action handler ``fn(battle, rules, action, ctx)`` as the driver calls it."""

    def apply(game: Any, battle: Battle, action: Action, rules: Rules, ctx: Context) -> Battle:
        result: Battle = fn(battle, rules, action, ctx)
        return result

    apply.__name__ = fn.__name__
    return apply


def _plays() -> dict[str, Play[Any, Battle, Rules]]:
    # a placement that ends a side's set-up shows its counters: a reveal (7.2)
    place_apply = _apply(lambda b, r, a, ctx: setup.revealing(b, setup.apply(b, a, ctx), ctx))
    flagship_apply = _apply(
        lambda b, r, a, ctx: setup.revealing(b, setup.choose_flagship(b, a, ctx), ctx)
    )
    plays: dict[str, Play[Any, Battle, Rules]] = {
        "placement": Play(
            ask=ask_placement,
            apply={Place: place_apply, Flagship: flagship_apply},
            asks=lambda b, r: bool(b.todo),
        ),
        "step1": Play(run=run_initiative),
    }
    moves = {Move: _apply(movement.apply), Tow: _apply(movement.apply_tow)}
    declare = _apply(lambda b, r, a, ctx: fire.declare(b, a))
    shots = {Fire: declare, Torpedo: declare, Assign: _apply(fire.assign)}
    for n in range(2, 21):
        if n in MOVE_STEPS:
            index = 0 if n in INITIATIVE_MOVES else 1
            begin = for_side(initiative_order, index, start_move)
            plays[f"impulse.step{n}.begin"] = Play(run=begin)
            plays[f"impulse.step{n}.move"] = Play(
                run=finish_move, ask=ask_move, apply=moves, asks=lambda b, r: bool(b.todo)
            )
            continue
        for index, id in enumerate(("first", "second")):
            begin = for_side(initiative_order, index, start_fire)
            plays[f"impulse.step{n}.{id}.begin"] = Play(run=begin)
            plays[f"impulse.step{n}.{id}.fire"] = Play(
                run=fire_second if index else fire_first,
                ask=ask_fire,
                apply=shots,
                again=pending,
                asks=lambda b, r: bool(b.pending or b.todo),
            )
    return plays


DRIVER: Driver[Any, Battle, Rules] = Driver(
    BATTLE,
    _plays(),
    place,
    move,
    operator.attrgetter("over"),
    forced=False,  # a decision with one choice is still the player's to take
    places=PLACES,
)
"""The tactical battle's driver (GWaS 7.2, 7.31): a rule function that ends the impulse
or the battle moves the battle itself (to step 1 of the next impulse, 7.36)."""


__all__ = ["DRIVER", "end_impulse", "initiative_order", "roll_battle_fuel"]
