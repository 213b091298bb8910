"""A field for an amount of chips (an ante, a bonus, an insurance): it takes digits only and sends exactly what was
typed. It never clamps, rounds or fills in a value: an amount out of range is the engine's to refuse, with the
range, and the field keeps what the dealer typed so it can be corrected.

Only digits and editing keys reach it: every other key (P, C, I, B, Space...) is left to the window's shortcuts,
so an action key acts whatever has focus. Enter is the field's own action (`entered`)."""

from __future__ import annotations

from PySide6.QtCore import QEvent, QRegularExpression, Qt, QTimer, Signal
from PySide6.QtGui import (
    QFocusEvent,
    QFont,
    QFontMetrics,
    QKeyEvent,
    QKeySequence,
    QRegularExpressionValidator,
    QResizeEvent,
)
from PySide6.QtWidgets import QLineEdit, QSizePolicy, QWidget

from ui.fit import TOUCH

MOST_DIGITS = 9  # a billion chips: more than any table's limit, never a typing limit a dealer meets
LARGEST_PX, SMALLEST_PX = 19, 11  # the amount's type: as large as the field lets it be, down to this
FRAME_PX = 2 * (6 + 3) + 4  # padding and the focused border on both sides, and the line edit's own margins
EDITING_KEYS = {Qt.Key.Key_Backspace, Qt.Key.Key_Delete, Qt.Key.Key_Left, Qt.Key.Key_Right, Qt.Key.Key_Home,
                Qt.Key.Key_End, Qt.Key.Key_Return, Qt.Key.Key_Enter}
# The font is the field's own (set in code, not here): it shrinks for an amount that would not fit at 19 px.
FIELD_STYLE = ("QLineEdit{background:#f7f7f2;color:#111;border:2px solid #5a5a5a;"
               "border-radius:6px;padding:0 6px}QLineEdit:focus{border:3px solid #ffb300;background:#fffbe6}"
               "QLineEdit:read-only{background:#c5cfc6;color:#1d2b1f;border:2px solid #7a8a7c}"
               "QLineEdit:disabled{background:#2a2a2a;color:#9a9a9a;border:2px solid #333}")


class AmountField(QLineEdit):
    """`value()` is the whole number typed, or None when the field is empty. `caption` says what the amount is
    for ("Ante, box 3"), for the number pad and the screen reader."""

    entered = Signal()

    def __init__(self, caption: str = "", parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.caption = caption
        self.setValidator(QRegularExpressionValidator(QRegularExpression(rf"\d{{0,{MOST_DIGITS}}}"), self))
        self.setAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        self.setStyleSheet(FIELD_STYLE)
        self.setFixedHeight(TOUCH)
        self.setMinimumWidth(TOUCH)
        self.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Fixed)
        self.setFocusPolicy(Qt.FocusPolicy.ClickFocus)  # Tab and arrows never wander into it: a tap or a key does
        self.returnPressed.connect(self.entered)
        self.textChanged.connect(self._fit_text)
        self._fit_text()

    def _fit_text(self) -> None:
        """The amount read whole: the type shrinks until the digits fit the field (a narrow box's 10000 would
        otherwise scroll its first digit out of sight and read "0000")."""
        font = QFont(self.font())
        font.setBold(True)
        text = self.text() or "0"
        for px in range(LARGEST_PX, SMALLEST_PX - 1, -1):
            font.setPixelSize(px)
            if QFontMetrics(font).horizontalAdvance(text) <= text_room(self):
                break
        if font != self.font():
            self.setFont(font)

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self._fit_text()

    def value(self) -> int | None:
        text = self.text().strip()
        return int(text) if text.isdigit() else None

    def set_value(self, value: int | None) -> None:
        self.setText("" if value is None else str(value))

    def set_caption(self, caption: str) -> None:
        self.caption = caption
        self.setAccessibleName(caption)

    def type_digit(self, digit: str) -> None:
        """A digit from the number pad, as if typed at the cursor."""
        if self.isEnabled() and not self.isReadOnly():
            self.insert(digit)

    def event(self, event: QEvent) -> bool:
        if event.type() == QEvent.Type.ShortcutOverride and isinstance(event, QKeyEvent):
            if _is_digit(event) or event.key() in EDITING_KEYS or event.matches(QKeySequence.StandardKey.SelectAll):
                event.accept()  # the field's own key: no shortcut takes it
                return True
            event.ignore()  # an action key: the window's shortcut acts
            return False
        return super().event(event)

    def keyPressEvent(self, event: QKeyEvent) -> None:
        if _is_digit(event) or event.key() in EDITING_KEYS or event.matches(QKeySequence.StandardKey.SelectAll):
            super().keyPressEvent(event)
        else:
            event.ignore()  # never typed in: letters are actions, and an amount holds digits only

    def focusInEvent(self, event: QFocusEvent) -> None:
        """The whole amount is selected as the field takes focus: what the dealer types next replaces it (a tap
        would otherwise put the cursor at its end, and the digits typed would be added to the old amount)."""
        super().focusInEvent(event)
        QTimer.singleShot(0, self.selectAll)


def text_room(field: QLineEdit) -> int:
    """The pixels an amount's digits have in the field."""
    return field.width() - FRAME_PX


def _is_digit(event: QKeyEvent) -> bool:
    return len(event.text()) == 1 and event.text().isdigit()
