"""Long computations that a person can stop and start again: the work is cut into jobs, done on the machine's cores,
and each finished job is written to a checkpoint file at once (a new file moved into place, so a kill never leaves
half a file). Run again with the same checkpoint, only the jobs not yet done run. A progress bar with the time left
is drawn for a person at a terminal.
"""

from __future__ import annotations

import contextlib
import json
import os
import sys
import tempfile
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol

Result = dict[str, Any]  # what a job gives back: plain JSON values


class ShowsProgress(Protocol):
    def update(self, done: float, total: float) -> None: ...


def write_atomically(path: Path, text: str) -> None:
    """Replace `path` with `text` in one step: written beside it, synced, then renamed over it."""
    path.parent.mkdir(parents=True, exist_ok=True)
    try:
        mode = path.stat().st_mode & 0o777
    except OSError:
        mode = 0o644  # a new file: readable by all, as files written the ordinary way are
    handle, temporary = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".part")
    try:
        os.fchmod(handle, mode)
        with os.fdopen(handle, "w", encoding="utf-8") as out:
            out.write(text)
            out.flush()
            os.fsync(out.fileno())
        os.replace(temporary, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temporary)
        raise


@dataclass
class Checkpoint:
    """The jobs of one computation done so far, kept in a JSON file. `what` names the computation (its rules,
    seed, ...): a file written for another computation is not used, and is replaced."""

    path: Path | None
    what: dict[str, Any]
    done: dict[str, Result] = field(default_factory=dict)

    @classmethod
    def open(cls, path: Path | None, what: dict[str, Any]) -> Checkpoint:
        checkpoint = cls(path, what)
        if path is not None:
            try:
                data = json.loads(path.read_text(encoding="utf-8"))
            except (OSError, ValueError):
                return checkpoint
            if isinstance(data, dict) and data.get("what") == what and isinstance(data.get("done"), dict):
                checkpoint.done = data["done"]
        return checkpoint

    def record(self, job: str, result: Result) -> None:
        self.done[job] = result
        if self.path is not None:
            write_atomically(self.path, json.dumps({"what": self.what, "done": self.done}))

    def remove(self) -> None:
        if self.path is not None:
            with contextlib.suppress(OSError):
                self.path.unlink()


class Progress:
    """A one-line bar on standard error with the work done and the time left, drawn only at a terminal (or for
    `always`); `report` lets a caller see the same numbers."""

    def __init__(self, what: str, unit: str, *, always: bool = False,
                 report: Callable[[float, float, float | None], None] | None = None) -> None:
        self.what, self.unit = what, unit
        self.show = always or sys.stderr.isatty()
        self.report = report
        self.start = time.monotonic()
        self.first_done: float | None = None

    def stage(self, name: str) -> None:
        """A new stage of the work, with a bar of its own: `name` joins the bar's label."""
        self.what = f"{self.what.split(': ')[0]}: {name}"
        self.start, self.first_done = time.monotonic(), None

    def update(self, done: float, total: float) -> None:
        """`done` of `total` units of work; the time left is from the pace since this run began."""
        now = time.monotonic()
        if self.first_done is None:
            self.first_done = done
        worked = done - self.first_done
        left = (now - self.start) * (total - done) / worked if worked > 0 and done < total else None
        if self.report is not None:
            self.report(done, total, left)
        if not self.show:
            return
        width = 30
        filled = int(width * done / total) if total else width
        eta = f", {_duration(left)} left" if left is not None else ""
        sys.stderr.write(f"\r{self.what}: [{'#' * filled}{'.' * (width - filled)}] {done:,.0f}/{total:,.0f} "
                         f"{self.unit}{eta}   ")
        if done >= total:
            sys.stderr.write("\n")
        sys.stderr.flush()


def _duration(seconds: float) -> str:
    seconds = int(seconds)
    if seconds >= 3600:
        return f"{seconds // 3600}h{seconds % 3600 // 60:02d}m"
    if seconds >= 60:
        return f"{seconds // 60}m{seconds % 60:02d}s"
    return f"{seconds}s"


def run_jobs(work: Callable[[Any], Result], jobs: Iterable[tuple[str, Any, float]], checkpoint: Checkpoint,
             workers: int, progress: ShowsProgress | None = None) -> dict[str, Result]:
    """Every job's result, by name: those in the checkpoint as they are, the others done by `work` (a function of
    a module, so that the cores' processes can run it) and recorded as each finishes. A job is (name, argument,
    size): the sizes weigh the progress bar. Ctrl-C stops the cores' work; what finished stays recorded."""
    jobs = list(jobs)
    total = sum(size for _, _, size in jobs) or 1.0
    sizes = {name: size for name, _, size in jobs}
    done = sum(sizes[name] for name in checkpoint.done if name in sizes)
    todo = [(name, argument) for name, argument, _ in jobs if name not in checkpoint.done]
    if progress is not None:
        progress.update(done, total)
    if workers <= 1 or len(todo) <= 1:
        for name, argument in todo:
            checkpoint.record(name, work(argument))
            done += sizes[name]
            if progress is not None:
                progress.update(done, total)
    else:
        import multiprocessing  # here: the table's start reads measured edges through this module, never a pool

        with multiprocessing.get_context("fork").Pool(workers) as pool:
            named = pool.imap_unordered(_Named(work), todo)
            for name, result in named:
                checkpoint.record(name, result)
                done += sizes[name]
                if progress is not None:
                    progress.update(done, total)
    return {name: checkpoint.done[name] for name, _, _ in jobs}


class _Named:
    """A job's work, handing back its name with its result (a picklable callable for the pool)."""

    def __init__(self, work: Callable[[Any], Result]) -> None:
        self.work = work

    def __call__(self, job: tuple[str, Any]) -> tuple[str, Result]:
        name, argument = job
        return name, self.work(argument)
