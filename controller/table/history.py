"""The table's history: one fold of its journal into what the table is and was.

Folding a journal's entries in order gives the house rules in force, every round (replayed by the engine, with
its results, adjustments, confirmations and who dealt it), the table faults still open, every adjustment, the
session, the dealer at the table and each dealer's turns at it. The table controller recovers from it, `audit
verify` replays through it, and the audit (rounds, show, recall, export, the shift report, the console's audit
view) reads the rounds it makes: each table event is interpreted here and nowhere else.

A live table keeps only its present (`every_round=False`): the rules, the faults, and the last round opened;
it folds the table-level entries and the last round's, which is all that present depends on.
"""

from __future__ import annotations

import contextlib
import dataclasses
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from controller.core.rules import HouseRules, RulesError, rules_digest, rules_from_mapping
from controller.engine import RoundState, apply, event_from_payload, new_round
from controller.engine.events import (
    EVENT_TYPES,
    BoxSettled,
    CardFault,
    Event,
    JackpotSettled,
    JackpotVoided,
    RoundClosed,
)
from controller.table.journal import JournalEntry, JournalError
from controller.table.round_record import BoxResult, Confirmation, RoundRecord, Step
from controller.table.table_events import (
    TABLE_EVENT_TYPES,
    AccountsSeen,
    ClockRebased,
    ConfirmationUndone,
    DealerSignedIn,
    DealerSignedOut,
    JackpotPaid,
    PaymentAdjusted,
    PaymentConfirmed,
    ProgramVerified,
    RoundOpened,
    RulesEdgeAcknowledged,
    RulesSet,
    SessionMarked,
    ShoePolicy,
    ShoeSessionStarted,
    ShowdownSeen,
    TableEvent,
    TableFaultRaised,
    TableFaultRepeated,
    TableFaultResolved,
    TwoPersonLimit,
    table_event_from,
)

# What a damaged or edited event can raise while it is decoded or replayed.
UNREADABLE = (KeyError, ValueError, TypeError, AttributeError, IndexError, AssertionError)
# A void or an adjustment of more chips than this needs a second pit boss, until a pit boss sets another limit.
DEFAULT_TWO_PERSON_ABOVE = 5_000


def void_amount(state: RoundState) -> int:
    """What a void of the round puts at stake, for the two-person limit: every box's wager so far."""
    return sum(box.wagered for box in state.boxes.values())


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
    count: int = 1  # times raised while open (a storm of the same fault is one fault)


@dataclass(frozen=True, slots=True)
class DealerTurn:
    """A dealer's turn at the table: from signing in to signing out or handing over (`end` None: dealing now)."""

    dealer: str  # as the journal names them: role and name
    start: float
    end: float | None = None

    def hours(self, now: float) -> float:
        """How long the turn lasted (until `now` while it goes on), in hours."""
        return max(0.0, (self.end if self.end is not None else now) - self.start) / 3600.0


def event_of(entry: JournalEntry) -> TableEvent | Event | None:
    """The event a journal entry holds; None for a kind this version does not know (it changes nothing)."""
    if entry.kind in TABLE_EVENT_TYPES:
        return table_event_from(entry.kind, entry.payload)
    if entry.kind in EVENT_TYPES:
        return event_from_payload(entry.payload)
    return None


def settled_boxes(entries: Iterable[JournalEntry]) -> set[int]:
    """The boxes a round's entries settle."""
    events = (event_from_payload(entry.payload) for entry in entries if entry.kind == BoxSettled.__name__)
    return {event.box for event in events if isinstance(event, BoxSettled)}


