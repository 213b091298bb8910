"""The dealer's action buttons: one per kind of command, enabled exactly when the engine lists it in
`legal_commands`; a disabled button's tooltip is the engine's `verify` reason. Each has a keyboard shortcut."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from PySide6.QtCore import QCoreApplication, Qt
from PySide6.QtGui import QKeySequence, QShortcut
from PySide6.QtWidgets import QGridLayout, QHBoxLayout, QLabel, QPushButton, QSpinBox, QWidget

COLUMNS = 4
BUTTON_STYLE = ("QPushButton{font-size:19px;font-weight:bold;min-height:58px;padding:4px 14px;border-radius:8px;"
                "background:#2e7d32;color:white;border:2px solid #1b4d1e}"
                "QPushButton:disabled{background:#3a3a3a;color:#8a8a8a;border:2px solid #2a2a2a}"
                "QPushButton:pressed{background:#1b5e20}")


@dataclass(frozen=True)
class ActionSpec:
    kind: str
    key: str

    def label(self) -> str:
        return {
            "card": QCoreApplication.translate("Actions", "Draw card"),
            "close_bets": QCoreApplication.translate("Actions", "Close bets"),
            "fold": QCoreApplication.translate("Actions", "Fold"),
            "bet": QCoreApplication.translate("Actions", "Bet"),
            "buy": QCoreApplication.translate("Actions", "Buy 6th card"),
            "exchange": QCoreApplication.translate("Actions", "Exchange"),
            "insure": QCoreApplication.translate("Actions", "Insure"),
            "reveal": QCoreApplication.translate("Actions", "Reveal dealer"),
            "buy_game": QCoreApplication.translate("Actions", "Buy a game"),
            "take_ante": QCoreApplication.translate("Actions", "Take the ante"),
            "close_buying": QCoreApplication.translate("Actions", "Close buying"),
        }[self.kind]


ACTIONS = (
    ActionSpec("card", "D"), ActionSpec("close_bets", "C"), ActionSpec("fold", "F"), ActionSpec("bet", "B"),
    ActionSpec("buy", "S"), ActionSpec("exchange", "X"), ActionSpec("insure", "I"), ActionSpec("reveal", "R"),
    ActionSpec("buy_game", "G"), ActionSpec("take_ante", "A"), ActionSpec("close_buying", "U"),
)


class ActionPanel(QWidget):
    """The buttons; `on_action(kind)` is called when one is pressed (by click or by its key)."""

    def __init__(self, on_action: Callable[[str], None], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.on_action = on_action
        grid = QGridLayout(self)
        grid.setSpacing(8)
        self.buttons: dict[str, QPushButton] = {}
        self.shortcuts: dict[str, QShortcut] = {}
        for i, spec in enumerate(ACTIONS):
            button = QPushButton(self)
            button.setObjectName(f"action_{spec.kind}")
            button.setStyleSheet(BUTTON_STYLE)
            button.setFocusPolicy(Qt.FocusPolicy.NoFocus)
            button.clicked.connect(lambda _=False, kind=spec.kind: self._pressed(kind))
            self.buttons[spec.kind] = button
            if spec.kind == "insure":
                holder = QWidget(self)
                row = QHBoxLayout(holder)
                row.setContentsMargins(0, 0, 0, 0)
                self.insurance = QSpinBox(holder)
                self.insurance.setObjectName("insurance_amount")
                self.insurance.setStyleSheet("font-size:19px;min-height:54px;min-width:110px")
                self.insurance.setGroupSeparatorShown(True)
                self.insurance_range = QLabel(holder)
                self.insurance_range.setStyleSheet("font-size:14px")
                row.addWidget(button, 1)
                row.addWidget(self.insurance)
                row.addWidget(self.insurance_range)
                grid.addWidget(holder, i // COLUMNS, i % COLUMNS)
            else:
                grid.addWidget(button, i // COLUMNS, i % COLUMNS)
            shortcut = QShortcut(QKeySequence(spec.key), self)
            shortcut.setContext(Qt.ShortcutContext.WindowShortcut)
            shortcut.activated.connect(lambda kind=spec.kind: self._pressed(kind))
            self.shortcuts[spec.kind] = shortcut
        for column in range(COLUMNS):
            grid.setColumnStretch(column, 1)

    def set_action(self, kind: str, *, visible: bool, enabled: bool, text: str, why_not: str) -> None:
        button = self.buttons[kind]
        button.setHidden(not visible)
        key = self.shortcuts[kind].key().toString()
        button.setText(f"{text}  [{key}]")
        button.setEnabled(enabled)
        button.setToolTip("" if enabled else why_not)
        if kind == "insure":
            self.insurance.setEnabled(enabled)

    def _pressed(self, kind: str) -> None:
        button = self.buttons[kind]
        if button.isEnabled() and not button.isHidden():
            self.on_action(kind)
