"""Player ratings: per named player and visit, what he played and how well.

A visit is a player's run of rounds at one table, ended by an absence of VISIT_GAP. For each: rounds, time,
average ante, total wagered, his actual win, and the win expected of him from the rules' measured house edge
(the shift report's theoretical win, turned round); and the quality of his decisions: each decision's cost
against `basic` in antes (controller.floor.decisions), summed with its standard error.

Two findings are flagged, with their evidence: decisions that beat `basic` (their total cost is below zero
beyond its 95% interval), and a win beyond 3 standard deviations of expectation (the standard deviation of
a round's result per ante comes from the same measurement as the edge: its confidence interval and rounds).
"""

from __future__ import annotations

import math
import time
import zlib
from collections import defaultdict
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from controller.analysis.house_edges import HouseEdge, measured_edges
from controller.core.rules import HouseRules, RulesError, rules_from_mapping
from controller.floor.decisions import SAMPLES, Move, Situation, value_decision
from controller.players.basic import NoBasicTable

if TYPE_CHECKING:
    import psycopg

VISIT_GAP = 30 * 60.0  # seconds away from the table that end a visit
FLAG_FROM_DECISIONS = 10  # valued decisions before the decision-quality flag can be raised
Z95 = 1.959964
Z_FLAG = 3.0


@dataclass(frozen=True)
class DecisionTally:
    """A player's decisions: how many, how many valued so far, and their total cost against basic (antes)."""

    made: int = 0
    valued: int = 0
    cost: float = 0.0
    variance: float = 0.0  # of the total cost's estimate

    @property
    def pending(self) -> int:
        return self.made - self.valued

    @property
    def per_decision(self) -> float:
        return self.cost / self.valued if self.valued else 0.0

    @property
    def ci95(self) -> tuple[float, float]:
        """The 95% interval of the total cost."""
        half = Z95 * math.sqrt(self.variance)
        return self.cost - half, self.cost + half

    @property
    def beats_basic(self) -> bool:
        return self.valued >= FLAG_FROM_DECISIONS and self.ci95[1] < 0

    def plus(self, other: DecisionTally) -> DecisionTally:
        return DecisionTally(self.made + other.made, self.valued + other.valued, self.cost + other.cost,
                             self.variance + other.variance)


@dataclass
class Visit:
    """One player's visit to one table."""

    player: str
    table_id: str
    start: float
    end: float
    rounds: set[str] = field(default_factory=set)
    boxes: int = 0
    ante_total: int = 0
    wagered: int = 0
    win: int = 0  # the player's result, + = he won
    theoretical: float = 0.0  # the house's expected win from his play
    variance: float = 0.0  # of his result, in chips squared (0: no measured figure for these rules)
    decisions: DecisionTally = DecisionTally()

    @property
    def minutes(self) -> float:
        return (self.end - self.start) / 60.0

    @property
    def average_ante(self) -> float:
        return self.ante_total / self.boxes if self.boxes else 0.0

    @property
    def expected_win(self) -> float:
        """The player's expected result: the house's theoretical win turned round."""
        return -self.theoretical

    @property
    def z(self) -> float | None:
        """How many standard deviations his result lies from expectation (None: no measured figure)."""
        return (self.win - self.expected_win) / math.sqrt(self.variance) if self.variance > 0 else None

    def flags(self) -> list[str]:
        """What the pit boss should look at, with the evidence."""
        found = []
        d = self.decisions
        if d.beats_basic:
            lo, hi = d.ci95
            found.append(f"decisions beat basic: {-d.per_decision:+.3f} antes per decision over {d.valued} valued "
                         f"decisions (total {-d.cost:+.2f} antes, 95% interval {-hi:+.2f} to {-lo:+.2f})")
        z = self.z
        if z is not None and abs(z) >= Z_FLAG:
            way = "won" if z > 0 else "lost"
            found.append(f"{way} {abs(self.win):,} against an expected {self.expected_win:+,.0f}: {abs(z):.1f} "
                         f"standard deviations {'above' if z > 0 else 'below'} expectation over "
                         f"{len(self.rounds)} rounds")
        return found

    def to_dict(self) -> dict[str, Any]:
        d = self.decisions
        return {"player": self.player, "table": self.table_id, "start": self.start, "end": self.end,
                "rounds": len(self.rounds), "minutes": round(self.minutes, 1),
                "average_ante": round(self.average_ante, 2), "wagered": self.wagered, "win": self.win,
                "expected_win": round(self.expected_win, 2), "theoretical_win": round(self.theoretical, 2),
                "z": None if self.z is None else round(self.z, 2),
                "decisions": {"made": d.made, "valued": d.valued, "pending": d.pending,
                              "cost_antes": round(d.cost, 4), "cost_per_decision": round(d.per_decision, 4),
                              "cost_ci95": [round(v, 4) for v in d.ci95]},
                "flags": self.flags()}


