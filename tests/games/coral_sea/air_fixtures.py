"""Small synthetic Coral Sea worlds for the air-rule tests, built from the contract classes.

A 20 x 20 map labelled ``CCRR`` (all sea but a land hex and a partial-sea hex), a few
fields, two carriers and a tender, a handful of models with round numbers, and tables
whose values make the arithmetic of each test obvious. Not the game's data.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from tests.games.coral_sea.fake_geography import FakeBase, FakeGeography, grid

from navalwar.games.coral_sea import air_state as air
from navalwar.games.coral_sea.air_state import Aircraft, AirState
from navalwar.games.coral_sea.data import CoralSeaData
from navalwar.games.coral_sea.model import BaseState, Scenario, Ship, State, TaskForce
from navalwar.games.coral_sea.table_types import ALL, Grant, Gunnery, Hits, Tables
from navalwar.games.coral_sea.units import ALLIES, JAPAN, AircraftModel, ShipSpec
from navalwar.hexgrid import Hex
from navalwar.tables import Table1D, Table2D

SPEC = grid("test map", 20, 20)


def hx(label: str) -> Hex:
    return SPEC.hex(label)


BASES = (
    FakeBase("Rabaul", hx("0505"), "airfield", "A", 6),
    FakeBase("Lae", hx("0508"), "airfield", "C", 2),
    FakeBase("Tulagi", hx("1505"), "seaplane", "B", 4),
    FakeBase("Moresby", hx("1015"), "airfield", "B", 5),
    FakeBase("Townsville", hx("1019"), "airfield", "B", 6, australian=True),
    FakeBase("Cooktown", hx("0519"), "airfield", "C", 2, australian=True),
    FakeBase("Deboyne", hx("1510"), "airfield", "C", 3),  # a partial-sea field (8.E)
)
GEOGRAPHY = FakeGeography(SPEC, BASES, frozenset({hx("0707")}), frozenset({hx("1510")}))


def model(
    code: str,
    side: str,
    type_: str,
    landing: str,
    rng: int,
    *,
    bomb: int = 0,
    long_range: bool = False,
    torpedo: bool = False,
) -> AircraftModel:
    return AircraftModel(
        code, code, side, "IJN" if side == JAPAN else "USN", type_, landing, 2, 2, bomb, rng,
        long_range=long_range, torpedo=torpedo,
    )  # fmt: skip


MODELS = {
    m.model: m
    for m in (
        model("A6M2", JAPAN, "F", "C", 8),
        model("D3A1", JAPAN, "D", "C", 8, bomb=2),
        model("B5N2", JAPAN, "V", "C", 8, bomb=3, torpedo=True),
        model("G4M1", JAPAN, "B", "L", 12, bomb=3, long_range=True, torpedo=True),
        model("H6K4", JAPAN, "S", "W", 14, long_range=True, torpedo=True),
        model("E13A1", JAPAN, "S", "R", 6),
        model("F4F-3", ALLIES, "F", "C", 6),
        model("P-39D", ALLIES, "F", "L", 5),
        model("SBD-3", ALLIES, "SD", "C", 8, bomb=2),
        model("B-17", ALLIES, "B", "L", 14, bomb=1, long_range=True),
        model("PBY-5", ALLIES, "S", "R", 14, long_range=True, torpedo=True),
    )
}


def ship(name: str, side: str, type_: str, capacity: int) -> ShipSpec:
    navy = "IJN" if side == JAPAN else "USN"
    return ShipSpec(name, side, type_, navy, (1, 2, 2), (2, 4), 2, 1, 3, capacity=capacity)


SHIPS = {
    s.name: s
    for s in (
        ship("Shokaku", JAPAN, "CV", 12),
        ship("Shoho", JAPAN, "CVL", 4),
        ship("Lexington", ALLIES, "CV", 12),
        ship("Tangier", ALLIES, "AV", 6),
        ship("Astoria", ALLIES, "CA", 0),
    )
}

_ZERO2D: Table2D[Any] = Table2D.of(["1-6"], ["0+"], [[0]])
_GUNNERY = Gunnery(_ZERO2D, Table1D.of({"1-6": "flotation"}))

#: Scramble Table (13.G) for the tests: N <= 0 all; 1-2: 2; 3-4: 1; 5+: 0.
SCRAMBLE = Table1D.of({"0 or less": ALL, "1-2": 2, "3-4": 1, "5+": 0}, name="Scramble")

#: USAAF Commitment Table for the tests: 1-2 nothing; 3-4 two temporary B-17s; 5 three
#: P-39Ds; 6 four permanent P-39Ds and two B-17s.
USAAF = Table1D.of(
    {
        "1-2": (),
        "3-4": (Grant("B-17", 2, True),),
        "5": (Grant("P-39D", 3, False),),
        "6": (Grant("P-39D", 4, False), Grant("B-17", 2, False)),
    },
    name="USAAF",
)

TABLES = Tables(
    wind_speed=Table1D.of({"1-6": 1}),
    squall_appearance=Table1D.of({"1-6": False}),
    maintenance={"A": 3, "B": 2, "C": 1},
    ship_maintenance={"CV": 4, "CVL": 2, "AV": 2},
    scramble=SCRAMBLE,
    level_ships=Table2D.of(["2-12"], ["0+"], [[Hits()]]),
    level_airfields=_ZERO2D,
    dive_airfields=_ZERO2D,
    dive_to_hit=_ZERO2D,
    dive_damage=Table1D.of({"1-6": Hits()}),
    air_to_air=_ZERO2D,
    airfield_aa=_ZERO2D,
    ship_aa=_ZERO2D,
    range_effect={},
    intermediate=_GUNNERY,
    secondary=_GUNNERY,
    torpedo=_ZERO2D,
    bombardment=Table2D.of(["1-6"], ["0+"], [[False]]),
    usaaf=USAAF,
    ship_vp={},
    aircraft_vp={},
)

DATA = CoralSeaData(GEOGRAPHY, MODELS, SHIPS, TABLES)

SCENARIO = Scenario("air-test", "Air test", 8, "5 May 1942")

HELD = tuple(
    BaseState(b.name, JAPAN if b.name in ("Rabaul", "Lae", "Tulagi", "Deboyne") else ALLIES)
    for b in BASES
)


def counter(aid: str, status: str = air.READY, base: str | None = None, **kw: Any) -> Aircraft:
    side = JAPAN if aid.startswith("J-") else ALLIES
    code = aid.split("-", 1)[1].rsplit("-", 1)[0]
    return Aircraft(aid, code, side, status, base=base, **kw)


def world(
    aircraft: Sequence[Aircraft],
    *,
    turn: int = 1,
    initiative: str = JAPAN,
    ships: Sequence[Ship] = (),
    task_forces: Sequence[TaskForce] = (),
    squalls: Sequence[Hex] = (),
    options: Sequence[tuple[str, object]] = (),
    bases: Sequence[BaseState] = HELD,
    step: str = "air_movement.first",
) -> State:
    return State(
        SCENARIO,
        turn,
        step,
        initiative=initiative,
        squalls=tuple(squalls),
        ships=tuple(ships),
        task_forces=tuple(task_forces),
        bases=tuple(bases),
        air=AirState(tuple(aircraft)),
        options=tuple(options),
    )


#: A Japanese carrier TF (true hex 1208) and an Allied one (true hex 1212), no counters.
JP_TF = TaskForce("TF1", JAPAN, hx("1208"))
US_TF = TaskForce("TF1", ALLIES, hx("1212"))
CARRIERS = (
    Ship("Shokaku", JAPAN, hx("1208"), tf="TF1"),
    Ship("Lexington", ALLIES, hx("1212"), tf="TF1"),
)
