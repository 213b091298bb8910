"""A table that lives for months reports to the floor at the cost of what is new: a reporter checks only the
events appended since its last pass, and one started on a long journal starts from the last checkpoint the
floor holds (the events before it were checked when they were copied). What it writes is what a reporter
reading the journal from event 1 writes, to the row."""

import json
import time

import pytest
from floor_kit import database_rows, fresh_database, journal_rows, needs_postgres, psycopg, query, wait_for
from tables import acknowledged

from controller.floor.reporter import TableReporter
from controller.opening.simulate import simulate
from controller.table.controller import CHECKPOINT_EVERY, TableController
from controller.table.journal import Journal
from controller.table.pump import CardPump
from controller.table.qa.autoplay import QA_PIT_BOSS, play_rounds
from controller.table.rule_files import load_preset
from drivers.base import open_source
from ui.cli.audit import EXIT_UNSIGNED

pytestmark = needs_postgres
pytest_plugins = ["floor_kit"]

FLOOR_ROWS = {
    "floor_rounds": "SELECT * FROM floor_rounds WHERE table_id = %s ORDER BY round_id",
    "floor_boxes": "SELECT * FROM floor_boxes WHERE table_id = %s ORDER BY round_id, box",
    "floor_decisions": "SELECT * FROM floor_decisions WHERE table_id = %s ORDER BY seq",
}


def floor_rows(url, table):
    return {name: query(url, sql, table) for name, sql in FLOOR_ROWS.items()}


def reported(path, table, url, timeout=60):
    """A reporter of the table's journal, started, once the database holds every event the journal holds (its
    status says so after the database committed them; the rows are then compared, every column)."""
    with Journal(path, table, readonly=True) as journal:
        journaled = journal.last_seq
    reporter = TableReporter(path, table, url, heartbeat=0.2).start()
    wait_for(lambda: reporter.status.reporting and reporter.status.reported == journaled, timeout=timeout)
    assert database_rows(url, table) == journal_rows(path, table)
    return reporter


def test_long_lived_a_reporter_started_again_reports_from_the_last_checkpoint_the_rows_from_event_1(
        cluster, tmp_path):
    path, table = tmp_path / "T2.journal", "T2"
    # Two boxes a round: past a checkpoint at half the events of six (the story is the checkpoint, not the boxes).
    simulate(load_preset("classic"), CHECKPOINT_EVERY + 5, 8, boxes=2, journal_path=path, table_id=table)
    first, again = fresh_database(cluster), fresh_database(cluster)
    reported(path, table, first).stop()
    with Journal(path, table) as journal:  # the table plays on with the floor away, and a pit boss adjusts
        controller = acknowledged(TableController(journal))  # a round from before the checkpoint
        controller.overrides.adjust_payment(f"{table}-000003", 1, 25, QA_PIT_BOSS, "short-paid, found at the count")
        pump = CardPump(open_source("sim://?seed=9&rate=0&clock=virtual"), controller, pack_seed=9)
        play_rounds(controller, pump, controller.round_number + 4, boxes=3, ante=10)
        pump.source.close()
    resumed = reported(path, table, first)  # from the last checkpoint the floor holds
    resumed.stop()
    assert resumed._verify is not None and resumed._verify.walk.expected_seq > 1
    reported(path, table, again).stop()  # a new database: from event 1
    assert floor_rows(first, table) == floor_rows(again, table)
    (net,), = query(first, "SELECT net FROM floor_boxes WHERE table_id = %s AND round_id = %s AND box = 1",
                    table, f"{table}-000003")
    with Journal(path, table, readonly=True) as journal:
        from controller.table.audit.round_book import RoundBook

        record = RoundBook.of_journal(journal).find(f"{table}-000003")
    assert record is not None and net == record.net(record.boxes[0])


@pytest.mark.slow
def test_long_lived_a_fault_of_a_table_with_10000_rounds_reaches_the_floor_within_2_s(database, tmp_path):
    path, table = tmp_path / "T3.journal", "T3"
    simulate(load_preset("four-seat"), 10_000, 3, journal_path=path, table_id=table)
    copied = time.monotonic()
    reported(path, table, database, timeout=1200).stop()  # the floor copies its history once
    print(f"the first copy of 10,000 rounds took {time.monotonic() - copied:.1f} s")
    with Journal(path, table) as journal:
        controller = acknowledged(TableController(journal))
        reporter = TableReporter(path, table, database).start()  # the table starts again, and its reporter
        controller.add_listener(reporter.wake)
        wait_for(lambda: reporter.status.reporting, timeout=30)
        raised = time.monotonic()
        controller.raise_fault("E04", "The shoe reports E04 (jam).", "shoe")

        def fault_on_the_floor():
            (state,), = query(database, "SELECT state FROM floor_tables WHERE table_id = %s", table)
            return [f["code"] for f in state["faults"]] == ["E04"]
        wait_for(fault_on_the_floor, timeout=30)
        assert time.monotonic() - raised < 2.0
        reporter.stop()


