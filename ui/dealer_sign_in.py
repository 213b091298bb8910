"""The dealer at the table: who deals now, shown on the main screen, and the sign-in with name and PIN by which
the next dealer takes over (dealers rotate without closing the table: the newcomer's sign-in hands over). Every
round is journaled with the dealer signed in when it opened, and what the dealer does in their name."""

from __future__ import annotations

import time
from collections.abc import Callable

from PySide6.QtCore import QObject
from PySide6.QtGui import QKeySequence, QShortcut
from PySide6.QtWidgets import QAbstractButton, QDialog, QHBoxLayout, QLabel, QPushButton, QVBoxLayout, QWidget

from controller.engine import IllegalCommand
from controller.table.controller import TableController, TableLocked
from controller.table.security.users import Role, User, name_in
from ui.ask import close_keeping_keys, take_keyboard_back
from ui.login import STAFF_STYLE, LoginForm, without_default_buttons
from ui.restyle import restyle
from ui.sentences import reworded
from ui.ticking import every

SIGN_IN_KEY = "F6"
CLOCK_TICK_MS = 30_000  # the minutes at the table are shown to the minute


class DealerSignInDialog(QDialog):
    """The next dealer signs in with name and PIN; the dealer at the table may also sign out."""

    def __init__(self, controller: TableController, users_path: str, on_change: Callable[[], None],
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.controller = controller
        self.on_change = on_change
        self.user: User | None = None
        self.setWindowTitle(self.tr("Dealer sign-in — table {0}").format(controller.table_id))
        self.setStyleSheet(STAFF_STYLE)
        self.setMinimumWidth(560)
        layout = QVBoxLayout(self)
        at_table = controller.dealer
        intro = (self.tr("{0} deals now. The next dealer signs in to take over the table.").format(
            name_in(at_table)) if at_table else self.tr("Sign in to deal at this table: your rounds are "
                                                             "journaled with your name."))
        self.form = LoginForm(users_path, Role.DEALER, intro, self, table=controller)
        self.form.logged_in.connect(self._signed_in)
        layout.addWidget(self.form)
        buttons = QHBoxLayout()
        self.wants_staff = False  # the staff and setup desk was asked for instead (no dealer account yet, say)
        staff = QPushButton(self.tr("Staff and setup [F7]"), self)
        staff.setObjectName("dealer_sign_in_staff")
        staff.clicked.connect(self._to_staff)
        buttons.addWidget(staff)
        self.sign_out_button = QPushButton(self.tr("Sign out {0}").format(name_in(at_table or "")), self)
        self.sign_out_button.setObjectName("dealer_sign_out")
        self.sign_out_button.setHidden(at_table is None)
        self.sign_out_button.clicked.connect(self.sign_out)
        close = QPushButton(self.tr("Close"), self)
        close.setObjectName("dealer_sign_in_close")
        close.clicked.connect(self.reject)
        buttons.addWidget(self.sign_out_button)
        buttons.addWidget(close)
        layout.addLayout(buttons)
        without_default_buttons(self)

    def done(self, result: int) -> None:
        close_keeping_keys(self, lambda: QDialog.done(self, result))  # the key after Enter is the table's

    def _to_staff(self) -> None:
        self.wants_staff = True
        self.reject()

    def _signed_in(self, user: User) -> None:
        try:
            self.controller.staff.sign_in(user)
        except (IllegalCommand, TableLocked) as err:
            self.form.feedback.setText(reworded(getattr(err, "reason", str(err))))
            return
        self.user = user
        self.on_change()
        self.accept()

    def sign_out(self) -> None:
        try:
            self.controller.staff.sign_out()
        except (IllegalCommand, TableLocked) as err:
            self.form.feedback.setText(reworded(getattr(err, "reason", str(err))))
            return
        self.on_change()
        self.accept()


class DealerBadge(QObject):
    """On the main screen: who deals and for how long (`label`), and the button (and key) for the next dealer's
    sign-in (`button`), both widgets of the screen's info bar."""

    def __init__(self, controller: TableController, users_path: str, on_change: Callable[[], None],
                 label: QLabel, button: QAbstractButton, window: QWidget, *,
                 clock: Callable[[], float] = time.time, open_staff: Callable[[], None] | None = None) -> None:
        super().__init__(window)
        self.controller = controller
        self.open_staff = open_staff  # the staff and setup desk, which the sign-in offers (None: not offered)
        self.users_path = users_path
        self.on_change = on_change
        self.clock = clock
        self.window = window
        self.label = label
        self.button = button
        button.clicked.connect(self.open_sign_in)
        button.show()
        self.key = QShortcut(QKeySequence(SIGN_IN_KEY), window, self.open_sign_in)
        self.timer = every(CLOCK_TICK_MS, self.refresh, self)
        self.refresh()

    def refresh(self) -> None:
        at_table = self.controller.dealer
        turns = self.controller.history.dealer_turns
        if at_table is None:
            self.label.setText(self.tr("No dealer signed in"))
            restyle(self.label, "font-size:13px;font-weight:bold;color:#ffb74d")
            self.button.setText(self.tr("Sign in") + f" [{SIGN_IN_KEY}]")
            return
        minutes = int((self.clock() - turns[-1].start) // 60) if turns else 0
        self.label.setText(self.tr("Dealer: {0} · {1} min").format(name_in(at_table), max(0, minutes)))
        restyle(self.label, "font-size:13px;font-weight:bold;color:#f2f2f2")
        self.button.setText(self.tr("Next dealer") + f" [{SIGN_IN_KEY}]")

    def open_sign_in(self) -> None:
        dialog = DealerSignInDialog(self.controller, self.users_path, self.on_change, self.window)
        dialog.exec()
        dialog.deleteLater()
        take_keyboard_back(self.window)
        self.refresh()
        if dialog.wants_staff and self.open_staff is not None:
            self.open_staff()  # an admin adds the dealer's account, say; the dealer then signs in
            self.open_sign_in()
