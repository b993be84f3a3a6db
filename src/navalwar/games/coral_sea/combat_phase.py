"""The Combat Phase (3.4, 25.0): every contact hex resolved to the end, in hex order.

``COMBAT`` is the Play of leaf ``combat.resolve``. A contact hex (notes 7.4) holds
airborne counters of both sides, or one side's bombers and a surface target of the
other, or ships of both sides whose presence one side has revealed this turn or
that sail outside a TF (notes A33; the one test is ``ship_movement.surface_contact``),
or ships beside an enemy base they may shell (25.4.7.A). Hexes are resolved in ascending label order
(A73), each through the stages of 25.0: air-to-air (25.1), the wrap-up (25.1.3),
AA formations and targets (25.2), AA and bombing wave by wave (25.2-25.3) and surface
action (25.4.1-25.4.6). Bombardment (25.4.7) is the phase's last question, asked of
every side that may have ships off an enemy base, targets or none (11.D: the question
must not show where they are); a hex with nothing but a possible bombardment is not
announced.

How it is driven: ``ask`` reads the decision the combat in progress waits for from
``State.combat``; each action's ``apply`` carries it out and plays on (dice, tables)
up to the next decision. The first decision of the phase is found by playing its
start on dice that refuse to roll (nothing before a hex's first decision rolls);
the first action then starts it for real. ``run`` ends the phase when nothing is
left. Secrets: the waves (25.1.1.B) and the surface movement choices (25.4.2.B) are
``navalwar.commitments``, revealed when every side has written; a side's loss,
abort, formation and target choices are public once made, as on the table.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from typing import Any

import attrs

from navalwar.commitments import open_commitments
from navalwar.dice import Dice, ScriptedDice
from navalwar.driver import Play
from navalwar.engine import Context, Decision, answering, typed
from navalwar.errors import IllegalActionError, NavalwarError
from navalwar.games.coral_sea import air_state as air
from navalwar.games.coral_sea import anti_aircraft as aa
from navalwar.games.coral_sea import bombardment as shore
from navalwar.games.coral_sea import bombing
from navalwar.games.coral_sea import surface_action as surface
from navalwar.games.coral_sea.air_to_air import (
    alive,
    bomb_factor,
    check_losses,
    check_waves,
    engage,
    remove,
    sample_waves,
)
from navalwar.games.coral_sea.combat_actions import (
    Abort,
    Bombard,
    ChooseLosses,
    DesignateTarget,
    FireGuns,
    FireTorpedoes,
    FormScreen,
    FormWaves,
    LoseAboard,
    ScreenShooter,
    SurfaceMove,
)
from navalwar.games.coral_sea.combat_state import (
    AIR_TO_AIR,
    ANTI_AIRCRAFT,
    BOMBARDMENT,
    BOMBING,
    DONE,
    SURFACE,
    WRAP_UP,
    CombatPhase,
    HexCombat,
    SurfaceAction,
    Wave,
)
from navalwar.games.coral_sea.data import CoralSeaData
from navalwar.games.coral_sea.model import Ship, State
from navalwar.games.coral_sea.ship_damage import apply_hits, ship_named, speed
from navalwar.games.coral_sea.ship_movement import surface_contact
from navalwar.games.coral_sea.table_types import (
    BREAK_OFF,
    CLOSE,
    PRIMARY,
    SECONDARY,
    STAND,
    Hits,
)
from navalwar.games.coral_sea.units import JAPAN, SIDES
from navalwar.hexgrid import Hex
from navalwar.registry import OptionSpec

OPTIONS = (
    OptionSpec(
        "interception_at_takeoff",
        False,
        "interceptors also fight enemy counters taking off from their target hex, even "
        "when those fly elsewhere (there, instead of their target; by default interceptors "
        "fight only counters whose target hex is theirs)",
        "14.3.A; notes A31",
    ),
    OptionSpec(
        "airfield_aa_at_ships",
        False,
        "an airfield also fires its AA at waves attacking ships in its hex (by default it "
        "fires only at waves attacking it or the aircraft on it)",
        "25.2.1; notes A50",
    ),
    OptionSpec(
        "surface_round_limit",
        12,
        "the most firing rounds of one surface action (an engine limit: the rules "
        "continue 'until naval action is broken off', 25.4.1.4)",
        "25.4.1.4",
        minimum=1,
    ),
)
_DEFAULTS = {o.name: o.default for o in OPTIONS}
_LIVING = (air.LIMBO, air.DESTROYED, air.OFF_MAP)
_NO_DECISION = "combat is waiting for no decision"


def _option(state: State, name: str) -> Any:
    return dict(state.options).get(name, _DEFAULTS[name])


def order(state: State) -> tuple[str, str]:
    """The sides, the initiative holder first (4.0; Japan before the first roll)."""
    first = state.initiative or JAPAN
    return (first, next(s for s in SIDES if s != first))


def other(side: str) -> str:
    """The opposing side."""
    return next(s for s in SIDES if s != side)


# -- what is where ------------------------------------------------------------------------------


def _base_hex(name: str | None, state: State, data: CoralSeaData) -> Hex | None:
    if name is None:
        return None
    for b in data.geography.bases:
        if b.name == name:
            return b.hex
    for s in state.ships:
        if s.name == name and not s.sunk:
            return s.hex
    return None


def planes_over(state: State, data: CoralSeaData, h: Hex) -> tuple[air.Aircraft, ...]:
    """The counters that fight in ``h``: airborne there, or on CAP over it (10.F), and
    not yet in combat this phase (25.C)."""
    fought = state.combat.fought if state.combat is not None else frozenset()
    out = []
    for a in state.air.aircraft:
        if a.id in fought:
            continue
        if _over(a, state, data, h):
            out.append(a)
    return tuple(out)


def ships_in(state: State, side: str, h: Hex) -> tuple[Ship, ...]:
    """``side``'s ships afloat in ``h`` (their true hex)."""
    return tuple(s for s in state.ships if s.side == side and s.hex == h and not s.sunk)


def bases_in(state: State, data: CoralSeaData, side: str, h: Hex) -> tuple[str, ...]:
    """The bases ``side`` controls in ``h`` (22.A), in map order."""
    held = {b.name for b in state.bases if b.controller == side}
    return tuple(b.name for b in data.geography.bases if b.hex == h and b.name in held)


def _is_bomber(a: air.Aircraft, data: CoralSeaData, state: State) -> bool:
    """A counter that may bomb in the hex it fights in (not one caught at take-off)."""
    return (
        a.mission in air.BOMBING
        and bomb_factor(a, data) > 0
        and a.id not in caught_at_takeoff(state)
    )


def _may_shell(state: State, data: CoralSeaData, side: str, h: Hex) -> bool:
    return bool(shore.targets(state, data, side, h)) and any(
        shore.may_bombard(s) for s in ships_in(state, side, h)
    )


def contact_hexes(state: State, data: CoralSeaData) -> tuple[Hex, ...]:
    """Every contact hex (notes 7.4, A33, 25.4.7.A), in ascending label order (A73)."""
    spots: set[Hex] = set()
    for a in state.air.aircraft:
        if a.status == air.AIRBORNE and a.hex is not None:
            spots.add(a.hex)
    spots.update(s.hex for s in state.ships if s.hex is not None and not s.sunk)
    label = data.geography.spec.label
    found = []
    for h in sorted(spots, key=label):
        planes = planes_over(state, data, h)
        sides = {a.side for a in planes}
        struck = any(
            _is_bomber(a, data, state)
            and (ships_in(state, other(a.side), h) or bases_in(state, data, other(a.side), h))
            for a in planes
        )
        if (
            len(sides) == 2
            or struck
            or surface_contact(state, h)
            or any(_may_shell(state, data, s, h) for s in SIDES)
        ):
            found.append(h)
    return tuple(found)


def attacker_of(state: State, data: CoralSeaData, h: Hex) -> str:
    """The attacking side in ``h`` (notes A46): the side owning no surface target there
    when the other owns one, else the initiative holder."""
    owns = [s for s in SIDES if ships_in(state, s, h) or bases_in(state, data, s, h)]
    if len(owns) == 1:
        return other(owns[0])
    return order(state)[0]


