"""Player ratings: per named player and visit, what he played and how well.

A visit is a player's run of rounds at one table, ended by an absence of VISIT_GAP. For each: rounds, time,
average ante, total wagered, his actual win, and the win expected of him from the rules' measured house edge
(the shift report's theoretical win, turned round); and the quality of his decisions: each decision's cost
against `basic` in antes (controller.floor.decisions).

Decisions are counted once valued, and only those made before the oldest decision still waiting for its
valuation (the valuation front; decisions are valued oldest first): a decision basic would have made costs 0 at
once while one it would not have made waits, so counting every valued decision would count the cheap ones
early. The rest are pending. The cost a decision comes with a 95% t-interval over the decisions' costs, which
holds both how they spread and each valuation's own error (none shown under MIN_FOR_INTERVAL decisions).

Two findings are flagged, with their evidence, by sequential tests that the pit may look at after every round
(a flag stays raised once the evidence crossed its boundary): decisions that beat `basic`, and a win beyond
expectation. Each is a normal-mixture boundary on a cumulative sum, self-normalised by the sum of its terms'
squares (Robbins' mixture with de la Peña's inequality): a player no better than basic, or whose results are
chance's alone, is flagged in at most ALPHA of visits however long the visit and however often one looks.
`benchmarks/bench_ratings.py` measures the rates by simulation (docs/floor.md gives them).
"""

from __future__ import annotations

import math
import time
import zlib
from collections import defaultdict
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any

from controller.core.rules import HouseRules, RulesError, rules_from_mapping
from controller.floor.decisions import SAMPLES, Move, Situation, value_decision
from controller.measured.house_edges import HouseEdge, measured_edges
from controller.players.basic import NoBasicTable

if TYPE_CHECKING:
    import psycopg

VISIT_GAP = 30 * 60.0  # seconds away from the table that end a visit
MIN_FOR_INTERVAL = 10  # valued decisions before their cost's interval is shown
ALPHA = 0.01  # a flag's false-alarm rate over one visit
DECISION_RHO = 1.0  # antes²: the sum of squared costs where the decision boundary is narrowest
ROUNDS_RHO = 100  # rounds of expected spread where the win boundary is narrowest


def mixture_bound(spread: float, rho: float, alpha: float = ALPHA) -> float:
    """How far a cumulative sum may stray from zero, given the sum of its squares `spread`, before it is
    evidence at level `alpha` however often it is looked at (a normal mixture of exponential supermartingales
    with variance `rho`)."""
    total = spread + rho
    return math.sqrt(2.0 * total * math.log(math.sqrt(total / rho) / alpha))


def t95(freedom: int) -> float:
    """Student's t two-sided 95% quantile (exact to 3 decimals for 1-30 degrees of freedom, then the
    Cornish-Fisher series)."""
    if freedom < 1:
        return math.inf
    if freedom <= len(_T95):
        return _T95[freedom - 1]
    z, n = 1.959964, float(freedom)
    return (z + (z ** 3 + z) / (4 * n) + (5 * z ** 5 + 16 * z ** 3 + 3 * z) / (96 * n ** 2)
            + (3 * z ** 7 + 19 * z ** 5 + 17 * z ** 3 - 15 * z) / (384 * n ** 3))


_T95 = (12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228, 2.201, 2.179, 2.160, 2.145, 2.131,
        2.120, 2.110, 2.101, 2.093, 2.086, 2.080, 2.074, 2.069, 2.064, 2.060, 2.056, 2.052, 2.048, 2.045, 2.042)


@dataclass(frozen=True)
class Crossing:
    """Where a sequential test's sum first crossed its boundary: after how many rounds or decisions, the sum
    and the boundary then."""

    count: int
    total: float
    bound: float


@dataclass(frozen=True)
class DecisionTally:
    """A player's decisions: how many, how many valued and counted (those before the valuation front), their
    total cost against basic and its square (antes), the valuations' variance, and the beats-basic test."""

    made: int = 0
    valued: int = 0
    cost: float = 0.0
    variance: float = 0.0  # the valuations' own: the sum of their squared standard errors
    squares: float = 0.0  # the sum of the costs' squares
    beat: Crossing | None = None  # where the gain on basic first crossed its boundary

    @property
    def pending(self) -> int:
        return self.made - self.valued

    @property
    def per_decision(self) -> float:
        return self.cost / self.valued if self.valued else 0.0

    @property
    def per_decision_ci95(self) -> tuple[float, float] | None:
        """The 95% interval of the cost a decision: a t-interval over the decisions' costs, the valuations'
        error added (None under MIN_FOR_INTERVAL decisions)."""
        n = self.valued
        if n < max(MIN_FOR_INTERVAL, 2):
            return None
        mean = self.cost / n
        spread = max(self.squares - n * mean * mean, 0.0) / (n - 1)
        half = t95(n - 1) * math.sqrt(spread / n + self.variance / n ** 2)
        return mean - half, mean + half

    @property
    def ci95(self) -> tuple[float, float] | None:
        """The 95% interval of the total cost (None under MIN_FOR_INTERVAL decisions)."""
        each = self.per_decision_ci95
        return None if each is None else (each[0] * self.valued, each[1] * self.valued)

    @property
    def beats_basic(self) -> bool:
        return self.beat is not None

    def then(self, cost: float, se: float) -> DecisionTally:
        """The tally after one more valued decision, the beats-basic test looked at again."""
        after = DecisionTally(self.made + 1, self.valued + 1, self.cost + cost, self.variance + se * se,
                              self.squares + cost * cost, self.beat)
        if after.beat is None:
            bound = mixture_bound(after.squares, DECISION_RHO)  # the valuations' errors are in the costs
            if -after.cost >= bound:
                return replace(after, beat=Crossing(after.valued, -after.cost, bound))
        return after

    def plus(self, other: DecisionTally) -> DecisionTally:
        """Both tallies' decisions (the test's crossing is the first one's, else the second's)."""
        return DecisionTally(self.made + other.made, self.valued + other.valued, self.cost + other.cost,
                             self.variance + other.variance, self.squares + other.squares, self.beat or other.beat)


