"""The state of a Coral Sea game (3.0-24.0): ships, task forces, bases, weather, turn.

The contract the rules modules share (issue 17). Secrets (11.D, 15.C): a task
force's true hex, its contents and its plot belong to its owner; the opponent sees
its TF counter only when the rules put it on the board (12.1.2, 12.2.C, 13.B) and
a ship only when it is outside a TF (11.F) or its TF is attacked (11.D). Aircraft
are in ``air`` (``air_state.py``), a Combat Phase in ``combat`` (``combat_state.py``).
"""

from __future__ import annotations

from collections.abc import Mapping

import attrs

from navalwar.commitments import Commitments
from navalwar.games.coral_sea.air_state import AirState
from navalwar.games.coral_sea.combat_state import CombatPhase
from navalwar.hexgrid import Hex

#: The turns of a day (3.0.A, 19.0; notes A38): every scenario begins at Noon.
NOON, EVENING, NIGHT, MORNING = "Noon", "Evening", "Night", "Morning"
TIMES = (NOON, EVENING, NIGHT, MORNING)


#: A side's plot (15.C): its moves, (TF id or open ship's name, path of hex labels, origin
#: excluded), and its regrouping (11.C), (ship, TF id or "" to sail alone).
Plot = tuple[tuple[tuple[str, tuple[str, ...]], ...], tuple[tuple[str, str], ...]]


def time_of(turn: int) -> str:
    """The time of day of ``turn`` (1 = Noon): Noon, Evening, Night, Morning, ... (19.0)."""
    return TIMES[(turn - 1) % 4]


def is_night(turn: int) -> bool:
    """Whether ``turn`` is a night turn ("Every fourth turn is night", 19.0)."""
    return time_of(turn) == NIGHT


@attrs.frozen
class Ship:
    """One ship (or AP counter, 16.4) in play: where it is and its damage (25.4.5).

    Attributes:
        name: its ``ShipSpec.name``.
        side: its side.
        hex: its true hex (secret while in a TF, 11.D); ``None`` before it enters.
        tf: its task force id, or ``None`` when it sails alone, visible to both (11.F).
        flotation_hits: flotation boxes darkened (right to left, 25.4.5.B).
        gunnery_hits: gunnery boxes darkened (25.4.5.C).
        sunk: sunk (every flotation box dark).
        flag: an AP carrying a flag (22.C, 23.C).
        torpedo_salvos: salvos fired this turn/phase (25.4.6.B-C).
        towed_by: the CA towing it when dead in the water (25.4.5.B).
        high_speed_moves: two-hex moves since its last refuelling (27.C; option).
        capacity_hits: CV/CVL gunnery hits that halved then zeroed its capacity (25.4.5.D).
        out_of_play: left out of play at set-up ("any or all of these ships", 28.2.4).
    """

    name: str
    side: str
    hex: Hex | None
    tf: str | None = None
    flotation_hits: int = 0
    gunnery_hits: int = 0
    sunk: bool = False
    flag: bool = False
    torpedo_salvos: int = 0
    towed_by: str | None = None
    high_speed_moves: int = 0
    capacity_hits: int = 0
    out_of_play: bool = False


@attrs.frozen
class TaskForce:
    """A task force (11.0): a secret group of ships plotted by hex.

    Attributes:
        id: its number as its owner knows it (``"TF1"``); the opponent never sees ids
            (counters are interchangeable, 11.C; 28.3.3 "rearrange the TF numbers").
        side: its side.
        hex: its true hex (11.E, the TF Location Sheet), ``None`` before it enters.
        counter: where its TF counter stands on the board this turn, ``None`` when not
            on the board (3.7.A: all removed in the Terminal Phase).
        revealed: its true hex was revealed this turn (12.2.C, 13.B), public until 3.7.A.
        plot: this turn's plotted path, origin excluded (15.C; notes A32), secret.
        enters: the turn it enters the map (28.x; notes A66), 0 when on the map.
        entry_edge: the edge it enters by (``"east"``, ``"south"``, ``"north"``), if any.
        moves_from: the first turn it may move (28.2.3 release roll, 28.3.3 table).
        entry_hex: the hex it enters by on turn ``enters`` (chosen secretly at set-up,
            notes A66), else ``None``.
        held: it may not move until the 28.2.3 release roll succeeds (Huon Gulf APs).
    """

    id: str
    side: str
    hex: Hex | None
    counter: Hex | None = None
    revealed: bool = False
    plot: tuple[Hex, ...] | None = None
    enters: int = 0
    entry_edge: str | None = None
    moves_from: int = 0
    entry_hex: Hex | None = None
    held: bool = False


