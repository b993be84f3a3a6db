"""Aviation maintenance (9.0) and CAP (10.0, 3.7.B) on a synthetic world."""

from __future__ import annotations

import attrs
import pytest
from tests.games.coral_sea.air_fixtures import CARRIERS, DATA, JP_TF, US_TF, counter, hx, world
from tests.games.coral_sea.helpers import ctx, public, seen_by, status

from navalwar.dice import Dice
from navalwar.errors import IllegalActionError
from navalwar.games.coral_sea import air_state as air
from navalwar.games.coral_sea import cap, maintenance
from navalwar.games.coral_sea.air_actions import CommitCap, ReadyAircraft
from navalwar.games.coral_sea.model import Ship
from navalwar.games.coral_sea.units import ALLIES, JAPAN

DOWN = air.DOWN


def test_no_choice_makes_every_down_counter_ready() -> None:
    # Rabaul (A: 3 a turn) has 2 down, Lae (C: 1) has 1 down: no decision, all ready (9.B)
    s = world([counter("J-A6M2-1", DOWN, "Rabaul"), counter("J-A6M2-2", DOWN, "Rabaul"),
               counter("J-D3A1-1", DOWN, "Lae")])  # fmt: skip
    assert maintenance.ask(None, s, DATA) is None
    c = ctx()
    s2 = maintenance.run(None, s, DATA, c)
    assert all(a.status == air.READY for a in s2.air.aircraft)
    assert [e.kind for e in public(c)] == ["aircraft_readied", "aircraft_readied"]


def test_owner_chooses_exactly_the_rate_where_there_is_a_choice() -> None:
    # Lae (C: 1 a turn) has 2 down: Japan chooses which one (9.C)
    s = world([counter("J-A6M2-1", DOWN, "Lae"), counter("J-D3A1-1", DOWN, "Lae"),
               counter("J-A6M2-2", DOWN, "Rabaul")])  # fmt: skip
    d = maintenance.ask(None, s, DATA)
    assert d is not None and d.side == JAPAN and d.choices is None
    assert d.check(ReadyAircraft(("J-A6M2-1", "J-D3A1-1"))) is not None  # 2 > rate 1
    assert d.check(ReadyAircraft(())) is not None
    assert d.check(ReadyAircraft(("J-A6M2-2",))) is not None  # Rabaul is no choice
    assert d.check(ReadyAircraft(("J-D3A1-1",))) is None
    s2 = maintenance.apply(None, s, ReadyAircraft(("J-D3A1-1",)), DATA, ctx())
    assert status(s2, "J-D3A1-1").status == air.READY
    assert status(s2, "J-A6M2-1").status == DOWN
    assert status(s2, "J-A6M2-2").status == air.READY  # Rabaul's, with no choice
    assert maintenance.ask(None, s2, DATA) is None
    s3 = maintenance.run(None, s2, DATA, ctx())
    assert status(s3, "J-A6M2-1").status == DOWN  # not made ready twice
    assert s3.air.done == ()


def test_bad_choice_is_refused_with_state_unchanged() -> None:
    s = world([counter("J-A6M2-1", DOWN, "Lae"), counter("J-D3A1-1", DOWN, "Lae")])
    with pytest.raises(IllegalActionError, match=r"9\.B"):
        maintenance.apply(None, s, ReadyAircraft(("J-A6M2-1", "J-D3A1-1")), DATA, ctx())


def test_ship_rate_and_private_log_aboard_a_tf() -> None:
    # Shokaku (CV: 4 a turn, notes A13) has 5 down: a choice, logged to Japan only
    downs = [counter(f"J-A6M2-{i}", DOWN, "Shokaku") for i in range(1, 6)]
    s = world(downs, ships=CARRIERS, task_forces=(JP_TF, US_TF))
    d = maintenance.ask(None, s, DATA)
    assert d is not None
    action = d.random_choice(Dice(3))
    assert d.check(action) is None and len(action.aircraft) == 4  # type: ignore[attr-defined]
    c = ctx()
    maintenance.apply(None, s, action, DATA, c)  # type: ignore[arg-type]
    assert not public(c) and [e.kind for e in seen_by(c, JAPAN)] == ["aircraft_readied"]


def test_out_of_service_field_does_no_maintenance() -> None:
    held = tuple(attrs.evolve(b, out_until=5) if b.name == "Rabaul" else b for b in world([]).bases)
    s = world([counter("J-A6M2-1", DOWN, "Rabaul")], bases=held)
    assert status(maintenance.run(None, s, DATA, ctx()), "J-A6M2-1").status == DOWN


# -- CAP -----------------------------------------------------------------------------------


def _cap_world() -> object:
    return world(
        [counter("J-A6M2-1", base="Rabaul"), counter("J-D3A1-1", base="Rabaul"),
         counter("J-A6M2-2", base="Shokaku"), counter("A-F4F-3-1", base="Lexington"),
         counter("A-P-39D-1", base="Moresby"), counter("A-P-39D-2", DOWN, "Moresby")],
        ships=CARRIERS, task_forces=(JP_TF, US_TF), initiative=ALLIES,
    )  # fmt: skip


