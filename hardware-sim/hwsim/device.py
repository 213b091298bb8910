"""A simulated shoe running on its own thread behind a real transport (pty, TCP, virtual USB).

The thread moves messages between the shoe model and the transport, applies the link faults, and unplugs the
transport while an `unplug` fault lasts. `build_model()` makes the shoe from the same options as the CLI.
"""

from __future__ import annotations

import math
import random
import threading
import time
from abc import ABC, abstractmethod
from collections.abc import Callable
from pathlib import Path

from drivers.shoe1.messages import HostMessage
from hwsim.deck import endless_packs, read_order, shuffled_packs
from hwsim.faults import FaultPlan, parse_faults
from hwsim.link import LinkFaults, Transmission
from hwsim.shoe import ShoeConfig, ShoeModel

MAX_WAIT = 0.05  # the loop wakes at least this often to notice deal() and stop()
# What a simulated shoe may be asked for: a real shoe deals a few cards a second and holds a few packs; these
# bounds keep any session's time and memory to what it asked for.
MAX_RATE = 10_000.0  # cards per second
MAX_PACKS = 1_000
HEARTBEAT_INTERVALS = (0.05, 3600.0)  # seconds


class Transport(ABC):
    """The shoe's end of a cable."""

    plugged = True

    @abstractmethod
    def wait(self, timeout: float) -> list[HostMessage]:
        """Host messages that arrive within `timeout` seconds (maybe none)."""

    @abstractmethod
    def send(self, transmissions: list[Transmission]) -> None: ...

    @abstractmethod
    def unplug(self) -> None: ...

    @abstractmethod
    def plug(self) -> None: ...

    @abstractmethod
    def close(self) -> None: ...

    @abstractmethod
    def address(self) -> str:
        """Where the host connects: a URL for `rptable shoe-test` / `--shoe`."""


def build_model(
    *,
    seed: int = 0,
    order: str | Path | None = None,
    packs: int = 1,
    faults: str | FaultPlan | None = None,
    rate: float = 1.0,
    heartbeat_interval: float = 1.0,
    locked: bool = False,
    now: float | None = None,
    truth_kept: int | None = ShoeConfig.truth_kept,
) -> tuple[ShoeModel, LinkFaults]:
    """A shoe model and its cable's faults from the user's options; seeds derive from `seed`. Raises ValueError
    (FaultSpecError, CardError) saying which option is wrong."""
    if not (math.isfinite(rate) and 0 <= rate <= MAX_RATE):
        raise ValueError(f"rate {rate:g} is not a number of cards per second from 0 to {MAX_RATE:g} (0: only when "
                         "asked)")
    low, high = HEARTBEAT_INTERVALS
    if not (math.isfinite(heartbeat_interval) and low <= heartbeat_interval <= high):
        raise ValueError(f"the heartbeat interval {heartbeat_interval:g} is not a number of seconds from {low:g} to "
                         f"{high:g}")
    if not 0 <= packs <= MAX_PACKS:
        raise ValueError(f"packs {packs}: give 1 to {MAX_PACKS}, or 0 for a fresh pack whenever the shoe runs empty")
    plan = faults if isinstance(faults, FaultPlan) else parse_faults(faults)
    refill = None
    if order is not None:
        cards = read_order(order)
    elif packs > 0:
        cards = shuffled_packs(seed, packs)
    else:  # packs=0: endless, a freshly shuffled pack whenever the shoe runs empty
        refill = endless_packs(seed)
        cards = refill()
    config = ShoeConfig(rate=rate, heartbeat_interval=heartbeat_interval, start_locked=locked, truth_kept=truth_kept)
    model = ShoeModel(
        cards,
        now=time.monotonic() if now is None else now,
        config=config,
        faults=plan,
        rng=random.Random(f"quality-{seed}"),
        refill=refill,
    )
    return model, LinkFaults(plan, random.Random(f"link-{seed}"))


class ShoeDevice:
    """Runs a ShoeModel on a thread behind a Transport until stop()."""

    def __init__(self, model: ShoeModel, link: LinkFaults, transport: Transport) -> None:
        self.model = model
        self.link = link
        self.transport = transport
        self._mutex = threading.Lock()
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, name="simulated shoe", daemon=True)
        # Measurement hooks (benchmarks, tests): called with the transmissions and time.monotonic() just
        # before they are written.
        self.on_send: list[Callable[[list[Transmission], float], None]] = []

    def start(self) -> ShoeDevice:
        self._thread.start()
        return self

    def deal(self, count: int = 1) -> None:
        with self._mutex:
            self.model.deal(count)

    def stop(self) -> None:
        self._stop.set()
        if self._thread.is_alive():
            self._thread.join(timeout=2.0)
        self.transport.close()

    def __enter__(self) -> ShoeDevice:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()

    def _run(self) -> None:
        model, transport = self.model, self.transport
        while not self._stop.is_set():
            now = time.monotonic()
            plugged = model.plugged(now)
            if plugged != transport.plugged:
                (transport.plug if plugged else transport.unplug)()
            wait = min(MAX_WAIT, max(0.0, model.next_deadline() - now))
            incoming = transport.wait(wait)
            now = time.monotonic()
            with self._mutex:
                if transport.plugged:
                    for message in incoming:
                        model.receive(message, now)
                out = model.poll(now)
            if not out or not transport.plugged:
                continue  # unplugged: what the shoe sends goes nowhere
            transmissions = self.link.transmit(out)
            for hook in self.on_send:
                hook(transmissions, time.monotonic())  # just before the bytes go out
            transport.send(transmissions)
