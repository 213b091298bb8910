"""The table controller: the one place that joins a card source, the rules engine, the journal and listeners.

Commands (from the console or the command line) and card events (from a driver) come in; the engine verifies
each command and turns it into events; the events are written to the journal, and only once they are durable
do listeners (the console, metrics) see them. On start the controller replays its journal and resumes exactly
where the table stood: the same round, the same next step, the same open faults.

Durability comes in two grains. A live table commits every command (a dealer's pace is a few per second, a
commit is under a millisecond). `rptable simulate` commits once per round, in the journal's own writer process
(it writes behind: the drive syncs one round while the next is played); nobody watches in between, and the
listeners still see nothing that is not on disk (`flush` shows what is, `sync` waits for the rest). If a commit
fails, the round in memory is rebuilt from the journal, the table is locked, and the failure is shown: an event
that could not be recorded is never shown.

Table faults (the shoe offline, a card missed, a device fault, a clock jump) lock play and survive a restart;
only a pit boss resolves them, with a reason, and the resolution is journaled with who and why. A shoe that
comes back after going offline clears its own offline fault, as SHOE/1 says.
"""

from __future__ import annotations

import collections
import contextlib
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, NoReturn

from controller.core.cards import PACK, parse_card
from controller.core.rules import HouseRules, rules_from_mapping
from controller.engine import (
    CardDealt,
    Command,
    CorrectCard,
    DismissCard,
    IllegalCommand,
    Phase,
    PlaceStakes,
    RoundState,
    VoidRound,
    apply,
    do,
    event_from_dict,
    new_round,
    verify,
)
from controller.engine.events import EVENT_TYPES, Event
from controller.table.journal import Journal, JournalEntry, JournalError, NewEvent, payload_to_json
from controller.table.users import Role, User
from drivers.base import CardEvent, DeviceFault, SourceEvent, StatusEvent

# A clock that runs backwards by more than this, between two events, is a fault (ARCHITECTURE: "clock jump").
CLOCK_BACKWARDS_TOLERANCE = 2.0
# Wall time that moves this much more or less than monotonic time between two commands was set by hand.
CLOCK_JUMP_TOLERANCE = 120.0
PAYLOAD_CACHE_LIMIT = 20_000  # distinct engine events kept encoded (a session has a few thousand)
CLOSED = Phase.CLOSED  # a plain name: `Phase.CLOSED` is a descriptor call, and each command asks
# The command of each card of the pack, made once (commands are immutable). By id: the pack's cards live as long
# as the program, so no other object has one of their ids; a card made elsewhere gets a command of its own.
_CARD_DEALT: dict[int, CardDealt] = {id(card): CardDealt(card) for card in PACK}

Listener = Callable[[JournalEntry], None]
JournalForm = tuple[Event, str, dict[str, Any], str]  # an engine event, its kind, payload and canonical JSON


class TableLocked(Exception):
    """Play is stopped by an open fault; the message says which and what to do."""


class RulesMismatch(ValueError):
    """The house rules asked for differ from the ones the table's journal plays."""


@dataclass(frozen=True, slots=True)
class TableFault:
    """A fault of the table (device, link, storage, clock), as opposed to a round's card fault."""

    fault_id: str
    code: str
    text: str
    source: str
    at: float
    clears_itself: bool = False  # OFFLINE: clears when the shoe's link returns


@dataclass(frozen=True, slots=True)
class Adjustment:
    round_id: str
    box: int
    amount: int
    actor: str
    reason: str


