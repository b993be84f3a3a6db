"""Decision.to_json and the action schemas: one envelope for every game (issue 15 item 1)."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any, Literal

import attrs
import jsonschema
import pytest

from navalwar.actions import Action, ActionCodec
from navalwar.agents import RandomAgent
from navalwar.dice import Dice
from navalwar.engine import Decision, Match
from navalwar.games.tokyo_express.data import TEData
from navalwar.games.tokyo_express.setups import position
from navalwar.registry import load

KEYS = {
    "side",
    "kind",
    "rule",
    "prompt",
    "context",
    "tags",
    "enumerated",
    "choices",
    "choice_count",
    "schema",
}
GAMES = {"tokyo_express": ["basic"], "gwas_1904": load("gwas_1904").scenarios()}


def decisions(game: str, scenario: str, seed: int, **options: Any) -> Iterator[Match]:
    """A random match, yielded at each pending decision."""
    match = Match.start(game, scenario, seed=seed, options=options or None, use_env=False)
    agents = {side: RandomAgent(seed + i) for i, side in enumerate(match.game.spec.sides)}
    for _ in range(3000):
        d = match.decision
        if d is None:
            return
        yield match
        match.apply(agents[d.side].choose(match, d))


def validator(schema: dict[str, Any]) -> jsonschema.Draft202012Validator:
    jsonschema.Draft202012Validator.check_schema(schema)
    return jsonschema.Draft202012Validator(schema)


@pytest.mark.parametrize("game", GAMES)
def test_issue15_decision_json_has_the_same_keys_in_every_game(game: str) -> None:
    """side, kind, rule, prompt, context, tags, enumerated, choices, choice_count, schema."""
    seen = set()
    for scenario in GAMES[game]:
        for match in decisions(game, scenario, 1):
            d = match.decision
            assert d is not None
            out = d.to_json(match.game)
            assert set(out) == KEYS, d.kind
            assert json.loads(json.dumps(out)) == out
            assert out["rule"] and out["side"] == d.side and out["kind"] == d.kind
            assert out["enumerated"] is (d.choices is not None)
            if d.choices is not None:
                assert out["choice_count"] == len(out["choices"]) == len(d.choices)
                assert out["schema"] is None
                assert set(out["tags"]) >= {a.tag for a in d.choices}
            seen.add(d.kind)
    assert len(seen) >= 3


@pytest.mark.parametrize("game", GAMES)
def test_issue15_the_observation_carries_the_decision_envelope(game: str) -> None:
    """Both games' observe() embed Decision.to_json for the deciding side (GWaS's had
    no ``rule``), and None for the other side."""
    for scenario in GAMES[game][:3]:
        for n, match in enumerate(decisions(game, scenario, 2)):
            if n % 7:
                continue
            d = match.decision
            assert d is not None
            for side in match.game.spec.sides:
                pending = match.observe(side)["decision"]
                assert pending == (d.to_json(match.game) if side == d.side else None)


def _schema_of(codec: ActionCodec, d: Decision) -> dict[str, Any]:
    return codec.schemas(d.accepted_tags(codec))


@pytest.mark.parametrize("game", GAMES)
def test_issue15_the_schema_validates_every_action_a_decision_draws(game: str) -> None:
    """Many random draws (list or sampler) of every decision met validate against the
    JSON Schema of the tags the decision accepts."""
    codec = load(game).codec
    dice = Dice(7)
    checked = 0
    for scenario in GAMES[game]:
        for seed in (3,):
            for match in decisions(game, scenario, seed):
                d = match.decision
                assert d is not None
                check = validator(_schema_of(codec, d))
                for _ in range(5):
                    action = d.random_choice(dice)
                    check.validate(codec.to_json(action))
                    checked += 1
    assert checked > 100


@pytest.fixture
def crowded(te_data: TEData) -> Decision:
    """Nine US ships in one cluster: too many groupings to list (TE 3.2)."""
    names = ["Blue", "Lardner", "South Dakota", "Walke", "Portland", "Cushing", "Chicago"]
    names += ["Laffey", "Gwin"]
    us = [(n, f"20{10 + i}", "N") for i, n in enumerate(names)]
    state = position(te_data, us=us, step="us_formation", phase=0)
    d = load("tokyo_express").decision(state, te_data)
    assert d is not None and d.kind == "us_formations" and d.choices is None
    return d


def test_issue15_te_3_2_a_sampled_decision_says_so_and_gives_its_schema(
    crowded: Decision,
) -> None:
    """Not ``"choices": []`` (which reads as nothing legal) but the action's shape."""
    game = load("tokyo_express")
    out = crowded.to_json(game)
    assert out["enumerated"] is False and out["choices"] is None and out["choice_count"] is None
    assert out["tags"] == ["form_formations"]
    assert [s["properties"]["tag"]["const"] for s in out["schema"]["oneOf"]] == ["form_formations"]
    check = validator(out["schema"])
    dice = Dice(11)
    for _ in range(300):
        action = crowded.random_choice(dice)
        assert crowded.check(action) is None
        check.validate(game.codec.to_json(action))


