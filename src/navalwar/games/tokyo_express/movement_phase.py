"""The Movement Phases of the Activity Stage (TE 3.1 G-M, 3.3, 3.4, 3.9).

Each Movement Phase: the US Movement Segment (turns before or after moving, TE 3.3,
3.4), the Japanese Movement Segment (TE 3.3 "Japanese Orders", 3.4), the map-edge
slide of the Basic Scenario (TE 3.9), US stacking (TE 3.4) and the Action Chit Draw
Segment (TE 3.1).
"""

from __future__ import annotations

import functools
from collections.abc import Mapping, Sequence

from navalwar.engine import Context, Decision, Game
from navalwar.games.tokyo_express.actions import Turn
from navalwar.games.tokyo_express.basic_turn import BASIC_TURN, ORDINALS
from navalwar.games.tokyo_express.data import TEData
from navalwar.games.tokyo_express.geometry import TE_MAP, te_label
from navalwar.games.tokyo_express.model import (
    ABOUT,
    AHEAD,
    JAPAN,
    TURN_60,
    US,
    Combat,
    Formation,
    Order,
    Ship,
    State,
)
from navalwar.games.tokyo_express.movement import (
    ahead,
    next_turn_steps,
    on_map,
    path,
    slide_vector,
    turn_choices,
    turns_needed,
)
from navalwar.games.tokyo_express.narration import begin, heading_name
from navalwar.hexgrid import DIRECTIONS, Hex, opposite


def _needs_turn(state: State, data: TEData) -> tuple[Formation, list[str]] | None:
    """The first US formation still to say when it turns this phase, with its choices (TE 3.4)."""
    planned = {fid for fid, _ in state.plan} if state.plan else ()
    phase = state.phase
    for f in state.live_formations(US):
        order = f.order
        if order.maneuver == AHEAD or f.id in planned:  # Ahead needs no turn (TE 3.3)
            continue
        choices = turn_choices(order, f.speed, phase, data)
        if choices:
            return f, choices
    return None


def ask_us_move(game: Game[State, TEData], state: State, data: TEData) -> Decision | None:
    """When a US formation makes its next turn this phase: before or after moving, or
    not yet (TE 3.3, 3.4)."""
    needs = _needs_turn(state, data)
    if needs is None:
        return None
    f, choices = needs
    steps = next_turn_steps(f.order)
    what = f"{abs(steps) * 60}° to {'starboard' if steps > 0 else 'port'}"
    return Decision(
        US,
        "us_turn",
        "TE 3.4",
        f"{ORDINALS[state.phase - 1]} Movement Phase: formation {f.id} "
        f"({f.order.label}, turn {f.order.turns_done + 1} of "
        f"{turns_needed(f.order.maneuver, f.speed)}: {what}) - turn before moving, "
        "after moving, or not this phase?",
        _turn_actions(f.id, tuple(choices)),
        context={"formation": f.id},
        tags=(Turn.tag,),
    )


@functools.lru_cache(maxsize=1024)
def _turn_actions(fid: int, choices: tuple[str, ...]) -> tuple[Turn, ...]:
    """Formation ``fid``'s turn timings ``choices`` as actions (TE 3.4; frozen: shared
    by decisions)."""
    return tuple([Turn(fid, w) for w in choices])


def _turn_headings(
    ships: Sequence[Ship], f: Formation, ctx: Context, heading: dict[str, int], now: bool = False
) -> None:
    """Put in ``heading`` the headings of ``ships`` (of ``f``) after the formation's next
    turn (TE 3.3), from the headings there already if ``now`` (turns made earlier this
    segment), else from the ships'."""
    steps = next_turn_steps(f.order)
    for s in ships:
        name = s.name
        hd = heading.get(name, s.heading) if now else s.heading
        heading[name] = (hd + steps) % 6  # (the headings are 0..5)
    _log_turn(ctx, [s.name for s in ships], steps, heading[ships[0].name])


