"""The state of a tactical battle and the vocabulary the battle rules share
(GWaS 7.0-7.3, 9.0; the volume's 20-step impulse).

A ship on the tactical map is a :class:`BattleShip`. Ships sit in *counters*:
a ship counter holds one ship; a squadron counter (9.0-9.5) holds up to 3
warships or 4 merchant ships that move, stack and are targeted as one counter
while each member fires on its own. The whole battle is a frozen
:class:`Battle`, so cloning it is free.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterator, Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

import attrs

from navalwar.frozen import evolve
from navalwar.games.gwas_1904.combat import ShipDamage
from navalwar.games.gwas_1904.ship import ShipSpec
from navalwar.games.gwas_1904.sides import JAPAN, RUSSIA, SIDES
from navalwar.games.gwas_1904.tables import DamageTables
from navalwar.games.gwas_1904.tactical_map import STACK
from navalwar.games.gwas_1904.weather import visibility
from navalwar.hexgrid import Hex, distance

if TYPE_CHECKING:
    from navalwar.engine import Context
    from navalwar.games.gwas_1904.overlay import Overlay
    from navalwar.games.gwas_1904.scenario import BattleScenario

T = TypeVar("T")


def other(side: str) -> str:
    """The enemy side."""
    return RUSSIA if side == JAPAN else JAPAN


@attrs.frozen(slots=True)
class BattleShip:
    """A ship in the battle.

    Attributes:
        key: unique id, ``"J:B06"``; a squadron member ``"J:DD-Ikazuchi#1.2"``.
        spec: the ship-data key, ``"J:B06"`` / ``"J:DD-Ikazuchi"``.
        counter: the counter it sits in (its own key for a single ship).
        left: the edge the ship left the map by (7.33), ``""`` while on it.
        seen: turned face up (7.27).
        aground: cannot move (7.42, BS2); beached: run ashore on purpose (7.44).
        exempt: outside the 8-per-hex limit (BS2's grounded ships, fortresses 20.44).
        in_port: in the harbor / port hex of an overlay (20.4).
    """

    key: str
    spec: str
    counter: str
    side: str
    hex: Hex | None
    damage: ShipDamage
    er: int = 6
    left: str = ""
    seen: bool = False
    aground: bool = False
    beached: bool = False
    exempt: bool = False
    in_port: bool = False
    mine_damage: ShipDamage | None = None  # the damage mines did (BS4: no VP for it)
    start_damage: ShipDamage | None = None  # a scenario's damage before play: no VP for it
    no_repair: bool = False  # an emergency repair failed on a 5-6 (11.27)
    towing: str = ""  # the key of the ship it tows (11.21-11.26)
    towed_by: str = ""  # the key of the ship towing it

    @property
    def free_damage(self) -> ShipDamage | None:
        """The damage that scores no VP: BS4's mine damage (it includes what the ship
        had before), else the damage the scenario starts it with (BS2, BS4: not
        "inflicted", VP schedule)."""
        return self.mine_damage if self.mine_damage is not None else self.start_damage

    @property
    def in_tow(self) -> bool:
        """Towing or being towed (+1 to hit it, 7.5, 7.81)."""
        return bool(self.towing or self.towed_by)

    def replace(self, **changes: Any) -> BattleShip:
        """``attrs.evolve(self, **changes)`` for the hot paths (a plain field copy)."""
        return evolve(self, **changes)

    @functools.cached_property
    def afloat(self) -> bool:
        """On the map and not sunk (a beached ship is out of the fight)."""
        return self.hex is not None and not self.left and not self.damage.sunk and not self.beached


@attrs.frozen(slots=True)
class PendingHit:
    """A hit on a squadron counter, waiting for its owner to choose the member
    that takes it (9.4)."""

    counter: str
    gun: str  # primary / secondary / tertiary / torpedo
    distance: int
    roll: int  # the damage table roll already made
    white: bool = False
    shooter: str = ""


class _ShipFacts:
    """What follows from a battle's ships (and its fixed scenario, overlay and options),
    worked out when first asked for and shared by every copy of the state with the same
    ``ships`` (see :meth:`Battle.replace`); :meth:`Battle.with_ships` hands on what its
    changes leave true. ``in_sight`` is by hex, side and visual range."""

    __slots__ = (
        "afloat",
        "afloat_by_counter",
        "at",
        "in_sight",
        "index",
        "lasting",
        "occupancy",
        "side_hexes",
        "slots",
    )

    def __init__(self) -> None:
        self.index: dict[str, int] | None = None
        self.afloat: dict[str | None, tuple[BattleShip, ...]] = {}
        self.afloat_by_counter: dict[str, tuple[BattleShip, ...]] = {}
        self.lasting: dict[object, object] = {}
        self.in_sight: dict[tuple[Hex, str, int], bool] = {}
        self.slots: dict[str, tuple[int, ...]] | None = None
        self.occupancy: dict[tuple[Hex, str], frozenset[str]] | None = None
        self.at: dict[tuple[Hex, str], tuple[BattleShip, ...]] | None = None
        self.side_hexes: dict[str, tuple[Hex, ...]] | None = None


BOOKKEEPING = frozenset({"todo", "planned", "started"})
"""The fields of a :class:`Battle` that only track whose decision is next: no result in
its ``memo`` may depend on them."""


@attrs.frozen(slots=False)  # a __dict__ makes :meth:`replace` a cheap dict copy
class Battle:
    """The state of a tactical battle.

    ``phase`` is ``"setup"`` while counters are placed (7.2), ``"impulse"`` during
    the 20-step impulses, ``"over"`` when the tactical phase has ended (7.36).
    """

    ships: tuple[BattleShip, ...]
    phase: str = "setup"
    impulse: int = 1
    step: int = 1
    initiative: str = JAPAN
    acting: str = ""  # the side deciding now
    started: bool = False  # the acting side's list of decisions is made
    todo: tuple[str, ...] = ()  # counters, groups or ships still to decide this step
    planned: tuple[tuple[str, str], ...] = ()  # (ship, target counter) declared this step
    snapshot: tuple[ShipDamage, ...] = ()  # damage at the start of a combat step
    pending: tuple[PendingHit, ...] = ()  # squadron hits to distribute (9.4)
    broken: tuple[str, ...] = ()  # sides released from formation (notes A-37)
    moved: tuple[str, ...] = ()  # counters that moved this step (stacking order)
    transits: tuple[tuple[str, int], ...] = ()  # port transits this step by side, "side/B" 20.41
    battleship_transits: int = 0  # Russian battleships through the harbor this battle
    commanders: tuple[tuple[str, str], ...] = ()  # (side, flagship ship key) 16.1
    fought: bool = False  # a second impulse began (7.38)
    scenario: BattleScenario | None = attrs.field(default=None, eq=False, repr=False)
    overlay: Overlay | None = attrs.field(default=None, eq=False, repr=False)
    options: tuple[tuple[str, bool | int | str], ...] = ()
    ids: tuple[tuple[str, str], ...] = attrs.field(default=(), repr=False)  # counter, opaque id
    # derived facts: of the ships (shared by the states with the same ``ships``) and
    # of this state (see :attr:`memo`)
    _facts: _ShipFacts = attrs.field(init=False, factory=_ShipFacts, eq=False, repr=False)
    _memo: dict[object, object] = attrs.field(init=False, factory=dict, eq=False, repr=False)

    def replace(self, **changes: Any) -> Battle:
        """``attrs.evolve(self, **changes)`` for the hot paths: a plain field copy that
        keeps the derived facts the changes leave true (those of the ships while
        ``ships`` is unchanged; the memo while only :data:`BOOKKEEPING` changes)."""
        unknown = changes.keys() - _FIELDS
        if unknown:
            raise TypeError(f"Battle has no field {sorted(unknown)[0]!r}")
        new = object.__new__(Battle)
        fields = new.__dict__
        fields.update(self.__dict__)
        fields.update(changes)
        if "ships" in changes or changes.keys() & _FIXED:
            fields["_facts"] = _ShipFacts()
        if not changes.keys() <= BOOKKEEPING:
            fields["_memo"] = {}
        return new

    @property
    def over(self) -> bool:
        """The tactical phase has ended."""
        return self.phase == "over"

    def ship(self, key: str) -> BattleShip:
        """The ship with ``key``."""
        return self.ships[self._index[key]]

    def holds(self, ship: BattleShip) -> bool:
        """Whether ``ship`` is this state's ship of its key (not an older or newer copy)."""
        i = self._index.get(ship.key)
        return i is not None and self.ships[i] is ship

    def index(self, key: str) -> int:
        """The position of a ship in ``ships``."""
        return self._index[key]

    @property
    def _index(self) -> dict[str, int]:
        facts = self._facts
        if facts.index is None:
            facts.index = {s.key: i for i, s in enumerate(self.ships)}
        return facts.index

    @property
    def occupancy(self) -> dict[tuple[Hex, str], frozenset[str]]:
        """The counters of each side in each hex that count against the stacking
        limit: afloat, not exempt, not in port (7.32, 9.4, 20.4, 20.44)."""
        facts = self._facts
        if facts.occupancy is None:
            out: dict[tuple[Hex, str], set[str]] = {}
            for s in self.ships:
                if s.afloat and not s.exempt and not s.in_port and s.hex is not None:
                    out.setdefault((s.hex, s.side), set()).add(s.counter)
            facts.occupancy = {k: frozenset(v) for k, v in out.items()}
        return facts.occupancy

    @property
    def lasting(self) -> dict[object, object]:
        """Results that depend on the ships only through what lasts as they move about
        the map: their damage, whether afloat, left, beached or aground (and on the
        battle's scenario, overlay and options). A state whose ships only moved keeps
        them (:meth:`with_ships`)."""
        return self._facts.lasting

    @property
    def memo(self) -> dict[object, object]:
        """Results derived from this (immutable) state, computed once (groups...). None
        may depend on the :data:`BOOKKEEPING` fields: a copy changing only those keeps it."""
        return self._memo

    @property
    def at(self) -> dict[tuple[Hex, str], tuple[BattleShip, ...]]:
        """Each side's afloat ships by hex."""
        facts = self._facts
        if facts.at is None:
            out: dict[tuple[Hex, str], list[BattleShip]] = {}
            for s in self.ships:
                if s.afloat and s.hex is not None:
                    out.setdefault((s.hex, s.side), []).append(s)
            facts.at = {k: tuple(v) for k, v in out.items()}
        return facts.at

    @property
    def side_hexes(self) -> dict[str, tuple[Hex, ...]]:
        """The hexes holding each side's afloat ships."""
        facts = self._facts
        if facts.side_hexes is None:
            out: dict[str, set[Hex]] = {side: set() for side in SIDES}
            for s in self.ships:
                if s.afloat and s.hex is not None:
                    out[s.side].add(s.hex)
            facts.side_hexes = {side: tuple(sorted(hexes)) for side, hexes in out.items()}
        return facts.side_hexes

    def afloat_ships(self, side: str | None = None) -> tuple[BattleShip, ...]:
        """Ships on the map and not sunk, of one side or both, in ``ships`` order."""
        found = self._facts.afloat.get(side)
        if found is None:
            found = tuple(s for s in self.ships if s.afloat and (side is None or s.side == side))
            self._facts.afloat[side] = found
        return found

    def members(self, counter: str) -> list[BattleShip]:
        """The ships of a counter (afloat or not)."""
        ships = self.ships
        return [ships[i] for i in self._slots().get(counter, ())]

    def afloat_members(self, counter: str) -> tuple[BattleShip, ...]:
        """The ships of a counter that are afloat, in ``ships`` order."""
        found = self._facts.afloat_by_counter.get(counter)
        if found is None:
            ships = self.ships
            found = tuple(ships[i] for i in self._slots().get(counter, ()) if ships[i].afloat)
            self._facts.afloat_by_counter[counter] = found
        return found

    def _slots(self) -> dict[str, tuple[int, ...]]:
        """The places in ``ships`` of each counter's ships."""
        facts = self._facts
        if facts.slots is None:
            out: dict[str, list[int]] = {}
            for i, s in enumerate(self.ships):
                out.setdefault(s.counter, []).append(i)
            facts.slots = {c: tuple(places) for c, places in out.items()}
        return facts.slots

    def with_ship(self, ship: BattleShip) -> Battle:
        """Replace one ship."""
        return self.with_ships({ship.key: ship})

    def with_ships(self, ships: Mapping[str, BattleShip]) -> Battle:
        """Replace several ships."""
        index = self._index
        new = list(self.ships)
        moved_only = same_counters = True
        for key, ship in ships.items():
            i = index.get(key)
            if i is not None:
                moved_only = moved_only and _same_fortune(new[i], ship)
                same_counters = same_counters and new[i].counter == ship.counter
                new[i] = ship
        battle = self.replace(ships=tuple(new))
        facts, old = battle._facts, self._facts
        facts.index = index  # the same keys in the same places
        if same_counters:
            facts.slots = old.slots
        if moved_only:
            facts.lasting = old.lasting
        return battle

    def option(self, name: str) -> bool | int | str:
        """A rules option."""
        return _options(self.options)[name]

    def opaque_id(self, counter: str) -> str:
        """The id a counter shows its enemy while face down (7.23): fixed for the
        match, drawn at set-up by :func:`navalwar.hidden.opaque_ids`."""
        return _ids(self.ids).get(counter, "")

    @property
    def night(self) -> bool:
        """Whether this impulse is fought at night (the scenario's time)."""
        start = self.scenario.night_from if self.scenario is not None else 0
        return bool(start) and self.impulse >= start

    @property
    def weather(self) -> int:
        """The weather level (fixed in battle scenarios, notes A-52)."""
        return self.scenario.weather if self.scenario is not None else 1