@attrs.frozen
class BaseState:
    """An airfield or seaplane base in play (8.0, 22.0, 25.4.7).

    Attributes:
        name: the base's name in the map data (``"Port Moresby One"``).
        controller: the side that holds it (its flag, 22.A), ``None`` when unusable
            by either (28.1.4 "may not be used by either side").
        out_until: the turn (a Morning) it returns to service after bombardment or
            bombing destroyed it (8.D), 0 when in service.
        damaged: it was damaged by bombardment (25.4.7.C; 28.1.5.A "Rabaul is damaged").
    """

    name: str
    controller: str | None
    out_until: int = 0
    damaged: bool = False


@attrs.frozen
class Scenario:
    """A scenario (28.x) as loaded from ``data/coral_sea/scenarios/*.toml``; the
    scenario loader (``scenario.py``) owns its remaining fields."""

    id: str
    title: str
    turns: int
    first_date: str  # "14 February 1942": the date of turn 1, Noon
    provenance: str = "rulebook"
    extra: Mapping[str, object] = attrs.field(factory=dict, eq=False, repr=False)


@attrs.frozen
class State:
    """Everything about a Coral Sea game in progress.

    Attributes:
        scenario: the scenario being played.
        turn: the turn number, 1 = the scenario's first Noon.
        step: where the sequence of play stands (``sequence_of_play.py``'s dotted leaf key).
        initiative: the side holding the initiative this turn (4.0), ``None`` before the
            first roll.
        initiative_winner: the side that won this turn's roll and decides (4.A).
        squalls: the squall hexes (5.1), in the order they appeared.
        ships: every ship of both sides, in scenario order.
        task_forces: every task force of both sides.
        bases: every base's state, in map order.
        air: the air counters (``air_state.AirState``).
        combat: the Combat Phase in progress, ``None`` outside it.
        invaded: base names a side has invaded successfully (23.0; notes A44).
        vp: side -> victory points scored so far (24.0), public.
        reveals: public reveals of this turn: (hex, how) pairs (12.x, 20.0), cleared at 3.7.
        options: the rules options chosen (``GameSpec.options``), name -> value.
        over: the game is over.
        initiative_rolls: this turn's initiative rolls, (side, roll) in side order (4.A).
        wind: this turn's wind speed (5.1.B).
        setup_done: the sides that have set up (28.x; Japan first).
        recon_used: this phase's reconnaissance sources used: ``"base:<name>"``,
            ``"tf:<id>:<n>"``, ``"marker:<id>"`` (12.1.1, 12.1.2, 12.2.D).
        recon_done: the sides that have finished this turn's Reconnaissance Phase.
        plots: this turn's secret ship-movement plots (15.C; ``navalwar.commitments``).
        winner: who won by a rule that ends the game at once (28.4.1 invasion), else None.
        damaged_towns: towns (no base) damaged by bombardment, in order (25.4.7.C; A58).
        sightings: enemy ships a side has seen in an attacked TF (11.D; notes A17):
            (the side that saw, ship name, hex, turn), the latest sighting of each ship;
            kept for the rest of the game, as the player's notes would be.
    """

    scenario: Scenario = attrs.field(repr=False)
    turn: int
    step: str
    initiative: str | None = None
    initiative_winner: str | None = None
    squalls: tuple[Hex, ...] = ()
    ships: tuple[Ship, ...] = ()
    task_forces: tuple[TaskForce, ...] = ()
    bases: tuple[BaseState, ...] = ()
    air: AirState = attrs.field(factory=AirState)
    combat: CombatPhase | None = None
    invaded: tuple[tuple[str, str], ...] = ()
    vp: tuple[tuple[str, int], ...] = ()
    reveals: tuple[tuple[Hex, str], ...] = ()
    options: tuple[tuple[str, object], ...] = ()
    over: bool = False
    initiative_rolls: tuple[tuple[str, int], ...] = ()
    wind: int = 0
    setup_done: tuple[str, ...] = ()
    recon_used: tuple[str, ...] = ()
    recon_done: tuple[str, ...] = ()
    plots: Commitments[Plot] | None = None
    winner: str | None = None
    damaged_towns: tuple[str, ...] = ()
    sightings: tuple[tuple[str, str, Hex, int], ...] = ()

    def option(self, name: str, default: object = None) -> object:
        """The value of rules option ``name`` (``default`` if not set)."""
        for key, value in self.options:
            if key == name:
                return value
        return default

    def task_force(self, tf_id: str, side: str) -> TaskForce | None:
        """``side``'s task force ``tf_id``, or None."""
        for tf in self.task_forces:
            if tf.id == tf_id and tf.side == side:
                return tf
        return None

    def ships_of(self, tf: TaskForce) -> tuple[Ship, ...]:
        """The ships (afloat) of task force ``tf``."""
        return tuple(s for s in self.ships if s.tf == tf.id and s.side == tf.side and not s.sunk)

    @property
    def time(self) -> str:
        """This turn's time of day (19.0)."""
        return time_of(self.turn)

    @property
    def night(self) -> bool:
        """Whether this is a night turn (19.0)."""
        return is_night(self.turn)
