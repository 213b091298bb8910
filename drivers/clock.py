"""The time a driver reads and waits on: the machine's clocks, or a simulator's time that jumps ahead.

A driver that runs on a thread of its own waits on the machine's clock. A simulated device on a virtual clock
(`hwsim`) has no thread: its driver runs inside `recv()`, and waiting moves the clock on instead of sleeping.
"""

from __future__ import annotations

import threading
import time
from typing import ClassVar


class Clock:
    """The machine's clocks: monotonic time for deadlines, wall time for what is recorded."""

    virtual: ClassVar[bool] = False  # True: nothing waits on a thread; time passes only when asked

    def monotonic(self) -> float:
        return time.monotonic()

    def wall(self) -> float:
        return time.time()

    def sleep(self, seconds: float, interrupt: threading.Event) -> None:
        """Wait `seconds`, or less if `interrupt` is set (the driver is closing)."""
        interrupt.wait(seconds)


MACHINE_CLOCK = Clock()
