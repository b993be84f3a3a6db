"""Battle scenario files (GWaS battle scenarios 1-8, rulebook L284-518).

A scenario file is TOML; ``parse_scenario`` checks every field and reports the
field path of the first problem (a :class:`~navalwar.errors.DataError`). The
classes below are the contract between the files and the battle engine.

Counter keys: a ship is ``"J:B06"``; the members of a squadron counter (9.2)
are ``"J:DD-Ikazuchi#1.1"``, ``"J:DD-Ikazuchi#1.2"`` ... (counter 1, member 1,
2 ...), and the counter itself is ``"J:DD-Ikazuchi#1"``.

File layout (every key is checked; an unknown key is an error)::

    [scenario]          id, title, rule, description, date, overlay, weather,
                        night_from, impulses, impulses_provenance, initiative,
                        entry_edge, entry_side, breakout, breakout_ships,
                        breakout_follow, scripted_transports, notes
    [forces.Japan]      ships, squadrons = [{code, ships}], er, er_by_ship = {ref = er},
    [forces.Russia]     commander, flagship; or, for a side in fleets (7.29), instead of
                        ships and squadrons: [[forces.<side>.fleets]] name, er, ships,
                        squadrons (a fleet's er becomes er_by_ship entries)
    [[placement]]       side, area, ships, hex, within, edge, adjacent
    [[adjustment]]      side, ships, type, part, boxes, aground
    [[mines]]           kind, side, fields, ships, vp
    [[optional_ship]]   side, code, option, included
    [victory]           the fields of :class:`Victory`

A *ref* (placement ``ships``, ``er_by_ship`` keys) is a single-ship code
(``"B06"``), a squadron counter key (``"DD-Ikazuchi#2"``) or a squadron class
code (``"DD-Ikazuchi"``: all its counters); the parsed placements and fleets
hold counter keys only. Wherever a file gives a ship or squadron class code it may
give the name instead (``"Peresvet"``, ``"Puilki class"``, in any letter case); a
name two ships of a side share must be given as a code.
"""

from __future__ import annotations

import datetime
import re
from collections.abc import Mapping, Sequence
from typing import Any

import attrs

from navalwar import reader
from navalwar.errors import DataError, UnknownNameError
from navalwar.games.gwas_1904 import tactical_map
from navalwar.games.gwas_1904.ship import PARTS, TYPES
from navalwar.games.gwas_1904.sides import SIDES
from navalwar.games.gwas_1904.tactical_map import STACK
from navalwar.reader import KIND_NAMES, Reader, describe, join

# Placement areas (7.21, 7.22, 20.4, scenario set-ups).
AREAS = ("centre", "edge", "hex", "near", "roadstead", "harbor", "port")
OVERLAYS = ("port-arthur", "chemulpo")
# The overlay an area needs (20.4 Port Arthur; 20.5 Chemulpo).
AREA_OVERLAY = {"roadstead": "port-arthur", "harbor": "port-arthur", "port": "chemulpo"}
MINE_KINDS = ("pre_battle", "roadstead")
PROVENANCES = ("rulebook", "reconstructed")
SQUADRON_TYPES = ("DD", "TB", "TR")  # classes printed as "...-class destroyers: 4" (9.1)
MERCHANT_TYPES = ("TR",)
# Bounds on the counts a file gives (the bundled scenarios' largest in brackets): any
# whole number without a printed range (impulses 12, exit_ships 7 ...), a squadron's
# ships (31) and a side's squadron ships (64), so that a file cannot ask for millions.
MAX_COUNT = reader.MAX_COUNT  # 999: the core reader's bound on a count
MAX_SQUADRON_SHIPS = 99
MAX_SIDE_SQUADRON_SHIPS = 300
WARSHIPS_PER_COUNTER = 3  # 9.2
MERCHANTS_PER_COUNTER = 4  # 9.2
EXEMPT_TYPES = ("FORT",)  # 20.44: fortresses are outside the 8-per-hex limit
ER_RANGE = (1, 7)  # Effectiveness Table rows (19.1)
WEATHER_RANGE = (1, 6)  # 11.73
DEFAULT_ER = 6  # 19.1
_ID = re.compile(r"^[a-z0-9]+(?:-[a-z0-9]+)*$")
_CODE_TYPE = re.compile(r"^[A-Z]+")


@attrs.frozen
class Placement:
    """Where some of a side's counters start.

    ``area``:
      * ``centre``: 7.21, the 7 central hexes, overflow into adjacent hexes, as
        near as possible to the initiative side's entry edge;
      * ``edge``: 7.22, the border row of ``edge`` (the side's entry edge),
        overflow into adjacent hexes out of sight of the enemy;
      * ``hex``: all of ``ships`` in the fixed hex ``hex`` (BS3);
      * ``near``: all of ``ships`` together in one hex of the owner's choice
        within ``within`` hexes of ``hex`` (BS4);
      * ``roadstead``: 20.4, 4-8 counters in the Port Arthur Roadstead, the rest
        adjacent to it;
      * ``harbor``: in the Port Arthur harbor hex (20.4, no stacking limit);
      * ``port``: in the overlay's port hex (BS1 Chemulpo).
    ``ships`` lists counter keys without the nation prefix (``"B06"``,
    ``"DD-Ikazuchi#1"``); empty means every counter of the side that no earlier
    placement names (the parser allows one such placement a side, its last).
    ``adjacent``: the counters go in hexes adjacent to ``hex`` (BS2 Novik next
    to the Roadstead), not in it. ``edge`` is always filled for area ``edge``
    (the parser copies the scenario's ``entry_edge`` when the file leaves it out).
    """

    side: str
    area: str
    ships: tuple[str, ...] = ()
    hex: str = ""
    within: int = 0
    edge: str = ""
    adjacent: bool = False


