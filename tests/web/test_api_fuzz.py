"""Bad input to every endpoint of the web server (docs/protocol.md), in process
through Starlette's TestClient: random JSON bodies, headers, paths, methods, tokens,
oversized bodies and WebSocket junk. Never a 5xx; always a 4xx with the documented
``{"error": {"type", "message"}}``; and a refused request leaves the match unchanged
(the same observation, decision, events and summary for every seat before and after).
"""

from __future__ import annotations

import json
import warnings
from collections.abc import Iterator
from typing import Any

import pytest

pytest.importorskip("starlette")
pytest.importorskip("httpx")

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from starlette.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from navalwar.web import create_app

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")

MAX_BODY = 64 * 1024  # a small cap, so that an oversized body is cheap to send
FUZZ = settings(
    max_examples=40,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
    derandomize=False,
)
SEAT_ENDPOINTS = [
    ("GET", "observation"),
    ("GET", "decision"),
    ("GET", "events"),
    ("POST", "actions"),
    ("POST", "sample"),
    ("POST", "undo"),
    ("GET", "outcome"),
    ("GET", "map.svg"),
    ("POST", "odds"),
    ("GET", "save"),
]
METHODS = ["GET", "POST", "PUT", "DELETE", "PATCH", "HEAD", "OPTIONS"]


class World:
    """The app, and two live matches: a Tokyo Express basic game (one human seat) and a
    two-player GWaS battle, both part-played."""

    def __init__(self) -> None:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            self.client = TestClient(create_app(max_body=MAX_BODY), raise_server_exceptions=False)
        # one event loop for every request and socket, as under uvicorn (the rooms'
        # asyncio locks and conditions belong to one loop)
        self.client.__enter__()
        self.matches: list[dict[str, Any]] = []
        for body, moves in (
            ({"game": "tokyo_express", "scenario": "basic", "seed": 3}, 4),
            ({"game": "gwas_1904", "scenario": "port-arthur", "seed": 2}, 6),
        ):
            made = self.ok("POST", "/api/matches", body)
            self.matches.append(made)
            for _ in range(moves):
                self.play_one(made)
        replay_save = self.ok(
            "POST", "/api/matches", {"game": "tokyo_express", "scenario": "basic", "seed": 5}
        )
        for _ in range(3):
            self.play_one(replay_save)
        side, token = next(iter(replay_save["seats"].items()))
        save = self.ok("GET", f"/api/matches/{replay_save['match']}/seats/{side}/save", token=token)
        self.replay = self.ok("POST", "/api/replays", {"save": save})["replay"]
        self.save = save

    def request(
        self,
        method: str,
        path: str,
        body: Any = None,
        token: str | None = None,
        raw: bytes | None = None,
        headers: dict[str, str] | None = None,
    ) -> Any:
        hdrs: dict[str, bytes] = {k: v.encode() for k, v in (headers or {}).items()}
        if token is not None:  # any text, sent as its UTF-8 bytes
            hdrs["Authorization"] = f"Bearer {token}".encode()
        content = raw if raw is not None else (None if body is None else json.dumps(body))
        return self.client.request(method, path, content=content, headers=hdrs)

    def ok(self, method: str, path: str, body: Any = None, token: str | None = None) -> Any:
        resp = self.request(method, path, body, token)
        assert resp.status_code < 300, (method, path, resp.status_code, resp.text)
        return resp.json()

    def decider(self, made: dict[str, Any]) -> tuple[str, str] | None:
        for side, token in made["seats"].items():
            got = self.ok("GET", self.seat_path(made, side, "decision"), token=token)
            if got["deciding"] == "you":
                return side, token
        return None

    def play_one(self, made: dict[str, Any]) -> None:
        """One legal action by whichever seat decides (the sampled one)."""
        who = self.decider(made)
        if who is None:
            return
        side, token = who
        action = self.ok("POST", self.seat_path(made, side, "sample"), token=token)["action"]
        self.ok("POST", self.seat_path(made, side, "actions"), action, token)

    @staticmethod
    def seat_path(made: dict[str, Any], side: str, what: str) -> str:
        return f"/api/matches/{made['match']}/seats/{side}/{what}"

    def snapshot(self) -> list[Any]:
        """Everything every seat of every match may read (the 'match unchanged' test)."""
        out: list[Any] = []
        for made in self.matches:
            for side, token in made["seats"].items():
                for what in ("observation", "decision", "events?since=0"):
                    out.append(self.ok("GET", self.seat_path(made, side, what), token=token))
                out.append(self.ok("GET", f"/api/matches/{made['match']}", token=token))
        return out


