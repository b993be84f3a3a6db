"""The Coral Sea SVG map (``render.draw_coral_sea``, ``navalwar render``): the real map,
every base and terrain class, and units only as the side's observation holds them."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from pathlib import Path

from click.testing import CliRunner
from tests.games.coral_sea.view_fixtures import COUNTER, HIDDEN, hidden, played

from navalwar.cli import main
from navalwar.engine import Match
from navalwar.games.coral_sea.geography import Terrain
from navalwar.games.coral_sea.render import MARGIN, draw_coral_sea, draw_picture, picture_of
from navalwar.games.coral_sea.units import ALLIES, JAPAN

SVG = "{http://www.w3.org/2000/svg}"
__all__ = ["hidden"]  # the fixture


def root(svg: str) -> ET.Element:
    tree = ET.fromstring(svg)  # well-formed XML
    assert tree.tag == f"{SVG}svg"
    return tree


def texts(tree: ET.Element) -> str:
    return "\n".join(t.text or "" for t in tree.iter(f"{SVG}text"))


def units(tree: ET.Element) -> list[ET.Element]:
    return [e for e in tree.iter() if "unit" in (e.get("class") or "").split()]


def test_the_whole_map_has_every_hex_with_its_terrain_class_and_every_base(hidden: Match) -> None:
    geography = hidden.data.geography
    tree = root(draw_coral_sea(hidden, True, None, JAPAN))
    hexes = [e for e in tree.iter(f"{SVG}path") if "hex" in (e.get("class") or "").split()]
    hexes += [e for e in tree.iter(f"{SVG}polygon") if "hex" in (e.get("class") or "").split()]
    by_label = {e.get("data-hex"): (e.get("class") or "").split()[1] for e in hexes}
    assert len(by_label) == 54 * 38
    for h in geography.spec.hexes():
        assert by_label[geography.spec.label(h)] == geography.terrain(h).value
    assert {t.value for t in Terrain} == set(by_label.values())
    bases = {e.get("data-name"): e.get("data-hex") for e in tree.iter() if e.get("class") == "base"}
    assert bases == {b.name: b.label for b in geography.bases}
    words = texts(tree)
    for b in geography.bases:
        assert f"{b.name} {b.rating}" in words  # the letter/number rating (8.A)
    assert "Turn 2 of 34" in words and "initiative" in words and "VP Japan" in words


def test_a_side_sees_its_own_tfs_and_never_an_unfound_enemy_tf(hidden: Match) -> None:
    state = hidden.state
    first = next(
        tf
        for tf in state.task_forces
        if tf.side == ALLIES and tf.counter is None and state.ships_of(tf)
    )
    names = [s.name for s in state.ships_of(first)]
    japan = root(draw_coral_sea(hidden, True, None, JAPAN))
    words = texts(japan)
    assert not [e for e in units(japan) if e.get("data-hex") == HIDDEN]
    assert HIDDEN not in words
    assert not [n for n in names if n in words]
    assert not [
        e
        for e in units(japan)
        if "task-force" in (e.get("class") or "") and e.get("data-side") == ALLIES
    ]
    # the other Allied TF's counter is on the board: drawn anonymous, where it stands
    counters = [
        e
        for e in units(japan)
        if "tf-counter" in (e.get("class") or "") and e.get("data-side") == ALLIES
    ]
    assert [e.get("data-hex") for e in counters] == [COUNTER]
    assert all(e.get("data-id") is None for e in counters)
    # the Japanese TFs are drawn at their true hexes with their ids
    spec = hidden.data.geography.spec
    own = {
        (e.get("data-id"), e.get("data-hex"))
        for e in units(japan)
        if "task-force" in (e.get("class") or "")
    }
    assert own == {
        (tf.id, spec.label(tf.hex)) for tf in state.task_forces if tf.side == JAPAN and tf.hex
    }


def test_the_umpire_and_the_owner_see_the_hidden_tf(hidden: Match) -> None:
    state = hidden.state
    first = next(
        tf
        for tf in state.task_forces
        if tf.side == ALLIES and tf.counter is None and state.ships_of(tf)
    )
    names = [s.name for s in state.ships_of(first)]
    for side in (None, ALLIES):
        tree = root(draw_coral_sea(hidden, False, "Start of turn 2", side))
        at = [
            e
            for e in units(tree)
            if "task-force" in (e.get("class") or "") and e.get("data-hex") == HIDDEN
        ]
        assert [(e.get("data-side"), e.get("data-id")) for e in at] == [(ALLIES, first.id)]
        words = texts(tree)
        assert all(n in words for n in names)
        assert "Start of turn 2" in words
    umpire = root(draw_coral_sea(hidden, False, None, None))
    sides = {e.get("data-side") for e in units(umpire) if "task-force" in (e.get("class") or "")}
    assert sides == {JAPAN, ALLIES}
    assert "umpire" in texts(umpire)


def test_the_area_of_play_is_the_units_box_plus_a_margin(hidden: Match) -> None:
    geography = hidden.data.geography
    obs = {"turn": 1, "task_forces": [{"id": "TF1", "hex": "2020", "ships": ["Lexington"]}]}
    obs["ships"] = [{"name": "Chicago", "side": ALLIES, "type": "CA", "hex": "2622", "tf": None}]
    p = picture_of({ALLIES: obs}, ALLIES, geography)
    whole = root(draw_picture(p, geography, whole_map=True))
    area = root(draw_picture(p, geography))

    def hexes(tree: ET.Element) -> set[str]:
        return {
            str(e.get("data-hex")) for e in tree.iter() if "hex" in (e.get("class") or "").split()
        }

    assert len(hexes(whole)) == 54 * 38
    cols = {int(h[:2]) for h in hexes(area)}
    rows = {int(h[2:]) for h in hexes(area)}
    assert (min(cols), max(cols)) == (20 - MARGIN, 26 + MARGIN)
    assert min(rows) <= 20 - MARGIN and max(rows) >= 22 + MARGIN and max(rows) - min(rows) < 12
    assert {str(e.get("data-hex")) for e in units(area)} == {"2020", "2622"}


def test_navalwar_render_draws_a_played_coral_sea_match(tmp_path: Path) -> None:
    m = played(turns=3, seed=2)
    save = tmp_path / "game.json"
    m.save(save)
    out = tmp_path / "map.svg"
    result = CliRunner().invoke(
        main, ["render", str(save), "--turn", "2", "--side", "Japan", "-o", str(out)]
    )
    assert result.exit_code == 0, result.output
    words = texts(root(out.read_text()))
    assert "Start of turn 2" in words and "Turn 2 of 34" in words and "as Japan sees it" in words
    fresh = tmp_path / "start.svg"
    result = CliRunner().invoke(main, ["render", "coral_sea", "raid_on_rabaul", "-o", str(fresh)])
    assert result.exit_code == 0, result.output
    assert "Raid on Rabaul" in texts(root(fresh.read_text()))


def test_a_sides_picture_is_the_same_whatever_it_cannot_know(hidden: Match) -> None:
    from navalwar.dice import Dice

    for side in (JAPAN, ALLIES):
        variants = hidden.game.hidden_variants(hidden.state, side, hidden.data, Dice(5))
        assert variants  # the enemy's TFs moved or exchanged ships, its plots changed
        drawn = draw_coral_sea(hidden, True, None, side)
        umpire = draw_coral_sea(hidden, True, None, None)
        differ = 0
        for variant in variants:
            other = hidden.clone()
            other.state = variant
            assert draw_coral_sea(other, True, None, side) == drawn
            differ += draw_coral_sea(other, True, None, None) != umpire
        assert differ  # the variants differ in what the umpire sees
