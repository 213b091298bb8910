"""Every preset's house edge under the basic strategy, to a 95% half-width of 0.1% of the ante: writes
benchmarks/results/house_edges.toml and prints the Markdown table of the README. The figures the shift report and
the operator guard read are controller/measured/house_edges.toml: a run replaces them only when told so with
`--out controller/measured/house_edges.toml`.

Run: `python benchmarks/house_edges.py [--rules NAME ...] [--precision ANTES] [--seed S] [--workers N] [--out FILE]`.
Each
preset's figure is exact over the first five cards and the up card and sampled only for draws and for what buying the
dealer a game adds (controller.analysis.basic_edge), on every core; each finished job is kept in
benchmarks/results/checkpoints/, so a run stopped by Ctrl-C or a kill resumes when started again with the same
options. The file is rewritten after each preset, keeping the figures of presets not run whose rules are unchanged.
Where a preset's one decision is bet or fold (caribbean-stud), optimal play is worked out exactly too.
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
from controller.analysis.basic_edge import EdgeEstimate, basic_edge, optimal_no_draw_edge
from controller.analysis.house_edge_file import edge_entry, edges_toml, round_spread
from controller.analysis.long_run import Progress, write_atomically
from controller.core.rules import HouseRules, rules_digest
from controller.measured.house_edges import FILE
from controller.players.basic import table_for
from controller.table.rule_files import load_preset, preset_names

SHIPPED = Path(controller.analysis.__file__).resolve().parent / FILE  # where the shift report reads it
RESULTS = Path(__file__).resolve().parent / "results"  # out of git
OUT = RESULTS / FILE  # a run's own: it replaces nothing unless told
CHECKPOINTS = RESULTS / "checkpoints"


def _kept_entries(path: Path) -> dict[str, dict[str, Any]]:
    """The figures already in the file whose preset's rules are unchanged (a run of some presets keeps the rest)."""
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except (OSError, tomllib.TOMLDecodeError):
        return {}
    return {name: entry for name, entry in data.items()
            if name in preset_names() and entry.get("rules_sha256") == rules_digest(load_preset(name))}


def _optimal(rules: HouseRules) -> EdgeEstimate | None:
    try:
        return optimal_no_draw_edge(rules)
    except ValueError:
        return None  # draws, insurance or buying the dealer a game: no exact optimum


def row(name: str, entry: dict[str, Any], seconds: float) -> str:
    lo, hi = entry["house_edge_ci95"]
    bonus = entry.get("bonus_edge")
    optimal = entry.get("optimal_house_edge")
    samples = f"{entry['rounds']:,}" if entry["rounds"] else "exact"
    return (f"| `{name}` | {100 * entry['house_edge']:+.3f}% | [{100 * lo:+.3f}%, {100 * hi:+.3f}%] | "
            f"{100 * entry['element_of_risk']:+.3f}% | {entry['average_wager']:.3f} | "
            f"{'—' if bonus is None else f'{100 * bonus:.2f}%'} | "
            f"{'—' if optimal is None else f'{100 * optimal:.3f}%'} | {samples} | {seconds / 60:.0f} min |")


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rules", nargs="*", default=preset_names(), metavar="NAME")
    parser.add_argument("--precision", type=float, default=0.001, metavar="ANTES",
                        help="the 95%% half-width to reach, in antes (default 0.001)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--out", type=Path, default=OUT, metavar="FILE",
                        help="where the figures go (default benchmarks/results/house_edges.toml, out of git; "
                             "controller/measured/house_edges.toml replaces the figures the product reads)")
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    return parser


def main() -> int:
    args = build_parser().parse_args()
    rows = []
    for name in args.rules:
        rules = load_preset(name)
        start, load = time.perf_counter(), os.getloadavg()[0]
        estimate = basic_edge(rules, table_for(rules), half_width=args.precision, seed=args.seed,
                              workers=args.workers, checkpoint=CHECKPOINTS / f"{name}-{args.seed}.json",
                              progress=Progress(f"house edge of {name}", "deals"))
        entry = edge_entry(rules, estimate, args.seed, date.today(), _optimal(rules),
                           round_spread(rules, args.seed, workers=args.workers))
        # what is in the file now (another run may have added some); a new file starts from the product's figures
        merged = _kept_entries(args.out if args.out.exists() else SHIPPED) | {name: entry}
        write_atomically(args.out, edges_toml({n: merged[n] for n in preset_names() if n in merged}))
        seconds = time.perf_counter() - start
        rows.append(row(name, entry, seconds))
        print(f"{name}: {estimate.samples:,} deals sampled in {seconds:,.0f} s on {args.workers} workers "
              f"(load {load:.1f} at the start)", file=sys.stderr, flush=True)
    print("| preset | house edge per ante | 95% interval | element of risk | average wager (antes) | bonus bet edge "
          "(exact) | optimal play (exact) | deals sampled | time |")
    print("|---|---|---|---|---|---|---|---|---|")
    print("\n".join(rows))
    print(f"\nwritten: {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
