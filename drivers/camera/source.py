"""The camera as a card source: frames from a capture device, a video file or the simulator, read into cards.

URLs: `camera://0?deck=NAME` (capture device 0), `camera:///path/video.mp4?deck=NAME` (a file); the
simulator's `camera+sim://` (hwsim.camera.source) reads synthetic frames through this same source.
Each card is reported once, when it has settled (see `settle`); quality = confidence x 100. A card that
cannot be read is reported as unreadable (card None) so that the dealer is asked, never guessed.
"""

from __future__ import annotations

import time
from collections import deque
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import cv2

from drivers.base import (
    CardEvent,
    CardSource,
    DeviceFault,
    SourceError,
    SourceEvent,
    StatusEvent,
    now,
    url_query,
)
from drivers.camera.detect import DETECT_WIDTH
from drivers.camera.profile import DeckProfile, ProfileError
from drivers.camera.recognise import Recogniser
from drivers.camera.settle import SettleTracker

FAILED_READS_OFFLINE = 30  # consecutive failed frame grabs before a live camera is declared offline


def recogniser_for(url: str, query: dict[str, str], *, detect_width: int = DETECT_WIDTH) -> Recogniser:
    """The recogniser of the deck the URL names (`?deck=NAME`, a deck taught with `rptable camera teach`); cards
    are searched for at `detect_width` (a camera over a whole layout, whose cards are small, needs more)."""
    deck = query.get("deck")
    if not deck:
        raise SourceError(f"'{url}' names no deck: add ?deck=NAME (a deck taught with `rptable camera teach`)")
    try:
        return Recogniser(DeckProfile.load(deck), detect_width=detect_width)
    except ProfileError as err:
        raise SourceError(str(err)) from err


class CameraSource(CardSource):
    scheme = "camera"

    def __init__(self, url: str, capture: Any, recogniser: Recogniser, *, live: bool, fps: float = 0.0,
                 tracker: SettleTracker | None = None) -> None:
        super().__init__(url)
        self._capture = capture
        self._recogniser = recogniser
        self._live = live  # a device can come back; a file or a simulation that ends is finished
        self._frame_interval = 1.0 / fps if fps > 0 else 0.0
        self._tracker = tracker or SettleTracker()
        self._pending: deque[SourceEvent] = deque()
        self._seq = 0
        self._failed_reads = 0
        self._finished = False
        self._offline = False
        self._next_frame_at = 0.0
        self._status.connected = True
        self._status.state = "READY"
        self._status.info = {"deck": recogniser.profile.name}

    @classmethod
    def from_url(cls, url: str) -> CameraSource:
        parts = urlsplit(url)
        query = url_query(url)
        # The URL's own mistakes first, before the deck is loaded and its matcher built (a second's work).
        device = parts.netloc.isdigit() if parts.netloc else False
        if not device and not parts.path:
            raise SourceError(f"'{url}' names no camera: use camera://0?deck=NAME or camera:///path/video.mp4")
        if not device and not Path(parts.path).is_file():
            raise SourceError(f"video file {parts.path} not found; check the path in '{url}'")
        recogniser = recogniser_for(url, query)
        if device:
            capture = cv2.VideoCapture(int(parts.netloc))
            live = True
        else:
            capture = cv2.VideoCapture(parts.path)
            live = False
        if not capture.isOpened():
            raise SourceError(f"cannot open the camera or video of '{url}': check the cable, the device "
                              f"number "
                              f"or the file")
        return cls(url, capture, recogniser, live=live)

    def _recv_internal(self, timeout: float | None) -> SourceEvent | None:
        deadline = None if timeout is None else time.monotonic() + timeout
        while not self._pending:
            if self._finished:
                if deadline is not None:
                    time.sleep(max(0.0, deadline - time.monotonic()))
                return None
            if deadline is not None and time.monotonic() >= deadline:
                return None
            self._process_next_frame()
        return self._pending.popleft()

    def _process_next_frame(self) -> None:
        if self._frame_interval:
            delay = self._next_frame_at - time.monotonic()
            if delay > 0:
                time.sleep(delay)
            self._next_frame_at = max(self._next_frame_at, time.monotonic()) + self._frame_interval
        ok, frame = self._capture.read()
        if not ok or frame is None:
            self._frame_lost()
            return
        self._failed_reads = 0
        if self._offline:
            self._offline = False
            self._status.connected = True
            self._pending.append(StatusEvent("CONNECTED", self.url, now(), "camera frames are back"))
        recogniser = self._recogniser
        for settled in self._tracker.update(recogniser.detect(frame), lambda d: recogniser.read(frame, d)):
            self._seq += 1
            quality = round(settled.confidence * 100)
            self._pending.append(CardEvent(settled.card, self._seq, quality, self.url, now()))

    def _frame_lost(self) -> None:
        if not self._live:
            self._finished = True
            self._status.state = "EMPTY"
            self._pending.append(StatusEvent("EMPTY", self.url, now(), "no more frames"))
            return
        self._failed_reads += 1
        self._status.frames_dropped += 1
        if self._failed_reads == FAILED_READS_OFFLINE:
            self._offline = True
            self._status.connected = False
            self._pending.append(DeviceFault("OFFLINE", "the camera sends no frames: check its cable and "
                                             "power; "
                                             "cards dealt meanwhile were not seen", self.url, now()))
        time.sleep(0.01)

    def _shutdown(self) -> None:
        self._capture.release()
