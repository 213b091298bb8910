"""Foundation benchmark (issue: cards, hand evaluation, odds): prints the figures and the peer ratios.

1. `rptable odds --cards 5` as a whole process vs a plain loop ranking all 2,598,960 hands with phevaluator
   (its C functions called directly) and with treys, each a whole process, all in this one run.
2. `rptable odds --cards 6` vs phevaluator's evaluate_6cards over all 20,358,520 hands.
3. Single-hand payout analysis of 6 cards (R-HAND-3): µs per hand, warm (the table steady state) and cold
   (every hand a pattern not seen before).

Usage: `.venv/bin/python benchmarks/bench_foundation.py [--repeat N] [--skip-treys]` (peers: `pip install
-e '.[bench]'`). Whole-process times are the best of N runs; the machine is shared, so the minimum is the
least disturbed figure.
"""

from __future__ import annotations

import argparse
import json
import platform
import random
import subprocess
import sys
import time
from datetime import date
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent


def whole_process_seconds(argv: list[str], repeat: int) -> float:
    best = float("inf")
    for _ in range(repeat):
        start = time.perf_counter()
        subprocess.run(argv, cwd=ROOT, check=True, stdout=subprocess.DEVNULL)
        best = min(best, time.perf_counter() - start)
    return best


def payout_micros(hands: int) -> tuple[float, float]:
    sys.path.insert(0, str(ROOT))
    from controller.core.payouts import analyse_payout, hand_pattern, payout_of_pattern
    from drivers.cards import PACK

    rng = random.Random(2026)
    sample = [rng.sample(PACK, 6) for _ in range(hands)]
    for h in sample:  # warm: a table's steady state, every pattern met before
        analyse_payout(h)
    start = time.perf_counter()
    for h in sample:
        analyse_payout(h)
    warm = (time.perf_counter() - start) / hands * 1e6
    # cold: only hands whose pattern has not been seen (the memo emptied first)
    distinct = list({hand_pattern(h): h for h in sample}.values())
    payout_of_pattern.cache_clear()
    start = time.perf_counter()
    for h in distinct:
        analyse_payout(h)
    cold = (time.perf_counter() - start) / len(distinct) * 1e6
    return warm, cold


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--skip-treys", action="store_true", help="treys takes ~10 s per run")
    args = parser.parse_args()
    py = sys.executable
    rptable = [py, "-m", "ui.cli", "odds", "--json"]
    results: dict[str, float] = {}
    results["odds5"] = whole_process_seconds([*rptable, "--cards", "5"], args.repeat)
    results["phevaluator5"] = whole_process_seconds([py, str(HERE / "peer_phevaluator.py"), "5"], args.repeat)
    if not args.skip_treys:
        results["treys5"] = whole_process_seconds([py, str(HERE / "peer_treys.py"), "5"], 1)
    results["odds6"] = whole_process_seconds([*rptable, "--cards", "6"], max(1, args.repeat - 1))
    results["phevaluator6"] = whole_process_seconds([py, str(HERE / "peer_phevaluator.py"), "6"], 1)
    warm, cold = payout_micros(200_000)
    results["payout6_warm_us"], results["payout6_cold_us"] = warm, cold

    print(f"rptable foundation benchmark, {date.today()}, {platform.machine()}, "
          f"Python {platform.python_version()}, best of {args.repeat}")
    def line(label: str, key: str, peer_of: str = "", target: str = "") -> None:
        text = f"{label:<24}{results[key]:8.3f} s"
        if peer_of:
            text += f"   ratio {results[peer_of] / results[key]:.2f}{target}"
        print(text)

    line("odds --cards 5", "odds5")
    line("phevaluator, 5 cards", "phevaluator5", "odds5", " (target <= 1.0)")
    if "treys5" in results:
        line("treys, 5 cards", "treys5", "odds5")
    line("odds --cards 6", "odds6")
    line("phevaluator, 6 cards", "phevaluator6", "odds6", " (target <= 1.0)")
    print(f"payout analysis, 6 cards: {warm:.1f} µs per hand warm, {cold:.1f} µs cold (target <= 20 µs)")
    out = HERE / "results"
    out.mkdir(exist_ok=True)
    (out / "foundation.json").write_text(json.dumps({"date": str(date.today()), **results}, indent=2))


if __name__ == "__main__":
    main()
