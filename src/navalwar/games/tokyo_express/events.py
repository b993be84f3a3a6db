"""The kinds of event a Tokyo Express match logs (``TokyoExpress.event_kinds``).

The core kinds (:mod:`navalwar.events`) with the keys this game adds, then the game's
own. A ship is named by its name (every ship is known in the Basic Game, TE 3.5); a
formation by its number.
"""

from __future__ import annotations

from navalwar import events as core
from navalwar.events import EventKind

NAME = "the ship's name"
FORMATION = "the formation's number"

EVENT_KINDS: tuple[EventKind, ...] = (
    core.TURN_BEGAN.extend(rule="TE 3.1"),
    core.PHASE_BEGAN.extend(
        keys={"step": "the step's id in the sequence of play (``activity.move1.combat`` ...)"},
        rule="TE 3.1",
    ),
    core.SHIP_PLACED.extend(keys={"ship": NAME, "hex": "its hex label"}, rule="TE 3.9"),
    core.FLAGSHIP.extend(keys={"ship": "the US flagship's name"}, rule="TE 3.9"),
    EventKind("chit_drawn", "An Action Chit is drawn.", {"chit": "the chit"}, "TE 3.1"),
    EventKind(
        "formation",
        "A formation is formed (or a ship stopped at the map edge becomes one).",
        {"formation": FORMATION, "ships": "its ships' names"},
        "TE 3.2, 3.4",
        {"speed": "its Speed (the Japanese formations)"},
    ),
    EventKind(
        "speed",
        "A US formation's Speed is set.",
        {"formation": FORMATION, "speed": "the Speed"},
        "TE 3.2",
    ),
    EventKind(
        "us_order",
        "A US formation is given its order (or a new one by Freedom of Action).",
        {"formation": FORMATION, "order": "the order"},
        "TE 3.3",
    ),
    EventKind(
        "freedom_of_action",
        "A US formation rolls for Freedom of Action.",
        {
            "formation": FORMATION,
            "roll": "the d10",
            "modifier": "the modifier",
            "result": "the result",
        },
        "TE 3.3",
    ),
    EventKind(
        "japanese_order",
        "The Battle Movement Display gives a Japanese formation its heading and order.",
        {
            "formation": FORMATION,
            "heading": "the new heading",
            "order": "the order",
            "reference": "the Japanese reference ship",
            "us_reference": "the US reference ship",
            "sector": "the display's sector",
            "roll": "the d10",
        },
        "TE 3.3 (Battle Movement Display)",
    ),
    EventKind(
        "order_rerolled",
        "A Japanese order that would take a ship off the map is rolled again.",
        rule="TE 3.3 (Battle Movement Display)",
    ),
    EventKind(
        "japanese_turn",
        "A Japanese formation's 60° turn at the end of the third phase.",
        {},
        "TE 3.3",
        {"roll": "the d10, when the turn is rolled"},
    ),
    EventKind(
        "ship_turned",
        "Ships turn to a new heading.",
        {"ships": "the ships' names", "heading": "the new heading"},
        "TE 3.3",
    ),
    core.SHIP_MOVED.extend(
        keys={"ship": NAME, "to": "the hex it ends in", "hexes": "hexes moved"}, rule="TE 3.4"
    ),
    EventKind(
        "ship_blocked",
        "A US ship cannot enter a hex (two US ships at most) and waits.",
        {"ship": NAME, "hex": "the hex"},
        "TE 3.4",
    ),
    EventKind(
        "turn_postponed",
        "Ships stopped at the map edge cannot turn yet.",
        {"ships": "their names"},
        "TE 3.4",
    ),
    EventKind(
        "map_slide",
        "Every ship slides away from the map edge (the map is moved).",
        {"hexes": "how far"},
        "TE 3.9",
    ),
    EventKind(
        "map_edge_stop",
        "No slide fits: a ship stops at the map edge.",
        {"ship": NAME},
        "TE 3.9",
    ),
    EventKind(
        "fire_allocation",
        "A ship's fire is allocated (or held).",
        {"ship": NAME},
        "TE 3.6, 3.7",
        {"target": "the target's name (a torpedo allocation)"},
    ),
    EventKind(
        "torpedo_attack",
        "A torpedo attack is resolved on the Torpedo Table.",
        {"target": "the target's name", "total": "the attack value", "result": "the result"},
        "TE 3.6",
        {
            "roll": "the d10, when rolled",
            "damage": "the damage points",
            "stern": "a stern attack",
        },
    ),
    EventKind(
        "gunnery_attack",
        "A gunnery attack is resolved on a Gunnery Card.",
        {
            "attacker": "the firing ship's name",
            "target": "the target's name",
            "card": "the Gunnery Card",
            "damage": "the damage points",
        },
        "TE 3.7",
        {"row": "the card's row (absent when below the lowest row)"},
    ),
    core.SHIP_DAMAGED.extend(
        keys={"ship": NAME, "hits": "its hits now", "boxes": "its Damage Boxes"}, rule="TE 3.8"
    ),
    EventKind(
        "damage_level",
        "A ship reaches a Damage Level (its Current Step).",
        {"ship": NAME, "level": "the level"},
        "TE 3.8",
    ),
    EventKind("sinking", "A ship is sinking.", {"ship": NAME}, "TE 3.8"),
    EventKind(
        "salvo_lost",
        "A Damage Level destroys an unfired torpedo salvo.",
        {"ship": NAME, "level": "the Damage Level"},
        "TE 3.8",
    ),
    EventKind(
        "damage_marker",
        "A ship's Damage marker takes effect.",
        {"ship": NAME, "level": "the level"},
        "TE 3.8",
    ),
    core.SHIP_SUNK.extend(keys={"ship": NAME}, rule="TE 3.8"),
    EventKind(
        "speed_reduced",
        "A damaged ship's maximum Speed falls.",
        {"ship": NAME, "speed": "the new maximum"},
        "TE 3.8",
    ),
    EventKind("admiral_killed", "The US admiral is killed with his flagship.", rule="TE 3.9"),
    EventKind(
        "forced_choice",
        "A decision with one legal choice is taken without asking (its rule is the decision's).",
    ),
    core.GAME_OVER.extend(
        keys={"us": "the US Victory Points", "japan": "the Japanese Victory Points"},
        rule="TE 3.9",
    ),
)
"""Every kind a Tokyo Express match logs, besides ``dice_rolled``."""
