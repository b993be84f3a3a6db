"""Tokyo Express (Victory Games, 1988): night surface battles off Guadalcanal.

The Basic Game (rules 3.0-3.9): the US player against the rules' Japanese
procedures. ``GAME`` is registered as ``"tokyo_express"``.
"""

from navalwar.games.tokyo_express.game import TokyoExpress

GAME = TokyoExpress()

__all__ = ["GAME", "TokyoExpress"]
