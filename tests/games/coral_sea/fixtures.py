"""Small synthetic Coral Sea data for the spine's tests (csgame): a map with the named
places in plausible hexes, ship and aircraft values, and placeholder tables, built from
the contract's classes, so the rules can be tested before (and apart from) the real
pack. ``FIXTURE_GAME`` is the game playing with it (id ``coral_sea_fixture``)."""

from __future__ import annotations

import contextlib
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

import attrs
from tests.games.coral_sea.fake_geography import FakeBase, FakeGeography, grid

from navalwar import registry
from navalwar.games.coral_sea.data import CoralSeaData
from navalwar.games.coral_sea.game import SPEC, CoralSea
from navalwar.games.coral_sea.table_types import AirfieldResult, Gunnery, Hits, Tables
from navalwar.games.coral_sea.units import ALLIES, JAPAN, AircraftModel, ShipSpec
from navalwar.hexgrid import Hex
from navalwar.tables import RangeKey, Table1D, Table2D

SPEC_MAP = grid("Coral Sea (fixture)", 54, 38)


def _h(label: str) -> Hex:
    return SPEC_MAP.hex(label)


BASES = (
    FakeBase("Port Moresby One", _h("1414"), "airfield", "A", 8),
    FakeBase("Port Moresby Two", _h("1414"), "airfield", "C", 4),
    FakeBase("Rabaul", _h("3008"), "airfield", "B", 12),
    FakeBase("Kavieng", _h("2803"), "airfield", "C", 6),
    FakeBase("Gasmata", _h("2712"), "airfield", "C", 4),
    FakeBase("Lae", _h("1810"), "airfield", "C", 6),
    FakeBase("Shortlands", _h("3815"), "seaplane", "C", 6),
    FakeBase("Tulagi", _h("4420"), "seaplane", "C", 4),
    FakeBase("Townsville", _h("0926"), "airfield", "A", 12, True),
    FakeBase("Cloncurry", _h("0530"), "airfield", "B", 6, True),
    FakeBase("New Caledonia", _h("4836"), "seaplane", "B", 6),
)
PARTIAL = frozenset(
    _h(x) for x in ("1414", "3008", "1810", "4420", "0926", "2803", "2712", "3815", "4836")
)
LAND = (
    {_h(f"{c:02}{r:02}") for c in range(10, 21) for r in range(11, 14)}
    | {_h(f"{c:02}{r:02}") for c in range(1, 11) for r in range(27, 39)}
) - PARTIAL
GEOGRAPHY = FakeGeography(SPEC_MAP, BASES, frozenset(LAND), PARTIAL)


# -- units -------------------------------------------------------------------------------
TYPES = {
    "CV": "Lexington Yorktown Zuikaku Shokaku",
    "CVL": "Shoho",
    "AV": "Kiyokawa Maru|Kamikawa Maru",
    "CA": "Minneapolis|San Francisco|Indianapolis|Pensacola|Astoria|Chicago|Louisville|Australia"
    "|Portland|New Orleans|Chester|Aoba|Kinugasa|Kako|Furutaka|Haguro|Myoko",
    "CL": "Yubari Tatsuta Tenryu Kashima Hobart",
    "ML": "Koei Maru|Okinoshima|Tsugaru",
    "AO": "Toho Maru|Goyo Maru|Hoyo Maru|AO 1|Tippecanoe|Neosho",
    "AP": "AP 1|AP 2|AP 3",
}
DDS = {
    ALLIES: "Patterson Dewey Hull Dale Drayton Phelps Clark MacDonough Aylwin Bagley Perkins "
    "Lamson Hammann Anderson Russell Sims Hughes Walke Farragut Monaghan Worden Morris",
    JAPAN: "Asanagi Mutsuki Motiduki Oite Yunagi Yayoi Ushio Akebono Uzuki Ariake Shiratsuyu "
    "Yogure Sigure Sazanami Yuzuki Kikuzuki",
}
JAPANESE = {
    "Zuikaku",
    "Shokaku",
    "Shoho",
    "Aoba",
    "Kinugasa",
    "Kako",
    "Furutaka",
    "Haguro",
    "Myoko",
    "Yubari",
    "Tatsuta",
    "Tenryu",
    "Kashima",
} | {
    "Kiyokawa Maru",
    "Kamikawa Maru",
    "Koei Maru",
    "Okinoshima",
    "Tsugaru",
    "Toho Maru",
    "Goyo Maru",
    "Hoyo Maru",
    "AO 1",
    "AP 1",
    "AP 2",
    "AP 3",
}
SPEEDS = {
    "CV": (0, 1, 2, 2),
    "CVL": (0, 1, 2),
    "AV": (0, 1, 2),
    "CA": (0, 1, 2, 2),
    "CL": (0, 1, 2),
    "ML": (0, 2),
    "AO": (0, 2),
    "AP": (0, 1),
    "DD": (0, 2),
}
CAPACITY = {"CV": 12, "CVL": 4, "AV": 6}


