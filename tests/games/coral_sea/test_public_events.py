"""No public event names a task force: its number is its owner's secret (11.C, 11.E).

A TF's counters are interchangeable and "Japan may rearrange the TF numbers to
confuse the enemy" (28.3.3): an event both sides see may say that a task force was
found, attacked or seen, and which ships it holds once attacked (11.D), never which
of its owner's task forces it is.
"""

from __future__ import annotations

import re

import pytest

from navalwar.agents import make_agent, play_out
from navalwar.engine import Match

TF_ID = re.compile(r"\bTF\s?\d+\b")


@pytest.mark.parametrize("scenario", ["coral_sea", "huon_gulf"])
def test_public_events_hold_no_task_force_id(scenario: str) -> None:
    m = Match.start("coral_sea", scenario, seed=3)
    sides = ("Japan", "Allies")
    play_out(m, {side: make_agent("coral_sea", "heuristic", n) for n, side in enumerate(sides)})
    ids = {tf.id for tf in m.state.task_forces}
    assert ids, "the scenario has task forces"
    public = [e for e in m.events if not e.sides]
    assert any(e.kind == "components_revealed" for e in public), "a task force was attacked"
    for e in public:
        assert not TF_ID.search(e.text), (e.kind, e.text)
        for key, value in e.data.items():
            assert key not in ("tf", "tfs", "task_force"), (e.kind, key)
            assert not (isinstance(value, str) and value in ids), (e.kind, key, value)
