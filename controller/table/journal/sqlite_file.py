"""The journal's SQLite file: opening it (WAL, every commit synced), committing rows, and saying why a write
failed in words for the dealer and the pit boss."""

from __future__ import annotations

import sqlite3
from collections.abc import Callable
from pathlib import Path
from typing import Any

from controller.table.file_modes import private_folder, touch_private


class JournalError(Exception):
    """The journal could not be opened, read or written. The message is for the dealer and the pit boss."""

    def __init__(self, message: str, seq: int | None = None) -> None:
        super().__init__(message)
        self.seq = seq  # the event that could not be read, when one is to blame


def commit_rows(db: sqlite3.Connection, path: Path, rows: list[tuple[Any, ...]],
                also: Callable[[sqlite3.Connection], None] | None = None) -> None:
    """Insert rows in one transaction, with what `also` writes beside them (the round index): committed (and
    fsynced) or rolled back; JournalError says why not."""
    try:
        with db:
            db.executemany("INSERT INTO events VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)", rows)
            if also is not None:
                also(db)
    except sqlite3.Error as err:
        raise JournalError(write_failure(path, err)) from err


def connect(path: Path, readonly: bool) -> sqlite3.Connection:
    """The journal file's SQLite connection: WAL, every commit synced to the drive (FULL). Read-only, it also
    opens a journal on a read-only medium (see `_open_readonly`)."""
    try:
        if readonly:
            db = _open_readonly(path)
        else:
            private_folder(path.parent)
            touch_private(path)  # owner-only: SQLite gives its -wal and -shm the same mode
            db = sqlite3.connect(path, isolation_level=None, check_same_thread=False)
            db.execute("PRAGMA journal_mode=WAL")
            db.execute("PRAGMA synchronous=FULL")
        db.execute("PRAGMA foreign_keys=ON")
        db.isolation_level = "DEFERRED"  # `with db:` wraps each append in BEGIN ... COMMIT
        return db
    except (sqlite3.DatabaseError, UnicodeDecodeError) as err:
        # A damaged schema's text reaches Python inside SQLite's own message, which then cannot be decoded.
        why = "its SQLite schema is damaged (text that is not UTF-8)" if isinstance(err, UnicodeDecodeError) else err
        raise JournalError(
            f"{path} could not be opened as a journal: {why}. If this is the wrong file, give the right one "
            "with --journal; if it is the table's journal, keep the file and call a pit boss.") from err
    except OSError as err:
        what = "read" if readonly else "created in its folder"
        raise JournalError(f"The journal {path} could not be {what}: {err.strerror or err}.") from err


def _open_readonly(path: Path) -> sqlite3.Connection:
    """A read-only connection. A journal in WAL mode needs its -shm index beside it, which SQLite creates if
    it can; on a read-only medium (or folder) without one, the file is opened as immutable, which reads the
    main file alone: right when there is no -wal, since every committed event is then in the main file."""
    if not path.exists():
        raise JournalError(f"There is no journal at {path}. Check the path (--journal).")
    if path.is_dir():
        raise JournalError(f"{path} is a folder, not a journal. Give the journal file (--journal).")
    uri = path.resolve().as_uri()
    db = sqlite3.connect(uri + "?mode=ro", uri=True, isolation_level=None, check_same_thread=False)
    try:
        db.execute("SELECT count(*) FROM sqlite_master").fetchone()
        return db
    except sqlite3.OperationalError as err:
        db.close()
        if not _cannot_write_beside(err):
            raise
    wal = Path(f"{path}-wal")
    if wal.exists() and wal.stat().st_size > 0:
        raise JournalError(
            f"{path} is on a read-only medium with a -wal file ({wal.name}) that holds events not yet in the main "
            "file, and SQLite needs to write its index beside them to read them. Copy the journal with its -wal "
            "file to a writable folder and give that copy (--journal).")
    db = sqlite3.connect(uri + "?mode=ro&immutable=1", uri=True, isolation_level=None, check_same_thread=False)
    db.execute("SELECT count(*) FROM sqlite_master").fetchone()
    return db


def _cannot_write_beside(err: sqlite3.OperationalError) -> bool:
    """SQLite could not create the -shm (or -wal) file it needs beside the journal."""
    name = getattr(err, "sqlite_errorname", "")
    return name.startswith(("SQLITE_READONLY", "SQLITE_CANTOPEN")) or "readonly" in str(err) or \
        "unable to open" in str(err)


def schema_version(db: sqlite3.Connection) -> int:
    return int(db.execute("PRAGMA user_version").fetchone()[0])


def write_failure(path: Path, err: sqlite3.Error) -> str:
    text = str(err)
    if "full" in text:
        why = "the disk is full"
        todo = "Free space on the drive that holds it"
    elif "readonly" in text or "read-only" in text:
        why = "the file or its drive is read-only"
        todo = "Make the journal's drive writable"
    elif "I/O" in text or "disk" in text:
        why = "the drive reported an I/O error"
        todo = "Check the drive"
    elif "locked" in text or "busy" in text:
        why = "another program holds the journal"
        todo = "Close the other program (only one rptable may run per table)"
    else:
        why = text
        todo = "Check the drive and the file"
    return (f"The journal {path} could not be written: {why} ({text}). Play is stopped and nothing after "
            f"this point was recorded. {todo}, then restart rptable; a pit boss must resolve the fault.")
