"""The simulated shoe as a USB device: interrupt IN reports and vendor control requests, served over the
virtual cable of `hwsim.usb_ipc` to the pyusb backend in `hwsim.usb_backend`.

A device with a pairing key speaks SHOE/1-A: GET_INFO offers `A1`; the HELLO request (0x11) starts a session
whose HELLO_REPLY (0x12) proves the key; from then on every report is sealed with its counter and MAC, and a
request whose data stage does not hold is stalled. A host that never says HELLO gets plain SHOE/1-USB."""

from __future__ import annotations

import collections
import contextlib
import json
import os
import socket
import threading

from drivers.shoe1 import auth, usb_codec
from drivers.shoe1.messages import BadFrame, HostHello, HostMessage, ShoeHello
from hwsim.device import Transport
from hwsim.link import LinkFaults, Transmission
from hwsim.usb_ipc import default_socket_path

FIFO_REPORTS = 256  # reports the device holds for a host that does not poll; older ones are lost


class UsbTransport(Transport):
    def __init__(self, link: LinkFaults, hello: ShoeHello, socket_path: str | None = None,
                 key: auth.ShoeKey | None = None) -> None:
        self._link = link
        self.hello = hello
        self.key = key
        self._session: bytes | None = None  # SHOE/1-A, once a host said HELLO
        self._hello_reply = b""
        self._sent = 0
        self._last_accepted = -1
        self.refused_requests = 0  # stalled under SHOE/1-A: a bad MAC or an old counter
        self.reports_lost = 0  # pushed out of the FIFO by newer ones while the host did not poll
        self.wire: collections.deque[bytes] = collections.deque(maxlen=256)  # the last reports sent, newest last
        self.socket_path = socket_path or default_socket_path()
        self._cond = threading.Condition()
        self._reports: collections.deque[bytes] = collections.deque(maxlen=FIFO_REPORTS)
        self._commands: collections.deque[HostMessage] = collections.deque()
        self.device_id = 1
        self.bad_requests = 0
        self._closed = False
        with contextlib.suppress(FileNotFoundError):
            os.unlink(self.socket_path)
        self._server = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        self._server.bind(self.socket_path)
        self._server.listen(8)
        self._clients: list[socket.socket] = []
        threading.Thread(target=self._accept_loop, name="usb shoe cable", daemon=True).start()

    def address(self) -> str:
        return (
            f"usb://{usb_codec.VENDOR_ID:04x}:{usb_codec.PRODUCT_ID:04x}"
            f"?serial={self.hello.serial}&backend=hwsim.usb_backend:factory"
        )

    # -- the shoe's side -----------------------------------------------------------------------------------
    def wait(self, timeout: float) -> list[HostMessage]:
        with self._cond:
            if not self._commands:
                self._cond.wait(timeout)
            commands = list(self._commands)
            self._commands.clear()
        return commands

    def send(self, transmissions: list[Transmission]) -> None:
        with self._cond:
            for t in transmissions:
                try:
                    report = usb_codec.encode_report(t.message)
                except ValueError:
                    continue  # HELLO and NAK have no report: the host reads GET_INFO instead
                if self._session is not None:
                    report = usb_codec.seal_report(report, self._session, self._sent)
                    self._sent += 1
                self.wire.append(report)
                if len(self._reports) == FIFO_REPORTS:
                    self.reports_lost += 1  # the host has not polled: the oldest report goes
                self._reports.append(self._link.garble_report(report) if t.garbled else report)
            self._cond.notify_all()

    def inject(self, report: bytes) -> None:
        """A report put on the bus beside the device's own, as a gadget in the cable would (a test's attacker)."""
        with self._cond:
            self._reports.append(bytes(report))
            self._cond.notify_all()

    def unplug(self) -> None:
        with self._cond:
            self.plugged = False
            self._reports.clear()
            self._cond.notify_all()

    def plug(self) -> None:
        with self._cond:
            self.device_id += 1  # a new enumeration: handles to the old one fail with "no device"
            self._session = None
            self._reports.clear()
            self.plugged = True
            self._cond.notify_all()

    def close(self) -> None:
        self._closed = True
        self.unplug()
        with contextlib.suppress(OSError):
            self._server.close()
        for client in list(self._clients):
            with contextlib.suppress(OSError):
                client.close()
        with contextlib.suppress(FileNotFoundError):
            os.unlink(self.socket_path)

    # -- the host's side, one thread per connection --------------------------------------------------------
    def _accept_loop(self) -> None:
        while not self._closed:
            try:
                client, _ = self._server.accept()
            except OSError:
                return
            self._clients.append(client)
            threading.Thread(target=self._serve, args=(client,), name="usb shoe host", daemon=True).start()

    def _serve(self, client: socket.socket) -> None:
        stream = client.makefile("rwb", buffering=0)
        try:
            for line in stream:
                try:
                    request = json.loads(line)
                    answer = self._answer(request)
                except (ValueError, KeyError, TypeError) as exc:
                    answer = {"error": "bad", "text": str(exc)}
                stream.write(json.dumps(answer).encode() + b"\n")
        except OSError:
            pass
        finally:
            with contextlib.suppress(ValueError):
                self._clients.remove(client)
            with contextlib.suppress(OSError):
                client.close()

    def _answer(self, request: dict[str, object]) -> dict[str, object]:
        op = request["op"]
        if op == "list":
            if not self.plugged:
                return {"devices": []}
            return {
                "devices": [
                    {
                        "id": self.device_id,
                        "vid": usb_codec.VENDOR_ID,
                        "pid": usb_codec.PRODUCT_ID,
                        "serial": self.hello.serial,
                        "product": f"SHOE/1 {self.hello.model}",
                        "manufacturer": "rptable simulated shoe",
                    }
                ]
            }
        if not self.plugged or request.get("id") != self.device_id:
            return {"error": "nodev"}
        if op == "read":
            timeout = float(request.get("timeout", 100)) / 1000.0  # type: ignore[arg-type]
            with self._cond:
                if not self._reports and self.plugged:
                    self._cond.wait_for(lambda: bool(self._reports) or not self.plugged, timeout)
                if not self.plugged or request.get("id") != self.device_id:
                    return {"error": "nodev"}
                if not self._reports:
                    return {"error": "timeout"}
                return {"data": self._reports.popleft().hex()}
        if op == "ctrl":
            return self._control(request)
        return {"error": "bad", "text": f"unknown op {op}"}

    def _control(self, request: dict[str, object]) -> dict[str, object]:
        kind = int(request["type"])  # type: ignore[call-overload]
        code = int(request["request"])  # type: ignore[call-overload]
        value = int(request["value"])  # type: ignore[call-overload]
        data = bytes.fromhex(str(request.get("data", "")))
        if kind == usb_codec.REQUEST_TYPE_IN and code == usb_codec.REQUEST_GET_INFO:
            length = int(request.get("length", usb_codec.INFO_LENGTH))  # type: ignore[call-overload]
            return {"data": usb_codec.encode_info(self.hello, a1=self.key is not None)[:length].hex()}
        if self.key is not None and code in (usb_codec.REQUEST_HELLO, usb_codec.REQUEST_HELLO_REPLY):
            return self._handshake(kind, code, data)
        if kind != usb_codec.REQUEST_TYPE_OUT:
            self.bad_requests += 1
            return {"error": "pipe"}
        command = usb_codec.decode_control(code, value)
        if isinstance(command, BadFrame):
            self.bad_requests += 1
            return {"error": "pipe"}  # a real device stalls an unknown request
        if self._session is not None and not self._authentic(code, value, data):
            self.refused_requests += 1
            return {"error": "pipe"}
        with self._cond:
            self._commands.append(command)
            self._cond.notify_all()
        return {"written": len(data)}

    def _handshake(self, kind: int, code: int, data: bytes) -> dict[str, object]:
        """HELLO (the host's nonce) starts a session; HELLO_REPLY gives the shoe's nonce and its tag."""
        assert self.key is not None
        if code == usb_codec.REQUEST_HELLO and kind == usb_codec.REQUEST_TYPE_OUT and len(data) == auth.NONCE_BYTES:
            shoe_nonce = bytes.fromhex(auth.new_nonce())
            with self._cond:
                # Reports sealed for the last session would fail this one's MAC: the HELLO resends the cards.
                self._reports.clear()
                self._session = auth.usb_session_key(self.key, data, shoe_nonce)
                self._sent, self._last_accepted = 0, -1
                self._hello_reply = shoe_nonce + auth.usb_hello_tag(self.key, data, shoe_nonce, self.hello.serial)
                self._commands.append(HostHello("usb host"))  # the shoe resends every card not acknowledged
                self._cond.notify_all()
            return {"written": len(data)}
        if code == usb_codec.REQUEST_HELLO_REPLY and kind == usb_codec.REQUEST_TYPE_IN and self._hello_reply:
            return {"data": self._hello_reply.hex()}
        self.bad_requests += 1
        return {"error": "pipe"}

    def _authentic(self, code: int, value: int, data: bytes) -> bool:
        assert self._session is not None
        counter = auth.open_control(self._session, code, value, data)
        if counter is None or counter <= self._last_accepted:
            return False
        self._last_accepted = counter
        return True
