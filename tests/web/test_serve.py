"""``navalwar serve`` starts the server (the README's ``make serve``), and the rest of
navalwar does not need the web extra."""

from __future__ import annotations

import json
import socket
import subprocess
import sys
import time
import urllib.request

import pytest

pytest.importorskip("uvicorn")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def test_navalwar_serve_answers_on_localhost() -> None:
    port = free_port()
    cmd = [sys.executable, "-m", "navalwar.cli", "serve", "--port", str(port)]
    proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        deadline = time.monotonic() + 60
        while True:
            try:
                url = f"http://127.0.0.1:{port}/api/games"
                with urllib.request.urlopen(url, timeout=5) as r:
                    games = json.load(r)["games"]
                break
            except OSError:
                assert proc.poll() is None, proc.communicate()[1]
                assert time.monotonic() < deadline, "navalwar serve did not answer in 60 s"
                time.sleep(0.2)
        assert "tokyo_express" in [g["id"] for g in games]
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=5) as r:
            assert r.status == 200 and "<html" in r.read().decode().lower()
    finally:
        proc.terminate()
        _, err = proc.communicate(timeout=30)
    assert f"http://127.0.0.1:{port}/" in err


def test_playing_a_match_imports_no_web_framework() -> None:
    code = (
        "import sys, navalwar, navalwar.cli\n"
        "from navalwar.agents import RandomAgent, play_out\n"
        "m = navalwar.Match.start('tokyo_express', 'basic', seed=1)\n"
        "play_out(m, {'US': RandomAgent(1)})\n"
        "print(sorted(k for k in sys.modules if k.split('.')[0] in "
        "('starlette', 'uvicorn', 'websockets', 'navalwar.web') or k.startswith('navalwar.web')))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


def test_an_address_it_cannot_serve_on_is_a_clear_error() -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        cmd = [sys.executable, "-m", "navalwar.cli", "serve", "--port", str(port)]
        out = subprocess.run(cmd, capture_output=True, text=True, timeout=60)
    assert out.returncode == 2
    assert f"could not serve on 127.0.0.1:{port}" in out.stderr
    assert "Traceback" not in out.stderr
