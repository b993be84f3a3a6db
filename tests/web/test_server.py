"""The server's endpoints through the ASGI test client (docs/protocol.md): every
endpoint, the seat-token rules, the limits, and that a refused request changes nothing."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("starlette")

from starlette.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from navalwar.engine import Match
from navalwar.web import create_app

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def client() -> Iterator[TestClient]:
    with TestClient(create_app()) as test_client:  # one event loop for every request
        yield test_client


def bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def new_match(client: TestClient, **body: Any) -> dict[str, Any]:
    r = client.post("/api/matches", json=body)
    assert r.status_code == 201, r.text
    return dict(r.json())


def seat_url(made: dict[str, Any], side: str, what: str) -> str:
    return f"/api/matches/{made['match']}/seats/{side}/{what}"


def state_of(client: TestClient, made: dict[str, Any]) -> list[Any]:
    """Everything each seat sees: to compare before and after a refused request."""
    out = []
    for side, token in made["seats"].items():
        for what in ("observation", "decision", "events"):
            out.append(client.get(seat_url(made, side, what), headers=bearer(token)).json())
    return out


def play_to_end(client: TestClient, made: dict[str, Any], limit: int = 5000) -> int:
    """Answer every human decision with the server's sample, over HTTP; the count."""
    for n in range(limit):
        for side, token in made["seats"].items():
            d = client.get(seat_url(made, side, "decision"), headers=bearer(token)).json()
            if d["deciding"] is None:
                return n
            if d["deciding"] == "you":
                break
        else:
            raise AssertionError("no seat is deciding, yet the game is not over")
        pick = client.post(seat_url(made, side, "sample"), headers=bearer(token)).json()["action"]
        r = client.post(seat_url(made, side, "actions"), headers=bearer(token), json=pick)
        assert r.status_code == 200, r.text
    raise AssertionError("the game did not end")


def test_games_lists_every_registered_game_with_scenarios_and_options(client: TestClient) -> None:
    import navalwar

    listed = client.get("/api/games").json()["games"]
    assert [g["id"] for g in listed] == navalwar.games()
    te = next(g for g in listed if g["id"] == "tokyo_express")
    assert te["players"] == ["US"] and te["sides"] == ["US", "Japan"]
    assert [s["id"] for s in te["scenarios"]] == ["basic"] and te["scenarios"][0]["show"]
    assert {o["name"] for o in te["options"]} >= {"stern_rule"}
    assert "heuristic" in te["agents"] and te["odds"] is True


def test_a_two_player_match_is_played_to_the_end_over_http(client: TestClient) -> None:
    made = new_match(client, game="gwas_1904", scenario="chemulpo", seed=3)
    assert set(made["seats"]) == {"Japan", "Russia"} and made["agents"] == {}
    n = play_to_end(client, made)
    assert n > 0
    mid = made["match"]
    summary = client.get(f"/api/matches/{mid}", headers=bearer(made["seats"]["Japan"])).json()
    assert summary["over"] is True and summary["actions"] == n
    for side, token in made["seats"].items():
        out = client.get(seat_url(made, side, "outcome"), headers=bearer(token)).json()
        assert out["over"] and out["outcome"]["level"] and out["report"]
    # the same seed and actions give the same game in Python
    save = client.get(seat_url(made, "Japan", "save"), headers=bearer(made["seats"]["Japan"]))
    doc = save.json()
    match = Match.start("gwas_1904", "chemulpo", seed=3)
    for action in doc["actions"]:
        match.apply(action)
    assert match.is_over
    for side, token in made["seats"].items():
        seen = client.get(seat_url(made, side, "events"), headers=bearer(token)).json()
        assert seen["events"] == [e.to_json() for e in match.events_for(side)]
        assert seen["next"] == len(match.events_for(side))
        later = client.get(seat_url(made, side, "events") + "?since=5", headers=bearer(token))
        assert later.json()["events"] == seen["events"][5:]


