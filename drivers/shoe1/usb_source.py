"""SHOE/1-USB with pyusb (`usb://16c0:05dc?serial=SN000123`): libusb1, or a backend rptable knows. `key=PATH`
pairs the link with its shoe (SHOE/1-A): a HELLO handshake after GET_INFO, then every report and request is
checked or sealed with the session's counter and MAC.

`backend=NAME` picks another pyusb backend, from the list rptable knows (`USB_BACKENDS`): libusb0, openusb, or
the simulator's virtual bus (`hwsim`, also spelled `hwsim.usb_backend:factory`). A URL names a backend, it never
names code: any other name is refused before anything is imported.
"""

from __future__ import annotations

import contextlib
import errno
import importlib
from typing import Any
from urllib.parse import urlsplit

import usb.core
import usb.util

from drivers.base import SourceError, url_query
from drivers.shoe1 import auth, usb_codec
from drivers.shoe1.link_source import Link, LinkLost, LinkUnavailable, NoGreeting, Shoe1Source, shoe_key
from drivers.shoe1.messages import BadFrame, Decoded, Forged, HostMessage, Lock, ShoeHello, Unlock

TIMEOUT_ERRNOS = (errno.ETIMEDOUT,)
DRAIN_REPORTS = 32  # reports one read takes at most, so that a host that fell behind catches up in few turns


DEFAULT_BACKEND = "libusb1"
# The pyusb backends a shoe URL may name (`backend=NAME`), each "module:factory" (factory() returns an
# `usb.backend.IBackend`, or None when its library is missing). A closed list: a URL is typed by whoever can edit
# the table's settings, and importing what it names would run any code on the table's machine.
USB_BACKENDS: dict[str, str] = {
    DEFAULT_BACKEND: "usb.backend.libusb1:get_backend",
    "libusb0": "usb.backend.libusb0:get_backend",
    "openusb": "usb.backend.openusb:get_backend",
    "hwsim": "hwsim.usb_backend:factory",
    "hwsim.usb_backend:factory": "hwsim.usb_backend:factory",  # the spelling shoe-sim --usb prints
}


def load_backend(name: str | None) -> Any:
    """The pyusb backend the URL names from USB_BACKENDS, else libusb1 (from the libusb-package wheel if present)."""
    name = name or DEFAULT_BACKEND
    target = USB_BACKENDS.get(name)
    if target is None:
        shown = name if len(name) <= 40 else name[:37] + "..."
        raise SourceError(f"USB backend '{shown}' is not one rptable knows: give one of "
                          f"{', '.join(sorted(USB_BACKENDS))}, or leave backend= out for {DEFAULT_BACKEND}")
    if name == DEFAULT_BACKEND:
        backend = _libusb1()
    else:
        module_name, _, attr = target.partition(":")
        try:
            backend = getattr(importlib.import_module(module_name), attr)()
        except (ImportError, AttributeError) as exc:
            raise SourceError(f"USB backend '{name}' could not be loaded ({exc}): reinstall rptable (make setup)") \
                from exc
    if backend is None:
        raise SourceError(f"USB backend '{name}' found no library to drive the bus: install it, or use "
                          f"{DEFAULT_BACKEND} (the libusb-1.0-0 package; make setup installs it)")
    return backend


def _libusb1() -> Any:
    import usb.backend.libusb1

    try:
        import libusb_package

        backend = usb.backend.libusb1.get_backend(find_library=libusb_package.find_library)
    except ImportError:
        backend = usb.backend.libusb1.get_backend()
    if backend is None:
        raise SourceError("libusb 1.0 is not installed: install the libusb-1.0-0 package (make setup does)")
    return backend


