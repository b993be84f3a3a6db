"""The Tokyo Express Basic Game (TE 3.0-3.9) as a navalwar :class:`~navalwar.engine.Game`.

The Sequence of Play (TE 3.1), declared in ``sequence_of_play.py``, drives the game:
``DRIVER`` (at the bottom) binds to each of its steps the rule function it runs (the
Japanese procedures, dice, tables), the US player's decision it asks and how the
answer is applied, and :meth:`TokyoExpress.advance` lets the core driver play steps
until a decision is pending.
"""

from __future__ import annotations

import functools
import operator
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from types import MappingProxyType
from typing import TYPE_CHECKING, Any

from navalwar.actions import Action
from navalwar.datapack import bundled_data_dir
from navalwar.dice import Dice
from navalwar.driver import Driver, Play
from navalwar.engine import Context, Decision, Game, Match, Outcome, TurnStart
from navalwar.errors import IllegalActionError, NavalwarError
from navalwar.frozen import evolve
from navalwar.games.tokyo_express import loading as te_loading
from navalwar.games.tokyo_express.actions import (
    ACTION_TYPES,
    ChooseDirection,
    ChooseFlagship,
    FormFormations,
    GiveOrder,
    GunneryAttack,
    SetSpeed,
    TorpedoAttack,
    Turn,
)
from navalwar.games.tokyo_express.allocation import (
    NO_COMBAT,
    gunnery_attacks,
    japanese_gunnery_plan,
    japanese_torpedo_plan,
    record_first,
    us_gunnery_can_fire,
    us_gunnery_choices,
    us_torpedo_can_fire,
    us_torpedo_choices,
)
from navalwar.games.tokyo_express.battle_movement import japanese_orders
from navalwar.games.tokyo_express.combat import (
    end_of_combat_segment,
    resolve_gunnery_attacks,
    resolve_torpedo_attack,
)
from navalwar.games.tokyo_express.data import CALIBERS, TEData
from navalwar.games.tokyo_express.events import EVENT_KINDS
from navalwar.games.tokyo_express.formations import (
    japanese_groupings,
    slowest_speed,
    us_grouping_problem,
    us_groupings,
)
from navalwar.games.tokyo_express.geometry import HEADINGS, TE_MAP, te_label
from navalwar.games.tokyo_express.model import (
    ABOUT,
    AHEAD,
    COUNTERMARCH,
    DIRS,
    JAPAN,
    READY,
    S_TURN,
    TURN_60,
    TURN_120,
    US,
    Attack,
    Combat,
    Formation,
    Order,
    Ship,
    State,
)
from navalwar.games.tokyo_express.movement import (
    ahead,
    maneuver_problem,
    next_turn_steps,
    on_map,
    path,
    slide_vector,
    turn_choices,
    turns_needed,
    us_order_can_stay_on_map,
)
from navalwar.games.tokyo_express.scenario import (
    Scenario,
    bundled_scenarios,
    load_scenario,
    parse_scenario,
)
from navalwar.games.tokyo_express.sequence_of_play import (
    BASIC_TURN,
    ORDINALS,
    PLACES,
    move,
    place,
    sequence_key,
    step_rule,
    where,
)
from navalwar.games.tokyo_express.views import TERMINAL_VIEW, TURN_START
from navalwar.hexgrid import DIRECTIONS, Hex, MapSpec, distance, opposite, turn
from navalwar.registry import GameSpec, OptionSpec, OptionValue, ShipInfo
from navalwar.sequence import CardDeck, ChitCup
from navalwar.views import TerminalView

if TYPE_CHECKING:
    from navalwar.agents import AgentFactory
    from navalwar.odds import GameOdds

CHITS = ("Combat", "Blank", "Blank", "Blank", "Blank", "Blank")  # TE 3.1 A

SPEC = GameSpec(
    id="tokyo_express",
    title="Tokyo Express (Basic Game)",
    sides=(US, JAPAN),
    map_kind="hex",
    rulebook="tokyo_express.txt",
    players=(US,),
    options=(
        OptionSpec(
            "ship_pool",
            "historical",
            "Ships the Basic Scenario draws at random: historical ships only, or the "
            "whole roster (the pool is not stated; notes §9.6 item 67)",
            "TE 3.9",
            ("historical", "all"),
        ),
        OptionSpec(
            "stern_rule",
            "all",
            "A combined torpedo attack gets the stern +1 and Speed loss only if every "
            "attacker is in the target's stern arc ('all'), or if any is ('any')",
            "TE 3.6",
            ("all", "any"),
        ),
        OptionSpec(
            "cancelled_torpedo_attack",
            "void",
            "A Japanese torpedo attack cancelled by an 'N' is no attack: its target may be "
            "attacked and its ship fire again in the second round ('void'), or it still "
            "counts as a first attack ('counts')",
            "TE 3.6",
            ("void", "counts"),
        ),
        OptionSpec(
            "below_lowest_row",
            "miss",
            "A gunnery value below every row of the card: no effect ('miss') or read "
            "the lowest row ('lowest')",
            "TE 3.7",
            ("miss", "lowest"),
        ),
        OptionSpec(
            "jp_60_roll_without_move",
            True,
            "Roll for a Japanese 60° Turn at the end of the first two phases even if "
            "the formation did not move",
            "TE 3.3",
        ),
    ),
)


def _heading(h: int) -> str:
    return HEADINGS[h]


