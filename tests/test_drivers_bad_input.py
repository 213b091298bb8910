"""Bad input never crashes a driver and never invents a card: noise, wrong URLs, missing ports, a vanished
device, permission problems. Each gives a clear message or a counted drop."""

from __future__ import annotations

import errno
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest
import serial

from drivers.base import CardEvent, DeviceFault, SourceError, StatusEvent, open_source
from drivers.cards import CardError
from drivers.manual import ManualSource
from drivers.shoe1 import codec
from drivers.shoe1.serial_source import _open_failure
from tests.shoe_harness import play, simulated_shoe

ROOT = Path(__file__).resolve().parent.parent


def test_registry_opens_a_serial_url_without_loading_pyusb_or_opencv() -> None:
    code = (
        "import sys; from drivers.base import open_source, SourceError\n"
        "try:\n    open_source('serial:///dev/does-not-exist').close()\nexcept SourceError: pass\n"
        "print('usb' in sys.modules, 'cv2' in sys.modules, 'hwsim' in sys.modules)"
    )
    env = {**os.environ, "PYTHONPATH": f"{ROOT}:{ROOT / 'hardware-sim'}"}
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, check=True)
    assert out.stdout.split() == ["False", "False", "False"]


def test_registry_unknown_scheme_names_the_known_ones() -> None:
    with pytest.raises(SourceError, match=r"known: .*serial://.*usb://"):
        open_source("ftp://shoe")


@pytest.mark.parametrize(
    ("url", "message"),
    [
        ("serial:///dev/ttyS0?baud=12345", "baud must be one of"),
        ("serial://", "names no port"),
        ("socket://localhost", "needs a host and a port"),
        ("usb://16c0?backend=hwsim.usb_backend:factory", "VENDOR:PRODUCT"),
        ("usb://16c0:05dc?backend=no.such.module:factory", "is not one rptable knows"),
        ("sim://?faults=jam@x", "jam@x"),
        ("sim://?hb=0", "heartbeat interval 0"),
        ("sim://?rate=-2", "cards per second"),
        ("sim://?packs=-1", "packs -1"),
        ("sim://?seed=x", "seed=x is not a whole number"),
        ("sim://?clock=fast", "clock must be one of real, virtual"),
        ("sim://?hb_timeout=0", "hb_timeout=0"),
        ("manual://?input=keyboard", "input may only be"),
    ],
)
def test_bad_urls_are_refused_with_a_reason(url: str, message: str) -> None:
    with pytest.raises(SourceError, match=message):
        open_source(url).close()


def test_a_port_that_does_not_exist_is_an_open_failed_fault_saying_what_to_check() -> None:
    with open_source("serial:///dev/no-such-shoe") as source:
        event = source.recv(timeout=2.0)
    assert isinstance(event, DeviceFault) and event.code == "OPEN_FAILED"
    assert "does not exist" in event.text and "plugged in" in event.text


def test_nothing_listening_on_tcp_is_an_open_failed_fault() -> None:
    with open_source("socket://127.0.0.1:9") as source:
        event = source.recv(timeout=2.0)
    assert isinstance(event, DeviceFault) and event.code == "OPEN_FAILED" and "Nothing answers" in event.text


def test_permission_denied_and_busy_ports_say_what_to_do() -> None:
    denied = serial.SerialException(
        errno.EACCES, "could not open port /dev/ttyUSB0: [Errno 13] Permission denied"
    )
    assert "dialout" in _open_failure("/dev/ttyUSB0", denied)
    busy = serial.SerialException(errno.EBUSY, "busy")
    assert "another program" in _open_failure("/dev/ttyUSB0", busy)


