"""Synthetic Coral Sea data for the combat tests: small tables, a few aircraft and ships.

The values are made up so that the tests can script dice and know the result; they
are not the game's (csdata's ``data/coral_sea`` pack is).
"""

from __future__ import annotations

from collections.abc import Sequence

from tests.games.coral_sea.fake_geography import FakeBase, FakeGeography, grid

from navalwar.games.coral_sea import air_state as air
from navalwar.games.coral_sea.data import CoralSeaData
from navalwar.games.coral_sea.model import BaseState, Scenario, Ship, State, TaskForce
from navalwar.games.coral_sea.table_types import (
    BREAK_OFF,
    CLOSE,
    INTERMEDIATE,
    PRIMARY,
    SECONDARY,
    STAND,
    AirfieldResult,
    Gunnery,
    Hits,
    Tables,
)
from navalwar.games.coral_sea.units import ALLIES, JAPAN, AircraftModel, ShipSpec
from navalwar.hexgrid import Hex
from navalwar.tables import Table1D, Table2D

MAP = grid("combat test map", 30, 30)
D6 = ("1", "2", "3", "4", "5", "6")
ODDS = ("1:3", "1:2", "1:1", "3:2", "2:1", "3:1")


def hx(label: str) -> Hex:
    return MAP.hex(label)


def _t2(rows: Sequence[str], cols: Sequence[str], cells, labels: bool = False, name: str = ""):  # type: ignore[no-untyped-def]
    return Table2D.of(rows, cols, cells, label_columns=labels, name=name)


def tables() -> Tables:
    """Synthetic tables: each cell follows a simple formula the tests can read."""
    # air-to-air: losses = 1 when roll + column index >= 6, 2 when >= 9
    a2a = [[(r + c >= 6) + (r + c >= 9) for c in range(len(ODDS))] for r in range(1, 7)]
    level_ships = [
        [
            Hits(flotation=1) if r + c >= 12 else Hits(gunnery=1) if r + c == 11 else Hits()
            for c in range(3)
        ]
        for r in range(2, 13)
    ]
    field = [
        [AirfieldResult(aircraft=1 if r + c >= 6 else 0, field_out=r + c >= 8) for c in range(3)]
        for r in range(1, 7)
    ]
    gun_hit = [[1 if r + c >= 6 else 0 for c in range(3)] for r in range(1, 8)]
    gunnery = Gunnery(
        to_hit=_t2([str(r) for r in range(1, 8)], ("1-2", "3-4", "5+"), gun_hit),
        hit_type=Table1D.of({"1-3": "flotation", "4-6": "gunnery"}),
    )
    ranges = {
        (PRIMARY, CLOSE): INTERMEDIATE,
        (PRIMARY, STAND): PRIMARY,
        (PRIMARY, BREAK_OFF): None,
        (INTERMEDIATE, CLOSE): SECONDARY,
        (INTERMEDIATE, STAND): INTERMEDIATE,
        (INTERMEDIATE, BREAK_OFF): PRIMARY,
        (SECONDARY, CLOSE): SECONDARY,
        (SECONDARY, STAND): SECONDARY,
        (SECONDARY, BREAK_OFF): INTERMEDIATE,
    }
    return Tables(
        wind_speed=Table1D.of({"1-6": 1}),
        squall_appearance=Table1D.of({"1-6": False}),
        maintenance={"A": 3, "B": 2, "C": 1},
        ship_maintenance={"CV": 3, "CVL": 2, "AV": 2},
        scramble=Table1D.of({"0 or less": -1, "1+": 2}),
        level_ships=_t2([str(r) for r in range(2, 13)], ("1-4", "5-8", "9+"), level_ships),
        level_airfields=_t2(D6, ("1-4", "5-8", "9+"), field),
        dive_airfields=_t2(D6, ("1", "2", "3+"), field),
        dive_to_hit=_t2(
            D6, ("1", "2", "3+"), [[1 if r + c >= 5 else 0 for c in range(3)] for r in range(1, 7)]
        ),
        dive_damage=Table1D.of(
            {"1-2": Hits(flotation=1), "3-5": Hits(gunnery=1), "6": Hits(flotation=2)}
        ),
        air_to_air=_t2(D6, ODDS, a2a, labels=True, name="Air-to-Air CRT"),
        airfield_aa=_t2(
            D6,
            ("A", "B", "C"),
            [[1 if r + (2 - c) >= 6 else 0 for c in range(3)] for r in range(1, 7)],
            labels=True,
        ),
        ship_aa=_t2(
            D6,
            ("0", "1-2", "3-4", "5+"),
            [[1 if c and r + c >= 6 else 0 for c in range(4)] for r in range(1, 7)],
        ),
        range_effect=ranges,
        intermediate=gunnery,
        secondary=gunnery,
        torpedo=_t2(
            D6, ("1", "2", "3+"), [[1 if r + c >= 6 else 0 for c in range(3)] for r in range(1, 7)]
        ),
        bombardment=_t2(
            D6, ("1-4", "5-8", "9+"), [[r + c >= 6 for c in range(3)] for r in range(1, 7)]
        ),
        usaaf=Table1D.of({"1-6": ()}),
        ship_vp={"CV": 10, "CVL": 5, "CA": 4, "CL": 3, "DD": 1, "AP": 2, "AO": 1, "AV": 2, "ML": 1},
        aircraft_vp={"F": 1, "B": 1, "D": 1, "V": 1, "S": 1, "SV": 1, "SD": 1},
    )


