"""Issue "The casino floor", item 1: tables report live. Every event goes to PostgreSQL as it is journaled, store
and forward: the table never waits for the database, an outage is "not reporting" on both sides, the backlog
drains in order, a fault reaches the database within 2 s. And the faults and bad input: the database down or
restarted mid-transaction, a table killed mid-stream, two tables with one id, a tampered journal, a wrong
password; nothing lost or doubled."""

import json
import random
import signal
import subprocess
import sys
import threading
import time

import pytest
from env_kit import with_test_env
from floor_kit import (
    ENV,
    ROOT,
    database_rows,
    fresh_database,
    journal_rows,
    needs_postgres,
    psycopg,
    query,
    wait_for,
)
from forgery import rehash
from pg_cluster import Cluster
from tables import acknowledged

from controller.floor.database import SCHEMA_VERSION, ensure_schema
from controller.floor.reporter import TableReporter
from controller.opening.simulate import simulate
from controller.table.controller import TableController
from controller.table.journal import Journal, payload_to_json
from controller.table.journal.row_codec import pack_payload
from controller.table.rule_files import load_preset

pytestmark = needs_postgres
pytest_plugins = ["floor_kit"]  # the fixtures `cluster` and `database`


def play(path, table, rounds, reporter=None, seed=5):
    return simulate(load_preset("classic"), rounds, seed, journal_path=path, table_id=table,
                    on_entry=reporter.wake if reporter is not None else None)


def reported_all(url, path, table):
    def done():
        return database_rows(url, table) == journal_rows(path, table)
    return done


def test_floor_1_a_table_reports_every_event_and_what_its_history_makes_of_them(database, tmp_path):
    path = tmp_path / "T4.journal"
    reporter = TableReporter(path, "T4", database, heartbeat=0.2).start()
    report = play(path, "T4", 12, reporter)
    status = reporter.stop()
    assert status.reporting and status.backlog == 0
    assert database_rows(database, "T4") == journal_rows(path, "T4")
    (state, reported, closed), = query(database, "SELECT state, reported_seq, closed_at FROM floor_tables "
                                                 "WHERE table_id = 'T4'")
    assert reported == report.events and closed is not None
    assert state["round"] == 12 and state["rules"] == "classic" and state["faults"] == []
    (rounds, drop, win), = query(database, "SELECT count(*), sum(drop), sum(house_win) FROM floor_rounds")
    assert (rounds, drop, win) == (12, report.wagered, report.house_net)
    assert query(database, "SELECT count(*) FROM floor_boxes")[0][0] == report.boxes_played


def test_floor_1_a_fault_reaches_the_database_within_2_s(database, tmp_path):
    path = tmp_path / "T5.journal"
    with Journal(path, "T5") as journal:
        table = acknowledged(TableController(journal, load_preset("classic")))
        reporter = TableReporter(path, "T5", database).start()
        table.add_listener(reporter.wake)
        wait_for(lambda: reporter.status.reporting)
        raised = time.monotonic()
        table.raise_fault("E04", "The shoe reports E04 (jam).", "shoe")

        def fault_in_database():
            (state,), = query(database, "SELECT state FROM floor_tables WHERE table_id = 'T5'")
            return [f["code"] for f in state["faults"]] == ["E04"]
        wait_for(fault_in_database, timeout=5)
        assert time.monotonic() - raised < 2.0
        reporter.stop()


def test_floor_1_an_outage_is_not_reporting_and_the_backlog_drains_in_order(database, outage, tmp_path):
    path = tmp_path / "T6.journal"
    reporter = TableReporter(path, "T6", database, heartbeat=0.2, retry=0.2).start()
    first = play(path, "T6", 3, reporter)
    wait_for(reported_all(database, path, "T6"))
    wait_for(lambda: reporter.status.reported == first.events)  # its status follows the database's commit
    before = reporter.status.reported  # the first 3 rounds' events, with the table's opening
    outage.stop()
    started = time.monotonic()
    report = play(path, "T6", 10, reporter)  # the table plays on, and does not wait
    assert time.monotonic() - started < 10
    wait_for(lambda: not reporter.status.reporting and reporter.status.journaled == report.events)
    assert reporter.status.backlog >= report.events - before  # all journaled since the outage
    assert "NOT REPORTING" in reporter.status.text
    outage.start()
    wait_for(reported_all(database, path, "T6"), timeout=30)
    wait_for(lambda: reporter.status.reporting)
    reporter.stop()
    assert report.rounds == 7
    assert query(database, "SELECT count(*) FROM floor_rounds")[0][0] == 10


