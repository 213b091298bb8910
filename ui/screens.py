"""`--screenshot`: the console plays rounds by itself (the autopilot presses its buttons), stops at the scene
asked for, and saves the window, or the pit boss's audit view, as a PNG. The pictures come from the real app."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtWidgets import QApplication, QWidget

from controller.engine import Phase
from drivers.cards import PACK
from ui.autopilot import Autopilot, AutopilotStuck
from ui.main_window import ConsoleWindow

SCREEN_SIZE = (1366, 768)  # a table screen; --size gives another


def take_screenshot(window: ConsoleWindow, scene: str, rounds: int, path: Path,
                    size: tuple[int, int] = SCREEN_SIZE) -> Path:
    """Play `rounds` rounds, stage `scene`, and save the window (or the audit view) at exactly `size`."""
    window.resize(*size)
    window.show()
    pilot = Autopilot(window, ante=100, boxes=6, bonus=10)
    target: QWidget = window
    # "round": N rounds, the last one's payment list left on screen as the dealer sees it before paying;
    # "stakes": N rounds, then the next round's form with the last round's stakes repeated, not placed yet;
    # every other scene plays N rounds first, then stages itself in the next round
    pilot.play_rounds(rounds, confirm_last=scene != "round")
    if scene == "stakes":
        window.stakes.repeat_last()  # the last round's stakes filled in, not placed yet
        window.bet_panel.editor(2).ante.setFocus()
    elif scene == "decisions":
        pilot.start_round()
        pilot.play_until(lambda: _mid_decisions(window))
    elif scene == "payments":
        pilot.play_round(confirm_payments=False)
        window.press_next_paid()
        window.press_next_paid()  # the first payment confirmed, the next one's key on its button
    elif scene == "fault":
        _duplicate_card_fault(window, pilot)
    elif scene in ("audit", "report"):
        from ui.audit_view import AuditDialog

        dialog = AuditDialog.of_table(window.controller, window, background=False)
        dialog.resize(*size)
        if scene == "audit" and dialog.rounds:
            finished = [i for i, r in enumerate(dialog.rounds) if r.complete]
            index = finished[-1] if finished else 0
            dialog.select_round(index)
            dialog.steps.setCurrentRow(max(0, dialog.steps.count() * 2 // 3))
        else:
            dialog.tabs.setCurrentIndex(2)
        dialog.show()
        target = dialog
    _settle()
    if target is window and (window.width(), window.height()) != size:
        raise OSError(f"the console does not fit {size[0]}x{size[1]}: it took {window.width()}x{window.height()}")
    path.parent.mkdir(parents=True, exist_ok=True)
    if not target.grab().save(str(path), "PNG"):
        raise OSError(f"could not write {path}")
    if target is not window:
        target.close()
        target.deleteLater()
    return path


def _mid_decisions(window: ConsoleWindow) -> bool:
    """A box past the first is deciding, so the layout shows acted boxes and a box to act."""
    state = window.display_round()
    return state is not None and state.phase is Phase.DECISIONS and state.turn >= 3 and not window.awaiting_card


def _duplicate_card_fault(window: ConsoleWindow, pilot: Autopilot) -> None:
    """The shoe reads a card that is already in box 1 (a misread): the round stops with a card fault."""
    pilot.start_round()
    pilot.play_until(lambda: (s := window.display_round()) is not None and s.deal_index >= 9)
    state = window.display_round()
    shoe = window.source.simulated_shoe()
    if state is None or shoe is None:
        raise AutopilotStuck("the fault scene needs the simulated shoe")
    live = state.boxes[state.order[0]].cards[0]
    shoe.load([live, *(card for card in PACK if state.in_stock(card))])
    pilot.draw()


def _settle() -> None:
    for _ in range(5):
        QApplication.processEvents()
