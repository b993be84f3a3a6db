"""What a transition may use: the dice and the event log being written (:class:`Context`).

This module is compiled with the rules (``pyproject.toml``, ``compile``): the rules
call :meth:`Context.log` several hundred times a game, mostly in batches and searches
that keep no log, so that a call which records nothing must cost a compiled call, not
an interpreted one. :mod:`navalwar.engine` offers the same names.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from contextlib import AbstractContextManager
from typing import TYPE_CHECKING, Any

from navalwar.dice import Dice, Roll
from navalwar.events import Event

if TYPE_CHECKING:
    from navalwar.engine import Decision, Game

__all__ = ["Context", "Text"]

Text = str | Callable[[], str]  # an event's text, or a function writing it when needed


class Context:
    """What a transition may use: the dice and the event log being written."""

    __slots__ = ("dice", "events", "only", "record", "reveal", "settled")

    def __init__(self, dice: Dice, record: bool = True) -> None:
        self.record = record
        self.events: list[Event] = []
        self.reveal = False
        self.only: tuple[str, ...] = ()  # while set, events are private to these sides
        self.dice = dice
        # the last state the rules stopped at, with the decision they found pending there
        self.settled: tuple[Any, Decision | None] | None = None
        if record:
            dice.sink = self._roll

    def _roll(self, roll: Roll) -> None:
        self.events.append(
            Event(
                "dice_rolled",
                f"{roll.die} roll {roll.value}" + (f" for {roll.purpose}" if roll.purpose else ""),
                roll.rule,
                {"die": roll.die, "value": roll.value, "purpose": roll.purpose},
                self.only,
            )
        )

    def log(self, kind: str, text: Text, rule: str = "", **data: Any) -> None:
        """Add an event, public unless inside :meth:`private`; skipped when not
        recording (e.g. in search rollouts).

        ``text`` may be a function of no arguments returning the text, called only
        when recording: a message that takes work to write costs nothing to skip, and
        the rules never ask whether a log is kept.
        """
        if self.record:
            if not isinstance(text, str):
                text = text()
            self.events.append(Event(kind, text, rule, data, self.only))

    def log_each(
        self, kind: str, rule: str, entries: Callable[[], Iterable[tuple[str, dict[str, Any]]]]
    ) -> None:
        """Add an event of ``kind`` for each (text, data) pair ``entries()`` gives (one
        per ship moved, say), as :meth:`log` would; ``entries`` is called only when
        recording."""
        if self.record:
            only = self.only
            self.events.extend([Event(kind, text, rule, data, only) for text, data in entries()])

    def settle(self, state: Any, decision: Decision | None) -> None:
        """Note that advancing stopped at ``state`` with ``decision`` pending (None: the
        game is over), for a game whose ``advance`` works that decision out anyway: then
        :meth:`decision_of` and :class:`Match` need not work it out again."""
        self.settled = (state, decision)

    def decision_of(self, game: Game[Any, Any], state: Any, data: Any) -> Decision | None:
        """``game.decision(state, data)``, or the decision :meth:`settle` noted for
        ``state`` (the same object)."""
        settled = self.settled
        if settled is not None and settled[0] is state:
            return settled[1]
        return game.decision(state, data)

    def private(self, sides: tuple[str, ...]) -> AbstractContextManager[None]:
        """Within the block (``with ctx.private(sides):``), every event and dice roll is
        seen by ``sides`` only (what happens to face-down counters, for instance)."""
        return _Private(self, sides)

    def log_private(
        self, sides: tuple[str, ...], kind: str, text: Text, rule: str = "", **data: Any
    ) -> None:
        """Add an event only ``sides`` may see (hidden information); ``text`` as for
        :meth:`log`."""
        if self.record:
            if not isinstance(text, str):
                text = text()
            self.events.append(Event(kind, text, rule, data, sides))


class _Private(AbstractContextManager[None]):
    """The block of :meth:`Context.private`."""

    def __init__(self, ctx: Context, sides: tuple[str, ...]) -> None:
        self.ctx = ctx
        self.sides = sides
        self.before: tuple[str, ...] = ()

    def __enter__(self) -> None:
        self.before = self.ctx.only
        self.ctx.only = self.sides

    def __exit__(self, *exc: object) -> None:
        self.ctx.only = self.before
