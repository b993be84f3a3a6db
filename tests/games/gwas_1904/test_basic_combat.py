"""GWaS Basic Combat (6.0-6.5): rounds at long and close range with scripted dice, the
range statements (6.2, E-5), night (6.4, E-29), torpedoes (6.5, 7.8), weather (11.73) and
a random-play loop (notes §2.4, A-55, T-11)."""

from __future__ import annotations

import random
from collections.abc import Sequence

import attrs
import pytest

from navalwar.actions import Action, ActionCodec
from navalwar.datapack import load_files
from navalwar.dice import Dice, ScriptedDice
from navalwar.engine import Context, Decision
from navalwar.errors import IllegalActionError, NavalwarError
from navalwar.games.gwas_1904.actions import BASIC_ACTIONS, BasicFire, BasicRange, BasicTorpedo
from navalwar.games.gwas_1904.basic_combat import (
    BasicBattle,
    BasicOptions,
    BasicShip,
    advance,
    apply,
    ask,
    can_torpedo,
    damage,
    effective_er,
    faster_side,
    gun_parts,
    range_choices,
    start,
)
from navalwar.games.gwas_1904.combat import ShipDamage
from navalwar.games.gwas_1904.events import COMBAT_KINDS
from navalwar.games.gwas_1904.ship import ShipSpec
from navalwar.games.gwas_1904.ships import load_ships
from navalwar.games.gwas_1904.sides import JAPAN, RUSSIA
from navalwar.games.gwas_1904.tables import DamageTables


def ship(name: str, type_: str = "B", **kw: object) -> ShipSpec:
    """A test ship with few boxes, heavy hull boxes first, so a main-gun hit on the hull
    rolls no 8.3 additional damage."""
    base: dict[str, object] = dict(primary="HH", secondary="LL", tertiary="N", hull="HHHHHH")
    return ShipSpec.custom(name, type_, **{**base, **kw})


def destroyer(name: str, **kw: object) -> ShipSpec:
    base: dict[str, object] = dict(
        primary="", secondary="", tertiary="N", hull="NN", torpedo=2, torpedo_mount="rotating"
    )
    base.update(kw)
    return ship(name, "DD", **{"speed": "2", **base})


def battle(
    japan: Sequence[ShipSpec],
    russia: Sequence[ShipSpec],
    *,
    night: bool = False,
    weather: int = 1,
    max_rounds: int = 0,
    options: BasicOptions | None = None,
    er: int = 6,
) -> tuple[BasicBattle, dict[str, ShipSpec]]:
    """Ships keyed ``J:<name>`` and ``R:<name>``."""
    specs: dict[str, ShipSpec] = {}
    ships = []
    for side, nat, group in ((JAPAN, "J", japan), (RUSSIA, "R", russia)):
        for spec in group:
            key = f"{nat}:{spec.name}"
            specs[key] = spec
            ships.append(BasicShip(key, side, key, ShipDamage.new(spec), er))
    state = start(
        ships,
        night=night,
        weather=weather,
        max_rounds=max_rounds,
        options=options or BasicOptions(),
    )
    return state, specs


class Runner:
    """Drives the step machine as the Game will: advance, then apply and advance."""

    def __init__(
        self,
        state: BasicBattle,
        specs: dict[str, ShipSpec],
        tables: DamageTables,
        dice: Sequence[int] | Dice,
    ) -> None:
        self.dice = dice if isinstance(dice, Dice) else ScriptedDice(dice)
        self.specs = specs
        self.tables = tables
        self.ctx = Context(self.dice)
        self.state = advance(state, specs, tables, self.ctx)

    @property
    def decision(self) -> Decision:
        d = ask(self.state, self.specs)
        assert d is not None, "no decision pending"
        return d

    def do(self, *actions: Action) -> None:
        for action in actions:
            self.state = apply(self.state, self.specs, action, self.ctx)
            self.state = advance(self.state, self.specs, self.tables, self.ctx)

    def lost(self, key: str, part: str) -> int:
        return self.state.ship(key).damage.track.lost_boxes(part)

    def texts(self, kind: str = "") -> list[str]:
        """The texts of the events of ``kind`` (by default, of fire and damage)."""
        kinds = {kind} if kind else COMBAT_KINDS
        return [e.text for e in self.ctx.events if e.kind in kinds]

    def fires(self) -> list[str]:
        """The dice lines of gunnery and torpedo attacks."""
        return [e.text for e in self.ctx.events if e.kind == "attack"]


