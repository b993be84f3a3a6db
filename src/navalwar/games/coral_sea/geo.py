"""Small questions about the map the rules ask through the ``Geography`` protocol: labels,
partial hexes, which bases a place name means, which landing modes a base takes (8.E)."""

from __future__ import annotations

from collections.abc import Iterable

from navalwar.errors import NavalwarError
from navalwar.games.coral_sea.data import BaseInfo, CoralSeaData
from navalwar.hexgrid import Hex


def label(data: CoralSeaData, h: Hex) -> str:
    """The printed label of ``h`` (``"1414"``)."""
    return data.geography.spec.label(h)


def hex_of(data: CoralSeaData, text: str, rule: str = "") -> Hex:
    """The hex labelled ``text``.

    Raises:
        NavalwarError: not a hex of the map.
    """
    try:
        return data.geography.spec.hex(text)
    except (NavalwarError, ValueError) as exc:
        raise NavalwarError(
            f"{text!r} is not a hex of the Coral Sea map ({rule or '2.1'})"
        ) from exc


def terrain(data: CoralSeaData, h: Hex) -> str:
    """``"sea"``, ``"partial"`` or ``"land"`` (the map may give a StrEnum of those)."""
    t = data.geography.terrain(h)
    return str(getattr(t, "value", t))


def is_partial(data: CoralSeaData, h: Hex) -> bool:
    """Whether ``h`` is a partial sea hex (15.H, 20.A)."""
    return terrain(data, h) == "partial"


def bases_named(data: CoralSeaData, name: str) -> tuple[BaseInfo, ...]:
    """The bases a scenario's name means: the base of that name, else every base whose
    name begins with it (``"Port Moresby"``: One and Two), in map order."""
    bases = data.geography.bases
    exact = tuple(b for b in bases if b.name == name)
    if exact:
        return exact
    return tuple(b for b in bases if b.name.startswith(name + " "))


def base(data: CoralSeaData, name: str) -> BaseInfo | None:
    """The base called ``name``, or None."""
    for b in data.geography.bases:
        if b.name == name:
            return b
    return None


def accepts(data: CoralSeaData, b: BaseInfo, mode: str) -> bool:
    """Whether base ``b`` takes aircraft of landing mode ``mode`` (2.2.7, 8.E): airfields C
    and L, seaplane bases R and W, an airfield in a partial sea hex every mode."""
    if is_partial(data, b.hex):
        return True
    if b.kind == "airfield":
        return mode in ("C", "L")
    return mode in ("R", "W")


def place_hex(data: CoralSeaData, name: str) -> Hex:
    """The hex of a place name or hex label (``"Rabaul"``, ``"4715"``)."""
    if name.isdigit():
        return hex_of(data, name)
    return data.geography.place(name)


def sea_hexes(data: CoralSeaData, hexes: Iterable[Hex]) -> list[Hex]:
    """The hexes of ``hexes`` on the map that ships may enter (6.B), in label order."""
    spec = data.geography.spec
    found = [h for h in hexes if spec.in_bounds(h) and data.geography.is_sea_passable(h)]
    return sorted(set(found), key=spec.label)
