"""What each side's observation holds (11.D, 25.x; notes A17): what an attack showed,
kept; the combat in progress as the side may see it; nothing that changes with what
the side may not know (hidden variants)."""

from __future__ import annotations

import json
from typing import Any

import attrs
from tests.games.coral_sea.combat_fixtures import counter, data, hx, ship, state
from tests.games.coral_sea.combat_harness import apply
from tests.games.coral_sea.fake_geography import FakeBase
from tests.games.coral_sea.helpers import ctx

from navalwar.dice import Dice
from navalwar.games.coral_sea import GAME, observation
from navalwar.games.coral_sea import air_state as air
from navalwar.games.coral_sea import combat_phase as cp
from navalwar.games.coral_sea.combat_actions import Bombard, FormWaves
from navalwar.games.coral_sea.model import BaseState, State, TaskForce
from navalwar.games.coral_sea.units import ALLIES, JAPAN

STRIKE = ("A-SBD-1", "A-TBD-1")


def strike() -> State:
    """Allied bombers over a Japanese TF (Shokaku, Aoba) in 1010; an Allied TF in 2020."""
    planes = [
        counter("A-SBD-1", "SBD-3", mission=air.DIVE),
        counter("A-TBD-1", "TBD-1", mission=air.TORPEDO),
    ]
    ships = [ship("Shokaku", tf="TF1"), ship("Aoba", tf="TF1"), ship("Lexington", "2020", tf="TF9")]
    tfs = [TaskForce("TF1", JAPAN, hx("1010")), TaskForce("TF9", ALLIES, hx("2020"))]
    return state(planes, ships, tfs)


def started(s: State) -> State:
    """The Combat Phase begun: the first hex's first decision awaited."""
    return cp.proceed(s, data(), ctx())


def obs(s: State, side: str) -> dict[str, Any]:
    return observation.observe(s, side, data())


def test_an_attack_shows_the_attacker_the_ships_and_it_keeps_them() -> None:
    s = started(strike())
    seen = [(x["name"], x["type"], x["hex"], x["turn"]) for x in obs(s, ALLIES)["sightings"]]
    assert seen == [("Aoba", "CA", "1010", 1), ("Shokaku", "CV", "1010", 1)]  # 11.D, A17
    assert obs(s, JAPAN)["sightings"] == []  # Japan attacked nothing
    # turns later, the TF sailed on: the Allies still know what they saw, and where
    later = attrs.evolve(
        s,
        turn=5,
        combat=None,
        ships=tuple(attrs.evolve(x, hex=hx("1212")) if x.tf == "TF1" else x for x in s.ships),
        task_forces=tuple(
            attrs.evolve(t, hex=hx("1212"), revealed=False, counter=None) if t.side == JAPAN else t
            for t in s.task_forces
        ),
    )
    assert [x["hex"] for x in obs(later, ALLIES)["sightings"]] == ["1010", "1010"]
    assert "1212" not in json.dumps(obs(later, ALLIES))
    # a sunk ship is told among the sunk, not the sightings
    ships = tuple(attrs.evolve(x, sunk=True) if x.name == "Aoba" else x for x in later.ships)
    sunk = attrs.evolve(later, ships=ships)
    assert [x["name"] for x in obs(sunk, ALLIES)["sightings"]] == ["Shokaku"]


def test_a_second_attack_updates_the_sighting() -> None:
    s = started(strike())
    moved = attrs.evolve(
        s,
        turn=2,
        combat=None,
        ships=tuple(attrs.evolve(x, hex=hx("1212")) if x.tf == "TF1" else x for x in s.ships),
        task_forces=tuple(
            attrs.evolve(t, hex=hx("1212")) if t.side == JAPAN else t for t in s.task_forces
        ),
        air=attrs.evolve(
            s.air,
            aircraft=tuple(
                attrs.evolve(a, hex=hx("1212"), status=air.AIRBORNE) for a in s.air.aircraft
            ),
        ),
    )
    again = started(moved)
    seen = [(x["name"], x["hex"], x["turn"]) for x in obs(again, ALLIES)["sightings"]]
    assert seen == [("Aoba", "1212", 2), ("Shokaku", "1212", 2)]


def test_the_combat_in_progress_is_in_the_observation() -> None:
    s = started(strike())
    view = obs(s, ALLIES)["combat"]
    assert view["hex"] == "1010" and view["stage"] == "air_to_air"
    assert view["attacker"] == ALLIES
    after = apply(s, data(), FormWaves((STRIKE,)), ctx())
    waves = obs(after, JAPAN)["combat"]["waves"]
    assert waves == [{"side": ALLIES, "aircraft": list(STRIKE), "target": None}]  # 25.1.1.B
    assert obs(State(scenario=s.scenario, turn=1, step="combat.resolve"), ALLIES)["combat"] is None