def fire(ship: str, target: str = "") -> BasicFire:
    return BasicFire(ship, target)


LONG, CLOSE, DISENGAGE = BasicRange("long"), BasicRange("close"), BasicRange("disengage")


# -- 6.1 gunnery -------------------------------------------------------------------


def test_6_1_first_round_long_range_japan_first_simultaneous_no_auxiliary(
    tables: DamageTables,
) -> None:
    """Round 1 is at long range. Japan declares and rolls first: Mikasa's 2 main dice
    (6, 3: one hit; damage 3+4 = 7, 1 primary on Retvizan) and 2 secondary dice (6, 6:
    damage 5 = 1 hull, stopped by heavy armour; damage 4 = 1 secondary); no auxiliary
    die at long range. Retvizan (italic: 5-6) still fires both main guns: 5, 4 -> one hit
    (9: 1 primary on Mikasa); secondary 5, 5 -> two hits (8: 1 tertiary; 4: 1 secondary).
    Next round Retvizan has 1 main and 1 secondary die."""
    mikasa = ship("Mikasa", speed="1+")
    retvizan = ship("Retvizan", italic=True)
    state, specs = battle([mikasa], [retvizan])
    script = [6, 3, 3, 4, 6, 6, 2, 3, 1, 3]  # Japan
    script += [5, 4, 4, 5, 5, 5, 6, 2, 2, 2]  # Russia
    script += [1, 1]  # round 2: Retvizan's one main and one secondary die
    run = Runner(state, specs, tables, script)
    d = run.decision
    assert (d.side, d.kind, d.rule) == (JAPAN, "basic_target", "GWaS 6.1")
    assert d.choices == (fire("J:Mikasa"), fire("J:Mikasa", "R:Retvizan"))
    assert "2 primary, 2 secondary" in d.prompt  # no tertiary at long range
    run.do(fire("J:Mikasa", "R:Retvizan"))
    # Russia declares having seen the Japanese dice; its firepower is the round's start
    d = run.decision
    assert (d.side, d.kind) == (RUSSIA, "basic_target")
    assert run.lost("R:Retvizan", "primary") == 1 and "2 primary" in d.prompt
    assert len(run.texts()) >= 2
    run.do(fire("R:Retvizan", "J:Mikasa"))
    assert (run.lost("R:Retvizan", "primary"), run.lost("R:Retvizan", "secondary")) == (1, 1)
    assert run.lost("R:Retvizan", "hull") == 0  # secondary hit stopped (8.2)
    assert [run.lost("J:Mikasa", p) for p in ("primary", "secondary", "tertiary")] == [1, 1, 1]
    assert run.decision.kind == "basic_range"
    run.do(LONG, LONG)
    assert run.state.round == 2 and run.state.range == "long"
    run.do(fire("J:Mikasa"), fire("R:Retvizan", "J:Mikasa"))
    assert isinstance(run.dice, ScriptedDice) and run.dice.remaining == ()
    assert "fires 1 primary" in run.fires()[-2] and "fires 1 secondary" in run.fires()[-1]


def test_6_1_one_target_per_ship_or_hold_fire(tables: DamageTables) -> None:
    """Each ship gets one decision a round: one enemy ship or hold fire; a player may
    put all his ships on one target (6.1)."""
    state, specs = battle([ship("A"), ship("B")], [ship("X"), ship("Y")], max_rounds=1)
    run = Runner(state, specs, tables, [1] * 8)
    assert run.decision.choices == (fire("J:A"), fire("J:A", "R:X"), fire("J:A", "R:Y"))
    run.do(fire("J:A", "R:X"))
    assert run.decision.context["ship"] == "J:B"
    run.do(fire("J:B", "R:X"))
    assert run.state.declared == ()  # resolved: 2 ships x 4 dice, all misses
    assert run.decision.side == RUSSIA
    with pytest.raises(IllegalActionError):
        apply(run.state, specs, fire("R:Y", "R:X"), run.ctx)
    run.do(fire("R:X"), fire("R:Y"))
    assert run.state.over and run.state.result == "The battle ends after round 1"


