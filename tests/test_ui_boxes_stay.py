"""Nothing on the dealer's screen moves while a round is played: a box that takes a sixth card keeps its place and
its size, and so does every other box (four-seat's boxes grew and shrank at 1024x768 when one held six cards)."""

from __future__ import annotations

import pytest
from console_kit import (
    make_console,  # noqa: F401 - a fixture used below
    press_twice,
    where,
)
from PySide6.QtWidgets import QApplication

from controller.engine import legal_commands
from ui.autopilot import Autopilot


@pytest.mark.parametrize("size", [(1024, 768), (1366, 768)])
def test_r_act_3_a_sixth_card_moves_no_box(make_console, qtbot, size) -> None:  # noqa: F811
    window = make_console("four-seat", seed=3, size=size)
    pilot = Autopilot(window, ante=100, boxes=4)
    pilot.start_round()
    pilot.play_until(lambda: any(a.kind == "buy" for a in legal_commands(window.controller.round)))
    QApplication.processEvents()
    before = [where(panel) for panel in window.box_panels]
    press_twice(window.actions_panel.buttons["buy"])
    window.actions_panel.buttons["card"].click()
    qtbot.waitUntil(lambda: not window.awaiting_card, timeout=5000)
    QApplication.processEvents()
    assert any(len(box.cards) == 6 for box in window.controller.round.boxes.values())
    assert [where(panel) for panel in window.box_panels] == before
