"""A Combat Phase in progress (3.4, 25.0): the hexes still to resolve and the one being resolved.

Combat in a hex is a sequence with decisions of both sides in it (waves formed in
secret, losses chosen by their owner, screens, targets, surface range choices
written in secret). It is kept here while it runs; ``combat.py`` and its sibling
modules play it. Hexes are resolved in ascending hex label order (notes A73).
"""

from __future__ import annotations

from typing import Any

import attrs

from navalwar.commitments import Commitments
from navalwar.hexgrid import Hex

# Stages of combat in one hex (25.0 order).
AIR_TO_AIR = "air_to_air"  # 25.1.1-25.1.2: waves, running the gauntlet
WRAP_UP = "wrap_up"  # 25.1.3
ANTI_AIRCRAFT = "anti_aircraft"  # 25.2
BOMBING = "bombing"  # 25.3
SURFACE = "surface"  # 25.4.1-25.4.6
BOMBARDMENT = "bombardment"  # 25.4.7
DONE = "done"


@attrs.frozen
class Wave:
    """A wave (25.1.1): at most 5 counters of one side, rigid once formed."""

    side: str
    aircraft: tuple[str, ...]  # counter ids, in the owner's order
    target: str | None = None  # a ship name, ``"airfield"`` or ``"ground"`` (25.2, 25.3.B)


@attrs.frozen
class SurfaceAction:
    """A surface action in progress (25.4): range band, round, ranging, torpedoes."""

    range: str  # a ``table_types.RANGES`` band
    round: int = 1
    ranged: tuple[tuple[str, str], ...] = ()  # (firer, target) pairs already ranged (25.4.4)
    torpedo_rounds: tuple[tuple[str, int], ...] = ()  # ship -> last round it fired torpedoes
    left_behind: tuple[str, ...] = ()  # ships left behind when breaking off (25.4.2.C)
    moves: Commitments[Any] | None = None  # this round's written choices (25.4.2.B), secret
    section: str = "move"  # "move", "gunnery", "torpedoes" (25.4.1.1-3)
    fired: tuple[str, ...] = ()  # sides that have fired this section (initiative first)
    hits: tuple[tuple[str, int, int], ...] = ()  # (ship, flotation, gunnery) to mark (A53)
    broke_off: tuple[str, ...] = ()  # sides whose written choice was break off (25.4.7.B)
    withdrawn: tuple[str, ...] = ()  # ships that broke off, leaving others behind (25.4.2.C)


@attrs.frozen
class HexCombat:
    """Combat in one hex.

    Attributes:
        hex: the hex.
        stage: one of the stages above.
        attacker: the attacking side for the gauntlet (notes A46).
        waves: the waves of both sides, attacker's first, each side's in its order.
        engagement: (attacking wave index, defending wave index) being fought.
        screens: ship name -> ``"screen"`` or ``"main"`` (25.2.2.A).
        screen_fired: screen ships that have fired at an incoming wave (25.2.2.B).
        surface: the surface action, when one is fought.
        pending: what the stage is waiting for, a short key the decisions read.
        plans: the waves each side writes in secret, revealed when both have (25.1.1.B).
        losses: counters to be chosen by their owner: (side, wave index, count, cause).
        wrapped, formed, strike, surface_done, bombarded: the progress of the stages.
    """

    hex: Hex
    stage: str
    attacker: str
    waves: tuple[Wave, ...] = ()
    engagement: tuple[int, int] = (0, 0)
    screens: tuple[tuple[str, str], ...] = ()
    screen_fired: frozenset[str] = frozenset()
    surface: SurfaceAction | None = None
    pending: str = ""
    plans: Commitments[Any] | None = None  # the waves written in secret (25.1.1.B)
    losses: tuple[tuple[str, int, int, str], ...] = ()  # (side, wave, count, cause) to choose
    wrapped: tuple[str, ...] = ()  # sides done with the wrap-up (25.1.3)
    formed: tuple[str, ...] = ()  # TFs whose AA formation is set (25.2.2.A)
    strike: int = 0  # the wave being resolved through AA and bombing (25.2-25.3)
    surface_done: bool = False  # the surface action is over or there is none (25.4)
    bombarded: tuple[str, ...] = ()  # sides done with shore bombardment (25.4.7)
    deck: tuple[tuple[str, str, int], ...] = ()  # (owner, ship or base, count) to lose


@attrs.frozen
class CombatPhase:
    """The Combat Phase (3.4): contact hexes left, and the hex being resolved."""

    hexes: tuple[Hex, ...] = ()  # contact hexes still to resolve, in order
    current: HexCombat | None = None
    fought: frozenset[str] = frozenset()  # counters that have fought this phase (25.C)
    caught: frozenset[str] = frozenset()  # counters caught at take-off (14.3.A, A31 option)
    shore: tuple[Hex, ...] = ()  # hexes resolved where ships may shell, asked at the end
    shore_done: tuple[str, ...] = ()  # sides that have answered the shore question
    shelled: tuple[tuple[str, Hex], ...] = ()  # (side, hex) shelled (25.4.7)
    broke_off: tuple[tuple[str, Hex], ...] = ()  # (side, hex) where it broke off (25.4.7.B)
