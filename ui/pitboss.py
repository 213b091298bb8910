"""The pit boss's login (name + PIN, with the account store's lockout) and overrides: resolve a table fault,
correct the card read, dismiss a stray read, void the round, adjust a payment. Each needs a reason, and the
controller journals it with who did it."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QSpinBox,
    QStackedWidget,
    QVBoxLayout,
    QWidget,
)

from controller.core.cards import CardError
from controller.engine import IllegalCommand, legal_commands
from controller.table.controller import TableController, TableLocked
from controller.table.users import AuthError, Role, User, UserStore
from ui.confirm import TwoStep

STYLE = ("QDialog{background:#202020}QLabel{color:#f2f2f2;font-size:17px}"
         "QLineEdit,QComboBox,QSpinBox{font-size:18px;min-height:44px}"
         "QPushButton{font-size:18px;min-height:52px;padding:4px 14px;border-radius:8px;background:#1565c0;"
         "color:white}QPushButton:disabled{background:#3a3a3a;color:#8a8a8a}")


class PitBossDialog(QDialog):
    def __init__(self, controller: TableController, users_path: str, on_change: Callable[[], None],
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.controller = controller
        self.users_path = users_path
        self.on_change = on_change  # the console redraws after every override
        self.user: User | None = None
        self.setWindowTitle(self.tr("Pit boss"))
        self.setStyleSheet(STYLE)
        self.setMinimumWidth(720)
        layout = QVBoxLayout(self)
        self.pages = QStackedWidget(self)
        layout.addWidget(self.pages)
        self.feedback = QLabel(self)
        self.feedback.setObjectName("pit_boss_feedback")
        self.feedback.setWordWrap(True)
        self.feedback.setStyleSheet("color:#ffcc80;font-size:17px")
        layout.addWidget(self.feedback)
        self._build_login()
        self._build_overrides()

    # ------------------------------------------------------------------------------------------ login
    def _build_login(self) -> None:
        page = QWidget(self.pages)
        form = QFormLayout(page)
        self.name = QLineEdit(page)
        self.name.setObjectName("login_name")
        self.pin = QLineEdit(page)
        self.pin.setObjectName("login_pin")
        self.pin.setEchoMode(QLineEdit.EchoMode.Password)
        self.login_button = QPushButton(self.tr("Log in"), page)
        self.login_button.setObjectName("login")
        self.login_button.setDefault(True)
        self.login_button.clicked.connect(self.log_in)
        self.pin.returnPressed.connect(self.log_in)
        form.addRow(QLabel(self.tr("A pit boss must log in to resolve faults and make overrides."), page))
        form.addRow(self.tr("Name"), self.name)
        form.addRow(self.tr("PIN"), self.pin)
        form.addRow(self.login_button)
        self.pages.addWidget(page)

    def log_in(self) -> None:
        try:
            store = UserStore(self.users_path)
        except Exception as err:  # an unreadable account file must not take the console down
            self.feedback.setText(self.tr("The staff accounts cannot be read: {0}").format(err))
            return
        try:
            if store.is_empty():
                self.feedback.setText(self.tr("There is no staff account yet. Create one with: rptable users add "
                                              "NAME --role pit_boss"))
                return
            self.user = store.authenticate(self.name.text().strip(), self.pin.text(), need=Role.PIT_BOSS)
        except AuthError as err:
            self.pin.clear()
            self.feedback.setText(str(err))
            return
        finally:
            store.close()
        self.pin.clear()
        self.feedback.setText(self.tr("Logged in as {0}.").format(self.user.name))
        self.pages.setCurrentIndex(1)
        self.refresh()

    # -------------------------------------------------------------------------------------- overrides
    def _build_overrides(self) -> None:
        page = QWidget(self.pages)
        layout = QVBoxLayout(page)
        self.situation = QLabel(page)
        self.situation.setObjectName("pit_boss_situation")
        self.situation.setWordWrap(True)
        layout.addWidget(self.situation)
        form = QFormLayout()
        self.reason = QLineEdit(page)
        self.reason.setObjectName("override_reason")
        self.reason.setPlaceholderText(self.tr("why (journaled with your name)"))
        form.addRow(self.tr("Reason"), self.reason)
        self.fault_choice = QComboBox(page)
        self.fault_choice.setObjectName("fault_choice")
        self.resolve_button = self._button("resolve_fault", self.tr("Resolve table fault"), self.resolve_fault)
        form.addRow(self.fault_choice, self.resolve_button)
        self.card_code = QLineEdit(page)
        self.card_code.setObjectName("correct_card_code")
        self.card_code.setPlaceholderText(self.tr("the card as dealt, e.g. QS or 10H"))
        self.correct_button = self._button("correct_card", self.tr("Correct card"), self.correct_card)
        form.addRow(self.card_code, self.correct_button)
        self.dismiss_button = self._button("dismiss_card", self.tr("Dismiss the read (not a card in play)"),
                                           self.dismiss_card)
        self.void_button = self._button("void_round", self.tr("Void the round (stakes returned)"), self.press_void)
        self.two_step = TwoStep(self)  # voiding cannot be undone: it takes a second press
        self.two_step.changed.connect(self._show_void_armed)
        form.addRow(self.dismiss_button, self.void_button)
        adjust_holder = QWidget(page)
        adjust_row = QHBoxLayout(adjust_holder)
        adjust_row.setContentsMargins(0, 0, 0, 0)
        self.adjust_box = QSpinBox(page)
        self.adjust_box.setObjectName("adjust_box")
        self.adjust_box.setRange(1, 7)
        self.adjust_box.setPrefix(self.tr("box "))
        self.adjust_amount = QSpinBox(page)
        self.adjust_amount.setObjectName("adjust_amount")
        self.adjust_amount.setRange(-10_000_000, 10_000_000)
        self.adjust_amount.setGroupSeparatorShown(True)
        adjust_row.addWidget(self.adjust_box)
        adjust_row.addWidget(self.adjust_amount)
        self.adjust_button = self._button("adjust_payment", self.tr("Adjust payment (+ to the player)"),
                                          self.adjust_payment)
        form.addRow(adjust_holder, self.adjust_button)
        layout.addLayout(form)
        done = QPushButton(self.tr("Log out and close"), page)
        done.setObjectName("pit_boss_close")
        done.clicked.connect(self.accept)
        layout.addWidget(done)
        self.pages.addWidget(page)

    def _button(self, name: str, text: str, slot: object) -> QPushButton:
        button = QPushButton(text, self)
        button.setObjectName(name)
        button.clicked.connect(slot)
        return button

    def refresh(self) -> None:
        controller = self.controller
        state = controller.round
        lines = []
        for fault in controller.faults.values():
            lines.append(self.tr("Table fault {0} ({1}): {2}").format(fault.fault_id, fault.code, fault.text))
        if state is not None and state.fault is not None:
            lines.append(self.tr("Card fault: {0}").format(state.fault.text))
        self.situation.setText("\n".join(lines) or self.tr("No fault is open."))
        self.fault_choice.clear()
        for fault in controller.faults.values():
            self.fault_choice.addItem(f"{fault.fault_id} · {fault.code}", fault.fault_id)
        legal = {a.kind for a in legal_commands(state)} if state is not None else set()
        self.resolve_button.setEnabled(bool(controller.faults))
        self.correct_button.setEnabled("correct_card" in legal)
        self.dismiss_button.setEnabled("dismiss_card" in legal)
        self.void_button.setEnabled("void_round" in legal)
        self.adjust_button.setEnabled(controller.round_id is not None)

    def _override(self, action: object) -> None:
        assert self.user is not None
        try:
            action()  # type: ignore[operator]
        except (IllegalCommand, TableLocked, CardError) as err:
            self.feedback.setText(getattr(err, "reason", str(err)))
            return
        self.feedback.setText(self.tr("Done; journaled as {0}.").format(self.user.label))
        self.reason.clear()
        self.refresh()
        self.on_change()

    def _who(self) -> User:
        assert self.user is not None, "the overrides page opens only after a login"
        return self.user

    def resolve_fault(self) -> None:
        fault_id = self.fault_choice.currentData()
        self._override(lambda: self.controller.resolve_fault(fault_id, self._who(), self.reason.text()))

    def correct_card(self) -> None:
        self._override(lambda: self.controller.correct_card(self.card_code.text().strip(), self._who(),
                                                            self.reason.text()))

    def dismiss_card(self) -> None:
        self._override(lambda: self.controller.dismiss_card(self._who(), self.reason.text()))

    def press_void(self) -> None:
        self.two_step.press("void", self.tr("Void the round? Press again to void it"), self.void_round)

    def _show_void_armed(self) -> None:
        armed = self.two_step.armed
        self.void_button.setText(armed.button_text if armed is not None else
                                 self.tr("Void the round (stakes returned)"))

    def void_round(self) -> None:
        self._override(lambda: self.controller.void_round(self._who(), self.reason.text()))

    def adjust_payment(self) -> None:
        round_id = self.controller.round_id or ""
        self._override(lambda: self.controller.adjust_payment(round_id, self.adjust_box.value(),
                                                              self.adjust_amount.value(), self._who(),
                                                              self.reason.text()))
