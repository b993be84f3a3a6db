"""Sub Hunt's declaration: the :class:`navalwar.engine.Game` of the game, its pure rules
functions (set-up, sequence of play, decisions, observation, outcome) and the hooks
navalwar asks a game for (agents, odds, batch-record facts, drawing, turns, data files).

The submarine's hex is the secret (SH 1.3): it is in the state, but no Hunter
observation shows it, and every event that tells it (its moves, the umpire's rolls of
SH 8.1 and 9.2) is private to the Submarine until a rule reveals it (SH 6.2, 8.2, 9.3).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

import attrs

from navalwar import scenario_files
from navalwar.actions import Action
from navalwar.agents import AgentFactory
from navalwar.dice import Dice
from navalwar.engine import Context, Decision, Game, Match, Outcome, TurnStart
from navalwar.errors import NavalwarError
from navalwar.events import EventKind
from navalwar.hexgrid import Hex, distance
from navalwar.odds import GameOdds
from navalwar.registry import GameSpec, OptionSpec, OptionValue, ShipInfo
from navalwar.views import TerminalView
from navalwar_subhunt import combat, data_pack, odds
from navalwar_subhunt.actions import (
    ACTION_TYPES,
    DropDepthCharges,
    FireTorpedo,
    MoveDestroyer,
    MoveSubmarine,
    PlaceSubmarine,
)
from navalwar_subhunt.agents import AGENTS
from navalwar_subhunt.event_kinds import EVENT_KINDS
from navalwar_subhunt.model import (
    DEPTH_CHARGE,
    HUNTER,
    HUNTER_MOVE,
    MAP,
    OVER,
    SETUP,
    SIDES,
    SUB_ATTACK,
    SUB_MOVE,
    SUBMARINE,
    Scenario,
    State,
    Tables,
    course,
)

SONAR = "sonar"  # SH 4.4: run by the rules, no decision
END_TURN = "end_turn"  # SH 4.6

SPEC = GameSpec(
    id=data_pack.GAME_ID,
    title="Sub Hunt",
    sides=SIDES,
    map_kind="hex",
    options=(
        OptionSpec(
            "sonar_range",
            2,
            "how far the destroyer's sonar reaches, in hexes",
            rule="SH 8.1",
            minimum=1,
            maximum=3,
        ),
    ),
    rulebook="examples/sub_hunt/RULES.md",
)

ONLY_SUB = (SUBMARINE,)
DESTROYER, SUB = "Destroyer", "Submarine"  # the ships' keys in events


def label(h: Hex) -> str:
    """The printed label of a hex (``"0403"``)."""
    return MAP.label(h)


def _turn_starts(state: Any) -> bool:
    return bool(state.step == SUB_MOVE)


def _title(side: str, obs: dict[str, Any]) -> str:
    """The terminal's heading: the turn, and the last contact (SH 6.2, 8.2, 9.3), which
    the core's text map cannot mark (it draws ships only)."""
    title = f"{side}: turn {obs['turn']} of {obs['last_turn']}"
    if obs["contact"]:
        title += f", contact {obs['contact']} (turn {obs['contact_turn']})"
    return title


