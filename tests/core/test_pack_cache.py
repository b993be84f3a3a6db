"""The parsed-pack cache of Match.start (engine.load_pack, datapack.fingerprint)."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

from navalwar.datapack import bundled_data_dir, fingerprint
from navalwar.engine import Match, load_pack
from navalwar.registry import load


def test_matches_share_one_parsed_pack() -> None:
    first = Match.start("tokyo_express", "basic", seed=1, use_env=False)
    second = Match.start("tokyo_express", "basic", seed=2, use_env=False)
    assert first.data is second.data


def test_an_edited_override_file_is_read_again(tmp_path: Path) -> None:
    game = load("tokyo_express")
    name = "movement_chart.toml"
    shutil.copy(bundled_data_dir() / "tokyo_express" / name, tmp_path / name)
    before = load_pack(game, [tmp_path])
    assert load_pack(game, [tmp_path]) is before
    key = fingerprint("tokyo_express", [tmp_path])
    path = tmp_path / name
    path.write_text(path.read_text("utf-8") + "\n# an owner's note\n", "utf-8")
    stat = path.stat()
    os.utime(path, ns=(stat.st_atime_ns, stat.st_mtime_ns + 1_000_000))
    assert fingerprint("tokyo_express", [tmp_path]) != key
    after = load_pack(game, [tmp_path])
    assert after is not before
    assert after.files[name].origin == "override"
