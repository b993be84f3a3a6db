"""Sub Hunt's actions: one small class per kind of choice (SH 3.1, 5.0, 6.0, 7.0, 9.0)."""

from __future__ import annotations

from typing import ClassVar

import attrs

from navalwar.actions import Action


@attrs.frozen
class PlaceSubmarine(Action):
    """The Submarine's secret starting hex (SH 3.1)."""

    tag: ClassVar[str] = "place_submarine"
    hex: str


@attrs.frozen
class MoveSubmarine(Action):
    """The Submarine stays or moves to an adjacent sea hex, secretly (SH 5.1)."""

    tag: ClassVar[str] = "move_submarine"
    hex: str


@attrs.frozen
class FireTorpedo(Action):
    """Fire a torpedo at the destroyer (``fire``), or hold (SH 6.1)."""

    tag: ClassVar[str] = "fire_torpedo"
    fire: bool


@attrs.frozen
class MoveDestroyer(Action):
    """The destroyer stays or moves up to its speed (SH 7.1)."""

    tag: ClassVar[str] = "move_destroyer"
    hex: str


@attrs.frozen
class DropDepthCharges(Action):
    """Drop a pattern on ``hex`` (the destroyer's or an adjacent sea hex), or hold
    (``hex`` empty) (SH 9.1)."""

    tag: ClassVar[str] = "drop_depth_charges"
    hex: str


ACTION_TYPES = (PlaceSubmarine, MoveSubmarine, FireTorpedo, MoveDestroyer, DropDepthCharges)
