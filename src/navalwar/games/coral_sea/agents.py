"""A heuristic Coral Sea commander for either side (not rules: a player's rules of thumb).

:class:`HeuristicAgent` answers every decision from what its side may know: its own
forces, the board's public facts (bases and who holds them, enemy TF counters, ships
outside TFs, aircraft at bases, reveals) and the decision itself. It reads the state
only through helpers that look at those facts (a test checks that its choices do not
change across ``Game.hidden_variants``). The plan follows the scenario's aim:

* **the objective**: the place the victory conditions name (Lae 28.2.5, Tulagi 28.3.5,
  Port Moresby 28.4.5), or Rabaul in the raid (28.1.5);
* **set-up** (28.x): the best of a few legal set-ups drawn by the rules' sampler,
  scored by how near the invasion TFs (Japan) or the carriers (either side) start to
  the objective, with escorts beside the transports, and how early they enter;
* **initiative** (4.A): always taken (Japan invades only while holding it, 23.A; the
  Allies deny it);
* **reconnaissance** (12.1): each source checks the unchecked sea hex nearest the
  enemy's last known TF counters, else nearest the objective's approaches; sea-based
  sources first place their TF counter two hexes off their true hex (12.1.2.A);
* **ship movement** (15.C): Japan's transports (flagged APs) steam by the shortest sea
  path to the objective with surface TFs alongside, carriers screen four hexes short;
  the Allies close on a revealed enemy TF with their carriers to strike range, and put
  surface TFs on the objective;
* **air** (``air_plans``): CAP over bases and carriers, strikes at revealed enemy TFs
  with escorts, a few long-range scouts, landings at the nearest field with room;
* **combat** (25.0): cscombat's ``combat_choices`` (fighters first, escorts lost before
  bombers, carriers screened, surface actions closed on the stronger guns, every
  battery at the ship most likely to sink), except the waves' targets: the most VP,
  a transport far above its VP for the Allies where Japan must land (23.A), Rabaul's
  airfield for the raid's Allied waves (28.1.5);
* anything else (maintenance, USAAF placements): the decision's own sampler, with the
  agent's dice.
"""

from __future__ import annotations

import functools
from collections import deque
from collections.abc import Callable
from typing import Any

from navalwar.actions import Action
from navalwar.dice import Dice
from navalwar.engine import Decision, Match
from navalwar.games.coral_sea import air_plans, combat_choices, geo
from navalwar.games.coral_sea.actions import (
    ChooseInitiative,
    EndReconnaissance,
    PlaceTFCounter,
    PlotMoves,
    ReconCheck,
    SetUp,
)
from navalwar.games.coral_sea.data import CoralSeaData
from navalwar.games.coral_sea.model import State
from navalwar.games.coral_sea.reconnaissance import COUNTER_RANGE, RECON_TYPES, sources
from navalwar.games.coral_sea.scenario import ScenarioSpec, spec_of
from navalwar.games.coral_sea.ship_movement import unit_hexes
from navalwar.games.coral_sea.units import JAPAN
from navalwar.hexgrid import Hex, distance, hexes_within, line, neighbours

SET_UP_DRAWS = 6  # legal set-ups drawn and scored
CARRIERS = ("CV", "CVL")
SCREEN = 4  # Japan's carriers keep this many hexes short of the objective
STRIKE_STANDOFF = 5  # carriers close on a known enemy TF to this distance
RAID_STANDOFF = 7  # the raid's Allied carriers stand this far off Rabaul (28.1.5)

SeaDistances = dict[Hex, int]


@functools.lru_cache(maxsize=64)
def _squall_hexes(squalls: tuple[Hex, ...], radius: int) -> frozenset[Hex]:
    return frozenset(h for s in squalls for h in hexes_within(s, radius))


def affected(state: State) -> frozenset[Hex]:
    """Every squall or squall-influenced hex now (``weather.affected``, 5.2), at once."""
    radius = int(state.option("squall_influence", 1))  # type: ignore[call-overload]
    return _squall_hexes(tuple(state.squalls), radius)


