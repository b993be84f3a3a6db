"""The choices the GWaS players make: on the tactical map (7.0-7.8, 9.4, 11.2) and in
Basic Combat rounds (6.1-6.5).

Each class's ``tag`` and fields are its JSON form in saves and replays.
"""

from __future__ import annotations

from typing import ClassVar

import attrs

from navalwar.actions import Action

LONG = "long"  # the ranges a side may state for the next Basic Combat round (6.2)
CLOSE = "close"
DISENGAGE = "disengage"


# -- the tactical map ----------------------------------------------------------------


@attrs.frozen(slots=True)
class Place(Action):
    """Place a counter in a hex during set-up (7.2), or ``auto`` to let the
    engine place this and the side's remaining counters by the default reading."""

    tag: ClassVar[str] = "place"
    counter: str
    hex: str

    def describe(self) -> str:
        if self.hex == "auto":
            return f"place {self.counter} and the rest automatically"
        return f"place {self.counter} in {self.hex}"


@attrs.frozen(slots=True)
class Flagship(Action):
    """The commander's flagship, when the scenario does not name it (16.1, notes A-39)."""

    tag: ClassVar[str] = "flagship"
    ship: str

    def describe(self) -> str:
        return f"the commander's flag in {self.ship}"


@attrs.frozen(slots=True)
class Move(Action):
    """Move a group (7.3, 7.32): ``to`` a hex label, ``stay``, ``exit:<edge>`` to
    leave the map (7.33), or ``beach`` into an adjacent land hex (7.44: ``to`` is
    ``beach:<hex>``). ``leave`` lists damaged ships detached and left behind
    (volume "Damaged Ships (7.3)", 7.35)."""

    tag: ClassVar[str] = "move"
    group: str
    to: str
    leave: tuple[str, ...] = ()

    def describe(self) -> str:
        text = {"stay": "stays"}.get(self.to, "")
        if not text:
            if self.to.startswith("exit:"):
                text = f"leaves the map by the {self.to[5:]} edge"
            elif self.to.startswith("beach:"):
                text = f"beaches in {self.to[6:]}"
            else:
                text = f"moves to {self.to}"
        extra = f" (detaching {', '.join(self.leave)})" if self.leave else ""
        return f"group {self.group} {text}{extra}"


@attrs.frozen(slots=True)
class Fire(Action):
    """A ship's target counter in a gunnery step (7.5, 9.4), or ``""`` to hold fire."""

    tag: ClassVar[str] = "fire"
    ship: str
    target: str = ""

    def describe(self) -> str:
        return f"{self.ship} fires at {self.target}" if self.target else f"{self.ship} holds fire"


@attrs.frozen(slots=True)
class Torpedo(Action):
    """A ship's torpedo target counter (7.8), or ``""`` to keep its torpedoes."""

    tag: ClassVar[str] = "torpedo"
    ship: str
    target: str = ""

    def describe(self) -> str:
        return (
            f"{self.ship} torpedoes {self.target}"
            if self.target
            else f"{self.ship} keeps its torpedoes"
        )


@attrs.frozen(slots=True)
class Tow(Action):
    """Take a disabled ship in tow (11.21, 11.23), or release a tow (``towed=""``, 11.26)."""

    tag: ClassVar[str] = "tow"
    tower: str
    towed: str = ""

    def describe(self) -> str:
        if self.towed:
            return f"{self.tower} takes {self.towed} in tow"
        return f"{self.tower} casts off its tow"


@attrs.frozen(slots=True)
class Assign(Action):
    """The owner of a squadron counter gives a hit to one of its ships (9.4)."""

    tag: ClassVar[str] = "assign"
    ship: str

    def describe(self) -> str:
        return f"the hit goes to {self.ship}"


# -- Basic Combat ----------------------------------------------------------------------


@attrs.frozen(slots=True)
class BasicFire(Action):
    """A ship's gunnery target for the round (6.1), or ``""`` to hold fire."""

    tag: ClassVar[str] = "basic_target"
    ship: str
    target: str = ""

    def describe(self) -> str:
        return f"{self.ship} fires at {self.target}" if self.target else f"{self.ship} holds fire"


@attrs.frozen(slots=True)
class BasicTorpedo(Action):
    """A ship's torpedo target in a close-range round (6.5, 7.8), or ``""`` to keep them."""

    tag: ClassVar[str] = "basic_torpedo"
    ship: str
    target: str = ""

    def describe(self) -> str:
        return (
            f"{self.ship} torpedoes {self.target}"
            if self.target
            else f"{self.ship} keeps its torpedoes"
        )


@attrs.frozen(slots=True)
class BasicRange(Action):
    """The range a side wants for the next round: ``close``, ``long`` or ``disengage`` (6.2)."""

    tag: ClassVar[str] = "basic_range"
    want: str

    def describe(self) -> str:
        return "tries to disengage" if self.want == DISENGAGE else f"wants {self.want} range"


TACTICAL_ACTIONS: tuple[type[Action], ...] = (Place, Flagship, Move, Fire, Torpedo, Tow, Assign)
BASIC_ACTIONS: tuple[type[Action], ...] = (BasicFire, BasicTorpedo, BasicRange)
ACTIONS: tuple[type[Action], ...] = (*TACTICAL_ACTIONS, *BASIC_ACTIONS)
