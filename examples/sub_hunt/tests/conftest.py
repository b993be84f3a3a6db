"""Register Sub Hunt with navalwar for the tests, in this process.

Installed (``pip install -e examples/sub_hunt``), navalwar finds the game through its
``navalwar.games`` entry point once the core reads entry points (issue 16 item 1); until
then, and for a run from the sources, it is registered here at run time: with the game
object where ``registry.register`` takes one, else with today's (id, module) form; and
its odds module likewise.
"""

from __future__ import annotations

import inspect

from navalwar_subhunt import GAME

from navalwar import odds, registry


def register_sub_hunt() -> None:
    """Make ``sub_hunt`` a registered game of this process."""
    if GAME.id in registry.games():
        return
    if len(inspect.signature(registry.register).parameters) == 1:
        registry.register(GAME)  # type: ignore[call-arg,arg-type,unused-ignore]
    else:
        registry.register(GAME.id, "navalwar_subhunt")
    # navalwar on main finds odds in its own table (odds._MODULES), not by GAME.odds()
    if hasattr(odds, "_MODULES") and GAME.id not in odds._MODULES:
        odds.register(GAME.id, "navalwar_subhunt.odds")


register_sub_hunt()