def objective(state: State, data: CoralSeaData) -> Hex | None:
    """The hex the scenario is fought over (28.1.5-28.4.5): the victory place, Port
    Moresby in Scenario 4 and the campaign, Rabaul in the raid."""
    spec = state.scenario.extra.get("spec")
    if not isinstance(spec, ScenarioSpec):
        return None  # (a state built without a scenario spec: a test's)
    vic = spec.victory
    name = vic.place or {"coral_sea": "Port Moresby", "rabaul": "Rabaul"}.get(vic.kind, "")
    found = geo.bases_named(data, name) if name else ()
    return found[0].hex if found else None


class _Sea:
    """Shortest sea paths on one map (cached breadth-first searches)."""

    def __init__(self, data: CoralSeaData) -> None:
        self.data = data
        self.spec = data.geography.spec
        self._from: dict[Hex, SeaDistances] = {}
        self._next: dict[Hex, list[Hex]] = {}

    def steps(self, h: Hex) -> list[Hex]:
        """The sea-passable in-bounds neighbours of ``h`` (6.B, 15.G)."""
        out = self._next.get(h)
        if out is None:
            g = self.data.geography
            out = sorted(
                n for n in neighbours(h) if self.spec.in_bounds(n) and g.is_sea_passable(n)
            )
            self._next[h] = out
        return out

    def to(self, goal: Hex) -> SeaDistances:
        """Sea hexes by their number of steps to ``goal`` (the goal itself may be a
        coastal hex: ships end there to invade, 23.A)."""
        found = self._from.get(goal)
        if found is None:
            found = {goal: 0}
            todo = deque([goal])
            while todo:
                h = todo.popleft()
                for n in self.steps(h):
                    if n not in found:
                        found[n] = found[h] + 1
                        todo.append(n)
            self._from[goal] = found
        return found

    def path(
        self, state: State, start: Hex, goal: Hex, speed: int, standoff: int, exact: bool = True
    ) -> list[Hex]:
        """Up to ``speed`` steps from ``start`` toward ``goal``, stopping ``standoff``
        steps short, and on entering a squall-influenced hex (5.2.E, 15.B). ``exact``:
        by the shortest sea path (a search of the map, remembered per goal); otherwise
        greedily by hex distance (for goals that change every turn)."""
        dist: SeaDistances | _Distances = self.to(goal) if exact else _Distances(goal)
        out: list[Hex] = []
        at = start
        squalls = affected(state)
        here = dist.get(at)
        if here is None:
            return out
        for _ in range(speed):
            if here <= standoff:
                break
            nxt = [n for n in self.steps(at) if dist.get(n, here) < here]
            if not nxt:
                break
            at = min(nxt, key=lambda n: (dist.get(n, here), distance(n, goal), n.q, n.r))
            here = dist.get(at, here)
            out.append(at)
            if at in squalls:
                break
        return out


class _Distances:
    """Hex distance to a goal, with the ``get`` of a mapping (a greedy sea path's guide)."""

    def __init__(self, goal: Hex) -> None:
        self.goal = goal

    def get(self, h: Hex, default: int | None = None) -> int:
        return distance(h, self.goal)


_SEAS: dict[int, _Sea] = {}


def _sea_of(data: CoralSeaData) -> _Sea:
    """The sea paths of ``data``'s map, shared by every agent of the process (the map is
    immutable; the few packs a process loads are kept)."""
    found = _SEAS.get(id(data))
    if found is None or found.data is not data:
        if len(_SEAS) > 8:
            _SEAS.clear()
        found = _SEAS[id(data)] = _Sea(data)
    return found