def test_floor_1_tables_started_together_on_a_new_database_all_make_it_ready_without_an_error(cluster):
    # Seen when three tables started at once: CREATE TABLE IF NOT EXISTS collided and a table said NOT REPORTING.
    def open_floor(url, start, errors):
        start.wait()
        try:
            with psycopg.connect(url) as db:
                ensure_schema(db)
        except psycopg.Error as err:
            errors.append(err)

    for _ in range(3):
        url, start, errors = fresh_database(cluster), threading.Barrier(6), []
        threads = [threading.Thread(target=open_floor, args=(url, start, errors)) for _ in range(6)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        assert errors == []
        assert query(url, "SELECT version FROM floor_schema") == [(SCHEMA_VERSION,)]


def test_floor_faults_two_tables_with_one_id_are_refused_and_play_on(database, tmp_path):
    first = TableReporter(tmp_path / "a.journal", "T7", database).start()
    play(tmp_path / "a.journal", "T7", 2, first, seed=1)
    first.stop()
    second = TableReporter(tmp_path / "b.journal", "T7", database, retry=0.1).start()
    report = play(tmp_path / "b.journal", "T7", 3, second, seed=2)
    wait_for(lambda: second.status.refused)
    second.stop()
    assert report.rounds == 3  # it played on; its events stay in its journal
    assert "already bound to another journal" in second.status.text and "same id" in second.status.text
    assert database_rows(database, "T7") == journal_rows(tmp_path / "a.journal", "T7")


def test_floor_faults_a_tampered_journal_is_refused_at_the_database(database, tmp_path):
    path = tmp_path / "T8.journal"
    reporter = TableReporter(path, "T8", database).start()
    play(path, "T8", 3, reporter)
    reporter.stop()
    before = database_rows(database, "T8")

    def forge(rows):  # a payment rewritten, every later hash recomputed: the chain alone would pass it
        for row in rows:
            if row[4] == "BoxSettled":
                payload = json.loads(row[7])
                payload["net"] += 1000
                row[7] = payload_to_json(payload)
                break
        return rows
    rehash(path, forge)
    again = TableReporter(path, "T8", database).start()
    wait_for(lambda: again.status.refused)
    again.stop()
    assert "differs from the replica" in again.status.text
    assert database_rows(database, "T8") == before
    (refused,), = query(database, "SELECT refused FROM floor_tables WHERE table_id = 'T8'")
    assert "differs" in refused
    # and the database itself refuses an event that does not continue its chain, whoever writes it
    seq, table_id, at, round_id, kind, version, actor, payload, _, digest = before[-1]
    with pytest.raises(psycopg.DatabaseError, match="does not continue the chain"), \
            psycopg.connect(database) as db:
        db.execute("INSERT INTO rptable_events (table_id, seq, at, round_id, kind, version, actor, payload, hash) "
                   "VALUES (%s, %s, %s, %s, %s, %s, %s, %s, %s)",
                   (table_id, seq + 2, at, round_id, kind, version, actor, pack_payload(payload),
                    bytes.fromhex(digest)))


def test_floor_faults_a_wrong_or_revoked_password_is_said_and_the_table_keeps_its_backlog(cluster, tmp_path):
    with psycopg.connect(cluster.url, autocommit=True) as admin:
        admin.execute("CREATE ROLE table_t9 LOGIN PASSWORD 'right-one' CREATEDB")
        admin.execute("CREATE DATABASE floor_pw OWNER table_t9")
    hba = cluster.data / "pg_hba.conf"
    hba.write_text("local all table_t9 scram-sha-256\n" + hba.read_text())
    cluster._run(cluster.pg_ctl, "-D", str(cluster.data), "reload")
    time.sleep(0.5)
    url = f"postgresql://table_t9:wrong@/floor_pw?host={cluster.folder}"
    path = tmp_path / "T9.journal"
    reporter = TableReporter(path, "T9", url, retry=0.1).start()
    report = play(path, "T9", 4, reporter)
    wait_for(lambda: "password" in reporter.status.text)
    reporter.stop(timeout=0.5)  # what is left cannot go with this password: no use trying it for seconds
    assert report.rounds == 4
    assert "NOT REPORTING" in reporter.status.text and "wrong" not in reporter.status.text.split("@")[0]
    assert reporter.status.backlog == report.events
    right = url.replace(":wrong@", ":right-one@")
    again = TableReporter(path, "T9", right, retry=0.1).start()
    wait_for(reported_all(right, path, "T9"))
    with psycopg.connect(cluster.url, autocommit=True) as admin:
        admin.execute("ALTER ROLE table_t9 PASSWORD 'changed'")  # revoked while the table plays
        admin.execute("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE usename = 'table_t9'")
    play(path, "T9", 6, again)
    wait_for(lambda: "password" in again.status.text)
    again.stop(timeout=0.5)
    assert again.status.backlog > 0  # kept in the journal, to go when the password is put right


@pytest.mark.slow  # a soak of kills and outages; one of each is a story of its own
def test_floor_faults_nothing_is_lost_or_doubled_through_a_storm_of_kills_and_outages(tmp_path):
    """Three tables play through kills (SIGKILL, mid-stream) and database restarts (immediate: mid-transaction);
    afterwards every table's journal and the database hold the same events, and each round once."""
    server = Cluster().create().start()
    rng = random.Random(18)
    tables = {f"S{n}": tmp_path / f"S{n}.journal" for n in range(1, 4)}
    rounds = 40

    def start(table):
        return subprocess.Popen(
            [sys.executable, "-m", "ui.cli", "simulate", "--rules", "classic", "--rounds", str(rounds), "--seed",
             "3", "--journal", str(tables[table]), "--table", table, "--replica", server.url, "--commit", "command"],
            cwd=ROOT, env=with_test_env(ENV), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        running = {table: start(table) for table in tables}
        for _ in range(8):
            time.sleep(rng.uniform(0.3, 1.0))
            if rng.random() < 0.4:
                server._run(server.pg_ctl, "-D", str(server.data), "-m", "immediate", "-w", "stop")
                time.sleep(rng.uniform(0.2, 1.0))
                server.start()
            else:
                table = rng.choice(sorted(running))
                running[table].send_signal(signal.SIGKILL)
                running[table].wait()
                running[table] = start(table)
        for process in running.values():
            assert process.wait(timeout=120) == 0
        for table, path in tables.items():
            assert database_rows(server.url, table) == journal_rows(path, table), table
        per_table = dict(query(server.url, "SELECT table_id, count(*) FROM floor_rounds GROUP BY table_id"))
        assert per_table == {table: rounds for table in tables}
        boxes = query(server.url, "SELECT count(*), count(DISTINCT (table_id, round_id, box)) FROM floor_boxes")
        assert boxes[0][0] == boxes[0][1] == 3 * rounds * 6
    finally:
        server.destroy()
