"""The sign's eyes on the meter: a thread that reads the meter's state whenever the database says it changed
(LISTEN on the jackpot's channel) and at least once a second, and hands it to the GUI thread by a Qt signal."""

from __future__ import annotations

import contextlib
import threading
from typing import Any

from PySide6.QtCore import QObject, Signal

from controller.floor.database import FloorError, explain, psycopg_module
from controller.floor.jackpot_meter import JackpotMeter, listen_connection

REFRESH_SECONDS = 1.0  # the sign reads the meter this often even when nothing wakes it (a table's age ticks)


class MeterWatcher(QObject):
    """Emits `changed(status)` with the meter's status, or `lost(text)` while the meter cannot be read."""

    changed = Signal(dict)
    lost = Signal(str)

    def __init__(self, url: str, meter_id: str) -> None:
        super().__init__()
        self.url, self.meter_id = url, meter_id
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, name="jackpot-sign", daemon=True)

    def start(self) -> None:
        self._thread.start()

    def stop(self) -> None:
        self._stop.set()
        self._thread.join(5)

    def _run(self) -> None:
        pg_error = psycopg_module().Error
        meter: JackpotMeter | None = None
        listener: Any = None
        while not self._stop.is_set():
            try:
                if meter is None:
                    meter = JackpotMeter(self.url, self.meter_id)
                    listener = listen_connection(self.url)
                self.changed.emit(meter.status())
                for _ in listener.notifies(timeout=REFRESH_SECONDS, stop_after=1):
                    pass
            except (FloorError, pg_error) as err:
                self.lost.emit(explain(err, self.url) if isinstance(err, pg_error) else str(err))
                for connection in (meter, listener):
                    with contextlib.suppress(Exception):
                        if connection is not None:
                            connection.close()
                meter = listener = None
                self._stop.wait(REFRESH_SECONDS)
        for connection in (meter, listener):
            with contextlib.suppress(Exception):
                if connection is not None:
                    connection.close()
