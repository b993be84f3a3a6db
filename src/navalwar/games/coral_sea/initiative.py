"""Initiative (4.0): each side rolls a die; the high roller accepts or declines.

"In the event of a tie, the player holding the initiative from the previous turn receives
the option" (4.A); on turn 1 there is none: the dice are rolled again until they differ
(notes A5). The holder acts first in every phase (4.B): :func:`order`.
"""

from __future__ import annotations

from typing import Any

import attrs

from navalwar.driver import Play
from navalwar.engine import Context, Decision
from navalwar.games.coral_sea.actions import ChooseInitiative
from navalwar.games.coral_sea.model import State
from navalwar.games.coral_sea.units import ALLIES, JAPAN, SIDES

STEP = "initial.initiative"
CHOOSE = "initial.initiative/choose"  # the same leaf, waiting for the winner's choice


def other(side: str) -> str:
    """The other side."""
    return ALLIES if side == JAPAN else JAPAN


def order(state: State) -> tuple[str, str]:
    """The sides in the order they act this turn: the initiative holder first (4.B)."""
    first = state.initiative or JAPAN
    return (first, other(first))


def _roll(game: Any, state: State, data: Any, ctx: Context) -> State:
    """Both sides roll one die (4.A); a tie goes to last turn's holder (turn 1: again, A5)."""
    from navalwar.games.coral_sea.scenario import date_of

    date = date_of(state.scenario, state.turn)
    ctx.log(
        "turn_began",
        f"Turn {state.turn}: {state.time}, {date}",
        "3.0, 19.0",
        turn=state.turn,
        date=date,
        time=state.time,
    )
    while True:
        rolls = tuple((side, ctx.dice.d6(f"{side} initiative", "4.A")) for side in SIDES)
        (a, ra), (b, rb) = rolls
        if ra != rb:
            winner = a if ra > rb else b
            break
        if state.initiative is not None:
            winner = state.initiative
            break
    ctx.log(
        "initiative_rolled",
        f"Initiative: {a} {ra}, {b} {rb}; {winner} has the option (4.A)",
        "4.A",
        rolls={s: r for s, r in rolls},
        winner=winner,
    )
    return attrs.evolve(state, initiative_rolls=rolls, initiative_winner=winner, step=CHOOSE)


def _ask(game: Any, state: State, data: Any) -> Decision | None:
    if state.step != CHOOSE or state.initiative_winner is None:
        return None
    side = state.initiative_winner
    return Decision(
        side=side,
        kind="initiative",
        rule="4.A",
        prompt=f"{side}: accept or decline the initiative (4.A)",
        choices=(ChooseInitiative(True), ChooseInitiative(False)),
    )


def _apply(game: Any, state: State, action: ChooseInitiative, data: Any, ctx: Context) -> State:
    side = state.initiative_winner
    assert side is not None
    holder = side if action.accept else other(side)
    ctx.log(
        "initiative",
        f"{side} {'accepts' if action.accept else 'declines'}: {holder} holds the initiative (4.A)",
        "4.A",
        side=holder,
        accepted=action.accept,
    )
    after: State = game.driver.onward(STEP, attrs.evolve(state, initiative=holder, step=STEP), data)
    return after


def _run(game: Any, state: State, data: Any, ctx: Context) -> State:
    if state.step == CHOOSE:  # (not reached: the choice is always asked)
        return state
    return _roll(game, state, data, ctx)


#: ``initial.initiative`` (4.A).
INITIATIVE: Play[Any, State, Any] = Play(
    run=_run, ask=_ask, apply={ChooseInitiative: _apply}, asks=lambda s, d: s.step == CHOOSE
)
