"""A table's events as the floor database holds them, read back into journal entries: the audit, the pit's
table view and the floor report fold them with the one fold (controller.table.history), exactly as they fold
a journal file, and `verify` checks the same chain and replays the same rounds."""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

from controller.table.audit.verify import VerifyReport, VerifyWith, verify_rows
from controller.table.journal import JournalEntry
from controller.table.journal.store import entry_from_row

if TYPE_CHECKING:
    import psycopg

# The replica's columns in the journal's own order (controller.table.journal.store.COLUMNS).
ROW = "seq, table_id, at, round_id, kind, version, actor, payload, prev_hash, hash"
FETCH = 5_000  # rows per round trip of a server-side cursor


def table_ids(connection: psycopg.Connection[tuple[Any, ...]]) -> list[str]:
    """Every table the database holds events of."""
    rows = connection.execute("SELECT DISTINCT table_id FROM rptable_events ORDER BY table_id").fetchall()
    connection.rollback()
    return [str(r[0]) for r in rows]


class FloorTable:
    """One table's events in the floor database, read in seq order (never written here)."""

    def __init__(self, connection: psycopg.Connection[tuple[Any, ...]], table_id: str) -> None:
        self.connection = connection
        self.table_id = table_id

    def count(self) -> int:
        row = self.connection.execute("SELECT count(*) FROM rptable_events WHERE table_id = %s",
                                      (self.table_id,)).fetchone()
        self.connection.rollback()
        return int(row[0]) if row else 0

    def behind(self) -> str:
        """Why the floor's copy of the table is short of what the table had journaled when it last reported
        ("" when it is not, or the table never reported): the rest is in the table's journal only."""
        row = self.connection.execute(
            "SELECT reported_seq, journal_seq, last_seen, closed_at FROM floor_tables WHERE table_id = %s",
            (self.table_id,)).fetchone()
        self.connection.rollback()
        if row is None or row[1] <= row[0]:
            return ""
        reported, journaled, last_seen, closed_at = row
        when = last_seen.strftime("%Y-%m-%d %H:%M:%S %Z").strip() if last_seen is not None else "?"
        ended = "it closed with them unsent" if closed_at is not None else "it has not reported them since"
        return (f"the floor holds table {self.table_id}'s events 1-{reported:,}, but when the table last reported "
                f"({when}) its journal held {journaled:,}: {ended}. These answers cover what the floor holds; the "
                f"table's own journal holds the rest (rptable audit --journal).")

    def rows(self, where: str = "", params: tuple[Any, ...] = ()) -> Iterator[tuple[Any, ...]]:
        """The stored rows (a journal's columns), in seq order; `where` narrows them."""
        condition = f" AND ({where})" if where else ""
        try:
            with self.connection.cursor(name=f"rptable_read_{self.table_id}") as cursor:
                cursor.itersize = FETCH
                cursor.execute(f"SELECT {ROW} FROM rptable_events WHERE table_id = %s{condition} ORDER BY seq",
                               (self.table_id, *params))
                yield from cursor
        finally:
            if not self.connection.closed:
                self.connection.rollback()

    def entries(self, where: str = "", params: tuple[Any, ...] = ()) -> Iterator[JournalEntry]:
        """The events as journal entries (JournalError names an event whose payload cannot be read)."""
        for row in self.rows(where, params):
            yield entry_from_row(row)

    def day_entries(self, start: float, end: float) -> Iterator[JournalEntry]:
        """What a report of the rounds opened in [start, end) needs: those rounds' events, and every table
        event (the rules in force before them, adjustments made after them)."""
        first = self._first_round_from(start)
        after = self._first_round_from(end)
        if first is None:
            return iter(())
        return self.entries("kind LIKE 'table.%%' OR (seq >= %s AND seq < %s)", (first, after or 2 ** 62))

    def verify(self, key: VerifyWith | None = None) -> VerifyReport:
        """`audit verify` of the table's copy: the chain, every payment and the seals (checked against `key`, as
        a journal's are), row by row."""
        return verify_rows(self.rows(), self.count(), key)

    def _first_round_from(self, at: float) -> int | None:
        row = self.connection.execute(
            "SELECT min(seq) FROM rptable_events WHERE table_id = %s AND kind = 'table.round_opened' AND at >= %s",
            (self.table_id, at)).fetchone()
        self.connection.rollback()
        return None if row is None or row[0] is None else int(row[0])
