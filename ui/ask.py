"""A question to the dealer with a few big answers (close bets with a box filled in but not placed; close the
console mid-round): touch-sized buttons, Enter takes the first answer, Esc the last (going back)."""

from __future__ import annotations

from PySide6.QtWidgets import QDialog, QVBoxLayout, QWidget

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
