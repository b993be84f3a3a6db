"""Japanese Battle Movement (TE 3.3 "Japanese Movement Orders", "Battle Movement").

The solitaire system gives every Japanese formation its heading and order from
the Battle Movement Display, oriented on the US reference ship.
"""

from __future__ import annotations

import functools
from collections.abc import Iterable, Sequence

from navalwar.dice import Dice
from navalwar.engine import Context
from navalwar.games.tokyo_express.data import BMDEntry, TEData
from navalwar.games.tokyo_express.formations import heaviest_weight
from navalwar.games.tokyo_express.geometry import HEADINGS, te_label
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
from navalwar.hexgrid import (
    ORIGIN,
    Hex,
    distance,
    distances,
    nearest_distance,
    relative_bearing,
    turn,
)

RULE = "TE 3.3"
ORDER_OF = {
    "Ah": (AHEAD, 0),
    "60P": (TURN_60, -1),
    "60S": (TURN_60, 1),
    "AbP": (ABOUT, -1),
    "AbS": (ABOUT, 1),
}


def sectors(us_hex: Hex, us_heading: int, jp_hex: Hex) -> tuple[int, ...]:
    """The Battle Movement Display sector of the Japanese reference ship: one, or the two
    that meet on the line it stands on.

    Reconstructed geometry (the display is not in the text): sector 1 is the
    US reference ship's own and adjacent hexes; sectors 2-11 are ten 36° wedges
    of relative bearing clockwise from the US ship's bow (2 = 0-36° starboard
    bow ... 6 = 144-180°, 7 = 180-216° ... 11 = 324-360° port bow). The wedges
    reach any distance (notes §9.3 item 16). Dead ahead is where sectors 11 and
    2 meet, dead astern 6 and 7: both are returned (starboard first), and the
    engine chooses one at random (TE 2.3), so the display stays mirror-symmetric.
    """
    return _sector(jp_hex.q - us_hex.q, jp_hex.r - us_hex.r, us_heading)


def sector(us_hex: Hex, us_heading: int, jp_hex: Hex) -> int:
    """The one sector of :func:`sectors`.

    Raises:
        ValueError: if the Japanese ship is dead ahead or astern, between two sectors.
    """
    found = sectors(us_hex, us_heading, jp_hex)
    if len(found) > 1:
        raise ValueError(f"on the line between sectors {found[0]} and {found[1]}")
    return found[0]


_AHEAD_SECTORS = (2, 11)  # the sectors meeting on the line dead ahead
_ASTERN = (6, 7)  # and dead astern


