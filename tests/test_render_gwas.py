"""SVG maps of Great War at Sea 1904-1905 battles (``navalwar render gwas_1904 ...``)."""

from __future__ import annotations

import html
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from navalwar.agents import make_agent
from navalwar.cli import main
from navalwar.engine import Match
from navalwar.errors import NavalwarError
from navalwar.games.gwas_1904 import tactical_map
from navalwar.games.gwas_1904.battle import Battle
from navalwar.games.gwas_1904.render import counters_of, view_of
from navalwar.games.gwas_1904.sides import JAPAN, RUSSIA, SIDES
from navalwar.render.svg import match_at_turn, render_match

SVG = "{http://www.w3.org/2000/svg}"
SCENARIOS = ("yellow-sea", "port-arthur", "chemulpo")
VIEWS = (None, JAPAN, RUSSIA)


def played(scenario: str, decisions: int, seed: int = 1, agent: str = "random") -> Match:
    """A match after up to ``decisions`` seeded agent decisions."""
    match = Match.start("gwas_1904", scenario, seed=seed)
    agents = {side: make_agent("gwas_1904", agent, seed + i) for i, side in enumerate(SIDES)}
    for _ in range(decisions):
        decision = match.decision
        if decision is None or match.is_over:
            break
        match.apply(agents[decision.side].choose(match, decision))
    return match


@pytest.fixture(scope="module", params=SCENARIOS)
def match(request: pytest.FixtureRequest) -> Match:
    return played(request.param, 30)


def parse(svg: str) -> ET.Element:
    root = ET.fromstring(svg)
    assert root.tag == f"{SVG}svg"
    return root


def texts(root: ET.Element) -> list[str]:
    return [t.text or "" for t in root.iter(f"{SVG}text")]


def with_class(root: ET.Element, name: str) -> list[ET.Element]:
    return [e for e in root.iter() if name in (e.get("class") or "").split()]


def battle_of(match: Match) -> Battle:
    assert isinstance(match.state, Battle)
    return match.state


@pytest.mark.parametrize("side", VIEWS)
def test_the_whole_tactical_map(match: Match, side: str | None) -> None:
    root = parse(render_match(match, side=side))
    words = texts(root)
    labels = [e.text for e in with_class(root, "hex-label")]
    assert len(labels) == len(tactical_map.hexes()) == 331
    assert {"K8", "K11", "A6", "U16", "K21", "K1"} <= set(labels)
    assert {f"{e} edge" for e in tactical_map.EDGES} <= set(words)
    mesh = root.find(f".//{SVG}g[@id='mesh']")
    assert mesh is not None and len(list(mesh)) == 7
    battle = battle_of(match)
    assert battle.scenario is not None
    assert words[0].endswith(battle.scenario.title)
    state_line = words[1]
    assert f"Impulse {battle.impulse}" in state_line or "Set-up" in state_line
    assert f"initiative {battle.initiative}" in state_line
    assert ("night" if battle.night else "day") in state_line
    assert f"weather {battle.weather}" in state_line
    assert "Legend" in words


@pytest.mark.parametrize("side", VIEWS)
def test_overlay_land_and_port(match: Match, side: str | None) -> None:
    root = parse(render_match(match, side=side))
    overlay = battle_of(match).overlay
    land = with_class(root, "land")
    if overlay is None:
        assert not land
        return
    assert len(land) == len(overlay.polygons) >= 1
    words = texts(root)
    assert overlay.port_name in words
    assert ("Roadstead" in words) == (overlay.roadstead is not None)
    # land polygons in hex units, scaled by the renderer's hex size
    assert all(e.get("d", "").count("L") >= 2 for e in land)


def test_port_arthur_fortresses() -> None:
    root = parse(render_match(played("port-arthur", 5)))
    assert len(with_class(root, "fortress")) == 2


def observed_counters(obs: dict[str, Any]) -> int:
    """Counters on the map as an observation tells them: one per known counter in a
    hex, one per face-down entry."""
    known: set[tuple[str, str, str]] = set()
    face_down = 0
    for e in obs["ships"]:
        if e.get("hex") and not e.get("sunk") and not e.get("left"):
            if e["counter"]:
                known.add((e["side"], e["counter"], e["hex"]))
            else:
                face_down += 1
    return len(known) + face_down


@pytest.mark.parametrize("side", SIDES)
def test_side_view_counters_match_the_observation(match: Match, side: str) -> None:
    root = parse(render_match(match, side=side))
    obs = match.observe(side)
    drawn = with_class(root, "counter")
    assert len(drawn) == observed_counters(obs)
    blank = [c for c in drawn if c.find(f"{SVG}text") is None]  # face down: no type, no name
    assert len(blank) == sum(1 for e in obs["ships"] if e["hex"] and not e["counter"])
    assert all(e["side"] != side for e in obs["ships"] if not e["counter"])


