"""The SHOE/1 driver: open a link to the shoe, greet it, read its frames, apply the delivery rules, send the
replies, and reconnect with backoff while the shoe is gone.

A link (a serial line or socket, a USB device, the simulator in-process) carries frames both ways; everything
else lives here once. On the machine's clock the driver runs on a thread of its own and `recv()` takes what it
posted. On a virtual clock (a simulated shoe, `clock=virtual`) there is no thread: each `recv()` turns the same
loop until an event comes, and waiting moves the clock on instead of sleeping.
"""

from __future__ import annotations

import contextlib
import logging
import math
import queue
import threading
from abc import ABC, abstractmethod
from typing import Self

from drivers.base import CardSource, DeviceFault, SourceError, SourceEvent, SourceStatus, StatusEvent, url_query
from drivers.clock import MACHINE_CLOCK, Clock
from drivers.shoe1.auth import KeyFileError, ShoeKey, read_key_file
from drivers.shoe1.delivery import GAP_WAIT, HEARTBEAT_TIMEOUT, Delivery, Outcome
from drivers.shoe1.messages import Decoded, HostMessage, Lock, Unlock

log = logging.getLogger(__name__)

READ_SLICE = 0.05  # the longest one read waits, so deadlines and close() are noticed promptly
BACKOFF_FIRST, BACKOFF_MAX = 0.1, 2.0
STALL_SLACK = 0.25  # seconds a turn may run over its wait (a slow read, a busy thread) before it is a stall
# A fault's LOCK is not sent again within this while the gate is wanted closed: the shoe answers each LOCK with a
# STAT, so a LOCK per fault in a storm of them would double the storm (and feed it, when the STAT is refused too).
LOCK_REPEAT = 0.5


class LinkLost(Exception):
    """The link failed while open (device unplugged, port vanished, socket closed)."""


class LinkUnavailable(Exception):
    """The link could not be opened; the message says what happened and what to do."""


class NoGreeting(Exception):
    """The shoe is there but did not say who it is; the session goes on without its identity."""


class Link(ABC):
    """The host's end of the cable to a SHOE/1 shoe: frames from the shoe in, host messages out."""

    # True when the last read stopped at its limit rather than on an idle line: more has arrived already.
    more_waiting = False

    @abstractmethod
    def open(self) -> None:
        """Open the link; raise LinkUnavailable with a message a person can act on."""

    @abstractmethod
    def close(self) -> None: ...

    @abstractmethod
    def read_frames(self, timeout: float) -> list[Decoded]:
        """Frames received within `timeout` seconds (maybe none); raise LinkLost if the link failed."""

    @abstractmethod
    def send(self, message: HostMessage) -> None:
        """Send one host message; raise LinkLost if the link failed."""

    @property
    def key_id(self) -> str | None:
        """The id of the SHOE/1-A key the link authenticates the shoe with; None: plain SHOE/1."""
        return None

    def contact_lost(self) -> None:  # noqa: B027 - optional: a link with no session to renew ignores it
        """The shoe fell silent while the link stayed open (the delivery rules called it offline)."""

    def greet(self) -> list[Decoded]:
        """Start the session once the link is open; the frames the greeting produced (USB: GET_INFO's answer).
        Raise NoGreeting when the shoe deals but will not say who it is."""
        return []


def shoe_key(query: dict[str, str]) -> ShoeKey | None:
    """The SHOE/1-A pairing key a shoe URL names (`key=PATH`); None: plain SHOE/1, and the table says so."""
    path = query.get("key")
    if path is None:
        return None
    if not path:
        raise SourceError("key= names no file: give the pairing key's path (rptable shoe keygen PATH makes one)")
    try:
        return read_key_file(path)
    except KeyFileError as err:
        raise SourceError(str(err)) from err


def flag(query: dict[str, str], name: str, default: bool) -> bool:
    value = query.get(name)
    return default if value is None else value.lower() not in ("0", "false", "no", "off")


SECONDS_OPTION_MAX = 3600.0  # an hour: longer than any wait a shoe's timing needs


def seconds_option(query: dict[str, str], name: str, default: float) -> float:
    """A URL option that is a number of seconds: above 0 and at most an hour, or the URL is refused."""
    text = query.get(name)
    if text is None:
        return default
    try:
        value = float(text)
    except ValueError:
        value = math.nan
    if not math.isfinite(value) or not 0 < value <= SECONDS_OPTION_MAX:
        shown = text if len(text) <= 30 else text[:27] + "..."
        raise SourceError(f"{name}={shown} is not a number of seconds above 0 and at most {SECONDS_OPTION_MAX:g}")
    return value


# The shoe's STAT states that say where its gate is: closed (True) or open.
GATE_STATES = {"LOCKED": True, "READY": False, "EMPTY": False}


