"""`sim://?seed=S`: the simulated shoe in this process, on an in-process serial cable under the real SHOE/1
driver (`drivers.shoe1`): the driver greets it, reads its sentences, applies the delivery rules, acknowledges
every card and reconnects after an unplug exactly as it does on a serial port.

URL options:
- `seed`, `order` (a file of card codes; `SimulatedShoe.ordered_cards` tells a table to load no pack over it),
  `packs` (0 = a new shuffled pack whenever the shoe runs empty);
- `rate` (cards/s; 0 = only when drawn, see `SimulatedShoe.deal`), `faults` (SPEC, see hwsim.faults), `hb`
  (heartbeat interval), `locked=1` (gate closed until the host unlocks it);
- `hb_timeout`, `gap_wait`, `lock_on_fault`: the driver's;
- `key=PATH`: the shoe and the driver are paired with this SHOE/1-A key (both ends of the cable are here);
- `clock=virtual`: time jumps to the next thing that happens and the driver runs inside `recv()`, with no
  thread, so `rptable simulate` runs as fast as the CPU allows (always give recv() a timeout then: a shoe
  that deals nothing would otherwise be waited for forever). `clock=real` (the default): the machine's clock.

The shoe has no thread of its own: it runs when the driver reads from the cable, at the clock's time. It does
not model the line's speed, nor the shoe going on dealing while its cable is unplugged and nobody looks.
Ground truth for tests: `source.shoe.model.truth` (the last cards that left the shoe) and
`source.shoe.model.applied_faults`.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Sequence
from typing import TypeVar

from drivers.base import SimulatedShoe, SourceError, SourceStatus, url_query
from drivers.cards import Card
from drivers.clock import MACHINE_CLOCK, Clock
from drivers.shoe1.auth import ShoeKey
from drivers.shoe1.link_source import LinkLost, LinkUnavailable, Shoe1Source, flag, shoe_key
from drivers.shoe1.serial_link import SerialLine, SerialLink
from hwsim.clock import VirtualClock
from hwsim.device import build_model
from hwsim.link import LinkFaults
from hwsim.serial_end import SerialShoeEnd
from hwsim.shoe import DealtCard, ShoeModel

CLOCKS = ("real", "virtual")
Number = TypeVar("Number", int, float)


def _number(query: dict[str, str], name: str, kind: Callable[[str], Number], default: str) -> Number:
    """A URL option that is a number (of at most 30 characters), or a ValueError naming the option."""
    text = query.get(name, default)
    try:
        if len(text) > 30:
            raise ValueError(text)
        return kind(text)
    except ValueError:
        shown = text if len(text) <= 30 else text[:27] + "..."
        raise ValueError(f"{name}={shown} is not a {'whole ' if kind is int else ''}number") from None


class InProcessShoe(SimulatedShoe):
    """A shoe model at the end of an in-process cable. Thread-safe: the dealer's hand (`deal`, `load`) may
    come from another thread than the driver's."""

    def __init__(self, model: ShoeModel, cable: LinkFaults, clock: Clock, key: ShoeKey | None = None, *,
                 ordered: bool = False) -> None:
        self.model = model
        self.ordered_cards = model.cards_left if ordered else None
        self.cable = cable
        self.clock = clock
        self._end = SerialShoeEnd(cable, key)
        self._lock = threading.Lock()
        self._wake = threading.Event()  # something for the shoe to do before its next deadline
        self._naks = b""  # the shoe's answers to sentences it could not read, not yet read by the host
        self._connection = 0  # a line stays usable only while the cable it was opened on stays plugged in

    # -- the dealer's hand (SimulatedShoe) -----------------------------------------------------------------
    def deal(self, count: int = 1) -> None:
        with self._lock:
            self.model.deal(count)
        self._nudge()

    def load(self, cards: Sequence[Card]) -> None:
        with self._lock:
            self.model.reload(cards)
        self._nudge()

    @property
    def cards_left(self) -> int:
        return self.model.cards_left

    def true_card(self, seq: int) -> Card | None:
        with self._lock:
            return self.model.true_card(seq)

    def dealt(self) -> list[DealtCard]:
        """The ground truth so far (the last cards that left the shoe), read while the driver's thread waits."""
        with self._lock:
            return list(self.model.truth)

    # -- the cable -------------------------------------------------------------------------------------------
    def connect(self) -> SerialLine:
        """Plug the host's end in (the driver opening its port); refused while the shoe is unplugged."""
        with self._lock:
            now = self.clock.monotonic()
            if not self.model.plugged(now):
                self.model.poll(now)  # the shoe goes on meanwhile; what it sends goes nowhere
                raise LinkUnavailable("The simulated shoe is unplugged: plug its cable back in.")
            self._connection += 1
            self._end.reconnected()
            return _Line(self, self._connection)

    def read(self, connection: int, timeout: float) -> bytes:
        """What the shoe sends within `timeout` seconds: at once if it has something now, else at its next
        deadline (or sooner, when the dealer draws or the host writes)."""
        self._wake.clear()
        data = self._exchange(connection)
        if data or timeout <= 0:
            return data
        with self._lock:
            deadline = min(self.clock.monotonic() + timeout, self.model.next_deadline())
        if isinstance(self.clock, VirtualClock):
            self.clock.advance_to(deadline)
        else:
            self._wake.wait(max(0.0, deadline - self.clock.monotonic()))
        return self._exchange(connection)

    def write(self, connection: int, data: bytes) -> None:
        with self._lock:
            self._check(connection)
            messages, naks = self._end.from_host(data)
            self._naks += naks
            now = self.clock.monotonic()
            for message in messages:
                self.model.receive(message, now)
        self._nudge()

    def _nudge(self) -> None:
        """The shoe has something to do now: wake a driver thread waiting for its next deadline (on a virtual
        clock nobody waits)."""
        if not self.clock.virtual:
            self._wake.set()

    def _exchange(self, connection: int) -> bytes:
        with self._lock:
            self._check(connection)
            now = self.clock.monotonic()
            out = self.model.poll(now)
            data, self._naks = self._naks + self._end.to_host(self.cable.transmit(out)), b""
        return data

    def _check(self, connection: int) -> None:
        """A line works only while the cable it was opened on stays plugged in (as a pty that closed)."""
        if connection == self._connection and not self.model.plugged(self.clock.monotonic()):
            self._connection += 1  # the cable came out: this line is dead, even once the cable is back
        if connection != self._connection:
            raise LinkLost("the simulated shoe was unplugged")


