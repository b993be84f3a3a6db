"""The Preparation Stage (TE 3.1 A-F, 3.2, 3.3) and the set-up's flagship (TE 3.9).

The admiral's flagship (TE 3.9 "Admirals"); the Action Chit Phase (TE 3.1 A); the US
Formation Phase, formations and Speeds (TE 3.1 B, 3.2); the US Movement Orders Phase
(TE 3.1 C, 3.3); the US Freedom of Action Phase (TE 3.1 D, 3.3); the Japanese Formation
Phase (TE 3.1 E, 3.2); the First and Second Japanese Movement Orders Phases (TE 3.1 F
and J, 3.3).
"""

from __future__ import annotations

import functools
from collections.abc import Callable

from navalwar.actions import Action
from navalwar.dice import Dice
from navalwar.engine import Context, Decision, Game, typed
from navalwar.errors import IllegalActionError
from navalwar.games.tokyo_express.actions import (
    ChooseDirection,
    ChooseFlagship,
    FormFormations,
    GiveOrder,
    SetSpeed,
)
from navalwar.games.tokyo_express.battle_movement import japanese_orders
from navalwar.games.tokyo_express.data import TEData
from navalwar.games.tokyo_express.formations import (
    japanese_groupings,
    slowest_speed,
    us_grouping_problem,
    us_groupings,
)
from navalwar.games.tokyo_express.geometry import te_label
from navalwar.games.tokyo_express.model import (
    AHEAD,
    COUNTERMARCH,
    DIRS,
    JAPAN,
    S_TURN,
    TURN_60,
    TURN_120,
    US,
    Formation,
    Order,
    Ship,
    State,
)
from navalwar.games.tokyo_express.movement import maneuver_problem, us_order_can_stay_on_map
from navalwar.games.tokyo_express.narration import begin
from navalwar.hexgrid import distance

CHITS = ("Combat", "Blank", "Blank", "Blank", "Blank", "Blank")  # TE 3.1 A
_AHEAD_ORDER = Order(AHEAD)


def ask_flagship(game: Game[State, TEData], state: State, data: TEData) -> Decision | None:
    """The ship of the admiral's type in his hex that carries him (TE 3.9 "Admirals")."""
    adm = state.scenario.admiral
    if adm is None or state.flagship:
        return None
    ships = [
        s
        for s in state.side_ships(US)
        if s.hex == adm.hex and data.ship(s.name).rule_type == adm.type
    ]
    return Decision(
        US,
        "choose_flagship",
        "TE 3.9",
        f"Place Admiral {adm.name} on one of the {adm.type}s in {te_label(adm.hex)}",
        tuple(ChooseFlagship(s.name) for s in ships),
        tags=(ChooseFlagship.tag,),
    )


def apply_flagship(
    game: Game[State, TEData], state: State, action: ChooseFlagship, data: TEData, ctx: Context
) -> State:
    """The admiral hoists his flag in the ship chosen (TE 3.9 "Admirals")."""
    ctx.log(
        "flagship",
        f"Admiral {state.scenario.admiral.name} hoists his flag in {action.ship}",
        "TE 3.9",
        ship=action.ship,
    )
    return state.replace(flagship=action.ship)


def run_action_chits(game: Game[State, TEData], state: State, data: TEData, ctx: Context) -> State:
    """Action Chit Phase (TE 3.1 A): a new Game Turn; the Combat chit and five blanks
    go in the cup."""
    ctx.log("turn_began", lambda: f"Game Turn {state.turn} begins", "TE 3.1", turn=state.turn)
    begin(ctx, state, ": the Combat chit and five blanks go in the cup")
    return state.replace(cup=state.cup.refill(CHITS))


def _grouping_sampler(state: State) -> Callable[[Dice], Action]:
    """A random legal grouping of the US ships, for agents (TE 3.2)."""
    ships = list(state.side_ships(US))

    def sample(dice: Dice) -> Action:
        groups: list[list[Ship]] = []
        for s in dice.shuffled(ships):
            homes = [
                g
                for g in groups
                if g[0].heading == s.heading and any(distance(s.hex, o.hex) <= 2 for o in g)
            ]
            if homes and dice.roll(2) == 1:
                dice.choose(homes).append(s)
            else:
                groups.append([s])
        return FormFormations(tuple(tuple(x.name for x in g) for g in groups))

    return sample