class TokyoExpress(Game[State, TEData]):
    """Tokyo Express Basic Game: the US player against the rules' Japanese procedures."""

    spec = SPEC
    action_types = ACTION_TYPES
    event_kinds = EVENT_KINDS
    map: MapSpec | None = TE_MAP  # typed as in Game, which mypyc holds it to
    turn_start: TurnStart | None = TURN_START  # a Game Turn starts at the US formation
    # The search agent's settings: the US movement decisions (TE 3.4 speed, orders and
    # turns) are where the engagement is decided; gunnery and torpedo targets are left
    # to the heuristic, whose expected-damage choice the rollouts rarely improve on. 12
    # rollouts beat the heuristic clearly where 6 did not (measured: docs/agents.md).
    search_settings: Mapping[str, Any] = MappingProxyType(
        {"kinds": ("us_speed", "us_order", "us_turn"), "rollouts": 12, "depth": 16}
    )

    # -- the declaration: what the core asks of the game --------------------------------
    def data_dir(self) -> Path | None:
        return bundled_data_dir() / "tokyo_express"

    def agents(self) -> Mapping[str, AgentFactory]:
        from navalwar.games.tokyo_express.agents import AGENTS

        return AGENTS

    def odds(self) -> GameOdds | None:
        from navalwar.games.tokyo_express import odds

        return odds

    def estimate(self, state: State, data: TEData) -> Outcome | None:
        """The VP so far and the level of victory they would give (TE 3.9)."""
        vp = victory_points(state, data)
        level = level_of_victory(state.scenario, vp[US] - vp[JAPAN])
        winner = US if level.startswith("US") else JAPAN if level.startswith("Japan") else None
        return Outcome(winner, level, vp)

    def record_extras(self, match: Match) -> dict[str, Any]:
        from navalwar.games.tokyo_express.records import record_extras

        return dict(record_extras(match))

    def draw(
        self, match: Match, whole_map: bool, caption: str | None, side: str | None
    ) -> str | None:
        from navalwar.games.tokyo_express.render import draw_hex_battle

        return draw_hex_battle(match, whole_map, caption, side)

    def terminal_view(self) -> TerminalView | None:
        return TERMINAL_VIEW

    # -- data and scenarios -------------------------------------------------------------
    def load_data(self, overrides: Sequence[Path] = (), strict: bool = False) -> TEData:
        return te_loading.load(overrides, strict)

    def scenarios(self) -> list[str]:
        return bundled_scenarios()

    def load_scenario(self, name: str, data: TEData) -> Scenario:
        return load_scenario(name, data)

    def scenario_from_document(self, doc: dict[str, Any], file: str, data: TEData) -> Scenario:
        return parse_scenario(doc, file, data)

    def describe_scenario(self, scenario: Scenario) -> str:
        lines = [f"{scenario.title} ({scenario.rule})", "", scenario.description, ""]
        for side in (US, JAPAN):
            lines.append(f"{side} forces:")
            for p in scenario.placements:
                if p.side == side:
                    what = p.ship or f"random {p.type}"
                    lines.append(
                        f"  {what:<22} hex {te_label(p.hex)}  heading {_heading(p.heading)}"
                    )
        lines.append("")
        lines.append(
            f"Length: {scenario.game_turns} Game Turns. Visual Fire Direction Range: "
            f"US {scenario.us_vfdr}, Japanese {scenario.jp_vfdr} hexes."
        )
        if scenario.admiral:
            a = scenario.admiral
            lines.append(
                f"Admiral {a.name} on a {a.type} in hex {te_label(a.hex)}; killed = "
                f"{a.killed_vp} VP to the Japanese."
            )
        lines.append("Victory Points (Sunk / Damage Level 3 / 2 / 1):")
        for side, other in ((US, JAPAN), (JAPAN, US)):
            for t, row in scenario.vp[side].items():
                lines.append(f"  to {side} for {other} {t}: {' / '.join(map(str, row))}")
        lines.append("Levels of victory on US VP minus Japanese VP:")
        for lo, name in scenario.levels:
            lines.append(f"  {name}: " + (f"{lo:+d} or more" if lo is not None else "below"))
        return "\n".join(lines)

    # -- set-up (TE 3.9) -----------------------------------------------------------------
    def initial_state(
        self, scenario: Scenario, data: TEData, options: Mapping[str, OptionValue], ctx: Context
    ) -> State:
        """Draw the ships by type and place them (TE 3.9 "Deployment"); shuffle the decks."""
        used = {p.ship for p in scenario.placements if p.ship}
        ships = []
        for p in scenario.placements:
            name = p.ship
            if not name:
                pool = [
                    s.name
                    for s in data.roster(p.side, p.type)
                    if s.name not in used and (options["ship_pool"] == "all" or s.historical)
                ]
                if not pool:
                    raise NavalwarError(
                        f"no {p.side} {p.type} left to draw for hex {te_label(p.hex)}"
                    )
                name = ctx.dice.choose(pool, f"random {p.side} {p.type}", "TE 3.9")
                used.add(name)
            spec = data.ship(name)
            ships.append(
                Ship(
                    name,
                    p.side,
                    p.hex,
                    p.heading,
                    spec.max_speed,
                    tuple(READY for _ in spec.salvos),
                )
            )
            label = te_label(p.hex)
            ctx.log(
                "ship_placed",
                f"{p.side} {spec.type} {name} set up in {label} heading {_heading(p.heading)}",
                "TE 3.9",
                ship=name,
                hex=label,
            )
        decks = []
        for caliber in CALIBERS:
            cards = data.decks[caliber]
            reshuffle = next(n for n, c in cards.items() if c.reshuffle)
            decks.append(
                (
                    caliber,
                    CardDeck.shuffled(
                        sorted(cards), ctx.dice, reshuffle, f"shuffle the {caliber} deck", "TE 3.7"
                    ),
                )
            )
        return State(
            turn=1,
            step="flagship",
            phase=0,
            ships=tuple(ships),
            formations=(),
            cup=ChitCup(),
            decks=tuple(decks),
            last_turn=scenario.game_turns,
            us_vfdr=scenario.us_vfdr,
            jp_vfdr=scenario.jp_vfdr,
            options=tuple(sorted(options.items())),
            scenario=scenario,
        )

    # -- the loop: the sequence of play (DRIVER, below) --------------------------------
    def advance(self, state: State, data: TEData, ctx: Context) -> State:
        state, decision = DRIVER.advance(self, state, data, ctx)
        ctx.settle(state, decision)  # the decision found is kept below the rules (Match)
        return state

    def decision(self, state: State, data: TEData) -> Decision | None:
        return DRIVER.decision(self, state, data)

    def apply(self, state: State, action: Action, data: TEData, ctx: Context) -> State:
        return DRIVER.apply(self, state, action, data, ctx)

    # -- views ---------------------------------------------------------------------------
    def observe(self, state: State, side: str, data: TEData) -> dict[str, Any]:
        """Everything on the map is visible in the Basic Game (TE 3.5: all ships detected).

        Hidden from both sides: the order of the Gunnery Card decks and of the chit cup.
        """
        ships = []
        for s in state.ships:
            spec = data.ship(s.name)
            ships.append(
                {
                    "name": s.name,
                    "side": s.side,
                    "type": spec.type,
                    "class": spec.roster_class,
                    "hex": te_label(s.hex),
                    "heading": _heading(s.heading),
                    "max_speed": s.max_speed,
                    "hits": s.hits,
                    "boxes": spec.boxes,
                    "damage_level": s.level,
                    "current_step_level": s.pending_level,
                    "sinking": s.sinking,
                    "removed": s.removed,
                    "fired": s.fired,
                    "formation": s.formation,
                    "salvos": [
                        {
                            "value": sv.value,
                            "mount": sv.mount,
                            "status": ("ready", "fired", "lost")[st],
                        }
                        for sv, st in zip(spec.salvos, s.salvos, strict=True)
                    ],
                    "bow_primary": spec.bow,
                    "stern_primary": spec.stern,
                    "caliber": spec.caliber,
                }
            )
        return {
            "ships": ships,
            "formations": [
                {
                    "id": f.id,
                    "side": f.side,
                    "ships": list(f.ships),
                    "speed": f.speed,
                    "order": f.order.label,
                    "speed_set": f.speed_set,
                    "order_set": f.order_set,
                }
                for f in state.formations
            ],
            "flagship": state.flagship,
            "admiral_killed": bool(state.admiral_killed_turn),
            "chits": {"in_cup": len(state.cup), "drawn": list(state.cup.drawn)},
            "victory_points": victory_points(state, data),
        }

    def position(self, state: State) -> dict[str, Any]:
        """The turn, the phase and step of the Basic Game turn (TE 3.0), and in words."""
        return {
            "where": where(state),
            "turn": state.turn,
            "last_turn": state.last_turn,
            "phase": state.phase,
            "step": state.step,
        }

    def outcome(self, state: State, data: TEData) -> Outcome | None:
        if not state.over:
            return None
        vp = victory_points(state, data)
        margin = vp[US] - vp[JAPAN]
        level = level_of_victory(state.scenario, margin)
        winner = US if level.startswith("US") else JAPAN if level.startswith("Japan") else None
        return Outcome(
            winner, level, vp, f"US {vp[US]} VP, Japanese {vp[JAPAN]} VP: {margin:+d}, {level}"
        )

    def hidden_variants(self, state: State, side: str, data: TEData, dice: Dice) -> list[State]:
        """The decks and the cup reordered: facts neither side may see."""
        decks = tuple((n, evolve(d, order=dice.shuffled(d.order))) for n, d in state.decks)
        cup = ChitCup(dice.shuffled(state.cup.contents), state.cup.drawn)
        return [state.replace(decks=decks, cup=cup)]

    def report(self, match: Match) -> str:
        from navalwar.games.tokyo_express.report import battle_report

        return battle_report(match)

    def ship_list(self, data: TEData) -> list[ShipInfo]:
        """The Ship Roster: name, counter abbreviation, roster class and type (TE 2.5)."""
        return [
            ShipInfo(s.side, s.counter, s.name, s.roster_class, s.type) for s in data.ships.values()
        ]


