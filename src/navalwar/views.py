"""How a game asks to be shown: the :class:`TerminalView` a game declares
(:meth:`navalwar.engine.Game.terminal_view`) for ``navalwar play``."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import attrs

__all__ = ["MAPS", "TABLES", "TerminalView", "default_title"]

MAPS = ("hex", "grid")
"""``hex``: the game's printed :class:`~navalwar.hexgrid.MapSpec` as a text map (its
``map`` attribute); ``grid``: the columns and rows of lettered hex labels ("K11")."""

TABLES = ("ships", "counters")
"""``ships``: one row per ship with its damage boxes (``hits``/``boxes``, damage level,
salvos); ``counters``: one row per counter (key, type, hex, speed, boxes lost by part,
status), enemy counters not yet seen blank."""

Title = Callable[[str, dict[str, Any]], str]
"""``(side, observation) -> str``: the board's heading."""


def default_title(side: str, obs: dict[str, Any]) -> str:
    """The side, and the turn when the observation has one."""
    return f"{side}: turn {obs['turn']}" if "turn" in obs else side


@attrs.frozen
class TerminalView:
    """How the terminal shows a game: which map, which ship table, what heading.

    Attributes:
        map: one of :data:`MAPS`.
        table: one of :data:`TABLES`.
        title: the board's heading for a side and its observation.
    """

    map: str = attrs.field(default="hex", validator=attrs.validators.in_(MAPS))
    table: str = attrs.field(default="ships", validator=attrs.validators.in_(TABLES))
    title: Title = default_title
