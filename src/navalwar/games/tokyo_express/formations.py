"""Formations (TE 3.2): Japanese mandatory grouping, US free grouping, Speed, distance."""

from __future__ import annotations

import functools
import itertools
from collections.abc import Iterable, Iterator, Sequence
from typing import TypeVar

from navalwar.games.tokyo_express.data import TEData
from navalwar.games.tokyo_express.model import Formation, Ship, State
from navalwar.hexgrid import distance

T = TypeVar("T")

TYPE_WEIGHT = {"BB": 4, "CA": 3, "CL": 2, "DD": 1}


def within_chain(ships: Sequence[Ship], reach: int = 2) -> bool:
    """Whether every ship is within ``reach`` hexes of some other ship of the group,
    and the group is connected that way (TE 3.2)."""
    n = len(ships)
    if n <= 1:
        return True
    hexes = [s.hex for s in ships]
    reached = {0}
    frontier = [0]
    while frontier:
        q, r = hexes[frontier.pop()]
        for j in range(n):
            if j not in reached:
                dq = q - hexes[j][0]
                dr = r - hexes[j][1]
                if max(abs(dq), abs(dr), abs(dq + dr)) <= reach:  # distance(), inlined
                    reached.add(j)
                    frontier.append(j)
    return len(reached) == n


def _components(ships: Sequence[Ship], reach: int) -> list[list[Ship]]:
    """Connected groups under "within ``reach`` hexes of another ship"."""
    left = list(ships)
    out: list[list[Ship]] = []
    while left:
        group = [left.pop(0)]
        grew = True
        while grew:
            grew = False
            for s in list(left):
                if any(distance(s.hex, g.hex) <= reach for g in group):
                    group.append(s)
                    left.remove(s)
                    grew = True
        out.append(group)
    return out


def japanese_groupings(ships: Sequence[Ship], data: TEData) -> list[tuple[str, ...]]:
    """Group Japanese ships into formations (TE 3.2 "Japanese Formation Groupings").

    The order-independent reading of the procedure (notes §7.1): CLs and DDs
    within 2 hexes of one another chain together; each chain holding a DD is a
    formation ("group CLs with DDs whenever possible"); the CLs left over join
    the BBs and CAs, chaining the same way; DDs never join BBs or CAs. Each
    connected chain is by construction as large as possible.
    """
    light = [s for s in ships if data.ship(s.name).rule_type in ("CL", "DD")]
    groups: list[tuple[str, ...]] = []
    used: set[str] = set()
    for comp in _components(light, 2):
        if any(data.ship(s.name).rule_type == "DD" for s in comp):
            groups.append(tuple(s.name for s in comp))
            used.update(s.name for s in comp)
    heavy = [s for s in ships if s.name not in used and data.ship(s.name).rule_type != "DD"]
    for comp in _components(heavy, 2):
        groups.append(tuple(s.name for s in comp))
    order = {s.name: i for i, s in enumerate(ships)}
    return sorted(
        (tuple(sorted(g, key=order.__getitem__)) for g in groups), key=lambda g: order[g[0]]
    )


def us_grouping_problem(ships: Sequence[Ship], groups: Sequence[Sequence[str]]) -> str | None:
    """Why ``groups`` is not a legal US grouping, or None (TE 3.2 "US Formation Groupings").

    Every US ship on the map must be in exactly one formation; a formation's
    ships share one heading and each is within 2 hexes of another of them.
    """
    by_name = {s.name: s for s in ships}
    seen: set[str] = set()
    for g in groups:
        if not g:
            return "a formation cannot be empty"
        for name in g:
            if name not in by_name:
                return f"{name!r} is not a US ship on the map"
            if name in seen:
                return f"{name} is in two formations"
            seen.add(name)
        members = [by_name[n] for n in g]
        if len({s.heading for s in members}) > 1:
            return f"the ships of formation {', '.join(g)} do not share one heading"
        if not within_chain(members):
            return (
                f"in formation {', '.join(g)} some ship is not within 2 hexes of another "
                "ship of the formation"
            )
    missing = [n for n in by_name if n not in seen]
    if missing:
        return f"every US ship must be in a formation; missing: {', '.join(missing)}"
    return None


def _set_partitions(items: list[T]) -> Iterator[list[list[T]]]:
    """All set partitions of ``items``."""
    if not items:
        yield []
        return
    first, rest = items[0], items[1:]
    for partition in _set_partitions(rest):
        yield [[first], *partition]
        for i, group in enumerate(partition):
            yield [*partition[:i], [first, *group], *partition[i + 1 :]]


@functools.cache
def _index_partitions(n: int) -> tuple[tuple[tuple[int, ...], ...], ...]:
    """The set partitions of ``0 .. n-1``, in the order of :func:`_set_partitions`."""
    return tuple(tuple(tuple(g) for g in p) for p in _set_partitions(list(range(n))))


