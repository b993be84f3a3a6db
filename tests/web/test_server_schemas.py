"""Every message the server sends fits its published JSON Schema (navalwar.protocol,
docs/protocol.md): the lobby, every seat endpoint, errors, saves, replays and the
WebSocket, over whole games of Tokyo Express and GWaS."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

pytest.importorskip("starlette")

from starlette.testclient import TestClient

from navalwar import protocol
from navalwar.web import create_app


@pytest.fixture(scope="module")
def client() -> Iterator[TestClient]:
    with TestClient(create_app()) as test_client:
        yield test_client


def fits(name: str, message: Any) -> Any:
    protocol.validator(name).validate(message)
    return message


def test_the_lobby_and_the_schema_endpoints(client: TestClient) -> None:
    fits("games", client.get("/api/games").json())
    index = fits("schema_index", client.get("/api/schemas").json())
    assert set(index["schemas"]) == set(protocol.schema_names())
    for name, url in index["schemas"].items():
        assert client.get(url).json() == protocol.schema(name)
    r = client.get("/api/schemas/no_such_schema")
    assert r.status_code == 404
    fits("error", r.json())


@pytest.mark.parametrize(
    ("game", "scenario", "agents"),
    [("tokyo_express", "basic", {}), ("gwas_1904", "chemulpo", {"Russia": "random"})],
)
def test_every_message_of_a_whole_game_fits_its_schema(
    client: TestClient, game: str, scenario: str, agents: dict[str, str]
) -> None:
    body = {"game": game, "scenario": scenario, "seed": 2, "agents": agents}
    fits("create_match_request", body)
    made = fits("match_created", client.post("/api/matches", json=body).json())
    (side,) = made["seats"]
    head = {"Authorization": f"Bearer {made['seats'][side]}"}
    base = f"/api/matches/{made['match']}/seats/{side}"
    fits("match_summary", client.get(f"/api/matches/{made['match']}", headers=head).json())
    fits("error", client.get(f"{base}/observation").json())
    undone = odds = 0
    with client.websocket_connect(f"{base}/ws?token={made['seats'][side]}") as ws:
        fits("ws_server_message", fits("ws_update", ws.receive_json()))
        for _ in range(3000):
            fits(f"observation:{game}", client.get(f"{base}/observation", headers=head).json())
            decision = fits(
                "decision_response", client.get(f"{base}/decision", headers=head).json()
            )
            if decision["deciding"] is None:
                break
            fits(f"decision:{game}", decision["decision"])
            pick = fits("sample_response", client.post(f"{base}/sample", headers=head).json())
            action = fits(f"action:{game}", pick["action"])
            r = client.post(f"{base}/odds", headers=head, json=action)
            if r.status_code == 200 and r.json()["attacks"]:
                fits("odds_response", r.json())
                odds += 1
            ws.send_json(fits("ws_client_message", {"type": "action", "action": action}))
            fits("ws_update", ws.receive_json())
            r = client.post(f"{base}/undo", headers=head)
            if r.status_code == 200:
                fits("undo_response", r.json())
                undone += 1
                fits("ws_update", ws.receive_json())
                applied = client.post(f"{base}/actions", headers=head, json=action)
                fits("action_response", applied.json())
                fits("ws_update", ws.receive_json())
            else:
                fits("error", r.json())
        ws.send_json(fits("ws_client_message", {"type": "sample"}))
        fits("ws_error", ws.receive_json())
    assert undone and odds
    events = fits("events_response", client.get(f"{base}/events", headers=head).json())
    for event in events["events"]:
        fits(f"event:{game}", event)
    outcome = fits("outcome_response", client.get(f"{base}/outcome", headers=head).json())
    fits(f"outcome:{game}", outcome["outcome"])
    save = fits(f"save:{game}", client.get(f"{base}/save", headers=head).json())
    fits("load_save_request", {"save": save})
    fits("match_created", client.post("/api/saves", json={"save": save}).json())
    fits("create_replay_request", {"save": save})
    replay = fits("replay_created", client.post("/api/replays", json={"save": save}).json())
    for k in (0, len(replay["steps"]) // 2, len(replay["steps"])):
        step = fits("replay_step", client.get(f"/api/replays/{replay['replay']}/{k}").json())
        fits(f"observation:{game}", step["observation"])