@pytest.fixture(scope="module")
def world() -> Iterator[World]:
    w = World()
    yield w
    w.client.__exit__(None, None, None)


def check_refusal(resp: Any) -> None:
    """A response to bad input: never 5xx; a 4xx carries the documented error JSON."""
    assert resp.status_code < 500, (resp.status_code, resp.text[:500])
    if resp.status_code >= 400 and resp.request.method != "HEAD":
        got = resp.json()
        assert set(got) == {"error"}, got
        assert set(got["error"]) == {"type", "message"}, got
        assert isinstance(got["error"]["type"], str) and got["error"]["type"]
        assert isinstance(got["error"]["message"], str)


def assert_unchanged(world: World, before: list[Any], resp: Any) -> list[Any]:
    """The match is unchanged after a refused request; the new baseline otherwise."""
    after = world.snapshot()
    if resp.status_code >= 400:
        assert after == before, f"a refused request ({resp.status_code}) changed a match"
    return after


json_values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(min_value=-(2**70), max_value=2**70)
    | st.floats(allow_nan=False)
    | st.text(max_size=30),
    lambda kids: (
        st.lists(kids, max_size=5) | st.dictionaries(st.text(max_size=12), kids, max_size=5)
    ),
    max_leaves=25,
)
tokens = st.one_of(
    st.none(),
    st.text(max_size=40),
    st.sampled_from(["", "Bearer", "null", "0" * 24, "x" * 500]),
)
junk_text = st.text(alphabet=st.characters(codec="utf-8"), max_size=60)


def action_like(world: World) -> st.SearchStrategy[Any]:
    """Actions of the games, some legal now and some bent: a decision's choices with a
    field changed or dropped, another game's tags, random JSON."""
    choices: list[dict[str, Any]] = []
    for made in world.matches:
        for side, token in made["seats"].items():
            got = world.ok("GET", world.seat_path(made, side, "decision"), token=token)
            if got["decision"] and got["decision"]["choices"]:
                choices.extend(got["decision"]["choices"][:6])

    @st.composite
    def bent(draw: st.DrawFn) -> Any:
        if not choices:
            return draw(json_values)
        base = dict(draw(st.sampled_from(choices)))
        how = draw(st.sampled_from(["drop", "change", "add", "tag"]))
        key = draw(st.sampled_from(sorted(base)))
        if how == "drop":
            base.pop(key)
        elif how == "change":
            base[key] = draw(json_values)
        elif how == "add":
            base[draw(st.text(min_size=1, max_size=10))] = draw(json_values)
        else:
            base["tag"] = draw(st.text(max_size=20) | st.sampled_from(["place", "move", "pass"]))
        return base

    return st.one_of(bent(), json_values, st.sampled_from(choices or [{}]))


@st.composite
def seat_request(draw: st.DrawFn, world: World) -> tuple[str, str, Any, str | None, bytes | None]:
    made = draw(st.sampled_from(world.matches))
    sides = sorted(made["seats"])
    side = draw(st.sampled_from([*sides, "Nobody", "", "US%2F..", "Japan"]))
    mine = made["seats"].get(side)
    others = [t for s, t in made["seats"].items() if s != side]
    foreign = [t for m in world.matches if m is not made for t in m["seats"].values()]
    token = draw(
        st.one_of(st.sampled_from([x for x in [mine, *others, *foreign] if x] or [None]), tokens)
    )
    method, what = draw(st.sampled_from(SEAT_ENDPOINTS))
    method = draw(st.sampled_from([method, method, *METHODS]))
    mid = draw(st.sampled_from([made["match"], made["match"], "nope", made["match"][:-1]]))
    path = f"/api/matches/{mid}/seats/{side}/{what}"
    if what == "events":
        path += "?since=" + draw(st.sampled_from(["", "-1", "1e3", "99999999999999", "x", "0"]))
    raw = None
    body = draw(action_like(world)) if method == "POST" else None
    if draw(st.booleans()) and method == "POST":
        raw = draw(
            st.sampled_from([b"", b"{", b"\xff\xfe", b"[" * 5000, b"null", b'{"tag": 1e999}'])
        )
    return method, path, body, token, raw


