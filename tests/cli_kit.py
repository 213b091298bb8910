"""Test helper: `rptable ARGS` run in the test's own process, answered as `subprocess.run` answers (a
CompletedProcess with the exit status and the text of standard output and error), for the stories about what a
command says and does rather than about the program's start. A Python start and the command's imports cost about
a second of CPU a command; in the process they are paid once. The program's start, its signals and its exit as a
process stay told by the stories that run it as a process (test_stop_signals, test_cli_failures_in_words,
test_cli_named_files, test_docs, test_cli_help).

What a new process would have, the call has: its own environment (`env`, the whole of it, as for subprocess), its
own working folder (`cwd`), standard input from `stdin` (text or bytes, read as UTF-8 like the program's), the umask
and the signal handlers the test had (a command sets its own). A command that does not return within `timeout`
raises subprocess.TimeoutExpired, as subprocess.run does."""

from __future__ import annotations

import contextlib
import io
import os
import signal
import subprocess
import sys
import threading
from collections.abc import Iterator, Mapping
from pathlib import Path
from types import FrameType

from controller.cli import main


class _Hung(BaseException):
    """Raised in the main thread by the alarm when a command outlasts its timeout (not an Exception: the CLI's net
    under every command must not catch it)."""


@contextlib.contextmanager
def _environment(env: Mapping[str, str] | None) -> Iterator[None]:
    if env is None:
        yield
        return
    before = dict(os.environ)
    os.environ.clear()
    os.environ.update(env)
    try:
        yield
    finally:
        os.environ.clear()
        os.environ.update(before)


@contextlib.contextmanager
def _folder(cwd: str | Path | None) -> Iterator[None]:
    before = os.getcwd()
    if cwd is not None:
        os.chdir(cwd)
    try:
        yield
    finally:
        os.chdir(before)


class _Kept(io.BytesIO):
    """A stream's bytes, kept when the command closes it."""

    kept = b""

    def close(self) -> None:
        if not self.closed:
            self.kept = self.getvalue()
        super().close()


def _stream(data: bytes = b"") -> io.TextIOWrapper:
    return io.TextIOWrapper(_Kept(data), encoding="utf-8", newline="\n", write_through=True)  # as a process's


def rptable(*args: str, stdin: str | bytes = "", env: Mapping[str, str] | None = None,
            cwd: str | Path | None = None, timeout: float = 120) -> subprocess.CompletedProcess[str]:
    """`rptable ARGS` in this process: its exit status, standard output and standard error (text)."""
    if threading.current_thread() is not threading.main_thread():
        raise RuntimeError("rptable runs in the main thread (commands set signal handlers)")
    argv = [str(arg) for arg in args]
    handlers = {sig: signal.getsignal(sig) for sig in (signal.SIGINT, signal.SIGTERM, signal.SIGHUP, signal.SIGALRM)}
    umask = os.umask(0o022)
    os.umask(umask)
    source = _stream(stdin.encode() if isinstance(stdin, str) else stdin)
    out, err = _stream(), _stream()
    streams = sys.stdin, sys.stdout, sys.stderr

    def hung(signum: int, frame: FrameType | None) -> None:
        raise _Hung

    signal.signal(signal.SIGALRM, hung)
    signal.setitimer(signal.ITIMER_REAL, timeout)
    try:
        with _environment(env), _folder(cwd):
            sys.stdin, sys.stdout, sys.stderr = source, out, err
            try:
                code = main(argv)
            except SystemExit as stop:
                code = stop.code if isinstance(stop.code, int) else (0 if stop.code is None else 1)
    except _Hung:
        raise subprocess.TimeoutExpired(["rptable", *argv], timeout) from None
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        sys.stdin, sys.stdout, sys.stderr = streams
        for sig, handler in handlers.items():
            signal.signal(sig, handler)
        os.umask(umask)
    return subprocess.CompletedProcess(["rptable", *argv], int(code), _text(out), _text(err))


def _text(stream: io.TextIOWrapper) -> str:
    with contextlib.suppress(ValueError):  # a command that closed it (a reader gone away) leaves what it wrote
        stream.flush()
    raw = stream.buffer
    assert isinstance(raw, _Kept)
    return (raw.kept if raw.closed else raw.getvalue()).decode("utf-8", errors="replace")
