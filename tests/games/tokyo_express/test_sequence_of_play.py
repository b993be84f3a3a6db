"""TE 3.1 Sequence of Play: the steps come in the rulebook's order, every turn."""

from __future__ import annotations

from navalwar.agents import RandomAgent, play_out
from navalwar.engine import Match
from navalwar.frozen import evolve
from navalwar.games.tokyo_express import GAME
from navalwar.games.tokyo_express.model import US, Combat, State
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
    ``phase``, as saved) and names what it runs or asks, the Damage and Sinking markers
    step too (TE 3.5 step 5)."""
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
    assert idle == []
    assert set(PLACES.values()) == set(BASIC_TURN.flatten())


def _onward(state: State, key: str) -> str:
    """The leaf the driver plays after leaf ``key`` of a state standing there."""
    from navalwar.games.tokyo_express.sequence_of_play import DRIVER, move

    return DRIVER.key(DRIVER.onward(key, move(state, key), GAME.load_data()))


def test_3_1_the_combat_segment_is_played_only_after_the_combat_chit() -> None:
    """TE 3.1 "Action Chit Draw Segment": the Combat chit starts the Combat Segment; a
    blank chit goes on to the next Movement Phase, or after the third to the Second
    Japanese Movement Orders Phase, or after the sixth to the Terminal Stage."""
    state = Match.start("tokyo_express", "basic", seed=1).state
    fought = state.replace(combat=Combat())
    assert _onward(fought, "activity.move2.chit_draw") == "activity.move2.combat.jp_torpedo"
    assert _onward(state, "activity.move2.chit_draw") == "activity.move3.us_movement"
    assert _onward(state, "activity.move3.chit_draw") == "activity.jp_orders_2"
    assert _onward(state, "activity.move6.chit_draw") == "terminal.damage_effects"
    assert _onward(fought, "activity.move6.combat.us_gunnery") == "activity.move6.combat.markers"


def test_3_1_p_after_the_end_of_turn_the_next_game_turn_begins() -> None:
    """TE 3.1 P: after the End of Turn Phase of a turn not the last, the next Game Turn
    begins with its Action Chit Phase."""
    from navalwar.games.tokyo_express.sequence_of_play import DRIVER, move

    state = move(Match.start("tokyo_express", "basic", seed=1).state, "terminal.end_of_turn")
    nxt = DRIVER.onward("terminal.end_of_turn", state, GAME.load_data())
    assert DRIVER.key(nxt) == "preparation.action_chits"
    assert (nxt.turn, nxt.phase) == (state.turn + 1, 0)


def test_3_3_no_freedom_of_action_phase_without_an_admiral() -> None:
    """TE 3.3, 3.9 "Admirals": a scenario without an admiral has no US Freedom of Action
    Phase; after the US Movement Orders comes the Japanese Formation Phase."""
    state = Match.start("tokyo_express", "basic", seed=1).state
    assert _onward(state, "preparation.us_orders") == "preparation.us_foa.roll"
    plain = state.replace(scenario=evolve(state.scenario, admiral=None))
    assert _onward(plain, "preparation.us_orders") == "preparation.jp_formation"


def test_3_1_without_us_ships_the_us_preparation_phases_are_skipped() -> None:
    """TE 3.1 B-D have nothing to do without a US ship on the map: after the Action Chit
    Phase comes the Japanese Formation Phase."""
    state = Match.start("tokyo_express", "basic", seed=1).state
    assert _onward(state, "preparation.action_chits") == "preparation.us_formation.grouping"
    gone = state.with_ships([s.replace(removed=True) for s in state.side_ships(US)])
    assert _onward(gone, "preparation.action_chits") == "preparation.jp_formation"


def test_3_2_the_grouping_is_asked_until_the_us_formations_are_formed() -> None:
    """TE 3.2: the US ships are grouped once a turn; then the Speeds are asked."""
    from navalwar.games.tokyo_express.sequence_of_play import DRIVER, move

    m = Match.start("tokyo_express", "basic", seed=1)
    while (d := m.decision) is not None and d.kind != "us_formations":
        m.apply(d.choices[0])
    assert d is not None and d.choices
    m.apply(d.choices[0])
    speed = m.decision
    assert speed is not None and speed.kind == "us_speed"
    formed = move(m.state, "preparation.us_formation.grouping")
    assert DRIVER.decision(GAME, formed, m.data) is None
