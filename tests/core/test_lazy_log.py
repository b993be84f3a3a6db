"""The event log is lazy in one place: ``Context.log`` (issue 16 item 5)."""

from __future__ import annotations

from pathlib import Path

import navalwar
from navalwar.dice import Dice
from navalwar.engine import Context


def test_a_text_function_is_called_only_when_recording() -> None:
    calls: list[int] = []

    def text() -> str:
        calls.append(1)
        return "Helena fires"

    quiet = Context(Dice(1), record=False)
    quiet.log("gunnery_attack", text, "TE 3.7", ship="Helena")
    quiet.log_private(("US",), "gunnery_attack", text, "TE 3.7")
    assert quiet.events == [] and calls == []
    loud = Context(Dice(1))
    loud.log("gunnery_attack", text, "TE 3.7", ship="Helena")
    loud.log("gunnery_attack", "as written", "TE 3.7")
    loud.log_private(("US",), "gunnery_attack", text, "TE 3.7")
    assert [e.text for e in loud.events] == ["Helena fires", "as written", "Helena fires"]
    assert loud.events[0].data == {"ship": "Helena"} and loud.events[2].sides == ("US",)
    assert len(calls) == 2


def test_log_each_adds_an_event_per_entry_only_when_recording() -> None:
    def entries() -> list[tuple[str, dict[str, object]]]:
        calls.append(1)
        return [("Helena moves 2 hex(es)", {"ship": "Helena"}), ("Boise moves", {})]

    calls: list[int] = []
    Context(Dice(1), record=False).log_each("ship_moved", "TE 3.4", entries)
    assert calls == []
    ctx = Context(Dice(1))
    with ctx.private(("US",)):
        ctx.log_each("ship_moved", "TE 3.4", entries)
    assert [(e.kind, e.text, e.rule, e.data, e.sides) for e in ctx.events] == [
        ("ship_moved", "Helena moves 2 hex(es)", "TE 3.4", {"ship": "Helena"}, ("US",)),
        ("ship_moved", "Boise moves", "TE 3.4", {}, ("US",)),
    ]


def test_no_rules_code_asks_whether_a_log_is_kept() -> None:
    games = Path(navalwar.__file__).parent / "games"
    asking = [
        f"{p.relative_to(games)}:{n}"
        for p in sorted(games.rglob("*.py"))
        for n, line in enumerate(p.read_text().splitlines(), 1)
        if "ctx.record" in line or ".record:" in line
    ]
    assert asking == []
