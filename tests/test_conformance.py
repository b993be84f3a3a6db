"""The conformance suite (navalwar.testing) on every registered game and scenario.

The second half proves each check can fail: it breaks a game on purpose (with
``monkeypatch``) and expects the check to report it.
"""

from __future__ import annotations

import functools
import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import attrs
import pytest

import navalwar
from navalwar import testing
from navalwar.agents import FirstChoiceAgent, play_out
from navalwar.dice import ScriptedDice
from navalwar.engine import Context, Decision, Match
from navalwar.errors import IllegalActionError
from navalwar.events import log_digest
from navalwar.games.tokyo_express import GAME
from navalwar.games.tokyo_express.actions import SetSpeed
from navalwar.registry import games, load

SEED = 0  # test_run_conformance_on_the_basic_scenario runs every check on seed 3 too


def _cases() -> Iterator[Any]:
    for game_id in games():
        for scenario in load(game_id).scenarios():
            for name in sorted(testing.CHECKS):
                yield pytest.param(game_id, scenario, name, id=f"{game_id}-{scenario}-{name}")


@pytest.mark.parametrize(("game_id", "scenario", "check"), list(_cases()))
def test_conformance(game_id: str, scenario: str, check: str) -> None:
    assert testing.CHECKS[check](game_id, scenario, SEED) == []


@functools.cache
def _shortest_first(game_id: str) -> tuple[str, ...]:
    """The game's scenarios, the one whose random game logs the fewest events first."""
    scenarios = load(game_id).scenarios()
    return tuple(sorted(scenarios, key=lambda s: len(testing.random_match(game_id, s, 0).events)))


def _option_cases() -> Iterator[Any]:
    """Each option set other than the defaults, on the shortest scenario that takes it,
    with every check but the fresh-process one (a subprocess per hash seed: the
    defaults' runs cover the determinism of the code shared by the option sets)."""
    for game_id in games():
        for options in testing.option_sets(game_id)[1:]:
            scenario = next(
                (s for s in _shortest_first(game_id) if testing.accepts(game_id, s, options)), None
            )
            if scenario is None:
                continue
            named = testing.describe_options(options)
            for name in sorted(set(testing.CHECKS) - {"fresh_process"}):
                yield pytest.param(
                    game_id, scenario, options, name, id=f"{game_id}-{scenario}-{named}-{name}"
                )


@pytest.mark.parametrize(("game_id", "scenario", "options", "check"), list(_option_cases()))
def test_conformance_with_options(
    game_id: str, scenario: str, options: dict[str, Any], check: str
) -> None:
    assert testing.CHECKS[check](game_id, scenario, SEED, options=options) == []


def test_gwas_basic_combat_is_checked() -> None:
    cases = [c.values for c in _option_cases()]
    checked = {c[3] for c in cases if c[0] == "gwas_1904" and c[2] == {"combat": "basic"}}
    assert {"save_load", "replay", "undo", "observations"} <= checked


def test_every_game_has_a_scenario() -> None:
    assert games()
    for game_id in games():
        assert load(game_id).scenarios(), game_id


def test_navalwar_games_callable_after_loading_a_game() -> None:
    navalwar.load("tokyo_express")
    assert navalwar.games() == games()


def test_run_conformance_on_the_basic_scenario() -> None:
    assert testing.run_conformance("tokyo_express", ["basic"], seeds=(3,), options=[{}]) == []


