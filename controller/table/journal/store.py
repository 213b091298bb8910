"""The table's journal: an append-only SQLite file in which every event is durable before anyone sees it, and
each event carries the SHA-256 of its predecessor, so that any edit, deletion, insertion or reordering shows.

One file per table. WAL with synchronous=FULL: a commit returns only after the log is on disk. The schema has
no update or delete path; triggers refuse both even to a hand-written statement, and `verify_chain` finds what
was changed behind SQLite's back. A write that fails (disk full, I/O error, read-only medium) raises
`JournalError` with what happened and what to do; the caller stops play, because an event that cannot be
recorded must not be shown.
"""

from __future__ import annotations

import contextlib
import json
import os
import sqlite3
from collections.abc import Iterator, Sequence
from hashlib import sha256
from pathlib import Path
from typing import Any, overload

from controller.engine.frozen import Frozen, frozen_record
from controller.engine.records import record
from controller.table.journal.sqlite_file import JournalError, commit_rows, connect, schema_version, write_failure
from controller.table.journal.writer import WriterProcess

GENESIS_HASH = "0" * 64
SCHEMA_VERSION = 1

# Each step takes the schema from version i to i + 1; a newer file than this program knows is refused.
_MIGRATIONS: tuple[str, ...] = (
    """
    CREATE TABLE events (
        seq       INTEGER NOT NULL,
        table_id  TEXT    NOT NULL,
        at        REAL    NOT NULL,
        round_id  TEXT,
        kind      TEXT    NOT NULL,
        version   INTEGER NOT NULL,
        actor     TEXT,
        payload   TEXT    NOT NULL,
        prev_hash TEXT    NOT NULL,
        hash      TEXT    NOT NULL,
        PRIMARY KEY (table_id, seq)
    ) WITHOUT ROWID;
    CREATE INDEX events_round ON events (round_id);
    CREATE TRIGGER events_no_update BEFORE UPDATE ON events
        BEGIN SELECT RAISE(ABORT, 'the journal is append-only: events cannot be changed'); END;
    CREATE TRIGGER events_no_delete BEFORE DELETE ON events
        BEGIN SELECT RAISE(ABORT, 'the journal is append-only: events cannot be deleted'); END;
    """,
)


@frozen_record
class NewEvent(Frozen):
    """An event to append: what the caller knows. The journal adds the sequence number and the hashes.
    (A tuple record: the table controller makes one for every event of a round, `NewEvent.make` in field
    order being the cheap way.)"""

    __slots__ = ()
    kind: str
    payload: dict[str, Any]
    at: float
    round_id: str | None = None
    actor: str | None = None
    version: int = 1
    payload_json: str | None = None  # the payload already in its canonical JSON form (payload_to_json)


@record
class JournalEntry:
    """An event as it stands in the journal."""

    seq: int
    table_id: str
    at: float
    round_id: str | None
    kind: str
    version: int
    actor: str | None
    payload: dict[str, Any]
    prev_hash: str
    hash: str
    payload_json: str = ""  # the payload exactly as stored (what the hash covers)


class AppendedEntries(Sequence[JournalEntry]):
    """The entries one append wrote, each built when it is first read. A simulated session's appends are
    read by nobody (no listener, no caller looks), and building an entry cost as much as hashing it; the
    stored rows and payloads are kept, and an entry read is the same as one read back from the file."""

    __slots__ = ("_entries", "_payloads", "_rows")

    def __init__(self, rows: list[tuple[Any, ...]], payloads: list[dict[str, Any]]) -> None:
        self._rows = rows
        self._payloads = payloads
        self._entries: list[JournalEntry] | None = None

    def __len__(self) -> int:
        return len(self._rows)

    @overload
    def __getitem__(self, index: int) -> JournalEntry: ...

    @overload
    def __getitem__(self, index: slice) -> list[JournalEntry]: ...

    def __getitem__(self, index: int | slice) -> JournalEntry | list[JournalEntry]:
        if self._entries is None:
            self._entries = [
                JournalEntry(seq, table_id, at, round_id, kind, version, actor, payload, prev_hash, digest,
                             payload_json)
                for (seq, table_id, at, round_id, kind, version, actor, payload_json, prev_hash, digest), payload
                in zip(self._rows, self._payloads, strict=True)]
        return self._entries[index]

    def __eq__(self, other: object) -> bool:
        """Equal to any sequence of the same entries (a list of them, as `append` once returned)."""
        if not isinstance(other, Sequence) or isinstance(other, str | bytes):
            return NotImplemented
        return len(self) == len(other) and all(a == b for a, b in zip(self, other, strict=True))

    __hash__ = None  # type: ignore[assignment]  # mutable-like, as a list

    def __repr__(self) -> str:
        return f"AppendedEntries({list(self)!r})"


