"""The rounds of a table's journal as the audit asks for them: the last few, a page before a round, one round by
id, the rounds of a day, or all of them one at a time; and the steps of one round to replay it.

A journal with its round index (controller.table.journal.round_index) answers each question by reading the
rounds it is about and nothing else (controller.table.history.read_round folds each from its reading), so the
last ten rounds cost the same after 100,000 rounds as after 100. Entries already read whole (the floor
database's copy of a journal, the intact part of a damaged file, a journal written before the index that a
reader may not upgrade) are folded once, and the same questions are answered from that fold.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from typing import Any, Protocol

from controller.table.history import DealerTurn, EntrySource, TableHistory, read_round, round_steps, step_of
from controller.table.journal import JournalEntry, JournalError
from controller.table.journal.round_index import IndexedRound
from controller.table.round_record import RoundRecord, Step

PAGE = 500  # rounds read from the index at a time, when every round is streamed


class IndexedEvents(EntrySource, Protocol):
    """A table's events with their round index: its journal file (controller.table.journal.Journal), or the
    floor database's copy of it (controller.floor.audit_source.FloorTable)."""

    table_id: str

    @property
    def indexed(self) -> bool: ...

    def entries(self) -> Iterable[JournalEntry]: ...

    def rounds_page(self, **bounds: Any) -> list[IndexedRound]: ...

    def indexed_round(self, round_id: str) -> IndexedRound | None: ...

    def round_count(self) -> int: ...

    def round_reading(self, indexed: IndexedRound) -> list[JournalEntry]: ...

    def dealer_entries(self, context: int, after: int) -> list[JournalEntry]: ...

    def shoe_entries(self, after: int) -> list[JournalEntry]: ...

    def last_at(self) -> float: ...


@dataclass(frozen=True)
class Shift:
    """What a shift report of a day is made of: its rounds, the dealers' turns within it, and its end (the
    day's end, or the journal's last event if that is earlier)."""

    rounds: list[RoundRecord]
    turns: list[DealerTurn]
    until: float | None
    shoe_sessions: list[tuple[float, bool]] = field(default_factory=list)  # (began at, proved its key), in order


def clipped(turns: Iterable[DealerTurn], since: float | None, until: float | None) -> list[DealerTurn]:
    """The turns as far as they fall between `since` and `until` (a turn going on ends at `until`)."""
    kept = []
    for turn in turns:
        start = turn.start if since is None else max(turn.start, since)
        end = turn.end if until is None or (turn.end is not None and turn.end <= until) else until
        if end is None or end > start:
            kept.append(DealerTurn(turn.dealer, start, end))
    return kept


def day_bounds(day: str) -> tuple[float, float]:
    """A day (YYYY-MM-DD, UTC) as its first second and the first second of the next, as timestamps."""
    start = datetime.strptime(day, "%Y-%m-%d").replace(tzinfo=UTC)
    return start.timestamp(), (start + timedelta(days=1)).timestamp()