class HeuristicAgent:
    """Rules of thumb for either side of any Coral Sea scenario (module docstring)."""

    name = "heuristic"

    def __init__(self, seed: int = 0) -> None:
        self.dice = Dice(seed)
        self._sea: _Sea | None = None
        self._checked: tuple[int, str, set[Hex]] = (-1, "", set())
        self._plans: dict[str, Callable[[State, CoralSeaData, Decision], Action | None]] = {
            "set_up": self._set_up,
            "initiative": self._initiative,
            "reconnaissance": self._reconnaissance,
            "plot": self._plot,
            "usaaf_roll": self._first,
            "designate_target": _target,
        }

    def sea(self, data: CoralSeaData) -> _Sea:
        if self._sea is None or self._sea.data is not data:
            self._sea = _sea_of(data)
        return self._sea

    def choose(self, match: Match, decision: Decision) -> Action:
        state: State = match.state
        data: CoralSeaData = match.data
        plan = self._plans.get(decision.kind)
        action = plan(state, data, decision) if plan is not None else None
        if action is None:
            action = combat_choices.choose(decision, state, data)
        if action is None:
            action = air_plans.choose(state, data, decision, self.dice)
        if action is not None and decision.check(action) is None:
            return action
        return decision.random_choice(self.dice)

    # -- the decisions ---------------------------------------------------------------------
    @staticmethod
    def _first(state: State, data: CoralSeaData, decision: Decision) -> Action | None:
        return decision.choices[0] if decision.choices else None

    @staticmethod
    def _initiative(state: State, data: CoralSeaData, decision: Decision) -> Action | None:
        return ChooseInitiative(accept=True)

    def _set_up(self, state: State, data: CoralSeaData, decision: Decision) -> Action | None:
        """The best of :data:`SET_UP_DRAWS` sampled legal set-ups (28.x)."""
        if decision.sample is None:
            return None
        goal = objective(state, data)
        best: tuple[float, SetUp] | None = None
        for _ in range(SET_UP_DRAWS):
            cand = decision.sample(self.dice)
            if not isinstance(cand, SetUp):
                return None
            score = self._score_set_up(data, decision.side, cand, goal)
            if best is None or score > best[0]:
                best = (score, cand)
        return None if best is None else best[1]

    def _score_set_up(self, data: CoralSeaData, side: str, cand: SetUp, goal: Hex | None) -> float:
        if goal is None:
            return 0.0
        dist = self.sea(data).to(goal)
        members: dict[str, list[str]] = {}
        for ship, where in cand.ships:
            members.setdefault(where, []).append(data.ships[ship].type)
        score = 0.0
        for tf, label, turn in cand.task_forces:
            types = members.get(tf, [])
            h = geo.hex_of(data, label)
            d = dist.get(h, 60)
            score -= 2 * turn
            if side == JAPAN and "AP" in types:
                score -= 3 * d - 2 * sum(t in ("CA", "CL", "DD") for t in types)
            elif any(t in CARRIERS for t in types):
                score -= abs(d - SCREEN)
        return score

    def _reconnaissance(
        self, state: State, data: CoralSeaData, decision: Decision
    ) -> Action | None:
        side = decision.side
        turn_key = (state.turn, side)
        if self._checked[:2] != turn_key:
            self._checked = (*turn_key, set())
        checked = self._checked[2]
        sea = self.sea(data)
        for tf in state.task_forces:
            if tf.side != side or tf.counter is not None or tf.hex is None:
                continue
            if not any(data.ships[s.name].type in RECON_TYPES for s in state.ships_of(tf)):
                continue
            spots = [
                h
                for h in geo.sea_hexes(data, hexes_within(tf.hex, COUNTER_RANGE))
                if distance(h, tf.hex) == COUNTER_RANGE
            ]
            if spots:
                far = self._away(state, data, side)
                spot = max(spots, key=lambda h: (distance(h, far) if far else 0, -h.q, -h.r))
                return PlaceTFCounter(tf.id, geo.label(data, spot))
        focus = self._enemy_focus(state, data, side)
        if not focus:
            return EndReconnaissance()
        squalls = affected(state)
        for name, (origin, reach, _key) in sorted(sources(state, data, side).items()):
            if origin in squalls:
                continue
            near = [f for f in focus if distance(f, origin) <= reach]
            if near:
                pool = near + [h for f in near for h in neighbours(f)]
            else:  # the hex at the check's reach toward the nearest focus, and around it
                f = min(focus, key=lambda x: (distance(x, origin), x.q, x.r))
                edge = line(origin, f)[reach]
                pool = hexes_within(edge, 2)
            cands = [
                h
                for h in pool
                if distance(h, origin) <= reach
                and h not in checked
                and h not in squalls
                and h in sea.spec.hex_set
                and sea.steps(h)
            ]
            if not cands:
                continue
            best = min(cands, key=lambda h: (min(distance(h, f) for f in focus), h.q, h.r))
            checked.add(best)
            return ReconCheck(name, geo.label(data, best))
        return EndReconnaissance()

    def _away(self, state: State, data: CoralSeaData, side: str) -> Hex | None:
        focus = self._enemy_focus(state, data, side)
        return focus[0] if focus else None

    @staticmethod
    def _enemy_focus(state: State, data: CoralSeaData, side: str) -> list[Hex]:
        """Where the enemy's ships are thought to be: its TF counters on the board
        (public, 12.1.2.A), else the objective, else its bases."""
        seen = [
            tf.counter for tf in state.task_forces if tf.side != side and tf.counter is not None
        ]
        seen += [
            s.hex
            for s in state.ships
            if s.side != side and s.tf is None and s.hex is not None and not s.sunk
        ]
        if seen:
            return sorted(set(seen), key=lambda h: (h.q, h.r))
        goal = objective(state, data)
        return [goal] if goal is not None else []

    def _plot(self, state: State, data: CoralSeaData, decision: Decision) -> Action | None:
        """Every group's path toward its aim (15.C); no regrouping."""
        side = decision.side
        units: dict[str, Any] = decision.context.get("units", {})
        goal = objective(state, data)
        if goal is None:
            return None
        sea = self.sea(data)
        where = unit_hexes(state, side)
        known = [
            tf.counter
            for tf in state.task_forces
            if tf.side != side and tf.counter is not None and tf.revealed
        ]
        ship_types = {s.name: data.ships[s.name].type for s in state.ships if s.side == side}
        flagged = {s.name for s in state.ships if s.side == side and s.flag and not s.sunk}
        raid = spec_of(state.scenario).victory.kind == "rabaul"
        moves: list[tuple[str, tuple[str, ...]]] = []
        escort_to: Hex | None = None
        order = sorted(units, key=lambda k: (not any(n in flagged for n in units[k]["ships"]), k))
        for key in order:
            info = units[key]
            start = where.get(key)
            speed = int(info["speed"])
            if start is None or not speed:
                moves.append((key, ()))
                continue
            types = [ship_types.get(n, "") for n in info["ships"]]
            invading = side == JAPAN and any(n in flagged for n in info["ships"])
            carriers = any(t in CARRIERS for t in types)
            if invading:
                aim, stand = goal, 0
            elif carriers and raid and side != JAPAN:
                aim, stand = goal, RAID_STANDOFF
            elif carriers and known:
                aim = min(known, key=lambda h: (distance(h, start), h.q, h.r))
                stand = STRIKE_STANDOFF
            elif carriers:
                aim, stand = goal, SCREEN if side == JAPAN else 2
            elif side == JAPAN and escort_to is not None:
                aim, stand = escort_to, 0
            else:
                aim, stand = goal, 0
            path = sea.path(state, start, aim, speed, stand, exact=aim == goal)
            if invading and escort_to is None:
                escort_to = path[-1] if path else start
            moves.append((key, tuple(geo.label(data, h) for h in path)))
        return PlotMoves(tuple(sorted(moves)), ())


