"""Closed files: what a table keeps (journals, accounts, keys, deck profiles) is made readable by its owner only,
and a file or folder found open to others is reported.

Files are created with their mode given outright (0600, folders 0700) rather than left to the umask, so that a
program started with a loose umask still keeps them closed; SQLite gives a database's -wal and -shm files the
mode of the database itself.
"""

from __future__ import annotations

import contextlib
import os
import stat
from collections.abc import Iterable
from pathlib import Path

PRIVATE_FILE = 0o600
PRIVATE_FOLDER = 0o700


def private_folder(path: Path) -> None:
    """Make the folder (and any missing parent) owner-only; an existing folder is left as it is."""
    if not path.exists():
        path.mkdir(parents=True, mode=PRIVATE_FOLDER, exist_ok=True)
        with contextlib.suppress(OSError):  # mkdir's mode is cut by the umask
            path.chmod(PRIVATE_FOLDER)


def create_private(path: Path, data: bytes) -> None:
    """Write a new file readable by its owner only; FileExistsError if it is there already."""
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, PRIVATE_FILE)
    try:
        os.fchmod(fd, PRIVATE_FILE)
        os.write(fd, data)
        os.fsync(fd)
    finally:
        os.close(fd)


def touch_private(path: Path) -> None:
    """Create an empty owner-only file where none is (so that SQLite opens it with that mode)."""
    with contextlib.suppress(FileExistsError):
        os.close(os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, PRIVATE_FILE))


def too_open(path: Path) -> str | None:
    """Why this existing file or folder is open to others ("readable by its group and others (mode 0644)"), or
    None when it is owner-only or not there."""
    try:
        mode = stat.S_IMODE(path.stat().st_mode)
    except OSError:
        return None
    if not mode & 0o077:
        return None
    who = " and ".join(w for w, bits in (("its group", 0o070), ("others", 0o007)) if mode & bits)
    fix = "chmod 700" if path.is_dir() else "chmod 600"
    return f"{path} is open to {who} (mode {mode:04o}): `{fix} {path}`"


def open_files_report(paths: Iterable[Path]) -> list[str]:
    """What `too_open` says of each path that is open to others."""
    return [problem for path in paths if (problem := too_open(path)) is not None]
