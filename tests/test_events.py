"""The event vocabulary (issue 16 item 3; issue 15: GWaS events carry structured data).

Every event a match logs is of a kind its game declares (``Game.event_kinds``, with the
core kinds of :mod:`navalwar.events`) and carries exactly that kind's data keys; the
declarations are what ``docs/events.md`` says.
"""

from __future__ import annotations

import importlib.util
import sys
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from navalwar.agents import RandomAgent, make_agent, play_out
from navalwar.engine import Match
from navalwar.events import CORE_KINDS, Event, EventKind, problem, vocabulary
from navalwar.games.gwas_1904.events import COMBAT_KINDS
from navalwar.registry import games, load

ROOT = Path(__file__).resolve().parents[1]
OPTION_SETS: dict[str, tuple[dict[str, Any], ...]] = {
    "gwas_1904": ({"combat": "advanced"}, {"combat": "basic"}),
}
SEEDS = (0, 1, 2)


def _cases() -> list[Any]:
    return [
        pytest.param(game_id, scenario, options, id=f"{game_id}-{scenario}-{i}")
        for game_id in games()
        for scenario in load(game_id).scenarios()
        for i, options in enumerate(OPTION_SETS.get(game_id, ({},)))
    ]


def _played(game_id: str, scenario: str, options: dict[str, Any]) -> list[Match]:
    """Random games (3 seeds) and one with the game's heuristic agents, to the end."""
    out = []
    for seed, agent in [*((s, "random") for s in SEEDS), (0, "heuristic")]:
        match = Match.start(game_id, scenario, seed=seed, options=options, use_env=False)
        sides = match.game.spec.playable_sides
        agents = {
            side: RandomAgent(seed + i) if agent == "random" else make_agent(game_id, agent, i)
            for i, side in enumerate(sides)
        }
        play_out(match, agents)
        out.append(match)
    return out


@pytest.mark.parametrize(("game_id", "scenario", "options"), _cases())
def test_every_event_is_declared_with_exactly_its_keys(
    game_id: str, scenario: str, options: dict[str, Any]
) -> None:
    vocab = vocabulary(load(game_id).event_kinds)
    for match in _played(game_id, scenario, options):
        problems = Counter(p for e in match.events if (p := problem(vocab, e)) is not None)
        assert not problems, "\n".join(f"{n} x {p}" for p, n in problems.most_common(10))
        assert match.is_over and match.events[-1].kind == "game_over"
        assert match.events[-1].data["level"] == match.outcome.level  # type: ignore[union-attr]


def test_gwas_fire_and_damage_events_carry_their_data() -> None:
    """Issue 15: every combat event had empty data; now who fires at what, the dice, the
    damage roll and each effect by part name the ships by key."""
    by_kind: dict[str, list[Event]] = {}
    for match in _played("gwas_1904", "tsushima", {}):
        for e in match.events:
            by_kind.setdefault(e.kind, []).append(e)
        ships = {s.key for s in match.state.ships}
        assert {e.data["ship"] for e in match.events if e.kind in COMBAT_KINDS} <= ships
        sunk = [e.data["ship"] for e in match.events if e.kind == "ship_sunk"]
        assert sorted(sunk) == sorted(s.key for s in match.state.ships if s.damage.sunk)
    assert "combat" not in by_kind
    for attack in by_kind["attack"]:
        data = attack.data
        assert len(data["rolls"]) == data["factors"] and data["weapon"] in attack.text
        assert data["hits"] == sum(r + data["modifier"] >= data["need"] for r in data["rolls"])
    for roll in by_kind["damage_roll"]:
        assert roll.data["table"] in ("gunnery", "torpedo", "critical")
        assert f"roll {roll.data['roll']}: {roll.data['result']}" in roll.text
    parts = {e.data["part"] for e in by_kind["ship_damaged"]}
    assert parts <= {"primary", "secondary", "tertiary", "hull"} and "hull" in parts


def test_a_game_kind_must_keep_the_core_keys() -> None:
    with pytest.raises(ValueError, match="drops the core keys"):
        vocabulary([EventKind("ship_sunk", "A ship sinks.", {"name": "its name"})])
    with pytest.raises(ValueError, match="declared twice"):
        vocabulary([CORE_KINDS[1], CORE_KINDS[1]])
    kind = CORE_KINDS[-1].extend(keys={"us": "US VP"}, optional={"why": "why"})
    assert kind.problem({"level": "Draw", "us": 1}) is None
    assert kind.problem({"level": "Draw", "us": 1, "why": ""}) is None
    assert kind.problem({"us": 1, "japan": 2}) == (
        "a 'game_over' event lacks level and has undeclared japan"
    )


def test_every_game_declares_its_kinds_once_with_the_core_dice_roll() -> None:
    for game_id in games():
        vocab = vocabulary(load(game_id).event_kinds)
        assert next(iter(vocab)) == "dice_rolled"
        assert all(k.meaning and k.meaning.endswith(".") for k in vocab.values()), game_id


def test_the_events_doc_is_written_from_the_declarations() -> None:
    spec = importlib.util.spec_from_file_location("events_doc", ROOT / "scripts" / "events_doc.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules.setdefault("events_doc", module)
    spec.loader.exec_module(module)
    text = (ROOT / "docs" / "events.md").read_text(encoding="utf-8")
    assert text == module.document(), "docs/events.md is out of date: run scripts/events_doc.py"
    for game_id in games():
        game = load(game_id)
        if type(game).__module__.startswith("navalwar.games."):  # shipped (not the example)
            for kind in vocabulary(game.event_kinds).values():
                assert f"### `{kind.name}`" in text
