"""The kinds of event a Great War at Sea 1904 battle logs (``event_kinds`` of the game).

The core kinds (:mod:`navalwar.events`) with the keys this game adds, then the game's
own. A ship is named by its key (``"J:B06"``; a squadron member ``"J:DD-Ikazuchi#1.2"``)
and a counter by its key (``"J:B06"``, ``"J:DD-Ikazuchi#1"``), as in the observations.
Hidden information (7.23): what happens to a face-down counter is told to its owner
only (the event's ``sides``); its enemy gets ``counters_moved``, which names it by its
opaque id (``Battle.opaque_id``) only.

A ship's data sheet is its owner's secret (3.1 "players may not examine the opponent's
sheets"; notes §7.1, §7.3): the firing player's hit and damage-table rolls are public,
what the sheet makes of them (armour, boxes, speed, torpedoes, commander, the 8.21 and
8.3 rolls) is told to the owner only, and the firer learns ``hit_result`` (effect or no
effect, option ``hit_effects``). Sinking and being unable to sail are seen by both. The
mine rolls, emergency repairs and battle fuel are the owner's too. The readings, kind by
kind: ``docs/rules/gwas_1904.md`` "Who sees what".
"""

from __future__ import annotations

from navalwar import events as core
from navalwar.events import EventKind

SHIP = "the ship's key"
SHIPS = "the ships' keys"
HEX = "a hex label (``J11``)"
CHECK = {
    "roll": "the die (or dice) as rolled",
    "modifier": "the net modifier",
    "need": "the modified total that succeeds",
}
PARTS = "``primary``, ``secondary``, ``tertiary``, ``hull`` or ``torpedo``"

_SETUP = (
    EventKind(
        "set_up",
        "The battle is set up: on the tactical map, or in Basic Combat (chosen before play).",
        {
            "scenario": "the scenario's title",
            "combat": "the option: ``advanced`` (the map) or ``basic``",
        },
        "GWaS 7.2, 3.2, 6.0",
    ),
    EventKind(
        "initiative",
        "A side holds the initiative for an impulse (rolled, or fixed by the scenario).",
        {"impulse": "the impulse", "side": "the side that holds it"},
        "GWaS 7.1, 16.2",
        {"roll": "Japan's d6, when rolled", "modifier": "the commanders' modifier, when rolled"},
    ),
    EventKind(
        "placed",
        "A counter is set up face down (told to its owner only).",
        {"counter": "the counter's key", "hex": HEX},
        "GWaS 7.2",
    ),
    core.FLAGSHIP.extend(
        keys={"ship": "the flagship's key", "side": "whose commander"},
        meaning="A commander hoists his flag (told to his side only).",
        rule="GWaS 16.1",
    ),
    EventKind("set_up_done", "Every counter is placed face down.", rule="GWaS 7.2, 7.23"),
)

_MOVEMENT = (
    EventKind(
        "group_moved",
        "A group of ships moves one hex (told to its owner only while a ship in it is face down).",
        {"ships": SHIPS, "from": HEX, "to": HEX},
        "GWaS 7.32",
    ),
    EventKind(
        "counters_moved",
        "What the enemy sees of a move of face-down counters.",
        {
            "side": "the counters' side",
            "counters": "their opaque ids",
            "from": HEX + " the move starts from",
            "to": "where to, as the enemy sees it: a hex label, ``exit:EDGE``, "
            "``beach:HEX``, or the heading of a scenario formation",
        },
        "GWaS 7.23",
    ),
    EventKind(
        "formation_moved",
        "A scenario formation moves one hex.",
        {"side": "its side", "direction": "the hex direction, 0-5", "heading": "its name"},
        "GWaS scenario formation (notes A-37)",
    ),
    EventKind(
        "detached",
        "Counters are detached from a group and left behind.",
        {"counters": "the counters' keys"},
        "GWaS 7.3 (volume), 7.35",
    ),
    EventKind("beached", "Ships are run ashore.", {"ships": SHIPS, "hex": HEX}, "GWaS 7.44"),
    EventKind(
        "left_map",
        "Ships leave the map out of sight of the enemy, for good.",
        {"ships": SHIPS, "edge": "the map edge"},
        "GWaS 7.33",
    ),
    EventKind(
        "battle_shifted",
        "Ships leave by an edge in sight of the enemy: every other ship moves one hex "
        "away from it (or nothing moves when the battle fills the map).",
        {"edge": "the map edge", "shifted": "whether the other ships moved"},
        "GWaS 7.33",
    ),
    EventKind(
        "seamanship",
        "A Russian group of 5 or more ships rolls for seamanship.",
        {"ships": SHIPS, **CHECK, "met": "the group cannot move this step"},
        "GWaS 19.5",
    ),
    EventKind(
        "tow",
        "A ship takes another in tow or casts it off.",
        {"ship": "the towing ship's key", "towed": "the towed ship's key", "cast_off": "cast off"},
        "GWaS 11.21-11.26",
    ),
    EventKind(
        "grounding",
        "A ship entering a hex with land makes a grounding check.",
        {"ship": SHIP, "hex": HEX, **CHECK, "aground": "the ship runs aground"},
        "GWaS 7.42",
    ),
    EventKind(
        "break_out",
        "A scenario's formation may break up.",
        {
            "side": "the side that may break formation",
            "near": "its ships within main-gun range of the enemy",
            "follow": "the other side may then break formation too",
        },
        "the scenario's break-out (notes A-37)",
    ),
    EventKind(
        "scripted",
        "A scenario's scripted ships (the transports) sail on.",
        {"goal": "the hex they sail towards"},
        "the scenario's special rules",
    ),
)

