"""The actions of Coral Sea's spine: set-up, initiative, reconnaissance, ship plots.

Hexes are labels (``"1414"``), ships and TFs by name and id. The air and combat
actions are in ``air_actions.py`` and ``combat_actions.py``.
"""

from __future__ import annotations

from typing import ClassVar

import attrs

from navalwar.actions import Action


@attrs.frozen
class SetUp(Action):
    """A side's whole set-up (28.x "Task Forces", "Initial Placement", "Aircraft"), secret
    but for what the rules put on the board.

    ``task_forces``: (TF id, hex label, turn it enters, 0 = on the map now); for a TF
    entering by an edge (A66) the hex is its entry hex. ``ships``: (ship, where), where
    is a TF id, a base or place name for a ship outside any TF (placed openly, 11.F), or
    ``"out"`` for a ship left out of play ("any or all", 28.2.4). ``aircraft``: (counter
    id, base or ship name).
    """

    tag: ClassVar[str] = "set_up"
    task_forces: tuple[tuple[str, str, int], ...]
    ships: tuple[tuple[str, str], ...]
    aircraft: tuple[tuple[str, str], ...]


@attrs.frozen
class ChooseInitiative(Action):
    """The high roller accepts or declines the initiative (4.A)."""

    tag: ClassVar[str] = "choose_initiative"
    accept: bool


@attrs.frozen
class PlaceTFCounter(Action):
    """Put a TF's counter on the board within two hexes of its true hex (12.1.2.A, 13.B)."""

    tag: ClassVar[str] = "place_tf_counter"
    tf: str
    hex: str


@attrs.frozen
class ReconCheck(Action):
    """A reconnaissance check of ``hex`` from ``source``: a friendly base's name
    (12.1.1), a TF id (12.1.2: within 8 of its counter; its counter's hex, 12.2.D), or
    an open ship's name (its own hex, 15.E)."""

    tag: ClassVar[str] = "recon_check"
    source: str
    hex: str


@attrs.frozen
class EndReconnaissance(Action):
    """No more checks this Reconnaissance Phase (3.2)."""

    tag: ClassVar[str] = "end_reconnaissance"


@attrs.frozen
class PlotMoves(Action):
    """A side's secret ship-movement plot (3.6, 15.C-E).

    ``moves``: (TF id or open ship's name, path of hex labels, origin excluded; empty:
    stays). ``regroup``: (ship, TF id or ``""`` to sail alone) reassignments made before
    moving, between TFs in one hex (11.C; notes A16).
    """

    tag: ClassVar[str] = "plot_moves"
    moves: tuple[tuple[str, tuple[str, ...]], ...]
    regroup: tuple[tuple[str, str], ...] = ()


ACTIONS: tuple[type[Action], ...] = (
    SetUp,
    ChooseInitiative,
    PlaceTFCounter,
    ReconCheck,
    EndReconnaissance,
    PlotMoves,
)
