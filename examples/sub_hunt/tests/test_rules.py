"""Sub Hunt's rules (RULES.md), with scripted dice: each test names the section it checks."""

from __future__ import annotations

import re
from fractions import Fraction
from pathlib import Path
from typing import Any

import attrs
import pytest
from navalwar_subhunt import GAME
from navalwar_subhunt.actions import (
    DropDepthCharges,
    FireTorpedo,
    MoveDestroyer,
    MoveSubmarine,
    PlaceSubmarine,
)
from navalwar_subhunt.model import HUNTER, MAP, SUBMARINE, course

from navalwar import events, odds, testing
from navalwar.dice import ScriptedDice
from navalwar.engine import Match
from navalwar.errors import DataError, IllegalActionError, UnknownNameError

# The destroyer at 0404; 0406 is 2 hexes south of it, 0405 one.
SCENARIO = """
id = "test"
title = "Test waters"
provenance = "rulebook"
land = ["0303"]
destroyer = "0404"
sub_start = ["0406", "0101"]
turns = 2
hull = 2
depth_charges = 3
torpedoes = 2
"""


def start(rolls: list[int], text: str = SCENARIO, **options: Any) -> Match:
    return Match.start(
        "sub_hunt",
        "test.toml",
        dice=ScriptedDice(rolls),
        scenario_text=text,
        options=options,
        use_env=False,
    )


def hunter_sees(match: Match) -> str:
    return repr(match.observe(HUNTER)) + repr([e.to_json() for e in match.events_for(HUNTER)])


def test_3_1_the_start_hex_is_secret() -> None:
    match = start([])
    assert match.decision is not None and match.decision.side == SUBMARINE
    match.apply(PlaceSubmarine("0406"))
    assert match.observe(SUBMARINE)["submarine"]["hex"] == "0406"
    assert match.observe(HUNTER)["submarine"]["hex"] is None
    assert "0406" not in hunter_sees(match)


def test_5_1_moves_are_secret_and_6_1_the_submarine_is_always_asked() -> None:
    match = start([])
    match.apply(PlaceSubmarine("0101"))  # 3 hexes from the destroyer: out of torpedo range
    match.apply(MoveSubmarine("0102"))
    decision = match.decision
    assert decision is not None and decision.kind == "sub_attack"
    assert decision.choices == (FireTorpedo(False),)
    assert "0102" not in hunter_sees(match)
    assert match.observe(HUNTER)["deciding"] == "other"
    assert match.observe(HUNTER)["decision"] is None
    with pytest.raises(IllegalActionError):
        match.apply(MoveSubmarine("0303"))  # not asked now; and 0303 is land (SH 1.2)


@pytest.mark.parametrize(("roll", "hit"), [(4, False), (5, True)])
def test_6_2_6_3_a_torpedo_at_distance_2_hits_on_5_and_reveals_the_hex(
    roll: int, hit: bool
) -> None:
    match = start([roll])
    match.apply(PlaceSubmarine("0406"))
    match.apply(MoveSubmarine("0406"))
    match.apply(FireTorpedo(True))
    obs = match.observe(HUNTER)
    assert obs["contact"] == "0406"  # SH 6.2
    assert obs["destroyer"]["hull"] == (1 if hit else 2)
    assert match.state.torpedoes == 1


def test_6_3_the_destroyer_sinks_with_its_last_hull_box() -> None:
    text = SCENARIO.replace("hull = 2", "hull = 1")
    match = start([4], text)
    match.apply(PlaceSubmarine("0406"))
    match.apply(MoveSubmarine("0405"))  # distance 1: hits on 4
    match.apply(FireTorpedo(True))
    outcome = match.outcome
    assert outcome is not None and outcome.winner == SUBMARINE  # SH 10.2
    assert outcome.scores == {HUNTER: 0, SUBMARINE: 4}  # SH 10.4


def _to_sonar(rolls: list[int], sub: str, destroyer: str, **options: Any) -> Match:
    match = start(rolls, **options)
    match.apply(PlaceSubmarine("0406"))
    match.apply(MoveSubmarine(sub))
    match.apply(FireTorpedo(False))
    match.apply(MoveDestroyer(destroyer))
    return match


@pytest.mark.parametrize(("roll", "found"), [(3, False), (4, True)])
def test_8_1_8_2_sonar_at_distance_1_detects_on_4(roll: int, found: bool) -> None:
    match = _to_sonar([roll], "0406", "0405")
    assert match.observe(HUNTER)["contact"] == ("0406" if found else None)
    # the umpire's roll is the Submarine's to see only
    rolls = [e for e in match.events if e.kind == "dice_rolled"]
    assert [e.sides for e in rolls] == [(SUBMARINE,)]
    assert not any(e.kind == "dice_rolled" for e in match.events_for(HUNTER))


@pytest.mark.parametrize(("sonar_range", "found"), [(2, False), (3, True)])
def test_8_1_the_sonar_range_option(sonar_range: int, found: bool) -> None:
    # the sub at 0406 and the destroyer back at 0403: distance 3, a 6 detects at range 3
    match = _to_sonar([6], "0406", "0403", sonar_range=sonar_range)
    assert (match.observe(HUNTER)["contact"] is not None) is found