# -- state plumbing -----------------------------------------------------------------------------


def _hc(state: State) -> HexCombat:
    assert state.combat is not None and state.combat.current is not None
    return state.combat.current


def _set(state: State, hc: HexCombat | None, **phase: Any) -> State:
    assert state.combat is not None
    return attrs.evolve(state, combat=attrs.evolve(state.combat, current=hc, **phase))


def _label(data: CoralSeaData, h: Hex) -> str:
    return data.geography.spec.label(h)


def _living(state: State, wave: Wave) -> tuple[str, ...]:
    live = alive(state)
    return tuple(c for c in wave.aircraft if c in live)


def _planes(state: State, ids: Sequence[str]) -> tuple[air.Aircraft, ...]:
    by_id = {a.id: a for a in state.air.aircraft}
    return tuple(by_id[c] for c in ids)


def _bombers(state: State, data: CoralSeaData, wave: Wave) -> tuple[air.Aircraft, ...]:
    return tuple(a for a in _planes(state, _living(state, wave)) if _is_bomber(a, data, state))


def _sides_of(hc: HexCombat) -> tuple[list[int], list[int]]:
    att = [i for i, w in enumerate(hc.waves) if w.side == hc.attacker]
    dfn = [i for i, w in enumerate(hc.waves) if w.side != hc.attacker]
    return att, dfn


# -- starting -----------------------------------------------------------------------------------


def _begin_phase(state: State, data: CoralSeaData) -> State:
    """The phase started: counters caught at take-off fixed (14.3.A), contact hexes
    found, torpedo boxes cleared (25.4.6.B)."""
    ships = tuple(attrs.evolve(s, torpedo_salvos=0) if s.torpedo_salvos else s for s in state.ships)
    caught = caught_at_takeoff(attrs.evolve(state, combat=None))
    state = attrs.evolve(state, ships=ships, combat=CombatPhase(caught=caught))
    return _set(state, None, hexes=contact_hexes(state, data))


def _reveal_tf(state: State, side: str, h: Hex, to: str, ctx: Context, rule: str) -> State:
    """Reveal ``side``'s TFs in ``h`` and their ships to ``to`` (11.D; notes A17), who
    keeps what it saw (``State.sightings``: each ship, the hex, the turn)."""
    tfs = dict.fromkeys(s.tf for s in ships_in(state, side, h) if s.tf is not None)
    seen = {s.name for s in ships_in(state, side, h) if s.tf is not None}
    kept = tuple(x for x in state.sightings if not (x[0] == to and x[1] in seen))
    new = tuple((to, s.name, h, state.turn) for s in ships_in(state, side, h) if s.name in seen)
    state = attrs.evolve(state, sightings=kept + new)
    for tf in tfs:
        names = [s.name for s in ships_in(state, side, h) if s.tf == tf]
        ctx.log(
            "components_revealed",
            f"a {side} task force in {to}'s sight: {', '.join(names)}",
            rule,
            side=side,
            ships=names,
        )
    forces = tuple(
        attrs.evolve(t, revealed=True, counter=h) if t.id in tfs and t.side == side else t
        for t in state.task_forces
    )
    return attrs.evolve(state, task_forces=forces)


def _begin_hex(state: State, data: CoralSeaData, ctx: Context) -> State:
    assert state.combat is not None
    h, rest = state.combat.hexes[0], state.combat.hexes[1:]
    attacker = attacker_of(state, data, h)
    planes = planes_over(state, data, h)
    sides = tuple(s for s in order(state) if any(a.side == s for a in planes))
    if len(sides) == 1 and not any(
        _is_bomber(a, data, state)
        and (ships_in(state, other(a.side), h) or bases_in(state, data, other(a.side), h))
        for a in planes
    ):
        planes, sides = (), ()  # one side's counters with nothing to fight or bomb here
    quiet = not planes and not surface_contact(state, h)
    if quiet:  # only a possible bombardment: nobody else learns of it unless it happens
        shooter = attacker = next(s for s in order(state) if _may_shell(state, data, s, h))
        ctx.log_private(
            (shooter,),
            "combat_began",
            f"{shooter} may shell a base in {_label(data, h)}",
            "25.4.7.A",
            hex=_label(data, h),
            attacker=shooter,
        )
    else:
        ctx.log(
            "combat_began",
            f"combat in {_label(data, h)} ({attacker} attacking)",
            "25.B",
            hex=_label(data, h),
            attacker=attacker,
        )
    for side in SIDES:
        if any(_is_bomber(a, data, state) for a in planes if a.side == other(side)):
            state = _reveal_tf(state, side, h, other(side), ctx, "11.D")
    hc = HexCombat(
        hex=h,
        stage=AIR_TO_AIR if planes else SURFACE,
        attacker=attacker,
        plans=open_commitments("waves", "25.1.1.B", sides) if planes else None,
        pending="quiet" if quiet else "",
    )
    planes_ids = frozenset(a.id for a in planes)
    assert state.combat is not None
    return _set(state, hc, hexes=rest, fought=state.combat.fought | planes_ids)


# -- the automatic steps ------------------------------------------------------------------------


def _step(state: State, data: CoralSeaData, ctx: Context) -> State | None:
    """One step that needs no decision, or ``None`` when the phase has nothing left."""
    phase = state.combat
    if phase is None:
        return _begin_phase(state, data)
    if phase.current is None:
        return _begin_hex(state, data, ctx) if phase.hexes else None
    hc = phase.current
    if hc.pending == "quiet":  # only a possible bombardment: asked at the phase's end
        return _set(state, None, shore=(*phase.shore, hc.hex))
    if hc.deck:  # (asked unless nothing is left aboard to lose)
        return _set(state, attrs.evolve(hc, deck=hc.deck[1:]))
    stage = hc.stage
    if stage == AIR_TO_AIR:
        return _air_step(state, data, ctx, hc)
    if stage == WRAP_UP:
        return _wrap_step(state, data, hc)
    if stage == ANTI_AIRCRAFT:
        return _set(state, attrs.evolve(hc, stage=BOMBING, strike=0))
    if stage == BOMBING:
        return _bomb_step(state, data, ctx, hc)
    if stage == SURFACE:
        return _surface_step(state, data, ctx, hc)
    if stage == BOMBARDMENT:  # shelling, if any, is asked at the phase's end (25.4.7)
        broke = tuple((s, hc.hex) for s in (hc.surface.broke_off if hc.surface else ()))
        return _set(
            state,
            attrs.evolve(hc, stage=DONE, bombarded=SIDES),
            shore=(*phase.shore, hc.hex),
            broke_off=(*phase.broke_off, *broke),
        )
    ctx.log(
        "combat_ended",
        f"combat in {_label(data, hc.hex)} is over",
        "25.B",
        hex=_label(data, hc.hex),
    )
    return _set(state, None)


def _air_step(state: State, data: CoralSeaData, ctx: Context, hc: HexCombat) -> State:
    plans = hc.plans
    assert plans is not None and plans.complete
    if not plans.revealed:
        plans = plans.reveal(ctx)
        first = [hc.attacker] + [s for s in plans.sides if s != hc.attacker]
        waves = tuple(
            Wave(side, tuple(w)) for side in first if side in plans.sides for w in plans.value(side)
        )
        return _set(state, attrs.evolve(hc, plans=plans, waves=waves, engagement=(0, 0)))
    att, dfn = _sides_of(hc)
    i, j = hc.engagement
    while att and dfn and i < len(att):
        if j >= len(dfn) or not _living(state, hc.waves[att[i]]):
            i, j = i + 1, 0
            continue
        if not _living(state, hc.waves[dfn[j]]):
            j += 1
            continue
        wa, wd = hc.waves[att[i]], hc.waves[dfn[j]]
        a_ids, d_ids = _living(state, wa), _living(state, wd)
        x = engage(_planes(state, a_ids), _planes(state, d_ids), data, ctx)
        ctx.log(
            "air_engagement",
            f"wave {', '.join(a_ids)} ({x.first_column or 'no attack'}) meets "
            f"wave {', '.join(d_ids)} ({x.second_column or 'no attack'}): "
            f"they lose {x.first_loses} and {x.second_loses}",
            "25.1.2",
            attacking=list(a_ids),
            defending=list(d_ids),
            odds=[x.first_column, x.second_column],
            losses=[x.first_loses, x.second_loses],
        )
        losses = tuple(
            (w.side, k, n, "air")
            for w, k, n in ((wa, att[i], x.first_loses), (wd, dfn[j], x.second_loses))
            if n > 0
        )
        return _set(state, attrs.evolve(hc, engagement=(i, j + 1), losses=losses))
    return _set(state, attrs.evolve(hc, stage=WRAP_UP, engagement=(i, j)))