# -- 6.2 range ---------------------------------------------------------------------


def at_range_statement(state: BasicBattle, rng: str = "long") -> BasicBattle:
    return attrs.evolve(state, step="range", range=rng)


@pytest.mark.parametrize(
    ("j_speed", "r_speed", "japan", "russia", "dice", "expected"),
    [
        ("1", "1", "close", "close", [], "close"),  # both want close
        ("1", "1", "long", "long", [], "long"),  # neither wants a change
        ("2", "1", "close", "long", [], "close"),  # Japan faster decides
        ("1", "2", "close", "long", [], "long"),  # Russia faster decides
        ("1+", "1+", "close", "long", [3, 3, 2, 5], "long"),  # equal: tie re-rolled, R high
        ("1+", "1+", "close", "long", [6, 1], "close"),  # equal: J high
        ("1s", "1", "long", "close", [], "close"),  # 1s is slower than 1 (5.1)
    ],
)
def test_6_2_range_for_the_next_round(
    tables: DamageTables,
    j_speed: str,
    r_speed: str,
    japan: str,
    russia: str,
    dice: list[int],
    expected: str,
) -> None:
    state, specs = battle([ship("A", speed=j_speed)], [ship("X", speed=r_speed)])
    run = Runner(at_range_statement(state), specs, tables, dice)
    run.do(BasicRange(japan), BasicRange(russia))
    assert run.state.range == expected and run.state.round == 2
    assert isinstance(run.dice, ScriptedDice) and run.dice.remaining == ()


def test_e5_6_2_every_ship_must_be_faster_speed_1_plus_variant(tables: DamageTables) -> None:
    """E-5 in 1904 speeds: Japan's battleship (1) and cruiser (1+, Glasgow's part)
    against two Russian ships at 2. Japan wants close, Russia does not: Russia's ships
    are all faster, so the range stays long, with no die roll."""
    japan = [ship("France", speed="1"), ship("Glasgow", "C", speed="1+")]
    russia = [ship("Goeben", speed="2"), ship("Schwarzenberg", speed="2")]
    state, specs = battle(japan, russia)
    assert faster_side(state, specs) == RUSSIA
    run = Runner(at_range_statement(state), specs, tables, [])
    run.do(CLOSE, LONG)
    assert run.state.range == "long"
    assert "Russia's ships are all faster" in " ".join(run.texts("basic_range"))


def test_e5_6_2_a_fast_ship_gives_no_advantage(tables: DamageTables) -> None:
    """Japan's cruiser at 2 does not make Japan faster when its battleship (1) is slower
    than the Russian 1+ ships; Russia is not faster either (the cruiser outruns them):
    neither side is, so the dice decide (Japan 1, Russia 6: Russia keeps long range)."""
    japan = [ship("Shikishima", speed="1"), ship("Yoshino", "C", speed="2")]
    russia = [ship("Peresvet", speed="1+"), ship("Pobieda", speed="1+")]
    state, specs = battle(japan, russia)
    assert faster_side(state, specs) == ""
    run = Runner(at_range_statement(state), specs, tables, [1, 6])
    run.do(CLOSE, LONG)
    assert run.state.range == "long"


def test_6_2_damage_slows_a_fleet(tables: DamageTables) -> None:
    """Speed lost in battle counts: a Japanese ship reduced from 2 to 1+ ties the
    Russian 1+ ships."""
    state, specs = battle([ship("A", speed="2")], [ship("X", speed="1+")])
    assert faster_side(state, specs) == JAPAN
    hurt = attrs.evolve(state.ship("J:A").damage, speed_lost=1)
    assert faster_side(state.with_damage("J:A", hurt), specs) == ""


def test_6_2_storm_slows_destroyers_to_1(tables: DamageTables) -> None:
    """Destroyers are speed 1 in weather 4+ (11.73), so in a Storm they are no faster
    than a speed 1 battleship."""
    state, specs = battle([destroyer("Ikazuchi")], [ship("X", speed="1")])
    assert faster_side(state, specs) == JAPAN
    assert faster_side(attrs.evolve(state, weather=5), specs) == ""


