"""Table application benchmark: journal appends with fsync, simulate with the journal on, recovery of a
100,000-event table, and `audit verify` of 1,000,000 events.

Usage: `.venv/bin/python benchmarks/bench_table.py [--verify-events N] [--dir PATH]`. The journals are written
under --dir (default: a temporary folder on the same disk as this repository), and removed afterwards.
"""

from __future__ import annotations

import argparse
import json
import platform
import shutil
import sys
import tempfile
import time
from datetime import date
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
sys.path[:0] = [str(ROOT), str(ROOT / "hardware-sim")]

from controller.rule_files import load_preset  # noqa: E402
from controller.table.audit import verify_journal_file  # noqa: E402
from controller.table.controller import TableController  # noqa: E402
from controller.table.journal import Journal, NewEvent  # noqa: E402
from controller.table.simulate import simulate  # noqa: E402

EVENTS_PER_ROUND = 61  # six boxes under `classic` and the simple strategy, measured


def fsync_appends(folder: Path, count: int) -> float:
    journal = Journal(folder / "appends.journal")
    start = time.perf_counter()
    for i in range(count):
        journal.append([NewEvent("CardPlaced", {"card": "AS", "to": i % 7, "face_up": False}, at=float(i),
                                 round_id="T1-000001")])
    rate = count / (time.perf_counter() - start)
    journal.close()
    return rate


def session(folder: Path, name: str, events: int) -> tuple[Path, float, int]:
    path = folder / f"{name}.journal"
    rounds = max(1, events // EVENTS_PER_ROUND)
    report = simulate(load_preset("classic"), rounds, seed=2026, boxes=6, journal_path=path)
    return path, report.rounds / report.seconds, report.events


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--verify-events", type=int, default=1_000_000)
    parser.add_argument("--recovery-events", type=int, default=100_000)
    parser.add_argument("--dir", default=str(ROOT / "benchmarks"), help="where to write the journals")
    args = parser.parse_args()
    folder = Path(tempfile.mkdtemp(prefix="bench-table-", dir=args.dir))
    try:
        appends = fsync_appends(folder, 2000)
        path, sim_rate, events = session(folder, "recovery", args.recovery_events)
        start = time.perf_counter()
        with Journal(path) as journal:
            controller = TableController(journal)
        recovery = time.perf_counter() - start
        assert controller.round_number > 0
        big, _, big_events = session(folder, "verify", args.verify_events)
        start = time.perf_counter()
        report = verify_journal_file(str(big))
        verify = time.perf_counter() - start
        assert report.ok, report.reason
    finally:
        shutil.rmtree(folder, ignore_errors=True)
    print(f"rptable table benchmark, {date.today()}, {platform.machine()}, Python {platform.python_version()}")
    print(f"journal appends, one event per fsynced commit   {appends:10,.0f} events/s")
    print(f"simulate, journal on, 6 boxes                   {sim_rate:10,.0f} rounds/s (target >= 500)")
    print(f"recovery of a table with {events:,} events     {recovery:10.3f} s (target <= 2 s)")
    print(f"audit verify of {big_events:,} events           {verify:10.2f} s (target <= 30 s)")
    out = HERE / "results"
    out.mkdir(exist_ok=True)
    (out / "table.json").write_text(json.dumps({"date": str(date.today()), "appends_per_s": appends,
                                                "simulate_rounds_per_s": sim_rate, "recovery_s": recovery,
                                                "recovery_events": events, "verify_s": verify,
                                                "verify_events": big_events}, indent=2))


if __name__ == "__main__":
    main()
