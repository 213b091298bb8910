"""Reading a journal file whole: every row in the file, in key order, whatever its table id, and SQLite's own
check of the file's structure; and the verdict a writer needs before it touches the file.

A journal is read by its key (table, seq) everywhere else, which trusts the file's b-tree: a row whose key a
damaged byte changed is then skipped without a word, and every query may skip another one. Here the b-tree is
walked leaf by leaf, so every row is met where it lies, and `PRAGMA integrity_check` checks what the rows alone
cannot show (pages, the index, the key order). A file that passes both reads the same by any query.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from controller.table.journal.chain import ChainWalk, key_problem, missing_tail
from controller.table.journal.head import Head
from controller.table.journal.row_codec import hash_text, unpacked_in_order
from controller.table.journal.rows import COLUMNS, GENESIS_HASH
from controller.table.journal.sqlite_file import JournalError

INTEGRITY_LINES = 3  # SQLite's first few findings say enough; the rest are consequences


@dataclass(frozen=True, slots=True)
class Damage:
    """What is wrong with a journal file: the first bad event (None when the damage is below the rows), why,
    and the events from 1 up to `intact` that are whole and chained."""

    first_bad_event: int | None
    reason: str
    intact: int

    def describe(self) -> str:
        where = f" (first bad event {self.first_bad_event})" if self.first_bad_event is not None else ""
        kept = f"events 1-{self.intact} are intact" if self.intact else "no event is intact"
        return f"{self.reason}{where}; {kept}"


class JournalDamaged(JournalError):
    """The journal does not verify: nothing is written to it and nothing resumes from it."""

    def __init__(self, path: Path, damage: Damage) -> None:
        super().__init__(
            f"The journal {path} is damaged: {damage.describe()}. Nothing was written to it and the table stays "
            f"stopped. A pit boss must run `rptable audit salvage --journal {path}`: it keeps this file as it is "
            "and writes a new journal of the intact events that records the damage; then start the table on "
            "that journal.", damage.first_bad_event)
        self.damage = damage


def scan_rows(db: sqlite3.Connection, first_seq: int = 1) -> Iterator[tuple[Any, ...]]:
    """Every row of the file (COLUMNS) in the b-tree's own order, without a key search. A page that cannot be
    read raises JournalError naming the event after the last one read."""
    expected = first_seq
    try:
        # ORDER BY the whole key makes SQLite walk the table itself, not a smaller index over it.
        for row in unpacked_in_order(db.execute(f"SELECT {COLUMNS} FROM events ORDER BY table_id, seq"),
                                     GENESIS_HASH if first_seq == 1 else None):
            yield row
            expected = row[0] + 1 if isinstance(row[0], int) else expected + 1
    except sqlite3.Error as err:
        raise unreadable(err, expected) from err


def unreadable(err: sqlite3.Error, seq: int) -> JournalError:
    """A row that cannot be read (a damaged page, text that is not UTF-8), as every reader of rows says it."""
    return JournalError(f"the file cannot be read from event {seq} on ({err})", seq)


def integrity_problem(db: sqlite3.Connection) -> str | None:
    """SQLite's check of the whole file (pages, b-trees, the index, the key order): what it found, or None."""
    try:
        found = [str(r[0]) for r in db.execute(f"PRAGMA integrity_check({INTEGRITY_LINES})")]
    except sqlite3.Error as err:
        return f"SQLite cannot check the file ({err})"
    if found == ["ok"]:
        return None
    return "the file is damaged below its rows (SQLite's integrity check: " + "; ".join(found) + ")"


def chain_damage(db: sqlite3.Connection, table_id: str, head: Head | None) -> tuple[int, str, Damage | None]:
    """The writer's check of the whole file before it writes: every row this table's, the seq contiguous from
    1, every hash right, the head reached, and the file sound. Returns the last event (seq, hash) and the
    damage, if any."""
    walk = ChainWalk(table_id=table_id, witness=head)
    try:
        for row in scan_rows(db):
            problem = walk.step(*row)
            if problem:
                seq = row[0] if isinstance(row[0], int) else walk.expected_seq
                return walk.intact, walk.prev, Damage(seq, problem, walk.intact)
    except JournalError as err:
        return walk.intact, walk.prev, Damage(err.seq, str(err), walk.intact)
    tail = missing_tail(walk.intact, head)
    if tail:
        return walk.intact, walk.prev, Damage(walk.intact + 1, tail, walk.intact)
    below = integrity_problem(db)
    return walk.intact, walk.prev, None if below is None else Damage(None, below, walk.intact)


