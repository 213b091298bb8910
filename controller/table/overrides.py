"""The pit boss's overrides at a table: resolve a fault, correct or dismiss a card, void a round, adjust or
take back a payment, change the house rules, and the two-person rule over them all.

Every override needs a pit boss's account and a reason, both journaled (ARCH-FAULTS); a void or an adjustment
above the table's two-person limit needs a second pit boss, journaled just before it. Kept apart from the table
controller, which deals the rounds, so that what a pit boss may do, and what it costs, reads in one place.
"""

from __future__ import annotations

from typing import Protocol

from controller.core.rules import HouseRules
from controller.engine import CorrectCard, DismissCard, IllegalCommand, RoundState, VoidRound, verify
from controller.table import table_events
from controller.table.history import TableFault, TableHistory, settled_boxes, void_amount
from controller.table.jackpot import TableJackpot
from controller.table.journal import Journal, JournalEntry
from controller.table.journaling import JournalingTable
from controller.table.security.users import User
from controller.table.staff import TableStaff
from controller.table.table_locked import TableLocked
from drivers.cards import parse_card


class OverriddenTable(JournalingTable, Protocol):
    """What the overrides read of the table, and how they change it."""

    history: TableHistory
    journal: Journal
    staff: TableStaff
    jackpot: TableJackpot

    @property
    def faults(self) -> dict[str, TableFault]: ...

    @property
    def round(self) -> RoundState | None: ...

    @property
    def round_id(self) -> str | None: ...

    @property
    def round_open(self) -> bool: ...

    def _run(self, state: RoundState, command: CorrectCard | DismissCard | VoidRound, actor: str,
             now: float | None = None) -> list[JournalEntry]: ...

    def _fault_resolved(self, fault: TableFault, by: User, reason: str) -> None: ...


