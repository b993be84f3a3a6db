"""Exact attack odds (``navalwar.odds``): hand-worked figures, exactness, and the exact
figures against Monte Carlo sampling of the real game with seeded dice.

Sampling checks use a 5-sigma binomial bound: an event of exact probability ``p``
seen ``k`` times in ``n`` seeded runs must satisfy ``|k/n - p| <= 5 sqrt(p(1-p)/n)``
(an event of probability 0 or 1 must never or always happen). Hypothesis runs
derandomised with a fixed profile, so every run checks the same examples.
"""

from __future__ import annotations

import functools
import itertools
import math
import re
import time
from collections import Counter
from collections.abc import Callable, Hashable, Mapping
from fractions import Fraction
from typing import Any, TypeVar

import pytest
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

from navalwar import odds
from navalwar.dice import Dice
from navalwar.engine import Context, Match
from navalwar.errors import IllegalActionError, NavalwarError
from navalwar.frozen import evolve
from navalwar.games.gwas_1904 import GAME as GWAS
from navalwar.games.gwas_1904 import fire
from navalwar.games.gwas_1904 import odds as gwas_odds
from navalwar.games.gwas_1904.actions import Assign, Fire, Torpedo
from navalwar.games.gwas_1904.battle import Battle, BattleShip, Rules
from navalwar.games.gwas_1904.builders import (
    battle,
    bundled_rules,
    damaged,
    ship,
    squadron,
)
from navalwar.games.gwas_1904.combat import (
    HitContext,
    ShipDamage,
    apply_result,
    gunnery_hit,
)
from navalwar.games.gwas_1904.ship import ShipSpec
from navalwar.games.tokyo_express import GAME as TE
from navalwar.games.tokyo_express import odds as te_odds
from navalwar.games.tokyo_express.actions import GunneryAttack, TorpedoAttack
from navalwar.games.tokyo_express.allocation import gunnery_attacks
from navalwar.games.tokyo_express.combat import (
    TORPEDO_DRM,
    TORPEDO_VALUE_MOD,
    formation_speed,
    gun_band,
    resolve_gunnery,
    resolve_torpedo_attack,
    torpedo_band,
)
from navalwar.games.tokyo_express.model import READY, Attack, Combat, Ship, State
from navalwar.hexgrid import Arc, arc_of, distance
from navalwar.odds import Odds, binomial, enumerate_dice, percent
from navalwar.sequence import CardDeck

H = TypeVar("H", bound=Hashable)

