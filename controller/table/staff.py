"""Who may act at a table: the dealers' sign-in and handover, and the staff accounts the table trusts.

A table given staff accounts admits only a person whose account holds the role, enabled, at that moment; the
accounts are the ones its journal has seen, or an ACCOUNTS fault stops play and admits nobody. This object keeps
those checks in one place for every part of the table that lets a person act (a dealer's sign-in, a pit boss's
override, a jackpot's confirmation), so the table controller keeps only the round and its journal.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Protocol

from controller.engine import IllegalCommand
from controller.table import table_events
from controller.table.history import TableFault, TableHistory
from controller.table.journal import JournalEntry
from controller.table.journaling import JournalingTable
from controller.table.security.users import AuthError, Role, User, UserStore

ACCOUNTS_SEEN = "accounts_seen"  # the source of the ACCOUNTS fault of accounts not those the journal saw


class StaffTable(JournalingTable, Protocol):
    """What the staff's checks read of the table and write to its journal."""

    history: TableHistory
    storage_error: str | None

    @property
    def faults(self) -> Mapping[str, TableFault]: ...

    @property
    def dealer(self) -> str | None: ...

    def raise_fault(self, code: str, text: str, source: str, *, clears_itself: bool = False
                    ) -> list[JournalEntry]: ...


