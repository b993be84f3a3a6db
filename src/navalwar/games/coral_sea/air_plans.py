"""Sensible air choices for a heuristic agent (not rules): search, strike what is found, get home.

:func:`choose` answers the air decisions with a plan a player would recognise, using
only what the deciding side may know (its own counters, the board's public TF
counters and reveals): CAP half the ready fighters at each base; strike a revealed
enemy TF (or, failing that, an enemy field) within reach of its bombers, with
fighters as escort, from bases that can get them home; send scouts out to the far
edge of their range over the sea; land each returning counter at the nearest base
with room. It returns ``None`` for a decision it has no plan for (the agent then
falls back on the decision's sampler), and every action it gives passes the
decision's validator.
"""

from __future__ import annotations

from typing import Any

from navalwar.actions import Action
from navalwar.dice import Dice
from navalwar.engine import Decision
from navalwar.games.coral_sea import air_state as air
from navalwar.games.coral_sea.air_actions import CommitCap, EndAirMoves, Fly, Land
from navalwar.games.coral_sea.air_bases import accepts, air_point, bases, counter_problem
from navalwar.games.coral_sea.air_common import label
from navalwar.games.coral_sea.air_movement import Launch, launches
from navalwar.games.coral_sea.air_range import budget, entry_cost, may_fly, reach_from
from navalwar.games.coral_sea.air_return import landings, returning
from navalwar.games.coral_sea.cap import eligible
from navalwar.games.coral_sea.data import CoralSeaData
from navalwar.games.coral_sea.model import State
from navalwar.games.coral_sea.scenario import ScenarioSpec
from navalwar.games.coral_sea.units import JAPAN
from navalwar.hexgrid import Hex, distance, hexes_within, line

#: Bombing missions in the order a counter able to fly several prefers them (14.1).
_STRIKES = (air.TORPEDO, air.DIVE, air.LEVEL)


#: Scouting counters flown per side and phase, at most (the rest stay for strikes).
MAX_SCOUTS = 4


def victory_kind(state: State) -> str:
    """The scenario's victory kind (28.x: ``rabaul``, ``hold``, ``coral_sea``), ``""``
    for a state built without a scenario spec (a test's)."""
    spec = state.scenario.extra.get("spec")
    return spec.victory.kind if isinstance(spec, ScenarioSpec) else ""


def targets(state: State, data: CoralSeaData, side: str) -> list[Hex]:
    """What ``side`` knows to strike: revealed enemy TF hexes this turn (12.2.C, 13.B),
    enemy ships outside TFs (11.F), then the enemy fields the victory conditions reward
    (Rabaul for the Allies in the raid, 28.1.5), nearest-known first. None for Japan in
    the raid: a tie is its win (28.1.5.C), so it fights only over its bases (CAP)."""
    out: list[Hex] = []
    if side == JAPAN and victory_kind(state) == "rabaul":
        return out
    for tf in state.task_forces:
        if tf.side != side and tf.revealed and tf.counter is not None:
            out.append(tf.counter)
    for s in state.ships:
        if s.side != side and s.tf is None and s.hex is not None and not s.sunk:
            out.append(s.hex)
    wanted = _wanted_fields(state, side)
    enemy = {b.name for b in state.bases if b.controller not in (side, None) and b.name in wanted}
    out += [b.hex for b in data.geography.bases if b.name in enemy]
    return list(dict.fromkeys(out))


def _wanted_fields(state: State, side: str) -> set[str]:
    return {"Rabaul"} if victory_kind(state) == "rabaul" and side != JAPAN else set()


class _Homes:
    """Whether a counter could fly home from a hex (a rough check, before flying: a field
    of its side or its own ship within its range less :data:`HOME_MARGIN` hexes, which
    leaves room for squall-influenced hexes, 5.2.D)."""

    def __init__(self, state: State, data: CoralSeaData, side: str) -> None:
        self.data = data
        self.bases = bases(state, data, side)
        self._found: dict[tuple[str, str | None], tuple[tuple[Hex, ...], int]] = {}

    def can(self, a: air.Aircraft, h: Hex) -> bool:
        key = (a.model, a.base)
        found = self._found.get(key)
        if found is None:
            spec = self.data.aircraft[a.model]
            ok = tuple(
                b.hex for b in self.bases
                if accepts(b, spec.landing) and not (b.ship and b.name != a.base)
            )  # fmt: skip
            found = self._found[key] = (ok, spec.range - HOME_MARGIN)
        homes, reach = found
        return any(distance(h, b) <= reach for b in homes)


#: Hexes of range kept spare when judging whether a counter can get home.
HOME_MARGIN = 2


def _start(state: State, data: CoralSeaData, m: Launch) -> tuple[Hex | None, str]:
    """Where a counter takes off, placing its TF counter on the true hex's side if need
    be (13.B): the hex, and the ``counter`` field of the move."""
    if m.start is not None or m.base is None or m.edge is not None:
        return m.start, ""
    base = m.base
    spots = [h for h in hexes_within(base.hex, 2) if counter_problem(state, data, base, h) is None]
    if not spots:
        return None, ""
    spot = min(spots, key=lambda h: (distance(h, base.hex), h.q, h.r))
    return spot, label(data, spot)


def _focus(state: State, data: CoralSeaData, side: str) -> list[Hex]:
    """Where the enemy's ships may be: its TF counters and open ships on the board, else
    the hex the scenario is fought over."""
    seen = [tf.counter for tf in state.task_forces if tf.side != side and tf.counter is not None]
    if seen:
        return seen
    from navalwar.games.coral_sea.agents import objective

    goal = objective(state, data)
    return [goal] if goal is not None else []


