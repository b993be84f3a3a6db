"""The GWaS 1904 tactical battle, rule section by rule section (7.1-7.8, 9.4, 16.2, 19.x,
20.x, the volume's impulse procedure, the VP schedule and BS1-BS8's special rules).

Each test builds a small battle, either from a bundled scenario through :class:`Match`
or by putting a :class:`Battle` together by hand (``ship``/``squadron``/``battle``
below), runs it through the Game-level functions with scripted dice and asserts the
values the rule text gives. Tests marked ``xfail(strict=True)`` state what the rules
require where the engine does not (yet) do it; each reason starts with ``BUG:``.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import attrs
import pytest

from navalwar.actions import Action
from navalwar.dice import Dice, ScriptedDice
from navalwar.engine import Context, Decision, Match
from navalwar.games.gwas_1904 import GAME
from navalwar.games.gwas_1904.actions import Assign, Fire, Move, Place, Torpedo
from navalwar.games.gwas_1904.battle import Battle, BattleShip, Rules, reveal, stack_count
from navalwar.games.gwas_1904.builders import (
    battle,
    bundled_data,
    bundled_rules,
    disabled,
    hit,
    scenario,
    scenario_id,
    ship,
    sink,
    squadron,
)
from navalwar.games.gwas_1904.overlay import load_overlay
from navalwar.games.gwas_1904.setup import fleet_of, legal_hexes
from navalwar.games.gwas_1904.sides import JAPAN, RUSSIA
from navalwar.games.gwas_1904.tactical_map import centre_hexes, edge_row, hex_of, label, on_map
from navalwar.games.gwas_1904.victory import victory_points
from navalwar.hexgrid import Hex, distance, hexes_within, neighbours

CENTRE = sorted(label(h) for h in centre_hexes())  # J10 J11 K10 K11 K12 L10 L11


# -- builders ---------------------------------------------------------------------------------


def within_map(centre: Hex, radius: int) -> list[Hex]:
    """The hexes of the tactical map within ``radius`` of ``centre``."""
    return [h for h in hexes_within(centre, radius) if on_map(h)]


def at(state: Battle, key: str) -> str | None:
    """The label of a ship's hex (None off the map)."""
    h = state.ship(key).hex
    return label(h) if h is not None else None


def lost(state: Battle, key: str, part: str) -> int:
    return state.ship(key).damage.track.lost_boxes(part)


Chooser = Callable[[Decision, Battle], Action | None]


class Driver:
    """Runs a battle through ``GAME.advance`` / ``decision`` / ``apply``."""

    def __init__(self, state: Any, dice: Dice | None = None) -> None:
        self.dice = dice if dice is not None else scripted()
        self.ctx = Context(self.dice)
        self.seen: list[tuple[int, int, Decision]] = []  # (impulse, step, decision)
        self.state: Any = GAME.advance(state, bundled_data(), self.ctx)

    @property
    def decision(self) -> Decision | None:
        return GAME.decision(self.state, bundled_data())

    def apply(self, action: Action) -> None:
        d = self.decision
        assert d is not None, "the battle is over"
        assert d.check(action) is None, f"{action.describe()} is not among {d.choices}"
        self.seen.append((self.state.impulse, self.state.step, d))
        self.state = GAME.advance(
            GAME.apply(self.state, action, bundled_data(), self.ctx), bundled_data(), self.ctx
        )

    def run(self, choose: Chooser, limit: int = 3_000) -> None:
        """Answer decisions with ``choose`` until it returns None or the battle ends."""
        for _ in range(limit):
            d = self.decision
            if d is None:
                return
            action = choose(d, self.state)
            if action is None:
                return
            self.apply(action)
        raise AssertionError("the battle did not stop")

    def until(self, kind: str, limit: int = 3_000) -> Decision:
        """Take the first choice (stay, hold fire, keep torpedoes) until a ``kind`` decision."""
        self.run(lambda d, s: None if d.kind == kind else first(d, s), limit)
        d = self.decision
        assert d is not None and d.kind == kind, f"no {kind} decision came"
        return d

    def texts(self, kind: str = "") -> list[str]:
        return [e.text for e in self.ctx.events if not kind or e.kind == kind]

    def rolls(self, purpose: str) -> list[int]:
        """The dice rolled for purposes containing ``purpose``."""
        return [
            e.data["value"]
            for e in self.ctx.events
            if e.kind == "dice_rolled" and purpose in e.data["purpose"]
        ]


def first(d: Decision, state: Battle) -> Action:
    """The first listed choice: stay, hold fire, keep the torpedoes."""
    assert d.choices
    return d.choices[0]


def scripted(*values: int) -> ScriptedDice:
    """Dice giving ``values``, then seeded ones (the end of a battle rolls for fuel, 7.39):
    tests check the rolls made for each purpose in the event log."""
    return ScriptedDice(values, fallback_seed=0)


def misses(n: int) -> ScriptedDice:
    """``n`` rolls of 1: every hit roll misses."""
    return scripted(*[1] * n)


def targets_of(d: Decision) -> list[str]:
    return [a.target for a in d.choices or () if isinstance(a, Fire | Torpedo) and a.target]


def moves_of(d: Decision) -> list[str]:
    return [a.to for a in d.choices or () if isinstance(a, Move) and a.to != "stay"]


# -- 7.1 A, 16.2: the initiative -----------------------------------------------------------------


def _initiative_battle(**kw: Any) -> Battle:
    """Two ships out of sight of each other, about to begin impulse 2 (step 1: the roll)."""
    ships = [ship("J:AC02", "C11"), ship("R:AC01", "S11")]
    return battle(ships, "BS6", step=1, impulse=2, **kw)


@pytest.mark.parametrize(("roll", "side"), [(1, RUSSIA), (3, RUSSIA), (4, JAPAN), (6, JAPAN)])
def test_7_1a_japan_rolls_3_or_less_russia_4_or_more_japan(roll: int, side: str) -> None:
    state = _initiative_battle(initiative=JAPAN if side == RUSSIA else RUSSIA)
    run = Driver(state, scripted(roll))
    assert run.state.initiative == side
    assert run.rolls("initiative") == [roll]


@pytest.mark.parametrize(
    ("sign", "japan", "russia", "roll", "side"),
    [
        ("helps", True, False, 3, JAPAN),  # +1: 4
        ("helps", False, True, 4, RUSSIA),  # -1: 3
        ("helps", True, True, 3, RUSSIA),  # the two cancel
        ("literal", True, False, 4, RUSSIA),  # 16.2 as printed: -1 for the Allied commander
        ("literal", False, True, 3, JAPAN),  # +1 for the Central Powers commander
    ],
)
def test_16_2_commanders_modify_the_initiative_roll(
    sign: str, japan: bool, russia: bool, roll: int, side: str
) -> None:
    commanders = (((JAPAN, "J:AC02"),) if japan else ()) + (((RUSSIA, "R:AC01"),) if russia else ())
    state = _initiative_battle(commanders=commanders, options={"commander_sign": sign})
    run = Driver(state, scripted(roll))
    assert run.state.initiative == side


def test_16_1_a_commander_whose_flagship_sank_or_who_was_killed_gives_no_modifier() -> None:
    base = _initiative_battle(commanders=((JAPAN, "J:AC04"),))
    base = attrs.evolve(base, ships=(*base.ships, ship("J:AC04", "C12")))
    flag = base.ship("J:AC04")
    sunk = base.with_ship(sink(flag))
    assert Driver(sunk, scripted(3)).state.initiative == RUSSIA
    killed = base.with_ship(
        attrs.evolve(flag, damage=attrs.evolve(flag.damage, commander_killed=True))
    )
    assert Driver(killed, scripted(3)).state.initiative == RUSSIA
    assert Driver(base, scripted(3)).state.initiative == JAPAN


@pytest.mark.parametrize(("roll", "side"), [(3, RUSSIA), (4, JAPAN)])
def test_7_1a_bs1_rolls_the_first_impulse_initiative_before_set_up(roll: int, side: str) -> None:
    match = Match.start("gwas_1904", "chemulpo", dice=ScriptedDice([roll]))
    assert match.state.initiative == side
    assert [e.data["roll"] for e in match.events if e.kind == "initiative"] == [roll]
    # BS1 fixes the set-up whoever wins: Japan places in the centre (L310).
    skip_flagships(match)
    assert match.decision is not None and match.decision.side == JAPAN
    assert sorted(a.hex for a in match.decision.choices if a.hex != "auto") == CENTRE


def test_16_2_the_first_impulse_roll_counts_the_scenarios_commanders() -> None:
    bs1 = scenario("BS1")
    forces = dict(bs1.forces)
    forces[JAPAN] = attrs.evolve(forces[JAPAN], commander="Uryu")
    scen = attrs.evolve(bs1, forces=forces)
    options = GAME.spec.resolve_options(None)
    state = GAME.initial_state(scen, bundled_data(), options, Context(ScriptedDice([3])))
    assert state.initiative == JAPAN  # 3 + 1
    literal = GAME.spec.resolve_options({"commander_sign": "literal"})
    state = GAME.initial_state(scen, bundled_data(), literal, Context(ScriptedDice([4])))
    assert state.initiative == RUSSIA  # 4 - 1


@pytest.mark.parametrize(("name", "side"), [("BS2", JAPAN), ("BS3", RUSSIA), ("BS5", JAPAN)])
def test_7_1a_a_scenario_fixes_the_first_impulse_and_later_impulses_are_rolled(
    name: str, side: str
) -> None:
    ships = [ship("J:AC02", "K20"), ship("R:AC03", "K17")]  # 3 hexes apart: in sight
    state = battle(ships, name, step=1, impulse=1, initiative=side, overlay=False)
    other = RUSSIA if side == JAPAN else JAPAN
    run = Driver(state, scripted(1 if other == RUSSIA else 6))
    assert run.state.initiative == side
    assert run.dice.used == 0  # no die for impulse 1
    assert run.rolls("initiative") == []
    # Impulse 1 ends with the ships in sight of each other: impulse 2 begins with a roll.
    run.run(lambda d, s: None if s.impulse == 2 else first(d, s))
    assert run.state.impulse == 2 and run.state.initiative == other


# -- 7.2, 7.21-7.23, 7.29, 20.4 and the scenarios' set-ups -----------------------------------------


def skip_flagships(match: Match) -> None:
    """Name the first ship offered as a commander's flagship (16.1, notes A-39)."""
    while match.decision is not None and match.decision.kind == "flagship":
        match.apply(match.decision.choices[0])


def placements(match: Match) -> list[str]:
    skip_flagships(match)
    d = match.decision
    assert d is not None and d.kind == "place"
    return sorted(a.hex for a in d.choices or () if isinstance(a, Place) and a.hex != "auto")


def place(match: Match, where: str) -> None:
    skip_flagships(match)
    d = match.decision
    assert d is not None and d.kind == "place"
    match.apply(Place(d.context["counter"], where))


def hexes_of(state: Battle, side: str) -> dict[str, set[str]]:
    """Hex label -> the side's counters there."""
    out: dict[str, set[str]] = {}
    for s in state.ships:
        if s.side == side and s.hex is not None:
            out.setdefault(label(s.hex), set()).add(s.counter)
    return out


def test_7_21_the_side_without_the_initiative_places_first_in_the_7_central_hexes() -> None:
    match = Match.start("gwas_1904", "ulsan")  # BS6: Russia holds the initiative
    skip_flagships(match)
    assert match.decision is not None and match.decision.side == JAPAN
    assert placements(match) == CENTRE == ["J10", "J11", "K10", "K11", "K12", "L10", "L11"]


def test_7_21_more_than_8_counters_overflow_into_hexes_adjacent_to_those_placed() -> None:
    match = Match.start("gwas_1904", "yellow-sea")  # BS5: 10 Russian counters, centre
    for _ in range(8):
        place(match, "J10")
    assert stack_count(match.state, hex_of("J10"), RUSSIA) == 8
    options = placements(match)
    assert "J10" not in options  # full (7.21: no more than 8 in one hex)
    adjacent = {label(n) for n in neighbours(hex_of("J10"))}
    assert set(options) == (set(CENTRE) | adjacent) - {"J10"}
    assert {"I10", "I11", "J9"} <= set(options)


