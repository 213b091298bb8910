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


def test_arch_faults_an_undone_confirmation_takes_a_second_press_for_the_box_on_screen(make_console, qtbot,  # noqa: F811
                                                                                    tmp_path) -> None:
    """The pit boss's undo of a payment's confirmation, and an adjustment, take a second press. After an undo the
    list shows another box first: a press then arms that box's undo, it does not undo it."""
    from console_kit import logged_in_dialog, pit_boss

    from ui.autopilot import Autopilot

    pit_boss(tmp_path)
    window = make_console("classic")
    focus(window, qtbot)
    Autopilot(window, ante=10, boxes=2).play_round(confirm_payments=False)
    for _ in range(2):  # each box: Space asks, Space again confirms
        qtbot.keyClick(window, Qt.Key.Key_Space)
        qtbot.keyClick(window, Qt.Key.Key_Space)
    record = window.controller.round_record
    assert record is not None and sorted(record.confirmed) == [1, 2]
    dialog = logged_in_dialog(window)
    dialog.reason.setText("the player was not paid yet")
    dialog.undo_button.click()
    assert sorted(record.confirmed) == [1, 2] and "Undo box 1's confirmation?" in dialog.undo_button.text()
    dialog.undo_button.click()
    record = window.controller.round_record
    assert sorted(record.confirmed) == [2] and dialog.confirmed_choice.currentData() == 2
    dialog.undo_button.click()  # the list changed under the finger: this arms box 2's undo, nothing more
    assert sorted(window.controller.round_record.confirmed) == [2]
    dialog.reason.setText("box 2 was paid 5 short")
    dialog.adjust_box.setValue(2)
    dialog.adjust_amount.setValue(5)
    dialog.adjust_button.click()
    assert "Adjust box 2 by +5?" in dialog.adjust_button.text()
    assert not window.controller.round_record.adjustments
    dialog.adjust_button.click()
    assert window.controller.round_record.adjustments, dialog.feedback.text()
    dialog.deleteLater()
