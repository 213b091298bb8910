"""Checks a journal's hash chain: every event must follow its predecessor, unchanged and in place."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from controller.table.journal import GENESIS_HASH, JournalEntry, entry_hash, payload_to_json


@dataclass(frozen=True, slots=True)
class ChainReport:
    ok: bool
    events: int
    first_bad_event: int | None = None
    reason: str = ""


def verify_chain(entries: Iterable[JournalEntry]) -> ChainReport:
    """Walk the entries in seq order. The first entry that does not follow (a gap or repeat in seq, a
    predecessor hash that is not the previous entry's, a hash that does not match its own contents) is named.

    What each tampering looks like: an edited event no longer matches its hash; a deleted one leaves a seq gap
    (or, renumbered, breaks the next event's predecessor hash); an inserted one breaks the predecessor hash
    of the event after it; reordered events break both. Removing events from the very end leaves a valid
    shorter chain: that is caught only against a copy held elsewhere (replication), by comparing heads.
    """
    expected_seq, prev = 1, GENESIS_HASH
    count = 0
    for entry in entries:
        count += 1
        if entry.seq != expected_seq:
            what = "missing" if entry.seq > expected_seq else "repeated or out of order"
            return ChainReport(False, count, entry.seq,
                               f"event {entry.seq} follows event {expected_seq - 1}: events {what}")
        if entry.prev_hash != prev:
            return ChainReport(False, count, entry.seq,
                               f"event {entry.seq} does not follow event {entry.seq - 1}: its predecessor "
                               "hash differs (an event before it was changed, inserted, removed or moved)")
        stored = entry.payload_json or payload_to_json(entry.payload)
        digest = entry_hash(entry.seq, entry.table_id, entry.at, entry.round_id, entry.kind, entry.version,
                            entry.actor, stored, entry.prev_hash)
        if digest != entry.hash:
            return ChainReport(False, count, entry.seq,
                               f"event {entry.seq} was changed after it was written: its contents do not "
                               "match its hash")
        expected_seq, prev = entry.seq + 1, entry.hash
    return ChainReport(True, count)