def _log_turn(ctx: Context, names: Sequence[str], steps: int, heading: int) -> None:
    """Log the ships' turn (TE 3.3), when a log is kept."""
    ctx.log(
        "ship_turned",
        lambda: (
            f"{', '.join(names)} turn {abs(steps) * 60}° to "
            f"{'starboard' if steps > 0 else 'port'}, now heading {heading_name(heading)}"
        ),
        "TE 3.3",
        ships=list(names),
        heading=heading_name(heading),
    )


def apply_turn(
    game: Game[State, TEData], state: State, action: Turn, data: TEData, ctx: Context
) -> State:
    """Plan the formation's turn as chosen, made in the US Movement Segment (TE 3.4)."""
    return state.replace(plan=(*state.plan, (action.formation, action.when)))


def _slide(
    state: State, paths: dict[str, list[Hex]], ctx: Context
) -> tuple[State, dict[str, list[Hex]]]:
    """The Basic Scenario map-edge rule (TE 3.4, 3.9): slide every ship back."""
    off = [n for n, p in paths.items() if not on_map(p)]
    if not off:
        return state, paths
    ship = state.ship(off[0])
    everyone = [s for s in state.ships if s.on_map]
    shift = slide_vector([s.hex for s in everyone], list(paths.values()), ship.heading)
    if shift is None:
        return _slide_best_effort(state, paths, ship, ctx)
    moved = [s.replace(hex=s.hex + shift) for s in everyone]
    ctx.log(
        "map_slide",
        f"{ship.name} would leave the map: every ship slides {shift.length()} "
        "hex(es) away from the edge, keeping their distances",
        "TE 3.9",
        hexes=shift.length(),
    )
    return state.with_ships(moved), {n: [h + shift for h in p] for n, p in paths.items()}


def _slide_best_effort(
    state: State, paths: dict[str, list[Hex]], ship: Ship, ctx: Context
) -> tuple[State, dict[str, list[Hex]]]:
    """When the ships are spread wider than the map, no slide can keep them all on it.

    The reading taken (not covered by TE 3.9): slide as far as helps along the
    reverse of the offending ship's heading, then any ship still at the edge
    stops there instead of leaving.
    """
    everyone = [s for s in state.ships if s.on_map]
    back = DIRECTIONS[opposite(ship.heading)]
    best, best_off = Hex(0, 0), None
    for k in range(0, 41):
        shift = Hex(back.q * k, back.r * k)
        if not on_map(s.hex + shift for s in everyone):
            break
        off = sum(1 for p in paths.values() for h in p if not TE_MAP.in_bounds(h + shift))
        if best_off is None or off < best_off:
            best, best_off = shift, off
    moved = [s.replace(hex=s.hex + best) for s in everyone]
    state = state.with_ships(moved)
    out: dict[str, list[Hex]] = {}
    for name, p in paths.items():
        kept = []
        for h in p:
            if not TE_MAP.in_bounds(h + best):
                break
            kept.append(h + best)
        if kept:
            out[name] = kept
        if len(kept) < len(p):
            ctx.log(
                "map_edge_stop",
                f"{name} stops at the map edge: the ships are spread wider "
                "than the map, so no slide keeps them all on it",
                "TE 3.9",
                ship=name,
            )
    if best.length():
        ctx.log(
            "map_slide",
            f"every ship slides {best.length()} hex(es) away from the edge",
            "TE 3.9",
            hexes=best.length(),
        )
    return state, out


# A ship's move this phase: the hex it ends in, the hexes it moves and the ship as it
# starts (its heading is the one before any turn this phase).
Move = tuple[Hex, int, Ship]


