"""``navalwar play`` in a real terminal (a pseudo-terminal of 80x24): interrupt a game
with Ctrl-C, accept the offer to save it, continue the save, finish (issue 15)."""

from __future__ import annotations

import fcntl
import os
import re
import select
import struct
import subprocess
import sys
import termios
import time
from pathlib import Path

import pytest

from navalwar.engine import Match

pty = pytest.importorskip("pty")

_ANSI = re.compile(r"\x1b(\[[0-9;?]*[ -/]*[@-~]|\][^\x07\x1b]*(\x07|\x1b\\)|[()][0-9A-B]|[=>])")
_SPAWN = (  # the terminal becomes the controlling terminal of the new session, so Ctrl-C
    # typed in it interrupts the game, as in a shell
    "import os, sys; os.close(os.open(os.ttyname(0), os.O_RDWR)); "
    "os.execv(sys.executable, [sys.executable, '-m', 'navalwar.cli', *sys.argv[1:]])"
)
TIMEOUT = 120.0


class Terminal:
    """``navalwar ARGS`` run in an 80x24 pseudo-terminal."""

    def __init__(self, args: list[str], cwd: Path) -> None:
        master, slave = pty.openpty()
        fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))
        env = {**os.environ, "TERM": "xterm", "NO_COLOR": "1"}
        for name in ("COLUMNS", "LINES", "FORCE_COLOR"):
            env.pop(name, None)
        self.proc = subprocess.Popen(
            [sys.executable, "-c", _SPAWN, *args],
            stdin=slave,
            stdout=slave,
            stderr=slave,
            cwd=cwd,
            env=env,
            start_new_session=True,
        )
        os.close(slave)
        self.fd = master
        self.raw = b""  # everything the program wrote
        self.text = ""  # the same, decoded, without the terminal's control sequences
        self.mark = 0

    def _read(self, timeout: float) -> bool:
        ready, _, _ = select.select([self.fd], [], [], timeout)
        if not ready:
            return True
        try:
            chunk = os.read(self.fd, 65536)
        except OSError:  # the other end is closed: the program ended
            return False
        if not chunk:
            return False
        # decoded and cleaned as a whole: a control sequence or a character split
        # between two reads (common on a loaded machine) is still recognised
        self.raw += chunk
        self.text = _ANSI.sub("", self.raw.decode("utf-8", "replace")).replace("\r", "")
        return True

    def expect(self, pattern: str) -> re.Match[str]:
        """Wait until ``pattern`` is shown after the last one found."""
        deadline = time.monotonic() + TIMEOUT
        while True:
            found = re.compile(pattern).search(self.text, self.mark)
            if found:
                self.mark = found.end()
                return found
            alive = self._read(0.5)  # False once the program closed the terminal
            if not alive or time.monotonic() > deadline:
                raise AssertionError(
                    f"{pattern!r} never shown; the screen ends:\n{self.text[-3000:]}"
                )

    def send(self, keys: str) -> None:
        os.write(self.fd, keys.encode())

    def wait_reading(self) -> None:
        """Wait until the program is blocked reading its terminal (Linux: a ``read``
        of fd 0 in ``/proc/PID/syscall``), as a player's key would find it. A signal
        sent between the prompt and the read would be taken before the read began and
        leave it blocked (a loaded machine widens that window), which no player can do."""
        deadline = time.monotonic() + TIMEOUT
        path = Path(f"/proc/{self.proc.pid}/syscall")
        while time.monotonic() < deadline:
            try:
                if path.read_text().startswith("0 0x0 "):
                    return
            except OSError:  # not Linux, or not readable: a pause instead
                time.sleep(1.0)
                return
            time.sleep(0.05)

    def wait(self) -> int:
        """Read the rest of the output; the exit status."""
        deadline = time.monotonic() + TIMEOUT
        while self._read(0.5) and time.monotonic() < deadline:
            if self.proc.poll() is not None and not select.select([self.fd], [], [], 0.2)[0]:
                break
        os.close(self.fd)
        return self.proc.wait(timeout=TIMEOUT)


def _words(text: str) -> str:
    return " ".join(text.split())


def test_interrupt_save_continue_and_finish_in_a_terminal(tmp_path: Path) -> None:
    """Ctrl-C at a prompt offers to save (exit 130); `navalwar play SAVE` continues at
    the same decision and plays to the end (exit 0)."""
    game = Terminal(["play", "tokyo_express", "basic", "--seed", "3"], tmp_path)
    for _ in range(3):  # the flagship, the formations (a short list), a Speed
        game.expect(r"US> ")
        game.send("1\r")
    screen = game.expect(r"US to decide: (.*?)\n(?s:.*?)US> ")
    asked = _words(screen.group(1))
    game.wait_reading()
    game.send("\x03")  # Ctrl-C
    game.expect(r"Interrupted \(Ctrl-C\)")
    default = game.expect(r"Save the game before leaving\? File \[(\S+)\]").group(1)
    game.send("\r")
    saved = game.expect(r"Continue it with: navalwar play (\S+)").group(1)
    assert game.wait() == 130
    assert saved == default
    path = tmp_path / saved
    loaded = Match.load(path)
    assert len(loaded.actions) == 3
    assert loaded.decision is not None and _words(loaded.decision.prompt).startswith(asked)

    again = Terminal(["play", saved], tmp_path)
    again.expect(r"Continuing a saved game after 3 choices")
    screen = again.expect(r"US to decide: ((?s:.*?))US> ")
    assert _words(screen.group(1)).startswith(asked)
    again.send("auto\r")  # the computer plays the US to the end
    again.expect(r"Battle report")
    again.expect(r"Result")
    assert again.wait() == 0
