"""The choices the US player makes in the Basic Game (the Japanese are run by the rules)."""

from __future__ import annotations

from typing import ClassVar

import attrs

from navalwar.actions import Action


@attrs.frozen(slots=True)
class ChooseFlagship(Action):
    """Place Admiral Callaghan on one of the CAs in hex 2109 (TE 3.9)."""

    tag: ClassVar[str] = "choose_flagship"
    ship: str

    def describe(self) -> str:
        return f"Callaghan's flagship: {self.ship}"


@attrs.frozen(slots=True)
class FormFormations(Action):
    """Group the US ships into formations (TE 3.2 "US Formation Groupings")."""

    tag: ClassVar[str] = "form_formations"
    groups: tuple[tuple[str, ...], ...]

    def describe(self) -> str:
        return "formations: " + " | ".join(", ".join(g) for g in self.groups)


@attrs.frozen(slots=True)
class SetSpeed(Action):
    """Assign a formation's Speed (TE 3.2 "Assigning Speeds")."""

    tag: ClassVar[str] = "set_speed"
    formation: int
    speed: int

    def describe(self) -> str:
        return f"formation {self.formation}: Speed {self.speed}"


@attrs.frozen(slots=True)
class GiveOrder(Action):
    """Give a formation its maneuver for the Game Turn (TE 3.3 "US Orders and Maneuvers").

    ``maneuver`` is ``ahead``, ``60``, ``120``, ``countermarch`` or ``s-turn``;
    ``direction`` is ``port``, ``starboard`` or ``""`` for Ahead.
    """

    tag: ClassVar[str] = "give_order"
    formation: int
    maneuver: str
    direction: str = ""

    def describe(self) -> str:
        return (
            f"formation {self.formation}: "
            f"{_MANEUVERS.get(self.maneuver, self.maneuver)} {self.direction.capitalize()}".strip()
        )


_MANEUVERS = {
    "ahead": "Ahead",
    "60": "60° Turn",
    "120": "120° Turn",
    "countermarch": "Countermarch",
    "s-turn": "S-Turn",
}


@attrs.frozen(slots=True)
class ChooseDirection(Action):
    """Choose port or starboard for a Countermarch imposed by Freedom of Action (TE 3.3)."""

    tag: ClassVar[str] = "choose_direction"
    formation: int
    direction: str

    def describe(self) -> str:
        return f"formation {self.formation}: Countermarch {self.direction.capitalize()}"


@attrs.frozen(slots=True)
class Turn(Action):
    """When a formation turns this Movement Phase: ``before``, ``after`` or ``none`` (TE 3.4)."""

    tag: ClassVar[str] = "turn"
    formation: int
    when: str

    def describe(self) -> str:
        if self.when == "none":
            return f"formation {self.formation}: no turn this phase"
        return f"formation {self.formation}: turn {self.when} moving"


@attrs.frozen(slots=True)
class TorpedoAttack(Action):
    """A US ship's torpedo attack (TE 3.6 "US Torpedo Allocation").

    ``salvos`` are indices into the ship's salvo list; an empty ``target``
    holds fire.
    """

    tag: ClassVar[str] = "torpedo_attack"
    ship: str
    target: str = ""
    salvos: tuple[int, ...] = ()

    def describe(self) -> str:
        if not self.target:
            return f"{self.ship} holds its torpedoes"
        return f"{self.ship} fires {len(self.salvos)} salvo(s) at {self.target}"


@attrs.frozen(slots=True)
class GunneryAttack(Action):
    """A US ship's gunnery (TE 3.7 "Division of Primary Gun Fire").

    ``fire`` lists (battery, target) pairs: battery ``both`` (both primaries
    at one target in a broadside arc), or ``bow``/``stern``; a battery named
    twice splits its value between two targets. Empty holds fire.
    """

    tag: ClassVar[str] = "gunnery_attack"
    ship: str
    fire: tuple[tuple[str, str], ...] = ()

    def describe(self) -> str:
        if not self.fire:
            return f"{self.ship} holds its fire"
        return f"{self.ship} fires " + ", ".join(f"{b} at {t}" for b, t in self.fire)


ACTION_TYPES: tuple[type[Action], ...] = (
    ChooseFlagship,
    FormFormations,
    SetSpeed,
    GiveOrder,
    ChooseDirection,
    Turn,
    TorpedoAttack,
    GunneryAttack,
)