MODELS = {
    m.model: m
    for m in (
        AircraftModel("A6M2", "Zero", JAPAN, "IJN", "F", "C", attack=4, defense=3, bomb=0, range=8),
        AircraftModel("D3A1", "Val", JAPAN, "IJN", "D", "C", attack=1, defense=2, bomb=2, range=8),
        AircraftModel(
            "B5N2",
            "Kate",
            JAPAN,
            "IJN",
            "V",
            "C",
            attack=1,
            defense=2,
            bomb=2,
            range=8,
            torpedo=True,
        ),
        AircraftModel(
            "G4M1",
            "Betty",
            JAPAN,
            "IJN",
            "B",
            "L",
            attack=1,
            defense=2,
            bomb=3,
            range=12,
            torpedo=True,
        ),
        AircraftModel(
            "F4F-3", "Wildcat", ALLIES, "USN", "F", "C", attack=3, defense=3, bomb=0, range=6
        ),
        AircraftModel(
            "SBD-3", "Dauntless", ALLIES, "USN", "SD", "C", attack=1, defense=2, bomb=3, range=8
        ),
        AircraftModel(
            "TBD-1",
            "Devastator",
            ALLIES,
            "USN",
            "V",
            "C",
            attack=1,
            defense=1,
            bomb=2,
            range=6,
            torpedo=True,
        ),
        AircraftModel(
            "B-17",
            "Flying Fortress",
            ALLIES,
            "USAAF",
            "B",
            "L",
            attack=2,
            defense=4,
            bomb=4,
            range=14,
        ),
    )
}

SHIPS = {
    s.name: s
    for s in (
        ShipSpec(
            "Lexington", ALLIES, "CV", "USN", (0, 1, 1, 2, 2), (2, 3, 4), 0, 4, 5, capacity=12
        ),
        ShipSpec("Minneapolis", ALLIES, "CA", "USN", (0, 1, 2, 2), (2, 4, 6), 6, 3, 3),
        ShipSpec("Phelps", ALLIES, "DD", "USN", (1, 2), (1, 2), 0, 2, 1, torpedo=2),
        ShipSpec("Shokaku", JAPAN, "CV", "IJN", (0, 1, 1, 2, 2), (2, 3, 4), 0, 4, 4, capacity=12),
        ShipSpec("Shoho", JAPAN, "CVL", "IJN", (0, 1, 2), (1, 2), 0, 2, 2, capacity=4),
        ShipSpec("Aoba", JAPAN, "CA", "IJN", (0, 1, 2, 2), (2, 4, 5), 5, 3, 2),
        ShipSpec("Yubari", JAPAN, "CL", "IJN", (1, 1, 2), (1, 2, 3), 3, 2, 2, torpedo=3),
        ShipSpec("Kikuzuki", JAPAN, "DD", "IJN", (1, 2), (1, 2), 0, 2, 1, torpedo=2),
        ShipSpec("AP 1", JAPAN, "AP", "IJN", (1, 1), (1,), 0, 0, 1),
    )
}


def data(bases: Sequence[FakeBase] = (), towns: Sequence[tuple[str, str]] = ()) -> CoralSeaData:
    geo = FakeGeography(MAP, tuple(bases), towns=tuple((n, hx(h)) for n, h in towns))
    return CoralSeaData(geography=geo, aircraft=MODELS, ships=SHIPS, tables=tables())


def counter(
    cid: str,
    model: str,
    *,
    status: str = air.AIRBORNE,
    hex: str | None = "1010",
    base: str | None = None,
    mission: str | None = None,
    extended: int = 0,
) -> air.Aircraft:
    side = MODELS[model].side
    return air.Aircraft(
        cid,
        model,
        side,
        status,
        base=base,
        hex=None if hex is None else hx(hex),
        mission=mission,
        extended=extended,
    )


def state(
    aircraft: Sequence[air.Aircraft] = (),
    ships: Sequence[Ship] = (),
    task_forces: Sequence[TaskForce] = (),
    bases: Sequence[BaseState] = (),
    *,
    turn: int = 1,
    initiative: str = JAPAN,
) -> State:
    return State(
        scenario=Scenario("test", "Combat test", 10, "7 May 1942"),
        turn=turn,
        step="combat.resolve",
        initiative=initiative,
        ships=tuple(ships),
        task_forces=tuple(task_forces),
        bases=tuple(bases),
        air=air.AirState(aircraft=tuple(aircraft)),
    )


def ship(name: str, hex: str = "1010", tf: str | None = None, **kw: object) -> Ship:
    return Ship(name, SHIPS[name].side, hx(hex), tf, **kw)  # type: ignore[arg-type]