def test_6_2_disengage_only_from_long_range(tables: DamageTables) -> None:
    """At long range a side may state close, long or disengage; at close range only
    close or long (6.2)."""
    state, specs = battle([ship("A")], [ship("X")])
    assert range_choices(state, specs, JAPAN) == (LONG, CLOSE, DISENGAGE)
    close = attrs.evolve(state, range="close")
    assert range_choices(close, specs, RUSSIA) == (CLOSE, LONG)
    run = Runner(at_range_statement(close, "close"), specs, tables, [])
    assert run.decision.choices == (CLOSE, LONG)
    with pytest.raises(IllegalActionError):
        run.do(DISENGAGE)


def test_6_2_disengagement_works_like_a_range_change(tables: DamageTables) -> None:
    """Russia (all faster) tries to disengage, Japan wants long: Russia decides and the
    battle ends. When Japan is faster the attempt fails and the battle goes on."""
    state, specs = battle([ship("A", speed="1")], [ship("X", speed="2")])
    run = Runner(at_range_statement(state), specs, tables, [])
    run.do(LONG, DISENGAGE)
    assert run.state.over and run.state.disengaged == (RUSSIA,)
    assert "Russia disengage" in run.state.result
    assert ask(run.state, specs) is None

    state, specs = battle([ship("A", speed="2")], [ship("X", speed="1")])
    run = Runner(at_range_statement(state), specs, tables, [])
    run.do(LONG, DISENGAGE)
    assert not run.state.over and run.state.range == "long" and run.state.round == 2

    run = Runner(at_range_statement(state), specs, tables, [])
    run.do(DISENGAGE, DISENGAGE)
    assert run.state.over and run.state.disengaged == (JAPAN, RUSSIA)


def test_6_2_unable_to_sail_blocks_range_changes_and_disengagement(
    tables: DamageTables,
) -> None:
    """A side with even one ship unable to sail may only keep the range (6.2); the
    other side's wish is then settled by speed: the crippled side is never faster."""
    state, specs = battle([ship("A", speed="1"), ship("B", speed="2")], [ship("X", speed="2")])
    crippled = attrs.evolve(state.ship("J:B").damage, unable=True)
    state = state.with_damage("J:B", crippled)
    assert range_choices(state, specs, JAPAN) == (LONG,)
    assert range_choices(state, specs, RUSSIA) == (LONG, CLOSE, DISENGAGE)
    assert range_choices(attrs.evolve(state, range="close"), specs, JAPAN) == (CLOSE,)
    run = Runner(at_range_statement(state), specs, tables, [])
    assert "unable to sail" in run.decision.prompt
    run.do(LONG, CLOSE)
    assert run.state.range == "close"  # Russia (2) is faster than A (1) and crippled B


def test_6_2_range_statements_are_simultaneous(tables: DamageTables) -> None:
    """Japan states first, but its statement is logged for Japan only; Russia's decision
    does not show it; both are announced once Russia has stated."""
    state, specs = battle([ship("A")], [ship("X")])
    run = Runner(at_range_statement(state), specs, tables, [])
    assert run.decision.side == JAPAN
    run.do(CLOSE)
    japan_event = run.ctx.events[-1]
    assert japan_event.kind == "basic_range_stated" and japan_event.sides == (JAPAN,)
    d = run.decision
    assert d.side == RUSSIA and "close" not in d.prompt
    assert d.context == {"round": 1, "range": "long"}
    public = [e for e in run.ctx.events if not e.sides and e.kind.startswith("basic_range")]
    assert public == []
    run.do(CLOSE)
    reveal = [e for e in run.ctx.events if e.kind == "basic_range_statements"]
    assert len(reveal) == 1 and reveal[0].sides == ()
    assert reveal[0].data == {"japan": "close", "russia": "close"}


# -- 6.3 close range ---------------------------------------------------------------


