"""Set-up (28.x): the state before play, and each side's secret set-up, Japan first.

A side sets up in one decision (``actions.SetUp``): which ships form which TF, where
each TF is placed or enters (28.x "Initial Placement"; notes A64, A66, A70), and where
each aircraft counter is based (subject to landing mode and capacity, 2.2.7, 6.C, 8.C,
16.1-16.3). The choice set is far too large to list: the decision validates and
samples. What the opponent learns is what the board shows: ships outside TFs (11.F)
and aircraft at bases (9.A); TF placement and aircraft aboard ships stay secret.
"""

from __future__ import annotations

import contextlib
from collections import Counter
from collections.abc import Mapping, Sequence

import attrs

from navalwar.dice import Dice
from navalwar.engine import Context, Decision, typed
from navalwar.errors import NavalwarError
from navalwar.games.coral_sea import geo
from navalwar.games.coral_sea.actions import SetUp
from navalwar.games.coral_sea.air_state import OFF_MAP, READY, Aircraft, AirState
from navalwar.games.coral_sea.data import BaseInfo, CoralSeaData
from navalwar.games.coral_sea.model import BaseState, Scenario, Ship, State, TaskForce
from navalwar.games.coral_sea.scenario import Force, Region, spec_of
from navalwar.games.coral_sea.units import ALLIES, JAPAN, SIDES
from navalwar.hexgrid import Hex, hexes_within
from navalwar.registry import OptionSpec, OptionValue

SETUP = "setup"
RULE = "28.0"
OUT = "out"

OPTIONS = (
    OptionSpec(
        "huon_air",
        "airfields",
        "28.2.4 gives the Allies 26 naval counters for 24 carrier places (notes A65): "
        "'airfields' bases the two over capacity at Allied airfields, 'typo' reads 4 x TBD-1",
        "28.2.4",
        ("airfields", "typo"),
    ),
    OptionSpec(
        "ao_count",
        4,
        "28.3.3 prints 4 x AO where 31.3.1 names three (notes A67): 4 adds an unnamed AO",
        "28.3.3",
        (4, 3),
    ),
)


# -- the state before set-up -------------------------------------------------------------
def initial(scenario: Scenario, data: CoralSeaData, options: Mapping[str, OptionValue]) -> State:
    """Every ship (off the board until set up), base and aircraft counter of the scenario,
    bases under their scenario control (22.B: Allied unless flagged Japanese)."""
    spec = spec_of(scenario)
    ships: list[Ship] = []
    for side in SIDES:
        force = spec.forces[side]
        for name in force.ships:
            if name == force.extra_ao and options.get("ao_count", 4) == 3:
                continue
            # 27.F: Allied ships begin without high-speed cruising (A61: all 16 used)
            used = 16 if options.get("oilers") and side == ALLIES else 0
            ships.append(Ship(name, side, None, flag=name in force.flagged, high_speed_moves=used))
    japanese = {b.name for f in spec.forces[JAPAN].flags for b in geo.bases_named(data, f)}
    denied = {b.name for f in spec.denied for b in geo.bases_named(data, f)}
    bases = tuple(
        BaseState(
            b.name,
            None if b.name in denied else JAPAN if b.name in japanese else ALLIES,
        )
        for b in data.geography.bases
    )
    aircraft: list[Aircraft] = []
    for side in SIDES:
        force = spec.forces[side]
        numbers: Counter[str] = Counter()
        for group in (*force.aircraft, *force.reinforcements):
            count = group.count
            if group.typo_count and options.get("huon_air") == "typo":
                count = group.typo_count
            status = OFF_MAP if group.turn else READY
            for _ in range(count):
                numbers[group.model] += 1
                aircraft.append(
                    Aircraft(
                        f"{side[0]}-{group.model}-{numbers[group.model]}", group.model, side, status
                    )
                )
    return State(
        scenario=scenario,
        turn=1,
        step=SETUP,
        ships=tuple(ships),
        bases=bases,
        air=AirState(tuple(aircraft)),
        options=tuple(sorted(options.items())),
    )


def arrivals(state: State) -> list[tuple[str, int, str]]:
    """The scenario's aircraft reinforcements: (counter id, turn, where: ``"north"``),
    for the Air Movement Phase of that turn (28.4.3; csair places them)."""
    spec = spec_of(state.scenario)
    out = []
    for side in SIDES:
        numbers: Counter[str] = Counter()
        for group in spec.forces[side].aircraft:
            numbers[group.model] += group.count
        for group in spec.forces[side].reinforcements:
            for _ in range(group.count):
                numbers[group.model] += 1
                out.append(
                    (f"{side[0]}-{group.model}-{numbers[group.model]}", group.turn, group.at)
                )
    return out


