"""`rptable hand`: the best hand, the combinations paid and the multiplier, for one hand or a batch."""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from controller.core.hands import best_five
from controller.core.payouts import analyse_payout
from drivers.cards import Card, CardError, format_cards, parse_cards, split_card_text
from ui.cli.help_examples import add_examples
from ui.cli.said import refused


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("cards", nargs="*", metavar="CARD", help="5 or 6 cards, e.g. AS KD 10h 5c 5d")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument(
        "--batch", action="store_true", help="read one hand per line on stdin, write one JSON object per line"
    )
    add_examples(parser,
                 "rptable hand AS KD 10h 5c 5d",
                 "rptable hand --json AS AD KS KD 7c 2h",
                 "printf 'AS KD 10h 5c 5d\\n2h 3h 4h 5h 6h\\n' | rptable hand --batch")


def describe_hand(cards: tuple[Card, ...]) -> dict[str, Any]:
    """The contract's JSON object for one hand."""
    if len(cards) not in (5, 6):
        raise CardError(f"a hand has 5 or 6 cards, this one has {len(cards)}")
    value, five = best_five(cards)
    payout = analyse_payout(cards)
    return {
        "cards": format_cards(cards),
        "best": value.category.name,
        "best_cards": format_cards(five),
        "paid": [c.name for c in payout.paid],
        "multiplier": payout.multiplier,
    }


def run(args: argparse.Namespace) -> int:
    if args.batch:
        if args.cards:
            print("rptable hand: --batch reads hands from stdin; give no cards on the command line",
                  file=sys.stderr)
            return 2
        return _run_batch()
    texts = [t for arg in args.cards for t in split_card_text(arg)]
    try:
        result = describe_hand(parse_cards(texts))
    except CardError as err:
        return refused("hand", err)
    if args.json:
        print(json.dumps(result))
    else:
        paid = " + ".join(_title(c) for c in result["paid"]) or "nothing"
        print(f"{' '.join(result['cards'])}: {_title(result['best'])} ({' '.join(result['best_cards'])})")
        print(f"paid: {paid}, {result['multiplier']} to 1")
    return 0


def _run_batch() -> int:
    failed = False
    out = sys.stdout
    for number, line in enumerate(sys.stdin, start=1):
        if not line.strip():
            continue
        try:
            result = describe_hand(parse_cards(split_card_text(line)))
        except CardError as err:
            failed = True
            result = {"line": number, "error": str(err)}
        out.write(json.dumps(result) + "\n")
    out.flush()
    return 1 if failed else 0


def _title(category_name: str) -> str:
    return category_name.replace("_", " ").lower().capitalize().replace("Ace king", "Ace-king")