_FIELDS = frozenset(a.name for a in attrs.fields(Battle) if a.init)
_FIXED = frozenset({"scenario", "overlay", "options"})  # what ``lasting`` also depends on


def memoised(memo: dict[object, object], key: tuple[object, ...], compute: Callable[[], T]) -> T:
    """``compute()``, worked out once: kept in ``memo`` (a battle's ``memo`` or
    ``lasting``) under ``key``, which must name everything else the result depends on."""
    if key in memo:
        return cast(T, memo[key])
    found = memo[key] = compute()
    return found


def _same_fortune(old: BattleShip, new: BattleShip) -> bool:
    """Whether a ship's new state differs from the old only in where it is on the map
    (or whether it is face up, in port, towing)."""
    return (
        new.damage is old.damage
        and new.mine_damage is old.mine_damage
        and new.left == old.left
        and new.beached == old.beached
        and new.aground == old.aground
        and new.afloat == old.afloat
    )


@functools.lru_cache(maxsize=64)
def _ids(ids: tuple[tuple[str, str], ...]) -> dict[str, str]:
    return dict(ids)


@functools.lru_cache(maxsize=64)
def _options(options: tuple[tuple[str, bool | int | str], ...]) -> dict[str, bool | int | str]:
    return dict(options)


@attrs.frozen
class Rules:
    """What the battle rules read but never change: ship data and tables."""

    specs: Mapping[str, ShipSpec]
    tables: DamageTables

    def of(self, ship: BattleShip) -> ShipSpec:
        """A ship's data."""
        return self.specs[ship.spec]


