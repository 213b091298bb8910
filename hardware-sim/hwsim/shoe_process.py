"""`sim://?...&process=1`: the simulated shoe and its SHOE/1 driver in a process of their own, as a shoe is a
device of its own; the events the driver delivers stream to this process while it plays.

Nothing is skipped: in the shoe's process every card still goes through the shoe model, the cable, the SHOE/1
codec both ways, the delivery rules and the ACK (it is `SimulatedShoeSource`, unchanged). Only the delivered
events cross, a few at a time, so this process handles the first cards of a deal while the shoe's process
still reads the rest: `rptable simulate` plays on one core while the shoe works on the other.

What this side sees is exactly what the in-process source shows, at every call: `recv()` the same events in
the same order; `status()` the state as it stands once the shoe has done what it was doing (it waits for
that), with this side's own lock/unlock and pack loads applied at once, as in-process; `cards_left` and
`truth_of(seq)` the same answers. The shoe's process ends when this side closes it or goes away.
"""

from __future__ import annotations

import contextlib
import multiprocessing
import os
import pickle
import traceback
from collections import deque
from collections.abc import Sequence
from typing import Any

from controller.cards import PACK, Card
from drivers.base import CardEvent, CardSource, SourceError, SourceEvent, SourceStatus
from hwsim.inprocess import SimulatedShoeSource

# Events per message: the first alone, so play starts at once, then twice as many each time (a deal of 35
# cards is 6 messages): every message costs both processes a system call and often a wake-up.
MAX_CHUNK = 16

# A snapshot of the shoe's process: how many of this side's commands it had taken, then the status fields.
Snapshot = tuple[int, int, bool, bool, float | None, int, int]


class ShoeProcess(CardSource):
    """This side: a card source whose shoe runs in a child process (forked, so it starts in milliseconds)."""

    scheme = "sim"

    def __init__(self, url: str, process: Any, channel: Channel) -> None:
        super().__init__(url)
        self._process = process
        self._conn = channel
        self._events: deque[SourceEvent] = deque()  # streamed, not yet taken by recv()
        # Commands (deal, load, lock) wait here and go with the next request: the shoe takes them, in order,
        # before it runs again, which is when it would act on them anyway; one message instead of several.
        self._queued: list[tuple[Any, ...]] = []
        self._streaming = False  # the shoe is still working on the last recv request
        self._commands = 0  # commands sent that change what status() shows
        self._loaded_at = 0  # the command that last set cards_left (a pack loaded here)
        self._locked_at = 0  # the command that last set the gate (lock/unlock here)
        self._cards_left = 0
        self._status.connected = True

    @classmethod
    def start(cls, url: str) -> ShoeProcess:
        SimulatedShoeSource.in_this_process(url).close()  # a bad URL is refused here, in words, not in the child
        to_shoe, from_shoe = os.pipe(), os.pipe()
        here, there = Channel(from_shoe[0], to_shoe[1]), Channel(to_shoe[0], from_shoe[1])
        context = multiprocessing.get_context("fork")
        process = context.Process(target=_serve, args=(there, here, url), name="simulated shoe", daemon=True)
        process.start()
        there.close()  # the shoe's ends are its own: when it ends, this side reads the end of the pipe
        source = cls(url, process, here)
        source._streaming = True
        source._finish_stream()  # the shoe is up: what its driver said on starting, and its status
        return source

    # -- the dealer's hand --------------------------------------------------------------------------------
    def deal(self, count: int = 1) -> None:
        self._queued.append(("deal", count))

    def load(self, cards: Sequence[Card]) -> None:
        self._commands += 1
        self._loaded_at, self._cards_left = self._commands, len(cards)
        self._queued.append(("load", [card.index for card in cards], self._commands))

    @property
    def cards_left(self) -> int:
        return self._cards_left

    def truth_of(self, seq: int) -> Card | None:
        self._finish_stream()
        self._send(("truth", seq))
        index = self._answer()
        return None if index is None else PACK[index]

    def _set_locked(self, locked: bool) -> None:
        self._commands += 1
        self._locked_at = self._commands
        self._status.locked = locked
        self._queued.append(("lock", locked, self._commands))

    # -- CardSource ----------------------------------------------------------------------------------------
    def _recv_internal(self, timeout: float | None) -> SourceEvent | None:
        events, asked = self._events, False
        while not events:
            if not self._streaming:
                if asked:
                    return None  # the shoe ran until the timeout and nothing came
                self._send(("recv", timeout))
                self._streaming = asked = True
            self._read_chunk(timeout)
        return events.popleft()

    def status(self) -> SourceStatus:
        self._finish_stream()  # as in-process: the state once the shoe has done what it was doing
        return self._status

    def _shutdown(self) -> None:
        with contextlib.suppress(OSError):  # already gone
            self._conn.send([("close",)])
        self._process.join(timeout=2.0)
        if self._process.is_alive():
            self._process.terminate()
            self._process.join(timeout=2.0)
        self._conn.close()

    # -- the pipe ------------------------------------------------------------------------------------------
    def _send(self, request: tuple[Any, ...]) -> None:
        if self._closed:
            raise SourceError(f"{self.url} is closed")
        messages, self._queued = self._queued, []
        messages.append(request)
        try:
            self._conn.send(messages)
        except OSError as err:
            raise self._gone(f"it could not be reached ({err})") from err

    def _finish_stream(self) -> None:
        while self._streaming:
            self._read_chunk(None)

    def _read_chunk(self, timeout: float | None = None) -> None:
        """Take the next message of the stream: events, whether the shoe is done, and its status."""
        events, done, snapshot = self._answer(timeout)
        self._take_snapshot(snapshot)
        if events:
            self._events.extend(self._event(e) for e in events)
        if done:
            self._streaming = False

    def _answer(self, timeout: float | None = None) -> Any:
        try:
            message = self._conn.recv()
        except (EOFError, OSError) as err:
            raise self._gone("it ended") from err
        if isinstance(message, tuple) and message and message[0] == "error":
            raise SourceError(f"The simulated shoe ({self.url}) failed in its own process: {message[1]}")
        return message

    def _gone(self, why: str) -> SourceError:
        self._streaming = False
        return SourceError(f"The simulated shoe's process ({self.url}) is gone: {why}. Start the session again; "
                           "a journal it wrote to resumes where it stopped.")

    def _take_snapshot(self, snapshot: Snapshot) -> None:
        taken, cards_left, locked, connected, heartbeat, duplicates, bad_frames = snapshot
        status = self._status
        if taken >= self._loaded_at:  # else a pack loaded here since: its count stands, as in-process
            self._cards_left = cards_left
        if taken >= self._locked_at:  # else this side locked or unlocked since: that stands
            status.locked = locked
        status.connected = connected
        status.last_heartbeat = heartbeat
        status.duplicates_dropped = duplicates
        status.frames_dropped = bad_frames
        status.cards_left = self._cards_left

    def _event(self, item: Any) -> SourceEvent:
        if type(item) is tuple:  # a card, sent small: (card index or -1, seq, quality, at)
            index, seq, quality, at = item
            return CardEvent(None if index < 0 else PACK[index], seq, quality, self.url, at)
        event: SourceEvent = item
        return event


