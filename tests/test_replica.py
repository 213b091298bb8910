"""docs/journal.md "The journal": "Casino-wide audit replicates each table's journal into PostgreSQL, idempotently,
and catches up after an outage." The replica is the chain's anchor off the table: what was copied can no
longer be rewritten, or cut off the journal's end, without the replica naming the event."""

import hashlib
import json
import signal
import subprocess
import sys
import time

import pytest
from cli_kit import rptable
from env_kit import with_test_env
from floor_kit import ENV, ROOT
from forgery import raw_rows, rehash, rewrite
from pg_cluster import Cluster

from controller.opening.simulate import simulate
from controller.table.rule_files import load_preset

psycopg = pytest.importorskip("psycopg")
pytestmark = pytest.mark.skipif(not Cluster.available(), reason="PostgreSQL server programs are not installed")
pytest_plugins = ["floor_kit"]  # the fixtures `database` (a fresh one) and `outage` (the cluster, stopped)


@pytest.fixture(scope="module")
def session_journal(tmp_path_factory):
    path = tmp_path_factory.mktemp("replica") / "T1.journal"
    simulate(load_preset("classic"), 30, 5, journal_path=path)
    return path


def copy_of(journal, tmp_path, name="T1.journal"):
    target = tmp_path / name
    target.write_bytes(journal.read_bytes())
    return target


def replicate(journal, url, *extra):
    """`rptable replicate ... --json` in the test's process (the stories of its process, killed or stopped, start
    one): its exit status, its last report and what it said on standard error."""
    out = rptable("replicate", "--journal", str(journal), "--to", url, "--json", *extra)
    reports = [json.loads(line) for line in out.stdout.splitlines() if line.startswith("{")]
    return out.returncode, (reports[-1] if reports else None), out.stderr


def replica_rows(url):
    """The replica's rows as the chain knows them, without the table id."""
    from controller.floor.replica import KEPT_IN_ORDER
    from controller.table.journal.row_codec import unpacked_in_order
    from controller.table.journal.rows import GENESIS_HASH

    with psycopg.connect(url) as db:
        kept = db.execute(f"SELECT {KEPT_IN_ORDER} FROM rptable_events WHERE table_id = 'T1' ORDER BY seq")
        return [(row[0], *row[2:]) for row in unpacked_in_order(kept.fetchall(), GENESIS_HASH)]


def journal_columns(journal):
    return [tuple([r[0], *r[2:]]) for r in raw_rows(journal)]


def test_replica_copies_every_event_and_copying_again_adds_nothing(session_journal, database, tmp_path):
    journal = copy_of(session_journal, tmp_path)
    before = hashlib.sha256(journal.read_bytes()).hexdigest()
    code, report, _ = replicate(journal, database)
    rows = journal_columns(journal)
    assert code == 0 and report["ok"] and report["copied"] == len(rows) == report["replica_head"]
    assert replica_rows(database) == rows  # every column, as hashed
    code, again, _ = replicate(journal, database)
    assert code == 0 and again["copied"] == 0 and len(replica_rows(database)) == len(rows)  # no duplicate
    code, checked, _ = replicate(journal, database, "--check")
    assert code == 0 and checked["ok"]
    assert hashlib.sha256(journal.read_bytes()).hexdigest() == before  # the journal is only ever read


def test_replica_killed_mid_copy_resumes_from_its_last_seq_without_a_gap_or_a_duplicate(session_journal, database,
                                                                                         tmp_path):
    journal = copy_of(session_journal, tmp_path)
    proc = subprocess.Popen([sys.executable, "-m", "ui.cli", "replicate", "--journal", str(journal), "--to",
                             database, "--batch", "50", "--progress"], stdout=subprocess.PIPE, text=True,
                                 env=with_test_env(ENV),
                            cwd=ROOT)
    assert proc.stdout is not None
    for line in proc.stdout:
        if line.startswith("replicated ") and int(line.split()[1]) >= 300:
            break
    proc.send_signal(signal.SIGKILL)
    proc.wait(timeout=30)
    partial = [r[0] for r in replica_rows(database)]
    total = len(raw_rows(journal))
    assert partial == list(range(1, len(partial) + 1)) and 300 <= len(partial) < total  # whole batches, in order
    code, report, _ = replicate(journal, database)
    assert code == 0 and report["replica_head_before"] == len(partial) and report["replica_head"] == total
    assert [r[0] for r in replica_rows(database)] == list(range(1, total + 1))


