"""Basic Combat: mapless battle rounds at long or close range (GWaS 6.0-6.5).

Basic Combat replaces the tactical map (7.x) when the players choose it before
play (6.0, notes 3.2). A battle is a series of rounds:

1. **Gunnery step** (6.1, 6.3, 6.4). Japan (the series "Allied" player) gives
   every ship that can fire one target or holds its fire, then rolls; Russia
   then does the same, having seen the Japanese dice. Firepower is read from
   the record at the start of the step and damage counts from the end of the
   step, so a ship hit this round still fires every gun it had (7.5, E-11).
2. **Torpedo step**, in close-range rounds only (6.5): the 7.8 procedure,
   after gunnery (7.8: tubes lost in gunnery cannot fire in the following
   torpedo step), Japan first, damage again simultaneous.
3. **End of the round.** The battle ends when all the ships of one side are
   sunk or the round limit is reached; otherwise both sides state the range
   they want for the next round (6.2): close, long, or (from long range)
   disengage. The statements are secret until both are made.

The round is declared as :data:`~.sequence_of_play.BASIC_ROUND` and played by the
core driver (:data:`DRIVER`). The Game calls :func:`start`, then alternates
:func:`advance` (automatic parts: dice, damage, range resolution), :func:`ask` (the
pending :class:`~navalwar.engine.Decision`) and :func:`apply` (records a choice).
The state is a frozen :class:`BasicBattle` made of tuples, so cloning it is free.

Readings (see also the notes §2.4, A-55, E-5, E-29, T-11):

* **Close range is read as the same hex (distance 0)** wherever a 7.x rule
  needs a distance: torpedoes get the volume's same-hex +0 (at the adjacent
  hex's -1 a destroyer could never hit a light ship, 7.81), auxiliaries fire at
  close range (6.1) although the volume limits them to the same hex, and the
  optional 8.21 penetration rolls use the range-0 numbers. Long range is read
  as 2 hexes (no 8.21 roll).
* **"The speeds of both fleets are the same" (6.2)** is read as "neither side
  is faster": a die roll decides whenever neither side has every ship faster
  than every enemy ship.
* **Differing statements** (e.g. one side wants close, the other to
  disengage) are settled the same way: the faster side, or the die-roll
  winner, gets the range it stated.
* **No combat possible.** If both sides keep the range and no ship of either
  side can attack at it (night at long range, weather, no guns left), the
  battle ends: the next round could only repeat this one.
* **Weather** (11.73, T-11; volume "Low Freeboard"; the rules are those of
  :mod:`.weather`): at 4+ (Squall, Storm, Gale) no secondary or auxiliary fire
  and no torpedoes, low-freeboard ships fire no guns, and destroyers and
  torpedo boats count as speed 1 at most for 6.2; at 6 (Gale) destroyers and
  torpedo boats fire no guns.
* **Effectiveness** (optional 19.0): each gun type's firepower is read from
  the Effectiveness Table at the ship's ER less the in-battle 19.3 penalties
  (-2 for two thirds of the hull lost, -2 for a commander-killed result).
* Gunfire at a ship that the same side has already sunk this step is lost (no
  dice); a torpedo salvo declared at it is spent (7.84: the step's salvoes are
  fired together, 7.5), as on the tactical map. No more damage is rolled for
  hits on a ship once it has sunk.
"""

from __future__ import annotations

import operator
from collections.abc import Callable, Iterable, Mapping
from typing import Any

import attrs

from navalwar.actions import Action
from navalwar.driver import Driver, Play
from navalwar.engine import Context, Decision
from navalwar.errors import IllegalActionError, NavalwarError
from navalwar.games.gwas_1904.actions import (
    CLOSE,
    DISENGAGE,
    LONG,
    BasicFire,
    BasicRange,
    BasicTorpedo,
)
from navalwar.games.gwas_1904.battle import Rules
from navalwar.games.gwas_1904.combat import (
    GUN_PARTS,
    HitContext,
    Log,
    Secret,
    ShipDamage,
    apply_result,
    attack_data,
    basic_gunnery_need,
    count_hits,
    effects,
    faster,
    gunnery_hit,
    torpedo_modifier,
)
from navalwar.games.gwas_1904.sequence_of_play import (
    BASIC_PLACES,
    BASIC_ROUND,
    BasicPlace,
    BasicStep,
    basic_at,
)
from navalwar.games.gwas_1904.ship import ShipSpec
from navalwar.games.gwas_1904.sides import JAPAN, RUSSIA, SIDES
from navalwar.games.gwas_1904.tables import DamageTables
from navalwar.games.gwas_1904.weather import (
    check_level,
    guns_allowed,
    torpedoes_allowed,
    weather_speed,
)

