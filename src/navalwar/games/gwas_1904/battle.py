"""A tactical battle (GWaS 7.0-7.3, 7.5, 7.8, 8.x; the volume's 20-step impulse).

Work in progress (issue 4): set-up is automatic (7.21, 7.22 as the reading
below), then impulses of 20 steps: moves by group, gunnery and torpedo steps
with simultaneous damage, initiative each impulse, the end of the tactical
phase (7.36), and Victory Points.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

import attrs

from navalwar.actions import Action
from navalwar.engine import Context, Decision
from navalwar.games.gwas_1904.combat import (
    GUN_PARTS,
    GUN_RANGE,
    HitContext,
    ShipDamage,
    count_hits,
    gunnery_hit,
    gunnery_modifier,
    torpedo_modifier,
)
from navalwar.games.gwas_1904.ship import SPEEDS, ShipSpec
from navalwar.games.gwas_1904.tables import DamageTables
from navalwar.games.gwas_1904.tactical_map import (
    centre_hexes,
    edge_row,
    edges_of,
    label,
    on_map,
)
from navalwar.hexgrid import Hex, distance, neighbours

JAPAN = "Japan"
RUSSIA = "Russia"
SIDES = (JAPAN, RUSSIA)
STACK = 8  # ships per side per hex (7.2, 7.32)
MOVE_STEPS = {
    2: ("2",),
    5: ("2",),
    6: ("2", "1+"),
    9: ("2", "1+"),
    10: ("2", "1+", "1"),
    13: ("2", "1+", "1"),
    14: SPEEDS,
    17: SPEEDS,
    18: SPEEDS,
}  # volume "Impulse Procedure (7.31)"
GUNNERY_STEPS = (3, 7, 11, 15, 19)
TORPEDO_STEPS = (4, 8, 12, 16, 20)
INITIATIVE_MOVES = (2, 6, 10, 14, 18)


def other(side: str) -> str:
    """The enemy side."""
    return RUSSIA if side == JAPAN else JAPAN


@attrs.frozen(slots=True)
class BattleShip:
    """A ship in the battle."""

    key: str  # "J:B06"
    side: str
    hex: Hex | None
    damage: ShipDamage
    er: int = 6
    left: bool = False  # left the tactical map (7.33)
    seen: bool = False  # turned face up (7.27)

    @property
    def afloat(self) -> bool:
        """On the map and not sunk."""
        return self.hex is not None and not self.left and not self.damage.sunk


@attrs.frozen(slots=True)
class Move(Action):
    """Move a group (7.3, 7.32): ``to`` a hex label, ``stay``, or ``exit`` across the edge."""

    tag = "move"
    group: str  # "K11/capital"
    to: str

    def describe(self) -> str:
        return f"group {self.group}: " + {"stay": "stays", "exit": "leaves the map"}.get(
            self.to, f"moves to {self.to}"
        )


@attrs.frozen(slots=True)
class Fire(Action):
    """A ship's target in a gunnery step (7.5), or ``""`` to hold fire."""

    tag = "fire"
    ship: str
    target: str = ""

    def describe(self) -> str:
        return f"{self.ship} fires at {self.target}" if self.target else f"{self.ship} holds fire"


@attrs.frozen(slots=True)
class Torpedo(Action):
    """A ship's torpedo target (7.8), or ``""`` to keep its torpedoes."""

    tag = "torpedo"
    ship: str
    target: str = ""

    def describe(self) -> str:
        return (
            f"{self.ship} torpedoes {self.target}"
            if self.target
            else f"{self.ship} keeps its torpedoes"
        )


ACTIONS: tuple[type[Action], ...] = (Move, Fire, Torpedo)


@attrs.frozen
class Battle:
    """The state of a tactical battle."""

    ships: tuple[BattleShip, ...]
    impulse: int = 1
    step: int = 1
    initiative: str = JAPAN
    acting: str = ""  # the side deciding now
    started: bool = False  # the acting side's list of decisions is made
    todo: tuple[str, ...] = ()  # groups or ships still to decide this step
    planned: tuple[tuple[str, str], ...] = ()  # (ship, target) declared this step
    snapshot: tuple[ShipDamage, ...] = ()  # damage at the start of a combat step
    night: bool = False
    max_impulses: int = 0
    scenario: object = attrs.field(default=None, eq=False, repr=False)
    options: tuple[tuple[str, bool | int | str], ...] = ()
    over: bool = False

    def ship(self, key: str) -> BattleShip:
        """The ship with ``key``."""
        for s in self.ships:
            if s.key == key:
                return s
        raise KeyError(key)

    def with_ship(self, ship: BattleShip) -> Battle:
        """Replace one ship."""
        return attrs.evolve(self, ships=tuple(ship if s.key == ship.key else s for s in self.ships))

    def option(self, name: str) -> bool | int | str:
        """A rules option."""
        return dict(self.options)[name]


