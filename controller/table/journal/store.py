"""The table's journal: an append-only SQLite file in which every event is durable before anyone sees it, and
each event carries the SHA-256 of its predecessor, so that any edit, deletion, insertion or reordering shows.

One file per table. WAL with synchronous=FULL: a commit returns only after the log is on disk. The schema has
no update or delete path; triggers refuse both even to a hand-written statement, and `verify_chain` finds what
was changed behind SQLite's back. A write that fails (disk full, I/O error, read-only medium) raises
`JournalError` with what happened and what to do; the caller stops play, because an event that cannot be
recorded must not be shown.
"""

from __future__ import annotations

import json
import os
import sqlite3
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from hashlib import sha256
from pathlib import Path
from typing import Any

from controller.table.journal.sqlite_file import JournalError, commit_rows, connect, schema_version, write_failure

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


@dataclass(frozen=True, slots=True)
class NewEvent:
    """An event to append: what the caller knows. The journal adds the sequence number and the hashes.
    `payload` is read-only from here on: the entry the journal returns holds the same dict."""

    kind: str
    payload: dict[str, Any]
    at: float
    round_id: str | None = None
    actor: str | None = None
    version: int = 1


@dataclass(frozen=True, slots=True)
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
    payload_json: str  # the payload exactly as stored (what the hash covers)


# The stored row's columns, in order: what the chain hashes and `audit verify` reads.
COLUMNS = "seq, table_id, at, round_id, kind, version, actor, payload, prev_hash, hash"


def stored_row(e: JournalEntry) -> tuple[Any, ...]:
    """The entry as its stored row (COLUMNS)."""
    return e.seq, e.table_id, e.at, e.round_id, e.kind, e.version, e.actor, e.payload_json, e.prev_hash, e.hash


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

    def __init__(self, path: str | os.PathLike[str], table_id: str = "T1", *, readonly: bool = False) -> None:
        self.path = Path(path)
        self.table_id = table_id
        self.readonly = readonly
        self._db = connect(self.path, readonly)
        try:
            if not readonly:
                self._migrate()
            elif schema_version(self._db) == 0:
                raise JournalError(f"{self.path} is not an rptable journal (it holds no events table).")
            self._last_seq, self._last_hash = self._tail()
        except sqlite3.DatabaseError as err:
            self._db.close()
            raise JournalError(f"{self.path} could not be opened as a journal: {err}. If this is the wrong file, "
                               "give the right one with --journal; if it is the table's journal, keep the file and "
                               "call a pit boss.") from err
        except BaseException:
            self._db.close()
            raise

    # -- writing ------------------------------------------------------------------------------------------
    def append(self, events: Sequence[NewEvent]) -> list[JournalEntry]:
        """Append events in one transaction, all or none; they are on disk when this returns their entries."""
        if self.readonly:
            raise JournalError(f"{self.path} was opened read-only.")
        if not events:
            return []
        entries: list[JournalEntry] = []
        seq, prev = self._last_seq, self._last_hash
        for event in events:
            seq += 1
            text = payload_to_json(event.payload)
            at = float(event.at)
            digest = entry_hash(seq, self.table_id, at, event.round_id, event.kind, event.version, event.actor,
                                text, prev)
            entries.append(JournalEntry(seq, self.table_id, at, event.round_id, event.kind, event.version,
                                        event.actor, event.payload, prev, digest, text))
            prev = digest
        commit_rows(self._db, self.path, [stored_row(e) for e in entries])
        self._last_seq, self._last_hash = seq, prev
        return entries

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

    def present_entries(self) -> Iterator[JournalEntry]:
        """The table-level entries and those of the last round opened, in order: all that the table as it
        stands now depends on (earlier rounds are closed)."""
        last_round = ("SELECT round_id FROM events WHERE table_id = ? AND kind = 'table.round_opened' "
                      "ORDER BY seq DESC LIMIT 1")
        yield from self._select(f"(kind LIKE 'table.%' OR round_id = ({last_round}))", (self.table_id,))

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

    def table_ids(self) -> list[str]:
        """Every table id the file holds events of."""
        return [str(r[0]) for r in self._db.execute("SELECT DISTINCT table_id FROM events ORDER BY table_id")]

    def _select(self, where: str, params: tuple[object, ...]) -> Iterator[JournalEntry]:
        try:
            cursor = self._db.execute(
                f"SELECT {COLUMNS} FROM events WHERE table_id = ? AND {where} ORDER BY seq", (self.table_id, *params))
            for row in cursor:
                yield entry_from_row(row)
        except sqlite3.Error as err:
            raise JournalError(f"The journal {self.path} could not be read: {err}.") from err

    def close(self) -> None:
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


def entry_from_row(row: tuple[Any, ...]) -> JournalEntry:
    """A stored row (COLUMNS, from this file or from a copy of it elsewhere) as its entry."""
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

