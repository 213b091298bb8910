"""What the operator must know of a table's house rules before it opens: the rules' house edge under the basic
strategy as measured (a preset's, or one measured for a casino's own file), what it says, and in words.

The table controller refuses to open a round on rules that favour a skilled player, or whose edge was never
measured, until an admin has acknowledged them in the journal; the console shows these words; `rptable rules show`
and `rules check` print them.
"""

from __future__ import annotations

from controller.core.rules import HouseRules
from controller.measured.casino_edge import measured_edge
from controller.measured.house_edges import EdgeStatus, edge_status


def rules_edge(rules: HouseRules) -> EdgeStatus:
    """The edge of these rules for the operator (EdgeStatus.words, .needs_acknowledgement)."""
    return edge_status(rules, measured_edge(rules))