def test_issue15_te_3_2_the_sampled_decision_is_in_the_observation(
    te_data: TEData, crowded: Decision
) -> None:
    names = ["Blue", "Lardner", "South Dakota", "Walke", "Portland", "Cushing", "Chicago"]
    names += ["Laffey", "Gwin"]
    us = [(n, f"20{10 + i}", "N") for i, n in enumerate(names)]
    state = position(te_data, us=us, step="us_formation", phase=0)
    game = load("tokyo_express")
    pending = game.observation(state, "US", te_data)["decision"]
    assert pending["enumerated"] is False and pending["schema"]["oneOf"]


@pytest.mark.parametrize("game", GAMES)
def test_issue15_the_schema_refuses_what_the_codec_refuses(game: str) -> None:
    """Each malformed variant of a real action fails both the schema and from_json."""
    codec = load(game).codec
    check = validator(codec.schemas())
    seen: dict[str, dict[str, Any]] = {}
    for scenario in GAMES[game]:
        for match in decisions(game, scenario, 5):
            d = match.decision
            assert d is not None
            for a in d.choices or (d.random_choice(Dice(1)),):
                seen.setdefault(a.tag, codec.to_json(a))
    assert len(seen) >= 4
    for good in seen.values():
        check.validate(good)
        codec.from_json(good)
        bad: list[dict[str, Any]] = [
            {**good, "extra": 1},
            {**good, "tag": "no_such_action"},
            {k: v for k, v in good.items() if k != "tag"},
        ]
        for k, v in good.items():
            if k == "tag":
                continue
            bad.append({**good, k: None})
            bad.append({**good, k: str(v) if not isinstance(v, str) else 4})
        for b in bad:
            assert not check.is_valid(b), b
            with pytest.raises(Exception):  # noqa: B017 (InvalidActionError, tested elsewhere)
                codec.from_json(b)


@attrs.frozen
class Probe(Action):
    tag = "probe"
    n: int
    pair: tuple[str, int]
    names: tuple[str, ...] = ()
    flag: bool = False
    side: Literal["port", "starboard"] = "port"
    maybe: int | None = None


def test_issue15_schema_of_field_types() -> None:
    """ints, strs, bools, variadic and fixed tuples, optional and Literal fields."""
    codec = ActionCodec([Probe])
    schema = codec.schema("probe")
    assert schema["required"] == ["tag", "n", "pair"]
    check = validator(codec.schemas())
    good = codec.to_json(Probe(3, ("a", 1), ("x",), True, "starboard", 2))
    check.validate(good)
    assert codec.from_json(good) == Probe(3, ("a", 1), ("x",), True, "starboard", 2)
    for bad in (
        {**good, "n": True},
        {**good, "pair": ["a", 1, 2]},
        {**good, "pair": ["a"]},
        {**good, "side": "aft"},
        {**good, "maybe": "2"},
    ):
        assert not check.is_valid(bad), bad
    schema["properties"].clear()  # a copy: the codec's stays whole
    assert codec.schema("probe")["properties"]


def test_issue15_a_decision_refuses_an_action_of_another_tag() -> None:
    """A decision without a list checks the tags it accepts before its validator."""

    @attrs.frozen
    class Other(Action):
        tag = "other"

    d = Decision("US", "k", "TE 3.2", "p", None, lambda a: None, tags=("form_formations",))
    assert "form_formations" in str(d.check(Other()))


def _hidden_enemies(match: Match, side: str) -> set[str]:
    """Keys, counters and (unique) names of the enemy ships ``side`` may not identify."""
    state = match.state
    if not hasattr(state, "ships") or getattr(state, "phase", "") == "basic":
        return set()
    rules = match.data.rules
    names = [rules.of(s).name for s in state.ships]
    out = set()
    shown = json.dumps(match.observe(side))
    for s in state.ships:
        if s.side == side or getattr(s, "seen", True):
            continue
        for secret in (s.key, s.counter, rules.of(s).name):
            if secret not in shown and (secret != rules.of(s).name or names.count(secret) == 1):
                out.add(secret)
    return out


def test_issue15_gwas_7_23_the_decision_json_names_no_hidden_enemy() -> None:
    """The decision (context included) goes to the deciding side only, and holds
    nothing of the enemy's face-down ships (7.23)."""
    looked = 0
    for scenario in GAMES["gwas_1904"]:
        for match in decisions("gwas_1904", scenario, 6):
            d = match.decision
            assert d is not None
            secrets = _hidden_enemies(match, d.side)
            if not secrets:
                continue
            text = json.dumps(d.to_json(match.game))
            leaked = [s for s in secrets if f'"{s}"' in text or f"{s} " in text]
            assert not leaked, (scenario, d.kind, leaked)
            looked += 1
    assert looked > 20
