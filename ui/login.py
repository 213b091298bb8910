"""Logging in at the console: a name and a PIN checked against the staff accounts, for a role (a dealer signing
in, a pit boss for overrides and the audit, a second pit boss approving a large void or adjustment).

Every attempt first asks the table whether its accounts can still be trusted (read afresh in full): a store
edited while the console runs admits nobody, and the table raises its ACCOUNTS fault, shown in the fault banner.

One press of Enter (in the PIN field) or one click of "Log in" is one attempt: the account store counts every
attempt towards its lockout, so nothing here may try twice. No button of a dialog holding this form is a default
button, which Enter would press as well. Refusals are worded here, in the console's language, from the store's
reason (`AuthError.why`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication, Signal
from PySide6.QtWidgets import QDialog, QFormLayout, QLabel, QLineEdit, QPushButton, QVBoxLayout, QWidget

from controller.floor.staff import open_accounts
from controller.table.security.users import AccountsTampered, AuthError, Role, User
from ui.ask import close_keeping_keys

if TYPE_CHECKING:
    from controller.table.controller import TableController

# The look of the staff's dialogs (login, pit boss, dealer sign-in): touch-sized fields and buttons.
STAFF_STYLE = ("QDialog{background:#202020}QLabel{color:#f2f2f2;font-size:17px}"
               "QLineEdit,QComboBox,QSpinBox{font-size:18px;min-height:44px}"
               "QPushButton{font-size:18px;min-height:52px;padding:4px 14px;border-radius:8px;background:#1565c0;"
               "color:white}QPushButton:disabled{background:#3a3a3a;color:#8a8a8a}")


class LoginForm(QWidget):
    """Name, PIN and "Log in"; `logged_in(User)` once the store accepts someone allowed to act as `need`.
    Refusals are shown in `feedback`: the form's own line, or the one its dialog shows everything in."""

    logged_in = Signal(object)

    def __init__(self, users_path: str, need: Role, intro: str, parent: QWidget | None = None, *,
                 feedback: QLabel | None = None, table: TableController | None = None) -> None:
        super().__init__(parent)
        self.users_path = users_path
        self.need = need
        self.table = table  # whose accounts are checked at every attempt, and who raises their fault
        form = QFormLayout(self)
        self.intro = QLabel(intro, self)
        self.intro.setWordWrap(True)
        form.addRow(self.intro)
        self.name = QLineEdit(self)
        self.name.setObjectName("login_name")
        self.pin = QLineEdit(self)
        self.pin.setObjectName("login_pin")
        self.pin.setEchoMode(QLineEdit.EchoMode.Password)
        self.button = QPushButton(self.tr("Log in"), self)
        self.button.setObjectName("login")
        self.button.setAutoDefault(False)
        self.button.clicked.connect(self.log_in)
        self.name.returnPressed.connect(self.pin.setFocus)
        self.pin.returnPressed.connect(self.log_in)
        form.addRow(self.tr("Name"), self.name)
        form.addRow(self.tr("PIN"), self.pin)
        form.addRow(self.button)
        if feedback is None:
            feedback = QLabel(self)
            feedback.setObjectName("login_feedback")
            feedback.setWordWrap(True)
            feedback.setStyleSheet("color:#ffcc80;font-size:17px")
            form.addRow(feedback)
        self.feedback = feedback

    def log_in(self) -> User | None:
        """One attempt with the name and PIN typed; the PIN field is emptied whatever the answer."""
        name, secret = self.name.text().strip(), self.pin.text()
        self.pin.clear()
        if not name or not secret:
            self.feedback.setText(self.tr("Type your name and PIN."))
            return None
        user = self._check(name, secret)
        if user is not None:
            self.feedback.setText("")
            self.logged_in.emit(user)
        return user

    def _check(self, name: str, secret: str) -> User | None:
        problem = self.table.staff.check_accounts() if self.table is not None else None
        if problem is not None:
            self.feedback.setText(tampered_text(problem))
            return None
        try:
            store = open_accounts(self.users_path)
        except Exception as err:  # an unreadable account file must not take the console down
            self.feedback.setText(unreadable_text(err))
            return None
        try:
            if store.is_empty():
                self.feedback.setText(self.tr("There is no staff account yet: make the first admin in Staff and "
                                              "setup [F7]."))
                return None
            return store.authenticate(name, secret, need=self.need)
        except AccountsTampered as err:  # found by this look at the file, which the table's own may not have had
            if self.table is not None:
                self.table.staff.check_accounts(found=err.problem)
            self.feedback.setText(tampered_text(err.problem))
            return None
        except AuthError as err:
            self.feedback.setText(refusal_text(err))
            return None
        finally:
            store.close()


