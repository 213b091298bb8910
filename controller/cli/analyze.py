"""`rptable analyze`: house edge, element of risk and outcome frequencies of a preset under a strategy."""

from __future__ import annotations

import argparse
import json
import sys

from controller.cli.bounds import whole

# Rounds one run may ask for: its jobs are listed up front, a few hundred bytes each per batch of rounds.
MAX_ROUNDS = 10**10  # vectorised: about half an hour on two cores
MAX_ENGINE_ROUNDS = 10**8  # through the engine (simple, basic): days


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--rules", required=True, metavar="NAME|FILE", help="a preset name or a rules file")
    parser.add_argument("--strategy", required=True,
                        help="always-bet, pair-or-better (bet a pair or better, else fold), wizard-thumb "
                             "(Wizard of Odds' three rules of thumb for ace-king in Caribbean Stud): vectorised; "
                             "simple (controller/players/simple.py: draws, insures, buys the dealer a game), "
                             "basic (each "
                             "preset's table of plays chosen by measured expected value, docs/basic-strategy.md): "
                             "through the rules engine, slower")
    parser.add_argument("--rounds", type=whole(1, MAX_ROUNDS),
                        help="rounds to simulate (default 10,000,000; 200,000 for simple and basic)")
    parser.add_argument("--seed", type=whole(0, 2**63 - 1), default=1)
    parser.add_argument("--json", action="store_true")


def run(args: argparse.Namespace) -> int:
    from controller.analysis.montecarlo import house_edge, progress_bar
    from controller.core.rules import RulesError
    from controller.table.rule_files import load_rules

    try:
        rules = load_rules(args.rules)
        engine = args.strategy in ("simple", "basic")
        rounds = args.rounds if args.rounds is not None else 200_000 if engine else 10_000_000
        if engine and rounds > MAX_ENGINE_ROUNDS:
            raise ValueError(f"--rounds {rounds:,} is too many for {args.strategy}, which plays each round through "
                             f"the rules engine: give at most {MAX_ENGINE_ROUNDS:,}")
        report = house_edge(rules, args.strategy, rounds, args.seed, progress=progress_bar)
    except (RulesError, ValueError) as err:
        print(f"rptable analyze: {err}", file=sys.stderr)
        return 2
    if args.json:
        print(json.dumps(report.to_dict()))
        return 0
    lo, hi = report.house_edge_ci95
    print(f"{report.rules} under {report.strategy}: {report.rounds:,} rounds "
          f"({report.rounds_per_second:,.0f} rounds/s)")
    print(f"house edge per ante      {100 * report.house_edge:7.3f}%   95% CI [{100 * lo:.3f}%, {100 * hi:.3f}%]")
    print(f"element of risk          {100 * report.element_of_risk:7.3f}%")
    print(f"average wager            {report.average_wager:7.3f} antes (bets placed {100 * report.raise_rate:.2f}%)")
    for name, n in report.outcomes.items():
        print(f"  {name:<12} {n / report.rounds:9.5f}")
    return 0
