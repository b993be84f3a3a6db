"""Sub Hunt: a destroyer hunts a submerged submarine (RULES.md), an example navalwar game.

``GAME`` is the declaration navalwar loads through the ``navalwar.games`` entry point.
"""

from navalwar_subhunt.game import GAME, SubHunt

__all__ = ["GAME", "SubHunt"]