def test_7_21_a_side_of_8_counters_or_fewer_stays_in_the_central_hexes() -> None:
    match = Match.start("gwas_1904", "ulsan")
    place(match, "J10")
    assert placements(match) == CENTRE


@pytest.mark.parametrize(("night", "reach"), [(False, 4), (True, 2)])
def test_7_21_overflow_never_within_visual_distance_of_the_entry_edge(
    night: bool, reach: int
) -> None:
    """BS5 (10 Russian counters, Japan enters by the SE edge): with 8 counters in K11 and,
    by hand, one 3 hexes from the SE edge, the next counter may overflow next to that one
    only into hexes more than 4 (day) / 2 (night) hexes from the edge."""
    scen = attrs.evolve(scenario("BS5"), night_from=1 if night else 0)
    row = edge_row("SE")

    def from_edge(h: Any) -> int:
        return min(distance(h, e) for e in row)

    near = min(
        (h for h in within_map(hex_of("K11"), 10) if from_edge(h) == 3),
        key=lambda h: (distance(h, hex_of("K11")), h),
    )
    keys = ["R:B06", "R:B11", "R:B23", "R:B24", "R:B26", "R:B27", "R:C02", "R:C03"]
    russia = [ship(k, "K11") for k in keys]
    russia += [ship("R:C04", label(near)), ship("R:C09", None)]
    state = battle([ship("J:B06", None), *russia], scen, phase="setup", todo=("R:C09",))
    options = legal_hexes(state, "R:C09")
    assert all(from_edge(h) > reach for h in options)
    overflow = {n for n in neighbours(near) if from_edge(n) > reach}
    assert set(options) == ({*centre_hexes(), *overflow} - {hex_of("K11")})
    assert bool(overflow) == night  # by day every hex next to it is within 4 of the edge


def test_7_21_auto_fills_the_central_hex_nearest_the_entry_edge_first() -> None:
    match = Match.start("gwas_1904", "yellow-sea")  # BS5: Japan enters by the SE edge
    place(match, "auto")
    russia = hexes_of(match.state, RUSSIA)
    row = edge_row("SE")
    nearest = min(CENTRE, key=lambda h: (min(distance(hex_of(h), e) for e in row), hex_of(h)))
    assert len(russia[nearest]) == 5  # 10 counters: 5 + 5 (7.24, the test below)
    assert sum(len(c) for c in russia.values()) == 10
    assert all(len(c) <= 8 for c in russia.values())


@pytest.mark.parametrize("name", ["BS5", "BS7", "BS8"])
def test_7_24_auto_keeps_each_fleet_contiguous_with_at_least_4_in_each_hex(name: str) -> None:
    """7.24: a fleet's hexes are adjacent with at least 4 ships (counters, 7.23) in each.
    ``auto`` used to start a new hex for every counter after the first 8 (BS5: 8 + 1 + 1;
    issue 15, item 5); it now splits evenly (BS5's 10 Russians: 5 + 5)."""
    match = Match.start("gwas_1904", scenario_id(name), seed=1)
    while skip_flagships(match) or (match.decision and match.decision.kind == "place"):
        place(match, "auto")
    state = match.state
    fleets: dict[tuple[str, str], dict[str, set[str]]] = {}
    for s in state.ships:
        if s.hex is not None and not s.damage.fixed:
            group = fleets.setdefault((s.side, fleet_of(state, s.counter)), {})
            group.setdefault(label(s.hex), set()).add(s.counter)
    for key, held in fleets.items():
        assert all(len(c) >= 4 for c in held.values()), (key, held)
        todo, reached = [next(iter(held))], set()
        while todo:
            h = todo.pop()
            reached.add(h)
            todo += [label(n) for n in neighbours(hex_of(h)) if label(n) in held.keys() - reached]
        assert reached == set(held), (key, held)  # contiguous


def test_7_22_the_initiative_side_places_on_its_entry_edge_row() -> None:
    match = Match.start("gwas_1904", "ulsan")  # Russia enters by the W edge
    place(match, "auto")
    skip_flagships(match)
    assert match.decision is not None and match.decision.side == RUSSIA
    assert placements(match) == sorted(label(h) for h in edge_row("W"))
    place(match, "auto")
    assert match.state.phase == "impulse"
    assert set(hexes_of(match.state, RUSSIA)) <= {label(h) for h in edge_row("W")}


def test_7_22_overflow_is_never_within_visual_distance_of_enemy_ships() -> None:
    """By hand: a Russian counter on the W edge in A11 and a Japanese ship 5 hexes
    inland in F11: B10 and B11 (4 hexes from F11) may not take the next counter."""
    russia = [ship("R:AC01", "A11"), ship("R:AC05", None)]
    state = battle([ship("J:AC02", "F11"), *russia], "BS6", phase="setup", todo=("R:AC05",))
    options = {label(h) for h in legal_hexes(state, "R:AC05")}
    assert {"B10", "B11"}.isdisjoint(options)
    assert all(distance(hex_of(h), hex_of("F11")) > 4 for h in options - {"A10", "A11", "A12"})
    assert "A11" in options


def test_7_23_a_squadron_counter_counts_as_one_ship_for_placement() -> None:
    """BS7: 8 squadron counters of 3 destroyers (24 ships) fill a hex; so do 8 ships."""
    match = Match.start("gwas_1904", "tsushima")  # Japan, in the centre, places first
    while skip_flagships(match) or (match.decision and match.decision.kind == "place"):
        counter = match.decision.context["counter"]
        options = placements(match)
        full = len(match.state.members(counter)) == 3
        if "#" in counter and full and "J10" in options:
            place(match, "J10")
        elif "#" not in counter and "K11" in options:
            place(match, "K11")
        elif match.decision.side == JAPAN:
            place(match, next(h for h in options if h != "J10"))
        else:
            place(match, "auto")
    state = match.state
    in_j10 = [s for s in state.ships if s.hex == hex_of("J10")]
    assert stack_count(state, hex_of("J10"), JAPAN) == 8
    assert len(in_j10) == 24  # 8 counters of 3
    assert len([s for s in state.ships if s.hex == hex_of("K11")]) == 8


def test_7_29_bs8_fleets_are_never_placed_together() -> None:
    match = Match.start("gwas_1904", "first-of-october")
    place(match, "auto")
    place(match, "auto")
    fleets = dict(scenario("BS8").forces[RUSSIA].fleets)
    for counters in hexes_of(match.state, RUSSIA).values():
        names = {n for n, members in fleets.items() for c in counters if c[2:] in members}
        assert len(names) == 1


def test_20_4_bs2_the_russians_in_the_roadstead_novik_next_to_it() -> None:
    match = Match.start("gwas_1904", "port-arthur")
    assert match.decision is not None and match.decision.context["counter"] == "R:C04"
    # Adjacent to the Roadstead K8: not the harbor K7, not the all-land J7.
    assert placements(match) == ["J8", "K9", "L7", "L8"]
    place(match, "L8")
    skip_flagships(match)
    assert match.decision is not None and match.decision.side == JAPAN
    assert placements(match) == sorted(label(h) for h in edge_row("SW"))
    place(match, "auto")
    state = match.state
    assert state.phase == "impulse"
    k8 = hexes_of(state, RUSSIA)["K8"]
    assert len(k8) == 12  # 10 ships and the 2 fortresses (20.44)
    # 8 counters against the limit: Tsesarevich and Retvisan aground (BS2) and the
    # fortresses (20.44) are outside it.
    assert stack_count(state, hex_of("K8"), RUSSIA) == 8
    for key in ("R:B11", "R:B27"):
        assert state.ship(key).aground and state.ship(key).exempt
        assert lost(state, key, "hull") == 2
    assert not any(s.in_port for s in state.ships)


def test_20_4_bs3_fixed_hexes_down_column_k_and_the_harbor() -> None:
    match = Match.start("gwas_1904", "makarov")
    state = match.state
    assert state.phase == "impulse"  # nothing to choose: every hex is fixed (L378)
    expected = {
        "K11": {"R:B06", "R:B22", "R:B23", "R:B24", "R:B26"},
        "K13": {"R:AC03", "R:C03", "R:C04", "R:C09"},
        "K14": {"R:DD-Puilki#1", "J:DD-Ikazuchi#1", "J:DD-Ikazuchi#2", "J:AC01", "J:AC02"},
        "K15": {"J:AC07", "J:AC08", "J:C04", "J:C08", "J:C09", "J:C10"},
        "K17": {f"J:B0{i}" for i in range(1, 7)},
        "K8": {"R:FORT-1", "R:FORT-2"},
    }
    for h, counters in expected.items():
        assert {s.counter for s in state.ships if s.hex == hex_of(h)} == counters
    harbor = {s.counter for s in state.ships if s.in_port}
    assert harbor == {
        *("R:B11", "R:B27", "R:C02", "R:GB07", "R:GB08", "R:GB13"),
        *(f"R:DD-Puilki#{i}" for i in range(2, 6)),
    }
    assert all(s.hex == hex_of("K7") for s in state.ships if s.in_port)


def test_bs4_the_japanese_together_in_one_hex_within_3_of_the_roadstead() -> None:
    """L406: any sea hex 1-3 hexes from the Roadstead K8 (not K8, not the harbor K7);
    once Yashima is placed, Shikishima and Hatsuse must join her."""
    match = Match.start("gwas_1904", "amur", dice=scripted(1, 1, 1, 1, 1, 1))  # no mine strikes
    skip_flagships(match)
    assert match.decision is not None and match.decision.side == JAPAN
    ov = load_overlay("port-arthur")
    within = {
        label(h)
        for h in within_map(hex_of("K8"), 3)
        if h not in ov.full_land and h not in (ov.port, hex_of("K8"))
    }
    assert set(placements(match)) == within
    assert {"K9", "K11", "L10", "H9"} <= within and "K12" not in within
    place(match, "L10")
    assert placements(match) == ["L10"]
    place(match, "L10")
    assert placements(match) == ["L10"]
    place(match, "L10")
    assert match.state.phase == "impulse"
    assert all(s.in_port for s in match.state.ships if s.side == RUSSIA and not s.exempt)


def test_7_2_auto_places_every_counter_of_every_scenario_legally() -> None:
    for name in GAME.scenarios():
        match = Match.start("gwas_1904", name, dice=ScriptedDice([1] * 20, fallback_seed=0))
        while skip_flagships(match) or (match.decision and match.decision.kind == "place"):
            place(match, "auto")
        state = match.state
        assert state.phase == "impulse", name
        assert all(s.hex is not None for s in state.ships), name
        for side in (JAPAN, RUSSIA):
            for h in {s.hex for s in state.ships if s.side == side and s.hex is not None}:
                assert stack_count(state, h, side) <= 8, (name, label(h))


# -- the volume's impulse procedure (7.31, notes §2.3) ---------------------------------------------

SPEED_SHIPS = {  # one ship of each speed a side, far out of sight of each other
    JAPAN: {"2": "J:AC01", "1+": "J:B06", "1": "J:CD01", "1s": "J:TR-S#1.1"},
    RUSSIA: {"2": "R:C03", "1+": "R:B06", "1": "R:B22", "1s": "R:GB13"},
}
INITIATIVE_STEPS = {
    "2": [2, 6, 10, 14, 18],
    "1+": [6, 10, 14, 18],
    "1": [10, 14, 18],
    "1s": [14, 18],
}
OTHER_STEPS = {"2": [5, 9, 13, 17], "1+": [9, 13, 17], "1": [13, 17], "1s": [17]}


def _speed_battle(initiative: str) -> Battle:
    ships = [
        ship("J:AC01", "C16"),
        ship("J:B06", "D16"),
        ship("J:CD01", "E16"),
        squadron("J:TR-S#1", 1, "F16"),
        ship("R:C03", "R16"),
        ship("R:B06", "Q16"),
        ship("R:B22", "P16"),
        ship("R:GB13", "O16"),
    ]
    return battle(ships, "BS6", step=1, initiative=initiative)


def north(d: Decision, state: Battle) -> Action:
    """Move the group one hex north."""
    here = hex_of(d.context["group"].split("/")[0])
    up = label(neighbours(here)[0])
    return next(a for a in d.choices or () if isinstance(a, Move) and a.to == up)


