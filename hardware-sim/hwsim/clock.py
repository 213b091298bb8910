"""Virtual time for a simulated shoe in-process: it jumps to the next thing that happens, so a simulated session
runs as fast as the CPU allows, with no thread and no sleep."""

from __future__ import annotations

import threading

from drivers.clock import Clock

SMALLEST_STEP = 1e-6  # every wait moves time on by at least this much, so a loop that waits always gets somewhere


class VirtualClock(Clock):
    """Monotonic and wall time are one number, which moves only when something waits."""

    virtual = True

    def __init__(self, start: float = 1000.0) -> None:
        self.now = start

    def monotonic(self) -> float:
        return self.now

    def wall(self) -> float:
        return self.now

    def sleep(self, seconds: float, interrupt: threading.Event) -> None:
        if seconds > 0:
            self.advance_to(self.now + seconds)

    def advance_to(self, when: float) -> None:
        self.now = max(self.now + SMALLEST_STEP, when)