class UsbLink(Link):
    """The host's end of a SHOE/1-USB cable: interrupt IN reports in, vendor control requests out."""

    def __init__(self, vendor: int, product: int, serial: str | None, backend: Any,
                 key: auth.ShoeKey | None = None) -> None:
        self.vendor, self.product, self.serial = vendor, product, serial
        self._backend = backend
        self._device: Any = None
        self._key = key
        self._session: bytes | None = None  # SHOE/1-A: the session key once the handshake held
        self._sent = 0  # the host's next request counter
        self._last_accepted = -1  # the shoe's last report counter taken
        self._gate_wish: Lock | Unlock | None = None  # asked before the handshake: sent once it holds

    @property
    def key_id(self) -> str | None:
        return self._key.key_id if self._key is not None else None

    def describe(self) -> str:
        serial = f" with serial {self.serial}" if self.serial else ""
        return f"USB shoe {self.vendor:04x}:{self.product:04x}{serial}"

    def open(self) -> None:
        def matches(device: Any) -> bool:
            if self.serial is None:
                return True
            try:
                return bool(device.serial_number == self.serial)
            except (usb.core.USBError, ValueError):
                return False

        try:
            device = usb.core.find(
                idVendor=self.vendor, idProduct=self.product, backend=self._backend, custom_match=matches
            )
        except usb.core.USBError as exc:
            raise LinkUnavailable(_usb_failure(self.describe(), exc)) from exc
        if device is None:
            raise LinkUnavailable(
                f"No {self.describe()} is plugged in: check the cable and that the shoe is switched on."
            )
        try:
            try:
                if device.is_kernel_driver_active(usb_codec.INTERFACE):
                    device.detach_kernel_driver(usb_codec.INTERFACE)
            except (NotImplementedError, usb.core.USBError):
                pass  # not every backend or OS has kernel drivers to detach
            device.set_configuration()
            usb.util.claim_interface(device, usb_codec.INTERFACE)
        except usb.core.USBError as exc:
            usb.util.dispose_resources(device)
            raise LinkUnavailable(_usb_failure(self.describe(), exc)) from exc
        self._device = device

    def greet(self) -> list[Decoded]:
        try:
            info = self._open().ctrl_transfer(
                usb_codec.REQUEST_TYPE_IN,
                usb_codec.REQUEST_GET_INFO,
                0,
                usb_codec.INTERFACE,
                usb_codec.INFO_LENGTH,
            )
        except usb.core.USBError as exc:
            if exc.errno == errno.ENODEV:
                raise LinkLost(str(exc)) from exc
            raise NoGreeting(f"the shoe did not answer GET_INFO: {exc}") from exc
        hello = usb_codec.decode_info(bytes(info))
        if self._key is None or isinstance(hello, BadFrame):
            return [hello]
        if not usb_codec.offers_a1(bytes(info)):
            return [Forged("the shoe does not offer SHOE/1-A (no A1 in GET_INFO): it is not the shoe paired with "
                           "this table, or it has no key")]
        return [self._handshake(hello)]

    def _handshake(self, hello: ShoeHello) -> ShoeHello | Forged:
        """SHOE/1-A's HELLO and HELLO_REPLY: the shoe proves it holds the key for this host nonce."""
        assert self._key is not None
        host_nonce = bytes.fromhex(auth.new_nonce())
        device = self._open()
        try:
            device.ctrl_transfer(usb_codec.REQUEST_TYPE_OUT, usb_codec.REQUEST_HELLO, 0, usb_codec.INTERFACE,
                                 host_nonce)
            reply = bytes(device.ctrl_transfer(usb_codec.REQUEST_TYPE_IN, usb_codec.REQUEST_HELLO_REPLY, 0,
                                               usb_codec.INTERFACE, usb_codec.HELLO_REPLY_LENGTH))
        except usb.core.USBError as exc:
            if exc.errno == errno.ENODEV:
                raise LinkLost(str(exc)) from exc
            return Forged(f"the shoe refused the SHOE/1-A HELLO ({exc}): it is not the shoe paired with this table")
        shoe_nonce, tag = reply[:8], reply[8:16]
        if len(reply) != usb_codec.HELLO_REPLY_LENGTH or not auth.same(
                tag, auth.usb_hello_tag(self._key, host_nonce, shoe_nonce, hello.serial)):
            return Forged("the shoe's HELLO_REPLY does not prove the pairing key: this is not the shoe paired with "
                          "the table")
        self._session = auth.usb_session_key(self._key, host_nonce, shoe_nonce)
        self._sent, self._last_accepted = 0, -1
        if self._gate_wish is not None:
            wish, self._gate_wish = self._gate_wish, None
            self.send(wish)
        return ShoeHello(hello.model, hello.serial, hello.firmware, shoe_nonce.hex().upper(), tag.hex().upper())

    def close(self) -> None:
        self._session = None
        device, self._device = self._device, None
        if device is not None:
            with contextlib.suppress(usb.core.USBError):
                usb.util.release_interface(device, usb_codec.INTERFACE)
            usb.util.dispose_resources(device)

    def read_frames(self, timeout: float) -> list[Decoded]:
        """The reports that arrive within `timeout`, and then those already waiting (up to DRAIN_REPORTS)."""
        frames: list[Decoded] = []
        wait_ms = max(1, int(timeout * 1000))
        while len(frames) < DRAIN_REPORTS:
            report = self._read_report(wait_ms)
            if report is None:
                break
            frames.append(self._checked(report))
            wait_ms = 1  # what is queued already, without waiting for more
        self.more_waiting = len(frames) >= DRAIN_REPORTS
        return frames

    def _read_report(self, wait_ms: int) -> bytes | None:
        try:
            return bytes(self._open().read(usb_codec.ENDPOINT_IN, usb_codec.REPORT_SIZE, timeout=wait_ms))
        except usb.core.USBTimeoutError:
            return None
        except usb.core.USBError as exc:
            if exc.errno in TIMEOUT_ERRNOS:
                return None
            raise LinkLost(str(exc)) from exc

    def _checked(self, report: bytes) -> Decoded:
        """A report as a message; under SHOE/1-A only with a MAC that holds and a counter not seen before."""
        message = usb_codec.decode_report(report)
        if self._key is None or isinstance(message, BadFrame):
            return message
        if self._session is None:
            return Forged("a report from a shoe that has not proved the pairing key", report)
        counter = usb_codec.open_report(report, self._session)
        if counter is None:
            return Forged("its MAC does not hold: the report was forged or changed on the way", report)
        if counter <= self._last_accepted:
            return Forged(f"replayed: counter {counter} was used already (last {self._last_accepted})", report)
        self._last_accepted = counter
        return message

    def send(self, message: HostMessage) -> None:
        device = self._open()
        try:
            request, value = usb_codec.encode_control(message)
        except ValueError:
            return  # host HELLO: USB has none (the driver reads GET_INFO instead)
        data = None
        if self._key is not None and self._session is None:
            # Before the handshake nothing can be authenticated (a shoe still in an earlier session would stall
            # it): the gate's state waits for the session, the rest means nothing to an unproved shoe. A LOCK goes
            # out plain at once as well: locking is always safe, and it stops a device that does not speak
            # SHOE/1-A from dealing on. An UNLOCK never goes out unauthenticated.
            if isinstance(message, Lock | Unlock):
                self._gate_wish = message
            if isinstance(message, Lock):
                # A paired shoe may stall an unauthenticated request: that refusal is not a lost link.
                with contextlib.suppress(usb.core.USBError):
                    device.ctrl_transfer(usb_codec.REQUEST_TYPE_OUT, request, value, usb_codec.INTERFACE, None)
            return
        if self._session is not None:
            data = auth.control_data(self._session, request, value, self._sent)
            self._sent += 1
        try:
            device.ctrl_transfer(usb_codec.REQUEST_TYPE_OUT, request, value, usb_codec.INTERFACE, data)
        except usb.core.USBError as exc:
            raise LinkLost(str(exc)) from exc

    def _open(self) -> Any:
        if self._device is None:
            raise LinkLost("device closed")
        return self._device


