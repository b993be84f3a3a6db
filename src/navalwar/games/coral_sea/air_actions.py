"""The actions of Coral Sea's air operations (9.0, 10.0, 13.0, 17.0, 21.0, 26.0).

Hexes are given by their map labels (``"1414"``), counters by their ids, bases and
ships by name.
"""

from __future__ import annotations

from typing import ClassVar

import attrs

from navalwar.actions import Action


@attrs.frozen(slots=True)
class ReadyAircraft(Action):
    """The down counters made ready at the bases where the owner has a choice (9.B-C)."""

    tag: ClassVar[str] = "ready_aircraft"
    aircraft: tuple[str, ...]


@attrs.frozen(slots=True)
class CommitCap(Action):
    """The ready fighters committed to CAP over their own bases this turn, in secret
    (10.A-D); ``()`` commits none."""

    tag: ClassVar[str] = "commit_cap"
    aircraft: tuple[str, ...]


@attrs.frozen(slots=True)
class Fly(Action):
    """One counter's flight in the Air Movement Phase (13.C, 14.0): its mission, the
    hexes it enters (its target hex last), whether it declares extended range (26.1),
    and, to launch from a TF with no counter on the board, where the owner places the
    TF counter (13.B)."""

    tag: ClassVar[str] = "fly"
    aircraft: str
    mission: str
    path: tuple[str, ...]
    extended: bool = False
    counter: str = ""


@attrs.frozen(slots=True)
class EndAirMoves(Action):
    """The side moves no more counters this Air Movement Phase (13.C, 13.E)."""

    tag: ClassVar[str] = "end_air_moves"


@attrs.frozen(slots=True)
class Land(Action):
    """One airborne counter's return to a friendly base within range (13.D): the base
    (a field's or a ship's name), the hexes entered (the base's hex last), extended
    range (26.1) and, for a ship in a TF with no counter on the board, where the TF
    counter is placed (notes A25)."""

    tag: ClassVar[str] = "land"
    aircraft: str
    base: str
    path: tuple[str, ...]
    extended: bool = False
    counter: str = ""


@attrs.frozen(slots=True)
class StayAloft(Action):
    """A long-range counter stays airborne into the next turn (26.2.A), ending in the
    last hex of ``path`` (``()``: where it is)."""

    tag: ClassVar[str] = "stay_aloft"
    aircraft: str
    path: tuple[str, ...] = ()


@attrs.frozen(slots=True)
class Replace(Action):
    """One pair of the limbo cull (17.B-D): the counter returned to play, the one of the
    same type permanently destroyed, and the friendly base the returned one appears at."""

    tag: ClassVar[str] = "replace_aircraft"
    returned: str
    destroyed: str
    base: str


@attrs.frozen(slots=True)
class UsaafRoll(Action):
    """Whether the Allied player consults the USAAF Commitment Table this Noon (21.B)."""

    tag: ClassVar[str] = "usaaf_roll"
    roll: bool


@attrs.frozen(slots=True)
class PlaceUsaaf(Action):
    """The Australian mainland airfield the next USAAF counter granted appears at (21.C)."""

    tag: ClassVar[str] = "place_usaaf"
    base: str


@attrs.frozen(slots=True)
class ReturnUsaaf(Action):
    """Whether the Allied player declares the return of the temporary USAAF counters,
    all at Australian airfields (21.E)."""

    tag: ClassVar[str] = "return_usaaf"
    declare: bool


ACTION_TYPES: tuple[type[Action], ...] = (
    ReadyAircraft,
    CommitCap,
    Fly,
    EndAirMoves,
    Land,
    StayAloft,
    Replace,
    UsaafRoll,
    PlaceUsaaf,
    ReturnUsaaf,
)
