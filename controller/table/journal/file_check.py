"""One journal file read whole and checked: its rows where they lie, SQLite's own check, and the damage a reader
finds before it trusts the key (controller.table.journal.whole_file does the reading).

The journal's everyday reads go by its key (table, seq); `audit verify`, the salvage and the audit's views first
ask this object whether the file can be read that way. Kept apart from the Journal, which appends and reads by
the key, so the questions about a damaged file read in one place (`journal.whole_file`).
"""

from __future__ import annotations

import sqlite3
from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager
from pathlib import Path
from typing import Any

from controller.table.journal.chain import missing_tail
from controller.table.journal.head import read_head
from controller.table.journal.row_codec import hash_text
from controller.table.journal.rows import JournalEntry
from controller.table.journal.whole_file import Damage, integrity_problem, scan_rows, structure_damage


class FileCheck:
    """The whole file of one table's journal: read row by row, and checked below the chain."""

    def __init__(self, db: sqlite3.Connection, path: Path, table_id: str, *,
                 snapshot: Callable[[], AbstractContextManager[None]], tail: Callable[[], tuple[int, str]],
                 entry_of: Callable[[tuple[Any, ...]], JournalEntry]) -> None:
        self._db = db
        self.path = path
        self.table_id = table_id
        self._snapshot = snapshot  # the journal's: every read inside sees the file as it stood at the first one
        self._tail = tail  # the journal's last (seq, hash), read afresh
        self._entry_of = entry_of  # a stored row decoded as the journal decodes it

    def scan_rows(self) -> Iterator[tuple[Any, ...]]:
        """Every stored row of the file, of any table, in the b-tree's own order (no key search)."""
        return scan_rows(self._db)

    def integrity_problem(self) -> str | None:
        """What SQLite's check of the whole file found, or None."""
        return integrity_problem(self._db)

    def file_damage(self) -> Damage | None:
        """Damage to the file that shows without hashing (controller.table.journal.whole_file.structure_damage):
        what the audit's views check before they read. The chain and the payments are `audit verify`'s."""
        head = read_head(self.path)  # read before the rows: the head is never ahead of what they hold
        with self._snapshot():
            return structure_damage(self._db, self.table_id, head if head and head.table == self.table_id else None)

    def tail_damage(self) -> Damage | None:
        """Events its writer committed (the head file) that the journal no longer reaches, or its last event
        changed: the damage a reader of a few rounds checks without reading the whole file."""
        head = read_head(self.path)  # read before the rows: the head is never ahead of what they hold
        if head is None or head.table != self.table_id:
            return None
        with self._snapshot():
            last, _ = self._tail()
            tail = missing_tail(last, head)
            if tail:
                return Damage(last + 1, tail, last)
            if head.seq and head.seq <= last:
                at_head = self._db.execute("SELECT hash FROM events WHERE table_id = ? AND seq = ?",
                                           (self.table_id, head.seq)).fetchone()
                if at_head is None or hash_text(at_head[0]) != head.hash:
                    return Damage(head.seq, f"event {head.seq} is not the event the journal's writer committed (its "
                                            "head file records another hash)", head.seq - 1)
        return None

    def intact_entries(self, last: int) -> Iterator[JournalEntry]:
        """Events 1..last read where they lie in the file (no key search): the intact part of a damaged file."""
        for row in self.scan_rows():
            if not isinstance(row[0], int) or row[0] > last or row[1] != self.table_id:
                break
            yield self._entry_of(row)

    def keys_in_order(self) -> int | None:
        """The last seq, when the file's rows are exactly this table's events 1..last (asked of a file that
        passed SQLite's integrity check, whose index and key order then agree with its rows); else None."""
        row = self._db.execute("SELECT count(*), min(seq), max(seq), sum(table_id IS NOT ?) FROM events",
                               (self.table_id,)).fetchone()
        count, low, high, others = row
        if count == 0:
            return 0
        return int(count) if others == 0 and low == 1 and high == count else None