CLOSE_DISTANCE = 0  # the hex distance read for close range (module docstring)
LONG_DISTANCE = 2

Step = BasicStep
Specs = Mapping[str, ShipSpec]


def other(side: str) -> str:
    """The enemy side."""
    return RUSSIA if side == JAPAN else JAPAN


# -- state -----------------------------------------------------------------------


@attrs.frozen(slots=True)
class BasicOptions:
    """The optional rules that change Basic Combat.

    Attributes:
        effectiveness: optional rule 19.0 (Effectiveness Table limits firepower).
        secondary_penetration: optional rule 8.21 (penetration rolls).
        hit_effects: ``told``: the firer learns whether each hit had an effect
            (notes §7.3); ``hidden``: he does not.
    """

    effectiveness: bool = False
    secondary_penetration: bool = False
    hit_effects: str = "told"

    @classmethod
    def of(cls, options: BasicOptions | Mapping[str, object]) -> BasicOptions:
        """From the Game's resolved options (other names are ignored)."""
        if isinstance(options, BasicOptions):
            return options
        return cls(
            bool(options.get("effectiveness", False)),
            bool(options.get("secondary_penetration", False)),
            "hidden" if options.get("hit_effects") == "hidden" else "told",
        )


@attrs.frozen(slots=True)
class BasicShip:
    """A ship in a Basic Combat battle.

    Attributes:
        key: the ship's unique key, e.g. ``"J:B06"``.
        side: ``"Japan"`` or ``"Russia"``.
        spec: the key of its :class:`ShipSpec` in the ``specs`` mapping.
        damage: its damage record.
        er: its Effectiveness Rating (19.1) before in-battle penalties.
        free: the damage that scores no VP (a scenario's damage before play, BS4's
            mines: ``BattleShip.free_damage``); None for none.
    """

    key: str
    side: str
    spec: str
    damage: ShipDamage
    er: int = 6
    free: ShipDamage | None = None


@attrs.frozen(slots=True)
class BasicBattle:
    """The state of a Basic Combat battle (6.0).

    Attributes:
        ships: every ship of both sides, sunk ones included.
        round: the round being fought (1 = the first).
        range: ``"long"`` or ``"close"`` (6.1, 6.2).
        night: a night turn (6.4).
        weather: the weather level, 1 (Clear) to 6 (Gale) (11.73).
        max_rounds: the round limit, 0 for none.
        options: the optional rules in play.
        step: ``"gunnery"``, ``"torpedo"`` or ``"range"``.
        started: the current combat step has begun (its snapshot is taken).
        acting: the side declaring or firing in the current combat step.
        todo: ships of ``acting`` still to declare (the pending decisions).
        declared: ``(ship, target)`` attacks declared by ``acting`` this step.
        snapshot: the ships' damage at the start of the combat step, in the order of
            ``ships``: what each ship may fire (simultaneous damage, 7.5).
        wanted: ``(side, range)`` statements made at the end of this round (6.2).
            Japan's is secret from Russia until both have stated: a view of the
            state for Russia must not show it.
        disengaged: the sides that disengaged (6.2).
        over: the battle has ended; ``result`` says how.
        scenario: the scenario being fought (the Game's, for victory points).
    """

    ships: tuple[BasicShip, ...]
    night: bool = False
    weather: int = 1
    max_rounds: int = 0
    options: BasicOptions = BasicOptions()
    round: int = 1
    range: str = LONG
    step: Step = "gunnery"
    started: bool = False
    acting: str = ""
    todo: tuple[str, ...] = ()
    declared: tuple[tuple[str, str], ...] = ()
    snapshot: tuple[ShipDamage, ...] = ()
    wanted: tuple[tuple[str, str], ...] = ()
    disengaged: tuple[str, ...] = ()
    over: bool = False
    result: str = ""
    night_from: int = 0  # the first round fought at night (a day-to-night scenario, BS1)
    scenario: object = attrs.field(default=None, eq=False, repr=False)  # for scoring

    def index(self, key: str) -> int:
        """The position of a ship in ``ships``."""
        for i, s in enumerate(self.ships):
            if s.key == key:
                return i
        raise KeyError(key)

    def ship(self, key: str) -> BasicShip:
        """The ship with ``key``."""
        return self.ships[self.index(key)]

    def with_damage(self, key: str, damage: ShipDamage) -> BasicBattle:
        """Replace one ship's damage record."""
        i = self.index(key)
        ship = attrs.evolve(self.ships[i], damage=damage)
        return attrs.evolve(self, ships=(*self.ships[:i], ship, *self.ships[i + 1 :]))

    def start_damage(self, key: str) -> ShipDamage:
        """A ship's damage at the start of the current combat step."""
        i = self.index(key)
        return self.snapshot[i] if self.snapshot else self.ships[i].damage

    def afloat(self, side: str) -> list[BasicShip]:
        """The side's ships not sunk."""
        return [s for s in self.ships if s.side == side and not s.damage.sunk]

    @property
    def close(self) -> bool:
        """Whether the round is at close range."""
        return self.range == CLOSE


