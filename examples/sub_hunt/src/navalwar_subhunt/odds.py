"""Exact odds of Sub Hunt's attacks (``navalwar.odds.attacks``), from the game's own rolls
(:mod:`navalwar_subhunt.combat`) on enumerating dice.

A depth-charge pattern's odds are those *if the submarine is in the target hex*: the
Hunter does not know where it is (SH 1.3), so odds computed from its true hex would
tell him. A torpedo's are exact: the Submarine knows both hexes.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from navalwar.actions import Action
from navalwar.errors import NavalwarError
from navalwar.odds import Odds, enumerate_dice
from navalwar_subhunt import combat
from navalwar_subhunt.actions import DropDepthCharges, FireTorpedo
from navalwar_subhunt.data_pack import GAME_ID
from navalwar_subhunt.model import MAP, State, Tables

ZERO = Fraction(0)


def attacks(state: State, data: Tables, action: Action, **options: Any) -> tuple[Odds[Any], ...]:
    """The odds of the attack ``action`` makes (none for holding or moving)."""
    if options:
        raise NavalwarError(f"Sub Hunt's odds take no options, not {', '.join(sorted(options))}")
    if isinstance(action, FireTorpedo) and action.fire and state.sub is not None:
        sub, dd = state.sub, state.destroyer
        hit = enumerate_dice(lambda dice: combat.torpedo_hits(sub, dd, data, dice))
        scored = {int(k): p for k, p in hit.items()}
        after = {max(state.hull - k, 0): p for k, p in scored.items()}
        return (
            Odds(
                GAME_ID,
                "torpedo",
                "Submarine",
                "Destroyer",
                scored,
                after,
                after.get(0, ZERO),
                unit="hit",
                rule="SH 6.3",
            ),
        )
    if isinstance(action, DropDepthCharges) and action.hex:
        target = MAP.hex(action.hex)
        damaged = state.sub_damaged
        results = enumerate_dice(
            lambda dice: combat.depth_charge(target, target, damaged, data, dice)
        )
        hits: dict[int, Fraction] = {}
        for result, p in results.items():
            k = 0 if result == combat.NO_EFFECT else 1
            hits[k] = hits.get(k, ZERO) + p
        return (
            Odds(
                GAME_ID,
                "depth_charge",
                "Destroyer",
                "Submarine",
                hits,
                dict(results),
                results.get(combat.DESTROYED, ZERO),
                unit="damage",
                rule="SH 9.2",
                readings=("if the submarine is in the target hex (its hex is secret, SH 1.3)",),
            ),
        )
    return ()
