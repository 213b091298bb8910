"""The table's history: one fold of its journal into what the table is and was.

Folding a journal's entries in order gives the house rules in force, every round (replayed by the engine, with
its results, adjustments, confirmations and who dealt it), the table faults still open, every adjustment, the
session and the dealer at the table. The table controller recovers from it, `audit verify` replays through
it, and the audit (rounds, show, recall, export, the shift report, the console's audit view) reads the rounds
it makes: each table event is interpreted here and nowhere else.

A live table keeps only its present (`every_round=False`): the rules, the faults, and the last round opened;
it folds the table-level entries and the last round's, which is all that present depends on.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from controller.core.rules import HouseRules, rules_digest
from controller.engine import RoundState, apply, event_from_dict, new_round
from controller.engine.events import EVENT_TYPES, BoxSettled, CardFault, Event, RoundClosed
from controller.table.journal import JournalEntry, JournalError
from controller.table.round_record import BoxResult, RoundRecord, Step
from controller.table.table_events import (
    TABLE_EVENT_TYPES,
    ClockRebased,
    ConfirmationUndone,
    DealerSignedIn,
    DealerSignedOut,
    PaymentAdjusted,
    PaymentConfirmed,
    RoundOpened,
    RulesEdgeAcknowledged,
    RulesSet,
    SessionMarked,
    TableEvent,
    TableFaultRaised,
    TableFaultResolved,
    table_event_from,
)

# What a damaged or edited event can raise while it is decoded or replayed.
UNREADABLE = (KeyError, ValueError, TypeError, AttributeError, IndexError, AssertionError)


class HistoryError(JournalError):
    """The journal's events cannot be folded into a history: the message names the event and what to do."""


@dataclass(frozen=True, slots=True)
class TableFault:
    """A table fault still open: raised at `at`, resolved by a pit boss (or, `clears_itself`, by its device)."""

    fault_id: str
    code: str
    text: str
    source: str
    at: float
    clears_itself: bool = False


def event_of(entry: JournalEntry) -> TableEvent | Event | None:
    """The event a journal entry holds; None for a kind this version does not know (it changes nothing)."""
    if entry.kind in TABLE_EVENT_TYPES:
        return table_event_from(entry.kind, entry.payload)
    if entry.kind in EVENT_TYPES:
        return event_from_dict(entry.payload)
    return None


def settled_boxes(entries: Iterable[JournalEntry]) -> set[int]:
    """The boxes a round's entries settle."""
    events = (event_from_dict(entry.payload) for entry in entries if entry.kind == BoxSettled.__name__)
    return {event.box for event in events if isinstance(event, BoxSettled)}