class TableHistory:
    """The fold. `fold(entry)` for a journal's entries in order; `fold_event` for an event already decoded;
    `played` for the events the engine has just applied to the round in play (the live table)."""

    def __init__(self, *, every_round: bool = True) -> None:
        self.every_round = every_round
        self.rules: HouseRules | None = None
        self.rules_digest = ""
        self.rounds: list[RoundRecord] = []  # every round in play order, or only the last
        self.round_state: RoundState | None = None  # the last round opened, replayed so far
        self.faults: dict[str, TableFault] = {}  # the table faults still open, by id
        self.faults_raised = 0
        self.adjustments: list[PaymentAdjusted] = []
        self.session: dict[str, Any] = {}
        self.dealer: str | None = None  # who deals now
        self.dealer_turns: list[DealerTurn] = []  # every turn at the table, in order; the last may go on
        self.shoe: ShoeSessionStarted | None = None  # the last session with the shoe: who it is, what it proved
        self.shoes_must_authenticate = False  # the floor's word: a shoe that proves no key is a fault
        self.shoe_sessions: list[tuple[float, bool]] = []  # the audit's: when each began, and if it proved its key
        # The admin who acknowledged the edge of rules, by the rules' play digest (controller.measured.operator_guard)
        self.edges_acknowledged: dict[str, str] = {}
        self.last_at = 0.0  # the latest time recorded since the clock was last rebased
        self.two_person_above = DEFAULT_TWO_PERSON_ABOVE  # 0: no override needs a second pit boss
        self.program: ProgramVerified | None = None  # the installed program last journaled
        self.accounts: AccountsSeen | None = None  # the staff accounts the table last saw (their anchor)
        self.last_number = 0  # the number of the last round opened
        self._by_id: dict[str, RoundRecord] = {}

    @classmethod
    def read(cls, entries: Iterable[JournalEntry], *, every_round: bool = True) -> TableHistory:
        history = cls(every_round=every_round)
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
        return self.last_number

    # -- the table's present, as a checkpoint keeps it -------------------------------------------------------
    def present(self) -> dict[str, Any]:
        """What the table is now between two rounds, as plain JSON values: everything a live table, recovery
        and `audit verify`'s replay carry from one round to the next (a checkpoint keeps it: controller.table.
        table_events.Checkpoint). Not kept: the last round (the next one replaces it), the time (the
        checkpoint's own), and the history's lists of the past (every adjustment, every dealer's turn but the
        one going on), which the audit reads from the journal."""
        turn = self.dealer_turns[-1] if self.dealer_turns and self.dealer_turns[-1].end is None else None
        present = {
            "rules": self.rules.to_mapping() if self.rules is not None else None,
            "faults": [dataclasses.asdict(fault) for fault in self.faults.values()],
            "faults_raised": self.faults_raised,
            "session": dict(self.session),
            "dealer": self.dealer,
            "turn": None if turn is None else {"dealer": turn.dealer, "start": turn.start},
            "shoe": self.shoe.payload() if self.shoe is not None else None,
            "edges_acknowledged": dict(self.edges_acknowledged),
            "two_person_above": self.two_person_above,
            "program": self.program.payload() if self.program is not None else None,
            "last_number": self.last_number,
        }
        if self.shoes_must_authenticate:  # only once the floor asked for it: a checkpoint made before holds no such
            present["shoes_must_authenticate"] = True  # key, and is the table its events make
        if self.accounts is not None:  # only once the table has seen its accounts: a checkpoint made before holds
            present["accounts"] = self.accounts.payload()  # no such key, and is the table its events make
        return present

    @classmethod
    def resume(cls, present: dict[str, Any], at: float, *, every_round: bool = False) -> TableHistory:
        """The history of a table whose present (`present()`) was kept at `at`, ready to fold what followed."""
        history = cls(every_round=every_round)
        try:
            if present["rules"] is not None:
                history.rules = rules_from_mapping(present["rules"], "checkpoint")
                history.rules_digest = rules_digest(history.rules)
            history.faults = {f["fault_id"]: TableFault(**f) for f in present["faults"]}
            history.faults_raised = int(present["faults_raised"])
            history.session = dict(present["session"])
            history.dealer = present["dealer"]
            turn = present["turn"]
            history.dealer_turns = [] if turn is None else [DealerTurn(str(turn["dealer"]), float(turn["start"]))]
            history.shoe = None if present["shoe"] is None else ShoeSessionStarted.from_payload(present["shoe"])
            history.edges_acknowledged = {str(k): str(v) for k, v in present["edges_acknowledged"].items()}
            history.two_person_above = int(present["two_person_above"])
            history.program = None if present["program"] is None else ProgramVerified.from_payload(present["program"])
            history.last_number = int(present["last_number"])
            history.shoes_must_authenticate = bool(present.get("shoes_must_authenticate", False))
            seen = present.get("accounts")  # a checkpoint made before tables saw their accounts holds none
            history.accounts = None if seen is None else AccountsSeen.from_payload(seen)
        except (*UNREADABLE, RulesError) as err:
            raise HistoryError(f"A checkpoint of the table cannot be read ({err!r}): the journal was damaged or "
                               "edited. Keep it as it is and run `rptable audit verify`.") from err
        history.last_at = at
        return history

    def record(self, round_id: str) -> RoundRecord | None:
        """A round folded so far, by id (the last opened only, for a live table's history)."""
        return self._by_id.get(round_id)

    # -- folding --------------------------------------------------------------------------------------------
    def fold(self, entry: JournalEntry) -> None:
        """Fold the next journal entry; HistoryError when its event cannot be read or replayed."""
        with _readable(entry):
            event = event_of(entry)
            if event is not None:
                self.fold_event(event, entry.at, entry.round_id)

    def fold_event(self, event: TableEvent | Event, at: float, round_id: str | None) -> None:
        """Fold an event recorded at `at` in the round `round_id` (the journal entry's). A round's event that
        is not of the last round opened changes nothing."""
        if isinstance(event, TableEvent):
            self._fold_table_event(event, at, round_id)
        elif self.round_state is not None and round_id == self.round_id:
            apply(self.round_state, event)
            self._note(event, at)
        self.last_at = at if isinstance(event, ClockRebased) else max(self.last_at, at)

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
            case TableFaultRepeated():
                if (fault := self.faults.get(event.fault_id)) is not None:
                    self.faults[event.fault_id] = dataclasses.replace(fault, count=max(fault.count, event.count))
            case ShoeSessionStarted():
                self.shoe = event
                if self.every_round:
                    self.shoe_sessions.append((at, event.authenticated))
            case PaymentAdjusted():
                if self.every_round:  # the audit's list; a live table reads a round's adjustments from its record
                    self.adjustments.append(event)
                if (record := self._by_id.get(event.round_id)) is not None:
                    record.adjustments.append(event)
            case JackpotPaid():
                if (record := self._by_id.get(event.round_id)) is not None:
                    record.jackpot_paid[event.box] = event.amount
            case PaymentConfirmed():
                if (record := self._by_id.get(event.round_id)) is not None:
                    record.confirmed[event.box] = Confirmation(event, at, record.confirmed.get(event.box))
            case ConfirmationUndone():
                if (record := self._by_id.get(event.round_id)) is not None and event.box in record.confirmed:
                    earlier = record.confirmed.pop(event.box).earlier
                    if earlier is not None:
                        record.confirmed[event.box] = earlier
            case SessionMarked():
                self.session = event.payload()
            case DealerSignedIn():
                self._end_turn(at)  # the next dealer takes over: a handover
                self.dealer = event.dealer
                self.dealer_turns.append(DealerTurn(event.dealer, at))
            case DealerSignedOut():
                self._end_turn(at)
                self.dealer = None
            case RulesEdgeAcknowledged():
                self.edges_acknowledged[event.play_sha256] = event.actor
            case ShowdownSeen():
                if (record := self._by_id.get(event.round_id)) is not None:
                    record.showdown = event
                    record.showings += 1
            case TwoPersonLimit():
                self.two_person_above = event.above
            case ShoePolicy():
                self.shoes_must_authenticate = event.must_authenticate
            case ProgramVerified():
                self.program = event
            case AccountsSeen():
                self.accounts = event
            # ClockRebased moves the time (fold_event); a card held back changes nothing else.

    def _end_turn(self, at: float) -> None:
        if self.dealer_turns and self.dealer_turns[-1].end is None:
            last = self.dealer_turns[-1]
            self.dealer_turns[-1] = DealerTurn(last.dealer, last.start, at)

    def _open(self, event: RoundOpened, at: float) -> None:
        if self.rules is None:
            raise HistoryError(f"Round {event.round_id} opens before any house rules are recorded: the journal "
                               "was damaged or edited. Keep it as it is and run `rptable audit verify`.")
        record = RoundRecord(event.round_id, event.number, self.rules, self.rules_digest, at, dealt_by=self.dealer)
        self.last_number = event.number
        if not self.every_round:
            self.rounds.clear()
            self._by_id.clear()
        self.rounds.append(record)
        self._by_id[record.round_id] = record
        self.round_state = record.in_play = new_round(self.rules)

    def _note(self, event: Event, at: float) -> None:
        """What a round's event (applied to the round's state already) adds to its record."""
        record, state = self.rounds[-1], self.round_state
        assert state is not None
        if isinstance(event, BoxSettled):
            box = state.boxes[event.box]
            record.boxes.append(BoxResult(event, tuple(box.cards), box.ante, box.bonus,
                                          0 if state.voided else box.wagered))
        elif isinstance(event, JackpotSettled):
            record.jackpot_stakes[event.box] = event.stake
            if event.fixed:  # the table pays a fixed award at once; a share of the meter once a pit boss confirms
                record.jackpot_paid[event.box] = event.fixed
        elif isinstance(event, JackpotVoided):
            record.jackpot_stakes.pop(event.box, None)
            record.jackpot_paid.pop(event.box, None)
        elif isinstance(event, RoundClosed):
            record.close(state, at)
        elif isinstance(event, CardFault):
            record.faults += 1


