"""The reader thread both SHOE/1 drivers share: open, greet, read, apply the delivery rules, reconnect.

A transport (serial port or socket, USB device) supplies four small methods; everything else, including the
retry with backoff while the device is gone, lives here once.
"""

from __future__ import annotations

import contextlib
import logging
import math
import queue
import threading
import time
from abc import abstractmethod
from typing import Self

from drivers.base import CardSource, DeviceFault, SourceError, SourceEvent, SourceStatus, StatusEvent, url_query
from drivers.shoe1.delivery import GAP_WAIT, HEARTBEAT_TIMEOUT, Delivery, Outcome
from drivers.shoe1.messages import Decoded, HostMessage, Lock, Unlock

log = logging.getLogger(__name__)

READ_SLICE = 0.05  # the longest the reader blocks, so timeouts and close() are noticed promptly
BACKOFF_FIRST, BACKOFF_MAX = 0.1, 2.0


class LinkLost(Exception):
    """The transport failed while open (device unplugged, port vanished, socket closed)."""


class LinkUnavailable(Exception):
    """The transport could not be opened; the message says what happened and what to do."""


def flag(query: dict[str, str], name: str, default: bool) -> bool:
    value = query.get(name)
    return default if value is None else value.lower() not in ("0", "false", "no", "off")


def seconds_option(query: dict[str, str], name: str, default: float) -> float:
    """A URL option that is a number of seconds: positive and finite, or the URL is refused."""
    text = query.get(name)
    if text is None:
        return default
    try:
        value = float(text)
    except ValueError:
        value = math.nan
    if not math.isfinite(value) or value <= 0:
        raise SourceError(f"{name}={text} is not a number of seconds above 0")
    return value


class Shoe1Source(CardSource):
    """Base of the SHOE/1 drivers. URL options shared by both: `hb_timeout`, `gap_wait`, `lock_on_fault`."""

    def __init__(self, url: str) -> None:
        super().__init__(url)
        query = url_query(url)
        self._delivery = Delivery(
            url,
            heartbeat_timeout=seconds_option(query, "hb_timeout", HEARTBEAT_TIMEOUT),
            gap_wait=seconds_option(query, "gap_wait", GAP_WAIT),
            lock_on_fault=flag(query, "lock_on_fault", True),
        )
        self._events: queue.Queue[SourceEvent] = queue.Queue()
        self._stop = threading.Event()
        self._write_lock = threading.Lock()
        self._linked = False
        self._want_locked = False
        self._thread = threading.Thread(target=self._run, name=f"shoe1 reader {url}", daemon=True)

    @property
    def lock_on_fault(self) -> bool:
        return self._delivery.lock_on_fault

    @lock_on_fault.setter
    def lock_on_fault(self, value: bool) -> None:
        self._delivery.lock_on_fault = value

    def start(self) -> Self:
        self._thread.start()
        return self

    # -- what a transport supplies ---------------------------------------------------------------------------
    @abstractmethod
    def _open_link(self) -> None:
        """Open the transport; raise LinkUnavailable with a message a person can act on."""

    @abstractmethod
    def _close_link(self) -> None: ...

    @abstractmethod
    def _read_frames(self, timeout: float) -> list[Decoded]:
        """Frames received within `timeout` seconds (maybe none); raise LinkLost if the transport failed."""

    @abstractmethod
    def _send(self, message: HostMessage) -> None:
        """Send one host message; raise LinkLost if the transport failed."""

    def _greet(self) -> list[Decoded]:
        """Start the session once the transport is open; frames the greeting produced (USB: GET_INFO)."""
        return []

    # -- the reader thread ---------------------------------------------------------------------------------
    def _run(self) -> None:
        backoff = BACKOFF_FIRST
        while not self._stop.is_set():
            try:
                self._open_link()
            except LinkUnavailable as exc:
                log.debug("%s: %s (retrying in %.1f s)", self.url, exc, backoff)
                if not self._delivery.offline:
                    self._post(DeviceFault("OPEN_FAILED", str(exc), self.url, time.time()))
                    self._delivery.offline = True  # its return is announced like any reconnection
                self._stop.wait(backoff)
                backoff = min(backoff * 2, BACKOFF_MAX)
                continue
            backoff = BACKOFF_FIRST
            try:
                self._serve()
            except LinkLost as exc:
                log.warning("%s: link lost (%s); reconnecting", self.url, exc)
                self._linked = False
                self._apply(self._delivery.link_lost(time.monotonic(), _lost_text(str(exc))))
            finally:
                self._linked = False
                self._close_link()

    def _serve(self) -> None:
        self._linked = True
        self._status.connected = True
        self._apply(self._delivery.link_up(time.monotonic()))
        if self._want_locked:
            self._send_locked(Lock())
        for frame in self._greet():
            self._apply(self._delivery.on_frame(frame, time.monotonic()))
        while not self._stop.is_set():
            deadline = self._delivery.next_deadline()
            wait = READ_SLICE if deadline is None else max(0.0, min(READ_SLICE, deadline - time.monotonic()))
            frames = self._read_frames(wait)
            now = time.monotonic()
            for frame in frames:
                self._apply(self._delivery.on_frame(frame, now))
            self._apply(self._delivery.tick(now))

    def _apply(self, outcome: Outcome) -> None:
        # Replies first: the ACK should leave before the card is handed on, so the shoe does not resend.
        # But the events are posted even when a reply cannot be sent (the port vanished just then): the
        # delivery rules already count the card as delivered, and an unacknowledged card the shoe resends
        # is dropped as a retransmission, so posting is what keeps it from being lost.
        try:
            for reply in outcome.replies:
                if isinstance(reply, Lock):
                    self._want_locked = True
                    self._status.locked = True
                if self._linked:
                    self._send_locked(reply)
        finally:
            for event in outcome.events:
                self._post(event)

    def _send_locked(self, message: HostMessage) -> None:
        with self._write_lock:
            self._send(message)

    def _post(self, event: SourceEvent) -> None:
        if isinstance(event, StatusEvent) and event.state == "DISCONNECTED":
            self._status.connected = False
        self._events.put(event)

    # -- CardSource ----------------------------------------------------------------------------------------
    def _recv_internal(self, timeout: float | None) -> SourceEvent | None:
        try:
            return self._events.get(timeout=timeout)
        except queue.Empty:
            return None

    def _set_locked(self, locked: bool) -> None:
        self._want_locked = locked
        if self._linked:
            # On failure the reader thread sees the loss too; the wish is re-sent on reconnection.
            with contextlib.suppress(LinkLost):
                self._send_locked(Lock() if locked else Unlock())

    def _shutdown(self) -> None:
        self._stop.set()
        if self._thread.is_alive() and self._thread is not threading.current_thread():
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
        return status

    @property
    def delivery(self) -> Delivery:
        return self._delivery


def _lost_text(detail: str) -> str:
    return (
        f"The shoe's connection was lost ({detail}). Stop dealing; check the cable. The controller "
        "reconnects by itself and asks the shoe to resend what it missed."
    )
