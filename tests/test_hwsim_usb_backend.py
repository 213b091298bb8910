"""The simulator's pyusb backend works through pyusb's ordinary path (usb.core.find, descriptors, strings,
interrupt IN, vendor control), and the USB driver works with any backend a URL names."""

from __future__ import annotations

import errno
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import usb.core
import usb.util
from hwsim.device import ShoeDevice, build_model
from hwsim.usb_backend import VirtualShoeBackend
from hwsim.usb_transport import UsbTransport

from drivers.base import CardEvent, StatusEvent, open_source
from drivers.shoe1 import usb_codec
from drivers.shoe1.messages import CardFrame
from drivers.shoe1.usb_source import USB_BACKENDS


@pytest.fixture
def usb_shoe(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[ShoeDevice]:
    model, link = build_model(seed=3, rate=0)
    transport = UsbTransport(link, model.hello, str(tmp_path / "usb.sock"))
    monkeypatch.setenv("HWSIM_USB_SOCKET", transport.socket_path)
    with ShoeDevice(model, link, transport) as shoe:
        yield shoe


def test_shoe1_usb_virtual_device_enumerates_with_its_descriptors(usb_shoe: ShoeDevice) -> None:
    device: Any = usb.core.find(idVendor=0x16C0, idProduct=0x05DC, backend=VirtualShoeBackend())
    assert device is not None
    assert device.serial_number == "SN000001" and "SHOE/1" in device.product
    config = device.get_active_configuration()
    interface = config[(0, 0)]
    (endpoint,) = interface.endpoints()
    assert endpoint.bEndpointAddress == 0x81 and endpoint.wMaxPacketSize == 16 and endpoint.bInterval == 10
    assert usb.util.endpoint_type(endpoint.bmAttributes) == usb.util.ENDPOINT_TYPE_INTR
    info = device.ctrl_transfer(usb_codec.REQUEST_TYPE_IN, usb_codec.REQUEST_GET_INFO, 0, 0, 64)
    assert bytes(info).rstrip(b"\0") == b"SHOE1,RS-200-SIM,SN000001,1.0.0"


def test_shoe1_usb_interrupt_in_reports_and_ack_request(usb_shoe: ShoeDevice) -> None:
    device: Any = usb.core.find(idVendor=0x16C0, idProduct=0x05DC, backend=VirtualShoeBackend())
    usb_shoe.deal()
    frames = []
    for _ in range(20):
        try:
            frames.append(usb_codec.decode_report(bytes(device.read(0x81, 16, timeout=200))))
        except usb.core.USBTimeoutError:
            continue
        if any(isinstance(f, CardFrame) for f in frames):
            break
    card = next(f for f in frames if isinstance(f, CardFrame))
    assert card.seq == 0 and card.card == usb_shoe.model.truth[0].card
    device.ctrl_transfer(usb_codec.REQUEST_TYPE_OUT, usb_codec.REQUEST_ACK, 0, 0, None)
    with pytest.raises(usb.core.USBError) as stalled:
        device.ctrl_transfer(usb_codec.REQUEST_TYPE_OUT, 0x42, 0, 0, None)
    assert stalled.value.errno == errno.EPIPE


def test_shoe1_usb_an_empty_bus_finds_nothing(tmp_path: Path) -> None:
    backend = VirtualShoeBackend(str(tmp_path / "nobody.sock"))
    assert usb.core.find(idVendor=0x16C0, idProduct=0x05DC, backend=backend) is None


class StallingBackend(VirtualShoeBackend):
    """A third-party stack whose shoe stalls GET_INFO."""

    def ctrl_transfer(self, dev_handle: Any, bmRequestType: int, bRequest: int, *args: Any) -> int:
        if bRequest == usb_codec.REQUEST_GET_INFO:
            raise usb.core.USBError("Pipe error", -9, errno.EPIPE)
        return super().ctrl_transfer(dev_handle, bmRequestType, bRequest, *args)


def stalling_factory() -> StallingBackend:
    return StallingBackend()


def test_shoe1_usb_driver_takes_a_backend_it_knows_named_in_the_url_and_survives_no_get_info(
    usb_shoe: ShoeDevice, monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A backend joins the list in code (a URL only picks from it): here one whose shoe stalls GET_INFO."""
    monkeypatch.setitem(USB_BACKENDS, "stalling", "tests.test_hwsim_usb_backend:stalling_factory")
    with open_source("usb://16c0:05dc?backend=stalling") as source:
        first = source.recv(timeout=3)
        assert isinstance(first, StatusEvent) and first.state == "CONNECTED" and "GET_INFO" in first.detail
        usb_shoe.deal()
        event = None
        for _ in range(30):
            event = source.recv(timeout=0.1)
            if isinstance(event, CardEvent):
                break
        assert isinstance(event, CardEvent) and event.card == usb_shoe.model.truth[0].card


def test_shoe1_usb_serial_number_selects_the_shoe(usb_shoe: ShoeDevice) -> None:
    with open_source("usb://16c0:05dc?serial=SN999999&backend=hwsim.usb_backend:factory") as source:
        event = source.recv(timeout=3)
    assert event is not None and getattr(event, "code", "") == "OPEN_FAILED" and "SN999999" in event.text  # type: ignore[union-attr]