@FUZZ
@given(data=st.data())
def test_seat_endpoints_refuse_bad_input(world: World, data: st.DataObject) -> None:
    """Bad bodies, tokens, sides and methods on the seat endpoints: a 4xx (or a legal
    action applied), never a 5xx, and nothing changed by a refusal."""
    before = world.snapshot()
    method, path, body, token, raw = data.draw(seat_request(world))
    resp = world.request(method, path, body, token, raw)
    check_refusal(resp)
    assert_unchanged(world, before, resp)


@FUZZ
@given(
    method=st.sampled_from(METHODS),
    path=st.one_of(
        st.sampled_from(
            [
                "/api/games",
                "/api/matches",
                "/api/saves",
                "/api/replays",
                "/api/replays/nope/0",
                "/api/replays/{rid}/0",
                "/api/replays/{rid}/-1",
                "/api/replays/{rid}/999999",
                "/api/replays/{rid}/1?side=Nobody",
                "/api/replays/{rid}/1/map.svg?side=",
                "/api/matches/{mid}",
                "/api/matches/{mid}/seats",
                "/api/schemas/nope",
                "/static/../../etc/passwd",
                "/static/nope.js",
                "/nope",
            ]
        ),
        st.text(alphabet="/abc%.?=&0", max_size=30).map(lambda s: "/" + s),
    ),
    body=st.one_of(st.none(), json_values),
    token=tokens,
    headers=st.dictionaries(
        st.sampled_from(["Content-Type", "Content-Length", "Accept", "X-Junk", "Origin"]),
        st.text(max_size=20),
        max_size=3,
    ),
)
def test_any_path_and_method(
    world: World,
    method: str,
    path: str,
    body: Any,
    token: str | None,
    headers: dict[str, str],
) -> None:
    """Random paths, methods, headers and bodies: never a 5xx, a JSON error on a 4xx."""
    path = path.replace("{rid}", world.replay).replace("{mid}", world.matches[1]["match"])
    if method in ("DELETE",) and path.startswith("/api/matches/"):
        token = None  # keep the matches: a DELETE with their token would (rightly) work
    if method == "POST" and path in ("/api/matches", "/api/saves", "/api/replays"):
        body = {"junk": body}  # never a valid request: the live-match cap stays free
    headers.pop("Content-Length", None)  # httpx sets it; a wrong one is a transport error
    before = world.snapshot()
    resp = world.request(method, path, body, token, headers=headers)
    check_refusal(resp)
    assert_unchanged(world, before, resp)


@FUZZ
@given(
    body=st.fixed_dictionaries(
        {},
        optional={
            "game": st.one_of(
                st.sampled_from(["tokyo_express", "gwas_1904", "Tokyo"]), json_values
            ),
            "scenario": st.one_of(st.sampled_from(["basic", "port-arthur", "../x"]), json_values),
            "scenario_toml": st.one_of(st.text(max_size=80), st.just("[scenario]\nname = 1\n")),
            "seed": st.one_of(st.integers(min_value=-(2**70), max_value=2**70), json_values),
            "options": st.one_of(
                st.dictionaries(st.text(max_size=10), json_values, max_size=3), json_values
            ),
            "agents": st.one_of(
                st.dictionaries(
                    st.sampled_from(["US", "Japan", "Russia", "x"]),
                    st.sampled_from(["random", "nope", "heuristic"]) | json_values,
                    max_size=2,
                ),
                json_values,
            ),
            "hot_seat": json_values,
        },
    )
)
def test_create_match_refuses_bad_fields(world: World, body: dict[str, Any]) -> None:
    """POST /api/matches with random fields: 201 or a 4xx JSON error, never a 5xx."""
    resp = world.request("POST", "/api/matches", body)
    check_refusal(resp)
    if resp.status_code == 201:
        made = resp.json()
        assert set(made) >= {"match", "seats", "links"}
        token = next(iter(made["seats"].values()))
        assert (
            world.request("DELETE", f"/api/matches/{made['match']}", token=token).status_code == 204
        )


@FUZZ
@given(save=json_values, mutate=st.booleans(), key=st.text(max_size=12))
def test_saves_and_replays_refuse_bad_documents(
    world: World, save: Any, mutate: bool, key: str
) -> None:
    """POST /api/saves and /api/replays with broken save documents: a 4xx, never a 5xx."""
    doc: Any = save
    if mutate:
        doc = json.loads(json.dumps(world.save))
        target = key if key in doc or not doc else sorted(doc)[len(key) % len(doc)]
        doc[target] = save
        if doc == world.save:
            doc["actions"] = [{"tag": "nope"}]
    for path in ("/api/saves", "/api/replays"):
        resp = world.request("POST", path, {"save": doc})
        check_refusal(resp)
        if resp.status_code == 201:
            made = resp.json()
            if made.get("seats"):
                token = next(iter(made["seats"].values()))
                world.request("DELETE", f"/api/matches/{made['match']}", token=token)


