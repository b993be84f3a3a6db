"""Great War at Sea 1904-1905 battle scenarios as a navalwar :class:`~navalwar.engine.Game`.

The battle modules follow the rulebook: ``setup`` (7.2, 20.4), ``impulse``
(the volume's 20-step impulse, 7.36-7.38), ``movement`` (7.3, 7.4, 20.3, 20.41),
``fire`` (7.5-7.8, 9.4), ``combat`` (8.x), ``victory`` (the VP schedule) and
``basic_combat`` (6.0, chosen before play). Coverage: ``docs/rules/gwas_1904.md``.
"""

from __future__ import annotations

import functools
from collections import Counter
from collections.abc import Mapping, Sequence
from pathlib import Path
from types import MappingProxyType
from typing import TYPE_CHECKING, Any

import attrs

from navalwar import scenario_files
from navalwar.actions import Action
from navalwar.datapack import (
    bundled_data_dir,
    check_strict,
    load_files,
    pack_provenance,
)
from navalwar.dice import Dice
from navalwar.engine import Context, Decision, Game, Match, Outcome, TurnStart
from navalwar.errors import DataError, IllegalActionError
from navalwar.games.gwas_1904 import basic_combat as bc
from navalwar.games.gwas_1904 import battle as b
from navalwar.games.gwas_1904 import impulse, setup, victory
from navalwar.games.gwas_1904.actions import (
    ACTIONS,
)
from navalwar.games.gwas_1904.combat import ShipDamage
from navalwar.games.gwas_1904.events import EVENT_KINDS
from navalwar.games.gwas_1904.impulse import impulse_limit
from navalwar.games.gwas_1904.initiative import CommanderSign, initiative_modifier, roll_initiative
from navalwar.games.gwas_1904.movement import minefield
from navalwar.games.gwas_1904.overlay import Overlay, load_overlay, overlay_names
from navalwar.games.gwas_1904.scenario import BattleScenario, Force, Victory, parse_scenario
from navalwar.games.gwas_1904.ship import PARTS, ShipSpec
from navalwar.games.gwas_1904.ships import contradictions, load_ships, ship_class
from navalwar.games.gwas_1904.sides import JAPAN, NATION_OF, RUSSIA, SIDE_OF, SIDES
from navalwar.games.gwas_1904.tables import DamageTables, load_tables
from navalwar.games.gwas_1904.tactical_map import hex_of, label
from navalwar.games.gwas_1904.views import TERMINAL_VIEW, TURN_START
from navalwar.hidden import opaque_ids
from navalwar.known import refuse
from navalwar.registry import GameSpec, OptionSpec, OptionValue, ShipInfo
from navalwar.views import TerminalView

if TYPE_CHECKING:
    from navalwar.agents import AgentFactory
    from navalwar.odds import GameOdds

