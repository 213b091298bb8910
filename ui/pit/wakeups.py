"""Listens on the floor's channel (PostgreSQL LISTEN/NOTIFY) on a thread of its own: each table's report wakes
the pit with the table's id, so the pit reads that table's row again and nothing else. A lost connection is
said, retried, and followed by a full refresh (notifications sent meanwhile are lost)."""

from __future__ import annotations

import threading
from collections.abc import Callable

from controller.floor.database import explain, psycopg_module
from controller.floor.schema import CHANNEL

RETRY = 1.0


class Wakeups:
    """`on_table(table_id)` for every notification; `on_connection(None)` once listening (again), or
    `on_connection(reason)` when the database cannot be reached. Both are called on the listening thread."""

    def __init__(self, url: str, on_table: Callable[[str], None],
                 on_connection: Callable[[str | None], None]) -> None:
        self.url = url
        self.on_table = on_table
        self.on_connection = on_connection
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, name="rptable-pit-listen", daemon=True)

    def start(self) -> Wakeups:
        self._thread.start()
        return self

    def stop(self) -> None:
        self._stop.set()
        self._thread.join(timeout=3)

    def _run(self) -> None:
        psycopg = psycopg_module()
        while not self._stop.is_set():
            try:
                with psycopg.connect(self.url, autocommit=True, connect_timeout=5) as connection:
                    connection.execute(f"LISTEN {CHANNEL}")
                    self.on_connection(None)
                    while not self._stop.is_set():
                        for note in connection.notifies(timeout=0.5):
                            self.on_table(note.payload)
            except psycopg.Error as err:
                if not self._stop.is_set():
                    self.on_connection(explain(err, self.url))
                    self._stop.wait(RETRY)
