"""Stakes entry before the deal: per box an ante, a bonus (where the table has one), blind, and the player's
name (boxes of one player must be adjacent). Limits come from the engine's legal `place_stakes` actions; the
engine verifies every stake, and a refusal is shown with its reason."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QCheckBox, QGridLayout, QLabel, QLineEdit, QSpinBox, QWidget

from controller.core.rules import HouseRules
from controller.engine import ActionKind, LegalAction, PlaceStakes

FIELD_STYLE = "font-size:17px;min-height:38px"


class BetRow:
    def __init__(self, number: int, parent: QWidget) -> None:
        self.number = number
        self.play = QCheckBox(parent)
        self.play.setObjectName(f"stake_play_{number}")
        self.play.setStyleSheet("QCheckBox{font-size:17px;min-height:38px}"
                                "QCheckBox::indicator{width:30px;height:30px}")
        self.ante = QSpinBox(parent)
        self.ante.setObjectName(f"stake_ante_{number}")
        self.bonus = QSpinBox(parent)
        self.bonus.setObjectName(f"stake_bonus_{number}")
        self.blind = QCheckBox(parent)
        self.blind.setObjectName(f"stake_blind_{number}")
        self.player = QLineEdit(parent)
        self.player.setObjectName(f"stake_player_{number}")
        for widget in (self.ante, self.bonus, self.player):
            widget.setStyleSheet(FIELD_STYLE)
        for spin in (self.ante, self.bonus):
            spin.setGroupSeparatorShown(True)
            spin.setAlignment(Qt.AlignmentFlag.AlignRight)

    def widgets(self) -> list[QWidget]:
        return [self.play, self.ante, self.bonus, self.blind, self.player]


class BetPanel(QWidget):
    """The rows; `stakes()` gives the PlaceStakes of every ticked box that has no stakes yet."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.grid = QGridLayout(self)
        self.grid.setHorizontalSpacing(10)
        self.headers = [QLabel(self) for _ in range(5)]
        for column, label in enumerate(self.headers):
            label.setStyleSheet("font-size:15px;font-weight:bold")
            self.grid.addWidget(label, 0, column)
        self.rows: list[BetRow] = []
        self._boxes = 0

    def retranslate(self) -> None:
        for label, text in zip(self.headers, (self.tr("Box"), self.tr("Ante"), self.tr("Bonus"), self.tr("Blind"),
                                              self.tr("Player")), strict=True):
            label.setText(text)
        for row in self.rows:
            row.play.setText(self.tr("Box {0}").format(row.number))
            row.player.setPlaceholderText(self.tr("name (optional)"))
            row.bonus.setSpecialValueText(self.tr("none"))

    def configure(self, rules: HouseRules, legal: tuple[LegalAction, ...], placed: set[int]) -> None:
        """Rows for the table's boxes; ranges from the legal stakes; boxes already staked are locked."""
        if self._boxes != rules.table.boxes:
            for row in self.rows:
                for widget in row.widgets():
                    widget.deleteLater()
            self.rows = []
            for number in range(1, rules.table.boxes + 1):
                row = BetRow(number, self)
                row.ante.setValue(0)
                for column, widget in enumerate(row.widgets()):
                    self.grid.addWidget(widget, number, column)
                self.rows.append(row)
            self._boxes = rules.table.boxes
            self.retranslate()
        open_boxes = {a.box: a for a in legal if a.kind == ActionKind.PLACE_STAKES}
        for row in self.rows:
            action = open_boxes.get(row.number)
            for widget in row.widgets():
                widget.setEnabled(action is not None)
            low, high = (action.minimum, action.maximum) if action is not None else (None, None)
            if low is not None and high is not None and (row.ante.minimum(), row.ante.maximum()) != (low, high):
                row.ante.setRange(low, high)
            if row.number in placed:
                row.play.setChecked(False)
            row.bonus.setHidden(not rules.bonus.enabled)
            row.bonus.setRange(0, rules.bonus.max if rules.bonus.enabled else 0)
            row.blind.setHidden(not rules.table.blind_boxes)
        self.headers[2].setHidden(not rules.bonus.enabled)
        self.headers[3].setHidden(not rules.table.blind_boxes)

    def stakes(self) -> list[PlaceStakes]:
        return [PlaceStakes(row.number, row.ante.value(), row.bonus.value(), row.blind.isChecked(),
                            row.player.text().strip())
                for row in self.rows if row.play.isChecked() and row.play.isEnabled()]

    def fill(self, number: int, ante: int, bonus: int = 0, blind: bool = False, player: str = "") -> None:
        """Tick a box and set its stakes (what a dealer does by hand; the autopilot and tests use it too)."""
        row = self.rows[number - 1]
        row.play.setChecked(True)
        row.ante.setValue(ante)
        row.bonus.setValue(bonus)
        row.blind.setChecked(blind)
        row.player.setText(player)
