"""What a command says when it cannot do what it was asked: `rptable COMMAND: why` on stderr, and the exit status
(1: it could not; 2: it was asked wrongly)."""

from __future__ import annotations

import sys


def refused(command: str, why: object, status: int = 1) -> int:
    print(f"rptable {command}: {why}", file=sys.stderr)
    return status
