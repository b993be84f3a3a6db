"""A heuristic commander for GWaS 1904 battles, for either side.

It plays the way a sensible player would, with no search: every decision is a
score over the legal choices, computed from the position, so it is cheap and
deterministic (the same match and dice give the same choices).

* **Set-up**: the engine's ``auto`` placement (7.21, 7.22); a commander's
  flagship, when the scenario leaves it to the player (16.1), is the sturdiest
  capital ship.
* **Movement**: a side with the gun advantage (firepower times staying power)
  closes with the enemy; a weaker side keeps its main guns at their range (2
  hexes), out of the enemy's secondaries, and its ships without main guns out of
  the enemy's (3); a weaker side that would win if the battle ended now breaks
  contact (out of sight 7.36 ends the battle). A side
  whose scenario is won or scored by leaving the map (BS5/BS7 Russia, BS1 Russia
  W/SW/SE, BS6 Russia by the east edge only) heads for those edges: it keeps in
  sight of the enemy while the edge is out of reach this impulse (or the battle
  would end, 7.36) and dashes off the map out of sight once it can. Never
  beaches (7.44), leaves the map only by an edge that pays, avoids hexes that
  call for a grounding check (7.42), detaches damaged ships only when it must.
* **Gunnery**: each ship fires at the target in range where its guns do the
  most expected damage: hit chance with the 7.5 modifiers, firepower after the
  Effectiveness Table, armour the gun can penetrate, weighted by the VP the hit
  brings nearer (damaged and unable-to-sail capital ships first), with a bonus
  for a target already under fire this step (concentration).
* **Torpedoes**: at a capital ship (or a transport) in the same or an adjacent
  hex, when the attack can hit.
* **Squadron hits** (9.4): to the least damaged member.
* **Basic Combat** (6.0): the same target choice; close range when stronger,
  long when a little weaker, disengage when much weaker, or at once for a side
  whose scenario rewards leaving the map.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterable, Sequence
from typing import cast

from navalwar.actions import Action
from navalwar.dice import Dice
from navalwar.engine import Decision, Match
from navalwar.games.gwas_1904 import basic_combat as bc
from navalwar.games.gwas_1904 import fire, movement, victory
from navalwar.games.gwas_1904.actions import (
    CLOSE,
    DISENGAGE,
    LONG,
    Assign,
    BasicFire,
    BasicRange,
    BasicTorpedo,
    Fire,
    Move,
    Place,
    Torpedo,
)
from navalwar.games.gwas_1904.battle import (
    Battle,
    BattleShip,
    Rules,
    afloat,
    in_sight,
    memoised,
    other,
    visual_range,
)
from navalwar.games.gwas_1904.combat import (
    GUN_PARTS,
    GUN_RANGE,
    ShipDamage,
    basic_gunnery_need,
    gunnery_modifier,
    torpedo_modifier,
)
from navalwar.games.gwas_1904.overlay import grounding_check_needed
from navalwar.games.gwas_1904.sequence_of_play import MOVE_STEPS
from navalwar.games.gwas_1904.ship import ShipSpec
from navalwar.games.gwas_1904.sides import JAPANESE, NATION_OF
from navalwar.games.gwas_1904.tactical_map import (
    EDGES,
    HEADINGS,
    edge_row,
    edges_of,
    hex_of,
    hexes,
    on_map,
)
from navalwar.hexgrid import Hex, distance, neighbour

__all__ = ["AGENTS", "HeuristicAgent", "advantage", "exit_goals"]

GUN_WEIGHT = {"primary": 3.0, "secondary": 1.5, "tertiary": 0.5}
CLOSE_RATIO = 1.0  # power ratio from which a side closes with the enemy
DISENGAGE_RATIO = 0.5  # Basic Combat: below this a side disengages (6.2)
EXIT_BONUS = 1000.0  # a ship off the map by an edge that pays
BAD_EXIT = -1000.0  # a ship off the map by an edge that counts as sunk (BS6)
NO_EXIT = -200.0  # a ship leaving the fight for nothing
BEACH = -1e6  # never run ashore on purpose (7.44)
GROUNDING = -4.0  # a hex that calls for a grounding check (7.42)
DETACH = -2.0  # each damaged counter left behind (volume 7.3)


# -- strength ---------------------------------------------------------------------------------
def _hit_chance(modifier: int, need: int = 6) -> float:
    """The chance that one die plus ``modifier`` reaches ``need`` (7.5, 7.81, 6.1)."""
    return min(1.0, max(0.0, (7 - need + modifier) / 6))


def _remaining_letters(spec: ShipSpec, dmg: ShipDamage, part: str) -> str:
    """The armour letters of a part's boxes not yet blacked out (lost left to right)."""
    return spec.boxes(part)[dmg.track.lost_boxes(part) :]