class UsbShoeSource(Shoe1Source):
    scheme = "usb"

    def __init__(self, url: str, link: UsbLink) -> None:
        # SHOE/1-USB's HEARTBEAT carries the uptime in seconds modulo 256.
        super().__init__(url, link, uptime_modulus=256)
        self._status.info["usb_id"] = f"{link.vendor:04x}:{link.product:04x}"

    @classmethod
    def from_url(cls, url: str) -> UsbShoeSource:
        parts = urlsplit(url)
        query = url_query(url)
        ids = parts.netloc or f"{usb_codec.VENDOR_ID:04x}:{usb_codec.PRODUCT_ID:04x}"
        try:
            vendor_text, product_text = ids.split(":")
            vendor, product = int(vendor_text, 16), int(product_text, 16)
        except ValueError:
            raise SourceError(
                f"'{url}': the USB id must be VENDOR:PRODUCT in hex, e.g. usb://16c0:05dc"
            ) from None
        key = shoe_key(query)
        backend = load_backend(query.get("backend"))
        return cls(url, UsbLink(vendor, product, query.get("serial"), backend, key)).start()


def _usb_failure(what: str, exc: usb.core.USBError) -> str:
    if exc.errno == errno.EACCES:
        return (
            f"Permission denied on the {what}: install the udev rule for vendor 16c0 (or run as the "
            "'plugdev' group), then plug the shoe in again."
        )
    if exc.errno == errno.EBUSY:
        return f"The {what} is in use by another program: close it and try again."
    if exc.errno == errno.ENODEV:
        return f"The {what} disappeared while opening: check the cable."
    return f"Could not open the {what}: {exc}. Check the cable."
