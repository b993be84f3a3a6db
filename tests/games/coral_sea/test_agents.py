"""The heuristic agent (not rules): legal at every decision, and it goes for the objective."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
from fixtures import DATA, SPEC_MAP, at_step, clean, new_state, set_up, with_tf

from navalwar.agents import RandomAgent
from navalwar.engine import Match
from navalwar.games.coral_sea import GAME, agents
from navalwar.games.coral_sea.units import ALLIES, JAPAN

H = SPEC_MAP.hex


def test_the_plot_steps_toward_port_moresby_round_new_guinea() -> None:
    """Scenario 4: Japan's ships head for Port Moresby by sea (A70's map: round the land)."""
    state = clean(set_up(new_state("coral_sea"), 0))
    state = at_step(with_tf(state, JAPAN, "TF1", "3008", ["AP 1"]), "ship_movement.plot")
    far = agents.sea_distances(DATA, DATA.geography.place("Port Moresby"))
    action = agents.plot(state, DATA, JAPAN)
    ((key, path),) = action.moves
    assert key == "TF1" and len(path) == 1
    assert far[H(path[0])] < far[H("3008")]


def test_the_heuristic_plays_a_whole_game_legally_for_both_sides() -> None:
    match = Match.start("coral_sea", "raid_on_rabaul", seed=3)
    players = {JAPAN: agents.HeuristicAgent(3), ALLIES: RandomAgent(4)}
    for _ in range(20_000):
        decision = match.decision
        if decision is None:
            break
        match.apply(players[decision.side].choose(match, decision))
    assert match.is_over and match.outcome is not None
    assert "heuristic" in GAME.agents()
