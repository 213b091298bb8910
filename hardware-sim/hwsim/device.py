"""A simulated shoe running on its own thread behind a real transport (pty, TCP, virtual USB).

The thread moves messages between the shoe model and the transport, applies the link faults, and unplugs the
transport while an `unplug` fault lasts. Build one with `build_shoe()` from the same options as the CLI.
"""

from __future__ import annotations

import random
import threading
import time
from abc import ABC, abstractmethod
from pathlib import Path

from drivers.shoe1.messages import HostMessage
from hwsim.deck import read_order, shuffled_packs
from hwsim.faults import FaultPlan, parse_faults
from hwsim.link import LinkFaults, Transmission
from hwsim.shoe import ShoeConfig, ShoeModel

MAX_WAIT = 0.05  # the loop wakes at least this often to notice deal() and stop()


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
    now: float | None = None,
) -> tuple[ShoeModel, LinkFaults]:
    """A shoe model and its cable's faults from the user's options; seeds derive from `seed`."""
    plan = faults if isinstance(faults, FaultPlan) else parse_faults(faults)
    cards = read_order(order) if order is not None else shuffled_packs(seed, packs)
    config = ShoeConfig(rate=rate, heartbeat_interval=heartbeat_interval)
    model = ShoeModel(
        cards,
        now=time.monotonic() if now is None else now,
        config=config,
        faults=plan,
        rng=random.Random(f"quality-{seed}"),
    )
    return model, LinkFaults(plan, random.Random(f"link-{seed}"))


class SimulatedShoe:
    """Runs a ShoeModel on a thread behind a Transport until stop()."""

    def __init__(self, model: ShoeModel, link: LinkFaults, transport: Transport) -> None:
        self.model = model
        self.link = link
        self.transport = transport
        self._mutex = threading.Lock()
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, name="simulated shoe", daemon=True)
        self.on_send: list[object] = []  # test hooks: callables(transmissions, monotonic time)

    def start(self) -> SimulatedShoe:
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

    def __enter__(self) -> SimulatedShoe:
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
            transport.send(transmissions)
            for hook in self.on_send:
                hook(transmissions, now)  # type: ignore[operator]
