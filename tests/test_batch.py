"""Batch simulation (navalwar.batch, ``navalwar simulate``): seeds, determinism across
workers and backends, the JSON Lines file, interruption and resume, the summary,
the command line and the plot."""

from __future__ import annotations

import json
import math
import re
import sys
from fractions import Fraction
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from click.testing import CliRunner, Result

from navalwar import batch
from navalwar.agents import make_agent, play_out
from navalwar.batch import BattleRecord, battle_seeds, simulate, summarize, wilson
from navalwar.batch import backends as backends_module
from navalwar.cli import main
from navalwar.engine import Game, Match, Outcome, score_from_json, score_to_json
from navalwar.errors import DataError, NavalwarError
from navalwar.games.tokyo_express.game import TokyoExpress

TE = ("tokyo_express", "basic")
GWAS = ("gwas_1904", "yellow-sea")


def cli(*args: str) -> Result:
    return CliRunner().invoke(main, list(args))


def lines(path: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]


@pytest.fixture(scope="module")
def te_six() -> list[BattleRecord]:
    """Six Tokyo Express battles fought in this process (the reference records)."""
    return simulate(*TE, 6, seed=11, workers=1)


# -- seeds ---------------------------------------------------------------------------


def test_battle_seeds_are_spawned_children_and_do_not_depend_on_n() -> None:
    children = np.random.SeedSequence(5).spawn(4)
    expected = [int(c.generate_state(1, np.uint64)[0]) >> 11 for c in children]
    assert battle_seeds(5, 4) == expected
    assert battle_seeds(5, 10)[:4] == expected
    assert len(set(battle_seeds(5, 1000))) == 1000
    assert all(0 <= s < 2**53 for s in battle_seeds(5, 1000))  # exact in any JSON reader
    with pytest.raises(NavalwarError, match="non-negative"):
        battle_seeds(-1, 3)


def test_a_record_replays_with_navalwar_run(te_six: list[BattleRecord]) -> None:
    record = te_six[2]
    assert record.command() == (  # no agent for Japan: the rules play it (TE 1.0)
        f"navalwar run tokyo_express basic --seed {record.seed} --agent US=heuristic"
    )
    result = cli(*record.command().split()[1:], "--quiet")
    assert result.exit_code == 0, result.output
    assert result.output.strip() == record.summary  # it names the level (TE 3.9)
    again = batch.play_battle(batch.BatchSpec.make(*TE), record.index, record.seed)
    assert again == record


def test_gwas_record_with_options_replays_with_its_command() -> None:
    options = {"combat": "basic", "effectiveness": False}
    agents = {"japan": "random"}  # sides in any letter case
    (record,) = simulate(*GWAS, 1, seed=4, workers=1, options=options, agents=agents)
    assert record.agents == {"Japan": "random", "Russia": "heuristic"}
    assert record.extras["turn_unit"] == "round"
    words = record.command().split()[1:]
    assert "--option" in words and "combat=basic" in words and "effectiveness=false" in words
    result = cli(*words, "--quiet")
    assert result.exit_code == 0, result.output
    assert result.output.strip() == f"{record.level}: {record.summary}"


# -- determinism ---------------------------------------------------------------------


def test_records_identical_for_one_and_two_workers(te_six: list[BattleRecord]) -> None:
    two = simulate(*TE, 6, seed=11, workers=2, chunk_size=1)
    assert two == te_six
    assert [r.index for r in two] == list(range(6))
    assert len({r.seed for r in two}) == 6


def test_ray_backend_gives_the_same_records(te_six: list[BattleRecord]) -> None:
    ray = pytest.importorskip("ray", reason="Ray is not installed (pip install navalwar[ray])")
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)  # a local instance
    try:
        assert ray.is_initialized()
        records = simulate(*TE, 6, seed=11, backend="ray", chunk_size=2)
        assert ray.is_initialized()  # an instance the caller started is left running
    finally:
        ray.shutdown()
    assert records == te_six