@attrs.frozen
class Squadron:
    """Squadron counters (9.0-9.5): ``ships`` ships of class ``code``, grouped
    into counters of at most 3 warships or 4 merchant ships (9.2).

    Default grouping (:func:`split_squadron`): full counters first, the rest in
    the last one (4 destroyers: 3 + 1). Counters are numbered ``#1``, ``#2`` ...
    per class code across the side's squadron entries in file order, so two
    entries of one class (BS3's 1 destroyer at sea and 12 in harbor) make
    counters ``#1`` and ``#2``-``#5``.
    """

    code: str  # "DD-Ikazuchi", "TB-No21", "TR-F"
    ships: int


@attrs.frozen
class Force:
    """One side's forces (a scenario's "Forces" paragraph).

    ``er_by_ship`` keys are refs (a ship code, a squadron counter key or a
    squadron class code); :meth:`er_of` resolves a counter or member key.
    ``fleets`` hold counter keys (ship codes and squadron counter keys).
    """

    ships: tuple[str, ...]  # single-ship codes, "B06"
    squadrons: tuple[Squadron, ...] = ()
    er: int = 6  # 19.1 default
    er_by_ship: tuple[tuple[str, int], ...] = ()  # (ref, ER) exceptions; a later entry wins
    commander: str = ""  # 16.0
    flagship: str = ""  # ship code; "" = the first ship of ``ships`` (notes A-39)
    fleets: tuple[tuple[str, tuple[str, ...]], ...] = ()  # (fleet name, codes), 7.24/7.29
    names: tuple[tuple[str, str], ...] = ()  # (code, name) of each ship and squadron class

    def name_of(self, code: str) -> str:
        """The name of a ship or squadron class code of this force (``""`` if unknown)."""
        return dict(self.names).get(code, "")

    def squadron_counters(self) -> tuple[tuple[tuple[str, int], ...], ...]:
        """Each ``squadrons`` entry's counters as (key, ships): ``("DD-Ikazuchi#1", 3)``."""
        numbers: dict[str, int] = {}
        out = []
        for sq in self.squadrons:
            entry = []
            for size in split_squadron(sq.code, sq.ships):
                numbers[sq.code] = numbers.get(sq.code, 0) + 1
                entry.append((f"{sq.code}#{numbers[sq.code]}", size))
            out.append(tuple(entry))
        return tuple(out)

    def counters(self) -> tuple[str, ...]:
        """Every counter key (no nation prefix): the single ships, then the squadron counters."""
        squads = tuple(key for entry in self.squadron_counters() for key, _ in entry)
        return self.ships + squads

    def resolve(self, ref: str) -> tuple[str, ...]:
        """The counter keys a ref names (empty if it names none)."""
        if ref in self.ships:
            return (ref,)
        squads = [key for entry in self.squadron_counters() for key, _ in entry]
        if ref in squads:
            return (ref,)
        return tuple(key for key in squads if key.split("#")[0] == ref)

    def er_of(self, key: str) -> int:
        """The starting ER of a ship, counter or member key (``"DD-Ikazuchi#1.2"``, with or
        without the ``"J:"`` prefix)."""
        table = dict(self.er_by_ship)
        key = key.split(":")[-1]
        counter = key.split(".")[0] if "#" in key else key
        for ref in (counter, counter.split("#")[0]):
            if ref in table:
                return table[ref]
        return self.er


@attrs.frozen
class Adjustment:
    """Damage or state a ship starts with (BS2 lingering damage, BS4, BS5 landing parties).

    ``ships`` are codes; ``type`` selects by ship type instead (``"B"``).
    ``part`` is ``primary``/``secondary``/``tertiary``/``hull``; ``boxes`` lost.
    ``aground``: the ship starts aground (cannot move) and outside the
    8-per-hex limit (BS2).
    """

    side: str
    ships: tuple[str, ...] = ()
    type: str = ""
    part: str = "hull"
    boxes: int = 0
    aground: bool = False


@attrs.frozen
class Mines:
    """Scenario mine rules (T-4, T-5; notes A-36, E-32).

    ``kind``: ``pre_battle`` (BS4: before play roll for each of ``ships`` as if
    it passed through ``fields`` minefields) or ``roadstead`` (BS3: each time a
    ship of ``side`` enters or leaves the Roadstead from or to a sea hex, roll as
    if through ``fields`` minefields). ``vp``: whether mine damage scores VP.
    """

    kind: str
    side: str
    fields: int
    ships: tuple[str, ...] = ()
    vp: bool = True


@attrs.frozen
class Victory:
    """A scenario's victory conditions on top of the VP schedule (L267-282).

    * ``exit_side``/``exit_ships``/``exit_edges``: that side wins outright by
      getting ``exit_ships`` ships off the map by one of ``exit_edges`` (all
      edges if empty) (BS5, BS7).
    * ``exit_vp_side``/``exit_vp_fraction``/``exit_vp_edges``: that side scores
      the fraction of the VP value of each of its ships leaving the map by those
      edges out of sight (BS1: 1, BS6: 0.5).
    * ``lost_edges_side``/``lost_edges``: ships of that side leaving by an edge
      NOT in ``lost_edges`` count as sunk (BS6 "edge of the world": keeps E).
    * ``transport_vp``/``transport_hex``: VP per transport that reaches the hex
      and is not sunk (BS1: 3 at the hex next to Chemulpo harbor).
    * ``margin_side``/``margin``: that side wins only with a VP lead of at least
      ``margin``; any other result is the other side's win (BS3: Japan, 30).
    * ``ties``: the side that wins an equal score ("" = a draw); "any other
      result is a Japanese victory" (BS5, BS7) is ``ties = "Japan"``.
    """

    exit_side: str = ""
    exit_ships: int = 0
    exit_edges: tuple[str, ...] = ()
    exit_vp_side: str = ""
    exit_vp_fraction: float = 0.0
    exit_vp_edges: tuple[str, ...] = ()
    lost_edges_side: str = ""
    lost_edges: tuple[str, ...] = ()
    transport_vp: int = 0
    transport_hex: str = ""
    margin_side: str = ""
    margin: int = 0
    ties: str = ""


