"""Coral Sea (GDW, 2nd edition 1976): carrier air-naval operations, 1942 (issue 17).

The four scenarios of 28.0 and the 28.3.6 campaign extension, both sides played by
people or agents. ``GAME`` is registered as ``"coral_sea"``. Coverage and what is
unfinished: ``docs/rules/coral_sea.md``.
"""

from navalwar.games.coral_sea.game import CoralSea

GAME = CoralSea()

__all__ = ["GAME", "CoralSea"]