class SubHunt(Game[State, Tables]):
    """Sub Hunt (RULES.md)."""

    spec = SPEC
    action_types: tuple[type[Action], ...] = ACTION_TYPES
    map = MAP
    turn_start = TurnStart("turn", "turn", _turn_starts)  # a turn starts at SH 4.1
    event_kinds: tuple[EventKind, ...] = EVENT_KINDS  # what it logs
    search_settings: Mapping[str, Any] = {"rollouts": 8, "depth": 12}

    # -- data and scenarios ----------------------------------------------------------------
    def load_data(self, overrides: Sequence[Path] = (), strict: bool = False) -> Tables:
        return data_pack.load_tables(overrides, strict)

    def data_dir(self) -> Path:
        """Where the bundled data pack lies (this distribution's ``data`` folder)."""
        return data_pack.data_dir()

    def scenarios(self) -> list[str]:
        return scenario_files.bundled_scenarios(self)

    def load_scenario(self, name: str, data: Tables) -> Scenario:
        return scenario_files.load_scenario(
            self, name, data, self.scenario_from_document, "Sub Hunt scenario"
        )

    def scenario_from_document(self, doc: dict[str, Any], file: str, data: Tables) -> Scenario:
        return data_pack.scenario_from_document(doc, file, data.strict)

    def describe_scenario(self, scenario: Scenario) -> str:
        return "\n".join(
            [
                f"{scenario.title} ({scenario.id}): {scenario.description}",
                f"Turns: {scenario.turns} (SH 4.6, 10.3).",
                f"Hunter: a destroyer at {label(scenario.destroyer)}, {scenario.hull} hull "
                f"boxes, {scenario.depth_charges} depth-charge patterns.",
                f"Submarine: {scenario.torpedoes} torpedoes, starts secretly in one of "
                f"{', '.join(label(h) for h in scenario.sub_start)} (SH 3.1).",
                "Victory: destroy the submarine (Hunter), sink the destroyer or slip away "
                "undamaged (Submarine); a damaged submarine that survives is a draw (SH 10).",
            ]
        )

    def ship_list(self, data: Tables) -> list[ShipInfo]:
        return [
            ShipInfo(HUNTER, "DD", "Destroyer", "", "destroyer"),
            ShipInfo(SUBMARINE, "SS", "Submarine", "", "submarine"),
        ]

    # -- the rules -------------------------------------------------------------------------
    def initial_state(
        self, scenario: Scenario, data: Tables, options: Mapping[str, OptionValue], ctx: Context
    ) -> State:
        ctx.log(
            "ship_placed",
            f"The destroyer starts at {label(scenario.destroyer)}; the submarine is "
            "somewhere below.",
            "SH 3.2",
            ship=DESTROYER,
            hex=label(scenario.destroyer),
        )
        return State(
            scenario=scenario,
            turn=0,
            step=SETUP,
            destroyer=scenario.destroyer,
            hull=scenario.hull,
            charges=scenario.depth_charges,
            sub=None,
            torpedoes=scenario.torpedoes,
            sonar_range=int(options.get("sonar_range", 2)),
        )

    def advance(self, state: State, data: Tables, ctx: Context) -> State:
        """Run the steps no side decides: the sonar search (SH 8.0) and the end of the
        turn (SH 4.6, 10.3)."""
        while True:
            if state.step == SONAR:
                state = _sonar(state, data, ctx)
            elif state.step == END_TURN:
                state = _end_turn(state, ctx)
            else:
                return state

    def decision(self, state: State, data: Tables) -> Decision | None:
        scen = state.scenario
        if state.step == SETUP:
            return Decision(
                SUBMARINE,
                "sub_setup",
                "SH 3.1",
                "Choose the submarine's secret starting hex.",
                tuple(PlaceSubmarine(label(h)) for h in scen.sub_start),
            )
        if state.step == SUB_MOVE:
            assert state.sub is not None
            hexes = (state.sub, *scen.sea_neighbours(state.sub))
            return Decision(
                SUBMARINE,
                "sub_move",
                "SH 5.1",
                f"Turn {state.turn}: the submarine stays at {label(state.sub)} or moves.",
                tuple(MoveSubmarine(label(h)) for h in hexes),
                context={"hex": label(state.sub)},
            )
        if state.step == SUB_ATTACK:
            assert state.sub is not None
            able = combat.can_fire(
                state.sub, state.destroyer, state.torpedoes, state.sub_damaged, data
            )
            return Decision(
                SUBMARINE,
                "sub_attack",
                "SH 6.1",
                "Fire a torpedo at the destroyer, or hold."
                if able
                else "No torpedo shot now: hold.",
                (FireTorpedo(False), FireTorpedo(True)) if able else (FireTorpedo(False),),
                context={"distance": distance(state.sub, state.destroyer)},
            )
        if state.step == HUNTER_MOVE:
            hexes = scen.reachable(state.destroyer, data.speed)
            return Decision(
                HUNTER,
                "hunter_move",
                "SH 7.1",
                f"Turn {state.turn}: move the destroyer up to {data.speed} hexes.",
                tuple(MoveDestroyer(label(h)) for h in hexes),
            )
        if state.step == DEPTH_CHARGE:
            targets = (state.destroyer, *scen.sea_neighbours(state.destroyer))
            return Decision(
                HUNTER,
                "depth_charge",
                "SH 9.1",
                f"Drop a depth-charge pattern ({state.charges} left), or hold.",
                (DropDepthCharges(""), *(DropDepthCharges(label(h)) for h in targets)),
            )
        return None

    def apply(self, state: State, action: Action, data: Tables, ctx: Context) -> State:
        if isinstance(action, PlaceSubmarine):
            sub = MAP.hex(action.hex)
            ctx.log_private(
                ONLY_SUB,
                "ship_placed",
                f"The submarine lies at {action.hex}.",
                "SH 3.1",
                ship=SUB,
                hex=action.hex,
            )
            ctx.log("turn_began", "Turn 1 begins.", "SH 4.0", turn=1)
            return attrs.evolve(state, sub=sub, turn=1, step=SUB_MOVE)
        if isinstance(action, MoveSubmarine):
            assert state.sub is not None
            sub = MAP.hex(action.hex)
            text = "stays at" if sub == state.sub else "moves to"
            ctx.log_private(
                ONLY_SUB,
                "ship_moved",
                f"The submarine {text} {action.hex}.",
                "SH 5.1",
                ship=SUB,
                to=action.hex,
            )
            heading = course(state.sub, sub, state.sub_heading)
            return attrs.evolve(state, sub=sub, sub_heading=heading, step=SUB_ATTACK)
        if isinstance(action, FireTorpedo):
            return _torpedo(state, action.fire, data, ctx)
        if isinstance(action, MoveDestroyer):
            dd = MAP.hex(action.hex)
            text = "stays at" if dd == state.destroyer else "steams to"
            ctx.log(
                "ship_moved",
                f"The destroyer {text} {action.hex}.",
                "SH 7.1",
                ship=DESTROYER,
                to=action.hex,
            )
            heading = course(state.destroyer, dd, state.heading)
            return attrs.evolve(state, destroyer=dd, heading=heading, step=SONAR)
        if isinstance(action, DropDepthCharges):
            return _depth_charges(state, action.hex, data, ctx)
        raise NavalwarError(f"not a Sub Hunt action: {action.describe()}")

    def position(self, state: State) -> dict[str, Any]:
        """Where play stands: the turn, the last turn and the step (SH 4.0)."""
        return {"turn": state.turn, "last_turn": state.scenario.turns, "step": state.step}

    def observe(self, state: State, side: str, data: Tables) -> dict[str, Any]:
        """Both sides see the destroyer, the contact and every revealed fact; only the
        Submarine sees its own hex (SH 1.3).

        navalwar builds the observation's envelope around it (``Game.observation``: game,
        side, position, over, deciding, decision), so this is the game's part only."""
        return self._board(state, side, data)

    def _board(self, state: State, side: str, data: Tables) -> dict[str, Any]:
        own = side == SUBMARINE
        sub_hex = label(state.sub) if own and state.sub is not None else None
        ships: list[dict[str, Any]] = [
            {
                "name": "Destroyer",
                "side": HUNTER,
                "type": "DD",
                "hex": label(state.destroyer),
                "heading": MAP.heading_names[state.heading],
                "speed": data.speed,
                "lost": {"hull": state.scenario.hull - state.hull},
                "sunk": state.hull == 0,
            }
        ]
        if sub_hex is not None:
            ships.append(
                {
                    "name": "Submarine",
                    "side": SUBMARINE,
                    "type": "SS",
                    "hex": sub_hex,
                    "heading": MAP.heading_names[state.sub_heading],
                    "lost": {"hull": int(state.sub_damaged)},
                    "sunk": state.sub_destroyed,
                }
            )
        return {
            "land": sorted(label(h) for h in state.scenario.land),
            "destroyer": {
                "hex": label(state.destroyer),
                "hull": state.hull,
                "hull_boxes": state.scenario.hull,
                "depth_charges": state.charges,
            },
            "submarine": {
                "hex": sub_hex,
                "damaged": state.sub_damaged,
                "destroyed": state.sub_destroyed,
                "torpedoes": state.torpedoes,
            },
            "contact": None if state.contact is None else label(state.contact),
            "contact_turn": state.contact_turn or None,
            "sonar_range": state.sonar_range,
            "ships": ships,
        }

    def outcome(self, state: State, data: Tables) -> Outcome | None:
        """SH 10.1-10.4."""
        return result(state)

    def hidden_variants(self, state: State, side: str, data: Tables, dice: Dice) -> list[State]:
        """For the Hunter: the same state with the submarine in up to three other sea
        hexes (its one secret, SH 1.3). The Submarine is hidden nothing."""
        if side != HUNTER or state.sub is None:
            return []
        others = [h for h in MAP.hexes() if state.scenario.sea(h) and h != state.sub]
        picks = {dice.choose(others, "hidden variant") for _ in range(3)} if others else set()
        return [attrs.evolve(state, sub=h) for h in sorted(picks)]

    # -- what the core asks a game for, beyond the rules ------------------------------------
    def agents(self) -> Mapping[str, AgentFactory]:
        return AGENTS

    def odds(self) -> GameOdds:
        return odds

    def estimate(self, state: State, data: Tables) -> Outcome | None:
        """A search rollout cut short: the outcome once over, else the result if the
        game ended now (SH 10.3: an undamaged submarine gets away, a damaged one draws)."""
        done = self.outcome(state, data)
        if done is not None:
            return done
        scores = {HUNTER: int(state.sub_damaged), SUBMARINE: state.hits}
        if state.sub_damaged:
            return Outcome(None, "Draw", scores, "estimate: the damaged submarine")
        return Outcome(SUBMARINE, "Submarine victory", scores, "estimate: not found yet")

    def record_extras(self, match: Match) -> dict[str, Any]:
        """``turns`` played, ``sunk`` and ``damaged`` (side -> type -> count), and the
        ``torpedoes_fired``, ``patterns_dropped`` and ``contacts`` of the battle."""
        state: State = match.state
        scen = state.scenario
        sunk: dict[str, dict[str, int]] = {HUNTER: {}, SUBMARINE: {}}
        damaged: dict[str, dict[str, int]] = {HUNTER: {}, SUBMARINE: {}}
        if state.hull == 0:
            sunk[HUNTER]["destroyer"] = 1
        elif state.hull < scen.hull:
            damaged[HUNTER]["destroyer"] = 1
        if state.sub_destroyed:
            sunk[SUBMARINE]["submarine"] = 1
        elif state.sub_damaged:
            damaged[SUBMARINE]["submarine"] = 1
        return {
            "turns": state.turn,
            "sunk": sunk,
            "damaged": damaged,
            "torpedoes_fired": scen.torpedoes - state.torpedoes,
            "patterns_dropped": scen.depth_charges - state.charges,
            "contacts": state.contact_count,
        }

    def draw(
        self, match: Match, whole_map: bool, caption: str | None, side: str | None
    ) -> str | None:
        from navalwar_subhunt.draw import draw_match

        return draw_match(match, whole_map, caption, side)

    def terminal_view(self) -> TerminalView:
        """The hex map and a table of counters, headed with the turn and the contact."""
        return TerminalView(map="hex", table="counters", title=_title)


