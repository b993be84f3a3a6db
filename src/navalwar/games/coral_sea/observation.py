"""What each side may know (notes 8.1-8.3; 11.D, 11.F, 10.B, 3.7.B) and the hidden
variants the conformance suite checks it against.

A side sees its own everything. Of the enemy it sees the TF counters on the board (in
label order, with anonymous letters: never an id, 11.E, 28.3.3.G), ships outside TFs
(11.F), sunk ships, aircraft at bases or in the air (a CAP counter shows as ready until
3.7.B reveals it, 10.B), the limbo and destroyed piles, and every public reveal; never
an enemy TF's true hex, plot, contents or id, nor aircraft aboard its ships in TFs.

What an attack showed is kept (11.D "Components are revealed when a TF is attacked";
notes A17 "Knowledge persists, tagged with the turn"): ``sightings`` lists every enemy
ship afloat the side has seen in an attacked TF, with the hex and turn it was last seen
(never where it is now, nor its TF). The combat in progress is ``combat`` as the side may
see it (``combat_phase.combat_view``).
"""

from __future__ import annotations

from typing import Any

import attrs

from navalwar.dice import Dice
from navalwar.games.coral_sea import air_view, combat_phase, geo, victory
from navalwar.games.coral_sea.data import CoralSeaData
from navalwar.games.coral_sea.model import State, TaskForce
from navalwar.hexgrid import Hex, distance, hexes_within


def _label(data: CoralSeaData, h: Hex | None) -> str | None:
    return None if h is None else geo.label(data, h)


