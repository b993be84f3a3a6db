"""One fake of Coral Sea's ``data.Geography`` for the tests' synthetic worlds.

A rectangle of hexes, all sea but the ``land`` and ``partial`` hexes given, with the
bases and towns (that are no base) given. Its edges are the outermost columns and rows;
with ``full_only`` the east and west edges are the next column in (the half hexes at
the map's sides, as on the real map, notes A70). A squall roll ``n`` enters at column
``n`` of the north edge and row ``n`` of the west edge; south-east drift follows the
map's headings and is None off the map. Not the game's map (``data/coral_sea`` is).
"""

from __future__ import annotations

import attrs

from navalwar.hexgrid import FLAT_TOP_EVEN_LOW, Hex, MapSpec, distance, neighbour


def grid(name: str, cols: int, rows: int) -> MapSpec:
    """A ``cols`` x ``rows`` map labelled ``CCRR`` like the real one."""
    return MapSpec(name, neighbours=FLAT_TOP_EVEN_LOW, cols=(1, cols), rows=(1, rows))


@attrs.frozen
class FakeBase:
    """A base as ``data.BaseInfo`` describes it."""

    name: str
    hex: Hex
    kind: str = "airfield"
    efficiency: str = "B"
    capacity: int = 10
    australian: bool = False


@attrs.frozen
class FakeGeography:
    """The ``Geography`` protocol over ``spec`` (see the module's docstring)."""

    spec: MapSpec
    bases: tuple[FakeBase, ...] = ()
    land: frozenset[Hex] = frozenset()
    partial: frozenset[Hex] = frozenset()
    towns: tuple[tuple[str, Hex], ...] = ()  # (name, hex): towns that are no base

    def terrain(self, h: Hex) -> str:
        return "land" if h in self.land else "partial" if h in self.partial else "sea"

    def is_sea_passable(self, h: Hex) -> bool:
        return self.spec.in_bounds(h) and h not in self.land

    def place(self, name: str) -> Hex:
        """A base's hex by its name or its name's first words ("Port Moresby")."""
        for b in self.bases:
            if b.name == name or b.name.startswith(name + " "):
                return b.hex
        raise KeyError(name)

    def towns_in(self, h: Hex) -> tuple[str, ...]:
        return tuple(n for n, at in self.towns if at == h)

    def has_towns(self) -> bool:
        return bool(self.towns)

    def edge_hexes(self, edge: str, full_only: bool = False) -> frozenset[Hex]:
        (c0, c1), (r0, r1) = self.spec.cols, self.spec.rows
        cut = 1 if full_only else 0
        col = {"east": c1 - cut, "west": c0 + cut}.get(edge)
        if col is not None:
            return frozenset(self.spec.from_offset(col, r) for r in range(r0, r1 + 1))
        row = {"north": r0, "south": r1}[edge]
        return frozenset(self.spec.from_offset(c, row) for c in range(c0, c1 + 1))

    def distance_to_edge(self, h: Hex, edge: str, full_only: bool = True) -> int:
        return min(distance(h, e) for e in self.edge_hexes(edge, full_only))

    def squall_entry_hexes(self, roll: int) -> tuple[Hex, ...]:
        (c0, _), (r0, _) = self.spec.cols, self.spec.rows
        return (self.spec.from_offset(roll, r0), self.spec.from_offset(c0, roll))

    def southeast(self, h: Hex, n: int) -> Hex | None:
        se = self.spec.heading("SE")
        for _ in range(n):
            h = neighbour(h, se)
        return h if self.spec.in_bounds(h) else None