# The stored row's columns, in order: what the chain hashes and `audit verify` reads.
COLUMNS = "seq, table_id, at, round_id, kind, version, actor, payload, prev_hash, hash"


def stored_row(e: JournalEntry) -> tuple[Any, ...]:
    """The entry as its stored row (COLUMNS), the payload in its canonical text."""
    return (e.seq, e.table_id, e.at, e.round_id, e.kind, e.version, e.actor,
            e.payload_json or payload_to_json(e.payload), e.prev_hash, e.hash)

NUL = "\x00"


def entry_hash(
    seq: int, table_id: str, at: float, round_id: str | None, kind: str, version: int, actor: str | None,
    payload_json: str, prev_hash: str,
) -> str:
    """SHA-256 over every field of the entry and its predecessor's hash, in one canonical byte form.

    The fields are joined by U+001F (unit separator), which none can hold: the payload is JSON (control
    characters escaped), names and ids are plain text rptable makes. None is written as NUL, which no field
    can hold either, so a missing value differs from an empty one."""
    text = (f"{seq}\x1f{table_id}\x1f{float(at)!r}\x1f{NUL if round_id is None else round_id}\x1f{kind}\x1f"
            f"{version}\x1f{NUL if actor is None else actor}\x1f{payload_json}\x1f{prev_hash}")
    return sha256(text.encode()).hexdigest()


