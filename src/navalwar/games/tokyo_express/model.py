"""The Tokyo Express game state: ships, formations, orders, cups and decks.

Everything is a frozen value built of tuples, so a state is cloned by reference and
a transition builds a new one (DESIGN "State"). The values copied most (the state,
ships, formations, orders) are :class:`navalwar.frozen.Value` classes, native classes
on the compiled build, whose ``replace`` makes a changed copy; their fields,
``__init__`` and ``replace`` are written from one declaration per class by
``scripts/generate_model.py`` (a test checks them). The rest are attrs classes. The
lookups the rules make again and again (ships by name, a side's ships, a formation's
ships) are worked out once per state and kept in it (``State.MEMOS``).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import Any, ClassVar

import attrs

from navalwar.frozen import KEEP, Keep, Value
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
DIRS = {name: d for d, name in DIRECTION_NAMES.items()}  # an action's direction word
MANEUVER_NAMES = {
    AHEAD: "Ahead",
    TURN_60: "60° Turn",
    TURN_120: "120° Turn",
    COUNTERMARCH: "Countermarch",
    S_TURN: "S-Turn",
    ABOUT: "About",
}


class Order(Value):
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

    # -- generated from the declaration in scripts/generate_model.py: do not edit --
    FIELDS = (
        "maneuver",
        "direction",
        "turns_done",
        "last_turn_phase",
        "turned_since_move",
        "phases_left",
    )
    maneuver: str
    direction: int
    turns_done: int
    last_turn_phase: int
    turned_since_move: bool
    phases_left: int

    def __init__(
        self,
        maneuver: str = AHEAD,
        direction: int = 0,
        turns_done: int = 0,
        last_turn_phase: int = 0,
        turned_since_move: bool = False,
        phases_left: int = 0,
    ) -> None:
        object.__setattr__(self, "maneuver", maneuver)
        object.__setattr__(self, "direction", direction)
        object.__setattr__(self, "turns_done", turns_done)
        object.__setattr__(self, "last_turn_phase", last_turn_phase)
        object.__setattr__(self, "turned_since_move", turned_since_move)
        object.__setattr__(self, "phases_left", phases_left)

    def replace(
        self,
        *,
        turns_done: int | None = None,
        last_turn_phase: int | None = None,
        turned_since_move: bool | None = None,
        phases_left: int | None = None,
    ) -> Order:
        """A copy with the progress given changed (the maneuver stays)."""
        return Order(
            self.maneuver,
            self.direction,
            self.turns_done if turns_done is None else turns_done,
            self.last_turn_phase if last_turn_phase is None else last_turn_phase,
            self.turned_since_move if turned_since_move is None else turned_since_move,
            self.phases_left if phases_left is None else phases_left,
        )

    # -- end of generated code --

    @property
    def label(self) -> str:
        """The marker as printed, e.g. ``"Countermarch Port"``."""
        side = DIRECTION_NAMES[self.direction].capitalize()
        return f"{MANEUVER_NAMES[self.maneuver]} {side}".strip()


_NO_ORDER = Order()  # Ahead, the order a new formation has


class Ship(Value):
    """One ship on the map, with its Ship Log (TE 2.3, 3.8)."""

    # -- generated from the declaration in scripts/generate_model.py: do not edit --
    FIELDS = (
        "name",
        "side",
        "hex",
        "heading",
        "max_speed",
        "salvos",
        "hits",
        "level",
        "pending_level",
        "stern_hits",
        "sinking",
        "removed",
        "fired",
        "formation",
    )
    name: str
    side: str
    hex: Hex
    heading: int
    max_speed: int
    salvos: tuple[int, ...]
    hits: int
    level: int
    pending_level: int
    stern_hits: int
    sinking: bool
    removed: bool
    fired: bool
    formation: int

    def __init__(
        self,
        name: str,
        side: str,
        hex: Hex,
        heading: int,
        max_speed: int,
        salvos: tuple[int, ...] = (),
        hits: int = 0,
        level: int = 0,
        pending_level: int = 0,
        stern_hits: int = 0,
        sinking: bool = False,
        removed: bool = False,
        fired: bool = False,
        formation: int = 0,
    ) -> None:
        object.__setattr__(self, "name", name)
        object.__setattr__(self, "side", side)
        object.__setattr__(self, "hex", hex)
        object.__setattr__(self, "heading", heading)
        object.__setattr__(self, "max_speed", max_speed)
        object.__setattr__(self, "salvos", salvos)
        object.__setattr__(self, "hits", hits)
        object.__setattr__(self, "level", level)
        object.__setattr__(self, "pending_level", pending_level)
        object.__setattr__(self, "stern_hits", stern_hits)
        object.__setattr__(self, "sinking", sinking)
        object.__setattr__(self, "removed", removed)
        object.__setattr__(self, "fired", fired)
        object.__setattr__(self, "formation", formation)

    def replace(
        self,
        *,
        hex: Hex | None = None,
        heading: int | None = None,
        max_speed: int | None = None,
        salvos: tuple[int, ...] | None = None,
        hits: int | None = None,
        level: int | None = None,
        pending_level: int | None = None,
        stern_hits: int | None = None,
        sinking: bool | None = None,
        removed: bool | None = None,
        fired: bool | None = None,
        formation: int | None = None,
    ) -> Ship:
        """A copy with the fields given changed (a ship keeps its name and side)."""
        return Ship(
            self.name,
            self.side,
            self.hex if hex is None else hex,
            self.heading if heading is None else heading,
            self.max_speed if max_speed is None else max_speed,
            self.salvos if salvos is None else salvos,
            self.hits if hits is None else hits,
            self.level if level is None else level,
            self.pending_level if pending_level is None else pending_level,
            self.stern_hits if stern_hits is None else stern_hits,
            self.sinking if sinking is None else sinking,
            self.removed if removed is None else removed,
            self.fired if fired is None else fired,
            self.formation if formation is None else formation,
        )

    # -- end of generated code --

    @property
    def active(self) -> bool:
        """On the map and not sinking."""
        return not self.removed and not self.sinking

    @property
    def on_map(self) -> bool:
        """On the map (sinking ships stay until the Damage Effects Phase, TE 3.8)."""
        return not self.removed


class Formation(Value):
    """A formation (TE 3.2): ships moving together at one Speed under one order."""

    # -- generated from the declaration in scripts/generate_model.py: do not edit --
    FIELDS = ("id", "side", "ships", "speed", "order", "speed_set", "order_set")
    id: int
    side: str
    ships: tuple[str, ...]
    speed: int
    order: Order
    speed_set: bool
    order_set: bool

    def __init__(
        self,
        id: int,
        side: str,
        ships: tuple[str, ...],
        speed: int = 0,
        order: Order = _NO_ORDER,
        speed_set: bool = False,
        order_set: bool = False,
    ) -> None:
        object.__setattr__(self, "id", id)
        object.__setattr__(self, "side", side)
        object.__setattr__(self, "ships", ships)
        object.__setattr__(self, "speed", speed)
        object.__setattr__(self, "order", order)
        object.__setattr__(self, "speed_set", speed_set)
        object.__setattr__(self, "order_set", order_set)

    def replace(
        self,
        *,
        ships: tuple[str, ...] | None = None,
        speed: int | None = None,
        order: Order | None = None,
        speed_set: bool | None = None,
        order_set: bool | None = None,
    ) -> Formation:
        """A copy with the fields given changed (a formation keeps its id and side)."""
        return Formation(
            self.id,
            self.side,
            self.ships if ships is None else ships,
            self.speed if speed is None else speed,
            self.order if order is None else order,
            self.speed_set if speed_set is None else speed_set,
            self.order_set if order_set is None else order_set,
        )

    # -- end of generated code --


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
    # the ships that made a first attack, with the side mount used: "P", "S", "" (centre)
    first_mounts: tuple[tuple[str, str], ...] = ()


class State(Value):
    """The whole Tokyo Express state.

    The lookups the rules make again and again (ships by name, a side's ships, a
    formation's ships...) are worked out once per state and kept in it (``MEMOS``,
    each with the fields it depends on): :meth:`replace` keeps them in a copy that
    leaves those fields unchanged.
    """

    # -- generated from the declaration in scripts/generate_model.py: do not edit --
    FIELDS = (
        "turn",
        "step",
        "phase",
        "ships",
        "formations",
        "cup",
        "decks",
        "flagship",
        "admiral_killed_turn",
        "last_turn",
        "next_formation_id",
        "combat",
        "pending",
        "plan",
        "us_vfdr",
        "jp_vfdr",
        "options",
        "scenario",
        "over",
    )
    UNCOMPARED = ("scenario",)
    MEMOS: ClassVar[dict[str, tuple[str, ...]]] = {
        "_option_map": ("options",),
        "_by_name": ("ships",),
        "_place": ("ships",),
        "_by_id": ("formations",),
        "_on_map": ("ships",),
        "_hexes": ("ships",),
        "_members": ("ships",),
        "_live": ("ships", "formations"),
    }
    turn: int
    step: str
    phase: int
    ships: tuple[Ship, ...]
    formations: tuple[Formation, ...]
    cup: ChitCup
    decks: tuple[tuple[str, CardDeck], ...]
    flagship: str
    admiral_killed_turn: int
    last_turn: int
    next_formation_id: int
    combat: Combat | None
    pending: tuple[int, ...]  # formations awaiting a decision in the current step
    plan: tuple[tuple[int, str], ...]  # turn timings chosen this Movement Phase
    us_vfdr: int
    jp_vfdr: int
    options: tuple[tuple[str, bool | int | str], ...]
    scenario: Any
    over: bool
    # the lookups (MEMOS), None until first used
    _option_map: dict[str, bool | int | str] | None
    _by_name: dict[str, Ship] | None
    _place: dict[str, int] | None
    _by_id: dict[int, Formation] | None
    _on_map: dict[tuple[str, bool], tuple[Ship, ...]] | None
    _hexes: dict[str, frozenset[Hex]] | None
    _members: dict[tuple[tuple[str, ...], bool], tuple[Ship, ...]] | None
    _live: dict[str, tuple[Formation, ...]] | None

    def __init__(
        self,
        turn: int,
        step: str,
        phase: int,
        ships: tuple[Ship, ...],
        formations: tuple[Formation, ...],
        cup: ChitCup,
        decks: tuple[tuple[str, CardDeck], ...],
        flagship: str = "",
        admiral_killed_turn: int = 0,
        last_turn: int = 5,
        next_formation_id: int = 1,
        combat: Combat | None = None,
        pending: tuple[int, ...] = (),
        plan: tuple[tuple[int, str], ...] = (),
        us_vfdr: int = 7,
        jp_vfdr: int = 10,
        options: tuple[tuple[str, bool | int | str], ...] = (),
        scenario: Any = None,
        over: bool = False,
    ) -> None:
        object.__setattr__(self, "turn", turn)
        object.__setattr__(self, "step", step)
        object.__setattr__(self, "phase", phase)
        object.__setattr__(self, "ships", ships)
        object.__setattr__(self, "formations", formations)
        object.__setattr__(self, "cup", cup)
        object.__setattr__(self, "decks", decks)
        object.__setattr__(self, "flagship", flagship)
        object.__setattr__(self, "admiral_killed_turn", admiral_killed_turn)
        object.__setattr__(self, "last_turn", last_turn)
        object.__setattr__(self, "next_formation_id", next_formation_id)
        object.__setattr__(self, "combat", combat)
        object.__setattr__(self, "pending", pending)
        object.__setattr__(self, "plan", plan)
        object.__setattr__(self, "us_vfdr", us_vfdr)
        object.__setattr__(self, "jp_vfdr", jp_vfdr)
        object.__setattr__(self, "options", options)
        object.__setattr__(self, "scenario", scenario)
        object.__setattr__(self, "over", over)
        object.__setattr__(self, "_option_map", None)
        object.__setattr__(self, "_by_name", None)
        object.__setattr__(self, "_place", None)
        object.__setattr__(self, "_by_id", None)
        object.__setattr__(self, "_on_map", None)
        object.__setattr__(self, "_hexes", None)
        object.__setattr__(self, "_members", None)
        object.__setattr__(self, "_live", None)

    def replace(
        self,
        *,
        turn: int | None = None,
        step: str | None = None,
        phase: int | None = None,
        ships: tuple[Ship, ...] | None = None,
        formations: tuple[Formation, ...] | None = None,
        cup: ChitCup | None = None,
        decks: tuple[tuple[str, CardDeck], ...] | None = None,
        flagship: str | None = None,
        admiral_killed_turn: int | None = None,
        last_turn: int | None = None,
        next_formation_id: int | None = None,
        combat: Combat | Keep | None = KEEP,
        pending: tuple[int, ...] | None = None,
        plan: tuple[tuple[int, str], ...] | None = None,
        us_vfdr: int | None = None,
        jp_vfdr: int | None = None,
        options: tuple[tuple[str, bool | int | str], ...] | None = None,
        scenario: Any = None,
        over: bool | None = None,
    ) -> State:
        """A copy with the fields given changed (``combat`` may be changed to None),
        keeping the lookups those changes leave valid."""
        new = State(
            self.turn if turn is None else turn,
            self.step if step is None else step,
            self.phase if phase is None else phase,
            self.ships if ships is None else ships,
            self.formations if formations is None else formations,
            self.cup if cup is None else cup,
            self.decks if decks is None else decks,
            self.flagship if flagship is None else flagship,
            self.admiral_killed_turn if admiral_killed_turn is None else admiral_killed_turn,
            self.last_turn if last_turn is None else last_turn,
            self.next_formation_id if next_formation_id is None else next_formation_id,
            self.combat if isinstance(combat, Keep) else combat,
            self.pending if pending is None else pending,
            self.plan if plan is None else plan,
            self.us_vfdr if us_vfdr is None else us_vfdr,
            self.jp_vfdr if jp_vfdr is None else jp_vfdr,
            self.options if options is None else options,
            self.scenario if scenario is None else scenario,
            self.over if over is None else over,
        )
        if options is None:
            object.__setattr__(new, "_option_map", self._option_map)
        if ships is None:
            object.__setattr__(new, "_by_name", self._by_name)
            object.__setattr__(new, "_place", self._place)
            object.__setattr__(new, "_on_map", self._on_map)
            object.__setattr__(new, "_hexes", self._hexes)
            object.__setattr__(new, "_members", self._members)
        if formations is None:
            object.__setattr__(new, "_by_id", self._by_id)
        if ships is None and formations is None:
            object.__setattr__(new, "_live", self._live)
        return new

    # -- end of generated code --

    def option(self, name: str) -> bool | int | str:
        """The value of a rules option."""
        try:
            return self._options()[name]
        except KeyError:
            raise KeyError(name) from None

    # -- lookups, worked out once per state (a state never changes) -------------------
    def _options(self) -> dict[str, bool | int | str]:
        found = self._option_map
        if found is None:  # the first of a name counts
            found = {k: v for k, v in reversed(self.options)}
            object.__setattr__(self, "_option_map", found)
        return found

    def _names(self) -> dict[str, Ship]:
        found = self._by_name
        if found is None:  # the first of a name counts
            found = {s.name: s for s in reversed(self.ships)}
            object.__setattr__(self, "_by_name", found)
        return found

    def _places(self) -> dict[str, int] | None:
        """Each ship's position in :attr:`ships` by name; None if two share a name."""
        found = self._place
        if found is None:
            found = {s.name: i for i, s in enumerate(self.ships)}
            if len(found) != len(self.ships):
                return None
            object.__setattr__(self, "_place", found)
        return found

    def _ids(self) -> dict[int, Formation]:
        found = self._by_id
        if found is None:
            found = {f.id: f for f in reversed(self.formations)}
            object.__setattr__(self, "_by_id", found)
        return found

    # -- queries ----------------------------------------------------------------
    def ship(self, name: str) -> Ship:
        """The ship called ``name``."""
        try:
            return self._names()[name]
        except KeyError:
            raise KeyError(name) from None

    def ships_of(self, side: str, include_sinking: bool = True) -> tuple[Ship, ...]:
        """Ships of ``side`` on the map, in the order of :attr:`ships`."""
        known = self._on_map
        if known is None:
            known = {}
            object.__setattr__(self, "_on_map", known)
        key = (side, include_sinking)
        found = known.get(key)
        if found is None:
            found = known[key] = tuple(
                [
                    s
                    for s in self.ships
                    if s.side == side and not s.removed and (include_sinking or not s.sinking)
                ]
            )
        return found

    def hexes_of(self, side: str) -> frozenset[Hex]:
        """The hexes holding ships of ``side`` (any on the map, sinking included)."""
        known = self._hexes
        if known is None:
            known = {}
            object.__setattr__(self, "_hexes", known)
        found = known.get(side)
        if found is None:
            found = known[side] = frozenset([s.hex for s in self.ships_of(side)])
        return found

    def members(self, names: tuple[str, ...], include_sinking: bool = True) -> tuple[Ship, ...]:
        """The ships called ``names`` (a formation's) still on the map, in that order."""
        known = self._members
        if known is None:
            known = {}
            object.__setattr__(self, "_members", known)
        key = (names, include_sinking)
        found = known.get(key)
        if found is None:
            by_name = self._names()
            ships: list[Ship] = []
            for name in names:
                s = by_name.get(name)
                if s is None:
                    raise KeyError(name)
                if not s.removed and (include_sinking or not s.sinking):
                    ships.append(s)
            found = known[key] = tuple(ships)
        return found

    def side_ships(self, side: str, include_sinking: bool = True) -> Iterator[Ship]:
        """Ships of ``side`` on the map."""
        return iter(self.ships_of(side, include_sinking))

    def formation(self, fid: int) -> Formation:
        """The formation with id ``fid``."""
        try:
            return self._ids()[fid]
        except KeyError:
            raise KeyError(fid) from None

    def live_formations(self, side: str) -> tuple[Formation, ...]:
        """Formations of ``side`` with a ship still on the map."""
        known = self._live
        if known is None:
            known = {}
            object.__setattr__(self, "_live", known)
        found = known.get(side)
        if found is None:
            found = known[side] = tuple(
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
        replaced and any fields changed as by :meth:`replace` (a new ``formations``
        is the one the changed formations replace in): one new state for a whole
        step's changes."""
        by_name = {s.name: s for s in changed_ships}
        place = None
        if by_name and "ships" not in changes:
            place = self._places()
        by_name_now: dict[str, Ship] = {}
        if place is not None:
            ships = list(self.ships)
            by_name_now = dict(self._names())
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
        new = self.replace(**changes)
        if place is not None:
            # the names and their places are as here, so these lookups are known already
            object.__setattr__(new, "_place", place)
            object.__setattr__(new, "_by_name", by_name_now)
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
        return self.replace(
            formations=tuple([formation if f.id == fid else f for f in self.formations])
        )

    def with_deck(self, name: str, deck: CardDeck) -> State:
        """A state with one Gunnery Card deck replaced."""
        return self.replace(decks=tuple([(n, deck if n == name else d) for n, d in self.decks]))