def _abort_candidates(state: State, data: CoralSeaData, hc: HexCombat, side: str) -> list[str]:
    """Counters with no bomb factor in ``side``'s waves that go on to bomb (25.1.3)."""
    out: list[str] = []
    for w in hc.waves:
        if w.side == side and _bombers(state, data, w):
            out += [a.id for a in _planes(state, _living(state, w)) if bomb_factor(a, data) == 0]
    return out


def _wrap_step(state: State, data: CoralSeaData, hc: HexCombat) -> State:
    done = tuple(
        s for s in order(state) if s in hc.wrapped or not _abort_candidates(state, data, hc, s)
    )
    if len(done) < 2:
        return _set(state, attrs.evolve(hc, wrapped=done))
    return _set(state, attrs.evolve(hc, wrapped=done, stage=ANTI_AIRCRAFT))


def _targets(state: State, data: CoralSeaData, hc: HexCombat, wave: Wave) -> tuple[str, ...]:
    """The targets ``wave`` may name (25.2, 25.3.B, 14.1): enemy ships afloat in the hex
    (their components are revealed, 11.D), and each enemy base's field and the
    aircraft on its ground; torpedo bombers attack only ships (14.1.3.A)."""
    enemy = other(wave.side)
    bombers = _bombers(state, data, wave)
    out = [s.name for s in ships_in(state, enemy, hc.hex)]
    if any(a.mission != air.TORPEDO for a in bombers):
        for b in bases_in(state, data, enemy, hc.hex):
            out += [f"airfield:{b}", f"ground:{b}"]
    return tuple(out)


def _formations_needed(state: State, data: CoralSeaData, hc: HexCombat) -> list[tuple[str, str]]:
    """(owner, TF) pairs whose AA formation is still to set (25.2.2.A); a TF of one ship
    has nothing to arrange (it fires at the waves attacking it, as an open ship)."""
    struck = {other(w.side) for w in hc.waves if _bombers(state, data, w)}
    out = []
    for side in order(state):
        if side in struck:
            ships = [s.tf for s in ships_in(state, side, hc.hex) if s.tf is not None]
            out += [
                (side, tf)
                for tf in dict.fromkeys(ships)
                if tf not in hc.formed and ships.count(tf) > 1
            ]
    return out


def _untargeted(state: State, data: CoralSeaData, hc: HexCombat) -> int | None:
    for k, w in enumerate(hc.waves):
        if w.target is None and _bombers(state, data, w) and _targets(state, data, hc, w):
            return k
    return None


def _role(hc: HexCombat, name: str) -> str:
    return dict(hc.screens).get(name, aa.SCREEN)


def _unfired_screen(state: State, hc: HexCombat, target: Ship) -> tuple[str, ...]:
    if target.tf is None or _role(hc, target.name) != aa.MAIN:
        return ()
    return tuple(
        s.name
        for s in ships_in(state, target.side, hc.hex)
        if s.tf == target.tf and _role(hc, s.name) == aa.SCREEN and s.name not in hc.screen_fired
    )


def _bomb_step(state: State, data: CoralSeaData, ctx: Context, hc: HexCombat) -> State:
    k = hc.strike
    if k >= len(hc.waves):
        return _set(state, attrs.evolve(hc, stage=SURFACE, pending=""))
    wave = hc.waves[k]
    if wave.target is None or not _bombers(state, data, wave):
        return _set(state, attrs.evolve(hc, strike=k + 1, pending=""))
    size = len(_living(state, wave))
    if hc.pending == "":  # AA fire at the wave (25.2)
        base = wave.target.partition(":")[2]
        if base:
            info = next(b for b in data.geography.bases if b.name == base)
            lost = aa.airfield_fire(info.efficiency, data, ctx, size)
            ctx.log("aa_fire", f"{base} AA: the wave loses {lost}", "25.2.1", by=base, losses=lost)
            return _losses_then(state, hc, k, lost, "bomb")
        target = ship_named(state, wave.target)
        if _unfired_screen(state, hc, target):
            return _set(state, attrs.evolve(hc, pending="shooter"))
        return _ship_aa(state, data, ctx, hc, k, (target,))
    # bombing (25.3, 14.1)
    state = _bomb(state, data, ctx, wave)
    return _set(state, attrs.evolve(_hc(state), strike=k + 1, pending=""))


def _ship_aa(
    state: State,
    data: CoralSeaData,
    ctx: Context,
    hc: HexCombat,
    k: int,
    firing: Sequence[Ship],
) -> State:
    """AA of ``firing`` (a screen ship, then the target) at wave ``k`` (25.2.2.B-C)."""
    size = len(_living(state, hc.waves[k]))
    total = 0
    for s in firing:
        lost = aa.ship_fire(s, data, ctx, size - total)
        total += lost
        ctx.log("aa_fire", f"{s.name} AA: the wave loses {lost}", "25.2.2", by=s.name, losses=lost)
    if _option(state, "airfield_aa_at_ships") and firing:  # notes A50, the other reading
        owner = firing[-1].side
        for base in bases_in(state, data, owner, hc.hex):
            info = next(b for b in data.geography.bases if b.name == base)
            lost = aa.airfield_fire(info.efficiency, data, ctx, size - total)
            total += lost
            ctx.log("aa_fire", f"{base} AA: the wave loses {lost}", "25.2.1", by=base, losses=lost)
    return _losses_then(state, hc, k, total, "bomb")


def _losses_then(state: State, hc: HexCombat, k: int, lost: int, then: str) -> State:
    losses = ((hc.waves[k].side, k, lost, "aa"),) if lost else ()
    return _set(state, attrs.evolve(hc, losses=losses, pending=then))


def _bomb(state: State, data: CoralSeaData, ctx: Context, wave: Wave) -> State:
    assert wave.target is not None
    kind, _, base = wave.target.partition(":")
    bombers = _bombers(state, data, wave)
    level = [a for a in bombers if a.mission == air.LEVEL]
    dive = [a for a in bombers if a.mission == air.DIVE]
    torpedo = [a for a in bombers if a.mission == air.TORPEDO]
    if base:
        results = []
        if level:
            total = sum(bomb_factor(a, data) for a in level)
            results.append(
                ([a.id for a in level], "level", bombing.level_airfield(total, data, ctx))
            )
        for a in dive:
            results.append(([a.id], "dive", bombing.dive_airfield(bomb_factor(a, data), data, ctx)))
        for ids, mission, r in results:
            ctx.log(
                "bombing",
                f"{mission} bombing of {wave.target}: {r.aircraft} destroyed"
                + (", field out" if r.field_out else ""),
                "25.3",
                by=ids,
                mission=mission,
                target=wave.target,
                result={"aircraft": r.aircraft, "field_out": r.field_out},
            )
            if kind == "ground" and r.aircraft and _on(state, base):
                # the owner picks the counters lost (asked once the wave has bombed)
                hc = _hc(state)
                state = _set(
                    state, attrs.evolve(hc, deck=(*hc.deck, (other(wave.side), base, r.aircraft)))
                )
            if kind == "airfield" and r.field_out:
                state = shore.damage_base(state, base, ctx, "14.1.2.B", shelled=False)
        return state
    attacks: list[tuple[list[str], str, Hits]] = []
    if level:
        total = sum(bomb_factor(a, data) for a in level)
        attacks.append(([a.id for a in level], "level", bombing.level_ships(total, data, ctx)))
        state = _hit(state, data, ctx, wave.target, attacks[-1])
    for a in dive:
        attacks.append(([a.id], "dive", bombing.dive_ship(bomb_factor(a, data), data, ctx)))
        state = _hit(state, data, ctx, wave.target, attacks[-1])
    for a in torpedo:
        attacks.append(([a.id], "torpedo", bombing.torpedo_ship(bomb_factor(a, data), data, ctx)))
        state = _hit(state, data, ctx, wave.target, attacks[-1])
    return state