def _ships() -> dict[str, ShipSpec]:
    out: dict[str, ShipSpec] = {}
    for kind, names in TYPES.items():
        for name in names.split("|" if "|" in names else " "):
            side = JAPAN if name in JAPANESE else ALLIES
            navy = "IJN" if side == JAPAN else "RAN" if name in ("Australia", "Hobart") else "USN"
            out[name] = ShipSpec(
                name,
                side,
                kind,
                navy,
                SPEEDS[kind],
                (3, 2, 1),
                3,
                2,
                2,
                capacity=CAPACITY.get(kind, 0),
            )
    for side, names in DDS.items():
        for name in names.split():
            out[name] = ShipSpec(
                name,
                side,
                "DD",
                "IJN" if side == JAPAN else "USN",
                SPEEDS["DD"],
                (1,),
                0,
                1,
                1,
                torpedo=2,
            )
    return out


AIRCRAFT = {
    a.model: a
    for a in (
        AircraftModel("A6M2", "Zero Fighter", JAPAN, "IJN", "F", "C", 4, 3, 0, 10),
        AircraftModel("A6M3", "Zero Fighter", JAPAN, "IJN", "F", "L", 4, 3, 0, 12),
        AircraftModel("B5N2", "Kate", JAPAN, "IJN", "V", "C", 1, 2, 3, 8, torpedo=True),
        AircraftModel("D3A1", "Val", JAPAN, "IJN", "D", "C", 1, 2, 3, 8),
        AircraftModel("E13A1", "Jake", JAPAN, "IJN", "S", "R", 0, 1, 0, 10),
        AircraftModel("F1M2", "Pete", JAPAN, "IJN", "S", "R", 1, 1, 0, 6),
        AircraftModel("G3M2", "Nell", JAPAN, "IJN", "B", "L", 0, 2, 2, 18, True, True),
        AircraftModel("G4M1", "Betty", JAPAN, "IJN", "B", "L", 0, 2, 3, 20, True, True),
        AircraftModel("H6K4", "Mavis", JAPAN, "IJN", "S", "W", 0, 2, 1, 24, True, True),
        AircraftModel("B-17", "Flying Fortress", ALLIES, "USAAF", "B", "L", 1, 4, 3, 20, True),
        AircraftModel("F4F-3", "Wildcat", ALLIES, "USN", "F", "C", 3, 3, 0, 8),
        AircraftModel("P-39D", "Airacobra", ALLIES, "USAAF", "F", "L", 3, 2, 0, 6),
        AircraftModel("P-40D", "Kittyhawk", ALLIES, "USAAF", "F", "L", 3, 3, 0, 7),
        AircraftModel("PBY-5", "Catalina", ALLIES, "USN", "S", "W", 0, 2, 1, 25, True, True),
        AircraftModel("SBD-2", "Dauntless", ALLIES, "USN", "D", "C", 1, 2, 3, 8),
        AircraftModel("SBD-3", "Dauntless", ALLIES, "USN", "SD", "C", 1, 2, 3, 9),
        AircraftModel("TBD-1", "Devastator", ALLIES, "USN", "V", "C", 0, 1, 3, 6, torpedo=True),
    )
}


def _t2(value: Any) -> Table2D[Any]:
    return Table2D((RangeKey.parse("1-12"),), (RangeKey.parse("0+"),), ((value,),))