_COMBAT = (
    EventKind(
        "attack",
        "A ship fires a battery, or its torpedoes, at a target: the hit dice.",
        {
            "ship": "the firing ship's key",
            "target": "the counter fired at (Basic Combat: the ship)",
            "weapon": "``primary``, ``secondary``, ``tertiary`` or ``torpedo``",
            "factors": "the firepower (or torpedo) factors fired: one die each",
            "modifier": "the die modifier",
            "need": "the modified roll that hits",
            "rolls": "the dice",
            "hits": "the hits",
        },
        "GWaS 7.5, 7.81, 6.1",
        {
            "distance": "the range in hexes (the tactical map)",
            "printed": "the printed firepower, when the ship's ER lowers it (Basic Combat, 19.2)",
        },
    ),
    EventKind(
        "attack_lost",
        "A ship's fire or torpedoes run at a target already sunk: lost (torpedoes spent).",
        {
            "ship": "the firing ship's key",
            "target": "the target",
            "weapon": "``torpedo``, or ``guns`` (Basic Combat: every battery)",
        },
        "GWaS 7.84, 6.1",
    ),
    EventKind(
        "damage_roll",
        "A hit (or a mine strike) is rolled on a damage table, the result as printed; the "
        "effects follow. Public: the firing player rolls it (notes §7.3); a mine strike "
        "is told to the ship's owner only.",
        {
            "ship": "the ship hit",
            "table": "``gunnery``, ``torpedo``, ``critical`` or ``minefield``",
            "roll": "the roll",
            "result": "the table's result as printed",
            "boxes": "the boxes the result names, by part (" + PARTS + ")",
            "speed": "the speed levels it takes",
            "unable": "it makes the ship unable to sail",
            "critical": "it calls for a Critical Damage roll",
            "sunk": "it sinks the ship",
        },
        "GWaS 7.5, 7.82, 8.7, 13.21",
    ),
    EventKind(
        "hit_ignored",
        "A hit on a part the ship lacks (or has lost) has no effect, or a critical from "
        "auxiliary guns is ignored (told to its owner only, 3.1).",
        {"ship": SHIP, "gun": "the gun (or ``torpedo``)", "part": PARTS + ", or ``critical``"},
        "GWaS 8.6, 8.61, 8.62, 8.7",
    ),
    EventKind(
        "hit_stopped",
        "Armour stops a hit (told to its owner only, 3.1).",
        {"ship": SHIP, "gun": "the gun", "part": PARTS, "armour": "``heavy`` or ``light``"},
        "GWaS 8.2, 8.4",
    ),
    core.SHIP_DAMAGED.extend(
        meaning="A ship's boxes are blacked out (told to its owner only, 3.1).",
        keys={
            "ship": SHIP,
            "part": PARTS,
            "boxes": "boxes blacked out",
            "cause": "``hit``, ``additional`` (8.3), or the rule of a hull loss",
        },
        rule="GWaS 8.0, 8.3",
    ),
    EventKind(
        "torpedoes_destroyed",
        "A ship's torpedo tubes are destroyed (told to its owner only, 3.1).",
        {"ship": SHIP},
        "GWaS 8.62",
    ),
    EventKind(
        "speed_lost",
        "A ship loses speed levels (told to its owner only: the enemy sees it move, notes §7.3).",
        {
            "ship": SHIP,
            "levels": "how many",
            "cause": "``hit`` (a table result) or ``half_hull`` (half its hull boxes lost, 8.51)",
        },
        "GWaS 8.5, 8.51",
    ),
    EventKind(
        "unable_to_sail",
        "A ship is made unable to sail, by a table result or its last speed level lost "
        "(seen by both: the firer's +1 to hit it, 7.5, 7.81; mines: its owner only).",
        {"ship": SHIP},
        "GWaS 8.5, 7.5",
    ),
    EventKind(
        "hit_result",
        "What the firing player learns of a hit: whether it had an effect (option "
        "``hit_effects``), never which boxes.",
        {"ship": SHIP, "effect": "it blacked out a box or changed the ship in any way"},
        "GWaS 8.2 (its example), notes §7.3",
    ),
    EventKind(
        "commander_killed",
        "The commander aboard a ship is killed (told to its owner only: the enemy may see "
        "his initiative modifier go, 16.2).",
        {"ship": SHIP},
        "GWaS 8.7",
    ),
    EventKind(
        "minefield",
        "A ship rolls for crossing minefields (told to its side only).",
        {"ship": SHIP, "fields": "how many minefields", **CHECK, "strike": "a mine strike"},
        "GWaS 13.2",
    ),
)

