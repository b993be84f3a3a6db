"""The Tokyo Express game state: ships, formations, orders, cups and decks.

Everything is a frozen attrs value built of tuples, so a state is cloned by
reference and a transition builds a new one (DESIGN "State").
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import Any

import attrs

from navalwar.hexgrid import Hex
from navalwar.sequence import CardDeck, ChitCup

US = "US"
JAPAN = "Japan"
SIDES = (US, JAPAN)

READY, FIRED, LOST = 0, 1, 2  # torpedo salvo status on the Ship Log (TE 2.3, 3.6, 3.8)

# US maneuvers (TE 3.3) and Japanese orders (TE 3.3 "Japanese Orders").
AHEAD = "ahead"
TURN_60 = "60"
TURN_120 = "120"
COUNTERMARCH = "countermarch"
S_TURN = "s-turn"
ABOUT = "about"
US_MANEUVERS = (AHEAD, TURN_60, TURN_120, COUNTERMARCH, S_TURN)
PORT, STARBOARD = -1, 1
DIRECTION_NAMES = {PORT: "port", STARBOARD: "starboard", 0: ""}


@attrs.frozen(slots=True)
class Order:
    """An order marker and the progress of its maneuver.

    Attributes:
        maneuver: one of the US maneuvers or the Japanese ``ahead``/``60``/``about``.
        direction: ``PORT`` (-1), ``STARBOARD`` (+1) or 0 for Ahead.
        turns_done: turns already made (TE 3.3).
        last_turn_phase: the Movement Phase of the last turn (0 if none).
        turned_since_move: a turn was made after the last move, so the ship is
            still in the hex where it turned (TE 3.4: never two turns in one hex).
        phases_left: Japanese orders last the three Movement Phases after the
            orders phase (TE 3.3).
    """

    maneuver: str = AHEAD
    direction: int = 0
    turns_done: int = 0
    last_turn_phase: int = 0
    turned_since_move: bool = False
    phases_left: int = 0

    @property
    def label(self) -> str:
        """The marker as printed, e.g. ``"Countermarch Port"``."""
        names = {
            AHEAD: "Ahead",
            TURN_60: "60° Turn",
            TURN_120: "120° Turn",
            COUNTERMARCH: "Countermarch",
            S_TURN: "S-Turn",
            ABOUT: "About",
        }
        side = DIRECTION_NAMES[self.direction].capitalize()
        return f"{names[self.maneuver]} {side}".strip()


@attrs.frozen(slots=True)
class Ship:
    """One ship on the map, with its Ship Log (TE 2.3, 3.8)."""

    name: str
    side: str
    hex: Hex
    heading: int
    max_speed: int
    salvos: tuple[int, ...] = ()
    hits: int = 0
    level: int = 0
    pending_level: int = 0
    stern_hits: int = 0
    sinking: bool = False
    removed: bool = False
    fired: bool = False
    formation: int = 0

    @property
    def active(self) -> bool:
        """On the map and not sinking."""
        return not self.removed and not self.sinking

    @property
    def on_map(self) -> bool:
        """On the map (sinking ships stay until the Damage Effects Phase, TE 3.8)."""
        return not self.removed


@attrs.frozen(slots=True)
class Formation:
    """A formation (TE 3.2): ships moving together at one Speed under one order."""

    id: int
    side: str
    ships: tuple[str, ...]
    speed: int = 0
    order: Order = Order()
    speed_set: bool = False
    order_set: bool = False


@attrs.frozen(slots=True)
class Attack:
    """A planned torpedo or gunnery attack (Fire Allocation markers, TE 3.6, 3.7)."""

    attacker: str
    target: str
    battery: str = ""  # "both", "bow", "stern" for gunnery; "" for torpedoes
    value: int = 0  # gunnery value
    split: bool = False  # the row shift for using primaries against several targets
    salvos: tuple[int, ...] = ()  # torpedo salvo indices


@attrs.frozen(slots=True)
class Combat:
    """Bookkeeping of the Combat Segment in progress (TE 3.5)."""

    to_ask: tuple[str, ...] = ()
    planned: tuple[Attack, ...] = ()
    first_targets: tuple[str, ...] = ()
    first_mounts: tuple[tuple[str, str], ...] = ()  # (ship, side mount used "P"/"S")


@attrs.frozen(slots=True)
class State:
    """The whole Tokyo Express state."""

    turn: int
    step: str
    phase: int
    ships: tuple[Ship, ...]
    formations: tuple[Formation, ...]
    cup: ChitCup
    decks: tuple[tuple[str, CardDeck], ...]
    flagship: str = ""
    admiral_killed_turn: int = 0
    last_turn: int = 5
    next_formation_id: int = 1
    combat: Combat | None = None
    pending: tuple[int, ...] = ()  # formations awaiting a decision in the current step
    plan: tuple[tuple[int, str], ...] = ()  # turn timings chosen this Movement Phase
    us_vfdr: int = 7
    jp_vfdr: int = 10
    options: tuple[tuple[str, bool | int | str], ...] = ()
    scenario: Any = attrs.field(default=None, eq=False, repr=False)
    over: bool = False

    def option(self, name: str) -> bool | int | str:
        """The value of a rules option."""
        for k, v in self.options:
            if k == name:
                return v
        raise KeyError(name)

    # -- queries ----------------------------------------------------------------
    def ship(self, name: str) -> Ship:
        """The ship called ``name``."""
        for s in self.ships:
            if s.name == name:
                return s
        raise KeyError(name)

    def side_ships(self, side: str, include_sinking: bool = True) -> Iterator[Ship]:
        """Ships of ``side`` on the map."""
        for s in self.ships:
            if s.side == side and not s.removed and (include_sinking or not s.sinking):
                yield s

    def formation(self, fid: int) -> Formation:
        """The formation with id ``fid``."""
        for f in self.formations:
            if f.id == fid:
                return f
        raise KeyError(fid)

    def side_formations(self, side: str) -> Iterator[Formation]:
        """Formations of ``side``."""
        return (f for f in self.formations if f.side == side)

    def deck(self, name: str) -> CardDeck:
        """The Gunnery Card deck ``name``."""
        for n, d in self.decks:
            if n == name:
                return d
        raise KeyError(name)

    # -- updates ----------------------------------------------------------------
    def with_ships(self, changed: Iterable[Ship]) -> State:
        """A state with the given ships replaced (matched by name)."""
        by_name = {s.name: s for s in changed}
        if not by_name:
            return self
        return attrs.evolve(self, ships=tuple(by_name.get(s.name, s) for s in self.ships))

    def with_ship(self, ship: Ship) -> State:
        """A state with one ship replaced."""
        return attrs.evolve(
            self, ships=tuple(ship if s.name == ship.name else s for s in self.ships)
        )

    def with_formation(self, formation: Formation) -> State:
        """A state with one formation replaced."""
        return attrs.evolve(
            self,
            formations=tuple(formation if f.id == formation.id else f for f in self.formations),
        )

    def with_deck(self, name: str, deck: CardDeck) -> State:
        """A state with one Gunnery Card deck replaced."""
        return attrs.evolve(self, decks=tuple((n, deck if n == name else d) for n, d in self.decks))
