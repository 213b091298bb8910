"""A pyusb backend (`usb.backend.IBackend`) in pure Python whose bus holds the simulated SHOE/1-USB shoe.

Use it through the normal pyusb path: `usb.core.find(idVendor=0x16c0, idProduct=0x05dc, backend=factory())`,
or from a shoe URL: `usb://16c0:05dc?backend=hwsim.usb_backend:factory`. It connects to the shoe over the
virtual cable of `hwsim.usb_ipc` ($HWSIM_USB_SOCKET, else the default path `shoe-sim --usb` prints).
What it models: one device, its device/configuration/interface/endpoint and string descriptors,
interrupt IN reads, vendor control transfers, and unplugging (USBError ENODEV). What it does not: other
endpoints, alternate settings, isochronous or bulk transfers, hubs.
"""

from __future__ import annotations

import array
import errno
import json
import socket
import threading
from dataclasses import dataclass, field
from typing import Any

import usb.backend
import usb.core

from drivers.shoe1 import usb_codec
from hwsim.usb_ipc import default_socket_path

LANGID_EN_US = 0x0409
STRING_MANUFACTURER, STRING_PRODUCT, STRING_SERIAL = 1, 2, 3
# The shoe's one configuration, interface and interrupt-IN endpoint, as a real device describes them.
CONFIGURATION = {"bLength": 9, "bDescriptorType": 2, "wTotalLength": 9 + 9 + 7, "bNumInterfaces": 1,
                 "bConfigurationValue": 1, "iConfiguration": 0, "bmAttributes": 0x80, "bMaxPower": 50}
INTERFACE = {"bLength": 9, "bDescriptorType": 4, "bInterfaceNumber": usb_codec.INTERFACE, "bAlternateSetting": 0,
             "bNumEndpoints": 1, "bInterfaceClass": 0xFF, "bInterfaceSubClass": 0, "bInterfaceProtocol": 0,
             "iInterface": 0}
ENDPOINT = {"bLength": 7, "bDescriptorType": 5, "bEndpointAddress": usb_codec.ENDPOINT_IN, "bmAttributes": 0x03,
            "wMaxPacketSize": usb_codec.REPORT_SIZE, "bInterval": usb_codec.POLL_INTERVAL_MS, "bRefresh": 0,
            "bSynchAddress": 0}


@dataclass(frozen=True)
class VirtualDevice:
    """What enumeration returns: one device instance (a new one after every replug)."""

    id: int
    vid: int
    pid: int
    serial: str
    product: str
    manufacturer: str


@dataclass
class _Descriptor:
    fields: dict[str, Any]
    extra_descriptors: list[int] = field(default_factory=list)

    def __getattr__(self, name: str) -> Any:
        try:
            return self.fields[name]
        except KeyError:
            raise AttributeError(name) from None


def _nodev() -> usb.core.USBError:
    return usb.core.USBError("No such device (it may have been disconnected)", -4, errno.ENODEV)


