"""One table on the pit view: its state and step, dealer, rules, open faults with their age (red), today's
rounds, drop, house win and hold against theoretical, and how long since it was last heard from."""

from __future__ import annotations

from datetime import UTC, datetime

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QMouseEvent
from PySide6.QtWidgets import QFrame, QLabel, QVBoxLayout, QWidget

from controller.floor.pit import TableView
from ui.format import amount, percent, signed_amount
from ui.i18n import translate
from ui.pit.words import age_words, idle_words, step_words
from ui.restyle import restyle
from ui.sentences import device_fault_words

# At least this wide: four cards side by side in a 1024 px window and five rows of them in 768 px, twenty of fifty
# tables in sight; wider where the window leaves room. A table needing the floor's eyes grows (its fault or its
# idle time in full); a quiet one takes five short lines.
CARD_WIDTH = 242
STYLES = {
    "normal": "QFrame#table_card{background:#13301a;border:2px solid #3c6e47;border-radius:8px}",
    "fault": "QFrame#table_card{background:#3d0d0d;border:3px solid #ffeb3b;border-radius:8px}",
    "silent": "QFrame#table_card{background:#2a2a2a;border:2px dashed #9e9e9e;border-radius:8px}",
    "idle": "QFrame#table_card{background:#3a2a0a;border:3px solid #ffab40;border-radius:8px}",
}


