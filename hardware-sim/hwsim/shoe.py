"""The simulated SHOE/1 shoe itself: cards, timing, resend buffer, heartbeat, gate and scheduled faults.

Pure state machine: the caller passes the monotonic time and moves messages in and out, so the same model runs
in-process (`sim://`), behind a pty, a TCP socket or the virtual USB backend. It speaks docs/shoe1-serial.md
exactly; where the spec leaves a choice the model documents it here:
- cards are dealt on a timer (`rate` cards per second) and/or on demand (`deal()`, e.g. a key press);
- an unacknowledged CARD is resent every 250 ms, 5 times, then FAULT E07; it stays unacknowledged, so a host
  HELLO or RESYNC brings it back; the shoe keeps the last 64 cards for RESYNC;
- `double@N`: FAULT E02, then CARDs N and N+1 (both read); the host must stop play all the same.
"""

from __future__ import annotations

import random
from collections import deque
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from drivers.cards import Card
from drivers.shoe1.messages import (
    DEVICE_FAULTS,
    SEQ_MODULUS,
    Ack,
    CardFrame,
    FaultFrame,
    Heartbeat,
    HostHello,
    HostMessage,
    Lock,
    Nak,
    Resync,
    ShoeHello,
    ShoeMessage,
    StatusFrame,
    Unlock,
)
from hwsim.faults import NO_FAULTS, FaultPlan, ScheduledFault

FAR = float("inf")
CATCH_UP_LIMIT = 0.1  # seconds the timer may lag (a busy machine) and still catch up at full rate


@dataclass(frozen=True)
class ShoeConfig:
    rate: float = 1.0  # cards per second on the timer; 0 = only on deal()
    heartbeat_interval: float = 1.0
    resend_interval: float = 0.25
    max_resends: int = 5
    resend_buffer: int = 64
    model: str = "RS-200-SIM"
    serial: str = "SN000001"
    firmware: str = "1.0.0"
    first_seq: int = 0
    start_locked: bool = False  # the gate is closed at power-up until the host sends UNLOCK
    # The ground truth kept of the last cards dealt (None: all): enough to check any session a test plays card
    # by card against what left the shoe, while a shoe that deals for hours keeps its memory flat.
    truth_kept: int | None = 4096


@dataclass(frozen=True, slots=True)
class DealtCard:
    """Ground truth: a card that physically left the shoe, and what the reader reported for it."""

    number: int  # 1 = the first card dealt
    seq: int
    card: Card
    reported: Card | None  # None: sent as `??`
    quality: int | None


@dataclass(frozen=True, slots=True)
class AppliedFault:
    """Ground truth: a scheduled fault the shoe went through, and when (monotonic seconds)."""

    kind: str
    card: int
    at: float
    duration: float


