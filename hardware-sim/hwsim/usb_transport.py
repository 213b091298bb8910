"""The simulated shoe as a USB device: interrupt IN reports and vendor control requests, served over the
virtual cable of `hwsim.usb_ipc` to the pyusb backend in `hwsim.usb_backend`."""

from __future__ import annotations

import collections
import contextlib
import json
import os
import socket
import threading

from drivers.shoe1 import usb_codec
from drivers.shoe1.messages import BadFrame, HostMessage, ShoeHello
from hwsim.device import Transport
from hwsim.link import LinkFaults, Transmission
from hwsim.usb_ipc import default_socket_path

FIFO_REPORTS = 256  # reports the device holds for a host that does not poll; older ones are lost


class UsbTransport(Transport):
    def __init__(self, link: LinkFaults, hello: ShoeHello, socket_path: str | None = None) -> None:
        self._link = link
        self.hello = hello
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
                self._reports.append(self._link.garble_report(report) if t.garbled else report)
            self._cond.notify_all()

    def unplug(self) -> None:
        with self._cond:
            self.plugged = False
            self._reports.clear()
            self._cond.notify_all()

    def plug(self) -> None:
        with self._cond:
            self.device_id += 1  # a new enumeration: handles to the old one fail with "no device"
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
        if kind == usb_codec.REQUEST_TYPE_IN and code == usb_codec.REQUEST_GET_INFO:
            length = int(request.get("length", usb_codec.INFO_LENGTH))  # type: ignore[call-overload]
            return {"data": usb_codec.encode_info(self.hello)[:length].hex()}
        if kind != usb_codec.REQUEST_TYPE_OUT:
            self.bad_requests += 1
            return {"error": "pipe"}
        command = usb_codec.decode_control(code, value)
        if isinstance(command, BadFrame):
            self.bad_requests += 1
            return {"error": "pipe"}  # a real device stalls an unknown request
        with self._cond:
            self._commands.append(command)
            self._cond.notify_all()
        return {"written": len(bytes.fromhex(str(request.get("data", ""))))}