def test_6_3_close_range_adds_1_and_auxiliaries_fire(tables: DamageTables) -> None:
    """At close range +1: Mikasa's main dice 5, 4 give one hit (damage 5: 1 hull);
    secondary 4, 4 miss; its auxiliary die 5 hits (damage 8: 1 tertiary, unarmoured).
    Retvizan (italic) hits on a 4: 4, 3 -> one hit (damage 7: 1 primary)."""
    state, specs = battle([ship("Mikasa")], [ship("Retvizan", italic=True)])
    state = attrs.evolve(state, range="close")
    script = [5, 4, 2, 3, 4, 4, 5, 4, 4]  # Japan
    script += [4, 3, 3, 4, 1, 1, 1]  # Russia: main, damage, secondary, auxiliary
    run = Runner(state, specs, tables, script)
    assert "1 tertiary" in run.decision.prompt
    run.do(fire("J:Mikasa", "R:Retvizan"), fire("R:Retvizan", "J:Mikasa"))
    assert run.lost("R:Retvizan", "hull") == 1 and run.lost("R:Retvizan", "tertiary") == 1
    assert run.lost("J:Mikasa", "primary") == 1
    assert run.decision.kind == "basic_range"  # no torpedoes aboard: no torpedo step
    assert isinstance(run.dice, ScriptedDice) and run.dice.remaining == ()


# -- 6.4 night ---------------------------------------------------------------------


def test_6_4_no_long_range_combat_at_night(tables: DamageTables) -> None:
    """A night battle's first round is at long range: nobody fires; the players may
    try to close. If both keep long range, no combat is possible and the battle ends."""
    state, specs = battle([ship("A")], [ship("X")], night=True)
    run = Runner(state, specs, tables, [])
    assert run.decision.kind == "basic_range" and run.state.round == 1
    assert "no gunnery at long range at night" in run.texts("basic_round")[0]
    run.do(LONG, LONG)
    assert run.state.over and "Neither side can attack" in run.state.result


def test_e29_6_4_night_close_range_is_net_0(tables: DamageTables) -> None:
    """At night close range +1 and night -1 cancel (E-29): a 5 misses, a 6 hits; an
    italic ship still hits on 5-6."""
    state, specs = battle([ship("A")], [ship("X", italic=True)], night=True)
    script = [5, 6, 2, 3, 5, 5, 1]  # A: main 5 miss, 6 hit (5: 1 hull); rest miss
    script += [5, 4, 2, 3, 1, 1, 1]  # X (italic): main 5 hits (5: 1 hull); rest miss
    run = Runner(state, specs, tables, script)
    run.do(CLOSE, CLOSE)
    assert run.state.range == "close" and run.state.round == 2
    run.do(fire("J:A", "R:X"), fire("R:X", "J:A"))
    assert run.lost("R:X", "hull") == 1 and run.lost("J:A", "hull") == 1
    fires = run.fires()
    assert "6+ with +0: rolls [5, 6] -> 1 hit" in fires[0]
    assert "5+ with +0: rolls [5, 4] -> 1 hit" in fires[3]
    assert isinstance(run.dice, ScriptedDice) and run.dice.remaining == ()


# -- 6.5 torpedoes -----------------------------------------------------------------


def test_6_5_torpedoes_only_in_close_range_rounds_and_once(tables: DamageTables) -> None:
    """No torpedo step at long range. At close range, after gunnery, Ikazuchi (2
    factors) torpedoes a capital ship: +1, same-hex +0 (volume 7.81): 5, 2 -> one hit;
    Torpedo Damage Table 6: 1 hull. Its tubes are then spent (7.84): no torpedo step
    decision in the next close round."""
    state, specs = battle([destroyer("Ikazuchi")], [ship("Retvizan", primary="", secondary="")])
    script = [1]  # close round 2: Ikazuchi's auxiliary die (misses)
    script += [5, 2, 3, 3]  # torpedoes: one hit; damage 6
    script += [1]  # round 3: auxiliary die only
    run = Runner(state, specs, tables, script)
    # round 1 at long range: both have only auxiliary guns (6.1), and no torpedo step
    assert run.decision.kind == "basic_range"
    run.do(CLOSE, CLOSE)
    run.do(fire("J:Ikazuchi", "R:Retvizan"), fire("R:Retvizan"))
    d = run.decision
    assert (d.side, d.kind, d.rule) == (JAPAN, "basic_torpedo", "GWaS 6.5")
    assert d.choices == (BasicTorpedo("J:Ikazuchi"), BasicTorpedo("J:Ikazuchi", "R:Retvizan"))
    run.do(BasicTorpedo("J:Ikazuchi", "R:Retvizan"))
    assert run.lost("R:Retvizan", "hull") == 1
    assert run.state.ship("J:Ikazuchi").damage.torpedo_used
    assert "(2 factors, +1): rolls [5, 2] -> 1 hit" in run.fires()[-1]
    run.do(CLOSE, CLOSE)
    run.do(fire("J:Ikazuchi", "R:Retvizan"), fire("R:Retvizan"))
    assert run.decision.kind == "basic_range"  # once per scenario
    assert isinstance(run.dice, ScriptedDice) and run.dice.remaining == ()


