"""Test helper: `rptable ARGS` run in the test's own process, answered as `subprocess.run` answers (a
CompletedProcess with the exit status and the text of standard output and error), for the stories about what a
command says and does rather than about the program's start. A Python start and the command's imports cost about
a second of CPU a command; in the process they are paid once. The program's start, its signals and its exit as a
process stay told by the stories that run it as a process (test_stop_signals, test_cli_failures_in_words,
test_cli_named_files, test_docs, test_cli_help).

What a new process would have, the call has: its own environment (`env`, the whole of it, as for subprocess), its
own working folder (`cwd`), standard input from `stdin` (text or bytes, read as UTF-8 like the program's), the umask
and the signal handlers the test had (a command sets its own). A command that does not return within `timeout`
raises subprocess.TimeoutExpired, as subprocess.run does.

The one way the tests run `rptable`: `rptable` in this process; `rptable_in_shell` the same with only what a
table's shell gives it (no variable of the test's but its own data folder and logins); `rptable_said` the same
answered as (exit status, output, error); and `rptable_process` as a process of its own, for the stories about the
program's start, its standard input read from a file, its memory bound or its signals. One timeout policy for all:
a command still running after TIMEOUT seconds fails the test; a story about a command that must stop at once
gives a shorter one."""

from __future__ import annotations

import contextlib
import io
import os
import resource
import signal
import subprocess
import sys
import threading
from collections.abc import Iterator, Mapping
from pathlib import Path
from types import FrameType

from env_kit import with_test_env

from ui.cli import main

ROOT = Path(__file__).resolve().parents[1]
TIMEOUT = 120.0  # seconds; either runner: a command still running then fails the test (subprocess.TimeoutExpired)
SOURCE_PATH = f"{ROOT}{os.pathsep}{ROOT / 'hardware-sim'}"  # a process runs the tree under test, as pytest does
SHELL_ENV = {"PYTHONPATH": SOURCE_PATH, "PATH": "/usr/bin:/bin"}


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
            cwd: str | Path | None = ROOT, timeout: float = TIMEOUT) -> subprocess.CompletedProcess[str]:
    """`rptable ARGS` in this process: its exit status, standard output and standard error (text). `env` is the
    whole environment (the test's own, its data folder included, unless given), `cwd` the working folder."""
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


def rptable_in_shell(*args: str, stdin: str | bytes = "", cwd: str | Path | None = ROOT,
                     timeout: float = TIMEOUT) -> subprocess.CompletedProcess[str]:
    """`rptable ARGS` in this process with the environment a table's shell gives it: the program's paths, and of
    the test's variables only its data folder, manifest and logins (RPTABLE_*)."""
    return rptable(*args, stdin=stdin, env=with_test_env(SHELL_ENV), cwd=cwd, timeout=timeout)


def rptable_said(*args: str, stdin: str | bytes = "", env: Mapping[str, str] | None = None,
                 cwd: str | Path | None = ROOT) -> tuple[int, str, str]:
    """`rptable ARGS` in this process, answered as (exit status, standard output, standard error)."""
    done = rptable(*args, stdin=stdin, env=env, cwd=cwd)
    return done.returncode, done.stdout, done.stderr


def rptable_process(*args: str, stdin: str | bytes | Path = "", env: Mapping[str, str] | None = None,
                    cwd: str | Path = ROOT, timeout: float = TIMEOUT,
                    memory: int | None = None) -> subprocess.CompletedProcess[str]:
    """`rptable ARGS` as a process of its own (`python -m ui.cli`), answered as `rptable` answers. `stdin` is
    text, bytes, or a file's path (read as the process's standard input: /dev/zero never ends); `env` the whole
    environment (the test's own unless given), with the tree under test as its PYTHONPATH unless a given one names
    its own; `memory` bounds the process's address space (bytes), so a command that reads without end stops."""
    command = [sys.executable, "-m", "ui.cli", *(str(arg) for arg in args)]
    environment = dict(os.environ if env is None else env)
    if env is None or "PYTHONPATH" not in env:
        environment["PYTHONPATH"] = SOURCE_PATH

    def bounded() -> None:
        if memory is not None:
            resource.setrlimit(resource.RLIMIT_AS, (memory, memory))

    preexec = bounded if memory is not None else None
    if isinstance(stdin, Path):
        with stdin.open("rb") as source:
            done = subprocess.run(command, stdin=source, capture_output=True, env=environment, cwd=cwd,
                                  timeout=timeout, preexec_fn=preexec)
    else:
        done = subprocess.run(command, input=stdin.encode() if isinstance(stdin, str) else stdin,
                              capture_output=True, env=environment, cwd=cwd, timeout=timeout, preexec_fn=preexec)
    return subprocess.CompletedProcess(command, done.returncode, _decoded(done.stdout), _decoded(done.stderr))


def _decoded(data: bytes) -> str:
    return data.decode("utf-8", errors="replace")  # as the in-process streams: what a person would read


def _text(stream: io.TextIOWrapper) -> str:
    with contextlib.suppress(ValueError):  # a command that closed it (a reader gone away) leaves what it wrote
        stream.flush()
    raw = stream.buffer
    assert isinstance(raw, _Kept)
    return _decoded(raw.kept if raw.closed else raw.getvalue())