# -- victory (TE 3.9, 14.2, 14.3) ----------------------------------------------------------
def victory_points(state: State, data: TEData) -> dict[str, int]:
    """VP for damaging and sinking enemy ships, and for killing the admiral (TE 3.9)."""
    vp = {US: 0, JAPAN: 0}
    scen: Scenario = state.scenario
    for s in state.ships:
        scorer = JAPAN if s.side == US else US
        row = scen.vp[scorer].get(data.ship(s.name).rule_type)
        if row is None:
            continue
        if s.removed or s.sinking:
            vp[scorer] += row[0]
        elif s.level:
            vp[scorer] += row[4 - s.level]
    if state.admiral_killed_turn and scen.admiral:
        vp[JAPAN] += scen.admiral.killed_vp
    return vp


def level_of_victory(scenario: Scenario, margin: int) -> str:
    """The level of victory for US VP minus Japanese VP (TE 3.9, 14.3)."""
    for lo, name in scenario.levels:
        if lo is None or margin >= lo:
            return name
    return scenario.levels[-1][1]


# -- step helpers --------------------------------------------------------------------------
def _goto(state: State, step: str, **changes: Any) -> State:
    return state.replace(step=step, **changes)


def _begin(ctx: Context, state: State, note: str = "") -> None:
    """Log the start of a phase or segment in the rulebook's words (TE 3.1)."""
    key = sequence_key(state.step, state.phase)
    rule = step_rule(key) if key else "TE 3.9"
    ctx.log(
        "phase_began", lambda: where(state) + note, rule, turn=state.turn, step=key or state.step
    )


def _after_phase(state: State, ctx: Context, **changes: Any) -> State:
    """The step after a Movement Phase, with ``changes`` made on the way."""
    if state.phase == 3:
        return _goto(state, "jp_orders", **changes)
    if state.phase == 6:
        return _goto(state, "damage_effects", phase=0, **changes)
    return _goto(state, "us_move", phase=state.phase + 1, **changes)


def _us_formations(state: State) -> tuple[Formation, ...]:
    return state.live_formations(US)


# -- A-B: Action Chit Phase, US Formation Phase ----------------------------------------------
def ask_flagship(game: TokyoExpress, state: State, data: TEData) -> Decision | None:
    adm = state.scenario.admiral
    if adm is None or state.flagship:
        return None
    ships = [
        s
        for s in state.side_ships(US)
        if s.hex == adm.hex and data.ship(s.name).rule_type == adm.type
    ]
    return Decision(
        US,
        "choose_flagship",
        "TE 3.9",
        f"Place Admiral {adm.name} on one of the {adm.type}s in {te_label(adm.hex)}",
        tuple(ChooseFlagship(s.name) for s in ships),
        tags=(ChooseFlagship.tag,),
    )


def apply_flagship(
    game: TokyoExpress, state: State, action: ChooseFlagship, data: TEData, ctx: Context
) -> State:
    ctx.log(
        "flagship",
        f"Admiral {state.scenario.admiral.name} hoists his flag in {action.ship}",
        "TE 3.9",
        ship=action.ship,
    )
    return state.replace(flagship=action.ship)


def run_action_chits(game: TokyoExpress, state: State, data: TEData, ctx: Context) -> State:
    ctx.log("turn_began", lambda: f"Game Turn {state.turn} begins", "TE 3.1", turn=state.turn)
    _begin(ctx, state, ": the Combat chit and five blanks go in the cup")
    return _goto(state, "us_formation", cup=state.cup.refill(CHITS), phase=0)


def _grouping_sampler(state: State) -> Callable[[Dice], Action]:
    ships = list(state.side_ships(US))

    def sample(dice: Dice) -> Action:
        groups: list[list[Ship]] = []
        for s in dice.shuffled(ships):
            homes = [
                g
                for g in groups
                if g[0].heading == s.heading and any(distance(s.hex, o.hex) <= 2 for o in g)
            ]
            if homes and dice.roll(2) == 1:
                dice.choose(homes).append(s)
            else:
                groups.append([s])
        return FormFormations(tuple(tuple(x.name for x in g) for g in groups))

    return sample


_FORM_TAGS = (FormFormations.tag,)
_GROUPING_PROMPT = (
    "US Formation Phase: group the US ships into formations (same heading, each "
    "within 2 hexes of another)"
)


def ask_us_formation(game: TokyoExpress, state: State, data: TEData) -> Decision | None:
    ships = state.ships_of(US)
    if not ships:
        return None
    prompt = _GROUPING_PROMPT
    choices = us_groupings(ships)
    if choices is not None:
        return Decision(
            US,
            "us_formations",
            "TE 3.2",
            prompt,
            tuple([FormFormations(c) for c in choices]),
            tags=_FORM_TAGS,
        )

    def validate(action: Action) -> str | None:
        if not isinstance(action, FormFormations):
            return "a FormFormations action is needed"
        return us_grouping_problem(ships, action.groups)

    return Decision(
        US,
        "us_formations",
        "TE 3.2",
        prompt,
        None,
        validate,
        _grouping_sampler(state),
        tags=_FORM_TAGS,
    )


def run_us_formation(game: TokyoExpress, state: State, data: TEData, ctx: Context) -> State:
    return _goto(state, "jp_formation")


def apply_formations(
    game: TokyoExpress, state: State, action: FormFormations, data: TEData, ctx: Context
) -> State:
    problem = us_grouping_problem(state.ships_of(US), action.groups)
    if problem:
        raise IllegalActionError(action.describe(), problem, "TE 3.2")
    _begin(ctx, state)
    fid = state.next_formation_id
    forms = [f for f in state.formations if f.side != US]
    changed = []
    ship = state.ship
    for g in action.groups:
        forms.append(Formation(fid, US, tuple(g)))
        changed += [ship(n).replace(formation=fid) for n in g]
        names = list(g)
        ctx.log(
            "formation",
            f"US formation {fid}: {', '.join(names)}",
            "TE 3.2",
            formation=fid,
            ships=names,
        )
        fid += 1
    state = state.with_ships(changed)
    return _goto(state, "us_speed", formations=tuple(forms), next_formation_id=fid)


def ask_us_speed(game: TokyoExpress, state: State, data: TEData) -> Decision | None:
    for f in state.formations:  # the first US formation on the map without a Speed
        if f.side == US and not f.speed_set:
            ships = state.members(f.ships)
            if not ships:
                continue
            top = slowest_speed(ships)
            return Decision(
                US,
                "us_speed",
                "TE 3.2",
                f"Assign a Speed (1-{top}) to formation {f.id} ({', '.join(f.ships)})",
                _speed_choices(f.id, top),
                context={"formation": f.id},
                tags=(SetSpeed.tag,),
            )
    return None


@functools.lru_cache(maxsize=1024)
def _speed_choices(fid: int, top: int) -> tuple[SetSpeed, ...]:
    """The Speeds formation ``fid`` may take, fastest first (frozen: shared by decisions)."""
    return tuple([SetSpeed(fid, v) for v in range(top, 0, -1)])


def apply_speed(
    game: TokyoExpress, state: State, action: SetSpeed, data: TEData, ctx: Context
) -> State:
    f = state.formation(action.formation)
    ctx.log(
        "speed",
        lambda: f"US formation {f.id} steams at Speed {action.speed}",
        "TE 3.2",
        formation=f.id,
        speed=action.speed,
    )
    return state.with_formation(f.replace(speed=action.speed, speed_set=True))