class TableHistory:
    """The fold. `fold(entry)` for a journal's entries in order; `fold_event` for an event already decoded;
    `played` for the events the engine has just applied to the round in play (the live table)."""

    def __init__(self, *, every_round: bool = True, keep_steps: bool = False) -> None:
        self.every_round = every_round
        self.keep_steps = keep_steps  # keep each round's entries (its Steps), for replaying it step by step
        self.rules: HouseRules | None = None
        self.rules_digest = ""
        self.rounds: list[RoundRecord] = []  # every round in play order, or only the last
        self.round_state: RoundState | None = None  # the last round opened, replayed so far
        self.faults: dict[str, TableFault] = {}  # the table faults still open, by id
        self.faults_raised = 0
        self.adjustments: list[PaymentAdjusted] = []
        self.session: dict[str, Any] = {}
        self.dealer: str | None = None  # who deals now
        self.edges_acknowledged: set[str] = set()  # play digests of rules whose edge an admin acknowledged
        self.last_at = 0.0  # the latest time recorded since the clock was last rebased
        self._by_id: dict[str, RoundRecord] = {}

    @classmethod
    def read(cls, entries: Iterable[JournalEntry], *, every_round: bool = True,
             keep_steps: bool = False) -> TableHistory:
        history = cls(every_round=every_round, keep_steps=keep_steps)
        for entry in entries:
            history.fold(entry)
        return history

    # -- what the table is now ------------------------------------------------------------------------------
    @property
    def current(self) -> RoundRecord | None:
        """The last round opened (in play or closed)."""
        return self.rounds[-1] if self.rounds else None

    @property
    def round_id(self) -> str | None:
        return self.rounds[-1].round_id if self.rounds else None

    @property
    def round_number(self) -> int:
        return self.rounds[-1].number if self.rounds else 0

    # -- folding --------------------------------------------------------------------------------------------
    def fold(self, entry: JournalEntry) -> None:
        """Fold the next journal entry; HistoryError when its event cannot be read or replayed."""
        try:
            event = event_of(entry)
            if event is not None:
                self.fold_event(event, entry.at, entry.round_id, entry)
        except UNREADABLE as err:
            raise HistoryError(f"Journal event {entry.seq} ({entry.kind}) cannot be replayed ({err!r}): the "
                               "journal was damaged or edited. Keep it as it is and run `rptable audit verify`.",
                               entry.seq) from err

    def fold_event(self, event: TableEvent | Event, at: float, round_id: str | None,
                   entry: JournalEntry | None = None) -> None:
        """Fold an event recorded at `at` in the round `round_id` (the journal entry's). A round's event that
        is not of the last round opened changes nothing."""
        if isinstance(event, TableEvent):
            self._fold_table_event(event, at, round_id)
        elif self.round_state is not None and round_id == self.round_id:
            apply(self.round_state, event)
            self._note(event, at)
        self.last_at = at if isinstance(event, ClockRebased) else max(self.last_at, at)
        if self.keep_steps and entry is not None:
            self._keep_step(Step(entry, event))

    def played(self, events: Sequence[Event], at: float) -> None:
        """The events the engine has just applied to the round in play (`do` applies what it returns)."""
        for event in events:
            self._note(event, at)
        self.last_at = max(self.last_at, at)

    def _fold_table_event(self, event: TableEvent, at: float, round_id: str | None) -> None:
        current = self.current
        match event:
            case RulesSet():
                self.rules, self.rules_digest = event.rules, rules_digest(event.rules)
            case RoundOpened():
                self._open(event, at)
            case TableFaultRaised():
                self.faults[event.fault_id] = TableFault(event.fault_id, event.code, event.text, event.source, at,
                                                         event.clears_itself)
                self.faults_raised += 1
                if current is not None and round_id == current.round_id:
                    current.faults += 1
            case TableFaultResolved():
                self.faults.pop(event.fault_id, None)
            case PaymentAdjusted():
                self.adjustments.append(event)
                if (record := self._by_id.get(event.round_id)) is not None:
                    record.adjustments.append(event)
            case PaymentConfirmed():
                if (record := self._by_id.get(event.round_id)) is not None:
                    record.confirmed[event.box] = event
            case ConfirmationUndone():
                if (record := self._by_id.get(event.round_id)) is not None:
                    record.confirmed.pop(event.box, None)
            case SessionMarked():
                self.session = event.payload()
            case DealerSignedIn():
                self.dealer = event.dealer
            case DealerSignedOut():
                self.dealer = None
            case RulesEdgeAcknowledged():
                self.edges_acknowledged.add(event.play_sha256)
            # ClockRebased moves the time (fold_event); a card held back changes nothing else.

    def _open(self, event: RoundOpened, at: float) -> None:
        if self.rules is None:
            raise HistoryError(f"Round {event.round_id} opens before any house rules are recorded: the journal "
                               "was damaged or edited. Keep it as it is and run `rptable audit verify`.")
        record = RoundRecord(event.round_id, event.number, self.rules, self.rules_digest, at, dealt_by=self.dealer)
        if not self.every_round:
            self.rounds.clear()
            self._by_id.clear()
        self.rounds.append(record)
        self._by_id[record.round_id] = record
        self.round_state = new_round(self.rules)

    def _note(self, event: Event, at: float) -> None:
        """What a round's event (applied to the round's state already) adds to its record."""
        record, state = self.rounds[-1], self.round_state
        assert state is not None
        if isinstance(event, BoxSettled):
            box = state.boxes[event.box]
            record.boxes.append(BoxResult(event, tuple(box.cards), box.ante, box.bonus,
                                          0 if state.voided else box.wagered))
        elif isinstance(event, RoundClosed):
            record.close(state, at)
        elif isinstance(event, CardFault):
            record.faults += 1

    def _keep_step(self, step: Step) -> None:
        """A round's entries are its steps; an adjustment is a step of the round it adjusts too."""
        current = self.current
        if current is not None and step.entry.round_id == current.round_id:
            current.steps.append(step)
        adjusted = self._by_id.get(step.event.round_id) if isinstance(step.event, PaymentAdjusted) else None
        if adjusted is not None and step.entry.round_id != adjusted.round_id:
            adjusted.steps.append(step)


def replay_to(record: RoundRecord, step: int) -> tuple[RoundState, dict[int, int]]:
    """The round as it stood after its step number `step` (from 0): its state, and the adjustments by box
    made by then."""
    state = new_round(record.rules)
    adjusted: dict[int, int] = {}
    for kept in record.steps[:step + 1]:
        if isinstance(kept.event, PaymentAdjusted):
            adjusted[kept.event.box] = adjusted.get(kept.event.box, 0) + kept.event.amount
        elif isinstance(kept.event, Event):
            apply(state, kept.event)
    return state, adjusted