def visual_range(battle: Battle) -> int:
    """4 hexes by day, 2 at night (7.27; weather limits are not yet modelled)."""
    return 2 if battle.night else 4


def capital_or_light(spec: ShipSpec) -> str:
    """The group class of a ship (7.3: ships of the same type in a hex form a group)."""
    return "capital" if spec.capital else "light"


def groups(battle: Battle, specs: dict[str, ShipSpec], side: str) -> dict[str, list[BattleShip]]:
    """The side's groups: afloat ships by hex and class (7.3)."""
    out: dict[str, list[BattleShip]] = {}
    for s in battle.ships:
        if s.side == side and s.afloat:
            assert s.hex is not None
            out.setdefault(f"{label(s.hex)}/{capital_or_light(specs[s.key])}", []).append(s)
    return dict(sorted(out.items()))


def group_speed(members: Sequence[BattleShip], specs: dict[str, ShipSpec]) -> str | None:
    """The slowest movable ship's speed; unable-to-sail ships are left behind (7.35)."""
    movable = [m.damage.speed(specs[m.key]) for m in members]
    speeds = [s for s in movable if s is not None]
    return max(speeds, key=SPEEDS.index) if speeds else None


def in_sight(battle: Battle, ship: BattleShip) -> bool:
    """Whether an enemy ship afloat is within visual distance (7.27)."""
    if ship.hex is None:
        return False
    reach = visual_range(battle)
    return any(
        o.afloat
        and o.side != ship.side
        and o.hex is not None
        and distance(o.hex, ship.hex) <= reach
        for o in battle.ships
    )


def reveal(battle: Battle) -> Battle:
    """Turn face up every ship within visual distance of an enemy (7.27)."""
    changed = [
        attrs.evolve(s, seen=True)
        for s in battle.ships
        if s.afloat and not s.seen and in_sight(battle, s)
    ]
    for s in changed:
        battle = battle.with_ship(s)
    return battle


def move_choices(
    battle: Battle, specs: dict[str, ShipSpec], group: str, members: Sequence[BattleShip]
) -> list[Move]:
    """Stay, an adjacent hex keeping 8 ships a side a hex, or leave the map (7.32, 7.33)."""
    here = members[0].hex
    assert here is not None
    side = members[0].side
    movers = [m for m in members if m.damage.speed(specs[m.key]) is not None]
    out = [Move(group, "stay")]
    for n in neighbours(here):
        if not on_map(n):
            continue
        own = sum(1 for s in battle.ships if s.afloat and s.side == side and s.hex == n)
        total = sum(1 for s in battle.ships if s.afloat and s.hex == n)
        if own + len(movers) <= STACK and total + len(movers) <= 2 * STACK:
            out.append(Move(group, label(n)))
    if edges_of(here) and not any(in_sight(battle, m) for m in movers):
        out.append(Move(group, "exit"))
    return out


def targets(
    battle: Battle, specs: dict[str, ShipSpec], ship: BattleShip, torpedo: bool
) -> list[BattleShip]:
    """Enemy ships the ship may attack now (7.5, 7.6 volume ranges, 7.8)."""
    if ship.hex is None:
        return []
    spec = specs[ship.key]
    reach = visual_range(battle)
    snap = battle.snapshot[battle.ships.index(ship)] if battle.snapshot else ship.damage
    if torpedo:
        if snap.torpedoes(spec) == 0 or snap.speed(spec) is None:  # 7.83-7.85
            return []
        far = 1
    else:
        ranges = [GUN_RANGE[p] for p in GUN_PARTS if snap.firepower(p) > 0]
        if not ranges:
            return []
        far = max(ranges)
    out = []
    for t in battle.ships:
        if t.side == ship.side or not t.afloat or t.hex is None:
            continue
        d = distance(ship.hex, t.hex)
        if d <= far and d <= reach:
            out.append(t)
    return out


