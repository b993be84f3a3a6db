"""Exact odds of a GWaS 1904 gunnery or torpedo attack (GWaS 7.5, 7.6, 7.81-7.82, 8.0-8.7,
9.4, 19.2; the volume's ranges and torpedo modifiers).

An attack is resolved as :mod:`~navalwar.games.gwas_1904.fire` resolves it:

* the hit roll: one die per usable firepower point (19.2) of each gun type in
  range (volume 7.6), or per torpedo factor (7.81), hitting on a modified 6+.
  The chance for one die comes from running :func:`~.combat.count_hits` on
  enumerating dice; the dice are independent, so each gun type's hits are
  binomial (:func:`navalwar.odds.binomial`);
* each hit rolls 2d6 on the Gunnery (7.5) or Torpedo (7.82) Damage Table
  (:func:`navalwar.tables.lookup_distribution`), and the result is applied by
  :func:`~.combat.apply_result` itself, run on
  :class:`~navalwar.odds.EnumeratingDice` so every later roll is explored:
  armour and penetration (8.2), the optional 8.21 penetration roll, the 8.3
  additional damage on a d6 4-6, substitutions (8.6, 8.61, 8.62), criticals'
  2d6 on the Critical Damage Table (8.7) and the speed ladder (8.5, 8.51);
* hits are applied one after another, as the game does, to a distribution over
  the target's damage records: a Markov chain whose one-hit step is memoised by
  record (per ship design, per damage record, per gun and table), so a broadside
  costs one enumeration per distinct record it can reach; memos persist between
  calls (bounded), so later odds on the same kind of ship are cheaper still.

What keeps that fast without changing a probability: 2d6 table rolls branch on
their 11 totals (``group_sums``), the 8.3 and 8.21 d6 branch only on the
threshold the rules test (``lazy``: see :class:`~navalwar.odds.EnumeratingDice`),
and records that differ only in what the rules never read back (speed levels
lost, unable to sail, commander killed) share one enumeration. Probabilities
are whole numbers over a common denominator until the end. Tests compare the
one-hit distributions with a plain enumeration of ``combat.gunnery_hit``.

Readings:

* The attack alone. The odds are those of this ship's attack resolved now, on
  the target as it stands: other attacks declared this step (including ones on
  the same counter, which land first) are not included; the firer's firepower
  and the target's "unable to sail" +1 are read at the start of the step, as in
  the game (7.5: the step's fire is simultaneous).
* Squadron counters (9.4). The owner gives each hit on a squadron to one of its
  ships after seeing the damage roll. The odds take a fixed owner policy:
  ``"spread"`` (the default) gives every hit to the least damaged ship afloat
  (fewest hull boxes lost, then fewest boxes lost, then counter order);
  ``"concentrate"`` to the most damaged ship afloat. Either policy ignores the
  roll. ``sunk`` is then the chance that at least one ship of the squadron sinks.
* Speed: a summary gives the speed before and after (8.5, 8.51); speed levels
  lost beyond "unable to sail" are not told apart.
* Tactical battles only: Basic Combat (6.0) has no odds here.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from fractions import Fraction
from math import comb, lcm
from typing import Any, Literal

import attrs

from navalwar.actions import Action
from navalwar.dice import Dice
from navalwar.errors import NavalwarError
from navalwar.games.gwas_1904.actions import Fire, Torpedo
from navalwar.games.gwas_1904.battle import Battle, BattleShip, Rules
from navalwar.games.gwas_1904.combat import (
    GUN_RANGE,
    HitContext,
    ShipDamage,
    apply_result,
    count_hits,
)
from navalwar.games.gwas_1904.fire import attack_modifier, gun_parts, snapshot, usable
from navalwar.games.gwas_1904.game import GData
from navalwar.games.gwas_1904.ship import SPEEDS, ShipSpec
from navalwar.games.gwas_1904.tables import Damage, DamageTables
from navalwar.hexgrid import distance
from navalwar.odds import ZERO, Odds, binomial, enumerate_dice, enumerate_weights, sum_of
from navalwar.tables import Table1D, lookup_distribution

__all__ = [
    "CONCENTRATE",
    "SPREAD",
    "AttackPlan",
    "ShipResult",
    "TargetResult",
    "assign_to",
    "attack_odds",
    "attacks",
    "hit_outcomes",
    "plan",
]

Policy = Literal["spread", "concentrate"]
SPREAD: Policy = "spread"
CONCENTRATE: Policy = "concentrate"
ATTACK_ALONE = (
    "the attack alone, on the target as it stands: other attacks declared this step are "
    "not included (7.5)"
)
POLICY_READING = {
    SPREAD: "9.4: the owner gives each hit to the least damaged ship of the squadron afloat "
    "(fewest hull boxes lost, then fewest boxes lost, then counter order), whatever its roll",
    CONCENTRATE: "9.4: the owner gives each hit to the most damaged ship of the squadron afloat "
    "(most hull boxes lost, then most boxes lost, then counter order), whatever its roll",
}


def _quiet(kind: str, text: str, /, **data: Any) -> None:
    return None


# -- summaries ------------------------------------------------------------------------------------


@attrs.frozen(slots=True)
class ShipResult:
    """What one ship of the target is left with after the attack (GWaS 8.0-8.7).

    Attributes:
        ship: the ship's key.
        hull, primary, secondary, tertiary: boxes blacked out by this attack.
        torpedo_tubes: its torpedo tubes were destroyed by this attack (8.62).
        speed_before: its speed before the attack (``None``: unable to sail, 8.5).
        speed: its speed afterwards (8.5, 8.51); ``None`` when unable to sail or a
            fortress (20.44).
        commander_killed: a critical result killed the commander aboard (8.7).
        sunk: every hull box blacked out (8.0), a fortress's main guns gone (20.44).
    """

    ship: str
    hull: int = 0
    primary: int = 0
    secondary: int = 0
    tertiary: int = 0
    torpedo_tubes: bool = False
    speed_before: str | None = None
    speed: str | None = None
    commander_killed: bool = False
    sunk: bool = False

    @property
    def speed_lost(self) -> int:
        """Speed levels lost in this attack, unable to sail being the last (8.5, 8.51)."""

        def rank(speed: str | None) -> int:
            return len(SPEEDS) if speed is None else SPEEDS.index(speed)

        return rank(self.speed) - rank(self.speed_before)

    @property
    def boxes(self) -> int:
        """Boxes blacked out by this attack, all parts."""
        return self.hull + self.primary + self.secondary + self.tertiary

    def describe(self) -> str:
        """``"J:B06: 2 hull, 1 primary, speed 1"``; ``"J:B06: no damage"``."""
        parts = [
            f"{n} {p}"
            for p, n in (
                ("hull", self.hull),
                ("primary", self.primary),
                ("secondary", self.secondary),
                ("tertiary", self.tertiary),
            )
            if n
        ]
        if self.torpedo_tubes:
            parts.append("tubes destroyed")
        if self.speed != self.speed_before:
            parts.append(f"speed {self.speed}" if self.speed else "unable to sail")
        if self.commander_killed:
            parts.append("commander killed")
        if self.sunk:
            parts.append("sunk")
        return f"{self.ship}: {', '.join(parts) or 'no damage'}"


@attrs.frozen(slots=True)
class TargetResult:
    """The target counter after the attack: one :class:`ShipResult` per ship that was
    afloat in it, in counter order (one for a ship counter, 9.4)."""

    ships: tuple[ShipResult, ...]

    @property
    def sunk(self) -> bool:
        """At least one ship of the counter sunk."""
        return any(s.sunk for s in self.ships)

    @property
    def ships_sunk(self) -> int:
        """How many of the counter's ships are sunk."""
        return sum(1 for s in self.ships if s.sunk)

    @property
    def hull(self) -> int:
        """Hull boxes blacked out by the attack, all ships."""
        return sum(s.hull for s in self.ships)

    @property
    def boxes(self) -> int:
        """Boxes blacked out by the attack, all ships and parts."""
        return sum(s.boxes for s in self.ships)

    def describe(self) -> str:
        """Each ship's :meth:`ShipResult.describe`."""
        return "; ".join(s.describe() for s in self.ships)


