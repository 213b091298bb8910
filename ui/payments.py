"""The payment list at the end of a round: per box what to pay or collect (its settlement and every pit-boss
adjustment, as the round's record in the table's history has them), each confirmed by the dealer once paid;
the next round opens when all are confirmed."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from PySide6.QtCore import QCoreApplication
from PySide6.QtWidgets import QGridLayout, QLabel, QWidget

from controller.engine import RoundState
from controller.engine.events import BoxSettled
from controller.table.round_record import RoundRecord
from ui.fit import TOUCH, FitButton, FitLabel
from ui.format import amount, signed_amount
from ui.words import hand_words, outcome_name


@dataclass(frozen=True)
class Payment:
    box: int
    net: int  # + the dealer pays the player, - the house collects
    outcome: str
    words: str
    lines: str = ""  # the settlement line by line, e.g. "ante +100 · bet +1,000"


def payments_of(state: RoundState, record: RoundRecord | None) -> list[Payment]:
    """The round's payments, box by box in the order of play; `record` (the round as the table's history has
    it) adds the pit bosses' adjustments."""
    out = []
    for number in state.order:
        settled = state.boxes[number].settlement
        if settled is None:
            continue
        words = outcome_name(settled.outcome)
        if settled.outcome not in ("fold", "void"):
            words = hand_words(state.boxes[number].cards, settled.paid) + " — " + words
        adjustment = record.adjustment(number) if record is not None else 0
        out.append(Payment(number, settled.net + adjustment, settled.outcome, words, _lines(settled, adjustment)))
    return out


def _lines(settled: BoxSettled, adjustment: int) -> str:
    names = (
        (QCoreApplication.translate("Payments", "ante"), settled.ante),
        (QCoreApplication.translate("Payments", "bet"), settled.bet),
        (QCoreApplication.translate("Payments", "draw"), settled.draw),
        (QCoreApplication.translate("Payments", "insurance"), settled.insurance),
        (QCoreApplication.translate("Payments", "bonus"), settled.bonus),
        (QCoreApplication.translate("Payments", "buy a game"), settled.buy_game),
        (QCoreApplication.translate("Payments", "adjustment"), adjustment),
    )
    return " · ".join(f"{name} {signed_amount(value)}" for name, value in names if value)


def payment_text(payment: Payment) -> str:
    if payment.net > 0:
        return QCoreApplication.translate("Payments", "Pay box {0}: {1}").format(payment.box, amount(payment.net))
    if payment.net < 0:
        text = QCoreApplication.translate("Payments", "Collect from box {0}: {1}")
        return text.format(payment.box, amount(-payment.net))
    return QCoreApplication.translate("Payments", "Box {0}: return the stakes").format(payment.box)


ROWS_PER_COLUMN = 3


class PaymentPanel(QWidget):
    def __init__(self, on_paid: Callable[[int], None], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.on_paid = on_paid
        self.grid = QGridLayout(self)
        self.grid.setHorizontalSpacing(16)
        self.grid.setVerticalSpacing(2)
        self.grid.setContentsMargins(0, 0, 0, 0)
        self.title = QLabel(self)
        self.title.setStyleSheet("font-size:17px;font-weight:bold")
        self.grid.addWidget(self.title, 0, 0, 1, 3)
        self.rows: list[tuple[QLabel, QLabel, FitButton]] = []
        self.paid_buttons: dict[int, FitButton] = {}
        self._boxes: list[int] = []

    def show_payments(self, payments: list[Payment], paid: set[int]) -> None:
        self.title.setText(self.tr("Payments"))
        while len(self.rows) < len(payments):
            what, due, button = FitLabel(self, lines=3), FitLabel(self, lines=2), FitButton(self, lines=1, height=TOUCH)
            what.setStyleSheet("font-size:14px")
            due.setStyleSheet("font-size:19px;font-weight:bold")
            button.setStyleSheet("QPushButton{font-size:16px;background:#1565c0;color:white;border-radius:8px}"
                                 "QPushButton:disabled{background:#2e7d32;color:#e0ffe0}")
            index = len(self.rows)
            button.clicked.connect(lambda _=False, index=index: self.on_paid(self._boxes[index]))
            # ROWS_PER_COLUMN rows to a column, the columns side by side: six boxes fit a table screen's height
            row, column = 1 + index % ROWS_PER_COLUMN, 3 * (index // ROWS_PER_COLUMN)
            self.grid.addWidget(what, row, column)
            self.grid.addWidget(due, row, column + 1)
            self.grid.addWidget(button, row, column + 2)
            for offset, stretch in enumerate((5, 4, 3)):
                self.grid.setColumnStretch(column + offset, stretch)
            self.rows.append((what, due, button))
        self.paid_buttons = {}
        for i, (what, due, button) in enumerate(self.rows):
            visible = i < len(payments)
            for widget in (what, due, button):
                widget.setHidden(not visible)
            if not visible:
                continue
            payment = payments[i]
            what.setText(self.tr("Box {0}: {1}").format(payment.box, payment.words) + "\n" + payment.lines)
            due.setText(payment_text(payment))
            color = "#7CFC7C" if payment.net > 0 else "#ff8a80" if payment.net < 0 else "#e0e0e0"
            due.setStyleSheet(f"font-size:19px;font-weight:bold;color:{color}")
            done = payment.box in paid
            button.setText(self.tr("Paid ✓") if done else self.tr("Confirm paid"))
            button.setEnabled(not done)
            button.setObjectName(f"paid_{payment.box}")
            self.paid_buttons[payment.box] = button
        self._boxes = [p.box for p in payments]