@pytest.mark.parametrize("initiative", [JAPAN, RUSSIA])
def test_7_31_volume_impulse_moves_by_speed(initiative: str) -> None:
    """Speed 2 moves 5 times for the initiative side and 4 for the other; 1+ 4/3;
    1 3/2; 1s 2/1 (notes §2.3)."""
    run = Driver(_speed_battle(initiative))
    moved: dict[str, list[int]] = {}

    def choose(d: Decision, state: Battle) -> Action:
        assert d.kind == "move" and d.side == state.acting
        for s in state.ships:
            if s.hex is not None and label(s.hex) == d.context["group"].split("/")[0]:
                moved.setdefault(s.key, []).append(state.step)
        return north(d, state)

    run.run(choose)
    assert run.state.over  # out of sight of each other after step 20 (7.36)
    for side, by_speed in SPEED_SHIPS.items():
        table = INITIATIVE_STEPS if side == initiative else OTHER_STEPS
        for speed, key in by_speed.items():
            assert moved.get(key, []) == table[speed], (side, speed)


def test_7_31_gunnery_in_steps_3_7_11_15_19_torpedoes_in_4_8_12_16_20() -> None:
    ships = [ship("J:AC01", "K11"), ship("R:AC03", "K10")]  # adjacent, both speed 2
    run = Driver(battle(ships, "BS6", step=1, initiative=RUSSIA), scripted(1))
    run.run(lambda d, s: None if s.impulse == 2 else first(d, s))
    by_kind: dict[str, list[int]] = {}
    order: dict[int, list[str]] = {}
    for _impulse, step, d in run.seen:
        by_kind.setdefault(d.kind, [])
        if step not in by_kind[d.kind]:
            by_kind[d.kind].append(step)
        order.setdefault(step, []).append(d.side)
    assert by_kind["gunnery"] == [3, 7, 11, 15, 19]
    assert by_kind["torpedo"] == [4, 8, 12, 16, 20]
    assert by_kind["move"] == [2, 5, 6, 9, 10, 13, 14, 17, 18]
    for step in (3, 4, 7, 8, 11, 12, 15, 16, 19, 20):
        assert order[step] == [RUSSIA, JAPAN]  # the initiative side declares first (7.5)
    for step in (2, 6, 10, 14, 18):
        assert order[step] == [RUSSIA]
    for step in (5, 9, 13, 17):
        assert order[step] == [JAPAN]
    # Impulse 2 began with Japan's roll: a 1 gives Russia the initiative again.
    assert run.state.impulse == 2 and run.state.initiative == RUSSIA


# -- 7.3, 7.32-7.36: groups, stacking, leaving the map, the end of the battle ----------------------


def test_7_3_ships_of_one_type_in_a_hex_form_one_group() -> None:
    ships = [ship("J:B06", "K11"), ship("J:AC01", "K11"), ship("J:C04", "K11")]
    run = Driver(battle([*ships, ship("R:C04", "K2")], "BS6", step=10))
    groups = {d.context["group"] for d in (run.decision,) if d is not None}
    assert groups == {"K11/capital"}
    run.apply(Move("K11/capital", "K10"))
    assert (at(run.state, "J:B06"), at(run.state, "J:AC01"), at(run.state, "J:C04")) == (
        "K10",
        "K10",
        "K11",
    )
    assert run.decision is not None and run.decision.context["group"] == "K11/light"


def test_7_3_a_group_moves_at_its_slowest_ships_speed() -> None:
    """Mikasa (1+) and Asama (2) make one capital group: it does not move in step 2
    (speed 2 only); the light cruiser Yoshino (2) does."""
    ships = [ship("J:B06", "K11"), ship("J:AC01", "K11"), ship("J:C04", "K11")]
    run = Driver(battle([*ships, ship("R:C04", "K2")], "BS6", step=2))
    assert run.state.step == 2
    assert run.decision is not None and run.decision.context["group"] == "K11/light"
    run.apply(Move("K11/light", "K10"))
    assert run.state.step > 2  # the capital group had nothing to do in step 2


def test_volume_7_3_a_damaged_ship_may_be_detached_and_left_behind() -> None:
    """Mikasa has lost 2 of her 3 main-gun boxes: in step 2 Asama may leave her behind
    and move at speed 2 (volume "Damaged Ships (7.3)")."""
    mikasa = hit(ship("J:B06", "K11"), "primary", 2)
    run = Driver(battle([mikasa, ship("J:AC01", "K11"), ship("R:C04", "K2")], "BS6", step=2))
    d = run.decision
    assert d is not None and d.context["group"] == "K11/capital"
    assert {a.leave for a in d.choices or () if isinstance(a, Move) and a.to != "stay"} == {
        ("J:B06",)
    }
    run.apply(Move("K11/capital", "K10", ("J:B06",)))
    assert (at(run.state, "J:AC01"), at(run.state, "J:B06")) == ("K10", "K11")


def test_volume_7_3_an_undamaged_ship_may_not_be_detached() -> None:
    run = Driver(battle([ship("J:B06", "K11"), ship("J:AC01", "K11"), ship("R:C04", "K2")], step=6))
    d = run.decision
    assert d is not None
    assert {a.leave for a in d.choices or () if isinstance(a, Move)} == {()}


def test_7_35_a_ship_unable_to_sail_is_always_left_behind() -> None:
    asama = disabled(ship("J:AC01", "K11"))
    run = Driver(battle([ship("J:B06", "K11"), asama, ship("R:C04", "K2")], "BS6", step=6))
    d = run.decision
    assert d is not None
    moves = [a for a in d.choices or () if isinstance(a, Move) and a.to != "stay"]
    assert moves and all("J:AC01" in a.leave for a in moves)
    run.apply(next(a for a in moves if a.to == "K10"))
    assert (at(run.state, "J:B06"), at(run.state, "J:AC01")) == ("K10", "K11")


def test_9_5_a_squadron_with_a_ship_unable_to_sail_cannot_move() -> None:
    dds = squadron("J:DD-Ikazuchi#1", 3, "K11")
    dds[1] = disabled(dds[1])
    run = Driver(battle([*dds, ship("J:C04", "K12"), ship("R:C04", "K2")], "BS6", step=2))
    assert run.decision is not None and run.decision.context["group"] == "K12/light"
    run.run(first)
    assert {at(run.state, s.key) for s in dds} == {"K11"}
    assert all(d.context.get("group") != "K11/light" or not moves_of(d) for _i, _s, d in run.seen)


def _crowd(side: str, n: int, where: str) -> list[BattleShip]:
    """``n`` one-ship destroyer counters of a side in a hex."""
    code = "J:DD-Ikazuchi" if side == JAPAN else "R:DD-Puilki"
    return [s for i in range(n) for s in squadron(f"{code}#{i + 1}", 1, where)]


@pytest.mark.parametrize(
    ("own", "enemy", "group", "enters"),
    [
        (8, 0, 1, False),  # 8 a side in a hex (7.32)
        (7, 0, 1, True),
        (7, 8, 1, True),  # 16 in all: 8 of each side
        (7, 0, 2, False),  # a group of 2 counters does not fit beside 7
        (6, 0, 2, True),
    ],
)
def test_7_32_at_most_8_counters_a_side_in_a_hex(
    own: int, enemy: int, group: int, enters: bool
) -> None:
    movers = [ship("J:C04", "K11"), ship("J:C08", "K11")][:group]
    ships = [*movers, *_crowd(JAPAN, own, "K12"), *_crowd(RUSSIA, enemy, "K12")]
    if not enemy:
        ships.append(ship("R:C04", "K2"))
    run = Driver(battle(ships, "BS6", step=2), misses(200))
    d = run.decision
    assert d is not None and d.context["group"] == "K11/light"
    assert ("K12" in moves_of(d)) == enters
    assert "K10" in moves_of(d)


def test_7_33_leaving_out_of_sight_the_ships_are_gone_for_good() -> None:
    ships = [ship("J:C04", "A11"), ship("J:AC01", "K11"), ship("R:AC03", "S11")]
    run = Driver(battle(ships, "BS6", step=2))
    d = run.decision
    assert d is not None and d.context["group"] == "A11/light"
    assert "exit:W" in moves_of(d)
    run.apply(Move("A11/light", "exit:W"))
    yoshino = run.state.ship("J:C04")
    assert yoshino.hex is None and yoshino.left == "W" and not yoshino.afloat
    assert (at(run.state, "J:AC01"), at(run.state, "R:AC03")) == ("K11", "S11")
    run.run(first)
    assert all("J:C04" not in str(d.choices) for _i, _s, d in run.seen[1:])
    assert run.state.ship("J:C04").left == "W"


def test_7_33_leaving_in_sight_shifts_every_ship_away_from_the_edge() -> None:
    """Yoshino leaves by the W edge 4 hexes from Bayan: nobody leaves; the whole
    battle moves one hex away from the W edge (from column A to B)."""
    ships = [ship("J:C04", "A11"), ship("J:AC01", "C11"), ship("R:AC03", "E11")]
    run = Driver(battle(ships, "BS6", step=2))
    run.apply(Move("A11/light", "exit:W"))
    state = run.state
    assert state.ship("J:C04").left == "" and state.ship("J:C04").hex is not None
    assert (at(state, "J:AC01"), at(state, "R:AC03")) == ("D10", "F10")


def test_7_33_a_ship_leaving_in_sight_keeps_the_hex_it_gained() -> None:
    ships = [ship("J:C04", "A11"), ship("R:AC03", "E11")]
    run = Driver(battle(ships, "BS6", step=2))
    run.apply(Move("A11/light", "exit:W"))
    state = run.state
    yoshino = state.ship("J:C04").hex
    assert at(state, "R:AC03") == "F10"
    assert yoshino in edge_row("W")
    assert distance(yoshino, hex_of("F10")) == 5


def test_7_36_the_battle_ends_when_a_side_has_no_ship_left_on_the_map() -> None:
    ships = [ship("J:AC01", "K11"), ship("R:C04", "A11")]
    run = Driver(battle(ships, "BS6", step=5, initiative=JAPAN))
    run.apply(Move("A11/light", "exit:W"))
    assert run.state.over
    assert run.decision is None


@pytest.mark.parametrize("combat", ["advanced", "basic"])
def test_7_39_each_fleet_rolls_its_battle_fuel_when_the_battle_ends(combat: str) -> None:
    """7.39: at the end each player rolls one die per fleet in the battle; BS8's Russians
    are two fleets (7.29). Basic Combat rolls it too (issue 15, item 6)."""
    options = {"combat": combat, "impulses": 1}
    match = Match.start("gwas_1904", "first-of-october", seed=3, options=options)
    for _ in range(3_000):
        d = match.decision
        if d is None:
            break
        match.apply(d.choices[0] if d.kind != "flagship" else d.choices[-1])
    assert match.is_over
    fuel = [e.data for e in match.events if e.kind == "fuel"]
    fleets = ["Japan", "First Pacific Squadron", "Second Pacific Squadron"]
    assert [f["fleet"] for f in fuel] == fleets
    assert all(1 <= f["twelfths"] <= 6 for f in fuel)


@pytest.mark.parametrize(("apart", "goes_on"), [(4, True), (5, False)])
def test_7_36_after_step_20_the_battle_goes_on_while_the_sides_see_each_other(
    apart: int, goes_on: bool
) -> None:
    ships = [ship("J:AC01", "K11"), ship("R:AC03", f"K{11 - apart}")]
    run = Driver(battle(ships, "BS6", step=20), scripted(5))
    if goes_on:
        assert (run.state.phase, run.state.impulse) == ("impulse", 2)
        assert run.state.fought  # 7.38: the fleets lose a sea area next turn
        assert run.state.initiative == JAPAN  # the roll of 5
    else:
        assert run.state.over
        assert run.state.impulse == 1


@pytest.mark.parametrize(
    ("name", "impulse", "options", "over"),
    [
        ("BS4", 4, {}, True),  # "does not continue beyond 4 impulses"
        ("BS4", 3, {}, False),
        ("BS6", 5, {}, True),
        ("BS8", 11, {}, False),
        ("BS8", 12, {}, True),
        ("BS8", 2, {"impulses": 2}, True),  # the option overrides the scenario's length
        ("BS8", 2, {"impulses": 3}, False),
        ("BS8", 12, {"impulses": -1}, False),  # -1: no limit, only 7.36 ends the battle
    ],
)
def test_7_36_the_scenarios_impulse_limit(
    name: str, impulse: int, options: dict[str, Any], over: bool
) -> None:
    ships = [ship("J:AC01", "K14"), ship("R:AC03", "K11")]  # 3 apart: in sight, out of range
    state = battle(ships, name, step=20, impulse=impulse, overlay=False, options=options)
    run = Driver(state, scripted(5))
    assert run.state.over == over  # the ships are in sight: only the limit ends it
    assert run.state.impulse == (impulse if over else impulse + 1)


