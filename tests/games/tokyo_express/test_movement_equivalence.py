"""Faster movement helpers give exactly what the plain ones they replaced gave.

The TE 3.9 slide's fallback (the nearest shift in any direction, when no slide along
the reverse heading fits) is rare in play, so it is checked here against the
search it replaced, on many spreads of points near and across the map edges.
"""

from __future__ import annotations

from collections.abc import Sequence

from hypothesis import given, settings
from hypothesis import strategies as st

from navalwar.games.tokyo_express.geometry import TE_MAP
from navalwar.games.tokyo_express.movement import _nearest_fitting_shift
from navalwar.hexgrid import Hex

_EXTENTS = ((1, 0), (0, 1), (1, 1), (2, 1), (1, 2), (1, -1))


def _shifts_keeping(points: Sequence[Hex]) -> list[Hex]:
    """The old candidate search: every shift keeping the outermost points on the map."""
    hexes = TE_MAP.hex_set
    extremes: dict[Hex, None] = {}
    for a, b in _EXTENTS:
        extremes[min(points, key=lambda h: a * h[0] + b * h[1])] = None
        extremes[max(points, key=lambda h: a * h[0] + b * h[1])] = None
    found: set[tuple[int, int]] | None = None
    for q, r in extremes:
        if found is None:
            found = {(hq - q, hr - r) for hq, hr in hexes}
        else:
            found = {(dq, dr) for dq, dr in found if (q + dq, r + dr) in hexes}
        if not found:
            return []
    return [Hex(dq, dr) for dq, dr in found or () if max(abs(dq), abs(dr), abs(dq + dr)) <= 40]


def _old_nearest(points: list[Hex]) -> Hex | None:
    """The old fallback of ``slide_vector``: the shortest fitting candidate, ties in
    coordinate order."""
    hexes = TE_MAP.hex_set
    for shift in sorted(_shifts_keeping(points), key=lambda h: (h.length(), h)):
        if all((q + shift.q, r + shift.r) in hexes for q, r in points):
            return shift
    return None


_MAP = sorted(TE_MAP.hex_set)


@st.composite
def spreads(draw: st.DrawFn) -> list[Hex]:
    """A hex on (or near) the map and up to 30 more within ``radius`` of it."""
    q, r = draw(st.sampled_from(_MAP))
    radius = draw(st.integers(0, 40))
    near = st.tuples(st.integers(-radius, radius), st.integers(-radius, radius))
    offsets = draw(st.lists(near, min_size=0, max_size=30))
    return list(dict.fromkeys([Hex(q, r), *(Hex(q + a, r + b) for a, b in offsets)]))


@settings(max_examples=400, deadline=None)
@given(spreads())
def test_nearest_fitting_shift_is_the_old_search(points: list[Hex]) -> None:
    assert _nearest_fitting_shift(points) == _old_nearest(points)


def test_nearest_fitting_shift_on_the_map_edges() -> None:
    """A map edge hex (every eighth) with each hex up to 3 rows and columns away."""
    hexes = TE_MAP.hex_set
    edge = [h for h in _MAP if any((h.q + a, h.r + b) not in hexes for a, b in _STEPS)]
    assert len(edge) > 100
    for h in edge[::8]:
        for a in range(-3, 4):
            for b in range(-3, 4):
                points = [h, Hex(h.q + a, h.r + b)]
                assert _nearest_fitting_shift(points) == _old_nearest(points)


_STEPS = ((0, -1), (1, -1), (1, 0), (0, 1), (-1, 1), (-1, 0))
