"""The layout as the dealer sees it: the dealer's hand above, the boxes in table order below (box 1 on the
dealer's left). A box shows its stake form while bets are open; then its stakes, its cards (face down until
public), its state and, at the showdown, its hand and result. The dealer's panel tells, after a bought game,
which card he took away and why a card of the same rank is replaced again (R-BUY-1, R-BUY-3).

Every panel has a fixed height: cards arriving, a box acting or a longer text never move anything on screen.
Widgets only draw what `ui.visibility` allows; they hold no rule."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QEvent, QSize, Qt
from PySide6.QtGui import QFontMetrics, QResizeEvent
from PySide6.QtWidgets import (
    QFrame,
    QHBoxLayout,
    QPushButton,
    QSizePolicy,
    QStackedWidget,
    QVBoxLayout,
    QWidget,
)

from controller.core.rules import DealerRedraw
from controller.engine import BoxState, Phase, RoundState
from controller.engine.queries import highest_card
from controller.engine.state import dealer_qualifies
from controller.engine.strength import hand_payout
from drivers.cards import Card
from ui import visibility
from ui.bet_panel import StakeEditor
from ui.fit import FitLabel, fixed_width
from ui.format import amount, card_face, is_red, signed_amount
from ui.i18n import translate
from ui.restyle import set_style_property
from ui.words import hand_words, settled_words

MAX_CARDS = 6
CARD_SIZE = (44, 58)
BORDER, ACTIVE_BORDER = 2, 4  # a box's frame, and the frame of the box whose turn it is (px)
TITLE_HEIGHT = 34  # the box and its player; its stakes on up to two lines beside them
BODY_HEIGHT = 92  # the stake form's two rows of touch-sized controls; the cards and a state line fit in it too
BOX_HEIGHT = TITLE_HEIGHT + BODY_HEIGHT + 14
TITLE_SHARE = 1 / 3  # of a box's width at most, for its title (a long name wraps or shrinks); its stakes need the rest
DEALER_HEIGHT = CARD_SIZE[1] + 14
BOX_STYLE = (f"BoxPanel{{border:{BORDER}px solid #3d6b45;border-radius:10px;background:#12301a}}"
             f"BoxPanel[active=\"true\"]{{border:{ACTIVE_BORDER}px solid #ffb300;background:#183a1f}}"
             "QLabel{color:#f2f2f2}")
CARD_STYLE_BACK = ("QPushButton{background:#1f3f8f;color:#c9d6ff;border:2px solid #0d1f4d;border-radius:6px;"
                   "font-size:17px;font-weight:bold}"
                   "QPushButton:checked{background:#d98c00;color:#1a1a1a;border:3px solid #fff2b3}")
CARD_STYLE_FACE = ("QPushButton{background:#fbfbf6;color:%s;border:2px solid #444;border-radius:6px;"
                   "font-size:%dpx;font-weight:bold;padding:0}")


class CardWidget(QPushButton):
    """One card place: face down (showing only its position, 1-6 in deal order) or face up."""

    def __init__(self, position: int, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.position = position
        self.setFixedSize(*CARD_SIZE)
        self.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self._shown: tuple[Card | None, bool] | None = None
        self._card: Card | None = None
        self.show_card(None)

    def changeEvent(self, event: QEvent) -> None:
        """The language changed: a face-down card is named again in it."""
        if event.type() == QEvent.Type.LanguageChange:
            self._shown = None
            self.show_card(self._card)
        super().changeEvent(event)

    def show_card(self, card: Card | None) -> None:
        key = (card, self.isCheckable())
        if key == self._shown:
            return
        self._shown = key
        self._card = card
        if card is None:
            self.setText(str(self.position))
            self.setStyleSheet(CARD_STYLE_BACK)
            self.setAccessibleName(self.tr("face-down card {0}").format(self.position))
        else:
            self.setChecked(False)
            face = card_face(card)
            self.setText(face)
            size = 19 if len(face) == 2 else 16  # "10♥" in the same width as "Q♥"
            self.setStyleSheet(CARD_STYLE_FACE % ("#c00000" if is_red(card) else "#111111", size))
            self.setAccessibleName(face)


class CardRow(QWidget):
    """A hand's cards side by side, left to right in deal order. The row takes the width its box has and asks for
    none: where six cards do not fit side by side they overlap a little, each still showing its corner, so a box
    that takes a sixth card never grows and no box on the screen moves."""

    GAP = 3

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.cards = [CardWidget(i + 1, self) for i in range(MAX_CARDS)]  # the later one drawn over the earlier
        self.setFixedHeight(CARD_SIZE[1])
        self.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Fixed)
        self.on_toggle: Callable[[], None] | None = None
        for widget in self.cards:
            widget.toggled.connect(self._toggled)

    def sizeHint(self) -> QSize:
        return QSize(5 * (CARD_SIZE[0] + self.GAP), CARD_SIZE[1])

    def show_cards(self, cards: list[Card | None]) -> None:
        for i, widget in enumerate(self.cards):
            widget.setVisible(i < len(cards))
            # an unused place is turned face down too: no old face may linger in a hidden widget
            widget.show_card(cards[i] if i < len(cards) else None)
        self._place()

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self._place()

    def _place(self) -> None:
        shown = [w for w in self.cards if not w.isHidden()]
        step = CARD_SIZE[0] + self.GAP
        if len(shown) > 1:
            step = max(CARD_SIZE[0] // 2, min(step, (self.width() - CARD_SIZE[0]) // (len(shown) - 1)))
        for index, widget in enumerate(shown):
            widget.move(index * step, 0)

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


class BoxTitle(FitLabel):
    """A box and its player: as wide as its words (up to TITLE_SHARE of the box), the rest of the row to the
    box's stakes, which take up to five amounts (longer in Russian)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent, lines=2)
        self.setSizePolicy(QSizePolicy.Policy.Maximum, QSizePolicy.Policy.Fixed)

    def setText(self, text: str) -> None:
        if text != self.text():
            super().setText(text)
            self.updateGeometry()
            box = self.parentWidget()
            if box is not None and box.layout() is not None:
                box.layout().activate()  # the title row laid out again now: nothing is drawn in the old widths

    def sizeHint(self) -> QSize:
        words = QFontMetrics(self.font()).horizontalAdvance(self.text()) + 4
        box = self.parentWidget()
        most = int(box.width() * TITLE_SHARE) if box is not None else words
        return QSize(min(words, most), super().sizeHint().height())


