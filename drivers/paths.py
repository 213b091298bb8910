"""Where rptable keeps its files: the user data folder (journals, accounts, deck profiles)."""

from __future__ import annotations

import os
from pathlib import Path


def data_dir() -> Path:
    """$RPTABLE_DATA_DIR, else $XDG_DATA_HOME/rptable, else ~/.local/share/rptable."""
    override = os.environ.get("RPTABLE_DATA_DIR")
    if override:
        return Path(override)
    base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(base) / "rptable"


def default_journal(table_id: str = "T1") -> Path:
    return data_dir() / "journals" / f"{table_id}.journal"


def default_users() -> Path:
    return data_dir() / "users.db"
