"""Fixtures of the web tests: a live ``navalwar serve`` (uvicorn in a thread on a free
localhost port, one per session), Playwright's headless Chromium (Debian's
``/usr/bin/chromium``, a fresh profile per context) and a screenshot helper.

The browser tests skip locally when Chromium or Playwright is missing, and fail under
CI (``CI`` or ``NAVALWAR_BROWSER_REQUIRED=1``, which ``.ci/run`` sets).
"""

from __future__ import annotations

import json
import os
import socket
import tempfile
import threading
import time
import urllib.error
import urllib.request
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

CHROMIUM = Path(os.environ.get("NAVALWAR_CHROMIUM", "/usr/bin/chromium"))  # Debian's
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-dev-shm-usage",  # a container's small /dev/shm
]
ROOT = Path(__file__).resolve().parents[2]
SHOTS = ROOT / "build" / "screenshots"


def browser_required() -> bool:
    """Whether a missing browser is a failure (CI) rather than a skip (a local run)."""
    return bool(os.environ.get("CI")) or os.environ.get("NAVALWAR_BROWSER_REQUIRED") == "1"


def no_browser(why: str) -> None:
    """Fail under CI, skip locally."""
    if browser_required():
        pytest.fail(f"the browser tests need {why} (CI: .ci/run installs chromium)", False)
    pytest.skip(f"no browser: {why}")


class Live:
    """A running server: its base address and a small JSON client of its API."""

    def __init__(self, base: str) -> None:
        self.base = base

    def call(
        self, method: str, path: str, body: Any = None, token: str | None = None
    ) -> tuple[int, Any]:
        """``(status, JSON)`` of one request (the JSON is None for an empty body)."""
        data = None if body is None else json.dumps(body).encode()
        req = urllib.request.Request(self.base + path, data=data, method=method)
        if data is not None:
            req.add_header("Content-Type", "application/json")
        if token is not None:
            req.add_header("Authorization", f"Bearer {token}")
        try:
            with urllib.request.urlopen(req, timeout=60) as resp:
                raw, status = resp.read(), resp.status
        except urllib.error.HTTPError as exc:
            raw, status = exc.read(), exc.code
        return status, (json.loads(raw) if raw else None)

    def ok(self, method: str, path: str, body: Any = None, token: str | None = None) -> Any:
        """The JSON of a request that must succeed (2xx)."""
        status, got = self.call(method, path, body, token)
        assert 200 <= status < 300, f"{method} {path} -> {status}: {got}"
        return got


@pytest.fixture(scope="session")
def live_server() -> Iterator[Live]:
    """``navalwar.web.create_app()`` served by uvicorn in a background thread."""
    uvicorn = pytest.importorskip("uvicorn")
    from navalwar.web import create_app

    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.bind(("127.0.0.1", 0))
    port = sock.getsockname()[1]
    config = uvicorn.Config(create_app(), log_level="warning", lifespan="off")
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, kwargs={"sockets": [sock]}, daemon=True)
    thread.start()
    base = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 30
    while True:
        try:
            urllib.request.urlopen(base + "/api/matches/none", timeout=2).close()
            break
        except urllib.error.HTTPError:  # any answer (this one is a 4xx): it is up
            break
        except OSError:
            pass
        if time.monotonic() > deadline or not thread.is_alive():
            raise RuntimeError("the test server did not start")
        time.sleep(0.05)
    try:
        yield Live(base)
    finally:
        server.should_exit = True
        thread.join(15)
        sock.close()


@pytest.fixture(scope="session")
def playwright_api() -> Iterator[Any]:
    """Playwright's sync API, started once (fails under CI when it is missing)."""
    if not CHROMIUM.is_file():
        no_browser(f"{CHROMIUM}")
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        no_browser("the playwright package (pip, the test extra)")
    with sync_playwright() as p:
        yield p


@pytest.fixture
def browser_context(playwright_api: Any) -> Iterator[Callable[[], Any]]:
    """A factory of fresh browser contexts, each Chromium with its own temporary profile
    (``--user-data-dir``); all closed at the end of the test."""
    opened: list[Any] = []
    dirs: list[tempfile.TemporaryDirectory[str]] = []

    def make() -> Any:
        profile = tempfile.TemporaryDirectory(prefix="navalwar-chromium-")
        dirs.append(profile)
        ctx = playwright_api.chromium.launch_persistent_context(
            profile.name,
            executable_path=str(CHROMIUM),
            headless=True,
            args=CHROMIUM_ARGS,
            accept_downloads=True,
            viewport={"width": 1280, "height": 900},
        )
        ctx.set_default_timeout(30_000)
        opened.append(ctx)
        return ctx

    yield make
    for ctx in opened:
        ctx.close()
    for profile in dirs:
        profile.cleanup()


@pytest.fixture
def page_in(browser_context: Callable[[], Any]) -> Callable[[], Any]:
    """A factory of pages, each in a fresh context (its own profile and storage)."""

    def make() -> Any:
        ctx = browser_context()
        page = ctx.pages[0] if ctx.pages else ctx.new_page()
        errors: list[str] = []
        page.on("pageerror", lambda exc: errors.append(str(exc)))
        page.js_errors = errors  # the test asserts none at the end
        return page

    return make


@pytest.fixture
def screenshot(request: pytest.FixtureRequest) -> Callable[[Any, str], Path]:
    """``screenshot(page, screen)`` saves ``build/screenshots/<test>-<screen>.png``."""
    SHOTS.mkdir(parents=True, exist_ok=True)
    test = request.node.name.replace("[", "-").replace("]", "").replace("/", "_")

    def shoot(page: Any, screen: str) -> Path:
        path = SHOTS / f"{test}-{screen}.png"
        page.screenshot(path=str(path), full_page=True)
        return path

    return shoot