def start(
    ships: Iterable[BasicShip],
    *,
    night: bool,
    weather: int,
    max_rounds: int,
    options: BasicOptions | Mapping[str, object] = BasicOptions(),
) -> BasicBattle:
    """A battle about to fight its first round, always at long range (6.1)."""
    ships = tuple(ships)
    keys = [s.key for s in ships]
    if len(set(keys)) != len(keys):
        raise NavalwarError(f"basic combat: ship keys repeat: {keys}")
    for s in ships:
        if s.side not in SIDES:
            raise NavalwarError(f"basic combat: {s.key} has side {s.side!r}, not one of {SIDES}")
    check_level(weather)
    if max_rounds < 0:
        raise NavalwarError(f"basic combat: max_rounds {max_rounds} is negative")
    return BasicBattle(
        ships,
        night=night,
        weather=weather,
        max_rounds=max_rounds,
        options=BasicOptions.of(options),
    )


def damage(state: BasicBattle) -> dict[str, ShipDamage]:
    """Every ship's damage record by key (for the Game after the battle)."""
    return {s.key: s.damage for s in state.ships}


# -- who may do what -------------------------------------------------------------


def effective_er(spec: ShipSpec, ship: BasicShip, dmg: ShipDamage) -> int:
    """The ER with the in-battle 19.3 penalties: -2 when at least 2/3 of the hull boxes
    (fractions rounded down) are lost, -2 after a commander-killed result; at least 1.

    (Written here because combat.py has no ER helper; it belongs there if the
    tactical battle needs it too.)
    """
    er = ship.er
    boxes = len(spec.hull)
    if boxes and dmg.track.lost_boxes("hull") >= max(1, 2 * boxes // 3):
        er -= 2
    if dmg.commander_killed:
        er -= 2
    return max(1, er)


def gun_parts(state: BasicBattle, spec: ShipSpec, dmg: ShipDamage) -> list[tuple[str, int]]:
    """The gun types a ship may fire this round with their remaining firepower,
    before the Effectiveness Table.

    No gunnery at long range at night (6.4); no auxiliary guns at long range
    (6.1); weather 4+: no secondary or auxiliary fire, low-freeboard ships fire no
    guns; Gale: destroyers and torpedo boats fire no guns (11.73, volume "Low
    Freeboard").
    """
    if dmg.sunk or (state.night and not state.close):
        return []
    allowed = guns_allowed(state.weather, spec)
    parts = GUN_PARTS if state.close else ("primary", "secondary")
    return [(p, dmg.firepower(p)) for p in parts if p in allowed and dmg.firepower(p) > 0]


def can_torpedo(state: BasicBattle, spec: ShipSpec, dmg: ShipDamage) -> bool:
    """Close range only (6.5); not in weather 4+ (11.73); torpedo factors left, not
    yet fired (7.84, 7.85); not unable to sail (7.83)."""
    return (
        state.close
        and torpedoes_allowed(state.weather)
        and not dmg.sunk
        and dmg.torpedoes(spec) > 0
        and dmg.speed(spec) is not None
    )


def _eligible(state: BasicBattle, specs: Specs, side: str) -> tuple[str, ...]:
    """The side's ships that may attack in the current combat step (read from the
    step's snapshot), if the enemy has a ship afloat."""
    if not state.afloat(other(side)):
        return ()
    out = []
    for s in state.ships:
        if s.side != side:
            continue
        dmg, spec = state.start_damage(s.key), specs[s.spec]
        if state.step == "torpedo":
            if can_torpedo(state, spec, dmg):
                out.append(s.key)
        elif gun_parts(state, spec, dmg):
            out.append(s.key)
    return tuple(out)


def combat_possible(state: BasicBattle, specs: Specs) -> bool:
    """Whether any ship of either side could attack at the current range."""
    for s in state.ships:
        if not state.afloat(other(s.side)):
            continue
        spec = specs[s.spec]
        if gun_parts(state, spec, s.damage) or can_torpedo(state, spec, s.damage):
            return True
    return False


def unable_to_sail(state: BasicBattle, specs: Specs, side: str) -> bool:
    """Whether a ship of the side afloat cannot sail (8.5)."""
    return any(s.damage.speed(specs[s.spec]) is None for s in state.afloat(side))


def range_choices(state: BasicBattle, specs: Specs, side: str) -> tuple[BasicRange, ...]:
    """The statements open to a side (6.2): keep the range first; change it; from long
    range, disengage. A side with a ship unable to sail may only keep the range."""
    keep = BasicRange(state.range)
    if unable_to_sail(state, specs, side):
        return (keep,)
    if state.close:
        return (keep, BasicRange(LONG))
    return (keep, BasicRange(CLOSE), BasicRange(DISENGAGE))


# -- decisions -------------------------------------------------------------------


def ask(state: BasicBattle, specs: Specs) -> Decision | None:
    """The pending decision, or None (the battle is over, or the rules must run)."""
    if state.over:
        return None
    if state.step == "range":
        return ask_range(state, specs)
    return ask_target(state, specs)


def ask_range(state: BasicBattle, specs: Specs) -> Decision | None:
    """The next side to state the range it wants for the next round (6.2)."""
    stated = {side for side, _ in state.wanted}
    side = next((s for s in SIDES if s not in stated), "")
    if not side:
        return None
    choices = range_choices(state, specs, side)
    why = " (a ship unable to sail: the range cannot change, 6.2)" if len(choices) == 1 else ""
    return Decision(
        side,
        "basic_range",
        "GWaS 6.2",
        f"End of round {state.round} at {state.range} range: {side}, state the range "
        f"you want for round {state.round + 1}{why}",
        choices,
        context={"round": state.round, "range": state.range},
        tags=(BasicRange.tag,),
    )


def ask_target(state: BasicBattle, specs: Specs) -> Decision | None:
    """The next ship of the acting side to give its target or hold its fire (6.1, 6.5)."""
    if not state.started or not state.todo:
        return None
    key = state.todo[0]
    shooter = state.ship(key)
    name = specs[shooter.spec].name
    enemies = tuple(s.key for s in state.afloat(other(shooter.side)))
    context = {"ship": key, "round": state.round, "range": state.range, "targets": list(enemies)}
    if state.step == "torpedo":
        return Decision(
            state.acting,
            "basic_torpedo",
            "GWaS 6.5",
            f"Round {state.round}, torpedoes: {name}'s target (it may torpedo once, 7.84)",
            (BasicTorpedo(key), *(BasicTorpedo(key, t) for t in enemies)),
            context=context,
            tags=(BasicTorpedo.tag,),
        )
    guns = gun_parts(state, specs[shooter.spec], state.start_damage(key))
    parts = ", ".join(f"{fp} {p}" for p, fp in guns)
    return Decision(
        state.acting,
        "basic_target",
        "GWaS 6.1",
        f"Round {state.round} at {state.range} range: {name}'s target ({parts})",
        (BasicFire(key), *(BasicFire(key, t) for t in enemies)),
        context=context,
        tags=(BasicFire.tag,),
    )


def apply(state: BasicBattle, specs: Specs, action: Action, ctx: Context) -> BasicBattle:
    """Record a choice for the pending decision.

    Raises:
        IllegalActionError: ``action`` is not a legal choice now.
    """
    decision = ask(state, specs)
    reason = "the battle is over" if decision is None else decision.check(action)
    if reason is not None:
        raise IllegalActionError(action.describe(), reason, "GWaS 6.0")
    assert decision is not None
    if isinstance(action, BasicFire | BasicTorpedo):
        declared = state.declared
        if action.target:
            declared = (*declared, (action.ship, action.target))
        return attrs.evolve(state, declared=declared, todo=state.todo[1:])
    assert isinstance(action, BasicRange)
    side = decision.side
    ctx.log_private(
        (side,),
        "basic_range_stated",
        f"{side} {action.describe()} (secret until both sides have stated)",
        "GWaS 6.2",
        side=side,
        want=action.want,
    )
    return attrs.evolve(state, wanted=(*state.wanted, (side, action.want)))


# -- the automatic parts ---------------------------------------------------------


def advance(state: BasicBattle, specs: Specs, tables: DamageTables, ctx: Context) -> BasicBattle:
    """Run the automatic parts until a decision is pending or the battle is over
    (:data:`DRIVER` plays the steps of :data:`~.sequence_of_play.BASIC_ROUND`)."""
    return DRIVER.play_on(None, state, Rules(specs, tables), ctx)


def start_japan(state: BasicBattle, rules: Rules, ctx: Context) -> BasicBattle:
    """A combat step begins: the damage as it stands (firepower is read from it, 7.5),
    and Japan's ships that may attack; Japan declares and fires first (6.1)."""
    if state.step == "gunnery":
        why = " (no gunnery at long range at night, 6.4)" if state.night and not state.close else ""
        ctx.log(
            "basic_round",
            f"Round {state.round} at {state.range} range{why}",
            "GWaS 6.1",
            round=state.round,
            range=state.range,
        )
    state = attrs.evolve(
        state,
        started=True,
        acting=JAPAN,
        declared=(),
        snapshot=tuple(s.damage for s in state.ships),
    )
    return attrs.evolve(state, todo=_eligible(state, rules.specs, JAPAN))


def start_russia(state: BasicBattle, rules: Rules, ctx: Context) -> BasicBattle:
    """Russia's ships that may attack, having seen the Japanese dice (6.1)."""
    return attrs.evolve(state, started=True, todo=_eligible(state, rules.specs, RUSSIA))


def resolve_side(state: BasicBattle, rules: Rules, ctx: Context) -> BasicBattle:
    """The acting side has declared: resolve its attacks (6.1, 6.5); after Russia's,
    the step's damage takes effect (7.5)."""
    specs, tables = rules.specs, rules.tables
    if state.step == "torpedo":
        state = _resolve_torpedoes(state, specs, tables, ctx)
    else:
        state = _resolve_gunnery(state, specs, tables, ctx)
    state = attrs.evolve(state, declared=())
    if state.acting == JAPAN:
        return state
    return _end_combat_step(state, specs, ctx)


def _logger(ctx: Context, rule: str, ship: str) -> Log:
    """Tell what happens to ``ship`` (:class:`~.combat.Log`)."""

    def log(kind: str, text: str, /, **data: Any) -> None:
        ctx.log(kind, text, rule, ship=ship, **data)

    return log


def _secret(ctx: Context, target: BasicShip) -> Secret:
    """The target's data sheet is its owner's (3.1): what it decides is told to him only."""
    return lambda: ctx.private((target.side,))


def _tell(state: BasicBattle) -> bool:
    """Whether the firer learns each hit's effect or no effect (notes §7.3)."""
    return state.options.hit_effects != "hidden"


def _resolve_gunnery(
    state: BasicBattle, specs: Specs, tables: DamageTables, ctx: Context
) -> BasicBattle:
    """One die per firepower point, main then secondary then auxiliary guns (6.1, 7.5);
    a 6 hits, 5-6 for italic names; close range +1, night -1 (6.3, 6.4); 2d6 on the
    Gunnery Damage Table per hit. Firepower comes from the step's snapshot."""
    for key, target_key in state.declared:
        shooter = state.ship(key)
        sspec = specs[shooter.spec]
        target = state.ship(target_key)
        tspec = specs[target.spec]
        if target.damage.sunk:
            ctx.log(
                "attack_lost",
                f"{sspec.name}'s target {tspec.name} has already sunk: its fire is lost",
                "GWaS 6.1",
                ship=key,
                target=target_key,
                weapon="guns",
            )
            continue
        snap = state.start_damage(key)
        need, mod = basic_gunnery_need(sspec, state.close, state.night)
        er = effective_er(sspec, shooter, snap)
        dmg = target.damage
        for part, printed in gun_parts(state, sspec, snap):
            fp = tables.usable_firepower(er, printed) if state.options.effectiveness else printed
            hits, rolls = count_hits(
                ctx.dice, fp, mod, f"{part} guns of {sspec.name}", "GWaS 6.1", need
            )
            eff = f" (ER {er}: {fp} of {printed})" if fp != printed else ""
            ctx.log(
                "attack",
                f"{sspec.name} fires {fp} {part}{eff} at {tspec.name}, {need}+ with "
                f"{mod:+d}: rolls {list(rolls)} -> {hits} hit(s)",
                "GWaS 6.1",
                **attack_data(key, target_key, part, fp, mod, rolls, hits, need),
                **({"printed": printed} if fp != printed else {}),
            )
            distance = CLOSE_DISTANCE if state.close else LONG_DISTANCE
            hit = HitContext(
                part, distance, state.options.secondary_penetration, sspec.tertiary_white
            )
            log = _logger(ctx, "GWaS 6.1", ship=target_key)
            for _ in range(hits):
                if dmg.sunk:
                    break
                dmg = gunnery_hit(
                    tspec, dmg, hit, tables, ctx.dice, log, _secret(ctx, target), _tell(state)
                )
        state = state.with_damage(target_key, dmg)
    return state


def _resolve_torpedoes(
    state: BasicBattle, specs: Specs, tables: DamageTables, ctx: Context
) -> BasicBattle:
    """The 7.8 procedure (6.5): one die per torpedo factor, all at one target, modified
    roll 6+ hits (7.81, the volume's same-hex +0); 2d6 on the Torpedo Damage Table per
    hit, penetrating all armour (7.82); the tubes are then spent (7.84). No night
    modifier (6.4); ER does not limit torpedoes (19.2)."""
    for key, target_key in state.declared:
        shooter = state.ship(key)
        sspec = specs[shooter.spec]
        target = state.ship(target_key)
        tspec = specs[target.spec]
        state = state.with_damage(key, attrs.evolve(shooter.damage, torpedo_used=True))
        if target.damage.sunk:  # fired with the step's other salvoes (7.5): spent (7.84)
            ctx.log(
                "attack_lost",
                f"{sspec.name}'s torpedoes run at {tspec.name}, already sunk",
                "GWaS 7.84",
                ship=key,
                target=target_key,
                weapon="torpedo",
            )
            continue
        snap = state.start_damage(key)
        n = snap.torpedoes(sspec)
        mod = torpedo_modifier(sspec, tspec, state.start_damage(target_key), CLOSE_DISTANCE)
        hits, rolls = count_hits(ctx.dice, n, mod, f"torpedoes of {sspec.name}", "GWaS 7.81")
        ctx.log(
            "attack",
            f"{sspec.name} torpedoes {tspec.name} ({n} factors, {mod:+d}): rolls "
            f"{list(rolls)} -> {hits} hit(s)",
            "GWaS 7.81",
            **attack_data(key, target_key, "torpedo", n, mod, rolls, hits),
        )
        dmg = target.damage
        log = _logger(ctx, "GWaS 7.82", ship=target_key)
        for _ in range(hits):
            if dmg.sunk:
                break
            roll = sum(ctx.dice.nd(2, 6, f"Torpedo Damage Table for {tspec.name}", "GWaS 7.82"))
            result = tables.torpedo.lookup(roll)
            log(
                "damage_roll",
                f"{tspec.name}: torpedo damage roll {roll}: {result.text}",
                table="torpedo",
                roll=roll,
                **effects(result),
            )
            hit = HitContext("torpedo", CLOSE_DISTANCE)
            dmg = apply_result(
                tspec,
                dmg,
                result,
                hit,
                tables,
                ctx.dice,
                log,
                "GWaS 7.82",
                _secret(ctx, target),
                _tell(state),
            )
        state = state.with_damage(target_key, dmg)
    return state


def _end_combat_step(state: BasicBattle, specs: Specs, ctx: Context) -> BasicBattle:
    """Both sides have fired: the step's damage takes effect together (6.1, 7.5)."""
    for i, s in enumerate(state.ships):
        if s.damage.sunk and not state.snapshot[i].sunk:
            ctx.log("ship_sunk", f"{specs[s.spec].name} sinks", "GWaS 8.0", ship=s.key)
    return attrs.evolve(state, todo=(), declared=(), snapshot=())


def end_round(state: BasicBattle, rules: Rules, ctx: Context) -> BasicBattle:
    """The battle ends when a side has no ship afloat or at the round limit; otherwise
    the sides state the range for the next round (6.2)."""
    gone = [side for side in SIDES if not state.afloat(side)]
    if gone:
        text = " and ".join(gone) + (" have" if len(gone) > 1 else " has") + " no ship afloat"
        return _finish(state, ctx, f"{text}: the battle ends", "GWaS 6.0", "no_ships")
    if state.max_rounds and state.round >= state.max_rounds:
        text = f"The battle ends after round {state.round}"
        return _finish(state, ctx, text, "GWaS 6.0", "time")
    return attrs.evolve(state, wanted=())


def _finish(state: BasicBattle, ctx: Context, text: str, rule: str, reason: str) -> BasicBattle:
    ctx.log(
        "battle_end",
        text,
        rule,
        reason=reason,
        round=state.round,
        disengaged=list(state.disengaged),
    )
    return attrs.evolve(
        state,
        over=True,
        result=text,
        started=False,
        acting="",
        todo=(),
        declared=(),
        snapshot=(),
        wanted=(),
    )


def _capped(spec: ShipSpec, dmg: ShipDamage, weather: int) -> tuple[ShipSpec, ShipDamage]:
    """Destroyers and torpedo boats are speed 1 in weather 4+ (11.73): a (spec, damage)
    pair whose ``speed`` is the capped speed, for :func:`faster`."""
    speed = dmg.speed(spec)
    capped = weather_speed(weather, spec, speed)
    if capped is None or capped == speed:
        return spec, dmg
    return attrs.evolve(spec, speed=capped), attrs.evolve(dmg, speed_lost=0)


def faster_side(state: BasicBattle, specs: Specs) -> str:
    """The side all of whose ships afloat are faster than all enemy ships, or ``""``
    (6.2, E-5; speed ladder 2 > 1+ > 1 > 1s > unable to sail)."""
    fleets: dict[str, tuple[list[ShipSpec], list[ShipDamage]]] = {}
    for side in SIDES:
        pairs = [_capped(specs[s.spec], s.damage, state.weather) for s in state.afloat(side)]
        fleets[side] = ([p[0] for p in pairs], [p[1] for p in pairs])
    for side in SIDES:
        ours, theirs = fleets[side], fleets[other(side)]
        if faster(ours[0], ours[1], theirs[0], theirs[1]):
            return side
    return ""


def resolve_range(state: BasicBattle, rules: Rules, ctx: Context) -> BasicBattle:
    """Settle the statements (6.2): the same statement is carried out; otherwise the
    faster side's statement, or, if neither side is faster, that of the side rolling
    higher on 1d6 (ties re-rolled). The next round follows (the driver plays it)."""
    specs = rules.specs
    wants = dict(state.wanted)
    j, r = wants[JAPAN], wants[RUSSIA]
    ctx.reveal = True  # the secret statements are shown: no undo past this (6.2)
    ctx.log(
        "basic_range_statements",
        f"Japan {BasicRange(j).describe()}; Russia {BasicRange(r).describe()}",
        "GWaS 6.2",
        japan=j,
        russia=r,
    )
    if j == r:
        result = j
    else:
        decider = faster_side(state, specs)
        if decider:
            ctx.log(
                "basic_range",
                f"{decider}'s ships are all faster: {decider} decides",
                "GWaS 6.2",
                decider=decider,
            )
        else:
            decider = _roll_off(ctx)
        result = wants[decider]
    if result == DISENGAGE:
        sides = tuple(side for side in SIDES if wants[side] == DISENGAGE)
        state = attrs.evolve(state, disengaged=sides)
        text = f"{' and '.join(sides)} disengage: the battle ends"
        return _finish(state, ctx, text, "GWaS 6.2", "disengaged")
    if result == state.range and j == r and not combat_possible(state, specs):
        return _finish(
            state,
            ctx,
            f"Neither side can attack at {state.range} range and neither closes: the battle ends",
            "GWaS 6.2",
            "no_attack",
        )
    if result != state.range:
        ctx.log("basic_range", f"The range becomes {result}", "GWaS 6.2", range=result)
    return attrs.evolve(
        state,
        round=state.round + 1,
        range=result,
        wanted=(),
        night=state.night or bool(state.night_from and state.round + 1 >= state.night_from),
    )


def _roll_off(ctx: Context) -> str:
    """Equal speed: each player rolls one die, the higher decides; ties are re-rolled (6.2)."""
    while True:
        j = ctx.dice.d6("range roll (Japan)", "GWaS 6.2")
        r = ctx.dice.d6("range roll (Russia)", "GWaS 6.2")
        if j != r:
            side = JAPAN if j > r else RUSSIA
            ctx.log(
                "basic_range",
                f"Neither side is faster: Japan rolls {j}, Russia {r}: {side} decides",
                "GWaS 6.2",
                decider=side,
                japan=j,
                russia=r,
            )
            return side


# -- the driver: what the steps of BASIC_ROUND do --------------------------------------


def _place(state: BasicBattle) -> BasicPlace:
    return (state.step, state.acting, state.started)


def _move(state: BasicBattle, key: str) -> BasicBattle:
    """``state`` standing at the leaf ``key`` of :data:`BASIC_ROUND`."""
    if key == "round.end":
        return attrs.evolve(state, acting="", started=True)
    step, acting, started = basic_at(key)
    if (state.step, state.acting, state.started) == (step, acting, started):
        return state
    return attrs.evolve(state, step=step, acting=acting, started=started)


def _run(fn: Callable[[BasicBattle, Rules, Context], BasicBattle]) -> Any:
    """A rule function ``fn(state, rules, ctx)`` as the driver calls it."""

    def run(game: Any, state: BasicBattle, rules: Rules, ctx: Context) -> BasicBattle:
        return fn(state, rules, ctx)

    run.__name__ = fn.__name__
    run.__doc__ = fn.__doc__
    return run


def _apply(game: Any, state: BasicBattle, action: Action, rules: Rules, ctx: Context) -> Any:
    return apply(state, rules.specs, action, ctx)


def _plays() -> dict[str, Play[Any, BasicBattle, Rules]]:
    def target(game: Any, state: BasicBattle, rules: Rules) -> Decision | None:
        return ask_target(state, rules.specs)

    def stated(game: Any, state: BasicBattle, rules: Rules) -> Decision | None:
        return ask_range(state, rules.specs)

    plays: dict[str, Play[Any, BasicBattle, Rules]] = {
        "round": Play(again=lambda state, rules: not state.over),
        "round.torpedo": Play(when=lambda state, rules: state.close),
        "round.end": Play(run=_run(end_round)),
        "round.range": Play(
            run=_run(resolve_range),
            ask=stated,
            apply={BasicRange: _apply},
            asks=lambda state, rules: len(state.wanted) < len(SIDES),
        ),
    }
    for step, action in (("gunnery", BasicFire), ("torpedo", BasicTorpedo)):
        for side, begin in (("japan", start_japan), ("russia", start_russia)):
            plays[f"round.{step}.{side}.begin"] = Play(run=_run(begin))
            plays[f"round.{step}.{side}.fire"] = Play(
                run=_run(resolve_side),
                ask=target,
                apply={action: _apply},
                asks=lambda state, rules: state.started and bool(state.todo),
            )
    return plays


DRIVER: Driver[Any, BasicBattle, Rules] = Driver(
    BASIC_ROUND,
    _plays(),
    _place,
    _move,
    operator.attrgetter("over"),
    forced=False,
    places=BASIC_PLACES,
)
"""Basic Combat's driver: rounds of gunnery, torpedoes at close range, the end test and
the range statements (GWaS 6.0-6.5), played again until the battle is over."""
