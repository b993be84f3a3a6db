"""The conformance suite catches what it is for (issue 16 item 3).

* A GWaS ``observe`` patched to show which ship is under each face-down counter, or
  where the enemy's counters stand while it is still setting up (7.2, 7.23), is
  caught by the observation check (its hidden variants move unseen units).
* A tiny fake game with secret simultaneous commitments (:mod:`navalwar.commitments`)
  passes the observation check; patched to show the other side's commitment in its
  observation, its decision or its events, it is caught.
* A failure that only an option set shows is caught by ``run_conformance``.
* GWaS Basic Combat (``combat="basic"``) is among the option sets the suite derives.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any, ClassVar

import attrs
import pytest

from navalwar import testing
from navalwar.actions import Action
from navalwar.commitments import Commitments, open_commitments
from navalwar.dice import Dice
from navalwar.engine import Context, Decision, Game, Match, Outcome
from navalwar.games.gwas_1904 import GAME as GWAS
from navalwar.games.gwas_1904.setup import enemy_placing
from navalwar.games.tokyo_express import GAME as TE
from navalwar.registry import GameSpec, OptionSpec, OptionValue

CHANGES = "changes with hidden facts"
SIDES = ("Red", "Blue")


# -- GWaS: face-down counters -----------------------------------------------------------------
def _expose_face_down(monkeypatch: pytest.MonkeyPatch) -> None:
    """GWaS observe with each face-down enemy entry naming the ship under it."""
    real = GWAS.observe

    def leaky(state: Any, side: str, data: Any) -> dict[str, Any]:
        obs = real(state, side, data)
        under = {state.opaque_id(s.counter): s.key for s in state.ships if s.side != side}
        for entry in obs["ships"]:
            if entry["side"] != side and not entry["counter"]:
                entry["under"] = under[entry["id"]]
        return obs

    monkeypatch.setattr(GWAS, "observe", leaky)


def test_gwas_with_every_face_down_ship_exposed_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    assert testing.check_observations("gwas_1904", "yellow-sea", 0) == []
    _expose_face_down(monkeypatch)
    problems = testing.check_observations("gwas_1904", "yellow-sea", 0)
    assert problems
    assert all(f"observation {CHANGES}" in p for p in problems)


def test_gwas_with_the_enemys_set_up_exposed_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    """While the enemy places its counters (7.2) it shows none; a leak of their places
    (with their ids) is caught at a set-up decision."""
    real = GWAS.observe

    def leaky(state: Any, side: str, data: Any) -> dict[str, Any]:
        obs = real(state, side, data)
        if state.phase == "setup" and enemy_placing(state, side):
            obs["enemy_placed"] = sorted(
                (state.opaque_id(s.counter), str(s.hex))
                for s in state.ships
                if s.side != side and s.hex is not None
            )
        return obs

    monkeypatch.setattr(GWAS, "observe", leaky)
    problems = testing.check_observations("gwas_1904", "yellow-sea", 0, every=1)
    assert problems
    assert all("GWaS 7.2" in p and f"observation {CHANGES}" in p for p in problems)


def test_gwas_rotation_moves_every_movable_face_down_counter() -> None:
    from navalwar.games.gwas_1904.game import rotate_face_down

    match = Match.start("gwas_1904", "yellow-sea", seed=0)
    testing.play(match, testing.random_agents(match, 0), 12)
    for side in match.game.spec.sides:
        rotated = rotate_face_down(match.state, side)
        if rotated is None:
            continue
        moved = [
            s.key for s, t in zip(match.state.ships, rotated.ships, strict=True) if s.hex != t.hex
        ]
        assert len(moved) >= 3
        assert GWAS.observation(rotated, side, match.data) == match.observe(side)
        return
    pytest.fail("no side faces three movable face-down counters at decision 12")


def test_gwas_basic_combat_is_an_option_set_and_its_secret_statement_a_variant() -> None:
    assert {"combat": "basic"} in testing.option_sets("gwas_1904")
    match = Match.start("gwas_1904", "port-arthur", seed=0, options={"combat": "basic"})
    agents = testing.random_agents(match, 0)
    while match.decision is not None and not (
        match.decision.kind == "basic_range" and match.decision.side == "Russia"
    ):
        testing.play(match, agents, 1)
    assert match.decision is not None
    variants = GWAS.hidden_variants(match.state, "Russia", match.data, Dice(0))
    assert variants
    assert {dict(v.wanted)["Japan"] for v in variants} != {dict(match.state.wanted)["Japan"]}
    assert GWAS.hidden_variants(match.state, "Japan", match.data, Dice(0)) == []


def test_gwas_basic_combat_reveal_of_the_statements_cannot_be_undone() -> None:
    """Found by the observation check: Russia stated, saw Japan's statement revealed
    (6.2) and could take its own back when no die was rolled."""
    for scenario in ("makarov", "port-arthur"):
        match = Match.start("gwas_1904", scenario, seed=0, options={"combat": "basic"})
        agents = testing.random_agents(match, 0)
        while match.decision is not None:
            d = match.decision
            n = len(match.events)
            testing.play(match, agents, 1)
            if any(e.kind == "basic_range_statements" for e in match.events[n:]):
                assert d.side == "Russia"
                assert not match.can_undo()
                break
        else:
            pytest.fail(f"{scenario}: no range statements revealed")


def test_te_a_gunnery_card_turned_over_cannot_be_undone() -> None:
    """Found by the observation check (ship_pool="all"): the US fired, read the Gunnery
    Cards turned over (TE 3.7), and could take its fire allocation back."""
    match = Match.start("tokyo_express", "basic", seed=0, options={"ship_pool": "all"})
    agents = testing.random_agents(match, 0)
    drawn = 0
    while match.decision is not None:
        n = len(match.events)
        testing.play(match, agents, 1)
        if any(e.kind == "gunnery_attack" for e in match.events[n:]):
            drawn += 1
            assert not match.can_undo()
    assert drawn


@pytest.mark.parametrize(("scenario", "seed"), [("chemulpo", 0), ("first-of-october", 0)])
def test_gwas_a_counter_turned_face_up_cannot_be_undone(scenario: str, seed: int) -> None:
    """Found with the hidden variants: the last placement (7.2) or a move that brought
    enemy counters within visual distance (7.27) showed them, and could be taken back."""
    match = Match.start("gwas_1904", scenario, seed=seed)
    agents = testing.random_agents(match, seed)
    revealed = 0
    while match.decision is not None:
        seen = sum(s.seen for s in match.state.ships)
        testing.play(match, agents, 1)
        if sum(s.seen for s in match.state.ships) > seen:
            revealed += 1
            assert not match.can_undo()
    assert revealed


# -- a fake game with secret commitments --------------------------------------------------------
@attrs.frozen
class Bid(Action):
    """Commit a bid of 1 to 3."""

    tag: ClassVar[str] = "duel_bid"
    value: int

    def describe(self) -> str:
        return f"bids {self.value}"


@attrs.frozen
class Call(Action):
    """Call for the bids: the rules reveal them."""

    tag: ClassVar[str] = "duel_call"

    def describe(self) -> str:
        return "calls"


@attrs.frozen
class Duel:
    """Three rounds; each side bids 1-3 in secret (Red first, then Blue); Red calls,
    the bids are revealed, and the higher bid plus a d6 scores."""

    round: int = 1
    bids: Commitments[int] = attrs.field(factory=lambda: open_commitments("bid", "DUEL 1", SIDES))
    score: tuple[int, int] = (0, 0)


class DuelGame(Game[Duel, None]):
    spec = GameSpec("duel", "Secret duel", SIDES, "none")
    action_types = (Bid, Call)

    def load_data(self, overrides: Sequence[Path] = (), strict: bool = False) -> None:
        return None

    def scenarios(self) -> list[str]:
        return ["only"]

    def load_scenario(self, name: str, data: None) -> Any:
        return name

    def scenario_from_document(self, doc: dict[str, Any], file: str, data: None) -> Any:
        return file

    def describe_scenario(self, scenario: Any) -> str:
        return "three rounds of secret bids"

    def initial_state(
        self, scenario: Any, data: None, options: Mapping[str, OptionValue], ctx: Context
    ) -> Duel:
        return Duel()

    def advance(self, state: Duel, data: None, ctx: Context) -> Duel:
        return state

    def decision(self, state: Duel, data: None) -> Decision | None:
        if state.round > 3:
            return None
        if state.bids.complete:
            return Decision("Red", "call", "DUEL 2", "Red: call for the bids", (Call(),))
        side = state.bids.waiting[0]
        return Decision(
            side, "bid", "DUEL 1", f"{side}: your secret bid", tuple(Bid(v) for v in (1, 2, 3))
        )

    def apply(self, state: Duel, action: Action, data: None, ctx: Context) -> Duel:
        if isinstance(action, Bid):
            side = state.bids.waiting[0]
            return attrs.evolve(state, bids=state.bids.commit(side, action.value, ctx))
        bids = state.bids.reveal(ctx)
        red = bids.value("Red") + ctx.dice.d6("Red's roll")
        blue = bids.value("Blue") + ctx.dice.d6("Blue's roll")
        score = (state.score[0] + (red > blue), state.score[1] + (blue > red))
        ctx.log("round_won", f"Round {state.round}: {red} to {blue}", "DUEL 2")
        return Duel(state.round + 1, open_commitments("bid", "DUEL 1", SIDES), score)

    def observe(self, state: Duel, side: str, data: None) -> dict[str, Any]:
        return {"bids": state.bids.view(side), "score": list(state.score)}

    def position(self, state: Duel) -> dict[str, Any]:
        return {"turn": state.round}

    def outcome(self, state: Duel, data: None) -> Outcome | None:
        if state.round <= 3:
            return None
        red, blue = state.score
        winner = "Red" if red > blue else "Blue" if blue > red else None
        return Outcome(winner, winner or "draw", {"Red": red, "Blue": blue})

    def hidden_variants(self, state: Duel, side: str, data: None, dice: Dice) -> list[Duel]:
        return [
            attrs.evolve(state, bids=b) for b in state.bids.variants(side, lambda who: (1, 2, 3))
        ]


def test_the_fake_game_conforms() -> None:
    game = DuelGame()
    for name in ("random_play", "legal_actions", "illegal_actions", "observations", "undo"):
        assert testing.CHECKS[name](game, "only", 0) == [], name


def test_a_commitment_shown_in_the_observation_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    game = DuelGame()
    real = game.observe
    monkeypatch.setattr(
        game,
        "observe",
        lambda s, side, d: {**real(s, side, d), "made": [list(m) for m in s.bids.made]},
    )
    problems = testing.check_observations(game, "only", 0, every=1)
    assert problems and all(f"observation {CHANGES}" in p for p in problems)
    assert any("(bid, DUEL 1)" in p and "the Blue observation" in p for p in problems)
    assert any("(call, DUEL 2)" in p and "the Red observation" in p for p in problems)


def test_a_commitment_shown_in_the_decision_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    game = DuelGame()
    real = game.decision

    def leaky(state: Duel, data: None) -> Decision | None:
        d = real(state, data)
        if d is None or not state.bids.made:
            return d
        return attrs.evolve(d, context={"other": state.bids.made[0][1]})

    monkeypatch.setattr(game, "decision", leaky)
    problems = testing.check_observations(game, "only", 0, every=1)
    assert problems  # the envelope carries the decision, so the observation differs too
    assert all(CHANGES in p for p in problems)


def test_a_commitment_shown_in_an_event_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    """Blue's own bid is answered by a public event naming Red's (secret) bid."""
    game = DuelGame()
    real = game.apply

    def chatty(state: Duel, action: Action, data: None, ctx: Context) -> Duel:
        after = real(state, action, data, ctx)
        if isinstance(action, Bid) and state.bids.made:
            ctx.log("gossip", f"Red bid {state.bids.value('Red')}")
        return after

    monkeypatch.setattr(game, "apply", chatty)
    problems = testing.check_observations(game, "only", 0, every=1)
    assert problems
    assert all("events Blue sees after" in p and "change with hidden facts" in p for p in problems)


# -- option sets --------------------------------------------------------------------------------
def test_option_sets_are_derived_from_the_spec() -> None:
    class Opts(DuelGame):
        spec = GameSpec(
            "duel",
            "Secret duel",
            SIDES,
            "none",
            (
                OptionSpec("mode", "a", "", choices=("a", "b", "c")),
                OptionSpec("flag", False, ""),
                OptionSpec("count", 0, "", minimum=0),
            ),
        )

    assert testing.option_sets(Opts()) == [{}, {"mode": "b"}, {"mode": "c"}, {"flag": True}]
    Opts.conformance_options = ({}, {"count": 3})  # type: ignore[attr-defined]
    assert testing.option_sets(Opts()) == [{}, {"count": 3}]


@pytest.mark.source_only
def test_a_failure_only_an_option_set_shows_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    real = TE.observe

    def picky(state: Any, side: str, data: Any) -> dict[str, Any]:
        obs = real(state, side, data)
        if dict(state.options).get("stern_rule") == "any":
            obs["oops"] = {1, 2}  # not JSON
        return obs

    monkeypatch.setattr(TE, "observe", picky)
    monkeypatch.setattr(testing, "CHECKS", {"observations": testing.check_observations})
    assert testing.run_conformance("tokyo_express", ["basic"], seeds=(0,), options=[{}]) == []
    problems = testing.run_conformance("tokyo_express", ["basic"], seeds=(0,))
    assert problems
    assert all(p.startswith('[observations basic 0 stern_rule="any"]') for p in problems)
    assert all("is not JSON" in p for p in problems)
