"""A slot called every so many milliseconds on the GUI thread, for as long as its parent lives: the clocks and
status lines that follow something outside the window (the shoe, the floor, the dealer's time at the table)."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QObject, QTimer


def every(ms: int, slot: Callable[[], object], parent: QObject) -> QTimer:
    timer = QTimer(parent)
    timer.timeout.connect(slot)
    timer.start(ms)
    return timer
