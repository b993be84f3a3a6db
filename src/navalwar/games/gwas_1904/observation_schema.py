"""The JSON Schema of Great War at Sea 1904's part of an observation
(``GreatWarAtSea1904.observe`` and ``position``), for :mod:`navalwar.protocol`: the
tactical map's form and Basic Combat's, every object closed, so that a key added to
the observation must be added here too (tests/test_protocol_schemas.py)."""

from __future__ import annotations

from navalwar.games.gwas_1904.actions import CLOSE, LONG
from navalwar.games.gwas_1904.ship import PARTS
from navalwar.games.gwas_1904.sides import SIDES
from navalwar.schemas import (
    Schema,
    array,
    boolean,
    closed,
    const,
    enum,
    integer,
    nullable,
    one_of,
    string,
)


def observation_schema() -> Schema:
    """The tactical map (7.0: own ships in full, face-up enemy ships without their
    damage, face-down counters by side, id and hex only) or Basic Combat (6.0)."""
    side = enum(SIDES)
    lost = closed({part: integer(minimum=0) for part in PARTS})
    hex_ = nullable(string())
    counter = {"side": side, "id": string(), "counter": string(), "hex": hex_}
    shown = {**counter, "key": string(), "name": string(), "type": string()}
    own = closed(
        {
            **shown,
            "sunk": boolean(),
            "left": string(),
            "aground": boolean(),
            "beached": boolean(),
            "speed": nullable(string()),
            "lost": lost,
        }
    )
    face_up = closed(shown, {"sunk": const(True)})
    face_down = closed({**counter, "counter": const("")})
    tactical = closed(
        {
            "phase": enum(("setup", "impulse", "over")),
            "impulse": integer(minimum=1),
            "step": integer(minimum=1),
            "initiative": side,
            "night": boolean(),
            "weather": integer(minimum=1, maximum=6),
            "ships": array(one_of(own, face_up, face_down)),
        }
    )
    basic_ship = {"side": side, "key": string(), "name": string()}
    basic = closed(
        {
            "phase": const("basic"),
            "round": integer(minimum=1),
            "range": enum((LONG, CLOSE)),
            "ships": array(
                one_of(
                    closed({**basic_ship, "sunk": boolean(), "lost": lost}),
                    closed(basic_ship, {"sunk": const(True)}),
                )
            ),
        }
    )
    return one_of(tactical, basic)