def test_missing_ray_is_a_clear_error(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setitem(sys.modules, "ray", None)  # import ray now fails
    out = tmp_path / "r.jsonl"
    with pytest.raises(NavalwarError, match=r"pip install 'navalwar\[ray\]'"):
        simulate(*TE, 2, backend="ray", out=out)
    assert not out.exists()
    result = cli("simulate", *TE, "-n", "2", "--backend", "ray")
    assert result.exit_code == 2
    assert "navalwar[ray]" in result.output


# -- the JSON Lines file ---------------------------------------------------------------


def test_jsonl_has_one_complete_record_per_line(tmp_path: Path) -> None:
    out = tmp_path / "gwas.jsonl"
    records = simulate(*GWAS, 2, seed=3, workers=1, out=out)
    rows = lines(out)
    assert rows == [r.to_json() for r in records]
    for i, row in enumerate(rows):
        assert list(row) == [
            "index", "seed", "game", "scenario", "options", "agents", "winner", "level",
            "scores", "summary", "decisions", "turns", "sunk", "damaged", "extras",
        ]  # fmt: skip
        assert row["index"] == i
        assert row["seed"] == battle_seeds(3, 2)[i]
        assert set(row["scores"]) == set(row["sunk"]) == set(row["damaged"]) == {"Japan", "Russia"}
        assert row["extras"] == {"turn_unit": "impulse"}
        assert isinstance(row["turns"], int) and row["turns"] >= 1
        for by_type in (*row["sunk"].values(), *row["damaged"].values()):
            assert all(isinstance(k, int) and k > 0 for k in by_type.values())
    assert batch.read_records(out) == records


def test_record_counts_ships_as_the_match_ends() -> None:
    spec = batch.BatchSpec.make(*TE)
    record = batch.play_battle(spec, 0, 99)
    match: Match = spec.start(99)
    play_out(
        match,
        {
            s: make_agent("tokyo_express", "heuristic", 99 + i + 1)
            for i, s in enumerate(match.game.spec.sides)
        },
    )
    state = match.state
    assert record.turns == state.turn
    sunk = sum(1 for s in state.ships if s.removed or s.sinking)
    damaged = sum(1 for s in state.ships if not (s.removed or s.sinking) and (s.hits or s.level))
    assert sum(sum(t.values()) for t in record.sunk.values()) == sunk
    assert sum(sum(t.values()) for t in record.damaged.values()) == damaged


def test_a_game_that_declares_no_record_extras_records_none() -> None:
    class Plain(TokyoExpress):  # the declaration's default: no batch-record facts
        record_extras = Game.record_extras

    match = Match.start(Plain(), "basic", seed=1)
    assert match.game.record_extras(match) == {}
    assert set(Match.start("tokyo_express", "basic").game.record_extras(match)) == {
        "turns", "turn_unit", "sunk", "damaged"
    }  # fmt: skip


def test_existing_output_needs_resume_or_force(tmp_path: Path) -> None:
    out = tmp_path / "r.jsonl"
    simulate(*TE, 2, workers=1, out=out)
    with pytest.raises(NavalwarError, match=r"--resume.*--force"):
        simulate(*TE, 2, workers=1, out=out)
    before = out.read_text()
    assert [r.index for r in simulate(*TE, 2, workers=1, out=out, overwrite=True)] == [0, 1]
    assert out.read_text() == before


# -- interruption and resume ---------------------------------------------------------------


def _interrupt_after(k: int) -> batch.Progress:
    def progress(done: int, total: int) -> None:
        if done >= k:
            raise KeyboardInterrupt

    return progress


@pytest.mark.parametrize("workers", [1, 2])
def test_interrupted_run_keeps_records_and_resume_completes_it(
    tmp_path: Path, workers: int
) -> None:
    whole = tmp_path / "whole.jsonl"
    simulate(*TE, 6, seed=8, workers=1, out=whole)
    out = tmp_path / "cut.jsonl"
    with pytest.raises(batch.BatchInterrupted) as stop:
        simulate(
            *TE, 6, seed=8, workers=workers, chunk_size=1, out=out, progress=_interrupt_after(2)
        )
    assert stop.value.done >= 2 and stop.value.n == 6 and stop.value.path == out
    kept = lines(out)
    assert len(kept) == stop.value.done < 6
    assert all(row in lines(whole) for row in kept)
    seen: list[tuple[int, int]] = []
    records = simulate(
        *TE,
        6,
        seed=8,
        workers=workers,
        chunk_size=1,
        out=out,
        resume=True,
        progress=lambda done, total: seen.append((done, total)),
    )
    assert seen[0] == (len(kept), 6) and seen[-1] == (6, 6)
    assert out.read_bytes() == whole.read_bytes()
    assert records == batch.read_records(whole)


def test_resume_drops_a_line_cut_short(tmp_path: Path) -> None:
    whole = tmp_path / "whole.jsonl"
    simulate(*TE, 3, seed=2, workers=1, out=whole)
    out = tmp_path / "cut.jsonl"
    text = whole.read_text()
    out.write_text(text[: text.index("\n") + 1] + text[text.index("\n") + 1 :][:40])
    assert len(batch.read_records(out)) == 1
    told: list[str] = []
    simulate(*TE, 3, seed=2, workers=1, out=out, resume=True, notify=told.append)
    assert out.read_text() == text
    assert len(told) == 1 and "dropped 1 broken line(s) (line 2)" in told[0]


def test_resume_refuses_another_batch(tmp_path: Path) -> None:
    out = tmp_path / "r.jsonl"
    simulate(*TE, 2, seed=1, workers=1, out=out)
    with pytest.raises(NavalwarError, match="another --seed"):
        simulate(*TE, 3, seed=2, workers=1, out=out, resume=True)
    with pytest.raises(NavalwarError, match="not this batch"):
        simulate(*TE, 3, seed=1, workers=1, out=out, resume=True, agents={"US": "random"})
    with pytest.raises(NavalwarError, match="more than -n 1"):
        simulate(*TE, 1, seed=1, workers=1, out=out, resume=True)
    assert len(simulate(*TE, 3, seed=1, workers=1, out=out, resume=True)) == 3  # extended
    with pytest.raises(NavalwarError, match="output file"):
        simulate(*TE, 3, seed=1, workers=1, resume=True)


# -- the summary ---------------------------------------------------------------------------


def test_wilson_interval_against_hand_computed_values() -> None:
    # 7 of 10, z = 1.959964: z²/n = 0.384146, centre = (0.7 + 0.192073) / 1.384146
    # = 0.644493, half = 1.959964 / 1.384146 * sqrt(0.021 + 0.009604) = 0.247715;
    # the same bounds solve (0.7 - p)² = z² p (1 - p) / 10 for p
    low, high = wilson(7, 10)
    assert low == pytest.approx(0.396778, abs=1e-6)
    assert high == pytest.approx(0.892209, abs=1e-6)
    # 0 of 10: the interval is [0, z²/(n + z²)] = [0, 3.841459 / 13.841459]
    assert wilson(0, 10) == (0.0, pytest.approx(0.277533, abs=1e-6))
    assert wilson(10, 10) == (pytest.approx(0.722467, abs=1e-6), 1.0)
    assert wilson(0, 0) == (0.0, 1.0)


def _record(i: int, winner: str | None, us: int, japan: int) -> BattleRecord:
    level = f"{winner} win" if winner else "Draw"
    return BattleRecord(
        i,
        i,
        "tokyo_express",
        "basic",
        {},
        {"US": "a", "Japan": "b"},
        winner,
        level,
        {"US": us, "Japan": japan},
        "",
        10,
    )


def test_summary_of_a_known_sample() -> None:
    records = [
        _record(0, "US", 10, 2),
        _record(1, "US", 8, 5),
        _record(2, "Japan", 3, 9),
        _record(3, None, 4, 4),
        _record(4, "US", 12, 0),
    ]
    s = summarize(records)
    assert s.n == 5 and [x.side for x in s.sides] == ["US", "Japan"]
    us, japan = s.sides
    assert (us.win.k, us.draw.k, us.loss.k) == (3, 1, 1)
    assert (japan.win.k, japan.draw.k, japan.loss.k) == (1, 1, 3)
    assert us.win.p == pytest.approx(0.6)
    assert (us.win.low, us.win.high) == wilson(3, 5)
    assert us.win.low == pytest.approx(0.230724, abs=1e-6)
    assert us.win.high == pytest.approx(0.882379, abs=1e-6)
    # US VP 3 4 8 10 12: mean 7.4, median 8, quartiles 4 and 10 (numpy linear)
    assert (us.vp.mean, us.vp.median, us.vp.q1, us.vp.q3) == (7.4, 8.0, 4.0, 10.0)
    # margins 8 3 -6 0 12 -> sorted -6 0 3 8 12
    assert (s.margin.mean, s.margin.median, s.margin.q1, s.margin.q3) == (3.4, 3.0, 0.0, 8.0)
    assert s.margin_label == "US - Japan"
    assert s.levels == {"US win": 3, "Japan win": 1, "Draw": 1}
    assert json.loads(json.dumps(s.to_json()))["sides"][0]["win"]["k"] == 3
    empty = summarize([], ["US", "Japan"])
    assert empty.n == 0 and math.isnan(empty.margin.mean)


# -- the command line ------------------------------------------------------------------


@pytest.mark.parametrize(("game", "scenario"), [TE, GWAS])
def test_cli_simulate_prints_the_summary_and_writes_records(
    tmp_path: Path, game: str, scenario: str
) -> None:
    out = tmp_path / "r.jsonl"
    result = cli(
        "simulate", game, scenario, "-n", "6", "--seed", "5", "--workers", "2", "--out", str(out)
    )
    assert result.exit_code == 0, result.output
    rows = lines(out)
    assert [r["index"] for r in rows] == list(range(6))
    assert [r["seed"] for r in rows] == battle_seeds(5, 6)
    text = result.stdout
    assert f"{game} {scenario}: 6 battles, seed 5" in text
    assert "Win % (95% CI)" in text and "Victory Points" in text and "Median" in text
    assert "margin " in text and "Levels of victory" in text
    assert f"navalwar run {game} {scenario} --seed {rows[0]['seed']}" in text


def test_cli_ctrl_c_keeps_the_finished_battles_and_resume_finishes(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    out = tmp_path / "r.jsonl"
    fight = backends_module.run_chunk
    calls: list[int] = []

    def interrupted(chunk: backends_module.Chunk) -> list[dict[str, Any]]:
        calls.append(1)
        if len(calls) == 3:
            raise KeyboardInterrupt
        return fight(chunk)

    monkeypatch.setattr(backends_module, "run_chunk", interrupted)
    args = ["simulate", *TE, "-n", "6", "--seed", "9", "--workers", "1", "--out", str(out)]
    result = cli(*args)
    assert result.exit_code == 130
    done = len(lines(out))
    assert done >= 1
    assert f"Interrupted: {done} of 6 battles are in {out}" in result.output
    assert "--resume" in result.output
    monkeypatch.undo()
    result = cli(*args)
    assert result.exit_code == 2 and "--resume" in result.output
    result = cli(*args, "--resume")
    assert result.exit_code == 0, result.output
    assert [r["seed"] for r in lines(out)] == battle_seeds(9, 6)


def test_cli_simulate_errors_are_one_line(tmp_path: Path) -> None:
    result = cli("simulate", *TE, "-n", "2", "--agent", "US=nobody")
    assert result.exit_code == 2 and "unknown agent" in result.output
    result = cli("simulate", *TE, "-n", "2", "--option", "nonsense=1")
    assert result.exit_code == 2 and "unknown option" in result.output
    result = cli("simulate", *TE, "-n", "2", "--out", str(tmp_path / "no" / "r.jsonl"))
    assert result.exit_code == 2 and "folder does not exist" in result.output
    result = cli("simulate", *TE, "-n", "2", "--address", "auto")
    assert result.exit_code == 2 and "--backend ray" in result.output


def test_cli_plot_is_written(tmp_path: Path) -> None:
    pytest.importorskip("matplotlib", reason="matplotlib is not installed (navalwar[plot])")
    plot = tmp_path / "report.svg"
    result = cli("simulate", *TE, "-n", "4", "--workers", "1", "--plot", str(plot))
    assert result.exit_code == 0, result.output
    svg = plot.read_text()
    assert svg.lstrip().startswith("<?xml") and "<svg" in svg
    assert "VP margin" in svg or "margin" in svg


def test_missing_matplotlib_is_a_clear_error(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(sys.modules, "matplotlib.figure", None)
    result = cli("simulate", *TE, "-n", "2", "--plot", str(tmp_path / "p.svg"))
    assert result.exit_code == 2
    assert "navalwar[plot]" in result.output


# -- exact scores (issue 15 item 4) --------------------------------------------------------


def test_half_vp_scores_are_exact_in_outcome_records_and_statistics() -> None:
    """Issue 15: BS6 seed 3 scored Russia 30 in Outcome.scores, 30.50 VP in its summary;
    scores are exact, in the outcome, the record, its JSON line and the statistics."""
    record = batch.play_battle(batch.BatchSpec.make("gwas_1904", "ulsan"), 0, 3)
    said = dict(re.findall(r"(Japan|Russia) ([0-9.]+) VP", record.summary))
    assert record.scores == {side: Fraction(vp) for side, vp in said.items()}
    assert any(vp.denominator != 1 for vp in record.scores.values())  # a half VP indeed
    line = json.loads(record.to_line())
    assert {side: Fraction(vp) for side, vp in line["scores"].items()} == record.scores
    assert BattleRecord.from_json(line) == record
    summary = summarize([record])
    assert [s.vp.mean for s in summary.sides] == [float(record.scores[s]) for s in record.agents]


def test_scores_in_json_are_whole_ints_exact_floats_or_fractions() -> None:
    assert score_to_json(Fraction(9)) == 9 and isinstance(score_to_json(Fraction(9)), int)
    assert score_to_json(Fraction(61, 2)) == 30.5
    assert score_to_json(Fraction(1, 3)) == "1/3"
    for vp in (Fraction(9), Fraction(61, 2), Fraction(-7, 4), Fraction(10, 3)):
        assert score_from_json(json.loads(json.dumps(score_to_json(vp)))) == vp
    outcome = Outcome("US", "US win", {"US": Fraction(6, 2), "Japan": Fraction(1, 2)})
    assert type(outcome.scores["US"]) is int  # whole scores stay ints (TE 3.9 VP)
    assert outcome.to_json()["scores"] == {"US": 3, "Japan": 0.5}
    raw = batch.play_battle(batch.BatchSpec.make(*TE), 0, 1).to_json()
    with pytest.raises(DataError, match="not a battle record"):
        BattleRecord.from_json({**raw, "scores": {"US": [1]}})
    with pytest.raises(DataError, match="not a battle record"):
        BattleRecord.from_json({**raw, "scores": {"US": "half"}})
