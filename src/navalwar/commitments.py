"""Secret and simultaneous commitments (DESIGN "hidden information").

Many rules have a side fix something in secret that the other side learns only
later: a plot of task-force moves, a CAP assignment, a range statement, a hidden
set-up. :class:`Commitments` is the frozen value a game state keeps for one such
round of commitments:

* :meth:`Commitments.commit` records a side's value; the event log gets the value
  in an event only that side sees, and a public event that says only that the side
  has committed.
* :meth:`Commitments.view` is what a side's observation may show: its own value,
  which sides have committed, and nothing of another side's value before the reveal.
* :meth:`Commitments.reveal` is called when the rules say so; it logs every value in
  one public event and marks the step a reveal (``Context.reveal``: undo cannot
  cross it).
* :meth:`Commitments.variants` gives the same commitments with another side's
  hidden value replaced, for a game's ``hidden_variants`` (the conformance suite's
  observation check then proves nothing of it leaks).

A value is anything frozen and JSON-able: ``str``, ``int``, ``bool``, ``None``,
tuples of them, or an object with a ``to_json()`` method (an action, for instance).
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Sequence
from typing import Any, Generic, TypeVar

import attrs

from navalwar.engine import Context
from navalwar.errors import IllegalActionError

T = TypeVar("T", bound=Hashable)

COMMITTED = "committed"  # the public event: a side has committed (no value)
COMMITTED_PRIVATE = "commitment_recorded"  # the committing side's own event, with the value
REVEALED = "commitments_revealed"  # the public event of the reveal, every value


def value_json(value: Any) -> Any:
    """A committed value as JSON (tuples as lists, objects by their ``to_json()``)."""
    if value is None or isinstance(value, bool | int | str):
        return value
    if isinstance(value, tuple):
        return [value_json(v) for v in value]
    to_json = getattr(value, "to_json", None)
    if callable(to_json):
        return to_json()
    raise TypeError(f"a committed value must be JSON-able, not {value!r}")


@attrs.frozen
class Commitments(Generic[T]):
    """One round of secret commitments, by the sides in ``sides``.

    Attributes:
        kind: what is committed, in the rules' words (``"range statement"``, ``"plot"``).
        rule: the rule section that asks for it.
        sides: the sides that must commit, in any order (simultaneous commitments).
        made: ``(side, value)`` in the order the commitments were made (that order is
            public: each commitment logs a public event).
        revealed: the rules have revealed the values.
    """

    kind: str
    rule: str
    sides: tuple[str, ...]
    made: tuple[tuple[str, T], ...] = ()
    revealed: bool = False

    @property
    def committed(self) -> tuple[str, ...]:
        """The sides that have committed, in the order they did."""
        return tuple(side for side, _ in self.made)

    @property
    def waiting(self) -> tuple[str, ...]:
        """The sides still to commit."""
        done = set(self.committed)
        return tuple(side for side in self.sides if side not in done)

    @property
    def complete(self) -> bool:
        """Every side has committed."""
        return not self.waiting

    def has_committed(self, side: str) -> bool:
        """Whether ``side`` has committed."""
        return side in self.committed

    def value(self, side: str) -> T:
        """``side``'s committed value, for the rules (KeyError if it has not committed).

        Only the rules may read it before the reveal; an observation uses :meth:`view`.
        """
        for who, value in self.made:
            if who == side:
                return value
        raise KeyError(f"{side} has not committed its {self.kind}")

    def commit(self, side: str, value: T, ctx: Context) -> Commitments[T]:
        """These commitments with ``side``'s ``value`` added.

        Logs the value in an event only ``side`` sees and, publicly, that ``side`` has
        committed.

        Raises:
            IllegalActionError: ``side`` is not one that commits, has committed
                already, or the values have been revealed.
        """
        what = f"commit {self.kind} for {side}"
        if side not in self.sides:
            raise IllegalActionError(what, f"only {', '.join(self.sides)} commit", self.rule)
        if self.revealed:
            raise IllegalActionError(what, "the commitments have been revealed", self.rule)
        if side in self.committed:
            raise IllegalActionError(what, f"{side} has committed already", self.rule)
        shown = value_json(value)
        ctx.log_private(
            (side,),
            COMMITTED_PRIVATE,
            f"{side} commits its {self.kind}: {shown} (secret until revealed)",
            self.rule,
            side=side,
            commitment=self.kind,
            value=shown,
        )
        ctx.log(
            COMMITTED,
            f"{side} has committed its {self.kind}",
            self.rule,
            side=side,
            commitment=self.kind,
        )
        return attrs.evolve(self, made=(*self.made, (side, value)))

    def reveal(self, ctx: Context) -> Commitments[T]:
        """These commitments revealed: one public event with every side's value.

        Raises:
            IllegalActionError: a side has not committed yet, or they are revealed.
        """
        what = f"reveal the {self.kind}"
        if self.revealed:
            raise IllegalActionError(what, "they are revealed already", self.rule)
        if not self.complete:
            raise IllegalActionError(
                what, f"{', '.join(self.waiting)} has not committed yet", self.rule
            )
        values = {side: value_json(self.value(side)) for side in self.sides}
        text = "; ".join(f"{side}: {shown}" for side, shown in values.items())
        ctx.log(
            REVEALED,
            f"The {self.kind} revealed: {text}",
            self.rule,
            commitment=self.kind,
            values=values,
        )
        ctx.reveal = True
        return attrs.evolve(self, revealed=True)

    def view(self, side: str) -> dict[str, Any]:
        """What ``side`` may know of these commitments (JSON-able): the kind, who has
        committed and who has not, its own value (``mine``, None if not committed),
        and every value once revealed (``values``, else None)."""
        mine = value_json(self.value(side)) if self.has_committed(side) else None
        return {
            "kind": self.kind,
            "rule": self.rule,
            "committed": list(self.committed),
            "waiting": list(self.waiting),
            "mine": mine,
            "values": ({s: value_json(v) for s, v in sorted(self.made)} if self.revealed else None),
        }

    def variants(
        self, side: str, alternatives: Callable[[str], Iterable[T]]
    ) -> list[Commitments[T]]:
        """These commitments with one hidden value of another side replaced.

        For each side other than ``side`` that has committed, before the reveal, one
        variant per value of ``alternatives(that side)`` other than its own: what
        ``side`` sees (:meth:`view`, the events of :meth:`commit`) must not change.
        """
        if self.revealed:
            return []
        out: list[Commitments[T]] = []
        for i, (who, value) in enumerate(self.made):
            if who == side:
                continue
            for alt in alternatives(who):
                if alt != value:
                    made = (*self.made[:i], (who, alt), *self.made[i + 1 :])
                    out.append(attrs.evolve(self, made=made))
        return out


def view_schema(value: dict[str, Any], sides: Sequence[str]) -> dict[str, Any]:
    """The JSON Schema (draft 2020-12) of :meth:`Commitments.view` for commitments by
    ``sides`` whose values are ``value`` (a JSON Schema of one value's JSON)."""
    from navalwar.schemas import array, closed, enum, mapping, nullable, string

    side = enum(sides)
    return closed(
        {
            "kind": string(),
            "rule": string(),
            "committed": array(side, uniqueItems=True),
            "waiting": array(side, uniqueItems=True),
            "mine": nullable(value),
            "values": nullable(mapping(value, side)),
        }
    )


def open_commitments(kind: str, rule: str, sides: Sequence[str]) -> Commitments[Any]:
    """A new round of commitments of ``kind`` by ``sides`` (none made yet)."""
    return Commitments(kind, rule, tuple(sides))


__all__ = [
    "COMMITTED",
    "COMMITTED_PRIVATE",
    "REVEALED",
    "Commitments",
    "open_commitments",
    "value_json",
]