# -- formations and break-out (BS1, BS5, BS7; notes A-37) ------------------------------------------


def _bs5(russians: dict[str, str], japanese: dict[str, str], **kw: Any) -> Battle:
    ships = [ship(k, h) for k, h in {**japanese, **russians}.items()]
    return battle(ships, "BS5", **kw)


def test_a37_bs5_before_break_out_a_side_moves_as_one_formation() -> None:
    russians = {"R:B06": "K11", "R:C03": "K12", "R:C04": "L11"}
    run = Driver(_bs5(russians, {"J:B06": "K2"}, step=2, initiative=RUSSIA))
    d = run.decision
    assert d is not None and d.context["group"] == "formation" and run.state.step == 6
    assert set(moves_of(d)) == {"N", "NE", "SE", "S", "SW", "NW"}
    run.apply(Move("formation", "N"))
    assert [at(run.state, k) for k in russians] == ["K10", "K11", "L10"]  # shape kept
    assert run.state.broken == ()


def test_a37_the_formation_moves_at_its_slowest_ships_speed() -> None:
    """Peresvet is 1+: the formation has nothing to do in step 2 (speed 2 only)."""
    russians = {"R:B06": "K11", "R:C03": "K12"}
    run = Driver(_bs5(russians, {"J:B06": "K2"}, step=2, initiative=RUSSIA))
    assert run.state.step == 6 and run.seen == []


def test_7_35_a_formation_leaves_a_ship_unable_to_sail_behind() -> None:
    state = _bs5({"R:B06": "K11", "R:C04": "L11"}, {"J:B06": "K2"}, step=6, initiative=RUSSIA)
    state = attrs.evolve(state, ships=(*state.ships, disabled(ship("R:C03", "K12"))))
    run = Driver(state)
    run.apply(Move("formation", "N"))
    assert [at(run.state, k) for k in ("R:B06", "R:C04", "R:C03")] == ["K10", "L10", "K12"]


def test_7_33_a_formation_leaving_in_sight_keeps_its_shape() -> None:
    state = _bs5({"R:C03": "A11", "R:C04": "C11"}, {"J:B06": "E11"}, step=2, initiative=RUSSIA)
    run = Driver(state)
    run.apply(Move("formation", "NW"))
    askold, novik = run.state.ship("R:C03").hex, run.state.ship("R:C04").hex
    assert askold is not None and novik is not None
    assert distance(askold, novik) == 2
    assert (askold.q - novik.q, askold.r - novik.r) == (-2, 1)  # A11 - C11, as before


@pytest.mark.parametrize(
    ("near", "japanese", "broken"),
    [
        (6, "J:B06", (JAPAN, RUSSIA)),  # 6 within 2 hexes of Mikasa's main guns
        (5, "J:B06", ()),
        (6, "J:C16", ()),  # Itsukushima has no main guns
    ],
)
def test_bs5_break_out_when_6_russian_ships_come_within_range_of_japanese_main_guns(
    near: int, japanese: str, broken: tuple[str, ...]
) -> None:
    keys = ["R:B06", "R:B11", "R:B23", "R:B24", "R:B26", "R:B27", "R:C02"]
    russians = {k: ("K9" if i < near else "K5") for i, k in enumerate(keys)}
    run = Driver(_bs5(russians, {japanese: "K11"}, step=2, initiative=JAPAN), misses(100))
    # Step 2 ends (Japan had nothing to move): the break-out is checked.
    assert run.state.step > 2
    assert run.state.broken == broken
    assert bool(run.texts("break_out")) == bool(broken)


def test_bs5_after_break_out_ships_move_in_groups_by_hex() -> None:
    state = _bs5(
        {"R:B06": "K11", "R:C03": "K12"},
        {"J:B06": "K2"},
        step=6,
        initiative=RUSSIA,
        broken=(JAPAN, RUSSIA),
    )
    run = Driver(state)
    d = run.decision
    assert d is not None and d.context["group"] == "K11/capital"
    run.apply(Move("K11/capital", "K10"))
    assert (at(run.state, "R:B06"), at(run.state, "R:C03")) == ("K10", "K12")


def test_bs7_break_out_needs_15_russian_ships() -> None:
    keys = ["R:B12", "R:B13", "R:B14", "R:B15", "R:B19", "R:B20", "R:B21", "R:B25"]
    keys += ["R:CD01", "R:CD02", "R:CD03", "R:AC02", "R:AC04", "R:AC07", "R:C01", "R:C07"]
    for near, broken in ((14, ()), (15, (JAPAN, RUSSIA))):
        ships = [ship(k, "K9" if i < 8 else "K10") for i, k in enumerate(keys[:near])]
        ships += [ship(k, "K3") for k in keys[near:]]
        run = Driver(battle([ship("J:B06", "K11"), *ships], "BS7", step=2), misses(200))
        assert run.state.broken == broken, near


# -- 7.5, 7.6, 7.27, 19.2-19.3: gunnery ------------------------------------------------------------


def test_7_5_the_initiative_side_declares_and_fires_first_then_the_other_side() -> None:
    ships = [ship("J:B06", "K11"), ship("R:B24", "K10")]
    run = Driver(battle(ships, "BS6", step=3, initiative=RUSSIA), misses(20))
    d = run.decision
    assert d is not None and (d.side, d.kind) == (RUSSIA, "gunnery")
    assert targets_of(d) == ["J:B06"]
    run.apply(Fire("R:B24", "J:B06"))
    d = run.decision
    assert d is not None and (d.side, d.kind) == (JAPAN, "gunnery")
    # Japan chooses after seeing Russia's dice (notes §7.3).
    assert run.rolls("guns of Sevastopol") == [1] * 6
    assert run.rolls("guns of Mikasa") == []


def test_7_5_e11_damage_is_simultaneous_a_ship_hit_this_step_fires_all_its_guns() -> None:
    """E-11 in 1904 terms: Mikasa (initiative) knocks out one of Sevastopol's 3 main
    guns; Sevastopol still fires 3 main dice this step, and 2 in the next gunnery step."""
    ships = [ship("J:B06", "K11"), ship("R:B24", "K10")]
    mikasa = [6, 1, 1, 3, 4, 1, 1, 1, 1]  # 3 main (+2: one hit), damage 7: 1 primary; 4 secondary
    sevastopol = [1, 1, 1, 1, 1, 1]  # 3 main, 3 secondary: all miss
    run = Driver(battle(ships, "BS6", step=3), scripted(*mikasa, *sevastopol, 1, 1, 1, 1, 1))
    run.apply(Fire("J:B06", "R:B24"))
    assert lost(run.state, "R:B24", "primary") == 1
    run.apply(Fire("R:B24", "J:B06"))
    assert run.rolls("primary guns of Sevastopol") == [1, 1, 1]
    assert run.rolls("secondary guns of Sevastopol") == [1, 1, 1]
    run.run(lambda d, s: None if d.kind == "gunnery" and s.step == 7 else first(d, s))
    run.apply(Fire("J:B06"))
    run.apply(Fire("R:B24", "J:B06"))
    assert run.rolls("primary guns of Sevastopol") == [1, 1, 1, 1, 1]  # then 2


def test_7_5_a_ship_sunk_this_step_still_fires() -> None:
    """Mikasa sinks Koreetz (3 unarmoured hull boxes) in her own hex; Koreetz still
    fires her 2 auxiliary guns and hits twice (+1 same hex): Mikasa loses 2 auxiliary boxes.
    Russia then has no ship left: the battle ends (7.36)."""
    ships = [ship("J:B06", "K11"), ship("R:GB14", "K11", er=7)]  # ER 7 even at -2 (19.3)
    mikasa = [6, 1, 1, 6, 5, 4, 1, 1, 1, 1, 1, 1]  # 1 main hit: roll 11, 2 hull; 8.3 +1 box
    koreetz = [6, 6, 4, 4, 4, 4]  # 2 hits: rolls 8, 8: 1 tertiary each
    run = Driver(battle(ships, "BS6", step=3), scripted(*mikasa, *koreetz))
    run.apply(Fire("J:B06", "R:GB14"))
    assert run.state.ship("R:GB14").damage.sunk
    d = run.decision
    assert d is not None and d.side == RUSSIA and targets_of(d) == ["J:B06"]
    run.apply(Fire("R:GB14", "J:B06"))
    assert lost(run.state, "J:B06", "tertiary") == 2
    assert run.state.over


def _stopped_by_the_first_salvo() -> Driver:
    """Mikasa's hit (damage 11: 2 hull, speed -1) leaves Sevastopol (speed 1s) unable to
    sail in the middle of Japan's fire; Yashima fires next in the same step."""
    sevastopol = ship("R:B24", "K10")
    sevastopol = attrs.evolve(sevastopol, damage=attrs.evolve(sevastopol.damage, speed_lost=1))
    ships = [ship("J:B06", "K11"), ship("J:B01", "K11"), sevastopol]
    mikasa = [6, 1, 1, 5, 6, 1, 1, 1, 1, 1]  # 1 main hit, 11: 2 hull (8.3 roll 1); 4 misses
    run = Driver(battle(ships, "BS6", step=3), scripted(*mikasa, *[1] * 6))
    assert run.decision is not None and run.decision.context["ship"] == "J:B06"
    run.apply(Fire("J:B06", "R:B24"))
    run.apply(Fire("J:B01", "R:B24"))
    return run


def test_7_5_a_target_stopped_earlier_in_the_step_gives_no_unable_to_sail_bonus() -> None:
    """7.5: the step's fire is simultaneous, so the +1 against a ship unable to sail
    reads the target as it was at the start of the step (issue 15, item 3)."""
    run = _stopped_by_the_first_salvo()
    assert run.state.ship("R:B24").damage.speed(bundled_rules().of(run.state.ship("R:B24"))) is None
    shots = [t for t in run.texts("attack") if " fires " in t]
    assert shots[0].startswith("Mikasa fires 3 primary at R:B24 (1 hexes, +2)")
    assert shots[2].startswith("Yashima fires 3 primary at R:B24 (1 hexes, +2)")  # not +3


def test_7_5_odds_read_the_targets_start_of_step_state() -> None:
    """The odds of a salvo take the same start-of-step modifier as the fire (7.5)."""
    from navalwar.games.gwas_1904.odds import plan

    sevastopol = ship("R:B24", "K10")
    stopped = attrs.evolve(sevastopol, damage=attrs.evolve(sevastopol.damage, unable=True))
    ships = [ship("J:B01", "K11"), stopped]
    state = battle(ships, "BS6", step=3, snapshot=(ships[0].damage, sevastopol.damage))
    found = plan(state, bundled_rules(), Fire("J:B01", "R:B24"))
    assert found is not None and found.modifier == 2  # italic, adjacent; not unable yet
    later = plan(battle(ships, "BS6", step=3), bundled_rules(), Fire("J:B01", "R:B24"))
    assert later is not None and later.modifier == 3


@pytest.mark.parametrize(
    ("apart", "dice"),
    [
        (0, {"primary": 3, "secondary": 4, "tertiary": 2}),  # auxiliary: same hex only
        (1, {"primary": 3, "secondary": 4, "tertiary": 0}),  # secondary: adjacent
        (2, {"primary": 3, "secondary": 0, "tertiary": 0}),  # main: 2 hexes
        (3, None),  # out of range
    ],
)
def test_7_6_volume_ranges_main_2_secondary_1_auxiliary_0(
    apart: int, dice: dict[str, int] | None
) -> None:
    ships = [ship("J:B06", "K11"), ship("R:B24", f"K{11 - apart}")]
    run = Driver(battle(ships, "BS6", step=3), misses(20))
    d = run.decision
    if dice is None:
        assert run.seen == [] and (d is None or d.kind != "gunnery")
        return
    assert d is not None and d.kind == "gunnery" and targets_of(d) == ["R:B24"]
    run.apply(Fire("J:B06", "R:B24"))
    for part, n in dice.items():
        assert len(run.rolls(f"{part} guns of Mikasa")) == n, part


