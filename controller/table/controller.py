"""The table controller: the one place that joins a card source, the rules engine, the journal and listeners.

Commands (from the console or the command line) and card events (from a driver) come in; the engine verifies
each command and turns it into events; the events are written to the journal, and only once they are durable
do listeners (the console, metrics) see them. On start the controller replays its journal and resumes exactly
where the table stood: the same round, the same next step, the same open faults.

Durability comes in two grains. A live table commits every command (a dealer's pace is a few per second, a
commit is under a millisecond). `rptable simulate` commits once per round: nobody watches in between, and the
listeners still see nothing that is not on disk. If a commit fails, the round in memory is rebuilt from the
journal, the table is locked, and the failure is shown: an event that could not be recorded is never shown.

Table faults (the shoe offline, a card missed, a device fault, a clock jump) lock play and survive a restart;
only a pit boss resolves them, with a reason, and the resolution is journaled with who and why. A shoe that
comes back after going offline clears its own offline fault, as SHOE/1 says.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

from controller.cards import parse_card
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
    replay,
)
from controller.engine.events import EVENT_TYPES
from controller.rules import HouseRules, rules_from_mapping
from controller.table.journal import Journal, JournalEntry, JournalError, NewEvent
from controller.table.users import Role, User
from drivers.base import CardEvent, DeviceFault, SourceEvent, StatusEvent

# A clock that runs backwards by more than this, between two events, is a fault (R: "clock jump").
CLOCK_BACKWARDS_TOLERANCE = 2.0

Listener = Callable[[JournalEntry], None]


class TableLocked(Exception):
    """Play is stopped by an open fault; the message says which and what to do."""


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
        commit_per: str = "command",
    ) -> None:
        if commit_per not in ("command", "round"):
            raise ValueError("commit_per is 'command' or 'round'")
        self.journal = journal
        self.clock = clock
        self.commit_per = commit_per
        self.listeners: list[Listener] = []
        self.rules: HouseRules | None = None
        self.round: RoundState | None = None
        self.round_id: str | None = None
        self.round_number = 0
        self.faults: dict[str, TableFault] = {}
        self.adjustments: list[Adjustment] = []
        self.storage_error: str | None = None
        self._pending: list[NewEvent] = []
        self._last_at = 0.0
        self._fault_counter = 0
        self._recover()
        if rules is not None and (self.rules is None or rules.to_mapping() != self.rules.to_mapping()):
            self.set_rules(rules)
        if self.rules is None:
            raise ValueError("a new journal needs house rules (a preset or a rules file)")

    # ----------------------------------------------------------------------------------------- queries
    @property
    def table_id(self) -> str:
        return self.journal.table_id

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

    # ------------------------------------------------------------------------------------------- rules
    def set_rules(self, rules: HouseRules) -> None:
        """Use these house rules from the next round on (journaled with every setting, so replay is exact)."""
        if self.round is not None and self.round.phase is not Phase.CLOSED:
            raise TableLocked("The house rules can change only between rounds: finish or void this round first.")
        self._table_event("table.rules", {"rules": rules.to_mapping()})
        self.flush()

    # ---------------------------------------------------------------------------------------- commands
    def submit(self, command: Command, actor: str = "dealer") -> list[JournalEntry]:
        """A dealer's or player's command. Raises IllegalCommand (nothing changed) or TableLocked."""
        self._check_clock()
        self._refuse_if_locked(command)
        state = self._round_for(command)
        return self._run(state, command, actor)

    def card(self, card_event: CardEvent) -> list[JournalEntry]:
        """A card from the card source. While a table fault is open the card is journaled and held back."""
        if self.storage_error:
            raise TableLocked(self.storage_error)
        if self.faults:
            self._table_event("table.card_held", {"card": card_event.code, "seq": card_event.seq,
                                                  "source": card_event.source})
            return self.flush()
        return self.submit(CardDealt(card_event.card), actor=f"shoe#{card_event.seq}")

    def source_event(self, event: SourceEvent) -> list[JournalEntry]:
        """Anything a card source delivers: a card, a device fault, a status change."""
        if isinstance(event, CardEvent):
            return self.card(event)
        if isinstance(event, DeviceFault):
            return self.raise_fault(event.code, event.text, event.source, clears_itself=event.code == "OFFLINE")
        if isinstance(event, StatusEvent) and event.state in ("CONNECTED", "READY"):
            return self._clear_self_clearing(event.source)
        return []

    def raise_fault(self, code: str, text: str, source: str, *, clears_itself: bool = False) -> list[JournalEntry]:
        if any(f.code == code and f.source == source for f in self.faults.values()):
            return []  # already open: one fault, not one per repeat
        self._table_event("table.fault", {"fault_id": self._next_fault_id(), "code": code, "text": text,
                                          "source": source, "clears_itself": clears_itself})
        return self.flush()

    # ------------------------------------------------------------------------------ pit-boss overrides
    def resolve_fault(self, fault_id: str, by: User, reason: str) -> list[JournalEntry]:
        self._require_pit_boss(by, reason)
        if fault_id not in self.faults:
            raise IllegalCommand(f"There is no open fault {fault_id}.", "ARCH-FAULTS")
        self._table_event("table.fault_resolved", {"fault_id": fault_id, "actor": by.label, "reason": reason},
                          actor=by.label)
        return self.flush()

    def correct_card(self, card_code: str, by: User, reason: str) -> list[JournalEntry]:
        self._require_pit_boss(by, reason)
        return self._override(CorrectCard(parse_card(card_code), by.label, reason), by)

    def dismiss_card(self, by: User, reason: str) -> list[JournalEntry]:
        self._require_pit_boss(by, reason)
        return self._override(DismissCard(by.label, reason), by)

    def void_round(self, by: User, reason: str) -> list[JournalEntry]:
        self._require_pit_boss(by, reason)
        return self._override(VoidRound(by.label, reason), by)

    def adjust_payment(self, round_id: str, box: int, amount: int, by: User, reason: str) -> list[JournalEntry]:
        """A manual adjustment to a box's payment (+ = more to the player), journaled with who and why."""
        self._require_pit_boss(by, reason)
        if amount == 0:
            raise IllegalCommand("An adjustment of 0 changes nothing.", "ARCH-FAULTS")
        self._table_event("table.adjustment", {"round_id": round_id, "box": box, "amount": amount,
                                               "actor": by.label, "reason": reason}, actor=by.label)
        return self.flush()

    # ------------------------------------------------------------------------------------- durability
    def flush(self) -> list[JournalEntry]:
        """Commit what is pending, then show it to the listeners."""
        if not self._pending:
            return []
        pending, self._pending = self._pending, []
        try:
            entries = self.journal.append(pending)
        except JournalError as err:
            self.storage_error = str(err)
            self._recover()  # forget what was not recorded: the table as the journal has it
            raise TableLocked(str(err)) from err
        for entry in entries:
            for listener in self.listeners:
                listener(entry)
        return entries

    # ------------------------------------------------------------------------------------------ inside
    def _run(self, state: RoundState, command: Command, actor: str) -> list[JournalEntry]:
        events = do(state, command)  # raises IllegalCommand with nothing changed
        now = self._now()
        self._pending += [NewEvent(event.type_name, event.to_dict(), now, round_id=self.round_id, actor=actor)
                          for event in events]
        if self.commit_per == "round" and state.phase is not Phase.CLOSED:
            return []
        return self.flush()

    def _table_event(self, kind: str, payload: dict[str, Any], actor: str | None = None) -> None:
        """Apply a table-level event now and queue it for the journal (a failed commit rebuilds from disk)."""
        at = self._now()
        self._apply_table_event(kind, payload, at)
        self._pending.append(NewEvent(kind, payload, at, round_id=self.round_id, actor=actor))

    def _round_for(self, command: Command) -> RoundState:
        if self.round is None or self.round.phase is Phase.CLOSED:
            if not isinstance(command, PlaceStakes):
                raise IllegalCommand("No round is open: place antes to start one.", "R-BET-1")
            assert self.rules is not None
            number = self.round_number + 1
            self.round_id = f"{self.table_id}-{number:06d}"  # so that the opening event carries it
            self._table_event("table.round_opened", {"round_id": self.round_id, "number": number,
                                                     "rules": self.rules.name})
        assert self.round is not None
        return self.round

    def _override(self, command: Command, by: User) -> list[JournalEntry]:
        if self.round is None:
            raise IllegalCommand("No round is open.", "ARCH-FAULTS")
        if self.storage_error:
            raise TableLocked(self.storage_error)
        return self._run(self.round, command, by.label)

    def _refuse_if_locked(self, command: Command) -> None:
        reason = self.locked_reason
        if reason is not None:
            raise TableLocked(reason)

    def _require_pit_boss(self, by: User, reason: str) -> None:
        if not by.may(Role.PIT_BOSS):
            raise IllegalCommand(f"{by.name} may not do this: a pit boss must log in.", "ARCH-FAULTS")
        if not reason.strip():
            raise IllegalCommand("Every override needs a reason; it is journaled with your name.", "ARCH-FAULTS")

    def _clear_self_clearing(self, source: str) -> list[JournalEntry]:
        for fault in list(self.faults.values()):
            if fault.clears_itself and fault.source == source:
                self._table_event("table.fault_resolved", {"fault_id": fault.fault_id, "actor": f"source:{source}",
                                                           "reason": "the link returned"})
        return self.flush()

    def _next_fault_id(self) -> str:
        self._fault_counter += 1
        return f"F{self._fault_counter}"

    def _now(self) -> float:
        """The time to record: never earlier than the last event, so the journal stays in time order."""
        self._last_at = max(self._last_at, float(self.clock()))
        return self._last_at

    def _check_clock(self) -> None:
        """A clock that runs backwards is a fault: record it (at the last good time) and refuse to go on."""
        now = float(self.clock())
        if now < self._last_at - CLOCK_BACKWARDS_TOLERANCE and not any(f.code == "CLOCK" for f in self.faults.values()):
            self.raise_fault("CLOCK", f"The clock jumped back {self._last_at - now:.0f} s. Check the system time.",
                             "clock")

    # ------------------------------------------------------------------------------------------ replay
    def _recover(self) -> None:
        """Rebuild the table from its journal: the table-level events, then the current round's own events
        (earlier rounds are closed and need no replay). `audit verify` replays them all."""
        self.rules, self.round, self.round_id, self.round_number = None, None, None, 0
        self.faults.clear()
        self.adjustments.clear()
        self._fault_counter = 0
        for entry in self.journal.table_entries():
            self._last_at = max(self._last_at, entry.at)
            self._apply_table_event(entry.kind, entry.payload, entry.at)
        if self.round is not None and self.round_id is not None:
            for entry in self.journal.round_entries(self.round_id):
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


def replay_round(rules: HouseRules, payloads: Iterable[dict[str, Any]]) -> RoundState:
    """A round rebuilt from its journaled engine events (what `audit verify` and `audit show` use)."""
    return replay(rules, [event_from_dict(p) for p in payloads])
