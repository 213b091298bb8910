"""`manual://`: the dealer enters each card by hand (typed or clicked) when the shoe cannot read them.

The console calls `enter("QS")` for each card in the order it leaves the shoe; `manual://?input=stdin`
reads cards, one or more per line, from standard input instead (a technician at a terminal:
`rptable shoe-test manual://?input=stdin`).
A manual card has no device seq: the source numbers them itself, from 0.
"""

from __future__ import annotations

import queue
import sys
import threading
import time
from typing import TextIO

from drivers.base import CardEvent, CardSource, SourceError, SourceEvent, StatusEvent, url_query
from drivers.cards import CardError, parse_card
from drivers.shoe1.messages import SEQ_MODULUS


class ManualSource(CardSource):
    scheme = "manual"

    def __init__(self, url: str = "manual://", lines: TextIO | None = None) -> None:
        super().__init__(url)
        self._events: queue.Queue[SourceEvent] = queue.Queue()
        self._seq = 0
        self._status.connected = True
        self._status.state = "READY"
        self.rejected = 0
        if lines is not None:
            threading.Thread(target=self._read_lines, args=(lines,), name="manual entry", daemon=True).start()

    @classmethod
    def from_url(cls, url: str) -> ManualSource:
        source = url_query(url).get("input")
        if source not in (None, "stdin"):
            raise SourceError(f"'{url}': input may only be 'stdin' (or omitted: cards come from the console)")
        return cls(url, sys.stdin if source == "stdin" else None)

    def enter(self, text: str) -> CardEvent:
        """Record a card entered by hand (`QS`, `10h`, `??` for a card that left but cannot be named).

        Raises CardError with the accepted syntax when the text is not a card; nothing is recorded then.
        """
        card = None if text.strip() == "??" else parse_card(text)
        event = CardEvent(card, self._seq, None, self.url, time.time())
        self._seq = (self._seq + 1) % SEQ_MODULUS
        self._events.put(event)
        return event

    def _read_lines(self, lines: TextIO) -> None:
        for line in lines:
            for word in line.replace(",", " ").split():
                try:
                    self.enter(word)
                except CardError as exc:
                    self.rejected += 1
                    print(f"{exc}. Nothing was recorded; type the card again.", file=sys.stderr)
        self._events.put(StatusEvent("EMPTY", self.url, time.time(), "end of input"))

    def _recv_internal(self, timeout: float | None) -> SourceEvent | None:
        try:
            return self._events.get(timeout=timeout)
        except queue.Empty:
            return None
