"""The floor database for a command: a connection, or a line on stderr saying why there is none."""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    import psycopg


def floor_connection(command: str, url: str) -> psycopg.Connection[tuple[Any, ...]] | None:
    from controller.floor.database import FloorError, connect

    try:
        return connect(url)
    except FloorError as err:
        print(f"rptable {command}: {err}", file=sys.stderr)
        return None