def test_agents_play_their_sides_and_the_rules_theirs(client: TestClient) -> None:
    made = new_match(
        client, game="gwas_1904", scenario="chemulpo", seed=1, agents={"Russia": "random"}
    )
    assert list(made["seats"]) == ["Japan"] and made["agents"] == {"Russia": "random"}
    summary = client.get(f"/api/matches/{made['match']}", headers=bearer(made["seats"]["Japan"]))
    assert summary.json()["sides"] == {"Japan": "human", "Russia": "agent:random"}
    play_to_end(client, made)  # every decision left to the server was Japan's
    te = new_match(client, game="tokyo_express", scenario="basic", seed=2)
    summary = client.get(f"/api/matches/{te['match']}", headers=bearer(te["seats"]["US"]))
    assert summary.json()["sides"] == {"US": "human", "Japan": "rules"}


@pytest.mark.parametrize(
    ("body", "says"),
    [
        ({"game": "no_such_game", "scenario": "x"}, "unknown game"),
        ({"game": "gwas_1904", "scenario": "nowhere"}, "unknown scenario"),
        (
            {"game": "gwas_1904", "scenario": str(ROOT / "data/gwas_1904/scenarios/amur.toml")},
            "unknown scenario",
        ),
        ({"game": "gwas_1904", "scenario": "/etc/passwd"}, "unknown scenario"),
        ({"game": "gwas_1904", "scenario": "amur", "seed": -1}, "seed"),
        ({"game": "gwas_1904", "scenario": "amur", "seed": "7"}, "seed"),
        ({"game": "gwas_1904", "scenario": "amur", "options": {"nope": 1}}, "unknown option"),
        (
            {"game": "tokyo_express", "scenario": "basic", "agents": {"Japan": "random"}},
            "rules play",
        ),
        ({"game": "gwas_1904", "scenario": "amur", "agents": {"Japan": "nobody"}}, "unknown agent"),
        (
            {
                "game": "gwas_1904",
                "scenario": "amur",
                "agents": {"Japan": "random", "Russia": "random"},
            },
            "every side is an agent",
        ),
        ({"game": "gwas_1904", "scenario_toml": "this is = = not toml"}, "not valid TOML"),
        ([1, 2], "JSON object"),
    ],
)
def test_a_bad_match_request_is_a_400_naming_the_problem(
    client: TestClient, body: Any, says: str
) -> None:
    r = client.post("/api/matches", json=body)
    assert r.status_code == 400, r.text
    assert says in r.json()["error"]["message"]


def test_a_scenario_file_is_uploaded_as_text_never_named(client: TestClient) -> None:
    text = (ROOT / "data/gwas_1904/scenarios/chemulpo.toml").read_text()
    made = new_match(
        client, game="gwas_1904", scenario_toml=text, scenario_name="mine.toml", seed=3
    )
    assert made["scenario"] == "mine.toml"
    obs = client.get(seat_url(made, "Japan", "observation"), headers=bearer(made["seats"]["Japan"]))
    bundled = Match.start("gwas_1904", "chemulpo", seed=3).observe("Japan")
    assert obs.json() == bundled


def test_seat_tokens_give_exactly_their_side(client: TestClient) -> None:
    made = new_match(client, game="gwas_1904", scenario="chemulpo", seed=5)
    japan, russia = made["seats"]["Japan"], made["seats"]["Russia"]
    other = new_match(client, game="gwas_1904", scenario="chemulpo", seed=5)
    before = state_of(client, made)
    for what, method in [
        ("observation", "GET"), ("decision", "GET"), ("events", "GET"), ("outcome", "GET"),
        ("map.svg", "GET"), ("save", "GET"), ("actions", "POST"), ("sample", "POST"),
        ("undo", "POST"), ("odds", "POST"),
    ]:  # fmt: skip
        url = seat_url(made, "Japan", what)
        assert client.request(method, url, json={}).status_code == 401, what
        assert client.request(method, url, json={}, headers=bearer("x" * 24)).status_code == 401
        assert client.request(method, url, json={}, headers=bearer(russia)).status_code == 403
        theirs = bearer(other["seats"]["Japan"])
        assert client.request(method, url, json={}, headers=theirs).status_code == 401, what
    assert client.get(f"/api/matches/{made['match']}").status_code == 401
    assert (
        client.get(seat_url(made, "Japan", "observation"), headers=bearer(japan)).status_code == 200
    )
    assert state_of(client, made) == before