SPEC = GameSpec(
    id="gwas_1904",
    title="Great War at Sea: 1904-1905 (battle scenarios)",
    sides=(JAPAN, RUSSIA),
    map_kind="hex",
    rulebook="gwas_1904.txt",
    options=(
        OptionSpec(
            "effectiveness",
            True,
            "Rule 19.0: Effectiveness Ratings limit the firepower each gun type may use, "
            "with the 19.3 penalties and 19.5 Russian seamanship (on: every scenario sets "
            "ERs, notes A-27)",
            "GWaS 19.0",
        ),
        OptionSpec(
            "overlays",
            True,
            "Rule 20.0: the Port Arthur and Chemulpo tactical map overlays where a scenario "
            "uses them (off: open sea, no fortresses' harbor limits)",
            "GWaS 20.0",
        ),
        OptionSpec(
            "secondary_penetration",
            False,
            "Optional rule 8.21: secondary (and auxiliary) hits may penetrate heavy (light) "
            "armour at close range",
            "GWaS 8.21",
        ),
        OptionSpec(
            "hit_effects",
            "told",
            "What the firing player learns of a hit beyond the damage roll he makes: "
            "'told' whether it had an effect (the 8.2 example; notes §7.3), 'hidden' "
            "nothing (3.1); an enemy ship's boxes, speed and torpedoes are never told",
            "GWaS 3.1, 8.2",
            ("told", "hidden"),
        ),
        OptionSpec(
            "combat",
            "advanced",
            "Battles on the tactical map (advanced, 7.0) or Basic Combat rounds (6.0)",
            "GWaS 3.2, 6.0",
            ("advanced", "basic"),
        ),
        OptionSpec(
            "commander_sign",
            "helps",
            "16.2 as printed makes a commander hurt his own side's initiative roll; "
            "'helps' (notes A-2) gives Japan +1 and Russia -1, 'literal' follows the print",
            "GWaS 16.2",
            ("helps", "literal"),
        ),
        OptionSpec(
            "shallow_draft_literal",
            False,
            "Volume shallow draft: false = shallow-draft capital ships lose the capital +1 "
            "to ground (notes A-16); true = the rule as printed (a no-op)",
            "GWaS 7.42 (volume)",
        ),
        OptionSpec(
            "mine_speed_modifier",
            True,
            "T-5's +2 for a speed-2 fleet also applies to a speed-2 group on the tactical "
            "map (notes A-36)",
            "GWaS T-5",
        ),
        OptionSpec(
            "grounded_vp",
            "multiplier",
            "VP for enemy ships grounded at the end: 'multiplier' of the ship's value "
            "(x2 / x3/4, notes A-18) or 'flat' 2 and 3/4 VP",
            "GWaS VP schedule",
            ("multiplier", "flat"),
        ),
        OptionSpec(
            "fortress_vp",
            "per_box",
            "VP for the Port Arthur fortresses (20.44): 'per_box' 7 a main-gun box lost, "
            "destroyed or not (notes A-19), or 'destroyed': 7 a box (21) only for a "
            "destroyed fortress, 3 a box lost for a damaged one (as a ship's main guns)",
            "GWaS VP schedule, 20.44",
            ("per_box", "destroyed"),
        ),
        OptionSpec(
            "impulses",
            0,
            "Battle length in impulses: 0 = the scenario's (BS1-BS3 print none: see each "
            "file), -1 = no limit (only 7.36 ends the battle)",
            "GWaS 7.36",
            minimum=-1,
        ),
        OptionSpec(
            "unexpected_encounter",
            0,
            "7.28 unexpected encounter: the initiative side may set up this many hexes "
            "nearer the centre (1 after a daylight search roll of 6, 2 after a night one)",
            "GWaS 7.28",
            (0, 1, 2),
        ),
        OptionSpec(
            "historical",
            False,
            "Leave out ships the translator notes did not take part (BS6 Bogatyr, notes A-62)",
            "GWaS BS6",
        ),
    ),
)


@attrs.frozen
class GData:
    """The GWaS data pack: ship data and tables."""

    ships: dict[tuple[str, str], ShipSpec]
    tables: DamageTables
    overrides: tuple[Path, ...] = ()
    provenance: Mapping[str, str] = attrs.field(factory=dict)  # file -> its (worst) provenance

    @functools.cached_property
    def rules(self) -> b.Rules:
        """The battle rules' view of the data."""
        return b.Rules({f"{n}:{c}": s for (n, c), s in self.ships.items()}, self.tables)

    def overlay(self, name: str) -> Overlay:
        """Overlay ``name`` (bundled or from this pack's override directories), read
        once: a pack is kept only while its files are unchanged (``load_pack``)."""
        found = self._overlays.get(name)
        if found is None:
            found = self._overlays[name] = load_overlay(name, self.overrides)
        return found

    @functools.cached_property
    def _overlays(self) -> dict[str, Overlay]:
        return {}


State = b.Battle | bc.BasicBattle
# The files of the pack every match reads (and the overlays, ``overlays/<name>.toml``).
PACK_FILES = ("ships.csv", "damage_tables.toml", "effectiveness.toml")
PORT_AREAS = ("harbor", "port", "roadstead")