def test_oversized_bodies_are_413(world: World) -> None:
    """A body over the cap is refused with 413, declared or streamed, on every POST."""
    big = b'{"tag": "' + b"x" * (MAX_BODY + 10) + b'"}'
    made = world.matches[0]
    side, token = next(iter(made["seats"].items()))
    before = world.snapshot()
    posts = [f"/api/matches/{made['match']}/seats/{side}/{w}" for w in ("actions", "odds")]
    for path in ["/api/matches", "/api/saves", "/api/replays", *posts]:
        resp = world.request("POST", path, raw=big, token=token)
        assert resp.status_code == 413, (path, resp.status_code, resp.text[:200])
        check_refusal(resp)

        def chunks() -> Iterator[bytes]:  # no Content-Length: the streamed count
            for _ in range(MAX_BODY // 4096 + 2):
                yield b" " * 4096

        resp = world.client.request(
            "POST", path, content=chunks(), headers={"Authorization": f"Bearer {token}"}
        )
        assert resp.status_code == 413, (path, resp.status_code, resp.text[:200])
        check_refusal(resp)
    assert world.snapshot() == before


def test_default_cap_is_two_mebibytes() -> None:
    """The default app refuses a body over 2 MiB with 413 (the contract's cap)."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        client = TestClient(create_app(), raise_server_exceptions=False)
    with client:
        resp = client.post("/api/matches", content=b" " * (2 * 2**20 + 8192))
        assert resp.status_code == 413
        check_refusal(resp)


ws_frames = st.one_of(
    junk_text,
    json_values.map(json.dumps),
    st.fixed_dictionaries({"type": st.sampled_from(["action", "undo", "sample", "x", ""])}).map(
        json.dumps
    ),
    st.builds(
        lambda a: json.dumps({"type": "action", "action": a}),
        json_values,
    ),
    st.binary(max_size=40),
)


@settings(FUZZ, max_examples=15)
@given(frames=st.lists(ws_frames, min_size=1, max_size=6))
def test_websocket_junk_frames(world: World, frames: list[str | bytes]) -> None:
    """Junk frames on a seat's WebSocket: each gets an error reply (or, for a legal
    message, its answer), the socket stays open, and a refusal changes nothing."""
    made = world.matches[1]
    for side, token in made["seats"].items():
        path = f"/api/matches/{made['match']}/seats/{side}/ws?token={token}"
        with world.client.websocket_connect(path) as ws:
            first = ws.receive_json()
            assert first["type"] == "update" and first["reset"] is True
            for frame in frames:
                before = world.snapshot()
                if isinstance(frame, bytes):
                    ws.send_bytes(frame)
                else:
                    ws.send_text(frame)
                reply = ws.receive_json()
                if reply["type"] == "error":
                    assert 400 <= reply["status"] < 500, reply
                    assert set(reply["error"]) == {"type", "message"}, reply
                    assert world.snapshot() == before
                else:
                    assert reply["type"] in ("update", "sample"), reply
                    # a legal message (rare): drain its updates, new baseline next round
                    if reply["type"] == "update":
                        pass
            # still alive: a sample request is answered (an error if not our turn)
            ws.send_text(json.dumps({"type": "sample"}))
            assert ws.receive_json()["type"] in ("sample", "error", "update")


@pytest.mark.parametrize("token", [None, "", "wrong", "other"])
def test_websocket_bad_token_is_closed(world: World, token: str | None) -> None:
    """A WebSocket without its seat's token is closed with 4401/4403 (no update sent)."""
    made = world.matches[1]
    sides = sorted(made["seats"])
    side = sides[0]
    if token == "other":
        token = made["seats"][sides[1]]
    path = f"/api/matches/{made['match']}/seats/{side}/ws"
    if token is not None:
        path += f"?token={token}"
    with pytest.raises(WebSocketDisconnect) as info, world.client.websocket_connect(path) as ws:
        ws.receive_json()
    assert info.value.code in (4401, 4403), info.value.code
