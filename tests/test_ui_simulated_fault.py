"""R-CARD-1 on the simulated shoe: a card the reader could not read stops the round; a pit boss at a live table
corrects it from the card itself, and QA on the simulator is told the card the simulated shoe really dealt (it
used to guess, and a wrong guess made the shoe deal that card again later: "read twice"). Corrected with it, the
round goes on and the pack stays whole: no card is read twice."""

from __future__ import annotations

from console_kit import (
    deal_all,
    focus,
    make_console,  # noqa: F401 - a fixture used below
    pit_boss,
)
from PySide6.QtCore import Qt
from shift_kit import when_shown

from ui.pitboss import PitBossDialog


def test_r_card_1_qa_corrects_an_unreadable_card_with_the_card_the_simulator_dealt(make_console, qtbot,  # noqa: F811
                                                                                   tmp_path) -> None:
    pit_boss(tmp_path)
    window = make_console("classic", faults="unreadable@3")
    focus(window, qtbot)
    window.bet_panel.fill(1, 100)
    window.place_stakes()
    for _ in range(4):
        window.actions_panel.buttons["card"].click()
        qtbot.waitUntil(lambda: not window.awaiting_card, timeout=5000)
        state = window.controller.round
        if state is not None and state.fault is not None:
            break
    state = window.controller.round
    assert state is not None and state.fault is not None and state.fault.kind == "unreadable"
    seen: dict[str, str] = {}

    def correct(dialog: PitBossDialog) -> None:
        dialog.name.setText("vera")
        dialog.pin.setText("246813")
        dialog.log_in()
        hint = dialog.card_code.placeholderText()
        seen["hint"] = hint
        dialog.card_code.setText(hint.rsplit(" ", 1)[-1])  # the code the simulated shoe says it dealt
        dialog.reason.setText("unreadable card, read off the card")
        dialog.correct_button.click()
        seen["feedback"] = dialog.feedback.text()
        dialog.accept()

    when_shown(PitBossDialog, correct)
    qtbot.keyClick(window, Qt.Key.Key_F2)
    assert seen["hint"].startswith("the simulated shoe dealt "), seen
    state = window.controller.round
    assert state is not None and state.fault is None, seen["feedback"]
    deal_all(window, qtbot)
    kinds = [e.kind for e in window.controller.journal.entries()]
    faults = [e for e in window.controller.journal.entries() if e.kind == "CardFault"]
    assert len(faults) == 1, [f.payload for f in faults]
    assert "table.fault_raised" not in kinds
