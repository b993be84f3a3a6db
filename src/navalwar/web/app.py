"""The HTTP and WebSocket endpoints (docs/protocol.md): transport, seats and lifecycle
around :class:`~navalwar.engine.Match`, whose JSON (observation, decision, actions,
events, outcome, save) the server passes on unchanged.

Every engine call runs in a worker thread under the room's lock, so one slow agent or
map does not hold up the other matches, and two requests never change one match at
once. A refused request (bad JSON, an illegal action, another seat's token) changes
nothing and is answered with a 4xx and ``{"error": {"type", "message"}}``.
"""

from __future__ import annotations

import asyncio
import json
import logging
from collections.abc import Awaitable, Callable, Mapping, Sequence
from pathlib import Path
from typing import Any, TypeVar

from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.exceptions import HTTPException
from starlette.requests import HTTPConnection, Request
from starlette.responses import FileResponse, JSONResponse, Response
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.websockets import WebSocket, WebSocketDisconnect

from navalwar.datapack import MAX_FILE_BYTES
from navalwar.engine import Match
from navalwar.errors import (
    DataError,
    IllegalActionError,
    InvalidActionError,
    NavalwarError,
    UnknownNameError,
    clip,
)
from navalwar.registry import games, load
from navalwar.web.replays import Replay
from navalwar.web.rooms import MAX_SEED, Room, RoomFullError, Rooms, SeatError, agents_for

__all__ = ["create_app"]

log = logging.getLogger("navalwar.web")
STATIC = Path(__file__).parent / "static"
T = TypeVar("T")


class ClientError(NavalwarError):
    """A request the server refuses, with its HTTP status."""

    def __init__(self, status: int, message: str, kind: str = "") -> None:
        super().__init__(message)
        self.status = status
        self.kind = kind


def status_of(exc: BaseException) -> int:
    """The HTTP status of a refused request's error."""
    from navalwar.odds import TooManyBranchesError

    if isinstance(exc, ClientError | SeatError):
        return exc.status
    if isinstance(exc, IllegalActionError):
        return 409
    if isinstance(exc, TooManyBranchesError):
        return 422
    if isinstance(exc, RoomFullError):
        return 503
    return 400  # InvalidActionError, DataError, UnknownNameError and the rest


def error(status: int, message: str, kind: str) -> JSONResponse:
    return JSONResponse({"error": {"type": kind, "message": clip(message, 2000)}}, status)


def error_json(exc: BaseException) -> dict[str, Any]:
    """``{"type", "message"}`` of a refused request's error."""
    kind = exc.kind if isinstance(exc, ClientError) and exc.kind else type(exc).__name__
    return {"type": kind, "message": clip(str(exc), 2000)}


def refused(exc: BaseException) -> JSONResponse:
    return JSONResponse({"error": error_json(exc)}, status_of(exc))


def parse_json(raw: bytes) -> Any:
    """The JSON of a request body (ClientError 400 if it is not JSON)."""
    try:
        return json.loads(raw)
    except (ValueError, RecursionError) as exc:  # JSONDecodeError, UnicodeDecodeError, long ints
        raise ClientError(400, f"the body is not JSON: {clip(str(exc), 200)}", "BadJSON") from None


def field(body: Mapping[str, Any], name: str, kind: type, default: Any = None) -> Any:
    value = body.get(name, default)
    if value is default:
        return value
    if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
        raise DataError(f"{name!r} must be {kind.__name__}, not {type(value).__name__}")
    return value


def token_of(conn: HTTPConnection) -> str | None:
    """The seat token: ``Authorization: Bearer <token>``, or ``?token=``."""
    auth = conn.headers.get("authorization", "")
    if auth.lower().startswith("bearer "):
        return auth[7:].strip()
    return conn.query_params.get("token")


