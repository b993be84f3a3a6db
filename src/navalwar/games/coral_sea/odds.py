"""Exact odds of Coral Sea's combat (25.1-25.4): air-to-air, bombing, gunnery, torpedoes.

Every figure comes from the game's own resolution functions (``air_to_air.engage``,
``bombing.*``, ``surface_action.gunnery``/``torpedo_attack``) run on
:class:`~navalwar.odds.EnumeratingDice`, which explores every roll: the results are
exact fractions summing to 1. The damage a result does to a ship is worked out by
``ship_damage`` (boxes right to left, an AP's hits all flotation, 25.4.5).

:func:`attacks` is the game's odds hook (:func:`navalwar.odds.attacks`): the attacks
a candidate ``DesignateTarget`` (each bombing attack of the wave on a ship, in the
order they are resolved), ``FireGuns`` (each battery) or ``FireTorpedoes`` (each
salvo) makes. Readings:

* The attack alone, on the target as it stands: a wave's bombing odds are those of
  its counters as they are now, before the AA fire it will meet (25.2) and the
  losses its owner will choose; each of a wave's attacks is shown on the undamaged
  target, not after the ones before it.
* ``hits`` counts boxes darkened (flotation and gunnery together).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from fractions import Fraction
from typing import Any, TypeVar

import attrs

from navalwar.actions import Action
from navalwar.dice import Dice
from navalwar.engine import Context
from navalwar.errors import NavalwarError
from navalwar.games.coral_sea import air_state as air
from navalwar.games.coral_sea import bombing
from navalwar.games.coral_sea import surface_action as surface
from navalwar.games.coral_sea.air_to_air import bomb_factor, engage
from navalwar.games.coral_sea.combat_actions import DesignateTarget, FireGuns, FireTorpedoes
from navalwar.games.coral_sea.data import CoralSeaData
from navalwar.games.coral_sea.model import Ship, State
from navalwar.games.coral_sea.ship_damage import ship_named, speed
from navalwar.games.coral_sea.table_types import SECONDARY, Gunnery, Hits
from navalwar.odds import Odds, enumerate_dice

T = TypeVar("T")


def _exact(fn: Callable[[Context], T]) -> dict[T, Fraction]:
    return enumerate_dice(lambda dice: fn(Context(dice, record=False)))


def air_engagement(
    first: Sequence[air.Aircraft], second: Sequence[air.Aircraft], data: CoralSeaData
) -> dict[tuple[int, int], Fraction]:
    """The exact distribution of (counters ``first`` loses, counters ``second`` loses)
    when the two waves meet (25.1.2.B-C)."""

    def one(ctx: Context) -> tuple[int, int]:
        x = engage(first, second, data, ctx)
        return (x.first_loses, x.second_loses)

    return _exact(one)


def level_wave(total: int, data: CoralSeaData) -> dict[Hits, Fraction]:
    """A level-bombing wave of ``total`` bomb strength against a ship (14.1.1.B)."""
    return _exact(lambda ctx: bombing.level_ships(total, data, ctx))


def dive_counter(bomb: int, data: CoralSeaData) -> dict[Hits, Fraction]:
    """One dive-bomber counter against a ship: to hit, then damage (14.1.2.C)."""
    return _exact(lambda ctx: bombing.dive_ship(bomb, data, ctx))


def torpedo_counter(bomb: int, data: CoralSeaData) -> dict[Hits, Fraction]:
    """One torpedo-bomber counter against a ship (14.1.3.A; notes A30)."""
    return _exact(lambda ctx: bombing.torpedo_ship(bomb, data, ctx))


def gunnery_round(table: Gunnery, factor: int, drm: int = 0) -> dict[Hits, Fraction]:
    """One battery of ``factor`` firing on a Gunnery Table with ``drm`` (25.4.3-25.4.4)."""
    return _exact(lambda ctx: surface.gunnery(table, factor, drm, ctx, "odds"))


def torpedo_salvo(factor: int, data: CoralSeaData) -> dict[Hits, Fraction]:
    """One ship's torpedo salvo (25.4.6)."""
    return _exact(lambda ctx: surface.torpedo_attack(factor, data, ctx, "odds"))


@attrs.frozen
class ShipResult:
    """A target ship after an attack: boxes darkened by it, its speed, sunk."""

    ship: str
    flotation: int
    gunnery: int
    speed: int
    sunk: bool


