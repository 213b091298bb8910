"""SHOE/1's serial protocol over a line of bytes: sentences both ways, and the host's HELLO until the shoe
answers. The line may be a serial port, a TCP socket (`serial_source`) or the simulator's in-process cable.

With a pairing key the link speaks SHOE/1-A (serial_auth): the HELLO asks for a session, every sentence is
checked and sealed, a shoe that keeps answering in plain SHOE/1 is not the paired shoe, and a plain HELLO in a
session is a forgery, never a restart. Before a session, a
LOCK is sent plain too (locking is always safe: it stops an unpaired device dealing), an UNLOCK never."""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable

from drivers.clock import MACHINE_CLOCK, Clock
from drivers.shoe1 import codec
from drivers.shoe1.auth import ShoeKey
from drivers.shoe1.link_source import Link, LinkLost
from drivers.shoe1.messages import HOST_ID, Decoded, Forged, HostHello, HostMessage, Lock, ShoeHello, Unlock
from drivers.shoe1.serial_auth import HostSession

HELLO_RETRY = 1.0  # seconds without the shoe's HELLO before the host says HELLO again
READ_CHUNK = 4096  # bytes one read of a port takes at most: a full read means more may be waiting
# Plain HELLOs in answer to the host's SHOE/1-A HELLO before the link calls the shoe unpaired: one may be a
# shoe powering up just then, and another the answer to a HELLO sent before it.
PLAIN_ANSWERS_ALLOWED = 2


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

    def __init__(self, open_line: Callable[[], SerialLine], clock: Clock = MACHINE_CLOCK,
                 key: ShoeKey | None = None) -> None:
        self._open_line = open_line
        self._clock = clock
        self._line: SerialLine | None = None
        self._auth = HostSession(key) if key is not None else None
        self._reader = self._new_reader()
        self._greeted = False
        self._next_hello = 0.0
        self._plain_answers = 0  # plain HELLOs since the host last asked for a SHOE/1-A session
        self._gate_wish: Lock | Unlock | None = None  # asked before the session: sent once it starts
        self._paired_serial = ""  # the serial the session's HELLO proved

    @property
    def key_id(self) -> str | None:
        return self._auth.key.key_id if self._auth is not None else None

    def _new_reader(self) -> codec.SentenceReader:
        return codec.SentenceReader(codec.parse_shoe_body if self._auth is None else self._auth.open)

    def open(self) -> None:
        self._line = self._open_line()
        self._reader = self._new_reader()
        self._greeted = False
        self._plain_answers = 0
        if self._auth is not None:
            self._auth.restart()
        self._say_hello()

    def close(self) -> None:
        line, self._line = self._line, None
        if line is not None:
            line.close()

    def read_frames(self, timeout: float) -> list[Decoded]:
        data = self._open().read(timeout)
        self.more_waiting = len(data) >= READ_CHUNK
        frames = self._reader.feed(data)
        if self._auth is not None:
            frames = self._authenticated(frames)
        if not self._greeted:
            self._greeted = any(isinstance(f, ShoeHello) for f in frames)
            if not self._greeted and self._clock.monotonic() >= self._next_hello:
                self._say_hello()  # the HELLO or its answer was lost on a noisy line: ask until the shoe answers
        return frames

    def _authenticated(self, frames: list[Decoded]) -> list[Decoded]:
        """SHOE/1-A's handshake around the frames read. A plain HELLO proves nothing: in a session it means the
        shoe powered up again (it is greeted anew), or another device speaking (its serial gives it away);
        before one, a shoe that keeps answering plain is not the paired shoe. The gate's state asked for before
        the session goes out once it starts."""
        assert self._auth is not None
        out: list[Decoded] = []
        for frame in frames:
            if isinstance(frame, ShoeHello) and not frame.authenticated:
                out.extend(self._plain_hello(frame))
                continue
            if isinstance(frame, ShoeHello):
                self._plain_answers = 0
                self._paired_serial = frame.serial
                if self._gate_wish is not None:
                    wish, self._gate_wish = self._gate_wish, None
                    self._open().write(self._auth.seal(wish))
            out.append(frame)
        return out

    def _plain_hello(self, hello: ShoeHello) -> list[Decoded]:
        assert self._auth is not None
        if self._auth.established:
            # The paired shoe's serial is readable on the wire, so a plain HELLO proves nothing, whatever serial it
            # names: it never ends the session (else anyone on the line restarts it at will). A shoe that really
            # powered up again falls silent in the session; the link greets it anew once it is offline.
            return [Forged(f"a plain HELLO (serial {hello.serial[:20]}) on the authenticated line of the paired "
                           f"shoe {self._paired_serial}: not the paired shoe speaking")]
        self._plain_answers += 1  # the HELLO is said again on its timer, not once per answer
        if self._plain_answers <= PLAIN_ANSWERS_ALLOWED:
            return []
        self._plain_answers = 0
        return [Forged("the shoe answers the SHOE/1-A HELLO in plain SHOE/1: it is not the shoe paired with this "
                       "table, or it has no key")]

    def contact_lost(self) -> None:
        """The shoe fell silent on an open line (no heartbeat): a paired shoe that powered up again has lost its
        session and says nothing until asked, so the link asks for a new one. Only the paired shoe's silence
        does this, which no one else on the line can cause (a plain HELLO never does)."""
        if self._auth is not None and self._line is not None:
            self._auth.restart()
            self._greeted = False
            self._say_hello()

    def send(self, message: HostMessage) -> None:
        if self._auth is None:
            self._open().write(codec.encode(message))
            return
        if not self._auth.established and not isinstance(message, HostHello):
            # Nothing but the HELLO can be authenticated before the session: the gate's state waits for it, the
            # rest (an ACK, a RESYNC) means nothing to a shoe that has not proved the key. A LOCK goes out plain
            # at once as well: locking is always safe, and it stops a device that does not speak SHOE/1-A (an
            # unpaired or plain shoe, whose cards the table refuses) from dealing on. An UNLOCK never goes out
            # unauthenticated.
            if isinstance(message, Lock | Unlock):
                self._gate_wish = message
            if isinstance(message, Lock):
                self._open().write(codec.encode(message))
            return
        self._open().write(self._auth.seal(message))

    @property
    def noise_bytes(self) -> int:
        """Bytes read outside any sentence since the line was opened."""
        return self._reader.noise_bytes

    def _say_hello(self) -> None:
        self.send(HostHello(HOST_ID) if self._auth is None else self._auth.hello())
        self._next_hello = self._clock.monotonic() + HELLO_RETRY

    def _open(self) -> SerialLine:
        if self._line is None:
            raise LinkLost("the line is closed")
        return self._line
