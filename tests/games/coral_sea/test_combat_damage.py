"""Ship damage (25.4.5): boxes darkened right to left, carriers, APs, sinking."""

from __future__ import annotations

import attrs
from tests.games.coral_sea.combat_fixtures import SHIPS, counter, data, ship, state
from tests.games.coral_sea.helpers import ctx

from navalwar.games.coral_sea import air_state as air
from navalwar.games.coral_sea import ship_damage as sd
from navalwar.games.coral_sea.table_types import Hits

MINNEAPOLIS = SHIPS["Minneapolis"]  # flotation 0 1 2 2, gunnery 2 4 6, int 6, sec 3, AA 3


def test_speed_is_the_rightmost_undarkened_flotation_box() -> None:
    speeds = [sd.speed(ship("Minneapolis", flotation_hits=h), MINNEAPOLIS) for h in range(5)]
    assert speeds == [2, 2, 1, 0, 0]
    assert sd.dead_in_water(ship("Minneapolis", flotation_hits=3), MINNEAPOLIS)


def test_gunnery_hits_cut_the_highest_battery_then_everything() -> None:
    def factors(h: int) -> tuple[int, int, int]:
        s = ship("Minneapolis", gunnery_hits=h)
        return (
            sd.gun_factor(s, MINNEAPOLIS, "intermediate"),
            sd.gun_factor(s, MINNEAPOLIS, "secondary"),
            sd.aa_factor(s, MINNEAPOLIS),
        )

    assert [factors(h) for h in range(4)] == [(6, 3, 3), (4, 3, 3), (2, 3, 3), (0, 0, 0)]


def test_a_carriers_gunnery_boxes_are_its_aa() -> None:
    lex = SHIPS["Lexington"]  # gunnery 2 3 4; secondary 4
    assert [sd.aa_factor(ship("Lexington", gunnery_hits=h), lex) for h in range(4)] == [4, 3, 2, 0]
    assert sd.gun_factor(ship("Lexington", gunnery_hits=2), lex, "secondary") == 4


def _apply(s, name, hits):  # type: ignore[no-untyped-def]
    c = ctx()
    return sd.apply_hits(s, data(), name, hits, c, "test"), c


def test_every_hit_on_an_ap_is_flotation_and_sinking_loses_its_flag() -> None:
    s = state(ships=[ship("AP 1", flag=True)])
    s, _ = _apply(s, "AP 1", Hits(gunnery=1))
    assert (s.ships[0].flotation_hits, s.ships[0].gunnery_hits) == (1, 0)  # 25.4.5.E
    s, c = _apply(s, "AP 1", Hits(gunnery=1))
    assert s.ships[0].sunk and not s.ships[0].flag
    assert [e.kind for e in c.events] == ["ship_damaged", "ship_sunk", "flag_lost"]  # 23.B


def test_further_gunnery_hits_do_nothing() -> None:
    s = state(ships=[ship("Minneapolis", gunnery_hits=3)])
    s, c = _apply(s, "Minneapolis", Hits(gunnery=2))
    assert s.ships[0].gunnery_hits == 3
    assert c.events[0].data["gunnery"] == 0


def test_carrier_gunnery_hits_destroy_half_then_all_aboard() -> None:
    planes = [
        counter(f"A-SBD-{i}", "SBD-3", status=air.DOWN, hex=None, base="Lexington")
        for i in range(5)
    ]
    s = state(planes, ships=[ship("Lexington")])
    s, _ = _apply(s, "Lexington", Hits(gunnery=1))
    lex = s.ships[0]
    assert lex.capacity_hits == 1 and sd.capacity(lex, SHIPS["Lexington"]) == 6
    assert [a.status for a in s.air.aircraft].count(air.DESTROYED) == 2  # floor(5 / 2)
    s, _ = _apply(s, "Lexington", Hits(gunnery=1))
    assert sd.capacity(s.ships[0], SHIPS["Lexington"]) == 0
    assert all(a.status == air.DESTROYED for a in s.air.aircraft)


def test_aircraft_aboard_a_sunk_ship_are_destroyed() -> None:
    planes = [counter("J-D3A1-1", "D3A1", status=air.READY, hex=None, base="Shoho")]
    planes.append(counter("J-D3A1-2", "D3A1"))  # airborne: not aboard
    s = state(planes, ships=[ship("Shoho")])
    s, _ = _apply(s, "Shoho", Hits(flotation=5))
    assert s.ships[0].sunk and s.ships[0].flotation_hits == 3
    assert [a.status for a in s.air.aircraft] == [air.DESTROYED, air.AIRBORNE]  # 17.E


def test_dead_in_the_water_moves_on_5_or_6() -> None:
    assert sd.dead_in_water_roll(ctx(4), "Minneapolis") == (False, 4)
    assert sd.dead_in_water_roll(ctx(5), "Minneapolis") == (True, 5)
    assert sd.dead_in_water_roll(ctx(6), "Minneapolis") == (True, 6)


def test_damaged_means_a_box_darkened() -> None:
    assert not sd.damaged(ship("Aoba"))
    assert sd.damaged(attrs.evolve(ship("Aoba"), gunnery_hits=1))
