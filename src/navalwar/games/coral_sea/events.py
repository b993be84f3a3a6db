"""Every kind of event a Coral Sea match logs (``navalwar.events``): the spine's kinds
here, with the air and combat modules' ``EVENT_KINDS`` gathered from ``air_events.py``
and ``combat_events.py`` once they exist."""

from __future__ import annotations

import importlib

from navalwar import commitments
from navalwar import events as core
from navalwar.events import EventKind

SIDE = "the side (Japan or Allies)"
HEX = "a hex label (XXYY)"

SPINE_KINDS: tuple[EventKind, ...] = (
    core.TURN_BEGAN.extend(
        optional={"date": "its date", "time": "Noon, Evening, Night or Morning"}, rule="3.0, 19.0"
    ),
    EventKind(
        "set_up",
        "A side's own record of its secret set-up.",
        {"side": SIDE, "task_forces": "[TF id, hex, entry turn] each"},
        "28.x",
    ),
    EventKind(
        "forces_placed",
        "A side has set up: what the board shows of it.",
        {
            "side": SIDE,
            "ships": "[ship, hex] of ships outside TFs (11.F)",
            "aircraft": "[counter, base] at bases (9.A)",
        },
        "28.x",
    ),
    EventKind(
        "initiative_rolled",
        "Both sides roll for the initiative.",
        {"rolls": "side -> roll", "winner": "who has the option"},
        "4.A",
    ),
    EventKind(
        "initiative",
        "The initiative is accepted or declined.",
        {"side": "the holder", "accepted": "whether the winner accepted"},
        "4.A",
    ),
    EventKind(
        "weather",
        "The weather procedure: wind, squalls moved and placed.",
        {
            "wind": "hexes squalls move",
            "squalls": "the squall hexes after it",
            "new": "the new squall's hex, or null",
        },
        "5.1",
    ),
    EventKind(
        "ap_release",
        "The Huon Gulf AP release roll.",
        {"roll": "the die", "released": "5 or 6"},
        "28.2.3",
    ),
    EventKind(
        "tf_entered",
        "A side's own TF enters the map (secret).",
        {"tf": "its id", "hex": HEX},
        "28.x, A66",
    ),
    EventKind(
        "tf_counter_placed",
        "A TF counter is placed on the board.",
        {"side": SIDE, "hex": HEX},
        "12.1.2.A, 13.B",
    ),
    EventKind(
        "recon_check",
        "A reconnaissance or scouting check of a hex, and its truthful answer.",
        {
            "side": "who checks",
            "hex": HEX,
            "found": "enemy forces there",
            "how": "reconnaissance or scouting",
        },
        "12.1, 12.2",
    ),
    EventKind(
        "tf_moved",
        "A side's own TF moves (secret).",
        {"tf": "its id", "path": "the hexes entered"},
        "15.C-D",
    ),
    core.SHIP_MOVED.extend(
        keys={"ship": "the ship's name (a ship outside TFs moves openly, 15.E)"}, rule="15.E"
    ),
    EventKind(
        "diw_roll",
        "A ship dead in the water tries to move.",
        {"ship": "its name", "roll": "the die"},
        "25.4.5.B",
    ),
    EventKind(
        "coast_watchers",
        "Coast watchers report a Japanese TF in a partial sea hex.",
        {"hex": HEX},
        "15.H, 20.0",
    ),
    EventKind(
        "invasion",
        "Japanese troops land and take a base.",
        {"hex": HEX, "bases": "the bases taken"},
        "23.A",
    ),
    EventKind(
        commitments.COMMITTED,
        "A side has made a secret commitment (its value is not told).",
        {"side": SIDE, "commitment": "what"},
    ),
    EventKind(
        commitments.COMMITTED_PRIVATE,
        "A side's own record of its secret commitment.",
        {"side": SIDE, "commitment": "what", "value": "the value"},
    ),
    EventKind(
        commitments.REVEALED,
        "Secret commitments are revealed.",
        {"commitment": "what", "values": "side -> value"},
    ),
    EventKind("forced_choice", "A decision with one legal choice is taken without asking."),
    core.GAME_OVER.extend(
        keys={"winner": "the winning side, or null for a draw", "scores": "side -> VP"},
        rule="24.0, 28.x",
    ),
)


def _gathered(module: str) -> tuple[EventKind, ...]:
    full = f"navalwar.games.coral_sea.{module}"
    try:
        found = importlib.import_module(full)
    except ModuleNotFoundError as exc:
        if exc.name != full:
            raise
        return ()
    return tuple(getattr(found, "EVENT_KINDS", ()))


def _merged(a: EventKind, b: EventKind) -> EventKind:
    """One kind two modules declare under one name: the keys both give are required, the
    others optional. (A stopgap: the owners should agree on one declaration.)"""
    both = {k: v for k, v in a.keys.items() if k in b.keys}
    rest = {**a.optional, **b.optional, **a.keys, **b.keys}
    return EventKind(
        a.name,
        a.meaning,
        both,
        a.rule or b.rule,
        {k: v for k, v in rest.items() if k not in both},
    )


def _all() -> tuple[EventKind, ...]:
    out = {k.name: k for k in SPINE_KINDS}
    for module in ("air_events", "combat_events"):
        for kind in _gathered(module):
            found = out.get(kind.name)
            out[kind.name] = kind if found is None else _merged(found, kind)
    return tuple(out.values())


EVENT_KINDS: tuple[EventKind, ...] = _all()
