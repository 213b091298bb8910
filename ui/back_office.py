"""The windows opened over the dealer's console for the people behind the dealer: the pit boss's (F2), the audit
(F3), staff and setup (F7), and the welcome at the console's start that makes whatever is missing.

Kept apart from the main window, which is about the round on the layout: these only open a dialog over it, give
it the table and the staff accounts, and hand the keyboard back to the dealer when it closes.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QRect
from PySide6.QtWidgets import QWidget

from controller.floor.jackpot_link import JackpotLink
from controller.table.controller import TableController
from controller.table.pump import CardPump
from drivers.base import CardSource
from ui.ask import take_keyboard_back
from ui.confirm import TwoStep


class BackOffice:
    """What the console opens for a pit boss or an admin (`window.back_office`), over the window `over`."""

    def __init__(self, over: QWidget, controller: TableController, users_path: str, *, refresh: Callable[[], None],
                 two_step: TwoStep, pump: CardPump, source: CardSource, jackpot: JackpotLink | None,
                 open_sign_in: Callable[[], None], audit_area: Callable[[], QRect]) -> None:
        self.over = over
        self.controller = controller
        self.users_path = users_path
        self.refresh = refresh  # the console redraws after a dialog may have changed the table
        self.two_step = two_step  # a money action armed on the console is disarmed when a dialog opens
        self.pump = pump
        self.source = source
        self.jackpot = jackpot
        self.open_sign_in = open_sign_in  # the dealer's sign-in, offered at the start
        self.audit_area = audit_area  # where the audit may open over the console

    def open_pit_boss(self) -> None:
        from ui.pitboss import PitBossDialog, ShoeGate

        self.two_step.cancel()
        gate = ShoeGate(self.source.status, self.pump.reopen_gate, self.source.unlock)
        dialog = PitBossDialog(self.controller, self.users_path, self.refresh, self.over, gate=gate,
                               jackpot=self.jackpot, card_as_dealt=self._simulated_card_as_dealt())
        dialog.exec()
        dialog.deleteLater()
        take_keyboard_back(self.over)
        self.refresh()

    def welcome(self) -> None:
        """At the console's start: with no staff account yet, the first admin is made here, who acknowledges the
        house rules where the operator guard asks it and adds a dealer; then, with nobody dealing, the sign-in."""
        from ui.staff_desk import accounts_empty

        if accounts_empty(self.users_path) is True:
            self.open_staff()
        if self.controller.dealer_required and self.controller.dealer is None and \
                accounts_empty(self.users_path) is False:
            self.open_sign_in()

    def open_staff(self) -> None:
        """Staff and setup (F7): the first admin where there is none yet, then an admin's desk."""
        from ui.staff_desk import FirstAdminDialog, StaffDialog, accounts_empty

        self.two_step.cancel()
        admin = None
        if accounts_empty(self.users_path) is True:
            first = FirstAdminDialog(self.users_path, self.controller.table_id, self.over)
            first.exec()
            first.deleteLater()
            admin = first.made
            if admin is None:
                take_keyboard_back(self.over)
                return
        dialog = StaffDialog(self.controller, self.users_path, self.refresh, self.over, admin=admin)
        dialog.exec()
        dialog.deleteLater()
        take_keyboard_back(self.over)
        self.refresh()

    def open_audit(self) -> None:
        from ui.audit_view import open_audit

        self.two_step.cancel()
        open_audit(self.over, self.controller, self.users_path, on_closed=lambda: take_keyboard_back(self.over),
                   area=self.audit_area())

    def _simulated_card_as_dealt(self) -> str | None:
        """The card a simulated shoe really dealt when the round stopped on it (unreadable, read twice); None for a
        real shoe, whose card a pit boss reads off the card itself."""
        state = self.controller.round
        last = self.pump.last_card
        if state is None or state.fault is None or state.fault.kind == "unexpected" or last is None:
            return None
        card = self.pump.true_card(last.seq)
        return card.code if card is not None else None