# -- the steps the rules run -------------------------------------------------------------------
def _reveal(state: State, ctx: Context, why: str, rule: str) -> State:
    """Mark the submarine's hex as the contact, for both sides (SH 6.2, 8.2, 9.3)."""
    assert state.sub is not None
    where = label(state.sub)
    ctx.reveal = True
    ctx.log("sub_revealed", f"{why}: the submarine is at {where}.", rule, hex=where)
    return attrs.evolve(
        state, contact=state.sub, contact_turn=state.turn, contact_count=state.contact_count + 1
    )


def _torpedo(state: State, fire: bool, data: Tables, ctx: Context) -> State:
    """SH 6.1-6.3."""
    if not fire:
        ctx.log_private(ONLY_SUB, "sub_held_fire", "The submarine holds its fire.", "SH 6.1")
        return attrs.evolve(state, step=HUNTER_MOVE)
    sub = state.sub
    assert sub is not None
    state = _reveal(state, ctx, "A torpedo track", "SH 6.2")
    state = attrs.evolve(state, torpedoes=state.torpedoes - 1)
    if not combat.torpedo_hits(sub, state.destroyer, data, ctx.dice):
        ctx.log("torpedo_missed", "The torpedo misses.", "SH 6.3")
        return attrs.evolve(state, step=HUNTER_MOVE)
    hull = state.hull - 1
    state = attrs.evolve(state, hull=hull, hits=state.hits + 1)
    if hull > 0:
        ctx.log(
            "ship_damaged",
            f"Torpedo hit: the destroyer has {hull} hull left.",
            "SH 6.3",
            ship=DESTROYER,
            hull=hull,
        )
        return attrs.evolve(state, step=HUNTER_MOVE)
    ctx.log("ship_sunk", "Torpedo hit: the destroyer sinks.", "SH 6.3", ship=DESTROYER)
    return _game_over(state, ctx)


