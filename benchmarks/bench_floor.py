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
    except TablesFailed as failure:
        print(f"bench_floor: {failure}", file=sys.stderr)
        return 1
    finally:
        shutil.rmtree(folder, ignore_errors=True)
        if cluster is not None:
            cluster.destroy()


CARDS_PER_ROUND = 40  # six boxes, the dealer and their draws, at most: to plan jams within the run only
JAM_EVERY = 600  # cards: a shoe jam every ~600 cards (the QA pit boss resolves it 20 s later)


class TablesFailed(Exception):
    """A benchmark whose tables did not play measures nothing: it stops here, saying which and why."""


def jams(n: int, rounds: float) -> str:
    """Table `n`'s jams within the cards it deals in the run (a plan for 100,000 cards would not fit a URL)."""
    cards = int(rounds * CARDS_PER_ROUND) + JAM_EVERY
    return ",".join(f"jam@{k}" for k in range(150 + 37 * n, cards, JAM_EVERY))


def run(args: argparse.Namespace, url: str, folder: Path) -> int:
    connect(url).close()  # the schema, before the tables race for it
    lags: list[float] = []
    woken: list[float] = []
    stop = threading.Event()
    listener = threading.Thread(target=listen, args=(url, lags, woken, stop), daemon=True)
    listener.start()
    try:
        return measure(args, url, folder, lags, woken)
    finally:
        stop.set()
        listener.join()


def measure(args: argparse.Namespace, url: str, folder: Path, lags: list[float], woken: list[float]) -> int:
    """Start the tables, let them play, measure, stop them; TablesFailed when any stops or reports nothing."""
    tables = [f"B{n:02d}" for n in range(1, args.tables + 1)]
    env = {**os.environ, "PYTHONPATH": f"{ROOT}{os.pathsep}{ROOT / 'hardware-sim'}"}
    processes = []
    rounds = (args.seconds + 20) / args.pace
    for n, table in enumerate(tables):
        processes.append(subprocess.Popen(
            [sys.executable, "-m", "ui.cli", "simulate", "--rules", "classic", "--rounds", "100000", "--seed",
             str(n + 1), "--journal", str(folder / f"{table}.journal"), "--table", table, "--replica", url,
             "--pace", str(args.pace), "--faults", jams(n, rounds)], env=env, cwd=ROOT, stdout=subprocess.DEVNULL,
            stderr=(folder / f"{table}.err").open("w")))
    time.sleep(min(10.0, args.seconds / 4))  # the tables start up
    check_tables(tables, processes, folder)  # a table refused at its start is said now, not after the run
    with psycopg.connect(url) as db:
        start_events, start_rows, start_at = events(db), rows(db), time.monotonic()
        cpu_before = {p.pid: cpu_seconds(p.pid) for p in processes}
        time.sleep(args.seconds)
        end_events, end_rows, end_at = events(db), rows(db), time.monotonic()
        cpu_after = {p.pid: cpu_seconds(p.pid) for p in processes}
        check_tables(tables, processes, folder)
        for process in processes:
            process.terminate()
        for process in processes:
            process.wait()
        full = timed(lambda: read_tables(db), 50)
        one = timed(lambda: read_tables(db, [tables[0]]), 200)
        played: dict[str, int] = {str(table): int(str(count)) for table, count in db.execute(
            "SELECT table_id, count(*) FROM floor_rounds GROUP BY table_id").fetchall()}
        size = int(db.execute("SELECT sum(pg_total_relation_size(c.oid)) FROM pg_class c WHERE c.relkind = 'r' "
                              "AND (c.relname LIKE 'floor_%' OR c.relname = 'rptable_events')").fetchone()[0])
    silent = [table for table in tables if not played.get(table)]
    if silent:
        raise TablesFailed(f"{len(silent)} of {len(tables)} tables reported no round: {', '.join(silent[:10])}")
    seconds = end_at - start_at
    rounds_played = sum(played.values())
    per_round = size / max(rounds_played, 1)
    table_cpu = [(cpu_after[p.pid] - cpu_before[p.pid]) / seconds for p in processes]
    load = os.getloadavg()
    result = {
        "tables": args.tables, "pace_seconds_per_round": args.pace, "seconds": round(seconds, 1),
        "events_per_second": round((end_events - start_events) / seconds, 1),
        "rows_per_second": round((end_rows - start_rows) / seconds, 1),
        "pit_refresh_all_ms": summary(full), "pit_refresh_one_table_ms": summary(one),
        "pit_refresh_woken_under_load_ms": summary([w * 1000 for w in woken]),
        "fault_to_pit_s": summary([lag * 1000 for lag in lags], scale=0.001), "faults_seen": len(lags),
        "rounds": rounds_played, "database_bytes": size, "bytes_per_round": round(per_round),
        "bytes_per_table_per_day": round(per_round * LIVE_ROUNDS_PER_HOUR * HOURS_OF_PLAY),
        "day": f"{HOURS_OF_PLAY} h at {LIVE_ROUNDS_PER_HOUR} rounds/h",
        "cpu_per_table": summary([c * 100 for c in table_cpu]), "cpu_unit": "% of a core",
        "load": load, "cores": os.cpu_count(),
        "limit": limiting_resource(sum(table_cpu), load[0], os.cpu_count() or 1),
    }
    print(json.dumps(result, indent=1))
    return 0


def check_tables(tables: list[str], processes: list[subprocess.Popen[bytes]], folder: Path) -> None:
    """Every table still playing; else TablesFailed with the first failures' own words."""
    ended = [(table, process.returncode) for table, process in zip(tables, processes, strict=True)
             if process.poll() is not None]
    if ended:
        said = "; ".join(f"{table} (exit {code}): {(folder / f'{table}.err').read_text().strip()[-300:]}"
                         for table, code in ended[:3])
        raise TablesFailed(f"{len(ended)} of {len(tables)} tables stopped: {said}")


def cpu_seconds(pid: int) -> float:
    """A process's CPU time so far (user and system), from /proc."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def limiting_resource(tables_cores: float, load: float, cores: int) -> str:
    """What ran out first, as far as one machine shows it: the tables' own CPU, the machine's cores (the
    database and the pit beside the tables), or neither."""
    if load >= cores:
        return (f"CPU: a load of {load:.1f} on {cores} cores, the tables using {tables_cores:.2f} cores of it; "
                "the database and the pit take the rest")
    return f"none reached: the tables used {tables_cores:.2f} cores, a load of {load:.1f} on {cores} cores"


def rows(db: psycopg.Connection[tuple[object, ...]]) -> int:
    row = db.execute("SELECT count(*) FROM rptable_events").fetchone()
    db.rollback()
    return int(str(row[0])) if row else 0


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