@attrs.frozen
class BattleScenario:
    """A battle scenario (BS1-BS8).

    * ``night_from``: the first impulse fought at night (BS1: 3); 0 = never,
      1 = the whole battle is at night.
    * ``weather``: the fixed weather level 1-6 (11.73; notes A-7, A-52).
    * ``impulses``: the most impulses (0 = until 7.36 ends the battle);
      ``impulses_provenance`` is ``rulebook`` or ``reconstructed`` (BS1-BS3 print
      no length; the file documents the chosen value and it is a scenario option).
    * ``initiative``: the side holding the initiative in the first impulse
      ("" = rolled, 7.1 A); later impulses are always rolled.
    * ``entry_edge``: the initiative side's entry edge (7.22), one of
      ``tactical_map.EDGES``; ``entry_side`` is which side enters by it
      (normally the initiative side; the parser fills it in from ``initiative``
      when the file leaves it out, and requires it when the initiative is rolled).
    * ``overlay``: "" or an overlay id (``port-arthur``, ``chemulpo``; 20.0).
    * ``date``: ISO date of the battle (20.41's 20 March 1904).
    * ``breakout``: "" if the scenario has no formation rule; otherwise the side
      that must keep formation until break-out (notes A-37), with
      ``breakout_ships``: how many of its ships must come within range of an
      enemy ship with main guns (0 = may break out at any time, BS1).
    * ``scripted_transports``: the hex the transports sail to at full speed and
      stay in (BS1).
    * ``optional_ships``: (side, code, option name, default included) ships a
      scenario option can remove (BS6 Bogatyr, notes A-62).
    """

    id: str
    title: str
    rule: str
    description: str
    forces: dict[str, Force]
    placements: tuple[Placement, ...]
    entry_edge: str
    entry_side: str = ""
    night_from: int = 0
    weather: int = 1
    impulses: int = 0
    impulses_provenance: str = "rulebook"
    initiative: str = ""
    overlay: str = ""
    date: str = ""
    adjustments: tuple[Adjustment, ...] = ()
    mines: tuple[Mines, ...] = ()
    breakout: str = ""
    breakout_ships: int = 0
    breakout_follow: bool = True
    scripted_transports: str = ""
    optional_ships: tuple[tuple[str, str, str, bool], ...] = ()
    victory: Victory = Victory()
    notes: tuple[str, ...] = ()  # readings taken, printed with ``show``
    file: str = ""


# Ship codes ------------------------------------------------------------------


def ship_type(code: str) -> str:
    """The type a code's letters give (5.21): ``"AC"`` for ``"AC01"``, ``"DD"`` for
    ``"DD-Boiki"``."""
    m = _CODE_TYPE.match(code)
    return m.group(0) if m else ""


def is_squadron_class(code: str) -> bool:
    """Whether a code is a squadron class (``"TB-No21"``), not a single ship (``"FORT-1"``)."""
    return "-" in code and ship_type(code) in SQUADRON_TYPES


def split_squadron(code: str, ships: int) -> tuple[int, ...]:
    """The default grouping of a squadron into counters (9.2): full counters first."""
    per = MERCHANTS_PER_COUNTER if ship_type(code) in MERCHANT_TYPES else WARSHIPS_PER_COUNTER
    full, rest = divmod(ships, per)
    return (per,) * full + ((rest,) if rest else ())


# Reading TOML values -----------------------------------------------------------

_KIND_NAMES = KIND_NAMES
_describe = describe
_join = join


