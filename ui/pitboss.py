"""The pit boss's dialog: a login (name + PIN, with the account store's lockout), then the overrides: resolve a
table fault (and see the shoe's gate re-armed), correct the card read, dismiss a stray read, void the round,
adjust a payment, undo a payment's confirmation; at a table linked to a jackpot, confirm a hit once the hand is
verified at the table (the meter fixes the payment), or reject it (the hand is not what the shoe read). Each needs
a reason (a confirmation is its own), and the controller journals it with who did it. A void or an adjustment
above the table's two-person limit is approved by a second pit boss, another person, who logs in for it with the
same login dialog; both names are journaled."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime
from typing import TypeVar

from PySide6.QtCore import QTimer
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QSpinBox,
    QStackedWidget,
    QVBoxLayout,
    QWidget,
)

from controller.engine import IllegalCommand, legal_commands
from controller.floor.database import FloorError, explain, psycopg_module
from controller.floor.jackpot_link import JackpotLink, confirm_hit, reject_hit
from controller.floor.jackpot_meter import JackpotRefused
from controller.table.controller import TableController, TableLocked
from controller.table.pump import GateReopened
from controller.table.security.users import Role, User, name_in
from controller.table.showdown_faults import shoe_record
from drivers.base import SourceStatus
from drivers.cards import CardError
from ui.confirm import TwoStep
from ui.format import amount, signed_amount
from ui.login import STAFF_STYLE, LoginDialog, LoginForm, without_default_buttons
from ui.sentences import card_fault_words, device_fault_words, reworded, stopped_words
from ui.showdown_view import ShowdownView
from ui.words import hand_name, who

STYLE = STAFF_STYLE
T = TypeVar("T")


@dataclass(frozen=True)
class ShoeGate:
    """The shoe's gate as the pit boss sees it: its state (`status`), the console's re-arming once the last fault
    is resolved (`rearm`: the card pump's UNLOCK, None when it had nothing to reopen), and a plain UNLOCK for a
    gate still locked (after a restart, say)."""

    status: Callable[[], SourceStatus]
    rearm: Callable[[], GateReopened | None]
    unlock: Callable[[], None]


GATE_POLL_MS = 500
GATE_OPEN_STATES = ("READY", "EMPTY", "COVER_OPEN")  # what SHOE/1 says of a gate that is not locked


def gate_locked(status: SourceStatus) -> bool:
    """The gate is closed: the console locked it, or the shoe says so itself (it may have been locked before the
    console started)."""
    return status.locked or status.state == "LOCKED"


class NotApproved(Exception):
    """A void or an adjustment above the two-person limit that no second pit boss approved: nothing was done."""


class PitBossDialog(QDialog):
    def __init__(self, controller: TableController, users_path: str, on_change: Callable[[], None],
                 parent: QWidget | None = None, *, gate: ShoeGate | None = None,
                 jackpot: JackpotLink | None = None, card_as_dealt: str | None = None) -> None:
        super().__init__(parent)
        # A simulated shoe knows the card it dealt, which a pit boss at a live table reads off the card itself:
        # QA corrects a card fault with the truth, not a guess that the shoe would contradict later.
        self.card_as_dealt = card_as_dealt
        self.controller = controller
        self.jackpot = jackpot  # the table's link to the jackpot meter: the meter's database and which meter
        self.users_path = users_path
        self.on_change = on_change  # the console redraws after every override
        self.gate = gate
        self._awaiting_answer = False  # UNLOCK was sent and the shoe has not said READY yet
        self.user: User | None = None
        self._approved_by: User | None = None  # the second pit boss who approved the override under way, if any
        self.setWindowTitle(self.tr("Pit boss"))
        # Touch-sized, yet every row (the jackpot's too) and the answer line fit a 768-pixel table screen.
        self.setStyleSheet(STYLE + "QPushButton{min-height:44px}")
        self.setMinimumWidth(900)  # a 1024-pixel table screen holds it, each button's words whole
        layout = QVBoxLayout(self)
        self.feedback = QLabel(self)  # on top: the answer to the last press is where the eye starts
        self.feedback.setObjectName("pit_boss_feedback")
        self.feedback.setWordWrap(True)
        self.feedback.setStyleSheet("color:#ffcc80;font-size:17px")
        layout.addWidget(self.feedback)
        self.pages = QStackedWidget(self)
        layout.addWidget(self.pages)
        self.login_form = LoginForm(users_path, Role.PIT_BOSS,
                                    self.tr("A pit boss must log in to resolve faults and make overrides."), self,
                                    feedback=self.feedback, table=controller)
        self.login_form.logged_in.connect(self._logged_in)
        self.gate_timer = QTimer(self)  # the shoe answers LOCK and UNLOCK on its own time
        self.gate_timer.timeout.connect(self._show_gate)
        self.gate_timer.timeout.connect(self._watch_faults)  # a fault that comes while the page is open
        self._faults_seen: tuple[object, ...] = ()
        self.name, self.pin, self.login_button = self.login_form.name, self.login_form.pin, self.login_form.button
        login_page = QWidget(self.pages)  # the form, and a way back to the table for a touch screen without Esc
        login_layout = QVBoxLayout(login_page)
        login_layout.setContentsMargins(0, 0, 0, 0)
        login_layout.addWidget(self.login_form)
        self.cancel_button = QPushButton(self.tr("Cancel"), login_page)
        self.cancel_button.setObjectName("pit_boss_cancel")
        self.cancel_button.setAutoDefault(False)
        self.cancel_button.clicked.connect(self.reject)
        in_line = QHBoxLayout()  # under the form's own button, as wide
        in_line.setContentsMargins(self.login_form.layout().contentsMargins())
        in_line.addWidget(self.cancel_button)
        login_layout.addLayout(in_line)
        login_layout.addStretch(1)
        self.pages.addWidget(login_page)
        self._build_overrides()
        without_default_buttons(self)

    # ------------------------------------------------------------------------------------------ login
    def log_in(self) -> None:
        """One login attempt with the name and PIN typed (Enter in the PIN field, or the button)."""
        self.login_form.log_in()

    def _logged_in(self, user: User) -> None:
        self.user = user
        self.feedback.setText(self.tr("Logged in as {0}.").format(user.name))
        self.pages.setCurrentIndex(1)
        self.reason.setFocus()
        self.refresh()
        self.gate_timer.start(GATE_POLL_MS)

    # -------------------------------------------------------------------------------------- overrides
    def _build_overrides(self) -> None:
        page = QWidget(self.pages)
        layout = QVBoxLayout(page)
        self.situation = QLabel(page)
        self.situation.setObjectName("pit_boss_situation")
        self.situation.setWordWrap(True)
        layout.addWidget(self.situation)
        self.showdown_view = ShowdownView(page)  # what the camera saw at showdown beside the shoe's record
        layout.addWidget(self.showdown_view)
        self.gate_state = QLabel(page)
        self.gate_state.setObjectName("gate_state")
        self.gate_state.setWordWrap(True)
        layout.addWidget(self.gate_state)
        form = QGridLayout()
        form.setColumnStretch(0, 1)
        form.setColumnStretch(1, 1)
        self.reason = QLineEdit(page)
        self.reason.setObjectName("override_reason")
        self.reason.setPlaceholderText(self.tr("why (journaled with your name)"))
        reason_row = QHBoxLayout()
        reason_row.addWidget(QLabel(self.tr("Reason"), page))
        reason_row.addWidget(self.reason, 1)
        form.addLayout(reason_row, 0, 0, 1, 2)
        self.fault_choice = QComboBox(page)
        self.fault_choice.setObjectName("fault_choice")
        self.resolve_button = self._button("resolve_fault", self.tr("Resolve table fault"), self.resolve_fault)
        self._row(form, 1, self.fault_choice, self.resolve_button)
        self.rearm_result = QLabel(page)
        self.rearm_result.setObjectName("rearm_result")
        self.rearm_result.setWordWrap(True)
        self.rearm_result.setStyleSheet("font-size:18px;font-weight:bold")
        self.unlock_button = self._button("unlock_gate", self.tr("Open the shoe's gate (UNLOCK)"), self.unlock_gate)
        self._row(form, 2, self.rearm_result, self.unlock_button)
        self.card_code = QLineEdit(page)
        self.card_code.setObjectName("correct_card_code")
        self.card_code.setPlaceholderText(
            self.tr("the simulated shoe dealt {0}").format(self.card_as_dealt) if self.card_as_dealt else
            self.tr("the card as dealt, e.g. QS or 10H"))
        self.correct_button = self._button("correct_card", self.tr("Correct card"), self.correct_card)
        self._row(form, 3, self.card_code, self.correct_button)
        self.dismiss_button = self._button("dismiss_card", self.tr("Dismiss the read (not a card in play)"),
                                           self.dismiss_card)
        self.void_button = self._button("void_round", self.tr("Void the round (stakes returned)"), self.press_void)
        # Money that moves for good (a void, an adjustment, an undone confirmation) takes a second press, for the
        # box and amount on screen at the first: a list that changed in between arms again, it does not act.
        self.two_step = TwoStep(self)
        self.two_step.changed.connect(self._show_armed)
        self._row(form, 4, self.dismiss_button, self.void_button)
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
                                          self.press_adjust)
        self.adjust_box.valueChanged.connect(self.two_step.cancel)
        self.adjust_amount.valueChanged.connect(self.two_step.cancel)
        self._row(form, 5, adjust_holder, self.adjust_button)
        self.confirmed_choice = QComboBox(page)
        self.confirmed_choice.setObjectName("confirmed_choice")
        self.undo_button = self._button("undo_confirmation", self.tr("Undo the payment's confirmation"),
                                        self.press_undo)
        self.confirmed_choice.currentIndexChanged.connect(self.two_step.cancel)
        self._row(form, 6, self.confirmed_choice, self.undo_button)
        self.hit_choice = QComboBox(page)
        self.hit_choice.setObjectName("jackpot_hit_choice")
        self.confirm_hit_button = self._button("confirm_jackpot", self.tr("Confirm the jackpot hit (hand verified)"),
                                               self.confirm_jackpot)
        self._row(form, 7, self.hit_choice, self.confirm_hit_button)
        self.reject_hit_button = self._button("reject_jackpot",
                                              self.tr("Reject the jackpot hit (hand not as read)"), self.reject_jackpot)
        form.addWidget(self.reject_hit_button, 8, 1)
        for widget in (self.hit_choice, self.confirm_hit_button, self.reject_hit_button):
            widget.setHidden(self.jackpot is None)
        layout.addLayout(form)
        done = QPushButton(self.tr("Log out and close"), page)
        done.setObjectName("pit_boss_close")
        done.clicked.connect(self.accept)
        layout.addWidget(done)
        self.pages.addWidget(page)

    @staticmethod
    def _row(grid: QGridLayout, row: int, what: QWidget, button: QPushButton) -> None:
        grid.addWidget(what, row, 0)
        grid.addWidget(button, row, 1)

    def _button(self, name: str, text: str, slot: Callable[[], None]) -> QPushButton:
        button = QPushButton(text, self)
        button.setObjectName(name)
        button.clicked.connect(slot)
        return button

    def _open_faults(self) -> tuple[object, ...]:
        state = self.controller.round
        return (*self.controller.faults, state.fault if state is not None else None)

    def _watch_faults(self) -> None:
        """The page follows the table: a fault raised or cleared while it is open is shown at once, and the
        buttons follow it (the page said "No fault is open" beside a new fault's banner, Resolve grey)."""
        if self._open_faults() != self._faults_seen:
            new = set(self.controller.faults) - set(self._faults_seen)
            self.refresh()
            if new:
                self.feedback.setText(self.tr("A new fault came in: {0}.").format(", ".join(sorted(new))))

    def refresh(self) -> None:
        controller = self.controller
        state = controller.round
        self._faults_seen = self._open_faults()
        lines = []
        for fault in controller.faults.values():
            lines.append(self.tr("Table fault {0} ({1}): {2}").format(fault.fault_id, fault.code,
                                                                      device_fault_words(fault.code, fault.text)))
        if state is not None and state.fault is not None:
            lines.append(self.tr("Card fault: {0}").format(card_fault_words(state.fault)))
        self.situation.setText("\n".join(lines) or self.tr("No fault is open."))
        self._show_showdown()
        self.fault_choice.clear()
        for fault in controller.faults.values():
            self.fault_choice.addItem(f"{fault.fault_id} · {fault.code}", fault.fault_id)
        legal = {a.kind for a in legal_commands(state)} if state is not None else set()
        self.resolve_button.setEnabled(bool(controller.faults))
        self.correct_button.setEnabled("correct_card" in legal)
        self.dismiss_button.setEnabled("dismiss_card" in legal)
        self.void_button.setEnabled("void_round" in legal)
        record = controller.round_record
        self.adjust_button.setEnabled(record is not None and bool(record.boxes))  # only a settled box's payment
        self._show_gate()
        self._show_confirmed()
        self._show_hits()

    def _show_hits(self) -> None:
        """The jackpot hits at this table that wait for a pit boss."""
        self.hit_choice.clear()
        if self.jackpot is None:
            return
        for hit in self.controller.jackpot.hits:
            if hit.waiting:
                self.hit_choice.addItem(self.tr("Box {0}, round {1}: {2}").format(
                    hit.box, hit.round_id, hand_name(hit.settled.best)), (hit.round_id, hit.box))
        waiting = self.hit_choice.count() > 0
        self.confirm_hit_button.setEnabled(waiting)
        self.reject_hit_button.setEnabled(waiting)

    def confirm_jackpot(self) -> None:
        """R-JACKPOT-3: the hand verified at the table: the meter pays the hit, the table journals the payment."""
        chosen, link = self.hit_choice.currentData(), self.jackpot
        if chosen is None or link is None:
            return
        paid = self._at_meter(lambda: confirm_hit(self.controller, link.url, *chosen, self._who(), link.meter_id))
        if paid is not None:
            self.feedback.setText(self.tr("Jackpot hit #{0} confirmed: pay box {1} {2}; journaled as {3}.").format(
                paid.hit, paid.box, amount(paid.amount), who(self._who().label)))

    def reject_jackpot(self) -> None:
        """R-JACKPOT-3: the hand at the table is not the hit the shoe read: not paid, the meter unlocks unless
        another hit waits."""
        chosen, link = self.hit_choice.currentData(), self.jackpot
        if chosen is None or link is None:
            return
        reason = self.reason.text()
        rejection = self._at_meter(lambda: reject_hit(self.controller, link.url, *chosen, self._who(), reason,
                                                      link.meter_id))
        if rejection is None:
            return
        self.reason.clear()
        if rejection.meter_problem:
            self.feedback.setText(self.tr("Jackpot hit rejected and journaled; the meter cannot be reached now and is "
                                          "told as soon as it can be."))
        elif rejection.still_waiting is not None:
            waiting = rejection.still_waiting
            self.feedback.setText(self.tr("Jackpot hit rejected: not paid; the meter stays locked, hit #{0} (table "
                                          "{1}, box {2}) still waits for a pit boss; journaled as {3}.")
                                  .format(waiting.hit, waiting.table_id, waiting.box, who(self._who().label)))
        else:
            self.feedback.setText(self.tr("Jackpot hit rejected: not paid, the meter unlocks; journaled as {0}.")
                                  .format(who(self._who().label)))

    def _at_meter(self, action: Callable[[], T]) -> T | None:
        """A jackpot action: its answer, or None with what went wrong said (never raised)."""
        try:
            done = action()
        except IllegalCommand as err:
            self.feedback.setText(reworded(err.reason))
            return None
        except (JackpotRefused, FloorError, TableLocked) as err:
            self.feedback.setText(reworded(str(err)))
            return None
        except psycopg_module().Error as err:
            assert self.jackpot is not None
            self.feedback.setText(reworded(explain(err, self.jackpot.url)))
            return None
        self.refresh()
        self.on_change()
        return done

    def _show_showdown(self) -> None:
        """The camera's reading of the round's showdown, while the round is open: the shoe's record beside it."""
        state, record = self.controller.round, self.controller.round_record
        seen = record.showdown if record is not None and self.controller.round_open else None
        if seen is None or state is None:
            self.showdown_view.clear()
            self.showdown_view.setHidden(True)
            return
        self.showdown_view.show_reading(seen, shoe_record(state))
        self.showdown_view.setHidden(False)

    def _show_gate(self) -> None:
        status = self._gate_status()
        if status is None:
            self.gate_state.setText("")
            self.unlock_button.setHidden(True)
            return
        if not status.connected:
            state = self.tr("Shoe gate: the shoe is not connected (offline).")
        elif gate_locked(status):
            state = self.tr("Shoe gate: LOCKED — no card can be drawn.")
        elif status.state in GATE_OPEN_STATES:
            state = self.tr("Shoe gate: open.")
        else:
            state = self.tr("Shoe gate: not reported by the shoe yet. If no card comes out, open it with the "
                            "button.")
        self.gate_state.setText(state)
        if self._awaiting_answer and status.state in GATE_OPEN_STATES:
            self._awaiting_answer = False
            self.rearm_result.setText(self.gate_open_text())
        self.unlock_button.setHidden(False)
        # UNLOCK on an open gate changes nothing, and the shoe may have locked itself before the console started
        self.unlock_button.setEnabled(status.connected and not self.controller.faults
                                      and status.state not in GATE_OPEN_STATES)

    def _gate_status(self) -> SourceStatus | None:
        if self.gate is None:
            return None
        try:
            return self.gate.status()
        except Exception:  # a driver's status must never take the dialog down
            return None

    def _show_confirmed(self) -> None:
        self.confirmed_choice.clear()
        record = self.controller.round_record
        if record is not None:
            for box, confirmation in sorted(record.confirmed.items()):
                when = datetime.fromtimestamp(confirmation.at).strftime("%H:%M:%S")
                text = self.tr("Box {0}: {1} confirmed by {2} at {3}").format(
                    box, signed_amount(confirmation.amount), name_in(confirmation.actor), when)
                self.confirmed_choice.addItem(text, box)
        self.undo_button.setEnabled(self.confirmed_choice.count() > 0)

    def _override(self, action: Callable[[], object]) -> bool:
        assert self.user is not None
        self._approved_by = None
        try:
            action()
        except IllegalCommand as err:
            self.feedback.setText(reworded(err.reason))
            return False
        except TableLocked as err:
            self.feedback.setText(stopped_words(self.controller) or reworded(str(err)))
            return False
        except CardError as err:
            self.feedback.setText(reworded(str(err)))
            return False
        except NotApproved as err:
            self.feedback.setText(str(err))
            return False
        done = (self.tr("Done; journaled as {0}, approved by {1}.").format(who(self.user.label),
                                                                          who(self._approved_by.label))
                if self._approved_by is not None else self.tr("Done; journaled as {0}.").format(who(self.user.label)))
        self.feedback.setText(done)
        self.reason.clear()
        self.refresh()
        self.on_change()
        return True

    def _who(self) -> User:
        assert self.user is not None, "the overrides page opens only after a login"
        return self.user

    def resolve_fault(self) -> None:
        fault_id = self.fault_choice.currentData()
        if self._override(lambda: self.controller.overrides.resolve_fault(fault_id, self._who(), self.reason.text())):
            self.rearm_result.setText(self._rearm())
            self._show_gate()

    def _rearm(self) -> str:
        """Re-arm the shoe once the last fault is resolved, and say how it went."""
        if self.gate is None:
            return ""
        if self.controller.faults:
            return self.tr("Other faults are still open: the shoe's gate opens once the last is resolved.")
        try:
            reopened = self.gate.rearm()
        except Exception as err:  # the link to the shoe may have gone: say so, never crash
            return self._gate_failed(err)
        if reopened is not None and not reopened.reached_shoe:
            return self.tr("The shoe is offline: its gate opens as soon as it is back.")
        return self._gate_now()

    def unlock_gate(self) -> None:
        """UNLOCK for a gate still locked with no fault open (a shoe locked before the console restarted)."""
        if self.gate is None:
            return
        try:
            self.gate.unlock()
        except Exception as err:
            self.rearm_result.setText(self._gate_failed(err))
            return
        self.rearm_result.setText(self._gate_now())
        self._show_gate()
        self.on_change()

    def _gate_now(self) -> str:
        """After UNLOCK: the gate open, still locked, or the shoe's answer awaited (then `_show_gate` tells it
        when it comes)."""
        status = self._gate_status()
        self._awaiting_answer = False
        if status is None or (status.state in GATE_OPEN_STATES and not status.locked):
            return self.gate_open_text()
        if status.locked:
            return self.tr("The shoe's gate is still LOCKED. Open it with the button, or check the shoe.")
        self._awaiting_answer = True
        return self.tr("UNLOCK sent to the shoe: waiting for its answer.")

    def gate_open_text(self) -> str:
        return self.tr("The shoe's gate is open again: dealing can go on.")

    def _gate_failed(self, err: Exception) -> str:
        return self.tr("The shoe's gate could not be opened: {0}. Check the shoe and its cable.").format(err)

    def correct_card(self) -> None:
        self._override(lambda: self.controller.overrides.correct_card(self.card_code.text().strip(), self._who(),
                                                            self.reason.text()))

    def dismiss_card(self) -> None:
        self._override(lambda: self.controller.overrides.dismiss_card(self._who(), self.reason.text()))

    def press_void(self) -> None:
        self.two_step.press("void", self.tr("Void the round? Press again to void it"), self.void_round)

    def press_adjust(self) -> None:
        box, amount = self.adjust_box.value(), self.adjust_amount.value()
        self.two_step.press(f"adjust:{box}:{amount}", self.tr("Adjust box {0} by {1}? Press again to adjust it").format(
            box, signed_amount(amount)), self.adjust_payment)

    def press_undo(self) -> None:
        box = self.confirmed_choice.currentData()
        if box is None:
            return
        self.two_step.press(f"undo:{box}", self.tr("Undo box {0}'s confirmation? Press again to undo it").format(box),
                            lambda: self.undo_confirmation(box))

    def _show_armed(self) -> None:
        armed = self.two_step.armed
        kind = armed.key.partition(":")[0] if armed is not None else ""
        for button, own, text in ((self.void_button, "void", self.tr("Void the round (stakes returned)")),
                                  (self.adjust_button, "adjust", self.tr("Adjust payment (+ to the player)")),
                                  (self.undo_button, "undo", self.tr("Undo the payment's confirmation"))):
            button.setText(armed.button_text if armed is not None and kind == own else text)

    def void_round(self) -> None:
        def void() -> object:
            by, reason = self._who(), self.reason.text()
            # nothing else in the way before a second is asked
            at_stake = self.controller.overrides.verify_void(by, reason)
            second = self._second_pit_boss(self.tr("Voiding this round puts {0} at stake").format(
                amount(at_stake)), at_stake)
            return self.controller.overrides.void_round(by, reason, second=second)
        self._override(void)

    def adjust_payment(self) -> None:
        round_id = self.controller.round_id or ""

        def adjust() -> object:
            by, reason = self._who(), self.reason.text()
            box, amount = self.adjust_box.value(), self.adjust_amount.value()
            self.controller.overrides.verify_adjustment(round_id, box, amount, by, reason)
            second = self._second_pit_boss(self.tr("An adjustment of {0} to box {1}").format(
                signed_amount(amount), box), amount)
            return self.controller.overrides.adjust_payment(round_id, box, amount, by, reason, second=second)
        self._override(adjust)

    def _second_pit_boss(self, what: str, at_stake: int) -> User | None:
        """The second pit boss who approves an override of `at_stake` chips (None below the table's two-person
        limit), from the login dialog; NotApproved when nobody else logged in."""
        if not self.controller.overrides.needs_second_person(at_stake):
            return None
        first = self._who()
        limit = self.controller.history.two_person_above
        intro = self.tr("{0}, above this table's limit of {1}: a second pit boss, not {2}, logs in to approve "
                        "it.").format(what, amount(limit), first.name)

        def not_the_first(user: User) -> str:
            if user.name != first.name:
                return ""
            return self.tr("{0} made this override: the second pit boss must be another person. Another pit boss "
                           "logs in, or Cancel.").format(first.name)

        login = LoginDialog(self.users_path, Role.PIT_BOSS, self.tr("Second pit boss"), intro, self,
                            table=self.controller, refuse=not_the_first)
        login.setObjectName("second_pit_boss")
        try:
            login.exec()
            second = login.user
        finally:
            login.deleteLater()
        self._approved_by = second
        if second is None:
            raise NotApproved(self.tr("Nothing was done: {0} needs a second pit boss's approval, and none logged "
                                      "in.").format(what))
        return second

    def undo_confirmation(self, box: int | None = None) -> None:
        """Undo a box's confirmation (default: the box chosen in the list)."""
        box = box if box is not None else self.confirmed_choice.currentData()
        if box is None:
            return
        self._override(lambda: self.controller.overrides.undo_confirmation(box, self._who(), self.reason.text()))
