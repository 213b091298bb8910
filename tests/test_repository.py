"""The repository a newcomer clones: no half-finished merge left in any tracked text file."""

import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
MARKERS = ("<<<<<<< ", ">>>>>>> ")


def test_no_tracked_text_file_holds_a_merge_conflict_marker():
    tracked = subprocess.run(["git", "ls-files"], cwd=ROOT, capture_output=True, text=True, check=True)
    found = []
    for name in tracked.stdout.splitlines():
        path = ROOT / name
        if path.suffix in {".png", ".qm", ".sqlite", ".journal", ".npz", ".gz"} or not path.is_file():
            continue
        try:
            lines = path.read_text(encoding="utf-8").splitlines()
        except UnicodeDecodeError:
            continue
        found += [f"{name}:{n}" for n, line in enumerate(lines, 1) if line.startswith(MARKERS)]
    assert not found, "merge conflict markers left in: " + ", ".join(found)
