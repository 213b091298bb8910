"""A table's reporter: every event the table journals goes to the floor's PostgreSQL, store and forward.

The journal is the store: the reporter, on a thread of the table's own process, copies what the journal holds
past what the database holds (controller.floor.replica: in order, each event linked to the one before it,
tamper evidence refused), then writes what the table's history makes of the new events (summary.py) and its
sign of life, all keyed so that a retry never counts twice. The table never waits for it: the table's
listener only wakes it, so a fault is in the database a moment after it is journaled. While the database is
down, slow, restarting or refusing the password, the table plays on, the journal keeps every event, the
reporter says "not reporting" and why, and retries; when it is back, the backlog goes in order.

On a floor that takes nothing from a table without an approved key (controller.floor.settings), such a table's
events stay in its journal, and the reporter says why, until an admin approves its key. A table's id is bound to
its journal's first event: a second journal reporting under an id already bound to
another is refused, with a message saying so. A journal that no longer agrees with what the database holds
(tamper evidence) is refused too, and the refusal is recorded for the pit.
"""

from __future__ import annotations

import contextlib
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

from controller.floor.database import CONNECT_TIMEOUT, FloorError, connect, explain
from controller.floor.replica import ReplicaError, redact, replica_head, replicate
from controller.floor.settings import TABLES_NEED_APPROVED_KEY, floor_setting, no_approved_key
from controller.floor.summary import BOX_COLUMNS, DECISION_COLUMNS, ROUND_COLUMNS, FloorRows, TableSummary
from controller.floor.table_binding import BoundToAnotherJournal, JournalIdentity, identity_of, require_bound_to
from controller.floor.table_keys import approved_key
from controller.table.audit.round_book import RoundBook
from controller.table.audit.verify import RunningVerify, VerifyWith
from controller.table.journal import Journal, JournalEntry, JournalError
from controller.table.journal.round_index import IndexRows
from controller.table.round_record import RoundRecord

if TYPE_CHECKING:
    import psycopg

HEARTBEAT = 2.0  # seconds between signs of life when the table is quiet; the pit says "not reporting" after 10
RETRY = 1.0  # seconds between attempts while the database cannot be reached
BATCH = 5_000
# Events a pass copies at most: a table whose long journal the floor has not got yet (a new floor, say) reaches
# it in passes one after another, each a round's worth of rows or so in memory and one transaction, the pit
# seeing it catch up.
PASS_EVENTS = 50_000


class Refused(Exception):
    """The database will not take this table's events (another journal holds its id; tamper evidence)."""


class NotApproved(FloorError):
    """The floor takes no event of a table without an approved key: asked again each pass (an admin may approve
    it while the table plays), but not waited for at the table's close, where waiting changes nothing."""


@dataclass(frozen=True)
class ReportStatus:
    """How the table's reporting stands, for the table's own screen."""

    reporting: bool
    reason: str  # why not, in words ("" while reporting)
    since: float  # when it came to stand so
    reported: int = 0  # the last event the database holds
    journaled: int = 0  # the last event the journal holds
    refused: bool = False
    where: str = ""  # the database, its password left out

    @property
    def backlog(self) -> int:
        return max(0, self.journaled - self.reported)

    @property
    def text(self) -> str:
        """The status in words, for the dealer and the pit boss."""
        if self.refused:
            return f"NOT REPORTING: refused by the floor database: {self.reason}"
        if not self.reporting:
            return (f"NOT REPORTING to the floor database: {self.reason} The table plays on; {self.backlog:,} "
                    "event(s) wait in its journal and go in order when the database is back.")
        waiting = f"; {self.backlog:,} event(s) still to send" if self.backlog else ""
        return f"reporting to {self.where}: {self.reported:,} event(s) in the database{waiting}"