def next_decider(battle: Battle) -> str:
    """The first side to decide in the current step."""
    if battle.step in MOVE_STEPS:
        return battle.initiative if battle.step in INITIATIVE_MOVES else other(battle.initiative)
    return battle.initiative


def ask(battle: Battle, specs: dict[str, ShipSpec]) -> Decision | None:
    """The pending decision, if any."""
    if battle.over or not battle.todo:
        return None
    item = battle.todo[0]
    side = battle.acting
    if battle.step in MOVE_STEPS:
        members = groups(battle, specs, side).get(item, [])
        names = ", ".join(specs[m.key].name for m in members)
        return Decision(
            side,
            "move",
            "GWaS 7.32",
            f"Impulse {battle.impulse}, step {battle.step}: move group {item} ({names})",
            tuple(move_choices(battle, specs, item, members)),
            context={"group": item},
        )
    ship = battle.ship(item)
    torpedo = battle.step in TORPEDO_STEPS
    ts = targets(battle, specs, ship, torpedo)
    name = specs[item].name
    if torpedo:
        return Decision(
            side,
            "torpedo",
            "GWaS 7.8",
            f"Torpedo step {battle.step}: {name}'s target",
            (Torpedo(item), *(Torpedo(item, t.key) for t in ts)),
            context={"ship": item},
        )
    return Decision(
        side,
        "gunnery",
        "GWaS 7.5",
        f"Gunnery step {battle.step}: {name}'s target",
        (Fire(item), *(Fire(item, t.key) for t in ts)),
        context={"ship": item},
    )


def start_step(battle: Battle, specs: dict[str, ShipSpec], ctx: Context) -> Battle:
    """Begin a step: roll the initiative (step 1) or list who must decide."""
    if battle.step == 1:
        return initiative(battle, ctx)
    side = next_decider(battle) if not battle.acting else battle.acting
    battle = attrs.evolve(battle, acting=side, started=True)
    if battle.step in MOVE_STEPS:
        allowed = MOVE_STEPS[battle.step]
        todo = tuple(
            g
            for g, members in groups(battle, specs, side).items()
            if group_speed(members, specs) in allowed
        )
        return attrs.evolve(battle, todo=todo)
    torpedo = battle.step in TORPEDO_STEPS
    if not battle.snapshot:
        battle = attrs.evolve(battle, snapshot=tuple(s.damage for s in battle.ships))
    todo = tuple(
        s.key
        for s in battle.ships
        if s.side == side and s.afloat and targets(battle, specs, s, torpedo)
    )
    return attrs.evolve(battle, todo=todo)


def initiative(battle: Battle, ctx: Context) -> Battle:
    """Step 1: the Japanese player rolls; 3 or less gives the Russians the initiative (7.1 A).

    A scenario may fix the initiative of the first impulse.
    """
    fixed = getattr(battle.scenario, "initiative", "") if battle.impulse == 1 else ""
    if fixed:
        side = fixed
        ctx.log(
            "initiative",
            f"Impulse {battle.impulse}: {side} holds the initiative (scenario)",
            "GWaS 7.1",
        )
    else:
        roll = ctx.dice.d6("initiative", "GWaS 7.1")
        side = RUSSIA if roll <= 3 else JAPAN
        ctx.log(
            "initiative",
            f"Impulse {battle.impulse}: initiative roll {roll}: {side}",
            "GWaS 7.1",
            roll=roll,
            side=side,
        )
    return attrs.evolve(battle, initiative=side, step=2, acting="", started=False, todo=())


def apply_move(battle: Battle, specs: dict[str, ShipSpec], action: Move, ctx: Context) -> Battle:
    """Carry out a group's move (7.32), exit (7.33), or stay."""
    members = groups(battle, specs, battle.acting).get(action.group, [])
    movers = [m for m in members if m.damage.speed(specs[m.key]) is not None]
    if action.to == "exit":
        for m in movers:
            battle = battle.with_ship(attrs.evolve(m, left=True, hex=None))
        ctx.log(
            "left_map",
            f"{', '.join(specs[m.key].name for m in movers)} leave the map "
            "out of sight of the enemy",
            "GWaS 7.33",
            ships=[m.key for m in movers],
        )
    elif action.to != "stay":
        from navalwar.games.gwas_1904.tactical_map import hex_of

        dest = hex_of(action.to)
        for m in movers:
            battle = battle.with_ship(attrs.evolve(m, hex=dest))
        ctx.log(
            "group_moved",
            f"{', '.join(specs[m.key].name for m in movers)} move to {action.to}",
            "GWaS 7.32",
            ships=[m.key for m in movers],
            to=action.to,
        )
    return reveal(attrs.evolve(battle, todo=battle.todo[1:]))