def _tables() -> Tables:
    gun = Gunnery(_t2(0), Table1D.of({"1-6": "flotation"}))
    return Tables(
        wind_speed=Table1D.of({"1-2": 0, "3-4": 1, "5-6": 2}),
        squall_appearance=Table1D.of({"1-4": False, "5-6": True}),
        maintenance={"A": 4, "B": 3, "C": 2, "D": 1},
        ship_maintenance={"CV": 4, "CVL": 2, "AV": 2},
        scramble=Table1D.of({"0 or less": -1, "1+": 2}),
        level_ships=_t2(Hits()),
        level_airfields=_t2(AirfieldResult()),
        dive_airfields=_t2(AirfieldResult()),
        dive_to_hit=_t2(0),
        dive_damage=Table1D.of({"1-6": Hits(1)}),
        air_to_air=_t2(0),
        airfield_aa=_t2(0),
        ship_aa=_t2(0),
        range_effect={},
        intermediate=gun,
        secondary=gun,
        torpedo=_t2(0),
        bombardment=_t2(False),
        usaaf=Table1D.of({"1-6": ()}),
        ship_vp={
            "CV": 20,
            "CVL": 10,
            "AV": 4,
            "CA": 6,
            "CL": 4,
            "DD": 2,
            "AO": 3,
            "AP": 4,
            "ML": 1,
        },
        aircraft_vp={"F": 1, "B": 1, "D": 1, "V": 1, "S": 1, "SV": 1, "SD": 1},
    )


def fixture_data() -> CoralSeaData:
    """The synthetic pack."""
    return CoralSeaData(GEOGRAPHY, AIRCRAFT, _ships(), _tables(), "placeholder")


DATA = fixture_data()


class FixtureCoralSea(CoralSea):
    """Coral Sea playing with the synthetic pack (``coral_sea_fixture``)."""

    spec = attrs.evolve(SPEC, id="coral_sea_fixture", title="Coral Sea (test fixture data)")

    def load_data(self, overrides: Sequence[Path] = (), strict: bool = False) -> CoralSeaData:
        return DATA

    @property
    def map(self) -> Any:  # type: ignore[override]
        return SPEC_MAP


FIXTURE_GAME = FixtureCoralSea()


@contextlib.contextmanager
def registered() -> Iterator[None]:
    """``coral_sea_fixture`` registered for the block, and taken back after it (so no
    later test sees a game the tests added)."""
    registry.register(FIXTURE_GAME)
    try:
        yield
    finally:
        registry.unregister(FIXTURE_GAME.id)


# -- states for the rules tests ------------------------------------------------------------
def defaults() -> dict[str, Any]:
    """The game's option defaults."""
    return {o.name: o.default for o in SPEC.options}


def new_state(name: str, **options: Any) -> Any:
    """Scenario ``name`` on the fixture data, before set-up."""
    from navalwar.games.coral_sea import setup

    scenario = FIXTURE_GAME.load_scenario(name, DATA)
    return setup.initial(scenario, DATA, {**defaults(), **options})


def set_up(state: Any, seed: int = 0) -> Any:
    """Both sides' random legal set-ups applied, the state moved to the first turn's
    first step (not yet played)."""
    from navalwar.dice import Dice
    from navalwar.engine import Context
    from navalwar.games.coral_sea import setup
    from navalwar.games.coral_sea.sequence_of_play import DRIVER

    ctx = Context(Dice(seed))
    while setup.setting_up(state) is not None:
        side = setup.setting_up(state)
        state = setup.apply(state, DATA, setup.sample(state, DATA, side, ctx.dice), ctx)
    return DRIVER.begin(state, DATA)


def ctx(*rolls: int) -> Any:
    """A Context on scripted dice (then seeded ones)."""
    from navalwar.dice import ScriptedDice
    from navalwar.engine import Context

    return Context(ScriptedDice(rolls, fallback_seed=1))


def with_tf(
    state: Any, side: str, tf_id: str, label: str, ships: Sequence[str], **fields: Any
) -> Any:
    """``state`` with ``side``'s TF ``tf_id`` at ``label`` holding exactly ``ships`` (their
    old TFs keep the rest)."""
    from navalwar.games.coral_sea.model import TaskForce

    h = SPEC_MAP.hex(label)
    ships_ = tuple(
        attrs.evolve(s, tf=tf_id, hex=h, out_of_play=False) if s.name in ships else s
        for s in state.ships
    )
    tfs = [tf for tf in state.task_forces if not (tf.side == side and tf.id == tf_id)]
    tfs.append(TaskForce(tf_id, side, h, **fields))
    return attrs.evolve(state, ships=ships_, task_forces=tuple(tfs))


def at_step(state: Any, step: str, **fields: Any) -> Any:
    """``state`` at sequence step ``step``."""
    return attrs.evolve(state, step=step, **fields)


def clean(state: Any) -> Any:
    """``state`` with every ship out of play and no TF: tests then place what they need."""
    ships = tuple(attrs.evolve(s, tf=None, hex=None, out_of_play=True) for s in state.ships)
    return attrs.evolve(state, ships=ships, task_forces=())