_CANONICAL_JSON = json.JSONEncoder(sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def payload_to_json(payload: dict[str, Any]) -> str:
    """The payload's canonical text, as stored and hashed (keys sorted, no spaces, UTF-8 as is)."""
    return _CANONICAL_JSON.encode(payload)


class Journal:
    """Append and read one table's events. Not shared between threads: the table controller owns it."""

    def __init__(self, path: str | os.PathLike[str], table_id: str = "T1", *, readonly: bool = False,
                 write_behind: bool = False) -> None:
        self.path = Path(path)
        self.table_id = table_id
        self.readonly = readonly
        self._behind: WriterProcess | None = None
        if write_behind and not readonly:
            # Started first: the writer's interpreter starts up while this one opens and reads the file.
            self._behind = WriterProcess(self.path, self._now_durable)
        try:
            self._db = connect(self.path, readonly)
        except BaseException:
            self._stop_writer()
            raise
        try:
            if not readonly:
                self._migrate()
            elif schema_version(self._db) == 0:
                raise JournalError(f"{self.path} is not an rptable journal (it holds no events table).")
            self._last_seq, self._last_hash = self._tail()
            self._durable_seq = self._last_seq
        except sqlite3.DatabaseError as err:
            self._db.close()
            self._stop_writer()
            raise JournalError(f"{self.path} could not be opened as a journal: {err}. If this is the wrong file, "
                               "give the right one with --journal; if it is the table's journal, keep the file and "
                               "call a pit boss.") from err
        except BaseException:
            self._db.close()
            self._stop_writer()
            raise

    # -- writing ------------------------------------------------------------------------------------------
    def append(self, events: Sequence[NewEvent]) -> AppendedEntries:
        """Append events in one transaction, all or none, and return their entries. They are on disk when
        this returns, unless the journal writes behind: then they are committed in the background, in order
        (`durable_seq` says how far), and a failed commit is raised by the next call."""
        if self.readonly:
            raise JournalError(f"{self.path} was opened read-only.")
        rows: list[tuple[Any, ...]] = []
        payloads: list[dict[str, Any]] = []
        seq, prev, table_id = self._last_seq, self._last_hash, self.table_id
        for kind, payload, at, round_id, actor, version, payload_json in events:  # NewEvent's fields, in order
            seq += 1
            if payload_json is None:
                payload_json = payload_to_json(payload)
            at = float(at)
            digest = entry_hash(seq, table_id, at, round_id, kind, version, actor, payload_json, prev)
            rows.append((seq, table_id, at, round_id, kind, version, actor, payload_json, prev, digest))
            payloads.append(payload)
            prev = digest
        if self._behind is not None:
            self._behind_call(self._behind.put, rows)  # raises an earlier background failure
        else:
            self._commit(rows)
        if rows:
            self._last_seq, self._last_hash = seq, prev
            if self._behind is None:
                self._durable_seq = seq
        return AppendedEntries(rows, payloads)

    def _commit(self, rows: list[tuple[Any, ...]]) -> None:
        commit_rows(self._db, self.path, rows)

    @property
    def durable_seq(self) -> int:
        """The last seq on disk (the same as `last_seq` unless the journal writes behind)."""
        if self._behind is not None:
            self._behind.durable()  # what the writer has said so far, without waiting
        return self._durable_seq

    def _now_durable(self, seq: int) -> None:
        self._durable_seq = seq

    def _stop_writer(self) -> None:
        if self._behind is not None:
            with contextlib.suppress(JournalError):
                self._behind.stop()

    def sync(self) -> None:
        """Wait until everything appended is on disk; raise JournalError if a background commit failed."""
        if self._behind is not None:
            self._behind_call(self._behind.wait)

    def _behind_call(self, call: Any, *args: Any) -> None:
        try:
            call(*args)
        except JournalError:
            # What was appended after the last good commit is not on disk: go on from the disk's tail.
            self._last_seq, self._last_hash = self._tail()
            self._durable_seq = self._last_seq
            raise

    # -- reading ------------------------------------------------------------------------------------------
    @property
    def last_seq(self) -> int:
        return self._last_seq

    def entries(self, after_seq: int = 0) -> Iterator[JournalEntry]:
        """Every entry after `after_seq`, in order."""
        yield from self._select("seq > ?", (after_seq,))

    def round_entries(self, round_id: str) -> Iterator[JournalEntry]:
        """The entries of one round, in order."""
        yield from self._select("round_id = ?", (round_id,))

    def table_entries(self) -> Iterator[JournalEntry]:
        """The table-level entries only (rules, rounds opened, faults, overrides), in order."""
        yield from self._select("kind LIKE 'table.%'", ())

    def count(self) -> int:
        """How many events the table has in this file."""
        return int(self._db.execute("SELECT count(*) FROM events WHERE table_id = ?", (self.table_id,)).fetchone()[0])

    def raw_rows(self, lo: int, hi: int) -> Iterator[tuple[Any, ...]]:
        """The stored rows with lo <= seq < hi, in order, undecoded: what `audit verify` checks and hashes."""
        try:
            yield from self._db.execute(
                f"SELECT {COLUMNS} FROM events "
                "WHERE table_id = ? AND seq >= ? AND seq < ? ORDER BY seq", (self.table_id, lo, hi))
        except sqlite3.Error as err:
            raise JournalError(f"The journal {self.path} could not be read: {err}.") from err

    def row_before(self, seq: int) -> tuple[int, str] | None:
        """(seq, hash) of the stored row just before `seq`, if there is one."""
        try:
            row = self._db.execute("SELECT seq, hash FROM events WHERE table_id = ? AND seq < ? ORDER BY seq DESC "
                                   "LIMIT 1", (self.table_id, seq)).fetchone()
        except sqlite3.Error as err:
            raise JournalError(f"The journal {self.path} could not be read: {err}.") from err
        return None if row is None else (row[0], row[1])

    def next_seq_of_kind(self, kind: str, from_seq: int) -> int | None:
        """The first seq at or after `from_seq` of an event of this kind (a short walk along the key)."""
        try:
            row = self._db.execute("SELECT seq FROM events WHERE table_id = ? AND seq >= ? AND kind = ? ORDER BY "
                                   "seq LIMIT 1", (self.table_id, from_seq, kind)).fetchone()
        except sqlite3.Error as err:
            raise JournalError(f"The journal {self.path} could not be read: {err}.") from err
        return None if row is None else int(row[0])

    def raw_kinds(self, kinds: Sequence[str]) -> list[tuple[int, str, str]]:
        """(seq, kind, payload text) of every event of these kinds, in order, undecoded."""
        marks = ", ".join("?" * len(kinds))
        return self._db.execute(f"SELECT seq, kind, payload FROM events WHERE table_id = ? AND kind IN ({marks}) "
                                "ORDER BY seq", (self.table_id, *kinds)).fetchall()

    def table_ids(self) -> list[str]:
        """Every table id the file holds events of."""
        return [str(r[0]) for r in self._db.execute("SELECT DISTINCT table_id FROM events ORDER BY table_id")]

    def _select(self, where: str, params: tuple[object, ...]) -> Iterator[JournalEntry]:
        self.sync()  # read everything appended, the writer process's commits included
        try:
            cursor = self._db.execute(
                f"SELECT {COLUMNS} "
                f"FROM events WHERE table_id = ? AND {where} ORDER BY seq", (self.table_id, *params))
            for row in cursor:
                yield _entry(row)
        except sqlite3.Error as err:
            raise JournalError(f"The journal {self.path} could not be read: {err}.") from err

    def close(self) -> None:
        """Close the file; a journal writing behind first commits what it holds (a failure is raised)."""
        try:
            if self._behind is not None:
                self._behind.stop()
        finally:
            self._db.close()

    def __enter__(self) -> Journal:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


    # -- internals ----------------------------------------------------------------------------------------
    def _migrate(self) -> None:
        version = schema_version(self._db)
        if version > SCHEMA_VERSION:
            raise JournalError(
                f"{self.path} was written by a newer rptable (journal schema {version}, this program knows "
                f"{SCHEMA_VERSION}). Update rptable before opening it; the file was not changed.")
        try:
            for target in range(version + 1, SCHEMA_VERSION + 1):
                with self._db:
                    self._db.executescript("BEGIN;" + _MIGRATIONS[target - 1] +
                                           f"PRAGMA user_version = {target}; COMMIT;")
        except sqlite3.Error as err:
            raise JournalError(write_failure(self.path, err)) from err

    def _tail(self) -> tuple[int, str]:
        row = self._db.execute(
            "SELECT seq, hash FROM events WHERE table_id = ? ORDER BY seq DESC LIMIT 1", (self.table_id,)
        ).fetchone()
        return (int(row[0]), str(row[1])) if row else (0, GENESIS_HASH)


def _entry(row: tuple[Any, ...]) -> JournalEntry:
    seq, table_id, at, round_id, kind, version, actor, payload, prev_hash, digest = row
    try:
        data = json.loads(payload)
        if not isinstance(data, dict):
            raise ValueError("the payload is not a JSON object")
        return JournalEntry(int(seq), table_id, float(at), round_id, kind, int(version), actor, data, prev_hash,
                            digest, payload)
    except (TypeError, ValueError) as err:
        raise JournalError(f"Journal event {seq} cannot be read ({err}): the file was damaged or edited. Keep it "
                           "as it is and run `rptable audit verify`.", seq=int(seq) if str(seq).isdigit() else None
                           ) from err