# -- one hit ----------------------------------------------------------------------------------

# The chain runs on small integer keys, not on ShipDamage values (whose hash walks every
# box). A record's *core* is what apply_result reads: the boxes lost, the torpedo flags
# and the 8.51 half-hull flag; each core seen gets a number. Its *extras* (speed levels
# lost, unable to sail, commander killed) are only ever added to or set by a result,
# never read, so one enumeration per core serves every extras (checked in
# tests/test_odds.py). A ship's key is ``core number << 12 | speed_lost << 2 | unable << 1
# | commander``.
Core = tuple[tuple[int, ...], bool, bool, bool]
# one hit step's odds: denominator, (core, +extras, |flags, w)
StepOdds = tuple[int, tuple[tuple[int, int, int, int], ...]]
SHIFT = 12


def core_of(dmg: ShipDamage) -> Core:
    """The part of a damage record that :func:`~.combat.apply_result` reads."""
    return (dmg.track.lost, dmg.torpedo_destroyed, dmg.torpedo_used, dmg.half_hull)


def _extras(dmg: ShipDamage) -> int:
    if not 0 <= dmg.speed_lost < 1 << (SHIFT - 2):
        raise NavalwarError(f"a record with {dmg.speed_lost} speed levels lost is beyond the odds")
    return dmg.speed_lost << 2 | dmg.unable << 1 | dmg.commander_killed