# -- the shoe's process ----------------------------------------------------------------------------------------
class _StreamingShoe(SimulatedShoeSource):
    """The in-process source, handing each delivered event to the pipe instead of a queue."""

    def __init__(self, url: str, conn: Channel) -> None:
        self._conn = conn
        self._out: list[Any] = []
        self._delivered_now = 0  # events handed on in this run
        self._chunk = 1  # events to gather before the next message
        self._taken = 0  # the last of the other side's commands that changes its status, taken
        super().__init__(url, **SimulatedShoeSource.options(url))  # the same shoe and driver, the same URL

    def serve(self) -> None:
        conn = self._conn
        self._send_chunk(done=True)  # up and greeted
        while True:
            try:
                messages = conn.recv()
            except (EOFError, OSError):
                return  # the other side went away: so does the shoe
            for message in messages:
                if not self._take(message):
                    return

    def _take(self, message: tuple[Any, ...]) -> bool:
        """Do what the other side asks; False when it closes the shoe."""
        kind = message[0]
        if kind == "recv":
            self._delivered_now, self._chunk = 0, 1
            self._run_until_delivered(message[1])
            self._send_chunk(done=True)
        elif kind == "deal":
            self.deal(message[1])
        elif kind == "load":
            self.load([PACK[i] for i in message[1]])
            self._taken = message[2]
        elif kind == "lock":
            self.lock() if message[1] else self.unlock()
            self._taken = message[2]
        elif kind == "truth":
            card = self.truth_of(message[1])
            self._conn.send(None if card is None else card.index)
        elif kind == "close":
            self.close()
            return False
        return True

    def _hand_on(self, events: list[SourceEvent]) -> None:
        out = self._out
        for event in events:
            if type(event) is CardEvent:
                card = event.card
                out.append((-1 if card is None else card.index, event.seq, event.quality, event.at))
            else:
                out.append(event)
        self._delivered_now += len(events)
        if len(out) >= self._chunk:
            self._send_chunk(done=False)
            self._chunk = min(2 * self._chunk, MAX_CHUNK)

    def _delivered(self) -> bool:
        return self._delivered_now > 0

    def _send_chunk(self, *, done: bool) -> None:
        status = self.status()
        counters = self._delivery.counters
        snapshot: Snapshot = (self._taken, self.model.cards_left, status.locked, status.connected,
                              status.last_heartbeat, counters.duplicates_dropped, counters.bad_frames)
        self._conn.send((self._out, done, snapshot))
        self._out = []


class Channel:
    """One end of a pair of pipes carrying pickled messages, each behind its length. Reads are buffered, so one
    system call takes every message already waiting (a stream's chunks often are)."""

    def __init__(self, read_fd: int, write_fd: int) -> None:
        self._reader = os.fdopen(read_fd, "rb", buffering=1 << 16)
        self._write_fd = write_fd

    def send(self, message: Any) -> None:
        data = pickle.dumps(message, pickle.HIGHEST_PROTOCOL)
        view = memoryview(len(data).to_bytes(4, "little") + data)
        while view:
            view = view[os.write(self._write_fd, view):]

    def recv(self) -> Any:
        header = self._reader.read(4)
        if len(header) < 4:
            raise EOFError("the other end closed the pipe")
        size = int.from_bytes(header, "little")
        data = self._reader.read(size)
        if len(data) < size:
            raise EOFError("the other end closed the pipe")
        return pickle.loads(data)

    def close(self) -> None:
        with contextlib.suppress(OSError):
            self._reader.close()
        with contextlib.suppress(OSError):
            os.close(self._write_fd)


def _serve(conn: Channel, other_end: Channel, url: str) -> None:
    other_end.close()  # the controller's ends: only the controller may hold them, or the shoe never sees it go
    try:
        _StreamingShoe(url, conn).serve()
    except BaseException as err:  # whatever it was, the other side must hear it in words
        with contextlib.suppress(OSError):
            conn.send(("error", f"{err!r}\n{traceback.format_exc(limit=5)}"))
        os._exit(1)