class _Reader(Reader):
    """The core :class:`~navalwar.reader.Reader` with a scenario's own values: sides, map
    edges and hexes, and ship codes.

    ``names``: each side's codes -> ship (or squadron class) names, so a file may name
    a ship by its name, in any letter case, wherever it may give its code (:meth:`code`)."""

    def __init__(self, file: str, names: Mapping[str, Mapping[str, str]] | None = None) -> None:
        super().__init__(file)
        self.ship_names = names or {}
        self.codes: dict[str, dict[str, list[str]]] = {}  # side -> folded name -> codes
        for side, table in self.ship_names.items():
            for code, name in sorted(table.items()):
                if name.casefold() != code.casefold():
                    self.codes.setdefault(side, {}).setdefault(name.casefold(), []).append(code)

    def code(self, side: str, value: str, path: str) -> str:
        """``value``, or the code of the ship (or squadron class) of ``side`` it names."""
        codes = self.codes.get(side, {}).get(value.casefold())
        if not codes or value in self.ship_names.get(side, {}):
            return value
        if len(codes) > 1:
            self.fail(
                path,
                f"{side} has {len(codes)} ships named {value!r} ({', '.join(codes)}): "
                "give the code",
            )
        return codes[0]

    def names_of(self, side: str, codes: set[str]) -> set[str]:
        """The names of ``codes`` (for a "did you mean")."""
        table = self.ship_names.get(side, {})
        return {table[c] for c in codes if c in table}

    def side(self, t: dict[str, Any], key: str, path: str, optional: bool = False) -> str:
        value = self.text(t, key, path)
        if not value and optional:
            return ""
        return self.side_name(value, _join(path, key))

    def side_name(self, value: str, path: str) -> str:
        if value not in SIDES:
            self.fail(path, str(UnknownNameError("side", value, SIDES)))
        return value

    def edge(self, value: str, path: str) -> str:
        if value not in tactical_map.EDGES:
            self.fail(
                path, f"map edge must be one of {', '.join(tactical_map.EDGES)}, not {value!r}"
            )
        return value

    def edges(self, t: dict[str, Any], key: str, path: str) -> tuple[str, ...]:
        out: list[str] = []
        for p, v in self.texts(t, key, path):
            if self.edge(v, p) in out:
                self.fail(p, f"edge {v!r} is listed twice")
            out.append(v)
        return tuple(out)

    def hex(self, t: dict[str, Any], key: str, path: str) -> str:
        """A tactical hex label, canonical ("K8"); "" if absent."""
        value = self.text(t, key, path)
        return self.hex_label(value, _join(path, key)) if key in t else ""

    def hex_label(self, value: str, path: str) -> str:
        try:
            return tactical_map.label(tactical_map.hex_of(value))
        except DataError as exc:
            self.fail(path, exc.reason)


# Head ---------------------------------------------------------------------------

_TOP_KEYS = ("adjustment", "mines", "optional_ship", "victory")
_HEAD_REQUIRED = ("id", "title", "rule", "weather", "entry_edge")
_HEAD_OPTIONAL = (
    "description",
    "date",
    "overlay",
    "night_from",
    "impulses",
    "impulses_provenance",
    "initiative",
    "entry_side",
    "breakout",
    "breakout_ships",
    "breakout_follow",
    "scripted_transports",
    "notes",
)


def _date(r: _Reader, t: dict[str, Any], path: str) -> str:
    value = t.get("date", "")
    p = _join(path, "date")
    if type(value) is datetime.date:
        return value.isoformat()
    if not isinstance(value, str):
        r.fail(p, f"must be an ISO date such as '1904-08-10', not {_describe(value)}")
    if not value:
        return ""
    try:
        return datetime.date.fromisoformat(value).isoformat()
    except ValueError:
        r.fail(p, f"must be an ISO date such as '1904-08-10', not {value!r}")


def _head(r: _Reader, doc: dict[str, Any]) -> dict[str, Any]:
    """The ``[scenario]`` table as BattleScenario keyword arguments (forces not yet known)."""
    p = "scenario"
    t = r.table(doc.get("scenario"), p, _HEAD_REQUIRED, _HEAD_OPTIONAL)
    sid = r.text(t, "id", p)
    if not _ID.match(sid):
        r.fail(
            f"{p}.id", f"must be lower-case words joined by '-', such as 'yellow-sea', not {sid!r}"
        )
    title = r.text(t, "title", p)
    if not title.strip():
        r.fail(f"{p}.title", "must not be empty")
    impulses = r.integer(t, "impulses", p)
    night_from = r.integer(t, "night_from", p)
    if impulses and night_from > impulses:
        r.fail(f"{p}.night_from", f"impulse {night_from} is after the last impulse ({impulses})")
    initiative = r.side(t, "initiative", p, optional=True)
    entry_side = r.side(t, "entry_side", p, optional=True) or initiative
    if not entry_side:
        r.fail(
            f"{p}.entry_side",
            "needed when the initiative is rolled: the side entering by entry_edge",
        )
    return {
        "id": sid,
        "title": title,
        "rule": r.text(t, "rule", p),
        "description": r.text(t, "description", p),
        "date": _date(r, t, p),
        "overlay": r.text(t, "overlay", p, choices=OVERLAYS),
        "weather": r.integer(t, "weather", p, 1, *WEATHER_RANGE),
        "night_from": night_from,
        "impulses": impulses,
        "impulses_provenance": r.text(t, "impulses_provenance", p, "rulebook", choices=PROVENANCES),
        "initiative": initiative,
        "entry_edge": r.edge(r.text(t, "entry_edge", p), f"{p}.entry_edge"),
        "entry_side": entry_side,
        "breakout": r.side(t, "breakout", p, optional=True),
        "breakout_ships": r.integer(t, "breakout_ships", p),
        "breakout_follow": r.flag(t, "breakout_follow", p, True),
        "scripted_transports": r.hex(t, "scripted_transports", p),
        "notes": tuple(v for _, v in r.texts(t, "notes", p)),
    }


def _check_head(r: _Reader, head: dict[str, Any], forces: dict[str, Force]) -> None:
    """Head fields that depend on the forces."""
    side = head["breakout"]
    if not side and (head["breakout_ships"] or not head["breakout_follow"]):
        r.fail("scenario.breakout", "needed with breakout_ships or breakout_follow")
    if side and head["breakout_ships"] > _ship_count(forces[side]):
        r.fail(
            "scenario.breakout_ships",
            f"{head['breakout_ships']} is more than the {_ship_count(forces[side])} {side} ships",
        )
    if head["scripted_transports"] and not any(
        ship_type(sq.code) in MERCHANT_TYPES for f in forces.values() for sq in f.squadrons
    ):
        r.fail("scenario.scripted_transports", "no side has transports (a TR squadron)")


