"""Test helper: a failing machine's damage to a journal file, byte by byte (not a forger's SQL: see forgery.py).

A journal's rows are stored key first: the table id (`T1`), the seq as a big-endian integer of 1 to 4 bytes,
then the time (8 bytes) and the round id (`T1-000042`). That is how a row is found in the raw file.
"""

import shutil
import sqlite3
from pathlib import Path

from controller.table.journal.row_codec import unpacked_in_order
from controller.table.journal.rows import COLUMNS, GENESIS_HASH


def seq_bytes(seq: int) -> bytes:
    """The seq as SQLite stores an integer above 1: the fewest big-endian bytes (1, 2, 3, 4, 6 or 8) that hold
    it, signed."""
    size = next(n for n in (1, 2, 3, 4, 6, 8) if seq < 1 << (8 * n - 1))
    return seq.to_bytes(size, "big", signed=True)


def row_offset(data: bytes, seq: int, table: bytes = b"T1") -> int:
    """Where event `seq`'s row (of a round) starts in the file: its table id's first byte."""
    pattern = table + seq_bytes(seq)
    at = data.find(pattern)
    while at >= 0:
        after = at + len(pattern) + 8
        if data[after:after + len(table) + 1] == table + b"-":
            return at
        at = data.find(pattern, at + 1)
    raise LookupError(f"event {seq}'s row is not in the file")


def change_table_id(path: Path, seq: int, to: bytes = b"T3") -> None:
    """One byte: event `seq`'s row names another table (its key changes, so the b-tree no longer finds it)."""
    data = bytearray(path.read_bytes())
    at = row_offset(bytes(data), seq)
    data[at:at + len(to)] = to
    path.write_bytes(bytes(data))


def flip_bit(path: Path, bit: int) -> None:
    data = bytearray(path.read_bytes())
    data[bit // 8] ^= 1 << (bit % 8)
    path.write_bytes(bytes(data))


def settled(path: Path) -> Path:
    """The journal checkpointed into its main file (its -wal emptied), as a cleanly closed table leaves it."""
    db = sqlite3.connect(path)
    db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    db.close()
    return path


def copy_alone(source: Path, target: Path) -> Path:
    """The journal's main file alone (no -wal, no head file): a copy for damaging."""
    shutil.copyfile(source, target)
    return target


def stored_rows(path: Path) -> list[tuple]:
    """Every row of the file as SQLite reads it by key (what a correct reader must still find), as the chain
    knows it (payload text, hashes in hex)."""
    db = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    try:
        return list(unpacked_in_order(db.execute(f"SELECT {COLUMNS} FROM events ORDER BY table_id, seq"),
                                      GENESIS_HASH))
    finally:
        db.close()
