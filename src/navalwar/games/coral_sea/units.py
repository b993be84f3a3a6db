"""The unit data of Coral Sea: aircraft models (2.2.1, 2.2.3-2.2.7) and ships (2.2.2, 16.0).

The rulebook prints the models' names, types and landing modes but none of the
counters' numbers, nor the Ship Status Sheet: ``data/coral_sea/aircraft.csv`` and
``ships.csv`` reconstruct them from historical facts (``docs/data/coral_sea.md``),
each value with its provenance.
"""

from __future__ import annotations

from collections.abc import Mapping

import attrs

JAPAN = "Japan"
ALLIES = "Allies"
SIDES = (JAPAN, ALLIES)  # Japan sets up first in every scenario (28.x)

#: Services (2.2.C): the counter colours.
IJN, USN, USAAF, RAAF = "IJN", "USN", "USAAF", "Australian"

#: Aircraft type letters (2.2.3); S combines with others (SV, SD) for scout status.
FIGHTER, BOMBER, DIVE_BOMBER, TORPEDO_BOMBER, SCOUT = "F", "B", "D", "V", "S"

#: Landing modes (2.2.7).
CARRIER, LAND, SEAPLANE_RAMP, WATER = "C", "L", "R", "W"

#: Ship types (2.2.4).
SHIP_TYPES = ("AO", "AP", "AV", "CA", "CL", "CV", "CVL", "DD", "ML")

#: Model names the text prints besides the codes of 2.2.5-2.2.6 (notes A2): 2.2.6's
#: "F-40D" and the scenarios' "P40"/"P40D" are the P-40D, "P39D"/"P-39" the P-39D,
#: 28.2.4's "F4F-1" the F4F-3, 26.2.D's "B-17C"/"B-17D" the B-17.
MODEL_ALIASES = {
    "F-40D": "P-40D",
    "P40": "P-40D",
    "P40D": "P-40D",
    "P-40": "P-40D",
    "P39D": "P-39D",
    "P39": "P-39D",
    "P-39": "P-39D",
    "F4F-1": "F4F-3",
    "F4F": "F4F-3",
    "B-17C": "B-17",
    "B-17D": "B-17",
    "B17": "B-17",
}


def canonical_model(name: str) -> str:
    """The model code for a name as printed (``"P40"`` -> ``"P-40D"``; a code itself
    unchanged)."""
    return MODEL_ALIASES.get(name, name)


@attrs.frozen
class AircraftModel:
    """One aircraft model's counter values (2.2.1): the same for every counter of it.

    Attributes:
        model: the code of 2.2.5/2.2.6 (``"A6M2"``, ``"B-17"``, ``"P-40D"``).
        name: the printed name (``"Zero Fighter"``).
        side: ``JAPAN`` or ``ALLIES``.
        service: the service of its counters (2.2.C); a model flown by two services
            (PBY-5: USN, and also RAAF?) keeps its usual one, a counter may override.
        type: the type code (2.2.3): ``"F"``, ``"B"``, ``"D"``, ``"V"``, ``"S"``,
            ``"SV"``, ``"SD"``.
        landing: the landing mode (2.2.7): ``"C"``, ``"L"``, ``"R"``, ``"W"``.
        attack: air attack factor (25.1.2).
        defense: air defense factor (25.1.2).
        bomb: bomb factor (14.1; 0 for fighters and pure scouts).
        range: range in movement points, one leg (13.A; notes A23).
        long_range: may stay airborne across turns (26.2.D list).
        torpedo: may fly torpedo missions (14.1.3: V, SV, S, PBY-5, Japanese B, H6K4).
        provenance: field name -> provenance word (``rulebook``, ``historical``,
            ``reconstructed``, ``placeholder``...); every numeric field has one.
    """

    model: str
    name: str
    side: str
    service: str
    type: str
    landing: str
    attack: int
    defense: int
    bomb: int
    range: int
    long_range: bool = False
    torpedo: bool = False
    provenance: Mapping[str, str] = attrs.field(factory=dict, eq=False, repr=False)

    @property
    def scout(self) -> bool:
        """Whether it has scout status (2.2.3 footnote; 14.5: S, SV, SD)."""
        return SCOUT in self.type

    def can_fly(self, mission: str) -> bool:
        """Whether its type allows ``mission`` (14.0-14.5; notes 7.3 step 2)."""
        t = self.type
        if mission == "level":
            return t in ("B", "SV")
        if mission == "dive":
            return t in ("D", "SD")
        if mission == "torpedo":
            return self.torpedo
        if mission in ("escort", "interception", "cap"):
            return t == "F"
        if mission == "scouting":
            return self.scout
        return False


@attrs.frozen
class ShipSpec:
    """One ship's Ship Status Sheet line and counter values (2.2.2, 16.0, 25.4.5).

    Attributes:
        name: the name of 31.x (``"Lexington"``); an unnamed AP/AO gets a made-up
            but labelled name (``"AP 1"``).
        side: ``JAPAN`` or ``ALLIES``.
        type: one of ``SHIP_TYPES``.
        navy: ``"IJN"``, ``"USN"``, ``"RAN"``.
        flotation: the flotation boxes, left to right, each printed with the speed the
            ship has while it is the rightmost undarkened one (25.4.5.A-B: darkened right
            to left; 0 = dead in the water; all dark = sunk). ``flotation[-1]`` is the
            undamaged speed (2, 1 or 0 hexes a turn, 15.A).
        gunnery: the gunnery boxes, left to right, each printed with the main gun factor
            left while it is the rightmost undarkened one (25.4.5.C; all dark = all guns and
            AA lost). For a CV/CVL the box value is also its AA factor (25.4.5.D).
        intermediate: intermediate gun factor, undamaged (25.4.3).
        secondary: secondary gun factor, undamaged (25.4.3).
        aa: AA fire factor, undamaged (25.2.2).
        torpedo: surface torpedo factor (25.4.6; 0 when it has no tubes).
        capacity: aircraft capacity in counters (CV 12, CVL 4, AV 6; 16.1-16.3; else 0).
        provenance: field name -> provenance word.
    """

    name: str
    side: str
    type: str
    navy: str
    flotation: tuple[int, ...]
    gunnery: tuple[int, ...]
    intermediate: int
    secondary: int
    aa: int
    torpedo: int = 0
    capacity: int = 0
    provenance: Mapping[str, str] = attrs.field(factory=dict, eq=False, repr=False)

    @property
    def speed(self) -> int:
        """Undamaged speed in hexes a turn (15.A)."""
        return self.flotation[-1] if self.flotation else 0