def _ship_count(force: Force) -> int:
    return len(force.ships) + sum(sq.ships for sq in force.squadrons)


# Forces ---------------------------------------------------------------------------

_FORCE_KEYS = ("ships", "squadrons", "er", "er_by_ship", "commander", "flagship", "fleets")
_FLEET_KEYS = ("er", "ships", "squadrons")
_SQUADRON_KEYS = ("code", "ships")


@attrs.frozen
class _Fleet:
    """A fleet as read from ``fleets = [...]``."""

    name: str
    er: int
    ships: tuple[str, ...]
    squadrons: tuple[Squadron, ...]


class _ForceReader:
    """Reads one side's ``[forces.<side>]`` table."""

    def __init__(self, r: _Reader, side: str, codes: set[str]) -> None:
        self.r = r
        self.side = side
        self.codes = codes
        self.seen: dict[str, str] = {}  # ship code -> path of its first listing
        self.squadron_ships = 0

    def ships(self, t: dict[str, Any], path: str) -> tuple[str, ...]:
        out = []
        for p, ref in self.r.texts(t, "ships", path):
            code = self.r.code(self.side, ref, p)
            self.known(code, p, squadron=False)
            if code in self.seen:
                self.r.fail(p, f"{code} is already listed at {self.seen[code]}")
            self.seen[code] = p
            out.append(code)
        return tuple(out)

    def squadrons(self, t: dict[str, Any], path: str) -> tuple[Squadron, ...]:
        out = []
        for p, item in self.r.items(t, "squadrons", path):
            st = self.r.table(item, p, _SQUADRON_KEYS)
            code = self.r.code(self.side, self.r.text(st, "code", p), f"{p}.code")
            self.known(code, f"{p}.code", squadron=True)
            n = self.r.integer(st, "ships", p, low=1, high=MAX_SQUADRON_SHIPS)
            self.squadron_ships += n
            if self.squadron_ships > MAX_SIDE_SQUADRON_SHIPS:
                limit = MAX_SIDE_SQUADRON_SHIPS
                self.r.fail(f"{p}.ships", f"more than {limit} squadron ships on a side")
            out.append(Squadron(code, n))
        return tuple(out)

    def known(self, code: str, path: str, squadron: bool) -> None:
        """Fail unless ``code`` is one of the side's ship codes of the right kind."""
        pool = {c for c in self.codes if is_squadron_class(c) == squadron}
        if code in pool:
            return
        if code in self.codes:
            what, where = (
                ("a single ship", "ships") if squadron else ("a squadron class", "squadrons")
            )
            self.r.fail(path, f"{code} is {what}; list it under {where}")
        kind = f"{self.side} {'squadron class' if squadron else 'ship code'}"
        known = pool | self.r.names_of(self.side, pool)
        self.r.fail(path, str(UnknownNameError(kind, code, known)))

    def fleets(self, t: dict[str, Any], path: str, er: int) -> list[_Fleet]:
        out: list[_Fleet] = []
        for p, item in self.r.items(t, "fleets", path):
            ft = self.r.table(item, p, ("name",), _FLEET_KEYS)
            name = self.r.text(ft, "name", p)
            if not name.strip() or any(f.name == name for f in out):
                self.r.fail(
                    f"{p}.name", f"must be a non-empty name no other fleet has, not {name!r}"
                )
            ships, squadrons = self.ships(ft, p), self.squadrons(ft, p)
            if not ships and not squadrons:
                self.r.fail(p, f"fleet {name!r} has no ships")
            out.append(_Fleet(name, self.r.integer(ft, "er", p, er, *ER_RANGE), ships, squadrons))
        if not out:
            self.r.fail(f"{path}.fleets", "must list at least one fleet")
        return out


def _force(r: _Reader, value: object, side: str, codes: set[str]) -> Force:
    path = f"forces.{side}"
    t = r.table(value, path, (), _FORCE_KEYS)
    fr = _ForceReader(r, side, codes)
    er = r.integer(t, "er", path, DEFAULT_ER, *ER_RANGE)
    fleets: list[_Fleet] = []
    if "fleets" in t:
        for key in ("ships", "squadrons"):
            if key in t:
                r.fail(f"{path}.{key}", "a side with fleets lists its ships in the fleets")
        fleets = fr.fleets(t, path, er)
        ships = tuple(code for f in fleets for code in f.ships)
        squadrons = tuple(sq for f in fleets for sq in f.squadrons)
    else:
        ships, squadrons = fr.ships(t, path), fr.squadrons(t, path)
    if not ships and not squadrons:
        r.fail(path, "a side needs at least one ship (ships or squadrons)")
    force = Force(ships, squadrons, er)
    flagship = r.code(side, r.text(t, "flagship", path), f"{path}.flagship")
    if flagship and flagship not in ships:
        r.fail(
            f"{path}.flagship", str(UnknownNameError(f"{side} ship of this force", flagship, ships))
        )
    fleet_refs, fleet_er = _fleet_refs(force, fleets)
    return attrs.evolve(
        force,
        er_by_ship=fleet_er + _er_by_ship(r, t, side, force),
        commander=r.text(t, "commander", path),
        flagship=flagship,
        fleets=fleet_refs,
        names=tuple(
            (c, n) for c, n in sorted(r.ship_names.get(side, {}).items()) if force.resolve(c)
        ),
    )


