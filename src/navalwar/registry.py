"""The game registry: each game declares itself with a :class:`GameSpec`.

A game declares itself once: its :class:`~navalwar.engine.Game` object, with a
:class:`GameSpec`, registered as an entry point of group ``navalwar.games`` (see
:data:`GROUP`). ``navalwar.load(game_id)`` returns it; a misspelt id raises
:class:`~navalwar.errors.UnknownGameError` with a did-you-mean suggestion.
"""

from __future__ import annotations

import functools
import importlib.metadata
from typing import TYPE_CHECKING, Any

import attrs

from navalwar.errors import DataError, UnknownGameError, UnknownNameError, excerpt

if TYPE_CHECKING:
    from navalwar.engine import Game

OptionValue = bool | int | str


@attrs.frozen
class OptionSpec:
    """A rules option players may switch (an ambiguity reading or an optional rule).

    ``choices`` lists the values allowed (empty: any of the default's type, within
    ``minimum``..``maximum`` for a whole number, either bound open when None)."""

    name: str
    default: OptionValue
    help: str
    rule: str = ""
    choices: tuple[OptionValue, ...] = ()
    minimum: int | None = None
    maximum: int | None = None

    @property
    def allowed(self) -> str:
        """The values this option takes, for people (``"'all', 'any'"``, ``"-1 or more"``)."""
        if self.choices:
            return ", ".join(_show(c) for c in self.choices)
        if isinstance(self.default, bool):
            return "true, false"
        if isinstance(self.default, int):
            low, high = self.minimum, self.maximum
            if low is not None and high is not None:
                return f"{low} to {high}"
            if low is not None:
                return f"{low} or more"
            return "any whole number" if high is None else f"{high} or less"
        return "any text"

    def check(self, value: Any) -> OptionValue:
        """Return ``value`` if it is valid for this option, else raise DataError."""
        if isinstance(self.default, bool):
            if not isinstance(value, bool):
                raise DataError(f"option {self.name!r} takes true or false, not {excerpt(value)}")
        elif isinstance(self.default, int):
            if isinstance(value, bool) or not isinstance(value, int):
                raise DataError(f"option {self.name!r} takes a whole number, not {excerpt(value)}")
            if not -(2**63) <= value < 2**63:
                raise DataError(
                    f"option {self.name!r} takes a whole number of at most 64 bits, "
                    f"not {excerpt(value)}"
                )
            low, high = self.minimum, self.maximum
            if (low is not None and value < low) or (high is not None and value > high):
                raise DataError(f"option {self.name!r} takes {self.allowed}, not {value!r}")
        elif not isinstance(value, str):
            raise DataError(f"option {self.name!r} takes a string, not {excerpt(value)}")
        if self.choices and value not in self.choices:
            raise DataError(
                f"option {self.name!r} takes one of {self.allowed}, not {excerpt(value)}"
            )
        return value  # type: ignore[no-any-return]


def _show(value: OptionValue) -> str:
    return str(value).lower() if isinstance(value, bool) else repr(value)


@attrs.frozen
class ShipInfo:
    """One ship of a game's data pack, as ``navalwar ships`` lists it."""

    side: str
    code: str  # the counter's code or abbreviation
    name: str
    ship_class: str  # "" where the pack does not say
    type: str


@attrs.frozen
class GameSpec:
    """What a game declares about itself."""

    id: str
    title: str
    sides: tuple[str, ...]
    map_kind: str
    options: tuple[OptionSpec, ...] = ()
    rulebook: str = ""
    players: tuple[str, ...] = ()  # sides a person or agent plays (empty: every side)

    @property
    def playable_sides(self) -> tuple[str, ...]:
        """The sides that get decisions (the others are run by the rules themselves)."""
        return self.players or self.sides

    def side(self, name: str) -> str:
        """The side called ``name``, in any letter case (UnknownNameError otherwise)."""
        for side in self.sides:
            if side.lower() == name.strip().lower():
                return side
        raise UnknownNameError(f"side of {self.id}", name, self.sides)

    def agent_side(self, name: str) -> str:
        """The side an agent is given for (``--agent SIDE=NAME``): one that gets
        decisions, not one the rules play themselves (DataError)."""
        side = self.side(name)
        if side not in self.playable_sides:
            raise DataError(
                f"the rules play {side} in {self.id}, so it takes no agent; give an agent "
                f"for {' or '.join(self.playable_sides)}"
            )
        return side

    def resolve_options(self, given: dict[str, Any] | None) -> dict[str, OptionValue]:
        """Defaults overlaid with ``given``; unknown names raise UnknownNameError."""
        known = {o.name: o for o in self.options}
        out: dict[str, OptionValue] = {o.name: o.default for o in self.options}
        for name, value in (given or {}).items():
            spec = known.get(name)
            if spec is None:
                raise UnknownNameError(f"option of {self.id}", name, known)
            out[name] = spec.check(value)
        return out


GROUP = "navalwar.games"
"""The entry-point group games register in (``[project.entry-points."navalwar.games"]``,
name = the game id, value = ``"package.module:GAME"``, the game's declaration)."""

_added: dict[str, Game[Any, Any]] = {}
_loaded: dict[str, Game[Any, Any]] = {}


@functools.cache
def _entry_points() -> dict[str, importlib.metadata.EntryPoint]:
    """The installed games' entry points, by game id (read once per process)."""
    return {ep.name: ep for ep in importlib.metadata.entry_points(group=GROUP)}


def rescan() -> None:
    """Read the installed games' entry points again (after installing a game's
    distribution into the running interpreter); games already loaded are loaded anew."""
    _entry_points.cache_clear()
    _loaded.clear()


def games() -> list[str]:
    """The ids of every registered game: the installed entry points and those added
    with :func:`register`."""
    return sorted({*_entry_points(), *_added})


def register(game: Game[Any, Any]) -> None:
    """Add ``game`` (a declaration, a :class:`~navalwar.engine.Game`) at run time, under
    its ``spec.id`` (tests, notebooks); it replaces an installed game of that id."""
    from navalwar.engine import Game

    if not isinstance(game, Game):
        raise DataError(f"a game is registered as a navalwar.engine.Game, not {excerpt(game)}")
    _added[game.id] = game
    _loaded.pop(game.id, None)


def unregister(game_id: str) -> None:
    """Take back a game added with :func:`register` (an installed one stays)."""
    _added.pop(game_id, None)
    _loaded.pop(game_id, None)


def load(game_id: str) -> Game[Any, Any]:
    """Return the registered game ``game_id`` (loading its entry point once).

    Raises:
        UnknownGameError: no game has that id (with a did-you-mean suggestion).
        DataError: its entry point does not give a Game whose ``spec.id`` is ``game_id``.
    """
    game = _added.get(game_id) or _loaded.get(game_id)
    if game is not None:
        return game
    points = _entry_points()
    point = points.get(game_id)
    if point is None:
        raise UnknownGameError(game_id, games())
    from navalwar.engine import Game

    found = point.load()
    if not isinstance(found, Game):
        raise DataError(
            f"the entry point {point.value!r} of game {game_id!r} (group {GROUP}) gives "
            f"{excerpt(found)}, not a navalwar.engine.Game"
        )
    if found.spec.id != game_id:
        raise DataError(
            f"the entry point {game_id!r} (group {GROUP}) gives the game "
            f"{found.spec.id!r}: the entry point's name must be the game's spec.id"
        )
    _loaded[game_id] = found
    return found