class GreatWarAtSea1904(Game[State, GData]):
    """GWaS 1904 battle scenarios: on the tactical map (7.0), or as Basic Combat (6.0)."""

    spec = SPEC
    action_types = ACTIONS
    event_kinds = EVENT_KINDS
    turn_start: TurnStart | None = TURN_START  # an impulse, once set-up is over
    # The search agent's settings: the set-up hex (7.21/7.22; the BS4 placement near the
    # Roadstead); short battles are played to the end; moves and fire are left to the
    # heuristic (searching them costs a hundred times more for no measurable gain).
    search_settings: Mapping[str, Any] = MappingProxyType(
        {"kinds": ("place",), "rollouts": 6, "depth": None, "max_choices": 12}
    )

    # -- the declaration: what the core asks of the game --------------------------------
    def data_dir(self) -> Path | None:
        return bundled_data_dir() / "gwas_1904"

    def agents(self) -> Mapping[str, AgentFactory]:
        from navalwar.games.gwas_1904.agents import AGENTS

        return AGENTS

    def odds(self) -> GameOdds | None:
        from navalwar.games.gwas_1904 import odds

        return odds

    def estimate(self, state: State, data: GData) -> Outcome | None:
        """The scenario's victory conditions on the VP so far (tactical battles; a Basic
        Combat battle is only scored once over)."""
        if not isinstance(state, b.Battle):
            return None
        return victory.outcome(state, data.rules)

    def record_extras(self, match: Match) -> dict[str, Any]:
        from navalwar.games.gwas_1904.records import record_extras

        return dict(record_extras(match))

    def draw(
        self, match: Match, whole_map: bool, caption: str | None, side: str | None
    ) -> str | None:
        from navalwar.games.gwas_1904.render import draw_gwas

        return draw_gwas(match, whole_map, caption, side)

    def terminal_view(self) -> TerminalView | None:
        return TERMINAL_VIEW

    def load_data(self, overrides: Sequence[Path] = (), strict: bool = False) -> GData:
        overlays = [f"overlays/{name}.toml" for name in overlay_names(overrides)]
        files = load_files("gwas_1904", (*PACK_FILES, *overlays), overrides)
        ships = load_ships(files["ships.csv"].content, str(files["ships.csv"].path))
        refuse(contradictions(ships), files)
        provenance = pack_provenance(files)
        if strict:
            check_strict(provenance)
        data = GData(ships, load_tables(overrides, files), tuple(overrides), provenance)
        for name in overlay_names(overrides):  # an override overlay is checked now, as the rest
            if files[f"overlays/{name}.toml"].origin == "override":
                data.overlay(name)
        return data

    def scenarios(self) -> list[str]:
        return scenario_files.bundled_scenarios("gwas_1904")

    def load_scenario(self, name: str, data: GData) -> BattleScenario:
        return scenario_files.load_scenario(
            "gwas_1904", name, data, self.scenario_from_document, "GWaS 1904 scenario"
        )

    def scenario_from_document(self, doc: dict[str, Any], file: str, data: GData) -> BattleScenario:
        codes: dict[str, set[str]] = {JAPAN: set(), RUSSIA: set()}
        names: dict[str, dict[str, str]] = {JAPAN: {}, RUSSIA: {}}
        for (nat, code), spec in data.ships.items():
            codes[SIDE_OF[nat]].add(code)
            names[SIDE_OF[nat]][code] = spec.name
        return parse_scenario(doc, file, codes, names)

    def describe_scenario(self, scenario: BattleScenario) -> str:
        """Title, description, each side's ships by code and name with every ER the
        scenario sets (19.1: the force's, a fleet's, a ship's), length and readings."""
        lines = [f"{scenario.title} ({scenario.rule})", scenario.description, ""]
        for side, force in scenario.forces.items():
            head = f"{side} (ER {force.er}" + (f", {force.commander}" if force.commander else "")
            groups = force.fleets or (("", force.counters()),)
            parts = [_describe_refs(force, name, refs) for name, refs in groups]
            lines.append(f"{head}): " + "; ".join(parts))
        length = scenario.impulses or "no fixed number of"
        lines.append(
            f"Weather {scenario.weather}; "
            + (f"night from impulse {scenario.night_from}; " if scenario.night_from else "day; ")
            + f"{length} impulses ({scenario.impulses_provenance}); "
            + f"initiative {scenario.initiative or 'rolled'}; entry edge {scenario.entry_edge}"
            + (f"; overlay {scenario.overlay}" if scenario.overlay else "")
        )
        lines.extend(f"Reading: {n}" for n in scenario.notes)
        return "\n".join(lines)

    def initial_state(
        self,
        scenario: BattleScenario,
        data: GData,
        options: Mapping[str, OptionValue],
        ctx: Context,
    ) -> State:
        rules = data.rules
        ships = self._ships(scenario, rules, options)
        if options.get("combat") == "basic":
            return self._basic(scenario, ships, rules, options, ctx)
        return self._tactical(scenario, ships, data, options, ctx)

    def _tactical(
        self,
        scenario: BattleScenario,
        ships: list[b.BattleShip],
        data: GData,
        options: Mapping[str, OptionValue],
        ctx: Context,
    ) -> b.Battle:
        """A battle on the tactical map: the initiative (7.1 A), then set-up (7.2)."""
        rules = data.rules
        overlay = (
            data.overlay(scenario.overlay)
            if scenario.overlay and options.get("overlays", True)
            else None
        )
        needs = sorted({p.area for p in scenario.placements if p.area in PORT_AREAS})
        if overlay is None and needs:
            raise DataError(
                f"option overlays=false is not available for {scenario.id}: its ships start "
                f"in the {' and the '.join(needs)} of the {scenario.overlay} overlay (20.4)"
            )
        commanders = []
        unnamed = []
        for side, force in scenario.forces.items():
            if force.commander and force.flagship:
                nat = NATION_OF[side]
                commanders.append((side, f"{nat}:{force.flagship}"))
            elif force.commander:
                unnamed.append(f"{setup.FLAGSHIP}{side}")  # 16.1, notes A-39
        battle = b.Battle(
            tuple(ships),
            initiative=scenario.initiative or JAPAN,
            commanders=tuple(commanders),
            scenario=scenario,
            overlay=overlay,
            options=tuple(sorted(options.items())),
            ids=_opaque_ids(ships, ctx.dice.seed),
        )
        if not scenario.initiative:
            present = {side: bool(scenario.forces[side].commander) for side in SIDES}
            sign: CommanderSign = (
                "literal" if options.get("commander_sign") == "literal" else "helps"
            )
            mod = initiative_modifier(present[JAPAN], present[RUSSIA], sign)
            init = roll_initiative(ctx.dice, mod)
            side = init.side
            ctx.log(
                "initiative",
                f"Initiative roll {init.roll} ({mod:+d}): {side} holds the initiative (7.1 A)",
                "GWaS 7.1",
                impulse=1,
                roll=init.roll,
                modifier=mod,
                side=side,
            )
            battle = attrs.evolve(battle, initiative=side)
        ctx.log(
            "set_up",
            f"{scenario.title}: set-up begins (7.2)",
            "GWaS 7.2",
            scenario=scenario.title,
            combat="advanced",
        )
        battle = self._pre_battle_mines(battle, rules, ctx)
        return setup.begin(battle, [*unnamed, *self._placing_order(battle, rules)], ctx)

    def _basic(
        self,
        scenario: BattleScenario,
        ships: list[b.BattleShip],
        rules: b.Rules,
        options: Mapping[str, OptionValue],
        ctx: Context,
    ) -> bc.BasicBattle:
        """Basic Combat (6.0): no map, so no overlay and no fortresses (our reading); a
        round stands for an impulse in the scenario's length and its day or night; a
        ship aground counts as unable to sail; BS4's mines are rolled first."""
        ctx.log(
            "set_up",
            f"{scenario.title}: Basic Combat (6.0) chosen before play",
            "GWaS 3.2, 6.0",
            scenario=scenario.title,
            combat="basic",
        )
        mined = self._pre_battle_mines(
            b.Battle(tuple(ships), scenario=scenario, options=tuple(sorted(options.items()))),
            rules,
            ctx,
        )
        limit = impulse_limit(options.get("impulses", 0), scenario.impulses)
        state = bc.start(
            [
                bc.BasicShip(
                    s.key,
                    s.side,
                    s.spec,
                    attrs.evolve(s.damage, unable=True) if s.aground else s.damage,
                    s.er,
                    free=s.free_damage,
                )
                for s in mined.ships
                if rules.specs[s.spec].type != "FORT"
            ],
            night=scenario.night_from == 1,
            weather=scenario.weather,
            max_rounds=limit,
            options=bc.BasicOptions.of(options),
        )
        return attrs.evolve(state, scenario=scenario, night_from=scenario.night_from)

    def _ships(
        self, scenario: BattleScenario, rules: b.Rules, options: Mapping[str, OptionValue]
    ) -> list[b.BattleShip]:
        dropped = {
            (side, code)
            for side, code, _name, default in scenario.optional_ships
            if options.get("historical", False) or not default
        }
        out: list[b.BattleShip] = []
        for side, force in scenario.forces.items():
            nat = NATION_OF[side]
            entries: list[tuple[str, str, str]] = []  # key, spec, counter
            for code in force.ships:
                if (side, code) not in dropped:
                    entries.append((f"{nat}:{code}", f"{nat}:{code}", f"{nat}:{code}"))
            for squadron, counters in zip(force.squadrons, force.squadron_counters(), strict=True):
                for counter, size in counters:
                    for i in range(size):
                        key = f"{nat}:{counter}.{i + 1}"
                        entries.append((key, f"{nat}:{squadron.code}", f"{nat}:{counter}"))
            for key, spec_key, counter in entries:
                spec = rules.specs[spec_key]
                fresh = dmg = ShipDamage.new(spec)
                aground = False
                code = spec_key.split(":", 1)[1]
                for adj in scenario.adjustments:
                    if adj.side != side or not (code in adj.ships or spec.type == adj.type):
                        continue
                    if adj.boxes:
                        dmg = attrs.evolve(dmg, track=dmg.track.hit(adj.part, adj.boxes))
                    aground = aground or adj.aground
                out.append(
                    b.BattleShip(
                        key,
                        spec_key,
                        counter,
                        side,
                        None,
                        dmg,
                        force.er_of(key),
                        aground=aground,
                        exempt=aground or spec.type == "FORT",
                        start_damage=None if dmg is fresh else dmg,
                    )
                )
        return out

    def _pre_battle_mines(self, battle: b.Battle, rules: b.Rules, ctx: Context) -> b.Battle:
        """BS4: before play roll for ships as if they crossed minefields (T-5, E-32).
        The rolls and the damage are secret (``movement.minefield``); a ship that
        sinks is seen to sink (our reading: BS4's battleships set up within 3 hexes
        of the Roadstead, in sight of the Russian fleet), so it counts as face up."""
        scen = battle.scenario
        assert scen is not None
        for rule in scen.mines:
            if rule.kind != "pre_battle":
                continue
            for s in battle.ships:
                if s.side != rule.side or s.spec.split(":", 1)[1] not in rule.ships:
                    continue

                dmg = minefield(rules, s, rule.fields, None, False, ctx)
                battle = battle.with_ship(
                    attrs.evolve(s, damage=dmg, mine_damage=None if rule.vp else dmg, seen=dmg.sunk)
                )
        return battle

    def _placing_order(self, battle: b.Battle, rules: b.Rules) -> list[str]:
        """The side without the initiative places first (7.21), capital ships first."""
        order: list[str] = []
        for side in (b.other(battle.initiative), battle.initiative):
            counters: dict[str, b.BattleShip] = {}
            for s in battle.ships:  # a ship the mines sank before play is not placed
                if s.side == side and s.counter not in counters and not s.damage.sunk:
                    counters[s.counter] = s
            placements = battle.scenario.placements if battle.scenario else ()
            ranked = sorted(
                (
                    placements.index(setup.placement_of(battle, c)),
                    not rules.of(first).capital,
                    c,
                )
                for c, first in counters.items()
            )
            order.extend(c for _p, _cap, c in ranked)
        return order

    def advance(self, state: State, data: GData, ctx: Context) -> State:
        """Play the battle's sequence of play (the set-up and impulses, volume 7.31, or
        Basic Combat's rounds, 6.0) on the core driver until a side must decide."""
        after: State
        if isinstance(state, bc.BasicBattle):
            basic = bc.DRIVER.play_on(self, state, data.rules, ctx)
            if basic.over and not state.over:
                impulse.roll_battle_fuel(self._scenario_of(basic), ctx)  # 7.39
            after = basic
        else:
            after = impulse.DRIVER.play_on(self, state, data.rules, ctx)
        if after.over and not state.over:  # once a battle: worked out in rollouts too
            self._log_game_over(after, data, ctx)
        return after

    def _log_game_over(self, state: State, data: GData, ctx: Context) -> None:
        """The ``game_over`` event: the outcome by the VP schedule."""
        outcome = self.outcome(state, data)
        assert outcome is not None
        found = outcome.to_json()
        ctx.log(
            "game_over",
            f"The battle is over: {outcome.result}",
            "GWaS Victory Points schedule",
            level=outcome.level,
            winner=outcome.winner,
            scores=found["scores"],
        )

    def decision(self, state: State, data: GData) -> Decision | None:
        if isinstance(state, bc.BasicBattle):
            return bc.ask(state, data.rules.specs)
        return impulse.DRIVER.decision(self, state, data.rules)

    def apply(self, state: State, action: Action, data: GData, ctx: Context) -> State:
        rules = data.rules
        if isinstance(state, bc.BasicBattle):
            return bc.apply(state, rules.specs, action, ctx)
        if state.over:
            raise IllegalActionError(action.describe(), "the battle is over")
        return impulse.DRIVER.apply(self, state, action, data.rules, ctx)

    def observe(self, state: State, side: str, data: GData) -> dict[str, Any]:
        """Own ships in full; enemy counters face down until seen (7.23, 7.27), and
        never their damage (the ship data sheets are secret, notes §7).

        Every entry has the ``id`` of its counter (:meth:`b.Battle.opaque_id`), which
        says nothing of the ships in it. A face-down enemy counter is one entry with
        its side, id and hex only (its ``counter`` is ``""``); these entries come last,
        sorted by hex and id, so neither their order nor their ids follow the
        scenario's force order. While the enemy is still placing its counters (7.2)
        none of them is shown, so the order the engine places them in (capital ships
        first) stays its own."""
        if isinstance(state, bc.BasicBattle):
            return self._observe_basic(state, side, data)
        rules = data.rules
        ids = dict(state.ids)
        placing = setup.enemy_placing(state, side)
        ships = []
        face_down: dict[str, dict[str, Any]] = {}
        for s in state.ships:
            if s.side == side or (s.seen and (s.afloat or s.damage.sunk)):
                ships.append(self._entry(s, side, rules, ids))
            elif not (s.seen or placing) and s.afloat and s.counter not in face_down:
                # a face-down counter, a squadron too, shows as one counter (7.23, 9.4)
                where = label(s.hex) if s.hex is not None else None
                face_down[s.counter] = {
                    "side": s.side,
                    "id": ids.get(s.counter, ""),
                    "counter": "",
                    "hex": where,
                }
        ships.extend(sorted(face_down.values(), key=lambda e: (e["hex"], e["id"])))
        return {
            "initiative": state.initiative,
            "night": state.night,
            "weather": state.weather,
            "ships": ships,
        }

    def observation_schema(self) -> dict[str, Any]:
        """The JSON Schema of :meth:`position` and :meth:`observe`: the tactical map's
        form or Basic Combat's (closed objects)."""
        from navalwar.games.gwas_1904.observation_schema import observation_schema

        return observation_schema()

    def position(self, state: State) -> dict[str, Any]:
        """The battle's phase, impulse and step (7.3); Basic Combat: its round (6.0)."""
        if isinstance(state, bc.BasicBattle):
            return {"phase": "basic", "round": state.round}
        return {"phase": state.phase, "impulse": state.impulse, "step": state.step}

    @staticmethod
    def _entry(
        s: b.BattleShip, side: str, rules: b.Rules, ids: Mapping[str, str]
    ) -> dict[str, Any]:
        """A ship of ``side``, or a face-up (7.27) enemy ship, as ``side`` observes it."""
        spec = rules.of(s)
        entry: dict[str, Any] = {
            "side": s.side,
            "id": ids.get(s.counter, ""),
            "counter": s.counter,
            "hex": label(s.hex) if s.hex is not None else None,
            "key": s.key,
            "name": spec.name,
            "type": spec.type,
        }
        if s.side == side:
            entry.update(
                sunk=s.damage.sunk,
                left=s.left,
                aground=s.aground,
                beached=s.beached,
                speed=s.damage.speed(spec),
                lost=_lost_boxes(s.damage),
            )
        elif s.damage.sunk:
            entry.update(sunk=True)
        return entry

    def _observe_basic(self, state: bc.BasicBattle, side: str, data: GData) -> dict[str, Any]:
        """Basic Combat: the enemy's ships are known (the fleets are in contact) but
        not their damage; the other side's range statement stays secret."""
        rules = data.rules
        ships = []
        for s in state.ships:
            spec = rules.specs[s.spec]
            entry: dict[str, Any] = {"side": s.side, "key": s.key, "name": spec.name}
            if s.side == side:
                entry.update(
                    sunk=s.damage.sunk,
                    lost=_lost_boxes(s.damage),
                )
            elif s.damage.sunk:
                entry.update(sunk=True)
            ships.append(entry)
        return {"range": state.range, "ships": ships}

    def report(self, match: Match) -> str:
        """The battle report: its course, each side's losses and damage, VP, result."""
        from navalwar.games.gwas_1904.report import battle_report

        return battle_report(match)

    def ship_list(self, data: GData) -> list[ShipInfo]:
        """The Ship Data Charts' ships (5.2): code, name, type, and the class the pack's
        ``notes`` name ("" where they name none)."""
        rows = load_files("gwas_1904", ("ships.csv",), data.overrides)["ships.csv"].content
        classes = {(r["nation"].strip(), r["code"].strip()): r.get("notes", "") for r in rows}
        return [
            ShipInfo(SIDE_OF[n], c, s.name, ship_class(classes.get((n, c), "")), s.type)
            for (n, c), s in data.ships.items()
        ]

    def outcome(self, state: State, data: GData) -> Outcome | None:
        if isinstance(state, bc.BasicBattle):
            return self._basic_outcome(state, data)
        if not state.over:
            return None
        scen = state.scenario
        started = frozenset(
            f"{NATION_OF[a.side]}:{code}"
            for a in (scen.adjustments if scen else ())
            if a.aground
            for code in a.ships
        )
        return victory.outcome(state, data.rules, started)

    def _basic_outcome(self, state: bc.BasicBattle, data: GData) -> Outcome | None:
        """Basic Combat is scored with the same VP schedule and scenario conditions.
        Our reading for the map-bound conditions: a side that disengaged has left the
        map by the edge its victory conditions name (its first listed), and troop
        transports afloat at the end reached their hex unless their side disengaged."""
        if not state.over:
            return None
        scen = self._scenario_of(state)
        vic = scen.victory if scen is not None else None
        ships = []
        for s in state.ships:
            ship = b.BattleShip(
                s.key, s.spec, s.key, s.side, None, s.damage, s.er, start_damage=s.free
            )
            if s.side in state.disengaged and not s.damage.sunk:
                ship = attrs.evolve(ship, left=self._escape_edge(s.side, vic))
            elif (
                vic is not None
                and vic.transport_hex
                and data.rules.specs[s.spec].type == "TR"
                and not s.damage.sunk
            ):
                ship = attrs.evolve(ship, hex=hex_of(vic.transport_hex))
            ships.append(ship)
        return victory.outcome(b.Battle(tuple(ships), phase="over", scenario=scen), data.rules)

    @staticmethod
    def _escape_edge(side: str, vic: Victory | None) -> str:
        if vic is not None:
            for who, edges in (
                (vic.exit_side, vic.exit_edges),
                (vic.exit_vp_side, vic.exit_vp_edges),
                (vic.lost_edges_side, vic.lost_edges),
            ):
                if who == side and edges:
                    return edges[0]
        return "W"

    def _scenario_of(self, state: bc.BasicBattle) -> BattleScenario | None:
        scen = state.scenario
        return scen if isinstance(scen, BattleScenario) else None

    def hidden_variants(self, state: State, side: str, data: GData, dice: Dice) -> list[State]:
        """The enemy's damage records are secret: perturb one (not a sunk one); which
        ships are under two face-down enemy counters (7.23): swap them; and with three
        or more, every face-down enemy counter moved to the next one's place
        (:func:`rotate_face_down`). Basic Combat: the other side's range statement,
        until both have stated (6.2)."""
        if isinstance(state, bc.BasicBattle):
            return list(basic_statement_variants(state, side, data))
        out: list[State] = []
        for s in state.ships:
            if s.side != side and not s.damage.sunk and s.damage.track.remaining("hull") > 1:
                dmg = attrs.evolve(s.damage, track=s.damage.track.hit("hull", 1))
                out.append(state.with_ship(attrs.evolve(s, damage=dmg)))
                break
        swapped = swap_face_down(state, side)
        if swapped is not None:
            out.append(swapped)
        rotated = rotate_face_down(state, side)
        if rotated is not None:
            out.append(rotated)
        shifted = swap_placed(state, side)
        return [*out, shifted] if shifted is not None else out


