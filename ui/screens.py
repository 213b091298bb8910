"""`--screenshot`: the console plays rounds by itself (the autopilot presses its buttons), stops at the scene
asked for, and saves the window, or the pit boss's audit view, as a PNG. The pictures come from the real app."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtWidgets import QApplication, QWidget

from controller.engine import Phase
from ui.autopilot import Autopilot
from ui.main_window import ConsoleWindow

SCREEN_SIZE = (1400, 960)


def take_screenshot(window: ConsoleWindow, scene: str, rounds: int, path: Path) -> Path:
    window.resize(*SCREEN_SIZE)
    window.show()
    pilot = Autopilot(window, ante=100, boxes=6, bonus=10)
    target: QWidget = window
    # "round": N rounds, the last one's payment list left on screen as the dealer sees it before paying;
    # every other scene plays N rounds first, then stages itself in the next round
    pilot.play_rounds(rounds, confirm_last=scene != "round")
    if scene == "decisions":
        pilot.start_round()
        pilot.play_until(lambda: _mid_decisions(window))
    elif scene == "payments":
        pilot.play_round(confirm_payments=False)
        window.confirm_next_paid()
    elif scene == "fault":
        _duplicate_card_fault(window, pilot)
    elif scene in ("audit", "report"):
        from ui.audit_view import AuditDialog

        dialog = AuditDialog(window.controller, window, background=False)
        dialog.resize(*SCREEN_SIZE)
        if scene == "audit" and dialog.rounds:
            finished = [i for i, r in enumerate(dialog.rounds) if r.complete]
            index = finished[-1] if finished else 0
            dialog.select_round(index)
            dialog.steps.setCurrentRow(max(0, dialog.steps.count() * 2 // 3))
        else:
            dialog.tabs.setCurrentIndex(2)
        dialog.show()
        target = dialog
    window.resize(*SCREEN_SIZE)  # the layout may have grown while the stakes list was open
    _settle()
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
    assert state is not None
    live = state.boxes[state.order[0]].cards[0]
    rest = [c for c in _pack() if state.in_stock(c)]
    window.source.load([live, *rest])  # type: ignore[attr-defined]
    pilot.draw()


def _pack() -> list:  # type: ignore[type-arg]
    from controller.core.cards import PACK

    return list(PACK)


def _settle() -> None:
    for _ in range(5):
        QApplication.processEvents()
