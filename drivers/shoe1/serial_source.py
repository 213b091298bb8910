"""SHOE/1 over a serial port (`serial:///dev/ttyUSB0?baud=9600`) or TCP (`socket://host:port`), with pyserial."""

from __future__ import annotations

import errno
import os
import select
import socket
from urllib.parse import urlsplit

import serial

from drivers.base import SourceError, url_query
from drivers.shoe1 import codec
from drivers.shoe1.link_source import LinkLost, LinkUnavailable, Shoe1Source
from drivers.shoe1.messages import Decoded, HostHello, HostMessage

BAUD_RATES = (9600, 19200, 38400, 57600, 115200)
HOST_ID = "rptable"


class SerialShoeSource(Shoe1Source):
    """A SHOE/1 shoe on a serial port or a TCP socket: greets with HELLO, ACKs every card, reconnects."""

    scheme = "serial"

    def __init__(self, url: str, port_url: str, baud: int) -> None:
        super().__init__(url)
        self.port_url = port_url
        self.baud = baud
        self._port: serial.SerialBase | None = None
        self._reader = codec.SentenceReader(codec.parse_shoe_body)
        self._status.info["port"] = port_url

    @classmethod
    def from_url(cls, url: str) -> SerialShoeSource:
        parts = urlsplit(url)
        query = url_query(url)
        try:
            baud = int(query.get("baud", "9600"))
        except ValueError:
            baud = 0
        if baud not in BAUD_RATES:
            raise SourceError(f"'{url}': baud must be one of {', '.join(map(str, BAUD_RATES))}")
        if parts.scheme == "socket":
            if not parts.hostname or not parts.port:
                raise SourceError(f"'{url}' needs a host and a port, e.g. socket://localhost:7000")
            port_url = f"socket://{parts.hostname}:{parts.port}"
        else:
            port_url = parts.netloc + parts.path
            if not port_url:
                raise SourceError(f"'{url}' names no port; e.g. serial:///dev/ttyUSB0 or serial://COM3")
        return cls(url, port_url, baud).start()

    # -- transport -----------------------------------------------------------------------------------------
    def _open_link(self) -> None:
        try:
            # timeout=0: reads return what is there; the wait happens in select() below, with our deadline.
            port = serial.serial_for_url(self.port_url, baudrate=self.baud, timeout=0, write_timeout=1.0)
        except (serial.SerialException, OSError, ValueError) as exc:
            raise LinkUnavailable(_open_failure(self.port_url, exc)) from exc
        self._port = port
        self._reader = codec.SentenceReader(codec.parse_shoe_body)
        self._send(HostHello(HOST_ID))

    def _close_link(self) -> None:
        port, self._port = self._port, None
        if port is not None:
            try:
                port.close()
            except (serial.SerialException, OSError):
                pass

    def _read_frames(self, timeout: float) -> list[Decoded]:
        port = self._port
        if port is None:
            raise LinkLost("port closed")
        try:
            ready, _, _ = select.select([port.fileno()], [], [], timeout)
            if not ready:
                return []
            data = port.read(4096)
        except (serial.SerialException, OSError, ValueError, TypeError) as exc:
            raise LinkLost(str(exc) or type(exc).__name__) from exc
        return self._reader.feed(data)

    def _send(self, message: HostMessage) -> None:
        port = self._port
        if port is None:
            raise LinkLost("port closed")
        try:
            port.write(codec.encode(message))
        except (serial.SerialException, OSError, ValueError, TypeError) as exc:
            raise LinkLost(str(exc) or type(exc).__name__) from exc

    @property
    def noise_bytes(self) -> int:
        return self._reader.noise_bytes


def _open_failure(port: str, exc: BaseException) -> str:
    """Why a port would not open, and what to do about it."""
    code = getattr(exc, "errno", None)
    cause = exc.__cause__ or exc.__context__
    if code is None and isinstance(cause, OSError):
        code = cause.errno
    text = str(exc)
    if port.startswith("socket://"):
        if code == errno.ECONNREFUSED or "refused" in text.lower():
            return f"Nothing answers at {port}: is the shoe (or shoe-sim --tcp) running and the port right?"
        if isinstance(cause, socket.gaierror):
            return f"Host of {port} is unknown: check the address."
        return f"Could not connect to {port}: {text}. Check the address and the network."
    if code == errno.ENOENT or (code is None and not os.path.exists(port)):
        return f"Serial port {port} does not exist: is the shoe plugged in and switched on? Check the URL."
    if code == errno.EACCES:
        return (
            f"Permission denied on {port}: add this user to the 'dialout' group (then log in again), "
            "or ask the administrator."
        )
    if code == errno.EBUSY:
        return f"Serial port {port} is busy: another program has it open. Close it and try again."
    return f"Could not open serial port {port}: {text}. Check the cable and the URL."
