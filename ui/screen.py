"""The dealer's screen, laid out for a table screen of 1024x768 and up: from the top, the table's strip, the next
action, the notice slot with the jackpot's line beside it (at a table linked to a jackpot), the dealer, the boxes;
at the bottom the actions with the number pad, or the payment list. Every region has a fixed height, so nothing
moves under the dealer's finger as cards arrive, boxes act or messages come and go; on a taller screen the spare
height goes between the boxes and the actions, which stay at the bottom. This module only builds and places the
widgets; the window gives them their meaning."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QGridLayout, QHBoxLayout, QStackedWidget, QVBoxLayout, QWidget

from ui.actions import ActionPanel
from ui.bet_panel import StakeEditor
from ui.fit import TOUCH, FitButton, FitLabel, fixed_width
from ui.info_bar import InfoBar
from ui.jackpot_line import JackpotLine
from ui.notice import Notice
from ui.number_pad import NumberPad
from ui.payments import PaymentPanel
from ui.showdown_view import ShowdownView
from ui.table_view import BOX_HEIGHT, BoxPanel, DealerPanel

SPACING = 4
NEXT_ACTION_HEIGHT = 44
LOWER_HEIGHT = 212  # the actions and the number pad, or the payment list
PAD_WIDTH = 228
STYLE = "QWidget#central{background:#0b1f10}QLabel{color:#f2f2f2}"
NEXT_ROUND_STYLE = ("QPushButton{font-size:18px;font-weight:bold;border-radius:8px;background:#2e7d32;color:white;"
                    "border:2px solid #1b4d1e}QPushButton:disabled{background:#3a3a3a;color:#8a8a8a;"
                    "border:2px solid #2a2a2a}")
PLAYING, PAYING, CAMERA = 0, 1, 2  # the pages of the bottom region


def box_columns(count: int) -> int:
    """Up to four boxes in one row; more in two rows, so that six boxes fit a 1024x768 screen."""
    return count if count <= 4 else (count + 1) // 2


class Screen(QWidget):
    """The widgets of the main window, placed. `on_action(kind)` is an action button's (or its key's) press;
    `on_paid(box)` a payment's confirmation."""

    def __init__(self, on_action: Callable[[str], None], on_paid: Callable[[int], None],
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("central")
        self.setAttribute(Qt.WidgetAttribute.WA_StyledBackground, True)  # a QWidget subclass paints its style so
        self.setStyleSheet(STYLE)
        outer = QVBoxLayout(self)
        outer.setContentsMargins(6, 6, 6, 4)
        outer.setSpacing(SPACING)

        self.info_bar = InfoBar(self)
        outer.addWidget(self.info_bar)
        self.next_action = FitLabel(self, align=Qt.AlignmentFlag.AlignCenter)
        self.next_action.setObjectName("next_action")
        self.next_action.setFixedHeight(NEXT_ACTION_HEIGHT)
        self.next_action.setStyleSheet("font-size:26px;font-weight:bold;color:#1a1a1a;background:#ffd54f;"
                                       "border-radius:8px;padding:0 10px")
        outer.addWidget(self.next_action)
        self.notice = Notice(self)
        self.jackpot_line = JackpotLine(self)  # beside the notice, a third of the row (hidden without a jackpot)
        notice_row = QHBoxLayout()
        notice_row.setSpacing(SPACING)
        notice_row.addWidget(self.notice, 2)
        notice_row.addWidget(self.jackpot_line, 1)
        outer.addLayout(notice_row)
        self.dealer_panel = DealerPanel(self)
        outer.addWidget(self.dealer_panel)
        self.boxes_area = QWidget(self)
        self.boxes_grid = QGridLayout(self.boxes_area)
        self.boxes_grid.setContentsMargins(0, 0, 0, 0)
        self.boxes_grid.setSpacing(SPACING)
        self.box_panels: list[BoxPanel] = []
        outer.addWidget(self.boxes_area)
        outer.addStretch(1)

        self.lower = QStackedWidget(self)
        self.lower.setFixedHeight(LOWER_HEIGHT)
        playing = QWidget(self.lower)
        playing_row = QHBoxLayout(playing)
        playing_row.setContentsMargins(0, 0, 0, 0)
        playing_row.setSpacing(8)
        self.actions_panel = ActionPanel(on_action, playing)
        self.number_pad = NumberPad(playing, key_height=TOUCH)
        fixed_width(self.number_pad, PAD_WIDTH)
        playing_row.addWidget(self.actions_panel, 1)
        playing_row.addWidget(self.number_pad)
        paying = QWidget(self.lower)
        paying_column = QVBoxLayout(paying)  # the payments across the whole width; Next round under them
        paying_column.setContentsMargins(0, 0, 0, 0)
        paying_column.setSpacing(2)
        self.payment_panel = PaymentPanel(on_paid, paying)
        paying_column.addWidget(self.payment_panel)
        paying_column.addStretch(1)
        self.next_round_button = FitButton(paying, lines=1, height=TOUCH)
        self.next_round_button.setObjectName("next_round")
        fixed_width(self.next_round_button, 220)
        self.next_round_button.setStyleSheet(NEXT_ROUND_STYLE)
        paying_column.addWidget(self.next_round_button, 0, Qt.AlignmentFlag.AlignRight)
        camera = QWidget(self.lower)  # what the camera saw at showdown, while a box is to be shown again or a
        camera_row = QHBoxLayout(camera)  # card switch stops the round
        camera_row.setContentsMargins(0, 0, 0, 0)
        camera_row.setSpacing(8)
        self.showdown_view = ShowdownView(camera)
        camera_row.addWidget(self.showdown_view, 1)
        self.show_again_button = FitButton(camera, lines=2, height=TOUCH)
        self.show_again_button.setObjectName("show_again")
        fixed_width(self.show_again_button, PAD_WIDTH)
        self.show_again_button.setStyleSheet(NEXT_ROUND_STYLE)
        camera_row.addWidget(self.show_again_button, 0, Qt.AlignmentFlag.AlignTop)
        self.lower.addWidget(playing)
        self.lower.addWidget(paying)
        self.lower.addWidget(camera)
        outer.addWidget(self.lower)

        self.status_row = QHBoxLayout()  # the shoe's line, and the floor's at its right where the table reports
        self.status_row.setContentsMargins(0, 0, 0, 0)
        self.shoe_status = FitLabel(self)
        self.shoe_status.setObjectName("shoe_status")
        self.shoe_status.setStyleSheet("font-size:12px;color:#bdbdbd")
        self.status_row.addWidget(self.shoe_status, 1)
        outer.addLayout(self.status_row)

    def add_status(self, widget: QWidget) -> None:
        """Another line of status at the right of the shoe's (the floor's): on the screen, not below it."""
        self.status_row.addWidget(widget, 0)

    def place_boxes(self, editors: list[StakeEditor]) -> list[BoxPanel]:
        """One panel per box of the table, each holding its stake form, in rows that fit the screen."""
        for panel in self.box_panels:
            panel.deleteLater()
        self.box_panels = [BoxPanel(editor.number, editor, self.boxes_area) for editor in editors]
        columns = box_columns(len(editors))
        for index, panel in enumerate(self.box_panels):
            self.boxes_grid.addWidget(panel, index // columns, index % columns)
        for column in range(columns):
            self.boxes_grid.setColumnStretch(column, 1)
        rows = (len(editors) + columns - 1) // columns
        self.boxes_area.setFixedHeight(rows * BOX_HEIGHT + (rows - 1) * SPACING)
        return self.box_panels

    def show_page(self, page: int) -> None:
        self.lower.setCurrentIndex(page)
