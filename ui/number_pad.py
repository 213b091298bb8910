"""The number pad for amounts on a touch screen: its keys type into the amount field that has focus (an ante, a
bonus, an insurance), ⌫ takes the last digit back, ⏎ is that field's Enter. Its keys never take focus, so the
field keeps it; the caption says which amount the pad is typing."""

from __future__ import annotations

from PySide6.QtWidgets import QApplication, QGridLayout, QVBoxLayout, QWidget

from ui.amount_field import AmountField
from ui.fit import TOUCH, FitButton, FitLabel
from ui.i18n import translate

KEYS = ("7", "8", "9", "4", "5", "6", "1", "2", "3", "⌫", "0", "⏎")
KEY_STYLE = ("QPushButton{font-size:22px;font-weight:bold;background:#37474f;color:white;border:2px solid #263238;"
             "border-radius:8px}QPushButton:pressed{background:#263238}"
             "QPushButton:disabled{background:#2a2a2a;color:#666;border:2px solid #222}")
ENTER_STYLE = KEY_STYLE.replace("#37474f", "#1565c0", 1)


class NumberPad(QWidget):
    """Keys for the amount field that has focus in this window; disabled while none has."""

    def __init__(self, parent: QWidget | None = None, *, key_height: int = TOUCH) -> None:
        super().__init__(parent)
        self.target: AmountField | None = None
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(4)
        self.caption = FitLabel(self, lines=1)
        self.caption.setObjectName("pad_caption")
        self.caption.setStyleSheet("font-size:15px;color:#ffe082")
        layout.addWidget(self.caption)
        grid = QGridLayout()
        grid.setSpacing(4)
        self.keys: dict[str, FitButton] = {}
        for index, key in enumerate(KEYS):
            button = FitButton(self, lines=1, height=key_height)
            button.setObjectName(f"pad_{_key_name(key)}")
            button.setText(key)
            button.setStyleSheet(ENTER_STYLE if key == "⏎" else KEY_STYLE)
            button.clicked.connect(lambda _=False, key=key: self.press(key))
            grid.addWidget(button, index // 3, index % 3)
            self.keys[key] = button
        layout.addLayout(grid)
        app = QApplication.instance()
        if isinstance(app, QApplication):
            app.focusChanged.connect(self._focus_changed)
        self.show_target()

    def press(self, key: str) -> None:
        field = self.target
        if field is None or not field.isEnabled():
            return
        if key == "⌫":
            field.backspace()
        elif key == "⏎":
            field.entered.emit()
        else:
            field.type_digit(key)

    def set_target(self, field: AmountField | None) -> None:
        self.target = field
        self.show_target()

    def show_target(self) -> None:
        field = self.target
        usable = field is not None and field.isEnabled() and field.isVisible()
        for button in self.keys.values():
            button.setEnabled(usable)
        if usable and field is not None:
            self.caption.setText(field.caption)
        else:
            self.caption.setText(translate("NumberPad", "Tap an amount to type it"))

    def _focus_changed(self, _old: QWidget | None, new: QWidget | None) -> None:
        if isinstance(new, AmountField) and new.window() is self.window():
            self.set_target(new)
        elif new is not None and new.window() is self.window():
            self.set_target(None)


def _key_name(key: str) -> str:
    return {"⌫": "back", "⏎": "enter"}.get(key, key)
