"""Staff and setup at the console (F7), an admin's: the first admin of a new table, the house rules' acknowledgement
the operator guard asks for, and new accounts (a dealer, a pit boss, another admin).

A table set up from nothing needs no terminal: with no staff account yet the console offers to make the first
admin (the same store and rules as `rptable users bootstrap`), who acknowledges the rules where the guard asks it
(journaled as `rptable rules acknowledge` does) and adds the first dealer, who then signs in (F6) and deals.
Every change goes through the accounts store, which signs it and refuses what it refuses at the command line; its
refusals are shown here in the console's language."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QCoreApplication
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from controller.engine import IllegalCommand
from controller.floor.staff import FloorUserStore, open_accounts
from controller.table.controller import TableController, TableLocked
from controller.table.security.users import AccountsTampered, AuthError, Role, User, UserStore, name_in
from ui.login import STAFF_STYLE, LoginForm, refusal_text, unreadable_text, without_default_buttons
from ui.sentences import reworded

STAFF_KEY = "F7"
GROUP_STYLE = ("QGroupBox{color:#f2f2f2;font-size:17px;font-weight:bold;border:1px solid #555;border-radius:6px;"
               "margin-top:14px;padding:10px 6px 6px 6px}QGroupBox::title{subcontrol-origin:margin;left:10px}")
FEEDBACK_STYLE = "color:#ffcc80;font-size:17px"


def role_words(role: Role) -> str:
    """A role as the console names it, in its language."""
    words = {Role.DEALER: QCoreApplication.translate("Staff", "dealer"),
             Role.PIT_BOSS: QCoreApplication.translate("Staff", "pit boss"),
             Role.ADMIN: QCoreApplication.translate("Staff", "admin")}
    return words[role]


def store_refusal(err: Exception) -> str:
    """Why the accounts store refused a change, in the console's language."""
    if isinstance(err, AuthError) and err.why:
        return refusal_text(err)
    return reworded(str(err))


def accounts_empty(users_path: str) -> bool | str:
    """Whether no staff account exists yet; a string saying why the accounts cannot be read instead."""
    try:
        store = open_accounts(users_path)
    except Exception as err:  # an unreadable account file must not take the console down
        return unreadable_text(err)
    try:
        return store.is_empty()
    except AccountsTampered as err:
        return reworded(str(err))
    finally:
        store.close()


class NewSecret:
    """A new PIN typed twice (the second a check on the first) in two rows of a form; Enter in the first goes on to
    the second."""

    def __init__(self, form: QFormLayout, prefix: str, parent: QWidget) -> None:
        self.pin = QLineEdit(parent)
        self.pin.setObjectName(f"{prefix}_pin")
        self.again = QLineEdit(parent)
        self.again.setObjectName(f"{prefix}_pin_again")
        for field in (self.pin, self.again):
            field.setEchoMode(QLineEdit.EchoMode.Password)
        self.pin.returnPressed.connect(self.again.setFocus)
        form.addRow(QCoreApplication.translate("Staff", "PIN"), self.pin)
        form.addRow(QCoreApplication.translate("Staff", "PIN again"), self.again)

    def take(self) -> str | None:
        """The PIN, if typed the same twice (both fields emptied whatever the answer); None when not."""
        secret, again = self.pin.text(), self.again.text()
        self.pin.clear()
        self.again.clear()
        return secret if secret == again else None

    @staticmethod
    def mismatch_text() -> str:
        return QCoreApplication.translate("Staff", "The two PINs differ: type the PIN again, twice.")


def changed_accounts(users_path: str, secret: NewSecret, feedback: QLabel,
                     change: Callable[[UserStore | FloorUserStore, str], User]) -> User | None:
    """One change of the staff accounts that sets a new PIN (a first admin, a new account): the PIN typed the same
    twice, the store opened, changed and closed. The account made; None when refused, and why in `feedback`."""
    pin = secret.take()
    if pin is None:
        feedback.setText(secret.mismatch_text())
        secret.pin.setFocus()
        return None
    try:
        store = open_accounts(users_path)
    except Exception as err:  # an unreadable account file must not take the console down
        feedback.setText(unreadable_text(err))
        return None
    try:
        return change(store, pin)
    except AuthError as err:
        feedback.setText(store_refusal(err))
        secret.pin.setFocus()
        return None
    finally:
        store.close()