def setting_up(state: State) -> str | None:
    """The side setting up now (Japan first, 28.x), or None once both have."""
    if state.step != SETUP:
        return None
    for side in SIDES:
        if side not in state.setup_done:
            return side
    return None


# -- what a side may do --------------------------------------------------------------------
@attrs.frozen
class _Plan:
    """A side's set-up facts, worked out once per decision."""

    side: str
    force: Force
    ships: tuple[Ship, ...]
    aircraft: tuple[Aircraft, ...]
    tf_ids: tuple[str, ...]
    limit: int
    region_hexes: Mapping[str, tuple[Hex, ...]]
    bases: tuple[BaseInfo, ...]  # the side's usable bases


def _plan(state: State, data: CoralSeaData, side: str) -> _Plan:
    force = spec_of(state.scenario).forces[side]
    own = {b.name for b in state.bases if b.controller == side}
    regions = {r.name: tuple(_region_hexes(data, r)) for r in force.region}
    return _Plan(
        side,
        force,
        tuple(s for s in state.ships if s.side == side),
        tuple(a for a in state.air.aircraft if a.side == side and a.status != OFF_MAP),
        force.tf_ids(),
        force.limit(1),
        regions,
        tuple(b for b in data.geography.bases if b.name in own),
    )


def _region_hexes(data: CoralSeaData, region: Region) -> list[Hex]:
    """The hexes a TF may be placed in or enter by (6.B: never all-land)."""
    geog = data.geography
    if region.kind == "near":
        return geo.sea_hexes(data, hexes_within(geo.place_hex(data, region.of), region.within))
    full = set(geog.edge_hexes(region.edge, True))
    if region.kind == "edge":
        return geo.sea_hexes(data, full)
    cut = set(geog.edge_hexes(region.edge, False)) - full  # notes A70: not counted, not used
    band = [
        h
        for h in geog.spec.hexes()
        if h not in cut and geog.distance_to_edge(h, region.edge, True) <= region.within
    ]
    return geo.sea_hexes(data, band)


def _regions_for(
    plan: _Plan, tf_id: str, ships: Sequence[str], data: CoralSeaData
) -> tuple[str, ...]:
    force = plan.force
    if force.ap_region and any(data.ships[s].type == "AP" for s in ships):
        return (force.ap_region,)
    slot = force.slot(tf_id)
    return slot.regions if slot is not None and slot.regions else force.regions


def _fits(region: Region, hexes: tuple[Hex, ...], h: Hex, turn: int, last: int) -> bool:
    if h not in hexes:
        return False
    if not region.enters:
        return turn == 0
    if region.turn:
        return turn == region.turn
    return max(region.from_turn, 1) <= turn <= last


def _ship_places(plan: _Plan, data: CoralSeaData) -> dict[str, Hex]:
    """Where a ship outside any TF may be placed (its name -> hex), by base or place name."""
    out: dict[str, Hex] = {}
    for name in plan.force.open_at:
        for b in geo.bases_named(data, name):
            out[b.name] = b.hex
        with contextlib.suppress(NavalwarError):
            out[name] = data.geography.place(name)
    return out


