"""The Match API: start, decisions, apply, undo, save/load, replay, errors."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import navalwar
from navalwar.agents import RandomAgent, play_out
from navalwar.engine import Match
from navalwar.errors import (
    DataError,
    IllegalActionError,
    InvalidActionError,
    NavalwarError,
    ReplayError,
    UnknownGameError,
    UnknownNameError,
)
from navalwar.games.tokyo_express.actions import ChooseFlagship, SetSpeed


def test_load_unknown_game_suggests_the_right_one() -> None:
    with pytest.raises(UnknownGameError, match="did you mean 'tokyo_express'"):
        navalwar.load("tokyo_expres")
    assert "tokyo_express" in navalwar.games()


def test_start_and_first_decision() -> None:
    m = Match.start("tokyo_express", "basic", seed=1)
    d = m.decision
    assert d is not None and d.side == "US" and d.kind == "choose_flagship"
    assert d.rule == "TE 3.9" and m.legal_actions() == list(d.choices or ())
    assert not m.is_over and m.outcome is None


def test_unknown_scenario_option_and_bad_seed() -> None:
    with pytest.raises(UnknownNameError, match="scenario"):
        Match.start("tokyo_express", "basik")
    with pytest.raises(UnknownNameError, match="option"):
        Match.start("tokyo_express", "basic", options={"stern_rul": "any"})
    with pytest.raises(DataError, match="one of"):
        Match.start("tokyo_express", "basic", options={"stern_rule": "some"})
    with pytest.raises(NavalwarError):
        Match.start("tokyo_express", "basic", seed=-3)


def test_illegal_action_leaves_the_match_unchanged() -> None:
    m = Match.start("tokyo_express", "basic", seed=1)
    before = (m.state, len(m.events), len(m.actions))
    with pytest.raises(IllegalActionError) as err:
        m.apply(ChooseFlagship("Yamato"))
    assert "TE 3.9" in str(err.value)
    with pytest.raises(IllegalActionError):
        m.apply(SetSpeed(1, 3))
    with pytest.raises(InvalidActionError):
        m.apply({"tag": "no_such_action"})
    with pytest.raises(InvalidActionError):
        m.apply({"tag": "choose_flagship", "ship": 3, "extra": 1})
    assert (m.state, len(m.events), len(m.actions)) == before


def test_actions_round_trip_through_json() -> None:
    m = Match.start("tokyo_express", "basic", seed=2)
    codec = m.game.codec
    for _ in range(30):
        d = m.decision
        if d is None:
            break
        assert d.choices
        for a in d.choices:
            assert codec.from_json(json.loads(json.dumps(codec.to_json(a)))) == a
        m.apply(codec.to_json(d.choices[-1]))


def test_undo_goes_back_to_the_last_chance_event_only() -> None:
    m = Match.start("tokyo_express", "basic", seed=3)
    d = m.decision
    assert d is not None and d.choices
    state, n_events = m.state, len(m.events)
    m.apply(d.choices[0])  # choosing the flagship rolls nothing
    if m.can_undo():
        m.undo()
        assert m.state is state and len(m.events) == n_events and not m.actions
    else:  # a chance event followed at once: undo must be refused
        with pytest.raises(IllegalActionError):
            m.undo()


def test_undo_refused_after_dice() -> None:
    m = Match.start("tokyo_express", "basic", seed=3)
    agent = RandomAgent(1)
    for _ in range(200):
        d = m.decision
        assert d is not None
        before = m._dice.index
        m.apply(agent.choose(m, d))
        if m._dice.index != before:
            with pytest.raises(IllegalActionError, match="chance"):
                m.undo()
            return
    pytest.fail("no chance event in 200 decisions")


def test_same_seed_same_log_and_different_seed_differs() -> None:
    def play(seed: int) -> list[dict[str, object]]:
        m = Match.start("tokyo_express", "basic", seed=seed)
        play_out(m, {"US": RandomAgent(99)})
        return [e.to_json() for e in m.events]

    assert play(11) == play(11)
    assert play(11) != play(12)


def test_save_load_and_replay(tmp_path: Path) -> None:
    m = Match.start("tokyo_express", "basic", seed=5)
    play_out(m, {"US": RandomAgent(1)})
    path = tmp_path / "game.json"
    m.save(path)
    loaded = Match.load(path)
    assert [e.to_json() for e in loaded.events] == [e.to_json() for e in m.events]
    assert loaded.outcome == m.outcome
    m.replay()
    doc = json.loads(path.read_text())
    doc["digest"] = "0" * 64
    path.write_text(json.dumps(doc))
    with pytest.raises(ReplayError):
        Match.load(path)


@pytest.mark.parametrize(
    ("text", "match"),
    [
        ("", "corrupt or truncated"),
        ('{"format": "navalwar-save", "version": 1', "corrupt or truncated"),
        ('{"format": "something-else"}', "not a navalwar save"),
        ('{"format": "navalwar-save", "version": 99}', "newer than this navalwar reads"),
        ('{"format": "navalwar-save", "version": 1, "game": 5}', "game"),
        ("\xff\xfe", "not"),
    ],
)
def test_bad_saves_raise_data_error(tmp_path: Path, text: str, match: str) -> None:
    path = tmp_path / "bad.json"
    path.write_text(text, encoding="latin-1")
    with pytest.raises(DataError, match=match):
        Match.load(path)


def test_save_is_atomic(tmp_path: Path) -> None:
    m = Match.start("tokyo_express", "basic", seed=5)
    path = tmp_path / "g.json"
    m.save(path)
    first = path.read_text()
    m.apply(m.legal_actions()[0])
    m.save(path)
    assert path.read_text() != first
    assert [p.name for p in tmp_path.iterdir()] == ["g.json"]  # no temporary left behind


def test_observe_unknown_side() -> None:
    m = Match.start("tokyo_express", "basic", seed=5)
    with pytest.raises(UnknownNameError, match="side"):
        m.observe("Germany")
    obs = m.observe("US")
    json.dumps(obs)
    assert obs["decision"]["kind"] == "choose_flagship"
    assert m.observe("Japan")["decision"] is None


def test_clone_is_independent() -> None:
    m = Match.start("tokyo_express", "basic", seed=8)
    c = m.clone()
    c.apply(c.legal_actions()[0])
    assert len(m.actions) == 0 and len(c.actions) == 1


@pytest.mark.parametrize(("game", "scenario"), [("tokyo_express", "basic"), ("gwas_1904", "amur")])
def test_a_match_without_its_event_log_plays_the_same_game(game: str, scenario: str) -> None:
    from navalwar.agents import make_agent, play_out

    for seed in range(3):
        played = []
        for log_events in (True, False):
            m = Match.start(game, scenario, seed=seed, log_events=log_events)
            sides = m.game.spec.playable_sides
            play_out(m, {side: make_agent(game, "random", seed) for side in sides})
            played.append(m)
        logged, quiet = played
        assert logged.events and not quiet.events
        assert quiet.actions == logged.actions and quiet.deciders == logged.deciders
        assert quiet.outcome == logged.outcome and repr(quiet.state) == repr(logged.state)
        with pytest.raises(NavalwarError, match="keeps no event log"):
            quiet.save("never.json")
        with pytest.raises(NavalwarError, match="cannot be replayed"):
            quiet.replay()
