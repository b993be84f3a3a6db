"""TE 3.1 Sequence of Play: the steps come in the rulebook's order, every turn."""

from __future__ import annotations

from navalwar.agents import RandomAgent, play_out
from navalwar.engine import Match
from navalwar.games.tokyo_express.sequence_of_play import BASIC_TURN


def test_3_1_phases_follow_the_sequence_of_play_every_turn() -> None:
    """Within each Game Turn the logged phases and segments never go backwards in the
    declared sequence, all six Movement Phases happen, the second Japanese Movement
    Orders Phase comes between the third and fourth, and the terminal phases close it."""
    order = {k: i for i, k in enumerate(BASIC_TURN.flatten())}
    m = Match.start("tokyo_express", "basic", seed=21)
    play_out(m, {"US": RandomAgent(5)})
    by_turn: dict[int, list[str]] = {}
    for e in m.events:
        if e.kind == "phase_began" and e.data["step"] in order:
            by_turn.setdefault(e.data["turn"], []).append(e.data["step"])
    assert sorted(by_turn) == [1, 2, 3, 4, 5]
    for steps in by_turn.values():
        idx = [order[s] for s in steps]
        assert idx == sorted(idx)
        for n in range(1, 7):
            assert f"activity.move{n}.us_movement" in steps
            assert f"activity.move{n}.jp_movement" in steps
        assert steps.index("activity.jp_orders_2") > steps.index("activity.move3.jp_movement")
        assert steps.index("activity.jp_orders_2") < steps.index("activity.move4.us_movement")
        assert steps[-1] == "terminal.damage_effects"


def test_3_1_one_chit_per_movement_phase_and_one_combat_segment_per_turn() -> None:
    """Six chits (Combat + five blanks), one drawn per Movement Phase even if nobody
    moved: the Combat Segment happens exactly once a turn (TE 3.1, notes §9.2 item 11)."""
    m = Match.start("tokyo_express", "basic", seed=4)
    play_out(m, {"US": RandomAgent(2)})
    draws = [e.data["chit"] for e in m.events if e.kind == "chit_drawn"]
    assert len(draws) == 6 * 5
    for t in range(5):
        turn = draws[6 * t : 6 * t + 6]
        assert sorted(turn) == ["Blank"] * 5 + ["Combat"]
    combats = [
        e for e in m.events if e.kind == "phase_began" and e.data["step"].endswith(".combat")
    ]
    assert len(combats) == 5


def test_3_1_every_step_of_the_declared_turn_is_played_by_the_driver() -> None:
    """Each leaf of BASIC_TURN is a place a state can stand at (its ``step`` and
    ``phase``, as saved) and names what it runs or asks; only the Damage and Sinking
    markers step has no play of its own (US gunnery places them, TE 3.5 step 5)."""
    from navalwar.games.tokyo_express.sequence_of_play import DRIVER, PLACES, move, place

    m = Match.start("tokyo_express", "basic", seed=1)
    state = m.state
    idle = []
    for key in BASIC_TURN.flatten():
        moved = move(state, key)
        assert PLACES[place(moved)] == key
        assert DRIVER.key(moved) == key
        play = DRIVER.play(key)
        if play.run is None and play.ask is None:
            idle.append(key)
        if play.ask is None:
            assert not play.apply
    assert idle == [f"activity.move{n}.combat.markers" for n in range(1, 7)]
    assert set(PLACES.values()) == set(BASIC_TURN.flatten())
