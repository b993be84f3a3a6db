"""Great War at Sea: 1904-1905, the Russo-Japanese War (Avalanche Press).

The eight battle scenarios on the tactical map (or as Basic Combat), both
sides played by people or agents. ``GAME`` is registered as ``"gwas_1904"``.
"""

from navalwar.games.gwas_1904.game import GreatWarAtSea1904

GAME = GreatWarAtSea1904()

__all__ = ["GAME", "GreatWarAtSea1904"]
