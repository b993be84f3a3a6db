"""Building Tokyo Express positions by hand: for scripted battles, examples and tests.

``position(data, us=[("Chicago", "2120", "N")], japan=[...])`` returns a
:class:`State` with the named ships placed, each side's ships grouped into
formations as given, and fresh (unshuffled) Gunnery Card decks.
"""

from __future__ import annotations

from collections.abc import Sequence

import attrs

from navalwar.games.tokyo_express.data import CALIBERS, TEData
from navalwar.games.tokyo_express.game import SPEC
from navalwar.games.tokyo_express.geometry import TE_MAP
from navalwar.games.tokyo_express.model import JAPAN, READY, US, Formation, Order, Ship, State
from navalwar.games.tokyo_express.scenario import DEFAULT_LEVELS, DEFAULT_VP, Scenario
from navalwar.sequence import CardDeck, ChitCup

Placed = tuple[str, str, str]  # ship name, hex label, heading name


def position(
    data: TEData,
    us: Sequence[Placed] = (),
    japan: Sequence[Placed] = (),
    *,
    us_groups: Sequence[Sequence[str]] | None = None,
    japan_groups: Sequence[Sequence[str]] | None = None,
    speeds: dict[str, int] | None = None,
    step: str = "us_move",
    phase: int = 1,
    options: dict[str, bool | int | str] | None = None,
) -> State:
    """A hand-made position.

    Args:
        data: the data pack.
        us, japan: (ship, hex label, heading) for each ship.
        us_groups, japan_groups: the formations (default: one per ship; none at the
            US Formation Phase, step "us_formation").
        speeds: a formation Speed by the name of its first ship (default: the
            slowest ship's maximum Speed).
        step, phase: where in the Sequence of Play the position stands.
        options: rules options (defaults from the game's spec).
    """
    ships: list[Ship] = []
    for side, placed in ((US, us), (JAPAN, japan)):
        for name, label, heading in placed:
            spec = data.ship(name)
            ships.append(
                Ship(
                    name,
                    side,
                    TE_MAP.hex(label),
                    TE_MAP.heading(heading),
                    spec.max_speed,
                    tuple(READY for _ in spec.salvos),
                )
            )
    by_name = {s.name: s for s in ships}
    forms: list[Formation] = []
    fid = 1
    # a position at the US Formation Phase has no formations yet: their markers were
    # removed in the Counter Adjustment Phase (TE 3.1 O) and are placed in it (3.1 B)
    sides = () if step == "us_formation" else ((US, us, us_groups), (JAPAN, japan, japan_groups))
    for side, placed, groups in sides:
        for g in groups if groups is not None else [[p[0]] for p in placed]:
            speed = (speeds or {}).get(g[0], min(by_name[n].max_speed for n in g))
            forms.append(Formation(fid, side, tuple(g), speed, Order(), True, True))
            for n in g:
                by_name[n] = by_name[n].replace(formation=fid)
            fid += 1
    decks = tuple(
        (
            c,
            CardDeck(
                tuple(sorted(data.decks[c])),
                (),
                next(n for n, card in data.decks[c].items() if card.reshuffle),
            ),
        )
        for c in CALIBERS
    )
    opts = SPEC.resolve_options(options)
    scenario = Scenario(
        "custom",
        "Custom position",
        "",
        "",
        5,
        7,
        10,
        (),
        None,
        {k: dict(v) for k, v in DEFAULT_VP.items()},
        DEFAULT_LEVELS,
    )
    return State(
        turn=1,
        step=step,
        phase=phase,
        ships=tuple(by_name[s.name] for s in ships),
        formations=tuple(forms),
        cup=ChitCup(),
        decks=decks,
        next_formation_id=fid,
        options=tuple(sorted(opts.items())),
        scenario=scenario,
    )


def with_deck_order(state: State, caliber: str, order: Sequence[int]) -> State:
    """Put the named cards on top of a deck, in order (to replay an example's draws)."""
    deck = state.deck(caliber)
    rest = tuple(c for c in deck.order if c not in order)
    return state.with_deck(caliber, attrs.evolve(deck, order=(*order, *rest)))
