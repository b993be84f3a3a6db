"""A hex map over real geography (navalwar.geomap): the projection, the frame, map sides."""

from __future__ import annotations

import math

import pytest
from hypothesis import given
from hypothesis import strategies as st

from navalwar.geomap import (
    EARTH_RADIUS_KM,
    AzimuthalEquidistant,
    HexFrame,
    cut_hexes,
    side_hexes,
)
from navalwar.hexgrid import FLAT_TOP_EVEN_LOW, POINTY_TOP_EVEN_EAST, MapSpec

PROJ = AzimuthalEquidistant(-12.0, 154.0, EARTH_RADIUS_KM)
lats = st.floats(-40.0, 15.0)
lons = st.floats(125.0, 185.0)


def great_circle(lat1: float, lon1: float, lat2: float, lon2: float, radius: float) -> float:
    p1, p2 = math.radians(lat1), math.radians(lat2)
    dp, dl = p2 - p1, math.radians(lon2 - lon1)
    a = math.sin(dp / 2) ** 2 + math.cos(p1) * math.cos(p2) * math.sin(dl / 2) ** 2
    return 2 * radius * math.asin(math.sqrt(a))


def test_the_centre_is_the_origin() -> None:
    assert PROJ.forward(-12.0, 154.0) == (0.0, 0.0)
    assert PROJ.inverse(0.0, 0.0) == (-12.0, 154.0)


def test_north_is_up_and_east_is_right_at_the_centre() -> None:
    x, y = PROJ.forward(-11.0, 154.0)
    assert abs(x) < 1e-9 and y > 0
    x, y = PROJ.forward(-12.0, 155.0)
    assert x > 0


@given(lats, lons)
def test_distances_from_the_centre_are_true(lat: float, lon: float) -> None:
    x, y = PROJ.forward(lat, lon)
    assert math.hypot(x, y) == pytest.approx(
        great_circle(-12.0, 154.0, lat, lon, EARTH_RADIUS_KM), rel=1e-9, abs=1e-6
    )


@given(lats, lons)
def test_inverse_undoes_forward(lat: float, lon: float) -> None:
    back = PROJ.inverse(*PROJ.forward(lat, lon))
    assert back[0] == pytest.approx(lat, abs=1e-9)
    assert back[1] == pytest.approx(lon, abs=1e-9)


SPEC = MapSpec("test", neighbours=FLAT_TOP_EVEN_LOW, cols=(1, 6), rows=(1, 4))


def test_a_frame_puts_each_hex_centre_in_its_hex() -> None:
    anchor = SPEC.hex("0302")
    frame = HexFrame(SPEC, 40.0, anchor, (100.0, -50.0))
    assert frame.centre(anchor) == pytest.approx((100.0, -50.0))
    for h in SPEC.hexes():
        assert frame.hex_at(*frame.centre(h)) == h
    # neighbours are `across` apart; column 04 (even) is half a hex lower than 03
    x3, y3 = frame.centre(SPEC.hex("0302"))
    x4, y4 = frame.centre(SPEC.hex("0402"))
    assert math.hypot(x4 - x3, y4 - y3) == pytest.approx(40.0)
    assert y4 == pytest.approx(y3 - 20.0)
    x, y = frame.centre(SPEC.hex("0301"))
    assert (x, y) == pytest.approx((100.0, -10.0))  # row 01 is north (up, +y) of row 02


def test_a_frame_needs_an_unrotated_map_and_a_size() -> None:
    turned = MapSpec("t", neighbours=FLAT_TOP_EVEN_LOW, cols=(1, 3), rows=(1, 3), rotation=-30)
    with pytest.raises(ValueError, match="unrotated"):
        HexFrame(turned, 40.0, turned.hex("0101"), (0.0, 0.0))
    with pytest.raises(ValueError, match="more than 0"):
        HexFrame(SPEC, 0.0, SPEC.hex("0101"), (0.0, 0.0))


def labels(hexes: object) -> list[str]:
    return sorted(SPEC.label(h) for h in hexes)  # type: ignore[attr-defined]


def test_side_hexes_of_a_map_of_columns() -> None:
    assert [SPEC.label(h) for h in side_hexes(SPEC, "left")] == ["0101", "0102", "0103", "0104"]
    assert [SPEC.label(h) for h in side_hexes(SPEC, "right")] == ["0601", "0602", "0603", "0604"]
    assert [SPEC.label(h) for h in side_hexes(SPEC, "top")] == [f"0{c}01" for c in range(1, 7)]
    assert [SPEC.label(h) for h in side_hexes(SPEC, "bottom")] == [f"0{c}04" for c in range(1, 7)]


def test_the_border_cuts_the_outermost_hexes_of_each_side() -> None:
    # even columns are half a hex lower: the top border cuts the odd columns' row 01,
    # the bottom border the even columns' row 04; the side borders whole columns
    assert labels(cut_hexes(SPEC, "top")) == ["0101", "0301", "0501"]
    assert labels(cut_hexes(SPEC, "bottom")) == ["0204", "0404", "0604"]
    assert labels(cut_hexes(SPEC, "left")) == ["0101", "0102", "0103", "0104"]
    assert labels(cut_hexes(SPEC, "right")) == ["0601", "0602", "0603", "0604"]


def test_side_hexes_of_a_map_of_rows() -> None:
    spec = MapSpec(
        "rows", neighbours=POINTY_TOP_EVEN_EAST, cols=(1, 4), rows=(1, 3), lines="rows", rotation=30
    )
    assert [spec.label(h) for h in side_hexes(spec, "top")] == ["0101", "0201", "0301", "0401"]
    assert [spec.label(h) for h in side_hexes(spec, "left")] == ["0101", "0102", "0103"]
    assert [spec.label(h) for h in side_hexes(spec, "right")] == ["0401", "0402", "0403"]
    # even rows are half a hex east: the left border cuts the odd rows' first hexes
    assert sorted(spec.label(h) for h in cut_hexes(spec, "left")) == ["0101", "0103"]
    assert sorted(spec.label(h) for h in cut_hexes(spec, "right")) == ["0402"]
    assert len(cut_hexes(spec, "top")) == 4
