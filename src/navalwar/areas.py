"""Sea-area graphs for operational maps (GWaS 2.1: a staggered grid of sea areas).

A :class:`SeaAreaMap` is a set of :class:`SeaArea` records and the adjacencies
between them, held in a networkx graph. Movement counts sea areas entered;
areas flagged ``land`` are never entered by default.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Iterator
from dataclasses import dataclass, field

import networkx as nx  # type: ignore[import-untyped,unused-ignore]

from navalwar.errors import DataError, UnknownNameError

__all__ = ["COASTAL", "LAND", "PORT", "SeaArea", "SeaAreaMap"]

LAND = "land"
COASTAL = "coastal"
PORT = "port"


@dataclass(frozen=True, slots=True)
class SeaArea:
    """One sea area of an operational map.

    Attributes:
        id: the printed area id (``"F13"``).
        name: a readable name, if any.
        flags: free-form tags such as ``"coastal"``, ``"land"``, ``"ice"``.
        ports: names of the ports in this area; an area with ports has the ``port`` flag.
    """

    id: str
    name: str = ""
    flags: frozenset[str] = field(default_factory=frozenset)
    ports: tuple[str, ...] = ()

    def has(self, flag: str) -> bool:
        """True if the area carries ``flag`` (``port`` also when it lists ports)."""
        return flag in self.flags or (flag == PORT and bool(self.ports))


class SeaAreaMap:
    """An operational map: sea areas and their adjacencies (GWaS 2.1, 7.2).

    Args:
        areas: the areas; ids must be unique.
        adjacencies: pairs of adjacent area ids (undirected).

    Raises:
        DataError: on a duplicate id, a port listed twice, or an area adjacent to itself.
        UnknownNameError: if an adjacency names an unknown area.
    """

    def __init__(self, areas: Iterable[SeaArea], adjacencies: Iterable[tuple[str, str]]) -> None:
        self._areas: dict[str, SeaArea] = {}
        self._ports: dict[str, str] = {}
        graph = nx.Graph()
        for area in areas:
            if area.id in self._areas:
                raise DataError(f"sea area {area.id!r} is listed twice")
            self._areas[area.id] = area
            graph.add_node(area.id)
            for port in area.ports:
                if port in self._ports:
                    raise DataError(
                        f"port {port!r} is in both {self._ports[port]!r} and {area.id!r}"
                    )
                self._ports[port] = area.id
        for a, b in adjacencies:
            self._check(a)
            self._check(b)
            if a == b:
                raise DataError(f"sea area {a!r} cannot be adjacent to itself")
            graph.add_edge(a, b)
        self._graph = graph

    def _check(self, area_id: str) -> None:
        if area_id not in self._areas:
            raise UnknownNameError("sea area", str(area_id), self._areas)

    # -- lookups --------------------------------------------------------------------------------

    def __contains__(self, area_id: object) -> bool:
        return area_id in self._areas

    def __iter__(self) -> Iterator[str]:
        return iter(self._areas)

    def __len__(self) -> int:
        return len(self._areas)

    @property
    def graph(self) -> nx.Graph:
        """A read-only view of the adjacency graph (nodes are area ids)."""
        return self._graph.copy(as_view=True)

    def area(self, area_id: str) -> SeaArea:
        """The area record for ``area_id``.

        Raises:
            UnknownNameError: if there is no such area.
        """
        self._check(area_id)
        return self._areas[area_id]

    def has_flag(self, area_id: str, flag: str) -> bool:
        """True if the area carries ``flag`` (see :meth:`SeaArea.has`)."""
        return self.area(area_id).has(flag)

    def with_flag(self, flag: str) -> frozenset[str]:
        """Ids of every area carrying ``flag``."""
        return frozenset(i for i, a in self._areas.items() if a.has(flag))

    def port_area(self, port: str) -> str:
        """The id of the area that holds ``port``.

        Raises:
            UnknownNameError: if no area lists the port.
        """
        try:
            return self._ports[port]
        except KeyError:
            raise UnknownNameError("port", port, self._ports) from None

    # -- movement -------------------------------------------------------------------------------

    def adjacent(self, area_id: str) -> frozenset[str]:
        """Ids of the areas sharing a boundary with ``area_id``."""
        self._check(area_id)
        return frozenset(self._graph.adj[area_id])

    def is_adjacent(self, a: str, b: str) -> bool:
        """True if areas ``a`` and ``b`` share a boundary."""
        self._check(a)
        self._check(b)
        return bool(self._graph.has_edge(a, b))

    def _navigable(self, start: str, avoid: Collection[str]) -> nx.Graph:
        if not avoid:
            return self._graph
        areas = self._areas

        def ok(node: str) -> bool:
            return node == start or not any(areas[node].has(f) for f in avoid)

        return nx.subgraph_view(self._graph, filter_node=ok)

    def path(self, a: str, b: str, *, avoid: Collection[str] = (LAND,)) -> list[str] | None:
        """A shortest route from ``a`` to ``b`` as area ids, both included.

        Areas carrying any flag in ``avoid`` are never entered (``a`` itself is
        always allowed). Returns None if ``b`` cannot be reached.
        """
        self._check(a)
        self._check(b)
        graph = self._navigable(a, avoid)
        if b not in graph:
            return None
        try:
            route: list[str] = nx.shortest_path(graph, a, b)
        except nx.NetworkXNoPath:
            return None
        return route

    def distance(self, a: str, b: str, *, avoid: Collection[str] = (LAND,)) -> int | None:
        """Number of area boundaries crossed on a shortest route, or None if unreachable."""
        route = self.path(a, b, avoid=avoid)
        return None if route is None else len(route) - 1

    def areas_within(
        self, area_id: str, n: int, *, avoid: Collection[str] = (LAND,)
    ) -> dict[str, int]:
        """Areas reachable in at most ``n`` moves, with their distance (``area_id`` is 0)."""
        self._check(area_id)
        if n < 0:
            raise ValueError(f"range must be >= 0, got {n}")
        graph = self._navigable(area_id, avoid)
        found: dict[str, int] = dict(
            nx.single_source_shortest_path_length(graph, area_id, cutoff=n)
        )
        return found

    def __repr__(self) -> str:
        return f"SeaAreaMap({len(self._areas)} areas, {self._graph.number_of_edges()} adjacencies)"