# -- combat (25.0) -------------------------------------------------------------------------
def _ship_value(state: State, data: CoralSeaData, side: str, name: str) -> float:
    """What sinking or damaging the enemy ship ``name`` is worth to ``side``: its VP (24.A),
    a transport far more to the Allies where Japan must land (23.A, 28.x)."""
    spec = data.ships.get(name)
    if spec is None:
        return 0.0
    value = float(data.tables.ship_vp.get(spec.type, 0))
    if spec.type == "AP" and side != JAPAN and spec_of(state.scenario).victory.kind != "rabaul":
        value += 20.0
    return value + 0.1 * max(spec.gunnery, default=0)


def _target(state: State, data: CoralSeaData, decision: Decision) -> Action | None:
    """The most valuable target (the raid's Allied waves: Rabaul's airfield, 28.1.5)."""
    if not decision.choices:
        return None
    raid = spec_of(state.scenario).victory.kind == "rabaul"

    def value(a: Action) -> float:
        t = str(getattr(a, "target", ""))
        if t.startswith("airfield:"):
            return 50.0 if raid and decision.side != JAPAN and "Rabaul" in t else 1.0
        if t.startswith("ground:"):
            return 0.5
        return _ship_value(state, data, decision.side, t)

    return max(decision.choices, key=lambda a: (value(a), -decision.choices.index(a)))  # type: ignore[union-attr]


__all__ = ["HeuristicAgent", "objective"]
