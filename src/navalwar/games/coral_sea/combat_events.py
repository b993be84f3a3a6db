"""The event kinds the Combat Phase logs (25.0); csgame's ``events.py`` gathers them."""

from __future__ import annotations

from navalwar.events import SHIP_DAMAGED, SHIP_SUNK, EventKind

COMBAT_BEGAN = EventKind(
    "combat_began",
    "Combat begins in a contact hex (7.4, 25.B).",
    {"hex": "the hex label", "attacker": "the attacking side (notes A46)"},
    "25.B",
)
COMPONENTS_REVEALED = EventKind(
    "components_revealed",
    "An attacked task force's ships are revealed to the attacker (11.D; notes A17); not"
    " its id, which stays its owner's (11.C, 11.E).",
    {"side": "its owner", "ships": "its ships afloat in the hex"},
    "11.D",
)
AIR_ENGAGEMENT = EventKind(
    "air_engagement",
    "Two waves fight (25.1.2.B-C): the odds and the losses each takes.",
    {
        "attacking": "the attacking wave's counters",
        "defending": "the defending wave's counters",
        "odds": "[attack column, counterattack column] (null: no attack)",
        "losses": "[attacking wave's losses, defending wave's losses]",
    },
    "25.1.2",
)
COMBAT_LOSSES = EventKind(
    "combat_losses",
    "Counters chosen by their owner are lost (25.1.2.C, 25.2.2.D).",
    {"aircraft": "the counters", "fate": "``limbo`` or ``destroyed``", "cause": "air or AA"},
)
AIRCRAFT_DESTROYED = EventKind(
    "aircraft_destroyed",
    "Counters aboard a ship or on a base are destroyed or sent to limbo.",
    {"aircraft": "the counters", "where": "the ship or base", "fate": "``limbo`` or ``destroyed``"},
)
ABORTED = EventKind(
    "aborted",
    "Counters without a bomb factor leave their waves at the wrap-up (25.1.3).",
    {"aircraft": "the counters"},
    "25.1.3",
)
SCREEN_FORMED = EventKind(
    "screen_formed",
    "A TF's AA formation, shown to the attacker (25.2.2.A; notes A17); not its id (11.E).",
    {"screen": "screen ships", "main": "main-body ships"},
    "25.2.2.A",
)
TARGET_DESIGNATED = EventKind(
    "target_designated",
    "A wave names its target (25.2.2.B, 25.3.B).",
    {"wave": "the wave's counters", "target": "a ship, airfield:<base> or ground:<base>"},
    "25.2",
)
AA_FIRE = EventKind(
    "aa_fire",
    "A ship or airfield fires AA at a wave (25.2).",
    {"by": "the ship or base", "losses": "counters the wave loses"},
    "25.2",
)
BOMBING = EventKind(
    "bombing",
    "A wave or a counter bombs its target (25.3, 14.1).",
    {
        "by": "the counters",
        "mission": "level, dive or torpedo",
        "target": "the target",
        "result": "hits, or the airfield result",
    },
    "25.3",
)
SURFACE_MOVEMENT = EventKind(
    "surface_movement",
    "A surface round's movement: whose choice counts and the new range (25.4.2).",
    {
        "choices": "side -> its written choice",
        "chosen": "the side whose choice counts",
        "range": "the new range band, null when the action ends",
    },
    "25.4.2",
)
GUNFIRE = EventKind(
    "gunfire",
    "A ship's battery fires at a target (25.4.3-25.4.4).",
    {
        "ship": "the firer",
        "battery": "intermediate or secondary",
        "target": "the target",
        "ranging": "the +1 ranging DRM applied",
        "hits": "[flotation, gunnery]",
    },
    "25.4.3",
)
TORPEDOES = EventKind(
    "torpedoes",
    "A ship fires its torpedoes (25.4.6).",
    {"ship": "the firer", "target": "the target", "hits": "flotation hits"},
    "25.4.6",
)
BASE_DAMAGED = EventKind(
    "base_damaged",
    "A base is damaged: out of service until the next Morning (25.4.7, 8.D).",
    {"base": "the base", "out_until": "the turn it returns", "aircraft": "counters to limbo"},
    "25.4.7",
)
TOWN_DAMAGED = EventKind(
    "town_damaged",
    "A town is damaged by bombardment (25.4.7.C; notes A58).",
    {"town": "the town"},
    "25.4.7.C",
)
BOMBARDMENT = EventKind(
    "bombardment",
    "Ships shell a base or town in their hex (25.4.7); reveals their hex (notes A58).",
    {
        "base": "the base or town",
        "ships": "the bombarding ships",
        "strength": "their factors",
        "damaged": "whether it is damaged",
    },
    "25.4.7",
)
FLAG_LOST = EventKind("flag_lost", "A flag is lost with its AP (23.B).", {"ship": "the AP"}, "23.B")
COMBAT_ENDED = EventKind(
    "combat_ended", "Combat in a hex is over (25.B).", {"hex": "the hex label"}, "25.B"
)

EVENT_KINDS: tuple[EventKind, ...] = (
    SHIP_DAMAGED.extend(
        {"flotation": "flotation boxes darkened", "gunnery": "gunnery boxes darkened"},
        rule="25.4.5",
    ),
    SHIP_SUNK,
    COMBAT_BEGAN,
    COMPONENTS_REVEALED,
    AIR_ENGAGEMENT,
    COMBAT_LOSSES,
    AIRCRAFT_DESTROYED,
    ABORTED,
    SCREEN_FORMED,
    TARGET_DESIGNATED,
    AA_FIRE,
    BOMBING,
    SURFACE_MOVEMENT,
    GUNFIRE,
    TORPEDOES,
    BASE_DAMAGED,
    TOWN_DAMAGED,
    BOMBARDMENT,
    FLAG_LOST,
    COMBAT_ENDED,
)
