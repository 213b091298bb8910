"""A journal's writer in a process of its own: `rptable simulate` hands each round's rows over and plays on,
while this process inserts and fsyncs them on the other core.

The rows are complete (sequence numbers and hashes made by the journal); the writer only stores them, one
fsynced transaction per batch, in order, and says how far the disk has got. A failed commit is reported
back and everything after it is dropped until the journal has read the failure and gone back to the disk's
tail (`reset`). In a thread of the same process the two would take turns on Python's lock (SQLite's
inserts hold it for most of their work); in a process of its own the writer costs the table one pickled
message a round.

The process is forked before the journal opens its own connection (SQLite's rule: a connection must not cross
a fork) and dies with the process that started it, mid-commit or not: SQLite then rolls the commit back, so a
journal reopened after a kill never finds rows arriving behind its back.
"""

from __future__ import annotations

import contextlib
import ctypes
import multiprocessing
import os
import pickle
import select
import signal
from collections.abc import Callable
from pathlib import Path
from typing import Any

from controller.table.journal import JournalError, commit_rows, connect

Rows = list[tuple[Any, ...]]
PR_SET_PDEATHSIG = 1  # prctl(2): the signal this process gets when its parent goes


class Channel:
    """One end of a pair of pipes carrying pickled messages, each behind its length."""

    def __init__(self, read_fd: int, write_fd: int) -> None:
        self.read_fd, self.write_fd = read_fd, write_fd
        self._buffer = bytearray()

    def send(self, message: Any) -> None:
        data = pickle.dumps(message, pickle.HIGHEST_PROTOCOL)
        view = memoryview(len(data).to_bytes(4, "little") + data)
        while view:
            view = view[os.write(self.write_fd, view):]

    def recv(self, *, block: bool = True) -> Any:
        """The next message; None when `block` is False and none is complete yet. EOFError: the other end
        closed."""
        buffer = self._buffer
        while True:
            if len(buffer) >= 4:
                size = int.from_bytes(buffer[:4], "little")
                if len(buffer) >= 4 + size:
                    message = pickle.loads(buffer[4:4 + size])
                    del buffer[:4 + size]
                    return message
            if not block and not select.select([self.read_fd], [], [], 0)[0]:
                return None
            data = os.read(self.read_fd, 1 << 16)
            if not data:
                raise EOFError("the other end closed the pipe")
            buffer += data

    def close(self) -> None:
        for fd in (self.read_fd, self.write_fd):
            with contextlib.suppress(OSError):
                os.close(fd)


class WriterProcess:
    """The journal's side: `put` rows, `wait` until they are on disk, `stop`; failures come back as
    JournalError from the next call. `on_durable(seq)` is called as the disk's tail moves."""

    def __init__(self, path: Path, on_durable: Callable[[int], None]) -> None:
        self._on_durable = on_durable
        self._sent = 0  # the last seq handed over
        self._durable = 0
        self._error: JournalError | None = None
        to_writer, from_writer = os.pipe(), os.pipe()
        self._channel = Channel(from_writer[0], to_writer[1])
        theirs = Channel(to_writer[0], from_writer[1])
        context = multiprocessing.get_context("fork")
        self._process = context.Process(target=_serve, args=(path, theirs, self._channel, os.getpid()),
                                        name=f"journal writer {path.name}", daemon=True)
        self._process.start()
        theirs.close()

    def put(self, rows: Rows) -> None:
        self._raise_failure()
        if not rows:
            return
        try:
            self._channel.send(("rows", rows))
        except OSError as err:
            raise self._gone(err) from err
        self._sent = int(rows[-1][0])

    def durable(self) -> int:
        """How far the disk has got, as far as the writer has said (without waiting)."""
        self._take_news(block=False)
        return self._durable

    def wait(self) -> None:
        while self._durable < self._sent and self._error is None:
            self._take_news(block=True)
        self._raise_failure()

    def stop(self) -> None:
        try:
            self._channel.send(("stop",))
            while self._take_news(block=True) != "stopped":
                pass
        except (OSError, EOFError):
            pass  # already gone: what it had not committed is not on disk, and was never reported so
        self._process.join(timeout=10)
        self._channel.close()
        if self._error is not None:
            error, self._error = self._error, None
            raise error

    def _take_news(self, *, block: bool) -> str | None:
        """Read what the writer said: the disk's tail, a failure, or that it stopped."""
        while True:
            try:
                message = self._channel.recv(block=block)
            except (EOFError, OSError) as err:
                if self._error is None:
                    self._error = self._gone(err)
                return "stopped"
            if message is None:
                return None
            kind = message[0]
            if kind == "durable":
                self._durable = message[1]
                self._on_durable(message[1])
            elif kind == "failed":
                self._error = JournalError(message[1])
            if kind == "stopped" or block:
                return str(kind)

    def _raise_failure(self) -> None:
        self._take_news(block=False)
        if self._error is not None:
            error, self._error = self._error, None
            self._sent = self._durable
            with contextlib.suppress(OSError):  # the writer drops what came after the failure until this
                self._channel.send(("reset",))
            raise error

    def _gone(self, err: BaseException) -> JournalError:
        return JournalError(f"The journal's writer process ended unexpectedly ({err!r}): what was appended "
                            "since the last commit is not on disk. Play is stopped; restart rptable, which "
                            "resumes from the journal, and a pit boss must resolve the fault.")


def _serve(path: Path, channel: Channel, other_end: Channel, parent: int) -> None:
    """The writer process: commit what comes, in order, until told to stop or the parent goes."""
    other_end.close()
    with contextlib.suppress(OSError, AttributeError):
        ctypes.CDLL(None, use_errno=True).prctl(PR_SET_PDEATHSIG, signal.SIGKILL)
    if os.getppid() != parent:
        os._exit(0)  # the parent went before the line above took effect
    db = None
    failed = stopping = False
    while not stopping:
        try:
            batch = [channel.recv()]
            while (more := channel.recv(block=False)) is not None:
                batch.append(more)  # group commit: everything waiting goes into one transaction
        except EOFError:
            return
        rows: Rows = []
        for message in batch:
            if message[0] == "reset":
                failed = False
            elif message[0] == "stop":
                stopping = True
            elif not failed:
                rows.extend(message[1])
        if rows:
            try:
                db = db or connect(path, readonly=False)
                commit_rows(db, path, rows)
            except JournalError as err:
                failed = True
                channel.send(("failed", str(err)))
            else:
                channel.send(("durable", int(rows[-1][0])))
    channel.send(("stopped",))
    if db is not None:
        db.close()