@functools.lru_cache(maxsize=65536)
def _sector(dq: int, dr: int, us_heading: int) -> tuple[int, ...]:
    """:func:`sectors` for the Japanese ship at offset ``(dq, dr)`` (it depends on the
    offset only), remembered."""
    jp_hex = Hex(dq, dr)
    if distance(ORIGIN, jp_hex) <= 1:
        return (1,)
    b = relative_bearing(ORIGIN, us_heading, jp_hex)  # multiples of 30° are exact
    if b == 0.0:
        return _AHEAD_SECTORS
    if b == 180.0:
        return _ASTERN
    return (2 + min(9, int((b % 360.0) // 36.0)),)


def principal_threat(state: State, data: TEData, formation: Formation, ctx: Context) -> Formation:
    """The principal US threat to a Japanese formation (TE 3.3 Battle Movement step 1).

    The closest US formation; ties go to more ships, then the heaviest type,
    then a random choice. Single US DDs are disregarded unless no other US
    formation is within 10 hexes of any Japanese formation (then the closest
    single DD is the threat).
    """
    return _Threats(state, data).threat(state.members(formation.ships), ctx)[0]


class _Threats:
    """The US formations as the Japanese see them in one orders phase (TE 3.3 step 1).

    Ships do not move during the orders phase (only Japanese headings and orders
    change), so the candidates for principal threat, their ships and hexes are
    worked out once for all the Japanese formations.
    """

    __slots__ = ("candidates", "data", "weights")

    def __init__(self, state: State, data: TEData) -> None:
        self.data = data
        ship = data.ship
        us_forms: list[tuple[Formation, tuple[Ship, ...]]] = []
        others: list[tuple[Formation, tuple[Ship, ...]]] = []
        singles: list[tuple[Formation, tuple[Ship, ...]]] = []
        for f in state.live_formations(US):
            ships = state.members(f.ships)
            us_forms.append((f, ships))
            if len(ships) == 1 and ship(ships[0].name).rule_type == "DD":
                singles.append((f, ships))
            else:
                others.append((f, ships))
        jp_hexes = state.hexes_of(JAPAN)
        if any(_within(ships, jp_hexes, 10) for _, ships in others):
            chosen = others
        else:
            chosen = singles or us_forms
        #: (formation, its ships, their hexes, minus their number)
        self.candidates = [(f, ships, [s.hex for s in ships], -len(ships)) for f, ships in chosen]
        self.weights: dict[int, int] = {}

    def threat(
        self, jp: Sequence[Ship], ctx: Context
    ) -> tuple[Formation, tuple[Ship, ...], list[int]]:
        """The principal threat to the Japanese ships ``jp``, its ships and the
        distance from each of ``jp`` to the nearest of them."""
        jp_hexes = [s.hex for s in jp]
        # the closest, then the most ships; the heaviest type is looked up for ties only
        scored = []
        best = None
        for c in self.candidates:
            # the distance of each pair, each Japanese ship's pairs in a row
            pairs = distances(jp_hexes, c[2])
            key = (min(pairs) if pairs else 10**6, c[3])
            if best is None or key < best:
                best = key
            scored.append((key, c, pairs))
        if best is None:
            raise ValueError("min() arg is an empty sequence")  # no US formation (as before)
        tied = [(c, pairs) for key, c, pairs in scored if key == best]
        if len(tied) > 1:
            weights = self.weights
            data = self.data
            for c, _ in tied:
                if c[0].id not in weights:
                    weights[c[0].id] = heaviest_weight(c[1], data)
            top = max(weights[c[0].id] for c, _ in tied)
            tied = [(c, pairs) for c, pairs in tied if weights[c[0].id] == top]
        c, pairs = ctx.dice.choose(tied, "principal US threat (tie)", RULE)
        n = len(c[2])
        if n == 1:
            return c[0], c[1], pairs
        return c[0], c[1], [min(pairs[i : i + n]) for i in range(0, len(pairs), n)]


def _within(ships: Sequence[Ship], hexes: Iterable[Hex], limit: int) -> bool:
    """Whether some ship is within ``limit`` hexes of some hex."""
    nearest = nearest_distance(hexes, [s.hex for s in ships])
    return nearest is not None and nearest <= limit


def battle_movement(state: State, data: TEData, formation: Formation, ctx: Context) -> State:
    """Give one Japanese formation its heading and order from the display (TE 3.3)."""
    if not state.ships_of(US):
        return state
    jp_ships = state.members(formation.ships)
    if not jp_ships:
        return state
    new_ships, new_formation = _order(
        state, data, formation, jp_ships, _Threats(state, data), state.phase, ctx
    )
    return state.updated(new_ships, (new_formation,))


def japanese_orders(state: State, data: TEData, ctx: Context, phase: int) -> State:
    """Every Japanese formation's heading and order from the display (TE 3.3), in the
    order of the formations, as by :func:`battle_movement` for each in turn with the
    state's phase ``phase``: one new state for them all."""
    if not state.ships_of(US):
        return state
    threats = None
    ships: list[Ship] = []
    forms: list[Formation] = []
    for f in state.formations:
        if f.side != JAPAN:
            continue
        jp_ships = state.members(f.ships)
        if not jp_ships:
            continue
        if threats is None:
            threats = _Threats(state, data)
        new_ships, new_formation = _order(state, data, f, jp_ships, threats, phase, ctx)
        ships += new_ships
        forms.append(new_formation)
    return state.updated(ships, forms)


_ORDERS: dict[tuple[str, int], Order] = {}  # the new orders (frozen values, shared)


def _closest(ships: Sequence[Ship], dist: Sequence[int], dice: Dice, purpose: str) -> Ship:
    """The ship of ``ships`` at the least ``dist``, ties chosen at random (TE 3.3)."""
    if len(ships) == 1:
        return ships[0]
    least = min(dist)
    return dice.choose([s for s, d in zip(ships, dist, strict=True) if d == least], purpose, RULE)


def _outcome(
    entry: BMDEntry, us_heading: int, jp_heading: int, speed_now: int
) -> tuple[int, str, int, int]:
    """The heading, maneuver, turn direction and speed a Battle Movement Display entry
    gives Japanese ships on ``jp_heading`` at ``speed_now``, read off the arrow from the
    US reference ship's heading; a 180° turn costs 1 Speed, never below 1 (TE 3.3)."""
    heading = (us_heading + entry.heading) % 6
    maneuver, direction = ORDER_OF[entry.order]
    about_face = (heading - jp_heading) % 6 == 3
    speed = max(1, speed_now - 1) if about_face else speed_now
    return heading, maneuver, direction, speed


def _order(
    state: State,
    data: TEData,
    formation: Formation,
    jp_ships: tuple[Ship, ...],
    threats: _Threats,
    phase: int,
    ctx: Context,
) -> tuple[list[Ship], Formation]:
    """The ships and formation as :func:`battle_movement` changes them."""
    dice = ctx.dice
    _, us_ships, to_us = threats.threat(jp_ships, ctx)
    jref = _closest(jp_ships, to_us, dice, "Japanese reference ship (tie)")
    jq, jr = jref.hex
    uref = us_ships[0]
    if len(us_ships) > 1:
        to_jref = distances([u.hex for u in us_ships], (jref.hex,))
        uref = _closest(us_ships, to_jref, dice, "US reference ship (tie)")
    uq, ur = uref.hex
    us_heading = uref.heading
    found = _sector(jq - uq, jr - ur, us_heading)
    sid = found[0]
    if len(found) > 1:  # dead ahead or astern: on the line between two sectors
        sid = dice.choose(found, "Battle Movement Display sector (on the line between two)", RULE)
    sec = data.bmd[sid]
    ship = data.ship
    heavy = any([ship(s.name).heavy for s in jp_ships])  # is_heavy_formation(), inlined
    first = 1 if phase < 3 else 4  # orders after the third Movement Phase last 4-6 (TE 3.1 J)
    hexes = list(dict.fromkeys([s.hex for s in jp_ships]))  # each once: all take one heading
    speed_now = formation.speed
    jp_heading = jref.heading
    moves_at: dict[int, tuple[int, ...]] = {}

    known: dict[tuple[int, str], bool] = {}  # an outcome depends on the arrow and order only

    def stays(entry: BMDEntry, outcome: tuple[int, str, int, int]) -> bool:
        # ``outcome`` is _outcome(entry, ...), passed in: a function named both here and
        # in _order would keep the compiled build's nested functions in a reference cycle
        # (docs/performance.md, "Ninth round")
        found = known.get((entry.heading, entry.order))
        if found is None:
            heading, maneuver, direction, speed = outcome
            moves = moves_at.get(speed)
            if moves is None:
                moves = moves_at[speed] = (
                    data.moves(speed, first),
                    data.moves(speed, first + 1),
                    data.moves(speed, first + 2),
                )
            found = known[entry.heading, entry.order] = japanese_order_stays_on_map(
                hexes, heading, maneuver, direction, moves
            )
        return found

    entries = sec.heavy if heavy else sec.light
    any_stays: bool | None = None  # whether some entry keeps the ships on, asked once
    while True:
        roll = dice.d10("Battle Movement Display", RULE)
        if roll == 1:
            continue  # the Basic Game rerolls 1s (TE 3.3)
        entry = sec.entry(heavy, roll)
        outcome = _outcome(entry, us_heading, jp_heading, speed_now)
        if stays(entry, outcome):
            break
        if any_stays is None:
            any_stays = any(
                stays(e, _outcome(e, us_heading, jp_heading, speed_now)) for e in entries
            )
        if not any_stays:
            break  # every entry takes a ship off the map: the roll stands
        ctx.log("order_rerolled", f"{entry.order} would take a ship off the map: roll again", RULE)
    heading, maneuver, direction, speed = outcome
    new_ships = [s if s.heading == heading else s.replace(heading=heading) for s in jp_ships]
    order = _ORDERS.get((maneuver, direction))
    if order is None:
        order = _ORDERS[maneuver, direction] = Order(maneuver, direction, phases_left=3)

    def text() -> str:
        band = "blue (heavy)" if heavy else "red (light)"
        names = ", ".join(s.name for s in jp_ships)
        return (
            f"{names}: threat {', '.join(s.name for s in us_ships)}; reference ships "
            f"{jref.name} and {uref.name} ({te_label(uref.hex)}); sector {sec.id}, {band} "
            f"band, roll {roll} -> heading {HEADINGS[heading]}, {order.label}"
            + (f"; 180° turn: Speed {speed_now} -> {speed}" if speed != speed_now else "")
        )

    ctx.log(
        "japanese_order",
        text,
        RULE,
        formation=formation.id,
        sector=sec.id,
        roll=roll,
        heading=heading,
        order=entry.order,
        reference=jref.name,
        us_reference=uref.name,
    )
    return new_ships, formation.replace(order=order, speed=speed)


__all__ = [
    "battle_movement",
    "japanese_orders",
    "moving_phases",
    "principal_threat",
    "sector",
    "sectors",
    "turn",
]
