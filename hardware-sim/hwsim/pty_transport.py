"""The simulated shoe on a real pseudo-terminal: the host opens the slave side with pyserial like a COM port.

A stable symlink (`link_path`) points at the current slave, because unplugging closes the pty and plugging
back creates a new one whose /dev/pts number may differ: a host that opens the link reconnects by itself.
"""

from __future__ import annotations

import contextlib
import errno
import os
import select
import tempfile
import threading
import time
import tty

from drivers.shoe1.auth import ShoeKey
from drivers.shoe1.messages import HostMessage
from hwsim.device import Transport
from hwsim.link import LinkFaults, Transmission
from hwsim.serial_end import SerialShoeEnd

WRITE_PATIENCE = 0.1  # seconds a write waits for a slow reader before the rest is lost


class PtyTransport(Transport):
    def __init__(self, link: LinkFaults, link_path: str | None = None, key: ShoeKey | None = None) -> None:
        self._end = SerialShoeEnd(link, key)
        self.link_path = link_path or os.path.join(tempfile.gettempdir(), f"rptable-shoe-{os.getpid()}")
        self._master = -1
        self._slave = -1
        self._write_lock = threading.Lock()  # the shoe's thread and an injected writer take turns per write
        self.slave_path = ""
        self.bytes_lost = 0
        self.plug()

    def address(self) -> str:
        return f"serial://{self.slave_path}"

    def stable_address(self) -> str:
        return f"serial://{self.link_path}"

    def plug(self) -> None:
        self._master, self._slave = os.openpty()
        # Raw, like a UART: no echo, no line editing, no CR/LF translation. The shoe keeps the slave open
        # too, so the pty lives while the host closes and reopens it.
        tty.setraw(self._slave)
        os.set_blocking(self._master, False)
        self.slave_path = os.ttyname(self._slave)
        self._end.reconnected()
        tmp = self.link_path + ".new"
        with contextlib.suppress(FileNotFoundError):
            os.unlink(tmp)
        os.symlink(self.slave_path, tmp)
        os.replace(tmp, self.link_path)
        self.plugged = True

    def unplug(self) -> None:
        self.plugged = False
        with contextlib.suppress(FileNotFoundError):
            os.unlink(self.link_path)
        for fd in (self._master, self._slave):
            if fd >= 0:
                with contextlib.suppress(OSError):
                    os.close(fd)
        self._master = self._slave = -1

    def close(self) -> None:
        if self.plugged:
            self.unplug()

    def wait(self, timeout: float) -> list[HostMessage]:
        if self._master < 0:
            select.select([], [], [], timeout)
            return []
        ready, _, _ = select.select([self._master], [], [], timeout)
        if not ready:
            return []
        try:
            data = os.read(self._master, 4096)
        except OSError as exc:
            if exc.errno in (errno.EAGAIN, errno.EIO):
                return []
            raise
        messages, naks = self._end.from_host(data)
        self._write(naks)
        return messages

    def send(self, transmissions: list[Transmission]) -> None:
        self._write(self._end.to_host(transmissions))

    @property
    def host_bad_frames(self) -> int:
        return self._end.host_bad_frames

    @property
    def end(self) -> SerialShoeEnd:
        """The shoe's end of the line: what it sent (`wire`), what it refused from the host."""
        return self._end

    def inject(self, data: bytes) -> None:
        """Bytes put on the line beside the shoe's own, as a second device on the cable would (a test's
        attacker): the host reads them from the same port."""
        self._write(data)

    def _write(self, data: bytes) -> None:
        # A line drains at its own pace: wait briefly for the host to read (as a UART would keep sending),
        # but drop what a host that has the port closed, or stopped reading, never takes.
        with self._write_lock:
            self._write_unlocked(data)

    def _write_unlocked(self, data: bytes) -> None:
        view = memoryview(data)
        deadline = time.monotonic() + WRITE_PATIENCE
        while view:
            try:
                written = os.write(self._master, view)
            except BlockingIOError:
                written = 0
            except OSError:
                break
            view = view[written:]
            left = deadline - time.monotonic()
            if view and (left <= 0 or not select.select([], [self._master], [], left)[1]):
                break
        self.bytes_lost += len(view)

