"""The jackpot sign: the meter in large figures, JACKPOT PENDING while a hit waits for a pit boss, the tables
linked to it and the last hits. A view only: it redraws from the meter's status (ui.jackpot.watcher)."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtGui import QFont
from PySide6.QtWidgets import QLabel, QVBoxLayout, QWidget

from ui.i18n import translate

GOLD, RED, DIM = "#ffd34d", "#ff4d4d", "#9aa4b2"


class JackpotSign(QWidget):
    def __init__(self) -> None:
        super().__init__()
        self.setWindowTitle(translate("JackpotSign", "Jackpot"))
        self.setStyleSheet("background: #0b0f1a; color: white;")
        self.title = self._label(40, GOLD)
        self.title.setText(translate("JackpotSign", "PROGRESSIVE JACKPOT"))
        self.meter = self._label(120, GOLD)
        self.pending = self._label(44, RED)
        self.tables = self._label(20, DIM)
        self.hits = self._label(20, "white")
        self.problem = self._label(20, RED)
        layout = QVBoxLayout(self)
        for label in (self.title, self.meter, self.pending, self.tables, self.hits, self.problem):
            layout.addWidget(label)
        layout.addStretch(1)
        self.shown: dict[str, Any] | None = None

    def _label(self, points: int, colour: str) -> QLabel:
        label = QLabel()
        font = QFont()
        font.setPointSize(points)
        font.setBold(points >= 40)
        label.setFont(font)
        label.setAlignment(Qt.AlignmentFlag.AlignCenter)
        label.setWordWrap(True)
        label.setStyleSheet(f"color: {colour};")
        return label

    def show_status(self, status: dict[str, Any]) -> None:
        self.shown = status
        self.problem.setText("")
        if status["meter"] is None:
            self.meter.setText("—")
            self.tables.setText(translate("JackpotSign", "No table is linked to this jackpot yet."))
            return
        self.meter.setText(f"{status['meter']:,}")
        self.pending.setText(translate("JackpotSign", "JACKPOT PENDING") if status["pending"] else "")
        silent = translate("JackpotSign", "{0} (not heard from)")
        linked = [t["table"] if t["linked_now"] else silent.format(t["table"]) for t in status["tables"]]
        self.tables.setText(translate("JackpotSign", "Linked tables: {0}").format(", ".join(linked) or "—"))
        lines = []
        for hit in status["hits"][:5]:
            state = {"paid": translate("JackpotSign", "paid"),
                     "rejected": translate("JackpotSign", "rejected, not paid")}.get(
                hit["status"], translate("JackpotSign", "waiting for a pit boss"))
            lines.append(translate("JackpotSign", "Table {0} box {1}: {2} — {3} ({4})").format(
                hit["table"], hit["box"], hit["category"].replace("_", " ").lower(), f"{hit['amount']:,}", state))
        self.hits.setText("\n".join(lines))

    def show_problem(self, text: str) -> None:
        self.problem.setText(translate("JackpotSign", "The meter cannot be read: {0}").format(text))