def test_cap_each_side_in_turn_initiative_first_in_secret() -> None:
    s = _cap_world()
    d = cap.ask_commit(None, s, DATA)  # type: ignore[arg-type]
    assert d is not None and d.side == ALLIES
    assert d.check(CommitCap(("A-P-39D-2",))) is not None  # down (10.A)
    assert d.check(CommitCap(("J-A6M2-1",))) is not None  # not his
    c = ctx()
    s2 = cap.apply_commit(None, s, CommitCap(("A-F4F-3-1", "A-P-39D-1")), DATA, c)  # type: ignore[arg-type]
    assert status(s2, "A-F4F-3-1").status == air.CAP
    assert status(s2, "A-F4F-3-1").base == "Lexington"  # over its own base (10.C)
    # Japan's view of the log: only that the Allies committed, nothing of what
    assert [e.kind for e in seen_by(c, JAPAN)] == ["cap_declared"]
    assert [e.kind for e in seen_by(c, ALLIES)] == ["cap_committed", "cap_declared"]
    d2 = cap.ask_commit(None, s2, DATA)
    assert d2 is not None and d2.side == JAPAN
    # a dive bomber may not fly CAP (10.A: type F)
    assert d2.check(CommitCap(("J-D3A1-1",))) is not None
    s3 = cap.apply_commit(None, s2, CommitCap(()), DATA, ctx())
    assert cap.ask_commit(None, s3, DATA) is None
    assert cap.end_commit(None, s3, DATA, ctx()).air.done == ()


def test_a_side_with_no_ready_fighter_is_still_asked() -> None:
    s = world([counter("J-D3A1-1", base="Rabaul")])
    d = cap.ask_commit(None, s, DATA)
    assert d is not None and d.side == JAPAN and d.choices is None


def test_cap_is_revealed_and_lands_down_in_the_terminal_phase() -> None:
    s = _cap_world()
    s = cap.apply_commit(None, s, CommitCap(("A-F4F-3-1", "A-P-39D-1")), DATA, ctx())  # type: ignore[arg-type]
    c = ctx()
    s2 = cap.land(None, s, DATA, c)
    assert status(s2, "A-F4F-3-1").status == DOWN
    assert status(s2, "A-P-39D-1").status == DOWN
    shown = [e for e in public(c) if e.data["side"] == ALLIES]
    assert shown[0].data == {"side": ALLIES, "count": 2, "fields": {"Moresby": 1}, "at_sea": 1}


def test_cap_from_a_sunk_carrier_is_lost() -> None:
    s = _cap_world()
    s = cap.apply_commit(None, s, CommitCap(("A-F4F-3-1",)), DATA, ctx())  # type: ignore[arg-type]
    ships = tuple(attrs.evolve(x, sunk=True) if x.name == "Lexington" else x for x in s.ships)  # type: ignore[attr-defined]
    s = attrs.evolve(s, ships=ships)
    s2 = cap.land(None, s, DATA, ctx())
    assert status(s2, "A-F4F-3-1").status == air.DESTROYED


def test_no_cap_at_night() -> None:
    s = world([counter("J-A6M2-1", base="Rabaul")], turn=3)
    assert cap.COMMIT_CAP.when is not None and not cap.COMMIT_CAP.when(s, DATA)
    assert maintenance.MAINTENANCE.when is None  # maintenance runs every turn


def _shoho_cap(hits: int, *, shokaku: bool = True) -> object:
    """Shoho (CVL 4) hit ``hits`` times by gunnery while 3 of its fighters flew CAP, one
    counter aboard; Shokaku (12) in the same hex if ``shokaku``."""
    ships = [Ship("Shoho", JAPAN, hx("1208"), tf="TF1", capacity_hits=hits)]
    if shokaku:
        ships.append(Ship("Shokaku", JAPAN, hx("1208"), tf="TF1"))
    patrol = [counter(f"J-A6M2-{i}", air.CAP, "Shoho") for i in (1, 2, 3)]
    return world([counter("J-D3A1-1", DOWN, "Shoho"), *patrol], ships=ships, task_forces=(JP_TF,))


@pytest.mark.parametrize(
    ("hits", "shokaku", "home", "moved", "lost"),
    [
        (0, True, 3, 0, 0),
        (1, True, 1, 2, 0),  # capacity 4 -> 2: one aboard, room for one more
        (1, False, 1, 0, 2),
        (2, True, 0, 3, 0),  # capacity 0
    ],
)
def test_cap_above_a_halved_carrier_capacity_lands_elsewhere(
    hits: int, shokaku: bool, home: int, moved: int, lost: int
) -> None:
    """25.4.5.D (notes A56): aircraft above the new capacity land elsewhere (10.E, A15:
    another base in the hex, else destroyed)."""
    s2 = cap.land(None, _shoho_cap(hits, shokaku=shokaku), DATA, ctx())  # type: ignore[arg-type]
    fates = [status(s2, f"J-A6M2-{i}") for i in (1, 2, 3)]
    assert sum(a.base == "Shoho" and a.status == DOWN for a in fates) == home
    assert sum(a.base == "Shokaku" and a.status == DOWN for a in fates) == moved
    assert sum(a.status == air.DESTROYED for a in fates) == lost
