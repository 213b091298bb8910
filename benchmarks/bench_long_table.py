"""A table that lives for months: what each question costs after 1,000, 10,000 and 100,000 rounds.

Usage: `.venv/bin/python benchmarks/bench_long_table.py [--sizes 1000,10000,100000] [--cache DIR] [--peer DIR]
[--only NAME,...] [--json]`.

Journals of a four-seat table (`rptable simulate --rules four-seat --rounds N --seed 1`) are built once per
checkout and kept under --cache (default ~/.cache/rptable-bench/long-table; a 100,000-round journal is about
1.4 GB and takes some 8 minutes to build). On each, as a pit boss, a floor manager and a technician run them,
each in a process of its own, timed by /usr/bin/time (wall, CPU, largest resident memory; the best of --repeat
runs, verify once):

- recall: `audit recall`; show last / show middle: `audit show N`, `audit show N/2`;
- rounds page: `audit rounds --limit 50` (a checkout without --limit lists every round: that is its page);
- console: `console --screenshot --demo 0`: the console opened offscreen on the journal, drawn, closed;
- resume: `simulate` resuming the journal for one more round (on a copy);
- reporter check: the journal check of a reporter's first pass after a restart (what `replicate` runs before it
  copies anything), in process, no database;
- verify: `audit verify`, every core: events per second;
- fault to pit (with --floor): the table's history reported to a throwaway PostgreSQL once (untimed), then
  the table started again with its reporter, as a live table, and --faults shoe jams raised one after another:
  the time from each jam journaled to the floor's row of the table showing it (what the pit reads), its p50,
  p99 and largest; each jam resolved before the next.

With --peer (another checkout, e.g. `git worktree add --detach ../peer <commit>`), every measure runs on that
checkout's own journals too, in the same run, and the ratio current/peer is printed. Both run with no program
manifest (RPTABLE_MANIFEST points nowhere) and with one data folder of their own.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import platform
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Callable, Iterator
from datetime import UTC, datetime
from pathlib import Path

from checkout_kit import checkout_env, command_line_of, rptable_of, timed

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
SEED = 1

REPORTER_CHECK = """
import sys, time
from controller.table.audit.verify import RunningVerify
from controller.table.journal import Journal
start = time.perf_counter()
with Journal(sys.argv[1], "T1", readonly=True) as journal:
    check = RunningVerify("T1")
    checkpoint = journal.last_checkpoint() if hasattr(journal, "last_checkpoint") else None
    if checkpoint is not None and hasattr(check, "start_at"):
        check.start_at(journal, checkpoint)  # the floor holds everything: it starts from the last checkpoint
    verdict = check.advance(journal)
assert verdict.ok, verdict.reason
print(time.perf_counter() - start)
"""


FAULT_TO_PIT = """
import json, statistics, sys, time
import psycopg
from controller.floor.reporter import TableReporter
from controller.table.controller import TableController
from controller.table.journal import Journal
try:  # where this checkout keeps them (before the table's subjects had packages of their own: beside it)
    from controller.table.qa.autoplay import QA_PIT_BOSS
    from controller.table.security.signing import table_key
    from controller.opening.simulate import QA_ADMIN
except ImportError:
    from controller.table.autoplay import QA_PIT_BOSS
    from controller.table.signing import table_key
    from controller.table.simulate import QA_ADMIN
path, url, faults = sys.argv[1], sys.argv[2], int(sys.argv[3])

def until(condition, timeout):
    start = time.monotonic()
    while not condition():
        if time.monotonic() - start > timeout:
            raise SystemExit("not reached in %s s" % timeout)
        time.sleep(0.01)

def floor_faults(db):
    row = db.execute("SELECT state FROM floor_tables WHERE table_id = 'T1'").fetchone()
    db.rollback()
    return [] if row is None else [f["code"] for f in row[0].get("faults", [])]

copied = time.monotonic()
first = TableReporter(path, "T1", url).start()  # the floor copies the table's history, once
until(lambda: first.status.reporting and first.status.backlog == 0, 6 * 3600)
first.stop()
copied = time.monotonic() - copied
lags = []
with Journal(path, "T1") as journal, psycopg.connect(url) as db:
    table = TableController(journal, key=table_key("T1"))  # the table starts again, its reporter with it
    if not table.edge_guard.acknowledged:
        table.edge_guard.acknowledge(QA_ADMIN, "benchmark")
    reporter = TableReporter(path, "T1", url).start()
    table.add_listener(reporter.wake)
    until(lambda: reporter.status.reporting and reporter.status.backlog == 0, 3600)
    for _ in range(faults):
        raised = time.monotonic()
        table.raise_fault("E04", "The shoe reports E04 (jam).", "shoe")
        until(lambda: floor_faults(db) == ["E04"], 600)
        lags.append(time.monotonic() - raised)
        (fault_id,) = table.faults
        table.overrides.resolve_fault(fault_id, QA_PIT_BOSS, "benchmark: the jam cleared")
        until(lambda: floor_faults(db) == [], 600)
    reporter.stop()
