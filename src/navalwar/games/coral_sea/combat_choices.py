"""Sensible answers to the Combat Phase's decisions, for the game's heuristic agent.

``choose(decision, state, data)`` answers every combat decision kind (``None`` for
any other): fighters in the first waves, escorts stay as flak suppression and take
the losses before bombers, the carriers screened and struck first, a surface action
closed when the side's guns outweigh the enemy's and broken off otherwise, every
battery and tube at the enemy ship most likely to sink, bases always shelled. The
answers are legal by construction (each is checked against the decision).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from navalwar.actions import Action
from navalwar.engine import Decision
from navalwar.games.coral_sea import air_state as air
from navalwar.games.coral_sea.combat_actions import (
    Abort,
    Bombard,
    DesignateTarget,
    FireGuns,
    FireTorpedoes,
    FormScreen,
    FormWaves,
    LoseAboard,
    SurfaceMove,
)
from navalwar.games.coral_sea.data import CoralSeaData
from navalwar.games.coral_sea.model import State
from navalwar.games.coral_sea.ship_damage import gun_factor, ship_named
from navalwar.games.coral_sea.table_types import BREAK_OFF, CLOSE

#: Targets by type, most wanted first.
PRIORITY = ("CV", "CVL", "AP", "AV", "CA", "CL", "AO", "ML", "DD")


def _rank(ship_type: str) -> int:
    return PRIORITY.index(ship_type) if ship_type in PRIORITY else len(PRIORITY)


def _planes(state: State, ids: Sequence[str]) -> list[air.Aircraft]:
    by_id = {a.id: a for a in state.air.aircraft}
    return [by_id[i] for i in ids if i in by_id]


def _value(a: air.Aircraft, data: CoralSeaData) -> int:
    """How much a counter is worth keeping: its bomb factor first, then its fight."""
    m = data.aircraft[a.model]
    return m.bomb * 10 + m.attack + m.defense


def _waves(state: State, data: CoralSeaData, ids: Sequence[str]) -> FormWaves:
    planes = _planes(state, ids)
    cap = [a for a in planes if a.status == air.CAP]
    rest = [a for a in planes if a.status != air.CAP]
    fighters = [a for a in rest if data.aircraft[a.model].bomb == 0]
    bombers = [a for a in rest if data.aircraft[a.model].bomb > 0]
    out: list[tuple[str, ...]] = []
    for group in (cap, fighters):
        for i in range(0, len(group), 5):
            out.append(tuple(a.id for a in group[i : i + 5]))
    for i in range(0, len(bombers), 5):
        out.append(tuple(a.id for a in bombers[i : i + 5]))
    return FormWaves(tuple(out))


def _target_score(state: State, data: CoralSeaData, name: str) -> tuple[int, int]:
    s = ship_named(state, name)
    spec = data.ships[name]
    left = len(spec.flotation) - s.flotation_hits
    return (_rank(spec.type), left)


def choose(decision: Decision, state: State, data: CoralSeaData) -> Action | None:
    """A good answer to a combat decision, or ``None`` if it is not one of combat's."""
    found = _choose(decision, state, data)
    if found is not None and decision.check(found) is not None:
        return None  # (never expected: the caller then falls back on its own choice)
    return found


def _choose(decision: Decision, state: State, data: CoralSeaData) -> Action | None:
    kind, ctx, choices = decision.kind, decision.context, decision.choices or ()
    if kind == "form_waves":
        if choices:
            return choices[0]
        return _waves(state, data, ctx["aircraft"])
    if kind == "choose_losses":
        # give up the counters worth least (escorts before bombers, 25.1.3)
        def cost(action: Any) -> int:
            return sum(_value(a, data) for a in _planes(state, action.aircraft))

        return min(choices, key=cost) if choices else None
    if kind == "lose_aboard":
        planes = sorted(_planes(state, ctx["aboard"]), key=lambda a: _value(a, data))
        return LoseAboard(ctx["at"], tuple(a.id for a in planes[: ctx["count"]]))
    if kind == "abort":
        return Abort(())
    if kind == "form_screen":
        crew: list[str] = list(ctx["ships"])
        screen = tuple(n for n in crew if data.ships[n].type not in ("CV", "CVL", "AP", "AV"))
        return FormScreen(ctx["tf"], screen)
    if kind == "designate_target":
        named = [c for c in choices if isinstance(c, DesignateTarget) and ":" not in c.target]
        if named:
            return min(named, key=lambda c: _target_score(state, data, c.target))
        ground = [
            c for c in choices if isinstance(c, DesignateTarget) and c.target.startswith("ground:")
        ]
        return ground[0] if ground else (choices[0] if choices else None)
    if kind == "screen_shooter":

        def aa(c: Any) -> int:
            return data.ships[c.ship].aa

        return max(choices, key=aa) if choices else None
    if kind == "surface_move":
        mine = sum(_guns(state, data, decision.side))
        theirs = sum(_guns(state, data, _other(decision.side)))
        want = CLOSE if mine >= theirs else BREAK_OFF
        for c in choices:
            if isinstance(c, SurfaceMove) and c.choice == want:
                return c
        return choices[0] if choices else None
    if kind == "fire_guns":
        targets = list(ctx["targets"])
        if not targets:
            return FireGuns(())
        best = min(targets, key=lambda n: _target_score(state, data, n))
        return FireGuns(tuple((s, b, best) for s, b in ctx["batteries"]))
    if kind == "fire_torpedoes":
        targets = list(ctx["targets"])
        if not targets:
            return FireTorpedoes(())
        best = min(targets, key=lambda n: _target_score(state, data, n))
        return FireTorpedoes(tuple((s, best) for s in ctx["ships"]))
    if kind == "bombard":  # a base; a town gains nothing and shows the hex (A58)
        bases = {b.name for b in data.geography.bases}
        if decision.choices is None:  # the phase's shore question (its targets in context)
            targets = [t for t in ctx.get("targets", ()) if t in bases]
            return Bombard(targets[0] if targets else "")
        shell = [c for c in choices if isinstance(c, Bombard) and c.target in bases]
        return shell[0] if shell else (choices[0] if choices else None)
    return None


def _other(side: str) -> str:
    from navalwar.games.coral_sea.units import SIDES

    return next(s for s in SIDES if s != side)


def _guns(state: State, data: CoralSeaData, side: str) -> list[int]:
    """``side``'s gun factors in the hex being fought over."""
    combat = state.combat.current if state.combat is not None else None
    here = combat.hex if combat is not None else None
    return [
        gun_factor(s, data.ships[s.name], "intermediate")
        + gun_factor(s, data.ships[s.name], "secondary")
        for s in state.ships
        if s.side == side and not s.sunk and s.hex == here
    ]
