"""A question to the dealer with a few big answers (close bets with a box filled in but not placed; close the
console mid-round): touch-sized buttons, Enter takes the first answer, Esc the last (going back)."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QCoreApplication, QEvent, QObject, QTimer
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import QApplication, QDialog, QVBoxLayout, QWidget

from ui.fit import FitButton, FitLabel

STYLE = ("QDialog{background:#202020}QLabel{color:#f2f2f2}"
         "QPushButton{font-size:18px;font-weight:bold;border-radius:8px;background:#1565c0;color:white}"
         "QPushButton#answer_back{background:#455a64}")


class Question(QDialog):
    """`answer` is the name of the answer chosen, or the last one (going back) when closed with Esc."""

    def __init__(self, parent: QWidget | None, title: str, text: str, answers: list[tuple[str, str]], *,
                 lines: int = 4) -> None:
        super().__init__(parent)
        self.setObjectName("question")
        self.setWindowTitle(title)
        self.setStyleSheet(STYLE)
        self.setMinimumWidth(460)
        self.answer = answers[-1][0]
        layout = QVBoxLayout(self)
        label = FitLabel(self, lines=lines)
        label.setObjectName("question_text")
        label.setStyleSheet("font-size:17px")
        label.setText(text)
        label.setMinimumHeight(90)
        layout.addWidget(label)
        self.buttons: dict[str, FitButton] = {}
        for name, words in answers:
            button = FitButton(self, height=52)
            button.setObjectName(f"answer_{name}")
            button.setText(words)
            button.clicked.connect(lambda _=False, name=name: self._choose(name))
            layout.addWidget(button)
            self.buttons[name] = button
        first = self.buttons[answers[0][0]]
        first.setAutoDefault(True)
        first.setDefault(True)

    def _choose(self, name: str) -> None:
        self.answer = name
        self.accept()


def ask(parent: QWidget | None, title: str, text: str, answers: list[tuple[str, str]], *, lines: int = 4) -> str:
    """Ask and wait; the name of the answer chosen (Esc: the last, going back). `text` takes up to `lines` lines."""
    dialog = Question(parent, title, text, answers, lines=lines)
    try:
        dialog.exec()
        return dialog.answer
    finally:
        dialog.deleteLater()
        take_keyboard_back(parent)


def take_keyboard_back(parent: QWidget | None) -> None:
    """After a dialog, the console's window takes the keyboard again: a table PC without a window manager
    leaves it with nobody, and every key would be lost."""
    if parent is not None:
        parent.window().activateWindow()


class KeysAhead(QObject):
    """The keys pressed while a dialog was busy with its last Enter (a login checking the PIN), carried to the
    window behind it once that window has the keyboard. The system had sent them to the dialog, which had the
    keyboard then; left to arrive after it closed, they were dropped, and the dealer's next key was lost."""

    def __init__(self, dialog: QDialog) -> None:
        super().__init__()
        self.dialog = dialog
        self.keys: list[QKeyEvent] = []

    def gather(self) -> None:
        """Take in the keys already sent to the dialog, before it closes."""
        app = QApplication.instance()
        if app is None or self.dialog.windowHandle() is None:
            return
        app.installEventFilter(self)
        try:
            QCoreApplication.processEvents()
        finally:
            app.removeEventFilter(self)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() in (QEvent.Type.KeyPress, QEvent.Type.KeyRelease) and isinstance(event, QKeyEvent) \
                and watched is self.dialog.windowHandle():
            self.keys.append(QKeyEvent(event.type(), event.key(), event.modifiers(), event.text(),
                                       event.isAutoRepeat(), event.count()))
            return True
        return False

    def hand_to(self, window: QWidget, waited_ms: int = 0) -> None:
        """Press the keys on `window` once it is the active window (a moment after the dialog closed)."""
        if not self.keys:
            return
        if QApplication.activeWindow() is not window and waited_ms < KEYS_WAIT_MS:
            QTimer.singleShot(KEYS_STEP_MS, lambda: self.hand_to(window, waited_ms + KEYS_STEP_MS))
            return
        keys, self.keys = self.keys, []
        for key in keys:
            if window.isVisible():
                QApplication.sendEvent(window.focusWidget() or window, key)


KEYS_WAIT_MS, KEYS_STEP_MS = 1000, 10


def close_keeping_keys(dialog: QDialog, close: Callable[[], None]) -> None:
    """Close `dialog` (`close`: its QDialog.done), its parent's window taking the keyboard and the keys pressed
    meanwhile."""
    ahead = KeysAhead(dialog)
    ahead.gather()
    close()
    parent = dialog.parentWidget()
    if parent is not None:
        window = parent.window()
        window.activateWindow()
        ahead.hand_to(window)