def test_replica_following_catches_up_after_a_database_outage(outage, database, tmp_path):
    journal = tmp_path / "T1.journal"
    simulate(load_preset("classic"), 3, 8, journal_path=journal)
    proc = subprocess.Popen([sys.executable, "-m", "ui.cli", "replicate", "--journal", str(journal), "--to",
                             database, "--follow", "--interval", "0.2"], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True, env=with_test_env(ENV), cwd=ROOT)
    try:
        wait_for(lambda: len(replica_rows(database)) == len(raw_rows(journal)))
        outage.stop()  # the casino's database goes away while the table plays on
        simulate(load_preset("classic"), 9, 8, journal_path=journal)
        time.sleep(0.5)
        outage.start()
        wait_for(lambda: len(replica_rows(database)) == len(raw_rows(journal)))
    finally:
        proc.send_signal(signal.SIGTERM)
        _, err = proc.communicate(timeout=30)
    assert proc.returncode == 0, err
    assert "Retrying" in err and "is back" in err  # said once, not once a second
    assert replica_rows(database) == journal_columns(journal)


def wait_for(condition, seconds=60):
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        try:
            if condition():
                return
        except psycopg.Error:  # not up yet, or its schema not yet created
            pass
        time.sleep(0.1)
    raise AssertionError("the replica did not catch up")


def test_replica_names_an_event_rewritten_and_rehashed_after_it_was_copied(session_journal, database, tmp_path):
    # A forger who knows the hash rule moves one event's time and re-hashes the rest: the journal's own chain
    # is whole again and `audit verify` cannot tell, but the replica holds the original.
    journal = copy_of(session_journal, tmp_path)
    assert replicate(journal, database)[0] == 0
    target = 777

    def move_the_time(rows):
        for row in rows:
            if row[0] == target:
                row[2] += 30.0
        return rows

    rehash(journal, move_the_time)
    code, report, _ = replicate(journal, database)
    assert code == 1 and not report["ok"] and report["divergent_seq"] == target and report["copied"] == 0
    assert "differs from the replica" in report["reason"]


def test_replica_check_names_an_edit_that_kept_its_stored_hash(session_journal, database, tmp_path):
    journal = copy_of(session_journal, tmp_path)
    assert replicate(journal, database)[0] == 0
    rows = raw_rows(journal)
    rows[499][7] = rows[499][7].replace('"v":1', '"v":1 ')
    rewrite(journal, rows)
    code, report, _ = replicate(journal, database, "--check")
    assert code == 1 and report["divergent_seq"] == 500 and "payload" in report["reason"]


def test_replica_names_events_cut_off_the_journal_end(session_journal, database, tmp_path):
    journal = copy_of(session_journal, tmp_path)
    assert replicate(journal, database)[0] == 0
    rows = raw_rows(journal)
    rewrite(journal, rows[:-40])  # a shorter, valid chain: only a copy kept elsewhere shows what is gone
    code, report, _ = replicate(journal, database)
    assert code == 1 and report["divergent_seq"] == len(rows) and "no longer in the table's journal" in report["reason"]


def test_replica_copies_up_to_a_broken_link_and_names_it(session_journal, database, tmp_path):
    journal = copy_of(session_journal, tmp_path)
    rows = raw_rows(journal)
    rows[1199][7] = rows[1199][7].replace(":", ": ", 1)  # changed, hash not recomputed
    rewrite(journal, rows)
    code, report, _ = replicate(journal, database, "--batch", "500")
    assert code == 1 and report["divergent_seq"] == 1200 and report["replica_head"] == 1199
    assert [r[0] for r in replica_rows(database)] == list(range(1, 1200))


def test_replica_that_cannot_be_reached_says_what_to_check(session_journal, tmp_path):
    code, _, err = replicate(session_journal, f"postgresql://postgres@/nowhere?host={tmp_path}")
    assert code == 2 and "cannot be used" in err and "running and reachable" in err