@dataclass(frozen=True)
class WinCrossing:
    """Where a player's win first crossed the boundary of chance: his win and the expected then, how many
    standard deviations apart, after how many rounds."""

    rounds: int
    win: int
    expected: float
    z: float


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
    excess_squares: float = 0.0  # the sum of each round's (result - expected)², chips squared
    rho: float = 0.0  # chips squared: ROUNDS_RHO of the first round's variance
    won_beyond: WinCrossing | None = None  # where his win first crossed the boundary of chance

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

    def add_round(self, round_id: str, net: int, theoretical: float, variance: float) -> None:
        """One more round of the visit (every box he played in it): his result, the house's theoretical win
        and the result's variance; then the win-beyond-expectation test looks again. Its sum is his result less
        the expected, self-normalised by the rounds' squares: a big hand adds as much to the squares as to the
        sum, so one lucky round is never the evidence (the bound is exact for symmetric results; a round's is
        skewed towards the rare big win, the safe side, and the rate is measured)."""
        self.rounds.add(round_id)
        self.win += net
        self.theoretical += theoretical
        self.variance += variance
        if variance <= 0 or self.won_beyond is not None:
            return
        self.rho = self.rho or ROUNDS_RHO * variance
        self.excess_squares += (net + theoretical) ** 2
        excess = self.win - self.expected_win
        if excess >= mixture_bound(self.excess_squares, self.rho):
            self.won_beyond = WinCrossing(len(self.rounds), self.win, self.expected_win,
                                          excess / math.sqrt(self.variance))

    def flags(self) -> list[str]:
        """What the pit boss should look at, with the evidence."""
        found = []
        d = self.decisions
        if d.beat is not None:
            lo, hi = d.ci95 or (d.cost, d.cost)
            found.append(f"decisions beat basic: {-d.per_decision:+.3f} antes per decision over {d.valued} valued "
                         f"decisions (total {-d.cost:+.2f} antes, 95% interval {-hi:+.2f} to {-lo:+.2f})")
        won = self.won_beyond
        if won is not None:
            found.append(f"won {won.win:,} against an expected {won.expected:+,.0f}: {won.z:.1f} "
                         f"standard deviations above expectation over {won.rounds} rounds")
        return found

    def to_dict(self) -> dict[str, Any]:
        d = self.decisions
        ci95, each = d.ci95, d.per_decision_ci95
        return {"player": self.player, "table": self.table_id, "start": self.start, "end": self.end,
                "rounds": len(self.rounds), "minutes": round(self.minutes, 1),
                "average_ante": round(self.average_ante, 2), "wagered": self.wagered, "win": self.win,
                "expected_win": round(self.expected_win, 2), "theoretical_win": round(self.theoretical, 2),
                "z": None if self.z is None else round(self.z, 2),
                "decisions": {"made": d.made, "valued": d.valued, "pending": d.pending,
                              "cost_antes": round(d.cost, 4), "cost_per_decision": round(d.per_decision, 4),
                              "cost_ci95": None if ci95 is None else [round(v, 4) for v in ci95],
                              "cost_per_decision_ci95": None if each is None else [round(v, 4) for v in each]},
                "flags": self.flags()}


