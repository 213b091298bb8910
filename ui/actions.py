"""The dealer's action buttons. Each kind of action has a fixed place and a key: nothing moves when cards arrive
or a box acts, and an action the house rules do not have leaves its place empty. A button is enabled exactly
when the engine would accept its command; a disabled button's tooltip is the engine's reason.

While bets are open the places of the box decisions hold the stake actions (place, withdraw, repeat last bets);
R repeats the last bets then, and reveals the dealer's hand once the deal is done. An armed money action (see
`ui.confirm`) shows what its second press will do on the button itself."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from PySide6.QtCore import Qt
from PySide6.QtGui import QKeySequence, QShortcut
from PySide6.QtWidgets import QGridLayout, QHBoxLayout, QWidget

from ui.amount_field import AmountField
from ui.fit import FitButton, keep_place
from ui.i18n import translate

ROWS, COLUMNS = 3, 4
BUTTON_HEIGHT = 56
BUTTON_STYLE = ("QPushButton{font-size:18px;font-weight:bold;padding:2px 6px;border-radius:8px;"
                "background:#2e7d32;color:white;border:2px solid #1b4d1e}"
                "QPushButton:disabled{background:#3a3a3a;color:#8a8a8a;border:2px solid #2a2a2a}"
                "QPushButton:pressed{background:#1b5e20}")
ARMED_STYLE = BUTTON_STYLE.replace("background:#2e7d32;color:white;border:2px solid #1b4d1e",
                                   "background:#ef6c00;color:white;border:3px solid #ffe0b2", 1)
SWITCH_STYLE = BUTTON_STYLE.replace("#2e7d32", "#37474f", 1).replace("font-size:18px", "font-size:15px", 1)

BETTING, PLAY = "betting", "play"


@dataclass(frozen=True)
class ActionSpec:
    kind: str  # the engine's action word, or "repeat_stakes"
    key: str
    row: int
    column: int
    stage: str | None = None  # shown only while bets are open (BETTING) or after (PLAY); None: always
    span: int = 1

    def label(self) -> str:
        return {
            "card": translate("Actions", "Draw card"),
            "close_bets": translate("Actions", "Close bets"),
            "place_stakes": translate("Actions", "Place stakes"),
            "withdraw_stakes": translate("Actions", "Withdraw stakes"),
            "repeat_stakes": translate("Actions", "Repeat last bets"),
            "fold": translate("Actions", "Fold"),
            "bet": translate("Actions", "Bet"),
            "buy": translate("Actions", "Buy 6th card"),
            "exchange": translate("Actions", "Exchange"),
            "insure": translate("Actions", "Insure"),
            "reveal": translate("Actions", "Reveal dealer"),
            "buy_game": translate("Actions", "Buy a game"),
            "take_ante": translate("Actions", "Take the ante"),
            "close_buying": translate("Actions", "Close buying"),
        }[self.kind]


ACTIONS = (
    ActionSpec("card", "D", 0, 0),
    ActionSpec("close_bets", "C", 0, 1),
    ActionSpec("repeat_stakes", "R", 0, 2, BETTING),
    ActionSpec("reveal", "R", 0, 2, PLAY),
    ActionSpec("close_buying", "U", 0, 3, PLAY),
    ActionSpec("place_stakes", "P", 1, 0, BETTING, span=2),
    ActionSpec("withdraw_stakes", "W", 1, 2, BETTING),
    ActionSpec("fold", "F", 1, 0, PLAY),
    ActionSpec("bet", "B", 1, 1, PLAY),
    ActionSpec("buy", "S", 1, 2, PLAY),
    ActionSpec("exchange", "X", 1, 3, PLAY),
    ActionSpec("insure", "I", 2, 0, PLAY, span=2),
    ActionSpec("buy_game", "G", 2, 2, PLAY),
    ActionSpec("take_ante", "A", 2, 3, PLAY),
)
SPECS = {spec.kind: spec for spec in ACTIONS}


class ActionPanel(QWidget):
    """The buttons; `on_action(kind)` is called when one is pressed (by a tap or by its key) while enabled.
    `insurance` is the amount field beside Insure, `insurance_switch` moves insurance to the other box that may
    insure now."""

    def __init__(self, on_action: Callable[[str], None], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.on_action = on_action
        self.stage = BETTING
        self.available: dict[str, bool] = {spec.kind: True for spec in ACTIONS}
        grid = QGridLayout(self)
        grid.setContentsMargins(0, 0, 0, 0)
        grid.setSpacing(6)
        self.buttons: dict[str, FitButton] = {}
        self._texts: dict[str, str] = {}  # each button's own label, to come back to when it is disarmed
        self._armed: str | None = None
        for spec in ACTIONS:
            button = FitButton(self, height=BUTTON_HEIGHT)
            button.setObjectName(f"action_{spec.kind}")
            button.setStyleSheet(BUTTON_STYLE)
            button.clicked.connect(lambda _=False, kind=spec.kind: self._pressed(kind))
            self.buttons[spec.kind] = button
            if spec.kind == "insure":
                grid.addWidget(self._insurance_holder(button), spec.row, spec.column, 1, spec.span)
            else:
                grid.addWidget(button, spec.row, spec.column, 1, spec.span)
        for column in range(COLUMNS):
            grid.setColumnStretch(column, 1)
        self.shortcuts: dict[str, QShortcut] = {}
        for key in dict.fromkeys(spec.key for spec in ACTIONS):
            shortcut = QShortcut(QKeySequence(key), self)
            shortcut.setContext(Qt.ShortcutContext.WindowShortcut)
            shortcut.activated.connect(lambda key=key: self._key(key))
            self.shortcuts[key] = shortcut
        self.set_stage(BETTING)

    def _insurance_holder(self, button: FitButton) -> QWidget:
        holder = QWidget(self)
        row = QHBoxLayout(holder)
        row.setContentsMargins(0, 0, 0, 0)
        row.setSpacing(4)
        self.insurance = AmountField("", holder)
        self.insurance.setObjectName("insurance_amount")
        self.insurance.setFixedHeight(BUTTON_HEIGHT)
        self.insurance_switch = FitButton(holder, height=BUTTON_HEIGHT)
        self.insurance_switch.setObjectName("insurance_switch")
        self.insurance_switch.setStyleSheet(SWITCH_STYLE)
        row.addWidget(button, 5)
        row.addWidget(self.insurance, 3)
        row.addWidget(self.insurance_switch, 2)
        self.insurance_holder = holder
        return holder

    def set_stage(self, stage: str) -> None:
        """Betting or play: which actions have a place on screen now."""
        self.stage = stage
        for spec in ACTIONS:
            shown = spec.stage in (None, stage) and self.available[spec.kind]
            widget = self.insurance_holder if spec.kind == "insure" else self.buttons[spec.kind]
            keep_place(widget, shown)

    def set_available(self, kind: str, available: bool) -> None:
        """Whether the house rules have this action at all (Exchange on caribbean-stud: no)."""
        if self.available[kind] != available:
            self.available[kind] = available
            self.set_stage(self.stage)

    def set_action(self, kind: str, *, enabled: bool, text: str, why_not: str) -> None:
        button = self.buttons[kind]
        armed = self._armed == kind
        self._texts[kind] = f"{text}  [{SPECS[kind].key}]"
        if not armed:
            button.setText(self._texts[kind])
        button.setEnabled(enabled or armed)
        button.setToolTip("" if enabled else why_not)
        if kind == "insure":
            self.insurance.setEnabled(enabled)

    def set_armed(self, kind: str | None, prompt: str = "") -> None:
        """Show an armed action on its button (its second press carries it out); None: nothing armed."""
        if self._armed is not None and self._armed != kind:
            self.buttons[self._armed].setStyleSheet(BUTTON_STYLE)
            self.buttons[self._armed].setText(self._texts.get(self._armed, ""))
        self._armed = kind
        if kind is not None:
            button = self.buttons[kind]
            button.setStyleSheet(ARMED_STYLE)
            button.setText(prompt)

    def visible_kind(self, key: str) -> str | None:
        """The action the key stands for now (R: repeat the last bets, or reveal the dealer's hand)."""
        for spec in ACTIONS:
            if spec.key == key and spec.stage in (None, self.stage) and self.available[spec.kind]:
                return spec.kind
        return None

    def _key(self, key: str) -> None:
        kind = self.visible_kind(key)
        if kind is not None:
            self._pressed(kind)

    def _pressed(self, kind: str) -> None:
        button = self.buttons[kind]
        if button.isEnabled() and button.isVisibleTo(self):
            self.on_action(kind)
