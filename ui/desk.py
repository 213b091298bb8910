"""What the window's desks (stakes, insurance, the box decisions) need of the window: the table, the screen's
widgets, the second step of money actions, and the window's one way to send a command and redraw."""

from __future__ import annotations

from typing import Protocol

from controller.engine import Command, RoundState
from controller.table.controller import TableController
from ui.confirm import TwoStep
from ui.screen import Screen


class Console(Protocol):
    controller: TableController
    ui: Screen  # the widgets (QWidget.screen() is the display it is on)
    two_step: TwoStep
    message_text: str

    def display_round(self) -> RoundState | None:
        """The round on the layout: None between rounds."""

    def mode(self) -> str:
        """Where the round stands for the screen: "betting", "play" or "payments"."""

    def submit(self, command: Command) -> bool:
        """Send a command to the table; a refusal is shown with its reason. Whether it was accepted."""

    def refresh(self) -> None:
        """Redraw from the table's state."""

    def place_jackpot(self, box: int) -> bool:
        """The box's jackpot stake, refused with the reason while the table takes none. Whether it was placed."""

    def jackpot_offer(self) -> tuple[bool, str | None]:
        """Whether the boxes are offered the jackpot stake, and why it is closed now (None: open)."""
