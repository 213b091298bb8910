"""The journal (docs/journal.md "The journal"): durable, append-only, hash-chained; every tampering shows."""

import dataclasses
import itertools
import random
import sqlite3

import pytest

from controller.table.journal import Journal, JournalError, NewEvent
from controller.table.journal.chain import verify_chain
from controller.table.journal.store import SCHEMA_VERSION


def fill(path, n=10):
    with Journal(path) as journal:
        journal.append([NewEvent("card_dealt", {"card": f"{i % 9 + 2}S", "box": i % 6 + 1}, at=1000.0 + i,
                                 round_id=f"R{i // 5 + 1}") for i in range(n)])


def raw(path):
    """The file opened behind the journal's back, its append-only triggers dropped, as a tamperer would."""
    db = sqlite3.connect(path)
    db.execute("DROP TRIGGER events_no_update")
    db.execute("DROP TRIGGER events_no_delete")
    return db


def verify(path):
    with Journal(path, readonly=True) as journal:
        return verify_chain(journal.entries())


def test_journal_events_are_numbered_chained_and_read_back_in_order(tmp_path):
    path = tmp_path / "t1.journal"
    fill(path, 7)
    with Journal(path, readonly=True) as journal:
        entries = list(journal.entries())
    assert [e.seq for e in entries] == list(range(1, 8))
    assert all(b.prev_hash == a.hash for a, b in itertools.pairwise(entries))
    assert entries[3].payload == {"card": "5S", "box": 4}
    assert verify(path).ok and verify(path).events == 7


def test_journal_reopened_continues_the_chain(tmp_path):
    path = tmp_path / "t1.journal"
    fill(path, 3)
    with Journal(path) as journal:
        assert journal.last_seq == 3
        journal.append([NewEvent("round_closed", {}, at=2000.0, round_id="R1", actor="dealer:anna")])
    report = verify(path)
    assert report.ok and report.events == 4


def test_journal_is_append_only_even_to_hand_written_sql(tmp_path):
    path = tmp_path / "t1.journal"
    fill(path, 3)
    db = sqlite3.connect(path)
    with pytest.raises(sqlite3.IntegrityError, match="append-only"):
        db.execute("UPDATE events SET payload = '{}' WHERE seq = 2")
    with pytest.raises(sqlite3.IntegrityError, match="append-only"):
        db.execute("DELETE FROM events WHERE seq = 2")
    with pytest.raises(sqlite3.IntegrityError):  # (table, seq) is unique: no second event 2
        db.execute("INSERT INTO events SELECT * FROM events WHERE seq = 2")


def tampered(tmp_path, *statements):
    """What verify says of a journal of ten events after `statements` were run on its file behind SQLite's back."""
    path = tmp_path / "t1.journal"
    fill(path)
    with raw(path) as db:
        for statement in statements:
            db.execute(statement)
    return verify(path)


def test_audit_verify_catches_an_edited_event(tmp_path):
    report = tampered(tmp_path, """UPDATE events SET payload = '{"box":1,"card":"AS"}' WHERE seq = 4""")
    assert not report.ok and report.first_bad_event == 4 and "changed" in report.reason


def test_audit_verify_catches_a_deleted_event(tmp_path):
    report = tampered(tmp_path, "DELETE FROM events WHERE seq = 6")
    assert not report.ok and report.first_bad_event == 7 and "missing" in report.reason


def test_audit_verify_catches_a_deletion_hidden_by_renumbering(tmp_path):
    report = tampered(tmp_path, "DELETE FROM events WHERE seq = 6", "UPDATE events SET seq = seq - 1 WHERE seq > 6")
    assert not report.ok and report.first_bad_event == 6


def test_audit_verify_catches_an_inserted_event(tmp_path):
    report = tampered(tmp_path, "UPDATE events SET seq = seq + 1000 WHERE seq >= 5",
                      "UPDATE events SET seq = seq - 999 WHERE seq >= 1000",
                      "INSERT INTO events SELECT 5, table_id, at, round_id, kind, version, actor, "
                      """'{"box":2,"card":"KH"}', prev_hash, hash FROM events WHERE seq = 4""")
    assert not report.ok and report.first_bad_event == 5


def test_audit_verify_catches_reordered_events(tmp_path):
    report = tampered(tmp_path, "UPDATE events SET seq = 100 WHERE seq = 3", "UPDATE events SET seq = 3 WHERE seq = 4",
                      "UPDATE events SET seq = 4 WHERE seq = 100")
    assert not report.ok and report.first_bad_event == 3


def test_journal_full_disk_is_an_error_with_what_to_do_and_loses_nothing_written(tmp_path):
    path = tmp_path / "t1.journal"
    fill(path, 3)
    journal = Journal(path)
    pages = journal._db.execute("PRAGMA page_count").fetchone()[0]
    journal._db.execute(f"PRAGMA max_page_count = {pages}")  # the file may not grow: a full disk
    big = {"note": random.Random(7).randbytes(50_000).hex()}  # what deflate cannot shrink much
    with pytest.raises(JournalError, match=r"disk is full.*Play is stopped.*pit boss"):
        journal.append([NewEvent("note", big, at=3000.0)])
    journal.close()
    report = verify(path)
    assert report.ok and report.events == 3  # the failed append left no trace, the rest is intact


def test_journal_from_a_newer_program_is_refused_unchanged(tmp_path):
    path = tmp_path / "t1.journal"
    fill(path, 2)
    with sqlite3.connect(path) as db:
        db.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 1}")
    with pytest.raises(JournalError, match="newer rptable"):
        Journal(path)


def test_journal_that_is_not_a_journal_says_so(tmp_path):
    path = tmp_path / "notes.txt"
    path.write_text("shopping list\n" * 100)
    with pytest.raises(JournalError, match="could not be opened as a journal"):
        Journal(path)
    with pytest.raises(JournalError, match="no journal at"):
        Journal(tmp_path / "missing.journal", readonly=True)


def test_journal_append_returns_the_entries_the_file_holds(tmp_path):
    """The entries an append returns are those read back from the file, every field."""
    with Journal(tmp_path / "T1.journal") as journal:
        appended = journal.append([
            NewEvent("table.note", {"text": "dealer change", "n": 1}, 1000.5, actor="pit_boss:boris"),
            NewEvent("CardPlaced", {"card": "QS", "to": 3}, 1001.0, "T1-000001", "shoe#7"),
        ])
        read_back = list(journal.entries())
        assert appended == read_back and len(appended) == 2
        assert appended[1].payload_json == '{"card":"QS","to":3}' and appended[0].prev_hash == "0" * 64
        assert verify_chain(read_back).ok and journal.append([]) == []


def test_journal_new_event_takes_its_optional_fields_by_keyword_and_is_immutable():
    event = NewEvent("table.note", {"a": 1}, at=5.0, actor="dealer")
    assert (event.round_id, event.actor, event.version) == (None, "dealer", 1)
    with pytest.raises(dataclasses.FrozenInstanceError):
        event.kind = "other"