def visual_range(battle: Battle) -> int:
    """Visible distance: 4 hexes by day, 2 at night, less in bad weather (7.27, 11.73)."""
    return visibility(battle.weather, battle.night)


def afloat(battle: Battle, side: str | None = None) -> Iterator[BattleShip]:
    """Ships on the map and not sunk, of one side or both."""
    return iter(battle.afloat_ships(side))


def counters(battle: Battle, side: str) -> dict[str, list[BattleShip]]:
    """A side's counters on the map with their afloat members."""
    out: dict[str, list[BattleShip]] = {}
    for s in afloat(battle, side):
        out.setdefault(s.counter, []).append(s)
    return out


def counter_hex(battle: Battle, counter: str) -> Hex | None:
    """Where a counter is (its members share a hex, 9.4)."""
    for s in battle.ships:
        if s.counter == counter and s.afloat:
            return s.hex
    return None


def in_sight(battle: Battle, ship: BattleShip) -> bool:
    """Whether an enemy ship afloat is within visible distance (7.27)."""
    if ship.hex is None:
        return False
    reach = visual_range(battle)
    key = (ship.hex, ship.side, reach)
    seen = battle._facts.in_sight
    found = seen.get(key)
    if found is None:
        enemy = battle.side_hexes[other(ship.side)]
        found = seen[key] = any(distance(h, ship.hex) <= reach for h in enemy)
    return found


