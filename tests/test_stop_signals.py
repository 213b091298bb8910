"""A table that lives for months is stopped by a service manager (SIGTERM) or loses its terminal (SIGHUP), not
only by Ctrl-C: either way it sends the floor its backlog, says on the floor that it closed, and keeps every
round in its journal; and `audit --db` says when the floor's copy of a table is short of what the table last
reported."""

import signal
import subprocess
import sys
import time

import pytest
from cli_kit import rptable
from env_kit import with_test_env
from floor_kit import ENV, ROOT, database_rows, journal_rows, needs_postgres, psycopg, query, wait_for

from controller.table.audit.verify import verify_journal_file

pytestmark = needs_postgres
pytest_plugins = ["floor_kit"]


def started_table(path, table, url):
    """`rptable simulate` as a live table: a round every 0.2 s, reporting to the floor."""
    command = [sys.executable, "-m", "ui.cli", "simulate", "--rules", "classic", "--rounds", "500", "--seed", "4",
               "--journal", str(path), "--table", table, "--replica", url, "--pace", "0.2", "--progress"]
    env = with_test_env(ENV)
    # A child started from a background job inherits SIGINT and friends ignored; a service manager's child does not.
    return subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env, cwd=ROOT,
                            preexec_fn=lambda: [signal.signal(s, signal.SIG_DFL) for s in (signal.SIGTERM,
                                                                                           signal.SIGHUP)])


@pytest.mark.parametrize("stop", [signal.SIGTERM, signal.SIGHUP])
def test_stop_signals_a_table_stopped_by_its_service_manager_reports_everything_and_closes(database, tmp_path, stop):
    path = tmp_path / "T7.journal"
    table = started_table(path, "T7", database)
    assert table.stdout is not None
    committed = 0
    for line in table.stdout:
        committed += line.startswith("committed ")
        if committed >= 60:
            break
    table.send_signal(stop)
    _, err = table.communicate(timeout=60)
    assert table.returncode == 128 + stop, err
    assert f"stopped by {signal.Signals(stop).name}" in err and "Traceback" not in err
    assert verify_journal_file(str(path), "T7").ok  # every round it played is whole in its journal
    assert database_rows(database, "T7") == journal_rows(path, "T7")  # the backlog went, in order
    (closed, reported, journaled), = query(database, "SELECT closed_at, reported_seq, journal_seq FROM floor_tables "
                                                     "WHERE table_id = 'T7'")
    assert closed is not None and reported == journaled  # the pit shows it closed, not silent


def test_stop_signals_audit_from_the_floor_says_when_its_copy_is_short_of_the_tables_journal(database, tmp_path):
    path = tmp_path / "T8.journal"
    table = started_table(path, "T8", database)
    assert table.stdout is not None
    for line in table.stdout:
        if line.startswith("committed ") and int(line.split()[1]) > 200:
            break
    table.send_signal(signal.SIGTERM)
    table.communicate(timeout=60)
    with psycopg.connect(database) as db:  # as if the table had died with events it had journaled unsent
        db.execute("UPDATE floor_tables SET journal_seq = reported_seq + 16 WHERE table_id = 'T8'")
    done = rptable("audit", "--db", database, "--table", "T8", "rounds")  # in this process: its words, not its start
    assert done.returncode == 0, done.stderr
    assert "WARNING" in done.stderr and "its journal held" in done.stderr and "--journal" in done.stderr


def test_stop_signals_the_console_closes_on_sigterm_without_asking(tmp_path):
    path = tmp_path / "T9.journal"
    env = with_test_env({**ENV, "QT_QPA_PLATFORM": "offscreen"})
    console = subprocess.Popen([sys.executable, "-m", "ui.cli", "console", "--journal", str(path), "--table", "T9",
                                "--windowed"], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env,
                               cwd=ROOT, preexec_fn=lambda: signal.signal(signal.SIGTERM, signal.SIG_DFL))
    wait_for(lambda: path.exists() and path.stat().st_size > 0, timeout=60)
    time.sleep(1.0)
    console.send_signal(signal.SIGTERM)
    _, err = console.communicate(timeout=60)
    assert console.returncode == 128 + signal.SIGTERM, err
    assert "stopped by SIGTERM" in err and "Traceback" not in err
    assert verify_journal_file(str(path), "T9").ok