def _movement(
    state: State,
    forms: Sequence[Formation],
    members: Sequence[tuple[Ship, ...]],
    data: TEData,
    ctx: Context,
    heading: dict[str, int],
    reordered: Sequence[Formation] = (),
) -> tuple[State, dict[str, Move]]:
    """Where each ship of ``forms`` (their ships on the map ``members``, headings as
    ``heading`` has them, else their own) ends this Movement Phase (TE 3.4 chart),
    with the map-edge rule (TE 3.4, 3.9).

    Most phases no ship would leave the map: the state is as given and only the ends
    are worked out. Otherwise the turns in ``heading`` and the formations
    ``reordered`` are made in the state first (``heading`` is then emptied), and the
    state returned is the one after the slide.
    """
    phase = state.phase
    moves: dict[str, Move] = {}
    for f, ships in zip(forms, members, strict=True):
        n = data.moves(f.speed, phase)
        if n:
            for s in ships:
                name = s.name
                end = ahead(s.hex, heading.get(name, s.heading) if heading else s.heading, n)
                if end is None:
                    break
                moves[name] = (end, n, s)
            else:
                continue
            break
    else:
        return state, moves
    # some ship would leave the map (TE 3.9): as the rules do it, on the whole state
    if heading or reordered:
        ship = state.ship
        state = state.updated([ship(n).replace(heading=hd) for n, hd in heading.items()], reordered)
        heading.clear()
    state, paths = _slide(state, _paths(state, forms, data), ctx)
    ship = state.ship
    return state, {n: (p[-1], len(p), ship(n)) for n, p in paths.items()}


def run_us_move(game: Game[State, TEData], state: State, data: TEData, ctx: Context) -> State:
    """US Movement Segment (TE 3.1 G, 3.3, 3.4).

    The changes of the segment are gathered and made at the end, in one new state:
    each changed ship is made once, with its new hex, heading and formation.
    """
    p = state.phase
    begin(ctx, state)
    plan = dict(state.plan)
    forms: Sequence[Formation] = state.live_formations(US)
    members = [state.members(f.ships) for f in forms]
    heading: dict[str, int] = {}  # new headings, by ship name
    reordered: list[Formation] = []
    if plan:
        forms = list(forms)
        for k, f in enumerate(forms):
            if plan.get(f.id) == "before":
                _turn_headings(members[k], f, ctx, heading)
                order = f.order.replace(turns_done=f.order.turns_done + 1, last_turn_phase=p)
                f = f.replace(order=order)
                forms[k] = f
                reordered.append(f)
    was = state
    state, moves = _movement(state, forms, members, data, ctx, heading, reordered)
    if state is not was:  # a slide: the turns above are made in the new state
        members = [state.members(f.ships) for f in forms]
    blocked = _stacking(state, moves, ctx)
    if blocked:
        moves = {n: m for n, m in moves.items() if n not in blocked}
    _log_moves(ctx, moves)
    changed: list[Formation] = []
    split: list[Formation] = []
    joined: dict[str, int] = {}  # ships split off into formations of their own
    fid = state.next_formation_id
    for f, ships in zip(forms, members, strict=True):
        when = plan.get(f.id) if plan else None
        order = f.order
        if when is None and not order.turned_since_move and not blocked:
            continue  # the formation's order is as it was (the common case, made quick)
        movers = [s for s in ships if s.name in moves] if moves else []
        stuck = [s.name for s in ships if s.name in blocked] if blocked else []
        if when == "after":
            turning = movers
            if data.moves(f.speed, p) and len(movers) + len(stuck) < len(ships):
                turning, held = _edge_stopped_turn(f, ships, movers, moves, blocked, ctx)
                stuck += held
            if turning:
                _turn_headings(turning, f, ctx, heading, now=True)
                order = order.replace(
                    turns_done=order.turns_done + 1, last_turn_phase=p, turned_since_move=True
                )
        elif movers:
            if order.turned_since_move:
                order = order.replace(turned_since_move=False)
        elif when == "before":
            order = order.replace(turned_since_move=True)  # turned, then kept out
        current = f if order is f.order else f.replace(order=order)
        if stuck and movers:
            stuck_order = f.order
            if when == "before":  # it turned in its hex and could not leave it
                stuck_order = f.order.replace(turned_since_move=True)
            for name in stuck:
                current, alone = _split_off(current, fid, name, stuck_order, ctx)
                joined[name] = fid
                split.append(alone)
                fid += 1
        if current is not f or (reordered and when == "before"):
            changed.append(current)
    ships_now = _placed(state, moves, heading)
    for name, new_fid in joined.items():  # (they did not move)
        s = state.ship(name)
        ships_now.append(s.replace(heading=heading.get(name, s.heading), formation=new_fid))
    if split:
        return state.updated(
            ships_now,
            changed,
            formations=(*state.formations, *split),
            next_formation_id=fid,
            plan=(),
        )
    return state.updated(ships_now, changed, next_formation_id=fid, plan=())


