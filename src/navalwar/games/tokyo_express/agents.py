"""A heuristic US commander for the Basic Game.

It plays the way a competent player would: keep the ships together at full
speed, steer to fight at 4-6 hexes with broadsides bearing, fire every torpedo
that has a fair chance, and concentrate gunnery where the cards promise the
most damage, preferring damaged and heavy targets.
"""

from __future__ import annotations

from collections.abc import Sequence

from navalwar.actions import Action
from navalwar.dice import Dice
from navalwar.engine import Decision, Match
from navalwar.games.tokyo_express.actions import (
    FormFormations,
    GiveOrder,
    GunneryAttack,
    SetSpeed,
    TorpedoAttack,
    Turn,
)
from navalwar.games.tokyo_express.allocation import gunnery_attacks
from navalwar.games.tokyo_express.combat import (
    TORPEDO_VALUE_MOD,
    formation_speed,
    gun_band,
    torpedo_band,
)
from navalwar.games.tokyo_express.data import TEData
from navalwar.games.tokyo_express.formations import formation_ships
from navalwar.games.tokyo_express.model import DIRS, JAPAN, US, Order, Ship, State
from navalwar.games.tokyo_express.movement import next_turn_steps, path, turns_needed
from navalwar.hexgrid import Arc, Hex, arc_of, distance, turn

WEIGHT = {"BB": 4.0, "CA": 3.0, "CL": 2.0, "DD": 1.5}


def expected_gunnery(
    data: TEData, caliber: str, value: int, shift: int, target_type: str, band: str
) -> float:
    """Mean Damage Points over the result cards of a deck (TE 3.7)."""
    total, n = 0.0, 0
    for card in data.decks[caliber].values():
        if card.reshuffle:
            continue
        n += 1
        index = next((i for i, r in enumerate(card.rows) if r.value <= value), None)
        if index is None:
            continue
        row = card.rows[min(len(card.rows) - 1, max(0, index + shift))]
        total += row.damage(target_type, band) or 0
    return total / n if n else 0.0


class HeuristicUSAgent:
    """A competent US player for Tokyo Express Basic."""

    name = "heuristic"

    def __init__(self, seed: int = 0) -> None:
        self.dice = Dice(seed)

    def choose(self, match: Match, decision: Decision) -> Action:
        state: State = match.state
        data: TEData = match.data
        choices = decision.choices or ()
        if not choices:
            return decision.random_choice(self.dice)
        kind = decision.kind
        if kind == "us_formations":
            return min(
                choices, key=lambda a: len(a.groups) if isinstance(a, FormFormations) else 99
            )
        if kind == "us_speed":
            return max(choices, key=lambda a: a.speed if isinstance(a, SetSpeed) else 0)
        if kind == "us_order":
            return max(choices, key=lambda a: self._order_score(state, data, a))
        if kind == "us_turn":
            for when in ("before", "after", "none"):
                for a in choices:
                    if isinstance(a, Turn) and a.when == when:
                        return a
        if kind == "us_torpedo":
            return max(choices, key=lambda a: self._torpedo_score(state, data, a))
        if kind == "us_gunnery":
            return max(choices, key=lambda a: self._gunnery_score(state, data, a))
        return choices[0]

    # -- movement ------------------------------------------------------------------------
    def _order_score(self, state: State, data: TEData, action: Action) -> float:
        if not isinstance(action, GiveOrder):
            return -1e9
        f = state.formation(action.formation)
        ships = formation_ships(state, f)
        enemies = list(state.side_ships(JAPAN, include_sinking=False))
        if not enemies:
            return 1.0 if action.maneuver == "ahead" else 0.0
        order = Order(action.maneuver, DIRS[action.direction])
        pos = [(s.hex, s.heading) for s in ships]
        need = turns_needed(order.maneuver, f.speed)
        done = 0
        score = 0.0
        for p in range(1, 7):
            n = data.moves(f.speed, p)
            if n and done < need:
                steps = next_turn_steps(Order(order.maneuver, order.direction, done))
                pos = [(h, turn(hd, steps)) for h, hd in pos]
                done += 1
            pos = [((path(h, hd, n)[-1] if n else h), hd) for h, hd in pos]
            d = min(distance(h, e.hex) for h, _ in pos for e in enemies)
            score -= abs(d - 5) * (0.5 if p < 6 else 2.0)
            if d < 2:
                score -= 3
        h, hd = pos[0]
        nearest = min(enemies, key=lambda e: distance(h, e.hex))
        if arc_of(h, hd, nearest.hex) in (Arc.PORT, Arc.STARBOARD):
            score += 2.0
        return score

    # -- combat --------------------------------------------------------------------------
    def _torpedo_score(self, state: State, data: TEData, action: Action) -> float:
        if not isinstance(action, TorpedoAttack) or not action.target:
            return 0.0
        ship = state.ship(action.ship)
        target = state.ship(action.target)
        if target.sinking:
            return -1.0
        spec = data.ship(ship.name)
        d = distance(ship.hex, target.hex)
        where = arc_of(target.hex, target.heading, ship.hex)
        mod = TORPEDO_VALUE_MOD.get((US, torpedo_band(d)), -9)
        mod -= 1 if where in (Arc.BOW, Arc.STERN) else 0
        total = sum(spec.salvos[i].value + mod for i in action.salvos)
        if total < 2:
            return -1.0
        return total * WEIGHT[data.ship(target.name).rule_type] / (1 + len(action.salvos) * 0.15)

    def _gunnery_score(self, state: State, data: TEData, action: Action) -> float:
        if not isinstance(action, GunneryAttack):
            return 0.0
        ship = state.ship(action.ship)
        spec = data.ship(ship.name)
        score = 0.0
        for a in gunnery_attacks(data, ship, action):
            target = state.ship(a.target)
            if target.sinking:
                continue
            d = distance(ship.hex, target.hex)
            up = (1 if d == 0 else 0) + (1 if formation_speed(state, target) <= 3 else 0)
            shift = (1 if a.split else 0) + ship.level - up
            tspec = data.ship(target.name)
            exp = expected_gunnery(data, spec.caliber, a.value, shift, tspec.rule_type, gun_band(d))
            left = max(1, tspec.boxes - target.hits)
            score += exp * WEIGHT[tspec.rule_type] * (1.0 + 2.0 / left)
        return score


__all__ = ["HeuristicUSAgent", "Hex", "Sequence", "Ship", "expected_gunnery"]


AGENTS = {"heuristic": HeuristicUSAgent}  # the agents this game offers (navalwar.agents)
