"""Reconnaissance (3.2, 12.1, 12.2.C-D, 12.3): land- and sea-based checks, and the check
of one hex that scouting aircraft (csair's ``air_movement``) make too.

The initiative holder makes all its checks first (3.2): ``FIRST`` is its phase,
``SECOND`` the opponent's. A check discovers only whether enemy forces are in the hex
(12.1.B, 12.1.1.B): each enemy TF there has its counter moved to the true hex, marked
revealed until the Terminal Phase (12.2.C, 3.7.A); its contents stay secret (12.0).

* land-based (12.1.1): one check a daylight turn from each friendly base in service,
  within ``land_recon_range`` hexes (notes A18: the distance is missing; 8 as 12.1.2);
* sea-based (12.1.2): a TF with a CV, CVL or CA puts its counter within two hexes of its
  true hex and makes three checks within eight hexes of the counter;
* any TF may check its counter's hex (12.2.D, notes A21); a ship outside TFs its own
  hex (15.E);
* none into or from a squall or squall-influenced hex (5.2.A-B, 12.3.A), none at night
  (12.3.B, 19.0: the steps are skipped).
"""

from __future__ import annotations

from typing import Any

import attrs

from navalwar.dice import Dice
from navalwar.driver import Play
from navalwar.engine import Context, Decision
from navalwar.errors import IllegalActionError
from navalwar.games.coral_sea import geo, initiative, weather
from navalwar.games.coral_sea.actions import EndReconnaissance, PlaceTFCounter, ReconCheck
from navalwar.games.coral_sea.data import CoralSeaData
from navalwar.games.coral_sea.model import State, TaskForce
from navalwar.hexgrid import Hex, distance, hexes_within
from navalwar.registry import OptionSpec

SEA_RANGE = 8  # 12.1.2.A
SEA_CHECKS = 3  # 12.1.2.A
COUNTER_RANGE = 2  # 12.1.2.A, 13.B
RECON_TYPES = ("CV", "CVL", "CA")  # 12.1.2.B

OPTIONS = (
    OptionSpec(
        "land_recon_range",
        8,
        "12.1.1.A omits the distance of a land-based check (notes A18): this many hexes "
        "(8, as sea-based checks); 0 forbids land-based checks",
        "12.1.1",
        minimum=0,
        maximum=20,
    ),
)


def check(
    state: State, data: CoralSeaData, side: str, h: Hex, ctx: Context, how: str = "reconnaissance"
) -> State:
    """``side`` checks hex ``h`` for enemy forces (12.1.1.B, 12.2.C): the opponent answers
    truthfully. Each enemy TF in ``h`` has its counter moved there and revealed this turn;
    the answer (found or not) is public, the contents never told (12.0)."""
    found = [
        tf for tf in state.task_forces if tf.side != side and tf.hex == h and state.ships_of(tf)
    ]
    spec = data.geography.spec
    ctx.log(
        "recon_check",
        f"{side} checks {spec.label(h)}: " + ("enemy forces there" if found else "nothing"),
        "12.1.1.B, 12.2.C",
        side=side,
        hex=spec.label(h),
        found=bool(found),
        how=how,
    )
    if not found:
        return state
    ctx.reveal = True
    tfs = tuple(
        attrs.evolve(tf, counter=h, revealed=True) if tf in found else tf
        for tf in state.task_forces
    )
    reveals = state.reveals if (h, how) in state.reveals else (*state.reveals, (h, how))
    return attrs.evolve(state, task_forces=tfs, reveals=reveals)


def can_search(tf: TaskForce, state: State, data: CoralSeaData) -> bool:
    """Whether TF ``tf`` may make sea-based checks (12.1.2.B: a CV, CVL or CA in it)."""
    return any(data.ships[s.name].type in RECON_TYPES for s in state.ships_of(tf))


def _range(state: State) -> int:
    found = state.option("land_recon_range", 8)
    return found if isinstance(found, int) else 8


