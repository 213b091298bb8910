"""The strip along the top of the dealer's screen: the table, its preset, limits and box count; the rules in force
and a warning when they favour a skilled player; the shoe's gate (open or LOCKED); the dealer signed in; and the
pit boss's, the audit's and the language's buttons (F2, F3, F4)."""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QMouseEvent
from PySide6.QtWidgets import QFrame, QHBoxLayout, QVBoxLayout, QWidget

from controller.core.rules import HouseRules
from drivers.base import SourceStatus
from ui.ask import ask
from ui.fit import TOUCH, FitButton, FitLabel, fixed_width
from ui.i18n import translate
from ui.rules_text import edge_acknowledgement, edge_warning, limits_line, rules_details, rules_phrases

HEIGHT = 50
CHIP = "font-size:14px;font-weight:bold;border-radius:6px;padding:0 6px;color:%s;background:%s"
GATE_OPEN = CHIP % ("#0b1f10", "#81c784")
GATE_LOCKED = CHIP % ("#ffffff", "#c62828")
GATE_UNKNOWN = CHIP % ("#f2f2f2", "#555555")
TOOL_STYLE = ("QPushButton{font-size:15px;color:#f2f2f2;background:#333;border:1px solid #555;border-radius:6px}"
              "QPushButton:pressed{background:#222}")


class TappableLabel(FitLabel):
    """A line of the strip that says more when tapped: one line cannot hold every rule at 1024 or 1366 px."""

    tapped = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setCursor(Qt.CursorShape.PointingHandCursor)

    def mouseReleaseEvent(self, event: QMouseEvent) -> None:
        if self.rect().contains(event.position().toPoint()):
            self.tapped.emit()


class InfoBar(QFrame):
    """`sign_in_button` is hidden until dealer sign-in is wired to it."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("info_bar")
        self.setFixedHeight(HEIGHT)
        self.setStyleSheet("QFrame#info_bar{background:#1c1c1c;border-radius:6px}QLabel{color:#f2f2f2}")
        row = QHBoxLayout(self)
        row.setContentsMargins(8, 2, 4, 2)
        row.setSpacing(6)
        texts = QVBoxLayout()
        texts.setSpacing(0)
        self.limits = FitLabel(self)
        self.limits.setObjectName("table_limits")
        self.limits.setStyleSheet("font-size:15px;font-weight:bold")
        self.rules = TappableLabel(self)  # tapped, it lists every rule in force, one a line
        self.rules.tapped.connect(self.show_rules)
        self.rules.setObjectName("rules_in_force")
        self.rules.setStyleSheet("font-size:13px;color:#c8d6c9")
        self.warning = FitLabel(self)
        self.warning.setObjectName("rules_warning")
        self.warning.setStyleSheet("font-size:13px;font-weight:bold;color:#ffb74d")
        for label in (self.limits, self.rules, self.warning):
            texts.addWidget(label)
        row.addLayout(texts, 1)
        chips = QVBoxLayout()
        chips.setSpacing(2)
        self.gate = FitLabel(self)
        self.gate.setObjectName("gate_state")
        fixed_width(self.gate, 150)
        self.dealer = FitLabel(self)
        self.dealer.setObjectName("dealer_on_duty")
        fixed_width(self.dealer, 150)
        self.dealer.setStyleSheet("font-size:13px")
        chips.addWidget(self.gate)
        chips.addWidget(self.dealer)
        row.addLayout(chips)
        self.sign_in_button = self._tool("sign_in")
        self.sign_in_button.hide()
        self.pit_boss_button = self._tool("pit_boss_tool")
        self.audit_button = self._tool("audit_tool")
        self.language_button = self._tool("language_tool")
        for button in (self.sign_in_button, self.pit_boss_button, self.audit_button, self.language_button):
            row.addWidget(button)
        self._shown_rules: tuple[str, HouseRules, str | None] | None = None
        self._rules_lines: list[str] = []
        self._gate: tuple[str, str] | None = None

    def _tool(self, name: str) -> FitButton:
        button = FitButton(self, lines=2, height=TOUCH)
        button.setObjectName(name)
        fixed_width(button, 104)
        button.setStyleSheet(TOOL_STYLE)
        return button

    def show_table(self, table_id: str, rules: HouseRules, *, acknowledged_by: str | None = None,
                   force: bool = False) -> None:
        """The table, its rules and the operator guard's warning (`acknowledged_by`: the admin who acknowledged the
        rules' edge)."""
        if not force and self._shown_rules == (table_id, rules, acknowledged_by):
            return
        self._shown_rules = (table_id, rules, acknowledged_by)
        self.limits.setText(limits_line(table_id, rules))
        phrases = [rules.name, *rules_phrases(rules)]
        self.rules.setText(translate("InfoBar", "Rules: {0}").format(" · ".join(phrases)))
        warning = edge_warning(rules)
        self.warning.setText("⚠ " + warning if warning else "")
        acknowledged = edge_acknowledgement(acknowledged_by) if warning and acknowledged_by else ""
        self.warning.setToolTip(acknowledged)
        named = translate("InfoBar", "Rules: {0}").format(rules.name)
        self._rules_lines = [line for line in (self.limits.text(), named, *phrases[1:], *rules_details(rules),
                                               warning or "", acknowledged) if line]
        self.setToolTip("\n".join(self._rules_lines))  # the same list a tap opens

    def show_rules(self) -> None:
        """Every rule in force, one a line, with the limits and any warning: what the strip's one line cuts."""
        lines = self._rules_lines
        if lines:
            ask(self.window(), translate("InfoBar", "Rules in force"), "\n".join(lines),
                [("close", translate("InfoBar", "Close"))], lines=len(lines) + 3)  # room for a long line to wrap

    def show_gate(self, status: SourceStatus | None) -> None:
        """The shoe's gate as the driver reports it: LOCKED stops every card leaving the shoe."""
        if status is None or not status.connected:
            text, style = translate("InfoBar", "Shoe offline"), GATE_UNKNOWN
        elif status.locked:
            text, style = translate("InfoBar", "Gate LOCKED"), GATE_LOCKED
        else:
            text, style = translate("InfoBar", "Gate open"), GATE_OPEN
        if self._gate != (text, style):
            self._gate = (text, style)
            self.gate.setText(text)
            self.gate.setStyleSheet(style)

    def show_dealer(self, name: str | None) -> None:
        if name:
            self.dealer.setText(translate("InfoBar", "Dealer: {0}").format(name))
        else:
            self.dealer.setText(translate("InfoBar", "No dealer signed in"))
