"""Ship Movement (3.6, 15.0): secret plots, then simultaneous movement.

``PLOT`` asks each side in turn, the initiative holder first, for its whole plot: the
path of each TF and each ship outside TFs (notes A32: paths, not only destinations),
with any regrouping of ships in one hex first (11.C; A16). The plots are
``navalwar.commitments``: each side's is logged only to itself, and the other learns
only that it has plotted. ``MOVE`` then moves everything at once (15.D): TFs in secret,
ships outside TFs openly (15.E); coast watchers report (20.0) and invasions are checked
(23.0, A43).

Movement rules: a path goes hex to hex (adjacent), never into an all-land hex (6.B,
15.G), at most the group's speed (15.A; ``task_forces.group_speed``); a group entering
a squall or squall-influenced hex stops there (5.2.E, 15.B); a TF not yet entered, held
(28.2.3) or not yet eligible (28.3.3) stays; a ship dead in the water, left alone, moves
one hex on a 5-6 (25.4.5.B, A34, A55).

Surface contact (notes A33): :func:`surface_contact` is the one test of whether opposing
ships in a hex fight in the Combat Phase (``combat_phase`` asks it); :func:`contacts`
lists those hexes.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import attrs

from navalwar.commitments import Commitments, open_commitments
from navalwar.dice import Dice
from navalwar.driver import Play
from navalwar.engine import Context, Decision, typed
from navalwar.errors import IllegalActionError, NavalwarError
from navalwar.games.coral_sea import (
    coast_watchers,
    geo,
    initiative,
    invasion,
    ship_damage,
    task_forces,
    weather,
)
from navalwar.games.coral_sea.actions import PlotMoves
from navalwar.games.coral_sea.data import CoralSeaData
from navalwar.games.coral_sea.model import Plot, Ship, State
from navalwar.games.coral_sea.units import SIDES
from navalwar.hexgrid import Hex, distance, neighbours
from navalwar.registry import OptionSpec

OPTIONS = (
    OptionSpec(
        "surface_contact",
        "revealed",
        "When opposing ships in one hex fight (notes A33): 'revealed' only if one side's "
        "presence there was revealed this turn or ships outside TFs are there (15.F: "
        "otherwise they pass in the night); 'always'",
        "3.4, 15.F",
        ("revealed", "always"),
    ),
    OptionSpec("oilers", False, "Optional rule 27.0: oilers move one hex a turn (27.B, G)", "27.0"),
)


def _units(state: State, side: str) -> dict[str, list[Ship]]:
    """The side's groups that may be plotted: TF id or open ship's name -> its ships."""
    out: dict[str, list[Ship]] = {}
    for tf in state.task_forces:
        if tf.side == side and tf.hex is not None:
            ships = list(state.ships_of(tf))
            if ships:
                out[tf.id] = ships
    for s in state.ships:
        if (
            s.side == side
            and s.tf is None
            and s.hex is not None
            and not s.sunk
            and not s.out_of_play
        ):
            out[s.name] = [s]
    return out


def _speed(state: State, data: CoralSeaData, key: str, ships: list[Ship], side: str) -> int:
    tf = state.task_force(key, side)
    if tf is not None and (tf.held or tf.moves_from > state.turn):
        return 0
    if (
        len(ships) == 1
        and ships[0].tf is None
        and task_forces.ship_speed(state, data, ships[0]) == 0
    ):
        return 1  # dead in the water, alone: one hex on a 5-6 (25.4.5.B, A34)
    return task_forces.group_speed(state, data, ships, None)


def _check_path(
    state: State, data: CoralSeaData, start: Hex, path: tuple[str, ...], speed: int, key: str
) -> list[Hex]:
    if len(path) > speed:
        raise NavalwarError(f"{key} may move at most {speed} hexes this turn (15.A-B, 16.4)")
    out: list[Hex] = []
    at = start
    for i, text in enumerate(path):
        h = geo.hex_of(data, text, "15.0")
        if distance(at, h) != 1:
            raise NavalwarError(f"{key}: {text} is not next to {geo.label(data, at)} (15.0)")
        if not data.geography.is_sea_passable(h):
            raise NavalwarError(
                f"{key}: {text} is an all-land hex: ships never enter one (6.B, 15.G)"
            )
        if weather.affected(state, h) and i < len(path) - 1:
            raise NavalwarError(
                f"{key} must stop on entering squall-influenced {text} (5.2.E, 15.B)"
            )
        out.append(h)
        at = h
    return out


def validate(state: State, data: CoralSeaData, side: str, action: PlotMoves) -> str | None:
    """Why ``action`` is not a legal plot for ``side`` (None: it is)."""
    try:
        after = task_forces.regroup(state, data, side, action.regroup)
        units = _units(after, side)
        keys = [k for k, _ in action.moves]
        if len(set(keys)) != len(keys):
            return "a TF or ship is plotted twice (15.C)"
        for key, path in action.moves:
            if key not in units:
                return f"no TF or ship {key!r} of yours to plot (11.0, 15.C)"
            ships = units[key]
            assert ships[0].hex is not None
            _check_path(after, data, ships[0].hex, path, _speed(after, data, key, ships, side), key)
    except NavalwarError as exc:
        return str(exc)
    return None


def sample(state: State, data: CoralSeaData, side: str, dice: Dice) -> PlotMoves:
    """A random legal plot: now and then a ship splits off into a new TF; each group
    wanders a random legal path of up to its speed."""
    regroup: tuple[tuple[str, str], ...] = ()
    units = _units(state, side)
    movable = [
        k for k, ships in units.items() if len(ships) > 1 and _speed(state, data, k, ships, side)
    ]
    if movable and dice.roll(6, "plot: regroup?") == 1:
        key = dice.choose(sorted(movable), "plot: TF to split")
        ship = dice.choose(units[key], "plot: ship")
        in_use = {tf.id for tf in state.task_forces if tf.side == side}
        free = [
            t
            for t in task_forces.tf_ids(state, side, task_forces.limit(state, side))
            if t not in in_use
        ]
        if free and len(in_use) < task_forces.limit(state, side):
            regroup = ((ship.name, free[0]),)
    after = task_forces.regroup(state, data, side, regroup)
    moves = []
    for key, ships in sorted(_units(after, side).items()):
        speed = _speed(after, data, key, ships, side)
        steps = dice.roll(speed + 1, "plot: hexes") - 1 if speed else 0
        at = ships[0].hex
        assert at is not None
        path: list[str] = []
        for _ in range(steps):
            nxt = [
                h
                for h in neighbours(at)
                if data.geography.spec.in_bounds(h) and data.geography.is_sea_passable(h)
            ]
            if not nxt:
                break
            at = dice.choose(sorted(nxt), "plot: hex")
            path.append(geo.label(data, at))
            if weather.affected(after, at):
                break
        moves.append((key, tuple(path)))
    return PlotMoves(tuple(moves), regroup)


def _plots(state: State) -> Commitments[Plot]:
    if state.plots is not None:
        return state.plots
    found: Commitments[Plot] = open_commitments("ship movement plot", "15.C", SIDES)
    return found


def _plotting(state: State) -> str | None:
    plots = _plots(state)
    for side in initiative.order(state):
        if not plots.has_committed(side):
            return side
    return None


def _ask(game: Any, state: State, data: CoralSeaData) -> Decision | None:
    side = _plotting(state)
    if side is None:
        return None
    units = _units(state, side)
    return Decision(
        side=side,
        kind="plot",
        rule="15.C",
        prompt=f"{side}: plot your TFs' and ships' moves, secretly (15.C)",
        validate=typed(PlotMoves, lambda a: validate(state, data, side, a)),
        sample=lambda dice: sample(state, data, side, dice),
        context={
            "units": {
                k: {
                    "hex": geo.label(data, ships[0].hex) if ships[0].hex else None,
                    "speed": _speed(state, data, k, ships, side),
                    "ships": [s.name for s in ships],
                }
                for k, ships in sorted(units.items())
            },
            "tf_limit": task_forces.limit(state, side),
        },
        tags=(PlotMoves.tag,),
    )


def _apply(game: Any, state: State, action: PlotMoves, data: CoralSeaData, ctx: Context) -> State:
    side = _plotting(state)
    assert side is not None
    why = validate(state, data, side, action)
    if why is not None:
        raise IllegalActionError(action.describe(), why, "15.C")
    value: Plot = (tuple(action.moves), tuple(action.regroup))
    return attrs.evolve(state, plots=_plots(state).commit(side, value, ctx))


def _move(game: Any, state: State, data: CoralSeaData, ctx: Context) -> State:
    """Every side's plot carried out at once (15.D), then coast watchers and invasion."""
    plots = _plots(state)
    for side in SIDES:
        moves, regroup = plots.value(side) if plots.has_committed(side) else ((), ())
        state = task_forces.regroup(state, data, side, regroup)
        units = _units(state, side)
        if state.option("oilers", False):
            state = task_forces.fuel(state, data, units, dict(moves))
        for key, path_labels in moves:
            ships = units[key]
            start = ships[0].hex
            assert start is not None
            path = _check_path(
                state, data, start, path_labels, _speed(state, data, key, ships, side), key
            )
            if not path:
                continue
            tf = state.task_force(key, side)
            if tf is None and task_forces.ship_speed(state, data, ships[0]) == 0:
                moves_on, roll = ship_damage.dead_in_water_roll(ctx, key)
                if not moves_on:
                    ctx.log(
                        "diw_roll",
                        f"{key}, dead in the water, rolls {roll}: stays (25.4.5.B)",
                        "25.4.5.B",
                        ship=key,
                        roll=roll,
                    )
                    continue
            end = path[-1]
            names = {s.name for s in ships}
            state = attrs.evolve(
                state,
                ships=tuple(
                    attrs.evolve(s, hex=end) if s.name in names else s for s in state.ships
                ),
            )
            if tf is not None:
                state = attrs.evolve(
                    state,
                    task_forces=tuple(
                        attrs.evolve(t, hex=end) if t is tf else t for t in state.task_forces
                    ),
                )
                ctx.log_private(
                    (side,),
                    "tf_moved",
                    f"{key} moves to {geo.label(data, end)} (15.D)",
                    "15.C-D",
                    tf=key,
                    path=list(path_labels),
                )
                state = coast_watchers.report(state, data, side, path, ctx)
            else:
                ctx.log(
                    "ship_moved",
                    f"{key} moves to {geo.label(data, end)} (15.E)",
                    "15.E",
                    ship=key,
                    to=geo.label(data, end),
                )
    state = attrs.evolve(state, plots=None)
    return invasion.check(state, data, ctx)


