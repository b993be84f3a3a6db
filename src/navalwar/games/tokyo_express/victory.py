"""Victory (TE 3.9, 14.2, 14.3): Victory Points and the level of victory."""

from __future__ import annotations

from navalwar.games.tokyo_express.data import TEData
from navalwar.games.tokyo_express.model import JAPAN, US, State
from navalwar.games.tokyo_express.scenario import Scenario


def victory_points(state: State, data: TEData) -> dict[str, int]:
    """VP for damaging and sinking enemy ships, and for killing the admiral (TE 3.9)."""
    vp = {US: 0, JAPAN: 0}
    scen: Scenario = state.scenario
    for s in state.ships:
        scorer = JAPAN if s.side == US else US
        row = scen.vp[scorer].get(data.ship(s.name).rule_type)
        if row is None:
            continue
        if s.removed or s.sinking:
            vp[scorer] += row[0]
        elif s.level:
            vp[scorer] += row[4 - s.level]
    if state.admiral_killed_turn and scen.admiral:
        vp[JAPAN] += scen.admiral.killed_vp
    return vp


def level_of_victory(scenario: Scenario, margin: int) -> str:
    """The level of victory for US VP minus Japanese VP (TE 3.9, 14.3)."""
    for lo, name in scenario.levels:
        if lo is None or margin >= lo:
            return name
    return scenario.levels[-1][1]