# -- C-D: US Movement Orders, Freedom of Action ---------------------------------------------
def ask_us_orders(game: TokyoExpress, state: State, data: TEData) -> Decision | None:
    for f in state.formations:  # the first US formation on the map without an order
        if f.side == US and not f.order_set and state.members(f.ships):
            choices = _order_choices(f.id, f.speed)
            return Decision(
                US,
                "us_order",
                "TE 3.3",
                f"US Movement Orders Phase: order for formation {f.id} "
                f"({', '.join(f.ships)}), Speed {f.speed}",
                choices,
                context={"formation": f.id},
                tags=(GiveOrder.tag,),
            )
    return None


@functools.lru_cache(maxsize=1024)
def _order_choices(fid: int, speed: int) -> tuple[GiveOrder, ...]:
    """The orders formation ``fid`` at ``speed`` may take (frozen: shared by decisions)."""
    listed = [GiveOrder(fid, AHEAD)]
    for m in (TURN_60, TURN_120, COUNTERMARCH, S_TURN):
        if maneuver_problem(m, speed) is None:
            listed += [GiveOrder(fid, m, "port"), GiveOrder(fid, m, "starboard")]
    return tuple(listed)


@functools.lru_cache(maxsize=64)
def _us_order(maneuver: str, direction: str) -> Order:
    """The order marker of a US order (a frozen value: shared by formations)."""
    return Order(maneuver, DIRS[direction])


def apply_order(
    game: TokyoExpress, state: State, action: GiveOrder, data: TEData, ctx: Context
) -> State:
    f = state.formation(action.formation)
    order = _us_order(action.maneuver, action.direction)
    label = order.label
    ctx.log(
        "us_order",
        lambda: f"US formation {f.id} ordered {label}",
        "TE 3.3",
        formation=f.id,
        order=label,
    )
    return state.with_formation(f.replace(order=order, order_set=True))


def run_us_foa(game: TokyoExpress, state: State, data: TEData, ctx: Context) -> State:
    """US Freedom of Action Phase (TE 3.3 "US Freedom of Action")."""
    if state.scenario.admiral is None:
        return _goto(state, "jp_formation")
    _begin(ctx, state)
    dead = bool(state.admiral_killed_turn)
    flag = None if dead else state.ship(state.flagship)
    pending: list[int] = []
    changed: list[Formation] = []  # the formations now Ahead (each of another formation)
    for f in _us_formations(state):
        ships = state.members(f.ships)
        if flag is not None and flag.name in f.ships:
            continue
        mod = -2 if dead else 0
        if flag is not None:
            far = sum(1 for s in ships if distance(s.hex, flag.hex) >= 11)
            mod = -2 if far == len(ships) else -1 if far else 0
        roll = ctx.dice.d10(f"Freedom of Action, formation {f.id}", "TE 3.3")
        result = data.freedom.result(len(ships), roll + mod)
        note = ""
        new: str | None = None
        if result == "A":
            new = COUNTERMARCH if f.order.maneuver == AHEAD else AHEAD
        elif result == "C":
            new = AHEAD if f.order.maneuver == COUNTERMARCH else COUNTERMARCH
        if new == AHEAD:
            if us_order_can_stay_on_map(
                [(s.hex, s.heading) for s in ships], _AHEAD_ORDER, f.speed, 1, data
            ):
                changed.append(f.replace(order=_AHEAD_ORDER))
                note = ": now Ahead"
            else:
                note = ": Ahead would leave the map, so no effect"
        elif new == COUNTERMARCH:
            if maneuver_problem(COUNTERMARCH, f.speed):
                note = ": a Speed-1 formation cannot Countermarch, so no effect"
            elif not _cm_directions(state, f, data):
                note = ": a Countermarch would leave the map, so no effect"
            else:
                note = ": Countermarch (the player chooses the direction)"
                pending.append(f.id)
        ctx.log(
            "freedom_of_action",
            f"Freedom of Action for formation {f.id} ({len(ships)} ships): roll {roll}"
            f"{mod:+d} = {roll + mod} -> {result}{note}",
            "TE 3.3",
            formation=f.id,
            roll=roll,
            modifier=mod,
            result=result,
        )
    # the formations changed here are not looked at again (the ships do not move)
    return _goto(state.updated((), changed), "us_foa_direction", pending=tuple(pending))


_COUNTERMARCHES = {name: Order(COUNTERMARCH, DIRS[name]) for name in ("port", "starboard")}


def _cm_directions(state: State, f: Formation, data: TEData) -> list[str]:
    """The Countermarch directions keeping formation ``f`` on the map (TE 3.3)."""
    ships = [(s.hex, s.heading) for s in state.members(f.ships)]
    return [
        name
        for name, order in _COUNTERMARCHES.items()
        if us_order_can_stay_on_map(ships, order, f.speed, 1, data)
    ]


def ask_foa_direction(game: TokyoExpress, state: State, data: TEData) -> Decision | None:
    if not state.pending:
        return None
    f = state.formation(state.pending[0])
    return Decision(
        US,
        "countermarch_direction",
        "TE 3.3",
        f"Freedom of Action: formation {f.id} must Countermarch; choose the direction",
        tuple(ChooseDirection(f.id, d) for d in _cm_directions(state, f, data)),
        context={"formation": f.id},
        tags=(ChooseDirection.tag,),
    )


def apply_direction(
    game: TokyoExpress, state: State, action: ChooseDirection, data: TEData, ctx: Context
) -> State:
    f = state.formation(action.formation)
    order = _COUNTERMARCHES.get(action.direction) or Order(COUNTERMARCH, DIRS[action.direction])
    label = order.label
    ctx.log(
        "us_order",
        lambda: f"US formation {f.id} now ordered {label}",
        "TE 3.3",
        formation=f.id,
        order=label,
    )
    return state.updated(
        (), (f.replace(order=order),), pending=tuple([p for p in state.pending if p != f.id])
    )


# -- E-F, J: Japanese Formation and Movement Orders Phases -----------------------------------
def run_jp_formation(game: TokyoExpress, state: State, data: TEData, ctx: Context) -> State:
    """Japanese Formation Phase (TE 3.1 E, 3.2)."""
    _begin(ctx, state)
    fid = state.next_formation_id
    forms = [f for f in state.formations if f.side != JAPAN]
    changed = []
    ship = state.ship
    for g in japanese_groupings(state.ships_of(JAPAN), data):
        members = [ship(n) for n in g]
        speed = slowest_speed(members)
        forms.append(Formation(fid, JAPAN, g, speed, speed_set=True, order_set=True))
        changed += [s.replace(formation=fid) for s in members]
        ctx.log(
            "formation",
            f"Japanese formation {fid}: {', '.join(g)}, Speed {speed}",
            "TE 3.2",
            formation=fid,
            ships=list(g),
            speed=speed,
        )
        fid += 1
    state = state.with_ships(changed)
    return _goto(state, "jp_orders", formations=tuple(forms), next_formation_id=fid)


def run_jp_orders(game: TokyoExpress, state: State, data: TEData, ctx: Context) -> State:
    """First and Second Japanese Movement Orders Phases (TE 3.1 F and J, 3.3)."""
    second = state.phase == 3
    _begin(ctx, state)
    # each formation as by battle_movement in turn, in the orders phase (3 or 0)
    state = japanese_orders(state, data, ctx, 3 if second else 0)
    return _goto(state, "us_move", phase=4 if second else 1)


