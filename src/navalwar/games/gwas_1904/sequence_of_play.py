"""The tactical battle's sequence of play (GWaS 7.2, 7.31 as replaced by the volume, 7.36),
declared as data.

The tree names every step of the set-up and of the 20-step impulse (notes §2.3):
step 1 the initiative (7.1 A); moves by speed in steps 2, 5, 6, 9, 10, 13, 14, 17, 18;
gunnery in 3, 7, 11, 15, 19; torpedoes in 4, 8, 12, 16, 20. A move step lists the groups
that may move (``begin``), then asks them one at a time (``move``); a combat step is the
player with the initiative's declarations and fire (``first``), then the other's
(``second``). ``impulse.py`` binds to the steps what they run, ask and apply, and the core
driver (:class:`navalwar.driver.Driver`) plays them in this order.

A battle stands at a leaf by its saved fields ``phase``, ``step``, ``acting`` (the first
or second side of a combat step) and ``started`` (the acting side's list of decisions is
made): :func:`place` and :data:`PLACES` translate, :func:`move` goes back.
"""

from __future__ import annotations

from typing import Literal

from navalwar.games.gwas_1904.battle import Battle, other
from navalwar.games.gwas_1904.ship import SPEEDS
from navalwar.games.gwas_1904.sides import JAPAN, RUSSIA
from navalwar.sequence import SequenceOfPlay, Step

MOVE_STEPS: dict[int, tuple[str, ...]] = {
    2: ("2",),
    5: ("2",),
    6: ("2", "1+"),
    9: ("2", "1+"),
    10: ("2", "1+", "1"),
    13: ("2", "1+", "1"),
    14: SPEEDS,
    17: SPEEDS,
    18: SPEEDS,
}  # volume "Impulse Procedure (7.31)": the speeds that move in each movement step
INITIATIVE_MOVES = (2, 6, 10, 14, 18)
GUNNERY_STEPS = (3, 7, 11, 15, 19)
TORPEDO_STEPS = (4, 8, 12, 16, 20)
_SPEED_NAMES = {
    ("2",): "speed 2",
    ("2", "1+"): "speed 1+ and 2",
    ("2", "1+", "1"): "speed 1, 1+ and 2 (all but speed 1s)",
    SPEEDS: "all",
}
RULE = "GWaS 7.31"


def _move_step(n: int) -> Step:
    who = "with" if n in INITIATIVE_MOVES else "without"
    return Step(
        f"step{n}",
        f"Step {n}: the player {who} the initiative moves his {_SPEED_NAMES[MOVE_STEPS[n]]} groups",
        f"{RULE}, 7.32",
        "step",
        (
            Step("begin", "The groups that may move", f"{RULE}, 7.32", "step"),
            Step("move", "Each group's move, one at a time", "GWaS 7.32-7.35", "step"),
        ),
    )


def _combat_step(n: int) -> Step:
    torpedo = n in TORPEDO_STEPS
    what, rule = ("torpedo combat", "GWaS 7.8") if torpedo else ("gunnery combat", "GWaS 7.5")

    def side(id: str, who: str) -> Step:
        return Step(
            id,
            f"The player {who} the initiative",
            f"{rule}, 9.4",
            "segment",
            (
                Step("begin", "The ships that may fire", rule, "step"),
                Step(
                    "fire",
                    "Targets declared, then fired at; squadron hits assigned (9.4)",
                    f"{rule}, 9.4",
                    "step",
                ),
            ),
        )

    return Step(
        f"step{n}",
        f"Step {n}: both players conduct {what}",
        f"{RULE}, {rule}",
        "step",
        (side("first", "with"), side("second", "without")),
    )


def _step(n: int) -> Step:
    if n == 1:
        return Step("step1", "Step 1: determine the initiative", "GWaS 7.1 A, 16.2", "step")
    return _move_step(n) if n in MOVE_STEPS else _combat_step(n)


BATTLE = SequenceOfPlay(
    (
        Step(
            "setup",
            "Set-up",
            "GWaS 7.2",
            "stage",
            (
                Step(
                    "placement", "Flagships, then the counters face down", "GWaS 7.2, 16.1", "step"
                ),
            ),
        ),
        Step(
            "impulse",
            "Impulse Sequence",
            f"{RULE}, 7.36",
            "impulse",
            tuple(_step(n) for n in range(1, 21)),
        ),
    ),
    name="GWaS tactical battle",
)

Place = str | tuple[int, int, bool]


def place(battle: Battle) -> Place:
    """Where ``battle`` stands: ``"setup"``, or ``(step, slot, started)`` in an impulse,
    ``slot`` 1 while the player without the initiative fires (0 otherwise)."""
    if battle.phase != "impulse":
        return battle.phase
    step = battle.step
    second = step not in MOVE_STEPS and bool(battle.acting) and battle.acting != battle.initiative
    return (step, 1 if second else 0, battle.started)


