"""Drawing matches: SVG maps (:mod:`navalwar.render.svg`) and shared map helpers.

The helpers here are used by every view of a hex map (the SVG renderer and the
terminal game): which printed map a game uses, and which screen direction a
heading points in the map's printed orientation.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any

from navalwar.hexgrid import DIRECTIONS, MapSpec

if TYPE_CHECKING:
    from navalwar.engine import Game

__all__ = ["heading_angle", "heading_arrow", "map_of"]

_ARROWS = "↑↗→↘↓↙←↖"


def map_of(game: Game[Any, Any]) -> MapSpec | None:
    """The printed hex map of ``game`` (its ``map`` attribute), or None."""
    spec = getattr(game, "map", None)
    return spec if isinstance(spec, MapSpec) else None


def heading_angle(spec: MapSpec, heading: int) -> float:
    """Screen angle of ``heading`` in the printed orientation: degrees clockwise from up."""
    x, y = spec.pixel(DIRECTIONS[heading])
    return math.degrees(math.atan2(x, -y)) % 360.0


def heading_arrow(spec: MapSpec, heading: int) -> str:
    """The arrow (one of ``↑↗→↘↓↙←↖``) nearest to ``heading`` as printed on the map."""
    return _ARROWS[round(heading_angle(spec, heading) / 45.0) % 8]
