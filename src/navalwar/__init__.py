"""navalwar: rules-enforcing, seedable, replayable naval wargames.

Quick use::

    import navalwar
    print(navalwar.games())  # the ids of the installed games
    match = navalwar.Match.start(navalwar.games()[0], scenario_id, seed=7)
"""

import sysconfig

from navalwar import hexgrid
from navalwar.engine import Decision, Game, Match, Outcome
from navalwar.errors import (
    DataError,
    IllegalActionError,
    InvalidActionError,
    NavalwarError,
    ReplayError,
    UnknownGameError,
)
from navalwar.registry import games, load

__all__ = [
    "DataError",
    "Decision",
    "Game",
    "IllegalActionError",
    "InvalidActionError",
    "Match",
    "NavalwarError",
    "Outcome",
    "ReplayError",
    "UnknownGameError",
    "compiled",
    "games",
    "load",
]
__version__ = "0.1.0"


def compiled() -> bool:
    """Whether this navalwar is the mypyc-compiled build (README, "The compiled
    build"): its compiled modules, not their sources, are the ones imported."""
    return str(hexgrid.__file__).endswith(sysconfig.get_config_var("EXT_SUFFIX"))