def test_run_conformance_labels_problems_and_reports_crashes(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    def boom(game_id: str, scenario: str, seed: int) -> list[str]:
        raise KeyError("oops")

    fake = {
        "fine": lambda g, s, n: [],
        "bad": lambda g, s, n: [f"seed {n} is bad"],
        "random_play": boom,
    }
    monkeypatch.setattr(testing, "CHECKS", fake)
    problems = testing.run_conformance("tokyo_express", seeds=(4, 5), options=[{}])
    assert problems == [
        "[bad basic 4] seed 4 is bad",
        "[random_play basic 4] crashed: KeyError: 'oops'",
        "[random_play basic 5] crashed: KeyError: 'oops'",
    ]


# -- each check can fail -----------------------------------------------------------------------
def test_random_play_reports_a_game_that_does_not_end() -> None:
    assert testing.check_random_play("tokyo_express", "basic", 0, budget=5) == [
        "the game did not end within 5 decisions"
    ]


def test_random_play_reports_a_missing_outcome(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(GAME, "outcome", lambda state, data: None)
    problems = testing.check_random_play("tokyo_express", "basic", 0)
    assert len(problems) == 1
    assert "without an outcome" in problems[0]


def test_legal_actions_reports_a_refused_choice(monkeypatch: pytest.MonkeyPatch) -> None:
    real = GAME.apply

    def picky(state: Any, action: Any, data: Any, ctx: Any) -> Any:
        if isinstance(action, SetSpeed) and action.speed == 1:
            raise IllegalActionError(action.describe(), "no Speed 1 today")
        return real(state, action, data, ctx)

    monkeypatch.setattr(GAME, "apply", picky)
    problems = testing.check_legal_actions("tokyo_express", "basic", 0, every=1, per_decision=99)
    assert problems
    assert all("Speed 1" in p and "was refused" in p for p in problems)


@pytest.mark.source_only  # patches Context.settle (a compiled class on the compiled build)
def test_illegal_actions_reports_a_lax_validator(monkeypatch: pytest.MonkeyPatch) -> None:
    real = GAME.decision

    def lax(state: Any, data: Any) -> Decision | None:
        d = real(state, data)
        if d is None or d.choices is None:
            return d
        choices = d.choices
        return attrs.evolve(
            d, choices=None, validate=lambda a: None, sample=lambda dice: dice.choose(choices)
        )

    monkeypatch.setattr(GAME, "decision", lax)
    # the decision advance found is not kept (Context.settle), so Match asks the lax one
    monkeypatch.setattr(Context, "settle", lambda self, state, decision: None)
    problems = testing.check_illegal_actions("tokyo_express", "basic", 0)
    assert problems
    assert all("passed the decision's check, then crashed: KeyError" in p for p in problems)


def test_observations_report_a_leaked_deck(monkeypatch: pytest.MonkeyPatch) -> None:
    real = GAME.observe

    def leaky(state: Any, side: str, data: Any) -> dict[str, Any]:
        return {**real(state, side, data), "next_cards": list(state.decks[0][1].order)}

    monkeypatch.setattr(GAME, "observe", leaky)
    problems = testing.check_observations("tokyo_express", "basic", 0)
    assert any("changes with hidden facts" in p for p in problems)
    assert any("shows a hidden order" in p for p in problems)


def test_observations_report_non_json(monkeypatch: pytest.MonkeyPatch) -> None:
    real = GAME.observe
    monkeypatch.setattr(GAME, "observe", lambda s, side, d: {**real(s, side, d), "x": {1, 2}})
    problems = testing.check_observations("tokyo_express", "basic", 0)
    assert problems
    assert all("is not JSON" in p for p in problems)


def test_undo_reports_a_broken_undo(monkeypatch: pytest.MonkeyPatch) -> None:
    real = Match.undo

    def forgetful(self: Match) -> None:
        """Restore the actions only."""
        n_events, state = len(self.events), self.state
        real(self)
        self.events.extend([self.events[-1]] * (n_events - len(self.events)))
        self.state = state

    monkeypatch.setattr(Match, "undo", forgetful)
    problems = testing.check_undo("tokyo_express", "basic", 0)
    assert len(problems) == 1
    assert problems[0].endswith("undo did not restore the state, event log")


def test_undo_reports_crossing_a_chance_event(monkeypatch: pytest.MonkeyPatch) -> None:
    real_undo, real_can_undo = Match.undo, Match.can_undo

    def reckless(self: Match) -> None:
        """Undo when allowed, otherwise do nothing instead of raising."""
        if real_can_undo(self):
            real_undo(self)

    monkeypatch.setattr(Match, "can_undo", lambda self: True)
    monkeypatch.setattr(Match, "undo", reckless)
    problems = testing.check_undo("tokyo_express", "basic", 0)
    assert problems[0] == "undo() at the start did not raise IllegalActionError"
    assert any("can_undo() after a chance event" in p for p in problems)
    assert any("crossed a chance event" in p for p in problems)


def _unstable_setup(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every other match logs an extra event at set-up (a nondeterministic game)."""
    real = GAME.initial_state
    calls = [0]

    def unstable(scenario: Any, data: Any, options: Any, ctx: Any) -> Any:
        state = real(scenario, data, options, ctx)
        calls[0] += 1
        if calls[0] % 2 == 0:
            ctx.log("noise", "a different log")
        return state

    monkeypatch.setattr(GAME, "initial_state", unstable)


def test_fresh_process_reports_a_different_log(monkeypatch: pytest.MonkeyPatch) -> None:
    real = testing.random_match_digest
    monkeypatch.setattr(
        testing, "random_match_digest", lambda g, s, n, o=None: real(g, s, n, o).replace(" ", " x")
    )
    problems = testing.check_fresh_process("tokyo_express", "basic", 0, hash_seeds=("3",))
    assert len(problems) == 1
    assert "PYTHONHASHSEED=3" in problems[0]


def test_save_load_reports_a_save_that_does_not_load(monkeypatch: pytest.MonkeyPatch) -> None:
    _unstable_setup(monkeypatch)
    problems = testing.check_save_load("tokyo_express", "basic", 0)
    assert problems
    assert "does not load" in problems[0]


def test_replay_reports_an_unchecked_digest(monkeypatch: pytest.MonkeyPatch) -> None:
    from navalwar import serialization

    def trusting(path: Path, data: tuple[str, ...] = ()) -> Match:
        return serialization.match_from_json(serialization.read_save(path), str(path), data)

    monkeypatch.setattr(serialization, "load_match", trusting)
    problems = testing.check_replay("tokyo_express", "basic", 0)
    assert any("digest edited was loaded" in p for p in problems)
    assert any("event count edited was loaded" in p for p in problems)


def test_mutations_change_one_field_at_a_time() -> None:
    action = SetSpeed(2, 5)
    muts = list(testing.mutations(action))
    assert SetSpeed(3, 5) in muts
    assert SetSpeed(2, 4) in muts
    assert action not in muts
    assert all((m.formation == 2) != (m.speed == 5) for m in muts)


def test_hidden_orders_finds_every_deck_and_the_cup() -> None:
    match = Match.start("tokyo_express", "basic", seed=2)
    orders = list(testing.hidden_orders(match.state))
    decks = [d.order for _, d in match.state.decks]
    assert len(decks) == 4
    assert all(d in orders for d in decks)
    assert len(orders) == len(decks) + 1  # and the cup
    assert json.dumps(list(decks[0])) not in json.dumps(match.observe("US"))


# -- clones (the legal-actions check applies every choice to one) ----------------------------
def _first_choice_log(match: Match) -> str:
    play_out(match, {"US": FirstChoiceAgent()})
    return log_digest(match.events)


def test_a_clone_is_independent_of_its_original() -> None:
    original = Match.start("tokyo_express", "basic", seed=11)
    expected = _first_choice_log(original.clone())
    clone = original.clone()
    assert _first_choice_log(clone) == expected
    assert _first_choice_log(original) == expected


def test_a_clone_with_scripted_dice_is_independent_of_its_original() -> None:
    def start() -> Match:
        return Match.start("tokyo_express", "basic", dice=ScriptedDice([], fallback_seed=5))

    expected = _first_choice_log(start())
    original = start()
    assert _first_choice_log(original.clone()) == expected
    assert _first_choice_log(original) == expected


@pytest.mark.parametrize("scripted", [False, True], ids=["seeded", "scripted"])
def test_a_failed_apply_leaves_the_dice_where_they_were(
    monkeypatch: pytest.MonkeyPatch, scripted: bool
) -> None:
    def start() -> Match:
        dice = ScriptedDice([], fallback_seed=5) if scripted else None
        return Match.start("tokyo_express", "basic", seed=5, dice=dice)

    def exploding(state: Any, action: Any, data: Any, ctx: Any) -> Any:
        ctx.dice.d10("a roll the failed attempt makes")
        raise RuntimeError("the rules crashed")

    expected = _first_choice_log(start())
    match = start()
    with monkeypatch.context() as m:
        m.setattr(GAME, "apply", exploding)
        with pytest.raises(RuntimeError):
            match.apply(match.legal_actions()[0])
    assert _first_choice_log(match) == expected