class _Model:
    """One ship design's memo: its records by core and its one-hit steps by core and gun."""

    __slots__ = ("canon", "cores", "ids", "spec", "status", "steps", "tables")

    def __init__(self, spec: ShipSpec, tables: DamageTables) -> None:
        self.spec = spec
        self.tables = tables
        self.ids: dict[Core, int] = {}
        self.cores: list[ShipDamage] = []  # by number, with no extras
        self.status: list[tuple[bool, int, int]] = []  # sunk, hull lost, boxes lost
        self.steps: dict[tuple[int, HitContext], StepOdds] = {}
        self.canon: dict[int, int] = {}

    def canonical(self, extras: int) -> int:
        """The extras that read the same: speed levels lost past unable to sail, and
        unable to sail itself, all read as every level lost (the chain keeps only what
        the summary shows; the extras are never read by the rules, see above)."""
        found = self.canon.get(extras)
        if found is None:
            fixed = self.cores[0].fixed
            cap = 0 if fixed else len(SPEEDS) - SPEEDS.index(self.spec.speed)
            speed_lost, unable, commander = extras >> 2, extras >> 1 & 1, extras & 1
            if fixed:
                speed_lost = 0
            elif unable or speed_lost >= cap:
                speed_lost = cap
            found = speed_lost << 2 | commander
            self.canon[extras] = found
        return found

    def add(self, dmg: ShipDamage) -> int:
        """The number of the record's core (numbering it if new)."""
        core = core_of(dmg)
        found = self.ids.get(core)
        if found is None:
            found = len(self.cores)
            self.ids[core] = found
            base = attrs.evolve(dmg, speed_lost=0, unable=False, commander_killed=False)
            self.cores.append(base)
            self.status.append((base.sunk, base.track.lost_boxes("hull"), sum(base.track.lost)))
        return found

    def key(self, dmg: ShipDamage) -> int:
        """A record's key."""
        return self.add(dmg) << SHIFT | _extras(dmg)

    def record(self, key: int) -> ShipDamage:
        """The record of a key."""
        base = self.cores[key >> SHIFT]
        extras = key & ((1 << SHIFT) - 1)
        if not extras:
            return base
        return attrs.evolve(
            base,
            speed_lost=extras >> 2,
            unable=bool(extras & 2),
            commander_killed=bool(extras & 1),
        )

    def step(self, core: int, hit: HitContext) -> StepOdds:
        """One hit on the record with this core: 2d6 on the damage table (7.5, 7.82),
        then each result applied by apply_result on every branch of its later rolls."""
        found = self.steps.get((core, hit))
        if found is not None:
            return found
        spec, tables, dmg = self.spec, self.tables, self.cores[core]
        parts: list[tuple[int, dict[int, int], int]] = []
        den = 1
        for result, num, rden in _rolls(tables, hit.gun == "torpedo"):

            def run(dice: Dice, result: Damage = result) -> int:
                return self.key(apply_result(spec, dmg, result, hit, tables, dice, _quiet))

            weights, d = enumerate_weights(run, group_sums=True, lazy=True)
            parts.append((num, weights, rden * d))
            den = lcm(den, rden * d)
        merged: dict[int, int] = {}
        for num, weights, d in parts:
            scale = num * (den // d)
            for k, w in weights.items():
                merged[k] = merged.get(k, 0) + w * scale
        mask = (1 << SHIFT) - 1
        found = (
            den,
            tuple((k >> SHIFT, (k & mask) >> 2 << 2, k & 3, w) for k, w in merged.items()),
        )
        self.steps[(core, hit)] = found
        return found


_ROLLS: dict[tuple[int, bool], tuple[Table1D[Damage], tuple[tuple[Damage, int, int], ...]]] = {}


def _rolls(tables: DamageTables, torpedo: bool) -> tuple[tuple[Damage, int, int], ...]:
    """``(result, numerator, denominator)`` of 2d6 on the Gunnery (7.5) or Torpedo (7.82)
    Damage Table, read by :func:`navalwar.tables.lookup_distribution`."""
    table = tables.torpedo if torpedo else tables.gunnery
    found = _ROLLS.get((id(table), torpedo))
    if found is None or found[0] is not table:
        dist = lookup_distribution(table, 6, dice=2)
        found = (table, tuple((r, p.numerator, p.denominator) for r, p in dist.items()))
        if len(_ROLLS) > 16:
            _ROLLS.clear()
        _ROLLS[(id(table), torpedo)] = found
    return found[1]


_MODELS: dict[int, tuple[DamageTables, dict[tuple[ShipSpec, object], _Model]]] = {}


def _model(spec: ShipSpec, dmg: ShipDamage, tables: DamageTables) -> _Model:
    """The memo of one ship design (spec, record layout) under one set of tables."""
    entry = _MODELS.get(id(tables))
    if entry is None or entry[0] is not tables:
        if len(_MODELS) >= 4:
            _MODELS.pop(next(iter(_MODELS)))
        entry = (tables, {})
        _MODELS[id(tables)] = entry
    models = entry[1]
    key = (spec, (dmg.track.parts, dmg.track.hull, dmg.fixed))
    model = models.get(key)
    if model is None or len(model.steps) > 50_000:
        model = _Model(spec, tables)
        models[key] = model
    return model


def hit_outcomes(
    spec: ShipSpec, dmg: ShipDamage, hit: HitContext, tables: DamageTables
) -> dict[ShipDamage, Fraction]:
    """The exact distribution of a ship's damage record after one hit: 2d6 on the
    Gunnery (7.5) or, for ``hit.gun == "torpedo"``, the Torpedo (7.82) Damage Table,
    the result applied by :func:`~.combat.apply_result` on every branch of its later
    rolls (8.21 penetration, 8.3 additional damage, the 8.7 Critical Damage Table)."""
    model = _model(spec, dmg, tables)
    key = model.key(dmg)
    den, outs = model.step(key >> SHIFT, hit)
    extras = key & ((1 << SHIFT) - 1)
    out: dict[ShipDamage, Fraction] = {}
    for core, add, flags, w in outs:
        after = model.record(core << SHIFT | ((extras + add) | flags))
        out[after] = out.get(after, ZERO) + Fraction(w, den)
    return out


def assign_to(records: Sequence[ShipDamage], policy: Policy = SPREAD) -> int | None:
    """The index of the squadron ship the owner gives the next hit to under ``policy``
    (our reading of 9.4), or ``None`` when no ship is afloat (the hit is lost)."""
    return _pick([(d.sunk, d.track.lost_boxes("hull"), sum(d.track.lost)) for d in records], policy)


def _pick(states: Sequence[tuple[bool, int, int]], policy: Policy) -> int | None:
    afloat = [i for i, (sunk, _, _) in enumerate(states) if not sunk]
    if not afloat:
        return None
    if policy == SPREAD:
        return min(afloat, key=lambda i: (states[i][1], states[i][2], i))
    if policy == CONCENTRATE:
        return min(afloat, key=lambda i: (-states[i][1], -states[i][2], i))
    raise NavalwarError(f"unknown squadron policy {policy!r}: use {SPREAD!r} or {CONCENTRATE!r}")


# -- the attack ------------------------------------------------------------------------------------


@attrs.frozen
class AttackPlan:
    """One attack as :mod:`~.fire` resolves it (GWaS 7.5, 7.81, 19.2).

    Attributes:
        kind: ``"gunnery"`` or ``"torpedo"``.
        shooter: the firing ship's key.
        counter: the target counter.
        members: the counter's ships afloat (9.4), in counter order.
        distance: hexes from the firer to the target.
        modifier: the hit-roll modifier (7.5, 7.81; notes A-54).
        volleys: ``(gun, dice)`` in the order fired: primary, secondary,
            tertiary, or ``torpedo``.
        hit: the hit context of each volley, as :func:`~.fire.take` builds it.
    """

    kind: str
    shooter: str
    counter: str
    members: tuple[str, ...]
    distance: int
    modifier: int
    volleys: tuple[tuple[str, int], ...]
    hit: tuple[HitContext, ...]


def plan(battle: Battle, rules: Rules, action: Fire | Torpedo) -> AttackPlan | None:
    """The attack ``action`` makes, or ``None`` when it holds fire (``_gunnery`` and
    ``_torpedo`` of :mod:`~.fire`: firepower, range, modifier).

    Raises:
        NavalwarError: the target counter has no ship afloat, or the firer is off the map.
    """
    if not action.target:
        return None
    shooter = battle.ship(action.ship)
    members = [s for s in battle.members(action.target) if s.afloat]
    if not members or shooter.hex is None or members[0].hex is None:
        raise NavalwarError(f"{action.describe()}: there is nothing to attack")
    target: BattleShip = members[0]
    sspec = rules.of(shooter)
    d = distance(shooter.hex, members[0].hex)
    secpen = bool(battle.option("secondary_penetration"))
    if isinstance(action, Torpedo):
        n = snapshot(battle, shooter).torpedoes(sspec)
        mod = attack_modifier(battle, rules, shooter, target, d, torpedo=True)
        volleys: tuple[tuple[str, int], ...] = (("torpedo", n),)
        hits: tuple[HitContext, ...] = (HitContext("torpedo", d, secpen, False),)
        kind = "torpedo"
    else:
        mod = attack_modifier(battle, rules, shooter, target, d, torpedo=False)
        gv: list[tuple[str, int]] = []
        for part in gun_parts(battle, rules, shooter):
            if GUN_RANGE[part] < d:
                continue
            fp = usable(battle, rules, shooter, part)
            if fp > 0:
                gv.append((part, fp))
        volleys = tuple(gv)
        hits = tuple(HitContext(p, d, secpen, sspec.tertiary_white) for p, _ in gv)
        kind = "gunnery"
    return AttackPlan(
        kind, shooter.key, action.target, tuple(s.key for s in members), d, mod, volleys, hits
    )


def die_hits(modifier: int) -> Fraction:
    """The chance that one die hits at ``modifier`` (7.5, 7.81): :func:`~.combat.count_hits`
    run on every face."""
    dist = enumerate_dice(lambda dice: count_hits(dice, 1, modifier, "", "")[0])
    return dist.get(1, ZERO)


class _Chain:
    """The distribution of the target counter's records: ``key -> numerator`` over a
    common denominator ``den``; a key is one ship's key (a ship counter) or a tuple of
    them (a squadron, 9.4)."""

    def __init__(self, models: Sequence[_Model], start: Sequence[int], policy: Policy) -> None:
        self.models = models
        self.policy = policy
        self.single = len(start) == 1
        self.states: dict[Any, int] = {start[0] if self.single else tuple(start): 1}
        self.den = 1

    def _target(self, record: Any) -> int | None:
        if self.single:
            return None if self.models[0].status[record >> SHIFT][0] else 0
        return _pick([self.models[j].status[k >> SHIFT] for j, k in enumerate(record)], self.policy)

    def hit(
        self, states: Mapping[Any, int], den: int, ctx: HitContext
    ) -> tuple[dict[Any, int], int]:
        """One more hit on every record: given to a ship by the policy (9.4), lost when
        every ship of the counter is gone."""
        moves: list[tuple[Any, int, int, StepOdds | None]] = []
        step_den = 1
        for record, w in states.items():
            i = self._target(record)
            if i is None:
                moves.append((record, w, 0, None))
                continue
            key = record if self.single else record[i]
            found = self.models[i].step(key >> SHIFT, ctx)
            step_den = lcm(step_den, found[0])
            moves.append((record, w, i, found))
        out: dict[Any, int] = {}
        get = out.get
        mask = (1 << SHIFT) - 1
        for record, w, i, step in moves:
            if step is None:
                out[record] = get(record, 0) + w * step_den
                continue
            d, outs = step
            scale = w * (step_den // d)
            canonical = self.models[i].canonical
            if self.single:
                extras = record & mask
                for core, add, flags, q in outs:
                    key = core << SHIFT | canonical((extras + add) | flags)
                    out[key] = get(key, 0) + q * scale
            else:
                extras = record[i] & mask
                head, tail = record[:i], record[i + 1 :]
                for core, add, flags, q in outs:
                    ships = (*head, core << SHIFT | canonical((extras + add) | flags), *tail)
                    out[ships] = get(ships, 0) + q * scale
        return out, den * step_den

    def volley(self, n: int, p: Fraction, ctx: HitContext) -> None:
        """``n`` dice hitting with ``p`` each: k hits, binomial, applied one after another."""
        a, b = p.numerator, p.denominator
        pmf = [comb(n, k) * a**k * (b - a) ** (n - k) for k in range(n + 1)]
        last = max(k for k in range(n + 1) if pmf[k])
        after = [(self.states, self.den)]
        for _ in range(last):
            after.append(self.hit(*after[-1], ctx))
        den = after[-1][1]
        out: dict[Any, int] = {}
        for k, (states, d) in enumerate(after):
            scale = pmf[k] * (den // d)
            if not scale:
                continue
            for record, w in states.items():
                out[record] = out.get(record, 0) + w * scale
        self.states, self.den = out, den * b**n

    def members(self, record: Any) -> tuple[int, ...]:
        """The ships' keys of a record."""
        return (record,) if self.single else tuple(record)


def attack_odds(
    battle: Battle, rules: Rules, action: Fire | Torpedo, policy: Policy = SPREAD
) -> Odds[TargetResult]:
    """The exact odds of a ship's gunnery (7.5) or torpedo (7.8) attack on a counter.

    Args:
        battle: the battle, in the step the attack is declared.
        rules: the ship data and tables.
        action: ``Fire(ship, target)`` or ``Torpedo(ship, target)``.
        policy: the owner's reading of 9.4 for a squadron target (see the module).

    Raises:
        NavalwarError: the action holds fire or has nothing to attack.
    """
    found = plan(battle, rules, action)
    if found is None:
        raise NavalwarError(f"{action.describe()}: no attack")
    members = [battle.ship(k) for k in found.members]
    specs = [rules.of(s) for s in members]
    models = [_model(spec, s.damage, rules.tables) for spec, s in zip(specs, members, strict=True)]
    p = die_hits(found.modifier)
    hits = {k: q for k, q in sum_of([binomial(n, p) for _, n in found.volleys]).items() if q}
    start = []
    for m, s in zip(models, members, strict=True):
        k = m.key(s.damage)
        start.append(k >> SHIFT << SHIFT | m.canonical(k & ((1 << SHIFT) - 1)))
    chain = _Chain(models, start, policy)
    for (_, n), ctx in zip(found.volleys, found.hit, strict=True):
        chain.volley(n, p, ctx)
    summaries = [_Summaries(s, spec, m) for s, spec, m in zip(members, specs, models, strict=True)]
    grouped: dict[TargetResult, int] = {}
    for record, w in chain.states.items():
        keys = chain.members(record)
        result = TargetResult(tuple(summaries[i](k) for i, k in enumerate(keys)))
        grouped[result] = grouped.get(result, 0) + w
    outcomes = {o: Fraction(w, chain.den) for o, w in grouped.items()}
    sunk = Fraction(sum(w for o, w in grouped.items() if o.sunk), chain.den)
    readings = (ATTACK_ALONE, POLICY_READING[policy]) if len(members) > 1 else (ATTACK_ALONE,)
    rule = "GWaS 7.5, 8.0-8.7" if found.kind == "gunnery" else "GWaS 7.81-7.82, 8.0-8.7"
    return Odds(
        "gwas_1904",
        found.kind,
        found.shooter,
        found.counter,
        hits,
        outcomes,
        sunk,
        "hit",
        rule,
        readings,
    )


class _Summaries:
    """:class:`ShipResult` of one target ship by key, computed once per core and extras."""

    def __init__(self, ship: BattleShip, spec: ShipSpec, model: _Model) -> None:
        self.ship = ship
        self.spec = spec
        self.model = model
        names = [p.name for p in ship.damage.track.parts]
        self.index = [names.index(p) for p in ("hull", "primary", "secondary", "tertiary")]
        self.cores: dict[int, tuple[int, int, int, int, bool, bool]] = {}
        self.extras: dict[int, tuple[str | None, str | None, bool]] = {}
        self.done: dict[int, ShipResult] = {}

    def __call__(self, key: int) -> ShipResult:
        found = self.done.get(key)
        if found is not None:
            return found
        before = self.ship.damage
        cid, extras = key >> SHIFT, key & ((1 << SHIFT) - 1)
        core = self.cores.get(cid)
        if core is None:
            after = self.model.cores[cid]
            h, p, s, t = (after.track.lost[i] - before.track.lost[i] for i in self.index)
            tubes = after.torpedo_destroyed and not before.torpedo_destroyed
            core = (h, p, s, t, tubes, self.model.status[cid][0])
            self.cores[cid] = core
        extra = self.extras.get(extras)
        if extra is None:
            after = self.model.record(key)
            extra = (
                before.speed(self.spec),
                after.speed(self.spec),
                after.commander_killed and not before.commander_killed,
            )
            self.extras[extras] = extra
        h, p, s, t, tubes, sunk = core
        speed_before, speed, commander = extra
        found = ShipResult(self.ship.key, h, p, s, t, tubes, speed_before, speed, commander, sunk)
        self.done[key] = found
        return found


def attacks(
    state: object, data: GData, action: Action, **options: Any
) -> tuple[Odds[TargetResult], ...]:
    """The odds module entry point (:func:`navalwar.odds.attacks`): the attack a
    ``Fire`` or ``Torpedo`` choice makes, none when it holds fire. One option:
    ``policy``, the squadron owner's reading of 9.4 (``"spread"`` or ``"concentrate"``)."""
    policy = options.pop("policy", SPREAD)
    if options:
        raise NavalwarError(f"unknown GWaS odds options {sorted(options)}: use policy=")
    if policy not in (SPREAD, CONCENTRATE):
        raise NavalwarError(
            f"unknown squadron policy {policy!r}: use {SPREAD!r} or {CONCENTRATE!r}"
        )
    if not isinstance(state, Battle):
        raise NavalwarError("attack odds need a battle on the tactical map (not Basic Combat, 6.0)")
    if not isinstance(action, Fire | Torpedo):
        raise NavalwarError(
            f"{action.describe()} is not an attack: choose a Fire or Torpedo target"
        )
    if not action.target:
        return ()
    return (attack_odds(state, data.rules, action, policy),)