def read_round(reading: Iterable[JournalEntry], round_id: str) -> RoundRecord | None:
    """One round's record from its reading (controller.table.journal.Journal.round_reading: the house rules and
    the dealer in force when it opened, its own entries and those journaled elsewhere that name it): the same
    record as a fold of the whole journal makes of it, at the cost of that round alone."""
    history = TableHistory()
    for entry in reading:
        history.fold(entry)
    return history.record(round_id)


@dataclass(frozen=True, slots=True)
class RoundAtStep:
    """A round as it stood after one of its steps: its state, the adjustments made by then (their sum, by box),
    and the payments confirmed by then (by box, the confirmation standing)."""

    state: RoundState
    adjusted: dict[int, int]
    confirmed: dict[int, PaymentConfirmed]


class EntrySource(Protocol):
    """Where a round's entries are read from: a journal file, or the entries already read (`EntriesRead`)."""

    def round_entries(self, round_id: str) -> Iterable[JournalEntry]: ...

    def table_entries(self) -> Iterable[JournalEntry]: ...


class EntriesRead:
    """A table's entries already in memory (the floor database's copy of its journal), read as a journal is:
    an EntrySource, with `entries()` and `count()` for the audit."""

    def __init__(self, table_id: str, entries: Sequence[JournalEntry]) -> None:
        self.table_id = table_id
        self._entries = entries

    def __enter__(self) -> EntriesRead:
        return self

    def __exit__(self, *exc: object) -> None:
        return None

    def entries(self) -> Iterable[JournalEntry]:
        return iter(self._entries)

    def count(self) -> int:
        return len(self._entries)

    def round_entries(self, round_id: str) -> Iterable[JournalEntry]:
        return (e for e in self._entries if e.round_id == round_id)

    def table_entries(self) -> Iterable[JournalEntry]:
        return (e for e in self._entries if e.kind.startswith("table."))


