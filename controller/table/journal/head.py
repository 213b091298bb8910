"""The journal's head file (`T1.journal.head`, beside the journal): the one writer's claim on the journal, the
last event it committed, and why its last write failed.

- One writer per journal: the writer holds an exclusive lock on the journal file itself for as long as it has
  it open (controller.table.journal.writer_lock), and writes its pid and command here; a second program is
  refused at open with those words. Readers (the audit, the replica) take no lock.
- The head: after every commit the writer records the last event's seq and hash here. A journal that ends
  before it, or holds another event there, lost or changed committed events: a -wal file deleted or cut after
  a kill, a file restored from an older copy. The head is written after the commit it records (and not synced
  itself), so it is never ahead of what the journal holds on disk. A writer that seals the journal signs the
  head with the table's key too (`key`, `sig` over `head_message`), so that a head file written to match a
  journal cut at a seal is told from the writer's own (controller.table.audit.seals.head_problem).
- The failure note: a write that failed (a full disk) leaves its reason here, in space the file already owns,
  so that the fault raised after a restart can say what happened.

The file has a fixed size: the head record (JSON, padded) in its first part, the note in the rest. Each is
rewritten in place with one write, which needs no new space on the drive.
"""

from __future__ import annotations

import contextlib
import json
import os
import stat
import sys
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

from controller.table.journal.sqlite_file import JournalError
from controller.table.journal.writer_lock import JournalBusy, WriterLock, writer_pid
from drivers.named_files import not_a_regular_file, read_named_file

__all__ = ["Head", "HeadFile", "HeadSigner", "JournalBusy", "head_file_problem", "head_message", "head_path",
           "read_head", "writer_of"]

HEAD_SUFFIX = ".head"
SIZE = 4096
RECORD_SIZE = 1024  # the head record; the failure note fills the rest of the file
NOTE_SIZE = SIZE - RECORD_SIZE
FORMAT = "rptable-journal-head/1"
_COMMAND_CHARS = 300


@dataclass(frozen=True, slots=True)
class Head:
    """What the head file says: the table, the last event committed (seq and hash) and who wrote it."""

    table: str
    seq: int
    hash: str
    pid: int = 0
    command: str = ""
    since: str = ""
    key: str = ""  # the public key (base64) that signed the head, "" when it is not signed
    sig: str = ""  # base64 signature of head_message(table, seq, hash)

    def holder(self) -> str:
        """The writer in words: pid, command and since when."""
        if not self.pid:
            return "another program (it has not said which yet)"
        command = f" ({self.command})" if self.command else ""
        since = f", since {self.since}" if self.since else ""
        return f"process {self.pid}{command}{since}"


HeadSigner = Callable[[bytes], tuple[str, str]]  # the head's words -> (public key, signature), both base64


def head_message(table: str, seq: int, digest: str) -> bytes:
    """What a signed head signs: the table and the last event committed."""
    return f"{FORMAT}\x1f{table}\x1f{seq}\x1f{digest}".encode()


def head_path(journal: Path) -> Path:
    return journal.with_name(journal.name + HEAD_SUFFIX)


def read_head(journal: Path) -> Head | None:
    """The head the journal's writer last recorded; None when there is none (a journal written before head
    files, or a copy made without it) or it cannot be read. Only a regular file is read, and only its fixed size:
    a FIFO put in its place is not waited on, nor /dev/zero read on (`head_file_problem` says what it is)."""
    try:
        return _parse(read_named_file(head_path(journal), SIZE)[:RECORD_SIZE])
    except OSError:  # missing, unreadable, or not a regular file (a FIFO put in its place)
        return None


def head_file_problem(journal: Path) -> str | None:
    """Why the head file beside the journal is there but is no head file (a named pipe, a device, a folder, or a
    link to one), in words that follow its name; None when it is a regular file or is not there."""
    path = head_path(journal)
    try:
        mode = os.stat(path, follow_symlinks=False).st_mode
    except (OSError, ValueError):
        return None
    if stat.S_ISLNK(mode):
        try:
            target = os.stat(path).st_mode
        except OSError:
            return "is a link to nothing"
        what = not_a_regular_file(target)
        return "is a link" + (f" to {_kind_words(what)}" if what else " to a file elsewhere, not the writer's own file")
    what = not_a_regular_file(mode)
    return None if what is None else f"is {_kind_words(what)}"