def observe(state: State, side: str, data: CoralSeaData) -> dict[str, Any]:
    """``side``'s observation (the game's part of the envelope)."""
    own_ships = []
    enemy_ships = []
    for s in state.ships:
        spec = data.ships[s.name]
        if s.side == side:
            own_ships.append(
                {
                    "name": s.name,
                    "side": s.side,
                    "type": spec.type,
                    "hex": _label(data, s.hex),
                    "tf": s.tf,
                    "flotation_hits": s.flotation_hits,
                    "gunnery_hits": s.gunnery_hits,
                    "sunk": s.sunk,
                    "flag": s.flag,
                    "out_of_play": s.out_of_play,
                }
            )
        elif s.sunk:
            enemy_ships.append({"name": s.name, "side": s.side, "type": spec.type, "sunk": True})
        elif s.tf is None and s.hex is not None and not s.out_of_play:
            enemy_ships.append(
                {
                    "name": s.name,
                    "side": s.side,
                    "type": spec.type,
                    "hex": _label(data, s.hex),
                    "sunk": False,
                }
            )
    sunk = {s.name for s in state.ships if s.sunk}
    sightings = sorted(
        (turn, _label(data, h) or "", name)
        for who, name, h, turn in state.sightings
        if who == side and name not in sunk
    )
    own_tfs = [
        {
            "id": tf.id,
            "hex": _label(data, tf.hex),
            "counter": _label(data, tf.counter),
            "revealed": tf.revealed,
            "enters": tf.enters,
            "entry_hex": _label(data, tf.entry_hex),
            "moves_from": tf.moves_from,
            "held": tf.held,
            "ships": [s.name for s in state.ships_of(tf)],
        }
        for tf in state.task_forces
        if tf.side == side
    ]
    counters = sorted(
        (_label(data, tf.counter) or "", tf.revealed)
        for tf in state.task_forces
        if tf.side != side and tf.counter is not None
    )
    enemy_counters = [
        {
            "label": chr(ord("A") + i % 26) + ("" if i < 26 else str(i // 26)),
            "hex": h,
            "revealed": r,
        }
        for i, (h, r) in enumerate(counters)
    ]
    markers = [
        {
            "hex": c["hex"],
            "glyph": "T",
            "note": "enemy TF counter" + (" (revealed)" if c["revealed"] else ""),
        }
        for c in enemy_counters
    ]
    markers += [{"hex": geo.label(data, h), "glyph": "*", "note": "squall"} for h in state.squalls]
    markers += [
        {"hex": geo.label(data, h), "glyph": "!", "note": how}
        for h, how in sorted(state.reveals, key=lambda r: (geo.label(data, r[0]), r[1]))
    ]
    plots = state.plots.view(side) if state.plots is not None else None
    return {
        "scenario": state.scenario.id,
        "night": state.night,
        "initiative": state.initiative,
        "initiative_rolls": {s: r for s, r in state.initiative_rolls},
        "wind": state.wind,
        "squalls": [geo.label(data, h) for h in state.squalls],
        "bases": [
            {
                "name": b.name,
                "controller": b.controller,
                "out_until": b.out_until,
                "damaged": b.damaged,
            }
            for b in state.bases
        ],
        "damaged_towns": list(state.damaged_towns),  # public (25.4.7.C; notes A58)
        "vp": victory.scores(state, data),
        "task_forces": own_tfs,
        "enemy_tf_counters": enemy_counters,
        "ships": own_ships + enemy_ships,
        "sightings": [
            {"name": name, "type": data.ships[name].type, "hex": h, "turn": turn}
            for turn, h, name in sightings
        ],
        **air_view.observe_air(state, data, side),  # csair: counters as the side sees them
        "reveals": sorted([geo.label(data, h), how] for h, how in state.reveals),
        "set_up": list(state.setup_done),
        "plots": plots,
        "combat": combat_phase.combat_view(state, side, data),
        "markers": markers,
    }


def _touching(state: State, side: str) -> set[Hex]:
    """Hexes where ``side``'s own units are (ships, aircraft in the air) or combat is
    being fought in the open: an enemy TF there meets them, so where it is is no longer
    hidden (25.B). Not the hexes still to come, nor one with only a possible
    bombardment: which those are is the enemy's secret (25.4.7.A)."""
    out = {s.hex for s in state.ships if s.side == side and s.hex is not None and not s.sunk}
    out |= {a.hex for a in state.air.aircraft if a.side == side and a.hex is not None}
    current = state.combat.current if state.combat is not None else None
    if current is not None and current.pending != "quiet":
        out.add(current.hex)
    return out


def _movable(tf: TaskForce, side: str, state: State, touching: set[Hex]) -> bool:
    return (
        tf.side != side
        and tf.hex is not None
        and not tf.revealed
        and tf.hex not in touching
        and bool(state.ships_of(tf))
    )


def _renumbered(state: State, side: str) -> State | None:
    """``state`` with the enemy's TFs renumbered and listed in another order (11.B, 11.E:
    the numbers are the owner's; 28.3.3.G), or None where the ids are written elsewhere
    (a plot, an AA formation made) or there are fewer than two. Reconnaissance sources
    used (``"<side>:tf:<id>:<n>"``, ``"<side>:marker:<id>"``) are renamed with them."""
    enemy = [tf for tf in state.task_forces if tf.side != side]
    current = state.combat.current if state.combat is not None else None
    if current is not None and current.formed:
        return None
    if len(enemy) < 2 or state.plots is not None:
        return None
    ids = [tf.id for tf in enemy]
    new = dict(zip(ids, ids[1:] + ids[:1], strict=True))
    ships = tuple(
        attrs.evolve(s, tf=new[s.tf]) if s.side != side and s.tf in new else s for s in state.ships
    )
    mine = iter(reversed([attrs.evolve(tf, id=new[tf.id]) for tf in enemy]))
    tfs = tuple(next(mine) if tf.side != side else tf for tf in state.task_forces)
    return attrs.evolve(
        state,
        ships=ships,
        task_forces=tfs,
        recon_used=tuple(_rekey(k, new, side) for k in state.recon_used),
    )


def _rekey(key: str, new: dict[str, str], side: str) -> str:
    """A reconnaissance key of the enemy of ``side`` with its TF id renamed."""
    parts = key.split(":")
    if len(parts) >= 3 and parts[0] != side and parts[1] in ("tf", "marker") and parts[2] in new:
        parts[2] = new[parts[2]]
    return ":".join(parts)


def hidden_variants(state: State, side: str, data: CoralSeaData, dice: Dice) -> list[State]:
    """States ``side`` cannot tell from ``state``: an unseen enemy TF elsewhere (within two
    hexes of its counter if it has one), two enemy TFs' ships exchanged, the enemy's TFs
    renumbered and reordered, an enemy plot changed before it is carried out."""
    out: list[State] = []
    renumbered = _renumbered(state, side)
    if renumbered is not None:
        out.append(renumbered)
    plotted = state.plots is not None and any(s != side for s in state.plots.committed)
    # (an enemy that has plotted its moves from where its TFs are keeps them there)
    touching = _touching(state, side)
    enemy = (
        [] if plotted else [tf for tf in state.task_forces if _movable(tf, side, state, touching)]
    )
    for tf in enemy[:3]:
        assert tf.hex is not None
        centre = tf.counter if tf.counter is not None else tf.hex
        reach = 2 if tf.counter is not None else 3
        options = [
            h
            for h in geo.sea_hexes(data, hexes_within(centre, reach))
            if h != tf.hex
            and h not in touching
            and (tf.counter is None or distance(h, tf.counter) <= 2)
        ]
        if not options:
            continue
        to = dice.choose(options, "variant hex")
        ships = tuple(
            attrs.evolve(s, hex=to) if s.tf == tf.id and s.side == tf.side else s
            for s in state.ships
        )
        tfs = tuple(attrs.evolve(t, hex=to) if t is tf else t for t in state.task_forces)
        out.append(attrs.evolve(state, ships=ships, task_forces=tfs))
    if len(enemy) >= 2:
        a, b = enemy[0], enemy[1]
        # (ships without aircraft: where a carrier is decides where its flights land)
        sa = [s for s in state.ships_of(a) if not data.ships[s.name].capacity]
        sb = [s for s in state.ships_of(b) if not data.ships[s.name].capacity]
        if sa and sb:
            x, y = sa[0], sb[-1]
            ships = tuple(
                attrs.evolve(s, tf=b.id, hex=b.hex)
                if s.name == x.name
                else attrs.evolve(s, tf=a.id, hex=a.hex)
                if s.name == y.name
                else s
                for s in state.ships
            )
            out.append(attrs.evolve(state, ships=ships))
    if state.plots is not None:
        for plots in state.plots.variants(side, lambda _who: [((), ())]):
            out.append(attrs.evolve(state, plots=plots))
    out.extend(air_view.cap_variants(state, side))  # csair: CAP and aboard-ship readiness
    out.extend(combat_phase.combat_variants(state, side))  # waves, surface choices (25.1.1.B)
    return out
