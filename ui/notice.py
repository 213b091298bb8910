"""The notice slot under the next action: a fault's red banner (what happened, what to do, the pit boss's button)
or a message to the dealer (a refusal with its reason, what an armed action will do, the gate re-armed). It has
a fixed height, so nothing below it moves when a message appears or goes."""

from __future__ import annotations

import re

from PySide6.QtWidgets import QFrame, QHBoxLayout, QStackedWidget, QWidget

from ui.fit import TOUCH, FitButton, FitLabel, fixed_width
from ui.i18n import translate

HEIGHT = 48
MESSAGE_STYLE = "font-size:16px;color:#ffcc80"
ARMED_MESSAGE_STYLE = "font-size:17px;font-weight:bold;color:#ffb74d"


def _stop_dealing() -> re.Pattern[str]:
    """A fault's own text often says "Stop dealing" itself (in English, or in the console's language): the
    banner says it once, first."""
    words = "|".join(re.escape(w) for w in {"stop dealing", translate("Notice", "stop dealing").lower()})
    return re.compile(rf"(^|[.!?]\s+)(?:{words})[.;:,!]?\s*(\w?)", re.IGNORECASE)


def banner_text(what: str) -> str:
    """STOP DEALING once, what happened, and what to do (unless the fault's text says what a pit boss does)."""
    what = _stop_dealing().sub(lambda m: m.group(1) + m.group(2).upper(), what).strip()
    what = what[:1].upper() + what[1:]
    parts = [translate("Notice", "STOP DEALING."), what]
    if not any(words in what.lower() for words in ("pit boss", translate("Notice", "pit boss").lower())):
        parts.append(translate("Notice", "A pit boss must log in to resolve it, correct the card or void the round."))
    return " ".join(parts)


class Notice(QStackedWidget):
    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setFixedHeight(HEIGHT)
        self.message = FitLabel(self, lines=2)
        self.message.setObjectName("message")
        self.message.setStyleSheet(MESSAGE_STYLE)
        self.banner = QFrame(self)
        self.banner.setObjectName("fault_banner")
        self.banner.setStyleSheet("QFrame#fault_banner{background:#b71c1c;border:3px solid #ffeb3b;"
                                  "border-radius:8px}QLabel{color:white}")
        row = QHBoxLayout(self.banner)
        row.setContentsMargins(8, 2, 4, 2)
        self.banner_text = FitLabel(self.banner, lines=2)
        self.banner_text.setObjectName("fault_text")
        self.banner_text.setStyleSheet("font-size:16px;font-weight:bold")
        self.banner_button = FitButton(self.banner, height=TOUCH)
        self.banner_button.setObjectName("pit_boss_button")
        fixed_width(self.banner_button, 170)
        self.banner_button.setStyleSheet("QPushButton{font-size:16px;font-weight:bold;background:#ffeb3b;"
                                         "color:#1a1a1a;border-radius:8px}")
        row.addWidget(self.banner_text, 1)
        row.addWidget(self.banner_button)
        self.addWidget(self.message)
        self.addWidget(self.banner)
        self._armed = False

    def show_fault(self, what: str) -> None:
        self.banner_text.setText(banner_text(what))
        self.setCurrentWidget(self.banner)

    def show_message(self, text: str, *, armed: bool = False) -> None:
        if armed != self._armed:
            self._armed = armed
            self.message.setStyleSheet(ARMED_MESSAGE_STYLE if armed else MESSAGE_STYLE)
        self.message.setText(text)
        self.setCurrentWidget(self.message)

    @property
    def fault_shown(self) -> bool:
        return self.currentWidget() is self.banner and self.isVisible()