def test_7_83_a_ship_that_cannot_move_cannot_torpedo(tables: DamageTables) -> None:
    state, specs = battle([destroyer("Ikazuchi")], [ship("X")])
    close = attrs.evolve(state, range="close")
    dd, fresh = specs["J:Ikazuchi"], state.ship("J:Ikazuchi").damage
    assert can_torpedo(close, dd, fresh)
    assert not can_torpedo(state, dd, fresh)  # long range (6.5)
    assert not can_torpedo(close, dd, attrs.evolve(fresh, unable=True))
    assert not can_torpedo(close, dd, attrs.evolve(fresh, speed_lost=4))
    assert not can_torpedo(close, dd, attrs.evolve(fresh, torpedo_destroyed=True))  # 7.85


def test_7_8_tubes_lost_in_gunnery_cannot_fire_that_round(tables: DamageTables) -> None:
    """Gunnery damage 3 (1 torpedo) destroys Ikazuchi's tubes: it fires its gun this
    round but gets no torpedo decision after the gunnery step (7.8)."""
    state, specs = battle([destroyer("Ikazuchi")], [ship("X", secondary="", tertiary="")])
    state = attrs.evolve(state, range="close")
    run = Runner(state, specs, tables, [1, 6, 1, 1, 2])  # J aux miss; X main: hit, damage 3
    run.do(fire("J:Ikazuchi", "R:X"), fire("R:X", "J:Ikazuchi"))
    assert run.state.ship("J:Ikazuchi").damage.torpedo_destroyed
    assert run.decision.kind == "basic_range"


# -- weather (11.73, volume "Low Freeboard") -----------------------------------------


def test_weather_limits_fire_and_torpedoes(tables: DamageTables) -> None:
    """Squall/Storm/Gale: main guns only and no torpedoes; low-freeboard ships fire no
    guns; in a Gale destroyers fire no guns at all."""
    b = ship("B")
    lf = ship("Monitor", "CD", low_freeboard=True)
    dd = destroyer("Ikazuchi")
    state, _ = battle([b, dd], [lf])
    close = attrs.evolve(state, range="close")
    fresh = ShipDamage.new
    assert gun_parts(close, b, fresh(b)) == [("primary", 2), ("secondary", 2), ("tertiary", 1)]
    assert gun_parts(state, b, fresh(b)) == [("primary", 2), ("secondary", 2)]
    for level in (4, 5, 6):
        wx = attrs.evolve(close, weather=level)
        assert gun_parts(wx, b, fresh(b)) == [("primary", 2)]
        assert gun_parts(wx, lf, fresh(lf)) == []
        assert not can_torpedo(wx, dd, fresh(dd))
    assert gun_parts(attrs.evolve(close, weather=3), lf, fresh(lf)) != []
    assert gun_parts(attrs.evolve(close, weather=3), dd, fresh(dd)) == [("tertiary", 1)]
    assert gun_parts(attrs.evolve(close, weather=6), dd, fresh(dd)) == []


def test_storm_battle_round(tables: DamageTables) -> None:
    """In a Storm at close range only B's 2 main dice are rolled; the low-freeboard
    ship and the destroyer are not asked; there is no torpedo step."""
    state, specs = battle([ship("B"), destroyer("Ikazuchi")], [ship("Monitor", low_freeboard=True)])
    state = attrs.evolve(state, range="close", weather=5)
    run = Runner(state, specs, tables, [1, 1])
    assert run.decision.context["ship"] == "J:B"
    run.do(fire("J:B", "R:Monitor"))
    assert run.decision.kind == "basic_range"
    assert isinstance(run.dice, ScriptedDice) and run.dice.remaining == ()


# -- ending the battle ------------------------------------------------------------


