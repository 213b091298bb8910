"""The card source's reader thread: it blocks on `source.recv()` and hands every event to the GUI thread
through a Qt signal, where the card pump takes it to the table (a driver thread never touches a widget or the
table controller)."""

from __future__ import annotations

import threading
import time

from PySide6.QtCore import QObject, Signal

from drivers.base import CardSource, SourceError

POLL_SECONDS = 0.1  # how soon the thread notices it should stop


class ShoeReader(QObject):
    """Owns one thread; `event_received(event, received_at)` fires on the GUI thread (queued connection)."""

    event_received = Signal(object, float)
    failed = Signal(str)

    def __init__(self, source: CardSource) -> None:
        super().__init__()
        self.source = source
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None

    def start(self) -> None:
        if self._thread is None:
            self._thread = threading.Thread(target=self._run, name="card-source-reader", daemon=True)
            self._thread.start()

    def stop(self) -> None:
        self._stop.set()
        if self._thread is not None:
            self._thread.join(timeout=2.0)
            self._thread = None

    @property
    def running(self) -> bool:
        return self._thread is not None and self._thread.is_alive()

    def _run(self) -> None:
        while not self._stop.is_set():
            try:
                event = self.source.recv(timeout=POLL_SECONDS)
            except SourceError as err:
                if not self._stop.is_set():
                    self.failed.emit(str(err))
                return
            if event is not None and not self._stop.is_set():
                self.event_received.emit(event, time.perf_counter())
