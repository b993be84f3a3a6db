"""The Combat Phase on csdata's reconstructed pack (real aircraft, ships and tables)."""

from __future__ import annotations

import pytest
from tests.games.coral_sea.combat_fixtures import MAP, hx, state
from tests.games.coral_sea.combat_harness import apply, play
from tests.games.coral_sea.fake_geography import FakeBase, FakeGeography

from navalwar.dice import Dice
from navalwar.engine import Context
from navalwar.games.coral_sea import air_state as air
from navalwar.games.coral_sea import bombing, combat_choices, odds
from navalwar.games.coral_sea import combat_phase as cp
from navalwar.games.coral_sea.data import CoralSeaData
from navalwar.games.coral_sea.model import BaseState, Ship, State, TaskForce
from navalwar.games.coral_sea.units import ALLIES, JAPAN

pack = pytest.importorskip("navalwar.games.coral_sea.pack")


@pytest.fixture(scope="module")
def real() -> CoralSeaData:
    aircraft, ships = pack.load_units()
    geo = FakeGeography(
        MAP, (FakeBase("Port Moresby One", hx("1010"), efficiency="B", capacity=8),)
    )
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


def _by_heuristic(s: State, real: CoralSeaData, c: Context, limit: int) -> State:
    """``s`` with its Combat Phase played by the heuristic's choices, each one legal."""
    for _ in range(limit):
        d = cp.ask(None, s, real)
        if d is None:
            return cp.run(None, s, real, c)
        action = combat_choices.choose(d, s, real)
        assert action is not None and d.check(action) is None, d.kind
        s = apply(s, real, action, c)
    raise AssertionError(f"the Combat Phase did not end within {limit} choices")


def test_the_heuristic_choices_are_legal_and_finish_the_battle(real: CoralSeaData) -> None:
    for seed in range(10):
        assert _by_heuristic(battle(), real, Context(Dice(seed)), 1000).combat is None


def _random_theatre(real: CoralSeaData, seed: int):  # type: ignore[no-untyped-def]
    """Random forces of both sides spread over three hexes, from the real pack."""
    dice = Dice(seed)
    hexes = [hx("1010"), hx("1011"), hx("1210")]
    models = {
        side: [m for m in real.aircraft.values() if m.side == side] for side in (JAPAN, ALLIES)
    }
    names = {side: [s for s in real.ships.values() if s.side == side] for side in (JAPAN, ALLIES)}
    planes: list[air.Aircraft] = []
    ships: list[Ship] = []
    tfs: list[TaskForce] = []
    for side in (JAPAN, ALLIES):
        for k in range(dice.roll(4) - 1):  # up to three TFs
            h = dice.choose(hexes)
            tf = f"{side[0]}TF{k}"
            tfs.append(TaskForce(tf, side, h, revealed=dice.roll(2) == 1))
            for spec in dice.shuffled(names[side])[: dice.roll(4)]:
                if all(s.name != spec.name for s in ships):
                    hurt = min(dice.roll(2) - 1, len(spec.flotation) - 1)
                    ships.append(Ship(spec.name, side, h, tf, flotation_hits=hurt))
        for i in range(dice.roll(12)):
            m = dice.choose(models[side])
            missions = [x for x in air.MISSIONS if m.can_fly(x)] or [air.ESCORT]
            planes.append(
                air.Aircraft(
                    f"{side[0]}-{m.model}-{i}",
                    m.model,
                    side,
                    air.AIRBORNE,
                    hex=dice.choose(hexes),
                    mission=dice.choose(missions),
                    extended=dice.roll(4) - 1 if dice.roll(3) == 1 else 0,
                )
            )
    carriers = [s for s in ships if real.ships[s.name].capacity]
    for i, s in enumerate(carriers):
        for j in range(dice.roll(4)):
            m = next(x for x in models[s.side] if x.landing == "C")
            status = air.CAP if m.type == "F" and dice.roll(2) == 1 else air.DOWN
            planes.append(
                air.Aircraft(f"{s.side[0]}-deck-{i}-{j}", m.model, s.side, status, base=s.name)
            )
    return state(planes, ships, tfs, [BaseState("Port Moresby One", ALLIES)])


def test_random_theatres_keep_the_invariants(real: CoralSeaData) -> None:
    for seed in range(40):
        s0 = _random_theatre(real, seed)
        s, _ = play(s0, real, Context(Dice(seed)), agent_dice=Dice(seed + 1))
        assert s.combat is None
        for ship in s.ships:
            spec = real.ships[ship.name]
            assert ship.sunk == (ship.flotation_hits >= len(spec.flotation))
            assert 0 <= ship.gunnery_hits <= len(spec.gunnery)
        before = {a.id: a.status for a in s0.air.aircraft}
        for a in s.air.aircraft:
            if a.status != before[a.id]:  # only combat's piles
                assert a.status in (air.LIMBO, air.DESTROYED) and a.base is None


def test_random_theatres_with_the_heuristic_choices(real: CoralSeaData) -> None:
    for seed in range(40):
        s = _by_heuristic(_random_theatre(real, seed), real, Context(Dice(seed)), 2000)
        assert s.combat is None
