"""Two halves of a pure computation on the machine's two cores: the second half in a forked child."""

from __future__ import annotations

import os
import pickle
import threading
from collections.abc import Callable
from typing import TypeVar

_T = TypeVar("_T")
_R = TypeVar("_R")


def run_in_two_processes(work: Callable[[_T], _R], parts: list[_T]) -> list[_R]:
    """`work` on two parts, the second in a forked child when this process may fork (POSIX, no other
    thread running: forking beside threads is unsafe); otherwise one after the other."""
    first, second = parts
    if not hasattr(os, "fork") or threading.active_count() > 1:
        return [work(first), work(second)]
    reader, writer = os.pipe()
    pid = os.fork()
    if pid == 0:  # the child: work, send the result, leave without running the parent's exit handlers
        code = 0
        try:
            with os.fdopen(writer, "wb") as out:
                pickle.dump(work(second), out)
        except BaseException:
            code = 1
        os._exit(code)
    os.close(writer)
    mine = work(first)
    with os.fdopen(reader, "rb") as incoming:
        data = incoming.read()
    _, status = os.waitpid(pid, 0)
    if status != 0 or not data:
        return [mine, work(second)]  # the child failed: do its part here
    return [mine, pickle.loads(data)]
