"""What the air and combat tests share: scripted contexts, the events a side sees in
them, and a counter by its id."""

from __future__ import annotations

from typing import Any

from navalwar.dice import ScriptedDice
from navalwar.engine import Context
from navalwar.games.coral_sea.air_state import Aircraft
from navalwar.games.coral_sea.model import State


def ctx(*rolls: int) -> Context:
    """A Context on dice that roll ``rolls`` (and refuse to roll more)."""
    return Context(ScriptedDice(rolls))


def public(c: Context) -> list[Any]:
    """The events ``c`` logged for both sides."""
    return [e for e in c.events if not e.sides]


def seen_by(c: Context, side: str) -> list[Any]:
    """The events ``c`` logged that ``side`` sees."""
    return [e for e in c.events if not e.sides or side in e.sides]


def status(state: State, aid: str) -> Aircraft:
    """Counter ``aid`` in ``state`` (it must be there)."""
    a = state.air.by_id(aid)
    assert a is not None
    return a
