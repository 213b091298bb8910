"""`sim://?seed=S`: the simulated shoe in-process, behind the same CardSource interface as a real shoe.

Frames still go through the SHOE/1 serial codec and the driver's delivery rules (ACK, de-duplication, RESYNC,
heartbeat), so faults injected here exercise the same code as on a pty; only the transport is missing.
URL options:
- `seed`, `order` (a file of card codes), `packs` (0 = a new shuffled pack whenever the shoe runs empty);
- `rate` (cards/s; 0 = only on `deal()`), `faults` (SPEC, see hwsim.faults), `hb` (heartbeat interval);
- `hb_timeout`, `gap_wait`, `lock_on_fault` (the driver's), `locked=1` (gate closed until `unlock()`);
- `clock=virtual`: time jumps to the next thing that happens, so `rptable simulate` runs as fast as the CPU
  allows (always pass a timeout to recv() then: a shoe that deals nothing would otherwise spin forever).
Ground truth for tests: `source.model.truth` (every card that left the shoe), `source.model.applied_faults`.
"""

from __future__ import annotations

import collections
import threading
import time
from collections.abc import Sequence

from controller.core.cards import Card
from drivers.base import CardSource, SourceError, SourceEvent, SourceStatus, url_query
from drivers.shoe1 import codec
from drivers.shoe1.codec import decode_sentence, encode, parse_host_body
from drivers.shoe1.delivery import GAP_WAIT, HEARTBEAT_TIMEOUT, Delivery, Outcome
from drivers.shoe1.link_source import flag
from drivers.shoe1.messages import HOST_ID, HostHello, HostMessage, Lock, Unlock
from hwsim.device import build_model
from hwsim.faults import FaultSpecError