def odds_json(found: Sequence[Any]) -> list[dict[str, Any]]:
    return [
        {
            "kind": o.kind,
            "attacker": o.attacker,
            "target": o.target,
            "unit": o.unit,
            "rule": o.rule,
            "readings": list(o.readings),
            "sunk": float(o.sunk),
            "at_least_one": float(o.at_least(1)),
            "expected_hits": float(o.expected_hits),
            "hits": {str(k): float(p) for k, p in sorted(o.hits.items())},
            "describe": o.describe(),
        }
        for o in found
    ]


def game_json(game_id: str) -> dict[str, Any]:
    """A game's entry of ``GET /api/games``: sides, options, scenarios, agents."""
    from navalwar.agents import agent_names, default_agent

    game = load(game_id)
    spec = game.spec
    pack = game.load_data()
    return {
        "id": game.id,
        "title": spec.title,
        "sides": list(spec.sides),
        "players": list(spec.playable_sides),
        "map_kind": spec.map_kind,
        "rulebook": spec.rulebook,
        "options": [
            {
                "name": o.name,
                "default": o.default,
                "help": o.help,
                "rule": o.rule,
                "choices": list(o.choices),
                "minimum": o.minimum,
                "maximum": o.maximum,
                "allowed": o.allowed,
            }
            for o in spec.options
        ],
        "scenarios": [
            {"id": s, "show": game.describe_scenario(game.load_scenario(s, pack))}
            for s in game.scenarios()
        ],
        "agents": agent_names(game.id),
        "default_agent": default_agent(game.id),
        "odds": game.odds() is not None,
    }


