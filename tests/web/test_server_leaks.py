"""Hidden means hidden, through the server, in every scenario of every game: what a seat
is sent (observation, decision, events, the map) is what the core gives that side
(whose own leak checks, ``navalwar.testing.check_observations``, cover it), and does
not change when the state is replaced by any of the game's hidden variants for that
side (other deck orders, which unseen unit is where ...)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

pytest.importorskip("starlette")

from starlette.testclient import TestClient

import navalwar
from navalwar.dice import Dice
from navalwar.web import create_app

DECISIONS = 18  # human decisions played per scenario, over HTTP
EVERY = 6  # the seats' views are compared with the hidden variants at every 6th
CASES = [(g, s) for g in navalwar.games() for s in navalwar.load(g).scenarios()]


@pytest.fixture(scope="module")
def client() -> Iterator[TestClient]:
    with TestClient(create_app(max_matches=len(CASES) + 5)) as test_client:
        yield test_client


def views(client: TestClient, base: str, token: str, drawn: bool) -> dict[str, Any]:
    """What the seat is sent: observation, decision, events and (``drawn``) the map."""
    head = {"Authorization": f"Bearer {token}"}
    got = {
        w: client.get(f"{base}/{w}", headers=head) for w in ("observation", "decision", "events")
    }
    out: dict[str, Any] = {w: r.json() for w, r in got.items()}
    if drawn:
        svg = client.get(f"{base}/map.svg", headers=head)
        out["map"] = svg.text if svg.status_code == 200 else None
    return out


@pytest.mark.parametrize(("game_id", "scenario"), CASES)
def test_a_seat_is_sent_nothing_its_side_may_not_know(
    client: TestClient, game_id: str, scenario: str
) -> None:
    r = client.post("/api/matches", json={"game": game_id, "scenario": scenario, "seed": 11})
    assert r.status_code == 201, r.text
    made = r.json()
    room = client.app.state.server.rooms.live[made["match"]]  # type: ignore[attr-defined]
    match = room.match
    base = {s: f"/api/matches/{made['match']}/seats/{s}" for s in made["seats"]}
    compared = 0
    for n in range(DECISIONS):
        decision = match.decision
        if decision is None:
            break
        for side, token in made["seats"].items():
            compare = n % EVERY == 0
            seen = views(client, base[side], token, compare)
            assert seen["observation"] == match.observe(side)
            assert seen["events"]["events"] == [e.to_json() for e in match.events_for(side)]
            mine = decision.side == side
            assert (seen["decision"]["decision"] is not None) == mine
            if not compare:
                continue
            real = match.state
            for variant in match.game.hidden_variants(real, side, match.data, Dice(n)):
                match.state = variant
                try:
                    other = views(client, base[side], token, True)
                finally:
                    match.state = real
                assert other == seen, f"{side}'s view shows a hidden fact at decision {n}"
                compared += 1
        side = decision.side
        head = {"Authorization": f"Bearer {made['seats'][side]}"}
        pick = client.post(f"{base[side]}/sample", headers=head).json()["action"]
        assert client.post(f"{base[side]}/actions", headers=head, json=pick).status_code == 200
    has_variants = any(
        navalwar.load(game_id).hidden_variants(match.state, s, match.data, Dice(0))
        for s in made["seats"]
    )
    assert compared > 0 or not has_variants