def round_steps(journal: EntrySource, record: RoundRecord) -> list[Step]:
    """A round's steps in journal order, read back from the journal to replay it: its own entries (its events,
    the payments confirmed, what pit bosses did while it was in play) and each adjustment of it journaled
    elsewhere (after it closed, between rounds or while another round was in play). `audit show` and the
    console's replay step through these; a history keeps no steps, so that folding a long shift stays light."""
    steps = [step for entry in journal.round_entries(record.round_id) if (step := step_of(entry)) is not None]
    adjusted_here = sum(isinstance(s.event, PaymentAdjusted) and s.event.round_id == record.round_id for s in steps)
    if steps and adjusted_here < len(record.adjustments):
        opened = steps[0].entry.seq
        elsewhere = (step_of(e) for e in journal.table_entries()
                     if e.seq > opened and e.kind == PaymentAdjusted.KIND and e.round_id != record.round_id)
        steps += [step for step in elsewhere if step is not None and isinstance(step.event, PaymentAdjusted)
                  and step.event.round_id == record.round_id]
        steps.sort(key=lambda step: step.entry.seq)
    return steps


def step_of(entry: JournalEntry) -> Step | None:
    """The entry with its event; None for a kind this version does not know."""
    with _readable(entry):
        event = event_of(entry)
    return Step(entry, event) if event is not None else None


@contextlib.contextmanager
def _readable(entry: JournalEntry) -> Iterator[None]:
    """HistoryError, naming the entry, for an event that cannot be decoded or replayed."""
    try:
        yield
    except UNREADABLE as err:
        raise HistoryError(f"Journal event {entry.seq} ({entry.kind}) cannot be replayed ({err!r}): the "
                           "journal was damaged or edited. Keep it as it is and run `rptable audit verify`.",
                           entry.seq) from err


def replay_to(record: RoundRecord, steps: Sequence[Step], step: int) -> RoundAtStep:
    """The round as it stood after its step number `step` (from 0) of its `steps` (round_steps)."""
    state = new_round(record.rules)
    adjusted: dict[int, int] = {}
    confirmations: dict[int, list[PaymentConfirmed]] = {}
    for kept in steps[:step + 1]:
        match kept.event:
            case PaymentAdjusted(box=box, amount=amount) if kept.event.round_id == record.round_id:
                adjusted[box] = adjusted.get(box, 0) + amount
            case PaymentConfirmed(box=box) if kept.event.round_id == record.round_id:
                confirmations.setdefault(box, []).append(kept.event)
            case ConfirmationUndone(box=box) if kept.event.round_id == record.round_id and confirmations.get(box):
                confirmations[box].pop()
            case Event():
                apply(state, kept.event)
    return RoundAtStep(state, adjusted, {box: made[-1] for box, made in confirmations.items() if made})
