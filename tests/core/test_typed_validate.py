"""engine.typed: a decision's validator that takes one kind of action only; engine.answering:
the pending decision once an action passes its check."""

from __future__ import annotations

import attrs
import pytest

from navalwar.actions import Action
from navalwar.engine import Decision, answering, typed
from navalwar.errors import IllegalActionError


@attrs.frozen
class Pick(Action):
    tag = "pick"
    n: int


@attrs.frozen
class Pass(Action):
    tag = "pass"


def _small(action: Pick) -> str | None:
    return None if action.n < 3 else f"{action.n} is too many: pick fewer than 3"


def test_typed_asks_check_for_its_kind_and_refuses_any_other() -> None:
    seen: list[Action] = []

    def check(action: Pick) -> str | None:
        seen.append(action)
        return _small(action)

    validate = typed(Pick, check)
    assert validate(Pick(1)) is None
    assert validate(Pick(4)) == "4 is too many: pick fewer than 3"
    assert validate(Pass()) == "this decision takes a 'pick' action, not a 'pass' one"
    assert seen == [Pick(1), Pick(4)]  # the other kind never reaches check


def test_typed_serves_as_a_decisions_validator() -> None:
    d = Decision("A", "pick", "1.0", "Pick a number", validate=typed(Pick, _small))
    assert d.check(Pick(2)) is None
    assert d.check(Pick(3)) == "3 is too many: pick fewer than 3"
    assert d.check(Pass()) == "this decision takes a 'pick' action, not a 'pass' one"


def test_answering_returns_the_decision_an_action_is_legal_for() -> None:
    d = Decision("A", "pick", "1.0", "Pick a number", validate=typed(Pick, _small))
    assert answering(d, Pick(2)) is d


def test_answering_refuses_an_illegal_action_under_the_decisions_rule() -> None:
    d = Decision("A", "pick", "1.0", "Pick a number", validate=typed(Pick, _small))
    with pytest.raises(IllegalActionError) as e:
        answering(d, Pick(3), "nothing to pick", "9.9")
    assert (e.value.why, e.value.rule) == ("3 is too many: pick fewer than 3", "1.0")


def test_answering_with_nothing_pending_gives_the_callers_reason() -> None:
    with pytest.raises(IllegalActionError) as e:
        answering(None, Pick(1), "nothing to pick", "9.9")
    assert (e.value.why, e.value.rule) == ("nothing to pick", "9.9")
    with pytest.raises(IllegalActionError, match="the game is over"):
        answering(None, Pick(1))