class SimulatedShoeSource(CardSource):
    scheme = "sim"

    def __init__(
        self,
        url: str = "sim://",
        *,
        seed: int = 0,
        order: str | None = None,
        packs: int = 1,
        rate: float = 1.0,
        faults: str | None = None,
        heartbeat_interval: float = 1.0,
        heartbeat_timeout: float = HEARTBEAT_TIMEOUT,
        gap_wait: float = GAP_WAIT,
        lock_on_fault: bool = True,
        locked: bool = False,
        virtual_clock: bool = False,
    ) -> None:
        super().__init__(url)
        self._virtual = virtual_clock
        self._virtual_now = 1000.0
        self.model, self.link = build_model(
            seed=seed,
            order=order,
            packs=packs,
            faults=faults,
            rate=rate,
            heartbeat_interval=heartbeat_interval,
            locked=locked,
            now=self._now(),
        )
        self._delivery = Delivery(
            url,
            heartbeat_timeout=heartbeat_timeout,
            gap_wait=gap_wait,
            lock_on_fault=lock_on_fault,
            wall_clock=self._wall,
        )
        self._reader = codec.SentenceReader(codec.parse_shoe_body)
        self._ready: collections.deque[SourceEvent] = collections.deque()
        self._commands: collections.deque[HostMessage] = collections.deque()
        self._wake = threading.Event()
        self._plugged = True
        self._next_hello = self._now() + 1.0
        self._apply(self._delivery.link_up(self._now()))
        self._status.connected = True

    @classmethod
    def from_url(cls, url: str) -> SimulatedShoeSource:
        q = url_query(url)
        try:
            return cls(
                url,
                seed=int(q.get("seed", "0")),
                order=q.get("order"),
                packs=int(q.get("packs", "1")),
                rate=float(q.get("rate", "1")),
                faults=q.get("faults"),
                heartbeat_interval=float(q.get("hb", "1")),
                heartbeat_timeout=float(q.get("hb_timeout", HEARTBEAT_TIMEOUT)),
                gap_wait=float(q.get("gap_wait", GAP_WAIT)),
                lock_on_fault=flag(q, "lock_on_fault", True),
                locked=flag(q, "locked", False),
                virtual_clock=q.get("clock", "real") == "virtual",
            )
        except (ValueError, FaultSpecError, OSError) as exc:
            raise SourceError(f"'{url}': {exc}") from exc

    # -- clock -------------------------------------------------------------------------------------------
    def _now(self) -> float:
        return self._virtual_now if self._virtual else time.monotonic()

    def _wall(self) -> float:
        return self._virtual_now if self._virtual else time.time()

    # -- the dealer's hand and the pit boss's key -----------------------------------------------------------
    def deal(self, count: int = 1) -> None:
        """Draw cards now (the console's 'draw' key when the shoe deals on demand: rate=0)."""
        with self._lock:
            self.model.deal(count)
        self._nudge()

    def load(self, cards: Sequence[Card]) -> None:
        """Empty the shoe and load these cards (the dealer's freshly shuffled pack for the next round)."""
        with self._lock:
            self.model.reload(cards)
        self._nudge()

    @property
    def cards_left(self) -> int:
        """Cards still in the shoe."""
        return self.model.cards_left

    def truth_of(self, seq: int) -> Card | None:
        """What the card sent with this seq really was (the simulator knows), if one was."""
        for dealt in reversed(self.model.truth):
            if dealt.seq == seq:
                return dealt.card
        return None

    def _nudge(self) -> None:
        if not self._virtual:  # on the virtual clock recv() never sleeps: there is nobody to wake
            self._wake.set()

    def _set_locked(self, locked: bool) -> None:
        with self._lock:
            self._commands.append(Lock() if locked else Unlock())
        self._wake.set()

    def _shutdown(self) -> None:
        self._wake.set()  # a reader blocked in recv() returns at once

    @property
    def lock_on_fault(self) -> bool:
        return self._delivery.lock_on_fault

    @lock_on_fault.setter
    def lock_on_fault(self, value: bool) -> None:
        self._delivery.lock_on_fault = value

    # -- CardSource ----------------------------------------------------------------------------------------
    def _recv_internal(self, timeout: float | None) -> SourceEvent | None:
        if self._ready:  # already through the codec and the delivery rules (several frames in one read)
            return self._ready.popleft()
        give_up = None if timeout is None else self._now() + timeout
        while True:
            self._step()
            if self._ready:
                return self._ready.popleft()
            if self._closed:
                return None
            now = self._now()
            if give_up is not None and now >= give_up:
                return None
            nexts = [self.model.next_deadline()]
            host_next = self._delivery.next_deadline()
            if host_next is not None:
                nexts.append(host_next)
            if give_up is not None:
                nexts.append(give_up)
            target = max(min(nexts), now)
            if self._virtual:
                # Jump to the next thing that happens (at least a microsecond, so time always moves on).
                self._virtual_now = max(self._virtual_now + 1e-6, target)
            else:
                self._wake.wait(max(0.0, target - now))
                self._wake.clear()

    def _step(self) -> None:
        now = self._now()
        if self._commands:
            with self._lock:
                commands = list(self._commands)
                self._commands.clear()
            for command in commands:
                if isinstance(command, Lock):
                    self._status.locked = True
                self._to_shoe(command, now)
        plugged = self.model.plugged(now)
        if plugged != self._plugged:
            self._plugged = plugged
            self._reader = codec.SentenceReader(codec.parse_shoe_body)
            if plugged:
                self._to_shoe(HostHello(HOST_ID), now)  # as the serial driver greets a reopened port
                self._apply(self._delivery.link_up(now))
            else:
                self._apply(self._delivery.link_lost(now, "The simulated shoe was unplugged."))
        with self._lock:
            out = self.model.poll(now)
        if out and self._plugged:
            data = self.link.serial_bytes(self.link.transmit(out))
            delivery = self._delivery
            for frame in self._reader.feed(data):
                self._apply(delivery.on_frame(frame, now))
        self._apply(self._delivery.tick(now))
        if self._delivery.hello is None and self._plugged and now >= self._next_hello:
            # As the serial driver does: say HELLO again until the shoe's answer gets through the noise.
            self._next_hello = now + 1.0
            self._to_shoe(HostHello(HOST_ID), now)

    def _apply(self, outcome: Outcome) -> None:
        if outcome.events:
            self._ready.extend(outcome.events)
        if outcome.replies:
            now = self._now()
            for reply in outcome.replies:
                if type(reply) is Lock:
                    self._status.locked = True
                self._to_shoe(reply, now)

    def _to_shoe(self, message: HostMessage, now: float) -> None:
        if self._plugged:
            # Through the codec both ways, as on a wire.
            decoded = decode_sentence(encode(message), parse_host_body)
            with self._lock:
                self.model.receive(decoded, now)  # type: ignore[arg-type]

    def status(self) -> SourceStatus:
        status = self._status
        counters = self._delivery.counters
        status.duplicates_dropped = counters.duplicates_dropped
        status.frames_dropped = counters.bad_frames
        status.last_heartbeat = self._delivery.last_heartbeat_wall
        status.connected = self._plugged and not self._delivery.offline
        status.cards_left = self.model.cards_left
        return status

    @property
    def delivery(self) -> Delivery:
        return self._delivery
