"""The pit view's window: a card per table (faults on top), today's players in a tab beside them (the ones the
ratings flag named below both), and the database's state. A table's report wakes it (Wakeups) and only that
table's row is read again; the ages tick every second without the database; everything the database is asked
runs on a worker thread, so a slow or absent database never freezes the window."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QObject, Qt, QTimer, Signal
from PySide6.QtGui import QCloseEvent
from PySide6.QtWidgets import (
    QApplication,
    QDialog,
    QGridLayout,
    QLabel,
    QMainWindow,
    QScrollArea,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from controller.floor.audit_source import FloorTable
from controller.floor.database import explain
from controller.floor.pit import TableView, day_start, read_tables, waiting_hits
from controller.floor.ratings import Visit, value_pending, visits
from controller.table.security.users import Role, User
from ui.login import LoginDialog
from ui.pit.jackpot_desk import JackpotDesk
from ui.pit.jackpot_hits import PendingHits
from ui.pit.players import PlayersTable
from ui.pit.table_audit import open_table, place_beside
from ui.pit.table_card import CARD_WIDTH, TableCard
from ui.pit.wakeups import Wakeups
from ui.pit.words import alert_words, flag_words, trouble_words
from ui.ticking import every

STYLE = ("QMainWindow,QWidget#pit_central,QScrollArea,QWidget#pit_grid{background:#0b1f10}"
         "QLabel{color:#f2f2f2}")
WAKE_MS = 200  # tables woken within this are read together
TICK_MS = 1000  # ages on screen
FULL_MS = 10_000  # every table read again (a safety net under the notifications)
RATINGS_MS = 30_000  # decisions valued and players rated (at once again while decisions wait)
RATING_BUDGET = 3.0  # seconds of valuing per rating pass
GRID_MARGIN = 3
GRID_SPACING = 5


class _Results(QObject):
    """Answers from the worker threads, delivered on the window's thread."""

    tables = Signal(float, object, bool)  # database time, {id: TableView}, whether every table was read
    ratings = Signal(object, int)  # [Visit], how many decisions were valued in that pass
    table_events = Signal(str, object)  # table id, its entries
    trouble = Signal(object)  # the database's trouble in words, or None when it answers
    hits = Signal(object)  # [WaitingHit]: the linked jackpot's hits that wait for a pit boss


