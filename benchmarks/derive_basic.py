"""Derive the `basic` strategy's tables: controller/players/basic_tables/NAME.toml for each preset (or a rules file).

Run: `python benchmarks/derive_basic.py [--rules NAME|FILE ...] [--samples N] [--max-deals N] [--seed S]
[--out DIR]`. Presets run two at a time (both cores). Same seed, same tables: the derivation is reproducible.
Prints each table in words (the Markdown docs/basic-strategy.md quotes) and the time taken.
"""

from __future__ import annotations

import argparse
import multiprocessing
import sys
import time
from datetime import date
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from controller.analysis.derive_basic import Derivation, derive, table_toml
from controller.core.rules import rules_digest
from controller.table.rule_files import load_preset, load_rules, preset_names

OUT = Path(__file__).resolve().parent.parent / "controller" / "players" / "basic_tables"


def _derive(job: tuple[str, int, int, int]) -> tuple[Derivation, float, float]:
    name, seed, samples, max_deals = job
    wall, cpu = time.perf_counter(), time.process_time()
    result = derive(load_rules(name), seed, samples, max_deals)
    return result, time.perf_counter() - wall, time.process_time() - cpu


def _file_name(d: Derivation) -> str:
    """A preset's table is NAME.toml; a rules file's is named by its play digest, so it never replaces a preset's."""
    if d.rules.name in preset_names() and rules_digest(load_preset(d.rules.name)) == rules_digest(d.rules):
        return f"{d.rules.name}.toml"
    return f"custom-{rules_digest(d.rules, play_only=True)[:12]}.toml"


def markdown(d: Derivation) -> str:
    """The table in words: each class's play, its EV and the runner-up's, and whether it is a tie."""
    lines = [f"### {d.rules.name}", "", "| hand (dealer's up card) | play | EV (antes) | next best | lead, 95% |",
             "|---|---|---|---|---|"]
    for name, c in d.classes.items():
        runner = max((k for k in c.evs if k != c.chosen), key=lambda k: c.evs[k], default="")
        tie = " (tie)" if c.tie else ""
        next_best = f"{runner} {c.evs[runner]:+.3f}" if runner else "—"
        lines.append(f"| {name} | **{c.chosen}**{tie} | {c.evs.get(c.chosen, 0.0):+.3f} | {next_best} | "
                     f"{c.lead[0]:+.3f} … {c.lead[1]:+.3f} (n={c.samples}) |")
    after = ", ".join(f"{k}: {v.chosen}" for k, v in d.after_draw.items())
    lines += ["", f"After a draw: {after}."]
    if d.insurance:
        lines.append("Insurance: " + ", ".join(f"{k}: {v.chosen}" for k, v in d.insurance.items()) + ".")
    return "\n".join(lines)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rules", nargs="*", default=preset_names(), metavar="NAME|FILE")
    parser.add_argument("--samples", type=int, default=3000, help="deals per hand class (default 3000)")
    parser.add_argument("--max-deals", type=int, default=1_000_000, help="deals per pass at most (default 1M)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--out", type=Path, default=OUT)
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args()
    jobs = [(name, args.seed, args.samples, args.max_deals) for name in args.rules]
    args.out.mkdir(parents=True, exist_ok=True)
    with multiprocessing.get_context("fork").Pool(max(1, min(args.workers, len(jobs)))) as pool:
        for d, wall, cpu in pool.imap(_derive, jobs):
            path = args.out / _file_name(d)
            path.write_text(table_toml(d, date.today()) + "\n", encoding="utf-8")
            print(markdown(d))
            print(f"\n{d.rules.name}: {wall:.0f} s wall, {cpu:.0f} s CPU -> {path}\n", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
