"""`rptable simulate`: QA — the full controller with its journal against the simulated shoe."""

from __future__ import annotations

import argparse
import json
import sys

from controller.cli.bounds import whole

MAX_ROUNDS = 10**9  # about three weeks of simulated play at this machine's pace
MAX_SEED = 2**63 - 1


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--rules", required=True, metavar="NAME|FILE", help="a preset name or a rules file")
    parser.add_argument("--rounds", type=whole(1, MAX_ROUNDS), required=True,
                        help="rounds the session should reach")
    parser.add_argument("--seed", type=whole(0, MAX_SEED), default=1,
                        help="shuffles: the same seed deals the same cards")
    parser.add_argument("--boxes", type=whole(1, 7), default=6, help="boxes in play (default 6, at most the table's)")
    parser.add_argument("--ante", type=whole(1, 10**9), default=10, help="every box's ante (default 10)")
    parser.add_argument("--journal", metavar="PATH",
                        help="keep the journal here; a journal holding a session is resumed (default: temporary)")
    parser.add_argument("--faults", metavar="SPEC", help="faults for the simulated shoe to inject (see shoe-sim)")
    parser.add_argument("--commit", choices=("round", "command"), default="round",
                        help="commit the journal once every 10 rounds (default, fast) or per command (as a live "
                             "table)")
    parser.add_argument("--progress", action="store_true", help="print each committed journal seq (for tests)")
    parser.add_argument("--json", action="store_true", help="print the summary as one JSON object")
    parser.epilog = ("Players follow the `simple` strategy (controller/players/simple.py): bet a pair or better, draw "
                     "to ace-king and four-flushes, fold the rest; buy the dealer a game with trips or better.")


def run(args: argparse.Namespace) -> int:
    from controller.core.rules import RulesError
    from controller.engine import IllegalCommand
    from controller.table.controller import TableLocked
    from controller.table.journal import JournalError
    from controller.table.rule_files import load_rules
    from controller.table.simulate import simulate
    from drivers.base import SourceError

    try:
        rules = load_rules(args.rules)
        on_entry = (lambda e: print(f"committed {e.seq}", flush=True)) if args.progress else None
        report = simulate(rules, args.rounds, args.seed, boxes=args.boxes, ante=args.ante,
                          journal_path=args.journal, faults=args.faults, commit_per=args.commit,
                          on_entry=on_entry)
    except (RulesError, JournalError, SourceError, TableLocked, IllegalCommand, ValueError) as err:
        print(f"rptable simulate: {err}", file=sys.stderr)
        return 1
    if args.json:
        print(json.dumps(report.to_dict()))
        return 0
    resumed = f" (resumed after round {report.resumed_from_round})" if report.resumed_from_round else ""
    print(f"{report.rounds} rounds{resumed}, {report.boxes_played} boxes played, {report.wagered:,} wagered")
    print(f"house net {report.house_net:+,}, hold {report.hold_pct:.2f}%")
    print(f"{report.faults} faults, {report.events:,} journal events, {report.seconds:.2f} s "
          f"({report.rounds / max(report.seconds, 1e-9):,.0f} rounds/s)")
    if report.journal:
        print(f"journal: {report.journal}  (rptable audit verify --journal {report.journal})")
    return 0