def _power(specs: Iterable[tuple[ShipSpec, ShipDamage]]) -> float:
    """Firepower times staying power (a Lanchester-style fleet strength)."""
    guns = hull = 0.0
    for spec, dmg in specs:
        if dmg.sunk:
            continue
        guns += sum(GUN_WEIGHT[p] * dmg.firepower(p) for p in GUN_PARTS)
        hull += _staying_power(spec.hull, dmg.track.lost_boxes("hull"))
    return guns * hull


@functools.lru_cache(maxsize=4096)
def _staying_power(hull: str, lost: int) -> float:
    """2 a heavy-armour hull box and 1 another, of the boxes left after ``lost``."""
    return sum(2.0 if c == "H" else 1.0 for c in hull[lost:])


def advantage(rules: Rules, battle: Battle, side: str) -> float:
    """The side's strength over the enemy's, ships afloat on the map (> 1: stronger)."""
    # strength depends on damage and on being afloat, not on where the ships are
    return memoised(battle.lasting, ("advantage", side), lambda: _advantage(rules, battle, side))


def _advantage(rules: Rules, battle: Battle, side: str) -> float:
    specs = rules.specs
    ours = _power((specs[s.spec], s.damage) for s in afloat(battle, side) if not s.damage.fixed)
    theirs = _power(
        (specs[s.spec], s.damage) for s in afloat(battle, other(side)) if not s.damage.fixed
    )
    if theirs <= 0:
        return 10.0
    return ours / theirs


def exit_goals(scenario: object, side: str) -> tuple[frozenset[str], frozenset[str]]:
    """The edges ``side`` wants to leave the map by in ``scenario`` (BS1, BS5-BS7), and
    those that count as sunk (BS6)."""
    from navalwar.games.gwas_1904.scenario import BattleScenario

    scen = scenario
    if not isinstance(scen, BattleScenario):
        return frozenset(), frozenset()
    vic = scen.victory
    goals: set[str] = set()
    if vic.exit_side == side:
        goals |= set(vic.exit_edges or EDGES)
    if vic.exit_vp_side == side:
        goals |= set(vic.exit_vp_edges or EDGES)
    lost: set[str] = set()
    if vic.lost_edges_side == side:
        lost = set(EDGES) - set(vic.lost_edges)
        goals -= lost
    return frozenset(goals), frozenset(lost)


def _penetration(gun: str, spec: ShipSpec, dmg: ShipDamage) -> float:
    """The share of the target's remaining boxes a gun type can black out (8.2)."""
    if gun in ("primary", "torpedo"):
        return 1.0
    letters = "".join(_remaining_letters(spec, dmg, p) for p in (*GUN_PARTS, "hull"))
    if not letters:
        return 0.0
    if gun == "secondary":
        return sum(1 for c in letters if c != "H") / len(letters)
    return 0.8 * sum(1 for c in letters if c == "N") / len(letters)


def _guns(battle: Battle, rules: Rules, shooter: BattleShip) -> list[tuple[str, int]]:
    """The gun types a ship may fire this step, with the firepower it may use (19.2);
    worked out once a state (a ship's targets are scored one after another)."""
    key = ("agent_guns", shooter.key)
    found = cast("list[tuple[str, int]] | None", battle.memo.get(key))
    if found is None:
        found = battle.memo[key] = fire.usable_guns(battle, rules, shooter)
    return found


def _target_facts(
    battle: Battle, rules: Rules, target: BattleShip
) -> tuple[dict[str, float], float]:
    """What the gun types can do to a target (:func:`_penetration`) and a hit's worth
    (:func:`_hit_value`), once a state (every shooter scores the same targets)."""
    key = ("agent_target", target.key)
    found = cast("tuple[dict[str, float], float] | None", battle.memo.get(key))
    if found is None:
        spec, dmg = rules.of(target), target.damage
        penetration = {p: _penetration(p, spec, dmg) for p in GUN_PARTS}
        found = battle.memo[key] = (penetration, _hit_value(spec, dmg))
    return found


