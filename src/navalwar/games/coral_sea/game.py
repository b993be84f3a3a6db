"""Coral Sea as a navalwar :class:`~navalwar.engine.Game`: the declaration and its hooks.

Set-up (28.x, ``setup.py``) comes first, each side in turn, Japan first; then the turns
of ``sequence_of_play.py`` on the core driver until the scenario's last turn or a
Port Moresby landing (28.4.1). Coverage: ``docs/rules/coral_sea.md``.
"""

from __future__ import annotations

import importlib
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from navalwar import scenario_files
from navalwar.actions import Action
from navalwar.datapack import bundled_data_dir, check_strict, load_files, pack_provenance, worst
from navalwar.dice import Dice
from navalwar.driver import Driver
from navalwar.engine import Context, Decision, Game, Match, Outcome, TurnStart
from navalwar.errors import DataError, IllegalActionError
from navalwar.games.coral_sea import (
    observation,
    setup,
    victory,
    weather,
)
from navalwar.games.coral_sea.actions import ACTIONS, SetUp
from navalwar.games.coral_sea.data import CoralSeaData
from navalwar.games.coral_sea.events import EVENT_KINDS
from navalwar.games.coral_sea.model import Scenario, State
from navalwar.games.coral_sea.scenario import date_of, describe, parse_scenario, spec_of
from navalwar.games.coral_sea.sequence_of_play import DRIVER
from navalwar.games.coral_sea.units import SIDES
from navalwar.games.coral_sea.views import TURN_START  # csview: a turn starts at its Initial Phase
from navalwar.registry import GameSpec, OptionSpec, OptionValue
from navalwar.views import TerminalView

if TYPE_CHECKING:
    from navalwar.agents import AgentFactory
    from navalwar.engine import Match  # csview: the draw hook's match
    from navalwar.odds import GameOdds
    from navalwar.views import TerminalView


def _options(modules: Sequence[str]) -> tuple[OptionSpec, ...]:
    """Every ``OPTIONS`` of the package's modules that exist, in this order."""
    out: list[OptionSpec] = []
    for name in modules:
        full = f"navalwar.games.coral_sea.{name}"
        try:
            module = importlib.import_module(full)
        except ModuleNotFoundError as exc:
            if exc.name != full:
                raise
            continue
        for opt in getattr(module, "OPTIONS", ()):
            if opt.name not in {o.name for o in out}:
                out.append(opt)
    return tuple(out)


def _actions(modules: Sequence[str]) -> tuple[type[Action], ...]:
    """The spine's actions, then every Action class each of ``modules`` defines (its
    ``ACTIONS`` if it lists them), in definition order."""
    out: list[type[Action]] = list(ACTIONS)
    for name in modules:
        full = f"navalwar.games.coral_sea.{name}"
        try:
            module = importlib.import_module(full)
        except ModuleNotFoundError as exc:
            if exc.name != full:
                raise
            continue
        listed = getattr(module, "ACTIONS", None)
        found = (
            listed
            if listed is not None
            else [
                v
                for v in vars(module).values()
                if isinstance(v, type) and issubclass(v, Action) and v.__module__ == full
            ]
        )
        out.extend(a for a in found if a not in out)
    return tuple(out)


#: The modules whose OPTIONS the game offers (the others' too, once delivered).
OPTION_MODULES = (
    "setup",
    "weather",
    "air_range",
    "reconnaissance",
    "ship_movement",
    "maintenance",
    "cap",
    "air_movement",
    "scramble",
    "air_return",
    "replacements",
    "usaaf",
    "combat_phase",
    "air_to_air",
    "anti_aircraft",
    "bombing",
    "surface_action",
    "bombardment",
    "ship_damage",
)

SPEC = GameSpec(
    id="coral_sea",
    title="Coral Sea: Turning the Japanese Advance, 1942",
    sides=SIDES,
    map_kind="hex",
    rulebook="coral_sea.txt",
    options=_options(OPTION_MODULES),
)


