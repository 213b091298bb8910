"""The pit boss's audit views, behind a pit-boss login: round history (a list, and one round replayed step by
step in words), the last-10 recall with the cards, the shift report (hold over time and by box, and by dealer),
and the journal's verification.

Every view reads the rounds as the one history of the table folds them (controller.table.history, through
controller.table.audit.round_book), so the list, the replay, the recall and the report agree to the chip. A
table's journal holds months of rounds: the list shows the last ones and reads earlier ones a page at a time,
the recall reads the last ten, and the shift report the rounds of the table's last day of play, each from the
journal's round index, so they open as fast after 100,000 rounds as after 100. The journal is read on a thread of
its own while the console plays on (the shoe's cards keep reaching the table); the views fill in when it is
done, and the verification of the whole journal follows. A round still in play is listed but not opened, so no
card of it is shown before it is public.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable
from contextlib import AbstractContextManager
from dataclasses import dataclass
from functools import partial
from typing import Protocol, cast

from PySide6.QtCore import (
    QAbstractTableModel,
    QCoreApplication,
    QElapsedTimer,
    QModelIndex,
    QObject,
    QPersistentModelIndex,
    QRect,
    QRectF,
    QSize,
    Qt,
    QThread,
    QTimer,
    Signal,
)
from PySide6.QtGui import QCloseEvent, QColor, QPainter, QPaintEvent, QPen, QResizeEvent, QShowEvent
from PySide6.QtWidgets import (
    QAbstractItemView,
    QApplication,
    QBoxLayout,
    QDialog,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QListWidget,
    QPushButton,
    QScrollArea,
    QSizePolicy,
    QSlider,
    QTableView,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from controller.measured.house_edges import measured_edges
from controller.table.audit.round_book import IndexedEvents, RoundBook
from controller.table.audit.shift_report import NOBODY, ShiftReport, build_report
from controller.table.audit.verify import VerifyReport, VerifyStopped, verify_entries
from controller.table.controller import TableController
from controller.table.history import replay_to
from controller.table.journal import Journal, JournalEntry, JournalError
from controller.table.round_record import RoundRecord, Step
from controller.table.security.users import Role, User, name_in
from ui.format import amount, decimal, percent, signed_amount
from ui.login import LoginDialog
from ui.replay_words import cards_text, round_at_step_text, steps_text, when
from ui.sentences import reworded
from ui.words import outcome_name

STYLE = ("QDialog,QWidget{background:#202020;color:#f2f2f2}QLabel{font-size:16px}"
         "QTableView,QListWidget{font-size:15px;background:#111;color:#f2f2f2;gridline-color:#444}"
         "QHeaderView::section{background:#333;color:#f2f2f2;font-size:14px;padding:2px}QTabBar::tab{font-size:16px;"
         "padding:8px 16px;background:#333;color:#f2f2f2}QTabBar::tab:selected{background:#1565c0}"
         "QPushButton{font-size:16px;min-height:44px;padding:4px 12px;background:#1565c0;color:white;"
         "border-radius:6px}")
PREFERRED_SIZE = (1200, 820)  # smaller on a smaller screen: the table's own is 1024x768
LEAST_HEIGHT = 360  # a tab bar, about eight rows of a list and the Close button
YIELD_SECONDS = 0.001
RECALLED = 10
ROUNDS_PAGE = 200  # rounds listed at a time: the last ones, then a page more on each "Earlier rounds"
SIZED_FROM_ROWS = 100  # the rows a table's columns are sized from
REPLAY_WIDTH = 380  # the least width a round's replay is read at beside the round list
STACKED_HEIGHT = 440  # the least height that holds the round list and the replay one under the other
SLIDER_WIDTH = 160
SLIDER_STYLE = ("QSlider{min-height:44px}QSlider::groove:horizontal{height:8px;background:#555;border-radius:4px}"
                "QSlider::handle:horizontal{width:28px;margin:-14px 0;background:#1565c0;border-radius:6px}")


@dataclass(frozen=True)
class AuditData:
    """What the views show first: the last rounds (`earlier`: there are rounds before them) and the table's
    last day of play (`day`, UTC), whose shift report follows (`day_report`)."""

    rounds: list[RoundRecord]
    earlier: bool
    day: str


class AuditEntries(Protocol):
    """What the audit reads a table's events from: its journal file, or the floor database's copy of it."""

    table_id: str

    def entries(self) -> Iterable[JournalEntry]: ...

    def count(self) -> int: ...

    def round_entries(self, round_id: str) -> Iterable[JournalEntry]: ...

    def table_entries(self) -> Iterable[JournalEntry]: ...


OpenEntries = Callable[[], AbstractContextManager[AuditEntries]]


def journal_of(controller: TableController) -> OpenEntries:
    """The table's journal, opened read-only (on the thread that reads it)."""
    path, table_id = str(controller.journal.path), controller.table_id
    return lambda: Journal(path, table_id, readonly=True)


