"""SIGTERM and SIGHUP stop a table as Ctrl-C does: a service manager stopping it, or its terminal closing, lets
it finish what it must (send the floor its backlog, within a bound; say on the floor that the table closed;
close the journal) instead of dying with events unsent and the pit showing the table as silent for ever."""

from __future__ import annotations

import contextlib
import signal
import threading
from collections.abc import Callable, Iterator

STOP_SIGNALS = (signal.SIGTERM, signal.SIGHUP)


def signal_name(signum: int) -> str:
    return signal.Signals(signum).name


class Stopped(KeyboardInterrupt):
    """The program was asked to stop by a signal (`signum`): it unwinds as it does after Ctrl-C."""

    def __init__(self, signum: int) -> None:
        super().__init__(signal_name(signum))
        self.signum = signum


@contextlib.contextmanager
def stopping_like_ctrl_c(on_stop: Callable[[int], None] | None = None) -> Iterator[None]:
    """While inside, SIGTERM and SIGHUP call `on_stop(signum)` (by default: raise Stopped, a KeyboardInterrupt,
    where the program stands). Outside the main thread signals cannot be caught: nothing changes there."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return

    def handler(signum: int, _frame: object) -> None:
        if on_stop is None:
            raise Stopped(signum)
        on_stop(signum)

    previous = {sig: signal.signal(sig, handler) for sig in STOP_SIGNALS}
    try:
        yield
    finally:
        for sig, before in previous.items():
            signal.signal(sig, before)
