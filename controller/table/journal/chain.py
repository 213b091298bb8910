"""Checks a journal's hash chain: every event must follow its predecessor, unchanged and in place."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from controller.table.journal.head import Head
from controller.table.journal.rows import GENESIS_HASH, JournalEntry, entry_hash, stored_row


@dataclass(frozen=True, slots=True)
class ChainReport:
    ok: bool
    events: int
    first_bad_event: int | None = None
    reason: str = ""


class ChainWalk:
    """The chain check one row at a time, from a known predecessor: the genesis, or (when the journal is
    checked in stretches on several cores) the stored row just before the stretch.

    What each tampering looks like: an edited event no longer matches its hash; a deleted one leaves a seq gap
    (or, renumbered, breaks the next event's predecessor hash); an inserted one breaks the predecessor hash
    of the event after it; reordered events break both. Given the table, a row of another table is named (a
    journal holds one table's chain and nothing else); given the writer's head (controller.table.journal.head),
    an event there with another hash is named. Removing events from the very end leaves a valid shorter chain:
    the head file (`missing_tail`) and a copy held elsewhere (replication) catch that.
    """

    __slots__ = ("expected_seq", "prev", "table_id", "witness")

    def __init__(self, expected_seq: int = 1, prev: str = GENESIS_HASH, *, table_id: str | None = None,
                 witness: Head | None = None) -> None:
        self.expected_seq = expected_seq
        self.prev = prev
        self.table_id = table_id
        self.witness = witness

    @property
    def intact(self) -> int:
        """The last event that followed its predecessor (0: none yet)."""
        return self.expected_seq - 1

    def step(self, seq: Any, table_id: Any, at: Any, round_id: Any, kind: Any, version: Any, actor: Any,
             payload_json: Any, prev_hash: Any, stored_hash: Any) -> str:
        """Why this row does not follow the last one, or "" when it does."""
        problem = key_problem(seq, table_id, self.expected_seq, self.table_id)
        if problem:
            return problem
        if prev_hash != self.prev:
            return (f"event {seq} does not follow event {seq - 1}: its predecessor hash differs "
                    "(an event before it was changed, inserted, removed or moved)")
        try:
            digest = entry_hash(seq, table_id, at, round_id, kind, version, actor, payload_json, prev_hash)
        except (TypeError, ValueError, UnicodeError):  # a field stored with a type rptable never writes
            digest = ""
        if digest != stored_hash:
            return f"event {seq} was changed after it was written: its contents do not match its hash"
        if self.witness is not None and seq == self.witness.seq and stored_hash != self.witness.hash:
            return (f"event {seq} is not the event the journal's writer committed (its head file records another "
                    "hash): the journal was rewritten, or replaced by another copy")
        self.expected_seq, self.prev = seq + 1, stored_hash
        return ""


def key_problem(seq: Any, table_id: Any, expected_seq: int, expected_table: str | None) -> str:
    """Why a row's key is not the next one of the chain (seq `expected_seq`, of `expected_table` when given)."""
    if seq != expected_seq:
        if not isinstance(seq, int):
            return f"event {seq!r} has no whole-number sequence: the row was edited"
        what = "missing" if seq > expected_seq else "repeated or out of order"
        return f"event {seq} follows event {expected_seq - 1}: events {what}"
    if expected_table is not None and table_id != expected_table:
        return (f"event {seq}'s row names table {table_id!r}, not {expected_table}: the row was changed (a "
                "journal holds its own table's events and nothing else)")
    return ""


def missing_tail(last_seq: int, head: Head | None) -> str:
    """Why a journal ending at `last_seq` lost events its writer committed (its head file), or ""."""
    if head is None or head.seq <= last_seq:
        return ""
    lost = f"event {head.seq}" if head.seq == last_seq + 1 else f"events {last_seq + 1}-{head.seq}"
    return (f"{lost} were committed (the journal's head file records event {head.seq}) but the journal ends at "
            f"event {last_seq}: they were lost, as when a journal's -wal file is deleted or cut after a crash, "
            "or the file was replaced by an older copy")


def verify_chain(entries: Iterable[JournalEntry]) -> ChainReport:
    return verify_rows(stored_row(e) for e in entries)


def verify_rows(rows: Iterable[tuple[Any, ...]]) -> ChainReport:
    """Walk the rows in seq order from the genesis; the first that does not follow is named (see ChainWalk)."""
    walk = ChainWalk()
    count = 0
    for row in rows:
        count += 1
        problem = walk.step(*row)
        if problem:
            return ChainReport(False, count, row[0], problem)
    return ChainReport(True, count)
