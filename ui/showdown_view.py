"""What the camera over the layout saw at showdown beside the shoe's record, spot by spot: the dealer's page while
the camera asks for a box again or a card switch stops the round, and the pit boss's when he resolves it.

Each spot's row: what the shoe dealt there, what the camera read there (`??` for each card it saw and could not
read), and the verdict: as dealt, shown again, or different; a card not dealt to the spot is marked on the
camera's side, the dealt card it took the place of on the shoe's."""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QFrame, QGridLayout, QLabel, QWidget

from controller.table.table_events import ShowdownSeen
from drivers.cards import Card
from drivers.showdown import DEALER, Difference, Spot, spot_order
from ui.i18n import translate

STYLE = "QFrame#showdown_view{background:#102a16;border:1px solid #2e5d3a;border-radius:6px}QLabel{font-size:15px}"
MARKED = "color:#ff5252;font-weight:bold"
VERDICT_COLOURS = {"same": "#81c784", "again": "#ffb74d", "different": "#ff5252"}


def spot_label(spot: Spot) -> str:
    return translate("Showdown", "Dealer") if spot == DEALER else translate("Showdown", "Box {0}").format(spot)


def _cards_html(cards: Sequence[Card], marked: set[Card], unreadable: int = 0) -> str:
    words = [f'<span style="{MARKED}">{card.code}</span>' if card in marked else card.code for card in cards]
    return " ".join(words + ["??"] * unreadable) or "—"


def _as_dealt(read: Sequence[Card], dealt: Sequence[Card]) -> list[Card]:
    """The cards read in the order the shoe dealt them, each card not dealt there in the place of a missing one,
    so that the two rows line up card by card."""
    strangers = [card for card in read if card not in dealt]
    return [card if card in read else strangers.pop(0) for card in dealt if card in read or strangers] + strangers


class ShowdownView(QFrame):
    """The camera's reading of one showdown against the shoe's record (`show_reading`), or nothing (`clear`)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("showdown_view")
        self.setStyleSheet(STYLE)
        self.grid = QGridLayout(self)
        self.grid.setContentsMargins(8, 4, 8, 4)
        self.grid.setHorizontalSpacing(16)
        self.grid.setVerticalSpacing(1)
        self.rows: dict[Spot, tuple[QLabel, QLabel, QLabel, QLabel]] = {}
        self._shown: tuple[ShowdownSeen, dict[Spot, tuple[Card, ...]]] | None = None
        self.title = QLabel(self)
        self.title.setObjectName("showdown_title")
        self.title.setStyleSheet("font-size:16px;font-weight:bold;color:#ffd54f")
        self.grid.addWidget(self.title, 0, 0, 1, 4)
        self.headers = [QLabel(self) for _ in range(4)]
        for column, header in enumerate(self.headers):
            header.setStyleSheet("font-size:13px;color:#bdbdbd")
            self.grid.addWidget(header, 1, column)
        self.grid.setColumnStretch(1, 1)
        self.grid.setColumnStretch(2, 1)

    def clear(self) -> None:
        for labels in self.rows.values():
            for label in labels:
                label.deleteLater()
        self.rows.clear()
        self.title.setText("")
        self._shown = None

    def show_reading(self, seen: ShowdownSeen, dealt: Mapping[Spot, Sequence[Card]]) -> None:
        """The reading `seen` of the showdown beside `dealt`, the shoe's record of each spot."""
        shown = (seen, {spot: tuple(cards) for spot, cards in dealt.items()})
        if shown == self._shown:
            return  # the console redraws after every event: the same reading stays as it is
        self.clear()
        self._shown = shown
        self.headers[0].setText(translate("Showdown", "Spot"))
        self.headers[1].setText(translate("Showdown", "The shoe dealt"))
        self.headers[2].setText(translate("Showdown", "The camera saw"))
        self.headers[3].setText(translate("Showdown", "Verdict"))
        readings = seen.readings()
        differences = seen.card_differences()
        asked = set(seen.spots_asked())
        if seen.switched:
            self.title.setText(translate("Showdown", "Camera at showdown: a card switched"))
        elif asked:
            self.title.setText(translate("Showdown", "Camera at showdown: show {0} again").format(
                ", ".join(spot_label(spot) for spot in sorted(asked, key=spot_order))))
        else:
            self.title.setText(translate("Showdown", "Camera at showdown: every card where the shoe dealt it"))
        for row, spot in enumerate(sorted({*dealt, *readings}, key=spot_order), start=2):
            here = [d for d in differences if d.spot == spot]
            strangers = {d.card for d in here if d.kind is Difference.NOT_DEALT_HERE}
            missing = {d.card for d in here if d.kind is Difference.MISSING}
            reading = readings.get(spot)
            verdict, colour = ((translate("Showdown", "DIFFERENT"), "different") if here else
                               (translate("Showdown", "show again"), "again") if spot in asked else
                               (translate("Showdown", "as dealt"), "same"))
            shoe = tuple(dealt.get(spot, ()))
            labels = (QLabel(spot_label(spot), self),
                      QLabel(_cards_html(shoe, missing), self),
                      QLabel(_cards_html(_as_dealt(reading.cards, shoe), strangers, reading.unreadable)
                             if reading is not None else translate("Showdown", "not read"), self),
                      QLabel(verdict, self))
            labels[3].setStyleSheet(f"font-weight:bold;color:{VERDICT_COLOURS[colour]}")
            for column, label in enumerate(labels):
                label.setObjectName(f"showdown_{spot}_{column}")
                label.setTextFormat(Qt.TextFormat.RichText if column in (1, 2) else Qt.TextFormat.PlainText)
                self.grid.addWidget(label, row, column)
            self.rows[spot] = labels

    def row_text(self, spot: Spot) -> tuple[str, ...]:
        """A spot's row as plain text (the tests read it)."""
        return tuple(re.sub(r"<[^>]+>", "", label.text()) for label in self.rows[spot])