def reveal(battle: Battle, ctx: Context | None = None) -> Battle:
    """Turn face up every ship within visible distance of an enemy (7.27); if any
    turns, the step is a reveal (``ctx.reveal``: no undo past it)."""
    changed = {
        s.key: s.replace(seen=True)
        for s in battle.ships
        if s.afloat and not s.seen and in_sight(battle, s)
    }
    if not changed:
        return battle
    if ctx is not None:
        ctx.reveal = True
    return battle.with_ships(changed)


def stack_count(battle: Battle, h: Hex, side: str | None = None) -> int:
    """Counters in a hex that count against the limit of 8 a side (7.32, 9.4, 20.4)."""
    occ = battle.occupancy
    if side is not None:
        return len(occ.get((h, side), ()))
    return sum(len(occ.get((h, s), ())) for s in SIDES)


def has_room(battle: Battle, h: Hex, side: str, n: int = 1) -> bool:
    """Whether ``n`` more counters of ``side`` fit in ``h`` (8 a side, 16 in all; 7.32)."""
    occ = battle.occupancy
    own = len(occ.get((h, side), ()))
    if own + n > STACK:
        return False
    both = sum(len(occ.get((h, s), ())) for s in SIDES)  # stack_count(battle, h)
    return both + n <= 2 * STACK
