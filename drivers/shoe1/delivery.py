"""SHOE/1 delivery rules shared by the serial and USB drivers: ACK, de-duplication, seq gaps, heartbeat.

Pure logic: the caller passes the monotonic time `now` and gets back the events to deliver and the messages to
send to the shoe. It never invents a card (only CARD frames become CardEvents), never drops one silently (a
card missing from the sequence is a SEQ_GAP fault naming it), and never delivers a seq twice.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import dataclass, field

from drivers import base
from drivers.base import CardEvent, DeviceFault, DeviceIdentity, SourceEvent, StatusEvent
from drivers.cards import Card
from drivers.shoe1.messages import (
    DEVICE_FAULTS,
    SEQ_MODULUS,
    Ack,
    BadFrame,
    CardFrame,
    Decoded,
    FaultFrame,
    Forged,
    Heartbeat,
    HostMessage,
    Lock,
    Nak,
    Resync,
    ShoeHello,
    StatusFrame,
    UnknownFrame,
    code_of,
)
from drivers.shoe1.storm import Coalescer

log = logging.getLogger(__name__)

HEARTBEAT_TIMEOUT = 3.0  # SHOE/1: no heartbeat for 3 s means the shoe is offline
GAP_WAIT = 1.0  # how long a RESYNC may take to fill a gap before it becomes a fault (> 250 ms resend period)
HISTORY = 64  # the shoe keeps the last 64 cards; we remember as many to recognise retransmissions
HALF = SEQ_MODULUS // 2
RESYNC_RETRY = 0.3  # a RESYNC (or its answer) can be lost too: ask again this often while a gap is open
UPTIME_SLACK = 3.0  # seconds the shoe's uptime may disagree with the host's clock before it means a restart
DOUBT_WAIT = 1.5  # after a HELLO, how long an old-looking card may wait for the heartbeat that explains it


@dataclass(slots=True)
class Outcome:
    """What the driver must do after one input: deliver `events` in order, send `replies` to the shoe."""

    events: list[SourceEvent] = field(default_factory=list)
    replies: list[HostMessage] = field(default_factory=list)

    def extend(self, other: Outcome) -> None:
        self.events.extend(other.events)
        self.replies.extend(other.replies)


@dataclass
class DeliveryCounters:
    """What the delivery rules have seen on the link: `shoe-test`'s summary and the console's status line."""

    cards: int = 0  # handed on
    duplicates_dropped: int = 0  # retransmissions recognised and dropped
    bad_frames: int = 0  # failed the checksum or a field's range
    unknown_frames: int = 0  # of a type this driver does not know
    naks: int = 0  # the shoe could not read something the host sent
    gaps: int = 0  # missing cards a RESYNC did not bring back
    forged: int = 0  # failed SHOE/1-A's authentication: never a card
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
        wall_clock: Callable[[], float] = base.now,
        uptime_modulus: int | None = None,
        key_id: str | None = None,
    ) -> None:
        self.source = source
        self.key_id = key_id  # the SHOE/1-A key the link checks every frame with; None: plain SHOE/1
        self.heartbeat_timeout = heartbeat_timeout
        self.gap_wait = gap_wait
        self.lock_on_fault = lock_on_fault
        self._wall = wall_clock
        self.counters = DeliveryCounters()
        self.expected: int | None = None  # the next seq; None until the first card
        # seq -> card (None: `??`) of the last HISTORY delivered, oldest first (a dict keeps insertion order)
        self._history: dict[int, Card | None] = {}
        self._held: dict[int, CardFrame] = {}  # cards after a gap, waiting for the RESYNC to fill it
        self._gap_deadline: float | None = None  # when the first missing seq becomes a SEQ_GAP fault
        self._resync_at: float | None = None  # when RESYNC was last asked, and from which seq
        self._resync_seq: int | None = None
        self._last_heartbeat: float | None = None
        self.last_heartbeat_wall: float | None = None
        self.offline = False
        self.hello: ShoeHello | None = None
        # The shoe's uptime (from HB) against the host's clock: it tells a restarted shoe, whose count starts
        # over, from retransmissions with the same seqs. USB reports it modulo 256.
        self.uptime_modulus = uptime_modulus
        self._uptime: tuple[float, int] | None = None  # (host time, uptime) of the last heartbeat
        self._doubtful: list[CardFrame] = []  # old-looking cards after a HELLO, until a heartbeat explains them
        self._doubt_until: float | None = None
        self._forgeries = Coalescer()  # messages that failed SHOE/1-A: one AUTH fault a window, with a count
        self._unknown = Coalescer()  # frames of unknown types: one log line a window, with a count

    # -- inputs --------------------------------------------------------------------------------------------
    def link_up(self, now: float) -> Outcome:
        """The transport (port, socket, USB device) opened: ask for anything missed since the last card."""
        self._last_heartbeat = now  # give the shoe a full timeout to say hello
        out = Outcome()
        if self.expected is not None:
            out.replies.append(Resync(self.expected))
        return out

    def link_lost(self, now: float, why: str) -> Outcome:
        """The transport failed (device unplugged, port gone). One OFFLINE fault until the shoe is back."""
        return self._go_offline(why)

    def on_frame(self, frame: Decoded, now: float) -> Outcome:
        if isinstance(frame, Forged):
            # Every one is counted; a storm of them is one fault said at once and its repeats once a window (a
            # count, the first and the last): else each forged message is an event, and its LOCK, for the table.
            self.counters.forged += 1
            if not self._forgeries.first(now, self._wall(), frame.reason):
                return Outcome()
            return self._fault(
                "AUTH", f"A message on the shoe's line failed authentication ({frame.reason}). Nothing in it was "
                f"taken. {_AUTH_ADVICE}")
        if isinstance(frame, BadFrame):
            self.counters.bad_frames += 1
            self.counters.last_bad_reason = frame.reason
            return Outcome()
        if isinstance(frame, UnknownFrame):
            # SHOE/1: ignore and log; a line a second at most, however many come (one per frame was 50,000 in 5 s)
            self.counters.unknown_frames += 1
            if self._unknown.first(now, self._wall(), frame.kind):
                log.warning("%s: ignored a frame of unknown type %r", self.source, frame.kind[:20])
            return Outcome()
        out = self._alive(
            now, heartbeat=isinstance(frame, Heartbeat | ShoeHello), announce=not isinstance(frame, ShoeHello)
        )
        if isinstance(frame, Heartbeat):
            out.extend(self._on_uptime(frame.uptime, now))
        if isinstance(frame, CardFrame):
            if self._doubt_until is not None and self.expected is not None \
                    and seq_distance(frame.seq, self.expected) < 0:
                self._doubtful.append(frame)  # a retransmission, or the first cards of a restarted shoe
                out.replies.append(Ack(frame.seq))
            else:
                out.extend(self._on_card(frame, now))
        elif isinstance(frame, StatusFrame):
            out.events.append(StatusEvent(frame.state, self.source, self._wall()))
        elif isinstance(frame, FaultFrame):
            meaning = DEVICE_FAULTS.get(frame.code, "")
            text = frame.text or meaning
            out.extend(self._fault(frame.code, f"The shoe reports {frame.code} ({text}). {_ADVICE}"))
            if frame.code == "E07" and self.expected is not None:
                out.replies.append(Resync(self.expected))  # the unacknowledged card is still in the shoe: ask
        elif isinstance(frame, ShoeHello):
            self.hello = frame
            if self.expected is not None:  # the shoe may have restarted: let its next heartbeat say
                self._doubt_until = now + DOUBT_WAIT
            detail = f"{frame.model} {frame.serial} firmware {frame.firmware}"
            identity = DeviceIdentity(frame.model, frame.serial, frame.firmware,
                                      self.key_id if frame.authenticated else None)
            out.events.append(StatusEvent("CONNECTED", self.source, self._wall(), detail, identity))
        elif isinstance(frame, Nak):
            self.counters.naks += 1
        return out

    def tick(self, now: float) -> Outcome:
        """Time passed: heartbeat timeout, RESYNC that did not fill a gap in time."""
        out = Outcome()
        unknown = self._unknown.due(now)
        if unknown is not None:
            log.warning("%s: ignored %s more frame(s) of unknown types %s (the last of type %r)", self.source,
                        f"{unknown.count:,}", unknown.span(), unknown.last_detail[:20])
        forgeries = self._forgeries.due(now)
        if forgeries is not None:
            out.extend(self._fault(
                "AUTH", f"{forgeries.count:,} more message(s) on the shoe's line failed authentication "
                f"{forgeries.span()} (the last: {forgeries.last_detail}). None was taken. {_AUTH_ADVICE}"))
        if self._doubt_until is not None and now >= self._doubt_until:
            out.extend(self._settle_doubt(now, restarted=False))
        if self._gap_deadline is not None and now >= self._gap_deadline:
            out.extend(self._give_up_gap())
        self._chase_gap(now, out)
        if (
            not self.offline
            and self._last_heartbeat is not None
            and now >= self._last_heartbeat + self.heartbeat_timeout  # the very sum next_deadline() gives
        ):
            out.extend(
                self._go_offline(
                    f"No heartbeat from the shoe for {self.heartbeat_timeout:g} s: it is switched off, "
                    "unplugged, or its cable is loose. Stop dealing; check the shoe's power and cable."
                )
            )
        return out

    def postpone(self, seconds: float) -> None:
        """The host stood still for `seconds`: what it waits for (a gap's RESYNC, a heartbeat, a doubt after a
        HELLO) gets that time back, for no answer could be read meanwhile."""
        if self._gap_deadline is not None:
            self._gap_deadline += seconds
        if self._doubt_until is not None:
            self._doubt_until += seconds
        if self._last_heartbeat is not None:
            self._last_heartbeat += seconds
        self._forgeries.postpone(seconds)
        self._unknown.postpone(seconds)

    def next_deadline(self) -> float | None:
        """When `tick` may next have something to do (None: nothing pending)."""
        storms = (self._forgeries.deadline, self._unknown.deadline)
        times = [t for t in (self._gap_deadline, self._doubt_until, *storms) if t is not None]
        if self._held and self._resync_at is not None:
            times.append(self._resync_at + RESYNC_RETRY)
        if not self.offline and self._last_heartbeat is not None:
            times.append(self._last_heartbeat + self.heartbeat_timeout)
        return min(times) if times else None

    # -- the rules -----------------------------------------------------------------------------------------
    def _on_card(self, frame: CardFrame, now: float) -> Outcome:
        out = Outcome([], [Ack(frame.seq)])  # every CARD is acknowledged, retransmissions too
        if self.expected is None:
            self.expected = frame.seq
        distance = seq_distance(frame.seq, self.expected)
        if distance == 0:
            out.events.append(self._deliver(frame))
            if self._held:
                out.events.extend(self._release_held())
        elif distance > 0:
            if frame.seq in self._held:
                self.counters.duplicates_dropped += 1
            else:
                self._held[frame.seq] = frame
        else:
            seen = frame.seq in self._history
            if seen and self._history[frame.seq] == frame.card:
                self.counters.duplicates_dropped += 1
            elif seen:
                out.extend(
                    self._fault(
                        "SEQ_CONFLICT",
                        f"The shoe sent seq {frame.seq} as {frame.code}, but it was "
                        f"{code_of(self._history[frame.seq])}. The card was not "
                        "taken. Stop dealing; a pit boss must check the shoe and the cards on the table.",
                    )
                )
            elif distance >= -HISTORY:
                # Never seen, yet older than the last card: it was lost before the host's first card and
                # resent late. It did leave the shoe, so take it, but the order on the table is in doubt.
                out.extend(
                    self._fault(
                        "SEQ_ORDER",
                        f"Card {frame.code} (seq {frame.seq}) arrived late, after seq "
                        f"{(self.expected - 1) % SEQ_MODULUS}: the cards may be out of order. Stop dealing; "
                        "a pit boss must check the order of the cards on the table.",
                    )
                )
                out.events.append(self._record(frame))
            else:
                # Far behind and never seen: no shoe resends that far back (it keeps 64), and a restart shows
                # in its uptime (see _on_uptime). So this is a damaged seq that passed the checksum (XOR cannot
                # see two flipped bits in one position): taking it could hand on a card twice. Refuse it, loudly.
                out.extend(
                    self._fault(
                        "SEQ_CONFLICT",
                        f"The shoe sent seq {frame.seq} ({frame.code}) while the controller expected "
                        f"{self.expected}: no shoe resends that far back, so the frame was damaged and the card was "
                        "not taken. Stop dealing; a pit boss must check the cards on the table.",
                    )
                )
        if self._held or self._resync_seq is not None:
            self._chase_gap(now, out)
        return out

    def _on_uptime(self, uptime: int, now: float) -> Outcome:
        """A heartbeat's uptime that runs behind the host's clock means the shoe restarted: its count starts
        over, so what follows is new cards, not retransmissions."""
        previous, self._uptime = self._uptime, (now, uptime)
        restarted = False
        if previous is not None:
            expected = previous[1] + (now - previous[0])
            if self.uptime_modulus is None:
                restarted = uptime < expected - UPTIME_SLACK
            elif now - previous[0] < self.uptime_modulus - UPTIME_SLACK:  # longer: the wrap hides it
                behind = (expected - uptime) % self.uptime_modulus
                restarted = UPTIME_SLACK < behind < self.uptime_modulus - UPTIME_SLACK
        if restarted or self._doubt_until is not None:
            return self._settle_doubt(now, restarted=restarted)
        return Outcome()

    def _settle_doubt(self, now: float, *, restarted: bool) -> Outcome:
        """Decide the cards held since a HELLO: after a restart they start a new count and are delivered;
        otherwise they go through the usual rules (retransmissions are dropped)."""
        out = Outcome()
        doubtful, self._doubtful, self._doubt_until = self._doubtful, [], None
        if restarted and self.expected is not None:
            if self._held:  # cards still missing from before the restart will not come now
                out.extend(self._give_up_gap())
            old = self.expected
            self.expected = None
            self._history.clear()
            out.extend(self._fault(
                "SEQ_RESTART",
                f"The shoe restarted (its uptime went back) while the controller expected seq {old}: its card "
                "count starts over. Stop dealing; a pit boss must check that every card dealt is on the table."))
        for frame in doubtful:
            card_out = self._on_card(frame, now)
            card_out.replies = [r for r in card_out.replies if not isinstance(r, Ack)]  # acknowledged already
            out.extend(card_out)
        return out

    def _chase_gap(self, now: float, out: Outcome) -> None:
        """While cards are held behind a missing one, ask the shoe to resend from it (the spec allows RESYNC
        before calling it a fault); repeat every RESYNC_RETRY, since the request or the answer can be lost
        too. Each missing seq gets its own `gap_wait` before it becomes a SEQ_GAP fault."""
        if not self._held or self.expected is None:
            self._gap_deadline = self._resync_at = self._resync_seq = None
            return
        if self._resync_seq != self.expected:
            self._gap_deadline = now + self.gap_wait
        elif self._resync_at is not None and now < self._resync_at + RESYNC_RETRY:
            return
        self._resync_seq, self._resync_at = self.expected, now
        out.replies.append(Resync(self.expected))

    def _deliver(self, frame: CardFrame) -> CardEvent:
        """Hand on the next card in sequence."""
        self.expected = (frame.seq + 1) % SEQ_MODULUS
        return self._record(frame)

    def _record(self, frame: CardFrame) -> CardEvent:
        history = self._history
        history[frame.seq] = frame.card
        if len(history) > HISTORY:  # one in, one out: the oldest
            del history[next(iter(history))]
        self.counters.cards += 1
        return CardEvent(frame.card, frame.seq, frame.quality, self.source, self._wall())

    def _release_held(self) -> list[SourceEvent]:
        events: list[SourceEvent] = []
        while self.expected in self._held:
            events.append(self._deliver(self._held.pop(self.expected)))
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
        """A heartbeat or HELLO proves the shoe is up; OFFLINE clears on the same rule that raised it
        (cards that arrive meanwhile are delivered, but do not stand in for the heartbeat)."""
        out = Outcome()
        if not heartbeat:
            return out
        self._last_heartbeat = now
        self.last_heartbeat_wall = self._wall()
        if self.offline:
            self.offline = False
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
_AUTH_ADVICE = "Stop dealing; a pit boss must check the shoe, its cable and the cards on the table."
