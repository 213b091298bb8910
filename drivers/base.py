"""The one interface every card source implements, and the URL registry that opens them.

A card source turns a device's bytes or frames into `CardEvent`s, `DeviceFault`s and `StatusEvent`s. The base
class owns the public `recv()` (bookkeeping, counters, closing); a backend fills `_recv_internal()` only, as
in python-can's BusABC. Sources are opened by URL and loaded lazily, so pyusb and OpenCV load only when a
`usb://` or `camera://` URL is opened.
"""

from __future__ import annotations

import importlib
import threading
import time
from abc import ABC, abstractmethod
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from typing import ClassVar
from urllib.parse import parse_qs, urlsplit

from drivers.cards import Card


@dataclass(frozen=True, slots=True)
class CardEvent:
    """A card left the shoe (or settled under the camera). `card` is None when it could not be read (`??`)."""

    card: Card | None
    seq: int
    quality: int | None
    source: str
    at: float  # time.time() when the host received it

    @property
    def code(self) -> str:
        return self.card.code if self.card is not None else "??"


@dataclass(frozen=True, slots=True)
class DeviceFault:
    """Something the device reported or the driver detected that must stop play until resolved.

    Codes: the device's own (`E01`..`E07` of SHOE/1) or the driver's: `OFFLINE` (no heartbeat / device gone;
    a StatusEvent CONNECTED follows when it is back), `OPEN_FAILED` (the port or device cannot be opened; the
    driver keeps retrying), `SEQ_GAP` (cards left unseen, RESYNC did not recover them), `SEQ_ORDER` (a card
    lost before the first one seen arrived late), `SEQ_CONFLICT` (a seq resent as another card),
    `SEQ_RESTART` (the shoe restarted its count), `IO_ERROR`, `AUTH` (a message failed SHOE/1-A's
    authentication: forged, replayed, unauthenticated, or from a device that is not the paired shoe).
    """

    code: str
    text: str
    source: str
    at: float


@dataclass(frozen=True, slots=True)
class DeviceIdentity:
    """Who the device says it is at the start of a session. `key_id` names the pairing key it proved it holds
    (SHOE/1-A); None when nothing was proved: plain SHOE/1, whose HELLO anyone on the line could have sent."""

    model: str
    serial: str
    firmware: str
    key_id: str | None = None

    @property
    def authenticated(self) -> bool:
        return self.key_id is not None


@dataclass(frozen=True, slots=True)
class StatusEvent:
    """The device's state changed: READY, EMPTY, COVER_OPEN, LOCKED, CONNECTED, DISCONNECTED. A CONNECTED that
    starts a session with the device carries its `identity`."""

    state: str
    source: str
    at: float
    detail: str = ""
    identity: DeviceIdentity | None = None


SourceEvent = CardEvent | DeviceFault | StatusEvent


@dataclass
class SourceStatus:
    """What a technician or the console's status bar shows about a source."""

    device: str = ""
    connected: bool = False
    state: str = "UNKNOWN"
    last_heartbeat: float | None = None
    cards: int = 0
    duplicates_dropped: int = 0
    frames_dropped: int = 0
    faults: int = 0
    locked: bool = False
    cards_left: int | None = None  # when the device knows (simulator, camera: None)
    authenticated: bool | None = None  # a shoe's link: SHOE/1-A with a pairing key, or not; None: no such link
    info: dict[str, str] = field(default_factory=dict)


class SourceError(Exception):
    """A source could not be opened or used; the message says what happened and what to do."""


class SimulatedShoe(ABC):
    """What a simulated shoe lets the program do that a real one leaves to the dealer's hands: draw cards on
    demand, load a freshly shuffled pack, count the cards left; and, as only a simulator can, tell what a card
    sent with a given seq really was."""

    # The cards the shoe was loaded with in an order of the user's choosing (`sim://?order=FILE`), dealt in that
    # order across rounds: the dealer loads no pack of his own into it. None: the dealer loads shuffled packs.
    ordered_cards: int | None = None

    @abstractmethod
    def deal(self, count: int = 1) -> None:
        """Draw `count` cards now (a dealer's hand on the shoe)."""

    @abstractmethod
    def load(self, cards: Sequence[Card]) -> None:
        """Empty the shoe and put these cards in it, the first of them to leave first."""

    @property
    @abstractmethod
    def cards_left(self) -> int:
        """Cards still in the shoe."""

    @abstractmethod
    def true_card(self, seq: int) -> Card | None:
        """The card that left the shoe with this seq, if it is among the last ones dealt."""