def tail_chain_damage(db: sqlite3.Connection, table_id: str, head: Head | None,
                      checkpoint: int) -> tuple[int, str, Damage | None]:
    """The writer's check of a journal that keeps checkpoints: from its last checkpoint (`checkpoint`, a seq) to
    its end, as `chain_damage` checks the whole file: every row this table's, the seq contiguous, every hash
    right, the head reached. The events before the checkpoint were checked as they were written and are `audit
    verify`'s to check again (with SQLite's integrity check of the whole file): this check costs the same on a
    journal of 100 rounds and of 100,000. Returns the last event (seq, hash) and the damage, if any."""
    before = db.execute("SELECT seq, hash FROM events WHERE table_id = ? AND seq = ?",
                        (table_id, checkpoint - 1)).fetchone()
    if before is None or not isinstance(hash_text(before[1]), str):
        return checkpoint - 2, "", Damage(checkpoint - 1, f"event {checkpoint - 1}, just before the journal's last "
                                          "checkpoint, is missing or unreadable", max(0, checkpoint - 2))
    walk = ChainWalk(checkpoint, hash_text(before[1]), table_id=table_id, witness=head)
    expected = checkpoint
    try:
        for row in unpacked_in_order(db.execute(f"SELECT {COLUMNS} FROM events WHERE table_id = ? AND seq >= ? "
                                                "ORDER BY seq", (table_id, checkpoint)), walk.prev):
            problem = walk.step(*row)
            if problem:
                seq = row[0] if isinstance(row[0], int) else walk.expected_seq
                return walk.intact, walk.prev, Damage(seq, problem, walk.intact)
            expected += 1
        # A key damaged in place ends a search early; searches from the other end and for another table's
        # rows find what it hid.
        last = db.execute("SELECT seq FROM events WHERE table_id = ? ORDER BY seq DESC LIMIT 1", (table_id,)).fetchone()
        other = db.execute("SELECT seq, table_id FROM events WHERE table_id > ? OR table_id < ? LIMIT 1",
                           (table_id, table_id)).fetchone()
    except sqlite3.Error as err:
        return walk.intact, walk.prev, Damage(expected, str(unreadable(err, expected)), walk.intact)
    if (last is not None and last[0] != walk.intact) or other is not None:
        reason = (f"a row naming table {other[1]!r} is in the file (a journal holds its own table's events and "
                  "nothing else)" if other is not None else
                  f"the journal's events after event {walk.intact} cannot be read in order (it ends at event "
                  f"{last[0]})")
        return walk.intact, walk.prev, Damage(walk.intact + 1, f"{reason}: the file is damaged", walk.intact)
    tail = missing_tail(walk.intact, head)
    return walk.intact, walk.prev, Damage(walk.intact + 1, tail, walk.intact) if tail else None


def structure_damage(db: sqlite3.Connection, table_id: str, head: Head | None) -> Damage | None:
    """The file's damage that shows without hashing (what the audit's views check before they read): a key out
    of place, a page that cannot be read, the head not reached, SQLite's integrity check; None when none."""
    expected = 1
    try:
        for seq, table in db.execute("SELECT seq, table_id FROM events ORDER BY table_id, seq"):
            problem = key_problem(seq, table, expected, table_id)
            if problem:
                return Damage(seq if isinstance(seq, int) else expected, problem, expected - 1)
            expected += 1
    except sqlite3.Error as err:
        return Damage(expected, f"the file cannot be read from event {expected} on ({err})", expected - 1)
    tail = missing_tail(expected - 1, head)
    if tail:
        return Damage(expected, tail, expected - 1)
    below = integrity_problem(db)
    return None if below is None else Damage(None, below, expected - 1)