def _tfs(state: State, side: str) -> list[TaskForce]:
    return [
        tf
        for tf in state.task_forces
        if tf.side == side and tf.hex is not None and state.ships_of(tf)
    ]


def sources(state: State, data: CoralSeaData, side: str) -> dict[str, tuple[Hex, int, str]]:
    """The side's checks still available: source -> (the hex it reaches from, range, the
    ``recon_used`` key it spends). A TF whose counter is not yet placed is not listed."""
    used = set(state.recon_used)
    out: dict[str, tuple[Hex, int, str]] = {}
    reach = _range(state)
    if reach:
        for b in state.bases:
            key = f"{side}:base:{b.name}"
            info = geo.base(data, b.name)
            if b.controller == side and not b.out_until and info is not None and key not in used:
                out[b.name] = (info.hex, reach, key)
    for tf in _tfs(state, side):
        if tf.counter is None:
            continue
        n = sum(1 for k in used if k.startswith(f"{side}:tf:{tf.id}:"))
        if can_search(tf, state, data) and n < SEA_CHECKS:
            out[tf.id] = (tf.counter, SEA_RANGE, f"{side}:tf:{tf.id}:{n + 1}")
        elif f"{side}:marker:{tf.id}" not in used:
            out[tf.id] = (tf.counter, 0, f"{side}:marker:{tf.id}")
    for s in state.ships:
        key = f"{side}:ship:{s.name}"
        if s.side == side and s.tf is None and s.hex is not None and not s.sunk and key not in used:
            out[s.name] = (s.hex, 0, key)
    return out


def _marker_key(side: str, tf: TaskForce, target: Hex) -> str | None:
    """A check of a TF's counter hex is its own (12.2.D, in addition to the three)."""
    return f"{side}:marker:{tf.id}" if tf.counter == target else None


def _refusal(state: State, data: CoralSeaData, side: str, action: Any) -> str | None:
    if isinstance(action, EndReconnaissance):
        return None
    if isinstance(action, PlaceTFCounter):
        tf = state.task_force(action.tf, side)
        if tf is None or tf.hex is None or not state.ships_of(tf):
            return f"no TF {action.tf!r} of yours on the map (11.0)"
        if tf.counter is not None:
            return f"{action.tf}'s counter is on the board already (12.1.2.A)"
        try:
            h = geo.hex_of(data, action.hex, "12.1.2.A")
        except Exception as exc:  # a bad label
            return str(exc)
        if distance(h, tf.hex) > COUNTER_RANGE:
            return f"a TF counter goes within {COUNTER_RANGE} hexes of the TF's true hex (12.1.2.A)"
        if not data.geography.is_sea_passable(h):
            return "a TF counter is never placed on an all-land hex (6.B, notes A20)"
        return None
    if isinstance(action, ReconCheck):
        try:
            h = geo.hex_of(data, action.hex, "12.1")
        except Exception as exc:
            return str(exc)
        if weather.affected(state, h):
            return (
                f"no reconnaissance into a squall or squall-influenced hex ({action.hex}, "
                "5.2.A, 12.3.A)"
            )
        tf = state.task_force(action.source, side)
        if tf is not None and tf.counter is not None and tf.counter == h:
            key = _marker_key(side, tf, h)
            if key and key not in state.recon_used:
                return None
        found = sources(state, data, side).get(action.source)
        if found is None:
            return (
                f"{action.source!r} has no reconnaissance check left this turn "
                "(12.1.1-12.1.2, 15.E)"
            )
        origin, reach, _key = found
        if weather.affected(state, origin):
            return "no reconnaissance from a squall or squall-influenced hex (5.2.A-B)"
        if distance(origin, h) > reach:
            return f"{action.hex} is beyond the check's {reach} hexes (12.1.1.A, 12.1.2.A, 15.E)"
        return None
    return "not a reconnaissance action"