def _connected_partitions(ships: list[Ship]) -> Iterator[list[list[Ship]]]:
    """All partitions of ``ships`` into groups that each chain within 2 hexes."""
    for partition in _chained_partitions(ships):
        yield [[ships[i] for i in g] for g in partition]


def _chained_partitions(ships: Sequence[Ship]) -> tuple[tuple[tuple[int, ...], ...], ...]:
    """:func:`_connected_partitions` as positions in ``ships`` (each group ascending).

    They depend only on which ships are within 2 hexes of which, so they are worked
    out once per such pattern (:func:`_partitions_chaining`).
    """
    n = len(ships)
    hexes = [s.hex for s in ships]
    near = tuple(
        sum(1 << j for j in range(n) if j != i and distance(hexes[i], hexes[j]) <= 2)
        for i in range(n)
    )
    return _partitions_chaining(near)


@functools.lru_cache(maxsize=4096)
def _partitions_chaining(near: tuple[int, ...]) -> tuple[tuple[tuple[int, ...], ...], ...]:
    """The partitions of ``0 .. n-1`` (in the order of :func:`_set_partitions`) whose
    every group is connected (:func:`within_chain`) in the graph where ``near[i]`` is
    the bit mask of the neighbours of ``i``."""
    n = len(near)
    chained: dict[tuple[int, ...], bool] = {}

    def chains(group: tuple[int, ...]) -> bool:
        found = chained.get(group)
        if found is None:
            mask = 0
            for i in group:
                mask |= 1 << i
            reached = frontier = 1 << group[0]
            while frontier:
                grown = 0
                for i in range(n):
                    if frontier >> i & 1:
                        grown |= near[i]
                frontier = grown & mask & ~reached
                reached |= frontier
            found = chained[group] = reached == mask
        return found

    return tuple(p for p in _index_partitions(n) if all(chains(g) for g in p))


def us_groupings(
    ships: Sequence[Ship], limit: int = 400
) -> list[tuple[tuple[str, ...], ...]] | None:
    """Every legal US grouping, fewest formations first, or None if there are more than
    ``limit``.

    Ships of different headings never share a formation, so each heading class
    is partitioned separately and the results combined. Each formation lists its
    ships, and a grouping its formations, in the order of ``ships``.
    """
    by_heading: dict[int, list[int]] = {}
    for i, s in enumerate(ships):
        by_heading.setdefault(s.heading, []).append(i)
    options: list[list[tuple[tuple[int, ...], ...]]] = []
    total = 1
    for members in by_heading.values():
        if len(members) > 8:
            return None
        parts = []
        for p in _chained_partitions([ships[i] for i in members]):
            # positions in the class -> in ships (both ascending, so groups stay sorted)
            parts.append(tuple(tuple(members[i] for i in g) for g in p))
            if len(parts) > limit:
                return None
        options.append(parts)
        total *= len(parts)
        if total > limit:
            return None
    names = [s.name for s in ships]
    out = []
    for combo in itertools.product(*options):
        # disjoint ascending groups: in order of their first ship
        groups = sorted(g for part in combo for g in part)
        out.append(tuple(tuple(names[i] for i in g) for g in groups))
    return sorted(out, key=len)  # the fewest formations first (stable otherwise)


def formation_ships(state: State, formation: Formation, include_sinking: bool = True) -> list[Ship]:
    """The ships of ``formation`` still on the map."""
    return list(state.members(formation.ships, include_sinking))


def ships_distance(a: Iterable[Ship], b: Iterable[Ship]) -> int:
    """The distance between two groups: the fewest hexes between any two ships (TE 3.2)."""
    bl = [s.hex for s in b]
    best = -1
    for x in a:
        xq, xr = x.hex
        for yq, yr in bl:
            dq = xq - yq
            dr = xr - yr
            d = max(abs(dq), abs(dr), abs(dq + dr))  # distance() inlined: a hot loop
            if d < best or best < 0:
                best = d
    return 10**6 if best < 0 else best


def slowest_speed(ships: Iterable[Ship]) -> int:
    """The current maximum Speed of the slowest ship (TE 3.2 "Formation Speed")."""
    return min((s.max_speed for s in ships), default=0)


def is_heavy_formation(ships: Iterable[Ship], data: TEData) -> bool:
    """A formation with any BB or CA is a heavy ship formation (TE 3.2)."""
    return any(data.ship(s.name).heavy for s in ships)


def heaviest_weight(ships: Iterable[Ship], data: TEData) -> int:
    """The weight of the heaviest ship type present (BB 4 ... DD 1)."""
    return max((TYPE_WEIGHT[data.ship(s.name).rule_type] for s in ships), default=0)
