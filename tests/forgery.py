"""Test helper: a forger who edits a journal's raw rows behind SQLite's back, and may know the hash rule."""

import shutil
import sqlite3

from controller.table.journal.row_codec import unpacked_in_order
from controller.table.journal.store import GENESIS_HASH, entry_hash

COLUMNS = "seq, table_id, at, round_id, kind, version, actor, payload, prev_hash, hash"


def raw_rows(path):
    """Every row as the chain knows it (the forger knows how rows are kept: the format is no secret)."""
    db = sqlite3.connect(path)
    try:
        return [list(r) for r in unpacked_in_order(db.execute(f"SELECT {COLUMNS} FROM events ORDER BY seq"),
                                                   GENESIS_HASH)]
    finally:
        db.close()


def rewrite(path, rows):
    """Replace every row with `rows` (ten columns each), as given: hashes are not recomputed."""
    db = sqlite3.connect(path)
    db.execute("DROP TRIGGER IF EXISTS events_no_update")
    db.execute("DROP TRIGGER IF EXISTS events_no_delete")
    db.execute("DELETE FROM events")
    db.executemany("INSERT INTO events VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)", rows)
    db.commit()
    db.close()


def rehash(path, edit):
    """Apply `edit(rows)` to the raw rows (nine columns, no hash), then recompute every hash."""
    rows = [r[:9] for r in raw_rows(path)]
    rows = edit(rows)
    prev = GENESIS_HASH
    out = []
    for seq, table_id, at, round_id, kind, version, actor, payload, _ in rows:
        digest = entry_hash(seq, table_id, at, round_id, kind, version, actor, payload, prev)
        out.append((seq, table_id, at, round_id, kind, version, actor, payload, prev, digest))
        prev = digest
    rewrite(path, out)


def copy(source, target):
    shutil.copyfile(source, target)
    return target
