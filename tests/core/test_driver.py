"""The core driver plays a declared sequence of play: a toy game's turn.

The toy turn has what the coming games need: an initiative that changes the side
order (Coral Sea 3.2), a Movement Phase declared once and played twice (TE 3.1 G-M),
a decision asked one unit at a time until every unit has its order (TE 3.2 Speeds),
a Combat Segment skipped by a condition (TE 3.1: only after the Combat chit), impulses
repeated while any are left (GWaS impulses), a rule function that says where to go
next, and a new turn after the last step.
"""

from __future__ import annotations

from typing import Any, ClassVar

import attrs
import pytest

from navalwar.actions import Action
from navalwar.dice import Dice
from navalwar.driver import Driver, Play, for_side
from navalwar.engine import Context, Decision
from navalwar.errors import DataError, IllegalActionError, NavalwarError
from navalwar.sequence import SequenceOfPlay, Step


@attrs.frozen
class Order(Action):
    tag: ClassVar[str] = "toy_order"
    unit: str
    way: str


@attrs.frozen
class Toy:
    at: str
    turn: int = 1
    did: tuple[str, ...] = ()
    orders: tuple[tuple[str, str], ...] = ()
    impulses: int = 0
    over: bool = False

    def then(self, what: str, **changes: Any) -> Toy:
        return attrs.evolve(self, did=(*self.did, what), **changes)


UNITS = {"A": ("a1", "a2"), "B": ("b1",)}


def initiative(state: Toy) -> tuple[str, str]:
    """A holds the initiative on odd turns, B on even ones."""
    return ("A", "B") if state.turn % 2 else ("B", "A")


def run_initiative(game: Any, state: Toy, data: Any, ctx: Context) -> Toy:
    return state.then(f"initiative {initiative(state)[0]}", impulses=2)


def run_recon(game: Any, state: Toy, data: Any, ctx: Context, side: str) -> Toy:
    return state.then(f"recon {side}")


def ask_order(game: Any, state: Toy, data: Any) -> Decision | None:
    done = {u for u, _ in state.orders}
    for side in initiative(state):
        for unit in UNITS[side]:
            if unit not in done:  # one unit at a time; a2 may only go left
                ways = ("left",) if unit == "a2" else ("left", "right")
                choices = tuple(Order(unit, w) for w in ways)
                return Decision(side, "toy_order", "Toy 2", f"order {unit}", choices)
    return None


def apply_order(game: Any, state: Toy, action: Order, data: Any, ctx: Context) -> Toy:
    return state.then(
        f"{action.unit} {action.way}", orders=(*state.orders, (action.unit, action.way))
    )


def run_moves(game: Any, state: Toy, data: Any, ctx: Context) -> Toy:
    return state.then(f"move {len(state.orders)}", orders=())


def run_fire(game: Any, state: Toy, data: Any, ctx: Context) -> Toy:
    return state.then("fire")


def run_impulse(game: Any, state: Toy, data: Any, ctx: Context) -> Toy:
    return state.then(f"impulse {state.impulses}", impulses=state.impulses - 1)


def run_cleanup(game: Any, state: Toy, data: Any, ctx: Context) -> Toy:
    """Goes straight to the last step on turn 2 (a rule that names the next step)."""
    if state.turn == 2:
        return state.then("cleanup, no bonus", at="end.tally")
    return state.then("cleanup")


def run_bonus(game: Any, state: Toy, data: Any, ctx: Context) -> Toy:
    return state.then("bonus")


def run_tally(game: Any, state: Toy, data: Any, ctx: Context) -> Toy:
    return state.then("tally")


def _movement() -> Step:
    return Step(
        "move",
        "Movement Phase",
        "Toy 2",
        "phase",
        (
            Step("orders", "Orders Segment", "Toy 2.1", "segment"),
            Step("moves", "Movement Segment", "Toy 2.2", "segment"),
            Step(
                "combat",
                "Combat Segment",
                "Toy 2.3",
                "segment",
                (Step("fire", "Fire", "Toy 2.3", "step"),),
            ),
        ),
    )