class TableStaff:
    """The table's staff: who deals now, and whether a person's account lets them do what they ask
    (`table.staff`). Without accounts (scripts, simulated sessions) the caller's word is taken."""

    def __init__(self, table: StaffTable, accounts: UserStore | None) -> None:
        self._table = table
        self.accounts = accounts

    # ------------------------------------------------------------------------------------ the dealers
    def sign_in(self, dealer: User) -> list[JournalEntry]:
        """A dealer takes over the table, from the dealer signed in if any (a handover, in play or between
        rounds): the rounds opened from now on are theirs."""
        table = self._table
        if not dealer.may(Role.DEALER) or not self.holds(dealer, Role.DEALER):
            raise IllegalCommand(f"{dealer.name} may not deal.", "ARCH-FAULTS")
        table._require_writable()
        if table.dealer == dealer.label:
            raise IllegalCommand(f"{dealer.name} is dealing at this table already.", "ARCH-FAULTS")
        self.moved_on()  # the accounts that signed the dealer in, as the journal saw them
        table._record(table_events.DealerSignedIn(dealer.label), actor=dealer.label)
        return table.flush()

    def sign_out(self) -> list[JournalEntry]:
        table = self._table
        dealer = table.history.dealer
        if dealer is None:
            raise IllegalCommand("No dealer is signed in.", "ARCH-FAULTS")
        table._record(table_events.DealerSignedOut(dealer), actor=dealer)
        return table.flush()

    # ------------------------------------------------------------------------------------ the pit boss
    def require_pit_boss(self, by: User, reason: str) -> None:
        """An override: a pit boss whose account holds the role now, and a reason to journal."""
        self.require_pit_boss_account(by)
        if not reason.strip():
            raise IllegalCommand("Every override needs a reason; it is journaled with your name.", "ARCH-FAULTS")

    def require_pit_boss_account(self, by: User) -> None:
        if not by.may(Role.PIT_BOSS):
            raise IllegalCommand(f"{by.name} may not do this: a pit boss must log in.", "ARCH-FAULTS")
        if not self.holds(by, Role.PIT_BOSS):
            raise IllegalCommand(f"{by.name} has no enabled pit boss's account: a pit boss must log in.",
                                 "ARCH-FAULTS")

    # ------------------------------------------------------------------------------------ the accounts
    def holds(self, user: User, need: Role) -> bool:
        """Whether the staff accounts vouch for `user` with the role `need` now (no accounts given: the caller's
        word). A tampered store vouches for nobody and raises its fault."""
        if self.accounts is None:
            return True
        if self.check_accounts() is None:
            return self.accounts.holds(user.name, need)
        return False

    def check_accounts(self, found: str | None = None) -> str | None:
        """Why the staff accounts cannot be trusted now (None: they can), the table's accounts read afresh in full;
        `found`: what a login that opened the accounts itself found wrong with them. Asked at every login attempt,
        so that an edit made while the table runs is caught at the next login. A tampered store raises the
        ACCOUNTS fault, once: while it is open, finding the store tampered again adds nothing."""
        table = self._table
        problem = self.accounts.tampered if self.accounts is not None else None
        problem = problem or found
        if problem is None:
            witness = self._witness()
            if witness is not None and not table.storage_error and \
                    not any(fault.code == "ACCOUNTS" for fault in table.faults.values()):
                table.raise_fault("ACCOUNTS", f"The staff accounts are not those this table's journal has seen: "
                                  f"{witness}. Nobody can log in until an admin restores the accounts files from "
                                  "their backup, or a pit boss of the accounts in place accepts them, with the console "
                                  "closed (rptable table accept-accounts --journal JOURNAL --pit-boss NAME --reason "
                                  "WHY), journaled with the name and the reason.", ACCOUNTS_SEEN)
            return witness
        open_already = any(fault.code == "ACCOUNTS" for fault in table.faults.values())
        if not open_already and not table.storage_error:
            table.raise_fault("ACCOUNTS", f"The staff accounts were tampered with: {problem}. Nobody can log in "
                              "until an admin restores the accounts file from its backup (with its .key and .head "
                              "files) and starts the console again.", "accounts")
        return problem

    def accept_accounts(self, by: User, reason: str) -> list[JournalEntry]:
        """A pit boss of the staff accounts in place accepts them where the journal saw others (a store made anew,
        restored from an older backup, or cut): journaled with the name and the reason, and the ACCOUNTS fault
        this raised is resolved with them. Nothing is journaled (and [] returned) when they are the ones the
        journal has seen."""
        table = self._table
        if self.accounts is None:
            raise IllegalCommand("This table is given no staff accounts: there are none to accept.", "ARCH-FAULTS")
        if not reason.strip():
            raise IllegalCommand("Say why the staff accounts are accepted; it is journaled with your name.",
                                 "ARCH-FAULTS")
        problem = self.accounts.tampered
        if problem is not None:
            raise IllegalCommand(f"The staff accounts were tampered with: {problem}. They cannot be accepted: an "
                                 "admin restores the accounts files from their backup.", "ARCH-FAULTS")
        if not by.may(Role.PIT_BOSS) or not self.accounts.holds(by.name, Role.PIT_BOSS):
            raise IllegalCommand(f"{by.name} has no enabled pit boss's account in these staff accounts: a pit boss "
                                 "of theirs must accept them.", "ARCH-FAULTS")
        anchor = self.accounts.anchor()
        if anchor is None:
            raise IllegalCommand("These staff accounts hold no account: make the first admin, or restore the "
                                 "accounts files from their backup.", "ARCH-FAULTS")
        if self._witness() is None:
            return []  # the ones the journal has seen already: nothing to accept
        table._require_writable()
        table._record(table_events.AccountsSeen(anchor.key, anchor.first, anchor.seq, anchor.head, by.label, reason),
                      actor=by.label)
        for fault in list(table.faults.values()):
            if fault.code == "ACCOUNTS" and fault.source == ACCOUNTS_SEEN:
                table._record(table_events.TableFaultResolved(fault.fault_id, by.label, reason), actor=by.label)
        return table.flush()

    def moved_on(self) -> bool:
        """Journal the staff accounts as they stand when they hold events the journal has not seen (True when
        something was recorded, not yet committed); nothing while they cannot be trusted."""
        table = self._table
        if self.accounts is None or table.storage_error or self._witness() is not None:
            return False
        try:
            anchor = self.accounts.anchor()
        except AuthError:
            return False
        seen = table.history.accounts
        if anchor is None or (seen is not None and (seen.seq, seen.head) == (anchor.seq, anchor.head)):
            return False
        table._record(table_events.AccountsSeen(anchor.key, anchor.first, anchor.seq, anchor.head), actor="table")
        return True

    def _witness(self) -> str | None:
        """Why the staff accounts in place are not those the journal saw last (None: they are, or the journal
        saw none): another key or first admin (a store made anew, or re-signed), or a store that no longer holds
        the last event the journal saw it hold (cut, or rewritten with its own key)."""
        seen = self._table.history.accounts
        if self.accounts is None or seen is None:
            return None
        try:
            anchor = self.accounts.anchor()
        except AuthError:
            return None  # tampered: the store's own check says so
        if anchor is None:
            return (f"they hold no account, where it saw the accounts of key {seen.key[:16]} (deleted, and not "
                    "restored)")
        if (anchor.key, anchor.first) != (seen.key, seen.first):
            return (f"it saw the accounts of key {seen.key[:16]} with the first admin's record {seen.first[:16]}, "
                    f"and these are of key {anchor.key[:16]} with the first admin's record {anchor.first[:16]} (made "
                    "anew, or re-signed)")
        if not self.accounts.reaches(seen.seq, seen.head):
            return (f"it saw them hold event {seen.seq} (hash {seen.head[:16]}), which they no longer hold: events "
                    "were cut from their end or rewritten")
        return None
