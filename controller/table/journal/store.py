"""The table's journal: an append-only SQLite file in which every event is durable before anyone sees it, and
each event carries the SHA-256 of its predecessor, so that any edit, deletion, insertion or reordering shows.

One file per table. WAL with synchronous=FULL: a commit returns only after the log is on disk. The schema has
no update or delete path; triggers refuse both even to a hand-written statement, and `verify_chain` finds what
was changed behind SQLite's back. A write that fails (disk full, I/O error, read-only medium) raises
`JournalError` with what happened and what to do; the caller stops play, because an event that cannot be
recorded must not be shown.

One program writes a journal at a time (its head file, controller.table.journal.head, is locked), and only a
journal that verifies whole: before its first write the writer reads every row of the file and checks the
chain from event 1 to the last event committed (controller.table.journal.whole_file). A damaged journal raises
`JournalDamaged` and is left exactly as it was found.
"""

from __future__ import annotations

import base64
import contextlib
import json
import os
import sqlite3
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from controller.table.file_modes import private_folder
from controller.table.journal import round_index
from controller.table.journal.chain import ChainWalk, missing_tail
from controller.table.journal.file_check import FileCheck
from controller.table.journal.head import HeadFile, HeadSigner, head_path, read_head
from controller.table.journal.row_codec import READ_ALONE, hash_text, packed, unpacked, unpacked_in_order
from controller.table.journal.rows import (
    COLUMNS,
    GENESIS_HASH,
    JournalEntry,
    entry_hash,
    payload_to_json,
    stored_row,
)
from controller.table.journal.sqlite_file import JournalError, commit_rows, connect, schema_version, write_failure
from controller.table.journal.whole_file import (
    Damage,
    JournalDamaged,
    chain_damage,
    tail_chain_damage,
    unreadable,
)
from drivers.named_files import regular_file_problem

__all__ = ["COLUMNS", "GENESIS_HASH", "SCHEMA_VERSION", "Journal", "JournalDamaged", "JournalEntry", "NewEvent",
           "entry_hash", "payload_to_json", "stored_row"]

SCHEMA_VERSION = 2
SQLITE_MAGIC = b"SQLite format 3\x00"

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
    round_index.SCHEMA,  # built from the events already there as it is added (see _migrate)
)

# The jackpot's kinds (controller.table.jackpot_hits.JACKPOT_KINDS, which checks they agree): a table with a
# jackpot reads them across its whole history as it starts, through an index of their rows alone (a partial
# index costs nothing for the other events). Every writer's open makes it where it is missing (an older
# journal: one pass over its rows, once). The query names the kinds as the index does, or SQLite scans.
JACKPOT_KINDS = ("JackpotSettled", "JackpotVoided", "table.jackpot_paid", "table.jackpot_rejected")
_IS_JACKPOT = f"kind IN ({', '.join(repr(kind) for kind in JACKPOT_KINDS)})"
_JACKPOT_INDEX = f"CREATE INDEX IF NOT EXISTS events_jackpot ON events (table_id, seq) WHERE {_IS_JACKPOT}"
# The shoe's sessions (which shoe dealt, and whether it proved its key), found without reading the rounds between.
_IS_SHOE = "kind = 'table.shoe_session'"
_SHOE_INDEX = f"CREATE INDEX IF NOT EXISTS events_shoe ON events (table_id, seq) WHERE {_IS_SHOE}"


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


# Given the entries of one commit, the event that must end it (a seal: controller.table.security.signing), or None.
Sealer = Callable[[Sequence[JournalEntry]], "NewEvent | None"]


class JournalNotMade(JournalError):
    """A file without the journal's tables, whose head file records no events lost: not a journal, or one whose
    writer is making it this moment (a reader that follows a table's journal waits for it)."""


