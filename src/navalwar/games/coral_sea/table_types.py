"""The shapes of Coral Sea's 28 missing tables (notes 4.2, M1-M28).

The rulebook names every table and prints none; ``data/coral_sea/*.toml``
reconstructs their contents (``docs/data/coral_sea.md``). This module fixes what
each table is indexed by and what it returns, so the rules read them one way.
Every table is read with d6 rolls: one die unless the field says two (2d6, the
"1 in 36" of 14.1.1). Columns keyed by a factor use the core range keys
(``"1-2"``, ``"9+"``), so a factor beyond the printed columns reads the end column.
"""

from __future__ import annotations

from collections.abc import Mapping

import attrs

from navalwar.tables import Table1D, Table2D

#: "All may fly" in the Scramble Table (13.G).
ALL = -1

#: Range bands of a surface action (25.4.2.A), nearest last.
PRIMARY, INTERMEDIATE, SECONDARY = "primary", "intermediate", "secondary"
RANGES = (PRIMARY, INTERMEDIATE, SECONDARY)
#: The movement choices of a surface action (25.4.1.1).
CLOSE, STAND, BREAK_OFF = "close", "stand", "break_off"


@attrs.frozen
class Hits:
    """Ship hits a table gives (25.4.5): flotation and gunnery boxes to darken."""

    flotation: int = 0
    gunnery: int = 0

    @property
    def any(self) -> bool:
        """Whether it darkens a box."""
        return bool(self.flotation or self.gunnery)


@attrs.frozen
class AirfieldResult:
    """What a bombing of an airfield does (14.1.1.A, 14.1.2.B, 25.3; notes A51)."""

    aircraft: int = 0  # counters on the ground destroyed (to limbo, 17.A)
    field_out: bool = False  # the field is out until the next dawn turn (as 8.D)


@attrs.frozen
class Grant:
    """One line of a USAAF Commitment Table result (21.C-D)."""

    model: str
    count: int
    temporary: bool


@attrs.frozen
class Gunnery:
    """A gunnery table (25.4.3.B): the to-hit portion, then the hit-type portion.

    ``to_hit``: rows 1d6 + DRM (25.4.4 ranging +1), columns gun factor -> boxes hit (0 =
    miss). ``hit_type``: 1d6 -> ``"flotation"`` or ``"gunnery"``, rolled per hit.
    """

    to_hit: Table2D[int]
    hit_type: Table1D[str]


@attrs.frozen
class Tables:
    """Every procedure and combat table (notes M1-M20), with each table's provenance.

    Attributes:
        wind_speed: 1d6 -> hexes every squall moves south-east (M1, 5.1.B).
        squall_appearance: 1d6 -> whether a new squall appears (M2, 5.1.C).
        maintenance: efficiency letter -> down counters made ready a turn (M4, 9.B).
        ship_maintenance: ship type (CV, CVL, AV) -> counters made ready (M4, notes A13).
        scramble: attacking counters minus CAP counters -> ready counters that may
            fly, ``ALL`` for all (M5, 13.G).
        level_ships: rows 2d6, columns the wave's total bomb strength -> hits (M6).
        level_airfields: rows 1d6, columns total bomb strength -> result (M7).
        dive_airfields: rows 1d6, columns the counter's bomb factor -> result (M8).
        dive_to_hit: rows 1d6, columns the counter's bomb factor -> hit (1) or miss (0) (M9).
        dive_damage: 1d6 -> hits of one dive-bomb hit (M10).
        air_to_air: rows 1d6, columns odds (``"1:3"``, ``"1:2"``, ``"1:1"``, ``"2:1"``...,
            ascending) -> counters the receiving wave loses (M11, 25.1.2).
        airfield_aa: rows 1d6, columns flak letter -> attacking counters lost (M12).
        ship_aa: rows 1d6, columns AA factor -> attacking counters lost (M13).
        range_effect: (range, choice carried out) -> the new range, or ``None``
            when the action ends (M14, 25.4.2.E).
        intermediate: the Intermediate Gunnery Table (M15; also aerial torpedoes, 14.1.3).
        secondary: the Secondary Gunnery Table (M16).
        torpedo: rows 1d6, columns torpedo factor -> flotation hits (M17, 25.4.6).
        bombardment: rows 1d6, columns the bombarding ships' summed secondary (or
            intermediate) gun factors -> whether the target is damaged (M18, 25.4.7).
        usaaf: 1d6 -> the aircraft committed (M19, 21.C).
        ship_vp: ship type -> VP for sinking it (M20, 24.A).
        aircraft_vp: aircraft type code -> VP per counter destroyed (M20).
        provenance: table field name -> provenance word.
    """

    wind_speed: Table1D[int]
    squall_appearance: Table1D[bool]
    maintenance: Mapping[str, int]
    ship_maintenance: Mapping[str, int]
    scramble: Table1D[int]
    level_ships: Table2D[Hits]
    level_airfields: Table2D[AirfieldResult]
    dive_airfields: Table2D[AirfieldResult]
    dive_to_hit: Table2D[int]
    dive_damage: Table1D[Hits]
    air_to_air: Table2D[int]
    airfield_aa: Table2D[int]
    ship_aa: Table2D[int]
    range_effect: Mapping[tuple[str, str], str | None]
    intermediate: Gunnery
    secondary: Gunnery
    torpedo: Table2D[int]
    bombardment: Table2D[bool]
    usaaf: Table1D[tuple[Grant, ...]]
    ship_vp: Mapping[str, int]
    aircraft_vp: Mapping[str, int]
    provenance: Mapping[str, str] = attrs.field(factory=dict, eq=False, repr=False)
