"""Reading a file a person named (a rules file, a script, a key, a manifest, a shoe's card order): only a regular
file, and only up to a size no such file comes near, so that a named pipe, a device such as /dev/zero or a folder
is refused in a sentence instead of hanging the program or filling its memory.

The file is opened without blocking (a FIFO with no writer would otherwise wait in `open` for ever) and then
looked at through the open descriptor, so what is checked is what is read. `NamedFileError` is an OSError whose
`strerror` is the sentence, so the callers' own "cannot read the X: {strerror}" say it as they say any other
failure to read.
"""

from __future__ import annotations

import errno
import os
import stat

_KINDS = ((stat.S_ISFIFO, "a named pipe (FIFO)"), (stat.S_ISCHR, "a device"), (stat.S_ISBLK, "a device"),
          (stat.S_ISSOCK, "a socket"), (stat.S_ISDIR, "a folder"))


class NamedFileError(OSError):
    """The file named cannot be read as one: not a regular file, or larger than any such file is."""

    def __init__(self, path: str | os.PathLike[str], why: str) -> None:
        super().__init__(errno.EINVAL, why, str(path))

    def __str__(self) -> str:
        return str(self.strerror)


def not_a_regular_file(mode: int) -> str | None:
    """Why a file of this mode (st_mode) cannot be read as a file a person named, or None when it can."""
    if stat.S_ISREG(mode):
        return None
    kind = next((words for test, words in _KINDS if test(mode)), "not a file")
    return f"it is {kind}, not a regular file: give the path of the file itself"


def regular_file_problem(path: str | os.PathLike[str]) -> str | None:
    """Why the existing path cannot be read as a regular file (looked at without opening it, so a FIFO does not
    block), or None when it is one or is not there (the caller's own open says that)."""
    try:
        mode = os.stat(path).st_mode
    except (OSError, ValueError):
        return None
    return not_a_regular_file(mode)


def read_named_file(path: str | os.PathLike[str], limit: int) -> bytes:
    """The bytes of the regular file at `path`, at most `limit` of them. NamedFileError when it is not a regular
    file or holds more; the OSError of `open` when it cannot be opened (missing, not allowed)."""
    return read_named_file_and_mode(path, limit)[0]


def read_named_file_and_mode(path: str | os.PathLike[str], limit: int) -> tuple[bytes, int]:
    """`read_named_file`, with the file's mode as it was opened (a key's reader checks who else may read it)."""
    fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | os.O_NOCTTY | os.O_CLOEXEC)
    try:
        info = os.fstat(fd)
        problem = not_a_regular_file(info.st_mode)
        if problem is not None:
            raise NamedFileError(path, problem)
        if info.st_size > limit:
            raise NamedFileError(path, _too_large(limit))
        chunks: list[bytes] = []
        size = 0
        while size <= limit:  # the file may grow while it is read: never more than one byte past the bound
            chunk = os.read(fd, limit + 1 - size)
            if not chunk:
                break
            chunks.append(chunk)
            size += len(chunk)
        if size > limit:
            raise NamedFileError(path, _too_large(limit))
        return b"".join(chunks), info.st_mode
    finally:
        os.close(fd)


def read_named_text(path: str | os.PathLike[str], limit: int) -> str:
    """The file's text (UTF-8), as `read_named_file` reads it; UnicodeDecodeError when it is not UTF-8 text."""
    return read_named_file(path, limit).decode("utf-8")


def _too_large(limit: int) -> str:
    return f"it holds more than {limit:,} bytes, more than any such file does"

