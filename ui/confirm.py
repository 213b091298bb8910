"""The second step of an irreversible money action (fold, buy a 6th card, exchange, buy the dealer a game, void,
confirm a payment): the first press arms the action and says what it will do; a second press of the same button
or key, or Enter, carries it out; Esc, 3 seconds, or anything changing on the table disarms it. Built for speed:
a dealer who means it presses the same key twice.

One mechanism for every such action: a view calls `press(key, prompt, run, label=...)` from its button and key,
and draws the armed state from `armed` whenever `changed` fires: `label` on the armed button (the question, "Fold
box 3?"), `prompt` where there is room (the question and how to answer it)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from PySide6.QtCore import QObject, QTimer, Signal

ARMED_MS = 3000


@dataclass(frozen=True)
class Armed:
    key: str  # what was pressed: an action word and the box it is for ("fold:3"), or the view's own name
    prompt: str  # what the second press will do and how to give it, in the dealer's words
    run: Callable[[], object]
    label: str = ""  # the short form, for the armed button itself (the prompt when none is given)

    @property
    def button_text(self) -> str:
        return self.label or self.prompt


class TwoStep(QObject):
    changed = Signal()

    def __init__(self, parent: QObject | None = None, *, timeout_ms: int = ARMED_MS) -> None:
        super().__init__(parent)
        self.armed: Armed | None = None
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.setInterval(timeout_ms)
        self._timer.timeout.connect(self.cancel)

    def press(self, key: str, prompt: str, run: Callable[[], object], *, label: str = "") -> bool:
        """The first press of `key` arms it (False); a second press carries it out (True). Pressing another
        action while one is armed arms that one instead."""
        if self.armed is not None and self.armed.key == key:
            self.confirm()
            return True
        self.armed = Armed(key, prompt, run, label)
        self._timer.start()
        self.changed.emit()
        return False

    def is_armed(self, key: str) -> bool:
        return self.armed is not None and self.armed.key == key

    def confirm(self) -> bool:
        """Enter: carry out the armed action, if any."""
        armed = self.armed
        if armed is None:
            return False
        self._disarm()
        armed.run()
        return True

    def cancel(self) -> None:
        """Esc, the time running out, or the table changing: nothing is done."""
        if self.armed is not None:
            self._disarm()

    def _disarm(self) -> None:
        self.armed = None
        self._timer.stop()
        self.changed.emit()
