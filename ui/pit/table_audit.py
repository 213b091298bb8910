"""A table opened from the pit: the console's own audit view (rounds, any round replayed, the last 10, the
shift report, verification) over the table's events as the floor database holds them, and beside it every
fault and override."""

from __future__ import annotations

from datetime import UTC, datetime

from PySide6.QtCore import QRect, Qt
from PySide6.QtGui import QColor
from PySide6.QtWidgets import (
    QAbstractItemView,
    QBoxLayout,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QTableWidget,
    QTableWidgetItem,
    QWidget,
)

from controller.floor.audit_source import floor_table
from controller.floor.pit import OverrideLine, faults_and_overrides
from controller.table.history import EntriesRead, event_of
from controller.table.journal import JournalEntry
from controller.table.round_record import Step
from controller.table.security.users import User
from controller.table.table_events import TableFaultRaised
from ui.audit_view import AuditDialog, OpenEntries
from ui.i18n import translate
from ui.replay_words import step_text
from ui.words import who

MIN_AUDIT_WIDTH = 640  # the rounds list and a round's replay side by side still read whole
MIN_AUDIT_HEIGHT = 480
SHOE_SCHEMES = ("sim", "serial", "socket", "usb")  # a shoe's URL
NARROW_TABS = "QTabBar::tab{padding:8px 10px}"  # five tabs across the pit's audit at 1024 px, in Russian too


def open_table(table_id: str, entries: list[JournalEntry], parent: QWidget | None = None, *,
               viewer: User | None = None, indexed_at: str | None = None) -> AuditDialog:
    """The audit view of the table's events for `viewer` (the pit boss logged in), with a tab of the faults and
    overrides among `entries`. With `indexed_at` (the floor database's URL, where the table's round index is)
    the view reads the rounds it shows from there; else it reads `entries`, the table's every event."""
    source: OpenEntries = (lambda: floor_table(indexed_at, table_id)) if indexed_at is not None else \
        (lambda: EntriesRead(table_id, entries))
    dialog = AuditDialog(table_id, source, parent, viewer=viewer)
    # The table's id first: a title bar or a task bar cuts a long title from the end, and a pit boss may have
    # several tables open; and again inside, in large type, where no window manager draws a title at all.
    title = translate("FloorTable", "{0} — audit from the floor database").format(table_id)
    if viewer is not None:
        title += " — " + translate("AuditDialog", "pit boss {0}").format(viewer.name)
    dialog.setWindowTitle(title)
    heading = QLabel(translate("FloorTable", "Table {0}").format(table_id), dialog)
    heading.setObjectName("pit_audit_table")
    heading.setStyleSheet("font-size:22px;font-weight:bold;color:#ffd54f")
    # The heading's row takes the Close button (and the reading's progress) from beside the tabs: a pit's audit is
    # narrower than the console's, and its five tabs need the whole width, in Russian too.
    top = QHBoxLayout()
    top.addWidget(heading, 1)
    corner = dialog.tabs.cornerWidget(Qt.Corner.TopRightCorner)
    if corner is not None:
        top.addWidget(corner)  # out of the tab bar's corner, which keeps an empty place
        dialog.tabs.setCornerWidget(QWidget(dialog), Qt.Corner.TopRightCorner)
        corner.show()
    dialog.setStyleSheet(dialog.styleSheet() + NARROW_TABS)
    layout = dialog.layout()
    if isinstance(layout, QBoxLayout):
        layout.insertLayout(0, top)
    # The floor goes on while a table is audited: never modal, so every other table can still be opened.
    dialog.setModal(False)
    dialog.setWindowModality(Qt.WindowModality.NonModal)
    span = translate("FloorTable", "the table's last day of play") if indexed_at is not None else \
        translate("FloorTable", "the table's whole history")
    dialog.tabs.addTab(overrides_table(entries, dialog, span), translate("FloorTable", "Faults and overrides"))
    return dialog


