"""Test helper: a table killed with SIGKILL at a chosen moment, as a power cut or the OOM killer would."""

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

from env_kit import with_test_env

ROOT = Path(__file__).resolve().parents[1]
ENV = {**os.environ, "PYTHONPATH": f"{ROOT}{os.pathsep}{ROOT / 'hardware-sim'}"}


def simulate_command(journal, rounds, seed, commit, progress=True):
    """`rptable simulate` on `journal`, printing each committed seq (`--progress`) when asked."""
    return [sys.executable, "-m", "ui.cli", "simulate", "--rules", "classic", "--rounds", str(rounds),
            "--seed", str(seed), "--journal", str(journal), "--commit", commit] + (["--progress"] if progress else [])


def kill_after_commits(command, commits, *, seconds=30.0, pause=0.0):
    """Start `command` (which prints "committed SEQ" per commit), let it commit `commits` times (or run for
    `seconds`), wait `pause` seconds more, SIGKILL it: the last seq it had shown."""
    proc = subprocess.Popen(command, stdout=subprocess.PIPE, text=True, env=with_test_env(ENV), cwd=ROOT)
    shown = 0
    deadline = time.monotonic() + seconds
    assert proc.stdout is not None
    for line in proc.stdout:
        if line.startswith("committed "):
            shown = int(line.split()[1])
            commits -= 1
            if commits <= 0:
                break
        if time.monotonic() > deadline:
            break
    time.sleep(pause)
    proc.send_signal(signal.SIGKILL)
    proc.wait(timeout=30)
    for line in proc.stdout:  # what it had shown before the kill landed, still in the pipe (a busy machine lags)
        if line.startswith("committed "):
            shown = int(line.split()[1])
    return shown
