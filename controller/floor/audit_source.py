"""A table's events as the floor database holds them, read back into journal entries: the audit, the pit's
table view and the floor report fold them with the one fold (controller.table.history), exactly as they fold
a journal file, and `verify` checks the same chain and replays the same rounds."""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Any

from controller.floor.replica import KEPT_ALONE, KEPT_IN_ORDER
from controller.table.audit.verify import VerifyReport, VerifyWith, verify_rows
from controller.table.journal import JournalEntry
from controller.table.journal.round_index import DEALER_KINDS, ROUND_COLUMNS, IndexedRound, indexed_round, page_query
from controller.table.journal.row_codec import unpacked, unpacked_in_order
from controller.table.journal.rows import GENESIS_HASH
from controller.table.journal.store import entry_from_row

if TYPE_CHECKING:
    import psycopg

FETCH = 5_000  # rows per round trip of a server-side cursor


@contextlib.contextmanager
def floor_table(url: str, table_id: str) -> Iterator[FloorTable]:
    """A table's events in the floor database, on a connection of their own (closed on leaving)."""
    from controller.floor.database import connect

    connection = connect(url)
    try:
        yield FloorTable(connection, table_id)
    finally:
        connection.close()


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
        self._indexed: bool | None = None

    # -- the round index its reporter copied beside its events (controller.table.audit.round_book asks) -----
    @property
    def indexed(self) -> bool:
        """The database holds the round index of every event it holds of the table."""
        if self._indexed is None:
            row = self._one("SELECT indexed_seq >= reported_seq AND reported_seq > 0 FROM floor_tables "
                            "WHERE table_id = %s", self.table_id)
            self._indexed = bool(row and row[0])
        return self._indexed

    def rounds_page(self, **bounds: Any) -> list[IndexedRound]:
        sql, params, newest_first = page_query("rptable_rounds", self.table_id, "%s", **bounds)
        found = [indexed_round(row) for row in self._all(sql, *params)]
        return found[::-1] if newest_first else found

    def indexed_round(self, round_id: str) -> IndexedRound | None:
        row = self._one(f"SELECT {ROUND_COLUMNS} FROM rptable_rounds WHERE table_id = %s AND round_id = %s "
                        "ORDER BY opened_seq DESC LIMIT 1", self.table_id, round_id)
        return None if row is None else indexed_round(row)

    def round_count(self) -> int:
        row = self._one("SELECT count(*) FROM rptable_rounds WHERE table_id = %s", self.table_id)
        return int(row[0]) if row else 0

    def round_reading(self, indexed: IndexedRound) -> list[JournalEntry]:
        """Every event a reading of the round needs, in order (as Journal.round_reading): its context, its own
        events (those of its stretch of the journal, and its table events journaled after the next round
        opened) and the events elsewhere that name it."""
        row = self._one("SELECT min(opened_seq) FROM rptable_rounds WHERE table_id = %s AND opened_seq > %s",
                        self.table_id, indexed.opened_seq)
        next_opened = int(row[0]) if row and row[0] is not None else 2 ** 62
        seqs = [r[0] for r in self._all(
            "SELECT seq FROM rptable_events WHERE table_id = %s AND seq >= %s AND seq < %s AND round_id = %s "
            "UNION SELECT seq FROM rptable_events WHERE table_id = %s AND round_id = %s AND seq >= %s AND "
            "kind LIKE 'table.%%' UNION SELECT seq FROM rptable_round_links WHERE table_id = %s AND round_id = %s",
            self.table_id, indexed.opened_seq, next_opened, indexed.round_id, self.table_id, indexed.round_id,
            next_opened, self.table_id, indexed.round_id)]
        context = [seq for seq in (indexed.rules_seq, indexed.dealer_seq) if seq]
        return list(self.entries("seq = ANY(%s)", (sorted({*seqs, *context}),)))

    def dealer_entries(self, context: int, after: int) -> list[JournalEntry]:
        kinds = sorted(DEALER_KINDS)
        found = list(self.entries("seq >= %s AND kind = ANY(%s)", (after, kinds)))
        return (list(self.entries("seq = %s", (context,))) if context else []) + found

    def shoe_entries(self, after: int) -> list[JournalEntry]:
        shoe = "kind = 'table.shoe_session'"
        before = self.entries(f"seq = (SELECT max(seq) FROM rptable_events WHERE table_id = %s AND {shoe} "
                              "AND seq < %s)", (self.table_id, after))
        return [*before, *self.entries(f"{shoe} AND seq >= %s", (after,))]

    def last_at(self) -> float:
        row = self._one("SELECT at FROM rptable_events WHERE table_id = %s ORDER BY seq DESC LIMIT 1", self.table_id)
        return float(row[0]) if row else 0.0

    def last_day_overrides(self) -> list[JournalEntry]:
        """The table's events of its last day of play (UTC) that can be a fault or an override: the table's own
        events and the rounds' card faults, corrections and voids (controller.floor.pit.faults_and_overrides)."""
        last = self.rounds_page(last=1)
        if not last:
            return list(self.entries("kind LIKE 'table.%%'"))
        day = datetime.fromtimestamp(last[0].opened_at, UTC).replace(hour=0, minute=0, second=0, microsecond=0)
        first = self.rounds_page(since=day.timestamp(), first=1)[0]
        return list(self.entries("seq >= %s AND (kind LIKE 'table.%%' OR kind = ANY(%s))",
                                 (first.opened_seq, ["CardFault", "FaultResolved", "RoundVoided"])))

    def round_entries(self, round_id: str) -> Iterator[JournalEntry]:
        return self.entries("round_id = %s", (round_id,))

    def table_entries(self) -> Iterator[JournalEntry]:
        return self.entries("kind LIKE 'table.%%'")

    def _one(self, sql: str, *params: Any) -> tuple[Any, ...] | None:
        try:
            return self.connection.execute(sql, params).fetchone()
        finally:
            self.connection.rollback()

    def _all(self, sql: str, *params: Any) -> list[tuple[Any, ...]]:
        try:
            return self.connection.execute(sql, params).fetchall()
        finally:
            self.connection.rollback()

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

    def rows(self) -> Iterator[tuple[Any, ...]]:
        """Every event as the chain knows it (a journal's row), in seq order: what `verify` checks."""
        yield from unpacked_in_order(self._kept(KEPT_IN_ORDER), GENESIS_HASH)

    def entries(self, where: str = "", params: tuple[Any, ...] = ()) -> Iterator[JournalEntry]:
        """The events `where` picks, as journal entries, in seq order (JournalError names an event whose
        payload cannot be read)."""
        for row in self._kept(KEPT_ALONE, where, params):
            yield entry_from_row(unpacked(row, None))

    def _kept(self, columns: str, where: str = "", params: tuple[Any, ...] = ()) -> Iterator[tuple[Any, ...]]:
        """The stored rows, in seq order, streamed from a server-side cursor."""
        condition = f" AND ({where})" if where else ""
        try:
            with self.connection.cursor(name=f"rptable_read_{self.table_id}") as cursor:
                cursor.itersize = FETCH
                cursor.execute(f"SELECT {columns} FROM rptable_events WHERE table_id = %s{condition} ORDER BY seq",
                               (self.table_id, *params))
                yield from cursor
        finally:
            if not self.connection.closed:
                self.connection.rollback()

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
