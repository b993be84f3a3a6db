#!/usr/bin/env python3
"""Write ``docs/events.md`` from the event kinds the code declares.

The core kinds (``navalwar.events.CORE_KINDS``) and the ``event_kinds`` of each game
navalwar ships: every kind with its meaning, rule and data keys.
``tests/test_events.py`` fails while the file and the declarations disagree.

Usage::

    .venv/bin/python scripts/events_doc.py           # rewrite docs/events.md
    .venv/bin/python scripts/events_doc.py --check   # exit 1 if it differs
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from navalwar.events import markdown
from navalwar.files import atomic_write
from navalwar.registry import games, load

DOC = Path(__file__).resolve().parents[1] / "docs" / "events.md"


def document() -> str:
    """The text of ``docs/events.md``."""
    shipped = {g: load(g) for g in games()}  # the games navalwar ships, not others installed
    return markdown(
        {
            game_id: game.event_kinds
            for game_id, game in shipped.items()
            if type(game).__module__.startswith("navalwar.games.")
        }
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--check", action="store_true", help="exit 1 if the file differs")
    args = parser.parse_args(argv)
    text = document()
    if args.check:
        same = DOC.is_file() and DOC.read_text(encoding="utf-8") == text
        print(f"{DOC} is {'up to date' if same else 'out of date: run scripts/events_doc.py'}")
        return 0 if same else 1
    atomic_write(DOC, text)
    print(f"wrote {DOC}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
