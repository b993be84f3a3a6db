"""Japanese Battle Movement (TE 3.3 "Japanese Movement Orders", "Battle Movement").

The solitaire system gives every Japanese formation its heading and order from
the Battle Movement Display, oriented on the US reference ship.
"""

from __future__ import annotations

import attrs

from navalwar.engine import Context
from navalwar.games.tokyo_express.data import BMDEntry, TEData
from navalwar.games.tokyo_express.formations import (
    formation_ships,
    heaviest_weight,
    is_heavy_formation,
    ships_distance,
)
from navalwar.games.tokyo_express.geometry import te_label
from navalwar.games.tokyo_express.model import (
    ABOUT,
    AHEAD,
    JAPAN,
    TURN_60,
    US,
    Formation,
    Order,
    State,
)
from navalwar.games.tokyo_express.movement import japanese_order_stays_on_map, moving_phases
from navalwar.hexgrid import Hex, distance, relative_bearing, turn

RULE = "TE 3.3"
ORDER_OF = {
    "Ah": (AHEAD, 0),
    "60P": (TURN_60, -1),
    "60S": (TURN_60, 1),
    "AbP": (ABOUT, -1),
    "AbS": (ABOUT, 1),
}


def sector(us_hex: Hex, us_heading: int, jp_hex: Hex) -> int:
    """The Battle Movement Display sector of the Japanese reference ship.

    Reconstructed geometry (the display is not in the text): sector 1 is the
    US reference ship's own and adjacent hexes; sectors 2-11 are ten 36°
    wedges of relative bearing clockwise from the US ship's bow (2 = 0-36°
    starboard bow ... 6 = 144-180°, 7 = 180-216° ... 11 = 324-360° port bow).
    The wedges reach any distance (notes §9.3 item 16).
    """
    if distance(us_hex, jp_hex) <= 1:
        return 1
    b = relative_bearing(us_hex, us_heading, jp_hex) % 360.0
    return 2 + min(9, int(b // 36.0))


def principal_threat(state: State, data: TEData, formation: Formation, ctx: Context) -> Formation:
    """The principal US threat to a Japanese formation (TE 3.3 Battle Movement step 1).

    The closest US formation; ties go to more ships, then the heaviest type,
    then a random choice. Single US DDs are disregarded unless no other US
    formation is within 10 hexes of any Japanese formation (then the closest
    single DD is the threat).
    """
    jp = formation_ships(state, formation)
    us_forms = [f for f in state.side_formations(US) if formation_ships(state, f)]
    all_jp = list(state.side_ships(JAPAN))

    def single_dd(f: Formation) -> bool:
        ships = formation_ships(state, f)
        return len(ships) == 1 and data.ship(ships[0].name).rule_type == "DD"

    others = [f for f in us_forms if not single_dd(f)]
    near_others = [f for f in others if ships_distance(formation_ships(state, f), all_jp) <= 10]
    if near_others:
        candidates = others
    else:
        singles = [f for f in us_forms if single_dd(f)]
        candidates = singles or us_forms
    key = {
        f.id: (
            ships_distance(jp, formation_ships(state, f)),
            -len(formation_ships(state, f)),
            -heaviest_weight(formation_ships(state, f), data),
        )
        for f in candidates
    }
    best = min(key.values())
    tied = [f for f in candidates if key[f.id] == best]
    return ctx.dice.choose(tied, "principal US threat (tie)", RULE)


def battle_movement(state: State, data: TEData, formation: Formation, ctx: Context) -> State:
    """Give one Japanese formation its heading and order from the display (TE 3.3)."""
    if not any(True for _ in state.side_ships(US)):
        return state
    jp_ships = formation_ships(state, formation)
    if not jp_ships:
        return state
    threat = principal_threat(state, data, formation, ctx)
    us_ships = formation_ships(state, threat)
    d_ref = min(ships_distance([j], us_ships) for j in jp_ships)
    jref = ctx.dice.choose(
        [j for j in jp_ships if ships_distance([j], us_ships) == d_ref],
        "Japanese reference ship (tie)",
        RULE,
    )
    d_us = min(distance(u.hex, jref.hex) for u in us_ships)
    uref = ctx.dice.choose(
        [u for u in us_ships if distance(u.hex, jref.hex) == d_us], "US reference ship (tie)", RULE
    )
    sec = data.bmd[sector(uref.hex, uref.heading, jref.hex)]
    heavy = is_heavy_formation(jp_ships, data)
    first = 1 if state.phase < 4 else 4
    phases = list(range(first, first + 3))

    def outcome(entry: BMDEntry) -> tuple[int, str, int, int]:
        heading = (uref.heading + entry.heading) % 6
        maneuver, direction = ORDER_OF[entry.order]
        about_face = (heading - jref.heading) % 6 == 3
        speed = max(1, formation.speed - 1) if about_face else formation.speed
        return heading, maneuver, direction, speed

    def stays(entry: BMDEntry) -> bool:
        heading, maneuver, direction, speed = outcome(entry)
        return japanese_order_stays_on_map(
            [(s.hex, heading) for s in jp_ships], maneuver, direction, speed, phases, data
        )

    entries = sec.heavy if heavy else sec.light
    any_stays = any(stays(e) for e in entries)
    while True:
        roll = ctx.dice.d10("Battle Movement Display", RULE)
        if roll == 1:
            continue  # the Basic Game rerolls 1s (TE 3.3)
        entry = sec.entry(heavy, roll)
        if not any_stays or stays(entry):
            break
        ctx.log("order_rerolled", f"{entry.order} would take a ship off the map: roll again", RULE)
    heading, maneuver, direction, speed = outcome(entry)
    about_face = speed != formation.speed
    new_ships = [attrs.evolve(s, heading=heading) for s in jp_ships]
    order = Order(maneuver, direction, phases_left=3)
    band = "blue (heavy)" if heavy else "red (light)"
    names = ", ".join(s.name for s in jp_ships)
    ctx.log(
        "japanese_order",
        f"{names}: threat {', '.join(s.name for s in us_ships)}; reference ships {jref.name} and "
        f"{uref.name} ({te_label(uref.hex)}); sector {sec.id}, {band} band, roll {roll} -> "
        f"heading {_HEADINGS[heading]}, {order.label}"
        + (f"; 180° turn: Speed {formation.speed} -> {speed}" if about_face else ""),
        RULE,
        formation=formation.id,
        sector=sec.id,
        roll=roll,
        heading=heading,
        order=entry.order,
        reference=jref.name,
        us_reference=uref.name,
    )
    state = state.with_ships(new_ships)
    return state.with_formation(attrs.evolve(formation, order=order, speed=speed))


_HEADINGS = ("N", "NE", "SE", "S", "SW", "NW")
__all__ = ["battle_movement", "moving_phases", "principal_threat", "sector", "turn"]
