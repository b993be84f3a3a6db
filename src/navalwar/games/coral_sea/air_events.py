"""The event kinds of Coral Sea's air operations (9.0, 10.0, 13.0, 17.0, 21.0, 26.0).

Scouting checks (12.2) are logged by the reconnaissance rules (``recon_check``), TF
counters placed to launch or land (13.B) as the spine's ``tf_counter_placed``.

Public unless marked private: what happens to counters aboard ships in a TF is seen by
their owner only (11.D), and so is everything about CAP until its reveal (10.B, 10.E).
"""

from __future__ import annotations

from navalwar.events import EventKind

_SIDE = "the side"
_IDS = "the counters' ids"

AIRCRAFT_READIED = EventKind(
    "aircraft_readied",
    "Down counters at a base are made ready (private when the base is a ship in a TF).",
    {"side": _SIDE, "base": "the base or ship", "aircraft": _IDS},
    "9.B",
)
CAP_COMMITTED = EventKind(
    "cap_committed",
    "Private: the counters a side commits to CAP, over their bases.",
    {"side": _SIDE, "aircraft": _IDS, "bases": "base or ship -> how many"},
    "10.A",
)
CAP_DECLARED = EventKind(
    "cap_declared",
    "A side has recorded its CAP commitments (nothing of them is shown).",
    {"side": _SIDE},
    "10.B",
)
CAP_REVEALED = EventKind(
    "cap_revealed",
    "A side's CAP is revealed and lands: how many counters, over which fields, and how "
    "many over ships at sea.",
    {
        "side": _SIDE,
        "count": "counters on CAP",
        "fields": "field -> counters",
        "at_sea": "counters",
    },
    "10.E",
)
AIRCRAFT_FLEW = EventKind(
    "aircraft_flew",
    "A counter flies to its target hex on a mission (13.C).",
    {
        "side": _SIDE,
        "aircraft": "the counter's id",
        "model": "its model",
        "mission": "its mission",
        "from": "the hex it took off from (a TF's counter, never its hidden true hex)",
        "path": "the hexes entered, target last",
        "extended": "extended range declared (26.1)",
    },
    "13.C",
)
AIR_MOVES_ENDED = EventKind(
    "air_moves_ended",
    "A side ends its moves in an Air Movement Phase (13.C, 13.E).",
    {"side": _SIDE},
    "13.E",
)
SCRAMBLE = EventKind(
    "scramble_limited",
    "Private to the defender: how many ready counters of a base under attack may fly "
    "(13.G; the count uses its secret CAP).",
    {
        "side": _SIDE,
        "base": "the base or ship",
        "attackers": "counters",
        "cap": "counters",
        "may_fly": "counters (-1: all)",
    },
    "13.G",
)
AIRCRAFT_LANDED = EventKind(
    "aircraft_landed",
    "A counter returns and lands, down (13.D, 9.A): at a field by name, aboard a ship "
    "in a TF only as the hex of its TF counter.",
    {"side": _SIDE, "aircraft": "the counter", "path": "the hexes entered", "hex": "where"},
    "13.D",
    {"base": "the field or open ship (not a ship in a TF)"},
)
LANDED_ABOARD = EventKind(
    "aircraft_landed_aboard",
    "Private: the ship in a TF a counter landed on (or appeared on) .",
    {"side": _SIDE, "aircraft": "the counter", "ship": "the ship"},
    "13.D",
)
STAYED_ALOFT = EventKind(
    "aircraft_stayed_aloft",
    "A long-range counter stays airborne into the next turn (26.2.A).",
    {"side": _SIDE, "aircraft": "the counter", "path": "the hexes entered", "hex": "where"},
    "26.2",
)
AIRCRAFT_LOST = EventKind(
    "aircraft_eliminated",
    "A counter is lost outside combat (no base in reach, A26; its CAP base gone, A15; a "
    "squall, 26.2.C): to the limbo pile or permanently destroyed.",
    {"side": _SIDE, "aircraft": "the counter", "pile": "'limbo' or 'destroyed'", "why": "text"},
)
AIRCRAFT_REPLACED = EventKind(
    "aircraft_replaced",
    "One pair of the limbo cull: a counter returns to play, down, and one of its type is "
    "permanently destroyed (17.B-D).",
    {"side": _SIDE, "returned": "the counter", "destroyed": "the counter", "type": "type code"},
    "17.B",
    {"base": "where it appears (not named when a ship in a TF)", "hex": "the base's air point"},
)
USAAF_ROLLED = EventKind(
    "usaaf_committed",
    "The USAAF Commitment Table is consulted (21.C): what is granted.",
    {"roll": "the die", "grants": "[model, count, temporary] lines"},
    "21.C",
)
USAAF_PLACED = EventKind(
    "usaaf_placed",
    "A USAAF counter appears ready at an Australian mainland airfield (21.C).",
    {
        "aircraft": "the new counter",
        "model": "its model",
        "base": "the field",
        "temporary": "on loan (21.D)",
    },
    "21.C",
)
USAAF_LOST = EventKind(
    "usaaf_grant_lost",
    "USAAF counters granted that no Australian mainland airfield has room for (8.C).",
    {"grants": "[model, temporary] of each counter lost"},
    "21.C",
)
USAAF_RETURNED = EventKind(
    "usaaf_returned",
    "The temporary USAAF counters' return is declared; they leave the board (21.E).",
    {"aircraft": _IDS},
    "21.E",
)

EVENT_KINDS: tuple[EventKind, ...] = (
    AIRCRAFT_READIED,
    CAP_COMMITTED,
    CAP_DECLARED,
    CAP_REVEALED,
    AIRCRAFT_FLEW,
    AIR_MOVES_ENDED,
    SCRAMBLE,
    AIRCRAFT_LANDED,
    LANDED_ABOARD,
    STAYED_ALOFT,
    AIRCRAFT_LOST,
    AIRCRAFT_REPLACED,
    USAAF_ROLLED,
    USAAF_PLACED,
    USAAF_LOST,
    USAAF_RETURNED,
)