def test_an_illegal_or_malformed_action_is_refused_and_changes_nothing(client: TestClient) -> None:
    made = new_match(client, game="gwas_1904", scenario="chemulpo", seed=5)
    side = next(
        s for s, t in made["seats"].items()
        if client.get(seat_url(made, s, "decision"), headers=bearer(t)).json()["deciding"] == "you"
    )  # fmt: skip
    idle = next(s for s in made["seats"] if s != side)
    token = bearer(made["seats"][side])
    pick = client.post(seat_url(made, side, "sample"), headers=token).json()["action"]
    before = state_of(client, made)
    url = seat_url(made, side, "actions")
    assert client.post(url, headers=token, content=b"{not json").status_code == 400
    assert client.post(url, headers=token, json={"tag": "no_such_tag"}).status_code == 400
    assert client.post(url, headers=token, json=[1]).status_code == 400
    r = client.post(seat_url(made, idle, "actions"), headers=bearer(made["seats"][idle]), json=pick)
    assert r.status_code == 409 and "not" in r.json()["error"]["message"]
    decision = client.get(seat_url(made, side, "decision"), headers=token).json()["decision"]
    if decision["enumerated"]:
        wrong = {**pick}
        for key, value in pick.items():  # an action of the right tag that is not a choice
            if isinstance(value, int) and not isinstance(value, bool):
                wrong[key] = value + 999
        if wrong not in decision["choices"]:
            r = client.post(url, headers=token, json=wrong)
            assert r.status_code in (400, 409), r.text
    assert state_of(client, made) == before
    assert client.post(url, headers=token, json=pick).status_code == 200
    assert state_of(client, made) != before


def first_free_action(match: Match) -> int:
    """How many sampled actions of ``match`` come before one that can be undone."""
    from navalwar.dice import Dice

    for n in range(400):
        decision = match.decision
        assert decision is not None
        match.apply(decision.random_choice(Dice(match.seed * 1_000_003 + len(match.actions))))
        if match.can_undo():
            return n
    raise AssertionError("no action could be undone")


def test_undo_takes_back_the_seats_own_last_action_only(client: TestClient) -> None:
    made = new_match(client, game="tokyo_express", scenario="basic", seed=4)
    token = bearer(made["seats"]["US"])
    undo = seat_url(made, "US", "undo")
    assert client.post(undo, headers=token).status_code == 409  # nothing done yet
    n = first_free_action(Match.start("tokyo_express", "basic", seed=4))
    for _ in range(n + 1):  # the server samples as first_free_action does
        pick = client.post(seat_url(made, "US", "sample"), headers=token).json()["action"]
        assert (
            client.post(seat_url(made, "US", "actions"), headers=token, json=pick).status_code
            == 200
        )
    after = client.get(seat_url(made, "US", "observation"), headers=token).json()
    r = client.post(undo, headers=token)
    assert r.status_code == 200 and r.json()["undone"] >= 1, r.text
    back = client.get(seat_url(made, "US", "observation"), headers=token).json()
    assert back != after
    summary = client.get(f"/api/matches/{made['match']}", headers=token).json()
    assert summary["actions"] == n


