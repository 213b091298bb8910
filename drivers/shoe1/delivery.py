"""SHOE/1 delivery rules shared by the serial and USB drivers: ACK, de-duplication, seq gaps, heartbeat.

Pure logic: the caller passes the monotonic time `now` and gets back the events to deliver and the messages to
send to the shoe. It never invents a card (only CARD frames become CardEvents), never drops one silently (a
card missing from the sequence is a SEQ_GAP fault naming it), and never delivers a seq twice.
"""

from __future__ import annotations

import time
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass, field

from drivers.base import CardEvent, DeviceFault, SourceEvent, StatusEvent
from drivers.shoe1.messages import (
    DEVICE_FAULTS,
    SEQ_MODULUS,
    Ack,
    BadFrame,
    CardFrame,
    Decoded,
    FaultFrame,
    Heartbeat,
    HostMessage,
    Lock,
    Nak,
    Resync,
    ShoeHello,
    StatusFrame,
    UnknownFrame,
)

HEARTBEAT_TIMEOUT = 3.0  # SHOE/1: no heartbeat for 3 s means the shoe is offline
GAP_WAIT = 1.0  # how long a RESYNC may take to fill a gap before it becomes a fault (> 250 ms resend period)
HISTORY = 64  # the shoe keeps the last 64 cards; we remember as many to recognise retransmissions
HALF = SEQ_MODULUS // 2


@dataclass
class Outcome:
    """What the driver must do after one input: deliver `events` in order, send `replies` to the shoe."""

    events: list[SourceEvent] = field(default_factory=list)
    replies: list[HostMessage] = field(default_factory=list)

    def extend(self, other: Outcome) -> None:
        self.events.extend(other.events)
        self.replies.extend(other.replies)


@dataclass
class DeliveryCounters:
    cards: int = 0
    duplicates_dropped: int = 0
    bad_frames: int = 0
    unknown_frames: int = 0
    naks: int = 0
    gaps: int = 0
    last_bad_reason: str = ""


def seq_distance(seq: int, expected: int) -> int:
    """How far `seq` is ahead of `expected` on the 16-bit circle: 0 = in order, <0 = behind (already seen)."""
    d = (seq - expected) % SEQ_MODULUS
    return d - SEQ_MODULUS if d >= HALF else d


