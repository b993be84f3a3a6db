"""Formations (TE 3.2): Japanese mandatory grouping, US free grouping, Speed, distance."""

from __future__ import annotations

import functools
import itertools
from collections.abc import Iterable, Iterator, Sequence
from typing import TypeVar

from navalwar.games.tokyo_express.data import TEData
from navalwar.games.tokyo_express.model import Formation, Ship, State
from navalwar.hexgrid import Hex, distance

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
        h = hexes[frontier.pop()]
        for j in range(n):
            if j not in reached and distance(h, hexes[j]) <= reach:
                reached.add(j)
                frontier.append(j)
    return len(reached) == n


def _index_components(hexes: Sequence[Hex], reach: int) -> list[list[int]]:
    """Connected groups under "within ``reach`` hexes of another": positions in ``hexes``,
    each group ascending, the groups in the order of their first hex."""
    n = len(hexes)
    group_of = [-1] * n
    out: list[list[int]] = []
    for i in range(n):
        if group_of[i] >= 0:
            continue
        k = len(out)
        group_of[i] = k
        members = [i]
        frontier = [i]
        while frontier:
            h = hexes[frontier.pop()]
            for j in range(i + 1, n):
                if group_of[j] < 0 and distance(h, hexes[j]) <= reach:
                    group_of[j] = k
                    members.append(j)
                    frontier.append(j)
        members.sort()
        out.append(members)
    return out


def japanese_groupings(ships: Sequence[Ship], data: TEData) -> list[tuple[str, ...]]:
    """Group Japanese ships into formations (TE 3.2 "Japanese Formation Groupings").

    The order-independent reading of the procedure (notes §7.1): CLs and DDs
    within 2 hexes of one another chain together; each chain holding a DD is a
    formation ("group CLs with DDs whenever possible"); the CLs left over join
    the BBs and CAs, chaining the same way; DDs never join BBs or CAs. Each
    connected chain is by construction as large as possible.

    Each formation lists its ships, and the list the formations, in the order of
    ``ships``.
    """
    types = [data.ship(s.name).rule_type for s in ships]
    hexes = [s.hex for s in ships]
    light = [i for i, t in enumerate(types) if t == "CL" or t == "DD"]
    groups: list[list[int]] = []
    used: set[int] = set()
    for comp in _index_components([hexes[i] for i in light], 2):
        if any(types[light[k]] == "DD" for k in comp):
            group = [light[k] for k in comp]
            groups.append(group)
            used.update(group)
    heavy = [i for i, t in enumerate(types) if i not in used and t != "DD"]
    for comp in _index_components([hexes[i] for i in heavy], 2):
        groups.append([heavy[k] for k in comp])
    groups.sort()  # by the first ship (each group is ascending, and they are disjoint)
    return [tuple([ships[i].name for i in g]) for g in groups]


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
    n = len(ships)
    headings = [s.heading for s in ships]
    hexes = [s.hex for s in ships]
    label: dict[int, int] = {}
    classes = tuple([label.setdefault(h, len(label)) for h in headings])
    near = [0] * n
    for i in range(n):
        h = hexes[i]
        heading = headings[i]
        for j in range(i + 1, n):
            if headings[j] == heading and distance(h, hexes[j]) <= 2:  # within 2 hexes
                near[i] |= 1 << j
                near[j] |= 1 << i
    key = (classes, tuple(near), limit)
    if key in _GROUPINGS:
        found = _GROUPINGS[key]
    else:
        if len(_GROUPINGS) >= _GROUPINGS_KEPT:
            _GROUPINGS.clear()
        found = _GROUPINGS[key] = _index_groupings(classes, key[1], limit)
    if found is None:
        return None
    groups, groupings = found
    names = [s.name for s in ships]
    named = [tuple([names[i] for i in g]) for g in groups]
    return [tuple([named[k] for k in grouping]) for grouping in groupings]


# (heading class of each ship, its neighbours' bit mask, limit) -> the groupings (see
# _index_groupings): they depend on nothing else, and the US start is often the same
_GROUPINGS: dict[
    tuple[tuple[int, ...], tuple[int, ...], int],
    tuple[tuple[tuple[int, ...], ...], tuple[tuple[int, ...], ...]] | None,
] = {}
_GROUPINGS_KEPT = 4096


def _index_groupings(
    classes: tuple[int, ...], near: tuple[int, ...], limit: int
) -> tuple[tuple[tuple[int, ...], ...], tuple[tuple[int, ...], ...]] | None:
    """:func:`us_groupings` for ships ``0 .. n-1`` of heading class ``classes[i]``
    (numbered in order of first appearance) with neighbours (same heading, within 2
    hexes) ``near[i]`` (a bit mask), or None if there are more than ``limit``: the
    groups that occur (each a tuple of positions) and each grouping as positions in
    that tuple."""
    by_class: dict[int, list[int]] = {}
    for i, c in enumerate(classes):
        by_class.setdefault(c, []).append(i)
    options: list[list[tuple[tuple[int, ...], ...]]] = []
    total = 1
    for members in by_class.values():
        if len(members) > 8:
            return None
        local = tuple(
            sum(1 << k for k, j in enumerate(members) if near[i] >> j & 1) for i in members
        )
        parts = []
        for p in _partitions_chaining(local):
            # positions in the class -> in ships (both ascending, so groups stay sorted)
            parts.append(tuple(tuple(members[i] for i in g) for g in p))
            if len(parts) > limit:
                return None
        options.append(parts)
        total *= len(parts)
        if total > limit:
            return None
    index: dict[tuple[int, ...], int] = {}
    out = []
    for combo in itertools.product(*options):
        # disjoint ascending groups: in order of their first ship
        groups = sorted(g for part in combo for g in part)
        out.append(tuple(index.setdefault(g, len(index)) for g in groups))
    out.sort(key=len)  # the fewest formations first (stable otherwise)
    return tuple(index), tuple(out)


def formation_ships(state: State, formation: Formation, include_sinking: bool = True) -> list[Ship]:
    """The ships of ``formation`` still on the map."""
    return list(state.members(formation.ships, include_sinking))


def slowest_speed(ships: Iterable[Ship]) -> int:
    """The current maximum Speed of the slowest ship (TE 3.2 "Formation Speed")."""
    return min((s.max_speed for s in ships), default=0)


def is_heavy_formation(ships: Iterable[Ship], data: TEData) -> bool:
    """A formation with any BB or CA is a heavy ship formation (TE 3.2)."""
    return any(data.ship(s.name).heavy for s in ships)


def heaviest_weight(ships: Iterable[Ship], data: TEData) -> int:
    """The weight of the heaviest ship type present (BB 4 ... DD 1)."""
    return max((TYPE_WEIGHT[data.ship(s.name).rule_type] for s in ships), default=0)