class RoundBook:
    """One table's rounds, read as asked. `of_journal` for a journal file; `of_entries` for entries read whole."""

    def __init__(self, journal: IndexedEvents | None, folded: TableHistory | None,
                 source: EntrySource | None) -> None:
        self._journal = journal
        self._folded = folded
        self._source = source

    @classmethod
    def of_journal(cls, journal: IndexedEvents) -> RoundBook:
        if journal.indexed:
            return cls(journal, None, None)
        return cls.of_entries(journal.entries(), journal)

    @classmethod
    def of_entries(cls, entries: Iterable[JournalEntry], source: EntrySource) -> RoundBook:
        return cls(None, TableHistory.read(entries), source)

    # -- questions --------------------------------------------------------------------------------------------
    def latest(self, count: int, before: str | None = None) -> list[RoundRecord]:
        """The last `count` rounds opened (before the round `before`, when given), in play order; [] when
        `before` names no round."""
        if self._journal is None:
            records = self._all_folded()
            if before is not None:
                ids = [r.round_id for r in records]
                if before not in ids:
                    return []
                records = records[:ids.index(before)]
            return records[-count:] if count else []
        limit_before = None
        if before is not None:
            anchor = self._journal.indexed_round(before)
            if anchor is None:
                return []
            limit_before = anchor.opened_seq
        return [self._read(i) for i in self._journal.rounds_page(last=count, before=limit_before)]

    def find(self, round_id: str) -> RoundRecord | None:
        if self._journal is None:
            return next((r for r in self._all_folded() if r.round_id == round_id), None)
        indexed = self._journal.indexed_round(round_id)
        return None if indexed is None else self._read(indexed)

    def rounds(self, day: str | None = None) -> Iterator[RoundRecord]:
        """Every round (opened on `day`, YYYY-MM-DD UTC, when given) in play order, one at a time."""
        if self._journal is None:
            for record in self._all_folded():
                if day is None or datetime.fromtimestamp(record.opened_at, UTC).strftime("%Y-%m-%d") == day:
                    yield record
            return
        since, until = day_bounds(day) if day is not None else (None, None)
        after = 0
        while True:
            page = self._journal.rounds_page(since=since, until=until, after=after, first=PAGE)
            if not page:
                return
            for indexed in page:
                yield self._read(indexed)
            after = page[-1].opened_seq

    def shift(self, day: str | None = None) -> Shift:
        """The rounds of a day (YYYY-MM-DD, UTC) and the dealers' turns in it, for its shift report; every
        round and turn when no day is given. With the round index it reads that day's rounds and the dealers'
        sign-ins since its first round, whatever came before."""
        if self._journal is None or day is None:
            history = self.whole_history()
            since, until = day_bounds(day) if day is not None else (None, None)
            end = history.last_at if until is None else min(until, history.last_at)
            return Shift(list(self.rounds(day)), clipped(history.dealer_turns, since, end), end,
                         history.shoe_sessions)
        since, until = day_bounds(day)
        rounds = list(self.rounds(day))
        if not rounds:
            return Shift([], [], None)
        first = self._journal.indexed_round(rounds[0].round_id)
        assert first is not None
        # The dealer at the table when the day began: the one in force when the round before it opened (or, on
        # the table's first day, before its first round), and every sign-in and sign-out since.
        before = self._journal.rounds_page(before=first.opened_seq, last=1) or [first]
        turns = TableHistory()
        for entry in self._journal.dealer_entries(before[0].dealer_seq, before[0].opened_seq):
            turns.fold(entry)
        end = min(until, self._journal.last_at())
        shoe = [(entry.at, bool(entry.payload.get("authenticated"))) for entry in
                self._journal.shoe_entries(first.opened_seq)]  # the shoe in force at the day's first round, and since
        return Shift(rounds, clipped(turns.dealer_turns, since, end), end, shoe)

    def count(self) -> int:
        if self._journal is None:
            return len(self._all_folded())
        return self._journal.round_count()

    def steps(self, record: RoundRecord) -> list[Step]:
        """The round's steps in journal order, to replay it (controller.table.history.round_steps)."""
        if self._journal is None:
            assert self._source is not None
            return round_steps(self._source, record)
        indexed = self._journal.indexed_round(record.round_id)
        if indexed is None:
            return []
        reading = self._journal.round_reading(indexed)
        return [step for entry in reading if entry.seq >= indexed.opened_seq and (step := step_of(entry)) is not None]

    def whole_history(self) -> TableHistory:
        """The fold of every entry (the shift report's dealers' turns run across the whole history)."""
        if self._folded is None:
            assert self._journal is not None
            self._folded = TableHistory.read(self._journal.entries())
        return self._folded

    # -- reading --------------------------------------------------------------------------------------------
    def _read(self, indexed: IndexedRound) -> RoundRecord:
        assert self._journal is not None
        record = read_round(self._journal.round_reading(indexed), indexed.round_id)
        if record is None:  # the index points at no opening: it was changed (audit verify names it)
            raise JournalError(f"Table {self._journal.table_id}'s round index names round {indexed.round_id} at "
                               f"event {indexed.opened_seq}, which does not open it. Run `rptable audit verify`.")
        return record

    def _all_folded(self) -> list[RoundRecord]:
        return self.whole_history().rounds
