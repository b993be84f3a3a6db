"""The Combat Segment (TE 3.5-3.8): torpedo attacks, gunnery, Damage and Sinking markers.

Japanese torpedo attacks (TE 3.5 step 1, 3.6), Japanese gunnery (step 2, 3.7), the US
first and second torpedo attacks (step 3, 3.6), US gunnery (step 4, 3.7) and the
Damage and Sinking markers (step 5, 3.8).
"""

from __future__ import annotations

from collections.abc import Sequence

from navalwar.engine import Context, Decision, Game
from navalwar.frozen import evolve
from navalwar.games.tokyo_express.actions import GunneryAttack, TorpedoAttack
from navalwar.games.tokyo_express.allocation import (
    NO_COMBAT,
    gunnery_attacks,
    japanese_gunnery_plan,
    japanese_torpedo_plan,
    record_first,
    us_gunnery_can_fire,
    us_gunnery_choices,
    us_torpedo_can_fire,
    us_torpedo_choices,
)
from navalwar.games.tokyo_express.combat import (
    end_of_combat_segment,
    resolve_gunnery_attacks,
    resolve_torpedo_attack,
)
from navalwar.games.tokyo_express.data import TEData
from navalwar.games.tokyo_express.geometry import te_label
from navalwar.games.tokyo_express.model import READY, US, Attack, Combat, State


def _resolve_torpedoes(
    state: State, data: TEData, attacks: Sequence[Attack], ctx: Context
) -> State:
    """Resolve ``attacks``, the attacks on one target together (TE 3.6)."""
    by_target: dict[str, list[Attack]] = {}
    for a in attacks:
        if a.salvos:
            by_target.setdefault(a.target, []).append(a)
    for target, group in by_target.items():
        state = resolve_torpedo_attack(
            state, data, target, group, ctx, str(state.option("stern_rule"))
        )
    return state


def in_combat(state: State, data: TEData) -> bool:
    """Whether the Combat chit was drawn this Movement Phase: the Combat Segment is
    played only then (TE 3.1 "Action Chit Draw Segment", 3.5)."""
    return state.combat is not None


def run_jp_torpedo(game: Game[State, TEData], state: State, data: TEData, ctx: Context) -> State:
    """Japanese torpedo attacks, first then second (TE 3.5 step 1, 3.6)."""
    first = japanese_torpedo_plan(state, data, ctx, second=False)
    state = _resolve_torpedoes(state, data, first, ctx)
    combat = record_first(state.combat or NO_COMBAT, data, state, first)
    state = state.replace(combat=combat)
    second = japanese_torpedo_plan(state, data, ctx, second=True)
    state = _resolve_torpedoes(state, data, second, ctx)
    return state.replace(combat=NO_COMBAT)


def run_jp_gunnery(game: Game[State, TEData], state: State, data: TEData, ctx: Context) -> State:
    """Japanese gunnery (TE 3.5 step 2, 3.7)."""
    attacks = japanese_gunnery_plan(state, data, ctx)
    below = str(state.option("below_lowest_row")) if attacks else "miss"
    state = resolve_gunnery_attacks(state, data, attacks, ctx, below, mark_fired=True)
    return _start_us_torpedo(state, data, 1)


def _start_us_torpedo(state: State, data: TEData, attack: int) -> State:
    """The US ships to ask for torpedo attack ``attack`` (1 or 2) of the segment
    (TE 3.5 step 3, 3.6)."""
    combat = state.combat or NO_COMBAT
    second = attack == 2
    ask = tuple(
        s.name
        for s in state.ships_of(US)
        if READY in s.salvos and us_torpedo_can_fire(state, data, s, second)
    )
    return state.replace(combat=evolve(combat, to_ask=ask, planned=()))


