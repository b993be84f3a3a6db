"""Matches the view tests draw (csview): Scenario 4 played by random agents, and one with an
Allied TF hidden at a known hex (no counter) and another's counter on the board."""

from __future__ import annotations

import attrs
import pytest

from navalwar.agents import RandomAgent
from navalwar.engine import Match
from navalwar.games.coral_sea.units import ALLIES

HIDDEN = "4631"  # where the test hides an Allied TF: open sea, no Japanese unit near
COUNTER = "4226"  # where another Allied TF's counter stands on the board


def played(turns: int = 2, seed: int = 1) -> Match:
    """Scenario 4 played by random agents into turn ``turns``."""
    m = Match.start("coral_sea", "coral_sea", seed=seed)
    agents = {s: RandomAgent(i + seed) for i, s in enumerate(m.game.spec.sides)}
    while m.decision is not None and m.state.turn < turns:
        m.apply(agents[m.decision.side].choose(m, m.decision))
    return m


@pytest.fixture(scope="module")
def hidden() -> Match:
    """An Allied TF at HIDDEN not found (no counter), another with its counter at COUNTER."""
    m = played()
    spec = m.data.geography.spec
    first, second = [
        tf for tf in m.state.task_forces if tf.side == ALLIES and m.state.ships_of(tf)
    ][:2]
    at, counter = spec.hex(HIDDEN), spec.hex(COUNTER)
    tfs = tuple(
        attrs.evolve(tf, hex=at, counter=None, revealed=False)
        if tf is first
        else attrs.evolve(tf, counter=counter, revealed=False)
        if tf is second
        else tf
        for tf in m.state.task_forces
    )
    ships = tuple(
        attrs.evolve(s, hex=at) if s.side == ALLIES and s.tf == first.id else s
        for s in m.state.ships
    )
    m.state = attrs.evolve(m.state, task_forces=tfs, ships=ships)
    return m
