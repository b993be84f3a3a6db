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
from navalwar.games.coral_sea.air_range import budget, may_fly, reach_from
from navalwar.games.coral_sea.air_return import landings, returning
from navalwar.games.coral_sea.cap import eligible
from navalwar.games.coral_sea.data import CoralSeaData
from navalwar.games.coral_sea.model import State
from navalwar.hexgrid import Hex, distance, hexes_within

#: Bombing missions in the order a counter able to fly several prefers them (14.1).
_STRIKES = (air.TORPEDO, air.DIVE, air.LEVEL)


def targets(state: State, data: CoralSeaData, side: str) -> list[Hex]:
    """What ``side`` knows to strike: revealed enemy TF hexes this turn (12.2.C, 13.B),
    enemy ships outside TFs (11.F), then enemy fields (8.0), nearest-known first."""
    out: list[Hex] = []
    for tf in state.task_forces:
        if tf.side != side and tf.revealed and tf.counter is not None:
            out.append(tf.counter)
    for s in state.ships:
        if s.side != side and s.tf is None and s.hex is not None and not s.sunk:
            out.append(s.hex)
    enemy = {b.name for b in state.bases if b.controller not in (side, None)}
    out += [b.hex for b in data.geography.bases if b.name in enemy]
    return list(dict.fromkeys(out))


def _home_from(state: State, data: CoralSeaData, a: air.Aircraft, h: Hex) -> bool:
    """Whether a counter of ``a``'s model at ``h`` could reach one of its side's fields
    or its own ship's air point (ignoring room: a rough check, before flying)."""
    spec = data.aircraft[a.model]
    r = reach_from(state, data, h, spec.range)
    for b in bases(state, data, a.side):
        if not accepts(b, spec.landing) or (b.ship and b.name != a.base):
            continue  # (its own ship only: the others' decks may be full)
        if b.hex in r.costs or (b.ship and any(distance(x, b.hex) <= 2 for x in r.costs)):
            return True
    return False


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


def plan_move(state: State, data: CoralSeaData, side: str) -> Action:
    """The next air move of ``side``: a strike, an escort, a scout, or the end (13.C)."""
    goals = targets(state, data, side)
    movers = [m for m in launches(state, data, side).values() if m.edge is None]
    for want in (_STRIKES, (air.ESCORT,), (air.SCOUTING,)):
        for m in movers:
            spec = data.aircraft[m.aircraft.model]
            mission = next((x for x in want if may_fly(state, spec, x)), None)
            if mission is None:
                continue
            start, counter = _start(state, data, m)
            if start is None:
                continue
            r = reach_from(state, data, start, spec.range)
            if mission == air.SCOUTING:
                far = [h for h, c in r.costs.items() if c >= spec.range - 1
                       and data.geography.terrain(h) != "land"]  # fmt: skip
                far = [h for h in far if _home_from(state, data, m.aircraft, h)]
                if not far:
                    continue
                aim = max(far, key=lambda h: (distance(h, start), -h.q, -h.r))
            else:
                aims = [g for g in goals if g in r.costs and _home_from(state, data, m.aircraft, g)]
                if not aims:
                    continue
                aim = aims[0]
                if mission == air.ESCORT and not _bombers_bound(state, side, aim):
                    continue
            path = r.path_to(aim) or ()
            return Fly(m.aircraft.id, mission, tuple(label(data, h) for h in path), counter=counter)
    return EndAirMoves()


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
    """Half the ready fighters at each base, rounded up, on CAP (10.A)."""
    by_base: dict[str, list[str]] = {}
    for a in eligible(state, data, side):
        by_base.setdefault(str(a.base), []).append(a.id)
    chosen = [i for ids in by_base.values() for i in ids[: (len(ids) + 1) // 2]]
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