def on_ship(
    target: Ship,
    hits: dict[Hits, Fraction],
    data: CoralSeaData,
    kind: str,
    attacker: str,
    rule: str,
) -> Odds[ShipResult]:
    """The distribution of ``hits`` applied to ``target`` (25.4.5), as :class:`Odds`."""
    spec = data.ships[target.name]
    boxes: dict[int, Fraction] = {}
    outcomes: dict[ShipResult, Fraction] = {}
    for h, p in hits.items():
        flot, gun = h.flotation, h.gunnery
        if spec.type == "AP":  # 25.4.5.E
            flot, gun = flot + gun, 0
        flot = min(flot, len(spec.flotation) - target.flotation_hits)
        gun = min(gun, max(0, len(spec.gunnery) - target.gunnery_hits))
        after = attrs.evolve(
            target,
            flotation_hits=target.flotation_hits + flot,
            gunnery_hits=target.gunnery_hits + gun,
        )
        sunk = after.flotation_hits >= len(spec.flotation)
        result = ShipResult(target.name, flot, gun, 0 if sunk else speed(after, spec), sunk)
        boxes[flot + gun] = boxes.get(flot + gun, Fraction(0)) + p
        outcomes[result] = outcomes.get(result, Fraction(0)) + p
    sunk_p = sum((p for o, p in outcomes.items() if o.sunk), Fraction(0))
    return Odds("coral_sea", kind, attacker, target.name, boxes, outcomes, sunk_p, "box", rule)


def wave_attacks(
    state: State, data: CoralSeaData, wave: Sequence[str], target: str
) -> tuple[Odds[ShipResult], ...]:
    """The odds of each bombing attack of ``wave`` on ship ``target``, in the order the
    rules resolve them: the level bombers together, then each dive and each torpedo
    counter (25.3; notes A29)."""
    ship = ship_named(state, target)
    planes = [a for a in state.air.aircraft if a.id in set(wave)]
    bombers = [a for a in planes if a.mission in air.BOMBING and bomb_factor(a, data) > 0]
    level = [a for a in bombers if a.mission == air.LEVEL]
    out = []
    if level:
        total = sum(bomb_factor(a, data) for a in level)
        ids = "+".join(a.id for a in level)
        out.append(on_ship(ship, level_wave(total, data), data, "level", ids, "14.1.1"))
    for a in bombers:
        if a.mission == air.DIVE:
            dist = dive_counter(bomb_factor(a, data), data)
            out.append(on_ship(ship, dist, data, "dive", a.id, "14.1.2"))
        elif a.mission == air.TORPEDO:
            dist = torpedo_counter(bomb_factor(a, data), data)
            out.append(on_ship(ship, dist, data, "torpedo", a.id, "14.1.3"))
    return tuple(out)


def attacks(state: Any, data: Any, action: Action, **options: Any) -> tuple[Odds[Any], ...]:
    """The game's odds hook (:func:`navalwar.odds.attacks`); no options.

    Raises:
        NavalwarError: an option, or an action that makes no attack.
    """
    if options:
        raise NavalwarError(f"Coral Sea odds take no options, not {sorted(options)}")
    if not isinstance(state, State) or state.combat is None or state.combat.current is None:
        raise NavalwarError("attack odds need a combat in progress (25.0)")
    hc = state.combat.current
    if isinstance(action, DesignateTarget):
        if ":" in action.target:
            return ()
        return wave_attacks(state, data, hc.waves[action.wave].aircraft, action.target)
    if isinstance(action, FireGuns):
        sa = hc.surface
        assert sa is not None
        ranged = dict(sa.ranged)
        out = []
        for firer, battery, target in action.fire:
            drm = 1 if sa.range == SECONDARY and ranged.get(firer) != target else 0
            table = data.tables.intermediate if battery == "intermediate" else data.tables.secondary
            factor = surface.battery_factor(ship_named(state, firer), battery, data)
            dist = gunnery_round(table, factor, drm)
            out.append(on_ship(ship_named(state, target), dist, data, "gunnery", firer, "25.4.3"))
        return tuple(out)
    if isinstance(action, FireTorpedoes):
        return tuple(
            on_ship(
                ship_named(state, target),
                torpedo_salvo(data.ships[firer].torpedo, data),
                data,
                "torpedo",
                firer,
                "25.4.6",
            )
            for firer, target in action.fire
        )
    raise NavalwarError(f"{action.describe()} is not an attack: choose a target, guns or torpedoes")


def sample(fn: Callable[[Context], T], n: int, seed: int = 0) -> dict[T, Fraction]:
    """A seeded Monte Carlo of ``fn`` (``n`` runs), as frequencies, for checking odds."""
    dice = Dice(seed)
    ctx = Context(dice, record=False)
    counts: dict[T, int] = {}
    for _ in range(n):
        r = fn(ctx)
        counts[r] = counts.get(r, 0) + 1
    return {k: Fraction(v, n) for k, v in counts.items()}


__all__ = [
    "ShipResult",
    "air_engagement",
    "attacks",
    "dive_counter",
    "gunnery_round",
    "level_wave",
    "on_ship",
    "sample",
    "torpedo_counter",
    "torpedo_salvo",
    "wave_attacks",
]
