"""Register Sub Hunt with navalwar for each test module of this folder, in this process.

Installed (``pip install -e examples/sub_hunt``), navalwar finds the game through its
``navalwar.games`` entry point once the core reads entry points (issue 16 item 1). Until
then it is registered here at run time, and so is its odds module: with the game object
where ``registry.register`` takes one, else with today's (id, module) form. When a
module's tests are done it is taken out again, so that the tests of navalwar itself,
run in the same session, see only the games they expect.
"""

from __future__ import annotations

import inspect
from collections.abc import Iterator

import pytest
from navalwar_subhunt import GAME

from navalwar import agents, odds, registry


def register_sub_hunt() -> list[str]:
    """Make ``sub_hunt`` a game of this process; what was added (to take out again)."""
    added = []
    if GAME.id not in registry.games():
        if len(inspect.signature(registry.register).parameters) == 1:
            registry.register(GAME)  # type: ignore[call-arg,arg-type,unused-ignore]
        else:
            registry.register(GAME.id, "navalwar_subhunt")
        added.append("game")
    # navalwar on main finds odds in its own table (odds._MODULES), not by GAME.odds()
    if hasattr(odds, "_MODULES") and GAME.id not in odds._MODULES:
        odds.register(GAME.id, "navalwar_subhunt.odds")
        added.append("odds")
    return added


def unregister_sub_hunt(added: list[str]) -> None:
    """Undo :func:`register_sub_hunt` (navalwar has no public way to: its tables)."""
    if "game" in added:
        if hasattr(registry, "unregister"):
            registry.unregister(GAME.id)  # type: ignore[attr-defined,unused-ignore]
        for table in ("_MODULES", "_loaded"):
            getattr(registry, table, {}).pop(GAME.id, None)
    if "odds" in added:
        odds._MODULES.pop(GAME.id, None)
    getattr(agents, "_game_agents", {}).pop(GAME.id, None)


@pytest.fixture(autouse=True, scope="module")
def sub_hunt_registered() -> Iterator[None]:
    """Sub Hunt registered for the module's tests."""
    added = register_sub_hunt()
    yield
    unregister_sub_hunt(added)
