"""Fidelity points of issue 15 (an audit of 1,500 Tokyo Express games), each with its rule."""

from __future__ import annotations

import pytest

from navalwar.dice import ScriptedDice
from navalwar.engine import Context
from navalwar.games.tokyo_express.battle_movement import battle_movement, sector, sectors
from navalwar.games.tokyo_express.data import TEData
from navalwar.games.tokyo_express.geometry import te_hex
from navalwar.games.tokyo_express.setups import position
from navalwar.hexgrid import Hex, distance, neighbour, reflect


def ctx(*rolls: int) -> Context:
    return Context(ScriptedDice(rolls), record=True)


# -- item 5: the Battle Movement Display is mirror-symmetric (TE 3.3) ---------------------------
def _mirror_sector(s: int) -> int:
    """The sector on the other side of the US ship's keel line (1 is its own mirror)."""
    return 1 if s == 1 else 13 - s


@pytest.mark.parametrize("heading", range(6))
def test_issue15_5_bmd_sectors_mirror_across_the_keel_line(heading: int) -> None:
    """TE 3.3: the display's port sectors mirror its starboard ones, so a Japanese ship's
    mirror image across the US ship's heading line is in the mirror sector(s); dead ahead
    and dead astern, on the line itself, both sectors meeting there are possible."""
    us = te_hex("1620")
    for dq in range(-9, 10):
        for dr in range(-9, 10):
            jp = Hex(us.q + dq, us.r + dr)
            if jp == us:
                continue
            mirror = reflect(jp, us, heading)
            assert sorted(_mirror_sector(s) for s in sectors(us, heading, jp)) == sorted(
                sectors(us, heading, mirror)
            ), (dq, dr)


def test_issue15_5_dead_ahead_and_astern_are_between_two_sectors() -> None:
    """TE 3.3, 2.3: dead ahead lies between sectors 2 and 11, dead astern between 6 and 7."""
    us = te_hex("2020")
    ahead = neighbour(neighbour(us, 0), 0)
    astern = neighbour(neighbour(us, 3), 3)
    assert sectors(us, 0, ahead) == (2, 11)
    assert sectors(us, 0, astern) == (6, 7)
    assert sectors(us, 0, te_hex("1621")) == (2,)
    with pytest.raises(ValueError, match="between sectors 2 and 11"):
        sector(us, 0, ahead)


@pytest.mark.parametrize(("choice", "expected"), [(1, 2), (2, 11)])
def test_issue15_5_dead_ahead_sector_is_chosen_at_random(
    te_data: TEData, choice: int, expected: int
) -> None:
    """TE 3.3 with TE 2.3 "choose randomly": a Japanese reference ship dead ahead of the US
    reference ship reads sector 2 or 11 with equal chances, not always sector 2."""
    state = position(
        te_data,
        us=[("Chicago", "2020", "N")],
        japan=[("Kako", "1821", "S")],
        step="jp_orders",
        phase=0,
    )
    assert distance(te_hex("2020"), te_hex("1821")) == 2
    c = ctx(choice, 6)
    battle_movement(state, te_data, state.formation(2), c)
    orders = [e for e in c.events if e.kind == "japanese_order"]
    assert [e.data["sector"] for e in orders] == [expected]