class PitBossOverrides:
    """What a pit boss may change at a table, each with a login and a reason (`table.overrides`)."""

    def __init__(self, table: OverriddenTable) -> None:
        self._table = table

    def resolve_fault(self, fault_id: str, by: User, reason: str) -> list[JournalEntry]:
        table = self._table
        table.staff.require_pit_boss(by, reason)
        fault = table.faults.get(fault_id)
        if fault is None:
            raise IllegalCommand(f"There is no open fault {fault_id}.", "ARCH-FAULTS")
        table._fault_resolved(fault, by, reason)
        return table.flush()

    def change_rules(self, rules: HouseRules, by: User, reason: str) -> list[JournalEntry]:
        """A pit boss changes the house rules, between rounds, with a reason."""
        table = self._table
        table.staff.require_pit_boss(by, reason)
        if table.round_open:
            raise TableLocked("The house rules can change only between rounds: finish or void this round first.")
        table._record(table_events.RulesSet(rules, by.label, reason), actor=by.label)
        return table.flush()

    def correct_card(self, card_code: str, by: User, reason: str) -> list[JournalEntry]:
        self._table.staff.require_pit_boss(by, reason)
        return self._override(CorrectCard(parse_card(card_code), by.label, reason))

    def dismiss_card(self, by: User, reason: str) -> list[JournalEntry]:
        self._table.staff.require_pit_boss(by, reason)
        return self._override(DismissCard(by.label, reason))

    def void_round(self, by: User, reason: str, second: User | None = None) -> list[JournalEntry]:
        """Void the round in play; above the two-person limit, `second` (another pit boss) approves it."""
        at_stake = self.verify_void(by, reason)
        self._second_person("void", self._table.round_id or "", at_stake, by, second)
        return self._override(VoidRound(by.label, reason))

    def verify_void(self, by: User, reason: str) -> int:
        """What voiding the round in play would put at stake, or why `by` may not void it now (IllegalCommand,
        TableLocked; nothing changes). Above the two-person limit (`needs_second_person`) the void also needs a
        second pit boss: a console asks for one only once everything else holds."""
        table = self._table
        table.staff.require_pit_boss(by, reason)
        table._require_writable()
        if not table.round_open or table.round is None:
            raise IllegalCommand("No round is open.", "ARCH-FAULTS")
        paid = next((h for h in table.jackpot.hits if h.round_id == table.round_id and h.paid is not None), None)
        if paid is not None:
            raise IllegalCommand(f"Box {paid.box}'s jackpot hit in this round was confirmed and paid: the round cannot "
                                 "be voided. Finish it; a pit boss adjusts a payment if one is wrong.", "R-JACKPOT-3")
        verify(table.round, VoidRound(by.label, reason))  # a refused void leaves no approval behind
        return void_amount(table.round)

    @property
    def void_at_stake(self) -> int:
        """What voiding the round in play would put at stake (0 with no round open)."""
        table = self._table
        return void_amount(table.round) if table.round_open and table.round is not None else 0

    def adjust_payment(self, round_id: str, box: int, amount: int, by: User, reason: str,
                       second: User | None = None) -> list[JournalEntry]:
        """A manual adjustment to a settled box's payment (+ = more to the player), journaled with who and why;
        above the two-person limit, `second` (another pit boss) approves it."""
        table = self._table
        self.verify_adjustment(round_id, box, amount, by, reason)
        self._second_person("adjustment", round_id, amount, by, second)
        table._record(table_events.PaymentAdjusted(round_id, box, amount, by.label, reason), actor=by.label)
        return table.flush()

    def verify_adjustment(self, round_id: str, box: int, amount: int, by: User, reason: str) -> None:
        """Why `by` may not make this adjustment (IllegalCommand; nothing changes). Above the two-person limit
        (`needs_second_person`) it also needs a second pit boss."""
        self._table.staff.require_pit_boss(by, reason)
        if amount == 0:
            raise IllegalCommand("An adjustment of 0 changes nothing.", "ARCH-FAULTS")
        if box not in settled_boxes(self._table.journal.round_entries(round_id)):
            raise IllegalCommand(f"Round {round_id} has no settled box {box}: only a settled box's payment can be "
                                 "adjusted.", "ARCH-FAULTS")

    def undo_confirmation(self, box: int, by: User, reason: str) -> list[JournalEntry]:
        """A pit boss takes back a confirmation of the last round's payment (it was not paid as confirmed)."""
        table = self._table
        table.staff.require_pit_boss(by, reason)
        record = table.history.current
        if record is None or box not in record.confirmed:
            raise IllegalCommand(f"Box {box}'s payment is not confirmed: there is nothing to undo.", "ARCH-FAULTS")
        table._record(table_events.ConfirmationUndone(record.round_id, box, by.label, reason), actor=by.label)
        return table.flush()

    # --------------------------------------------------------------------------------- the two-person rule
    def needs_second_person(self, amount: int) -> bool:
        """Whether an override of `amount` chips needs a second pit boss at this table."""
        above = self._table.history.two_person_above
        return bool(above) and abs(amount) > above

    def set_two_person_limit(self, above: int, by: User, reason: str) -> list[JournalEntry]:
        """A pit boss sets the amount above which a void or an adjustment needs a second pit boss (0: none)."""
        table = self._table
        table.staff.require_pit_boss(by, reason)
        if above < 0:
            raise IllegalCommand("The two-person limit is an amount of chips, 0 or more.", "ARCH-FAULTS")
        table._record(table_events.TwoPersonLimit(above, by.label, reason), actor=by.label)
        return table.flush()

    def _second_person(self, what: str, round_id: str, amount: int, by: User, second: User | None) -> None:
        """Journal the second pit boss's approval an override of `amount` needs (nothing below the limit)."""
        if not self.needs_second_person(amount):
            return
        limit = self._table.history.two_person_above
        if second is None:
            raise IllegalCommand(f"A {what} of {abs(amount):,} is above this table's limit of {limit:,}: a second pit "
                                 "boss must approve it.", "ARCH-FAULTS")
        if second.name == by.name:
            raise IllegalCommand(f"The second pit boss must be another person than {by.name}.", "ARCH-FAULTS")
        self._table.staff.require_pit_boss_account(second)  # the reason is the first pit boss's
        self._table._record(table_events.SecondPerson(what, round_id, amount, second.label, by.label),
                            actor=second.label)

    def _override(self, command: CorrectCard | DismissCard | VoidRound) -> list[JournalEntry]:
        table = self._table
        table._require_writable()
        if not table.round_open:
            raise IllegalCommand("No round is open.", "ARCH-FAULTS")
        assert table.round is not None
        return table._run(table.round, command, command.actor)