def test_sinking_ends_the_battle_after_the_round_and_the_sunk_ship_fired(
    tables: DamageTables,
) -> None:
    """Mikasa's main die 6 hits Kazan (one unarmoured hull box): damage 5, 1 hull, and
    the 8.3 die (1). Kazan is sunk but fires in the same round (damage is simultaneous):
    6 hits, damage 5: 1 heavy hull box on Mikasa. Then Russia has no ship afloat."""
    mikasa = ship("Mikasa", primary="H", secondary="", tertiary="")
    kazan = ship("Kazan", "C", primary="H", secondary="", tertiary="", hull="N")
    state, specs = battle([mikasa], [kazan])
    run = Runner(state, specs, tables, [6, 2, 3, 1, 6, 2, 3])
    run.do(fire("J:Mikasa", "R:Kazan"))
    assert run.state.ship("R:Kazan").damage.sunk
    assert run.decision.context["ship"] == "R:Kazan"
    run.do(fire("R:Kazan", "J:Mikasa"))
    assert run.lost("J:Mikasa", "hull") == 1
    assert run.state.over and run.state.result == "Russia has no ship afloat: the battle ends"
    assert run.texts("ship_sunk") == ["Kazan sinks"]
    assert damage(run.state)["R:Kazan"].sunk


def test_round_limit(tables: DamageTables) -> None:
    state, specs = battle([ship("A")], [ship("X")], max_rounds=2)
    run = Runner(state, specs, tables, [])
    run.do(fire("J:A"), fire("R:X"), LONG, LONG, fire("J:A"), fire("R:X"))
    assert run.state.over and run.state.round == 2 and ask(run.state, specs) is None


def test_fire_at_a_ship_already_sunk_is_lost(tables: DamageTables) -> None:
    """Two Japanese ships fire at Kazan; the first sinks it: the second rolls nothing."""
    a = ship("A", primary="H", secondary="", tertiary="")
    kazan = ship("Kazan", "C", primary="", secondary="", tertiary="", hull="H")
    state, specs = battle([a, attrs.evolve(a, name="B")], [kazan], max_rounds=1)
    run = Runner(state, specs, tables, [6, 2, 3])
    run.do(fire("J:A", "R:Kazan"), fire("J:B", "R:Kazan"))
    assert run.state.over and "fire is lost" in run.texts()[-1]


def test_7_84_a_torpedo_salvo_at_a_ship_sunk_earlier_in_the_step_is_spent(
    tables: DamageTables,
) -> None:
    """Two destroyers torpedo Kazan; the first sinks it. The second salvo was fired with
    the step's others (7.5), so its tubes are spent (7.84), as on the tactical map
    (``test_battle.py::test_7_84_a_salvo_declared_at_a_ship_sunk_earlier_in_the_step_is_spent``;
    issue 15, item 8)."""
    kazan = ship("Kazan", "C", primary="", secondary="", tertiary="", hull="N")
    state, specs = battle([destroyer("A"), destroyer("B")], [kazan], max_rounds=1)
    run = Runner(attrs.evolve(state, range="close"), specs, tables, [6, 1, 3, 3])
    run.do(fire("J:A"), fire("J:B"))  # hold gunfire
    run.do(BasicTorpedo("J:A", "R:Kazan"), BasicTorpedo("J:B", "R:Kazan"))
    assert run.state.ship("R:Kazan").damage.sunk and run.state.over
    assert run.state.ship("J:B").damage.torpedo_used
    assert "already sunk" in run.texts()[-1]


# -- 19.0 effectiveness -----------------------------------------------------------


def test_19_2_effectiveness_in_basic_combat(tables: DamageTables) -> None:
    """E-1: Vladimir (2-5-1) at ER 4 fires 1 main and 3 secondary dice at long range."""
    vladimir = ship("Vladimir", primary="HH", secondary="LLLLL", tertiary="N")
    state, specs = battle(
        [ship("A")], [vladimir], options=BasicOptions(effectiveness=True), er=4, max_rounds=1
    )
    run = Runner(state, specs, tables, [1, 1, 1, 1])
    run.do(fire("J:A"), fire("R:Vladimir", "J:A"))
    assert run.state.over and isinstance(run.dice, ScriptedDice) and run.dice.remaining == ()
    assert "fires 1 primary (ER 4: 1 of 2)" in run.fires()[0]
    assert "fires 3 secondary (ER 4: 3 of 5)" in run.fires()[1]
    assert BasicOptions.of({"effectiveness": True, "other": 3}) == BasicOptions(True, False)