class Delivery:
    """One shoe's link state: the next expected seq, recent cards, held cards during a RESYNC, heartbeat."""

    def __init__(
        self,
        source: str,
        *,
        heartbeat_timeout: float = HEARTBEAT_TIMEOUT,
        gap_wait: float = GAP_WAIT,
        lock_on_fault: bool = True,
        wall_clock: Callable[[], float] = time.time,
    ) -> None:
        self.source = source
        self.heartbeat_timeout = heartbeat_timeout
        self.gap_wait = gap_wait
        self.lock_on_fault = lock_on_fault
        self._wall = wall_clock
        self.counters = DeliveryCounters()
        self.expected: int | None = None  # the next seq; None until the first card
        self._history: OrderedDict[int, str] = OrderedDict()  # seq -> card code, last HISTORY delivered
        self._held: dict[int, CardFrame] = {}  # cards after a gap, waiting for the RESYNC to fill it
        self._gap_deadline: float | None = None
        self._last_heartbeat: float | None = None
        self.last_heartbeat_wall: float | None = None
        self.offline = False
        self.hello: ShoeHello | None = None

    # -- inputs --------------------------------------------------------------------------------------------
    def link_up(self, now: float) -> Outcome:
        """The transport (port, socket, USB device) opened. Ask for anything missed since the last card seen."""
        self._last_heartbeat = now  # give the shoe a full timeout to say hello
        out = Outcome()
        if self.expected is not None:
            out.replies.append(Resync(self.expected))
        return out

    def link_lost(self, now: float, why: str) -> Outcome:
        """The transport failed (device unplugged, port gone). One OFFLINE fault until the shoe is back."""
        return self._go_offline(why)

    def on_frame(self, frame: Decoded, now: float) -> Outcome:
        if isinstance(frame, BadFrame):
            self.counters.bad_frames += 1
            self.counters.last_bad_reason = frame.reason
            return Outcome()
        if isinstance(frame, UnknownFrame):
            self.counters.unknown_frames += 1
            return Outcome()
        out = self._alive(
            now, heartbeat=isinstance(frame, Heartbeat | ShoeHello), announce=not isinstance(frame, ShoeHello)
        )
        if isinstance(frame, CardFrame):
            out.extend(self._on_card(frame, now))
        elif isinstance(frame, StatusFrame):
            out.events.append(StatusEvent(frame.state, self.source, self._wall()))
        elif isinstance(frame, FaultFrame):
            meaning = DEVICE_FAULTS.get(frame.code, "")
            text = frame.text or meaning
            out.extend(self._fault(frame.code, f"The shoe reports {frame.code} ({text}). {_ADVICE}"))
        elif isinstance(frame, ShoeHello):
            self.hello = frame
            detail = f"{frame.model} {frame.serial} firmware {frame.firmware}"
            out.events.append(StatusEvent("CONNECTED", self.source, self._wall(), detail))
        elif isinstance(frame, Nak):
            self.counters.naks += 1
        return out

    def tick(self, now: float) -> Outcome:
        """Time passed: heartbeat timeout, RESYNC that did not fill a gap in time."""
        out = Outcome()
        if self._gap_deadline is not None and now >= self._gap_deadline:
            out.extend(self._give_up_gap())
        if (
            not self.offline
            and self._last_heartbeat is not None
            and now - self._last_heartbeat > self.heartbeat_timeout
        ):
            out.extend(
                self._go_offline(
                    f"No heartbeat from the shoe for {self.heartbeat_timeout:g} s: it is switched off, "
                    "unplugged, or its cable is loose. Stop dealing; check the shoe's power and cable."
                )
            )
        return out

    def next_deadline(self) -> float | None:
        """When `tick` may next have something to do (None: nothing pending)."""
        times = [t for t in (self._gap_deadline,) if t is not None]
        if not self.offline and self._last_heartbeat is not None:
            times.append(self._last_heartbeat + self.heartbeat_timeout)
        return min(times) if times else None

    # -- the rules -----------------------------------------------------------------------------------------
    def _on_card(self, frame: CardFrame, now: float) -> Outcome:
        out = Outcome(replies=[Ack(frame.seq)])  # every CARD is acknowledged, retransmissions too
        if self.expected is None:
            self.expected = frame.seq
        distance = seq_distance(frame.seq, self.expected)
        if distance == 0:
            out.events.append(self._deliver(frame))
            out.events.extend(self._release_held())
        elif distance > 0:
            if frame.seq in self._held:
                self.counters.duplicates_dropped += 1
            else:
                self._held[frame.seq] = frame
                if self._gap_deadline is None:
                    # A card left unseen. Ask the shoe to resend from the first missing seq before calling it
                    # a fault: the spec allows RESYNC first, and a lost frame is the usual cause.
                    self._gap_deadline = now + self.gap_wait
                    out.replies.append(Resync(self.expected))
        else:
            seen = self._history.get(frame.seq)
            if seen == frame.code:
                self.counters.duplicates_dropped += 1
            elif seen is not None:
                out.extend(
                    self._fault(
                        "SEQ_CONFLICT",
                        f"The shoe sent seq {frame.seq} as {frame.code}, but it was {seen}. The card was not "
                        "taken. Stop dealing; a pit boss must check the shoe and the cards on the table.",
                    )
                )
            else:
                # Far behind and unknown: the shoe restarted its count. Take the card (it did leave the
                # shoe) but stop play: cards from before the restart may not have been reported.
                old = self.expected
                self._history.clear()
                self.expected = frame.seq
                out.extend(
                    self._fault(
                        "SEQ_RESTART",
                        f"The shoe restarted its card count (seq {frame.seq}, expected {old}). Card "
                        f"{frame.code} was taken. Stop dealing; a pit boss must check the cards dealt.",
                    )
                )
                out.events.append(self._deliver(frame))
        return out

    def _deliver(self, frame: CardFrame) -> CardEvent:
        assert self.expected is not None
        self._history[frame.seq] = frame.code
        while len(self._history) > HISTORY:
            self._history.popitem(last=False)
        self.expected = (frame.seq + 1) % SEQ_MODULUS
        self.counters.cards += 1
        return CardEvent(frame.card, frame.seq, frame.quality, self.source, self._wall())

    def _release_held(self) -> list[SourceEvent]:
        events: list[SourceEvent] = []
        while self.expected in self._held:
            events.append(self._deliver(self._held.pop(self.expected)))
        if not self._held:
            self._gap_deadline = None
        return events

    def _give_up_gap(self) -> Outcome:
        """The RESYNC did not bring the missing cards: name them in a fault, then deliver what was held."""
        out = Outcome()
        self._gap_deadline = None
        while self._held:
            assert self.expected is not None
            first_held = min(self._held, key=lambda s: seq_distance(s, self.expected or 0))
            missing = seq_distance(first_held, self.expected)
            last_missing = (first_held - 1) % SEQ_MODULUS
            span = f"seq {self.expected}" if missing == 1 else f"seqs {self.expected}-{last_missing}"
            self.counters.gaps += 1
            out.extend(
                self._fault(
                    "SEQ_GAP",
                    f"{missing} card(s) ({span}) left the shoe but never reached the controller, even after "
                    "a RESYNC. Stop dealing; a pit boss must find the missing card(s) and enter them.",
                )
            )
            self.expected = first_held
            out.events.extend(self._release_held())
        return out

    def _alive(self, now: float, *, heartbeat: bool, announce: bool) -> Outcome:
        """Any valid frame proves the link is up; a HELLO announces itself with the shoe's identity."""
        out = Outcome()
        if heartbeat:
            self._last_heartbeat = now
            self.last_heartbeat_wall = self._wall()
        if self.offline:
            self.offline = False
            self._last_heartbeat = now
            if announce:
                out.events.append(StatusEvent("CONNECTED", self.source, self._wall(), "the shoe is back"))
            if self.expected is not None:
                out.replies.append(Resync(self.expected))
        return out

    def _go_offline(self, why: str) -> Outcome:
        out = Outcome()
        if not self.offline:
            self.offline = True
            out.events.append(DeviceFault("OFFLINE", why, self.source, self._wall()))
            out.events.append(StatusEvent("DISCONNECTED", self.source, self._wall(), why))
        return out

    def _fault(self, code: str, text: str) -> Outcome:
        out = Outcome(events=[DeviceFault(code, text, self.source, self._wall())])
        if self.lock_on_fault:
            out.replies.append(Lock())
        return out


_ADVICE = "Stop dealing; a pit boss must check the shoe and resolve the fault before play goes on."