class CoralSea(Game[State, CoralSeaData]):
    """Coral Sea (2nd edition): the four scenarios of 28.0 and the 28.3.6 campaign."""

    spec = SPEC
    action_types = _actions(("air_actions", "combat_actions"))
    event_kinds = EVENT_KINDS
    turn_start: TurnStart | None = TURN_START

    @property
    def driver(self) -> Driver[Any, State, Any]:
        """The sequence of play's driver (the rules' Plays reach it as ``game.driver``)."""
        return DRIVER

    @property
    def map(self) -> Any:  # type: ignore[override]
        """The map's MapSpec (the geography's), once the map can be read."""
        from navalwar.engine import load_pack

        try:
            return load_pack(self).geography.spec
        except DataError:
            return None

    # -- data and scenarios ---------------------------------------------------------------
    def data_dir(self) -> Path | None:
        return bundled_data_dir() / "coral_sea"

    def load_data(self, overrides: Sequence[Path] = (), strict: bool = False) -> CoralSeaData:
        """The map (``geography.load_geography``, csmap) and the units and tables
        (``pack.load_units``/``load_tables``, csdata) composed into ``CoralSeaData``.

        Raises:
            DataError: a file is malformed, or (``strict``) below ``historical``.
        """
        return compose(overrides, strict)

    def scenarios(self) -> list[str]:
        return scenario_files.bundled_scenarios(self)

    def load_scenario(self, name: str, data: CoralSeaData) -> Scenario:
        return scenario_files.load_scenario(
            self, name, data, self.scenario_from_document, "Coral Sea scenario"
        )

    def scenario_from_document(
        self, doc: dict[str, Any], file: str, data: CoralSeaData
    ) -> Scenario:
        return parse_scenario(doc, file, data)

    def describe_scenario(self, scenario: Any) -> str:
        return describe(scenario)

    # -- the rules ------------------------------------------------------------------------
    def initial_state(
        self, scenario: Any, data: CoralSeaData, options: Mapping[str, OptionValue], ctx: Context
    ) -> State:
        """Every unit of the scenario before set-up, the weather pre-rolled (28.2.2, 28.4.2)."""
        state = setup.initial(scenario, data, options)
        return weather.pre_roll(state, data, ctx, spec_of(scenario).weather_prerolls)

    def advance(self, state: State, data: CoralSeaData, ctx: Context) -> State:
        if state.step == setup.SETUP:
            if setup.setting_up(state) is not None:
                return state
            state = DRIVER.begin(state, data)
        after = DRIVER.play_on(self, state, data, ctx)
        if after.over and not state.over:
            out = self.outcome(after, data)
            assert out is not None
            ctx.log(
                "game_over",
                f"The game is over: {out.result}",
                "24.0, 28.x",
                level=out.level,
                winner=out.winner,
                scores=out.to_json()["scores"],
            )
        return after

    def decision(self, state: State, data: CoralSeaData) -> Decision | None:
        if state.step == setup.SETUP:
            return setup.ask(state, data)
        return DRIVER.decision(self, state, data)

    def apply(self, state: State, action: Action, data: CoralSeaData, ctx: Context) -> State:
        if state.over:
            raise IllegalActionError(action.describe(), "the game is over")
        if state.step == setup.SETUP:
            side = setup.setting_up(state)
            if not isinstance(action, SetUp) or side is None:
                raise IllegalActionError(action.describe(), "set-up comes first (28.x)")
            why = setup.validate(state, data, side, action)
            if why is not None:
                raise IllegalActionError(action.describe(), why, "28.x")
            return setup.apply(state, data, action, ctx)
        return DRIVER.apply(self, state, action, data, ctx)

    def observe(self, state: State, side: str, data: CoralSeaData) -> dict[str, Any]:
        if side not in SIDES:
            raise IllegalActionError(f"observe {side!r}", f"the sides are {', '.join(SIDES)}")
        return observation.observe(state, side, data)

    def hidden_variants(
        self, state: State, side: str, data: CoralSeaData, dice: Dice
    ) -> list[State]:
        return observation.hidden_variants(state, side, data, dice)

    def observation_schema(self) -> dict[str, Any]:
        """The JSON Schema of :meth:`position` and :meth:`observe` (closed objects)."""
        from navalwar.games.coral_sea.observation_schema import observation_schema

        return observation_schema()

    def position(self, state: State) -> dict[str, Any]:
        """The turn, its date and time (19.0, A38) and the step."""
        return {
            "turn": state.turn,
            "last_turn": state.scenario.turns,
            "date": date_of(state.scenario, state.turn),
            "time": state.time,
            "step": state.step,
        }

    def outcome(self, state: State, data: CoralSeaData) -> Outcome | None:
        return victory.outcome(state, data) if state.over else None

    def estimate(self, state: State, data: CoralSeaData) -> Outcome | None:
        """The victory conditions on the state as it stands."""
        return victory.outcome(state, data)

    def record_extras(self, match: Match) -> dict[str, Any]:
        from navalwar.games.coral_sea.records import record_extras

        return record_extras(match)

    def odds(self) -> GameOdds | None:
        """Exact odds of a wave's bombing, a gunnery round and a torpedo salvo (``odds.py``)."""
        from navalwar.games.coral_sea import odds

        return odds

    def agents(self) -> Mapping[str, AgentFactory]:
        from navalwar.games.coral_sea.agents import HeuristicAgent

        return {"heuristic": HeuristicAgent}

    # -- display (csview: render.py, views.py) ---------------------------------------------
    def draw(self, match: Match, whole_map: bool, caption: str | None, side: str | None) -> str:
        """The map as ``side`` sees it (None: the umpire), ``render.draw_coral_sea``."""
        from navalwar.games.coral_sea.render import draw_coral_sea

        return draw_coral_sea(match, whole_map, caption, side)

    def terminal_view(self) -> TerminalView:
        """The compact terminal board (``views.TERMINAL_VIEW``)."""
        from navalwar.games.coral_sea.views import TERMINAL_VIEW

        return TERMINAL_VIEW


def compose(overrides: Sequence[Path] = (), strict: bool = False) -> CoralSeaData:
    """``CoralSeaData`` from the map (``geography.load_geography``) and the unit/table pack
    (``pack.load``), with the core's provenance rule (each file's ``[meta]`` or rows; the
    pack's word is the weakest) and ``strict`` (any file below ``historical`` refused).

    Raises:
        DataError: a file is missing or malformed, or ``strict`` refuses one.
    """
    from navalwar.games.coral_sea import geography, pack

    units = pack.load(overrides, strict)
    map_files = load_files("coral_sea", MAP_FILES, overrides)
    provenance = {**pack_provenance(map_files), **units.provenance}
    if strict:
        check_strict(provenance)
    return CoralSeaData(
        geography.load_geography(overrides),
        units.aircraft,
        units.ships,
        units.tables,
        worst(provenance.values()),
        strict,
    )


MAP_FILES = ("map.toml", "bases.toml")


__all__ = ["SPEC", "CoralSea", "compose"]
