"""The tactical map's grid and labels (GWaS 7.2; notes M-5), as the core MapSpec."""

from __future__ import annotations

import math

import pytest

from navalwar.errors import DataError
from navalwar.games.gwas_1904 import tactical_map as tm
from navalwar.hexgrid import Hex, distance, hexes_within, neighbour, to_pixel


def test_the_map_is_a_hexagon_of_radius_10_around_k11() -> None:
    assert tm.hex_of("K11") == tm.CENTRE == Hex(0, 0)
    assert set(tm.hexes()) == set(hexes_within(tm.CENTRE, tm.RADIUS))
    assert len(tm.hexes()) == 331 and tm.TACTICAL_MAP.hexes() == tuple(tm.hexes())
    for h in tm.hexes():
        assert tm.hex_of(tm.label(h)) == h
        assert tm.hex_of(f" {tm.label(h).lower()} ") == h
    # the corners: column K from K1 to K21; columns A and U at the W and E corners
    assert tm.label(Hex(0, -10)) == "K1" and tm.label(Hex(0, 10)) == "K21"
    assert {tm.label(h)[0] for h in tm.hexes()} == set(tm.COLUMNS)


def test_column_k_runs_due_south_and_the_even_columns_sit_half_a_hex_lower() -> None:
    """BS3: K11, K13, K14, K15, K17 are 3, 5, 6, 7, 9 hexes from K8; B, D, ... (the
    even columns counting A = 1) are printed half a hex below their odd neighbours."""
    k8 = tm.hex_of("K8")
    assert [distance(k8, tm.hex_of(f"K{r}")) for r in (11, 13, 14, 15, 17)] == [3, 5, 6, 7, 9]
    assert all(neighbour(tm.hex_of(f"K{r}"), 3) == tm.hex_of(f"K{r + 1}") for r in range(1, 21))
    (kx, ky), (lx, ly) = to_pixel(tm.hex_of("K11")), to_pixel(tm.hex_of("L11"))
    assert lx > kx and math.isclose(ly - ky, math.sqrt(3) / 2)
    assert [tm.label(neighbour(tm.CENTRE, d)) for d in range(6)] == [
        "K10", "L10", "L11", "K12", "J11", "J10",
    ]  # fmt: skip


@pytest.mark.parametrize(
    ("bad", "words"),
    [
        ("Z99", "column letter A-U"),
        ("K40", "off the map"),
        ("A1", "within 10 of K11"),
        ("", "column letter A-U then a row number"),
        ("K011", "column letter"),
        ("11K", "column letter"),
    ],
)
def test_bad_labels(bad: str, words: str) -> None:
    with pytest.raises(DataError, match=words):
        tm.hex_of(bad)


def test_labels_of_hexes_off_the_map() -> None:
    """A hex beyond the hexagon keeps its column letter and row; beyond the columns it
    is ``?q,r``."""
    assert tm.label(Hex(0, 11)) == "K22" and tm.label(Hex(0, -11)) == "K0"
    assert tm.label(Hex(0, -12)) == "K-1"
    assert tm.label(Hex(11, 0)) == "?11,0" and tm.label(Hex(-11, 0)) == "?-11,0"
    assert not tm.on_map(Hex(0, 11))
