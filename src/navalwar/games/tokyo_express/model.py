"""The Tokyo Express game state: ships, formations, orders, cups and decks.

Everything is a frozen attrs value built of tuples, so a state is cloned by
reference and a transition builds a new one (DESIGN "State"). The lookups the
rules make again and again (ships by name, a side's ships, a formation's ships)
are worked out once per state and kept in it (:class:`navalwar.frozen.Memo`),
and :func:`navalwar.frozen.evolve` makes a changed copy cheaply.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import Any

import attrs

from navalwar.frozen import evolve, memo
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
MANEUVER_NAMES = {
    AHEAD: "Ahead",
    TURN_60: "60° Turn",
    TURN_120: "120° Turn",
    COUNTERMARCH: "Countermarch",
    S_TURN: "S-Turn",
    ABOUT: "About",
}


@attrs.frozen(slots=False)
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
        side = DIRECTION_NAMES[self.direction].capitalize()
        return f"{MANEUVER_NAMES[self.maneuver]} {side}".strip()


@attrs.frozen(slots=False)
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


@attrs.frozen(slots=False)
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


@attrs.frozen(slots=False)
class Combat:
    """Bookkeeping of the Combat Segment in progress (TE 3.5)."""

    to_ask: tuple[str, ...] = ()
    planned: tuple[Attack, ...] = ()
    first_targets: tuple[str, ...] = ()
    first_mounts: tuple[tuple[str, str], ...] = ()  # (ship, side mount used "P"/"S")


@attrs.frozen(slots=False)
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
        try:
            return self._options[name]
        except KeyError:
            raise KeyError(name) from None

    # -- lookups, worked out once per state (a state never changes) -------------------
    @memo("options")
    def _options(self) -> dict[str, bool | int | str]:
        return {k: v for k, v in reversed(self.options)}  # the first of a name counts

    @memo("ships")
    def _by_name(self) -> dict[str, Ship]:
        return {s.name: s for s in reversed(self.ships)}  # the first of a name counts

    @memo("ships")
    def _place(self) -> dict[str, int] | None:
        """Each ship's position in :attr:`ships` by name; None if two share a name."""
        place = {s.name: i for i, s in enumerate(self.ships)}
        return place if len(place) == len(self.ships) else None

    @memo("formations")
    def _by_id(self) -> dict[int, Formation]:
        return {f.id: f for f in reversed(self.formations)}

    @memo("ships")
    def _on_map(self) -> dict[tuple[str, bool], tuple[Ship, ...]]:
        return {}

    @memo("ships")
    def _hexes(self) -> dict[str, frozenset[Hex]]:
        return {}

    @memo("ships", "formations")
    def _live(self) -> dict[str, tuple[Formation, ...]]:
        return {}

    @memo("ships")
    def _members(self) -> dict[tuple[tuple[str, ...], bool], tuple[Ship, ...]]:
        return {}

    # -- queries ----------------------------------------------------------------
    def ship(self, name: str) -> Ship:
        """The ship called ``name``."""
        try:
            return self._by_name[name]
        except KeyError:
            raise KeyError(name) from None

    def ships_of(self, side: str, include_sinking: bool = True) -> tuple[Ship, ...]:
        """Ships of ``side`` on the map, in the order of :attr:`ships`."""
        key = (side, include_sinking)
        found = self._on_map.get(key)
        if found is None:
            found = self._on_map[key] = tuple(
                [
                    s
                    for s in self.ships
                    if s.side == side and not s.removed and (include_sinking or not s.sinking)
                ]
            )
        return found

    def hexes_of(self, side: str) -> frozenset[Hex]:
        """The hexes holding ships of ``side`` (any on the map, sinking included)."""
        found = self._hexes.get(side)
        if found is None:
            found = self._hexes[side] = frozenset([s.hex for s in self.ships_of(side)])
        return found

    def members(self, names: tuple[str, ...], include_sinking: bool = True) -> tuple[Ship, ...]:
        """The ships called ``names`` (a formation's) still on the map, in that order."""
        key = (names, include_sinking)
        found = self._members.get(key)
        if found is None:
            by_name = self._by_name
            ships: list[Ship] = []
            for name in names:
                s = by_name.get(name)
                if s is None:
                    raise KeyError(name)
                if not s.removed and (include_sinking or not s.sinking):
                    ships.append(s)
            found = self._members[key] = tuple(ships)
        return found

    def side_ships(self, side: str, include_sinking: bool = True) -> Iterator[Ship]:
        """Ships of ``side`` on the map."""
        return iter(self.ships_of(side, include_sinking))

    def formation(self, fid: int) -> Formation:
        """The formation with id ``fid``."""
        try:
            return self._by_id[fid]
        except KeyError:
            raise KeyError(fid) from None

    def live_formations(self, side: str) -> tuple[Formation, ...]:
        """Formations of ``side`` with a ship still on the map."""
        found = self._live.get(side)
        if found is None:
            found = self._live[side] = tuple(
                [f for f in self.formations if f.side == side and self.members(f.ships)]
            )
        return found

    def deck(self, name: str) -> CardDeck:
        """The Gunnery Card deck ``name``."""
        for n, d in self.decks:
            if n == name:
                return d
        raise KeyError(name)

    # -- updates ----------------------------------------------------------------
    def updated(
        self,
        changed_ships: Iterable[Ship] = (),
        changed_formations: Iterable[Formation] = (),
        /,
        **changes: Any,
    ) -> State:
        """A state with the changed ships (matched by name) and formations (by id)
        replaced and any fields changed as by :func:`evolve` (a new ``formations``
        is the one the changed formations replace in): one new state for a whole
        step's changes."""
        by_name = {s.name: s for s in changed_ships}
        place = None
        if by_name and "ships" not in changes:
            place = self._place
        if place is not None:
            ships = list(self.ships)
            by_name_now = dict(self._by_name)
            for name, ship in by_name.items():
                i = place.get(name)
                if i is not None:
                    ships[i] = ship
                    by_name_now[name] = ship
            changes["ships"] = tuple(ships)
        elif by_name:
            changes["ships"] = tuple([by_name.get(s.name, s) for s in self.ships])
        by_id = {f.id: f for f in changed_formations}
        if by_id:
            base = changes.get("formations", self.formations)
            changes["formations"] = tuple([by_id.get(f.id, f) for f in base])
        if not changes:
            return self
        new = evolve(self, **changes)
        if place is not None:
            # the names and their places are as here, so these lookups are known already
            new.__dict__["_place"] = place
            new.__dict__["_by_name"] = by_name_now
        return new

    def with_ships(self, changed: Iterable[Ship]) -> State:
        """A state with the given ships replaced (matched by name)."""
        return self.updated(changed)

    def with_ship(self, ship: Ship) -> State:
        """A state with one ship replaced."""
        return self.updated((ship,))

    def with_formation(self, formation: Formation) -> State:
        """A state with one formation replaced."""
        fid = formation.id
        return evolve(
            self, formations=tuple([formation if f.id == fid else f for f in self.formations])
        )

    def with_deck(self, name: str, deck: CardDeck) -> State:
        """A state with one Gunnery Card deck replaced."""
        return evolve(self, decks=tuple([(n, deck if n == name else d) for n, d in self.decks]))