def test_7_27_visual_distance_caps_the_gun_range_gale() -> None:
    """In a Gale (11.73) visibility is 1 hex and only main guns fire: Mikasa cannot
    reach Sevastopol 2 hexes away, and fires only her 3 main guns at 1 hex."""
    gale = attrs.evolve(scenario("BS6"), weather=6)
    far = Driver(battle([ship("J:B06", "K11"), ship("R:B24", "K9")], gale, step=3), misses(9))
    assert far.decision is None or far.decision.kind != "gunnery"
    near = Driver(battle([ship("J:B06", "K11"), ship("R:B24", "K10")], gale, step=3), misses(9))
    near.apply(Fire("J:B06", "R:B24"))
    assert len(near.rolls("primary guns of Mikasa")) == 3
    assert near.rolls("secondary guns") == []


@pytest.mark.parametrize(("night", "seen"), [(False, True), (True, False)])
def test_7_27_ships_turn_face_up_within_4_hexes_by_day_2_at_night(night: bool, seen: bool) -> None:
    scen = attrs.evolve(scenario("BS6"), night_from=1 if night else 0)
    state = reveal(battle([ship("J:B06", "K11"), ship("R:B24", "K8")], scen))
    assert state.ship("R:B24").seen == seen and state.ship("J:B06").seen == seen
    close = reveal(battle([ship("J:B06", "K11"), ship("R:B24", "K9")], scen))
    assert close.ship("R:B24").seen


@pytest.mark.parametrize(("er", "main"), [(6, 3), (5, 3), (4, 2)])
def test_19_2_the_effectiveness_rating_limits_the_firepower_used(er: int, main: int) -> None:
    ships = [ship("J:B06", "K11"), ship("R:B24", "K10", er=er)]
    run = Driver(battle(ships, "BS6", step=3, initiative=RUSSIA), misses(20))
    run.apply(Fire("R:B24", "J:B06"))
    assert len(run.rolls("primary guns of Sevastopol")) == main


def test_19_2_effectiveness_off_fires_every_gun() -> None:
    ships = [ship("J:B06", "K11"), ship("R:B24", "K10", er=4)]
    state = battle(ships, "BS6", step=3, initiative=RUSSIA, options={"effectiveness": False})
    run = Driver(state, misses(20))
    run.apply(Fire("R:B24", "J:B06"))
    assert len(run.rolls("primary guns of Sevastopol")) == 3


def test_19_3_two_thirds_of_the_hull_rounds_down() -> None:
    sevastopol = hit(ship("R:B24", "K10", er=6), "hull", 5)
    run = Driver(battle([ship("J:B06", "K11"), sevastopol], step=3, initiative=RUSSIA), misses(9))
    run.apply(Fire("R:B24", "J:B06"))
    assert len(run.rolls("primary guns of Sevastopol")) == 2  # ER 6 - 2 = 4: 3 -> 2


def test_7_5_a_19_3_penalty_from_this_steps_hits_waits_until_the_next_step() -> None:
    """Peresvet (9 heavy hull boxes, 5 lost) takes a 6th from Mikasa: from now on ER 4,
    but she answers this step with her start-of-step firepower at ER 6: 2 main, 3 secondary."""
    peresvet = hit(ship("R:B06", "K10", er=6), "hull", 5)
    mikasa = [6, 1, 1, 2, 3, 1, 1, 1, 1]  # 1 main hit, damage 5: 1 hull (heavy: no 8.3)
    run = Driver(battle([ship("J:B06", "K11"), peresvet], step=3), scripted(*mikasa))
    run.apply(Fire("J:B06", "R:B06"))
    assert lost(run.state, "R:B06", "hull") == 6
    run.apply(Fire("R:B06", "J:B06"))
    assert len(run.rolls("primary guns of Peresvet")) == 2
    assert len(run.rolls("secondary guns of Peresvet")) == 3


# -- 7.8: torpedoes --------------------------------------------------------------------------------


@pytest.mark.parametrize(("apart", "modifier"), [(0, "+1"), (1, "+0"), (2, None)])
def test_7_8_torpedoes_reach_the_same_or_an_adjacent_hex(apart: int, modifier: str | None) -> None:
    """An Ikazuchi (1 factor, rotating tubes) against Peresvet: capital target +1;
    volume 7.81: same hex +0, adjacent -1; 2 hexes: no torpedo attack."""
    dd = squadron("J:DD-Ikazuchi#1", 1, "K11")
    run = Driver(battle([*dd, ship("R:B06", f"K{11 - apart}")], step=4), misses(5))
    if modifier is None:
        assert run.decision is None or run.decision.kind != "torpedo"
        return
    d = run.decision
    assert d is not None and d.kind == "torpedo" and targets_of(d) == ["R:B06"]
    run.apply(Torpedo("J:DD-Ikazuchi#1.1", "R:B06"))
    assert any(f"(1 factors, {modifier})" in t for t in run.texts("attack"))


def test_7_84_a_ship_torpedoes_once_a_scenario() -> None:
    dd = squadron("J:DD-Ikazuchi#1", 1, "K11")
    run = Driver(battle([*dd, ship("R:B06", "K11")], step=4), misses(30))
    run.apply(Torpedo("J:DD-Ikazuchi#1.1", "R:B06"))
    assert run.state.ship("J:DD-Ikazuchi#1.1").damage.torpedo_used
    run.run(first)
    torpedo_steps = {
        step
        for _i, step, d in run.seen
        if d.kind == "torpedo" and d.context["ship"] == "J:DD-Ikazuchi#1.1"
    }
    assert torpedo_steps == {4}


def test_7_84_a_salvo_declared_at_a_ship_sunk_earlier_in_the_step_is_spent() -> None:
    ikazuchi = [*squadron("J:DD-Ikazuchi#1", 1, "K11"), *squadron("J:DD-Ikazuchi#2", 1, "K11")]
    puilki = squadron("R:DD-Puilki#1", 1, "K11")
    run = Driver(battle([*ikazuchi, *puilki], step=4), scripted(6, 3, 3))  # hit: 1 hull: sunk
    run.apply(Torpedo("J:DD-Ikazuchi#1.1", "R:DD-Puilki#1"))
    run.apply(Torpedo("J:DD-Ikazuchi#2.1", "R:DD-Puilki#1"))
    assert run.state.ship("R:DD-Puilki#1.1").damage.sunk
    assert run.state.ship("J:DD-Ikazuchi#2.1").damage.torpedo_used


def test_7_83_a_ship_that_cannot_move_cannot_torpedo() -> None:
    for dd in (disabled, lambda s: attrs.evolve(s, aground=True)):
        ships = [dd(squadron("J:DD-Ikazuchi#1", 1, "K11")[0]), ship("R:B06", "K11")]
        run = Driver(battle(ships, step=4), misses(30))
        run.run(lambda d, s: None if s.impulse > 1 else first(d, s))  # (11.27 may repair it)
        mine = [d for _i, _s, d in run.seen if d.context.get("ship") == "J:DD-Ikazuchi#1.1"]
        assert mine and {d.kind for d in mine} == {"gunnery"}  # it still fires its gun


def test_7_8_tubes_destroyed_in_gunnery_cannot_fire_in_the_next_torpedo_step() -> None:
    """Mikasa's main-gun hit rolls 3 on the Gunnery Damage Table: Bayan's fixed tubes
    are destroyed, and she has no torpedo attack in step 4."""
    ships = [ship("J:B06", "K11"), ship("R:AC03", "K10")]
    run = Driver(battle(ships, step=3), scripted(6, 1, 1, 1, 2, 1, 1, 1, 1))
    run.apply(Fire("J:B06", "R:AC03"))
    assert run.state.ship("R:AC03").damage.torpedo_destroyed
    d = run.until("torpedo")
    assert d.side == JAPAN
    run.apply(Torpedo("J:B06"))
    assert run.decision is None or run.decision.kind != "torpedo"


# -- 20.2-20.44: Port Arthur -----------------------------------------------------------------------


def _pa(ships: list[BattleShip | list[BattleShip]], **kw: Any) -> Battle:
    """A battle on the Port Arthur overlay (BS2's date, 9 February 1904)."""
    kw.setdefault("step", 3)
    return battle(ships, "BS2", **kw)


def test_20_44_fortresses_fire_at_plus_1_with_no_effectiveness_limit() -> None:
    forts = [ship("R:FORT-1", "K8", er=4), ship("R:FORT-2", "K8", er=4)]
    run = Driver(_pa([*forts, ship("J:B06", "K9")], initiative=RUSSIA), misses(20))
    d = run.decision
    assert d is not None and d.context["ship"] == "R:FORT-1" and targets_of(d) == ["J:B06"]
    run.apply(Fire("R:FORT-1", "J:B06"))
    run.apply(Fire("R:FORT-2"))  # holds fire
    assert len(run.rolls("guns of Port Arthur fortress 1")) == 3  # ER 4 would allow 2
    assert any("fortress 1 fires 3 primary at J:B06 (1 hexes, +2)" in t for t in run.texts())


def test_20_44_japanese_ships_get_no_stationary_target_bonus_against_a_fortress() -> None:
    """Mikasa and Asahi (italic, +1) fire from the next hex (+1): +2 at a fortress,
    +3 at Tsesarevich, aground (stationary, notes A-54)."""
    tsesarevich = ship("R:B11", "K8", aground=True, exempt=True)
    ships = [ship("R:FORT-1", "K8"), tsesarevich, ship("J:B06", "K9"), ship("J:B05", "K9")]
    run = Driver(_pa(ships), misses(40))
    run.apply(Fire("J:B06", "R:B11"))
    run.apply(Fire("J:B05", "R:FORT-1"))
    assert any("Asahi fires 3 primary at R:FORT-1 (1 hexes, +2)" in t for t in run.texts())
    assert any("Mikasa fires 3 primary at R:B11 (1 hexes, +3)" in t for t in run.texts())


def test_20_44_fortresses_cannot_be_torpedoed() -> None:
    dd = squadron("J:DD-Ikazuchi#1", 1, "K9")
    ships = [ship("R:FORT-1", "K8"), ship("R:FORT-2", "K8"), ship("R:C04", "K8"), *dd]
    run = Driver(_pa(ships, step=4), misses(20))
    d = run.decision
    assert d is not None and d.context["ship"] == "J:DD-Ikazuchi#1.1"
    assert targets_of(d) == ["R:C04"]


def test_11_31_no_torpedo_attack_on_a_ship_in_port_at_chemulpo() -> None:
    """11.31: "Torpedo attacks (7.8) cannot be made on ships in port". BS1 lets the
    Japanese next to the port (A-20) and guns may fire into it, but a torpedo boat in L9
    may torpedo only Koreetz outside, not Variag in the port hex M9 (issue 15, item 7)."""
    tb = squadron("J:TB-No21#1", 1, "L9")
    ships = [*tb, ship("R:C10", "M9", in_port=True), ship("R:GB14", "L9")]
    d = Driver(battle(ships, "BS1", step=4), misses(20)).decision
    assert d is not None and d.kind == "torpedo" and targets_of(d) == ["R:GB14"]
    guns = [ship("J:AC01", "L9"), *ships[1:]]
    d = Driver(battle(guns, "BS1", step=3), misses(20)).decision
    assert d is not None and d.kind == "gunnery" and targets_of(d) == ["R:C10", "R:GB14"]


@pytest.mark.parametrize(
    ("boxes", "destroyed", "vp"), [(1, False, 7), (2, False, 14), (3, True, 21)]
)
def test_20_44_a_fortress_is_destroyed_with_its_3_main_gun_boxes_7_vp_each(
    boxes: int, destroyed: bool, vp: int
) -> None:
    fort = hit(ship("R:FORT-1", "K8"), "primary", boxes)
    assert fort.damage.sunk == destroyed and fort.afloat != destroyed
    state = _pa([fort, ship("R:FORT-2", "K8"), ship("J:B06", "K12")], phase="over")
    assert victory_points(state, bundled_rules())[JAPAN] == vp


