"""A ship's damage is its owner's secret (GWaS 3.1, 8.2; notes §7.1, §7.3; issue 15's principle).

"Players may not examine the opponent's sheets" (3.1): the boxes, speed, torpedoes,
commander, repairs and fuel of an enemy ship are never told. The firing player rolls
the damage table openly (so its nominal result is public) and learns "effect" or "no
effect" (``hit_result``, option ``hit_effects``); a sinking and a ship left unable to
sail are seen by both (8.0; the 7.5 and 7.81 +1 to hit a ship unable to sail).

On every bundled scenario, with both combat systems (Basic Combat 6.0 and the tactical
map 7.0), the game's agents play to the end; then every event each side may see
(``Match.events_for``) is read for an enemy ship's hidden damage: the kinds that tell
it, and the dice rolled for it (8.3, 8.21, 11.27, 7.39).
"""

from __future__ import annotations

import functools
import re
from typing import Any

import attrs
import pytest

from navalwar.agents import default_agent, make_agent
from navalwar.dice import ScriptedDice
from navalwar.engine import Context, Match
from navalwar.events import Event
from navalwar.games.gwas_1904.basic_combat import BasicBattle
from navalwar.games.gwas_1904.battle import Battle
from navalwar.games.gwas_1904.combat import HitContext, ShipDamage, apply_result
from navalwar.games.gwas_1904.render import draw_gwas
from navalwar.games.gwas_1904.ship import ShipSpec
from navalwar.games.gwas_1904.tables import load_tables
from navalwar.registry import load

GAME = "gwas_1904"
SEEDS = (0, 1)
DECISIONS = 4000  # every bundled battle ends well before this

SECRET_KINDS = frozenset(
    {
        "ship_damaged",
        "speed_lost",
        "hit_stopped",
        "hit_ignored",
        "torpedoes_destroyed",
        "commander_killed",
        "repair",
        "minefield",
    }
)
"""What only the ship's owner may see (3.1): its data sheet's boxes, speed, torpedoes,
commander, the armour that stopped a hit, its repairs (11.27) and mine checks (13.2)."""

SECRET_ROLLS = re.compile(
    r"^(?:additional damage to|secondary gun penetration of|emergency repair of)"
    r" (?P<ship>.+?)(?: \(\d[\d.]*\))?$"
)
FUEL_ROLL = re.compile(r"^fuel used in the battle by (?P<fleet>.+)$")


def _cases() -> list[Any]:
    return [
        pytest.param(scenario, combat, seed, id=f"{scenario}-{combat}-{seed}")
        for scenario in load(GAME).scenarios()
        for combat in ("advanced", "basic")
        for seed in SEEDS
    ]


@functools.lru_cache(maxsize=64)
def played(scenario: str, combat: str, seed: int, hit_effects: str = "told") -> Match:
    """A match of ``scenario`` played to its end by the game's own agents."""
    options = {"combat": combat} | ({} if hit_effects == "told" else {"hit_effects": hit_effects})
    match = Match.start(GAME, scenario, seed=seed, options=options)
    agents = {
        side: make_agent(GAME, default_agent(GAME), seed * 10 + i)
        for i, side in enumerate(match.game.spec.sides)
    }
    for _ in range(DECISIONS):
        decision = match.decision
        if decision is None:
            break
        match.apply(agents[decision.side].choose(match, decision))
    assert match.decision is None, "the battle did not end"
    return match


def owners(match: Match) -> tuple[dict[str, str], dict[str, str], dict[str, str]]:
    """Each ship key's side, each ship name's side, each fleet's side (from the full log)."""
    rules = match.data.rules
    state = match.state
    by_key: dict[str, str] = {}
    by_name: dict[str, str] = {}
    for s in state.ships:
        by_key[s.key] = s.side
        spec = rules.of(s) if isinstance(state, Battle) else rules.specs[s.spec]
        by_name[spec.name] = s.side
    fleets = {e.data["fleet"]: e.data["side"] for e in match.events if e.kind == "fuel"}
    return by_key, by_name, fleets