def basic_statement_variants(state: bc.BasicBattle, side: str, data: GData) -> list[bc.BasicBattle]:
    """``state`` with the other side's secret range statement (6.2) replaced by each
    other statement open to it, while ``side`` has not stated."""
    if state.step != "range" or any(who == side for who, _ in state.wanted):
        return []
    out = []
    for i, (who, want) in enumerate(state.wanted):
        for alt in bc.range_choices(state, data.rules.specs, who):
            if alt.want != want:
                wanted = (*state.wanted[:i], (who, alt.want), *state.wanted[i + 1 :])
                out.append(attrs.evolve(state, wanted=wanted))
    return out


def swap_placed(battle: b.Battle, side: str) -> b.Battle | None:
    """While the enemy is still placing its counters (7.2), ``battle`` with two of its
    placed single-ship counters in different hexes exchanging hexes only (their ids
    stay): where they stand is hidden from ``side`` until the set-up ends. None
    otherwise."""
    if not setup.enemy_placing(battle, side):
        return None
    placed: dict[str, b.BattleShip] = {}
    for s in battle.ships:
        if s.side != side and s.hex is not None and s.counter == s.key and not s.aground:
            placed.setdefault(label(s.hex), s)
    if len(placed) < 2:
        return None
    (_, x), (_, y) = sorted(placed.items())[:2]
    return battle.with_ships({x.key: x.replace(hex=y.hex), y.key: y.replace(hex=x.hex)})


