"""engine.typed: a decision's validator that takes one kind of action only."""

from __future__ import annotations

import attrs

from navalwar.actions import Action
from navalwar.engine import Decision, typed


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
