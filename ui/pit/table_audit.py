"""A table opened from the pit: the console's own audit view (rounds, any round replayed, the last 10, the
shift report, verification) over the table's events as the floor database holds them, and beside it every
fault and override."""

from __future__ import annotations

from datetime import UTC, datetime

from PySide6.QtGui import QColor
from PySide6.QtWidgets import QAbstractItemView, QHeaderView, QTableWidget, QTableWidgetItem, QWidget

from controller.floor.pit import faults_and_overrides
from controller.table.journal import JournalEntry
from ui.audit_view import AuditDialog


class FloorTableEvents:
    """What the audit view reads of a table (its id, its journal's entries), from the floor database's copy."""

    def __init__(self, table_id: str, entries: list[JournalEntry]) -> None:
        self.table_id = table_id
        self.journal = _Journal(entries)


class _Journal:
    def __init__(self, entries: list[JournalEntry]) -> None:
        self._entries = entries

    def entries(self) -> list[JournalEntry]:
        return self._entries


def open_table(table_id: str, entries: list[JournalEntry], parent: QWidget | None = None) -> AuditDialog:
    """The audit view of the table's events, with a tab of its faults and overrides."""
    events = FloorTableEvents(table_id, entries)
    dialog = AuditDialog(events, parent)  # type: ignore[arg-type]  # it reads only table_id and journal.entries()
    dialog.setWindowTitle(dialog.tr("Table {0} from the floor database").format(table_id))
    dialog.tabs.addTab(overrides_table(entries, dialog), dialog.tr("Faults and overrides"))
    screen = dialog.screen().availableGeometry()
    dialog.resize(min(dialog.width(), screen.width() - 40), min(dialog.height(), screen.height() - 40))
    return dialog


def overrides_table(entries: list[JournalEntry], parent: QWidget) -> QTableWidget:
    lines = faults_and_overrides(entries)
    table = QTableWidget(len(lines), 4, parent)
    table.setObjectName("faults_and_overrides")
    table.setHorizontalHeaderLabels([parent.tr("Time (UTC)"), parent.tr("Who"), parent.tr("Round"),
                                     parent.tr("What")])
    table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
    table.verticalHeader().hide()
    for row, line in enumerate(lines):
        when = datetime.fromtimestamp(line.at, UTC).strftime("%Y-%m-%d %H:%M:%S")
        for column, value in enumerate((when, line.actor, line.round_id, line.text)):
            item = QTableWidgetItem(value)
            item.setToolTip(value)
            if line.is_fault:
                item.setForeground(QColor("#ff8a80"))
            table.setItem(row, column, item)
    table.horizontalHeader().setSectionResizeMode(3, QHeaderView.ResizeMode.Stretch)
    table.resizeColumnsToContents()
    return table