def rotate_face_down(battle: b.Battle, side: str) -> b.Battle | None:
    """``battle`` with every face-down enemy counter free to move (squadrons too; not
    aground, in port, exempt or in tow) moved to the next one's place, in the order of
    their ids: each takes that counter's hex and opaque id, so which ships are where
    changes and ``side`` should see no difference (7.23). None if fewer than three such
    counters (two are :func:`swap_face_down`)."""
    members: dict[str, list[b.BattleShip]] = {}
    stuck: set[str] = set()
    for s in battle.ships:
        if s.side == side or not s.afloat:
            continue
        members.setdefault(s.counter, []).append(s)
        if s.aground or s.in_port or s.exempt or s.in_tow or s.seen:
            stuck.add(s.counter)
    ids = dict(battle.ids)
    counters = sorted((c for c in members if c not in stuck), key=lambda c: (ids.get(c, ""), c))
    if len(counters) < 3:
        return None
    hexes = {c: members[c][0].hex for c in counters}
    if any(any(s.hex != hexes[c] for s in members[c]) for c in counters):
        return None  # a squadron split over hexes: no single place to move it to
    moved: dict[str, b.BattleShip] = {}
    new_ids = dict(ids)
    for c, nxt in zip(counters, [*counters[1:], counters[0]], strict=True):
        new_ids[c] = ids.get(nxt, "")
        for s in members[c]:
            moved[s.key] = s.replace(hex=hexes[nxt])
    return battle.with_ships(moved).replace(ids=tuple(sorted(new_ids.items())))