def test_8_2_no_contact_says_nothing_of_the_distance() -> None:
    near = _to_sonar([1], "0405", "0404")  # distance 1
    far = _to_sonar([1], "0406", "0404")  # distance 2
    for match in (near, far):
        assert match.events_for(HUNTER)[-1].text == "Sonar: no contact."
    assert near.observe(HUNTER) == far.observe(HUNTER)
    assert near.events_for(HUNTER) == far.events_for(HUNTER)
    assert near.events_for(SUBMARINE) != far.events_for(SUBMARINE)


@pytest.mark.parametrize(
    ("target", "roll", "damaged", "destroyed"),
    [
        ("0406", 2, False, False),
        ("0406", 3, True, False),
        ("0406", 6, False, True),
        ("0405", 5, False, False),  # adjacent: only a 6 damages
        ("0405", 6, True, False),
    ],
)
def test_9_2_depth_charges(target: str, roll: int, damaged: bool, destroyed: bool) -> None:
    match = _to_sonar([1, roll], "0406", "0405")
    match.apply(DropDepthCharges(target))
    state = match.state
    assert (state.sub_damaged, state.sub_destroyed) == (damaged, destroyed)
    assert match.observe(HUNTER)["contact"] == ("0406" if damaged or destroyed else None)
    assert state.charges == 2
    if destroyed:
        outcome = match.outcome
        assert outcome is not None and outcome.winner == HUNTER  # SH 10.1


def test_9_2_a_damaged_submarine_damaged_again_is_destroyed_and_9_4_cannot_fire() -> None:
    match = _to_sonar([1, 4, 1, 3], "0406", "0405")
    match.apply(DropDepthCharges("0406"))
    assert match.state.sub_damaged
    match.apply(MoveSubmarine("0406"))
    assert match.decision is not None and match.decision.choices == (FireTorpedo(False),)
    match.apply(FireTorpedo(False))
    match.apply(MoveDestroyer("0405"))
    match.apply(DropDepthCharges("0406"))
    assert match.state.sub_destroyed


@pytest.mark.parametrize(("damage_roll", "winner"), [(1, SUBMARINE), (3, None)])
def test_10_3_the_end_of_the_last_turn(damage_roll: int, winner: str | None) -> None:
    match = _to_sonar([1, damage_roll, 1], "0406", "0405")
    match.apply(DropDepthCharges("0406"))
    match.apply(MoveSubmarine("0406"))
    match.apply(FireTorpedo(False))
    match.apply(MoveDestroyer("0405"))
    match.apply(DropDepthCharges(""))  # hold
    assert match.is_over
    outcome = match.outcome
    assert outcome is not None and outcome.winner == winner


def test_odds_of_a_torpedo_and_of_a_pattern() -> None:
    match = start([])
    match.apply(PlaceSubmarine("0406"))
    match.apply(MoveSubmarine("0405"))
    torpedo = odds.attack(match, FireTorpedo(True))
    assert torpedo.at_least(1) == Fraction(1, 2)  # 4+ at distance 1 (SH 6.3)
    assert torpedo.sunk == 0  # 2 hull boxes
    assert odds.attacks(match, FireTorpedo(False)) == ()


def test_the_odds_of_a_pattern_do_not_tell_where_the_submarine_is() -> None:
    seen = []
    for sub in ("0406", "0405"):
        match = _to_sonar([1], sub, "0405")
        pattern = odds.attack(match, DropDepthCharges("0406"))
        seen.append(pattern)
        assert pattern.sunk == Fraction(1, 6)  # SH 9.2, if it is there
        assert pattern.outcomes["damaged"] == Fraction(1, 2)
    assert seen[0] == seen[1]


def test_the_observation_check_catches_a_leaked_submarine(monkeypatch: pytest.MonkeyPatch) -> None:
    real = type(GAME).observe

    def leaky(self: Any, state: Any, side: str, data: Any) -> dict[str, Any]:
        return {**real(self, state, side, data), "sonar_echo": str(state.sub)}

    monkeypatch.setattr(type(GAME), "observe", leaky)
    problems = testing.check_observations("sub_hunt", "convoy-lane", 0)
    assert any("the Hunter observation changes with hidden facts" in p for p in problems)


def test_the_hunters_map_never_shows_the_submarine() -> None:
    match = start([])
    match.apply(PlaceSubmarine("0406"))
    umpire = GAME.draw(match, False, None, None)
    hunter = GAME.draw(match, False, None, HUNTER)
    assert umpire is not None and hunter is not None
    assert umpire.startswith("<?xml") and ">SS<" in umpire
    assert ">SS<" not in hunter and "Hunter's view" in hunter


