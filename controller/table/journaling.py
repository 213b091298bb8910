"""What every part beside the table controller (its staff, overrides, jackpot hits, operator's guard) needs of
the table to journal what it does: record an event, commit what is pending, and refuse to write on a table whose
storage failed. Each part's own protocol adds what else it reads of the table."""

from __future__ import annotations

from typing import Protocol

from controller.table import table_events
from controller.table.journal import JournalEntry


class JournalingTable(Protocol):
    def flush(self) -> list[JournalEntry]: ...

    def _record(self, event: table_events.TableEvent, actor: str | None = None, at: float | None = None
                ) -> None: ...

    def _require_writable(self) -> None: ...
