"""The decision a game finds while advancing is kept by the core, not on the game."""

from __future__ import annotations

from typing import Any

import pytest

from navalwar.agents import RandomAgent, play_out
from navalwar.dice import Dice
from navalwar.engine import Context, Match


@pytest.mark.source_only  # patches the game's method (compiled code calls its own)
def test_match_keeps_the_decision_advance_settled(monkeypatch: pytest.MonkeyPatch) -> None:
    match = Match.start("tokyo_express", "basic", seed=3, log_events=False)
    game = match.game
    before = dict(vars(game))
    calls: list[Any] = []
    real = type(game).decision

    def counted(self: Any, state: Any, data: Any) -> Any:
        calls.append(state)
        return real(self, state, data)

    monkeypatch.setattr(type(game), "decision", counted)
    for _ in range(20):
        decision = match.decision
        assert decision is not None
        match.apply(RandomAgent(1).choose(match, decision))
    assert calls == []  # each new state's decision came from advance
    match.state = match.state.replace(step=match.state.step)  # an equal state, a new object
    assert match.decision == real(game, match.state, match.data) and len(calls) == 1
    assert vars(game) == before  # the shared game object keeps nothing of a match


def test_decision_of_uses_what_was_settled_for_that_state_only() -> None:
    match = play_out(
        Match.start("tokyo_express", "basic", seed=2, log_events=False), {"US": RandomAgent(2)}
    )
    game, data = match.game, match.data
    ctx = Context(Dice(1), record=False)
    assert ctx.decision_of(game, match.state, data) is None  # over: worked out
    marker: Any = object()
    ctx.settle(match.state, marker)
    assert ctx.decision_of(game, match.state, data) is marker
    assert ctx.decision_of(game, match.state.replace(step="x"), data) is not marker
