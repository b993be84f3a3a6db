"""Building GWaS 1904 tactical battles by hand: for scripted battles, examples and tests.

``battle([ship("J:B06", "K11"), *squadron("R:DD-Puilki#1", 3, "K12")], "ulsan")`` is a
:class:`~navalwar.games.gwas_1904.battle.Battle` in its impulse phase with the named
counters placed, undamaged and at ER 6. Every builder reads the bundled data pack
(read once) unless it is given ``data``. (:mod:`.setup` is the rules' set-up, 7.2;
this module only assembles states.)
"""

from __future__ import annotations

import functools
from collections.abc import Iterable, Mapping
from typing import Any

import attrs

from navalwar.games.gwas_1904 import GAME
from navalwar.games.gwas_1904.battle import Battle, BattleShip, Rules
from navalwar.games.gwas_1904.combat import Log, ShipDamage
from navalwar.games.gwas_1904.game import GData
from navalwar.games.gwas_1904.overlay import load_overlay
from navalwar.games.gwas_1904.scenario import BattleScenario
from navalwar.games.gwas_1904.sides import JAPAN, SIDE_OF
from navalwar.games.gwas_1904.tactical_map import hex_of
from navalwar.registry import OptionValue


@functools.cache
def bundled_data() -> GData:
    """The bundled data pack, read once."""
    return GAME.load_data()


def bundled_rules() -> Rules:
    """The bundled data pack's rules (ship data and tables)."""
    return bundled_data().rules


@functools.cache
def _numbers() -> dict[str, str]:
    """The bundled scenarios' ids by their rulebook number (``"BS6"``: ``"ulsan"``)."""
    data = bundled_data()
    return {
        GAME.load_scenario(name, data).rule.removeprefix("GWaS "): name for name in GAME.scenarios()
    }


def scenario_id(name: str) -> str:
    """The id of a bundled scenario given by id or by its rulebook number ``BS1``-``BS8``."""
    return _numbers().get(name, name)


def scenario(name: str, data: GData | None = None) -> BattleScenario:
    """A bundled scenario by id (``"ulsan"``) or number (``"BS6"``), read with ``data``
    or the bundled pack (a pack reads each scenario once)."""
    return GAME.load_scenario(scenario_id(name), data or bundled_data())


def ship(
    key: str,
    where: str | None,
    *,
    spec: str = "",
    counter: str = "",
    data: GData | None = None,
    **fields: Any,
) -> BattleShip:
    """A counter's ship, undamaged: ``ship("J:B06", "K11")``; its side is read from the
    key's nation code (``J:``/``R:``), ``where`` is a hex label or None (off the map).

    Args:
        spec: the ship-data key when it is not ``key`` (a squadron member's class).
        counter: the counter it sits in (default: ``key``, a ship counter).
        fields: any other :class:`BattleShip` fields (``er``, ``seen``, ``damage`` ...);
            a fortress is outside the stacking limit (20.44) unless ``exempt`` is given.
    """
    spec_key = spec or key
    ship_spec = (data or bundled_data()).rules.specs[spec_key]
    values: dict[str, Any] = {
        "key": key,
        "spec": spec_key,
        "counter": counter or key,
        "side": SIDE_OF[key[0]],
        "hex": hex_of(where) if where else None,
        "damage": ShipDamage.new(ship_spec),
        "exempt": ship_spec.type == "FORT",
    }
    values.update(fields)
    return BattleShip(**values)


def squadron(
    counter: str, size: int, where: str | None, *, data: GData | None = None, **fields: Any
) -> list[BattleShip]:
    """A squadron counter's member ships (9.2): ``squadron("J:DD-Ikazuchi#1", 3, "K11")``
    gives ``J:DD-Ikazuchi#1.1`` .. ``J:DD-Ikazuchi#1.3`` of class ``J:DD-Ikazuchi``."""
    spec = counter.split("#")[0]
    return [
        ship(f"{counter}.{i + 1}", where, spec=spec, counter=counter, data=data, **fields)
        for i in range(size)
    ]


def hit(s: BattleShip, part: str, boxes: int) -> BattleShip:
    """The ship with ``boxes`` more boxes of ``part`` blacked out."""
    return attrs.evolve(s, damage=attrs.evolve(s.damage, track=s.damage.track.hit(part, boxes)))


def damaged(s: BattleShip, **lost: int) -> BattleShip:
    """The ship with more boxes blacked out per part: ``damaged(s, hull=2, primary=1)``."""
    for part, boxes in lost.items():
        s = hit(s, part, boxes)
    return s


def sink(s: BattleShip) -> BattleShip:
    """The ship with every hull box blacked out (8.0)."""
    return hit(s, "hull", s.damage.track.remaining("hull"))


def disabled(s: BattleShip) -> BattleShip:
    """The ship unable to sail (8.5)."""
    return attrs.evolve(s, damage=attrs.evolve(s.damage, unable=True))


def battle(
    ships: Iterable[BattleShip | list[BattleShip]],
    scen: str | BattleScenario = "ulsan",
    *,
    step: int = 2,
    impulse: int = 1,
    initiative: str = JAPAN,
    overlay: bool = True,
    options: Mapping[str, OptionValue] | None = None,
    data: GData | None = None,
    **fields: Any,
) -> Battle:
    """A battle about to begin ``step`` of ``impulse`` (in its impulse phase unless
    ``phase`` is given). The scenario gives the weather, time, date, formation, victory
    conditions and (if ``overlay``) its map overlay; ``options`` are the game's options
    (the rest at their defaults); commanders are absent unless ``commanders`` is given.
    ``ships`` may hold a squadron's list of members."""
    flat: list[BattleShip] = []
    for s in ships:
        flat.extend(s if isinstance(s, list) else [s])
    sc = scenario(scen, data) if isinstance(scen, str) else scen
    fields.setdefault("phase", "impulse")
    return Battle(
        tuple(flat),
        impulse=impulse,
        step=step,
        initiative=initiative,
        scenario=sc,
        overlay=load_overlay(sc.overlay) if sc.overlay and overlay else None,
        options=tuple(sorted(GAME.spec.resolve_options(dict(options or {})).items())),
        **fields,
    )


def logger() -> tuple[list[str], Log]:
    """A :class:`~navalwar.games.gwas_1904.combat.Log` for the rules functions that take
    one, and the texts it records."""
    lines: list[str] = []

    def log(kind: str, text: str, /, **data: Any) -> None:
        lines.append(text)

    return lines, log