def _hit(
    state: State,
    data: CoralSeaData,
    ctx: Context,
    target: str,
    attack: tuple[list[str], str, Hits],
) -> State:
    ids, mission, hits = attack
    ctx.log(
        "bombing",
        f"{mission} bombing of {target}: {hits.flotation} flotation, {hits.gunnery} gunnery",
        "25.3",
        by=ids,
        mission=mission,
        target=target,
        result={"flotation": hits.flotation, "gunnery": hits.gunnery},
    )
    return _hits(state, data, target, hits, ctx, "25.3")


def _hits(
    state: State, data: CoralSeaData, name: str, hits: Hits, ctx: Context, rule: str
) -> State:
    """``apply_hits``, the owner choosing the aircraft a carrier's first gunnery hit
    destroys (25.4.5.D; notes A56): the choice waits in ``HexCombat.deck``."""
    deferred: list[tuple[str, str, int]] = []
    state = apply_hits(state, data, name, hits, ctx, rule, deferred=deferred)
    if not deferred:
        return state
    hc = _hc(state)
    return _set(state, attrs.evolve(hc, deck=(*hc.deck, *deferred)))


# -- surface action -----------------------------------------------------------------------------


def _in_action(state: State, hc: HexCombat, side: str) -> tuple[Ship, ...]:
    """``side``'s ships afloat in the surface action: not withdrawn (25.4.2.C)."""
    gone = set(hc.surface.withdrawn) if hc.surface is not None else set()
    return tuple(s for s in ships_in(state, side, hc.hex) if s.name not in gone)


def _forces(state: State, hc: HexCombat) -> dict[str, tuple[Ship, ...]]:
    return {s: _in_action(state, hc, s) for s in SIDES}


def slowed(state: State, data: CoralSeaData, hc: HexCombat, side: str) -> tuple[str, ...]:
    """``side``'s ships in the action "reduced in movement due to combat damage", which it
    may leave behind when it breaks off (25.4.2.C)."""
    return tuple(
        s.name
        for s in _in_action(state, hc, side)
        if speed(s, data.ships[s.name]) < data.ships[s.name].speed
    )


def _firers(state: State, data: CoralSeaData, hc: HexCombat, side: str) -> list[tuple[str, str]]:
    sa = hc.surface
    assert sa is not None
    return [
        (s.name, b)
        for s in _in_action(state, hc, side)
        for b in surface.batteries_at(sa.range)
        if surface.battery_factor(s, b, data) > 0
    ]


def _torpedo_ships(state: State, data: CoralSeaData, hc: HexCombat, side: str) -> list[str]:
    sa = hc.surface
    assert sa is not None
    if sa.range != SECONDARY:  # torpedoes only at secondary range (25.4.2.D, 25.4.6.A)
        return []
    last = dict(sa.torpedo_rounds)
    return [
        s.name
        for s in _in_action(state, hc, side)
        if surface.may_fire_torpedoes(s, data, last.get(s.name), sa.round)
    ]


def _surface_step(state: State, data: CoralSeaData, ctx: Context, hc: HexCombat) -> State:
    if hc.surface_done:
        return _set(state, attrs.evolve(hc, stage=BOMBARDMENT))
    forces = _forces(state, hc)
    sa = hc.surface
    if sa is None:
        if not surface_contact(state, hc.hex):
            return _set(state, attrs.evolve(hc, surface_done=True))
        for side in SIDES:
            state = _reveal_tf(state, side, hc.hex, other(side), ctx, "25.4; 11.D")
        moves = open_commitments("surface movement choice", "25.4.2.B", order(state))
        return _set(state, attrs.evolve(hc, surface=SurfaceAction(PRIMARY, moves=moves)))
    if not all(forces.values()):
        return _set(state, attrs.evolve(hc, surface_done=True))
    if sa.section == "move":
        assert sa.moves is not None and sa.moves.complete
        moves = sa.moves.reveal(ctx)
        written = {s: moves.value(s) for s in SIDES}
        choices = {s: str(written[s][0]) for s in SIDES}
        leave = {s: tuple(written[s][1]) for s in SIDES}
        moving = {s: tuple(x for x in forces[s] if x.name not in leave[s]) for s in SIDES}
        chosen = surface.chooser(
            {s: moving[s] or forces[s] for s in SIDES}, choices, order(state)[0], data, ctx
        )
        band = surface.new_range(sa.range, choices[chosen], data)
        if choices[chosen] == BREAK_OFF and leave[chosen] and moving[chosen]:
            # the rest break off; the ships left behind stay at this range (25.4.2.C; A52)
            gone = tuple(x.name for x in moving[chosen])
            ctx.log(
                "surface_movement",
                f"{chosen} breaks off, leaving {', '.join(leave[chosen])} behind",
                "25.4.2.C",
                choices=choices,
                chosen=chosen,
                range=sa.range,
            )
            sa = attrs.evolve(
                sa,
                moves=moves,
                withdrawn=(*sa.withdrawn, *gone),
                left_behind=(*sa.left_behind, *leave[chosen]),
                section="gunnery",
                fired=(),
                broke_off=(*sa.broke_off, chosen),
            )
            return _set(state, attrs.evolve(hc, surface=sa))
        if sa.round >= int(_option(state, "surface_round_limit")) and band is not None:
            band = None  # the engine's limit on rounds (OPTIONS)
        ctx.log(
            "surface_movement",
            f"{chosen}'s choice ({choices[chosen]}) counts: "
            + (f"range {band}" if band else "the action is broken off"),
            "25.4.2",
            choices=choices,
            chosen=chosen,
            range=band,
        )
        broke = tuple(
            dict.fromkeys((*sa.broke_off, *(s for s in SIDES if choices[s] == BREAK_OFF)))
        )
        if band is None:
            return _set(
                state,
                attrs.evolve(
                    hc, surface_done=True, surface=attrs.evolve(sa, moves=moves, broke_off=broke)
                ),
            )
        return _set(
            state,
            attrs.evolve(
                hc,
                surface=attrs.evolve(
                    sa, moves=moves, range=band, section="gunnery", fired=(), broke_off=broke
                ),
            ),
        )
    if sa.section in ("gunnery", "torpedoes"):
        able = _firers if sa.section == "gunnery" else _torpedo_ships
        fired = tuple(s for s in order(state) if s in sa.fired or not able(state, data, hc, s))
        if len(fired) < 2:
            return _set(state, attrs.evolve(hc, surface=attrs.evolve(sa, fired=fired)))
        for name, flot, gun in sa.hits:  # marked together (A53)
            state = _hits(state, data, name, Hits(flot, gun), ctx, "25.4.5")
        if sa.section == "gunnery":
            nxt = attrs.evolve(sa, section="torpedoes", fired=(), hits=())
        else:
            moves = open_commitments("surface movement choice", "25.4.2.B", order(state))
            nxt = attrs.evolve(
                sa, section="move", fired=(), hits=(), round=sa.round + 1, moves=moves
            )
        return _set(state, attrs.evolve(_hc(state), surface=nxt))
    raise NavalwarError(f"unknown surface section {sa.section!r}")


# -- decisions ----------------------------------------------------------------------------------


def _context(data: CoralSeaData, hc: HexCombat) -> dict[str, Any]:
    return {"hex": _label(data, hc.hex), "stage": hc.stage}


