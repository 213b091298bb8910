"""Repeats of one thing on the shoe's line, said once with a count, the first and the last time: whatever rate
a device or an attacker sends at, the table hears of it a few times a second, never once per message.

Pure: the caller passes the monotonic time (for the quiet window) and the wall time (for what is said)."""

from __future__ import annotations

import time
from dataclasses import dataclass

QUIET = 1.0  # seconds: the first of a storm is said at once, what follows within this is counted and said after


@dataclass(slots=True)
class Repeats:
    """What came after the first of a storm and was not said yet."""

    count: int
    first: float  # wall time
    last: float
    last_detail: str

    def span(self) -> str:
        """The times of the first and the last, as a person reads them off a clock."""
        first, last = (time.strftime("%H:%M:%S", time.localtime(t)) for t in (self.first, self.last))
        return f"at {first}" if first == last else f"between {first} and {last}"


class Coalescer:
    """One storm's bookkeeping: `first` says whether an occurrence is to be said now, `due` hands over what was
    counted once its quiet window is over."""

    def __init__(self, quiet: float = QUIET) -> None:
        self.quiet = quiet
        self._until: float | None = None  # the end of the current window; None: no storm
        self._pending: Repeats | None = None

    def first(self, now: float, wall: float, detail: str = "") -> bool:
        """True when this occurrence opens a storm and is said now; else it is counted for `due`."""
        if self._until is None:
            self._until = now + self.quiet
            return True
        pending = self._pending
        if pending is None:
            self._pending = Repeats(1, wall, wall, detail)
        else:
            pending.count += 1
            pending.last, pending.last_detail = wall, detail
        return False

    def due(self, now: float) -> Repeats | None:
        """At the end of a window: the repeats to say (and another window opens), or None (the storm is over, or
        the window is not)."""
        if self._until is None or now < self._until:
            return None
        pending, self._pending = self._pending, None
        self._until = now + self.quiet if pending is not None else None
        return pending

    @property
    def deadline(self) -> float | None:
        """When `due` next has something to decide (None: no storm)."""
        return self._until

    def postpone(self, seconds: float) -> None:
        if self._until is not None:
            self._until += seconds
