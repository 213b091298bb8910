"""Game math benchmark (issue: game math): the vectorised Monte Carlo's rate, as `rptable analyze` runs it.

Runs `rptable analyze --rules caribbean-stud --strategy pair-or-better --rounds N --json` as a whole process
(both cores, the default) and prints the rounds per second, the wall time, and the house edge with its 95%
interval beside Wizard of Odds' published 5.470%; then the same for wizard-thumb (published 5.225%); then optimal play
worked out exactly (`--strategy optimal`, published 5.224%) and its time.
Targets: >= 1,000,000 rounds/s; 10^8 rounds in <= 2 minutes.

Usage: `.venv/bin/python benchmarks/bench_analysis.py [--rounds N]` (default 100,000,000).
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import subprocess
import sys
import time
from datetime import date
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
PUBLISHED = {"pair-or-better": 0.05470, "wizard-thumb": 0.05225}


def analyze(strategy: str, rounds: int | None) -> tuple[dict[str, object], float]:
    argv = [sys.executable, "-m", "ui.cli", "analyze", "--rules", "caribbean-stud", "--strategy", strategy,
            "--json", *(["--rounds", str(rounds)] if rounds else [])]
    start = time.perf_counter()
    done = subprocess.run(argv, cwd=ROOT, check=True, capture_output=True, text=True)
    return json.loads(done.stdout), time.perf_counter() - start


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=100_000_000)
    args = parser.parse_args()
    print(f"rptable game math benchmark, {date.today()}, {platform.machine()}, {os.cpu_count()} cores, "
          f"Python {platform.python_version()}, load {os.getloadavg()[0]:.2f}")
    results: dict[str, object] = {"date": str(date.today()), "rounds": args.rounds}
    met = True
    for strategy, published in PUBLISHED.items():
        report, wall = analyze(strategy, args.rounds)
        edge = float(report["house_edge"])  # type: ignore[arg-type]
        lo, hi = report["house_edge_ci95"]  # type: ignore[misc]
        rate = args.rounds / wall
        print(f"caribbean-stud / {strategy:<15} {args.rounds:,} rounds in {wall:6.1f} s (whole process) = "
              f"{rate:,.0f} rounds/s (target 1,000,000); house edge {100 * edge:.4f}% "
              f"[{100 * lo:.4f}%, {100 * hi:.4f}%], published {100 * published:.3f}%")
        results[strategy] = {"seconds": wall, "rounds_per_second": rate, "house_edge": edge, "ci95": [lo, hi]}
        met &= rate >= 1_000_000
    report, wall = analyze("optimal", None)
    edge = float(report["house_edge"])  # type: ignore[arg-type]
    print(f"caribbean-stud / optimal         exact in {wall:6.1f} s (whole process): house edge {100 * edge:.4f}%, "
          f"published 5.224%")
    results["optimal"] = {"seconds": wall, "house_edge": edge}
    met &= round(100 * edge, 3) == 5.224
    out = HERE / "results"
    out.mkdir(exist_ok=True)
    (out / "analysis.json").write_text(json.dumps(results, indent=2))
    return 0 if met else 1


if __name__ == "__main__":
    sys.exit(main())
