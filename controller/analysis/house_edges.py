"""Each preset's theoretical house edge under the `basic` strategy, as measured and written to
`house_edges.toml` beside this module by `benchmarks/house_edges.py`: what the shift report sets beside the
actual win. A figure applies only to rules identical to those it was measured on (same `rules_digest`)."""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from functools import cache
from importlib import resources

FILE = "house_edges.toml"


@dataclass(frozen=True)
class HouseEdge:
    rules: str
    strategy: str
    house_edge: float  # per ante: the player's average loss per unit of ante
    house_edge_ci95: tuple[float, float]
    rounds: int
    measured: str
    bonus_edge: float | None = None  # per unit of bonus stake


@cache
def measured_edges() -> dict[str, HouseEdge]:
    """The measured figures by rules digest (controller.core.rules.rules_digest); none when the file is absent."""
    path = resources.files("controller.analysis").joinpath(FILE)
    if not path.is_file():
        return {}
    data = tomllib.loads(path.read_text(encoding="utf-8"))
    edges = {}
    for name, row in data.items():
        lo, hi = row["house_edge_ci95"]
        edges[row["rules_sha256"]] = HouseEdge(
            name, row["strategy"], float(row["house_edge"]), (float(lo), float(hi)), int(row["rounds"]),
            str(row["measured"]), float(row["bonus_edge"]) if "bonus_edge" in row else None)
    return edges