# Derandomised, no shrinking and no database: the same examples every run (CI-stable).
MC = settings(
    deadline=None,
    derandomize=True,
    database=None,
    phases=[Phase.explicit, Phase.generate],
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
SIGMAS = 5
F = Fraction


def close_enough(p: Fraction, seen: int, n: int) -> bool:
    """``seen`` of ``n`` runs is within SIGMAS binomial standard deviations of ``p``."""
    sd = math.sqrt(float(p * (1 - p)) / n)
    return abs(seen / n - float(p)) <= SIGMAS * sd + 1e-12


def check_sample(
    exact: Mapping[H, Fraction],
    sample: Counter[H],
    n: int,
    events: Mapping[str, Callable[[H], bool]],
    stats: Mapping[str, Callable[[H], float]] | None = None,
) -> None:
    """Every outcome sampled is possible; each event's frequency is close to its exact
    chance (so are the three likeliest outcomes'); each statistic's sample mean is
    within SIGMAS standard errors of its exact mean."""
    assert sum(exact.values()) == 1
    assert sum(sample.values()) == n
    impossible = [o for o in sample if o not in exact]
    assert not impossible, f"sampled outcomes the exact odds call impossible: {impossible[:3]}"
    likeliest = sorted(exact.items(), key=lambda kv: -kv[1])[:3]
    checks = dict(events)

    def equals(o: H) -> Callable[[H], bool]:
        return lambda x: x == o

    for i, (o, _) in enumerate(likeliest):
        checks[f"outcome #{i + 1} {o}"] = equals(o)
    for name, event in checks.items():
        p = sum((q for o, q in exact.items() if event(o)), F(0))
        seen = sum(c for o, c in sample.items() if event(o))
        assert close_enough(p, seen, n), f"{name}: exact {float(p):.4f}, sampled {seen}/{n}"
    for name, f in (stats or {}).items():
        mean = sum((q * F(f(o)) for o, q in exact.items()), F(0))
        var = sum((q * (F(f(o)) - mean) ** 2 for o, q in exact.items()), F(0))
        got = sum(c * f(o) for o, c in sample.items()) / n
        bound = SIGMAS * math.sqrt(float(var) / n) + 1e-12
        assert abs(got - float(mean)) <= bound, f"mean {name}: exact {float(mean):.4f}, got {got}"


# -- the enumerating dice ------------------------------------------------------------------


def test_enumerating_dice_reproduce_the_core_distributions() -> None:
    from navalwar.tables import nd_distribution, roll_distribution

    for kw in ({}, {"lazy": True}, {"group_sums": True}, {"lazy": True, "group_sums": True}):
        assert enumerate_dice(lambda d: sum(d.nd(2, 6)), **kw) == nd_distribution(2, 6)
        assert enumerate_dice(lambda d: sum(d.nd(3, 6)), **kw) == nd_distribution(3, 6)
        assert enumerate_dice(lambda d: int(d.d10()), **kw) == roll_distribution(10)
        assert enumerate_dice(lambda d: d.choose("abc"), **kw) == {c: F(1, 3) for c in "abc"}
    orders = enumerate_dice(lambda d: d.shuffled((1, 2, 3)))
    assert orders == {p: F(1, 6) for p in itertools.permutations((1, 2, 3))}
    # A die rolled again on a 6 ("exploding"): paths of different lengths.
    boom = enumerate_dice(lambda d: (lambda a: a if a < 6 else 6 + int(d.d6()))(int(d.d6())))
    assert boom[3] == F(1, 6) and boom[12] == F(1, 36) and sum(boom.values()) == 1


def test_lazy_rolls_branch_only_as_far_as_they_are_looked_at() -> None:
    from navalwar.odds import EnumeratingDice

    paths = []

    def run(d: Dice) -> bool:
        assert isinstance(d, EnumeratingDice)
        paths.append(1)
        return d.d6() >= 4

    assert enumerate_dice(run, lazy=True) == {True: F(1, 2), False: F(1, 2)}
    assert len(paths) == 2  # not 6


OPS = st.lists(
    st.tuples(
        st.sampled_from([">=", ">", "<", "<=", "==", "!=", "+", "int", "key"]), st.integers(0, 7)
    ),
    min_size=1,
    max_size=6,
)


@settings(MC, max_examples=60)
@given(ops=st.lists(OPS, min_size=1, max_size=3))
def test_lazy_rolls_give_exactly_the_eager_distribution(ops: list[list[tuple[str, int]]]) -> None:
    """Any mixture of comparisons, arithmetic and use as a key on a few dice: lazy
    and eager enumeration give identical distributions."""

    def program(d: Dice) -> tuple[object, ...]:
        out: list[object] = []
        for die_ops in ops:
            r = d.d6()
            for op, x in die_ops:
                if op == ">=":
                    out.append(r >= x)
                elif op == ">":
                    out.append(r > x)
                elif op == "<":
                    out.append(r < x)
                elif op == "<=":
                    out.append(r <= x)
                elif op == "==":
                    out.append(r == x)
                elif op == "!=":
                    out.append(r != x)
                elif op == "+":
                    out.append(r + x)
                elif op == "int":
                    out.append(int(r) * x)
                else:
                    out.append({1: "a", 2: "b"}.get(r, "c"))
        return tuple(out)

    assert enumerate_dice(program, lazy=True) == enumerate_dice(program)


def test_binomial_and_percent() -> None:
    assert binomial(3, F(1, 3)) == {0: F(8, 27), 1: F(12, 27), 2: F(6, 27), 3: F(1, 27)}
    assert sum(binomial(12, F(1, 6)).values()) == 1
    coin = {0: F(1, 2), 1: F(1, 2)}
    assert odds.sum_of([coin, coin]) == {0: F(1, 4), 1: F(1, 2), 2: F(1, 4)}
    letter: dict[object, Fraction] = {"a": F(1)}
    coins: dict[object, Fraction] = {0: F(1, 2), 1: F(1, 2)}
    both = [(F(1, 3), letter), (F(2, 3), coins)]
    assert odds.mix(both) == {"a": F(1, 3), 0: F(1, 3), 1: F(1, 3)}
    assert [percent(p) for p in (F(0), F(1, 1000), F(22, 100), F(999, 1000), F(1))] == [
        "0%",
        "<1%",
        "22%",
        ">99%",
        "100%",
    ]


def test_odds_must_sum_to_one() -> None:
    with pytest.raises(NavalwarError, match="not exactly 1"):
        Odds("g", "gunnery", "a", "b", {0: F(1, 2)}, {"x": F(1)}, F(0))
    o = Odds("g", "gunnery", "a", "b", {0: F(3, 4), 2: F(1, 4)}, {"x": F(1)}, F(22, 100))
    assert o.describe() == "22% to sink, 25% at least one hit"
    assert o.expected_hits == F(1, 2) and o.at_least(2) == F(1, 4)


# -- GWaS 1904: builders ---------------------------------------------------------------------


def ship_result(before: BattleShip, after: BattleShip, spec: ShipSpec) -> gwas_odds.ShipResult:
    """The summary of one ship, written from the two records (not from the odds module)."""
    b, a = before.damage, after.damage

    def lost(part: str) -> int:
        return a.track.lost_boxes(part) - b.track.lost_boxes(part)

    return gwas_odds.ShipResult(
        before.key,
        lost("hull"),
        lost("primary"),
        lost("secondary"),
        lost("tertiary"),
        a.torpedo_destroyed and not b.torpedo_destroyed,
        b.speed(spec),
        a.speed(spec),
        a.commander_killed and not b.commander_killed,
        a.sunk,
    )


HITS = re.compile(r"-> (\d+) hit\(s\)$")


def sample_gwas(
    battle: Battle, action: Fire | Torpedo, n: int, policy: gwas_odds.Policy = gwas_odds.SPREAD
) -> tuple[Counter[gwas_odds.TargetResult], Counter[int]]:
    """``n`` runs of the real resolution (fire.resolve, then fire.assign for a squadron
    under the same owner policy) with seeded dice: the target's summaries, and the hits
    the game's log reports."""
    r = bundled_rules()
    members = [s for s in battle.members(action.target) if s.afloat]
    planned = evolve(battle, planned=((action.ship, action.target),))
    out: Counter[gwas_odds.TargetResult] = Counter()
    hits: Counter[int] = Counter()
    for seed in range(n):
        ctx = Context(Dice(seed))
        after = fire.resolve(planned, r, isinstance(action, Torpedo), ctx)
        hits[sum(int(m[1]) for e in ctx.events if (m := HITS.search(e.text)))] += 1
        while after.pending:
            records = [after.ship(m.key).damage for m in members]
            i = gwas_odds.assign_to(records, policy)
            assert i is not None
            after = fire.assign(after, r, Assign(members[i].key), ctx)
        result = (ship_result(m, after.ship(m.key), r.of(m)) for m in members)
        out[gwas_odds.TargetResult(tuple(result))] += 1
    return out, hits


GWAS_EVENTS: dict[str, Callable[[gwas_odds.TargetResult], bool]] = {
    "sunk": lambda o: o.sunk,
    "no damage": lambda o: o.boxes == 0 and not any(s.commander_killed for s in o.ships),
    "2+ hull boxes": lambda o: o.hull >= 2,
    "speed lost": lambda o: any(s.speed_lost for s in o.ships),
    "primary lost": lambda o: any(s.primary for s in o.ships),
}


def ship_boxes(o: gwas_odds.TargetResult, i: int) -> float:
    return o.ships[i].boxes if i < len(o.ships) else 0


GWAS_STATS: dict[str, Callable[[gwas_odds.TargetResult], float]] = {
    "hull boxes": lambda o: o.hull,
    "boxes": lambda o: o.boxes,
    "ships sunk": lambda o: o.ships_sunk,
    "speed levels": lambda o: sum(s.speed_lost for s in o.ships),
    **{f"ship {i + 1} boxes": functools.partial(ship_boxes, i=i) for i in range(3)},
}


# -- GWaS 1904: hand-worked figures --------------------------------------------------------


def test_gwas_three_dice_at_plus_1() -> None:
    """Mikasa (italic: +1, 7.5) fires her 3 main guns at Sevastopol 2 hexes away (only
    main guns reach, volume 7.6): each die hits on 5-6, so P(at least one hit) =
    1 - (4/6)^3 and the hits are binomial(3, 1/3)."""
    b = battle([ship("J:B06", "K11", seen=True), ship("R:B24", "K9", seen=True)], step=3)
    o = gwas_odds.attack_odds(b, bundled_rules(), Fire("J:B06", "R:B24"))
    assert o.at_least(1) == 1 - F(4, 6) ** 3 == F(19, 27)
    assert o.hits == {0: F(8, 27), 1: F(12, 27), 2: F(6, 27), 3: F(1, 27)}
    assert sum(o.outcomes.values()) == 1 and o.kind == "gunnery" and o.target == "R:B24"
    assert o.describe().endswith("70% at least one hit")


def test_gwas_torpedo_hit_distribution() -> None:
    """An Ikazuchi (1 factor) torpedoes Peresvet in her hex: capital target +1, same hex
    +0 (volume 7.81), so it hits on 5-6: P(hit) = 1/3. A hit rolls 2d6 on the Torpedo
    Damage Table: only a 4 ("none", 3 ways in 36) does nothing, so the target is
    untouched with chance 2/3 + 1/3 * 3/36 = 25/36."""
    dd = squadron("J:DD-Ikazuchi#1", 1, "K11", seen=True)
    b = battle([*dd, ship("R:B06", "K11", seen=True)], step=4)
    o = gwas_odds.attack_odds(b, bundled_rules(), Torpedo("J:DD-Ikazuchi#1.1", "R:B06"))
    assert o.hits == {0: F(2, 3), 1: F(1, 3)} and o.kind == "torpedo"
    untouched = o.chance(
        lambda r: (
            r.boxes == 0
            and not r.ships[0].commander_killed
            and r.ships[0].speed == r.ships[0].speed_before
        )
    )
    assert untouched == F(25, 36)
    # Two-hull results: 3, 7 and crit-free rolls; "3 hull, unable" on 11 (2 ways).
    assert o.chance(lambda r: r.ships[0].speed is None) >= F(1, 3) * F(2, 36)


def test_gwas_one_hit_tables_by_hand() -> None:
    """One gunnery hit from a secondary gun on Novik (all boxes unarmoured, no main
    guns): 2d6 on the Gunnery Damage Table; "1 primary" (7, 9: 10 ways) shifts to the
    secondary battery (8.6) and Novik has none, so to the auxiliaries."""
    spec = bundled_rules().specs["R:C04"]
    dist = gwas_odds.hit_outcomes(
        spec, ShipDamage.new(spec), HitContext("secondary", 1), bundled_rules().tables
    )
    assert sum(dist.values()) == 1
    hull: dict[int, Fraction] = {}
    for d, p in dist.items():
        hull[d.track.lost_boxes("hull")] = hull.get(d.track.lost_boxes("hull"), 0) + p
    # 1 hull on 5 and 10 (7 ways); 2 hull on 11 (2 ways); criticals (2 ways) add more.
    assert hull[2] >= F(2, 36) and hull[1] >= F(7, 36)


RECORD_SHIPS = ["R:B24", "R:AC01", "R:C04", "R:GB14", "J:B06", "J:AC02", "R:FORT-1", "R:AC02"]


@settings(MC, max_examples=25)
@given(
    key=st.sampled_from(RECORD_SHIPS),
    gun=st.sampled_from(["primary", "secondary", "tertiary", "torpedo"]),
    lost=st.lists(st.integers(0, 6), min_size=4, max_size=4),
    extras=st.tuples(st.integers(0, 2), st.booleans(), st.booleans(), st.booleans()),
    distance=st.integers(0, 2),
    secpen=st.booleans(),
    white=st.booleans(),
)
def test_gwas_one_hit_is_the_brute_force_enumeration_of_the_game(
    key: str,
    gun: str,
    lost: list[int],
    extras: tuple[int, bool, bool, bool],
    distance: int,
    secpen: bool,
    white: bool,
) -> None:
    """hit_outcomes (2d6 grouped by total, memoised by core, extras carried aside) is
    exactly the enumeration of the game's own one-hit code on dice that branch on every
    face: combat.gunnery_hit, and 2d6 + apply_result on the Torpedo Damage Table."""
    r = bundled_rules()
    spec = r.specs[key]
    dmg = ShipDamage.new(spec)
    track = dmg.track
    for part, n in zip(("primary", "secondary", "tertiary", "hull"), lost, strict=True):
        track = track.hit(part, min(n, max(0, track.remaining(part) - (part == "hull"))))
    speed_lost, unable, commander, tubes = extras
    dmg = evolve(
        dmg,
        track=track,
        speed_lost=speed_lost,
        unable=unable,
        commander_killed=commander,
        torpedo_destroyed=tubes,
    )
    ctx = HitContext(gun, distance, secpen, white)

    def quiet(kind: str, text: str, /, **data: Any) -> None:
        return None

    def brute(d: Dice) -> ShipDamage:
        if gun == "torpedo":
            result = r.tables.torpedo.lookup(sum(d.nd(2, 6, "Torpedo Damage Table")))
            return apply_result(spec, dmg, result, ctx, r.tables, d, quiet)
        return gunnery_hit(spec, dmg, ctx, r.tables, d, quiet)

    # lazy: 8.21 rolls one d6 per box (6^6 paths for a critical); lazy == eager is its own test.
    assert gwas_odds.hit_outcomes(spec, dmg, ctx, r.tables) == enumerate_dice(brute, lazy=True)


def test_gwas_one_hit_eager_spot_check() -> None:
    r = bundled_rules()
    spec = r.specs["R:AC01"]
    dmg = ShipDamage.new(spec)
    ctx = HitContext("primary", 1)
    exact = enumerate_dice(
        lambda d: gunnery_hit(spec, dmg, ctx, r.tables, d, lambda *_, **__: None)
    )
    assert gwas_odds.hit_outcomes(spec, dmg, ctx, r.tables) == exact


def test_gwas_squadron_reading() -> None:
    """Mikasa on 3 Puilki destroyers (one hull box each) in her hex: each hit goes to the
    least damaged destroyer afloat (our 9.4 reading); sunk = at least one sunk."""
    puilki = squadron("R:DD-Puilki#1", 3, "K11", seen=True)
    b = battle([ship("J:B06", "K11", seen=True), *puilki], step=3)
    o = gwas_odds.attack_odds(b, bundled_rules(), Fire("J:B06", "R:DD-Puilki#1"))
    assert len(o.readings) == 2 and "9.4" in o.readings[1]
    assert all(len(r.ships) == 3 for r in o.outcomes)
    assert o.sunk == o.chance(lambda r: r.ships_sunk >= 1)
    # The owner's policy, by hand: spread gives the hit to the least damaged ship afloat,
    # concentrate to the most damaged one; a squadron with no ship afloat takes nothing.
    fresh, worn, gone = (s.damage for s in puilki)
    worn = evolve(worn, track=worn.track.hit("tertiary", 1))
    gone = evolve(gone, track=gone.track.hit("hull", 1))
    assert gwas_odds.assign_to([worn, fresh, gone]) == 1
    assert gwas_odds.assign_to([worn, fresh, gone], gwas_odds.CONCENTRATE) == 0
    assert gwas_odds.assign_to([gone, gone]) is None
    spread = gwas_odds.attack_odds(b, bundled_rules(), Fire("J:B06", "R:DD-Puilki#1"))
    focus = gwas_odds.attack_odds(
        b, bundled_rules(), Fire("J:B06", "R:DD-Puilki#1"), gwas_odds.CONCENTRATE
    )
    assert focus.hits == spread.hits
    assert focus.chance(lambda r: r.ships_sunk >= 2) <= spread.chance(lambda r: r.ships_sunk >= 2)


def test_gwas_odds_through_the_match() -> None:
    """``odds.attack`` checks the action against the pending decision."""
    match = Match.start("gwas_1904", "ulsan", seed=3)
    b = battle(
        [
            ship("J:B06", "K11", seen=True),
            ship("R:B24", "K10", seen=True),
            ship("R:C04", "K10", seen=True),
        ],
        step=3,
    )
    match.state = GWAS.advance(b, match.data, Context(Dice(0)))
    d = match.decision
    assert d is not None and d.kind == "gunnery" and d.context["ship"] == "J:B06"
    o = odds.attack(match, Fire("J:B06", "R:B24"))
    assert o.target == "R:B24" and "to sink" in o.describe()
    assert odds.attack(match, {"tag": "fire", "ship": "J:B06", "target": "R:C04"}).target == "R:C04"
    assert odds.attacks(match, Fire("J:B06")) == ()
    with pytest.raises(NavalwarError, match="makes no attack"):
        odds.attack(match, Fire("J:B06"))
    with pytest.raises(IllegalActionError):
        odds.attack(match, Fire("J:B06", "J:B06"))
    with pytest.raises(NavalwarError, match="unknown GWaS odds options"):
        odds.attack(match, Fire("J:B06", "R:B24"), nope=1)
    spread = odds.attack(match, Fire("J:B06", "R:B24"), policy="concentrate")
    assert spread.outcomes == o.outcomes  # one ship: the owner has nothing to choose


# (firer, target counter, hexes apart, torpedo): attacks covering each rule the odds
# enumerate: main-gun 8.3 rolls on unarmoured boxes, heavy armour, squadrons (9.4),
# a fortress (20.44), white auxiliaries' criticals (8.7), torpedoes (7.81-7.82).
GWAS_CASES = [
    ("J:B06", "R:B24", 0, False),
    ("J:B06", "R:AC01", 1, False),
    ("J:B06", "R:DD-Puilki#1", 0, False),
    ("J:AC02", "R:DD-Puilki#1", 1, False),
    ("J:B06", "R:FORT-1", 2, False),
    ("J:C04", "R:C04", 0, False),
    ("J:C04", "R:GB14", 0, False),
    ("J:AC02", "R:AC02", 1, False),
    ("J:DD-Ikazuchi#1.1", "R:B06", 0, True),
    ("J:DD-Ikazuchi#1.1", "R:DD-Puilki#1", 0, True),
    ("J:DD-Ikazuchi#1.1", "R:AC02", 1, True),
    ("J:C04", "R:AC01", 0, True),
]
N_GWAS = 400


@pytest.mark.parametrize("case", GWAS_CASES, ids=lambda c: f"{c[0]}->{c[1]}@{c[2]}")
@settings(MC, max_examples=2)
@given(
    hull=st.integers(0, 5),
    unable=st.booleans(),
    er=st.integers(4, 7),
    secpen=st.booleans(),
    size=st.integers(2, 3),
)
def test_gwas_exact_odds_match_sampling_of_the_real_game(
    case: tuple[str, str, int, bool], hull: int, unable: bool, er: int, secpen: bool, size: int
) -> None:
    shooter, target, apart, torpedo = case
    if shooter.startswith("J:DD"):
        firer = squadron("J:DD-Ikazuchi#1", 1, "K11", seen=True)[0]
    else:
        firer = ship(shooter, "K11", seen=True)
    firer = evolve(firer, er=er)
    where = f"K{11 - apart}"
    if "#" in target:
        ships = squadron(target, size, where, seen=True)  # one hull box each: no damage before
    else:
        t = ship(target, where, seen=True)
        left = t.damage.track.remaining("hull")
        t = damaged(t, hull=min(hull, max(0, left - 1)))
        if unable:
            t = evolve(t, damage=evolve(t.damage, unable=True))
        ships = [t]
    b = battle([firer, *ships], step=4 if torpedo else 3, options={"secondary_penetration": secpen})
    action = (Torpedo if torpedo else Fire)(firer.key, ships[0].counter)
    o = gwas_odds.attack_odds(b, bundled_rules(), action)
    assert sum(o.hits.values()) == 1 and sum(o.outcomes.values()) == 1
    outcomes, hits = sample_gwas(b, action, N_GWAS)
    check_sample(o.outcomes, outcomes, N_GWAS, GWAS_EVENTS, GWAS_STATS)
    at_least = {f"{k}+ hits": lambda h, k=k: h >= k for k in range(1, max(o.hits) + 1)}
    check_sample(o.hits, hits, N_GWAS, at_least, {"hits": float})


def test_gwas_battleship_broadside_is_fast() -> None:
    """A 12-dice broadside (4 main, 6 secondary, 2 auxiliary, +1: same hex) at a
    battleship, from cold memos: well under a second on a quiet machine; the bound
    here is loose for a loaded CI machine."""
    r = bundled_rules()
    spec = evolve(
        r.specs["J:B06"], code="BX", primary="HHHH", secondary="HHHHHH", tertiary="NN", italic=False
    )
    big = Rules({**r.specs, "J:BX": spec}, r.tables)
    firer = evolve(
        ship("J:B06", "K11", seen=True),
        key="J:BX",
        spec="J:BX",
        counter="J:BX",
        damage=ShipDamage.new(spec),
    )
    b = battle([firer, ship("R:B24", "K11", seen=True)], step=3, options={"effectiveness": False})
    gwas_odds._MODELS.clear()
    start = time.process_time()
    o = gwas_odds.attack_odds(b, big, Fire("J:BX", "R:B24"))
    cold = time.process_time() - start
    assert max(o.hits) == 12 and sum(o.outcomes.values()) == 1
    assert cold < 6.0


# -- Tokyo Express -----------------------------------------------------------------------------


def test_te_card_draw_by_hand() -> None:
    """A pile of cards 1-3 and the Reshuffle card 4, with 5 and 6 discarded: the top
    card is each pile card with 1/4; the reshuffle card (1/4) reshuffles all six and
    turns up one of the five others, each 1/5 (TE 3.7)."""
    deck = CardDeck((2, 4, 1, 3), (5, 6), reshuffle_card=4)
    dist = te_odds.draw_distribution(deck)
    assert dist == {1: F(3, 10), 2: F(3, 10), 3: F(3, 10), 5: F(1, 20), 6: F(1, 20)}
    assert te_odds.draw_distribution(CardDeck((), (7, 8))) == {7: F(1, 2), 8: F(1, 2)}
    # After one draw, by symmetry the second card is still uniform without a reshuffle card.
    assert te_odds.draw_distribution(CardDeck((1, 2, 3)), before=1) == {
        c: F(1, 3) for c in (1, 2, 3)
    }


@settings(MC, max_examples=20)
@given(
    pile=st.sets(st.integers(1, 8), min_size=0, max_size=6),
    discards=st.sets(st.integers(9, 14), max_size=4),
    reshuffle=st.booleans(),
    before=st.integers(0, 2),
)
def test_te_card_draw_matches_shuffled_decks(
    pile: set[int], discards: set[int], reshuffle: bool, before: int
) -> None:
    """draw_distribution against the real CardDeck.draw on uniformly shuffled piles."""
    order = tuple(sorted(pile)) + ((99,) if reshuffle else ())
    if not discards and order in ((), (99,)):
        return
    deck = CardDeck(order, tuple(sorted(discards)), 99 if reshuffle else None)
    exact = te_odds.draw_distribution(deck, before)
    n = 600
    seen: Counter[int] = Counter()
    for seed in range(n):
        dice = Dice(seed)
        d = evolve(deck, order=dice.shuffled(deck.order))
        for _ in range(before):
            _, d = d.draw(dice)
        card, _ = d.draw(dice)
        seen[card] += 1
    check_sample(exact, seen, n, {})


@functools.cache
def te_match(seed: int, planned: bool) -> Match | None:
    """A Basic Scenario match played at random up to a US gunnery or torpedo decision
    with a target; with ``planned``, one at which an earlier ship of the same step has
    already chosen an attack (the attacks of a choice: its last, a split where offered)."""
    match = Match.start("tokyo_express", "basic", seed=seed)
    dice = Dice(seed + 10_000)
    for _ in range(600):
        d = match.decision
        if d is None:
            return None
        if d.kind in ("us_gunnery", "us_torpedo") and d.choices and len(d.choices) > 1:
            combat = match.state.combat
            if not planned or (combat is not None and combat.planned):
                return match
            match.apply(d.choices[-1])
            continue
        match.apply(d.random_choice(dice))
    return None


def te_result(before: State, after: State, target: str) -> te_odds.TEResult:
    was, now = before.ship(target), after.ship(target)
    return te_odds.TEResult(
        target,
        now.hits - was.hits,
        now.hits,
        now.pending_level,
        now.sinking,
        now.stern_hits > was.stern_hits,
        False,
    )


TE_EVENTS: dict[str, Callable[[te_odds.TEResult], bool]] = {
    "hit": lambda o: o.damage >= 1,
    "2+": lambda o: o.damage >= 2,
    "sinking": lambda o: o.sinking,
    "new level": lambda o: o.level > 0,
}


def sample_te_gunnery(
    match: Match, action: GunneryAttack, n: int
) -> list[Counter[te_odds.TEResult]]:
    """Hidden deck orders drawn as the game draws them (hidden_variants), then the real
    resolve_gunnery: earlier attacks of the step draw first (their damage set aside, as
    in the odds' reading), then each of the action's attacks in turn."""
    state: State = match.state
    data = match.data
    combat = state.combat or Combat()
    mine = gunnery_attacks(data, state.ship(action.ship), action)
    below = str(state.option("below_lowest_row"))
    out: list[Counter[te_odds.TEResult]] = [Counter() for _ in mine]
    for seed in range(n):
        dice = Dice(seed)
        st_ = TE.hidden_variants(state, "US", data, dice)[0]
        ctx = Context(dice, record=False)
        for a in combat.planned:
            st_ = evolve(st_, decks=resolve_gunnery(st_, data, a, ctx, below).decks)
        for i, a in enumerate(mine):
            after = resolve_gunnery(st_, data, a, ctx, below)
            out[i][te_result(state, after, a.target)] += 1
            st_ = evolve(st_, decks=after.decks)
    return out


def te_cases() -> list[tuple[int, bool]]:
    return [(seed, planned) for seed in range(12) for planned in (False, True)]


@settings(MC, max_examples=12)
@given(case=st.sampled_from(te_cases()), pick=st.integers(1, 30))
def test_te_exact_odds_match_sampling_of_the_real_game(case: tuple[int, bool], pick: int) -> None:
    match = te_match(*case)
    if match is None:
        return
    d = match.decision
    assert d is not None and d.choices
    action = d.choices[pick % (len(d.choices) - 1) + 1]
    found = odds.attacks(match, action)
    n = 500
    if isinstance(action, GunneryAttack):
        samples = sample_te_gunnery(match, action, n)
    else:
        assert isinstance(action, TorpedoAttack)
        state: State = match.state
        combat = state.combat or Combat()
        group = [a for a in combat.planned if a.target == action.target and a.salvos]
        group.append(Attack(action.ship, action.target, salvos=action.salvos))
        c: Counter[te_odds.TEResult] = Counter()
        for seed in range(n):
            after = resolve_torpedo_attack(
                state,
                match.data,
                action.target,
                group,
                Context(Dice(seed), record=False),
                str(state.option("stern_rule")),
            )
            c[te_result(state, after, action.target)] += 1
        samples = [c]
    assert len(found) == len(samples)
    for o, sample in zip(found, samples, strict=True):
        assert sum(o.outcomes.values()) == 1 and sum(o.hits.values()) == 1
        check_sample(o.outcomes, sample, n, TE_EVENTS, {"damage": lambda o: o.damage})


def first_te(kind: str) -> Match:
    for seed in range(40):
        m = te_match(seed, False)
        if m is not None and m.decision is not None and m.decision.kind == kind:
            return m
    raise AssertionError(f"no {kind} decision reached")


def test_te_gunnery_card_draw_by_hand() -> None:
    """A single gunnery attack read from the cards directly: the chance of damage is the
    share of cards whose cell (at the shifted row) is not blank (TE 3.7)."""
    match = first_te("us_gunnery")
    state: State = match.state
    data = match.data
    d = match.decision
    assert d is not None
    action = next(a for a in d.choices or () if isinstance(a, GunneryAttack) and len(a.fire) == 1)
    (attack,) = gunnery_attacks(data, state.ship(action.ship), action)
    attacker, target = state.ship(attack.attacker), state.ship(attack.target)
    deck_name = data.ship(attacker.name).caliber
    dist = te_odds.draw_distribution(state.deck(deck_name))
    dd = distance(attacker.hex, target.hex)
    shift = (
        (1 if attack.split else 0)
        + attacker.level
        - (dd == 0)
        - (formation_speed(state, target) <= 3)
    )
    expected = F(0)
    for card_no, p in dist.items():
        card = data.decks[deck_name][card_no]
        index = next((i for i, r in enumerate(card.rows) if r.value <= attack.value), None)
        if index is None:
            continue  # below the lowest row: a miss (the default reading)
        row = card.rows[min(len(card.rows) - 1, max(0, index + shift))]
        if row.damage(data.ship(target.name).rule_type, gun_band(dd)):
            expected += p
    (o,) = odds.attacks(match, action)
    if target.hits + 1 <= data.ship(target.name).boxes:
        assert o.at_least(1) == expected
    assert o.unit == "Damage Point" and o.kind == "gunnery"


def test_te_torpedo_roll_by_hand() -> None:
    """A US torpedo attack read from the Torpedo Combat Table directly: the salvos'
    values with their range and arc modifiers give the column, one d10 plus the target
    Speed modifier the row, each face 1/10; a stern-arc hit adds 1 (TE 3.6)."""
    match = first_te("us_torpedo")
    state: State = match.state
    data = match.data
    d = match.decision
    assert d is not None
    action = next(a for a in d.choices or () if isinstance(a, TorpedoAttack) and a.target)
    (o,) = odds.attacks(match, action)
    ship, target = state.ship(action.ship), state.ship(action.target)
    where = arc_of(target.hex, target.heading, ship.hex)
    mod = TORPEDO_VALUE_MOD[("US", torpedo_band(distance(ship.hex, target.hex)))]
    mod -= (where is Arc.BOW) + (where is Arc.STERN)
    total = sum(data.ship(ship.name).salvos[i].value + mod for i in action.salvos)
    drm = TORPEDO_DRM.get(formation_speed(state, target), 0)
    left = data.ship(target.name).boxes - target.hits
    expected: dict[int, Fraction] = {}
    for roll in range(1, 11):
        result = data.torpedo.result("US", total, roll + drm) if total >= 2 else 0
        points = result if isinstance(result, int) else 0
        points += 1 if points and where is Arc.STERN else 0
        taken = 0 if target.sinking else min(points, left)
        expected[taken] = expected.get(taken, F(0)) + F(1, 10)
    assert o.hits == expected and o.kind == "torpedo"


def test_te_hold_fire_and_wrong_actions() -> None:
    match = first_te("us_gunnery")
    d = match.decision
    assert d is not None and d.choices
    assert odds.attacks(match, d.choices[0]) == ()  # holds fire
    with pytest.raises(IllegalActionError):
        odds.attacks(match, GunneryAttack("Nobody", (("bow", "Nothing"),)))


def test_a_game_that_declares_no_odds_has_none() -> None:
    class NoOdds:  # a declaration without odds (Game.odds returns None)
        id = "nope"

        def odds(self) -> None:
            return None

    with pytest.raises(NavalwarError, match="no attack odds for game 'nope'"):
        odds._odds_of(NoOdds())  # type: ignore[arg-type]


def torpedo_pair() -> tuple[Match, TorpedoAttack, Ship]:
    """A US torpedo decision, one of its attacks, and another US ship with a salvo
    ready within US torpedo range (7 hexes) of its target."""
    for seed in range(40):
        match = te_match(seed, False)
        d = match.decision if match is not None else None
        if match is None or d is None or d.kind != "us_torpedo":
            continue
        state: State = match.state
        for action in d.choices or ():
            if not isinstance(action, TorpedoAttack) or not action.target:
                continue
            target = state.ship(action.target)
            for s in state.side_ships("US"):
                near = 1 <= distance(s.hex, target.hex) <= 7
                if s.name != action.ship and READY in s.salvos and near:
                    return match, action, s
    raise AssertionError("no US torpedo decision with a second ship in range")


def test_te_torpedo_salvos_at_one_target_are_one_attack() -> None:
    """TE 3.6: the salvos planned at a target this step join the attack a US torpedo
    choice makes; its odds are those of the combined attack (checked by sampling)."""
    match, action, other = torpedo_pair()
    state: State = match.state
    planned = Attack(other.name, action.target, salvos=(other.salvos.index(READY),))
    combined = evolve(state, combat=Combat(planned=(planned,)))
    (alone,) = te_odds.attacks(state, match.data, action)
    (joint,) = te_odds.attacks(combined, match.data, action)
    assert joint.attacker == f"{other.name}+{action.ship}" and "TE 3.6" in joint.readings[0]
    group = [planned, Attack(action.ship, action.target, salvos=action.salvos)]
    n = 500
    seen: Counter[te_odds.TEResult] = Counter()
    for seed in range(n):
        after = resolve_torpedo_attack(
            combined, match.data, action.target, group, Context(Dice(seed), record=False)
        )
        seen[te_result(combined, after, action.target)] += 1
    check_sample(joint.outcomes, seen, n, TE_EVENTS, {"damage": lambda o: o.damage})
    assert joint.expected_hits >= alone.expected_hits