def _fleet_refs(
    force: Force, fleets: list[_Fleet]
) -> tuple[tuple[tuple[str, tuple[str, ...]], ...], tuple[tuple[str, int], ...]]:
    """Each fleet's counter keys, and an ER entry for each counter of a fleet whose ER differs."""
    entries = iter(force.squadron_counters())  # in fleet order, as the squadrons were joined
    out = []
    ers: list[tuple[str, int]] = []
    for f in fleets:
        squads = tuple(key for _ in f.squadrons for key, _n in next(entries))
        refs = f.ships + squads
        out.append((f.name, refs))
        if f.er != force.er:
            ers.extend((ref, f.er) for ref in refs)
    return tuple(out), tuple(ers)


def _er_by_ship(
    r: _Reader, t: dict[str, Any], side: str, force: Force
) -> tuple[tuple[str, int], ...]:
    path = f"forces.{side}"
    p = f"{path}.er_by_ship"
    table: dict[str, Any] = r.typed(t, "er_by_ship", path, dict, {})
    out = []
    for key in table:
        ref = r.code(side, key, _join(p, key))
        if not force.resolve(ref):
            known = force.counters()
            r.fail(
                _join(p, key), str(UnknownNameError("ship or squadron of this force", key, known))
            )
        out.append((ref, r.integer(table, key, p, low=ER_RANGE[0], high=ER_RANGE[1])))
    return tuple(out)


def _forces(r: _Reader, doc: dict[str, Any], ship_codes: dict[str, set[str]]) -> dict[str, Force]:
    value = doc.get("forces")
    if isinstance(value, dict):
        for key in value:
            r.side_name(key, _join("forces", key))
    t = r.table(value, "forces", SIDES)
    return {side: _force(r, t[side], side, ship_codes.get(side, set())) for side in SIDES}


def _single_ship(r: _Reader, force: Force, side: str, ref: str, path: str) -> str:
    """The code of ``ref`` (a code or a name); fail unless it is a single ship of ``force``."""
    code = r.code(side, ref, path)
    if code not in force.ships:
        known = {*force.ships, *r.names_of(side, set(force.ships))}
        r.fail(path, str(UnknownNameError(f"{side} ship of this scenario", ref, known)))
    return code


# Optional ships, adjustments, mines ------------------------------------------------------

_OPTIONAL_SHIP_REQUIRED = ("side", "code", "option")
_ADJUSTMENT_KEYS = ("ships", "type", "part", "boxes", "aground")
_MINES_REQUIRED = ("kind", "side", "fields")
_MINES_OPTIONAL = ("ships", "vp")


def _optional_ships(
    r: _Reader, doc: dict[str, Any], forces: dict[str, Force]
) -> tuple[tuple[str, str, str, bool], ...]:
    out: list[tuple[str, str, str, bool]] = []
    for p, item in r.items(doc, "optional_ship", ""):
        t = r.table(item, p, _OPTIONAL_SHIP_REQUIRED, ("included",))
        side = r.side(t, "side", p)
        code = _single_ship(r, forces[side], side, r.text(t, "code", p), f"{p}.code")
        if any(o[:2] == (side, code) for o in out):
            r.fail(f"{p}.code", f"{side} {code} is already optional")
        option = r.text(t, "option", p)
        if not _ID.match(option):
            r.fail(f"{p}.option", f"must be lower-case words joined by '-', not {option!r}")
        out.append((side, code, option, r.flag(t, "included", p, True)))
    return tuple(out)


def _adjustment(r: _Reader, t: dict[str, Any], p: str, forces: dict[str, Force]) -> Adjustment:
    side = r.side(t, "side", p)
    force = forces[side]
    ships = tuple(_single_ship(r, force, side, c, q) for q, c in r.texts(t, "ships", p))
    kind = r.text(t, "type", p, choices=TYPES)
    if bool(ships) == bool(kind):
        r.fail(p, "give either ships (codes) or type (such as 'B'), not both or neither")
    if kind and not any(ship_type(c) == kind for c in force.ships):
        r.fail(f"{p}.type", f"{side} has no single ship of type {kind}")
    adj = Adjustment(
        side,
        ships,
        kind,
        r.text(t, "part", p, "hull", choices=PARTS),
        r.integer(t, "boxes", p),
        r.flag(t, "aground", p, False),
    )
    if not adj.boxes and not adj.aground:
        r.fail(p, "changes nothing: give boxes (at least 1) or aground = true")
    return adj


def _adjustments(
    r: _Reader, doc: dict[str, Any], forces: dict[str, Force]
) -> tuple[Adjustment, ...]:
    return tuple(
        _adjustment(r, r.table(item, p, ("side",), _ADJUSTMENT_KEYS), p, forces)
        for p, item in r.items(doc, "adjustment", "")
    )


def _mines(
    r: _Reader, doc: dict[str, Any], forces: dict[str, Force], overlay: str
) -> tuple[Mines, ...]:
    out = []
    for p, item in r.items(doc, "mines", ""):
        t = r.table(item, p, _MINES_REQUIRED, _MINES_OPTIONAL)
        kind = r.text(t, "kind", p, choices=MINE_KINDS)
        side = r.side(t, "side", p)
        ships = tuple(_single_ship(r, forces[side], side, c, q) for q, c in r.texts(t, "ships", p))
        if kind == "pre_battle" and not ships:
            r.fail(f"{p}.ships", "a pre_battle mine check needs the ships that roll")
        if kind == "roadstead" and ships:
            r.fail(f"{p}.ships", "roadstead mines apply to every ship of the side: leave ships out")
        if kind == "roadstead" and overlay != "port-arthur":
            r.fail(f"{p}.kind", "roadstead mines need overlay = 'port-arthur' (20.4)")
        out.append(
            Mines(kind, side, r.integer(t, "fields", p, low=1), ships, r.flag(t, "vp", p, True))
        )
    return tuple(out)


