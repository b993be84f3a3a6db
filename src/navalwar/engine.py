"""The engine: the :class:`Game` interface every game implements, and :class:`Match`.

A game is a set of pure functions over frozen state values: ``advance`` runs
the rules (dice, tables, the solitaire AI's procedures) until a side must
choose; ``decision`` says what the choice is; ``apply`` carries a choice out.
:class:`Match` is the session around them: it checks actions, keeps the event
log, undo stack, dice position, and saves and replays.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping, Sequence
from fractions import Fraction
from pathlib import Path
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, Generic, NamedTuple, TypeVar

import attrs

from navalwar.actions import Action, ActionCodec
from navalwar.context import Context as Context  # (where the rules find it)
from navalwar.context import Text as Text
from navalwar.dice import Dice
from navalwar.errors import (
    DataError,
    IllegalActionError,
    InvalidActionError,
    NavalwarError,
    clip,
    excerpt,
)
from navalwar.events import Event, EventKind
from navalwar.hexgrid import MapSpec
from navalwar.registry import GameSpec, OptionValue, ShipInfo

if TYPE_CHECKING:
    from navalwar.agents import AgentFactory
    from navalwar.odds import GameOdds
    from navalwar.views import TerminalView

S = TypeVar("S")
D = TypeVar("D")
A = TypeVar("A", bound=Action)

_PACKS: dict[tuple[Any, ...], Any] = {}
_PACKS_KEPT = 8
_CODECS: dict[tuple[type[Action], ...], ActionCodec] = {}

#: The observation envelope's own keys (:meth:`Game.observation`), besides the position's.
ENVELOPE_KEYS = ("game", "side", "over", "deciding", "decision")


@attrs.frozen
class Decision:
    """A choice the rules ask a side to make now.

    Attributes:
        side: who chooses.
        kind: what kind of choice (``"us_order"``, ``"us_gunnery"`` ...).
        rule: the rule section that asks for it.
        prompt: a sentence a player can read.
        choices: every legal action, when they are few enough to list.
        validate: for large choice sets, returns ``None`` for a legal action
            or the reason it is illegal.
        sample: for large choice sets, draws a legal action.
        context: JSON-able facts about the choice (formation, ship, targets), for
            the deciding side only: nothing the other side hides.
        tags: the action tags the decision accepts (``("form_formations",)``); a
            decision without a list of choices should name them, or its JSON
            schema (:meth:`to_json`) offers every action of the game.
    """

    side: str
    kind: str
    rule: str
    prompt: str
    choices: tuple[Action, ...] | None = None
    validate: Callable[[Action], str | None] | None = attrs.field(default=None, eq=False)
    sample: Callable[[Dice], Action] | None = attrs.field(default=None, eq=False)
    context: dict[str, Any] = attrs.field(factory=dict, eq=False)
    tags: tuple[str, ...] = ()

    def check(self, action: Action) -> str | None:
        """``None`` if ``action`` is legal for this decision, else the reason."""
        if self.choices is not None:
            if action in self.choices:
                return None
            return "it is not one of the legal choices for this decision"
        if self.tags and action.tag not in self.tags:
            return f"this decision takes a {' or '.join(map(repr, self.tags))} action"
        if self.validate is not None:
            return self.validate(action)
        return None

    def random_choice(self, dice: Dice) -> Action:
        """A legal action drawn with equal chances (from the list) or by the sampler."""
        if self.choices:
            return dice.choose(self.choices, "random agent choice")
        if self.sample is not None:
            return self.sample(dice)
        raise NavalwarError(f"decision {self.kind!r} has neither choices nor a sampler")

    def accepted_tags(self, codec: ActionCodec) -> tuple[str, ...]:
        """The tags this decision takes: :attr:`tags`, else those of its choices, else
        every tag of ``codec``."""
        if self.tags:
            return self.tags
        if self.choices is not None:
            return tuple(dict.fromkeys(a.tag for a in self.choices))
        return tuple(codec.types)

    def to_json(self, codec: ActionCodec | Game[Any, Any]) -> dict[str, Any]:
        """The decision as a JSON-able dict, the same keys in every game: ``side``,
        ``kind``, ``rule``, ``prompt``, ``context``, ``tags``, ``enumerated``,
        ``choices`` (the legal actions' JSON, or None when too many to list),
        ``choice_count`` (None when not listed) and ``schema`` (when not listed: a
        draft 2020-12 JSON Schema, ``{"oneOf": [...]}`` over the accepted tags, of
        the shape of an action; :meth:`check` says whether one is legal)."""
        if isinstance(codec, Game):
            codec = codec.codec
        choices = self.choices
        tags = self.accepted_tags(codec)
        return {
            "side": self.side,
            "kind": self.kind,
            "rule": self.rule,
            "prompt": self.prompt,
            "context": dict(self.context),
            "tags": list(tags),
            "enumerated": choices is not None,
            "choices": None if choices is None else [codec.to_json(a) for a in choices],
            "choice_count": None if choices is None else len(choices),
            "schema": codec.schemas(tags) if choices is None else None,
        }


def typed(kind: type[A], check: Callable[[A], str | None]) -> Callable[[Action], str | None]:
    """A :attr:`Decision.validate` for a decision that takes ``kind`` actions only:
    ``check``'s answer for one of them, for any other the reason naming the tag taken."""

    def validate(action: Action) -> str | None:
        if not isinstance(action, kind):
            return f"this decision takes a {kind.tag!r} action, not a {action.tag!r} one"
        return check(action)

    return validate


def answering(
    decision: Decision | None, action: Action, none: str = "the game is over", rule: str = ""
) -> Decision:
    """``decision`` once ``action`` is legal for it. Raises :class:`IllegalActionError`
    when no decision is pending (the reason ``none``, under ``rule``) or ``action``
    breaks it (:meth:`Decision.check`'s reason, under the decision's rule)."""
    if decision is None:
        raise IllegalActionError(action.describe(), none, rule)
    reason = decision.check(action)
    if reason is not None:
        raise IllegalActionError(action.describe(), reason, decision.rule)
    return decision


Score = int | Fraction
"""Victory Points as a game counts them, exactly: an int when whole, else a Fraction
(half VP)."""


def exact_score(vp: Score | float) -> Score:
    """``vp`` exactly, as an int when it is whole (a float is taken at its exact value)."""
    exact = Fraction(vp)
    return exact.numerator if exact.denominator == 1 else exact


def exact_scores(scores: Mapping[str, Score | float]) -> dict[str, Score]:
    """Every side's score made exact by :func:`exact_score`."""
    return {side: exact_score(vp) for side, vp in scores.items()}


def score_to_json(vp: Score) -> int | float | str:
    """A score for JSON, exactly: a whole number as an int; a fraction a float holds
    exactly (halves, quarters ...) as that float; any other (thirds) as ``"n/d"``."""
    vp = exact_score(vp)
    if isinstance(vp, int) or Fraction(float(vp)) != vp:
        return vp if isinstance(vp, int) else f"{vp.numerator}/{vp.denominator}"
    return float(vp)


def score_from_json(raw: Any) -> Score:
    """The exact score :func:`score_to_json` wrote (ValueError for anything else)."""
    if isinstance(raw, bool) or not isinstance(raw, int | float | str):
        raise ValueError(f"a score is a number or 'n/d', not {raw!r}")
    return exact_score(Fraction(raw))


@attrs.frozen
class Outcome:
    """How a match ended. ``scores``: Victory Points by side, exact (:data:`Score`)."""

    winner: str | None
    level: str
    scores: dict[str, Score] = attrs.field(factory=dict, converter=exact_scores)
    summary: str = ""

    @property
    def result(self) -> str:
        """One line that says who won and the game's summary (``navalwar run --quiet``)."""
        if not self.summary:
            return self.level
        if self.level.lower() in self.summary.lower():
            return self.summary
        return f"{self.level}: {self.summary}"

    def to_json(self) -> dict[str, Any]:
        """The outcome as a JSON-able dict (scores as :func:`score_to_json` writes them)."""
        return {
            "winner": self.winner,
            "level": self.level,
            "scores": {side: score_to_json(vp) for side, vp in self.scores.items()},
            "summary": self.summary,
        }


class TurnStart(NamedTuple):
    """What "turn N" means in a game (``navalwar render --turn``, drawing a past turn)."""

    unit: str  # what a turn is called: "Game Turn", "impulse"
    counter: str  # the state attribute numbering the turns
    starts: Callable[[Any], bool]  # whether a state at rest is at the start of its turn


class Game(ABC, Generic[S, D]):
    """A game's declaration: what a game package implements, registered once as an
    entry point (:mod:`navalwar.registry`). ``S`` is its state type, ``D`` its typed
    data pack.

    The abstract methods are the rules; everything else the core asks of a game has
    a default here, so a game that does not offer something (odds, a drawing, its own
    agents) does not override it."""

    spec: GameSpec
    action_types: tuple[type[Action], ...]
    map: MapSpec | None = None  # the printed hex map, for games played on hexes
    event_kinds: tuple[EventKind, ...] = ()  # what it logs (navalwar.events.vocabulary)
    turn_start: TurnStart | None = None  # what "turn N" means (None: no past turns drawn)
    search_settings: Mapping[str, Any] = MappingProxyType({})
    """The search agent's tuned settings (``SearchAgent`` keyword arguments)."""

    @property
    def id(self) -> str:
        """The game id."""
        return self.spec.id

    @property
    def codec(self) -> ActionCodec:
        """The JSON codec of this game's actions (made once per set of action types)."""
        types = tuple(self.action_types)
        codec = _CODECS.get(types)
        if codec is None:
            codec = _CODECS[types] = ActionCodec(types)
        return codec

    @abstractmethod
    def load_data(self, overrides: Sequence[Path] = (), strict: bool = False) -> D:
        """Load and validate the game's data pack (bundled, with override files)."""

    @abstractmethod
    def scenarios(self) -> list[str]:
        """The ids of the bundled scenarios."""

    @abstractmethod
    def load_scenario(self, name: str, data: D) -> Any:
        """A bundled scenario by id, or a user's scenario file by path."""

    @abstractmethod
    def scenario_from_document(self, doc: dict[str, Any], file: str, data: D) -> Any:
        """A user's scenario from its parsed TOML (``file`` names it in errors): how a
        match is built from a scenario file, or from the copy of it a save holds."""

    @abstractmethod
    def describe_scenario(self, scenario: Any) -> str:
        """Forces, length and victory conditions, for people."""

    @abstractmethod
    def initial_state(
        self, scenario: Any, data: D, options: Mapping[str, OptionValue], ctx: Context
    ) -> S:
        """The state before the first step of play."""

    @abstractmethod
    def advance(self, state: S, data: D, ctx: Context) -> S:
        """Run the rules until a decision is pending or the game is over (a game that
        works out that decision on the way may note it with :meth:`Context.settle`)."""

    @abstractmethod
    def decision(self, state: S, data: D) -> Decision | None:
        """The pending decision, or None when the game is over."""

    @abstractmethod
    def apply(self, state: S, action: Action, data: D, ctx: Context) -> S:
        """Carry out a legal action (the caller has checked it against the decision)."""

    @abstractmethod
    def observe(self, state: S, side: str, data: D) -> dict[str, Any]:
        """What ``side`` may know of the units and the board, as a JSON-able dict: the
        game's part of the observation; :meth:`observation` wraps it in the envelope,
        whose keys (:data:`ENVELOPE_KEYS`) it must not use."""

    def position(self, state: S) -> dict[str, Any]:
        """Where play stands, in the game's own words (``turn``, ``phase`` ...), for the
        observation envelope: public facts only. Default: none."""
        return {}

    def observation_schema(self) -> dict[str, Any]:
        """The JSON Schema (draft 2020-12) of the game's part of an observation: its
        :meth:`position` words and :meth:`observe`'s keys, everything but the envelope's
        own keys (:mod:`navalwar.protocol` adds those): an object schema, or a ``oneOf``
        of object schemas (one per form of the observation). A game should close its
        objects (``additionalProperties: false``) where it knows their shape. Default:
        any object."""
        return {"type": "object"}

    def observation(self, state: S, side: str, data: D) -> dict[str, Any]:
        """The observation of ``side``: the envelope every game shares, then the game's
        :meth:`observe` at the same level (docs/front_end.md).

        The envelope: ``game``, ``side``, the :meth:`position` words, ``over``,
        ``deciding`` (``"you"``, ``"other"``: another side decides, or ``None``: the game
        is over) and ``decision`` (:meth:`Decision.to_json` for this side, else
        ``None``: of another side's decision nothing is shown but that it is pending).
        """
        decision = self.decision(state, data)
        own = decision is not None and decision.side == side
        envelope: dict[str, Any] = {
            "game": self.id,
            "side": side,
            **self.position(state),
            "over": decision is None,
            "deciding": None if decision is None else "you" if own else "other",
            "decision": decision.to_json(self.codec) if own and decision else None,
        }
        filled = self.observe(state, side, data)
        clash = sorted(set(filled) & set(envelope))
        if clash:
            raise NavalwarError(
                f"{self.id}'s observe() uses the envelope's keys {clash}: "
                "leave them to Game.observation"
            )
        envelope.update(filled)
        return envelope

    @abstractmethod
    def outcome(self, state: S, data: D) -> Outcome | None:
        """The result once the game is over."""

    def hidden_variants(self, state: S, side: str, data: D, dice: Dice) -> list[S]:
        """States differing from ``state`` only in facts hidden from ``side``."""
        return []

    def report(self, match: Match) -> str:
        """A readable battle report of a finished (or running) match."""
        return "\n".join(e.text for e in match.events if e.kind not in ("dice_rolled",))

    def record_extras(self, match: Match) -> dict[str, Any]:
        """Game facts for a batch-simulation record (:mod:`navalwar.batch`) of a finished
        match: ``turns`` played, ships ``sunk`` and ``damaged`` by side and type, any more
        (default: none)."""
        return {}

    def agents(self) -> Mapping[str, AgentFactory]:
        """The game's own agents by name, each a factory taking a seed (default: none;
        the core's ``random``, ``first`` and ``search`` play every game)."""
        return {}

    def odds(self) -> GameOdds | None:
        """The game's attack odds (:mod:`navalwar.odds`), or None if it has none."""
        return None

    def estimate(self, state: S, data: D) -> Outcome | None:
        """The result if the game ended now (a search rollout cut short), or None if the
        game cannot tell."""
        return None

    def draw(
        self, match: Match, whole_map: bool, caption: str | None, side: str | None
    ) -> str | None:
        """An SVG document of ``match``'s map (``navalwar render``): every hex if
        ``whole_map``, ``caption`` under the title if given, as ``side`` observes it
        (None: the game's choice). None: the game has no drawing."""
        return None

    def terminal_view(self) -> TerminalView | None:
        """How ``navalwar play`` shows the game (map, ship table, title); None: the
        core's default view."""
        return None

    def data_dir(self) -> Path | None:
        """The folder of the game's bundled data pack, or None if it has none."""
        return None

    def data_files(self) -> tuple[str, ...]:
        """The names of the data pack's files (``ships.csv``, ``scenarios/x.toml`` ...):
        by default every TOML and CSV file under :meth:`data_dir`, less ``sources/``."""
        from navalwar.datapack import pack_file_names

        root = self.data_dir()
        return () if root is None else pack_file_names(root)

    def ship_list(self, data: D) -> list[ShipInfo]:
        """The ships of the data pack ``data`` (``navalwar ships``); default: none listed."""
        return []

    def step(self, state: S, action: Action, data: D, dice: Dice, record: bool = False) -> S:
        """Apply ``action`` and advance, without a Match (for search and simulation)."""
        ctx = Context(dice, record)
        answering(self.decision(state, data), action)
        return self.advance(self.apply(state, action, data, ctx), data, ctx)


class _Snapshot(NamedTuple):
    """What :meth:`Match.undo` goes back to."""

    state: Any
    dice: tuple[int, ...]
    n_events: int
    n_actions: int


def load_pack(game: Game[Any, Any], dirs: Sequence[Path] = (), strict: bool = False) -> Any:
    """``game.load_data(dirs, strict)``, parsed once per process while its files are
    unchanged (keyed on :func:`navalwar.datapack.fingerprint`): a pack is frozen once
    loaded, so every match shares it, and starting a match costs no parsing. A pack
    that fails to load is not kept, so the next call reports the problem again."""
    from navalwar.datapack import fingerprint

    resolved = tuple(str(Path(d).resolve()) for d in dirs)
    key = (type(game), game.id, resolved, strict, fingerprint(game, [Path(d) for d in dirs]))
    pack = _PACKS.get(key)
    if pack is None:
        pack = game.load_data(dirs, strict)
        while len(_PACKS) >= _PACKS_KEPT:
            del _PACKS[next(iter(_PACKS))]
        _PACKS[key] = pack
    return pack


def read_scenario_file(name: str) -> str:
    """The text of the scenario file ``name`` (DataError if it cannot be read or is too large)."""
    from navalwar.datapack import is_file, read_user_file

    if not is_file(Path(name)):
        raise DataError("no such scenario file", file=clip(name))
    try:
        return read_user_file(Path(name)).decode("utf-8")
    except UnicodeDecodeError:
        raise DataError("not UTF-8 text", file=clip(name)) from None


class Match:
    """A game being played: the session around a game's pure functions."""

    def __init__(
        self,
        game: Game[Any, Any],
        scenario_name: str,
        scenario: Any,
        data: Any,
        seed: int,
        options: dict[str, OptionValue],
        dice: Dice | None = None,
        data_dirs: tuple[str, ...] = (),
        strict: bool = False,
        log_events: bool = True,
        scenario_text: str | None = None,
    ) -> None:
        self.game = game
        self.scenario_name = scenario_name
        self.scenario = scenario
        self.scenario_text = scenario_text  # a scenario file's content (None: a bundled id)
        self.data = data
        self.seed = seed
        self.options = options
        self.data_dirs = data_dirs
        self.strict = strict
        self.log_events = log_events
        self._dice = dice if dice is not None else Dice(seed)
        self.events: list[Event] = []
        self.actions: list[Action] = []
        self.deciders: list[str] = []  # the side that chose each action
        self._undo: list[_Snapshot] = []
        # the decision of the state it was worked out for (see :attr:`decision`)
        self._decided: tuple[Any, Any, Decision | None] | None = None
        ctx = self._context()
        state = game.initial_state(scenario, data, options, ctx)
        self.state: Any = game.advance(state, data, ctx)
        self._settled(ctx)
        self.events.extend(ctx.events)

    # -- construction ---------------------------------------------------------
    @classmethod
    def start(
        cls,
        game: str | Game[Any, Any],
        scenario: str,
        *,
        seed: int = 0,
        options: dict[str, Any] | None = None,
        data: Sequence[str | Path] = (),
        strict: bool = False,
        dice: Dice | None = None,
        use_env: bool = True,
        log_events: bool = True,
        scenario_text: str | None = None,
    ) -> Match:
        """Start ``scenario`` (a bundled id or a path to a TOML file) of ``game``.

        A scenario file is read once (at most :data:`navalwar.datapack.MAX_FILE_BYTES`)
        and its content kept in the match (``scenario_text``), so that a save holds it.

        Args:
            game: a game id or object.
            scenario: a bundled scenario id, or a path to a scenario file (with
                ``scenario_text``: only the name the scenario goes by).
            seed: the dice seed; the same seed, scenario, options and actions
                give the identical event log.
            options: rules options (see the game's spec); unknown names raise.
            data: override data directories (an owner's transcription).
            strict: refuse data below ``historical`` provenance.
            dice: scripted dice for tests (replaces the seeded dice).
            use_env: also read the override directories in ``$NAVALWAR_DATA``.
            log_events: keep the event log; without it (batch simulation) a game
                plays the same, a little faster, but cannot be saved or replayed.
            scenario_text: the content of a scenario file (a save's copy of it):
                built from this, no file is opened.
        """
        from navalwar.datapack import is_scenario_file, override_dirs, parse_toml_text
        from navalwar.registry import load

        g = load(game) if isinstance(game, str) else game
        if not isinstance(seed, int) or isinstance(seed, bool) or seed < 0:
            raise InvalidActionError(
                f"the seed must be a non-negative whole number, not {excerpt(seed)}"
            )
        resolved = g.spec.resolve_options(options)
        dirs = override_dirs(data, use_env, g)
        pack = load_pack(g, dirs, strict)
        if scenario_text is None and is_scenario_file(scenario, g.scenarios()):
            scenario_text = read_scenario_file(scenario)
        if scenario_text is None:
            scen = g.load_scenario(scenario, pack)
        else:
            scen = g.scenario_from_document(
                parse_toml_text(scenario_text, scenario), scenario, pack
            )
        return cls(
            g,
            scenario,
            scen,
            pack,
            seed,
            resolved,
            dice,
            tuple(str(d.resolve()) for d in dirs),
            strict,
            log_events,
            scenario_text,
        )

    def _context(self) -> Context:
        return Context(self._dice, self.log_events)

    def _settled(self, ctx: Context) -> None:
        """Keep the decision the rules noted for the new state (see :meth:`Context.settle`)."""
        settled = ctx.settled
        if settled is not None and settled[0] is self.state:
            self._decided = (self.state, self.data, settled[1])

    # -- the session ------------------------------------------------------------
    @property
    def decision(self) -> Decision | None:
        """The pending decision, or None when the game is over.

        A game's ``decision`` is a pure function of the state and the data, so it is
        worked out once per state object (whichever way ``state`` was set: apply,
        undo, a caller's assignment) and kept until ``state`` or ``data`` changes.
        """
        state, data = self.state, self.data
        cached = self._decided
        if cached is not None and cached[0] is state and cached[1] is data:
            return cached[2]
        decision = self.game.decision(state, data)
        self._decided = (state, data, decision)
        return decision

    @property
    def is_over(self) -> bool:
        """Whether the game has ended."""
        return self.decision is None

    @property
    def outcome(self) -> Outcome | None:
        """The result, once the game is over."""
        return self.game.outcome(self.state, self.data)

    def legal_actions(self) -> list[Action]:
        """The enumerated legal actions of the pending decision (empty if sampled)."""
        d = self.decision
        return list(d.choices) if d is not None and d.choices is not None else []

    def apply(self, action: Action | Mapping[str, Any]) -> None:
        """Carry out ``action`` (an Action or its JSON form) for the pending decision.

        Raises:
            InvalidActionError: malformed, or not an action of this game.
            IllegalActionError: the rules forbid it now; the match is unchanged.
        """
        if not isinstance(action, Action) and isinstance(action, Mapping):
            action = self.game.codec.from_json(action)
        if not isinstance(action, Action) or action.tag not in self.game.codec.types:
            raise InvalidActionError(f"{excerpt(action)} is not an action of {self.game.id}")
        decision = answering(self.decision, action)
        dice_before = self._dice.snapshot()
        index_before = self._dice.index
        state_before = self.state
        ctx = self._context()
        try:
            state = self.game.apply(state_before, action, self.data, ctx)
            state = self.game.advance(state, self.data, ctx)
        except BaseException:
            self._dice.restore(dice_before)
            raise
        if self._dice.index != index_before or ctx.reveal:
            self._undo.clear()
        else:
            self._undo.append(
                _Snapshot(state_before, dice_before, len(self.events), len(self.actions))
            )
        self.state = state
        self._settled(ctx)
        self.events.extend(ctx.events)
        self.actions.append(action)
        self.deciders.append(decision.side)

    def can_undo(self) -> bool:
        """Whether an undo is possible (not past a chance event or reveal)."""
        return bool(self._undo)

    def undo(self) -> None:
        """Take back the last action, if no dice were rolled or facts revealed since."""
        if not self._undo:
            raise IllegalActionError(
                "undo", "nothing to undo since the last chance event or reveal"
            )
        snap = self._undo.pop()
        self.state = snap.state
        self._dice.restore(snap.dice)
        del self.events[snap.n_events :]
        del self.actions[snap.n_actions :]
        del self.deciders[snap.n_actions :]

    def observe(self, side: str) -> dict[str, Any]:
        """What ``side`` may know now (JSON-able): :meth:`Game.observation`."""
        if side not in self.game.spec.sides:
            from navalwar.errors import UnknownNameError

            raise UnknownNameError(f"side of {self.game.id}", side, self.game.spec.sides)
        return self.game.observation(self.state, side, self.data)

    def events_for(self, side: str) -> list[Event]:
        """The events ``side`` may see (an event with no ``sides`` is public)."""
        return [e for e in self.events if not e.sides or side in e.sides]

    def clone(self) -> Match:
        """An independent copy of the match (state values are shared, they are immutable)."""
        other = object.__new__(Match)
        other.__dict__.update(self.__dict__)
        other.events = list(self.events)
        other.actions = list(self.actions)
        other.deciders = list(self.deciders)
        other._undo = list(self._undo)
        other._dice = self._dice.clone()
        return other

    def report(self) -> str:
        """The game's battle report."""
        return self.game.report(self)

    # -- persistence --------------------------------------------------------------
    def _needs_log(self, what: str) -> None:
        if not self.log_events:
            raise NavalwarError(
                f"this match keeps no event log (started with log_events=False), so it "
                f"cannot be {what}; start it with the event log, or keep its seed and "
                "actions (Match.seed, Match.actions) to play it again"
            )

    def save(self, path: str | Path) -> None:
        """Write the match as JSON (atomically)."""
        from navalwar.serialization import save_match

        self._needs_log("saved")
        save_match(self, Path(path))

    @classmethod
    def load(cls, path: str | Path, data: Sequence[str | Path] = ()) -> Match:
        """Read a saved match and replay it to the saved position.

        A save names no file that is opened: its scenario is a bundled id or the copy of
        the scenario file it holds, and ``data`` gives the override data directories (a
        save made with other override files than these is refused, naming them).
        """
        from navalwar.serialization import load_match

        return load_match(Path(path), data)

    def replay(self) -> Match:
        """Replay seed + actions from the start; raise ReplayError unless the log is identical."""
        from navalwar.serialization import replay_match

        self._needs_log("replayed")
        return replay_match(self)