def unreadable_text(err: Exception) -> str:
    """The staff accounts could not be opened (a file that is not one, a database out of reach), in words."""
    return QCoreApplication.translate("Login", "The staff accounts cannot be read: {0}").format(err)


def tampered_text(problem: str) -> str:
    """A login refused because the accounts were tampered with, and what to do, in the console's language."""
    text = QCoreApplication.translate("Login", "Nobody can log in: the staff accounts were tampered with ({0}). An "
                                               "admin must restore the accounts file from its backup (with its .key "
                                               "and .head files) and start the console again.")
    return text.format(problem)


def refusal_text(err: AuthError) -> str:
    """Why a login was refused and what to do, in the console's language."""
    if err.why == "wrong":
        return QCoreApplication.translate("Login", "Name or PIN is wrong.")
    if err.why == "locked":
        text = QCoreApplication.translate("Login", "Too many wrong PINs: {0} is locked for about {1} more minute(s). "
                                                   "Wait and try again, or ask another pit boss or an admin.")
        return text.format(err.name, err.minutes)
    if err.why == "locked_now":
        text = QCoreApplication.translate("Login", "Name or PIN is wrong. {0} is now locked for {1} minutes: wait, "
                                                   "or ask another pit boss or an admin.")
        return text.format(err.name, err.minutes)
    if err.why == "disabled":
        text = QCoreApplication.translate("Login", "The account {0} is disabled. An admin can tell you why.")
        return text.format(err.name)
    if err.why == "role" and err.need is Role.PIT_BOSS:
        text = QCoreApplication.translate("Login", "{0} is not a pit boss: a pit boss is needed for this. Ask a "
                                                   "pit boss to log in.")
        return text.format(err.name)
    if err.why == "role":
        return QCoreApplication.translate("Login", "{0} may not deal at this table. Ask a pit boss.").format(err.name)
    if isinstance(err, AccountsTampered):
        return tampered_text(err.problem)
    return str(err)


def without_default_buttons(dialog: QDialog) -> None:
    """No button of the dialog is pressed by Enter: Enter belongs to the field that has the focus."""
    for button in dialog.findChildren(QPushButton):
        button.setAutoDefault(False)
        button.setDefault(False)


class LoginDialog(QDialog):
    """A login on its own: the pit boss before the audit, a second pit boss approving an override. Accepted once
    someone allowed logged in; `refuse` says why a person who logged in may not be the one wanted here ("" when
    they may: the second pit boss must be another person), and the dialog then stays open for another."""

    def __init__(self, users_path: str, need: Role, title: str, intro: str, parent: QWidget | None = None, *,
                 table: TableController | None = None, refuse: Callable[[User], str] | None = None) -> None:
        super().__init__(parent)
        self.user: User | None = None
        self.refuse = refuse
        self.setWindowTitle(title)
        self.setStyleSheet(STAFF_STYLE)
        self.setMinimumWidth(560)
        layout = QVBoxLayout(self)
        self.form = LoginForm(users_path, need, intro, self, table=table)
        self.form.logged_in.connect(self._accepted)
        layout.addWidget(self.form)
        cancel = QPushButton(self.tr("Cancel"), self)
        cancel.setObjectName("login_cancel")
        cancel.clicked.connect(self.reject)
        layout.addWidget(cancel)
        without_default_buttons(self)

    def done(self, result: int) -> None:
        close_keeping_keys(self, lambda: QDialog.done(self, result))  # the key after Enter is the table's

    def _accepted(self, user: User) -> None:
        refusal = self.refuse(user) if self.refuse is not None else ""
        if refusal:
            self.form.feedback.setText(refusal)
            self.form.name.clear()
            self.form.name.setFocus()
            return
        self.user = user
        self.accept()