TURN = SequenceOfPlay(
    (
        Step("initiative", "Initiative Phase", "Toy 1", "phase"),
        Step(
            "recon",
            "Reconnaissance Phase",
            "Toy 1.1",
            "phase",
            (
                Step("first", "Initiative player", "Toy 1.1", "step"),
                Step("second", "Other player", "Toy 1.1", "step"),
            ),
        ),
        _movement().renamed("move1", "First Movement Phase"),
        _movement().renamed("move2", "Second Movement Phase"),
        Step(
            "impulses",
            "Impulse Phase",
            "Toy 3",
            "phase",
            (Step("impulse", "Impulse", "Toy 3", "impulse"),),
        ),
        Step(
            "end",
            "End Phase",
            "Toy 4",
            "phase",
            (
                Step("cleanup", "Clean-up", "Toy 4", "step"),
                Step("bonus", "Bonus", "Toy 4", "step"),
                Step("tally", "Tally", "Toy 4", "step"),
            ),
        ),
    ),
    name="toy turn",
)

PLAYS: dict[str, Play[Any, Toy, Any]] = {
    "initiative": Play(run=run_initiative),
    "first": Play(run=for_side(initiative, 0, run_recon)),
    "second": Play(run=for_side(initiative, 1, run_recon)),
    "orders": Play(ask=ask_order, apply={Order: apply_order}),
    "moves": Play(run=run_moves),
    "combat": Play(when=lambda s, d: s.turn == 1),  # (both Combat Segments of a turn)
    "fire": Play(run=run_fire),
    "impulses": Play(again=lambda s, d: s.impulses > 0),
    "impulse": Play(run=run_impulse),
    "cleanup": Play(run=run_cleanup),
    "bonus": Play(run=run_bonus),
    "tally": Play(run=run_tally),
}


def new_turn(state: Toy, data: Any) -> Toy:
    return attrs.evolve(state, turn=state.turn + 1, over=state.turn == 2)


def driver(plays: dict[str, Play[Any, Toy, Any]] = PLAYS, **kw: Any) -> Driver[Any, Toy, Any]:
    return Driver(
        TURN,
        plays,
        lambda s: s.at,
        lambda s, key: attrs.evolve(s, at=key),
        lambda s: s.over,
        **({"new_turn": new_turn} | kw),
    )


def play_turns(d: Driver[Any, Toy, Any], pick: int = -1) -> tuple[Toy, list[str]]:
    """Play to the end, answering each decision with choice ``pick``; the events logged."""
    ctx = Context(Dice(1))
    state, decision = d.advance(None, Toy(TURN.first_leaf()), None, ctx)
    while decision is not None:
        assert decision.choices is not None
        assert d.decision(None, state, None) == decision
        state = d.apply(None, state, decision.choices[pick], None, ctx)
        state, decision = d.advance(None, state, None, ctx)
    return state, [e.kind for e in ctx.events]


def test_the_toy_turn_is_played_in_the_declared_order() -> None:
    state, events = play_turns(driver())
    turn_1 = [
        "initiative A",
        "recon A",
        "recon B",  # the initiative player first
        "a1 right",  # one unit at a time, the initiative side first
        "a2 left",  # a2's only choice: applied at once
        "b1 right",
        "move 3",
        "fire",  # Combat Segment played on turn 1
        "a1 right",
        "a2 left",
        "b1 right",
        "move 3",
        "fire",
        "impulse 2",  # played again while impulses are left
        "impulse 1",
        "cleanup",
        "bonus",
        "tally",
    ]
    turn_2 = [
        "initiative B",
        "recon B",  # the side order follows the initiative
        "recon A",
        "b1 right",
        "a1 right",
        "a2 left",
        "move 3",  # no Combat Segment on turn 2: skipped with its steps
        "b1 right",
        "a1 right",
        "a2 left",
        "move 3",
        "impulse 2",
        "impulse 1",
        "cleanup, no bonus",  # the rule function went to the tally itself
        "tally",
    ]
    assert list(state.did) == turn_1 + turn_2
    assert state.over and state.turn == 3
    assert events == ["forced_choice"] * 4


