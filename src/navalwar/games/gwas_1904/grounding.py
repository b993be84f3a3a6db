"""Running aground, refloating, beaching and flooding (GWaS 7.42-7.44, 8.52; volume).

The caller decides when a check is due: 7.42 on entering a hex adjacent to
land (20.1: on an overlay, only hexes containing land; 20.42: no Russian check
next to Port Arthur), 7.43 in the weather phase, 8.52 at the end of fleet
movement. These functions roll and say what happens. :class:`Check` is the
modified-roll record the other 1904 rule modules share.
"""

from __future__ import annotations

from typing import Literal

import attrs

from navalwar.dice import Dice
from navalwar.games.gwas_1904 import weather
from navalwar.games.gwas_1904.combat import Log, ShipDamage, half_hull_speed_loss
from navalwar.games.gwas_1904.ship import ShipSpec

AGROUND = 6  # 7.42: a modified 6 or more runs aground
FLOODS = 6  # 8.52: a modified 6 or more floods 1 hull box (notes A-17)
Control = Literal["enemy", "own", "none"]
GroundedVP = Literal["multiplier", "flat"]


@attrs.frozen(slots=True)
class Check:
    """A modified die roll against a target number.

    Attributes:
        roll: the die (or dice) total as rolled.
        modifier: the net modifier.
        need: the modified total that succeeds.
    """

    roll: int
    modifier: int
    need: int

    @property
    def total(self) -> int:
        """The modified roll."""
        return self.roll + self.modifier

    @property
    def met(self) -> bool:
        """Whether the modified roll reached ``need``."""
        return self.total >= self.need

    def data(self) -> dict[str, int]:
        """The roll, modifier and need, as event data."""
        return {"roll": self.roll, "modifier": self.modifier, "need": self.need}

    def describe(self) -> str:
        """``"roll 5 +1 = 6 (6 needed)"``."""
        return f"roll {self.roll} {self.modifier:+d} = {self.total} ({self.need} needed)"


# -- 7.42 grounding ------------------------------------------------------------------------------


def can_run_aground(spec: ShipSpec) -> bool:
    """Shallow-draft light ships never run aground (volume "Shallow-Draft Ships (7.42)")."""
    return spec.capital or not spec.shallow_draft


def grounding_modifier(
    spec: ShipSpec, home_coast: bool, shallow_draft_literal: bool = False
) -> int:
    """The grounding-roll modifier (7.42; volume "Shallow-Draft Ships"; notes A-16, E-24).

    -1 if the land is the ship's own country's coast (a Japanese ship on the
    Japanese coast); +1 for a capital ship, except a shallow-draft capital ship
    (the A-16 reading: the volume rule would otherwise change nothing). With
    ``shallow_draft_literal`` every capital ship takes the +1, as printed.
    """
    mod = -1 if home_coast else 0
    if spec.capital and (shallow_draft_literal or not spec.shallow_draft):
        mod += 1
    return mod


def grounding_check(
    dice: Dice, spec: ShipSpec, home_coast: bool, shallow_draft_literal: bool = False
) -> Check | None:
    """Roll for a ship entering a hex adjacent to land (7.42): ``met`` means aground.

    Returns None, rolling nothing, for a ship that never runs aground.
    """
    if not can_run_aground(spec):
        return None
    roll = dice.d6(f"grounding check for {spec.name}", "GWaS 7.42")
    return Check(roll, grounding_modifier(spec, home_coast, shallow_draft_literal), AGROUND)


# -- 7.43 refloating -----------------------------------------------------------------------------


@attrs.frozen(slots=True)
class Refloat:
    """A refloating attempt (7.43): the roll, and if it was a 1, the damage roll
    (with the +1 for an unarmoured ship) and the hull boxes lost."""

    roll: int
    damage_roll: int = 0
    hull_boxes: int = 0

    @property
    def refloated(self) -> bool:
        """A 1 refloats the ship."""
        return self.roll == 1


def unarmoured(spec: ShipSpec) -> bool:
    """No armour protection at all: every gun and hull box is unarmoured (7.43, 8.1)."""
    return all(c == "N" for c in spec.primary + spec.secondary + spec.tertiary + spec.hull)


