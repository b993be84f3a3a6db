"""Japanese Battle Movement (TE 3.3 "Japanese Movement Orders", "Battle Movement").

The solitaire system gives every Japanese formation its heading and order from
the Battle Movement Display, oriented on the US reference ship.
"""

from __future__ import annotations

import functools
from collections.abc import Iterable, Sequence

from navalwar.engine import Context
from navalwar.frozen import evolve
from navalwar.games.tokyo_express.data import BMDEntry, TEData
from navalwar.games.tokyo_express.formations import (
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
    Ship,
    State,
)
from navalwar.games.tokyo_express.movement import japanese_order_stays_on_map, moving_phases
from navalwar.hexgrid import ORIGIN, Hex, distance, relative_bearing, turn

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
    return _sector(jp_hex.q - us_hex.q, jp_hex.r - us_hex.r, us_heading)


@functools.lru_cache(maxsize=65536)
def _sector(dq: int, dr: int, us_heading: int) -> int:
    """:func:`sector` for the Japanese ship at offset ``(dq, dr)`` (it depends on the
    offset only), remembered."""
    jp_hex = Hex(dq, dr)
    if distance(ORIGIN, jp_hex) <= 1:
        return 1
    b = relative_bearing(ORIGIN, us_heading, jp_hex) % 360.0
    return 2 + min(9, int(b // 36.0))


def principal_threat(state: State, data: TEData, formation: Formation, ctx: Context) -> Formation:
    """The principal US threat to a Japanese formation (TE 3.3 Battle Movement step 1).

    The closest US formation; ties go to more ships, then the heaviest type,
    then a random choice. Single US DDs are disregarded unless no other US
    formation is within 10 hexes of any Japanese formation (then the closest
    single DD is the threat).
    """
    jp = state.members(formation.ships)
    us_forms = [(f, state.members(f.ships)) for f in state.live_formations(US)]
    all_jp = state.ships_of(JAPAN)

    def single_dd(ships: Sequence[Ship]) -> bool:
        return len(ships) == 1 and data.ship(ships[0].name).rule_type == "DD"

    others = [(f, ships) for f, ships in us_forms if not single_dd(ships)]
    jp_hexes = {s.hex for s in all_jp}
    if any(_within(ships, jp_hexes, 10) for _, ships in others):
        candidates = others
    else:
        singles = [(f, ships) for f, ships in us_forms if single_dd(ships)]
        candidates = singles or us_forms
    # the closest, then the most ships; the heaviest type is looked up for ties only
    key = {f.id: (ships_distance(jp, ships), -len(ships)) for f, ships in candidates}
    best = min(key.values())
    tied = [(f, ships) for f, ships in candidates if key[f.id] == best]
    if len(tied) > 1:
        weight = {f.id: heaviest_weight(ships, data) for f, ships in tied}
        top = max(weight.values())
        tied = [(f, ships) for f, ships in tied if weight[f.id] == top]
    return ctx.dice.choose([f for f, _ in tied], "principal US threat (tie)", RULE)


def _within(ships: Sequence[Ship], hexes: Iterable[Hex], reach: int) -> bool:
    """Whether some ship is within ``reach`` hexes of some hex (``ships_distance <= reach``)."""
    for s in ships:
        q, r = s.hex
        for hq, hr in hexes:
            dq = q - hq
            dr = r - hr
            if max(abs(dq), abs(dr), abs(dq + dr)) <= reach:
                return True
    return False


def battle_movement(state: State, data: TEData, formation: Formation, ctx: Context) -> State:
    """Give one Japanese formation its heading and order from the display (TE 3.3)."""
    if not state.ships_of(US):
        return state
    jp_ships = state.members(formation.ships)
    if not jp_ships:
        return state
    threat = principal_threat(state, data, formation, ctx)
    us_ships = state.members(threat.ships)
    to_us = [ships_distance((j,), us_ships) for j in jp_ships]
    d_ref = min(to_us)
    jref = ctx.dice.choose(
        [j for j, d in zip(jp_ships, to_us, strict=True) if d == d_ref],
        "Japanese reference ship (tie)",
        RULE,
    )
    to_jref = [distance(u.hex, jref.hex) for u in us_ships]
    d_us = min(to_jref)
    uref = ctx.dice.choose(
        [u for u, d in zip(us_ships, to_jref, strict=True) if d == d_us],
        "US reference ship (tie)",
        RULE,
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

    known: dict[tuple[int, str], bool] = {}  # an outcome depends on the arrow and order only

    def stays(entry: BMDEntry) -> bool:
        found = known.get((entry.heading, entry.order))
        if found is None:
            heading, maneuver, direction, speed = outcome(entry)
            found = known[entry.heading, entry.order] = japanese_order_stays_on_map(
                [(s.hex, heading) for s in jp_ships], maneuver, direction, speed, phases, data
            )
        return found

    entries = sec.heavy if heavy else sec.light
    any_stays: bool | None = None  # whether some entry keeps the ships on, asked once
    while True:
        roll = ctx.dice.d10("Battle Movement Display", RULE)
        if roll == 1:
            continue  # the Basic Game rerolls 1s (TE 3.3)
        entry = sec.entry(heavy, roll)
        if stays(entry):
            break
        if any_stays is None:
            any_stays = any(stays(e) for e in entries)
        if not any_stays:
            break  # every entry takes a ship off the map: the roll stands
        ctx.log("order_rerolled", f"{entry.order} would take a ship off the map: roll again", RULE)
    heading, maneuver, direction, speed = outcome(entry)
    about_face = speed != formation.speed
    new_ships = [s if s.heading == heading else evolve(s, heading=heading) for s in jp_ships]
    order = Order(maneuver, direction, phases_left=3)
    if ctx.record:
        band = "blue (heavy)" if heavy else "red (light)"
        names = ", ".join(s.name for s in jp_ships)
        ctx.log(
            "japanese_order",
            f"{names}: threat {', '.join(s.name for s in us_ships)}; reference ships "
            f"{jref.name} and {uref.name} ({te_label(uref.hex)}); sector {sec.id}, {band} "
            f"band, roll {roll} -> heading {_HEADINGS[heading]}, {order.label}"
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
    return state.updated(new_ships, [evolve(formation, order=order, speed=speed)])


_HEADINGS = ("N", "NE", "SE", "S", "SW", "NW")
__all__ = ["battle_movement", "moving_phases", "principal_threat", "sector", "turn"]