def pending(state: State, data: CoralSeaData) -> Decision | None:
    """The decision combat in progress waits for, or ``None`` (pure: no dice, no log)."""
    phase = state.combat
    if phase is None:
        return None
    if phase.current is None:
        return None if phase.hexes else _shore_decision(state, data)
    hc = phase.current
    ctx = _context(data, hc)
    if hc.losses:
        return _loss_decision(state, hc, ctx)
    if hc.deck:
        owner, at, count = hc.deck[0]
        planes = _on(state, at)
        if planes or _hidden_deck(state, at):  # (a deck in a TF is asked, empty or not)
            return _deck_decision(state, owner, at, planes, min(count, len(planes)), ctx)
    if hc.stage == AIR_TO_AIR and hc.plans is not None and not hc.plans.complete:
        return _wave_decision(state, data, hc, hc.plans.waiting[0], ctx)
    if hc.stage == WRAP_UP:
        for side in order(state):
            if side not in hc.wrapped:
                cands = _abort_candidates(state, data, hc, side)
                if cands:
                    return _abort_decision(side, tuple(cands), ctx)
    if hc.stage == ANTI_AIRCRAFT:
        need = _formations_needed(state, data, hc)
        if need:
            side, tf = need[0]
            ships = tuple(s.name for s in ships_in(state, side, hc.hex) if s.tf == tf)
            return _screen_decision(side, tf, ships, ctx)
        k = _untargeted(state, data, hc)
        if k is not None:
            w = hc.waves[k]
            choices = tuple(DesignateTarget(k, t) for t in _targets(state, data, hc, w))
            return Decision(
                w.side,
                "designate_target",
                "25.2.2.B",
                f"Name the target of wave {k + 1} ({', '.join(_living(state, w))})",
                choices=choices,
                context={**ctx, "wave": list(_living(state, w))},
            )
    if hc.stage == BOMBING and hc.pending == "shooter":
        w = hc.waves[hc.strike]
        assert w.target is not None
        target = ship_named(state, w.target)
        shooters = _unfired_screen(state, hc, target)
        return Decision(
            target.side,
            "screen_shooter",
            "25.2.2.C",
            f"Pick the screen ship that fires at the wave attacking {target.name}",
            choices=tuple(ScreenShooter(s) for s in shooters),
            context=ctx,
        )
    if hc.stage == SURFACE and hc.surface is not None and not hc.surface_done:
        return _surface_decision(state, data, hc, ctx)
    return None


# -- the shore question (25.4.7.A) -------------------------------------------------------------


def shore_due(state: State, data: CoralSeaData, side: str) -> bool:
    """Whether ``side`` is asked the shore question this phase: it has a ship afloat and
    the enemy holds a base, or towns may be shelled (option ``town_bombardment``, A58).
    Public facts only, so that being asked tells the enemy nothing of where its ships
    are (11.D); a side with nothing to shell holds fire."""
    towns = bool(state.option("town_bombardment", True)) and data.geography.has_towns()
    return (towns or any(b.controller == other(side) for b in state.bases)) and any(
        s.side == side and not s.sunk for s in state.ships
    )


def shore_targets(state: State, data: CoralSeaData, side: str) -> tuple[str, ...]:
    """The enemy bases ``side``'s undamaged ships may shell now (25.4.7.A): one a hex,
    not where it broke off (25.4.7.B), in the order the hexes were resolved."""
    phase = state.combat
    if phase is None:
        return ()
    done = {h for s, h in (*phase.shelled, *phase.broke_off) if s == side}  # 25.4.7.B
    return tuple(
        b
        for h in phase.shore
        if h not in done and _may_shell(state, data, side, h)
        for b in shore.targets(state, data, side, h)
    )


def _shore_hex(state: State, data: CoralSeaData, side: str, base: str) -> Hex:
    assert state.combat is not None
    return next(h for h in state.combat.shore if base in shore.targets(state, data, side, h))


def _shore_decision(state: State, data: CoralSeaData) -> Decision | None:
    """At the phase's end each side (initiative first) shells enemy bases where its
    undamaged ships are, one at a time, or holds fire (25.4.7): in the hexes fought
    over (unless it broke off there, 25.4.7.B) and those where nothing else is. Every
    side :func:`shore_due` is asked, targets or none, so that neither the question nor
    when it comes shows the enemy where its ships are (11.D)."""
    assert state.combat is not None
    for side in order(state):
        if side in state.combat.shore_done or not shore_due(state, data, side):
            continue
        targets = shore_targets(state, data, side)

        def check(action: Bombard, targets: tuple[str, ...] = targets) -> str | None:
            if action.target and action.target not in targets:
                named = ", ".join(targets) or "none"
                return f"{action.target!r} is not one your ships may shell ({named}), or ''"
            return None

        def sample(dice: Dice, targets: tuple[str, ...] = targets) -> Bombard:
            return Bombard(dice.choose(("", *targets), "shore bombardment"))

        return Decision(
            side,
            "bombard",
            "25.4.7",
            "Shore bombardment: shell an enemy base or a town where your undamaged ships"
            " are, or hold fire ('')",
            None,
            typed(Bombard, check),
            sample,
            context={"targets": list(targets)},
            tags=(Bombard.tag,),
        )
    return None


def _loss_decision(state: State, hc: HexCombat, ctx: dict[str, Any]) -> Decision:
    side, k, count, cause = hc.losses[0]
    living = _living(state, hc.waves[k])
    n = min(count, len(living))
    rule = "25.1.2.C" if cause == "air" else "25.2.2.D"
    return Decision(
        side,
        "choose_losses",
        rule,
        f"Choose {n} counter(s) of your wave lost to {'air combat' if cause == 'air' else 'AA'}",
        choices=tuple(ChooseLosses(c) for c in itertools.combinations(living, n)),
        context={**ctx, "wave": list(living), "count": n},
    )


def _on(state: State, at: str) -> tuple[str, ...]:
    """The counters aboard ship ``at``, or on the ground at base ``at`` (ready or down)."""
    return tuple(
        a.id for a in state.air.aircraft if a.base == at and a.status in (air.READY, air.DOWN)
    )


def _is_ship(state: State, name: str) -> bool:
    return any(s.name == name for s in state.ships)


def _hidden_deck(state: State, name: str) -> bool:
    """Whether ``name`` is a ship in a TF, whose deck the enemy does not see (11.D): its
    owner is asked for its losses even with nothing aboard, so that being asked shows
    the enemy nothing."""
    return any(s.name == name and s.tf is not None for s in state.ships)


def _deck_decision(
    state: State, side: str, at: str, planes: tuple[str, ...], n: int, ctx: dict[str, Any]
) -> Decision:
    ship = _is_ship(state, at)
    rule = "25.4.5.D" if ship else "25.3.B"
    where = f"aboard {at}" if ship else f"on the ground at {at}"

    def check(action: LoseAboard) -> str | None:
        if action.at != at:
            return f"the losses asked are {where}, not at {action.at!r}"
        bad = [c for c in action.aircraft if c not in planes]
        if bad:
            return f"{', '.join(bad)} is not {where} ({rule})"
        if len(set(action.aircraft)) != len(action.aircraft) or len(action.aircraft) != n:
            return f"name {n} different counters {where} ({rule})"
        return None

    def sample(dice: Dice) -> LoseAboard:
        return LoseAboard(at, tuple(sorted(dice.shuffled(planes, "aircraft lost")[:n])))

    return Decision(
        side,
        "lose_aboard",
        rule,
        f"Choose the {n} counter(s) {where} that are lost"
        + (" to its first gunnery hit (half, rounded down)" if ship else " to the bombing")
        + ("" if n else ": none is lost, name none"),
        validate=typed(LoseAboard, check),
        sample=sample,
        tags=(LoseAboard.tag,),
        context={**ctx, "at": at, "aboard": list(planes), "count": n},
    )


