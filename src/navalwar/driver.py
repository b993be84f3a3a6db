"""The sequence of play drives the game: one advance loop for every game.

A game declares its sequence of play once (:class:`~navalwar.sequence.SequenceOfPlay`:
stages, phases, segments, steps, each with its name and rule) and binds to its steps
what they do (:class:`Play`): the rule function it runs, the decision it asks, how
the actions answering that decision are applied, and when the step is skipped or
played again. :class:`Driver` joins the two; a game's ``advance``, ``decision`` and
``apply`` delegate to it.

The driver plays the leaf the state stands at: it asks the step's decision (and
stops there while there is one: the same decision is asked again after each action,
"one formation at a time", until the step has nothing more to ask), then runs the
step's rule function. If the rule function left the state where it was, the driver
moves it to the next step of the declared sequence: a step whose ``when`` does not
hold is skipped (a whole phase or segment with it, TE 4.1 A), a step whose ``again``
holds after its last leaf is played again (GWaS impulses). A rule function may also
move the state itself (a rule that says "go to ..."); the driver then follows it.
:meth:`Driver.play_on` plays the same way but, at a step that says cheaply that it
asks (``Play.asks``), stops without building the decision, for a game that builds it
only when :meth:`Driver.decision` is called.

Where a state stands is the game's business (its own fields, kept as they are in
saves): the game gives ``position(state)``, the dotted key of the leaf (or a value of
its own that ``places`` turns into one), and ``move(state, key)``, the state standing
at another leaf.

A side order that changes (initiative: "the player holding the initiative goes
first", Coral Sea 3.2) is declared as two steps, ``first`` and ``second``, whose
functions are bound with :func:`for_side` to the side that acts in that place.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Mapping, Sequence
from typing import Any, Generic, NoReturn, TypeVar

import attrs

from navalwar.actions import Action
from navalwar.engine import Context, Decision
from navalwar.errors import DataError, IllegalActionError, NavalwarError
from navalwar.sequence import SequenceOfPlay

__all__ = ["Driver", "Play", "for_side"]

G = TypeVar("G")
S = TypeVar("S")
D = TypeVar("D")

Run = Callable[[G, S, D, Context], S]
Ask = Callable[[G, S, D], Decision | None]
Apply = Callable[[G, S, Any, D, Context], S]
Condition = Callable[[S, D], bool]

_MAX_STEPS = 100_000


@attrs.frozen(slots=True)
class Play(Generic[G, S, D]):
    """What one step of the sequence of play does.

    Attributes:
        run: the rule function played when the step has nothing to ask; without
            one, the step does nothing but ask.
        ask: the decision the step asks, or ``None`` when it has nothing (more) to ask.
        apply: for each action type answering ``ask``, how it is applied.
        when: the step (a leaf, or a phase with every step in it) is played only
            when this holds as the driver moves into it; otherwise it is skipped. (A
            rule function that moves the state itself is not second-guessed.)
        again: checked after the step's last leaf (a phase or segment: its whole
            subtree): while it holds the step is played again from its first leaf.
        asks: a cheap test of whether ``ask`` has a decision now (it must agree with
            ``ask``): :meth:`Driver.play_on` then stops at the step without building
            the decision, or plays on without asking.
    """

    run: Run[G, S, D] | None = None
    ask: Ask[G, S, D] | None = None
    apply: Mapping[type[Action], Apply[G, S, D]] = attrs.field(factory=dict)
    when: Condition[S, D] | None = None
    again: Condition[S, D] | None = None
    asks: Condition[S, D] | None = None


_NOTHING: Play[Any, Any, Any] = Play()


def for_side(
    order: Callable[[S], Sequence[str]], index: int, fn: Callable[..., Any]
) -> Callable[..., Any]:
    """``fn`` with ``side=`` the side acting ``index``-th in ``order(state)``.

    ``fn`` takes ``(game, state, ...)`` and a ``side`` keyword; so does what this returns,
    without the keyword: ``for_side(initiative_order, 0, run_reconnaissance)`` is the
    Reconnaissance Phase of the player holding the initiative (Coral Sea 3.2).
    """

    def bound(game: Any, state: S, *args: Any) -> Any:
        return fn(game, state, *args, side=order(state)[index])

    bound.__name__ = getattr(fn, "__name__", "step")
    bound.__doc__ = fn.__doc__
    return bound


class Driver(Generic[G, S, D]):
    """A sequence of play with what its steps do: the advance loop of a game.

    Args:
        sequence: the declared sequence of play.
        plays: what the steps do, by dotted key (one step) or bare id (every step of
            that id: the six copies of a Movement Phase's segment). A leaf without a
            play does nothing; a composite step's play may only say ``when`` and ``again``.
        position: where a state stands: the key of its leaf or, with ``places``, a
            value of the game's own (``(step, phase)``).
        move: the state standing at another leaf (the game's own fields).
        over: whether the game has ended.
        new_turn: at the end of the sequence, the state for the next turn; the
            driver then moves it to the first leaf of ``restart``. Without it, running
            off the end of the sequence is an error (a game whose last step says where
            to go next).
        restart: the step the next turn begins with (the first one by default).
        forced: whether a decision with a single choice is applied at once
            (logged as ``forced_choice``), rather than asked.
        forced_private: the ``forced_choice`` event is the deciding side's only: a game
            whose decisions are secret (a plot, a CAP commitment) keeps even a decision
            with one choice from the other side (that the side had no other is a secret
            too). Off, the event is public, as a game without secrets may have it.
        places: the leaf key of each value ``position`` gives, if it gives no keys.

    Raises:
        DataError: a play named for no step, two plays for one step, a composite
            step given something to run, ask or apply, or a place at no leaf.
    """

    def __init__(
        self,
        sequence: SequenceOfPlay,
        plays: Mapping[str, Play[G, S, D]],
        position: Callable[[S], Hashable],
        move: Callable[[S, str], S],
        over: Callable[[S], bool],
        *,
        new_turn: Callable[[S, D], S] | None = None,
        restart: str | None = None,
        forced: bool = True,
        forced_private: bool = False,
        places: Mapping[Any, str] | None = None,
    ) -> None:
        self.sequence = sequence
        self.position = position
        self.move = move
        self.over = over
        self.new_turn = new_turn
        self.restart = sequence.first_leaf(restart)
        self.forced = forced
        self.forced_private = forced_private
        self.places = places
        keys = sequence.keys()
        bound: dict[str, Play[G, S, D]] = {}
        for name, play in plays.items():
            targets = [name] if name in keys else [k for k in keys if k.rsplit(".", 1)[-1] == name]
            if not targets:
                raise DataError(f"a play is bound to {name!r}, which is no step of {sequence.name}")
            for key in targets:
                if key in bound:
                    raise DataError(f"step {key!r} of {sequence.name} is given two plays")
                if not sequence.is_leaf(key) and (play.run or play.ask or play.apply or play.asks):
                    raise DataError(
                        f"step {key!r} of {sequence.name} has sub-steps: its play may say only "
                        "when it is played (when, again), not what it runs, asks or applies"
                    )
                bound[key] = play
        self._bound = bound
        leaves = sequence.flatten()
        self._leaf: dict[str, Play[G, S, D]] = {k: bound.get(k, _NOTHING) for k in leaves}
        # for each leaf: the steps entered with it that say when, outermost first
        entered: dict[str, list[tuple[str, Condition[S, D]]]] = {k: [] for k in leaves}
        # for each leaf: the steps ending with it that say again, innermost first
        ending: dict[str, list[tuple[str, Condition[S, D]]]] = {k: [] for k in leaves}
        for key in keys:  # (parents before their sub-steps)
            found = bound.get(key)
            if found is not None and found.when is not None:
                entered[sequence.first_leaf(key)].append((key, found.when))
            if found is not None and found.again is not None:
                ending[sequence.last_leaf(key)].insert(0, (key, found.again))
        # with each condition, the leaf skipping its step goes to (worked out once)
        self._entered = {
            k: tuple((step, when, sequence.next_leaf(step)) for step, when in v)
            for k, v in entered.items()
        }
        self._ending = {
            k: tuple((step, again, sequence.first_leaf(step)) for step, again in v)
            for k, v in ending.items()
        }
        self._after = {k: sequence.next_leaf(k) for k in leaves}  # each leaf's next one
        # the leaves whose next leaf is entered plainly: nothing played again, no condition
        self._plain: dict[str, str] = {
            k: nxt
            for k, nxt in self._after.items()
            if nxt is not None and not self._ending[k] and not self._entered[nxt]
        }
        stray = sorted(str(p) for p, k in (places or {}).items() if k not in self._leaf)
        if stray:
            raise DataError(f"places {stray} of {sequence.name} name no leaf step")
        # the plays by position, so that the loop looks up no key
        self._key: dict[Hashable, str] = {k: k for k in leaves} if places is None else dict(places)
        self._at: dict[Hashable, Play[G, S, D]] = {p: self._leaf[k] for p, k in self._key.items()}

    def key(self, state: S) -> str:
        """The key of the leaf ``state`` stands at.

        Raises:
            NavalwarError: it stands at no leaf of the sequence.
        """
        key = self._key.get(self.position(state))
        if key is None:
            self._nowhere(state)
        return key

    def _nowhere(self, state: S) -> NoReturn:
        raise NavalwarError(
            f"a state at {self.position(state)!r} stands at no step of {self.sequence.name}"
        )

    def play(self, key: str) -> Play[G, S, D]:
        """What the leaf named ``key`` (a dotted key or a unique bare id) does."""
        return self._leaf[self.sequence.key(key)]

    def wrapped(self, wrap: Callable[[str, Run[G, S, D]], Run[G, S, D]]) -> Driver[G, S, D]:
        """The same driver with each leaf's rule function replaced by ``wrap(key, run)``
        (to watch or time every step the rules take)."""
        plays = {
            key: play if play.run is None else attrs.evolve(play, run=wrap(key, play.run))
            for key, play in self._bound.items()
        }
        return Driver(
            self.sequence,
            plays,
            self.position,
            self.move,
            self.over,
            new_turn=self.new_turn,
            restart=self.restart,
            forced=self.forced,
            forced_private=self.forced_private,
            places=self.places,
        )

    # -- the loop ------------------------------------------------------------------------
    def advance(self, game: G, state: S, data: D, ctx: Context) -> tuple[S, Decision | None]:
        """Play on until a step asks a decision or the game is over.

        Returns:
            The state reached and the decision it asks (``None``: the game is over).

        Raises:
            NavalwarError: the rules made no progress (100,000 steps without a decision).
        """
        return self._play(game, state, data, ctx, False)

    def play_on(self, game: G, state: S, data: D, ctx: Context) -> S:
        """:meth:`advance` without building the decision where the step says cheaply that
        it has one (``asks``): the state reached, whose decision :meth:`decision` gives.
        (A single choice is still applied at once, for a driver that forces them.)"""
        return self._play(game, state, data, ctx, True)[0]

    def _play(
        self, game: G, state: S, data: D, ctx: Context, lazy: bool
    ) -> tuple[S, Decision | None]:
        position, over, at, move, plain = self.position, self.over, self._at, self.move, self._plain
        for _ in range(_MAX_STEPS):
            if over(state):
                return state, None
            where = position(state)
            play = at.get(where)
            if play is None:
                self._nowhere(state)
            if play.ask is not None:
                asks = play.asks if lazy else None
                if asks is None:
                    decision = play.ask(game, state, data)
                elif not asks(state, data):
                    decision = None
                elif not self.forced:
                    return state, None
                else:
                    decision = play.ask(game, state, data)
                if decision is not None:
                    choices = decision.choices
                    if not self.forced or choices is None or len(choices) != 1:
                        return state, decision
                    text = _only_choice(choices[0])
                    if self.forced_private:
                        ctx.log_private((decision.side,), "forced_choice", text, decision.rule)
                    else:
                        ctx.log("forced_choice", text, decision.rule)
                    state = self.apply(game, state, choices[0], data, ctx)
                    continue
            new = state if play.run is None else play.run(game, state, data, ctx)
            if new is state or (not over(new) and position(new) == where):
                key = self._key[where]
                nxt = plain.get(key)
                new = self.onward(key, new, data) if nxt is None else move(new, nxt)
            state = new
        raise NavalwarError(
            f"the rules made no progress at step {self.key(state)!r} of {self.sequence.name}"
        )

    def decision(self, game: G, state: S, data: D) -> Decision | None:
        """The decision the state's step asks, if any (``None`` once the game is over).

        Unlike :meth:`advance`, a single choice is returned, not applied: call this
        on a state :meth:`advance` returned.
        """
        if self.over(state):
            return None
        play = self._at.get(self.position(state))
        if play is None:
            self._nowhere(state)
        return None if play.ask is None else play.ask(game, state, data)

    def apply(self, game: G, state: S, action: Action, data: D, ctx: Context) -> S:
        """Apply ``action`` as the state's step says.

        Raises:
            IllegalActionError: the step takes no action of that type.
        """
        play = self._at.get(self.position(state))
        handler = None if play is None else play.apply.get(type(action))
        if handler is None:
            raise IllegalActionError(action.describe(), f"not an action for step {self.key(state)}")
        return handler(game, state, action, data, ctx)

    def begin(self, state: S, data: D) -> S:
        """``state`` moved to the first leaf played: the sequence's first leaf, unless
        skipped (for a game's initial state)."""
        return self._enter(self.sequence.first_leaf(), state, data)

    def onward(self, key: str, state: S, data: D) -> S:
        """``state``, done with leaf ``key``, moved to the leaf played next: the first
        leaf of a step played ``again``, else the next leaf, stepping over the steps
        whose ``when`` does not hold; after the last leaf, the next turn.

        Raises:
            NavalwarError: the end of the sequence, for a driver without ``new_turn``.
        """
        for step, again, first in self._ending[key]:
            if again(state, data):  # (the steps around it are not entered again)
                for inner, when, skip in self._entered[first]:
                    if not step.startswith(inner + ".") and not when(state, data):
                        return self._enter(skip, state, data)
                return self.move(state, first)
        return self._enter(self._after[key], state, data)

    def _enter(self, nxt: str | None, state: S, data: D) -> S:
        """Move into leaf ``nxt``, or the first one after it that is not skipped."""
        for _ in range(_MAX_STEPS):
            if nxt is None:
                if self.new_turn is None:
                    raise NavalwarError(f"the rules ran off the end of {self.sequence.name}")
                state = self.new_turn(state, data)
                nxt = self.restart
            for _step, when, skip in self._entered[nxt]:
                if not when(state, data):
                    nxt = skip
                    break
            else:
                return self.move(state, nxt)
        raise NavalwarError(f"every step of {self.sequence.name} is skipped")


def _only_choice(action: Action) -> Callable[[], str]:
    """The text of a ``forced_choice`` event, written only when the log is kept."""
    return lambda: f"only choice: {action.describe()}"