def _hit_value(spec: ShipSpec, dmg: ShipDamage) -> float:
    """What one more hit on a ship is worth: VP brought nearer (a damaged ship's
    fewer boxes make each hit count more), plus the damage points it scores."""
    if spec.type == "FORT":
        return 7.0
    hull = max(1, dmg.track.remaining("hull"))
    value = 1.5 + spec.vp / hull
    if dmg.speed(spec) is None:
        value *= 1.3
    if spec.capital:
        value *= 1.2
    return value


# -- the agent -------------------------------------------------------------------------------
class HeuristicAgent:
    """A sensible commander for either side of a GWaS 1904 battle (tactical or Basic)."""

    name = "heuristic"

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed

    def choose(self, match: Match, decision: Decision) -> Action:
        choices = decision.choices or ()
        if not choices:
            return decision.random_choice(Dice(match.seed + len(match.actions)))
        if len(choices) == 1:
            return choices[0]
        rules: Rules = match.data.rules
        state = match.state
        kind = decision.kind
        if isinstance(state, bc.BasicBattle):
            return self._basic(state, rules, decision, choices)
        assert isinstance(state, Battle)
        if kind == "place":
            return next(
                (a for a in choices if isinstance(a, Place) and a.hex == "auto"), choices[0]
            )
        if kind == "flagship":
            return _best(choices, lambda a: _flagship_score(state, rules, a))
        if kind == "move":
            plan = _Plan(state, rules, state.acting)
            group = str(decision.context.get("group", ""))
            members = movement.groups(state, rules, state.acting).get(group, [])
            return _best(choices, lambda a: self._move_score(plan, members, a))
        if kind == "gunnery":
            return _best(choices, lambda a: self._fire_score(state, rules, a))
        if kind == "torpedo":
            return _best(choices, lambda a: self._torpedo_score(state, rules, a))
        if kind == "assign":
            return _best(choices, lambda a: self._assign_score(state, rules, a))
        return choices[0]

    # -- movement --------------------------------------------------------------------------
    def _move_score(self, plan: _Plan, members: Sequence[BattleShip], action: Action) -> float:
        if not isinstance(action, Move):
            return -1e9
        if not members or action.to.startswith("beach:"):
            return BEACH if members else 0.0
        battle, side = plan.battle, plan.side
        movable, movers, left_behind, rest = plan.split(members, action.leave)
        score = DETACH * len(set(action.leave)) * (1 if action.group != movement.FORMATION else 0)
        positions: list[tuple[BattleShip, Hex | None, str]] = []  # ship, new hex, exit edge
        if action.to == "stay":
            positions = [(s, s.hex, "") for s in members]
        elif action.group == movement.FORMATION:
            d = HEADINGS.index(action.to)
            for s in members:
                if s.key not in movable or s.hex is None or s.in_port:
                    positions.append((s, s.hex, ""))
                    continue
                n = neighbour(s.hex, d)
                if on_map(n):
                    positions.append((s, n, ""))
                else:
                    positions.append((s, None, (edges_of(s.hex) or list(EDGES[:1]))[0]))
        elif action.to.startswith("exit:"):
            positions = [(s, None, action.to[5:]) for s in movers]
            positions += [(s, s.hex, "") for s in left_behind]
        else:
            dest = hex_of(action.to)
            positions = [(s, dest, "") for s in movers] + [(s, s.hex, "") for s in left_behind]
            ov = battle.overlay
            nation = NATION_OF[side]
            if ov is not None and grounding_check_needed(ov, dest, nation):
                score += GROUNDING * len(movers)
        return score + plan.score(positions, rest, members)

    # -- gunnery and torpedoes ---------------------------------------------------------------
    def _fire_score(self, battle: Battle, rules: Rules, action: Action) -> float:
        if not isinstance(action, Fire) or not action.target:
            return 0.0
        shooter = battle.ship(action.ship)
        target = _first_afloat(battle, action.target)
        if target is None or shooter.hex is None or target.hex is None:
            return 0.0
        sspec, tspec = rules.of(shooter), rules.of(target)
        d = distance(shooter.hex, target.hex)
        stationary = target.aground or target.in_port
        mod = gunnery_modifier(sspec, tspec, target.damage, d, stationary=stationary)
        if sspec.nation == JAPANESE and tspec.type == "FORT":
            mod = gunnery_modifier(sspec, tspec, target.damage, d)
        p = _hit_chance(mod)
        penetration, value = _target_facts(battle, rules, target)
        hits = 0.0
        for part, fp in _guns(battle, rules, shooter):
            if GUN_RANGE[part] >= d:
                hits += fp * p * penetration[part]
        mates = sum(1 for _s, t in battle.planned if t == action.target)
        return 0.01 + hits * value * (1 + 0.2 * min(mates, 3))

    def _torpedo_score(self, battle: Battle, rules: Rules, action: Action) -> float:
        if not isinstance(action, Torpedo) or not action.target:
            return 0.0
        shooter = battle.ship(action.ship)
        target = _first_afloat(battle, action.target)
        if target is None or shooter.hex is None or target.hex is None:
            return -1.0
        sspec, tspec = rules.of(shooter), rules.of(target)
        if not (tspec.capital or tspec.type == "TR"):
            return -1.0
        d = distance(shooter.hex, target.hex)
        mod = torpedo_modifier(sspec, tspec, target.damage, d)
        if target.aground and target.damage.speed(tspec) is not None:
            mod += 1
        p = _hit_chance(mod)
        if p <= 0:
            return -1.0
        n = fire.snapshot(battle, shooter).torpedoes(sspec)
        return n * p * _hit_value(tspec, target.damage) * 2

    def _assign_score(self, battle: Battle, rules: Rules, action: Action) -> float:
        if not isinstance(action, Assign):
            return -1e9
        ship = battle.ship(action.ship)
        return _health(rules.of(ship), ship.damage)

    # -- Basic Combat ----------------------------------------------------------------------
    def _basic(
        self, state: bc.BasicBattle, rules: Rules, decision: Decision, choices: Sequence[Action]
    ) -> Action:
        specs = rules.specs
        if decision.kind == "basic_range":
            return self._basic_range(state, rules, decision.side, choices)
        if decision.kind == "basic_target":
            return _best(choices, lambda a: self._basic_fire(state, rules, a))
        if decision.kind == "basic_torpedo":
            return _best(choices, lambda a: self._basic_torpedo(state, specs, a))
        return choices[0]

    def _basic_range(
        self, state: bc.BasicBattle, rules: Rules, side: str, choices: Sequence[Action]
    ) -> Action:
        specs = rules.specs
        ours = _power((specs[s.spec], s.damage) for s in state.afloat(side))
        theirs = _power((specs[s.spec], s.damage) for s in state.afloat(bc.other(side)))
        ratio = ours / theirs if theirs > 0 else 10.0
        if exit_goals(state.scenario, side)[0]:
            # a side that wins or scores by leaving the map: a disengaged side has left
            # it (the Game's reading of 6.2 for victory)
            want = [DISENGAGE, LONG]
        elif ratio >= CLOSE_RATIO:
            want = [CLOSE]
        elif ratio < DISENGAGE_RATIO:
            want = [DISENGAGE, LONG]
        else:
            want = [LONG]
        for w in want:
            for a in choices:
                if isinstance(a, BasicRange) and a.want == w:
                    return a
        return choices[0]

    def _basic_fire(self, state: bc.BasicBattle, rules: Rules, action: Action) -> float:
        if not isinstance(action, BasicFire) or not action.target:
            return 0.0
        specs = rules.specs
        shooter = state.ship(action.ship)
        target = state.ship(action.target)
        sspec, tspec = specs[shooter.spec], specs[target.spec]
        snap = state.start_damage(shooter.key)
        need, mod = basic_gunnery_need(sspec, state.close, state.night)
        p = _hit_chance(mod, need)
        er = bc.effective_er(sspec, shooter, snap)
        hits = 0.0
        for part, printed in bc.gun_parts(state, sspec, snap):
            fp = (
                rules.tables.usable_firepower(er, printed)
                if state.options.effectiveness
                else printed
            )
            hits += fp * p * _penetration(part, tspec, target.damage)
        mates = sum(1 for _s, t in state.declared if t == action.target)
        return 0.01 + hits * _hit_value(tspec, target.damage) * (1 + 0.2 * min(mates, 3))

    def _basic_torpedo(self, state: bc.BasicBattle, specs: bc.Specs, action: Action) -> float:
        if not isinstance(action, BasicTorpedo) or not action.target:
            return 0.0
        shooter = state.ship(action.ship)
        target = state.ship(action.target)
        sspec, tspec = specs[shooter.spec], specs[target.spec]
        if not (tspec.capital or tspec.type == "TR") or target.damage.sunk:
            return -1.0
        mod = torpedo_modifier(sspec, tspec, state.start_damage(target.key), bc.CLOSE_DISTANCE)
        p = _hit_chance(mod)
        if p <= 0:
            return -1.0
        n = state.start_damage(shooter.key).torpedoes(sspec)
        return n * p * _hit_value(tspec, target.damage) * 2


