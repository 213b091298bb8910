"""What rptable works out for a casino's own rules file, kept in the user's data folder (drivers.paths):
the basic strategy derived for its rules (`analysis/basic-DIGEST.toml`), its measured house edge
(`analysis/edge-DIGEST.toml`, read by controller.measured.casino_edge), and the checkpoint of a derivation or
measurement under way, so that one stopped by Ctrl-C or a kill resumes. DIGEST is the start of the rules' play
digest: a file renamed or with other notes finds the same figures. Every file is written whole or not at all
(controller.analysis.long_run.write_atomically).
"""

from __future__ import annotations

import contextlib
import tomllib
from datetime import date
from pathlib import Path
from typing import TYPE_CHECKING

from controller.analysis.long_run import write_atomically
from controller.core.rules import HouseRules
from controller.measured.casino_edge import edge_file, file_name, folder
from controller.players.basic import BasicTable, NoBasicTable, add_derived_table

if TYPE_CHECKING:  # the writers' modules load numpy: a table that only reads a measured edge starts without it
    from controller.analysis.basic_edge import EdgeEstimate
    from controller.analysis.derive_basic import Derivation

EDGE_HEADER = "# Written by rptable analyze --strategy basic: the house edge of a casino's own rules. Do not edit."


def table_file(rules: HouseRules) -> Path:
    return folder() / f"basic-{file_name(rules)}.toml"


def checkpoint_file(kind: str, rules: HouseRules) -> Path:
    """Where a `kind` of long run for these rules keeps its finished jobs ("derive", "edge")."""
    return folder() / f"{kind}-{file_name(rules)}.checkpoint.json"


def save_table(derivation: Derivation) -> Path:
    from controller.analysis.derive_basic import table_toml

    path = table_file(derivation.rules)
    write_atomically(path, table_toml(derivation, date.today()) + "\n")
    add_derived_table(_read_table(path))
    return path


def load_derived_tables() -> None:
    """Make every table derived in the data folder the basic strategy of its rules (files that cannot be read,
    from an older version, say, are left out: derive again)."""
    with contextlib.suppress(OSError):
        for path in sorted(folder().glob("basic-*.toml")):
            with contextlib.suppress(NoBasicTable, OSError, tomllib.TOMLDecodeError):
                add_derived_table(_read_table(path))


def _read_table(path: Path) -> BasicTable:
    return BasicTable.from_mapping(tomllib.loads(path.read_text(encoding="utf-8")), str(path))


def save_edge(rules: HouseRules, estimate: EdgeEstimate, seed: int, optimal: EdgeEstimate | None = None,
              round_sd: float | None = None) -> Path:
    from controller.analysis.house_edge_file import edge_entry, edges_toml

    path = edge_file(rules)
    write_atomically(path, edges_toml({rules.name: edge_entry(rules, estimate, seed, date.today(), optimal,
                                                              round_sd)}, EDGE_HEADER))
    return path
