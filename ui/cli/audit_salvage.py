"""`rptable audit salvage`: what of a damaged journal is intact, and a new journal of it that records the damage
(controller.opening.salvage); the damaged file is only read."""

from __future__ import annotations

import argparse
import json
from typing import Any

from ui.cli.help_examples import add_examples
from ui.cli.said import refused


def add_salvage(add_action: Any) -> None:
    """The `salvage` action, added with the audit's own action maker (its --journal and --table)."""
    parser: argparse.ArgumentParser = add_action(
        "salvage", "keep what is intact of a damaged journal: a new journal that records the damage")
    parser.add_argument("--out", metavar="PATH", help="the new journal (default: beside the damaged one, "
                        "NAME.salvaged-DATE.journal)")
    parser.add_argument("--replace", action="store_true",
                        help="move the damaged files, unchanged, into damaged-DATE/ beside them, and give the new "
                             "journal their name (the table then starts on it as before)")
    parser.add_argument("--json", action="store_true", help="print the outcome as one JSON object")
    add_examples(parser, "rptable simulate --rules four-seat --rounds 20 --journal T1.journal",
                 "rptable audit salvage --journal T1.journal",
                 "rptable audit salvage --journal T1.journal --json",
                 "rptable audit salvage --journal damaged.journal --replace  # illustrative")


def run_salvage(args: argparse.Namespace) -> int:
    from controller.opening.salvage import salvage
    from controller.table.journal import JournalError
    from controller.table.security.signing import SigningKeyError, table_key

    try:
        report = salvage(args.journal, args.table, args.out, replace=args.replace, key=table_key(args.table))
    except (JournalError, SigningKeyError) as err:
        return refused("audit salvage", err)
    except OSError as err:
        return refused("audit salvage", f"cannot write {err.filename or ''}: {err.strerror or err}")
    if args.json:
        print(json.dumps(report.to_dict()))
        return 0 if report.salvaged or report.verify.ok else 1
    verified = report.verify
    if report.salvaged is None:
        print(f"{args.journal} verifies ({verified.events:,} events in {verified.rounds:,} rounds): there is nothing "
              "to salvage.")
        return 0
    where = f" (first bad event {verified.first_bad_event})" if verified.first_bad_event is not None else ""
    print(f"The journal {args.journal} is damaged: {verified.reason}{where}.")
    print(f"Intact: events 1-{report.kept:,}, copied unchanged into {report.salvaged}.")
    print(f"Not carried over: {report.left_out:,} row(s) of the damaged file after them.")
    print(f"{report.salvaged} records the damage as fault {report.fault_id} (JOURNAL): play stays stopped until a "
          "pit boss resolves it.")
    if report.moved_to:
        print(f"The damaged files were moved, unchanged, to {report.moved_to}; keep them for the investigation "
              f"(SHA-256 of the journal: {report.sha256}).")
    else:
        print(f"The damaged file was not changed (SHA-256 {report.sha256}); keep it for the investigation. Start "
              f"the table on the new journal: --journal {report.salvaged}")
    return 0