def _exempt(forces: dict[str, Force], adjustments: Sequence[Adjustment]) -> set[tuple[str, str]]:
    """(side, counter) outside the 8-per-hex limit: fortresses (20.44) and ships aground (BS2)."""
    out = {
        (side, code)
        for side, force in forces.items()
        for code in force.ships
        if ship_type(code) in EXEMPT_TYPES
    }
    out |= {(a.side, code) for a in adjustments if a.aground for code in a.ships}
    return out


# Placements -------------------------------------------------------------------------

_PLACEMENT_KEYS = ("ships", "hex", "within", "edge", "adjacent")
# The areas each optional key applies to.
_AREA_KEYS = {"hex": ("hex", "near"), "within": ("near",), "edge": ("edge",), "adjacent": ("hex",)}


@attrs.frozen
class _Setup:
    """What placements are checked against."""

    forces: dict[str, Force]
    overlay: str
    entry_edge: str
    entry_side: str
    exempt: set[tuple[str, str]]


def _placement(r: _Reader, item: object, p: str, s: _Setup) -> Placement:
    t = r.table(item, p, ("side", "area"), _PLACEMENT_KEYS)
    side = r.side(t, "side", p)
    area = r.text(t, "area", p, choices=AREAS)
    for key, areas in _AREA_KEYS.items():
        if key in t and area not in areas:
            r.fail(f"{p}.{key}", f"applies only to area {' or '.join(areas)}, not {area!r}")
    need = AREA_OVERLAY.get(area, "")
    if need and s.overlay != need:
        r.fail(f"{p}.area", f"area {area!r} needs overlay = {need!r} (20.4, 20.5)")
    if area == "centre" and side == s.entry_side:
        r.fail(
            f"{p}.side", f"{side} enters by the entry edge; the centre (7.21) is for the other side"
        )
    ships = _placement_ships(r, t, p, s.forces[side], side)
    hex_ = r.hex(t, "hex", p)
    if area in ("hex", "near") and not hex_:
        r.fail(f"{p}.hex", f"area {area!r} needs a hex")
    within = r.integer(t, "within", p)
    if area == "near" and within < 1:
        r.fail(f"{p}.within", "area 'near' needs within (at least 1 hex)")
    return Placement(
        side,
        area,
        ships,
        hex_,
        within,
        _placement_edge(r, t, p, side, area, s),
        r.flag(t, "adjacent", p, False),
    )


def _placement_edge(r: _Reader, t: dict[str, Any], p: str, side: str, area: str, s: _Setup) -> str:
    if area != "edge":
        return ""
    if "edge" in t:
        return r.edge(r.text(t, "edge", p), f"{p}.edge")
    if side != s.entry_side:
        r.fail(f"{p}.edge", f"{side} does not enter by entry_edge; name its edge")
    return s.entry_edge


def _placement_ships(
    r: _Reader, t: dict[str, Any], p: str, force: Force, side: str
) -> tuple[str, ...]:
    out: list[str] = []
    for q, given in r.texts(t, "ships", p):
        ref = r.code(side, given, q)
        keys = force.resolve(ref)
        if not keys:
            known = {*force.counters(), *r.names_of(side, set(force.ships))}
            r.fail(q, str(UnknownNameError("ship or squadron of this force", given, known)))
        if any(k in out for k in keys):
            r.fail(q, f"{ref} is already named in this placement")
        out.extend(keys)
    return tuple(out)


def _placements(r: _Reader, doc: dict[str, Any], s: _Setup) -> tuple[Placement, ...]:
    if "placement" not in doc:
        r.fail("placement", "missing (required): every counter needs a placement")
    items = [(p, _placement(r, item, p, s)) for p, item in r.items(doc, "placement", "")]
    members: list[tuple[str, Placement, tuple[str, ...]]] = []
    for side in SIDES:
        members += _cover(r, [(p, pl) for p, pl in items if pl.side == side], s.forces[side])
    _check_stacks(r, members, s.exempt)
    return tuple(pl for _, pl in items)


def _cover(
    r: _Reader, mine: list[tuple[str, Placement]], force: Force
) -> list[tuple[str, Placement, tuple[str, ...]]]:
    """Check that a side's placements place every counter once (a catch-all comes last);
    each placement with the counters it places."""
    if not mine:
        r.fail("placement", "no placement for a side: every counter needs one")
    side = mine[0][1].side
    named: dict[str, str] = {}
    for i, (p, pl) in enumerate(mine):
        if not pl.ships and i != len(mine) - 1:
            r.fail(
                f"{p}.ships",
                "a placement without ships takes every counter no other placement names: "
                "make it the side's last",
            )
        for key in pl.ships:
            if key in named:
                r.fail(f"{p}.ships", f"{key} is already placed by {named[key]}")
            named[key] = p
    rest = tuple(k for k in force.counters() if k not in named)
    last_p, last = mine[-1]
    if last.ships and rest:
        r.fail("placement", f"{side} counters without a placement: {', '.join(rest)}")
    if not last.ships and not rest:
        r.fail(
            f"{last_p}.ships", f"every {side} counter is already placed: this placement names none"
        )
    return [(p, pl, pl.ships or rest) for p, pl in mine]