def test_long_lived_the_floor_answers_from_its_copy_of_the_round_index_as_the_journal_does(database, tmp_path,
                                                                                          capsys):
    from controller.floor.audit_source import floor_table
    from ui.cli import main

    path, table = tmp_path / "T4.journal", "T4"
    simulate(load_preset("classic"), CHECKPOINT_EVERY + 3, 12, boxes=2, journal_path=path, table_id=table)  # two boxes
    with Journal(path, table) as journal:
        controller = acknowledged(TableController(journal))
        controller.overrides.adjust_payment(f"{table}-000003", 2, -15, QA_PIT_BOSS, "paid twice")
    reported(path, table, database).stop()
    with floor_table(database, table) as copy:
        assert copy.indexed and copy.round_count() == CHECKPOINT_EVERY + 3

    def audit(*where: str) -> dict:
        answers = {}
        for words in (["recall"], ["show", "3"], ["show", "53"], ["rounds", "--limit", "5"]):
            capsys.readouterr()
            assert main(["audit", *where, "--table", table, *words, "--json"]) == 0
            answers[" ".join(words)] = json.loads(capsys.readouterr().out)
        return answers

    from_journal, from_floor = audit("--journal", str(path)), audit("--db", database)
    assert from_floor == from_journal
    adjusted = from_floor["show 3"]["adjustments"]
    assert [(a["box"], a["amount"]) for a in adjusted] == [(2, -15)]  # journaled after round 53 opened


# The floor's copy of a journal as a program before packed rows kept it (floor schema 2): text columns and the
# predecessor's hash, its trigger checking that hash.
TEXT_ROWS_FLOOR = """
CREATE TABLE rptable_events (
    table_id text NOT NULL, seq bigint NOT NULL, at double precision NOT NULL, round_id text, kind text NOT NULL,
    version integer NOT NULL, actor text, payload text NOT NULL, prev_hash text NOT NULL, hash text NOT NULL,
    replicated_at timestamptz NOT NULL DEFAULT now(), PRIMARY KEY (table_id, seq));
CREATE FUNCTION rptable_events_chained() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF NEW.prev_hash IS DISTINCT FROM coalesce((SELECT hash FROM rptable_events WHERE table_id = NEW.table_id
                                                AND seq = NEW.seq - 1), repeat('0', 64)) THEN
        RAISE EXCEPTION 'event % does not continue the chain', NEW.seq;
    END IF;
    RETURN NEW;
END $$;
CREATE TRIGGER rptable_events_chained BEFORE INSERT ON rptable_events
    FOR EACH ROW EXECUTE FUNCTION rptable_events_chained();
CREATE INDEX rptable_events_round_opened ON rptable_events (table_id, at) WHERE kind = 'table.round_opened';
CREATE TABLE floor_schema (version integer NOT NULL);
INSERT INTO floor_schema VALUES (2);
"""
# The same kept packed, each row with the time it arrived (floor schema 3).
PACKED_ROWS_FLOOR = """
CREATE TABLE rptable_events (
    table_id text NOT NULL, seq bigint NOT NULL, at double precision NOT NULL, round_id text, kind text NOT NULL,
    version integer NOT NULL, actor text, payload bytea NOT NULL, hash bytea NOT NULL,
    replicated_at timestamptz NOT NULL DEFAULT now(), PRIMARY KEY (table_id, seq));
CREATE INDEX rptable_events_round_opened ON rptable_events (table_id, at) WHERE kind = 'table.round_opened';
CREATE TABLE floor_schema (version integer NOT NULL);
INSERT INTO floor_schema VALUES (3);
"""


def text_row(row):
    return row


def packed_row(row):
    from controller.table.journal.row_codec import pack_payload

    seq, table, at, round_id, kind, version, actor, payload, _prev, digest = row
    return seq, table, at, round_id, kind, version, actor, pack_payload(payload), bytes.fromhex(digest)