def swap_face_down(battle: b.Battle, side: str) -> b.Battle | None:
    """``battle`` with two of the enemy's face-down counters in different hexes
    exchanged: each takes the other's hex and opaque id, so ``side`` should see no
    difference (7.23). None if the enemy has no two such counters. Only counters of
    one ship that is free to move (not aground, in port, exempt or in tow) qualify."""
    hexes: dict[str, b.BattleShip] = {}
    for s in battle.ships:
        free = not (s.aground or s.in_port or s.exempt or s.in_tow or s.seen)
        if s.side != side and s.afloat and free and s.counter == s.key:
            hexes.setdefault(label(s.hex) if s.hex is not None else "", s)
    if len(hexes) < 2:
        return None
    one, two = sorted(hexes.items())[:2]
    x, y = one[1], two[1]
    ids = dict(battle.ids)
    ids[x.counter], ids[y.counter] = ids.get(y.counter, ""), ids.get(x.counter, "")
    swapped = battle.with_ships({x.key: x.replace(hex=y.hex), y.key: y.replace(hex=x.hex)})
    return swapped.replace(ids=tuple(sorted(ids.items())))


def _describe_refs(force: Force, fleet: str, refs: Sequence[str]) -> str:
    """A fleet's (or a whole force's) ships for ``show``: ``"C10 Variag, GB14 Koreetz
    (ER 4); squadrons 4 x TB-No21 No. 21 class"``, each ER that differs from the
    fleet's (the force's) given with the ship."""
    ers = Counter(force.er_of(r) for r in refs)
    er = force.er if not fleet else ers.most_common(1)[0][0]

    def rating(*counters: str) -> str:
        own = sorted({force.er_of(c) for c in counters})
        return "" if own == [er] else f" (ER {'/'.join(map(str, own))})"

    def named(code: str) -> str:
        name = force.name_of(code)
        return f"{code} {name}" if name else code

    ships = [f"{named(code)}{rating(code)}" for code in force.ships if code in refs]
    squads = []
    for squadron, counters in zip(force.squadrons, force.squadron_counters(), strict=True):
        keys = [key for key, _n in counters if key in refs]
        if keys:
            size = sum(n for key, n in counters if key in keys)
            squads.append(f"{size} x {named(squadron.code)}{rating(*keys)}")
    text = ", ".join(ships) + (f"; squadrons {', '.join(squads)}" if squads else "")
    return f"fleet {fleet} (ER {er}): {text}" if fleet else text


def _opaque_ids(ships: Sequence[b.BattleShip], seed: int) -> tuple[tuple[str, str], ...]:
    """Each counter's face-down id (7.23): ``"R?07"``, its number in a random order
    of its side's counters drawn from the match's seed (:mod:`navalwar.hidden`)."""
    out: dict[str, str] = {}
    for side in SIDES:
        counters = [s.counter for s in ships if s.side == side]
        out.update(opaque_ids(seed, counters, f"{side[0]}?"))
    return tuple(sorted(out.items()))


def _lost_boxes(damage: ShipDamage) -> dict[str, Any]:
    """The boxes blacked out of each part, for the owner's observation."""
    return {p: damage.track.lost_boxes(p) for p in PARTS}


__all__ = ["GData", "GreatWarAtSea1904"]
