"""Sub Hunt's own agent: a heuristic commander for either side.

It decides from its side's observation only (``match.observe``) and the public
scenario, never from the state, so the Hunter's agent does not know the submarine's
hex (SH 1.3). ``AGENTS`` is what :meth:`SubHunt.agents` offers by name.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from navalwar.actions import Action
from navalwar.agents import AgentFactory
from navalwar.dice import Dice
from navalwar.engine import Decision, Match
from navalwar.hexgrid import Hex, distance
from navalwar_subhunt.actions import (
    DropDepthCharges,
    FireTorpedo,
    MoveDestroyer,
    MoveSubmarine,
    PlaceSubmarine,
)
from navalwar_subhunt.model import MAP


def _best(choices: Sequence[Action], score: Callable[[Action], float]) -> Action:
    """The choice with the least score, the first listed on a tie (deterministic)."""
    return min(choices, key=score)


class HeuristicAgent:
    """The Hunter steams for the last contact (else the submarine's start area), then
    sweeps the hexes the submarine can have reached since, at random; it drops a pattern
    on a fresh contact it can reach, or on a likely hex while it has patterns to spare.
    The Submarine starts far from the destroyer, closes to torpedo range while it has
    torpedoes, is undamaged and was not just seen, fires when it can, and runs otherwise."""

    name = "heuristic"

    def __init__(self, seed: int = 0) -> None:
        self.dice = Dice(seed)

    def choose(self, match: Match, decision: Decision) -> Action:
        obs = match.observe(decision.side)
        choices = decision.choices or ()
        dd = MAP.hex(obs["destroyer"]["hex"])
        contact = MAP.hex(obs["contact"]) if obs["contact"] else None
        fresh = contact is not None and obs["turn"] - (obs["contact_turn"] or 0) <= 1

        def at(a: Action) -> Hex:
            return MAP.hex(str(getattr(a, "hex", "")))

        first = choices[0]
        if isinstance(first, PlaceSubmarine):
            return _best(choices, lambda a: -distance(at(a), dd))
        if isinstance(first, MoveSubmarine):
            sub: dict[str, Any] = obs["submarine"]
            attacking = sub["torpedoes"] > 0 and not sub["damaged"] and not fresh
            if attacking:
                return _best(choices, lambda a: abs(distance(at(a), dd) - 1))
            return _best(choices, lambda a: -distance(at(a), dd))
        if isinstance(first, FireTorpedo):
            return FireTorpedo(True) if FireTorpedo(True) in choices else first
        # where the submarine may be: its start area, or around the last contact
        age = obs["turn"] - (obs["contact_turn"] or 0)
        if contact is None:
            area = list(match.scenario.sub_start)
        else:
            area = [h for h in MAP.hexes() if distance(h, contact) <= age]
        if isinstance(first, MoveDestroyer):
            nearest = min(distance(at(a), h) for a in choices for h in area)
            good = [a for a in choices if min(distance(at(a), h) for h in area) == nearest]
            return self.dice.choose(good, "sweep")
        if isinstance(first, DropDepthCharges):
            targets = [a for a in choices if isinstance(a, DropDepthCharges) and a.hex]
            likely = [a for a in targets if at(a) in area]
            if contact is not None and fresh:
                return _best(targets, lambda a: distance(at(a), contact))
            spare = obs["destroyer"]["depth_charges"] > obs["last_turn"] - obs["turn"]
            if likely and spare:
                return self.dice.choose(likely, "pattern")
        return first


AGENTS: dict[str, AgentFactory] = {"heuristic": HeuristicAgent}