EARLIER_FLOORS = {
    "text rows": (TEXT_ROWS_FLOOR, "payload, prev_hash, hash", text_row),
    "packed rows with their arrival": (PACKED_ROWS_FLOOR, "payload, hash", packed_row),
}


@pytest.mark.parametrize("layout", EARLIER_FLOORS)
def test_long_lived_a_floor_copy_kept_by_an_earlier_version_is_copied_once_and_reads_and_verifies_as_before(
        cluster, tmp_path, capsys, layout):
    from ui.cli import main

    schema, kept_columns, kept_row = EARLIER_FLOORS[layout]
    path, table = tmp_path / "T6.journal", "T6"
    simulate(load_preset("four-seat"), 12, 6, journal_path=path, table_id=table)
    rows = journal_rows(path, table)
    old = fresh_database(cluster)
    with psycopg.connect(old) as db:
        db.execute(schema)
        with db.cursor().copy("COPY rptable_events (seq, table_id, at, round_id, kind, version, actor, "
                              f"{kept_columns}) FROM STDIN") as copy:
            for row in rows[:200]:  # the floor held the table's first 200 events
                copy.write_row(kept_row(row))
    with Journal(path, table) as journal:  # the table plays on
        controller = acknowledged(TableController(journal))
        pump = CardPump(open_source("sim://?seed=6&rate=0&clock=virtual"), controller, pack_seed=6)
        play_rounds(controller, pump, controller.round_number + 2, boxes=4, ante=10)
        pump.source.close()
    reported(path, table, old).stop()  # a reporter of this version copies the rows over, then copies on
    assert database_rows(old, table) == journal_rows(path, table)
    kept = query(old, "SELECT seq, payload, octet_length(hash) FROM rptable_events WHERE table_id = %s "
                      "AND seq IN (1, 250) ORDER BY seq", table)
    assert kept[0][1][:1] == (b"{" if layout == "text rows" else b"\x01") and kept[1][1][:1] == b"\x01"
    assert kept[0][2] == kept[1][2] == 32
    columns = [name for (name,) in query(old, "SELECT column_name FROM information_schema.columns WHERE "
                                              "table_name = 'rptable_events' ORDER BY ordinal_position")]
    assert columns == ["seq", "at", "version", "table_id", "round_id", "kind", "actor", "payload", "hash"]
    indexes = {name for (name,) in query(old, "SELECT indexname FROM pg_indexes WHERE tablename = 'rptable_events'")}
    assert {"rptable_events_pkey", "rptable_events_round_opened", "rptable_events_table_event_round"} <= indexes
    (leftovers,), = query(old, "SELECT count(*) FROM pg_class WHERE relname LIKE %s", "%old_layout%")
    assert leftovers == 0
    with psycopg.connect(old) as db, pytest.raises(psycopg.Error, match="append-only"):
        db.execute("DELETE FROM rptable_events WHERE table_id = %s AND seq = 250", (table,))
    with psycopg.connect(old) as db, pytest.raises(psycopg.Error, match="does not continue the chain"):
        db.execute("INSERT INTO rptable_events SELECT seq + 1000, at, version, table_id, round_id, kind, actor, "
                   "payload, hash FROM rptable_events WHERE table_id = %s AND seq = 250", (table,))
    capsys.readouterr()
    # whole, and unsealed (played without the table's key): verify's exit says so
    assert main(["audit", "--db", old, "--table", table, "verify", "--json"]) == EXIT_UNSIGNED
    assert json.loads(capsys.readouterr().out)["ok"]


def test_long_lived_a_long_journal_new_to_the_floor_goes_in_passes_of_a_bounded_size_and_writes_the_same_rows(
        cluster, tmp_path, monkeypatch):
    import controller.floor.reporter as reporter_module

    path, table = tmp_path / "T7.journal", "T7"
    simulate(load_preset("classic"), 15, 7, journal_path=path, table_id=table)  # some 900 events: ten passes of 97
    with Journal(path, table) as journal:  # a pit boss adjusts an early round: read back, not kept
        acknowledged(TableController(journal)).overrides.adjust_payment(f"{table}-000002", 1, 10, QA_PIT_BOSS,
                                                                        "short-paid")
    whole = fresh_database(cluster)
    reported(path, table, whole).stop()
    monkeypatch.setattr(reporter_module, "PASS_EVENTS", 97)  # a round is some 60 events: passes cut rounds
    passes = fresh_database(cluster)
    reported(path, table, passes).stop()
    assert floor_rows(passes, table) == floor_rows(whole, table)
    assert len(floor_rows(passes, table)["floor_rounds"]) == 15