def _wave_decision(
    state: State, data: CoralSeaData, hc: HexCombat, side: str, ctx: dict[str, Any]
) -> Decision:
    fought = state.combat.fought if state.combat is not None else frozenset()
    present = tuple(  # the counters of this hex, marked as fought when it began
        a
        for a in state.air.aircraft
        if a.side == side and a.id in fought and _over(a, state, data, hc.hex)
    )

    def check(action: FormWaves) -> str | None:
        return check_waves(side, action.waves, present)

    def sample(dice: Dice) -> FormWaves:
        rest = range(sum(1 for a in present if a.status != air.CAP))
        shuffled = list(dice.shuffled(rest, "random waves"))
        sizes = [dice.roll(5, "wave size") for _ in present]
        return FormWaves(sample_waves(present, shuffled, sizes))

    if len(present) == 1:  # one counter, one wave: the only choice (the driver forces it)
        only = FormWaves(((present[0].id,),))
        return Decision(
            side,
            "form_waves",
            "25.1.1",
            f"Form your counter in {ctx['hex']} into a wave",
            choices=(only,),
            context={**ctx, "aircraft": [present[0].id]},
        )
    return Decision(
        side,
        "form_waves",
        "25.1.1",
        f"Form your {len(present)} counter(s) in {ctx['hex']} into waves of five or fewer "
        "(CAP first), in the order they fight",
        validate=typed(FormWaves, check),
        sample=sample,
        tags=(FormWaves.tag,),
        context={**ctx, "aircraft": [a.id for a in present]},
    )


def caught_at_takeoff(state: State) -> frozenset[str]:
    """The counters that fight in the hex they took off from (14.3.A; notes A31, option
    ``interception_at_takeoff``): counters "taking off from an airfield or carrier in the
    interceptor's target hex are deemed to be entering it", so a counter that flew this
    turn from a hex (its launch hex, 13.B) that enemy interceptors target meets them
    there, its one air combat of the phase (25.C); it bombs nothing there. Interceptors
    themselves are not caught (each counter's combat hex stays single). Fixed when the
    phase begins (``CombatPhase.caught``), whatever happens to the interceptors."""
    if state.combat is not None:
        return state.combat.caught
    if not _option(state, "interception_at_takeoff"):
        return frozenset()
    aloft = [a for a in state.air.aircraft if a.status == air.AIRBORNE]
    waiting = {(b.side, b.hex) for b in aloft if b.mission == air.INTERCEPTION}
    return frozenset(
        a.id
        for a in aloft
        if a.mission != air.INTERCEPTION
        and a.origin is not None
        and a.origin != a.hex
        and not a.airborne_since  # a long-range counter aloft from before took off nowhere now
        and (other(a.side), a.origin) in waiting
    )


def _over(a: air.Aircraft, state: State, data: CoralSeaData, h: Hex) -> bool:
    if a.status == air.AIRBORNE:
        return (a.origin if a.id in caught_at_takeoff(state) else a.hex) == h
    return a.status == air.CAP and (a.hex or _base_hex(a.base, state, data)) == h


def _abort_decision(side: str, cands: tuple[str, ...], ctx: dict[str, Any]) -> Decision:
    def check(action: Abort) -> str | None:
        bad = [c for c in action.aircraft if c not in cands]
        if bad:
            return f"{', '.join(bad)} may not abort: only counters with no bomb factor (25.1.3)"
        if len(set(action.aircraft)) != len(action.aircraft):
            return "a counter is named twice"
        return None

    def sample(dice: Dice) -> Abort:
        return Abort(tuple(c for c in cands if dice.roll(2, "abort?") == 2))

    return Decision(
        side,
        "abort",
        "25.1.3",
        "Name the counters without a bomb factor that abort (none: all stay as flak suppression)",
        validate=typed(Abort, check),
        sample=sample,
        tags=(Abort.tag,),
        context={**ctx, "may_abort": list(cands)},
    )


def _screen_decision(side: str, tf: str, ships: tuple[str, ...], ctx: dict[str, Any]) -> Decision:
    def check(action: FormScreen) -> str | None:
        if action.tf != tf:
            return f"the formation asked is {tf}'s, not {action.tf!r}"
        try:
            aa.check_formation(tf, ships, action.screen)
        except IllegalActionError as e:
            return e.why
        return None

    def sample(dice: Dice) -> FormScreen:
        return FormScreen(tf, tuple(s for s in ships if dice.roll(2, "screen?") == 2))

    return Decision(
        side,
        "form_screen",
        "25.2.2.A",
        f"Put the ships of {tf} in the screen (the rest form the main body)",
        validate=typed(FormScreen, check),
        sample=sample,
        tags=(FormScreen.tag,),
        context={**ctx, "tf": tf, "ships": list(ships)},
    )


def _surface_decision(
    state: State, data: CoralSeaData, hc: HexCombat, ctx: dict[str, Any]
) -> Decision | None:
    sa = hc.surface
    assert sa is not None
    if not all(_forces(state, hc).values()):  # one side has no ship afloat: it is over
        return None
    ctx = {**ctx, "range": sa.range, "round": sa.round}
    if sa.section == "move" and sa.moves is not None and not sa.moves.complete:
        side = sa.moves.waiting[0]
        slow = slowed(state, data, hc, side)
        if len(slow) > 3:  # every subset would be too many: none, or all of them
            leaves = [(), slow]
        else:
            leaves = [c for n in range(len(slow) + 1) for c in itertools.combinations(slow, n)]
        options = [SurfaceMove(CLOSE), SurfaceMove(STAND)]
        options += [SurfaceMove(BREAK_OFF, tuple(x)) for x in leaves]
        return Decision(
            side,
            "surface_move",
            "25.4.2.B",
            f"Write your movement choice at {sa.range} range: close, stand or break off "
            "(breaking off, you may leave ships slowed by damage behind, 25.4.2.C)",
            choices=tuple(options),
            context={**ctx, "slowed": list(slow)},
        )
    if sa.section not in ("gunnery", "torpedoes"):
        return None
    for side in order(state):
        if side in sa.fired:
            continue
        targets = tuple(s.name for s in _in_action(state, hc, other(side)))
        if sa.section == "gunnery":
            firers = _firers(state, data, hc, side)
            if firers:
                return _guns_decision(side, firers, targets, ctx)
        else:
            ships = _torpedo_ships(state, data, hc, side)
            if ships:
                return _torpedo_decision(side, ships, targets, ctx)
    return None


def _guns_decision(
    side: str, firers: list[tuple[str, str]], targets: tuple[str, ...], ctx: dict[str, Any]
) -> Decision:
    def check(action: FireGuns) -> str | None:
        return check_fire(action.fire, firers, targets)

    def sample(dice: Dice) -> FireGuns:
        return FireGuns(tuple((s, b, dice.choose(targets, "gunnery target")) for s, b in firers))

    return Decision(
        side,
        "fire_guns",
        "25.4.3",
        "Designate each battery's target (undivided; a battery not named holds fire)",
        validate=typed(FireGuns, check),
        sample=sample,
        tags=(FireGuns.tag,),
        context={**ctx, "batteries": [list(f) for f in firers], "targets": list(targets)},
    )


def check_fire(
    fire: Sequence[tuple[str, str, str]],
    firers: Sequence[tuple[str, str]],
    targets: Sequence[str],
) -> str | None:
    """``None`` if ``fire`` names each able battery at most once, at an enemy ship in the
    action (25.4.3.C), else why not."""
    seen: set[tuple[str, str]] = set()
    for ship, battery, target in fire:
        if (ship, battery) not in firers:
            return f"{ship}'s {battery} battery cannot fire at this range (25.4.2.D, 25.4.5.C)"
        if (ship, battery) in seen:
            return f"{ship}'s {battery} battery may not be divided between targets (25.4.3.C)"
        if target not in targets:
            return f"{target!r} is not an enemy ship afloat in this action (25.4.3)"
        seen.add((ship, battery))
    return None


def _torpedo_decision(
    side: str, ships: list[str], targets: tuple[str, ...], ctx: dict[str, Any]
) -> Decision:
    def check(action: FireTorpedoes) -> str | None:
        named = [s for s, _ in action.fire]
        for s, t in action.fire:
            if s not in ships:
                return f"{s} may not fire torpedoes now (25.4.6.A-B)"
            if t not in targets:
                return f"{t!r} is not an enemy ship afloat in this action (25.4.6)"
        if len(set(named)) != len(named):
            return "a ship fires one salvo a round (25.4.6)"
        return None

    def sample(dice: Dice) -> FireTorpedoes:
        return FireTorpedoes(
            tuple((s, dice.choose(targets, "torpedo target")) for s in ships if dice.roll(2) == 2)
        )

    return Decision(
        side,
        "fire_torpedoes",
        "25.4.6",
        "Fire torpedoes: name each firing ship's target (none: hold them)",
        validate=typed(FireTorpedoes, check),
        sample=sample,
        tags=(FireTorpedoes.tag,),
        context={**ctx, "ships": ships, "targets": list(targets)},
    )


