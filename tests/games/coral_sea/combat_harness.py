"""Playing the Combat Phase's Play (``combat_phase.COMBAT``) without the whole game."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from navalwar.actions import Action
from navalwar.dice import Dice
from navalwar.engine import Context, Decision
from navalwar.games.coral_sea import combat_phase as cp
from navalwar.games.coral_sea.data import CoralSeaData
from navalwar.games.coral_sea.model import State

Chooser = Callable[[Decision], Action]


def apply(state: State, data: CoralSeaData, action: Action, ctx: Context) -> State:
    return cp.COMBAT.apply[type(action)](None, state, action, data, ctx)


def play(
    state: State,
    data: CoralSeaData,
    ctx: Context,
    answers: Sequence[Action | Chooser] = (),
    *,
    agent_dice: Dice | None = None,
    limit: int = 10_000,
) -> tuple[State, list[Decision]]:
    """Play the phase to its end: the ``answers`` in order (an action, or a function of
    the decision), then random choices from ``agent_dice``. Returns the final state
    and every decision asked."""
    asked: list[Decision] = []
    todo = list(answers)
    for _ in range(limit):
        d = cp.ask(None, state, data)
        if d is None:
            return cp.run(None, state, data, ctx), asked
        asked.append(d)
        if todo:
            a = todo.pop(0)
            action = a if isinstance(a, Action) else a(d)
        elif agent_dice is not None:
            action = d.random_choice(agent_dice)
        else:
            raise AssertionError(f"no answer for {d.kind} ({d.side}): {d.prompt}")
        assert d.check(action) is None, (d.kind, d.check(action))
        state = apply(state, data, action, ctx)
    raise AssertionError("the Combat Phase did not end")