_FORM_TAGS = (FormFormations.tag,)
_GROUPING_PROMPT = (
    "US Formation Phase: group the US ships into formations (same heading, each "
    "within 2 hexes of another)"
)


def ask_us_formation(game: Game[State, TEData], state: State, data: TEData) -> Decision | None:
    """The grouping of the US ships into formations, until they are formed (TE 3.2)."""
    if any(f.side == US for f in state.formations):
        return None
    ships = state.ships_of(US)
    prompt = _GROUPING_PROMPT
    choices = us_groupings(ships)
    if choices is not None:
        return Decision(
            US,
            "us_formations",
            "TE 3.2",
            prompt,
            tuple([FormFormations(c) for c in choices]),
            tags=_FORM_TAGS,
        )

    return Decision(
        US,
        "us_formations",
        "TE 3.2",
        prompt,
        None,
        typed(FormFormations, lambda a: us_grouping_problem(ships, a.groups)),
        _grouping_sampler(state),
        tags=_FORM_TAGS,
    )


def apply_formations(
    game: Game[State, TEData], state: State, action: FormFormations, data: TEData, ctx: Context
) -> State:
    """Form the US formations of the grouping chosen (TE 3.2)."""
    problem = us_grouping_problem(state.ships_of(US), action.groups)
    if problem:
        raise IllegalActionError(action.describe(), problem, "TE 3.2")
    begin(ctx, state)
    fid = state.next_formation_id
    forms = [f for f in state.formations if f.side != US]
    changed = []
    ship = state.ship
    for g in action.groups:
        forms.append(Formation(fid, US, tuple(g)))
        changed += [ship(n).replace(formation=fid) for n in g]
        names = list(g)
        ctx.log(
            "formation",
            f"US formation {fid}: {', '.join(names)}",
            "TE 3.2",
            formation=fid,
            ships=names,
        )
        fid += 1
    return state.updated(changed, formations=tuple(forms), next_formation_id=fid)


def ask_us_speed(game: Game[State, TEData], state: State, data: TEData) -> Decision | None:
    """The Speed of the first US formation without one (TE 3.2)."""
    for f in state.formations:  # the first US formation on the map without a Speed
        if f.side == US and not f.speed_set:
            ships = state.members(f.ships)
            if not ships:
                continue
            top = slowest_speed(ships)
            return Decision(
                US,
                "us_speed",
                "TE 3.2",
                f"Assign a Speed (1-{top}) to formation {f.id} ({', '.join(f.ships)})",
                _speed_choices(f.id, top),
                context={"formation": f.id},
                tags=(SetSpeed.tag,),
            )
    return None


@functools.lru_cache(maxsize=1024)
def _speed_choices(fid: int, top: int) -> tuple[SetSpeed, ...]:
    """The Speeds formation ``fid`` may take, fastest first (TE 3.2; frozen: shared by
    decisions)."""
    return tuple([SetSpeed(fid, v) for v in range(top, 0, -1)])


def apply_speed(
    game: Game[State, TEData], state: State, action: SetSpeed, data: TEData, ctx: Context
) -> State:
    """The US formation steams at the Speed chosen (TE 3.2)."""
    f = state.formation(action.formation)
    ctx.log(
        "speed",
        lambda: f"US formation {f.id} steams at Speed {action.speed}",
        "TE 3.2",
        formation=f.id,
        speed=action.speed,
    )
    return state.with_formation(f.replace(speed=action.speed, speed_set=True))


