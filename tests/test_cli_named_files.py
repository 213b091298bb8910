"""A file a person names is read as a file: a named pipe, a device or a folder in its place is
refused in a sentence, at once, and no file is read past the size such a file has, so that no path given on the
command line can hang a command for ever or fill its memory (drivers.named_files)."""

from __future__ import annotations

import functools
import os
from pathlib import Path

import pytest
from cli_kit import rptable as rptable_here
from cli_kit import rptable_process

from drivers.named_files import NamedFileError, read_named_file, regular_file_problem

MEMORY = 1 << 30  # a command that reads /dev/zero whole runs out of this in about a second, and stops
# The command as a user runs it, a process of its own in at most 1 GB: one that reads without end stops, not this test.
rptable = functools.partial(rptable_process, memory=MEMORY)
AT_ONCE = 30.0  # seconds: a command that waits on a named pipe for a writer never returns; this one fails the story


@pytest.fixture
def fifo(tmp_path: Path) -> Path:
    path = tmp_path / "F"
    os.mkfifo(path)
    return path


@pytest.fixture(scope="module")
def journal(simulated_journal) -> Path:
    """Two rounds of a table: a journal the stories only read."""
    return simulated_journal(2, 1, rules="four-seat")


@pytest.mark.parametrize("args", [
    ("rules", "check", "F"),
    ("round", "F"),
    ("audit", "--journal", "F", "verify"),
    ("verify-install", "--manifest", "F"),
    ("users", "--users", "F", "list"),
    ("shoe-sim", "--pty", "--order", "F"),
    ("shoe-test", "sim://?order=F", "--count", "1"),
    ("shoe-test", "sim://?key=F", "--count", "1"),
    ("shoe-sim", "--pty", "--key", "F"),
], ids=lambda args: " ".join(args))
def test_a_named_pipe_given_for_a_file_is_refused_at_once_in_a_sentence(fifo: Path, args: tuple[str, ...]) -> None:
    # In this process: opening a pipe that no one writes to waits without end, which the timeout turns into a
    # failure; a pipe is read no faster as a process of its own (the memory bound is for /dev/zero's stories).
    done = rptable_here(*args, cwd=fifo.parent, timeout=AT_ONCE)
    said = done.stdout + done.stderr
    assert done.returncode in (1, 2), said
    assert "it is a named pipe (FIFO), not a regular file" in said and "Traceback" not in said


@pytest.mark.parametrize("pubkey_or_manifest", ["--pubkey", "--manifest"])
def test_dev_zero_given_for_a_key_or_a_manifest_is_refused_not_read_until_memory_runs_out(
        journal: Path, pubkey_or_manifest: str) -> None:
    args = ("audit", "verify", "--journal", str(journal), "--pubkey", "/dev/zero") if pubkey_or_manifest == \
        "--pubkey" else ("verify-install", "--manifest", "/dev/zero")
    done = rptable(*args, cwd=journal.parent)
    said = done.stdout + done.stderr
    assert done.returncode in (1, 2) and "it is a device, not a regular file" in said, said


def test_audit_a_journal_that_is_a_device_is_refused_in_a_sentence(tmp_path: Path) -> None:
    done = rptable("audit", "--journal", "/dev/zero", "verify", cwd=tmp_path)
    assert done.returncode == 1 and "/dev/zero cannot be a journal: it is a device" in done.stderr


def test_a_file_larger_than_its_kind_is_refused_and_read_no_further(tmp_path: Path) -> None:
    big = tmp_path / "big.toml"
    big.write_bytes(b"#" * 5000)
    with pytest.raises(NamedFileError, match="more than 4,096 bytes"):
        read_named_file(big, 4096)
    assert read_named_file(big, 5000) == b"#" * 5000


def test_a_folder_or_a_device_is_not_a_regular_file_and_a_missing_path_is_left_to_its_opener(tmp_path: Path) -> None:
    assert regular_file_problem(tmp_path) == "it is a folder, not a regular file: give the path of the file itself"
    assert regular_file_problem("/dev/null") is not None
    assert regular_file_problem(tmp_path / "missing") is None
    with pytest.raises(FileNotFoundError):
        read_named_file(tmp_path / "missing", 10)