class CardSource(ABC):
    """Base of every card source. Thread-safe `recv()`; use as a context manager or an iterator."""

    scheme: ClassVar[str] = ""

    def __init__(self, url: str) -> None:
        self.url = url
        self._status = SourceStatus(device=url)
        self._closed = False
        self._lock = threading.Lock()

    # -- the public side, shared by every backend ------------------------------------------------------
    def recv(self, timeout: float | None = None) -> SourceEvent | None:
        """The next event, or None when `timeout` seconds pass without one."""
        if self._closed:
            raise SourceError(f"{self.url} is closed")
        event = self._recv_internal(timeout)
        if event is not None:
            self._count(event)
        return event

    def __iter__(self) -> Iterator[SourceEvent]:
        while not self._closed:
            event = self.recv(timeout=0.5)
            if event is not None:
                yield event

    def status(self) -> SourceStatus:
        return self._status

    def simulated_shoe(self) -> SimulatedShoe | None:
        """The shoe behind this source when it is a simulator (None for a real device)."""
        return None

    def lock(self) -> None:
        """Close the shoe's gate so that no card can be drawn (on a fault)."""
        self._set_locked(True)
        self._status.locked = True

    def unlock(self) -> None:
        self._set_locked(False)
        self._status.locked = False

    def close(self) -> None:
        if not self._closed:
            self._closed = True
            self._shutdown()

    def __enter__(self) -> CardSource:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def _count(self, event: SourceEvent) -> None:
        with self._lock:
            if isinstance(event, CardEvent):
                self._status.cards += 1
            elif isinstance(event, DeviceFault):
                self._status.faults += 1
            elif isinstance(event, StatusEvent):
                self._status.state = event.state

    # -- what a backend fills in ------------------------------------------------------------------------
    @abstractmethod
    def _recv_internal(self, timeout: float | None) -> SourceEvent | None:
        """Block up to `timeout` seconds for the next event; None on timeout."""

    def _set_locked(self, locked: bool) -> None:  # noqa: B027 - optional: sources without a gate ignore it
        """Tell the device to lock or unlock its gate (no-op where there is none)."""

    def _shutdown(self) -> None:  # noqa: B027 - optional
        """Release the device."""


MAX_URL = 1024  # a device path, a host and a few options; the URL is repeated in messages

# scheme -> "module:Class", imported only when a URL of that scheme is opened.
REGISTRY: dict[str, str] = {}


def register(scheme: str, target: str) -> None:
    REGISTRY[scheme] = target


def open_source(url: str) -> CardSource:
    """Open a card source from its URL, e.g. `serial:///dev/ttyUSB0?baud=9600`, `sim://?seed=42`."""
    if len(url) > MAX_URL:
        raise SourceError(f"'{url[:60]}...' is not a card source's URL: a URL holds at most {MAX_URL:,} characters")
    try:
        scheme = urlsplit(url).scheme
    except ValueError as err:  # e.g. an unclosed IPv6 bracket
        raise SourceError(f"'{url}' is not a URL: {err}") from err
    target = REGISTRY.get(scheme)
    if target is None:
        known = ", ".join(f"{s}://" for s in sorted(REGISTRY)) or "none"
        raise SourceError(f"'{url}' names no known card source (known: {known})")
    module_name, class_name = target.split(":")
    try:
        cls = getattr(importlib.import_module(module_name), class_name)
    except ImportError as exc:
        raise SourceError(
            f"'{url}' needs the Python package '{exc.name or module_name}', which is not installed: "
            "reinstall rptable with its dependencies (make setup)"
        ) from exc
    try:
        source: CardSource = cls.from_url(url)
    except ValueError as err:  # a malformed part of the URL: a port out of range, a broken address, a number
        raise SourceError(f"'{url}': {err}") from err
    return source


def url_query(url: str) -> dict[str, str]:
    """The URL's query as a flat dict (last value wins)."""
    return {k: v[-1] for k, v in parse_qs(urlsplit(url).query).items()}


def now() -> float:
    return time.time()


# The card sources this package ships. Targets are imported only when a URL of that scheme is opened. The
# simulated devices (`sim://`, `camera+sim://`) are not this package's: they register themselves (hwsim.schemes)
# when the program that wants them imports them, so no arrow runs from the drivers up to the simulator.
register("serial", "drivers.shoe1.serial_source:SerialShoeSource")
register("socket", "drivers.shoe1.serial_source:SerialShoeSource")  # SHOE/1 over TCP, same driver
register("usb", "drivers.shoe1.usb_source:UsbShoeSource")
register("manual", "drivers.manual:ManualSource")
register("camera", "drivers.camera.source:CameraSource")  # a capture device or a video file, OpenCV