AGENTS = {"heuristic": HeuristicAgent}
"""The agents this game offers by name (found by :func:`navalwar.agents.make_agent`)."""


# -- the movement plan ----------------------------------------------------------------------
_Split = tuple[set[str], list[BattleShip], list[BattleShip], int]
"""A group's movable ship keys, movers, ships left behind, and moves left (:meth:`_Plan.split`)."""


class _Plan:
    """What a side wants from its movement this step: the facts every choice shares."""

    def __init__(self, battle: Battle, rules: Rules, side: str) -> None:
        self.battle = battle
        self.rules = rules
        self.side = side
        self.reach = visual_range(battle)
        self.enemies = [
            s.hex
            for s in afloat(battle, other(side))
            if s.hex is not None and not s.damage.fixed and not s.in_port
        ]
        self.goals, self.lost = memoised(
            battle.lasting, ("exit_goals", side), lambda: exit_goals(battle.scenario, side)
        )
        self._enemy_hexes = tuple(dict.fromkeys(self.enemies))  # each hex once
        # distances to the enemy, shared by the plans that face it in the same hexes
        self._enemy_d: dict[Hex, int] = memoised(
            battle.lasting, ("enemy_distance", side, self._enemy_hexes), dict
        )
        self._contact: dict[frozenset[str], int] = {}
        self._splits: dict[tuple[str, ...], _Split] = {}
        self._edge_d = _edge_distance(self.goals)

    @functools.cached_property
    def closing(self) -> bool:
        """The side has the gun advantage and no edge to make for: it closes."""
        return not self.goals and advantage(self.rules, self.battle, self.side) >= CLOSE_RATIO

    @functools.cached_property
    def ahead(self) -> bool:
        """The side would win if the battle ended now."""
        return _winner(self.battle, self.rules) == self.side

    def split(self, members: Sequence[BattleShip], leave: tuple[str, ...]) -> _Split:
        """The group's ships that can move (keys), those that move and those left
        behind when ``leave`` is detached, and the moves left this impulse at the
        movers' pace (the same for every choice that detaches the same counters)."""
        found = self._splits.get(leave)
        if found is None:
            rules = self.rules
            movable = [s for s in members if not s.aground and rules.of(s).type != "FORT"]
            movers = [s for s in movable if s.counter not in leave]
            moving = {s.key for s in movers}  # keys are unique: as good as the ships
            left_behind = [s for s in members if s.key not in moving]
            pace = movement.slowest(
                [
                    movement.counter_speed(self.battle, rules, ships)
                    for ships in movement.by_counter(movers).values()
                ]
                or [None]
            )
            rest = _moves_left(self.battle.step, pace)
            found = ({s.key for s in movable}, movers, left_behind, rest)
            self._splits[leave] = found
        return found

    def enemy_distance(self, h: Hex) -> int:
        d = self._enemy_d.get(h)
        if d is None:
            d = self._enemy_d[h] = min((distance(h, e) for e in self._enemy_hexes), default=99)
        return d

    def edge_moves(self, h: Hex) -> int:
        """Moves to get off the map by a goal edge from ``h`` (the exit move included)."""
        return 1 + self._edge_d.get(h, 98)

    def score(
        self,
        positions: Sequence[tuple[BattleShip, Hex | None, str]],
        rest: int,
        members: Sequence[BattleShip],
    ) -> float:
        """The worth of the group's ships at these hexes (None: off the map by the edge)."""
        total = 0.0
        on_map_ships: list[tuple[BattleShip, Hex]] = []
        ships_at: dict[Hex, int] = {}  # each hex once, with its number of ships
        for ship, h, edge in positions:
            if h is not None:
                on_map_ships.append((ship, h))
                ships_at[h] = ships_at.get(h, 0) + 1
                continue
            if not edge:
                continue
            if in_sight(self.battle, ship):
                total += -50.0  # in sight, leaving only shifts the whole battle (7.33)
            elif edge in self.lost:
                total += BAD_EXIT
            elif edge in self.goals:
                total += EXIT_BONUS
            else:
                total += NO_EXIT
        if not on_map_ships:
            return total
        if not self.enemies:
            return total
        d = e = -1  # the nearest enemy, the fewest moves off by a goal edge
        moves_off = 0
        for h, n in ships_at.items():
            dh, eh = self.enemy_distance(h), self.edge_moves(h)
            if d < 0 or dh < d:
                d = dh
            if e < 0 or eh < e:
                e = eh
            moves_off += eh * n
        mean_e = moves_off / len(on_map_ships)
        if self.goals and e <= rest:  # a goal edge is within reach this impulse: make for it
            return total - 10.0 * e - 2.0 * mean_e + 3.0 * min(d, self.reach + 1)
        if not self.closing and self.ahead:
            # winning as things stand, and not the stronger: break contact, for out of
            # sight the battle ends (7.36)
            total += 4.0 * min(d, self.reach + 1)
            return total - (1.0 * e if self.goals else 0.0)
        if self.closing:
            return total - 4.0 * d
        total -= self.standoff(on_map_ships, d)
        if self.goals:
            # a goal edge too far: fight at main-gun range, keeping the enemy in sight
            # (7.36), and edge towards the goal
            contact = min(d, self._others_contact(members))
            total -= 12.0 * max(0, contact - self.reach) + 1.0 * e + 0.3 * mean_e
        return total

    def standoff(self, ships: Sequence[tuple[BattleShip, Hex]], d: int) -> float:
        """The penalty for a weaker side's group off its distance: its main guns at
        their range (2), its other ships out of the enemy's main guns (3)."""
        main = [h for s, h in ships if s.damage.firepower("primary") > 0]
        if not main:
            return 4.0 * abs(d - 3) + (4.0 * (3 - d) if d < 3 else 0.0)
        d_main = min(self.enemy_distance(h) for h in main)
        return 4.0 * abs(d_main - 2) + 2.0 * max(0, 2 - d)

    def _others_contact(self, members: Sequence[BattleShip]) -> int:
        """The nearest enemy to the side's ships outside this group (contact kept)."""
        keys = frozenset(s.key for s in members)
        found = self._contact.get(keys)
        if found is None:
            found = self._contact[keys] = min(
                (
                    self.enemy_distance(s.hex)
                    for s in afloat(self.battle, self.side)
                    if s.key not in keys and s.hex is not None and not s.damage.fixed
                ),
                default=99,
            )
        return found