def leak(
    event: Event, side: str, ships: dict[str, str], names: dict[str, str], fleets: dict[str, str]
) -> bool:
    """Whether ``side`` seeing ``event`` learns an enemy ship's (or fleet's) secret."""
    data = event.data
    if event.kind in SECRET_KINDS:
        return ships[data["ship"]] != side
    if event.kind == "damage_roll" and data["table"] == "minefield":
        return ships[data["ship"]] != side
    if event.kind == "fuel":
        return bool(data["side"] != side)
    if event.kind == "dice_rolled":
        purpose = str(data["purpose"])
        if m := SECRET_ROLLS.match(purpose):
            return names[m["ship"]] != side
        if m := FUEL_ROLL.match(purpose):
            return fleets[m["fleet"]] != side
    return False


def leaks(match: Match) -> list[str]:
    """Every enemy secret a side can read in the log of ``match``."""
    ships, names, fleets = owners(match)
    found = []
    for side in match.game.spec.sides:
        for e in match.events_for(side):
            if leak(e, side, ships, names, fleets):
                found.append(f"{side} reads {e.kind}: {e.text!r}")
    return found


@pytest.mark.parametrize(("scenario", "combat", "seed"), _cases())
def test_no_side_reads_an_enemy_ships_damage_speed_torpedoes_repair_or_fuel(
    scenario: str, combat: str, seed: int
) -> None:
    """3.1: nothing a side can see tells the boxes, speed, torpedoes, commander, repairs
    or fuel of an enemy ship; the owner is told all of it; the firer learns one
    ``hit_result`` for each hit rolled on the gunnery and torpedo tables (notes §7.3)."""
    match = played(scenario, combat, seed)
    assert leaks(match) == []
    ships, _, _ = owners(match)
    secret = [e for e in match.events if e.kind in SECRET_KINDS]
    for e in secret:
        assert e.sides == (ships[e.data["ship"]],), e.text  # its owner is told
    rolled = [e for e in match.events if e.kind == "damage_roll" and e.data["table"] != "minefield"]
    told = [e for e in match.events if e.kind == "hit_result"]
    hits = [e for e in rolled if e.data["table"] != "critical"]
    assert [e.data["ship"] for e in told] == [e.data["ship"] for e in hits]
    assert all(not e.sides for e in (*rolled, *told))  # the firer's open rolls (7.5, 8.7)


def test_the_scan_has_something_to_find() -> None:
    """The bundled battles do hit ships, stop hits with armour, roll 8.3 additional damage
    and battle fuel (so the scan reads real secrets), and it finds one told to the enemy."""
    kinds: set[str] = set()
    purposes: set[str] = set()
    for scenario in load(GAME).scenarios():
        for combat in ("advanced", "basic"):
            match = played(scenario, combat, 0)
            kinds.update(e.kind for e in match.events)
            purposes.update(
                str(e.data["purpose"]).split(" ")[0]
                for e in match.events
                if e.kind == "dice_rolled" and e.sides
            )
    assert {"ship_damaged", "hit_stopped", "speed_lost", "fuel", "hit_result"} <= kinds
    assert {"additional", "fuel"} <= purposes
    match = played("ulsan", "advanced", 0)
    ships, names, fleets = owners(match)
    damaged = next(e for e in match.events if e.kind == "ship_damaged")
    enemy = next(s for s in match.game.spec.sides if s != ships[damaged.data["ship"]])
    assert leak(attrs.evolve(damaged, sides=()), enemy, ships, names, fleets)
    assert not leak(damaged, ships[damaged.data["ship"]], ships, names, fleets)


def test_hit_effects_hidden_tells_the_firer_nothing_and_changes_no_die() -> None:
    """Option ``hit_effects = hidden`` (3.1 read strictly): no ``hit_result`` at all,
    the same dice and the same battle otherwise."""
    told = played("yellow-sea", "advanced", 0)
    hidden = played("yellow-sea", "advanced", 0, "hidden")
    assert not [e for e in hidden.events if e.kind == "hit_result"]
    assert [e for e in told.events if e.kind == "hit_result"]
    assert [e for e in told.events if e.kind != "hit_result"] == hidden.events
    assert leaks(hidden) == []


