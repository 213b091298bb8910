"""The simulated shoe on TCP: SHOE/1 sentences over a socket, as a serial-to-Ethernet adapter carries them.

One host at a time: a new connection replaces the old one. Unplugging closes the connection and the listener.
"""

from __future__ import annotations

import contextlib
import select
import socket

from drivers.shoe1.auth import ShoeKey
from drivers.shoe1.messages import HostMessage
from hwsim.device import Transport
from hwsim.link import LinkFaults, Transmission
from hwsim.serial_end import SerialShoeEnd


class TcpTransport(Transport):
    def __init__(self, link: LinkFaults, port: int = 0, host: str = "127.0.0.1", key: ShoeKey | None = None) -> None:
        self._end = SerialShoeEnd(link, key)
        self.host = host
        self.port = port
        self._listener: socket.socket | None = None
        self._client: socket.socket | None = None
        self.plug()

    def address(self) -> str:
        return f"socket://{self.host}:{self.port}"

    def plug(self) -> None:
        listener = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        listener.bind((self.host, self.port))
        listener.listen(1)
        self.port = listener.getsockname()[1]  # port 0 picks a free one; keep it for reconnection
        self._listener = listener
        self.plugged = True

    def unplug(self) -> None:
        self.plugged = False
        self._drop_client()
        if self._listener is not None:
            self._listener.close()
            self._listener = None

    def close(self) -> None:
        self.unplug()

    def _drop_client(self) -> None:
        if self._client is not None:
            with contextlib.suppress(OSError):
                self._client.close()
            self._client = None

    def wait(self, timeout: float) -> list[HostMessage]:
        sockets = [s for s in (self._listener, self._client) if s is not None]
        if not sockets:
            select.select([], [], [], timeout)
            return []
        ready, _, _ = select.select(sockets, [], [], timeout)
        if self._listener is not None and self._listener in ready:
            client, _ = self._listener.accept()
            client.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
            self._drop_client()
            self._client = client
            self._end.reconnected()
        if self._client is None or self._client not in ready:
            return []
        try:
            data = self._client.recv(4096)
        except OSError:
            data = b""
        if not data:
            self._drop_client()
            return []
        messages, naks = self._end.from_host(data)
        self._write(naks)
        return messages

    def send(self, transmissions: list[Transmission]) -> None:
        self._write(self._end.to_host(transmissions))

    def _write(self, data: bytes) -> None:
        if self._client is None or not data:
            return  # no host connected: the bytes are lost, as on a serial line
        try:
            self._client.sendall(data)
        except OSError:
            self._drop_client()