def _sonar(state: State, data: Tables, ctx: Context) -> State:
    """SH 8.1-8.2: the roll is the umpire's, seen by the Submarine only."""
    assert state.sub is not None
    with ctx.private(ONLY_SUB):
        found = combat.sonar_detects(state.sub, state.destroyer, state.sonar_range, data, ctx.dice)
    if found:
        state = _reveal(state, ctx, "Sonar contact", "SH 8.2")
    else:
        ctx.log("sonar_no_contact", "Sonar: no contact.", "SH 8.2")
    return attrs.evolve(state, step=DEPTH_CHARGE if state.charges > 0 else END_TURN)


def _depth_charges(state: State, target_label: str, data: Tables, ctx: Context) -> State:
    """SH 9.1-9.4."""
    if not target_label:
        ctx.log("depth_charges_held", "The destroyer holds its depth charges.", "SH 9.1")
        return attrs.evolve(state, step=END_TURN)
    sub = state.sub
    assert sub is not None
    target = MAP.hex(target_label)
    state = attrs.evolve(state, charges=state.charges - 1)
    ctx.log(
        "depth_charges_dropped",
        f"A depth-charge pattern on {target_label}.",
        "SH 9.1",
        hex=target_label,
    )
    with ctx.private(ONLY_SUB):
        result = combat.depth_charge(target, sub, state.sub_damaged, data, ctx.dice)
    if result == combat.NO_EFFECT:
        ctx.log("depth_charges_no_result", "No visible result.", "SH 9.3")
        return attrs.evolve(state, step=END_TURN)
    state = _reveal(state, ctx, "Oil and debris", "SH 9.3")
    if result == combat.DAMAGED:
        ctx.log("ship_damaged", "The submarine is damaged.", "SH 9.2", ship=SUB)
        return attrs.evolve(state, sub_damaged=True, step=END_TURN)
    ctx.log("ship_sunk", "The submarine is destroyed.", "SH 9.2", ship=SUB)
    return _game_over(attrs.evolve(state, sub_destroyed=True), ctx)