# -- G-M: Movement Phases --------------------------------------------------------------------
def _needs_turn(state: State, data: TEData) -> tuple[Formation, list[str]] | None:
    """The first US formation still to say when it turns this phase, with its choices."""
    planned = {fid for fid, _ in state.plan} if state.plan else ()
    phase = state.phase
    for f in _us_formations(state):
        order = f.order
        if order.maneuver == AHEAD or f.id in planned:  # Ahead needs no turn (TE 3.3)
            continue
        choices = turn_choices(order, f.speed, phase, data)
        if choices:
            return f, choices
    return None


def ask_us_move(game: TokyoExpress, state: State, data: TEData) -> Decision | None:
    needs = _needs_turn(state, data)
    if needs is None:
        return None
    f, choices = needs
    steps = next_turn_steps(f.order)
    what = f"{abs(steps) * 60}° to {'starboard' if steps > 0 else 'port'}"
    return Decision(
        US,
        "us_turn",
        "TE 3.4",
        f"{ORDINALS[state.phase - 1]} Movement Phase: formation {f.id} "
        f"({f.order.label}, turn {f.order.turns_done + 1} of "
        f"{turns_needed(f.order.maneuver, f.speed)}: {what}) - turn before moving, "
        "after moving, or not this phase?",
        _turn_actions(f.id, tuple(choices)),
        context={"formation": f.id},
        tags=(Turn.tag,),
    )


@functools.lru_cache(maxsize=1024)
def _turn_actions(fid: int, choices: tuple[str, ...]) -> tuple[Turn, ...]:
    """Formation ``fid``'s turn timings ``choices`` as actions (frozen: shared by decisions)."""
    return tuple([Turn(fid, w) for w in choices])


def _turned(
    ships: Callable[[str], Ship], f: Formation, ctx: Context, names: Sequence[str]
) -> list[Ship]:
    """The ships ``names`` of ``f`` (as ``ships`` gives them) after the formation's next
    turn (TE 3.3)."""
    steps = next_turn_steps(f.order)
    out = [s.replace(heading=turn(s.heading, steps)) for s in map(ships, names)]
    _log_turn(ctx, names, steps, out[0].heading)
    return out


def _turn_headings(
    ships: Sequence[Ship], f: Formation, ctx: Context, heading: dict[str, int], now: bool = False
) -> None:
    """Put in ``heading`` the headings of ``ships`` (of ``f``) after the formation's next
    turn (TE 3.3), from the headings there already if ``now`` (turns made earlier this
    segment), else from the ships'."""
    steps = next_turn_steps(f.order)
    for s in ships:
        name = s.name
        hd = heading.get(name, s.heading) if now else s.heading
        heading[name] = (hd + steps) % 6  # (the headings are 0..5)
    _log_turn(ctx, [s.name for s in ships], steps, heading[ships[0].name])


def _log_turn(ctx: Context, names: Sequence[str], steps: int, heading: int) -> None:
    ctx.log(
        "ship_turned",
        lambda: (
            f"{', '.join(names)} turn {abs(steps) * 60}° to "
            f"{'starboard' if steps > 0 else 'port'}, now heading {_heading(heading)}"
        ),
        "TE 3.3",
        ships=list(names),
        heading=_heading(heading),
    )


def apply_turn(game: TokyoExpress, state: State, action: Turn, data: TEData, ctx: Context) -> State:
    return state.replace(plan=(*state.plan, (action.formation, action.when)))


def _turn_formation(state: State, f: Formation, ctx: Context, names: Sequence[str]) -> State:
    return state.with_ships(_turned(state.ship, f, ctx, names))


def _slide(
    state: State, paths: dict[str, list[Hex]], ctx: Context
) -> tuple[State, dict[str, list[Hex]]]:
    """The Basic Scenario map-edge rule (TE 3.4, 3.9): slide every ship back."""
    off = [n for n, p in paths.items() if not on_map(p)]
    if not off:
        return state, paths
    ship = state.ship(off[0])
    everyone = [s for s in state.ships if s.on_map]
    shift = slide_vector([s.hex for s in everyone], list(paths.values()), ship.heading)
    if shift is None:
        return _slide_best_effort(state, paths, ship, ctx)
    moved = [s.replace(hex=s.hex + shift) for s in everyone]
    ctx.log(
        "map_slide",
        f"{ship.name} would leave the map: every ship slides {shift.length()} "
        "hex(es) away from the edge, keeping their distances",
        "TE 3.9",
        hexes=shift.length(),
    )
    return state.with_ships(moved), {n: [h + shift for h in p] for n, p in paths.items()}


def _slide_best_effort(
    state: State, paths: dict[str, list[Hex]], ship: Ship, ctx: Context
) -> tuple[State, dict[str, list[Hex]]]:
    """When the ships are spread wider than the map, no slide can keep them all on it.

    The reading taken (not covered by TE 3.9): slide as far as helps along the
    reverse of the offending ship's heading, then any ship still at the edge
    stops there instead of leaving.
    """
    everyone = [s for s in state.ships if s.on_map]
    back = DIRECTIONS[opposite(ship.heading)]
    best, best_off = Hex(0, 0), None
    for k in range(0, 41):
        shift = Hex(back.q * k, back.r * k)
        if not on_map(s.hex + shift for s in everyone):
            break
        off = sum(1 for p in paths.values() for h in p if not TE_MAP.in_bounds(h + shift))
        if best_off is None or off < best_off:
            best, best_off = shift, off
    moved = [s.replace(hex=s.hex + best) for s in everyone]
    state = state.with_ships(moved)
    out: dict[str, list[Hex]] = {}
    for name, p in paths.items():
        kept = []
        for h in p:
            if not TE_MAP.in_bounds(h + best):
                break
            kept.append(h + best)
        if kept:
            out[name] = kept
        if len(kept) < len(p):
            ctx.log(
                "map_edge_stop",
                f"{name} stops at the map edge: the ships are spread wider "
                "than the map, so no slide keeps them all on it",
                "TE 3.9",
                ship=name,
            )
    if best.length():
        ctx.log(
            "map_slide",
            f"every ship slides {best.length()} hex(es) away from the edge",
            "TE 3.9",
            hexes=best.length(),
        )
    return state, out


# A ship's move this phase: the hex it ends in, the hexes it moves and the ship as it
# starts (its heading is the one before any turn this phase).
Move = tuple[Hex, int, Ship]


def _movement(
    state: State,
    forms: Sequence[Formation],
    members: Sequence[tuple[Ship, ...]],
    data: TEData,
    ctx: Context,
    heading: dict[str, int],
    reordered: Sequence[Formation] = (),
) -> tuple[State, dict[str, Move]]:
    """Where each ship of ``forms`` (their ships on the map ``members``, headings as
    ``heading`` has them, else their own) ends this Movement Phase (TE 3.4 chart),
    with the map-edge rule (TE 3.4, 3.9).

    Most phases no ship would leave the map: the state is as given and only the ends
    are worked out. Otherwise the turns in ``heading`` and the formations
    ``reordered`` are made in the state first (``heading`` is then emptied), and the
    state returned is the one after the slide.
    """
    phase = state.phase
    moves: dict[str, Move] = {}
    for f, ships in zip(forms, members, strict=True):
        n = data.moves(f.speed, phase)
        if n:
            for s in ships:
                name = s.name
                end = ahead(s.hex, heading.get(name, s.heading) if heading else s.heading, n)
                if end is None:
                    break
                moves[name] = (end, n, s)
            else:
                continue
            break
    else:
        return state, moves
    # some ship would leave the map (TE 3.9): as the rules do it, on the whole state
    if heading or reordered:
        ship = state.ship
        state = state.updated([ship(n).replace(heading=hd) for n, hd in heading.items()], reordered)
        heading.clear()
    state, paths = _slide(state, _paths(state, forms, data), ctx)
    ship = state.ship
    return state, {n: (p[-1], len(p), ship(n)) for n, p in paths.items()}