def _check_stacks(
    r: _Reader,
    members: list[tuple[str, Placement, tuple[str, ...]]],
    exempt: set[tuple[str, str]],
) -> None:
    """At most 8 counters a side in a fixed hex (7.2), and in a ``near`` group (BS4)."""
    stacks: dict[tuple[str, str], int] = {}
    for p, pl, keys in members:
        count = sum(1 for k in keys if (pl.side, k) not in exempt)
        if pl.area == "hex" and not pl.adjacent:
            stacks[pl.side, pl.hex] = stacks.get((pl.side, pl.hex), 0) + count
            count = stacks[pl.side, pl.hex]
        elif pl.area != "near":
            continue
        if count > STACK:
            r.fail(p, f"{count} {pl.side} counters in one hex: at most {STACK} (7.2)")


# Victory -------------------------------------------------------------------------------

_VICTORY_KEYS = tuple(f.name for f in attrs.fields(Victory))


def _victory(r: _Reader, doc: dict[str, Any]) -> Victory:
    p = "victory"
    t = r.table(doc.get("victory", {}), p, (), _VICTORY_KEYS)
    fraction: float = r.typed(t, "exit_vp_fraction", p, float, 0.0)
    if not 0 <= fraction <= 1:
        r.fail(f"{p}.exit_vp_fraction", f"must be from 0 to 1, not {fraction}")
    v = Victory(
        exit_side=r.side(t, "exit_side", p, optional=True),
        exit_ships=r.integer(t, "exit_ships", p),
        exit_edges=r.edges(t, "exit_edges", p),
        exit_vp_side=r.side(t, "exit_vp_side", p, optional=True),
        exit_vp_fraction=fraction,
        exit_vp_edges=r.edges(t, "exit_vp_edges", p),
        lost_edges_side=r.side(t, "lost_edges_side", p, optional=True),
        lost_edges=r.edges(t, "lost_edges", p),
        transport_vp=r.integer(t, "transport_vp", p),
        transport_hex=r.hex(t, "transport_hex", p),
        margin_side=r.side(t, "margin_side", p, optional=True),
        margin=r.integer(t, "margin", p),
        ties=r.side(t, "ties", p, optional=True),
    )
    _pair(
        r,
        "exit_side",
        bool(v.exit_side),
        ("exit_ships", "exit_edges"),
        (v.exit_ships, v.exit_edges),
    )
    _pair(
        r,
        "exit_vp_side",
        bool(v.exit_vp_side),
        ("exit_vp_fraction", "exit_vp_edges"),
        (fraction, v.exit_vp_edges),
    )
    _pair(r, "lost_edges_side", bool(v.lost_edges_side), ("lost_edges",), (v.lost_edges,))
    _pair(r, "transport_vp", bool(v.transport_vp), ("transport_hex",), (v.transport_hex,))
    _pair(r, "margin_side", bool(v.margin_side), ("margin",), (v.margin,))
    return v


def _pair(
    r: _Reader, lead: str, given: bool, keys: Sequence[str], values: Sequence[object]
) -> None:
    """``lead`` and the values that only mean something with it go together.

    Without ``lead`` none of ``keys`` may be set; with it, the first must be.
    """
    for key, value in zip(keys, values, strict=True):
        if value and not given:
            r.fail(f"victory.{key}", f"needs victory.{lead}")
    if given and not values[0]:
        r.fail(f"victory.{keys[0]}", f"needed with victory.{lead}")


# The parser -----------------------------------------------------------------------------

# Every table of a scenario file and the keys it accepts (an unknown key is an error);
# docs/scenarios.md documents each. ``<side>`` is Japan or Russia, ``[]`` an array's
# items; ``er_by_ship`` takes refs as keys.
FIELDS: dict[str, tuple[str, ...]] = {
    "": ("scenario", "forces", "placement", *_TOP_KEYS),
    "scenario": (*_HEAD_REQUIRED, *_HEAD_OPTIONAL),
    "forces": SIDES,
    "forces.<side>": _FORCE_KEYS,
    "forces.<side>.squadrons[]": _SQUADRON_KEYS,
    "forces.<side>.fleets[]": ("name", *_FLEET_KEYS),
    "placement[]": ("side", "area", *_PLACEMENT_KEYS),
    "adjustment[]": ("side", *_ADJUSTMENT_KEYS),
    "mines[]": (*_MINES_REQUIRED, *_MINES_OPTIONAL),
    "optional_ship[]": (*_OPTIONAL_SHIP_REQUIRED, "included"),
    "victory": _VICTORY_KEYS,
}


def parse_scenario(
    doc: dict[str, Any],
    file: str,
    ship_codes: dict[str, set[str]],
    ship_names: Mapping[str, Mapping[str, str]] | None = None,
) -> BattleScenario:
    """Check a parsed TOML document and build the scenario.

    ``ship_codes`` maps a side to the ship codes its navy has in the data pack
    (single ships and squadron classes); ``ship_names`` maps a side's codes to their
    names, so the file may name a ship (``"Variag"``) where it may give its code.

    Raises:
        DataError: with ``file`` and the field path of the first problem.
    """
    r = _Reader(file, ship_names)
    r.table(doc, "", ("scenario", "forces", "placement"), _TOP_KEYS)
    head = _head(r, doc)
    forces = _forces(r, doc, ship_codes)
    _check_head(r, head, forces)
    adjustments = _adjustments(r, doc, forces)
    setup = _Setup(
        forces,
        head["overlay"],
        head["entry_edge"],
        head["entry_side"],
        _exempt(forces, adjustments),
    )
    return BattleScenario(
        forces=forces,
        placements=_placements(r, doc, setup),
        adjustments=adjustments,
        mines=_mines(r, doc, forces, head["overlay"]),
        optional_ships=_optional_ships(r, doc, forces),
        victory=_victory(r, doc),
        file=file,
        **head,
    )
