"""Checks a journal's hash chain: every event must follow its predecessor, unchanged and in place."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from controller.table.journal import GENESIS_HASH, JournalEntry, entry_hash, payload_to_json


@dataclass(frozen=True, slots=True)
class ChainReport:
    ok: bool
    events: int
    first_bad_event: int | None = None
    reason: str = ""


def verify_chain(entries: Iterable[JournalEntry]) -> ChainReport:
    return verify_rows(
        (e.seq, e.table_id, e.at, e.round_id, e.kind, e.version, e.actor,
         e.payload_json or payload_to_json(e.payload), e.prev_hash, e.hash) for e in entries)


def verify_rows(rows: Iterable[tuple[Any, ...]]) -> ChainReport:
    """Walk the entries in seq order. The first entry that does not follow (a gap or repeat in seq, a
    predecessor hash that is not the previous entry's, a hash that does not match its own contents) is named.

    What each tampering looks like: an edited event no longer matches its hash; a deleted one leaves a seq gap
    (or, renumbered, breaks the next event's predecessor hash); an inserted one breaks the predecessor hash
    of the event after it; reordered events break both. Removing events from the very end leaves a valid
    shorter chain: that is caught only against a copy held elsewhere (replication), by comparing heads.
    """
    expected_seq, prev = 1, GENESIS_HASH
    count = 0
    for seq, table_id, at, round_id, kind, version, actor, payload_json, prev_hash, stored_hash in rows:
        count += 1
        if seq != expected_seq:
            what = "missing" if seq > expected_seq else "repeated or out of order"
            return ChainReport(False, count, seq, f"event {seq} follows event {expected_seq - 1}: events {what}")
        if prev_hash != prev:
            return ChainReport(False, count, seq,
                               f"event {seq} does not follow event {seq - 1}: its predecessor hash differs "
                               "(an event before it was changed, inserted, removed or moved)")
        if entry_hash(seq, table_id, at, round_id, kind, version, actor, payload_json, prev_hash) != stored_hash:
            return ChainReport(False, count, seq,
                               f"event {seq} was changed after it was written: its contents do not match its hash")
        expected_seq, prev = seq + 1, stored_hash
    return ChainReport(True, count)
