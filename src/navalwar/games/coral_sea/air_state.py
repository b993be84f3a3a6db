"""The air side of a Coral Sea state: aircraft counters and where they are (2.2.1, 8-10, 13, 17).

Air counters move openly (3.3; counters on the board), except what the rules keep
secret: aircraft aboard a ship in a task force (11.D: a TF's contents are secret),
CAP commitments until the Terminal Phase (10.B, 3.7.B), and the waves a side forms
(25.1.1.C). ``observe`` shows a side its own counters and only the enemy's visible ones.
"""

from __future__ import annotations

import attrs

from navalwar.hexgrid import Hex

# Counter statuses (9.0, 10.0, 13.0, 17.0).
READY = "ready"  # on a base, may fly (9.A)
DOWN = "down"  # on a base, flew this turn or is being serviced (9.A)
CAP = "cap"  # committed to combat air patrol over its base this turn (10.0)
AIRBORNE = "airborne"  # in flight this turn (13.C-D; 26.2 across turns)
LIMBO = "limbo"  # lost in air combat or on an airfield, may be replaced (17.A)
DESTROYED = "destroyed"  # permanently destroyed (17.A-C, E)
OFF_MAP = "off_map"  # not yet arrived (28.4.3 reinforcements) or returned (21.E-F)

# Missions (14.0).
LEVEL, DIVE, TORPEDO = "level", "dive", "torpedo"
ESCORT, INTERCEPTION, SCOUTING = "escort", "interception", "scouting"
MISSIONS = (LEVEL, DIVE, TORPEDO, ESCORT, INTERCEPTION, SCOUTING)
BOMBING = (LEVEL, DIVE, TORPEDO)


@attrs.frozen
class Aircraft:
    """One air counter (2.2.1; "initially represents six aircraft", 30.C).

    Attributes:
        id: a stable public id, ``"<side initial>-<model>-<n>"`` (``"J-A6M2-3"``); ids are
            given at set-up in a fixed order that does not depend on secret placement.
        model: the ``AircraftModel.model`` code.
        side: ``JAPAN`` or ``ALLIES``.
        status: one of the statuses above.
        base: where it is based: a base name (``"Rabaul"``) or a ship name (a CV, CVL or
            AV); ``None`` while airborne, in limbo, destroyed or off the map.
        hex: its hex while airborne (its target hex after moving, 13.C), else ``None``.
        mission: the mission of its flight this turn (14.0), else ``None``.
        origin: the hex it took off from this turn (for return range), else ``None``.
        extended: extra hexes flown beyond range this turn (26.1; attack and defense -1
            each, bomb 0), 0 if none.
        usaaf_temporary: a temporary USAAF commitment (21.D-F).
        airborne_since: the turn a long-range counter stayed up from (26.2), else 0.
        attacked: a long-range counter has attacked a surface target this Combat Phase
            (26.2.B), or any counter has fought this Combat Phase (25.C).
        extended_declared: extended range was declared for this flight (26.1.B: all its
            bombing factors are lost, whether or not it flies beyond range).
        enters: for an ``OFF_MAP`` reinforcement, the first turn it may enter (28.4.3),
            else 0.
        entry_edge: the map edge it enters by (``"north"``), for a reinforcement.
        mp_used: the MP its outbound flight cost this turn (for the ``air_range_legs``
            round-trip reading of 13.A, notes A23), else 0.
    """

    id: str
    model: str
    side: str
    status: str
    base: str | None = None
    hex: Hex | None = None
    mission: str | None = None
    origin: Hex | None = None
    extended: int = 0
    usaaf_temporary: bool = False
    airborne_since: int = 0
    attacked: bool = False
    extended_declared: bool = False
    enters: int = 0
    entry_edge: str | None = None
    mp_used: int = 0


@attrs.frozen
class AirState:
    """All air counters and the air bookkeeping of a turn.

    Attributes:
        aircraft: every counter of both sides, in id order (set-up order).
        moved: ids of counters that have moved this Air Movement/Return Phase (13.C:
            moves are irrevocable, counter by counter).
        scramble_allowance: base name -> ready counters that may still fly this phase
            after the Scramble Table (13.G); a base not listed is unrestricted.
        usaaf_out: whether a temporary USAAF loan is outstanding (21.E: no new roll).
        usaaf_rolled: USAAF counters placed so far by model (21.H caps).
        done: the sides done with the air step in progress (maintenance, CAP, a
            movement or replacement step), cleared when the step ends.
        usaaf_pending: USAAF Commitment Table grants still to place, in table order:
            (model, temporary) (21.C-D).
        usaaf_asked: the turn the Allied player last answered whether to roll (21.B).
    """

    aircraft: tuple[Aircraft, ...] = ()
    moved: frozenset[str] = frozenset()
    scramble_allowance: tuple[tuple[str, int], ...] = ()
    usaaf_out: bool = False
    usaaf_rolled: tuple[tuple[str, int], ...] = ()
    done: tuple[str, ...] = ()
    usaaf_pending: tuple[tuple[str, bool], ...] = ()
    usaaf_asked: int = 0

    def by_id(self, aircraft_id: str) -> Aircraft | None:
        """The counter with ``aircraft_id``, or ``None``."""
        for a in self.aircraft:
            if a.id == aircraft_id:
                return a
        return None

    def replace(self, *changed: Aircraft) -> AirState:
        """This state with the counters of the same ids as ``changed`` replaced."""
        new = {a.id: a for a in changed}
        return attrs.evolve(self, aircraft=tuple(new.get(a.id, a) for a in self.aircraft))
