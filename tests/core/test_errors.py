"""navalwar.errors: every error crosses a process boundary (pickle) intact."""

from __future__ import annotations

import pickle

import pytest

from navalwar.errors import (
    DataError,
    DataErrors,
    IllegalActionError,
    NavalwarError,
    ReplayError,
    UnknownGameError,
    UnknownNameError,
)

ERRORS: list[NavalwarError] = [
    IllegalActionError("move 3 hexes", "Speed 2 allows 2", "TE 3.4"),
    DataError("must be an integer", file="ships.csv", path="line 3.speed"),
    DataErrors([DataError("a", file="f", path="p"), DataError("b", file="f")]),
    UnknownNameError("scenario", "basik", ["basic"]),
    UnknownGameError("tokyo", ["tokyo_express"]),
    ReplayError("the replay differs"),
]


@pytest.mark.parametrize("error", ERRORS, ids=lambda e: type(e).__name__)
def test_an_error_pickles_with_its_message_and_attributes(error: NavalwarError) -> None:
    again = pickle.loads(pickle.dumps(error))
    assert type(again) is type(error)
    assert str(again) == str(error)
    assert vars(again).keys() == vars(error).keys()
    if isinstance(error, DataErrors):
        assert isinstance(again, DataErrors)
        assert [str(p) for p in again.problems] == ["f: p: a", "f: b"]
        assert again.problems[0].path == "p"


def test_a_long_list_of_problems_is_cut_in_the_message_only() -> None:
    errors = DataErrors([DataError(f"bad {i}", file="ships.csv") for i in range(50)])
    text = str(errors)
    assert text.startswith("50 problems:") and "bad 19" in text and "bad 20" not in text
    assert "... and 30 more (navalwar validate lists them all)" in text
    assert len(errors.problems) == 50