# -- helpers ---------------------------------------------------------------------------------
def _best(choices: Sequence[Action], score: Callable[[Action], float]) -> Action:
    """The highest-scoring choice; the first listed among equals."""
    best, best_score = choices[0], score(choices[0])
    for a in choices[1:]:
        s = score(a)
        if s > best_score + 1e-9:
            best, best_score = a, s
    return best


@functools.lru_cache(maxsize=16)
def _edge_distance(edges: frozenset[str]) -> dict[Hex, int]:
    """Every map hex's distance to the nearest border hex of ``edges``."""
    rows = [h for e in sorted(edges) for h in edge_row(e)]
    if not rows:
        return {}
    return {h: min(distance(h, e) for e in rows) for h in hexes()}


def _winner(battle: Battle, rules: Rules) -> str | None:
    """Who would win if the battle ended now."""
    vic = battle.scenario.victory if battle.scenario is not None else None
    # the score depends on where the ships are only through transports reaching their hex
    placed = vic is not None and bool(vic.transport_vp and vic.transport_hex)
    memo = battle.memo if placed else battle.lasting
    return memoised(memo, ("agent_winner",), lambda: victory.outcome(battle, rules).winner)


def _moves_left(step: int, pace: str | None) -> int:
    """Movement steps left in this impulse for a group moving at ``pace`` (7.31)."""
    if pace is None:
        return 0
    return sum(1 for t, speeds in MOVE_STEPS.items() if t > step and pace in speeds)


def _first_afloat(battle: Battle, counter: str) -> BattleShip | None:
    found = battle.afloat_members(counter)
    return found[0] if found else None


def _flagship_score(battle: Battle, rules: Rules, action: Action) -> float:
    """A commander's flagship (16.1): the sturdiest capital ship, to keep him afloat."""
    key = getattr(action, "ship", None)
    if not isinstance(key, str):
        return -1.0
    try:
        ship = battle.ship(key)
    except KeyError:
        return -1.0
    spec = rules.of(ship)
    armour = sum(2.0 if c == "H" else 1.0 for c in _remaining_letters(spec, ship.damage, "hull"))
    return armour + (100.0 if spec.capital else 0.0)


def _health(spec: ShipSpec, dmg: ShipDamage) -> float:
    """How much a ship can still take: remaining hull share first, then boxes left."""
    hull = len(spec.hull)
    share = dmg.track.remaining("hull") / hull if hull else 1.0
    boxes = sum(dmg.track.remaining(p) for p in (*GUN_PARTS, "hull"))
    return share * 100 + boxes - (10 if dmg.speed(spec) is None else 0)
