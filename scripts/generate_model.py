"""Write the fields, ``__init__`` and ``replace`` of the Tokyo Express value classes.

Each class of ``src/navalwar/games/tokyo_express/model.py`` that the rules copy most
is declared here once, field by field; this script writes the parts of the class
that spell the fields out (see :mod:`navalwar.value_source`) between the marker
comments in that module. Edit a declaration here, then run the script; the rest
of each class (docstring, methods) is edited in the module itself.

Usage::

    .venv/bin/python scripts/generate_model.py           # rewrite model.py
    .venv/bin/python scripts/generate_model.py --check   # exit 1 if it is stale
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from navalwar.value_source import Field, Memo, ValueDecl, splice

MODEL = Path(__file__).resolve().parent.parent / "src/navalwar/games/tokyo_express/model.py"
SCRIPT = "scripts/generate_model.py"

ORDER = ValueDecl(
    "Order",
    (
        Field("maneuver", "str", "AHEAD", fixed=True),
        Field("direction", "int", "0", fixed=True),
        Field("turns_done", "int", "0"),
        Field("last_turn_phase", "int", "0"),
        Field("turned_since_move", "bool", "False"),
        Field("phases_left", "int", "0"),
    ),
    "A copy with the progress given changed (the maneuver stays).",
)

SHIP = ValueDecl(
    "Ship",
    (
        Field("name", "str", fixed=True),
        Field("side", "str", fixed=True),
        Field("hex", "Hex"),
        Field("heading", "int"),
        Field("max_speed", "int"),
        Field("salvos", "tuple[int, ...]", "()"),
        Field("hits", "int", "0"),
        Field("level", "int", "0"),
        Field("pending_level", "int", "0"),
        Field("stern_hits", "int", "0"),
        Field("sinking", "bool", "False"),
        Field("removed", "bool", "False"),
        Field("fired", "bool", "False"),
        Field("formation", "int", "0"),
    ),
    "A copy with the fields given changed (a ship keeps its name and side).",
)

FORMATION = ValueDecl(
    "Formation",
    (
        Field("id", "int", fixed=True),
        Field("side", "str", fixed=True),
        Field("ships", "tuple[str, ...]"),
        Field("speed", "int", "0"),
        Field("order", "Order", "_NO_ORDER"),
        Field("speed_set", "bool", "False"),
        Field("order_set", "bool", "False"),
    ),
    "A copy with the fields given changed (a formation keeps its id and side).",
)

STATE = ValueDecl(
    "State",
    (
        Field("turn", "int"),
        Field("step", "str"),
        Field("phase", "int"),
        Field("ships", "tuple[Ship, ...]"),
        Field("formations", "tuple[Formation, ...]"),
        Field("cup", "ChitCup"),
        Field("decks", "tuple[tuple[str, CardDeck], ...]"),
        Field("flagship", "str", '""'),
        Field("admiral_killed_turn", "int", "0"),
        Field("last_turn", "int", "5"),
        Field("next_formation_id", "int", "1"),
        Field("combat", "Combat | None", "None", none_is_a_value=True),
        Field(
            "pending",
            "tuple[int, ...]",
            "()",
            note="formations awaiting a decision in the current step",
        ),
        Field(
            "plan",
            "tuple[tuple[int, str], ...]",
            "()",
            note="turn timings chosen this Movement Phase",
        ),
        Field("us_vfdr", "int", "7"),
        Field("jp_vfdr", "int", "10"),
        Field("options", "tuple[tuple[str, bool | int | str], ...]", "()"),
        Field("scenario", "Any", "None"),
        Field("over", "bool", "False"),
    ),
    "A copy with the fields given changed (``combat`` may be changed to None),\n"
    "        keeping the lookups those changes leave valid.",
    memos=(
        Memo("_option_map", "dict[str, bool | int | str]", ("options",)),
        Memo("_by_name", "dict[str, Ship]", ("ships",)),
        Memo("_place", "dict[str, int]", ("ships",)),
        Memo("_by_id", "dict[int, Formation]", ("formations",)),
        Memo("_on_map", "dict[tuple[str, bool], tuple[Ship, ...]]", ("ships",)),
        Memo("_hexes", "dict[str, frozenset[Hex]]", ("ships",)),
        Memo("_members", "dict[tuple[tuple[str, ...], bool], tuple[Ship, ...]]", ("ships",)),
        Memo("_live", "dict[str, tuple[Formation, ...]]", ("ships", "formations")),
    ),
    uncompared=("scenario",),
)

DECLARATIONS = (ORDER, SHIP, FORMATION, STATE)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="exit 1 if model.py is stale")
    args = parser.parse_args(argv)
    old = MODEL.read_text()
    new = splice(old, DECLARATIONS, SCRIPT)
    if args.check:
        if new != old:
            print(f"{MODEL} is stale: run {SCRIPT}", file=sys.stderr)
            return 1
        return 0
    if new != old:
        MODEL.write_text(new)
        print(f"wrote {MODEL}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
