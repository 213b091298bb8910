"""The layout as the dealer sees it: the dealer's hand above, the boxes in table order below (box 1 on the
dealer's left), each with its stakes, its cards (face down until public), its state and, at the showdown, its
hand. Widgets only draw what `ui.visibility` allows; they hold no rule."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QFrame, QHBoxLayout, QLabel, QPushButton, QSizePolicy, QVBoxLayout, QWidget

from controller.core.cards import Card
from controller.engine import BoxState, RoundState
from controller.engine.state import dealer_qualifies
from controller.engine.strength import hand_value
from ui import visibility
from ui.format import amount, card_face, is_red, signed_amount
from ui.words import hand_name, outcome_name

MAX_CARDS = 6
CARD_STYLE_BACK = ("QPushButton{background:#1f3f8f;color:#c9d6ff;border:2px solid #0d1f4d;border-radius:8px;"
                   "font-size:18px;font-weight:bold}"
                   "QPushButton:checked{background:#d98c00;color:#1a1a1a;border:3px solid #fff2b3}")
CARD_STYLE_FACE = ("QPushButton{background:#fbfbf6;color:%s;border:2px solid #444;border-radius:8px;"
                   "font-size:30px;font-weight:bold}")


class CardWidget(QPushButton):
    """One card place: face down (showing only its position, 1-6 in deal order) or face up."""

    def __init__(self, position: int, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.position = position
        self.setFixedSize(70, 98)
        self.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self._shown: tuple[Card | None, bool] | None = None
        self.show_card(None)

    def show_card(self, card: Card | None) -> None:
        key = (card, self.isCheckable())
        if key == self._shown:
            return
        self._shown = key
        if card is None:
            self.setText(str(self.position))
            self.setStyleSheet(CARD_STYLE_BACK)
            self.setAccessibleName(self.tr("face-down card {0}").format(self.position))
        else:
            self.setChecked(False)
            self.setText(card_face(card))
            self.setStyleSheet(CARD_STYLE_FACE % ("#c00000" if is_red(card) else "#111111"))
            self.setAccessibleName(card_face(card))


class CardRow(QWidget):
    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        row = QHBoxLayout(self)
        row.setContentsMargins(0, 0, 0, 0)
        row.setSpacing(4)
        self.cards = [CardWidget(i + 1, self) for i in range(MAX_CARDS)]
        for widget in self.cards:
            row.addWidget(widget)
        row.addStretch(1)
        self.on_toggle: Callable[[], None] | None = None
        for widget in self.cards:
            widget.toggled.connect(self._toggled)

    def show_cards(self, cards: list[Card | None]) -> None:
        for i, widget in enumerate(self.cards):
            widget.setVisible(i < len(cards))
            # an unused place is turned face down too: no old face may linger in a hidden widget
            widget.show_card(cards[i] if i < len(cards) else None)

    def set_selectable(self, selectable: bool) -> None:
        for widget in self.cards:
            if widget.isCheckable() != selectable:
                if not selectable:
                    widget.setChecked(False)
                widget.setCheckable(selectable)
                widget._shown = None

    def selected_positions(self) -> list[int]:
        return [w.position for w in self.cards if not w.isHidden() and w.isChecked()]

    def toggle(self, position: int) -> None:
        widget = self.cards[position - 1]
        if widget.isCheckable() and not widget.isHidden():
            widget.setChecked(not widget.isChecked())

    def _toggled(self, _checked: bool) -> None:
        if self.on_toggle is not None:
            self.on_toggle()


class BoxPanel(QFrame):
    """One box: title, stakes, cards, state and (when public) hand and result."""

    def __init__(self, number: int, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.number = number
        self.setObjectName(f"box{number}")
        self.setFrameShape(QFrame.Shape.StyledPanel)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Preferred)
        layout = QVBoxLayout(self)
        layout.setSpacing(4)
        self.title = QLabel(self)
        self.title.setStyleSheet("font-size:20px;font-weight:bold")
        self.stakes = QLabel(self)
        self.stakes.setWordWrap(True)
        self.stakes.setStyleSheet("font-size:15px")
        self.cards = CardRow(self)
        self.state_line = QLabel(self)
        self.state_line.setWordWrap(True)
        self.state_line.setStyleSheet("font-size:16px")
        for widget in (self.title, self.stakes, self.cards, self.state_line):
            layout.addWidget(widget)
        layout.addStretch(1)
        self._style = ""
        self.show_box(None, None, active=False)

    def show_box(self, state: RoundState | None, box: BoxState | None, *, active: bool) -> None:
        player = f" · {box.player}" if box is not None and box.player else ""
        self.title.setText(self.tr("Box {0}").format(self.number) + player)
        style = ("BoxPanel{border:4px solid #ffb300;border-radius:10px;background:#183a1f}" if active else
                 "BoxPanel{border:2px solid #3d6b45;border-radius:10px;background:#12301a}")
        if style != self._style:
            self._style = style
            self.setStyleSheet(style + "QLabel{color:#f2f2f2}")
        if state is None or box is None:
            self.stakes.setText(self.tr("no stakes"))
            self.cards.show_cards([])
            self.state_line.setText("")
            return
        self.stakes.setText(self._stakes_text(box))
        self.cards.show_cards(visibility.box_cards(state, self.number))
        self.state_line.setText(self._state_text(state, box))

    def _stakes_text(self, box: BoxState) -> str:
        parts = [self.tr("Ante {0}").format(amount(box.ante))]
        if box.bet:
            parts.append(self.tr("Bet {0}").format(amount(box.bet)))
        if box.bonus:
            parts.append(self.tr("Bonus {0}").format(amount(box.bonus)))
        if box.draw_paid:
            parts.append(self.tr("Draw {0}").format(amount(box.draw_paid)))
        if box.insurance:
            parts.append(self.tr("Insurance {0}").format(amount(box.insurance)))
        if box.buy_paid:
            parts.append(self.tr("Game bought {0}").format(amount(box.buy_paid)))
        return " · ".join(parts)

    def _state_text(self, state: RoundState, box: BoxState) -> str:
        if box.settlement is not None:
            settled = box.settlement
            words = outcome_name(settled.outcome)
            if settled.outcome not in ("fold", "void"):
                words = hand_name(settled.best) + " — " + words
            return words + f"  {signed_amount(settled.net)}"
        if box.folded:
            return self.tr("folded")
        shown = visibility.box_cards(state, self.number)
        if box.cards and all(card is not None for card in shown) and len(box.cards) >= 5:
            return hand_name(hand_value(box.cards).category)
        if box.blind:
            return self.tr("blind")
        if box.bet:
            return self.tr("bet placed")
        if box.pending_cards:
            return self.tr("waiting for {0} card(s)").format(box.pending_cards)
        if state.turn == self.number:
            return self.tr("to act")
        return ""


class DealerPanel(QFrame):
    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("dealer")
        self.setStyleSheet("DealerPanel{border:2px solid #6b5d3d;border-radius:10px;background:#2b2413}"
                           "QLabel{color:#f2f2f2}")
        layout = QHBoxLayout(self)
        self.title = QLabel(self)
        self.title.setStyleSheet("font-size:20px;font-weight:bold")
        self.cards = CardRow(self)
        self.hand = QLabel(self)
        self.hand.setStyleSheet("font-size:18px")
        layout.addWidget(self.title)
        layout.addWidget(self.cards, 1)
        layout.addWidget(self.hand)

    def show_dealer(self, state: RoundState | None) -> None:
        self.title.setText(self.tr("Dealer"))
        if state is None:
            self.cards.show_cards([])
            self.hand.setText("")
            return
        self.cards.show_cards(visibility.dealer_cards(state))
        if visibility.dealer_revealed(state) and len(state.dealer) >= 5:
            qualified = self.tr("qualifies") if dealer_qualifies(state) else self.tr(
                "does not qualify")
            self.hand.setText(hand_name(hand_value(state.dealer).category) + " — " + qualified)
        else:
            self.hand.setText("")
