"""The Combat Phase on csdata's reconstructed pack (real aircraft, ships and tables)."""

from __future__ import annotations

import pytest
from tests.games.coral_sea.combat_fixtures import Base, Geo, hx, state
from tests.games.coral_sea.combat_harness import apply, play

from navalwar.dice import Dice
from navalwar.engine import Context
from navalwar.games.coral_sea import air_state as air
from navalwar.games.coral_sea import bombing, combat_choices, odds
from navalwar.games.coral_sea import combat_phase as cp
from navalwar.games.coral_sea.data import CoralSeaData
from navalwar.games.coral_sea.model import BaseState, Ship, TaskForce
from navalwar.games.coral_sea.units import ALLIES, JAPAN

pack = pytest.importorskip("navalwar.games.coral_sea.pack")


@pytest.fixture(scope="module")
def real() -> CoralSeaData:
    aircraft, ships = pack.load_units()
    geo = Geo((Base("Port Moresby One", hx("1010"), efficiency="B", capacity=8),))
    return CoralSeaData(geography=geo, aircraft=aircraft, ships=ships, tables=pack.load_tables())


def _plane(cid: str, model: str, side: str, mission: str | None, **kw: object) -> air.Aircraft:
    kw.setdefault("hex", hx("1010"))
    kw.setdefault("status", air.AIRBORNE)
    return air.Aircraft(cid, model, side, mission=mission, **kw)  # type: ignore[arg-type]


def battle():  # type: ignore[no-untyped-def]
    planes = [_plane(f"J-A6M2-{i}", "A6M2", JAPAN, air.ESCORT) for i in range(4)]
    planes += [_plane(f"J-D3A1-{i}", "D3A1", JAPAN, air.DIVE) for i in range(4)]
    planes += [_plane(f"J-B5N2-{i}", "B5N2", JAPAN, air.TORPEDO) for i in range(3)]
    planes += [_plane(f"J-G4M1-{i}", "G4M1", JAPAN, air.LEVEL) for i in range(3)]
    planes += [
        _plane(f"A-F4F-{i}", "F4F-3", ALLIES, None, status=air.CAP, hex=None, base="Lexington")
        for i in range(3)
    ]
    planes += [
        _plane(f"A-SBD-{i}", "SBD-3", ALLIES, None, status=air.DOWN, hex=None, base="Lexington")
        for i in range(6)
    ]
    planes += [
        _plane(
            f"A-P39-{i}", "P-39D", ALLIES, None, status=air.READY, hex=None, base="Port Moresby One"
        )
        for i in range(2)
    ]
    h = hx("1010")
    ships = [Ship(n, ALLIES, h, "TF17") for n in ("Lexington", "Minneapolis", "Phelps", "Dewey")]
    ships += [Ship(n, JAPAN, h, "TF1") for n in ("Aoba", "Kinugasa", "Yubari", "Tenryu")]
    tfs = [TaskForce("TF17", ALLIES, h, revealed=True), TaskForce("TF1", JAPAN, h)]
    return state(planes, ships, tfs, [BaseState("Port Moresby One", ALLIES)])


def test_random_agents_play_a_whole_battle_on_the_real_pack(real: CoralSeaData) -> None:
    kinds: set[str] = set()
    for seed in range(25):
        s, asked = play(battle(), real, Context(Dice(seed)), agent_dice=Dice(9000 + seed))
        assert s.combat is None
        kinds |= {d.kind for d in asked}
        for a in s.air.aircraft:
            assert a.status in (
                air.AIRBORNE,
                air.CAP,
                air.DOWN,
                air.READY,
                air.LIMBO,
                air.DESTROYED,
            )
    assert {"form_waves", "designate_target", "form_screen", "surface_move"} <= kinds


def test_real_pack_odds_match_the_real_resolution(real: CoralSeaData) -> None:
    exact = odds.level_wave(16, real)  # two B-17 counters
    seen = odds.sample(lambda c: bombing.level_ships(16, real, c), 20_000)
    assert sum(exact.values()) == 1
    for k in set(exact) | set(seen):
        assert abs(float(exact.get(k, 0)) - float(seen.get(k, 0))) < 0.02


def test_every_combat_event_is_declared_with_its_keys(real: CoralSeaData) -> None:
    from navalwar.events import problem, vocabulary
    from navalwar.games.coral_sea.events import EVENT_KINDS

    kinds = vocabulary(EVENT_KINDS)
    for seed in range(10):
        c = Context(Dice(seed))
        play(battle(), real, c, agent_dice=Dice(77 + seed))
        bad = [p for e in c.events if (p := problem(kinds, e)) is not None]
        assert bad == []


def test_the_heuristic_choices_are_legal_and_finish_the_battle(real: CoralSeaData) -> None:
    for seed in range(10):
        s, c = battle(), Context(Dice(seed))
        for _ in range(1000):
            d = cp.ask(None, s, real)
            if d is None:
                break
            action = combat_choices.choose(d, s, real)
            assert action is not None and d.check(action) is None, d.kind
            s = apply(s, real, action, c)
        s = cp.run(None, s, real, c)
        assert s.combat is None