def validate(state: State, data: CoralSeaData, side: str, action: SetUp) -> str | None:
    """Why ``action`` is not a legal set-up for ``side`` (None: it is)."""
    plan = _plan(state, data, side)
    force = plan.force
    names = [s.name for s in plan.ships]
    given = [s for s, _ in action.ships]
    if sorted(given) != sorted(names):
        missing = sorted(set(names) - set(given))
        extra = sorted(set(given) - set(names))
        twice = sorted(n for n, c in Counter(given).items() if c > 1)
        return (
            f"every ship of the side must be placed once (missing {missing}, unknown "
            f"{extra}, twice {twice}) (28.x)"
        )
    tf_ids = [t for t, _h, _n in action.task_forces]
    if len(set(tf_ids)) != len(tf_ids):
        return "a TF id is given twice (11.B)"
    for t in tf_ids:
        if t not in plan.tf_ids:
            return f"{t!r} is not one of the side's TFs {list(plan.tf_ids)} (11.G)"
    if not force.min_tfs <= len(tf_ids) <= plan.limit:
        return (
            f"the side forms {force.min_tfs} to {plan.limit} TFs at start, not {len(tf_ids)} (11.G)"
        )
    members: dict[str, list[str]] = {t: [] for t in tf_ids}
    places = _ship_places(plan, data)
    for ship, where in action.ships:
        if where in members:
            members[where].append(ship)
        elif where == OUT:
            if force.unused != "out":
                return f"{ship} may not be left out of play: this scenario uses them all (28.x)"
        elif where in places:
            if force.unused != "open":
                return f"{ship} must be in a TF (28.x)"
            if data.ships[ship].type == "AP" and force.ap_region:
                return f"{ship}: an AP must be in a TF, in Rabaul harbor (28.2.3)"
        else:
            return f"{ship}: {where!r} is no TF of the side, nor a place ships outside TFs may be"
    for t, ships in members.items():
        if not ships:
            return f"{t} has no ships (11.B)"
        slot = force.slot(t)
        if slot is not None:
            kinds = Counter(data.ships[s].type for s in ships)
            for kind, n in slot.requires:
                if kinds[kind] < n:
                    return f"{t} must contain {n} x {kind} ({force.side}, 28.3.3-28.3.4)"
            for name in slot.requires_ships:
                if name not in ships:
                    return f"{t} must contain {name} (28.3.4)"
    used: Counter[str] = Counter()
    for t, hex_label, turn in action.task_forces:
        try:
            h = geo.hex_of(data, hex_label)
        except NavalwarError as exc:
            return str(exc)
        allowed = _regions_for(plan, t, members[t], data)
        fit = [
            r
            for r in (force.region_named(n) for n in allowed)
            if _fits(r, plan.region_hexes[r.name], h, turn, state.scenario.turns)
            and (not r.max or used[r.name] < r.max)
        ]
        if not fit:
            return (
                f"{t} at {hex_label} on turn {turn} is in none of its set-up regions "
                f"{list(allowed)} (28.x, 6.B)"
            )
        used[fit[0].name] += 1
    return _check_aircraft(state, data, plan, action, members)


def _capacity(
    state: State, data: CoralSeaData, plan: _Plan, placed: Sequence[tuple[str, str]]
) -> dict[str, tuple[int, str]]:
    """Where the side's aircraft may be based at set-up: place -> (capacity, kind), kind
    ``"C"`` carriers (16.1-16.2), ``"R"`` AVs (16.3), ``"base"`` a base; ``placed`` is
    the set-up's (ship, where): a ship left out of play carries none."""
    out: dict[str, tuple[int, str]] = {}
    in_play = {s for s, where in placed if where != OUT}
    for name in sorted(in_play):
        spec = data.ships[name]
        if spec.capacity and spec.type in ("CV", "CVL"):
            out[name] = (spec.capacity, "C")
        elif spec.capacity and spec.type == "AV":
            out[name] = (spec.capacity, "R")
    for b in plan.bases:
        out[b.name] = (b.capacity, "base")
    return out


def _legal_places(
    data: CoralSeaData, plan: _Plan, a: Aircraft, caps: Mapping[str, tuple[int, str]], spill: bool
) -> list[str]:
    """The places aircraft ``a`` may be based at set-up (by its group's ``at``)."""
    group = _group_of(plan.force, a)
    mode = data.aircraft[a.model].landing
    if group == "ships":
        ships = [
            p
            for p, (_c, k) in caps.items()
            if (k == "C" and mode == "C") or (k == "R" and mode == "R")
        ]
        if spill:  # notes A65: C counters over carrier capacity go to airfields
            ships += [b.name for b in plan.bases if geo.accepts(data, b, mode)]
        return ships
    if group == "land":
        return [b.name for b in plan.bases if geo.accepts(data, b, mode)]
    named = {b.name for b in geo.bases_named(data, group)}
    return [b.name for b in plan.bases if b.name in named and geo.accepts(data, b, mode)]


def _group_of(force: Force, a: Aircraft) -> str:
    n = int(a.id.rsplit("-", 1)[1])
    seen = 0
    for group in force.aircraft:
        if group.model != a.model:
            continue
        seen += group.count
        if n <= seen:
            return group.at
    return "land"


def _spill(data: CoralSeaData, plan: _Plan, caps: Mapping[str, tuple[int, str]]) -> bool:
    """Whether the side's C-mode ship counters exceed its carriers (28.2.4, notes A65)."""
    need = sum(
        1
        for a in plan.aircraft
        if _group_of(plan.force, a) == "ships" and data.aircraft[a.model].landing == "C"
    )
    return need > sum(c for c, k in caps.values() if k == "C")