class FirstAdminDialog(QDialog):
    """No staff account exists yet: the console makes the first admin. `made` is that admin once made."""

    def __init__(self, users_path: str, table_id: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.users_path = users_path
        self.made: User | None = None
        self.setWindowTitle(self.tr("First run — table {0}").format(table_id))
        self.setStyleSheet(STAFF_STYLE)
        self.setMinimumWidth(620)
        layout = QVBoxLayout(self)
        intro = QLabel(self.tr("Welcome. This table has no staff account yet. Make its first admin: the admin "
                               "adds the dealers and pit bosses, and acknowledges the house rules where they need "
                               "it. Choose a name and a PIN of at least 6 characters (not a run like 123456)."), self)
        intro.setObjectName("first_admin_intro")
        intro.setWordWrap(True)
        layout.addWidget(intro)
        form = QFormLayout()
        self.name = QLineEdit(self)
        self.name.setObjectName("first_admin_name")
        form.addRow(self.tr("Admin's name"), self.name)
        self.secret = NewSecret(form, "first_admin", self)
        layout.addLayout(form)
        self.feedback = QLabel(self)
        self.feedback.setObjectName("first_admin_feedback")
        self.feedback.setWordWrap(True)
        self.feedback.setStyleSheet(FEEDBACK_STYLE)
        layout.addWidget(self.feedback)
        buttons = QHBoxLayout()
        self.make_button = QPushButton(self.tr("Make the first admin"), self)
        self.make_button.setObjectName("first_admin_make")
        self.make_button.clicked.connect(self.make)
        later = QPushButton(self.tr("Later"), self)
        later.setObjectName("first_admin_later")
        later.clicked.connect(self.reject)
        buttons.addWidget(self.make_button)
        buttons.addWidget(later)
        layout.addLayout(buttons)
        self.name.returnPressed.connect(self.secret.pin.setFocus)
        self.secret.again.returnPressed.connect(self.make)
        without_default_buttons(self)
        self.name.setFocus()

    def make(self) -> User | None:
        name = self.name.text().strip()
        self.made = changed_accounts(self.users_path, self.secret, self.feedback,
                                     lambda store, secret: store.bootstrap(name, secret))
        if self.made is not None:
            self.accept()
        return self.made


class StaffDialog(QDialog):
    """Staff and setup: an admin logs in (unless the console has just made them), then acknowledges the house rules
    where the operator guard asks it, and adds accounts."""

    def __init__(self, controller: TableController, users_path: str, on_change: Callable[[], None],
                 parent: QWidget | None = None, *, admin: User | None = None) -> None:
        super().__init__(parent)
        self.controller = controller
        self.users_path = users_path
        self.on_change = on_change
        self.admin = admin
        self.setWindowTitle(self.tr("Staff and setup — table {0}").format(controller.table_id))
        self.setStyleSheet(STAFF_STYLE + GROUP_STYLE)
        self.setMinimumWidth(900)
        layout = QVBoxLayout(self)
        self.login = LoginForm(users_path, Role.ADMIN, self.tr("An admin logs in to add staff accounts and to "
                                                               "acknowledge the house rules."), self, table=controller)
        self.login.logged_in.connect(self._admin_logged_in)
        layout.addWidget(self.login)
        self.desk = QWidget(self)
        columns = QHBoxLayout(self.desk)
        columns.setContentsMargins(0, 0, 0, 0)
        columns.addWidget(self._rules_group(), 1)
        columns.addWidget(self._accounts_group(), 1)
        layout.addWidget(self.desk)
        layout.addWidget(self.accounts_line)
        self.feedback = QLabel(self)
        self.feedback.setObjectName("staff_feedback")
        self.feedback.setWordWrap(True)
        self.feedback.setStyleSheet(FEEDBACK_STYLE)
        layout.addWidget(self.feedback)
        close = QPushButton(self.tr("Close"), self)
        close.setObjectName("staff_close")
        close.clicked.connect(self.accept)
        layout.addWidget(close)
        without_default_buttons(self)
        self._show()

    def _rules_group(self) -> QGroupBox:
        group = QGroupBox(self.tr("House rules"), self)
        column = QVBoxLayout(group)
        self.rules_words = QLabel(group)
        self.rules_words.setObjectName("rules_edge_words")
        self.rules_words.setWordWrap(True)
        column.addWidget(self.rules_words)
        self.reason = QLineEdit(group)
        self.reason.setObjectName("ack_reason")
        self.reason.setPlaceholderText(self.tr("Reason (journaled with your name)"))
        column.addWidget(self.reason)
        self.ack_button = QPushButton(self.tr("Acknowledge the rules"), group)
        self.ack_button.setObjectName("ack_rules")
        self.ack_button.clicked.connect(self.acknowledge)
        self.reason.returnPressed.connect(self.acknowledge)
        column.addWidget(self.ack_button)
        column.addStretch(1)
        return group

    def _accounts_group(self) -> QGroupBox:
        group = QGroupBox(self.tr("Add an account"), self)
        form = QFormLayout(group)
        self.new_name = QLineEdit(group)
        self.new_name.setObjectName("new_name")
        form.addRow(self.tr("Name"), self.new_name)
        self.new_role = QComboBox(group)
        self.new_role.setObjectName("new_role")
        for role in (Role.DEALER, Role.PIT_BOSS, Role.ADMIN):
            self.new_role.addItem(role_words(role), role)
        form.addRow(self.tr("Role"), self.new_role)
        self.new_secret = NewSecret(form, "new", group)
        self.add_button = QPushButton(self.tr("Add the account"), group)
        self.add_button.setObjectName("add_account")
        self.add_button.clicked.connect(self.add_account)
        form.addRow(self.add_button)
        # The accounts made so far go under both columns (StaffDialog places it): a wrapped line inside the form
        # overlapped its button.
        self.accounts_line = QLabel(self)
        self.accounts_line.setObjectName("accounts_line")
        self.accounts_line.setWordWrap(True)
        self.new_name.returnPressed.connect(self.new_secret.pin.setFocus)
        self.new_secret.again.returnPressed.connect(self.add_account)
        return group

    def _admin_logged_in(self, user: User) -> None:
        self.admin = user
        self._show()

    def _show(self) -> None:
        """The login until an admin is known; then the desk, the rules' part saying what the guard found."""
        self.login.setHidden(self.admin is not None)
        self.desk.setHidden(self.admin is None)
        self.accounts_line.setHidden(self.admin is None)
        if self.admin is None:
            self.login.name.setFocus()
            return
        acknowledged = self.controller.edge_guard.acknowledged
        if acknowledged:
            by = self.controller.edge_guard.acknowledged_by
            self.rules_words.setText(self.tr("Acknowledged by {0}: the table may open on these rules.").format(
                name_in(by))
                                     if by else self.tr("The house keeps an edge under these rules: nothing to "
                                                        "acknowledge."))
        else:
            self.rules_words.setText(reworded(self.controller.edge_guard.status.words()))
        self.reason.setHidden(acknowledged)
        self.ack_button.setHidden(acknowledged)
        self._show_accounts()
        (self.new_name if acknowledged else self.reason).setFocus()

    def _show_accounts(self) -> None:
        try:
            store = open_accounts(self.users_path)
        except Exception as err:  # an unreadable account file must not take the console down
            self.accounts_line.setText(unreadable_text(err))
            return
        try:
            users = store.accounts()
        except AccountsTampered as err:
            self.accounts_line.setText(reworded(str(err)))
            return
        finally:
            store.close()
        listed = ", ".join(f"{user.name} ({role_words(user.role)})" for user in users)
        self.accounts_line.setText(self.tr("Accounts: {0}").format(listed))

    def acknowledge(self) -> None:
        assert self.admin is not None
        try:
            self.controller.edge_guard.acknowledge(self.admin, self.reason.text())
        except (IllegalCommand, TableLocked) as err:
            self.feedback.setText(reworded(getattr(err, "reason", str(err))))
            return
        self.feedback.setText(self.tr("The rules are acknowledged: rounds may open on them."))
        self.on_change()
        self._show()

    def add_account(self) -> User | None:
        admin = self.admin
        assert admin is not None
        name, role = self.new_name.text().strip(), Role(self.new_role.currentData())
        user = changed_accounts(self.users_path, self.new_secret, self.feedback,
                                lambda store, secret: store.add(name, role, secret, by=admin))
        if user is None:
            return None
        self.feedback.setText(self.tr("{0} can now log in as {1}.").format(user.name, role_words(role)))
        self.new_name.clear()
        self._show_accounts()
        self.new_name.setFocus()
        return user
