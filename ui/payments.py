"""The payment list at the end of a round: per box what to pay or collect (its settlement and every pit-boss
adjustment, as the round's record in the table's history has them), each confirmed by the dealer once paid or
collected. A confirmation is journaled (who, when, how much), so the list reads the same after a restart; only a
pit boss undoes one. The next round opens when every box is confirmed.

A box's jackpot stake is its own line, apart from the box's payment: its stake lost, or a fixed award the table
pays, or a hit and what a pit boss made of it (paid from the meter, or rejected)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from PySide6.QtCore import QCoreApplication
from PySide6.QtWidgets import QGridLayout, QLabel, QWidget

from controller.engine import BoxState, RoundState
from controller.engine.events import BoxSettled, JackpotSettled
from controller.table.jackpot_hits import TableHit
from controller.table.round_record import RoundRecord
from controller.table.security.users import name_in
from ui.fit import TOUCH, FitButton, FitLabel
from ui.format import amount, signed_amount
from ui.restyle import restyle, set_style_property
from ui.words import settled_words, who


@dataclass(frozen=True)
class Payment:
    box: int
    net: int  # + the dealer pays the player, - the house collects
    outcome: str
    words: str
    lines: str = ""  # the settlement line by line, e.g. "ante +100 · bet +1,000"
    due: int = 0  # still to pay (+) or collect (-): the net less what the dealer confirmed before an adjustment
    confirmed: bool = False  # the dealer confirmed the whole net (journaled)
    confirmed_by: str = ""
    returned: int = 0  # the stakes the box takes back (a void, a settlement that came to nothing)


def payments_of(state: RoundState, record: RoundRecord | None, hits: Sequence[TableHit] = ()) -> list[Payment]:
    """The round's payments, box by box in the order of play; `record` (the round as the table's history has
    it) adds the pit bosses' adjustments and the dealer's confirmations, `hits` (the table's jackpot hits) what
    became of a box's hit."""
    results = {b.box: b for b in record.boxes} if record is not None else {}
    out = []
    for number in state.order:
        box = state.boxes[number]
        settled = box.settlement
        if settled is None:
            continue
        words = settled_words(box)
        result = results.get(number)
        confirmation = record.confirmed.get(number) if record is not None else None
        adjustment = record.adjustment(number) if record is not None else 0
        if record is not None and result is not None:  # the history's own figures: net, and what is still due
            net, due, confirmed = record.net(result), record.outstanding(result), record.is_confirmed(result)
        else:  # the round as the engine settled it, before the history has the box
            net, due, confirmed = settled.net + adjustment, settled.net + adjustment, False
        lines = settlement_lines(settled, adjustment, box)
        if box.jackpot_settled is not None:
            hit = next((h for h in hits if record is not None and (h.round_id, h.box) == (record.round_id, number)),
                       None)
            lines = " · ".join(part for part in (lines, jackpot_words(box.jackpot_settled, hit)) if part)
        returned = box.wagered if settled.net == 0 else 0
        out.append(Payment(number, net, settled.outcome, words, lines, due,
                           confirmed, confirmation.actor if confirmation is not None else "", returned))
    return out


def jackpot_words(settled: JackpotSettled, hit: TableHit | None) -> str:
    """The box's jackpot line: "jackpot −10", "jackpot +490" (a fixed award less the stake), or a hit's fate."""
    word = QCoreApplication.translate("Payments", "jackpot")
    if not settled.share_pct:
        return f"{word} {signed_amount(settled.fixed - settled.stake)}"
    if hit is not None and hit.paid is not None:
        return QCoreApplication.translate("Payments", "jackpot {0} paid, confirmed by {1}").format(
            amount(hit.paid.amount), name_in(hit.paid.actor))
    if hit is not None and hit.rejected is not None:
        return QCoreApplication.translate("Payments", "jackpot hit rejected by {0}").format(name_in(hit.rejected.actor))
    return QCoreApplication.translate("Payments", "jackpot hit: a pit boss confirms it [F2]")


def first_unconfirmed(payments: list[Payment]) -> Payment | None:
    """The next payment the dealer makes, in the order of play."""
    return next((p for p in payments if not p.confirmed), None)


def draw_name(box: BoxState | None) -> str:
    """What a box paid to draw: a 6th card or an exchange (the settlement's draw line, when the box is known)."""
    return drawn_word(sixth=box is not None and box.bought_sixth, exchanged=box is not None and bool(box.exchanges))


def drawn_word(*, sixth: bool, exchanged: bool) -> str:
    """The draw line's name: a 6th card, an exchange, or a draw when which is not known."""
    if sixth:
        return QCoreApplication.translate("Payments", "6th card")
    if exchanged:
        return QCoreApplication.translate("Payments", "exchange")
    return QCoreApplication.translate("Payments", "draw")


def settlement_lines(settled: BoxSettled, adjustment: int = 0, box: BoxState | None = None, *,
                     draw: str | None = None) -> str:
    """A box's settlement line by line, each line that is not 0: "ante +100 · bet +1,000 · bonus +30"; the draw
    line is named `draw`, or by what `box` drew, when either is given."""
    names = (
        (QCoreApplication.translate("Payments", "ante"), settled.ante),
        (QCoreApplication.translate("Payments", "bet"), settled.bet),
        (draw or draw_name(box), settled.draw),
        (QCoreApplication.translate("Payments", "insurance"), settled.insurance),
        (QCoreApplication.translate("Payments", "bonus"), settled.bonus),
        (QCoreApplication.translate("Payments", "buy a game"), settled.buy_game),
        (QCoreApplication.translate("Payments", "adjustment"), adjustment),
    )
    lines = [f"{name} {signed_amount(value)}" for name, value in names if value]
    returned = box.insurance - abs(settled.insurance) if box is not None and settled.outcome != "void" else 0
    if returned > 0:
        # R-SETTLE-3: insurance the rules return (the dealer won); R-ACT-8: what the hand did not allow. The
        # chips go back, which the dealer does too.
        lines.append(QCoreApplication.translate("Payments", "insurance returned {0}").format(amount(returned)))
    return " · ".join(lines)


def payment_text(payment: Payment, *, in_row: bool = False) -> str:
    """What the dealer does for this box now: pay, collect, or return the stakes (what is still due, when a
    pit boss adjusted a payment already confirmed). `in_row`: on the box's own row of the list, which names the
    box already."""
    def said(of_box: str, in_its_row: str, value: int = 0) -> str:
        return (in_its_row if in_row else of_box).format(payment.box, amount(value), amount(payment.returned))

    if payment.due != payment.net and not payment.confirmed:
        if payment.due > 0:
            return said(QCoreApplication.translate("Payments", "Pay box {0}: {1} more (adjusted after payment)"),
                        QCoreApplication.translate("Payments", "Pay {1} more (adjusted after payment)"), payment.due)
        return said(QCoreApplication.translate("Payments", "Collect from box {0}: {1} more (adjusted after payment)"),
                    QCoreApplication.translate("Payments", "Collect {1} more (adjusted after payment)"), -payment.due)
    if payment.returned and payment.net > 0:  # a void a pit boss adjusted: the stakes back, and more
        return said(QCoreApplication.translate("Payments", "Box {0}: return the stakes, {2}, and pay {1}"),
                    QCoreApplication.translate("Payments", "Return {2}, pay {1}"), payment.net)
    if payment.returned and payment.net < 0:
        return said(QCoreApplication.translate("Payments", "Box {0}: return the stakes, {2}, less {1}"),
                    QCoreApplication.translate("Payments", "Return {2} less {1}"), -payment.net)
    if payment.net > 0:
        return said(QCoreApplication.translate("Payments", "Pay box {0}: {1}"),
                    QCoreApplication.translate("Payments", "Pay {1}"), payment.net)
    if payment.net < 0:
        return said(QCoreApplication.translate("Payments", "Collect from box {0}: {1}"),
                    QCoreApplication.translate("Payments", "Collect {1}"), -payment.net)
    return said(QCoreApplication.translate("Payments", "Box {0}: return the stakes, {2}"),
                QCoreApplication.translate("Payments", "Return {2}"))


def armed_question(payment: Payment) -> str:
    """What a second press confirms: "Paid box 2: 100?"."""
    if payment.due > 0:
        return QCoreApplication.translate("Payments", "Paid box {0}: {1}?").format(payment.box, amount(payment.due))
    if payment.due < 0:
        return QCoreApplication.translate("Payments", "Collected from box {0}: {1}?").format(
            payment.box, amount(-payment.due))
    return QCoreApplication.translate("Payments", "Returned box {0} its stakes?").format(payment.box)


def confirm_label(payment: Payment, *, next_up: bool = False) -> str:
    """The confirmation button's words: what the dealer did, before it is confirmed and after; the next one
    to confirm names its key."""
    if not payment.confirmed and next_up:
        return confirm_label(payment) + "  [" + QCoreApplication.translate("Payments", "Space") + "]"
    if payment.confirmed and payment.net > 0:
        return QCoreApplication.translate("Payments", "Paid ✓")
    if payment.confirmed and payment.net < 0:
        return QCoreApplication.translate("Payments", "Collected ✓")
    if payment.confirmed:
        return QCoreApplication.translate("Payments", "Returned ✓")
    if payment.due > 0:
        return QCoreApplication.translate("Payments", "Confirm paid")
    if payment.due < 0:
        return QCoreApplication.translate("Payments", "Confirm collected")
    return QCoreApplication.translate("Payments", "Confirm returned")


ROWS_PER_COLUMN = 3  # six boxes in two columns; a seventh makes a fourth row, never a third column (too narrow)


class PaymentPanel(QWidget):
    """The list; `on_paid(box)` is called when the dealer confirms a box (the console journals it)."""

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
        self.rows: list[tuple[FitLabel, FitLabel, FitButton]] = []
        self.paid_buttons: dict[int, FitButton] = {}
        self._boxes: list[int] = []
        self._laid_out = (0, 0, 0)  # rows to a column, rows, grid columns in use: the list's layout now

    def _place(self, count: int) -> None:
        """The rows in two columns side by side, at least ROWS_PER_COLUMN rows to a column: six boxes fit a table
        screen's height, and a seventh box's row goes under the first column, not into a narrow third. A list
        that fills one column takes the whole width."""
        per_column = max(ROWS_PER_COLUMN, -(-count // 2))
        used = 3 * max(1, -(-count // per_column))
        if self._laid_out == (per_column, len(self.rows), used):
            return
        self._laid_out = (per_column, len(self.rows), used)
        for index, widgets in enumerate(self.rows):
            row, column = 1 + index % per_column, 3 * (index // per_column)
            for offset, widget in enumerate(widgets):
                self.grid.addWidget(widget, row, column + offset)  # moved, if it had a place already
        for column in range(6):
            self.grid.setColumnStretch(column, (6, 2, 4)[column % 3] if column < used else 0)

    def show_payments(self, payments: list[Payment], armed: tuple[int, str] | None = None) -> None:
        """The list; `armed`: the box whose confirmation waits for its second press, and its button's words."""
        self.title.setText(self.tr("Payments"))
        next_up = first_unconfirmed(payments)
        while len(self.rows) < len(payments):
            what = FitLabel(self, lines=3, run_in=" · ")  # a box's settlement runs on after its hand if need be
            due, button = FitLabel(self, lines=2), FitButton(self, lines=2, height=TOUCH)
            what.setStyleSheet("font-size:14px")
            due.setStyleSheet("font-size:19px;font-weight:bold")
            button.setStyleSheet("QPushButton{font-size:16px;background:#1565c0;color:white;border-radius:8px}"
                                 "QPushButton:disabled{background:#2e7d32;color:#e0ffe0}"
                                 "QPushButton[armed=\"true\"]{background:#ef6c00;border:2px solid #ffe0b2}")
            index = len(self.rows)
            what.setObjectName(f"payment_what_{index + 1}")
            due.setObjectName(f"payment_due_{index + 1}")
            button.clicked.connect(lambda _=False, index=index: self.on_paid(self._boxes[index]))
            self.rows.append((what, due, button))
        self._place(len(payments))
        self.paid_buttons = {}
        for i, (what, due, button) in enumerate(self.rows):
            visible = i < len(payments)
            for widget in (what, due, button):
                widget.setHidden(not visible)
            if not visible:
                continue
            payment = payments[i]
            what.setText(self.tr("Box {0}: {1}").format(payment.box, payment.words) + "\n" + payment.lines)
            due.setText(payment_text(payment, in_row=True))
            color = ("#9e9e9e" if payment.confirmed else "#7CFC7C" if payment.due > 0 else "#ff8a80" if payment.due < 0
                     else "#e0e0e0")  # what is done fades; what is still to do stands out
            restyle(due, f"font-size:19px;font-weight:bold;color:{color}")
            is_armed = armed is not None and armed[0] == payment.box and not payment.confirmed
            button.setText(armed[1] if armed is not None and is_armed else
                           confirm_label(payment, next_up=payment is next_up))
            set_style_property(button, "armed", is_armed)
            button.setEnabled(not payment.confirmed)
            undo = self.tr("Confirmed by {0}; only a pit boss can undo it.")
            button.setToolTip(undo.format(who(payment.confirmed_by)) if payment.confirmed else "")
            button.setObjectName(f"paid_{payment.box}")
            self.paid_buttons[payment.box] = button
        self._boxes = [p.box for p in payments]
