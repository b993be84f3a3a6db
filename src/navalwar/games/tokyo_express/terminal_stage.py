"""The Terminal Stage (TE 3.1 N-P): damage effects, counter adjustment, end of turn.

The Damage Effects Phase (TE 3.1 N, 3.8), the Counter Adjustment Phase (TE 3.1 O) and
the End of Turn Phase (TE 3.1 P, 3.9 victory).
"""

from __future__ import annotations

from navalwar.engine import Context, Game
from navalwar.games.tokyo_express.data import TEData
from navalwar.games.tokyo_express.model import JAPAN, US, State
from navalwar.games.tokyo_express.narration import begin
from navalwar.games.tokyo_express.victory import level_of_victory, victory_points


def run_damage_effects(
    game: Game[State, TEData], state: State, data: TEData, ctx: Context
) -> State:
    """Damage Effects Phase (TE 3.1 N, 3.8): record Speed changes, remove sinking ships."""
    begin(ctx, state)
    changed = []
    killed = state.admiral_killed_turn
    for s in state.ships:
        if s.removed:
            continue
        spec = data.ship(s.name)
        if s.sinking:
            changed.append(s.replace(removed=True))
            ctx.log("ship_sunk", f"{s.name} sinks and is removed", "TE 3.8", ship=s.name)
            if s.name == state.flagship and not killed:
                killed = state.turn
                adm = state.scenario.admiral
                ctx.log(
                    "admiral_killed",
                    f"Admiral {adm.name if adm else ''} is killed with "
                    f"{s.name}: every US formation rolls Freedom of Action at -2 from now "
                    "on",
                    "TE 3.9",
                )
            continue
        speed = max(1, spec.max_speed - s.level - s.stern_hits)
        if spec.boxes - s.hits == 1:
            speed = min(speed, spec.last_box_speed)
        if speed != s.max_speed:
            ctx.log(
                "speed_reduced",
                f"{s.name}'s maximum Speed is now {speed}",
                "TE 3.8",
                ship=s.name,
                speed=speed,
            )
            changed.append(s.replace(max_speed=speed))
    # one new state for the ships changed and the next step
    return state.updated(changed, admiral_killed_turn=killed)


def run_counter_adjustment(
    game: Game[State, TEData], state: State, data: TEData, ctx: Context
) -> State:
    """Counter Adjustment Phase (TE 3.1 O): unfire the ships, remove Formation markers."""
    ships = [s.replace(fired=False, formation=0) for s in state.ships if s.fired or s.formation]
    return state.updated(ships, formations=(), next_formation_id=1)


def run_end_of_turn(game: Game[State, TEData], state: State, data: TEData, ctx: Context) -> State:
    """End of Turn Phase (TE 3.1 P): the game ends after the last Game Turn.

    It also ends early when one side has no ship left on the map, since
    nothing further can change the Victory Points.
    """
    empty = [side for side in (US, JAPAN) if not state.ships_of(side)]
    if state.turn >= state.last_turn or empty:
        vp = victory_points(state, data)
        margin = vp[US] - vp[JAPAN]
        level = level_of_victory(state.scenario, margin)
        why = "" if state.turn >= state.last_turn else f" ({' and '.join(empty)} has no ships left)"
        ctx.log(
            "game_over",
            f"The game ends after Game Turn {state.turn}{why}: US {vp[US]} VP, "
            f"Japanese {vp[JAPAN]} VP, {margin:+d}: {level}",
            "TE 3.9",
            us=vp[US],
            japan=vp[JAPAN],
            level=level,
        )
        return state.replace(over=True)
    return state


def new_turn(state: State, data: TEData) -> State:
    """The next Game Turn, which begins with the Preparation Stage (TE 3.1 P, A)."""
    return state.replace(turn=state.turn + 1)
