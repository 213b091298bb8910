"""A table opened from the pit: the console's own audit view (rounds, any round replayed, the last 10, the
shift report, verification) over the table's events as the floor database holds them, and beside it every
fault and override."""

from __future__ import annotations

from datetime import UTC, datetime

from PySide6.QtGui import QColor
from PySide6.QtWidgets import QAbstractItemView, QHeaderView, QTableWidget, QTableWidgetItem, QWidget

from controller.floor.audit_source import floor_table
from controller.floor.pit import OverrideLine, faults_and_overrides
from controller.table.history import EntriesRead, event_of
from controller.table.journal import JournalEntry
from controller.table.round_record import Step
from controller.table.users import User
from ui.audit_view import AuditDialog, OpenEntries
from ui.i18n import translate
from ui.replay_words import step_text
from ui.words import who


def open_table(table_id: str, entries: list[JournalEntry], parent: QWidget | None = None, *,
               viewer: User | None = None, indexed_at: str | None = None) -> AuditDialog:
    """The audit view of the table's events for `viewer` (the pit boss logged in), with a tab of the faults and
    overrides among `entries`. With `indexed_at` (the floor database's URL, where the table's round index is)
    the view reads the rounds it shows from there; else it reads `entries`, the table's every event."""
    source: OpenEntries = (lambda: floor_table(indexed_at, table_id)) if indexed_at is not None else \
        (lambda: EntriesRead(table_id, entries))
    dialog = AuditDialog(table_id, source, parent, viewer=viewer)
    title = translate("FloorTable", "Table {0} from the floor database").format(table_id)
    if viewer is not None:
        title += " — " + translate("AuditDialog", "pit boss {0}").format(viewer.name)
    dialog.setWindowTitle(title)
    span = translate("FloorTable", "the table's last day of play") if indexed_at is not None else \
        translate("FloorTable", "the table's whole history")
    dialog.tabs.addTab(overrides_table(entries, dialog, span), translate("FloorTable", "Faults and overrides"))
    screen = dialog.screen().availableGeometry()
    dialog.resize(min(dialog.width(), screen.width() - 40), min(dialog.height(), screen.height() - 40))
    return dialog


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
        for column, value in enumerate((when, who(line.actor), line.round_id, _said(line, by_seq))):
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
    return table


def _said(line: OverrideLine, by_seq: dict[int, JournalEntry]) -> str:
    """What happened, in the replay's words (and the console's language); the floor's own words for an entry
    the replay has none for."""
    entry = by_seq.get(line.seq)
    event = event_of(entry) if entry is not None else None
    return line.text if entry is None or event is None else step_text(Step(entry, event), line.round_id)