def test_a_forced_choice_is_public_or_the_deciding_sides_only() -> None:
    """``forced_private``: the forced choice's event goes to the deciding side only."""
    for private in (False, True):
        d = driver(forced_private=private)
        ctx = Context(Dice(1))
        state, decision = d.advance(None, Toy(TURN.first_leaf()), None, ctx)
        while decision is not None:
            assert decision.choices is not None
            state = d.apply(None, state, decision.choices[-1], None, ctx)
            state, decision = d.advance(None, state, None, ctx)
        forced = [e for e in ctx.events if e.kind == "forced_choice"]
        assert len(forced) == 4
        for e in forced:
            assert bool(e.sides) is private
            if private:
                assert len(e.sides) == 1 and e.sides[0] in ("A", "B")


def test_a_single_choice_is_asked_when_forced_is_off() -> None:
    state, events = play_turns(driver(forced=False))
    assert events == []
    assert state.did.count("a2 left") == 4


def test_an_action_the_step_does_not_take_is_refused() -> None:
    d = driver()
    ctx = Context(Dice(1))
    with pytest.raises(IllegalActionError, match="not an action for step initiative"):
        d.apply(None, Toy("initiative"), Order("a1", "left"), None, ctx)


def test_running_off_the_end_needs_a_new_turn() -> None:
    d = driver(new_turn=None)
    with pytest.raises(NavalwarError, match="ran off the end of toy turn"):
        play_turns(d)


def test_the_next_turn_may_begin_elsewhere() -> None:
    d = driver(restart="recon")
    state, _ = play_turns(d)
    assert state.did.count("initiative A") == 1 and "initiative B" not in state.did


def test_a_step_that_never_moves_on_is_reported() -> None:
    def stay(game: Any, state: Toy, data: Any, ctx: Context) -> Toy:
        return attrs.evolve(state, at="initiative")

    # (a new state at the same step is done with it: the driver moves on)
    state, _ = play_turns(driver({**PLAYS, "initiative": Play(run=stay)}))
    assert state.over
    d: Driver[Any, Toy, Any] = Driver(
        TURN, {}, lambda s: "initiative", lambda s, key: s, lambda s: False
    )
    with pytest.raises(NavalwarError, match="no progress at step 'initiative'"):
        d.advance(None, Toy("initiative"), None, Context(Dice(1)))


def test_wrapped_sees_every_rule_function() -> None:
    seen: list[str] = []

    def wrap(key: str, run: Any) -> Any:
        def watched(game: Any, state: Toy, data: Any, ctx: Context) -> Toy:
            seen.append(key)
            return run(game, state, data, ctx)  # type: ignore[no-any-return]

        return watched

    state, _ = play_turns(driver().wrapped(wrap))
    assert list(state.did) == list(play_turns(driver())[0].did)
    assert seen.count("move1.combat.fire") == 1 and seen.count("impulses.impulse") == 4
    assert "orders" not in " ".join(seen)  # a step that only asks runs nothing


def test_plays_must_name_steps_once() -> None:
    with pytest.raises(DataError, match="no step of toy turn"):
        driver({"nowhere": Play()})
    with pytest.raises(DataError, match="given two plays"):
        driver({"fire": Play(run=run_fire), "move1.combat.fire": Play(run=run_fire)})
    with pytest.raises(DataError, match="has sub-steps"):
        driver({"combat": Play(run=run_fire)})