def _sample(state: State, data: CoralSeaData, side: str, dice: Dice) -> Any:
    """A random legal reconnaissance action: a counter, a check, or the end (1 in 4)."""
    if dice.roll(4, "reconnaissance: end?") == 1:
        return EndReconnaissance()
    unplaced = [tf for tf in _tfs(state, side) if tf.counter is None]
    if unplaced and dice.roll(2, "reconnaissance: counter?") == 1:
        tf = dice.choose(unplaced, "reconnaissance: TF")
        assert tf.hex is not None
        hexes = geo.sea_hexes(data, hexes_within(tf.hex, COUNTER_RANGE))
        return PlaceTFCounter(tf.id, geo.label(data, dice.choose(hexes, "counter hex")))
    found = sources(state, data, side)
    names = sorted(n for n, (o, _r, _k) in found.items() if not weather.affected(state, o))
    while names:
        name = dice.choose(names, "reconnaissance: source")
        origin, reach, _key = found[name]
        spec = data.geography.spec
        targets = [
            h
            for h in hexes_within(origin, reach)
            if spec.in_bounds(h) and not weather.affected(state, h)
        ]
        if targets:
            return ReconCheck(name, spec.label(dice.choose(sorted(targets, key=spec.label), "hex")))
        names.remove(name)
    return EndReconnaissance()


def _side(state: State, index: int) -> str:
    return initiative.order(state)[index]


def _asker(index: int) -> Any:
    def ask(game: Any, state: State, data: CoralSeaData) -> Decision | None:
        side = _side(state, index)
        if side in state.recon_done:
            return None
        return Decision(
            side=side,
            kind="reconnaissance",
            rule="12.1",
            prompt=f"{side}: reconnaissance checks (12.1), a TF counter (12.1.2.A), or end",
            validate=lambda a: _refusal(state, data, side, a),
            sample=lambda dice: _sample(state, data, side, dice),
            context={
                "sources": sorted(sources(state, data, side)),
                "unplaced": sorted(tf.id for tf in _tfs(state, side) if tf.counter is None),
            },
            tags=(ReconCheck.tag, PlaceTFCounter.tag, EndReconnaissance.tag),
        )

    return ask


def _applier(index: int) -> Any:
    def apply(game: Any, state: State, action: Any, data: CoralSeaData, ctx: Context) -> State:
        side = _side(state, index)
        why = _refusal(state, data, side, action)
        if why is not None:
            raise IllegalActionError(action.describe(), why, "12.1")
        if isinstance(action, EndReconnaissance):
            return attrs.evolve(state, recon_done=(*state.recon_done, side))
        if isinstance(action, PlaceTFCounter):
            h = geo.hex_of(data, action.hex)
            ctx.log(
                "tf_counter_placed",
                f"{side} places a TF counter at {action.hex} (12.1.2.A)",
                "12.1.2.A, 13.B",
                side=side,
                hex=action.hex,
            )
            tfs = tuple(
                attrs.evolve(tf, counter=h) if tf.id == action.tf and tf.side == side else tf
                for tf in state.task_forces
            )
            return attrs.evolve(state, task_forces=tfs)
        h = geo.hex_of(data, action.hex)
        tf = state.task_force(action.source, side)
        key = None
        if tf is not None and tf.counter == h:
            key = _marker_key(side, tf, h)
            if key in state.recon_used:
                key = None
        if key is None:
            key = sources(state, data, side)[action.source][2]
        state = attrs.evolve(state, recon_used=(*state.recon_used, key))
        return check(state, data, side, h, ctx)

    return apply


def _daylight(state: State, data: Any) -> bool:
    return not state.night


_ACTIONS = (ReconCheck, PlaceTFCounter, EndReconnaissance)

#: ``reconnaissance.first``: the initiative holder's checks (3.2).
FIRST: Play[Any, State, CoralSeaData] = Play(
    ask=_asker(0), apply={a: _applier(0) for a in _ACTIONS}, when=_daylight
)
#: ``reconnaissance.second``: the opponent's checks (3.2).
SECOND: Play[Any, State, CoralSeaData] = Play(
    ask=_asker(1), apply={a: _applier(1) for a in _ACTIONS}, when=_daylight
)