def run_us_move(game: TokyoExpress, state: State, data: TEData, ctx: Context) -> State:
    """US Movement Segment (TE 3.1 G, 3.3, 3.4).

    The changes of the segment are gathered and made at the end, in one new state:
    each changed ship is made once, with its new hex, heading and formation.
    """
    p = state.phase
    _begin(ctx, state)
    plan = dict(state.plan)
    forms: Sequence[Formation] = _us_formations(state)
    members = [state.members(f.ships) for f in forms]
    heading: dict[str, int] = {}  # new headings, by ship name
    reordered: list[Formation] = []
    if plan:
        forms = list(forms)
        for k, f in enumerate(forms):
            if plan.get(f.id) == "before":
                _turn_headings(members[k], f, ctx, heading)
                order = f.order.replace(turns_done=f.order.turns_done + 1, last_turn_phase=p)
                f = f.replace(order=order)
                forms[k] = f
                reordered.append(f)
    was = state
    state, moves = _movement(state, forms, members, data, ctx, heading, reordered)
    if state is not was:  # a slide: the turns above are made in the new state
        members = [state.members(f.ships) for f in forms]
    blocked = _stacking(state, moves, ctx)
    if blocked:
        moves = {n: m for n, m in moves.items() if n not in blocked}
    _log_moves(ctx, moves)
    changed: list[Formation] = []
    split: list[Formation] = []
    joined: dict[str, int] = {}  # ships split off into formations of their own
    fid = state.next_formation_id
    for f, ships in zip(forms, members, strict=True):
        when = plan.get(f.id) if plan else None
        order = f.order
        if when is None and not order.turned_since_move and not blocked:
            continue  # the formation's order is as it was (the common case, made quick)
        movers = [s for s in ships if s.name in moves] if moves else []
        stuck = [s.name for s in ships if s.name in blocked] if blocked else []
        if when == "after":
            turning = movers
            if data.moves(f.speed, p) and len(movers) + len(stuck) < len(ships):
                turning, held = _edge_stopped_turn(f, ships, movers, moves, blocked, ctx)
                stuck += held
            if turning:
                _turn_headings(turning, f, ctx, heading, now=True)
                order = order.replace(
                    turns_done=order.turns_done + 1, last_turn_phase=p, turned_since_move=True
                )
        elif movers:
            if order.turned_since_move:
                order = order.replace(turned_since_move=False)
        elif when == "before":
            order = order.replace(turned_since_move=True)  # turned, then kept out
        current = f if order is f.order else f.replace(order=order)
        if stuck and movers:
            stuck_order = f.order
            if when == "before":  # it turned in its hex and could not leave it
                stuck_order = f.order.replace(turned_since_move=True)
            for name in stuck:
                current, alone = _split_off(current, fid, name, stuck_order, ctx)
                joined[name] = fid
                split.append(alone)
                fid += 1
        if current is not f or (reordered and when == "before"):
            changed.append(current)
    ships_now = _placed(state, moves, heading)
    for name, new_fid in joined.items():  # (they did not move)
        s = state.ship(name)
        ships_now.append(s.replace(heading=heading.get(name, s.heading), formation=new_fid))
    if split:
        return state.updated(
            ships_now,
            changed,
            formations=(*state.formations, *split),
            next_formation_id=fid,
            step="jp_move",
            plan=(),
        )
    return state.updated(ships_now, changed, next_formation_id=fid, step="jp_move", plan=())


def _edge_stopped_turn(
    f: Formation,
    ships: Sequence[Ship],
    movers: list[Ship],
    moves: Mapping[str, Move],
    blocked: set[str],
    ctx: Context,
) -> tuple[list[Ship], list[str]]:
    """The ships of ``f`` that make its turn "after moving" this phase when some of them
    stopped at the map edge (no 3.9 slide fitting), and those stopped that split off.

    The order "must make the appropriate turns" (TE 3.3) and the Movement Chart moved the
    formation this phase (TE 3.4), so a ship stopped at the edge turns in its hex with the
    others. Only if its last turn was made in that hex (it has not moved since) may it
    not ("never two turns in the same hex", TE 3.4): it keeps its order with the turn
    still due, as a one-ship formation if the others moved (as a ship kept out of a hex
    does), else the whole formation makes the turn in a later phase.
    """
    stopped = [s for s in ships if s.name not in moves and s.name not in blocked]
    if not f.order.turned_since_move:
        return movers + stopped, []
    names = [s.name for s in stopped]
    ctx.log(
        "turn_postponed",
        lambda: (
            f"{', '.join(names)} cannot turn: stopped at the map edge "
            "in the hex of the last turn; the turn stays due"
        ),
        "TE 3.4",
        ships=names,
    )
    return movers, [s.name for s in stopped] if movers else []


def _placed(state: State, moves: Mapping[str, Move], heading: Mapping[str, int]) -> list[Ship]:
    """The ships that moved or turned this phase, each in its new hex and heading."""
    if not heading:
        return [s.replace(hex=end) for end, _, s in moves.values()]
    out = [
        s.replace(hex=end, heading=heading.get(name, s.heading))
        for name, (end, _, s) in moves.items()
    ]
    ship = state.ship
    for name, hd in heading.items():
        if name not in moves:
            s = ship(name)
            out.append(s.replace(heading=hd))
    return out


def _paths(state: State, forms: Sequence[Formation], data: TEData) -> dict[str, list[Hex]]:
    """The hexes each ship of ``forms`` would enter this Movement Phase (TE 3.4 chart)."""
    paths: dict[str, list[Hex]] = {}
    for f in forms:
        n = data.moves(f.speed, state.phase)
        if n:
            for s in state.members(f.ships):
                paths[s.name] = path(s.hex, s.heading, n)
    return paths


def _log_moves(ctx: Context, moves: Mapping[str, Move]) -> None:
    """Log each ship's move of the phase (TE 3.4), when a log is kept."""
    ctx.log_each(
        "ship_moved",
        "TE 3.4",
        lambda: [
            (f"{name} moves {n} hex(es) to {label}", {"ship": name, "to": label, "hexes": n})
            for name, (end, n, _) in moves.items()
            for label in (te_label(end),)
        ],
    )


def _stacking(state: State, moves: Mapping[str, Move], ctx: Context) -> set[str]:
    """No more than two US ships in a hex at the end of a Movement Phase (TE 3.4).

    Ships already in the hex have priority; the ships that may enter are
    chosen at random; a ship that cannot enter waits, and may in turn keep
    others out of its own hex.
    """
    blocked: set[str] = set()
    if not moves:
        return blocked
    us = state.ships_of(US)
    ends = [moves[s.name][0] if s.name in moves else s.hex for s in us]
    if len(ends) - len(set(ends)) < 2:  # no three ships would end in one hex
        return blocked
    while True:
        staying: dict[Hex, list[str]] = {}
        entering: dict[Hex, list[str]] = {}
        for s in us:
            if s.name in moves and s.name not in blocked:
                entering.setdefault(moves[s.name][0], []).append(s.name)
            else:
                staying.setdefault(s.hex, []).append(s.name)
        crowded = sorted(h for h, e in entering.items() if len(e) + len(staying.get(h, ())) > 2)
        if not crowded:
            return blocked
        h = crowded[0]
        room = max(0, 2 - len(staying.get(h, ())))
        candidates = list(entering[h])
        admitted = []
        for _ in range(room):
            pick = ctx.dice.choose(candidates, f"which US ship enters {te_label(h)}", "TE 3.4")
            candidates.remove(pick)
            admitted.append(pick)
        for name in candidates:
            blocked.add(name)
            ctx.log(
                "ship_blocked",
                f"{name} cannot enter {te_label(h)} (two US ships at most) and waits",
                "TE 3.4",
                ship=name,
                hex=te_label(h),
            )