def book_of(source: AuditEntries) -> RoundBook:
    """The rounds of what the audit reads: a journal file through its round index, or entries read whole (the
    floor database's copy of a journal)."""
    if getattr(source, "indexed", False):  # a journal file, or the floor's copy, with its round index
        return RoundBook.of_journal(cast(IndexedEvents, source))
    return RoundBook.of_entries(source.entries(), source)


def load_audit(source: AuditEntries, page: int = ROUNDS_PAGE) -> AuditData:
    """The last `page` rounds, and the table's last day of play."""
    book = book_of(source)
    rounds = book.latest(page)
    earlier = bool(rounds) and bool(book.latest(1, before=rounds[0].round_id))
    day = time.strftime("%Y-%m-%d", time.gmtime(rounds[-1].opened_at if rounds else time.time()))
    return AuditData(rounds, earlier, day)


def day_report(source: AuditEntries, day: str) -> ShiftReport:
    """The shift report of a day: its rounds (a busy day's thousands take a few seconds) and dealers."""
    shift = book_of(source).shift(day)
    return build_report(source.table_id, shift.rounds, measured_edges(), turns=shift.turns, until=shift.until,
                        shoe_sessions=shift.shoe_sessions)


def verify_journal_entries(journal: AuditEntries, stopped: Callable[[], bool] | None = None) -> VerifyReport:
    """The journal's hash chain and every payment, checked entry by entry as they are read."""
    return verify_entries(journal.entries(), journal.count(), stopped=stopped)