class TableController:
    """One table. Not thread-safe: the console calls it from the GUI thread, drivers post events there."""

    def __init__(
        self,
        journal: Journal,
        rules: HouseRules | None = None,
        *,
        clock: Callable[[], float] = time.time,
        monotonic: Callable[[], float] | None = None,
        commit_per: str = "command",
    ) -> None:
        if commit_per not in ("command", "round"):
            raise ValueError("commit_per is 'command' or 'round'")
        self.journal = journal
        self.clock = clock
        # Forward jumps show only against a monotonic clock; a test's injected wall clock brings its own.
        self.monotonic = monotonic or (time.monotonic if clock is time.time else None)
        self.commit_per = commit_per
        self.listeners: list[Listener] = []
        self.listener_errors: list[str] = []
        self.rules: HouseRules | None = None
        self.round: RoundState | None = None
        self.round_id: str | None = None
        self.round_number = 0
        self.faults: dict[str, TableFault] = {}
        self.adjustments: list[Adjustment] = []
        self.session: dict[str, Any] = {}
        self.storage_error: str | None = None
        self._pending: list[NewEvent] = []
        self._unshown: collections.deque[JournalEntry] = collections.deque()  # appended, not yet on disk
        self._forms: dict[int, JournalForm] = {}  # by id(event): see _journal_form
        self._forms_by_value: dict[Event, JournalForm] = {}
        self._last_at = 0.0
        self._clock_offset: float | None = None  # wall time minus monotonic time at the last check
        self._fault_counter = 0
        self._storage_marker = Path(f"{journal.path}.storage-fault")
        self._recover()
        if self.rules is None:
            if rules is None:
                raise ValueError("a new journal needs house rules (a preset or a rules file)")
            self._table_event("table.rules", {"rules": rules.to_mapping(), "actor": "setup", "reason": "new table"})
            self.flush()
        elif rules is not None and rules.to_mapping() != self.rules.to_mapping():
            raise RulesMismatch(
                f"This table's journal plays the house rules '{self.rules.name}', not '{rules.name}'. A pit boss "
                "changes the rules between rounds; or give another journal (--journal).")
        self._report_earlier_storage_failure()

    # ----------------------------------------------------------------------------------------- queries
    @property
    def table_id(self) -> str:
        return self.journal.table_id

    @property
    def round_open(self) -> bool:
        return self.round is not None and self.round.phase is not CLOSED

    @property
    def locked_reason(self) -> str | None:
        """Why play is stopped, in words for the dealer; None when play may go on."""
        if self.storage_error:
            return self.storage_error
        if self.faults:
            fault = next(iter(self.faults.values()))
            return f"{fault.text} Play is stopped until a pit boss resolves it (fault {fault.fault_id})."
        return None

    def add_listener(self, listener: Listener) -> None:
        self.listeners.append(listener)

    # ---------------------------------------------------------------------------------------- commands
    def submit(self, command: Command, actor: str = "dealer") -> Sequence[JournalEntry]:
        """A dealer's or player's command. Raises IllegalCommand (nothing changed) or TableLocked.
        Returns the entries it journaled (with `commit_per="round"`: none until the round closes)."""
        now = self._check_clock()
        if self.storage_error or self.faults:
            self._refuse_if_locked()
        state = self.round
        if state is None or state.phase is CLOSED:
            state = self._round_for(command)
        return self._run(state, command, actor, now)

    def card(self, card_event: CardEvent) -> Sequence[JournalEntry]:
        """A card from the card source. Every card is journaled: taken into the round, or held back (a table
        fault is open, the round is stopped, or no round expects one, which is itself a fault)."""
        if self.storage_error:
            raise TableLocked(self.storage_error)
        now = self._check_clock()  # a clock jump found now is a table fault: this card is then held
        if self.faults:
            return self._hold(card_event, "a table fault is open")
        state = self.round
        if state is None or state.phase is CLOSED:
            self._hold(card_event, "no round was expecting a card")
            return self.raise_fault(
                "UNEXPECTED_CARD", f"Card {card_event.code} came from the shoe when no round expected one. Stop "
                "dealing; a pit boss must check the shoe and the table.", card_event.source)
        if state.fault is not None:
            return self._hold(card_event, "the round is stopped by a card fault")
        try:
            command = _CARD_DEALT.get(id(card_event.card)) or CardDealt(card_event.card)
            return self._run(state, command, f"shoe#{card_event.seq}", now)
        except IllegalCommand as err:
            return self._hold(card_event, err.reason)

    def source_event(self, event: SourceEvent) -> Sequence[JournalEntry]:
        """Anything a card source delivers: a card, a device fault, a status change."""
        if isinstance(event, CardEvent):
            return self.card(event)
        if isinstance(event, DeviceFault):
            return self.raise_fault(event.code, event.text, event.source, clears_itself=event.code == "OFFLINE")
        if isinstance(event, StatusEvent) and event.state in ("CONNECTED", "READY"):
            return self._clear_self_clearing(event.source)
        return []

    def raise_fault(self, code: str, text: str, source: str, *, clears_itself: bool = False) -> Sequence[JournalEntry]:
        if any(f.code == code and f.source == source for f in self.faults.values()):
            return []  # already open: one fault, not one per repeat
        self._table_event("table.fault", {"fault_id": self._next_fault_id(), "code": code, "text": text,
                                          "source": source, "clears_itself": clears_itself})
        return self.flush()

    def mark_session(self, mode: str, **detail: Any) -> Sequence[JournalEntry]:
        """Record what kind of session this journal holds (a simulation, with its seed), once, at its start."""
        self._table_event("table.session", {"mode": mode, **detail})
        return self.flush()

    # ------------------------------------------------------------------------------ pit-boss overrides
    def resolve_fault(self, fault_id: str, by: User, reason: str) -> Sequence[JournalEntry]:
        self._require_pit_boss(by, reason)
        fault = self.faults.get(fault_id)
        if fault is None:
            raise IllegalCommand(f"There is no open fault {fault_id}.", "ARCH-FAULTS")
        self._table_event("table.fault_resolved", {"fault_id": fault_id, "actor": by.label, "reason": reason},
                          actor=by.label)
        if fault.code == "CLOCK":
            # The pit boss has checked the time: from now on the clock's own time is recorded again.
            now = float(self.clock())
            self._pending.append(NewEvent("table.clock_rebased", {"from": self._last_at, "to": now,
                                                                  "actor": by.label}, now, actor=by.label))
            self._last_at, self._clock_offset = now, None
        return self.flush()

    def change_rules(self, rules: HouseRules, by: User, reason: str) -> Sequence[JournalEntry]:
        """A pit boss changes the house rules, between rounds, with a reason."""
        self._require_pit_boss(by, reason)
        if self.round_open:
            raise TableLocked("The house rules can change only between rounds: finish or void this round first.")
        self._table_event("table.rules", {"rules": rules.to_mapping(), "actor": by.label, "reason": reason},
                          actor=by.label)
        return self.flush()

    def correct_card(self, card_code: str, by: User, reason: str) -> Sequence[JournalEntry]:
        self._require_pit_boss(by, reason)
        return self._override(CorrectCard(parse_card(card_code), by.label, reason))

    def dismiss_card(self, by: User, reason: str) -> Sequence[JournalEntry]:
        self._require_pit_boss(by, reason)
        return self._override(DismissCard(by.label, reason))

    def void_round(self, by: User, reason: str) -> Sequence[JournalEntry]:
        self._require_pit_boss(by, reason)
        return self._override(VoidRound(by.label, reason))

    def adjust_payment(self, round_id: str, box: int, amount: int, by: User, reason: str) -> Sequence[JournalEntry]:
        """A manual adjustment to a settled box's payment (+ = more to the player), journaled with who and why."""
        self._require_pit_boss(by, reason)
        if amount == 0:
            raise IllegalCommand("An adjustment of 0 changes nothing.", "ARCH-FAULTS")
        settled = {e.payload.get("box") for e in self.journal.round_entries(round_id) if e.kind == "BoxSettled"}
        if box not in settled:
            raise IllegalCommand(f"Round {round_id} has no settled box {box}: only a settled box's payment can be "
                                 "adjusted.", "ARCH-FAULTS")
        self._table_event("table.adjustment", {"round_id": round_id, "box": box, "amount": amount,
                                               "actor": by.label, "reason": reason}, actor=by.label)
        return self.flush()

    # ------------------------------------------------------------------------------------- durability
    def flush(self) -> Sequence[JournalEntry]:
        """Commit what is pending, then show the listeners what is on disk (with a journal that writes behind,
        `rptable simulate`'s, that may lag the entries returned; `sync` catches up)."""
        entries: Sequence[JournalEntry] = ()
        if self._pending:
            pending, self._pending = self._pending, []
            try:
                entries = self.journal.append(pending)
            except Exception as err:
                self._lost_storage(err)
            if self.listeners:
                self._unshown.extend(entries)
        if self._unshown:
            self._show(self.journal.durable_seq)
        return entries

    def sync(self) -> None:
        """Wait until every event is on disk, and show the listeners the rest."""
        try:
            self.journal.sync()
        except Exception as err:
            self._lost_storage(err)
        self._show(self.journal.durable_seq)

    def _show(self, durable_seq: int) -> None:
        unshown = self._unshown
        while unshown and unshown[0].seq <= durable_seq:
            entry = unshown.popleft()
            for listener in self.listeners:
                try:
                    listener(entry)
                except Exception as err:
                    self.listener_errors.append(f"{getattr(listener, '__qualname__', listener)}: {err!r}")

    def _lost_storage(self, err: Exception) -> NoReturn:
        self._unshown.clear()  # never shown: they are not on disk
        self._storage_failed(err)
        raise TableLocked(self.storage_error) from err

    # ------------------------------------------------------------------------------------------ inside
    def _run(self, state: RoundState, command: Command, actor: str, now: float | None = None
             ) -> Sequence[JournalEntry]:
        """Do the command on the round and queue its events, at `now` (the time its clock check read)."""
        events = do(state, command)  # raises IllegalCommand with nothing changed
        now = self._now(now)
        round_id = self.round_id
        forms = self._forms
        pending = self._pending
        for event in events:
            form = forms.get(id(event))
            if form is None or form[0] is not event:
                form = self._journal_form(event)
            pending.append(NewEvent(form[1], form[2], now, round_id, actor, 1, form[3]))
        if self.commit_per == "round" and state.phase is not CLOSED:
            return ()
        return self.flush()

    def _journal_form(self, event: Event) -> JournalForm:
        """An engine event as the journal stores it: its kind, payload and canonical JSON. Events are frozen
        and most recur (the same card to the same box, the same box folding), so each distinct one is encoded
        once; the payload dicts are shared and must be treated as read-only, as every journal payload is.

        `_run` looks a form up by the event's identity first: the engine hands out one instance per routine
        card, and hashing an event asks each of its cards for a hash, a Python call. The first instance of an
        event is kept under its id too; the form holds it, so no other object can take that id while the
        form is cached."""
        form = self._forms_by_value.get(event)
        if form is None:
            if len(self._forms_by_value) >= PAYLOAD_CACHE_LIMIT:
                self._forms_by_value.clear()
                self._forms.clear()
            payload = event.to_dict()
            form = self._forms_by_value[event] = self._forms[id(event)] = (
                event, event.type_name, payload, payload_to_json(payload))
        return form

    def _table_event(self, kind: str, payload: dict[str, Any], actor: str | None = None,
                     round_id: str | None = None) -> None:
        """Apply a table-level event now and queue it for the journal (a failed commit rebuilds from disk)."""
        at = self._now()
        self._apply_table_event(kind, payload, at)
        if round_id is None and self.round_open:
            round_id = self.round_id
        self._pending.append(NewEvent(kind, payload, at, round_id=round_id, actor=actor))

    def _hold(self, card_event: CardEvent, why: str) -> Sequence[JournalEntry]:
        self._table_event("table.card_held", {"card": card_event.code, "seq": card_event.seq,
                                              "source": card_event.source, "why": why})
        return self.flush()

    def _round_for(self, command: Command) -> RoundState:
        if not self.round_open:
            if not isinstance(command, PlaceStakes):
                raise IllegalCommand("No round is open: place antes to start one.", "R-BET-1")
            assert self.rules is not None
            verify(new_round(self.rules), command)  # refused opening antes leave no round behind
            number = self.round_number + 1
            round_id = f"{self.table_id}-{number:06d}"
            self._table_event("table.round_opened", {"round_id": round_id, "number": number,
                                                     "rules": self.rules.name}, round_id=round_id)
        assert self.round is not None
        return self.round

    def _override(self, command: Command) -> Sequence[JournalEntry]:
        if self.storage_error:
            raise TableLocked(self.storage_error)
        if not self.round_open:
            raise IllegalCommand("No round is open.", "ARCH-FAULTS")
        assert self.round is not None
        return self._run(self.round, command, getattr(command, "actor", "pit_boss"))

    def _refuse_if_locked(self) -> None:
        reason = self.locked_reason
        if reason is not None:
            raise TableLocked(reason)

    def _require_pit_boss(self, by: User, reason: str) -> None:
        if not by.may(Role.PIT_BOSS):
            raise IllegalCommand(f"{by.name} may not do this: a pit boss must log in.", "ARCH-FAULTS")
        if not reason.strip():
            raise IllegalCommand("Every override needs a reason; it is journaled with your name.", "ARCH-FAULTS")

    def _clear_self_clearing(self, source: str) -> Sequence[JournalEntry]:
        for fault in list(self.faults.values()):
            if fault.clears_itself and fault.source == source:
                self._table_event("table.fault_resolved", {"fault_id": fault.fault_id, "actor": f"source:{source}",
                                                           "reason": "the link returned"})
        return self.flush()

    def _next_fault_id(self) -> str:
        self._fault_counter += 1
        return f"F{self._fault_counter}"

    def _now(self, wall: float | None = None) -> float:
        """The time to record (`wall`, or the clock's now): never earlier than the last event, so the journal
        stays in time order."""
        now = float(self.clock()) if wall is None else wall
        if now > self._last_at:
            self._last_at = now
        return self._last_at

    def _check_clock(self) -> float:
        """A clock set back (against the journal) or moved by hand either way (against monotonic time) is a
        fault: it is recorded at the last good time and play stops until a pit boss has checked the time.
        Returns the wall time read, the command's time."""
        wall = float(self.clock())
        if self.faults and any(f.code == "CLOCK" for f in self.faults.values()):
            return wall
        jump = 0.0
        if wall < self._last_at - CLOCK_BACKWARDS_TOLERANCE:
            jump = wall - self._last_at
        if self.monotonic is not None:
            # Wall and monotonic time advance together; the offset between them moves only when the clock is set.
            offset = wall - self.monotonic()
            if self._clock_offset is not None:
                drift = offset - self._clock_offset
                if abs(drift) > CLOCK_JUMP_TOLERANCE:
                    jump = jump or drift
            self._clock_offset = offset
        if jump:
            way = "back" if jump < 0 else "forward"
            self.raise_fault("CLOCK", f"The clock jumped {way} {abs(jump):.0f} s. Check the system time.", "clock")
        return wall

    def _storage_failed(self, err: Exception) -> None:
        message = str(err) if isinstance(err, JournalError) else (
            f"The journal {self.journal.path} could not be written: {err!r}. Play is stopped and nothing after "
            "this point was recorded. Restart rptable; a pit boss must resolve the fault.")
        self.storage_error = message
        with contextlib.suppress(OSError):  # a fault after a restart too (the journal itself could not say it)
            self._storage_marker.write_text(message, encoding="utf-8")
        try:
            self._recover()  # forget what was not recorded: the table as the journal has it
        except JournalError:
            self.round = None

    def _report_earlier_storage_failure(self) -> None:
        try:
            text = self._storage_marker.read_text(encoding="utf-8")
        except OSError:
            return
        self.raise_fault("STORAGE", f"Before the last restart the journal could not be written: {text}", "journal")
        self._storage_marker.unlink(missing_ok=True)

    # ------------------------------------------------------------------------------------------ replay
    def _recover(self) -> None:
        """Rebuild the table from its journal: the table-level events, then the current round's own events
        (earlier rounds are closed and need no replay). `audit verify` replays them all."""
        self.rules, self.round, self.round_id, self.round_number = None, None, None, 0
        self.faults.clear()
        self.adjustments.clear()
        self.session = {}
        self._fault_counter = 0
        rebased_at_seq = 0
        for entry in self.journal.table_entries():
            if entry.kind == "table.clock_rebased":
                self._last_at, rebased_at_seq = entry.at, entry.seq  # a pit boss accepted the clock's time
            else:
                self._last_at = max(self._last_at, entry.at)
            self._apply_table_event(entry.kind, entry.payload, entry.at)
        if self.round is not None and self.round_id is not None:
            for entry in self.journal.round_entries(self.round_id):
                if entry.seq > rebased_at_seq:
                    self._last_at = max(self._last_at, entry.at)
                if entry.kind in EVENT_TYPES:
                    apply(self.round, event_from_dict(entry.payload))

    def _apply_table_event(self, kind: str, payload: dict[str, Any], at: float) -> None:
        if kind == "table.rules":
            self.rules = rules_from_mapping(payload["rules"], "journal")
        elif kind == "table.round_opened":
            assert self.rules is not None
            self.round_id, self.round_number = payload["round_id"], int(payload["number"])
            self.round = new_round(self.rules)
        elif kind == "table.fault":
            fault_id = payload["fault_id"]
            self.faults[fault_id] = TableFault(fault_id, payload["code"], payload["text"], payload["source"], at,
                                               bool(payload.get("clears_itself")))
            self._fault_counter = max(self._fault_counter, int(fault_id[1:]))
        elif kind == "table.fault_resolved":
            self.faults.pop(payload["fault_id"], None)
        elif kind == "table.adjustment":
            self.adjustments.append(Adjustment(payload["round_id"], int(payload["box"]), int(payload["amount"]),
                                               payload["actor"], payload["reason"]))
        elif kind == "table.session":
            self.session = dict(payload)