lags.sort()
print(json.dumps({"first copy s": copied, "p50": statistics.median(lags),
                  "p99": lags[min(len(lags) - 1, round(0.99 * (len(lags) - 1)))], "max": lags[-1]}))
"""


def best_of(repeat: int, command: list[str], env: dict[str, str], cwd: Path,
            before: Callable[[], None] | None = None) -> dict[str, float]:
    """The run of `repeat` with the least wall time (`before` runs ahead of each, untimed)."""
    runs = []
    for _ in range(repeat):
        if before is not None:
            before()
        runs.append(timed(command, env, cwd))
    return min(runs, key=lambda run: run["wall"])


FORMAT = """
from controller.table.journal.store import SCHEMA_VERSION
try:
    from hashlib import sha256
    from controller.table.journal.row_codec import DICTIONARY_1
    rows = sha256(DICTIONARY_1).hexdigest()[:8]
except ImportError:
    rows = "text"
print(f"v{SCHEMA_VERSION}-{rows}")
"""


def journal_key(checkout: Path, data: Path) -> str:
    """The format a checkout writes its journals in: a cached journal serves every checkout of that format."""
    return subprocess.run([sys.executable, "-c", FORMAT], env=checkout_env(checkout, data), cwd=checkout,
                          check=True, capture_output=True, text=True).stdout.strip()


def journal_of(checkout: Path, rounds: int, cache: Path, data: Path) -> Path:
    path = cache / f"{journal_key(checkout, data)}-{rounds}" / "T1.journal"
    if not (path.parent / "done").exists():
        shutil.rmtree(path.parent, ignore_errors=True)
        path.parent.mkdir(parents=True)
        print(f"building {rounds:,} rounds with {checkout} ...", file=sys.stderr, flush=True)
        subprocess.run([*rptable_of(checkout), "simulate", "--rules", "four-seat", "--rounds",
                        str(rounds), "--seed", str(SEED), "--journal", str(path)], env=checkout_env(checkout, data),
                       cwd=checkout, check=True, capture_output=True)
        (path.parent / "done").write_text("")
    # Whatever a table's first open of an older journal makes once (an index, say) is made before timing, as a
    # table that has played since would have it; the copies the console and resume open are taken after.
    subprocess.run([sys.executable, "-c", "import sys; from controller.table.journal import Journal; "
                    "Journal(sys.argv[1], 'T1').close()", str(path)], env=checkout_env(checkout, data), cwd=checkout,
                   check=True, capture_output=True)
    return path


def measure(checkout: Path, journal: Path, rounds: int, data: Path, only: set[str], repeat: int,
            floor: str | None = None, faults: int = 20) -> dict[str, dict[str, float]]:
    env = checkout_env(checkout, data)
    rptable = rptable_of(checkout)
    audit = [*rptable, "audit", "--journal", str(journal)]
    results: dict[str, dict[str, float]] = {}
    has_limit = "--limit" in (command_line_of(checkout) / "audit.py").read_text()
    commands = {
        "recall": [*audit, "recall"],
        "show last": [*audit, "show", str(rounds)],
        "show middle": [*audit, "show", str(rounds // 2)],
        "rounds page": [*audit, "rounds", *(["--limit", "50"] if has_limit else [])],
    }
    for name, command in commands.items():
        if not only or name in only:
            results[name] = best_of(repeat, command, env, checkout)
    with tempfile.TemporaryDirectory(dir=journal.parent.parent) as scratch:
        copy = Path(scratch) / "T1.journal"
        for name, command in (("console", [*rptable, "console", "--journal", str(copy), "--screenshot",
                                           str(Path(scratch) / "shot.png"), "--demo", "0", "--scene", "round"]),
                              ("resume", [*rptable, "simulate", "--rules", "four-seat", "--rounds", str(rounds + 1),
                                          "--seed", str(SEED), "--journal", str(copy)])):
            if only and name not in only:
                continue

            def fresh_copy() -> None:
                shutil.copyfile(journal, copy)
                shutil.copyfile(f"{journal}.head", f"{copy}.head")
            results[name] = best_of(repeat, command, env, checkout, fresh_copy)
    if not only or "reporter check" in only:
        results["reporter check"] = best_of(repeat, [sys.executable, "-c", REPORTER_CHECK, str(journal)], env,
                                            checkout)
    if not only or "verify" in only:
        result = timed([*audit, "verify", "--json"], env, checkout)
        result["events/s"] = json.loads(result["out"])["events"] / result["wall"]
        results["verify"] = result
    if floor is not None and (not only or "fault to pit" in only):
        results["fault to pit"] = fault_to_pit(checkout, journal, floor, faults, env)
    for result in results.values():
        result.pop("out", None)
    return results


@contextlib.contextmanager
def floor_cluster(wanted: bool) -> Iterator[str | None]:
    """A throwaway PostgreSQL cluster's URL (tests/pg_cluster.py), or None when not wanted."""
    if not wanted:
        yield None
        return
    sys.path.insert(0, str(ROOT / "tests"))
    from pg_cluster import Cluster

    cluster = Cluster().create().start()
    try:
        yield cluster.url
    finally:
        cluster.destroy()