def _check_aircraft(
    state: State, data: CoralSeaData, plan: _Plan, action: SetUp, members: Mapping[str, list[str]]
) -> str | None:
    ids = [a.id for a in plan.aircraft]
    given = [i for i, _ in action.aircraft]
    if sorted(given) != sorted(ids):
        return f"every aircraft counter of the side must be based once ({len(ids)} counters, 28.x)"
    caps = _capacity(state, data, plan, action.ships)
    spill = _spill(data, plan, caps)
    by_id = {a.id: a for a in plan.aircraft}
    load: Counter[str] = Counter()
    for aid, where in action.aircraft:
        a = by_id[aid]
        if where not in _legal_places(data, plan, a, caps, spill):
            return f"{aid} may not be based at {where!r} (landing mode, scenario, 2.2.7, 8.E, 28.x)"
        load[where] += 1
        if load[where] > caps[where][0]:
            return f"{where} takes at most {caps[where][0]} aircraft counters (6.C, 8.C, 16.1-16.3)"
    return None


# -- a random legal set-up (the random agent's) ---------------------------------------------
def sample(state: State, data: CoralSeaData, side: str, dice: Dice) -> SetUp:
    """A legal set-up drawn at random: ships to TFs (the scenario's requirements first),
    each TF to a hex of one of its regions, aircraft to places with room (the most
    constrained landing modes first)."""
    plan = _plan(state, data, side)
    force = plan.force
    free = [s.name for s in plan.ships]
    members: dict[str, list[str]] = {}
    if plan.ships:
        if force.tf:
            ids = list(plan.tf_ids)
        else:
            low = max(force.min_tfs, 1)
            n = low + dice.roll(plan.limit - low + 1, "set-up: TFs", RULE) - 1
            ids = list(plan.tf_ids[:n])
        members = {t: [] for t in ids}
        for t in ids:
            slot = force.slot(t)
            if slot is None:
                continue
            for kind, n in slot.requires:
                for _ in range(n):
                    pick = [s for s in free if data.ships[s].type == kind]
                    if pick:
                        s = dice.choose(pick, "set-up: ship", RULE)
                        members[t].append(s)
                        free.remove(s)
            for s in slot.requires_ships:
                if s in free:
                    members[t].append(s)
                    free.remove(s)
        if force.ap_region:  # 28.2.3: the APs together, in Rabaul harbor
            aps = [s for s in free if data.ships[s].type == "AP"]
            for s in aps:
                members[ids[0]].append(s)
                free.remove(s)
        for t in ids:
            if not members[t] and free:
                s = dice.choose(free, "set-up: ship", RULE)
                members[t].append(s)
                free.remove(s)
    placed: list[tuple[str, str]] = []
    places = sorted(_ship_places(plan, data))
    for s in list(free):
        if force.unused in ("open", "out") and dice.roll(8, "set-up: leave out", RULE) == 1:
            where = OUT if force.unused == "out" else dice.choose(places, "set-up: open", RULE)
            placed.append((s, where))
        else:
            placed.append((s, dice.choose(sorted(members), "set-up: TF", RULE)))
    ship_places = [(s, t) for t, ships in members.items() for s in ships] + placed
    for s, t in placed:
        if t in members:
            members[t].append(s)
    used: Counter[str] = Counter()
    tfs: list[tuple[str, str, int]] = []
    for t in members:
        options = [
            force.region_named(n)
            for n in _regions_for(plan, t, members[t], data)
            if plan.region_hexes[n]
        ]
        options = [r for r in options if not r.max or used[r.name] < r.max]
        if not options:
            raise NavalwarError(f"{side} {t}: no set-up region has a sea hex (28.x)")
        region = dice.choose(options, "set-up: region", RULE)
        used[region.name] += 1
        h = dice.choose(plan.region_hexes[region.name], "set-up: hex", RULE)
        turn = 0
        if region.enters:
            turn = region.turn or region.from_turn + dice.roll(4, "set-up: entry", RULE) - 1
            turn = max(1, min(turn, state.scenario.turns))
        tfs.append((t, geo.label(data, h), turn))
    caps = _capacity(state, data, plan, ship_places)
    spill = _spill(data, plan, caps)
    load: Counter[str] = Counter()
    order = {"W": 0, "R": 1, "L": 2, "C": 3}
    based: list[tuple[str, str]] = []
    for a in sorted(
        plan.aircraft, key=lambda a: (order.get(data.aircraft[a.model].landing, 4), a.id)
    ):
        room = [p for p in _legal_places(data, plan, a, caps, spill) if load[p] < caps[p][0]]
        if not room:
            raise NavalwarError(f"{a.id}: no place with room for it at set-up (6.C, 8.C)")
        # carriers first for ship-based counters (notes A65 spills only what is left)
        ships_room = [p for p in room if caps[p][1] != "base"]
        where = dice.choose(ships_room or room, "set-up: aircraft", RULE)
        load[where] += 1
        based.append((a.id, where))
    return SetUp(tuple(tfs), tuple(sorted(ship_places)), tuple(sorted(based)))


