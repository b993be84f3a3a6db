"""Coral Sea scenarios (28.1-28.4, 28.3.6): reading ``data/coral_sea/scenarios/*.toml``,
the calendar, and the scenario events of each Initial Phase (``SCENARIO_EVENTS``).

A scenario file states each side's forces as printed (ships of 31.x by name, aircraft
by model and where they may be based, TF limits by turn, set-up regions, entries,
flags) and its victory kind; the readings of the notes (A62-A70) are named in it and
in ``docs/rules/coral_sea.md``. Set-up itself is ``setup.py``.
"""

from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any

import attrs

from navalwar.driver import Play
from navalwar.engine import Context
from navalwar.errors import DataError
from navalwar.games.coral_sea.model import Scenario, State, TaskForce
from navalwar.games.coral_sea.units import ALLIES, JAPAN, SHIP_TYPES, SIDES
from navalwar.reader import Reader

REGION_KINDS = ("near", "edge", "edge_band")
UNUSED = ("none", "open", "out")
VICTORY_KINDS = ("rabaul", "hold", "coral_sea")
EDGES = ("north", "south", "east", "west")


@attrs.frozen
class Region:
    """Where a TF may be set up or enter (28.x "Initial Placement"; notes A66, A70).

    ``near``: within ``within`` hexes of place or hex label ``of`` (0: in its hex, "Rabaul
    harbor"); ``edge``: enters by a full hex of ``edge`` on ``turn``, or on a turn of its
    owner's choosing from ``from_turn``; ``edge_band``: within ``within`` of the
    ``edge``'s column of full hexes. ``max``: at most this many TFs (0: any).
    """

    name: str
    kind: str
    of: str = ""
    within: int = 0
    edge: str = ""
    turn: int = 0
    from_turn: int = 0
    max: int = 0

    @property
    def enters(self) -> bool:
        """Whether a TF set up here enters the map later (A66) rather than starting on it."""
        return self.kind == "edge"


@attrs.frozen
class TFSlot:
    """A task force the scenario names (28.3.3, 28.3.4): what it must contain, where."""

    id: str
    requires: tuple[tuple[str, int], ...] = ()  # ship type -> at least this many
    requires_ships: tuple[str, ...] = ()
    regions: tuple[str, ...] = ()
    moves_from: int = 0


@attrs.frozen
class AirGroup:
    """Aircraft counters of one model and where they are set up (28.x "Aircraft")."""

    model: str
    count: int
    at: str  # "land", "ships", a base or place name; "north" for an edge arrival
    turn: int = 0  # reinforcements: the turn they arrive
    typo_count: int = 0  # notes A65: the count if the print is a typo


@attrs.frozen
class Force:
    """One side's forces and set-up rules in a scenario."""

    side: str
    flags: tuple[str, ...] = ()
    ships: tuple[str, ...] = ()
    flagged: tuple[str, ...] = ()
    aircraft: tuple[AirGroup, ...] = ()
    reinforcements: tuple[AirGroup, ...] = ()
    tf_limit: tuple[tuple[int, int], ...] = ((1, 0),)
    min_tfs: int = 0
    unused: str = "none"
    open_at: tuple[str, ...] = ()
    regions: tuple[str, ...] = ()  # the regions of a TF the scenario does not name
    region: tuple[Region, ...] = ()
    tf: tuple[TFSlot, ...] = ()
    ap_region: str = ""
    ap_held: bool = False
    extra_ao: str = ""

    def region_named(self, name: str) -> Region:
        """The region called ``name``."""
        for r in self.region:
            if r.name == name:
                return r
        raise KeyError(name)

    def limit(self, turn: int) -> int:
        """How many TFs the side may have on ``turn`` (11.G; 28.x)."""
        found = 0
        for start, n in self.tf_limit:
            if turn >= start:
                found = n
        return found

    def slot(self, tf_id: str) -> TFSlot | None:
        """The scenario's slot for TF ``tf_id``, if it names one."""
        for s in self.tf:
            if s.id == tf_id:
                return s
        return None

    def tf_ids(self) -> tuple[str, ...]:
        """The TF ids the side may use at set-up (``TF1``.. up to its first limit)."""
        if self.tf:
            return tuple(s.id for s in self.tf)
        return tuple(f"TF{i}" for i in range(1, self.limit(1) + 1))


