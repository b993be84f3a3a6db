"""The Tokyo Express Basic Game (TE 3.0-3.9) as a navalwar :class:`~navalwar.engine.Game`.

The class and its views. The Sequence of Play (TE 3.1), declared in ``basic_turn.py``,
drives the game: ``sequence_of_play.DRIVER`` binds to each of its steps the rule
function it runs (``preparation``, ``movement_phase``, ``combat_segment``,
``terminal_stage``), the US player's decision it asks and how the answer is applied,
and :meth:`TokyoExpress.advance` lets the core driver play steps until a decision is
pending.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from types import MappingProxyType
from typing import TYPE_CHECKING, Any

from navalwar.actions import Action
from navalwar.datapack import bundled_data_dir
from navalwar.dice import Dice
from navalwar.engine import Context, Decision, Game, Match, Outcome, TurnStart
from navalwar.errors import NavalwarError
from navalwar.frozen import evolve
from navalwar.games.tokyo_express import loading as te_loading
from navalwar.games.tokyo_express.actions import ACTION_TYPES
from navalwar.games.tokyo_express.data import CALIBERS, TEData
from navalwar.games.tokyo_express.events import EVENT_KINDS
from navalwar.games.tokyo_express.geometry import TE_MAP, te_label
from navalwar.games.tokyo_express.model import JAPAN, READY, US, Ship, State
from navalwar.games.tokyo_express.narration import heading_name as _heading
from navalwar.games.tokyo_express.narration import where
from navalwar.games.tokyo_express.scenario import (
    Scenario,
    bundled_scenarios,
    load_scenario,
    parse_scenario,
)
from navalwar.games.tokyo_express.sequence_of_play import DRIVER
from navalwar.games.tokyo_express.victory import level_of_victory, victory_points
from navalwar.games.tokyo_express.views import TERMINAL_VIEW, TURN_START
from navalwar.hexgrid import MapSpec
from navalwar.registry import GameSpec, OptionSpec, OptionValue, ShipInfo
from navalwar.sequence import CardDeck, ChitCup
from navalwar.views import TerminalView

if TYPE_CHECKING:
    from navalwar.agents import AgentFactory
    from navalwar.odds import GameOdds

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

    def observation_schema(self) -> dict[str, Any]:
        """The JSON Schema of :meth:`position` and :meth:`observe` (closed objects)."""
        from navalwar.games.tokyo_express.observation_schema import observation_schema

        return observation_schema()

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


__all__ = ["TE_MAP", "TokyoExpress", "level_of_victory", "victory_points"]