def ask_us_torpedo(game: Game[State, TEData], state: State, data: TEData) -> Decision | None:
    """The torpedo attack of the next US ship able to make one (TE 3.6)."""
    combat = state.combat
    if combat is None or not combat.to_ask:
        return None
    ship = state.ship(combat.to_ask[0])
    second = state.step == "us_torpedo_2"
    return Decision(
        US,
        "us_torpedo",
        "TE 3.6",
        f"US {'second' if second else 'first'} torpedo attacks: {ship.name} ({te_label(ship.hex)})",
        tuple(us_torpedo_choices(state, data, ship, second)),
        context={"ship": ship.name},
        tags=(TorpedoAttack.tag,),
    )


def apply_torpedo(
    game: Game[State, TEData], state: State, action: TorpedoAttack, data: TEData, ctx: Context
) -> State:
    """Allocate the ship's torpedo attack, resolved when all are allocated (TE 3.6)."""
    combat = state.combat or NO_COMBAT
    planned = combat.planned
    if action.target:
        planned = (*planned, Attack(action.ship, action.target, salvos=action.salvos))
        ctx.log(
            "fire_allocation", action.describe(), "TE 3.6", ship=action.ship, target=action.target
        )
    to_ask = tuple(n for n in combat.to_ask if n != action.ship)
    return state.replace(combat=evolve(combat, to_ask=to_ask, planned=planned))


def run_us_torpedo(game: Game[State, TEData], state: State, data: TEData, ctx: Context) -> State:
    """Resolve the US torpedo attacks allocated (TE 3.5 step 3, 3.6)."""
    combat = state.combat or NO_COMBAT
    state = _resolve_torpedoes(state, data, combat.planned, ctx)
    if state.step == "us_torpedo_1":
        combat = record_first(NO_COMBAT, data, state, combat.planned)
        state = state.replace(combat=combat)
        return _start_us_torpedo(state, data, 2)
    ask = tuple(
        s.name for s in state.side_ships(US) if not s.fired and us_gunnery_can_fire(state, data, s)
    )
    return state.replace(combat=Combat(to_ask=ask))


def ask_us_gunnery(game: Game[State, TEData], state: State, data: TEData) -> Decision | None:
    """The gunnery targets of the next US ship able to fire (TE 3.7)."""
    combat = state.combat
    if combat is None or not combat.to_ask:
        return None
    ship = state.ship(combat.to_ask[0])
    spec = data.ship(ship.name)
    return Decision(
        US,
        "us_gunnery",
        "TE 3.7",
        f"US gunnery: {ship.name} ({te_label(ship.hex)}, bow {spec.bow}, stern "
        f"{spec.stern}, {spec.caliber} deck)",
        tuple(us_gunnery_choices(state, data, ship)),
        context={"ship": ship.name},
        tags=(GunneryAttack.tag,),
    )


def apply_gunnery(
    game: Game[State, TEData], state: State, action: GunneryAttack, data: TEData, ctx: Context
) -> State:
    """Allocate the ship's gunnery, resolved when all is allocated (TE 3.7)."""
    combat = state.combat or NO_COMBAT
    ship = state.ship(action.ship)
    attacks = gunnery_attacks(data, ship, action)
    if attacks:
        ctx.log("fire_allocation", action.describe(), "TE 3.7", ship=action.ship)
    to_ask = tuple(n for n in combat.to_ask if n != action.ship)
    return state.replace(combat=evolve(combat, to_ask=to_ask, planned=(*combat.planned, *attacks)))


def run_us_gunnery(game: Game[State, TEData], state: State, data: TEData, ctx: Context) -> State:
    """Resolve the US gunnery allocated (TE 3.5 step 4, 3.7)."""
    combat = state.combat or NO_COMBAT
    below = str(state.option("below_lowest_row")) if combat.planned else "miss"
    return resolve_gunnery_attacks(state, data, combat.planned, ctx, below, mark_fired=True)


def run_markers(game: Game[State, TEData], state: State, data: TEData, ctx: Context) -> State:
    """Place the Damage and Sinking markers; the Combat Segment ends (TE 3.5 step 5, 3.8)."""
    return end_of_combat_segment(state, data, ctx).replace(combat=None)
