"""The linked jackpot's hits that wait for a pit boss, on the pit above the tables: every linked table closes
jackpot betting while one waits, so the floor sees it at once. A pit boss who has verified the hand confirms it
(the meter pays it) or rejects it with a reason (not paid, its amount back into the meter), logging in with a PIN
for each: the pit's window calls `confirm` and `reject` on the meter (controller.floor.jackpot_meter), which
checks the pit boss's floor account again."""

from __future__ import annotations

from PySide6.QtCore import Signal
from PySide6.QtWidgets import QFrame, QHBoxLayout, QLabel, QPushButton, QVBoxLayout, QWidget

from controller.floor.pit import WaitingHit
from ui.format import amount
from ui.i18n import translate
from ui.words import category_words

STYLE = ("QFrame#pit_jackpot{background:#4a3500;border:3px solid #ffd54f;border-radius:6px}"
         "QLabel{color:#ffe082;font-size:15px;font-weight:bold}"
         "QPushButton{font-size:14px;padding:4px 10px;border-radius:4px;color:#1a1a1a}"
         "QPushButton#pit_jackpot_confirm{background:#66bb6a}QPushButton#pit_jackpot_reject{background:#ef9a9a}")


def hit_words(waiting: WaitingHit) -> str:
    hit = waiting.hit
    return translate("PitJackpot", "JACKPOT PENDING · hit #{0}: table {1}, round {2}, box {3}, {4} — {5}").format(
        hit.hit, hit.table_id, hit.round_id, hit.box, category_words(hit.category), amount(hit.amount))


class PendingHits(QFrame):
    """One line a waiting hit, with Confirm and Reject; hidden while none waits."""

    confirm = Signal(object)  # WaitingHit
    reject = Signal(object)  # WaitingHit

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("pit_jackpot")
        self.setStyleSheet(STYLE)
        self.hits: list[WaitingHit] = []
        self._layout = QVBoxLayout(self)
        self._layout.setContentsMargins(8, 4, 8, 4)
        self._layout.setSpacing(2)
        self.hide()

    def show_hits(self, hits: list[WaitingHit]) -> None:
        if hits == self.hits:
            return  # read with every table: nothing to redraw while nothing changed
        self.hits = list(hits)
        while self._layout.count():
            item = self._layout.takeAt(0)
            widget = item.widget() if item is not None else None
            if widget is not None:
                widget.deleteLater()
        for waiting in hits:
            self._layout.addWidget(self._line(waiting))
        self.setVisible(bool(hits))

    def _line(self, waiting: WaitingHit) -> QWidget:
        line = QWidget(self)
        row = QHBoxLayout(line)
        row.setContentsMargins(0, 0, 0, 0)
        label = QLabel(hit_words(waiting), line)
        label.setWordWrap(True)
        row.addWidget(label, 1)
        confirm = QPushButton(translate("PitJackpot", "Confirm (hand verified)"), line)
        confirm.setObjectName("pit_jackpot_confirm")
        confirm.clicked.connect(lambda: self.confirm.emit(waiting))
        reject = QPushButton(translate("PitJackpot", "Reject…"), line)
        reject.setObjectName("pit_jackpot_reject")
        reject.clicked.connect(lambda: self.reject.emit(waiting))
        row.addWidget(confirm)
        row.addWidget(reject)
        return line
