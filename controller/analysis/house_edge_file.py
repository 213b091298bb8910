"""controller/presets/house_edges.toml: each preset's house edge under the basic strategy, as the shift report
reads it (written by benchmarks/house_edges.py), and the exact edge of the bonus side bet."""

from __future__ import annotations

from datetime import date
from math import comb

from controller.analysis.montecarlo import EdgeReport
from controller.odds import hand_odds
from controller.rules import HouseRules, rules_digest

HEADER = "# Written by benchmarks/house_edges.py: each preset's house edge under the basic strategy. Do not edit."


def bonus_edge(rules: HouseRules) -> float | None:
    """The bonus bet's house edge per unit staked, exact over all 2,598,960 first-five-card hands (R-BONUS-1:
    paid to 1 at the bonus table, lost otherwise); None where the preset has no bonus bet."""
    if not rules.bonus.enabled:
        return None
    counts = hand_odds(5).categories
    player_return = sum(n * (rules.bonus.pays.pay(c) or -1) for c, n in counts.items())
    return -player_return / comb(52, 5)


def edge_entry(rules: HouseRules, report: EdgeReport, seed: int, measured: date) -> str:
    """One preset's table in the file."""
    lo, hi = report.house_edge_ci95
    lines = [
        f"[{rules.name}]",
        f'rules_sha256 = "{rules_digest(rules)}"',
        f'strategy = "{report.strategy}"',
        f"rounds = {report.rounds}",
        f"seed = {seed}",
        f"house_edge = {report.house_edge:.5f}",
        f"house_edge_ci95 = [{lo:.5f}, {hi:.5f}]",
        f"element_of_risk = {report.element_of_risk:.5f}",
        f"average_wager = {report.average_wager:.4f}",
    ]
    bonus = bonus_edge(rules)
    if bonus is not None:
        lines.append(f"bonus_edge = {bonus:.5f}")
    lines.append(f'measured = "{measured.isoformat()}"')
    return "\n".join(lines)
