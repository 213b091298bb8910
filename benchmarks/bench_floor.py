"""Floor benchmark: many simulated tables (processes of `rptable simulate --replica`) report into one PostgreSQL
while a pit listens. Measured: events ingested per second, the pit's refresh time (every table's row, and one
woken table's), the lag from a fault journaled at a table to the pit having read it (the table's clock against
the pit's, on one machine), and the database's size per table per day of play.

Usage: `.venv/bin/python benchmarks/bench_floor.py [--tables 50] [--pace 2] [--seconds 120] [--db URL]`. Without
--db a throwaway cluster is started on a unix socket (Debian's `postgresql`). Each table plays one round every
--pace seconds (a live table: 60-90), committing every command as a live table does, with a shoe jam every
~600 cards (the QA pit boss resolves it 20 s later). The full run, 50 tables at a live table's pace or faster:
`bench_floor.py --tables 50 --pace 2 --seconds 300`.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
sys.path[:0] = [str(ROOT), str(ROOT / "hardware-sim"), str(ROOT / "tests")]

import psycopg  # noqa: E402

from controller.floor.database import connect  # noqa: E402
from controller.floor.pit import read_tables  # noqa: E402
from controller.floor.schema import CHANNEL  # noqa: E402

HOURS_OF_PLAY = 16  # a table's day
LIVE_ROUNDS_PER_HOUR = 50  # a live six-box table, about 70 s a round


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=10)
    parser.add_argument("--pace", type=float, default=0.5, help="seconds per round at each table")
    parser.add_argument("--seconds", type=float, default=60, help="how long the tables play")
    parser.add_argument("--db", help="the floor database (default: a throwaway cluster)")
    args = parser.parse_args()
    cluster = None
    if args.db is None:
        from pg_cluster import Cluster

        cluster = Cluster().create()
        options = f"-k {cluster.folder} -c listen_addresses='' -c max_connections={2 * args.tables + 20}"
        cluster._run(cluster.pg_ctl, "-D", str(cluster.data), "-o", options, "-l", str(cluster.folder / "log"), "-w",
                     "start")
        url = cluster.url
    else:
        url = args.db
    folder = Path(tempfile.mkdtemp(prefix="rptable-bench-floor-"))
    try:
        return run(args, url, folder)
    finally:
        shutil.rmtree(folder, ignore_errors=True)
        if cluster is not None:
            cluster.destroy()


def run(args: argparse.Namespace, url: str, folder: Path) -> int:
    connect(url).close()  # the schema, before the tables race for it
    lags: list[float] = []
    woken: list[float] = []
    stop = threading.Event()
    listener = threading.Thread(target=listen, args=(url, lags, woken, stop), daemon=True)
    listener.start()
    tables = [f"B{n:02d}" for n in range(1, args.tables + 1)]
    env = {**os.environ, "PYTHONPATH": f"{ROOT}{os.pathsep}{ROOT / 'hardware-sim'}"}
    processes = []
    for n, table in enumerate(tables):
        faults = ",".join(f"jam@{k}" for k in range(150 + 37 * n, 100_000, 600))
        processes.append(subprocess.Popen(
            [sys.executable, "-m", "controller", "simulate", "--rules", "classic", "--rounds", "100000", "--seed",
             str(n + 1), "--journal", str(folder / f"{table}.journal"), "--table", table, "--replica", url,
             "--pace", str(args.pace), "--faults", faults], env=env, cwd=ROOT, stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL))
    time.sleep(min(10.0, args.seconds / 4))  # the tables start up
    with psycopg.connect(url) as db:
        start_events, start_at = events(db), time.monotonic()
        time.sleep(args.seconds)
        end_events, end_at = events(db), time.monotonic()
        for process in processes:
            process.terminate()
        for process in processes:
            process.wait()
        full = timed(lambda: read_tables(db), 50)
        one = timed(lambda: read_tables(db, [tables[0]]), 200)
        rounds = db.execute("SELECT count(*) FROM floor_rounds").fetchone()[0]
        size = int(db.execute("SELECT sum(pg_total_relation_size(c.oid)) FROM pg_class c WHERE c.relkind = 'r' "
                              "AND (c.relname LIKE 'floor_%' OR c.relname = 'rptable_events')").fetchone()[0])
    stop.set()
    listener.join()
    per_round = size / max(rounds, 1)
    result = {
        "tables": args.tables, "pace_seconds_per_round": args.pace, "seconds": round(end_at - start_at, 1),
        "events_per_second": round((end_events - start_events) / (end_at - start_at), 1),
        "pit_refresh_all_ms": summary(full), "pit_refresh_one_table_ms": summary(one),
        "pit_refresh_woken_under_load_ms": summary([w * 1000 for w in woken]),
        "fault_to_pit_s": summary([lag * 1000 for lag in lags], scale=0.001), "faults_seen": len(lags),
        "rounds": rounds, "database_bytes": size, "bytes_per_round": round(per_round),
        "bytes_per_table_per_day": round(per_round * LIVE_ROUNDS_PER_HOUR * HOURS_OF_PLAY),
        "day": f"{HOURS_OF_PLAY} h at {LIVE_ROUNDS_PER_HOUR} rounds/h", "load": os.getloadavg(),
    }
    print(json.dumps(result, indent=1))
    return 0


def events(db: psycopg.Connection[tuple[object, ...]]) -> int:
    row = db.execute("SELECT coalesce(sum(reported_seq), 0) FROM floor_tables").fetchone()
    db.rollback()
    return int(row[0]) if row else 0


def listen(url: str, lags: list[float], woken: list[float], stop: threading.Event) -> None:
    """The pit's half: woken by a table, read its row; a fault not seen before is timed from its journaling."""
    seen: set[tuple[str, str, float]] = set()
    with psycopg.connect(url, autocommit=True) as wake, psycopg.connect(url) as db:
        wake.execute(f"LISTEN {CHANNEL}")
        while not stop.is_set():
            for note in wake.notifies(timeout=0.5):
                started = time.perf_counter()
                _, views = read_tables(db, [note.payload])
                woken.append(time.perf_counter() - started)
                now = time.time()
                for view in views.values():
                    for fault in view.faults:
                        key = (view.table_id, fault.fault_id, fault.at)
                        if key not in seen:
                            seen.add(key)
                            lags.append(now - fault.at)


def timed(work: object, times: int) -> list[float]:
    found = []
    for _ in range(times):
        started = time.perf_counter()
        work()  # type: ignore[operator]
        found.append((time.perf_counter() - started) * 1000)
    return found


def summary(values: list[float], scale: float = 1.0) -> dict[str, float]:
    if not values:
        return {}
    ordered = sorted(values)
    p99 = ordered[min(len(ordered) - 1, int(0.99 * len(ordered)))]
    return {"p50": round(statistics.median(ordered) * scale, 3), "p99": round(p99 * scale, 3),
            "max": round(ordered[-1] * scale, 3), "n": len(values)}


if __name__ == "__main__":
    sys.exit(main())