def _split_off(
    f: Formation, fid: int, name: str, order: Order, ctx: Context
) -> tuple[Formation, Formation]:
    """A ship kept out of a hex becomes the one-ship formation ``fid`` with its order
    (TE 3.4): ``f`` without it, and the new formation."""
    new = Formation(fid, US, (name,), f.speed, order, True, True)
    rest = f.replace(ships=tuple(n for n in f.ships if n != name))
    ctx.log(
        "formation",
        f"{name} becomes the one-ship formation {fid}",
        "TE 3.4",
        formation=fid,
        ships=[name],
    )
    return rest, new


_AHEAD_ORDER = Order(AHEAD)


def run_jp_move(game: TokyoExpress, state: State, data: TEData, ctx: Context) -> State:
    """Japanese Movement Segment (TE 3.1 G, 3.3 "Japanese Orders", 3.4).

    The changes of the segment are gathered and made at the end, in one new state:
    each changed ship is made once, with its new hex and heading.
    """
    p = state.phase
    _begin(ctx, state)
    forms = state.live_formations(JAPAN)
    members = [state.members(f.ships) for f in forms]
    heading: dict[str, int] = {}  # new headings, by ship name
    was = state
    state, moves = _movement(state, forms, members, data, ctx, heading)
    if state is not was:  # a slide
        members = [state.members(f.ships) for f in forms]
    _log_moves(ctx, moves)
    changed = []
    for f, ships in zip(forms, members, strict=True):
        o = f.order
        turned = False
        if o.maneuver == ABOUT:
            turned = data.moves(f.speed, p) > 0  # About turns after each move
        elif o.maneuver == TURN_60 and o.turns_done == 0 and o.phases_left > 0:
            if o.phases_left == 1:
                turned = True
                ctx.log(
                    "japanese_turn",
                    f"formation {f.id} makes its 60° turn at the end of the third phase",
                    "TE 3.3",
                )
            elif data.moves(f.speed, p) > 0 or state.option("jp_60_roll_without_move"):
                roll = ctx.dice.d10(f"60° Turn, formation {f.id}", "TE 3.3")
                turned = roll <= 4
                ctx.log(
                    "japanese_turn",
                    f"formation {f.id} 60° Turn roll {roll}: "
                    + ("turns now" if turned else "no turn yet"),
                    "TE 3.3",
                    roll=roll,
                )
        done = o.turns_done
        if turned:
            _turn_headings(ships, f, ctx, heading, now=True)
            done += 1
        left = o.phases_left - 1
        if left <= 0 or (o.maneuver == TURN_60 and done):
            if o is _AHEAD_ORDER or o == _AHEAD_ORDER:
                continue  # no change
            o = _AHEAD_ORDER
        elif turned:
            o = o.replace(turns_done=done, phases_left=left)
        else:
            o = o.replace(phases_left=left)
        changed.append(f.replace(order=o))
    return state.updated(_placed(state, moves, heading), changed, step="chit_draw")


def run_chit_draw(game: TokyoExpress, state: State, data: TEData, ctx: Context) -> State:
    """Action Chit Draw Segment (TE 3.1): one chit; the Combat chit starts combat."""
    chit, cup = state.cup.draw(ctx.dice, "Action Chit", "TE 3.1")
    ctx.log("chit_drawn", lambda: f"Action Chit Draw Segment: {chit} chit", "TE 3.1", chit=chit)
    if chit == "Combat":
        step = f"activity.move{state.phase}.combat"
        ctx.log(
            "phase_began",
            lambda: BASIC_TURN.describe(step, state.turn),
            "TE 3.5",
            turn=state.turn,
            step=step,
        )
        return _goto(state, "jp_torpedo", cup=cup, combat=Combat())
    return _after_phase(state, ctx, cup=cup)


# -- Combat Segment (TE 3.5-3.8) -------------------------------------------------------------
def _resolve_torpedoes(
    state: State, data: TEData, attacks: Sequence[Attack], ctx: Context
) -> State:
    by_target: dict[str, list[Attack]] = {}
    for a in attacks:
        if a.salvos:
            by_target.setdefault(a.target, []).append(a)
    for target, group in by_target.items():
        state = resolve_torpedo_attack(
            state, data, target, group, ctx, str(state.option("stern_rule"))
        )
    return state


def run_jp_torpedo(game: TokyoExpress, state: State, data: TEData, ctx: Context) -> State:
    """Japanese torpedo attacks, first then second (TE 3.5 step 1, 3.6)."""
    first = japanese_torpedo_plan(state, data, ctx, second=False)
    state = _resolve_torpedoes(state, data, first, ctx)
    combat = record_first(state.combat or NO_COMBAT, data, state, first)
    state = state.replace(combat=combat)
    second = japanese_torpedo_plan(state, data, ctx, second=True)
    state = _resolve_torpedoes(state, data, second, ctx)
    return _goto(state, "jp_gunnery", combat=NO_COMBAT)


def run_jp_gunnery(game: TokyoExpress, state: State, data: TEData, ctx: Context) -> State:
    """Japanese gunnery (TE 3.5 step 2, 3.7)."""
    attacks = japanese_gunnery_plan(state, data, ctx)
    below = str(state.option("below_lowest_row")) if attacks else "miss"
    state = resolve_gunnery_attacks(state, data, attacks, ctx, below, mark_fired=True)
    return _start_us_torpedo(state, data, 1)


def _start_us_torpedo(state: State, data: TEData, attack: int) -> State:
    combat = state.combat or NO_COMBAT
    second = attack == 2
    ask = tuple(
        s.name
        for s in state.ships_of(US)
        if READY in s.salvos and us_torpedo_can_fire(state, data, s, second)
    )
    return _goto(state, f"us_torpedo_{attack}", combat=evolve(combat, to_ask=ask, planned=()))


def ask_us_torpedo(game: TokyoExpress, state: State, data: TEData) -> Decision | None:
    combat = state.combat
    if combat is None or not combat.to_ask:
        return None
    ship = state.ship(combat.to_ask[0])
    second = state.step == "us_torpedo_2"
    return Decision(
        US,
        "us_torpedo",
        "TE 3.6",
        f"US {'second' if second else 'first'} torpedo attacks: {ship.name} ({te_label(ship.hex)})",
        tuple(us_torpedo_choices(state, data, ship, second)),
        context={"ship": ship.name},
        tags=(TorpedoAttack.tag,),
    )


def apply_torpedo(
    game: TokyoExpress, state: State, action: TorpedoAttack, data: TEData, ctx: Context
) -> State:
    combat = state.combat or NO_COMBAT
    planned = combat.planned
    if action.target:
        planned = (*planned, Attack(action.ship, action.target, salvos=action.salvos))
        ctx.log(
            "fire_allocation", action.describe(), "TE 3.6", ship=action.ship, target=action.target
        )
    to_ask = tuple(n for n in combat.to_ask if n != action.ship)
    return state.replace(combat=evolve(combat, to_ask=to_ask, planned=planned))