class _Line(SerialLine):
    """The host's end of the in-process cable, as the driver's SerialLink sees a port."""

    def __init__(self, shoe: InProcessShoe, connection: int) -> None:
        self._shoe = shoe
        self._connection = connection

    def read(self, timeout: float) -> bytes:
        return self._shoe.read(self._connection, timeout)

    def write(self, data: bytes) -> None:
        self._shoe.write(self._connection, data)

    def close(self) -> None:
        pass  # the shoe stays as it is; a line opened again starts afresh


class SimulatedShoeSource(Shoe1Source):
    """The SHOE/1 serial driver with the simulated shoe at the other end of its cable."""

    scheme = "sim"

    def __init__(self, url: str, shoe: InProcessShoe, key: ShoeKey | None = None) -> None:
        super().__init__(url, SerialLink(shoe.connect, shoe.clock, key), clock=shoe.clock)
        self.shoe = shoe

    @classmethod
    def from_url(cls, url: str) -> SimulatedShoeSource:
        query = url_query(url)
        clock_name = query.get("clock", "real")
        if clock_name not in CLOCKS:
            raise SourceError(f"'{url}': clock must be one of {', '.join(CLOCKS)}, not '{clock_name}'")
        clock = VirtualClock() if clock_name == "virtual" else MACHINE_CLOCK
        key = shoe_key(query)
        try:
            model, cable = build_model(
                seed=_number(query, "seed", int, "0"),
                order=query.get("order"),
                packs=_number(query, "packs", int, "1"),
                rate=_number(query, "rate", float, "1"),
                faults=query.get("faults"),
                heartbeat_interval=_number(query, "hb", float, "1"),
                locked=flag(query, "locked", False),
                now=clock.monotonic(),
            )
        except (ValueError, OSError) as exc:  # a number out of range, a fault SPEC, an order file
            raise SourceError(f"'{url}': {exc}") from exc
        shoe = InProcessShoe(model, cable, clock, key, ordered="order" in query)
        return cls(url, shoe, key).start()

    def simulated_shoe(self) -> InProcessShoe:
        return self.shoe

    def status(self) -> SourceStatus:
        status = super().status()
        status.cards_left = self.shoe.cards_left
        return status
