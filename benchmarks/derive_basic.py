"""Derive the `basic` strategy's tables, NAME.toml a preset (or a rules file), into benchmarks/results/basic_tables/

Run: `python benchmarks/derive_basic.py [--rules NAME|FILE ...] [--seed S] [--workers N] [--out DIR]`. The tables
the strategy plays are controller/players/basic_tables/: a run writes beside the benchmarks (out of git) unless
told `--out controller/players/basic_tables` to replace them. Each preset's derivation runs on every core
(--workers) and keeps its finished jobs in `DIR/.NAME.checkpoint.json`: stopped by Ctrl-C or a kill, the same
command resumes it. Same seed, same tables, whatever the number of workers. Prints each table in words (the
Markdown docs/basic-strategy.md quotes) and the time taken.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from datetime import date
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from controller.analysis.derive_basic import WAVES, Derivation, derive, table_toml
from controller.analysis.long_run import Progress, write_atomically
from controller.core.rules import rules_digest
from controller.table.rule_files import load_preset, load_rules, preset_names

ROOT = Path(__file__).resolve().parent.parent
SHIPPED = ROOT / "controller" / "players" / "basic_tables"  # the tables the `basic` strategy plays
OUT = ROOT / "benchmarks" / "results" / "basic_tables"  # a run's own, out of git: it replaces nothing unless told


def file_name(d: Derivation) -> str:
    """A preset's table is NAME.toml; a rules file's is named by its play digest, so it never replaces a preset's."""
    if d.rules.name in preset_names() and rules_digest(load_preset(d.rules.name)) == rules_digest(d.rules):
        return f"{d.rules.name}.toml"
    return f"custom-{rules_digest(d.rules, play_only=True)[:12]}.toml"


def markdown(d: Derivation) -> str:
    """The table in words: each class's share of deals, its play, its EV and the runner-up's, and whether the two
    are still close at the deals measured."""
    lines = [f"### {d.rules.name}", "", "| hand (dealer's up card) | share | play | EV (antes) | next best | "
             "lead, 95% |", "|---|---|---|---|---|---|"]
    for name, c in d.classes.items():
        runner = max((k for k in c.evs if k != c.chosen), key=lambda k: c.evs[k], default="")
        close = " (close)" if c.close else ""
        next_best = f"{runner} {c.evs[runner]:+.3f}" if runner else "—"
        n = f"n={c.samples:,}" if c.samples else "exact"
        lines.append(f"| {name} | {100 * d.shares[name]:.2f}% | **{c.chosen}**{close} | "
                     f"{c.evs.get(c.chosen, 0.0):+.3f} | {next_best} | {c.lead[0]:+.3f} … {c.lead[1]:+.3f} ({n}) |")
    after = ", ".join(f"{k}: {v.chosen}" for k, v in d.after_draw.items())
    lines += ["", f"After a draw: {after}."]
    if d.insurance:
        lines.append("Insurance: " + ", ".join(f"{k}: {v.chosen}" for k, v in d.insurance.items()) + ".")
    return "\n".join(lines)


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rules", nargs="*", default=preset_names(), metavar="NAME|FILE")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--waves", default=",".join(str(n) for n in WAVES),
                        help="deals a class still undecided gets, wave after wave (default %(default)s)")
    parser.add_argument("--out", type=Path, default=OUT, metavar="DIR",
                        help=f"where the tables go (default {OUT.relative_to(ROOT)}/, out of git; "
                             f"{SHIPPED.relative_to(ROOT)} replaces the tables the strategy plays)")
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    return parser


def main() -> int:
    args = build_parser().parse_args()
    waves = tuple(int(n) for n in args.waves.split(","))
    for name in args.rules:
        rules = load_rules(name)
        wall, cpu = time.perf_counter(), time.process_time()
        checkpoint = args.out / f".{rules.name}.checkpoint.json"
        d = derive(rules, args.seed, waves=waves, workers=args.workers, checkpoint=checkpoint,
                   progress=Progress(f"derive {rules.name}", "deal-plays"))
        path = args.out / file_name(d)
        write_atomically(path, table_toml(d, date.today()) + "\n")
        print(markdown(d))
        print(f"\n{rules.name}: {time.perf_counter() - wall:.0f} s wall, {time.process_time() - cpu:.0f} s CPU in "
              f"this process, {args.workers} workers -> {path}\n", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
