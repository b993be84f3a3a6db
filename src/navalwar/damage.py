"""Damage records: box tracks and armoured multi-part tracks.

* :class:`BoxTrack` is the shape of a Tokyo Express ship log (TE 3.8): boxes
  crossed off in order, some marked with a Damage Level. The track is static
  data per ship; a ship's state only needs the number of hits taken.
* :class:`PartTrack` is a Great War at Sea record (GWaS 8.0-8.6): parts (hull,
  primary, secondary, tertiary, torpedo...) whose boxes are blacked out left to
  right, each box with an armour rating. It is an immutable value.
"""

from __future__ import annotations

import enum
from collections.abc import Iterable

import attrs

from navalwar.errors import DataError, NavalwarError, UnknownNameError

__all__ = ["Armour", "ArmouredPart", "BoxTrack", "PartTrack"]


# -- Tokyo Express box track -------------------------------------------------------


@attrs.frozen(slots=True)
class BoxTrack:
    """A damage log of ``boxes`` boxes crossed off in order, with level marks (TE 3.8).

    A ship "reaches a new Damage Level when the box corresponding to that
    number is crossed off"; some DDs and CLs have no level-2 box. Hit counts
    passed to the methods are clamped to ``0 .. boxes``.

    Attributes:
        boxes: how many damage boxes the log has; crossing off the last sinks the ship.
        levels: ``(level, box)`` pairs: crossing off the 1-based ``box`` reaches
            ``level``, e.g. ``((1, 3), (2, 5), (3, 8))``. Levels and boxes both rise.
    """

    boxes: int
    levels: tuple[tuple[int, int], ...] = ()
    _by_hits: tuple[int, ...] = attrs.field(init=False, repr=False, eq=False)

    def __attrs_post_init__(self) -> None:
        if self.boxes < 1:
            raise DataError(f"a damage log needs at least 1 box, not {self.boxes}")
        prev_level, prev_box = 0, 0
        for level, box in self.levels:
            if level <= prev_level or box <= prev_box:
                raise DataError(
                    f"damage levels {self.levels} must rise in both level and box "
                    f"(level {level} at box {box} follows level {prev_level} at box {prev_box})"
                )
            if box > self.boxes:
                raise DataError(
                    f"damage level {level} is at box {box} but the log has {self.boxes} boxes"
                )
            prev_level, prev_box = level, box
        by_hits = []
        current = 0
        marks = {box: level for level, box in self.levels}
        for hits in range(self.boxes + 1):
            current = marks.get(hits, current)
            by_hits.append(current)
        object.__setattr__(self, "_by_hits", tuple(by_hits))

    def _clamp(self, hits: int) -> int:
        if hits <= 0:
            return 0
        return hits if hits < self.boxes else self.boxes

    def level_after(self, hits: int) -> int:
        """The Damage Level after ``hits`` boxes are crossed off (0 when undamaged)."""
        return self._by_hits[self._clamp(hits)]

    def sunk(self, hits: int) -> bool:
        """Whether ``hits`` crosses off every box (the ship sinks, TE 3.8)."""
        return hits >= self.boxes

    def boxes_left(self, hits: int) -> int:
        """How many boxes remain after ``hits``."""
        return self.boxes - self._clamp(hits)

    def new_levels(self, before: int, after: int) -> tuple[int, ...]:
        """The Damage Levels newly reached going from ``before`` to ``after`` hits.

        Several levels can be reached at once (a 5-point hit from level 0);
        a ship without a level-2 box goes straight from 1 to 3.
        """
        lo, hi = self._clamp(before), self._clamp(after)
        if hi <= lo or self._by_hits[lo] == self._by_hits[hi]:
            return ()
        return tuple(level for level, box in self.levels if lo < box <= hi)


# -- Great War at Sea armoured parts ---------------------------------------------


class Armour(enum.IntEnum):
    """Armour protection of one box (GWaS 8.1)."""

    NONE = 0
    LIGHT = 1
    HEAVY = 2


@attrs.frozen(slots=True)
class ArmouredPart:
    """One part of a ship record: its boxes, left to right, and their armour (GWaS 8.0-8.1).

    Attributes:
        name: the part's name ("hull", "primary", "secondary", "tertiary", "torpedo").
        armour: the armour of each box, in the order boxes are blacked out.
    """

    name: str
    armour: tuple[Armour, ...]

    @classmethod
    def uniform(cls, name: str, boxes: int, armour: Armour = Armour.NONE) -> ArmouredPart:
        """A part of ``boxes`` boxes all with the same armour."""
        if boxes < 0:
            raise DataError(f"part {name!r} cannot have {boxes} boxes")
        return cls(name, (armour,) * boxes)

    @property
    def boxes(self) -> int:
        """How many boxes the part has."""
        return len(self.armour)

    @property
    def heavy_armour(self) -> bool:
        """Whether any box of the part is heavily armoured."""
        return Armour.HEAVY in self.armour