def test_replica_refuses_what_verify_refuses_forged_events_appended_with_a_valid_chain(session_journal, database,
                                                                                        tmp_path):
    # Events appended behind the table's back, hashed by the rule so the chain is whole: a box paid twice
    # what its cards pay. `audit verify` refuses the journal at the forged payment, and so does the replica.
    journal = copy_of(session_journal, tmp_path)
    rows = raw_rows(journal)
    forged_at = next(i for i, r in enumerate(rows) if r[4] == "BoxSettled" and json.loads(r[7])["net"] > 0)

    def pay_double(rows):
        data = json.loads(rows[forged_at][7])
        data["net"] *= 2
        rows[forged_at][7] = json.dumps(data, sort_keys=True, separators=(",", ":"))
        return rows

    rehash(journal, pay_double)
    code, report, _ = replicate(journal, database)
    seq = rows[forged_at][0]
    assert code == 1 and not report["ok"] and report["divergent_seq"] == seq and "does not verify" in report["reason"]
    assert [r[0] for r in replica_rows(database)] == list(range(1, seq))  # nothing from the forgery on


def test_replica_refuses_a_journal_whose_damaged_key_hides_events(session_journal, database, tmp_path):
    from damage import change_table_id, settled

    journal = copy_of(settled(session_journal), tmp_path)
    change_table_id(journal, 900)
    code, report, _ = replicate(journal, database)
    assert code == 1 and not report["ok"] and report["divergent_seq"] == 900  # not a stall with exit 0
    proc = rptable("replicate", "--journal", str(journal), "--to", database, "--follow", "--interval", "0.2",
                   timeout=60)
    assert proc.returncode == 1 and "does not verify" in proc.stdout and "900" in proc.stdout  # --follow says so


def test_replica_two_replicas_creating_the_schema_at_once_both_succeed(simulated_journal, database, tmp_path):
    # The race is the schema's, made before the first event is copied: a journal of two rounds is enough to copy.
    short = simulated_journal(2, 5)
    journals = [copy_of(short, tmp_path, f"T{n}.journal") for n in (1, 2)]
    procs = [subprocess.Popen([sys.executable, "-m", "ui.cli", "replicate", "--journal", str(path), "--to",
                               database, "--json"], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                              env=with_test_env(ENV), cwd=ROOT) for path in journals]
    outcomes = [proc.communicate(timeout=120) for proc in procs]
    assert [proc.returncode for proc in procs] == [0, 0], [err for _, err in outcomes]
    assert all("Traceback" not in err for _, err in outcomes)


def test_replica_a_database_that_goes_away_mid_copy_is_a_message_not_a_traceback(outage, database, tmp_path):
    journal = tmp_path / "T1.journal"
    simulate(load_preset("classic"), 60, 9, journal_path=journal)
    proc = subprocess.Popen([sys.executable, "-m", "ui.cli", "replicate", "--journal", str(journal), "--to",
                             database, "--batch", "20", "--progress"], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            text=True, env=with_test_env(ENV), cwd=ROOT)
    try:
        assert proc.stdout is not None and proc.stdout.readline().startswith("replicated")
        outage.stop()
        _, err = proc.communicate(timeout=60)
    finally:
        outage.start()
    assert proc.returncode in (0, 2) and "Traceback" not in err
    code, report, err = replicate(journal, database)  # and it resumes where it stopped
    assert code == 0 and report["ok"] and report["replica_head"] == len(raw_rows(journal)), err


def test_replicate_a_table_the_journal_does_not_hold_is_refused_naming_the_tables_it_holds(session_journal, database,
                                                                                          tmp_path):
    """Not tamper evidence: the journal holds no events of the table asked for."""
    journal = copy_of(session_journal, tmp_path)
    assert replicate(journal, database)[0] == 0
    code, report, said = replicate(journal, database, "--table", "WRONG")
    assert code == 2 and report is None and "TAMPER" not in said
    assert "holds no events of table WRONG (tables in it: T1); give its table with --table" in said