@attrs.frozen
class Victory:
    """A scenario's victory conditions (28.1.5, 28.2.5, 28.3.5, 28.4.5)."""

    kind: str
    place: str = ""


@attrs.frozen
class ScenarioSpec:
    """Everything a scenario file says beyond the contract's :class:`Scenario`."""

    rule: str
    description: str
    weather_prerolls: int
    usaaf: bool
    denied: tuple[str, ...]
    victory: Victory
    forces: Mapping[str, Force]
    ends_on_invasion: str = ""


def spec_of(scenario: Scenario) -> ScenarioSpec:
    """The full scenario spec behind a :class:`Scenario`."""
    found = scenario.extra["spec"]
    assert isinstance(found, ScenarioSpec)
    return found


# -- calendar (19.0; notes A38) ---------------------------------------------------------
MONTHS = (
    "January",
    "February",
    "March",
    "April",
    "May",
    "June",
    "July",
    "August",
    "September",
    "October",
    "November",
    "December",
)


def parse_date(text: str) -> datetime.date:
    """``"5 May 1942"`` as a date."""
    day, month, year = text.split()
    return datetime.date(int(year), MONTHS.index(month) + 1, int(day))


def date_of(scenario: Scenario, turn: int) -> str:
    """The date of ``turn``: the date changes at each Morning (notes A38), so Noon 5 May
    is turn 1 and Noon 6 May turn 5."""
    day = parse_date(scenario.first_date) + datetime.timedelta(days=turn // 4)
    return f"{day.day} {MONTHS[day.month - 1]} {day.year}"


# -- reading a file ---------------------------------------------------------------------
_TOP = (
    "meta",
    "id",
    "title",
    "rule",
    "description",
    "turns",
    "first_date",
    "weather_prerolls",
    "usaaf",
    "denied",
    "ends_on_invasion",
    "victory",
    JAPAN,
    ALLIES,
)
_FORCE = (
    "flags",
    "ships",
    "flagged",
    "aircraft",
    "reinforcements",
    "tf_limit",
    "min_tfs",
    "unused",
    "open_at",
    "regions",
    "region",
    "tf",
    "ap_region",
    "ap_held",
    "extra_ao",
)


def parse_scenario(doc: dict[str, Any], file: str, data: Any = None) -> Scenario:
    """A scenario from its parsed TOML; ``data`` (a ``CoralSeaData``), if given, checks
    ship names and aircraft models against the pack.

    Raises:
        DataError: a missing or unknown key, a wrong type, an unknown ship, model,
            region or side, naming the file and the field.
    """
    rd = Reader(file)
    rd.table(doc, "", ("id", "title", "turns", "first_date", "victory"), _TOP)
    turns = rd.integer(doc, "turns", "", ..., 1, 200)
    first = rd.text(doc, "first_date", "", ...)
    try:
        parse_date(first)
    except ValueError:
        rd.fail("first_date", f"must be a date like '5 May 1942', not {first!r}")
    vic = rd.table(doc["victory"], "victory", ("kind",), ("place",))
    victory = Victory(
        rd.text(vic, "kind", "victory", ..., VICTORY_KINDS), rd.text(vic, "place", "victory")
    )
    if victory.kind == "hold" and not victory.place:
        rd.fail("victory.place", "missing (required for kind 'hold')")
    forces = {side: _force(rd, doc.get(side, {}), side, turns, data) for side in SIDES}
    spec = ScenarioSpec(
        rule=rd.text(doc, "rule", ""),
        description=rd.text(doc, "description", ""),
        weather_prerolls=rd.integer(doc, "weather_prerolls", "", 0, 0, 100),
        usaaf=rd.flag(doc, "usaaf", "", True),
        denied=tuple(v for _, v in rd.texts(doc, "denied", "")),
        victory=victory,
        forces=forces,
        ends_on_invasion=rd.text(doc, "ends_on_invasion", ""),
    )
    meta = doc.get("meta", {})
    provenance = meta.get("provenance", "rulebook") if isinstance(meta, dict) else "rulebook"
    return Scenario(
        id=rd.text(doc, "id", "", ...),
        title=rd.text(doc, "title", "", ...),
        turns=turns,
        first_date=first,
        provenance=str(provenance),
        extra={"spec": spec},
    )


def _force(rd: Reader, t: Any, side: str, turns: int, data: Any) -> Force:
    t = rd.table(t, side, (), _FORCE)
    ships = tuple(v for _, v in rd.texts(t, "ships", side))
    if len(set(ships)) != len(ships):
        rd.fail(f"{side}.ships", "names a ship twice")
    if data is not None:
        for path, name in rd.texts(t, "ships", side):
            spec = data.ships.get(name)
            if spec is None:
                rd.fail(path, f"no ship {name!r} in ships.csv (31.x)")
            if spec.side != side:
                rd.fail(path, f"{name} is a {spec.side} ship")
    flagged = tuple(v for _, v in rd.texts(t, "flagged", side))
    for i, name in enumerate(flagged):
        if name not in ships:
            rd.fail(f"{side}.flagged[{i}]", f"{name!r} is not among the side's ships")
    regions = []
    for path, r in rd.items(t, "region", side):
        r = rd.table(
            r, path, ("name", "kind"), ("of", "within", "edge", "turn", "from_turn", "max")
        )
        kind = rd.text(r, "kind", path, ..., REGION_KINDS)
        edge = rd.text(r, "edge", path, "", EDGES)
        if kind != "near" and not edge:
            rd.fail(f"{path}.edge", f"missing (required for kind {kind!r})")
        if kind == "near" and not r.get("of"):
            rd.fail(f"{path}.of", "missing (required for kind 'near')")
        regions.append(
            Region(
                rd.text(r, "name", path, ...),
                kind,
                rd.text(r, "of", path),
                rd.integer(r, "within", path, 0, 0, 50),
                edge,
                rd.integer(r, "turn", path, 0, 0, turns),
                rd.integer(r, "from_turn", path, 0, 0, turns),
                rd.integer(r, "max", path, 0, 0, 20),
            )
        )
    names = {r.name for r in regions}
    slots = []
    for path, s in rd.items(t, "tf", side):
        s = rd.table(s, path, ("id",), ("requires", "requires_ships", "regions", "moves_from"))
        req = s.get("requires", {})
        req = rd.table(req, f"{path}.requires", (), SHIP_TYPES, "ship type")
        slots.append(
            TFSlot(
                rd.text(s, "id", path, ...),
                tuple((k, rd.integer(req, k, f"{path}.requires", ..., 1, 50)) for k in req),
                tuple(v for _, v in rd.texts(s, "requires_ships", path)),
                tuple(v for _, v in rd.texts(s, "regions", path)),
                rd.integer(s, "moves_from", path, 0, 0, turns),
            )
        )
    default_regions = tuple(v for _, v in rd.texts(t, "regions", side))
    for path, name in [
        *rd.texts(t, "regions", side),
        *[(f"{side}.tf", n) for s in slots for n in s.regions],
        *([(f"{side}.ap_region", t["ap_region"])] if "ap_region" in t else []),
    ]:
        if name not in names:
            rd.fail(path, f"no region {name!r} (regions: {', '.join(sorted(names)) or 'none'})")
    limits = []
    for path, pair in rd.items(t, "tf_limit", side):
        if (
            not isinstance(pair, list)
            or len(pair) != 2
            or not all(type(x) is int and x >= 0 for x in pair)
        ):
            rd.fail(path, "must be [from turn, number of TFs]")
        limits.append((pair[0], pair[1]))
    return Force(
        side=side,
        flags=tuple(v for _, v in rd.texts(t, "flags", side)),
        ships=ships,
        flagged=flagged,
        aircraft=tuple(_air(rd, g, p, turns, data, side) for p, g in rd.items(t, "aircraft", side)),
        reinforcements=tuple(
            _air(rd, g, p, turns, data, side) for p, g in rd.items(t, "reinforcements", side)
        ),
        tf_limit=tuple(limits) or ((1, 0),),
        min_tfs=rd.integer(t, "min_tfs", side, 0, 0, 20),
        unused=rd.text(t, "unused", side, "none", UNUSED),
        open_at=tuple(v for _, v in rd.texts(t, "open_at", side)),
        regions=default_regions,
        region=tuple(regions),
        tf=tuple(slots),
        ap_region=rd.text(t, "ap_region", side),
        ap_held=rd.flag(t, "ap_held", side, False),
        extra_ao=rd.text(t, "extra_ao", side),
    )


def _air(rd: Reader, g: Any, path: str, turns: int, data: Any, side: str) -> AirGroup:
    g = rd.table(g, path, ("model", "count", "at"), ("turn", "typo_count"))
    model = rd.text(g, "model", path, ...)
    if data is not None:
        found = data.aircraft.get(model)
        if found is None:
            rd.fail(f"{path}.model", f"no aircraft model {model!r} in aircraft.csv (2.2.5-2.2.6)")
        if found.side != side:
            rd.fail(f"{path}.model", f"{model} is a {found.side} model")
    return AirGroup(
        model,
        rd.integer(g, "count", path, ..., 1, 99),
        rd.text(g, "at", path, ...),
        rd.integer(g, "turn", path, 0, 0, turns),
        rd.integer(g, "typo_count", path, 0, 0, 99),
    )


def describe(scenario: Scenario) -> str:
    """Title, length, weather, each side's forces, victory kind (``navalwar show``)."""
    spec = spec_of(scenario)
    lines = [f"{scenario.title} ({spec.rule})", spec.description, ""]
    last = date_of(scenario, scenario.turns)
    lines.append(
        f"{scenario.turns} turns, Noon {scenario.first_date} to {_time(scenario.turns)} {last}; "
        f"weather pre-rolled {spec.weather_prerolls} turns; USAAF (21.0) "
        f"{'used' if spec.usaaf else 'not used'}"
    )
    for side, force in spec.forces.items():
        ships = len(force.ships)
        air = sum(g.count for g in force.aircraft)
        limits = ", ".join(f"{n} from turn {t}" for t, n in force.tf_limit)
        lines.append(
            f"{side}: flags {', '.join(force.flags) or 'none'}; {ships} ships; "
            f"{air} aircraft counters; TFs: {limits}"
        )
    lines.append(f"Victory: {spec.victory.kind} {spec.victory.place}".rstrip())
    return "\n".join(lines)


def _time(turn: int) -> str:
    from navalwar.games.coral_sea.model import time_of

    return time_of(turn)


# -- the scenario events of the Initial Phase (28.x; notes A66, A67) ---------------------
def _scenario_events(game: Any, state: State, data: Any, ctx: Context) -> State:
    """Each Initial Phase: TFs due enter at their secret entry hex (notes A66, before the
    Reconnaissance Phase); the Huon Gulf AP release roll (28.2.3: a 5 or 6 releases them)."""
    tfs: list[TaskForce] = []
    ships = list(state.ships)
    for tf in state.task_forces:
        if tf.enters == state.turn and tf.hex is None and tf.entry_hex is not None:
            ctx.log_private(
                (tf.side,),
                "tf_entered",
                f"{tf.id} enters the map at {data.geography.spec.label(tf.entry_hex)} (A66)",
                "28.x",
                tf=tf.id,
                hex=data.geography.spec.label(tf.entry_hex),
            )
            ships = [
                attrs.evolve(s, hex=tf.entry_hex) if s.tf == tf.id and s.side == tf.side else s
                for s in ships
            ]
            tf = attrs.evolve(tf, hex=tf.entry_hex)
        tfs.append(tf)
    state = attrs.evolve(state, task_forces=tuple(tfs), ships=tuple(ships))
    if any(tf.held for tf in state.task_forces):
        roll = ctx.dice.d6("AP release", "28.2.3")
        released = roll >= 5
        ctx.log(
            "ap_release",
            f"AP release roll {roll}: the APs are {'released' if released else 'held'} (28.2.3)",
            "28.2.3",
            roll=roll,
            released=released,
        )
        if released:
            state = attrs.evolve(
                state,
                task_forces=tuple(attrs.evolve(tf, held=False) for tf in state.task_forces),
            )
    return state


#: ``initial.scenario``: entries and releases (28.x).
SCENARIO_EVENTS: Play[Any, State, Any] = Play(run=_scenario_events)


def check_scenario(scenario: Scenario) -> None:
    """Cross-checks a file cannot express by types (a slot's region, limits in order).

    Raises:
        DataError: a limit list not in turn order.
    """
    for side, force in spec_of(scenario).forces.items():
        turns = [t for t, _ in force.tf_limit]
        if turns != sorted(turns):
            raise DataError(f"{scenario.id}: {side}.tf_limit is not in turn order")
