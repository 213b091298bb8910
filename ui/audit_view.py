"""The pit boss's audit views: round history (a list, and one round replayed step by step), the last-10 recall,
the shift report with its hold chart (over time and by box), and the journal's verification. All read the
journal; a round still in play is listed but not opened, so no card of it is shown before it is public."""

from __future__ import annotations

from datetime import datetime

from PySide6.QtCore import QCoreApplication, QRectF, Qt
from PySide6.QtGui import QColor, QPainter, QPaintEvent, QPen
from PySide6.QtWidgets import (
    QAbstractItemView,
    QDialog,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QListWidget,
    QPushButton,
    QSlider,
    QTableWidget,
    QTableWidgetItem,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from controller.analysis.house_edges import measured_edges
from controller.engine import Phase, RoundState
from controller.table.audit.rounds import RoundRecord, read_rounds, verify_journal
from controller.table.audit.shift_report import build_report
from controller.table.controller import TableController
from controller.table.history import replay_to
from controller.table.journal import JournalEntry
from controller.table.round_record import Step
from controller.table.table_events import TableEvent
from ui.format import amount, card_face, signed_amount
from ui.words import outcome_name

STYLE = ("QDialog,QWidget{background:#202020;color:#f2f2f2}QLabel{font-size:16px}"
         "QTableWidget,QListWidget{font-size:15px;background:#111;color:#f2f2f2;gridline-color:#444}"
         "QHeaderView::section{background:#333;color:#f2f2f2;font-size:15px}QTabBar::tab{font-size:16px;"
         "padding:8px 16px;background:#333;color:#f2f2f2}QTabBar::tab:selected{background:#1565c0}"
         "QPushButton{font-size:16px;min-height:44px;padding:4px 12px;background:#1565c0;color:white;"
         "border-radius:6px}")


def when(ts: float | None) -> str:
    return datetime.fromtimestamp(ts).strftime("%H:%M:%S") if ts else "—"


class HoldChart(QWidget):
    """Bars of hold % (green above zero, red below), drawn with QPainter: no chart library needed."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.values: list[tuple[str, float]] = []
        self.title = ""
        self.setMinimumHeight(220)

    def set_values(self, title: str, values: list[tuple[str, float]]) -> None:
        self.title, self.values = title, values
        self.setAccessibleName(title + ": " + ", ".join(f"{k} {v:.1f}%" for k, v in values))
        self.update()

    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.fillRect(self.rect(), QColor("#161616"))
        painter.setPen(QColor("#f2f2f2"))
        painter.drawText(QRectF(8, 4, self.width() - 16, 22), Qt.AlignmentFlag.AlignLeft, self.title)
        if not self.values:
            painter.drawText(self.rect(), Qt.AlignmentFlag.AlignCenter, self.tr("(no rounds)"))
            return
        top, axis, side = 30.0, 24.0, 40.0
        label = 18.0  # room above and below the bars for their value labels
        high = max(1.0, *(v for _, v in self.values))
        low = min(0.0, *(v for _, v in self.values))
        scale = (self.height() - top - axis - 2 * label) / (high - low)
        zero = top + label + high * scale
        step = (self.width() - 2 * side) / len(self.values)
        width = min(step * 0.7, 120.0)
        painter.setPen(QPen(QColor("#888"), 1))
        painter.drawLine(int(side), int(zero), int(self.width() - side), int(zero))
        for i, (name, value) in enumerate(self.values):
            x = side + i * step + (step - width) / 2
            height = abs(value) * scale
            y = zero - height if value >= 0 else zero
            painter.fillRect(QRectF(x, y, width, max(height, 1.0)),
                             QColor("#43a047") if value >= 0 else QColor("#e53935"))
            painter.setPen(QColor("#f2f2f2"))
            painter.drawText(QRectF(x - 20, self.height() - axis, width + 40, axis), Qt.AlignmentFlag.AlignCenter,
                             name)
            label_y = y - label if value >= 0 else y + height + 1
            painter.drawText(QRectF(x - 20, label_y, width + 40, label - 2), Qt.AlignmentFlag.AlignCenter,
                             f"{value:.1f}%")


class AuditDialog(QDialog):
    def __init__(self, controller: TableController, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.controller = controller
        self.setWindowTitle(self.tr("Audit — table {0}").format(controller.table_id))
        self.setStyleSheet(STYLE)
        self.resize(1200, 820)
        self.entries: list[JournalEntry] = list(controller.journal.entries())
        self._replaying: RoundRecord | None = None
        self.rounds: list[RoundRecord] = read_rounds(self.entries, keep_steps=True)
        layout = QVBoxLayout(self)
        self.tabs = QTabWidget(self)
        self.tabs.setObjectName("audit_tabs")
        layout.addWidget(self.tabs)
        self.tabs.addTab(self._rounds_tab(), self.tr("Rounds"))
        self.tabs.addTab(self._recall_tab(), self.tr("Last 10"))
        self.tabs.addTab(self._report_tab(), self.tr("Shift report"))
        self.tabs.addTab(self._verify_tab(), self.tr("Verification"))
        close = QPushButton(self.tr("Close"), self)
        close.clicked.connect(self.accept)
        layout.addWidget(close)

    # ---------------------------------------------------------------------------------------- rounds
    def _round_table(self, rounds: list[RoundRecord]) -> QTableWidget:
        table = QTableWidget(len(rounds), 6, self)
        table.setHorizontalHeaderLabels([self.tr("Round"), self.tr("Opened"), self.tr("Boxes"),
                                         self.tr("Wagered"), self.tr("House net"), self.tr("Status")])
        table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        table.verticalHeader().hide()
        for row, record in enumerate(rounds):
            status = (self.tr("voided") if record.voided else self.tr("complete") if record.complete
                      else self.tr("in play"))
            values = [record.round_id, when(record.opened_at), str(len(record.boxes)), amount(record.wagered),
                      signed_amount(record.house_net) if record.complete else "—", status]
            for column, value in enumerate(values):
                item = QTableWidgetItem(value)
                if column >= 2:
                    item.setTextAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
                table.setItem(row, column, item)
        table.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Stretch)
        table.horizontalHeader().setMinimumSectionSize(90)
        return table

    def _rounds_tab(self) -> QWidget:
        page = QWidget(self)
        layout = QHBoxLayout(page)
        self.round_list = self._round_table(self.rounds)
        self.round_list.setObjectName("audit_rounds")
        self.round_list.itemSelectionChanged.connect(self._round_selected)
        layout.addWidget(self.round_list, 3)
        replay = QVBoxLayout()
        self.steps = QListWidget(page)
        self.steps.setObjectName("replay_steps")
        self.steps.currentRowChanged.connect(self._step_selected)
        controls = QHBoxLayout()
        self.back = QPushButton("◀ " + self.tr("Step back"), page)
        self.forward = QPushButton(self.tr("Step") + " ▶", page)
        self.slider = QSlider(Qt.Orientation.Horizontal, page)
        self.back.clicked.connect(lambda: self.steps.setCurrentRow(max(0, self.steps.currentRow() - 1)))
        self.forward.clicked.connect(
            lambda: self.steps.setCurrentRow(min(self.steps.count() - 1, self.steps.currentRow() + 1)))
        self.slider.valueChanged.connect(self.steps.setCurrentRow)
        controls.addWidget(self.back)
        controls.addWidget(self.slider, 1)
        controls.addWidget(self.forward)
        self.step_state = QLabel(page)
        self.step_state.setObjectName("replay_state")
        self.step_state.setWordWrap(True)
        self.step_state.setTextFormat(Qt.TextFormat.PlainText)
        self.step_state.setStyleSheet("font-size:17px;font-family:monospace;background:#111;padding:8px")
        self.step_state.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft)
        replay.addWidget(QLabel(self.tr("Replay (select a finished round)"), page))
        replay.addWidget(self.steps, 2)
        replay.addLayout(controls)
        replay.addWidget(self.step_state, 3)
        layout.addLayout(replay, 3)
        return page

    def select_round(self, index: int, step: int | None = None) -> None:
        self.round_list.selectRow(index)
        if step is not None:
            self.steps.setCurrentRow(step)

    def _round_selected(self) -> None:
        rows = self.round_list.selectionModel().selectedRows()
        self.steps.clear()
        self.step_state.setText("")
        self._replaying = None
        if not rows:
            return
        record = self.rounds[rows[0].row()]
        if not record.complete:
            self.step_state.setText(self.tr("This round is still in play: it can be replayed once it closes."))
            return
        for number, step in enumerate(record.steps, 1):
            self.steps.addItem(f"{number:3d}  {step.entry.kind}  {_brief(step)}")
        self._replaying = record
        self.slider.setRange(0, max(0, self.steps.count() - 1))
        self.steps.setCurrentRow(self.steps.count() - 1)

    def _step_selected(self, row: int) -> None:
        if row < 0 or self._replaying is None:
            return
        self.slider.blockSignals(True)
        self.slider.setValue(row)
        self.slider.blockSignals(False)
        self.step_state.setText(_describe(*replay_to(self._replaying, row)))

    # ----------------------------------------------------------------------------------------- recall
    def _recall_tab(self) -> QWidget:
        page = QWidget(self)
        layout = QVBoxLayout(page)
        last = self.rounds[-10:]
        layout.addWidget(QLabel(self.tr("The last {0} rounds, oldest first.").format(len(last)), page))
        table = self._round_table(last)
        table.setObjectName("audit_recall")
        layout.addWidget(table)
        return page

    # ----------------------------------------------------------------------------------------- report
    def _report_tab(self) -> QWidget:
        page = QWidget(self)
        layout = QVBoxLayout(page)
        report = build_report(self.controller.table_id, self.rounds, measured_edges())
        total = report.total
        summary = QLabel(self.tr("{0} rounds · drop {1} · house win {2} · hold {3}% · {4} voided · {5} "
                                 "adjustments").format(total.rounds, amount(total.drop), signed_amount(total.win),
                                                       f"{total.hold_pct:.2f}", report.voided, report.adjustments),
                         page)
        summary.setObjectName("report_summary")
        summary.setStyleSheet("font-size:19px;font-weight:bold")
        layout.addWidget(summary)
        if report.edges_used:
            theory = self.tr("Theoretical win {0} · theoretical hold {1}% (the house edge under the basic "
                             "strategy)").format(signed_amount(round(total.theoretical)),
                                                 f"{total.theoretical_hold_pct:.2f}")
        else:
            theory = ""
        if report.rules_without_edge:
            theory += (" · " if theory else "") + self.tr(
                "no measured house edge for the rules {0}: their rounds count 0 theoretical"
            ).format(", ".join(sorted(report.rules_without_edge)))
        theoretical = QLabel(theory, page)
        theoretical.setObjectName("report_theoretical")
        theoretical.setWordWrap(True)
        layout.addWidget(theoretical)
        self.hour_chart = HoldChart(page)
        self.hour_chart.setObjectName("hold_by_hour")
        self.hour_chart.set_values(self.tr("Hold % by hour"),
                                   [(hour[-5:], t.hold_pct) for hour, t in sorted(report.by_hour.items())])
        self.box_chart = HoldChart(page)
        self.box_chart.setObjectName("hold_by_box")
        by_box = [(self.tr("box {0}").format(b), t.hold_pct) for b, t in sorted(report.by_box.items())]
        self.box_chart.set_values(self.tr("Hold % by box"), by_box)
        layout.addWidget(self.hour_chart, 1)
        layout.addWidget(self.box_chart, 1)
        return page

    # ----------------------------------------------------------------------------------------- verify
    def _verify_tab(self) -> QWidget:
        page = QWidget(self)
        layout = QVBoxLayout(page)
        self.verify_label = QLabel(page)
        self.verify_label.setObjectName("verify_status")
        self.verify_label.setWordWrap(True)
        layout.addWidget(self.verify_label)
        again = QPushButton(self.tr("Verify again"), page)
        again.clicked.connect(self.verify)
        layout.addWidget(again)
        layout.addStretch(1)
        self.verify()
        return page

    def verify(self) -> None:
        self.entries = list(self.controller.journal.entries())
        report = verify_journal(self.entries)
        if report.ok:
            self.verify_label.setText(self.tr("Journal verified: {0} events, {1} rounds; the hash chain is intact "
                                              "and every payment recomputes.").format(report.events, report.rounds))
            self.verify_label.setStyleSheet("font-size:20px;color:#7CFC7C")
        else:
            self.verify_label.setText(self.tr("JOURNAL FAILS VERIFICATION at event {0}: {1}").format(
                report.first_bad_event, report.reason))
            self.verify_label.setStyleSheet("font-size:20px;color:#ff8a80;font-weight:bold")


def _brief(step: Step) -> str:
    if isinstance(step.event, TableEvent):
        text = step.event.describe()
    else:
        text = ", ".join(f"{k}={v}" for k, v in step.entry.payload.items() if k not in ("type", "v"))
    return text if len(text) <= 90 else text[:87] + "…"


def _describe(state: RoundState, adjusted: dict[int, int]) -> str:
    """A replayed round at one step, in plain lines: the dealer's cards, then each box (its settlement with the
    adjustments made by then)."""
    phases = {
        Phase.BETTING: QCoreApplication.translate("AuditDialog", "betting"),
        Phase.DEALING: QCoreApplication.translate("AuditDialog", "dealing"),
        Phase.DECISIONS: QCoreApplication.translate("AuditDialog", "decisions"),
        Phase.REVEAL: QCoreApplication.translate("AuditDialog", "reveal"),
        Phase.BUYING: QCoreApplication.translate("AuditDialog", "buying"),
        Phase.DEALER_DRAW: QCoreApplication.translate("AuditDialog", "dealer draws"),
        Phase.CLOSED: QCoreApplication.translate("AuditDialog", "closed"),
    }
    lines = [QCoreApplication.translate("AuditDialog", "Dealer: {0}").format(
        " ".join(card_face(c) for c in state.dealer) or "—")]
    for number in state.order:
        box = state.boxes[number]
        cards = " ".join(card_face(c) for c in box.cards) or "—"
        stakes = QCoreApplication.translate("AuditDialog", "ante {0}").format(amount(box.ante))
        if box.bet:
            stakes += ", " + QCoreApplication.translate("AuditDialog", "bet {0}").format(amount(box.bet))
        if box.insurance:
            stakes += ", " + QCoreApplication.translate("AuditDialog", "insurance {0}").format(amount(box.insurance))
        line = QCoreApplication.translate("AuditDialog", "Box {0}: {1}  ({2})").format(number, cards, stakes)
        if box.settlement is not None:
            line += f"  → {outcome_name(box.settlement.outcome)} {signed_amount(box.settlement.net)}"
            if number in adjusted:
                word = QCoreApplication.translate("Payments", "adjustment")
                line += f" · {word} {signed_amount(adjusted[number])} = " + \
                    signed_amount(box.settlement.net + adjusted[number])
        lines.append(line)
    lines.append(QCoreApplication.translate("AuditDialog", "Phase: {0}").format(phases[state.phase]))
    return "\n".join(lines)
