"""Test helpers: a simulated shoe behind each transport, and a host that reads it like the table would."""

from __future__ import annotations

import contextlib
import os
import shutil
import tempfile
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import quote

from hwsim.device import ShoeDevice, build_model
from hwsim.inprocess import SimulatedShoeSource
from hwsim.link import LinkFaults
from hwsim.shoe import ShoeModel

from controller.engine import CloseBets, PlaceStakes
from controller.players.simple import next_action
from controller.table.controller import TableController
from controller.table.security.users import User
from drivers.base import CardEvent, CardSource, DeviceFault, SourceEvent, StatusEvent, open_source
from drivers.shoe1.auth import read_key_file

TRANSPORTS = ("sim", "pty", "tcp", "usb")


@dataclass
class Harness:
    source: CardSource
    model: ShoeModel
    link: LinkFaults
    device: ShoeDevice | None = None

    def truth(self) -> list[tuple[int, str]]:
        """What left the shoe: seq and the code the reader reported (`??` when unreadable). A shoe on its own
        thread goes on dealing meanwhile: its truth is copied while that thread waits."""
        if self.device is not None:
            dealt = self.device.dealt()
        else:
            assert isinstance(self.source, SimulatedShoeSource)
            dealt = self.source.shoe.dealt()
        return [(d.seq, d.reported.code if d.reported else "??") for d in dealt]


@dataclass
class Record:
    """Everything the host received, in order."""

    events: list[SourceEvent] = field(default_factory=list)

    @property
    def cards(self) -> list[tuple[int, str]]:
        return [(e.seq, e.code) for e in self.events if isinstance(e, CardEvent)]

    @property
    def faults(self) -> list[str]:
        return [e.code for e in self.events if isinstance(e, DeviceFault)]

    @property
    def states(self) -> list[str]:
        return [e.state for e in self.events if isinstance(e, StatusEvent)]


@contextlib.contextmanager
def simulated_shoe(
    kind: str,
    *,
    seed: int = 1,
    rate: float = 200.0,
    faults: str = "",
    hb: float = 1.0,
    hb_timeout: float = 3.0,
    lock_on_fault: bool = True,
    packs: int = 1,
    virtual_clock: bool = True,
    key: str | None = None,
    gap_wait: float = 1.0,
) -> Iterator[Harness]:
    """A shoe whose gate starts closed (so no card leaves before the host listens) behind `kind`.

    In-process (`sim`) the clock is virtual unless asked otherwise: time jumps to the next event, so the
    same timings run in no time."""
    options = f"hb_timeout={hb_timeout}&lock_on_fault={int(lock_on_fault)}&gap_wait={gap_wait}"
    if key is not None:  # both ends paired with this SHOE/1-A key file
        options += f"&key={quote(key)}"
    shoe_key = read_key_file(key) if key is not None else None
    if kind == "sim":
        clock = "virtual" if virtual_clock else "real"
        source = open_source(f"sim://?seed={seed}&rate={rate}&faults={quote(faults)}&packs={packs}&hb={hb}"
                             f"&locked=1&clock={clock}&{options}")
        assert isinstance(source, SimulatedShoeSource)
        try:
            yield Harness(source, source.shoe.model, source.shoe.cable)
        finally:
            source.close()
        return
    workdir = Path(tempfile.mkdtemp(prefix="shoe"))
    saved_env: str | None = None
    model, link = build_model(
        seed=seed, rate=rate, faults=faults, packs=packs, heartbeat_interval=hb, locked=True
    )
    if kind == "pty":
        from hwsim.pty_transport import PtyTransport

        transport = PtyTransport(link, str(workdir / "tty"), shoe_key)
        url = f"{transport.stable_address()}?baud=115200&{options}"
    elif kind == "tcp":
        from hwsim.tcp_transport import TcpTransport

        transport = TcpTransport(link, key=shoe_key)
        url = f"{transport.address()}?{options}"
    elif kind == "usb":
        from hwsim.usb_transport import UsbTransport

        transport = UsbTransport(link, model.hello, str(workdir / "usb.sock"), shoe_key)
        # The backend finds the cable through the environment, as across processes.
        saved_env = os.environ.get("HWSIM_USB_SOCKET")
        os.environ["HWSIM_USB_SOCKET"] = transport.socket_path
        url = f"{transport.address()}&{options}"
    else:
        raise ValueError(kind)
    device = ShoeDevice(model, link, transport).start()
    source = open_source(url)
    try:
        yield Harness(source, model, link, device)
    finally:
        source.close()
        device.stop()
        shutil.rmtree(workdir, ignore_errors=True)
        if kind == "usb":
            if saved_env is None:
                os.environ.pop("HWSIM_USB_SOCKET", None)
            else:
                os.environ["HWSIM_USB_SOCKET"] = saved_env


def play(harness: Harness, cards: int, *, within: float = 10.0, resolve_faults: bool = True) -> Record:
    """Read like the table: wait for the shoe, open its gate, take `cards` cards; on a fault a pit boss
    resolves it (unlock) and play goes on. Stops at `within` seconds whatever happened."""
    record = Record()
    source = harness.source
    deadline = time.monotonic() + within
    opened = False
    while len(record.cards) < cards and time.monotonic() < deadline:
        event = source.recv(timeout=0.1)
        if event is None:
            continue
        record.events.append(event)
        if isinstance(event, StatusEvent) and event.state == "CONNECTED" and not opened:
            opened = True
            source.unlock()
        elif isinstance(event, DeviceFault) and resolve_faults:
            source.unlock()
    return record


def drain(source: CardSource, seconds: float) -> Record:
    """Everything that arrives in the next `seconds`."""
    record = Record()
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        event = source.recv(timeout=0.05)
        if event is not None:
            record.events.append(event)
    return record


def drain_until(source: CardSource, done: Callable[[Record], bool], seconds: float) -> Record:
    """Events until `done(record)` holds or `seconds` pass."""
    record = Record()
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline and not done(record):
        event = source.recv(timeout=0.05)
        if event is not None:
            record.events.append(event)
    return record


def keep_the_round_going(table: TableController, pit_boss: User) -> None:
    """Decisions and new rounds as soon as they are due, so that a card from the shoe is always expected; a card
    fault stops the round, and the pit boss voids it."""
    for _ in range(20):
        state = table.round
        if table.faults:
            return
        if state is None or state.phase == "closed":
            table.submit(PlaceStakes(1, 10, player="P1"))
            table.submit(CloseBets())
            continue
        if state.fault is not None:
            table.overrides.void_round(pit_boss, f"card fault: {state.fault.text}")
            continue
        action = next_action(state)
        if action is None:
            return
        table.submit(action)

