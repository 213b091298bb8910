"""R-ACT-2: a bet is money the box cannot have back, and it takes the dealer's second press like a fold, a 6th card
or an exchange: the first press (or B) asks "Box 1 bets 200?", Esc cancels it, the second press (B again, or
Enter) places it. A slip of the finger on Bet used to bet at once."""

from __future__ import annotations

from console_kit import (
    deal_one_box,
    focus,
    make_console,  # noqa: F401 - a fixture used below
)
from PySide6.QtCore import Qt


def test_r_act_2_a_bet_takes_a_second_press(make_console, qtbot) -> None:  # noqa: F811
    window = make_console("classic")
    focus(window, qtbot)
    deal_one_box(window, qtbot, "AS 2C AD 3C AH 4C 8S 5D 9C 6D")
    state = window.controller.round
    assert state is not None
    bet = window.actions_panel.buttons["bet"]
    bet.click()
    assert state.boxes[1].bet == 0 and "Box 1 bets 200?" in bet.text()
    qtbot.keyClick(window, Qt.Key.Key_Escape)
    assert state.boxes[1].bet == 0 and window.two_step.armed is None
    qtbot.keyClick(window, Qt.Key.Key_B)
    assert state.boxes[1].bet == 0
    qtbot.keyClick(window, Qt.Key.Key_B)
    assert state.boxes[1].bet == 200
