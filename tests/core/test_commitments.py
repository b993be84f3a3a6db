"""Secret and simultaneous commitments (navalwar.commitments)."""

from __future__ import annotations

import attrs
import pytest

from navalwar.commitments import (
    COMMITTED,
    COMMITTED_PRIVATE,
    REVEALED,
    Commitments,
    open_commitments,
    value_json,
)
from navalwar.dice import Dice
from navalwar.engine import Context
from navalwar.errors import IllegalActionError

SIDES = ("Allied", "Japan")


def _plots() -> Commitments[tuple[str, ...]]:
    return open_commitments("plot", "CS 4.1", SIDES)


def _seen(ctx: Context, side: str) -> list[str]:
    return [e.text for e in ctx.events if not e.sides or side in e.sides]


def test_a_commitment_is_seen_only_by_its_side_until_revealed() -> None:
    ctx = Context(Dice(0))
    plots = _plots().commit("Allied", ("TF17", "A3"), ctx)
    assert plots.committed == ("Allied",) and plots.waiting == ("Japan",)
    assert not plots.complete
    kinds = [(e.kind, e.sides) for e in ctx.events]
    assert kinds == [(COMMITTED_PRIVATE, ("Allied",)), (COMMITTED, ())]
    assert all("A3" not in text for text in _seen(ctx, "Japan"))
    assert _seen(ctx, "Japan") == ["Allied has committed its plot"]
    assert any("A3" in text for text in _seen(ctx, "Allied"))
    assert plots.view("Japan") == {
        "kind": "plot",
        "rule": "CS 4.1",
        "committed": ["Allied"],
        "waiting": ["Japan"],
        "mine": None,
        "values": None,
    }
    assert plots.view("Allied")["mine"] == ["TF17", "A3"]


def test_reveal_makes_one_public_event_and_ends_undo() -> None:
    ctx = Context(Dice(0))
    plots = _plots().commit("Japan", ("KB", "B2"), ctx).commit("Allied", ("TF17", "A3"), ctx)
    assert plots.complete and plots.committed == ("Japan", "Allied")
    ctx = Context(Dice(0))
    shown = plots.reveal(ctx)
    assert ctx.reveal
    (event,) = ctx.events
    assert event.kind == REVEALED and event.sides == ()
    assert event.data["values"] == {"Allied": ["TF17", "A3"], "Japan": ["KB", "B2"]}
    assert shown.view("Japan")["values"] == {"Allied": ["TF17", "A3"], "Japan": ["KB", "B2"]}
    assert shown.value("Allied") == ("TF17", "A3")


def test_commitments_refuse_what_the_rules_do_not_allow() -> None:
    ctx = Context(Dice(0))
    plots = _plots().commit("Allied", ("TF17",), ctx)
    with pytest.raises(IllegalActionError, match="committed already"):
        plots.commit("Allied", ("TF16",), ctx)
    with pytest.raises(IllegalActionError, match="only Allied, Japan commit"):
        plots.commit("Neutral", (), ctx)
    with pytest.raises(IllegalActionError, match="Japan has not committed"):
        plots.reveal(ctx)
    done = plots.commit("Japan", ("KB",), ctx).reveal(ctx)
    with pytest.raises(IllegalActionError, match="revealed"):
        done.commit("Japan", ("KB",), ctx)
    with pytest.raises(IllegalActionError, match="revealed already"):
        done.reveal(ctx)
    with pytest.raises(KeyError):
        _plots().value("Japan")


def test_commitments_are_frozen_values_for_game_states() -> None:
    @attrs.frozen
    class State:
        turn: int
        plots: Commitments[tuple[str, ...]]

    ctx = Context(Dice(0))
    one = State(1, _plots().commit("Allied", ("TF17",), ctx))
    two = State(1, _plots().commit("Allied", ("TF17",), ctx))
    assert one == two and hash(one) == hash(two)
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        one.plots.made = ()  # type: ignore[misc]
    assert one != State(1, _plots().commit("Allied", ("TF16",), ctx))


def test_variants_replace_only_another_sides_hidden_value() -> None:
    ctx = Context(Dice(0))
    plots = _plots().commit("Allied", ("A",), ctx).commit("Japan", ("B",), ctx)
    options = {"Allied": [("A",), ("C",)], "Japan": [("B",), ("D",), ("E",)]}
    for_allied = plots.variants("Allied", options.__getitem__)
    assert [v.value("Japan") for v in for_allied] == [("D",), ("E",)]
    assert all(v.value("Allied") == ("A",) for v in for_allied)
    assert all(v.view("Allied") == plots.view("Allied") for v in for_allied)
    assert [v.value("Allied") for v in plots.variants("Japan", options.__getitem__)] == [("C",)]
    assert plots.reveal(ctx).variants("Allied", options.__getitem__) == []


def test_values_must_be_json() -> None:
    assert value_json((1, ("a", True), None)) == [1, ["a", True], None]
    with pytest.raises(TypeError):
        value_json({1, 2})