def _end_turn(state: State, ctx: Context) -> State:
    """SH 4.6: the next turn, or the end after the last (SH 10.3)."""
    if state.turn >= state.scenario.turns:
        ctx.log("turn_limit", f"Turn {state.turn} was the last.", "SH 10.3")
        return _game_over(state, ctx)
    turn = state.turn + 1
    ctx.log("turn_began", f"Turn {turn} begins.", "SH 4.0", turn=turn)
    return attrs.evolve(state, turn=turn, step=SUB_MOVE)


def _game_over(state: State, ctx: Context) -> State:
    state = attrs.evolve(state, step=OVER)
    done = result(state)
    assert done is not None
    ctx.log("game_over", f"The game is over: {done.result}.", "SH 10.0", level=done.level)
    return state


def result(state: State) -> Outcome | None:
    """SH 10.1-10.4."""
    if state.step != OVER:
        return None
    scores = {
        HUNTER: int(state.sub_damaged) + 3 * int(state.sub_destroyed),
        SUBMARINE: state.hits + 3 * int(state.hull == 0),
    }
    if state.sub_destroyed:
        return Outcome(HUNTER, "Hunter victory", scores, "the submarine is destroyed (SH 10.1)")
    if state.hull == 0:
        return Outcome(SUBMARINE, "Submarine victory", scores, "the destroyer sinks (SH 10.2)")
    if not state.sub_damaged:
        return Outcome(SUBMARINE, "Submarine victory", scores, "the submarine slips away (SH 10.3)")
    return Outcome(None, "Draw", scores, "the damaged submarine limps home (SH 10.3)")


GAME = SubHunt()

__all__ = ["GAME", "SPEC", "SubHunt"]
