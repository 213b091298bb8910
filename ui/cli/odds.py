"""`rptable odds`: exhaustive counts of every best-hand category and paid multiplier over all hands."""

from __future__ import annotations

import argparse
import json

from ui.cli.help_examples import add_examples


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--cards", type=int, choices=(5, 6), default=5, help="hand size (default 5)")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    add_examples(parser, "rptable odds", "rptable odds --json")


def run(args: argparse.Namespace) -> int:
    from controller.analysis.odds import hand_odds  # numpy: loaded only for this command

    odds = hand_odds(args.cards)
    if args.json:
        print(
            json.dumps(
                {
                    "cards": odds.cards,
                    "hands": odds.hands,
                    "categories": {c.name: n for c, n in odds.categories.items()},
                    "multipliers": {str(m): n for m, n in odds.multipliers.items()},
                }
            )
        )
        return 0
    width = len(f"{odds.hands:,}")
    print(f"All {odds.hands:,} hands of {odds.cards} cards")
    print("\nBest hand            hands" + " " * (width - 5) + "  probability")
    for category in reversed(list(odds.categories)):
        n = odds.categories[category]
        print(f"{category.name:<18} {n:>{width},}  {n / odds.hands:.8f}")
    print("\nPaid (to 1)          hands" + " " * (width - 5) + "  probability")
    for multiplier, n in sorted(odds.multipliers.items(), reverse=True):
        print(f"{multiplier:>4}               {n:>{width},}  {n / odds.hands:.8f}")
    return 0