def finish_step(
    battle: Battle, specs: dict[str, ShipSpec], tables: DamageTables, ctx: Context
) -> Battle:
    """When the deciding side is done: hand over to the other side or close the step."""
    step = battle.step
    side = battle.acting
    if step in GUNNERY_STEPS or step in TORPEDO_STEPS:
        battle = resolve(battle, specs, tables, ctx)
        if side == battle.initiative:
            return attrs.evolve(battle, acting=other(side), started=False, todo=(), planned=())
        battle = end_combat_step(battle, specs, ctx)
    return advance_step(battle, ctx)


def advance_step(battle: Battle, ctx: Context) -> Battle:
    """Go to the next step, or end the impulse (7.36)."""
    battle = attrs.evolve(battle, acting="", started=False, todo=(), planned=(), snapshot=())
    if battle.step < 20:
        return attrs.evolve(battle, step=battle.step + 1)
    return end_impulse(battle, ctx)


def end_impulse(battle: Battle, ctx: Context) -> Battle:
    """After step 20 the battle goes on while both sides are on the map in sight (7.36)."""
    if battle_over(battle):
        return attrs.evolve(battle, over=True)
    if battle.max_impulses and battle.impulse >= battle.max_impulses:
        ctx.log("battle_end", f"The scenario ends after {battle.impulse} impulses", "GWaS BS")
        return attrs.evolve(battle, over=True)
    in_contact = any(in_sight(battle, s) for s in battle.ships if s.afloat)
    if not in_contact:
        ctx.log(
            "battle_end", "No ships in sight of the enemy: the tactical phase ends", "GWaS 7.36"
        )
        return attrs.evolve(battle, over=True)
    return attrs.evolve(battle, impulse=battle.impulse + 1, step=1)


def battle_over(battle: Battle) -> bool:
    """All ships of one side gone (left or sunk) (7.36)."""
    return any(not any(s.afloat for s in battle.ships if s.side == side) for side in SIDES)


def plan_attack(battle: Battle, action: Fire | Torpedo) -> Battle:
    """Record a declared attack."""
    planned = (*battle.planned, (action.ship, action.target)) if action.target else battle.planned
    return attrs.evolve(battle, planned=planned, todo=battle.todo[1:])


