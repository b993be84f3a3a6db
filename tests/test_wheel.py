"""The game data ships inside the wheel: build it, install it into a fresh virtual
environment outside the repository, and load and fight a scenario from it."""

from __future__ import annotations

import os
import subprocess
import sys
import sysconfig
import zipfile
from pathlib import Path

import navalwar

ROOT = Path(__file__).resolve().parents[1]

SCRIPT = """
import navalwar, pathlib
from navalwar.agents import RandomAgent, play_out
from navalwar.datapack import bundled_data_dir
assert pathlib.Path(navalwar.__file__).resolve().is_relative_to(pathlib.Path({venv!r}).resolve())
assert bundled_data_dir().is_relative_to(pathlib.Path(navalwar.__file__).parent)
m = navalwar.Match.start("tokyo_express", "basic", seed=3)
play_out(m, {{"US": RandomAgent(3)}})
print("OK", m.outcome.level)
"""


def test_wheel_contains_the_data_and_runs_outside_the_repo(tmp_path: Path) -> None:
    dist = tmp_path / "dist"
    subprocess.run(
        [
            sys.executable,
            "-m",
            "pip",
            "wheel",
            "--no-deps",
            "--no-build-isolation",
            "-w",
            str(dist),
            str(ROOT),
        ],
        check=True,
        capture_output=True,
    )
    (wheel,) = dist.glob("navalwar-*.whl")
    with zipfile.ZipFile(wheel) as zf:  # the games are declared as entry points
        (points,) = [n for n in zf.namelist() if n.endswith(".dist-info/entry_points.txt")]
        declared = zf.read(points).decode("utf-8")
        names = set(zf.namelist())
    client = ROOT / "src/navalwar/web/static"  # the web client ships whole, no build step
    shipped_client = {f"navalwar/web/static/{p.name}" for p in client.iterdir() if p.is_file()}
    assert "navalwar/web/static/index.html" in shipped_client <= names
    section = declared.split("[navalwar.games]", 1)[1].split("\n[", 1)[0]
    shipped = {
        g for g in navalwar.games() if type(navalwar.load(g)).__module__.startswith("navalwar.")
    }
    assert {line.split("=")[0].strip() for line in section.splitlines() if "=" in line} == shipped
    assert shipped >= {"tokyo_express", "gwas_1904"}
    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(venv)], check=True)
    py = venv / "bin" / "python"
    target = subprocess.run(
        [str(py), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
        check=True,
        capture_output=True,
        text=True,
    ).stdout.strip()
    subprocess.run(
        [sys.executable, "-m", "pip", "install", "--no-deps", "--target", target, str(wheel)],
        check=True,
        capture_output=True,
    )
    # The runtime dependencies come from the test environment; navalwar itself only
    # from the fresh environment (PYTHONPATH entries do not run the editable .pth hook).
    env = dict(os.environ, PYTHONPATH=sysconfig.get_paths()["purelib"])
    out = subprocess.run(
        [str(py), "-c", SCRIPT.format(venv=str(venv))],
        check=True,
        capture_output=True,
        text=True,
        cwd=tmp_path,
        env=env,
    )
    assert out.stdout.startswith("OK ")