_AFTER = (
    core.SHIP_SUNK.extend(keys={"ship": SHIP}, rule="GWaS 8.0, 13.21"),
    EventKind(
        "repair",
        "A ship unable to sail rolls for emergency repairs (told to its owner only; notes §7.2).",
        {
            "ship": SHIP,
            "roll": "the d6",
            "result": "``repaired`` (speed 1s), ``not_repaired`` or ``no_more`` (5-6: no "
            "more attempts)",
        },
        "GWaS 11.27",
    ),
)

_BASIC = (
    EventKind(
        "basic_round",
        "A Basic Combat round begins.",
        {"round": "its number", "range": "``long`` or ``close``"},
        "GWaS 6.1",
    ),
    EventKind(
        "basic_range_stated",
        "A side states the range it wants (told to that side only, until both have stated).",
        {"side": "the side", "want": "what it wants"},
        "GWaS 6.2",
    ),
    EventKind(
        "basic_range_statements",
        "Both sides' range statements are revealed.",
        {"japan": "Japan's", "russia": "Russia's"},
        "GWaS 6.2",
    ),
    EventKind(
        "basic_range",
        "Who decides the range, and the range it becomes.",
        {},
        "GWaS 6.2",
        {
            "decider": "the side that decides, when the statements differ",
            "japan": "Japan's roll, when neither side is faster",
            "russia": "Russia's roll, when neither side is faster",
            "range": "the new range, when it changes",
        },
    ),
)

_END = (
    EventKind(
        "long_battle",
        "The battle goes into a second impulse (the fleets move one sea area less next turn).",
        rule="GWaS 7.38",
    ),
    EventKind(
        "battle_end",
        "The battle ends.",
        {
            "reason": "``no_ships`` (a side has none left), ``time`` (the scenario's length), "
            "``out_of_sight``, ``disengaged`` or ``no_attack`` (Basic Combat: neither side "
            "can attack and neither closes)"
        },
        "GWaS 7.36, 6.0, 6.2",
        {
            "impulse": "the last impulse (the tactical map)",
            "round": "the last round (Basic Combat)",
            "disengaged": "the sides that disengaged (Basic Combat)",
        },
    ),
    EventKind(
        "fuel",
        "The fuel a fleet used in the battle (told to its side only; notes §7.1).",
        {"side": "its side", "fleet": "the fleet", "twelfths": "twelfths of a fuel box"},
        "GWaS 7.39",
    ),
    core.GAME_OVER.extend(
        keys={
            "winner": "the winning side, or null",
            "scores": "Victory Points by side (as ``Outcome.to_json``)",
        },
        rule="GWaS Victory Points schedule",
    ),
)

EVENT_KINDS: tuple[EventKind, ...] = (*_SETUP, *_MOVEMENT, *_COMBAT, *_AFTER, *_BASIC, *_END)
"""Every kind a GWaS 1904 battle logs, besides ``dice_rolled``."""

COMBAT_KINDS = frozenset(k.name for k in _COMBAT)
"""The kinds of fire, damage and mine rolls (one ``combat`` kind before they carried data)."""
