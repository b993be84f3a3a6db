"""The battle's declared sequences of play (GWaS 7.2, 7.31, 6.0) and where a battle
stands in them as the core driver plays it."""

from __future__ import annotations

import re

import attrs
import pytest

from navalwar.agents import make_agent
from navalwar.engine import Match
from navalwar.games.gwas_1904 import basic_combat as bc
from navalwar.games.gwas_1904 import impulse
from navalwar.games.gwas_1904.battle import Battle
from navalwar.games.gwas_1904.sequence_of_play import (
    BASIC_PLACES,
    BASIC_ROUND,
    BATTLE,
    GUNNERY_STEPS,
    MOVE_STEPS,
    PLACES,
    TORPEDO_STEPS,
    move,
    place,
)
from navalwar.games.gwas_1904.sides import JAPAN, RUSSIA


def test_7_31_the_impulse_declares_twenty_steps_each_citing_its_rule() -> None:
    steps = BATTLE.step("impulse").children
    assert [s.id for s in steps] == [f"step{n}" for n in range(1, 21)]
    assert sorted([1, *MOVE_STEPS, *GUNNERY_STEPS, *TORPEDO_STEPS]) == list(range(1, 21))
    for seq in (BATTLE, BASIC_ROUND):
        for key in seq.keys():  # noqa: SIM118 (a SequenceOfPlay, not a dict)
            assert re.match(r"GWaS \d", seq.step(key).rule), key
    assert "speed 1+ and 2" in BATTLE.step("impulse.step9").name  # the volume's 7.31
    assert "without the initiative" in BATTLE.step("impulse.step9").name


def test_every_leaf_has_a_place_and_a_battle_moved_there_stands_there() -> None:
    assert sorted(set(PLACES.values())) == sorted(BATTLE.flatten())
    base: Battle = Match.start("gwas_1904", "tsushima", seed=0).state
    state = attrs.evolve(base, phase="impulse", initiative=RUSSIA)
    for key in BATTLE.flatten():
        moved = move(state, key)
        assert PLACES[place(moved)] == key
    second = move(state, "impulse.step3.second.begin")
    assert second.acting == JAPAN and not second.started  # the side without the initiative
    assert sorted(set(BASIC_PLACES.values())) == sorted(BASIC_ROUND.flatten())


def _walk(match: Match, limit: int, kind: str = "random") -> list[tuple[str, str, int]]:
    agents = {side: make_agent("gwas_1904", kind, i) for i, side in enumerate((JAPAN, RUSSIA))}
    seen = []
    while match.decision is not None and len(seen) < limit:
        state = match.state
        driver = bc.DRIVER if isinstance(state, bc.BasicBattle) else impulse.DRIVER
        seen.append((match.decision.kind, driver.key(state), getattr(state, "step", 0)))
        match.apply(agents[match.decision.side].choose(match, match.decision))
    return seen


@pytest.mark.parametrize("scenario", ["tsushima", "ulsan"])
def test_each_decision_is_asked_at_its_step(scenario: str) -> None:
    seen = _walk(Match.start("gwas_1904", scenario, seed=3), 400, "heuristic")
    leaf = {
        "place": "setup.placement",
        "flagship": "setup.placement",
        "move": r"impulse\.step(\d+)\.move",
        "tow": r"impulse\.step(\d+)\.move",
        "gunnery": r"impulse\.step(\d+)\.(first|second)\.fire",
        "torpedo": r"impulse\.step(\d+)\.(first|second)\.fire",
        "assign": r"impulse\.step(\d+)\.(first|second)\.fire",
    }
    kinds = set()
    for kind, key, step in seen:
        found = re.fullmatch(leaf[kind], key)
        assert found, (kind, key)
        if found.groups():
            assert int(found.group(1)) == step
        kinds.add(kind)
    assert {"place", "move", "gunnery"} <= kinds
    assert "assign" in kinds or scenario != "tsushima"  # squadrons' hits (9.4)


@pytest.mark.parametrize("scenario", ["amur", "yellow-sea"])
def test_6_0_basic_combat_decisions_are_asked_at_their_steps(scenario: str) -> None:
    match = Match.start("gwas_1904", scenario, seed=1, options={"combat": "basic"})
    seen = _walk(match, 300)
    leaf = {
        "basic_target": r"round\.gunnery\.(japan|russia)\.fire",
        "basic_torpedo": r"round\.torpedo\.(japan|russia)\.fire",
        "basic_range": r"round\.range",
    }
    for kind, key, _step in seen:
        assert re.fullmatch(leaf[kind], key), (kind, key)
    assert seen