def plan_move(state: State, data: CoralSeaData, side: str) -> Action:
    """The next air move of ``side``: a strike, an escort, a scout, or the end (13.C).
    Japan in the raid flies nothing: a tie wins it (28.1.5.C), and a scout shot down
    is a VP to the Allies."""
    if side == JAPAN and victory_kind(state) == "rabaul":
        return EndAirMoves()
    goals = targets(state, data, side)
    movers = [m for m in launches(state, data, side).values() if m.edge is None]
    homes = _Homes(state, data, side)
    own_air = [a for a in state.air.aircraft if a.side == side and a.status == air.AIRBORNE]
    scouts = [a.hex for a in own_air if a.mission == air.SCOUTING and a.hex is not None]
    for want in (_STRIKES, (air.ESCORT,), (air.SCOUTING,)):
        if want == (air.SCOUTING,) and len(scouts) >= MAX_SCOUTS:
            break
        for m in movers:
            spec = data.aircraft[m.aircraft.model]
            if want == (air.SCOUTING,) and spec.type != "S":
                continue
            mission = next((x for x in want if may_fly(state, spec, x)), None)
            if mission is None:
                continue
            if not goals and mission != air.SCOUTING:
                continue
            start, counter = _start(state, data, m)
            if start is None:
                continue
            home = homes
            if mission == air.SCOUTING:
                aim = _scout_aim(state, data, side, m.aircraft, start, spec.range, home, scouts)
                if aim is None:
                    continue
            else:
                aims = [
                    g for g in goals if distance(start, g) <= spec.range and home.can(m.aircraft, g)
                ]
                if mission == air.ESCORT:
                    aims = [g for g in aims if _bombers_bound(state, side, g)]
                if not aims:
                    continue
                aim = aims[0]
            path = _straight(state, data, start, aim, spec.range)
            if path is None:
                r = reach_from(state, data, start, spec.range)
                if aim not in r.costs:
                    continue
                path = r.path_to(aim) or ()
            return Fly(m.aircraft.id, mission, tuple(label(data, h) for h in path), counter=counter)
    return EndAirMoves()


def _straight(
    state: State, data: CoralSeaData, start: Hex, aim: Hex, mp: int
) -> tuple[Hex, ...] | None:
    """The straight path from ``start`` to ``aim`` if it costs at most ``mp`` (13.A, 5.2.D:
    ``entry_cost``), else ``None`` (then the cheapest path is searched)."""
    cost = entry_cost(state, data)
    path = tuple(line(start, aim)[1:])
    total = 0
    for h in path:
        c = cost(h)
        if c is None:
            return None
        total += c
    return path if total <= mp else None


def _scout_aim(
    state: State,
    data: CoralSeaData,
    side: str,
    a: air.Aircraft,
    start: Hex,
    rng: int,
    home: _Homes,
    scouts: list[Hex],
) -> Hex | None:
    """The sea hex nearest where the enemy may be (:func:`_focus`) that a scout can reach
    and come home from, three hexes or more from the side's other scouts (12.2)."""
    terrain = data.geography.terrain
    in_bounds = data.geography.spec.in_bounds
    for f in _focus(state, data, side):
        for ring in range(0, 7):
            ring_hexes = [h for h in hexes_within(f, ring) if distance(h, f) == ring]
            found = [
                h for h in ring_hexes
                if in_bounds(h) and distance(start, h) <= rng and terrain(h) != "land"
                and home.can(a, h) and all(distance(h, s) >= 3 for s in scouts)
            ]  # fmt: skip
            if found:
                return min(found, key=lambda h: (h.q, h.r))
    return None


def _bombers_bound(state: State, side: str, h: Hex) -> bool:
    return any(
        a.side == side and a.status == air.AIRBORNE and a.hex == h and a.mission in air.BOMBING
        for a in state.air.aircraft
    )


def plan_return(state: State, data: CoralSeaData, side: str) -> Action:
    """Land the first counter that can at its nearest base with room (13.D)."""
    for a in returning(state, side):
        ways = landings(state, data, a)
        if not ways:
            continue
        assert a.hex is not None
        here = a.hex
        b, goal, extended = min(ways, key=lambda w: (w[2], distance(here, w[1]), w[0].name))
        path = reach_from(state, data, here, budget(state, data, a.model, extended, a.mp_used))
        steps = path.path_to(goal) or ()
        counter = label(data, goal) if air_point(state, b) is None else ""
        return Land(a.id, b.name, tuple(label(data, h) for h in steps), extended, counter)
    return EndAirMoves()


def plan_cap(state: State, data: CoralSeaData, side: str) -> Action:
    """Half the ready fighters at each base, rounded up, on CAP (10.A); every one in the
    raid's defence of Rabaul (28.1.5: Japan wins unless Rabaul is damaged)."""
    by_base: dict[str, list[str]] = {}
    for a in eligible(state, data, side):
        by_base.setdefault(str(a.base), []).append(a.id)
    defend = victory_kind(state) == "rabaul" and side == JAPAN
    chosen = [
        i for ids in by_base.values() for i in (ids if defend else ids[: (len(ids) + 1) // 2])
    ]
    return CommitCap(tuple(chosen))


def choose(state: State, data: CoralSeaData, decision: Decision, dice: Dice) -> Action | None:
    """A planned answer to an air ``decision``, or ``None`` (no plan: use the sampler)."""
    del dice
    side = decision.side
    planned: dict[str, Any] = {
        "commit_cap": plan_cap,
        "air_move": plan_move,
        "air_return": plan_return,
    }
    plan = planned.get(decision.kind)
    if plan is None:
        return None
    action: Action = plan(state, data, side)
    return action if decision.check(action) is None else None
