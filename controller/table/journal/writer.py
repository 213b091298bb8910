"""A journal's writer in a process of its own: `rptable simulate` hands each round's rows over and plays on,
while this process inserts and fsyncs them on the other core.

The rows are complete (sequence numbers and hashes made by the journal); the writer only stores them, one
fsynced transaction per batch, in order, and says how far the disk has got. A failed commit is reported
back and everything after it is dropped until the journal has read the failure and gone back to the disk's
tail (`reset`). In a thread of the same process the two would take turns on Python's lock (SQLite's inserts
hold it for most of their work); in a process of its own the writer costs the table one message a round.

The writer is a fresh interpreter (`python -m controller.table.journal.writer`), so it inherits no SQLite
connection, lock or file of the table's. It ignores Ctrl-C (the table stops it and it commits what it holds)
and dies with the table if the table is killed, mid-commit or not: SQLite then rolls that commit back, so a
journal reopened after a kill never finds rows arriving behind its back. The kernel ties that to the thread
that started the writer, so a journal that writes behind is opened on the main thread.
"""

from __future__ import annotations

import contextlib
import ctypes
import os
import pickle
import select
import signal
import subprocess
import sys
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any

from controller.table.journal.sqlite_file import JournalError, commit_rows, connect

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


class WriterProcess:
    """The journal's side: `put` rows, `wait` until they are on disk, `stop`; failures come back as
    JournalError from the next call. `on_durable(seq)` is called as the disk's tail moves."""

    def __init__(self, path: Path, on_durable: Callable[[int], None]) -> None:
        if threading.current_thread() is not threading.main_thread():
            raise RuntimeError("A journal that writes behind must be opened on the main thread: its writer "
                               "process is tied to the thread that starts it and would die with it.")
        self._on_durable = on_durable
        self._sent = 0  # the last seq handed over
        self._durable = 0
        self._error: JournalError | None = None
        self._cut_off = False  # a message was left half sent
        root = str(Path(__file__).resolve().parents[3])  # where `controller` is, installed or not
        env = dict(os.environ, PYTHONPATH=os.pathsep.join(filter(None, [root, os.environ.get("PYTHONPATH")])))
        # Started deaf to Ctrl-C (an ignored signal stays ignored across exec), even while it is starting up.
        previous = signal.signal(signal.SIGINT, signal.SIG_IGN)
        try:
            self._process = subprocess.Popen(
                [sys.executable, "-m", "controller.table.journal.writer", str(path), str(os.getpid())],
                stdin=subprocess.PIPE, stdout=subprocess.PIPE, close_fds=True, env=env)
        finally:
            if previous is not None:  # None: a handler not set from Python, which cannot be put back
                signal.signal(signal.SIGINT, previous)
        assert self._process.stdin is not None and self._process.stdout is not None
        self._channel = Channel(self._process.stdout.fileno(), self._process.stdin.fileno())

    def put(self, rows: Rows) -> None:
        self._raise_failure()
        if not rows:
            return
        try:
            self._channel.send(("rows", rows))
        except OSError as err:
            raise self._gone() from err
        except BaseException:
            # Ctrl-C in the middle of a message: the writer would wait for its rest, so it is not told to stop
            # but ended (`stop`); what it had not committed is not on disk, and was never reported so.
            self._cut_off = True
            raise
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
        """Commit what was handed over, then end the writer; a failure (or a writer already gone with rows
        not on disk) is raised."""
        try:
            if self._cut_off:
                self._process.kill()
            self._channel.send(("stop",))
            while self._take_news(block=True) != "stopped":
                pass
        except (OSError, EOFError):
            if self._error is None and self._sent > self._durable:
                self._error = self._gone()
        try:
            self._process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            self._process.kill()
            self._process.wait()
        for pipe in (self._process.stdin, self._process.stdout):  # the channel's fds are theirs: closed once
            if pipe is not None:
                with contextlib.suppress(OSError):
                    pipe.close()
        if self._error is not None:
            error, self._error = self._error, None
            raise error

    def _take_news(self, *, block: bool) -> str | None:
        """Read what the writer said: the disk's tail, a failure, or that it stopped."""
        while True:
            try:
                message = self._channel.recv(block=block)
            except (EOFError, OSError):
                if self._error is None:
                    self._error = self._gone()
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

    def _gone(self) -> JournalError:
        try:
            code = self._process.wait(timeout=1)
        except subprocess.TimeoutExpired:
            code = None
        if code is None:
            how = "stopped answering"
        elif code < 0:
            how = f"was killed ({signal.Signals(-code).name}: out of memory, or stopped by someone)"
        else:
            how = f"ended (exit status {code})"
        return JournalError(f"The journal's writer process {how}: what was appended since its last commit is not "
                            "on disk. Play is stopped; restart rptable, which resumes from the journal, and a pit "
                            "boss must resolve the fault.")


def _serve(path: Path, channel: Channel) -> None:
    """The writer process: commit what comes, in order, until told to stop or the table goes."""
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


def main(argv: list[str]) -> None:
    path, table = Path(argv[1]), int(argv[2])
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C is the table's to handle: it stops this writer
    with contextlib.suppress(OSError, AttributeError):
        ctypes.CDLL(None, use_errno=True).prctl(PR_SET_PDEATHSIG, signal.SIGKILL)
    if os.getppid() != table:
        return  # the table went before the line above took effect
    channel = Channel(os.dup(0), os.dup(1))
    devnull = os.open(os.devnull, os.O_RDWR)
    os.dup2(devnull, 0)
    os.dup2(devnull, 1)  # nothing printed by accident can garble the messages
    _serve(path, channel)


if __name__ == "__main__":
    main(sys.argv)