# -- C-D: US Movement Orders, Freedom of Action ---------------------------------------------
def ask_us_orders(game: Game[State, TEData], state: State, data: TEData) -> Decision | None:
    """The Movement Order of the first US formation without one (TE 3.1 C, 3.3)."""
    for f in state.formations:  # the first US formation on the map without an order
        if f.side == US and not f.order_set and state.members(f.ships):
            choices = _order_choices(f.id, f.speed)
            return Decision(
                US,
                "us_order",
                "TE 3.3",
                f"US Movement Orders Phase: order for formation {f.id} "
                f"({', '.join(f.ships)}), Speed {f.speed}",
                choices,
                context={"formation": f.id},
                tags=(GiveOrder.tag,),
            )
    return None


@functools.lru_cache(maxsize=1024)
def _order_choices(fid: int, speed: int) -> tuple[GiveOrder, ...]:
    """The orders formation ``fid`` at ``speed`` may take (TE 3.3; frozen: shared by decisions)."""
    listed = [GiveOrder(fid, AHEAD)]
    for m in (TURN_60, TURN_120, COUNTERMARCH, S_TURN):
        if maneuver_problem(m, speed) is None:
            listed += [GiveOrder(fid, m, "port"), GiveOrder(fid, m, "starboard")]
    return tuple(listed)


@functools.lru_cache(maxsize=64)
def _us_order(maneuver: str, direction: str) -> Order:
    """The order marker of a US order (TE 3.3; a frozen value: shared by formations)."""
    return Order(maneuver, DIRS[direction])


def apply_order(
    game: Game[State, TEData], state: State, action: GiveOrder, data: TEData, ctx: Context
) -> State:
    """The US formation takes the Movement Order chosen (TE 3.3)."""
    f = state.formation(action.formation)
    order = _us_order(action.maneuver, action.direction)
    label = order.label
    ctx.log(
        "us_order",
        lambda: f"US formation {f.id} ordered {label}",
        "TE 3.3",
        formation=f.id,
        order=label,
    )
    return state.with_formation(f.replace(order=order, order_set=True))


def has_us_ships(state: State, data: TEData) -> bool:
    """Whether any US ship is on the map: the US Formation, Movement Orders and Freedom
    of Action Phases have nothing to do without one (TE 3.1 B-D)."""
    return bool(state.ships_of(US))


def has_admiral(state: State, data: TEData) -> bool:
    """Whether the scenario has a US admiral, and US ships for Freedom of Action (TE 3.3,
    3.9 "Admirals"): without an admiral the US Freedom of Action Phase is not played."""
    return state.scenario.admiral is not None and bool(state.ships_of(US))


def run_us_foa(game: Game[State, TEData], state: State, data: TEData, ctx: Context) -> State:
    """US Freedom of Action Phase (TE 3.3 "US Freedom of Action"), played in a scenario
    with an admiral (:func:`has_admiral`)."""
    begin(ctx, state)
    dead = bool(state.admiral_killed_turn)
    flag = None if dead else state.ship(state.flagship)
    pending: list[int] = []
    changed: list[Formation] = []  # the formations now Ahead (each of another formation)
    for f in state.live_formations(US):
        ships = state.members(f.ships)
        if flag is not None and flag.name in f.ships:
            continue
        mod = -2 if dead else 0
        if flag is not None:
            far = sum(1 for s in ships if distance(s.hex, flag.hex) >= 11)
            mod = -2 if far == len(ships) else -1 if far else 0
        roll = ctx.dice.d10(f"Freedom of Action, formation {f.id}", "TE 3.3")
        result = data.freedom.result(len(ships), roll + mod)
        note = ""
        new: str | None = None
        if result == "A":
            new = COUNTERMARCH if f.order.maneuver == AHEAD else AHEAD
        elif result == "C":
            new = AHEAD if f.order.maneuver == COUNTERMARCH else COUNTERMARCH
        if new == AHEAD:
            if us_order_can_stay_on_map(
                [(s.hex, s.heading) for s in ships], _AHEAD_ORDER, f.speed, 1, data
            ):
                changed.append(f.replace(order=_AHEAD_ORDER))
                note = ": now Ahead"
            else:
                note = ": Ahead would leave the map, so no effect"
        elif new == COUNTERMARCH:
            if maneuver_problem(COUNTERMARCH, f.speed):
                note = ": a Speed-1 formation cannot Countermarch, so no effect"
            elif not _cm_directions(state, f, data):
                note = ": a Countermarch would leave the map, so no effect"
            else:
                note = ": Countermarch (the player chooses the direction)"
                pending.append(f.id)
        ctx.log(
            "freedom_of_action",
            f"Freedom of Action for formation {f.id} ({len(ships)} ships): roll {roll}"
            f"{mod:+d} = {roll + mod} -> {result}{note}",
            "TE 3.3",
            formation=f.id,
            roll=roll,
            modifier=mod,
            result=result,
        )
    # the formations changed here are not looked at again (the ships do not move)
    return state.updated((), changed, pending=tuple(pending))


