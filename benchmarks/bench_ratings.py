"""Ratings benchmark: how fast one valuer values decisions against what 50 live tables make, and how often the
pit's two flags (decisions that beat basic, a win beyond expectation) are raised on players who deserve neither,
over simulated shifts looked at after every round.

Usage: `.venv/bin/python benchmarks/bench_ratings.py [--quick] [--shifts 10000] [--rounds 500] [--part all]`.
`--quick` takes about a minute (fewer shifts, decisions and rounds); the full run a few minutes. Prints each
figure as a line and exits 1 when a measured false-alarm rate is above the stated one by more than its own
sampling error (three standard errors).

What is simulated. A shift is one player's visit of `--rounds` rounds (500: eight hours at a live table), the flag
looked at after every round (the rules' test is sequential; how often the pit looks does not matter).
- The win flag: a `basic` player's round results are drawn from rounds the rules engine played (`classic`, one
  box, `basic`), shifted so that their mean is the measured edge's (the flag's own null: the player is what the
  rules' measurement says); the flag is computed by ratings.Visit itself.
- The decision flag: a player no better than basic, the worst case of the null. Each decision deviates from
  basic with `simple`'s frequency; a deviation's cost is drawn from real `simple` deviations valued by
  decisions.value_decision, shifted to mean 0, plus a fresh valuation error of its own standard error. Also
  `simple` as it is (worse than basic) and `basic` (every decision costs 0).
"""

from __future__ import annotations

import argparse
import json
import math
import os
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
sys.path[:0] = [str(ROOT)]
os.environ.setdefault("RPTABLE_MANIFEST", "/nonexistent")

import hwsim.schemes  # noqa: E402, F401  (the simulated shoe and camera: sim://, camera+sim://)

from controller.analysis.engine_rounds import play_heads_up  # noqa: E402
from controller.core.rules import HouseRules  # noqa: E402
from controller.floor.decisions import SAMPLES, Move, Situation, value_decision  # noqa: E402
from controller.floor.ratings import ALPHA, DecisionTally, Visit, round_sd  # noqa: E402
from controller.floor.seats import Seat, seating  # noqa: E402
from controller.floor.summary import TableSummary  # noqa: E402
from controller.measured.house_edges import measured_edges  # noqa: E402
from controller.opening.simulate import simulate  # noqa: E402
from controller.players import basic  # noqa: E402
from controller.table.journal.store import Journal  # noqa: E402
from controller.table.rule_files import load_preset  # noqa: E402

TABLES = 50
LIVE_SECONDS_A_ROUND = 45.0  # a live table: a round every 30-60 s
COLUMN = {"situation": 7, "decision": 8, "cost": 10}  # in summary.DECISION_COLUMNS


# -- what tables make -----------------------------------------------------------------------------------
def table_decisions(rules: HouseRules, strategy: str, rounds: int, seed: int, boxes: int = 6
                    ) -> tuple[int, list[tuple[Situation, Move]]]:
    """A simulated table's named players' decisions (every box on `strategy`): how many, and those basic would
    not have made (they wait for a valuer), with their situations."""
    folder = tempfile.mkdtemp(prefix="rptable-bench-ratings-")
    path = Path(folder) / "T1.journal"
    simulate(rules, rounds, seed, boxes=boxes, journal_path=path,
             seating=seating({b: Seat(b, f"P{b}", strategy) for b in range(1, boxes + 1)}, seed=seed))
    summary = TableSummary("T1")
    with Journal(path, "T1", readonly=True) as journal:
        for entry in journal.entries(0):
            summary.fold(entry)
    rows = summary.rows().decisions
    waiting = [(Situation.from_dict(json.loads(r[COLUMN["situation"]])), Move.parse(r[COLUMN["decision"]]))
               for r in rows if r[COLUMN["cost"]] is None]
    return len(rows), waiting


def valuer_rate(rules: HouseRules, waiting: list[tuple[Situation, Move]], **options: float) -> tuple[float, list]:
    """Decisions a second one valuer (this process, one core) values, and the valuations."""
    start = time.process_time()  # the machine is shared: its CPU, not the wall, is what a valuer needs
    found = [value_decision(rules, situation, move, seed=i, **options)  # type: ignore[arg-type]
             for i, (situation, move) in enumerate(waiting)]
    return len(waiting) / (time.process_time() - start), found


# -- the win flag ---------------------------------------------------------------------------------------
def basic_results(rules: HouseRules, rounds: int, seed: int) -> list[float]:
    """A `basic` box's result per ante in `rounds` rounds the engine played."""
    rng = random.Random(seed)
    found = []
    for _ in range(rounds):
        state = play_heads_up(rules, rng, 10, basic.next_action)
        settlement = state.boxes[1].settlement
        assert settlement is not None
        found.append(settlement.net / 10)
    return found


def win_flags(results: list[float], edge: float, sd: float, shifts: int, rounds: int, seed: int,
              advantage: float = 0.0) -> tuple[int, list[int]]:
    """Shifts of `rounds` rounds drawn from `results` shifted to the player's expectation (-edge per ante) plus
    `advantage`: how many were flagged, and after how many rounds each was."""
    rng = random.Random(seed)
    shift = -edge - statistics.fmean(results) + advantage
    ante = 10
    flagged_after: list[int] = []
    for s in range(shifts):
        visit = Visit("P", "T", 0, 0)
        for r in range(rounds):
            net = round((rng.choice(results) + shift) * ante)
            visit.add_round(f"{s}:{r}", net, edge * ante, (ante * sd) ** 2)
            if visit.won_beyond is not None:
                flagged_after.append(visit.won_beyond.rounds)
                break
    return len(flagged_after), flagged_after