class BoxPanel(QFrame):
    """One box: a title row (the box, its player, and its stakes or the form's state), then either the stake
    form or the cards with the box's state."""

    def __init__(self, number: int, editor: StakeEditor, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.number = number
        self.setObjectName(f"box{number}")
        self.setFixedHeight(BOX_HEIGHT)
        # Its sheet before its widgets: set after, it styles every one of them again (the form, the six cards).
        # Once: the box to act is told by a property, never by another sheet.
        self.setStyleSheet(BOX_STYLE)
        layout = self._layout = QVBoxLayout(self)
        layout.setSpacing(2)
        title_row = QHBoxLayout()
        title_row.setSpacing(6)
        self.title = BoxTitle(self)
        self.title.setStyleSheet("font-size:17px;font-weight:bold")
        self.stakes = FitLabel(self, lines=2, align=Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        self.stakes.setObjectName(f"box{number}_stakes")
        self.stakes.setStyleSheet("font-size:14px")
        for label in (self.title, self.stakes):
            label.setFixedHeight(TITLE_HEIGHT)
        title_row.addWidget(self.title)
        title_row.addWidget(self.stakes, 1)
        layout.addLayout(title_row)
        self.body = QStackedWidget(self)
        self.body.setFixedHeight(BODY_HEIGHT)
        play = QWidget(self.body)
        play_layout = QVBoxLayout(play)
        play_layout.setContentsMargins(0, 0, 0, 0)
        play_layout.setSpacing(4)
        self.cards = CardRow(play)
        self.state_line = FitLabel(play, lines=2)
        self.state_line.setStyleSheet("font-size:15px")
        self.state_line.setFixedHeight(BODY_HEIGHT - CARD_SIZE[1] - 4)  # one line, or two in a smaller font
        play_layout.addWidget(self.cards)
        play_layout.addWidget(self.state_line)
        play_layout.addStretch(1)
        self.editor = editor
        editor.setParent(self.body)
        self.body.addWidget(play)
        self.body.addWidget(editor)
        layout.addWidget(self.body)
        self.show_box(None, None, active=False)

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self.title.updateGeometry()  # its share of the title row follows the box's width

    def show_stake_form(self, *, active: bool) -> None:
        """Bets are open: the box's stake form, its state in the title row."""
        self._frame(active)
        player = self.editor.player_name
        self.title.setText(translate("BoxPanel", "Box {0}").format(self.number) + (f" · {player}" if player else ""))
        self.stakes.setText(self.editor.status())
        self.body.setCurrentIndex(1)

    def show_box(self, state: RoundState | None, box: BoxState | None, *, active: bool, net: int | None = None) -> None:
        """The box as dealt and played; `net`: what its payment comes to with a pit boss's adjustments, once
        settled (the settlement's own net when not given)."""
        self.body.setCurrentIndex(0)
        player = f" · {box.player}" if box is not None and box.player else ""
        self.title.setText(translate("BoxPanel", "Box {0}").format(self.number) + player)
        self._frame(active)
        if state is None or box is None:
            self.stakes.setText(translate("BoxPanel", "no stakes"))
            self.cards.show_cards([])
            self.state_line.setText("")
            return
        self.stakes.setText(self._stakes_text(box))
        self.cards.show_cards(visibility.box_cards(state, self.number))
        self.state_line.setText(self._state_text(state, box, net))

    def _frame(self, active: bool) -> None:
        # Only the panel's own frame is styled again: a new sheet would restyle every widget in the box (its form,
        # its six cards), some 10 ms each time the turn moves on.
        if not set_style_property(self, "active", active):
            return
        # The box's thicker frame when it is the one to act takes its width from the margins inside it: the
        # title, the cards and the form stay where they were, to the pixel.
        inside = ACTIVE_BORDER - (ACTIVE_BORDER if active else BORDER)
        self._layout.setContentsMargins(6 + inside, 4 + inside, 6 + inside, 4 + inside)
        self.update()

    def _stakes_text(self, box: BoxState) -> str:
        parts = [translate("BoxPanel", "Ante {0}").format(amount(box.ante))]
        if box.bet:
            parts.append(translate("BoxPanel", "Bet {0}").format(amount(box.bet)))
        if box.bonus:
            parts.append(translate("BoxPanel", "Bonus {0}").format(amount(box.bonus)))
        if box.jackpot:
            parts.append(translate("BoxPanel", "Jackpot {0}").format(amount(box.jackpot)))
        if box.draw_paid and box.bought_sixth:
            parts.append(translate("BoxPanel", "6th card {0}").format(amount(box.draw_paid)))
        elif box.draw_paid:
            parts.append(translate("BoxPanel", "Exchange {0}").format(amount(box.draw_paid)))
        if box.insurance:
            parts.append(translate("BoxPanel", "Insurance {0}").format(amount(box.insurance)))
        if box.buy_paid:
            parts.append(translate("BoxPanel", "Game bought {0}").format(amount(box.buy_paid)))
        return " · ".join(parts)

    def _state_text(self, state: RoundState, box: BoxState, net: int | None = None) -> str:
        if box.settlement is not None:
            return settled_words(box) + f"  {signed_amount(box.settlement.net if net is None else net)}"
        if box.folded:
            return translate("BoxPanel", "folded")
        shown = visibility.box_cards(state, self.number)
        if box.cards and all(card is not None for card in shown) and len(box.cards) >= 5:
            return hand_words(box.cards, hand_payout(box.cards, state.rules.pays).paid)
        if box.blind:
            return translate("BoxPanel", "blind")
        if box.bet:
            return translate("BoxPanel", "bet placed")
        if box.pending_cards:
            due = box.pending_cards  # a plain name: pyside6-lupdate finds a count's string only so
            return translate("BoxPanel", "waiting for %n card(s)", None, due)
        if state.turn == self.number:
            return translate("BoxPanel", "to act")
        return ""


class DealerPanel(QFrame):
    """The dealer's cards, his hand once shown, and the story of a bought game: which card he took away, what
    came, and why he replaces again."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("dealer")
        self.setFixedHeight(DEALER_HEIGHT)
        self.setStyleSheet("DealerPanel{border:2px solid #6b5d3d;border-radius:10px;background:#2b2413}"
                           "QLabel{color:#f2f2f2}")
        layout = QHBoxLayout(self)
        layout.setContentsMargins(8, 5, 8, 5)
        self.title = FitLabel(self)
        fixed_width(self.title, 84)
        self.title.setStyleSheet("font-size:17px;font-weight:bold")
        self.cards = CardRow(self)
        fixed_width(self.cards, MAX_CARDS * (CARD_SIZE[0] + 3))
        words = QVBoxLayout()
        words.setSpacing(0)
        self.hand = FitLabel(self)
        self.hand.setObjectName("dealer_hand")
        self.hand.setStyleSheet("font-size:16px;font-weight:bold")
        self.story = FitLabel(self, lines=2)
        self.story.setObjectName("dealer_draw_story")
        self.story.setStyleSheet("font-size:14px;color:#ffe082")
        words.addWidget(self.hand)
        words.addWidget(self.story)
        words.addStretch(1)
        layout.addWidget(self.title)
        layout.addWidget(self.cards)
        layout.addLayout(words, 1)

    def show_dealer(self, state: RoundState | None) -> None:
        self.title.setText(translate("DealerPanel", "Dealer"))
        if state is None:
            self.cards.show_cards([])
            self.hand.setText("")
            self.story.setText("")
            return
        self.cards.show_cards(visibility.dealer_cards(state))
        if visibility.dealer_revealed(state) and len(state.dealer) >= 5:
            if dealer_qualifies(state):
                qualified = translate("DealerPanel", "qualifies")
            else:
                qualified = translate("DealerPanel", "does not qualify")
            self.hand.setText(hand_words(state.dealer) + " — " + qualified)
        else:
            self.hand.setText("")
        self.story.setText(draw_story(state))


def draw_story(state: RoundState) -> str:
    """R-BUY-1, R-BUY-3 in words: each card the dealer took away and what replaced it, why he replaces again,
    and, while a card is due, which card goes next. Empty when no game was bought."""
    if state.phase is not Phase.DEALER_DRAW and not state.dealer_draws:
        return ""
    # Each card taken away and the one that came, then why he replaced again, said once: said at every step, it
    # no longer fitted two lines at 1024 or 1366 px.
    replaced = list(zip(state.dealer_discards, state.dealer_draws, strict=False))
    steps = [", ".join(f"{card_face(taken)} → {card_face(came)}" for taken, came in replaced)] if replaced else []
    if len(replaced) > 1 or (replaced and state.dealer_pending):
        steps.append(_again_reason(state))
    if state.dealer_pending and state.dealer:
        steps.append(translate("DealerPanel", "now takes away his highest card, {0}, for the next card").format(
            card_face(highest_card(state.dealer))))
    story = "; ".join(steps)
    return translate("DealerPanel", "Game bought: {0}.").format(story) if story else ""


def _again_reason(state: RoundState) -> str:
    """Why the dealer replaces his highest card again, as the house rules say (R-BUY-3)."""
    redraw = state.rules.buy_game.redraw
    if redraw == DealerRedraw.WHILE_UNCHANGED:
        return translate("DealerPanel", "same rank: his hand is unchanged, so he replaces again, free — R-BUY-3")
    if redraw == DealerRedraw.UNTIL_QUALIFIES_SINGLE_BOX:
        return translate("DealerPanel", "one box in play: he replaces until he qualifies — R-BUY-3")
    return translate("DealerPanel", "he still does not qualify: he replaces again — R-BUY-3")