_COUNTERMARCHES = {name: Order(COUNTERMARCH, DIRS[name]) for name in ("port", "starboard")}


def _cm_directions(state: State, f: Formation, data: TEData) -> list[str]:
    """The Countermarch directions keeping formation ``f`` on the map (TE 3.3)."""
    ships = [(s.hex, s.heading) for s in state.members(f.ships)]
    return [
        name
        for name, order in _COUNTERMARCHES.items()
        if us_order_can_stay_on_map(ships, order, f.speed, 1, data)
    ]


def ask_foa_direction(game: Game[State, TEData], state: State, data: TEData) -> Decision | None:
    """The direction of a Countermarch forced by Freedom of Action (TE 3.3)."""
    if not state.pending:
        return None
    f = state.formation(state.pending[0])
    return Decision(
        US,
        "countermarch_direction",
        "TE 3.3",
        f"Freedom of Action: formation {f.id} must Countermarch; choose the direction",
        tuple(ChooseDirection(f.id, d) for d in _cm_directions(state, f, data)),
        context={"formation": f.id},
        tags=(ChooseDirection.tag,),
    )


def apply_direction(
    game: Game[State, TEData], state: State, action: ChooseDirection, data: TEData, ctx: Context
) -> State:
    """The formation Countermarches in the direction chosen (TE 3.3)."""
    f = state.formation(action.formation)
    order = _COUNTERMARCHES.get(action.direction) or Order(COUNTERMARCH, DIRS[action.direction])
    label = order.label
    ctx.log(
        "us_order",
        lambda: f"US formation {f.id} now ordered {label}",
        "TE 3.3",
        formation=f.id,
        order=label,
    )
    return state.updated(
        (), (f.replace(order=order),), pending=tuple([p for p in state.pending if p != f.id])
    )


# -- E-F, J: Japanese Formation and Movement Orders Phases -----------------------------------
def run_jp_formation(game: Game[State, TEData], state: State, data: TEData, ctx: Context) -> State:
    """Japanese Formation Phase (TE 3.1 E, 3.2)."""
    begin(ctx, state)
    fid = state.next_formation_id
    forms = [f for f in state.formations if f.side != JAPAN]
    changed = []
    ship = state.ship
    for g in japanese_groupings(state.ships_of(JAPAN), data):
        members = [ship(n) for n in g]
        speed = slowest_speed(members)
        forms.append(Formation(fid, JAPAN, g, speed, speed_set=True, order_set=True))
        changed += [s.replace(formation=fid) for s in members]
        ctx.log(
            "formation",
            f"Japanese formation {fid}: {', '.join(g)}, Speed {speed}",
            "TE 3.2",
            formation=fid,
            ships=list(g),
            speed=speed,
        )
        fid += 1
    return state.updated(changed, formations=tuple(forms), next_formation_id=fid)


def run_jp_orders(game: Game[State, TEData], state: State, data: TEData, ctx: Context) -> State:
    """First and Second Japanese Movement Orders Phases (TE 3.1 F and J, 3.3)."""
    second = state.phase == 3
    begin(ctx, state)
    # each formation as by battle_movement in turn, in the orders phase (3 or 0)
    return japanese_orders(state, data, ctx, 3 if second else 0)
