"""Air-to-air combat (25.1): waves, running the gauntlet, losses to limbo.

Each side splits its airborne counters in the hex into waves of at most five
(25.1.1.A; notes A47: the only "air stacking" limit), the defender's CAP first
(10.F). Every attacking wave meets every defending wave in turn (25.1.2.D-F): both
attack at once, each at odds of attack factors to defense factors "rounding as
necessary in favor of the defending stack" (25.1.2.B-C; ``navalwar.ratios``; notes
A48), one die each on the Air-to-Air CRT; both results apply together and each
owner picks its own counters lost, which go to limbo (17.A). Extended range costs
one attack and one defense point per extra hex (26.1.B).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

import attrs

from navalwar.engine import Context
from navalwar.errors import IllegalActionError
from navalwar.games.coral_sea import air_state as air
from navalwar.games.coral_sea.data import CoralSeaData
from navalwar.games.coral_sea.model import State
from navalwar.ratios import RatioColumns

WAVE_LIMIT = 5  # 25.1.1.A


def counters(state: State, ids: Iterable[str]) -> tuple[air.Aircraft, ...]:
    """The counters ``ids``, in that order."""
    by_id = {a.id: a for a in state.air.aircraft}
    return tuple(by_id[i] for i in ids)


def attack_factor(a: air.Aircraft, data: CoralSeaData) -> int:
    """Its air attack factor, less one per extended-range hex (25.1.2; 26.1.B)."""
    return max(0, data.aircraft[a.model].attack - a.extended)


def defense_factor(a: air.Aircraft, data: CoralSeaData) -> int:
    """Its air defense factor, less one per extended-range hex (25.1.2; 26.1.B)."""
    return max(0, data.aircraft[a.model].defense - a.extended)


def bomb_factor(a: air.Aircraft, data: CoralSeaData) -> int:
    """Its bomb factor: none on an extended-range flight (26.1.B "All bombing factors
    are lost")."""
    return 0 if a.extended else data.aircraft[a.model].bomb


def wave_factors(planes: Sequence[air.Aircraft], data: CoralSeaData) -> tuple[int, int]:
    """A wave's total attack and defense factors (25.1.2.B)."""
    return (
        sum(attack_factor(a, data) for a in planes),
        sum(defense_factor(a, data) for a in planes),
    )


def check_waves(
    side: str,
    waves: Sequence[Sequence[str]],
    present: Sequence[air.Aircraft],
) -> str | None:
    """``None`` if ``waves`` is a legal split of ``present`` (``side``'s counters in the
    hex) into waves (25.1.1.A, 10.F), else why not."""
    mine = {a.id: a for a in present}
    seen: list[str] = []
    if not waves:
        return "every counter in the hex must be in a wave (25.1.1.A)"
    for wave in waves:
        if not wave:
            return "a wave holds at least one counter (25.1.1.A)"
        if len(wave) > WAVE_LIMIT:
            return f"a wave holds five counters or fewer, not {len(wave)} (25.1.1.A)"
        for cid in wave:
            if cid not in mine:
                return f"{cid!r} is not a {side} counter airborne in this hex (25.1.1.A)"
            if cid in seen:
                return f"{cid!r} is in two waves (25.1.1.A)"
            seen.append(cid)
    missing = sorted(set(mine) - set(seen))
    if missing:
        return f"{', '.join(missing)} in no wave: every counter in the hex fights (25.1.1.A)"
    caps = [mine[c].status == air.CAP for c in seen]
    if any(caps[i] and not caps[i - 1] for i in range(1, len(caps))):
        return "CAP counters form the first wave(s) (10.F)"
    return None


def sample_waves(
    present: Sequence[air.Aircraft], order: Sequence[int], sizes: Sequence[int]
) -> tuple[tuple[str, ...], ...]:
    """``present`` in waves: CAP first, then the counters in ``order``, cut by ``sizes``
    (each 1-5; the last wave takes the rest), for agents and samplers."""
    cap = [a.id for a in present if a.status == air.CAP]
    rest = [a.id for a in present if a.status != air.CAP]
    ids = cap + [rest[i] for i in order]
    out: list[tuple[str, ...]] = []
    i = 0
    for size in sizes:
        if i >= len(ids):
            break
        out.append(tuple(ids[i : i + max(1, min(WAVE_LIMIT, size))]))
        i += len(out[-1])
    while i < len(ids):
        out.append(tuple(ids[i : i + WAVE_LIMIT]))
        i += WAVE_LIMIT
    return tuple(out)


@attrs.frozen
class Exchange:
    """One engagement of two waves (25.1.2.B-C): the odds and rolls of both attacks.

    ``first_loses``/``second_loses``: counters each wave loses (at most its size).
    """

    first_column: str | None
    first_roll: int
    second_column: str | None
    second_roll: int
    first_loses: int
    second_loses: int


def engage(
    first: Sequence[air.Aircraft],
    second: Sequence[air.Aircraft],
    data: CoralSeaData,
    ctx: Context,
) -> Exchange:
    """``first`` (the attacking wave) and ``second`` (the defending one) fight once
    (25.1.2.B-C): the attack, then the counter-attack, each at odds rounded toward the
    wave receiving it; a wave with no attack factor rolls nothing. Losses are not
    applied here: both owners choose theirs, then both apply at once."""
    table = data.tables.air_to_air
    columns = RatioColumns.of(tuple(str(c) for c in table.columns), name="Air-to-Air CRT")
    a_att, a_def = wave_factors(first, data)
    d_att, d_def = wave_factors(second, data)
    col1 = columns.column(a_att, d_def)
    col2 = columns.column(d_att, a_def)
    roll1 = ctx.dice.d6("air-to-air attack", "25.1.2.B") if col1 is not None else 0
    roll2 = ctx.dice.d6("air-to-air counterattack", "25.1.2.C") if col2 is not None else 0
    lose2 = 0 if col1 is None else min(len(second), int(table.lookup(roll1, col1)))
    lose1 = 0 if col2 is None else min(len(first), int(table.lookup(roll2, col2)))
    return Exchange(col1, roll1, col2, roll2, lose1, lose2)


def check_losses(
    chosen: Sequence[str], wave: Sequence[str], alive: Iterable[str], count: int, rule: str
) -> None:
    """Raise unless ``chosen`` is ``count`` distinct surviving counters of ``wave``.

    Raises:
        IllegalActionError: naming ``rule``.
    """
    living = [c for c in wave if c in set(alive)]
    what = f"lose {', '.join(chosen) or 'nothing'}"
    for cid in chosen:
        if cid not in living:
            raise IllegalActionError(what, f"{cid!r} is not a surviving counter of the wave", rule)
    if len(set(chosen)) != len(chosen):
        raise IllegalActionError(what, "a counter is named twice", rule)
    if len(chosen) != min(count, len(living)):
        raise IllegalActionError(
            what, f"the wave loses {min(count, len(living))} counter(s), not {len(chosen)}", rule
        )


def remove(state: State, ids: Iterable[str], fate: str) -> State:
    """``state`` with counters ``ids`` gone to ``fate`` (``LIMBO`` or ``DESTROYED``)."""
    gone = frozenset(ids)
    if not gone:
        return state
    planes = tuple(
        attrs.evolve(a, status=fate, base=None, hex=None, mission=None) if a.id in gone else a
        for a in state.air.aircraft
    )
    return attrs.evolve(state, air=attrs.evolve(state.air, aircraft=planes))


def alive(state: State) -> frozenset[str]:
    """The counters still flying or on a base (not in limbo, destroyed or off the map)."""
    return frozenset(
        a.id for a in state.air.aircraft if a.status not in (air.LIMBO, air.DESTROYED, air.OFF_MAP)
    )