def visits(connection: psycopg.Connection[tuple[Any, ...]], since: float,
           edges: dict[str, HouseEdge] | None = None) -> list[Visit]:
    """Every named player's visits with a round closed since `since`, by player, then time."""
    edges = measured_edges() if edges is None else edges
    boxes = connection.execute(
        "SELECT player, table_id, round_id, opened_at, closed_at, ante, wagered, net, theoretical, rules_digest "
        "FROM floor_boxes WHERE player <> '' AND closed_at >= %s AND NOT voided "
        "ORDER BY player, table_id, opened_at", (since,)).fetchall()
    decisions = connection.execute(
        "SELECT player, table_id, at, cost, cost_se FROM floor_decisions WHERE player <> '' AND at >= %s "
        "AND note = '' ORDER BY player, table_id, at", (since - VISIT_GAP,)).fetchall()
    connection.rollback()
    found: list[Visit] = []
    for player, table, round_id, opened, closed, ante, wagered, net, theoretical, digest in boxes:
        last = found[-1] if found else None
        if last is None or (last.player, last.table_id) != (player, table) or opened - last.end > VISIT_GAP:
            last = Visit(player, table, opened, closed)
            found.append(last)
        last.end = max(last.end, closed)
        last.rounds.add(round_id)
        last.boxes += 1
        last.ante_total += ante
        last.wagered += wagered
        last.win += net
        last.theoretical += theoretical
        last.variance += (ante * round_sd(edges.get(digest))) ** 2
    by_seat: dict[tuple[str, str], list[Visit]] = defaultdict(list)
    for visit in found:
        by_seat[visit.player, visit.table_id].append(visit)
    for player, table, at, cost, se in decisions:
        made_in = next((v for v in by_seat.get((player, table), []) if v.start - 60 <= at <= v.end), None)
        if made_in is not None:
            valued = cost is not None
            made_in.decisions = made_in.decisions.plus(
                DecisionTally(1, int(valued), cost or 0.0, (se or 0.0) ** 2 if valued else 0.0))
    return found


def round_sd(edge: HouseEdge | None) -> float:
    """The standard deviation of one box's result per ante, as measured beside the edge (0 when there is no
    measured figure)."""
    return edge.round_sd or 0.0 if edge is not None else 0.0


def value_pending(connection: psycopg.Connection[tuple[Any, ...]], *, budget: float = 2.0, samples: int = SAMPLES,
                  clock: Callable[[], float] = time.monotonic) -> int:
    """Value decisions that are still unvalued, newest first, for about `budget` seconds; how many were."""
    start = clock()
    done = 0
    rules_by_digest: dict[str, HouseRules | None] = {}
    while clock() - start < budget:
        rows = connection.execute(
            "SELECT d.table_id, d.seq, d.rules_digest, d.situation, d.decision, r.mapping FROM floor_decisions d "
            "JOIN floor_rules r ON r.digest = d.rules_digest WHERE d.cost IS NULL AND d.note = '' "
            "ORDER BY d.at DESC LIMIT 20").fetchall()
        connection.rollback()
        if not rows:
            break
        for table, seq, digest, situation, decision, mapping in rows:
            if digest not in rules_by_digest:
                try:
                    rules_by_digest[digest] = rules_from_mapping(mapping, "floor database")
                except RulesError:
                    rules_by_digest[digest] = None
            rules = rules_by_digest[digest]
            if rules is None:
                cost, se, note = None, None, "not valued: its house rules cannot be read"
            else:
                try:
                    valuation = value_decision(rules, Situation.from_dict(situation), Move.parse(decision),
                                               samples=samples, seed=zlib.crc32(f"{table}:{seq}".encode()))
                    cost, se, note = valuation.cost, valuation.se, valuation.note
                except NoBasicTable:  # a house's own rules (a jackpot added, say): one table's, not the pit's, loss
                    cost, se, note = None, None, f"not valued: no basic strategy for the rules '{rules.name}'"
            with connection.transaction():
                connection.execute("UPDATE floor_decisions SET cost = %s, cost_se = %s, note = %s "
                                   "WHERE table_id = %s AND seq = %s AND cost IS NULL", (cost, se, note, table, seq))
            done += 1
            if clock() - start >= budget:
                break
    return done
