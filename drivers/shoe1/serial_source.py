"""SHOE/1 over a serial port (`serial:///dev/ttyUSB0?baud=9600`) or TCP (`socket://host:port`): pyserial.
`key=PATH` pairs the link with its shoe (SHOE/1-A)."""

from __future__ import annotations

import contextlib
import errno
import os
import select
import socket
from urllib.parse import urlsplit

import serial

from drivers.base import SourceError, url_query
from drivers.shoe1.auth import ShoeKey
from drivers.shoe1.link_source import LinkLost, LinkUnavailable, Shoe1Source, shoe_key
from drivers.shoe1.serial_link import READ_CHUNK, SerialLine, SerialLink

BAUD_RATES = (9600, 19200, 38400, 57600, 115200)


class PortLine(SerialLine):
    """A serial port or socket opened by pyserial."""

    def __init__(self, port: serial.SerialBase) -> None:
        self._port = port

    @classmethod
    def opener(cls, port_url: str, baud: int) -> PortLine:
        try:
            # timeout=0: reads return what is there; the wait happens in select(), with the driver's deadline.
            return cls(serial.serial_for_url(port_url, baudrate=baud, timeout=0, write_timeout=1.0))
        except (serial.SerialException, OSError, ValueError) as exc:
            raise LinkUnavailable(_open_failure(port_url, exc)) from exc

    def read(self, timeout: float) -> bytes:
        try:
            ready, _, _ = select.select([self._port.fileno()], [], [], timeout)
            return bytes(self._port.read(READ_CHUNK)) if ready else b""
        except (serial.SerialException, OSError, ValueError, TypeError) as exc:
            raise LinkLost(_read_failure(exc)) from exc

    def write(self, data: bytes) -> None:
        try:
            self._port.write(data)
        except (serial.SerialException, OSError, ValueError, TypeError) as exc:
            raise LinkLost(str(exc) or type(exc).__name__) from exc

    def close(self) -> None:
        with contextlib.suppress(serial.SerialException, OSError):
            self._port.close()


def _read_failure(exc: BaseException) -> str:
    """Why a read failed, in words the console can show a dealer: the serial library's own sentence for a port
    that went away ("device reports readiness to read but returned no data ...") says what it saw, not why."""
    text = str(exc) or type(exc).__name__
    if "returned no data" in text:
        return "the port gave no data: the shoe was unplugged, or another program opened its port"
    return text


class SerialShoeSource(Shoe1Source):
    """A SHOE/1 shoe on a serial port or a TCP socket: greets with HELLO, ACKs every card, reconnects."""

    scheme = "serial"

    def __init__(self, url: str, port_url: str, baud: int, key: ShoeKey | None = None) -> None:
        super().__init__(url, SerialLink(lambda: PortLine.opener(port_url, baud), key=key))
        self.port_url = port_url
        self.baud = baud
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
        return cls(url, port_url, baud, shoe_key(query)).start()


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