@pytest.mark.parametrize(("boxes", "vp"), [(1, 3), (2, 6), (3, 21)])
def test_a19_option_fortress_vp_destroyed_scores_7_a_box_only_for_a_destroyed_fortress(
    boxes: int, vp: int
) -> None:
    """Option ``fortress_vp = "destroyed"`` (notes A-19, the literal line "main-gun
    firepower of a destroyed fortress: 7 VPs each"): 21 for a destroyed fortress; a
    damaged one scores 3 a main-gun box, as an unsunk "fixed battleship" (issue 15, item 9)."""
    fort = hit(ship("R:FORT-1", "K8"), "primary", boxes)
    ships = [fort, ship("R:FORT-2", "K8"), ship("J:B06", "K12")]
    state = _pa(ships, phase="over", options={"fortress_vp": "destroyed"})
    assert victory_points(state, bundled_rules())[JAPAN] == vp


def test_20_43_no_fire_into_or_out_of_the_harbor() -> None:
    """Retvisan in the harbor (K7) and Mikasa 2 hexes away in K9: neither may fire at the
    other; Pobieda in the Roadstead (K8) may be fired at."""
    retvisan = ship("R:B27", "K7", in_port=True)
    for russian, allowed in ((retvisan, False), (ship("R:B26", "K8"), True)):
        run = Driver(_pa([ship("J:B06", "K9"), russian], initiative=RUSSIA), misses(30))
        run.run(lambda d, s: None if d.side == JAPAN else first(d, s))
        d = run.decision
        assert all(x.context.get("ship") != "R:B27" for _i, _s, x in run.seen)
        if allowed:
            assert d is not None and d.kind == "gunnery" and targets_of(d) == ["R:B26"]
        else:
            assert d is None or d.kind != "gunnery"


def test_20_2_land_blocks_the_line_of_sight() -> None:
    """I9 to K8, 2 hexes apart, across the Tiger's Tail: no fire on the overlay."""
    ships = [ship("J:B06", "I9"), ship("R:B26", "K8")]
    run = Driver(_pa(ships), misses(20))
    assert run.decision is None or run.decision.kind != "gunnery"
    open_sea = Driver(_pa(ships, overlay=False), misses(20))
    assert open_sea.decision is not None and targets_of(open_sea.decision) == ["R:B26"]


@pytest.mark.parametrize(("roll", "aground"), [(4, False), (5, True)])
def test_20_41_japanese_ships_next_to_the_harbor_check_grounding(roll: int, aground: bool) -> None:
    """Mikasa enters the Roadstead (next to the harbor): 1d6 + 1 (capital) >= 6 (7.42)."""
    run = Driver(_pa([ship("J:B06", "K9"), ship("R:C04", "Q15")], step=6), scripted(roll))
    run.apply(Move("K9/capital", "K8"))
    assert run.rolls("grounding") == [roll]
    assert run.state.ship("J:B06").aground == aground


@pytest.mark.parametrize(
    ("key", "roll", "aground"),
    [
        ("R:B06", 6, True),  # capital +1, home coast -1: a 6
        ("R:B06", 5, False),
        ("R:C04", 6, False),  # a light ship on its home coast: 6 - 1 never grounds
    ],
)
def test_7_42_grounding_on_entering_a_hex_with_land(key: str, roll: int, aground: bool) -> None:
    """M7 holds land and is not next to the harbor (20.42 does not apply)."""
    state = _pa([ship(key, "M8"), ship("J:C04", "Q17")], step=14, initiative=RUSSIA)
    run = Driver(state, scripted(roll))
    d = run.decision
    assert d is not None
    run.apply(Move(d.context["group"], "M7"))
    assert run.rolls("grounding") == [roll]
    assert run.state.ship(key).aground == aground


def test_7_42_volume_shallow_draft_light_ships_never_run_aground() -> None:
    dd = squadron("J:DD-Ikazuchi#1", 1, "K9")  # next to the harbor: Japan always checks
    run = Driver(_pa([*dd, ship("R:C04", "Q17")], step=2), scripted(6))
    run.apply(Move("K9/light", "K8"))
    assert run.rolls("grounding") == []
    assert not run.state.ship("J:DD-Ikazuchi#1.1").aground


def test_20_42_russian_ships_next_to_port_arthur_make_no_grounding_check() -> None:
    state = _pa([ship("R:B06", "K9"), ship("J:C04", "Q15")], step=6, initiative=RUSSIA)
    run = Driver(state, scripted())
    run.apply(Move("K9/capital", "K8"))
    assert at(run.state, "R:B06") == "K8"
    assert run.rolls("grounding") == []


def test_20_41_japanese_ships_never_enter_the_harbor() -> None:
    run = Driver(_pa([ship("J:C04", "K8"), ship("R:C02", "Q15")], step=2))
    d = run.decision
    assert d is not None and d.context["group"] == "K8/light"
    assert "K7" not in moves_of(d) and "K9" in moves_of(d)


def _harbor(date_scenario: str, keys: list[str], step: int = 2) -> Driver:
    russians = [ship(k, "K7", in_port=True) for k in keys]
    state = battle([*russians, ship("J:C04", "Q17")], date_scenario, step=step, initiative=RUSSIA)
    return Driver(state, misses(100))


def _sortie(run: Driver, counters: list[str]) -> dict[str, bool]:
    """Offer each counter in port the Roadstead in turn; True if it could go."""
    out = {}
    for c in counters:
        d = run.decision
        assert d is not None and d.context["group"] == c, (c, d)
        out[c] = "K8" in moves_of(d)
        run.apply(Move(c, "K8") if out[c] else Move(c, "stay"))
    return out


def test_20_41_before_20_march_three_non_battleships_a_step() -> None:
    keys = ["R:AC03", "R:C03", "R:C04", "R:C09"]
    run = _harbor("BS2", keys)
    assert _sortie(run, keys) == {"R:AC03": True, "R:C03": True, "R:C04": True, "R:C09": False}


def test_20_41_before_20_march_one_battleship_a_game_turn() -> None:
    run = _harbor("BS2", ["R:B06", "R:B11", "R:C02"])
    assert _sortie(run, ["R:B06", "R:B11", "R:C02"]) == {
        "R:B06": True,
        "R:B11": False,
        "R:C02": True,
    }
    run.run(lambda d, s: None if d.context.get("group") == "R:B11" else first(d, s))
    assert run.decision is None  # no later step of the battle lets Tsesarevich out


def test_20_41_before_20_march_the_battleship_does_not_count_among_the_three() -> None:
    keys = ["R:AC03", "R:B06", "R:C03", "R:C04", "R:C09"]
    run = _harbor("BS2", keys)
    assert _sortie(run, keys) == {
        "R:AC03": True,
        "R:B06": True,
        "R:C03": True,
        "R:C04": True,
        "R:C09": False,
    }


def test_20_41_from_20_march_three_ships_a_step_at_most_one_battleship() -> None:
    keys = ["R:B06", "R:B11", "R:C02", "R:C03", "R:C04"]
    run = _harbor("BS4", keys)
    assert _sortie(run, keys) == {
        "R:B06": True,
        "R:B11": False,  # a second battleship this step
        "R:C02": True,
        "R:C03": True,
        "R:C04": False,  # a fourth ship this step
    }


def test_20_41_from_20_march_another_battleship_may_pass_in_a_later_step() -> None:
    run = _harbor("BS4", ["R:B06", "R:B11"])
    assert _sortie(run, ["R:B06", "R:B11"]) == {"R:B06": True, "R:B11": False}
    run.run(lambda d, s: None if d.context.get("group") == "R:B11" else first(d, s))
    d = run.decision
    assert d is not None and d.context["group"] == "R:B11" and "K8" in moves_of(d)


def test_20_41_ships_may_pass_the_entrance_in_any_movement_step_of_their_side() -> None:
    """Bobr is speed 1s (she moves only in steps 14 and 18 at sea), yet may leave the
    harbor in step 2, a speed-2 step."""
    run = _harbor("BS4", ["R:GB13"])
    assert run.state.step == 2
    assert _sortie(run, ["R:GB13"]) == {"R:GB13": True}
    assert at(run.state, "R:GB13") == "K8" and not run.state.ship("R:GB13").in_port


# -- 9.4: squadron counters ----------------------------------------------------------------------


def test_9_4_a_squadron_counter_is_one_target() -> None:
    puilki = squadron("R:DD-Puilki#1", 3, "K10")
    run = Driver(battle([ship("J:B06", "K11"), *puilki, ship("R:C04", "K10")], step=3))
    d = run.decision
    assert d is not None and d.context["ship"] == "J:B06"
    assert targets_of(d) == ["R:C04", "R:DD-Puilki#1"]  # one choice a counter, by key


def test_9_4_e14_each_destroyer_of_a_squadron_picks_its_own_target() -> None:
    """E-14: 3 destroyers attack with 3 auxiliary firepower (1 each) and 3 torpedo
    factors (1 each); each member may choose a different target."""
    ikazuchi = squadron("J:DD-Ikazuchi#1", 3, "K11")
    ships = [*ikazuchi, ship("R:B06", "K11"), ship("R:C04", "K11")]
    run = Driver(battle(ships, step=3), misses(60))
    picks = {"J:DD-Ikazuchi#1.1": "R:B06", "J:DD-Ikazuchi#1.2": "R:C04"}
    picks["J:DD-Ikazuchi#1.3"] = "R:B06"
    for key, target in picks.items():
        d = run.decision
        assert d is not None and d.kind == "gunnery" and d.context["ship"] == key
        assert targets_of(d) == ["R:B06", "R:C04"]
        run.apply(Fire(key, target))
    assert len(run.rolls("tertiary guns of Ikazuchi class")) == 3
    shots = [t for t in run.texts("attack") if t.startswith("Ikazuchi class fires")]
    assert [t.split(" at ")[1].split(" ")[0] for t in shots] == ["R:B06", "R:C04", "R:B06"]
    assert all("fires 1 tertiary" in t for t in shots)
    run.run(lambda d, s: None if d.kind == "torpedo" else first(d, s))
    for key, target in picks.items():
        d = run.decision
        assert d is not None and d.kind == "torpedo" and d.context["ship"] == key
        run.apply(Torpedo(key, target))
    assert len(run.rolls("torpedoes of Ikazuchi class")) == 3


def test_9_4_the_owner_gives_each_hit_on_a_squadron_to_one_of_its_ships() -> None:
    puilki = squadron("R:DD-Puilki#1", 3, "K10")
    mikasa = [6, 1, 1, 2, 3, 1, 1, 1, 1]  # 1 main hit, damage roll 5: 1 hull
    run = Driver(battle([ship("J:B06", "K11"), *puilki], step=3), scripted(*mikasa, 1))
    run.apply(Fire("J:B06", "R:DD-Puilki#1"))
    d = run.decision
    assert d is not None and (d.side, d.kind) == (RUSSIA, "assign")
    assert [a.ship for a in d.choices or () if isinstance(a, Assign)] == [s.key for s in puilki]
    run.apply(Assign("R:DD-Puilki#1.2"))
    assert [run.state.ship(s.key).damage.sunk for s in puilki] == [False, True, False]
    assert run.decision is not None and run.decision.kind == "torpedo"


# -- 19.5: Russian seamanship ---------------------------------------------------------------------

BATTLESHIPS = ["R:B06", "R:B11", "R:B25", "R:B26", "R:B27"]  # all speed 1+


@pytest.mark.parametrize(
    ("keys", "er", "options", "roll", "moves"),
    [
        (BATTLESHIPS, 4, {}, 6, False),  # 5 ships, one of ER 4 or less: a 6 stops them
        (BATTLESHIPS, 4, {}, 5, True),
        (BATTLESHIPS, 5, {}, None, True),  # no ship of ER 4 or less: no roll
        (BATTLESHIPS[:4], 4, {}, None, True),  # 4 ships: no roll
        (BATTLESHIPS, 4, {"effectiveness": False}, None, True),  # 19.0 not in play
    ],
)
def test_19_5_russian_seamanship(
    keys: list[str], er: int, options: dict[str, Any], roll: int | None, moves: bool
) -> None:
    ships = [ship(k, "K11", er=er if i == 0 else 6) for i, k in enumerate(keys)]
    state = battle([*ships, ship("J:C04", "K2")], step=6, initiative=RUSSIA, options=options)
    run = Driver(state, scripted(*([roll] if roll else [])))
    run.apply(Move("K11/capital", "K10"))
    assert run.rolls("seamanship") == ([roll] if roll else [])
    assert {at(run.state, k) for k in keys} == {"K10" if moves else "K11"}