def resolve(
    battle: Battle, specs: dict[str, ShipSpec], tables: DamageTables, ctx: Context
) -> Battle:
    """Resolve the declared attacks of one side (7.5, 7.8); the firepower used is the
    firepower at the start of the step (damage is simultaneous)."""
    torpedo = battle.step in TORPEDO_STEPS
    use_er = bool(battle.option("effectiveness"))
    penetration = bool(battle.option("secondary_penetration"))
    for shooter_key, target_key in battle.planned:
        shooter = battle.ship(shooter_key)
        target = battle.ship(target_key)
        sspec, tspec = specs[shooter_key], specs[target_key]
        snap = battle.snapshot[battle.ships.index(shooter)]
        assert shooter.hex is not None and target.hex is not None
        d = distance(shooter.hex, target.hex)
        log = ctx.log if ctx.record else None
        lines: list[str] = []
        dmg = target.damage
        if torpedo:
            n = snap.torpedoes(sspec)
            mod = torpedo_modifier(sspec, tspec, dmg, d)
            hits, rolls = count_hits(ctx.dice, n, mod, f"torpedoes of {sspec.name}", "GWaS 7.81")
            lines.append(
                f"{sspec.name} torpedoes {tspec.name} ({n} factors, {mod:+d}): rolls "
                f"{list(rolls)} -> {hits} hit(s)"
            )
            battle = battle.with_ship(
                attrs.evolve(shooter, damage=attrs.evolve(shooter.damage, torpedo_used=True))
            )
            for _ in range(hits):
                roll = sum(ctx.dice.nd(2, 6, f"Torpedo Damage Table for {tspec.name}", "7.82"))
                result = tables.torpedo.lookup(roll)
                lines.append(f"{tspec.name}: torpedo damage roll {roll}: {result.text}")
                from navalwar.games.gwas_1904.combat import apply_result

                dmg = apply_result(
                    tspec,
                    dmg,
                    result,
                    HitContext("torpedo", d),
                    tables,
                    ctx.dice,
                    lines.append,
                    "GWaS 7.82",
                )
        else:
            mod = gunnery_modifier(sspec, tspec, dmg, d)
            for part in GUN_PARTS:
                if GUN_RANGE[part] < d:
                    continue
                fp = snap.firepower(part)
                if use_er:
                    fp = tables.usable_firepower(shooter.er, fp)
                if fp <= 0:
                    continue
                hits, rolls = count_hits(
                    ctx.dice, fp, mod, f"{part} guns of {sspec.name}", "GWaS 7.5"
                )
                lines.append(
                    f"{sspec.name} fires {fp} {part} at {tspec.name} ({d} hexes, "
                    f"{mod:+d}): rolls {list(rolls)} -> {hits} hit(s)"
                )
                for _ in range(hits):
                    hit = HitContext(part, d, penetration, sspec.tertiary_white)
                    dmg = gunnery_hit(tspec, dmg, hit, tables, ctx.dice, lines.append)
        battle = battle.with_ship(attrs.evolve(battle.ship(target_key), damage=dmg))
        if log is not None:
            for line in lines:
                ctx.log("combat", line, "GWaS 7.8" if torpedo else "GWaS 7.5")
    return attrs.evolve(battle, planned=())


def end_combat_step(battle: Battle, specs: dict[str, ShipSpec], ctx: Context) -> Battle:
    """At the end of a combat step the damage takes effect: sunk ships go (8.0)."""
    for s in battle.ships:
        if (
            s.hex is not None
            and not s.left
            and s.damage.sunk
            and (not battle.snapshot or not battle.snapshot[battle.ships.index(s)].sunk)
        ):
            ctx.log("sunk", f"{specs[s.key].name} sinks", "GWaS 8.0", ship=s.key)
    return attrs.evolve(battle, snapshot=())


def place(battle: Battle, specs: dict[str, ShipSpec], side: str, hexes: Iterable[Hex]) -> Battle:
    """Place a side's ships, 8 to a hex, in the order of ``hexes`` (7.2)."""
    cells = list(hexes)
    ships = [s for s in battle.ships if s.side == side]
    ships.sort(key=lambda s: (not specs[s.key].capital, s.key))
    for i, s in enumerate(ships):
        battle = battle.with_ship(attrs.evolve(s, hex=cells[min(i // STACK, len(cells) - 1)]))
    return battle


def set_up(battle: Battle, specs: dict[str, ShipSpec], entry_edge: str) -> Battle:
    """Automatic set-up (7.21, 7.22): the side without the initiative in the central hexes
    nearest the entry edge, the initiative side on the middle of that edge's border row."""
    edge = edge_row(entry_edge)
    middle = edge[len(edge) // 2]
    centre = sorted(centre_hexes(), key=lambda h: (distance(h, middle), h))
    border = sorted(edge, key=lambda h: (distance(h, middle), h))
    battle = place(battle, specs, other(battle.initiative), centre)
    battle = place(battle, specs, battle.initiative, border)
    return reveal(battle)


def victory_points(battle: Battle, specs: dict[str, ShipSpec]) -> dict[str, int]:
    """VP (scenario VP rules): the ship's value when sunk; otherwise 3 per main-gun
    firepower lost, 2 per heavy-armour and 1 per other hull box lost."""
    vp = {JAPAN: 0, RUSSIA: 0}
    for s in battle.ships:
        spec = specs[s.key]
        scorer = other(s.side)
        if s.damage.sunk:
            vp[scorer] += spec.vp
            continue
        vp[scorer] += 3 * s.damage.track.lost_boxes("primary")
        lost = s.damage.track.lost_boxes("hull")
        vp[scorer] += sum(2 if c == "H" else 1 for c in spec.hull[:lost])
    return vp
