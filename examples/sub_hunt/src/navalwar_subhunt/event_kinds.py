"""Every kind of event Sub Hunt logs, and the keys of its data, declared once.

The shared kinds (``turn_began``, ``ship_placed``, ``ship_moved``, ``ship_damaged``,
``ship_sunk``, ``game_over``, ``dice_rolled``) have the names and keys of the core's
vocabulary of event kinds (issue 16 item 3); the others are Sub Hunt's own.
:func:`declared` gives them as ``navalwar.events.EventKind`` s where navalwar has that
class, for :attr:`SubHunt.event_kinds`.
"""

from __future__ import annotations

from typing import Any

from navalwar import events

#: name -> (meaning, keys, optional keys, rule); ``ship`` is "Destroyer" or "Submarine"
KINDS: dict[str, tuple[str, dict[str, str], dict[str, str], str]] = {
    "dice_rolled": (
        "A die was rolled; the umpire's (SH 8.1, 9.2) are the Submarine's only.",
        {"die": "the die", "value": "what it shows", "purpose": "what it was rolled for"},
        {},
        "SH 2.1",
    ),
    "turn_began": ("A turn begins.", {"turn": "its number"}, {}, "SH 4.0"),
    "ship_placed": (
        "A ship is set up: the destroyer in public, the submarine privately.",
        {"ship": "the ship", "hex": "its hex"},
        {},
        "SH 3.1, 3.2",
    ),
    "ship_moved": (
        "A ship moves or stays; the submarine's moves are the Submarine's only.",
        {"ship": "the ship", "to": "the hex it ends in"},
        {},
        "SH 5.1, 7.1",
    ),
    "ship_damaged": (
        "The destroyer is hit by a torpedo, or the submarine damaged by depth charges.",
        {"ship": "the ship"},
        {"hull": "the destroyer's hull boxes left"},
        "SH 6.3, 9.2",
    ),
    "ship_sunk": ("A ship sinks (the destroyer) or is destroyed.", {"ship": "the ship"}, {}, ""),
    "game_over": (
        "The game ends.",
        {"level": "the level of victory, as Outcome.level"},
        {},
        "SH 10",
    ),
    "sub_revealed": (
        "A rule reveals the submarine's hex: it becomes the contact.",
        {"hex": "the submarine's hex"},
        {},
        "SH 6.2, 8.2, 9.3",
    ),
    "sub_held_fire": ("The submarine fires no torpedo (the Submarine's only).", {}, {}, "SH 6.1"),
    "torpedo_missed": ("A torpedo misses.", {}, {}, "SH 6.3"),
    "sonar_no_contact": ("The sonar search finds nothing.", {}, {}, "SH 8.2"),
    "depth_charges_dropped": ("A pattern is dropped.", {"hex": "the target hex"}, {}, "SH 9.1"),
    "depth_charges_no_result": ("A pattern brings up nothing.", {}, {}, "SH 9.3"),
    "depth_charges_held": ("The destroyer drops no pattern this turn.", {}, {}, "SH 9.1"),
    "turn_limit": ("The last turn is over.", {}, {}, "SH 10.3"),
}


def declared() -> tuple[Any, ...]:
    """:data:`KINDS` as ``navalwar.events.EventKind`` s (none where navalwar has no such
    class: main before issue 16 item 3), each core kind extended from the core's own."""
    kind_class = getattr(events, "EventKind", None)
    if kind_class is None:
        return ()
    core = {k.name: k for k in getattr(events, "CORE_KINDS", ())}
    out = []
    for name, (meaning, keys, optional, rule) in KINDS.items():
        base = core.get(name)
        if base is not None:
            out.append(base.extend(keys=keys, optional=optional, rule=rule, meaning=meaning))
        else:
            out.append(kind_class(name, meaning, keys, rule, optional))
    return tuple(out)