def surface_contact(state: State, h: Hex) -> bool:
    """Whether opposing ships in ``h`` meet in surface action (3.4, 15.F, 25.4; notes
    A33), the one test (the Combat Phase asks it hex by hex): ships of both sides afloat
    there and, unless the option says ``always``, one side's presence there revealed
    this turn (a revealed TF with ships there, a reveal record of the hex:
    reconnaissance, scouting, coast watchers) or ships outside TFs there."""
    here = [s for s in state.ships if s.hex == h and not s.sunk and not s.out_of_play]
    if len({s.side for s in here}) < 2:
        return False
    if state.option("surface_contact", "revealed") == "always":
        return True
    if any(s.tf is None for s in here) or any(r == h for r, _how in state.reveals):
        return True
    tfs = {(s.side, s.tf) for s in here}
    return any(tf.revealed and (tf.side, tf.id) in tfs for tf in state.task_forces)


def contacts(state: State, data: CoralSeaData) -> tuple[Hex, ...]:
    """The hexes where opposing ships meet in surface action this Combat Phase
    (:func:`surface_contact`), in ascending label order (notes A73)."""
    hexes = {s.hex for s in state.ships if s.hex is not None}
    found = [h for h in hexes if surface_contact(state, h)]
    return tuple(sorted(found, key=data.geography.spec.label))


def unit_hexes(state: State, side: str) -> Mapping[str, Hex]:
    """Where each of ``side``'s plottable groups is (for agents)."""
    return {k: ships[0].hex for k, ships in _units(state, side).items() if ships[0].hex is not None}


def unit_speeds(state: State, data: CoralSeaData, side: str) -> Mapping[str, tuple[Hex, int]]:
    """Each of ``side``'s plottable groups (TF id or open ship) -> (its hex, its speed)."""
    return {
        k: (ships[0].hex, _speed(state, data, k, ships, side))
        for k, ships in _units(state, side).items()
        if ships[0].hex is not None
    }


#: ``ship_movement.plot`` (3.6, 15.C): each side plots in turn, the initiative holder first.
PLOT: Play[Any, State, CoralSeaData] = Play(ask=_ask, apply={PlotMoves: _apply})
#: ``ship_movement.move`` (15.D-E, 20.0, 23.0).
MOVE: Play[Any, State, CoralSeaData] = Play(run=_move)