def _secondary_hit_on_heavy_hull(die: int) -> tuple[int, list[Any], list[str]]:
    """A secondary hit rolled 5 (1 hull box) on a heavy hull at one hex, the 8.21 die
    ``die``: the boxes lost, the public (kind, effect)s, Russia's private kinds."""
    tables = load_tables()
    tri = ShipSpec.custom("Tri Sviatitelia", hull="HHHHHH")
    ctx = Context(ScriptedDice([die]))

    def log(kind: str, text: str, /, **data: Any) -> None:
        ctx.log(kind, text, "GWaS 7.5", ship="R:B99", **data)

    dmg = apply_result(
        tri,
        ShipDamage.new(tri),
        tables.gunnery.lookup(5),
        HitContext("secondary", 1, secondary_penetration=True),
        tables,
        ctx.dice,
        log,
        secret=lambda: ctx.private(("Russia",)),
        tell=True,
    )
    public = [(e.kind, e.data.get("effect")) for e in ctx.events if not e.sides]
    russia = [e.kind for e in ctx.events if e.sides == ("Russia",)]
    return dmg.track.lost_boxes("hull"), public, russia


def test_8_2_example_the_firer_learns_no_effect_and_nothing_of_the_armour() -> None:
    """8.2's example: a secondary hit (damage roll 5: 1 hull box) on Tri Sviatitelia's
    heavy hull. "Stopped by heavy armour" and the optional 8.21 penetration die are
    Russia's; the firer reads "no effect". The 8.21 die a 5 at one hex: the box goes,
    told to Russia, and the firer reads "an effect"."""
    assert _secondary_hit_on_heavy_hull(4) == (
        0,
        [("hit_result", False)],
        ["dice_rolled", "hit_stopped"],
    )
    assert _secondary_hit_on_heavy_hull(5) == (
        1,
        [("hit_result", True)],
        ["dice_rolled", "ship_damaged"],
    )


# -- observations and drawings (notes §7.3) ------------------------------------------------------


def _mid_battle(scenario: str, combat: str) -> Match:
    """A match of ``scenario`` just after its first hit, still being fought."""
    match = Match.start(GAME, scenario, seed=0, options={"combat": combat})
    agents = {
        side: make_agent(GAME, default_agent(GAME), i)
        for i, side in enumerate(match.game.spec.sides)
    }
    for _ in range(400):
        decision = match.decision
        if decision is None or any(e.kind == "damage_roll" for e in match.events[-50:]):
            break
        match.apply(agents[decision.side].choose(match, decision))
    assert match.decision is not None and match.outcome is None
    return match


def _hurt(state: Any, side: str) -> Any:
    """``state`` with every afloat enemy ship of ``side`` one hull box down and one
    speed level slower (none sunk by it)."""
    for s in state.ships:
        if s.side == side or s.damage.sunk or s.damage.track.remaining("hull") < 2:
            continue
        dmg = attrs.evolve(
            s.damage, track=s.damage.track.hit("hull", 1), speed_lost=s.damage.speed_lost + 1
        )
        if isinstance(state, BasicBattle):
            state = state.with_damage(s.key, dmg)
        else:
            state = state.with_ship(s.replace(damage=dmg))
    return state


@pytest.mark.parametrize("combat", ["advanced", "basic"])
@pytest.mark.parametrize("scenario", ["ulsan", "yellow-sea"])
def test_an_enemy_ships_damage_changes_nothing_a_side_observes_or_draws(
    scenario: str, combat: str
) -> None:
    """``observe()`` (and the side's SVG, and so the terminal board, which draws the
    observation) is the same whatever the enemy's damage, while the side's own damage
    shows in its own observation."""
    match = _mid_battle(scenario, combat)
    game, data = match.game, match.data
    real = match.state
    for side in game.spec.sides:
        hurt = _hurt(real, side)
        assert hurt != real
        assert game.observe(hurt, side, data) == game.observe(real, side, data)
        enemy = next(s for s in game.spec.sides if s != side)
        assert game.observe(hurt, enemy, data) != game.observe(real, enemy, data)
        if combat == "advanced":
            picture, umpire = draw_gwas(match, side=side), draw_gwas(match)
            match.state = hurt
            try:
                assert draw_gwas(match, side=side) == picture
                assert draw_gwas(match) != umpire  # the umpire's picture does show it
            finally:
                match.state = real
