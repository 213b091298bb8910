"""Stopping a long run midway, as a person pressing Ctrl-C would."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any


def ctrl_c_after(jobs: int, work: Callable[[Any], Any]) -> Callable[[Any], Any]:
    """`work`, which raises KeyboardInterrupt once it has done `jobs` jobs."""
    done = []

    def stopped(argument: Any) -> Any:
        if len(done) == jobs:
            raise KeyboardInterrupt
        done.append(argument)
        return work(argument)

    return stopped
