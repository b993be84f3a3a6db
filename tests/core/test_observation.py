"""The observation envelope every game shares (Game.observation, docs/front_end.md)."""

from __future__ import annotations

from typing import Any

import pytest

from navalwar import testing
from navalwar.engine import ENVELOPE_KEYS, Match
from navalwar.errors import NavalwarError
from navalwar.games.tokyo_express import GAME as TE

POSITION = {
    ("tokyo_express", "advanced"): ("where", "turn", "last_turn", "phase", "step"),
    ("gwas_1904", "advanced"): ("phase", "impulse", "step"),
    ("gwas_1904", "basic"): ("phase", "round"),
}


@pytest.mark.parametrize(
    ("game_id", "scenario", "combat"),
    [("tokyo_express", "basic", "advanced"), ("gwas_1904", "yellow-sea", "advanced"),
     ("gwas_1904", "yellow-sea", "basic")],
)  # fmt: skip
def test_every_observation_has_the_envelope(game_id: str, scenario: str, combat: str) -> None:
    options = {"combat": combat} if game_id == "gwas_1904" else None
    match = Match.start(game_id, scenario, seed=1, options=options)
    agents = testing.random_agents(match, 1)
    position = POSITION[game_id, combat]
    for _ in range(40):
        decision = match.decision
        for side in match.game.spec.sides:
            obs = match.observe(side)
            assert list(obs)[: len(ENVELOPE_KEYS) + len(position)] == [
                "game", "side", *position, "over", "deciding", "decision"
            ]  # fmt: skip
            assert obs["game"] == game_id and obs["side"] == side
            assert obs["over"] is (decision is None)
            if decision is None:
                assert obs["deciding"] is None and obs["decision"] is None
            elif decision.side == side:
                assert obs["deciding"] == "you"
                assert obs["decision"] == decision.to_json(match.game)
                assert obs["decision"]["rule"]
            else:
                assert obs["deciding"] == "other" and obs["decision"] is None
        if decision is None:
            break
        testing.play(match, agents, 1)


def test_a_game_may_not_fill_the_envelopes_keys(monkeypatch: pytest.MonkeyPatch) -> None:
    real = TE.observe

    def clashing(state: Any, side: str, data: Any) -> dict[str, Any]:
        return {**real(state, side, data), "decision": "mine"}

    monkeypatch.setattr(TE, "observe", clashing)
    match = Match.start("tokyo_express", "basic", seed=0)
    with pytest.raises(NavalwarError, match=r"envelope's keys \['decision'\]"):
        match.observe("US")