class AuditLoader(QThread):
    """Reads the journal (its own read-only connection), folds it, then verifies it, off the GUI thread."""

    loaded = Signal(object)  # AuditData
    reported = Signal(object)  # ShiftReport
    verified = Signal(object)  # VerifyReport
    failed = Signal(str)

    def __init__(self, open_entries: OpenEntries, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.open_entries = open_entries
        self._stop = False

    def stop(self) -> None:
        self._stop = True

    def stopped(self) -> bool:
        """Whether to give up; asked every few hundred entries, it also leaves the console a moment of its own:
        this thread and the console's share one interpreter, and a busy machine would otherwise let this one
        keep it for a large part of a second."""
        time.sleep(YIELD_SECONDS)
        return self._stop

    def run(self) -> None:
        try:
            with self.open_entries() as journal:
                data = load_audit(journal)
                self.loaded.emit(data)
                self.reported.emit(day_report(journal, data.day))
                self.verified.emit(verify_journal_entries(journal, self.stopped))
        except VerifyStopped:
            return
        except (JournalError, OSError) as err:  # HistoryError too: the journal damaged or edited
            self.failed.emit(str(err))
        except Exception as err:  # whatever else goes wrong here must be said, not end the console
            self.failed.emit(f"{err!r}. Run `rptable audit verify` on the journal.")


class HoldChart(QWidget):
    """Bars of hold % (green above zero, red below), drawn with QPainter: no chart library needed."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.values: list[tuple[str, float]] = []
        self.title = ""
        self.setMinimumHeight(180)

    def set_values(self, title: str, values: list[tuple[str, float]]) -> None:
        self.title, self.values = title, values
        self.setAccessibleName(title + ": " + ", ".join(f"{k} {percent(v, 1)}%" for k, v in values))
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
                             f"{percent(value, 1)}%")


class TextTable(QAbstractTableModel):
    """Rows of text for a table view, the columns from `right_from` on aligned right (figures). A model, not an
    item per cell: a shift's thousands of rounds are listed at once, without holding up the console."""

    def __init__(self, headers: list[str], right_from: int, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.headers, self.right_from = headers, right_from
        self.rows: list[list[str]] = []

    def set_rows(self, rows: list[list[str]]) -> None:
        self.beginResetModel()
        self.rows = rows
        self.endResetModel()

    def rowCount(self, parent: QModelIndex | QPersistentModelIndex = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self.rows)

    def columnCount(self, parent: QModelIndex | QPersistentModelIndex = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self.headers)

    def data(self, index: QModelIndex | QPersistentModelIndex, role: int = Qt.ItemDataRole.DisplayRole) -> object:
        if role == Qt.ItemDataRole.DisplayRole:
            return self.rows[index.row()][index.column()]
        if role == Qt.ItemDataRole.TextAlignmentRole and index.column() >= self.right_from:
            return Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter
        return None

    def headerData(self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole
                   ) -> object:
        if role == Qt.ItemDataRole.DisplayRole and orientation is Qt.Orientation.Horizontal:
            return self.headers[section]
        return None


class TableOfText(QTableView):
    """A read-only table of text rows, one selected at a time."""

    def __init__(self, parent: QWidget, name: str, headers: list[str], right_from: int) -> None:
        super().__init__(parent)
        self.setObjectName(name)
        self.texts = TextTable(headers, right_from, self)
        self.setModel(self.texts)
        self.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.verticalHeader().hide()
        self.horizontalHeader().setResizeContentsPrecision(SIZED_FROM_ROWS)

    def show_rows(self, rows: list[list[str]]) -> None:
        self.texts.set_rows(rows)
        self.resizeColumnsToContents()
        self.updateGeometry()  # its width follows its columns (see sizeHint)

    def sizeHint(self) -> QSize:
        """As wide as its columns and a scroll bar, so that a layout gives it room for every column before it
        gives the rest away (the round list never scrolls sideways at 1024 px)."""
        hint = super().sizeHint()
        columns = sum(self.columnWidth(c) for c in range(self.texts.columnCount()))
        width = columns + self.verticalScrollBar().sizeHint().width() + 2 * self.frameWidth() + 2
        return QSize(width, hint.height())

    def rowCount(self) -> int:
        return self.texts.rowCount()

    def text(self, row: int, column: int) -> str:
        return self.texts.rows[row][column]


class AuditDialog(QDialog):
    """The audit of the controller's table, for `viewer` (the pit boss logged in). `background=False` loads it
    before the constructor returns (the screenshots of the docs); otherwise the views fill in as it loads."""

    def __init__(self, table_id: str, open_entries: OpenEntries, parent: QWidget | None = None, *,
                 viewer: User | None = None, background: bool = True) -> None:
        super().__init__(parent)
        self.table_id = table_id
        self.open_entries = open_entries
        self.viewer = viewer
        title = self.tr("Audit — table {0}").format(table_id)
        if viewer is not None:
            title += " — " + self.tr("pit boss {0}").format(viewer.name)
        self.setWindowTitle(title)
        self.setStyleSheet(STYLE)
        self._fit_to_screen()
        self.rounds: list[RoundRecord] = []  # the rounds listed: the last ones, and earlier pages read since
        self.earlier = False  # rounds before those listed
        self.report: ShiftReport | None = None
        self.verify_report: VerifyReport | None = None
        self._replaying: tuple[RoundRecord, list[Step]] | None = None  # the round replayed, and its steps
        self.loader: AuditLoader | None = None
        layout = QVBoxLayout(self)
        layout.setContentsMargins(6, 6, 6, 6)
        self.tabs = QTabWidget(self)
        self.tabs.setObjectName("audit_tabs")
        layout.addWidget(self.tabs, 1)
        self.tabs.addTab(self._rounds_tab(), self.tr("Rounds"))
        self.tabs.addTab(self._recall_tab(), self.tr("Last 10"))
        self.tabs.addTab(_scrolled(self._report_tab()), self.tr("Shift report"))  # its charts need height
        self.tabs.addTab(self._verify_tab(), self.tr("Verification"))
        corner = QWidget(self)  # beside the tabs, not under them: the console's audit is given little height
        corner_row = QHBoxLayout(corner)
        corner_row.setContentsMargins(0, 0, 0, 0)
        self.loading = QLabel(corner)
        self.loading.setObjectName("audit_loading")
        self.loading.setStyleSheet("font-size:18px;color:#ffd54f")
        close = QPushButton(self.tr("Close"), corner)
        close.setObjectName("audit_close")
        close.setAutoDefault(False)
        close.clicked.connect(self.close)
        close.setStyleSheet("QPushButton{min-height:28px;padding:4px 24px}")  # as tall as a tab
        corner_row.addWidget(self.loading)
        corner_row.addWidget(close)
        self.tabs.setCornerWidget(corner, Qt.Corner.TopRightCorner)
        if background:
            self.reload()
        else:
            self._load_here()

    @classmethod
    def of_table(cls, controller: TableController, parent: QWidget | None = None, *, viewer: User | None = None,
                 background: bool = True) -> AuditDialog:
        """The audit of the table the console plays, read from its journal."""
        return cls(controller.table_id, journal_of(controller), parent, viewer=viewer, background=background)

    def _fit_to_screen(self) -> None:
        screen = self.screen().availableGeometry() if self.screen() is not None else None
        width, height = PREFERRED_SIZE
        if screen is not None:
            width, height = min(width, screen.width()), min(height, screen.height())
        self.resize(width, height)

    # ---------------------------------------------------------------------------------------- loading
    @property
    def loaded(self) -> bool:
        return self.report is not None

    def reload(self) -> None:
        """Read the journal again on a thread of its own; the views fill in when it is folded."""
        if self.loader is not None and self.loader.isRunning():
            return
        self.loading.setText(self.tr("Reading the journal…"))
        self.loading.show()
        self.verify_label.setText(self.tr("Verifying the journal…"))
        self.loader = AuditLoader(self.open_entries, self)
        self.loader.loaded.connect(self._show)
        self.loader.reported.connect(self._show_report)
        self.loader.verified.connect(self._show_verification)
        self.loader.failed.connect(self._failed)
        # Closed with the console (its parent) while it reads: the thread must end before it is deleted with it.
        self.destroyed.connect(partial(_stop_and_wait, self.loader))
        self.loader.start()

    def _load_here(self) -> None:
        with self.open_entries() as journal:
            data = load_audit(journal)
            self._show(data)
            self._show_report(day_report(journal, data.day))
            self._show_verification(verify_journal_entries(journal))

    def wait_loaded(self, timeout_ms: int = 60_000) -> bool:
        """Let the events run until the views are filled (and verified) or the time is up; whether they are."""
        clock = QElapsedTimer()
        clock.start()
        while (not self.loaded or self.verify_report is None) and clock.elapsed() < timeout_ms:
            if self.loader is not None and self.loader.isFinished():
                QApplication.processEvents()
                break
            QApplication.processEvents()
            QThread.msleep(5)
        return self.loaded

    def _failed(self, text: str) -> None:
        text = reworded(text)
        self.loading.setText(self.tr("The journal cannot be read: {0}").format(text))
        self.loading.setStyleSheet("font-size:18px;color:#ff8a80;font-weight:bold")
        self.verify_label.setText(text)

    def _show(self, data: AuditData) -> None:
        self.rounds, self.earlier, self.report_day = data.rounds, data.earlier, data.day
        self.loading.hide()
        self._show_rounds()
        self._show_recall()
        self.report_title.setText(self.tr("The table's last day of play: {0} (UTC)").format(self.report_day))

    def closeEvent(self, event: QCloseEvent) -> None:
        self._stop_loading()
        super().closeEvent(event)

    def done(self, result: int) -> None:
        self._stop_loading()
        super().done(result)

    def _stop_loading(self) -> None:
        if self.loader is not None:
            _stop_and_wait(self.loader)

    # ---------------------------------------------------------------------------------------- rounds
    def _rounds_tab(self) -> QWidget:
        page = self._rounds_page = _Resized(self._lay_out_rounds, self)
        # The round list and the replay side by side where both fit (the list with every column, the replay
        # REPLAY_WIDTH to read), else the replay under the list: a table audited from the pit at 1024 px.
        layout = self._rounds_layout = QBoxLayout(QBoxLayout.Direction.LeftToRight, page)
        listed = QVBoxLayout()
        self.earlier_button = QPushButton(self.tr("Earlier rounds"), page)
        self.earlier_button.setObjectName("audit_earlier")
        self.earlier_button.setAutoDefault(False)
        self.earlier_button.clicked.connect(self.show_earlier)
        self.earlier_button.hide()
        listed.addWidget(self.earlier_button)
        self.round_list = TableOfText(page, "audit_rounds", [
            self.tr("Round"), self.tr("Opened"), self.tr("Boxes"), self.tr("Wagered"), self.tr("House net"),
            self.tr("Status"), self.tr("Dealer")], right_from=2)
        self.round_list.selectionModel().selectionChanged.connect(self._round_selected)
        self.round_list.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Expanding)
        listed.addWidget(self.round_list, 1)
        layout.addLayout(listed)
        replay = QVBoxLayout()
        self.steps = QListWidget(page)
        self.steps.setObjectName("replay_steps")
        self.steps.setWordWrap(True)
        self.steps.currentRowChanged.connect(self._step_selected)
        controls = QHBoxLayout()
        self.back = QPushButton("◀ " + self.tr("Step back"), page)
        self.forward = QPushButton(self.tr("Step") + " ▶", page)
        self.slider = QSlider(Qt.Orientation.Horizontal, page)
        self.slider.setObjectName("replay_slider")
        self.slider.setMinimumWidth(SLIDER_WIDTH)  # a handle to drag across a round's steps, never a speck
        self.slider.setStyleSheet(SLIDER_STYLE)
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
        self.step_state.setStyleSheet("font-size:15px;font-family:monospace;background:#111;padding:8px")
        self.step_state.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft)
        title = QLabel(self.tr("Replay (select a finished round)"), page)
        title.setWordWrap(True)  # a narrow screen gives the round list its columns first
        replay.addWidget(title)
        replay.addWidget(self.steps, 2)
        replay.addLayout(controls)
        replay.addWidget(_scrolled(self.step_state), 3)  # a long round scrolls: the audit keeps the size it was given
        layout.addLayout(replay, 1)
        return page

    def _lay_out_rounds(self) -> None:
        """Side by side, or the replay under the list, as the page's width holds them."""
        layout, page = self._rounds_layout, self._rounds_page
        if not page.isVisible():
            return  # its size is not yet the one it is shown at
        margins = layout.contentsMargins().left() + layout.contentsMargins().right() + layout.spacing()
        # One under the other only where the height holds both: a short audit (the console's, over its boxes)
        # would otherwise grow taller than the place it was given.
        beside = page.width() >= self.round_list.sizeHint().width() + REPLAY_WIDTH + margins or \
            page.height() < STACKED_HEIGHT
        direction = QBoxLayout.Direction.LeftToRight if beside else QBoxLayout.Direction.TopToBottom
        if layout.direction() != direction:
            layout.setDirection(direction)
            layout.setStretch(0, 0 if beside else 1)  # beside: the list as wide as its columns, the replay the rest
            layout.setStretch(1, 1)

    def _round_row(self, record: RoundRecord) -> list[str]:
        status = (self.tr("voided") if record.voided else self.tr("complete") if record.complete
                  else self.tr("in play"))
        return [record.round_id, when(record.opened_at), str(record.box_count), amount(record.wagered),
                signed_amount(record.house_net) if record.complete else "—", status,
                name_in(record.dealt_by) if record.dealt_by else "—"]

    def _show_rounds(self, scroll_to: int | None = None) -> None:
        self.earlier_button.setVisible(self.earlier)  # first: the list's height follows it
        self.round_list.show_rows([self._round_row(r) for r in self.rounds])
        self._lay_out_rounds()  # its columns took their widths from the rows
        listed = self.round_list
        # Once laid out at its new height (the next turn of the event loop; not at all if it is closed first).
        if scroll_to is None:
            QTimer.singleShot(0, listed, listed.scrollToBottom)
        else:
            QTimer.singleShot(0, listed, lambda: listed.scrollTo(listed.model().index(scroll_to, 0)))

    def show_earlier(self) -> None:
        """A page of the rounds before those listed, read from the journal's round index."""
        if not self.rounds:
            return
        try:
            with self.open_entries() as journal:
                book = book_of(journal)
                more = book.latest(ROUNDS_PAGE, before=self.rounds[0].round_id)
                self.earlier = bool(more) and bool(book.latest(1, before=more[0].round_id))
        except JournalError as err:
            self.step_state.setText(reworded(str(err)))
            return
        self.rounds = more + self.rounds
        self._show_rounds(scroll_to=len(more))

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
        try:
            with self.open_entries() as journal:
                steps = book_of(journal).steps(record)
        except JournalError as err:  # the round's events damaged or edited since the list was read
            self.step_state.setText(reworded(str(err)))
            return
        for number, (step, words) in enumerate(zip(steps, steps_text(steps, record.round_id), strict=True), 1):
            self.steps.addItem(f"{number:3d}  {when(step.entry.at)}  {words}")
        self._replaying = (record, steps)
        self.slider.setRange(0, max(0, self.steps.count() - 1))
        self.steps.setCurrentRow(self.steps.count() - 1)

    def _step_selected(self, row: int) -> None:
        if row < 0 or self._replaying is None:
            return
        self.slider.blockSignals(True)
        self.slider.setValue(row)
        self.slider.blockSignals(False)
        self.step_state.setText(round_at_step_text(replay_to(*self._replaying, row)))

    # ----------------------------------------------------------------------------------------- recall
    def _recall_tab(self) -> QWidget:
        page = QWidget(self)
        layout = QVBoxLayout(page)
        self.recall_title = QLabel(page)
        layout.addWidget(self.recall_title)
        self.recall = TableOfText(page, "audit_recall", [
            self.tr("Round"), self.tr("Opened"), self.tr("Dealer's cards"), self.tr("Boxes"), self.tr("House net"),
            self.tr("Status")], right_from=4)
        header = self.recall.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(3, QHeaderView.ResizeMode.Stretch)
        self.recall.setWordWrap(True)
        self.recall.verticalHeader().setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        layout.addWidget(self.recall)
        return page

    def _show_recall(self) -> None:
        last = self.rounds[-RECALLED:]
        self.recall_title.setText(self.tr("The last {0} rounds, oldest first, with their cards.").format(len(last)))
        rows = []
        for record in last:
            row = self._round_row(record)
            boxes = [self.tr("Box {0}: {1} — {2} {3}").format(b.box, cards_text(b.cards),
                                                                outcome_name(b.settlement.outcome),
                                                                signed_amount(record.net(b)))
                     for b in sorted(record.boxes, key=lambda b: b.box)]  # as the layout reads, not as settled
            # A round in play is recalled without its cards: none of them is public yet.
            if not record.complete:
                boxes, dealer = [], "—"
            else:
                dealer = cards_text(record.dealer)
            rows.append([row[0], row[1], dealer, "\n".join(boxes) or "—", row[4], row[5]])
        self.recall.show_rows(rows)

    # ----------------------------------------------------------------------------------------- report
    def _report_tab(self) -> QWidget:
        page = QWidget(self)
        layout = QVBoxLayout(page)
        self.report_day = ""
        self.report_title = QLabel(page)
        self.report_title.setObjectName("report_day")
        self.report_title.setWordWrap(True)
        layout.addWidget(self.report_title)
        self.report_summary = QLabel(self.tr("Reading the day's rounds…"), page)  # until the day's report follows
        self.report_summary.setObjectName("report_summary")
        self.report_summary.setStyleSheet("font-size:19px;font-weight:bold")
        self.report_summary.setWordWrap(True)
        layout.addWidget(self.report_summary)
        self.report_theoretical = QLabel(page)
        self.report_theoretical.setObjectName("report_theoretical")
        self.report_theoretical.setWordWrap(True)
        layout.addWidget(self.report_theoretical)
        self.dealers = TableOfText(page, "report_dealers", [
            self.tr("Dealer"), self.tr("Rounds"), self.tr("Hours"), self.tr("Rounds per hour"), self.tr("Drop"),
            self.tr("House win"), self.tr("Adjustments")], right_from=1)
        self.dealers.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Stretch)
        # a dealer's name (or "nobody signed in", longer in Russian) whole; the figures share the rest
        self.dealers.horizontalHeader().setSectionResizeMode(0, QHeaderView.ResizeMode.ResizeToContents)
        self.dealers.setMaximumHeight(170)
        layout.addWidget(self.dealers)
        charts = QHBoxLayout()
        self.hour_chart = HoldChart(page)
        self.hour_chart.setObjectName("hold_by_hour")
        self.box_chart = HoldChart(page)
        self.box_chart.setObjectName("hold_by_box")
        charts.addWidget(self.hour_chart, 1)
        charts.addWidget(self.box_chart, 1)
        layout.addLayout(charts, 1)
        return page

    def _show_report(self, report: ShiftReport) -> None:
        self.report = report
        total = report.total
        self.report_summary.setText(self.tr(
            "{0} rounds · drop {1} · house win {2} · hold {3}% · {4} voided · {5} adjustments").format(
                total.rounds, amount(total.drop), signed_amount(total.win), percent(total.hold_pct), report.voided,
                report.adjustments))
        theory = ""
        if report.edges_used:
            theory = self.tr("Theoretical win {0} · theoretical hold {1}% (the house edge under the basic "
                             "strategy)").format(signed_amount(round(total.theoretical)),
                                                 percent(total.theoretical_hold_pct))
        if report.rules_without_edge:
            theory += (" · " if theory else "") + self.tr(
                "no measured house edge for the rules {0}: their rounds count 0 theoretical"
            ).format(", ".join(sorted(report.rules_without_edge)))
        if report.plain_shoe_rounds:
            theory += (" · " if theory else "") + self.tr(
                "shoe not authenticated: {0} of {1} rounds dealt by a shoe that proved no key, their cards not proved"
            ).format(amount(report.plain_shoe_rounds), amount(total.rounds))
        self.report_theoretical.setText(theory)
        rows = []
        for d in report.by_dealer.values():
            per_hour = d.rounds_per_hour
            rows.append([d.name if d.dealer != NOBODY else self.tr("(nobody signed in)"), amount(d.rounds),
                         decimal(d.hours), "—" if per_hour is None else decimal(per_hour, 1), amount(d.drop),
                         signed_amount(d.win), f"{d.adjustments} ({signed_amount(d.adjusted)})"])
        self.dealers.show_rows(rows)
        self.hour_chart.set_values(self.tr("Hold % by hour"),
                                   [(hour[-5:], t.hold_pct) for hour, t in sorted(report.by_hour.items())])
        by_box = [(self.tr("box {0}").format(b), t.hold_pct) for b, t in sorted(report.by_box.items())]
        self.box_chart.set_values(self.tr("Hold % by box"), by_box)

    # ----------------------------------------------------------------------------------------- verify
    def _verify_tab(self) -> QWidget:
        page = QWidget(self)
        layout = QVBoxLayout(page)
        self.verify_label = QLabel(page)
        self.verify_label.setObjectName("verify_status")
        self.verify_label.setWordWrap(True)
        layout.addWidget(self.verify_label)
        again = QPushButton(self.tr("Read and verify again"), page)
        again.setObjectName("verify_again")
        again.setAutoDefault(False)
        again.clicked.connect(self.reload)
        layout.addWidget(again)
        layout.addStretch(1)
        return page

    def verify(self) -> None:
        """Read the journal again and verify it (the views are refreshed too)."""
        self.reload()

    def _show_verification(self, report: VerifyReport) -> None:
        self.verify_report = report
        if report.ok:
            self.verify_label.setText(self.tr("Journal verified: {0} events, {1} rounds; the hash chain is intact "
                                              "and every payment recomputes.").format(report.events, report.rounds))
            self.verify_label.setStyleSheet("font-size:20px;color:#7CFC7C")
        else:
            self.verify_label.setText(self.tr("JOURNAL FAILS VERIFICATION at event {0}: {1}").format(
                report.first_bad_event, report.reason))
            self.verify_label.setStyleSheet("font-size:20px;color:#ff8a80;font-weight:bold")


