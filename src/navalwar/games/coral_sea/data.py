"""The Coral Sea data pack as the rules read it: map, unit data, tables (issue 17).

``CoralSeaData`` is what every rule function gets as ``data``. Its parts are loaded
by the modules that own them: the map by ``geography.py`` (from
``data/coral_sea/map.toml`` and ``bases.toml``), the aircraft, ships and tables by
``pack.py`` (``aircraft.csv``, ``ships.csv``, the tables). ``Geography`` states
what the rules ask of the map, so they do not depend on how it is built.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from typing import Protocol

import attrs

from navalwar.games.coral_sea.table_types import Tables
from navalwar.games.coral_sea.units import AircraftModel, ShipSpec
from navalwar.hexgrid import Hex, MapSpec


class BaseInfo(Protocol):
    """An airfield or seaplane base of the map (8.0)."""

    @property
    def name(self) -> str: ...  # "Port Moresby One"

    @property
    def hex(self) -> Hex: ...

    @property
    def kind(self) -> str: ...  # "airfield" or a seaplane base ("seaplane base")

    @property
    def efficiency(self) -> str: ...  # the rating's letter (8.B; the flak letter, 25.2.1)

    @property
    def capacity(self) -> int: ...  # the rating's number, in counters (8.C)

    @property
    def australian(self) -> bool: ...  # on the Australian mainland (18.0, 21.C)


class Geography(Protocol):
    """The map (2.1): 40-mile hexes labelled XXYY, terrain, bases, places and edges."""

    @property
    def spec(self) -> MapSpec: ...

    @property
    def bases(self) -> Sequence[BaseInfo]: ...

    def terrain(self, h: Hex) -> str: ...  # "sea", "partial" or "land" (a StrEnum may)

    def is_sea_passable(self, h: Hex) -> bool: ...  # ships may enter (6.B, 15.I)

    def place(self, name: str) -> Hex: ...  # a named place's hex ("Rabaul", "Tulagi")

    def towns_in(self, h: Hex) -> tuple[str, ...]: ...  # towns there that are no base (25.4.7.A)

    def has_towns(self) -> bool: ...  # whether any town on the map is no base (25.4.7.A)

    def edge_hexes(self, edge: str, full_only: bool = False) -> Collection[Hex]: ...

    def distance_to_edge(self, h: Hex, edge: str, full_only: bool = True) -> int: ...

    def squall_entry_hexes(self, roll: int) -> tuple[Hex, ...]: ...  # 5.1.D

    def southeast(self, h: Hex, n: int) -> Hex | None: ...  # 5.1.B drift; None: off the map


@attrs.frozen
class CoralSeaData:
    """Everything the rules read that is not the state.

    Attributes:
        geography: the map.
        aircraft: model code -> its counter values.
        ships: ship name -> its Ship Status Sheet line.
        tables: every table.
        provenance: the pack's overall provenance word (the weakest of its files').
        strict: loaded with ``--strict``.
    """

    geography: Geography
    aircraft: Mapping[str, AircraftModel]
    ships: Mapping[str, ShipSpec]
    tables: Tables
    provenance: str = "reconstructed"
    strict: bool = False
