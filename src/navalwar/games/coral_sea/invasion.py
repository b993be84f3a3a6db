"""Invasion (22.C, 23.0; notes A42-A44, A72).

A Japanese AP with a flag in the hex of an Allied base invades it when the turn is a
daylight turn and Japan holds the initiative; otherwise on the first later turn when
both hold (23.A). 23.0 names Port Moresby (1414); Scenarios 2 and 3 need Lae and Tulagi:
any Allied airfield or seaplane base outside Australia may be invaded (A44, A72). It is
checked at the end of each Ship Movement Phase (A43); enemy presence does not prevent
it. On success every base of the hex becomes Japanese (its flag placed, the AP's used,
22.C), and Allied aircraft there go to the limbo pile (A44, as 8.D).
"""

from __future__ import annotations

import attrs

from navalwar.engine import Context
from navalwar.games.coral_sea import geo
from navalwar.games.coral_sea.air_state import LIMBO
from navalwar.games.coral_sea.data import CoralSeaData
from navalwar.games.coral_sea.model import State
from navalwar.games.coral_sea.scenario import spec_of
from navalwar.games.coral_sea.units import ALLIES, JAPAN


def check(state: State, data: CoralSeaData, ctx: Context) -> State:
    """Invasions that succeed at the end of this Ship Movement Phase (23.A, A43)."""
    if state.night or state.initiative != JAPAN:
        return state
    controller = {b.name: b.controller for b in state.bases}
    for ship in state.ships:
        if ship.side != JAPAN or not ship.flag or ship.sunk or ship.hex is None:
            continue
        targets = [
            b
            for b in data.geography.bases
            if b.hex == ship.hex and controller.get(b.name) == ALLIES and not b.australian
        ]
        if not targets:
            continue
        names = {b.name for b in targets}
        where = geo.label(data, ship.hex)
        ctx.log(
            "invasion",
            f"Japanese troops land at {where}: {', '.join(sorted(names))} taken (23.A)",
            "23.A",
            hex=where,
            bases=sorted(names),
        )
        ctx.reveal = True
        bases = tuple(
            attrs.evolve(b, controller=JAPAN) if b.name in names else b for b in state.bases
        )
        aircraft = tuple(
            attrs.evolve(a, status=LIMBO, base=None) if a.base in names else a
            for a in state.air.aircraft
        )
        ships = tuple(
            attrs.evolve(s, flag=False) if s.name == ship.name else s for s in state.ships
        )
        state = attrs.evolve(
            state,
            bases=bases,
            ships=ships,
            air=attrs.evolve(state.air, aircraft=aircraft),
            invaded=(*state.invaded, *((n, JAPAN) for n in sorted(names))),
        )
        for n in names:
            controller[n] = JAPAN
        ends = spec_of(state.scenario).ends_on_invasion
        if ends and any(b.name in names for b in geo.bases_named(data, ends)):
            state = attrs.evolve(state, over=True, winner=JAPAN)  # 28.4.1
    return state


def holds(state: State, data: CoralSeaData, place: str) -> bool:
    """Whether Japan holds ``place`` (every base of that name, 22.A; 28.2.5, 28.3.5)."""
    controller = {b.name: b.controller for b in state.bases}
    found = geo.bases_named(data, place)
    return bool(found) and all(controller.get(b.name) == JAPAN for b in found)
