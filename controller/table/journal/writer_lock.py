"""The journal's one-writer rule: the writer holds an exclusive lock (flock) on the journal file itself for as long
as it has the journal open, so that no second program writes it, whatever is done to the files beside it (a
lock on the head file alone was lost with the file: a second writer made a new one and locked that).

The lock is the kernel's, on the file's inode: it goes with the writer (a kill included) and cannot be deleted.
SQLite's own locks are POSIX record locks, a kind flock does not touch, so readers (the audit, the replica) go on
reading. The descriptor that holds the lock is closed only after the writer's SQLite connection: closing any
descriptor of a file drops the POSIX locks the process holds on it.

When the lock is taken, the second program is told who holds it: the process the kernel names (/proc/locks),
in the words its head file gives (command, since when) when the head names the same process.
"""

from __future__ import annotations

import contextlib
import fcntl
import os
from pathlib import Path

from controller.table.journal.sqlite_file import JournalError

_PROC_LOCKS = Path("/proc/locks")


class JournalBusy(JournalError):
    """Another program writes this journal; the message names it."""


class WriterLock:
    """The exclusive lock on a journal file, taken at once or refused (JournalBusy naming the holder)."""

    def __init__(self, journal: Path, holder_words: object = None) -> None:
        """`holder_words(pid)`: how the holder with that pid says who it is (its head record), or None."""
        try:
            # Created owner-only where there is no journal yet (SQLite then gives its -wal and -shm that mode).
            self._fd = os.open(journal, os.O_RDWR | os.O_CREAT | os.O_NONBLOCK | os.O_CLOEXEC, 0o600)
        except OSError as err:
            raise JournalError(f"The journal {journal} cannot be opened for writing: {err.strerror or err}. Check "
                               "the path (--journal) and that its folder is writable.") from err
        try:
            fcntl.flock(self._fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            pid = lock_holder(self._fd)
            os.close(self._fd)
            words = holder_words(pid) if callable(holder_words) else None
            who = words or (f"process {pid}{_command_of(pid)}" if pid else "another program")
            raise JournalBusy(f"The journal {journal} is open in {who}. Only one program may write a table's "
                              "journal: close that one first (the audit commands may read it meanwhile).") from None
        except OSError as err:
            os.close(self._fd)
            raise JournalError(f"The journal {journal} cannot be locked for writing ({err.strerror}): keep it on a "
                               "local drive.") from err

    def release(self) -> None:
        """Unlock (after the writer's SQLite connection is closed: see the module's docstring)."""
        if self._fd >= 0:
            os.close(self._fd)
            self._fd = -1


def writer_pid(journal: Path) -> int | None:
    """The pid of the program that holds the journal's writer lock now (0 when the kernel does not say which),
    or None when no program does. A look only: a shared lock taken and dropped at once."""
    try:
        fd = os.open(journal, os.O_RDONLY | os.O_NONBLOCK | os.O_CLOEXEC)
    except OSError:
        return None
    try:
        fcntl.flock(fd, fcntl.LOCK_SH | fcntl.LOCK_NB)
    except BlockingIOError:
        return lock_holder(fd)
    except OSError:
        return None
    finally:
        os.close(fd)  # a shared lock taken here goes with it
    return None


def lock_holder(fd: int) -> int:
    """The pid holding a flock on the file open at `fd`, as the kernel lists it (0 when it cannot be told)."""
    info = os.fstat(fd)
    inode = f"{os.major(info.st_dev):02x}:{os.minor(info.st_dev):02x}:{info.st_ino}"
    with contextlib.suppress(OSError, ValueError):
        for line in _PROC_LOCKS.read_text(encoding="ascii", errors="replace").splitlines():
            # "1: FLOCK  ADVISORY  WRITE 4242 08:01:1234567 0 EOF" (a waiter's line has "->" after the number)
            fields = line.split()
            if "FLOCK" in fields and "->" not in fields and len(fields) >= 6 and fields[5] == inode:
                return int(fields[4])
    return 0


def _command_of(pid: int) -> str:
    """ " (rptable simulate ...)": the command line of a process, when it can be read."""
    try:
        raw = Path(f"/proc/{pid}/cmdline").read_bytes()[:600]
    except OSError:
        return ""
    words = [w.decode("utf-8", "replace") for w in raw.split(b"\x00") if w]
    if words and Path(words[0]).name.startswith("python") and words[1:3] == ["-m", "ui.cli"]:
        words = ["rptable", *words[3:]]
    text = " ".join([Path(words[0]).name, *words[1:]]) if words else ""
    return f" ({text[:300]})" if text else ""
