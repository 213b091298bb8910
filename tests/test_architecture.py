"""docs/architecture.md, convention 1: the rules engine does no I/O — the import contract in pyproject.toml holds."""

import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_engine_modules_import_no_device_gui_or_os_libraries():
    lint = shutil.which("lint-imports") or str(Path(sys.executable).parent / "lint-imports")
    out = subprocess.run([lint], cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stdout + out.stderr
    assert "broken" in out.stdout and "0 broken" in out.stdout
