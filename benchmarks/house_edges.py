"""Every preset's house edge under the basic strategy, played through the rules engine on both cores: writes
controller/presets/house_edges.toml (what the shift report reads) and prints a Markdown table for the README.

Run: `python benchmarks/house_edges.py [--rounds N] [--seed S] [--rules NAME ...] [--out FILE]`. A half-width of
about 0.3% of the ante needs about 2.5 million rounds per preset (the result's spread is ~2.4 antes a round).
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from datetime import date
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from controller.analysis.house_edge_file import HEADER, bonus_edge, edge_entry
from controller.analysis.montecarlo import house_edge
from controller.rule_files import load_preset, preset_names

OUT = Path(__file__).resolve().parent.parent / "controller" / "presets" / "house_edges.toml"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=2_500_000, help="rounds per preset (default 2,500,000)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--rules", nargs="*", default=preset_names(), metavar="NAME")
    parser.add_argument("--out", type=Path, default=OUT)
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    args = parser.parse_args()
    entries, rows = [], []
    for name in args.rules:
        rules = load_preset(name)
        cpu, load = time.process_time(), os.getloadavg()[0]
        report = house_edge(rules, "basic", args.rounds, args.seed, workers=args.workers)
        entries.append(edge_entry(rules, report, args.seed, date.today()))
        lo, hi = report.house_edge_ci95
        bonus = bonus_edge(rules)
        rows.append(f"| `{name}` | {100 * report.house_edge:.2f}% | [{100 * lo:.2f}%, {100 * hi:.2f}%] | "
                    f"{100 * report.element_of_risk:.2f}% | {report.average_wager:.3f} | "
                    f"{'—' if bonus is None else f'{100 * bonus:.2f}%'} | {report.rounds:,} | "
                    f"{report.rounds_per_second:,.0f} |")
        print(f"{name}: {report.rounds:,} rounds, {report.rounds_per_second:,.0f} rounds/s on {args.workers} "
              f"workers (parent CPU {time.process_time() - cpu:.0f} s, load {load:.1f})", file=sys.stderr,
              flush=True)
    args.out.write_text(HEADER + "\n\n" + "\n\n".join(entries) + "\n", encoding="utf-8")
    print("| preset | house edge per ante | 95% interval | element of risk | average wager (antes) | bonus edge "
          "| rounds | rounds/s |")
    print("|---|---|---|---|---|---|---|---|")
    print("\n".join(rows))
    print(f"\nwritten: {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
