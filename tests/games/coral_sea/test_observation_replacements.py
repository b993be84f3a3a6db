"""The replacement cull's question (17.C-D) asked on public facts only (11.D): the room
aboard a carrier or tender in a TF is its owner's secret, so the question (asked or not,
its text, its form) is the same whether or not that ship has room."""

from __future__ import annotations

import pytest
from tests.games.coral_sea.air_fixtures import DATA, counter, hx, world
from tests.games.coral_sea.helpers import ctx, status

from navalwar.dice import Dice
from navalwar.errors import IllegalActionError
from navalwar.games.coral_sea import GAME, replacements
from navalwar.games.coral_sea import air_state as air
from navalwar.games.coral_sea.air_actions import Replace
from navalwar.games.coral_sea.model import Ship, State, TaskForce
from navalwar.games.coral_sea.units import ALLIES

LIMBO = air.LIMBO
PBYS = [counter("A-PBY-5-1", LIMBO), counter("A-PBY-5-2", LIMBO)]  # mode R: a tender only


def tangier(aboard: int, tf: str | None = "TF2") -> State:
    """Two PBY-5s in limbo; the Allies' only R base is Tangier (AV, 6), ``aboard`` down
    counters on it, in a TF (hidden) or sailing alone (seen)."""
    on = [counter(f"A-PBY-5-{i}", air.DOWN, base="Tangier") for i in range(3, 3 + aboard)]
    ships = [Ship("Tangier", ALLIES, hx("1212"), tf=tf)]
    return world(PBYS + on, ships=ships, task_forces=[TaskForce("TF2", ALLIES, hx("1212"))])


def shown(s: State) -> str | None:
    d = replacements.ask(None, s, DATA)
    return None if d is None else f"{d.side} {d.prompt} {d.to_json(GAME.codec)}"


def test_the_question_does_not_tell_whether_a_hidden_tender_has_room() -> None:
    room, full = tangier(0), tangier(6)
    assert replacements.pending(room, DATA, ALLIES) and not replacements.pending(full, DATA, ALLIES)
    assert shown(room) is not None
    assert shown(full) == shown(room)  # the hidden variant: Tangier full
    # with room the cull must be taken; when full the owner answers none and the pile waits
    d = replacements.ask(None, room, DATA)
    assert d is not None and "must be taken" in str(d.check(replacements.NONE))
    assert d.check(Replace("A-PBY-5-1", "A-PBY-5-2", "Tangier")) is None
    d = replacements.ask(None, full, DATA)
    assert d is not None and d.check(replacements.NONE) is None
    assert d.check(Replace("A-PBY-5-1", "A-PBY-5-2", "Tangier")) is not None
    assert d.random_choice(Dice(1)) == replacements.NONE
    after = replacements.apply(None, full, replacements.NONE, DATA, ctx())
    assert replacements.ask(None, after, DATA) is None  # asked once a turn
    assert status(after, "A-PBY-5-1").status == LIMBO
    assert replacements.run(None, after, DATA, ctx()).air.done == ()


def test_a_tender_in_sight_that_is_full_is_not_asked_about() -> None:
    # sailing alone its deck is seen (11.F): no room is public, nothing is asked
    assert shown(tangier(6, tf=None)) is None
    assert shown(tangier(0, tf=None)) is not None


def test_none_is_refused_where_a_base_has_room() -> None:
    with pytest.raises(IllegalActionError, match=r"17\.C"):
        replacements.apply(None, tangier(0), replacements.NONE, DATA, ctx())