class TableReporter:
    """Reports one table's journal to the floor database, on a thread of its own (`start`, `stop`); `wake` is
    the table controller's listener."""

    def __init__(self, journal_path: str | Path, table_id: str, url: str, *, heartbeat: float = HEARTBEAT,
                 retry: float = RETRY, clock: Callable[[], float] = time.time,
                 on_status: Callable[[ReportStatus], None] | None = None) -> None:
        self.journal_path = Path(journal_path)
        self.table_id = table_id
        self.url = url
        self.heartbeat = heartbeat
        self.retry = retry
        self.clock = clock
        self.on_status = on_status
        self._status = ReportStatus(False, "connecting to the floor database.", clock(), where=redact(url))
        self._wake = threading.Event()
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        self._connection: psycopg.Connection[tuple[Any, ...]] | None = None
        self._summary: TableSummary | None = None
        self._summarized: int | None = None  # how far the database had summarised the table when bound
        self._verify: RunningVerify | None = None  # the journal's check, kept running from pass to pass
        self._indexed = 0  # the events whose round index rows the database holds (read when bound)
        self._deadline = 0.0  # when stopping: the last moment to try to report what is left

    # -- the table's side ---------------------------------------------------------------------------------
    @property
    def status(self) -> ReportStatus:
        return self._status

    def wake(self, entry: JournalEntry | None = None) -> None:
        """New events are on disk: report them now (the table controller's listener; never blocks)."""
        self._wake.set()

    def start(self) -> TableReporter:
        self._thread = threading.Thread(target=self._run, name=f"rptable-reporter-{self.table_id}", daemon=True)
        self._thread.start()
        return self

    def stop(self, timeout: float = 5.0) -> ReportStatus:
        """Report what is left (retrying for up to `timeout` seconds), say the table closed, and stop."""
        self._deadline = time.monotonic() + timeout
        self._stop.set()
        self._wake.set()
        if self._thread is not None:
            self._thread.join(timeout + CONNECT_TIMEOUT + 1)
        return self._status

    # -- the reporter's thread ----------------------------------------------------------------------------
    def _run(self) -> None:
        refused = False
        while True:
            stopping = self._stop.is_set()  # a pass that starts after the stop sees every event the table wrote
            unapproved = False
            try:
                if not refused:
                    self._report()
                else:
                    self._sign_of_life()
            except NotApproved as err:
                unapproved = True
                self._lost(str(err))
            except Refused as err:
                refused = True
                self._set(replace(self._status, reporting=False, reason=str(err), since=self.clock(), refused=True))
                self._record_refusal(str(err))
            except (FloorError, ReplicaError, JournalError) as err:
                self._lost(str(err))
            except Exception as err:  # a psycopg error outside replicate's own handling
                self._lost(explain(err, self.url))
            if stopping and self._done_stopping(refused or unapproved):
                self._close()
                return
            pause = self.heartbeat if self._connection is not None and not self._stop.is_set() else self.retry
            self._wake.wait(pause)
            self._wake.clear()

    def _done_stopping(self, refused: bool) -> bool:
        """Asked to stop: done once everything is reported, or nothing more can be (the floor refused the table,
        or takes nothing from it until its key is approved), or time is up."""
        drained = self._status.reporting and self._status.backlog == 0
        return drained or refused or time.monotonic() >= self._deadline

    def _report(self) -> None:
        if not self.journal_path.exists():
            return  # the table has not written its journal yet
        connection = self._connected()
        with Journal(self.journal_path, self.table_id, readonly=True) as journal:
            if journal.last_seq == 0:
                return  # nothing journaled yet: the table writes its house rules first
            if self._verify is None and approved_key(connection, self.table_id) is None and \
                    floor_setting(connection, TABLES_NEED_APPROVED_KEY):  # asked again each pass, until approved
                raise NotApproved(f"the floor takes none of this table's events: {no_approved_key(self.table_id)}.")
            if self._summarized is None:
                self._summarized = self._bind(connection, journal)
            report = replicate(journal, connection, batch=BATCH, verified=self._verified(journal, connection),
                               limit=PASS_EVENTS)
            if not report.ok:
                raise Refused(report.reason)
            rows = self._fold(journal, report.replica_head)
            indexed = journal.index_between(self._indexed, report.replica_head) if journal.indexed else None
            self._write(connection, rows, report.replica_head, journal.last_seq, indexed)
            assert self._summary is not None
            self._summary.written(rows)  # kept until then: a write cut off is made again on the next pass
            if indexed is not None:
                self._indexed = report.replica_head
        self._set(replace(self._status, reporting=True, reason="", since=self._since(True),
                          reported=report.replica_head, journaled=journal.last_seq))
        if report.replica_head < report.journal_head:
            self._wake.set()  # more to copy: the next pass at once

    def _verified(self, journal: Journal, connection: psycopg.Connection[tuple[Any, ...]]) -> RunningVerify:
        """The check of the journal, kept from pass to pass: each pass checks only the events appended since.
        The first starts from the last checkpoint the floor already holds (the events before it were checked
        when they were copied), or from event 1; the seals are checked with the key the floor approved for the
        table, once it has one (controller.floor.table_keys)."""
        if self._verify is None:
            approved = approved_key(connection, self.table_id)  # a journal sealed with another key is refused
            self._verify = RunningVerify(self.table_id, VerifyWith(approved, "floor") if approved else None)
            held, _ = replica_head(connection, self.table_id)
            checkpoint = journal.last_checkpoint(before=held + 1) if held else None
            if checkpoint is not None:
                self._verify.start_at(journal, checkpoint)
        return self._verify

    def _connected(self) -> psycopg.Connection[tuple[Any, ...]]:
        if self._connection is None or self._connection.closed:
            self._connection = connect(self.url)
        return self._connection

    def _bind(self, connection: psycopg.Connection[tuple[Any, ...]], journal: Journal) -> int:
        """Bind the table's id to its journal's first event, or find it bound to another journal (refused);
        how far the database has summarised the table's events."""
        mine = identity_of(journal, self.journal_path)
        with connection.transaction():
            connection.execute(
                "INSERT INTO floor_tables (table_id, first_hash, journal, host) SELECT %s, coalesce("
                "(SELECT encode(hash, 'hex') FROM rptable_events WHERE table_id = %s AND seq = 1), %s), %s, %s "
                "ON CONFLICT (table_id) DO NOTHING",
                (self.table_id, self.table_id, mine.first_hash, mine.path, mine.host))
            row = connection.execute("SELECT first_hash, journal, host, summarized_seq, indexed_seq FROM floor_tables "
                                     "WHERE table_id = %s", (self.table_id,)).fetchone()
        assert row is not None
        bound_hash, bound_journal, bound_host, summarized, self._indexed = row
        try:
            require_bound_to(self.table_id, JournalIdentity(bound_hash, bound_journal, bound_host), mine.first_hash)
        except BoundToAnotherJournal as err:
            raise Refused(str(err)) from err
        return int(summarized)

    def _fold(self, journal: Journal, head: int) -> FloorRows:
        """Fold the events the database now holds and the summary has not seen (on the first pass, from the
        journal's last checkpoint the database has summarised, the events it summarised are folded first,
        without writing them again)."""
        try:
            if self._summary is None:
                summarized = self._summarized or 0
                checkpoint = journal.last_checkpoint(before=summarized + 1) if summarized else None
                self._summary = TableSummary(self.table_id) if checkpoint is None else \
                    TableSummary.resume(self.table_id, checkpoint)
                for entry in journal.entries(self._summary.seq):
                    if entry.seq > summarized:
                        break
                    self._summary.fold(entry, emit=False)
            summary = self._summary
            for entry in journal.entries(summary.seq):
                if entry.seq > head:
                    break
                summary.fold(entry)
            book: RoundBook | None = None  # made at the first round asked for (most passes ask for none), once

            def lookup(round_id: str) -> RoundRecord | None:
                nonlocal book
                book = book or RoundBook.of_journal(journal)
                return book.find(round_id)
            return summary.rows(lookup)
        except JournalError as err:
            if err.seq is None:
                raise  # the journal cannot be read now: not reporting, and retried
            self._summary = None
            raise Refused(str(err)) from err  # an event that cannot be read: the journal was damaged

    def _write(self, connection: psycopg.Connection[tuple[Any, ...]], rows: FloorRows, head: int,
               journaled: int, indexed: IndexRows | None) -> None:
        """The summary's rows, the round index's rows of the events copied, and the table's sign of life, in one
        transaction."""
        from psycopg.types.json import Jsonb

        summary = self._summary
        assert summary is not None
        with connection.transaction(), connection.cursor() as cursor:
            if rows.rules:
                cursor.executemany("INSERT INTO floor_rules (digest, name, mapping) VALUES (%s, %s, %s) "
                                   "ON CONFLICT (digest) DO NOTHING", rows.rules)
            if rows.rounds:
                cursor.executemany(_upsert("floor_rounds", ROUND_COLUMNS, 2), rows.rounds)
            if rows.boxes:
                cursor.executemany(_upsert("floor_boxes", BOX_COLUMNS, 3), rows.boxes)
            if rows.decisions:
                cursor.executemany(
                    f"INSERT INTO floor_decisions ({', '.join(DECISION_COLUMNS)}) VALUES "
                    f"({', '.join(['%s'] * len(DECISION_COLUMNS))}) ON CONFLICT DO NOTHING", rows.decisions)
            if indexed is not None:
                cursor.executemany(
                    "INSERT INTO rptable_rounds (table_id, opened_seq, round_id, number, opened_at, rules_seq, "
                    "dealer_seq) VALUES (%s, %s, %s, %s, %s, %s, %s) ON CONFLICT DO NOTHING",
                    [r.row(self.table_id) for r in indexed.rounds])
                cursor.executemany("INSERT INTO rptable_round_links (table_id, round_id, seq) VALUES (%s, %s, %s) "
                                   "ON CONFLICT DO NOTHING", [(self.table_id, *link) for link in indexed.links])
            cursor.execute("UPDATE floor_tables SET state = %s, reported_seq = %s, journal_seq = %s, "
                           "summarized_seq = %s, indexed_seq = %s, last_seen = now(), closed_at = NULL, refused = '' "
                           "WHERE table_id = %s", (Jsonb(rows.state), head, journaled, summary.seq,
                                                   head if indexed is not None else self._indexed, self.table_id))

    def _sign_of_life(self) -> None:
        """A refused table still says it is there (and refused), so the pit does not take it for gone."""
        connection = self._connected()
        with connection.transaction():
            connection.execute("UPDATE floor_tables SET last_seen = now() WHERE table_id = %s AND refused <> ''",
                               (self.table_id,))

    def _record_refusal(self, reason: str) -> None:
        """Tamper evidence is recorded for the pit; a clash of ids is not (the row is the other table's)."""
        if self._summarized is None or self._connection is None:
            return  # not bound: the id is another journal's
        with contextlib.suppress(Exception), self._connection.transaction():
            self._connection.execute("UPDATE floor_tables SET refused = %s, last_seen = now() "
                                     "WHERE table_id = %s", (reason, self.table_id))

    def _lost(self, why: str) -> None:
        if self._connection is not None:
            with contextlib.suppress(Exception):
                self._connection.close()
        self._connection = None
        self._set(replace(self._status, reporting=False, reason=why, since=self._since(False),
                          journaled=self._journaled()))

    def _close(self) -> None:
        """Say the table closed (the pit then shows it closed, not silent), and let go of the database."""
        if self._connection is not None and not self._status.refused and self._status.reporting:
            with contextlib.suppress(Exception), self._connection.transaction():
                self._connection.execute("UPDATE floor_tables SET closed_at = now() WHERE table_id = %s",
                                         (self.table_id,))
        if self._connection is not None:
            with contextlib.suppress(Exception):
                self._connection.close()
        self._connection = None

    def _journaled(self) -> int:
        try:
            with Journal(self.journal_path, self.table_id, readonly=True) as journal:
                return journal.last_seq
        except JournalError:
            return self._status.journaled

    def _since(self, reporting: bool) -> float:
        return self._status.since if self._status.reporting == reporting else self.clock()

    def _set(self, status: ReportStatus) -> None:
        """The new status; `on_status` hears of a change of state or of reason (not of the counts)."""
        changed = (status.reporting, status.refused, status.reason) != \
            (self._status.reporting, self._status.refused, self._status.reason)
        self._status = status
        if changed and self.on_status is not None:
            with contextlib.suppress(Exception):
                self.on_status(status)


def _upsert(table: str, columns: tuple[str, ...], key: int) -> str:
    """INSERT ... ON CONFLICT (the first `key` columns) DO UPDATE every other column."""
    names = ", ".join(columns)
    values = ", ".join(["%s"] * len(columns))
    updates = ", ".join(f"{c} = EXCLUDED.{c}" for c in columns[key:])
    return (f"INSERT INTO {table} ({names}) VALUES ({values}) "
            f"ON CONFLICT ({', '.join(columns[:key])}) DO UPDATE SET {updates}")

