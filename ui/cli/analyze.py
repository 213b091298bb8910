"""`rptable analyze`: house edge, element of risk and outcome frequencies of house rules under a strategy.

`basic` on a casino's own file first derives the file's basic strategy when no table fits (kept in the user's data
folder), then measures its edge, exact where it can be and sampled where it cannot (controller.analysis.basic_edge);
both show a progress bar with the time left, and both resume after Ctrl-C or a kill.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from typing import TYPE_CHECKING, Any

from ui.cli.bounds import number, whole
from ui.cli.help_examples import add_examples
from ui.cli.said import refused

STRATEGY_HELP = (
    "basic (each class of hands played as measured best, docs/basic-strategy.md; derived for a rules file when no "
    "preset's table fits): exact over the first five cards and the up card, draws sampled; "
    "optimal (rules whose one decision is bet or fold, e.g. caribbean-stud): exact; "
    "always-bet, pair-or-better, wizard-thumb (Wizard of Odds' three rules of thumb for ace-king in Caribbean "
    "Stud): vectorised Monte Carlo; simple (controller/players/simple.py): Monte Carlo through the rules engine")

if TYPE_CHECKING:
    from controller.core.rules import HouseRules

# Rounds one run may ask for: its jobs are listed up front, a few hundred bytes each per batch of rounds.
MAX_ROUNDS = 10**10  # vectorised: about half an hour on two cores
MAX_ENGINE_ROUNDS = 10**8  # through the engine (simple): days
MIN_PRECISION = 0.0005  # basic: a 95% half-width of 0.05% of the ante is some hours of sampling on two cores
MAX_DERIVE_DEALS = 1_000_000  # deals per hand class in a derivation's first wave: the later waves take 15 times it
MAX_WORKERS = 256


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--rules", required=True, metavar="NAME|FILE", help="a preset name or a rules file")
    parser.add_argument("--strategy", required=True, help=STRATEGY_HELP)
    parser.add_argument("--rounds", type=whole(1, MAX_ROUNDS),
                        help="Monte Carlo rounds (default 10,000,000; 200,000 for simple); for basic, the most "
                             "deals to sample (default: as many as --precision needs)")
    parser.add_argument("--precision", type=number(MIN_PRECISION, 1.0, "a 95% half-width in antes"), default=0.002,
                        metavar="ANTES",
                        help="basic: the 95%% half-width to reach, in antes (default 0.002: 0.2%% of the ante)")
    parser.add_argument("--derive-deals", type=whole(1, MAX_DERIVE_DEALS), default=2_000, metavar="N",
                        help="basic, deriving a table: deals per hand class in the first wave; a class still close "
                             "gets N, 2N, 4N, 8N more (default 2,000)")
    parser.add_argument("--seed", type=whole(0, 2**63 - 1), default=1)
    parser.add_argument("--workers", type=whole(1, MAX_WORKERS), default=min(os.cpu_count() or 1, MAX_WORKERS),
                        help="processes (default: every core)")
    parser.add_argument("--meter", type=whole(0, 10**12), action="append", default=[], metavar="CHIPS",
                        help="rules with a jackpot bet: also give its exact return with the meter at CHIPS (repeat "
                             "for more; the reseed is always given)")
    parser.add_argument("--json", action="store_true")
    add_examples(parser,
                 "rptable analyze --rules four-seat --strategy simple --rounds 2000",
                 "rptable analyze --rules four-seat --strategy pair-or-better --rounds 100000 --json")


def run(args: argparse.Namespace) -> int:
    from controller.core.rules import RulesError
    from controller.table.rule_files import load_rules

    try:
        rules = load_rules(args.rules)
        figures, lines = _exact(args, rules) if args.strategy in ("basic", "optimal") else _monte_carlo(args, rules)
    except (RulesError, ValueError) as err:
        return refused("analyze", err, 2)
    except KeyboardInterrupt:
        print("\nrptable analyze: stopped. The work done so far is kept; run the same command again to go on from "
              "there.", file=sys.stderr)
        return 130
    jackpot = _jackpot_lines(rules, args.meter)
    if args.json:
        print(json.dumps({**figures, **({"jackpot": jackpot[0]} if jackpot else {})}))
        return 0
    print("\n".join([*lines, *(jackpot[1] if jackpot else ())]))
    return 0


def _exact(args: argparse.Namespace, rules: Any) -> tuple[dict[str, Any], list[str]]:
    """basic or optimal: its figures (the `--json` shape) and its lines for a person."""
    from controller.analysis.basic_edge import basic_edge, optimal_no_draw_edge
    from controller.analysis.casino_files import checkpoint_file, load_derived_tables, save_edge, save_table
    from controller.analysis.derive_basic import derive
    from controller.analysis.house_edge_file import SPREAD_ROUNDS, round_spread
    from controller.analysis.long_run import Progress
    from controller.measured.house_edges import shipped_edge
    from controller.players.basic import find_table, table_for

    n = args.derive_deals
    waves = (n, n, 2 * n, 4 * n, 8 * n)
    if args.strategy == "optimal":
        estimate = optimal_no_draw_edge(rules)
    else:
        load_derived_tables()
        if find_table(rules) is None:
            print(f"No basic-strategy table fits the rules '{rules.name}': deriving one for them (it is kept, and a "
                  "stopped derivation resumes).", file=sys.stderr)
            derivation = derive(rules, args.seed, waves=waves, workers=args.workers,
                                checkpoint=checkpoint_file("derive", rules),
                                progress=Progress("deriving the basic strategy", "deal-plays"))
            print(f"Basic strategy derived: {save_table(derivation)}", file=sys.stderr)
        estimate = basic_edge(rules, table_for(rules), half_width=args.precision, seed=args.seed,
                              workers=args.workers, checkpoint=checkpoint_file("edge", rules),
                              max_samples=args.rounds, progress=Progress("measuring the house edge", "deals"))
        if shipped_edge(rules) is None:
            spread = round_spread(rules, args.seed, min(SPREAD_ROUNDS, 10 * (args.rounds or SPREAD_ROUNDS)),
                                  args.workers)
            print(f"House edge saved: {save_edge(rules, estimate, args.seed, round_sd=spread)}", file=sys.stderr)
    lo, hi = estimate.house_edge_ci95
    how = "exact" if lo == hi else f"{estimate.samples:,} deals sampled, {estimate.seconds:,.0f} s"
    lines = [f"{estimate.rules} under {estimate.strategy} ({how})",
             f"house edge per ante      {100 * estimate.house_edge:7.3f}%   95% CI [{100 * lo:.3f}%, {100 * hi:.3f}%]",
             f"element of risk          {100 * estimate.element_of_risk:7.3f}%",
             f"average wager            {estimate.average_wager:7.3f} antes"]
    if estimate.house_edge < 0:
        lines.append("A negative house edge is the player's: under these rules a player who follows the strategy "
                     "beats the house (`rptable rules check FILE` says where).")
    return estimate.to_dict(), lines


def _monte_carlo(args: argparse.Namespace, rules: Any) -> tuple[dict[str, Any], list[str]]:
    """A strategy played round by round: its figures (the `--json` shape) and its lines for a person."""
    from controller.analysis.montecarlo import house_edge, progress_bar

    rounds = args.rounds if args.rounds is not None else 200_000 if args.strategy == "simple" else 10_000_000
    if args.strategy == "simple" and rounds > MAX_ENGINE_ROUNDS:
        raise ValueError(f"--rounds {rounds:,} is too many for simple, which plays each round through the rules "
                         f"engine: give at most {MAX_ENGINE_ROUNDS:,}")
    report = house_edge(rules, args.strategy, rounds, args.seed, progress=progress_bar)
    lo, hi = report.house_edge_ci95
    lines = [f"{report.rules} under {report.strategy}: {report.rounds:,} rounds "
             f"({report.rounds_per_second:,.0f} rounds/s)",
             f"house edge per ante      {100 * report.house_edge:7.3f}%   95% CI [{100 * lo:.3f}%, {100 * hi:.3f}%]",
             f"element of risk          {100 * report.element_of_risk:7.3f}%",
             f"average wager            {report.average_wager:7.3f} antes (bets placed {100 * report.raise_rate:.2f}%)"]
    lines += [f"  {name:<12} {n / report.rounds:9.5f}" for name, n in report.outcomes.items()]
    return report.to_dict(), lines
def _jackpot_lines(rules: HouseRules, meters: list[int]) -> tuple[dict[str, object], list[str]] | None:
    """The jackpot bet's exact return (JSON, and lines for a person), when the rules have one."""
    from controller.analysis.jackpot import jackpot_return

    if rules.jackpot is None:
        return None
    exact = jackpot_return(rules.jackpot)
    shown = tuple(sorted({rules.jackpot.reseed, *meters}))
    lines = [f"jackpot bet (stake {exact.stake}), exact over all {exact.hands:,} first five cards: return "
             f"{100 * float(exact.fixed_return):.3f}% + {100 * float(exact.per_meter_chip):.6f}% per chip on the "
             "meter"]
    lines += [f"  meter {meter:>12,}: return {100 * exact.at(meter):7.3f}%" for meter in shown]
    even = exact.break_even_meter
    lines.append(f"  break-even meter {even:,.0f} chips" if even is not None else
                 "  no award is a share of the meter: the return does not depend on it")
    return exact.to_dict(shown), lines