def _kind_words(problem: str) -> str:
    """'a named pipe (FIFO)' out of named_files' 'it is a named pipe (FIFO), not a regular file: ...'."""
    return problem.removeprefix("it is ").split(",")[0] + ", not a regular file"


def _parse(record: bytes) -> Head | None:
    try:
        data = json.loads(record.decode("utf-8").strip(" \n\x00") or "null")
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            return None
        table, seq, digest = data["table"], data["seq"], data["hash"]
        if not (isinstance(table, str) and type(seq) is int and seq >= 0 and isinstance(digest, str)):
            return None
        pid, command, since = data.get("pid", 0), data.get("command", ""), data.get("since", "")
        key, sig = data.get("key", ""), data.get("sig", "")
        return Head(table, seq, digest, pid if type(pid) is int else 0, str(command), str(since), str(key), str(sig))
    except (UnicodeDecodeError, ValueError, KeyError):
        return None


class HeadFile:
    """The writer's open head file, held with the journal's writer lock for as long as the journal is open for
    writing."""

    def __init__(self, journal: Path, table_id: str) -> None:
        self.path = head_path(journal)
        self.table_id = table_id
        self._lock = WriterLock(journal, lambda pid: _holder_words(journal, pid))
        problem = head_file_problem(journal)
        if problem is not None:  # never opened: a FIFO would refuse to seek, /dev/zero would take every record
            self._lock.release()
            raise JournalError(f"The journal {journal} cannot be opened for writing: its head file {self.path} "
                               f"{problem}. Nothing was written. Move it aside, verify the journal (rptable audit "
                               "verify) and call a pit boss: a head file is only ever a file its writer makes.")
        try:
            # O_NOFOLLOW and O_NONBLOCK: a link or a pipe put in its place since the look above is not opened
            self._fd = os.open(self.path, os.O_RDWR | os.O_CREAT | os.O_NOFOLLOW | os.O_NONBLOCK | os.O_CLOEXEC,
                               0o600)
        except OSError as err:
            self._lock.release()
            raise JournalError(f"The journal {journal} cannot be opened for writing: its head file {self.path} "
                               f"cannot be created ({err.strerror}). Check that the folder is writable.") from err
        if not stat.S_ISREG(os.fstat(self._fd).st_mode):
            os.close(self._fd)
            self._lock.release()
            raise JournalError(f"The journal {journal} cannot be opened for writing: its head file {self.path} is "
                               "not a regular file. Nothing was written. Move it aside, verify the journal (rptable "
                               "audit verify) and call a pit boss.")
        try:
            self.previous = _parse(os.pread(self._fd, RECORD_SIZE, 0))
            self._signed: Head | None = self.previous if self.previous is not None and self.previous.sig else None
            self._reserve()
        except BaseException:
            os.close(self._fd)
            self._lock.release()
            raise
        self._since = datetime.now(UTC).strftime("%Y-%m-%d %H:%M:%S UTC")

    def _reserve(self) -> None:
        """Give the file its whole size now, while there is room: later writes then need no new space."""
        size = os.fstat(self._fd).st_size
        if size < SIZE:
            blank = b" " * (RECORD_SIZE - 1) + b"\n" + b"\x00" * NOTE_SIZE
            try:
                os.pwrite(self._fd, blank[size:], size)
                os.fsync(self._fd)
            except OSError as err:
                raise JournalError(f"The journal's head file {self.path} cannot be written ({err.strerror}). Free "
                                   "space on the drive, then start again.") from err

    def record(self, seq: int, digest: str, signer: HeadSigner | None = None) -> None:
        """The last event committed: written in place, after the commit (see the module's docstring), signed by
        `signer` (the table's key). Unsigned, the head keeps the signature it had if it names the same event
        (a journal opened again before its sealer is given)."""
        data: dict[str, object] = {"format": FORMAT, "table": self.table_id, "seq": seq, "hash": digest,
                                   "pid": os.getpid(), "command": _command(), "since": self._since}
        if signer is not None:
            data["key"], data["sig"] = signer(head_message(self.table_id, seq, digest))
        elif (last := self._signed) is not None and (last.table, last.seq, last.hash) == (self.table_id, seq, digest):
            data["key"], data["sig"] = last.key, last.sig
        if "sig" in data:
            self._signed = Head(self.table_id, seq, digest, key=str(data["key"]), sig=str(data["sig"]))
        text = json.dumps(data, ensure_ascii=True).encode()
        if len(text) >= RECORD_SIZE:
            data["command"] = ""
            text = json.dumps(data, ensure_ascii=True).encode()[:RECORD_SIZE - 1]
        self._keep_in_place()
        try:
            os.pwrite(self._fd, text.ljust(RECORD_SIZE - 1) + b"\n", 0)
        except OSError as err:
            raise JournalError(f"The journal's head file {self.path} cannot be written ({err.strerror}). The "
                               "events are in the journal; check the drive, then restart rptable.") from err

    def _keep_in_place(self) -> None:
        """A head file deleted or replaced while the journal is open is made again here, so that it still
        witnesses where the journal ends (the writer lock, on the journal itself, never depended on it). Best
        effort: when it cannot be made, the record goes to the file this writer has open."""
        try:
            ours = os.fstat(self._fd)
            if os.path.samestat(os.stat(self.path, follow_symlinks=False), ours):
                if ours.st_size > SIZE:  # written past its size: cut back to the file rptable keeps
                    os.ftruncate(self._fd, SIZE)
                return
        except OSError:
            pass  # gone: made again below
        try:
            fd = os.open(self.path, os.O_RDWR | os.O_CREAT | os.O_NOFOLLOW | os.O_NONBLOCK | os.O_CLOEXEC, 0o600)
        except OSError:
            return
        if not stat.S_ISREG(os.fstat(fd).st_mode):  # a pipe or a device put in its place is not written to
            os.close(fd)
            return
        os.ftruncate(fd, 0)  # a file put in its place holds nothing of ours
        os.close(self._fd)
        self._fd = fd
        with contextlib.suppress(JournalError):
            self._reserve()

    def write_note(self, text: str) -> None:
        """Why a write failed, kept for the next start (best effort: the drive may be failing)."""
        data = text.encode("utf-8")[:NOTE_SIZE]
        with contextlib.suppress(OSError):
            os.pwrite(self._fd, data.ljust(NOTE_SIZE, b"\x00"), RECORD_SIZE)
            os.fsync(self._fd)

    def take_note(self) -> str | None:
        """The failure note left by an earlier writer, cleared now; None when there is none."""
        raw = os.pread(self._fd, NOTE_SIZE, RECORD_SIZE).rstrip(b"\x00")
        if not raw:
            return None
        with contextlib.suppress(OSError):
            os.pwrite(self._fd, b"\x00" * NOTE_SIZE, RECORD_SIZE)
        return raw.decode("utf-8", "replace").strip()

    def close(self) -> None:
        """Close the head file and release the writer lock (after the journal's own connection is closed)."""
        if self._fd >= 0:
            os.close(self._fd)
            self._fd = -1
        self._lock.release()


def _command() -> str:
    text = " ".join([Path(sys.argv[0]).name, *sys.argv[1:]]) if sys.argv and sys.argv[0] else "python"
    return text[:_COMMAND_CHARS]


def writer_of(journal: Path) -> Head | None:
    """The program that has the journal open for writing now (its head record when the head names it), or None
    when none has."""
    pid = writer_pid(journal)
    if pid is None:
        return None
    head = read_head(journal)
    return head if head is not None and head.pid == pid else Head("", 0, "", pid)


def _holder_words(journal: Path, pid: int) -> str | None:
    """The writer with this pid as its head record words it (command, since when), or None when the head file
    is gone or names another process."""
    head = read_head(journal)
    return head.holder() if head is not None and head.pid and (head.pid == pid or not pid) else None