def test_19_3_in_battle_penalties() -> None:
    s = ship("S", hull="HHHHHH")
    fresh = ShipDamage.new(s)
    b = BasicShip("R:S", RUSSIA, "R:S", fresh, 6)
    assert effective_er(s, b, fresh) == 6
    assert effective_er(s, b, attrs.evolve(fresh, commander_killed=True)) == 4
    three = attrs.evolve(fresh, track=fresh.track.hit("hull", 3))
    four = attrs.evolve(fresh, track=fresh.track.hit("hull", 4))
    assert effective_er(s, b, three) == 6 and effective_er(s, b, four) == 4
    assert effective_er(s, attrs.evolve(b, er=2), attrs.evolve(four, commander_killed=True)) == 1


# -- API ---------------------------------------------------------------------------


def test_actions_have_unique_basic_tags_and_round_trip() -> None:
    codec = ActionCodec(BASIC_ACTIONS)
    assert all(t.startswith("basic_") for t in codec.types)
    for action in (fire("J:A", "R:X"), fire("J:A"), BasicTorpedo("J:A", "R:X"), CLOSE):
        assert codec.from_json(codec.to_json(action)) == action


def test_start_checks_its_input() -> None:
    a = ship("A")
    good = BasicShip("J:A", JAPAN, "J:A", ShipDamage.new(a))
    with pytest.raises(NavalwarError, match="repeat"):
        start([good, good], night=False, weather=1, max_rounds=0)
    with pytest.raises(NavalwarError, match="weather"):
        start([good], night=False, weather=7, max_rounds=0)


# -- random play -------------------------------------------------------------------


def _pool() -> list[ShipSpec]:
    files = load_files("gwas_1904", ("ships.csv",), ())
    ships = load_ships(files["ships.csv"].content, str(files["ships.csv"].path))
    return sorted((s for s in ships.values() if s.type != "FORT"), key=lambda s: s.key)


def test_random_play_terminates_and_sunk_ships_never_fire(tables: DamageTables) -> None:
    """Random legal choices over many seeds: every battle ends; every choice offered is
    legal and listed; no ship fires after the step in which it sank."""
    pool = _pool()
    codec = ActionCodec(BASIC_ACTIONS)
    endings: set[str] = set()
    for seed in range(150):
        rng = random.Random(seed)
        specs: dict[str, ShipSpec] = {}
        ships = []
        for side, nat in ((JAPAN, "J"), (RUSSIA, "R")):
            for i in range(rng.randint(1, 5)):
                spec = rng.choice([s for s in pool if s.nation == nat])
                key = f"{nat}:{spec.code}#{i}"
                specs[key] = spec
                ships.append(BasicShip(key, side, key, ShipDamage.new(spec), rng.randint(3, 7)))
        state = start(
            ships,
            night=rng.random() < 0.3,
            weather=rng.choice([1, 1, 2, 3, 4, 5, 6]),
            max_rounds=rng.choice([0, 0, 3, 8]),
            options=BasicOptions(rng.random() < 0.5, rng.random() < 0.5),
        )
        dice = Dice(seed)
        ctx = Context(dice)
        state = advance(state, specs, tables, ctx)
        decisions = 0
        while not state.over:
            d = ask(state, specs)
            assert d is not None and d.choices, f"seed {seed}: stuck"
            assert all(d.check(a) is None for a in d.choices)
            assert len(set(d.choices)) == len(d.choices)
            if d.kind in ("basic_target", "basic_torpedo"):
                assert not state.start_damage(d.context["ship"]).sunk
            action = d.random_choice(dice)
            assert codec.from_json(codec.to_json(action)) == action
            state = advance(apply(state, specs, action, ctx), specs, tables, ctx)
            decisions += 1
            assert decisions < 5_000, f"seed {seed}: no end"
        assert ask(state, specs) is None
        endings.add(state.result.split(":")[0].split(" ")[-1])
        sunk: set[str] = set()
        for e in ctx.events:
            if e.kind == "ship_sunk":
                sunk.add(e.data["ship"])
            elif e.kind == "attack":
                assert e.data["ship"] not in sunk, f"seed {seed}: a sunk ship fired"
        for s in state.ships:
            assert s.damage.sunk == (s.key in sunk)
    assert len(endings) >= 3  # several kinds of ending were reached
