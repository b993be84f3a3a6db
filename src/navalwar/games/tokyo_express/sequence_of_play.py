"""The Basic Game's Sequence of Play (TE 3.1) bound to what its steps do.

:data:`~navalwar.games.tokyo_express.basic_turn.BASIC_TURN` declares the steps; the
phase modules (``preparation``, ``movement_phase``, ``combat_segment``,
``terminal_stage``) hold the rule functions; :data:`DRIVER` binds them to the steps,
and the core driver (:class:`navalwar.driver.Driver`) plays them in order. A state
stands at a leaf by its ``step`` and ``phase`` fields (as saved): :data:`PLACES` and
:func:`move` translate.
"""

from __future__ import annotations

import operator

from navalwar.driver import Driver, Play
from navalwar.engine import Game
from navalwar.games.tokyo_express.actions import (
    ChooseDirection,
    ChooseFlagship,
    FormFormations,
    GiveOrder,
    GunneryAttack,
    SetSpeed,
    TorpedoAttack,
    Turn,
)
from navalwar.games.tokyo_express.basic_turn import BASIC_TURN
from navalwar.games.tokyo_express.combat_segment import (
    apply_gunnery,
    apply_torpedo,
    ask_us_gunnery,
    ask_us_torpedo,
    in_combat,
    run_jp_gunnery,
    run_jp_torpedo,
    run_markers,
    run_us_gunnery,
    run_us_torpedo,
)
from navalwar.games.tokyo_express.data import TEData
from navalwar.games.tokyo_express.model import State
from navalwar.games.tokyo_express.movement_phase import (
    apply_turn,
    ask_us_move,
    run_chit_draw,
    run_jp_move,
    run_us_move,
)
from navalwar.games.tokyo_express.narration import (
    _COMBAT,
    _PREPARATION,
    _SEGMENT,
    _TERMINAL,
    sequence_key,
)
from navalwar.games.tokyo_express.preparation import (
    apply_direction,
    apply_flagship,
    apply_formations,
    apply_order,
    apply_speed,
    ask_flagship,
    ask_foa_direction,
    ask_us_formation,
    ask_us_orders,
    ask_us_speed,
    has_admiral,
    has_us_ships,
    run_action_chits,
    run_jp_formation,
    run_jp_orders,
    run_us_foa,
)
from navalwar.games.tokyo_express.terminal_stage import (
    new_turn,
    run_counter_adjustment,
    run_damage_effects,
    run_end_of_turn,
)

__all__ = ["BASIC_TURN", "DRIVER", "PLACES", "move", "place"]

# the leaves of BASIC_TURN that are not the phase or segment sequence_key names
_LEAVES = {
    "flagship": "setup.flagship",
    "us_formation": "preparation.us_formation.grouping",
    "us_speed": "preparation.us_formation.speed",
    "us_foa": "preparation.us_foa.roll",
    "us_foa_direction": "preparation.us_foa.direction",
    "markers": "activity.move{}.combat.markers",  # (TE 3.5 step 5)
}


def _positions() -> dict[tuple[str, int], str]:
    steps = {*_PREPARATION, *_SEGMENT, *_COMBAT, *_TERMINAL, *_LEAVES, "jp_orders"}
    found: dict[tuple[str, int], str] = {}
    for step in sorted(steps):
        for phase in range(7):
            key = _LEAVES[step].format(phase) if step in _LEAVES else sequence_key(step, phase)
            if key is not None and key in BASIC_TURN and BASIC_TURN.is_leaf(key):
                found.setdefault((step, phase), key)
    return found


PLACES: dict[tuple[str, int], str] = _positions()
"""The leaf of :data:`BASIC_TURN` where a state stands, by its ``(step, phase)``."""
place = operator.attrgetter("step", "phase")
# each leaf's step and phase: the phase a state has there (0 outside the Activity Stage)
_AT: dict[str, tuple[str, int]] = {}
for (_step, _phase), _key in sorted(PLACES.items(), key=lambda e: e[0][1]):
    _AT.setdefault(_key, (_step, _phase))


def move(state: State, key: str) -> State:
    """The state standing at the leaf ``key`` of :data:`BASIC_TURN`."""
    step, phase = _AT[key]
    if phase == state.phase:  # (most steps: one field to change)
        return state.replace(step=step)
    return state.replace(step=step, phase=phase)


# -- the sequence of play: what each step of BASIC_TURN runs, asks and applies ----------------
# No rule function names the step after it: the driver takes the next step of
# BASIC_TURN, skipping a step whose ``when`` does not hold, and after the End of Turn
# Phase begins the next Game Turn (new_turn) with the Preparation Stage.
DRIVER: Driver[Game[State, TEData], State, TEData] = Driver(
    BASIC_TURN,
    {
        "flagship": Play(ask=ask_flagship, apply={ChooseFlagship: apply_flagship}),
        "action_chits": Play(run=run_action_chits),
        "us_formation": Play(when=has_us_ships),
        "grouping": Play(ask=ask_us_formation, apply={FormFormations: apply_formations}),
        "speed": Play(ask=ask_us_speed, apply={SetSpeed: apply_speed}),
        "us_orders": Play(ask=ask_us_orders, apply={GiveOrder: apply_order}, when=has_us_ships),
        "us_foa": Play(when=has_admiral),
        "roll": Play(run=run_us_foa),
        "direction": Play(ask=ask_foa_direction, apply={ChooseDirection: apply_direction}),
        "jp_formation": Play(run=run_jp_formation),
        "jp_orders_1": Play(run=run_jp_orders),
        "jp_orders_2": Play(run=run_jp_orders),
        # every Movement Phase (the bare ids name the step in each of the six)
        "us_movement": Play(run=run_us_move, ask=ask_us_move, apply={Turn: apply_turn}),
        "jp_movement": Play(run=run_jp_move),
        "chit_draw": Play(run=run_chit_draw),
        "combat": Play(when=in_combat),  # only after the Combat chit (TE 3.1, 3.5)
        "jp_torpedo": Play(run=run_jp_torpedo),
        "jp_gunnery": Play(run=run_jp_gunnery),
        "us_torpedo_1": Play(
            run=run_us_torpedo, ask=ask_us_torpedo, apply={TorpedoAttack: apply_torpedo}
        ),
        "us_torpedo_2": Play(
            run=run_us_torpedo, ask=ask_us_torpedo, apply={TorpedoAttack: apply_torpedo}
        ),
        "us_gunnery": Play(
            run=run_us_gunnery, ask=ask_us_gunnery, apply={GunneryAttack: apply_gunnery}
        ),
        "markers": Play(run=run_markers),
        "damage_effects": Play(run=run_damage_effects),
        "counter_adjustment": Play(run=run_counter_adjustment),
        "end_of_turn": Play(run=run_end_of_turn),
    },
    place,
    move,
    operator.attrgetter("over"),
    new_turn=new_turn,
    restart="preparation",
    places=PLACES,
)