class PitWindow(QMainWindow):
    def __init__(self, pool: Any, url: str, *, listen: bool = True, rate: bool = True,
                 clock: Callable[[], float] = time.time, viewer: User | None = None) -> None:
        super().__init__()
        self.pool = pool
        self.url = url
        self.viewer = viewer  # the pit boss logged in: a table's rounds are for pit bosses only
        self.clock = clock
        self.views: dict[str, TableView] = {}
        self.cards: dict[str, TableCard] = {}
        self.flagged: list[Visit] = []
        self.trouble: str | None = None
        self.refreshes = 0  # completed reads (the tests and the benchmark wait on it)
        self._db_offset = 0.0  # the database's clock minus ours
        self._woken: set[str] = set()
        self._woken_lock = threading.Lock()
        self._busy = threading.Lock()
        self._rating = threading.Lock()  # one rating pass at a time
        self._order: list[str] = []
        self._columns = 0
        self._alerted: set[tuple[str, str]] = set()  # (table, alert) said so far
        self._results = _Results()
        self._results.tables.connect(self._show_tables)
        self._results.ratings.connect(self._show_ratings)
        self._results.table_events.connect(self._open_table)
        self._results.trouble.connect(self._show_trouble)
        self.setWindowTitle(self.tr("rptable — pit"))
        self.setStyleSheet(STYLE)
        self._build()
        self._results.hits.connect(self.jackpot.show_hits)
        self.wakeups = Wakeups(url, self._woken_by, self._listening) if listen else None
        self._timers = [every(WAKE_MS, self._read_woken, self), every(TICK_MS, self._tick, self),
                        every(FULL_MS, self.refresh_all, self)]
        self.tabs.setTabEnabled(1, rate)
        if not rate:
            self.tabs.setTabText(1, self.tr("Players today (not rated)"))
        if rate:
            self._timers.append(every(RATINGS_MS, self.rate_players, self))
            QTimer.singleShot(0, self.rate_players)
        if self.wakeups is not None:
            self.wakeups.start()
        self.refresh_all()

    # -- building ---------------------------------------------------------------------------------------
    def _build(self) -> None:
        central = QWidget(self)
        central.setObjectName("pit_central")
        layout = QVBoxLayout(central)
        layout.setContentsMargins(6, 4, 6, 4)
        layout.setSpacing(3)
        self.header = QLabel(central)
        self.header.setObjectName("pit_header")
        self.header.setStyleSheet("font-size:19px;font-weight:bold;padding:2px 4px")
        self.header.setWordWrap(True)  # a pit boss's name and the counts never push the clock off a 1024 px screen
        self.database = QLabel(central)
        self.database.setObjectName("pit_database")
        self.database.setWordWrap(True)
        self.alerts = QLabel(central)  # above the cards' scroll area: seen however far the floor is scrolled
        self.alerts.setObjectName("pit_alerts")
        self.alerts.setWordWrap(True)
        self.alerts.setStyleSheet("font-size:16px;font-weight:bold;color:#1a1a1a;background:#ffab40;padding:4px")
        self.alerts.hide()
        layout.addWidget(self.header)
        layout.addWidget(self.database)
        layout.addWidget(self.alerts)
        self.jackpot = PendingHits(central)
        self.jackpot_desk = JackpotDesk(self.url, self)
        self.jackpot.confirm.connect(self.jackpot_desk.confirm)
        self.jackpot.reject.connect(self.jackpot_desk.reject)
        self.jackpot_desk.done.connect(self._jackpot_answered)
        self.jackpot_desk.logged_in.connect(self._pit_boss_logged_in)
        layout.addWidget(self.jackpot)
        self.grid_widget = QWidget()
        self.grid_widget.setObjectName("pit_grid")
        self.grid = QGridLayout(self.grid_widget)
        self.grid.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft)
        self.grid.setContentsMargins(GRID_MARGIN, GRID_MARGIN, GRID_MARGIN, GRID_MARGIN)
        self.grid.setSpacing(GRID_SPACING)
        self.floor_area = QScrollArea(central)
        self.floor_area.setWidgetResizable(True)
        self.floor_area.setWidget(self.grid_widget)
        self.players_table = PlayersTable(central)
        self.tabs = QTabWidget(central)  # the tables, and today's players beside them
        self.tabs.setObjectName("pit_tabs")
        self.tabs.setStyleSheet("QTabWidget::pane{border:1px solid #3c6e47}"
                                "QTabBar::tab{font-size:14px;padding:3px 12px;background:#13301a;color:#bdbdbd;"
                                "border:1px solid #3c6e47}"
                                "QTabBar::tab:selected{background:#3c6e47;color:#ffffff;font-weight:bold}")
        self.tabs.addTab(self.floor_area, "")
        self.tabs.addTab(self.players_table, "")
        layout.addWidget(self.tabs, 1)
        self.players = QLabel(central)
        self.players.setObjectName("pit_players")
        self.players.setWordWrap(True)
        self.players.setStyleSheet("font-size:15px;color:#ffcc80;padding:4px")
        layout.addWidget(self.players)
        self.setCentralWidget(central)
        self.statusBar().setSizeGripEnabled(False)  # there from the start: a message never moves the floor up
        self.tabs.setTabText(1, self.tr("Players today ({0})").format("…"))
        self._show_trouble(None)

    # -- reading (worker threads) -----------------------------------------------------------------------
    def refresh_all(self) -> None:
        def read(conn: Any) -> None:
            self._results.tables.emit(*read_tables(conn, clock=self.clock), True)
            self._results.hits.emit(waiting_hits(conn))
        self._in_worker(read)

    def _read_woken(self) -> None:
        with self._woken_lock:
            woken, self._woken = sorted(self._woken), set()
        if woken:
            def read(conn: Any) -> None:  # a hit is journaled, and reported, by the table that made it
                self._results.tables.emit(*read_tables(conn, woken, clock=self.clock), False)
                self._results.hits.emit(waiting_hits(conn))
            self._in_worker(read)

    def rate_players(self) -> None:
        def rate(conn: Any) -> None:
            if not self._rating.acquire(blocking=False):
                return  # a pass is under way
            try:
                valued = value_pending(conn, budget=RATING_BUDGET)
                self._results.ratings.emit(visits(conn, day_start(self.now())), valued)
            finally:
                self._rating.release()
        self._in_worker(rate, exclusive=False)

    def open_table(self, table_id: str) -> None:
        """A table's audit, read from the database; a pit boss logs in first (once, against the floor's
        accounts), as at a table's console."""
        if self.viewer is None:
            self._log_in_then(lambda: self.open_table(table_id), table_id)
            return
        self.statusBar().showMessage(self.tr("Reading table {0} from the database…").format(table_id))

        def read(conn: Any) -> None:
            table = FloorTable(conn, table_id)
            if table.indexed:  # the rounds asked for, through the round index; the faults of its last day
                self._results.table_events.emit(table_id, (table.last_day_overrides(), self.url))
            else:  # a copy reported before the index: read whole, as before
                self._results.table_events.emit(table_id, (list(table.entries()), None))
        self._in_worker(read, exclusive=False)

    def _log_in_then(self, then: Callable[[], None], table_id: str) -> None:
        """A pit boss's login to open table `table_id`, which the title and the prompt name; `then` once in."""
        login = LoginDialog(self.url, Role.PIT_BOSS, self.tr("Pit — pit boss — table {0}").format(table_id),
                            self.tr("Table {0}: its rounds are for pit bosses. Log in to open them.").format(table_id),
                            self)
        login.setObjectName("pit_login")
        login.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)

        def logged_in(result: int) -> None:
            if result == QDialog.DialogCode.Accepted and login.user is not None:
                self.viewer = login.user
                self._tick()
                then()

        login.finished.connect(logged_in)
        login.open()

    def _pit_boss_logged_in(self, user: User) -> None:
        if self.viewer is None:
            self.viewer = user
            self._tick()

    def _jackpot_answered(self, words: str, ok: bool) -> None:
        self.statusBar().setStyleSheet("color:#a5d6a7;font-size:14px" if ok else
                                       "color:#1a1a1a;background:#ffab40;font-size:14px;font-weight:bold")
        self.statusBar().showMessage(words)
        self.refresh_all()

    def _in_worker(self, work: Callable[[Any], None], *, exclusive: bool = True) -> None:
        """Run `work(connection)` on a thread; table reads wait for each other, so that answers arrive in order."""
        def run() -> None:
            try:
                if exclusive:
                    with self._busy, self.pool.connection() as conn:
                        work(conn)
                else:
                    with self.pool.connection() as conn:
                        work(conn)
            except Exception as err:  # the database's trouble, shown in the window; the next read retries
                self._results.trouble.emit(explain(err, self.url))
        threading.Thread(target=run, name="rptable-pit-read", daemon=True).start()

    def _woken_by(self, table_id: str) -> None:
        with self._woken_lock:
            self._woken.add(table_id)

    def _listening(self, reason: str | None) -> None:
        self._results.trouble.emit(reason)
        if reason is None:
            self.refresh_all()  # what was said while nobody listened

    # -- showing (the window's thread) ------------------------------------------------------------------
    def now(self) -> float:
        """The database's time now (ages are measured against the tables' reports, on its clock)."""
        return self.clock() + self._db_offset

    def _show_tables(self, db_now: float, views: dict[str, TableView], everything: bool) -> None:
        self._db_offset = db_now - self.clock()
        if everything:
            self.views = dict(views)
        else:
            self.views.update(views)
        self.refreshes += 1
        if self.trouble is not None and self.trouble.startswith("The floor database"):
            self._show_trouble(None)
        self._tick()

    def _place_cards(self) -> None:
        now = self.now()
        order = [v.table_id for v in sorted(self.views.values(), key=lambda view: view.sort_key(now))]
        for table_id in order:
            if table_id not in self.cards:
                card = TableCard(table_id, self.grid_widget)
                card.opened.connect(self.open_table)
                self.cards[table_id] = card
        for gone in set(self.cards) - set(order):
            self.cards.pop(gone).deleteLater()
        columns = self.columns()
        card_width = (self._floor_width() + GRID_SPACING) // columns - GRID_SPACING
        for card in self.cards.values():
            card.fit_width(card_width)
        if order != self._order or columns != self._columns:
            for card in self.cards.values():
                self.grid.removeWidget(card)
            for index, table_id in enumerate(order):
                self.grid.addWidget(self.cards[table_id], index // columns, index % columns,
                                    Qt.AlignmentFlag.AlignTop)  # a row's tallest card never stretches the rest
            self._order, self._columns = order, columns

    def columns(self) -> int:
        """As many cards side by side as the floor's width holds beside its scroll bar."""
        return max(1, (self._floor_width() + GRID_SPACING) // (CARD_WIDTH + GRID_SPACING))

    def _floor_width(self) -> int:
        scroll_bar = self.floor_area.verticalScrollBar().sizeHint().width()
        return self.floor_area.width() - 2 * self.floor_area.frameWidth() - scroll_bar - 2 * GRID_MARGIN

    def _tick(self) -> None:
        self._place_cards()  # a table falls silent or idle with time alone, and moves up
        now = self.now()
        for table_id, card in self.cards.items():
            card.show_view(self.views[table_id], now)
        faulted = sum(1 for v in self.views.values() if v.faults)
        silent = sum(1 for v in self.views.values() if v.reporting(now) == "not reporting")
        idle = sum(1 for v in self.views.values() if v.alert(now) == "idle")
        text = self.tr("Pit · {0} tables").format(len(self.views))
        if faulted:
            text += self.tr(" · {0} with faults").format(faulted)
        if silent:
            text += self.tr(" · {0} not reporting").format(silent)
        if idle:
            text += self.tr(" · {0} idle").format(idle)
        tables = self.tr("Tables ({0})").format(len(self.views))
        if self.tabs.tabText(0) != tables:
            self.tabs.setTabText(0, tables)
        alerts = alert_words([self.views[t] for t in self._order], now)
        self.alerts.setText(alerts)
        self.alerts.setVisible(bool(alerts))
        alerted = {(t, v.alert(now)) for t, v in self.views.items() if v.alert(now)}
        if alerted - self._alerted:
            QApplication.alert(self)  # a table newly in trouble: the task bar asks for a window left behind others
        self._alerted = alerted
        if self.viewer is not None:
            text += self.tr(" · pit boss {0}").format(self.viewer.name)
        self.header.setText(text + " · " + time.strftime("%H:%M:%S", time.gmtime(now)) + " UTC")

    def _show_ratings(self, found: list[Visit], valued: int) -> None:
        if valued:
            QTimer.singleShot(1000, self.rate_players)  # decisions still wait: value on until none do
        self.players_table.show_visits(found)
        self.tabs.setTabText(1, self.tr("Players today ({0})").format(len(found)))
        self.flagged = [v for v in found if v.flags()]
        if not self.flagged:
            self.players.setText(self.tr("Players: {0} rated today, none flagged").format(len(found)))
            return
        flagged = self.tr("⚑ <b>{0}</b> at {1} ({2} rounds): {3}")
        self.players.setText("<br>".join(
            flagged.format(v.player, v.table_id, len(v.rounds), "; ".join(flag_words(f) for f in v.flags()))
            for v in self.flagged))

    def _show_trouble(self, reason: str | None) -> None:
        self.trouble = reason
        if reason is None:
            self.database.setText(self.tr("Database: connected, listening for the tables' reports"))
            self.database.setStyleSheet("font-size:14px;color:#a5d6a7;padding:2px 4px")
        else:
            unreachable = self.tr("DATABASE UNREACHABLE — what you see may be old: {0}")
            self.database.setText(unreachable.format(trouble_words(reason)))
            self.database.setStyleSheet("font-size:15px;font-weight:bold;color:#1a1a1a;background:#ffab40;"
                                        "padding:4px")

    def _open_table(self, table_id: str, read: tuple[list[Any], str | None]) -> None:
        self.statusBar().clearMessage()
        entries, indexed_at = read
        dialog = open_table(table_id, entries, self, viewer=self.viewer, indexed_at=indexed_at)
        dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        floor = self.floor_area.viewport().mapToGlobal(self.floor_area.viewport().rect().topLeft())
        first = self.grid.itemAtPosition(0, 0)
        card = first.widget() if first is not None else None
        first_column = card.mapToGlobal(card.rect().topRight()).x() if card is not None else floor.x() + CARD_WIDTH
        bottom_line = self.players if self.players.isVisible() else self.statusBar()
        place_beside(dialog, self.frameGeometry(), first_column + self.grid.spacing() + 4, floor.y(),
                     bottom_line.mapToGlobal(bottom_line.rect().topLeft()).y() - 2)
        dialog.show()

    def resizeEvent(self, event: Any) -> None:
        super().resizeEvent(event)
        self._order = []
        self._place_cards()

    def closeEvent(self, event: QCloseEvent) -> None:
        self.shutdown()
        super().closeEvent(event)

    def shutdown(self) -> None:
        for timer in self._timers:
            timer.stop()
        if self.wakeups is not None:
            self.wakeups.stop()
            self.wakeups = None
