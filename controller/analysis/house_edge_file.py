"""Writing measured house edges as TOML: controller/measured/house_edges.toml (benchmarks/house_edges.py writes it;
controller.measured.house_edges reads it for the shift report and the operator guard), or a casino file's own in the
user's data folder. Each figure is the house edge under the basic strategy, with the exact edge of the bonus side
bet and, where the only decision is bet or fold, the exact edge of optimal play."""

from __future__ import annotations

import math
import re
from datetime import date
from math import comb
from typing import Any

from controller.analysis.basic_edge import EdgeEstimate
from controller.analysis.odds import hand_odds
from controller.core.rules import HouseRules, rules_digest

HEADER = "# Written by benchmarks/house_edges.py: each preset's house edge under the basic strategy. Do not edit."
SPREAD_ROUNDS = 20_000  # rounds through the engine for a round's spread: to a few percent of it
Z95 = 1.959964


def bonus_edge(rules: HouseRules) -> float | None:
    """The bonus bet's house edge per unit staked, exact over all 2,598,960 first-five-card hands (R-BONUS-1:
    paid to 1 at the bonus table, lost otherwise); None where the preset has no bonus bet."""
    if not rules.bonus.enabled:
        return None
    counts = hand_odds(5).categories
    player_return = sum(n * (rules.bonus.pays.pay(c) or -1) for c, n in counts.items())
    return -player_return / comb(52, 5)


def round_spread(rules: HouseRules, seed: int, rounds: int = SPREAD_ROUNDS, workers: int | None = None) -> float:
    """The standard deviation of one box's result per ante under basic, from rounds played through the rules engine:
    the edge's own measurement counts most of that spread out (the dealer's cards, the first deals), so its
    interval cannot tell it (the floor's ratings set a player's win against it)."""
    from controller.analysis.montecarlo import house_edge

    report = house_edge(rules, "basic", rounds, seed, workers=workers)
    lo, hi = report.house_edge_ci95
    return (hi - lo) / (2 * Z95) * math.sqrt(report.rounds)


def edge_entry(rules: HouseRules, report: EdgeEstimate, seed: int, measured: date,
               optimal: EdgeEstimate | None = None, round_sd: float | None = None) -> dict[str, Any]:
    """One set of rules' figures, in the file's keys and order (`round_sd`: round_spread's)."""
    lo, hi = report.house_edge_ci95
    entry: dict[str, Any] = {
        "rules_sha256": rules_digest(rules),
        "play_sha256": rules_digest(rules, play_only=True),
        "strategy": report.strategy,
        "rounds": report.samples,
        "seed": seed,
        "house_edge": round(report.house_edge, 6),
        "house_edge_ci95": [round(lo, 6), round(hi, 6)],
        "element_of_risk": round(report.element_of_risk, 6),
        "average_wager": round(report.average_wager, 4),
    }
    if round_sd is not None:
        entry["round_sd"] = round(round_sd, 4)
    bonus = bonus_edge(rules)
    if bonus is not None:
        entry["bonus_edge"] = round(bonus, 5)
    if optimal is not None:
        entry["optimal_house_edge"] = round(optimal.house_edge, 6)
    entry["measured"] = measured.isoformat()
    return entry


def edges_toml(entries: dict[str, dict[str, Any]], header: str = HEADER) -> str:
    """The whole file: the header line, then one table per set of rules."""
    parts = [header]
    for name, entry in entries.items():
        bare = re.fullmatch(r"[A-Za-z0-9_-]+", name) is not None
        lines = [f"[{name}]" if bare else f"[{_toml_value(name)}]"]
        for key, value in entry.items():
            lines.append(f"{key} = {_toml_value(value)}")
        parts.append("\n".join(lines))
    return "\n\n".join(parts) + "\n"


def _toml_value(value: Any) -> str:
    if isinstance(value, str):
        return '"' + value.replace("\\", "\\\\").replace('"', '\\"') + '"'
    if isinstance(value, list):
        return "[" + ", ".join(_toml_value(v) for v in value) + "]"
    return repr(value)