def test_a_two_player_save_waits_for_the_end_and_loads_and_replays(client: TestClient) -> None:
    made = new_match(client, game="gwas_1904", scenario="chemulpo", seed=8)
    japan = bearer(made["seats"]["Japan"])
    r = client.get(seat_url(made, "Japan", "save"), headers=japan)
    assert r.status_code == 409 and "secret" in r.json()["error"]["message"]
    hot = new_match(client, game="gwas_1904", scenario="chemulpo", seed=8, hot_seat=True)
    assert (
        client.get(
            seat_url(hot, "Japan", "save"), headers=bearer(hot["seats"]["Japan"])
        ).status_code
        == 200
    )
    n = play_to_end(client, made)
    doc = client.get(seat_url(made, "Japan", "save"), headers=japan).json()
    assert doc["format"] == "navalwar-save" and len(doc["actions"]) == n
    loaded = client.post("/api/saves", json={"save": doc, "agents": {"Russia": "random"}})
    assert loaded.status_code == 201, loaded.text
    again = loaded.json()
    obs = client.get(
        seat_url(again, "Japan", "observation"), headers=bearer(again["seats"]["Japan"])
    )
    assert obs.json()["over"] is True
    # a save edited to another result is refused
    bad = {**doc, "digest": "0" * 64}
    r = client.post("/api/saves", json={"save": bad})
    assert r.status_code == 400 and "different event log" in r.json()["error"]["message"]
    assert client.post("/api/saves", json={"save": {"format": "x"}}).status_code == 400
    # the replay: every step, every side, the map redrawn
    rep = client.post("/api/replays", json={"save": doc})
    assert rep.status_code == 201, rep.text
    info = rep.json()
    assert len(info["steps"]) == n and info["sides"] == ["Japan", "Russia"]
    rid = info["replay"]
    first = client.get(f"/api/replays/{rid}/0?side=Russia").json()
    last = client.get(f"/api/replays/{rid}/{n}?side=Russia").json()
    assert first["observation"]["side"] == "Russia" and not first["over"] and last["over"]
    assert last["outcome"]["level"] and len(last["events"]) > len(first["events"])
    match = Match.start("gwas_1904", "chemulpo", seed=8)
    for action in doc["actions"][:3]:
        match.apply(action)
    step3 = client.get(f"/api/replays/{rid}/3?side=Japan").json()
    assert step3["observation"] == match.observe("Japan")
    svg = client.get(f"/api/replays/{rid}/3/map.svg?side=Japan")
    assert svg.status_code == 200 and svg.text.lstrip().startswith("<")
    assert client.get(f"/api/replays/{rid}/{n + 1}").status_code == 400
    assert client.get(f"/api/replays/{rid}/3?side=Nobody").status_code == 400
    assert client.get("/api/replays/nope/0").status_code == 404


def test_the_map_and_the_odds(client: TestClient) -> None:
    made = new_match(client, game="tokyo_express", scenario="basic", seed=7)
    token = bearer(made["seats"]["US"])
    svg = client.get(seat_url(made, "US", "map.svg"), headers=token)
    assert svg.status_code == 200 and svg.headers["content-type"].startswith("image/svg+xml")
    assert "<svg" in svg.text
    match = Match.start("tokyo_express", "basic", seed=7)
    from navalwar.odds import attacks

    for _ in range(2000):  # to a decision with an attack, by the server's sampling
        decision = match.decision
        assert decision is not None
        pick = client.post(seat_url(made, "US", "sample"), headers=token).json()["action"]
        found = attacks(match, pick) if decision.kind.endswith("gunnery") else ()
        if found:
            break
        assert (
            client.post(seat_url(made, "US", "actions"), headers=token, json=pick).status_code
            == 200
        )
        match.apply(pick)
    else:
        raise AssertionError("no gunnery decision reached")
    r = client.post(seat_url(made, "US", "odds"), headers=token, json=pick)
    assert r.status_code == 200, r.text
    got = r.json()["attacks"]
    assert [o["target"] for o in got] == [o.target for o in found]
    assert got[0]["sunk"] == pytest.approx(float(found[0].sunk))
    assert sum(got[0]["hits"].values()) == pytest.approx(1.0)
    assert (
        client.post(seat_url(made, "US", "odds"), headers=token, json={"tag": "nope"}).status_code
        == 400
    )