class Journal:
    """Append and read one table's events. Not shared between threads: the table controller owns it.
    `sealer`, when set, ends each commit that needs it with a seal over the chain's head, in the same
    transaction."""

    def __init__(self, path: str | os.PathLike[str], table_id: str = "T1", *, readonly: bool = False) -> None:
        self.path = Path(path)
        self.table_id = table_id
        self.readonly = readonly
        self.sealer: Sealer | None = None
        self._head: HeadFile | None = None
        # Events in the file beyond the last one its writer's head file records (a journal of an older version,
        # a copy without its head file, the last commit of a writer killed before it wrote its head, or events
        # appended behind the table's back): the table verifies them before it plays on (TableController).
        self.unwitnessed = False
        # The rounds the index was built for at this open (a journal written before the index), for the table
        # to journal; None when the index was there already.
        self.index_built: int | None = None
        self._index = round_index.IndexBuilder()
        tail: tuple[int, str] | None = None
        problem = regular_file_problem(self.path)  # SQLite would wait for ever on a FIFO, or read a device
        if problem is not None:
            raise JournalError(f"{self.path} cannot be a journal: {problem} (--journal).")
        if readonly:
            self._db = connect(self.path, readonly)
        else:
            try:
                self._head = self._claim()
            except OSError as err:  # a path no file can have: too long, through a file, ...
                raise JournalError(f"The journal {self.path} cannot be opened: {err.strerror or err}. Check the "
                                   "path (--journal).") from err
            try:
                tail = self._check_before_writing()
                self._db = connect(self.path, readonly)
            except OSError as err:
                self._release(self._head)
                raise JournalError(f"The journal {self.path} cannot be read: {err.strerror or err}.") from err
            except BaseException:
                self._release(self._head)
                raise
        # The file read whole and checked below the chain: for the audit and the salvage, before they trust the key.
        self.whole_file = FileCheck(self._db, self.path, self.table_id, snapshot=self.snapshot, tail=self._tail,
                                    entry_of=entry_from_row)
        try:
            if readonly:
                if schema_version(self._db) == 0:
                    lost = missing_tail(0, read_head(self.path))  # events its head file names, all in a lost -wal
                    if lost:
                        raise JournalError(f"The journal {self.path} is damaged: {lost}. Keep the file and its head "
                                           "file as they are, and start the table on a new journal.")
                    raise JournalNotMade(f"{self.path} is not an rptable journal (it holds no events table).")
            else:
                self._migrate()
                self._make_indexes()
            self._last_seq, self._last_hash = self._tail()
            self.indexed = round_index.has_index(self._db)
            # The jackpot's rows named by their index where the file has it: SQLite, without statistics to tell
            # it how few rows the index holds, would walk the table's key instead.
            jackpot_indexed = self._db.execute(
                "SELECT 1 FROM sqlite_master WHERE type = 'index' AND name = 'events_jackpot'").fetchone()
            self._jackpot_source = "events INDEXED BY events_jackpot" if jackpot_indexed else "events"
            if self._head is not None:
                self._index = round_index.builder_at_end(self._db, self.table_id)
            if tail is not None and tail != (self._last_seq, self._last_hash):
                raise JournalError(f"{self.path} changed while it was being opened: another program writes it. "
                                   "Close it, then start again.")
            if self._head is not None:
                self._head.record(self._last_seq, self._last_hash)
        except sqlite3.DatabaseError as err:
            self.close()
            raise JournalError(f"{self.path} could not be opened as a journal: {err}. If this is the wrong file, give "
                               "the right one with --journal; if it is the table's journal, keep the file and call a "
                               "pit boss.") from err
        except BaseException:
            self.close()
            raise

    def _claim(self) -> HeadFile:
        """The writer's lock and head file (the folder is made first: a new table's journal starts here)."""
        try:
            private_folder(self.path.parent)
        except OSError as err:
            raise JournalError(f"The journal folder for {self.path} could not be created: {err.strerror}.") from err
        self._new_head = not head_path(self.path).exists()
        return HeadFile(self.path, self.table_id)

    def _check_before_writing(self) -> tuple[int, str] | None:
        """The last event (seq, hash) of an existing journal that verifies whole, read on a read-only connection
        (which never writes, not even a checkpoint of its -wal); None for a new file. JournalDamaged when the
        file does not verify (controller.table.journal.whole_file): then nothing at all was written to it."""
        assert self._head is not None
        if not self.path.exists() or self.path.stat().st_size == 0:
            self._refuse_lost_events()
            return None
        with open(self.path, "rb") as file:
            if file.read(len(SQLITE_MAGIC)) != SQLITE_MAGIC:  # SQLite would take a short file for an empty one
                raise JournalError(f"{self.path} could not be opened as a journal: it does not begin as an SQLite "
                                   "file does. If this is the wrong file, give the right one with --journal; if it "
                                   "is the table's journal, it is damaged: keep it and call a pit boss.")
        reader = connect(self.path, readonly=True)
        try:
            version = schema_version(reader)
            tables = [str(r[0]) for r in reader.execute("SELECT name FROM sqlite_master WHERE type = 'table'")]
            if version == 0:
                if tables:
                    raise JournalError(f"{self.path} is a database of something else (its tables: "
                                       f"{', '.join(tables[:5])}), not a journal. Give the journal's own path "
                                       "(--journal).")
                self._refuse_lost_events()
                return None
            return self._whole_chain(reader)
        except sqlite3.DatabaseError as err:
            raise JournalError(f"{self.path} could not be opened as a journal: {err}. If this is the wrong file, give "
                               "the right one with --journal; if it is the table's journal, keep the file and call a "
                               "pit boss.") from err
        finally:
            reader.close()

    def _refuse_lost_events(self) -> None:
        """A journal with no events yet whose head file says its writer committed some lost them all."""
        previous = self._head.previous if self._head is not None else None
        if previous is not None and previous.table == self.table_id and previous.seq > 0:
            raise JournalDamaged(self.path, Damage(1, missing_tail(0, previous), 0))

    def _whole_chain(self, reader: sqlite3.Connection) -> tuple[int, str] | None:
        assert self._head is not None
        previous = self._head.previous
        if schema_version(reader) > SCHEMA_VERSION:
            return None  # refused by _migrate, which says why
        ours = reader.execute("SELECT 1 FROM events WHERE table_id = ? LIMIT 1", (self.table_id,)).fetchone()
        # Two searches along the key, not a scan of every row: `<>` would read the whole file to find none.
        other = reader.execute("SELECT table_id FROM events WHERE table_id > ? OR table_id < ? LIMIT 1",
                               (self.table_id, self.table_id)).fetchone()
        if other is not None and ours is None and (previous is None or previous.table != self.table_id):
            raise JournalError(f"{self.path} is the journal of table {other[0]}, not of {self.table_id}: give table "
                               f"{self.table_id} a journal of its own (--journal), or --table {other[0]}.")
        witness = previous if previous is not None and previous.table == self.table_id else None
        checkpoint = round_index.last_checkpoint(reader, self.table_id) if round_index.has_index(reader) else None
        if checkpoint is not None and checkpoint > 1:
            last_seq, last_hash, damage = tail_chain_damage(reader, self.table_id, witness, checkpoint)
        else:  # a journal without a checkpoint yet (or from before them): the whole file
            last_seq, last_hash, damage = chain_damage(reader, self.table_id, witness)
        if damage is not None:
            raise JournalDamaged(self.path, damage)
        self.unwitnessed = last_seq > (witness.seq if witness is not None else 0)
        return last_seq, last_hash

    # -- writing ------------------------------------------------------------------------------------------
    def append(self, events: Sequence[NewEvent]) -> list[JournalEntry]:
        """Append events in one transaction, all or none; they are on disk when this returns their entries."""
        self._writer()
        if not events:
            return []
        entries: list[JournalEntry] = []
        seq, prev = self._last_seq, self._last_hash
        for event in events:
            seq, prev = self._chain_entry(entries, event, seq, prev)
        seal = self.sealer(entries) if self.sealer is not None else None
        if seal is not None:
            seq, prev = self._chain_entry(entries, seal, seq, prev)
        self._commit([packed(stored_row(e)) for e in entries], ((e.seq, e.at, e.round_id, e.kind, e.payload)
                                                                for e in entries))
        self._last_seq, self._last_hash = seq, prev
        self._writer().record(seq, prev, self._head_signer())
        return entries

    def _head_signer(self) -> HeadSigner | None:
        """The sealer's key signs the head too (controller.table.journal.head), once the journal has one."""
        key = getattr(self.sealer, "key", None)
        if key is None:
            return None

        def sign(message: bytes) -> tuple[str, str]:
            return key.public.text(), base64.b64encode(key.sign(message)).decode()
        return sign

    def _commit(self, rows: list[tuple[Any, ...]], indexed: Iterable[tuple[Any, ...]]) -> None:
        """The rows and what they add to the round index, in one transaction; the index's builder moves on
        only once they are committed."""
        builder = round_index.IndexBuilder(self._index.rules_seq, self._index.dealer_seq)
        found = builder.rows(indexed)
        commit_rows(self._db, self.path, rows, lambda db: round_index.write_rows(db, self.table_id, found))
        self._index = builder

    def _chain_entry(self, entries: list[JournalEntry], event: NewEvent, seq: int, prev: str) -> tuple[int, str]:
        """Add the event as the entry after (seq, prev) and return its (seq, hash)."""
        seq += 1
        text = payload_to_json(event.payload)
        at = float(event.at)
        digest = entry_hash(seq, self.table_id, at, event.round_id, event.kind, event.version, event.actor,
                            text, prev)
        entries.append(JournalEntry(seq, self.table_id, at, event.round_id, event.kind, event.version,
                                    event.actor, event.payload, prev, digest, text))
        return seq, digest

    def append_rows(self, rows: Iterable[tuple[Any, ...]]) -> int:
        """Append stored rows as they are (COLUMNS, this table's, continuing the chain: a salvage copies a
        damaged journal's intact events this way). Returns the last seq."""
        walk = ChainWalk(self._last_seq + 1, self._last_hash, table_id=self.table_id)
        batch: list[tuple[Any, ...]] = []
        for row in rows:
            problem = walk.step(*row)
            if problem:
                raise JournalError(f"{self.path}: a row copied in does not continue the chain: {problem}.")
            batch.append(tuple(row))
        if batch:
            self._writer()
            self._commit([packed(row) for row in batch], ((r[0], r[2], r[3], r[4], r[7]) for r in batch))
            self._last_seq, self._last_hash = walk.intact, walk.prev
            self._writer().record(self._last_seq, self._last_hash, self._head_signer())
        return self._last_seq

    def note_failure(self, text: str) -> None:
        """Keep why a write failed, for the fault raised at the next start (best effort: the drive may fail)."""
        self._writer().write_note(text)

    def take_failure_note(self) -> str | None:
        """Why an earlier writer's write failed, if one did (cleared now: it is the caller's to journal). Earlier
        versions kept it in a file of its own beside the journal, which is read (and removed) too."""
        note = self._writer().take_note()
        legacy = Path(f"{self.path}.storage-fault")
        with contextlib.suppress(OSError):
            note = note or legacy.read_text(encoding="utf-8", errors="replace").strip() or ""
            legacy.unlink()
        return note

    def _writer(self) -> HeadFile:
        if self._head is None:
            raise JournalError(f"{self.path} was opened read-only.")
        return self._head

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

    def entries_at(self, seqs: Sequence[int]) -> list[JournalEntry]:
        """The entries with these seqs, in order."""
        found: list[JournalEntry] = []
        for start in range(0, len(seqs), 500):
            part = seqs[start:start + 500]
            found += self._select(f"seq IN ({', '.join('?' * len(part))})", tuple(part))
        return sorted(found, key=lambda e: e.seq)

    # -- the round index (controller.table.journal.round_index) ---------------------------------------------
    def rounds_page(self, **bounds: Any) -> list[round_index.IndexedRound]:
        """The rounds in play order within `bounds` (round_index.rounds_page); [] in a journal without the index."""
        if not self.indexed:
            return []
        return round_index.rounds_page(self._db, self.table_id, **bounds)

    def indexed_round(self, round_id: str) -> round_index.IndexedRound | None:
        return round_index.round_by_id(self._db, self.table_id, round_id) if self.indexed else None

    def last_checkpoint(self, before: int | None = None) -> JournalEntry | None:
        """The last checkpoint of the table (before the event `before`, when given), if the journal has one."""
        if not self.indexed:
            return None
        seq = round_index.last_checkpoint(self._db, self.table_id, before)
        found = self.entries_at([seq]) if seq is not None else []
        return found[0] if found else None

    def index_between(self, after: int, through: int) -> round_index.IndexRows:
        """The round index's rows of the events after `after` up to `through` (empty without the index)."""
        if not self.indexed:
            return round_index.IndexRows([], [], [])
        return round_index.rows_between(self._db, self.table_id, after, through)

    def round_count(self) -> int:
        return round_index.round_count(self._db, self.table_id) if self.indexed else 0

    def round_reading(self, indexed: round_index.IndexedRound) -> list[JournalEntry]:
        """Every entry a reading of the round needs, in order: the house rules and the dealer in force when it
        opened, its own entries and those journaled elsewhere that name it."""
        try:
            return self.entries_at(round_index.round_seqs(self._db, self.table_id, indexed))
        except sqlite3.Error as err:
            raise JournalError(f"The journal {self.path} could not be read: {err}.") from err

    def index_problem(self) -> str:
        """What differs between the round index and the one the events make ("" when nothing, or no index)."""
        if not self.indexed:
            return ""
        try:
            return round_index.index_problem(self._db, self.table_id)
        except sqlite3.Error as err:
            return f"the round index cannot be read ({err})"

    def dealer_entries(self, context: int, after: int) -> list[JournalEntry]:
        """The dealers' sign-ins and sign-outs from the event `after` on, and the one in force before it
        (`context`, its seq; 0: none): a shift's dealers without reading what came before."""
        kinds = tuple(sorted(round_index.DEALER_KINDS))
        found = list(self._select(f"seq >= ? AND kind IN ({', '.join('?' * len(kinds))})", (after, *kinds)))
        return (self.entries_at([context]) if context else []) + found

    def shoe_entries(self, after: int) -> list[JournalEntry]:
        """The shoe's sessions from the event `after` on, and the one in force before it: which shoe dealt a
        shift's rounds, and whether it proved its key, without reading what came before."""
        before = self._select(f"seq = (SELECT max(seq) FROM events WHERE table_id = ? AND {_IS_SHOE} AND seq < ?)",
                              (self.table_id, after))
        return [*before, *self._select(f"{_IS_SHOE} AND seq >= ?", (after,))]

    def last_at(self) -> float:
        """When the journal's last event was recorded (0.0 for an empty journal)."""
        row = self._db.execute("SELECT at FROM events WHERE table_id = ? ORDER BY seq DESC LIMIT 1",
                               (self.table_id,)).fetchone()
        return float(row[0]) if row is not None else 0.0

    def table_entries(self) -> Iterator[JournalEntry]:
        """The table-level entries only (rules, rounds opened, faults, overrides), in order."""
        yield from self._select("kind LIKE 'table.%'", ())

    def jackpot_entries(self, after_seq: int = 0) -> Iterator[JournalEntry]:
        """The jackpot's entries (JACKPOT_KINDS) after `after_seq`, in order, found through their index."""
        yield from self._select(f"seq > ? AND {_IS_JACKPOT}", (after_seq,), self._jackpot_source)

    def present_entries(self, after: int = 0) -> Iterator[JournalEntry]:
        """The table-level entries after `after` (a checkpoint) and those of the last round opened, in order:
        all that the table as it stands now depends on (earlier rounds are closed)."""
        last_round = ("SELECT round_id FROM events WHERE table_id = ? AND kind = 'table.round_opened' "
                      "ORDER BY seq DESC LIMIT 1")
        yield from self._select(f"seq > ? AND (kind LIKE 'table.%' OR round_id = ({last_round}))",
                                (after, self.table_id))

    def count(self) -> int:
        """How many events the table has in this file."""
        return int(self._db.execute("SELECT count(*) FROM events WHERE table_id = ?", (self.table_id,)).fetchone()[0])

    def raw_rows(self, lo: int, hi: int) -> Iterator[tuple[Any, ...]]:
        """The stored rows with lo <= seq < hi, in order, undecoded: what `audit verify` checks and hashes."""
        expected = max(lo, 1)
        try:
            before = self.row_before(lo) if lo > 1 else None
            rows = self._db.execute(f"SELECT {COLUMNS} FROM events WHERE table_id = ? AND seq >= ? AND seq < ? "
                                    "ORDER BY seq", (self.table_id, lo, hi))
            # Row by row, not `yield from` the rows: that would close the cursor when this generator is dropped,
            # which fails once the journal itself is closed.
            for row in unpacked_in_order(rows, before[1] if before is not None else GENESIS_HASH):
                yield row
                expected = row[0] + 1 if isinstance(row[0], int) else expected + 1
        except sqlite3.Error as err:
            raise unreadable(err, expected) from err

    def row_before(self, seq: int) -> tuple[int, str] | None:
        """(seq, hash) of the stored row just before `seq`, if there is one."""
        try:
            row = self._db.execute("SELECT seq, hash FROM events WHERE table_id = ? AND seq < ? ORDER BY seq DESC "
                                   "LIMIT 1", (self.table_id, seq)).fetchone()
        except sqlite3.Error as err:
            raise JournalError(f"The journal {self.path} could not be read: {err}.") from err
        return None if row is None else (row[0], hash_text(row[1]))

    def next_seq_of_kind(self, kind: str, from_seq: int) -> int | None:
        """The first seq at or after `from_seq` of an event of this kind (a short walk along the key)."""
        try:
            row = self._db.execute("SELECT seq FROM events WHERE table_id = ? AND seq >= ? AND kind = ? ORDER BY "
                                   "seq LIMIT 1", (self.table_id, from_seq, kind)).fetchone()
        except sqlite3.Error as err:
            raise JournalError(f"The journal {self.path} could not be read: {err}.") from err
        return None if row is None else int(row[0])

    def table_ids(self) -> list[str]:
        """Every table id the file holds events of, in order: one look down the key's b-tree per table (the key
        starts with the table id), however long the file's history (a scan of it took 1.6 s at 100,000 rounds)."""
        ids: list[str] = []
        row = self._db.execute("SELECT min(table_id) FROM events").fetchone()
        while row is not None and row[0] is not None:
            ids.append(str(row[0]))
            row = self._db.execute("SELECT min(table_id) FROM events WHERE table_id > ?", (row[0],)).fetchone()
        return ids

    @contextlib.contextmanager
    def snapshot(self) -> Iterator[None]:
        """Every read inside sees the journal as it stood at the first one (a writer may append meanwhile)."""
        self._db.execute("BEGIN")
        try:
            yield
        finally:
            with contextlib.suppress(sqlite3.Error):
                self._db.execute("COMMIT")

    def _select(self, where: str, params: tuple[object, ...], source: str = "events") -> Iterator[JournalEntry]:
        try:
            cursor = self._db.execute(f"SELECT {READ_ALONE} FROM {source} WHERE table_id = ? AND {where} ORDER BY seq",
                                      (self.table_id, *params))
            for row in cursor:
                yield entry_from_row(unpacked(row, None))
        except sqlite3.Error as err:
            raise JournalError(f"The journal {self.path} could not be read: {err}.") from err

    def close(self) -> None:
        with contextlib.suppress(AttributeError):
            self._db.close()
        if self._head is not None:
            self._release(self._head)
            self._head = None

    def _release(self, head: HeadFile) -> None:
        """Unlock the head file; one this open created for a file that never became a journal goes again."""
        head.close()
        if getattr(self, "_new_head", False) and not self._holds_events():
            head.path.unlink(missing_ok=True)

    def _holds_events(self) -> bool:
        try:
            return bool(self._last_seq)
        except AttributeError:
            return False

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
                self._db.execute("BEGIN IMMEDIATE")
                try:
                    for statement in _statements(_MIGRATIONS[target - 1]):
                        self._db.execute(statement)
                    if target == 2 and version >= 1:  # a journal written before the round index: built now
                        self.index_built = round_index.build(self._db, self.table_id)
                    self._db.execute(f"PRAGMA user_version = {target}")
                    self._db.execute("COMMIT")
                except BaseException:
                    self._db.execute("ROLLBACK")
                    raise
        except sqlite3.Error as err:
            raise JournalError(write_failure(self.path, err)) from err

    def _make_indexes(self) -> None:
        try:
            self._db.execute(_JACKPOT_INDEX)
            self._db.execute(_SHOE_INDEX)
        except sqlite3.Error as err:
            raise JournalError(write_failure(self.path, err)) from err

    def _tail(self) -> tuple[int, str]:
        row = self._db.execute(
            "SELECT seq, hash FROM events WHERE table_id = ? ORDER BY seq DESC LIMIT 1", (self.table_id,)
        ).fetchone()
        if row is None:
            return 0, GENESIS_HASH
        seq, digest = row[0], hash_text(row[1])
        if type(seq) is int and isinstance(digest, str):
            return seq, digest
        # The last row's key or hash is damaged: a reader goes on with the number of rows (the whole-file check
        # names the damage); a writer never gets here, having checked the whole file first.
        return int(self._db.execute("SELECT count(*) FROM events").fetchone()[0]), ""


def _statements(script: str) -> list[str]:
    """A migration's statements one by one (a trigger's body holds semicolons: complete_statement tells)."""
    statements, current = [], ""
    for line in script.splitlines(keepends=True):
        current += line
        if sqlite3.complete_statement(current):
            statements.append(current.strip())
            current = ""
    return [s for s in statements if s]


def entry_from_row(row: tuple[Any, ...]) -> JournalEntry:
    """A stored row (COLUMNS, from this file or from a copy of it elsewhere) as its entry."""
    seq, table_id, at, round_id, kind, version, actor, payload, prev_hash, digest = row
    try:
        data = json.loads(payload)
        if not isinstance(data, dict):
            raise ValueError("the payload is not a JSON object")
        return JournalEntry(int(seq), table_id, float(at), round_id, kind, int(version), actor, data, prev_hash,
                            digest, payload)
    except (TypeError, ValueError, RecursionError) as err:
        raise JournalError(f"Journal event {seq} cannot be read ({err}): the file was damaged or edited. Keep it "
                           "as it is and run `rptable audit verify`.", seq=int(seq) if str(seq).isdigit() else None
                           ) from err