def _edge_stopped_turn(
    f: Formation,
    ships: Sequence[Ship],
    movers: list[Ship],
    moves: Mapping[str, Move],
    blocked: set[str],
    ctx: Context,
) -> tuple[list[Ship], list[str]]:
    """The ships of ``f`` that make its turn "after moving" this phase when some of them
    stopped at the map edge (no 3.9 slide fitting), and those stopped that split off.

    The order "must make the appropriate turns" (TE 3.3) and the Movement Chart moved the
    formation this phase (TE 3.4), so a ship stopped at the edge turns in its hex with the
    others. Only if its last turn was made in that hex (it has not moved since) may it
    not ("never two turns in the same hex", TE 3.4): it keeps its order with the turn
    still due, as a one-ship formation if the others moved (as a ship kept out of a hex
    does), else the whole formation makes the turn in a later phase.
    """
    stopped = [s for s in ships if s.name not in moves and s.name not in blocked]
    if not f.order.turned_since_move:
        return movers + stopped, []
    names = [s.name for s in stopped]
    ctx.log(
        "turn_postponed",
        lambda: (
            f"{', '.join(names)} cannot turn: stopped at the map edge "
            "in the hex of the last turn; the turn stays due"
        ),
        "TE 3.4",
        ships=names,
    )
    return movers, [s.name for s in stopped] if movers else []


def _placed(state: State, moves: Mapping[str, Move], heading: Mapping[str, int]) -> list[Ship]:
    """The ships that moved or turned this phase, each in its new hex and heading (TE 3.4)."""
    if not heading:
        return [s.replace(hex=end) for end, _, s in moves.values()]
    out = [
        s.replace(hex=end, heading=heading.get(name, s.heading))
        for name, (end, _, s) in moves.items()
    ]
    ship = state.ship
    for name, hd in heading.items():
        if name not in moves:
            s = ship(name)
            out.append(s.replace(heading=hd))
    return out


def _paths(state: State, forms: Sequence[Formation], data: TEData) -> dict[str, list[Hex]]:
    """The hexes each ship of ``forms`` would enter this Movement Phase (TE 3.4 chart)."""
    paths: dict[str, list[Hex]] = {}
    for f in forms:
        n = data.moves(f.speed, state.phase)
        if n:
            for s in state.members(f.ships):
                paths[s.name] = path(s.hex, s.heading, n)
    return paths


def _log_moves(ctx: Context, moves: Mapping[str, Move]) -> None:
    """Log each ship's move of the phase (TE 3.4), when a log is kept."""
    ctx.log_each(
        "ship_moved",
        "TE 3.4",
        lambda: [
            (f"{name} moves {n} hex(es) to {label}", {"ship": name, "to": label, "hexes": n})
            for name, (end, n, _) in moves.items()
            for label in (te_label(end),)
        ],
    )


def _stacking(state: State, moves: Mapping[str, Move], ctx: Context) -> set[str]:
    """No more than two US ships in a hex at the end of a Movement Phase (TE 3.4).

    Ships already in the hex have priority; the ships that may enter are
    chosen at random; a ship that cannot enter waits, and may in turn keep
    others out of its own hex.
    """
    blocked: set[str] = set()
    if not moves:
        return blocked
    us = state.ships_of(US)
    ends = [moves[s.name][0] if s.name in moves else s.hex for s in us]
    if len(ends) - len(set(ends)) < 2:  # no three ships would end in one hex
        return blocked
    while True:
        staying: dict[Hex, list[str]] = {}
        entering: dict[Hex, list[str]] = {}
        for s in us:
            if s.name in moves and s.name not in blocked:
                entering.setdefault(moves[s.name][0], []).append(s.name)
            else:
                staying.setdefault(s.hex, []).append(s.name)
        crowded = sorted(h for h, e in entering.items() if len(e) + len(staying.get(h, ())) > 2)
        if not crowded:
            return blocked
        h = crowded[0]
        room = max(0, 2 - len(staying.get(h, ())))
        candidates = list(entering[h])
        admitted = []
        for _ in range(room):
            pick = ctx.dice.choose(candidates, f"which US ship enters {te_label(h)}", "TE 3.4")
            candidates.remove(pick)
            admitted.append(pick)
        for name in candidates:
            blocked.add(name)
            ctx.log(
                "ship_blocked",
                f"{name} cannot enter {te_label(h)} (two US ships at most) and waits",
                "TE 3.4",
                ship=name,
                hex=te_label(h),
            )


