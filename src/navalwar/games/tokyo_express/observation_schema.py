"""The JSON Schema of Tokyo Express's part of an observation (``TokyoExpress.observe``
and ``position``), for :mod:`navalwar.protocol`: every object closed, so that a key
added to the observation must be added here too (tests/test_protocol_schemas.py)."""

from __future__ import annotations

from navalwar.games.tokyo_express.geometry import HEADINGS
from navalwar.games.tokyo_express.model import JAPAN, US
from navalwar.schemas import (
    Schema,
    array,
    boolean,
    closed,
    enum,
    integer,
    string,
)

SIDES = (US, JAPAN)


def observation_schema() -> Schema:
    """The position words (TE 3.0) and the ships, formations, chits and Victory Points."""
    side = enum(SIDES)
    count = integer(minimum=0)
    salvo = closed(
        {
            "value": integer(),
            "mount": string(),
            "status": enum(("ready", "fired", "lost")),
        }
    )
    ship = closed(
        {
            "name": string(),
            "side": side,
            "type": string(),
            "class": string(),
            "hex": string(),
            "heading": enum(HEADINGS),
            "max_speed": integer(),
            "hits": count,
            "boxes": integer(),
            "damage_level": integer(),
            "current_step_level": integer(),
            "sinking": boolean(),
            "removed": boolean(),
            "fired": boolean(),
            "formation": integer(),
            "salvos": array(salvo),
            "bow_primary": integer(),
            "stern_primary": integer(),
            "caliber": string(),
        }
    )
    formation = closed(
        {
            "id": integer(),
            "side": side,
            "ships": array(string()),
            "speed": integer(),
            "order": string(),
            "speed_set": boolean(),
            "order_set": boolean(),
        }
    )
    return closed(
        {
            "where": string(),
            "turn": integer(minimum=1),
            "last_turn": integer(minimum=1),
            "phase": integer(minimum=0),
            "step": string(),
            "ships": array(ship),
            "formations": array(formation),
            "flagship": string(),
            "admiral_killed": boolean(),
            "chits": closed({"in_cup": count, "drawn": array(string())}),
            "victory_points": closed({US: integer(), JAPAN: integer()}),
        }
    )
