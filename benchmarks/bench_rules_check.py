"""`rptable rules check FILE` as a casino editing its rules file waits for it: the whole process, imports included.

Usage: `.venv/bin/python benchmarks/bench_rules_check.py [--repeat 5] [--peer DIR] [--json]`.

Two files, written the way the manual writes them: the `classic` preset's (`rules show classic > house.toml`: one
setting favours a skilled player, the ante paid on a win) and the same with `[draw] repeat_single = "flat"` (two:
the four-card flush chased one card at a time as well). Each check runs --repeat times, each in a process of its
own, timed by /usr/bin/time (wall, CPU of the process and its children); the best and the median wall are printed.
With --peer (another checkout, e.g. `git worktree add --detach ../peer <commit>`), the same on that checkout in the
same run, and the ratio current/peer of the best walls. Both run with no program manifest (RPTABLE_MANIFEST points
nowhere) and with one data folder of their own.
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

from checkout_kit import checkout_env, rptable_of, timed

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
FILES = {"classic": "", "repeat_single flat": 'repeat_single = "flat"'}


def measure(checkout: Path, folder: Path, repeat: int) -> dict[str, dict[str, float]]:
    """Each file's check on `checkout`: the best and median wall, and the CPU of the best run."""
    env = checkout_env(checkout, folder / "data")
    command = rptable_of(checkout)
    shown = subprocess.run([*command, "rules", "show", "classic"], env=env, cwd=folder, capture_output=True,
                           text=True, check=True).stdout
    figures = {}
    for name, line in FILES.items():
        path = folder / f"{name.replace(' ', '-')}.toml"
        path.write_text(shown.replace('repeat_single = "none"', line) if line else shown, encoding="utf-8")
        runs = [timed([*command, "rules", "check", path.name], env, folder) for _ in range(repeat)]
        best = min(runs, key=lambda run: run["wall"])
        figures[name] = {"best wall": best["wall"], "median wall": statistics.median(r["wall"] for r in runs),
                         "cpu": best["cpu"]}
    return figures


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=5, help="runs of each check (default 5)")
    parser.add_argument("--peer", type=Path, help="another checkout of rptable, measured in the same run")
    parser.add_argument("--json", action="store_true", help="the figures as one JSON object")
    return parser


def main() -> int:
    args = build_parser().parse_args()
    checkouts = {"current": ROOT, **({"peer": args.peer.resolve()} if args.peer else {})}
    figures = {}
    for label, checkout in checkouts.items():
        with tempfile.TemporaryDirectory(prefix="bench-rules-check-") as folder:
            figures[label] = measure(checkout, Path(folder), args.repeat)
    if args.json:
        print(json.dumps(figures))
        return 0
    for name in FILES:
        now = figures["current"][name]
        line = (f"rules check, {name}: best {now['best wall']:.2f} s wall, median {now['median wall']:.2f} s, "
                f"CPU {now['cpu']:.2f} s")
        if "peer" in figures:
            peer = figures["peer"][name]
            line += (f"; peer best {peer['best wall']:.2f} s, median {peer['median wall']:.2f} s, CPU "
                     f"{peer['cpu']:.2f} s, ratio {now['best wall'] / max(peer['best wall'], 1e-9):.3f}")
        print(line)
    return 0


if __name__ == "__main__":
    sys.exit(main())
