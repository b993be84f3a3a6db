"""navalwar: rules-enforcing, seedable, replayable naval wargames.

Quick use::

    import navalwar
    match = navalwar.Match.start("tokyo_express", "basic", seed=7)
"""

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
    "games",
    "load",
]
__version__ = "0.1.0"
