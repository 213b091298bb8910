"""The jackpot sign: the meter in large figures, JACKPOT PENDING while a hit waits for a pit boss, the tables
linked to it and the last hits paid. A view only: it redraws from the meter's status (ui.jackpot.watcher).

The sign faces the public, so it shows what the public may know and nothing of the floor's inside: a hit is
listed once a pit boss has confirmed and paid it (a waiting hit is JACKPOT PENDING, with no amount; a rejected
one was never won), and a table by its name alone (whether its link is heard from is the pit's business)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtGui import QFont
from PySide6.QtWidgets import QLabel, QVBoxLayout, QWidget

from ui.format import amount
from ui.i18n import translate
from ui.words import category_words

GOLD, RED, DIM = "#ffd34d", "#ff4d4d", "#9aa4b2"
PAID_SHOWN = 5  # the last hits paid the sign lists


@dataclass(frozen=True)
class PublicView:
    """What of the meter's status the public sees besides the meter: the linked tables' names and the last hits
    paid, newest first."""

    tables: tuple[str, ...]
    paid: tuple[dict[str, Any], ...]


def public_view(status: dict[str, Any]) -> PublicView:
    return PublicView(tuple(t["table"] for t in status["tables"]),
                      tuple(h for h in status["hits"] if h["status"] == "paid")[:PAID_SHOWN])


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
        self.meter.setText(amount(status["meter"]))
        self.pending.setText(translate("JackpotSign", "JACKPOT PENDING") if status["pending"] else "")
        shown = public_view(status)
        self.tables.setText(translate("JackpotSign", "Linked tables: {0}").format(", ".join(shown.tables) or "—"))
        self.hits.setText("\n".join(
            translate("JackpotSign", "Table {0} box {1}: {2} — {3} ({4})").format(
                hit["table"], hit["box"], category_words(hit["category"]), amount(hit["amount"]),
                translate("JackpotSign", "paid")) for hit in shown.paid))

    def show_problem(self, text: str) -> None:
        self.problem.setText(translate("JackpotSign", "The meter cannot be read: {0}").format(text))
