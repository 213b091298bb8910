"""Linked tables as separate processes contributing to one meter (R-JACKPOT-3): killed with SIGKILL mid-session,
the database restarted between, every table resumed: the meter equals the reseeds plus every contribution the
journals hold minus every payout, to the chip, and nothing is counted twice."""

import random
import signal
import subprocess
import sys
import time

import pytest
from floor_kit import ENV, ROOT, needs_postgres, query
from jackpot_kit import RULES_FILE, journaled_settlements

pytestmark = needs_postgres
pytest_plugins = ["floor_kit"]


def table_command(database, journal, table, rounds, seed):
    return [sys.executable, "-m", "ui.cli", "simulate", "--rules", str(RULES_FILE), "--rounds", str(rounds),
            "--seed", str(seed), "--table", table, "--journal", str(journal), "--jackpot", database]


def run_floor(cluster, database, tmp_path, tables, rounds, kill_after):
    tables = [f"T{n}" for n in range(1, tables + 1)]
    journals = {t: tmp_path / f"{t}.journal" for t in tables}
    start = {t: subprocess.Popen(table_command(database, journals[t], t, rounds, n), env=ENV, cwd=ROOT,
                                 stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
             for n, t in enumerate(tables, 1)}
    time.sleep(kill_after)
    chosen = random.Random(7).sample(tables, max(1, len(tables) // 3))
    for table in chosen:
        start[table].send_signal(signal.SIGKILL)
    cluster.stop()  # a restart of the database while the others play on
    time.sleep(1.0)
    cluster.start()
    for proc in start.values():
        proc.wait(timeout=600)
    again = [subprocess.run(table_command(database, journals[t], t, rounds, n), env=ENV, cwd=ROOT,
                            capture_output=True, text=True, timeout=600)
             for n, t in enumerate(tables, 1)]
    assert all(r.returncode == 0 for r in again), [r.stderr for r in again if r.returncode]
    return journals


def check_meter_to_the_chip(database, journals):
    contributions = 0
    keys = set()
    for table, path in journals.items():
        for round_id, settled in journaled_settlements(path, table):
            contributions += settled.contribution
            keys.add((table, round_id, settled.box))
    ledger = query(database, "SELECT table_id, round_id, box, amount FROM jackpot_ledger WHERE kind = 'contribution'")
    assert {(t, r, b) for t, r, b, _ in ledger} == keys and len(ledger) == len(keys)
    assert sum(a for *_, a in ledger) == contributions
    [(meter,)] = query(database, "SELECT amount FROM jackpot_meter")
    [(seeds,)] = query(database, "SELECT coalesce(sum(amount), 0) FROM jackpot_ledger WHERE kind IN ('seed', 'reseed')")
    [(payouts,)] = query(database, "SELECT coalesce(sum(amount), 0) FROM jackpot_hits")
    assert meter == seeds + contributions - payouts
    return len(keys)


@pytest.mark.slow  # a soak of three tables, kills and a database restart
def test_r_jackpot_3_three_tables_killed_and_a_database_restart_keep_the_meter_to_the_chip(cluster, database,
                                                                                            tmp_path):
    journals = run_floor(cluster, database, tmp_path, tables=3, rounds=40, kill_after=2.5)
    assert check_meter_to_the_chip(database, journals) > 0


@pytest.mark.slow
def test_r_jackpot_3_ten_tables_for_thousands_of_rounds_with_kills_and_restarts(cluster, database, tmp_path):
    journals = run_floor(cluster, database, tmp_path, tables=10, rounds=400, kill_after=8.0)
    assert check_meter_to_the_chip(database, journals) > 10 * 400
