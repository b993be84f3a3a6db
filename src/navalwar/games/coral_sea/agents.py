"""Coral Sea's heuristic agent (not rules): search, strike what is found, go for the objective.

The agent reads what its side may know (its own units, the public board) and answers:

* set-up: the decision's sampler (a random legal set-up);
* initiative (4.A): Japan accepts (it cannot invade without it, 23.A); the Allies
  accept on a Noon turn (USAAF, 21.B) and decline otherwise ("the plague");
* reconnaissance (12.1): every TF able to search puts its counter out, then every check
  is made (the sampler's), until none is left;
* ship plots (15.C): every group steps toward its side's objective (the scenario's
  place to take or hold, 28.x.5; the Raid on Rabaul's Allies toward Rabaul);
* air and combat decisions: ``air_plans.choose`` (csair) and ``combat_choices.choose``
  (cscombat); anything without a plan: the decision's sampler.

Every action is checked against the decision; one that fails falls back on the sampler.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from navalwar.actions import Action
from navalwar.dice import Dice
from navalwar.engine import Decision
from navalwar.games.coral_sea import geo, ship_movement, weather
from navalwar.games.coral_sea.actions import (
    ChooseInitiative,
    EndReconnaissance,
    PlaceTFCounter,
    PlotMoves,
    ReconCheck,
)
from navalwar.games.coral_sea.data import CoralSeaData
from navalwar.games.coral_sea.model import NOON, State
from navalwar.games.coral_sea.scenario import spec_of
from navalwar.games.coral_sea.units import JAPAN
from navalwar.hexgrid import Hex, distance, neighbours

if TYPE_CHECKING:
    from navalwar.engine import Match


def objective(state: State, data: CoralSeaData, side: str) -> Hex:
    """Where ``side``'s ships head: the place the scenario's victory turns on."""
    vic = spec_of(state.scenario).victory
    if vic.kind == "rabaul":
        return data.geography.place("Rabaul")
    place = vic.place if vic.kind == "hold" else "Port Moresby"
    return data.geography.place(place)


def sea_distances(data: CoralSeaData, goal: Hex) -> dict[Hex, int]:
    """Hexes a ship may sail through (6.B) -> sailing distance to ``goal``."""
    spec, geog = data.geography.spec, data.geography
    out = {goal: 0}
    frontier = [goal]
    while frontier:
        nxt = []
        for h in frontier:
            for n in neighbours(h):
                if n not in out and spec.in_bounds(n) and geog.is_sea_passable(n):
                    out[n] = out[h] + 1
                    nxt.append(n)
        frontier = nxt
    return out


def _toward(
    state: State, data: CoralSeaData, start: Hex, far: Mapping[Hex, int], speed: int
) -> list[Hex]:
    path: list[Hex] = []
    at = start
    spec = data.geography.spec
    for _ in range(speed):
        here = far.get(at, distance(at, start) + 10_000)
        options = [h for h in neighbours(at) if far.get(h, 10_000) < here]
        if not options:
            break
        at = min(options, key=lambda h: (far[h], spec.label(h)))
        path.append(at)
        if weather.affected(state, at):
            break
    return path


def plot(state: State, data: CoralSeaData, side: str) -> PlotMoves:
    """Every group of ``side`` one or two hexes nearer its objective (15.A)."""
    far = sea_distances(data, objective(state, data, side))
    moves = []
    for key, info in sorted(ship_movement.unit_speeds(state, data, side).items()):
        start, speed = info
        path = _toward(state, data, start, far, speed)
        moves.append((key, tuple(geo.label(data, h) for h in path)))
    return PlotMoves(tuple(moves))


def _recon(state: State, data: CoralSeaData, decision: Decision, dice: Dice) -> Action:
    unplaced = decision.context.get("unplaced", [])
    if unplaced:
        for _ in range(8):  # the sampler's counter: a random hex within two (12.1.2.A)
            action = decision.random_choice(dice)
            if isinstance(action, PlaceTFCounter):
                return action
        tf = state.task_force(unplaced[0], decision.side)
        if tf is not None and tf.hex is not None:
            return PlaceTFCounter(tf.id, geo.label(data, tf.hex))
    if not decision.context.get("sources"):
        return EndReconnaissance()
    for _ in range(6):
        action = decision.random_choice(dice)
        if isinstance(action, ReconCheck):
            return action
    return EndReconnaissance()


class HeuristicAgent:
    """The heuristic player of either side."""

    def __init__(self, seed: int = 0) -> None:
        self.dice = Dice(seed)

    def choose(self, match: Match, decision: Decision) -> Action:
        state, data = match.state, match.data
        action = self._plan(state, data, decision)
        if action is None or decision.check(action) is not None:
            return decision.random_choice(self.dice)
        return action

    def _plan(self, state: State, data: CoralSeaData, decision: Decision) -> Action | None:
        kind = decision.kind
        if kind == "initiative":
            return ChooseInitiative(decision.side == JAPAN or state.time == NOON)
        if kind == "reconnaissance":
            return _recon(state, data, decision, self.dice)
        if kind == "plot":
            return plot(state, data, decision.side)
        from navalwar.games.coral_sea import air_plans, combat_choices

        found: Any = air_plans.choose(state, data, decision, self.dice)
        if found is None:
            found = combat_choices.choose(decision, state, data)
        return found if isinstance(found, Action) else None


AGENTS: Mapping[str, Any] = {"heuristic": HeuristicAgent}
