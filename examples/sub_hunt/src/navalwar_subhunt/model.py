"""The frozen values of Sub Hunt: the map, the tables (data pack), a scenario, the state."""

from __future__ import annotations

import attrs

from navalwar.hexgrid import FLAT_TOP_EVEN_LOW, Hex, MapSpec, distance, heading_to, line, neighbours

HUNTER = "Hunter"
SUBMARINE = "Submarine"
SIDES = (HUNTER, SUBMARINE)

# Sequence of play (SH 4.0): the steps at which a side decides, and the end.
SETUP = "setup"  # SH 3.1
SUB_MOVE = "sub_move"  # SH 4.1, 5.0
SUB_ATTACK = "sub_attack"  # SH 4.2, 6.0
HUNTER_MOVE = "hunter_move"  # SH 4.3, 7.0
DEPTH_CHARGE = "depth_charge"  # SH 4.5, 9.0
OVER = "over"

#: The printed map's compass (SH 1.2): columns left to right, rows top to bottom, even
#: columns half a hex lower; heading 0 is up.
NEIGHBOURS = FLAT_TOP_EVEN_LOW


#: The map: 8 columns by 7 rows (SH 1.2).
MAP = MapSpec(
    "Sub Hunt",
    neighbours=NEIGHBOURS,
    cols=(1, 8),
    rows=(1, 7),
    offset_parity="even",
    offset_toward="higher",
)


@attrs.frozen
class Tables:
    """The data pack: the numbers of the rules (``tables.toml``)."""

    torpedo_range: int  # SH 6.1
    torpedo_to_hit: tuple[int, ...]  # SH 6.3, by distance
    sonar_base: int  # SH 8.1
    destroy: int  # SH 9.2
    damage: int
    near_damage: int
    speed: int  # SH 7.1
    provenance: str
    strict: bool = False  # loaded with --strict: scenarios below 'historical' are refused


@attrs.frozen
class Scenario:
    """A scenario (SH 3.0)."""

    id: str
    title: str
    description: str
    land: frozenset[Hex]
    destroyer: Hex
    sub_start: tuple[Hex, ...]
    turns: int
    hull: int
    depth_charges: int
    torpedoes: int
    provenance: str = "rulebook"

    def sea(self, h: Hex) -> bool:
        """Whether ``h`` is an on-map sea hex (SH 1.2)."""
        return h not in self.land and MAP.in_bounds(h)

    def sea_neighbours(self, h: Hex) -> tuple[Hex, ...]:
        """The adjacent sea hexes of ``h``."""
        return tuple(n for n in neighbours(h) if self.sea(n))

    def reachable(self, start: Hex, steps: int) -> tuple[Hex, ...]:
        """The sea hexes within ``steps`` moves of ``start`` through sea hexes (SH 7.1),
        ``start`` first, then by distance and label."""
        seen = {start}
        frontier = [start]
        for _ in range(steps):
            frontier = [n for h in frontier for n in self.sea_neighbours(h) if n not in seen]
            seen.update(frontier)
        rest = sorted(seen - {start}, key=lambda h: (distance(start, h), MAP.label(h)))
        return (start, *rest)


@attrs.frozen
class State:
    """Everything about a game in progress. ``sub`` is the Submarine's secret (SH 1.3)."""

    scenario: Scenario = attrs.field(repr=False)
    turn: int
    step: str
    destroyer: Hex
    hull: int
    charges: int
    sub: Hex | None  # None before the secret set-up (SH 3.1)
    torpedoes: int
    sub_damaged: bool = False
    sub_destroyed: bool = False
    contact: Hex | None = None  # the last revealed hex (SH 6.2, 8.2, 9.3)
    contact_turn: int = 0
    contact_count: int = 0  # how often the submarine was revealed
    hits: int = 0  # torpedo hits scored (SH 6.3)
    sonar_range: int = 2  # option (SH 8.1)
    heading: int = 0  # the destroyer's course, shown only (see ``course``)
    sub_heading: int = 0  # the submarine's, shown to the Submarine only


def course(frm: Hex, to: Hex, heading: int) -> int:
    """The heading a ship is shown on after moving from ``frm`` to ``to``: the last step
    of the straight line between them; unchanged when it stays. Sub Hunt has no facing
    rules (a ship moves in any direction, SH 5.1, 7.1): this is for the maps only, and a
    ship faces up the printed map (N) before its first move."""
    if frm == to:
        return heading
    path = line(frm, to)
    step = heading_to(path[-2], to)
    assert step is not None
    return step
