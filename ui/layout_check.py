"""The camera's look at the showdown, on a thread of its own: reading a layout takes a tenth of a second or more
of frames, which the console must not spend on the GUI thread. The look touches nothing of the table; what it
saw comes back to the GUI thread through a Qt signal, where the table journals it."""

from __future__ import annotations

import threading
from collections.abc import Mapping, Sequence

from PySide6.QtCore import QObject, Signal

from controller.table.showdown import ShowdownGuard
from drivers.cards import Card
from drivers.showdown import Spot


class LayoutChecker(QObject):
    """One look at a time; `looked(LayoutLook)` fires on the GUI thread, in the call that ends the look."""

    looked = Signal(object)
    _finished = Signal(object)  # from the look's thread: one queued call ends the look and hands it on

    def __init__(self, guard: ShowdownGuard) -> None:
        super().__init__()
        self.guard = guard
        self._thread: threading.Thread | None = None
        # From a look's start until the GUI thread has it: the look's thread ends before its signal is
        # delivered, and a Reveal pressed in between must not start a second look.
        self._pending = False
        self._finished.connect(self._deliver)

    @property
    def busy(self) -> bool:
        return self._pending

    def start(self, round_id: str, dealt: Mapping[Spot, Sequence[Card]], boxes: int) -> bool:
        """Look at the layout now; False while a look is still under way."""
        if self.busy:
            return False
        self._pending = True
        self._thread = threading.Thread(target=self._look, args=(round_id, dealt, boxes), name="layout-camera",
                                        daemon=True)
        self._thread.start()
        return True

    def _look(self, round_id: str, dealt: Mapping[Spot, Sequence[Card]], boxes: int) -> None:
        try:
            look = self.guard.look(round_id, dealt, boxes)
        except BaseException:
            self._pending = False  # nothing comes back: the next Reveal looks again
            raise
        self._finished.emit(look)

    def _deliver(self, look: object) -> None:
        """On the GUI thread: the look is over and `looked` hears of it in the same call (two queued calls, one
        ending the look and one handing it on, could be split by an event loop turn)."""
        self._pending = False
        self.looked.emit(look)

    def wait(self, timeout: float = 5.0) -> None:
        """Let a look under way finish (the console is closing)."""
        if self._thread is not None:
            self._thread.join(timeout)