def _destroyer_tick(match: Match) -> tuple[float, float]:
    """How far the destroyer's heading tick on the Hunter's map goes right and down."""
    picture = GAME.draw(match, False, None, HUNTER)
    assert picture is not None
    found = re.search(r'<path d="M([\d.]+),([\d.]+) L([\d.]+),([\d.]+)" stroke="#1f5fbf"', picture)
    assert found is not None
    x0, y0, x1, y1 = map(float, found.groups())
    return x1 - x0, y1 - y0


def test_the_map_draws_the_destroyers_heading() -> None:
    dx, dy = _destroyer_tick(start([]))
    assert abs(dx) < 1e-6 and dy < 0  # up the map (N) before it moves
    dx, dy = _destroyer_tick(_to_sonar([1], "0406", "0305"))  # 0404 -> 0305: SW
    assert dx < 0 and dy > 0


def test_record_extras() -> None:
    match = _to_sonar([1, 6], "0406", "0405")
    match.apply(DropDepthCharges("0406"))
    extras = GAME.record_extras(match)
    assert extras["sunk"] == {HUNTER: {}, SUBMARINE: {"submarine": 1}}
    assert (extras["turns"], extras["patterns_dropped"], extras["contacts"]) == (1, 1, 1)


def test_data_errors_name_file_and_field() -> None:
    with pytest.raises(DataError, match="sub_start") as err:
        start([], SCENARIO.replace('sub_start = ["0406", "0101"]', 'sub_start = ["0303"]'))
    assert "test.toml" in str(err.value)
    with pytest.raises(DataError, match="fog: unknown key 'fog'"):
        start([], SCENARIO + "fog = true\n")
    with pytest.raises(DataError, match="turns: must be an integer, not a string"):
        start([], SCENARIO.replace("turns = 2", 'turns = "2"'))


def test_a_scenario_by_id_or_by_file(tmp_path: Path) -> None:
    data = GAME.load_data()
    path = tmp_path / "mine.toml"
    path.write_text(SCENARIO)
    assert GAME.load_scenario(str(path), data).id == "test"  # a user's file (SH 3.0)
    assert GAME.load_scenario("narrows", data).turns == 10
    with pytest.raises(UnknownNameError, match="narows"):
        GAME.load_scenario("narows", data)


def test_strict_refuses_a_placeholder_scenario() -> None:
    text = SCENARIO.replace('provenance = "rulebook"', 'provenance = "placeholder"')
    start([], text)  # fine without --strict
    with pytest.raises(DataError, match="historical"):
        Match.start("sub_hunt", "t.toml", scenario_text=text, strict=True, use_env=False)


def test_the_ships_are_shown_on_the_course_of_their_last_move() -> None:
    match = _to_sonar([1, 1], "0405", "0305")  # the destroyer 0404 -> 0305; the sub 0406 -> 0405
    ships = {s["name"]: s for s in match.observe(SUBMARINE)["ships"]}
    assert (ships["Destroyer"]["heading"], ships["Submarine"]["heading"]) == ("SW", "N")
    hunter = match.observe(HUNTER)
    assert [s["heading"] for s in hunter["ships"]] == ["SW"]  # and not the submarine's
    match.apply(DropDepthCharges(""))
    match.apply(MoveSubmarine("0405"))
    match.apply(FireTorpedo(False))
    match.apply(MoveDestroyer("0305"))  # staying keeps the course
    assert match.observe(HUNTER)["ships"][0]["heading"] == "SW"


def test_course() -> None:
    at = MAP.hex
    assert course(at("0404"), at("0404"), 4) == 4  # stays
    assert MAP.heading_names[course(at("0404"), at("0402"), 3)] == "N"  # two hexes north
    assert MAP.heading_names[course(at("0404"), at("0406"), 0)] == "S"


def test_hidden_variants_move_only_the_submarine() -> None:
    match = start([])
    match.apply(PlaceSubmarine("0406"))
    from navalwar.dice import Dice

    variants = GAME.hidden_variants(match.state, HUNTER, match.data, Dice(1))
    assert variants
    for v in variants:
        assert v.sub != match.state.sub
        assert attrs.evolve(v, sub=match.state.sub) == match.state
    assert GAME.hidden_variants(match.state, SUBMARINE, match.data, Dice(1)) == []


def test_the_declarations_hooks() -> None:
    assert GAME.data_files() == (
        "scenarios/convoy-lane.toml",
        "scenarios/narrows.toml",
        "tables.toml",
    )
    assert GAME.turn_start is not None and GAME.turn_start.unit == "turn"
    view = GAME.terminal_view()
    assert (view.map, view.table) == ("hex", "counters")


@pytest.mark.parametrize("scenario", ["convoy-lane", "narrows"])
def test_every_event_is_declared_with_exactly_its_keys(scenario: str) -> None:
    kinds = events.vocabulary(GAME.event_kinds)
    logged = set()
    for seed in range(6):
        match = testing.random_match("sub_hunt", scenario, seed)
        assert match.is_over
        for event in match.events:
            assert events.problem(kinds, event) is None
            logged.add(event.kind)
        assert match.events[-1].kind == "game_over"
    assert logged <= set(kinds) and {"sub_revealed", "ship_moved", "dice_rolled"} <= logged