def _stop_and_wait(loader: AuditLoader) -> None:
    """The loader stops at its next check (within a few thousand entries): never left running unowned."""
    loader.stop()
    loader.wait()


def open_audit(parent: QWidget, controller: TableController, users_path: str,
               on_closed: Callable[[], None] = lambda: None, area: QRect | None = None) -> LoginDialog:
    """The audit key: a pit boss logs in, then the audit opens beside the console (which plays on) and loads;
    `on_closed` is called when the login ends and again when the audit closes (the console takes the keys back).
    The audit keeps within `area` (the console gives the part over its boxes, so that its next action, its notices
    and its buttons stay in sight) and never takes the keyboard: the pit boss reads it with the pointer while the
    dealer's keys go on playing the table."""
    login = LoginDialog(users_path, Role.PIT_BOSS, QCoreApplication.translate("AuditDialog", "Audit — pit boss"),
                        QCoreApplication.translate("AuditDialog", "The audit is for pit bosses: log in to open it."),
                        parent, table=controller)
    login.setObjectName("audit_login")
    login.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)

    def logged_in(result: int) -> None:
        if result == QDialog.DialogCode.Accepted and login.user is not None:
            dialog = AuditDialog.of_table(controller, parent, viewer=login.user)
            dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
            dialog.setAttribute(Qt.WidgetAttribute.WA_ShowWithoutActivating)
            dialog.setWindowFlag(Qt.WindowType.WindowDoesNotAcceptFocus, True)
            if area is not None:
                place = _within(area)
                dialog.setGeometry(place)
                dialog.setMaximumSize(place.size())  # what it shows scrolls within; the actions stay in sight
            dialog.finished.connect(lambda _result: on_closed())
            dialog.show()
        on_closed()  # the keyboard goes back to the table, whether the audit opened or not

    login.finished.connect(logged_in)
    login.open()
    return login


class _Resized(QWidget):
    """A page that calls `resized` whenever its size changes (a layout of its own to choose)."""

    def __init__(self, resized: Callable[[], None], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._resized = resized

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self._resized()

    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        self._resized()


def _scrolled(page: QWidget) -> QScrollArea:
    """`page` in a scroll area, so that a short audit shows it all by scrolling rather than growing."""
    scroll = QScrollArea()
    scroll.setWidgetResizable(True)
    scroll.setWidget(page)
    return scroll


def _within(area: QRect) -> QRect:
    """The audit's place in `area`: its preferred width at most, centred; never shorter than it can be read."""
    width = min(area.width(), PREFERRED_SIZE[0])
    height = max(area.height(), LEAST_HEIGHT)
    return QRect(area.x() + (area.width() - width) // 2, area.y(), width, height)