class TableCard(QFrame):
    """Click it to open the table's audit."""

    opened = Signal(str)

    def __init__(self, table_id: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.table_id = table_id
        self.setObjectName("table_card")
        self.setFixedWidth(CARD_WIDTH)
        self.setCursor(Qt.CursorShape.PointingHandCursor)
        self.setToolTip(self.tr("Open {0}: rounds, replay, last 10, faults and overrides").format(table_id))
        layout = QVBoxLayout(self)
        layout.setContentsMargins(8, 4, 8, 5)
        layout.setSpacing(1)
        self.title = self._label("font-size:16px;font-weight:bold")
        self.faults = self._label("font-size:13px;font-weight:bold;background:#b71c1c;color:#ffffff;padding:3px;"
                                  "border-radius:4px")
        self.idle = self._label("font-size:13px;font-weight:bold;background:#ffab40;color:#1a1a1a;padding:3px;"
                                "border-radius:4px")
        self.shoe = self._label("font-size:12px;font-weight:bold;color:#ffab40")  # a plain shoe, all the while
        self.shoe.setToolTip(self.tr("Its cards are not proved: a plain SHOE/1 shoe, whose cable a wire could "
                                     "deal through"))
        self.step = self._label("font-size:12px;color:#ffd54f")
        self.dealer = self._label("font-size:12px")
        self.money = self._label("font-size:12px")
        self.money.setToolTip(self.tr("Today (UTC): rounds closed, drop and house win"))
        self.hold = self._label("font-size:12px")
        self.seen = self._label("font-size:12px;color:#bdbdbd")
        for label in (self.title, self.faults, self.idle, self.shoe, self.step, self.dealer, self.money, self.hold,
                      self.seen):
            layout.addWidget(label)
        layout.addStretch(1)  # a card made taller by its row keeps its lines together at the top
        self._wrapped = (self.faults, self.idle, self.shoe, self.step, self.money, self.hold, self.seen)
        self._fitted_width = 0

    def fit_width(self, width: int) -> None:
        """As wide as the floor's columns are (never narrower than CARD_WIDTH)."""
        if width != self.width():
            self.setFixedWidth(max(CARD_WIDTH, width))

    def _label(self, style: str) -> QLabel:
        label = QLabel(self)
        label.setStyleSheet(style)
        label.setWordWrap(True)
        return label

    def show_view(self, view: TableView, now: float) -> None:
        """Called every second for every table: a label, a style or a height is touched only when it changes,
        since restyling and re-laying out fifty idle cards a second kept a core busy with every table closed."""
        state = view.reporting(now)
        faults = view.faults
        alert = view.alert(now)
        restyle(self, STYLES[alert or "normal"])
        self.idle.setVisible(alert == "idle")
        if alert == "idle":
            self._say(self.idle, idle_words(view, now))
        self._say(self.title, f"{view.table_id} · {view.rules or '—'}")
        self.faults.setVisible(bool(faults))
        self._say(self.faults, "\n".join(
            self.tr("FAULT {0} {1} ({2}): {3}").format(f.fault_id, f.code, age_words(now - f.at),
                                                                      device_fault_words(f.code, f.text))
            for f in faults))
        self.shoe.setVisible(view.shoe_not_authenticated)
        self._say(self.shoe, self.tr("Shoe not authenticated") if view.shoe_not_authenticated else "")
        self._say(self.step, step_words(view))
        self.dealer.setVisible(bool(view.dealer))  # a table without a dealer needs no line to say so
        self._say(self.dealer, self.tr("Dealer: {0}").format(view.dealer.split(":")[-1]))
        t = view.today
        one = t.rounds == 1  # "1 rounds" read wrong
        rounds = self.tr("1 round · drop {1} · win {2}") if one else self.tr("{0} rounds · drop {1} · win {2}")
        self._say(self.money, rounds.format(t.rounds, amount(t.drop), signed_amount(t.win)))
        no_edge = self.tr(" ({0} rounds without a measured edge)").format(view.without_edge) \
            if view.without_edge else ""
        self._say(self.hold, self.tr("Hold {0}% · theor. {1}% ({2}){3}").format(
            percent(t.hold_pct), percent(t.theoretical_hold_pct), signed_amount(round(t.theoretical)), no_edge))
        self._say(self.seen, _seen_text(view, now, state))
        restyle(self.seen, "font-size:12px;" + ("color:#bdbdbd" if state in ("reporting", "closed")
                                                       else "color:#ffab40;font-weight:bold"))
        if self._fitted_width != self.width():
            self._fitted_width = self.width()
            for label in self._wrapped:
                self._fit_height(label)

    def _say(self, label: QLabel, text: str) -> None:
        if label.text() != text:
            label.setText(text)
            if label in self._wrapped:
                self._fit_height(label)

    def _fit_height(self, label: QLabel) -> None:
        label.setMinimumHeight(max(0, label.heightForWidth(self.width() - 22)))  # wrapped lines are never cut

    def mousePressEvent(self, event: QMouseEvent) -> None:
        if event.button() == Qt.MouseButton.LeftButton:
            self.opened.emit(self.table_id)
        super().mousePressEvent(event)


def _seen_text(view: TableView, now: float, state: str) -> str:
    age = view.last_event_age(now)  # "never ago" said nothing: a table with no event yet says so
    last = translate("TableCard", "no event yet") if age is None else \
        translate("TableCard", "last event {0} ago").format(age_words(age))
    if state == "refused":
        return translate("TableCard", "REFUSED by the database: {0}").format(view.refused)
    if state == "not reporting":
        if view.last_seen is None:
            return translate("TableCard", "NOT REPORTING (never heard from) · {0}").format(last)
        heard = age_words(now - view.last_seen)
        return translate("TableCard", "NOT REPORTING (last heard {0} ago) · {1}").format(heard, last)
    if state == "closed" and view.closed_at is not None:  # a time, not an age: nothing ticks on a closed table
        closed_on, today = (datetime.fromtimestamp(at, UTC) for at in (view.closed_at, now))
        closed = closed_on.strftime("%H:%M" if closed_on.date() == today.date() else "%Y-%m-%d %H:%M")
        return translate("TableCard", "closed at {0} UTC").format(closed)
    backlog = view.journaled - view.reported
    waiting = translate("TableCard", " · {0} events on their way").format(backlog) if backlog > 0 else ""
    return translate("TableCard", "reporting · {0}").format(last) + waiting
