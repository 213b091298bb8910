"""Bytes a round: in the table's journal, and in the floor's PostgreSQL (its copy of the events, and everything
the floor keeps of the table).

Usage: `.venv/bin/python benchmarks/bench_bytes.py [--rounds 1000] [--rules four-seat] [--peer DIR]`.

One table plays `rptable simulate --rules RULES --rounds N --seed 1 --replica URL` into a throwaway PostgreSQL
cluster on a unix socket (tests/pg_cluster.py); then the journal file's size (its log checkpointed into it), and
each of the floor's tables with its indexes (pg_total_relation_size, after VACUUM), are divided by the rounds
played. With --peer (another checkout), the same on that checkout in the same run, and the ratios.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import sqlite3
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
sys.path.insert(0, str(ROOT / "tests"))

from pg_cluster import Cluster  # noqa: E402


def measure(checkout: Path, rounds: int, rules: str) -> dict[str, float]:
    """KB a round of the journal, of the floor's copy of the events, and of the floor's whole database."""
    import psycopg

    cluster = Cluster().create().start()
    try:
        with tempfile.TemporaryDirectory() as folder:
            journal = Path(folder) / "T1.journal"
            env = {**os.environ, "PYTHONPATH": f"{checkout}{os.pathsep}{checkout / 'hardware-sim'}",
                   "RPTABLE_DATA_DIR": folder, "RPTABLE_MANIFEST": str(Path(folder) / "no-manifest.json")}
            subprocess.run([sys.executable, "-m", "ui.cli", "simulate", "--rules", rules, "--rounds", str(rounds),
                            "--seed", "1", "--journal", str(journal), "--replica", cluster.url], env=env,
                           cwd=checkout, check=True, capture_output=True)
            # pages still in the write-ahead log moved into the file (the log's own size is a fixed few MB, the
            # most it held between two checkpoints, not bytes a round)
            with contextlib.closing(sqlite3.connect(journal)) as settled:
                settled.execute("PRAGMA wal_checkpoint(TRUNCATE)")
            journal_bytes = journal.stat().st_size
        with psycopg.connect(cluster.url, autocommit=True) as db:
            db.execute("VACUUM")
            sizes = dict(db.execute(
                "SELECT c.relname, pg_total_relation_size(c.oid) FROM pg_class c JOIN pg_namespace n ON "
                "n.oid = c.relnamespace WHERE n.nspname = 'public' AND c.relkind = 'r'").fetchall())
    finally:
        cluster.destroy()
    per_round = {name: size / rounds / 1024 for name, size in sizes.items()}
    return {"journal": journal_bytes / rounds / 1024, "floor events": per_round["rptable_events"],
            "floor, everything": sum(per_round.values())}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=1000)
    parser.add_argument("--rules", default="four-seat")
    parser.add_argument("--peer", type=Path, help="another checkout of rptable, measured in the same run")
    args = parser.parse_args()
    current = measure(ROOT, args.rounds, args.rules)
    peer = measure(args.peer.resolve(), args.rounds, args.rules) if args.peer else None
    print(f"{args.rounds:,} rounds of {args.rules}, KB a round")
    for what, size in current.items():
        line = f"{what:<18} {size:7.2f}"
        if peer is not None:
            line += f"   peer {peer[what]:7.2f}   ratio {size / peer[what]:.2f}"
        print(line)
    return 0


if __name__ == "__main__":
    sys.exit(main())
