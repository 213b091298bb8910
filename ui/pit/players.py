"""The pit's list of today's players, one row a visit to a table, as a rating slip reads: time played, rounds,
average bet, the house's theoretical and actual win, and what the player's decisions cost against basic
strategy (EV lost a decision, in antes). Flagged players first, then the biggest action first (the most
staked), as a floor manager looks for them: on rules that favour a skilled player the theoretical win can be
negative, so sorting by it would put the players who matter most at the bottom."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QColor
from PySide6.QtWidgets import QAbstractItemView, QHeaderView, QTableWidget, QTableWidgetItem, QWidget

from controller.floor.ratings import Visit
from ui.format import amount, decimal, signed_amount
from ui.i18n import translate
from ui.pit.words import flag_words, played_words

FLAGGED = QColor("#ffcc80")


def ordered(visits: list[Visit]) -> list[Visit]:
    """Flagged players first; then the most staked first."""
    return sorted(visits, key=lambda v: (not v.flags(), -v.wagered, v.player, v.start))


def average_bet(visit: Visit) -> float:
    """What the player staked a round on average: the ante and everything staked after it."""
    return visit.wagered / visit.boxes if visit.boxes else 0.0


def ev_lost_words(visit: Visit) -> str:
    """Antes a decision lost against basic (a minus: won against it), or a dash before any is valued."""
    d = visit.decisions
    return decimal(d.per_decision, 3) if d.valued else "—"


class PlayersTable(QTableWidget):
    """Today's visits; a row's tooltip gives its decisions' 95% interval and, when flagged, the evidence."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(0, 9, parent)
        self.setObjectName("pit_players_table")
        self.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.verticalHeader().hide()
        self.verticalHeader().setDefaultSectionSize(22)  # a row a line: a floor's players in sight at 768 px
        self.setStyleSheet("QTableWidget{background:#0f2614;color:#f2f2f2;gridline-color:#2e5a38;font-size:13px}"
                           "QHeaderView{background:#1e4526}"
                           "QHeaderView::section{background:#1e4526;color:#f2f2f2;font-size:13px;padding:2px}")
        header = self.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        self.retranslate()
        self._say(translate("PitPlayers", "Rating today's players…"))

    def retranslate(self) -> None:
        headers = [translate("PitPlayers", "Player"), translate("PitPlayers", "Table"),
                   translate("PitPlayers", "Time played"), translate("PitPlayers", "Rounds"),
                   translate("PitPlayers", "Avg bet"), translate("PitPlayers", "Theo win"),
                   translate("PitPlayers", "Actual win"), translate("PitPlayers", "EV lost a decision"),
                   translate("PitPlayers", "Decisions valued")]
        self.setHorizontalHeaderLabels(headers)
        tips = {4: translate("PitPlayers", "Staked a round on average: the ante and every later stake"),
                5: translate("PitPlayers", "The house's expected win from this player's play"),
                6: translate("PitPlayers", "The house's win from this player (+: the house won)"),
                7: translate("PitPlayers", "Antes lost a decision against basic strategy (−: better than basic)")}
        for column, tip in tips.items():
            item = self.horizontalHeaderItem(column)
            if item is not None:
                item.setToolTip(tip)

    def _say(self, words: str) -> None:
        """One line across the table instead of rows: while the first rating runs, or when nobody is named."""
        self.clearSpans()
        self.setRowCount(1)
        self.setItem(0, 0, QTableWidgetItem(words))
        self.setSpan(0, 0, 1, self.columnCount())

    def show_visits(self, visits: list[Visit]) -> None:
        if not visits:
            self._say(translate("PitPlayers", "No named player today."))
            return
        rows = ordered(visits)
        self.clearSpans()
        self.setRowCount(len(rows))
        for row, visit in enumerate(rows):
            d = visit.decisions
            cells = (visit.player, visit.table_id, played_words(visit.minutes), amount(len(visit.rounds)),
                     decimal(average_bet(visit), 1), signed_amount(round(visit.theoretical)),
                     signed_amount(-visit.win), ev_lost_words(visit),
                     translate("PitPlayers", "{0} of {1}").format(amount(d.valued), amount(d.made)))
            lo, hi = (decimal(v, 2) for v in d.ci95) if d.ci95 is not None else ("—", "—")  # too few to say
            tip = translate("PitPlayers", "{0} decisions valued of {1}; their cost {2} antes (95% interval {3} to "
                                          "{4})").format(d.valued, d.made, decimal(d.cost, 2), lo, hi)
            flags = visit.flags()
            if flags:
                tip = "⚑ " + "; ".join(flag_words(f) for f in flags) + "\n" + tip
            for column, text in enumerate(cells):
                item = QTableWidgetItem(text)
                item.setToolTip(tip)
                if column >= 2:
                    item.setTextAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
                if flags:
                    item.setForeground(FLAGGED)
                self.setItem(row, column, item)