class Shoe1Source(CardSource):
    """A SHOE/1 shoe over any link. URL options of every transport: `hb_timeout`, `gap_wait`, `lock_on_fault`,
    `key` (the SHOE/1-A pairing key's file: see `shoe_key`)."""

    def __init__(self, url: str, link: Link, *, clock: Clock = MACHINE_CLOCK,
                 uptime_modulus: int | None = None) -> None:
        super().__init__(url)
        query = url_query(url)
        self._link = link
        self._clock = clock
        self._delivery = Delivery(
            url,
            heartbeat_timeout=seconds_option(query, "hb_timeout", HEARTBEAT_TIMEOUT),
            gap_wait=seconds_option(query, "gap_wait", GAP_WAIT),
            lock_on_fault=flag(query, "lock_on_fault", True),
            wall_clock=clock.wall,
            uptime_modulus=uptime_modulus,
            key_id=link.key_id,
        )
        self._events: queue.SimpleQueue[SourceEvent] = queue.SimpleQueue()
        self._stop = threading.Event()
        self._write_lock = threading.Lock()
        self._linked = False
        self._want_locked = False
        self._wish_given = False  # the host has asked for the gate locked or open: ask again on each connection
        self._lock_sent_at = -math.inf  # when a fault's LOCK last went out
        self._retry_at = 0.0
        self._last_tick = 0.0
        self._last_turn_end = 0.0  # when the last turn read the link: a much later next read means a stall
        self._backoff = BACKOFF_FIRST
        self._thread = None if clock.virtual else threading.Thread(
            target=self._run, name=f"shoe1 driver {url}", daemon=True)

    @property
    def lock_on_fault(self) -> bool:
        return self._delivery.lock_on_fault

    @lock_on_fault.setter
    def lock_on_fault(self, value: bool) -> None:
        self._delivery.lock_on_fault = value

    @property
    def delivery(self) -> Delivery:
        return self._delivery

    def start(self) -> Self:
        """Start the driver's thread (on a virtual clock there is none: `recv()` runs the driver)."""
        if self._thread is not None:
            self._thread.start()
        return self

    # -- the driver's loop ---------------------------------------------------------------------------------
    def _run(self) -> None:
        try:
            while not self._stop.is_set():
                self._turn(READ_SLICE)
        finally:
            self._disconnect()

    def _turn(self, longest_wait: float) -> None:
        """One turn of the loop: open the link once the backoff is over, or read what arrives within
        `longest_wait` seconds (less when a delivery deadline comes sooner) and apply the delivery rules."""
        clock = self._clock
        if not self._linked:
            left = self._retry_at - clock.monotonic()
            if left > 0:
                clock.sleep(min(left, longest_wait), self._stop)
            else:
                self._connect()
            return
        try:
            started = clock.monotonic()
            deadline = self._delivery.next_deadline()
            wait = longest_wait if deadline is None else max(0.0, min(longest_wait, deadline - started))
            frames = self._link.read_frames(wait)
            now = clock.monotonic()
            self._note_stall(now, wait)
            for frame in frames:
                self._apply(self._delivery.on_frame(frame, now))
            # A deadline (a gap's RESYNC, the heartbeat) is judged on what the shoe has sent by now: a host that
            # fell behind reads what has arrived first, so the answer already waiting is not given up for lost.
            # A line that never goes idle (a flood) still has its deadlines judged once per heartbeat timeout.
            if not self._link.more_waiting or now - self._last_tick >= self._delivery.heartbeat_timeout:
                self._last_tick = now
                self._apply(self._delivery.tick(now))
        except LinkLost as exc:
            self._lose_link(exc)

    def _note_stall(self, now: float, waited: float) -> None:
        """A driver that stood still far longer than it meant to wait (a loaded machine starving its thread) gives
        the shoe that time back: a gap's RESYNC or the heartbeat is judged on time the driver was there to read
        the answer (a simulated shoe in the same process stood still too)."""
        if not self._clock.virtual and self._last_turn_end:
            stalled = now - self._last_turn_end - waited
            if stalled > STALL_SLACK:
                self._delivery.postpone(stalled)
        self._last_turn_end = now

    def _connect(self) -> None:
        clock = self._clock
        try:
            self._link.open()
        except LinkUnavailable as exc:
            log.debug("%s: %s (retrying in %.1f s)", self.url, exc, self._backoff)
            if not self._delivery.offline:
                self._post(DeviceFault("OPEN_FAILED", str(exc), self.url, clock.wall()))
                self._delivery.offline = True  # its return is announced like any reconnection
            self._retry_at = clock.monotonic() + self._backoff
            self._backoff = min(self._backoff * 2, BACKOFF_MAX)
            return
        self._backoff = BACKOFF_FIRST
        self._linked = True
        self._status.connected = True
        try:
            self._apply(self._delivery.link_up(clock.monotonic()))
            if self._want_locked:
                self._send_locked(Lock())
            elif self._wish_given:
                # A shoe that powered up with its gate closed, or that another session locked, is opened again
                # when the table wants it open; its STAT answer says what the gate is now.
                self._send_locked(Unlock())
            try:
                frames = self._link.greet()
            except NoGreeting as exc:
                self._post(StatusEvent("CONNECTED", self.url, clock.wall(), str(exc)))
                frames = []
            for frame in frames:
                self._apply(self._delivery.on_frame(frame, clock.monotonic()))
        except LinkLost as exc:
            self._lose_link(exc)

    def _lose_link(self, exc: LinkLost) -> None:
        log.warning("%s: link lost (%s); reconnecting", self.url, exc)
        self._disconnect()
        self._apply(self._delivery.link_lost(self._clock.monotonic(), _lost_text(str(exc))))

    def _disconnect(self) -> None:
        if self._linked:
            self._linked = False
            self._link.close()

    def _apply(self, outcome: Outcome) -> None:
        # Replies first: the ACK should leave before the card is handed on, so the shoe does not resend.
        # But the events are posted even when a reply cannot be sent (the port vanished just then): the
        # delivery rules already count the card as delivered, and an unacknowledged card the shoe resends
        # is dropped as a retransmission, so posting is what keeps it from being lost.
        try:
            for reply in outcome.replies:
                if isinstance(reply, Lock):
                    if self._want_locked and self._clock.monotonic() < self._lock_sent_at + LOCK_REPEAT:
                        continue  # asked a moment ago, and no one has asked it open since
                    self._want_locked = True
                    self._status.locked = True
                    self._lock_sent_at = self._clock.monotonic()
                if self._linked:
                    self._send_locked(reply)
        finally:
            for event in outcome.events:
                if isinstance(event, DeviceFault) and event.code == "OFFLINE" and self._linked:
                    with contextlib.suppress(LinkLost):  # a line that failed just now is seen failing next read
                        self._link.contact_lost()
                self._post(event)

    def _send_locked(self, message: HostMessage) -> None:
        with self._write_lock:
            self._link.send(message)

    def _post(self, event: SourceEvent) -> None:
        if isinstance(event, StatusEvent):
            if event.state == "DISCONNECTED":
                self._status.connected = False
            elif event.state in GATE_STATES:
                self._status.locked = GATE_STATES[event.state]  # what the shoe says its gate is
        self._events.put(event)

    # -- CardSource ----------------------------------------------------------------------------------------
    def _recv_internal(self, timeout: float | None) -> SourceEvent | None:
        if self._thread is None:
            return self._turn_until_event(timeout)
        try:
            return self._events.get(timeout=timeout)
        except queue.Empty:
            return None

    def _turn_until_event(self, timeout: float | None) -> SourceEvent | None:
        """Without a thread: turn the loop until an event is posted or `timeout` seconds of the clock pass
        (at least one turn, so a timeout of 0 takes what the shoe has sent by now)."""
        clock, events = self._clock, self._events
        give_up = None if timeout is None else clock.monotonic() + timeout
        while events.empty():
            wait = READ_SLICE if give_up is None else max(0.0, min(READ_SLICE, give_up - clock.monotonic()))
            self._turn(wait)
            if give_up is not None and clock.monotonic() >= give_up and events.empty():
                return None
        return events.get_nowait()

    def _set_locked(self, locked: bool) -> None:
        self._want_locked = locked
        self._wish_given = True
        self._lock_sent_at = -math.inf  # the next fault's LOCK goes out whatever was sent before
        if self._linked:
            # On failure the driver sees the loss too; the wish is sent again on reconnection.
            with contextlib.suppress(LinkLost):
                self._send_locked(Lock() if locked else Unlock())

    def _shutdown(self) -> None:
        self._stop.set()
        if self._thread is None:
            self._disconnect()
        elif self._thread.is_alive() and self._thread is not threading.current_thread():
            self._thread.join(timeout=2.0)

    def status(self) -> SourceStatus:
        status = self._status
        counters = self._delivery.counters
        status.duplicates_dropped = counters.duplicates_dropped
        status.frames_dropped = counters.bad_frames
        status.last_heartbeat = self._delivery.last_heartbeat_wall
        status.connected = self._linked and not self._delivery.offline
        hello = self._delivery.hello
        if hello is not None:
            status.info.update(model=hello.model, serial=hello.serial, firmware=hello.firmware)
        status.info["unknown_frames"] = str(counters.unknown_frames)
        status.info["gaps"] = str(counters.gaps)
        status.info["forged"] = str(counters.forged)
        key_id = self._link.key_id
        status.authenticated = key_id is not None
        if key_id is not None:
            status.info["key_id"] = key_id
        return status


def _lost_text(detail: str) -> str:
    return (
        f"The shoe's connection was lost ({detail}). Stop dealing; check the cable. The controller "
        "reconnects by itself and asks the shoe to resend what it missed."
    )
