"""SHOE/1's serial protocol over a line of bytes: sentences both ways, and the host's HELLO until the shoe
answers. The line may be a serial port, a TCP socket (`serial_source`) or the simulator's in-process cable."""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable

from drivers.clock import MACHINE_CLOCK, Clock
from drivers.shoe1 import codec
from drivers.shoe1.link_source import Link, LinkLost
from drivers.shoe1.messages import HOST_ID, Decoded, HostHello, HostMessage, ShoeHello

HELLO_RETRY = 1.0  # seconds without the shoe's HELLO before the host says HELLO again


class SerialLine(ABC):
    """An open line of bytes to the shoe."""

    @abstractmethod
    def read(self, timeout: float) -> bytes:
        """The bytes that arrive within `timeout` seconds (maybe none); raise LinkLost if the line failed."""

    @abstractmethod
    def write(self, data: bytes) -> None:
        """Send these bytes; raise LinkLost if the line failed."""

    @abstractmethod
    def close(self) -> None: ...


class SerialLink(Link):
    """The host's end of a SHOE/1 serial cable; `open_line` opens the line (or raises LinkUnavailable)."""

    def __init__(self, open_line: Callable[[], SerialLine], clock: Clock = MACHINE_CLOCK) -> None:
        self._open_line = open_line
        self._clock = clock
        self._line: SerialLine | None = None
        self._reader = codec.SentenceReader(codec.parse_shoe_body)
        self._greeted = False
        self._next_hello = 0.0

    def open(self) -> None:
        self._line = self._open_line()
        self._reader = codec.SentenceReader(codec.parse_shoe_body)
        self._greeted = False
        self._say_hello()

    def close(self) -> None:
        line, self._line = self._line, None
        if line is not None:
            line.close()

    def read_frames(self, timeout: float) -> list[Decoded]:
        frames = self._reader.feed(self._open().read(timeout))
        if not self._greeted:
            self._greeted = any(isinstance(f, ShoeHello) for f in frames)
            if not self._greeted and self._clock.monotonic() >= self._next_hello:
                self._say_hello()  # the HELLO or its answer was lost on a noisy line: ask until the shoe answers
        return frames

    def send(self, message: HostMessage) -> None:
        self._open().write(codec.encode(message))

    @property
    def noise_bytes(self) -> int:
        """Bytes read outside any sentence since the line was opened."""
        return self._reader.noise_bytes

    def _say_hello(self) -> None:
        self.send(HostHello(HOST_ID))
        self._next_hello = self._clock.monotonic() + HELLO_RETRY

    def _open(self) -> SerialLine:
        if self._line is None:
            raise LinkLost("the line is closed")
        return self._line