class Server:
    """The state of one app: its rooms and settings."""

    def __init__(
        self, max_matches: int, max_body: int, idle_seconds: float, data: Sequence[str | Path]
    ) -> None:
        self.rooms = Rooms(max_matches, idle_seconds)
        self.max_body = max_body
        self.data = tuple(str(d) for d in data)
        self._games: list[dict[str, Any]] | None = None

    # -- plumbing --------------------------------------------------------------------
    async def body(self, request: Request) -> Any:
        """The request's JSON body, at most ``max_body`` bytes (413 beyond)."""
        declared = request.headers.get("content-length", "")
        if declared.isdigit() and int(declared) > self.max_body:
            raise ClientError(413, f"the body is larger than {self.max_body} bytes", "TooLarge")
        chunks, size = [], 0
        async for chunk in request.stream():
            size += len(chunk)
            if size > self.max_body:
                raise ClientError(413, f"the body is larger than {self.max_body} bytes", "TooLarge")
            chunks.append(chunk)
        return parse_json(b"".join(chunks))

    def room(self, conn: HTTPConnection) -> Room:
        found = self.rooms.get(conn.path_params["mid"], Room)
        if found is None:
            raise ClientError(
                404, "no such match (finished and dropped, or never made)", "NotFound"
            )
        return found  # type: ignore[no-any-return]

    def seat(self, conn: HTTPConnection) -> tuple[Room, str]:
        """The room and side of a seat endpoint, the token checked (401/403)."""
        room = self.room(conn)
        return room, room.check_seat(conn.path_params["side"], token_of(conn))

    async def locked(self, room: Room, fn: Callable[[], T], change: bool = False) -> T:
        """``fn()`` in a worker thread under the room's lock; ``change``: wake the seats."""
        async with room.lock:
            try:
                return await run_in_threadpool(fn)
            finally:
                if change:
                    async with room.changed:
                        room.changed.notify_all()

    # -- lobby -------------------------------------------------------------------------
    async def games(self, request: Request) -> Response:
        if self._games is None:
            self._games = await run_in_threadpool(lambda: [game_json(g) for g in games()])
        return JSONResponse({"games": self._games})

    async def schemas(self, request: Request) -> Response:
        from navalwar import protocol

        return JSONResponse(
            {"schemas": {name: f"/api/schemas/{name}" for name in protocol.schema_names()}}
        )

    async def schema(self, request: Request) -> Response:
        from navalwar import protocol

        try:
            return JSONResponse(protocol.schema(request.path_params["name"]))
        except UnknownNameError as exc:
            raise ClientError(404, str(exc), "NotFound") from None

    def start(self, body: Any) -> Match:
        """The match a ``POST /api/matches`` body asks for (DataError and the rest if bad)."""
        if not isinstance(body, dict):
            raise DataError("the body must be a JSON object (docs/protocol.md)")
        game = load(field(body, "game", str, ""))
        seed = field(body, "seed", int, 0)
        if not 0 <= seed < MAX_SEED:
            raise DataError(f"'seed' must be a whole number from 0 to 2**63-1, not {seed}")
        options = field(body, "options", dict, {})
        text = field(body, "scenario_toml", str)
        if text is not None:
            if len(text.encode("utf-8", "replace")) > MAX_FILE_BYTES:
                raise DataError(f"a scenario file is at most {MAX_FILE_BYTES} bytes")
            name = clip(field(body, "scenario_name", str, "uploaded.toml"), 80)
            return Match.start(
                game, name, seed=seed, options=options, data=self.data, use_env=False,
                scenario_text=text,
            )  # fmt: skip
        scenario = field(body, "scenario", str, "")
        if scenario not in game.scenarios():  # a bundled id only: never a client's file path
            raise UnknownNameError(f"scenario of {game.id}", scenario, game.scenarios())
        return Match.start(
            game, scenario, seed=seed, options=options, data=self.data, use_env=False
        )

    def opened(self, room: Room) -> dict[str, Any]:
        self.rooms.add(room)
        return {
            "match": room.id,
            "game": room.match.game.id,
            "scenario": room.match.scenario_name,
            "seed": room.match.seed,
            "seats": dict(room.seats),
            "agents": dict(room.agent_names),
            "hot_seat": room.hot_seat,
            "links": {s: f"/#/play/{room.id}/{s}/{t}" for s, t in room.seats.items()},
        }

    def make_room(self, match: Match, body: Mapping[str, Any]) -> Room:
        hot = field(body, "hot_seat", bool, False)
        room = Room(match, agents_for(match, body.get("agents")), hot)
        if not room.humans:
            raise DataError("every side is an agent: leave at least one side to a person")
        room.play_agents()
        return room

    async def create(self, request: Request) -> Response:
        body = await self.body(request)

        def build() -> dict[str, Any]:
            return self.opened(self.make_room(self.start(body), body))

        return JSONResponse(await run_in_threadpool(build), 201)

    async def load_save(self, request: Request) -> Response:
        from navalwar.serialization import check_save, load_document

        body = await self.body(request)
        if not isinstance(body, dict) or "save" not in body:
            raise DataError('the body must be {"save": <a save document>, "agents": ..., ...}')

        def build() -> dict[str, Any]:
            doc = check_save(body["save"], "<uploaded save>")
            match = load_document(doc, self.data, "<uploaded save>")
            return self.opened(self.make_room(match, body))

        return JSONResponse(await run_in_threadpool(build), 201)

    # -- a match -----------------------------------------------------------------------
    async def summary(self, request: Request) -> Response:
        room = self.room(request)
        room.seat_of(token_of(request))
        return JSONResponse(await self.locked(room, room.summary))

    async def delete(self, request: Request) -> Response:
        room = self.room(request)
        room.seat_of(token_of(request))
        self.rooms.remove(room.id)
        return Response(status_code=204)

    async def observation(self, request: Request) -> Response:
        room, side = self.seat(request)
        return JSONResponse(await self.locked(room, lambda: room.match.observe(side)))

    async def decision(self, request: Request) -> Response:
        room, side = self.seat(request)

        def get() -> dict[str, Any]:
            return {"deciding": room.deciding(side), "decision": room.decision_json(side)}

        return JSONResponse(await self.locked(room, get))

    async def events(self, request: Request) -> Response:
        room, side = self.seat(request)
        raw = request.query_params.get("since", "0")
        if not raw.isdigit() or len(raw) > 12:
            raise DataError(f"'since' must be a whole number of events, not {clip(raw, 20)!r}")
        since = int(raw)

        def get() -> dict[str, Any]:
            seen = room.events(side)
            return {
                "since": since,
                "next": len(seen),
                "events": [e.to_json() for e in seen[since:]],
            }

        return JSONResponse(await self.locked(room, get))

    def after(self, room: Room, side: str) -> dict[str, Any]:
        return {
            "next": len(room.events(side)),
            "deciding": room.deciding(side),
            "over": room.match.is_over,
        }

    async def act(self, request: Request) -> Response:
        room, side = self.seat(request)
        body = await self.body(request)

        def go() -> dict[str, Any]:
            applied = room.apply(side, body)
            return {"applied": room.match.game.codec.to_json(applied), **self.after(room, side)}

        return JSONResponse(await self.locked(room, go, change=True))

    async def sample(self, request: Request) -> Response:
        room, side = self.seat(request)

        def get() -> dict[str, Any]:
            return {"action": room.match.game.codec.to_json(room.sample(side))}

        return JSONResponse(await self.locked(room, get))

    async def undo(self, request: Request) -> Response:
        room, side = self.seat(request)

        def go() -> dict[str, Any]:
            return {"undone": room.undo(side), **self.after(room, side)}

        return JSONResponse(await self.locked(room, go, change=True))

    async def outcome(self, request: Request) -> Response:
        room, _ = self.seat(request)

        def get() -> dict[str, Any]:
            over = room.match.is_over
            return {
                "over": over,
                "outcome": room.outcome_json(),
                "report": room.match.report() if over else None,
            }

        return JSONResponse(await self.locked(room, get))

    async def map_svg(self, request: Request) -> Response:
        room, side = self.seat(request)

        def draw() -> str | None:
            try:
                return room.match.game.draw(room.match, False, None, side)
            except NavalwarError as exc:  # nothing to draw now (GWaS Basic Combat)
                raise ClientError(404, str(exc), "NotFound") from None

        drawn = await self.locked(room, draw)
        if drawn is None:
            raise ClientError(404, f"{room.match.game.id} has no SVG map", "NotFound")
        return Response(drawn, media_type="image/svg+xml")

    async def odds(self, request: Request) -> Response:
        from navalwar.odds import attacks

        room, side = self.seat(request)
        body = await self.body(request)
        if room.match.game.odds() is None:
            raise ClientError(422, f"{room.match.game.id} has no attack odds", "NoOdds")
        if not isinstance(body, dict):
            raise InvalidActionError("an action is a JSON object with a 'tag'")

        def get() -> dict[str, Any]:
            decision = room.match.decision
            if decision is None or decision.side != side:
                raise IllegalActionError("odds", f"it is not {side}'s decision now")
            return {"attacks": odds_json(attacks(room.match, body))}

        return JSONResponse(await self.locked(room, get))

    async def save(self, request: Request) -> Response:
        from navalwar.serialization import match_to_json

        room, _ = self.seat(request)

        def get() -> dict[str, Any]:
            if not room.may_save():
                raise IllegalActionError(
                    "save",
                    "a save holds the seed, so every secret: a two-player match is saved "
                    "once it is over (or started hot-seat)",
                )
            return match_to_json(room.match)

        return JSONResponse(await self.locked(room, get))

    # -- replays -------------------------------------------------------------------------
    async def replay_create(self, request: Request) -> Response:
        body = await self.body(request)
        if not isinstance(body, dict) or "save" not in body:
            raise DataError('the body must be {"save": <a save document>}')

        def build() -> dict[str, Any]:
            replay = Replay(body["save"], self.data)
            self.rooms.add(replay)
            return replay.created()

        return JSONResponse(await run_in_threadpool(build), 201)

    def replay_at(self, request: Request) -> tuple[Replay, int, str]:
        replay = self.rooms.get(request.path_params["rid"], Replay)
        if replay is None:
            raise ClientError(404, "no such replay", "NotFound")
        raw = request.path_params["k"]
        if not raw.isdigit() or len(raw) > 9:
            raise DataError(f"a replay step is a whole number, not {clip(raw, 20)!r}")
        side = replay.side(request.query_params.get("side"))
        return replay, int(raw), side

    async def replay_step(self, request: Request) -> Response:
        replay, k, side = self.replay_at(request)
        return JSONResponse(await run_in_threadpool(replay.step, k, side))

    async def replay_map(self, request: Request) -> Response:
        replay, k, side = self.replay_at(request)

        def draw() -> str | None:
            match = replay.at(k)
            try:
                return match.game.draw(match, False, None, side)
            except NavalwarError as exc:
                raise ClientError(404, str(exc), "NotFound") from None

        drawn = await run_in_threadpool(draw)
        if drawn is None:
            raise ClientError(404, f"{replay.final.game.id} has no SVG map", "NotFound")
        return Response(drawn, media_type="image/svg+xml")

    # -- the live push --------------------------------------------------------------------
    async def socket(self, ws: WebSocket) -> None:
        """A seat's WebSocket: an ``update`` on connect and after every change; the
        client's ``action``, ``undo`` and ``sample`` messages answered."""
        try:
            room, side = self.seat(ws)
        except NavalwarError as exc:
            await ws.close(code=4000 + status_of(exc))  # 4401, 4403, 4404
            return
        await ws.accept()
        sent = {"cursor": 0, "version": -1}

        async def push() -> None:
            def update() -> dict[str, Any]:
                reset = sent["version"] < room.reset_version or sent["version"] < 0
                seen = room.events(side)
                start = 0 if reset else sent["cursor"]
                sent["cursor"], sent["version"] = len(seen), room.version
                return {
                    "type": "update",
                    "reset": reset,
                    "events": [e.to_json() for e in seen[start:]],
                    "next": len(seen),
                    "deciding": room.deciding(side),
                    "decision": room.decision_json(side),
                    "over": room.match.is_over,
                    "outcome": room.outcome_json(),
                }

            await ws.send_json(await self.locked(room, update))

        async def pusher() -> None:
            try:
                while True:
                    async with room.changed:
                        await room.changed.wait_for(lambda: room.version != sent["version"])
                    await push()
            except (asyncio.CancelledError, WebSocketDisconnect):
                raise
            except Exception:  # a bug: logged, and the seat told by the socket's closing
                log.exception("the %s seat's updates failed", side)
                await ws.close(code=1011)

        await push()
        task = asyncio.create_task(pusher())
        try:
            while True:
                got = await ws.receive()
                if got["type"] == "websocket.disconnect":
                    break
                raw = got.get("text")
                if raw is None:  # a binary frame: read as UTF-8 text (an error reply if not JSON)
                    raw = (got.get("bytes") or b"").decode("utf-8", "replace")
                reply = await self.message(room, side, raw)
                if reply is not None:
                    await ws.send_json(reply)
        except WebSocketDisconnect:
            pass
        finally:
            task.cancel()

    async def message(self, room: Room, side: str, raw: str) -> dict[str, Any] | None:
        """Answer one client message (an error message for a bad one, never a crash)."""
        try:
            if len(raw) > self.max_body:
                raise ClientError(413, f"a message is at most {self.max_body} bytes", "TooLarge")
            msg = parse_json(raw.encode("utf-8", "replace"))
            kind = msg.get("type") if isinstance(msg, dict) else None
            if kind == "action":
                action = msg.get("action")
                await self.locked(room, lambda: room.apply(side, action), change=True)
                return None  # the update is the answer
            if kind == "undo":
                await self.locked(room, lambda: room.undo(side), change=True)
                return None
            if kind == "sample":
                sampled = await self.locked(room, lambda: room.sample(side))
                return {"type": "sample", "action": room.match.game.codec.to_json(sampled)}
            raise ClientError(
                400, 'a message is {"type": "action" | "undo" | "sample", ...}', "BadMessage"
            )
        except NavalwarError as exc:
            return {"type": "error", "status": status_of(exc), "error": error_json(exc)}
        except Exception:  # a bug: said so, the connection kept, the match unchanged
            log.exception("internal error on a %s WebSocket message", side)
            what = {"type": "Internal", "message": "internal error (a bug in navalwar)"}
            return {"type": "error", "status": 500, "error": what}