# -- applying actions ---------------------------------------------------------------------------


def _no_dice() -> Dice:
    """Dice for finding the phase's first decision: nothing before it may roll, so
    scripted dice without values (a roll or a choice raises ``DiceError``)."""
    return ScriptedDice(())


def proceed(state: State, data: CoralSeaData, ctx: Context) -> State:
    """Play combat on to its next decision, or to the end of the phase."""
    for _ in range(100_000):
        if pending(state, data) is not None:
            return state
        new = _step(state, data, ctx)
        if new is None:
            return state
        state = new
    raise NavalwarError("the Combat Phase made no progress")


def _started(state: State, data: CoralSeaData, ctx: Context) -> State:
    return proceed(state, data, ctx) if state.combat is None else state


def ask(game: Any, state: State, data: CoralSeaData) -> Decision | None:
    """The Combat Phase's pending decision (25.0)."""
    if state.combat is None:
        if not _begins(state, data):
            return None
        state = proceed(state, data, Context(_no_dice(), record=False))
    return pending(state, data)


def _begins(state: State, data: CoralSeaData) -> bool:
    """Whether the phase has anything to do: a contact hex, or a shore question."""
    return bool(contact_hexes(state, data)) or any(shore_due(state, data, s) for s in SIDES)


def run(game: Any, state: State, data: CoralSeaData, ctx: Context) -> State:
    """The phase's end: nothing is left to decide (3.4 -> 3.5)."""
    if state.combat is None and not _begins(state, data):
        return state
    state = proceed(state, data, ctx)
    if state.combat is None:
        return state
    fought = state.combat.fought
    planes = tuple(
        attrs.evolve(a, attacked=True) if a.id in fought and not a.attacked else a
        for a in state.air.aircraft
    )
    return attrs.evolve(state, combat=None, air=attrs.evolve(state.air, aircraft=planes))


def _checked(
    state: State, data: CoralSeaData, ctx: Context, action: Any
) -> tuple[State, HexCombat, str]:
    state = _started(state, data, ctx)
    decision = answering(pending(state, data), action, _NO_DECISION, "25.0")
    return state, _hc(state), decision.side


def apply_form_waves(
    game: Any, state: State, action: FormWaves, data: CoralSeaData, ctx: Context
) -> State:
    """A side writes its waves in secret (25.1.1.B)."""
    state, hc, side = _checked(state, data, ctx, action)
    assert hc.plans is not None
    plans = hc.plans.commit(side, action.waves, ctx)
    return proceed(_set(state, attrs.evolve(hc, plans=plans)), data, ctx)


def apply_choose_losses(
    game: Any, state: State, action: ChooseLosses, data: CoralSeaData, ctx: Context
) -> State:
    """The owner's counters lost: to limbo from air combat (17.A), destroyed by AA (A35)."""
    state, hc, side = _checked(state, data, ctx, action)
    _, k, count, cause = hc.losses[0]
    wave = hc.waves[k]
    check_losses(action.aircraft, wave.aircraft, alive(state), count, "25.1.2.C")
    fate = air.LIMBO if cause == "air" else air.DESTROYED
    ctx.log(
        "combat_losses",
        f"{side} loses {', '.join(action.aircraft)} ({fate})",
        "25.1.2.C" if cause == "air" else "25.2.2.D",
        aircraft=list(action.aircraft),
        fate=fate,
        cause=cause,
    )
    state = remove(state, action.aircraft, fate)
    return proceed(_set(state, attrs.evolve(hc, losses=hc.losses[1:])), data, ctx)


def apply_lose_aboard(
    game: Any, state: State, action: LoseAboard, data: CoralSeaData, ctx: Context
) -> State:
    """The owner's counters lost aboard a carrier to its first gunnery hit, permanently
    (25.4.5.D, 17.E; A56), or on the ground to a bombing, to limbo (25.3.B, 17.A)."""
    state, hc, _side = _checked(state, data, ctx, action)
    ship = _is_ship(state, action.at)
    fate = air.DESTROYED if ship else air.LIMBO
    ctx.log(
        "aircraft_destroyed",
        f"{len(action.aircraft)} counter(s) "
        + (
            f"aboard {action.at} destroyed by a gunnery hit"
            if ship
            else f"on the ground at {action.at} to limbo"
        ),
        "25.4.5.D" if ship else "17.A",
        aircraft=list(action.aircraft),
        where=action.at,
        fate=fate,
    )
    state = remove(state, action.aircraft, fate)
    return proceed(_set(state, attrs.evolve(hc, deck=hc.deck[1:])), data, ctx)


def apply_abort(game: Any, state: State, action: Abort, data: CoralSeaData, ctx: Context) -> State:
    """Counters with no bomb factor leave their waves (25.1.3; notes A49)."""
    state, hc, side = _checked(state, data, ctx, action)
    gone = set(action.aircraft)
    if gone:
        ctx.log(
            "aborted",
            f"{side}: {', '.join(action.aircraft)} abort",
            "25.1.3",
            aircraft=list(action.aircraft),
        )
    waves = tuple(
        attrs.evolve(w, aircraft=tuple(c for c in w.aircraft if c not in gone)) for w in hc.waves
    )
    hc = attrs.evolve(hc, waves=waves, wrapped=(*hc.wrapped, side))
    return proceed(_set(state, hc), data, ctx)


def apply_form_screen(
    game: Any, state: State, action: FormScreen, data: CoralSeaData, ctx: Context
) -> State:
    """A TF's AA formation (25.2.2.A), shown to the attacker (notes A17)."""
    state, hc, _side = _checked(state, data, ctx, action)
    ships = [
        s.name
        for s in ships_in(state, order(state)[0], hc.hex) + ships_in(state, order(state)[1], hc.hex)
        if s.tf == action.tf
    ]
    main = [s for s in ships if s not in action.screen]
    ctx.log(
        "screen_formed",
        f"a task force's AA formation: screen {', '.join(action.screen) or 'none'}; "
        f"main body {', '.join(main) or 'none'}",
        "25.2.2.A",
        screen=list(action.screen),
        main=main,
    )
    roles = dict(hc.screens)
    roles.update({s: aa.SCREEN for s in action.screen})
    roles.update({s: aa.MAIN for s in main})
    hc = attrs.evolve(hc, screens=tuple(roles.items()), formed=(*hc.formed, action.tf))
    return proceed(_set(state, hc), data, ctx)


def apply_designate(
    game: Any, state: State, action: DesignateTarget, data: CoralSeaData, ctx: Context
) -> State:
    """A wave names its target (25.2.2.B, 25.3.B)."""
    state, hc, _side = _checked(state, data, ctx, action)
    w = hc.waves[action.wave]
    ctx.log(
        "target_designated",
        f"wave {', '.join(_living(state, w))} attacks {action.target}",
        "25.2.2.B",
        wave=list(_living(state, w)),
        target=action.target,
    )
    waves = tuple(
        attrs.evolve(x, target=action.target) if i == action.wave else x
        for i, x in enumerate(hc.waves)
    )
    return proceed(_set(state, attrs.evolve(hc, waves=waves)), data, ctx)


def apply_screen_shooter(
    game: Any, state: State, action: ScreenShooter, data: CoralSeaData, ctx: Context
) -> State:
    """A screen ship fires at a wave passing to the main body, then the target (25.2.2.C)."""
    state, hc, _side = _checked(state, data, ctx, action)
    wave = hc.waves[hc.strike]
    assert wave.target is not None
    target = ship_named(state, wave.target)
    hc = attrs.evolve(hc, screen_fired=hc.screen_fired | {action.ship})
    state = _set(state, hc)
    state = _ship_aa(state, data, ctx, hc, hc.strike, (ship_named(state, action.ship), target))
    return proceed(state, data, ctx)


