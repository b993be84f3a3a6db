"""``navalwar serve``: a local server that any front end drives over a documented
JSON protocol (docs/protocol.md), and the reference web client it serves at ``/``.

The optional extra ``web`` (``pip install navalwar[web]``: Starlette and uvicorn)
brings what it needs; the rest of navalwar does not import this package. The server
adds transport, seats and lifecycle to :class:`navalwar.engine.Match`, not a second
model: its messages are the match's own observation, decision, action, event,
outcome and save JSON (:mod:`navalwar.protocol` has their schemas).
"""

from navalwar.web.app import create_app

__all__ = ["create_app"]
