"""Running another checkout's rptable beside this one, for the benchmarks that compare two versions in the same
run: the command that starts its command line, its environment (its own code first, a data folder of the run's,
no program manifest), and a command timed whole by /usr/bin/time."""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
from pathlib import Path


def command_line_of(checkout: Path) -> Path:
    """The checkout's command-line package: ui/cli, or controller/cli in a checkout from before it moved to the
    top of the house."""
    moved = checkout / "ui" / "cli"
    return moved if moved.is_dir() else checkout / "controller" / "cli"


def rptable_of(checkout: Path) -> list[str]:
    """The command that runs the checkout's `rptable` (with its code first on the path: checkout_env)."""
    moved = command_line_of(checkout).parent.name == "ui"
    return [sys.executable, "-m", "ui.cli" if moved else "controller"]


def checkout_env(checkout: Path, data: Path) -> dict[str, str]:
    return {**os.environ, "PYTHONPATH": f"{checkout}{os.pathsep}{checkout / 'hardware-sim'}",
            "RPTABLE_DATA_DIR": str(data), "RPTABLE_MANIFEST": str(data / "no-manifest.json"),
            "QT_QPA_PLATFORM": "offscreen"}


def timed(command: list[str], env: dict[str, str], cwd: Path) -> dict[str, float]:
    """Wall and CPU seconds and the largest resident memory (MB) of a command, its children included; "out" is
    what it printed. A command that fails stops the benchmark, saying why."""
    with tempfile.NamedTemporaryFile("r", suffix=".time") as out:
        done = subprocess.run(["/usr/bin/time", "-o", out.name, "-f", "%e %U %S %M", *command], env=env, cwd=cwd,
                              capture_output=True, text=True)
        if done.returncode != 0:
            raise SystemExit(f"{' '.join(command)} failed ({done.returncode}): {done.stderr[-2000:].strip()}")
        wall, user, system, rss = out.read().split()[-4:]
    return {"wall": float(wall), "cpu": float(user) + float(system), "mb": int(rss) / 1024, "out": done.stdout}
