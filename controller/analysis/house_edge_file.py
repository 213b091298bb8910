"""Writing controller/analysis/house_edges.toml (benchmarks/house_edges.py runs it; house_edges.py reads it for
the shift report): each preset's house edge under the basic strategy, and the exact edge of the bonus side bet."""

from __future__ import annotations

from datetime import date
from math import comb
from typing import Any

from controller.analysis.montecarlo import EdgeReport
from controller.analysis.odds import hand_odds
from controller.core.rules import HouseRules, rules_digest

HEADER = "# Written by benchmarks/house_edges.py: each preset's house edge under the basic strategy. Do not edit."


def bonus_edge(rules: HouseRules) -> float | None:
    """The bonus bet's house edge per unit staked, exact over all 2,598,960 first-five-card hands (R-BONUS-1:
    paid to 1 at the bonus table, lost otherwise); None where the preset has no bonus bet."""
    if not rules.bonus.enabled:
        return None
    counts = hand_odds(5).categories
    player_return = sum(n * (rules.bonus.pays.pay(c) or -1) for c, n in counts.items())
    return -player_return / comb(52, 5)


def edge_entry(rules: HouseRules, report: EdgeReport, seed: int, measured: date) -> dict[str, Any]:
    """One preset's figures, in the file's keys and order."""
    lo, hi = report.house_edge_ci95
    entry: dict[str, Any] = {
        "rules_sha256": rules_digest(rules),
        "strategy": report.strategy,
        "rounds": report.rounds,
        "seed": seed,
        "house_edge": round(report.house_edge, 5),
        "house_edge_ci95": [round(lo, 5), round(hi, 5)],
        "element_of_risk": round(report.element_of_risk, 5),
        "average_wager": round(report.average_wager, 4),
    }
    bonus = bonus_edge(rules)
    if bonus is not None:
        entry["bonus_edge"] = round(bonus, 5)
    entry["measured"] = measured.isoformat()
    return entry


def edges_toml(entries: dict[str, dict[str, Any]]) -> str:
    """The whole file: the header line, then one table per preset."""
    parts = [HEADER]
    for name, entry in entries.items():
        lines = [f"[{name}]"]
        for key, value in entry.items():
            lines.append(f"{key} = {_toml_value(value)}")
        parts.append("\n".join(lines))
    return "\n\n".join(parts) + "\n"


def _toml_value(value: Any) -> str:
    if isinstance(value, str):
        return f'"{value}"'
    if isinstance(value, list):
        return "[" + ", ".join(_toml_value(v) for v in value) + "]"
    return repr(value)
