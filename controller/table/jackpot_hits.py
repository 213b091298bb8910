"""The jackpot hits a table's journal holds (share-of-the-meter awards) and where each stands: waiting for a pit
boss, paid, rejected, or taken back with its voided round. One reading of the journal's jackpot entries, for the
console, the command line and the table's link to the meter."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable
from dataclasses import dataclass

from controller.engine import event_from_payload
from controller.engine.events import JackpotSettled, JackpotVoided
from controller.table.journal import JournalEntry
from controller.table.journal.store import JACKPOT_KINDS as JACKPOT_KINDS
from controller.table.table_events import JackpotPaid, JackpotRejected, table_event_from

# The journal kinds a hit's story is told in: the journal indexes them by name.
if set(JACKPOT_KINDS) != {JackpotSettled.KIND, JackpotVoided.KIND, JackpotPaid.KIND, JackpotRejected.KIND}:
    raise ImportError("the journal's index of jackpot kinds names other kinds than the jackpot's events")


@dataclass(frozen=True, slots=True)
class TableHit:
    """One hit at this table: its round and box, its settlement, and what became of it."""

    round_id: str
    settled: JackpotSettled
    paid: JackpotPaid | None = None
    rejected: JackpotRejected | None = None
    voided: bool = False

    @property
    def box(self) -> int:
        return self.settled.box

    @property
    def waiting(self) -> bool:
        """Neither paid, rejected nor voided: a pit boss must verify the hand at the table."""
        return self.paid is None and self.rejected is None and not self.voided


def table_hits(entries: Iterable[JournalEntry]) -> list[TableHit]:
    """Every hit the entries hold, oldest first, with what became of it (entries of other kinds are passed over)."""
    hits: dict[tuple[str, int], TableHit] = {}
    for entry in entries:
        if entry.round_id is None or entry.kind not in JACKPOT_KINDS:
            continue
        if entry.kind in (JackpotPaid.KIND, JackpotRejected.KIND):
            event = table_event_from(entry.kind, entry.payload)
            assert isinstance(event, JackpotPaid | JackpotRejected)
            key = (event.round_id, event.box)
            if key in hits and isinstance(event, JackpotPaid):
                hits[key] = dataclasses.replace(hits[key], paid=event)
            elif key in hits and isinstance(event, JackpotRejected):
                hits[key] = dataclasses.replace(hits[key], rejected=event)
            continue
        settled = event_from_payload(entry.payload)
        key = (entry.round_id, getattr(settled, "box", 0))
        if isinstance(settled, JackpotSettled) and settled.share_pct:
            hits[key] = TableHit(entry.round_id, settled)
        elif isinstance(settled, JackpotVoided) and key in hits:
            hits[key] = dataclasses.replace(hits[key], voided=True)
    return list(hits.values())
