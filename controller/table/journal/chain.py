"""Checks a journal's hash chain: every event must follow its predecessor, unchanged and in place."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from controller.table.journal.store import GENESIS_HASH, JournalEntry, entry_hash, stored_row


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
    of the event after it; reordered events break both. Removing events from the very end leaves a valid
    shorter chain: that is caught only against a copy held elsewhere (replication), by comparing heads.
    """

    __slots__ = ("expected_seq", "prev")

    def __init__(self, expected_seq: int = 1, prev: str = GENESIS_HASH) -> None:
        self.expected_seq = expected_seq
        self.prev = prev

    def step(self, seq: Any, table_id: Any, at: Any, round_id: Any, kind: Any, version: Any, actor: Any,
             payload_json: Any, prev_hash: Any, stored_hash: Any) -> str:
        """Why this row does not follow the last one, or "" when it does."""
        if seq != self.expected_seq:
            if not isinstance(seq, int):
                return f"event {seq!r} has no whole-number sequence: the row was edited"
            what = "missing" if seq > self.expected_seq else "repeated or out of order"
            return f"event {seq} follows event {self.expected_seq - 1}: events {what}"
        if prev_hash != self.prev:
            return (f"event {seq} does not follow event {seq - 1}: its predecessor hash differs "
                    "(an event before it was changed, inserted, removed or moved)")
        try:
            digest = entry_hash(seq, table_id, at, round_id, kind, version, actor, payload_json, prev_hash)
        except (TypeError, ValueError, UnicodeError):  # a field stored with a type rptable never writes
            digest = ""
        if digest != stored_hash:
            return f"event {seq} was changed after it was written: its contents do not match its hash"
        self.expected_seq, self.prev = seq + 1, stored_hash
        return ""


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