def test_waves_written_in_secret_are_not_seen_and_the_variants_cover_them() -> None:
    planes = [
        counter("A-SBD-1", "SBD-3", mission=air.DIVE),
        counter("A-F4F-1", "F4F-3", mission=air.ESCORT),
        counter("J-A6M-1", "A6M2", mission=air.INTERCEPTION),
        counter("J-A6M-2", "A6M2", mission=air.INTERCEPTION),
    ]
    s = state(planes, [ship("Shokaku", tf="TF1")], [TaskForce("TF1", JAPAN, hx("1010"))])
    s = started(s)
    first = cp.ask(None, s, data())
    assert first is not None and first.kind == "form_waves"
    s = apply(s, data(), FormWaves((("J-A6M-1", "J-A6M-2"),)), ctx())  # Japan writes first
    whole = GAME.observation(s, ALLIES, data())  # the envelope too: deciding, decision
    assert whole["deciding"] == "you" and whole["combat"]["plans"]["committed"] == [JAPAN]
    assert "J-A6M-1" not in json.dumps(whole["combat"])  # not revealed yet
    text = json.dumps(whole, sort_keys=True)
    variants = observation.hidden_variants(s, ALLIES, data(), Dice(3))
    combat = [v for v in variants if v.combat != s.combat]
    assert combat  # Japan's waves written otherwise
    for v in combat:
        assert json.dumps(GAME.observation(v, ALLIES, data()), sort_keys=True) == text


def three_tfs(order: tuple[int, ...], ids: tuple[str, ...]) -> State:
    """Three Japanese TFs (counters on the board at 1212, 1010, 1414; one with Aoba, one
    with Yubari, one with Kikuzuki), listed in ``order`` and numbered ``ids``."""
    made = [
        (TaskForce(ids[0], JAPAN, hx("1213"), counter=hx("1212")), "Aoba"),
        (TaskForce(ids[1], JAPAN, hx("1011"), counter=hx("1010"), revealed=True), "Yubari"),
        (TaskForce(ids[2], JAPAN, hx("1415"), counter=hx("1414")), "Kikuzuki"),
    ]
    tfs = [made[i][0] for i in order]
    ships = [ship(name, tf_label(tf), tf=tf.id) for tf, name in made]
    ships.append(ship("Lexington", "2020", tf="TF9"))
    return state((), ships, [*tfs, TaskForce("TF9", ALLIES, hx("2020"))])


def tf_label(tf: TaskForce) -> str:
    assert tf.hex is not None
    return data().geography.spec.label(tf.hex)


def test_enemy_counters_do_not_tell_ids_or_creation_order() -> None:
    base = three_tfs((0, 1, 2), ("TF1", "TF2", "TF3"))
    text = json.dumps(obs(base, ALLIES), sort_keys=True)
    counters = obs(base, ALLIES)["enemy_tf_counters"]
    assert [(c["label"], c["hex"], c["revealed"]) for c in counters] == [
        ("A", "1010", True),
        ("B", "1212", False),
        ("C", "1414", False),
    ]
    for order, ids in [((2, 0, 1), ("TF1", "TF2", "TF3")), ((1, 2, 0), ("TF7", "TF3", "TF5"))]:
        other = three_tfs(order, ids)
        assert json.dumps(obs(other, ALLIES), sort_keys=True) == text
    assert "TF1" not in text and "TF2" not in text
    # the game's hidden variants renumber and reorder them too (the conformance check)
    renumbered = [
        v
        for v in observation.hidden_variants(base, ALLIES, data(), Dice(1))
        if [t.id for t in v.task_forces if t.side == JAPAN] != ["TF1", "TF2", "TF3"]
    ]
    assert renumbered
    for v in renumbered:
        assert json.dumps(obs(v, ALLIES), sort_keys=True) == text
        assert {(s.name, s.hex) for s in v.ships} == {(s.name, s.hex) for s in base.ships}
    # the reconnaissance sources Japan has used are renamed with its TFs, not the Allies'
    used = attrs.evolve(base, recon_used=("Japan:tf:TF1:1", "Japan:marker:TF2", "Allies:tf:TF1:1"))
    v = observation._renumbered(used, ALLIES)
    assert v is not None
    names = {t.id: t.hex for t in v.task_forces if t.side == JAPAN}
    old_names = {t.id: t.hex for t in used.task_forces if t.side == JAPAN}
    moved = {a: b for a in old_names for b in names if names[b] == old_names[a]}
    assert v.recon_used == (
        f"Japan:tf:{moved['TF1']}:1",
        f"Japan:marker:{moved['TF2']}",
        "Allies:tf:TF1:1",
    )