class VirtualShoeBackend(usb.backend.IBackend):  # type: ignore[misc]
    def __init__(self, socket_path: str | None = None) -> None:
        super().__init__()
        self.socket_path = socket_path or default_socket_path()
        self._sock: socket.socket | None = None
        self._stream: Any = None
        self._lock = threading.Lock()

    # -- the cable -----------------------------------------------------------------------------------------
    def _request(self, **request: Any) -> dict[str, Any]:
        with self._lock:
            try:
                if self._stream is None:
                    sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
                    sock.connect(self.socket_path)
                    self._sock, self._stream = sock, sock.makefile("rwb", buffering=0)
                self._stream.write(json.dumps(request).encode() + b"\n")
                line = self._stream.readline()
                if not line:
                    raise OSError("the simulated shoe closed the cable")
                answer: dict[str, Any] = json.loads(line)
                return answer
            except OSError as exc:
                self._disconnect()
                raise _nodev() from exc

    def _disconnect(self) -> None:
        if self._sock is not None:
            self._sock.close()
        self._sock = self._stream = None

    def _checked(self, answer: dict[str, Any]) -> dict[str, Any]:
        error = answer.get("error")
        if error == "nodev":
            raise _nodev()
        if error == "timeout":
            raise usb.core.USBTimeoutError("Operation timed out", -7, errno.ETIMEDOUT)
        if error == "pipe":
            raise usb.core.USBError("Pipe error (the device stalled the request)", -9, errno.EPIPE)
        if error is not None:
            raise usb.core.USBError(f"virtual cable: {answer.get('text', error)}", -1, errno.EIO)
        return answer

    # -- enumeration and descriptors -----------------------------------------------------------------------
    def enumerate_devices(self) -> list[VirtualDevice]:
        try:
            answer = self._request(op="list")
        except usb.core.USBError:
            return []  # no simulated shoe running: an empty bus
        return [VirtualDevice(**d) for d in answer.get("devices", [])]

    def get_device_descriptor(self, dev: VirtualDevice) -> _Descriptor:
        return _Descriptor(
            {
                "bLength": 18,
                "bDescriptorType": 1,
                "bcdUSB": 0x0200,
                "bDeviceClass": 0xFF,
                "bDeviceSubClass": 0,
                "bDeviceProtocol": 0,
                "bMaxPacketSize0": 8,
                "idVendor": dev.vid,
                "idProduct": dev.pid,
                "bcdDevice": 0x0100,
                "iManufacturer": STRING_MANUFACTURER,
                "iProduct": STRING_PRODUCT,
                "iSerialNumber": STRING_SERIAL,
                "bNumConfigurations": 1,
                "address": 1 + dev.id % 127,
                "bus": 1,
                "port_number": 1,
                "port_numbers": (1,),
                "speed": 2,
            }
        )

    def get_configuration_descriptor(self, dev: VirtualDevice, config: int) -> _Descriptor:
        if config != 0:
            raise IndexError("the shoe has one configuration")
        return _Descriptor(dict(CONFIGURATION))

    def get_interface_descriptor(self, dev: VirtualDevice, intf: int, alt: int, config: int) -> _Descriptor:
        if (intf, alt, config) != (0, 0, 0):
            raise IndexError("the shoe has one interface, without alternate settings")
        return _Descriptor(dict(INTERFACE))

    def get_endpoint_descriptor(
        self, dev: VirtualDevice, ep: int, intf: int, alt: int, config: int
    ) -> _Descriptor:
        if (ep, intf, alt, config) != (0, 0, 0, 0):
            raise IndexError("the shoe has one endpoint")
        return _Descriptor(dict(ENDPOINT))

    # -- handles -------------------------------------------------------------------------------------------
    def open_device(self, dev: VirtualDevice) -> VirtualDevice:
        return dev

    def close_device(self, dev_handle: VirtualDevice) -> None:
        pass

    def set_configuration(self, dev_handle: VirtualDevice, config_value: int) -> None:
        if config_value not in (0, 1):
            raise usb.core.USBError("Invalid configuration", -2, errno.EINVAL)

    def get_configuration(self, dev_handle: VirtualDevice) -> int:
        return 1

    def claim_interface(self, dev_handle: VirtualDevice, intf: int) -> None:
        if intf != usb_codec.INTERFACE:
            raise usb.core.USBError("Entity not found", -5, errno.ENOENT)

    def release_interface(self, dev_handle: VirtualDevice, intf: int) -> None:
        pass

    def is_kernel_driver_active(self, dev_handle: VirtualDevice, intf: int) -> bool:
        return False

    def detach_kernel_driver(self, dev_handle: VirtualDevice, intf: int) -> None:
        pass

    def clear_halt(self, dev_handle: VirtualDevice, ep: int) -> None:
        pass

    def reset_device(self, dev_handle: VirtualDevice) -> None:
        pass

    # -- transfers -----------------------------------------------------------------------------------------
    def intr_read(
        self, dev_handle: VirtualDevice, ep: int, intf: int, buff: array.array[int], timeout: int
    ) -> int:
        if ep != usb_codec.ENDPOINT_IN:
            raise usb.core.USBError("Pipe error (no such endpoint)", -9, errno.EPIPE)
        answer = self._checked(self._request(op="read", id=dev_handle.id, timeout=timeout or 1000))
        data = bytes.fromhex(answer["data"])[: len(buff)]
        buff[: len(data)] = array.array("B", data)
        return len(data)

    def ctrl_transfer(
        self,
        dev_handle: VirtualDevice,
        bmRequestType: int,
        bRequest: int,
        wValue: int,
        wIndex: int,
        data: array.array[int],
        timeout: int,
    ) -> int:
        if bmRequestType == 0x80 and bRequest == 0x06:  # standard GET_DESCRIPTOR, answered from enumeration
            return self._fill(data, self._descriptor(dev_handle, wValue))
        answer = self._checked(
            self._request(
                op="ctrl",
                id=dev_handle.id,
                type=bmRequestType,
                request=bRequest,
                value=wValue,
                index=wIndex,
                length=len(data),
                data=bytes(data).hex() if not bmRequestType & 0x80 else "",
            )
        )
        if bmRequestType & 0x80:
            return self._fill(data, bytes.fromhex(answer["data"]))
        return int(answer.get("written", 0))

    @staticmethod
    def _fill(buff: array.array[int], data: bytes) -> int:
        data = data[: len(buff)]
        buff[: len(data)] = array.array("B", data)
        return len(data)

    @staticmethod
    def _descriptor(dev: VirtualDevice, w_value: int) -> bytes:
        kind, index = w_value >> 8, w_value & 0xFF
        if kind != 3:
            raise usb.core.USBError("Pipe error (descriptor not available)", -9, errno.EPIPE)
        if index == 0:
            return bytes([4, 3]) + LANGID_EN_US.to_bytes(2, "little")
        text = {STRING_MANUFACTURER: dev.manufacturer, STRING_PRODUCT: dev.product, STRING_SERIAL: dev.serial}
        encoded = text.get(index, "").encode("utf-16-le")
        return bytes([2 + len(encoded), 3]) + encoded


def factory() -> VirtualShoeBackend:
    """The backend a shoe URL names: `usb://16c0:05dc?backend=hwsim.usb_backend:factory`."""
    return VirtualShoeBackend()
