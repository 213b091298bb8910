"""Every preset's house edge under the basic strategy, played through the rules engine on both cores: writes
controller/analysis/house_edges.toml (what the shift report reads) and prints a Markdown table for the README.

Run: `python benchmarks/house_edges.py [--rounds N] [--seed S] [--rules NAME ...] [--out FILE]`. A round's result
spreads by 2.2 (caribbean-stud) to 3.7 (online) antes, so a half-width of 0.3% of the ante takes 2.1 to 5.8
million rounds; the default 4 million gives 0.22-0.36%. The file is rewritten after each preset, keeping the
figures of presets not run (or not yet done) whose rules are unchanged.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
import tomllib
from datetime import date
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import controller.analysis
from controller.analysis.house_edge_file import edge_entry, edges_toml
from controller.analysis.house_edges import FILE
from controller.analysis.montecarlo import house_edge
from controller.core.rules import rules_digest
from controller.table.rule_files import load_preset, preset_names

OUT = Path(controller.analysis.__file__).resolve().parent / FILE  # where the shift report reads it


def _kept_entries(path: Path) -> dict[str, dict[str, Any]]:
    """The figures already in the file whose preset's rules are unchanged (a run of some presets keeps the rest)."""
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except (OSError, tomllib.TOMLDecodeError):
        return {}
    return {name: entry for name, entry in data.items()
            if name in preset_names() and entry.get("rules_sha256") == rules_digest(load_preset(name))}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=4_000_000, help="rounds per preset (default 4,000,000)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--rules", nargs="*", default=preset_names(), metavar="NAME")
    parser.add_argument("--out", type=Path, default=OUT)
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    args = parser.parse_args()
    entries: dict[str, dict[str, Any]] = {}
    rows = []
    for name in args.rules:
        rules = load_preset(name)
        cpu, load = time.process_time(), os.getloadavg()[0]
        report = house_edge(rules, "basic", args.rounds, args.seed, workers=args.workers)
        entries[name] = edge_entry(rules, report, args.seed, date.today())
        merged = _kept_entries(args.out) | entries  # what is in the file now (another run may have added some)
        ordered = {n: merged[n] for n in preset_names() if n in merged}
        args.out.write_text(edges_toml(ordered), encoding="utf-8")  # after each preset: a long run keeps its work
        lo, hi = report.house_edge_ci95
        bonus = entries[name].get("bonus_edge")
        rows.append(f"| `{name}` | {100 * report.house_edge:.2f}% | [{100 * lo:.2f}%, {100 * hi:.2f}%] | "
                    f"{100 * report.element_of_risk:.2f}% | {report.average_wager:.3f} | "
                    f"{'—' if bonus is None else f'{100 * bonus:.2f}%'} | {report.rounds:,} | "
                    f"{report.rounds_per_second:,.0f} |")
        print(f"{name}: {report.rounds:,} rounds, {report.rounds_per_second:,.0f} rounds/s on {args.workers} "
              f"workers (parent CPU {time.process_time() - cpu:.0f} s, load {load:.1f})", file=sys.stderr,
              flush=True)
    print("| preset | house edge per ante | 95% interval | element of risk | average wager (antes) | bonus edge "
          "| rounds | rounds/s |")
    print("|---|---|---|---|---|---|---|---|")
    print("\n".join(rows))
    print(f"\nwritten: {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