def shellable(at: str, air_over: bool = False) -> State:
    """A Japanese TF (Aoba) at ``at``; the Allies hold Port Moresby One in 1010, Allied
    fighters on CAP there if ``air_over`` and Japanese bombers over it."""
    planes = []
    if air_over:
        planes = [
            counter("J-D3A1-1", "D3A1", mission=air.DIVE),
            counter("A-F4F-1", "F4F-3", mission=air.INTERCEPTION),
        ]
    ships = [ship("Aoba", at, tf="TF1"), ship("Lexington", "2020", tf="TF9")]
    tfs = [TaskForce("TF1", JAPAN, hx(at)), TaskForce("TF9", ALLIES, hx("2020"))]
    s = state(planes, ships, tfs, [BaseState("Port Moresby One", ALLIES)])
    return s


MORESBY = data([FakeBase("Port Moresby One", hx("1010"))])


def envelope(s: State, side: str) -> str:
    return json.dumps(GAME.observation(s, side, MORESBY), sort_keys=True)


def answer(s: State, action: Any) -> tuple[State, list[str]]:
    """``action`` applied (the Combat Phase only), and the events the Allies see."""
    c = ctx(*[3] * 40)
    s = GAME.apply(s, action, MORESBY, c)
    return s, [e.kind for e in c.events if not e.sides or ALLIES in e.sides]


def test_a_possible_bombardment_does_not_show_the_other_side_who_decides() -> None:
    """25.4.7 is asked of every side at the Combat Phase's end, ships there or not: the
    Allies' envelope (deciding, step, combat) is the same whether Aoba lies off their
    base or far away, and so are the events they see after Japan holds fire (11.D)."""
    near, far = shellable("1010"), shellable("1212")
    for s in (near, far):
        d = GAME.decision(s, MORESBY)
        assert d is not None and (d.side, d.kind, d.choices) == (JAPAN, "bombard", None)
        assert json.loads(envelope(s, ALLIES))["deciding"] == "other"
    assert GAME.decision(near, MORESBY).context["targets"] == ["Port Moresby One"]  # type: ignore[union-attr]
    assert GAME.decision(far, MORESBY).context["targets"] == []  # type: ignore[union-attr]
    assert envelope(near, ALLIES) == envelope(far, ALLIES)
    (a, seen_a), (b, seen_b) = answer(near, Bombard("")), answer(far, Bombard(""))
    assert seen_a == seen_b == [] and envelope(a, ALLIES) == envelope(b, ALLIES)
    assert cp.ask(None, a, MORESBY) is None  # the phase is over
    _, seen = answer(near, Bombard("Port Moresby One"))
    assert "bombardment" in seen  # what happens is told (25.4.7.C)


def test_bombardment_over_a_fought_hex_is_asked_at_the_end_too() -> None:
    """Where air combat is fought over the base, whether Japanese ships are there too
    shows the Allies nothing until the shore question, asked of Japan either way."""
    runs = []
    for s in (shellable("1010", air_over=True), shellable("1212", air_over=True)):
        seen = []
        while (d := cp.ask(None, s, MORESBY)) is not None:
            seen.append((d.kind, d.side, envelope(s, ALLIES)))
            action = Bombard("") if d.kind == "bombard" else d.random_choice(Dice(2))
            s, _ = answer(s, action)
        runs.append(seen)
    assert runs[0][-1][:2] == ("bombard", JAPAN)
    assert runs[0] == runs[1]


def test_a_deck_in_a_tf_is_asked_for_its_losses_empty_or_not() -> None:
    """A carrier's first gunnery hit (25.4.5.D): its owner is asked which counters aboard
    are lost even when none is, so that the question shows the enemy nothing of the
    deck (11.D); the decisions asked are the same either way."""
    from tests.games.coral_sea.combat_harness import play
    from tests.games.coral_sea.test_combat_bombing import STRIKE as FULL
    from tests.games.coral_sea.test_combat_bombing import carrier_strike

    from navalwar.games.coral_sea.combat_actions import (
        Abort,
        ChooseLosses,
        DesignateTarget,
        FormScreen,
        LoseAboard,
        ScreenShooter,
    )

    def lose(d: Any) -> LoseAboard:
        return LoseAboard(d.context["at"], tuple(d.context["aboard"][: d.context["count"]]))

    runs = []
    for aboard in (0, 4):
        answers = [
            FormWaves((FULL,)),
            Abort(()),
            FormScreen("TF1", ("Aoba",)),
            DesignateTarget(0, "Shokaku"),
            ScreenShooter("Aoba"),
            ChooseLosses(("A-F4F-1",)),
            lose,
        ]
        _, asked = play(carrier_strike(aboard), data(), ctx(5, 1, 3, 3, 1, 6), answers)
        runs.append([(d.kind, d.side) for d in asked])
    assert runs[0] == runs[1] and runs[0][-1] == ("lose_aboard", JAPAN)
