"""Exact combat odds (``coral_sea.odds``) against hand counts and seeded Monte Carlo of
the real resolution functions."""

from __future__ import annotations

from fractions import Fraction

from tests.games.coral_sea.combat_fixtures import counter, data, ship, state
from tests.games.coral_sea.combat_harness import apply
from tests.games.coral_sea.helpers import ctx

from navalwar.games.coral_sea import air_state as air
from navalwar.games.coral_sea import bombing, odds
from navalwar.games.coral_sea import surface_action as surface
from navalwar.games.coral_sea.air_to_air import engage
from navalwar.games.coral_sea.combat_actions import (
    DesignateTarget,
    FireGuns,
    FireTorpedoes,
    FormWaves,
)
from navalwar.games.coral_sea.table_types import Hits
from navalwar.games.coral_sea.units import SIDES

N = 20_000


def close(exact: dict, seen: dict) -> None:  # type: ignore[type-arg]
    assert sum(exact.values()) == 1
    for k in set(exact) | set(seen):
        assert abs(float(exact.get(k, 0)) - float(seen.get(k, 0))) < 0.02, k


def test_dive_counter_by_hand() -> None:
    d = data()
    dist = odds.dive_counter(3, d)  # to hit on 3+ (4/6), then 1-2 / 3-5 / 6
    assert dist == {
        Hits(): Fraction(1, 3),
        Hits(flotation=1): Fraction(2, 9),
        Hits(gunnery=1): Fraction(1, 3),
        Hits(flotation=2): Fraction(1, 9),
    }
    close(dist, odds.sample(lambda c: bombing.dive_ship(3, d, c), N))


def test_level_wave_on_2d6() -> None:
    d = data()
    dist = odds.level_wave(4, d)  # column 1-4 (index 0): gunnery at 11, flotation at 12
    assert dist[Hits(gunnery=1)] == Fraction(2, 36) and dist[Hits(flotation=1)] == Fraction(1, 36)
    close(dist, odds.sample(lambda c: bombing.level_ships(4, d, c), N))


def test_torpedo_counter_and_salvo() -> None:
    d = data()
    assert odds.torpedo_counter(2, d) == {Hits(): Fraction(5, 6), Hits(flotation=1): Fraction(1, 6)}
    close(odds.torpedo_salvo(3, d), odds.sample(lambda c: surface.torpedo_attack(3, d, c, ""), N))


def test_gunnery_round_with_ranging() -> None:
    d = data()
    table = d.tables.secondary
    plain, ranged = odds.gunnery_round(table, 2), odds.gunnery_round(table, 2, drm=1)
    assert sum(p for h, p in plain.items() if h.any) == Fraction(1, 6)
    assert sum(p for h, p in ranged.items() if h.any) == Fraction(2, 6)
    close(ranged, odds.sample(lambda c: surface.gunnery(table, 2, 1, c, ""), N))


def test_air_engagement_against_monte_carlo() -> None:
    d = data()
    first = [counter(f"J-A6M2-{i}", "A6M2") for i in range(3)]
    second = [counter(f"A-F4F-{i}", "F4F-3") for i in range(2)]
    dist = odds.air_engagement(first, second, d)

    def real(c):  # type: ignore[no-untyped-def]
        x = engage(first, second, d, c)
        return (x.first_loses, x.second_loses)

    close(dist, odds.sample(real, N))
    assert len(dist) > 1


def test_attacks_hook_for_a_designation_guns_and_torpedoes() -> None:
    planes = [
        counter("A-SBD-1", "SBD-3", mission=air.DIVE),
        counter("A-TBD-1", "TBD-1", mission=air.TORPEDO),
    ]
    s, d = state(planes, ships=[ship("AP 1")]), data()
    c = ctx()
    s = apply(s, d, FormWaves((("A-SBD-1", "A-TBD-1"),)), c)
    found = odds.attacks(s, d, DesignateTarget(0, "AP 1"))
    assert [o.kind for o in found] == ["dive", "torpedo"]
    dive = found[0]
    # an AP takes every hit as flotation (25.4.5.E); two boxes: a 2-flotation hit sinks it
    assert dive.sunk == Fraction(1, 9) and dive.at_least(1) == Fraction(2, 3)

    s2 = state(ships=[ship("Kikuzuki"), ship("Phelps")])
    c = ctx()
    from navalwar.games.coral_sea.combat_actions import SurfaceMove

    for a in (SurfaceMove("close"),) * 4:
        s2 = apply(s2, d, a, c)
    (guns,) = odds.attacks(s2, d, FireGuns((("Kikuzuki", "secondary", "Phelps"),)))
    assert guns.at_least(1) == Fraction(2, 6)  # ranging +1 at secondary range (25.4.4)
    (torp,) = odds.attacks(s2, d, FireTorpedoes((("Kikuzuki", "Phelps"),)))
    assert torp.at_least(1) == Fraction(2, 6)


def test_the_game_gives_its_odds_through_the_core_hook() -> None:
    """``navalwar.odds.attacks`` on a Coral Sea match: a real game played by the heuristic
    agents until a wave designates a target; every attack's distribution sums to 1."""
    from navalwar.agents import make_agent
    from navalwar.engine import Match
    from navalwar.odds import attacks as core_attacks

    match = Match.start("coral_sea", "coral_sea", seed=3, log_events=False)
    agents = {side: make_agent("coral_sea", "heuristic", n) for n, side in enumerate(SIDES)}
    found: tuple[object, ...] = ()
    while not match.is_over:
        decision = match.decision
        assert decision is not None
        action = agents[decision.side].choose(match, decision)
        if isinstance(action, DesignateTarget) and ":" not in action.target:
            found = core_attacks(match, action)
            break
        match.apply(action)
    assert found, "a wave designated a ship or a base in the game"
    for odds_ in found:
        assert odds_.game == "coral_sea"
        assert sum(odds_.hits.values()) == 1 and sum(odds_.outcomes.values()) == 1
        assert 0 <= odds_.sunk <= 1