def _split_off(
    f: Formation, fid: int, name: str, order: Order, ctx: Context
) -> tuple[Formation, Formation]:
    """A ship kept out of a hex becomes the one-ship formation ``fid`` with its order
    (TE 3.4): ``f`` without it, and the new formation."""
    new = Formation(fid, US, (name,), f.speed, order, True, True)
    rest = f.replace(ships=tuple(n for n in f.ships if n != name))
    ctx.log(
        "formation",
        f"{name} becomes the one-ship formation {fid}",
        "TE 3.4",
        formation=fid,
        ships=[name],
    )
    return rest, new


_AHEAD_ORDER = Order(AHEAD)


def run_jp_move(game: Game[State, TEData], state: State, data: TEData, ctx: Context) -> State:
    """Japanese Movement Segment (TE 3.1 G, 3.3 "Japanese Orders", 3.4).

    The changes of the segment are gathered and made at the end, in one new state:
    each changed ship is made once, with its new hex and heading.
    """
    p = state.phase
    begin(ctx, state)
    forms = state.live_formations(JAPAN)
    members = [state.members(f.ships) for f in forms]
    heading: dict[str, int] = {}  # new headings, by ship name
    was = state
    state, moves = _movement(state, forms, members, data, ctx, heading)
    if state is not was:  # a slide
        members = [state.members(f.ships) for f in forms]
    _log_moves(ctx, moves)
    changed = []
    for f, ships in zip(forms, members, strict=True):
        o = f.order
        turned = False
        if o.maneuver == ABOUT:
            turned = data.moves(f.speed, p) > 0  # About turns after each move
        elif o.maneuver == TURN_60 and o.turns_done == 0 and o.phases_left > 0:
            if o.phases_left == 1:
                turned = True
                ctx.log(
                    "japanese_turn",
                    f"formation {f.id} makes its 60° turn at the end of the third phase",
                    "TE 3.3",
                )
            elif data.moves(f.speed, p) > 0 or state.option("jp_60_roll_without_move"):
                roll = ctx.dice.d10(f"60° Turn, formation {f.id}", "TE 3.3")
                turned = roll <= 4
                ctx.log(
                    "japanese_turn",
                    f"formation {f.id} 60° Turn roll {roll}: "
                    + ("turns now" if turned else "no turn yet"),
                    "TE 3.3",
                    roll=roll,
                )
        done = o.turns_done
        if turned:
            _turn_headings(ships, f, ctx, heading, now=True)
            done += 1
        left = o.phases_left - 1
        if left <= 0 or (o.maneuver == TURN_60 and done):
            if o is _AHEAD_ORDER or o == _AHEAD_ORDER:
                continue  # no change
            o = _AHEAD_ORDER
        elif turned:
            o = o.replace(turns_done=done, phases_left=left)
        else:
            o = o.replace(phases_left=left)
        changed.append(f.replace(order=o))
    return state.updated(_placed(state, moves, heading), changed)


def run_chit_draw(game: Game[State, TEData], state: State, data: TEData, ctx: Context) -> State:
    """Action Chit Draw Segment (TE 3.1): one chit; the Combat chit starts the Combat
    Segment (TE 3.5), which is played only then (``combat`` set)."""
    chit, cup = state.cup.draw(ctx.dice, "Action Chit", "TE 3.1")
    ctx.log("chit_drawn", lambda: f"Action Chit Draw Segment: {chit} chit", "TE 3.1", chit=chit)
    if chit == "Combat":
        step = f"activity.move{state.phase}.combat"
        ctx.log(
            "phase_began",
            lambda: BASIC_TURN.describe(step, state.turn),
            "TE 3.5",
            turn=state.turn,
            step=step,
        )
        return state.replace(cup=cup, combat=Combat())
    return state.replace(cup=cup)