def visits(connection: psycopg.Connection[tuple[Any, ...]], since: float,
           edges: dict[str, HouseEdge] | None = None) -> list[Visit]:
    """Every named player's visits with a round closed since `since`, by player, then time."""
    edges = measured_edges() if edges is None else edges
    boxes = connection.execute(
        "SELECT player, table_id, round_id, opened_at, closed_at, ante, wagered, net, theoretical, rules_digest "
        "FROM floor_boxes WHERE player <> '' AND closed_at >= %s AND NOT voided "
        "ORDER BY player, table_id, opened_at, round_id", (since,)).fetchall()
    decisions = connection.execute(
        "SELECT player, table_id, at, cost, cost_se FROM floor_decisions WHERE player <> '' AND at >= %s "
        "AND note = '' ORDER BY player, table_id, at, seq", (since - VISIT_GAP,)).fetchall()
    (front,), = connection.execute(  # the valuation front: the oldest decision a valuer can take and has not
        "SELECT min(d.at) FROM floor_decisions d JOIN floor_rules r ON r.digest = d.rules_digest "
        "WHERE d.cost IS NULL AND d.note = ''").fetchall()
    connection.rollback()
    found: list[Visit] = []
    round_of: tuple[Visit, str, int, float, float] | None = None  # the round being added up: its boxes' sums
    for player, table, round_id, opened, closed, ante, wagered, net, theoretical, digest in boxes:
        last = found[-1] if found else None
        if last is None or (last.player, last.table_id) != (player, table) or opened - last.end > VISIT_GAP:
            last = Visit(player, table, opened, closed)
            found.append(last)
        if round_of is not None and (round_of[0], round_of[1]) != (last, round_id):
            round_of[0].add_round(*round_of[1:])
            round_of = None
        last.end = max(last.end, closed)
        last.boxes += 1
        last.ante_total += ante
        last.wagered += wagered
        variance = (ante * round_sd(edges.get(digest))) ** 2
        _, _, was_net, was_theoretical, was_variance = round_of or (last, round_id, 0, 0.0, 0.0)
        round_of = (last, round_id, was_net + net, was_theoretical + theoretical, was_variance + variance)
    if round_of is not None:
        round_of[0].add_round(*round_of[1:])
    by_seat: dict[tuple[str, str], list[Visit]] = defaultdict(list)
    for visit in found:
        by_seat[visit.player, visit.table_id].append(visit)
    for player, table, at, cost, se in decisions:
        made_in = next((v for v in by_seat.get((player, table), []) if v.start - 60 <= at <= v.end), None)
        if made_in is None:
            continue
        if cost is not None and (front is None or at < front):
            made_in.decisions = made_in.decisions.then(cost, se or 0.0)
        else:  # waits for its valuation, or made after one that waits: counted once the front passes it
            made_in.decisions = made_in.decisions.plus(DecisionTally(made=1))
    return found


def round_sd(edge: HouseEdge | None) -> float:
    """The standard deviation of one box's result per ante, as measured beside the edge (0 when there is no
    measured figure)."""
    return edge.round_sd or 0.0 if edge is not None else 0.0


def value_pending(connection: psycopg.Connection[tuple[Any, ...]], *, budget: float = 2.0, samples: int = SAMPLES,
                  clock: Callable[[], float] = time.monotonic) -> int:
    """Value decisions that are still unvalued, oldest first (the ratings count what lies before the oldest
    waiting), for about `budget` seconds; how many were. Several valuers (every pit) share the work: each takes
    a few decisions no other holds (row locks, skipped by the others)."""
    start = clock()
    done = 0
    rules_by_digest: dict[str, HouseRules | None] = {}
    while clock() - start < budget:
        with connection.transaction():
            rows = connection.execute(
                "SELECT d.table_id, d.seq, d.rules_digest, d.situation, d.decision, r.mapping FROM floor_decisions d "
                "JOIN floor_rules r ON r.digest = d.rules_digest WHERE d.cost IS NULL AND d.note = '' "
                "ORDER BY d.at LIMIT %s FOR UPDATE OF d SKIP LOCKED", (TAKEN,)).fetchall()
            for table, seq, digest, situation, decision, mapping in rows:
                if digest not in rules_by_digest:
                    try:
                        rules_by_digest[digest] = rules_from_mapping(mapping, "floor database")
                    except RulesError:
                        rules_by_digest[digest] = None
                cost, se, note = _valued(rules_by_digest[digest], situation, decision, samples,
                                         zlib.crc32(f"{table}:{seq}".encode()))
                connection.execute("UPDATE floor_decisions SET cost = %s, cost_se = %s, note = %s "
                                   "WHERE table_id = %s AND seq = %s AND cost IS NULL", (cost, se, note, table, seq))
                done += 1
        connection.rollback()
        if not rows:
            break
    return done


TAKEN = 4  # decisions a valuer takes at a time (locked till valued: about 0.1 s each)


def _valued(rules: HouseRules | None, situation: dict[str, Any], decision: str, samples: int, seed: int
            ) -> tuple[float | None, float | None, str]:
    """A decision's cost, its standard error and the note why it has none."""
    if rules is None:
        return None, None, "not valued: its house rules cannot be read"
    try:
        valuation = value_decision(rules, Situation.from_dict(situation), Move.parse(decision), samples=samples,
                                   seed=seed)
    except NoBasicTable:  # a house's own rules (a jackpot added, say): one table's, not the pit's, loss
        return None, None, f"not valued: no basic strategy for the rules '{rules.name}'"
    return valuation.cost, valuation.se, valuation.note