def _places() -> dict[Place, str]:
    found: dict[Place, str] = {"setup": "setup.placement", (1, 0, False): "impulse.step1"}
    for n in range(2, 21):
        if n in MOVE_STEPS:
            found[(n, 0, False)] = f"impulse.step{n}.begin"
            found[(n, 0, True)] = f"impulse.step{n}.move"
            continue
        for slot, id in enumerate(("first", "second")):
            found[(n, slot, False)] = f"impulse.step{n}.{id}.begin"
            found[(n, slot, True)] = f"impulse.step{n}.{id}.fire"
    return found


PLACES: dict[Place, str] = _places()
"""The leaf of :data:`BATTLE` where a battle stands, by its :func:`place`."""
_AT: dict[str, Place] = {key: p for p, key in PLACES.items()}


FRESH: dict[str, tuple[()]] = {"todo": (), "planned": (), "snapshot": (), "moved": ()}
"""What a step begins without: nothing to decide, declared, recorded or moved yet."""


def move(battle: Battle, key: str) -> Battle:
    """``battle`` standing at the leaf ``key`` of :data:`BATTLE`: a step begun with no
    side acting yet, the second side's turn to fire, or a side's decisions (a leaf
    played again: squadron hits to assign, 9.4)."""
    at = _AT[key]
    if isinstance(at, str):
        return battle.replace(phase=at)
    step, slot, started = at
    if not started and not slot:  # a step begins
        return battle.replace(step=step, acting="", started=False, **FRESH)
    if not started:
        acting = other(battle.initiative)
    elif step in MOVE_STEPS:
        acting = battle.initiative if step in INITIATIVE_MOVES else other(battle.initiative)
    else:
        acting = other(battle.initiative) if slot else battle.initiative
    if (battle.step, battle.acting, battle.started) == (step, acting, started):
        return battle
    return battle.replace(step=step, acting=acting, started=started)


# -- Basic Combat (6.0-6.5) ------------------------------------------------------------


def _basic_side(id: str, name: str, rule: str) -> Step:
    return Step(
        id,
        name,
        rule,
        "segment",
        (
            Step("begin", "The ships that may attack", rule, "step"),
            Step("fire", "Targets declared, then the dice rolled", rule, "step"),
        ),
    )


def _basic_combat(id: str, name: str, rule: str) -> Step:
    return Step(
        id,
        name,
        rule,
        "step",
        (_basic_side("japan", "Japan", rule), _basic_side("russia", "Russia", rule)),
    )


BASIC_ROUND = SequenceOfPlay(
    (
        Step(
            "round",
            "Basic Combat round",
            "GWaS 6.0",
            "phase",
            (
                _basic_combat("gunnery", "Gunnery step", "GWaS 6.1, 6.3, 6.4"),
                _basic_combat("torpedo", "Torpedo step (close range only)", "GWaS 6.5, 7.8"),
                Step(
                    "end", "The battle ends: no ship afloat, or the round limit", "GWaS 6.0", "step"
                ),
                Step(
                    "range",
                    "Both sides state the next round's range, in secret",
                    "GWaS 6.2",
                    "step",
                ),
            ),
        ),
    ),
    name="GWaS Basic Combat",
)

BasicStep = Literal["gunnery", "torpedo", "range"]
BasicPlace = tuple[BasicStep, str, bool]


def _basic_places() -> dict[BasicPlace, str]:
    found: dict[BasicPlace, str] = {("range", "", False): "round.range"}
    combat: tuple[BasicStep, ...] = ("gunnery", "torpedo")
    for step in combat:
        found[(step, "", False)] = f"round.{step}.japan.begin"
        found[(step, JAPAN, True)] = f"round.{step}.japan.fire"
        found[(step, RUSSIA, False)] = f"round.{step}.russia.begin"
        found[(step, RUSSIA, True)] = f"round.{step}.russia.fire"
        found[(step, "", True)] = "round.end"  # (after the round's last combat step)
    return found


BASIC_PLACES: dict[BasicPlace, str] = _basic_places()
"""The leaf of :data:`BASIC_ROUND` where a Basic Combat battle stands, by its
``(step, acting, started)``."""
_BASIC_AT: dict[str, BasicPlace] = {key: p for p, key in BASIC_PLACES.items() if key != "round.end"}


def basic_at(key: str) -> BasicPlace:
    """The ``(step, acting, started)`` of a Basic Combat leaf other than ``round.end``
    (whose ``step`` is the round's last combat step's)."""
    return _BASIC_AT[key]


__all__ = [
    "BASIC_PLACES",
    "BASIC_ROUND",
    "BATTLE",
    "FRESH",
    "GUNNERY_STEPS",
    "INITIATIVE_MOVES",
    "MOVE_STEPS",
    "PLACES",
    "TORPEDO_STEPS",
    "BasicPlace",
    "BasicStep",
    "basic_at",
    "move",
    "place",
]
