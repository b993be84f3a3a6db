"""Every kind of event Sub Hunt logs, and the keys of its data, declared once.

The shared kinds (``turn_began``, ``ship_placed``, ``ship_moved``, ``ship_damaged``,
``ship_sunk``, ``game_over``, ``dice_rolled``) extend the core's own
(``navalwar.events.CORE_KINDS``), keeping their keys; the others are Sub Hunt's.
:data:`EVENT_KINDS` is :attr:`SubHunt.event_kinds`.
"""

from __future__ import annotations

from navalwar.events import (
    DICE_ROLLED,
    GAME_OVER,
    SHIP_DAMAGED,
    SHIP_MOVED,
    SHIP_PLACED,
    SHIP_SUNK,
    TURN_BEGAN,
    EventKind,
)

SHIP = "the ship: Destroyer or Submarine"

EVENT_KINDS: tuple[EventKind, ...] = (
    DICE_ROLLED.extend(
        meaning="A die was rolled; the umpire's (SH 8.1, 9.2) are the Submarine's only.",
        rule="SH 2.1",
    ),
    TURN_BEGAN.extend(meaning="A turn begins.", rule="SH 4.0"),
    SHIP_PLACED.extend(
        {"ship": SHIP},
        meaning="A ship is set up: the destroyer in public, the submarine privately.",
        rule="SH 3.1, 3.2",
    ),
    SHIP_MOVED.extend(
        {"ship": SHIP},
        meaning="A ship moves or stays; the submarine's moves are the Submarine's only.",
        rule="SH 5.1, 7.1",
    ),
    SHIP_DAMAGED.extend(
        {"ship": SHIP},
        {"hull": "the destroyer's hull boxes left"},
        meaning="The destroyer is hit by a torpedo, or the submarine damaged by depth charges.",
        rule="SH 6.3, 9.2",
    ),
    SHIP_SUNK.extend({"ship": SHIP}, meaning="A ship sinks (the destroyer) or is destroyed."),
    GAME_OVER.extend(meaning="The game ends.", rule="SH 10"),
    EventKind(
        "sub_revealed",
        "A rule reveals the submarine's hex: it becomes the contact.",
        {"hex": "the submarine's hex"},
        "SH 6.2, 8.2, 9.3",
    ),
    EventKind(
        "sub_held_fire", "The submarine fires no torpedo (the Submarine's only).", {}, "SH 6.1"
    ),
    EventKind("torpedo_missed", "A torpedo misses.", {}, "SH 6.3"),
    EventKind("sonar_no_contact", "The sonar search finds nothing.", {}, "SH 8.2"),
    EventKind(
        "depth_charges_dropped", "A pattern is dropped.", {"hex": "the target hex"}, "SH 9.1"
    ),
    EventKind("depth_charges_no_result", "A pattern brings up nothing.", {}, "SH 9.3"),
    EventKind("depth_charges_held", "The destroyer drops no pattern this turn.", {}, "SH 9.1"),
    EventKind("turn_limit", "The last turn is over.", {}, "SH 10.3"),
)
"""What Sub Hunt logs, in the order of play: each kind's meaning, keys and rule."""