def test_19_5_squadron_members_count_as_ships_and_japan_never_rolls() -> None:
    puilki = [*squadron("R:DD-Puilki#1", 3, "K11", er=4), *squadron("R:DD-Puilki#2", 2, "K11")]
    state = battle([*puilki, ship("J:C04", "K2")], step=2, initiative=RUSSIA)
    run = Driver(state, scripted(6))
    run.apply(Move("K11/light", "K10"))
    assert run.rolls("seamanship") == [6]
    assert {at(run.state, s.key) for s in puilki} == {"K11"}
    japanese = [ship(k, "K11", er=4) for k in ("J:C04", "J:C08", "J:C09", "J:C10", "J:C06")]
    run = Driver(battle([*japanese, ship("R:C04", "K2")], step=2), scripted(6))
    run.apply(Move("K11/light", "K10"))
    assert run.rolls("seamanship") == []
    assert {at(run.state, s.key) for s in japanese} == {"K10"}


def test_19_5_a_ship_at_er_4_after_19_3_penalties_makes_the_group_roll() -> None:
    ships = [ship(k, "K11", er=6) for k in BATTLESHIPS]
    ships[0] = hit(ships[0], "hull", 6)  # Peresvet: 6 of 9 hull boxes lost
    state = battle([*ships, ship("J:C04", "K2")], step=6, initiative=RUSSIA)
    run = Driver(state, scripted(6))
    run.apply(Move("K11/capital", "K10"))
    assert run.rolls("seamanship") == [6]


# -- mines: BS3's Roadstead, BS4 before play -------------------------------------------------------


def _bs3(ships: list[BattleShip], **kw: Any) -> Battle:
    kw.setdefault("step", 6)
    kw.setdefault("initiative", RUSSIA)
    return battle([*ships, ship("J:C04", "Q17")], "BS3", **kw)


@pytest.mark.parametrize(("frm", "to", "checks"), [("K9", "K8", True), ("K8", "K9", True)])
def test_bs3_a_russian_ship_entering_or_leaving_the_roadstead_rolls_for_4_minefields(
    frm: str, to: str, checks: bool
) -> None:
    """2d6 + 3 (4 minefields, T-5) >= 11 is a strike: 4 + 4 strikes; the Minefield
    Damage Table's 1 is 1 hull box."""
    run = Driver(_bs3([ship("R:B06", frm)]), scripted(4, 4, 1))
    run.apply(Move(f"{frm}/capital", to))
    assert run.rolls("Minefield Table") == [4, 4]
    assert run.rolls("Minefield Damage Table") == [1]
    assert lost(run.state, "R:B06", "hull") == 1


def test_bs3_no_mine_check_to_or_from_the_harbor_or_for_japanese_ships() -> None:
    run = Driver(_bs3([ship("R:C02", "K7", in_port=True)]), scripted())
    run.apply(Move("R:C02", "K8"))
    assert at(run.state, "R:C02") == "K8" and run.rolls("Minefield") == []
    run = Driver(_bs3([ship("J:AC01", "K9"), ship("R:C02", "K2")], initiative=JAPAN), scripted(1))
    run.apply(Move("K9/capital", "K8"))
    assert at(run.state, "J:AC01") == "K8" and run.rolls("Minefield") == []


@pytest.mark.parametrize(("option", "strike"), [(True, True), (False, False)])
def test_bs3_a_speed_2_group_adds_2_to_the_minefield_roll(option: bool, strike: bool) -> None:
    """Askold (speed 2) rolls 3 + 3: +3 for 4 minefields, +2 for speed 2 (notes A-36)."""
    state = _bs3([ship("R:C03", "K9")], step=2, options={"mine_speed_modifier": option})
    run = Driver(state, scripted(3, 3, 1))
    run.apply(Move("K9/light", "K8"))
    assert run.rolls("Minefield Table") == [3, 3]
    assert (lost(run.state, "R:C03", "hull") == 1) == strike


def _amur(dice: list[int]) -> Match:
    """BS4 with the pre-battle mine rolls of Yashima, Shikishima and Hatsuse scripted."""
    match = Match.start("gwas_1904", "amur", dice=ScriptedDice(dice, fallback_seed=0))
    while skip_flagships(match) or (match.decision and match.decision.kind == "place"):
        place(match, "L10")
    return match


def test_bs4_each_japanese_battleship_rolls_for_6_minefields_before_play() -> None:
    """2d6 + 5 >= 11: Yashima 3+3 strikes (damage 3: 2 hull), Shikishima 1+1 does not,
    Hatsuse 6+6 strikes (damage 6: sunk)."""
    match = _amur([3, 3, 3, 1, 1, 6, 6, 6])
    state = match.state
    assert lost(state, "J:B01", "hull") == 2
    assert lost(state, "J:B03", "hull") == 0
    assert state.ship("J:B04").damage.sunk
    # L416: the Russians score nothing for mine damage or mine sinkings.
    assert victory_points(state, bundled_rules())[RUSSIA] == 0


def test_bs4_issue_15_mine_rolls_and_damage_are_japans_secret_a_sinking_is_public() -> None:
    """The pre-battle mine rolls and their damage are told to Japan only (a ship's damage
    is its owner's secret, 3.1; notes §7.1), dice included; Hatsuse's sinking is seen
    by both (notes §7.3), so Russia knows her by name, sunk, and nothing of Yashima."""
    match = _amur([3, 3, 5, 1, 1, 6, 6, 6])  # Yashima: damage 5: 5 hull, unable to sail
    for_russia = match.events_for(RUSSIA)
    russian_log = json.dumps([[e.kind, e.text, e.data] for e in for_russia])
    assert "Yashima" not in russian_log and "Shikishima" not in russian_log
    assert "Minefield" not in russian_log
    sinkings = [e.text for e in for_russia if e.kind == "ship_sunk"]
    assert sinkings == ["Hatsuse strikes a mine and sinks"]
    japanese_log = [e.text for e in match.events_for(JAPAN)]
    assert "Yashima strikes a mine: 5 hull, unable to sail (13.21)" in japanese_log
    assert sum("Minefield" in t for t in japanese_log) == 3 * 2 + 2  # 2d6 each, d6 a strike
    hatsuse = [e for e in match.observe(RUSSIA)["ships"] if e.get("key") == "J:B04"]
    assert hatsuse and hatsuse[0]["sunk"] is True and "lost" not in hatsuse[0]


def test_bs4_mine_damage_scores_nothing_but_later_gunfire_does() -> None:
    """Yashima, 2 hull boxes down to a mine, then loses a main-gun box to Russian fire:
    3 VP (the gun), not the 2 mine boxes; Hatsuse, struck but afloat, sunk by gunfire:
    her full value (30)."""
    match = _amur([3, 3, 3, 1, 1, 3, 3, 1])  # Hatsuse: damage 1: 1 hull box
    state = match.state
    yashima = hit(state.ship("J:B01"), "primary", 1)
    hatsuse = sink(state.ship("J:B04"))
    state = state.with_ships({yashima.key: yashima, hatsuse.key: hatsuse})
    assert victory_points(state, bundled_rules())[RUSSIA] == 3 + 30


@pytest.mark.parametrize("name", ["port-arthur", "amur"])
def test_vp_damage_a_scenario_starts_with_was_not_inflicted(name: str) -> None:
    """VP are "for damage inflicted on enemy targets" (L271): BS2's Tsesarevich and
    Retvisan (2 hull boxes each) and BS4's Sevastopol (1) score nothing before a shot;
    a box lost in the battle scores as usual (issue 15, item 2)."""
    match = Match.start("gwas_1904", name, dice=scripted(*[1] * 6))  # BS4: no mine strikes
    state = attrs.evolve(match.state, phase="over")
    pre = [s for s in state.ships if s.damage.track.lost_boxes("hull")]
    assert pre and {s.side for s in pre} == {RUSSIA}
    outcome = GAME.outcome(state, bundled_data())
    assert outcome is not None and outcome.scores == {JAPAN: 0, RUSSIA: 0}
    first_hit = hit(pre[0], "hull", 1)
    next_box = bundled_rules().of(pre[0]).hull[pre[0].damage.track.lost_boxes("hull")]
    outcome = GAME.outcome(state.with_ships({first_hit.key: first_hit}), bundled_data())
    assert outcome is not None and outcome.scores[JAPAN] == (2 if next_box == "H" else 1)


def test_bs4_basic_combat_scores_nothing_for_mines_or_the_starting_damage() -> None:
    """BS4 in Basic Combat (6.0): Yashima's mine damage and Hatsuse's sinking by a mine
    score nothing for Russia (L416), Sevastopol's starting box nothing for Japan (issue
    15, items 1 and 2)."""
    dice = ScriptedDice([3, 3, 3, 1, 1, 6, 6, 6], fallback_seed=0)  # as the test above
    match = Match.start("gwas_1904", "amur", options={"combat": "basic"}, dice=dice)
    state = match.state
    assert state.ship("J:B04").damage.sunk and state.ship("J:B01").damage.track.lost_boxes("hull")
    outcome = GAME.outcome(attrs.evolve(state, over=True), bundled_data())
    assert outcome is not None and outcome.scores == {JAPAN: 0, RUSSIA: 0}
    yashima = state.ship("J:B01")
    gun = attrs.evolve(
        yashima, damage=yashima.damage.replace(track=yashima.damage.track.hit("primary", 1))
    )
    later = attrs.evolve(
        state, over=True, ships=tuple(gun if s.key == gun.key else s for s in state.ships)
    )
    outcome = GAME.outcome(later, bundled_data())
    assert outcome is not None and outcome.scores[RUSSIA] == 3  # gunfire scores as usual


# -- the VP schedule (L267-282) and each scenario's victory conditions -----------------------------


def _over(ships: list[BattleShip | list[BattleShip]], scen: str, **kw: Any) -> Battle:
    return battle(ships, scen, phase="over", overlay=kw.pop("overlay", True), **kw)


def _score(state: Battle) -> tuple[dict[str, float], str | None]:
    outcome = GAME.outcome(state, bundled_data())
    assert outcome is not None
    vp = victory_points(state, bundled_rules())
    return {side: float(v) for side, v in vp.items()}, outcome.winner


def test_vp_a_sunk_ship_scores_its_value() -> None:
    vp, winner = _score(_over([ship("J:B06", "K11"), sink(ship("R:B06", "K10"))], "BS8"))
    assert vp == {JAPAN: 25, RUSSIA: 0} and winner == JAPAN


def test_vp_damage_to_an_unsunk_ship_3_a_main_gun_2_a_heavy_hull_box_1_another() -> None:
    """Yashima's hull is N N N H H H H H H: losing 4 boxes is 1 + 1 + 1 + 2; a main gun 3.
    Bayan's hull is all heavy: 2 boxes are 4."""
    yashima = hit(hit(ship("J:B01", "K11"), "hull", 4), "primary", 1)
    bayan = hit(ship("R:AC03", "K10"), "hull", 2)
    vp, winner = _score(_over([yashima, bayan], "BS8"))
    assert vp == {RUSSIA: 3 + 5, JAPAN: 4} and winner == RUSSIA


def test_vp_secondary_and_auxiliary_guns_score_nothing() -> None:
    bayan = hit(hit(ship("R:AC03", "K10"), "secondary", 2), "tertiary", 1)
    vp, winner = _score(_over([ship("J:B06", "K11"), bayan], "BS8"))
    assert vp == {JAPAN: 0, RUSSIA: 0} and winner is None  # BS8: the most VP wins; a draw


@pytest.mark.parametrize(("reading", "vp"), [("multiplier", 60), ("flat", 2)])
def test_vp_an_enemy_ship_grounded_in_a_friendly_controlled_area(reading: str, vp: int) -> None:
    """Mikasa (30) aground off Port Arthur (Russian-controlled) at the end: 2 VP each
    (notes A-18: 2 x her value; option 'flat': 2 VP). Tsesarevich and Retvisan, aground
    from the start (BS2), score nothing for it."""
    mikasa = ship("J:B06", "K9", aground=True)
    russians = [ship("R:B11", "K8", aground=True, exempt=True), ship("R:C04", "L8")]
    state = _over([mikasa, *russians], "BS2", options={"grounded_vp": reading})
    outcome = GAME.outcome(state, bundled_data())
    assert outcome is not None and outcome.scores == {RUSSIA: vp, JAPAN: 0}


