"""What names the floor's database: a PostgreSQL URL. Its own module, so that a command checks its `--db` option
without importing the floor's staff, keys and connections (ui.cli.bounds.floor_url runs at every start)."""

from __future__ import annotations


def is_floor_url(where: str) -> bool:
    """A PostgreSQL URL names the floor's accounts; anything else is a table's own accounts file."""
    return where.startswith(("postgresql://", "postgres://"))
