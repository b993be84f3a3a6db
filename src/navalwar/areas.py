"""Sea-area maps: the areas of an operational map and their adjacencies (GWaS 2.1, 5.1).

A :class:`SeaAreaMap` is a networkx graph whose nodes are area ids carrying
their :class:`SeaArea` record's attributes (``name``, ``flags``, ``ports``,
``values``), and whose edges are shared boundaries. Movement counts the areas
entered; areas flagged ``land`` are never entered by default.

A map laid out as a grid of cells (GWaS's staggered grid of sea areas, a hex map
such as Coral Sea's) is built by :meth:`SeaAreaMap.from_grid` from a
:class:`~navalwar.hexgrid.MapSpec`: every cell is an area named by its printed
label, adjacent to the cells around it, and the grid's compass names the
direction from one area to the next (:meth:`SeaAreaMap.direction`). Maps of
irregular areas give their adjacencies instead.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Iterator, Mapping
from dataclasses import dataclass, field

import networkx as nx  # type: ignore[import-untyped,unused-ignore]

from navalwar.errors import DataError, UnknownNameError
from navalwar.hexgrid import Hex, MapSpec, heading_to, neighbour, neighbours

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
        values: named values that are not yes/no, e.g. whose territory a coast is
            (``{"coast": "J"}``) or a weather zone.
    """

    id: str
    name: str = ""
    flags: frozenset[str] = field(default_factory=frozenset)
    ports: tuple[str, ...] = ()
    values: Mapping[str, str] = field(default_factory=dict, hash=False)

    def has(self, flag: str) -> bool:
        """True if the area carries ``flag`` (``port`` also when it lists ports)."""
        return flag in self.flags or (flag == PORT and bool(self.ports))


class SeaAreaMap:
    """An operational map: sea areas and their adjacencies (GWaS 2.1, 7.2).

    Args:
        areas: the areas; ids must be unique.
        adjacencies: pairs of adjacent area ids (undirected).
        grid: the grid the areas are the cells of, if any (see :meth:`from_grid`).

    Raises:
        DataError: on a duplicate id, a port listed twice, or an area adjacent to itself.
        UnknownNameError: if an adjacency names an unknown area.
    """

    def __init__(
        self,
        areas: Iterable[SeaArea],
        adjacencies: Iterable[tuple[str, str]],
        *,
        grid: MapSpec | None = None,
    ) -> None:
        self._areas: dict[str, SeaArea] = {}
        self._ports: dict[str, str] = {}
        self._grid = grid
        graph = nx.Graph()
        for area in areas:
            if area.id in self._areas:
                raise DataError(f"sea area {area.id!r} is listed twice")
            self._areas[area.id] = area
            graph.add_node(
                area.id, name=area.name, flags=area.flags, ports=area.ports, values=area.values
            )
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

    @classmethod
    def from_grid(cls, grid: MapSpec, areas: Iterable[SeaArea] = ()) -> SeaAreaMap:
        """The map whose areas are the cells of ``grid``, each named by its printed label
        and adjacent to the cells around it; ``areas`` gives the records of the cells that
        are more than open sea (their ids are labels, read as the grid reads them).

        Raises:
            DataError: an id that is not a cell of the grid, or a record given twice.
        """
        records: dict[str, SeaArea] = {}
        for area in areas:
            key = grid.label(grid.hex(area.id))
            if key in records:
                raise DataError(f"sea area {key!r} is listed twice")
            records[key] = area if area.id == key else _renamed(area, key)
        cells = grid.hex_set
        labels = {h: grid.label(h) for h in grid.hexes()}
        adjacencies = [
            (labels[h], labels[n])
            for h in grid.hexes()
            for n in neighbours(h)[:3]  # each pair once: headings 0-2 from one end
            if n in cells
        ]
        return cls(
            [records.get(labels[h]) or SeaArea(labels[h]) for h in grid.hexes()],
            adjacencies,
            grid=grid,
        )

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
    def grid(self) -> MapSpec | None:
        """The grid the areas are the cells of, or None for a map of irregular areas."""
        return self._grid

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

    def _cell(self, area_id: str) -> tuple[MapSpec, Hex]:
        self._check(area_id)
        if self._grid is None:
            raise ValueError("this sea-area map is not a grid: it has no compass directions")
        return self._grid, self._grid.hex(area_id)

    def direction(self, a: str, b: str) -> str | None:
        """The grid's compass name for the way from area ``a`` to the adjacent area ``b``,
        or None if they are not adjacent.

        Raises:
            ValueError: if the map is not a grid.
        """
        grid, h = self._cell(a)
        _, to = self._cell(b)
        heading = heading_to(h, to)
        return None if heading is None else grid.heading_name(heading)

    def neighbour(self, area_id: str, direction: str) -> str | None:
        """The area next to ``area_id`` in the grid's compass ``direction``, or None off the
        map's edge.

        Raises:
            UnknownNameError: if ``direction`` is not one of the grid's heading names.
            ValueError: if the map is not a grid.
        """
        grid, h = self._cell(area_id)
        n = neighbour(h, grid.heading(direction))
        return grid.label(n) if grid.in_bounds(n) else None

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
        if self._grid is not None:
            return f"SeaAreaMap({self._grid.name!r}, {len(self._areas)} areas)"
        return f"SeaAreaMap({len(self._areas)} areas, {self._graph.number_of_edges()} adjacencies)"


def _renamed(area: SeaArea, area_id: str) -> SeaArea:
    return SeaArea(area_id, area.name, area.flags, area.ports, area.values)
