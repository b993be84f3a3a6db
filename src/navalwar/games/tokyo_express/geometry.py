"""Tokyo Express map geometry: hex labels, compass and firing arcs.

The rulebook never defines its hex numbering or compass; both are derived from
its worked examples in the TE notes, Appendix A and §4.3, and adopted as
canonical (notes §9.1 item 1):

* labels are ``CCRR``, columns 01..31 and rows 01..40; even columns are shifted
  half a hex toward higher rows, and lack row 40 (17.7: leaving 2540 heading SW
  to 2640 goes off the map; every row-40 hex the rules name is in an odd column);
* headings clockwise (starboard) are N, NE, SE, S, SW, NW; SE is RR-1.

Arcs follow notes §9.1 item 2 (see :func:`navalwar.hexgrid.arc_of`).
"""

from __future__ import annotations

import functools
from typing import Literal

from navalwar.errors import DataError
from navalwar.hexgrid import ORIGIN, Arc, Hex, MapSpec, arc_of, rotate

__all__ = [
    "HEADINGS",
    "TE_MAP",
    "TorpedoMount",
    "arc",
    "battery_bears",
    "in_heading_row",
    "te_hex",
    "te_label",
    "torpedo_mount_bears",
]

HEADINGS = ("N", "NE", "SE", "S", "SW", "NW")  # a heading's name by its number (0 = N)

#: The Tokyo Express map (TE notes Appendix A). Printed orientation: column 01
#: at the top, rows increasing to the left, N pointing up and 30° left.
TE_MAP = MapSpec(
    "Tokyo Express",
    neighbours={
        # heading: ((dCC, dRR) from an odd column, (dCC, dRR) from an even column)
        "N": ((-1, 0), (-1, +1)),
        "NE": ((-1, -1), (-1, 0)),
        "SE": ((0, -1), (0, -1)),
        "S": ((+1, -1), (+1, 0)),
        "SW": ((+1, 0), (+1, +1)),
        "NW": ((0, +1), (0, +1)),
    },
    cols=(1, 31),
    rows=(1, 40),
    label="{col:02}{row:02}",
    offset_parity="even",
    offset_toward="higher",
    trim_offset_columns=True,
    rotation=-30.0,
)


def te_hex(label: str, *, check_bounds: bool = True) -> Hex:
    """The hex with Tokyo Express label ``CCRR`` (notes Appendix A).

    Raises:
        DataError: if the label is malformed or (with ``check_bounds``) off the map.
    """
    return TE_MAP.hex(label, check_bounds=check_bounds)


def te_label(h: Hex) -> str:
    """The Tokyo Express ``CCRR`` label of ``h`` (also for hexes just off the map)."""
    return TE_MAP.label(h)


def arc(ship_hex: Hex, heading: int, target_hex: Hex) -> Arc:
    """The arc of ``target_hex`` from a ship at ``ship_hex`` on ``heading`` (TE 2.4, 3.6)."""
    return arc_of(ship_hex, heading, target_hex)


def in_heading_row(ship_hex: Hex, heading: int, target_hex: Hex) -> bool:
    """True if ``target_hex`` is in the hex row dead ahead of the ship (TE 3.6).

    This is the row into which only one side mount may fire per torpedo combat.
    """
    if not 0 <= heading < 6:
        raise ValueError(f"heading must be an int 0..5 (clockwise), got {heading!r}")
    local = rotate(target_hex - ship_hex, -heading)  # heading 0 is (0, -1)
    return local.q == 0 and local.r < 0


TorpedoMount = Literal["P", "S", "C"]


def torpedo_mount_bears(mount: TorpedoMount, ship_hex: Hex, heading: int, target_hex: Hex) -> bool:
    """True if a torpedo salvo on ``mount`` can be fired at ``target_hex`` (TE 3.6).

    * ``"P"``/``"S"`` side mounts: their own broadside arc, their half of the
      bow arc, and the hex row dead ahead.
    * ``"C"`` centre mounts: both broadsides and the whole bow arc.
    * Never into the stern arc, never at the ship's own hex.

    Raises:
        DataError: if ``mount`` is not ``"P"``, ``"S"`` or ``"C"``.
    """
    if mount not in ("P", "S", "C"):
        raise DataError(f"torpedo mount must be 'P', 'S' or 'C' (TE 3.6), got {mount!r}")
    return _mount_bears(mount, target_hex.q - ship_hex.q, target_hex.r - ship_hex.r, heading)


@functools.lru_cache(maxsize=65536)
def _mount_bears(mount: TorpedoMount, dq: int, dr: int, heading: int) -> bool:
    """:func:`torpedo_mount_bears` for a target at offset ``(dq, dr)`` (it depends on
    the offset only), remembered."""
    target_hex = Hex(dq, dr)
    where = arc_of(ORIGIN, heading, target_hex)
    if where is Arc.SAME_HEX or where is Arc.STERN:
        return False
    if mount == "C":
        return True
    side = Arc.PORT if mount == "P" else Arc.STARBOARD
    if where is side:
        return True
    if where is not Arc.BOW:
        return False
    if in_heading_row(ORIGIN, heading, target_hex):
        return True
    starboard_half = rotate(target_hex, -heading).q > 0
    return starboard_half == (mount == "S")


def battery_bears(
    battery: Literal["bow", "stern"], ship_hex: Hex, heading: int, target_hex: Hex
) -> bool:
    """True if the bow or stern primary battery bears on ``target_hex`` (TE 3.7).

    The bow primary fires into the bow arc and both broadsides, never the stern
    arc; the stern primary into the stern arc and both broadsides, never the bow
    arc. The own hex is in both broadsides (TE 2.4).

    Raises:
        DataError: if ``battery`` is not ``"bow"`` or ``"stern"``.
    """
    if battery not in ("bow", "stern"):
        raise DataError(f"primary battery must be 'bow' or 'stern' (TE 3.7), got {battery!r}")
    where = arc_of(ship_hex, heading, target_hex)
    return where is not (Arc.STERN if battery == "bow" else Arc.BOW)
