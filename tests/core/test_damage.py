"""Tests for navalwar.damage: TE box tracks, GWaS armoured parts, Coral Sea hit counts."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from navalwar.damage import Armour, ArmouredPart, BoxTrack, PartTrack
from navalwar.errors import DataError, NavalwarError, UnknownNameError


@st.composite
def box_tracks(draw: st.DrawFn) -> BoxTrack:
    boxes = draw(st.integers(1, 20))
    marked = sorted(draw(st.sets(st.integers(1, boxes), max_size=3)))
    levels = draw(st.sets(st.integers(1, 3), min_size=len(marked), max_size=len(marked)))
    return BoxTrack(boxes, tuple(zip(sorted(levels), marked, strict=True)))


# -- Tokyo Express box tracks (TE 3.8) ---------------------------------------------------------


def test_te_3_8_levels_reached_when_their_box_is_crossed_off() -> None:
    """TE 3.8: "A ship reaches a new Damage Level when the box ... is crossed off"."""
    log = BoxTrack(10, ((1, 3), (2, 5), (3, 8)))
    assert [log.level_after(h) for h in range(11)] == [0, 0, 0, 1, 1, 2, 2, 2, 3, 3, 3]
    assert log.new_levels(0, 2) == ()
    assert log.new_levels(2, 3) == (1,)
    assert log.new_levels(0, 8) == (1, 2, 3)
    assert log.new_levels(5, 7) == ()
    assert log.new_levels(4, 4) == ()
    assert not log.sunk(9)
    assert log.sunk(10)  # "When the last box on the log is crossed off, the ship sinks."
    assert log.boxes_left(9) == 1
    assert log.boxes_left(0) == 10


def test_te_3_8_small_ships_skip_level_2() -> None:
    """TE 3.8: some DDs and CLs "go directly from Damage Level 1 to Damage Level 3"."""
    dd = BoxTrack(5, ((1, 2), (3, 4)))
    assert [dd.level_after(h) for h in range(6)] == [0, 0, 1, 1, 3, 3]
    assert dd.new_levels(1, 4) == (1, 3)
    assert dd.new_levels(2, 4) == (3,)
    assert 2 not in {dd.level_after(h) for h in range(6)}


def test_te_3_6_chicago_takes_five_boxes() -> None:
    """TE 3.6 example: 4 boxes, +1 for the stern arc -> 5 boxes crossed off."""
    log = BoxTrack(12, ((1, 3), (2, 6), (3, 9)))  # an invented CA log; the rulebook has none
    assert log.new_levels(0, 4 + 1) == (1,)
    assert log.level_after(5) == 1
    assert log.boxes_left(5) == 7


def test_box_track_clamps_hits() -> None:
    log = BoxTrack(4, ((1, 2),))
    assert log.level_after(100) == 1
    assert log.boxes_left(100) == 0
    assert log.level_after(-3) == 0
    assert log.boxes_left(-3) == 4
    assert log.new_levels(-5, 50) == (1,)
    assert log.sunk(100)


@pytest.mark.parametrize(
    "levels",
    [((1, 3), (1, 5)), ((2, 3), (1, 5)), ((1, 5), (2, 3)), ((1, 11),), ((1, 0),)],
)
def test_box_track_rejects_bad_levels(levels: tuple[tuple[int, int], ...]) -> None:
    with pytest.raises(DataError):
        BoxTrack(10, levels)


def test_box_track_needs_a_box() -> None:
    with pytest.raises(DataError):
        BoxTrack(0)


def test_box_track_is_a_cheap_frozen_value() -> None:
    log = BoxTrack(10, ((1, 3),))
    assert log == BoxTrack(10, ((1, 3),))
    assert hash(log) == hash(BoxTrack(10, ((1, 3),)))
    with pytest.raises(AttributeError):
        log.boxes = 3  # type: ignore[misc]


@given(box_tracks(), st.lists(st.integers(0, 6), max_size=10))
def test_box_track_level_never_decreases(log: BoxTrack, hits_seq: list[int]) -> None:
    hits, level = 0, 0
    reached: list[int] = []
    for h in hits_seq:
        new = log.new_levels(hits, hits + h)
        hits += h
        assert log.level_after(hits) >= level
        assert all(lvl > level for lvl in new)
        if new:
            assert new[-1] == log.level_after(hits)
        reached.extend(new)
        level = log.level_after(hits)
        assert log.boxes_left(hits) == max(log.boxes - hits, 0)
        assert log.sunk(hits) is (hits >= log.boxes)
    assert reached == [lvl for lvl, box in log.levels if box <= hits]


# -- Great War at Sea armoured parts (GWaS 8.0-8.6) --------------------------------------------


def battleship() -> PartTrack:
    return PartTrack.of(
        [
            ArmouredPart("hull", (Armour.HEAVY, Armour.HEAVY, Armour.LIGHT, Armour.NONE)),
            ArmouredPart.uniform("primary", 2, Armour.HEAVY),
            ArmouredPart.uniform("secondary", 3, Armour.LIGHT),
            ArmouredPart.uniform("tertiary", 2),
            ArmouredPart.uniform("torpedo", 1),
        ]
    )


def test_gwas_8_0_boxes_blacked_out_left_to_right() -> None:
    ship = battleship()
    assert ship.remaining("hull") == 4
    assert ship.next_armour("hull") is Armour.HEAVY
    hit = ship.hit("hull", 2)
    assert ship.remaining("hull") == 4  # immutable
    assert hit.remaining("hull") == 2
    assert hit.lost_boxes("hull") == 2
    assert hit.next_armour("hull") is Armour.LIGHT
    assert not hit.sunk
    assert hit.hit("hull", 2).sunk
    assert hit.hit("hull", 9).remaining("hull") == 0


def test_gwas_8_0_destroyed_part_overflows_to_hull() -> None:
    """GWaS 8.0: "later damage to that part is recorded as hull damage"."""
    ship = battleship().hit("primary", 3, overflow="hull")
    assert ship.is_destroyed("primary")
    assert ship.next_armour("primary") is None
    assert ship.remaining("hull") == 3
    dropped = battleship().hit("tertiary", 5)  # GWaS 8.6: auxiliary damage is ignored
    assert dropped.is_destroyed("tertiary")
    assert dropped.remaining("hull") == 4


def test_gwas_8_1_heavy_armour_flags() -> None:
    ship = battleship()
    assert ship.part("primary").heavy_armour
    assert ship.part("hull").heavy_armour
    assert not ship.part("secondary").heavy_armour
    assert ship.part("secondary").boxes == 3


def test_part_track_errors() -> None:
    ship = battleship()
    with pytest.raises(UnknownNameError, match="did you mean 'primary'"):
        ship.hit("primry")
    with pytest.raises(NavalwarError):
        ship.hit("hull", -1)
    with pytest.raises(DataError, match="repeats a part"):
        PartTrack.of([ArmouredPart.uniform("hull", 2), ArmouredPart.uniform("hull", 1)])
    with pytest.raises(DataError):
        PartTrack((ArmouredPart.uniform("hull", 2),), (0, 0))
    with pytest.raises(DataError):
        ArmouredPart.uniform("hull", -1)


def test_part_track_without_hull_never_sinks() -> None:
    fort = PartTrack.of([ArmouredPart.uniform("primary", 3, Armour.HEAVY)])  # GWaS 20.44
    assert not fort.hit("primary", 3).sunk
    assert not fort.has("hull")
    assert battleship().hit("hull", 0) == battleship()


@given(
    st.lists(
        st.tuples(
            st.sampled_from(["hull", "primary", "secondary", "tertiary", "torpedo"]),
            st.integers(0, 4),
        ),
        max_size=12,
    )
)
def test_part_track_losses_accumulate_and_clamp(hits: list[tuple[str, int]]) -> None:
    ship = battleship()
    for part, n in hits:
        before = ship.lost_boxes(part)
        ship = ship.hit(part, n)
        assert ship.lost_boxes(part) >= before
    for p in ship.parts:
        total = sum(n for name, n in hits if name == p.name)
        assert ship.lost_boxes(p.name) == min(total, p.boxes)
        assert ship.remaining(p.name) + ship.lost_boxes(p.name) == p.boxes
        assert ship.is_destroyed(p.name) is (total >= p.boxes)