# -- the decision and its action ----------------------------------------------------------------
def ask(state: State, data: CoralSeaData) -> Decision | None:
    """The set-up decision of the side setting up (Japan first, 28.x)."""
    side = setting_up(state)
    if side is None:
        return None
    plan = _plan(state, data, side)
    return Decision(
        side=side,
        kind="set_up",
        rule="28.x",
        prompt=f"{side}: form your TFs, place them and base your aircraft (28.x)",
        validate=typed(SetUp, lambda a: validate(state, data, side, a)),
        sample=lambda dice: sample(state, data, side, dice),
        context={
            "ships": [s.name for s in plan.ships],
            "task_forces": list(plan.tf_ids),
            "tf_limit": plan.limit,
            "min_tfs": plan.force.min_tfs,
            "regions": {
                n: [geo.label(data, h) for h in hexes] for n, hexes in plan.region_hexes.items()
            },
            "aircraft": [a.id for a in plan.aircraft],
        },
        tags=(SetUp.tag,),
    )


def apply(state: State, data: CoralSeaData, action: SetUp, ctx: Context) -> State:
    """Carry out the set-up of the side setting up; logs it privately, and publicly what
    the board shows (ships outside TFs, aircraft at bases)."""
    side = setting_up(state)
    assert side is not None
    plan = _plan(state, data, side)
    force = plan.force
    where_of = dict(action.ships)
    places = _ship_places(plan, data)
    members: dict[str, list[str]] = {t: [] for t, _h, _n in action.task_forces}
    for s, w in action.ships:
        if w in members:
            members[w].append(s)
    tfs = list(state.task_forces)
    tf_hex: dict[str, Hex | None] = {}
    for t, hex_label, turn in action.task_forces:
        h = geo.hex_of(data, hex_label)
        slot = force.slot(t)
        held = force.ap_held and any(data.ships[s].type == "AP" for s in members[t])
        region_edge = None
        if turn:
            for n in _regions_for(plan, t, members[t], data):
                r = force.region_named(n)
                if r.enters:
                    region_edge = r.edge
                    break
        tf = TaskForce(
            t,
            side,
            None if turn else h,
            enters=turn,
            entry_edge=region_edge,
            moves_from=slot.moves_from if slot is not None else 0,
            entry_hex=h if turn else None,
            held=held,
        )
        tf_hex[t] = tf.hex
        tfs.append(tf)
    ships: list[Ship] = []
    for ship in state.ships:
        if ship.side != side:
            ships.append(ship)
            continue
        w = where_of[ship.name]
        if w in members:
            ships.append(attrs.evolve(ship, tf=w, hex=tf_hex[w]))
        elif w == OUT:
            ships.append(attrs.evolve(ship, out_of_play=True))
        else:
            ships.append(attrs.evolve(ship, hex=places[w]))
    based = dict(action.aircraft)
    aircraft = tuple(
        attrs.evolve(a, base=based[a.id]) if a.id in based else a for a in state.air.aircraft
    )
    ctx.log_private(
        (side,),
        "set_up",
        f"{side} sets up: " + "; ".join(f"{t} {h} (turn {n})" for t, h, n in action.task_forces),
        "28.x",
        side=side,
        task_forces=[[t, h, n] for t, h, n in action.task_forces],
    )
    open_ships = sorted((s, geo.label(data, places[w])) for s, w in action.ships if w in places)
    ship_names = {s.name for s in plan.ships}
    at_bases = sorted((aid, w) for aid, w in action.aircraft if w not in ship_names)
    ctx.log(
        "forces_placed",
        f"{side} has set up: {len(open_ships)} ships outside TFs, "
        f"{len(at_bases)} aircraft at bases",
        "11.F, 9.A, 28.x",
        side=side,
        ships=[list(p) for p in open_ships],
        aircraft=[list(p) for p in at_bases],
    )
    return attrs.evolve(
        state,
        ships=tuple(ships),
        task_forces=tuple(tfs),
        air=attrs.evolve(state.air, aircraft=aircraft),
        setup_done=(*state.setup_done, side),
    )


__all__ = [
    "OPTIONS",
    "SETUP",
    "apply",
    "arrivals",
    "ask",
    "initial",
    "sample",
    "setting_up",
    "validate",
]
