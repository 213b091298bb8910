"""The floor database for a command: the options that name it for a table, and a connection, or a line on
stderr saying why there is none."""

from __future__ import annotations

import argparse
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


def add_table_floor_arguments(parser: argparse.ArgumentParser, *, staked_while: str) -> None:
    """A table's links to the floor (`rptable console`, `rptable simulate`): its report and its jackpot meter;
    `staked_while`: who places the jackpot stake, and when."""
    parser.add_argument("--replica", metavar="URL",
                        help="report every event to the floor's PostgreSQL as it is journaled (rptable pit shows it)")
    parser.add_argument("--jackpot", metavar="URL",
                        help="rules with a [jackpot] section: link the table to the jackpot meter in the floor's "
                             f"PostgreSQL; {staked_while}")
