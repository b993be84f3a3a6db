"""The JSON Schema of Coral Sea's part of an observation (``observation.observe``,
``air_view.observe_air``, ``combat_phase.combat_view`` and the game's ``position``),
for :mod:`navalwar.protocol`: every object closed, so that a key added to the
observation must be added here too (tests/test_protocol_schemas.py)."""

from __future__ import annotations

from navalwar.commitments import view_schema
from navalwar.games.coral_sea.air_state import (
    AIRBORNE,
    CAP,
    DESTROYED,
    DOWN,
    LIMBO,
    MISSIONS,
    OFF_MAP,
    READY,
)
from navalwar.games.coral_sea.anti_aircraft import MAIN, SCREEN
from navalwar.games.coral_sea.combat_state import (
    AIR_TO_AIR,
    ANTI_AIRCRAFT,
    BOMBARDMENT,
    BOMBING,
    DONE,
    SURFACE,
    WRAP_UP,
)
from navalwar.games.coral_sea.model import TIMES
from navalwar.games.coral_sea.table_types import BREAK_OFF, CLOSE, RANGES, STAND
from navalwar.games.coral_sea.units import ALLIES, JAPAN, SIDES
from navalwar.schemas import (
    Schema,
    array,
    boolean,
    closed,
    const,
    enum,
    integer,
    mapping,
    nullable,
    one_of,
    pair,
    string,
)

STATUSES = (READY, DOWN, CAP, AIRBORNE, LIMBO, DESTROYED, OFF_MAP)
STAGES = (AIR_TO_AIR, WRAP_UP, ANTI_AIRCRAFT, BOMBING, SURFACE, BOMBARDMENT, DONE)


def _ships() -> Schema:
    """Own ships in full; the enemy's sunk ones and those outside TFs (11.F)."""
    side = enum(SIDES)
    named = {"name": string(), "side": side, "type": string()}
    own = closed(
        {
            **named,
            "hex": nullable(string()),
            "tf": nullable(string()),
            "flotation_hits": integer(minimum=0),
            "gunnery_hits": integer(minimum=0),
            "sunk": boolean(),
            "flag": boolean(),
            "out_of_play": boolean(),
        }
    )
    enemy_sunk = closed({**named, "sunk": const(True)})
    enemy_seen = closed({**named, "hex": string(), "sunk": const(False)})
    return array(one_of(own, enemy_sunk, enemy_seen))


def _aircraft() -> Schema:
    """Air counters as the side sees them (notes 8.1; air_view)."""
    return array(
        closed(
            {
                "id": string(),
                "model": string(),
                "side": enum(SIDES),
                "status": enum(STATUSES),
            },
            {
                "base": string(),
                "hex": string(),
                "mission": enum(MISSIONS),
                "extended": integer(minimum=0),
                "usaaf_temporary": const(True),
            },
        )
    )


def _combat() -> Schema:
    """The combat in progress as the side may see it (combat_phase.combat_view)."""
    side = enum(SIDES)
    waves = array(array(string()))
    moves = pair(enum((CLOSE, STAND, BREAK_OFF)), array(string()))
    surface = closed(
        {"range": enum(RANGES), "round": integer(minimum=1)},
        {"moves": view_schema(moves, SIDES)},
    )
    return nullable(
        closed(
            {
                "stage": enum(STAGES),
                "attacker": side,
                "hex": nullable(string()),
                "screens": array(pair(string(), enum((SCREEN, MAIN)))),
                "waves": array(
                    closed(
                        {
                            "side": side,
                            "aircraft": array(string()),
                            "target": nullable(string()),
                        }
                    )
                ),
            },
            {"plans": view_schema(waves, SIDES), "surface": surface},
        )
    )


def observation_schema() -> Schema:
    """The position words (19.0) and the side's view of the board, air and combat."""
    side = enum(SIDES)
    hex_ = nullable(string())
    plot = pair(array(pair(string(), array(string()))), array(pair(string(), string())))
    return closed(
        {
            "turn": integer(minimum=1),
            "last_turn": integer(minimum=1),
            "date": string(),
            "time": enum(TIMES),
            "step": string(),
            "scenario": string(),
            "night": boolean(),
            "initiative": nullable(side),
            "initiative_rolls": closed({}, {JAPAN: integer(), ALLIES: integer()}),
            "wind": integer(),
            "squalls": array(string()),
            "bases": array(
                closed(
                    {
                        "name": string(),
                        "controller": nullable(side),
                        "out_until": integer(),
                        "damaged": boolean(),
                    }
                )
            ),
            "damaged_towns": array(string()),
            "vp": closed({JAPAN: integer(), ALLIES: integer()}),
            "task_forces": array(
                closed(
                    {
                        "id": string(),
                        "hex": hex_,
                        "counter": hex_,
                        "revealed": boolean(),
                        "enters": integer(),
                        "entry_hex": hex_,
                        "moves_from": integer(),
                        "held": boolean(),
                        "ships": array(string()),
                    }
                )
            ),
            "enemy_tf_counters": array(
                closed({"label": string(), "hex": string(), "revealed": boolean()})
            ),
            "ships": _ships(),
            "sightings": array(
                closed(
                    {
                        "name": string(),
                        "type": string(),
                        "hex": string(),
                        "turn": integer(minimum=1),
                    }
                )
            ),
            "aircraft": _aircraft(),
            "usaaf_out": boolean(),
            "reveals": array(pair(string(), string())),
            "set_up": array(side),
            "plots": nullable(view_schema(plot, SIDES)),
            "combat": _combat(),
            "markers": array(closed({"hex": string(), "glyph": string(), "note": string()})),
        },
        {"scramble_allowance": mapping(integer(minimum=0))},
    )
