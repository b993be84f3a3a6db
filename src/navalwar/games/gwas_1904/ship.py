"""A Great War at Sea ship: its Ship Data Chart line (GWaS 2.3, 5.1, 7.5, 7.8, 8.x).

Every firepower and hull box carries an armour category: ``H`` heavy,
``L`` light, ``N`` none (GWaS 8.0-8.1). A row of boxes is written as a string
of those letters, left to right (``"HHLL"``), in ``ships.csv``.
"""

from __future__ import annotations

from typing import Any, Literal

import attrs

from navalwar.errors import UnknownNameError
from navalwar.games.gwas_1904.sides import RUSSIAN

Armour = Literal["H", "L", "N"]
ARMOUR_NAMES = {"H": "heavy", "L": "light", "N": "none"}
SPEEDS = ("2", "1+", "1", "1s")  # fastest first; the volume has no 2+ (volume "Speed 1+")
CAPITAL_TYPES = ("B", "CD", "AC")  # volume "Ship Types (5.21)"
LIGHT_TYPES = ("C", "AMC", "BS", "GB", "ML", "DD", "TB")
OTHER_TYPES = ("TR", "COL", "FORT")  # transports, colliers, Port Arthur fortresses (20.44)
TYPES = CAPITAL_TYPES + LIGHT_TYPES + OTHER_TYPES
PARTS = ("primary", "secondary", "tertiary", "hull")


@attrs.frozen(slots=True)
class ShipSpec:
    """One ship's printed values.

    Attributes:
        nation: ``"J"`` (Japan, series "Allied") or ``"R"`` (Russia, series "Central Powers").
        code: the hull code, e.g. ``"B06"``; codes repeat across nations.
        name: the ship's name.
        type: B, CD, AC, C, AMC, BS, GB, ML, DD, TB, TR, COL or FORT.
        italic: italic name: gunnery excellence (+1 to hit, 7.5; 5-6 in Basic combat, 6.1).
        primary, secondary, tertiary, hull: armour letter per box, left to right.
        tertiary_white: auxiliary firepower printed in white: may cause critical damage
            (volume "Special Damage (8.7)").
        torpedo: torpedo factors; ``torpedo_mount`` is ``"fixed"`` (shares the hull's
            armour, -1 to hit, 7.81) or ``"rotating"`` (no armour), ``""`` if none.
        speed: ``"2"``, ``"1+"``, ``"1"`` or ``"1s"``.
        fuel: fuel boxes. vp: Victory Points to the enemy when sunk.
        low_freeboard, shallow_draft: volume special rules.
        provenance: the row's provenance; field_provenance: exceptions by field.
    """

    nation: str
    code: str
    name: str
    type: str
    italic: bool
    primary: str
    secondary: str
    tertiary: str
    tertiary_white: bool
    hull: str
    torpedo: int
    torpedo_mount: str
    speed: str
    fuel: int
    vp: int
    low_freeboard: bool
    shallow_draft: bool
    provenance: str = "reconstructed"
    field_provenance: tuple[tuple[str, str], ...] = ()

    @classmethod
    def custom(cls, name: str, type: str = "B", **fields: Any) -> ShipSpec:
        """A ship made up for a custom battle or a test: ``fields`` override a plain
        Russian ship (code X01, boxes ``HHHH`` / ``LLLL`` / ``NN`` / hull ``HHHHLLNN``,
        no torpedoes, Speed 1, fuel 6, 10 VP) whose provenance is ``placeholder``."""
        base: dict[str, Any] = {
            "nation": RUSSIAN,
            "code": "X01",
            "name": name,
            "type": type,
            "italic": False,
            "primary": "HHHH",
            "secondary": "LLLL",
            "tertiary": "NN",
            "tertiary_white": False,
            "hull": "HHHHLLNN",
            "torpedo": 0,
            "torpedo_mount": "",
            "speed": "1",
            "fuel": 6,
            "vp": 10,
            "low_freeboard": False,
            "shallow_draft": False,
            "provenance": "placeholder",
        }
        unknown = sorted(set(fields) - set(base) - {"field_provenance"})
        if unknown:
            raise UnknownNameError("ship data field", unknown[0], [*base, "field_provenance"])
        return cls(**{**base, **fields})

    @property
    def key(self) -> tuple[str, str]:
        """The unique key: (nation, code)."""
        return (self.nation, self.code)

    @property
    def capital(self) -> bool:
        """B, CD and AC are capital ships; the rest light (volume 5.21)."""
        return self.type in CAPITAL_TYPES

    def boxes(self, part: str) -> str:
        """The armour letters of a part (``primary``, ``secondary``, ``tertiary``, ``hull``)."""
        return str(getattr(self, part))

    def firepower(self, part: str) -> int:
        """Undamaged firepower of a gun part (its number of boxes)."""
        return len(self.boxes(part))
