"""The house edge measured for a casino's own rules file, read from the user's data folder (drivers.paths):
`analysis/edge-DIGEST.toml`, written by `rptable analyze --strategy basic` (controller.analysis.casino_files).
DIGEST is the start of the rules' play digest: a file renamed or with other notes finds the same figure.
"""

from __future__ import annotations

import contextlib
import tomllib
from pathlib import Path

from controller.core.rules import HouseRules, rules_digest
from controller.measured.house_edges import HouseEdge, edge_from_row, shipped_edge
from drivers.paths import data_dir


def folder() -> Path:
    """Where a casino's own figures for its rules files are kept."""
    return data_dir() / "analysis"


def file_name(rules: HouseRules) -> str:
    """The part of a figure's file name that names the rules: the start of their play digest."""
    return rules_digest(rules, play_only=True)[:16]


def edge_file(rules: HouseRules) -> Path:
    return folder() / f"edge-{file_name(rules)}.toml"


def saved_edge(rules: HouseRules) -> HouseEdge | None:
    """The house edge measured for these rules' play in the data folder, if any."""
    try:
        data = tomllib.loads(edge_file(rules).read_text(encoding="utf-8"))
    except (OSError, tomllib.TOMLDecodeError):
        return None
    digest = rules_digest(rules, play_only=True)
    for name, row in data.items():
        if isinstance(row, dict) and row.get("play_sha256") == digest:
            with contextlib.suppress(KeyError, TypeError, ValueError):
                return edge_from_row(name, row)
    return None


def measured_edge(rules: HouseRules) -> HouseEdge | None:
    """The measured house edge of these rules' play: a preset's shipped figure, else one measured here."""
    return shipped_edge(rules) or saved_edge(rules)