def refloat_attempt(dice: Dice, spec: ShipSpec) -> Refloat:
    """Try to refloat a grounded ship in the weather phase (7.43).

    On a 1 it refloats, then rolls one die (+1 if unarmoured) and loses half the
    result, rounded up, in hull boxes. Refloating removes the grounding ER
    penalty (19.4); a beached ship cannot refloat (7.44), so never call this for one.
    """
    roll = dice.d6(f"refloat {spec.name}", "GWaS 7.43")
    if roll != 1:
        return Refloat(roll)
    damage = dice.d6(f"grounding damage to {spec.name}", "GWaS 7.43")
    damage += 1 if unarmoured(spec) else 0
    return Refloat(roll, damage, (damage + 1) // 2)


def lose_hull(spec: ShipSpec, dmg: ShipDamage, boxes: int, log: Log, rule: str) -> ShipDamage:
    """Black out ``boxes`` hull boxes whatever their armour (grounding 7.43,
    flooding 8.52, mines 13.21), then the half-hull speed loss (volume, 8.51)."""
    if boxes <= 0:
        return dmg
    log(
        "ship_damaged",
        f"{spec.name}: {boxes} hull box{'es' if boxes > 1 else ''} blacked out ({rule})",
        part="hull",
        boxes=boxes,
        cause=rule,
    )
    dmg = dmg.replace(track=dmg.track.hit("hull", boxes))
    return half_hull_speed_loss(spec, dmg, log)


# -- 7.44 beaching -------------------------------------------------------------------------------


def beached_vp(vp: int, control: Control) -> float:
    """Victory Points the enemy scores for a beached ship (7.44; notes A-18).

    ``control`` is the sea area's controller seen from the beached ship:
    ``enemy`` gives twice the ship's VP, ``own`` 75%; an uncontrolled area
    (``none``) scores as a sinking (a ship beached at the end counts as sunk).
    """
    return vp * {"enemy": 2.0, "own": 0.75, "none": 1.0}[control]


def grounded_vp(vp: int, control: Control, reading: GroundedVP = "multiplier") -> float:
    """Victory Points the enemy scores for a ship still aground at the end (VP
    schedule L273-282; notes A-18, T-9).

    ``multiplier`` (default, A-18): as beaching, x2 in an area its enemy
    controls, x0.75 in its own, x1 elsewhere. ``flat``: 2 VP and 0.75 VP as
    printed, nothing in an uncontrolled area.
    """
    if reading == "flat":
        return {"enemy": 2.0, "own": 0.75, "none": 0.0}[control]
    return beached_vp(vp, control)


# -- 8.52 flooding -------------------------------------------------------------------------------


def in_flooding_danger(spec: ShipSpec, dmg: ShipDamage) -> bool:
    """A ship afloat that has lost 75% or more of its hull boxes (8.52)."""
    boxes = len(spec.hull)
    return boxes > 0 and not dmg.sunk and 4 * dmg.track.lost_boxes("hull") >= 3 * boxes


def flooding_modifier(spec: ShipSpec, level: int, moved_two_areas: bool) -> int:
    """The flooding-roll modifier (8.52, 11.73, volume "Low Freeboard"; notes A-17).

    Weather once (Squall +1, Storm +2, Gale +3), +1 if the fleet moved two sea
    areas this movement phase, +1 for a low-freeboard ship.
    """
    mod = weather.flooding_modifier(level)
    mod += 1 if moved_two_areas else 0
    mod += 1 if spec.low_freeboard else 0
    return mod


def flooding_check(
    dice: Dice, spec: ShipSpec, dmg: ShipDamage, level: int, moved_two_areas: bool
) -> Check | None:
    """The flooding roll at the end of fleet movement (8.52): ``met`` means one more
    hull box is lost (apply with :func:`lose_hull`). None (no roll) if the ship is
    not in danger."""
    if not in_flooding_danger(spec, dmg):
        return None
    roll = dice.d6(f"flooding check for {spec.name}", "GWaS 8.52")
    return Check(roll, flooding_modifier(spec, level, moved_two_areas), FLOODS)
