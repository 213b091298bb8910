"""The console's line saying whether the table reports to the floor's database: green while it does, amber and
in capitals when it does not (the table plays on; the events wait in its journal)."""

from __future__ import annotations

from PySide6.QtWidgets import QLabel, QWidget

from controller.floor.reporter import TableReporter
from ui.ticking import every

POLL_MS = 1000


class FloorStatus(QLabel):
    def __init__(self, reporter: TableReporter, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("floor_status")
        self.reporter = reporter
        self._timer = every(POLL_MS, self.refresh, self)
        self.refresh()

    def refresh(self) -> None:
        status = self.reporter.status
        self.setToolTip(status.text)
        if status.reporting:
            waiting = self.tr(" · {0} to send").format(status.backlog) if status.backlog else ""
            self.setText(self.tr("floor: reporting") + waiting)
            self.setStyleSheet("font-size:12px;color:#a5d6a7;padding:0 8px")
        else:
            self.setText(self.tr("NOT REPORTING to the floor · {0} events wait").format(status.backlog))
            self.setStyleSheet("font-size:12px;font-weight:bold;color:#1a1a1a;background:#ffab40;padding:0 8px")