def place_beside(dialog: QWidget, floor: QRect, left: int, top: int, bottom: int | None = None) -> None:
    """Size and move `dialog` into the part of `floor` (the pit's window, global coordinates) right of `left`,
    below `top` and above `bottom` (the floor's bottom line: the players rated, the window's status): the pit's
    header, its alerts, its first column of cards and its bottom line stay in sight while a table is audited. Never
    narrower than MIN_AUDIT_WIDTH nor lower than MIN_AUDIT_HEIGHT, at the cost of covering more of the floor."""
    area = floor if floor.isValid() else dialog.screen().availableGeometry()
    if bottom is not None:
        area = QRect(area.left(), area.top(), area.width(), max(MIN_AUDIT_HEIGHT, min(area.bottom() + 1, bottom)
                                                                - area.top()))
    left = max(area.left(), min(left, area.right() + 1 - MIN_AUDIT_WIDTH))
    top = max(area.top(), min(top, area.bottom() + 1 - MIN_AUDIT_HEIGHT))
    dialog.setGeometry(QRect(left, top, area.right() + 1 - left, area.bottom() + 1 - top))


def overrides_table(entries: list[JournalEntry], parent: QWidget, span: str) -> QTableWidget:
    """The faults and overrides among `entries` (which cover `span`, in words), or one line saying there are
    none: an empty grid would leave a pit boss wondering whether it was read at all."""
    lines = faults_and_overrides(entries)
    table = QTableWidget(max(len(lines), 1), 4, parent)
    table.setObjectName("faults_and_overrides")
    table.setHorizontalHeaderLabels([translate("FloorTable", "Time (UTC)"), translate("FloorTable", "Who"),
                                     translate("FloorTable", "Round"), translate("FloorTable", "What")])
    table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
    table.verticalHeader().hide()
    by_seq = {entry.seq: entry for entry in entries}
    for row, line in enumerate(lines):
        when = datetime.fromtimestamp(line.at, UTC).strftime("%Y-%m-%d %H:%M:%S")
        for column, value in enumerate((when, _who(line, by_seq), line.round_id, _said(line, by_seq))):
            item = QTableWidgetItem(value)
            item.setToolTip(value)
            if line.is_fault:
                item.setForeground(QColor("#ff8a80"))
            table.setItem(row, column, item)
    if not lines:
        table.setItem(0, 0, QTableWidgetItem(translate("FloorTable", "No fault and no override in {0}.").format(span)))
        table.setSpan(0, 0, 1, 4)
    table.horizontalHeader().setSectionResizeMode(3, QHeaderView.ResizeMode.Stretch)
    table.resizeColumnsToContents()
    # What happened reads whole, over as many lines as it takes at the width the audit has: never cut at its end.
    table.setWordWrap(True)
    table.setTextElideMode(Qt.TextElideMode.ElideNone)
    table.horizontalHeader().sectionResized.connect(lambda *_: table.resizeRowsToContents())
    table.resizeRowsToContents()
    return table


def _who(line: OverrideLine, by_seq: dict[int, JournalEntry]) -> str:
    """Who did it: the person for an override; for a fault the table raised, what raised it (the shoe for a jam,
    the camera, the clock, the journal), which the journal names by its source rather than by a person."""
    if line.actor.startswith("shoe#"):  # a card the round could not take, as the shoe sent it
        return translate("FloorTable", "the shoe")
    if line.actor:
        return who(line.actor)
    entry = by_seq.get(line.seq)
    event = event_of(entry) if entry is not None else None
    if not isinstance(event, TableFaultRaised):
        return "—"
    scheme = event.source.partition(":")[0]
    if scheme in SHOE_SCHEMES:
        return translate("FloorTable", "the shoe")
    if scheme.startswith("camera"):
        return translate("FloorTable", "the camera")
    raised_by = {"clock": translate("FloorTable", "the clock"), "journal": translate("FloorTable", "the journal")}
    return raised_by.get(event.source, translate("FloorTable", "the table"))


def _said(line: OverrideLine, by_seq: dict[int, JournalEntry]) -> str:
    """What happened, in the replay's words (and the console's language); the floor's own words for an entry
    the replay has none for."""
    entry = by_seq.get(line.seq)
    event = event_of(entry) if entry is not None else None
    return line.text if entry is None or event is None else step_text(Step(entry, event), line.round_id)