@pytest.mark.parametrize(
    ("edge", "russia"),
    [("W", 13), ("SW", 13), ("SE", 13), ("E", 0), ("NW", 0)],
)
def test_bs1_russian_ships_escaping_by_the_w_sw_or_se_edge_score_their_value(
    edge: str, russia: int
) -> None:
    variag = ship("R:C10", None, left=edge)
    state = _over([variag, ship("R:GB14", "M9", in_port=True), ship("J:AC01", "K11")], "BS1")
    vp, _winner = _score(state)
    assert vp[RUSSIA] == russia


def test_bs1_transports_score_3_at_the_hex_next_to_the_port_and_4_if_sunk() -> None:
    transports = squadron("J:TR-F#1", 4, "L9")
    transports[3] = sink(attrs.evolve(transports[3], hex=hex_of("L9")))
    away = squadron("J:TR-F#2", 1, "K11")
    state = _over([*transports, *away, ship("R:C10", "M9", in_port=True)], "BS1")
    vp, winner = _score(state)
    assert vp == {JAPAN: 3 * 3, RUSSIA: 4}  # 3 afloat at L9; 1 sunk with cargo
    assert winner == JAPAN


@pytest.mark.parametrize(("lead", "winner"), [(30, JAPAN), (29, RUSSIA)])
def test_bs3_japan_needs_a_lead_of_30_vp(lead: int, winner: str) -> None:
    """Peresvet sunk (25) + Gremyashchi sunk (4) = 29, + 1 unarmoured hull box on Novik."""
    russians = [sink(ship("R:B06", "K11")), sink(ship("R:GB07", "K11"))]
    russians.append(hit(ship("R:C04", "K12"), "hull", 1) if lead == 30 else ship("R:C04", "K12"))
    vp, won = _score(_over([ship("J:B06", "K14"), *russians], "BS3"))
    assert vp == {JAPAN: lead, RUSSIA: 0}
    assert won == winner


def _off(keys: list[str], edge: str) -> list[BattleShip]:
    return [ship(k, None, left=edge) for k in keys]


RUSSIAN_BATTLEFLEET = ["R:B06", "R:B11", "R:B23", "R:B24", "R:B26", "R:B27", "R:C02"]


@pytest.mark.parametrize(("off", "winner"), [(7, RUSSIA), (6, JAPAN)])
def test_bs5_russia_wins_by_getting_7_ships_off_the_map(off: int, winner: str) -> None:
    """Even 6 VP behind (Novik sunk), 7 ships off the map is a Russian win (L444)."""
    keys = RUSSIAN_BATTLEFLEET[:off]
    ships = [*_off(keys, "NW"), sink(ship("R:C04", "K11")), ship("J:B06", "K12")]
    _vp, won = _score(_over(ships, "BS5"))
    assert won == winner


def test_bs5_bs7_equal_vp_is_a_japanese_victory() -> None:
    for name in ("BS5", "BS7"):
        vp, won = _score(_over([ship("J:B06", "K12"), ship("R:B12", "K11")], name))
        assert vp == {JAPAN: 0, RUSSIA: 0} and won == JAPAN


@pytest.mark.parametrize(("edge", "winner"), [("NW", RUSSIA), ("W", RUSSIA), ("SW", JAPAN)])
def test_bs7_the_7_ships_must_leave_by_the_nw_ne_or_w_edge(edge: str, winner: str) -> None:
    keys = ["R:B12", "R:B13", "R:B14", "R:B15", "R:B19", "R:B20", "R:B21"]
    _vp, won = _score(_over([*_off(keys, edge), ship("J:B06", "K12")], "BS7"))
    assert won == winner


def test_bs6_edge_of_the_world_leaving_by_another_edge_than_e_counts_as_sunk() -> None:
    """Rurik (22), 2 unarmoured hull boxes lost, leaves by the W edge: Japan scores her
    value as if sunk (and not her damage on top)."""
    rurik = attrs.evolve(hit(ship("R:AC01", None), "hull", 2), left="W")
    vp, winner = _score(_over([rurik, ship("J:AC02", "K11")], "BS6"))
    assert vp == {JAPAN: 22, RUSSIA: 0} and winner == JAPAN


def test_bs6_a_russian_ship_leaving_by_the_e_edge_scores_half_its_value() -> None:
    rurik = attrs.evolve(hit(ship("R:AC01", None), "hull", 2), left="E")
    rossiya = ship("R:AC05", None, left="E")
    vp, winner = _score(_over([rurik, rossiya, ship("J:AC02", "K11")], "BS6"))
    assert vp == {RUSSIA: 11 + 12, JAPAN: 2} and winner == RUSSIA


# -- hidden information (7.23, 7.27; notes §7.3) ---------------------------------------------------


def _names(rules_: Rules, side: str) -> set[str]:
    return {rules_.specs[k].name for k in rules_.specs if k.startswith(side[0] + ":")}


def test_7_23_the_enemy_counters_are_face_down_until_seen() -> None:
    match = Match.start("gwas_1904", "ulsan")
    place(match, "auto")
    place(match, "auto")
    seen_by_japan = match.observe(JAPAN)
    russians = [e for e in seen_by_japan["ships"] if e["side"] == RUSSIA]
    assert len(russians) == 4
    assert all(set(e) == {"side", "id", "counter", "hex"} and e["counter"] == "" for e in russians)
    text = json.dumps(seen_by_japan)
    for key in ("R:AC01", "R:AC05", "R:AC06", "R:C06", "Rurik", "Rossiya", "Gromoboi", "Bogatyr"):
        assert key not in text
    own = [e for e in seen_by_japan["ships"] if e["side"] == JAPAN]
    assert {e["name"] for e in own} == {"Tokiwa", "Azuma", "Izumo", "Iwate"}


def test_7_27_a_ship_within_visual_distance_turns_face_up_but_its_damage_stays_secret() -> None:
    bayan = hit(ship("R:AC03", "K8"), "hull", 3)
    state = reveal(battle([ship("J:B06", "K11"), bayan, ship("R:C04", "K2")], "BS6"))
    view = GAME.observe(state, JAPAN, bundled_data())
    entries = {e.get("key", ""): e for e in view["ships"] if e["side"] == RUSSIA}
    assert entries["R:AC03"]["name"] == "Bayan" and entries["R:AC03"]["counter"] == "R:AC03"
    assert "lost" not in entries["R:AC03"] and "sunk" not in entries["R:AC03"]
    assert "" in entries and "Novik" not in json.dumps(view)  # 9 hexes away: face down
    mine = GAME.observe(state, RUSSIA, bundled_data())
    assert next(e for e in mine["ships"] if e.get("key") == "R:AC03")["lost"]["hull"] == 3


def test_7_23_a_face_down_squadron_shows_as_one_counter() -> None:
    state = battle([ship("J:B06", "K17"), squadron("R:DD-Boiki#1", 3, "K3"), ship("R:B12", "K3")])
    view = GAME.observe(reveal(state), JAPAN, bundled_data())
    assert len([e for e in view["ships"] if e["side"] == RUSSIA]) == 2


def test_7_23_the_enemy_never_learns_a_face_down_ships_name_from_the_log() -> None:
    match = Match.start("gwas_1904", "ulsan")
    place(match, "auto")
    place(match, "auto")
    d = match.decision
    assert d is not None and d.side == RUSSIA and d.kind == "move"
    match.apply(
        next(
            a
            for a in d.choices or ()
            if isinstance(a, Move) and a.to != "stay" and ":" not in a.to  # a hex, not an exit
        )
    )
    assert not match.state.ship("R:C06").seen
    log = json.dumps([[e.text, e.data] for e in match.events_for(JAPAN)])
    for secret in ("Bogatyr", "R:C06", "Rurik", "R:AC01"):
        assert secret not in log


@pytest.mark.parametrize(
    ("scen", "key", "where", "scorer", "vp"),
    [
        ("BS1", "J:C01", "K11", RUSSIA, 7),  # Korean coast, neutral: x1 (notes A-18)
        ("BS2", "J:B06", "K9", RUSSIA, 60),  # Russian coast: the enemy's, x2
        ("BS2", "R:B26", "K9", JAPAN, 18.75),  # the ship's own coast: x3/4 of 25
    ],
)
def test_7_44_a_ship_beached_counts_as_sunk_doubled_or_three_quarters_by_control(
    scen: str, key: str, where: str, scorer: str, vp: float
) -> None:
    beached = ship(key, where, beached=True)
    others = [ship("J:AC01", "K14"), ship("R:C10", "M9", in_port=True)]
    points, _winner = _score(_over([beached, *others], scen))
    assert points[scorer] == vp


def test_7_44_ships_may_be_beached_in_an_adjacent_land_hex() -> None:
    """Novik in L7 next to the all-land L6 (Port Arthur overlay) may run ashore there."""
    run = Driver(_pa([ship("R:C04", "L7"), ship("J:C04", "Q17")], step=2, initiative=RUSSIA))
    d = run.decision
    assert d is not None and "beach:L6" in moves_of(d)
    run.apply(Move("L7/light", "beach:L6"))
    novik = run.state.ship("R:C04")
    assert novik.beached and at(run.state, "R:C04") == "L6" and not novik.afloat


def test_7_32_a_group_moves_once_a_step() -> None:
    """Asama moves from K11 into K12, where Tokiwa waits: Tokiwa's group moves without her."""
    ships = [ship("J:AC01", "K11"), ship("J:AC02", "K12"), ship("R:C04", "K2")]
    run = Driver(battle(ships, step=2))
    run.apply(Move("K11/capital", "K12"))
    d = run.decision
    assert d is not None and d.context["group"] == "K12/capital"
    run.apply(Move("K12/capital", "K13"))
    assert (at(run.state, "J:AC01"), at(run.state, "J:AC02")) == ("K12", "K13")


def test_7_8_torpedo_damage_is_simultaneous_a_ship_sunk_this_step_still_torpedoes() -> None:
    ikazuchi = squadron("J:DD-Ikazuchi#1", 1, "K11")
    puilki = squadron("R:DD-Puilki#1", 1, "K11")
    dice = [6, 3, 3, 6, 3, 3]  # each hits (same hex +0 vs a light ship), damage 6: 1 hull
    run = Driver(battle([*ikazuchi, *puilki], step=4), scripted(*dice))
    run.apply(Torpedo("J:DD-Ikazuchi#1.1", "R:DD-Puilki#1"))
    assert run.state.ship("R:DD-Puilki#1.1").damage.sunk
    d = run.decision
    assert d is not None and d.context["ship"] == "R:DD-Puilki#1.1"
    run.apply(Torpedo("R:DD-Puilki#1.1", "J:DD-Ikazuchi#1"))
    assert run.state.ship("J:DD-Ikazuchi#1.1").damage.sunk
    assert run.state.over  # both sides lost their only ship (7.36)


def test_bs1_the_transports_sail_at_full_speed_to_the_hex_next_to_the_port_and_stay() -> None:
    transports = squadron("J:TR-F#1", 4, "K12")
    ships = [*transports, ship("J:AC01", "K13"), ship("R:C10", "M9", in_port=True)]
    state = battle(ships, "BS1", step=1, broken=(JAPAN, RUSSIA))
    run = Driver(state, scripted(4, 4, 4, 4))
    trail: list[str | None] = []

    def choose(d: Decision, s: Battle) -> Action | None:
        if s.impulse > 2:
            return None
        where = at(s, "J:TR-F#1.1")
        if not trail or trail[-1] != where:
            trail.append(where)
        return first(d, s)

    run.run(choose)
    assert all(d.context.get("group", "").endswith("/transport") is False for *_x, d in run.seen)
    assert at(run.state, "J:TR-F#1.1") == "L9"
    steps = [distance(hex_of(h), hex_of("L9")) for h in trail if h]
    assert steps == sorted(steps, reverse=True) and steps[-1] == 0
