"""The journal's SQLite file: opening it (WAL, every commit synced), committing rows, and saying why a write
failed in words for the dealer and the pit boss."""

from __future__ import annotations

import sqlite3
from pathlib import Path
from typing import Any


class JournalError(Exception):
    """The journal could not be opened, read or written. The message is for the dealer and the pit boss."""

    def __init__(self, message: str, seq: int | None = None) -> None:
        super().__init__(message)
        self.seq = seq  # the event that could not be read, when one is to blame


def commit_rows(db: sqlite3.Connection, path: Path, rows: list[tuple[Any, ...]]) -> None:
    """Insert rows in one transaction: committed (and fsynced) or rolled back; JournalError says why not."""
    try:
        with db:
            db.executemany("INSERT INTO events VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)", rows)
    except sqlite3.Error as err:
        raise JournalError(write_failure(path, err)) from err


def connect(path: Path, readonly: bool) -> sqlite3.Connection:
    """The journal file's SQLite connection: WAL, every commit synced to the drive (FULL)."""
    try:
        if readonly:
            if not path.exists():
                raise JournalError(f"There is no journal at {path}. Check the path (--journal).")
            db = sqlite3.connect(path.resolve().as_uri() + "?mode=ro", uri=True, isolation_level=None,
                                 check_same_thread=False)
        else:
            path.parent.mkdir(parents=True, exist_ok=True)
            db = sqlite3.connect(path, isolation_level=None, check_same_thread=False)
            db.execute("PRAGMA journal_mode=WAL")
            db.execute("PRAGMA synchronous=FULL")
        db.execute("PRAGMA foreign_keys=ON")
        db.isolation_level = "DEFERRED"  # `with db:` wraps each append in BEGIN ... COMMIT
        return db
    except sqlite3.DatabaseError as err:
        raise JournalError(
            f"{path} could not be opened as a journal: {err}. If this is the wrong file, give the right one "
            "with --journal; if it is the table's journal, keep the file and call a pit boss.") from err
    except OSError as err:
        raise JournalError(f"The journal folder for {path} could not be created: {err.strerror}.") from err


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