def create_app(
    *,
    max_matches: int = 100,
    max_body: int = 2 * 2**20 + 4096,
    idle_seconds: float = 7200.0,
    data: Sequence[str | Path] = (),
) -> Starlette:
    """The ASGI app of ``navalwar serve`` (docs/protocol.md).

    Args:
        max_matches: the live matches and replays held at once; beyond, the one idle
            longest is dropped if idle ``idle_seconds``, else a new one is refused (503).
        max_body: the largest request body or WebSocket message, in bytes (413 beyond).
        idle_seconds: how long a match may sit unused before it may be dropped.
        data: override data directories (an owner's transcription) every match uses;
            a client never names a file.
    """
    server = Server(max_matches, max_body, idle_seconds, data)
    s = server

    def guard(
        fn: Callable[[Request], Awaitable[Response]],
    ) -> Callable[[Request], Awaitable[Response]]:
        async def endpoint(request: Request) -> Response:
            try:
                return await fn(request)
            except NavalwarError as exc:
                return refused(exc)
            except HTTPException:
                raise
            except Exception:  # a bug: said so, the match unchanged (the engine is pure)
                log.exception("internal error on %s %s", request.method, request.url.path)
                return error(
                    500, "internal error (a bug in navalwar: please report it)", "Internal"
                )

        return endpoint

    seat = "/api/matches/{mid}/seats/{side}"
    routes = [
        Route("/api/games", guard(s.games)),
        Route("/api/schemas", guard(s.schemas)),
        Route("/api/schemas/{name}", guard(s.schema)),
        Route("/api/matches", guard(s.create), methods=["POST"]),
        Route("/api/saves", guard(s.load_save), methods=["POST"]),
        Route("/api/matches/{mid}", guard(s.summary), methods=["GET"]),
        Route("/api/matches/{mid}", guard(s.delete), methods=["DELETE"]),
        Route(f"{seat}/observation", guard(s.observation)),
        Route(f"{seat}/decision", guard(s.decision)),
        Route(f"{seat}/events", guard(s.events)),
        Route(f"{seat}/actions", guard(s.act), methods=["POST"]),
        Route(f"{seat}/sample", guard(s.sample), methods=["POST"]),
        Route(f"{seat}/undo", guard(s.undo), methods=["POST"]),
        Route(f"{seat}/outcome", guard(s.outcome)),
        Route(f"{seat}/map.svg", guard(s.map_svg)),
        Route(f"{seat}/odds", guard(s.odds), methods=["POST"]),
        Route(f"{seat}/save", guard(s.save)),
        WebSocketRoute(f"{seat}/ws", s.socket),
        Route("/api/replays", guard(s.replay_create), methods=["POST"]),
        Route("/api/replays/{rid}/{k}", guard(s.replay_step)),
        Route("/api/replays/{rid}/{k}/map.svg", guard(s.replay_map)),
        Route("/", index),
        Mount("/static", StaticFiles(directory=STATIC, check_dir=False), name="static"),
    ]

    async def http_error(request: Request, exc: Exception) -> Response:
        assert isinstance(exc, HTTPException)
        return error(exc.status_code, str(exc.detail), "HTTPError")

    app = Starlette(routes=routes, exception_handlers={HTTPException: http_error})
    app.state.server = server
    return app


async def index(request: Request) -> Response:
    page = STATIC / "index.html"
    if not page.is_file():
        return error(404, "the web client is not installed with this navalwar", "NotFound")
    return FileResponse(page, headers={"Cache-Control": "no-cache"})