def test_no_usb_shoe_plugged_in_is_an_open_failed_fault(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setenv("HWSIM_USB_SOCKET", str(tmp_path / "nobody.sock"))
    with open_source("usb://16c0:05dc?backend=hwsim.usb_backend:factory") as source:
        event = source.recv(timeout=2.0)
    assert isinstance(event, DeviceFault) and event.code == "OPEN_FAILED" and "No USB shoe" in event.text


def test_noise_and_malformed_sentences_on_the_port_are_counted_never_cards() -> None:
    """Write junk straight onto the pty, between real sentences: every named kind of malformed input."""
    with simulated_shoe("pty", seed=21, rate=0) as shoe:
        source = shoe.source
        deadline = time.monotonic() + 5
        while time.monotonic() < deadline:  # wait for the greeting
            event = source.recv(timeout=0.1)
            if isinstance(event, StatusEvent) and event.state == "CONNECTED":
                break
        master = shoe.device.transport._master  # type: ignore[union-attr]
        junk = [
            os.urandom(200).replace(b"$", b"#"),  # noise before any $
            b"$CARD,900,AS,97*00\r\n",  # bad checksum
            b"$CARD,901,AS,97\r\n",  # no *HH
            codec.frame("CARD,902,1S"),  # rank out of range
            codec.frame("CARD,903,AX"),  # suit out of range
            codec.frame("CARD,70000,AS"),  # seq out of range
            codec.frame("FAULT,E01," + "x" * 90),  # over 82 bytes
            codec.frame("WEATHER,SUNNY"),  # unknown sentence
            b"$CARD,904,A",  # cut off by the next $
        ]
        for chunk in junk:
            os.write(master, chunk)
        os.write(master, codec.frame("HB,5"))
        time.sleep(0.3)
        events = []
        while (event := source.recv(timeout=0.1)) is not None:
            events.append(event)
        assert not [e for e in events if isinstance(e, CardEvent)]
        status = source.status()
        assert status.frames_dropped >= 7 and status.info["unknown_frames"] == "1"
        # and the link still works: a real card arrives after all that
        shoe.device.deal()  # type: ignore[union-attr]
        source.unlock()
        record = play(shoe, 1, within=3)
        assert record.cards == shoe.truth()[:1]


def test_manual_entry_numbers_cards_and_refuses_what_is_not_a_card() -> None:
    source = ManualSource()
    source.enter("QS")
    source.enter("10h")
    source.enter("??")
    with pytest.raises(CardError, match="not a card"):
        source.enter("1x")
    got = [source.recv(timeout=0.1) for _ in range(3)]
    assert [(e.seq, e.code) for e in got if isinstance(e, CardEvent)] == [(0, "QS"), (1, "TH"), (2, "??")]
    assert source.recv(timeout=0.05) is None  # the refused text recorded nothing


def test_a_source_whose_library_is_missing_says_which_package() -> None:
    from drivers.base import REGISTRY, register

    register("ghost", "no_such_package.module:Source")
    try:
        with pytest.raises(SourceError, match="no_such_package"):
            open_source("ghost://x")
    finally:
        REGISTRY.pop("ghost")


@pytest.mark.parametrize("url", ["serial:///dev/null?hb_timeout=x", "serial:///dev/null?gap_wait=nan",
                                 "socket://localhost:99999", "socket://[::1", "serial:///dev/null?hb_timeout=-1"])
def test_a_malformed_url_option_is_a_clear_refusal_not_a_crash(url: str) -> None:
    from drivers.base import SourceError, open_source

    with pytest.raises(SourceError):
        open_source(url)


def test_shoe1_a_card_read_just_as_the_port_vanishes_is_still_handed_on() -> None:
    # The card's frame was read, its ACK could not be written because the port disappeared at that instant:
    # the card left the shoe and reached the host, so it must be delivered (the shoe's resend is a duplicate).
    from drivers.base import CardEvent
    from drivers.cards import parse_card
    from drivers.shoe1.delivery import Outcome
    from drivers.shoe1.link_source import Link, LinkLost, Shoe1Source
    from drivers.shoe1.messages import Ack

    class VanishingPort(Link):
        def open(self) -> None: ...
        def close(self) -> None: ...
        def read_frames(self, timeout: float) -> list:  # type: ignore[type-arg]
            return []

        def send(self, message) -> None:  # type: ignore[no-untyped-def]
            raise LinkLost("device disconnected")

    source = Shoe1Source("serial:///dev/vanishing", VanishingPort())
    source._linked = True
    event = CardEvent(parse_card("AH"), 5, None, "serial:///dev/vanishing", 0.0)
    with pytest.raises(LinkLost):
        source._apply(Outcome(events=[event], replies=[Ack(5)]))
    assert source.recv(timeout=0) == event


def test_a_port_gone_while_open_is_said_in_words_not_in_the_serial_librarys() -> None:
    """A USB-serial shoe unplugged mid-session: pyserial says "device reports readiness to read but returned no
    data (device disconnected or multiple access on port?)", which the console's banner quoted to the dealer."""
    from drivers.shoe1.link_source import LinkLost
    from drivers.shoe1.serial_source import PortLine

    readable, writable = os.pipe()
    os.write(writable, b"x")  # select() says ready, as it does for a port whose device went away

    class GonePort:
        def fileno(self) -> int:
            return readable

        def read(self, _size: int) -> bytes:
            raise serial.SerialException("device reports readiness to read but returned no data (device "
                                         "disconnected or multiple access on port?)")

    try:
        with pytest.raises(LinkLost) as lost:
            PortLine(GonePort()).read(0.1)
    finally:
        os.close(readable)
        os.close(writable)
    assert str(lost.value) == "the port gave no data: the shoe was unplugged, or another program opened its port"