# -- the decision flag ----------------------------------------------------------------------------------
def decision_flags(costs: list[tuple[float, float]], deviate: float, decisions: int, shifts: int, seed: int,
                   centre: bool) -> int:
    """Shifts of `decisions` decisions, each a deviation with probability `deviate` whose cost is drawn from
    `costs` (shifted to mean 0 when `centre`) plus a valuation error of its standard error: how many flagged."""
    rng = random.Random(seed)
    shift = -statistics.fmean(c for c, _ in costs) if centre else 0.0
    flagged = 0
    for _ in range(shifts):
        tally = DecisionTally()
        for _ in range(decisions):
            if rng.random() < deviate:
                cost, se = rng.choice(costs)
                tally = tally.then(cost + shift + rng.gauss(0.0, se), se)
            else:
                tally = tally.then(0.0, 0.0)
            if tally.beats_basic:
                flagged += 1
                break
    return flagged


def rate_words(flagged: int, shifts: int) -> str:
    rate = flagged / shifts
    se = math.sqrt(max(rate * (1 - rate), 1 / shifts) / shifts)
    return f"{flagged} of {shifts:,} shifts ({100 * rate:.2f}% ± {100 * se:.2f}%)"


def too_many(flagged: int, shifts: int) -> bool:
    """Above the stated rate by more than three standard errors of the measurement."""
    return flagged / shifts > ALPHA + 3 * math.sqrt(ALPHA * (1 - ALPHA) / shifts)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true", help="fewer shifts, decisions and rounds (about a minute)")
    parser.add_argument("--shifts", type=int, default=10_000)
    parser.add_argument("--rounds", type=int, default=500, help="rounds in a shift")
    parser.add_argument("--part", choices=("all", "valuer", "flags"), default="all")
    args = parser.parse_args()
    shifts = 1_000 if args.quick else args.shifts
    table_rounds = 30 if args.quick else 100
    rules = load_preset("classic")
    bad = False
    made, waiting = table_decisions(rules, "simple", table_rounds, 5)
    per_box_round = made / (6 * table_rounds)
    share = len(waiting) / made
    print(f"a `simple` box makes {per_box_round:.2f} decisions a round, {100 * share:.0f}% of them not basic's "
          f"({len(waiting)} of {made} in {table_rounds} rounds of six boxes)")
    demand = TABLES * 6 / LIVE_SECONDS_A_ROUND * per_box_round * share
    print(f"{TABLES} live tables, a round every {LIVE_SECONDS_A_ROUND:.0f} s, six named `simple` boxes each: "
          f"{demand:.2f} decisions a second to value (the worst mix: every box named, every player `simple`); "
          f"half the boxes named, half of those `simple` and half `basic`: {demand / 4:.2f}")
    if args.part in ("all", "valuer"):
        sample = waiting[:40 if args.quick else 150]
        value_decision(rules, *sample[0])  # the first valuation pays for the hand tables' first look-ups
        before, old = valuer_rate(rules, sample, samples=200)
        after, new = valuer_rate(rules, sample)
        print(f"one valuer (a second of one core), {len(sample)} `simple` deviations: {before:.2f} decisions/s at "
              f"200 lines each (before), {after:.2f} at {SAMPLES} (now), {after / demand:.1f} times the worst "
              f"mix's need; mean cost {statistics.fmean(v.cost for v in old):.3f} then and "
              f"{statistics.fmean(v.cost for v in new):.3f} now, mean standard error "
              f"{statistics.fmean(v.se for v in old):.3f} then and {statistics.fmean(v.se for v in new):.3f} now")
    if args.part in ("all", "flags"):
        edge = next(e for e in measured_edges().values() if e.rules == "classic")
        pool = basic_results(rules, 5_000 if args.quick else 40_000, 11)
        sd = round_sd(edge)
        flagged, _ = win_flags(pool, edge.house_edge, sd, shifts, args.rounds, 1)
        print(f"win flag, `basic` players, {args.rounds}-round shifts looked at every round: "
              f"{rate_words(flagged, shifts)} flagged; stated at most {100 * ALPHA:.0f}%")
        bad |= too_many(flagged, shifts)
        for advantage in (0.5, 1.0):
            count = min(shifts, 300)
            found, after = win_flags(pool, edge.house_edge, sd, count, args.rounds, 2, advantage)
            median = statistics.median(after) if after else float("nan")
            print(f"win flag, a player {advantage} ante a round above expectation: {rate_words(found, count)} "
                  f"flagged, after a median {median:.0f} rounds")
        costs = [(v.cost, v.se) for v in (new if args.part == "all" else
                                           [value_decision(rules, s, m, seed=i)
                                            for i, (s, m) in enumerate(waiting[:40 if args.quick else 150])])]
        decisions = round(args.rounds * per_box_round)
        for name, deviate, centre in (("no better than basic", share, True), ("`simple`", share, False),
                                      ("`basic`", 0.0, False)):
            found = decision_flags(costs, deviate, decisions, shifts, 3, centre)
            print(f"decision flag, players {name}, {decisions} decisions a shift: {rate_words(found, shifts)} flagged; "
                  f"stated at most {100 * ALPHA:.0f}%")
            bad |= too_many(found, shifts)
        mean_cost = statistics.fmean(c for c, _ in costs)
        for gain in (0.05, 0.1):
            count, found = min(shifts, 300), 0
            rng = random.Random(4)
            for _ in range(count):
                tally = DecisionTally()
                for _ in range(decisions):
                    if rng.random() < share:
                        cost, se = rng.choice(costs)
                        tally = tally.then(cost - mean_cost - gain / share + rng.gauss(0.0, se), se)
                    else:
                        tally = tally.then(0.0, 0.0)
                found += tally.beats_basic
            print(f"decision flag, a player {gain} ante a decision better than basic: {rate_words(found, count)} "
                  f"flagged within the shift")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
