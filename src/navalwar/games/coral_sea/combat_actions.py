"""The choices of the Combat Phase (25.0): one small action class per kind.

Fields are JSON-typed: counter ids, ship names, TF ids, target words.
"""

from __future__ import annotations

from typing import ClassVar

import attrs

from navalwar.actions import Action


@attrs.frozen(slots=True)
class FormWaves(Action):
    """A side's waves in the hex, in the order they fight (25.1.1; secret, 25.1.1.B)."""

    tag: ClassVar[str] = "form_waves"
    waves: tuple[tuple[str, ...], ...]


@attrs.frozen(slots=True)
class ChooseLosses(Action):
    """The counters of a wave its owner gives up (25.1.2.C, 25.2.2.D)."""

    tag: ClassVar[str] = "choose_losses"
    aircraft: tuple[str, ...]


@attrs.frozen(slots=True)
class LoseAboard(Action):
    """The counters its owner gives up aboard a carrier to its first gunnery hit
    (25.4.5.D), or on the ground at a base to a bombing (25.3.B): ``at`` the ship or base."""

    tag: ClassVar[str] = "lose_aboard"
    at: str
    aircraft: tuple[str, ...]


@attrs.frozen(slots=True)
class Abort(Action):
    """Counters without a bomb factor that leave their waves at the wrap-up (25.1.3)."""

    tag: ClassVar[str] = "abort"
    aircraft: tuple[str, ...]


@attrs.frozen(slots=True)
class FormScreen(Action):
    """The ships of a TF put in its screen; the rest are its main body (25.2.2.A)."""

    tag: ClassVar[str] = "form_screen"
    tf: str
    screen: tuple[str, ...]


@attrs.frozen(slots=True)
class DesignateTarget(Action):
    """A wave's target (25.2, 25.3.B): a ship's name, ``"airfield:<base>"`` or
    ``"ground:<base>"`` (the aircraft on the ground there)."""

    tag: ClassVar[str] = "designate_target"
    wave: int
    target: str


@attrs.frozen(slots=True)
class ScreenShooter(Action):
    """The screen ship that fires at a wave passing to the main body (25.2.2.C)."""

    tag: ClassVar[str] = "screen_shooter"
    ship: str


@attrs.frozen(slots=True)
class SurfaceMove(Action):
    """A side's written movement choice this round: close, stand or break_off (25.4.2.B),
    and with break_off the ships slowed by damage it leaves behind (25.4.2.C)."""

    tag: ClassVar[str] = "surface_move"
    choice: str
    leave: tuple[str, ...] = ()


@attrs.frozen(slots=True)
class FireGuns(Action):
    """A side's gunnery this round: (ship, battery, target) triples, each battery at one
    target (25.4.3.C); a battery not named holds fire."""

    tag: ClassVar[str] = "fire_guns"
    fire: tuple[tuple[str, str, str], ...]


@attrs.frozen(slots=True)
class FireTorpedoes(Action):
    """A side's torpedo salvos this round: (ship, target) pairs (25.4.6)."""

    tag: ClassVar[str] = "fire_torpedoes"
    fire: tuple[tuple[str, str], ...]


@attrs.frozen(slots=True)
class Bombard(Action):
    """Shell an enemy base or a town in its hex with the eligible ships, or ``""`` to
    hold fire (25.4.7; ``bombardment.targets``; the Combat Phase's last question)."""

    tag: ClassVar[str] = "bombard"
    target: str


ACTION_TYPES: tuple[type[Action], ...] = (
    FormWaves,
    ChooseLosses,
    LoseAboard,
    Abort,
    FormScreen,
    DesignateTarget,
    ScreenShooter,
    SurfaceMove,
    FireGuns,
    FireTorpedoes,
    Bombard,
)
