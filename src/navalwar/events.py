"""Events: every change to a match, in order, as the log a front end animates.

An event has a ``kind`` (``"ship_moved"``, ``"dice_rolled"``, ``"hit"`` ...), a
narration ``text`` a player can read, the ``rule`` section it comes from, and
JSON-able ``data``.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterable
from typing import Any

import attrs


@attrs.frozen(slots=True)
class Event:
    """One entry of the event log."""

    kind: str
    text: str
    rule: str = ""
    data: dict[str, Any] = attrs.field(factory=dict, hash=False)
    sides: tuple[str, ...] = ()  # who may see it; empty = everyone

    def to_json(self) -> dict[str, Any]:
        """The event as a JSON-able dict."""
        out: dict[str, Any] = {"kind": self.kind, "text": self.text}
        if self.rule:
            out["rule"] = self.rule
        if self.data:
            out["data"] = self.data
        if self.sides:
            out["sides"] = list(self.sides)
        return out


def log_digest(events: Iterable[Event]) -> str:
    """A SHA-256 digest of an event log (canonical JSON lines)."""
    h = hashlib.sha256()
    for event in events:
        h.update(json.dumps(event.to_json(), sort_keys=True, separators=(",", ":")).encode())
        h.update(b"\n")
    return h.hexdigest()
