"""What the command line does with an error no command expected: one line for the person, the details (the
traceback) in a log in the data folder, and the exit status 70.

Every command says what went wrong in words when it can; this is the net under them, for the main thread, any
other thread (a driver's, a transport's) and the console's Qt callbacks alike, so that no traceback ever
reaches a user. The log is bounded: past LOG_LIMIT bytes it is moved to `errors.log.1` and a new one begun.
"""

from __future__ import annotations

import contextlib
import os
import sys
import tempfile
import threading
import traceback
from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path
from types import TracebackType

from drivers.paths import data_dir

EXIT_UNEXPECTED = 70  # sysexits' EX_SOFTWARE: not the user's input, not the journal: rptable itself
LOG_NAME = "errors.log"
LOG_LIMIT = 1 << 20


def report(command: str, err: BaseException) -> int:
    """Log `err` with its traceback and tell the person, in one line, what happened and where the details are."""
    where = _log(command, err)
    what = "it ran out of memory" if isinstance(err, MemoryError) else \
        "the input is nested too deeply to be handled" if isinstance(err, RecursionError) else \
        f"{type(err).__name__}: {_one_line(err)}"
    saved = f"The details are in {where}." if isinstance(where, Path) else f"The details could not be saved ({where})."
    _say(f"rptable {command}: an error rptable did not expect stopped it ({what}). {saved} Please send that file "
         "with a word on what you did to whoever looks after rptable.")
    return EXIT_UNEXPECTED


@contextlib.contextmanager
def caught_everywhere(command: str) -> Iterator[None]:
    """While a command runs, catch what escapes a thread or a Qt callback the same way (Qt passes those to
    sys.excepthook); the hooks in place before come back after."""
    before = threading.excepthook, sys.excepthook, sys.unraisablehook
    install(command)
    try:
        yield
    finally:
        threading.excepthook, sys.excepthook, sys.unraisablehook = before


def install(command: str) -> None:
    """Report what escapes a thread or reaches sys.excepthook (see `caught_everywhere`)."""

    def thread_hook(args: threading.ExceptHookArgs) -> None:
        if args.exc_type is SystemExit or args.exc_value is None:
            return
        report(f"{command} ({args.thread.name if args.thread else 'a thread'})", args.exc_value)

    def main_hook(kind: type[BaseException], value: BaseException, tb: TracebackType | None) -> None:
        if issubclass(kind, KeyboardInterrupt):
            return
        report(command, value.with_traceback(tb))

    def unraisable_hook(args: sys.UnraisableHookArgs) -> None:
        # Raised where nothing could catch it (a finaliser): logged only, the command itself went on.
        if args.exc_value is not None:
            _log(f"{command} ({args.err_msg or 'a finaliser'})", args.exc_value)

    threading.excepthook = thread_hook
    sys.excepthook = main_hook
    sys.unraisablehook = unraisable_hook


def _log(command: str, err: BaseException) -> Path | str:
    """Append the error to the log (the data folder, else the temporary folder); its path, or why not."""
    text = (f"--- {datetime.now(UTC):%Y-%m-%d %H:%M:%S} UTC, pid {os.getpid()}: rptable {command}\n"
            f"argv: {sys.argv!r}\n" + "".join(traceback.format_exception(err)) + "\n")
    problem = ""
    for folder in (data_dir() / "logs", Path(tempfile.gettempdir()) / "rptable-logs"):
        path = folder / LOG_NAME
        try:
            folder.mkdir(parents=True, exist_ok=True)
            if path.exists() and path.stat().st_size > LOG_LIMIT:
                path.replace(path.with_name(LOG_NAME + ".1"))
            with open(path, "a", encoding="utf-8", errors="replace") as log:
                log.write(text)
            return path
        except (OSError, ValueError) as failure:
            problem = getattr(failure, "strerror", None) or str(failure)
    return problem


def _one_line(err: BaseException) -> str:
    text = " ".join(str(err).split())
    return text if len(text) <= 200 else text[:197] + "..."


def _say(line: str) -> None:
    with contextlib.suppress(OSError, ValueError):  # no stderr left to say it on: the log has it
        print(line, file=sys.stderr, flush=True)