class ShoeModel:
    def __init__(
        self,
        cards: Sequence[Card],
        *,
        now: float,
        config: ShoeConfig | None = None,
        faults: FaultPlan = NO_FAULTS,
        rng: random.Random | None = None,
        refill: Callable[[], list[Card]] | None = None,
    ) -> None:
        self.config = config or ShoeConfig()
        self.faults = faults
        self._rng = rng or random.Random(0)
        self._start = now
        self._stock: deque[Card] = deque(cards)
        self._refill = refill
        self._next_seq = self.config.first_seq % SEQ_MODULUS
        self._dealt = 0
        self._buffer: dict[int, CardFrame] = {}  # the last `resend_buffer` cards, oldest first
        self._unacked: dict[
            int, list[float]
        ] = {}  # seq -> [next resend time, resends left] (left<0: gave up)
        self._outbox: list[ShoeMessage] = [self.hello]  # power-up HELLO
        if self.config.start_locked:
            self._outbox.append(StatusFrame("LOCKED"))
        self._interval = 1.0 / self.config.rate if self.config.rate > 0 else FAR
        self._next_deal = now + self._interval
        self._next_hb = now + self.config.heartbeat_interval
        self._on_demand = 0
        self.locked = self.config.start_locked
        self._paused_until = 0.0
        self._resume_state: str | None = None  # STAT sent when a jam or open cover ends
        self._hb_off_until = 0.0
        self._unplugged_until = 0.0
        self._empty_reported = False
        self._applied: set[tuple[str, int]] = set()
        self.truth: deque[DealtCard] = deque(maxlen=self.config.truth_kept)  # the last cards dealt, oldest first
        self.applied_faults: list[AppliedFault] = []

    @property
    def hello(self) -> ShoeHello:
        return ShoeHello(self.config.model, self.config.serial, self.config.firmware)

    @property
    def cards_left(self) -> int:
        return len(self._stock)

    @property
    def cards_dealt(self) -> int:
        """Cards that have left the shoe since power-up."""
        return self._dealt

    def true_card(self, seq: int) -> Card | None:
        """The card dealt with this seq, if it is among the last ones whose truth is kept."""
        for dealt in reversed(self.truth):
            if dealt.seq == seq:
                return dealt.card
        return None

    def plugged(self, now: float) -> bool:
        """False while an `unplug` fault lasts: the transport must disappear."""
        return now >= self._unplugged_until

    def load(self, cards: Sequence[Card]) -> None:
        """Put cards in the shoe behind those left (a dealer loading a new pack)."""
        self._stock.extend(cards)
        self._empty_reported = False

    def deal(self, count: int = 1) -> None:
        """Draw `count` cards now (a dealer's hand on the shoe), whatever the timer says."""
        self._on_demand += count

    def reload(self, cards: Sequence[Card]) -> None:
        """The dealer empties the shoe and puts these cards in (a freshly shuffled pack for the next round)."""
        self._stock = deque(cards)
        self._empty_reported = False

    # -- host -> shoe --------------------------------------------------------------------------------------
    def receive(self, message: HostMessage, now: float) -> None:
        match message:
            case Ack(seq):
                self._unacked.pop(seq, None)
            case HostHello():
                self._outbox.append(self.hello)
                for seq in list(self._unacked):
                    self._resend(seq, now)
            case Resync(seq):
                if seq not in self._buffer:
                    self._outbox.append(Nak(f"RESYNC {seq}: not among the last {self.config.resend_buffer}"))
                    return
                seqs = list(self._buffer)
                for held in seqs[seqs.index(seq) :]:
                    self._resend(held, now)
            case Lock():
                self.locked = True
                self._outbox.append(StatusFrame("LOCKED"))
            case Unlock():
                self.locked = False
                self._next_deal = max(self._next_deal, now + self._interval)
                self._outbox.append(StatusFrame("READY" if self._stock else "EMPTY"))

    def _resend(self, seq: int, now: float) -> None:
        frame = self._buffer.get(seq)
        if frame is not None:
            self._outbox.append(frame)
            if seq in self._unacked:
                self._unacked[seq] = [now + self.config.resend_interval, self.config.max_resends]

    # -- shoe -> host --------------------------------------------------------------------------------------
    def poll(self, now: float) -> list[ShoeMessage]:
        """Everything the shoe sends at `now` (heartbeats, resends, newly dealt cards, faults), in order."""
        if self._unplugged_until and now >= self._unplugged_until:
            self._unplugged_until = 0.0  # plugged back: no deadline left to wake for
        if self._resume_state is not None and now >= self._paused_until:
            # A gate the host locked meanwhile stays locked: the shoe says so, not READY (SHOE/1's STAT is the gate)
            self._outbox.append(StatusFrame("LOCKED" if self.locked else self._resume_state))
            self._resume_state = None
            self._next_deal = max(self._next_deal, now + self._interval)
        while now >= self._next_hb:
            if now >= self._hb_off_until:
                self._outbox.append(Heartbeat(int(now - self._start)))
            self._next_hb += self.config.heartbeat_interval
        self._poll_resends(now)
        while self._may_deal(now):
            self._deal_one(now)
        out, self._outbox = self._outbox, []
        return out

    def next_deadline(self) -> float:
        """The next time `poll` has something to do, unless a message or deal() arrives first."""
        times = [self._next_hb]
        times.extend(t for t, left in self._unacked.values() if left >= 0)
        if self._resume_state is not None:
            times.append(self._paused_until)
        if self._stock and not self.locked:
            times.append(max(self._next_deal, self._paused_until))
        if self._unplugged_until:
            times.append(self._unplugged_until)
        can_deal = bool(self._stock) and not self.locked and self._resume_state is None
        if self._outbox or (self._on_demand and can_deal):
            times.append(0.0)
        return min(times)

    def _poll_resends(self, now: float) -> None:
        for seq, timer in list(self._unacked.items()):
            due, left = timer
            if left < 0 or now < due:
                continue
            if left > 0:
                self._outbox.append(self._buffer[seq])
                timer[0] = due + self.config.resend_interval
                timer[1] = left - 1
            else:
                timer[1] = -1  # gave up; a HELLO or RESYNC resends it
                self._outbox.append(FaultFrame("E07", f"CARD {seq} unacknowledged 5 times"))

    def _may_deal(self, now: float) -> bool:
        if self.locked or now < self._paused_until or self._resume_state is not None:
            return False
        if not self._stock and self._refill is not None:
            self.load(self._refill())
        if not self._stock:
            if not self._empty_reported:
                self._empty_reported = True
                self._outbox.append(StatusFrame("EMPTY"))
            return False
        return self._on_demand > 0 or now >= self._next_deal

    def _deal_one(self, now: float) -> None:
        number = self._dealt + 1
        scheduled = self.faults.at_card(number)
        for fault in scheduled:
            key = (fault.kind, number)
            if key in self._applied:
                continue
            self._applied.add(key)
            self.applied_faults.append(AppliedFault(fault.kind, number, now, fault.duration))
            if self._apply(fault, now):
                return  # the shoe stopped before this card; it comes out when the pause ends
        if self._on_demand > 0:
            self._on_demand -= 1
        self._emit_card(number, now, unreadable=self._has(number, "unreadable"))
        if any(f.kind == "double" for f in scheduled) and self._stock:  # drawn together with card N
            self._emit_card(number + 1, now, unreadable=self._has(number + 1, "unreadable"))
        self._next_deal = self._next_deal + self._interval
        if self._next_deal < now - CATCH_UP_LIMIT:  # far behind (on-demand deals, a stall): no burst
            self._next_deal = now + self._interval

    def _has(self, number: int, kind: str) -> bool:
        return any(f.kind == kind for f in self.faults.at_card(number))

    def _apply(self, fault: ScheduledFault, now: float) -> bool:
        """Start a scheduled fault; True if it stops the shoe before the card is drawn."""
        if fault.kind == "jam":
            self._outbox.append(FaultFrame("E04", DEVICE_FAULTS["E04"]))
            self._pause(now, fault.duration, "READY")
            return True
        if fault.kind == "cover":
            self._outbox.append(StatusFrame("COVER_OPEN"))
            self._outbox.append(FaultFrame("E05", DEVICE_FAULTS["E05"]))
            self._pause(now, fault.duration, "READY")
            return True
        if fault.kind == "double":
            self._outbox.append(FaultFrame("E02", DEVICE_FAULTS["E02"]))
        elif fault.kind == "unplug":
            self._unplugged_until = now + fault.duration
        elif fault.kind == "hb-loss":
            self._hb_off_until = now + fault.duration
        return False

    def _pause(self, now: float, duration: float, resume_state: str) -> None:
        self._paused_until = now + duration
        self._resume_state = resume_state

    def _emit_card(self, number: int, now: float, *, unreadable: bool) -> None:
        card = self._stock.popleft()
        seq = self._next_seq
        self._next_seq = (seq + 1) % SEQ_MODULUS
        self._dealt = number
        quality = None if unreadable else 80 + self._rng.randrange(21)
        frame = CardFrame(seq, None if unreadable else card, quality)
        buffer, config = self._buffer, self.config
        buffer[seq] = frame
        if len(buffer) > config.resend_buffer:  # one in, one out: the oldest
            old = next(iter(buffer))
            del buffer[old]
            self._unacked.pop(old, None)
        self._unacked[seq] = [now + config.resend_interval, config.max_resends]
        self._outbox.append(frame)
        self.truth.append(DealtCard(number, seq, card, frame.card, quality))
