"""navalwar's conformance suite (``navalwar.testing``) on Sub Hunt, both scenarios."""

from __future__ import annotations

import pytest
from navalwar_subhunt import GAME

from navalwar import testing

SCENARIOS = ("convoy-lane", "narrows")


def test_the_bundled_scenarios() -> None:
    assert tuple(GAME.scenarios()) == SCENARIOS


@pytest.mark.parametrize("scenario", SCENARIOS)
@pytest.mark.parametrize("check", sorted(set(testing.CHECKS) - {"fresh_process"}))
@pytest.mark.parametrize("seed", [0, 1])
def test_conformance(check: str, scenario: str, seed: int) -> None:
    assert testing.CHECKS[check]("sub_hunt", scenario, seed) == []


@pytest.mark.parametrize("scenario", SCENARIOS)
def test_fresh_process(scenario: str) -> None:
    """New Pythons find the game through its entry point only (one seed: it is slow)."""
    assert testing.check_fresh_process("sub_hunt", scenario, 0) == []