def test_the_websocket_pushes_updates_and_takes_actions(client: TestClient) -> None:
    made = new_match(client, game="gwas_1904", scenario="chemulpo", seed=5)
    urls = {s: seat_url(made, s, "ws") + f"?token={t}" for s, t in made["seats"].items()}
    with (
        client.websocket_connect(urls["Japan"]) as jp,
        client.websocket_connect(urls["Russia"]) as ru,
    ):
        first = {"Japan": jp.receive_json(), "Russia": ru.receive_json()}
        for side, hello in first.items():
            assert hello["type"] == "update" and hello["reset"] is True
            token = bearer(made["seats"][side])
            seen = client.get(seat_url(made, side, "events"), headers=token).json()
            assert hello["events"] == seen["events"] and hello["next"] == seen["next"]
        side = "Japan" if first["Japan"]["deciding"] == "you" else "Russia"
        me, them = (jp, ru) if side == "Japan" else (ru, jp)
        assert first["Russia" if side == "Japan" else "Japan"]["decision"] is None
        me.send_json({"type": "sample"})
        sampled = me.receive_json()
        assert sampled["type"] == "sample"
        me.send_text("not json")
        assert me.receive_json()["status"] == 400
        me.send_json({"type": "dance"})
        assert me.receive_json()["status"] == 400
        me.send_json({"type": "action", "action": {"tag": "nope"}})
        assert me.receive_json()["status"] == 400
        them.send_json({"type": "action", "action": sampled["action"]})
        refused = them.receive_json()
        assert refused["type"] == "error" and refused["status"] == 409
        me.send_json({"type": "action", "action": sampled["action"]})
        for ws in (me, them):
            msg = ws.receive_json()
            while msg["type"] != "update":
                msg = ws.receive_json()
            assert msg["reset"] is False
    wrong = seat_url(made, "Japan", "ws") + "?token=wrong"
    with pytest.raises(WebSocketDisconnect) as closed, client.websocket_connect(wrong) as bad:
        bad.receive_json()
    assert closed.value.code == 4401


def test_limits_on_bodies_and_live_matches() -> None:
    with TestClient(create_app(max_matches=2, max_body=1000)) as small:
        limits(small)
    with TestClient(create_app(max_matches=1, idle_seconds=0)) as idle:
        new_match(idle, game="gwas_1904", scenario="chemulpo")
        new_match(idle, game="gwas_1904", scenario="chemulpo")  # the idle one is dropped


def limits(small: TestClient) -> None:
    r = small.post("/api/matches", content=b"{" + b" " * 2000 + b"}")
    assert r.status_code == 413
    first = new_match(small, game="gwas_1904", scenario="chemulpo")
    new_match(small, game="gwas_1904", scenario="chemulpo")
    r = small.post("/api/matches", json={"game": "gwas_1904", "scenario": "chemulpo"})
    assert r.status_code == 503 and "limit" in r.json()["error"]["message"]
    mid = first["match"]
    assert (
        small.delete(f"/api/matches/{mid}", headers=bearer(first["seats"]["Japan"])).status_code
        == 204
    )
    assert (
        small.get(f"/api/matches/{mid}", headers=bearer(first["seats"]["Japan"])).status_code == 404
    )
    new_match(small, game="gwas_1904", scenario="chemulpo")


def test_unknown_routes_and_methods_are_json_errors(client: TestClient) -> None:
    r = client.get("/api/nothing")
    assert r.status_code == 404 and r.json()["error"]["message"]
    assert client.get("/api/matches").status_code == 405
    assert client.get("/api/matches/nope", headers=bearer("x")).status_code == 404