def test_positions_in_the_games_own_terms() -> None:
    """A game that keeps its position in fields of its own (TE's ``step`` and ``phase``)
    gives the leaf of each; a state elsewhere is reported."""
    leaves = TURN.flatten()
    places = {(n, 0): key for n, key in enumerate(leaves)}
    d: Driver[Any, Toy, Any] = Driver(
        TURN,
        PLAYS,
        lambda s: (leaves.index(s.at) if s.at in leaves else -1, 0),
        lambda s, key: attrs.evolve(s, at=key),
        lambda s: s.over,
        new_turn=new_turn,
        places=places,
    )
    assert play_turns(d)[0].did == play_turns(driver())[0].did
    assert d.key(Toy("move2.moves")) == "move2.moves"
    with pytest.raises(NavalwarError, match=r"a state at \(-1, 0\) stands at no step"):
        d.advance(None, Toy("nowhere"), None, Context(Dice(1)))
    with pytest.raises(DataError, match="name no leaf step"):
        Driver(TURN, PLAYS, lambda s: s.at, lambda s, key: s, lambda s: False, places={1: "recon"})


@attrs.frozen
class Count:
    at: str
    did: tuple[str, ...] = ()
    over: bool = False


def _log(name: str) -> Any:
    def run(game: Any, state: Count, data: Any, ctx: Context) -> Count:
        return attrs.evolve(state, did=(*state.did, name))

    return run


def test_nested_steps_played_again_and_skipped() -> None:
    """An impulse loop inside a loop ending on the same leaf repeats innermost first; a
    segment that opens its phase is skipped by its condition, checked each time the phase
    is played again, skipping only itself; a skipped last step ends the turn."""
    seq = SequenceOfPlay(
        (
            Step(
                "battle",
                "Battle",
                "T 1",
                "phase",
                (
                    Step("plot", "Plot", "T 1", "segment", (Step("p", "p", "T 1", "step"),)),
                    Step("fight", "Fight", "T 1", "segment", (Step("f", "f", "T 1", "impulse"),)),
                ),
            ),
            Step("last", "Last", "T 2", "phase"),
        )
    )
    plays: dict[str, Play[Any, Count, Any]] = {
        "battle": Play(again=lambda s, d: s.did.count("f") < 9),
        "fight": Play(again=lambda s, d: s.did.count("f") % 3 != 0),
        "plot": Play(when=lambda s, d: s.did.count("f") == 3),  # after the first fight only
        "p": Play(run=_log("p")),
        "f": Play(run=_log("f")),
        "last": Play(run=_log("last"), when=lambda s, d: False),
    }

    def done(state: Count, data: Any) -> Count:
        return attrs.evolve(state, did=(*state.did, "turn"), over=True)

    d: Driver[Any, Count, Any] = Driver(
        seq,
        plays,
        lambda s: s.at,
        lambda s, k: attrs.evolve(s, at=k),
        lambda s: s.over,
        new_turn=done,
    )
    start = d.begin(Count("last"), None)
    assert start.at == "battle.fight.f"
    state, decision = d.advance(None, start, None, Context(Dice(1)))
    assert decision is None
    assert "".join(state.did) == "fffpffffffturn"
    never = {**plays, "battle": Play(when=lambda s, d: False)}
    d = Driver(seq, never, lambda s: s.at, lambda s, k: attrs.evolve(s, at=k), lambda s: False)
    with pytest.raises(NavalwarError, match="ran off the end"):
        d.begin(Count("last"), None)


@attrs.frozen
class Shots:
    at: str = "fire"
    hits: int = 0  # hits still to assign
    fired: int = 0
    did: tuple[str, ...] = ()
    over: bool = False


@attrs.frozen
class Assign(Action):
    tag: ClassVar[str] = "toy_assign"
    to: str