def test_umpire_view_draws_every_counter_on_the_map(match: Match) -> None:
    root = parse(render_match(match))
    battle = battle_of(match)
    on_map = {
        (s.counter, s.hex)
        for s in battle.ships
        if s.hex is not None and not s.left and not s.damage.sunk
    }
    assert len(with_class(root, "counter")) == len(on_map)
    sizes = [int(e.text or 0) for e in with_class(root, "squadron-size")]
    squadrons = [c for c in counters_of(view_of(match).pieces) if c.squadron]
    assert sorted(sizes) == sorted(len(c.ships) for c in squadrons)


@pytest.mark.parametrize("side", SIDES)
def test_side_view_never_names_unseen_enemy_ships(match: Match, side: str) -> None:
    svg = render_match(match, side=side)
    battle = battle_of(match)
    rules = match.data.rules
    shown = {str(e["name"]) for e in match.observe(side)["ships"] if e.get("name")}
    unseen = {rules.of(s).name for s in battle.ships if s.side != side and not s.seen} - shown
    assert battle.scenario is not None
    unseen = {n for n in unseen if n not in battle.scenario.title}
    for name in unseen:
        assert name not in svg and html.escape(name) not in svg, name
    umpire = render_match(match)
    assert all(html.escape(n) in umpire for n in unseen)


def test_unseen_enemies_exist_in_these_matches() -> None:
    """The hiding test above has something to hide: at the start nobody is seen."""
    battle = battle_of(played("yellow-sea", 3))
    assert any(not s.seen and s.hex is not None for s in battle.ships)
    words = texts(parse(render_match(played("yellow-sea", 3), side=JAPAN)))
    assert any("face down" in w for w in words)


def test_damage_in_the_legend() -> None:
    match = played("port-arthur", 3)  # Tsesarevich and Retvisan start with 2 hull boxes lost
    umpire = texts(parse(render_match(match)))
    assert any(w.startswith("K8 aground; lost hull 2") for w in umpire)
    russia = texts(parse(render_match(match, side=RUSSIA)))
    assert any(w.startswith("K8 aground; lost hull 2") for w in russia)
    japan = texts(parse(render_match(match, side=JAPAN)))
    assert not any("lost hull 2" in w for w in japan)
    assert any(w.startswith("Russia: ") and "damage unknown" in w for w in japan)


def test_turn_is_an_impulse() -> None:
    match = played("chemulpo", 400, agent="first")
    assert match.is_over and battle_of(match).impulse >= 2
    replayed = match_at_turn(match, 2)
    state = battle_of(replayed)
    assert (state.phase, state.impulse) == ("impulse", 2)
    words = texts(parse(render_match(match, turn=2, side=JAPAN)))
    assert "Start of impulse 2" in words
    assert any(w.startswith("Impulse 2 of ") for w in words)
    with pytest.raises(NavalwarError, match="Impulse 99 is beyond this game"):
        render_match(match, turn=99)


def test_basic_combat_has_no_map() -> None:
    match = Match.start("gwas_1904", "yellow-sea", seed=1, options={"combat": "basic"})
    with pytest.raises(NavalwarError, match="Basic Combat"):
        render_match(match)


def test_unknown_side() -> None:
    with pytest.raises(NavalwarError, match="side"):
        render_match(played("chemulpo", 1), side="China")


def test_cli_new_match(tmp_path: Path) -> None:
    out = tmp_path / "out.svg"
    args = ["render", "gwas_1904", "port-arthur", "--seed", "1", "-o", str(out)]
    result = CliRunner().invoke(main, args)
    assert result.exit_code == 0, result.output
    root = parse(out.read_text(encoding="utf-8"))
    assert "Port Arthur" in texts(root)
    assert not with_class(root, "counter")  # set-up has not begun placing


def test_cli_saved_match_side_and_turn(tmp_path: Path) -> None:
    save, out = tmp_path / "match.json", tmp_path / "map.svg"
    played("chemulpo", 60).save(save)
    runner = CliRunner()
    result = runner.invoke(main, ["render", str(save), "--side", "Russia", "-o", str(out)])
    assert result.exit_code == 0, result.output
    assert "Russia's view" in "\n".join(texts(parse(out.read_text(encoding="utf-8"))))
    result = runner.invoke(main, ["render", str(save), "--turn", "1", "-o", str(out)])
    assert result.exit_code == 0, result.output
    assert "Start of impulse 1" in texts(parse(out.read_text(encoding="utf-8")))
    result = runner.invoke(main, ["render", str(save), "--seed", "3", "-o", str(out)])
    assert result.exit_code == 2 and "GAME SCENARIO" in result.output