def apply_surface_move(
    game: Any, state: State, action: SurfaceMove, data: CoralSeaData, ctx: Context
) -> State:
    """A side writes close, stand or break off in secret (25.4.2.B)."""
    state, hc, side = _checked(state, data, ctx, action)
    sa = hc.surface
    assert sa is not None and sa.moves is not None
    moves = sa.moves.commit(side, (action.choice, action.leave), ctx)
    return proceed(_set(state, attrs.evolve(hc, surface=attrs.evolve(sa, moves=moves))), data, ctx)


def apply_fire_guns(
    game: Any, state: State, action: FireGuns, data: CoralSeaData, ctx: Context
) -> State:
    """A side's batteries fire (25.4.3); the damage is marked after both sides (A53)."""
    state, hc, side = _checked(state, data, ctx, action)
    sa = hc.surface
    assert sa is not None
    ranged = dict(sa.ranged)
    hits = list(sa.hits)
    for ship, battery, target in action.fire:
        firer = ship_named(state, ship)
        drm = 1 if sa.range == SECONDARY and ranged.get(ship) != target else 0  # 25.4.4
        table = data.tables.intermediate if battery == "intermediate" else data.tables.secondary
        factor = surface.battery_factor(firer, battery, data)
        h = surface.gunnery(table, factor, drm, ctx, f"{ship} {battery} at {target}")
        ctx.log(
            "gunfire",
            f"{ship} ({battery} {factor}{', ranging' if drm else ''}) at {target}: "
            f"{h.flotation} flotation, {h.gunnery} gunnery",
            "25.4.3",
            ship=ship,
            battery=battery,
            target=target,
            ranging=bool(drm),
            hits=[h.flotation, h.gunnery],
        )
        if sa.range == SECONDARY:
            ranged[ship] = target
        if h.any:
            hits.append((target, h.flotation, h.gunnery))
    sa = attrs.evolve(sa, ranged=tuple(ranged.items()), hits=tuple(hits), fired=(*sa.fired, side))
    return proceed(_set(state, attrs.evolve(hc, surface=sa)), data, ctx)


def apply_fire_torpedoes(
    game: Any, state: State, action: FireTorpedoes, data: CoralSeaData, ctx: Context
) -> State:
    """A side's torpedo salvos (25.4.6): flotation hits, marked after both sides."""
    state, hc, side = _checked(state, data, ctx, action)
    sa = hc.surface
    assert sa is not None
    rounds = dict(sa.torpedo_rounds)
    hits = list(sa.hits)
    for ship, target in action.fire:
        spec = data.ships[ship]
        h = surface.torpedo_attack(spec.torpedo, data, ctx, f"{ship} at {target}")
        ctx.log(
            "torpedoes",
            f"{ship} fires torpedoes at {target}: {h.flotation} hit(s)",
            "25.4.6",
            ship=ship,
            target=target,
            hits=h.flotation,
        )
        rounds[ship] = sa.round
        state = attrs.evolve(
            state,
            ships=tuple(
                attrs.evolve(s, torpedo_salvos=s.torpedo_salvos + 1) if s.name == ship else s
                for s in state.ships
            ),
        )
        if h.any:
            hits.append((target, h.flotation, 0))
    sa = attrs.evolve(
        sa, torpedo_rounds=tuple(rounds.items()), hits=tuple(hits), fired=(*sa.fired, side)
    )
    return proceed(_set(state, attrs.evolve(_hc(state), surface=sa)), data, ctx)


def apply_bombard(
    game: Any, state: State, action: Bombard, data: CoralSeaData, ctx: Context
) -> State:
    """Ships shell a base in their hex, or hold fire: the phase's shore question (25.4.7)."""
    state = _started(state, data, ctx)
    decision = answering(pending(state, data), action, _NO_DECISION, "25.0")
    side, phase = decision.side, state.combat
    assert phase is not None
    if not action.target:
        state = _set(state, None, shore_done=(*phase.shore_done, side))
    else:
        h = _shore_hex(state, data, side, action.target)
        state = _set(state, None, shelled=(*phase.shelled, (side, h)))
        state = _shell(state, data, ctx, side, h, action.target)
    return proceed(state, data, ctx)


def _shell(state: State, data: CoralSeaData, ctx: Context, side: str, h: Hex, base: str) -> State:
    """``side``'s undamaged ships in ``h`` shell ``base`` (25.4.7.C-D), told to both."""
    ships = [s for s in ships_in(state, side, h) if shore.may_bombard(s)]
    total = shore.strength(ships, data)
    hit = shore.roll_bombardment(total, data, ctx)
    ctx.log(
        "bombardment",
        f"{side} ships shell {base} in {_label(data, h)} "
        f"(strength {total}): {'damaged' if hit else 'no effect'}",
        "25.4.7",
        base=base,
        ships=[s.name for s in ships],
        strength=total,
        damaged=hit,
    )
    if hit and base in data.geography.towns_in(h):
        return shore.damage_town(state, base, ctx)
    return shore.damage_base(state, base, ctx) if hit else state


COMBAT: Play[Any, State, CoralSeaData] = Play(
    run=run,
    ask=ask,
    apply={
        FormWaves: apply_form_waves,
        ChooseLosses: apply_choose_losses,
        LoseAboard: apply_lose_aboard,
        Abort: apply_abort,
        FormScreen: apply_form_screen,
        DesignateTarget: apply_designate,
        ScreenShooter: apply_screen_shooter,
        SurfaceMove: apply_surface_move,
        FireGuns: apply_fire_guns,
        FireTorpedoes: apply_fire_torpedoes,
        Bombard: apply_bombard,
    },
)
"""The Play of leaf ``combat.resolve`` (3.4, 25.0). Its ``when`` is left to the
sequence: combat happens on night turns too (only air steps are skipped, 19.0)."""


def combat_view(state: State, side: str, data: CoralSeaData | None = None) -> dict[str, Any] | None:
    """What ``side`` may see of the combat in progress, for the observation: the hex
    (given ``data``), stage, attacker, waves once revealed (its own always), the AA
    formations made (public once made), commitments' views, the surface range. A hex
    with only a possible bombardment is the shooter's alone (25.4.7.A)."""
    phase = state.combat
    if phase is None or phase.current is None:
        return None
    hc = phase.current
    if hc.pending == "quiet" and side != hc.attacker:
        return None
    out: dict[str, Any] = {"stage": hc.stage, "attacker": hc.attacker}
    if data is not None:
        out["hex"] = _label(data, hc.hex)
    out["screens"] = [list(pair) for pair in sorted(hc.screens)]
    revealed = hc.plans is None or hc.plans.revealed
    out["waves"] = [
        {"side": w.side, "aircraft": list(w.aircraft), "target": w.target}
        for w in hc.waves
        if revealed or w.side == side
    ]
    if hc.plans is not None:
        out["plans"] = hc.plans.view(side)
    if hc.surface is not None:
        out["surface"] = {"range": hc.surface.range, "round": hc.surface.round}
        if hc.surface.moves is not None:
            out["surface"]["moves"] = hc.surface.moves.view(side)
    return out


def combat_variants(state: State, side: str) -> list[State]:
    """States ``side`` cannot tell from ``state`` in the combat in progress: the other
    side's waves (25.1.1.B) or surface movement choice (25.4.2.B) written differently
    before the reveal, for the game's ``hidden_variants``."""
    phase = state.combat
    if phase is None or phase.current is None:
        return []
    hc = phase.current
    out: list[State] = []
    if hc.plans is not None:

        def waves(who: str) -> list[Any]:
            mine = tuple(c for w in hc.plans.value(who) for c in w) if hc.plans else ()
            return [tuple((c,) for c in mine)]

        for plans in hc.plans.variants(side, waves):
            out.append(_set(state, attrs.evolve(hc, plans=plans)))
    sa = hc.surface
    if sa is not None and sa.moves is not None:
        alternatives = [(c, ()) for c in (CLOSE, STAND, BREAK_OFF)]
        for moves in sa.moves.variants(side, lambda _who: alternatives):
            out.append(_set(state, attrs.evolve(hc, surface=attrs.evolve(sa, moves=moves))))
    return out