def fault_to_pit(checkout: Path, journal: Path, floor: str, faults: int, env: dict[str, str]) -> dict[str, float]:
    """FAULT_TO_PIT on a copy of the journal, into a fresh database of the cluster at `floor`."""
    import psycopg

    name = f"long_table_{os.getpid()}_{abs(hash((str(checkout), str(journal))))}"
    with psycopg.connect(floor, autocommit=True) as admin:
        admin.execute(f"DROP DATABASE IF EXISTS {name}")
        admin.execute(f"CREATE DATABASE {name}")
    url = floor.replace("/postgres?", f"/{name}?")
    try:
        with tempfile.TemporaryDirectory(dir=journal.parent.parent) as scratch:
            copy = Path(scratch) / "T1.journal"
            shutil.copyfile(journal, copy)
            shutil.copyfile(f"{journal}.head", f"{copy}.head")
            result = timed([sys.executable, "-c", FAULT_TO_PIT, str(copy), url, str(faults)], env, checkout)
        lags = json.loads(result["out"])
        return {**result, **lags, "wall": lags["p99"]}
    finally:
        with psycopg.connect(floor, autocommit=True) as admin:
            admin.execute(f"DROP DATABASE IF EXISTS {name}")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sizes", default="1000,10000,100000")
    parser.add_argument("--cache", type=Path, default=Path.home() / ".cache" / "rptable-bench" / "long-table")
    parser.add_argument("--peer", type=Path, help="another checkout of rptable, measured in the same run")
    parser.add_argument("--only", default="", help="measure only these, comma-separated (e.g. recall,verify)")
    parser.add_argument("--repeat", type=int, default=3, help="runs of each measure of this checkout (the best is "
                                                              "kept; the peer's, far slower, run once)")
    parser.add_argument("--floor", action="store_true", help="measure fault to pit too, in a throwaway PostgreSQL "
                                                              "cluster on a unix socket")
    parser.add_argument("--faults", type=int, default=20, help="jams raised for fault to pit (the peer: 3)")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    sizes = [int(s) for s in args.sizes.split(",")]
    only = {s.strip() for s in args.only.split(",") if s.strip()}
    args.cache.mkdir(parents=True, exist_ok=True)
    data = args.cache / "data"  # one data folder (the table's signing key) for every journal and checkout
    data.mkdir(exist_ok=True)
    checkouts = {"current": ROOT, **({"peer": args.peer.resolve()} if args.peer else {})}
    figures: dict[str, dict[int, dict[str, dict[str, float]]]] = {name: {} for name in checkouts}
    with floor_cluster(args.floor) as floor:
        for rounds in sizes:
            for name, checkout in checkouts.items():
                journal = journal_of(checkout, rounds, args.cache, data)
                current = name == "current"
                figures[name][rounds] = measure(checkout, journal, rounds, data, only, args.repeat if current else 1,
                                                floor, args.faults if current else min(args.faults, 3))
                print(f"{name} {rounds:,} rounds: " + ", ".join(
                    f"{what} {r['wall']:.2f} s {r['mb']:.0f} MB" for what, r in figures[name][rounds].items()),
                    file=sys.stderr, flush=True)
    if args.json:
        print(json.dumps(figures))
        return 0
    load = os.getloadavg()
    print(f"{datetime.now(UTC):%Y-%m-%d %H:%M} UTC, {platform.machine()} {os.cpu_count()} cores, Python "
          f"{platform.python_version()}, load {load[0]:.1f}")
    largest, smallest = max(sizes), min(sizes)
    for what in figures["current"][largest]:
        line = [f"{what:<15}"]
        for rounds in sizes:
            r = figures["current"][rounds][what]
            line.append(f"{rounds:>7,}: {r['wall']:6.2f} s {r['cpu']:6.2f} cpu {r['mb']:5.0f} MB")
        growth = figures["current"][largest][what]["wall"] / max(figures["current"][smallest][what]["wall"], 1e-9)
        line.append(f"x{growth:.2f} from {smallest:,} to {largest:,}")
        if "peer" in figures:
            ratio = figures["current"][largest][what]["wall"] / max(figures["peer"][largest][what]["wall"], 1e-9)
            peer = figures["peer"][largest][what]
            line.append(f"peer {peer['wall']:.2f} s {peer['mb']:.0f} MB, ratio {ratio:.3f}")
        if what == "fault to pit":
            r = figures["current"][largest][what]
            line.append(f"p50 {r['p50']:.2f} s, largest {r['max']:.2f} s, first copy {r['first copy s']:.0f} s")
        if what == "verify":
            line.append(f"{figures['current'][largest][what]['events/s']:,.0f} events/s")
        print("  ".join(line))
    return 0


if __name__ == "__main__":
    sys.exit(main())