def run_us_torpedo(game: TokyoExpress, state: State, data: TEData, ctx: Context) -> State:
    """Resolve the US torpedo attacks allocated (TE 3.5 step 3, 3.6)."""
    combat = state.combat or NO_COMBAT
    state = _resolve_torpedoes(state, data, combat.planned, ctx)
    if state.step == "us_torpedo_1":
        combat = record_first(NO_COMBAT, data, state, combat.planned)
        state = state.replace(combat=combat)
        return _start_us_torpedo(state, data, 2)
    ask = tuple(
        s.name for s in state.side_ships(US) if not s.fired and us_gunnery_can_fire(state, data, s)
    )
    return _goto(state, "us_gunnery", combat=Combat(to_ask=ask))


def ask_us_gunnery(game: TokyoExpress, state: State, data: TEData) -> Decision | None:
    combat = state.combat
    if combat is None or not combat.to_ask:
        return None
    ship = state.ship(combat.to_ask[0])
    spec = data.ship(ship.name)
    return Decision(
        US,
        "us_gunnery",
        "TE 3.7",
        f"US gunnery: {ship.name} ({te_label(ship.hex)}, bow {spec.bow}, stern "
        f"{spec.stern}, {spec.caliber} deck)",
        tuple(us_gunnery_choices(state, data, ship)),
        context={"ship": ship.name},
        tags=(GunneryAttack.tag,),
    )


def apply_gunnery(
    game: TokyoExpress, state: State, action: GunneryAttack, data: TEData, ctx: Context
) -> State:
    combat = state.combat or NO_COMBAT
    ship = state.ship(action.ship)
    attacks = gunnery_attacks(data, ship, action)
    if attacks:
        ctx.log("fire_allocation", action.describe(), "TE 3.7", ship=action.ship)
    to_ask = tuple(n for n in combat.to_ask if n != action.ship)
    return state.replace(combat=evolve(combat, to_ask=to_ask, planned=(*combat.planned, *attacks)))


def run_us_gunnery(game: TokyoExpress, state: State, data: TEData, ctx: Context) -> State:
    """Resolve US gunnery, then place the Damage and Sinking markers (TE 3.5 steps 4-5)."""
    combat = state.combat or NO_COMBAT
    below = str(state.option("below_lowest_row")) if combat.planned else "miss"
    state = resolve_gunnery_attacks(state, data, combat.planned, ctx, below, mark_fired=True)
    state = end_of_combat_segment(state, data, ctx)
    return _after_phase(state, ctx, combat=None)


# -- N-P: Terminal Stage ---------------------------------------------------------------------
def run_damage_effects(game: TokyoExpress, state: State, data: TEData, ctx: Context) -> State:
    """Damage Effects Phase (TE 3.1 N, 3.8): record Speed changes, remove sinking ships."""
    _begin(ctx, state)
    changed = []
    killed = state.admiral_killed_turn
    for s in state.ships:
        if s.removed:
            continue
        spec = data.ship(s.name)
        if s.sinking:
            changed.append(s.replace(removed=True))
            ctx.log("ship_sunk", f"{s.name} sinks and is removed", "TE 3.8", ship=s.name)
            if s.name == state.flagship and not killed:
                killed = state.turn
                adm = state.scenario.admiral
                ctx.log(
                    "admiral_killed",
                    f"Admiral {adm.name if adm else ''} is killed with "
                    f"{s.name}: every US formation rolls Freedom of Action at -2 from now "
                    "on",
                    "TE 3.9",
                )
            continue
        speed = max(1, spec.max_speed - s.level - s.stern_hits)
        if spec.boxes - s.hits == 1:
            speed = min(speed, spec.last_box_speed)
        if speed != s.max_speed:
            ctx.log(
                "speed_reduced",
                f"{s.name}'s maximum Speed is now {speed}",
                "TE 3.8",
                ship=s.name,
                speed=speed,
            )
            changed.append(s.replace(max_speed=speed))
    # one new state for the ships changed and the next step
    return state.updated(changed, step="counter_adjustment", admiral_killed_turn=killed)


def run_counter_adjustment(game: TokyoExpress, state: State, data: TEData, ctx: Context) -> State:
    """Counter Adjustment Phase (TE 3.1 O): unfire the ships, remove Formation markers."""
    ships = [s.replace(fired=False, formation=0) for s in state.ships if s.fired or s.formation]
    state = state.with_ships(ships)
    return _goto(state, "end_of_turn", formations=(), next_formation_id=1)


def run_end_of_turn(game: TokyoExpress, state: State, data: TEData, ctx: Context) -> State:
    """End of Turn Phase (TE 3.1 P): the game ends after the last Game Turn.

    It also ends early when one side has no ship left on the map, since
    nothing further can change the Victory Points.
    """
    empty = [side for side in (US, JAPAN) if not state.ships_of(side)]
    if state.turn >= state.last_turn or empty:
        vp = victory_points(state, data)
        margin = vp[US] - vp[JAPAN]
        level = level_of_victory(state.scenario, margin)
        why = "" if state.turn >= state.last_turn else f" ({' and '.join(empty)} has no ships left)"
        ctx.log(
            "game_over",
            f"The game ends after Game Turn {state.turn}{why}: US {vp[US]} VP, "
            f"Japanese {vp[JAPAN]} VP, {margin:+d}: {level}",
            "TE 3.9",
            us=vp[US],
            japan=vp[JAPAN],
            level=level,
        )
        return state.replace(over=True)
    return _goto(state, "action_chits", turn=state.turn + 1)


# -- the sequence of play: what each step of BASIC_TURN runs, asks and applies ----------------
# A rule function that names the step after it (``_goto``) takes the game there; one
# that does not leaves the driver to take the next step of BASIC_TURN.
DRIVER: Driver[TokyoExpress, State, TEData] = Driver(
    BASIC_TURN,
    {
        "flagship": Play(ask=ask_flagship, apply={ChooseFlagship: apply_flagship}),
        "action_chits": Play(run=run_action_chits),
        "grouping": Play(
            run=run_us_formation, ask=ask_us_formation, apply={FormFormations: apply_formations}
        ),
        "speed": Play(ask=ask_us_speed, apply={SetSpeed: apply_speed}),
        "us_orders": Play(ask=ask_us_orders, apply={GiveOrder: apply_order}),
        "roll": Play(run=run_us_foa),
        "direction": Play(ask=ask_foa_direction, apply={ChooseDirection: apply_direction}),
        "jp_formation": Play(run=run_jp_formation),
        "jp_orders_1": Play(run=run_jp_orders),
        "jp_orders_2": Play(run=run_jp_orders),
        # every Movement Phase (the bare ids name the step in each of the six)
        "us_movement": Play(run=run_us_move, ask=ask_us_move, apply={Turn: apply_turn}),
        "jp_movement": Play(run=run_jp_move),
        "chit_draw": Play(run=run_chit_draw),
        "jp_torpedo": Play(run=run_jp_torpedo),
        "jp_gunnery": Play(run=run_jp_gunnery),
        "us_torpedo_1": Play(
            run=run_us_torpedo, ask=ask_us_torpedo, apply={TorpedoAttack: apply_torpedo}
        ),
        "us_torpedo_2": Play(
            run=run_us_torpedo, ask=ask_us_torpedo, apply={TorpedoAttack: apply_torpedo}
        ),
        "us_gunnery": Play(
            run=run_us_gunnery, ask=ask_us_gunnery, apply={GunneryAttack: apply_gunnery}
        ),
        # "markers": placed by run_us_gunnery (end_of_combat_segment), which goes on
        "damage_effects": Play(run=run_damage_effects),
        "counter_adjustment": Play(run=run_counter_adjustment),
        "end_of_turn": Play(run=run_end_of_turn),
    },
    place,
    move,
    operator.attrgetter("over"),
    places=PLACES,
)

__all__ = ["TE_MAP", "TokyoExpress", "level_of_victory", "victory_points"]