def test_a_leaf_played_again_asks_what_its_run_left() -> None:
    """A leaf's own ``again`` plays it again after its run: the hits its fire left are
    asked by the same leaf, one at a time, before the run goes on (GWaS 9.4)."""
    seq = SequenceOfPlay(
        (Step("fire", "Fire", "T 1", "step"), Step("after", "After", "T 2", "step"))
    )

    def fire(game: Any, s: Shots, data: Any, ctx: Context) -> Shots:
        if s.fired:
            return attrs.evolve(s, did=(*s.did, "resolved"))
        return attrs.evolve(s, hits=2, fired=1, did=(*s.did, "fired"))

    def ask(game: Any, s: Shots, data: Any) -> Decision | None:
        if not s.hits:
            return None
        return Decision("A", "assign", "T 1", "assign a hit", (Assign("x"), Assign("y")))

    def assign(game: Any, s: Shots, action: Any, data: Any, ctx: Context) -> Shots:
        return attrs.evolve(s, hits=s.hits - 1, did=(*s.did, action.to))

    def after(game: Any, s: Shots, data: Any, ctx: Context) -> Shots:
        return attrs.evolve(s, over=True, did=(*s.did, "after"))

    d: Driver[Any, Shots, Any] = Driver(
        seq,
        {
            "fire": Play(run=fire, ask=ask, apply={Assign: assign}, again=lambda s, d: s.hits > 0),
            "after": Play(run=after),
        },
        lambda s: s.at,
        lambda s, k: attrs.evolve(s, at=k),
        lambda s: s.over,
        forced=False,
    )
    ctx = Context(Dice(1))
    state, decision = d.advance(None, Shots(), None, ctx)
    assert state.at == "fire" and decision is not None and decision.kind == "assign"
    for to in ("x", "y"):
        state, decision = d.advance(None, d.apply(None, state, Assign(to), None, ctx), None, ctx)
    assert decision is None
    assert state.did == ("fired", "x", "y", "resolved", "after")


def test_play_on_stops_where_a_step_says_it_asks_without_building_the_decision() -> None:
    """``asks`` says cheaply whether ``ask`` has a decision: :meth:`Driver.play_on` stops
    there without building it (or plays on without asking), :meth:`Driver.decision`
    builds it; a driver that forces single choices still asks to see them."""
    seq = SequenceOfPlay(
        (Step("fire", "Fire", "T 1", "step"), Step("after", "After", "T 2", "step"))
    )
    built: list[int] = []

    def ask(game: Any, s: Shots, data: Any) -> Decision | None:
        built.append(s.hits)
        if not s.hits:
            return None
        choices = (Assign("x"),) if s.hits == 1 else (Assign("x"), Assign("y"))
        return Decision("A", "assign", "T 1", "assign a hit", choices)

    def assign(game: Any, s: Shots, action: Any, data: Any, ctx: Context) -> Shots:
        return attrs.evolve(s, hits=s.hits - 1, did=(*s.did, action.to))

    def after(game: Any, s: Shots, data: Any, ctx: Context) -> Shots:
        return attrs.evolve(s, over=True, did=(*s.did, "after"))

    def driver(forced: bool) -> Driver[Any, Shots, Any]:
        plays: dict[str, Play[Any, Shots, Any]] = {
            "fire": Play(ask=ask, apply={Assign: assign}, asks=lambda s, d: s.hits > 0),
            "after": Play(run=after),
        }
        return Driver(
            seq,
            plays,
            lambda s: s.at,
            lambda s, k: attrs.evolve(s, at=k),
            lambda s: s.over,
            forced=forced,
        )

    ctx = Context(Dice(1))
    lazy = driver(False)
    state = lazy.play_on(None, Shots(hits=2), None, ctx)
    assert state.at == "fire" and built == []
    decision = lazy.decision(None, state, None)
    assert decision is not None and built == [2]
    state = lazy.play_on(None, lazy.apply(None, state, Assign("y"), None, ctx), None, ctx)
    assert state.at == "fire" and built == [2]  # (one choice left, not forced: asked)
    state = lazy.play_on(None, lazy.apply(None, state, Assign("x"), None, ctx), None, ctx)
    assert state.over and state.did == ("y", "x", "after") and built == [2]
    assert lazy.advance(None, Shots(hits=2), None, ctx)[1] is not None and built == [2, 2]
    state = driver(True).play_on(None, Shots(hits=1), None, ctx)
    assert state.over and state.did == ("x", "after") and built == [2, 2, 1]
