"""The table controller: the one place that joins a card source, the rules engine, the journal and listeners.

Commands (from the console or the command line) and card events (from a driver) come in; the engine verifies
each command and turns it into events; the events are written to the journal, and only once they are durable
do listeners (the console, metrics) see them. On start the controller folds its journal into the table's
history (controller.table.history) and resumes exactly where the table stood: the same round, the same next
step, the same open faults.

Durability comes in two grains. A live table commits every command (a dealer's pace is a few per second, a
commit is under a millisecond). `rptable simulate` commits once per round: nobody watches in between, and the
listeners still see nothing that is not on disk. If a commit fails, the table is rebuilt from the journal, it
is locked, and the failure is shown: an event that could not be recorded is never shown.

Table faults (the shoe offline, a card missed, a device fault, a clock jump) lock play and survive a restart;
only a pit boss resolves them, with a reason, and the resolution is journaled with who and why. A shoe that
comes back after going offline clears its own offline fault, as SHOE/1 says. Every session with the shoe is
journaled with who it is and whether it proved the pairing key (SHOE/1-A); another device than the last one is
a SHOE_CHANGED fault, which its link coming back never clears. The same fault raised again while open is
counted, not raised twice.

With a camera over the layout, the dealer shows his hand only once the camera has read the showdown
(controller.table.showdown): a card switched between the shoe and the showdown stops the round for a pit boss.

Dealers sign in with their account; the next dealer's sign-in hands the table over. What "the dealer" does
(`submit` and `confirm_payment` without naming anyone) is journaled in the name of the dealer signed in.

Given the table's signing key, every commit that holds a closed round, a fault, an override or another table
event is sealed (controller.table.security.signing). Given the staff accounts, every person who acts must hold an
account with the role, enabled, at that moment: a made-up pit boss is refused, and a tampered accounts store
raises an ACCOUNTS fault and admits nobody. A void or an adjustment above the table's two-person limit needs a
second pit boss, journaled just before it.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping
from typing import Any, NoReturn

from controller.core.rules import HouseRules, same_game
from controller.engine import (
    CardDealt,
    Command,
    IllegalCommand,
    Phase,
    PlaceStakes,
    RevealDealer,
    RoundState,
    do,
    new_round,
    verify,
)
from controller.table import showdown_faults, table_events
from controller.table.audit.verify import verify_journal_file
from controller.table.edge_guard import EdgeGuard
from controller.table.history import TableFault, TableHistory
from controller.table.jackpot import TableJackpot
from controller.table.jackpot_hits import JACKPOT_KINDS
from controller.table.journal import Damage, Journal, JournalDamaged, JournalEntry, JournalError, NewEvent
from controller.table.overrides import PitBossOverrides
from controller.table.round_record import RoundRecord
from controller.table.security.signing import Sealer, SigningKey
from controller.table.security.users import User, UserStore
from controller.table.staff import TableStaff
from controller.table.table_locked import TableLocked as TableLocked
from drivers.base import CardEvent, DeviceFault, DeviceIdentity, SourceEvent, StatusEvent
from drivers.showdown import ShowdownCheck, Spot, SpotReading

# A clock that runs backwards by more than this, between two events, is a fault (ARCHITECTURE: "clock jump").
CLOCK_BACKWARDS_TOLERANCE = 2.0
# Wall time that moves this much more or less than monotonic time between two commands was set by hand.
CLOCK_JUMP_TOLERANCE = 120.0

# The table's present is kept in its journal every so many rounds (a checkpoint): recovery, the reporter and the
# writer's check of the journal start from the last one, so their cost does not grow with the table's history.
CHECKPOINT_EVERY = 50

Listener = Callable[[JournalEntry], None]
THE_DEALER = "dealer"  # the actor of a dealer's command when nobody has signed in
NO_DEALER = "No dealer is signed in: a dealer signs in (F6) before a round opens."


class RulesMismatch(ValueError):
    """The house rules asked for differ from the ones the table's journal plays."""


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
        rounds_per_commit: int = 1,
        camera: str | None = None,
        key: SigningKey | None = None,
        accounts: UserStore | None = None,
        dealer_required: bool = False,
    ) -> None:
        if commit_per not in ("command", "round"):
            raise ValueError("commit_per is 'command' or 'round'")
        if rounds_per_commit < 1:
            raise ValueError("rounds_per_commit is at least 1")
        self.journal = journal
        if key is not None:
            journal.sealer = Sealer(key)
        # The parts of the table that are not the round: who may act, the pit boss's overrides, the jackpot, the
        # operator's guard.
        self.staff = TableStaff(self, accounts)
        self.jackpot = TableJackpot(self)
        self.overrides = PitBossOverrides(self)
        self.edge_guard = EdgeGuard(self)
        # A live table (the console) opens rounds only for a dealer signed in: every round is someone's. Scripts
        # and simulated sessions deal with nobody signed in.
        self.dealer_required = dealer_required
        self.clock = clock
        # Forward jumps show only against a monotonic clock; a test's injected wall clock brings its own.
        self.monotonic = monotonic or (time.monotonic if clock is time.time else None)
        self.commit_per = commit_per
        # A simulated session commits a few rounds at a time: the drive syncs once for them all, and nobody
        # watches in between (listeners still see only what is on disk).
        self.rounds_per_commit = rounds_per_commit
        # The camera over the layout (its URL), if the table has one: the dealer then shows his hand only once
        # the camera has seen every box's cards as the shoe dealt them, or a pit boss has resolved what it saw.
        self.camera = camera
        self._rounds_uncommitted = 0
        self.listeners: list[Listener] = []
        self.listener_errors: list[str] = []
        self.history = TableHistory(every_round=False)
        self.storage_error: str | None = None
        self._pending: list[NewEvent] = []
        self._clock_offset: float | None = None  # wall time minus monotonic time at the last check
        self._fault_counts: dict[str, int] = {}  # open faults raised again: the count, journaled now and then
        self._recover()
        if self.rules is None:
            if rules is None:
                raise ValueError("a new journal needs house rules (a preset or a rules file)")
            self._record(table_events.RulesSet(rules, "setup", "new table"))
            self.flush()
        elif rules is not None and not same_game(rules, self.rules):
            raise RulesMismatch(
                f"This table's journal plays the house rules '{self.rules.name}', not '{rules.name}'. A pit boss "
                "changes the rules between rounds; or give another journal (--journal).")
        self._report_earlier_storage_failure()
        if accounts is not None and self.staff.check_accounts() is None and self.staff.moved_on():
            self.flush()

    # ----------------------------------------------------------------------------------------- queries
    @property
    def table_id(self) -> str:
        return self.journal.table_id

    @property
    def rules(self) -> HouseRules | None:
        return self.history.rules

    @property
    def round(self) -> RoundState | None:
        """The last round opened, in play or closed."""
        return self.history.round_state

    @property
    def round_record(self) -> RoundRecord | None:
        """The last round opened as the audit tells it: its results, adjustments and confirmed payments."""
        return self.history.current

    @property
    def round_id(self) -> str | None:
        return self.history.round_id

    @property
    def round_number(self) -> int:
        return self.history.round_number

    @property
    def faults(self) -> dict[str, TableFault]:
        """The table faults still open, by id."""
        return self.history.faults

    @property
    def session(self) -> dict[str, Any]:
        return self.history.session

    @property
    def dealer(self) -> str | None:
        """Who deals now, as the journal names them (`dealer:anna`); None when nobody has signed in."""
        return self.history.dealer

    @property
    def round_open(self) -> bool:
        return self.round is not None and self.round.phase is not Phase.CLOSED

    @property
    def locked_reason(self) -> str | None:
        """Why play is stopped, in words for the dealer; None when play may go on."""
        if self.storage_error:
            return self.storage_error
        if self.faults:
            fault = next(iter(self.faults.values()))
            count = self.fault_count(fault.fault_id)
            times = f" (raised {count:,} times)" if count > 1 else ""
            return f"{fault.text}{times} Play is stopped until a pit boss resolves it (fault {fault.fault_id})."
        return None

    @property
    def showdown_due(self) -> bool:
        """The camera over the layout must read the showdown before the dealer shows his hand: every box has
        acted, and the camera has neither seen each card where the shoe dealt it nor had a pit boss resolve what
        it saw."""
        state, record = self.round, self.round_record
        if self.camera is None or state is None or record is None or state.phase is not Phase.REVEAL:
            return False
        seen = record.showdown
        return seen is None or not (seen.matched or (seen.fault_id != "" and seen.fault_id not in self.faults))

    def fault_count(self, fault_id: str) -> int:
        """How many times an open fault has been raised (a storm of the same fault is one fault)."""
        fault = self.faults.get(fault_id)
        journaled = fault.count if fault is not None else 0
        return max(journaled, self._fault_counts.get(fault_id, 0))

    @property
    def shoe_authenticated(self) -> bool | None:
        """Whether the shoe proved the pairing key at its last session start (SHOE/1-A); None: no session yet."""
        shoe = self.history.shoe
        return shoe.authenticated if shoe is not None else None

    def add_listener(self, listener: Listener) -> None:
        self.listeners.append(listener)

    # ---------------------------------------------------------------------------------------- commands
    def submit(self, command: Command, actor: str = THE_DEALER) -> list[JournalEntry]:
        """A dealer's or player's command (`actor` "dealer": the dealer signed in). Raises IllegalCommand
        (nothing changed) or TableLocked. Returns the entries it journaled (with `commit_per="round"`: none until
        the round closes)."""
        now = self._check_clock()
        self._refuse_if_locked()
        state = self.round
        if state is None or state.phase is Phase.CLOSED:
            state = self._round_for(command)
        if isinstance(command, RevealDealer) and self.showdown_due:
            raise IllegalCommand(showdown_faults.WAITING, "ARCH-FAULTS")
        return self._run(state, command, self._dealer_if_generic(actor), now)

    def card(self, card_event: CardEvent) -> list[JournalEntry]:
        """A card from the card source. Every card is journaled: taken into the round, or held back (a table
        fault is open, the round is stopped, or no round expects one, which is itself a fault)."""
        self._require_writable()
        now = self._check_clock()  # a clock jump found now is a table fault: this card is then held
        if self.faults:
            return self._hold(card_event, "a table fault is open")
        state = self.round
        if state is None or state.phase is Phase.CLOSED:
            self._hold(card_event, "no round was expecting a card")
            return self.raise_fault(
                "UNEXPECTED_CARD", f"Card {card_event.code} came from the shoe when no round expected one. Stop "
                "dealing; a pit boss must check the shoe and the table.", card_event.source)
        if state.fault is not None:
            return self._hold(card_event, "the round is stopped by a card fault")
        try:
            return self._run(state, CardDealt(card_event.card), f"shoe#{card_event.seq}", now)
        except IllegalCommand as err:
            return self._hold(card_event, err.reason)

    def source_event(self, event: SourceEvent) -> list[JournalEntry]:
        """Anything a card source delivers: a card, a device fault, a status change."""
        if isinstance(event, CardEvent):
            return self.card(event)
        if isinstance(event, DeviceFault):
            return self.raise_fault(event.code, event.text, event.source, clears_itself=event.code == "OFFLINE")
        if isinstance(event, StatusEvent) and event.state in ("CONNECTED", "READY"):
            started = self._shoe_session(event.source, event.identity) if event.identity is not None else []
            return started + self._clear_self_clearing(event.source)
        return []

    def raise_fault(self, code: str, text: str, source: str, *, clears_itself: bool = False) -> list[JournalEntry]:
        repeated = next((f for f in self.faults.values() if f.code == code and f.source == source), None)
        if repeated is not None:
            return self._fault_repeated(repeated.fault_id)  # already open: one fault, with a count
        self._record(table_events.TableFaultRaised(self._next_fault_id(), code, text, source, clears_itself))
        return self.flush()

    def showdown_seen(self, round_id: str, seen: Mapping[Spot, SpotReading], check: ShowdownCheck, *,
                      failure: str | None = None) -> list[JournalEntry]:
        """The camera's reading of the layout at this round's showdown (`failure`: the camera could not read it
        at all), journaled with its verdict. A card switched stops the round for a pit boss (CARD_SWITCH, naming
        the box and both cards); a spot the camera still cannot read after a few showings is left to a pit boss
        (LAYOUT_UNREAD), as is a camera that failed (CAMERA): an unreadable card is never a switch."""
        self._refuse_if_locked()
        record = self.round_record
        if not self.showdown_due or record is None or round_id != record.round_id:
            raise IllegalCommand("No showdown is waiting for the camera: it reads the layout once every box has "
                                 "acted, before the dealer shows his hand.", "ARCH-FAULTS")
        fault = showdown_faults.fault_of(check, record.showings + 1, failure)
        fault_id = self._next_fault_id() if fault is not None else ""
        assert self.camera is not None  # showdown_due says so
        self._record(table_events.ShowdownSeen.of(round_id, self.camera, seen, check, fault_id))
        if fault is not None:
            self._record(table_events.TableFaultRaised(fault_id, fault.code, fault.text, self.camera))
        return self.flush()

    def mark_session(self, mode: str, **detail: Any) -> list[JournalEntry]:
        """Record what kind of session this journal holds (a simulation, with its seed), once, at its start."""
        self._record(table_events.SessionMarked(mode, detail))
        return self.flush()

    # ---------------------------------------------------------------------------------------- payments
    def confirm_payment(self, box: int, by: User | None = None) -> list[JournalEntry]:
        """The dealer (`by`, or the dealer signed in) has paid or collected a settled box of the last round,
        adjustments included. A box confirmed before a later adjustment is confirmed again for its new amount."""
        self._require_writable()
        record = self.round_record
        result = next((b for b in record.boxes if b.box == box), None) if record is not None else None
        if record is None or result is None or not record.complete:
            raise IllegalCommand(f"Box {box} has no settled payment to confirm.", "ARCH-FAULTS")
        if record.is_confirmed(result):
            raise IllegalCommand(f"Box {box}'s payment is confirmed already.", "ARCH-FAULTS")
        actor = by.label if by is not None else self._dealer_if_generic(THE_DEALER)
        self._record(table_events.PaymentConfirmed(record.round_id, box, record.net(result), actor), actor=actor)
        return self.flush()

    def record_program(self, version: str, digest: str, files: int) -> list[JournalEntry]:
        """Journal the installed program (its version and digest) when it differs from the last one journaled."""
        last = self.history.program
        if last is not None and (last.version, last.digest) == (version, digest):
            return []
        self._record(table_events.ProgramVerified(version, digest, files), actor="table")
        return self.flush()

    def follow_floor_settings(self, shoes_must_authenticate: bool) -> list[JournalEntry]:
        """Journal what the floor's settings ask of the table's shoe when it differs from what the table last
        read (controller.floor.settings): the journal keeps it for when the floor cannot be reached."""
        if self.history.shoes_must_authenticate == shoes_must_authenticate:
            return []
        self._record(table_events.ShoePolicy(shoes_must_authenticate, "floor"), actor="table")
        return self.flush()

    # ------------------------------------------------------------------------------------- durability
    def flush(self) -> list[JournalEntry]:
        """Commit what is pending, then show it to the listeners."""
        if not self._pending:
            return []
        pending, self._pending = self._pending, []
        self._rounds_uncommitted = 0
        try:
            entries = self.journal.append(pending)
        except Exception as err:
            self._lost_storage(err)
        if any(entry.kind in JACKPOT_KINDS for entry in entries):
            self.jackpot.forget()
        for entry in entries:
            for listener in self.listeners:
                try:
                    listener(entry)
                except Exception as err:
                    self.listener_errors.append(f"{getattr(listener, '__qualname__', listener)}: {err!r}")
        return entries

    def sync(self) -> None:
        """Commit what is pending and show it (a table that commits per round calls this when it stops)."""
        self.flush()

    def _lost_storage(self, err: Exception) -> NoReturn:
        self._storage_failed(err)
        raise TableLocked(self.storage_error) from err

    # ------------------------------------------------------------------------------------------ inside
    def _run(self, state: RoundState, command: Command, actor: str, now: float | None = None
             ) -> list[JournalEntry]:
        """Do the command on the round and queue its events, at `now` (the time its clock check read)."""
        events = do(state, command)  # raises IllegalCommand with nothing changed
        at = self._time(now)
        self.history.played(events, at)
        round_id = self.round_id
        self._pending.extend(NewEvent(event.KIND, event.payload(), at, round_id, actor)
                             for event in events)
        if self.commit_per == "round":
            if state.phase is not Phase.CLOSED:
                return []
            self._rounds_uncommitted += 1
            if self._rounds_uncommitted < self.rounds_per_commit:
                return []
        return self.flush()

    def _record(self, event: table_events.TableEvent, actor: str | None = None, at: float | None = None) -> None:
        """Fold a table event into the history now and queue it for the journal (a failed commit rebuilds the
        history from the journal)."""
        at = self._time() if at is None else at
        round_id = event.entry_round(self.round_id if self.round_open else None)
        self.history.fold_event(event, at, round_id)
        self._pending.append(NewEvent(event.KIND, event.payload(), at, round_id, actor, event.VERSION))

    def _next_fault_id(self) -> str:
        return f"F{self.history.faults_raised + 1}"

    def _hold(self, card_event: CardEvent, why: str) -> list[JournalEntry]:
        self._record(table_events.CardHeld(card_event.code, card_event.seq, card_event.source, why))
        return self.flush()

    def _round_for(self, command: Command) -> RoundState:
        """A new round for the opening antes (refused antes leave no round behind)."""
        if not isinstance(command, PlaceStakes):
            raise IllegalCommand("No round is open: place antes to start one.", "R-BET-1")
        assert self.rules is not None
        verify(new_round(self.rules), command)
        self.edge_guard.require_acknowledged()
        if self.dealer_required and self.dealer is None:
            raise IllegalCommand(NO_DEALER, "ARCH-FAULTS")
        number = self.round_number + 1
        if self.round_number and self.round_number % CHECKPOINT_EVERY == 0:
            self._record(table_events.Checkpoint(self.round_number, self.history.present()))
        self._record(table_events.RoundOpened(f"{self.table_id}-{number:06d}", number, self.rules.name))
        assert self.round is not None
        return self.round

    def _refuse_if_locked(self) -> None:
        reason = self.locked_reason
        if reason is not None:
            raise TableLocked(reason)

    def _dealer_if_generic(self, actor: str) -> str:
        """The journal's name for `actor`: "dealer" stands for the dealer signed in, when one is."""
        return (self.dealer or actor) if actor == THE_DEALER else actor

    def _require_writable(self) -> None:
        """TableLocked while the journal cannot be written: nothing that would be journaled is done."""
        if self.storage_error:
            raise TableLocked(self.storage_error)

    def _fault_repeated(self, fault_id: str) -> list[JournalEntry]:
        """Count an open fault raised again; journal the count when it reaches a power of two, so that a storm of
        device faults writes a few entries and keeps the table's journal (and its pit boss) free."""
        count = self.fault_count(fault_id) + 1
        self._fault_counts[fault_id] = count
        if count & (count - 1):
            return []
        self._record(table_events.TableFaultRepeated(fault_id, count))
        return self.flush()

    def _shoe_session(self, source: str, identity: DeviceIdentity) -> list[JournalEntry]:
        """Journal who the shoe is at every session start, and whether it proved the pairing key. Another device
        than the last one (another serial or key: a shoe swapped mid-round, a new device after the shoe went
        offline) is a fault a pit boss must clear: the link's return clears only the offline fault."""
        before = self.history.shoe
        started = table_events.ShoeSessionStarted(source, identity.model, identity.serial, identity.firmware,
                                                  identity.key_id or "", identity.authenticated)
        self._record(started)
        entries = self.flush() if self.commit_per == "command" else []  # else durable with the round's commit
        already_said = any(f.code == "SHOE_NOT_AUTHENTICATED" and f.source == source for f in self.faults.values())
        if self.history.shoes_must_authenticate and not started.authenticated and not already_said:
            # once for the shoe, not again for each status of the same session (connected, then ready)
            entries += self.raise_fault(
                "SHOE_NOT_AUTHENTICATED", f"The shoe {started.serial} proves no key (plain SHOE/1), and the floor "
                "takes only shoes that prove theirs (setting shoes_must_authenticate): a wire on its cable could "
                "change its cards. Stop dealing; pair the shoe with the table's key, or a pit boss resolves this "
                "fault to deal with it as it is.", source)
        if before is not None and (before.serial, before.key_id) != (started.serial, started.key_id):
            was = f"{before.serial}" + (f" with key {before.key_id}" if before.key_id else " (not authenticated)")
            now = f"{started.serial}" + (f" with key {started.key_id}" if started.key_id else " (not authenticated)")
            entries += self.raise_fault(
                "SHOE_CHANGED", f"Another shoe answered: {now}, where it was {was}. Stop dealing; a pit boss must "
                "check which device is on the table's line before play goes on.", source)
        return entries

    def _fault_resolved(self, fault: TableFault, by: User, reason: str) -> None:
        """Journal a pit boss's resolution of an open fault: the exact count of a storm, once it is over, and for
        a clock fault, the time from which the clock's own time is recorded again."""
        count = self._fault_counts.pop(fault.fault_id, 0)
        if count > fault.count:
            self._record(table_events.TableFaultRepeated(fault.fault_id, count))
        self._record(table_events.TableFaultResolved(fault.fault_id, by.label, reason), actor=by.label)
        if fault.code == "CLOCK":
            # The pit boss has checked the time: from now on the clock's own time is recorded again.
            now = float(self.clock())
            self._record(table_events.ClockRebased(self.history.last_at, now, by.label), actor=by.label, at=now)
            self._clock_offset = None

    def _clear_self_clearing(self, source: str) -> list[JournalEntry]:
        cleared = [f for f in self.faults.values() if f.clears_itself and f.source == source]
        if not cleared:
            return []  # a status that changes nothing commits nothing
        for fault in cleared:
            self._record(table_events.TableFaultResolved(fault.fault_id, f"source:{source}", "the link returned"))
        return self.flush()

    def _time(self, wall: float | None = None) -> float:
        """The time to record (`wall`, or the clock's now): never earlier than the last event, so the journal
        stays in time order."""
        now = float(self.clock()) if wall is None else wall
        return max(now, self.history.last_at)

    def _check_clock(self) -> float:
        """A clock set back (against the journal) or moved by hand either way (against monotonic time) is a
        fault: it is recorded at the last good time and play stops until a pit boss has checked the time.
        Returns the wall time read, the command's time."""
        wall = float(self.clock())
        if any(f.code == "CLOCK" for f in self.faults.values()):
            return wall
        jump = 0.0
        if wall < self.history.last_at - CLOCK_BACKWARDS_TOLERANCE:
            jump = wall - self.history.last_at
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
        self.jackpot.forget()
        self.journal.note_failure(message)  # a fault after a restart too (the journal itself could not say it)
        try:
            self._recover()  # forget what was not recorded: the table as the journal has it
        except JournalError:
            self.history = TableHistory(every_round=False)

    def _report_earlier_storage_failure(self) -> None:
        text = self.journal.take_failure_note()
        if text is not None:
            self.raise_fault("STORAGE", "Before the last restart the journal could not be written: "
                             f"{text or 'the drive failed before the reason could be kept'}", "journal")

    def _present_history(self) -> TableHistory:
        """The table's present: its last checkpoint and the events after it (the table-level events and the last
        round's), or, in a journal without one, the table-level events from the start."""
        checkpoint = self.journal.last_checkpoint()
        if checkpoint is None:
            return TableHistory.read(self.journal.present_entries(), every_round=False)
        kept = table_events.Checkpoint.from_payload(checkpoint.payload)
        history = TableHistory.resume(kept.present, checkpoint.at)
        for entry in self.journal.present_entries(after=checkpoint.seq):
            history.fold(entry)
        return history

    def _recover(self) -> None:
        """Rebuild the table from its journal: the table-level events and the last round's (earlier rounds are
        closed; `audit verify` replays them all). The journal opened only if its chain is whole; events in it its
        writer never recorded (see Journal.unwitnessed) must also pass `audit verify`, or the table stays stopped."""
        if self.journal.unwitnessed:
            report = verify_journal_file(str(self.journal.path), self.journal.table_id, cores=1)
            if not report.ok:
                raise JournalDamaged(self.journal.path, Damage(report.first_bad_event, report.reason, report.intact))
            self.journal.unwitnessed = False
        self.history = self._present_history()
        if self.journal.index_built is not None and self.rules is not None:
            # A journal written before the round index: the index was built as it was opened; journaled so
            # that the audit shows when and from which events.
            self._record(table_events.JournalUpgraded("round index", self.journal.index_built, self.journal.last_seq),
                         actor="rptable")
            if not self.round_open:  # and its first checkpoint, so that the next start need not read it whole
                self._record(table_events.Checkpoint(self.round_number, self.history.present()))
            self.journal.index_built = None
            self.flush()