@attrs.frozen(slots=True)
class PartTrack:
    """A multi-part damage record with per-box armour (GWaS 8.0).

    Attributes:
        parts: the ship's parts, in record-sheet order.
        lost: boxes blacked out per part, in the order of ``parts``.
        hull: the name of the part whose destruction sinks the ship.
    """

    parts: tuple[ArmouredPart, ...]
    lost: tuple[int, ...] = attrs.field()
    hull: str = "hull"
    # derived from ``parts`` and shared by every record hit from this one (lookups
    # by part name are the hot path of a battle)
    _at: dict[str, int] = attrs.field(init=False, eq=False, repr=False)
    _boxes: tuple[int, ...] = attrs.field(init=False, eq=False, repr=False)

    @lost.default
    def _no_losses(self) -> tuple[int, ...]:
        return (0,) * len(self.parts)

    def __attrs_post_init__(self) -> None:
        if len(self.lost) != len(self.parts):
            raise DataError(f"{len(self.parts)} parts but {len(self.lost)} damage counts")
        names = [p.name for p in self.parts]
        if len(set(names)) != len(names):
            raise DataError(f"a ship record repeats a part name: {names}")
        object.__setattr__(self, "_at", {name: i for i, name in enumerate(names)})
        object.__setattr__(self, "_boxes", tuple(len(p.armour) for p in self.parts))

    @classmethod
    def of(cls, parts: Iterable[ArmouredPart], hull: str = "hull") -> PartTrack:
        """An undamaged record of ``parts``."""
        return cls(tuple(parts), hull=hull)

    def _index(self, part: str) -> int:
        i = self._at.get(part)
        if i is None:
            raise UnknownNameError("ship part", part, (p.name for p in self.parts))
        return i

    def _with_lost(self, lost: tuple[int, ...]) -> PartTrack:
        """This record with other losses: the fields of ``attrs.evolve(self, lost=lost)``
        without checking the parts again."""
        if type(self) is not PartTrack:
            return attrs.evolve(self, lost=lost)
        track = object.__new__(PartTrack)
        for name, value in (
            ("parts", self.parts),
            ("lost", lost),
            ("hull", self.hull),
            ("_at", self._at),
            ("_boxes", self._boxes),
        ):
            object.__setattr__(track, name, value)
        return track

    def has(self, part: str) -> bool:
        """Whether the record has a part of that name."""
        return part in self._at

    def part(self, part: str) -> ArmouredPart:
        """The named part."""
        return self.parts[self._index(part)]

    def hit(self, part: str, n: int = 1, overflow: str | None = None) -> PartTrack:
        """Black out ``n`` boxes of ``part``, left to right.

        Args:
            part: the part hit.
            n: boxes to black out.
            overflow: where boxes beyond a destroyed part go ("later damage to
                that part is recorded as hull damage", GWaS 8.0); ``None`` drops them.

        Raises:
            UnknownNameError: no such part.
            NavalwarError: ``n`` is negative.
        """
        if n < 0:
            raise NavalwarError(f"cannot black out {n} boxes of {part!r}")
        i = self._index(part)
        room = self._boxes[i] - self.lost[i]
        taken = n if n <= room else room
        track = self
        if taken:
            lost = self.lost
            track = self._with_lost((*lost[:i], lost[i] + taken, *lost[i + 1 :]))
        if overflow is not None and n > taken and overflow != part:
            return track.hit(overflow, n - taken)
        return track

    def lost_boxes(self, part: str) -> int:
        """Boxes of ``part`` blacked out."""
        return self.lost[self._index(part)]

    def remaining(self, part: str) -> int:
        """Boxes of ``part`` not yet blacked out."""
        i = self._index(part)
        return self._boxes[i] - self.lost[i]

    def is_destroyed(self, part: str) -> bool:
        """Whether every box of ``part`` is blacked out (a part with no boxes counts)."""
        return self.remaining(part) == 0

    def next_armour(self, part: str) -> Armour | None:
        """The armour of the next box of ``part`` to be hit, or ``None`` if destroyed."""
        i = self._index(part)
        lost = self.lost[i]
        return self.parts[i].armour[lost] if lost < self._boxes[i] else None

    @property
    def sunk(self) -> bool:
        """Whether every hull box is blacked out (GWaS 8.0); false if there is no hull."""
        i = self._at.get(self.hull)
        return i is not None and self._boxes[i] - self.lost[i] == 0
