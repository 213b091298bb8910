"""What a pit boss audits: the rounds in a journal, each replayed (controller.table.history folds them), the
last-10 recall, and the verification of the chain and of every payment (controller.table.audit.verify).

Everything here reads the journal only (read-only), so it works on a copy, on a live table's file while play
goes on, and while a fault is open.
"""

from __future__ import annotations

from collections.abc import Iterable

from controller.table.audit.verify import VerifyReport, verify_journal, verify_journal_file
from controller.table.history import TableHistory
from controller.table.journal import JournalEntry
from controller.table.round_record import RoundRecord

__all__ = ["RoundRecord", "VerifyReport", "read_rounds", "recall", "verify_journal", "verify_journal_file"]


def read_rounds(entries: Iterable[JournalEntry]) -> list[RoundRecord]:
    """Every round in play order, replayed from its events (controller.table.history.round_steps reads one
    round's steps back for replaying it step by step)."""
    return TableHistory.read(entries).rounds


def recall(entries: Iterable[JournalEntry], count: int = 10) -> list[RoundRecord]:
    """The last `count` rounds, oldest first: what a pit boss recalls at the table after a dispute."""
    return read_rounds(entries)[-count:]
