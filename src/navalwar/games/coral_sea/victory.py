"""Victory points and each scenario's victory conditions (24.0, 28.1.5-28.4.5).

VP (24.A; notes A45): a side scores the Victory Point Table's value of each enemy ship
sunk (``tables.ship_vp`` by type) and of each enemy aircraft counter permanently
destroyed or still in the limbo pile (``tables.aircraft_vp`` by type code); replaced
counters score nothing. The conditions:

* 28.1.5 Raid on Rabaul (notes A63): Rabaul damaged (25.4.7) with Allied losses under 10
  VP is an Allied decisive victory (the print says Japanese); the Allied CV sunk a
  Japanese decisive victory; both, or neither: the most VP wins, a tie going to Japan;
* 28.2.5 Huon Gulf, 28.3.5 Tulagi: Japan loses unless it holds Lae (Tulagi) at the end;
  if it does, the most VP wins, a tie is a draw (A69);
* 28.4.5 Coral Sea (and the campaign, 28.3.6.C): a Japanese landing at Port Moresby wins
  outright; else the Allies add 10 VP for holding it and the most VP wins, Strategic by
  1-20, Tactical by 21 or more, a draw when equal (A69).
"""

from __future__ import annotations

from collections.abc import Mapping

from navalwar.engine import Outcome
from navalwar.games.coral_sea import geo, invasion
from navalwar.games.coral_sea.air_state import DESTROYED, LIMBO
from navalwar.games.coral_sea.data import CoralSeaData
from navalwar.games.coral_sea.model import State
from navalwar.games.coral_sea.scenario import spec_of
from navalwar.games.coral_sea.units import ALLIES, JAPAN, SIDES

PORT_MORESBY = "Port Moresby"
HOLDING_BONUS = 10  # 28.4.5.B
TACTICAL_FROM = 21  # 28.4.5.B: "1-20" Strategic, "21+" Tactical


def scores(state: State, data: CoralSeaData) -> dict[str, int]:
    """Each side's VP for enemy materiel destroyed (24.A, A45)."""
    out = {side: 0 for side in SIDES}
    for s in state.ships:
        if s.sunk:
            scorer = ALLIES if s.side == JAPAN else JAPAN
            out[scorer] += data.tables.ship_vp.get(data.ships[s.name].type, 0)
    for a in state.air.aircraft:
        if a.status in (DESTROYED, LIMBO):
            scorer = ALLIES if a.side == JAPAN else JAPAN
            out[scorer] += data.tables.aircraft_vp.get(data.aircraft[a.model].type, 0)
    return out


def _allies_hold(state: State, data: CoralSeaData, place: str) -> bool:
    controller = {b.name: b.controller for b in state.bases}
    found = geo.bases_named(data, place)
    return bool(found) and all(controller.get(b.name) == ALLIES for b in found)


def _by_vp(vp: Mapping[str, int], tie: str | None, levels: bool) -> tuple[str | None, str]:
    j, a = vp[JAPAN], vp[ALLIES]
    if j == a:
        return (tie, "Victory (tie)") if tie else (None, "Draw")
    winner = JAPAN if j > a else ALLIES
    if not levels:
        return winner, "Victory"
    return winner, "Tactical" if abs(j - a) >= TACTICAL_FROM else "Strategic"


def outcome(state: State, data: CoralSeaData) -> Outcome:
    """The scenario's result on the state as it stands (the game's ``outcome`` once over)."""
    spec = spec_of(state.scenario)
    vic = spec.victory
    vp = scores(state, data)
    if vic.kind == "rabaul":
        damaged = any(
            b.damaged
            for b in state.bases
            if b.name in {x.name for x in geo.bases_named(data, "Rabaul")}
        )
        allied_lost = vp[JAPAN]
        cv_sunk = any(
            s.sunk and s.side == ALLIES and data.ships[s.name].type == "CV" for s in state.ships
        )
        a_win = damaged and allied_lost < 10
        if a_win and not cv_sunk:
            return Outcome(
                ALLIES, "Decisive", vp, "Rabaul damaged, Allied losses under 10 VP (28.1.5.A, A63)"
            )
        if cv_sunk and not a_win:
            return Outcome(JAPAN, "Decisive", vp, "the Allied CV sunk (28.1.5.B)")
        winner, level = _by_vp(vp, JAPAN, False)
        return Outcome(winner, level, vp, f"VP {vp[JAPAN]}-{vp[ALLIES]} (28.1.5.C)")
    if vic.kind == "hold":
        if not invasion.holds(state, data, vic.place):
            return Outcome(
                ALLIES, "Automatic", vp, f"Japan does not hold {vic.place} ({spec.rule}.5)"
            )
        winner, level = _by_vp(vp, None, False)
        return Outcome(winner, level, vp, f"Japan holds {vic.place}; VP {vp[JAPAN]}-{vp[ALLIES]}")
    # coral_sea
    if state.winner == JAPAN or invasion.holds(state, data, PORT_MORESBY):
        return Outcome(JAPAN, "Automatic", vp, "Japanese troops ashore at Port Moresby (28.4.5.A)")
    if _allies_hold(state, data, PORT_MORESBY):
        vp = {**vp, ALLIES: vp[ALLIES] + HOLDING_BONUS}
    winner, level = _by_vp(vp, None, True)
    return Outcome(
        winner, level, vp, f"VP {vp[JAPAN]}-{vp[ALLIES]} with 10 for Port Moresby (28.4.5.B)"
    )
