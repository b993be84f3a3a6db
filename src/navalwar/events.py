"""Events: every change to a match, in order, as the log a front end animates.

An event has a ``kind`` (``"ship_moved"``, ``"dice_rolled"``, ``"ship_damaged"`` ...),
a narration ``text`` a player can read, the ``rule`` section it comes from, and
JSON-able ``data``.

Every kind is declared as data (:class:`EventKind`): what it means, the keys of its
``data`` and what each means, the rule it comes from. :data:`CORE_KINDS` are the kinds
every game shares; a game uses a core kind where the meaning is the same (adding its
own keys with :meth:`EventKind.extend`) and lists its kinds, core and its own, in its
``Game`` class's ``event_kinds``. :func:`vocabulary` joins the two; :func:`problem` checks an
event against it; :func:`markdown` writes ``docs/events.md`` from the declarations.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterable, Mapping, Sequence
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


# -- the vocabulary ------------------------------------------------------------------------------


@attrs.frozen
class EventKind:
    """A kind of event, declared once: what it means and what its ``data`` holds.

    Attributes:
        name: the ``kind`` of its events.
        meaning: one sentence for people.
        keys: each key every event of the kind carries -> what it means.
        rule: the rule section the events come from ("" when several: each event
            names its own).
        optional: keys some events of the kind carry -> what they mean (and when).
    """

    name: str
    meaning: str
    keys: Mapping[str, str] = attrs.field(factory=dict, hash=False)
    rule: str = ""
    optional: Mapping[str, str] = attrs.field(factory=dict, hash=False)

    def __attrs_post_init__(self) -> None:
        both = set(self.keys) & set(self.optional)
        if both:
            raise ValueError(f"event kind {self.name!r}: {sorted(both)} both required and optional")

    def extend(
        self,
        keys: Mapping[str, str] | None = None,
        optional: Mapping[str, str] | None = None,
        rule: str | None = None,
        meaning: str | None = None,
    ) -> EventKind:
        """This kind as a game uses it: the same name and keys, and the game's own
        keys (a key of this kind can be given again only to say more of it)."""
        return EventKind(
            self.name,
            self.meaning if meaning is None else meaning,
            {**self.keys, **(keys or {})},
            self.rule if rule is None else rule,
            {
                k: v
                for k, v in {**self.optional, **(optional or {})}.items()
                if k not in (keys or {})
            },
        )

    def problem(self, data: Mapping[str, Any]) -> str | None:
        """``None`` if ``data`` has exactly this kind's keys (and some of its optional
        ones), else what is wrong."""
        missing = sorted(set(self.keys) - set(data))
        extra = sorted(set(data) - set(self.keys) - set(self.optional))
        if not missing and not extra:
            return None
        said = [f"lacks {', '.join(missing)}"] if missing else []
        said += [f"has undeclared {', '.join(extra)}"] if extra else []
        return f"a {self.name!r} event " + " and ".join(said)


SHIP = "the ship's key (a face-down counter is never named: see each game's kinds)"

DICE_ROLLED = EventKind(
    "dice_rolled",
    "A die was rolled (every roll of the match's dice, in order).",
    {
        "die": "the die, ``d6`` / ``d10`` ...",
        "value": "what it shows",
        "purpose": "what it was rolled for",
    },
)
TURN_BEGAN = EventKind("turn_began", "A Game Turn begins.", {"turn": "its number"})
PHASE_BEGAN = EventKind(
    "phase_began",
    "A phase, segment or step of the sequence of play begins.",
    {"turn": "the Game Turn", "step": "the step's id in the game's sequence of play"},
)
SHIP_PLACED = EventKind(
    "ship_placed", "A ship is set up on the map.", {"ship": SHIP, "hex": "its hex"}
)
SHIP_MOVED = EventKind(
    "ship_moved", "A ship moves on the map.", {"ship": SHIP, "to": "the hex it ends in"}
)
SHIP_DAMAGED = EventKind(
    "ship_damaged", "A ship takes damage (the game's keys say how much).", {"ship": SHIP}
)
SHIP_SUNK = EventKind("ship_sunk", "A ship sinks (or is destroyed).", {"ship": SHIP})
FLAGSHIP = EventKind(
    "flagship", "A side's flagship is named (whose loss the rules mark).", {"ship": SHIP}
)
GAME_OVER = EventKind(
    "game_over",
    "The game ends: the last event of a finished match.",
    {"level": "the level of victory, as ``Outcome.level``"},
)

CORE_KINDS: tuple[EventKind, ...] = (
    DICE_ROLLED,
    TURN_BEGAN,
    PHASE_BEGAN,
    SHIP_PLACED,
    SHIP_MOVED,
    SHIP_DAMAGED,
    SHIP_SUNK,
    FLAGSHIP,
    GAME_OVER,
)
"""The kinds games share, with the keys every game gives them (a game may add its own)."""

_CORE = {k.name: k for k in CORE_KINDS}


def vocabulary(kinds: Iterable[EventKind]) -> dict[str, EventKind]:
    """A game's event kinds by name: ``dice_rolled`` (the engine logs every roll), then
    its ``event_kinds``, core ones among them. A game's kind named like a core kind must
    keep every key of it (:meth:`EventKind.extend`); ValueError otherwise, or for a
    name given twice."""
    out: dict[str, EventKind] = {}
    for kind in kinds:
        if kind.name in out:
            raise ValueError(f"event kind {kind.name!r} is declared twice")
        core = _CORE.get(kind.name)
        if core is not None and not set(core.keys) <= set(kind.keys):
            lost = sorted(set(core.keys) - set(kind.keys))
            raise ValueError(f"event kind {kind.name!r} drops the core keys {lost}")
        out[kind.name] = kind
    return {DICE_ROLLED.name: out.pop(DICE_ROLLED.name, DICE_ROLLED), **out}


def problem(kinds: Mapping[str, EventKind], event: Event) -> str | None:
    """``None`` if ``event`` is of a kind in ``kinds`` with exactly its data keys,
    else what is wrong."""
    kind = kinds.get(event.kind)
    if kind is None:
        return f"event kind {event.kind!r} is not declared ({event.text!r})"
    found = kind.problem(event.data)
    return None if found is None else f"{found} ({event.text!r})"


def _keys_table(kind: EventKind) -> list[str]:
    rows = [f"| `{k}` | {v} |" for k, v in kind.keys.items()]
    rows += [f"| `{k}` (optional) | {v} |" for k, v in kind.optional.items()]
    return ["| key | meaning |", "|---|---|", *rows] if rows else ["No data."]


def _section(kind: EventKind, level: str, core: bool = False) -> list[str]:
    rule = f" Rule: {kind.rule}." if kind.rule else ""
    shared = " (a core kind)" if core else ""
    return [
        f"{level} `{kind.name}`{shared}",
        "",
        f"{kind.meaning}{rule}",
        "",
        *_keys_table(kind),
        "",
    ]


def markdown(games: Mapping[str, Sequence[EventKind]]) -> str:
    """``docs/events.md``: the core kinds, then each game's kinds (``games``: game id ->
    its ``event_kinds``), every kind with its meaning, rule and data keys."""
    lines = [
        "# Events",
        "",
        "<!-- written by scripts/events_doc.py from the declarations; tests/test_events.py",
        "     checks that it agrees with them: edit the declarations, then run the script -->",
        "",
        "Every event of a match's log (`Match.events`, `Event.to_json()`) has a `kind`, a",
        "`text` a player can read, the `rule` it comes from, its `data` and, when it is",
        "private, the `sides` that may see it. Each kind is declared in the code with its",
        "meaning and the keys of its `data`: the core kinds games share in",
        "`navalwar.events.CORE_KINDS`; each game lists the kinds it logs, core ones (with",
        "its own keys added) and its own, in its `Game.event_kinds`. An event",
        "carries exactly the keys its kind lists (an optional key only sometimes). A",
        "private event's data holds only what the sides that see it may know.",
        "",
        "## Core kinds",
        "",
    ]
    for kind in CORE_KINDS:
        lines += _section(kind, "###")
    for game_id, kinds in games.items():
        lines += [f"## {game_id}", ""]
        for kind in vocabulary(kinds).values():
            lines += _section(kind, "###", core=kind.name in _CORE)
    return "\n".join(lines).rstrip() + "\n"


__all__ = [
    "CORE_KINDS",
    "DICE_ROLLED",
    "FLAGSHIP",
    "GAME_OVER",
    "PHASE_BEGAN",
    "SHIP_DAMAGED",
    "SHIP_MOVED",
    "SHIP_PLACED",
    "SHIP_SUNK",
    "TURN_BEGAN",
    "Event",
    "EventKind",
    "log_digest",
    "markdown",
    "problem",
    "vocabulary",
]
